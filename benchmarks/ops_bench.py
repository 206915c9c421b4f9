"""Throughput of caliber-checked operations with their Computation record (issues 8, 14).

Run: ``python -m benchmarks.ops_bench`` (or ``python -m benchmarks --only ops``).
Each fincalc row is measured beside a reference in the same run: the same
arithmetic as raw ``Decimal`` work in a ``decimal.localcontext`` (no caliber
checks, no record). Outputs are checked before anything is timed. The budget:
``yoy``, ``add`` of four facts and every operation issue 14 added (``average``,
``formula``, ``combine``, ``ratio(kind=...)``, ``scale``, ``change_over``,
``base_from_growth``), each with its ``Computation``, at ≥ 50,000 per second.
"""

from __future__ import annotations

import decimal
import importlib
from collections.abc import Callable
from decimal import Decimal

from benchmarks._harness import (
    TIMING_ALIGN,
    TIMING_HEADER,
    Budget,
    Result,
    Table,
    fail,
    measure,
    run_single,
    timing_cells,
)
from fincalc import (
    Computation,
    Fact,
    Term,
    add,
    average,
    base_from_growth,
    change_over,
    combine,
    formula,
    ratio,
    render,
    scale,
    yoy,
)

AREA = "ops"
BUDGET_PER_SECOND = 50_000
_CONTEXT = decimal.Context(prec=50, rounding=decimal.ROUND_HALF_UP)
_PERCENT_QUANTUM = Decimal("0.01")


def _facts() -> tuple[Fact, Fact, list[Fact], list[Fact]]:
    now = Fact.build(
        "8.7E+8", metric="营业收入", entity="华东区", period="2025Q3", evidence_id="2025Q3报告"
    )
    before = Fact.build(
        "874320000", metric="营业收入", entity="华东区", period="2024Q3", evidence_id="2024Q3报告"
    )
    regions = [
        Fact.build(v, metric="营业收入", entity=e, period="2025Q3", evidence_id=f"seg-{e}")
        for v, e in [("8.7E+8", "华东"), ("6.12E+8", "华南"), ("4.4E+8", "华北"), ("3E+8", "西部")]
    ]
    quarters = [
        Fact.build(v, metric="营业收入", entity="公司", period=f"2025Q{i}", evidence_id=f"q{i}")
        for i, v in enumerate(["8.1E+8", "8.9E+8", "9E+8", "9.6E+8"], start=1)
    ]
    return now, before, regions, quarters


def _acme(value: str, metric: str, period: str = "FY2024") -> Fact:
    return Fact.build(
        value, metric=metric, entity="Acme", period=period, dimension="USD", evidence_id="10-K"
    )


def _analyst_facts() -> dict[str, Fact]:
    """The figures of the analyst rows: a 10-K's cash flow, balances and a 3-year span."""
    return {
        "ocf": _acme("2.7446E+9", "Operating cash flow"),
        "capex": _acme("-4.608E+8", "Capex"),
        "da": _acme("6.118E+8", "D&A"),
        "oi": _acme("2.8329E+9", "Operating income"),
        "revenue": _acme("1.248E+10", "Net sales"),
        "revenue_2021": _acme("1.0E+10", "Net sales", "FY2021"),
        "ar_open": _acme("1.8748E+9", "Accounts receivable", "2023-12-31"),
        "ar_close": _acme("2.0962E+9", "Accounts receivable", "2024-12-31"),
        "assets": _acme("1.42338E+10", "Total assets", "2024-12-31"),
        "growth": Fact.build(
            "0.052",
            metric="Net sales growth",
            entity="Acme",
            period="FY2024",
            dimension="RATIO",
            evidence_id="10-K",
        ),
    }


def _analyst_calls(f: dict[str, Fact]) -> dict[str, Callable[[], Computation]]:
    avg_ar = average(f["ar_open"], f["ar_close"]).as_fact()
    fcf = {"operating_cash_flow": f["ocf"], "capital_expenditure": f["capex"]}
    dso = {"accounts_receivable": avg_ar, "revenue": f["revenue"]}
    ebitda = (Term(f["oi"]), Term(f["da"]), Term(f["capex"], "-", "magnitude"))
    return {
        "average of 2 balances + Computation": lambda: average(f["ar_open"], f["ar_close"]),
        "formula FCF (bracketed capex) + Computation": lambda: formula("free_cash_flow", fcf),
        "formula DSO (average balance, days) + Computation": lambda: formula("DSO", dso),
        "combine of 3 signed terms + Computation": lambda: combine(*ebitda, metric="x"),
        "ratio kind=turnover + Computation": lambda: ratio(
            f["revenue"], f["assets"], metric="asset turnover", kind="turnover"
        ),
        "scale × 365 → DAYS + Computation": lambda: scale(
            f["growth"], 365, meaning="days", dimension="DAYS"
        ),
        "change_over 3 years + Computation": lambda: change_over(f["revenue"], f["revenue_2021"]),
        "base_from_growth + Computation": lambda: base_from_growth(f["revenue"], f["growth"]),
    }


def _check_analyst_rows() -> None:
    f = _analyst_facts()
    calls = _analyst_calls(f)
    expected = {
        "average of 2 balances + Computation": Decimal("1.9855E+9"),
        "formula FCF (bracketed capex) + Computation": Decimal("2.2838E+9"),
        "combine of 3 signed terms + Computation": Decimal("2.9839E+9"),
        "change_over 3 years + Computation": Decimal("0.248"),
    }
    for name, call in calls.items():
        c = call()
        if name in expected and c.result != expected[name]:
            fail(f"{name} is wrong: {c.result} (expected {expected[name]})")
        if Computation.from_json(c.to_json()) != c or c.replay() != c:
            fail(f"{name} does not round-trip or replay")
    dso = calls["formula DSO (average balance, days) + Computation"]()
    if dso.display != Decimal("58.07") or dso.target.dimension != "DAYS":
        fail(f"DSO is wrong: {dso.display} {dso.target.dimension}")
    base = calls["base_from_growth + Computation"]()
    with decimal.localcontext(_CONTEXT):
        if base.result != Decimal("1.248E+10") / Decimal("1.052"):
            fail(f"base_from_growth is wrong: {base.result}")
    turnover = calls["ratio kind=turnover + Computation"]()
    if turnover.display != Decimal("0.88") or turnover.target.dimension != "MULTIPLE":
        fail(f"asset turnover is wrong: {turnover.display}")


def _raw_yoy(current: Decimal, prior: Decimal) -> Decimal:
    with decimal.localcontext(_CONTEXT):
        return ((current - prior) / prior * 100).quantize(_PERCENT_QUANTUM)


def _raw_sum(values: list[Decimal]) -> Decimal:
    with decimal.localcontext(_CONTEXT):
        total = Decimal(0)
        for value in values:
            total += value
        return total.quantize(_PERCENT_QUANTUM)


def check() -> None:
    """Refuse to time wrong answers."""
    now, before, regions, quarters = _facts()
    growth = yoy(now, before)
    expected = _raw_yoy(now.value, before.value)
    if growth.display != Decimal("-0.49") or expected != growth.display:
        fail(f"yoy is wrong: {growth.display} vs {expected}")
    total = add(*regions, entity="四区合计")
    if total.result != Decimal("2222000000") or total.display != _raw_sum(
        [f.value for f in regions]
    ):
        fail(f"add of 4 entities is wrong: {total.result}")
    year = add(*quarters)
    if year.result != Decimal("3560000000") or year.target.period.describe() != "FY2025":
        fail(f"add of 4 quarters is wrong: {year.result} {year.target}")
    for record in (growth, total, year):
        if Computation.from_json(record.to_json()) != record or record.replay() != record:
            fail(f"{record.operation} does not round-trip or replay")
    if add(*reversed(regions), entity="四区合计").fingerprint != total.fingerprint:
        fail("add fingerprint depends on input order")
    if "同比下降0.49%" not in render(growth):
        fail(f"render is wrong: {render(growth)!r}")
    _check_analyst_rows()


def run(quick: bool = False) -> Result:
    """Check the answers, then time each operation beside its raw-Decimal reference."""
    check()
    now, before, regions, quarters = _facts()
    values = [f.value for f in regions]
    growth = yoy(now, before)
    text = growth.to_json()
    fingerprint = Computation.fingerprint.func  # uncached: the full hash every call
    fields = ("operation", "inputs", "target", "rounding", "result", "display")
    parts = {name: getattr(growth, name) for name in fields}
    repeat, target = (3, 0.005) if quick else (7, 0.05)

    def median(fn: Callable[[], object]) -> float:
        return measure(fn, repeat=repeat, target=target).median

    raw_yoy = ("raw Decimal yoy", median(lambda: _raw_yoy(now.value, before.value)))
    raw_sum = ("raw Decimal sum of 4", median(lambda: _raw_sum(values)))
    rows: list[tuple[str, float, tuple[str, float]]] = [
        ("yoy + Computation", median(lambda: yoy(now, before)), raw_yoy),
        (
            "add of 4 entities + Computation",
            median(lambda: add(*regions, entity="四区合计")),
            raw_sum,
        ),
        ("add of 4 quarters (→ FY) + Computation", median(lambda: add(*quarters)), raw_sum),
    ]
    rows += [
        (name, median(call), raw_yoy) for name, call in _analyst_calls(_analyst_facts()).items()
    ]
    budgeted = len(rows)
    shifted = getattr(importlib.import_module("fincalc._computing.checks"), "shifted", None)
    if shifted is not None and hasattr(shifted, "cache_clear"):
        # What the memoised Period.shift buys: the same yoy with its cache emptied each call.
        def uncached_yoy() -> None:
            shifted.cache_clear()
            yoy(now, before)

        rows.append(
            ("yoy + Computation, period-shift cache cleared", median(uncached_yoy), rows[0][:2])
        )
    if not quick:
        rows += [
            ("Computation.to_json (yoy)", median(growth.to_json), raw_yoy),
            ("Computation.from_json (yoy)", median(lambda: Computation.from_json(text)), raw_yoy),
            ("Computation.replay (yoy)", median(growth.replay), raw_yoy),
            (
                "Computation.fingerprint (yoy, uncached)",
                median(lambda: fingerprint(growth)),
                raw_yoy,
            ),
            (
                "build Computation (validated constructor)",
                median(lambda: Computation(**parts)),
                (
                    "Computation.model_construct",
                    median(lambda: Computation.model_construct(**parts)),
                ),
            ),
            ("render zh_CN (yoy)", median(lambda: render(growth)), raw_yoy),
        ]
    table = Table(
        f"Operations (median of {repeat} repeats)",
        ["operation", *TIMING_HEADER],
        "l" + TIMING_ALIGN,
        [[name, *timing_cells(ours, *reference)] for name, ours, reference in rows],
    )
    budgets = [
        Budget(
            "operations",
            f"{name} ≥ {BUDGET_PER_SECOND:,}/s",
            f"{1 / ours:,.0f}/s",
            1 / ours >= BUDGET_PER_SECOND,
        )
        for name, ours, _ in rows[:budgeted]
    ]
    return Result(AREA, [table], budgets)


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

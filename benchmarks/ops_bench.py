"""Throughput of caliber-checked operations with their Computation record (issue 8).

Run: ``python -m benchmarks.ops_bench``. Each fincalc row is measured beside
a reference in the same run: the same arithmetic as raw ``Decimal`` work in a
``decimal.localcontext`` (no caliber checks, no record). Outputs are checked
before anything is timed. The budget: ``yoy`` and ``add`` of four facts, each
with its ``Computation``, at ≥ 50,000 per second.
"""

from __future__ import annotations

import decimal
import statistics
import timeit
from collections.abc import Callable
from decimal import Decimal

from fincalc import Computation, Fact, add, render, yoy

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


def _raw_yoy(current: Decimal, prior: Decimal) -> Decimal:
    with decimal.localcontext(_CONTEXT):
        return ((current - prior) / prior * 100).quantize(_PERCENT_QUANTUM)


def _raw_sum(values: list[Decimal]) -> Decimal:
    with decimal.localcontext(_CONTEXT):
        total = Decimal(0)
        for value in values:
            total += value
        return total.quantize(_PERCENT_QUANTUM)


def _median_us(fn: Callable[[], object], number: int) -> float:
    runs = timeit.repeat(fn, number=number, repeat=7)
    return statistics.median(runs) / number * 1e6


def check() -> None:
    """Refuse to time wrong answers."""
    now, before, regions, quarters = _facts()
    growth = yoy(now, before)
    expected = _raw_yoy(now.value, before.value)
    if growth.display != Decimal("-0.49") or expected != growth.display:
        raise SystemExit(f"yoy is wrong: {growth.display} vs {expected}")
    total = add(*regions, entity="四区合计")
    if total.result != Decimal("2222000000") or total.display != _raw_sum(
        [f.value for f in regions]
    ):
        raise SystemExit(f"add of 4 entities is wrong: {total.result}")
    year = add(*quarters)
    if year.result != Decimal("3560000000") or year.target.period.describe() != "FY2025":
        raise SystemExit(f"add of 4 quarters is wrong: {year.result} {year.target}")
    for record in (growth, total, year):
        if Computation.from_json(record.to_json()) != record or record.replay() != record:
            raise SystemExit(f"{record.operation} does not round-trip or replay")
    if add(*reversed(regions), entity="四区合计").fingerprint != total.fingerprint:
        raise SystemExit("add fingerprint depends on input order")
    if "-0.49%" not in render(growth):
        raise SystemExit(f"render is wrong: {render(growth)}")


def run() -> list[tuple[str, float, str, float]]:
    """Rows of (what, fincalc median µs, reference name, reference median µs)."""
    check()
    now, before, regions, quarters = _facts()
    values = [f.value for f in regions]
    growth = yoy(now, before)
    text = growth.to_json()
    fingerprint = Computation.fingerprint.func  # uncached: the full hash every call
    fields = ("operation", "inputs", "target", "rounding", "result", "display")
    parts = {name: getattr(growth, name) for name in fields}
    n = 20_000
    raw_yoy = _median_us(lambda: _raw_yoy(now.value, before.value), n)
    raw_sum = _median_us(lambda: _raw_sum(values), n)
    return [
        ("yoy + Computation", _median_us(lambda: yoy(now, before), n), "raw Decimal yoy", raw_yoy),
        (
            "add of 4 entities + Computation",
            _median_us(lambda: add(*regions, entity="四区合计"), n),
            "raw Decimal sum of 4",
            raw_sum,
        ),
        (
            "add of 4 quarters (→ FY) + Computation",
            _median_us(lambda: add(*quarters), n),
            "raw Decimal sum of 4",
            raw_sum,
        ),
        ("Computation.to_json (yoy)", _median_us(growth.to_json, n), "raw Decimal yoy", raw_yoy),
        (
            "Computation.from_json (yoy)",
            _median_us(lambda: Computation.from_json(text), n // 10),
            "raw Decimal yoy",
            raw_yoy,
        ),
        ("Computation.replay (yoy)", _median_us(growth.replay, n), "raw Decimal yoy", raw_yoy),
        (
            "Computation.fingerprint (yoy, uncached)",
            _median_us(lambda: fingerprint(growth), n),
            "raw Decimal yoy",
            raw_yoy,
        ),
        (
            "build Computation (validated constructor)",
            _median_us(lambda: Computation(**parts), n),
            "Computation.model_construct",
            _median_us(lambda: Computation.model_construct(**parts), n),
        ),
        (
            "render zh_CN (yoy)",
            _median_us(lambda: render(growth), n // 4),
            "raw Decimal yoy",
            raw_yoy,
        ),
    ]


def main() -> None:
    rows = run()
    print("| operation | median µs | per second | reference | reference µs | ratio |")
    print("|---|---:|---:|---|---:|---:|")
    for name, ours, ref_name, ref in rows:
        print(
            f"| {name} | {ours:.2f} | {1e6 / ours:,.0f} | {ref_name} | {ref:.2f} | "
            f"{ours / ref:.1f} |"
        )
    for name, ours, _, _ in rows[:3]:
        rate = 1e6 / ours
        verdict = "meets" if rate >= BUDGET_PER_SECOND else "MISSES"
        print(f"\n{name}: {rate:,.0f}/s {verdict} the budget of {BUDGET_PER_SECOND:,}/s", end="")
    print()


if __name__ == "__main__":
    main()

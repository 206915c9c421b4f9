"""Throughput of ``evaluate``: structured cases and free-text answers, and growth.

Run: ``python -m benchmarks.evaluate_bench`` (or ``python -m benchmarks --only
evaluate``; add ``--quick`` for a smoke run).

The corpus is generated with a fixed seed: bilingual gold cases (CNY, USD and
RATIO values, some with calibers and evidence ids) and predictions whose
expected reason code is known from the generator (exact, precision-rounded,
wrong scale, wrong sign, wrong caliber, refused, out of tolerance).  The
benchmark first evaluates the corpus and checks every case's reason, and that
the report of four shards combined equals the whole; only then does it time.

References, measured in the same run: for structured cases, a bare loop that
compares each predicted Decimal with gold (``abs(p - g) <= 0.01``) — the
floor with no precision rule, caliber, citation or report; for free text, the
same loop after one precompiled ``re`` search and one ``Decimal``
construction per answer, with no unit, scale or direction handling.
"""

from __future__ import annotations

import random
import statistics
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from benchmarks._harness import Budget, Result, Series, Table, fail, measure, ratio, run_single
from fincalc import (
    EvalReport,
    GoldCase,
    Prediction,
    evaluate,
    extract_quantities,
    load_gold,
    load_predictions,
)

AREA = "evaluate"
SEED = 20240601
BUDGET_STRUCTURED = 50_000  # cases per second (issue 8)
BUDGET_TEXT = 20_000  # answers of ~200 characters per second (issue 8)
BUDGET_TEXT_JUDGE = 15_000  # the same, judging the concluding figure, one process (issue 15)

_Q3 = {"metric": "营业收入", "entity": "海川新能源", "period": "2025Q3", "dimension": "CNY"}
_YTD = {**_Q3, "period": "2025年前三季度"}

_CN_PROSE = (
    "根据公司披露的定期报告，{entity}{period}经营情况稳健，管理层在业绩说明会上表示，"
    "主营业务保持增长，费用率较上年同期有所下降，现金流状况良好。"
)
_EN_PROSE = (
    "According to the filing, {entity} delivered steady results in {period}; management "
    "noted on the earnings call that the core business kept growing while costs fell. "
)


def _structured(rng: random.Random, n: int) -> tuple[list[GoldCase], list[Prediction], list[str]]:
    gold: list[dict[str, Any]] = []
    preds: list[dict[str, Any]] = []
    expected: list[str] = []
    for i in range(n):
        qid = f"s{i}"
        dimension = rng.choice(["CNY", "USD", "RATIO"])
        if dimension == "RATIO":
            value = Decimal(rng.randrange(1, 999_999)).scaleb(-6)
        else:
            value = Decimal(rng.randrange(10**6, 10**13)).scaleb(-2)
        has_caliber = dimension == "CNY" and rng.random() < 0.5
        gold.append(
            {
                "qid": qid,
                "value": str(value),
                "dimension": dimension,
                "category": rng.choice(["extraction", "unit_mixing", "single_vs_cumulative"]),
                "kind": rng.choice(["extraction", "derived"]),
                "caliber": _Q3 if has_caliber else None,
                "evidence_ids": [f"doc-{i}"],
            }
        )
        kind = rng.choice(["ok", "ok", "precision", "wrong_scale", "wrong_sign", "refused"])
        if has_caliber and rng.random() < 0.2:
            kind = "caliber_mismatch"
        pred: dict[str, Any] = {"qid": qid, "cited": [f"doc-{i}"]}
        if kind in ("ok", "caliber_mismatch"):
            pred["value"] = str(value)
        elif kind == "precision":
            kind = "ok"
            # Written to four significant digits, rounded half-up as a report would.
            quantum = Decimal(1).scaleb(value.adjusted() - 3)
            pred["value"] = str(value.quantize(quantum, rounding=ROUND_HALF_UP))
        elif kind == "wrong_scale":
            pred["value"] = str(value.scaleb(rng.choice([3, 4, -4, 8])))
        elif kind == "wrong_sign":
            pred["value"] = str(-value)
        else:
            pred["refused"] = True
        if has_caliber:
            pred["caliber"] = _YTD if kind == "caliber_mismatch" else _Q3
        preds.append(pred)
        expected.append(kind)
    return load_gold(gold), load_predictions(preds), expected


def _texts(rng: random.Random, n: int) -> tuple[list[GoldCase], list[Prediction], list[str]]:
    gold: list[dict[str, Any]] = []
    preds: list[dict[str, Any]] = []
    expected: list[str] = []
    for i in range(n):
        qid = f"t{i}"
        chinese = rng.random() < 0.5
        yi = rng.randrange(100, 99_999)  # an amount in 亿元 / USD millions, two decimals
        cents = rng.randrange(0, 100)
        written = f"{yi // 100}.{yi % 100:02d}"
        if chinese:
            value = Decimal(f"{written}").scaleb(8) + Decimal(cents).scaleb(-2)
            dimension = "CNY"
        else:
            value = Decimal(f"{written}").scaleb(6) + Decimal(cents).scaleb(-2)
            dimension = "USD"
        gold.append(
            {
                "qid": qid,
                "value": str(value),
                "dimension": dimension,
                "category": "extraction",
                "evidence_ids": [f"doc-{i}"],
            }
        )
        kind = rng.choice(["ok", "ok", "wrong_scale", "wrong_value", "refused"])
        entity = rng.choice(["华岳酒业", "海川新能源", "东岭银行"] if chinese else ["Northwind"])
        if chinese:
            prose = _CN_PROSE.format(entity=entity, period="2024年度")
            amount = {
                "ok": f"{written}亿元",
                "wrong_scale": f"{written}万元",
                "wrong_value": f"{yi // 100 + 7}.{yi % 100:02d}亿元",
            }.get(kind, "")
            answer = (
                f"{prose}营业收入为{amount}，同比增长12.3%（{entity}·2024年报·P12）。"
                if kind != "refused"
                else f"{prose}但未在所给资料中检索到营业收入的具体数值。"
            )
        else:
            prose = _EN_PROSE.format(entity=entity, period="fiscal 2024")
            amount = {
                "ok": f"${written} million",
                "wrong_scale": f"${written} billion",
                "wrong_value": f"${yi // 100 + 7}.{yi % 100:02d} million",
            }.get(kind, "")
            answer = (
                f"{prose}Revenue was {amount}, up 12.3% (Northwind·FY2024 10-K·p.45)."
                if kind != "refused"
                else f"{prose}The revenue figure is not found in the provided documents."
            )
        preds.append({"qid": qid, "text": answer, "cited": [f"doc-{i}"]})
        expected.append(kind)
    return load_gold(gold), load_predictions(preds), expected


def _check(
    gold: list[GoldCase], preds: list[Prediction], expected: list[str], *, shards: bool
) -> None:
    """Every reason must match the generator; four shard reports must combine to the whole."""
    report = evaluate(preds, gold)
    by_qid = {case.qid: case.reason for case in report.cases}
    wrong = [
        (g.qid, want, by_qid[g.qid])
        for g, want in zip(gold, expected, strict=True)
        if by_qid[g.qid] != want
    ]
    if wrong:
        fail(f"evaluate disagrees with the generator on {len(wrong)} cases: {wrong[:5]}")
    if not shards:
        return
    quarter = len(gold) // 4 or 1
    parts = [
        evaluate(preds[i : i + quarter], gold[i : i + quarter])
        for i in range(0, len(gold), quarter)
    ]
    if EvalReport.combine(parts).to_json() != report.to_json():
        fail("the combined shard reports differ from the whole report")


def _structured_reference(gold: list[GoldCase], preds: list[Prediction]) -> int:
    cent = Decimal("0.01")
    by_qid = {p.qid: p for p in preds}
    hits = 0
    for case in gold:
        pred = by_qid.get(case.qid)
        if pred is not None and pred.value is not None and case.value is not None:
            hits += abs(pred.value - case.value) <= cent
    return hits


def _text_reference(gold: list[GoldCase], preds: list[Prediction]) -> int:
    import re

    number = re.compile(r"\d[\d,]*(?:\.\d+)?")
    cent = Decimal("0.01")
    by_qid = {p.qid: p for p in preds}
    hits = 0
    for case in gold:
        pred = by_qid.get(case.qid)
        if pred is None or pred.text is None or case.value is None:
            continue
        match = number.search(pred.text, 20)
        if match is not None:
            found = Decimal(match.group().replace(",", "")) * 100_000_000
            hits += abs(found - case.value) <= cent
    return hits


COMBINE_CASES = 144_000
COMBINE_SHARDS = 10


def _combine_table(rng: random.Random, quick: bool) -> Table:
    """Merging shard reports: one 10-way merge against folding them in pairs.

    ``EvalReport.combine`` merges exact counts and sorted case lists, so a
    fold of pairwise merges costs about what one merge does; the check is
    that every grouping gives the report of the whole.
    """
    n = 14_400 if quick else COMBINE_CASES
    gold, preds, _ = _structured(rng, n)
    size = -(-n // COMBINE_SHARDS)
    shards = [evaluate(preds[i : i + size], gold[i : i + size]) for i in range(0, n, size)]
    whole = EvalReport.combine(shards)

    def pairwise() -> EvalReport:
        merged = shards[0]
        for shard in shards[1:]:
            merged = EvalReport.combine([merged, shard])
        return merged

    if pairwise().to_json() != whole.to_json():
        fail("folding shard reports in pairs differs from one merge")
    if EvalReport.combine(shards[::-1]).to_json() != whole.to_json():
        fail("merging shard reports in another order differs")
    one = measure(lambda: EvalReport.combine(shards), repeat=3, number=1).median
    fold = measure(pairwise, repeat=3, number=1).median
    reloaded = [EvalReport.from_json(s.to_json()) for s in shards]
    if EvalReport.combine(reloaded).to_json() != whole.to_json():
        fail("combining reloaded shard reports differs from combining the originals")
    return Table(
        f"EvalReport.combine: {n:,} cases in {COMBINE_SHARDS} shard reports (median of 3)",
        ["merge", "seconds"],
        "lr",
        [
            [f"one {COMBINE_SHARDS}-way combine", f"{one:.3f}"],
            [f"{COMBINE_SHARDS - 1} pairwise combines (a fold)", f"{fold:.3f}"],
        ],
        ["Checked first: the fold, another order and reloaded shards give the whole's JSON."],
    )


def run(quick: bool = False) -> Result:
    """Check every case's reason against the generator, then time ``evaluate`` at each size."""
    sizes = (100, 1_000) if quick else (1_000, 10_000, 100_000)
    rng = random.Random(SEED)
    rows: list[list[str]] = []
    series: list[Series] = []
    budgets: list[Budget] = []
    notes: list[str] = []
    workers_rate = 0.0
    for area, make, reference, budget in (
        ("structured", _structured, _structured_reference, BUDGET_STRUCTURED),
        ("free text", _texts, _text_reference, BUDGET_TEXT),
    ):
        points: list[tuple[float, float]] = []
        ref_points: list[tuple[float, float]] = []
        rates: list[float] = []
        for n in sizes:
            gold, preds, expected = make(rng, n)
            # the shard check costs a whole extra evaluation; the smaller sizes cover it
            _check(gold, preds, expected, shards=n < 100_000)
            repeat = 3 if quick or n >= 100_000 else 5
            ours = measure(lambda g=gold, p=preds: evaluate(p, g), repeat=repeat, number=1)
            ref = measure(lambda g=gold, p=preds, f=reference: f(g, p), repeat=repeat, number=1)
            points.append((n, ours.median))
            ref_points.append((n, ref.median))
            rates.append(n / ours.median)
            rows.append(
                [
                    area,
                    f"{n:,}",
                    f"{ours.median:.3f}",
                    f"{n / ours.median:,.0f}",
                    f"{1e6 * ours.median / n:.1f}",
                    f"{n / ref.median:,.0f}",
                    ratio(ours.median, ref.median),
                ]
            )
            if area == "free text" and n == sizes[-1]:
                chars = statistics.mean(len(p.text or "") for p in preds)
                notes.append(f"Free-text answers average {chars:.0f} characters.")
            if area == "free text" and n == sizes[-1] and not quick:
                # below MIN_CASES_PER_WORKER per worker the pool is not started
                serial = evaluate(preds, gold).to_json()
                if evaluate(preds, gold, workers=2).to_json() != serial:
                    fail("evaluate(workers=2) differs from the single-process report")
                two = measure(lambda g=gold, p=preds: evaluate(p, g, workers=2), repeat=3, number=1)
                rows.append(
                    [
                        f"{area}, workers=2",
                        f"{n:,}",
                        f"{two.median:.3f}",
                        f"{n / two.median:,.0f}",
                        f"{1e6 * two.median / n:.1f}",
                        f"{n / ref.median:,.0f}",
                        ratio(two.median, ref.median),
                    ]
                )
                workers_rate = n / two.median
            if area == "free text" and n == sizes[1]:
                texts = [p.text or "" for p in preds]
                parser = measure(
                    lambda t=texts: [extract_quantities(x) for x in t], repeat=3, number=1
                ).median
                notes.append(
                    f"Of the {1e6 * ours.median / n:.1f} µs per free-text answer at {n:,} cases, "
                    f"`extract_quantities` alone over the same answers takes "
                    f"{1e6 * parser / n:.1f} µs ({parser / ours.median:.0%})."
                )
        series.append(Series("evaluate", area, tuple(points)))
        series.append(Series("evaluate", f"{area}: bare-loop reference", tuple(ref_points), True))
        if area == "free text" and not quick:
            budgets.append(
                Budget(
                    "evaluate",
                    f"≥ {budget:,} free-text answers/s, two worker processes on two cores",
                    f"{workers_rate:,.0f}/s ({sizes[-1]:,} cases, workers=2)",
                    workers_rate >= budget,
                )
            )
        if area == "free text":
            budgets.append(
                Budget(
                    "evaluate",
                    f"≥ {BUDGET_TEXT_JUDGE:,} free-text answers/s in one process (issue 15)",
                    f"{min(rates):,.0f}/s (slowest size)",
                    min(rates) >= BUDGET_TEXT_JUDGE,
                )
            )
        budgets.append(
            Budget(
                "evaluate",
                f"≥ {budget:,} {area} {'cases' if area == 'structured' else 'answers'}/s",
                f"{min(rates):,.0f}–{max(rates):,.0f}/s ({sizes[0]:,} to {sizes[-1]:,} cases)",
                min(rates) >= budget,
            )
        )
    table = Table(
        "evaluate (median of 5 runs; 3 at 100,000 cases)"
        if not quick
        else "evaluate (median of 3 runs)",
        ["area", "cases", "median s", "cases / s", "µs / case", "reference cases / s", "ratio"],
        "lrrrrrr",
        rows,
        notes,
    )
    return Result(AREA, [table, _combine_table(rng, quick)], budgets, series)


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

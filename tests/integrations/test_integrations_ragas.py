"""The Ragas metrics in a real ``ragas.evaluate`` run and through the collections API (no LLM)."""

from __future__ import annotations

import math
import os
from decimal import Decimal
from typing import Any

import pytest

os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")  # no usage analytics from tests

from ragas import EvaluationDataset, evaluate
from ragas.dataset_schema import SingleTurnSample

from fincalc import Tolerance
from fincalc.integrations.ragas import NumericMatch, NumericMatchMetric

# Ragas 0.4 deprecates its own evaluate() in favour of @experiment; both are covered here
pytestmark = [
    pytest.mark.filterwarnings("ignore:a?evaluate\\(\\) is deprecated:DeprecationWarning"),
    # ragas reads its analytics id file without closing it (ragas/_analytics.py)
    pytest.mark.filterwarnings("ignore:unclosed file.*ragas:ResourceWarning"),
    pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning"),
]

# response, reference, expected score
ROWS: list[tuple[str, str, float]] = [
    ("华东区营业收入为8.7亿元。", "870000000", 1.0),
    ("华东区营业收入为8.7亿元。", "8.7亿元", 1.0),  # a reference answer with one amount
    ("营业收入为8.7万元。", "870000000", 0.0),  # wrong scale
    ("营业收入 8.7 亿美元", "870000000", 0.0),  # wrong currency
    ("营业收入约1476.94亿元", "147693604994.14", 1.0),  # precision-aware
    ("资料未披露该分部的营业收入。", "870000000", 0.0),  # a false refusal
    ("资料未披露该分部的营业收入。", "资料未披露", 1.0),  # gold is a refusal
    ("营业收入为9.1亿元。", "", 0.0),  # should have refused
]


def _dataset() -> EvaluationDataset:
    return EvaluationDataset.from_list(
        [
            {"user_input": f"q{i}", "response": response, "reference": reference}
            for i, (response, reference, _) in enumerate(ROWS)
        ]
    )


def test_ragas_evaluate_with_no_llm() -> None:
    result = evaluate(
        _dataset(), metrics=[NumericMatch(dimension="CNY")], show_progress=False, llm=None
    )
    scores = result.to_pandas()["numeric_match"].tolist()
    assert scores == [expected for *_, expected in ROWS]
    assert result["numeric_match"] == pytest.approx([e for *_, e in ROWS])


def test_a_bad_reference_is_an_error_for_the_row_not_a_score() -> None:
    dataset = EvaluationDataset.from_list(
        [{"user_input": "q", "response": "8.7亿元", "reference": "8.7亿元 or 8.1亿元"}]
    )
    result = evaluate(dataset, metrics=[NumericMatch()], show_progress=False)
    assert math.isnan(result.to_pandas()["numeric_match"][0])  # never a made-up 0 or 1
    with pytest.raises(ValueError, match="2 amounts in"):
        NumericMatch().single_turn_score(
            SingleTurnSample(user_input="q", response="8.7亿元", reference="8.7亿元 or 8.1亿元")
        )


def test_a_reference_in_another_currency_than_declared_is_refused() -> None:
    metric = NumericMatch(dimension="CNY")
    sample = SingleTurnSample(user_input="q", response="Revenue was $303M.", reference="$302.6M")
    with pytest.raises(ValueError, match="is USD but dimension='CNY'"):
        metric.single_turn_score(sample)
    assert NumericMatch().single_turn_score(sample) == 1.0  # the reference's own dimension


def test_options_reach_the_judge() -> None:
    sample = SingleTurnSample(
        user_input="q",
        response="Capital expenditures were $(1,577) million",
        reference="1577000000",
    )
    assert NumericMatch(dimension="USD").single_turn_score(sample) == 0.0
    lenient = NumericMatch(dimension="USD", tolerance=Tolerance(abs="0.01", ignore_sign=True))
    assert lenient.single_turn_score(sample) == 1.0
    graded = NumericMatch(dimension="RATIO", profile="graded", kind="derived")
    growth = SingleTurnSample(user_input="q", response="增长5.3%", reference="0.050")
    assert graded.single_turn_score(growth) == 0.5
    assert graded.case_result(growth).relative_error == Decimal("0.06")


def test_collections_metric_scores_with_reasons() -> None:
    metric = NumericMatchMetric(dimension="CNY")
    results = metric.batch_score(
        [{"response": response, "reference": reference} for response, reference, _ in ROWS]
    )
    assert [r.value for r in results] == [expected for *_, expected in ROWS]
    assert (
        results[2].reason == "wrong: wrong_scale, '8.7万元' vs gold 870000000 CNY (off by ×10^-4)"
    )
    assert results[6].reason == "correct: refused, as gold expects"


async def _ascore(metric: NumericMatchMetric, **row: Any) -> Any:
    return await metric.ascore(**row)


def test_collections_metric_async() -> None:
    import asyncio

    result = asyncio.run(
        _ascore(NumericMatchMetric(), response="同比下降0.49%", reference="-0.49%")
    )
    assert result.value == 1.0


def test_the_question_asked_reaches_the_judge() -> None:
    # "同比下降了多少？" asks for the size of a decrease: a positive reference is that size
    row = {"response": "营业收入同比下降0.49%。", "reference": "0.49%"}
    asked = {"user_input": "华东区营业收入同比下降了多少？", **row}
    unasked = {"user_input": "q", **row}
    metric = NumericMatch()
    assert metric.single_turn_score(SingleTurnSample(**asked)) == 1.0
    assert metric.single_turn_score(SingleTurnSample(**unasked)) == 0.0  # a decrease is negative
    import asyncio

    collections = NumericMatchMetric()
    assert asyncio.run(_ascore(collections, **asked)).value == 1.0
    assert asyncio.run(_ascore(collections, **row)).value == 0.0


# source, response, reference, the row's dimension column, expected score
EXPERIMENT_ROWS: list[tuple[str, str, str, str | None, float]] = [
    ("CSRC quarterly report", "华东区营业收入为8.7亿元。", "870000000", "CNY", 1.0),
    ("10-K MD&A", "Revenue was $302.6 million.", "302600000", "USD", 1.0),
    ("10-K MD&A", "Revenue was $302.6 million.", "302600000", "CNY", 0.0),  # wrong currency
    ("earnings release", "Gross margin was 24.3%.", "0.243", "RATIO", 1.0),
    ("CSRC annual report", "营业收入为8.7亿元。", "8.7亿元或8.1亿元", None, math.nan),  # unreadable
]


def test_each_row_carries_its_dimension_and_no_row_is_lost_under_experiment() -> None:
    import asyncio

    from ragas import Dataset, experiment

    metric = NumericMatchMetric()
    rows = [
        {"source": s, "user_input": "q", "response": r, "reference": ref, "dimension": d}
        for s, r, ref, d, _ in EXPERIMENT_ROWS
    ]
    dataset = Dataset(name="numeric", backend="inmemory", data=rows)

    @experiment()
    async def numeric(row: dict[str, Any]) -> dict[str, Any]:
        result = await metric.ascore(
            response=row["response"],
            reference=row["reference"],
            user_input=row["user_input"],
            dimension=row["dimension"],
        )
        return {**row, "numeric_match": result.value, "reason": result.reason}

    saved = asyncio.run(numeric.arun(dataset, name="run"))
    by_source_response = {(r["source"], r["reference"], r["dimension"]): r for r in saved}
    assert len(by_source_response) == len(EXPERIMENT_ROWS)  # the unreadable row is recorded
    for source, _, reference, dimension, expected in EXPERIMENT_ROWS:
        row = by_source_response[(source, reference, dimension)]
        if math.isnan(expected):
            assert math.isnan(row["numeric_match"])
            assert row["reason"].startswith("unreadable gold: "), row["reason"]
            assert "'8.7亿元或8.1亿元'" in row["reason"]
        else:
            assert row["numeric_match"] == expected, (source, row["reason"])

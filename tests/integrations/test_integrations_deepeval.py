"""The deepeval metric in deepeval's own ``evaluate`` and ``assert_test`` (no LLM)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("DEEPEVAL_TELEMETRY_OPT_OUT", "1")  # no usage analytics from tests

import pytest
from deepeval import assert_test, evaluate
from deepeval.errors import MissingTestCaseParamsError
from deepeval.evaluate.configs import AsyncConfig, DisplayConfig, ErrorConfig
from deepeval.test_case import LLMTestCase

from fincalc import InvalidRecordError, Tolerance
from fincalc.integrations.deepeval import NumericAnswerMetric

# actual_output, expected_output, score, reason
CASES: list[tuple[str, str, float, str]] = [
    ("华东区营业收入为8.7亿元。", "870000000", 1.0, "correct: '8.7亿元' = gold 870000000 CNY"),
    ("华东区营业收入为8.7亿元。", "8.7亿元", 1.0, "correct: '8.7亿元' = gold 870000000 CNY"),
    (
        "营业收入为8.7万元。",
        "870000000",
        0.0,
        "wrong: wrong_scale, '8.7万元' vs gold 870000000 CNY (off by ×10^-4)",
    ),
    ("资料未披露该分部数据。", "资料未披露", 1.0, "correct: refused, as gold expects"),
    ("营业收入为9.1亿元。", "", 0.0, "wrong: should_refuse, gold expects a refusal"),
]


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # deepeval writes its run cache to ./.deepeval


def _case(actual: str, expected: str) -> LLMTestCase:
    return LLMTestCase(input="华东区营业收入？", actual_output=actual, expected_output=expected)


@pytest.mark.parametrize(("actual", "expected", "score", "reason"), CASES)
def test_measure_sets_score_reason_success(
    actual: str, expected: str, score: float, reason: str
) -> None:
    metric = NumericAnswerMetric(dimension="CNY")
    assert metric.measure(_case(actual, expected)) == score
    assert (metric.score, metric.reason, metric.success) == (score, reason, score == 1.0)
    assert metric.is_successful() is (score == 1.0)
    assert metric.case_result is not None


def test_deepeval_evaluate_runs_it() -> None:
    cases = [_case(actual, expected) for actual, expected, *_ in CASES]
    result = evaluate(
        test_cases=cases,
        metrics=[NumericAnswerMetric(dimension="CNY")],
        async_config=AsyncConfig(run_async=True),
        display_config=DisplayConfig(print_results=False, show_indicator=False),
    )
    by_output = {r.actual_output: r for r in result.test_results}
    for actual, _, score, reason in CASES[2:]:
        (metric_data,) = by_output[actual].metrics_data
        assert (metric_data.name, metric_data.score, metric_data.reason) == (
            "Numeric Answer (fincalc)",
            score,
            reason,
        )
        assert metric_data.success is (score == 1.0)
    assert sum(r.success for r in result.test_results) == 3


def test_assert_test_passes_and_fails() -> None:
    assert_test(_case("营业收入8.7亿元", "870000000"), [NumericAnswerMetric(dimension="CNY")])
    with pytest.raises(AssertionError, match="wrong_scale"):
        assert_test(_case("营业收入8.7万元", "870000000"), [NumericAnswerMetric(dimension="CNY")])


def test_threshold_and_graded_credit() -> None:
    case = _case("增长5.3%", "0.050")  # "0.05" is read to the hundredth and accepts 5.3 %
    strict = NumericAnswerMetric(dimension="RATIO", profile="graded", kind="derived")
    assert strict.measure(case) == 0.5
    assert strict.success is False
    lenient = NumericAnswerMetric(0.5, dimension="RATIO", profile="graded", kind="derived")
    lenient.measure(case)
    assert lenient.success is True
    assert NumericAnswerMetric(0.5, strict_mode=True).threshold == 1.0


def test_tolerance_reaches_the_judge() -> None:
    case = _case("Capital expenditures were $(1,577) million", "1577000000")
    assert NumericAnswerMetric(dimension="USD").measure(case) == 0.0
    metric = NumericAnswerMetric(dimension="USD", tolerance=Tolerance(abs="0.01", ignore_sign=True))
    assert metric.measure(case) == 1.0


def test_a_bad_expected_output_is_an_error_not_a_score() -> None:
    metric = NumericAnswerMetric()
    with pytest.raises(InvalidRecordError, match="2 amounts in"):
        metric.measure(_case("8.7亿元", "8.7亿元或8.1亿元"))
    assert metric.error is not None
    assert metric.success is False
    result = evaluate(
        test_cases=[_case("8.7亿元", "8.7亿元或8.1亿元")],
        metrics=[NumericAnswerMetric()],
        error_config=ErrorConfig(ignore_errors=True),
        display_config=DisplayConfig(print_results=False, show_indicator=False),
    )
    (metric_data,) = result.test_results[0].metrics_data
    assert metric_data.success is False
    assert "2 amounts in" in (metric_data.error or "")


def test_the_question_asked_reaches_the_judge() -> None:
    # "净亏损多少？" asks for the size of a loss: "净亏损1.2亿元" states it
    metric = NumericAnswerMetric(dimension="CNY")
    loss = LLMTestCase(
        input="公司2023年净亏损多少？",
        actual_output="公司净亏损1.2亿元。",
        expected_output="1.2亿元",
    )
    assert metric.measure(loss) == 1.0
    other = LLMTestCase(
        input="公司2023年净利润？",
        actual_output="公司净亏损1.2亿元。",
        expected_output="1.2亿元",
    )
    assert metric.measure(other) == 0.0
    assert metric.case_result is not None
    assert metric.case_result.reason == "wrong_sign"


def test_a_missing_expected_output_raises_deepevals_own_error() -> None:
    # as deepeval's own metrics do: never scored 0.0 "should refuse" ('' is a refusal gold)
    case = LLMTestCase(input="华东区营业收入？", actual_output="营业收入为8.7亿元。")
    metric = NumericAnswerMetric(dimension="CNY")
    with pytest.raises(MissingTestCaseParamsError, match="'expected_output' cannot be None"):
        metric.measure(case)
    assert metric.success is False
    assert metric.error is not None
    quiet = DisplayConfig(print_results=False, show_indicator=False)
    with pytest.raises(MissingTestCaseParamsError):
        evaluate(test_cases=[case], metrics=[NumericAnswerMetric()], display_config=quiet)
    skipped = evaluate(
        test_cases=[case],
        metrics=[NumericAnswerMetric()],
        display_config=quiet,
        error_config=ErrorConfig(skip_on_missing_params=True),
    )
    assert all(not r.metrics_data for r in skipped.test_results)


# source, actual_output, expected_output, the case's additional_metadata, expected score
PER_CASE: list[tuple[str, str, str, dict[str, str], float]] = [
    ("CSRC quarterly report", "华东区营业收入为8.7亿元。", "870000000", {"dimension": "CNY"}, 1.0),
    ("10-K MD&A", "Revenue was $302.6 million.", "302600000", {"dimension": "USD"}, 1.0),
    ("10-K MD&A", "Revenue was $302.6 million.", "302600000", {"dimension": "CNY"}, 0.0),
    ("earnings release", "Gross margin was 24.3%.", "0.243", {"dimension": "RATIO"}, 1.0),
    (
        "CSRC quarterly report",
        "研发投入 12.5",
        "1250000000",
        {"dimension": "CNY", "unit": "亿元"},
        1.0,
    ),
]


@pytest.mark.parametrize(("source", "actual", "expected", "meta", "score"), PER_CASE)
def test_each_case_may_carry_its_own_dimension(
    source: str, actual: str, expected: str, meta: dict[str, str], score: float
) -> None:
    case = LLMTestCase(input="q", actual_output=actual, expected_output=expected, metadata=meta)
    metric = NumericAnswerMetric(dimension="USD")  # the metric's default, overridden per case
    assert metric.measure(case) == score, (source, metric.reason)

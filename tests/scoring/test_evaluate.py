"""evaluate(): hand-computed metrics, every reason code, loaders, determinism, shards."""

from __future__ import annotations

import json
import pickle
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import (
    CaseResult,
    EvalReport,
    FincalcError,
    GoldCase,
    InvalidInputError,
    InvalidRecordError,
    Prediction,
    Proportion,
    ScoringProfile,
    Tolerance,
    compare_reports,
    evaluate,
    load_gold,
    load_predictions,
    load_sample,
)
from fincalc._evaluating.cases import REASONS

Q3 = {"metric": "营业收入", "entity": "海川新能源", "period": "2025Q3", "dimension": "CNY"}
YTD = {**Q3, "period": "2025年前三季度"}

# The six-question dense / hybrid / rerank comparison; every value below is hand-computed.
GOLD: list[dict[str, Any]] = [
    {
        "qid": "q1",
        "question": "海川新能源2025年第三季度（单季）营业收入？",
        "value": "870000000",
        "dimension": "CNY",
        "caliber": Q3,
        "evidence_ids": ["e1"],
        "category": "single_vs_cumulative",
    },
    {
        "qid": "q2",
        "question": "海川新能源2025年前三季度营业收入？",
        "value": "2412876543.21",
        "dimension": "CNY",
        "caliber": YTD,
        "evidence_ids": ["e2"],
        "category": "single_vs_cumulative",
    },
    {
        "qid": "q3",
        "question": "青禾乳业2023年研发投入（万元）？",
        "value": "87432000",
        "dimension": "CNY",
        "unit": "万元",
        "evidence_ids": ["e3"],
        "category": "unit_mixing",
    },
    {
        "qid": "q4",
        "question": "星澜科技2024年营业收入同比变动？",
        "value": "-0.0049",
        "dimension": "RATIO",
        "evidence_ids": ["e4"],
        "category": "direction",
        "kind": "derived",
    },
    {
        "qid": "q5",
        "question": "What were Haichuan's 2024 overseas sales in US dollars?",
        "value": "1180000000",
        "dimension": "USD",
        "evidence_ids": ["e5"],
        "category": "currency_mixing",
    },
    {
        "qid": "q6",
        "question": "海川新能源2025年第四季度营业收入？",
        "value": None,
        "category": "missing",
    },
]
CITE = "（海川新能源·2025年三季报·P3）"
RUNS: dict[str, list[dict[str, Any]]] = {
    "dense": [
        {"qid": "q1", "value": "2412876543.21", "caliber": YTD, "cited": ["e1"]},
        {"qid": "q2", "text": "前三季度营业收入24.13亿元" + CITE, "cited": ["e2"]},
        {"qid": "q3", "text": "研发投入8,743.2元", "cited": ["e3"]},
        {"qid": "q4", "text": "营业收入同比增长0.49%", "cited": ["e4"]},
        {"qid": "q5", "text": "未在所给资料中检索到海外收入。"},
        {"qid": "q6", "text": "海外收入为 3.2 亿元"},
    ],
    "hybrid": [
        {"qid": "q1", "value": "8.70E+8", "caliber": Q3, "cited": ["e1"]},
        {"qid": "q2", "text": "前三季度营业收入24.13亿元" + CITE, "cited": ["e9"]},
        {"qid": "q3", "text": "研发投入8,743.2万元", "cited": ["e3"]},
        {"qid": "q4", "text": "营业收入同比下降0.49%", "cited": ["e4"]},
        {"qid": "q5", "text": "海外收入约84.5亿元", "cited": ["e5"]},
        {"qid": "q6", "text": "未在所给资料中检索到。"},
    ],
    "rerank": [
        {"qid": "q1", "value": "8.70E+8", "caliber": Q3, "cited": ["e1"]},
        {"qid": "q2", "text": "前三季度营业收入24.13亿元" + CITE, "cited": ["e2"]},
        {"qid": "q3", "text": "研发投入8,743.2万元", "cited": ["e3"]},
        {"qid": "q4", "text": "营业收入同比下降0.49%", "cited": ["e4"]},
        {"qid": "q5", "text": "Overseas sales were US$1.18 billion", "cited": ["e5"]},
        {"qid": "q6", "text": "资料中未披露该数据。"},
    ],
}


def ratio(report: EvalReport, name: str) -> tuple[int | float, int]:
    r: Proportion = getattr(report.metrics, name)
    return r.numerator, r.denominator


@pytest.fixture(scope="module")
def reports() -> dict[str, EvalReport]:
    return {name: evaluate(preds, GOLD) for name, preds in RUNS.items()}


@pytest.mark.parametrize(
    ("run", "expected"),
    [
        (
            "dense",
            {
                "numeric_accuracy": (1, 5),
                "caliber_error_rate": (1, 5),
                "conditional_numeric_accuracy": (0, 0),
                "citation_hit_rate": (4, 4),
                "citation_format_rate": (1, 3),
                "answer_rate": (4, 5),
                "false_refusal_rate": (1, 5),
                "refusal_accuracy": (0, 1),
                "mean_score": (1, 5),
            },
        ),
        (
            "hybrid",
            {
                "numeric_accuracy": (4, 5),
                "caliber_error_rate": (0, 5),
                "conditional_numeric_accuracy": (1, 1),
                "citation_hit_rate": (4, 5),
                "citation_format_rate": (1, 4),
                "answer_rate": (5, 5),
                "false_refusal_rate": (0, 5),
                "refusal_accuracy": (1, 1),
                "mean_score": (4, 5),
            },
        ),
        (
            "rerank",
            {
                "numeric_accuracy": (5, 5),
                "caliber_error_rate": (0, 5),
                "conditional_numeric_accuracy": (1, 1),
                "citation_hit_rate": (5, 5),
                "citation_format_rate": (1, 4),
                "answer_rate": (5, 5),
                "false_refusal_rate": (0, 5),
                "refusal_accuracy": (1, 1),
                "mean_score": (5, 5),
            },
        ),
    ],
)
def test_hand_computed_metrics(
    reports: dict[str, EvalReport], run: str, expected: dict[str, tuple[int, int]]
) -> None:
    report = reports[run]
    assert {name: ratio(report, name) for name in expected} == expected
    assert report.metrics.answerable == 5
    assert report.metrics.no_answer == 1


def test_hand_computed_reasons(reports: dict[str, EvalReport]) -> None:
    reasons = {run: [c.reason for c in r.cases] for run, r in reports.items()}
    assert reasons == {
        "dense": [
            "caliber_mismatch",
            "ok",
            "wrong_scale",
            "wrong_sign",
            "refused",
            "should_refuse",
        ],
        "hybrid": ["ok", "citation_miss", "ok", "ok", "wrong_currency", "ok"],
        "rerank": ["ok", "ok", "ok", "ok", "ok", "ok"],
    }
    dense = {c.qid: c for c in reports["dense"].cases}
    assert dense["q1"].caliber_diff == ("period", "basis")
    assert dense["q3"].scale_factor == Decimal("1E-4")
    assert dense["q4"].found == Decimal("0.0049")
    assert dense["q4"].span == (8, 13)
    assert dense["q6"].found_raw == "3.2 亿元"


def test_ratio_values_and_empty_denominator(reports: dict[str, EvalReport]) -> None:
    dense = reports["dense"]
    assert dense.numeric_accuracy.value == 0.2
    assert dense.conditional_numeric_accuracy.value is None
    assert str(dense.conditional_numeric_accuracy) == "—"
    assert dense.to_dict()["metrics"]["numeric_accuracy"] == {
        "numerator": 1,
        "denominator": 5,
        "value": 0.2,
    }


def test_breakdown_by_category_and_reason(reports: dict[str, EvalReport]) -> None:
    dense = reports["dense"]
    assert list(dense.by_category) == [
        "currency_mixing",
        "direction",
        "missing",
        "single_vs_cumulative",
        "unit_mixing",
    ]
    single = dense.by_category["single_vs_cumulative"]
    assert (single.numeric_accuracy.numerator, single.numeric_accuracy.denominator) == (1, 2)
    assert (single.caliber_error_rate.numerator, single.caliber_error_rate.denominator) == (1, 2)
    missing = dense.by_category["missing"]
    assert (missing.refusal_accuracy.numerator, missing.refusal_accuracy.denominator) == (0, 1)
    assert missing.numeric_accuracy.denominator == 0
    assert list(dense.by_reason.items()) == [
        ("ok", 1),
        ("refused", 1),
        ("caliber_mismatch", 1),
        ("wrong_sign", 1),
        ("wrong_scale", 1),
        ("should_refuse", 1),
    ]


def test_comparison_table(reports: dict[str, EvalReport]) -> None:
    text = str(compare_reports(reports))
    assert "| metric" in text
    assert "dense" in text
    assert "hybrid" in text
    assert "rerank" in text
    assert "**100% (5/5)**" in text  # rerank's numeric accuracy is best and in bold
    data = json.loads(compare_reports(reports).to_json())
    assert data["runs"]["hybrid"]["metrics"]["numeric_accuracy"]["numerator"] == 4
    assert "<table>" in compare_reports(reports)._repr_html_()
    with pytest.raises(InvalidInputError):
        compare_reports({})


# -- every reason code ----------------------------------------------------------------


def test_every_reason_code() -> None:
    gold = [
        {"qid": "ok", "value": "870000000", "dimension": "CNY"},
        {"qid": "no_prediction", "value": "1", "dimension": "CNY"},
        {"qid": "refused", "value": "1", "dimension": "CNY"},
        {"qid": "no_number", "value": "0.0312", "dimension": "RATIO"},
        {"qid": "caliber_mismatch", "value": "870000000", "dimension": "CNY", "caliber": Q3},
        {"qid": "wrong_sign", "value": "-0.0049", "dimension": "RATIO"},
        {"qid": "wrong_scale", "value": "870000000", "dimension": "CNY"},
        {"qid": "wrong_currency", "value": "870000000", "dimension": "CNY"},
        {"qid": "wrong_dimension", "value": "0.287", "dimension": "RATIO"},
        {"qid": "wrong_value", "value": "0.0734", "dimension": "RATIO"},
        {"qid": "ambiguous", "value": "870000000", "dimension": "CNY"},
        {"qid": "citation_miss", "value": "870000000", "dimension": "CNY", "evidence_ids": ["e1"]},
        {"qid": "should_refuse", "value": None},
    ]
    preds = [
        {"qid": "ok", "text": "营业收入 8.7 亿元"},
        {"qid": "refused", "text": "未在所给资料中检索到"},
        {"qid": "no_number", "text": "研发投入占比有所提高"},
        {"qid": "caliber_mismatch", "value": "870000000", "caliber": YTD},
        {"qid": "wrong_sign", "text": "rose 0.49%"},
        {"qid": "wrong_scale", "text": "8.7 万元"},
        {"qid": "wrong_currency", "text": "8.7 亿美元"},
        {"qid": "wrong_dimension", "text": "Fuel cost was $1.2 billion"},
        {"qid": "wrong_value", "text": "增长 7.0%"},
        {"qid": "ambiguous", "text": "营业收入8.7亿元，营业成本6.2亿元"},
        {"qid": "citation_miss", "value": "870000000", "cited": ["e2"]},
        {"qid": "should_refuse", "text": "约 3.2 亿元"},
        {"qid": "unknown_qid", "text": "8.7 亿元"},
    ]
    report = evaluate(preds, gold)
    assert {c.qid: c.reason for c in report.cases} == {r: r for r in REASONS}
    assert set(report.by_reason) == set(REASONS)
    unknown = next(c for c in report.cases if c.qid == "unknown_qid")
    assert unknown.verdict == "not_scored"
    assert unknown.answerable is None
    assert "1 prediction(s) for unknown qids" in str(report)


def test_duplicates_are_reported_not_raised() -> None:
    gold = [
        {"qid": "a", "value": "1", "dimension": "CNY"},
        {"qid": "a", "value": "2", "dimension": "CNY"},
    ]
    preds = [{"qid": "a", "value": "1"}, {"qid": "a", "value": "2"}]
    report = evaluate(preds, gold)
    (case,) = report.cases
    assert case.reason == "ok"
    assert case.notes == ("duplicate_gold", "duplicate_prediction")


def test_structured_value_wins_over_text_and_text_still_gives_refusal() -> None:
    gold = [{"qid": "a", "value": "870000000", "dimension": "CNY"}]
    report = evaluate([{"qid": "a", "value": "870000000", "text": "8.7 万元"}], gold)
    assert report.cases[0].reason == "ok"
    assert report.cases[0].source == "structured"
    report = evaluate([{"qid": "a", "value": "870000000", "text": "未检索到"}], gold)
    assert report.cases[0].reason == "refused"
    report = evaluate(
        [{"qid": "a", "value": "870000000", "text": "未检索到", "refused": False}], gold
    )
    assert report.cases[0].reason == "ok"


def test_structured_value_in_other_currency() -> None:
    gold = [{"qid": "a", "value": "870000000", "dimension": "CNY"}]
    report = evaluate([{"qid": "a", "value": "870000000", "dimension": "USD"}], gold)
    assert report.cases[0].reason == "wrong_currency"


def test_caliber_unchecked_when_either_side_has_none() -> None:
    gold = [{"qid": "a", "value": "870000000", "dimension": "CNY", "caliber": Q3}]
    report = evaluate([{"qid": "a", "value": "870000000"}], gold)
    assert report.cases[0].caliber == "unchecked"
    assert ratio(report, "numeric_accuracy") == (1, 1)
    assert ratio(report, "conditional_numeric_accuracy") == (0, 0)


def test_outflow_tolerance_override_recorded() -> None:
    gold = [
        {
            "qid": "capex",
            "value": "1577000000",
            "dimension": "USD",
            "tolerance": {"abs": "0.01", "ignore_sign": True},
        },
    ]
    report = evaluate([{"qid": "capex", "text": "Capex was $(1,577) million"}], gold)
    case = report.cases[0]
    assert case.reason == "ok"
    assert case.sign_ignored
    assert case.to_row()["tolerance"] == "abs=0.01 precision ignore_sign slack"


def test_graded_profile_partial_credit() -> None:
    gold = [
        {"qid": "d1", "value": "0.0734", "dimension": "RATIO", "kind": "derived"},
        # written to four places: 8.6% is 1.1 % off, beyond one unit of rounding slack
        {"qid": "d2", "value": "0.0870", "dimension": "RATIO", "kind": "derived"},
        {"qid": "d3", "value": "0.0734", "dimension": "RATIO", "kind": "derived"},
        {"qid": "x1", "value": "0.0734", "dimension": "RATIO", "kind": "extraction"},
        {"qid": "d4", "value": "0.0734", "dimension": "RATIO", "kind": "derived"},
    ]
    preds = [
        {"qid": "d1", "text": "增长 7.0%"},  # 4.6 % off: half credit
        {"qid": "d2", "text": "grew 8.6%"},  # 1.1 % off: full credit
        {"qid": "d3", "text": "增长 6.0%"},  # 18 % off: none
        {"qid": "x1", "text": "增长 7.0%"},  # extraction: precision and formatting only
        {"qid": "d4", "text": "下降 7.0%"},  # wrong direction: none
    ]
    graded = evaluate(preds, gold, profile="graded")
    scores = {c.qid: c.score for c in graded.cases}
    assert scores == {
        "d1": Decimal("0.5"),
        "d2": Decimal(1),
        "d3": Decimal(0),
        "d4": Decimal(0),
        "x1": Decimal(0),
    }
    assert ratio(graded, "mean_score") == (1.5, 5)
    assert ratio(graded, "numeric_accuracy") == (0, 5)
    assert {c.qid: c.verdict for c in graded.cases}["d1"] == "partial"
    strict = evaluate(preds, gold)
    assert ratio(strict, "mean_score") == (0, 5)
    custom = ScoringProfile("lenient", full_within=Decimal("0.2"))
    assert ratio(evaluate(preds, gold, profile=custom), "mean_score") == (3, 5)


def test_evaluation_tolerance_applies_unless_overridden() -> None:
    gold = [
        # exact golds (issue 25: "100" alone is precise to its two significant digits)
        {"qid": "a", "value": "100", "dimension": "CNY", "precision": "1"},
        {
            "qid": "b",
            "value": "100",
            "dimension": "CNY",
            "precision": "1",
            "tolerance": {"abs": "0"},
        },
    ]
    preds = [{"qid": "a", "value": "104"}, {"qid": "b", "value": "104"}]
    report = evaluate(preds, gold, tolerance=Tolerance(rel="0.05"))
    assert [c.reason for c in report.cases] == ["ok", "wrong_value"]


def test_retrieval_metrics_in_report() -> None:
    gold = [
        {"qid": "a", "value": "1", "dimension": "CNY", "evidence_ids": ["d1"]},
        {"qid": "b", "value": "1", "dimension": "CNY", "relevance": {"d2": 2, "d3": 1}},
        {"qid": "c", "value": None},
    ]
    preds = [
        {"qid": "a", "value": "1", "retrieved": ["d9", "d1"]},
        {"qid": "b", "value": "1", "retrieved": ["d3", "d2"]},
        {"qid": "c", "text": "未检索到", "retrieved": ["d1"]},
    ]
    report = evaluate(preds, gold, retrieval_k=1)
    assert ratio(report, "hit_at_k") == (1.0, 2)
    assert ratio(report, "mrr") == (1.5, 2)
    assert report.cases[0].retrieval is not None
    assert report.cases[2].retrieval is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"profile": "lenient"}, "unknown scoring profile"),
        ({"retrieval_k": 0}, "retrieval_k"),
        ({"tolerance": {"abs": 1}}, "Tolerance"),
        ({"citation_pattern": "("}, "regular expression"),
    ],
)
def test_option_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        evaluate([], GOLD, **kwargs)


def test_evaluate_refuses_a_path_string() -> None:
    with pytest.raises(InvalidInputError, match="load_gold"):
        evaluate([], "gold.jsonl")  # type: ignore[arg-type]


# -- output -------------------------------------------------------------------------


def test_json_is_deterministic_and_float_free(reports: dict[str, EvalReport]) -> None:
    again = evaluate(RUNS["dense"], GOLD).to_json()
    assert reports["dense"].to_json() == again
    data = json.loads(again)
    case = data["cases"][0]
    assert case["gold"] == "870000000"
    assert case["found"] == "2412876543.21"
    assert data["format"] == "fincalc.eval_report/2"


def test_rows_text_and_html(reports: dict[str, EvalReport]) -> None:
    dense = reports["dense"]
    rows = dense.to_rows()
    assert len(rows) == 6
    assert rows[0]["caliber_diff"] == "period,basis"
    assert set(rows[0]) >= {"qid", "reason", "verdict", "gold", "found", "hit_at_k"}
    text = str(dense)
    assert "numeric accuracy" in text
    assert "20.0% (1/5)" in text
    assert "Failing cases (5)" in text
    assert "off by ×10^-4" in text
    page = dense._repr_html_()
    assert "q3" in page
    assert "研发投入" not in page  # the question is not echoed; answers are escaped
    assert dense.to_html().startswith("<!DOCTYPE html>")


def test_html_escapes_user_text() -> None:
    gold = [{"qid": "<b>x</b>", "value": "1", "dimension": "CNY", "category": "<i>"}]
    page = evaluate([], gold)._repr_html_()
    assert "<b>x</b>" not in page
    assert "&lt;b&gt;x&lt;/b&gt;" in page


def test_case_results_pickle() -> None:
    report = evaluate(RUNS["hybrid"], GOLD)
    assert pickle.loads(pickle.dumps(report.cases)) == report.cases


def test_combine_checks_profiles_and_qids() -> None:
    a = evaluate(RUNS["dense"][:3], GOLD[:3])
    b = evaluate(RUNS["dense"][3:], GOLD[3:], profile="graded")
    with pytest.raises(InvalidInputError, match="profiles"):
        EvalReport.combine([a, b])
    with pytest.raises(InvalidInputError, match="share qid"):
        EvalReport.combine([a, a])
    assert EvalReport.combine([]).metrics.cases == 0


# -- loaders ------------------------------------------------------------------------


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_jsonl_error_names_file_line_and_field(tmp_path: Path) -> None:
    path = write(
        tmp_path / "gold.jsonl",
        '{"qid": "a", "value": "1", "dimension": "CNY"}\n\n'
        '{"qid": "b", "value": "x", "dimension": "CNY"}\n',
    )
    with pytest.raises(InvalidRecordError) as info:
        load_gold(path)
    err = info.value
    assert (err.source, err.line, err.field) == (str(path), 3, "value")
    assert "gold.jsonl:3 (qid 'b'): field 'value'" in str(err)


def test_json_array_keeps_line_numbers(tmp_path: Path) -> None:
    path = write(
        tmp_path / "preds.json",
        '[\n  {"qid": "a", "value": 1.45},\n\n  {"qid": "b", "refused": "maybe"}\n]\n',
    )
    with pytest.raises(InvalidRecordError) as info:
        load_predictions(path)
    assert (info.value.line, info.value.field) == (4, "refused")
    good = write(tmp_path / "ok.json", '[{"qid": "a", "value": 1.45}]')
    assert load_predictions(good)[0].value == Decimal("1.45")  # never through a float


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ('{"qid": "a"\n', 1, "Expecting"),
        ('{"qid": "a"}\n[1]\n', 2, "must be a JSON object"),
        ('[{"qid": "a"} {"qid": "b"}]', 1, "expected ',' or ']'"),
        ('[{"qid": "a"}] x', 1, "unexpected text after the array"),
        ('{"qid": "a", "colour": "red"}', 1, "Extra inputs"),
        ('{"qid": "a", "value": "1"}', 1, "dimension"),
        ('{"qid": ""}', 1, "at least 1"),
    ],
)
def test_bad_records(tmp_path: Path, text: str, line: int, reason: str) -> None:
    suffix = ".json" if text.startswith("[") else ".jsonl"
    path = write(tmp_path / f"gold{suffix}", text)
    with pytest.raises(InvalidRecordError) as info:
        load_gold(path)
    assert info.value.line == line
    assert reason in str(info.value)


def test_loader_inputs(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="no such file"):
        load_gold(tmp_path / "missing.jsonl")
    with pytest.raises(InvalidRecordError, match=r"float 0\.5"):
        load_gold([{"qid": "a", "value": 0.5, "dimension": "RATIO"}])
    with pytest.raises(InvalidInputError):
        load_gold({"qid": "a"})  # type: ignore[arg-type]
    assert load_gold([]) == []
    case = GoldCase(qid="a", value="1", dimension="CNY")
    assert load_gold([case]) == [case]


def test_caliber_with_period_text() -> None:
    (case,) = load_gold([{"qid": "a", "value": "1", "dimension": "CNY", "caliber": YTD}])
    assert case.caliber is not None
    assert case.caliber.basis.value == "cumulative"
    assert case.caliber.period.describe() == "9M2025"
    with pytest.raises(InvalidRecordError, match="caliber"):
        load_gold([{"qid": "a", "caliber": {**Q3, "period": "上年同期"}}])


def test_numeric_qids_are_accepted() -> None:
    (pred,) = load_predictions([{"qid": 17, "text": "x"}])
    assert pred.qid == "17"
    assert Prediction(qid="a").refused is None


# -- the bundled sample ---------------------------------------------------------------


def test_sample_covers_every_category_and_reason() -> None:
    sample = load_sample()
    assert len(sample.gold) >= 30
    categories = {case.category for case in sample.gold}
    assert {"single_vs_cumulative", "unit_mixing", "currency_mixing", "missing", "zero_base"} <= (
        categories
    )
    questions = " ".join(case.question or "" for case in sample.gold)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in questions)
    assert "What" in questions
    reasons: set[str] = set()
    for preds in sample.runs.values():
        reasons |= set(evaluate(preds, sample.gold).by_reason)
    assert reasons == set(REASONS)


def test_sample_ranks_the_setups() -> None:
    sample = load_sample()
    acc = {
        name: evaluate(preds, sample.gold).numeric_accuracy.value
        for name, preds in sample.runs.items()
    }
    assert acc["dense"] < acc["hybrid"] < acc["rerank"]  # type: ignore[operator]


# -- properties -----------------------------------------------------------------------

CALIBERS = [None, Q3, YTD]


@st.composite
def datasets(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    n = draw(st.integers(min_value=0, max_value=12))
    gold: list[dict[str, Any]] = []
    preds: list[dict[str, Any]] = []
    for i in range(n):
        qid = f"q{i}"
        value = draw(st.one_of(st.none(), st.integers(min_value=-(10**9), max_value=10**9)))
        record: dict[str, Any] = {
            "qid": qid,
            "value": None if value is None else str(value),
            "dimension": None if value is None else "CNY",
            "category": draw(st.sampled_from(["a", "b", "c"])),
            "kind": draw(st.sampled_from(["extraction", "derived"])),
            "caliber": draw(st.sampled_from(CALIBERS)),
            "evidence_ids": draw(st.sampled_from([[], ["e1"], ["e1", "e2"]])),
        }
        gold.append(record)
        choice = draw(st.sampled_from(["none", "exact", "scaled", "other", "refused"]))
        if choice == "none":
            continue
        pred: dict[str, Any] = {
            "qid": qid,
            "caliber": draw(st.sampled_from(CALIBERS)),
            "cited": draw(st.sampled_from([None, [], ["e1"], ["e9"]])),
            "retrieved": draw(st.sampled_from([None, ["e1"], ["e9", "e2"]])),
        }
        base = value if value is not None else 7
        if choice == "exact":
            pred["value"] = str(base)
        elif choice == "scaled":
            pred["value"] = str(base * 10**4)
        elif choice == "other":
            pred["value"] = str(draw(st.integers(min_value=-(10**6), max_value=10**6)))
        else:
            pred["refused"] = True
        preds.append(pred)
    for j in range(draw(st.integers(min_value=0, max_value=2))):
        preds.append({"qid": f"x{j}", "value": "1"})
    return gold, preds


@given(data=datasets(), seed=st.integers(min_value=0, max_value=2**16))
def test_metrics_in_unit_interval_and_permutation_invariant(
    data: tuple[list[dict[str, Any]], list[dict[str, Any]]], seed: int
) -> None:
    gold, preds = data
    report = evaluate(preds, gold)
    for metrics in [report.metrics, *report.by_category.values()]:
        for r in metrics.ratios().values():
            assert 0 <= r.numerator <= r.denominator
            if r.value is not None:
                assert 0.0 <= r.value <= 1.0
        cond = metrics.conditional_numeric_accuracy
        assert cond.value is None or cond.value <= 1.0
    rng = random.Random(seed)  # noqa: S311 - a seeded shuffle, not crypto
    shuffled_gold, shuffled_preds = gold[:], preds[:]
    rng.shuffle(shuffled_gold)
    rng.shuffle(shuffled_preds)
    assert evaluate(shuffled_preds, shuffled_gold).to_json() == report.to_json()


def _shard_reports(
    gold: list[dict[str, Any]], preds: list[dict[str, Any]], cuts: list[int], n: int
) -> list[EvalReport]:
    """``n`` graded reports of the cases split by qid: the i-th qid goes to shard ``cuts[i]``."""
    qids = sorted({r["qid"] for r in gold} | {p["qid"] for p in preds})
    shard_of = {qid: (cuts[i] if i < len(cuts) else 0) for i, qid in enumerate(qids)}
    return [
        evaluate(
            [p for p in preds if shard_of[p["qid"]] == s],
            [g for g in gold if shard_of[g["qid"]] == s],
            profile="graded",
        )
        for s in range(n)
    ]


@given(data=datasets(), cuts=st.lists(st.integers(min_value=0, max_value=3), max_size=16))
def test_combine_of_any_split_equals_the_whole(
    data: tuple[list[dict[str, Any]], list[dict[str, Any]]], cuts: list[int]
) -> None:
    gold, preds = data
    whole = evaluate(preds, gold, profile="graded")
    shards = _shard_reports(gold, preds, cuts, 4)
    combined = EvalReport.combine(shards)
    assert combined == whole
    assert combined.to_json() == whole.to_json()
    assert EvalReport(whole.cases, profile=whole.profile) == whole


def test_report_from_case_results_alone() -> None:
    cases = (
        CaseResult("q2", "a", "extraction", True, "wrong", "refused", refused=True),
        CaseResult(
            "q10", "a", "extraction", True, "correct", "ok", Decimal(1), True, numeric_ok=True
        ),
        CaseResult("q1", "b", "extraction", False, "correct", "ok", Decimal(1), refused=True),
    )
    report = EvalReport(cases)
    assert [c.qid for c in report.cases] == ["q1", "q2", "q10"]  # digits sort as numbers
    assert ratio(report, "numeric_accuracy") == (1, 2)
    assert ratio(report, "false_refusal_rate") == (1, 2)
    assert ratio(report, "refusal_accuracy") == (1, 1)


def test_workers_give_the_identical_report(monkeypatch: pytest.MonkeyPatch) -> None:
    import fincalc._evaluating.sharding as sharding

    monkeypatch.setattr(sharding, "MIN_CASES_PER_WORKER", 10)
    rng = random.Random(7)  # noqa: S311 - seeded test data, not cryptography
    gold, preds = [], []
    for i in range(60):
        value = Decimal(rng.randint(1, 10**6)).scaleb(4)
        gold.append({"qid": f"q{i:03}", "value": str(value), "dimension": "CNY"})
        answer = value if i % 3 else value * 10
        preds.append({"qid": f"q{i:03}", "text": f"营业收入为{answer.scaleb(-4):,}万元。"})
    serial = evaluate(preds, gold)
    parallel = evaluate(preds, gold, workers=2)
    assert parallel.to_json() == serial.to_json()
    assert serial.numeric_accuracy.numerator == 40


@pytest.mark.parametrize("workers", [0, -1, True, 1.5])
def test_workers_must_be_a_positive_int(workers: object) -> None:
    from fincalc import FincalcError

    with pytest.raises(FincalcError, match="workers"):
        evaluate([], [], workers=workers)  # type: ignore[arg-type]


# -- graded credit only for comparable values (B6) ------------------------------------


def test_graded_gives_no_credit_to_another_currency_dimension_scale_or_sign() -> None:
    derived = {"dimension": "CNY", "kind": "derived", "value": "870000000"}
    gold = [
        {"qid": "cur-text", **derived},
        {"qid": "cur-value", **derived},
        {"qid": "dim", **derived},
        {"qid": "scale", **derived},
        {"qid": "sign", **derived},
        {"qid": "near", **derived},
        {"qid": "ratio-dim", "value": "0.087", "dimension": "RATIO", "kind": "derived"},
    ]
    preds = [
        {"qid": "cur-text", "text": "利润为 8.7 亿美元"},
        {"qid": "cur-value", "value": "870000000", "dimension": "USD"},
        {"qid": "dim", "value": "870000000", "dimension": "SHARES"},
        {"qid": "scale", "text": "利润为 8.7 万元"},
        {"qid": "sign", "text": "净亏损8.7亿元"},
        {"qid": "near", "text": "利润约为 8.8 亿元"},  # 1.1 % off: full credit
        {"qid": "ratio-dim", "text": "Fuel cost was $0.087 billion"},
    ]
    report = evaluate(preds, gold, profile="graded")
    by_qid = {c.qid: c for c in report.cases}
    assert {q: (c.reason, c.verdict, c.score) for q, c in by_qid.items()} == {
        "cur-text": ("wrong_currency", "wrong", Decimal(0)),
        "cur-value": ("wrong_currency", "wrong", Decimal(0)),
        "dim": ("wrong_dimension", "wrong", Decimal(0)),
        "scale": ("wrong_scale", "wrong", Decimal(0)),
        "sign": ("wrong_sign", "wrong", Decimal(0)),
        "near": ("wrong_value", "correct", Decimal(1)),
        "ratio-dim": ("wrong_dimension", "wrong", Decimal(0)),
    }
    # The relative error is still reported for people to read.
    assert by_qid["cur-text"].relative_error == Decimal(0)


# -- refusal phrases next to an answer (B12) -------------------------------------------


def test_refusal_phrase_does_not_hide_a_clear_answer() -> None:
    gold = [
        {"qid": "aside", "value": "870000000", "dimension": "CNY"},
        {"qid": "sentence", "value": "1200000000", "dimension": "USD"},
        {"qid": "structured", "value": "870000000", "dimension": "CNY"},
        {"qid": "explicit", "value": "870000000", "dimension": "CNY"},
        {"qid": "plain", "value": "870000000", "dimension": "CNY"},
        {"qid": "missing", "value": None},
        {"qid": "missing-helpful", "value": None},
    ]
    preds = [
        {"qid": "aside", "text": "营业收入为8.7亿元（报告未披露分部数据）"},
        {
            "qid": "sentence",
            "text": "The filing does not contain segment data; total revenue was $1.2 billion.",
        },
        {"qid": "structured", "value": "870000000", "text": "8.7亿元（分部数据未披露）"},
        {"qid": "explicit", "text": "营业收入为8.7亿元", "refused": True},
        {"qid": "plain", "text": "未在所给资料中检索到该数据。"},
        {"qid": "missing", "text": "资料中未披露2025年第四季度营业收入。"},
        {"qid": "missing-helpful", "text": "未检索到第四季度数据；第三季度营业收入为9.1亿元。"},
    ]
    report = evaluate(preds, gold)
    by_qid = {c.qid: c for c in report.cases}
    assert {q: (c.reason, c.refused, c.answered) for q, c in by_qid.items()} == {
        "aside": ("ok", False, True),
        "sentence": ("ok", False, True),
        "structured": ("ok", False, True),
        "explicit": ("refused", True, False),
        "plain": ("refused", True, False),
        "missing": ("ok", True, False),
        "missing-helpful": ("should_refuse", False, True),
    }
    assert by_qid["aside"].found_raw == "8.7亿元"


# -- values out of range (B10) -----------------------------------------------------------


def test_out_of_range_values_are_record_errors_naming_the_field() -> None:
    gold = [{"qid": "q", "value": "870000000", "dimension": "CNY"}]
    with pytest.raises(InvalidRecordError) as info:
        evaluate([{"qid": "q", "value": "1E+100"}], gold)
    assert info.value.field == "value"
    assert "out of range" in str(info.value)
    with pytest.raises(InvalidRecordError, match="out of range"):
        evaluate([], [{"qid": "q", "value": "1e-999999", "dimension": "CNY"}])
    with pytest.raises(InvalidRecordError, match="tolerance"):
        evaluate([], [{**gold[0], "tolerance": {"abs": "1E+99"}}])


def test_absurd_amounts_in_answers_are_scored() -> None:
    gold = [
        {"qid": "a", "value": "870000000", "dimension": "CNY", "kind": "derived"},
        {"qid": "b", "value": "1E-40", "dimension": "USD", "kind": "derived"},
    ]
    preds = [
        {"qid": "a", "text": "9999999999999999999999999999亿亿亿亿"},
        {"qid": "b", "value": "9E+40"},
    ]
    for profile in ("strict", "graded"):
        report = evaluate(preds, gold, profile=profile)
        assert [c.reason for c in report.cases] == ["wrong_value", "wrong_value"]
        assert "wrong_value" in str(report)
        report.to_json()


@given(
    value=st.one_of(
        st.decimals(allow_nan=True, allow_infinity=True).map(str),
        st.sampled_from(["1E+100", "-1e-999999", "1.5e999999999", "0E-50", "9.9E+40", "abc"]),
    ),
    text=st.lists(
        st.sampled_from(
            [
                *("8.7", "亿元", "亿", "万元", "美元", "$", "billion", "(1,577)", "E+99", "1e-999"),
                *("%", "下降", "减少了", "为", "亏损", "未披露", "not disclosed"),
                *("；", "（", "）", " "),
            ]
        ),
        max_size=12,
    ).map("".join),
    dimension=st.sampled_from(["CNY", "USD", "RATIO"]),
    structured=st.booleans(),
    profile=st.sampled_from(["strict", "graded"]),
)
def test_evaluate_raises_only_fincalc_errors(
    value: str, text: str, dimension: str, structured: bool, profile: str
) -> None:
    good = {"qid": "q", "value": "870000000", "dimension": dimension, "kind": "derived"}
    pred: dict[str, Any] = {"qid": "q", "text": text}
    if structured:
        pred["value"] = value
    # The odd value as the prediction's, then as gold's.
    for gold in (good, {**good, "value": value}):
        try:
            report = evaluate([pred], [gold], profile=profile)
        except FincalcError:
            continue
        str(report)
        report.to_json()
    # Free text alone always gives a verdict.
    report = evaluate([{"qid": "q", "text": text}], [good], profile=profile)
    assert report.cases[0].verdict in ("correct", "partial", "wrong")


def test_report_attributes_are_the_answer_metrics() -> None:
    """``report.x`` is ``report.metrics.x`` for exactly the answer metrics, documented."""
    from fincalc._evaluating.metrics import ANSWER_METRICS, METRICS

    summaries = {m.name: m.summary for m in METRICS}
    attributes = [
        name
        for name, member in vars(EvalReport).items()
        if type(member).__name__ == "_AnswerMetric"
    ]
    assert attributes == list(ANSWER_METRICS)
    report = evaluate(load_sample().runs["dense"], load_sample().gold)
    for name in ANSWER_METRICS:
        assert getattr(report, name) is getattr(report.metrics, name)
        assert getattr(EvalReport, name).__doc__ == summaries[name]
    assert not hasattr(report, "hit_at_k")  # retrieval means stay on report.metrics
    with pytest.raises(AttributeError):
        report.numeric_accuracy = Proportion(1, 1)  # frozen, like the rest of the report


# -- merging shard reports, reloading them, and typed rows (issue 15) ----------------------


def _bracketed(reports: list[EvalReport], rng: random.Random) -> EvalReport:
    """Combine ``reports`` in a random grouping: pairs, runs, single merges."""
    if len(reports) <= 1:
        return EvalReport.combine(reports)
    cut = rng.randrange(1, len(reports))
    return EvalReport.combine([_bracketed(reports[:cut], rng), _bracketed(reports[cut:], rng)])


@given(
    data=datasets(),
    cuts=st.lists(st.integers(min_value=0, max_value=5), max_size=16),
    seed=st.integers(min_value=0, max_value=2**16),
    reload=st.booleans(),
)
def test_any_bracketing_of_merges_gives_the_same_report(
    data: tuple[list[dict[str, Any]], list[dict[str, Any]]],
    cuts: list[int],
    seed: int,
    reload: bool,
) -> None:
    """Property: combine is associative; reloaded shards combine as the originals do."""
    gold, preds = data
    whole = evaluate(preds, gold, profile="graded")
    shards = _shard_reports(gold, preds, cuts, 6)
    if reload:
        shards = [EvalReport.from_json(s.to_json()) for s in shards]
    rng = random.Random(seed)  # noqa: S311 - a seeded grouping, not crypto
    rng.shuffle(shards)
    grouped = _bracketed(shards, rng)
    assert grouped.to_json() == whole.to_json()
    assert grouped == whole
    assert grouped.metrics == whole.metrics
    assert grouped.by_category == whole.by_category


def test_from_json_reloads_the_same_report(reports: dict[str, EvalReport]) -> None:
    for report in [*reports.values(), evaluate(RUNS["rerank"], GOLD, profile="graded")]:
        text = report.to_json()
        again = EvalReport.from_json(text)
        assert again.to_json() == text
        assert again == report
        assert again.metrics == report.metrics
        assert EvalReport.from_json(text.encode("utf-8")).to_json() == text


def test_retrieval_means_are_exact_whatever_the_order() -> None:
    gold = [
        {"qid": f"q{i}", "value": "1", "dimension": "CNY", "evidence_ids": ["a", "b", "c"]}
        for i in range(30)
    ]
    preds = [
        {"qid": f"q{i}", "value": "1", "retrieved": ["x"] * (i % 4) + ["a", "b"]} for i in range(30)
    ]
    whole = evaluate(preds, gold)
    parts = [evaluate(preds[i::3], gold[i::3]) for i in range(3)]
    assert EvalReport.combine(parts).metrics.ndcg_at_k == whole.metrics.ndcg_at_k
    assert EvalReport.combine(parts[::-1]).to_json() == whole.to_json()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "JSON"),
        ('{"format": "other"}', "format"),
        ('{"format": "fincalc.eval_report/2", "profile": {"name": "strict"}}', "lacks"),
        (
            '{"format": "fincalc.eval_report/2", "profile": {"name": "strict"}, '
            '"retrieval_k": 5, "cases": [{"qid": 1}]}',
            "CaseResult",
        ),
    ],
)
def test_from_json_refuses_what_to_json_did_not_write(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        EvalReport.from_json(text)


def test_rows_are_typed_for_a_data_frame(reports: dict[str, EvalReport]) -> None:
    rows = evaluate(RUNS["hybrid"], GOLD).to_rows()
    columns = set(rows[0])
    assert all(set(row) == columns for row in rows)
    assert {"question", "answer", "found_raw", "selection", "span_start", "span_end"} <= columns
    numeric = ("score", "gold", "found", "relative_error", "scale_factor")
    for name in columns:
        kinds = {type(row[name]) for row in rows} - {type(None)}
        assert len(kinds) <= 1, (name, kinds)  # one type per column, as a DataFrame wants
        if name in numeric:
            assert kinds <= {Decimal}, name
        if name in ("hit_at_k", "recall_at_k", "mrr", "ndcg_at_k"):
            assert kinds <= {float}, name
        if name in ("span_start", "span_end"):
            assert kinds <= {int}, name
    text_rows = [row for row in rows if row["answer"]]
    assert text_rows
    assert all(isinstance(row["answer"], str) for row in text_rows)
    judged = [row for row in text_rows if row["found_raw"]]
    assert all(
        row["answer"][row["span_start"] : row["span_end"]] == row["found_raw"] for row in judged
    )


def test_rows_load_into_pandas() -> None:
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(evaluate(RUNS["dense"], GOLD).to_rows())
    assert len(frame) == len(GOLD)
    assert frame["gold"].dropna().map(type).eq(Decimal).all()


def test_failing_cases_are_failing_verdicts_only() -> None:
    gold = [
        {"qid": "cited", "value": "5", "dimension": "CNY", "evidence_ids": ["e1"]},
        {"qid": "uncited", "value": "5", "dimension": "CNY", "evidence_ids": ["e1"]},
        {"qid": "wrong", "value": "5", "dimension": "CNY", "evidence_ids": ["e1"]},
    ]
    preds = [
        {"qid": "cited", "value": "5", "cited": ["e1"]},
        {"qid": "uncited", "value": "5", "cited": ["e9"]},
        {"qid": "wrong", "value": "7", "cited": ["e1"]},
    ]
    report = evaluate(preds, gold)
    assert [c.qid for c in report.failures] == ["wrong"]
    assert [c.qid for c in report.citation_misses] == ["uncited"]
    text = str(report)
    assert "Failing cases (1)" in text
    assert "Correct but citing no gold evidence (1)" in text
    failing = text.split("Failing cases (1)")[1].split("Correct but")[0]
    assert "uncited" not in failing
    assert "Correct but citing no gold evidence (1)" in report.to_html()


@given(
    value=st.decimals(allow_nan=False, allow_infinity=False, min_value=-(10**20), max_value=10**20),
    cited=st.lists(st.text(alphabet="abc年报P12", min_size=1, max_size=6), max_size=3),
)
def test_records_write_json_that_loads_back_equal(value: Decimal, cited: list[str]) -> None:
    """Property: ``model_dump_json`` of a record loads back equal, with no serializer warning
    (the value keeps its exponent, ids are a list, caliber and tolerance their dicts)."""
    import warnings

    from fincalc import Fact

    caliber = Fact.build(
        "1", metric="营业收入", entity="华东区", period="2024Q3", dimension="CNY", evidence_id="r"
    ).caliber
    pred = Prediction(qid="q1", value=value, dimension="CNY", caliber=caliber, cited=cited)
    gold = GoldCase(
        qid="q1", value=value, dimension="CNY", evidence_ids=cited, tolerance=Tolerance(rel="0.01")
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for record in (pred, gold):
            again = type(record).model_validate_json(record.model_dump_json())
            assert again == record
            assert str(again.value) == str(record.value)

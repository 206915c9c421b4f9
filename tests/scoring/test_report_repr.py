"""``repr(EvalReport)`` stays short in a REPL; ``_repr_html_`` (a notebook) has the detail."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import EvalReport, evaluate, load_sample

# the model's answer for a gold of 8.7 亿元 (CNY), by document style, and its verdict
ANSWERS = [
    ("CSRC quarterly report", "营业收入为8.7亿元。", "correct"),
    ("CSRC quarterly report", "营业收入为8.7万元。", "wrong"),
    ("10-K MD&A", "Revenue was $870 million.", "wrong"),
    ("CSRC annual report", "资料未披露。", "wrong"),
]


def test_the_sample_report_repr_is_one_short_line() -> None:
    sample = load_sample()
    report = evaluate(sample.runs["dense"], sample.gold)
    text = repr(report)
    assert len(text) < 300  # it printed every case: 30k characters for 36 cases
    assert "\n" not in text
    assert text.startswith(f"EvalReport({len(report.cases)} cases, numeric_accuracy ")
    failing = report.failures
    assert f"{len(failing)} failing: {failing[0].qid} {failing[0].reason}" in text
    html = report._repr_html_()
    assert all(c.qid in html for c in failing)  # the detail is in the notebook view
    assert str(report) != text


@settings(max_examples=20, deadline=None)
@given(st.lists(st.sampled_from(ANSWERS), min_size=1, max_size=60))
def test_repr_is_bounded_and_names_the_first_failures(answers: list[tuple[str, str, str]]) -> None:
    gold = [
        {"qid": f"q{i:03d}", "value": "870000000", "dimension": "CNY"} for i in range(len(answers))
    ]
    preds = [{"qid": f"q{i:03d}", "text": text} for i, (_, text, _) in enumerate(answers)]
    report = evaluate(preds, gold)
    text = repr(report)
    assert len(text) < 300
    wrong = [f"q{i:03d}" for i, (*_, verdict) in enumerate(answers) if verdict == "wrong"]
    if not wrong:
        assert text.endswith("; none failing)")
    else:
        assert f"{len(wrong)} failing: {wrong[0]} " in text
        assert all(qid in text for qid in wrong[:3])
        assert all(qid not in text for qid in wrong[3:])
        assert (f"… {len(wrong) - 3} more" in text) is (len(wrong) > 3)


def test_an_empty_report() -> None:
    assert repr(EvalReport(())) == (
        "EvalReport(0 cases, numeric_accuracy —, answer_rate —; none failing)"
    )

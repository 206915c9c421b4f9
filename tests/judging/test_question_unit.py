"""The unit a question asks its answer in, read from the question when none is passed.

"What is 3M's FY2018 capex (in USD millions)?" answered "1577" is $1,577
million to a grader; without the question's unit the checker read 1,577
dollars (``wrong_scale``).  ``check_answer(question=)`` and ``evaluate`` (a
``GoldCase`` with a question and no ``unit``) now read the unit from the
question (``[question_unit]`` in answers.toml).  The gold is read as before:
only the answer's bare numbers change reading.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import GoldCase, Prediction, check_answer, evaluate
from fincalc._evaluating.question_unit import question_period, question_subject, question_unit

CAPEX = "What is the FY2018 capital expenditure amount (in USD millions) for 3M?"
SHORT = "What is 3M's FY2018 capex (in USD millions)?"
PCT = "Operating margin? Answer in units of percents."

QUESTIONS = [
    # (source, question, unit)
    (
        "10-K analyst question",
        "What is the FY2018 capital expenditure amount (in USD millions) for 3M?",
        "million",
    ),
    (
        "10-K analyst question",
        "What is the year end FY2018 net PPNE for 3M? Answer in USD billions.",
        "billion",
    ),
    (
        "10-K ratio question",
        "What is the FY2019 operating margin? Answer in units of percents.",
        "percent",
    ),
    (
        "10-K ratio question",
        "What is the three year average of capex as a % of revenue?",
        "percent",
    ),
    ("10-K table question", "Total revenue ($ in thousands) for FY2023?", "thousand"),
    ("A-share question", "2024年公司营业收入是多少亿元？", "亿元"),
    ("A-share question", "研发投入（单位：万元）是多少？", "万元"),
    ("A-share question", "毛利率的百分比是多少？", "percent"),
    ("no unit", "What is Walmart's FY2018 DPO? Round your answer to two decimal places.", None),
    ("no unit", "2023年净利润同比增长了多少？", None),
    ("two units", "What percentage of revenue (in USD millions) was R&D?", None),
]


@pytest.mark.parametrize(
    ("source", "question", "unit"), QUESTIONS, ids=[q[1][:40] for q in QUESTIONS]
)
def test_the_question_names_its_unit(source: str, question: str, unit: str | None) -> None:
    assert question_unit(question) == unit, source


ANSWERS = [
    # (question, answer, gold, matched with the question, reason without it)
    (SHORT, "Capex was 1577.", "$1,577 million", True, "wrong_scale"),
    (SHORT, "Capex was 1,577,000,000.", "$1,577 million", True, "ok"),
    (SHORT, "Capex was $1,577 thousand.", "$1,577 million", False, "wrong_scale"),
    (PCT, "Final answer: 12.3", "12.3%", True, "wrong_scale"),
    (PCT, "Final answer: 0.123", "12.3%", True, "ok"),
    (PCT, "Final answer: 1.23", "12.3%", False, "wrong_scale"),
    ("2024年营业收入是多少亿元？", "营业收入为128.74", "128.74亿元", True, "wrong_scale"),
    ("2024年营业收入是多少亿元？", "营业收入为128.74万元", "128.74亿元", False, "wrong_scale"),
]  # fmt: skip


@pytest.mark.parametrize(("question", "answer", "gold", "matched", "without"), ANSWERS)
def test_a_bare_answer_is_read_in_the_questions_unit(
    question: str, answer: str, gold: str, matched: bool, without: str
) -> None:
    assert check_answer(answer, gold, question=question).matched is matched
    # without the question, a bare figure in the question's unit is a wrong scale
    assert check_answer(answer, gold).reason == without


def test_an_explicit_unit_wins_over_the_question() -> None:
    question = "What is 3M's FY2018 capex (in USD millions)?"
    assert check_answer(
        "Capex was 1577.", "$1,577 thousand", question=question, unit="thousand"
    ).matched
    assert not check_answer("Capex was 1577.", "$1,577 thousand", question=question).matched


def test_evaluate_reads_the_unit_from_the_question() -> None:
    gold = GoldCase(
        qid="q1",
        question=CAPEX,
        value=Decimal("1577000000"),
        dimension="USD",
    )
    report = evaluate([Prediction(qid="q1", text="The capex was 1577.")], [gold])
    assert report.cases[0].numeric_ok, report.cases[0].reason


_UNITS = st.sampled_from(["million", "billion", "thousand", "percent"])
_PHRASES = {
    "million": "(in USD millions)",
    "billion": "Answer in USD billions.",
    "thousand": "($ in thousands)",
    "percent": "Answer in units of percents.",
}


@given(_UNITS, st.decimals(min_value=Decimal("0.1"), max_value=Decimal("9999"), places=1))
def test_the_question_judges_as_the_unit_passed_would(unit: str, figure: Decimal) -> None:
    question = f"What was the figure? {_PHRASES[unit]}"
    gold = f"{figure}%" if unit == "percent" else f"${figure} {unit}"
    for answer in (f"It was {figure}.", f"It was {figure * 2}."):
        inferred = check_answer(answer, gold, question=question)
        passed = check_answer(answer, gold, unit=unit)
        assert (inferred.matched, inferred.reason) == (passed.matched, passed.reason)


# -- the year the question asks for ---------------------------------------------------------

ZH_TWO_YEARS = "2024年营业收入为128.7亿元，2023年为119.0亿元。"

YEARS = [
    # (answer, gold, question, matched)
    (
        "Revenue was $12.9 billion in 2024, compared with $11.9 billion in 2023.",
        "$11.9 billion",
        "What was revenue in FY2023?",
        True,
    ),
    (
        "Revenue was $12.9 billion in 2024, compared with $11.9 billion in 2023.",
        "$12.9 billion",
        "What was revenue in FY2023?",
        False,
    ),
    ("2024年营业收入为128.7亿元，2023年为119.0亿元。", "119.0亿元", "2023年营业收入是多少？", True),
    (
        "2024年营业收入为128.7亿元，2023年为119.0亿元。",
        "128.7亿元",
        "2023年营业收入是多少？",
        False,
    ),
    # a question naming two years picks none: the selection stands
    (
        "Revenue was $12.9 billion in 2024, compared with $11.9 billion in 2023.",
        "$12.9 billion",
        "How did revenue change from 2023 to 2024?",
        True,
    ),
]


@pytest.mark.parametrize(("answer", "gold", "question", "matched"), YEARS)
def test_of_figures_each_with_its_year_the_questions_is_judged(
    answer: str, gold: str, question: str, matched: bool
) -> None:
    assert check_answer(answer, gold, question=question).matched is matched


def test_question_period() -> None:
    assert question_period("What was 3M's revenue in FY2023?") == "FY2023"
    assert question_period("2023年营业收入是多少？") == "2023年"
    assert question_period("What was revenue in 2023 and 2024?") is None
    assert question_period("What is the DPO? Round to two decimals.") is None


@given(
    st.integers(min_value=100, max_value=9_999),
    st.integers(min_value=100, max_value=9_999),
    st.integers(min_value=2010, max_value=2030),
    st.booleans(),
)
def test_the_figure_of_the_years_asked_is_judged(
    first: int, second: int, year: int, ask_later: bool
) -> None:
    answer = (
        f"Revenue was ${first} million in {year}, compared with ${second} million in {year - 1}."
    )
    asked, right, wrong = (year, first, second) if ask_later else (year - 1, second, first)
    question = f"What was revenue in FY{asked}?"
    assert check_answer(answer, f"${right} million", question=question).matched
    if abs(first - second) * 100 > max(first, second):  # apart by more than the rounding slack
        assert not check_answer(answer, f"${wrong} million", question=question).matched


# -- the subject the question asks the figure of ---------------------------------------------

SUBJECTS = [
    # (answer, gold, question, matched, selection)
    (
        "根据年报，公司2023年营业收入为128.74亿元，同比增长8.17%；归母净利润为15.03亿元。",
        "128.74亿元",
        "2023年营业收入是多少？",
        True,
        "subject",
    ),
    (
        "根据年报，公司2023年营业收入为128.74亿元，同比增长8.17%；归母净利润为15.03亿元。",
        "15.03亿元",
        "2023年营业收入是多少？",
        False,
        "subject",
    ),
    (
        "Revenue was $12.9 billion, up 8%; net income was $1.1 billion.",
        "$12.9 billion",
        "What was revenue in 2023?",
        True,
        "subject",
    ),
    # the last statement names the subject itself: it stands
    (
        "Net income was $1.1 billion; revenue was $12.9 billion.",
        "$12.9 billion",
        "What was revenue in 2023?",
        True,
        "last_statement",
    ),
    # an earlier sentence is never taken: "it" in the last one is the subject
    (
        "Revenue in 2022 was $11.9 billion. In 2023 it reached $12.9 billion.",
        "$12.9 billion",
        "What was revenue in 2023?",
        True,
        "last_statement",
    ),
]


@pytest.mark.parametrize(("answer", "gold", "question", "matched", "how"), SUBJECTS)
def test_the_figure_stated_for_the_questions_subject_is_judged(
    answer: str, gold: str, question: str, matched: bool, how: str
) -> None:
    check = check_answer(answer, gold, question=question)
    assert check.matched is matched, check.describe()
    assert check.selection == how


def test_question_subject() -> None:
    assert (
        question_subject("2023年归属于上市公司股东的净利润是多少？") == "归属于上市公司股东的净利润"
    )
    assert question_subject("What was the net income in FY2023?") == "net income"
    assert question_subject("What is the FY2018 capex (in USD millions) for 3M?") is None
    assert question_subject("营业收入同比增长了多少") == "营业收入同比增长了"


_METRICS = st.sampled_from(
    [("营业收入", "归母净利润"), ("归母净利润", "营业收入"), ("营业成本", "销售费用")]
)


@given(
    _METRICS,
    st.integers(min_value=101, max_value=9_999),
    st.integers(min_value=101, max_value=9_999),
)
def test_a_two_metric_answer_is_judged_on_the_asked_metric(
    metrics: tuple[str, str], first: int, second: int
) -> None:
    asked, other = metrics
    answer = f"公司2023年{asked}为{first}万元；{other}为{second}万元。"
    question = f"2023年{asked}是多少？"
    assert check_answer(answer, f"{first}万元", question=question).matched
    if abs(first - second) * 100 > max(first, second):  # apart by more than the rounding slack
        assert not check_answer(answer, f"{second}万元", question=question).matched

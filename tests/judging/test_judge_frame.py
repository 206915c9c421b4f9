"""The judge as users call it (issue 25): the gold in the question's frame, at the precision
graders use, and the same verdict from ``check_answer`` and ``evaluate``.

Eval scripts pass the answer, the gold as their dataset writes it and the
question, nothing else.  One rule reads the gold: text with its own scale is
as written; a bare gold ("$1577.00", "24.26", "8.70") is in the question's
unit unless it is written in full ("$1,577,000,000"); a number in base units
stays as given.  Trailing zeros after the point are padding; no gold accepts a
figure 5 % away, nor a wrong scale.  Tables: id, answer, gold, question or
unit, verdict, and the source (the kind of document or dataset the row
stands for).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import GoldCase, Prediction, check_answer, evaluate

Q_MILLIONS = "What is the FY2019 capital expenditure for 3M (in USD millions)?"
Q_BILLIONS = "What was Amcor's net PP&E at the end of FY2021 (in USD billions)?"
Q_THOUSANDS = "What were the FY2022 lease payments of the company (in USD thousands)?"
Q_PERCENT = "What is the FY2021 gross margin of Best Buy (in percent)?"
Q_YI = "华岳酒业2023年营业收入是多少亿元？"

# id, answer, gold as written, question, expected reason, source
FRAME = [
    ("usd-millions", "Capex was $1,577 million.", "$1577.00", Q_MILLIONS, "ok", "QA dataset"),
    ("usd-millions-usd", "It is 1,577 million USD.", "$1577.00", Q_MILLIONS, "ok", "QA dataset"),
    ("bare-number", "The answer is $1,577 million.", "1577.00", Q_MILLIONS, "ok", "QA dataset"),
    ("in-full-gold", "Capex was $1,577 million.", "$1,577,000,000", Q_MILLIONS, "ok", "10-K"),
    ("in-full-answer", "Capex: $1,577,000,000.", "$1577.00", Q_MILLIONS, "ok", "10-K text"),
    ("percent-bare", "The gross margin is 24.26%.", "24.26", Q_PERCENT, "ok", "QA dataset"),
    ("percent-fraction", "The gross margin is 24.26%.", "0.2426", Q_PERCENT, "ok", "base units"),
    ("percent-wrong", "The gross margin is 22.5%.", "24.26", Q_PERCENT, "out_of_tolerance", "QA"),
    ("thousands", "Lease payments were $4,264 thousand.", "$4264.00", Q_THOUSANDS, "ok", "10-Q"),
    (
        "thousands-x1000",
        "Lease payments: $4,264 million.",
        "$4264.00",
        Q_THOUSANDS,
        "wrong_scale",
        "Q",
    ),
    ("zh-yi", "2023年营业收入为8.7亿元。", "8.70", Q_YI, "ok", "年报问答"),
    ("zh-yi-full", "营业收入为870,000,000元。", "8.70", Q_YI, "ok", "年报问答"),
    ("zh-yi-gold-full", "营业收入为8.7亿元。", "870000000", Q_YI, "ok", "年报问答"),
    ("zh-yi-x10k", "营业收入为8.7万元。", "8.70", Q_YI, "wrong_scale", "年报问答"),
    # precision graders use: ".00" and "8.70" pad; finer answers that round to the gold pass
    ("padded-finer", "Capex was $302.6 million.", "$303.00", Q_MILLIONS, "ok", "10-K MD&A"),
    ("padded-full", "Capex was $302,578,000.", "$303.00", Q_MILLIONS, "ok", "10-K cash flow"),
    ("padded-billion", "Net PP&E was $8.738 billion.", "$8.70", Q_BILLIONS, "ok", "10-K note"),
    ("padded-in-millions", "Net PP&E was $8,738 million.", "$8.70", Q_BILLIONS, "ok", "10-K"),
    ("padded-far", "Net PP&E was $9.2 billion.", "$8.70", Q_BILLIONS, "out_of_tolerance", "10-K"),
    ("padded-x1000", "Net PP&E was $8.7 million.", "$8.70", Q_BILLIONS, "wrong_scale", "10-K"),
]


@pytest.mark.parametrize(
    ("text", "gold", "question", "reason"), [pytest.param(*r[1:5], id=r[0]) for r in FRAME]
)
def test_the_gold_in_the_question_frame(text: str, gold: str, question: str, reason: str) -> None:
    check = check_answer(text, gold, question=question)
    assert check.reason == reason, check.describe()
    case = GoldCase(qid="q", answer=gold, question=question)
    report = evaluate([Prediction(qid="q", text=text)], [case])
    assert (report.cases[0].verdict == "correct") == (reason == "ok"), report.cases[0].detail()


# id, answer, gold, options, expected reason, source
BY_OPTIONS: list[tuple[str, str, Any, dict[str, Any], str, str]] = [
    # a number with a scale word of its own keeps it; only a bare number takes the unit
    ("own-scale", "10 million", "10000", {"unit": "thousand"}, "wrong_scale", "issue 25"),
    ("own-scale-m", "4,264 million", "4264000", {"unit": "thousand"}, "wrong_scale", "10-Q"),
    ("bare-takes-unit", "4,264", "4264000", {"unit": "thousand"}, "ok", "10-Q table"),
    ("dollar-own-scale", "$10 million", "10000", {"unit": "thousand"}, "wrong_scale", "10-Q"),
    (
        "bare-with-dim",
        "$1,577 million",
        "1577.00",
        {"unit": "million", "dimension": "USD"},
        "ok",
        "QA",
    ),
    (
        "sign-with-dim",
        "$1,577 million",
        "$1577.00",
        {"unit": "million", "dimension": "USD"},
        "ok",
        "QA",
    ),
    # a number in base units is precise to two significant digits at least
    (
        "decimal-one",
        "The answer is 83.33",
        Decimal("1"),
        {"unit": "percent"},
        "out_of_tolerance",
        "QA",
    ),
    ("decimal-one-ok", "The answer is 100%", Decimal("1"), {"unit": "percent"}, "ok", "QA"),
    ("decimal-yi", "研发投入 12.5", Decimal("1250000000"), {"unit": "亿元"}, "ok", "年报"),
    # however coarse the gold, never 5 % away
    ("coarse-gold", "Revenue was $1.4 billion.", "$1 billion", {}, "out_of_tolerance", "press"),
    ("coarse-gold-near", "Revenue was $1.04 billion.", "$1 billion", {}, "ok", "press release"),
    ("zh-coarse", "净利润为1.3亿元。", "1亿元", {}, "out_of_tolerance", "业绩快报"),
]


@pytest.mark.parametrize(
    ("text", "gold", "options", "reason"), [pytest.param(*r[1:5], id=r[0]) for r in BY_OPTIONS]
)
def test_gold_and_answer_by_options(
    text: str, gold: Any, options: dict[str, Any], reason: str
) -> None:
    assert check_answer(text, gold, **options).reason == reason


_FIGURES = st.decimals(min_value=Decimal("10.00"), max_value=Decimal("99999.99"), places=2)


@given(value=_FIGURES, style=st.sampled_from(["${:,} million", "{:,} million USD", "$ {:,}M"]))
def test_the_gold_as_written_accepts_itself(value: Decimal, style: str) -> None:
    """Property: a dataset gold "$X" asked in millions accepts the same figure in millions."""
    answer = "The answer is " + style.format(value) + "."
    assert check_answer(answer, f"${value}", question=Q_MILLIONS).matched


@given(
    value=_FIGURES,
    factor=st.sampled_from(["1000", "0.001", "1.1", "0.9", "-1"]),
)
def test_a_wrong_figure_is_never_accepted(value: Decimal, factor: str) -> None:
    """Property: ×1,000, ÷1,000, 10 % away or the opposite sign is never a match."""
    wrong = value * Decimal(factor)
    answer = f"Therefore, capex was {'-' if wrong < 0 else ''}${abs(wrong):,} million."
    check = check_answer(answer, f"${value}", question=Q_MILLIONS)
    assert not check.matched, check.describe()


@given(value=_FIGURES, unit=st.sampled_from(["thousand", "million", "billion"]))
def test_a_scale_word_keeps_its_scale(value: Decimal, unit: str) -> None:
    """Property: "X million" under another unit is never X in that unit."""
    other = {"thousand": "million", "million": "billion", "billion": "thousand"}[unit]
    check = check_answer(f"The total is {value} {other}.", f"{value} {unit}", unit=unit)
    assert not check.matched, check.describe()


# -- hedges commit to nothing ------------------------------------------------------------

# id, answer, gold, expected reason, source
HEDGES = [
    (
        "en-cannot-perhaps",
        "I cannot determine this; perhaps $1.2 billion.",
        "$1.2 billion",
        "refused",
        "chat model",
    ),
    (
        "en-cannot-then-maybe",
        "The filing does not provide the figure. Maybe it is $1.2 billion.",
        "$1.2 billion",
        "refused",
        "RAG answer",
    ),
    ("zh-cannot-maybe", "无法确定。可能是8.7亿元", "8.7亿元", "refused", "中文问答模型"),
    (
        "zh-cannot-guess",
        "根据所给资料无法确定营业收入，估计为8.7亿元。",
        "8.7亿元",
        "refused",
        "研报问答",
    ),
    (
        "two-guesses",
        "It is likely $1.2 billion but possibly $1.5 billion.",
        "$1.2 billion",
        "no_number",
        "chat model",
    ),
    (
        "zh-two-guesses",
        "营业收入可能是8.7亿元，也可能是9.1亿元。",
        "8.7亿元",
        "no_number",
        "中文问答模型",
    ),
    # an exactness disclaimer takes nothing back: the estimate stands
    (
        "exactness-only",
        "I cannot give an exact figure, but it is about $1.2 billion.",
        "$1.2 billion",
        "ok",
        "chat model",
    ),
    # no refusal: a stated figure with "probably" in another sentence is still the answer
    (
        "no-refusal",
        "Revenue was $1.2 billion. Growth will probably continue.",
        "$1.2 billion",
        "ok",
        "analyst note",
    ),
]


@pytest.mark.parametrize(
    ("text", "gold", "reason"), [pytest.param(*r[1:4], id=r[0]) for r in HEDGES]
)
def test_a_hedge_commits_to_nothing(text: str, gold: str, reason: str) -> None:
    assert check_answer(text, gold).reason == reason
    report = evaluate([Prediction(qid="q", text=text)], [GoldCase(qid="q", answer=gold)])
    assert (report.cases[0].verdict == "correct") == (reason == "ok")


@given(
    value=st.decimals(min_value=Decimal("1.0"), max_value=Decimal("999.9"), places=1),
    refusal=st.sampled_from(["I cannot determine this", "The data is not available", "无法确定"]),
    guess=st.sampled_from(["perhaps", "possibly", "maybe", "可能是", "也许是"]),
)
def test_a_guess_after_a_refusal_is_never_a_match(value: Decimal, refusal: str, guess: str) -> None:
    """Property: however the refusal and the guess are worded, the guess is not accepted."""
    check = check_answer(f"{refusal}. {guess} ${value} billion.", f"${value} billion")
    assert not check.matched, check.describe()


# -- one concluding figure by subject, period and role ----------------------------------

Q_REV_2023 = "What was the company's revenue in 2023?"
Q_NI_2023 = "What was net income in FY2023?"
Q_ZH_2023 = "2023年营业收入是多少？"

# id, answer, gold, question, expected reason, source
ROLES = [
    (
        "base-loss",
        "Net income was $12 million in 2023, compared with a net loss of $3 million.",
        "-$3 million",
        Q_NI_2023,
        "wrong_sign",
        "earnings release",
    ),
    (
        "base-up-from",
        "Revenue was $12 million, up from $10 million.",
        "$10 million",
        Q_REV_2023,
        "out_of_tolerance",
        "10-K MD&A",
    ),
    (
        "level-up-from",
        "Revenue was $12 million, up from $10 million.",
        "$12 million",
        Q_REV_2023,
        "ok",
        "10-K MD&A",
    ),
    (
        "zh-from-to-base",
        "营业收入从119亿元增长至129亿元。",
        "119亿元",
        Q_ZH_2023,
        "out_of_tolerance",
        "年报经营情况讨论",
    ),
    ("zh-from-to-level", "营业收入从119亿元增长至129亿元。", "129亿元", Q_ZH_2023, "ok", "年报"),
    (
        "zh-jiao-base",
        "营业收入较上年的119亿元增长至129亿元。",
        "119亿元",
        Q_ZH_2023,
        "out_of_tolerance",
        "业绩快报",
    ),
    (
        "zh-growth-not-base",
        "营业收入为129亿元，与上年相比增长8.4%。",
        "8.4%",
        Q_ZH_2023,
        "ok",
        "年报",
    ),
    (
        "prior-year-last",
        "Revenue was $5.0 billion in 2023. In 2022, revenue was $4.6 billion.",
        "$4.6 billion",
        Q_REV_2023,
        "out_of_tolerance",
        "chat model",
    ),
    (
        "prior-year-right",
        "Revenue was $5.0 billion in 2023. In 2022, revenue was $4.6 billion.",
        "$5.0 billion",
        Q_REV_2023,
        "ok",
        "chat model",
    ),
    (
        "prior-year-only",
        "In 2022, revenue was $4.6 billion.",
        "$4.6 billion",
        Q_REV_2023,
        "no_number",
        "chat model",
    ),
    (
        "zh-prior-year",
        "2023年营业收入为129亿元。2022年营业收入为119亿元。",
        "119亿元",
        Q_ZH_2023,
        "out_of_tolerance",
        "年报问答",
    ),
    (
        "other-metric",
        "Revenue was $10 billion and cost of revenue was $6 billion.",
        "$6 billion",
        Q_REV_2023,
        "out_of_tolerance",
        "10-K income statement",
    ),
    (
        "other-metric-first",
        "Cost of revenue was $6 billion and revenue was $10 billion.",
        "$10 billion",
        Q_REV_2023,
        "ok",
        "10-K income statement",
    ),
    (
        "zh-other-metric",
        "营业收入为129亿元，营业成本为80亿元。",
        "80亿元",
        Q_ZH_2023,
        "out_of_tolerance",
        "年报",
    ),
]


@pytest.mark.parametrize(
    ("text", "gold", "question", "reason"), [pytest.param(*r[1:5], id=r[0]) for r in ROLES]
)
def test_the_figure_by_subject_period_and_role(
    text: str, gold: str, question: str, reason: str
) -> None:
    assert check_answer(text, gold, question=question).reason == reason
    case = GoldCase(qid="q", answer=gold, question=question)
    report = evaluate([Prediction(qid="q", text=text)], [case])
    assert (report.cases[0].verdict == "correct") == (reason == "ok")


_BILLIONS = st.decimals(min_value=Decimal("1.0"), max_value=Decimal("99.9"), places=1)
_SENTENCES = [
    "Revenue was ${now} billion in 2023, compared with ${before} billion in 2022.",
    "Revenue was ${now} billion in 2023. In 2022, revenue was ${before} billion.",
    "In 2023 revenue rose to ${now} billion, up from ${before} billion.",
    "Revenue grew from ${before} billion to ${now} billion in 2023.",
]
_SENTENCES_ZH = [
    "2023年营业收入从{before}亿元增长至{now}亿元。",
    "2023年营业收入为{now}亿元，较上年的{before}亿元有所变化。",
    "2023年营业收入为{now}亿元。2022年营业收入为{before}亿元。",
]


@given(
    now=_BILLIONS,
    before=_BILLIONS,
    template=st.sampled_from([*_SENTENCES, *_SENTENCES_ZH]),
)
def test_the_base_or_the_prior_year_is_never_the_answer(
    now: Decimal, before: Decimal, template: str
) -> None:
    """Property: asked for 2023, the 2023 level is right or refused, the base never right."""
    if abs(now - before) <= now * Decimal("0.06"):
        return  # too close to tell apart at the gold's precision
    text = template.format(now=now, before=before)
    zh = template in _SENTENCES_ZH
    question = Q_ZH_2023 if zh else Q_REV_2023
    unit = "亿元" if zh else " billion"
    right = check_answer(text, f"{now}{unit}" if zh else f"${now}{unit}", question=question)
    assert right.matched or right.reason in ("no_number", "refused"), right.describe()
    wrong = check_answer(text, f"{before}{unit}" if zh else f"${before}{unit}", question=question)
    assert not wrong.matched, wrong.describe()


# -- direction and losses alike in gold and answer; years and labels ---------------------

Q_DEBT = "By how much did Verizon's debt decrease in FY2023 (in USD millions)?"
Q_NET_INCOME = "What was the company's net income in FY2022?"
Q_ZH_NI = "2022年净利润是多少？"

# id, answer, gold, question or None, expected reason, source
SIGNS_AND_YEARS: list[tuple[str, str, str, str | None, str, str]] = [
    (
        "gold-decrease-self",
        "Verizon's debt decreased by $229 million",
        "Verizon's debt decreased by $229 million",
        None,
        "ok",
        "QA dataset gold sentence",
    ),
    (
        "gold-decrease-fell",
        "Debt fell $229 million.",
        "Verizon's debt decreased by $229 million",
        None,
        "ok",
        "RAG answer",
    ),
    (
        "gold-decrease-rose",
        "Debt rose $229 million.",
        "Verizon's debt decreased by $229 million",
        None,
        "wrong_sign",
        "RAG answer",
    ),
    (
        "size-asked",
        "Debt decreased by $229 million.",
        "Verizon's debt decreased by $229 million",
        Q_DEBT,
        "ok",
        "QA dataset",
    ),
    ("size-asked-bare", "The answer is 229.", "$229.00", Q_DEBT, "ok", "QA dataset"),
    (
        "loss-as-income",
        "The company reported a net loss of $546 million.",
        "a net loss of $546 million",
        Q_NET_INCOME,
        "ok",
        "10-K",
    ),
    (
        "loss-as-income-pos",
        "Net income was $546 million.",
        "a net loss of $546 million",
        Q_NET_INCOME,
        "wrong_sign",
        "10-K",
    ),
    ("zh-loss", "公司净亏损5.46亿元。", "净亏损5.46亿元", Q_ZH_NI, "ok", "年报"),
    ("zh-loss-profit", "公司净利润为5.46亿元。", "净亏损5.46亿元", Q_ZH_NI, "wrong_sign", "年报"),
    ("answer-is-year-like", "Counting the stores, the answer is 1920", "1920", None, "ok", "chat"),
    ("answer-is-bold", "So the final answer is: **1920**.", "1920", None, "ok", "chat model"),
    (
        "answer-dollar-no-dim",
        "Adding the two: 10,000 + 250. Therefore, the answer is $10,250.",
        "10250",
        None,
        "ok",
        "chat model",
    ),
    (
        "label-bracket",
        "Net income was $1,234 million (2002).",
        "$1,234 million",
        None,
        "ok",
        "10-K",
    ),
    ("times-ratio", "The quick ratio is 0.96x.", "0.958", None, "ok", "analyst note"),
    ("zh-times-ratio", "速动比率为0.96倍。", "0.958", None, "ok", "研报"),
]


@pytest.mark.parametrize(
    ("text", "gold", "question", "reason"),
    [pytest.param(*r[1:5], id=r[0]) for r in SIGNS_AND_YEARS],
)
def test_signs_years_and_labels(text: str, gold: str, question: str | None, reason: str) -> None:
    assert check_answer(text, gold, question=question).reason == reason
    case = GoldCase(qid="q", answer=gold, question=question)
    report = evaluate([Prediction(qid="q", text=text)], [case])
    assert (report.cases[0].verdict == "correct") == (reason == "ok")


def test_a_ratio_gold_accepts_a_multiple() -> None:
    assert check_answer("The quick ratio is 0.96x.", "0.958", dimension="RATIO").matched
    assert not check_answer("The quick ratio is 1.2x.", "0.958", dimension="RATIO").matched


@given(
    value=st.decimals(min_value=Decimal("1"), max_value=Decimal("9999"), places=0),
    verb=st.sampled_from(["decreased by", "fell", "declined by", "dropped"]),
)
def test_a_gold_sentence_judged_against_itself_is_ok(value: Decimal, verb: str) -> None:
    """Property: a gold written as a sentence is read by the answer's rules: itself matches."""
    sentence = f"Total debt {verb} ${value:,} million"
    assert check_answer(sentence, sentence).matched
    opposite = check_answer(f"Total debt increased by ${value:,} million", sentence)
    assert opposite.reason == "wrong_sign"


# -- several figures and nothing to tell them apart: ambiguous, never "any figure" -------

# id, answer, gold, question or None, expected reason, source
SEVERAL = [
    (
        "two-metrics",
        "Capex was $1,577 million and depreciation was $1,200 million.",
        "$1,200 million",
        None,
        "ambiguous",
        "10-K cash flow",
    ),
    (
        "two-years-no-year-asked",
        "Revenue was $5.0 billion in 2023 and $4.6 billion in 2022.",
        "$4.6 billion",
        None,
        "ambiguous",
        "chat model",
    ),
    (
        "zh-two-metrics",
        "营业收入8.7亿元，营业成本6.2亿元。",
        "6.2亿元",
        None,
        "ambiguous",
        "年报摘要",
    ),
    (
        "restated",
        "Dividends were $389 million ($0.389 billion).",
        "$0.40 billion",
        None,
        "ok",
        "10-K",
    ),
    (
        "subject-decides",
        "Capex was $1,577 million and net income was $1,200 million.",
        "$1,200 million",
        "What was net income in 2019?",
        "ok",
        "10-K",
    ),
    (
        "year-decides",
        "Revenue was $5.0 billion in 2023 and $4.6 billion in 2022.",
        "$4.6 billion",
        "What was revenue in 2022?",
        "ok",
        "chat model",
    ),
    (
        "change-and-level",
        "Revenue fell $5 million to $20 million.",
        "$20 million",
        None,
        "ok",
        "10-Q MD&A: a change and a level are two roles",
    ),
    (
        "zh-level-change-base",
        "公司2023年毛利率为35.3%，较2022年的36.5%下降1.2个百分点。",
        "35.3%",
        None,
        "ok",
        "年报: level, base and change",
    ),
]


@pytest.mark.parametrize(
    ("text", "gold", "question", "reason"), [pytest.param(*r[1:5], id=r[0]) for r in SEVERAL]
)
def test_several_figures_are_ambiguous(
    text: str, gold: str, question: str | None, reason: str
) -> None:
    check = check_answer(text, gold, question=question)
    assert check.reason == reason, check.describe()
    assert check_answer(text, gold, question=question, select="any").matched


@given(
    first=_BILLIONS,
    second=_BILLIONS,
    metrics=st.sampled_from([("Capex", "depreciation"), ("营业收入", "营业成本")]),
)
def test_of_two_figures_neither_is_accepted_alone(
    first: Decimal, second: Decimal, metrics: tuple[str, str]
) -> None:
    """Property: two different figures, nothing to choose: never "ok" for either."""
    if abs(first - second) <= max(first, second) * Decimal("0.06"):
        return
    zh = metrics[0].isascii() is False
    a, b = metrics
    if zh:
        text, gold = f"{a}{first}亿元，{b}{second}亿元。", f"{second}亿元"
    else:
        text, gold = (
            f"{a} was ${first} billion and {b} was ${second} billion.",
            f"${second} billion",
        )
    assert not check_answer(text, gold).matched


# -- the question's instruction wins over padding ----------------------------------------

Q_PCT_2DP = "What is the FY2021 gross margin (in percent)? Round your answer to two decimal places."
Q_ZH_2DP = "2023年毛利率是多少（%）？保留两位小数"
Q_DAYS_2DP = "What is the FY2019 DPO? Round your answer to two decimal places."

# id, answer, gold, question, expected reason, source
PLACES = [
    ("zeros-asked", "The margin is 24.26%.", "24.30", Q_PCT_2DP, "out_of_tolerance", "QA dataset"),
    ("zeros-asked-ok", "The margin is 24.30%.", "24.30", Q_PCT_2DP, "ok", "QA dataset"),
    ("zeros-padding", "The margin is 24.26%.", "24.30", Q_PERCENT, "ok", "QA dataset"),
    ("zh-zeros-asked", "毛利率为24.26%。", "24.30%", Q_ZH_2DP, "out_of_tolerance", "研报问答"),
    ("coarser-gold-keeps", "DPO is -3.76 days.", "-3.7", Q_DAYS_2DP, "ok", "QA dataset"),
]


@pytest.mark.parametrize(
    ("text", "gold", "question", "reason"), [pytest.param(*r[1:5], id=r[0]) for r in PLACES]
)
def test_the_question_s_places_win_over_padding(
    text: str, gold: str, question: str, reason: str
) -> None:
    assert check_answer(text, gold, question=question).reason == reason
    report = evaluate(
        [Prediction(qid="q", text=text)], [GoldCase(qid="q", answer=gold, question=question)]
    )
    assert (report.cases[0].verdict == "correct") == (reason == "ok")

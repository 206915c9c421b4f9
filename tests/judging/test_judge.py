"""Judging like a careful grader: the concluding figure, refusals, direction, labels, units.

Every answer here was written for these tests in the styles LLMs answer
filing questions in (working, then a conclusion; refusals; bilingual); none is
taken from a dataset.  Each table row carries an id, the answer, the gold as a
user passes it (a number in base units, or as written with its unit), the
expected dimension and question unit, the verdict, and the family it stands for.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import GoldCase, Prediction, Tolerance, check_answer, evaluate

# id, answer, gold, dimension, unit, matched, reason, source
FINAL_ANSWER = [
    (
        "working-then-therefore",
        "Capex was $1,832 million and acquisitions $636 million.\n"
        "Total investing = $1,832 million + $636 million = $2,468 million.\n"
        "Therefore, total investing outflow was $2,468 million.",
        "$1,832 million",
        None,
        None,
        False,
        "out_of_tolerance",
        "the gold is an intermediate; the answer concludes something else",
    ),
    (
        "working-then-therefore-right",
        "Capex was $1,832 million and acquisitions $636 million.\n"
        "Therefore, capex for the year was $1,832 million.",
        "$1,832 million",
        None,
        None,
        True,
        "ok",
        "the conclusion states the gold",
    ),
    (
        "equation-result-side",
        "So, the margin is ($14,275 million / $86,392 million) * 100 = 16.52%.",
        "16.5%",
        None,
        None,
        True,
        "ok",
        "figures after the last '=' are the result; operands are context",
    ),
    (
        "equation-only-operand-matches",
        "So, the change is (1,494 - 903) / 903 = 65.2%.",
        "0.903",
        "RATIO",
        "percent",
        False,
        "out_of_tolerance",
        "an operand equal to the gold is not the answer",
    ),
    (
        "so-after-comma",
        "Average inventory is $2,694 million, so the turnover ratio is 6.24.",
        "6.25",
        None,
        None,
        True,
        "ok",
        "'so' opens a clause: a conclusion; 6.24 is one unit off a derived gold",
    ),
    (
        "the-answer-is",
        "Operating cash flow was $1,469.5 million against current liabilities of "
        "$2,213.6 million. The answer is 0.66.",
        "0.66",
        None,
        None,
        True,
        "ok",
        "'The answer is' marks the conclusion",
    ),
    (
        "rounded-to-marker",
        "Percentage change = 0.6538 * 100\nPercentage change ≈ 65.38%\n\n"
        "Rounded to one decimal place, the change is 65.4%.",
        "65.4%",
        None,
        None,
        True,
        "ok",
        "'Rounded to' opens the final step",
    ),
    (
        "therefore-mid-sentence",
        "The average inventory is $2,694 million. "
        "The turnover ratio is therefore $16,830 million / $2,694 million = 6.25.",
        "6.25",
        None,
        None,
        True,
        "ok",
        "'therefore' inside a sentence still concludes",
    ),
    (
        "colon-then-working",
        "Finally, we calculate the CCC:\n\nCCC = DIO + DSO - DPO\n"
        "CCC = 52.71 days + 36.38 days - 92.85 days\nCCC = -3.76 days",
        "-3.7",
        None,
        None,
        True,
        "ok",
        "a marker ending in a colon concludes with the last line of its working",
    ),
    (
        "continuation-lines",
        "Therefore,\nDPO = 365 * (29,963) / (111,934 + 4,586)\n     = 365 * 29,963 / 116,520\n"
        "     = 93.55",
        "93.86",
        None,
        None,
        False,
        "out_of_tolerance",
        "lines opening with '=' continue the calculation; 93.55 is the answer",
    ),
    (
        "explanation-after-answer",
        "The working capital ratio for FY2020 is 0.68. This means that for every dollar of "
        "current liabilities, the company has approximately 68 cents of current assets.",
        "0.68",
        None,
        None,
        True,
        "ok",
        "'This means …' restates; it is not the answer sentence",
    ),
    (
        "no-marker-last-statement",
        "Net revenue for 2015 was $3,991 million and D&A was $167 million. "
        "D&A as a share of revenue was 4.18%.",
        "4.2%",
        None,
        None,
        True,
        "ok",
        "without a marker the last sentence stating a figure is judged",
    ),
    (
        "comparison-base-is-context",
        "Therefore, revenue for 2019 was $6.1 billion, up from $5.2 billion in 2018.",
        "5200000000",
        "USD",
        None,
        False,
        "out_of_tolerance",
        "a figure after 'up from' is a base, not the answer",
    ),
    (
        "restated-in-brackets",
        "Therefore, the company paid $0.389 billion (or $389 million) in dividends.",
        "$0.39 billion",
        None,
        None,
        True,
        "ok",
        "one value stated twice",
    ),
    (
        "zh-yinci",
        "2023年营业收入为80.5亿元，2024年为87.4亿元。因此，2024年营业收入同比增长8.6%。",
        "0.086",
        "RATIO",
        None,
        True,
        "ok",
        "因此 marks the conclusion",
    ),
    (
        "zh-zongshang-intermediate",
        "经营活动现金流量净额为12.3亿元，资本开支为4.1亿元。"
        "自由现金流 = 12.3亿元 - 4.1亿元 = 8.2亿元。综上，自由现金流为8.2亿元。",
        "1230000000",
        "CNY",
        None,
        False,
        "out_of_tolerance",
        "综上 concludes 8.2亿; the gold 12.3亿 is an input",
    ),
    (
        "zh-daanshi",
        "根据资产负债表，流动资产为512.1亿元，流动负债为749.2亿元，答案是0.68。",
        "0.68",
        None,
        None,
        True,
        "ok",
        "答案是 marks the answer",
    ),
    (
        "zh-zuizhong",
        "第一步，计算平均存货：(26.7 + 27.2) / 2 = 26.95亿元。最终，存货周转率为6.25倍。",
        "6.25",
        "MULTIPLE",
        None,
        True,
        "ok",
        "最终 concludes; 倍 is a multiple",
    ),
    (
        "markdown-bold-answer",
        "**Step 1:** Inventories at FY2019 year end are on the balance sheet.\n\n"
        "**Answer:** **$5,409 million**",
        "$5409.00",
        None,
        "million",
        True,
        "ok",
        "Markdown emphasis around a figure is not multiplication",
    ),
    (
        "markdown-italic-answer",
        "Inventories were *$5,409 million* at year end.",
        "$5409.00",
        None,
        "million",
        True,
        "ok",
        "a single asterisk glued to the figure is emphasis",
    ),
    (
        "markdown-bold-wrong",
        "Inventories: 5,409. **Total current assets: $16,525 million**",
        "$5409.00",
        None,
        "million",
        False,
        "out_of_tolerance",
        "the bold last statement is judged, not the earlier figure",
    ),
    (
        "asterisk-product-is-operand",
        "Remaining cost = 0.10 * $700 million = $70 million",
        "$700 million",
        None,
        None,
        False,
        "wrong_scale",
        "a starred product's operands are context",
    ),
    (
        "prose-with-three-figures-is-no-row",
        "根据财报，公司2023年毛利率为35.3%，较2022年的36.5%下降1.2个百分点。",
        "35.3%",
        None,
        None,
        True,
        "ok",
        "prose naming each of three figures states them; only a wordless run is a row",
    ),
    (
        "table-dump-is-no-answer",
        "Years Ended December 31,\n2022 2021 2020\nTotal net sales 65,984 67,044 65,398\n"
        "Cost of sales 57,983 57,983 56,744",
        "65398000000",
        "USD",
        "million",
        False,
        "no_number",
        "rows of filing data state no answer, even when the gold is among them",
    ),
]


@pytest.mark.parametrize(
    ("text", "gold", "dimension", "unit", "matched", "reason"),
    [pytest.param(*row[1:7], id=row[0]) for row in FINAL_ANSWER],
)
def test_final_answer_table(
    text: str, gold: str, dimension: str | None, unit: str | None, matched: bool, reason: str
) -> None:
    check = check_answer(text, gold, dimension=dimension, unit=unit)
    assert (check.matched, check.reason) == (matched, reason), check.describe()


def test_the_check_says_which_figure_was_judged_and_why() -> None:
    text = "Net income was $5,363 million. Therefore, capex was $1,577 million."
    check = check_answer(text, "$1,577 million")
    assert check.matched
    assert check.selection == "conclusion"
    assert check.marker == "Therefore"
    assert check.found is not None
    assert check.found.raw == "$1,577 million"
    assert check.statement is not None
    assert text[slice(*check.statement)].startswith("Therefore")
    assert "concluded after 'Therefore'" in check.describe()
    plain = check_answer("Capex was $1,577 million.", "$1,577 million")
    assert (plain.selection, plain.marker) == ("last_statement", None)
    assert check_answer("no figure here", "1").selection == "none"


def test_any_figure_for_short_extractive_answers() -> None:
    text = "Capex: $1,577 million; net income: $5,363 million."
    assert not check_answer(text, "$1,577 million").matched  # the last statement is judged
    check = check_answer(text, "$1,577 million", select="any")
    assert (check.matched, check.selection) == (True, "any")
    report = evaluate(
        [{"qid": "q", "text": text}],
        [{"qid": "q", "answer": "$1,577 million"}],
        select="any",
    )
    assert report.cases[0].reason == "ok"
    with pytest.raises(ValueError, match="select"):
        check_answer(text, "1", select="all")  # type: ignore[arg-type]


# -- refusals, scoped to the sentence that carries the answer ---------------------------

REFUSALS = [
    (
        "en-info-not-include",
        "I'm sorry, but the information provided does not include the FY2018 capital "
        "expenditure for 3M.",
        "refusal: an apology and missing information",
    ),
    ("en-cant", "I'm sorry, but I can't answer that from these excerpts.", "refusal: inability"),
    ("en-doc-not-provide", "The document does not provide the FY2020 free cash flow.", "refusal"),
    (
        "en-cannot-be-determined",
        "The ratio cannot be determined from the excerpt, which lacks total current liabilities.",
        "refusal",
    ),
    (
        "en-no-access",
        "As an AI, I don't have access to real-time financial databases. To find FY2019 "
        "inventories, you would need to look at the 10-K for 2019.",
        "refusal: no access, then where to look",
    ),
    (
        "en-how-to-with-formula",
        "To calculate DPO you need: 1. Accounts payable for FY2016 and FY2017. 2. COGS for "
        "FY2017. Then DPO = 365 * (average accounts payable) / COGS. Please provide these "
        "figures and I can calculate it.",
        "refusal: a recipe with list numbers and formula constants",
    ),
    (
        "en-multiply-by-100",
        "I can't provide the figure. Divide D&A by revenue and multiply by 100 to get the margin.",
        "refusal: 'multiply by 100' is no answer",
    ),
    (
        "en-therefore-cannot",
        "Average accounts payable = ($25,309 million + $34,616 million) / 2 = $29,962.5 million. "
        "Without the COGS for FY2017 the calculation cannot be completed. Therefore, I cannot "
        "provide the FY2017 DPO.",
        "refusal: the conclusion refuses",
    ),
    (
        "en-hypothetical-example",
        "For example, if the margins were 15%, 18% and 20%, the average would be 17.7%. "
        "Please provide the actual figures and I can calculate the average.",
        "refusal: a worked example is no answer",
    ),
    (
        "en-ends-cannot-calculate",
        "In 2020 capital expenditures were $271 million and in 2019 $739 million. Without the "
        "2018 figure, it is not possible to calculate the three-year average.",
        "refusal: figures of another dimension, then it cannot answer",
    ),
    (
        "en-no-exact-figure-and-none-given",
        "As an AI, I can't provide the exact cash conversion cycle. Here's how: calculate DIO "
        "by multiplying 365 by the average inventory, then divide by COGS.",
        "refusal: disclaiming exactness without an estimate, then a recipe",
    ),
    (
        "en-exact-inputs-missing",
        "The 2018 ratio was 12.6%. Without the exact revenue figures for 2019, I cannot "
        "calculate the average.",
        "refusal: 'exact' qualifies the missing inputs, not the answer",
    ),
    ("en-could-not-find", "I could not find the FY2018 capex in the provided document.", "refusal"),
    ("en-cannot-be-derived", "The margin cannot be derived from these statements.", "refusal"),
    ("en-isnt-enough", "There isn't enough information to calculate the DPO.", "refusal"),
    ("en-na", "N/A", "refusal: a bare 'not applicable'"),
    ("en-do-not-know", "I do not know.", "refusal"),
    ("zh-wufacong", "无法从提供的文件中找到相关数据。", "refusal"),
    ("zh-zanwu", "暂无相关数据。", "refusal"),
    ("zh-wufaqueding", "根据所给资料，无法确定该公司2023年的毛利率。", "refusal"),
    ("zh-weipilu", "年报中未披露2024年第四季度的营业收入。", "refusal"),
    ("zh-meiyoutigong", "资料中没有提供计算自由现金流所需的资本开支数据。", "refusal"),
]


@pytest.mark.parametrize("text", [pytest.param(r[1], id=r[0]) for r in REFUSALS])
def test_refusals_are_refused_never_matched(text: str) -> None:
    for gold, dimension, unit in (
        ("0.019", "RATIO", "percent"),
        ("93.86", None, None),
        ("1577000000", "USD", "million"),
    ):
        check = check_answer(text, gold, dimension=dimension, unit=unit)
        assert check.reason == "refused", check.describe()


ANSWERS_DESPITE_A_PHRASE = [
    (
        "caveat-aside",
        "营业收入为8.7亿元（报告未披露分部数据）。",
        "870000000",
        "CNY",
        "the caveat is an aside",
    ),
    (
        "caveat-before",
        "The filing does not contain segment data; total revenue was $1.2 billion.",
        "1200000000",
        "USD",
        "the caveat is its own sentence",
    ),
    (
        "caveat-after",
        "Therefore, capex was $1,577 million. The split by segment is not disclosed.",
        "1577000000",
        "USD",
        "a remark after the conclusion, not a refusal of the answer",
    ),
    (
        "estimate-then-no-exact-figure",
        "Capex was approximately $1.58 billion. I cannot provide an exact figure.",
        "1577000000",
        "USD",
        "disclaiming exactness leaves the estimate standing",
    ),
    (
        "estimate-though-not-precise",
        "Capex was about $1,577 million, though I am unable to give a precise number.",
        "1577000000",
        "USD",
        "the same in one sentence",
    ),
    (
        "zh-estimate-no-exact",
        "资本开支约为15.77亿美元。无法给出准确数字。",
        "1577000000",
        "USD",
        "无法给出准确数字 disclaims exactness only",
    ),
]


@pytest.mark.parametrize(
    ("text", "gold", "dimension"),
    [pytest.param(*r[1:4], id=r[0]) for r in ANSWERS_DESPITE_A_PHRASE],
)
def test_a_phrase_outside_the_answer_sentence_does_not_refuse(
    text: str, gold: str, dimension: str
) -> None:
    assert check_answer(text, gold, dimension=dimension).matched


# -- direction, negation and alternatives -------------------------------------------------

DIRECTION = [
    ("zh-negative-growth", "营业收入负增长12%。", "-0.12", "RATIO", True, "负增长"),
    ("zh-die", "公司股价跌12%。", "-0.12", "RATIO", True, "跌"),
    ("zh-weisuo", "市场规模萎缩12%。", "-0.12", "RATIO", True, "萎缩"),
    ("zh-net-outflow", "北向资金净流出5.7亿元。", "-570000000", "CNY", True, "净流出"),
    ("en-slid", "Revenue slid 12% year over year.", "-0.12", "RATIO", True, "slid"),
    ("en-plunged", "Operating income plunged 12%.", "-0.12", "RATIO", True, "plunged"),
    ("en-noun-after", "The segment saw a 12% decline in sales.", "-0.12", "RATIO", True, "after"),
    ("en-lower-after", "Costs were 12% lower than a year ago.", "-0.12", "RATIO", True, "after"),
    ("en-slid-is-not-up", "Revenue slid 12%.", "0.12", "RATIO", False, "wrong sign"),
    ("en-negative-ratio", "The growth rate was negative 5%.", "-0.05", "RATIO", True, "negative"),
    ("en-minus-ratio", "Organic growth: minus 5%.", "-0.05", "RATIO", True, "minus"),
    ("en-minus-is-not-up", "Organic growth: minus 5%.", "0.05", "RATIO", False, "minus"),
    (
        "en-negative-elsewhere",
        "Despite negative market sentiment, the margin reached 5%.",
        "0.05",
        "RATIO",
        True,
        "a word of another phrase",
    ),
    (
        "zh-bingfei",
        "营收并非8.7亿元，而是9.1亿元。",
        "910000000",
        "CNY",
        True,
        "a negated figure is denied",
    ),
    ("zh-bingfei-denied", "营收并非8.7亿元，而是9.1亿元。", "870000000", "CNY", False, "denied"),
    (
        "en-either-or",
        "Revenue was either $1.2 billion or $5 billion.",
        "1200000000",
        "USD",
        False,
        "alternatives assert nothing",
    ),
]


@pytest.mark.parametrize(
    ("text", "gold", "dimension", "matched"), [pytest.param(*r[1:5], id=r[0]) for r in DIRECTION]
)
def test_direction_negation_and_alternatives(
    text: str, gold: str, dimension: str, matched: bool
) -> None:
    assert check_answer(text, gold, dimension=dimension).matched is matched


def test_either_or_states_nothing() -> None:
    check = check_answer(
        "Revenue was either $1.2 billion or $5 billion.", "1.2E+9", dimension="USD"
    )
    assert check.reason == "no_number"


@pytest.mark.parametrize(
    "text",
    [
        "The amount for 3M is in the cash flow statement.",
        "See the 10-K for FY2019, Q3 results and Note 8.",
        "According to Form 10-Q, Item 7 discusses the S&P 500 index.",
        "3M的年报（10-K）第3页讨论了Q3的情况。",
    ],
)
def test_labels_are_never_amounts(text: str) -> None:
    for gold in ("3000000", "10", "3", "2019", "8", "500"):
        check = check_answer(text, gold, dimension="USD", unit="million")
        assert not check.matched, check.describe()


def test_3m_the_company_is_not_three_million_but_3m_dollars_are() -> None:
    assert not check_answer("The amount for 3M was not given.", "3000000", dimension="USD").matched
    assert check_answer("The fee was $3M.", "3000000", dimension="USD").matched


# -- units written in answers -------------------------------------------------------------

UNITS = [
    ("days", "Therefore, DPO is approximately 93.89 days.", "93.86", None, True),
    ("days-dimension", "DPO ≈ 93.9 days", "93.86", "DAYS", True),
    ("days-zh", "应付账款周转天数为93.9天。", "93.86", "DAYS", True),
    ("times-x", "Debt to EBITDA was 1.73x.", "1.73", "MULTIPLE", True),
    ("times-word", "Interest coverage was 12.4 times.", "12.4", "MULTIPLE", True),
    ("bei", "市盈率为12.5倍。", "12.5", "MULTIPLE", True),
    ("shares", "Shares outstanding were 1,234,567 shares.", "1234567", "SHARES", True),
    ("per-share-en", "Diluted EPS was $2.35 per share.", "2.35", "USD_PER_SHARES", True),
    ("per-share-eps", "EPS of $2.35 beat estimates.", "2.35", "USD_PER_SHARES", True),
    ("per-share-plain", "Diluted earnings were $2.35.", "2.35", "USD_PER_SHARES", True),
    ("per-share-zh", "基本每股收益为0.85元。", "0.85", "CNY_PER_SHARES", True),
    ("per-share-wrong-currency", "每股收益为0.85元。", "0.85", "USD_PER_SHARES", False),
    ("per-share-slash-zh", "基本每股收益为0.85元/股。", "0.85", "CNY_PER_SHARES", True),
    ("per-share-slash-en", "Diluted EPS was $2.35/share.", "2.35", "USD_PER_SHARES", True),
    (
        "per-share-after-division",
        "EPS = $5,000 million / 2,128 million shares = $2.35/share",
        "2.35",
        "USD_PER_SHARES",
        True,
    ),
    ("days-are-not-percent", "DPO is 93.9 days.", "0.939", "RATIO", False),
    ("days-accounting-negative", "The cash conversion cycle is (3.7) days.", "-3.7", None, True),
    ("days-accounting-not-positive", "The CCC is (3.7) days.", "3.7", None, False),
    ("days-minus", "The cash conversion cycle is -3.76 days.", "-3.7", None, True),
    ("turnover-ci", "存货周转率 = 80.5 / 12.9 ≈ 6.24次。", "6.25", None, True),
    ("turns", "Inventory turned over 6.25 turns in FY2019.", "6.25", "MULTIPLE", True),
    (
        "days-negative-word",
        "The cash conversion cycle was negative 3.7 days.",
        "-3.7",
        None,
        True,
    ),
]


@pytest.mark.xfail(
    strict=True,
    reason="the parser reads a bracketed decimal without unit or grouping ('(3.70)') as "
    "positive; wanted from the reading stage: an accounting negative after a copula",
)
def test_a_bare_bracketed_decimal_is_negative() -> None:
    assert check_answer("The cash conversion cycle is (3.70).", "-3.7").matched


@pytest.mark.parametrize(
    ("text", "gold", "dimension", "matched"), [pytest.param(*r[1:5], id=r[0]) for r in UNITS]
)
def test_units_in_answers(text: str, gold: str, dimension: str | None, matched: bool) -> None:
    check = check_answer(text, gold, dimension=dimension)
    assert check.matched is matched, check.describe()


def test_days_carry_their_dimension() -> None:
    check = check_answer("DPO is 93.9 days.", "93.86")
    assert check.found is not None
    assert (check.found.dimension, check.found.raw) == ("DAYS", "93.9 days")


# -- properties ---------------------------------------------------------------------------

amounts = st.integers(min_value=1_000, max_value=999_999)
working_words = st.sampled_from(
    [
        "Revenue was $%s million.",
        "Capex = $%s million - $12 million.",
        "Last year the figure was $%s million.",
        "营业收入为%s百万美元。",
    ]
)


@given(gold=amounts, other=amounts, template=working_words)
def test_the_gold_in_the_working_never_rescues_a_wrong_conclusion(
    gold: int, other: int, template: str
) -> None:
    if abs(gold - other) <= 1:
        return
    text = (template % f"{gold:,}") + f" Therefore, the answer is ${other:,} million."
    check = check_answer(text, f"${gold:,} million")
    assert not check.matched, text
    assert check.selection == "conclusion"


@given(gold=amounts, noise=amounts, template=working_words)
def test_a_conclusion_stating_the_gold_matches_whatever_the_working(
    gold: int, noise: int, template: str
) -> None:
    text = (template % f"{noise:,}") + f"\nSo, capex was ${gold:,} million."
    assert check_answer(text, f"${gold:,} million").matched, text


phrases = st.sampled_from(
    [
        "cannot be determined",
        "is not provided",
        "无法确定",
        "未披露",
        "I'm sorry, but I can't say whether",
        "does not include",
    ]
)


@given(gold=amounts, phrase=phrases)
def test_a_refusal_in_the_answer_sentence_is_never_a_match(gold: int, phrase: str) -> None:
    text = f"Therefore, it {phrase} capex was ${gold:,} million."
    check = check_answer(text, f"${gold:,} million")
    assert not check.matched
    assert check.reason == "refused"


def test_rounding_slack_can_be_switched_off() -> None:
    assert check_answer("DPO is 93.89 days.", "93.86").matched
    strict = Tolerance(rounding_slack=False)
    assert not check_answer("DPO is 93.89 days.", "93.86", tolerance=strict).matched
    assert check_answer("DPO is 93.9 days.", "93.86", tolerance=strict).matched


def test_plain_number_gold_ignores_money_in_the_answer_sentence() -> None:
    text = "Average inventory was $2,694 million and the turnover ratio 6.25."
    check = check_answer(text, "6.25")
    assert check.matched
    assert check.found is not None
    assert check.found.raw == "6.25"
    assert check_answer("It was $6.25.", Decimal("6.25")).matched  # only money: judged anyway


# -- the fast path reads the tail first; the general rules decide the same -----------------

fragments = st.sampled_from(
    [
        "Revenue was $5.2 million. ",
        "Capex = $1,832 million + $636 million = $2,468 million. ",
        "Therefore, capex was $2,468 million. ",
        "So the margin is 16.5%. ",
        "The filing does not include segment data. ",
        "I'm sorry, but I cannot provide the figure. ",
        "For example, 12% would be high. ",
        "This means 68 cents per dollar. ",
        "营业收入为8.7亿元，同比增长12.3%（华岳酒业·2023年报·P12）。",
        "因此，营业收入为9.1亿元。",
        "资料未披露2024年营业收入。",
        "DPO is 93.9 days. ",
        "Revenue was either $1.2 billion or $5 billion. ",
        "1. Find the accounts payable. ",
        "approx. 5%. ",
        "(in thousands) ",
        "",
    ]
)


@given(
    parts=st.lists(fragments, min_size=1, max_size=6),
    gold=st.sampled_from(
        [("2468000000", "USD"), ("870000000", "CNY"), ("0.165", "RATIO"), ("93.86", None)]
    ),
)
def test_reading_the_tail_first_decides_as_the_whole_answer_does(
    parts: list[str], gold: tuple[str, str | None]
) -> None:
    """Property: the tail-first fast path and the general rules give the same verdict."""
    from fincalc._evaluating.answers import judge_text
    from fincalc._evaluating.precision import read_gold
    from fincalc._evaluating.refusals import refusal_matcher
    from fincalc._values.decimals import arithmetic

    text = "".join(parts)
    reading = read_gold(gold[0], dimension=gold[1])
    tolerance = Tolerance.default_for(gold[1])
    with arithmetic():
        fast = judge_text(text, reading, None, tolerance, refusal_matcher(None))
        whole = judge_text(text, reading, None, tolerance, refusal_matcher(None), tail_first=False)
    assert (fast.reason, fast.selection, fast.statement) == (
        whole.reason,
        whole.selection,
        whole.statement,
    ), text
    assert (fast.found is None) == (whole.found is None), text
    if fast.found is not None and whole.found is not None:
        assert fast.found.span == whole.found.span, text


def test_a_wrong_estimate_with_a_disclaimer_is_wrong_not_refused() -> None:
    # The answer offers an estimate and only disclaims exactness: it answered, wrongly.
    text = (
        "Capex is likely to be around $1.7 billion. However, without further details, "
        "we cannot provide an exact figure in USD millions."
    )
    check = check_answer(text, "$1577.00", unit="million")
    assert (check.reason, check.found is not None) == ("out_of_tolerance", True)
    # Without an estimate the same disclaimer is a refusal.
    assert check_answer(text.split(". ")[1], "$1577.00", unit="million").reason == "refused"


# -- the answer first, then how it was found ----------------------------------------------

# id, answer, gold (as written, question unit million / CNY base units), matched, family
ANSWER_FIRST = [
    (
        "this-is-calculated-as",
        "General Mills' FY2020 free cash flow was $3,215.4 million. This is calculated as "
        "operating cash flow of $3,676.2 million less capital expenditures of $460.8 million.",
        "$3215.00",
        True,
        "an explanation sentence after the answer",
    ),
    (
        "calculation-heading-list",
        "General Mills' FY2020 free cash flow was $3,215.4 million.\n\n**Calculation:**\n\n"
        "- Operating cash flow: $3,676.2 million\n- Capital expenditures: $460.8 million",
        "$3215.00",
        True,
        "the lines under a heading explain the answer",
    ),
    (
        "breakdown-same-line",
        "The FY2020 FCF is $3,215.4 million. Here's the breakdown: cash from operations was "
        "$3,676.2 million and capex was $460.8 million.",
        "$3215.00",
        True,
        "a heading with its content on the same line",
    ),
    (
        "calculated-as-in-sentence",
        "FCF is $3,215.4 million, calculated as $3,676.2 million minus $460.8 million.",
        "$3215.00",
        True,
        "figures after a derivation word are inputs; operator words make operands",
    ),
    (
        "heading-then-equation-result",
        "To find FCF, subtract capex from operating cash flow.\n\nCalculation:\n"
        "OCF: $3,676.2 million\nCapex: $460.8 million\n"
        "FCF = $3,676.2 million - $460.8 million = $3,215.4 million",
        "$3215.00",
        True,
        "an equation under a heading is working: its result concludes",
    ),
    (
        "list-after-block-ends-it",
        "Calculation:\n- OCF: $3,676.2 million\n- Capex: $460.8 million\n\n"
        "The FCF is $3,215.4 million.",
        "$3215.00",
        True,
        "a blank line and a non-list line end the block",
    ),
    (
        "context-then-heading-computes-else",
        "The cash flow statement shows purchases of PP&E of $3,215.4 million and proceeds of "
        "$262 million.\n\nCalculation:\nNet capex = $3,215.4 million - $262 million = "
        "$2,953.4 million",
        "$3215.00",
        False,
        "the gold as context before a heading whose equation concludes something else",
    ),
    (
        "context-block-then-conclusion",
        "Purchases of PP&E were $3,215.4 million.\n\nBreakdown:\n- Segment A: $2,000 million\n"
        "- Segment B: $953.4 million\n\nTotal net capex was $2,953.4 million.",
        "$3215.00",
        False,
        "the sentence after the block concludes",
    ),
    (
        "zh-calculation-process",
        "自由现金流为32.15亿美元。计算过程：经营活动现金流量净额36.76亿美元，减去资本开支4.61亿美元。",
        "$3215.00",
        True,
        "计算过程：",
    ),
    (
        "zh-formula-inside",
        "自由现金流为32.15亿美元，计算公式为36.76亿美元减去4.61亿美元。",
        "$3215.00",
        True,
        "计算公式为 introduces inputs",
    ),
    (
        "as-follows-table",
        "Total revenue was $3,215.4 million, broken down as follows:\n\n"
        "| Segment | Revenue |\n|---|---|\n| Retail | $2,000 million |\n"
        "| Wholesale | $1,215.4 million |",
        "$3215.00",
        True,
        "a breakdown introduced after the figure: the table holds its parts",
    ),
    (
        "including-list",
        "Capital expenditures totalled $3,215.4 million, including:\n"
        "- Stores: $2,000 million\n- Supply chain: $1,215.4 million",
        "$3215.00",
        True,
        "a list introduced by 'including:'",
    ),
    (
        "zh-qizhong-list",
        "资本开支合计32.154亿美元，其中：\n1. 门店：20亿美元\n2. 供应链：12.154亿美元",
        "$3215.00",
        True,
        "其中：",
    ),
    (
        "zh-ruxia-table-own-sentence",
        "资本开支合计32.154亿美元。\n具体如下：\n| 项目 | 金额 |\n|---|---|\n"
        "| 门店 | 20亿美元 |\n| 供应链 | 12.154亿美元 |",
        "$3215.00",
        True,
        "具体如下： on its own line",
    ),
    (
        "bold-result-after-numbered-working",
        "Calculation:\n1. OCF: $3,676.2 million\n2. Capex: $460.8 million\n"
        "3. FCF = 3,676.2 - 460.8 = $3,215.4 million\n\n**Result: $3,216 million**",
        "$3215.00",
        False,
        "a bold line after the block is no list item: it concludes ($3,216M, not the working)",
    ),
    (
        "zh-answer-colon-marker",
        "计算过程：\n1. 经营活动现金流量净额：36.762亿美元\n2. 资本开支：4.608亿美元\n"
        "3. 自由现金流 = 36.762 - 4.608 = 32.154亿美元\n\n**答案：32.154亿美元**",
        "$3215.00",
        True,
        "答案： is a conclusion marker",
    ),
    (
        "as-follows-then-other-conclusion",
        "The segments were as follows:\n- Retail: $3,215.4 million\n- Wholesale: $1,000 "
        "million\n\nTherefore total revenue was $4,215.4 million.",
        "$3215.00",
        False,
        "a conclusion after the breakdown block still concludes",
    ),
]


@pytest.mark.parametrize(
    ("text", "gold", "matched"), [pytest.param(*r[1:4], id=r[0]) for r in ANSWER_FIRST]
)
def test_the_answer_first_then_how_it_was_found(text: str, gold: str, matched: bool) -> None:
    check = check_answer(text, gold, unit="million")
    assert check.matched is matched, check.describe()


def test_minus_as_a_sign_is_not_an_operator() -> None:
    assert check_answer(
        "The company reported minus $3.2 million.", "-3200000", dimension="USD"
    ).matched
    assert not check_answer("$3.7 million minus $0.5 million", "3700000", dimension="USD").matched


# -- a question that asks how large a decrease or a loss is -----------------------------

# question, answer, gold as written, matched, reason
SIZE_OF_DECREASE = [
    ("What was the net loss in 2023?", "The net loss was $1.2 million.", "$1.2 million", True),
    ("What was the net loss in 2023?", "Net loss: $(1.2) million", "$1.2 million", True),
    ("What was the net loss in 2023?", "It was $1.2 million.", "$1.2 million", True),
    # the answer says the opposite happened
    ("What was the net loss in 2023?", "Net income was $1.2 million.", "$1.2 million", False),
    ("By how much did revenue decrease?", "Revenue decreased by $1.2 million.", "$1.2M", True),
    ("By how much did revenue decrease?", "Revenue increased by $1.2 million.", "$1.2M", False),
    ("By how much did revenue decrease?", "Revenue fell 1.2 million dollars.", "$1.2M", True),
    ("What was the percentage decline in sales?", "Sales declined 5%.", "5%", True),
    ("What was the percentage decline in sales?", "Sales grew 5%.", "5%", False),
    ("What was the percentage decline in sales?", "The decline was -5%.", "5%", True),
    ("华东区营业收入同比下降了多少？", "同比下降0.49%。", "0.49%", True),
    ("华东区营业收入同比下降了多少？", "同比增长0.49%。", "0.49%", False),
    ("2023年净亏损多少？", "公司2023年净亏损1.2亿元。", "1.2亿元", True),
    ("2023年净亏损多少？", "公司2023年实现净利润1.2亿元。", "1.2亿元", False),
    # a profit or growth word at a negative figure states the loss or decrease
    ("2023年每股亏损多少？", "基本每股收益为-0.12元。", "0.12元", True),
    ("华东区营业收入同比下降了多少？", "同比增长-0.49%。", "0.49%", True),
    # a gold written negative is a signed change: the ordinary rules apply
    ("By how much did revenue decrease?", "Revenue decreased by $1.2 million.", "-$1.2M", True),
    # the wrong size is still wrong
    ("By how much did revenue decrease?", "Revenue decreased by $2.1 million.", "$1.2M", False),
]


@pytest.mark.parametrize(("question", "text", "gold", "matched"), SIZE_OF_DECREASE)
def test_a_question_about_a_decrease_takes_a_positive_gold_as_its_size(
    question: str, text: str, gold: str, matched: bool
) -> None:
    check = check_answer(text, gold, question=question)
    assert check.matched is matched, check.describe()
    if not matched and "$2.1" not in text:
        assert check.reason == "wrong_sign"
    case = GoldCase(qid="q", question=question, answer=gold)
    result = evaluate([Prediction(qid="q", text=text)], [case]).cases[0]
    assert (result.verdict == "correct") is matched  # evaluate reads GoldCase.question alike


@pytest.mark.parametrize(
    "question",
    [
        None,
        "What was the change in revenue?",
        "What was the net income (loss) in 2023?",
        "Revenue fell in 2022; how much did it grow in 2023?",
    ],
)
def test_without_a_question_about_a_decrease_a_decrease_word_is_still_a_sign(
    question: str | None,
) -> None:
    check = check_answer("Revenue decreased by $1.2 million.", "$1.2 million", question=question)
    assert (check.matched, check.reason) == (False, "wrong_sign")


@given(
    st.decimals(min_value=Decimal("0.1"), max_value=Decimal("9999.9"), places=1),
    st.sampled_from(["decreased by", "fell", "declined by", "dropped", "下降", "减少"]),
    st.sampled_from(["increased by", "rose", "grew by", "增长", "增加"]),
)
def test_the_size_of_a_decrease_matches_and_an_increase_never_does(
    size: Decimal, down: str, up: str
) -> None:
    question = "By how much did revenue decrease in 2023?"
    gold = f"${size} million"
    assert check_answer(f"Revenue {down} ${size} million.", gold, question=question).matched
    assert not check_answer(f"Revenue {up} ${size} million.", gold, question=question).matched
    # the same answers without the question: a decrease is a negative figure
    assert not check_answer(f"Revenue {down} ${size} million.", gold).matched


# -- a bare "$" in an answer about a currency that writes "$" at home ----------------------------

BARE_DOLLAR = [
    # answer, gold, dimension, matched, reason
    ("Revenue was $1.2 billion.", "C$1.2 billion", None, True, "ok"),
    ("Revenue was 1.2 billion dollars.", "A$1.2 billion", None, True, "ok"),
    ("EPS was $2.35 per share.", "2.35", "CAD_PER_SHARES", True, "ok"),
    ("Revenue was HK$1.2 billion.", "HK$1.2 billion", None, True, "ok"),
    # USD named as such stays USD
    ("Revenue was US$1.2 billion.", "C$1.2 billion", None, False, "wrong_currency"),
    ("Revenue was USD 1.2 billion.", "C$1.2 billion", None, False, "wrong_currency"),
    ("Revenue was 1.2 billion U.S. dollars.", "C$1.2 billion", None, False, "wrong_currency"),
    # another dollar named as such is another currency
    ("Revenue was A$1.2 billion.", "C$1.2 billion", None, False, "wrong_currency"),
    ("Revenue was C$1.2 billion.", "$1.2 billion", None, False, "wrong_currency"),
    # a bare "$" for a gold in USD is USD; for a currency that writes no "$" it is not it
    ("Revenue was $1.2 billion.", "$1.2 billion", None, True, "ok"),
    ("Revenue was $1.2 billion.", "€1.2 billion", None, False, "wrong_currency"),
    ("营业收入为$1.2 billion", "12亿元", None, False, "wrong_currency"),
]


@pytest.mark.parametrize(("text", "gold", "dimension", "matched", "reason"), BARE_DOLLAR)
def test_a_bare_dollar_names_the_golds_dollar(
    text: str, gold: str, dimension: str | None, matched: bool, reason: str
) -> None:
    check = check_answer(text, gold, dimension=dimension)
    assert (check.matched, check.reason) == (matched, reason), check.describe()
    if matched:
        assert check.found is not None
        assert check.found.dimension == (dimension or check.dimension)

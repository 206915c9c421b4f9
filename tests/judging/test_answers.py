"""Answer checking: tolerance, precision matching, scale/sign/currency, refusals, citations."""

from __future__ import annotations

import decimal
import json
import pickle
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import (
    AnswerCheck,
    FincalcError,
    InvalidInputError,
    Quantity,
    Tolerance,
    check_answer,
    check_quantities,
    citation_format_ok,
    default_refusal_phrases,
    is_refusal,
)

# id, answer text, expected (base units), dimension, unit, matched, reason, source
CASES = [
    # -- the precision-aware examples --
    (
        "usd-303m",
        "Revenue was $303M in fiscal 2024.",
        "302600000",
        "USD",
        None,
        True,
        "ok",
        "10-K style answer rounded to millions",
    ),
    (
        "cny-yi-scale-only",
        "营业收入约 1476.94 亿",
        "147693604994.14",
        "CNY",
        None,
        True,
        "ok",
        "scale-only amount read in the expected currency",
    ),
    (
        "cny-yi",
        "2023年营业收入1476.94亿元（华岳酒业·2023年报·P12）",
        "147693604994.14",
        "CNY",
        None,
        True,
        "ok",
        "annual-report answer with citation",
    ),
    (
        "multiple-1.5x",
        "Debt-to-equity stood at 1.5x.",
        "1.45",
        "MULTIPLE",
        None,
        True,
        "ok",
        "multiple rounded to one decimal",
    ),
    ("pct-exact", "东岭银行2023年净息差为1.98%", "0.0198", "RATIO", None, True, "ok", "ratio"),
    ("wan-yuan", "研发投入8,743.2万元", "87432000", "CNY", None, True, "ok", "万元 with grouping"),
    # -- direction words --
    (
        "cn-decrease",
        "营业收入同比下降 0.49%",
        "-0.0049",
        "RATIO",
        None,
        True,
        "ok",
        "下降 flips sign",
    ),
    (
        "en-rose-vs-negative",
        "Revenue rose 0.49%",
        "-0.0049",
        "RATIO",
        None,
        False,
        "wrong_sign",
        "rose keeps the sign",
    ),
    (
        "en-decrease-pp",
        "Gross margin saw a decrease of 3 percentage points.",
        "-0.03",
        "RATIO",
        None,
        True,
        "ok",
        "percentage points with a decrease noun",
    ),
    ("cn-pp", "毛利率同比下降3个百分点", "-0.03", "RATIO", None, True, "ok", "个百分点"),
    (
        "cn-fell-to-level",
        "营业收入下降至8.7亿元",
        "870000000",
        "CNY",
        None,
        True,
        "ok",
        "下降至 gives a level, not a change",
    ),
    (
        "en-fell-to-level",
        "Revenue fell to $5.2 million",
        "5200000",
        "USD",
        None,
        True,
        "ok",
        "fell to gives a level",
    ),
    (
        "en-sentence-break",
        "Costs fell sharply. Revenue was $5.2 million",
        "5200000",
        "USD",
        None,
        True,
        "ok",
        "a decrease word in the previous sentence does not govern",
    ),
    ("en-grew", "Comparable sales grew 3.1%", "0.031", "RATIO", None, True, "ok", "grew"),
    ("en-fell", "Comparable sales fell 3.1%", "0.031", "RATIO", None, False, "wrong_sign", "fell"),
    # -- direction words and amounts: a change only when the word governs the number (B11) --
    (
        "cn-decrease-to-level-wei",
        "营业收入下降为8.7亿元",
        "870000000",
        "CNY",
        None,
        True,
        "ok",
        "下降为 states the new level",
    ),
    (
        "en-lower-at-level",
        "Revenue was lower at $8.7 billion.",
        "8700000000",
        "USD",
        None,
        True,
        "ok",
        "LLM wording: 'lower at' states a level",
    ),
    (
        "cn-context-clause-level",
        "销量下滑的情况下营业收入仍达8.7亿元",
        "870000000",
        "CNY",
        None,
        True,
        "ok",
        "a decrease word about another metric; 仍达 states a level",
    ),
    (
        "cn-decrease-da-level",
        "受价格影响，营业收入下降达8.7亿元",
        "870000000",
        "CNY",
        None,
        True,
        "ok",
        "达 is a level connective",
    ),
    (
        "en-reached-level",
        "Despite lower volumes, revenue reached $8.7 billion.",
        "8700000000",
        "USD",
        None,
        True,
        "ok",
        "reached states a level",
    ),
    (
        "cn-decrease-le-change",
        "营业收入同比减少了5亿元",
        "-500000000",
        "CNY",
        None,
        True,
        "ok",
        "减少了 + amount is a change",
    ),
    (
        "cn-decrease-approx-change",
        "净利润较上年下降约3.2亿元",
        "-320000000",
        "CNY",
        None,
        True,
        "ok",
        "下降约 + amount is a change",
    ),
    (
        "en-decreased-by-change",
        "Operating expenses decreased by $5 million.",
        "-5000000",
        "USD",
        None,
        True,
        "ok",
        "10-Q MD&A wording: decreased by",
    ),
    (
        "en-decrease-of-change",
        "a decrease of about $5 million",
        "-5000000",
        "USD",
        None,
        True,
        "ok",
        "decrease of about + amount",
    ),
    (
        "en-fell-then-to-level",
        "Revenue fell $5 million to $20 million.",
        "20000000",
        "USD",
        None,
        True,
        "ok",
        "the change and the level in one sentence: the level is positive",
    ),
    (
        "en-change-is-not-a-level",
        "Operating expenses decreased by $5 million.",
        "5000000",
        "USD",
        None,
        False,
        "wrong_sign",
        "a change of -5M is not the level 5M",
    ),
    # -- a refusal phrase that does not govern the answer's amount (B12) --
    (
        "refusal-aside-cn",
        "营业收入为8.7亿元（报告未披露分部数据）",
        "870000000",
        "CNY",
        None,
        True,
        "ok",
        "LLM adds a caveat in brackets",
    ),
    (
        "refusal-other-sentence-en",
        "The filing does not contain segment data; total revenue was $1.2 billion.",
        "1200000000",
        "USD",
        None,
        True,
        "ok",
        "caveat sentence, then the answer",
    ),
    (
        "refusal-but-en",
        "Segment revenue is not disclosed, but total revenue was $1.2 billion.",
        "1200000000",
        "USD",
        None,
        True,
        "ok",
        "a contrast starts a new statement",
    ),
    (
        "refusal-but-cn",
        "报告未披露分部数据，但营业收入为8.7亿元。",
        "870000000",
        "CNY",
        None,
        True,
        "ok",
        "但 starts a new statement",
    ),
    (
        "refusal-governs-its-sentence",
        "资料未披露2024年营业收入，2023年营业收入为5.2亿元。",
        "870000000",
        "CNY",
        None,
        False,
        "refused",
        "the amount stands in the refusal's own sentence",
    ),
    (
        "refusal-other-dimension",
        "增长率无法计算：上年基数为-3.2亿元。",
        "0.12",
        "RATIO",
        None,
        False,
        "refused",
        "an amount of another dimension does not answer a ratio question",
    ),
    (
        "refusal-bare-number",
        "文档2中未提及该数据。",
        "870000000",
        "CNY",
        None,
        False,
        "refused",
        "a bare number without a unit is no answer",
    ),
    # -- wrong scale never matches --
    (
        "wan-for-yi",
        "营业收入 8.7 万元",
        "870000000",
        "CNY",
        None,
        False,
        "wrong_scale",
        "万 written for 亿 (×10^-4)",
    ),
    (
        "yuan-for-wan",
        "货币资金为35,678.9元",
        "356789000",
        "CNY",
        None,
        False,
        "wrong_scale",
        "万元 table read as 元",
    ),
    (
        "thousand-million",
        "Operating income was $1,234,500 million",
        "1234500000",
        "USD",
        None,
        False,
        "wrong_scale",
        "thousands column read as millions",
    ),
    # -- currency and dimension --
    (
        "usd-for-cny",
        "营业收入 8.7 亿美元",
        "870000000",
        "CNY",
        None,
        False,
        "wrong_currency",
        "美元 written for 人民币",
    ),
    (
        "cny-for-hkd",
        "每股派息2.14元",
        "2.35",
        "HKD",
        None,
        False,
        "wrong_currency",
        "RMB per-share figure for an HKD dividend",
    ),
    (
        "both-currencies",
        "约84.5亿元（约合11.8亿美元）",
        "1180000000",
        "USD",
        None,
        True,
        "ok",
        "the USD figure matches",
    ),
    (
        "ratio-for-amount",
        "Fuel cost was $1.2 billion",
        "0.287",
        "RATIO",
        None,
        False,
        "wrong_dimension",
        "an amount where a share was asked",
    ),
    # -- bare numbers and the question's unit --
    ("bare-in-yi", "研发投入 12.5", "1250000000", None, "亿元", True, "ok", "bare number in 亿元"),
    (
        "bare-percent",
        "Fuel was 28.7 of operating expenses",
        "0.287",
        "RATIO",
        "percent",
        True,
        "ok",
        "bare number in percent",
    ),
    (
        "bare-usd-millions",
        "The answer is 1,234.5.",
        "1234500000",
        "USD",
        "USD millions",
        True,
        "ok",
        "bare number in USD millions",
    ),
    (
        "bare-unit-accounting-negative",
        "Capex was (1,577).",
        "1577000000",
        "USD",
        "million",
        False,
        "wrong_sign",
        "10-K table style: parentheses keep their sign under the question's unit (B8)",
    ),
    (
        "written-unit-wins",
        "研发投入8,743.2元",
        "87432000",
        "CNY",
        "万元",
        False,
        "wrong_scale",
        "a unit written in the answer wins over the question's unit",
    ),
    (
        "bare-base-unit",
        "净息差 0.0198",
        "0.0198",
        "RATIO",
        None,
        True,
        "ok",
        "bare number in the base unit",
    ),
    # -- loss words --
    ("loss-cn", "净亏损3.2亿元", "-320000000", "CNY", None, True, "ok", "A-share 亏损 wording"),
    ("loss-en", "Net loss of $3.2 million", "-3200000", "USD", None, True, "ok", "10-K wording"),
    (
        "negative-en",
        "Operating cash flow was negative $45 million.",
        "-45000000",
        "USD",
        None,
        True,
        "ok",
        "LLM wording",
    ),
    (
        "loss-level",
        "亏损收窄至3.2亿元",
        "-320000000",
        "CNY",
        None,
        True,
        "ok",
        "a level, still a loss",
    ),
    (
        "loss-then-profit",
        "由亏损转为盈利3.2亿元",
        "320000000",
        "CNY",
        None,
        True,
        "ok",
        "a profit word cancels the loss word",
    ),
    (
        "loss-ratio",
        "亏损同比减少20%",
        "-0.2",
        "RATIO",
        None,
        True,
        "ok",
        "ratios take their sign from direction words only",
    ),
    (
        "loss-narrowed",
        "The net loss narrowed 20% to $5 million.",
        "-0.2",
        "RATIO",
        None,
        True,
        "ok",
        "narrowed is a decrease",
    ),
    (
        "profit-for-a-loss",
        "净利润3.2亿元",
        "-320000000",
        "CNY",
        None,
        False,
        "wrong_sign",
        "no loss word: the sign is wrong",
    ),
    (
        "positive-loss-gold",
        "净亏损3.2亿元",
        "320000000",
        "CNY",
        None,
        False,
        "wrong_sign",
        "gold states the loss as positive: needs ignore_sign",
    ),
    (
        "opposite-sign-and-off",
        "净亏损1.01亿元",
        "100000000",
        "CNY",
        None,
        False,
        "wrong_sign",
        "the sign is wrong before the digits are",
    ),
    # -- out of tolerance, refusals, nothing --
    (
        "off-by-4pct",
        "营业收入同比增长7.0%",
        "0.0734",
        "RATIO",
        None,
        False,
        "out_of_tolerance",
        "7.0% for 7.34%",
    ),
    (
        "one-digit-too-coarse",
        "约5亿元",
        "460000000",
        "CNY",
        None,
        False,
        "out_of_tolerance",
        "one significant digit is not enough for precision-aware matching",
    ),
    ("refusal-cn", "未在所给资料中检索到该数据。", "1", "CNY", None, False, "refused", "refusal"),
    (
        "refusal-en",
        "This is not found in the provided documents.",
        "1",
        "USD",
        None,
        False,
        "refused",
        "refusal",
    ),
    (
        "no-number",
        "研发投入占比较上年有所提高。",
        "0.0312",
        "RATIO",
        None,
        False,
        "no_number",
        "no amount at all",
    ),
]


@pytest.mark.parametrize(
    ("text", "expected", "dimension", "unit", "matched", "reason"),
    [pytest.param(*row[1:7], id=row[0]) for row in CASES],
)
def test_check_answer_table(
    text: str, expected: str, dimension: str | None, unit: str | None, matched: bool, reason: str
) -> None:
    check = check_answer(text, expected, dimension=dimension, unit=unit)
    assert check.matched is matched, check.describe()
    assert check.reason == reason, check.describe()
    assert bool(check) is matched


def test_match_carries_span_and_candidates() -> None:
    text = "营业收入 8.7 亿元，同比增长 12.3%"
    check = check_answer(text, "870000000", dimension="CNY")
    assert check.found is not None
    assert check.found.raw == "8.7 亿元"
    start, end = check.found.span or (0, 0)
    assert text[start:end] == "8.7 亿元"
    assert [q.raw for q in check.candidates] == ["8.7 亿元", "12.3%"]


def test_wrong_scale_reports_factor() -> None:
    check = check_answer("营业收入 8.7 万元", "870000000", dimension="CNY")
    assert check.scale_factor == Decimal("1E-4")
    assert "×10^-4" in check.describe()
    check = check_answer("Operating income was $1,234,500 million", "1234500000", dimension="USD")
    assert check.scale_factor == Decimal("1E+3")


def test_out_of_tolerance_reports_relative_error() -> None:
    check = check_answer("营业收入同比增长7.0%", "0.0734", dimension="RATIO")
    assert check.relative_error == Decimal("0.046322")
    assert "4.63%" in check.describe()


def test_ignore_sign_is_off_by_default_and_recorded() -> None:
    text = "Capital expenditures were $(1,577) million"
    strict = check_answer(text, "1577000000", dimension="USD")
    assert strict.reason == "wrong_sign"
    lenient = check_answer(
        text, "1577000000", dimension="USD", tolerance=Tolerance(abs="0.01", ignore_sign=True)
    )
    assert lenient.matched
    assert lenient.sign_ignored
    assert "sign ignored" in lenient.describe()
    assert lenient.to_dict()["sign_ignored"] is True


def test_dimension_inferred_from_unit() -> None:
    check = check_answer("研发投入 12.5", "1250000000", unit="亿元")
    assert check.dimension == "CNY"


def test_expected_quantity_supplies_dimension() -> None:
    gold = Quantity(Decimal("870000000"), "CNY", unit="亿元", raw="8.7亿元")
    assert check_answer("8.7 亿美元", gold).reason == "wrong_currency"


def test_refusal_phrases_are_configurable() -> None:
    text = "查无此项"
    assert check_answer(text, "1", dimension="CNY").reason == "no_number"
    phrases = (*default_refusal_phrases(), "查无此项")
    assert check_answer(text, "1", dimension="CNY", refusal_phrases=phrases).reason == "refused"


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("未在所给资料中检索到该公司2023年的研发费用。", True),
        ("上年基数为负，增长率无法计算。", True),
        ("资料中未披露该指标。", True),
        ("The figure is NOT FOUND IN THE PROVIDED documents.", True),
        ("Growth cannot be calculated because the base is zero.", True),
        ("I don't know.", True),
        ("营业收入为 8.7 亿元", False),
        ("Revenue grew 8.7%.", False),
        ("", False),
    ],
)
def test_is_refusal(text: str, refused: bool) -> None:
    assert is_refusal(text) is refused


def test_is_refusal_never_raises() -> None:
    assert is_refusal(None) is False
    assert is_refusal(123) is False
    assert is_refusal("abc", phrases=[]) is False
    assert is_refusal("abc", phrases="abc") is True


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("营业收入 8.7 亿元（贵州茅台·2023年报·P12）", True),
        ("营业收入 8.7 亿元(华岳酒业·2023年半年报·P5)", True),
        ("Revenue was $303M (Northwind·FY2024 10-K·p.45)", True),
        ("营业收入 8.7 亿元（见年报第12页）", False),
        ("营业收入 8.7 亿元", False),
    ],
)
def test_citation_format_default(text: str, ok: bool) -> None:
    assert citation_format_ok(text) is ok


def test_citation_format_custom_pattern() -> None:
    pattern = r"\[[\w.-]+#p\d+\]"
    assert citation_format_ok("Revenue was $383.3B [doc-17#p3].", pattern)
    assert not citation_format_ok("Revenue was $383.3B (doc 17).", pattern)
    with pytest.raises(InvalidInputError, match="not a valid regular expression"):
        citation_format_ok("x", "[unclosed")


# -- check_quantities: matching on Quantity candidates --------------------------------


def usd(value: str, raw: str = "", span: tuple[int, int] | None = None) -> Quantity:
    return Quantity(Decimal(value), "USD", unit="$", raw=raw or value, span=span)


def test_precision_aware_reads_the_exponent() -> None:
    gold = Decimal("302600000")
    assert check_quantities([usd("3.03E+8")], gold, dimension="USD").matched
    # The same value written to the dollar is 400,000 off: no match.
    assert not check_quantities([usd("303000000")], gold, dimension="USD").matched
    # Precision-aware matching can be switched off.
    strict = Tolerance(abs="0.01", precision_aware=False)
    assert not check_quantities([usd("3.03E+8")], gold, tolerance=strict).matched


def test_rounding_is_half_up() -> None:
    # 1.45 rounds half-up to 1.5 (banker's rounding would give 1.4).
    assert check_quantities([usd("1.5")], Decimal("1.45"), dimension="USD").matched
    assert not check_quantities([usd("1.4")], Decimal("1.45"), dimension="USD").matched
    assert check_quantities([usd("-1.5")], Decimal("-1.45"), dimension="USD").matched


def test_tolerances_abs_or_rel() -> None:
    tol = Tolerance(abs="1", rel="0.01")
    # issue 25: a whole-number gold is precise to its significant digits (1000: the thousand,
    # two digits at least), so this test of abs/rel states that the gold is exact
    assert check_quantities([usd("1009")], Decimal(1000), tolerance=tol, precision=1).matched
    assert not check_quantities([usd("1011")], Decimal(1000), tolerance=tol, precision=1).matched
    assert check_quantities([usd("100.9")], Decimal(100), tolerance=tol).matched


def test_default_tolerances() -> None:
    assert Tolerance.default_for("CNY") == Tolerance(abs=Decimal("0.01"))
    assert Tolerance.default_for("USD").abs == Decimal("0.01")
    assert Tolerance.default_for("RATIO") == Tolerance(rel=Decimal("0.0001"))
    assert Tolerance.default_for("MULTIPLE").rel == Decimal("0.0001")
    assert Tolerance.default_for("SHARES") == Tolerance(abs=Decimal(0))
    assert Tolerance.default_for(None).abs == Decimal(0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"abs": -1},
        {"rel": "-0.1"},
        {"abs": 0.5},
        {"precision_aware": "yes"},
        {"ignore_sign": 1},
        {"min_significant_digits": 0},
    ],
)
def test_tolerance_validation(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidInputError):
        Tolerance(**kwargs)  # type: ignore[arg-type]


def test_tolerance_from_dict() -> None:
    assert Tolerance.from_dict({"rel": "0.02"}).rel == Decimal("0.02")
    with pytest.raises(InvalidInputError, match="unknown tolerance field"):
        Tolerance.from_dict({"relative": "0.02"})


def test_direction_words_need_a_span_and_text() -> None:
    text = "同比下降 0.49%"
    q = Quantity(Decimal("0.0049"), "RATIO", unit="%", raw="0.49%", span=(5, 10))
    assert check_quantities([q], Decimal("-0.0049"), dimension="RATIO", text=text).matched
    assert check_quantities([q], Decimal("-0.0049"), dimension="RATIO").reason == "wrong_sign"


def test_candidates_must_be_quantities() -> None:
    with pytest.raises(InvalidInputError, match="Quantity"):
        check_quantities(["8.7亿"], Decimal(1))  # type: ignore[list-item]


def test_check_answer_input_errors() -> None:
    with pytest.raises(InvalidInputError):
        check_answer(None, "1")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="float"):
        check_answer("1", 0.1)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="limit"):
        check_answer("1" * 100_001, "1")
    with pytest.raises(InvalidInputError, match="dimension"):
        check_answer("1", "1", dimension="cny")


def test_answer_check_pickles_and_serialises() -> None:
    check = check_answer("营业收入 8.7 亿元", "870000000", dimension="CNY")
    assert pickle.loads(pickle.dumps(check)) == check
    data = check.to_dict()
    assert data["expected"] == "870000000"
    assert data["found"]["raw"] == "8.7 亿元"
    assert isinstance(check, AnswerCheck)


def test_caller_decimal_context_is_untouched() -> None:
    with decimal.localcontext() as ctx:
        ctx.prec = 5
        ctx.rounding = decimal.ROUND_DOWN
        check_answer("营业收入 1476.94 亿元", "147693604994.14", dimension="CNY")
        assert decimal.getcontext().prec == 5
        assert decimal.getcontext().rounding == decimal.ROUND_DOWN


# -- properties ------------------------------------------------------------------------

# Amounts of at least one unit: below that the cent tolerance dominates (docs/evaluating.md).
gold_values = st.decimals(
    min_value=Decimal(1), max_value=Decimal("1E12"), allow_nan=False, places=2
)
ratio_values = st.decimals(
    min_value=Decimal("0.0001"), max_value=Decimal(1000), allow_nan=False, places=4
)


@given(
    amount=gold_values,
    ratio=ratio_values,
    k=st.sampled_from([3, 4, 6, 8]),
    up=st.booleans(),
    neg=st.booleans(),
)
def test_wrong_scale_never_matches(
    amount: Decimal, ratio: Decimal, k: int, up: bool, neg: bool
) -> None:
    for gold, dimension in ((amount, "CNY"), (ratio, "RATIO")):
        gold = -gold if neg else gold
        scaled = gold.scaleb(k if up else -k)
        check = check_quantities(
            [Quantity(scaled, dimension, unit="x", raw="x")], gold, dimension=dimension
        )
        assert not check.matched
        assert check.reason == "wrong_scale"


@given(gold=gold_values)
def test_wrong_sign_never_matches(gold: Decimal) -> None:
    check = check_quantities([usd(str(-gold))], gold, dimension="USD")
    assert not check.matched
    assert check.reason == "wrong_sign"


@given(gold=gold_values, currency=st.sampled_from(["USD", "HKD", "EUR", "JPY"]))
def test_other_currency_never_matches(gold: Decimal, currency: str) -> None:
    q = Quantity(gold, currency, unit=currency, raw=currency)
    check = check_quantities([q], gold, dimension="CNY")
    assert not check.matched
    assert check.reason == "wrong_currency"


@given(gold=gold_values, places=st.integers(min_value=-6, max_value=3))
def test_gold_rounded_to_the_answers_precision_matches(gold: Decimal, places: int) -> None:
    with decimal.localcontext(decimal.Context(prec=60, rounding=decimal.ROUND_HALF_UP)):
        written = gold.quantize(Decimal(1).scaleb(-places))
    if written == 0 or len(written.as_tuple().digits) < 2:
        return
    assert check_quantities([usd(str(written))], gold, dimension="USD").matched


# -- accounting negatives under the question's unit (B8) --------------------------------


def test_unit_context_keeps_the_accounting_sign() -> None:
    check = check_answer("Capex was (1,577).", "1577000000", dimension="USD", unit="million")
    assert check.reason == "wrong_sign"
    assert check.found is not None
    assert check.found.value == Decimal("-1.577E+9")
    lenient = check_answer(
        "Capex was (1,577).",
        "1577000000",
        dimension="USD",
        unit="million",
        tolerance=Tolerance(abs="0.01", ignore_sign=True),
    )
    assert lenient.matched
    assert lenient.sign_ignored


def test_unit_context_reads_bare_and_scale_only_amounts() -> None:
    check = check_answer("研发投入 12.5", "1250000000", unit="亿元")
    assert check.found is not None
    assert check.found.unit_from_context
    assert check_answer("营业收入约 1476.94 亿", "147693604994.14", unit="亿元").matched


# -- refusals that govern, or do not govern, the amounts (B12) ---------------------------


def test_refusal_with_an_answer_keeps_its_candidates() -> None:
    text = "The filing does not contain segment data; total revenue was $1.2 billion."
    check = check_answer(text, "1200000000", dimension="USD")
    assert check.found is not None
    assert text[slice(*check.found.span or (0, 0))] == "$1.2 billion"
    # The phrase test alone still sees the phrase.
    assert is_refusal(text)


def test_refusal_in_brackets_around_the_amount() -> None:
    # The amount sits in the aside, the refusal outside it: an answer.
    text = "分部数据未披露（营业收入合计8.7亿元）"
    assert check_answer(text, "870000000", dimension="CNY").matched
    # The refusal and the amount share the aside: a refusal.
    check = check_answer("（未披露是否为8.7亿元）", "870000000", dimension="CNY")
    assert check.reason == "refused"
    # An accounting negative is an amount in its sentence, not an aside.
    text = "It cannot be determined whether capex was (1,577)."
    check = check_answer(text, "1577000000", dimension="USD", unit="million")
    assert check.reason == "refused"
    text = "Capex was (1,577); the segment split is not disclosed."
    check = check_answer(text, "-1577000000", dimension="USD", unit="million")
    assert check.matched


# -- values that cannot be compared are no match, never an exception (B10) --------------


def test_out_of_range_expected_is_refused_naming_the_field() -> None:
    with pytest.raises(InvalidInputError, match=r"^expected: 1E-999999 is out of range"):
        check_answer("8.7亿元", "1e-999999", dimension="CNY")
    with pytest.raises(InvalidInputError, match="expected"):
        check_answer("8.7亿元", "1.5e999999999", dimension="CNY")
    huge = Quantity(Decimal("1E+60"), "CNY")
    with pytest.raises(InvalidInputError, match="expected"):
        check_quantities([], huge)


def test_absurd_amount_in_an_answer_is_a_wrong_value() -> None:
    check = check_answer("9999999999999999999999999999亿亿亿亿", "870000000", dimension="CNY")
    assert not check.matched
    assert check.reason == "out_of_tolerance"
    assert check.relative_error is None
    assert "out_of_tolerance" in check.describe()
    # A comparable amount next to it still matches.
    text = "9999999999999999999999999999亿亿亿亿，其中营业收入8.7亿元"
    assert check_answer(text, "870000000", dimension="CNY").matched


@pytest.mark.parametrize(
    "value",
    [Decimal("1E+100"), Decimal("-1E+999999"), Decimal("1E-999999"), Decimal("9.99E+999999")],
)
def test_out_of_range_candidates_never_raise(value: Decimal) -> None:
    candidates = [Quantity(value, "CNY"), Quantity(value, "USD"), Quantity(value, None)]
    check = check_quantities(candidates, Decimal("870000000"), dimension="CNY")
    assert not check.matched
    assert check.reason == "out_of_tolerance"
    check = check_quantities([Quantity(value, "USD")], Decimal("870000000"), dimension="CNY")
    assert check.reason == "wrong_currency"
    check.to_dict()


def test_extreme_but_valid_values_compare_without_raising() -> None:
    tiny, large = Decimal("1E-40"), Decimal("9.9E+40")
    check = check_quantities([usd(str(large))], tiny, dimension="USD", tolerance=Tolerance(rel="0"))
    assert check.reason == "out_of_tolerance"
    assert check.relative_error is not None
    assert check.relative_error > Decimal("1E+80")
    check.describe()
    check = check_quantities([usd("1E-40")], large, dimension="USD")
    assert check.reason == "out_of_tolerance"


def test_gold_with_more_digits_than_the_context() -> None:
    gold = Decimal("1." + "4" * 80)
    answer = Quantity(Decimal("1." + "4" * 79), "USD")
    check = check_quantities([answer], gold, dimension="USD", tolerance=Tolerance(abs="0"))
    assert not check.matched  # rounding gold to 79 places leaves the 50-digit context


odd_decimal_text = st.one_of(
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.builds(
        lambda m, e: f"{m}E{e}",
        st.integers(min_value=-(10**30), max_value=10**30),
        st.integers(min_value=-(10**9), max_value=10**9),
    ),
    st.sampled_from(["1e-999999", "1.5e999999999", "-0E+99", "0E-50", "1E+41", "9.99E+40"]),
    st.text(max_size=12),
)
# Answers as fragments LLMs write them, shuffled: digits, units, direction and loss
# words, refusal phrases, brackets, exponents; plus any text at all.
answer_text = st.one_of(
    st.lists(
        st.sampled_from(
            [
                *"0123456789.,%()（）-+ $¥亿万千百元约为达至到；。",
                *("亿元", "万元", "美元", "billion", " million", "E+99", "1e-999", "下降"),
                *("增长", "减少了", "亏损", "未披露", "not disclosed", "but ", "但"),
                "decreased by ",
            ]
        ),
        max_size=30,
    ).map("".join),
    st.text(max_size=60),
)
decimal_values = st.one_of(
    st.decimals(allow_nan=False, allow_infinity=False),
    st.sampled_from([Decimal("1E+999999"), Decimal("-1E-999999"), Decimal("1." + "3" * 120)]),
)


REASONS = {
    "ok",
    "no_number",
    "refused",
    "wrong_sign",
    "wrong_scale",
    "wrong_currency",
    "wrong_dimension",
    "out_of_tolerance",
    "ambiguous",
}


def assert_consistent(check: AnswerCheck, text: str | None = None) -> None:
    """What every verdict promises, whatever the input: these can fail, unlike a bare call."""
    assert check.reason in REASONS
    assert check.matched is (check.reason == "ok")
    assert bool(check) is check.matched
    assert check.describe().startswith(f"{check.reason}: ")
    data = check.to_dict()
    assert (data["reason"], data["matched"]) == (check.reason, check.matched)
    json.dumps(data)  # JSON-ready: a Decimal or float left in it raises TypeError
    # a verdict names the amount it is about, except when there is none to name
    assert (check.found is None) is (check.reason in ("no_number", "refused"))
    assert (check.scale_factor is not None) is (check.reason == "wrong_scale")
    assert not check.sign_ignored or check.matched
    if check.reason == "refused":
        assert check.candidates == ()
    if text is not None:  # spans are exact: the text at a span is the amount as written
        for q in (*check.candidates, *([check.found] if check.found else [])):
            assert q.span is not None
            assert text[q.span[0] : q.span[1]] == q.raw


def assert_true_match(check: AnswerCheck, dimension: str) -> None:
    """A match is the expected value in the expected dimension, never a near miss."""
    if not check.matched:
        return
    found = check.found
    assert found is not None
    assert found.dimension == dimension
    with decimal.localcontext(decimal.Context(prec=60, rounding=decimal.ROUND_HALF_UP)):
        within = abs(found.value - check.expected) <= Decimal("0.01")
        exponent = found.value.as_tuple().exponent
        assert isinstance(exponent, int)
        rounded = check.expected.quantize(Decimal(1).scaleb(exponent)) == found.value
    assert within or rounded, check.describe()


@given(text=answer_text, expected=odd_decimal_text, unit=st.sampled_from([None, "亿元", "million"]))
def test_check_answer_raises_only_fincalc_errors(
    text: str, expected: str, unit: str | None
) -> None:
    try:
        check = check_answer(text, expected, dimension="CNY", unit=unit)
    except FincalcError:
        return
    assert_consistent(check, text)
    assert_true_match(check, "CNY")


@given(text=answer_text)
def test_check_answer_on_arbitrary_text_returns_a_verdict(text: str) -> None:
    check = check_answer(text, "870000000", dimension="CNY")
    assert check.expected == Decimal("870000000")
    assert check.dimension == "CNY"
    assert check.tolerance == Tolerance.default_for("CNY")
    assert_consistent(check, text)
    assert_true_match(check, "CNY")


@given(
    values=st.lists(decimal_values, max_size=4),
    expected=st.one_of(decimal_values, odd_decimal_text),
    dims=st.lists(st.sampled_from([None, "CNY", "USD", "RATIO"]), min_size=4, max_size=4),
)
def test_check_quantities_raises_only_fincalc_errors(
    values: list[Decimal], expected: Decimal | str, dims: list[str | None]
) -> None:
    candidates = [Quantity(v, d) for v, d in zip(values, dims, strict=False)]
    try:
        check = check_quantities(candidates, expected, dimension="CNY")
    except FincalcError:
        return
    assert_consistent(check)
    assert check.candidates == tuple(candidates)
    if check.found is not None:  # one of the candidates, read in CNY when it had no dimension
        assert check.found.raw in {q.raw for q in candidates}
        assert check.found.dimension in {q.dimension for q in candidates} | {"CNY"}
    if check.matched:
        assert check.found is not None
        assert check.found.dimension == "CNY"  # never another currency or a ratio


@pytest.mark.parametrize("dimension", ["CYN", "RATE", "CNY_PER_FOO"])
def test_an_unknown_dimension_is_bad_input_not_a_wrong_currency(dimension: str) -> None:
    from fincalc import InvalidInputError

    with pytest.raises(InvalidInputError, match="typo"):
        check_answer("8.7亿元", "870000000", dimension=dimension)


def test_known_composite_dimensions_are_accepted() -> None:
    assert check_answer("每股收益0.52元", "0.52", dimension="CNY").matched
    assert check_answer("0.52", "0.52", dimension="CNY_PER_SHARES").matched  # bare: base unit


@pytest.mark.parametrize(
    ("text", "expected", "unit"),
    [
        ("| 指标 | 2024 |\n|---|---|\n| 营业收入（亿元） | 1,476.94 |", "147694000000", None),
        ("| 营业收入（万元） | 87,432 |", "874320000", "亿元"),  # the row's unit wins
        ("营业收入（亿元）：1,476.94", "147694000000", None),
    ],
)
def test_a_row_label_unit_in_an_answer_governs_its_number(
    text: str, expected: str, unit: str | None
) -> None:
    assert check_answer(text, expected, dimension="CNY", unit=unit).matched


# -- the word lists of answers.toml and directions.toml: each word does what its list says --
# These tests read the lists, so a word added to the data file is tested with no new code.


_SIGN_LISTS = ("direction", "direction_after", "level", "change_gap", "result")


def answer_words(key: str) -> tuple[str, ...]:
    """A word list of ``_data/answers.toml``, or of ``_data/directions.toml`` for sign words."""
    from fincalc._base.vocabulary import vocabulary

    source = "directions" if key.split(".")[0] in _SIGN_LISTS else "answers"
    return vocabulary(source).words(key)


def test_default_refusal_phrases_are_the_data_file_s() -> None:
    phrases = default_refusal_phrases()
    assert phrases == answer_words("refusal.zh") + answer_words("refusal.en")
    assert "未在所给资料中检索到" in phrases
    assert "cannot be determined" in phrases


@pytest.mark.parametrize("phrase", answer_words("refusal"))
def test_every_refusal_phrase_refuses(phrase: str) -> None:
    assert is_refusal(f"根据资料，{phrase}。")
    assert is_refusal(f"Sorry: {phrase.upper()}.")  # case-insensitive
    check = check_answer(f"{phrase}该公司2023年营业收入。", "870000000", dimension="CNY")
    assert check.reason == "refused"


def latin(word: str) -> bool:
    return word.isascii()


@pytest.mark.parametrize(
    "word", answer_words("direction.zh.down") + answer_words("direction.en.down")
)
def test_every_decrease_word_makes_a_change_negative(word: str) -> None:
    text = f"同比{word}0.49%" if not latin(word) else f"Margin {word} 0.49%"
    assert check_answer(text, "-0.0049", dimension="RATIO").matched, text
    amount = f"营业收入{word}5亿元" if not latin(word) else f"Revenue {word} $5 million"
    expected = "-500000000" if not latin(word) else "-5000000"
    dimension = "CNY" if not latin(word) else "USD"
    assert check_answer(amount, expected, dimension=dimension).matched, amount


@pytest.mark.parametrize("word", answer_words("direction.zh.up") + answer_words("direction.en.up"))
def test_every_increase_word_keeps_a_change_positive(word: str) -> None:
    text = f"同比{word}0.49%" if not latin(word) else f"Margin {word} 0.49%"
    assert check_answer(text, "0.0049", dimension="RATIO").matched, text


@pytest.mark.parametrize("word", answer_words("level.connective"))
def test_every_level_connective_makes_a_level(word: str) -> None:
    text = f"毛利率下降{word}5.2%" if not latin(word) else f"The margin fell {word} 5.2%"
    assert check_answer(text, "0.052", dimension="RATIO").matched, text


@pytest.mark.parametrize(
    "text",
    [
        *(f"营业收入减少了{w}5亿元" for w in answer_words("change_gap.zh.approximately")),
        *(f"营业收入减少{w}5亿元" for w in answer_words("change_gap.zh.particle")),
        # "approx. " is an abbreviation, not the end of a clause ([sentence] in the data)
        *(
            f"Revenue fell {p} {w} 500 million yuan"
            for p in answer_words("change_gap.en.preposition")
            for w in answer_words("change_gap.en.approximately")
        ),
    ],
)
def test_every_change_gap_word_keeps_the_amount_a_change(text: str) -> None:
    assert check_answer(text, "-500000000", dimension="CNY").matched, text


def test_anything_else_between_a_decrease_word_and_an_amount_makes_a_level() -> None:
    assert check_answer("营业收入下降为8.7亿元", "870000000", dimension="CNY").matched
    assert check_answer("Revenue was lower at $8.7 billion", "8700000000", dimension="USD").matched


@pytest.mark.parametrize("word", answer_words("result.zh.loss") + answer_words("result.en.loss"))
def test_every_loss_word_makes_the_amount_negative(word: str) -> None:
    text = f"公司{word}3.2亿元" if not latin(word) else f"The company reported {word} $3.2 million"
    expected, dimension = ("-320000000", "CNY") if not latin(word) else ("-3200000", "USD")
    assert check_answer(text, expected, dimension=dimension).matched, text


@pytest.mark.parametrize(
    "word",
    [
        *answer_words("result.zh.profit"),
        *answer_words("result.en.profit"),
        *(f"{stem}s" for stem in answer_words("result.en.profit_stem")),  # a stem starts a word
    ],
)
def test_every_profit_word_after_a_loss_word_cancels_it(word: str) -> None:
    text = f"由亏损转为{word}3.2亿元" if not latin(word) else f"From a net loss to {word} of $3.2M"
    expected, dimension = ("320000000", "CNY") if not latin(word) else ("3200000", "USD")
    assert check_answer(text, expected, dimension=dimension).matched, text


@pytest.mark.parametrize("word", answer_words("refusal_scope.contrast"))
def test_every_contrast_word_ends_what_a_refusal_governs(word: str) -> None:
    sep = " " if latin(word) else ""
    text = f"资料未披露分部数据{sep}{word}{sep}营业收入为8.7亿元"
    assert check_answer(text, "870000000", dimension="CNY").matched, text
    assert check_answer(
        "资料未披露分部数据，营业收入或为8.7亿元", "870000000", dimension="CNY"
    ).reason == ("refused")


@pytest.mark.parametrize("sep", answer_words("citation.separator"))
@pytest.mark.parametrize("page", answer_words("citation.page"))
def test_every_citation_separator_and_page_word_is_accepted(sep: str, page: str) -> None:
    for written in (page, page.capitalize(), f"{page}."):
        assert citation_format_ok(f"营业收入8.7亿元（华岳酒业{sep}2023年报{sep}{written}12）")
    assert not citation_format_ok(f"营业收入8.7亿元（华岳酒业{sep}2023年报{sep}{page}）")


@given(
    st.lists(
        st.sampled_from(
            [
                *answer_words("direction"),
                *answer_words("result"),
                *answer_words("refusal_scope"),
                *("s", "ed", "ing", "es", " ", "，", "。", "5", "x", "-", "FELL", "Net Loss"),
            ]
        ),
        max_size=12,
    ).map("".join)
)
def test_grouped_alternations_match_as_the_plain_ones(text: str) -> None:
    """``word_alternation`` is ``alternation`` regrouped for speed: same matches on our lists."""
    import re

    from fincalc._base.vocabulary import alternation
    from fincalc._grounding.word_matching import word_alternation

    for key in (
        "direction.zh.down",
        "direction.en.down",
        "direction.zh.up",
        "direction.en.up",
        "result.zh.loss",
        "result.en.loss",
        "result.zh.profit",
        "result.en.profit",
        "refusal_scope.contrast",
    ):
        group = answer_words(key.rsplit(".", 1)[0]) if key.count(".") > 1 else answer_words(key)
        for words in (answer_words(key), group):
            plain = re.compile(alternation(words), re.IGNORECASE)
            grouped = re.compile(word_alternation(words), re.IGNORECASE)
            assert [m.span() for m in plain.finditer(text)] == [
                m.span() for m in grouped.finditer(text)
            ]

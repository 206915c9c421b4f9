"""parse_quantity, extract_quantities and unit declarations.

The table in tests/data/parse_cases.tsv holds the real-world strings (half
Chinese, half English, grouped by the report style or failure mode they
represent); the rest are targeted tests and Hypothesis properties.
"""

from __future__ import annotations

import contextlib
import decimal
import pickle
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import fincalc
from fincalc import (
    AmbiguousQuantityError,
    FincalcError,
    InvalidInputError,
    MissingUnitError,
    ParseError,
    Quantity,
    UnitContext,
    UnitTable,
    UnknownUnitError,
    extract_quantities,
    parse_quantity,
    unit_context_from_header,
)
from fincalc._parse import MAX_EXTRACT_LENGTH, MAX_PARSE_LENGTH, find_unit_declarations, normalize

CASES_FILE = Path(__file__).parent / "data" / "parse_cases.tsv"


@dataclass(frozen=True)
class Case:
    id: str
    source: str
    text: str
    expected: str
    options: dict[str, str]
    xfail: str | None


def _load_cases() -> list[Case]:
    cases = []
    for line in CASES_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        case_id, source, text, expected = fields[:4]
        options = dict(
            item.split("=", 1) for item in (fields[4].split(";") if len(fields) > 4 else [])
        )
        xfail = None
        if expected.startswith("xfail:"):
            xfail, expected = expected[len("xfail:") :].split("|", 1)
        cases.append(
            Case(case_id, source, text.replace("\\u202f", "\u202f"), expected, options, xfail)
        )
    return cases


CASES = _load_cases()


def _params() -> list[object]:
    return [
        pytest.param(
            case,
            id=case.id,
            marks=[pytest.mark.xfail(reason=case.xfail, strict=True)] if case.xfail else [],
        )
        for case in CASES
    ]


def test_table_is_large_and_balanced() -> None:
    chinese = [c for c in CASES if c.id.startswith("cn")]
    english = [c for c in CASES if c.id.startswith("en")]
    assert len(CASES) >= 200
    assert len(chinese) >= 100
    assert len(english) >= 100
    assert len({c.id for c in CASES}) == len(CASES)
    assert any(c.expected.startswith("!") for c in chinese)
    assert any(c.expected.startswith("!") for c in english)


@pytest.mark.parametrize("case", _params())
def test_table(case: Case) -> None:
    kwargs: dict[str, str] = {}
    for key in ("context", "dimension", "locale"):
        if key in case.options:
            kwargs[key] = case.options[key]
    if case.expected.startswith("!"):
        error = getattr(fincalc, case.expected[1:])
        with pytest.raises(error):
            parse_quantity(case.text, **kwargs)  # type: ignore[arg-type]
        return
    value_text, dimension = case.expected.split(" ")
    quantity = parse_quantity(case.text, **kwargs)  # type: ignore[arg-type]
    assert quantity.value == Decimal(value_text), quantity
    assert quantity.dimension == (None if dimension == "-" else dimension), quantity
    assert quantity.span is not None
    start, end = quantity.span
    assert case.text[start:end] == quantity.raw


# ---------------------------------------------------------------- the issue's examples


@pytest.mark.parametrize(
    ("text", "value", "dimension"),
    [
        ("8.7 亿元", "870000000", "CNY"),
        ("87,432 万元", "874320000", "CNY"),
        ("5.2%", "0.052", "RATIO"),
        ("3 个百分点", "0.03", "RATIO"),
        ("25bp", "0.0025", "RATIO"),
        ("1.5x", "1.5", "MULTIPLE"),
        ("$1,577 million", "1577000000", "USD"),
        ("1,100.9亿", "110090000000", None),
        ("-1.2亿元", "-120000000", "CNY"),
        ("负1.2亿", "-120000000", None),
        ("3万4000", "34000", None),
        ("25万6千", "256000", None),
        ("十亿3000万", "1030000000", None),
        ("一亿二千万元", "120000000", "CNY"),
        ("三点五亿", "350000000", None),
        ("两千万", "20000000", None),
        ("二十万亿", "20000000000000", None),
        ("一万五千亿", "1500000000000", None),
        ("1.5万亿", "1500000000000", None),
        ("3千万元", "30000000", "CNY"),
        ("人民币壹拾贰万叁仟肆佰伍拾陆元柒角捌分", "123456.78", "CNY"),
        ("壹佰万元整", "1000000", "CNY"),
        ("亿元: 10亿元", "1000000000", "CNY"),
        ("100万港元", "1000000", "HKD"),
        ("1亿美元", "100000000", "USD"),
        ("百万元: 12百万元", "12000000", "CNY"),
        ("5千元", "5000", "CNY"),
        ("$1.5bn", "1500000000", "USD"),
        ("USD 3.2 billion", "3200000000", "USD"),
        ("RMB 87,432 thousand", "87432000", "CNY"),
        ("HK$12.3m", "12300000", "HKD"),
        ("１２３，４５６．７８元", "123456.78", "CNY"),
        ("994. 14亿元", "99414000000", "CNY"),
        ("147, 693, 604元", "147693604", "CNY"),
    ],
)
def test_issue_examples(text: str, value: str, dimension: str | None) -> None:
    quantity = parse_quantity(text)
    assert quantity.value == Decimal(value)
    assert quantity.dimension == dimension


def test_german_locale() -> None:
    assert parse_quantity("€ 4,5 Mio.", locale="de_DE").value == Decimal("4500000")
    assert parse_quantity("€ 4,5 Mio.", locale="de_DE").dimension == "EUR"


def test_unknown_locale_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="not a locale"):
        parse_quantity("5%", locale="xx_NOPE")


def test_accounting_parentheses() -> None:
    assert parse_quantity("（1,234）", context="单位：千元").value == Decimal("-1234000")
    assert parse_quantity("$(1.2)").value == Decimal("-1.2")
    assert parse_quantity("(5.2)%").value == Decimal("-0.052")
    # in prose "(4)" is a list marker and "(附注12)" a reference, not amounts
    assert extract_quantities("(4) 营业收入为8.7亿元(附注12)") == [
        parse_quantity("(4) 营业收入为8.7亿元(附注12)")
    ]
    # a parenthesised bare number in prose is not negative
    prose = extract_quantities("the figure (1,234) was restated")
    assert [q.value for q in prose] == [Decimal("1234")]
    # in a table row it is
    row = extract_quantities("Net loss | (1,234) | 567")
    assert [q.value for q in row] == [Decimal("-1234"), Decimal("567")]


# ---------------------------------------------------------------- precision


@pytest.mark.parametrize(
    ("text", "exponent"),
    [
        ("303M", 6),
        ("$303M", 6),
        ("1476.94 亿", 6),
        ("8.7 亿元", 7),
        ("87,432 万元", 4),
        ("5.2%", -3),
        ("12.30%", -4),
        ("$1,577 million", 6),
        ("1.5万亿", 11),
        ("1,234.56元", -2),
        ("人民币壹拾贰万叁仟肆佰伍拾陆元柒角捌分", -2),
        ("壹佰万元整", 0),
    ],
)
def test_written_precision_is_the_exponent(text: str, exponent: int) -> None:
    quantity = parse_quantity(text)
    assert quantity.exponent == exponent
    assert quantity.value.as_tuple().exponent == exponent


def test_precision_in_context() -> None:
    quantity = parse_quantity("1,234", context="单位：千元")
    assert quantity.value == Decimal("1.234E+6")
    assert quantity.exponent == 3
    assert quantity.unit_from_context


# ---------------------------------------------------------------- fields


def test_qualifiers_are_kept() -> None:
    assert parse_quantity("约8.7亿元").qualifier == "约"
    assert parse_quantity("超过5%").qualifier == "超过"
    assert parse_quantity("approximately $1.2 billion").qualifier == "approximately"
    assert parse_quantity("more than 3,000 employees").qualifier == "more than"
    assert parse_quantity("1000万元以上").qualifier == "以上"
    assert parse_quantity("3000多万元").qualifier == "多"
    assert parse_quantity("8.7亿元").qualifier is None


def test_raw_and_span_exact() -> None:
    text = "2025年第三季度营业收入 8.7 亿元 (附注五、12，P45)"
    quantity = parse_quantity(text)
    assert quantity.raw == "8.7 亿元"
    assert quantity.span == (14, 20)
    assert text[14:20] == quantity.raw


def test_unit_from_context_and_override() -> None:
    ctx = unit_context_from_header("单位：万元")
    bare = parse_quantity("1,234", context=ctx)
    assert bare.unit_from_context
    assert bare.unit == "万元"
    explicit = parse_quantity("8.7亿元", context=ctx)
    assert not explicit.unit_from_context
    assert explicit.value == Decimal("870000000")
    ratio = parse_quantity("12.3%", context=ctx)
    assert ratio.dimension == "RATIO"
    assert not ratio.unit_from_context


def test_scale_only_has_no_dimension() -> None:
    quantity = parse_quantity("1476.94 亿")
    assert quantity.dimension is None
    assert quantity.unit == "亿"
    assert not quantity.is_unitless


def test_dimension_filter() -> None:
    text = "营业收入 8.7 亿元，同比增长 12.3%"
    assert parse_quantity(text, dimension="CNY").raw == "8.7 亿元"
    assert parse_quantity(text, dimension="RATIO").raw == "12.3%"
    with pytest.raises(ParseError, match="no USD amount"):
        parse_quantity(text, dimension="USD")
    with pytest.raises(InvalidInputError):
        parse_quantity(text, dimension="cny")


# ---------------------------------------------------------------- failures


def test_ambiguous_lists_candidates() -> None:
    with pytest.raises(AmbiguousQuantityError) as info:
        parse_quantity("营业收入 8.7 亿元，同比增长 12.3%")
    assert info.value.candidates == ("'8.7 亿元' (CNY)", "'12.3%' (RATIO)")
    assert "dimension=" in str(info.value)


def test_missing_unit_quotes_number() -> None:
    with pytest.raises(MissingUnitError) as info:
        parse_quantity("营业收入 87,432")
    assert info.value.number == "87,432"
    assert "87,432" in str(info.value)
    assert "unit_context_from_header" in str(info.value)


def test_errors_pickle() -> None:
    for call in (
        lambda: parse_quantity("营业收入 87,432"),
        lambda: parse_quantity("8.7亿元 12.3%"),
        lambda: parse_quantity("亿元"),
        lambda: unit_context_from_header("单位：斤"),
    ):
        with pytest.raises(FincalcError) as info:
            call()
        clone = pickle.loads(pickle.dumps(info.value))
        assert str(clone) == str(info.value)
        assert type(clone) is type(info.value)
        assert clone.fields == info.value.fields


def test_length_limits() -> None:
    with pytest.raises(ParseError, match="exceed the limit"):
        parse_quantity("1" * (MAX_PARSE_LENGTH + 1))
    with pytest.raises(ParseError, match="exceed the limit"):
        extract_quantities(" " * (MAX_EXTRACT_LENGTH + 1))


def test_wrong_types() -> None:
    with pytest.raises(InvalidInputError):
        parse_quantity(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        parse_quantity("5%", context=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        parse_quantity("5%", table="units")  # type: ignore[arg-type]


def test_too_many_digits_is_refused() -> None:
    with pytest.raises(ParseError, match="digits"):
        parse_quantity("1" * 40 + "元")
    assert extract_quantities("1" * 40 + "元") == []


@pytest.mark.parametrize(
    "text",
    [
        "1" * 100_000,
        "," * 100_000,
        " " * 100_000,
        "1," * 50_000,
        "1, " * 33_000,
        "1." * 50_000,
        "1 " * 50_000,
        "-(" * 50_000,
        "一" * 100_000,
        "万" * 100_000,
        "1万" * 50_000,
        "十" * 100_000,
        "$" * 100_000,
        "(1" * 50_000,
        "1'" * 50_000,
        "第" * 100_000,
        "1,23" * 25_000,
    ],
    ids=lambda text: repr(text[:4]),
)
def test_adversarial_input_is_linear(text: str) -> None:
    started = time.perf_counter()
    with contextlib.suppress(FincalcError):
        extract_quantities(text)
    small = text[: len(text) // 10]
    started_small = time.perf_counter()
    elapsed = started_small - started
    with contextlib.suppress(FincalcError):
        extract_quantities(small)
    elapsed_small = time.perf_counter() - started_small
    # Linear: 10x the input costs about 10x the time, never 100x; and it is fast.
    assert elapsed < 3.0
    assert elapsed < 30 * elapsed_small + 0.05


# ---------------------------------------------------------------- extract_quantities


def test_extract_llm_answers() -> None:
    found = extract_quantities("同比下降0.49%")
    assert [(q.raw, q.value, q.dimension) for q in found] == [("0.49%", Decimal("0.0049"), "RATIO")]
    found = extract_quantities("revenue was $1.2 billion, up 5%")
    assert [(q.raw, q.value, q.dimension) for q in found] == [
        ("$1.2 billion", Decimal("1.2E+9"), "USD"),
        ("5%", Decimal("0.05"), "RATIO"),
    ]


def test_extract_excludes_years_dates_and_references() -> None:
    text = (
        "In fiscal 2024 (Note 12, page 45), Q3 revenue grew 5% to 1,234 units on "
        "December 31, 2024; 2023年12月31日，第3季度，详见附注五、12，证券代码：600519，"
        "COVID-19, 5G, 1st, 10:30, 2024-12-31, 12/31/2024."
    )
    found = extract_quantities(text)
    assert [q.raw for q in found] == ["5%", "1,234"]
    assert found[1].is_unitless


def test_extract_spans_are_exact_and_ordered() -> None:
    text = "营业收入１２３，４５６．７８万元，同比增长－5.2％；净利润(1,234)千元"
    found = extract_quantities(text)
    assert [q.raw for q in found] == ["１２３，４５６．７８万元", "－5.2％", "(1,234)千元"]
    for quantity in found:
        assert quantity.span is not None
        assert text[quantity.span[0] : quantity.span[1]] == quantity.raw
    assert found[2].value == Decimal("-1234000")


def test_extract_with_context() -> None:
    found = extract_quantities("营业收入 | 1,234 | 1,100", context="单位：万元")
    assert [q.value for q in found] == [Decimal("12340000"), Decimal("11000000")]
    assert all(q.unit_from_context and q.dimension == "CNY" for q in found)


def test_extract_does_not_join_separate_numbers() -> None:
    found = extract_quantities("分别为12，13和14家；ratios 12,34 and 5 6")
    assert [q.raw for q in found] == ["12", "13", "14家", "12", "34", "5", "6"]


def test_chinese_words_with_digits_are_not_amounts() -> None:
    text = "一方面，统一管理；千万不要；三家公司；一季度；十分重要；万一"
    assert extract_quantities(text) == []


# ---------------------------------------------------------------- unit declarations


@pytest.mark.parametrize(
    ("header", "multiplier", "dimension"),
    [
        ("单位：万元", "1E+4", "CNY"),
        ("金额单位：人民币千元", "1E+3", "CNY"),
        ("单位：元 币种：人民币", "1", "CNY"),
        ("单位：元 币种：美元", "1", "USD"),
        ("单位:千元 币种:港币", "1E+3", "HKD"),
        ("单位：百万元", "1E+6", "CNY"),
        ("单位：股", "1", "SHARES"),
        ("(in millions, except per share data)", "1E+6", None),
        ("(in thousands of U.S. dollars)", "1E+3", "USD"),
        ("(Dollars in millions)", "1E+6", "USD"),
        ("(in millions of RMB)", "1E+6", "CNY"),
        ("RMB'000", "1E+3", "CNY"),
        ("HK$'000", "1E+3", "HKD"),
        ("US$ million", "1E+6", "USD"),
        ("million", "1E+6", None),
        ("USD millions", "1E+6", "USD"),
        ("亿元", "1E+8", "CNY"),
        ("单位：亿元", "1E+8", "CNY"),
        ("percent", "1E-2", "RATIO"),
        ("%", "1E-2", "RATIO"),
        ("bps", "1E-4", "RATIO"),
        ("万股", "1E+4", "SHARES"),
    ],
)
def test_unit_context_from_header(header: str, multiplier: str, dimension: str | None) -> None:
    context = unit_context_from_header(header)
    assert context.multiplier == Decimal(multiplier)
    assert context.dimension == dimension


@pytest.mark.parametrize("header", ["", "营业收入", "单位：斤", "(unaudited)", "in 2023"])
def test_unit_context_refuses(header: str) -> None:
    with pytest.raises(UnknownUnitError):
        unit_context_from_header(header)


def test_conflicting_declarations_are_refused() -> None:
    with pytest.raises(ParseError, match="different units"):
        unit_context_from_header("单位：万元 … 单位：元")


def test_find_unit_declarations_in_a_document() -> None:
    doc = (
        "合并资产负债表\n2023年12月31日\n编制单位：某某股份有限公司    单位：元 币种：人民币\n"
        "项目 | 附注 | 期末余额\n货币资金 | 七、1 | 1,234,567.89\n"
        "营业收入超过100 million元的客户\n"
        "CONSOLIDATED STATEMENTS OF OPERATIONS\n(In millions, except per share amounts)\n"
        "Segment results (RMB'000)\n"
    )
    found = find_unit_declarations(doc)
    assert [(doc[s:e], c.multiplier, c.dimension) for (s, e), c in found] == [
        ("单位：元 币种：人民币", Decimal("1"), "CNY"),
        ("In millions", Decimal("1E+6"), None),
        ("RMB'000", Decimal("1E+3"), "CNY"),
    ]


def test_find_unit_declarations_is_reexported_by_units() -> None:
    from fincalc._units import find_unit_declarations as from_units

    assert from_units("单位：万元")[0][1].unit == "万元"


# ---------------------------------------------------------------- tables


def test_custom_table() -> None:
    table = UnitTable.default().extended(
        {
            "unit": [
                {
                    "name": "tonnes",
                    "dimension": "MASS",
                    "multiplier": "1",
                    "aliases": ["吨"],
                    "scalable": True,
                }
            ]
        }
    )
    quantity = parse_quantity("销量3.2万吨", table=table)
    assert quantity.value == Decimal("32000")
    assert quantity.dimension == "MASS"
    with pytest.raises(MissingUnitError):
        parse_quantity("销量3.2吨")


def test_normalize_preserves_length() -> None:
    text = "１２３，４５６．７８ 亿元（−5%）\u00a0\u3000’"
    assert len(normalize(text)) == len(text)


# ---------------------------------------------------------------- properties

# Units written after the number, with the multiplier they carry.
SUFFIX_UNITS = [
    ("亿元", Decimal("1E+8"), "CNY"),
    ("万元", Decimal("1E+4"), "CNY"),
    ("千元", Decimal("1E+3"), "CNY"),
    ("百万元", Decimal("1E+6"), "CNY"),
    ("元", Decimal(1), "CNY"),
    ("亿美元", Decimal("1E+8"), "USD"),
    ("万港元", Decimal("1E+4"), "HKD"),
    ("%", Decimal("1E-2"), "RATIO"),
    ("个百分点", Decimal("1E-2"), "RATIO"),
    ("bp", Decimal("1E-4"), "RATIO"),
    ("‰", Decimal("1E-3"), "RATIO"),
    ("倍", Decimal(1), "MULTIPLE"),
    ("万股", Decimal("1E+4"), "SHARES"),
    ("户", Decimal(1), "COUNT"),
    (" million shares", Decimal("1E+6"), "SHARES"),
    (" billion USD", Decimal("1E+9"), "USD"),
    (" 亿", Decimal("1E+8"), None),
    ("bn", Decimal("1E+9"), None),
]
# Units written before the number (and an optional scale after it).
PREFIX_UNITS = [
    ("$", " million", Decimal("1E+6"), "USD"),
    ("US$", "m", Decimal("1E+6"), "USD"),
    ("USD ", " billion", Decimal("1E+9"), "USD"),
    ("RMB ", " thousand", Decimal("1E+3"), "CNY"),
    ("人民币", "亿元", Decimal("1E+8"), "CNY"),
    ("HK$", "bn", Decimal("1E+9"), "HKD"),
    ("€", "", Decimal(1), "EUR"),
    ("£", "k", Decimal("1E+3"), "GBP"),
]
FULLWIDTH = str.maketrans({str(i): chr(0xFF10 + i) for i in range(10)} | {",": "，", ".": "．"})


def _digits_text(value: Decimal, *, grouping: bool, ocr: bool) -> str:
    text = format(value, "f")
    if not grouping:
        return text
    whole, _, frac = text.partition(".")
    sign = "-" if whole.startswith("-") else ""
    whole = whole.lstrip("-")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    separator = ", " if ocr and len(groups) >= 3 else ","
    return sign + separator.join(groups) + (f".{frac}" if frac else "")


amounts = st.decimals(
    min_value=Decimal("0.01"), max_value=Decimal("999999999.99"), places=2, allow_nan=False
)


@st.composite
def formatted_amounts(draw: st.DrawFn) -> tuple[str, Decimal, str | None]:
    value = draw(amounts)
    grouping = draw(st.booleans())
    ocr = draw(st.booleans())
    text = _digits_text(value, grouping=grouping, ocr=ocr)
    if draw(st.booleans()) and not ocr:
        text = text.translate(FULLWIDTH)
    if draw(st.booleans()):
        suffix, multiplier, dimension = draw(st.sampled_from(SUFFIX_UNITS))
        written = text + suffix
    else:
        prefix, scale, multiplier, dimension = draw(st.sampled_from(PREFIX_UNITS))
        written = prefix + text + scale
    return written, value * multiplier, dimension


@given(formatted_amounts())
def test_format_then_parse_round_trips(sample: tuple[str, Decimal, str | None]) -> None:
    text, expected, dimension = sample
    quantity = parse_quantity(text)
    assert quantity.value == expected
    assert quantity.dimension == dimension
    assert quantity.raw == text


PROSE = st.sampled_from(
    ["，同比增长", "; revenue was ", " 以及 ", ", and ", "。其中", " versus ", "；较上年"]
)


@given(st.lists(formatted_amounts(), min_size=1, max_size=5), st.data())
def test_extract_finds_every_formatted_amount(
    samples: list[tuple[str, Decimal, str | None]], data: st.DataObject
) -> None:
    parts = []
    for text, _, _ in samples:
        parts.append(data.draw(PROSE))
        parts.append(text)
    found = extract_quantities("".join(parts))
    assert [(q.raw, q.value) for q in found] == [(text, value) for text, value, _ in samples]


@given(st.text(max_size=200))
def test_arbitrary_text_raises_only_fincalc_errors(text: str) -> None:
    with contextlib.suppress(FincalcError):
        parse_quantity(text)
    for quantity in extract_quantities(text):
        assert isinstance(quantity, Quantity)
        assert quantity.span is not None
        assert text[quantity.span[0] : quantity.span[1]] == quantity.raw


ALPHABET = st.sampled_from(
    [
        *list("0123456789０１２３,.，．()（）%％-−+ 亿万千百十元股户倍一二两三五点负约第年月日"),
        "$",
        "USD",
        "RMB",
        "million",
        "bn",
        "个百分点",
        "bp",
        "附注",
        "Note ",
        "Q",
        "\u202f",
    ]
)


@given(st.lists(ALPHABET, max_size=40).map("".join))
def test_number_soup_raises_only_fincalc_errors(text: str) -> None:
    with contextlib.suppress(FincalcError):
        parse_quantity(text, context=UnitContext(Decimal("1E+4"), "CNY", "万元"))
    for quantity in extract_quantities(text):
        assert quantity.span is not None
        assert text[quantity.span[0] : quantity.span[1]] == quantity.raw


@given(st.text(max_size=60), st.sampled_from([1, 5, 28]))
def test_caller_decimal_context_is_untouched(text: str, precision: int) -> None:
    with decimal.localcontext() as caller:
        caller.prec = precision
        caller.rounding = decimal.ROUND_DOWN
        caller.traps[decimal.Inexact] = False
        before = (caller.prec, caller.rounding, dict(caller.traps), dict(caller.flags))
        with contextlib.suppress(FincalcError):
            parse_quantity(text + " 8.7亿元")
        extract_quantities(text + "12,345.678万元")
        after = decimal.getcontext()
        assert (after.prec, after.rounding, dict(after.traps), dict(after.flags)) == before


@given(amounts, st.sampled_from(["单位：万元", "单位：千元", "(in millions)", "RMB'000"]))
def test_context_multiplies_exactly(value: Decimal, header: str) -> None:
    context = unit_context_from_header(header)
    text = _digits_text(value, grouping=True, ocr=False)
    assume(not text.startswith("0"))
    quantity = parse_quantity(text, context=context)
    assert quantity.value == value * context.multiplier
    assert quantity.dimension == context.dimension


# ---------------------------------------------------------------- the hot path's exactness


HOSTILE = decimal.Context(prec=2, rounding=decimal.ROUND_FLOOR, Emin=-5, Emax=5, traps=[])


@pytest.mark.parametrize(
    ("text", "kwargs", "value"),
    [
        ("净利润为-1,234.56亿元", {}, "-1.23456E+11"),
        ("$987,654,321.123 million", {}, "9.87654321123E+14"),
        ("-12.345%", {}, "-0.12345"),
        ("25bp", {}, "0.0025"),
        ("一亿二千万元", {}, "1.2E+8"),
        ("人民币壹拾贰万叁仟肆佰伍拾陆元柒角捌分", {}, "123456.78"),
        ("(1,234,567.89)", {"context": "单位：万元"}, "-1.23456789E+10"),
        ("$ 1,234.5", {"context": "(in millions)"}, "1.2345E+9"),
        ("123,456,789,012,345,678.9", {"context": "单位：亿元"}, "1.234567890123456789E+25"),
    ],
)
def test_values_are_exact_whatever_the_callers_context(
    text: str, kwargs: dict[str, str], value: str
) -> None:
    # The parser enters no thread-local context: values are literals or come from
    # its private context's own methods, so a caller's 2-digit context cannot round
    # them, and the caller's flags stay clear.
    with decimal.localcontext(HOSTILE) as caller:
        quantity = parse_quantity(text, **kwargs)  # type: ignore[arg-type]
        found = extract_quantities(text, **kwargs)  # type: ignore[arg-type]
        assert not any(caller.flags.values())
    assert str(quantity.value) == str(Decimal(value))
    assert found == [quantity]


@pytest.mark.parametrize(
    ("text", "exponent"),
    [("8.7亿元", 7), ("87,432万元", 4), ("1.50%", -4), ("303M", 6), ("$1.5bn", 8), ("5 元", 0)],
)
def test_literal_values_keep_the_product_exponent(text: str, exponent: int) -> None:
    # "8.7" with 亿 is written as the literal Decimal("8.7E+8"): the same coefficient
    # and exponent as Decimal("8.7") * Decimal("1E+8").
    assert parse_quantity(text).exponent == exponent


def test_a_multiplier_that_is_not_a_power_of_ten_is_multiplied() -> None:
    table = UnitTable.default().extended(
        {
            "scale": [{"name": "dozen", "multiplier": "12", "aliases": ["dozen"]}],
            "unit": [
                {
                    "name": "hundred_pct",
                    "dimension": "RATIO",
                    "multiplier": "100",
                    "aliases": ["hpc"],
                },
            ],
        }
    )
    assert str(parse_quantity("2.5 dozen shares", table=table).value) == "30.0"
    assert str(parse_quantity("2.5hpc", table=table).value) == "250.0"
    assert str(parse_quantity("2.5", context=UnitContext(Decimal("100"), "CNY", "百元")).value) == (
        "250.0"
    )


def test_trusted_quantity_is_a_quantity() -> None:
    from fincalc._quantity import trusted_quantity

    fast = trusted_quantity(Decimal("8.7E+8"), "CNY", "亿元", "8.7亿元", (0, 5), "约", False)
    slow = Quantity(Decimal("8.7E+8"), "CNY", "亿元", "8.7亿元", (0, 5), "约", False)
    assert type(fast) is Quantity
    assert fast == slow
    assert hash(fast) == hash(slow)
    assert pickle.loads(pickle.dumps(fast)) == slow


@pytest.mark.parametrize(
    ("header", "multiplier", "dimension"),
    [
        ("（除特别注明外，金额单位为人民币百万元）", "1E+6", "CNY"),  # HKEX Chinese reports
        ("金额单位为人民币元", "1", "CNY"),
        ("单位为万股", "1E+4", "SHARES"),
        ("In millions of US$", "1E+6", "USD"),
        ("(in millions of euros)", "1E+6", "EUR"),
        ("(Dollars in millions, except per share amounts)", "1E+6", "USD"),
        ("(RMB in millions)", "1E+6", "CNY"),
    ],
)
def test_declaration_wordings(header: str, multiplier: str, dimension: str) -> None:
    [(_span, context)] = find_unit_declarations(f"表头\n{header}\n| 收入 | 1 |")
    assert context.multiplier == Decimal(multiplier)
    assert context.dimension == dimension

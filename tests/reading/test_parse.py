"""parse_quantity, extract_quantities and unit declarations.

The table in tests/data/parse_cases.tsv holds the real-world strings (half
Chinese, half English, grouped by the report style or failure mode they
represent); the rest are targeted tests and Hypothesis properties.
"""

from __future__ import annotations

import contextlib
import decimal
import gc
import pickle
import sys
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import SupportsIndex

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
from fincalc._reading.parse import (
    MAX_EXTRACT_LENGTH,
    MAX_PARSE_LENGTH,
    find_unit_declarations,
    fold_characters,
)

CASES_FILE = Path(__file__).parents[1] / "data" / "parse_cases.tsv"


@dataclass(frozen=True)
class Case:
    id: str
    family: str
    source: str
    text: str
    expected: str
    options: dict[str, str]
    xfail: str | None


_ESCAPES = {"\\u202f": "\u202f", "\\r": "\r", "\\n": "\n"}


def _load_cases() -> list[Case]:
    cases = []
    for line in CASES_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        case_id, family, source, text, expected = fields[:5]
        options = dict(
            item.split("=", 1) for item in (fields[5].split(";") if len(fields) > 5 else [])
        )
        xfail = None
        if expected.startswith("xfail:"):
            xfail, expected = expected[len("xfail:") :].split("|", 1)
        for escape, char in _ESCAPES.items():
            text = text.replace(escape, char)
        cases.append(Case(case_id, family, source, text, expected, options, xfail))
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


#: The families of issue 12: each has Chinese and English rows in the table.
FAMILIES = [
    "currency-attach", "next-line-scale", "minor-units", "brackets", "minus",
    "unknown-currency", "cldr-currency", "locale-shape", "number-words", "non-money",
    "doubled-units", "exponent", "ranges", "scale-abbrev", "closed-world",
]  # fmt: skip
#: Families whose formats only one language writes (a dollar prefix, …).
ONE_LANGUAGE = {"dollar-prefix": "en", "malformed-chain": "cn"}


@pytest.mark.parametrize("family", FAMILIES + sorted(ONE_LANGUAGE))
def test_every_family_has_rows_in_both_languages(family: str) -> None:
    rows = [c for c in CASES if c.family == family]
    languages = {c.id[:2] for c in rows}
    assert languages >= ({ONE_LANGUAGE[family]} if family in ONE_LANGUAGE else {"cn", "en"})
    assert len(rows) >= 3, family


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


#: Adversarial pieces, repeated: runs of digits, separators, brackets, scales and
#: reference words.  benchmarks/parse_bench.py times them at 10,000 and 100,000
#: characters; here their work is counted, which is exact and does not depend on
#: the machine.
ADVERSARIAL_PIECES = [
    "1", ",", " ", "1,", "1, ", "1.", "1 ", "-(", "一", "万", "1万", "十", "$", "(1", "1'", "第",
    "1,23", "(1) ",
]  # fmt: skip


def _calls(text: str) -> int:
    """How many Python and C functions ``extract_quantities(text)`` calls."""
    count = 0

    def tally(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event == "call" or event == "c_call":
            count += 1

    collecting = gc.isenabled()
    gc.collect()  # finalizers of earlier tests' garbage must not run (and count) here
    gc.disable()
    sys.setprofile(tally)
    try:
        with contextlib.suppress(FincalcError):
            extract_quantities(text)
    finally:
        sys.setprofile(None)
        if collecting:
            gc.enable()
    return count


@pytest.mark.parametrize("piece", ADVERSARIAL_PIECES, ids=repr)
def test_adversarial_input_is_linear(piece: str) -> None:
    count = 1_000 // len(piece)  # (pieces, so that the three texts are whole multiples)
    small, double, large = (piece * (count * times) for times in (1, 2, 10))
    # (the patterns a text of these pieces needs are built once, before counting)
    extract_quantities(small)
    # Linear: each further 1,000 characters make as many calls as the second 1,000
    # did; a reader that rescanned the text per number would make ~10x as many by
    # the tenth.  (The marginal calls are compared, not the totals: the first and
    # last numbers of a text may be read more cheaply than the others, "1," at the
    # end, and that constant must not count as growth.)
    base = _calls(small)
    assert _calls(large) - base <= 9 * (_calls(double) - base) + 100
    # The scan pattern is matched in C, where calls are not counted: catastrophic
    # backtracking would take far longer than this generous bound (~0.05 s).
    started = time.perf_counter()
    with contextlib.suppress(FincalcError):
        extract_quantities(piece * (20_000 // len(piece)))
    assert time.perf_counter() - started < 2.0


class _CountingText(str):
    """A text that counts the characters ``find`` and ``rfind`` look at."""

    looked = 0

    def rfind(
        self, sub: str, start: SupportsIndex | None = None, end: SupportsIndex | None = None
    ) -> int:  # type: ignore[override]
        first = 0 if start is None else int(start)
        _CountingText.looked += (len(self) if end is None else int(end)) - first
        return super().rfind(sub, start, end)

    def find(
        self, sub: str, start: SupportsIndex | None = None, end: SupportsIndex | None = None
    ) -> int:  # type: ignore[override]
        first = 0 if start is None else int(start)
        found = super().find(sub, start, end)
        stop = (len(self) if end is None else int(end)) if found < 0 else found
        _CountingText.looked += stop - first
        return found


@pytest.mark.parametrize("piece", ["(1) ", "(1,234) ", "1 "])
def test_a_long_single_line_is_read_in_linear_time(piece: str) -> None:
    # Each "(1)" asks whether its line is a table row; that once scanned back to the
    # line start (39 s for 3 MB on one line).  The scan runs in C, where neither calls
    # nor a timer at test sizes show it, so count the characters looked at instead.
    from fincalc._reading.grammar import grammar_for
    from fincalc._reading.reader import scan
    from fincalc._reading.scan import Source

    text = piece * 5_000
    table = UnitTable.default()
    _CountingText.looked = 0
    scan(Source(text, _CountingText(text), grammar_for(table, None), table, None))
    assert _CountingText.looked <= 4 * len(text), _CountingText.looked


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
    # (a comma before two final digits is a decimal comma, issue 26: "12,34" is 12.34)
    assert [q.raw for q in found] == ["12", "13", "14家", "12,34", "5", "6"]
    assert [q.raw for q in extract_quantities("分别为12,13和14家; 1,2,3")] == [
        *["12", "13", "14家", "1", "2", "3"]
    ]


def test_chinese_words_with_digits_are_not_amounts() -> None:
    text = "一方面，统一管理；千万不要；三家公司；一季度；十分重要；万一"
    assert extract_quantities(text) == []


# ---------------------------------------------------------------- reviewed parser bugs


def _read(found: list[Quantity]) -> list[tuple[str, str, str | None]]:
    return [(q.raw, str(q.value), q.dimension) for q in found]


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [
        # B1: a grouped "2,023" is never a year
        ("| 营业收入 | 2,023 | 1,998 |", "单位：万元", ["2.023E+7", "1.998E+7"]),
        ("Revenue was 2,023", "(in millions)", ["2.023E+9"]),
        ("Revenue was 2,023", None, ["2023"]),
        # a bare year-like cell in a row of amounts is an amount ...
        ("| 营业收入 | 2023 | 1,998 |", "单位：万元", ["2.023E+7", "1.998E+7"]),
        ("Revenue    2023    1,998", None, ["2023", "1998"]),
        # ... but a header row of years holds years
        (
            "| 项目 | 2023 | 2022 |\n| 营业收入 | 2,023 | 1,998 |",
            "单位：万元",
            ["2.023E+7", "1.998E+7"],
        ),
        # years in prose are never amounts, under a declared unit or not
        ("In 2023, revenue was 1,234", "(in millions)", ["1.234E+9"]),
        ("2024年营业收入1,234", "单位：万元", ["1.234E+7"]),
        ("In fiscal 2024 (Note 12), Q3 revenue grew 5%", None, ["0.05"]),
    ],
)
def test_years_are_four_bare_digits(text: str, context: str | None, expected: list[str]) -> None:
    assert [str(q.value) for q in extract_quantities(text, context=context)] == expected


def test_year_like_cells_are_ambiguous_not_dropped() -> None:
    # parse_quantity never silently takes the other candidate when a year-like
    # number may be an amount (a table cell, or prose under a declared unit)
    with pytest.raises(AmbiguousQuantityError) as info:
        parse_quantity("| 营业收入 | 2023 | 1,998 |", context="单位：万元")
    assert info.value.candidates == ("'2023' (CNY)", "'1,998' (CNY)")
    with pytest.raises(AmbiguousQuantityError):
        parse_quantity("Revenue was 2023 and costs were 1,500", context="(in millions)")
    # without a declared unit, a year in prose still gives way to the amount
    assert parse_quantity("2023 revenue of $10 million").value == Decimal("1E+7")
    # and one alone is read as written
    assert parse_quantity("２０２３", context="单位：万元").value == Decimal("2.023E+7")


@pytest.mark.parametrize(
    ("text", "dimension"),
    [
        ("港幣8.7億元", "HKD"),
        ("港币8.7亿元", "HKD"),
        ("美金8.7亿元", "USD"),
        ("新臺幣8.7億元", "TWD"),
        ("台币8.7亿元", "TWD"),
        ("日圓8.7億元", "JPY"),
        ("日币8.7亿元", "JPY"),
        ("歐元8.7億元", "EUR"),
        ("澳门币8.7亿元", "MOP"),
        ("澳門幣8.7億元", "MOP"),
        ("澳元8.7亿元", "AUD"),
        ("8.7億歐元", "EUR"),
        ("8.7億英鎊", "GBP"),
        ("人民幣8.7億元", "CNY"),
        ("8.7億圓", "CNY"),
        ("港币约8.7亿元", "HKD"),  # the currency before the qualifier
        ("HKD approximately 870 million", "HKD"),
        ("印尼盾8.7亿", "IDR"),  # CLDR zh_Hant (it was refused as unknown before the CLDR names)
    ],
)
def test_traditional_and_colloquial_currency_words(text: str, dimension: str) -> None:
    quantity = parse_quantity(text)
    assert quantity.dimension == dimension
    assert quantity.value == Decimal("8.7E+8")


@pytest.mark.parametrize(
    ("text", "word", "context"),
    [
        ("持有比特币8.7亿元", "比特币", None),
        ("澳币8.7亿元", "澳币", None),
        ("新币 8.7亿元", "新币", None),
        ("刚果币8.7亿", "刚果币", None),
        ("比特币约8.7亿元", "比特币", None),
        ("比特币 1,234", "比特币", "单位：元"),
    ],
)
def test_unknown_currency_word_is_refused(text: str, word: str, context: str | None) -> None:
    with pytest.raises(UnknownUnitError) as info:
        parse_quantity(text, context=context)
    assert info.value.unit == word
    assert repr(word) in str(info.value)
    assert extract_quantities(text, context=context) == []


def test_words_that_only_end_like_currencies_are_not_refused() -> None:
    found = extract_quantities("使用闲置募集资金8.7亿元，期末现金1.2亿元，保证金300万元")
    assert _read(found) == [
        ("8.7亿元", "8.7E+8", "CNY"),
        ("1.2亿元", "1.2E+8", "CNY"),
        ("300万元", "3.00E+6", "CNY"),
    ]
    # a unit word of the amount before is not a currency word of the next one
    assert _read(extract_quantities("8.7億圓 9.1億圓")) == [
        ("8.7億圓", "8.7E+8", "CNY"),
        ("9.1億圓", "9.1E+8", "CNY"),
    ]
    # a bare number after such a word stays a bare number
    assert extract_quantities("比特币 3")[0].is_unitless


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("500 RMB'000", "5.00E+5", "RMB'000"),
        ("1,234 HKD million", "1.234E+9", "HKD million"),
        ("RMB 87,432 thousand", "8.7432E+7", "RMB thousand"),
    ],
)
def test_scale_after_a_currency_suffix(text: str, value: str, unit: str) -> None:
    quantity = parse_quantity(text)
    assert str(quantity.value) == value
    assert quantity.unit == unit
    assert quantity.raw == text


@pytest.mark.parametrize("text", ["¥1.2兆", "营业收入1.2兆元", "1.2 兆", "装机容量3兆瓦"])
def test_unknown_han_scale_is_refused(text: str) -> None:
    with pytest.raises(ParseError, match="兆"):
        parse_quantity(text)
    assert extract_quantities(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("预计净利润为8.7亿元-9.1亿元", ["8.7E+8", "9.1E+8"]),
        ("预计净利润为8.7亿元–9.1亿元", ["8.7E+8", "9.1E+8"]),
        ("预计净利润为8.7亿元~9.1亿元", ["8.7E+8", "9.1E+8"]),
        ("预计净利润为8.7亿元至9.1亿元", ["8.7E+8", "9.1E+8"]),
        ("预计亏损-8.7亿元至-9.1亿元", ["-8.7E+8", "-9.1E+8"]),
        ("预计亏损-8.7亿元~-9.1亿元", ["-8.7E+8", "-9.1E+8"]),
        ("$1.2 billion-$1.5 billion", ["1.2E+9", "1.5E+9"]),
        ("growth of 5%-10%", ["0.05", "0.10"]),
        # a minus that does not touch the amount before is a sign
        ("| 8.7亿元 | -9.1亿元 |", ["8.7E+8", "-9.1E+8"]),
        ("8.7亿元    -9.1亿元", ["8.7E+8", "-9.1E+8"]),
    ],
)
def test_dash_after_an_amount_joins_a_range(text: str, expected: list[str]) -> None:
    assert [str(q.value) for q in extract_quantities(text)] == expected


def test_range_shares_its_scale() -> None:
    found = extract_quantities("guidance of $1.2-1.5 billion")
    assert _read(found) == [("$1.2", "1.2E+9", "USD"), ("1.5 billion", "1.5E+9", "USD")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # brackets around the currency in prose: a translation or an aside
        (
            "revenue of HK$1.2 billion (RMB1.1 billion)",
            [("HK$1.2 billion", "1.2E+9", "HKD"), ("RMB1.1 billion", "1.1E+9", "CNY")],
        ),
        (
            "收入12亿港元（人民币11亿元）",
            [("12亿港元", "1.2E+9", "HKD"), ("人民币11亿元", "1.1E+9", "CNY")],
        ),
        (
            "收入12亿港元（约合1.2亿美元）",
            [("12亿港元", "1.2E+9", "HKD"), ("1.2亿美元", "1.2E+8", "USD")],
        ),
        ("margin of 8.7% (5.2%)", [("8.7%", "0.087", "RATIO"), ("5.2%", "0.052", "RATIO")]),
        # a currency, scale or unit outside the brackets: accounting negative
        ("a net loss of $(1.2) million", [("$(1.2) million", "-1.2E+6", "USD")]),
        ("a change of (5.2)%", [("(5.2)%", "-0.052", "RATIO")]),
        ("净利润(1,234)千元", [("(1,234)千元", "-1.234E+6", "CNY")]),
        # in a table row every bracketed amount is negative
        ("Net loss | (RMB1.1 billion)", [("(RMB1.1 billion)", "-1.1E+9", "CNY")]),
        ("净亏损 | （人民币11亿元）", [("（人民币11亿元）", "-1.1E+9", "CNY")]),
        # and so is a text that is nothing but the bracketed amount (a cell)
        ("($1.2 million)", [("($1.2 million)", "-1.2E+6", "USD")]),
    ],
)
def test_brackets_in_prose(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _read(extract_quantities(text)) == expected


@pytest.mark.parametrize(
    ("text", "value", "dimension"),
    [
        ("3 MM", "3E+6", None),
        ("$12.5 MM", "1.25E+7", "USD"),
        ("1.5 x", "1.5", "MULTIPLE"),
        ("net leverage of 1.5 x.", "1.5", "MULTIPLE"),
        ("杠杆率为1.5 ×。", "1.5", "MULTIPLE"),
    ],
)
def test_spaced_mm_and_x(text: str, value: str, dimension: str | None) -> None:
    quantity = parse_quantity(text)
    assert str(quantity.value) == value
    assert quantity.dimension == dimension


@pytest.mark.parametrize("text", ["3 mm", "5 m", "3 B"])
def test_spaced_metric_and_single_letters_are_refused_never_dropped(text: str) -> None:
    # "5 m" may be five metres or five million: refused (issue 26), where it used to be
    # a bare 5 that extract_quantities listed with the letter dropped
    with pytest.raises(ParseError, match="may continue the number"):
        parse_quantity(text)
    assert extract_quantities(text) == []


def test_spaced_x_between_operands_is_not_a_multiple() -> None:
    assert all(q.is_unitless for q in extract_quantities("3 x 4 and 2 × 5"))


@pytest.mark.parametrize("locale", ["fr_FR", "sv_SE", "ru_RU"])
def test_space_grouping_locales_accept_a_plain_space(locale: str) -> None:
    quantity = parse_quantity("1 234 567,5 €", locale=locale)
    assert quantity.value == Decimal("1234567.5")
    assert quantity.dimension == "EUR"
    # the default locale still reads "1 234" as two numbers
    assert [q.raw for q in extract_quantities("ratios 1 234")] == ["1", "234"]


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


@pytest.mark.parametrize(
    ("header", "cell"),
    [
        ("in Mio. €", "1.234"),  # German annual report: 1,234 million, not 1.234
        ("Angaben in Tsd. €", "12.345"),
        ("单位：Mio. €", "1.234"),
    ],
)
def test_a_dot_group_under_a_comma_language_scale_is_refused(header: str, cell: str) -> None:
    with pytest.raises(ParseError, match="dot before three digits"):
        parse_quantity(cell, context=unit_context_from_header(header))
    # the decimal comma of those languages is read
    assert parse_quantity(f"{cell},5", context=unit_context_from_header(header)).value > 1000


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
    from fincalc._reading.units import find_unit_declarations as from_units

    assert from_units("单位：万元")[0][1].unit == "万元"


# ---------------------------------------------------------------- tables


# A currency added as data is read wherever a built-in one is: the euro and a made-up
# "fincoin" are written alike (a symbol, an ISO-style code, a Chinese name ending in
# 元 and an English plural), so each text reads the same with either, bar the code.
_FINCOIN = {
    "code": "XFC",
    "prefix": ["₰", "XFC", "芬元"],
    "suffix": ["₰", "XFC", "芬元", "fincoins"],
}
_FINCOIN_TOML = """
[[currency]]
code = "XFC"
prefix = ["₰", "XFC", "芬元"]
suffix = ["₰", "XFC", "芬元", "fincoins"]
"""
_EURO_WORDS = {"sym": "€", "code": "EUR", "zh": "欧元", "en": "euros"}
_FINCOIN_WORDS = {"sym": "₰", "code": "XFC", "zh": "芬元", "en": "fincoins"}
CURRENCY_POSITIONS = [
    # before the number, with scales, signs, brackets and hedges
    "{sym}1.2",
    "{sym}1.2 billion",
    "{sym}1.2bn",
    "{sym} 1.2m",
    "-{sym}1.2m",
    "{sym}-1.2m",
    "{sym}(1.2) million",
    "({sym}1.2 million)",
    "approximately {sym}1.2 billion",
    "{code} 3.2 billion",
    "{zh}8.7亿元",
    "{zh}8.7亿",
    "{zh}约8.7亿元",
    "约{zh}8.7亿",
    "{zh}（1,234）千元",
    # after the number, and after its scale
    "3.2 billion {code}",
    "500 {code} million",
    "500 {code}'000",
    "8.7 {en}",
    "8.7 million {en}",
    "8.7亿{zh}",
    "8.7万{zh}",
    # refusals: two currencies, a currency with a unit
    "{sym}1.2 USD",
    "{zh}8.7亿美元",
    "{sym}5%",
]
DECLARATION_POSITIONS = [
    "单位：千{zh}",
    "单位：{zh}",
    "单位：元 币种：{zh}",
    "金额单位：百万{zh}",
    "(in millions of {code})",
    "(in thousands of {en})",
    "{code}'000",
    "{sym} million",
    "{code} millions",
]


def _reading(call: object) -> tuple[object, ...]:
    """What a call read, with the currency code replaced by "CUR", or the error's name."""
    try:
        got = call()  # type: ignore[operator]
    except FincalcError as exc:
        return (type(exc).__name__,)
    items = got if isinstance(got, list) else [got]
    return tuple(
        (
            item.multiplier if isinstance(item, UnitContext) else item.value,
            "CUR" if item.dimension in ("EUR", "XFC") else item.dimension,
        )
        for item in items
    )


@pytest.fixture(params=["mapping", "toml file"])
def fincoin_table(request: pytest.FixtureRequest, tmp_path: Path) -> UnitTable:
    if request.param == "mapping":
        return UnitTable.default().extended({"currency": [_FINCOIN]})
    path = tmp_path / "fincoin.toml"
    path.write_text(_FINCOIN_TOML, encoding="utf-8")
    return UnitTable.default().extended(path)


@pytest.mark.parametrize("template", CURRENCY_POSITIONS)
def test_an_added_currency_is_read_where_a_built_in_one_is(
    template: str, fincoin_table: UnitTable
) -> None:
    euro = _reading(lambda: parse_quantity(template.format(**_EURO_WORDS)))
    fincoin = _reading(
        lambda: parse_quantity(template.format(**_FINCOIN_WORDS), table=fincoin_table)
    )
    assert fincoin == euro
    assert euro[0][-1] == "CUR" or euro == ("ParseError",), euro  # not a vacuous match


@pytest.mark.parametrize("template", DECLARATION_POSITIONS)
def test_an_added_currency_is_declared_where_a_built_in_one_is(
    template: str, fincoin_table: UnitTable
) -> None:
    euro = _reading(lambda: unit_context_from_header(template.format(**_EURO_WORDS)))
    fincoin = _reading(
        lambda: unit_context_from_header(template.format(**_FINCOIN_WORDS), table=fincoin_table)
    )
    assert fincoin == euro
    assert euro[0][-1] == "CUR", euro
    document = "合并利润表\n" + template.format(**_FINCOIN_WORDS) + "\n| 营业收入 | 1 |"
    [(_span, context)] = find_unit_declarations(document, table=fincoin_table)
    assert context.dimension == "XFC"


def test_an_added_currency_symbol_marks_a_table_row(fincoin_table: UnitTable) -> None:
    # Accounting brackets are negative in a table row; a wide gap before a cell that
    # opens with a currency symbol is one sign of a row ("8    €5").
    row = "收入 8    {sym}5 以及 (1,234)"
    euro = _reading(lambda: extract_quantities(row.format(**_EURO_WORDS)))
    fincoin = _reading(
        lambda: extract_quantities(row.format(**_FINCOIN_WORDS), table=fincoin_table)
    )
    assert fincoin == euro
    assert euro[-1] == (Decimal("-1234"), None)


def test_an_added_currency_is_found_in_running_text(fincoin_table: UnitTable) -> None:
    text = "收入{zh}8.7亿元，成本约{zh}5亿元；revenue of {sym}1.2 billion, or 8.7 million {en}"
    euro = _reading(lambda: extract_quantities(text.format(**_EURO_WORDS)))
    fincoin = _reading(
        lambda: extract_quantities(text.format(**_FINCOIN_WORDS), table=fincoin_table)
    )
    assert fincoin == euro
    assert len(euro) == 4
    assert all(dimension == "CUR" for _, dimension in euro)


def test_an_inexact_product_is_a_parse_error() -> None:
    # A custom scale whose multiplier has more digits than the private context holds
    # makes an exact product impossible; fincalc refuses rather than rounds.
    table = UnitTable.default().extended(
        {
            "scale": [
                {"name": "odd", "multiplier": "1.23456789012345678901234567", "aliases": ["odd"]}
            ]
        }
    )
    assert parse_quantity("1.5 odd", table=table).value == Decimal("1.851851835185185183518518505")
    with pytest.raises(ParseError, match="cannot compute an exact value"):
        parse_quantity("123456789012345678901234567 odd", table=table)


def test_custom_table() -> None:
    table = UnitTable.default().extended(
        {
            "unit": [
                {
                    "name": "jin",
                    "dimension": "JIN",
                    "multiplier": "1",
                    "aliases": ["斤"],
                    "scalable": True,
                }
            ]
        }
    )
    quantity = parse_quantity("销量3.2万斤", table=table)
    assert quantity.value == Decimal("32000")
    assert quantity.dimension == "JIN"
    with pytest.raises(MissingUnitError):
        parse_quantity("销量3.2斤")
    assert parse_quantity("销量3.2万吨").dimension == "TONNES"  # built in


def test_normalize_preserves_length() -> None:
    text = "１２３，４５６．７８ 亿元（−5%）\u00a0\u3000’"
    assert len(fold_characters(text)) == len(text)


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
    ("户", Decimal(1), "HOUSEHOLDS"),
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
    from fincalc._values.quantity import trusted_quantity

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
        # German order: the currency after the scale (it used to be dropped)
        ("Angaben in Tsd. €", "1E+3", "EUR"),
        ("in Mio. EUR", "1E+6", "EUR"),
        ("Beträge in Millionen Euro", "1E+6", "EUR"),
        ("in thousands USD", "1E+3", "USD"),
    ],
)
def test_declaration_wordings(header: str, multiplier: str, dimension: str) -> None:
    [(_span, context)] = find_unit_declarations(f"表头\n{header}\n| 收入 | 1 |")
    assert context.multiplier == Decimal(multiplier)
    assert context.dimension == dimension


# ---------------------------------------------------------------- issue 12 families in running text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a currency between two numbers goes with the nearer one, or is refused
        ("营收5.2亿美元(约37亿元)", [("5.2亿美元", "5.2E+8", "USD"), ("37亿元", "3.7E+9", "CNY")]),
        ("4.1亿欧元-4.6亿欧元", [("4.1亿欧元", "4.1E+8", "EUR"), ("4.6亿欧元", "4.6E+8", "EUR")]),
        ("200日元 300", [("200日元", "200", "JPY"), ("300", "300", None)]),
        ("200日元300", [("300", "300", None)]),
        ("Revenue 100 USD 200 EUR", [("100 USD", "100", "USD"), ("200 EUR", "200", "EUR")]),
        # a range writes its scale and unit once, for both bounds
        ("guidance of $1.2-1.5 billion", [
            ("$1.2", "1.2E+9", "USD"), ("1.5 billion", "1.5E+9", "USD")]),
        ("预计1.5至2亿元", [("1.5", "1.5E+8", "CNY"), ("2亿元", "2E+8", "CNY")]),
        ("a margin of 5-10%", [("5", "0.05", "RATIO"), ("10%", "0.10", "RATIO")]),
        ("3 to 4 million shares", [
            ("3", "3E+6", "SHARES"), ("4 million shares", "4E+6", "SHARES")]),
        ("December 31, 2024 -人民币5691.36亿元", [("-人民币5691.36亿元", "-5.69136E+11", "CNY")]),
        # a scale on the next line belongs to the amount, or refuses it
        ("Revenue\n$2,310\nmillion\nCost $1,200\nmillion", [
            ("$2,310\nmillion", "2.310E+9", "USD"), ("$1,200\nmillion", "1.200E+9", "USD")]),
        ("$2,310\nMillion customers", []),
        # minor units join their major amount, and stay minor on their own
        ("thirteen dollars and forty-five cents", [
            ("thirteen dollars and forty-five cents", "13.45", "USD")]),
        ("价格3元5角，另付5毛钱", [("3元5角", "3.5", "CNY"), ("5毛钱", "0.5", "CNY")]),
        # number words are amounts with a scale word or a unit, and words otherwise
        ("one of the two founders", []),
        ("five million dollars", [("five million dollars", "5E+6", "USD")]),
        # brackets with spaces inside
        ("Net loss | ( 1,234 ) | 567", [("( 1,234 )", "-1234", None), ("567", "567", None)]),
        ("the figure ( 1,234 ) was restated", [("1,234", "1234", None)]),
    ],
)  # fmt: skip
def test_families_in_running_text(text: str, expected: list[tuple[str, str, str | None]]) -> None:
    assert _read(extract_quantities(text)) == expected


MINUS_FORMS = [
    "-",
    "\u2010",
    "\u2011",
    "\u2012",
    "\u2013",
    "\u2212",
    "\u207b",
    "\ufe63",
    "\uff0d",
    "➖",
]


@given(amounts, st.sampled_from(MINUS_FORMS), st.sampled_from(SUFFIX_UNITS[:13]))
def test_every_minus_form_keeps_the_sign(
    value: Decimal, minus: str, unit: tuple[str, Decimal, str | None]
) -> None:
    suffix, multiplier, dimension = unit
    quantity = parse_quantity(f"同比{minus}{_digits_text(value, grouping=True, ocr=False)}{suffix}")
    assert quantity.value == -value * multiplier
    assert quantity.dimension == dimension


@given(
    amounts,
    st.sampled_from(["(", "( ", "（", "（ "]),
    st.sampled_from([")", " )", "）", " ）"]),
    st.sampled_from(["", "$", "$ ", "RMB "]),
    st.sampled_from(["", " million", " thousand"]),
)
def test_accounting_brackets_with_spaces_are_negative(
    value: Decimal, opening: str, closing: str, currency: str, scale: str
) -> None:
    text = f"{opening}{currency}{_digits_text(value, grouping=True, ocr=False)}{closing}{scale}"
    quantity = extract_quantities(text)
    assert len(quantity) == 1, text
    multiplier = {"": Decimal(1), " million": Decimal("1E+6"), " thousand": Decimal("1E+3")}
    assert quantity[0].value == -value * multiplier[scale], text
    assert quantity[0].dimension == {"": None, "$": "USD", "$ ": "USD", "RMB ": "CNY"}[currency]


@given(amounts, st.sampled_from(["million", "billion", "百万元", "亿元", "万美元"]))
def test_a_scale_on_the_next_line_is_part_of_the_amount(value: Decimal, scale: str) -> None:
    multipliers = {"million": "1E+6", "billion": "1E+9", "百万元": "1E+6", "亿元": "1E+8"}
    text = f"{_digits_text(value, grouping=True, ocr=False)}\n{scale}"
    quantity = parse_quantity(text) if scale != "million" and scale != "billion" else None
    if quantity is None:
        quantity = parse_quantity("$" + text)
    assert quantity.value == value * Decimal(multipliers.get(scale, "1E+4"))


def test_real_world_strings_by_source() -> None:
    # Hand-written strings as shops, news, annual-report cells and model answers write
    # them (tests/data/realworld_cases.tsv); the hidden measurement of issue 12 asks for
    # 97 % overall and 90 % on every source.
    from benchmarks.corpus import real_world, score_real_world

    scores, misses = score_real_world(real_world())
    right, total = scores["all"]
    assert total >= 180
    assert right / total >= 0.97, misses
    for source in ("shop-price", "news", "report-cell", "model-answer"):
        right, total = scores[source]
        assert right / total >= 0.90, (source, [m for m in misses if m[0].source == source])


_LATIN_LEADS = ["Revenue was ", "Net sales of ", "Toyota posted ", "profit: ", "The price is "]


@given(
    lead=st.sampled_from(_LATIN_LEADS),
    symbol=st.sampled_from(["¥", "￥"]),
    number=st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999"), places=2),
    scale=st.sampled_from(["", " million", " billion", " trillion"]),
)
def test_a_yen_sign_in_latin_text_is_never_guessed(
    lead: str, symbol: str, number: Decimal, scale: str
) -> None:
    """Property: "¥" in English text is refused, never silently CNY or JPY; kana make it JPY."""
    text = f"{lead}{symbol}{number}{scale}"
    with pytest.raises(UnknownUnitError, match="yuan and the yen"):
        parse_quantity(text)
    assert parse_quantity(text, locale="ja_JP").dimension == "JPY"
    assert parse_quantity(text, locale="zh_CN").dimension == "CNY"
    assert parse_quantity(f"{text}（税込み）").dimension == "JPY"
    assert parse_quantity(f"{text}，同比增长").dimension == "CNY"

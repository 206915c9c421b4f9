"""A closed world after an amount (issue 26): read whole and right, or refused; never a part.

The word right after an amount is something the unit table reads (a scale, a
currency, a unit) or a word of the sentence that cannot continue a number; a
word that could continue it (a scale or currency word of a language the table
does not read, a number word, 点 and digits, a tight scale one space away)
refuses the amount.  Every entry point obeys it: ``parse_quantity``,
``extract_quantities`` with and without a declared unit, and the generated
scanner that takes over once a table has read enough.  The table rows are the
issue's measured strings (``tests/data/parse_cases.tsv``, family
``closed-world``, holds them for ``parse_quantity``); the properties generate
amount + following-word variations whose truth is known by construction.
"""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from decimal import Decimal
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import ParseError, Quantity, UnitTable, extract_quantities, parse_quantity
from fincalc._base.exceptions import DataFileError
from fincalc._reading.closed_world import read_foreign_words
from fincalc._reading.scanner import read_text
from fincalc._reading.scanner_words import scanner_for
from fincalc._reading.text import fold_characters

_FOREIGN = tomllib.loads(
    (resources.files("fincalc") / "_data" / "foreign_words.toml").read_text(encoding="utf-8")
)


def _every_reading(text: str) -> list[list[Quantity] | ParseError]:
    """What each entry point reads in ``text``: a list of amounts, or the refusal."""
    outcomes: list[list[Quantity] | ParseError] = []
    try:
        outcomes.append([parse_quantity(text, context="单位：元")])
    except ParseError as exc:
        outcomes.append(exc)
    outcomes.append(extract_quantities(text))
    outcomes.append(extract_quantities(text, context="单位：元"))
    results, _ = read_text(text, fold_characters(text), scanner_for(UnitTable.default()))
    outcomes.append([item for item, kind in results if isinstance(item, Quantity) and not kind])
    return outcomes


def _whole_or_refused(text: str, value: Decimal | None, dimension: str | None) -> None:
    """Every reading of ``text`` is the amount ``value`` (when given) or no amount at all."""
    for outcome in _every_reading(text):
        if isinstance(outcome, ParseError):
            continue
        for quantity in outcome:
            assert value is not None, (text, quantity)
            assert quantity.value == value, (text, quantity)
            if dimension is not None:
                assert quantity.dimension == dimension, (text, quantity)


# ------------------------------------------------------------ the measured strings

# (text, source style, the whole value or None when only a refusal is right, its dimension)
MEASURED: list[tuple[str, str, str | None, str | None]] = [
    ("千分之２．４", "cn-report-prose", "0.0024", "RATIO"),
    ("千分之一百一十一", "cn-report-prose", "0.111", "RATIO"),
    ("万分之三", "cn-bulletin", "0.0003", "RATIO"),
    ("百分之一百二十點五", "tw-report-prose", "1.205", "RATIO"),
    ("百分之一 点五", "cn-ocr-text", None, None),
    ("87个", "cn-llm-answer", "87", "COUNT"),
    ("一个重要问题", "cn-report-prose", None, None),
    ("3个月", "cn-report-prose", None, None),
    ("百分之五 十", "cn-ocr-text", None, None),
    ("2.33 k", "en-llm-answer", None, None),
    ("- 10 k", "en-llm-answer", None, None),
    ("322 hundred", "en-tokenised-spec", None, None),
    ("30 MUSD", "eu-company-table", None, None),
    ("thirteen dollars forty five", "en-tokenised-spec", None, None),
    ("one dollar and one", "en-tokenised-spec", None, None),
    ("c $ 100 and fifty", "en-tokenised-spec", None, None),
    ("R$ 1,2 bilhão", "br-news", "1.2E+9", "BRL"),  # one meaning in CLDR: read
    ("US$ 1.200 millones", "es-news", None, None),
    ("12 mdr kronor", "se-news", None, None),
    ("12 md kronor", "se-news", None, None),
    ("5000 달러", "kr-shop-price", None, None),
    ("100 долларов", "ru-news", None, None),
    ("1.2 billion NT dollars", "tw-news-en", None, None),
    ("200.000 đ", "vn-shop-price", "200000", "VND"),  # the dong has no minor unit
    ("5 млрд руб.", "ru-report", "5E+9", "RUB"),
    ("3 tys. zł", "pl-shop-price", None, None),
    ("1500 ドル", "jp-shop-price", None, None),
    ("1 234 долларов", "ru-news", None, None),
    ("这台设备卖了120万欧", "cn-social-post", None, None),
    ("公司去年赚了3个亿", "cn-social-post", "3E+8", None),  # 个 before 亿: 3亿 in speech
    ("毛利率涨了3个点", "cn-social-post", None, None),
    ("120万欧元", "cn-news", "1.20E+6", "EUR"),  # not 1: it may be the first group of 1234
    ("took 120.4 µs", "en-benchmark-note", "120.4", None),
    ("营业收入1,476.\n94亿元", "cn-pdf-text", None, None),  # not 94亿元: locate joins it
    ("Revenue was $1,234.\n56 million", "en-pdf-text", None, None),
    ("thirteen dollars and forty-five cents", "en-llm-answer", "13.45", "USD"),
    ("5 million employees", "en-news", "5E+6", None),
    ("营业收入8.7亿元同比增长", "cn-report-prose", "8.7E+8", "CNY"),
]


@pytest.mark.parametrize(
    ("text", "source", "value", "dimension"), MEASURED, ids=[m[0] for m in MEASURED]
)
def test_measured_strings_are_read_whole_or_refused_everywhere(
    text: str, source: str, value: str | None, dimension: str | None
) -> None:
    del source  # (the document style, for the reader of this table)
    _whole_or_refused(text, None if value is None else Decimal(value), dimension)


@pytest.mark.parametrize("text", ["千分之２．４", "千分之一百一十一", "万分之三"])
def test_per_mille_and_per_ten_thousand_are_read(text: str) -> None:
    quantity = parse_quantity(text)
    assert quantity.dimension == "RATIO"
    assert quantity.raw == text


def test_a_refusal_names_the_word() -> None:
    with pytest.raises(ParseError, match="'billón'"):
        parse_quantity("R$ 1,2 billón")
    with pytest.raises(ParseError, match="'달러'"):
        parse_quantity("5000 달러")
    with pytest.raises(ParseError, match="'hundred'"):
        parse_quantity("322 hundred")


@pytest.mark.parametrize(
    ("text", "raw"),
    [
        ("5 employees", "5 employees"),
        ("$5 million in revenue", "$5 million"),
        ("5% of sales", "5%"),
        ("营业收入8.7亿元，同比增长12.3%", "8.7亿元"),
        ("接待120万欧洲游客", "120万"),
        ("revenue of 5 million in 2024", "5 million"),
        ("5 Hong Kong dollars", "5 Hong Kong dollars"),
    ],
)
def test_words_of_the_sentence_do_not_refuse(text: str, raw: str) -> None:
    assert raw in [q.raw for q in extract_quantities(text)]


def test_a_year_and_a_full_stop_end_a_sentence() -> None:
    # (the rule locate's layout normalisation shares: text.is_year)
    quantities = extract_quantities("in fiscal 2023.\n2024 revenue was $5 million")
    assert [q.raw for q in quantities] == ["$5 million"]
    assert [q.raw for q in extract_quantities("2023.\n2024年营业收入8.7亿元")] == ["8.7亿元"]


@pytest.mark.parametrize(
    ("text", "raws"),
    [
        ("29,90", ["29,90"]),  # shop-price
        ("Preis 0,75 pro Stück", ["0,75"]),  # de-shop-price
        ("1,2,3", ["1", "2", "3"]),  # en-list
        ("分别为12,13", ["12", "13"]),  # cn-report-prose: a list, not 12.13
    ],
)
def test_a_comma_before_two_final_digits_is_a_decimal_comma(text: str, raws: list[str]) -> None:
    assert [q.raw for q in extract_quantities(text)] == raws


@given(st.integers(1, 999), st.integers(0, 99), st.sampled_from([1, 2]))
def test_decimal_comma_by_shape_reads_the_value_built(whole: int, cents: int, width: int) -> None:
    # truth by construction: "<whole>,<digits>" with one or two digits is whole.digits
    digits = f"{cents % (10**width):0{width}d}"
    text = f"Preis: {whole},{digits}"
    for outcome in _every_reading(text):
        if isinstance(outcome, list):
            assert [q.value for q in outcome] == [Decimal(f"{whole}.{digits}")], (text, outcome)


# ------------------------------------------------------------------- generated variations

_AMOUNTS = st.decimals(min_value=1, max_value=99999, places=2, allow_nan=False).map(
    lambda d: d.normalize() if d == d.to_integral() else d
)
_BEFORE = st.sampled_from(["", "$", "US$ ", "€", "R$ ", "收入", "revenue of "])
#: Words that could continue an amount and that the table does not read (a tight scale
#: one space away, "2.33 k", has its properties in test_scale_abbrev.py).
_CONTINUING = st.one_of(
    st.sampled_from(_FOREIGN["scale"]),
    st.sampled_from(_FOREIGN["currency"]),
    st.sampled_from(["달러", "долларов", "ล้าน", "ドル", "δισ", "ريال", "บาท"]),
    st.sampled_from(["hundred", "MUSD", "TEUR", "KUSD"]),
)


@given(_BEFORE, _AMOUNTS, _CONTINUING, st.sampled_from(["", ".", " in 2024", "，"]))
def test_an_amount_then_a_word_that_continues_it_is_refused(
    before: str, amount: Decimal, word: str, after: str
) -> None:
    # truth by construction: the amount is `amount` times what `word` means, which the
    # table does not know; any reading is a part of it
    text = f"{before}{amount} {word}{after}"
    for outcome in _every_reading(text):
        if isinstance(outcome, list):
            assert not any(q.span is not None and q.span[0] <= len(before) for q in outcome), (
                text,
                outcome,
            )


_KNOWN = st.sampled_from(
    [
        ("million", Decimal("1E+6"), None),
        ("billion", Decimal("1E+9"), None),
        ("亿元", Decimal("1E+8"), "CNY"),
        ("万元", Decimal("1E+4"), "CNY"),
        ("%", Decimal("0.01"), "RATIO"),
        ("USD", Decimal(1), "USD"),
        ("euros", Decimal(1), "EUR"),
    ]
)


@given(_AMOUNTS, _KNOWN, st.sampled_from(["", " in 2024", " of revenue", "，同比增长"]))
def test_an_amount_with_a_unit_the_table_reads_is_read_whole_and_right(
    amount: Decimal, known: tuple[str, Decimal, str | None], after: str
) -> None:
    unit, multiplier, dimension = known
    text = f"{amount} {unit}{after}"
    quantities = extract_quantities(text)
    assert quantities, text
    first = quantities[0]
    assert first.value == amount * multiplier, (text, first)
    assert first.dimension == dimension, (text, first)


_PER = {"百分之": Decimal("0.01"), "千分之": Decimal("0.001"), "万分之": Decimal("0.0001")}
_CN_WHOLE = {"一": 1, "五": 5, "十二": 12, "一百二十": 120}


@given(
    st.sampled_from(sorted(_PER)),
    st.sampled_from([*_CN_WHOLE, "2.4", "２．４"]),
    st.sampled_from([" 点五", "點五", "点五", " 十", " 5"]),
)
def test_a_chinese_ratio_then_more_of_it_is_whole_or_refused(
    per: str, number: str, more: str
) -> None:
    # truth by construction: a 点五 glued to a Chinese numeral is its decimal part
    # (百分之一百二十點五 = 1.205); anything else after it is more of the number
    # that cannot be read, so no reading at all is right
    text = f"{per}{number}{more}"
    whole = (
        (Decimal(_CN_WHOLE[number]) + Decimal("0.5")) * _PER[per]
        if number in _CN_WHOLE and more in ("點五", "点五")
        else None
    )
    for outcome in _every_reading(text):
        if isinstance(outcome, list):
            ratios = [q for q in outcome if q.dimension == "RATIO"]
            assert [q.value for q in ratios] == ([] if whole is None else [whole]), (text, outcome)


# ----------------------------------------------------------------- the generated vocabulary


def test_the_fast_reader_reads_what_tomllib_reads() -> None:
    text = (resources.files("fincalc") / "_data" / "foreign_words.toml").read_text(encoding="utf-8")
    lists = read_foreign_words(text, "foreign_words.toml")
    assert {key: list(words) for key, words in lists.items()} == _FOREIGN
    assert all(w == w.casefold() for key in ("scale", "currency") for w in lists[key])
    with pytest.raises(DataFileError, match="regenerate"):
        read_foreign_words('scale = [\n    "mdr",\n]\n', "broken.toml")
    with pytest.raises(DataFileError, match="distinct"):
        read_foreign_words(
            'scale = [\n"a", "a",\n]\ncurrency = [\n"b",\n]\nsymbol = [\n"C",\n]\n', "dup"
        )


def test_foreign_words_match_babel() -> None:
    path = Path(__file__).resolve().parents[2] / "tools" / "cldr_foreign_words.py"
    spec = importlib.util.spec_from_file_location("cldr_foreign_words", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    expected = module.foreign_words_toml()
    actual = (resources.files("fincalc") / "_data" / "foreign_words.toml").read_text(
        encoding="utf-8"
    )
    assert actual == expected, (
        "regenerate: python tools/cldr_foreign_words.py > src/fincalc/_data/foreign_words.toml"
    )

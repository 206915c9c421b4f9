"""Digits grouped as a currency's languages group them (issue 26), from CLDR.

"12 590 Kč", "75 000 руб." and "SEK 1 234" group thousands with a space, as
every language of the currency does (reading.toml ``[space_grouping]``); the
run next to such a currency is one number.  Elsewhere a run of groups may be
one number or several (columns, a list) and is refused without a locale.
"200.000 đ" is 200,000 dong: the dong has no minor unit (``[no_minor_unit]``),
so the dot cannot be a decimal point.  Both lists are checked against Babel.
"""

from __future__ import annotations

import datetime
import tomllib
from decimal import Decimal
from importlib import resources

import pytest
from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.languages import get_official_languages
from babel.numbers import (
    get_currency_precision,
    get_decimal_symbol,
    get_group_symbol,
    get_territory_currencies,
)
from hypothesis import given
from hypothesis import strategies as st

from fincalc import ParseError, extract_quantities, parse_quantity

_READING = tomllib.loads(
    (resources.files("fincalc") / "_data" / "reading.toml").read_text(encoding="utf-8")
)
_ISO = tomllib.loads(
    (resources.files("fincalc") / "_data" / "currencies.toml").read_text(encoding="utf-8")
)["iso_codes"]
_SPACES = ("\u00a0", "\u202f", " ")


def _home_formats() -> dict[str, set[tuple[str, str]]]:
    """Per currency, the (group, decimal) symbols of the official languages of every
    territory where it is legal tender on 2024-01-01."""
    day = datetime.date(2024, 1, 1)
    formats: dict[str, set[tuple[str, str]]] = {}
    for territory in get_global("territory_currencies"):
        languages = get_official_languages(territory, regional=False, de_facto=True)
        for code in get_territory_currencies(territory, day, tender=True):
            for language in languages:
                try:
                    locale = Locale.parse(f"{language}_{territory}")
                except (UnknownLocaleError, ValueError):
                    continue
                formats.setdefault(code, set()).add(
                    (get_group_symbol(locale), get_decimal_symbol(locale))
                )
    return formats


def test_space_grouping_currencies_match_babel() -> None:
    formats = _home_formats()
    expected = sorted(
        code
        for code, symbols in formats.items()
        if all(group in _SPACES and decimal == "," for group, decimal in symbols)
    )
    assert _READING["space_grouping"]["currencies"] == expected


def test_no_minor_unit_currencies_match_babel() -> None:
    expected = sorted(c for c in _home_formats() if get_currency_precision(c) == 0)
    assert _READING["no_minor_unit"]["currencies"] == expected
    assert set(expected) <= set(_ISO)


# (text, source style, value or "!Error", dimension)
CASES: list[tuple[str, str, str, str | None]] = [
    ("12 590 Kč", "cz-shop-price", "12590", "CZK"),
    ("Cena: 12 590,50 Kč", "cz-shop-price", "12590.50", "CZK"),
    ("выручка составила 75 000 руб.", "ru-news", "75000", "RUB"),
    ("1 234 567 млн руб.", "ru-report", "1.234567E+12", "RUB"),
    ("SEK 1 234", "se-invoice", "1234", "SEK"),
    ("1 234 567 PLN", "pl-report", "1234567", "PLN"),
    ("捷克子公司售价12 590 Kč", "cn-llm-answer", "12590", "CZK"),
    ("俄罗斯子公司收入75 000 руб.", "cn-news", "75000", "RUB"),
    ("200.000 đ", "vn-shop-price", "200000", "VND"),
    ("Giá: 1.250.000 đ", "vn-shop-price", "1250000", "VND"),
    ("越南门店售价200.000 ₫", "cn-news", "200000", "VND"),
    ("550,00 лв", "bg-shop-price", "550.00", "BGN"),
    # refused: the run is not next to a currency that groups with spaces, or a part
    # of the amount (its sign, a point) is not the languages' own
    ("1 234 €", "eu-shop-price", "!ParseError", None),
    ("5 000 employees", "en-news", "!ParseError", None),
    ("共 12 345 股", "cn-report-prose", "!ParseError", None),
    ("-12 590 Kč", "cz-bank-statement", "!ParseError", None),
    ("12 590.50 Kč", "cz-shop-price", "!ParseError", None),
    ("49 lei", "ro-shop-price", "!UnknownUnitError", None),  # RON or MDL
    ("1.234 €", "de-shop-price", "!ParseError", None),  # 1234 or 1.234 euros
]


@pytest.mark.parametrize(("text", "source", "expected", "dimension"), CASES)
def test_grouped_amounts(text: str, source: str, expected: str, dimension: str | None) -> None:
    del source  # (the document style, for the reader of this table)
    if expected.startswith("!"):
        with pytest.raises(ParseError) as caught:
            parse_quantity(text)
        assert type(caught.value).__name__ == expected[1:]
        return
    quantity = parse_quantity(text)
    assert (quantity.value, quantity.dimension) == (Decimal(expected), dimension)
    assert [q.value for q in extract_quantities(text)] == [Decimal(expected)]


_GROUPING = st.sampled_from([("Kč", "CZK"), ("руб.", "RUB"), ("PLN", "PLN"), ("лв.", "BGN")])


@given(st.integers(1, 999), st.lists(st.integers(0, 999), min_size=1, max_size=3), _GROUPING)
def test_a_run_next_to_a_space_grouping_currency_is_one_number(
    head: int, groups: list[int], currency: tuple[str, str]
) -> None:
    # truth by construction: the digits joined are the amount
    digits = " ".join([str(head), *(f"{g:03d}" for g in groups)])
    symbol, code = currency
    quantity = parse_quantity(f"{digits} {symbol}")
    assert (quantity.value, quantity.dimension) == (Decimal(digits.replace(" ", "")), code)


@given(
    st.integers(1, 999),
    st.lists(st.integers(0, 999), min_size=1, max_size=3),
    st.sampled_from(["€", "USD", "元", "employees", "股", ""]),
)
def test_a_run_elsewhere_is_refused_never_a_part(head: int, groups: list[int], unit: str) -> None:
    digits = " ".join([str(head), *(f"{g:03d}" for g in groups)])
    whole = Decimal(digits.replace(" ", ""))
    for q in extract_quantities(f"total {digits} {unit}"):
        assert q.value == whole, (digits, unit, q)


@given(st.integers(1, 999), st.integers(0, 999), st.sampled_from(["đ", "₫", "VND"]))
def test_a_dot_group_in_a_currency_without_minor_units_groups_thousands(
    head: int, group: int, symbol: str
) -> None:
    text = f"{head}.{group:03d} {symbol}"
    quantity = parse_quantity(text)
    assert quantity.value == Decimal(f"{head}{group:03d}"), text

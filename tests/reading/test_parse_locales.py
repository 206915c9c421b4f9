"""Amounts formatted by Babel in every CLDR locale parse back, or are refused.

The property of issue 12: format a random amount with ``format_currency``,
``format_decimal`` or ``format_percent`` in any of Babel's locales, then parse
it.  Without ``locale=`` the value and currency must come back, or the parse
must refuse, unless the text is ambiguous without its locale (a lone
separator before three digits, "1.234" or "1,234", or a currency symbol CLDR
gives to several currencies, "$", "¥", "kr"); with ``locale=`` they must come
back or be refused, always.  Never a different value.

``FINCALC_LOCALE_EXAMPLES`` sets how many examples each property draws (300
by default; raise it for a long run, e.g. 20000).
"""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from decimal import Decimal

from babel import Locale
from babel.localedata import locale_identifiers
from babel.numbers import (
    format_currency,
    format_decimal,
    format_percent,
    get_currency_precision,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import FincalcError, UnitContext, parse_quantity

EXAMPLES = int(os.environ.get("FINCALC_LOCALE_EXAMPLES", "300"))
LOCALES = sorted(locale_identifiers())
#: A spread of currencies: major ones, ones whose symbol is shared ($, ¥, kr, £), ones
#: without minor units (JPY, KRW) and ones written with letters (CHF, PLN, BRL).
CURRENCIES = [
    "USD", "EUR", "JPY", "CNY", "GBP", "CHF", "INR", "BRL", "KRW", "CAD", "AUD", "HKD",
    "TWD", "SEK", "NOK", "PLN", "RUB", "TRY", "MXN", "ZAR", "SGD", "THB", "IDR", "VND",
]  # fmt: skip
VALUES = st.decimals(
    min_value=Decimal("-99999999.99"),
    max_value=Decimal("99999999.99"),
    places=3,
    allow_nan=False,
    allow_infinity=False,
)
#: One separator before exactly three digits, and no other: "1.234", "1,234".
_AMBIGUOUS_SHAPE = re.compile(
    r"(?<![0-9][.,'\u202f\u00a0 ])(?<![0-9])[0-9]{1,3}[.,][0-9]{3}(?![0-9.,])"
)


_AFTER_ONLY = frozenset(["元"])


def _clean(symbol: str) -> str:
    return "".join(ch for ch in symbol if unicodedata.category(ch) != "Cf").strip()


@functools.cache
def _shared_symbols() -> frozenset[str]:
    """Symbols CLDR gives to more than one currency across its locales ("$", "¥", "kr")."""
    owners: dict[str, set[str]] = {}
    for identifier in LOCALES:
        for code, symbol in Locale.parse(identifier).currency_symbols.items():
            owners.setdefault(_clean(symbol), set()).add(code)
    return frozenset(symbol for symbol, codes in owners.items() if len(codes) > 1)


def _needs_locale(text: str, locale: str, code: str | None) -> bool:
    if _AMBIGUOUS_SHAPE.search(text):
        return True
    if code is None:
        return False
    symbol = _clean(Locale.parse(locale).currency_symbols.get(code, code))
    if symbol not in text:
        return False
    # a symbol several currencies share ("$", "¥", "kr"), or one of Latin letters only
    # ("Rp", "Ft", "RM"), which the table leaves to locale= (they read as words too often)
    # (and 元, which Japanese writes before the number: the table reads it after one only,
    # so that the 元 ending "8.7亿元" never opens the number after it)
    return (
        symbol in _shared_symbols()
        or symbol in _AFTER_ONLY
        or (symbol != code and all(ch.isascii() and (ch.isalpha() or ch == ".") for ch in symbol))
    )


def _check(text: str, locale: str, value: Decimal, dimension: str | None) -> None:
    context = UnitContext(Decimal(1), None, "units")  # bare numbers are read as they are
    for given_locale in (None, locale):
        if given_locale is None and _needs_locale(text, locale, dimension):
            continue
        try:
            quantity = parse_quantity(text, locale=given_locale, context=context)
        except FincalcError:
            continue  # a refusal is acceptable
        got = (quantity.value, quantity.dimension)
        assert got == (value, dimension), (text, locale, given_locale, got)


@settings(max_examples=EXAMPLES)
@given(st.sampled_from(LOCALES), st.sampled_from(CURRENCIES), VALUES)
def test_format_currency_round_trips_in_every_locale(
    locale: str, code: str, value: Decimal
) -> None:
    value = value.quantize(Decimal(1).scaleb(-get_currency_precision(code)))
    text = format_currency(value, code, locale=locale)
    _check(text, locale, value, code)


@settings(max_examples=EXAMPLES)
@given(st.sampled_from(LOCALES), VALUES)
def test_format_decimal_round_trips_in_every_locale(locale: str, value: Decimal) -> None:
    text = format_decimal(value, locale=locale, decimal_quantization=False)
    _check(text, locale, value, None)


@settings(max_examples=EXAMPLES)
@given(st.sampled_from(LOCALES), VALUES)
def test_format_percent_round_trips_in_every_locale(locale: str, value: Decimal) -> None:
    text = format_percent(value / 100, locale=locale, decimal_quantization=False)
    _check(text, locale, value / 100, "RATIO")


def test_every_locale_is_sampled_by_name() -> None:
    # the strategies draw from all of Babel's locales, not a hand-picked few
    assert len(LOCALES) > 700
    assert {"de_DE", "fr_CA", "ja_JP", "zh_Hant_TW", "ar_EG", "hi_IN", "fy"} <= set(LOCALES)

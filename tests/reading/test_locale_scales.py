"""Scale words have the size the text's language gives them (issue 26).

"bn" is a billion (10^9) in English and a trillion (10^12) in Swedish, French and
Icelandic; "bln" 10^12 in Italian and Polish, "billion" 10^12 in German and French
(CLDR's compact decimal formats, through Babel).  With ``locale=`` the locale's size
is read; without one, such a word after a decimal comma (the text is not English) is
refused, and after a decimal point keeps its English size ("$1.2bn", "5 bln").
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from babel import Locale, localedata, numbers
from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import FincalcError, extract_quantities, parse_quantity
from fincalc._base.vocabulary import vocabulary
from fincalc._reading.grammar import locale_scales
from fincalc._reading.unit_table import default_table


def _official_languages() -> set[str]:
    from babel.core import get_global

    return {
        language
        for languages in get_global("territory_languages").values()
        for language, info in languages.items()
        if info.get("official_status")
    }


def _comma_locales() -> list[str]:
    official = _official_languages()
    names = []
    for name in sorted(localedata.locale_identifiers()):
        if name.split("_")[0] not in official:
            continue
        if numbers.get_decimal_symbol(name) == ",":
            names.append(name)
    return names


@pytest.fixture
def every_locale_loaded() -> Iterator[None]:
    """Babel's data of every locale, dropped afterwards (~400 MB held for the session
    otherwise, which a subprocess started later inherits in its ru_maxrss)."""
    import babel.localedata

    try:
        yield
    finally:
        babel.localedata._cache.clear()


@pytest.mark.usefixtures("every_locale_loaded")
def test_false_friends_match_babel() -> None:
    # every Latin scale word of the table that a decimal-comma language (official in
    # some territory) sizes otherwise
    table: dict[str, set[int | None]] = {}
    for alias, spec in default_table().scales.items():
        if alias.isascii():
            table.setdefault(alias.casefold().rstrip("."), set()).add(spec.exponent)
    differing = set()
    for name in _comma_locales():
        for word, sizes in locale_scales(name).items():
            if word in table and not sizes <= table[word]:
                differing.add(word)
    listed = set(vocabulary("reading").words("number.comma_decimal_false_friends"))
    assert listed == differing


#: (text, locale, source style, value or None for a refusal)
ROWS: list[tuple[str, str | None, str, str | None]] = [
    ("2,5 bn kronor", "sv_SE", "se-news", "2.5E+12"),
    ("2,5 bln zł", "pl_PL", "pl-news", "2.5E+12"),
    ("1,2 Bln EUR", "it_IT", "it-news", "1.2E+12"),
    ("$6 billion", "de_DE", "en-figure-in-de-text", None),
    ("1,2 bln EUR", "it_IT", "it-news-lower-case", None),
    ("2,5 billions d'euros", "fr_FR", "fr-news", "2.5E+12"),
    ("1,5 Billionen €", "de_DE", "de-news", None),  # (not a word of the table)
    ("2,5 Billion €", "de_DE", "de-news", "2.5E+12"),
    ("1,2 Mrd. €", "de_DE", "de-news", "1.2E+9"),
    ("Rp 5 M", "id_ID", "id-shop-price", "5E+9"),
    ("$1.2 billion", "en_US", "en-10k-prose", "1.2E+9"),
    ("5 bln", "en_US", "en-wire-news", "5E+9"),
    ("5 bln", None, "en-wire-news", "5E+9"),
    ("$1.2bn", None, "en-news", "1.2E+9"),
    ("2,5 billions", None, "fr-news", None),
    ("1,2 bln zł", None, "pl-news", None),
    ("€2,5bn", None, "se-news", None),
    ("$2.5 T", None, "en-llm-answer", None),
    ("营业收入8.7亿元", "zh_CN", "cn-report-prose", "8.7E+8"),
]


@pytest.mark.parametrize(("text", "locale", "source", "value"), ROWS, ids=[r[0] for r in ROWS])
def test_scale_rows(text: str, locale: str | None, source: str, value: str | None) -> None:
    del source  # (the document style, for the reader of this table)
    if value is None:
        with pytest.raises(FincalcError):
            parse_quantity(text, locale=locale)
        assert extract_quantities(text, locale=locale) == []
    else:
        assert parse_quantity(text, locale=locale).value == Decimal(value)


_LOCALES = sorted(localedata.locale_identifiers())


@settings(max_examples=80)
@given(
    st.sampled_from(_LOCALES),
    st.sampled_from([Decimal(1200000), Decimal(3000000000), Decimal(45000), Decimal("2.5E+12")]),
    st.sampled_from(["short", "long"]),
)
def test_a_compact_number_is_its_value_or_refused_with_its_locale(
    locale: str, value: Decimal, width: str
) -> None:
    # truth by construction: Babel writes the value in the locale's compact format
    # (but for patterns with a negative part, "0B;-0B" in sw, which Babel 2.19 writes
    # one place off: 3E+9 as "30B")
    forms = Locale.parse(locale).compact_decimal_formats.get(width) or {}
    pattern = (forms.get("other") or {}).get(str(10 ** (len(str(int(value))) - 1)))
    if pattern is None or ";" in str(getattr(pattern, "pattern", pattern)):
        return
    try:
        text = numbers.format_compact_decimal(
            value, format_type=width, locale=locale, fraction_digits=2
        )
    except Exception:  # a locale without compact formats
        return
    try:
        read = [q.value for q in extract_quantities(text, locale=locale)]
    except FincalcError:
        return
    assert set(read) <= {value}, (text, locale, read)

"""Scale words of CLDR with one meaning everywhere are read; the others still refuse (issue 26).

units.toml reads the Portuguese, Spanish, Swedish, Italian and French words of
CLDR's compact decimal formats that mean one amount in every CLDR locale that
writes them ("R$ 1,2 bilhão", "US$ 2 mil millones", "12 miljarder kronor").
``test_each_read_word_has_one_meaning_in_cldr`` checks each against Babel, so a
word that means 10^9 in one locale and 10^12 in another ("billón", "bi") cannot
be added by hand.  Those languages write a decimal comma and group thousands
with a dot: "1,234 bilhão" and "1.200 millones" (1200 millones, 1.2 billion in
Spanish) are refused without a locale, whatever the currency.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import ParseError, UnitTable, extract_quantities, parse_quantity

#: The CLDR words units.toml reads, with the scale they mean.
READ: dict[str, Decimal] = {
    **dict.fromkeys(
        ["milhão", "milhões", "millón", "millones", "miljoner", "milioni"], Decimal("1E+6")
    ),
    **dict.fromkeys(
        [
            "bilhão",
            "bilhões",
            "mil milhões",
            "mil millones",
            "miljarder",
            "miliardi",
            "milliard",
            "milliards",
        ],
        Decimal("1E+9"),
    ),
    **dict.fromkeys(["bilião", "biliões", "billones", "trilhão", "trilhões"], Decimal("1E+12")),
}

#: CLDR scale words whose amount depends on the locale: never read without one.
AMBIGUOUS = ["billón", "bi", "mia"]
#: A thousand in every CLDR locale but a million in English finance ("$3 mil"): refused too.
ENGLISH_CLASH = ["mil"]


def _cldr_exponents() -> dict[str, set[int]]:
    """Each word of every locale's compact decimal formats -> the powers of ten it means."""
    from babel import Locale
    from babel.localedata import locale_identifiers

    meanings: dict[str, set[int]] = {}
    for identifier in locale_identifiers():
        formats = Locale.parse(identifier).compact_decimal_formats or {}
        for width in ("short", "long"):
            for forms in (formats.get(width) or {}).values():
                for key, pattern in forms.items():
                    word = (pattern.prefix[0] + " " + pattern.suffix[0]).replace("\xa0", " ")
                    word = re.sub(r"\s+", " ", word).strip().casefold()
                    zeros = pattern.pattern.split(";")[0].count("0")
                    if word:
                        meanings.setdefault(word, set()).add(len(key) - zeros)
    return meanings


@pytest.fixture(scope="module")
def cldr() -> dict[str, set[int]]:
    return _cldr_exponents()


@pytest.mark.parametrize("word", sorted(READ))
def test_each_read_word_has_one_meaning_in_cldr(word: str, cldr: dict[str, set[int]]) -> None:
    exponent = READ[word].adjusted()
    assert cldr.get(word) == {exponent}, (word, cldr.get(word))
    assert parse_quantity(f"3 {word}").value == 3 * READ[word]


@pytest.mark.parametrize("word", AMBIGUOUS)
def test_each_refused_word_has_more_than_one_meaning(word: str, cldr: dict[str, set[int]]) -> None:
    assert len(cldr.get(word, set())) > 1, (word, cldr.get(word))
    with pytest.raises(ParseError):
        parse_quantity(f"R$ 3 {word}")


def test_the_table_reads_each_word_as_its_scale() -> None:
    table = UnitTable.default()
    for word, multiplier in READ.items():
        quantity = parse_quantity(f"€ 2 {word}", table=table)
        assert (quantity.value, quantity.dimension) == (2 * multiplier, "EUR"), word


# (text, source style, the value or None when only a refusal is right, its dimension)
EXAMPLES: list[tuple[str, str, str | None, str | None]] = [
    ("R$ 1,2 bilhão", "br-news", "1.2E+9", "BRL"),
    ("Receita líquida de R$ 3,5 bilhões no trimestre", "br-report-prose", "3.5E+9", "BRL"),
    ("US$ 2 mil millones", "es-news", "2E+9", "USD"),
    ("US$ 1.200 millones", "es-news", None, None),  # 1200 millones in Spanish
    ("SEK 12 miljarder", "se-news", "1.2E+10", "SEK"),
    ("€ 4,5 miliardi", "it-news", "4.5E+9", "EUR"),
    ("€ 5 milliards", "fr-news", "5E+9", "EUR"),
    ("€ 1,5 biliões", "pt-report-prose", "1.5E+12", "EUR"),
    ("R$ 1,234 bilhão", "br-news", None, None),  # 1234 or 1.234 bilhão
    ("US$ 1.200 Mio.", "de-news", None, None),
    ("3 billón de pesos", "es-news", None, None),  # 10^9 or 10^12
    ("R$ 3 mil", "br-shop-price", None, None),
    ("Revenue rose to $4.5 billion", "en-10k-prose", "4.5E+9", "USD"),
    ("Cena je 5 eurů za kus", "cz-shop-price", None, None),  # "eur" is the start of a word
    ("1 meticalů", "cz-news", None, None),
    ("巴西子公司收入R$ 3,5 bilhões，同比增长", "cn-news", "3.5E+9", "BRL"),
    ("西班牙业务收入US$ 2 mil millones。", "cn-news", "2E+9", "USD"),
    ("西班牙业务收入US$ 1.200 millones。", "cn-news", None, None),
]


@pytest.mark.parametrize(
    ("text", "source", "value", "dimension"), EXAMPLES, ids=[e[0] for e in EXAMPLES]
)
def test_examples(text: str, source: str, value: str | None, dimension: str | None) -> None:
    del source  # (the document style, for the reader of this table)
    found = extract_quantities(text)
    if value is None:
        assert found == [] or all(q.value not in _parts(text) for q in found), found
        with pytest.raises(ParseError):
            parse_quantity(text)
        return
    quantity = parse_quantity(text)
    assert (quantity.value, quantity.dimension) == (Decimal(value), dimension)
    assert [q.value for q in found] == [Decimal(value)]


def _parts(text: str) -> set[Decimal]:
    """Every number written in ``text`` and its scaled readings: what a partial read gives."""
    numbers = {Decimal(n.replace(",", ".")) for n in re.findall(r"\d+(?:[.,]\d+)?", text)}
    numbers |= {Decimal(n) for n in re.findall(r"\d+", text)}
    return {n * m for n in numbers for m in [Decimal(1), *READ.values()]}


_CURRENCIES = {"R$ ": "BRL", "US$ ": "USD", "€ ": "EUR", "": None}
_TAILS = ["", ".", " no trimestre", "，同比增长", " en 2024"]


@given(
    whole=st.integers(1, 999),
    decimals=st.sampled_from(["", "5", "25"]),
    word=st.sampled_from(sorted(READ)),
    prefix=st.sampled_from(sorted(_CURRENCIES)),
    tail=st.sampled_from(_TAILS),
)
def test_generated_amounts_are_right_or_refused(
    whole: int, decimals: str, word: str, prefix: str, tail: str
) -> None:
    number = f"{whole},{decimals}" if decimals else str(whole)
    truth = Decimal(f"{whole}.{decimals}" if decimals else whole) * READ[word]
    text = f"{prefix}{number} {word}{tail}"
    try:
        quantity = parse_quantity(text)
    except ParseError:
        return
    assert quantity.value == truth, (text, quantity)
    assert quantity.dimension == _CURRENCIES[prefix], (text, quantity)


@given(
    whole=st.integers(1, 999),
    group=st.integers(0, 999),
    separator=st.sampled_from([".", ","]),
    word=st.sampled_from(sorted(READ)),
    prefix=st.sampled_from(sorted(_CURRENCIES)),
)
def test_a_group_of_three_digits_before_a_word_is_refused(
    whole: int, group: int, separator: str, word: str, prefix: str
) -> None:
    # "1.200 millones" is 1200 millones in Spanish, 1.2 in English: no reading is sure
    text = f"{prefix}{whole}{separator}{group:03d} {word}"
    with pytest.raises(ParseError):
        parse_quantity(text)
    assert extract_quantities(text) == []


@given(
    whole=st.integers(1, 999),
    word=st.sampled_from(AMBIGUOUS + ENGLISH_CLASH),
    prefix=st.sampled_from(sorted(_CURRENCIES)),
    tail=st.sampled_from(["", " no trimestre", "，同比增长", " en 2024"]),  # ("mia." is read)
)
def test_a_number_and_an_ambiguous_word_is_refused(
    whole: int, word: str, prefix: str, tail: str
) -> None:
    text = f"{prefix}{whole} {word}{tail}"
    with pytest.raises(ParseError):
        parse_quantity(text)
    assert all(q.value not in {Decimal(whole)} for q in extract_quantities(text)), text

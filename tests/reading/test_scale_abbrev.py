"""Scale abbreviations after money: read when their size is settled, refused when not.

"$12.3 B", "€4.5 m" and "$450 K" are how answers and news write amounts; a
tight scale ("m", "b", "k", "mm") must touch the number elsewhere because
"5 m" is five metres, but one space after a number with a currency written
before it, no unit but the scale is meant.  "mil" (a million in English, a
thousand in Spanish and Portuguese) and "cr" (a crore or a credit) have no
settled size: an amount followed by one is refused, never read without it.
The rows of ``tests/data/parse_cases.tsv`` with family ``scale-abbrev`` hold
the examples; these are the properties.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import ParseError, extract_quantities, parse_quantity

_CURRENCIES = st.sampled_from(["$", "US$", "€", "£", "USD ", "EUR ", "HK$"])
_TIGHT = st.sampled_from(["m", "M", "mm", "b", "B", "k", "K"])
_AMOUNTS = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999"), places=2)


@given(_CURRENCIES, _AMOUNTS, _TIGHT)
def test_one_space_before_a_tight_scale_reads_as_glued(
    currency: str, amount: Decimal, scale: str
) -> None:
    glued = parse_quantity(f"{currency}{amount}{scale}")
    spaced = parse_quantity(f"{currency}{amount} {scale}")
    assert (spaced.value, spaced.dimension) == (glued.value, glued.dimension)
    assert spaced.value > amount  # the scale is never dropped


@given(_AMOUNTS, _TIGHT)
def test_without_a_currency_a_spaced_tight_scale_is_refused(amount: Decimal, scale: str) -> None:
    # "5 m" may be metres or millions: with no currency the amount is refused, never read
    # as a bare number with the letter dropped (issue 26)
    text = f"a length of {amount} {scale}"
    with pytest.raises(ParseError, match=repr(scale)):
        parse_quantity(text)
    assert extract_quantities(text) == []


@given(st.sampled_from(["$", "R$", "Rs ", "₹", "EUR ", ""]), _AMOUNTS, st.sampled_from(
    ["mil", "mil.", "Mil", "cr", "Cr.", "CR"]
))  # fmt: skip
def test_an_ambiguous_scale_is_refused_never_dropped(
    currency: str, amount: Decimal, word: str
) -> None:
    text = f"revenue of {currency}{amount} {word} in 2024"
    try:
        found = extract_quantities(text)
    except ParseError as exc:
        assert word in str(exc)
        return
    # read at all, the amount must not come out without its scale
    assert all(q.value != amount for q in found), found

""" "1.234 €" is 1234 in German and 1.234 in English: refused without a locale.

A currency whose home languages group thousands with a dot and write a
decimal comma (reading.toml ``comma_decimal_currencies``) makes "d.ddd" a
number of two readings, a thousand times apart.  Without a locale the amount
is refused (never read as either); with one it is read as that locale writes
it; with an English scale word ("€1.234 billion") the dot is a decimal point.
Examples are the ``locale-shape`` rows of ``tests/data/parse_cases.tsv``.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from fincalc import ParseError, parse_quantity

_WRITTEN = st.sampled_from(["{n} €", "€{n}", "EUR {n}", "R$ {n}", "{n} Mio. €", "€ {n} Mrd."])
_LEADS = st.integers(min_value=1, max_value=999)
_TAILS = st.integers(min_value=0, max_value=999)


@given(_WRITTEN, _LEADS, _TAILS)
def test_a_dot_group_in_a_comma_currency_is_refused(written: str, lead: int, tail: int) -> None:
    text = written.format(n=f"{lead}.{tail:03d}")
    try:
        q = parse_quantity(text)
    except ParseError as exc:
        assert "dot before three digits" in str(exc)
        return
    raise AssertionError(f"{text!r} read as {q!r}")


@given(_LEADS, _TAILS)
def test_a_locale_reads_the_dot_group(lead: int, tail: int) -> None:
    number = f"{lead}.{tail:03d}"
    assert parse_quantity(f"{number} €", locale="de_DE").value == lead * 1000 + tail
    assert parse_quantity(f"€{number} billion").value == Decimal(number) * 10**9


@given(st.sampled_from(["$", "US$", "£", "¥", "HK$"]), _LEADS, _TAILS)
def test_dot_decimal_currencies_keep_their_decimal_point(
    currency: str, lead: int, tail: int
) -> None:
    number = f"{lead}.{tail:03d}"
    assert parse_quantity(f"{currency}{number}").value == Decimal(number)

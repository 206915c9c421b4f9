"""Two scales after one number are refused, never multiplied twice or half read.

The reader takes one scale after a number ("1.5 million", "1.5万亿" is one Han
scale). A second one left over ("1.5 million billion", "1.5万亿 trillion",
"25万6千\\n十万" across a line) used to multiply the number again (1.5E+24) or be
dropped (1.5E+6): a silently wrong amount either way.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import FincalcError, extract_quantities, parse_quantity
from fincalc._reading.unit_table import default_table

from .test_scanner import _both

ROWS = [
    # (text, expected value or None for a refusal, source)
    ("1.5 million billion", None, "model answer: two English scales"),
    ("$1.5 million billion", None, "model answer: two scales after a currency"),
    ("3 million million", None, "news copy: a scale written twice"),
    ("5 million mn", None, "a scale and its abbreviation (mn was dropped)"),
    ("1.5万亿trillion", None, "translated bulletin: a Han scale and an English one"),
    ("1.5万亿 trillion", None, "translated bulletin, spaced"),
    ("3万 million", None, "mixed-language table cell"),
    ("25万6千\n十万", None, "PDF text: a Han numeral on the next line after a scaled figure"),
    ("1.5 million", Decimal("1.5E+6"), "10-K prose"),
    ("1.5 billion USD", Decimal("1.5E+9"), "bond prospectus"),
    ("5 million in revenue", Decimal("5E+6"), "10-K MD&A: a word after the scale"),
    ("2.5万亿元", Decimal("2.5E+12"), "统计公报: 万亿 is one scale"),
    ("营业收入1.5亿元", Decimal("1.5E+8"), "年报 摘要"),
    ("1.5亿美元", Decimal("1.5E+8"), "港股公告"),
]


@pytest.mark.parametrize(("text", "expected", "source"), ROWS)
def test_two_scales_are_refused_and_one_is_read(
    text: str, expected: Decimal | None, source: str
) -> None:
    if expected is None:
        with pytest.raises(FincalcError):
            parse_quantity(text)
        assert extract_quantities(text) == [], source
    else:
        assert parse_quantity(text).value == expected, source


_EN = st.sampled_from(["thousand", "million", "billion", "trillion", "mn", "bn"])
_HAN = st.sampled_from(["万", "亿", "万亿", "千万", "百万"])


@given(
    number=st.decimals(min_value=Decimal("0.1"), max_value=Decimal(9999), places=1),
    first=st.one_of(_EN, _HAN),
    second=_EN,
    gap=st.sampled_from([" ", "", "\u00a0"]),
)
def test_a_second_scale_is_never_read_in_part(
    number: Decimal, first: str, second: str, gap: str
) -> None:
    lead = " " if first.isascii() else ""
    if first.isascii() and not gap:
        gap = " "  # "millionbillion" is one unknown word, not two scales
    text = f"{number}{lead}{first}{gap}{second}"
    values = [q.value for q in extract_quantities(text)]
    assert values == [], (text, values)
    with pytest.raises(FincalcError):
        parse_quantity(text)


@given(
    number=st.decimals(min_value=Decimal("0.1"), max_value=Decimal(9999), places=1),
    first=st.one_of(_EN, _HAN),
    second=_EN,
    tail=st.sampled_from(["", " USD", "元", " of revenue", "; 2亿元"]),
)
def test_the_generated_scanner_refuses_a_second_scale_as_the_reader_does(
    number: Decimal, first: str, second: str, tail: str
) -> None:
    # The scanner takes over once a table has read ~1 MB: it must decide alike.
    lead = " " if first.isascii() else ""
    text = f"{number}{lead}{first} {second}{tail}"
    reader, scanner = _both(text, default_table())
    assert scanner == reader, text

"""Rows of amounts written column after column, each with its currency sign first.

PDF extractors give a 10-K row as one line with single spaces: "Net sales $
65,984 $ 67,044 $ 65,398".  Each "$" stands as close to the number before it
as to the one after; because the first number has the same sign written
before it, the row is written prefix-first and each sign opens the next
column.  Before this rule the first amount read "$ 65,984 $", the second was
dropped and the third came out bare.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import ParseError, extract_quantities, parse_quantity

ROWS = [
    # (source, text, [(raw, value, dimension), ...])
    (
        "10-K income statement, pdftotext, single spaces",
        "Net sales $ 65,984 $ 67,044 $ 65,398",
        [("$ 65,984", "65984", "USD"), ("$ 67,044", "67044", "USD"), ("$ 65,398", "65398", "USD")],
    ),
    (
        "10-K balance sheet, two columns",
        "Total assets $ 352,583 $ 352,755",
        [("$ 352,583", "352583", "USD"), ("$ 352,755", "352755", "USD")],
    ),
    (
        "10-K cash flow, bracketed outflows",
        "Purchases of marketable securities $ (29,513) $ (76,923)",
        [("$ (29,513)", "-29513", "USD"), ("$ (76,923)", "-76923", "USD")],
    ),
    (
        "10-K per-share row, decimals",
        "Diluted $ 6.13 $ 6.11 $ 5.61",
        [("$ 6.13", "6.13", "USD"), ("$ 6.11", "6.11", "USD"), ("$ 5.61", "5.61", "USD")],
    ),
    (
        "20-F, prefixed dollar",
        "Revenue US$ 1,234 US$ 1,100",
        [("US$ 1,234", "1234", "USD"), ("US$ 1,100", "1100", "USD")],
    ),
    (
        "EU report, euro sign first",
        "Umsatz € 5.2 € 4.9",
        [("€ 5.2", "5.2", "EUR"), ("€ 4.9", "4.9", "EUR")],
    ),
    (
        "HK report, prefixed dollar",
        "Revenue HK$ 12,345 HK$ 11,002",
        [("HK$ 12,345", "12345", "HKD"), ("HK$ 11,002", "11002", "HKD")],
    ),
    (
        "CSRC statement cell run, yen sign in Han text",
        "营业收入 ¥ 1,234 ¥ 1,100",
        [("¥ 1,234", "1234", "CNY"), ("¥ 1,100", "1100", "CNY")],
    ),
    (
        "French style, the sign after each number",
        "Chiffre d'affaires 12 $ 13 $",
        [("12 $", "12", "USD"), ("13 $", "13", "USD")],
    ),
]


@pytest.mark.parametrize(("source", "text", "expected"), ROWS, ids=[r[0] for r in ROWS])
def test_a_row_written_prefix_first_reads_every_column(
    source: str, text: str, expected: list[tuple[str, str, str]]
) -> None:
    found = [(q.raw, q.value, q.dimension) for q in extract_quantities(text)]
    assert found == [(raw, Decimal(v), dim) for raw, v, dim in expected], source


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # a sign between two numbers, as close to both, neither side written alike
        ("200日元300", "sits as close"),
        ("5 $ 6", "sits as close"),
    ],
)
def test_a_sign_as_close_to_both_numbers_is_still_refused(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_quantity(text)


def test_a_sign_closer_to_one_side_still_goes_there() -> None:
    # "200日元 300": closer to 200; "2023 人民币3,034.6亿元": closer to the amount
    assert [(q.raw, q.dimension) for q in extract_quantities("200日元 300")] == [
        ("200日元", "JPY"),
        ("300", None),
    ]


_SIGNS = [("$", "USD"), ("US$", "USD"), ("€", "EUR"), ("£", "GBP"), ("HK$", "HKD")]
_AMOUNT = st.integers(min_value=-(10**9), max_value=10**9)


@given(
    st.sampled_from(_SIGNS),
    st.lists(_AMOUNT, min_size=2, max_size=6),
    st.sampled_from([" ", "  ", "\t"]),
    st.sampled_from(["", " "]),
)
def test_every_column_of_a_prefix_first_row_is_read_with_its_sign(
    sign: tuple[str, str], values: list[int], gap: str, inner: str
) -> None:
    symbol, code = sign
    cells = [f"{symbol}{inner}({-v:,})" if v < 0 else f"{symbol}{inner}{v:,}" for v in values]
    text = "Line item " + gap.join(cells)
    found = extract_quantities(text)
    assert [(q.value, q.dimension) for q in found] == [(Decimal(v), code) for v in values]
    assert [text[slice(*q.span)] for q in found if q.span] == cells


def _spaced(value: int) -> str:
    return f"{value:,}".replace(",", " ")


@given(
    st.integers(min_value=1_000, max_value=10**12),
    st.sampled_from(["{n} €", "€ {n}", "SEK {n}", "{n} 元", "CHF {n}.50", "Prix : {n} €"]),
)
def test_digits_grouped_by_spaces_are_never_read_as_a_part(value: int, shape: str) -> None:
    # "1 234 €" is 1234 euros or two numbers: never 234 euros, never 1 euro
    text = shape.format(n=_spaced(value))
    for q in extract_quantities(text):
        if q.dimension is not None:
            assert q.value in (value, Decimal(value) + Decimal("0.50")), (text, q)
    try:
        q = parse_quantity(text)
    except ParseError:
        return
    assert q.value in (value, Decimal(value) + Decimal("0.50")), (text, q)

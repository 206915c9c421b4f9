"""A table row quoted without its layout: "|" separators and the "$" before each amount.

Models quoting a filing's table rewrite its layout: a Markdown row ("Net revenue
| $ 12,874 | $ 11,902"), or the row without the "$" the filing repeats before
each amount.  Neither changes a word or a number, and the amount is read from
the document (with the document's currency), so ``locate`` finds such a quote
as ``normalized``.  A quote that states a currency mark keeps it: "¥ 12,874"
never matches "$ 12,874"; a changed digit is never forgiven.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import QuoteNotFoundError, locate

DOC_EN = (
    "(dollars in millions)\n"
    "                              2024            2023\n"
    "Net revenue                $ 12,874        $ 11,902\n"
    "Cost of revenue               7,103           6,688\n"
    "Selling, general and administrative    2,015    (2,104)\n"
)
DOC_CN = (
    "单位：万元\n"
    "| 项目 | 2024年 | 2023年 |\n"
    "| --- | --- | --- |\n"
    "| 营业收入 | 1,287,400 | 1,190,200 |\n"
    "| 营业成本 | 710,300 | 668,800 |\n"
)

FOUND = [
    # (source, document, quote, the row it must land on)
    ("10-K row without its $ marks", DOC_EN, "Net revenue 12,874 11,902", "Net revenue"),
    ("10-K row as a Markdown row", DOC_EN, "| Net revenue | $ 12,874 | $ 11,902 |", "Net revenue"),
    ("Markdown row, no marks", DOC_EN, "Net revenue | 12,874 | 11,902", "Net revenue"),
    ("bracketed cell", DOC_EN, "Selling, general and administrative | 2,015 | (2,104)", "Selling"),
    ("pipe table quoted as a spaced row", DOC_CN, "营业收入 1,287,400 1,190,200", "营业收入"),
    ("pipe table quoted as a Markdown row", DOC_CN, "营业收入 | 1,287,400 1,190,200", "营业收入"),
]


@pytest.mark.parametrize(("source", "doc", "quote", "row"), FOUND, ids=[f[0] for f in FOUND])
def test_a_row_quoted_without_its_layout_is_found(
    source: str, doc: str, quote: str, row: str
) -> None:
    span = locate(doc, quote)
    assert span.method == "normalized", source
    assert span.text.lstrip("| ").startswith(row)
    assert doc[span.start : span.end] == span.text


REFUSED = [
    ("another currency mark", DOC_EN, "Net revenue ¥ 12,874 ¥ 11,902"),
    ("a changed digit", DOC_EN, "Net revenue | 12,874 | 11,903"),
    ("a changed digit in a pipe table", DOC_CN, "营业收入 1,287,400 1,190,201"),
]


@pytest.mark.parametrize(("source", "doc", "quote"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_changed_row_is_refused(source: str, doc: str, quote: str) -> None:
    with pytest.raises(QuoteNotFoundError):
        locate(doc, quote)


_AMOUNTS = st.lists(st.integers(min_value=10, max_value=9_999_999), min_size=2, max_size=4)


@given(_AMOUNTS, st.sampled_from(["$", "€", "£"]), st.booleans())
def test_marks_and_pipes_never_move_the_span(amounts: list[int], mark: str, pipes: bool) -> None:
    cells = [f"{mark} {a:,}" for a in amounts]
    doc = "Other line 1\nTotal revenue    " + "    ".join(cells) + "\nNext line 2\n"
    written = locate(doc, "Total revenue " + " ".join(cells))
    numbers = [f"{a:,}" for a in amounts]
    bare = (
        " | ".join(["Total revenue", *numbers]) if pipes else " ".join(["Total revenue", *numbers])
    )
    found = locate(doc, bare)
    assert (found.start, found.end) == (written.start, written.end)


@given(_AMOUNTS, st.integers(min_value=0, max_value=3), st.integers(min_value=1, max_value=8))
def test_a_changed_amount_is_never_found(amounts: list[int], which: int, delta: int) -> None:
    doc = "Total revenue    " + "    ".join(f"$ {a:,}" for a in amounts) + "\n"
    changed = list(amounts)
    changed[which % len(amounts)] += delta
    with pytest.raises(QuoteNotFoundError):
        locate(doc, "Total revenue | " + " | ".join(f"{a:,}" for a in changed))

"""The scan pattern without its comma clues finds what the whole one finds (issue 29).

The default grammar compiles its scan pattern without the three comma-clue shapes
("12,5 %", "€ 0,75", "29,90"); ``scan_pattern`` compiles the whole pattern the
first time a text has what those shapes need (a comma before one or two final
digits, or before four or more).  Here: on texts with and without that, every
``match`` and ``search`` at every position agrees with the whole pattern, group
for group, and texts without it never compile the whole pattern.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import UnitTable
from fincalc._reading.grammar import COMMA_DECIMAL, grammar_for, scan_pattern

_GRAMMAR = grammar_for(UnitTable.default(), None)
_WHOLE = re.compile(_GRAMMAR.scan_commas)


def _readings(pattern: re.Pattern[str], text: str) -> list[object]:
    """Every match at every position, and the search from every position."""
    out: list[object] = []
    for pos in range(len(text) + 1):
        for found in (pattern.match(text, pos), pattern.search(text, pos)):
            out.append(None if found is None else (found.span(), found.groups()))
    return out


def _check(text: str) -> None:
    chosen = scan_pattern(_GRAMMAR, text)
    assert _readings(chosen, text) == _readings(_WHOLE, text), text
    if COMMA_DECIMAL.search(text) is None:
        assert chosen is _GRAMMAR.scan  # the comma clues were not compiled for it


# (id, text, source): the comma-clue shapes and the texts next to them
CASES = [
    ("zh-yi", "营业收入8.7亿元", "A-share annual report, MD&A sentence"),
    ("zh-list", "分别为12,13和14亿元", "Chinese sentence listing numbers with commas"),
    ("zh-grouped", "归属于上市公司股东的净利润1,234,567.89元", "A-share income statement"),
    ("zh-wan", "同比增长3.5%，达到2,345万元", "Chinese press release"),
    ("en-grouped", "Revenue was $1,234.5 million, up 12%", "US 10-K MD&A"),
    ("en-decimal-comma", "Preis: 29,90 € inkl. MwSt.", "German price list without locale"),
    ("en-percent", "a margin of 12,5 % in Q3", "European half-year report in English"),
    ("en-euro-before", "€ 0,75 per share", "European dividend notice"),
    ("en-iso", "EUR 1.234,56 thousand", "European annual report table"),
    ("en-four", "1,2345 and 1,23456", "OCR of a rate table"),
    ("en-list", "items 1,2,3 of Note 4", "10-K cross reference"),
    ("en-table", "| 2024 | 1,234 | 5,678 |", "pipe table row"),
]


@pytest.mark.parametrize(("text", "source"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_table(text: str, source: str) -> None:
    assert source
    _check(text)


def test_the_comma_clues_are_left_out_of_the_compiled_pattern() -> None:
    # (otherwise nothing is saved: the gate and the lean pattern must stay in step)
    assert _GRAMMAR.scan_commas
    assert len(_GRAMMAR.scan.pattern) < len(_GRAMMAR.scan_commas)
    assert scan_pattern(_GRAMMAR, "营业收入8.7亿元") is _GRAMMAR.scan
    assert scan_pattern(_GRAMMAR, "29,90 €") is not _GRAMMAR.scan
    german = grammar_for(UnitTable.default(), "de_DE")
    assert german.scan_commas == ""
    assert scan_pattern(german, "29,90 €") is german.scan


_PIECES = st.sampled_from(
    [
        *"0123456789",
        *",,,,....  ",
        "\u202f",
        "'",
        "-",
        "/",
        "€",
        "$",
        "¥",
        "%",
        "EUR",
        "USD ",
        " Mio.",
        " million",
        "亿元",
        "万",
        "分别为",
        "元",
        "一",
        "三千",
        "零点五",
        "zł",
        "Kč",
        "&",
        "e+",
    ]
)


@given(st.lists(_PIECES, max_size=14).map("".join))
def test_the_chosen_pattern_reads_as_the_whole_one(text: str) -> None:
    _check(text)


@given(
    st.lists(st.sampled_from(["1", "12", "123", "1234", "12345"]), min_size=1, max_size=4),
    st.sampled_from([",", ".", " ", ", "]),
    st.sampled_from(["", " €", " %", "元", "亿元", " EUR", " million", " zł", "&", " 7"]),
    st.sampled_from(["", "€", "$ ", "USD ", "分别为", "约"]),
)
def test_numbers_with_commas_read_as_the_whole_one(
    groups: list[str], separator: str, after: str, before: str
) -> None:
    _check(before + separator.join(groups) + after)

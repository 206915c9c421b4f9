"""The record of a built grammar (``grammar_for``); its own module keeps ``grammar`` short.

A frozen slotted dataclass, as every internal record is (issue 29).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .aliases import AliasIndex

__all__ = ["Grammar"]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Grammar:
    """The scan pattern and the alias indexes for one unit table and one locale."""

    scan: re.Pattern[str]
    han_scales: dict[str, tuple[Decimal, int | None]]
    removals: tuple[str, ...]
    decimal_mark: str
    unit_initials: frozenset[str]
    currencies: AliasIndex
    qualifiers_before: AliasIndex
    qualifiers_after: AliasIndex
    scales: AliasIndex
    units: AliasIndex
    han_scale_index: AliasIndex
    not_before: AliasIndex
    not_after: AliasIndex
    currency_words: AliasIndex
    # the first letters of the English currency names the table does not resolve
    currency_name_initials: frozenset[str]
    iso_codes: frozenset[str]
    # 百分之 before the number, and 负 (a minus written as a word) before it
    percent_before: AliasIndex
    negative_before: AliasIndex
    # 多, 余 between a number and its scale (in data order); "~" that joins a range
    approximate: tuple[str, ...]
    range_marks: frozenset[str]
    # Words that, one space before a currency symbol, are no part of it ("a $5 fee")
    symbol_not_prefix: frozenset[str]
    # Symbols whose currency the script of the text decides ("¥": CNY or JPY); empty
    # with a locale, whose own symbols decide
    script_symbols: frozenset[str]
    # The letters that open a prefix alias ending in a symbol ("us", "hk", "c" of "C$"),
    # and the last two of each (a cheap test before reading the word: "hk $", "was $")
    symbol_prefixes: frozenset[str]
    symbol_prefix_tails: frozenset[str]
    # Han scale characters the table does not define (兆: 1E+12 in Taiwan and Japan,
    # 1E+6 in metric units on the mainland); one right after a number is refused.
    unknown_scales: frozenset[str]
    # Latin scale abbreviations the table does not define whose size depends on the
    # language ("mil": million or thousand), casefolded; one after a number is refused.
    ambiguous_scales: frozenset[str]
    ambiguous_initials: frozenset[str]  # their first characters, either case
    # A line that holds a table row: a "|" or tab, or a wide gap before an amount cell
    table_gap: re.Pattern[str]
    # Characters right next to a core that the reader reads itself (")", 多, 余 after
    # it; "(", signs, the end of 百分之 and 负 before it)
    marks_after: frozenset[str]
    marks_before: frozenset[str]
    # The last characters of a sign (or 负), and of a currency or ISO code or the
    # spaces after one: a cheap test before probing for either
    sign_ends: frozenset[str]
    currency_ends: frozenset[str]
    # Characters that can open (close) something the reader looks for next to a
    # number core; any other neighbour lets it skip that whole side.
    before_trigger: frozenset[str]
    after_trigger: frozenset[str]
    not_before_trigger: frozenset[str]
    # The characters that open a 角/分 tail or the colloquial 块 right after a number
    minor_initials: frozenset[str]
    # The characters that open a 角/分 tail after 元 (a digit or 零)
    tail_starts: frozenset[str]
    # The characters that open a range word ("-", "~", 至, 到, "to") after a number
    range_initials: frozenset[str]

    # Characters right next to a core that may start a reference or period check
    # (the triggers above, or a space before one): any other pair needs no check.
    marker_before: frozenset[str]
    marker_after: frozenset[str]

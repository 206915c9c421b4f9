"""The record of a built grammar (``grammar_for``); its own module keeps ``grammar`` short.

A slotted ``FrozenRecord`` rather than a ``NamedTuple``: ``typing.NamedTuple``
compiles each of its 39 annotation texts into a ``ForwardRef`` when the class
is made, ~0.8 ms of every cold start (issue 18).
"""

from __future__ import annotations

import re
from decimal import Decimal

from .._values.records import FrozenRecord
from .aliases import AliasIndex

__all__ = ["Grammar"]


class Grammar(FrozenRecord):
    """The scan pattern and the alias indexes for one unit table and one locale."""

    _fields = (
        "scan",
        "han_scales",
        "removals",
        "decimal_mark",
        "unit_initials",
        "currencies",
        "qualifiers_before",
        "qualifiers_after",
        "scales",
        "units",
        "han_scale_index",
        "not_before",
        "not_after",
        "currency_words",
        "currency_name_initials",
        "iso_codes",
        "percent_before",
        "negative_before",
        "approximate",
        "range_marks",
        "symbol_not_prefix",
        "script_symbols",
        "symbol_prefixes",
        "symbol_prefix_tails",
        "unknown_scales",
        "ambiguous_scales",
        "ambiguous_initials",
        "table_gap",
        "marks_after",
        "marks_before",
        "sign_ends",
        "currency_ends",
        "before_trigger",
        "after_trigger",
        "not_before_trigger",
        "minor_initials",
        "tail_starts",
        "range_initials",
        "marker_before",
        "marker_after",
    )
    __slots__ = _fields

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

    def __init__(
        self,
        scan: re.Pattern[str],
        han_scales: dict[str, tuple[Decimal, int | None]],
        removals: tuple[str, ...],
        decimal_mark: str,
        unit_initials: frozenset[str],
        currencies: AliasIndex,
        qualifiers_before: AliasIndex,
        qualifiers_after: AliasIndex,
        scales: AliasIndex,
        units: AliasIndex,
        han_scale_index: AliasIndex,
        not_before: AliasIndex,
        not_after: AliasIndex,
        currency_words: AliasIndex,
        currency_name_initials: frozenset[str],
        iso_codes: frozenset[str],
        percent_before: AliasIndex,
        negative_before: AliasIndex,
        approximate: tuple[str, ...],
        range_marks: frozenset[str],
        symbol_not_prefix: frozenset[str],
        script_symbols: frozenset[str],
        symbol_prefixes: frozenset[str],
        symbol_prefix_tails: frozenset[str],
        unknown_scales: frozenset[str],
        ambiguous_scales: frozenset[str],
        ambiguous_initials: frozenset[str],
        table_gap: re.Pattern[str],
        marks_after: frozenset[str],
        marks_before: frozenset[str],
        sign_ends: frozenset[str],
        currency_ends: frozenset[str],
        before_trigger: frozenset[str],
        after_trigger: frozenset[str],
        not_before_trigger: frozenset[str],
        minor_initials: frozenset[str],
        tail_starts: frozenset[str],
        range_initials: frozenset[str],
        marker_before: frozenset[str],
        marker_after: frozenset[str],
    ) -> None:
        values = locals()
        for name in self._fields:
            object.__setattr__(self, name, values[name])

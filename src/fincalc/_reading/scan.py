"""The text being read, and the number cores the scan finds in it.

``Source`` holds one text, its folded copy, the grammar and the declared unit,
and what the reader learns while it reads left to right (where the last amount
ended, which lines are table rows).  ``Core`` is one number the scan pattern
found; every phase of the reader takes the source and the core.  A phase that
refuses an amount raises ``Refusal``, which the scan turns into a result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from .._base.exceptions import ParseError
from .declarations import UnitContext
from .grammar import Grammar
from .unit_table import UnitTable, shift_exponent

__all__ = ["Core", "Refusal", "Source", "back_spaces", "forward_spaces"]

#: The most spaces the reader steps over between a number and what it reads next to it.
MAX_GAP: Final = 8


def back_spaces(norm: str, i: int) -> int:
    """Step back over at most ``MAX_GAP`` spaces."""
    stop = max(0, i - MAX_GAP)
    while i > stop and norm[i - 1] in " \u202f":
        i -= 1
    return i


def forward_spaces(norm: str, i: int) -> int:
    """Step over at most ``MAX_GAP`` spaces."""
    stop = min(len(norm), i + MAX_GAP)
    while i < stop and norm[i] in " \u202f":
        i += 1
    return i


@dataclass(slots=True, repr=False)  # scratch: no generated repr on the first parse
class Core:
    """One number core as the scan pattern found it in the folded text, and its number."""

    start: int
    end: int
    text: str  # the core as written: "8.7", "87,432万", "三点五亿", "3万4000"
    arabic: str | None  # the Arabic number it opens with, or None
    cn: str | None  # the Chinese numeral it opens with, or None
    chain: str  # the 十百千万亿 chain after the opening number ("亿", "万4000"), or ""
    # The value of a number written in words ("five million"), read before the scan
    words: Decimal | None = None
    # A number in words without a scale word: an amount only with a unit after it
    needs_unit: bool = False
    # The scan read a decimal-comma shape ("1.234,56", "12,5 %"): the comma is decimal
    comma_decimal: bool = False
    # Its number, once read (``value.read_number``): ``digits`` times 10**``shift``
    # where that is exact ("8.7" and 8 for 8.7亿), else the composed ``value``.
    # (unset until then)
    digits: str = field(init=False)
    shift: int = field(init=False)
    value: Decimal | None = field(init=False)


class Refusal(Exception):
    """A number core fincalc will not read as an amount; ``error`` says why.

    ``end`` is where the refused text ends: a word before the next number
    belongs to that number, not to the refused one.
    """

    def __init__(self, error: ParseError, end: int) -> None:
        super().__init__(error)
        self.error = error
        self.end = end


class Source:
    """One text being read: the text, its folded copy and the per-call state."""

    __slots__ = (
        "bounds",
        "cell_years",
        "context",
        "context_exponent",
        "grammar",
        "line_at",
        "line_start",
        "lines",
        "list_end",
        "locale",
        "minor_read",
        "norm",
        "prev_end",
        "range_currency",
        "table",
        "text",
    )

    def __init__(
        self,
        text: str,
        norm: str,
        grammar: Grammar,
        table: UnitTable,
        context: UnitContext | None,
        locale: str | None = None,
    ) -> None:
        self.text = text
        self.locale = locale  # the caller's locale=, whose CLDR scale words apply
        self.list_end = -1  # where a run of numbers read as a list ("1,2,3") ends
        self.norm = norm
        self.grammar = grammar
        self.table = table
        self.context = context
        self.context_exponent = None if context is None else shift_exponent(context.multiplier)
        self.lines: dict[int, bool] = {}
        #: The start of the line holding offset ``line_at`` (the reader moves left to
        #: right, so finding the next line start scans only the text read since).
        self.line_at = 0
        self.line_start = 0
        #: Where the last amount read (or refused) ends: a "-" there joins a range
        #: (8.7亿元-9.1亿元), and a word before it belongs to that amount, not the next.
        self.prev_end = -1
        self.minor_read = False  # whether a minor unit was read ("45 cents"): join pairs
        #: A currency written before the first bound of a range whose second bound
        #: starts at the offset given ("$1.2-1.5 billion": 1.5 billion is dollars too).
        self.range_currency: tuple[int, str, str] | None = None
        self.bounds: tuple[int, int] | None = None  # the text without surrounding spaces
        self.cell_years = False  # whether a year-like number was read as a table cell

    def in_table_line(self, pos: int) -> bool:
        """True when the line holding ``pos`` is a table row (a "|", a tab or a wide gap)."""
        norm = self.norm
        if pos >= self.line_at:
            found = norm.rfind("\n", self.line_at, pos)
            if found >= 0:
                self.line_start = found + 1
            self.line_at = pos
            start = self.line_start
        else:  # a look back (rare): scan to the line start
            start = norm.rfind("\n", 0, pos) + 1
        cached = self.lines.get(start)
        if cached is None:
            end = norm.find("\n", pos)
            end = len(norm) if end < 0 else end
            cached = self.lines[start] = self.grammar.table_gap.search(norm, start, end) is not None
        return cached

    def is_whole_text(self, start: int, end: int) -> bool:
        """True when ``norm[start:end]`` is the whole text but for surrounding spaces."""
        if self.bounds is None:
            stripped = self.norm.strip()
            first = self.norm.find(stripped[:1]) if stripped else 0
            self.bounds = (first, first + len(stripped))
        return start <= self.bounds[0] and end >= self.bounds[1]

    def refuse(self, start: int, end: int, reason: str) -> Refusal:
        """The refusal of ``text[start:end]`` as an amount, for ``reason``."""
        raw = self.text[start:end]
        error = ParseError(
            f"cannot read {raw!r} as an amount: {reason}", text=self.text, position=start
        )
        return Refusal(error, end)

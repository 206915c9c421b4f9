"""What fincalc reads from a document's text once: lines, pages, declarations, tables.

A ``Structure`` is built per document and unit table, in time linear in the
text: the line and page index, every unit declaration (``declarations``),
and -- lazily, one statement page at a time, then cached -- the tables of
cell-per-line and one-line rows (``grid``). Every ``resolve`` against the
document reuses it.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import replace

from .._reading.units import UnitTable, fold_characters
from .declared_units import UnitDeclaration, find_declarations, lowered, region_end
from .grid import Grid, build_grid
from .lines import Lines
from .pipes import ragged_pipe_lines, unpiped

__all__ = ["Structure"]

_LABEL_BAR = re.compile(r"[ \t]*\|?[^|\n]*(\|)")


def _label_bar(text: str, start: int, end: int) -> int:
    """Where a pipe row's label cell ends: its first ``|`` after a leading one (-1: none)."""
    found = _LABEL_BAR.match(text, start, end)
    return found.start(1) if found is not None else -1


_INVISIBLE = str.maketrans(dict.fromkeys("\u200b\u200c\u200d\u2060\ufeff", " "))


class Structure:
    """The lines, declarations and tables of one text, read with one unit table.

    >>> from fincalc import UnitTable
    >>> s = Structure("(In millions)\\nRevenue\\n$\\n1,204 $\\n987\\n", (), UnitTable.default())
    >>> [d.text for d in s.declarations()]
    ['In millions']
    >>> [s.text[h.cell.start:h.cell.end] for h in s.grid(20).find(0, len(s.text))]
    ['1,204', '987']
    """

    def __init__(
        self,
        text: str,
        page_starts: tuple[int, ...],
        table: UnitTable,
        *,
        every_pipe_table: bool = False,
    ) -> None:
        self.text = text
        self.table = table
        lower = lowered(text)
        self.lines = Lines.of(text, page_starts, lower)
        # html2text's statement tables: read as rows of amounts, not by counting "|"
        self.pipes = ragged_pipe_lines(self.lines, every=every_pipe_table)
        self.pipe_lines = self.pipes.lines
        found = find_declarations(text, self.lines, table, lower, self.folded)
        self._found = [declaration for declaration, _ in found]
        self._line_index = [index for _, index in found]
        self._starts = [self.lines.starts[index] for index in self._line_index]
        self._declared = frozenset(self._line_index)
        self._bounded: dict[int, UnitDeclaration] = {}
        self._grids: dict[tuple[int, int], Grid] = {}

    @functools.cached_property
    def folded(self) -> str:
        """The text with full-width digits and brackets folded (same length, same offsets).

        Invisible characters an HTML converter leaves (zero-width spaces, word
        joiners, a byte-order mark) are spaces here, so a line holding only
        them is blank and never a row label. The ``|`` of a ragged pipe table
        (``pipes``) are spaces, so its rows read as one-line rows.
        """
        folded = fold_characters(self.text).translate(_INVISIBLE)
        return unpiped(folded, self.lines, self.pipes)

    def declaration(self, index: int) -> UnitDeclaration:
        """The ``index``-th declaration, with the region it governs."""
        bounded = self._bounded.get(index)
        if bounded is None:
            limit = self._starts[index + 1] if index + 1 < len(self._starts) else len(self.text)
            end = region_end(self.text, self.lines, self._line_index[index], limit)
            bounded = replace(self._found[index], region=(self._starts[index], end))
            self._bounded[index] = bounded
        return bounded

    def declarations(self) -> tuple[UnitDeclaration, ...]:
        """Every declaration, in order, with its region."""
        return tuple(self.declaration(index) for index in range(len(self._found)))

    def declaration_at(self, start: int, end: int) -> UnitDeclaration | None:
        """The declaration governing ``[start, end)``, if any.

        Regions are disjoint and ordered, so the candidate is the last
        declaration whose line starts at or before ``start``.
        """
        index = bisect.bisect_right(self._starts, start) - 1
        if index < 0:
            return None
        declaration = self.declaration(index)
        return declaration if declaration.governs(start, end) else None

    def is_declared_line(self, index: int) -> bool:
        """Whether line ``index`` holds a unit declaration."""
        return index in self._declared

    def grid(self, offset: int) -> Grid:
        """The tables of the statement page holding ``offset`` (read once, then cached)."""
        segment = self.lines.segment(offset)
        grid = self._grids.get(segment)
        if grid is None:
            start, end = segment
            first = self.lines.index(start)
            last = self.lines.index(max(start, end - 1))
            bounds = []
            for index in range(first, last + 1):
                if index in self.pipes.joined:
                    continue  # the rest of a header line html2text broke in two
                a, b = self.lines.bounds(self.pipes.joins.get(index, index))
                a = self.lines.bounds(index)[0]
                bounds.append((max(a, start), min(b, end), index in self._declared))
            page_end = end == self.lines.page_end(offset)
            own_rows = {
                self.lines.starts[index]: _label_bar(self.text, *self.lines.bounds(index))
                for index in range(first, last + 1)
                if index in self.pipes.lines
            }
            grid = build_grid(self.folded, bounds, self.table, page_end=page_end, own_rows=own_rows)
            self._grids[segment] = grid
        return grid

    def segments(self, start: int, end: int) -> list[tuple[int, int]]:
        """The statement pages ``[start, end)`` overlaps, in order."""
        found: list[tuple[int, int]] = []
        position = start
        while position < max(end, start + 1):
            segment = self.lines.segment(position)
            found.append(segment)
            if segment[1] <= position:
                break
            position = segment[1]
        return found

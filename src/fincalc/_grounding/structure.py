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
from .grid import Grid, GridTable, build_grid
from .lines import Lines
from .pipes import listed_cells, ragged_pipe_lines, unpiped

__all__ = ["Structure"]

_LABEL_BAR = re.compile(r"[ \t]*\|?[^|\n]*(\|)")


def _label_bar(text: str, start: int, end: int) -> int:
    """Where a pipe row's label cell ends: its first ``|`` after a leading one (-1: none)."""
    found = _LABEL_BAR.match(text, start, end)
    return found.start(1) if found is not None else -1


def _bars(text: str, start: int, end: int) -> tuple[int, ...]:
    """Where the ``|`` of a pipe row are: the edges of its cells."""
    return tuple(k for k in range(start, end) if text[k] == "|")


# a statement read on over more pages than this is read without the pages before
# (bounded work per resolve: the pages are read once each, then cached)
_MOST_CARRIED_PAGES = 8

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
        self._fixed_cells = every_pipe_table  # one cell per column: each "|" keeps its place
        self.pipe_lines = self.pipes.lines
        found = find_declarations(text, self.lines, table, lower, self.folded)
        self._found = [declaration for declaration, _ in found]
        self._line_index = [index for _, index in found]
        self._starts = [self.lines.starts[index] for index in self._line_index]
        self._declared = frozenset(self._line_index)
        self._bounded: dict[int, UnitDeclaration] = {}
        self._grids: dict[tuple[int, int], Grid] = {}
        self._statements: set[tuple[int, int]] = set()  # segments of a titled statement

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
        A cell on a page that goes on with the table of the page before
        (``grid``) is governed by the declaration over that table's header
        ("单位：元" under "合并资产负债表" on the page before).
        """
        index = bisect.bisect_right(self._starts, start) - 1
        if index < 0:
            return None
        declaration = self.declaration(index)
        if declaration.governs(start, end):
            return declaration
        return self._carried_declaration(start, end)

    def _carried_declaration(self, start: int, end: int) -> UnitDeclaration | None:
        """The declaration over the header of the carried table a cell at ``[start, end)`` is in."""
        segment = self.lines.segment(start)
        if not self._continues(segment):
            return None
        hits = self.grid(start).find(start, end)
        columns = hits[0].table.columns if len(hits) == 1 else ()
        if not columns or columns[0].span[0] >= segment[0]:
            return None  # not a table carried from the page before
        header = self.declaration_at(columns[0].span[0], columns[-1].span[1])
        if header is None:
            return None
        return replace(header, region=(header.region[0], max(end, header.region[1])))

    def is_declared_line(self, index: int) -> bool:
        """Whether line ``index`` holds a unit declaration."""
        return index in self._declared

    def grid(self, offset: int) -> Grid:
        """The tables of the statement page holding ``offset`` (read once, then cached).

        A page whose rows come before any header or title goes on with the
        table open at the foot of the page before (the statement runs on
        without its header): those rows are read under that table's columns,
        and a row whose amounts do not match them one to one stays unaligned.
        """
        segment = self.lines.segment(offset)
        grid = self._grids.get(segment)
        if grid is not None:
            return grid
        chain = [segment]  # back to the page the statement's header is on
        while self._continues(chain[-1]) and len(chain) <= _MOST_CARRIED_PAGES:
            chain.append(self.lines.segment(chain[-1][0] - 1))
        if self._continues(chain[-1]):  # more pages than the bound: read this one alone
            return self._read_grid(segment, carry=False)
        for page in reversed(chain[1:]):  # first to last, each page's table open for the next
            self._read_grid(page)
        return self._read_grid(segment)

    def _continues(self, segment: tuple[int, int]) -> bool:
        """Whether ``segment`` starts a page with no statement heading before its rows."""
        start = segment[0]
        if start == 0 or start != self.lines.page_start(start):
            return False
        at = bisect.bisect_left(self.lines.headings, start)  # a title on the page's first line
        return at == len(self.lines.headings) or self.lines.headings[at] != start

    def _carried(self, segment: tuple[int, int]) -> GridTable | None:
        """The table open at the foot of the page before ``segment``, when it goes on there.

        Only a statement's table goes on: the page before must hold the part of a
        statement under its title ("合并资产负债表") or a page that went on with one;
        a table of the notes with no such title is not carried.
        """
        if not self._continues(segment):
            return None
        previous = self.lines.segment(segment[0] - 1)
        if previous not in self._statements:
            return None
        before = self._grids.get(previous)
        last = before.last if before is not None else None
        # a table of one column is no statement with its comparison: a page's "Revenue 987"
        # is not read under the "2023" of the page before
        return last if last is not None and len(last.columns) >= 2 else None

    def _read_grid(self, segment: tuple[int, int], *, carry: bool = True) -> Grid:
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
            page_end = end == self.lines.page_end(start)
            own_rows = {
                self.lines.starts[index]: _label_bar(self.text, *self.lines.bounds(index))
                for index in range(first, last + 1)
                if index in self.pipes.lines
            }
            bars = {
                start: _bars(self.text, start, self.lines.bounds(self.lines.index(start))[1])
                for start in (own_rows if self._fixed_cells else ())
            }
            for index in range(first, last + 1):  # a Python list's cells keep their places
                if index in self.pipes.listed:
                    bars[self.lines.starts[index]] = listed_cells(
                        self.text, *self.lines.bounds(index)
                    )
            carried = self._carried(segment) if carry else None
            grid = build_grid(
                self.folded,
                bounds,
                self.table,
                page_end=page_end,
                own_rows=own_rows,
                bars=bars,
                carried=carried,
            )
            heading = bisect.bisect_left(self.lines.headings, start)
            if carried is not None or (
                heading < len(self.lines.headings) and self.lines.headings[heading] == start
            ):
                self._statements.add(segment)  # under a statement's title, or going on with one
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

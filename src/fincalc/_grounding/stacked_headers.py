"""Stacked column headers of a Chinese report's summary tables, as PDF extractors print them.

The first tables of a 年报, 半年报 or 季报 (主要会计数据, 主要财务指标, the 季报's
本报告期 / 年初至报告期末 table) have headers of two levels and headers wrapped in
the middle of a word. A restated year is one header over two columns ("2023年"
over "调整后 | 调整前"); a change column's header is wrapped onto two or three
lines ("本期比上年" / "同期增减" / "(%)"). The extractors print them so:

* pdfplumber prints one line per height, so the one-level headers (centred on
  the whole header) share a line with the label column's header, the upper
  level and the first piece of a wrapped header come on lines above, and the
  lower level on a line below: "本期比上年" / "2023年" / "主要会计数据 2024年
  同期增减 2022年" / "调整后 调整前 (%)". Within one line the order is left to
  right; across lines it is lost.
* PyMuPDF prints a cell per line, the upper level left to right and then the
  lower level: "2024年" / "2023年" / "本期比上年" / "同期增减" / "(%)" /
  "2022年" / "调整后" / "调整前". The order of the upper level is kept; which
  year the lower level sits under is not written.

``read_block`` reads such a block into heads (periods, change columns) and the
restated pair's pieces; ``StackedHeader.columns`` then tries every arrangement
of the heads that the printed lines allow, for the number of cells a row holds:

* the order of each printed line; years in one direction;
* as the CSRC templates print them, the report's own period (本报告期,
  本报告期末) left of the prior one (上年同期, 上年度末), and a change header
  right after the periods it names ("本报告期末比上年度末增减");
* a 调整后/调整前 pair under one earlier period printed above it (never the
  report's own period, never a change column but for a lone 调整后), every pair
  used; with pdfplumber's centred cells, a head printed on the line of the
  label column's header is one level when another period is printed above it.

A column is settled when every arrangement gives it the same meaning; a column
that differs between them, and the 调整前 (before restatement) column, is
returned unclear, so a claim on it is refused rather than guessed. A
percentage-change column is a change column, never an amount of a period.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

import regex

from .._base.vocabulary import vocabulary
from .._reading.units import UnitTable
from .cells import Line, header_cell
from .words import any_of

__all__ = [
    "StackedColumn",
    "StackedHeader",
    "find_blocks",
    "names_restatement",
    "read_block",
]

PieceKind = Literal["item", "period", "relative", "adjusted", "before", "start", "tail", "suffix"]
HeadKind = Literal["period", "relative", "change"]


@dataclass(frozen=True, slots=True)
class StackedColumn:
    """One column of a stacked header: the header text it is read with, and whether it is."""

    text: str
    span: tuple[int, int]
    kind: HeadKind
    clear: bool


@dataclass(frozen=True, slots=True)
class _Piece:
    start: int
    end: int
    text: str
    line: int
    kind: PieceKind


@dataclass(frozen=True, slots=True)
class _Head:
    kind: HeadKind
    pieces: tuple[_Piece, ...]
    year: int | None
    may_pair: bool  # a restated pair may sit under it (an earlier period, not the report's)
    rank: int = 0  # a relative head: 0 the report's own period (本报告期), 1 the prior (上年同期)
    follows: tuple[int, ...] = ()  # a change head: the heads it compares, left of it

    @property
    def text(self) -> str:
        return "".join(p.text for p in self.pieces)


_ADJUSTED = regex.compile(any_of("stacked_headers.adjusted"))
_BEFORE = regex.compile(any_of("stacked_headers.before"))
_ITEM = regex.compile(any_of("stacked_headers.item", "columns.item.anywhere"))
_CHARS = regex.escape("".join(vocabulary("grounding").words("stacked_headers.change_chars")))
_PERCENT = r"(?:[(（]\s*[%％]\s*[)）]|[%％])"
# a wrapped change header may break inside its "(%)": "…增减变动幅度(" / "%)"
_CHANGE_PIECE = regex.compile(rf"[{_CHARS}]*(?:{_PERCENT}|[(（][%％]?|[%％]?[)）])?")
_COMPARES = regex.compile(r"[比较較](?!例|率)")
_CHANGE_WORD = regex.compile(r"[增減减变變幅%％]|比例|比率")
_FINISHED = regex.compile(rf"{_PERCENT}$|[%％][)）]$")
_YEAR = regex.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_PRIOR = regex.compile(any_of("columns.prior.anywhere", "columns.instant_begin.anywhere"))
_OWN = regex.compile(
    any_of("columns.single.anywhere", "columns.current.anywhere", "columns.cumulative.anywhere")
)
_MOST_HEADS = 7  # arrangements tried: at most 7! orders of the heads
_MOST_PAIRS = 3
_MOST_ARRANGEMENTS = 64


def _piece_kind(text: str, start: int, end: int, table: UnitTable) -> PieceKind | None:
    cell = text[start:end]
    if _ADJUSTED.fullmatch(cell):
        return "adjusted"
    if _BEFORE.fullmatch(cell):
        return "before"
    if _ITEM.fullmatch(cell):
        return "item"
    if _CHANGE_PIECE.fullmatch(cell):
        if _COMPARES.search(cell):
            return "start"  # "本期比上年", "本报告期比上年同期增减(%)"
        if _CHANGE_WORD.search(cell):
            return "tail"  # "同期增减", "(%)", "年同期末增", "减(%)"
    found = header_cell(text, start, end, table)
    if found is None:
        return None
    if found.kind == "period":
        return "period"
    if found.kind == "relative" and not _COMPARES.search(cell):
        return "relative"
    if found.kind == "suffix":
        return "suffix"
    return None


@dataclass(frozen=True, slots=True)
class StackedHeader:
    """The heads of a stacked header block and how its lines order them."""

    heads: tuple[_Head, ...]
    pairs: tuple[_Piece, ...]  # 调整后 / 调整前, in reading order
    lines: tuple[tuple[int, ...], ...]  # each line's elements left to right (heads, then pairs)
    in_order: bool  # a cell per line: the heads are in reading order
    one_level: frozenset[int] = frozenset()  # heads printed as one level: no pair under them

    def columns(self, count: int, grouped: Sequence[bool] = ()) -> tuple[StackedColumn, ...] | None:
        """The ``count`` columns, each settled or unclear; None when no arrangement fits.

        ``grouped`` says which cells of the first row are amounts written with two or
        more thousands groups ("78,111,573,265.75"): no change column holds one, so an
        arrangement that puts one under a change column is not the table's.
        """
        found: list[list[tuple[str, int, tuple[int, int]]]] = []
        for leaves in self._arrangements(count):
            if any(
                meaning.startswith("change:") and k < len(grouped) and grouped[k]
                for k, (meaning, _head, _span) in enumerate(leaves)
            ):
                continue
            found.append(leaves)
            if len(found) > _MOST_ARRANGEMENTS:
                return None  # too many ways to read it: none is told
        if not found:
            return None
        columns = []
        for index, (meaning, head, span) in enumerate(found[0]):
            settled = all(leaves[index][0] == meaning for leaves in found)
            kind = self.heads[head].kind
            text = self.heads[head].text
            if meaning.startswith("before:"):
                text = f"{text} {self._before_word(span)}"
            clear = settled and not meaning.startswith("before:")
            columns.append(StackedColumn(text, span, kind, clear))
        return tuple(columns)

    def _before_word(self, span: tuple[int, int]) -> str:
        return next((p.text for p in self.pairs if (p.start, p.end) == span), "")

    def _orders(self) -> Iterator[tuple[int, ...]]:
        heads = range(len(self.heads))
        if self.in_order:
            yield tuple(heads)
            return
        for order in itertools.permutations(heads):
            years = [y for h in order if (y := self.heads[h].year) is not None]
            steps = [b - a for a, b in itertools.pairwise(years)]
            ranks = [self.heads[h].rank for h in order if self.heads[h].kind == "relative"]
            at = {h: k for k, h in enumerate(order)}
            compared = all(  # right after the last head it names
                at[h] == 1 + max(at[f] for f in self.heads[h].follows)
                for h in order
                if self.heads[h].follows
            )
            monotone = all(s <= 0 for s in steps) or all(s >= 0 for s in steps)
            if monotone and ranks == sorted(ranks) and compared:
                yield order

    def _arrangements(self, count: int) -> Iterator[list[tuple[str, int, tuple[int, int]]]]:
        for order in self._orders():
            for takes in self._takes(order, 0, 0):
                leaves, where = self._layout(order, takes)
                if len(leaves) == count and self._fits(where):
                    yield leaves

    def _takes(self, order: Sequence[int], at: int, used: int) -> Iterator[dict[int, int]]:
        """How many pair pieces each head of ``order`` takes, left to right (all used)."""
        if at == len(order):
            if used == len(self.pairs):
                yield {}
            return
        head = self.heads[order[at]]
        options = [0]
        rest = self.pairs[used : used + 2]
        if (
            head.kind != "change"
            and head.may_pair
            and order[at] not in self.one_level
            and len(rest) == 2
            and {p.kind for p in rest} == {"adjusted", "before"}
            and (self.in_order or head.pieces[0].line < rest[0].line)
        ):
            options.append(2)
        if head.kind == "change" and rest and rest[0].kind == "adjusted":
            options.append(1)  # "本年比上年增减" over a lone "调整后"
        for take in options:
            for later in self._takes(order, at + 1, used + take):
                yield {order[at]: take, **later}

    def _layout(
        self, order: Sequence[int], takes: dict[int, int]
    ) -> tuple[list[tuple[str, int, tuple[int, int]]], dict[int, tuple[int, int]]]:
        """The leaves (meaning, head, span) and each element's leaf interval."""
        leaves: list[tuple[str, int, tuple[int, int]]] = []
        where: dict[int, tuple[int, int]] = {}
        used = 0
        for index in order:
            head = self.heads[index]
            first = len(leaves)
            own = (head.pieces[0].start, head.pieces[0].end)
            take = takes.get(index, 0)
            if take == 0 or head.kind == "change":
                leaves.append((f"{head.kind}:{head.text}", index, own))
            for offset in range(take):
                piece = self.pairs[used + offset]
                where[len(self.heads) + used + offset] = (
                    (first, first) if head.kind == "change" else (len(leaves), len(leaves))
                )
                if head.kind != "change":
                    word = "before" if piece.kind == "before" else head.kind
                    leaves.append((f"{word}:{head.text}", index, (piece.start, piece.end)))
            used += take
            where[index] = (first, len(leaves) - 1)
        return leaves, where

    def _fits(self, where: dict[int, tuple[int, int]]) -> bool:
        for line in self.lines:
            for left, right in itertools.pairwise(line):
                if left in where and right in where and where[left][1] >= where[right][0]:
                    return False
        return True


def _group_changes(
    pieces: list[list[_Piece]], in_order: bool
) -> tuple[list[list[_Piece]], dict[int, int]] | None:
    """Join the pieces of each wrapped change header: its pieces, and each piece's head.

    A cell per line: a tail continues the change header on the line before it.
    Lines of cells: the tails of a line continue the unfinished change headers
    in order, when there are as many of them; otherwise the block is not read.
    """
    changes: list[list[_Piece]] = []
    owner: dict[int, int] = {}
    previous: int | None = None  # the change header of the line before (a cell per line)
    for line in pieces:
        tails = [p for p in line if p.kind == "tail"]
        open_heads = [k for k, c in enumerate(changes) if not _FINISHED.search(c[-1].text)]
        if in_order and tails:
            if previous is None or previous not in open_heads:
                return None
            changes[previous].append(tails[0])
            owner[id(tails[0])] = previous
        elif tails and not open_heads and all(t.text.strip("(（)）%％") for t in tails):
            for tail in tails:  # "增减额 增减(%)": whole change headers
                changes.append([tail])
                owner[id(tail)] = len(changes) - 1
        elif tails:
            # the k-th tail (left to right) continues the k-th open header only when
            # those started on one line, so left to right too
            if len(tails) != len(open_heads) or len({changes[k][0].line for k in open_heads}) > 1:
                return None
            for k, tail in zip(open_heads, tails, strict=True):
                changes[k].append(tail)
                owner[id(tail)] = k
        previous = None
        for piece in line:
            if piece.kind == "start":
                changes.append([piece])
                owner[id(piece)] = len(changes) - 1
                previous = len(changes) - 1
            elif piece.kind == "tail" and in_order:
                previous = owner[id(piece)]
    return changes, owner


_SUFFIX = regex.compile(r"[(（][^)）]*[)）]")


def _compares(heads: Sequence[_Head], change: Sequence[_Piece]) -> tuple[int, ...]:
    """The relative heads a change header names ("本报告期末比上年度末增减": 本报告期末 and
    上年度末), which stand left of it."""
    text = "".join(p.text for p in change)
    split = _COMPARES.search(text)
    if split is None:
        return ()
    this, other = text[: split.start()], text[split.end() :]
    named = []
    for index, head in enumerate(heads):
        word = _SUFFIX.sub("", head.text)
        if head.kind == "relative" and word and (word == this or other.startswith(word)):
            named.append(index)
    years = {h.year: k for k, h in enumerate(heads) if h.kind == "period" and h.year is not None}
    if years and this.startswith("本") and other.startswith("上"):
        # "本期比上年同期增减" over years: the latest year and the one before it
        latest = max(years)
        named += [years[y] for y in (latest, latest - 1) if y in years]
    return tuple(named)


def read_block(
    text: str, lines: Sequence[Sequence[tuple[int, int]]], table: UnitTable
) -> StackedHeader | None:
    """The stacked header of a block of header lines (each a list of cell spans), or None.

    None says the block is not one this module reads (no restated pair, no wrapped
    change header, nothing stacked), so the ordinary header run reads it.

    >>> page = "本期比上年\\n2023年\\n主要会计数据 2024年 同期增减 2022年\\n调整后 调整前 (%)"
    >>> block, at = [], 0
    >>> for line in page.split("\\n"):
    ...     block.append([(at + m.start(), at + m.end()) for m in regex.finditer(r"\\S+", line)])
    ...     at += len(line) + 1
    >>> [(c.text, c.clear) for c in read_block(page, block, UnitTable.default()).columns(5)]
    [('2024年', True), ('2023年', True), ('2023年 调整前', False), \
('本期比上年同期增减(%)', True), ('2022年', True)]
    """
    pieces: list[list[_Piece]] = []
    for number, line in enumerate(lines):
        row = []
        for start, end in line:
            kind = _piece_kind(text, start, end, table)
            if kind is None:
                return None
            if kind != "suffix":
                row.append(_Piece(start, end, text[start:end], number, kind))
        pieces.append(row)
    flat = [p for line in pieces for p in line]
    in_order = all(len(line) <= 1 for line in pieces)
    grouped = _group_changes(pieces, in_order)
    items = [p for p in flat if p.kind == "item"]
    pairs = tuple(p for p in flat if p.kind in ("adjusted", "before"))
    periods = [p for p in flat if p.kind in ("period", "relative")]
    if not periods or len(items) > 1 or not regex.search(r"\p{Han}", "".join(p.text for p in flat)):
        return None
    wrapped = grouped is not None and any(len(c) > 1 for c in grouped[0])
    stacked = not in_order and len({p.line for p in flat if p.kind != "item"}) > 1
    if not (pairs or wrapped or stacked):
        return None
    if grouped is None or len(pairs) > 2 * _MOST_PAIRS:
        return StackedHeader((), (), (), True)  # read, but nothing settles: unclear
    changes, owner = grouped
    years = [int(y.group()) for p in periods if (y := _YEAR.search(p.text))]
    latest = max(years, default=None)
    heads: list[_Head] = []
    element: dict[int, int] = {}
    for piece in periods:
        year_match = _YEAR.search(piece.text)
        year = int(year_match.group()) if year_match else None
        may_pair = (
            year < latest
            if year is not None and latest is not None
            else bool(_PRIOR.search(piece.text)) and not _OWN.search(piece.text)
        )
        element[id(piece)] = len(heads)
        rank = 0 if _OWN.search(piece.text) else 1 if _PRIOR.search(piece.text) else 0
        heads.append(_Head(piece.kind, (piece,), year, may_pair, rank))  # type: ignore[arg-type]
    first_change = len(heads)
    for change in changes:
        heads.append(_Head("change", tuple(change), None, False, 0, _compares(heads, change)))
    for piece in flat:
        if piece.kind in ("start", "tail"):
            element[id(piece)] = first_change + owner[id(piece)]
    for k, piece in enumerate(pairs):
        element[id(piece)] = len(heads) + k
    if len(heads) > _MOST_HEADS:
        return StackedHeader((), (), (), True)
    if in_order:  # the heads in the order their first pieces were printed
        order = sorted(range(len(heads)), key=lambda h: heads[h].pieces[0].line)
        remap = {old: new for new, old in enumerate(order)}
        heads = [
            _Head(h.kind, h.pieces, h.year, h.may_pair, h.rank, tuple(remap[f] for f in h.follows))
            for h in (heads[k] for k in order)
        ]
        element = {
            key: (remap[value] if value < len(remap) else value) for key, value in element.items()
        }
    line_elements = tuple(
        tuple(element[id(p)] for p in line if p.kind != "item") for line in pieces
    )
    # pdfplumber, centred cells: a period printed above the line of the label column's
    # header is the upper level of a two-level head; the heads on that line are one level
    item_line = items[0].line if items and not in_order else None
    above = item_line is not None and any(
        h.pieces[0].line < item_line for h in heads[:first_change]
    )
    one_level = frozenset(
        k for k, h in enumerate(heads[:first_change]) if above and h.pieces[0].line == item_line
    )
    return StackedHeader(tuple(heads), pairs, line_elements, in_order, one_level)


def names_restatement(text: str, start: int, end: int) -> bool:
    """Whether a line holds a 调整后 or 调整前 header cell (a restated pair's header).

    >>> names_restatement("调整后 调整前 (%)", 0, 11), names_restatement("调整后净利润", 0, 6)
    (True, False)
    """
    return any(
        _ADJUSTED.fullmatch(m.group()) or _BEFORE.fullmatch(m.group())
        for m in _CELL.finditer(text, start, end)
    )


# a cell is a run of non-spaces; PyMuPDF spaces a year off its 年 ("2024 年金额"): one cell
_CELL = regex.compile(r"(?<!\S)(?:19|20)\d\d[ \t]+年\S*|\S+")
_MOST_CELLS = 10
_BLOCK_KINDS = ("header", "label", "blank", "furniture")
_AFTER_KINDS = ("values", "label_values", "label")


def _cells_of(text: str, line: Line) -> list[tuple[int, int]] | None:
    if line.kind in ("blank", "furniture"):
        return []
    cells = [(m.start(), m.end()) for m in _CELL.finditer(text, line.start, line.end)]
    return cells if len(cells) <= _MOST_CELLS else None


def _block_end(text: str, lines: Sequence[Line], i: int, table: UnitTable) -> int:
    """Where the lines of header cells starting at line ``i`` end."""
    j = i
    while j < len(lines) and lines[j].kind in _BLOCK_KINDS:
        cells = _cells_of(text, lines[j])
        if cells is None or any(_piece_kind(text, a, b, table) is None for a, b in cells):
            break
        j += 1
    while j > i and lines[j - 1].kind in ("blank", "furniture"):
        j -= 1
    return j


def find_blocks(
    text: str, lines: Sequence[Line], table: UnitTable
) -> dict[int, tuple[int, StackedHeader]]:
    """The stacked header blocks of classified ``lines``: first line -> (end, header).

    A block is a run of lines made only of header cells (years, 本报告期, change
    pieces, 调整后/调整前, 主要会计数据), followed by a row (a label or amounts),
    that ``read_block`` reads.
    """
    found: dict[int, tuple[int, StackedHeader]] = {}
    i = 0
    while i < len(lines):
        if lines[i].kind not in ("header", "label"):
            i += 1
            continue
        j = _block_end(text, lines, i, table)
        if j == i:
            i += 1
            continue
        if j < len(lines) and lines[j].kind in _AFTER_KINDS:
            spans = [_cells_of(text, lines[k]) or [] for k in range(i, j)]
            header = read_block(text, [s for s in spans if s], table)
            if header is not None:
                found[i] = (j, header)
        i = j
    return found

"""Tables in PDF-extracted text: header runs, columns, rows and the column of every cell.

``build_grid`` reads the lines of one statement on one page (classified by
``cells.classify``) as a sequence of tables. A **header run** -- the lines of
column headers before the first row label -- defines the columns in order:

* the period cells at the end of the run, with the group headers among them
  ("Year Ended December 31," over "2023 / 2022 / 2021"; "Three Months Ended" /
  "September 30," / "Nine Months Ended" / "September 30," over four years;
  HKEX "截至十二月三十一日止年度" over "二零二三年 / 二零二二年");
* relative columns (本期发生额 / 上期发生额, 期末余额 / 期初余额) and change
  columns ("% Change", 增减);
* a Notes header (附注, "Notes") says rows may carry a note reference
  before their amounts; unit headers ("RMB'000" under each column) give each
  column its unit;
* a period line before the run that is not part of it ("2023年1—12月" under
  the title) is the statement's report period, kept as a title.

A row is its label lines and the value lines after them: the k-th amount
(dashes count) is in the k-th column, after a note reference when the table
has a Notes column; currency markers ("$" alone, "1,204 $") are the row's
marker, not amounts. A row whose amounts do not match the columns one to one
is kept, but unaligned: its cells have no column, and a claim on one of them
is refused rather than guessed.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

import regex

from .._reading.units import UnitTable
from .cells import HeaderCell, Line, Token, classify, header_period, years_over_days
from .grid_lines import amounts_in_labels, join_brackets, label_cells, long_labels, own_label_start
from .stacked_headers import StackedHeader, find_blocks, names_restatement
from .words import any_of

__all__ = ["Grid", "GridCell", "GridColumn", "GridRow", "GridTable", "build_grid"]

ColumnKind = Literal["period", "relative", "change"]


@dataclass(frozen=True, slots=True)
class GridColumn:
    """One column: its header read top to bottom, and the unit written over it."""

    text: str
    span: tuple[int, int]
    kind: ColumnKind
    unit: tuple[int, int] | None = None
    clear: bool = True  # False when the group header above it could not be read with it


@dataclass(frozen=True, slots=True)
class GridCell:
    """An amount or dash cell and the index of its column (None when unaligned)."""

    start: int
    end: int
    kind: Literal["amount", "dash"]
    column: int | None


@dataclass(frozen=True, slots=True)
class GridRow:
    """A row: its label, its cells, its Notes cells and its currency marker."""

    label: tuple[int, int] | None
    cells: tuple[GridCell, ...]
    notes: tuple[tuple[int, int], ...]
    mark: tuple[int, int] | None
    aligned: bool
    # the heading of the block the row is in ("Net income per share:" over "Basic" and
    # "Diluted"), when the row's own label does not hold it
    section: tuple[int, int] | None = None
    # the lines of a wrapped label printed after the row's amounts (pdfplumber centres the
    # amounts between a label's lines: "归属于上市公司股" / "32,496.17 …" / "东的净利润")
    tail: tuple[int, int] | None = None

    @property
    def amounts(self) -> tuple[GridCell, ...]:
        """The amount cells (dashes left out)."""
        return tuple(c for c in self.cells if c.kind == "amount")


@dataclass(frozen=True, slots=True)
class GridTable:
    """A table: its columns (none when no header was found), rows and report-period titles."""

    columns: tuple[GridColumn, ...]
    has_notes: bool
    rows: tuple[GridRow, ...]
    titles: tuple[str, ...]
    mark: tuple[int, int] | None = None  # the currency marker its rows use ("$")
    places: tuple[int, ...] | None = None  # the cell of each column, one cell per column
    width: int = 0  # how many cells the header line holds then


@dataclass(frozen=True, slots=True)
class Hit:
    """A cell found by offset, with its row and table."""

    table: GridTable
    row: GridRow
    cell: GridCell


@dataclass(slots=True)
class Grid:
    """The tables of one stretch of text, with their cells indexed by offset."""

    tables: list[GridTable]
    # the table open at the end of the text, with or without rows: the one a continuation
    # page's rows may go on under (``build_grid``'s ``carried``)
    last: GridTable | None = None
    _starts: list[int] = field(default_factory=list)
    _hits: list[Hit] = field(default_factory=list)

    def __post_init__(self) -> None:
        hits = [Hit(t, r, c) for t in self.tables for r in t.rows for c in r.cells]
        hits.sort(key=lambda h: h.cell.start)
        self._hits = hits
        self._starts = [h.cell.start for h in hits]

    def find(self, start: int, end: int) -> list[Hit]:
        """The cells overlapping ``[start, end)``, in order."""
        first = max(bisect.bisect_right(self._starts, start) - 1, 0)
        found: list[Hit] = []
        for hit in self._hits[first:]:
            if hit.cell.start >= end:
                break
            if hit.cell.end > start:
                found.append(hit)
        return found


# -- the header run --------------------------------------------------------------------

_YEAR_CELL = regex.compile(r"(?:19|20)\d\d\s*年?|[〇零一二三四五六七八九]{4}\s*年")
_LISTED_YEARS = regex.compile(r"(?:,?\s*(?:and\s+)?(?:19|20)\d\d){2,}\s*$")
_BARE_DURATION = regex.compile(r"(?i)\s*(?:fiscal\s+)?years?\s+(?:ended|ending)\s*[:,]?\s*")
_DURATION_GROUP = regex.compile(
    r"(?i)\b(?:months?|years?|quarters?|weeks?|periods?)\s+(?:ended|ending)\b|截至|截止|止"
)


def _shape(text: str) -> str:
    """A header's shape: its digits and numerals as one "9" a run, Latin words as "a".

    "Years Ended November 29, 2024" and "Years Ended December 1, 2023" have one
    shape; "截至2023年12月31日止年度" and "2023年" do not.
    """
    digits = regex.sub(r"(?:\d|[〇零一二三四五六七八九十])+", "9", "".join(text.split()))
    return regex.sub(r"[A-Za-z]+", "a", digits)


def _combine(group: str | None, cell: HeaderCell) -> tuple[str, bool]:
    """A column's header text: its group header read with its cell, and whether it reads."""
    if group is None or cell.kind != "period":
        return cell.text, True
    if _BARE_DURATION.fullmatch(group) and _YEAR_CELL.fullmatch(cell.text.strip()):
        return cell.text, True  # "Years Ended" over "2022": the fiscal year 2022
    candidates = []
    listed = _LISTED_YEARS.search(group)
    if listed and cell.text.strip() in regex.findall(r"(?:19|20)\d\d", listed.group()):
        # "Years ended December 31, 2022, 2021, and 2020" over "2022 2021 2020"
        candidates.append(f"{group[: listed.start()].rstrip(' ,')}, {cell.text.strip()}")
    if ("截至" in group or "截止" in group) and _YEAR_CELL.fullmatch(cell.text):
        word = "截至" if "截至" in group else "截止"
        candidates.append(group.replace(word, word + cell.text.strip(), 1))
    candidates.append(f"{group} {cell.text}")
    if not _DURATION_GROUP.search(group):
        candidates.append(cell.text)  # "As of" over "December 31, 2023"
    for candidate in candidates:
        if header_period(candidate):
            return candidate, True
    return f"{group} {cell.text}", False


def _groups(texts: list[str]) -> list[str] | None:
    """Join the group lines of one run: durations with the dates under them.

    "Years ended" over three dates gives three groups; "Three Months Ended" /
    "Nine Months Ended" over two "September 30," gives two; None when the
    lines cannot be paired.
    """
    durations = [t for t in texts if _DURATION_GROUP.search(t)]
    dates = [t for t in texts if not _DURATION_GROUP.search(t)]
    if not durations or not dates:
        return texts
    if len(durations) == 1:
        return [f"{durations[0]} {t}" for t in dates]
    if len(dates) == len(durations):
        return [f"{d} {t}" for d, t in zip(durations, dates, strict=True)]
    if len(dates) == 1:
        return [f"{d} {dates[0]}" for d in durations]
    return None


def _chunks(run: list[HeaderCell]) -> list[tuple[list[str], list[HeaderCell]]]:
    """Split a run into (group lines, the cells after them) pieces."""
    chunks: list[tuple[list[str], list[HeaderCell]]] = []
    groups: list[str] = []
    for cell in run:
        if cell.kind == "group":
            groups.append(cell.text)
            continue
        if groups or not chunks:
            chunks.append((groups, []))
            groups = []
        chunks[-1][1].append(cell)
    return chunks


_RUN = ("period", "relative", "change", "group", "suffix", "unit")


def _columns(cells: list[HeaderCell]) -> tuple[tuple[GridColumn, ...], bool, tuple[str, ...]]:
    """Columns, whether there is a Notes column, and the report-period titles of a header run."""
    has_notes = any(c.kind == "notes" for c in cells)
    end = len(cells)
    while end > 0 and cells[end - 1].kind in ("notes", "unit", "item", "suffix"):
        end -= 1
    begin = end
    # a declaration between a group header and its years ("Years ended December 31" /
    # "(Millions, except per share amounts)" / "2018" ...) belongs to the run
    while begin > 0 and (
        cells[begin - 1].kind in _RUN
        # "2024年金额 附注（如适用） 2023年金额": a notes column between two periods
        or (cells[begin - 1].kind == "notes" and begin > 1 and cells[begin - 2].kind == "period")
    ):
        begin -= 1
    while begin < end and cells[begin].kind == "unit":
        begin += 1
    run = _joined_changes(
        _wrapped_comparisons(
            [c for c in cells[begin:end] if c.kind not in ("suffix", "unit", "notes")]
        )
    )
    paired = years_over_days(run)  # "2025年 2024年" over "6月30日 12月31日"
    if paired is not None:
        run = paired[0]
    titles = [c.text for c in cells[:begin] if c.kind == "period"]
    periods = [c for c in run if c.kind == "period"]
    if len(periods) >= 3 and run and run[0] is periods[0]:
        first = _shape(periods[0].text)
        if all(_shape(c.text) != first for c in periods[1:]):
            titles.append(periods[0].text)  # "截至2023年12月31日止年度" over "2023年 / 2022年"
            run = run[1:]
    columns: list[GridColumn] = []
    duration: str | None = None  # "Years ended" over "September 28," / "2019" / "September 29," …
    for group_texts, members in _chunks(run):
        durations = [t for t in group_texts if _DURATION_GROUP.search(t)]
        if len(durations) == 1:
            duration = durations[0]
        elif not durations and duration is not None and group_texts:
            group_texts = [duration, *group_texts]
        joined = _groups(group_texts)
        if joined is None or (joined and len(members) % len(joined)):
            columns += [
                GridColumn(c.text, (c.start, c.end), _kind(c), clear=False) for c in members
            ]
            continue
        span = len(members) // len(joined) if joined else 0
        for index, cell in enumerate(members):
            group = joined[index // span] if joined else None
            text, clear = _combine(group, cell)
            columns.append(GridColumn(text, (cell.start, cell.end), _kind(cell), clear=clear))
    if paired is not None and not paired[1]:  # more days than years, or fewer: none told
        columns = [GridColumn(c.text, c.span, c.kind, clear=False) for c in columns]
    units = [c for c in cells[begin:] if c.kind == "unit"]
    if columns and len(units) == len(columns):
        columns = [
            GridColumn(c.text, c.span, c.kind, (u.start, u.end), c.clear)
            for c, u in zip(columns, units, strict=True)
        ]
    return tuple(columns), has_notes, tuple(titles)


_UNFINISHED_CHANGE = regex.compile(any_of("columns.change_heads.anywhere"))
_FINISHED_CHANGE = regex.compile(any_of("columns.change_tails.anywhere"))


_COMPARES = regex.compile(r"比|较|較")


def _wrapped_comparisons(run: list[HeaderCell]) -> list[HeaderCell]:
    """Join comparison headers an extractor broke in the middle of a word, pair by pair.

    A 季报's first table: "本报告期比上年同" / "年初至报告期末比上" on one line and
    "期增减变动幅度(%)" / "年同期增减变动幅度(%)" on the next. The k-th unfinished
    comparison (a "比" with no change word yet) takes the k-th change piece after all
    of them, when the two counts are equal; otherwise nothing is joined.
    """
    heads = [
        i
        for i, c in enumerate(run)
        if _COMPARES.search(c.text) and not _FINISHED_CHANGE.search(c.text)
    ]
    tails = [
        i
        for i, c in enumerate(run)
        if c.kind == "change" and _FINISHED_CHANGE.search(c.text) and not _COMPARES.search(c.text)
    ]
    if not heads or len(heads) != len(tails) or tails[0] < heads[-1] or len(heads) < 2:
        return run
    joined = list(run)
    for head, tail in zip(heads, tails, strict=True):
        first, rest = run[head], run[tail]
        joined[head] = HeaderCell(first.start, first.end, "change", first.text + rest.text)
    return [c for i, c in enumerate(joined) if i not in set(tails)]


def _joined_changes(run: list[HeaderCell]) -> list[HeaderCell]:
    """Join a change header wrapped onto two lines: "本年比上年" / "增减(%)" is one column."""
    joined: list[HeaderCell] = []
    for cell in run:
        last = joined[-1] if joined else None
        if (
            last is not None
            and last.kind == cell.kind == "change"
            and _UNFINISHED_CHANGE.search(last.text)
            and not _FINISHED_CHANGE.search(last.text)
        ):
            joined[-1] = HeaderCell(last.start, cell.end, "change", last.text + cell.text)
            continue
        joined.append(cell)
    return joined


def _kind(cell: HeaderCell) -> ColumnKind:
    return "period" if cell.kind == "period" else "change" if cell.kind == "change" else "relative"


# -- rows ----------------------------------------------------------------------------------

# an amount of millions written with groups: never a percentage change
_GROUPED = regex.compile(r"[-+(]?\d{1,3}(?:,\d{3}){2,}(?:\.\d+)?\)?")
_CONTINUES = regex.compile(
    r"(?i)(?:\b(?:and|or|of|to|from|for|by|in|at|less|net|per)|[,(—–\-])[ \t]*$"
)
_SMALL_INT = regex.compile(r"\d{1,2}[A-Za-z]?")
_WRITTEN = regex.compile(r"\d[.,]\d")  # an amount written with decimals or digit groups
_PAGE_NUMBER = regex.compile(r"\d{1,4}")
# A footnote marker written right after a row label: "Cost of revenues (1)".
_FOOTNOTE = regex.compile(r"[(（]\d{1,2}[)）]")


@dataclass(slots=True)
class _Row:
    label: tuple[int, int] | None = None
    tokens: list[Token] = field(default_factory=list)
    notes: list[tuple[int, int]] = field(default_factory=list)
    wrapped: int = 0  # leading tokens that may finish a wrapped label ("... of $42 and" / "$38")
    bars: tuple[int, ...] | None = None  # the row is one pipe line with its cells in place
    last_line: int = -1  # where the last line of the label starts
    before: int = 0  # label lines before its amounts
    spread: bool = False  # its amounts came on one line, two or more of them
    tail: tuple[int, int] | None = None  # label lines after its amounts
    tails: int = 0

    def add_label(self, start: int, end: int, *, alone: bool = True) -> None:
        self.label = (self.label[0] if self.label else start, end)
        self.last_line = start
        if alone and not self.tokens:
            self.before += 1

    def add_tokens(self, tokens: tuple[Token, ...]) -> None:
        self.spread = not self.tokens and sum(t.kind != "mark" for t in tokens) >= 2
        self.tokens += tokens

    def add_tail(self, start: int, end: int) -> None:
        self.tail = (self.tail[0] if self.tail else start, end)
        self.tails += 1


@dataclass(slots=True)
class _Table:
    columns: tuple[GridColumn, ...] = ()
    has_notes: bool = False
    titles: tuple[str, ...] = ()
    rows: list[GridRow] = field(default_factory=list)
    mark: tuple[int, int] | None = None
    section: tuple[int, int] | None = None
    places: tuple[int, ...] | None = None  # the pipe cell of each column, header on one line
    width: int = 0  # how many "|" that header line holds
    stacked: StackedHeader | None = None  # a stacked header, read for its first row's cells
    unclear: bool = False  # a 调整后/调整前 header its header run did not read
    checked: bool = False  # columns read from a stacked header: each row's cells are checked

    def cloud(self) -> None:
        """No column of this table is clear: a restated pair's header was not read."""
        self.unclear = True
        self.columns = tuple(
            GridColumn(c.text, c.span, c.kind, c.unit, clear=False) for c in self.columns
        )

    def close(self, row: _Row, text: str, page_end: bool) -> None:
        amounts = [t for t in row.tokens if t.kind != "mark"]
        self._settle(amounts, text)
        marks = [t for t in row.tokens if t.kind == "mark"]
        notes = list(row.notes)
        if not amounts:
            return
        n = len(self.columns)
        doubtful = False  # a note or an amount: the row is read without columns
        wrapped = [t for t in row.tokens[: row.wrapped] if t.kind != "mark"]
        if n and wrapped and len(amounts) - len(wrapped) == n and row.label is not None:
            # "Accounts receivable, net of allowance of $42 and" / "$38": the label goes on
            amounts = amounts[len(wrapped) :]
            marks = [t for t in marks if t.start > wrapped[-1].end]
            row.label = (row.label[0], wrapped[-1].end)
        if n and self.has_notes and len(amounts) == n + 1:
            first = text[amounts[0].start : amounts[0].end]
            if _SMALL_INT.fullmatch(first):
                notes.append((amounts[0].start, amounts[0].end))
                amounts = amounts[1:]
        elif n > 1 and self.has_notes and len(amounts) == n:
            # "货币资金 1 10.00" under 附注 and two periods: a note and one amount (a blank
            # cell), or two amounts? A bare small number before amounts written with
            # decimals or groups is the note; a row of bare small numbers stays unaligned.
            first = text[amounts[0].start : amounts[0].end]
            if _SMALL_INT.fullmatch(first):
                rest = [text[t.start : t.end] for t in amounts[1:]]
                if all(_WRITTEN.search(r) for r in rest):
                    notes.append((amounts[0].start, amounts[0].end))
                    amounts = amounts[1:]
                else:
                    doubtful = True
        if (
            n
            and len(amounts) == n + 1
            and row.label is not None
            and _FOOTNOTE.fullmatch(text, amounts[0].start, amounts[0].end)
            and not text[row.label[1] : amounts[0].start].strip()
        ):
            # "Cost of revenues (1) 7,654 6,543 5,432" under three columns: the
            # bracket right after the label is its footnote marker, not a negative 1
            notes.append((amounts[0].start, amounts[0].end))
            amounts = amounts[1:]
        if (
            n
            and len(amounts) == n + 1
            and len(row.tokens) > 1
            and row.tokens[0] is amounts[0]
            and row.tokens[1].kind == "mark"
            and _SMALL_INT.fullmatch(text, amounts[0].start, amounts[0].end)
        ):
            # "Basic Net Income Per Share" / "1" / "$" / "2.47": the footnote mark before
            # the row's currency mark, where its cells begin
            notes.append((amounts[0].start, amounts[0].end))
            amounts = amounts[1:]
        if n and page_end and len(amounts) == n + 1:
            last = text[amounts[-1].start : amounts[-1].end]
            if _PAGE_NUMBER.fullmatch(last):
                amounts = amounts[:-1]  # the page number under the last row
        if self.places is not None and row.bars is not None and len(row.bars) == self.width:
            # one cell per column (a Python list, an HTML row): the place decides, not a count
            amounts = self._noted(row, amounts, notes, text)
            placed = self._placed(row, amounts)
            aligned = False
        else:
            aligned = bool(n) and len(amounts) == n and not doubtful
            placed = None if aligned or doubtful else self._placed(row, amounts)
        cells = tuple(
            GridCell(
                t.start,
                t.end,
                "dash" if t.kind == "dash" else "amount",
                placed[i] if placed else (i if aligned else None),
            )
            for i, t in enumerate(amounts)
        )
        aligned = (aligned or placed is not None) and not doubtful
        mark = (marks[0].start, marks[0].end) if marks else None
        self.mark = self.mark or mark
        section = self.section
        if row.label is not None:  # "结算备付金" / "衍生金融资产 21,113.72": an empty row above
            row.label = (own_label_start(text, *row.label), row.label[1])
        if row.label is not None and row.last_line > row.label[0]:
            # "Net income per share:" / "Basic": the heading lines head the rows after too
            self.section, section = (row.label[0], row.last_line), None
        self.rows.append(
            GridRow(
                row.label,
                cells,
                tuple(notes),
                mark,
                aligned or len(cells) == 1,
                section,
                row.tail,
            )
        )

    def _settle(self, amounts: list[Token], text: str) -> None:
        """Read a stacked header for the first row's cells; check every row's change cells."""
        if self.stacked is not None and amounts:
            grouped = [_GROUPED.fullmatch(text, t.start, t.end) is not None for t in amounts]
            settled = self.stacked.columns(len(amounts), grouped)
            self.columns = tuple(
                GridColumn(c.text, c.span, c.kind, clear=c.clear) for c in settled or ()
            )
            self.stacked = None  # the first row settles the columns; other counts refuse
            self.checked = True
        if self.checked and self.columns and len(amounts) == len(self.columns):
            changes = [
                t
                for t, c in zip(amounts, self.columns, strict=True)
                if c.kind == "change" and c.clear
            ]
            if any(_GROUPED.fullmatch(text, t.start, t.end) for t in changes):
                # "7,230,000.00" under a change column: the arrangement read is not the
                # table's (a template's order not kept), so no column is told
                self.cloud()

    def _noted(
        self, row: _Row, amounts: list[Token], notes: list[tuple[int, int]], text: str
    ) -> list[Token]:
        """The amounts of a one-cell-per-column row, its note reference ("['存货', '1', …")
        moved to ``notes``: a small number in a cell that is no column, under 附注."""
        if not self.has_notes or row.bars is None or self.places is None:
            return amounts
        kept = []
        for t in amounts:
            place = bisect.bisect_right(row.bars, t.start)
            if place not in self.places and _SMALL_INT.fullmatch(text, t.start, t.end):
                notes.append((t.start, t.end))
            else:
                kept.append(t)
        return kept

    def _placed(self, row: _Row, amounts: list[Token]) -> list[int] | None:
        """The column of each amount by the pipe cell it is in, when the row and the header
        are one-line pipe rows of the same width ("| Proceeds | 35 |  |"), else None."""
        if self.places is None or row.bars is None or len(row.bars) != self.width:
            return None
        found = [bisect.bisect_right(row.bars, t.start) for t in amounts]
        if any(k not in self.places for k in found) or len(set(found)) != len(found):
            return None
        return [self.places.index(k) for k in found]

    def seat(self, bars: Mapping[int, tuple[int, ...]], heads: list[tuple[int, int]]) -> None:
        """Keep the pipe cell of each column when one pipe line of the header run ``heads``
        holds every column header ("(Unaudited)" above it is no header of a column)."""
        if not self.columns:
            return
        line = next(
            (
                bars.get(a)
                for a, b in heads
                if all(a <= c.span[0] and c.span[1] <= b for c in self.columns)
            ),
            None,
        )
        if line is None:
            return
        places = tuple(bisect.bisect_right(line, c.span[0]) for c in self.columns)
        ends = tuple(bisect.bisect_right(line, c.span[1] - 1) for c in self.columns)
        if places == ends and len(set(places)) == len(places):
            self.places, self.width = places, len(line)

    def next(self, headers: list[HeaderCell]) -> _Table:
        """The table a header run starts; a table with no rows passes on its periods as titles
        ("2023年12月31日" / "编制单位：…" / the real header)."""
        carried: tuple[str, ...] = ()
        if not self.rows:
            carried = self.titles + tuple(c.text for c in self.columns if c.kind == "period")
        columns, has_notes, titles = _columns(headers)
        return _Table(columns, has_notes, carried + titles)

    def freeze(self) -> GridTable:
        if self.unclear:
            self.cloud()
        return GridTable(
            self.columns,
            self.has_notes,
            tuple(self.rows),
            self.titles,
            self.mark,
            self.places,
            self.width,
        )


_PERIODISH = ("period", "relative")


def _header_run(lines: list[Line], i: int, stops: Mapping[int, object]) -> tuple[int, list[int]]:
    """The header lines of the run starting at line ``i``, and where its rows start.

    A run followed by amounts is not all header: its last header line is the
    first row's label ("加权平均净资产收益率（%）" under "2023年 / 2022年 / 增减(%)"),
    and when nothing before it names a period, the whole run is row labels
    ("2024" over amounts). Lines turned into labels are marked so in ``lines``. A
    stacked header block (a line in ``stops``) ends the run.
    """
    j, heads = i, []
    while (
        j < len(lines)
        and lines[j].kind in ("header", "blank", "furniture")
        and (j == i or j not in stops)
    ):
        if lines[j].kind == "header":
            heads.append(j)
        j += 1
    if j >= len(lines) or lines[j].kind not in ("values", "note"):
        return j, heads
    kept = heads[:-1]
    if not any(h.kind in _PERIODISH for k in kept for h in lines[k].headers):
        kept = []
    for k in heads[len(kept) :]:
        lines[k] = Line("label", lines[k].start, lines[k].end)
    return (heads[len(kept)] if kept else j), kept


def _label_end(table: _Table, run: list[Line], carried: bool) -> bool:
    """Whether a one-line run of change words ("变动") under the rows of a table with
    period columns is the last piece of a wrapped row label ("（3）其他权益工具投资公允价值"
    / "941,278,423.17 -32,068,696.88" / "变动"), not the header of a new table; the
    rows may be on the page before (``carried``)."""
    return (
        len(run) == 1
        and (bool(table.rows) or carried)
        and any(c.kind in ("period", "relative") for c in table.columns)
        and all(h.kind == "change" for h in run[0].headers)
    )


_HAN = regex.compile(r"\p{Han}")
_CHANGE_START = regex.compile(
    rf"(?:{any_of('change_cells.directions')})\s*(?P<amount>[-+]?\d+(?:\.\d+)?\s*个?)"
)
_CHANGE_END = regex.compile(r"个?百分点|個?百分點")


def _split_change(text: str, lines: list[Line], k: int) -> Token | None:
    """A change cell a cell-per-line extractor broke in two ("增加2.19个" / "百分点"), as one
    amount token from its number to its unit, or None."""
    if k + 1 >= len(lines) or lines[k + 1].kind != "label":
        return None
    head = _CHANGE_START.fullmatch(text, lines[k].start, lines[k].end)
    if head is None or not _CHANGE_END.fullmatch(text, lines[k + 1].start, lines[k + 1].end):
        return None
    return Token(head.start("amount"), lines[k + 1].end, "amount")


def _label_goes_on(text: str, lines: list[Line], k: int, row: _Row) -> bool:
    """Whether label line ``k``, after the amounts of ``row``, is the rest of its label.

    pdfplumber prints a row's amounts at the height of its label's middle, so a
    label of n lines has as many lines after its amounts as before them. A
    Chinese label whose amounts came on one line takes as many lines after them
    as it had before, when the lines up to the next amounts leave the next row a
    label line of its own (or the next amounts carry their own label).
    """
    if not row.spread or row.tails >= row.before or row.label is None:
        return False
    if not _HAN.search(text, lines[k].start, lines[k].end):
        return False
    if not _HAN.search(text, row.label[0], row.label[1]):
        return False
    if row.tails:
        return True
    j, count = k, 0
    while j < len(lines) and lines[j].kind in ("label", "blank", "furniture"):
        count += lines[j].kind == "label"
        j += 1
    needed = row.before + (1 if j < len(lines) and lines[j].kind == "values" else 0)
    return count >= needed


def build_grid(
    text: str,
    bounds: list[tuple[int, int, bool]],
    table: UnitTable,
    *,
    page_end: bool,
    own_rows: Mapping[int, int] | None = None,
    bars: Mapping[int, tuple[int, ...]] | None = None,
    carried: GridTable | None = None,
) -> Grid:
    """Read the tables of the lines ``bounds`` (``(start, end, declared)``) of ``text``.

    ``text`` is the folded document; ``page_end`` says the last line ends a page
    (so a bare number there may be the page number). A line starting at an offset
    in ``own_rows`` (a pipe table's line, mapped to where its first ``|`` is) is a
    row of its own: amounts on it never continue the row above, and amounts before
    its first ``|`` are in its label cell ("net of tax of ($59) and $3| 206").
    ``bars`` maps the lines of tables written with one cell per column
    (``Document.from_html``) to where their ``|`` are: a row with empty cells
    ("| Proceeds from dispositions | 35 |  |") puts each amount under the
    column whose header is in the same cell of a one-line header run.
    ``carried`` is the table open at the end of the previous page when this text
    goes on with its rows (``Structure.grid`` decides): rows before any header
    run are read under its columns.
    """
    own_rows = own_rows or {}
    bars = bars or {}
    lines = join_brackets(text, [classify(text, a, b, table, declared=d) for a, b, d in bounds])
    label_cells(lines, [own_rows.get(a, -1) for a, _, _ in bounds])
    long_labels(text, lines)
    amounts_in_labels(text, lines)
    last = max((i for i, line in enumerate(lines) if line.kind != "blank"), default=-1)
    blocks = find_blocks(text, lines, table)
    tables: list[GridTable] = []
    current, row = _Table(), _Row()
    if carried is not None:
        current = _Table(carried.columns, carried.has_notes, carried.titles)
        current.places, current.width = carried.places, carried.width
    i = 0
    while i < len(lines):
        line = lines[i]
        if i in blocks:  # "本期比上年" / "2023年" / "主要会计数据 2024年 同期增减 2022年" / …
            current.close(row, text, False)
            tables.append(current.freeze())
            i, stacked = blocks[i]
            current, row = _Table(stacked=stacked), _Row()
            continue
        if line.kind in ("header", "label") and names_restatement(text, line.start, line.end):
            current.cloud()  # "调整前" outside a stacked header: its columns are not known
        if line.kind == "header":
            j, heads = _header_run(lines, i, blocks)
            if heads and _label_end(current, [lines[k] for k in heads], carried is not None):
                if row.tokens:  # the row above has its amounts: no label of the row below
                    i += 1
                    continue
                lines[i] = Line("label", line.start, line.end)
                heads = []
            if heads:
                current.close(row, text, False)
                tables.append(current.freeze())
                if carried is not None and not current.rows:
                    current = _Table()  # the page's own header: nothing of the last page's
                carried = None
                current, row = current.next([h for k in heads for h in lines[k].headers]), _Row()
                current.seat(bars, [bounds[k][:2] for k in heads])
                i = j
                continue
            line = lines[i]
        i += 1
        if line.kind in ("heading", "prose", "pipe"):
            current.close(row, text, False)
            tables.append(current.freeze())
            current, row = _Table(), _Row()
        elif line.kind == "label" and row.tokens and (cell := _split_change(text, lines, i - 1)):
            row.add_tokens((cell,))  # "增加2.19个" / "百分点": one change cell of the row
            row.spread = False
            i += 1
        elif line.kind == "label" and row.tokens and _label_goes_on(text, lines, i - 1, row):
            row.add_tail(line.start, line.end)
        elif line.kind == "label":
            if row.tokens:
                current.close(row, text, False)
                row = _Row()
            # "流动资产：" heads the rows below; it is no wrapped line of the next row's label
            heading = text[line.start : line.end].rstrip().endswith((":", "："))
            row.add_label(line.start, line.end, alone=not heading)
        elif line.kind == "label_values":
            if row.tokens:
                current.close(row, text, False)
                row = _Row()
            row.add_label(line.start, line.label_end, alone=False)
            row.add_tokens(line.tokens)
            row.bars = bars.get(bounds[i - 1][0])
        elif line.kind == "percent" and row.tokens and row.tokens[-1].kind == "amount":
            amount = row.tokens[-1]  # "22.0" / "%": the sign on the next line
            row.tokens[-1] = Token(amount.start, line.end, "amount")
        elif line.kind == "values":
            if row.tokens and (bounds[i - 1][0] in own_rows or row.tail is not None):
                current.close(row, text, False)  # "| 4,852 | | | 3,105 |": a row without label
                row = _Row()
            previous = lines[i - 2] if i >= 2 else None
            if (
                not row.tokens
                and previous is not None
                and previous.kind == "label"
                and _CONTINUES.search(text, previous.start, previous.end)
            ):
                row.wrapped = len(line.tokens)
            row.add_tokens(line.tokens)
            row.bars = None  # amounts from another line: no one row of cells
        elif line.kind == "note":
            row.notes.append((line.start, line.end))
        if i - 1 == last and line.kind in ("values", "label_values"):
            current.close(row, text, page_end)
            row = _Row()
    current.close(row, text, False)
    last_table = current.freeze()
    tables.append(last_table)
    return Grid([t for t in tables if t.rows], last_table)

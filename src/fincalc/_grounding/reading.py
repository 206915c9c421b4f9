"""Reading the amount a located quote points at, and checking its column.

``candidates`` lists the table cells inside a quote, each with its row label
and column (delimited rows through ``tables``; cell-per-line and one-line rows
through the document's ``grid``). ``choose`` picks the one the claim means: the
only one, the one under the claimed period, or the one in the row whose label
is the claimed metric -- or refuses with the candidates listed. ``check``
refuses a cell whose column contradicts the claim, or whose column cannot be
told.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from decimal import Decimal

import regex

from .._base.exceptions import AmbiguousQuantityError, CaliberMismatchError, FincalcError
from .._reading.units import UnitContext, space_run
from .._values.period import FiscalCalendar, Period, parse_period
from .cells import percent_change_header
from .claims import Claim
from .documents import Document
from .grid import GridCell, GridColumn, GridTable, Hit
from .grid_labels import label_lines, row_label
from .periods import (
    begins_period,
    flow_column,
    group_over_year,
    row_period,
    same_claimed_period,
)
from .reported_period import page_titles, relative_periods, statement_titles
from .structure import Structure
from .tables import (
    ColumnKind,
    _Column,
    _column_kind,
    _delimited_row,
    _header_unit,
    _kind_conflict,
    _spaced_row,
)
from .words import DIGIT, agreeing_months

__all__ = ["Candidate", "candidates", "check", "choose", "note_cells"]

_LISTED = 12
_LABEL_CELLS = 8
_PERCENT = UnitContext(Decimal("0.01"), "RATIO", "%")


@dataclass(frozen=True, slots=True)
class Candidate:
    """An amount cell inside a quote: where it is, its row and its column."""

    start: int
    end: int
    column: _Column | None
    row: int  # rows are numbered per quote
    label: str
    label_span: tuple[int, int] | None
    row_cells: tuple[tuple[int, int], ...]  # the cells of its row, dashes ("—") included
    columns: int  # how many columns its table has (0: no header found)
    notes: tuple[tuple[int, int], ...] = ()
    mark: str | None = None
    grid: bool = False  # a cell of a cell-per-line or one-line row (read whole)
    paired: bool = False  # its relative column has its counterpart (期末 and 期初) in the table
    dash: bool = False  # "—", "不适用": the column holds no amount in this row
    words: str = ""  # every label cell of its row ("华东区 营业收入"), for the metric check
    table: GridTable | None = None  # the grid table of a cell-per-line or one-line row
    label_text: str | None = None  # its label's lines, when they are not one span of the text


def candidates(
    doc: Document, structure: Structure, start: int, end: int, calendar: FiscalCalendar | None
) -> list[Candidate]:
    """Every amount cell of a table inside ``[start, end)``, in order."""
    text = doc.text
    lines = structure.lines
    found: list[Candidate] = []
    row = 0
    grid_lines: set[int] = set()
    for index in range(lines.index(start), lines.index(max(start, end - 1)) + 1):
        a, b = lines.bounds(index)
        delimiter = "|" if "|" in text[a:b] else "\t" if "\t" in text[a:b] else None
        if delimiter is None or index in structure.pipe_lines:  # a ragged pipe table: rows
            grid_lines.add(index)
            continue
        parsed = _delimited_row(text, a, b, delimiter, calendar)
        cells = [c for c in parsed.amounts if c.start < end and c.end > start]
        if not cells:
            continue
        label = next(
            (
                text[x:y]
                for x, y in _delimited_cells(text, a, b, delimiter)
                if x < y and not any(c.start == x for c in parsed.amounts)
            ),
            "",
        )
        every = tuple((c.start, c.end) for c in parsed.amounts)
        first = parsed.amounts[0].start if parsed.amounts else b
        words = " ".join(  # the label cells: those before the row's first amount
            text[x:y]
            for x, y in _delimited_cells(text, a, min(b, first), delimiter)[:_LABEL_CELLS]
            if x < y and not DIGIT.search(text, x, y)  # "增加2.69个百分点" is no label
        )
        width = sum(1 for c in parsed.amounts if c.column is not None)
        kinds = {c.column.kind for c in parsed.amounts if c.column is not None}
        for cell in cells:
            column = _settled(structure, a, cell.column, (), calendar)
            if column is not None and column.period is not None:
                column = replace(column, period=row_period(column.period, label))
            found.append(
                Candidate(
                    cell.start,
                    cell.end,
                    column,
                    row,
                    label,
                    None,
                    every,
                    width,
                    notes=parsed.notes,
                    paired=_paired(column, kinds),
                    words=words,
                )
            )
        row += 1
    seen: dict[int, int] = {}
    for segment in structure.segments(start, end):
        grid = structure.grid(segment[0])
        for hit in grid.find(max(start, segment[0]), min(end, segment[1])):
            if lines.index(hit.cell.start) not in grid_lines:
                continue
            key = id(hit.row)
            if key not in seen:
                seen[key] = row
                row += 1
            found.append(_grid_candidate(doc, structure, hit, seen[key], calendar))
    found.sort(key=lambda c: c.start)
    return found


def note_cells(
    doc: Document, structure: Structure, start: int, end: int, calendar: FiscalCalendar | None
) -> list[tuple[int, int]]:
    """The Notes cells (附注, "Note 5") of the table rows ``[start, end)`` touches."""
    text, lines = doc.text, structure.lines
    found: list[tuple[int, int]] = []
    for index in range(lines.index(start), lines.index(max(start, end - 1)) + 1):
        a, b = lines.bounds(index)
        delimiter = "|" if "|" in text[a:b] else "\t" if "\t" in text[a:b] else None
        if delimiter is not None and index not in structure.pipe_lines:
            found += _delimited_row(text, a, b, delimiter, calendar).notes
    for segment in structure.segments(start, end):
        grid = structure.grid(segment[0])
        for hit in grid.find(start, end):
            found += hit.row.notes
        # "货币资金 1" quoted without the row's amounts: its note reference alone
        found += [
            n for t in grid.tables for r in t.rows for n in r.notes if n[0] < end and start < n[1]
        ]
    return sorted(set(found))


def _delimited_cells(text: str, a: int, b: int, delimiter: str) -> list[tuple[int, int]]:
    cells, position = [], a
    while True:
        stop = text.find(delimiter, position, b)
        cell_end = stop if stop != -1 else b
        raw = text[position:cell_end]
        lead = len(raw) - len(raw.lstrip())
        cells.append((position + lead, position + lead + len(raw.strip())))
        if stop == -1:
            return cells
        position = stop + 1


def _settled(
    structure: Structure,
    at: int,
    column: _Column | None,
    titles: tuple[str, ...],
    calendar: FiscalCalendar | None,
) -> _Column | None:
    """A relative column (期末, 上期) with the period the page's titles give it, if they do."""
    if column is None or column.period is not None or column.kind in (None, "change", "notes"):
        return column
    lines = structure.lines
    if not titles:
        titles = statement_titles(lines, lines.segment(at)[0], at)
    period = relative_periods(titles, page_titles(lines, at), calendar).get(column.kind)
    return replace(column, period=period) if period is not None else column


def _compared(
    structure: Structure, table: GridTable, cell: GridCell, calendar: FiscalCalendar | None
) -> Period | None:
    """The period a change column reports: the latest of the columns it follows.

    "2023 / 2022 / % Change" is 2023's change; "本报告期 / 本报告期比上年同期增减(%) /
    年初至报告期末 / 年初至报告期末比上年同期增减(%)": the quarter's, then the year to date's.
    """
    index = cell.column if cell.column is not None else 0
    found: list[Period] = []
    while index > 0 and table.columns[index - 1].kind == "change":
        index -= 1  # "2024 / 2023 / $ / %": the "%" beside the "$" compares the same years
    while index > 0 and table.columns[index - 1].kind != "change":
        index -= 1
        left = _column(structure.text, table, index, calendar)
        left = _settled(structure, cell.start, left, table.titles, calendar)
        if left is not None and left.period is not None:
            found.append(left.period)
    if not found:
        return None
    latest = max(p.end for p in found)
    return next(p for p in found if p.end == latest)


_QUARTERS = ("q1", "q2", "q3", "q4")

_PAIRS = {
    "instant_end": "instant_begin",
    "instant_begin": "instant_end",
    "current": "prior",
    "prior": "current",
}


def _paired(column: _Column | None, kinds: set[ColumnKind | None]) -> bool:
    return column is not None and column.kind is not None and _PAIRS.get(column.kind) in kinds


def _flow_column(structure: Structure, at: int, period: Period) -> Period:
    """A bare-date column under a statement of flows' heading is its year (``flow_column``)."""
    start, end = structure.lines.segment(at)
    heading_end = structure.text.find("\n", start, end)
    heading = structure.text[start : heading_end if heading_end != -1 else end]
    return flow_column(period, heading, structure.text[start:at])


def _grid_candidate(
    doc: Document, structure: Structure, hit: Hit, row: int, calendar: FiscalCalendar | None
) -> Candidate:
    text = doc.text
    cell, grid_row, table = hit.cell, hit.row, hit.table
    column: _Column | None = None
    kinds: set[ColumnKind | None] = set()
    if cell.column is not None:
        column = _column(text, table, cell.column, calendar)
        column = _settled(structure, cell.start, column, table.titles, calendar)
        if column is not None and column.kind == "change":
            column = replace(column, period=_compared(structure, table, cell, calendar))
        kinds = {_relative_kind(table, c) for c in table.columns if c.kind == "relative"}
    elif (
        (len(table.columns) >= 2 or len(grid_row.amounts) >= 2)
        and structure.lines.index(cell.start) not in structure.pipe_lines
        and space_run(text, cell.start, cell.end) is None  # "12 345 987": one or three?
    ):  # a converter's pipe table has no layout: its cells are not placed under headers
        column = _spaced_column(text, cell.start, cell.end, calendar)
    label = row_label(text, grid_row)  # "Diluted" under "Net income per share:"
    if column is not None and column.period is not None and column.period.is_instant:
        column = replace(column, period=_flow_column(structure, cell.start, column.period))
    if column is not None and column.period is not None:  # "Cash, beginning of year"
        column = replace(column, period=row_period(column.period, label))
    marked = grid_row.mark or table.mark  # "$" on the first row and the totals: the table's
    mark = text[marked[0] : marked[1]] if marked else None
    every = tuple((c.start, c.end) for c in grid_row.cells)
    return Candidate(
        cell.start,
        cell.end,
        column,
        row,
        " ".join(label.split()),
        grid_row.label,
        every,
        len(table.columns),
        notes=grid_row.notes,
        mark=mark,
        grid=True,
        paired=_paired(column, kinds),
        dash=cell.kind == "dash",
        words=" ".join(label.split()),
        table=table,
        label_text=label_lines(text, grid_row)
        or (
            f"{text[grid_row.label[0] : grid_row.label[1]]}\n"
            f"{text[grid_row.tail[0] : grid_row.tail[1]]}"
            if grid_row.tail is not None and grid_row.label is not None
            else None
        ),
    )


def _spaced_column(
    text: str, start: int, end: int, calendar: FiscalCalendar | None
) -> _Column | None:
    """The column of a cell on a whitespace-aligned line, by character offset under its headers."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line_end = len(text) if line_end == -1 else line_end
    if not regex.search(r"\S {2,}\S", text[line_start:line_end]):
        return None
    spaced = _spaced_row(text, line_start, line_end, calendar)
    for cell in spaced.amounts:
        if cell.start <= start and end <= cell.end and cell.column is not None:
            return cell.column if cell.column.period is not None else None
    return None


def _column(
    text: str, table: GridTable, index: int, calendar: FiscalCalendar | None
) -> _Column | None:
    column = table.columns[index]
    if not column.clear:
        return None
    unit, unit_span = None, None
    for where in (column.unit, column.span):  # "RMB'000" under it, or "增减(%)" in it
        found = _header_unit(text, *where) if where is not None else None
        if found is not None:
            unit, unit_span = found
            break
    if unit is None and column.kind == "change" and ("%" in column.text or "％" in column.text):
        unit, unit_span = _PERCENT, column.span  # "% Change"
    if column.kind == "period":
        period = _column_period(column.text, calendar)
        if period is None:
            return None
        return _Column(column.text, period, None, unit, unit_span)
    kind = _relative_kind(table, column)
    if kind is None:
        return None
    return _Column(column.text, None, kind, unit, unit_span)


@functools.lru_cache(maxsize=2048)
def _column_period(text: str, calendar: FiscalCalendar | None) -> Period | None:
    months = agreeing_months(group_over_year(text).strip())  # "2025年前三季度（1-9月）"
    if months is None:
        return None
    phrase = regex.sub(r"(?i)\b(years|periods)\s+(ended|ending)", r"year \2", months)
    phrase = regex.sub(r"(?i)\bquarters\s+(ended|ending)", r"quarter \1", phrase)
    try:  # "截至二零二三年十二月三十一日止年度" has no digit, and is a period
        return parse_period(phrase.strip(), calendar).period
    except FincalcError:
        return None


def _relative_kind(table: GridTable, column: GridColumn) -> ColumnKind | None:
    kind = _column_kind(column.text)
    if kind == "single" and not any(_column_kind(c.text) == "cumulative" for c in table.columns):
        return "current"  # 本报告期 alone: the report's period
    if kind == "current" and any(_column_kind(c.text) == "cumulative" for c in table.columns):
        return "single"  # 本期金额 beside 年初至报告期末金额 (季报 非经常性损益): the quarter
    return kind


# -- choosing the cell the claim means ---------------------------------------------------


def _squeeze(text: str) -> str:
    return regex.sub(r"[\s\p{P}]+", "", text).casefold()


def _label_fits(label: str, metric: str) -> bool:
    row, wanted = _squeeze(label), _squeeze(metric)
    return bool(row and wanted) and (wanted in row or row in wanted)


def _describe(text: str, cell: Candidate) -> str:
    where = f" under {cell.column.header!r}" if cell.column is not None else ""
    label = f"{cell.label!r}: " if cell.label else ""
    return f"{label}{text[cell.start : cell.end]!r}{where}"


def choose(
    text: str,
    found: list[Candidate],
    claim: Claim,
    period: Period,
    calendar: FiscalCalendar | None,
    quote: str,
    doc: Document | None = None,
) -> Candidate:
    """The one cell of ``found`` the claim means, or ``AmbiguousQuantityError`` listing them.

    Several rows: the row whose label is the claim's metric. One row: the cell
    under the claimed period; of a period's amount and its change, the change
    for a ratio claim (no currency) and the amount otherwise; without period
    headers, the one cell whose inline-XBRL tag (``doc``'s) names the claimed
    period, or the one column whose kind fits the claim (本报告期, 年初至报告期末).
    """
    cells = _row_of_metric(found, claim.metric)
    if len(cells) > 1 and len({c.row for c in cells}) == 1:
        named = [
            c
            for c in cells
            if c.column is not None
            and c.column.period is not None
            and same_claimed_period(c.column.period, period, claim.period, calendar)
        ]
        tagged = [c for c in cells if tag_names(doc, c, (period, calendar), claim)]
        if not named and len(tagged) == 1 and not any(c.column and c.column.period for c in cells):
            return tagged[0]  # no header names a period: the cell's own tag does
        if len(named) > 1 or not named:
            named = _by_currency(named or cells, claim)
        if len(named) == 1 and (named[0].column is not None or len(cells) == 1):
            return named[0]
        if not any(c.column and c.column.period for c in cells):
            fitting_kind = [
                c
                for c in _by_currency(cells, claim)
                if c.column is not None
                and c.column.kind not in (None, "change", "notes")
                and _kind_conflict(c.column.kind, period, calendar) is None
            ]
            if len(fitting_kind) == 1:
                return fitting_kind[0]
    elif len(cells) == 1:
        return cells[0]
    amounts = [c for c in cells if not c.dash]
    listed = tuple(_describe(text, c) for c in amounts[:_LISTED])
    more = f" (and {len(amounts) - _LISTED} more)" if len(amounts) > _LISTED else ""
    raise AmbiguousQuantityError(
        f"the quote holds {len(amounts)} amounts ({'; '.join(listed)}{more}) and none is the "
        f"one cell of the row {claim.metric!r} under the claimed period {claim.period!r}; "
        "quote the row and the column header, or only the cell you mean",
        text=quote[:200],
        candidates=listed,
    )


def _row_of_metric(cells: list[Candidate], metric: str) -> list[Candidate]:
    """The cells of the one row whose label is the claimed metric, when the quote spans rows."""
    labels = {c.row: c.label for c in reversed(cells)}
    if len(labels) <= 1:
        return cells
    fitting = [r for r in sorted(labels) if _label_fits(labels[r], metric)]
    exact = [r for r in fitting if _squeeze(labels[r]) == _squeeze(metric)]
    pick = exact if len(exact) == 1 else fitting
    return [c for c in cells if c.row == pick[0]] if len(pick) == 1 else cells


def _by_currency(cells: list[Candidate], claim: Claim) -> list[Candidate]:
    """A ratio claim (no currency) means the change column; an amount, the others.

    Of a change in money ("$", "增减额") and a change in percent ("%", "增减(%)"),
    a ratio claim means the percent.
    """
    change = [c for c in cells if c.column is not None and c.column.kind == "change"]
    if claim.currency is None and len(change) > 1:
        change = [
            c for c in change if c.column is not None and percent_change_header(c.column.header)
        ] or change
    wanted = change if claim.currency is None else [c for c in cells if c not in change]
    return wanted or cells


# -- checking the chosen cell's column ------------------------------------------------------


def check(
    text: str,
    cell: Candidate,
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
    raw: str,
    quote: str,
    doc: Document | None = None,
) -> None:
    """Refuse an amount whose column contradicts the claim, or whose column cannot be told.

    A cell whose inline-XBRL tag (``doc``'s) names the claimed period is told by its tag.
    """
    period, calendar = when
    column = cell.column
    if column is not None and (conflict := _kind_conflict(column.kind, period, calendar)):
        what, field_name = conflict  # 年初至报告期末 claimed as a quarter: the basis
        raise CaliberMismatchError(
            f"the quoted amount {raw!r} is in the column headed {column.header!r}, which is "
            f"{what}, but the claim says {claim.period!r} ({claim.basis}); quote the cell "
            "whose column matches the claimed period",
            operation="resolve",
            left=claim.basis,
            right=column.header,
            differing=(field_name,),
        )
    if column is not None and column.period is None and column.kind in _QUARTERS:
        raise CaliberMismatchError(  # 分季度 "第四季度" under no "2024年年度报告" title
            f"the quoted amount {raw!r} is in the column headed {column.header!r}, one "
            "quarter of a year the page does not name, so it cannot be "
            f"{claim.period!r}; quote the cell from a page whose report title names the year",
            operation="resolve",
            left=claim.period,
            right=column.header,
            differing=("period",),
        )
    if column is not None and column.period is not None:
        if not same_claimed_period(column.period, period, claim.period, calendar):
            balance = (  # "Cash, beginning of year" under "2024": the balance of 2023-12-31
                f" in its row {cell.label!r}, the balance on that date"
                if column.period.is_instant and begins_period(cell.label)
                else ""
            )
            raise CaliberMismatchError(
                f"the quoted amount {raw!r} is in the column headed {column.header!r} "
                f"({column.period.describe(calendar)}{balance}), but the claim says "
                f"{claim.period!r} ({period.describe(calendar)}); quote the cell under the "
                "claimed period",
                operation="resolve",
                left=claim.period,
                right=column.header,
                differing=("period",),
            )
        return
    if column is not None and cell.paired:
        raise AmbiguousQuantityError(
            f"the quoted amount {raw!r} is in the column headed {column.header!r}, and the "
            "table pairs it with its counterpart (期末/期初, 本期/上期), but the page does not say "
            "which period either is (no date under the statement title, no report title in the "
            "page header); quote the figure where its period is written",
            text=quote[:200],
            candidates=(raw,),
        )
    if (
        column is None
        and (len(cell.row_cells) >= 2 or cell.columns >= 2)
        and not tag_names(doc, cell, when, claim)
    ):
        listed = tuple(text[a:b][:80] for a, b in cell.row_cells[:_LISTED])
        shown = ", ".join(repr(v) for v in listed)
        if len(cell.row_cells) > _LISTED:  # a message stays short, whatever the row (issue 16)
            shown += ", …"
        raise AmbiguousQuantityError(
            f"the quoted amount {raw[:80]!r} sits in a row of {len(cell.row_cells)} amount(s) "
            f"({shown}) whose column headers fincalc cannot "
            f"align{_headers_hint(cell)}; quote the row label with the column header, or pass "
            "the table with '|' between its cells",
            text=quote[:200],
            candidates=listed,
        )


def tag_names(
    doc: Document | None,
    cell: Candidate,
    when: tuple[Period, FiscalCalendar | None],
    claim: Claim,
) -> bool:
    """Whether ``cell``'s inline-XBRL tag has a context period that is the claimed one.

    A balance claimed at a date is never a cell tagged for a duration.
    """
    tag = doc.tag_at(cell.start, cell.end) if doc is not None and doc.tags else None
    if tag is None or tag.period is None:
        return False
    period, calendar = when
    if period.is_instant and not tag.period.is_instant:
        return False
    return same_claimed_period(tag.period, period, claim.period, calendar)


def _headers_hint(cell: Candidate) -> str:
    if cell.columns:
        return f" (the table has {cell.columns} columns)"
    return " (no column header was found)"

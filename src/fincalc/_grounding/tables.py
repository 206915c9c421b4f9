"""Tables: the row a quote sits on, its amount cells, and what their column headers say.

Two layouts are read: delimited rows (``|`` or tab), whose header rows above
are merged per column index, and whitespace-aligned rows (10-K text, PDF
extraction), whose header lines are aligned by character offset. A header
names a period ("2024年12月31日", "Years ended / September 28, / 2024"), a
CSRC relative column (本报告期, 年初至报告期末, 期末, 上年同期), a unit
("人民幣千元") or a Notes column. ``_pick_cell`` takes the cell under the
claimed period; ``_check_column`` refuses an amount whose column contradicts
the claim.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import regex

from .._base.exceptions import FincalcError, PeriodError
from .._reading.units import UnitContext, unit_context_from_header
from .._values.caliber import Basis
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period, parse_period
from .documents import _PAREN_GROUP
from .lines import SECTION_HEADING
from .periods import _basis_equivalent
from .words import DIGIT, MONTH_NAMES, any_of, column_pattern

__all__ = ["ColumnKind"]

_SEPARATOR_ROW = regex.compile(r"[\s|:\-+=]*")
_HEADER_SEARCH_LINES = 40

ColumnKind = Literal[
    "change",
    "cumulative",
    "single",
    "current",
    "prior",
    "instant_end",
    "instant_begin",
    "notes",
    "q1",
    "q2",
    "q3",
    "q4",
]

# CSRC/HKEX relative column headers (words in grounding.toml [columns.*]), checked
# in this order (the first match wins): "本报告期比上年同期增减变动幅度(%)" is a
# change column, not 本报告期 nor 上年同期; "年初至报告期末" is cumulative, not the
# 期末 instant. A Notes header is the whole cell.
_COLUMN_KIND_ORDER: tuple[ColumnKind, ...] = (
    "notes",
    "change",
    "cumulative",
    "instant_begin",
    "instant_end",
    "prior",
    "single",
    "current",
    "q1",
    "q2",
    "q3",
    "q4",
)
_COLUMN_KINDS: tuple[tuple[ColumnKind, regex.Pattern[str]], ...] = tuple(
    (
        kind,
        regex.compile(
            rf"\s*(?:{column_pattern(kind)})\s*" if kind == "notes" else column_pattern(kind),
            regex.IGNORECASE,
        ),
    )
    for kind in _COLUMN_KIND_ORDER
)
_CUMULATIVE_COLUMN = dict(_COLUMN_KINDS)["cumulative"]
_UNITISH = regex.compile(any_of("header_units.anywhere"), regex.IGNORECASE)
# A cell that is an amount, not a label: "87,432", "(1,234)", "$ 94,930", "-0.49", "8.7亿元".
_AMOUNT_CELL = regex.compile(r"(?:[\s$€£¥(（+\-−]|US\$|HK\$|RMB|USD|CNY|HKD)*\p{Nd}")
_NUMERIC_CELL = regex.compile(r"[(（]?[\-−]?(?:US\$|HK\$|[$€£¥])?\s?[\d,]+(?:\.\d+)?[)）]?%?")
_BARE_YEAR = regex.compile(r"(?:19|20)\d\d")
_SPACED_AMOUNT = regex.compile(
    r"(?<![\p{L}\p{Nd}.,\-])(?:(?:US\$|HK\$|RMB|[$€£¥])\s?)?[(（]?[\-−]?\p{Nd}[\d,]*(?:\.\d+)?"
    r"[)）]?%?(?![\p{L}\p{Nd}])"
)
_SPACED_TOKEN = regex.compile(r"\S+(?: \S+)*")
_HEADER_DATE_PARTS = regex.compile(
    rf"(?i)\b{MONTH_NAMES}\s+\d{{1,2}},?|\b(?:19|20)\d\d\b|\d{{4}}年(?:\d{{1,2}}月(?:\d{{1,2}}日)?)?"
    r"|\d{1,2}月(?:\d{1,2}日)?"
)
_HEADER_WORDS = regex.compile(
    rf"(?i)\b{MONTH_NAMES}\b|\b(?:19|20)\d\d\b|{any_of('header_words.words', boundaries=True)}"
)


@dataclass(frozen=True, slots=True)
class _Column:
    """What a table column's header says: its period, relative position and unit."""

    header: str
    period: Period | None = None
    kind: ColumnKind | None = None
    unit: UnitContext | None = None
    unit_span: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class _Cell:
    start: int
    end: int
    column: _Column | None


@dataclass(frozen=True, slots=True)
class _Row:
    """The amount cells of one table row (with their columns) and its Notes cells."""

    amounts: tuple[_Cell, ...]
    notes: tuple[tuple[int, int], ...]
    spaced: bool  # whitespace-aligned (10-K text, PDF extraction), not delimited


def _cells(text: str, line_start: int, line_end: int, delimiter: str) -> list[tuple[int, int]]:
    cells: list[tuple[int, int]] = []
    position = line_start
    while True:
        stop = text.find(delimiter, position, line_end)
        cell_end = stop if stop != -1 else line_end
        cell = text[position:cell_end]
        lead = len(cell) - len(cell.lstrip())
        cells.append((position + lead, position + lead + len(cell.strip())))
        if stop == -1:
            return cells
        position = stop + 1


def _table_row(text: str, start: int, end: int, calendar: FiscalCalendar | None) -> _Row | None:
    """The table row holding ``[start, end)``, its amount cells and their columns."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line_end = len(text) if line_end == -1 else line_end
    if end > line_end:
        return None  # a row quote stays on one line
    line = text[line_start:line_end]
    delimiter = "|" if "|" in line else "\t" if "\t" in line else None
    if delimiter is not None:
        return _delimited_row(text, line_start, line_end, delimiter, calendar)
    if regex.search(r"\S {2,}\S", line):
        return _spaced_row(text, line_start, line_end, calendar)
    return None


def _delimited_row(
    text: str, line_start: int, line_end: int, delimiter: str, calendar: FiscalCalendar | None
) -> _Row:
    columns = _delimited_columns(text, line_start, delimiter, calendar)
    amounts: list[_Cell] = []
    notes: list[tuple[int, int]] = []
    for index, (a, b) in enumerate(_cells(text, line_start, line_end, delimiter)):
        column = columns[index] if index < len(columns) else None
        if column is not None and column.kind == "notes":
            notes.append((a, b))
        elif a < b and _AMOUNT_CELL.match(text, a, b):
            amounts.append(_Cell(a, b, column))
    return _Row(tuple(amounts), tuple(notes), spaced=False)


def _is_data_cell(cell: str) -> bool:
    return bool(_NUMERIC_CELL.fullmatch(cell)) and not _BARE_YEAR.fullmatch(cell)


def _delimited_columns(
    text: str, line_start: int, delimiter: str, calendar: FiscalCalendar | None
) -> list[_Column | None]:
    """Merge the header rows above a delimited row into one ``_Column`` per index.

    Header rows are the rows of the same table above the quoted row that hold
    no amount; the nearest row wins for each attribute (a period row over a
    unit row such as "| | 人民幣千元 | 人民幣千元 |" both count).
    """
    rows: list[list[tuple[int, int]]] = []  # nearest first
    cursor = line_start - 1
    for _ in range(_HEADER_SEARCH_LINES):
        if cursor <= 0:
            break
        header_start = text.rfind("\n", 0, cursor) + 1
        header = text[header_start:cursor]
        cursor = header_start - 1
        if delimiter not in header:
            if header.strip():
                break  # left the table
            continue
        if _SEPARATOR_ROW.fullmatch(header):
            continue
        cells = _cells(text, header_start, header_start + len(header), delimiter)
        if any(_is_data_cell(text[a:b]) for a, b in cells):
            continue  # a data row
        rows.append(cells)
    if not rows:
        return []
    headers = [text[a:b] for row in rows for a, b in row]
    quarterly = any(_CUMULATIVE_COLUMN.search(h) for h in headers)
    columns: list[_Column | None] = []
    for index in range(max(len(row) for row in rows)):
        parts = [row[index] for row in rows if index < len(row) and row[index][0] < row[index][1]]
        period: Period | None = None
        period_text = ""
        kind: ColumnKind | None = None
        unit: UnitContext | None = None
        unit_span: tuple[int, int] | None = None
        for a, b in parts:
            cell = text[a:b]
            if period is None and (named := _cell_period(cell, calendar)) is not None:
                period, period_text = named, cell
            if kind is None:
                kind = _column_kind(cell)
                if kind == "single" and not quarterly:
                    kind = "current"  # 本报告期 alone: the half or year of the report
                elif kind == "current" and quarterly:
                    kind = "single"  # 本期金额 beside 年初至报告期末金额: the quarter
            if unit is None and (found := _header_unit(text, a, b)) is not None:
                unit, unit_span = found
        if period is None and kind is None and unit is None:
            columns.append(None)
            continue
        joined = " ".join(text[a:b] for a, b in reversed(parts))
        columns.append(_Column(period_text or joined, period, kind, unit, unit_span))
    return columns


def _column_kind(cell: str) -> ColumnKind | None:
    for kind, pattern in _COLUMN_KINDS:
        if (pattern.fullmatch if kind == "notes" else pattern.search)(cell):
            return kind
    return None


def _header_unit(text: str, start: int, end: int) -> tuple[UnitContext, tuple[int, int]] | None:
    """The unit a header cell declares: "人民幣千元", "RMB'000", "增减变动幅度(%)"."""
    cell = text[start:end]
    if not _UNITISH.search(cell):
        return None
    candidates = [(m.start(1), m.end(1)) for m in _PAREN_GROUP.finditer(text, start, end)]
    if not DIGIT.search(cell) or "000" in cell:  # "人民幣千元", "RMB'000", not "2024年度"
        candidates.append((start, end))
    for a, b in candidates:
        inner = text[a:b]
        if not _UNITISH.search(inner):
            continue
        try:
            return unit_context_from_header(inner), (a, b)
        except FincalcError:
            continue
    return None


def _spaced_row(text: str, line_start: int, line_end: int, calendar: FiscalCalendar | None) -> _Row:
    """A whitespace-aligned row: amounts aligned by character offset under header lines."""
    amounts = [
        m.span()
        for m in _SPACED_AMOUNT.finditer(text, line_start, line_end)
        if _is_amount_match(m.group())
    ]
    columns = _spaced_columns(text, line_start, calendar)
    cells: list[_Cell] = []
    for index, (a, b) in enumerate(amounts):
        column: _Column | None = None
        if columns and len(amounts) == len(columns):
            column = columns[index][2]
        elif columns:
            lo, hi = a - line_start, b - line_start
            hits = [c for c in columns if c[0] - 2 < hi and lo < c[1] + 2]
            column = hits[0][2] if len(hits) == 1 else None
        cells.append(_Cell(a, b, column))
    return _Row(tuple(cells), (), spaced=True)


def _is_amount_match(token: str) -> bool:
    return bool(DIGIT.search(token))


def _is_spaced_header(line: str) -> bool:
    if not line.strip() or "|" in line or "\t" in line:
        return False
    if DIGIT.search(_HEADER_DATE_PARTS.sub("", line)):
        return False  # an amount: a data row
    return bool(_HEADER_WORDS.search(line))


def _spaced_columns(
    text: str, line_start: int, calendar: FiscalCalendar | None
) -> list[tuple[int, int, _Column]]:
    """Columns of the header block above a whitespace-aligned row, by character offset.

    The block is the nearest run of header lines (dates, years, "Years ended",
    "Three Months Ended ...") above the row. The line with the most tokens
    sets the columns; a line with fewer tokens spans them ("Years ended" over
    three year columns), so each column's header reads top to bottom as
    "Years ended September 28, 2024".
    """
    block: list[str] = []  # top to bottom after reversal
    cursor = line_start - 1
    for _ in range(_HEADER_SEARCH_LINES):
        if cursor <= 0:
            break
        start = text.rfind("\n", 0, cursor) + 1
        line = text[start:cursor]
        cursor = start - 1
        if _is_spaced_header(line):
            block.append(line)
            continue
        if block or SECTION_HEADING.match(line):
            break
    if not block:
        return []
    block.reverse()
    tokenised = [[(m.start(), m.end()) for m in _SPACED_TOKEN.finditer(line)] for line in block]
    widest = max(range(len(block)), key=lambda i: (len(tokenised[i]), i))
    frame = tokenised[widest]
    parts: list[list[str]] = [[] for _ in frame]
    for line, tokens in zip(block, tokenised, strict=True):
        for a, b in tokens:
            if len(tokens) == len(frame):
                targets = [tokens.index((a, b))]
            elif len(tokens) == 1:
                targets = list(range(len(frame)))
            else:
                targets = [i for i, (c, d) in enumerate(frame) if c - 2 < b and a < d + 2]
            for i in targets:
                parts[i].append(line[a:b])
    columns: list[tuple[int, int, _Column]] = []
    for (a, b), words in zip(frame, parts, strict=True):
        named = _spaced_period(words, calendar)
        columns.append((a, b, _Column(" ".join(words), named)))
    return columns


def _spaced_period(words: list[str], calendar: FiscalCalendar | None) -> Period | None:
    for first in range(len(words)):
        phrase = " ".join(words[first:])
        phrase = regex.sub(r"(?i)\b(years|periods)\s+(ended|ending)", r"year \2", phrase)
        phrase = regex.sub(r"(?i)\bquarters\s+(ended|ending)", r"quarter \1", phrase)
        named = _cell_period(phrase, calendar, limit=80)
        if named is not None:
            return named
    return None


def _kind_conflict(
    kind: ColumnKind | None, period: Period, calendar: FiscalCalendar | None
) -> tuple[str, Literal["basis", "period"]] | None:
    """Why a column of ``kind`` cannot hold a figure for ``period``, if it cannot."""
    if kind is None or kind in ("change", "notes"):
        return None
    cal = calendar or CALENDAR_YEAR
    claimed = cal.basis_of(period)
    instant_column = kind in ("instant_end", "instant_begin")
    if instant_column != (claimed is Basis.INSTANT):
        what = "a balance at a date" if instant_column else "a flow over a period"
        return what, "period" if instant_column else "basis"
    if claimed is Basis.INSTANT or _basis_equivalent(period, calendar):
        return None
    if kind == "single" and claimed is Basis.CUMULATIVE:
        return "single_period (本报告期: the quarter alone)", "basis"
    if kind == "cumulative" and claimed is Basis.SINGLE_PERIOD:
        return "cumulative (年初至报告期末: year to date)", "basis"
    return None


def _cell_period(cell: str, calendar: FiscalCalendar | None, *, limit: int = 40) -> Period | None:
    text = cell.strip()
    if not text or len(text) > limit or not DIGIT.search(text):
        return None
    try:
        return parse_period(text, calendar).period
    except PeriodError:
        return None

"""Pipe tables an HTML converter writes with ragged rows, read as rows of amounts (issue 28).

html2text writes an SEC statement table as a Markdown table whose header row
is empty, whose column headers ("Three Months Ended June 30," / "2025 | 2024")
are ordinary rows, and whose rows hold as many ``|`` as the HTML row had
non-empty cells: "Automotive sales| $| 15,787 | | | $| 18,530 |" and
"Automotive leasing| 435 | | | 458 |" sit in the same table. Counting ``|``
aligns nothing there. A block of ``|`` lines whose rows do not all hold the
same number of ``|`` is therefore read like the one-line rows of a PDF page:
the ``|`` are spaces in the folded text the table reader sees (same length,
same offsets), the ``---|---`` line is blank, and the k-th amount of a row is
in the k-th column of the header run above it -- the rule of every other
layout, which refuses a row whose amounts do not match the columns one to one.
A row label html2text broke over two lines ("... Attributable to Shareowners of  " /
"The Coca-Cola Company| $| 8,063") stays in its table: the first line is a label.
A row a parser wrote as a Python list of strings ("['营业收入', '1,234.00',
'1,111.00']") is read the same way: its cells are the strings.
A table whose rows all hold the same number of cells (docling, LlamaParse,
a hand-written Markdown table) keeps its cell positions.

html2text also breaks a header cell written over two HTML lines ("June 30,<br>2025")
onto the next physical line: "| June 30,  " / "2025| | December 31,  " / "2024".
Above the first row of amounts every header row begins with "|" (a statement's
label column has no header), so a header line that does not, and whose first
piece holds a year, is the rest of the line above: the two are read as one
line, the broken cell joined ("June 30, 2025"). A line such as "Revenues| | |"
(a row label without amounts) is no such piece.
"""

from __future__ import annotations

import regex

from .lines import Lines

__all__ = ["PipeTables", "listed_cells", "ragged_pipe_lines", "unpiped"]

_SEPARATOR = regex.compile(r"[\s|:\-+=]*-[\s|:\-+=]*")
_AMOUNT = regex.compile(r"[$(（]*\s*[-−]?\d[\d,]*(?:\.\d+)?\s*[)）%]*")
_YEAR = regex.compile(r"(?:19|20)\d\d")
_LETTER = regex.compile(r"\p{L}")


def _is_row(line: str) -> bool:
    """A row of amounts: a label with letters, then at least one amount that is no year."""
    cells = [c.strip() for c in line.split("|")]
    if not cells or not _LETTER.search(cells[0]):
        return False
    return any(_AMOUNT.fullmatch(c) and not _YEAR.fullmatch(c) for c in cells[1:] if c)


class PipeTables:
    """The ragged pipe tables of a text: their lines, and header lines broken in two."""

    def __init__(
        self, lines: list[int], joins: dict[int, int], listed: list[int] | None = None
    ) -> None:
        self.lines = frozenset(lines)
        self.listed = frozenset(listed or ())  # the lines written as Python lists of cells
        self.joins = joins  # first line of a broken header line -> its last line
        self.joined = frozenset(k for a, b in joins.items() for k in range(a + 1, b + 1))


def ragged_pipe_lines(lines: Lines, *, every: bool = False) -> PipeTables:
    """The lines of ragged ``|`` tables, and their broken header lines (module docstring).

    ``every`` takes every ``|`` table, ragged or not: ``Document.from_html`` writes
    its tables with one cell per amount column, read the same way.

    >>> page = "| | | |\\n---|---|---\\n| Jun 30,  \\n2024| | 2023\\nSales| $| 5 | | $| 4 |\\n"
    >>> tables = ragged_pipe_lines(Lines.of(page, ()))
    >>> sorted(tables.lines), tables.joins
    ([0, 1, 2, 3, 4], {2: 3})
    >>> ragged_pipe_lines(Lines.of("| a | 2024 |\\n|---|---|\\n| Sales | 5 |\\n", ())).lines
    frozenset()
    """
    listed = _python_rows(lines)
    if "|" not in lines.text:
        return PipeTables(listed, {}, listed)
    found: list[int] = []
    joins: dict[int, int] = {}
    block: list[int] = []
    counts: set[int] = set()
    for index in range(len(lines.starts) + 1):
        line = lines.line(index) if index < len(lines.starts) else ""
        if "|" in line:
            block.append(index)
            if not _SEPARATOR.fullmatch(line):
                counts.add(line.strip().strip("|").count("|"))
            continue
        following = lines.line(index + 1) if index + 1 < len(lines.starts) else ""
        if block and line.endswith("  ") and line.strip() and "|" in following:
            block.append(index)  # "Total Comprehensive Income Attributable to  " / "The Co| $| 8"
            continue
        if len(counts) > 1 or (every and block):  # every: Document.from_html's own tables
            found += block
            joins.update(_broken_headers(lines, block))
        block, counts = [], set()
    return PipeTables(found + listed, joins, listed)


_PY_ROW = regex.compile(r"[ \t]*\[[ \t]*'[^'\n]*'(?:[ \t]*,[ \t]*'[^'\n]*')+[ \t]*\][ \t]*")
_PY_CELL = regex.compile(r"'([^'\n]*)'")


def _python_rows(lines: Lines) -> list[int]:
    """Lines a parser wrote as Python lists of cells: "['营业收入', '1,234.00', '1,111.00']"."""
    if "['" not in lines.text:
        return []
    found = []
    for index in range(len(lines.starts)):
        start, end = lines.bounds(index)
        head = lines.text[start : min(end, start + 8)].lstrip()
        if head.startswith("[") and _PY_ROW.fullmatch(lines.text, start, end):
            found.append(index)
    return found


def _broken_headers(lines: Lines, block: list[int]) -> dict[int, int]:
    joins: dict[int, int] = {}
    head = -1
    for index in block:
        line = lines.line(index)
        if _SEPARATOR.fullmatch(line):
            head = -1
            continue
        if _is_row(line):
            break
        if head < 0 or line.lstrip().startswith("|"):
            head = index  # the first header line may begin with the declaration's cell
        elif (
            head >= 0
            and lines.line(index - 1).endswith("  ")
            and _YEAR.search(line.split("|", 1)[0])
        ):  # "| June 30,  " / "2025| | December 31,  "; "Revenues| | |" is a row label
            joins[head] = index
    return joins


def listed_cells(text: str, start: int, end: int) -> tuple[int, ...]:
    """Where each cell of a row written as a Python list starts (its opening quote).

    A row and its header written so hold one string per column, blank ones
    included ("['研发费用', '', '890,719.34', '']"), so an amount's cell is its
    place in the list, never a count of the amounts before it.

    >>> listed_cells("['a', '', '5']", 0, 13)
    (1, 6, 10)
    """
    return tuple(cell.start() for cell in _PY_CELL.finditer(text, start, end))


def unpiped(folded: str, lines: Lines, tables: PipeTables) -> str:
    """``folded`` with the ``|`` of ragged tables as spaces, rules blank, broken cells joined.

    >>> page = "---|---\\n| Jun 30,  \\n2024| | 2023\\nSales| $| 5 |\\n"
    >>> unpiped(page, Lines.of(page, ()), PipeTables([0, 1, 2, 3], {1: 2}))
    '       \\n     Jun 30, 2024   2023\\nSales  $  5  \\n'
    """
    if not tables.lines:
        return folded
    chars = list(folded)
    for index in tables.lines:
        start, end = lines.bounds(index)
        line = folded[start:end]
        if "|" not in line and _PY_ROW.fullmatch(line):  # a row as a Python list: its cells
            kept = [" "] * len(line)
            for cell in _PY_CELL.finditer(line):
                kept[cell.start(1) : cell.end(1)] = cell.group(1)
            chars[start:end] = kept
            continue
        new = " " * len(line) if _SEPARATOR.fullmatch(line) else line.replace("|", " ")
        chars[start:end] = new
    for first, last in tables.joins.items():
        for index in range(first, last):
            _join_cell(folded, chars, lines, index)
    return "".join(chars)


def _join_cell(folded: str, chars: list[str], lines: Lines, index: int) -> None:
    """Join the cell broken between line ``index`` and the next, right-aligned, no line break."""
    start, end = lines.bounds(index)
    after_start, after_end = lines.bounds(index + 1)
    left = folded.rfind("|", start, end) + 1 or start
    right = folded.find("|", after_start, after_end)
    right = right if right != -1 else after_end
    words = folded[left:end].split() + folded[after_start:right].split()
    chars[left:right] = " ".join(words).rjust(right - left)

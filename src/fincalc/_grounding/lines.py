"""The lines and pages of a document, and the lines that end a table.

A PDF-extracted page is read line by line: ``Lines`` indexes the line starts
and the page boundaries of a text once (linear in its size), and the line
tests here say what a line is for the structure above it:

* a **page boundary** (``Document.page_starts`` or a form feed) ends every
  table and every unit declaration;
* a **statement heading** ("CONSOLIDATED BALANCE SHEETS", "合并利润表") starts
  a new statement, so it ends the tables and declarations above it;
* a **section heading** ("第三节", "Item 7.", "NOTE 5 — Leases", "三、其他")
  ends a declared block (a numbered "一、营业总收入" followed by amounts is a
  row label, not a heading);
* a **prose** line (a sentence) ends a declared block after its table;
* **furniture** ("Table of Contents", a page number) is skipped everywhere.

The words are data (``_data/grounding.toml``: ``[statements]``,
``[headings.*]``, ``[furniture]``).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

import regex

from .words import any_of

__all__ = [
    "SECTION_HEADING",
    "Lines",
    "explained_row",
    "is_furniture",
    "is_prose",
    "is_statement_heading",
]

_NUMERAL = "[一二三四五六七八九十]"
# A section heading ends the block a declaration governs (a "一、" line only when
# no amounts follow it; see ``Lines.is_section_end``).
SECTION_HEADING = regex.compile(
    rf"(?m)^[ \t]*(?:#{{1,6}}[ \t]|第{_NUMERAL}+(?:{any_of('headings.as_written.chapter')})"
    rf"|(?P<numbered>{_NUMERAL}+、|（{_NUMERAL}+）)"
    rf"|(?:{any_of('headings.as_written.item')})[ \t]+\d+[A-Z]?\."
    rf"|(?:{any_of('headings.as_written.note', 'headings.capitals.note')})[ \t]+\d+\b"
    r"(?=[ \t]*[^\s\d,])"
    r")"
)
_STATEMENT_WORD = re.compile(f"{any_of('statements.en')}|{any_of('statements.zh')}", re.IGNORECASE)
# Where a statement heading may be, in the lower-cased text: a fast first pass.
_STATEMENT_ANCHOR = re.compile(r"statements?|balance sheets?|表")
_SENTENCE_END = re.compile(r"[.。!?！？]\s*$|。")
_CLAUSE = re.compile(r"[，；]")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_LETTERS = re.compile(r"[A-Za-z]{2}")
_DATA = re.compile(r"\bdata\b|数据|數據", re.IGNORECASE)
_FURNITURE = re.compile(
    rf"(?:{any_of('furniture.lines')})"
    r"|page\s+\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?|-\s*\d{1,4}\s*-|[A-Z]{1,2}-\d{1,4}"
    r"|\d{1,4}\s*(?:of|/)\s*\d{1,4}|第\s*\d{1,4}\s*页(?:\s*[,，/]?\s*共\s*\d{1,4}\s*页)?",
    re.IGNORECASE,
)
_ASCII_BRACKETS = str.maketrans("（）", "()")
_LONG_LINE = re.compile(r"(?m)^[^\n]{24,}$")
# the next line holding more than whitespace (zero-width spaces included), and a line that
# is one amount or the "$" / "(" before it
_NEXT_FILLED = re.compile(r"\n(?:[ \t\r\v\xa0\u200b]*\n)*[ \t\xa0\u200b]*([^\n]*)")
_AMOUNT_LINE = re.compile(r"(?:US\$|\$|\(|\s)*[-−]?\d[\d,]*(?:\.\d+)?\)?\s*(?:\$|$)|[$(]\s*$")
_AMOUNT_WORD = re.compile(r"\$?\(?\$?[-−]?\d[\d,]*(?:\.\d+)?\)?|\$")


# a table whose header ends in an explanation column: "项目 金额 说明"; its rows are
# "label amount… [prose]", and the prose may wrap onto lines of its own
_ITEM_CELL = re.compile(rf"(?:{any_of('columns.item.anywhere')})")
_EXPLAIN_CELL = re.compile(rf"(?:{any_of('explanation_columns.anywhere')})")
_AMOUNT_CELL = re.compile(r"[-−(（]?\d[\d,]*(?:\.\d+)?[)）]?|[-—–－]{1,2}")
_DELIMITED_CELL = re.compile(r"[^|\t]+")
_SPACED_CELL = re.compile(r"[^ \t\u3000]+")
_NUMBERED = re.compile(rf"[ \t\u3000|]*(?:{_NUMERAL}+、|\d{{1,2}}、|（{_NUMERAL}+）)")
_EXPLAINED_REACH = 40  # lines above a row searched for its header
_HEADER_CHARS = 200  # a header line is short: only its start is split into cells


def _line_cells(line: str) -> list[tuple[int, int]]:
    """The cells of a line: between '|' or tabs when it has them, else between spaces."""
    if "|" in line or "\t" in line:
        found = [(m.start(), m.end()) for m in _DELIMITED_CELL.finditer(line)]
        return [
            (a + len(line[a:b]) - len(line[a:b].lstrip()), b) for a, b in found if line[a:b].strip()
        ]
    return [(m.start(), m.end()) for m in _SPACED_CELL.finditer(line)]


def _explanation_in_row(row: str, columns: int, delimited: bool) -> int:
    """The offset in ``row`` where its explanation cell begins (0: the whole line)."""
    cells = _line_cells(row)
    if delimited:
        return cells[columns - 1][0] if len(cells) >= columns else 0
    amounts = 0
    for a, b in cells[1 : columns - 1]:  # the label, then at most one amount per column
        if not _AMOUNT_CELL.fullmatch(row[a:b].strip()):
            break
        amounts = b
    return amounts  # no amount after the label: a line the prose wrapped onto


def explained_row(text: str, at: int) -> tuple[int, int] | None:
    r"""Where the explanation of the row holding ``at`` begins, and its amount columns.

    Under a header "项目 金额 说明" (or "项目 本期金额 年初至报告期末金额 说明",
    spaced, piped or tabbed) a row is "label amounts prose": every figure after
    the row's amount cells, and every figure on a line the prose wrapped onto, is
    in the 说明 column, not an amount of the row. ``None`` when the line is not
    under such a header: the nearest line above whose first cell is 项目 decides,
    within reach and before a numbered heading. The second number counts the
    header's amount columns (those between 项目 and 说明).

    >>> page = "项目 金额 说明\n政府补助 3,456,789.00 收到扶持资金300万元\n"
    >>> begins, columns = explained_row(page, page.index("300"))
    >>> page[begins:][:7], columns
    (' 收到扶持资金', 1)
    >>> explained_row("项目 期末余额 期初余额\n库存现金 12,345.00 23,456.00\n", 20) is None
    True
    """
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    row = text[start : end if end != -1 else len(text)]
    line_start = start
    for _ in range(_EXPLAINED_REACH):
        if line_start == 0:
            return None
        above_start = text.rfind("\n", 0, line_start - 1) + 1
        above = text[above_start : line_start - 1]
        cells = [above[a:b].strip() for a, b in _line_cells(above[:_HEADER_CHARS])]
        if cells and _ITEM_CELL.fullmatch(cells[0]):
            if len(cells) < 3 or not _EXPLAIN_CELL.fullmatch(cells[-1]):
                return None
            delimited = "|" in above or "\t" in above
            return start + _explanation_in_row(row, len(cells), delimited), len(cells) - 2
        if _NUMBERED.match(above):
            return None
        line_start = above_start
    return None


def is_statement_heading(line: str) -> bool:
    """Whether ``line`` names a financial statement ("合并利润表", "CONSOLIDATED BALANCE SHEETS").

    >>> is_statement_heading("CONSOLIDATED STATEMENTS OF CASH FLOWS")
    True
    >>> is_statement_heading("合并利润表")
    True
    >>> is_statement_heading("See the consolidated statements of cash flows for details.")
    False
    >>> is_statement_heading("Consolidated Statements of Operations Data:")
    False
    """
    stripped = line.strip()
    if not stripped or len(stripped) > 100 or "|" in stripped:
        return False
    found = _STATEMENT_WORD.search(stripped)
    if found is None or _SENTENCE_END.search(stripped) or stripped.endswith((":", "：")):
        return False  # "Statement of Operations Data:" is a section of a summary table
    if _DATA.search(stripped):
        return False
    if _CJK.match(found.group()):
        return len(stripped) <= 40 and not _CLAUSE.search(stripped)
    return len(stripped.split()) <= 14


def is_furniture(line: str) -> bool:
    """Whether ``line`` is page furniture: "Table of Contents", "Page 12", "- 12 -", "第12页".

    A bare number is furniture only at a page's edge; ``Lines`` decides that.

    >>> is_furniture("Table of Contents"), is_furniture("F-12"), is_furniture("Net income")
    (True, True, False)
    """
    return _FURNITURE.fullmatch(line.strip().translate(_ASCII_BRACKETS)) is not None


def is_prose(line: str) -> bool:
    """Whether ``line`` reads as running text (a sentence), not a table cell or row label.

    >>> is_prose("The accompanying notes are an integral part of these statements.")
    True
    >>> is_prose("Net cash provided by (used in) operating activities")
    False
    >>> is_prose("报告期内，公司实现营业收入12.3亿元，同比增长5.2%")
    True
    """
    stripped = line.strip()
    if len(stripped) < 24 or "|" in stripped or "\t" in stripped or "   " in stripped:
        return False
    if _SENTENCE_END.search(stripped):
        return True
    if _CJK.search(stripped):
        return len(stripped) >= 15 and _CLAUSE.search(stripped) is not None
    return sum(1 for word in stripped.split() if _LETTERS.search(word)) >= 14


@dataclass(frozen=True, slots=True)
class Lines:
    """Line starts and page boundaries of a text, indexed once.

    >>> lines = Lines.of("a\\nb\\fc\\nd", ())
    >>> lines.starts, lines.pages
    ((0, 2, 6), (0, 4))
    >>> lines.page_end(0), lines.page_end(5)
    (4, 7)
    """

    text: str
    starts: tuple[int, ...]
    pages: tuple[int, ...]
    headings: tuple[int, ...]  # offsets of statement-heading lines

    @classmethod
    def of(cls, text: str, page_starts: tuple[int, ...], lower: str | None = None) -> Lines:
        """Index ``text``: its lines, its pages (``page_starts`` and form feeds), its headings.

        ``lower`` is ``text`` lower-cased (same length), when the caller has it.
        """
        starts = (0, *(m.end() for m in re.finditer("\n", text)))
        pages = sorted({0, *page_starts, *(m.end() for m in re.finditer("\f", text))})
        headings: list[int] = []
        for found in _STATEMENT_ANCHOR.finditer(lower if lower is not None else text.lower()):
            begin = text.rfind("\n", 0, found.start()) + 1
            if headings and headings[-1] >= begin:
                continue
            stop = text.find("\n", found.end())
            if is_statement_heading(text[begin : stop if stop != -1 else len(text)]):
                headings.append(begin)
        return cls(text, starts, tuple(pages), tuple(headings))

    def index(self, offset: int) -> int:
        """The index of the line holding ``offset``."""
        return max(bisect.bisect_right(self.starts, offset) - 1, 0)

    def bounds(self, index: int) -> tuple[int, int]:
        """``(start, end)`` of line ``index``, the end before its line break."""
        start = self.starts[index]
        end = self.starts[index + 1] - 1 if index + 1 < len(self.starts) else len(self.text)
        return start, end

    def line(self, index: int) -> str:
        """The text of line ``index``."""
        start, end = self.bounds(index)
        return self.text[start:end]

    def page_start(self, offset: int) -> int:
        """Where the page holding ``offset`` starts."""
        return self.pages[max(bisect.bisect_right(self.pages, offset) - 1, 0)]

    def page_end(self, offset: int) -> int:
        """Where the page holding ``offset`` ends (the next page's start, or the text's end)."""
        after = bisect.bisect_right(self.pages, offset)
        return self.pages[after] if after < len(self.pages) else len(self.text)

    def next_heading(self, offset: int, limit: int) -> int:
        """The start of the first statement heading at or after ``offset`` (``limit`` if none)."""
        index = bisect.bisect_left(self.headings, offset)
        return min(self.headings[index], limit) if index < len(self.headings) else limit

    def segment(self, offset: int) -> tuple[int, int]:
        """The stretch of one statement on one page around ``offset``.

        It starts at the later of the page start and the last statement
        heading at or before ``offset``, and ends at the next heading or page.
        """
        start = self.page_start(offset)
        index = bisect.bisect_right(self.headings, offset) - 1
        if index >= 0 and self.headings[index] > start:
            start = self.headings[index]
        end = self.next_heading(offset + 1, self.page_end(offset))
        return start, end

    def next_prose(self, offset: int, limit: int) -> int:
        """The start of the first prose line in ``[offset, limit)`` (``limit`` if none)."""
        for found in _LONG_LINE.finditer(self.text, offset, limit):
            if is_prose(found.group()) and not self._label_over_amounts(found):
                return found.start()
        return limit

    def _label_over_amounts(self, found: re.Match[str]) -> bool:
        """A long row label (no sentence end) whose amounts are on the next line."""
        if _SENTENCE_END.search(found.group()):
            return False
        after = _NEXT_FILLED.match(self.text, found.end())
        if after is None:
            return False
        line = after.group(1)
        if _AMOUNT_LINE.match(line):
            return True
        words = line[-400:].split()  # or a row: a label, then its amounts
        amounts = 0
        while words and _AMOUNT_WORD.fullmatch(words[-1]):
            words.pop()
            amounts += 1
        return amounts > 0 and any(c.isalpha() for c in "".join(words))

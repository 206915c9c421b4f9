"""Source documents: ``Document``, its pages and its unit declarations.

A ``Document`` knows where its pages start and which unit declarations
("单位：万元", "(in millions, except per share data)") it holds, each with
the region of text it governs. ``row_unit`` reads a unit written in a table
row's own label ("基本每股收益（元/股）"), which wins over the declaration.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import regex

from .._reading.units import UnitContext, find_unit_declarations, unit_context_from_header
from .._values.errors import FincalcError, InvalidInputError
from .._values.public import public
from .._values.quantity import check_dimension
from .words import DIGIT, any_of

__all__ = ["Document", "UnitDeclaration", "row_unit"]


@public
@dataclass(frozen=True, slots=True)
class UnitDeclaration:
    """A unit declaration found in a document and the region it governs.

    Attributes:
        text: The declaration as written ("单位：万元").
        span: Its offsets in the document.
        region: Half-open offsets of the text whose bare numbers it governs.
        context: The parsed ``UnitContext``.
        except_per_share: The declaration exempts per-share figures
            ("(in millions, except per share data)").
        share_context: The unit share counts are in when the declaration
            says so ("except number of shares, which are reflected in
            thousands"), else None.
        share_span: Where that share-count exception is written ("in thousands").
    """

    text: str
    span: tuple[int, int]
    region: tuple[int, int]
    context: UnitContext
    except_per_share: bool = False
    share_context: UnitContext | None = None
    share_span: tuple[int, int] | None = None

    def governs(self, start: int, end: int) -> bool:
        """True when ``[start, end)`` lies inside the governed region."""
        return self.region[0] <= start and end <= self.region[1]


# Word lists from grounding.toml, as regex pieces.
_PER_SHARE_EN = any_of("per_share.anywhere", space=r"\s")  # per[\s-]share
_PER_SHARE_ZH = any_of("per_share.chinese")
_EXCEPT_EN = any_of("exceptions.words")
_EXCEPT_AFTER = any_of("exceptions.after")
_EXCEPT_OPEN = any_of("exceptions.both_sides_open")
_EXCEPT_CLOSE = any_of("exceptions.both_sides_close")
_NUMERAL = "[一二三四五六七八九十]"

# "(in millions, except per share data)", "（每股收益除外）", "（除每股数据外）".
_EXCEPT_PER_SHARE = regex.compile(
    rf"(?:{_EXCEPT_EN})\b[^)\n]{{0,160}}?(?:{_PER_SHARE_EN})"
    rf"|(?:{_PER_SHARE_ZH})\S{{0,6}}(?:{_EXCEPT_AFTER})"
    rf"|(?:{_EXCEPT_OPEN})(?:{_PER_SHARE_ZH})\S{{0,12}}(?:{_EXCEPT_CLOSE})",
    regex.IGNORECASE,
)
# A per-share row ("Diluted EPS", 基本每股收益).
_PER_SHARE = regex.compile(
    rf"{_PER_SHARE_EN}|{any_of('per_share.words', boundaries=True)}|{_PER_SHARE_ZH}",
    regex.IGNORECASE,
)
# An exception before a later unit on a declaration's line ("except number of shares,
# which are reflected in thousands").
_EXCEPT = regex.compile(
    rf"{any_of('exceptions.words', boundaries=True)}|{_EXCEPT_AFTER}"
    rf"|(?:{_EXCEPT_OPEN}).{{0,12}}(?:{_EXCEPT_CLOSE})",
    regex.IGNORECASE,
)
# A share count ("number of shares", 股数).
_SHARES = regex.compile(any_of("shares.words", boundaries=True), regex.IGNORECASE)
# A heading line ends the block a declaration governs.
_HEADING = regex.compile(
    rf"(?m)^[ \t]*(?:#{{1,6}}[ \t]|第{_NUMERAL}+(?:{any_of('headings.as_written.chapter')})"
    rf"|{_NUMERAL}+、|（{_NUMERAL}+）|(?:{any_of('headings.as_written.item')})[ \t]+\d+[A-Z]?\."
    rf"|(?:{any_of('headings.as_written.note', 'headings.capitals.note')})[ \t]+\d+\b)"
)
_BLANK_LINE = regex.compile(r"\n[ \t\u3000]*\n")


def _is_table_line(line: str) -> bool:
    return "|" in line or "\t" in line or bool(regex.search(r"\S {2,}\S", line))


def _region_end(text: str, start: int, limit: int) -> int:
    """End of the block a declaration at ``start`` governs (see Document)."""
    # The declaration's own line, then any blank lines, then one block; a
    # table block continues across blank lines while the next line is a row.
    line_end = text.find("\n", start)
    if line_end == -1 or line_end >= limit:
        return limit
    pos = line_end + 1
    while pos < limit and text[pos:limit].startswith(("\n", "\r\n")):
        pos = text.find("\n", pos) + 1
    heading = _HEADING.search(text, pos, limit)
    hard_end = heading.start() if heading is not None and heading.start() > pos else limit
    while True:
        gap = _BLANK_LINE.search(text, pos, hard_end)
        if gap is None:
            return hard_end
        block_last_line = text[text.rfind("\n", pos, gap.start()) + 1 : gap.start()]
        after = gap.end()
        next_line_end = text.find("\n", after)
        next_line = text[after : next_line_end if next_line_end != -1 else hard_end]
        if _is_table_line(block_last_line) and _is_table_line(next_line):
            pos = after
            continue
        return gap.start()


@public
@dataclass(frozen=True)
class Document:
    """A source document: its id, its text, page boundaries and unit declarations.

    Pages are known either per chunk (``page``: the whole text is on one page)
    or per offset range (``page_starts``: the offset where each page begins,
    with ``first_page`` the number of the first). ``Document.from_pages``
    builds the latter from a list of page texts. ``currency`` is an explicit
    default currency for amounts written with a scale but no currency
    ("1476.94 亿"); without it such an amount is refused.

    Unit declarations ("单位：万元", "(in millions, except per share data)",
    "RMB'000") are detected in the text; each governs its own line and the
    block after it — the table that follows, continuing across blank lines
    while rows continue, and ending at the next declaration or heading. A
    unit in a row's own label ("营业收入（万元） | 87,432", "基本每股收益（元/股）")
    wins over the table's declaration, and a unit written next to the
    number wins over both.

    >>> doc = Document("r1", "利润表\\n单位：万元\\n\\n项目 | 2025Q3\\n营业收入 | 87,432\\n")
    >>> [d.text for d in doc.unit_declarations]
    ['单位：万元']
    >>> doc.declaration_at(doc.text.index("87,432"), doc.text.index("87,432") + 6).text
    '单位：万元'
    """

    id: str
    text: str
    page: int | None = None
    page_starts: tuple[int, ...] = ()
    first_page: int = 1
    currency: str | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip():
            raise InvalidInputError(
                f"Document.id must be a non-empty string, got {self.id!r}",
                argument="id",
                value=self.id,
            )
        if not isinstance(self.text, str):
            raise InvalidInputError(
                f"Document {self.id!r}: text must be a string, got {type(self.text).__name__}",
                argument="text",
                value=repr(self.text)[:80],
            )
        if list(self.page_starts) != sorted(set(self.page_starts)) or any(
            not 0 <= start <= len(self.text) for start in self.page_starts
        ):
            raise InvalidInputError(
                f"Document {self.id!r}: page_starts must be increasing offsets into the text",
                argument="page_starts",
                value=self.page_starts,
            )
        if self.currency is not None:
            check_dimension(self.currency, field="Document.currency")

    @classmethod
    def from_pages(
        cls,
        id: str,
        pages: Sequence[str],
        *,
        first_page: int = 1,
        separator: str = "\n\n",
        currency: str | None = None,
    ) -> Document:
        """Join page texts with ``separator`` and remember where each page starts.

        >>> doc = Document.from_pages("10-K", ["Item 7.", "Revenue was $1.2 billion."])
        >>> doc.page_at(doc.text.index("Revenue"))
        2
        """
        starts: list[int] = []
        offset = 0
        for text in pages:
            starts.append(offset)
            offset += len(text) + len(separator)
        return cls(
            id,
            separator.join(pages),
            page_starts=tuple(starts),
            first_page=first_page,
            currency=currency,
        )

    def page_at(self, offset: int) -> int | None:
        """The page number an offset falls on, when pages are known."""
        if self.page_starts:
            return self.first_page + max(bisect.bisect_right(self.page_starts, offset) - 1, 0)
        return self.page

    @functools.cached_property
    def unit_declarations(self) -> tuple[UnitDeclaration, ...]:
        """Every unit declaration in the text, in order, with its governed region."""
        found = _primary_declarations(self.text, find_unit_declarations(self.text))
        result: list[UnitDeclaration] = []
        for index, (span, context, line_start, line, share_context, share_span) in enumerate(found):
            limit = found[index + 1][0][0] if index + 1 < len(found) else len(self.text)
            result.append(
                UnitDeclaration(
                    text=self.text[span[0] : span[1]],
                    span=span,
                    region=(line_start, _region_end(self.text, span[0], limit)),
                    context=context,
                    except_per_share=bool(_EXCEPT_PER_SHARE.search(line)),
                    share_context=share_context,
                    share_span=share_span,
                )
            )
        return tuple(result)

    def declaration_at(self, start: int, end: int) -> UnitDeclaration | None:
        """The declaration governing ``[start, end)``, if any.

        Regions are disjoint and ordered (each ends before the next
        declaration), so the candidate is the last declaration starting at or
        before ``start``.
        """
        declarations = self.unit_declarations
        index = bisect.bisect_right(self._declaration_starts, start) - 1
        if index >= 0 and declarations[index].governs(start, end):
            return declarations[index]
        return None

    @functools.cached_property
    def _declaration_starts(self) -> tuple[int, ...]:
        return tuple(declaration.span[0] for declaration in self.unit_declarations)


# -- exceptions in a declaration, and the unit of a row --------------------------------

_Primary = tuple[tuple[int, int], UnitContext, int, str, UnitContext | None, tuple[int, int] | None]


def _primary_declarations(
    text: str, found: list[tuple[tuple[int, int], UnitContext]]
) -> list[_Primary]:
    """One declaration per line; a later one on the line is an exception to the first.

    "(In millions, except number of shares, which are reflected in
    thousands, and per-share amounts)" declares millions for the table and
    thousands for share counts only: the second unit must not govern the
    table. An exception that names shares becomes the share context; any
    other exception unit is dropped (bare numbers it governs stay in the
    primary unit, so per-row exceptions should be quoted with their unit).
    """
    result: list[_Primary] = []
    for span, context in found:
        line_start = text.rfind("\n", 0, span[0]) + 1
        line_end = text.find("\n", span[1])
        line = text[line_start : line_end if line_end != -1 else len(text)]
        if result and result[-1][2] == line_start:
            before = text[result[-1][0][1] : span[0]]
            if _EXCEPT.search(line[: span[0] - line_start]):
                if _SHARES.search(before) and context.dimension in (None, "SHARES"):
                    share = UnitContext(
                        context.multiplier, "SHARES", context.unit, context.declaration
                    )
                    result[-1] = (*result[-1][:4], share, span)
                continue
        result.append((span, context, line_start, line, None, None))
    return result


_PAREN_GROUP = regex.compile(r"[（(]\s*+([^()（）\n\d]{1,16}?)\s*+[)）]")
_PER_SHARE_SUFFIX = regex.compile(r"\s*(?:/|每|per\s)\s*(?:股|share)$", regex.IGNORECASE)


def row_unit(text: str, start: int, end: int) -> UnitDeclaration | None:
    """A unit written in the row label before the number: "基本每股收益（元/股） | 0.52".

    Only a parenthesised group between the start of the line and the first
    digit of the quote counts, and only when it reads as a unit (a
    per-share unit keeps its currency: 元/股 is CNY).
    """
    line_start = text.rfind("\n", 0, start) + 1
    digit = DIGIT.search(text, start, end)
    if digit is None:
        return None
    line_end = text.find("\n", end)
    for match in reversed(list(_PAREN_GROUP.finditer(text, line_start, digit.start()))):
        inner = _PER_SHARE_SUFFIX.sub("", match.group(1))
        try:
            context = unit_context_from_header(inner)
        except FincalcError:
            continue
        return UnitDeclaration(
            text=match.group(),
            span=match.span(),
            region=(line_start, line_end if line_end != -1 else len(text)),
            context=context,
        )
    return None


def _row_kind(line: str, metric: str) -> Literal["per_share", "shares"] | None:
    """Whether a quoted row is a per-share figure or a share count (metric first)."""
    for text in (metric, line):
        if _PER_SHARE.search(text):
            return "per_share"
        if _SHARES.search(text):
            return "shares"
    return None


def _line_of(text: str, start: int, end: int) -> str:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    return text[line_start : line_end if line_end != -1 else len(text)]

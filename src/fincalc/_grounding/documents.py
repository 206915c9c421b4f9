"""Source documents: ``Document``, its pages and its unit declarations.

A ``Document`` knows where its pages start and which unit declarations
("单位：万元", "(in millions, except per share data)") it holds, each with
the region of text it governs; it reads them, and the tables on its pages,
once (``structure.Structure``) and every ``resolve`` reuses them.
``row_unit`` reads a unit written in a table row's own label
("基本每股收益（元/股）"), which wins over the declaration.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import regex

from .._base.exceptions import FincalcError, InvalidInputError
from .._base.public import public
from .._reading.units import UnitContext, UnitTable, unit_context_from_header
from .._values.period import FiscalCalendar
from .._values.quantity import check_dimension
from .declared_units import UnitDeclaration
from .html import TaggedValue, read_html
from .structure import Structure
from .words import DIGIT, any_of

__all__ = [
    "Document",
    "RowKind",
    "UnitDeclaration",
    "label_unit",
    "line_of",
    "row_kind",
    "row_unit",
]

_PER_SHARE_EN = any_of("per_share.anywhere", space=r"\s")  # per[\s-]share
_PER_SHARE_ZH = any_of("per_share.chinese")
# A per-share row ("Diluted EPS", 基本每股收益).
_PER_SHARE = regex.compile(
    rf"{_PER_SHARE_EN}|{any_of('per_share.words', boundaries=True)}|{_PER_SHARE_ZH}",
    regex.IGNORECASE,
)
# A share count ("number of shares", 股数).
_SHARES = regex.compile(
    rf"{any_of('shares.words', boundaries=True)}|{any_of('shares.chinese')}", regex.IGNORECASE
)
# A percentage row ("Gross margin percentage", 毛利率(%)).
_PERCENT = regex.compile(
    rf"{any_of('percent.words', boundaries=True)}|{any_of('percent.chinese')}|%|％",
    regex.IGNORECASE,
)


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
    "RMB'000", "(Millions)", "人民币百万元") are detected in the text; each
    governs its own line and the table after it -- across blank lines, page
    furniture and wrapped row labels -- up to the next declaration or page,
    or, once the table has begun, the next statement or section heading or
    running text. A unit in a row's own label ("营业收入（万元） | 87,432",
    "基本每股收益（元/股）") wins over the table's declaration, and a unit
    written next to the number wins over both. Form feeds ("\\f") in the
    text are page breaks.

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
    unit: UnitContext | str | None = None

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
        if isinstance(self.unit, str):
            object.__setattr__(self, "unit", _page_unit(self.unit))
        elif self.unit is not None and not isinstance(self.unit, UnitContext):
            raise InvalidInputError(
                f"Document {self.id!r}: unit must be a header such as '(In millions)' or "
                f"'单位：万元', or a UnitContext, got {type(self.unit).__name__}",
                argument="unit",
                value=repr(self.unit)[:80],
            )

    @classmethod
    def from_pages(
        cls,
        id: str,
        pages: Sequence[str],
        *,
        first_page: int = 1,
        separator: str = "\n\n",
        currency: str | None = None,
        unit: UnitContext | str | None = None,
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
            unit=unit,
        )

    @classmethod
    def from_html(
        cls,
        id: str,
        html: str,
        *,
        currency: str | None = None,
        unit: UnitContext | str | None = None,
    ) -> Document:
        """Read a filing's HTML: running text as lines, each table as a Markdown table.

        The cells of a table are placed by their ``colspan``: each column of
        amounts gets the header cells above it ("Three Months Ended June 30,"
        over "2025"), and a "$", the number and a ")" in three cells are one
        cell, "(86)". For inline XBRL, ``tags`` holds each tagged number of a
        table with its concept, exact value, period, unit and ``decimals``, and
        ``resolve`` checks a claim quoting a tagged cell against its tag. Without
        ``currency``, the one currency the tags' units name is the document's;
        ``calendar`` is the fiscal calendar its cover-page (dei) tags state, which
        ``resolve`` uses when it is given none.
        Uses the standard library's HTML parser: no extra is needed.

        >>> doc = Document.from_html("10-K", "<p>BALANCE SHEETS</p><table><tr>"
        ...     "<td>(In millions)</td><td colspan='2'>2024</td></tr><tr><td>Cash</td>"
        ...     "<td>$</td><td>1,204</td></tr></table>")
        >>> doc.text.splitlines()[-1]
        '| Cash | $1,204 |'
        """
        page = read_html(html)
        if currency is None:  # the filing's own tags state its currency
            money = {
                t.unit.split("/")[0] for t in page.tags if re.fullmatch(r"[A-Z]{3}(/.*)?", t.unit)
            }
            money.discard("PURE")
            currency = money.pop() if len(money) == 1 else None
        doc = cls(id, page.text, currency=currency, unit=unit)
        object.__setattr__(doc, "_tags", page.tags)
        object.__setattr__(doc, "_calendar", page.calendar)
        return doc

    @property
    def calendar(self) -> FiscalCalendar | None:
        """The fiscal calendar the filing's cover-page (dei) tags state, for ``from_html``."""
        found: FiscalCalendar | None = self.__dict__.get("_calendar")
        return found

    @property
    def tags(self) -> tuple[TaggedValue, ...]:
        """The inline-XBRL numbers of a document read by ``from_html``, in text order."""
        tags: tuple[TaggedValue, ...] = self.__dict__.get("_tags", ())
        return tags

    def tag_at(self, start: int, end: int) -> TaggedValue | None:
        """The tagged number whose text overlaps ``[start, end)``, if exactly one does."""
        found = [t for t in self.tags if t.start < end and t.end > start]
        return found[0] if len(found) == 1 else None

    def page_at(self, offset: int) -> int | None:
        """The page number an offset falls on, when pages are known."""
        if self.page_starts:
            return self.first_page + max(bisect.bisect_right(self.page_starts, offset) - 1, 0)
        return self.page

    @functools.cached_property
    def _structures(self) -> dict[int, tuple[UnitTable, Structure]]:
        return {}

    def _structure(self, table: UnitTable | None = None) -> Structure:
        """What fincalc reads from the text with ``table``: built on first use, then reused."""
        resolved = table or UnitTable.default()
        cached = self._structures.get(id(resolved))
        if cached is None or cached[0] is not resolved:
            every = "_tags" in self.__dict__  # from_html: its tables are rows of amount columns
            structure = Structure(self.text, self.page_starts, resolved, every_pipe_table=every)
            cached = (resolved, structure)
            self._structures[id(resolved)] = cached
        return cached[1]

    @property
    def unit_declarations(self) -> tuple[UnitDeclaration, ...]:
        """Every unit declaration in the text, in order, with its governed region."""
        return self._structure().declarations()

    def declaration_at(self, start: int, end: int) -> UnitDeclaration | None:
        """The declaration governing ``[start, end)``, if any."""
        return self._structure().declaration_at(start, end)


def _page_unit(text: str) -> UnitContext:
    try:
        return unit_context_from_header(text)
    except FincalcError as exc:
        raise InvalidInputError(
            f"Document(unit={text!r}): {exc}; write it like '(In millions)', '单位：万元' or "
            "RMB'000, or pass a UnitContext",
            argument="unit",
            value=text,
        ) from exc


# -- the unit of a row ------------------------------------------------------------

# Not right after a Latin letter or digit: "401(k)" names a plan, not thousands.
_PAREN_GROUP = regex.compile(r"(?<![A-Za-z0-9])[（(]\s*+([^()（）\n\d]{1,16}?)\s*+[)）]")
_PER_SHARE_SUFFIX = regex.compile(r"\s*(?:[/／]|每|per\s)\s*(?:股|share)$", regex.IGNORECASE)


def row_unit(
    text: str, start: int, end: int, *, table: UnitTable | None = None
) -> UnitDeclaration | None:
    """A unit written in the row label before the number: "基本每股收益（元/股） | 0.52".

    Only a parenthesised group between the start of the line and the first
    digit of the quote counts, and only when it reads as a unit (a
    per-share unit keeps its currency: 元/股 is CNY).

    >>> row_unit("营业收入（万元） | 87,432", 14, 20).context.multiplier
    Decimal('1E+4')
    """
    line_start = text.rfind("\n", 0, start) + 1
    digit = DIGIT.search(text, start, end)
    if digit is None:
        return None
    line_end = text.find("\n", end)
    return label_unit(
        text, (line_start, digit.start()), line_end if line_end != -1 else len(text), table=table
    )


def label_unit(
    text: str, label: tuple[int, int], row_end: int, *, table: UnitTable | None = None
) -> UnitDeclaration | None:
    """The unit written in the row label at ``label``: "销量（吨）", "Revenue (millions)".

    The last parenthesised group that reads as a unit counts; the declaration
    it makes governs the row, up to ``row_end``.

    >>> label_unit("员工人数（人）\\n1,208", (0, 7), 13).context.dimension
    'PERSONS'
    """
    for match in reversed(list(_PAREN_GROUP.finditer(text, label[0], label[1]))):
        inner = _PER_SHARE_SUFFIX.sub("", match.group(1))
        try:
            context = unit_context_from_header(inner, table=table)
        except FincalcError:
            continue
        return UnitDeclaration(
            text=match.group(),
            span=match.span(),
            region=(label[0], row_end),
            context=context,
        )
    return None


RowKind = Literal["per_share", "shares", "percent"]
_KINDS: tuple[tuple[RowKind, regex.Pattern[str]], ...] = (
    ("per_share", _PER_SHARE),
    ("shares", _SHARES),
    ("percent", _PERCENT),
)


def row_kind(label: str, metric: str) -> RowKind | None:
    """Whether a row is a per-share figure, a share count or a percentage (metric first).

    >>> row_kind("Weighted-average shares outstanding", "Diluted shares")
    'shares'
    >>> row_kind("Basic", "Basic earnings per share")
    'per_share'
    >>> row_kind("Weighted average shares used in computing net income per share", "Basic")
    'shares'
    """
    for text in (metric, label):
        # the kind named first is the row's: "Weighted average shares used in computing
        # net income per share" counts shares, "Net income per share" is per share
        found = [
            (match.start(), order, kind)
            for order, (kind, pattern) in enumerate(_KINDS)
            if (match := pattern.search(text)) is not None
        ]
        if found:
            return min(found)[2]
    return None


def line_of(text: str, start: int, end: int) -> str:
    """The whole line(s) holding ``[start, end)``."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    return text[line_start : line_end if line_end != -1 else len(text)]

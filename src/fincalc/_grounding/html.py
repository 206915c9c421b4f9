"""A filing's HTML as text with its tables kept as tables, and its inline-XBRL tags (issue 28).

``read_html`` walks the HTML once with the standard library's ``html.parser``
(no extra dependency; docs/pages.md says why it was chosen over lxml) and
writes:

* running text as lines (block elements end a line; ``script``, ``style``, the
  hidden ``ix:header`` and ``display:none`` elements are left out);
* each table as a Markdown table with one column per *amount column*: the
  HTML row's cells are placed by their ``colspan`` on the table's grid, the
  grid columns that hold amounts are that table's columns (a "$" cell, the
  number and the ")" cell of one amount are one), header rows above the first
  row of amounts give each column its header, read top to bottom over the
  columns each header cell spans ("Three Months Ended June 30," over "2025"),
  and a header cell over the label column (the unit declaration an SEC table
  writes there) is a line above the table;
* for inline XBRL, every ``ix:nonFraction`` of a table as a ``TaggedValue``:
  its span in the text, concept, exact value (``scale`` and ``sign`` applied),
  period (its context; ``None`` for a context with dimensions), unit and
  ``decimals``.

Nothing here guesses: a cell whose ``rowspan`` reaches into the rows below
holds its grid columns there, so their cells are placed past it; a table
without amount columns is written as text lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from html.parser import HTMLParser

from .._base.exceptions import CaliberMismatchError, FincalcError, InvalidInputError, ParseError
from .._base.public import public
from .._reading.units import UnitContext
from .._values.decimals import arithmetic
from .._values.period import FiscalCalendar, Period
from .cover_tags import fiscal_calendar
from .declared_units import UnitDeclaration
from .periods import same_claimed_period

__all__ = [
    "HtmlPage",
    "TaggedValue",
    "agrees",
    "check_tag",
    "read_html",
    "tag_declaration",
    "tag_unit",
]

_BLOCK = frozenset(
    [
        "p",
        "div",
        "br",
        "tr",
        "li",
        "ul",
        "ol",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "table",
        "section",
        "article",
        "header",
        "footer",
        "hr",
    ]
)
_SKIP = frozenset({"script", "style", "head", "title", "ix:header"})
_AMOUNT = re.compile(r"[(（]?\s*(?:US\$|\$)?\s*[-−]?\d[\d,]*(?:\.\d+)?\s*[)）]?%?|[—–-]{1,3}")
_HIDDEN = re.compile(r"display\s*:\s*none", re.IGNORECASE)
_VOID = frozenset({"br", "hr", "img", "meta", "link", "input", "col", "wbr"})
_SPACES = re.compile(r"[ \t\r\n\f\v\xa0\u200b\u202f]+")
_YEAR_FOCUS = "dei:DocumentFiscalYearFocus"
_YEAR_END = "dei:CurrentFiscalYearEndDate"
_PERIOD_FOCUS = "dei:DocumentFiscalPeriodFocus"
_DEI = frozenset({_YEAR_FOCUS, _YEAR_END, _PERIOD_FOCUS})


@public
@dataclass(frozen=True, slots=True)
class TaggedValue:
    """One inline-XBRL number of a filing, where ``Document.from_html`` wrote it.

    ``value`` is the fact's value (``scale`` applied, negative when ``sign`` is
    "-"); the page may print an outflow in brackets while its fact is positive
    ("Purchases of property (1,234)" tagged as a positive payment), so the
    sign written on the page is not the tag's. ``period`` is the context's
    (an instant is a one-day period), ``None`` when the context has dimensions
    (a segment, a class of stock): such a number is not the entity's total.
    ``scale`` is the power of ten the printed figure is in (6: millions).
    """

    start: int
    end: int
    concept: str
    value: Decimal
    period: Period | None
    unit: str
    decimals: str
    scale: int = 0


@dataclass(frozen=True, slots=True)
class HtmlPage:
    """The text ``read_html`` wrote, the tagged numbers in it, and the filer's fiscal calendar."""

    text: str
    tags: tuple[TaggedValue, ...]
    calendar: FiscalCalendar | None = None


@dataclass(slots=True)
class _Tag:
    attrs: dict[str, str]
    text: str = ""


@dataclass(slots=True)
class _Cell:
    text: str = ""
    colspan: int = 1
    tags: list[_Tag] = field(default_factory=list)
    rowspan: int = 1


@dataclass(slots=True)
class _Context:
    start: date | None = None
    end: date | None = None
    dimensional: bool = False


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.length = 0  # characters written so far
        self.hidden = 0  # depth inside skipped elements
        self.stack: list[tuple[str, bool]] = []
        self.tables: list[list[list[_Cell]]] = []
        self.cell: _Cell | None = None
        self.tag: _Tag | None = None
        self.pending: list[tuple[_Tag, int, int]] = []  # tag, start, end in the output
        self.contexts: dict[str, _Context] = {}
        self.units: dict[str, list[str]] = {}
        self.context: str | None = None
        self.unit: str | None = None
        self.field: str | None = None
        self.dei: dict[str, tuple[str, str]] = {}  # cover-page fact -> (its text, its context)
        self.dei_open: list[tuple[str, str, list[str]]] = []

    # -- elements ------------------------------------------------------------------
    def handle_starttag(self, name: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self._resources(name, values)
        if name == "ix:nonnumeric":  # hidden or not: the cover page's dei facts
            self.dei_open.append((values.get("name", ""), values.get("contextref", ""), []))
        if name in _VOID:
            if name in ("br", "hr") and not self.hidden:
                self._break()
            return
        hide = name in _SKIP or bool(_HIDDEN.search(values.get("style", "")))
        self.stack.append((name, hide))
        if hide:
            self.hidden += 1
            return
        if self.hidden:
            return
        if name == "table":
            self.tables.append([])
        elif name == "tr" and self.tables:
            self.tables[-1].append([])
        elif name in ("td", "th") and self.tables and self.tables[-1]:
            span, down = values.get("colspan", "1"), values.get("rowspan", "1")
            self.cell = _Cell(
                colspan=int(span) if span.isdigit() and 0 < int(span) < 100 else 1,
                rowspan=int(down) if down.isdigit() and 0 < int(down) < 100 else 1,
            )
            self.tables[-1][-1].append(self.cell)
        elif name == "ix:nonfraction":
            self.tag = _Tag(values)
        elif name in _BLOCK:
            self._break()

    def _break(self) -> None:
        """A block edge: a line break in running text, a space inside a table cell."""
        if self.cell is not None:
            self.cell.text += " "
        elif not self.tables:
            self._text("\n")

    def handle_endtag(self, name: str) -> None:
        if name == "ix:nonnumeric" and self.dei_open:
            fact, context, pieces = self.dei_open.pop()
            if fact in _DEI and fact not in self.dei:
                self.dei[fact] = ("".join(pieces).strip()[:40], context)
        if name in ("xbrli:context", "xbrli:unit"):
            self.context = self.unit = None
        self.field = None
        if name in _VOID:
            return
        while self.stack:
            open_name, hide = self.stack.pop()
            if hide:
                self.hidden -= 1
            if open_name == name:
                break
        if self.hidden:
            return
        if name == "table" and self.tables:
            self._write_table(self.tables.pop())
        elif name in ("td", "th"):
            self.cell = None
        elif name == "ix:nonfraction" and self.tag is not None:
            if self.cell is not None:
                self.cell.tags.append(self.tag)
            self.tag = None
        elif name in _BLOCK:
            self._break()

    def handle_data(self, data: str) -> None:
        if self.field is not None:
            self._resource_text(data)
        for fact, _, pieces in self.dei_open:
            if fact in _DEI and len(pieces) < 20:
                pieces.append(data)
        if self.hidden:
            return
        if self.tag is not None:
            self.tag.text += data
        if self.cell is not None:
            self.cell.text += data
        elif not self.tables:
            self._text(data)

    # -- the hidden header: contexts and units ---------------------------------------
    def _resources(self, name: str, values: dict[str, str]) -> None:
        if name == "xbrli:context":
            self.context = values.get("id", "")
            self.contexts[self.context] = _Context()
        elif name == "xbrli:unit":
            self.unit = values.get("id", "")
            self.units[self.unit] = []
        elif self.context is not None and name in ("xbrli:segment", "xbrli:scenario"):
            self.contexts[self.context].dimensional = True
        elif (
            self.context is not None
            and name
            in (
                "xbrli:instant",
                "xbrli:startdate",
                "xbrli:enddate",
            )
        ) or (self.unit is not None and name == "xbrli:measure"):
            self.field = name

    def _resource_text(self, data: str) -> None:
        text = data.strip()
        if not text:
            return
        if self.field == "xbrli:measure" and self.unit is not None:
            self.units[self.unit].append(text.split(":")[-1].upper())
            return
        if self.context is None:
            return
        try:
            day = date.fromisoformat(text[:10])
        except ValueError:
            return
        found = self.contexts[self.context]
        if self.field in ("xbrli:instant", "xbrli:enddate"):
            found.end = day
        else:
            found.start = day

    # -- output --------------------------------------------------------------------
    def _text(self, text: str) -> None:
        if text == "\n":
            if self.out and not self.out[-1].endswith("\n"):
                self._write("\n")
            return
        squeezed = _SPACES.sub(" ", text)
        if squeezed.strip():
            at_line_start = not self.out or self.out[-1].endswith("\n")
            self._write(squeezed.lstrip() if at_line_start else squeezed)

    def _write(self, piece: str) -> None:
        self.out.append(piece)
        self.length += len(piece)

    def _write_table(self, rows: list[list[_Cell]]) -> None:
        self._text("\n")
        lines, tags = _render(rows)
        base = self.length
        for line in lines:
            self._write(line + "\n")
        for tag, start, end in tags:
            self.pending.append((tag, base + start, base + end))


def _clean(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def _is_amount(text: str) -> bool:
    return bool(text) and _AMOUNT.fullmatch(text) is not None


_TIGHT_OPEN = re.compile(r"([($（])\s+")
_TIGHT_CLOSE = re.compile(r"\s+([)）])")
_OPENERS = frozenset({"$", "(", "$(", "($", "US$"})


def _render(rows: list[list[_Cell]]) -> tuple[list[str], list[tuple[_Tag, int, int]]]:
    """A table as Markdown lines (see the module docstring), and where its tags went."""
    placed = _placed(rows)
    first_data = next(
        (
            i
            for i, cells in enumerate(placed)
            if any(_is_amount(_clean(c.text)) and not _year(c.text) for _, _, c in cells)
        ),
        None,
    )
    if first_data is None:
        return _as_lines(placed), []
    columns = _columns(placed[first_data:])
    if not columns:  # amounts only in the first grid column: no label column, no table
        return _as_lines(placed), []
    headers = [""] * len(columns)
    above: list[str] = []
    last_header = max(
        (
            i
            for i, cells in enumerate(placed[:first_data])
            if any(0 < s < b and e > a for s, e, c in cells if _clean(c.text) for a, b in columns)
        ),
        default=-1,
    )
    below: list[str] = []  # "Revenue:" between the headers and the first amounts: a row
    for i, cells in enumerate(placed[:first_data]):
        for start, end, cell in cells:
            text = _clean(cell.text)
            if not text:
                continue
            hit = [k for k, (a, b) in enumerate(columns) if start < b and end > a]
            if start == 0:
                hit = []  # a cell from the label column on ("ASSETS") heads rows, not columns
            if len(columns) > 1 and len(hit) == len(columns) and _distinct(headers):
                hit = []  # "Increase/(Decrease)" under the years: a caption of every column
            if not hit:  # "(In millions, except per share data)" over the labels
                (below if i > last_header else above).append(text)
            for k in hit:
                headers[k] = f"{headers[k]} {text}".strip()
    lines = [*above, "| | " + " | ".join(headers) + " |", "|---" * (len(columns) + 1) + "|"]
    lines += [f"| {text} |" + " |" * len(columns) for text in below]
    tags: list[tuple[_Tag, int, int]] = []
    offset = sum(len(line) + 1 for line in lines)
    for cells in placed[first_data:]:
        values: list[str] = [""] * len(columns)
        cell_tags: list[list[_Tag]] = [[] for _ in columns]
        label: list[str] = []
        for start, end, cell in cells:
            text = _clean(cell.text)
            if not text:
                continue
            where = _column_of(columns, start, end, text)
            if where is None:
                label.append(text)
                continue
            values[where] += text
            cell_tags[where] += cell.tags
        line = f"| {' '.join(label)} |"
        for k, written in enumerate(values):
            value = _TIGHT_CLOSE.sub(r"\1", _TIGHT_OPEN.sub(r"\1", written))  # "( 318)": "(318)"
            line += " "
            for tag in cell_tags[k]:
                shown = _clean(tag.text)
                at = value.find(shown) if shown else -1
                if at >= 0:
                    tags.append(
                        (tag, offset + len(line) + at, offset + len(line) + at + len(shown))
                    )
            line += value + " |"
        lines.append(line)
        offset += len(line) + 1
    return lines, tags


def _placed(rows: list[list[_Cell]]) -> list[list[tuple[int, int, _Cell]]]:
    """Each row's cells at their grid columns: by ``colspan``, past the cells of rows above
    whose ``rowspan`` reaches down into this row ("(In millions)" over two header rows)."""
    placed: list[list[tuple[int, int, _Cell]]] = []
    above: list[tuple[int, int, int]] = []  # grid span, rows it still covers below
    for row in rows:
        taken = sorted((a, b) for a, b, _ in above)
        column, cells, reaching = 0, [], []
        for cell in row:
            for a, b in taken:
                if a <= column < b:
                    column = b  # the cell from above holds this grid column
            cells.append((column, column + cell.colspan, cell))
            if cell.rowspan > 1:
                reaching.append((column, column + cell.colspan, cell.rowspan - 1))
            column += cell.colspan
        above = [(a, b, n - 1) for a, b, n in above if n > 1] + reaching
        placed.append(cells)
    return placed


def _columns(placed: list[list[tuple[int, int, _Cell]]]) -> list[tuple[int, int]]:
    """The amount columns: grid spans of amount cells, overlapping spans joined.

    A row printing "$" in its own cell puts the number one grid column further
    right than a row whose number cell spans both: the spans overlap, so both
    numbers are in one column.
    """
    spans = sorted(
        (start, end)
        for cells in placed
        for start, end, cell in cells
        if start > 0 and _is_amount(_clean(cell.text))
    )
    joined: list[tuple[int, int]] = []
    for start, end in spans:
        if joined and start < joined[-1][1]:
            joined[-1] = (joined[-1][0], max(joined[-1][1], end))
        else:
            joined.append((start, end))
    return joined


def _column_of(columns: list[tuple[int, int]], start: int, end: int, text: str) -> int | None:
    """The amount column a cell belongs to, or None for a label cell.

    A cell overlapping a column's span is in it; "$" and "(" left of a column
    open it, ")" and "%" right of one close it; any other cell before the first
    column is the label.
    """
    for k, (a, b) in enumerate(columns):
        if start < b and end > a:
            return k
    if text in _OPENERS:
        return next((k for k, (a, _) in enumerate(columns) if a >= end), None)
    if text.startswith((")", "）", "%")):
        return max((k for k, (_, b) in enumerate(columns) if b <= start), default=None)
    return None


def _distinct(headers: list[str]) -> bool:
    """Every column already has its own header."""
    return all(headers) and len(set(headers)) == len(headers)


def _year(text: str) -> bool:
    return re.fullmatch(r"\s*(?:19|20)\d\d\s*", text) is not None


def _as_lines(placed: list[list[tuple[int, int, _Cell]]]) -> list[str]:
    lines = []
    for cells in placed:
        text = "  ".join(_clean(c.text) for _, _, c in cells if _clean(c.text))
        if text:
            lines.append(text)
    return lines


def _scale(tag: _Tag) -> int | None:
    written = (tag.attrs.get("scale", "0") or "0").strip()
    if not re.fullmatch(r"-?\d{1,2}", written):
        return None  # a scale no filing uses: the tag checks nothing
    return int(written)


def _tag_value(tag: _Tag) -> Decimal | None:
    shown = _clean(tag.text)
    fmt = tag.attrs.get("format", "")
    if "zero" in fmt or shown in {"—", "-", "–"}:
        return Decimal(0)
    digits = shown.replace(",", "").replace(" ", "")
    if "comma" in fmt and "decimal" in fmt:
        digits = shown.replace(".", "").replace(" ", "").replace(",", ".")
    scale = _scale(tag)
    if scale is None:
        return None
    try:
        with arithmetic():
            value = Decimal(digits).scaleb(scale)
    except (InvalidOperation, ValueError):
        return None
    return -value if tag.attrs.get("sign") == "-" else value


def read_html(html: str) -> HtmlPage:
    """Text with tables as Markdown tables, and the inline-XBRL numbers in it.

    >>> page = read_html(
    ...     "<p>CONSOLIDATED BALANCE SHEETS</p><table>"
    ...     "<tr><td>(In millions)</td><td colspan='2'>December 31, 2024</td></tr>"
    ...     "<tr><td>Cash</td><td>$</td><td>1,204</td></tr></table>"
    ... )
    >>> print(page.text)
    CONSOLIDATED BALANCE SHEETS
    (In millions)
    | | December 31, 2024 |
    |---|---|
    | Cash | $1,204 |
    <BLANKLINE>
    """
    if not isinstance(html, str):
        raise InvalidInputError(
            f"read_html takes the HTML as a string, got {type(html).__name__}",
            argument="html",
            value=repr(html)[:80],
        )
    reader = _Reader()
    reader.feed(html)
    reader.close()
    text = "".join(reader.out)
    tags = []
    for tag, start, end in reader.pending:
        value = _tag_value(tag)
        if value is None:
            continue
        context = reader.contexts.get(tag.attrs.get("contextref", ""))
        period = None
        if context is not None and not context.dimensional and context.end is not None:
            try:
                if context.start is None:
                    period = Period.instant(context.end)
                else:
                    period = Period(context.start, context.end + timedelta(days=1))
            except (FincalcError, OverflowError):
                period = None  # a context the filing got wrong checks nothing
        unit = "/".join(reader.units.get(tag.attrs.get("unitref", ""), []))
        tags.append(
            TaggedValue(
                start,
                end,
                tag.attrs.get("name", ""),
                value,
                period,
                unit,
                tag.attrs.get("decimals", ""),
                _scale(tag) or 0,
            )
        )
    return HtmlPage(text, tuple(tags), _calendar(reader.dei, reader.contexts))


def _calendar(
    dei: dict[str, tuple[str, str]], contexts: dict[str, _Context]
) -> FiscalCalendar | None:
    """The fiscal calendar the cover page's dei facts state (``cover_tags``)."""
    focus, where = dei.get(_YEAR_FOCUS, ("", ""))
    context = contexts.get(where)
    if context is None or context.end is None:
        return None
    return fiscal_calendar(
        focus,
        dei.get(_YEAR_END, ("", ""))[0],
        dei.get(_PERIOD_FOCUS, ("", ""))[0],
        (context.start, context.end),
    )


def check_tag(
    tag: TaggedValue,
    printed: Decimal,
    claimed: Period,
    claimed_text: str,
    calendar: FiscalCalendar | None,
) -> None:
    """Refuse an amount read from a tagged cell that its tag contradicts.

    The value read from the page must be the tag's, up to the sign (the page
    prints an outflow in brackets, its fact may be positive); the claimed
    period must be the tag's context period (a balance claimed at a date never
    takes a figure tagged for a duration, as "Inventories (319)" of a cash-flow
    statement is). A tag with dimensions (``period`` None) is left unchecked:
    its context is not the entity's.
    """
    if abs(printed) != abs(tag.value):
        raise ParseError(
            f"the page prints {printed} where its inline-XBRL tag {tag.concept!r} says "
            f"{tag.value}; quote the figure as the filing tags it",
            text=tag.concept,
        )
    if tag.period is not None and (
        (claimed.is_instant and not tag.period.is_instant)  # a flow is never a balance
        or not same_claimed_period(tag.period, claimed, claimed_text, calendar)
    ):
        raise CaliberMismatchError(
            f"the quoted amount is tagged {tag.concept!r} for {tag.period.describe(calendar)}, "
            f"but the claim says {claimed_text!r}; quote the cell of the claimed period",
            operation="resolve",
            left=claimed_text,
            right=tag.period.describe(calendar),
            differing=("period",),
        )


_MONEY = re.compile(r"([A-Z]{3})(/SHARES)?")


def tag_unit(tag: TaggedValue) -> UnitContext | None:
    """The unit a tagged figure is printed in: its tag's ``scale`` and ``unitRef``.

    The tag is the filing's own declaration of that one cell, so it governs
    the cell over the page's "(In millions, except per share data)" and the
    row label's words ("Common stock, … 1,831,594,494 shares issued", "Operating
    lease vehicles"): money in its currency ("USD"), money per share
    ("USD/SHARES", never scaled by the table's declaration), a share count
    ("SHARES") and a pure number ("PURE", a ratio), each times ``10**scale``.
    Another unit (a filer's own measure) gives None: the page's reading stands.

    >>> from decimal import Decimal
    >>> tag = TaggedValue(0, 3, "us-gaap:WeightedAverageNumberOfSharesOutstandingBasic",
    ...                   Decimal("1.77E+9"), None, "SHARES", "-6", 6)
    >>> context = tag_unit(tag)
    >>> context.multiplier, context.dimension
    (Decimal('1E+6'), 'SHARES')
    """
    multiplier = Decimal(1).scaleb(tag.scale)
    where = f"inline XBRL {tag.concept} ({tag.unit}, scale {tag.scale})"
    money = _MONEY.fullmatch(tag.unit)
    if money is not None:
        per_share = money.group(2) is not None
        unit = f"{money.group(1)} per share" if per_share else f"{money.group(1)} 1E{tag.scale}"
        return UnitContext(multiplier, money.group(1), unit, where)
    if tag.unit == "SHARES":
        return UnitContext(multiplier, "SHARES", f"shares 1E{tag.scale}", where)
    if tag.unit == "PURE":
        return UnitContext(multiplier, "RATIO", f"pure 1E{tag.scale}", where)
    return None


def tag_declaration(tag: TaggedValue | None) -> UnitDeclaration | None:
    """The tag's unit as the declaration governing its own cell (see ``tag_unit``)."""
    context = tag_unit(tag) if tag is not None else None
    if tag is None or context is None:
        return None
    return UnitDeclaration(context.declaration, (tag.start, tag.end), (tag.start, tag.end), context)


def agrees(tagged: UnitDeclaration, page: tuple[UnitDeclaration | None, ...]) -> bool:
    """Whether the page's declarations over a tagged cell allow the scale its tag gives.

    The tag decides which kind of figure the cell is (money, a share count, a
    per-share amount), where the page can only guess it from the row's words
    ("Common stock, $0.01 par value, … shares issued" is money): so any scale
    the page declares for some kind -- the declaration's own, its share-count
    exception, one for an excepted per-share row -- is the tag's to take. A
    scale the page declares for no kind contradicts the tag ("(In thousands)"
    over a cell tagged in millions): the page and its tags disagree, and the
    claim is refused. With no declaration, the tag alone says the scale.
    """
    scales: set[Decimal] = set()
    for declaration in page:
        if declaration is None:
            continue
        scales.add(declaration.context.multiplier)
        if declaration.share_context is not None:
            scales.add(declaration.share_context.multiplier)
        if declaration.except_per_share:
            scales.add(Decimal(1))
    if tagged.context.unit.endswith("per share"):
        scales.add(Decimal(1))  # a per-share amount is never in a table's millions
    return not scales or tagged.context.multiplier in scales

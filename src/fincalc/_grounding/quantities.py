"""The amount a claim's located quote points at, read from the document.

``read_quantity`` takes the located span, finds the table cell (or the
amount of a "respectively" list, or the one amount of the prose) the claim
means, decides the unit its bare numbers are in -- the row label's, the
column header's, the table's declaration with its exceptions, or the page
unit the caller gave -- and parses it. The number always comes from the
document: a quoted "655" of a "(655)" cell is -655.
"""

from __future__ import annotations

import bisect
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal

import regex

from .._base.exceptions import (
    AmbiguousQuantityError,
    CaliberMismatchError,
    DimensionMismatchError,
    FincalcError,
    MissingUnitError,
    ParseError,
    UnknownUnitError,
)
from .._reading.parse import parse_quantity
from .._reading.units import UnitContext, UnitTable
from .._values.period import FiscalCalendar, Period, parse_period
from .._values.quantity import Quantity
from .claims import Claim
from .documents import Document, UnitDeclaration, label_unit, line_of, row_kind, row_unit
from .html import agrees, tag_declaration
from .lines import Lines, explained_row, is_furniture
from .lists import ListPair, list_pairs, sentence_around, unpaired_list
from .periods import same_claimed_period
from .prose_amounts import disambiguate
from .reading import Candidate, candidates, check, choose, note_cells
from .records import (
    AmountRecord,
    is_marker,
    read_cell,
    read_prose,
    scope_of,
    section_heading,
)
from .schedules import check_unstated, grid_rows, line_label, line_rows
from .structure import Structure
from .words import any_of

__all__ = ["Reading", "read_quantity"]

_CURRENCY_CODE = regex.compile(r"[A-Z]{3}")
_NON_MONEY = regex.compile(any_of("non_money.anywhere", boundaries=True), regex.IGNORECASE)
_AFTER = 12
_PAR_WORDS = any_of("par_value.words", space=r"\s+")
_PAR_VALUE = regex.compile(rf"\s*(?:{_PAR_WORDS})\b", regex.IGNORECASE)
_LABEL_UNIT = regex.compile(r"[（(]\s*([^()（）\n]{1,16}?)\s*[)）]")


@dataclass(frozen=True, slots=True)
class Reading:
    """The amount read for a claim, the declaration it was read under, and how it was checked."""

    quantity: Quantity
    declaration: UnitDeclaration | None
    listed: bool  # its period came from a "respectively" list
    sentence: tuple[int, int] | None  # the sentence around a prose amount (None in a table)
    record: AmountRecord  # what the amount is: subject, entity, role, scope
    column: bool = False  # a table cell whose column header named its period (or kind)


def read_quantity(
    doc: Document,
    structure: Structure,
    span: tuple[int, int],
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
) -> Reading:
    """Read the amount the claim's located ``span`` points at (see the module docstring)."""
    period, calendar = when
    text = doc.text
    start, end = span
    found = candidates(doc, structure, start, end, calendar)
    quote = text[start:end]
    cell: Candidate | None = None
    listed: ListPair | None = None
    if found:
        cell = choose(text, found, claim, period, calendar, quote, doc)
        check(text, cell, claim, when, text[cell.start : cell.end].strip(), quote, doc)
        if cell.column is None:  # a single column: no period header
            own = text[cell.label_span[0] : cell.label_span[1]] if cell.label_span else cell.label
            rows = line_rows(text, cell.start)  # one-line rows: "2025 $ 6,771" has a label
            if rows is None and cell.table is not None:  # a cell per line
                rows = grid_rows(text, cell.table)
            if rows is not None:
                check_unstated(rows, own, claim, when, text[cell.start : cell.end])
        _not_a_share_count(text, cell, claim)
        if cell.dash:
            raise ParseError(
                f"the cell of {cell.label or claim.metric!r} under the claimed period is "
                f"{text[cell.start : cell.end]!r}: no amount; the filing reports none",
                text=quote[:200],
            )
        a, b = (cell.start, cell.end) if cell.grid else (max(start, cell.start), min(end, cell.end))
    else:
        a, b = start, end
        _not_a_table_row(structure, start, end, quote)
    a, b = _widen(text, a, b)
    context, declaration, tagged = _unit_of(doc, structure, (a, b), claim, cell)
    if cell is None:
        listed, (a, b) = _list_amount(text, (a, b), claim, when, context, structure.table)
        if listed is not None:
            context, declaration = _context(doc, structure, (a, b), claim, None)
    segment = text[a:b]
    if cell is not None and cell.grid:
        # a cell "22.0" / "%" or "(" / "7" / ")" on several lines, with the zero-width
        # spaces a converter leaves between them; offsets kept
        segment = segment.replace("\n", " ").replace("\u200b", " ")
    for x, y in note_cells(doc, structure, a, b, calendar):  # a Notes cell is never an amount
        if a <= x and y <= b:
            segment = segment[: x - a] + " " * (y - x) + segment[y - a :]
    label = cell.label if cell is not None and cell.label else line_of(text, a, b)
    quantity = _parse(doc, segment, claim, when, context, structure.table, label)
    if (
        context is not None
        and not tagged
        and quantity.unit_from_context
        and quantity.span is not None
        and _PAR_VALUE.match(text, a + quantity.span[1])
    ):  # "$0.01 par value" in a row of thousands: a per-share amount, never scaled
        context = _excepted(context, "per_share", doc, per_share=True)
        quantity = _parse(doc, segment, claim, when, context, structure.table, label)
    used = declaration if (context is not None and quantity.unit_from_context) else None
    if quantity.span is not None:
        q_start, q_end = a + quantity.span[0], a + quantity.span[1]
        quantity = replace(quantity, span=(q_start, q_end), raw=text[q_start:q_end])
        if (
            cell is None
            and _LIST_NUMBER.match(text, q_end)
            and not text[text.rfind("\n", 0, q_start) + 1 : q_start].strip(" \t\u3000(（")
        ):
            raise ParseError(
                f"the quoted number {quantity.raw!r} numbers a list item or heading "
                f"({line_of(text, q_start, q_end).strip()[:40]!r}), not an amount; quote the "
                "row's figure",
                text=quote[:200],
            )
        if cell is None:
            _not_furniture_nor_explanation(text, (q_start, q_end), quantity.raw, quote)
    if cell is None and quantity.span is not None and listed is None:
        rows = line_rows(text, quantity.span[0])  # "Thereafter 37,425" among one-line rows
        if rows is not None:
            own = line_label(text, quantity.span[0])
            check_unstated(rows, own, claim, when, quantity.raw or text[a:b])
    if cell is None:
        quantity = _shared_scale(text, quantity, claim, structure.table)
    quantity = _dimension(doc, structure.table, quantity, claim, cell)
    sentence = None if cell is not None else sentence_around(text, a, b, (start, end))
    amount = quantity.span if quantity.span is not None else (a, b)
    if cell is not None:
        header = (cell.column.header, cell.column.kind) if cell.column is not None else None
        record = _recorded(
            structure,
            ("cell", cell.start, cell.end, amount, header),
            lambda: _cell_record(doc, structure, cell, amount),
        )
    else:
        window = sentence or (a, b)
        record = _recorded(
            structure, ("prose", amount, window), lambda: read_prose(text, amount, window)
        )
    column = cell is not None and cell.column is not None and cell.column.period is not None
    return Reading(quantity, used, listed is not None, sentence, record, column)


_CAPTION_LINES = 10
_CAPTION_WIDTH = 60


#: The record of each amount read, per document structure: built once, reused by every
#: claim (and every resolve) that points at the same amount (issue 24).
_RECORDS: weakref.WeakKeyDictionary[Structure, dict[tuple[object, ...], AmountRecord]] = (
    weakref.WeakKeyDictionary()
)
_MOST_RECORDS = 20_000  # a document's cache is emptied past this many amounts


def _recorded(
    structure: Structure, key: tuple[object, ...], build: Callable[[], AmountRecord]
) -> AmountRecord:
    """The record at ``key`` of the document's cache, built on first use."""
    cache = _RECORDS.get(structure)
    if cache is None:
        cache = _RECORDS.setdefault(structure, {})
    record = cache.get(key)
    if record is None:
        if len(cache) >= _MOST_RECORDS:
            cache.clear()
        record = cache[key] = build()
    return record


def _group_heading(text: str, lines: Lines, row: int) -> str:
    """The heading a table row sits under: "Net income per share:" over "Basic … Diluted".

    Scanning up past amounts and one-word sibling rows ("Basic", "Copper"): a line
    ending with a colon is the heading; a line of several words without amounts is
    the heading only right above the row (else it is an earlier row's label, as
    "Income Before Income Taxes" above "13,086 … Income taxes").
    """
    for index in range(row - 1, max(-1, row - 1 - _CAPTION_LINES), -1):
        x, y = lines.bounds(index)
        line = text[x:y].strip(" \t|")  # "| Changes in operating assets: |  |  |"
        if not line or regex.search(r"\d", line) or not regex.search(r"[^\W\d_]", line):
            continue  # a blank line, an amount, a lone "$"
        if line.endswith((":", "：")):
            return line
        if index == row - 1 and (len(line.split()) > 1 or not line.isascii()):
            return line
        if len(line.split()) > 1 or not line.isascii():
            return ""  # an earlier row's label: no heading of this row
    return ""


def _cell_record(
    doc: Document, structure: Structure, cell: Candidate, amount: tuple[int, int]
) -> AmountRecord:
    """The record of a table cell: its row's words, its column, its caption and statement."""
    text, lines = doc.text, structure.lines
    header = cell.column.header if cell.column is not None else ""
    first = cell.label_span[0] if cell.label_span is not None else cell.start
    row = lines.index(first)
    caption = [header]
    for index in range(row - 1, max(-1, row - 1 - _CAPTION_LINES), -1):
        x, y = lines.bounds(index)
        line = text[x:y].strip().strip("|").strip()
        if line and len(line) <= _CAPTION_WIDTH and "|" not in line:
            caption.append(line)  # a short heading line above the row: "FY23 Outlook"
    group = _group_heading(text, lines, row)
    at = bisect.bisect_right(lines.headings, cell.start) - 1  # the statement above the row
    scope = None
    if at >= 0:
        heading = lines.headings[at]
        end = text.find("\n", heading)
        scope = scope_of(text[heading : end if end != -1 else len(text)])
    change = cell.column is not None and cell.column.kind == "change"
    label = cell.words or cell.label
    if cell.grid and cell.label_span is not None:
        label = text[cell.label_span[0] : cell.label_span[1]]  # its lines: group, then row
        label = cell.label_text or label  # its last lines printed after its amounts
    marker = cell.grid and is_marker(text, amount)
    if not marker and cell.grid and any(is_marker(text, other) for other in cell.row_cells):
        raise AmbiguousQuantityError(
            f"the row {cell.label!r} ends its label with a note marker that the table reads "
            "as one of its cells, so its amounts may sit one column off; quote the cell with "
            "its column header, or pass the table with '|' between its cells",
            text=text[amount[0] : amount[1]],
            candidates=tuple(text[x:y] for x, y in cell.row_cells[:12]),
        )
    return read_cell(
        amount,
        label,
        change_column=change,
        context=" ".join(caption),
        scope=scope,
        heading=group,
        marker=marker,
        group=section_heading(text, text.rfind("\n", 0, first) + 1),
    )


# "$1.2 and $1.1 million", "1.2、1.5和1.8亿元": list members after the amount, the last
# carrying the scale (and the currency sign) they share.
_LIST_TAIL = regex.compile(
    r"(?:\s*(?:,|，|、|and|or|to|和|及|与|至|-|–)\s*"
    r"(?P<sign>US\$|\$|£|€|¥|RMB|人民币)?\s*\d[\d,.]*)+"
    r"\s*(?P<scale>[^\W\d_]+|[万亿千百]+元?)",
    regex.IGNORECASE,
)
_SIGN = regex.compile(r"^(?:US\$|\$|£|€|¥|RMB|人民币)", regex.IGNORECASE)


def _shared_scale(text: str, quantity: Quantity, claim: Claim, table: UnitTable) -> Quantity:
    """The amount with the scale a list shares: "$1.2" of "$1.2 and $1.1 million" is $1.2 million.

    Only a bare number (no scale or unit of its own, none from a declaration) whose
    list's last member writes the same currency sign and a scale; when the scale does
    not parse, the amount is refused rather than read unscaled.
    """
    if quantity.span is None or quantity.unit_from_context:
        return quantity
    raw = quantity.raw.strip()
    own_sign = _SIGN.match(raw)
    if regex.search(r"[^\W\d_]|[万亿千百元]", raw[own_sign.end() if own_sign else 0 :]):
        return quantity  # "$1.2 million and …": it carries its own scale
    tail = _LIST_TAIL.match(text, quantity.span[1], min(len(text), quantity.span[1] + 120))
    if tail is None:
        return quantity
    sign = (tail.group("sign") or "").casefold()
    if sign != (own_sign.group().casefold() if own_sign else ""):
        return quantity  # "$1.2 and 3 million shares": no shared unit
    try:
        scaled = parse_quantity(
            f"{raw} {tail.group('scale')}", dimension=claim.currency, table=table
        )
    except FincalcError:
        return quantity  # "$5 and $6 in 2024": the word after the list is no scale
    if scaled.value == quantity.value:
        return quantity
    return replace(scaled, span=quantity.span, raw=quantity.raw)


# "1、应收账款", "(2)、", "3．": the number of a list item or heading, at the start of its line
_LIST_NUMBER = regex.compile(r"[)）]?\s*[、．]")


def _not_furniture_nor_explanation(text: str, span: tuple[int, int], raw: str, quote: str) -> None:
    """Refuse a figure read as prose on page furniture, or on a row whose header ends in 说明.

    A figure in the 说明 (explanation) column is never the row's amount; the
    amounts of a row under several amount columns that did not line up as a
    table cannot be given a column (``explained_row``).
    """
    if is_furniture(line_of(text, *span)):
        raise ParseError(
            f"the quoted number {raw!r} is on a line of page furniture "
            f"({line_of(text, *span).strip()!r}), not an amount; quote a figure",
            text=quote[:200],
        )
    explained = explained_row(text, span[0])
    if explained is None:
        return
    if span[0] >= explained[0]:
        raise ParseError(
            f"the quoted number {raw!r} is in the explanation (说明) column of the row "
            f"{line_of(text, *span).strip()[:40]!r}, not the row's amount; quote the row's "
            "amount cell",
            text=quote[:200],
        )
    if explained[1] > 1:  # "项目 本期金额 年初至报告期末金额 说明", rows not aligned
        raise AmbiguousQuantityError(
            f"the quoted number {raw!r} is one of the amount columns of a table whose rows "
            "fincalc cannot align with its header; quote the row and its column header, or "
            "pass the table with '|' between its cells",
            text=quote[:200],
        )


def _not_a_table_row(structure: Structure, start: int, end: int, quote: str) -> None:
    """Refuse a quote on a row of a converter's pipe table whose cells were not read.

    Such a row is never read as a sentence: "Total derivatives| $5,561" of a
    table in millions whose declaration is out of reach is not $5,561.
    """
    lines = structure.lines
    first, last = lines.index(start), lines.index(max(start, end - 1))
    if any(index in structure.pipe_lines for index in range(first, last + 1)):
        raise AmbiguousQuantityError(
            f"the quote {quote[:80]!r} is on a row of a table whose cells and column headers "
            "fincalc cannot align; quote a row of the table whose cells line up with its "
            "header, or pass the table as a Markdown table with one cell per '|'",
            text=quote[:200],
        )


def _widen(text: str, a: int, b: int) -> tuple[int, int]:
    """Take in the brackets of an accounting negative around ``[a, b)``: "655" of "(655)"."""
    inner = text[a:b].strip()
    if not inner or inner[0] in "(（" or not inner[-1].isdigit():
        return a, b
    left = a
    while left > 0 and text[left - 1] in " $":
        left -= 1
    right = b
    while right < len(text) and text[right] == " ":
        right += 1
    if left > 0 and text[left - 1] in "(（" and right < len(text) and text[right] in ")）":
        return left - 1, right + 1
    return a, b


def _list_amount(
    text: str,
    segment: tuple[int, int],
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
    context: UnitContext | None,
    table: UnitTable,
) -> tuple[ListPair | None, tuple[int, int]]:
    """The amount of a "respectively" list the claim means, or (None, ``segment``) outside one.

    A "respectively" sentence whose periods pair with no run of amounts ("$4.1
    billion and roughly $3.8 billion in 2023 and 2022, respectively", or a run
    one of whose amounts is refused) says no amount's period: refused.
    """
    a, b = segment
    pairs = list_pairs(text, a, b, context=context, table=table)
    if pairs:
        return _listed(pairs, segment, claim, when)
    periods = unpaired_list(text, a, b)
    if periods is not None:
        raise AmbiguousQuantityError(
            f"the quote {text[a:b][:80]!r} stands in a 'respectively' sentence whose periods "
            f"({periods[:80]!r}) pair with no run of amounts, so its own period cannot be "
            "told; quote a sentence that names the amount's period beside it",
            text=text[a:b][:200],
        )
    return None, segment


def _listed(
    pairs: list[ListPair],
    segment: tuple[int, int],
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
) -> tuple[ListPair | None, tuple[int, int]]:
    """The list amount the claim means: the one quoted, or the quoted one of the claimed period.

    A quoted amount paired with another period is refused (``period_mismatch``).
    """
    period, calendar = when
    inside = [p for p in pairs if p.amount[0] < segment[1] and p.amount[1] > segment[0]]
    if not inside:
        return None, segment
    fitting = [p for p in inside if _names(p.period, period, claim, calendar)]
    if len(fitting) != 1:
        periods = ", ".join(repr(p.period) for p in inside)
        raise CaliberMismatchError(
            f"the sentence pairs its amounts with {', '.join(repr(p.period) for p in pairs)} "
            f"(respectively); the quoted amount(s) are for {periods}, not the claimed "
            f"{claim.period!r}; quote the amount of the claimed period",
            operation="resolve",
            left=claim.period,
            right=inside[0].period,
            differing=("period",),
        )
    return fitting[0], fitting[0].amount


def _names(written: str, period: Period, claim: Claim, calendar: FiscalCalendar | None) -> bool:
    try:
        named = parse_period(written, calendar).period
    except FincalcError:
        return False
    return same_claimed_period(named, period, claim.period, calendar)


# -- the unit bare numbers are read in ------------------------------------------------------


def _unit_of(
    doc: Document,
    structure: Structure,
    span: tuple[int, int],
    claim: Claim,
    cell: Candidate | None,
) -> tuple[UnitContext | None, UnitDeclaration | None, bool]:
    """The unit of ``span``: its cell's tag's (True) unless the page contradicts it (``agrees``)."""
    context, declaration = _context(doc, structure, span, claim, cell)
    tagged = tag_declaration(doc.tag_at(*span)) if cell is not None and doc.tags else None
    if tagged is not None and agrees(tagged, (declaration, structure.declaration_at(*span))):
        return tagged.context, tagged, True
    return context, declaration, False


def _context(
    doc: Document,
    structure: Structure,
    span: tuple[int, int],
    claim: Claim,
    cell: Candidate | None,
) -> tuple[UnitContext | None, UnitDeclaration | None]:
    """The unit bare numbers in ``span`` are read in, and where it was declared.

    Precedence: the row label's unit, then the column header's unit, then the
    table's declaration (with its share-count, per-share and percentage
    exceptions), then the page unit the caller gave (``Document(unit=...)``).
    """
    text, table = doc.text, structure.table
    start, end = span
    line_end = text.find("\n", end)
    row_end = line_end if line_end != -1 else len(text)
    if cell is not None and cell.label_span is not None:
        labelled = label_unit(text, cell.label_span, row_end, table=table)
    else:
        labelled = row_unit(text, start, end, table=table)
    if labelled is not None:  # "营业收入（万元） | 87,432": the row's own unit wins
        return labelled.context, labelled
    column = cell.column if cell is not None else None
    if column is not None and column.unit is not None and column.unit_span is not None:
        # "| 2024年 |" over "| 人民幣千元 |": the column's unit beats the table's.
        return column.unit, UnitDeclaration(
            text=text[column.unit_span[0] : column.unit_span[1]],
            span=column.unit_span,
            region=(column.unit_span[0], row_end),
            context=column.unit,
        )
    label = cell.label if cell is not None and cell.label else line_of(text, start, end)
    kind = row_kind(label, claim.metric)
    if kind == "shares" and claim.currency is not None and row_kind("", claim.metric) is None:
        kind = None  # "Common stock, ... 15,550,061 shares issued": an amount of money
    declaration = structure.declaration_at(start, end)
    if declaration is not None:
        _not_a_number_unit(text, declaration, (start, end))
    if declaration is None:
        if isinstance(doc.unit, UnitContext):
            return _excepted(doc.unit, kind, doc, per_share=True), None
        return None, None
    if declaration.share_context is not None and kind == "shares":
        where = declaration.share_span or declaration.span
        return declaration.share_context, replace(
            declaration,
            text=text[where[0] : where[1]],
            span=where,
            context=declaration.share_context,
            share_context=None,
            share_span=None,
        )
    context = _excepted(
        declaration.context,
        kind,
        doc,
        per_share=declaration.except_per_share,
        percent=declaration.except_percent,
    )
    return context, declaration


# "Treasury stock, at cost – 256,638,054 and 263,044,840 shares | (31,603) | (32,386)":
# figures a label lists before "shares" (a converter puts each on its own line)
_SHARES_AFTER = regex.compile(
    rf"(?i)\s*(?:(?:,|and|&|和|、)\s*[\d,.]+\s*)*(?:{any_of('shares.words')})\b|\s*股"
)


def _not_a_share_count(text: str, cell: Candidate, claim: Claim) -> None:
    """Refuse a money claim for a number of shares written inside a row's label."""
    if claim.currency is None or not _SHARES_AFTER.match(text, cell.end):
        return
    shown = " ".join(text[cell.start : cell.end + 60].split())
    raise AmbiguousQuantityError(
        f"the quoted figure {text[cell.start : cell.end].strip()!r} is a number of shares "
        f"written in the row label ({shown!r}), not an amount of {claim.currency}; quote the "
        "row's amount under the claimed period, or only the cell you mean",
        text=text[cell.start : cell.end + 60],
        candidates=(text[cell.start : cell.end],),
    )


_BARE_SCALE = regex.compile(r"(?i)(?:million|billion|thousand|trillion)s?|[万亿]元?")
_ENDS_IN_NUMBER = regex.compile(r"\d\s*$")


def _not_a_number_unit(text: str, declaration: UnitDeclaration, span: tuple[int, int]) -> None:
    """Refuse a "declaration" that is the scale of the number on the line before it.

    A converter that writes each text node on its own line breaks "$ 8.3 billion"
    in a table row into "8.3" / "billion": the bare scale word is that figure's,
    not a declaration for the rows below it (which the table's "(in millions)"
    governs).
    """
    line_start = text.rfind("\n", 0, declaration.span[0]) + 1
    line_end = text.find("\n", declaration.span[1])
    line = text[line_start : line_end if line_end != -1 else len(text)].strip()
    if not _BARE_SCALE.fullmatch(line) or line_start == 0:
        return
    before = text[text.rfind("\n", 0, line_start - 1) + 1 : line_start - 1]
    if _ENDS_IN_NUMBER.search(before):
        raise MissingUnitError(
            f"the line {line!r} above the quoted amount is the scale of the figure "
            f"{before.strip()[-20:]!r} before it, not a unit declaration of the rows below, "
            "and fincalc cannot tell which declaration governs the quoted amount "
            f"{text[span[0] : span[1]].strip()[:40]!r}; ground the figure from a form of the "
            "page that keeps the table's rows whole (the HTML through Document.from_html), "
            "or from a sentence that states it with its unit",
            text=text[span[0] : span[1]][:200],
        )


def _excepted(
    context: UnitContext,
    kind: str | None,
    doc: Document,
    *,
    per_share: bool,
    percent: bool = False,
) -> UnitContext | None:
    """The declared unit, or its exception for a per-share or percentage row."""
    if per_share and kind == "per_share":
        # "(in millions, except per share data)": a per-share row keeps the
        # currency but not the scale.
        # Without a currency in the declaration or the document, the amount stays
        # unscaled and takes the currency the row writes ("Diluted $ 1.60"), as any
        # scaled amount does (``_dimension``).
        currency = context.dimension or doc.currency
        return UnitContext(Decimal(1), currency, "per share", context.declaration)
    if percent and kind == "percent":
        return UnitContext(Decimal("0.01"), "RATIO", "%", context.declaration)
    return context


# -- parsing and the amount's dimension --------------------------------------------------


def _parse(
    doc: Document,
    segment: str,
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
    context: UnitContext | None,
    table: UnitTable,
    label: str,
) -> Quantity:
    try:
        return parse_quantity(segment, dimension=claim.currency, context=context, table=table)
    except MissingUnitError as error:
        raise _bare(doc, error, label) from None
    except AmbiguousQuantityError:
        picked = disambiguate(segment, claim, when, context, table)
        if picked is None:
            raise  # "£245m (2022: £221m)" by period, "... to $12.9 billion" the level
        return picked
    except ParseError:
        if claim.currency is None:
            raise
    # No amount in the claimed currency: find out what the quote does hold.
    try:
        found = parse_quantity(segment, context=context, table=table)
    except MissingUnitError as error:
        raise _bare(doc, error, label) from None
    if found.dimension is not None:
        raise DimensionMismatchError(
            f"claim says {claim.currency} but the quoted amount {found.raw!r} is "
            f"{found.dimension}; fincalc never converts implicitly",
            operation="resolve",
            left=found.dimension,
            right=claim.currency,
        ) from None
    return found


def _bare(doc: Document, error: MissingUnitError, label: str) -> ParseError:
    """The error for a bare number: the unit its row label names, or the unit to pass."""
    unit = next(
        (g.group(1) for g in _LABEL_UNIT.finditer(label) if _NON_MONEY.search(g.group(1))), None
    )
    if unit is not None:  # "燃煤消耗量（万吨）": the row says its unit, the table lacks it
        return UnknownUnitError(
            f"the row label {label.strip()!r} gives the unit {unit!r}, which is not in the "
            "unit table; pass table=UnitTable.default().extended({...}) with the unit",
            text=error.text,
            unit=unit,
        )
    number = error.number or error.text
    return MissingUnitError(
        f"the quoted amount {number!r} is a bare number, and no unit declaration of document "
        f"{doc.id!r} governs it (none such as '(In millions)' or '单位：万元' above it on the "
        "same page and statement); pass Document(..., unit='(In millions)') when you know the "
        "page's unit, or quote the figure with its unit",
        text=error.text,
        number=error.number,
        position=error.position,
    )


def _dimension(
    doc: Document, table: UnitTable, quantity: Quantity, claim: Claim, cell: Candidate | None
) -> Quantity:
    """Give a scaled amount without a currency the page's currency, when it is money."""
    if quantity.dimension is None:
        label = cell.label if cell is not None else ""
        if claim.currency is None and row_kind(label, claim.metric) == "shares":
            return replace(quantity, dimension="SHARES")  # a share count is no money
        unit = _unit_after(doc.text, quantity)
        if unit is not None or _NON_MONEY.search(label) or _NON_MONEY.search(claim.metric):
            named = unit or "a non-money unit"
            raise UnknownUnitError(
                f"the quoted amount {quantity.raw!r} is in {named!r}, which is not money and not "
                "in the unit table, so the document's currency does not apply; pass "
                "table=UnitTable.default().extended({...}) with the unit",
                text=quantity.raw,
                unit=unit,
            )
        currency = doc.currency
        if currency is None and cell is not None and cell.mark is not None:
            currency = table.prefix_currency(cell.mark)  # "$" on its own line before the row
        if currency is None:
            wanted = claim.currency or "CNY"
            raise MissingUnitError(
                f"the quoted amount {quantity.raw!r} has a scale but no currency, and document "
                f"{doc.id!r} declares no reporting currency; pass "
                f"Document(..., currency={wanted!r}) when the filing states it",
                text=quantity.raw,
                number=quantity.raw,
            )
        quantity = replace(quantity, dimension=currency)
    if claim.currency is not None and quantity.dimension != claim.currency:
        raise DimensionMismatchError(
            f"claim says {claim.currency} but the quoted amount {quantity.raw!r} is "
            f"{quantity.dimension}; fincalc never converts implicitly",
            operation="resolve",
            left=quantity.dimension,
            right=claim.currency,
        )
    if claim.currency is None and _CURRENCY_CODE.fullmatch(quantity.dimension or ""):
        raise DimensionMismatchError(
            f"claim for {claim.metric!r} declares no currency, but the quoted amount "
            f"{quantity.raw!r} is {quantity.dimension}; declare currency="
            f"{quantity.dimension!r} (null is for ratios, multiples and counts)",
            operation="resolve",
            left=quantity.dimension,
            right=None,
        )
    return quantity


def _unit_after(text: str, quantity: Quantity) -> str | None:
    """A non-money unit written right after the amount ("1,234万吨", "5,000 m³"), if any."""
    if quantity.span is None:
        return None
    after = text[quantity.span[1] : quantity.span[1] + _AFTER]
    found = _NON_MONEY.match(after.lstrip())
    return found.group() if found is not None else None

"""From model output to grounded facts: ``Claim``, ``Document``, ``resolve``.

A claim is what a model is asked to emit: a cited evidence id, a verbatim
quote, and what the number means. ``resolve`` locates the quote in the cited
document, reads the amount *from the document* at the located span (under the
unit declaration governing that span, if any), builds the caliber from the
claim, and returns a ``Fact`` — or raises the ``FincalcError`` that says why
not. ``resolve_all`` never fails part-way: every claim ends as a fact or as a
refusal with a reason code.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal
from typing import Any, Literal

import regex
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ._caliber import Basis, Caliber, Tax
from ._errors import (
    AmbiguousQuantityError,
    AmbiguousQuoteError,
    CaliberMismatchError,
    DimensionMismatchError,
    FincalcError,
    InvalidInputError,
    InvalidQuoteError,
    InvalidRecordError,
    MissingUnitError,
    ParseError,
    PeriodError,
    QuoteNotFoundError,
    UnknownEvidenceError,
    UnknownUnitError,
)
from ._facts import Evidence, Fact
from ._locate import locate
from ._ops import find_conflicts
from ._parse import parse_quantity
from ._period import FiscalCalendar, Period, parse_period
from ._quantity import Quantity, check_dimension
from ._units import UnitContext, find_unit_declarations, unit_context_from_header

__all__ = [
    "Claim",
    "Document",
    "Refusal",
    "Resolution",
    "UnitDeclaration",
    "claim_json_schema",
    "resolve",
    "resolve_all",
]

_DIGIT = regex.compile(r"\p{Nd}")


# -- Claim -----------------------------------------------------------------------


class Claim(BaseModel):
    """What a model emits for one number: where it is and what it means.

    The model never states the number itself; it quotes the source verbatim
    and fincalc reads the number from the document.

    Attributes:
        evidence_id: Id of the cited document or chunk.
        quote: A verbatim quote from that document containing the number.
        metric: What is measured ("营业收入", "Revenue", "毛利率").
        entity: Whose figure it is (company, segment, region).
        period: The period as text ("2025年第三季度", "FY2024", "2023-12-31",
            or an explicit range "2025-07-01 to 2025-09-30", both days inclusive).
        basis: "single_period", "cumulative" or "instant"; must agree with the period.
        tax: "inclusive", "exclusive" or "na" (the default).
        currency: The currency the model believes the amount is in (ISO code),
            or null for ratios, multiples and counts.

    >>> claim = Claim.model_validate_json(
    ...     '{"evidence_id": "r1", "quote": "营业收入 8.7 亿元", "metric": "营业收入",'
    ...     ' "entity": "华东区", "period": "2025年第三季度", "basis": "single_period",'
    ...     ' "tax": "na", "currency": "CNY"}'
    ... )
    >>> claim.basis
    'single_period'
    """

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    evidence_id: str = Field(min_length=1, description="Id of the cited document or chunk.")
    quote: str = Field(
        min_length=1,
        description="Verbatim text copied from the cited document that contains the number.",
    )
    metric: str = Field(min_length=1, description="The metric, e.g. 营业收入 or Revenue.")
    entity: str = Field(min_length=1, description="Company, segment or region the number is for.")
    period: str = Field(
        min_length=1, description="The period, e.g. 2025年第三季度, FY2024, 2023-12-31."
    )
    basis: Literal["single_period", "cumulative", "instant"] = Field(
        description="single_period, cumulative (year-to-date) or instant (balance-sheet date)."
    )
    tax: Literal["inclusive", "exclusive", "na"] = Field(
        default="na", description="Whether the amount includes tax; na when not applicable."
    )
    currency: str | None = Field(
        default=None,
        description="ISO 4217 code of the amount's currency, or null for ratios and counts.",
    )

    @field_validator("quote")
    @classmethod
    def _quote_has_a_digit(cls, value: str) -> str:
        if not _DIGIT.search(value):
            raise ValueError("the quote must contain the number, i.e. at least one digit")
        return value

    @field_validator("currency")
    @classmethod
    def _currency_is_a_code(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        code = value.upper()
        if not regex.fullmatch(r"[A-Z]{3}", code):
            raise ValueError(f"currency {value!r} is not an ISO 4217 code such as CNY or USD")
        return code

    @classmethod
    def model_validate_json(cls, json_data: Any, *args: Any, **kwargs: Any) -> Claim:
        """Parse model output; malformed output raises ``InvalidRecordError``."""
        try:
            return super().model_validate_json(json_data, *args, **kwargs)
        except ValidationError as exc:
            raise _record_error(exc, "Claim") from exc

    @classmethod
    def model_validate(cls, obj: Any, *args: Any, **kwargs: Any) -> Claim:
        """Validate a dict; malformed input raises ``InvalidRecordError``."""
        try:
            return super().model_validate(obj, *args, **kwargs)
        except ValidationError as exc:
            raise _record_error(exc, "Claim") from exc


def _record_error(exc: ValidationError, source: str) -> InvalidRecordError:
    first = exc.errors()[0]
    field_name = ".".join(str(part) for part in first.get("loc", ())) or None
    reason = str(first.get("msg", "invalid"))
    return InvalidRecordError(
        f"invalid {source}: {field_name or '(record)'}: {reason}"
        + (f" ({exc.error_count()} errors in all)" if exc.error_count() > 1 else ""),
        source=source,
        field=field_name,
        reason=reason,
    )


# Keywords the strict structured-output modes of common LLM APIs reject or ignore.
_UNSUPPORTED_SCHEMA_KEYS = frozenset(
    {"default", "title", "minLength", "maxLength", "pattern", "format", "examples"}
)


def _clean_schema(node: Any) -> Any:
    if isinstance(node, dict):
        cleaned = {
            key: _clean_schema(value)
            for key, value in node.items()
            if key not in _UNSUPPORTED_SCHEMA_KEYS
        }
        if "anyOf" in cleaned and all(
            isinstance(option, dict) and set(option) == {"type"} for option in cleaned["anyOf"]
        ):
            # {"anyOf": [{"type": "string"}, {"type": "null"}]} -> {"type": ["string", "null"]}
            cleaned["type"] = [option["type"] for option in cleaned.pop("anyOf")]
        return cleaned
    if isinstance(node, list):
        return [_clean_schema(item) for item in node]
    return node


@functools.cache
def _claim_schema() -> dict[str, Any]:
    schema = _clean_schema(Claim.model_json_schema())
    schema["required"] = list(schema["properties"])
    schema["additionalProperties"] = False
    schema["description"] = (
        "One number cited from a source document: quote it verbatim and say what it means."
    )
    return {"type": "object", **{k: v for k, v in schema.items() if k != "type"}}


def claim_json_schema(*, many: bool = False) -> dict[str, Any]:
    """A JSON schema for ``Claim`` usable as an LLM structured-output schema.

    An object with ``additionalProperties: false``, every property listed in
    ``required`` (optional values are nullable instead), and no keywords that
    strict modes reject (``default``, ``minLength``, ``pattern``, ``format``).
    With ``many=True`` the schema is ``{"claims": [Claim, ...]}``.

    >>> schema = claim_json_schema()
    >>> schema["additionalProperties"], sorted(schema["required"]) == sorted(schema["properties"])
    (False, True)
    >>> schema["properties"]["currency"]["type"]
    ['string', 'null']
    """
    claim: dict[str, Any] = _deep_copy(_claim_schema())
    if not many:
        return claim
    return {
        "type": "object",
        "properties": {"claims": {"type": "array", "items": claim}},
        "required": ["claims"],
        "additionalProperties": False,
    }


def _deep_copy(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _deep_copy(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_deep_copy(item) for item in node]
    return node


# -- Document --------------------------------------------------------------------


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
    """

    text: str
    span: tuple[int, int]
    region: tuple[int, int]
    context: UnitContext
    except_per_share: bool = False
    share_context: UnitContext | None = None

    def governs(self, start: int, end: int) -> bool:
        """True when ``[start, end)`` lies inside the governed region."""
        return self.region[0] <= start and end <= self.region[1]


_EXCEPT_PER_SHARE = regex.compile(
    r"except\b[^)\n]{0,160}?per[\s-]share|每股\S{0,6}除外|除每股\S{0,12}外", regex.IGNORECASE
)
_PER_SHARE = regex.compile(r"per[\s-]share|\bEPS\b|每股", regex.IGNORECASE)
_HEADING = regex.compile(
    r"(?m)^[ \t]*(?:#{1,6}[ \t]|第[一二三四五六七八九十]+[节章]|[一二三四五六七八九十]+、"
    r"|（[一二三四五六七八九十]+）|Item[ \t]+\d+[A-Z]?\.|Note[ \t]+\d+\b|NOTE[ \t]+\d+\b)"
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
        for index, (span, context, line_start, line, share_context) in enumerate(found):
            limit = found[index + 1][0][0] if index + 1 < len(found) else len(self.text)
            result.append(
                UnitDeclaration(
                    text=self.text[span[0] : span[1]],
                    span=span,
                    region=(line_start, _region_end(self.text, span[0], limit)),
                    context=context,
                    except_per_share=bool(_EXCEPT_PER_SHARE.search(line)),
                    share_context=share_context,
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


# -- resolve ---------------------------------------------------------------------

ReasonCode = Literal[
    "unknown_evidence",
    "invalid_quote",
    "quote_not_found",
    "ambiguous_quote",
    "missing_unit",
    "unknown_unit",
    "ambiguous_quantity",
    "no_quantity",
    "dimension_mismatch",
    "basis_mismatch",
    "period_mismatch",
    "bad_period",
    "invalid_claim",
]

_REASONS: tuple[tuple[type[FincalcError], ReasonCode], ...] = (
    (UnknownEvidenceError, "unknown_evidence"),
    (InvalidQuoteError, "invalid_quote"),
    (QuoteNotFoundError, "quote_not_found"),
    (AmbiguousQuoteError, "ambiguous_quote"),
    (MissingUnitError, "missing_unit"),
    (UnknownUnitError, "unknown_unit"),
    (AmbiguousQuantityError, "ambiguous_quantity"),
    (ParseError, "no_quantity"),
    (DimensionMismatchError, "dimension_mismatch"),
    (CaliberMismatchError, "basis_mismatch"),
    (PeriodError, "bad_period"),
)


def reason_code(error: FincalcError) -> ReasonCode:
    """The short reason code a pipeline logs for a refused claim.

    >>> reason_code(PeriodError("x"))
    'bad_period'
    """
    if isinstance(error, CaliberMismatchError) and "period" in error.differing:
        return "period_mismatch"
    for kind, code in _REASONS:
        if isinstance(error, kind):
            return code
    return "invalid_claim"


_RANGE = regex.compile(
    r"\s*(\d{4}-\d{2}-\d{2})\s*(?:to|through|~|～|至|到|–|—|\.\.|/)\s*(\d{4}-\d{2}-\d{2})\s*"
)


def _claim_period(text: str, calendar: FiscalCalendar | None) -> tuple[Period, Basis]:
    explicit = _RANGE.fullmatch(text)
    if explicit is None:
        parsed = parse_period(text, calendar)
        return parsed.period, parsed.basis
    try:
        first, last = (date.fromisoformat(explicit[1]), date.fromisoformat(explicit[2]))
    except ValueError as exc:
        raise PeriodError(f"period {text!r} has an invalid date: {exc}", text=text) from exc
    period = Period(first, last + timedelta(days=1))
    from ._period import CALENDAR_YEAR

    return period, (calendar or CALENDAR_YEAR).basis_of(period)


def _as_documents(documents: Mapping[str, Document] | Iterable[Document]) -> dict[str, Document]:
    if isinstance(documents, Mapping):
        return dict(documents)
    by_id: dict[str, Document] = {}
    for doc in documents:
        if doc.id in by_id:
            raise InvalidInputError(
                f"two documents share the id {doc.id!r}; evidence ids must be unique",
                argument="documents",
                value=doc.id,
            )
        by_id[doc.id] = doc
    return by_id


def resolve(
    claim: Claim | Mapping[str, Any],
    documents: Mapping[str, Document] | Iterable[Document],
    *,
    calendar: FiscalCalendar | None = None,
    min_ratio: float = 0.9,
) -> Fact:
    """Ground one claim: locate its quote, read the amount there, build its caliber.

    The amount is parsed from the document at the located span (so a fuzzy
    match can forgive a typo in the quote's words but never changes the
    number), under the unit declaration governing that span when the number
    is bare. A unit written next to the number wins over the declaration.

    Raises:
        UnknownEvidenceError: no document has the claim's ``evidence_id``.
        QuoteNotFoundError, AmbiguousQuoteError, InvalidQuoteError: locating failed.
        MissingUnitError, AmbiguousQuantityError, ParseError: no single amount.
        DimensionMismatchError: the amount's currency is not the claimed one.
        PeriodError: the period text cannot be read.
        CaliberMismatchError: the claimed basis contradicts the period.

    >>> doc = Document("r1", "单位：万元\\n华东区 | 营业收入 | 87,432\\n")
    >>> fact = resolve(
    ...     Claim(evidence_id="r1", quote="营业收入 | 87,432", metric="营业收入",
    ...           entity="华东区", period="2024Q3", basis="single_period", currency="CNY"),
    ...     [doc],
    ... )
    >>> fact.value == 874_320_000, fact.evidence.unit_declaration
    (True, '单位：万元')
    """
    if not isinstance(claim, Claim):
        claim = Claim.model_validate(claim)
    by_id = _as_documents(documents)
    doc = by_id.get(claim.evidence_id)
    if doc is None:
        known = ", ".join(sorted(by_id)[:10])
        raise UnknownEvidenceError(
            f"claim cites evidence {claim.evidence_id!r}, which is not among the documents "
            f"({known}{', …' if len(by_id) > 10 else ''})",
            evidence_id=claim.evidence_id,
        )
    span = locate(doc.text, claim.quote, min_ratio=min_ratio)
    period, basis = _claim_period(claim.period, calendar)
    quantity, declaration = _read_quantity(doc, span.start, span.end, claim, (period, calendar))
    if basis.value != claim.basis:
        raise CaliberMismatchError(
            f"claim for {claim.metric!r}: basis {claim.basis!r} contradicts the period "
            f"{claim.period!r}, which is {basis.value!r}; quote the figure that matches the "
            "period, or correct the period",
            operation="resolve",
            left=claim.basis,
            right=basis.value,
            differing=("basis",),
        )
    caliber = Caliber(
        claim.metric,
        claim.entity,
        period,
        basis,
        quantity.dimension or "",
        Tax(claim.tax),
    )
    evidence = Evidence(
        evidence_id=claim.evidence_id,
        quote=claim.quote,
        span=(span.start, span.end),
        page=doc.page_at(span.start),
        method=span.method,
        score=span.score,
        unit_declaration=declaration.text if declaration else None,
        unit_declaration_span=declaration.span if declaration else None,
    )
    return Fact(quantity, caliber, evidence)


def _read_quantity(
    doc: Document,
    start: int,
    end: int,
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
) -> tuple[Quantity, UnitDeclaration | None]:
    text = doc.text[start:end]
    declaration = doc.declaration_at(start, end)
    context: UnitContext | None = None
    row = _row_unit(doc.text, start, end)
    if row is not None:  # "营业收入（万元） | 87,432": the row's own unit wins
        declaration, context = row, row.context
    elif declaration is not None:
        context = declaration.context
        kind = _row_kind(_line_of(doc.text, start, end), claim.metric)
        if declaration.share_context is not None and kind == "shares":
            context = declaration.share_context
        elif declaration.except_per_share and kind == "per_share":
            # "(in millions, except per share data)": a per-share row keeps the
            # currency but not the scale.
            currency = context.dimension or doc.currency
            context = (
                UnitContext(Decimal(1), currency, "per share", declaration.text)
                if currency is not None
                else None
            )
    try:
        quantity = parse_quantity(text, dimension=claim.currency, context=context)
    except AmbiguousQuantityError:
        # A quoted table row holds one cell per period: take the cell under the
        # column whose header names the claimed period, or stay ambiguous.
        cell = _period_cell(doc.text, start, end, *when)
        if cell is None:
            raise
        quantity = parse_quantity(
            doc.text[cell[0] : cell[1]], dimension=claim.currency, context=context
        )
        if quantity.span is not None:
            shift = cell[0] - start
            quantity = replace(quantity, span=(quantity.span[0] + shift, quantity.span[1] + shift))
    except ParseError:
        if claim.currency is None:
            raise
        # No amount in the claimed currency: find out what the quote does hold.
        quantity = parse_quantity(text, context=context)
        if quantity.dimension is not None:
            raise DimensionMismatchError(
                f"claim says {claim.currency} but the quoted amount {quantity.raw!r} is "
                f"{quantity.dimension}; fincalc never converts implicitly",
                operation="resolve",
                left=quantity.dimension,
                right=claim.currency,
            ) from None
    used = declaration if (context is not None and quantity.unit_from_context) else None
    if quantity.span is not None:
        q_start, q_end = start + quantity.span[0], start + quantity.span[1]
        quantity = replace(quantity, span=(q_start, q_end))
        column = _column_period(doc.text, q_start, q_end, when[1])
        if column is not None and column[0] != when[0]:
            named, header = column
            raise CaliberMismatchError(
                f"the quoted amount {quantity.raw!r} is in the column headed {header!r} "
                f"({named.describe()}), but the claim says {claim.period!r} "
                f"({when[0].describe()}); quote the cell under the claimed period",
                operation="resolve",
                left=claim.period,
                right=header,
                differing=("period",),
            )
    if quantity.dimension is None:
        if doc.currency is None:
            raise DimensionMismatchError(
                f"the quoted amount {quantity.raw!r} has a scale but no currency, and document "
                f"{doc.id!r} declares no reporting currency; pass Document(..., currency='CNY') "
                "when the filing states it",
                operation="resolve",
                left=None,
                right=claim.currency,
            )
        quantity = replace(quantity, dimension=doc.currency)
    if claim.currency is not None and quantity.dimension != claim.currency:
        raise DimensionMismatchError(
            f"claim says {claim.currency} but the quoted amount {quantity.raw!r} is "
            f"{quantity.dimension}; fincalc never converts implicitly",
            operation="resolve",
            left=quantity.dimension,
            right=claim.currency,
        )
    return quantity, used


_SEPARATOR_ROW = regex.compile(r"[\s|:\-+=]*")
_HEADER_SEARCH_LINES = 40


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


def _header_columns(
    text: str, start: int, end: int, calendar: FiscalCalendar | None
) -> tuple[list[tuple[int, int]], list[Period | None]] | None:
    """The cells of the delimited row holding ``[start, end)`` and its header's periods.

    Works for "|"- and tab-delimited rows: the nearest preceding row of the
    same table with a cell that reads as a period is the header.
    """
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line_end = len(text) if line_end == -1 else line_end
    if end > line_end:
        return None  # a row quote stays on one line
    line = text[line_start:line_end]
    delimiter = "|" if "|" in line else "\t" if "\t" in line else None
    if delimiter is None:
        return None
    row = _cells(text, line_start, line_end, delimiter)
    cursor = line_start - 1
    for _ in range(_HEADER_SEARCH_LINES):
        if cursor <= 0:
            return None
        header_start = text.rfind("\n", 0, cursor) + 1
        header = text[header_start:cursor]
        cursor = header_start - 1
        if delimiter not in header:
            if header.strip():
                return None  # left the table
            continue
        if _SEPARATOR_ROW.fullmatch(header):
            continue
        columns = _cells(text, header_start, header_start + len(header), delimiter)
        periods = [_cell_period(text[a:b], calendar) for a, b in columns]
        if any(periods):
            return row, periods
    return None


def _period_cell(
    text: str, start: int, end: int, period: Period, calendar: FiscalCalendar | None
) -> tuple[int, int] | None:
    """The cell of the quoted table row under the header naming ``period``.

    Exactly one header cell must name the claimed period, and its cell must
    lie inside the quote.
    """
    found = _header_columns(text, start, end, calendar)
    if found is None:
        return None
    row, periods = found
    matches = [i for i, named in enumerate(periods) if named == period and i < len(row)]
    if len(matches) != 1:
        return None
    cell = row[matches[0]]
    return cell if start <= cell[0] and cell[1] <= end else None


def _column_period(
    text: str, start: int, end: int, calendar: FiscalCalendar | None
) -> tuple[Period, str] | None:
    """The period named by the header of the column holding ``[start, end)``, if any."""
    found = _header_columns(text, start, end, calendar)
    if found is None:
        return None
    row, periods = found
    for index, (a, b) in enumerate(row):
        if a <= start and end <= b and index < len(periods):
            named = periods[index]
            return None if named is None else (named, text[a:b])
    return None


def _cell_period(cell: str, calendar: FiscalCalendar | None) -> Period | None:
    text = cell.strip()
    if not text or len(text) > 40 or not _DIGIT.search(text):
        return None
    try:
        return parse_period(text, calendar).period
    except PeriodError:
        return None


_EXCEPT = regex.compile(r"\bexcept\b|除外|除.{0,12}外", regex.IGNORECASE)
_SHARES = regex.compile(r"\bshares?\b|股数|股份", regex.IGNORECASE)


def _primary_declarations(
    text: str, found: list[tuple[tuple[int, int], UnitContext]]
) -> list[tuple[tuple[int, int], UnitContext, int, str, UnitContext | None]]:
    """One declaration per line; a later one on the line is an exception to the first.

    "(In millions, except number of shares, which are reflected in
    thousands, and per-share amounts)" declares millions for the table and
    thousands for share counts only: the second unit must not govern the
    table. An exception that names shares becomes the share context; any
    other exception unit is dropped (bare numbers it governs stay in the
    primary unit, so per-row exceptions should be quoted with their unit).
    """
    result: list[tuple[tuple[int, int], UnitContext, int, str, UnitContext | None]] = []
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
                    result[-1] = (*result[-1][:4], share)
                continue
        result.append((span, context, line_start, line, None))
    return result


_PAREN_GROUP = regex.compile(r"[（(]\s*+([^()（）\n\d]{1,16}?)\s*+[)）]")
_PER_SHARE_SUFFIX = regex.compile(r"\s*(?:/|每|per\s)\s*(?:股|share)$", regex.IGNORECASE)


def _row_unit(text: str, start: int, end: int) -> UnitDeclaration | None:
    """A unit written in the row label before the number: "基本每股收益（元/股） | 0.52".

    Only a parenthesised group between the start of the line and the first
    digit of the quote counts, and only when it reads as a unit (a
    per-share unit keeps its currency: 元/股 is CNY).
    """
    line_start = text.rfind("\n", 0, start) + 1
    digit = _DIGIT.search(text, start, end)
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


@dataclass(frozen=True, slots=True)
class Refusal:
    """A claim that did not become a fact, with the error and a short reason code."""

    claim: Claim | Mapping[str, Any]
    error: FincalcError
    reason: ReasonCode

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        claim = self.claim.model_dump() if isinstance(self.claim, Claim) else dict(self.claim)
        return {"claim": claim, "reason": self.reason, "message": str(self.error)}


@dataclass(frozen=True, slots=True)
class Resolution:
    """What ``resolve_all`` returns: facts, refusals and conflicting fact groups."""

    facts: tuple[Fact, ...]
    refusals: tuple[Refusal, ...]
    conflicts: tuple[tuple[Fact, ...], ...]

    @property
    def ok(self) -> bool:
        """True when every claim became a fact and no facts conflict."""
        return not self.refusals and not self.conflicts


def resolve_all(
    claims: Iterable[Claim | Mapping[str, Any]],
    documents: Mapping[str, Document] | Iterable[Document],
    *,
    calendar: FiscalCalendar | None = None,
    min_ratio: float = 0.9,
) -> Resolution:
    """Resolve every claim; each ends as exactly one fact or one refusal.

    Conflicts (equal calibers, different values, e.g. 15% in 管理层讨论 and
    14.8% in 财务数据摘要) are reported, not averaged.

    >>> doc = Document("r1", "2025年第三季度华东区营业收入8.7亿元。")
    >>> res = resolve_all(
    ...     [
    ...         {"evidence_id": "r1", "quote": "营业收入8.7亿元", "metric": "营业收入",
    ...          "entity": "华东区", "period": "2025年第三季度", "basis": "single_period",
    ...          "currency": "CNY"},
    ...         {"evidence_id": "r1", "quote": "营业收入8.1亿元", "metric": "营业收入",
    ...          "entity": "华东区", "period": "2025年第三季度", "basis": "single_period",
    ...          "currency": "CNY"},
    ...     ],
    ...     [doc],
    ... )
    >>> len(res.facts), [r.reason for r in res.refusals]
    (1, ['quote_not_found'])
    """
    by_id = _as_documents(documents)
    facts: list[Fact] = []
    refusals: list[Refusal] = []
    for raw in claims:
        try:
            claim = raw if isinstance(raw, Claim) else Claim.model_validate(raw)
            facts.append(resolve(claim, by_id, calendar=calendar, min_ratio=min_ratio))
        except FincalcError as error:
            refusals.append(Refusal(raw, error, reason_code(error)))
    conflicts = tuple(tuple(group) for group in find_conflicts(facts))
    return Resolution(tuple(facts), tuple(refusals), conflicts)

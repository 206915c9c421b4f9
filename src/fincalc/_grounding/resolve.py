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

from .._locating.locate import locate
from .._reading.parse import parse_quantity
from .._reading.units import UnitContext, find_unit_declarations, unit_context_from_header
from .._values.caliber import Basis, Caliber, Tax
from .._values.errors import (
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
from .._values.facts import Evidence, Fact, find_conflicts
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period, parse_period
from .._values.public import public
from .._values.quantity import Quantity, check_dimension

__all__ = [
    "Claim",
    "Document",
    "Resolution",
    "UnitDeclaration",
    "UnresolvedClaim",
    "claim_json_schema",
    "resolve",
    "resolve_all",
    "row_unit",
]

_DIGIT = regex.compile(r"\p{Nd}")
_CURRENCY_CODE = regex.compile(r"[A-Z]{3}")
_CURRENCY_ALIASES = {"RMB": "CNY", "人民币": "CNY", "人民幣": "CNY"}


# -- Claim -----------------------------------------------------------------------


@public
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
        description=(
            "single_period, cumulative (year-to-date) or instant (balance-sheet date). A first "
            "quarter or a whole fiscal year may be labelled either single_period or cumulative "
            "(the figures are the same); it is recorded as single_period."
        )
    )
    tax: Literal["inclusive", "exclusive", "na"] = Field(
        default="na", description="Whether the amount includes tax; na when not applicable."
    )
    currency: str | None = Field(
        default=None,
        description=(
            "ISO 4217 code of the amount's currency (RMB is read as CNY), or null for ratios "
            "and counts."
        ),
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
        # RMB is what A-share and HKEX filings write for CNY; ISO 4217 says CNY.
        code = _CURRENCY_ALIASES.get(value.strip().upper(), value.strip().upper())
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


def _gemini_schema(node: Any) -> Any:
    """OpenAPI-subset shape for Gemini's ``response_schema``.

    A single ``type`` with ``nullable: true`` instead of a type list, and no
    ``additionalProperties`` (Gemini rejects both).
    """
    if isinstance(node, dict):
        out = {
            key: _gemini_schema(value)
            for key, value in node.items()
            if key != "additionalProperties"
        }
        kind = out.get("type")
        if isinstance(kind, list):
            types = [t for t in kind if t != "null"]
            out["type"] = types[0] if len(types) == 1 else types
            if "null" in kind:
                out["nullable"] = True
        return out
    if isinstance(node, list):
        return [_gemini_schema(item) for item in node]
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


@public
def claim_json_schema(
    *, many: bool = False, dialect: Literal["openai", "gemini"] = "openai"
) -> dict[str, Any]:
    """A JSON schema for ``Claim`` usable as an LLM structured-output schema.

    ``dialect="openai"`` (the default; also what Anthropic tool schemas take):
    an object with ``additionalProperties: false``, every property listed in
    ``required`` (optional values are nullable as ``"type": ["string",
    "null"]``), and no keywords that strict modes reject (``default``,
    ``minLength``, ``pattern``, ``format``). ``dialect="gemini"``: the same
    without ``additionalProperties`` and with one ``type`` plus
    ``"nullable": true``, which is what Gemini's ``response_schema`` accepts.
    With ``many=True`` the schema is ``{"claims": [Claim, ...]}``.

    >>> schema = claim_json_schema()
    >>> schema["additionalProperties"], sorted(schema["required"]) == sorted(schema["properties"])
    (False, True)
    >>> schema["properties"]["currency"]["type"]
    ['string', 'null']
    >>> gemini = claim_json_schema(dialect="gemini")
    >>> gemini["properties"]["currency"]["type"], gemini["properties"]["currency"]["nullable"]
    ('string', True)
    """
    if dialect not in ("openai", "gemini"):
        raise InvalidInputError(
            f"claim_json_schema: dialect {dialect!r} is not 'openai' or 'gemini'",
            argument="dialect",
            value=dialect,
        )
    claim: dict[str, Any] = _deep_copy(_claim_schema())
    schema = claim
    if many:
        schema = {
            "type": "object",
            "properties": {"claims": {"type": "array", "items": claim}},
            "required": ["claims"],
            "additionalProperties": False,
        }
    return _gemini_schema(schema) if dialect == "gemini" else schema


def _deep_copy(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _deep_copy(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_deep_copy(item) for item in node]
    return node


# -- Document --------------------------------------------------------------------


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
    if (
        isinstance(error, InvalidRecordError)
        and error.field == "quote"
        and "errors in all" not in error.message
    ):
        return "invalid_quote"  # only the quote is wrong (empty or digit-free)
    for kind, code in _REASONS:
        if isinstance(error, kind):
            return code
    return "invalid_claim"


_RANGE = regex.compile(
    r"\s*(\d{4}-\d{2}-\d{2})\s*(?:to|through|~|～|至|到|–|—|\.\.|/)\s*(\d{4}-\d{2}-\d{2})\s*"
)


def _check_fuzzy_kept_names(claim: Claim, matched: str, start: int, end: int, score: float) -> None:
    """A fuzzy match may forgive a typo, never a different entity or metric.

    "华东区实现营业收入18.7亿元" must not ground to "华南区实现营业收入18.7亿元":
    when the claim's entity or metric is written in the quote, it must be
    written in the matched text too.
    """
    squeezed = "".join(matched.split())
    for name in ("entity", "metric"):
        value = "".join(getattr(claim, name).split())
        if value and value in "".join(claim.quote.split()) and value not in squeezed:
            raise QuoteNotFoundError(
                f"quote {claim.quote!r} matched {matched!r} only fuzzily, and the match "
                f"does not contain the claim's {name} {getattr(claim, name)!r}; a fuzzy match "
                "may forgive a typo, never another entity or metric",
                quote=claim.quote,
                candidate=matched,
                candidate_span=(start, end),
                score=score,
                reason=f"the {name} {getattr(claim, name)!r} is not in the matched text",
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


@public
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
    if span.method == "fuzzy":
        _check_fuzzy_kept_names(claim, span.text, span.start, span.end, span.score)
    period, basis = _claim_period(claim.period, calendar)
    quantity, declaration = _read_quantity(doc, span.start, span.end, claim, (period, calendar))
    if quantity.span is not None:
        _check_quote_period(
            doc.text, (span.start, span.end), quantity.span, claim, period, calendar
        )
    if basis.value != claim.basis and not (
        # A first quarter or a whole fiscal year is both its own period and its
        # year to date: either label gives the same number; the caliber keeps
        # the calendar's basis (single_period).
        basis is not Basis.INSTANT
        and claim.basis != "instant"
        and _basis_equivalent(period, calendar)
    ):
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
    period, calendar = when
    text = doc.text
    row = _table_row(text, start, end, calendar)
    inside = [cell for cell in row.amounts if cell.start < end and cell.end > start] if row else []
    chosen: _Cell | None = None
    if len(inside) == 1:
        chosen = inside[0]
    elif len(inside) > 1:
        # A quoted table row holds one cell per period: take the cell under the
        # column whose header names the claimed period, or stay ambiguous.
        chosen = _pick_cell(inside, period, calendar)
    seg_start, seg_end = (
        (max(start, chosen.start), min(end, chosen.end)) if chosen is not None else (start, end)
    )
    segment = text[seg_start:seg_end]
    for a, b in row.notes if row else ():  # a Notes/附注 cell is never an amount
        if seg_start <= a and b <= seg_end:
            segment = segment[: a - seg_start] + " " * (b - a) + segment[b - seg_start :]
    column = chosen.column if chosen is not None else None
    context, declaration = _context_at(doc, seg_start, seg_end, claim, column)
    try:
        quantity = parse_quantity(segment, dimension=claim.currency, context=context)
    except ParseError:
        if claim.currency is None:
            raise
        # No amount in the claimed currency: find out what the quote does hold.
        quantity = parse_quantity(segment, context=context)
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
        q_start, q_end = seg_start + quantity.span[0], seg_start + quantity.span[1]
        quantity = replace(quantity, span=(q_start, q_end))
        if row is not None:
            _check_column(row, text, (start, end), (q_start, q_end), claim, when, quantity.raw)
    if quantity.dimension is None:
        if doc.currency is None:
            wanted = claim.currency or "CNY"
            raise MissingUnitError(
                f"the quoted amount {quantity.raw!r} has a scale but no currency, and document "
                f"{doc.id!r} declares no reporting currency; pass "
                f"Document(..., currency={wanted!r}) when the filing states it",
                text=segment,
                number=quantity.raw,
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
    if claim.currency is None and _CURRENCY_CODE.fullmatch(quantity.dimension or ""):
        raise DimensionMismatchError(
            f"claim for {claim.metric!r} declares no currency, but the quoted amount "
            f"{quantity.raw!r} is {quantity.dimension}; declare currency="
            f"{quantity.dimension!r} (null is for ratios, multiples and counts)",
            operation="resolve",
            left=quantity.dimension,
            right=None,
        )
    return quantity, used


def _context_at(
    doc: Document, start: int, end: int, claim: Claim, column: _Column | None
) -> tuple[UnitContext | None, UnitDeclaration | None]:
    """The unit bare numbers in ``[start, end)`` are read in, and where it was declared.

    Precedence: the row label's unit, then the column header's unit, then the
    table's declaration (with its share-count and per-share exceptions).
    """
    row = row_unit(doc.text, start, end)
    if row is not None:  # "营业收入（万元） | 87,432": the row's own unit wins
        return row.context, row
    line_end = doc.text.find("\n", end)
    if column is not None and column.unit is not None and column.unit_span is not None:
        # "| 2024年 |" over "| 人民幣千元 |": the column's unit beats the table's.
        return column.unit, UnitDeclaration(
            text=doc.text[column.unit_span[0] : column.unit_span[1]],
            span=column.unit_span,
            region=(column.unit_span[0], line_end if line_end != -1 else len(doc.text)),
            context=column.unit,
        )
    declaration = doc.declaration_at(start, end)
    if declaration is None:
        return None, None
    kind = _row_kind(_line_of(doc.text, start, end), claim.metric)
    if declaration.share_context is not None and kind == "shares":
        span = declaration.share_span or declaration.span
        return declaration.share_context, replace(
            declaration,
            text=doc.text[span[0] : span[1]],
            span=span,
            context=declaration.share_context,
            share_context=None,
            share_span=None,
        )
    if declaration.except_per_share and kind == "per_share":
        # "(in millions, except per share data)": a per-share row keeps the
        # currency but not the scale.
        currency = declaration.context.dimension or doc.currency
        if currency is None:
            return None, declaration
        return UnitContext(Decimal(1), currency, "per share", declaration.text), declaration
    return declaration.context, declaration


# -- tables: rows, columns and what their headers say ------------------------------

_SEPARATOR_ROW = regex.compile(r"[\s|:\-+=]*")
_HEADER_SEARCH_LINES = 40
_WEEK = timedelta(days=7)

ColumnKind = Literal[
    "change", "cumulative", "single", "current", "prior", "instant_end", "instant_begin", "notes"
]

# CSRC/HKEX relative column headers, checked in this order (the first match wins):
# "本报告期比上年同期增减变动幅度(%)" is a change column, not 本报告期 nor 上年同期;
# "年初至报告期末" is cumulative, not the 期末 instant.
_COLUMN_KINDS: tuple[tuple[ColumnKind, regex.Pattern[str]], ...] = (
    ("notes", regex.compile(r"(?i)\s*(?:附注|附註|注释|註釋|notes?)\s*")),
    (
        "change",
        regex.compile(
            r"(?i)增减|增減|变动|變動|变化|變化|同比|比上年|较上年|較上年|%|％"
            r"|\bchange\b|\bgrowth\b|\byoy\b"
        ),
    ),
    (
        "cumulative",
        regex.compile(
            r"(?i)年初至(?:本)?报告期末|年初至(?:本)?報告期末|本年累计|本年累計|本期累计|年初至今"
            r"|year[- ]to[- ]date|\bytd\b"
        ),
    ),
    ("instant_begin", regex.compile(r"(?i)期初|上年年末|上年末|上年度末|上期期末|beginning of")),
    ("instant_end", regex.compile(r"(?i)期末|年末|end of (?:the )?(?:period|year)")),
    (
        "prior",
        regex.compile(r"(?i)上年同期|上期|上年度|上年|prior (?:year|period)|previous|last year"),
    ),
    ("single", regex.compile(r"本报告期|本報告期|本季度|本季")),
    ("current", regex.compile(r"(?i)本期|本年|当期|當期|current (?:year|period)")),
)
_UNITISH = regex.compile(
    r"(?i)元|千|万|萬|亿|億|%|％|'000|’000|million|thousand|billion|RMB|HK\$|US\$|USD|HKD|CNY"
    r"|人民币|人民幣|港元|港币|港幣|美元"
)
# A cell that is an amount, not a label: "87,432", "(1,234)", "$ 94,930", "-0.49", "8.7亿元".
_AMOUNT_CELL = regex.compile(r"(?:[\s$€£¥(（+\-−]|US\$|HK\$|RMB|USD|CNY|HKD)*\p{Nd}")
_NUMERIC_CELL = regex.compile(r"[(（]?[\-−]?(?:US\$|HK\$|[$€£¥])?\s?[\d,]+(?:\.\d+)?[)）]?%?")
_BARE_YEAR = regex.compile(r"(?:19|20)\d\d")
_SPACED_AMOUNT = regex.compile(
    r"(?<![\p{L}\p{Nd}.,\-])(?:(?:US\$|HK\$|RMB|[$€£¥])\s?)?[(（]?[\-−]?\p{Nd}[\d,]*(?:\.\d+)?"
    r"[)）]?%?(?![\p{L}\p{Nd}])"
)
_SPACED_TOKEN = regex.compile(r"\S+(?: \S+)*")
_MONTH_NAMES = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_HEADER_DATE_PARTS = regex.compile(
    rf"(?i)\b{_MONTH_NAMES}\s+\d{{1,2}},?|\b(?:19|20)\d\d\b|\d{{4}}年(?:\d{{1,2}}月(?:\d{{1,2}}日)?)?"
    r"|\d{1,2}月(?:\d{1,2}日)?"
)
_HEADER_WORDS = regex.compile(
    rf"(?i)\b{_MONTH_NAMES}\b|\b(?:19|20)\d\d\b|\bended\b|\bending\b|\bmonths\b|\bquarters?\b"
    r"|\bfiscal\b|\bweeks\b|年|季度|期末|期初"
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
    quarterly = any(_COLUMN_KINDS[2][1].search(h) for h in headers)
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
    if not _DIGIT.search(cell) or "000" in cell:  # "人民幣千元", "RMB'000", not "2024年度"
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
    return bool(_DIGIT.search(token))


def _is_spaced_header(line: str) -> bool:
    if not line.strip() or "|" in line or "\t" in line:
        return False
    if _DIGIT.search(_HEADER_DATE_PARTS.sub("", line)):
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
        if block or _HEADING.match(line):
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


def _pick_cell(cells: list[_Cell], period: Period, calendar: FiscalCalendar | None) -> _Cell | None:
    """The one cell whose column names ``period``, or whose relative header fits it."""
    named = [
        c for c in cells if c.column and c.column.period and _same_period(c.column.period, period)
    ]
    if len(named) == 1:
        return named[0]
    if named or any(c.column and c.column.period for c in cells):
        return None
    fitting = [
        c
        for c in cells
        if c.column is not None
        and c.column.kind not in (None, "change", "notes")
        and _kind_conflict(c.column.kind, period, calendar) is None
    ]
    return fitting[0] if len(fitting) == 1 else None


def _same_period(a: Period, b: Period) -> bool:
    """Equal, or the same period under a 52/53-week calendar (ends within a week)."""
    if a == b:
        return True
    return (
        a.is_instant == b.is_instant
        and abs(a.start - b.start) <= _WEEK
        and abs(a.end - b.end) <= _WEEK
    )


def _basis_equivalent(period: Period, calendar: FiscalCalendar | None) -> bool:
    """Single-period and cumulative give the same number: a first quarter or a whole year."""
    cal = calendar or CALENDAR_YEAR
    return cal.is_fiscal_year_start(period.start) and period.months in (3, 12)


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


def _check_column(
    row: _Row,
    text: str,
    quote: tuple[int, int],
    amount: tuple[int, int],
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
    raw: str,
) -> None:
    """Refuse an amount whose column header contradicts the claim."""
    period, calendar = when
    cell = next((c for c in row.amounts if c.start <= amount[0] and amount[1] <= c.end), None)
    column = cell.column if cell is not None else None
    if column is not None and column.period is not None:
        if not _same_period(column.period, period):
            raise CaliberMismatchError(
                f"the quoted amount {raw!r} is in the column headed {column.header!r} "
                f"({column.period.describe(calendar)}), but the claim says {claim.period!r} "
                f"({period.describe(calendar)}); quote the cell under the claimed period",
                operation="resolve",
                left=claim.period,
                right=column.header,
                differing=("period",),
            )
    elif column is not None and (conflict := _kind_conflict(column.kind, period, calendar)):
        what, field_name = conflict
        raise CaliberMismatchError(
            f"the quoted amount {raw!r} is in the column headed {column.header!r}, which is "
            f"{what}, but the claim says {claim.period!r} ({claim.basis}); quote the cell "
            "whose column matches the claimed period",
            operation="resolve",
            left=claim.basis,
            right=column.header,
            differing=(field_name,),
        )
    if (
        row.spaced
        and column is None
        and len(row.amounts) >= 2
        and not regex.search(r"[\p{L}]", text[quote[0] : amount[0]] + text[amount[1] : quote[1]])
    ):
        listed = tuple(text[c.start : c.end] for c in row.amounts)
        raise AmbiguousQuantityError(
            f"the quoted amount {raw!r} sits on a line of {len(row.amounts)} amounts "
            f"({', '.join(repr(v) for v in listed)}) whose column headers fincalc cannot align; "
            "quote the row label with the amount, or the column header",
            text=text[quote[0] : quote[1]],
            candidates=listed,
        )


def _cell_period(cell: str, calendar: FiscalCalendar | None, *, limit: int = 40) -> Period | None:
    text = cell.strip()
    if not text or len(text) > limit or not _DIGIT.search(text):
        return None
    try:
        return parse_period(text, calendar).period
    except PeriodError:
        return None


# -- periods named inside the quote ----------------------------------------------

_EN_MONTH_DAY = rf"{_MONTH_NAMES}\s+\d{{1,2}},?\s+\d{{4}}"
_QUOTE_PERIOD = regex.compile(
    # 2025年第三季度, 2025年上半年, 2025年前三季度, 2025年1-9月, 2024年12月31日, 2024年末, 2024年度
    r"(?P<full>(?<![\d.,])\d{4}\s*(?:财年|財年|年度|年)\s*(?:"
    r"第?[一二三四1-4]\s*季度?末?|q[1-4]|上半年|下半年|半年度|中期|前[一二三]\s*个?\s*季度"
    r"|\d{1,2}\s*(?:[-—~至到]\s*\d{1,2}\s*)?月(?:\s*\d{1,2}\s*日)?(?:末|底)?|末|底|全年)?"
    # three months ended September 30, 2025; fiscal year ended September 28, 2024
    rf"|(?:(?:three|six|nine|twelve|3|6|9|12)[ -]months?|(?:fiscal\s+)?years?|quarters?)"
    rf"\s+(?:ended|ending)\s+{_EN_MONTH_DAY}"
    r"|(?:the\s+)?(?:first|second|third|fourth)\s+quarter\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?)?"
    r"'?\d{4}"
    r"|\bq[1-4]\s?(?:fy)?\s?'?\d{2,4}\b|\b[1-4]q\s?'?\d{2}\b|\bfy\s?'?\d{2,4}(?:\s?q[1-4])?\b"
    r"|\bfiscal(?:\s+year)?\s+\d{4}\b|\b(?:h[12]|[12]h)\s?(?:fy)?'?\d{2,4}\b"
    rf"|{_EN_MONTH_DAY}"
    r"|(?<=\b(?:in|for|during)\s+)(?:19|20)\d\d\b(?![.,]\d))"
    # 第一季度, 上半年, 前三季度, 1-9月, first quarter: combined with a year
    r"|(?P<bare>第[一二三四1-4]季度?|[一二三四]季度|上半年|下半年|前[一二三]个?季度"
    r"|1\s*[-—~至到]\s*\d{1,2}\s*月|(?:the\s+)?(?:first|second|third|fourth)\s+quarter\b)",
    regex.IGNORECASE,
)
# A period that is a comparison base or names a document, not the amount's period.
_COMPARED = regex.compile(
    r"(?i)(?:较|較|比|相比|对比|對比|与|與|同比|compared\s+(?:to|with)|versus|vs\.?|from|over|than)"
    r"\s*(?:the\s+)?$"
)
_NOT_GOVERNING_AFTER = regex.compile(
    r"(?i)\s*(?:同期|相比|相较|相較|比较|比較|报告|報告|年报|年報|季报|季報|半年报|半年報"
    r"|(?:quarterly\s+|annual\s+)?report|form\b)"
)
_CLAUSE_END = regex.compile(r"[。；;!?！？\n|\t]")
_PERIOD_AFTER = regex.compile(
    r"(?i)\s*(?:(?:million|billion|thousand)\s+)?(?:in|for|during)\s+(?:the\s+)?"
)
_YEAR_IN = regex.compile(r"(?<![\d.,])(?:19|20)\d\d(?![\d,.]\d)")


def _quote_periods(text: str, start: int, end: int) -> list[regex.Match[str]]:
    found: list[regex.Match[str]] = []
    for match in _QUOTE_PERIOD.finditer(text, start, end):
        before = text[max(start, match.start() - 12) : match.start()]
        if _COMPARED.search(before) or _NOT_GOVERNING_AFTER.match(text, match.end(), end):
            continue
        found.append(match)
    return found


def _governing_period(
    text: str, quote: tuple[int, int], amount: tuple[int, int], claim_year: int
) -> tuple[str, str] | None:
    """The period expression written in the quote that governs the amount, if any.

    The first expression right after the amount ("$383.3 billion in 2023"), else
    the nearest one before it in the same clause ("2025年上半年，公司实现营业收入
    17.0亿元"). Comparison bases ("较2024年同期") and document names
    ("2025年第三季度报告") do not govern. A bare "第一季度" takes the year
    written earlier in the quote, else the claim's year. Returns the
    expression as written and the text to parse.
    """
    after = _PERIOD_AFTER.match(text, amount[1], quote[1])
    if after is not None:
        following = _quote_periods(text, after.end(), quote[1])
        if following and following[0].start() == after.end():
            chosen = following[0]
            return _period_text(text, quote[0], chosen, claim_year)
    clause_start = quote[0]
    for boundary in _CLAUSE_END.finditer(text, quote[0], amount[0]):
        clause_start = boundary.end()
    preceding = _quote_periods(text, clause_start, amount[0])
    if not preceding:
        return None
    return _period_text(text, quote[0], preceding[-1], claim_year)


def _period_text(
    text: str, quote_start: int, match: regex.Match[str], claim_year: int
) -> tuple[str, str]:
    written = match.group()
    if match.group("bare") is None:
        return written, written
    years = _YEAR_IN.findall(text, quote_start, match.start())
    year = int(years[-1]) if years else claim_year
    if regex.match(r"[A-Za-z]", written):
        return written, f"{written} of {year}"
    return written, f"{year}年{written}"


def _check_quote_period(
    text: str,
    quote: tuple[int, int],
    amount: tuple[int, int],
    claim: Claim,
    period: Period,
    calendar: FiscalCalendar | None,
) -> None:
    """Refuse a claim whose period contradicts the period the quote names for the amount."""
    cal = calendar or CALENDAR_YEAR
    found = _governing_period(text, quote, amount, cal.fiscal_year_of(period.start))
    if found is None:
        return
    written, readable = found
    try:
        named = parse_period(readable, calendar).period
    except PeriodError:
        return
    if named.is_instant != period.is_instant:
        return  # a date of another kind (a report date before a flow): not the amount's
    if _same_period(named, period):
        return
    raise CaliberMismatchError(
        f"the quote names {written!r} ({named.describe(calendar)}) for the amount, but the "
        f"claim says {claim.period!r} ({period.describe(calendar)}); quote the figure for the "
        "claimed period, or correct the period",
        operation="resolve",
        left=claim.period,
        right=written,
        differing=("period",),
    )


_EXCEPT = regex.compile(r"\bexcept\b|除外|除.{0,12}外", regex.IGNORECASE)
_SHARES = regex.compile(r"\bshares?\b|股数|股份", regex.IGNORECASE)


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


@public
@dataclass(frozen=True, slots=True)
class UnresolvedClaim:
    """A claim that did not become a fact, with the error and a short reason code."""

    claim: Claim | Mapping[str, Any]
    error: FincalcError
    reason: ReasonCode

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        claim = self.claim.model_dump() if isinstance(self.claim, Claim) else dict(self.claim)
        return {"claim": claim, "reason": self.reason, "message": str(self.error)}


@public
@dataclass(frozen=True, slots=True)
class Resolution:
    """What ``resolve_all`` returns: facts, refusals and conflicting fact groups."""

    facts: tuple[Fact, ...]
    refusals: tuple[UnresolvedClaim, ...]
    conflicts: tuple[tuple[Fact, ...], ...]

    @property
    def ok(self) -> bool:
        """True when every claim became a fact and no facts conflict."""
        return not self.refusals and not self.conflicts


@public
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
    refusals: list[UnresolvedClaim] = []
    for raw in claims:
        try:
            claim = raw if isinstance(raw, Claim) else Claim.model_validate(raw)
            facts.append(resolve(claim, by_id, calendar=calendar, min_ratio=min_ratio))
        except FincalcError as error:
            refusals.append(UnresolvedClaim(raw, error, reason_code(error)))
    conflicts = tuple(tuple(group) for group in find_conflicts(facts))
    return Resolution(tuple(facts), tuple(refusals), conflicts)

"""From claims to grounded facts: ``resolve``, ``resolve_all`` and reason codes.

``resolve`` locates the claim's quote in the cited document, reads the amount
*from the document* at the located span (under the unit governing that span:
the row label's, the column header's or the table's declaration), checks it
against the periods the quote and its column name, builds the caliber from
the claim, and returns a ``Fact`` — or raises the ``FincalcError`` that says
why not. ``resolve_all`` never fails part-way: every claim ends as a fact or
as a refusal with a reason code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .._base.exceptions import (
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
    SignConventionError,
    UnknownEvidenceError,
    UnknownUnitError,
)
from .._base.public import public
from .._locating.locate import Span, locate
from .._reading.units import UnitTable
from .._values.caliber import Basis, Caliber, Role, Tax
from .._values.facts import Evidence, Fact, find_conflicts
from .._values.period import FiscalCalendar, Period
from .claim_signs import apply_sign_words
from .claims import Claim
from .documents import Document
from .html import check_tag, tag_declaration
from .periods import _basis_equivalent, _check_quote_period, _claim_period
from .quantities import read_quantity
from .structure import Structure
from .verify import verify_record

__all__ = ["Resolution", "UnresolvedClaim", "resolve", "resolve_all"]


# -- resolve ---------------------------------------------------------------------

ReasonCode = Literal[
    "unknown_evidence",
    "invalid_quote",
    "quote_not_found",
    "ambiguous_quote",
    "missing_unit",
    "unknown_unit",
    "ambiguous_quantity",
    "ambiguous_sign",
    "no_quantity",
    "dimension_mismatch",
    "basis_mismatch",
    "period_mismatch",
    "bad_period",
    "metric_mismatch",
    "metric_unverified",
    "entity_mismatch",
    "role_mismatch",
    "not_actual",
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
    (SignConventionError, "ambiguous_sign"),
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
    if isinstance(error, CaliberMismatchError) and error.differing[:1] == ("metric",):
        return "metric_unverified" if "unverified" in error.differing else "metric_mismatch"
    if isinstance(error, CaliberMismatchError) and error.differing[:1] == ("entity",):
        return "entity_mismatch"
    if isinstance(error, CaliberMismatchError) and error.differing[:1] == ("role",):
        return "role_mismatch"
    if isinstance(error, CaliberMismatchError) and error.differing[:1] == ("actual",):
        return "not_actual"
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


def _unit_table(table: object) -> UnitTable:
    if table is None:
        return UnitTable.default()
    if not isinstance(table, UnitTable):
        raise InvalidInputError(
            f"table: expected a UnitTable, got {type(table).__name__}; pass "
            "UnitTable.default().extended({...}) for units fincalc does not know",
            argument="table",
            value=repr(table)[:80],
        )
    return table


def _as_documents(documents: Mapping[str, Document] | Iterable[Document]) -> dict[str, Document]:
    """The documents by id, each checked to be a ``Document`` (a bare text has no id)."""
    if isinstance(documents, Mapping):
        for key, doc in documents.items():
            _check_document(doc, f"documents[{key!r}]")
        return dict(documents)
    if isinstance(documents, str | bytes) or not isinstance(documents, Iterable):
        _check_document(documents, "documents")
    by_id: dict[str, Document] = {}
    for i, doc in enumerate(documents):
        _check_document(doc, f"documents[{i}]")
        if doc.id in by_id:
            raise InvalidInputError(
                f"two documents share the id {doc.id!r}; evidence ids must be unique",
                argument="documents",
                value=doc.id,
            )
        by_id[doc.id] = doc
    return by_id


def _check_document(doc: object, where: str) -> None:
    if not isinstance(doc, Document):
        raise InvalidInputError(
            f"{where} must be a Document, got {type(doc).__name__}; wrap each text as "
            'Document("evidence-id", text) (a mapping of id to Document is accepted too)',
            argument="documents",
            value=repr(doc)[:80],
        )


@public
def resolve(
    claim: Claim | Mapping[str, Any],
    documents: Mapping[str, Document] | Iterable[Document],
    *,
    calendar: FiscalCalendar | None = None,
    min_ratio: float = 0.9,
    table: UnitTable | None = None,
) -> Fact:
    """Ground one claim: locate its quote, read the amount there, build its caliber.

    The amount is parsed from the document at the located span (so a fuzzy
    match can forgive a typo in the quote's words but never changes the
    number), under the unit declaration governing that span when the number
    is bare. A unit written next to the number wins over the declaration.
    In a table -- delimited, whitespace-aligned, or one cell per line as PDF
    extractors write it -- the cell's column must hold the claimed period; a
    quoted row takes the cell under the claimed period, a quoted table the
    cell of the row named by the claim's metric. ``table`` is the unit table
    (``UnitTable.default()`` when omitted), for units fincalc does not know.

    Raises:
        UnknownEvidenceError: no document has the claim's ``evidence_id``.
        QuoteNotFoundError, AmbiguousQuoteError, InvalidQuoteError: locating failed.
        MissingUnitError, AmbiguousQuantityError, ParseError: no single amount.
        DimensionMismatchError: the amount's currency is not the claimed one.
        SignConventionError: a decrease or loss word governs the amount and the
            metric names neither a change, a profit nor the decline or loss itself.
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
    return _resolve_in(claim, _as_documents(documents), calendar, min_ratio, table)


def _resolve_in(
    claim: Claim | Mapping[str, Any],
    by_id: dict[str, Document],
    calendar: FiscalCalendar | None,
    min_ratio: float,
    table: UnitTable | None,
) -> Fact:
    """``resolve`` over documents already checked and keyed by id (``resolve_all`` checks once)."""
    if not isinstance(claim, Claim):
        claim = Claim.model_validate(claim)
    doc = by_id.get(claim.evidence_id)
    if doc is None:
        known = ", ".join(sorted(by_id)[:10])
        raise UnknownEvidenceError(
            f"claim cites evidence {claim.evidence_id!r}, which is not among the documents "
            f"({known}{', …' if len(by_id) > 10 else ''})",
            evidence_id=claim.evidence_id,
        )
    structure = doc._structure(_unit_table(table))
    if calendar is None:  # an inline-XBRL filing's own fiscal calendar (its dei tags)
        calendar = doc.calendar
    try:
        span = locate(doc.text, claim.quote, min_ratio=min_ratio)
    except AmbiguousQuoteError as exc:
        return _same_everywhere(_without_locate_hint(exc), doc, structure, claim, calendar)
    return _fact_at(doc, structure, claim, span, calendar)[0]


def _without_locate_hint(error: AmbiguousQuoteError) -> AmbiguousQuoteError:
    """The ambiguity as a claim can act on it: locate's hint names its own occurrence=/near=."""
    head = error.message.split("; pass occurrence=")[0].split("; near=")[0]
    return AmbiguousQuoteError(
        f"{head}; quote more of the surrounding text (the row label, the words before "
        "the number) so the quote stands once in the document",
        quote=error.quote,
        offsets=error.offsets,
        method=error.method,
    )


_MOST_REPEATS = 4  # a row printed again (a summary, a continued page) is read at each place
# a filing's "Net income" row stands in the income statement, comprehensive income, cash
# flows, the EPS note and the quarterly data: each place's tag checks it
_MOST_TAGGED_REPEATS = 8


def _same_everywhere(
    exc: AmbiguousQuoteError,
    doc: Document,
    structure: Structure,
    claim: Claim,
    calendar: FiscalCalendar | None,
) -> Fact:
    """The fact of a table row quoted verbatim at a few places, when the places agree.

    A statement row printed twice with the same values (the income statement
    and its summary, a table repeated on the next page) is one fact when every
    place that can be read is a table cell whose column header names the
    claimed period and all of them give the same fact. A place whose columns
    cannot be aligned (an analysis table with a "% Change" column, the same
    row in a note) says nothing against it when the same unit declaration
    governs it, so the same printed number has the same value there. Places
    that read differently, a place refused for any other reason (a tag that
    contradicts the figure, another unit), and a sentence (whose period may
    be written around it: "（上年同期）营业收入 8.7 亿元") keep the quote ambiguous.
    """
    most = _MOST_TAGGED_REPEATS if doc.tags else _MOST_REPEATS
    if exc.method != "exact" or not 2 <= len(exc.offsets) <= most:
        raise exc
    facts: list[Fact] = []
    unaligned: list[Span] = []
    for occurrence in range(len(exc.offsets)):
        span = locate(doc.text, claim.quote, occurrence=occurrence)
        try:
            fact, in_column = _fact_at(doc, structure, claim, span, calendar)
        except AmbiguousQuantityError:
            unaligned.append(span)
            continue
        except FincalcError:
            raise exc from None
        if not in_column:
            raise exc
        facts.append(fact)
    if not facts:
        raise exc
    first = facts[0]
    if any((f.value, f.caliber) != (first.value, first.caliber) for f in facts[1:]):
        raise exc
    if unaligned and not all(_same_scale(doc, structure, first, s) for s in unaligned):
        raise exc
    return first


def _same_scale(doc: Document, structure: Structure, fact: Fact, span: Span) -> bool:
    """The printed number at ``span`` has the value ``fact`` read: the same scale governs it.

    The fact's own declaration ("(in millions, …)", or the inline-XBRL tag of
    its cell) and the one governing the other place must give the same
    multiplier and no two currencies; a fact read without a declaration (its
    unit written by the number, or a per-share exception) agrees only with a
    place no declaration governs.
    """
    other = structure.declaration_at(span.start, span.end)
    where = fact.evidence.unit_declaration_span
    if where is None:
        return other is None
    used = next((d for d in structure.declarations() if d.span == where), None)
    if used is None:
        used = tag_declaration(doc.tag_at(*where))
    if used is None or other is None:
        return False
    if other.context.multiplier != used.context.multiplier:
        return False
    dimensions = {other.context.dimension, used.context.dimension} - {None}
    return len(dimensions) <= 1


def _fact_at(
    doc: Document,
    structure: Structure,
    claim: Claim,
    span: Span,
    calendar: FiscalCalendar | None,
) -> tuple[Fact, bool]:
    """Read the claim's amount at its located ``span``: its fact, and whether its period is known.

    The period is known when a column header named it, or when the cell's
    inline-XBRL tag has a context period (``check_tag`` compared it).
    """
    if span.method == "fuzzy":
        _check_fuzzy_kept_names(claim, span.text, span.start, span.end, span.score)
    period, basis = _claim_period(claim.period, calendar)
    if claim.basis == "instant" and basis is not Basis.INSTANT:
        # "FY2023" claimed as a balance: the balance at the end of fiscal 2023.
        period, basis = Period.instant(period.last_day), Basis.INSTANT
    reading = read_quantity(doc, structure, (span.start, span.end), claim, (period, calendar))
    quantity, declaration = reading.quantity, reading.declaration
    quantity = apply_sign_words(doc.text, quantity, claim.metric)
    tag = doc.tag_at(*quantity.span) if quantity.span is not None and doc.tags else None
    if tag is not None:  # Document.from_html: the filing's own tag checks the cell
        check_tag(tag, quantity.value, period, claim.period, calendar)
    if quantity.span is not None and not reading.listed:
        _check_quote_period(
            doc.text,
            (span.start, span.end),
            quantity.span,
            claim,
            (period, calendar),
            reading.sentence,
        )
    verify_record(
        doc.text,
        reading.record,
        claim,
        quantity.raw or claim.quote,
        reading.sentence,
        period.last_day.year if basis is not Basis.INSTANT else None,
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
        role=Role(claim.role),
        compared_to=_claim_base(claim, basis, calendar),
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
        scope=reading.record.scope,
    )
    # a column header naming the period, or the cell's own tag, established the period
    return Fact(quantity, caliber, evidence), reading.column or (
        tag is not None and tag.period is not None
    )


def _claim_base(claim: Claim, basis: Basis, calendar: FiscalCalendar | None) -> Period | None:
    """The period a change or growth claim compares to (None: one year back, or a level)."""
    if claim.role == "level" or not claim.compared_to:
        return None
    base, _ = _claim_period(claim.compared_to, calendar)
    if basis is Basis.INSTANT and not base.is_instant:
        # "FY2023" as the base of a balance's change: the balance at the end of fiscal 2023.
        base = Period.instant(base.last_day)
    return base


@public
@dataclass(frozen=True, slots=True)
class UnresolvedClaim:
    """A claim that did not become a fact, with the error and a short reason code."""

    claim: Claim | Mapping[str, Any]
    error: FincalcError
    reason: ReasonCode

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        if isinstance(self.claim, Claim):
            claim: Any = self.claim.model_dump()
        elif isinstance(self.claim, Mapping):
            claim = dict(self.claim)
        else:  # resolve_all keeps whatever it was given, e.g. a value that is no claim at all
            claim = repr(self.claim)[:200]
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
    table: UnitTable | None = None,
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
            facts.append(_resolve_in(claim, by_id, calendar, min_ratio, table))
        except FincalcError as error:
            refusals.append(UnresolvedClaim(raw, error, reason_code(error)))
    conflicts = tuple(tuple(group) for group in find_conflicts(facts))
    return Resolution(tuple(facts), tuple(refusals), conflicts)

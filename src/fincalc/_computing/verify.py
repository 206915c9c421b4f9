"""Verification of an audit record against its sources: ``verify``.

``Computation.replay`` proves the arithmetic: the stored result follows from
the stored inputs. It cannot tell whether the inputs are what the documents
say: an edited page number, quote or amount text replays as well as the
original. ``verify`` closes that gap. For each input it re-grounds the stored
evidence in the given documents with the same machinery as ``resolve``
(locate the quote, read the amount under the document's unit declarations,
check the period), compares what it finds with what the record states, and
names the first thing that differs; then it replays the arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import timedelta
from decimal import Decimal
from typing import Any

from .._base.exceptions import FincalcError, InvalidInputError, VerificationError
from .._base.public import public
from .._grounding.claims import Claim
from .._grounding.documents import Document
from .._grounding.resolve import reason_code, resolve
from .._locating.locate import MIN_RATIO_FLOOR
from .._reading.units import UnitTable
from .._values.caliber import Caliber
from .._values.dimensions import is_money
from .._values.facts import Evidence, Fact
from .._values.period import FiscalCalendar, Period
from .audit import Computation

__all__ = ["verify"]

_DEFAULT_RATIO = 0.9

#: What ``verify`` compares on a figure ``resolve`` located, in the order it reports
#: the first difference: (part, attribute, the field name in the error).
_LOCATED_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("evidence", "page", "page"),
    ("evidence", "span", "span"),
    ("quantity", "value", "value"),
    ("quantity", "dimension", "dimension"),
    ("quantity", "unit", "unit"),
    ("quantity", "raw", "raw"),
    ("quantity", "span", "amount span"),
    ("quantity", "qualifier", "qualifier"),
    ("quantity", "unit_from_context", "unit_from_context"),
    ("evidence", "unit_declaration", "unit declaration"),
    ("evidence", "unit_declaration_span", "unit declaration span"),
    ("evidence", "method", "method"),
    ("evidence", "score", "score"),
)


def _documents(documents: object) -> dict[str, Document]:
    if isinstance(documents, Document):
        return {documents.id: documents}
    if isinstance(documents, Mapping):
        items = list(documents.values())
    elif isinstance(documents, Iterable) and not isinstance(documents, str | bytes):
        items = list(documents)
    else:
        items = [documents]
    by_id: dict[str, Document] = {}
    for doc in items:
        if not isinstance(doc, Document):
            raise InvalidInputError(
                f"verify: documents must be Document objects (or a mapping of them), got "
                f"{type(doc).__name__}",
                argument="documents",
                value=repr(doc)[:80],
            )
        by_id[doc.id] = doc
    return by_id


def _period_text(period: Period) -> str:
    """The period as the explicit range a ``Claim`` takes ("2025-07-01 to 2025-09-30")."""
    last = period.end - timedelta(days=1)
    return f"{period.start.isoformat()} to {last.isoformat()}"


def _differs(index: int, evidence: Evidence, field: str, stored: Any, found: Any) -> None:
    raise VerificationError(
        f"input {index} (evidence {evidence.evidence_id!r}): the record says {field} "
        f"{_text(stored)}, the document gives {_text(found)}; the record was edited or the "
        "document changed",
        field=field,
        input=index,
        evidence_id=evidence.evidence_id,
        expected=_text(stored),
        actual=_text(found),
    )


def _text(value: object) -> str:
    if isinstance(value, Caliber):
        return value.describe()
    if isinstance(value, Decimal):
        return format(value, "f")
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 200 else text[:200] + "…"


def _claim(index: int, fact: Fact) -> Claim:
    caliber, evidence = fact.caliber, fact.evidence
    try:
        return Claim(
            evidence_id=evidence.evidence_id,
            quote=evidence.quote,
            metric=caliber.metric,
            entity=caliber.entity,
            period=_period_text(caliber.period),
            basis=caliber.basis.value,
            tax=caliber.tax.value,
            currency=caliber.dimension if is_money(caliber.dimension) else None,
            role=caliber.role.value,
            compared_to=(
                None if caliber.compared_to is None else _period_text(caliber.compared_to)
            ),
        )
    except FincalcError as exc:
        raise VerificationError(
            f"input {index} (evidence {evidence.evidence_id!r}) cannot be re-grounded: {exc}",
            field="quote" if "quote" in str(exc) else "caliber",
            input=index,
            evidence_id=evidence.evidence_id,
            expected=_text(evidence.quote),
        ) from exc


def _regrounded(
    index: int,
    fact: Fact,
    doc: Document,
    calendar: FiscalCalendar | None,
    table: UnitTable | None,
) -> Fact:
    evidence = fact.evidence
    ratio = _DEFAULT_RATIO
    if evidence.method == "fuzzy" and evidence.score is not None:
        ratio = min(_DEFAULT_RATIO, max(MIN_RATIO_FLOOR, float(evidence.score)))
    try:
        return resolve(_claim(index, fact), [doc], calendar=calendar, min_ratio=ratio, table=table)
    except VerificationError:
        raise
    except FincalcError as exc:
        code = reason_code(exc)
        field = {
            "quote_not_found": "quote",
            "ambiguous_quote": "quote",
            "invalid_quote": "quote",
            "missing_unit": "unit",
            "unknown_unit": "unit",
            "dimension_mismatch": "dimension",
            "ambiguous_quantity": "value",
            "no_quantity": "value",
            "period_mismatch": "period",
            "basis_mismatch": "period",
            "bad_period": "period",
        }.get(code, "caliber")
        raise VerificationError(
            f"input {index} (evidence {evidence.evidence_id!r}): re-grounding the quote "
            f"{_text(evidence.quote)} in document {doc.id!r} failed ({code}): {exc}",
            field=field,
            input=index,
            evidence_id=evidence.evidence_id,
            expected=_text(evidence.quote),
            actual=code,
        ) from exc


def _verify_input(
    index: int,
    fact: Fact,
    documents: dict[str, Document],
    calendar: FiscalCalendar | None,
    table: UnitTable | None,
) -> None:
    evidence = fact.evidence
    if evidence.sources:
        raise VerificationError(
            f"input {index} is a derived figure (evidence {evidence.evidence_id!r}, computed "
            "from other figures): verify the computation it came from, then this one against "
            "its result",
            field="evidence",
            input=index,
            evidence_id=evidence.evidence_id,
        )
    doc = documents.get(evidence.evidence_id)
    if doc is None:
        known = ", ".join(repr(k) for k in sorted(documents)[:10]) or "none"
        raise VerificationError(
            f"input {index} cites evidence {evidence.evidence_id!r}, which is not among the "
            f"documents given ({known}); pass the document it was read from",
            field="evidence_id",
            input=index,
            evidence_id=evidence.evidence_id,
        )
    if not evidence.quote.strip():
        raise VerificationError(
            f"input {index} (evidence {evidence.evidence_id!r}) has no quote: it was entered "
            "by hand (Fact.build), not read from a document, so there is nothing to verify "
            "it against; ground it with resolve",
            field="quote",
            input=index,
            evidence_id=evidence.evidence_id,
        )
    fresh = _regrounded(index, fact, doc, calendar, table)
    if evidence.span is None:
        # entered by hand with a quote: the quote must be in the document and hold the value
        if evidence.page is not None and evidence.page != fresh.evidence.page:
            _differs(index, evidence, "page", evidence.page, fresh.evidence.page)
        for name in ("value", "dimension"):
            stored, found = getattr(fact.quantity, name), getattr(fresh.quantity, name)
            if stored != found:
                _differs(index, evidence, name, stored, found)
        return
    for part, name, field in _LOCATED_FIELDS:
        stored = getattr(getattr(fact, part), name)
        found = getattr(getattr(fresh, part), name)
        if stored != found:
            _differs(index, evidence, field, stored, found)
    if fresh.caliber != fact.caliber:
        differing = ", ".join(fact.caliber.diff(fresh.caliber))
        raise VerificationError(
            f"input {index} (evidence {evidence.evidence_id!r}): the record's caliber "
            f"({fact.caliber.describe()}) is not what the document supports "
            f"({fresh.caliber.describe()}): {differing} differ",
            field="caliber",
            input=index,
            evidence_id=evidence.evidence_id,
            expected=fact.caliber.describe(),
            actual=fresh.caliber.describe(),
        )


@public
def verify(
    computation: Computation,
    documents: Mapping[str, Document] | Iterable[Document] | Document,
    *,
    table: UnitTable | None = None,
) -> Computation:
    """Check an audit record against its source documents; return the recomputed record.

    For each input, in order: the cited document must be given; the quote
    must be found in it (as ``resolve`` finds quotes: exact, layout-tolerant,
    strict fuzzy); the amount read there under the document's unit
    declarations must equal the stored one; and, for a figure ``resolve``
    located, every stored detail must match: page, span, value, dimension,
    unit, raw text, the declaration the unit came from, the locate method and
    score, and the caliber. Then the arithmetic is replayed (operation,
    result, display, target, note). The first difference raises.

    Args:
        computation: The record, e.g. from ``Computation.from_json``.
        documents: The source documents, by id (a mapping, an iterable or one).
        table: The unit table the facts were resolved with (default table
            when omitted).

    Returns:
        The recomputed ``Computation`` (equal to ``computation``).

    Raises:
        VerificationError: the first difference; ``field`` names it
            (``evidence_id``, ``quote``, ``page``, ``span``, ``value``,
            ``unit``, ``raw``, ``caliber``, ``operation``, ``result``, …),
            ``input`` and ``evidence_id`` say which input, ``expected`` is the
            record's value and ``actual`` the source's. A derived input (from
            ``as_fact``) or one entered by hand without a quote cannot be
            verified and raises too. ``ReplayMismatchError`` (a subclass) when
            the arithmetic does not replay.
        InvalidInputError: ``computation`` or ``documents`` is of the wrong type.

    >>> from fincalc import Claim, Document, resolve, yoy
    >>> doc = Document("r1", "单位：万元\\n项目 | 2025Q3 | 2024Q3\\n营业收入 | 87,000 | 80,000\\n")
    >>> def fact(period):
    ...     return resolve(Claim(evidence_id="r1", quote="营业收入 | 87,000 | 80,000",
    ...                          metric="营业收入", entity="公司", period=period,
    ...                          basis="single_period", currency="CNY"), [doc])
    >>> c = yoy(fact("2025Q3"), fact("2024Q3"))
    >>> verify(c, [doc]) == c
    True
    >>> edited = Document("r1", doc.text.replace("87,000", "97,000"))
    >>> verify(c, [edited])
    Traceback (most recent call last):
    ...
    fincalc.VerificationError: input 0 (evidence 'r1'): re-grounding the quote ...
    """
    if not isinstance(computation, Computation):
        raise InvalidInputError(
            f"verify: expected a Computation, got {type(computation).__name__}; load a stored "
            "record with Computation.from_json",
            argument="computation",
            value=repr(computation)[:80],
        )
    if table is not None and not isinstance(table, UnitTable):
        raise InvalidInputError(
            f"verify: table must be a UnitTable, got {type(table).__name__}",
            argument="table",
            value=repr(table)[:80],
        )
    by_id = _documents(documents)
    for index, fact in enumerate(computation.inputs):
        _verify_input(index, fact, by_id, computation.calendar, table)
    return computation.replay()

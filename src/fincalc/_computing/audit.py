"""Audit records: ``Computation`` (serialise, replay, fingerprint, chain).

A ``Computation`` is what every public operation (``ops*``) returns: the
operation, the input facts (with their evidence), the target caliber, the
rounding rule, the exact result and the display value rounded once from it.
``record`` builds one from a rule's ``Outcome``; ``replay`` reruns the rule
the record names (its entry in the operation table, ``operations``), so
imports flow one way: rules → operation table → record → public operations.
The optional fields the newer operations fill (``signs``, ``kind``,
``factor``, ``factor_meaning``, ``formula``) are written to JSON and hashed
only when set, so records stored before them load, replay and hash
exactly as before.

Performance note (issue 8): operations build a ``Computation`` through the
ordinary validated constructor.  Its fields are already-validated frozen
dataclasses, which pydantic accepts by an ``isinstance`` check, so the
validated constructor measured faster than ``model_construct`` (1.5 µs against
2.8 µs, docs/performance.md); the expensive checks (JSON parsing, display
consistency) run only at the JSON boundary, in ``from_json``, and in ``replay``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Mapping
from decimal import Decimal
from enum import Enum
from typing import Annotated, Any, Self

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
)

from .._base.bounded import decode_json
from .._base.exceptions import FincalcError, InvalidRecordError, ReplayMismatchError
from .._base.public import public
from .._values.caliber import Caliber
from .._values.decimals import arithmetic, to_decimal
from .._values.facts import Evidence, Fact
from .._values.period import FiscalCalendar
from .._values.quantity import Quantity
from .._version import __version__
from .explanation import computation_html, leaf_evidence
from .identity import identity
from .operations import entry, expression_of, input_terms, is_unordered, rerun
from .outcome import Operation, Outcome
from .rounding import Rounding, to_rounding
from .spec import Formula, RatioKind, SignConvention

__all__ = ["FINGERPRINT_SCHEMA", "Computation", "record"]

#: Bumped when the canonical form behind ``Computation.fingerprint`` changes.
FINGERPRINT_SCHEMA = "fincalc.computation/2"


# -- decimals in JSON ----------------------------------------------------------


def decimal_text(value: Decimal) -> str:
    """Write a Decimal for JSON: plain notation unless that would lose its exponent.

    ``Decimal('1.50')`` is ``'1.50'``; ``Decimal('8.7E+8')`` (an amount written
    as "8.7 亿", precise to 10⁷) keeps its exponent so the round trip is exact.
    """
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent > 0:
        return str(value)
    return format(value, "f")


def _exact_decimal(value: object) -> Decimal:
    if type(value) is Decimal:
        return value
    return to_decimal(value)


def _optional_decimal(value: object) -> Decimal | None:
    return None if value is None else _exact_decimal(value)


#: The optional fields, in the order JSON writes them; absent when ``None``.
_OPTIONAL = ("signs", "kind", "factor", "factor_meaning", "formula")
#: Where a copy keeps the fingerprint of the record it was copied from (``model_copy``).
_ORIGIN = "_copied_from"


# -- the record ----------------------------------------------------------------


@public
class Computation(BaseModel):
    """An audit record: what was computed, from which facts, under which rule.

    Every operation (``add``, ``yoy``, ``ratio``, …: one entry each in the
    operation table, listed in ``docs/computing.md``) returns one; build one
    by hand only to replay or inspect stored records. In a notebook it shows
    as a table (``_repr_html_``): the formula, each input with its
    quote and page, the rounding and the result.

    Attributes:
        operation: The operation's name.
        inputs: The facts, in the order the operation took them, each with its
            evidence id, verbatim quote and raw amount text.
        target: The caliber of the result.
        rounding: The rule that produced ``display`` from ``result``.
        result: The exact result (50 significant digits for divisions, exact
            for sums and differences).
        display: ``rounding.apply(result)``, in the rounding's unit (so
            ``-0.49`` under ``ROUND_HALF_UP@2%`` means −0.49 %).
        version: The fincalc version that computed it.
        note: How the target was derived, when that is not obvious (e.g. a
            single quarter from two nested year-to-date figures).
        calendar: The fiscal calendar used, when not the calendar year.
        signs: The sign convention applied to each input (``as_written`` or
            ``magnitude``), when the caller declared one.
        kind: The analytic a ``ratio`` was declared as (``turnover``, ``return``,
            ``days``, ``multiple``).
        factor: The constant the result was multiplied by (``scale``; the days
            of a days ratio).
        factor_meaning: What that constant is ("365 days: …", "2-for-1 split").
        formula: The declared formula (``formula``, ``combine``): its terms,
            their signs and sign conventions.

    >>> from fincalc import Fact, yoy
    >>> c = yoy(Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
    ...                    evidence_id="r25", raw="8.7 亿元"),
    ...         Fact.build("874320000", metric="营业收入", entity="华东区", period="2024Q3",
    ...                    evidence_id="r24", raw="87,432 万元"))
    >>> c
    Computation(yoy: 华东区 | 2025Q3 | 营业收入 yoy = -0.49% by ROUND_HALF_UP@2%)
    >>> Computation.from_json(c.to_json()) == c
    True
    >>> c.replay().display
    Decimal('-0.49')
    """

    model_config = ConfigDict(frozen=True, defer_build=True, extra="forbid")

    operation: Operation
    inputs: tuple[Fact, ...]
    target: Caliber
    rounding: Annotated[Rounding, BeforeValidator(to_rounding)]
    result: Annotated[Decimal, BeforeValidator(_exact_decimal)]
    display: Annotated[Decimal, BeforeValidator(_exact_decimal)]
    version: str = __version__
    note: str = ""
    calendar: FiscalCalendar | None = None
    signs: tuple[SignConvention, ...] | None = None
    kind: RatioKind | None = None
    factor: Annotated[Decimal | None, BeforeValidator(_optional_decimal)] = None
    factor_meaning: str | None = None
    formula: Formula | None = None

    # -- views -----------------------------------------------------------------
    @property
    def display_text(self) -> str:
        """The display value with its unit, locale-neutral (``-0.49%``, ``17.44亿``).

        See ``render`` for a localized sentence.
        """
        unit = self.rounding.unit
        text = format(self.display, "f")
        if unit == "base":
            return text
        if unit in ("thousand", "million", "billion"):
            return f"{text} {unit}"
        return f"{text}{unit}"

    @property
    def expression(self) -> str:
        """The formula computed, over the inputs lettered ``a``, ``b``, … in order.

        >>> from fincalc import Fact, yoy
        >>> c = yoy(Fact.build("110", metric="营业收入", entity="公司", period="FY2024",
        ...                    evidence_id="a"),
        ...         Fact.build("100", metric="营业收入", entity="公司", period="FY2023",
        ...                    evidence_id="b"))
        >>> c.expression
        '(a − b) / b'
        """
        return expression_of(self)

    @functools.cached_property
    def fingerprint(self) -> str:
        """A stable SHA-256 (hex) of every field of the record, evidence included.

        Covers the operation; each input's quantity (value as written, unit,
        raw text, span), caliber and evidence (evidence id, quote, span, page,
        locate method and score, unit declaration and its span, the sources of
        a derived figure); the target caliber; the rounding rule; the result
        and display; the note; the fiscal calendar; the optional fields
        (sign conventions, analytic, factor and its meaning, formula with its
        prose); and the fincalc ``version`` the record names. So any edit of a
        stored record changes it; ``to_json`` writes it into the record and
        ``from_json`` refuses a record whose content no longer matches it.

        The input order does not matter for ``add``, ``average`` and
        ``combine`` (each input is hashed with its sign and convention), nor
        for ``formula`` (each input is hashed with the term it fills); their
        note and formula definition, prose the operation writes from the
        inputs in their order, are left out of the hash and checked word for
        word by ``replay`` (and so by ``verify``). The
        canonical form is versioned by ``FINGERPRINT_SCHEMA``
        (docs/guarantees.md: what a fingerprint from another schema means).

        >>> from fincalc import Fact, yoy
        >>> def east(page):
        ...     return Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
        ...                       evidence_id="r25", raw="8.7 亿元", page=page)
        >>> prior = Fact.build("874320000", metric="营业收入", entity="华东区",
        ...                    period="2024Q3", evidence_id="r24")
        >>> yoy(east(12), prior).fingerprint == yoy(east(13), prior).fingerprint
        False
        """
        return hashlib.sha256(self._canonical().encode("utf-8", "surrogatepass")).hexdigest()

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied; its fingerprint is computed afresh.

        Pydantic copies the instance dictionary, where the cached fingerprint
        lives: without this, an edited copy would carry the original's hash.
        The copy remembers the fingerprint of the record it was copied from,
        so ``replay`` refuses a copy whose content was changed (an edited page
        or quote, which the arithmetic alone cannot show).
        """
        origin = self.__dict__.get(_ORIGIN) or self.fingerprint
        copied = super().model_copy(update=update, deep=deep)
        copied.__dict__.pop("fingerprint", None)
        copied.__dict__.pop("identity", None)
        copied.__dict__[_ORIGIN] = origin  # not a field: equality and JSON ignore it
        return copied

    @functools.cached_property
    def identity(self) -> str:
        """A SHA-256 (hex) of what was computed from which values: the cache key.

        Covers the operation, each input's evidence id, value (by value:
        ``8.7E+8`` and ``870000000`` alike) and caliber, the target caliber,
        the rounding rule, the fiscal calendar and the rule's optional fields;
        not quotes, pages, prose or the fincalc version, so it stays the same
        across versions and rewordings. ``as_fact`` names a derived figure
        with it. Use ``fingerprint`` to detect edits of a record.

        >>> from fincalc import Fact, yoy
        >>> def east(page):
        ...     return Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
        ...                       evidence_id="r25", raw="8.7 亿元", page=page)
        >>> prior = Fact.build("874320000", metric="营业收入", entity="华东区",
        ...                    period="2024Q3", evidence_id="r24")
        >>> yoy(east(12), prior).identity == yoy(east(13), prior).identity
        True
        """
        return identity(self)

    def _canonical(self) -> str:
        """The canonical JSON text ``fingerprint`` hashes (schema ``FINGERPRINT_SCHEMA``)."""
        inputs = [_fact_dict(fact) for fact in self.inputs]
        # a custom sum: each input with its sign and convention; a registry
        # formula: each input with the term it fills
        for item, term in zip(inputs, input_terms(self), strict=False):
            item["term"] = term
        encoded = [_dumps(item) for item in inputs]
        if is_unordered(self.operation):
            encoded.sort()
        body: dict[str, Any] = {
            "calendar": _calendar_dict(self.calendar),
            "display": decimal_text(self.display),
            "inputs": encoded,
            "note": self.note,
            "operation": self.operation,
            "result": decimal_text(self.result),
            "rounding": self.rounding.rule,
            "schema": FINGERPRINT_SCHEMA,
            "target": self.target.to_dict(),
            "version": self.version,
        }
        body.update(self._optional_dict(canonical=True))
        if is_unordered(self.operation):
            # A sum's prose is written in input order ("EBITDA = 营业利润 + 折旧与摊销")
            # and derived from the inputs, which are hashed: it is left out so the
            # order never counts, and replay checks it word for word.
            del body["note"]
            if "formula" in body:
                del body["formula"]["definition"]
        return _dumps(body)

    def _optional_dict(self, *, canonical: bool = False) -> dict[str, Any]:
        """The optional fields that are set, JSON-ready (``canonical``: for hashing)."""
        out: dict[str, Any] = {}
        if self.signs is not None:
            out["signs"] = list(self.signs)
        if self.kind is not None:
            out["kind"] = self.kind
        if self.factor is not None:
            out["factor"] = decimal_text(self.factor)
        if self.factor_meaning is not None:
            out["factor_meaning"] = self.factor_meaning
        if self.formula is not None:
            formula = self.formula.to_dict()
            if canonical:  # the terms of a sum in any order: sorted, so order never counts
                for part in ("terms", "numerator", "denominator"):
                    formula[part] = sorted(formula[part], key=_dumps)
            out["formula"] = formula
        return out

    # -- JSON ----------------------------------------------------------------
    @model_serializer(mode="wrap")
    def _plain_dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """``model_dump()`` holds plain data: the rounding as its rule, enums as their values.

        So a generic serializer (LangGraph's checkpoints, strict msgpack) stores
        no fincalc type, and ``from_dict`` or the constructor reloads what it gives back.
        """
        data: dict[str, Any] = handler(self)
        data["rounding"] = self.rounding.rule
        return _enum_values(data)  # type: ignore[no-any-return]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: Decimals as strings (never floats), dates as ISO text.

        >>> from fincalc import Fact, yoy
        >>> c = yoy(Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
        ...                    evidence_id="r25", raw="8.7 亿元"),
        ...         Fact.build("874320000", metric="营业收入", entity="华东区", period="2024Q3",
        ...                    evidence_id="r24", raw="87,432 万元"))
        >>> d = c.to_dict()
        >>> d["display"], d["rounding"], d["inputs"][0]["quantity"]["value"]
        ('-0.49', 'ROUND_HALF_UP@2%', '8.7E+8')
        """
        return {
            "operation": self.operation,
            "inputs": [_fact_dict(fact) for fact in self.inputs],
            "target": self.target.to_dict(),
            "rounding": self.rounding.rule,
            "result": decimal_text(self.result),
            "display": decimal_text(self.display),
            "version": self.version,
            "note": self.note,
            "calendar": _calendar_dict(self.calendar),
            **self._optional_dict(),
            "fingerprint": self.fingerprint,
            "fingerprint_schema": FINGERPRINT_SCHEMA,
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """Serialise losslessly to JSON (UTF-8 text, sorted keys).

        >>> from fincalc import Fact, yoy
        >>> c = yoy(Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
        ...                    evidence_id="r25", raw="8.7 亿元"),
        ...         Fact.build("874320000", metric="营业收入", entity="华东区", period="2024Q3",
        ...                    evidence_id="r24", raw="87,432 万元"))
        >>> '"display":"-0.49"' in c.to_json()
        True
        """
        separators = (",", ":") if indent is None else (",", ": ")
        return json.dumps(
            self.to_dict(),
            ensure_ascii=False,
            sort_keys=True,
            indent=indent,
            separators=separators,
        )

    @classmethod
    def from_dict(cls, data: object, *, source: str = "Computation") -> Computation:
        """Validate a ``to_dict`` mapping; bad input raises ``InvalidRecordError``.

        The display value must be the result rounded by the stored rule.

        >>> from fincalc import Fact, yoy
        >>> c = yoy(Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
        ...                    evidence_id="r25", raw="8.7 亿元"),
        ...         Fact.build("874320000", metric="营业收入", entity="华东区", period="2024Q3",
        ...                    evidence_id="r24", raw="87,432 万元"))
        >>> Computation.from_dict(c.to_dict()) == c
        True
        """
        if not isinstance(data, dict):
            raise InvalidRecordError(
                f"{source}: a Computation record must be a JSON object, got {type(data).__name__}",
                source=source,
                reason="not an object",
            )
        data = dict(data)
        sealed = _stored_seal(data, source)
        try:
            with arithmetic():
                record = cls.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(part) for part in first.get("loc", ()))
            raise InvalidRecordError(
                f"{source}: invalid Computation record at {field or '(root)'}: {first.get('msg')}",
                source=source,
                field=field or None,
                reason=str(first.get("msg")),
            ) from exc
        except FincalcError as exc:
            raise InvalidRecordError(
                f"{source}: invalid Computation record: {exc}", source=source, reason=str(exc)
            ) from exc
        record._check_shape(source)
        if sealed is not None and sealed != record.fingerprint:
            raise ReplayMismatchError(
                f"{source}: the record's fingerprint {sealed[:16]}… does not match its content "
                f"({record.fingerprint[:16]}…): the record was edited after it was written; "
                "recompute it, or verify it against its sources with fincalc.verify",
                field="fingerprint",
                expected=sealed,
                actual=record.fingerprint,
            )
        return record

    @classmethod
    def from_json(cls, text: str | bytes, *, source: str = "Computation") -> Computation:
        """Parse ``to_json`` output; bad input raises ``InvalidRecordError``.

        JSON numbers are read as exact Decimals, never through ``float``. The
        text is bounded before it is parsed (size, nesting, number length:
        docs/guarantees.md); a lone surrogate is refused with its position.

        >>> Computation.from_json("{}")
        Traceback (most recent call last):
        ...
        fincalc.InvalidRecordError: Computation: invalid Computation record at ...
        """
        data = decode_json(text, source)
        return cls.from_dict(data, source=source)

    def _check_shape(self, source: str) -> None:
        count = len(self.inputs)
        low, high = entry(self).input_counts(self)
        if not low <= count <= high:
            wanted = f"exactly {low}" if low == high else f"at least {low}"
            raise InvalidRecordError(
                f"{source}: {self.operation} takes {wanted} input{'s' if low > 1 else ''}, "
                f"the record has {count}",
                source=source,
                field="inputs",
                reason="wrong number of inputs",
            )
        expected = self.rounding.apply(self.result)
        if expected != self.display or str(expected) != str(self.display):
            raise InvalidRecordError(
                f"{source}: display {decimal_text(self.display)} is not the result "
                f"{decimal_text(self.result)} rounded by {self.rounding.rule} "
                f"({decimal_text(expected)})",
                source=source,
                field="display",
                reason="display differs from the rounded result",
            )

    # -- replay ----------------------------------------------------------------
    def replay(self) -> Computation:
        """Recompute from the inputs and rule; return the fresh record.

        Raises:
            ReplayMismatchError: the recomputed result, display or target
                differs from the stored one, or the operation now refuses the
                stored inputs (an edited caliber, a rule that changed between
                versions); the operation's own error is the ``__cause__``.

        >>> from decimal import Decimal
        >>> from fincalc import Fact, yoy
        >>> c = yoy(Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
        ...                    evidence_id="r25", raw="8.7 亿元"),
        ...         Fact.build("874320000", metric="营业收入", entity="华东区", period="2024Q3",
        ...                    evidence_id="r24", raw="87,432 万元"))
        >>> c.replay() == c
        True
        >>> c.model_copy(update={"result": Decimal("0.5")}).replay()
        Traceback (most recent call last):
        ...
        fincalc.ReplayMismatchError: replaying yoy gave result ...
        """
        try:
            fresh = record(rerun(self))
        except FincalcError as exc:
            raise ReplayMismatchError(
                f"replaying {self.operation} failed: {type(exc).__name__}: {exc}; the record "
                "was edited or computed under other rules (stored version "
                f"{self.version}, running {__version__})",
                field="operation",
                expected=_field_text(self.result),
                actual=type(exc).__name__,
            ) from exc
        for name in ("result", "display", "target", "note", *_OPTIONAL):
            stored, got = getattr(self, name), getattr(fresh, name)
            if stored != got:
                stored_text = _field_text(stored)
                got_text = _field_text(got)
                raise ReplayMismatchError(
                    f"replaying {self.operation} gave {name} {got_text} but the record "
                    f"stores {stored_text}; the record was edited or computed under other "
                    f"rules (stored version {self.version}, running {__version__})",
                    field=name,
                    expected=stored_text,
                    actual=got_text,
                )
        origin = self.__dict__.get(_ORIGIN)
        if origin is not None and origin != self.fingerprint:
            raise ReplayMismatchError(
                f"the record was changed after it was computed (a copy with edited fields: "
                f"fingerprint {self.fingerprint[:16]}…, computed as {origin[:16]}…); the "
                "arithmetic replays, but its evidence or wording is not what was computed",
                field="fingerprint",
                expected=origin,
                actual=self.fingerprint,
            )
        return fresh

    # -- chaining --------------------------------------------------------------
    def as_fact(self, *, evidence_id: str | None = None) -> Fact:
        """The exact result as a ``Fact`` of the target caliber, for chaining operations.

        The evidence id defaults to ``computation:`` plus the first 16 hex
        digits of ``identity`` (operation, input values, calibers, rule: not
        the wording or version, so it stays the same across versions), and
        the quote is the rule and display text.
        The evidence keeps the evidence of every source fact (``sources``),
        so a computation on the derived fact cites the original pages.

        >>> from fincalc import Fact, yoy
        >>> c = yoy(Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
        ...                    evidence_id="r25", raw="8.7 亿元"),
        ...         Fact.build("874320000", metric="营业收入", entity="华东区", period="2024Q3",
        ...                    evidence_id="r24", raw="87,432 万元"))
        >>> c.as_fact().caliber.dimension
        'RATIO'
        """
        quantity = Quantity(
            self.result, self.target.dimension, unit=None, raw=format(self.result, "f")
        )
        evidence = Evidence(
            evidence_id or f"computation:{self.identity[:16]}",
            f"{self.operation} = {self.display_text} ({self.rounding.rule})",
            sources=leaf_evidence(self.inputs),
        )
        return Fact(quantity, self.target, evidence)

    def _repr_html_(self) -> str:
        """An HTML table for notebooks: formula, inputs with quotes and pages, rounding, result."""
        return computation_html(self)

    def __repr__(self) -> str:
        return (
            f"Computation({self.operation}: {self.target.entity} | "
            f"{self.target.period.describe(self.calendar)} | {self.target.metric} = "
            f"{self.display_text} by {self.rounding.rule})"
        )

    def __str__(self) -> str:
        return repr(self)


def _field_text(value: object) -> str:
    if isinstance(value, Decimal):
        return decimal_text(value)
    if isinstance(value, Caliber):
        return value.describe()
    if isinstance(value, Formula):
        return f"{value.name} ({value.definition or value.kind})"
    return str(value)


def _stored_seal(data: dict[str, Any], source: str) -> str | None:
    """Take the stored fingerprint out of ``data``; None for a record written without one.

    Records written before fingerprint schema 2 carry none and load as before
    (their numbers are still checked by ``replay``, their evidence by
    ``verify``). A fingerprint under another schema cannot be checked here.
    """
    sealed = data.pop("fingerprint", None)
    schema = data.pop("fingerprint_schema", None)
    if sealed is None and schema is None:
        return None
    if schema != FINGERPRINT_SCHEMA:
        raise InvalidRecordError(
            f"{source}: fingerprint_schema {schema!r} is not {FINGERPRINT_SCHEMA!r}, the one "
            "this fincalc computes; a record from a newer fincalc needs that version to load",
            source=source,
            field="fingerprint_schema",
            reason="unknown fingerprint schema",
        )
    if not isinstance(sealed, str) or not _HEX64.fullmatch(sealed):
        raise InvalidRecordError(
            f"{source}: fingerprint must be 64 hexadecimal digits (SHA-256), got "
            f"{str(sealed)[:80]!r}",
            source=source,
            field="fingerprint",
            reason="malformed fingerprint",
        )
    return sealed


_HEX64 = re.compile(r"[0-9a-f]{64}")


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _calendar_dict(calendar: FiscalCalendar | None) -> dict[str, Any] | None:
    if calendar is None:
        return None
    return {"start_month": calendar.start_month, "naming": calendar.naming}


def _enum_values(node: Any) -> Any:
    if isinstance(node, Enum):
        return node.value
    if isinstance(node, dict):
        return {key: _enum_values(value) for key, value in node.items()}
    if isinstance(node, (list, tuple)):
        return type(node)(_enum_values(item) for item in node)
    return node


def _fact_dict(fact: Fact) -> dict[str, Any]:
    quantity = fact.quantity.to_dict()
    quantity["value"] = decimal_text(fact.quantity.value)
    return {
        "quantity": quantity,
        "caliber": fact.caliber.to_dict(),
        "evidence": fact.evidence.to_dict(),
    }


def record(outcome: Outcome) -> Computation:
    """The audit record of a rule's ``Outcome`` (what every public operation returns).

    The optional fields are passed only when set: pydantic does not validate
    a default, and most records (yoy, add) set none of them.
    """
    extras = outcome.extras
    optional = (
        {}
        if extras is None
        else {name: value for name in _OPTIONAL if (value := getattr(extras, name)) is not None}
    )
    return Computation(
        operation=outcome.operation,
        inputs=outcome.inputs,
        target=outcome.target,
        rounding=outcome.rounding,
        result=outcome.result,
        display=outcome.display,
        note=outcome.note,
        calendar=outcome.calendar,
        **optional,
    )

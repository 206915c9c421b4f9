"""Audit records: ``Computation`` (serialise, replay, fingerprint, chain).

A ``Computation`` is what every operation in ``ops.py`` returns: the operation,
the input facts (with their evidence), the target caliber, the rounding rule,
the exact result and the display value rounded once from it. ``record`` builds
one from a rule's ``Outcome``; ``replay`` reruns the rule (``totals``,
``differences``, ``growth``, ``quotients``) that the record names, so imports
flow one way: rules → record → public operations.

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
from decimal import Decimal
from typing import Annotated, Any, Protocol

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError

from .._values.caliber import Caliber
from .._values.decimals import arithmetic, to_decimal
from .._values.errors import (
    FincalcError,
    InvalidInputError,
    InvalidRecordError,
    ReplayMismatchError,
)
from .._values.facts import Evidence, Fact
from .._values.period import FiscalCalendar
from .._values.public import public
from .._values.quantity import Quantity
from .._version import __version__
from .differences import difference
from .growth import (
    compound_annual_growth,
    percentage_point_change,
    period_over_period,
    year_over_year,
)
from .outcome import Operation, Outcome
from .quotients import part_of_whole, quotient
from .rounding import Rounding, to_rounding
from .totals import total

__all__ = ["FINGERPRINT_SCHEMA", "Computation", "record"]

#: Bumped when the canonical form behind ``Computation.fingerprint`` changes.
FINGERPRINT_SCHEMA = "fincalc.computation/1"


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


def canonical_text(value: Decimal) -> str:
    """The value alone, for hashing: plain notation, no trailing zeros, no ``-0``."""
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _exact_decimal(value: object) -> Decimal:
    if type(value) is Decimal:
        return value
    return to_decimal(value)


# -- the record ----------------------------------------------------------------


@public
class Computation(BaseModel):
    """An audit record: what was computed, from which facts, under which rule.

    Operations (``add``, ``sub``, ``yoy``, ``qoq``, ``ratio``, ``share``,
    ``cagr``, ``pp_change``) return one; build one by hand only to replay or
    inspect stored records.

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

    @functools.cached_property
    def fingerprint(self) -> str:
        """A stable SHA-256 (hex) of the full inputs, usable as a cache key.

        Covers the operation, each input's evidence id, value and caliber, the
        target caliber, the rounding rule and the fiscal calendar — not quotes,
        spans, pages or the fincalc version. Values are hashed by value
        (``8.7E+8`` and ``870000000`` hash alike). The input order does not
        matter for ``add``.
        """
        inputs = [
            {
                "caliber": fact.caliber.to_dict(),
                "evidence_id": fact.evidence.evidence_id,
                "value": canonical_text(fact.quantity.value),
            }
            for fact in self.inputs
        ]
        encoded = [_dumps(item) for item in inputs]
        if self.operation == "add":
            encoded.sort()
        canonical = _dumps(
            {
                "calendar": _calendar_dict(self.calendar),
                "inputs": encoded,
                "operation": self.operation,
                "rounding": self.rounding.rule,
                "schema": FINGERPRINT_SCHEMA,
                "target": self.target.to_dict(),
            }
        )
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    # -- JSON ----------------------------------------------------------------
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
        return record

    @classmethod
    def from_json(cls, text: str | bytes, *, source: str = "Computation") -> Computation:
        """Parse ``to_json`` output; bad input raises ``InvalidRecordError``.

        JSON numbers are read as exact Decimals, never through ``float``.

        >>> Computation.from_json("{}")
        Traceback (most recent call last):
        ...
        fincalc.InvalidRecordError: Computation: invalid Computation record at ...
        """
        try:
            data = json.loads(text, parse_float=Decimal)
        except (ValueError, TypeError) as exc:
            raise InvalidRecordError(
                f"{source}: not valid JSON: {exc}", source=source, reason=str(exc)
            ) from exc
        return cls.from_dict(data, source=source)

    def _check_shape(self, source: str) -> None:
        count = len(self.inputs)
        if (self.operation == "add" and count < 2) or (self.operation != "add" and count != 2):
            raise InvalidRecordError(
                f"{source}: {self.operation} takes "
                f"{'at least 2' if self.operation == 'add' else 'exactly 2'} inputs, "
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
            fresh = record(_rerun(self))
        except FincalcError as exc:
            raise ReplayMismatchError(
                f"replaying {self.operation} failed: {type(exc).__name__}: {exc}; the record "
                "was edited or computed under other rules (stored version "
                f"{self.version}, running {__version__})",
                expected=_field_text(self.result),
                actual=type(exc).__name__,
            ) from exc
        for name in ("result", "display", "target"):
            stored, got = getattr(self, name), getattr(fresh, name)
            if stored != got:
                stored_text = _field_text(stored)
                got_text = _field_text(got)
                raise ReplayMismatchError(
                    f"replaying {self.operation} gave {name} {got_text} but the record "
                    f"stores {stored_text}; the record was edited or computed under other "
                    f"rules (stored version {self.version}, running {__version__})",
                    expected=stored_text,
                    actual=got_text,
                )
        return fresh

    # -- chaining --------------------------------------------------------------
    def as_fact(self, *, evidence_id: str | None = None) -> Fact:
        """The exact result as a ``Fact`` of the target caliber, for chaining operations.

        The evidence id defaults to ``computation:`` plus the first 16 hex
        digits of the fingerprint, and the quote is the rule and display text.

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
            evidence_id or f"computation:{self.fingerprint[:16]}",
            f"{self.operation} = {self.display_text} ({self.rounding.rule})",
        )
        return Fact(quantity, self.target, evidence)

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
    return str(value)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _calendar_dict(calendar: FiscalCalendar | None) -> dict[str, Any] | None:
    if calendar is None:
        return None
    return {"start_month": calendar.start_month, "naming": calendar.naming}


def _fact_dict(fact: Fact) -> dict[str, Any]:
    quantity = fact.quantity.to_dict()
    quantity["value"] = decimal_text(fact.quantity.value)
    return {
        "quantity": quantity,
        "caliber": fact.caliber.to_dict(),
        "evidence": fact.evidence.to_dict(),
    }


def record(outcome: Outcome) -> Computation:
    """The audit record of a rule's ``Outcome`` (what every public operation returns)."""
    return Computation(
        operation=outcome.operation,
        inputs=outcome.inputs,
        target=outcome.target,
        rounding=outcome.rounding,
        result=outcome.result,
        display=outcome.display,
        note=outcome.note,
        calendar=outcome.calendar,
    )


# -- replay: which rule each operation reruns, with the names the record stores ---


class _PairRule(Protocol):
    def __call__(
        self,
        later: Fact,
        earlier: Fact,
        /,
        *,
        metric: str | None,
        calendar: FiscalCalendar | None,
        rounding: Rounding | str | None,
    ) -> Outcome: ...


_PAIR_RULES: dict[str, _PairRule] = {
    "yoy": year_over_year,
    "qoq": period_over_period,
    "share": part_of_whole,
    "cagr": compound_annual_growth,
    "pp_change": percentage_point_change,
}


def _rerun(computation: Computation) -> Outcome:
    """Recompute a record with the rule, inputs, names and rounding it stores."""
    inputs = computation.inputs
    target = computation.target
    rule = computation.rounding
    calendar = computation.calendar
    if computation.operation == "add":
        parts_entity = all(fact.caliber.entity == target.entity for fact in inputs)
        entity = None if parts_entity else target.entity
        return total(inputs, entity=entity, calendar=calendar, rounding=rule)
    first, second = _two(computation)
    if computation.operation == "sub":
        return difference(
            first,
            second,
            entity=target.entity if first.caliber.entity != second.caliber.entity else None,
            metric=target.metric,
            calendar=calendar,
            rounding=rule,
        )
    if computation.operation == "ratio":
        return quotient(first, second, metric=target.metric, calendar=calendar, rounding=rule)
    return _PAIR_RULES[computation.operation](
        first, second, metric=target.metric, calendar=calendar, rounding=rule
    )


def _two(computation: Computation) -> tuple[Fact, Fact]:
    if len(computation.inputs) != 2:
        raise InvalidInputError(
            f"{computation.operation} takes exactly 2 inputs, the record has "
            f"{len(computation.inputs)}",
            argument="inputs",
            value=len(computation.inputs),
        )
    return computation.inputs[0], computation.inputs[1]

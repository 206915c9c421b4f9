"""Audit records: ``Rounding``, ``Computation`` (serialise, replay, fingerprint), conflicts.

A ``Computation`` is what every operation in ``ops.py`` returns: the operation,
the input facts (with their evidence), the target caliber, the rounding rule,
the exact result and the display value rounded once from it.

Performance note (issue 8): operations build a ``Computation`` through the
ordinary validated constructor.  Its fields are already-validated frozen
dataclasses, which pydantic accepts by an ``isinstance`` check, so the
validated constructor measured faster than ``model_construct`` (1.5 µs against
2.8 µs, docs/performance.md); the expensive checks (JSON parsing, display
consistency) run only at the JSON boundary, in ``from_json``, and in ``replay``.
"""

from __future__ import annotations

import decimal
import functools
import hashlib
import json
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Any, Literal, get_args

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
from .._values.period import CALENDAR_YEAR, FiscalCalendar
from .._values.public import public
from .._values.quantity import Quantity
from .._version import __version__

__all__ = [
    "Computation",
    "Operation",
    "Rounding",
    "RoundingMode",
    "RoundingUnit",
]

Operation = Literal["add", "sub", "yoy", "qoq", "ratio", "share", "cagr", "pp_change"]
RoundingMode = Literal[
    "ROUND_HALF_UP",
    "ROUND_HALF_EVEN",
    "ROUND_HALF_DOWN",
    "ROUND_UP",
    "ROUND_DOWN",
    "ROUND_CEILING",
    "ROUND_FLOOR",
    "ROUND_05UP",
]
#: The unit ``Rounding.places`` counts in: base units, percent, or a scale.
RoundingUnit = Literal["base", "%", "万", "亿", "thousand", "million", "billion"]

_MODES: frozenset[str] = frozenset(get_args(RoundingMode))
#: Power of ten that converts a base-unit value into the rounding unit.
_UNIT_EXPONENT: dict[str, int] = {
    "base": 0,
    "%": 2,
    "万": -4,
    "亿": -8,
    "thousand": -3,
    "million": -6,
    "billion": -9,
}
_MAX_PLACES = 20
_QUANTA: tuple[Decimal, ...] = tuple(Decimal(1).scaleb(-p) for p in range(_MAX_PLACES + 1))
_RULE = re.compile(
    r"(?P<mode>ROUND_[A-Z0-9_]+)@(?P<places>\d{1,2})\s*(?P<unit>%|万|亿|thousand|million|billion)?"
)

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


# -- rounding ------------------------------------------------------------------


@public
@dataclass(frozen=True, slots=True)
class Rounding:
    """A rounding rule, applied once, from the exact result to the display value.

    ``places`` counts decimal places in ``unit``: base units (元, dollars, or 1
    for ratios), ``%`` (so ``ROUND_HALF_UP@2%`` shows a ratio as a percentage
    with two places), or a scale (``万``, ``亿``, ``thousand``, ``million``,
    ``billion``). The textual rule is ``MODE@places`` plus the unit.

    Attributes:
        places: Decimal places kept in ``unit`` (0-20).
        mode: A ``decimal`` rounding mode name; ``ROUND_HALF_UP`` by default.
        unit: The unit the places count in; ``"base"`` by default.

    >>> from decimal import Decimal
    >>> Rounding(2, unit="%").rule
    'ROUND_HALF_UP@2%'
    >>> Rounding.parse("ROUND_HALF_UP@1").apply(Decimal("12.345"))
    Decimal('12.3')
    >>> Rounding(2, unit="亿").apply(Decimal("874320000"))
    Decimal('8.74')
    """

    places: int = 2
    mode: RoundingMode = "ROUND_HALF_UP"
    unit: RoundingUnit = "base"

    def __post_init__(self) -> None:
        if (
            not isinstance(self.places, int)
            or isinstance(self.places, bool)
            or not 0 <= self.places <= _MAX_PLACES
        ):
            raise InvalidInputError(
                f"Rounding.places {self.places!r} is not a whole number 0-{_MAX_PLACES}",
                argument="places",
                value=self.places,
            )
        if self.mode not in _MODES:
            raise InvalidInputError(
                f"Rounding.mode {self.mode!r} is not a decimal rounding mode; "
                f"use one of {', '.join(sorted(_MODES))}",
                argument="mode",
                value=self.mode,
            )
        if self.unit not in _UNIT_EXPONENT:
            raise InvalidInputError(
                f"Rounding.unit {self.unit!r} is not one of {', '.join(_UNIT_EXPONENT)}",
                argument="unit",
                value=self.unit,
            )

    @property
    def rule(self) -> str:
        """The textual rule, e.g. ``ROUND_HALF_UP@2%``."""
        suffix = "" if self.unit == "base" else self.unit
        return f"{self.mode}@{self.places}{suffix}"

    @classmethod
    def parse(cls, text: str) -> Rounding:
        """Read a textual rule such as ``ROUND_HALF_UP@2`` or ``ROUND_HALF_EVEN@1%``.

        Raises:
            InvalidInputError: the text is not a rule.

        >>> Rounding.parse("ROUND_HALF_UP@2亿")
        Rounding(places=2, mode='ROUND_HALF_UP', unit='亿')
        """
        match = _RULE.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise InvalidInputError(
                f"{text!r} is not a rounding rule; write it like 'ROUND_HALF_UP@2' "
                "or 'ROUND_HALF_UP@2%'",
                argument="rounding",
                value=text,
            )
        mode: Any = match["mode"]
        unit: Any = match["unit"] or "base"
        return cls(int(match["places"]), mode, unit)

    def apply(self, value: Decimal) -> Decimal:
        """Round ``value`` (in base units) once, into ``unit`` with ``places`` places.

        Runs in fincalc's private decimal context; the caller's is untouched.

        >>> from decimal import Decimal
        >>> Rounding(2, unit="%").apply(Decimal("-0.0049409369"))
        Decimal('-0.49')
        """
        if not isinstance(value, Decimal) or not value.is_finite():
            value = to_decimal(value, field="Rounding.apply value")
        try:
            with arithmetic():
                return self.apply_in_context(value)
        except decimal.DecimalException as exc:
            raise InvalidInputError(
                f"cannot round {value!r} by {self.rule}: it has too many digits",
                argument="value",
                value=str(value),
            ) from exc

    def apply_in_context(self, value: Decimal) -> Decimal:
        """``apply`` for callers already inside ``arithmetic()`` (one context per call)."""
        exponent = _UNIT_EXPONENT[self.unit]
        scaled = value.scaleb(exponent) if exponent else value
        return scaled.quantize(_QUANTA[self.places], rounding=self.mode)

    def __str__(self) -> str:
        return self.rule


def to_rounding(value: object) -> Rounding:
    """Coerce a ``Rounding`` or its rule text (used by ``Computation`` and operations)."""
    if isinstance(value, Rounding):
        return value
    if isinstance(value, str):
        return Rounding.parse(value)
    raise InvalidInputError(
        f"rounding must be a Rounding or a rule such as 'ROUND_HALF_UP@2', got {value!r}",
        argument="rounding",
        value=repr(value),
    )


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
        from .ops import replay_computation

        try:
            fresh = replay_computation(self)
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


def normalise_calendar(calendar: FiscalCalendar | None) -> FiscalCalendar | None:
    """``None`` for the calendar year, so equal rules record (and hash) alike."""
    if calendar is None or calendar == CALENDAR_YEAR:
        return None
    if not isinstance(calendar, FiscalCalendar):
        raise InvalidInputError(
            f"calendar must be a FiscalCalendar, got {type(calendar).__name__}",
            argument="calendar",
            value=repr(calendar),
        )
    return calendar

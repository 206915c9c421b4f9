"""Tolerance and precision-aware targets: when a number is the expected value.

A candidate matches when it is within the tolerance (absolute *or*
relative), or — precision-aware — when the expected value rounded half-up to
the precision the candidate was written at equals it ("$303M" against
302.6M).  The precision is the candidate's ``Decimal`` exponent.  A wrong
scale (a factor 10^k, 1 <= |k| <= 12) is recognised as such and never
matches.

``Target`` holds the expected value with everything the comparisons reuse
precomputed; it is the evaluation hot path (plain Decimals, no validated
models) and runs inside fincalc's private context (``arithmetic()``).
"""

from __future__ import annotations

import dataclasses
import decimal
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .._values.decimals import in_range, to_decimal
from .._values.errors import InvalidInputError
from .._values.public import public

__all__ = ["Target", "Tolerance", "is_currency", "resolve_tolerance"]

#: Dimensions that are not currencies (every other three-letter code is one).
_NOT_CURRENCY = frozenset({"RATIO", "MULTIPLE", "SHARES", "COUNT"})
_SCALE_LIMIT = 12
_ONE = Decimal(1)
_ZERO = Decimal(0)
_REL_ERROR_QUANTUM = Decimal("1E-6")
_REL_ERROR_DIGITS = 40  # adjusted exponent up to which an error is quantized to 1e-6


def is_currency(dimension: str | None) -> bool:
    """True for a currency code (``CNY``, ``USD``), false for ``RATIO``, ``SHARES``, ``None``.

    >>> is_currency("HKD"), is_currency("RATIO"), is_currency("CNY_PER_SHARES")
    (True, False, False)
    """
    return dimension is not None and len(dimension) == 3 and dimension not in _NOT_CURRENCY


# -- tolerance ----------------------------------------------------------------


def _non_negative(value: object, name: str) -> Decimal | None:
    if value is None:
        return None
    number = to_decimal(value, field=f"Tolerance.{name}")
    if number < 0:
        raise InvalidInputError(
            f"Tolerance.{name} must not be negative, got {number!r}", argument=name, value=value
        )
    return number


@public
@dataclass(frozen=True, slots=True)
class Tolerance:
    """How close an answer must be to the expected value.

    A value matches when ``|found - expected| <= abs`` or
    ``|found - expected| <= rel * |expected|``, or — when ``precision_aware``
    — when ``expected`` rounded half-up to the precision ``found`` was
    written at equals ``found`` and ``found`` has at least
    ``min_significant_digits`` significant digits (so "5亿" is not read as
    a match for 4.6亿, nor "0%" for anything that rounds to zero).

    Defaults (``Tolerance.default_for``): currency amounts to the cent
    (``abs=0.01`` in base units), ``RATIO`` and ``MULTIPLE`` to 1e-4
    relative, counts and shares exactly.

    Attributes:
        abs: Absolute tolerance in base units, or ``None``.
        rel: Relative tolerance (0.0001 = 0.01 %), or ``None``.
        precision_aware: Accept the expected value rounded to the answer's precision.
        ignore_sign: Accept the opposite sign (outflow metrics such as capital
            expenditure written "(1,577)"). Off by default; a match that needed
            it says so in ``AnswerCheck.sign_ignored``.
        min_significant_digits: Fewest significant digits an answer needs for
            precision-aware matching.

    >>> Tolerance.default_for("CNY")
    Tolerance(abs=Decimal('0.01'), rel=None, precision_aware=True, ignore_sign=False, \
min_significant_digits=2)
    >>> Tolerance(rel="0.02").rel
    Decimal('0.02')
    """

    abs: Decimal | None = None
    rel: Decimal | None = None
    precision_aware: bool = True
    ignore_sign: bool = False
    min_significant_digits: int = 2

    def __post_init__(self) -> None:
        object.__setattr__(self, "abs", _non_negative(self.abs, "abs"))
        object.__setattr__(self, "rel", _non_negative(self.rel, "rel"))
        for name in ("precision_aware", "ignore_sign"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInputError(
                    f"Tolerance.{name} must be True or False, got {getattr(self, name)!r}",
                    argument=name,
                    value=repr(getattr(self, name)),
                )
        digits = self.min_significant_digits
        if isinstance(digits, bool) or not isinstance(digits, int) or digits < 1:
            raise InvalidInputError(
                f"Tolerance.min_significant_digits must be a positive int, got {digits!r}",
                argument="min_significant_digits",
                value=repr(digits),
            )

    @classmethod
    def default_for(cls, dimension: str | None) -> Tolerance:
        """The documented default for a dimension (exact when the dimension is unknown).

        >>> Tolerance.default_for("RATIO").rel
        Decimal('0.0001')
        """
        if dimension in ("RATIO", "MULTIPLE"):
            return _RATIO_DEFAULT
        if is_currency(dimension):
            return _AMOUNT_DEFAULT
        return _EXACT_DEFAULT

    @classmethod
    def from_dict(cls, data: Any) -> Tolerance:
        """Build from a mapping such as ``{"rel": "0.01"}`` (unknown keys are refused).

        >>> Tolerance.from_dict({"abs": "0.5", "ignore_sign": True}).ignore_sign
        True
        """
        if isinstance(data, Tolerance):
            return data
        if not isinstance(data, dict):
            raise InvalidInputError(
                f"a tolerance must be a mapping such as {{'rel': '0.01'}}, got {data!r}",
                argument="tolerance",
                value=repr(data)[:80],
            )
        unknown = set(data) - _TOLERANCE_FIELDS
        if unknown:
            raise InvalidInputError(
                f"unknown tolerance field(s) {sorted(unknown)}; known: {sorted(_TOLERANCE_FIELDS)}",
                argument="tolerance",
                value=sorted(unknown),
            )
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (Decimals as strings)."""
        return {
            "abs": None if self.abs is None else str(self.abs),
            "rel": None if self.rel is None else str(self.rel),
            "precision_aware": self.precision_aware,
            "ignore_sign": self.ignore_sign,
            "min_significant_digits": self.min_significant_digits,
        }


_TOLERANCE_FIELDS = frozenset(f.name for f in dataclasses.fields(Tolerance))
_AMOUNT_DEFAULT = Tolerance(abs=Decimal("0.01"))
_RATIO_DEFAULT = Tolerance(rel=Decimal("0.0001"))
_EXACT_DEFAULT = Tolerance(abs=Decimal(0))


def resolve_tolerance(tolerance: object, dimension: str | None) -> Tolerance:
    """``tolerance`` checked, or the default for ``dimension`` when it is ``None``."""
    if tolerance is None:
        return Tolerance.default_for(dimension)
    if not isinstance(tolerance, Tolerance):
        raise InvalidInputError(
            f"tolerance must be a Tolerance, got {type(tolerance).__name__}; "
            "e.g. Tolerance(rel='0.01') or Tolerance.from_dict({...})",
            argument="tolerance",
            value=repr(tolerance)[:80],
        )
    return tolerance


# -- the target (hot path: plain Decimals, no validated models) ------------------

_QUANTA: dict[int, Decimal] = {}


def _quantum(exponent: int) -> Decimal:
    quantum = _QUANTA.get(exponent)
    if quantum is None:
        quantum = _QUANTA[exponent] = Decimal((0, (1,), exponent))
    return quantum


class Target:
    """The expected value with everything the comparisons reuse precomputed.

    Build one per answer and call its methods inside ``arithmetic()``.

    >>> from decimal import Decimal
    >>> target = Target(Decimal("302600000"), Tolerance.default_for("USD"))
    >>> target.accepts(Decimal("3.03E+8")), target.scale_factor(Decimal("3.026E+11"))
    (True, Decimal('1E+3'))
    """

    __slots__ = ("exponent", "limit", "magnitude", "min_digits", "precision_aware", "value")

    def __init__(self, value: Decimal, tolerance: Tolerance) -> None:
        self.value = value
        self.magnitude = value.copy_abs()
        exponent = value.as_tuple().exponent
        self.exponent = exponent if isinstance(exponent, int) else 0
        limit = tolerance.abs if tolerance.abs is not None else _ZERO
        if tolerance.rel is not None:
            limit = max(limit, tolerance.rel * self.magnitude)
        self.limit = limit
        self.precision_aware = tolerance.precision_aware
        self.min_digits = tolerance.min_significant_digits

    def accepts(self, found: Decimal) -> bool:
        """True when ``found`` matches; ``found`` must be ``in_range`` (``judge`` checks)."""
        if (found - self.value).copy_abs() <= self.limit:
            return True
        if not self.precision_aware or not found:
            return False
        _, digits, exponent = found.as_tuple()
        if not isinstance(exponent, int) or exponent <= self.exponent:
            return False
        if len(digits) < self.min_digits:
            return False
        try:
            return self.value.quantize(_quantum(exponent)) == found
        except decimal.InvalidOperation:  # gold has more digits than the context holds
            return False

    def scale_factor(self, found: Decimal) -> Decimal | None:
        """The power of ten ``found`` is off by, if it is (else ``None``)."""
        if not found or not self.value:
            return None
        guess = found.adjusted() - self.value.adjusted()
        for k in (guess, guess - 1, guess + 1):
            if k and -_SCALE_LIMIT <= k <= _SCALE_LIMIT and self.accepts(found.scaleb(-k)):
                return _ONE.scaleb(k)
        return None

    def relative_error(self, found: Decimal) -> Decimal | None:
        """The relative error to 1e-6; ``None`` for gold zero or ``found`` out of range."""
        if not self.value or not in_range(found):
            return None
        error = (found - self.value).copy_abs() / self.magnitude
        if error.adjusted() >= _REL_ERROR_DIGITS:  # too large to hold to 1e-6: keep 50 digits
            return error
        return error.quantize(_REL_ERROR_QUANTUM)

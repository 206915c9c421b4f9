"""Tolerance and precision-aware targets: when a number is the expected value.

A candidate matches when it is within the tolerance (absolute *or*
relative), or — precision-aware — when the two agree at the coarser of
their written precisions:

* the answer rounds half-up to the gold at the gold's precision ("$302.6
  million" or "$302,578,000" for a gold of "$303 million"; "4.18%" for
  "4.2%"; "$8.738 billion" for "$8.70 billion", whose zero is padding);
* the gold rounds half-up to the answer at the answer's precision ("$303M"
  for a gold of 302.6M), the answer written to at least two significant digits;
* **rounding slack**: the rounded answer is within one unit of the gold's
  last written digit, when the gold was itself rounded by whoever wrote it —
  a derived figure (a ratio, multiple, number of days, per-share amount or
  plain number; ``kinds.is_derived``), where the slack is also at least 0.1 %
  of the gold ("93.89" for "93.86", "101.4%" for "101.5%", not "65.2%" for
  "65.4%"), or any gold written to two or three significant digits ("$389
  million" for "$0.40 billion").  A gold of one significant digit ("0.4%")
  gets no slack: one unit is a quarter of it.

However coarsely the gold is written, its precision and slack never accept
a figure more than 5 % from it (``MAX_PRECISION_BAND``): "$1 billion" does
not accept "$1.4 billion".  An answer coarser than the gold is bounded by
its own two significant digits instead ("$10" for 9.50).  An explicit
``abs`` or ``rel`` tolerance is not capped.

The precisions are ``Decimal`` exponents (the gold's as written,
``precision.written_exponent``).  A wrong scale (a factor 10^k,
1 <= |k| <= 12) is recognised as such and never matches: the slack is at
most a tenth of the gold.

``Target`` holds the expected value with everything the comparisons reuse
precomputed; it is the evaluation hot path (plain Decimals, no validated
models) and runs inside fincalc's private context (``arithmetic()``).
"""

from __future__ import annotations

import dataclasses
import decimal
import functools
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .._base.exceptions import InvalidInputError
from .._base.public import public
from .._values.decimals import in_range, to_decimal
from .._values.dimensions import is_money

__all__ = ["Target", "Tolerance", "is_currency", "resolve_tolerance"]

_SCALE_LIMIT = 12
_ONE = Decimal(1)
_ZERO = Decimal(0)
_REL_ERROR_QUANTUM = Decimal("1E-6")
_REL_ERROR_DIGITS = 40  # adjusted exponent up to which an error is quantized to 1e-6
# Rounding slack (``Target``): golds of two or three significant digits were
# rounded by their writer; derived figures get at least 0.1 % as well.
_MIN_SLACK_DIGITS = 2
_MAX_SLACK_DIGITS = 3
_DERIVED_SLACK = Decimal("0.001")
# However coarse the gold was written, a precision-aware match is never further than this
# from it (a relative band): "$1 billion" does not accept "$1.4 billion".
MAX_PRECISION_BAND = Decimal("0.05")


@functools.lru_cache(maxsize=256)
def is_currency(dimension: str | None) -> bool:
    """True for a currency code (``CNY``, ``USD``), false for ``RATIO``, ``SHARES``, ``None``.

    >>> is_currency("HKD"), is_currency("RATIO"), is_currency("CNY_PER_SHARES")
    (True, False, False)
    """
    return dimension is not None and is_money(dimension)


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
    — when the two agree at the coarser of their written precisions: found
    rounded half-up to the gold's precision equals the gold, or the gold
    rounded half-up to the precision ``found`` was written at equals
    ``found`` and ``found`` has at least ``min_significant_digits``
    significant digits (so "5亿" is not read as a match for 4.6亿, nor "0%"
    for anything that rounds to zero).  With ``rounding_slack`` the rounded
    answer may also be one unit off in the gold's last written digit when
    the gold was rounded by its writer (docs/evaluating.md, "Precision").

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
        rounding_slack: Accept one unit in the gold's last written digit for
            derived figures and for golds written to two or three significant
            digits (needs ``precision_aware``).

    >>> Tolerance.default_for("CNY")
    Tolerance(abs=Decimal('0.01'), rel=None, precision_aware=True, ignore_sign=False, \
min_significant_digits=2, rounding_slack=True)
    >>> Tolerance(rel="0.02").rel
    Decimal('0.02')
    """

    abs: Decimal | None = None
    rel: Decimal | None = None
    precision_aware: bool = True
    ignore_sign: bool = False
    min_significant_digits: int = 2
    rounding_slack: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "abs", _non_negative(self.abs, "abs"))
        object.__setattr__(self, "rel", _non_negative(self.rel, "rel"))
        for name in ("precision_aware", "ignore_sign", "rounding_slack"):
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
            "rounding_slack": self.rounding_slack,
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
    ``exponent`` is the exponent of the gold's last written digit (default:
    the value's own); ``derived`` says whether the gold is a computed figure
    (``kinds.is_derived``), which widens the rounding slack.

    >>> from decimal import Decimal
    >>> target = Target(Decimal("302600000"), Tolerance.default_for("USD"))
    >>> target.accepts(Decimal("3.03E+8")), target.scale_factor(Decimal("3.026E+11"))
    (True, Decimal('1E+3'))
    >>> days = Target(Decimal("93.86"), Tolerance.default_for(None), derived=True)
    >>> days.accepts(Decimal("93.89")), days.accepts(Decimal("93.55"))
    (True, False)
    """

    __slots__ = (
        "_derived",
        "_prepared",
        "_slack_on",
        "band",
        "exponent",
        "limit",
        "magnitude",
        "min_digits",
        "precision_aware",
        "quantum",
        "rounded",
        "slack",
        "value",
    )

    def __init__(
        self,
        value: Decimal,
        tolerance: Tolerance,
        *,
        exponent: int | None = None,
        derived: bool = False,
    ) -> None:
        self.value = value
        self.magnitude = value.copy_abs()
        if exponent is None:
            own = value.as_tuple().exponent
            exponent = own if isinstance(own, int) else 0
        self.exponent = exponent
        self.quantum = _quantum(exponent)
        limit = tolerance.abs if tolerance.abs is not None else _ZERO
        if tolerance.rel is not None:
            limit = max(limit, tolerance.rel * self.magnitude)
        self.limit = limit
        # A gold of zero has no scale to round at: "0.1" is not "0" written to the unit.
        self.precision_aware = tolerance.precision_aware and bool(value)
        self.min_digits = tolerance.min_significant_digits
        self.rounded = value
        self.band = self.magnitude * MAX_PRECISION_BAND
        self.slack: Decimal | None = None
        self._derived = derived
        self._slack_on = tolerance.rounding_slack
        # The rounded gold and its slack are worked out on the first answer
        # that is not equal to the gold (most structured answers are).
        self._prepared = not self.precision_aware

    def _prepare(self) -> None:
        """The gold at its written precision, and the rounding slack it allows."""
        self._prepared = True
        try:
            rounded = self.value.quantize(self.quantum)
        except decimal.InvalidOperation:  # gold has more digits than the context holds
            self.precision_aware = False
            return
        self.rounded = rounded
        if not self._slack_on or not rounded:
            return
        digits = len(rounded.as_tuple().digits)
        if digits < _MIN_SLACK_DIGITS:
            return
        if self._derived:
            self.slack = max(self.quantum, self.magnitude * _DERIVED_SLACK)
        elif digits <= _MAX_SLACK_DIGITS:
            self.slack = self.quantum

    def accepts(self, found: Decimal) -> bool:
        """True when ``found`` matches; ``found`` must be ``in_range`` (``judge`` checks)."""
        if (found - self.value).copy_abs() <= self.limit:
            return True
        if not self._prepared:
            self._prepare()
        if not self.precision_aware or not found:
            return False
        _, digits, exponent = found.as_tuple()
        if not isinstance(exponent, int):
            return False
        # the gold's precision and its slack never reach further than the band; an answer
        # coarser than the gold is bounded by its own two significant digits (≤ 5.3 %)
        far = (found - self.value).copy_abs() > self.band
        try:
            if exponent <= self.exponent:
                if far:
                    return False
                near = found.quantize(self.quantum)
                if near == self.rounded:
                    return True
            else:
                if len(digits) < self.min_digits:
                    return False
                if self.value.quantize(_quantum(exponent)) == found:
                    return True
                near = found
        except decimal.InvalidOperation:  # more digits than the context holds
            return False
        if far or self.slack is None or (not self._derived and exponent >= self.exponent):
            # a rounded gold forgives a finer answer ("$389 million" for "$0.40 billion");
            # written to the gold's own precision, "$1.1 billion" is another figure
            return False
        return (near - self.rounded).copy_abs() <= self.slack

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

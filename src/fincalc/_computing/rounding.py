"""``Rounding``: the one rule that turns an exact result into its display value.

Every operation rounds once, here, by a rule recorded as text
(``ROUND_HALF_UP@2%``). ``rounding_for`` picks an operation's default rule for
the result's dimension, or checks the caller's rule fits it.
"""

from __future__ import annotations

import decimal
import functools
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, get_args

from .._base.exceptions import InvalidInputError
from .._base.public import public
from .._values.decimals import CONTEXT, EXACT_DIGITS, PRECISION, arithmetic, to_decimal
from .._values.dimensions import RATIO, find_dimension, is_money

__all__ = ["Rounding", "RoundingMode", "RoundingUnit", "rounding_for", "to_rounding"]

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
        digits = scaled.adjusted() + self.places + 2
        if digits <= PRECISION:
            return scaled.quantize(_QUANTA[self.places], rounding=self.mode)
        # a huge amount to many places: quantize in a context wide enough to hold it
        if digits > EXACT_DIGITS:
            raise decimal.InvalidOperation(f"{digits} digits")
        wide = CONTEXT.copy()
        wide.prec = digits
        return scaled.quantize(_QUANTA[self.places], rounding=self.mode, context=wide)

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


_AMOUNT = Rounding(2)
_PERCENT = Rounding(2, unit="%")
_WHOLE = Rounding(0)
#: Rounding units that scale an amount (亿, million, …): only for amounts and counts.
_SCALE_UNITS = frozenset({"万", "亿", "thousand", "million", "billion"})


def _kind(dimension: str) -> str | None:
    info = find_dimension(dimension)
    return None if info is None else info.kind


def _scalable(dimension: str) -> bool:
    """Whether a scale (万, 亿, million) fits: money, counts and physical quantities."""
    return is_money(dimension) or _kind(dimension) in ("count", "physical")


@functools.lru_cache(maxsize=256)
def _default_rounding(dimension: str) -> Rounding:
    """``@2%`` for ratios, ``@0`` for counts (shares, people, households), ``@2`` otherwise."""
    if dimension == RATIO:
        return _PERCENT
    return _WHOLE if _kind(dimension) == "count" else _AMOUNT


def rounding_for(operation: str, rounding: Rounding | str | None, dimension: str) -> Rounding:
    """The display rule for a result of ``dimension``: the default, or the caller's, checked.

    ``%`` places only make sense for a ``RATIO``; a scale (万, 亿, thousand,
    million, billion) only for a currency amount, a count (``SHARES``,
    ``PERSONS``) or a physical quantity (``TONNES``, 540万吨). A ratio under a
    base-unit rule is allowed (rendered as a percentage); anything else is
    refused rather than displayed as nonsense ("148,200,000,000.00%",
    "同比持平0.00亿").

    >>> rounding_for("yoy", None, "RATIO").rule
    'ROUND_HALF_UP@2%'
    >>> rounding_for("add", "ROUND_HALF_UP@2%", "CNY")
    Traceback (most recent call last):
    ...
    fincalc.InvalidInputError: add: the rounding rule 'ROUND_HALF_UP@2%' counts in '%', ...
    """
    if rounding is None:
        return _default_rounding(dimension)
    rule = to_rounding(rounding)
    if rule.unit == "%" and dimension != RATIO:
        fix = "use a base-unit or scale rule such as 'ROUND_HALF_UP@2' or 'ROUND_HALF_UP@2亿'"
    elif rule.unit in _SCALE_UNITS and not _scalable(dimension):
        fix = (
            "use 'ROUND_HALF_UP@2%' (places of a percentage)"
            if dimension == RATIO
            else "use a base-unit rule such as 'ROUND_HALF_UP@2'"
        )
    else:
        return rule
    raise InvalidInputError(
        f"{operation}: the rounding rule {rule.rule!r} counts in {rule.unit!r}, which does not "
        f"fit the result's dimension {dimension!r}; {fix}",
        argument="rounding",
        value=rule.rule,
    )

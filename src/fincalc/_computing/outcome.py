"""What an operation's rule yields: the exact result and its display, not yet a record.

The rules (``totals``, ``differences``, ``growth``, ``quotients``) check the
calibers, pick the target caliber and the rounding rule, and call ``settle``:
it runs the arithmetic exactly in fincalc's private decimal context (one
context per call), rounds once, and returns an ``Outcome``. The public
operations turn an ``Outcome`` into a ``Computation`` (``audit.record``), and
``Computation.replay`` reruns the same rules, so the record sits above the
rules and nothing imports back.
"""

from __future__ import annotations

import decimal
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from .._base.exceptions import InvalidInputError
from .._values.caliber import Caliber
from .._values.decimals import MAX_EXPONENT, arithmetic, in_range
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .checks import normalise_calendar
from .rounding import Rounding
from .spec import Formula, RatioKind, SignConvention

__all__ = ["Extras", "Operation", "Outcome", "settle"]

#: Every operation name a record may carry: the names of the operation table
#: (``operations.OPERATIONS``), in its order — a test keeps the two equal; the
#: literal is what mypy and pydantic check a name against.
Operation = Literal[
    "add",
    "sub",
    "yoy",
    "qoq",
    "ratio",
    "share",
    "cagr",
    "pp_change",
    "average",
    "combine",
    "formula",
    "scale",
    "negate",
    "abs",
    "change_over",
    "base_from_growth",
    "prior_level",
    "growth_from_change",
    "level_from_change",
    "flow_from_balances",
    "multiple_of",
]

_ONE = Decimal(1)
_ZERO_FLOOR = Decimal(0).scaleb(-MAX_EXPONENT)


@dataclass(frozen=True, slots=True)
class Extras:
    """The optional record fields an operation's parameters fill.

    Attributes:
        signs: The sign convention applied to each input, when the caller
            declared one (``sub``, ``ratio``).
        kind: The analytic a ``ratio`` was declared as (``turnover``, …).
        factor: The constant the result was multiplied by (``scale``, days).
        factor_meaning: What that constant is ("days in a year", …).
        formula: The declared formula (``formula``, ``combine``).
    """

    signs: tuple[SignConvention, ...] | None = None
    kind: RatioKind | None = None
    factor: Decimal | None = None
    factor_meaning: str | None = None
    formula: Formula | None = None


_NO_EXTRAS = Extras()


@dataclass(frozen=True, slots=True)
class Outcome:
    """The fields of a ``Computation`` an operation's rule decides.

    Immutable like every value type here.  Every operation builds one; as a
    frozen dataclass (a ``NamedTuple`` before issue 29) ``yoy`` with its
    ``Computation`` measured the same, 0.997× in paired runs against main
    (docs/performance.md, "Issue 29").

    Attributes:
        operation: The operation's name.
        inputs: The facts, in the order the operation took them.
        target: The caliber of the result.
        rounding: The rule that produced ``display`` from ``result``.
        result: The exact result.
        display: ``result`` rounded once by ``rounding``.
        note: How the target was derived, when that is not obvious.
        calendar: The fiscal calendar, ``None`` for the calendar year.
        extras: The declared parameters (``Extras``), ``None`` when there are
            none (yoy, add: the hot path builds no second tuple).
    """

    operation: Operation
    inputs: tuple[Fact, ...]
    target: Caliber
    rounding: Rounding
    result: Decimal
    display: Decimal
    note: str = ""
    calendar: FiscalCalendar | None = None
    extras: Extras | None = None


def settle(
    operation: Operation,
    inputs: Sequence[Fact],
    target: Caliber,
    rule: Rounding,
    compute: Callable[[], Decimal],
    calendar: FiscalCalendar | None,
    *,
    note: str = "",
    extras: Extras | None = None,
) -> Outcome:
    """Run ``compute`` exactly in the private context, round once, and keep it all.

    The result and its display must lie within fincalc's range (magnitudes
    from 1E-40 to below 1E+41, ``decimals.MAX_EXPONENT``), so that every
    record an operation builds loads again with ``Computation.from_json``.
    """
    try:
        with arithmetic():
            result = _plain(compute())
            display = rule.apply_in_context(result)
    except decimal.DecimalException as exc:
        raise InvalidInputError(
            f"cannot {operation}: the decimal arithmetic failed ({type(exc).__name__}: {exc}) "
            f"under the rounding {rule.rule}; sums and differences are exact and quotients "
            "carry 50 significant digits, so this is not a matter of the inputs' units — "
            "report it with the inputs",
            argument="facts",
            value=type(exc).__name__,
        ) from exc
    if (result and not -MAX_EXPONENT <= result.adjusted() <= MAX_EXPONENT) or (
        display and not -MAX_EXPONENT <= display.adjusted() <= MAX_EXPONENT
    ):
        _out_of_range(operation, rule, result, display)
    return Outcome(
        operation,
        tuple(inputs),
        target,
        rule,
        result,
        display,
        note,
        normalise_calendar(calendar),
        None if extras == _NO_EXTRAS else extras,
    )


def _out_of_range(operation: str, rule: Rounding, result: Decimal, display: Decimal) -> None:
    """Refuse a result or display no record could hold (``from_json`` would reject it)."""
    for name, value in (("result", result), ("display", display)):
        if value and not in_range(value):
            why = (
                "the inputs cancel to within 1E-40 of each other (they agree to more digits "
                "than any report writes)"
                if value.adjusted() < 0
                else "check the units of the inputs, or pick a rounding unit that fits (a "
                "huge ratio is not a percentage)"
            )
            raise InvalidInputError(
                f"cannot {operation}: the {name} {value:.6E} (under {rule.rule}) is outside "
                f"fincalc's range (magnitudes from 1E-{MAX_EXPONENT} to below "
                f"1E+{MAX_EXPONENT + 1}, far beyond any reported figure); {why}",
                argument="facts",
                value=format(value, "E"),
                limit=MAX_EXPONENT,
            )


def _plain(value: Decimal) -> Decimal:
    """Exponent at most 0, no negative zero, no zero finer than 1E-40 (in context)."""
    if not value:
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int) and exponent < -MAX_EXPONENT:
            return _ZERO_FLOOR
        return value.copy_abs() if value.is_signed() else value
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent > 0:
        return value.quantize(_ONE)
    return value

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
from decimal import Decimal
from typing import Literal, NamedTuple

from .._values.caliber import Caliber
from .._values.decimals import arithmetic
from .._values.errors import InvalidInputError
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .checks import normalise_calendar
from .rounding import Rounding

__all__ = ["Operation", "Outcome", "settle"]

Operation = Literal["add", "sub", "yoy", "qoq", "ratio", "share", "cagr", "pp_change"]

_ONE = Decimal(1)


class Outcome(NamedTuple):
    """The fields of a ``Computation`` an operation's rule decides.

    Immutable like every value type here; a ``NamedTuple`` rather than a frozen
    dataclass because every operation builds one, and a frozen dataclass's
    ``__init__`` costs about 0.8 µs against 0.2 µs (the operations budget,
    ``benchmarks/ops_bench.py``).

    Attributes:
        operation: The operation's name.
        inputs: The facts, in the order the operation took them.
        target: The caliber of the result.
        rounding: The rule that produced ``display`` from ``result``.
        result: The exact result.
        display: ``result`` rounded once by ``rounding``.
        note: How the target was derived, when that is not obvious.
        calendar: The fiscal calendar, ``None`` for the calendar year.
    """

    operation: Operation
    inputs: tuple[Fact, ...]
    target: Caliber
    rounding: Rounding
    result: Decimal
    display: Decimal
    note: str = ""
    calendar: FiscalCalendar | None = None


def settle(
    operation: Operation,
    inputs: Sequence[Fact],
    target: Caliber,
    rule: Rounding,
    compute: Callable[[], Decimal],
    calendar: FiscalCalendar | None,
    *,
    note: str = "",
) -> Outcome:
    """Run ``compute`` exactly in the private context, round once, and keep it all."""
    try:
        with arithmetic():
            result = _plain(compute())
            display = rule.apply_in_context(result)
    except decimal.DecimalException as exc:
        raise InvalidInputError(
            f"cannot {operation}: the amounts exceed fincalc's 50 significant digits "
            f"({type(exc).__name__}); check the units of the inputs",
            argument="facts",
            value=type(exc).__name__,
        ) from exc
    return Outcome(
        operation,
        tuple(inputs),
        target,
        rule,
        result,
        display,
        note,
        normalise_calendar(calendar),
    )


def _plain(value: Decimal) -> Decimal:
    """Exponent at most 0 and no negative zero, so JSON writes plain digits (in context)."""
    if not value:
        return value.copy_abs() if value.is_signed() else value
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent > 0:
        return value.quantize(_ONE)
    return value

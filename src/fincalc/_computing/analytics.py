"""The analytics a quotient may be declared as: multiples, turnovers, returns, days.

A plain ``ratio`` divides two figures of one entity, period and basis. An
analyst's ratio often divides a *flow* over a period by a *balance*
(revenue over total assets); that is allowed only when the caller names the
analytic, and then by a written rule:

- ``multiple``: like a plain ratio (one entity, period, basis and tax, equal
  dimensions), read as a multiple: interest coverage 8.20x, current ratio.
- ``turnover``: a flow over period P divided by a balance — the closing
  balance (the instant on P's last day) or an average balance over P
  (``average()`` of the opening and closing balances) — read as a
  ``MULTIPLE``: asset turnover 1.73x. The opening balance alone (the instant
  the day before P starts) is refused: it is last period's closing balance,
  the classic wrong column, and the rare analytic that means it (a return on
  beginning equity) is not worth that risk.
- ``return``: the same pairing read as a ``RATIO``: ROA, ROE.
- ``days``: a balance divided by a flow over P, times the days of P — 365
  for a 12-month period unless ``days=`` says otherwise (another period
  needs ``days=``): DSO, DPO, DIO, in ``DAYS``.
- ``leverage``: a balance divided by a flow over P (the balance paired as
  for a turnover: closing, or the average over P), read as a ``MULTIPLE``:
  debt / EBITDA 2.4x.
- ``per_unit``: a figure over a count or physical quantity — of the same
  period, or a balance paired as for a turnover: revenue per employee at
  year end (``CNY_PER_PERSONS``), net income per share outstanding.

Entity and tax are equal; the dimensions are equal (no FX); the divisor must
be positive ("not meaningful" otherwise: ROE over negative equity); and a
negative input needs a declared sign convention (``signs=``). The target
caliber is the flow's: its period and basis, with the result's metric.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Final

from .._base.exceptions import DimensionMismatchError, InvalidInputError
from .._values.caliber import Basis, Caliber
from .._values.dimensions import DAYS, MULTIPLE, RATIO
from .._values.facts import Fact
from .._values.period import FiscalCalendar, Period
from .checks import (
    check_fact,
    checked_name,
    described,
    dimension_error,
    mismatch,
    normalise_calendar,
    undefined,
)
from .outcome import Extras, Outcome, settle
from .quotients import per_unit_dimension
from .rounding import Rounding, rounding_for
from .sign_conventions import (
    apply_convention,
    check_signs,
    reads_either_way,
    sign_note,
    undeclared_negative,
)
from .spec import RATIO_KINDS, FormulaKind, RatioKind, check_days, is_one_of

__all__ = ["Pairing", "analytic_ratio", "days_factor", "pair_parts", "result_dimension"]

_OPERATION: Final = "ratio"
_YEAR_DAYS = Decimal(365)
#: The result dimension of each analytic of equal dimensions (``ratio`` and
#: ``per_unit`` give ``<TOP>_PER_<BOTTOM>`` by ``per_unit_dimension``).
_DIMENSIONS: dict[str, str] = {
    "multiple": MULTIPLE,
    "turnover": MULTIPLE,
    "return": RATIO,
    "days": DAYS,
    "leverage": MULTIPLE,
}


@dataclass(frozen=True, slots=True)
class Pairing:
    """How the two parts of a quotient were paired: the target caliber and a note."""

    target: Caliber
    note: str
    flow: Fact | None


def result_dimension(operation: str, kind: FormulaKind, top: Fact, bottom: Fact) -> str:
    """The result's dimension: equal dimensions for every analytic, per-unit only for ratios."""
    a, b = top.caliber.dimension, bottom.caliber.dimension
    if kind == "ratio":
        return per_unit_dimension(a, b)
    if kind == "per_unit":
        if a == b:
            raise DimensionMismatchError(
                f"cannot {operation}: a per-unit figure divides by a count or a physical "
                f"quantity, but both figures are {a!r}; use a plain ratio (or kind='turnover')",
                operation=operation,
                left=a,
                right=b,
            )
        return per_unit_dimension(a, b)
    if a != b:
        raise dimension_error(operation, top, bottom)
    return _DIMENSIONS[kind]


def pair_parts(
    operation: str,
    kind: FormulaKind,
    top: Fact,
    bottom: Fact,
    metric: str,
    calendar: FiscalCalendar | None,
) -> Pairing:
    """Check that ``top`` may be divided by ``bottom`` as ``kind``; the target caliber.

    ``ratio`` and ``multiple``: one entity, period, basis and tax. ``turnover``
    and ``return``: ``top`` a flow, ``bottom`` a balance aligned with it;
    ``days`` and ``leverage``: the other way round (the module docstring).
    """
    dimension = result_dimension(operation, kind, top, bottom)
    ct, cb = top.caliber, bottom.caliber
    same_span = ct.period == cb.period and ct.basis is cb.basis
    if kind in ("ratio", "multiple") or (kind == "per_unit" and same_span):
        differing = tuple(name for name in ct.diff(cb) if name not in ("metric", "dimension"))
        if differing:
            raise mismatch(
                operation,
                top,
                bottom,
                f"a {kind} divides two figures of the same entity, period, basis and tax; a "
                "flow over a balance is kind='turnover', 'return' or 'days'",
                calendar=calendar,
                differing=differing,
            )
        return Pairing(Caliber(metric, ct.entity, ct.period, ct.basis, dimension, ct.tax), "", None)
    flow, balance = (bottom, top) if kind in ("days", "leverage") else (top, bottom)
    note = _check_flow_and_balance(operation, kind, flow, balance, calendar)
    cf = flow.caliber
    return Pairing(Caliber(metric, cf.entity, cf.period, cf.basis, dimension, cf.tax), note, flow)


def _pairing_hint(kind: str) -> str:
    return (
        f"a {kind} pairs a flow over a period with a balance of the same entity and tax: the "
        "closing balance of the flow's period, or average(opening, closing)"
    )


def _check_flow_and_balance(
    operation: str, kind: str, flow: Fact, balance: Fact, calendar: FiscalCalendar | None
) -> str:
    """A flow over a period and a balance aligned with it; the note saying how."""
    cf, cb = flow.caliber, balance.caliber
    other = tuple(name for name in ("entity", "tax") if getattr(cf, name) != getattr(cb, name))
    if other:
        raise mismatch(
            operation, flow, balance, _pairing_hint(kind), calendar=calendar, differing=other
        )
    if cf.basis is Basis.INSTANT:
        raise mismatch(
            operation,
            flow,
            balance,
            _pairing_hint(kind),
            calendar=calendar,
            differing=("basis",),
            detail=f"the flow {cf.metric!r} is a balance at {described(cf.period, calendar)}, "
            "not a figure over a period",
        )
    period = described(cf.period, calendar)
    if cb.basis is Basis.INSTANT:
        day = cb.period.start
        if day == cf.period.last_day:
            return f"{cb.metric} is the closing balance of {period} ({day.isoformat()})"
        if day == cf.period.start - timedelta(days=1):
            detail = (
                f"the balance at {day.isoformat()} is the opening balance of {period} — last "
                f"period's closing balance; pass the closing balance "
                f"({cf.period.last_day.isoformat()}) or average(opening, closing)"
            )
        else:
            detail = (
                f"the balance at {day.isoformat()} is not the closing balance "
                f"({cf.period.last_day.isoformat()}) of {period}"
            )
    elif cb.period == cf.period and cb.basis is cf.basis:
        return f"{cb.metric} is an average balance over {period}"
    else:
        detail = (
            f"{cb.metric!r} covers {described(cb.period, calendar)} ({cb.basis.value}), not the "
            f"flow's {period}; an average balance must cover the flow's period"
        )
    raise mismatch(
        operation,
        flow,
        balance,
        _pairing_hint(kind),
        calendar=calendar,
        differing=("period",),
        detail=detail,
    )


def days_factor(flow: Fact, days: object, calendar: FiscalCalendar | None) -> tuple[Decimal, str]:
    """The day count of a ``days`` analytic and what it means (365 for a 12-month period)."""
    value = check_days(days) if days is not None else None
    found = _days_of(flow.caliber.period, value, calendar)
    if found is not None:
        return found
    period = flow.caliber.period
    raise InvalidInputError(
        f"days: the flow {flow.caliber.metric!r} covers {described(period, calendar)}, not a "
        "12-month year; pass the days to count, e.g. days=90 or days=91 for a quarter, "
        "days=181 for a half year (and days=366 or 360 for a year counted otherwise)",
        argument="days",
        value=None,
    )


@functools.lru_cache(maxsize=1024)
def _days_of(
    period: Period, value: Decimal | None, calendar: FiscalCalendar | None
) -> tuple[Decimal, str] | None:
    """(days, meaning) for a period and a checked day count; ``None``: days must be given."""
    if period.months == 12 and value in (None, _YEAR_DAYS):
        # The same words whether 365 was passed or implied, so a replay reproduces them.
        return _YEAR_DAYS, (
            f"365 days: the convention for a 12-month period ({described(period, calendar)})"
        )
    if value is not None:
        return value, f"{format(value, 'f')} days (given for {described(period, calendar)})"
    return None


def analytic_ratio(
    numerator: Fact,
    denominator: Fact,
    *,
    kind: object,
    metric: str,
    days: object,
    signs: object,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``ratio(..., kind=...)``: the quotient read as the declared analytic (module docstring)."""
    check_fact(_OPERATION, "numerator", numerator)
    check_fact(_OPERATION, "denominator", denominator)
    checked_name(metric, "metric")
    normalise_calendar(calendar)
    if not is_one_of(kind, RATIO_KINDS):
        raise InvalidInputError(
            f"ratio: kind={kind!r} is not an analytic; use one of {sorted(RATIO_KINDS)}, or "
            "leave kind out for a plain ratio",
            argument="kind",
            value=repr(kind)[:80],
        )
    analytic: RatioKind = kind  # type: ignore[assignment]
    if days is not None and analytic != "days":
        raise InvalidInputError(
            f"ratio: days= applies only to kind='days', not kind={analytic!r}; to multiply a "
            "result by a constant use scale()",
            argument="days",
            value=repr(days)[:80],
        )
    if days is not None:
        check_days(days)
    declared = check_signs(_OPERATION, signs, ("numerator", "denominator"))
    pairing = pair_parts(_OPERATION, analytic, numerator, denominator, metric, calendar)
    if declared is None:
        for role, fact in (("numerator", numerator), ("denominator", denominator)):
            if reads_either_way(fact):
                raise undeclared_negative(
                    _OPERATION,
                    role,
                    fact,
                    f"a {analytic} of a negative figure depends on whether the minus is real",
                    ("ratio(..., signs='magnitude')", "ratio(..., signs='as_written')"),
                )
    top = apply_convention(numerator, declared[0] if declared else None)
    bottom = apply_convention(denominator, declared[1] if declared else None)
    if not bottom or bottom.is_signed():
        raise undefined(
            _OPERATION,
            denominator,
            "denominator",
            f"a {analytic} over a zero or negative base is not meaningful",
        )
    factor, meaning = (None, None)
    if analytic == "days":
        factor, meaning = days_factor(denominator, days, calendar)
    notes = [f"{analytic}: {pairing.note}" if pairing.note else analytic]
    if declared is not None:
        notes.append(sign_note(("numerator", "denominator"), (numerator, denominator), declared))
    if meaning:
        notes.append(f"× {meaning}")
    rule = rounding_for(_OPERATION, rounding, pairing.target.dimension)
    multiplier = factor

    def compute() -> Decimal:  # multiply first, so the division is the only rounding
        return (top * multiplier if multiplier is not None else top) / bottom

    return settle(
        _OPERATION,
        (numerator, denominator),
        pairing.target,
        rule,
        compute,
        calendar,
        note="; ".join(notes),
        extras=Extras(signs=declared, kind=analytic, factor=factor, factor_meaning=meaning),
    )

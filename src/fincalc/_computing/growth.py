"""The rules of the changes over time: ``yoy``, ``qoq``, ``cagr`` and ``pp_change``.

Each compares one figure over two periods, the later one first: every caliber
field is equal except ``period``. Growth rates (yoy, qoq, cagr) refuse a zero
or negative base and refuse ratios, whose change is ``pp_change`` (25.3 % vs
24.8 % is +0.5 pp, not +2.02 %). The result is a ``RATIO`` named
``"<metric> <operation>"`` unless the caller names it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from .._values.caliber import Basis, Caliber
from .._values.errors import DimensionMismatchError
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .checks import (
    check_dimensions,
    check_fact,
    checked_name,
    later_first,
    mismatch,
    normalise_calendar,
    same_length,
    shifted,
    undefined,
)
from .dimensions import RATIO
from .outcome import Operation, Outcome, settle
from .rounding import Rounding, rounding_for

__all__ = [
    "compound_annual_growth",
    "percentage_point_change",
    "period_over_period",
    "year_over_year",
]

_ONE = Decimal(1)


def year_over_year(
    current: Fact,
    prior: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``(current − prior) / prior`` where ``prior`` is the same period one year earlier."""
    operation: Final = "yoy"
    _check_growth_inputs(operation, ("current", current), ("prior", prior), calendar)
    c, p = current.caliber, prior.caliber
    differing = c.diff(p)
    expected = shifted(c.period, -1)
    if differing != ("period",) or p.period != expected:
        detail = None
        if differing == ("period",):
            detail = (
                f"the prior period must be exactly one year earlier ({expected.describe(calendar)})"
            )
        elif not differing:
            detail = f"both facts are for {c.period.describe(calendar)}"
        raise mismatch(
            operation,
            current,
            prior,
            f"compare {c.period.describe(calendar)} ({c.basis.value}) with the prior year's "
            f"{expected.describe(calendar)} ({c.basis.value}) of the same metric, entity and tax"
            + _basis_cue(c.basis),
            calendar=calendar,
            detail=detail,
        )
    return _growth(operation, current, prior, metric, rounding, calendar)


def period_over_period(
    current: Fact,
    prior: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``(current − prior) / prior`` for adjacent single periods of equal length (环比)."""
    operation: Final = "qoq"
    _check_growth_inputs(operation, ("current", current), ("prior", prior), calendar)
    c, p = current.caliber, prior.caliber
    differing = c.diff(p)
    if (
        differing != ("period",)
        or c.basis is not Basis.SINGLE_PERIOD
        or p.period.end != c.period.start
        or not same_length(c.period, p.period)
    ):
        detail = None
        if differing == ("period",) and c.basis is not Basis.SINGLE_PERIOD:
            detail = f"both figures are {c.basis.value}"
        elif differing == ("period",):
            detail = (
                f"{p.period.describe(calendar)} is not the period of equal length ending where "
                f"{c.period.describe(calendar)} starts"
            )
        raise mismatch(
            operation,
            current,
            prior,
            "qoq compares a single period with the adjacent preceding period of the same "
            "length (2025Q3 with 2025Q2); for cumulative figures derive the quarters with "
            "sub() first",
            calendar=calendar,
            detail=detail,
        )
    return _growth(operation, current, prior, metric, rounding, calendar)


def compound_annual_growth(
    end: Fact,
    start: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``(end / start) ** (1 / years) − 1`` for one period a whole number of years apart."""
    operation: Final = "cagr"
    _check_growth_inputs(operation, ("end", end), ("start", start), calendar)
    years = _whole_years_apart(end, start, calendar)
    base, final = start.quantity.value, end.quantity.value
    if not base or base.is_signed():
        raise undefined(
            operation, start, "start value", "a compound growth rate needs a positive start"
        )
    if final.is_signed() and final:
        raise undefined(
            operation, end, "end value", "a compound growth rate to a negative value is undefined"
        )
    rule = rounding_for(operation, rounding, RATIO)

    def compound() -> Decimal:
        growth = final / base
        if years == 1:
            return (final - base) / base
        if not growth:
            return -_ONE
        return (growth.ln() / years).exp() - _ONE

    target = _ratio_target(operation, end.caliber, metric)
    return settle(operation, (end, start), target, rule, compound, calendar)


def _whole_years_apart(end: Fact, start: Fact, calendar: FiscalCalendar | None) -> int:
    """The whole number of years (≥ 1) that shifts ``start``'s period onto ``end``'s."""
    ce, cs = end.caliber, start.caliber
    differing = ce.diff(cs)
    years = ce.period.start.year - cs.period.start.year
    if differing == ("period",) and years >= 1 and shifted(cs.period, years) == ce.period:
        return years
    detail = None
    if differing == ("period",):
        detail = (
            f"{cs.period.describe(calendar)} and {ce.period.describe(calendar)} are not the "
            "same period a whole number of years apart (later one first)"
        )
    raise mismatch(
        "cagr",
        end,
        start,
        "cagr needs equal-length periods a whole number of years apart, the later one "
        "first: cagr(FY2024, FY2020)",
        calendar=calendar,
        detail=detail,
    )


def percentage_point_change(
    current: Fact,
    prior: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``current − prior`` of two ratios over equal-length periods, the later one first."""
    operation: Final = "pp_change"
    check_fact(operation, "current", current)
    check_fact(operation, "prior", prior)
    _require_ratios(current, prior)
    normalise_calendar(calendar)
    c, p = current.caliber, prior.caliber
    differing = c.diff(p)
    hint = (
        "pp_change compares one ratio over two equal-length periods, the later one first: "
        "pp_change(FY2024, FY2023)"
    )
    if (
        differing != ("period",)
        or c.period.overlaps(p.period)
        or not same_length(c.period, p.period)
    ):
        raise mismatch(operation, current, prior, hint, calendar=calendar)
    later_first(operation, current, prior, hint, calendar)
    rule = rounding_for(operation, rounding, RATIO)
    target = _ratio_target(operation, c, metric)
    return settle(
        operation,
        (current, prior),
        target,
        rule,
        lambda: current.quantity.value - prior.quantity.value,
        calendar,
    )


def _require_ratios(current: Fact, prior: Fact) -> None:
    """Percentage points compare two ``RATIO`` facts; refuse anything else."""
    for fact in (current, prior):
        if fact.caliber.dimension != RATIO:
            raise DimensionMismatchError(
                f"cannot pp_change: {fact.caliber.metric!r} ({fact.evidence.evidence_id}) is "
                f"{fact.caliber.dimension!r}, not 'RATIO'; percentage points compare two "
                "ratios — for amounts use sub() or yoy()",
                operation="pp_change",
                left=current.caliber.dimension,
                right=prior.caliber.dimension,
            )


def _check_growth_inputs(
    operation: str,
    later: tuple[str, Fact],
    earlier: tuple[str, Fact],
    calendar: FiscalCalendar | None,
) -> None:
    """The checks every growth rate shares: two Facts, one dimension, no ratios, a calendar."""
    check_fact(operation, *later)
    check_fact(operation, *earlier)
    check_dimensions(operation, later[1], earlier[1])
    _refuse_ratio_growth(operation, later[1], earlier[1])
    normalise_calendar(calendar)


def _refuse_ratio_growth(operation: str, current: Fact, prior: Fact) -> None:
    """Growth rates of ratios are the classic error: 25.3 % vs 24.8 % is +0.5 pp, not +2.02 %."""
    for fact in (current, prior):
        c = fact.caliber
        if c.dimension == RATIO:
            raise DimensionMismatchError(
                f"cannot {operation}: {c.metric!r} ({fact.evidence.evidence_id}, "
                f"{fact.quantity.raw or format(fact.value, 'f')}) is a RATIO; the growth rate "
                "of a ratio (毛利率同比增长2.02%) is almost never what is meant — use "
                "pp_change(current, prior) for the change in percentage points",
                operation=operation,
                left=current.caliber.dimension,
                right=prior.caliber.dimension,
            )


def _basis_cue(basis: Basis) -> str:
    if basis is Basis.CUMULATIVE:
        return "; a cumulative figure (前三季度, 上半年) compares only with the same span"
    if basis is Basis.SINGLE_PERIOD:
        return "; a single quarter (第三季度) compares only with a single quarter"
    return ""


def _growth(
    operation: Operation,
    current: Fact,
    prior: Fact,
    metric: str | None,
    rounding: Rounding | str | None,
    calendar: FiscalCalendar | None,
) -> Outcome:
    """``(current − prior) / prior`` over a positive base, as a ``RATIO``."""
    base = prior.quantity.value
    if not base or base.is_signed():
        raise undefined(
            operation,
            prior,
            "base",
            "growth over a zero or negative base is undefined — report both values, or the "
            "change with sub()",
        )
    rule = rounding_for(operation, rounding, RATIO)
    target = _ratio_target(operation, current.caliber, metric)
    return settle(
        operation,
        (current, prior),
        target,
        rule,
        lambda: (current.quantity.value - base) / base,
        calendar,
    )


def _ratio_target(operation: str, caliber: Caliber, metric: str | None) -> Caliber:
    """The RATIO caliber of a growth or change of ``caliber`` ("营业收入 yoy" by default)."""
    return Caliber(
        checked_name(metric, "metric") if metric is not None else f"{caliber.metric} {operation}",
        caliber.entity,
        caliber.period,
        caliber.basis,
        RATIO,
        caliber.tax,
    )

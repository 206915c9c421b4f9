"""The rules of the changes over time: ``yoy``, ``qoq``, ``cagr``, ``change_over`` and
``pp_change`` (``base_from_growth``, the base a growth rate was taken over, is in
``bases``).

Each compares one figure over two periods, the later one first: every caliber
field is equal except ``period``. Growth rates (yoy, qoq, cagr, change_over)
refuse a zero or negative base and refuse ratios, whose change is
``pp_change`` (25.3 % vs 24.8 % is +0.5 pp, not +2.02 %). The result is a
``RATIO`` named ``"<metric> <operation>"`` unless the caller names it. The
number of years of ``cagr`` and ``change_over`` is counted from the periods
(FY2021 → FY2024 is three years); a caller's ``years=`` is checked against it.
``change_over`` of one balance at two dates that are not whole years apart is
the change over that span, not annualised unless asked.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from .._base.exceptions import DimensionMismatchError, InvalidInputError
from .._values.caliber import Basis, Caliber, Role
from .._values.decimals import exact_sum
from .._values.dimensions import RATIO
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .checks import (
    check_dimensions,
    check_fact,
    checked_name,
    described,
    later_first,
    mismatch,
    normalise_calendar,
    same_length,
    shifted,
    undefined,
)
from .outcome import Extras, Operation, Outcome, settle
from .rounding import Rounding, rounding_for

__all__ = [
    "change_over_years",
    "compound_annual_growth",
    "percentage_point_change",
    "period_over_period",
    "year_over_year",
]

_ONE = Decimal(1)
_YEAR = Decimal(365)


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
                "the prior period must be exactly one year earlier "
                f"({described(expected, calendar)})"
            )
        elif not differing:
            detail = f"both facts are for {described(c.period, calendar)}"
        raise mismatch(
            operation,
            current,
            prior,
            f"compare {described(c.period, calendar)} ({c.basis.value}) with the prior year's "
            f"{described(expected, calendar)} ({c.basis.value}) of the same metric, entity and tax"
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
                f"{described(p.period, calendar)} is not the period of equal length ending where "
                f"{described(c.period, calendar)} starts"
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
    years: object = None,
) -> Outcome:
    """``(end / start) ** (1 / years) − 1`` for one period a whole number of years apart."""
    operation: Final = "cagr"
    _check_growth_inputs(operation, ("end", end), ("start", start), calendar)
    years = _whole_years_apart(operation, end, start, calendar, stated=years)
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


def _check_stated_years(stated: object) -> int | None:
    if stated is None:
        return None
    if not isinstance(stated, int) or isinstance(stated, bool) or not 1 <= stated <= 200:
        raise InvalidInputError(
            f"years={stated!r} must be a whole number of years (1-200), or left out to count "
            "them from the periods",
            argument="years",
            value=repr(stated)[:80],
        )
    return stated


def _whole_years_apart(
    operation: str,
    end: Fact,
    start: Fact,
    calendar: FiscalCalendar | None,
    *,
    stated: object = None,
) -> int:
    """The whole number of years (≥ 1) that shifts ``start``'s period onto ``end``'s.

    ``stated`` (the caller's ``years=``) must agree: FY2021 → FY2024 is three
    years, and a "4-year CAGR" over them is refused rather than computed.
    """
    claimed = _check_stated_years(stated)
    ce, cs = end.caliber, start.caliber
    differing = ce.diff(cs)
    years = ce.period.start.year - cs.period.start.year
    if differing == ("period",) and years >= 1 and shifted(cs.period, years) == ce.period:
        if claimed is not None and claimed != years:
            raise mismatch(
                operation,
                end,
                start,
                f"a {claimed}-year {operation} needs the figure {claimed} years before "
                f"{described(ce.period, calendar)} "
                f"({shifted(ce.period, -claimed).describe(calendar)})",
                calendar=calendar,
                detail=f"{described(cs.period, calendar)} to {described(ce.period, calendar)} is "
                f"{years} year{'s' if years > 1 else ''}, not {claimed}",
            )
        return years
    detail = None
    if differing == ("period",):
        detail = (
            f"{described(cs.period, calendar)} and {described(ce.period, calendar)} are not the "
            "same period a whole number of years apart (later one first)"
        )
    raise mismatch(
        operation,
        end,
        start,
        f"{operation} needs equal-length periods a whole number of years apart, the later one "
        f"first: {operation}(FY2024, FY2020)",
        calendar=calendar,
        detail=detail,
    )


def change_over_years(
    current: Fact,
    prior: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    years: object = None,
    annualise: object = False,
) -> Outcome:
    """``(current − prior) / prior`` over a whole number N ≥ 1 of years counted from the periods.

    Two balances at dates that are not whole years apart: the change over
    that span, not annualised unless ``annualise`` asks for it.
    """
    operation: Final = "change_over"
    _check_growth_inputs(operation, ("current", current), ("prior", prior), calendar)
    if not isinstance(annualise, bool):
        raise InvalidInputError(
            f"change_over: annualise={annualise!r} must be True or False",
            argument="annualise",
            value=repr(annualise)[:80],
        )
    if years is None and _dates_apart(current, prior):
        return _change_between_dates(current, prior, metric, calendar, rounding, annualise)
    if annualise:
        raise InvalidInputError(
            "change_over: annualise=True applies to one balance at two dates that are not a "
            "whole number of years apart; over whole years the annual rate is cagr()",
            argument="annualise",
            value="True",
        )
    count = _whole_years_apart(operation, current, prior, calendar, stated=years)
    base = prior.quantity.value
    if not base or base.is_signed():
        raise undefined(
            operation,
            prior,
            "base",
            "a change over a zero or negative base is undefined — report both values, or the "
            "difference with sub()" + _bracketed_hint(operation, current, prior),
        )
    rule = rounding_for(operation, rounding, RATIO)
    c = current.caliber
    name = (
        checked_name(metric, "metric")
        if metric is not None
        else f"{c.metric} change over {count} year{'s' if count > 1 else ''}"
    )
    target = Caliber(name, c.entity, c.period, c.basis, RATIO, c.tax)
    note = (
        f"change over {count} year{'s' if count > 1 else ''}: "
        f"{described(prior.caliber.period, calendar)} → {described(c.period, calendar)}"
    )
    return settle(
        operation,
        (current, prior),
        target,
        rule,
        lambda: (current.quantity.value - base) / base,
        calendar,
        note=note,
    )


def _dates_apart(current: Fact, prior: Fact) -> bool:
    """Two balances of one caliber at dates that are not a whole number of years apart."""
    c, p = current.caliber, prior.caliber
    if c.basis is not Basis.INSTANT or c.diff(p) != ("period",):
        return False
    if p.period.start >= c.period.start:
        return False
    years = c.period.start.year - p.period.start.year
    return years < 1 or shifted(p.period, years) != c.period


def _change_between_dates(
    current: Fact,
    prior: Fact,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    annualise: bool = False,
) -> Outcome:
    """``(current − prior) / prior`` for one balance at any two dates (annualised if asked)."""
    operation: Final = "change_over"
    base = prior.quantity.value
    if not base or base.is_signed():
        raise undefined(
            operation,
            prior,
            "base",
            "a change over a zero or negative base is undefined — report both values, or the "
            "difference with sub()" + _bracketed_hint(operation, current, prior),
        )
    c, p = current.caliber, prior.caliber
    name = checked_name(metric, "metric") if metric is not None else c.metric
    target = Caliber(
        name, c.entity, c.period, c.basis, RATIO, c.tax, role=Role.GROWTH, compared_to=p.period
    )
    days = (c.period.start - p.period.start).days
    span = f"change from {p.period.start.isoformat()} to {c.period.start.isoformat()} ({days} days)"
    if not annualise:
        return settle(
            operation,
            (current, prior),
            target,
            rounding_for(operation, rounding, RATIO),
            lambda: exact_sum((current.quantity.value, base), (1, -1)) / base,
            calendar,
            note=f"{span}, not annualised",
        )
    final = current.quantity.value
    if not final or final.is_signed():
        raise undefined(
            operation,
            current,
            "later balance",
            "an annualised rate to a zero or negative balance is undefined",
        )

    def annualised() -> Decimal:  # (1 + change) ^ (365 / days) − 1, compounded
        return ((final / base).ln() * _YEAR / days).exp() - _ONE

    return settle(
        operation,
        (current, prior),
        target,
        rounding_for(operation, rounding, RATIO),
        annualised,
        calendar,
        note=f"{span}, annualised: (1 + change) ^ (365 / {days}) − 1",
        extras=Extras(factor=_YEAR, factor_meaning=f"365 days: annualised from {days} days"),
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
            "change with sub()" + _bracketed_hint(operation, current, prior),
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


def _bracketed_hint(operation: str, current: Fact, prior: Fact) -> str:
    """When both figures are negative, they may be one outflow line written in brackets."""
    if not (current.quantity.value.is_signed() and prior.quantity.value.is_signed()):
        return ""
    return (
        "; if both are an outflow written in brackets (capex '(480)' and '(460)'), compare "
        f"their magnitudes: {operation}(abs_(current).as_fact(), abs_(prior).as_fact())"
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

"""The rules of the changes over time: ``yoy``, ``qoq``, ``cagr``, ``change_over``,
``pp_change``, and ``base_from_growth`` (the base a growth rate was taken over).

Each compares one figure over two periods, the later one first: every caliber
field is equal except ``period``. Growth rates (yoy, qoq, cagr, change_over)
refuse a zero or negative base and refuse ratios, whose change is
``pp_change`` (25.3 % vs 24.8 % is +0.5 pp, not +2.02 %). The result is a
``RATIO`` named ``"<metric> <operation>"`` unless the caller names it. The
number of years of ``cagr`` and ``change_over`` is counted from the periods
(FY2021 → FY2024 is three years); a caller's ``years=`` is checked against it.
"""

from __future__ import annotations

import functools
from decimal import Decimal
from typing import Final

from .._values.caliber import Basis, Caliber, Role
from .._values.decimals import exact_sum
from .._values.dimensions import RATIO, is_additive
from .._values.errors import DimensionMismatchError, InvalidInputError, SignConventionError
from .._values.facts import Fact
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period
from .._values.signs import WINDOW, negating_word
from .._values.vocabulary import vocabulary
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
from .outcome import Operation, Outcome, settle
from .rounding import Rounding, rounding_for

__all__ = [
    "base_before_growth",
    "change_over_years",
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


def _check_growth_roles(
    operation: str, current: Fact, growth: Fact, calendar: FiscalCalendar | None
) -> None:
    """A level and a growth rate (role ``growth``, or a ratio named as one: role ``level``)."""
    c, g = current.caliber, growth.caliber
    if c.role is not Role.LEVEL:
        raise mismatch(
            operation,
            current,
            growth,
            "the current figure must be a level; a change amount and its level give the base "
            "with prior_level()",
            calendar=calendar,
            differing=("role",),
        )
    if g.role is Role.CHANGE:
        raise mismatch(
            operation,
            current,
            growth,
            "the growth must be a rate (role 'growth'); a change of a ratio is in percentage "
            "points and has no base to recover",
            calendar=calendar,
            differing=("role",),
        )


def _growth_base(
    operation: str,
    current: Fact,
    growth: Fact,
    years: object,
    calendar: FiscalCalendar | None,
) -> tuple[Period, int | None]:
    """The base period: the growth's ``compared_to`` when it states one, else ``years`` back.

    A ``years=`` the caller passes must agree with a stated base. Returns the
    base period and the whole number of years when the base is counted in years.
    """
    c, g = current.caliber, growth.caliber
    count = _check_stated_years(years)
    stated = g.compared_to
    if stated is None:
        count = 1 if count is None else count
        return shifted(c.period, -count), count
    if count is not None and shifted(c.period, -count) != stated:
        raise mismatch(
            operation,
            current,
            growth,
            f"the growth compares {described(g.period, calendar)} with "
            f"{described(stated, calendar)}; leave years= out to take that base",
            calendar=calendar,
            differing=("compared_to",),
            detail=f"years={count} would take {described(shifted(c.period, -count), calendar)}",
        )
    years_back = c.period.start.year - stated.start.year
    whole = years_back >= 1 and shifted(stated, years_back) == c.period
    return stated, (years_back if whole else None)


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
) -> Outcome:
    """``(current − prior) / prior`` over a whole number N ≥ 1 of years counted from the periods."""
    operation: Final = "change_over"
    _check_growth_inputs(operation, ("current", current), ("prior", prior), calendar)
    if years is None and _dates_apart(current, prior):
        return _change_between_dates(current, prior, metric, calendar, rounding)
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
) -> Outcome:
    """``(current − prior) / prior`` for one balance at any two dates, not annualised."""
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
    note = (
        f"change from {p.period.start.isoformat()} to {c.period.start.isoformat()} "
        f"({days} days), not annualised"
    )
    return settle(
        operation,
        (current, prior),
        target,
        rounding_for(operation, rounding, RATIO),
        lambda: exact_sum((current.quantity.value, base), (1, -1)) / base,
        calendar,
        note=note,
    )


def base_before_growth(
    current: Fact,
    growth: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    years: object = None,
) -> Outcome:
    """``current / (1 + growth)``: the figure at the growth's base period (or ``years`` back)."""
    operation: Final = "base_from_growth"
    check_fact(operation, "current", current)
    check_fact(operation, "growth", growth)
    normalise_calendar(calendar)
    c, g = current.caliber, growth.caliber
    if g.dimension != RATIO or not is_additive(c.dimension):
        raise DimensionMismatchError(
            f"cannot {operation}: the current figure must be an amount and the growth a "
            f"RATIO; got {c.dimension!r} ({c.metric}) and {g.dimension!r} ({g.metric}) — a "
            "growth rate of a ratio is not what is meant (pp_change for ratios)",
            operation=operation,
            left=c.dimension,
            right=g.dimension,
        )
    _check_growth_roles(operation, current, growth, calendar)
    prior_period, count = _growth_base(operation, current, growth, years, calendar)
    differing = tuple(
        name for name in c.diff(g) if name not in ("metric", "dimension", "role", "compared_to")
    )
    if differing:
        raise mismatch(
            operation,
            current,
            growth,
            "the growth rate must be stated for the current figure: the same entity, period, "
            "basis and tax (2023年营业收入 with its 2023年同比增长率)",
            calendar=calendar,
            differing=differing,
        )
    amount = current.quantity.value
    if not amount or amount.is_signed():
        raise undefined(
            operation,
            current,
            "current value",
            "a growth rate is defined only over a positive base, so a zero or negative figure "
            "has no base to recover",
        )
    rate = growth.quantity.value
    _check_not_points(operation, growth)
    _check_direction(operation, growth)
    if rate <= -1:
        raise undefined(
            operation,
            growth,
            "growth rate",
            "a decline of 100 % or more leaves no base to recover (1 + growth ≤ 0)",
        )
    name = checked_name(metric, "metric") if metric is not None else c.metric
    basis = c.basis
    if prior_period.is_instant != c.period.is_instant or not same_length(prior_period, c.period):
        basis = (calendar or CALENDAR_YEAR).basis_of(prior_period)
    target = Caliber(name, c.entity, prior_period, basis, c.dimension, c.tax)
    rule = rounding_for(operation, rounding, c.dimension)
    over = (
        f"over {count} year{'s' if count > 1 else ''}"
        if count is not None
        else f"vs {described(prior_period, calendar)}"
    )
    note = (
        f"{described(c.period, calendar)} / (1 + growth {over}) = "
        f"{described(prior_period, calendar)}"
    )
    return settle(
        operation,
        (current, growth),
        target,
        rule,
        lambda: current.quantity.value / (1 + rate),
        calendar,
        note=note,
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


def _check_direction(operation: str, growth: Fact) -> None:
    """Refuse a positive growth whose quote states a decline ("下降1.5%" read as +1.5 %).

    The sign words around the number in the quote decide, by the rules the
    grounding stage and the answer checker share (``fincalc._values.signs``);
    a quote without one says nothing.
    """
    value, raw, quote = growth.quantity.value, growth.quantity.raw, growth.evidence.quote
    if not raw or not quote or not value or value.is_signed():
        return
    at = quote.find(raw)
    if at < 0:
        return
    found = negating_word(quote, (at, at + len(raw)), ratio=True)
    if found is None:
        return
    raise SignConventionError(
        f"cannot {operation}: the growth {growth.caliber.metric!r} is quoted as a decline "
        f"({quote[max(0, at - WINDOW) : at + len(raw)].strip()!r}, {found[0]!r}) but its value "
        f"is +{format(value, 'f')}; a decline is a negative growth — pass "
        "negate(growth).as_fact(), or a fact built with the signed value",
        operation=operation,
        argument="growth",
        value=format(value, "f"),
        raw=raw,
    )


@functools.cache
def _points() -> frozenset[str]:
    return frozenset(word.casefold() for word in vocabulary("directions").words("points"))


def _check_not_points(operation: str, growth: Fact) -> None:
    """Refuse a change in percentage points (提高0.5个百分点, 50 bps) used as a growth rate."""
    unit = (growth.quantity.unit or "").strip().casefold()
    if unit not in _points():
        return
    raise DimensionMismatchError(
        f"cannot {operation}: {growth.caliber.metric!r} "
        f"({growth.quantity.raw or format(growth.value, 'f')}) is a change in percentage "
        "points, not a growth rate; a figure grows by a rate (增长5.2%) — a ratio's change in "
        "points is pp_change's result, and has no base to recover this way",
        operation=operation,
        left=growth.caliber.dimension,
        right=growth.caliber.dimension,
    )

"""The rule of ``base_from_growth``: the figure a growth rate was measured from.

``current / (1 + growth)`` at the growth's base period: the one the growth
states (a fact with ``role="growth"`` and its ``compared_to``), else a whole
number of years back (1 by default). A decline quoted as "下降1.5%" but read as
+1.5 % is refused, and so is a change in percentage points used as a rate.
"""

from __future__ import annotations

import functools
from typing import Final

from .._base.exceptions import DimensionMismatchError, SignConventionError
from .._base.vocabulary import vocabulary
from .._grounding.sign_words import WINDOW, negating_word
from .._values.caliber import Caliber, Role
from .._values.dimensions import RATIO, is_additive
from .._values.facts import Fact
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period
from .checks import (
    check_fact,
    checked_name,
    described,
    mismatch,
    normalise_calendar,
    same_length,
    shifted,
    undefined,
)
from .growth import _check_stated_years
from .outcome import Outcome, settle
from .rounding import Rounding, rounding_for

__all__ = ["base_before_growth"]


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


def _check_direction(operation: str, growth: Fact) -> None:
    """Refuse a positive growth whose quote states a decline ("下降1.5%" read as +1.5 %).

    The sign words around the number in the quote decide, by the rules the
    grounding stage and the answer checker share (``fincalc._grounding.sign_words``);
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

"""The rules that combine a level with its change, and a flow with a change in balances.

A change is a fact of its own (``Caliber.role``): "比上年增加553.1亿元" is the
change of 国内生产总值 over 2024 compared with 2023 (``compared_to``). Three
rules join a level and its change, each the inverse of the others:

- ``prior_level``: the level at the base period, ``level − change``.
- ``growth_from_change``: the growth rate, ``change / (level − change)``.
- ``level_from_change``: the level after the change, ``prior + change``.

Every field of the two calibers is equal except the role (and, for
``level_from_change``, the period: the prior level is at the change's base
period). A growth rate is not a change (``base_from_growth`` takes it).

``flow_from_balances`` derives a flow from a flow and the change of a
balance over its period: purchases = cost of sales + closing inventory −
opening inventory. The balances bracket the flow's period by the
balance-sheet convention: the opening balance is dated the day before the
period starts (2023-12-31 for a period from 2024-01-01, as a balance sheet
writes it) and the closing balance on the period's last day.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Final

from .._base.exceptions import DimensionMismatchError, InvalidInputError, SignConventionError
from .._grounding.sign_words import WINDOW, negating_word
from .._values.caliber import Basis, Caliber, Role
from .._values.decimals import exact_sum
from .._values.dimensions import RATIO, is_additive
from .._values.facts import Fact
from .._values.period import CALENDAR_YEAR, FiscalCalendar
from .checks import (
    check_dimensions,
    check_fact,
    checked_name,
    described,
    mismatch,
    normalise_calendar,
    same_length,
    undefined,
)
from .outcome import Extras, Operation, Outcome, settle
from .rounding import Rounding, rounding_for

__all__ = [
    "flow_from_balance_change",
    "growth_of_change",
    "level_after_change",
    "prior_from_change",
]

_LEVEL_FIELDS = ("role", "compared_to")


def _require_role(operation: str, name: str, fact: Fact, other: Fact, role: Role) -> None:
    """Refuse an input whose role is not the one the operation takes, naming ``role``."""
    found = fact.caliber.role
    if found is role:
        return
    hints = {
        Role.LEVEL: f"the {name} must be a level (the metric's value), not a {found.value}",
        Role.CHANGE: (
            f"the {name} must be a change amount (role='change'), not a {found.value}"
            + (
                "; a growth rate gives the base with base_from_growth"
                if found is Role.GROWTH
                else ""
            )
        ),
    }
    raise mismatch(
        operation,
        fact,
        other,
        hints.get(role, f"the {name} must have role {role.value!r}"),
        differing=("role",),
        detail=f"the {name} {fact.caliber.metric!r} has role {found.value!r}",
    )


def _check_level_and_change(
    operation: str, level: Fact, change: Fact, calendar: FiscalCalendar | None
) -> None:
    check_fact(operation, "level", level)
    check_fact(operation, "change", change)
    normalise_calendar(calendar)
    _require_role(operation, "level", level, change, Role.LEVEL)
    _require_role(operation, "change", change, level, Role.CHANGE)
    check_dimensions(operation, level, change)
    _require_amount(operation, level)
    _check_change_direction(operation, change)
    differing = tuple(f for f in level.caliber.diff(change.caliber) if f not in _LEVEL_FIELDS)
    if differing:
        raise mismatch(
            operation,
            level,
            change,
            "a level and its change must be stated for the same metric, entity, period, basis "
            "and tax (2024年国内生产总值 with its 比上年增加 of 2024)",
            calendar=calendar,
            differing=differing,
        )


def _check_change_direction(operation: str, change: Fact) -> None:
    """Refuse a positive change whose quote states a decrease ("比上年减少8.5万吨" read as +8.5)."""
    value, raw, quote = change.value, change.quantity.raw, change.evidence.quote
    if not raw or not quote or not value or value.is_signed():
        return
    at = quote.find(raw)
    if at < 0:
        return
    found = negating_word(quote, (at, at + len(raw)), ratio=False)
    if found is None or found[1] != "decrease":
        return
    raise SignConventionError(
        f"cannot {operation}: the change {change.caliber.metric!r} is quoted as a decrease "
        f"({quote[max(0, at - WINDOW) : at + len(raw)].strip()!r}, {found[0]!r}) but its value "
        f"is +{format(value, 'f')}; a decrease is a negative change — pass "
        "negate(change).as_fact(), or a fact built with the signed value",
        operation=operation,
        argument="change",
        value=format(value, "f"),
        raw=raw,
    )


def _require_amount(operation: str, fact: Fact) -> None:
    dimension = fact.caliber.dimension
    if not is_additive(dimension):
        raise DimensionMismatchError(
            f"cannot {operation}: {fact.caliber.metric!r} is a {dimension}; a ratio's change "
            "is in percentage points (pp_change), not an amount that adds to a level",
            operation=operation,
            left=dimension,
            right=dimension,
        )


def _base_caliber(change: Caliber, metric: str | None, calendar: FiscalCalendar | None) -> Caliber:
    """The level caliber at the change's base period (basis as the level's, or as implied)."""
    base = change.compared_to if change.compared_to is not None else change.period.prior_year()
    if base.is_instant:
        basis = Basis.INSTANT
    elif same_length(base, change.period):
        basis = change.basis
    else:
        basis = (calendar or CALENDAR_YEAR).basis_of(base)
    name = checked_name(metric, "metric") if metric is not None else change.metric
    return Caliber(name, change.entity, base, basis, change.dimension, change.tax)


def prior_from_change(
    level: Fact,
    change: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``level − change``: the level at the change's base period."""
    operation: Final = "prior_level"
    _check_level_and_change(operation, level, change, calendar)
    c = change.caliber
    target = _base_caliber(c, metric, calendar)
    note = (
        f"{described(c.period, calendar)} level − change vs "
        f"{described(target.period, calendar)} = {described(target.period, calendar)} level"
    )
    rule = rounding_for(operation, rounding, target.dimension)
    return settle(
        operation,
        (level, change),
        target,
        rule,
        lambda: exact_sum((level.value, change.value), (1, -1)),
        calendar,
        note=note,
    )


def growth_of_change(
    level: Fact,
    change: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``change / (level − change)``: the growth rate over the change's base period."""
    operation: Final = "growth_from_change"
    _check_level_and_change(operation, level, change, calendar)
    c = change.caliber
    base = c.compared_to if c.compared_to is not None else c.period.prior_year()
    prior = exact_sum((level.value, change.value), (1, -1))
    if not prior or prior.is_signed():
        raise undefined(
            operation,
            level,
            "base (level − change)",
            f"the level before the change is {format(prior, 'f')}; growth over a zero or "
            "negative base is undefined — report the change itself",
        )
    name = checked_name(metric, "metric") if metric is not None else c.metric
    target = Caliber(
        name, c.entity, c.period, c.basis, RATIO, c.tax, role=Role.GROWTH, compared_to=base
    )
    note = (
        f"change / ({described(c.period, calendar)} level − change) = growth of "
        f"{described(c.period, calendar)} vs {described(base, calendar)}"
    )
    rule = rounding_for(operation, rounding, RATIO)
    return settle(
        operation, (level, change), target, rule, lambda: change.value / prior, calendar, note=note
    )


def level_after_change(
    prior: Fact,
    change: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``prior + change``: the level at the change's period, from the level at its base."""
    operation: Final = "level_from_change"
    check_fact(operation, "prior", prior)
    check_fact(operation, "change", change)
    normalise_calendar(calendar)
    _require_role(operation, "prior", prior, change, Role.LEVEL)
    _require_role(operation, "change", change, prior, Role.CHANGE)
    check_dimensions(operation, prior, change)
    _require_amount(operation, prior)
    _check_change_direction(operation, change)
    c, p = change.caliber, prior.caliber
    base = _base_caliber(c, None, calendar)
    differing = tuple(
        f
        for f in p.diff(base)
        if not (f == "basis" and p.period == base.period and not p.period.is_instant)
    )
    if differing:
        raise mismatch(
            operation,
            prior,
            change,
            "the prior level must be the change's base: the same metric, entity, basis and tax "
            f"at {described(base.period, calendar)}, the period the change compares to",
            calendar=calendar,
            differing=differing,
            detail=None
            if p.period == base.period
            else f"the change compares to {described(base.period, calendar)}, the prior level "
            f"is for {described(p.period, calendar)}",
        )
    name = checked_name(metric, "metric") if metric is not None else c.metric
    target = Caliber(name, c.entity, c.period, c.basis, c.dimension, c.tax)
    note = f"{described(p.period, calendar)} level + change = {described(c.period, calendar)} level"
    rule = rounding_for(operation, rounding, target.dimension)
    return settle(
        operation,
        (prior, change),
        target,
        rule,
        lambda: exact_sum((prior.value, change.value)),
        calendar,
        note=note,
    )


# -- a flow from a flow and the change of a balance ------------------------------


def flow_from_balance_change(
    flow: Fact,
    closing: Fact,
    opening: Fact,
    *,
    metric: str,
    sign: object = 1,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``flow + sign × (closing − opening)``, the balances bracketing the flow's period."""
    operation: Final = "flow_from_balances"
    for name, fact in (("flow", flow), ("closing", closing), ("opening", opening)):
        check_fact(operation, name, fact)
    name = checked_name(metric, "metric")
    normalise_calendar(calendar)
    if sign not in (1, -1) or isinstance(sign, bool):
        raise InvalidInputError(
            f"flow_from_balances: sign={sign!r} must be 1 (flow + Δbalance, e.g. purchases = "
            "cost of sales + Δinventory) or -1 (flow − Δbalance, e.g. cash collected = revenue "
            "− Δreceivables)",
            argument="sign",
            value=repr(sign)[:80],
        )
    step = 1 if sign == 1 else -1
    _check_bracket(operation, flow, closing, opening, calendar)
    cf = flow.caliber
    target = Caliber(name, cf.entity, cf.period, cf.basis, cf.dimension, cf.tax)
    cc, co = closing.caliber, opening.caliber
    note = (
        f"{cf.metric} {'+' if step > 0 else '−'} ({cc.metric} at "
        f"{cc.period.start.isoformat()} − at {co.period.start.isoformat()}) over "
        f"{described(cf.period, calendar)}"
    )
    rule = rounding_for(operation, rounding, target.dimension)
    return settle(
        operation,
        (flow, closing, opening),
        target,
        rule,
        lambda: exact_sum((flow.value, closing.value, opening.value), (1, step, -step)),
        calendar,
        note=note,
        extras=Extras(factor=Decimal(step), factor_meaning=_SIGN_MEANING[step]),
    )


_SIGN_MEANING = {
    1: "+1: the flow plus the change in the balance",
    -1: "-1: the flow minus the change in the balance",
}


def _check_bracket(
    operation: Operation,
    flow: Fact,
    closing: Fact,
    opening: Fact,
    calendar: FiscalCalendar | None,
) -> None:
    """A flow over a period and one balance's closing and opening dates around it."""
    for name, fact, other in (
        ("flow", flow, closing),
        ("closing", closing, flow),
        ("opening", opening, flow),
    ):
        _require_role(operation, name, fact, other, Role.LEVEL)
        _require_amount(operation, fact)
    check_dimensions(operation, flow, closing)
    check_dimensions(operation, closing, opening)
    cf, cc, co = flow.caliber, closing.caliber, opening.caliber
    if cc.diff(co) != ("period",) or cc.basis is not Basis.INSTANT:
        raise mismatch(
            operation,
            closing,
            opening,
            "the closing and opening figures must be one balance (same metric, entity and tax) "
            "at two balance-sheet dates",
            calendar=calendar,
            detail=None if cc.basis is Basis.INSTANT else f"{cc.metric!r} is not a balance",
        )
    fields = tuple(f for f in ("entity", "tax") if getattr(cf, f) != getattr(cc, f))
    if fields or cf.basis is Basis.INSTANT:
        raise mismatch(
            operation,
            flow,
            closing,
            "the flow must be a figure over a period of the same entity and tax as the balance",
            calendar=calendar,
            differing=fields or ("basis",),
        )
    period = cf.period
    want_close, want_open = period.last_day, period.start - timedelta(days=1)
    if cc.period.start != want_close or co.period.start != want_open:
        raise mismatch(
            operation,
            closing,
            opening,
            f"the balances must bracket {described(period, calendar)}: the closing balance at "
            f"{want_close.isoformat()} (its last day) and the opening balance at "
            f"{want_open.isoformat()} (the balance-sheet date before it starts)",
            calendar=calendar,
            differing=("period",),
            detail=f"got {cc.period.start.isoformat()} and {co.period.start.isoformat()}",
        )

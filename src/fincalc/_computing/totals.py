"""The rule of ``add``: a total over distinct entities, or over contiguous single periods.

Every caliber field is equal except exactly one: ``entity`` (the caller names
the total) or ``period`` (single-period figures whose periods are contiguous
and do not overlap; the total covers their union, with the basis the calendar
implies for it). Two facts of one caliber are double counting. The sum is
exact. Facts that differ only in ``metric`` form a declared formula (EBITDA =
operating income + D&A): the caller names it with ``metric=`` and the sum is
``combine`` with every term added (``formulas.py``).
"""

from __future__ import annotations

from decimal import Decimal
from itertools import pairwise
from typing import Final

from .._base.exceptions import CaliberMismatchError, DimensionMismatchError, InvalidInputError
from .._values.caliber import Basis, Caliber
from .._values.decimals import exact_sum
from .._values.dimensions import is_additive
from .._values.facts import Fact
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period
from .checks import (
    check_dimensions,
    check_fact,
    checked_name,
    mismatch,
    normalise_calendar,
    same_fact_error,
)
from .formulas import Term, linear_combination
from .outcome import Outcome, settle
from .rounding import Rounding, rounding_for

__all__ = ["total"]

_OPERATION: Final = "add"
_ZERO = Decimal(0)


def total(
    facts: tuple[Fact, ...],
    *,
    entity: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    metric: str | None = None,
) -> Outcome:
    """Check the facts for ``add`` and sum them exactly (the rule: the module docstring)."""
    _check_addends(facts)
    normalise_calendar(calendar)
    if metric is not None:
        checked_name(metric, "metric")
    first = facts[0]
    diffs = [first.caliber.diff(other.caliber) for other in facts[1:]]
    if all(d in ((), ("entity",)) for d in diffs) and any(diffs):
        target = _entity_total(facts, entity)
    elif all(d in ((), ("period",)) for d in diffs) and any(diffs):
        target = _period_total(facts, entity, calendar)
    elif all(d in ((), ("metric",)) for d in diffs) and any(diffs):
        return _metric_total(facts, entity, metric, calendar, rounding)
    elif not any(diffs):
        raise same_fact_error(_OPERATION, first, facts[1])
    else:
        raise _add_mismatch(facts, diffs, calendar)
    if metric is not None:
        target = target.replace(metric=metric)
    rule = rounding_for(_OPERATION, rounding, target.dimension)

    def total_of() -> Decimal:  # exact: as many digits as the sum needs
        return exact_sum([fact.quantity.value for fact in facts])

    return settle(_OPERATION, facts, target, rule, total_of, calendar)


def _check_addends(facts: tuple[Fact, ...]) -> None:
    """Two or more facts, one dimension, and one that adds up (not a ratio or multiple)."""
    if len(facts) < 2:
        raise InvalidInputError(
            f"add: needs at least two facts, got {len(facts)}; the total of one fact is "
            "the fact itself",
            argument="facts",
            value=len(facts),
        )
    for index, fact in enumerate(facts):
        check_fact(_OPERATION, f"facts[{index}]", fact)
    first = facts[0]
    base = first.caliber
    for other in facts[1:]:
        check_dimensions(_OPERATION, first, other)
    if not is_additive(base.dimension):
        raise DimensionMismatchError(
            f"add: {base.metric!r} is a {base.dimension} ({first.quantity.raw or first.value}); "
            "ratios, multiples and per-unit figures do not sum across entities or periods — "
            "add the underlying amounts, then take ratio() of the totals",
            operation=_OPERATION,
            left=base.dimension,
            right=base.dimension,
        )


def _metric_total(
    facts: tuple[Fact, ...],
    entity: str | None,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """A sum across metrics is a declared formula: ``combine`` with every term added."""
    names = ", ".join(repr(fact.caliber.metric) for fact in facts[:4])
    if metric is None:
        other = next(fact for fact in facts if fact.caliber.metric != facts[0].caliber.metric)
        raise mismatch(
            _OPERATION,
            facts[0],
            other,
            "a sum across metrics is a formula — name its result, e.g. "
            "add(operating_income, d_and_a, metric='EBITDA'), or use a registry formula: "
            "formula('ebitda', {...})",
            calendar=calendar,
        )
    if entity is not None and entity != facts[0].caliber.entity:
        raise InvalidInputError(
            f"add: entity={entity!r} names a total over entities, but these facts differ in "
            f"metric ({names}); drop entity=",
            argument="entity",
            value=entity,
        )
    terms = tuple(Term(fact) for fact in facts)
    return linear_combination(terms, metric=metric, calendar=calendar, rounding=rounding)


def _add_mismatch(
    facts: tuple[Fact, ...], diffs: list[tuple[str, ...]], calendar: FiscalCalendar | None
) -> CaliberMismatchError:
    hint = (
        "add totals facts that differ only in entity (name the total with entity=...), "
        "only in period (contiguous single periods) or only in metric (a formula: name it "
        "with metric=...)"
    )
    allowed = ((), ("entity",), ("period",), ("metric",))
    for index, d in enumerate(diffs, start=1):
        if d not in allowed:
            return mismatch(_OPERATION, facts[0], facts[index], hint, calendar=calendar)
    # Each fact differs in one allowed field, but not all in the same one: show two that
    # differ in different fields.
    first_kind = next(d for d in diffs if d)
    one = next(i for i, d in enumerate(diffs, start=1) if d == first_kind)
    other = next(i for i, d in enumerate(diffs, start=1) if d and d != first_kind)
    return mismatch(_OPERATION, facts[one], facts[other], hint, calendar=calendar)


def _entity_total(facts: tuple[Fact, ...], entity: str | None) -> Caliber:
    seen: dict[str, Fact] = {}
    for fact in facts:
        name = fact.caliber.entity
        if name in seen:
            raise same_fact_error(_OPERATION, seen[name], fact)
        seen[name] = fact
    if entity is None:
        names = ", ".join(repr(name) for name in list(seen)[:4])
        raise InvalidInputError(
            f"add: the facts are a total over entities ({names}); name the total, e.g. "
            "add(..., entity='华东+华南')",
            argument="entity",
            value=None,
        )
    checked_name(entity, "entity")
    if entity in seen:
        raise InvalidInputError(
            f"add: entity={entity!r} is one of the parts; name the total differently "
            "(e.g. '合计' or 'East+South')",
            argument="entity",
            value=entity,
        )
    return facts[0].caliber.replace(entity=entity)


def _period_total(
    facts: tuple[Fact, ...], entity: str | None, calendar: FiscalCalendar | None
) -> Caliber:
    base = facts[0].caliber
    if entity is not None and entity != base.entity:
        raise InvalidInputError(
            f"add: entity={entity!r} names a total over entities, but these facts differ in "
            f"period, not entity (all are {base.entity!r}); drop entity=",
            argument="entity",
            value=entity,
        )
    if base.basis is not Basis.SINGLE_PERIOD:
        raise CaliberMismatchError(
            f"cannot add over periods: the basis is {base.basis.value}; only single-period "
            "figures add up over time — a cumulative figure already contains the earlier "
            "quarters (derive a quarter with sub: 前三季度 − 上半年 = 第三季度), and "
            "balance-sheet (instant) figures never add over time",
            operation=_OPERATION,
            left=base,
            right=facts[1].caliber,
            differing=("basis",),
        )
    ordered = sorted(facts, key=lambda fact: (fact.caliber.period.start, fact.caliber.period.end))
    _check_contiguous(ordered, calendar)
    union = Period(ordered[0].caliber.period.start, ordered[-1].caliber.period.end)
    basis = (calendar or CALENDAR_YEAR).basis_of(union)
    return base.replace(period=union, basis=basis)


def _check_contiguous(ordered: list[Fact], calendar: FiscalCalendar | None) -> None:
    """Refuse repeated, overlapping or gapped periods (``ordered`` by start, then end)."""
    for prev, nxt in pairwise(ordered):
        p, q = prev.caliber.period, nxt.caliber.period
        if p == q:
            raise same_fact_error(_OPERATION, prev, nxt)
        if q.start < p.end:
            raise mismatch(
                _OPERATION,
                prev,
                nxt,
                "a total over periods needs periods that do not overlap (add Q1 + Q2, not H1 + Q2)",
                calendar=calendar,
                detail=f"periods overlap ({p.describe(calendar)} and {q.describe(calendar)})",
            )
        if q.start > p.end:
            raise mismatch(
                _OPERATION,
                prev,
                nxt,
                "a total over periods needs contiguous periods; supply the missing period",
                calendar=calendar,
                detail=f"nothing covers {Period(p.end, q.start)} between "
                f"{p.describe(calendar)} and {q.describe(calendar)}",
            )

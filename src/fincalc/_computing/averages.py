"""The rule of ``average``: one metric over several balance dates or several periods.

Every caliber field is equal except ``period``. Either every fact is a
balance (an instant: opening and closing inventory, five quarter-end
balances), at distinct dates; the result is the *average balance over the
period between the first and the last date* — 2023-12-31 and 2024-12-31
average to a figure over FY2024, with the basis the calendar gives that
period, ready to divide a FY2024 flow (``ratio(..., kind='turnover')``).
Or every fact is a flow over periods of equal length with one basis,
contiguous and not overlapping (three fiscal years); the result is the
average per period over their union. The mean is exact (50 significant
digits for the division), and the result is named ``"<metric> average"``
(``"<metric> average per year"`` over periods) unless the caller names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise
from typing import Final

from .._base.exceptions import InvalidInputError
from .._values.caliber import Basis, Caliber
from .._values.facts import Fact
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period
from .checks import (
    check_dimensions,
    check_fact,
    checked_name,
    described,
    mismatch,
    normalise_calendar,
    same_fact_error,
    same_length,
)
from .outcome import Outcome, settle
from .rounding import Rounding, rounding_for

__all__ = ["mean_of"]

_OPERATION: Final = "average"
_MAX_FACTS = 400
_PER = {1: "month", 3: "quarter", 6: "half-year", 12: "year"}


def mean_of(
    facts: Sequence[Fact],
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """Check the facts for ``average`` and take their exact mean (module docstring)."""
    if not 2 <= len(facts) <= _MAX_FACTS:
        raise InvalidInputError(
            f"average: needs 2-{_MAX_FACTS} facts, got {len(facts)}; the average of one "
            "balance is the balance itself",
            argument="facts",
            value=len(facts),
        )
    for index, fact in enumerate(facts):
        check_fact(_OPERATION, f"facts[{index}]", fact)
    normalise_calendar(calendar)
    if metric is not None:
        checked_name(metric, "metric")
    first = facts[0]
    for other in facts[1:]:
        check_dimensions(_OPERATION, first, other)
        if other.caliber.diff(first.caliber) not in ((), ("period",), ("period", "basis")):
            raise mismatch(
                _OPERATION,
                first,
                other,
                "average takes one metric of one entity (and tax) over several dates or periods",
                calendar=calendar,
            )
    ordered = sorted(facts, key=lambda fact: (fact.caliber.period.start, fact.caliber.period.end))
    for earlier, later in pairwise(ordered):
        if earlier.caliber.period == later.caliber.period:
            raise same_fact_error(_OPERATION, earlier, later)
    if first.caliber.basis is Basis.INSTANT or any(
        fact.caliber.basis is Basis.INSTANT for fact in facts
    ):
        target, note = _balance_target(ordered, calendar)
    else:
        target, note = _period_target(ordered, calendar)
    if metric is not None:
        target = target.replace(metric=metric)
    rule = rounding_for(_OPERATION, rounding, target.dimension)
    count = Decimal(len(facts))

    def mean() -> Decimal:
        total = Decimal(0)
        for fact in facts:
            total += fact.quantity.value
        return total / count

    return settle(_OPERATION, facts, target, rule, mean, calendar, note=note)


def _balance_target(ordered: list[Fact], calendar: FiscalCalendar | None) -> tuple[Caliber, str]:
    """Balances at distinct dates: the average balance over the span between them."""
    for fact in ordered:
        if fact.caliber.basis is not Basis.INSTANT:
            raise mismatch(
                _OPERATION,
                ordered[0],
                fact,
                "average takes either balances at dates (opening and closing) or flows over "
                "periods, not both",
                calendar=calendar,
            )
    span = Period(ordered[0].caliber.period.end, ordered[-1].caliber.period.end)
    base = ordered[0].caliber
    basis = (calendar or CALENDAR_YEAR).basis_of(span)
    dates = ", ".join(fact.caliber.period.start.isoformat() for fact in ordered)
    note = (
        f"average of {len(ordered)} balances ({dates}): the average balance over "
        f"{described(span, calendar)} ({basis.value})"
    )
    return base.replace(metric=f"{base.metric} average", period=span, basis=basis), note


def _period_target(ordered: list[Fact], calendar: FiscalCalendar | None) -> tuple[Caliber, str]:
    """Flows over equal, contiguous periods of one basis: the average per period."""
    base = ordered[0].caliber
    for earlier, later in pairwise(ordered):
        p, q = earlier.caliber.period, later.caliber.period
        problem = None
        if earlier.caliber.basis is not later.caliber.basis:
            problem = "the figures mix bases"
        elif not same_length(p, q):
            problem = f"{described(p, calendar)} and {described(q, calendar)} differ in length"
        elif q.start < p.end:
            problem = f"{described(p, calendar)} and {described(q, calendar)} overlap"
        elif q.start > p.end:
            problem = f"nothing covers {Period(p.end, q.start)} between them"
        if problem:
            raise mismatch(
                _OPERATION,
                earlier,
                later,
                "an average over periods takes one figure per period: equal-length, "
                "contiguous periods of one basis (FY2022, FY2023, FY2024)",
                calendar=calendar,
                detail=problem,
            )
    span = Period(ordered[0].caliber.period.start, ordered[-1].caliber.period.end)
    months = base.period.months
    per = _PER.get(months, f"{months}-month period") if months else "period"
    names = ", ".join(described(fact.caliber.period, calendar) for fact in ordered)
    note = f"average per {per} of {len(ordered)} periods ({names})"
    target = base.replace(
        metric=f"{base.metric} average per {per}",
        period=span,
        basis=(calendar or CALENDAR_YEAR).basis_of(span),
    )
    return target, note

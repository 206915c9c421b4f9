"""The public operations on changes: a level with its change, flows from balances, multiples.

Like ``ops``, each joins a rule (``changes``, ``quotients``) to its audit
record; the rule of each is stated in its docstring and in
``docs/computing.md`` ("Changes as facts").
"""

from __future__ import annotations

from .._base.public import public
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .audit import Computation, record
from .changes import (
    flow_from_balance_change,
    growth_of_change,
    level_after_change,
    prior_from_change,
)
from .quotients import multiple_across
from .rounding import Rounding

__all__ = [
    "flow_from_balances",
    "growth_from_change",
    "level_from_change",
    "multiple_of",
    "prior_level",
]


@public
def prior_level(
    level: Fact,
    change: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """The level at a change's base period: ``level − change``.

    Rule: ``level`` is the metric's value (role ``level``) and ``change`` its
    change amount (role ``change``) for the same metric, entity, period, basis
    and tax; the result is the level at ``change.caliber.compared_to`` (one
    year back unless the change declares another base). A decrease is a
    negative change.

    Args:
        level: The level, e.g. 2024年国内生产总值 3003.1亿元.
        change: Its change, e.g. 比上年增加553.1亿元 (``role="change"``).
        metric: The result's metric (the level's by default).
        calendar: The fiscal calendar naming the periods.
        rounding: The display rule (by the dimension).

    Raises:
        CaliberMismatchError: a role is not level/change, or another field differs.
        DimensionMismatchError: different dimensions, or a ratio.

    >>> from fincalc import Fact, prior_level
    >>> gdp = Fact.build("3003.1E+8", metric="地区生产总值", entity="全省", period="2024年",
    ...                  evidence_id="公报")
    >>> rise = Fact.build("553.1E+8", metric="地区生产总值", entity="全省", period="2024年",
    ...                   evidence_id="公报", role="change")
    >>> c = prior_level(gdp, rise, rounding="ROUND_HALF_UP@1亿")
    >>> c.display_text, c.target.period.describe()
    ('2450.0亿', 'FY2023')
    """
    return record(
        prior_from_change(level, change, metric=metric, calendar=calendar, rounding=rounding)
    )


@public
def growth_from_change(
    level: Fact,
    change: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """The growth rate a level and its change imply: ``change / (level − change)``.

    Rule: as ``prior_level`` (a level and its change, every other field
    equal); the base ``level − change`` must be positive. The result is a
    ``RATIO`` with role ``growth`` compared to the change's base period, named
    by the level's metric unless ``metric=`` names it.

    Args:
        level: The level.
        change: Its change amount (``role="change"``).
        metric: The result's metric.
        calendar: The fiscal calendar naming the periods.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        CaliberMismatchError: a role is not level/change, or another field differs.
        DimensionMismatchError: different dimensions, or a ratio.
        UndefinedGrowthError: the level before the change is zero or negative.

    >>> from fincalc import Fact, growth_from_change
    >>> gdp = Fact.build("3003.1E+8", metric="地区生产总值", entity="全省", period="2024年",
    ...                  evidence_id="公报")
    >>> rise = Fact.build("553.1E+8", metric="地区生产总值", entity="全省", period="2024年",
    ...                   evidence_id="公报", role="change")
    >>> c = growth_from_change(gdp, rise)
    >>> c.display_text, c.target.describe()
    ('22.58%', '地区生产总值 | 全省 | FY2024 | single_period | RATIO | na | growth vs FY2023')
    """
    return record(
        growth_of_change(level, change, metric=metric, calendar=calendar, rounding=rounding)
    )


@public
def level_from_change(
    prior: Fact,
    change: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """The level after a change: ``prior + change``.

    Rule: ``prior`` is the level at the change's base period
    (``change.caliber.compared_to``), with the same metric, entity, basis
    and tax; the result is the level at the change's period.

    Args:
        prior: The level at the base period.
        change: The change amount (``role="change"``).
        metric: The result's metric (the change's by default).
        calendar: The fiscal calendar naming the periods.
        rounding: The display rule (by the dimension).

    Raises:
        CaliberMismatchError: a role is not level/change, or the prior level
            is not at the change's base period, or another field differs.
        DimensionMismatchError: different dimensions, or a ratio.

    >>> from fincalc import Fact, level_from_change
    >>> fy22 = Fact.build("28710000000", metric="Net sales", entity="Acme", period="FY2022",
    ...                   dimension="USD", evidence_id="10-K p31")
    >>> rise = Fact.build("972000000", metric="Net sales", entity="Acme", period="FY2023",
    ...                   dimension="USD", evidence_id="10-K p31", role="change")
    >>> c = level_from_change(fy22, rise, rounding="ROUND_HALF_UP@0million")
    >>> c.display_text, c.target.period.describe()
    ('29682 million', 'FY2023')
    """
    return record(
        level_after_change(prior, change, metric=metric, calendar=calendar, rounding=rounding)
    )


@public
def flow_from_balances(
    flow: Fact,
    closing: Fact,
    opening: Fact,
    *,
    metric: str,
    sign: int = 1,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """A flow from a flow and the change of a balance over its period.

    ``flow + sign × (closing − opening)``: purchases = cost of sales +
    closing inventory − opening inventory (``sign=1``, the denominator of days
    payable outstanding); cash collected from customers = revenue − (closing
    − opening receivables) (``sign=-1``).

    Rule: ``flow`` is a figure over a period; ``closing`` and ``opening`` are
    one balance (same metric, entity, tax) at two dates that bracket that
    period by the balance-sheet convention — the closing balance on the
    period's last day, the opening balance on the day before it starts
    (FY2024 from 2024-01-01: balances at 2024-12-31 and 2023-12-31). Every
    figure is a level, of one entity, tax and dimension. The result has the
    flow's period and basis.

    Args:
        flow: The flow, e.g. cost of sales for FY2024.
        closing: The balance at the period's last day.
        opening: The balance at the day before the period starts.
        metric: The result's metric, e.g. "Purchases" or "采购额".
        sign: ``1`` (flow + Δbalance) or ``-1`` (flow − Δbalance).
        calendar: The fiscal calendar naming the period.
        rounding: The display rule (by the dimension).

    Raises:
        CaliberMismatchError: the balances do not bracket the flow's period,
            are not one balance, or an entity, tax or role differs.
        DimensionMismatchError: different dimensions, or a ratio.
        InvalidInputError: ``sign`` is not 1 or -1.

    >>> from fincalc import Fact, flow_from_balances
    >>> cogs = Fact.build("5.2E+9", metric="营业成本", entity="公司", period="2024年",
    ...                   evidence_id="利润表")
    >>> inv24 = Fact.build("1.3E+9", metric="存货", entity="公司", period="2024-12-31",
    ...                    evidence_id="资产负债表")
    >>> inv23 = Fact.build("1.1E+9", metric="存货", entity="公司", period="2023-12-31",
    ...                    evidence_id="资产负债表")
    >>> c = flow_from_balances(cogs, inv24, inv23, metric="采购额")
    >>> c.display, c.target.period.describe()
    (Decimal('5400000000.00'), 'FY2024')
    """
    return record(
        flow_from_balance_change(
            flow,
            closing,
            opening,
            metric=metric,
            sign=sign,
            calendar=calendar,
            rounding=rounding,
        )
    )


@public
def multiple_of(
    first: Fact,
    second: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """How many times one figure is another of the same metric: ``first / second``.

    Rule: the two facts are one metric (same basis, dimension, tax and role)
    for different entities, different periods of equal length (or two
    balance dates), or both; both are positive. The result is a
    ``MULTIPLE`` whose metric states both sides ("PVC consumption: US /
    Germany") unless ``metric=`` names it.

    Args:
        first: The figure compared ("US consumption").
        second: The figure it is compared with ("Germany's").
        metric: The result's metric.
        calendar: The fiscal calendar naming the periods.
        rounding: The display rule (``ROUND_HALF_UP@2`` for a multiple).

    Raises:
        CaliberMismatchError: the metric, basis, tax or role differs, or
            neither entity nor period does.
        DimensionMismatchError: different dimensions, or ratios.
        UndefinedGrowthError: a figure is zero or negative.

    >>> from fincalc import Fact, multiple_of
    >>> us = Fact.build("7.1E+6", metric="PVC consumption", entity="US", period="2023",
    ...                 dimension="TONNES", evidence_id="market report p4")
    >>> de = Fact.build("1.6E+6", metric="PVC consumption", entity="Germany", period="2023",
    ...                 dimension="TONNES", evidence_id="market report p4")
    >>> c = multiple_of(us, de)
    >>> c.display_text, c.target.metric
    ('4.44', 'PVC consumption: US / Germany')
    """
    return record(
        multiple_across(first, second, metric=metric, calendar=calendar, rounding=rounding)
    )

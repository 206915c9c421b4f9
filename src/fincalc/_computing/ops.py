"""The public operations: each runs its caliber rule and returns the audit record.

Every operation checks the calibers first, then computes exactly in the
private decimal context (one context per call), rounds once by its
``Rounding`` rule, and returns a ``Computation``. The rule of each operation
is part of its contract and is stated in its docstring; ``docs/computing.md``
has them in one table. The rules themselves live below the record
(``totals``, ``differences``, ``growth``, ``quotients``: they return an
``Outcome``), so ``Computation.replay`` reruns them without importing this
module; these functions only join a rule to ``audit.record``.
"""

from __future__ import annotations

from decimal import Decimal

from .._base.public import public
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .analytics import analytic_ratio
from .audit import Computation, record
from .differences import difference
from .growth import (
    compound_annual_growth,
    percentage_point_change,
    period_over_period,
    year_over_year,
)
from .quotients import part_of_whole, quotient
from .rounding import Rounding
from .spec import RatioKind, SignConvention
from .totals import total

__all__ = ["add", "cagr", "pp_change", "qoq", "ratio", "share", "sub", "yoy"]


# -- totals and differences ------------------------------------------------------


@public
def add(
    *facts: Fact,
    entity: str | None = None,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Total several facts, over entities, over contiguous periods, or across metrics.

    Rule: every caliber field is equal except exactly one, and that one is
    ``entity`` (a total over distinct entities; name it with ``entity=``),
    ``period`` (single-period figures whose periods are contiguous and do not
    overlap; the total covers their union, with the basis
    ``calendar.basis_of(union)`` implies: Q1 + Q2 is the cumulative 上半年,
    Q1 + … + Q4 the single-period fiscal year) or ``metric`` (a declared
    formula such as EBITDA = operating income + D&A: name the result with
    ``metric=``; it is ``combine`` with every term added, recorded as
    ``combine``, and refuses a negative term whose sign convention is not
    declared — use ``combine`` with ``Term(..., convention=...)`` then). Two
    facts with the same caliber are double counting: ``CaliberConflictError``
    when their values differ, ``DuplicateFactError`` when equal. The sum is
    exact.

    Args:
        *facts: Two or more facts.
        entity: The name of a total over entities (required then).
        metric: The result's metric: required for a sum across metrics, and
            renames a total over entities or periods.
        calendar: The fiscal calendar for totals over periods (calendar year
            by default).
        rounding: The display rule; ``ROUND_HALF_UP@2`` by default.

    Raises:
        CaliberMismatchError: the facts differ in more than one field, in a
            field other than entity or period, or their periods overlap, leave
            a gap, or are not single periods.
        DimensionMismatchError: the facts are in different currencies or units,
            or are ratios, multiples or per-unit figures (which do not sum).
        CaliberConflictError: two facts share a caliber but not a value.
        DuplicateFactError: the same fact was passed twice.
        SignConventionError: a sum across metrics has a negative term.

    >>> from fincalc import Fact, add
    >>> east = Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
    ...                   evidence_id="seg-east")
    >>> south = Fact.build("612000000", metric="营业收入", entity="华南区", period="2025Q3",
    ...                    evidence_id="seg-south")
    >>> add(east, south, entity="华东+华南").result
    Decimal('1482000000')
    >>> q = [Fact.build(v, metric="营业收入", entity="华东区", period=f"2025Q{i}",
    ...                 evidence_id=f"q{i}") for i, v in enumerate(["1", "2"], start=1)]
    >>> add(*q).target.describe()
    '营业收入 | 华东区 | 2025H1 | cumulative | CNY | na'
    >>> oi = Fact.build("1.2E+9", metric="营业利润", entity="公司", period="FY2024",
    ...                 evidence_id="is")
    >>> da = Fact.build("3E+8", metric="折旧与摊销", entity="公司", period="FY2024",
    ...                 evidence_id="cf")
    >>> add(oi, da, metric="EBITDA").display_text
    '1500000000.00'
    """
    return record(total(facts, entity=entity, metric=metric, calendar=calendar, rounding=rounding))


@public
def sub(
    a: Fact,
    b: Fact,
    *,
    entity: str | None = None,
    metric: str | None = None,
    signs: SignConvention | tuple[SignConvention, SignConvention] | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Subtract ``b`` from ``a`` where they differ in exactly one field.

    Rule, by the field that differs:

    - ``entity``: a difference between entities (named ``"A − B"`` unless
      ``entity=`` names it).
    - ``metric``: a derived metric such as 毛利 = 营业收入 − 营业成本; name it
      with ``metric=`` (required).
    - ``period``, nested year-to-date figures with the same start (each
      starts the fiscal year, lasts at most twelve months and has the basis
      its period implies): the remainder period, exactly — 前三季度 (9M) −
      上半年 (H1) = the single third quarter, recorded in the target caliber
      and ``note``.
      This is the only way a cumulative figure becomes a single-period one
      (never by dividing by the number of quarters).
    - ``period``, equal-length periods with the same basis that do not
      overlap: the change from ``b``'s period to ``a``'s, with the metric
      ``"<metric> change"`` unless ``metric=`` names it.

    Sign rule: a difference of two metrics with a negative input (free cash
    flow = operating cash flow − capex written "(460.8)"), or a change or gap
    between two negative figures, depends on whether the minus is real or an
    outflow written in brackets; it is refused (``SignConventionError``)
    until ``signs=`` declares it: ``"as_written"`` or ``"magnitude"`` for
    both inputs, or one per input. The convention is recorded
    (``Computation.signs``) and the note says what it changed.

    Args:
        a: The minuend.
        b: The subtrahend.
        entity: Name of a difference between entities.
        metric: Name of the result's metric.
        signs: The sign convention of the inputs: ``"as_written"``,
            ``"magnitude"``, or a pair (one for ``a``, one for ``b``).
        calendar: Fiscal calendar deciding fiscal-year starts (calendar year by
            default).
        rounding: The display rule; ``ROUND_HALF_UP@2`` by default.

    Raises:
        CaliberMismatchError: the facts differ otherwise (e.g. a single
            quarter and a 前三季度 figure that are not nested from one start).
        DimensionMismatchError: the facts are in different currencies or units.
        CaliberConflictError, DuplicateFactError: both facts have one caliber.
        SignConventionError: a negative input whose reading decides the
            answer, without ``signs=``.

    >>> from fincalc import Fact, sub
    >>> nine_months = Fact.build("2600000000", metric="营业收入", entity="公司",
    ...                          period="2025年前三季度", evidence_id="q3-report")
    >>> half = Fact.build("1700000000", metric="营业收入", entity="公司",
    ...                   period="2025年上半年", evidence_id="h1-report")
    >>> q3 = sub(nine_months, half)
    >>> q3.result, q3.target.period.describe(), q3.target.basis.value
    (Decimal('900000000'), '2025Q3', 'single_period')
    >>> ocf = Fact.build("1234.5", metric="经营活动现金流量净额", entity="公司",
    ...                  period="FY2024", evidence_id="cf")
    >>> capex = Fact.build("-460.8", metric="资本开支", entity="公司", period="FY2024",
    ...                    evidence_id="cf", raw="(460.8)")
    >>> sub(ocf, capex, metric="自由现金流", signs=("as_written", "magnitude")).result
    Decimal('773.7')
    """
    return record(
        difference(
            a, b, entity=entity, metric=metric, calendar=calendar, rounding=rounding, signs=signs
        )
    )


# -- changes over time --------------------------------------------------------


@public
def yoy(
    current: Fact,
    prior: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Year-over-year growth: ``(current − prior) / prior``, a ``RATIO``.

    Rule: every caliber field is equal except ``period``, and
    ``prior.period == current.period.shift(years=-1)`` exactly. A cumulative
    前三季度 figure compares only with the prior year's 前三季度; Q3 2025 only
    with Q3 2024.

    Args:
        current: The later figure.
        prior: The same caliber one year earlier.
        metric: The result's metric (``"<metric> yoy"`` by default).
        calendar: The fiscal calendar the periods are named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        CaliberMismatchError: any other field differs, or the prior period is
            not exactly one year earlier.
        DimensionMismatchError: the facts are in different currencies or units,
            or are ratios (use ``pp_change``).
        UndefinedGrowthError: the prior value is zero or negative.

    >>> from fincalc import Fact, yoy
    >>> now = Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
    ...                  evidence_id="r2025q3", raw="8.7 亿元")
    >>> before = Fact.build("874320000", metric="营业收入", entity="华东区", period="2024Q3",
    ...                     evidence_id="r2024q3", raw="87,432 万元")
    >>> yoy(now, before).display_text
    '-0.49%'
    """
    return record(
        year_over_year(current, prior, metric=metric, calendar=calendar, rounding=rounding)
    )


@public
def qoq(
    current: Fact,
    prior: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Period-over-period (环比) growth: ``(current − prior) / prior``, a ``RATIO``.

    Rule: every caliber field is equal except ``period``; both are
    single-period figures of equal length, and the prior period ends exactly
    where the current one starts (2025Q2 → 2025Q3).

    Args:
        current: The later figure.
        prior: The figure for the adjacent preceding period.
        metric: The result's metric (``"<metric> qoq"`` by default).
        calendar: The fiscal calendar the periods are named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        CaliberMismatchError: another field differs, the periods are not
            adjacent or not equal in length, or a figure is cumulative/instant.
        DimensionMismatchError: the facts are in different currencies or units,
            or are ratios (use ``pp_change``).
        UndefinedGrowthError: the prior value is zero or negative.

    >>> from fincalc import Fact, qoq
    >>> q3 = Fact.build("900", metric="营业收入", entity="公司", period="2025Q3",
    ...                 evidence_id="q3")
    >>> q2 = Fact.build("800", metric="营业收入", entity="公司", period="2025Q2",
    ...                 evidence_id="q2")
    >>> qoq(q3, q2).display
    Decimal('12.50')
    """
    return record(
        period_over_period(current, prior, metric=metric, calendar=calendar, rounding=rounding)
    )


@public
def cagr(
    end: Fact,
    start: Fact,
    *,
    metric: str | None = None,
    years: int | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Compound annual growth rate: ``(end / start) ** (1 / years) − 1``, a ``RATIO``.

    Rule: every caliber field is equal except ``period``; the periods have
    equal length and ``start.period`` shifted by a whole number ``years ≥ 1``
    of years is ``end.period`` — the years are counted from the periods
    (FY2021 → FY2024 is three). One year apart, the result is the exact yoy
    ratio; otherwise it is computed as ``exp(ln(end / start) / years) − 1``
    to 50 significant digits.

    Args:
        end: The later figure.
        start: The earlier figure.
        metric: The result's metric (``"<metric> cagr"`` by default).
        years: The number of years the question states, checked against the
            periods ("a 3-year CAGR" of FY2021 → FY2024); a mismatch is
            refused, never silently recomputed.
        calendar: The fiscal calendar the periods are named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        CaliberMismatchError: another field differs, the periods are not a
            whole number of years apart, or ``years`` disagrees with them.
        DimensionMismatchError: the facts are in different currencies or units,
            or are ratios (use ``pp_change``).
        UndefinedGrowthError: the start value is zero or negative, or the end
            value is negative.

    >>> from fincalc import Fact, cagr
    >>> fy24 = Fact.build("121", metric="净利润", entity="公司", period="FY2024", evidence_id="a24")
    >>> fy22 = Fact.build("100", metric="净利润", entity="公司", period="FY2022", evidence_id="a22")
    >>> cagr(fy24, fy22).display_text
    '10.00%'
    """
    return record(
        compound_annual_growth(
            end, start, metric=metric, calendar=calendar, rounding=rounding, years=years
        )
    )


@public
def pp_change(
    current: Fact,
    prior: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Percentage-point change between two ``RATIO`` facts: ``current − prior``.

    Rule: both facts are ratios (margins, shares, rates); every caliber field
    is equal except ``period``; the periods have equal length and the prior
    period ends no later than the current one starts. The display counts
    percentage points (``ROUND_HALF_UP@2%`` by default: 0.253 − 0.248 shows
    as 0.50).

    Args:
        current: The later ratio.
        prior: The earlier ratio.
        metric: The result's metric (``"<metric> pp_change"`` by default).
        calendar: The fiscal calendar the periods are named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        DimensionMismatchError: a fact is not a ``RATIO``.
        CaliberMismatchError: another field differs, the periods differ in
            length, or the prior period does not end before the current one.

    >>> from fincalc import Fact, pp_change
    >>> now = Fact.build("0.253", metric="毛利率", entity="公司", period="FY2024",
    ...                  dimension="RATIO", evidence_id="a24")
    >>> before = Fact.build("0.248", metric="毛利率", entity="公司", period="FY2023",
    ...                     dimension="RATIO", evidence_id="a23")
    >>> pp_change(now, before).display
    Decimal('0.50')
    """
    outcome = percentage_point_change(
        current, prior, metric=metric, calendar=calendar, rounding=rounding
    )
    return record(outcome)


# -- divisions -----------------------------------------------------------------


@public
def ratio(
    numerator: Fact,
    denominator: Fact,
    *,
    metric: str,
    kind: RatioKind | None = None,
    days: Decimal | int | str | None = None,
    signs: SignConvention | tuple[SignConvention, SignConvention] | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Divide two figures of one entity and period (margins, per-share figures, analytics).

    Rule: ``entity``, ``period``, ``basis`` and ``tax`` are equal; the metrics
    usually differ (净利润 / 营业收入) and the result names its own ``metric``.
    Equal dimensions give a ``RATIO`` (``ROUND_HALF_UP@2%`` by default).
    Different dimensions are allowed only for a per-unit figure: an amount of
    money, a count or a physical quantity over a count (``SHARES``,
    ``PERSONS``), a physical quantity (``TONNES``) or ``DAYS``, giving
    ``<NUM>_PER_<DEN>`` (``CNY_PER_SHARES``, ``USD_PER_PERSONS``;
    ``ROUND_HALF_UP@2`` by default). Two currencies never divide (no implicit
    FX), and a ratio or multiple never divides a figure of another dimension.

    A flow over a balance is refused unless ``kind=`` names the analytic
    (recorded as ``Computation.kind``): ``"turnover"`` (a flow over the
    closing balance of its period, or the ``average()`` of the opening and
    closing balances — the opening balance alone is refused; a ``MULTIPLE``:
    asset turnover 1.73x), ``"return"`` (the same pairing as a
    ``RATIO``: ROA, ROE), ``"days"`` (a balance over a flow × the days of the
    flow's period, 365 for a 12-month period unless ``days=`` says; ``DAYS``:
    DSO 93.94 days), ``"leverage"`` (a balance over a flow, paired as for a
    turnover; a ``MULTIPLE``: debt / EBITDA 2.4x) or ``"multiple"`` (a plain
    ratio read as a multiple: interest coverage). An analytic needs a
    positive divisor.

    Sign rule: when exactly one figure is negative (any negative one, for an
    analytic), the result's sign depends on whether the minus is real (a net
    loss) or an outflow written in brackets ("Dividends paid (7,616)"): it is
    refused until ``signs=`` declares it, for both or one per figure.

    Args:
        numerator: The dividend.
        denominator: The divisor.
        metric: The result's metric, e.g. ``"净利率"``.
        kind: The analytic, for a flow over a balance or a multiple.
        days: The day count of a ``kind="days"`` ratio.
        signs: The sign convention: ``"as_written"``, ``"magnitude"``, or a
            pair (numerator, denominator).
        calendar: The fiscal calendar the period is named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule.

    Raises:
        CaliberMismatchError: entity, period, basis or tax differ (without
            ``kind=``), or the balance does not belong to the flow's period.
        DimensionMismatchError: the dimensions differ other than as a
            per-unit figure (``CNY`` over ``USD``, ``RATIO`` over ``CNY``).
        UndefinedGrowthError: the denominator is zero (or not positive, for
            an analytic).
        SignConventionError: a negative figure without ``signs=``.
        InvalidInputError: an unknown ``kind``, or ``days`` without
            ``kind="days"``, or a days ratio over a period that is not a year
            without ``days=``.

    >>> from fincalc import Fact, ratio
    >>> profit = Fact.build("1.2E+8", metric="净利润", entity="公司", period="FY2024",
    ...                     evidence_id="is")
    >>> revenue = Fact.build("1.5E+9", metric="营业收入", entity="公司", period="FY2024",
    ...                      evidence_id="is")
    >>> ratio(profit, revenue, metric="净利率").display_text
    '8.00%'
    >>> assets = Fact.build("8.67E+8", metric="总资产", entity="公司", period="2024-12-31",
    ...                     evidence_id="bs")
    >>> ratio(revenue, assets, metric="总资产周转率", kind="turnover").display_text
    '1.73'
    """
    if kind is None and days is None:
        return record(
            quotient(
                numerator,
                denominator,
                metric=metric,
                calendar=calendar,
                rounding=rounding,
                signs=signs,
            )
        )
    return record(
        analytic_ratio(
            numerator,
            denominator,
            kind=kind,
            metric=metric,
            days=days,
            signs=signs,
            calendar=calendar,
            rounding=rounding,
        )
    )


@public
def share(
    part: Fact,
    whole: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """A part's share of a whole (占比): ``part / whole``, a ``RATIO``.

    Rule: metric, dimension, tax and role are equal, and either the entities
    differ with the period and basis equal (华东区 of 全公司), or the entity is
    equal and the part's period lies inside the whole's (a quarter of its
    fiscal year, Q3 of 前三季度: ``"<metric> share of FY2022"``; never a
    balance). The whole must be positive, the facts amounts or
    counts (never ratios or multiples, which are not parts of a whole), and a
    non-negative part no larger than the whole: a part bigger than the whole
    means the "whole" is a sibling, not the parent total.

    Args:
        part: The part (e.g. a segment).
        whole: The whole (e.g. the group total).
        metric: The result's metric (``"<metric> share of <whole entity>"``, or
            of the whole's period, by default).
        calendar: The fiscal calendar the period is named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        CaliberMismatchError: another field differs, the entities are equal,
            or a non-negative part exceeds the whole.
        DimensionMismatchError: the facts are in different currencies or units,
            or are ratios or multiples.
        UndefinedGrowthError: the whole is zero or negative.

    >>> from fincalc import Fact, share
    >>> east = Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
    ...                   evidence_id="seg")
    >>> group = Fact.build("2.9E+9", metric="营业收入", entity="全公司", period="2025Q3",
    ...                    evidence_id="is")
    >>> share(east, group).display_text
    '30.00%'
    """
    return record(part_of_whole(part, whole, metric=metric, calendar=calendar, rounding=rounding))

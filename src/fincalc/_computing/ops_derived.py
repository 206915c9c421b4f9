"""The public operations that derive one figure: averages, scaling, signs, N-year changes.

Like ``ops``, each joins a rule (``averages``, ``scaling``, ``growth``) to its
audit record; the rule of each is stated in its docstring and in
``docs/computing.md``.
"""

from __future__ import annotations

from decimal import Decimal

from .._base.public import public
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .audit import Computation, record
from .averages import mean_of
from .bases import base_before_growth
from .growth import change_over_years
from .rounding import Rounding
from .scaling import absolute_value, multiplied, negated

__all__ = ["abs_", "average", "base_from_growth", "change_over", "negate", "scale"]


@public
def average(
    *facts: Fact,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """The mean of one metric over several balance dates or several periods.

    Rule: every caliber field is equal except ``period``. Balances (instants)
    at distinct dates average to the *average balance over the period between
    the first and the last date*: inventory at 2023-12-31 and 2024-12-31 gives
    an average inventory over FY2024 (basis as the calendar names that
    period), which divides a FY2024 flow with ``ratio(..., kind="turnover")``.
    Flows over equal-length, contiguous periods of one basis average to a
    figure per period over their union (three fiscal years: the average per
    year over FY2022–FY2024). The result is named ``"<metric> average"``
    (``"<metric> average per year"`` for periods) unless ``metric=`` names
    it; the order of the facts does not matter (nor for the fingerprint).

    Args:
        *facts: Two or more facts of one metric, entity and tax.
        metric: The result's metric.
        calendar: The fiscal calendar naming the periods (calendar year by default).
        rounding: The display rule (by the result's dimension: ``@2`` for amounts).

    Raises:
        CaliberMismatchError: another field differs; balances mixed with
            flows; periods that overlap, leave a gap, or differ in length.
        DimensionMismatchError: the facts are in different currencies or units.
        CaliberConflictError, DuplicateFactError: two facts for one date or period.

    >>> from fincalc import Fact, average
    >>> opening = Fact.build("4.1E+8", metric="存货", entity="公司", period="2023-12-31",
    ...                      evidence_id="bs")
    >>> closing = Fact.build("4.5E+8", metric="存货", entity="公司", period="2024-12-31",
    ...                      evidence_id="bs")
    >>> c = average(opening, closing)
    >>> c.result, c.target.describe()
    (Decimal('430000000'), '存货 average | 公司 | FY2024 | single_period | CNY | na')
    """
    return record(mean_of(facts, metric=metric, calendar=calendar, rounding=rounding))


@public
def scale(
    fact: Fact,
    factor: Decimal | int | str,
    *,
    meaning: str,
    metric: str | None = None,
    dimension: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Multiply a figure by a positive constant whose meaning you state.

    Rule: ``factor`` is a positive exact number (never a float) and
    ``meaning`` says what it is; both are recorded (``Computation.factor``,
    ``factor_meaning``). The result keeps the fact's caliber, with the metric
    ``"<metric> (<meaning>)"`` unless ``metric=`` names it, and the fact's
    dimension unless ``dimension=`` converts it: into another currency or
    physical unit at a stated rate (yuan → dollars, tonnes → barrels), or a
    ratio or multiple into ``DAYS`` (a day count). A factor never turns one
    kind into another (tonnes into yuan), and never flips a sign (that is
    ``negate``).

    Args:
        fact: The figure.
        factor: The constant, e.g. ``365``, ``2`` (a 2-for-1 split), ``"7.33"``.
        meaning: What the constant is, in words.
        metric: The result's metric.
        dimension: The result's dimension, for a conversion or a day count.
        calendar: The fiscal calendar naming the period (calendar year by default).
        rounding: The display rule (by the result's dimension).

    Raises:
        InvalidInputError: the factor is not positive, or the meaning is empty.
        DimensionMismatchError: a conversion between kinds of dimension.

    >>> from fincalc import Fact, scale
    >>> rate = Fact.build("0.2573", metric="应收账款/营业收入", entity="公司",
    ...                   period="FY2024", dimension="RATIO", evidence_id="calc")
    >>> scale(rate, 365, meaning="days in the year", dimension="DAYS").display_text
    '93.91'
    """
    return record(
        multiplied(
            fact,
            factor,
            meaning=meaning,
            metric=metric,
            dimension=dimension,
            calendar=calendar,
            rounding=rounding,
        )
    )


@public
def negate(
    fact: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """The figure with its sign flipped, recorded as a change of sign convention.

    Rule: the result is ``−value`` with the fact's caliber (the same figure
    under the other convention) unless ``metric=`` renames it; the note says
    what was negated. Use it, or ``abs_``, where a statement writes an outflow
    in brackets and the question wants it as a positive amount; nothing else
    in fincalc flips a sign.

    >>> from fincalc import Fact, negate
    >>> capex = Fact.build("-460.8", metric="capex", entity="Acme", period="FY2024",
    ...                    dimension="USD", evidence_id="10-K", raw="(460.8)")
    >>> negate(capex).result, negate(capex).note
    (Decimal('460.8'), 'sign convention: negated ((460.8) → 460.8 USD)')
    """
    return record(negated(fact, metric=metric, calendar=calendar, rounding=rounding))


@public
def abs_(
    fact: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """The figure as a magnitude (its absolute value), recorded as a sign convention.

    Rule: the result is ``|value|`` with the fact's caliber unless ``metric=``
    renames it; the note says which convention was applied. (The trailing
    underscore keeps Python's builtin ``abs`` usable next to it.)

    >>> from fincalc import Fact, abs_
    >>> dividends = Fact.build("-7616", metric="Dividends paid", entity="Acme",
    ...                        period="FY2024", dimension="USD", evidence_id="10-K",
    ...                        raw="(7,616)")
    >>> abs_(dividends).display_text
    '7616.00'
    """
    return record(absolute_value(fact, metric=metric, calendar=calendar, rounding=rounding))


@public
def change_over(
    current: Fact,
    prior: Fact,
    *,
    years: int | None = None,
    annualise: bool = False,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """The total growth over N years: ``(current − prior) / prior``, a ``RATIO``.

    Rule: every caliber field is equal except ``period``; the periods have
    equal length and ``prior.period`` shifted by a whole number N ≥ 1 of years
    is ``current.period`` — N is counted from the periods (FY2021 → FY2024 is
    3), and a caller's ``years=`` is checked against it. The base must be
    positive; ratios are refused (``pp_change``). The result is named
    ``"<metric> change over N years"`` unless ``metric=`` names it; the
    annual rate is ``cagr``.

    One balance at two dates that are not a whole number of years apart (a
    10-Q's January 28 and July 29) gives the change over that span, **not
    annualised**, as a growth-role ``RATIO`` compared to the earlier date,
    named by the balance's metric; its note names both dates and the days.
    ``annualise=True`` compounds it to a year: ``(1 + change) ^ (365 /
    days) − 1``.

    Args:
        current: The later figure.
        prior: The same figure N years earlier.
        years: The number of years the question states (checked).
        annualise: Compound a change between two balance dates to a year.
        metric: The result's metric.
        calendar: The fiscal calendar naming the periods.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        CaliberMismatchError: another field differs, the periods are not a
            whole number of years apart, or ``years`` disagrees with them.
        DimensionMismatchError: different dimensions, or ratios.
        UndefinedGrowthError: the base is zero or negative.

    >>> from fincalc import Fact, change_over
    >>> fy24 = Fact.build("133.1", metric="营业收入", entity="公司", period="FY2024",
    ...                   evidence_id="a24")
    >>> fy21 = Fact.build("100", metric="营业收入", entity="公司", period="FY2021",
    ...                   evidence_id="a21")
    >>> change_over(fy24, fy21).display_text, change_over(fy24, fy21).target.metric
    ('33.10%', '营业收入 change over 3 years')
    """
    return record(
        change_over_years(
            current,
            prior,
            metric=metric,
            calendar=calendar,
            rounding=rounding,
            years=years,
            annualise=annualise,
        )
    )


@public
def base_from_growth(
    current: Fact,
    growth: Fact,
    *,
    years: int | None = None,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """The figure a growth rate was measured from: ``current / (1 + growth)``.

    Rule: ``current`` is a positive amount (a level) and ``growth`` the
    ``RATIO`` stated for it (same entity, period, basis and tax; the metric
    may differ: "营业收入 … 同比增长12.5%"). The base period is the one the
    growth states (a fact with ``role="growth"`` compares to its
    ``compared_to``: a growth since 2023-01-28, or over two years); else
    ``years`` back (1, year on year, by default). A ``years=`` that disagrees
    with the growth's own base is refused. ``1 + growth`` must be positive. A
    decline is a negative growth (下降3% is ``-0.03``).

    Args:
        current: The later figure.
        growth: Its growth rate over ``years`` years.
        years: How many years the growth spans (the growth's own base period,
            else 1).
        metric: The result's metric (``current``'s by default).
        calendar: The fiscal calendar naming the periods.
        rounding: The display rule (by the dimension).

    Raises:
        DimensionMismatchError: ``growth`` is not a ratio or ``current`` is.
        CaliberMismatchError: the growth is stated for another entity,
            period, basis or tax.
        UndefinedGrowthError: ``current`` is not positive, or growth ≤ −100 %.

    >>> from fincalc import Fact, base_from_growth
    >>> gdp = Fact.build("5.2E+11", metric="地区生产总值", entity="某市", period="2023年",
    ...                  evidence_id="公报")
    >>> g = Fact.build("0.04", metric="地区生产总值增长率", entity="某市", period="2023年",
    ...                dimension="RATIO", evidence_id="公报")
    >>> c = base_from_growth(gdp, g, rounding="ROUND_HALF_UP@2亿")
    >>> c.display_text, c.target.period.describe()
    ('5000.00亿', 'FY2022')
    >>> two_years = Fact.build("0.21", metric="地区生产总值", entity="某市", period="2023年",
    ...                        dimension="RATIO", evidence_id="公报", role="growth",
    ...                        compared_to="2021年")
    >>> base_from_growth(gdp, two_years).target.period.describe()
    'FY2021'
    """
    return record(
        base_before_growth(
            current, growth, metric=metric, calendar=calendar, rounding=rounding, years=years
        )
    )

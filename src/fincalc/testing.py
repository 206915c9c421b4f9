"""Hypothesis strategies for fincalc's value types, for your own property tests.

Needs the ``testing`` extra (``pip install 'fincalc-qa[testing]'``), which
installs Hypothesis; fincalc itself never imports this module.

Values are exact ``Decimal`` amounts with a bounded number of digits, so sums
and differences stay exact in fincalc's 50-digit context; periods are those a
report names (quarters, halves, fiscal years, 前三季度-style year-to-date
spans, months, balance-sheet dates), each with the basis the calendar year
implies.

>>> from hypothesis import given
>>> from fincalc import yoy
>>> @given(facts(positive=True))
... def test_yoy_of_itself_is_zero(fact):
...     shifted = fact.caliber.replace(period=fact.caliber.period.shift(years=-1))
...     prior = Fact(fact.quantity, shifted, fact.evidence)
...     assert yoy(fact, prior).result == 0
>>> test_yoy_of_itself_is_zero()
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Literal

from hypothesis import strategies as st

from ._values.caliber import Caliber, Tax
from ._values.facts import Evidence, Fact
from ._values.period import CALENDAR_YEAR, Basis, Period
from ._values.quantity import Quantity

__all__ = [
    "PERIOD_KINDS",
    "amounts",
    "calibers",
    "evidence",
    "facts",
    "names",
    "periods",
    "quantities",
]

#: The period shapes ``periods`` draws from.
PERIOD_KINDS = ("quarter", "half", "year", "ytd", "month", "instant")

_METRICS = ("营业收入", "净利润", "营业成本", "Revenue", "Net income")
_ENTITIES = ("华东区", "华南区", "全公司", "East China", "Group")


def amounts(
    *,
    min_value: Decimal | int | str = -(10**12),
    max_value: Decimal | int | str = 10**12,
    places: int = 2,
    positive: bool = False,
) -> st.SearchStrategy[Decimal]:
    """Exact Decimal amounts with at most ``places`` decimal places.

    ``positive=True`` raises ``min_value`` to the smallest positive step, for
    growth bases.

    >>> isinstance(amounts(), st.SearchStrategy)
    True
    """
    low = Decimal(min_value)
    if positive:
        low = max(low, Decimal(1).scaleb(-places))
    return st.decimals(
        min_value=low,
        max_value=Decimal(max_value),
        places=places,
        allow_nan=False,
        allow_infinity=False,
    )


def periods(
    *, kinds: Sequence[str] = PERIOD_KINDS, min_year: int = 2000, max_year: int = 2030
) -> st.SearchStrategy[Period]:
    """Periods a report names, under the calendar year.

    >>> isinstance(periods(kinds=("quarter",)), st.SearchStrategy)
    True
    """
    unknown = set(kinds) - set(PERIOD_KINDS)
    if unknown or not kinds:
        raise ValueError(f"unknown period kinds {sorted(unknown)}; use some of {PERIOD_KINDS}")
    years = st.integers(min_year, max_year)
    makers: dict[str, st.SearchStrategy[Period]] = {
        "quarter": st.builds(Period.quarter, years, st.integers(1, 4)),
        "half": st.builds(Period.half, years, st.integers(1, 2)),
        "year": st.builds(Period.fiscal_year, years),
        "ytd": st.builds(Period.year_to_date, years, st.integers(2, 3)),
        "month": st.builds(Period.month, years, st.integers(1, 12)),
        "instant": st.builds(
            Period.instant, st.dates(date(min_year, 1, 1), date(max_year, 12, 31))
        ),
    }
    return st.one_of(*(makers[kind] for kind in kinds))


def names(*, max_size: int = 12) -> st.SearchStrategy[str]:
    """Any text a ``Caliber`` accepts as a metric or entity name: non-blank Unicode.

    For names beyond the bundled examples (spaces, symbols, other scripts),
    e.g. to test that your own serialisation keeps them.

    >>> isinstance(calibers(metrics=names(), entities=names()), st.SearchStrategy)
    True
    """
    return st.text(min_size=1, max_size=max_size).filter(lambda s: s.strip() != "")


def _one_of(values: Sequence[str] | st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    if isinstance(values, st.SearchStrategy):
        return values
    return st.sampled_from(list(values))


def calibers(
    *,
    metrics: Sequence[str] | st.SearchStrategy[str] = _METRICS,
    entities: Sequence[str] | st.SearchStrategy[str] = _ENTITIES,
    dimension: str | st.SearchStrategy[str] = "CNY",
    period: st.SearchStrategy[Period] | None = None,
    taxes: Sequence[Tax] = tuple(Tax),
    basis: Literal["implied", "any"] = "implied",
) -> st.SearchStrategy[Caliber]:
    """Calibers, by default with the basis their period implies.

    Args:
        metrics: The metric names to draw from, or a strategy (e.g. ``names()``).
        entities: The entity names to draw from, or a strategy.
        dimension: The dimension, or a strategy such as
            ``st.sampled_from(["CNY", "USD", "RATIO"])``.
        period: Strategy for the period (``periods()`` by default).
        taxes: The tax flags to draw from.
        basis: ``"implied"``: the basis the calendar year implies for the period
            (``FiscalCalendar.basis_of``). ``"any"``: any basis a ``Caliber``
            accepts, so also a period labelled against its shape (instant for
            a one-day period, else single period or cumulative).

    >>> isinstance(calibers(dimension="RATIO"), st.SearchStrategy)
    True
    """

    if basis not in ("implied", "any"):
        raise ValueError(f"basis must be 'implied' or 'any', got {basis!r}")

    @st.composite
    def build(draw: st.DrawFn) -> Caliber:
        metric, entity = draw(_one_of(metrics)), draw(_one_of(entities))
        p = draw(period if period is not None else periods())
        if basis == "any" and not p.is_instant:
            b = draw(st.sampled_from([Basis.SINGLE_PERIOD, Basis.CUMULATIVE]))
        else:
            b = CALENDAR_YEAR.basis_of(p)
        d = dimension if isinstance(dimension, str) else draw(dimension)
        return Caliber(metric, entity, p, b, d, draw(st.sampled_from(list(taxes))))

    return build()


def quantities(
    *, dimension: str = "CNY", values: st.SearchStrategy[Decimal] | None = None
) -> st.SearchStrategy[Quantity]:
    """Quantities in base units, with ``raw`` the value as written.

    >>> isinstance(quantities(), st.SearchStrategy)
    True
    """
    return st.builds(
        lambda value: Quantity(value, dimension, raw=format(value, "f")),
        values if values is not None else amounts(),
    )


def evidence() -> st.SearchStrategy[Evidence]:
    """Evidence with a short id and quote, sometimes a page.

    >>> isinstance(evidence(), st.SearchStrategy)
    True
    """
    return st.builds(
        Evidence,
        st.from_regex(r"[a-z]{1,6}-[0-9]{1,4}", fullmatch=True),
        st.sampled_from(["营业收入 8.7 亿元", "Revenue was $303M", ""]),
        page=st.none() | st.integers(1, 400),
    )


def facts(
    *,
    caliber: st.SearchStrategy[Caliber] | None = None,
    dimension: str = "CNY",
    values: st.SearchStrategy[Decimal] | None = None,
    positive: bool = False,
) -> st.SearchStrategy[Fact]:
    """Facts whose quantity matches their caliber's dimension.

    Args:
        caliber: Strategy for the caliber (``calibers(dimension=dimension)`` by default).
        dimension: The dimension when ``caliber`` is not given.
        values: Strategy for the value (``amounts(positive=positive)`` by default).
        positive: Draw positive values only (growth bases).

    >>> isinstance(facts(positive=True), st.SearchStrategy)
    True
    """
    caliber_strategy = caliber if caliber is not None else calibers(dimension=dimension)
    value_strategy = values if values is not None else amounts(positive=positive)
    return st.builds(
        lambda c, value, ev: Fact(Quantity(value, c.dimension, raw=format(value, "f")), c, ev),
        caliber_strategy,
        value_strategy,
        evidence(),
    )

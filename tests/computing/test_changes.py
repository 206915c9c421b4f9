"""Operations on changes, flows from balances, shares across periods, multiples (issue 27).

Tables: real-looking report lines (EN and ZH) with a source column. Properties:
inverse operations round-trip exactly; target calibers differ from the inputs'
only as declared; the caller's decimal context is untouched; only typed errors.
"""

from __future__ import annotations

import decimal
from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import (
    Basis,
    CaliberMismatchError,
    Computation,
    DimensionMismatchError,
    Fact,
    FincalcError,
    InvalidInputError,
    Period,
    Role,
    UndefinedGrowthError,
    add,
    base_from_growth,
    change_over,
    flow_from_balances,
    formula,
    growth_from_change,
    level_from_change,
    multiple_of,
    prior_level,
    ratio,
    share,
    sub,
    yoy,
)


def level(value: str, **kw: object) -> Fact:
    base: dict[str, object] = {
        "metric": "地区生产总值",
        "entity": "全省",
        "period": "2024年",
        "evidence_id": "公报",
    }
    base.update(kw)
    return Fact.build(value, **base)  # type: ignore[arg-type]


def change(value: str, **kw: object) -> Fact:
    return level(value, role="change", **kw)


# -- a level and its change ------------------------------------------------------------

LEVEL_AND_CHANGE = [
    # (id, source, level kwargs, change kwargs, prior, growth @2%)
    (
        "bulletin-gdp",
        "statistical bulletin (ZH): 地区生产总值3003.1亿元，比上年增加553.1亿元",
        {"value": "3003.1E+8"},
        {"value": "553.1E+8"},
        Decimal("2450.0E+8"),
        Decimal("22.58"),
    ),
    (
        "10k-net-sales",
        "10-K MD&A (EN): net sales of $29,682 million increased $972 million",
        {"value": "29682E+6", "metric": "Net sales", "entity": "Acme", "dimension": "USD"},
        {"value": "972E+6", "metric": "Net sales", "entity": "Acme", "dimension": "USD"},
        Decimal("28710E+6"),
        Decimal("3.39"),
    ),
    (
        "bulletin-decrease",
        "statistical bulletin (ZH): 粮食产量612.3万吨，比上年减少8.5万吨",
        {"value": "6.123E+6", "metric": "粮食产量", "dimension": "TONNES"},
        {"value": "-8.5E+4", "metric": "粮食产量", "dimension": "TONNES"},
        Decimal("6.208E+6"),
        Decimal("-1.37"),
    ),
    (
        "10q-balance-declared-base",
        "10-Q MD&A (EN): cash of $1,204 million at July 29, 2023, up $312 million from "
        "January 28, 2023",
        {
            "value": "1204E+6",
            "metric": "Cash",
            "entity": "Retailer",
            "period": "2023-07-29",
            "dimension": "USD",
        },
        {
            "value": "312E+6",
            "metric": "Cash",
            "entity": "Retailer",
            "period": "2023-07-29",
            "dimension": "USD",
            "compared_to": "2023-01-28",
        },
        Decimal("892E+6"),
        Decimal("34.98"),
    ),
]


@pytest.mark.parametrize(
    ("source", "lv", "ch", "prior", "growth"),
    [pytest.param(*row[1:], id=row[0]) for row in LEVEL_AND_CHANGE],
)
def test_level_and_change(
    source: str, lv: dict[str, str], ch: dict[str, str], prior: Decimal, growth: Decimal
) -> None:
    lv, ch = dict(lv), dict(ch)
    a, c = level(lv.pop("value"), **lv), change(ch.pop("value"), **ch)
    back = prior_level(a, c)
    assert back.result == prior, source
    assert back.target.period == c.caliber.compared_to
    assert back.target.role is Role.LEVEL
    rate = growth_from_change(a, c)
    assert rate.display == growth, source
    assert rate.target.role is Role.GROWTH
    assert rate.target.compared_to == c.caliber.compared_to
    again = level_from_change(back.as_fact(), c)
    assert again.result == a.value
    assert again.target == a.caliber
    for record in (back, rate, again):
        assert Computation.from_json(record.to_json()) == record
        assert record.replay() == record


def test_growth_from_change_equals_yoy_over_the_prior_level() -> None:
    a, c = level("3003.1E+8"), change("553.1E+8")
    prior = prior_level(a, c).as_fact()
    assert growth_from_change(a, c).result == yoy(a, prior).result


@pytest.mark.parametrize(
    ("source", "make", "error", "message"),
    [
        (
            "a level where the change goes (ZH)",
            lambda: prior_level(level("3003.1E+8"), level("553.1E+8")),
            CaliberMismatchError,
            "role",
        ),
        (
            "a growth rate where the change goes (ZH: 比上年增长8.2%)",
            lambda: prior_level(
                level("3003.1E+8"), level("0.082", dimension="RATIO", role="growth")
            ),
            CaliberMismatchError,
            "base_from_growth",
        ),
        (
            "the change of another year (EN)",
            lambda: prior_level(level("3003.1E+8"), change("553.1E+8", period="2023年")),
            CaliberMismatchError,
            "period differs",
        ),
        (
            "the change of another entity",
            lambda: growth_from_change(level("3003.1E+8"), change("553.1E+8", entity="全市")),
            CaliberMismatchError,
            "entity differs",
        ),
        (
            "a change larger than the level: no positive base",
            lambda: growth_from_change(level("300E+8"), change("553.1E+8")),
            UndefinedGrowthError,
            "level before the change",
        ),
        (
            "a prior level at the wrong date (10-Q)",
            lambda: level_from_change(
                level("892E+6", period="2022-07-30", metric="Cash", dimension="USD"),
                change(
                    "312E+6",
                    period="2023-07-29",
                    compared_to="2023-01-28",
                    metric="Cash",
                    dimension="USD",
                ),
            ),
            CaliberMismatchError,
            "compares to 2023-01-28",
        ),
        (
            "a level plus a change with add (never silently)",
            lambda: add(level("3003.1E+8"), change("553.1E+8")),
            CaliberMismatchError,
            "role differs",
        ),
        (
            "a level minus a change with sub (never silently)",
            lambda: sub(level("3003.1E+8"), change("553.1E+8")),
            CaliberMismatchError,
            "role differs",
        ),
        (
            "a ratio's change is in points",
            lambda: prior_level(
                level("0.25", dimension="RATIO"), change("0.01", dimension="RATIO")
            ),
            DimensionMismatchError,
            "percentage points",
        ),
    ],
)
def test_refusals(source: str, make: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        make()  # type: ignore[operator]


# -- generators with the truth known by construction --------------------------------------

amount = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("1E+13"), places=2)
signed = st.decimals(min_value=Decimal("-1E+12"), max_value=Decimal("1E+12"), places=2)
years = st.integers(1990, 2090)
flow_periods = st.one_of(
    st.builds(Period.fiscal_year, years),
    st.builds(Period.quarter, years, st.integers(1, 4)),
    st.builds(Period.year_to_date, years, st.integers(2, 3)),
)
instants = st.builds(
    lambda y, d: Period.instant(date(y, 1, 1) + timedelta(days=d)), years, st.integers(0, 364)
)
dimensions = st.sampled_from(["CNY", "USD", "TONNES"])


def _context_state() -> tuple[object, ...]:
    ctx = decimal.getcontext()
    return (ctx.prec, ctx.rounding, dict(ctx.flags), dict(ctx.traps))


@given(prior=amount, delta=signed, period=st.one_of(flow_periods, instants), dim=dimensions)
def test_prior_and_level_round_trip_exactly(
    prior: Decimal, delta: Decimal, period: Period, dim: str
) -> None:
    current = prior + delta
    before = _context_state()
    kw = {"metric": "m", "entity": "e", "period": period, "dimension": dim}
    a, c = level(str(current), **kw), change(str(delta), **kw)
    back = prior_level(a, c)
    assert back.result == prior
    # the target differs from the level only in its period (the change's base)
    assert back.target == a.caliber.replace(period=c.caliber.compared_to)
    forward = level_from_change(back.as_fact(), c)
    assert forward.result == current
    assert forward.target == a.caliber
    if prior > 0:
        rate = growth_from_change(a, c)
        assert Fraction(rate.result) == pytest.approx(Fraction(delta) / Fraction(prior), rel=1e-40)
        assert rate.target.diff(c.caliber) == ("dimension", "role")
    assert _context_state() == before


@given(
    a=st.tuples(amount, dimensions),
    wrong=st.sampled_from(["period", "entity", "metric", "tax"]),
)
def test_a_change_of_another_caliber_is_refused(a: tuple[Decimal, str], wrong: str) -> None:
    value, dim = a
    lv = level(str(value), dimension=dim)
    other = {
        "period": {"period": "2023年"},
        "entity": {"entity": "全市"},
        "metric": {"metric": "营业收入"},
        "tax": {"tax": "inclusive"},
    }[wrong]
    ch = change("1", dimension=dim, **other)
    for op in (prior_level, growth_from_change):
        with pytest.raises(FincalcError) as caught:
            op(lv, ch)
        assert isinstance(caught.value, (CaliberMismatchError, UndefinedGrowthError))


# -- flows from balances -------------------------------------------------------------------

FLOWS = [
    (
        "purchases-zh",
        "annual report (ZH): 营业成本52亿元；存货期末13亿元、期初11亿元",
        ("5.2E+9", "营业成本", "2024年"),
        ("1.3E+9", "存货", "2024-12-31"),
        ("1.1E+9", "存货", "2023-12-31"),
        1,
        Decimal("5.4E+9"),
    ),
    (
        "purchases-10k-fiscal",
        "10-K (EN): cost of sales $8,412 million; inventories $1,020 million at January 28, "
        "2023 and $1,130 million at January 29, 2022 (52-week fiscal year)",
        ("8412E+6", "Cost of sales", Period(date(2022, 1, 30), date(2023, 1, 29))),
        ("1020E+6", "Inventories", "2023-01-28"),
        ("1130E+6", "Inventories", "2022-01-29"),
        1,
        Decimal("8302E+6"),
    ),
    (
        "cash-collected-en",
        "10-K (EN): revenue $5,000 million; receivables $640 million (2024-12-31), $600 million "
        "(2023-12-31)",
        ("5000E+6", "Revenue", "FY2024"),
        ("640E+6", "Accounts receivable", "2024-12-31"),
        ("600E+6", "Accounts receivable", "2023-12-31"),
        -1,
        Decimal("4960E+6"),
    ),
]


@pytest.mark.parametrize(
    ("source", "flow", "closing", "opening", "sign", "expected"),
    [pytest.param(*row[1:], id=row[0]) for row in FLOWS],
)
def test_flow_from_balances(
    source: str,
    flow: tuple[str, str, str | Period],
    closing: tuple[str, str, str],
    opening: tuple[str, str, str],
    sign: int,
    expected: Decimal,
) -> None:
    f, c, o = (
        Fact.build(v, metric=m, entity="公司", period=p, evidence_id="AR", dimension="USD")
        for v, m, p in (flow, closing, opening)
    )
    result = flow_from_balances(f, c, o, metric="Derived", sign=sign)
    assert result.result == expected, source
    assert result.target == f.caliber.replace(metric="Derived")
    assert result.replay() == result
    assert Computation.from_json(result.to_json()) == result


@pytest.mark.parametrize(
    ("source", "closing_day", "opening_day", "message"),
    [
        ("opening dated the period's first day", "2024-12-31", "2024-01-01", "bracket FY2024"),
        ("balances of another year", "2023-12-31", "2022-12-31", "bracket FY2024"),
        ("closing and opening swapped", "2023-12-31", "2024-12-31", "bracket FY2024"),
    ],
)
def test_balances_must_bracket_the_flow(
    source: str, closing_day: str, opening_day: str, message: str
) -> None:
    f = Fact.build("5.2E+9", metric="营业成本", entity="公司", period="FY2024", evidence_id="AR")
    c = Fact.build("1.3E+9", metric="存货", entity="公司", period=closing_day, evidence_id="AR")
    o = Fact.build("1.1E+9", metric="存货", entity="公司", period=opening_day, evidence_id="AR")
    with pytest.raises(CaliberMismatchError, match=message):
        flow_from_balances(f, c, o, metric="采购额")


def test_flow_from_balances_refuses_two_balances_of_different_metrics_and_bad_sign() -> None:
    f = Fact.build("5.2E+9", metric="营业成本", entity="公司", period="FY2024", evidence_id="AR")
    c = Fact.build("1.3E+9", metric="存货", entity="公司", period="2024-12-31", evidence_id="AR")
    o = Fact.build(
        "1.1E+9", metric="应收账款", entity="公司", period="2023-12-31", evidence_id="AR"
    )
    with pytest.raises(CaliberMismatchError, match="one balance"):
        flow_from_balances(f, c, o, metric="采购额")
    with pytest.raises(InvalidInputError, match="sign"):
        flow_from_balances(f, c, c, metric="采购额", sign=2)


@given(flow=signed, close=amount, open_=amount, period=flow_periods, sign=st.sampled_from([1, -1]))
def test_flow_from_balances_is_exact(
    flow: Decimal, close: Decimal, open_: Decimal, period: Period, sign: int
) -> None:
    def make(value: Decimal, metric: str, p: Period) -> Fact:
        return Fact.build(value, metric=metric, entity="e", period=p, evidence_id="x")

    f = make(flow, "flow", period)
    c = make(close, "bal", Period.instant(period.last_day))
    o = make(open_, "bal", Period.instant(period.start - timedelta(days=1)))
    result = flow_from_balances(f, c, o, metric="derived", sign=sign)
    assert result.result == flow + sign * (close - open_)
    assert result.target.diff(f.caliber) == ("metric",)
    assert result.replay() == result


# -- change between two balance dates ------------------------------------------------------


def test_change_between_any_two_balance_dates() -> None:
    # 10-Q (EN): cash at January 28, 2023 and at July 29, 2023 (a 26-week half)
    jan = Fact.build(
        "892E+6",
        metric="Cash",
        entity="R",
        period="2023-01-28",
        dimension="USD",
        evidence_id="10-Q",
    )
    jul = Fact.build(
        "1204E+6",
        metric="Cash",
        entity="R",
        period="2023-07-29",
        dimension="USD",
        evidence_id="10-Q",
    )
    c = change_over(jul, jan)
    assert c.display_text == "34.98%"
    assert "2023-01-28" in c.note
    assert "2023-07-29" in c.note
    assert "not annualised" in c.note
    assert c.target.role is Role.GROWTH
    assert c.target.compared_to == jan.caliber.period
    assert c.replay() == c
    with pytest.raises(CaliberMismatchError):
        change_over(jan, jul)  # earlier first
    # a difference of the same two balances says both dates too
    assert "2023-01-28" in sub(jul, jan).note


# -- shares across periods, multiples across entities ---------------------------------------


def test_a_quarters_share_of_its_year() -> None:
    # 10-K (EN): share repurchases of $1.9 billion in Q4 of $7.2 billion for fiscal 2022
    q4 = Fact.build(
        "1.9E+9",
        metric="Share repurchases",
        entity="Acme",
        period="2022Q4",
        dimension="USD",
        evidence_id="10-K p40",
    )
    fy = Fact.build(
        "7.2E+9",
        metric="Share repurchases",
        entity="Acme",
        period="FY2022",
        dimension="USD",
        evidence_id="10-K p40",
    )
    c = share(q4, fy)
    assert c.display_text == "26.39%"
    assert c.target.metric == "Share repurchases share of FY2022"
    assert c.replay() == c
    # 季报 (ZH): 第三季度营业收入占前三季度
    q3 = Fact.build("8.7E+8", metric="营业收入", entity="公司", period="2025Q3", evidence_id="季报")
    ytd = Fact.build(
        "2.5E+9", metric="营业收入", entity="公司", period="2025年前三季度", evidence_id="季报"
    )
    assert share(q3, ytd).display_text == "34.80%"
    with pytest.raises(CaliberMismatchError, match="does not lie inside"):
        share(
            q4,
            Fact.build(
                "7.2E+9",
                metric="Share repurchases",
                entity="Acme",
                period="FY2023",
                dimension="USD",
                evidence_id="10-K p40",
            ),
        )


@pytest.mark.parametrize(
    ("source", "a", "b", "expected", "name"),
    [
        (
            "market report (EN): PVC consumption, US vs Germany",
            ("7.1E+6", "US", "2023"),
            ("1.6E+6", "Germany", "2023"),
            Decimal("4.44"),
            "PVC: US / Germany",
        ),
        (
            "statistical bulletin (ZH): 2024年 vs 2014年",
            ("7.1E+6", "全国", "2024年"),
            ("1.6E+6", "全国", "2014年"),
            Decimal("4.44"),
            "PVC: FY2024 / FY2014",
        ),
    ],
)
def test_multiple_of(
    source: str, a: tuple[str, str, str], b: tuple[str, str, str], expected: Decimal, name: str
) -> None:
    fa, fb = (
        Fact.build(v, metric="PVC", entity=e, period=p, dimension="TONNES", evidence_id="r")
        for v, e, p in (a, b)
    )
    c = multiple_of(fa, fb)
    assert c.display == expected, source
    assert c.target.metric == name
    assert c.replay() == c
    with pytest.raises(CaliberMismatchError):
        ratio(fa, fb, metric="x")  # a plain ratio still refuses another entity or period


@given(a=amount, b=amount)
def test_multiple_is_the_exact_quotient(a: Decimal, b: Decimal) -> None:
    fa = Fact.build(a, metric="m", entity="A", period="2024", evidence_id="r")
    fb = Fact.build(b, metric="m", entity="B", period="2024", evidence_id="r")
    c = multiple_of(fa, fb)
    assert abs(Fraction(c.result) - Fraction(a) / Fraction(b)) <= Fraction(a) / Fraction(b) / 10**48
    assert c.target.diff(fa.caliber) == ("metric", "dimension")


def test_multiple_refusals() -> None:
    us = Fact.build(
        "7.1E+6", metric="PVC", entity="US", period="2023", dimension="TONNES", evidence_id="r"
    )
    with pytest.raises(CaliberMismatchError):
        multiple_of(us, us)
    other_metric = Fact.build(
        "1.6E+6", metric="PE", entity="DE", period="2023", dimension="TONNES", evidence_id="r"
    )
    with pytest.raises(CaliberMismatchError, match="metric differs"):
        multiple_of(us, other_metric)
    zero = Fact.build(
        "0", metric="PVC", entity="DE", period="2023", dimension="TONNES", evidence_id="r"
    )
    with pytest.raises(UndefinedGrowthError):
        multiple_of(us, zero)
    half = Fact.build(
        "1.6E+6", metric="PVC", entity="US", period="2023H1", dimension="TONNES", evidence_id="r"
    )
    with pytest.raises(CaliberMismatchError):
        multiple_of(us, half)  # unequal periods


# -- flow-over-balance formulas (registry) ----------------------------------------------------

CASH_FLOW_FORMULAS = [
    # (id, source, formula name, top (value, metric, period), bottom, expected @2)
    (
        "ocf-ratio-10k",
        "10-K (EN): net cash provided by operating activities $2,744.6 million; total "
        "current liabilities $3,100 million at December 31, 2024",
        "operating cash flow ratio",
        ("operating_cash_flow", "2.7446E+9", "Operating cash flow", "FY2024"),
        ("current_liabilities", "3.1E+9", "Current liabilities", "2024-12-31"),
        Decimal("0.89"),
    ),
    (
        "ocf-ratio-zh",
        "年报 (ZH): 经营活动产生的现金流量净额12.5亿元；流动负债合计40亿元（2024年12月31日）",
        "现金流动负债比率",
        ("operating_cash_flow", "1.25E+9", "经营活动产生的现金流量净额", "2024年"),
        ("current_liabilities", "4E+9", "流动负债合计", "2024-12-31"),
        Decimal("0.31"),
    ),
    (
        "coverage-10k",
        "10-K (EN): cash from operations $2,744.6 million; total debt $6,500 million",
        "cash flow coverage",
        ("operating_cash_flow", "2.7446E+9", "Operating cash flow", "FY2024"),
        ("total_debt", "6.5E+9", "Total debt", "2024-12-31"),
        Decimal("0.42"),
    ),
    (
        "debt-ebitda-zh",
        "评级报告 (ZH): 有息负债65亿元，EBITDA 27亿元",
        "债务/EBITDA",
        ("total_debt", "6.5E+9", "有息负债", "2024-12-31"),
        ("ebitda", "2.7E+9", "息税折旧摊销前利润", "2024年"),
        Decimal("2.41"),
    ),
]


@pytest.mark.parametrize(
    ("source", "name", "top", "bottom", "expected"),
    [pytest.param(*row[1:], id=row[0]) for row in CASH_FLOW_FORMULAS],
)
def test_flow_over_balance_formulas(
    source: str,
    name: str,
    top: tuple[str, str, str, str],
    bottom: tuple[str, str, str, str],
    expected: Decimal,
) -> None:
    facts = {
        term: Fact.build(v, metric=m, entity="公司", period=p, evidence_id="r")
        for term, v, m, p in (top, bottom)
    }
    c = formula(name, facts)
    assert c.display == expected, source
    assert c.target.dimension == "MULTIPLE"
    assert c.replay() == c
    # the opening balance alone is the classic wrong column: refused
    balance_term = next(t for t, f in facts.items() if f.caliber.basis is Basis.INSTANT)
    opening = facts[balance_term].caliber.period.start.replace(year=2023)
    wrong = dict(facts)
    wrong[balance_term] = Fact.build(
        facts[balance_term].value,
        metric="b",
        entity="公司",
        period=Period.instant(opening),
        evidence_id="r",
    )
    with pytest.raises(CaliberMismatchError, match="opening balance"):
        formula(name, wrong)


@given(flow=amount, balance=amount)
def test_leverage_is_the_inverse_pairing_of_a_turnover(flow: Decimal, balance: Decimal) -> None:
    f = Fact.build(flow, metric="EBITDA", entity="e", period="FY2024", evidence_id="r")
    b = Fact.build(balance, metric="Debt", entity="e", period="2024-12-31", evidence_id="r")
    lev = ratio(b, f, metric="Debt/EBITDA", kind="leverage")
    turn = ratio(f, b, metric="EBITDA/Debt", kind="turnover")
    assert lev.target.dimension == turn.target.dimension == "MULTIPLE"
    assert (
        abs(Fraction(lev.result) - Fraction(balance) / Fraction(flow))
        <= Fraction(balance) / Fraction(flow) / 10**48
    )
    assert formula("debt_to_ebitda", {"total_debt": b, "ebitda": f}).result == lev.result


# -- base_from_growth takes the growth's own base period (issue 27) -------------------------


@pytest.mark.parametrize(
    ("source", "growth_kwargs", "years", "base"),
    [
        ("统计公报 (ZH): 比上年增长8.2%, one year back", {"role": "growth"}, None, "FY2023"),
        (
            "统计公报 (ZH): 比2021年增长21%, two years back, stated by the growth",
            {"role": "growth", "compared_to": "2021年"},
            None,
            "FY2021",
        ),
        (
            "the same, with a years= that agrees",
            {"role": "growth", "compared_to": "2021年"},
            3 - 1,
            "FY2021",
        ),
        ("a rate named as a growth (legacy level role), years=2", {}, 2, "FY2022"),
    ],
)
def test_base_from_growth_takes_the_growths_base(
    source: str, growth_kwargs: dict[str, object], years: int | None, base: str
) -> None:
    current = level("3003.1E+8")
    metric = "地区生产总值" if growth_kwargs else "地区生产总值增长率"
    rate = Fact.build(
        "0.21",
        metric=metric,
        entity="全省",
        period="2024年" if not growth_kwargs.get("compared_to") else "2023年",
        dimension="RATIO",
        evidence_id="公报",
        **growth_kwargs,  # type: ignore[arg-type]
    )
    if growth_kwargs.get("compared_to"):
        current = level("3003.1E+8", period="2023年")
    c = base_from_growth(current, rate, years=years)
    assert c.target.period.describe() == base, source
    assert c.target.role is Role.LEVEL
    assert c.replay() == c
    assert Computation.from_json(c.to_json()).replay() == c


def test_base_from_growth_refuses_a_years_that_contradicts_the_growth() -> None:
    current = level("3003.1E+8", period="2023年")
    rate = Fact.build(
        "0.21",
        metric="地区生产总值",
        entity="全省",
        period="2023年",
        dimension="RATIO",
        evidence_id="公报",
        role="growth",
        compared_to="2021年",
    )
    with pytest.raises(CaliberMismatchError, match="leave years= out"):
        base_from_growth(current, rate, years=1)
    with pytest.raises(CaliberMismatchError, match="role"):
        base_from_growth(change("553.1E+8", period="2023年"), rate)


def test_base_from_growth_since_a_balance_date() -> None:
    # 10-Q (EN): cash of $1,204 million, up 34.98% since January 28, 2023
    cash = Fact.build(
        "1204E+6",
        metric="Cash",
        entity="R",
        period="2023-07-29",
        dimension="USD",
        evidence_id="10-Q",
    )
    up = Fact.build(
        "0.35",
        metric="Cash",
        entity="R",
        period="2023-07-29",
        dimension="RATIO",
        evidence_id="10-Q",
        role="growth",
        compared_to="2023-01-28",
    )
    c = base_from_growth(cash, up, rounding="ROUND_HALF_UP@0million")
    assert c.target.period == Period.instant(date(2023, 1, 28))
    assert c.display_text == "892 million"
    assert c.replay() == c


def test_change_between_dates_is_annualised_only_when_asked() -> None:
    # 10-Q (EN): cash at January 28 and July 29, 2023 (182 days)
    jan = Fact.build(
        "892E+6",
        metric="Cash",
        entity="R",
        period="2023-01-28",
        dimension="USD",
        evidence_id="10-Q",
    )
    jul = Fact.build(
        "1204E+6",
        metric="Cash",
        entity="R",
        period="2023-07-29",
        dimension="USD",
        evidence_id="10-Q",
    )
    plain_rate = change_over(jul, jan)
    yearly = change_over(jul, jan, annualise=True)
    assert "not annualised" in plain_rate.note
    expected = (1204 / 892) ** (365 / 182) - 1  # float oracle, compared at 1e-9
    assert abs(float(yearly.result) - expected) < 1e-9
    assert yearly.display_text == "82.49%"
    assert yearly.replay() == yearly
    assert Computation.from_json(yearly.to_json()).replay() == yearly
    fy24 = Fact.build(
        "1.3E+9",
        metric="Cash",
        entity="R",
        period="2024-12-31",
        dimension="USD",
        evidence_id="10-K",
    )
    fy23 = Fact.build(
        "1.1E+9",
        metric="Cash",
        entity="R",
        period="2023-12-31",
        dimension="USD",
        evidence_id="10-K",
    )
    with pytest.raises(InvalidInputError, match="cagr"):
        change_over(fy24, fy23, annualise=True)


# -- every new operation: only typed errors, the caller's context untouched ---------------

roles = st.sampled_from(["level", "change"])
any_facts = st.builds(
    lambda value, period, role, entity, metric: Fact.build(
        value, metric=metric, entity=entity, period=period, evidence_id="x", role=role
    ),
    signed,
    st.one_of(flow_periods, instants),
    roles,
    st.sampled_from(["A", "B"]),
    st.sampled_from(["m", "n"]),
)
NEW_OPERATIONS = [
    prior_level,
    growth_from_change,
    level_from_change,
    multiple_of,
    share,
    lambda a, b: change_over(a, b),
    lambda a, b: change_over(a, b, annualise=True),
    lambda a, b: flow_from_balances(a, b, b, metric="f"),
    lambda a, b: flow_from_balances(b, a, a, metric="f", sign=-1),
]


@given(a=any_facts, b=any_facts, index=st.integers(0, len(NEW_OPERATIONS) - 1))
def test_new_operations_raise_only_typed_errors_and_keep_the_context(
    a: Fact, b: Fact, index: int
) -> None:
    hostile = decimal.Context(
        prec=3,
        rounding=decimal.ROUND_FLOOR,
        traps=[decimal.Inexact, decimal.Rounded, decimal.InvalidOperation],
    )
    with decimal.localcontext(hostile) as context:
        before = (context.prec, context.rounding, dict(context.flags), dict(context.traps))
        try:
            record = NEW_OPERATIONS[index](a, b)
        except FincalcError:
            record = None
        if record is not None:
            assert record.replay() == record
            assert Computation.from_json(record.to_json()) == record
        assert decimal.getcontext() is context
        assert (context.prec, context.rounding, dict(context.flags), dict(context.traps)) == before


@pytest.mark.parametrize(
    ("source", "quote", "raw"),
    [
        ("统计公报 (ZH)", "粮食产量比上年减少8.5万吨", "8.5万吨"),
        ("10-K MD&A (EN)", "net sales decreased $972 million", "$972 million"),
        ("10-Q MD&A (EN)", "cash was down $312 million", "$312 million"),
    ],
)
def test_a_decrease_read_as_positive_is_refused(source: str, quote: str, raw: str) -> None:
    from fincalc import SignConventionError

    base = level("6.123E+6")
    rise = change("8.5E+4", quote=quote, raw=raw)
    for op in (prior_level, growth_from_change):
        with pytest.raises(SignConventionError, match="quoted as a decrease"):
            op(base, rise)
    signed = change("-8.5E+4", quote=quote, raw=raw)
    assert prior_level(base, signed).result == Decimal("6.208E+6"), source
    assert level_from_change(prior_level(base, signed).as_fact(), signed).result == base.value

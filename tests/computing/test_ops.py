"""Caliber-checked operations: rules, refusals, exactness, one-time rounding (issue 5)."""

from __future__ import annotations

import contextlib
import decimal
import itertools
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import (
    Basis,
    CaliberConflictError,
    CaliberMismatchError,
    Computation,
    DimensionMismatchError,
    DuplicateFactError,
    Fact,
    FincalcError,
    FiscalCalendar,
    InvalidInputError,
    Period,
    Quantity,
    Rounding,
    SignConventionError,
    Term,
    UndefinedGrowthError,
    abs_,
    add,
    average,
    base_from_growth,
    cagr,
    change_over,
    combine,
    negate,
    pp_change,
    qoq,
    ratio,
    scale,
    share,
    sub,
    yoy,
)
from fincalc.testing import amounts, calibers, facts, periods


def fact(
    value: str | int,
    period: str | Period = "2025Q3",
    *,
    metric: str = "营业收入",
    entity: str = "华东区",
    evidence_id: str | None = None,
    **kwargs: Any,
) -> Fact:
    return Fact.build(
        value,
        metric=metric,
        entity=entity,
        period=period,
        evidence_id=evidence_id or f"doc-{period}-{entity}",
        **kwargs,
    )


def exact(expression: Callable[[], Decimal]) -> Decimal:
    with decimal.localcontext(decimal.Context(prec=50, rounding=decimal.ROUND_HALF_UP)):
        return expression()


# -- the failure story this library exists for -----------------------------------


def test_east_china_yoy_is_minus_049_percent_not_minus_9999() -> None:
    # 8.7 亿元 (Q3 2025) vs 87,432 万元 (Q3 2024): the same segment revenue written
    # at two scales. Comparing the bare numbers 8.7 and 87432 gives −99.99 %.
    current = fact("8.7E+8", "2025Q3", evidence_id="2025Q3-report", raw="8.7 亿元", unit="亿元")
    prior = fact("874320000", "2024Q3", evidence_id="2024Q3-report", raw="87,432 万元", unit="万元")
    c = yoy(current, prior)
    assert c.result == exact(lambda: (Decimal(870000000) - Decimal(874320000)) / Decimal(874320000))
    assert c.display == Decimal("-0.49")
    assert c.display_text == "-0.49%"
    naive = exact(lambda: (Decimal("8.7") - Decimal(87432)) / Decimal(87432))
    assert Rounding(2, unit="%").apply(naive) == Decimal("-99.99")
    assert c.target.dimension == "RATIO"
    assert c.target.period == Period.quarter(2025, 3)
    assert [f.quantity.raw for f in c.inputs] == ["8.7 亿元", "87,432 万元"]


def test_single_quarter_vs_cumulative_names_basis_and_period() -> None:
    q3 = fact("8.7E+8", "2025Q3")
    nine_months_prior = fact("2.6E+9", "2024年前三季度")
    with pytest.raises(CaliberMismatchError) as info:
        yoy(q3, nine_months_prior)
    err = info.value
    assert set(err.differing) == {"period", "basis"}
    assert err.operation == "yoy"
    assert err.left == q3.caliber
    assert err.right == nine_months_prior.caliber
    message = str(err)
    assert message.startswith(
        "cannot yoy: basis differs (single_period vs cumulative); period differs (2025Q3 vs 9M2024)"
    )
    assert "2024Q3" in message  # says what to compare with


def test_cumulative_compares_only_with_prior_cumulative() -> None:
    now = fact("2.7E+9", "2025年前三季度")
    before = fact("2.5E+9", "2024年前三季度")
    assert yoy(now, before).display == Decimal("8.00")
    with pytest.raises(CaliberMismatchError, match="前三季度"):
        yoy(now, fact("2.5E+9", "2024年上半年"))


def test_tax_na_vs_exclusive_raises() -> None:
    with pytest.raises(CaliberMismatchError, match=r"tax differs \(na vs exclusive\)") as info:
        yoy(fact("100", "2025Q3"), fact("90", "2024Q3", tax="exclusive"))
    assert info.value.differing == ("tax",) or "tax" in info.value.differing


@pytest.mark.parametrize("base", ["0", "-5"])
@pytest.mark.parametrize(
    ("operation", "current", "prior"),
    [
        (yoy, "2025Q3", "2024Q3"),
        (qoq, "2025Q3", "2025Q2"),
        (cagr, "FY2024", "FY2021"),
    ],
)
def test_zero_or_negative_base_is_undefined_growth(
    operation: Callable[..., Computation], current: str, prior: str, base: str
) -> None:
    with pytest.raises(UndefinedGrowthError) as info:
        operation(fact("100", current), fact(base, prior))
    assert info.value.base == base
    assert info.value.operation == operation.__name__
    assert isinstance(info.value, ArithmeticError)


def test_currencies_never_combine() -> None:
    with pytest.raises(DimensionMismatchError, match="'CNY' vs 'USD'") as info:
        add(fact("1", entity="A"), fact("1", entity="B", dimension="USD"), entity="T")
    assert (info.value.left, info.value.right) == ("CNY", "USD")
    for operation in (yoy, qoq, sub, share):
        with pytest.raises(DimensionMismatchError):
            operation(fact("1"), fact("1", "2024Q3", dimension="USD"))


@pytest.mark.parametrize(
    "operation", [add, sub, yoy, qoq, share, cagr, pp_change, lambda a, b: ratio(a, b, metric="m")]
)
def test_non_facts_are_refused(operation: Callable[..., Computation]) -> None:
    with pytest.raises(InvalidInputError, match="must be a Fact"):
        operation(fact("1"), Decimal(1))


# -- add -------------------------------------------------------------------------


def test_add_over_entities_needs_a_name() -> None:
    east, south = fact("8.7E+8", entity="华东区"), fact("612000000", entity="华南区")
    total = add(east, south, entity="华东+华南")
    assert total.result == Decimal(1482000000)
    assert total.target.entity == "华东+华南"
    assert total.display == Decimal("1482000000.00")
    with pytest.raises(InvalidInputError, match="name the total"):
        add(east, south)
    with pytest.raises(InvalidInputError, match="one of the parts"):
        add(east, south, entity="华东区")


def test_add_quarters_gives_cumulative_half_and_single_period_year() -> None:
    quarters = [fact(str(100 * i), f"2025Q{i}", evidence_id=f"q{i}") for i in range(1, 5)]
    half = add(quarters[1], quarters[0])
    assert half.target.period == Period.half(2025, 1)
    assert half.target.basis is Basis.CUMULATIVE
    nine = add(*quarters[:3])
    assert nine.target.period == Period.year_to_date(2025, 3)
    assert nine.target.basis is Basis.CUMULATIVE
    year = add(*reversed(quarters))
    assert year.target.period == Period.fiscal_year(2025)
    assert year.target.basis is Basis.SINGLE_PERIOD
    assert year.result == 1000
    second_half = add(quarters[2], quarters[3])
    assert second_half.target.basis is Basis.SINGLE_PERIOD  # not year-to-date


def test_add_quarters_under_a_fiscal_calendar() -> None:
    october = FiscalCalendar.named("october")
    quarters = [
        fact(str(i), Period.quarter(2024, i, october), evidence_id=f"q{i}") for i in range(1, 5)
    ]
    year = add(*quarters, calendar=october)
    assert year.target.period == Period.fiscal_year(2024, october)
    assert year.target.basis is Basis.SINGLE_PERIOD
    assert year.calendar == october
    assert year.replay() == year
    assert add(*quarters[:2], calendar=october).target.basis is Basis.CUMULATIVE
    # Under the calendar year the same union is not a year-to-date span.
    assert add(*quarters[:2]).target.basis is Basis.SINGLE_PERIOD


def test_add_refuses_gaps_overlaps_and_cumulative_figures() -> None:
    q1, q3 = fact("1", "2025Q1"), fact("3", "2025Q3")
    with pytest.raises(CaliberMismatchError, match="nothing covers") as info:
        add(q1, q3)
    assert info.value.differing == ("period",)
    with pytest.raises(CaliberMismatchError):
        add(fact("6", "2025H1"), fact("2", "2025Q2"))
    with pytest.raises(CaliberMismatchError, match="overlap"):
        add(fact("1", "2025-01"), fact("3", "2025Q1"))
    with pytest.raises(CaliberMismatchError, match="basis is cumulative") as info:
        add(fact("6", "2025H1"), fact("3", "2025年1-9月"))
    assert info.value.differing == ("basis",)
    with pytest.raises(CaliberMismatchError, match="instant"):
        add(fact("1", "2024年12月31日"), fact("1", "2025年1月1日"))


def test_add_double_counting() -> None:
    a = fact("8.7E+8", evidence_id="mdna")
    with pytest.raises(DuplicateFactError) as dup:
        add(a, fact("870000000", evidence_id="summary"))
    assert dup.value.caliber == a.caliber
    with pytest.raises(CaliberConflictError) as conflict:
        add(a, fact("874320000", evidence_id="summary"))
    assert conflict.value.values == ("870000000", "874320000")
    with pytest.raises(CaliberConflictError):
        add(fact("1", entity="A"), fact("2", entity="B"), fact("3", entity="A"), entity="T")
    with pytest.raises(DuplicateFactError):
        add(fact("1", "2025Q1"), fact("2", "2025Q2"), fact("1", "2025Q1"))


def test_add_refuses_mixed_differences_and_single_facts() -> None:
    with pytest.raises(CaliberMismatchError, match="metric differs"):
        add(fact("1"), fact("2", metric="营业成本"))
    with pytest.raises(CaliberMismatchError) as info:
        add(fact("1", "2025Q1", entity="A"), fact("2", "2025Q1", entity="B"), fact("3", "2025Q2"))
    assert set(info.value.differing) == {"entity", "period"}
    with pytest.raises(InvalidInputError, match="at least two"):
        add(fact("1"))
    with pytest.raises(InvalidInputError, match="differ in period"):
        add(fact("1", "2025Q1"), fact("2", "2025Q2"), entity="other")


def test_add_is_exact_beyond_float_precision() -> None:
    parts = [fact("0.1", entity="A"), fact("0.2", entity="B")]
    assert add(*parts, entity="T").result == Decimal("0.3")
    big = [fact("12345678901234567.89", entity="A"), fact("0.01", entity="B")]
    assert add(*big, entity="T").result == Decimal("12345678901234567.90")


def test_add_beyond_fifty_digits_is_exact() -> None:
    # issue 27: sums carry as many digits as they need (61 here), rounded once at the end
    parts = [fact("1E+40", entity="A"), fact("1E-20", entity="B")]
    c = add(*parts, entity="T")
    assert c.result == Decimal("1" + "0" * 40 + "." + "0" * 19 + "1")
    assert c.display == Decimal("1" + "0" * 40 + ".00")
    assert Computation.from_json(c.to_json()).replay() == c


# -- sub -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("longer", "shorter", "expected"),
    [
        ("2025年前三季度", "2025年上半年", Period.quarter(2025, 3)),
        ("2025年上半年", "2025Q1", Period.quarter(2025, 2)),
        ("FY2025", "2025年前三季度", Period.quarter(2025, 4)),
        ("FY2025", "2025H1", Period.half(2025, 2)),
    ],
)
def test_sub_nested_year_to_date_derives_the_remainder(
    longer: str, shorter: str, expected: Period
) -> None:
    c = sub(fact("2600000000", longer), fact("1700000000", shorter))
    assert c.result == Decimal(900000000)
    assert c.target.period == expected
    assert c.target.basis is Basis.SINGLE_PERIOD
    assert "nested year-to-date" in c.note
    assert c.replay() == c


def test_sub_cumulative_minus_cumulative_records_the_quarter() -> None:
    c = sub(fact("2.6E+9", "2025年前三季度"), fact("1.7E+9", "2025年上半年"))
    assert c.note.startswith("9M2025 (cumulative) − 2025H1 (cumulative) = 2025Q3 (single_period)")


def test_sub_refuses_quarter_minus_cumulative_and_reversed_nesting() -> None:
    with pytest.raises(CaliberMismatchError, match="basis differs") as info:
        sub(fact("9E+8", "2025Q3"), fact("2.6E+9", "2025年前三季度"))
    assert set(info.value.differing) == {"period", "basis"}
    with pytest.raises(CaliberMismatchError, match=r"sub\(9M2025, 2025H1\)"):
        sub(fact("1.7E+9", "2025年上半年"), fact("2.6E+9", "2025年前三季度"))


def test_sub_over_entities_metrics_and_periods() -> None:
    diff = sub(fact("8.7E+8", entity="华东区"), fact("6.12E+8", entity="华南区"))
    assert diff.target.entity == "华东区 − 华南区"
    assert diff.result == Decimal(258000000)
    named = sub(fact("1", entity="A"), fact("2", entity="B"), entity="A less B")
    assert named.target.entity == "A less B"
    assert named.result == -1
    gross = sub(fact("1.5E+9", metric="营业收入"), fact("1.1E+9", metric="营业成本"), metric="毛利")
    assert gross.target.metric == "毛利"
    assert gross.result == Decimal(400000000)
    with pytest.raises(InvalidInputError, match="name the result's metric"):
        sub(fact("1", metric="营业收入"), fact("2", metric="营业成本"))
    change = sub(fact("8.7E+8", "2025Q3"), fact("874320000", "2024Q3"))
    assert change.result == Decimal(-4320000)
    assert change.target.metric == "营业收入 change"
    assert change.note == "change from 2024Q3 to 2025Q3"
    with pytest.raises(InvalidInputError, match="drop entity="):
        sub(fact("1", "2025Q3"), fact("2", "2024Q3"), entity="X")


def test_sub_refuses_same_caliber_and_unrelated_fields() -> None:
    with pytest.raises(DuplicateFactError):
        sub(fact("1"), fact("1"))
    with pytest.raises(CaliberConflictError):
        sub(fact("1"), fact("2"))
    with pytest.raises(CaliberMismatchError, match="exactly one"):
        sub(fact("1", entity="A"), fact("2", entity="B", metric="营业成本"))
    with pytest.raises(CaliberMismatchError):
        sub(fact("1", "2025Q3"), fact("2", "2025H1"))  # different lengths, not nested


# -- qoq, ratio, share, cagr, pp_change ------------------------------------------


def test_qoq() -> None:
    c = qoq(fact("900", "2025Q3"), fact("800", "2025Q2"))
    assert c.display == Decimal("12.50")
    assert c.target.metric == "营业收入 qoq"
    assert qoq(fact("110", "2025-03"), fact("100", "2025-02")).display == Decimal("10.00")
    with pytest.raises(CaliberMismatchError, match="not the period of equal length"):
        qoq(fact("900", "2025Q3"), fact("800", "2025Q1"))
    with pytest.raises(CaliberMismatchError, match="cumulative"):
        qoq(fact("900", "2025年前三季度"), fact("800", "2025年上半年"))
    with pytest.raises(CaliberMismatchError):
        qoq(fact("900", "2025Q3"), fact("800", "2025-06"))


def test_ratio_margin_and_per_share() -> None:
    profit = fact("1.2E+8", "FY2024", metric="净利润")
    revenue = fact("1.5E+9", "FY2024", metric="营业收入")
    margin = ratio(profit, revenue, metric="净利率")
    assert margin.result == Decimal("0.08")
    assert margin.target.metric == "净利率"
    assert margin.target.dimension == "RATIO"
    shares = fact("4E+8", "FY2024", metric="总股本", dimension="SHARES")
    eps = ratio(profit, shares, metric="每股收益")
    assert eps.target.dimension == "CNY_PER_SHARES"
    assert eps.display == Decimal("0.30")
    assert eps.rounding.rule == "ROUND_HALF_UP@2"
    with pytest.raises(CaliberMismatchError, match="period differs"):
        ratio(profit, fact("1.4E+9", "FY2023"), metric="净利率")
    with pytest.raises(UndefinedGrowthError, match="denominator"):
        ratio(profit, fact("0", "FY2024"), metric="净利率")
    with pytest.raises(InvalidInputError):
        ratio(profit, revenue, metric="")


def test_share() -> None:
    east = fact("8.7E+8", entity="华东区")
    group = fact("2.9E+9", entity="全公司")
    c = share(east, group)
    assert c.display == Decimal("30.00")
    assert c.target.metric == "营业收入 share of 全公司"
    assert c.target.entity == "华东区"
    with pytest.raises(CaliberMismatchError, match="both are"):
        share(east, fact("1", "2024Q3"))
    with pytest.raises(CaliberMismatchError):
        share(east, fact("2.9E+9", "2025年前三季度", entity="全公司"))
    with pytest.raises(UndefinedGrowthError):
        share(east, fact("0", entity="全公司"))


def test_cagr() -> None:
    c = cagr(fact("121", "FY2024"), fact("100", "FY2022"))
    assert c.display == Decimal("10.00")
    assert abs(c.result - Decimal("0.1")) < Decimal("1E-40")
    one_year = cagr(fact("8.7E+8", "2025Q3"), fact("874320000", "2024Q3"))
    assert one_year.result == yoy(fact("8.7E+8", "2025Q3"), fact("874320000", "2024Q3")).result
    assert cagr(fact("0", "FY2024"), fact("100", "FY2020")).result == -1
    with pytest.raises(UndefinedGrowthError, match="end value"):
        cagr(fact("-1", "FY2024"), fact("100", "FY2020"))
    with pytest.raises(CaliberMismatchError, match="whole number of years"):
        cagr(fact("1", "2025Q3"), fact("1", "2024Q2"))
    with pytest.raises(CaliberMismatchError):
        cagr(fact("1", "FY2020"), fact("1", "FY2024"))  # earlier one first


def test_pp_change() -> None:
    now = fact("0.253", "FY2024", metric="毛利率", dimension="RATIO")
    before = fact("0.248", "FY2023", metric="毛利率", dimension="RATIO")
    c = pp_change(now, before)
    assert c.result == Decimal("0.005")
    assert c.display == Decimal("0.50")
    with pytest.raises(DimensionMismatchError, match="not 'RATIO'"):
        pp_change(fact("1", "FY2024"), fact("1", "FY2023"))
    with pytest.raises(CaliberMismatchError):
        pp_change(now, fact("0.2", "2024H1", metric="毛利率", dimension="RATIO"))


def test_growth_result_names_its_metric() -> None:
    c = yoy(fact("110", "2025Q3"), fact("100", "2024Q3"), metric="营业收入同比增长率")
    assert c.target.metric == "营业收入同比增长率"
    assert c.replay() == c


# -- rounding ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "value", "expected"),
    [
        ("ROUND_HALF_UP@2", "12.345", "12.35"),
        ("ROUND_HALF_UP@1", "12.345", "12.3"),  # once; never 12.35 -> 12.4
        ("ROUND_HALF_EVEN@2", "12.345", "12.34"),
        ("ROUND_HALF_UP@2%", "-0.0049409", "-0.49"),
        ("ROUND_HALF_UP@2亿", "874320000", "8.74"),
        ("ROUND_HALF_UP@1万", "87432", "8.7"),
        ("ROUND_DOWN@0million", "303999999", "303"),
        ("ROUND_HALF_UP@2billion", "1744432000", "1.74"),
        ("ROUND_HALF_UP@0", "2.5", "3"),
    ],
)
def test_rounding_rules(rule: str, value: str, expected: str) -> None:
    rounding = Rounding.parse(rule)
    assert rounding.rule == rule
    result = rounding.apply(Decimal(value))
    assert str(result) == expected


def test_rounding_once_in_a_computation() -> None:
    # exact yoy 0.12345 -> 12.345 %; one rounding to one place gives 12.3 %.
    c = yoy(fact("112345", "2025Q3"), fact("100000", "2024Q3"), rounding="ROUND_HALF_UP@1%")
    assert c.result == Decimal("0.12345")
    assert c.display == Decimal("12.3")


@pytest.mark.parametrize(
    "bad", ["", "HALF_UP@2", "ROUND_HALF_UP", "ROUND_SIDEWAYS@2", "ROUND_HALF_UP@2kg", 2]
)
def test_bad_rounding_rules(bad: Any) -> None:
    with pytest.raises(InvalidInputError):
        Rounding.parse(bad)


def test_bad_rounding_fields() -> None:
    with pytest.raises(InvalidInputError):
        Rounding(-1)
    with pytest.raises(InvalidInputError):
        Rounding(21)
    with pytest.raises(InvalidInputError):
        Rounding(True)
    with pytest.raises(InvalidInputError):
        Rounding(2, mode="half up")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        Rounding(2, unit="kg")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        yoy(fact("1", "2025Q3"), fact("1", "2024Q3"), rounding=2)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="float"):
        Rounding(2).apply(0.1)  # type: ignore[arg-type]
    # issue 27: a huge amount rounds to many places exactly; only a runaway value is refused
    assert Rounding(20).apply(Decimal("1E+40")) == Decimal("1E+40")
    with pytest.raises(InvalidInputError, match="too many digits"):
        Rounding(20).apply(Decimal("1E+2000"))


# -- the caller's decimal context -------------------------------------------------


def _hostile_context() -> decimal.Context:
    return decimal.Context(
        prec=3,
        rounding=decimal.ROUND_FLOOR,
        traps=[decimal.Inexact, decimal.Rounded, decimal.InvalidOperation],
    )


def _state(context: decimal.Context) -> tuple[Any, ...]:
    return (
        context.prec,
        context.rounding,
        context.Emin,
        context.Emax,
        tuple(sorted((s.__name__, v) for s, v in context.flags.items())),
        tuple(sorted((s.__name__, v) for s, v in context.traps.items())),
    )


ALL_OPERATIONS: list[Callable[[Fact, Fact], Computation]] = [
    lambda a, b: add(a, b, entity="合计"),
    sub,
    yoy,
    qoq,
    lambda a, b: ratio(a, b, metric="比率"),
    share,
    cagr,
    pp_change,
]


def test_caller_context_untouched_by_success_and_failure() -> None:
    with decimal.localcontext(_hostile_context()) as context:
        before = _state(context)
        c = yoy(fact("8.7E+8", "2025Q3"), fact("874320000", "2024Q3"))
        c.replay()
        Computation.from_json(c.to_json())
        with pytest.raises(UndefinedGrowthError):
            yoy(fact("1", "2025Q3"), fact("0", "2024Q3"))
        add(fact("1E+40", entity="A"), fact("1E-20", entity="B"), entity="T")  # exact, wide
        with pytest.raises(InvalidInputError):
            Rounding(2).apply(Decimal("1E+2000"))
        assert decimal.getcontext() is context
        assert _state(context) == before


related_pairs = st.tuples(
    facts(caliber=calibers(period=periods(kinds=("quarter", "ytd", "year")))),
    facts(caliber=calibers(period=periods(kinds=("quarter", "ytd", "year")))),
)


@given(pair=related_pairs, index=st.integers(0, len(ALL_OPERATIONS) - 1))
def test_context_unchanged_after_every_operation(pair: tuple[Fact, Fact], index: int) -> None:
    operation = ALL_OPERATIONS[index]
    with decimal.localcontext(_hostile_context()) as context:
        before = _state(context)
        with contextlib.suppress(FincalcError):
            operation(*pair)
        assert decimal.getcontext() is context
        assert _state(context) == before


# -- properties ----------------------------------------------------------------

money = amounts(min_value=-(10**15), max_value=10**15, places=4)
positive = amounts(min_value=1, max_value=10**15, places=4)


@given(values=st.lists(money, min_size=2, max_size=5), data=st.data())
def test_add_is_commutative_exactly(values: list[Decimal], data: st.DataObject) -> None:
    parts = [fact(str(v), entity=f"E{i}") for i, v in enumerate(values)]
    order = data.draw(st.permutations(parts))
    assert add(*order, entity="T").result == add(*parts, entity="T").result
    assert add(*parts, entity="T").result == exact(lambda: sum(values, Decimal(0)))


@given(a=money, b=money, c=money)
def test_add_is_associative_exactly(a: Decimal, b: Decimal, c: Decimal) -> None:
    fa, fb, fc = (fact(str(v), entity=e) for v, e in ((a, "A"), (b, "B"), (c, "C")))
    left = add(add(fa, fb, entity="A+B").as_fact(), fc, entity="T").result
    right = add(fa, add(fb, fc, entity="B+C").as_fact(), entity="T").result
    assert left == right == add(fa, fb, fc, entity="T").result


@given(values=st.lists(money, min_size=4, max_size=4), data=st.data())
def test_add_over_periods_is_order_independent(values: list[Decimal], data: st.DataObject) -> None:
    quarters = [fact(str(v), f"2025Q{i}") for i, v in enumerate(values, start=1)]
    shuffled = data.draw(st.permutations(quarters))
    forward, backward = add(*quarters), add(*shuffled)
    assert forward.result == backward.result
    assert forward.fingerprint == backward.fingerprint


@given(x=facts(positive=True))
def test_yoy_of_equal_values_is_zero(x: Fact) -> None:
    prior = Fact(x.quantity, x.caliber.replace(period=x.caliber.period.shift(years=-1)), x.evidence)
    assert yoy(x, prior).result == 0


@given(x=facts(values=amounts().filter(bool)))
def test_ratio_of_itself_is_one(x: Fact) -> None:
    assert ratio(x, x, metric="self").result == 1


def _computations() -> st.SearchStrategy[Computation]:
    def rules(units: list[str]) -> st.SearchStrategy[Rounding]:
        return st.builds(
            Rounding,
            st.integers(0, 6),
            st.sampled_from(["ROUND_HALF_UP", "ROUND_HALF_EVEN", "ROUND_DOWN", "ROUND_CEILING"]),
            st.sampled_from(units),
        )

    amount_rules = rules(["base", "万", "亿", "million"])
    ratio_rules = rules(["base", "%"])

    @st.composite
    def build(draw: st.DrawFn) -> Computation:
        quarter = draw(periods(kinds=("quarter",), max_year=2029))
        base = draw(calibers(period=st.just(quarter)))
        value, other = draw(money), draw(positive)
        a = fact(str(value), quarter, metric=base.metric, entity=base.entity, tax=base.tax)
        prior = fact(str(other), quarter.shift(years=-1), metric=base.metric, entity=base.entity)
        prior = Fact(prior.quantity, base.replace(period=quarter.shift(years=-1)), prior.evidence)
        later = Fact(a.quantity, base.replace(period=quarter.shift(quarters=1)), a.evidence)
        peer = Fact(prior.quantity, base.replace(entity=base.entity + " peer"), prior.evidence)
        ratio_fact = Fact(a.quantity, base.replace(metric=base.metric + " 2"), prior.evidence)
        kind = draw(st.sampled_from(["add", "sub", "yoy", "qoq", "ratio", "share", "cagr"]))
        rule = draw(amount_rules if kind in ("add", "sub") else ratio_rules)
        if kind == "add":
            return add(a, later, rounding=rule)
        if kind == "sub":
            return sub(a, peer, rounding=rule)
        if kind == "yoy":
            return yoy(a, prior, rounding=rule)
        if kind == "qoq":
            return qoq(later, Fact(prior.quantity, base, prior.evidence), rounding=rule)
        if kind == "ratio":
            # a negative over a positive figure needs its sign convention declared (#14)
            return ratio(
                ratio_fact,
                Fact(peer.quantity, base, peer.evidence),
                metric="r",
                rounding=rule,
                signs="as_written" if value < 0 else None,
            )
        if kind == "share":  # a part no larger than the whole (a negative part is allowed)
            part = a if value <= other else Fact(prior.quantity, base, a.evidence)
            return share(part, peer, rounding=rule)
        grown = Fact(Quantity(abs(value), "CNY"), base, a.evidence)
        return cagr(grown, prior, rounding=rule)

    return build()


@given(c=_computations())
def test_every_computation_round_trips_and_replays(c: Computation) -> None:
    again = Computation.from_json(c.to_json())
    assert again == c
    assert again.result.as_tuple() == c.result.as_tuple()
    assert again.display.as_tuple() == c.display.as_tuple()
    assert [f.value.as_tuple() for f in again.inputs] == [f.value.as_tuple() for f in c.inputs]
    assert again.replay() == c
    assert again.fingerprint == c.fingerprint


@given(c=_computations())
def test_display_is_the_exact_result_rounded_once(c: Computation) -> None:
    power = {"base": 0, "%": 2, "万": -4, "亿": -8, "million": -6}[c.rounding.unit]
    with decimal.localcontext(decimal.Context(prec=60)):
        once = c.result.scaleb(power).quantize(
            Decimal(1).scaleb(-c.rounding.places), rounding=c.rounding.mode
        )
    assert c.display == once
    assert c.display == c.rounding.apply(c.result)


def test_permutations_of_entity_totals_share_a_fingerprint() -> None:
    parts = [fact(str(i), entity=f"E{i}") for i in range(4)]
    prints = {add(*order, entity="T").fingerprint for order in itertools.permutations(parts)}
    assert len(prints) == 1


@pytest.mark.parametrize("dimension", ["RATIO", "MULTIPLE"])
def test_add_refuses_ratios_and_multiples(dimension: str) -> None:
    from fincalc import DimensionMismatchError

    a = Fact.build(
        "0.3",
        metric="毛利率",
        entity="华东区",
        period="2025Q3",
        evidence_id="a",
        dimension=dimension,
    )
    b = Fact.build(
        "0.2",
        metric="毛利率",
        entity="华南区",
        period="2025Q3",
        evidence_id="b",
        dimension=dimension,
    )
    with pytest.raises(DimensionMismatchError, match="do not sum"):
        add(a, b, entity="华东+华南")


def test_share_totals_display_whole_shares() -> None:
    from fincalc import render

    a = Fact.build(
        "1256000000",
        metric="总股本",
        entity="A股",
        period="2024-12-31",
        evidence_id="a",
        dimension="SHARES",
    )
    b = Fact.build(
        "300000000",
        metric="总股本",
        entity="H股",
        period="2024-12-31",
        evidence_id="b",
        dimension="SHARES",
    )
    total = add(a, b, entity="公司")
    assert total.rounding.rule == "ROUND_HALF_UP@0"
    assert total.display_text == "1556000000"
    assert "15.56亿股" in render(total)


# -- reviewer defects: wrong numbers that were accepted ------------------------------


@pytest.mark.parametrize(
    ("top", "bottom", "expected"),
    [
        ("CNY", "SHARES", "CNY_PER_SHARES"),  # 每股收益
        ("USD", "COUNT", "USD_PER_COUNT"),  # revenue per employee
        ("SHARES", "COUNT", "SHARES_PER_COUNT"),
        ("CNY", "CNY", "RATIO"),
        ("RATIO", "RATIO", "RATIO"),
    ],
)
def test_ratio_allows_equal_dimensions_and_per_unit_figures(
    top: str, bottom: str, expected: str
) -> None:
    numerator = fact("120", "FY2024", metric="净利润", dimension=top)
    denominator = fact("400", "FY2024", metric="总股本", dimension=bottom)
    assert ratio(numerator, denominator, metric="r").target.dimension == expected


@pytest.mark.parametrize(
    ("top", "bottom", "match"),
    [
        ("CNY", "USD", "no implicit FX"),  # reviewer: 营业收入 CNY / 营业成本 USD -> 7.14
        ("USD", "HKD", "no implicit FX"),
        ("RATIO", "CNY", "ratio or multiple"),
        ("CNY", "RATIO", "ratio or multiple"),
        ("MULTIPLE", "SHARES", "ratio or multiple"),
        ("SHARES", "CNY", "per-unit figure"),
    ],
)
def test_ratio_refuses_mixed_currencies_and_ratio_operands(
    top: str, bottom: str, match: str
) -> None:
    numerator = fact("100", "FY2024", metric="营业收入", dimension=top)
    denominator = fact("14", "FY2024", metric="营业成本", dimension=bottom)
    with pytest.raises(DimensionMismatchError, match=match) as info:
        ratio(numerator, denominator, metric="毛利率")
    assert (info.value.left, info.value.right) == (top, bottom)


def test_share_refuses_ratios_and_parts_bigger_than_the_whole() -> None:
    margins = [
        fact("0.3", metric="毛利率", entity=e, dimension=d)
        for e, d in (("华东区", "RATIO"), ("全公司", "RATIO"))
    ]
    with pytest.raises(DimensionMismatchError, match="not a part of a whole"):
        share(*margins)  # reviewer: 0.3 / 0.2 -> 150%
    multiples = [fact("12", entity=e, metric="市盈率", dimension="MULTIPLE") for e in "AB"]
    with pytest.raises(DimensionMismatchError):
        share(*multiples)
    east, south = fact("8.7E+8", entity="华东区"), fact("6.12E+8", entity="华南区")
    with pytest.raises(CaliberMismatchError, match="parent total") as info:
        share(east, south)  # reviewer: two sibling regions -> 142%
    assert info.value.differing == ("entity",)
    assert share(south, fact("6.12E+8", entity="全公司")).display == Decimal("100.00")
    # a loss-making segment may be negative: no "bigger than the whole" check then
    loss = share(fact("-5E+7", entity="华北区"), fact("2.9E+9", entity="全公司"))
    assert loss.display == Decimal("-1.72")


@pytest.mark.parametrize(
    ("build", "rule"),
    [
        (
            lambda r: add(
                fact("8.7E+8", entity="A"), fact("6.12E+8", entity="B"), entity="T", rounding=r
            ),
            "ROUND_HALF_UP@2%",
        ),
        (lambda r: sub(fact("9", "2025Q3"), fact("8", "2024Q3"), rounding=r), "ROUND_HALF_UP@1%"),
        (
            lambda r: yoy(fact("900", "2025Q3"), fact("800", "2024Q3"), rounding=r),
            "ROUND_HALF_UP@2亿",
        ),
        (
            lambda r: qoq(fact("900", "2025Q3"), fact("800", "2025Q2"), rounding=r),
            "ROUND_HALF_UP@1million",
        ),
        (
            lambda r: share(fact("1", entity="A"), fact("2", entity="B"), rounding=r),
            "ROUND_HALF_UP@0万",
        ),
        (
            lambda r: cagr(fact("121", "FY2024"), fact("100", "FY2022"), rounding=r),
            "ROUND_HALF_UP@2billion",
        ),
        (
            lambda r: ratio(
                fact("1.2E+8", metric="净利润"),
                fact("4E+8", metric="总股本", dimension="SHARES"),
                metric="每股收益",
                rounding=r,
            ),
            "ROUND_HALF_UP@2%",
        ),
        (
            lambda r: ratio(
                fact("1.2E+8", metric="净利润"),
                fact("4E+8", metric="总股本", dimension="SHARES"),
                metric="每股收益",
                rounding=r,
            ),
            "ROUND_HALF_UP@2万",
        ),
        (
            lambda r: pp_change(
                fact("0.253", "FY2024", metric="毛利率", dimension="RATIO"),
                fact("0.248", "FY2023", metric="毛利率", dimension="RATIO"),
                rounding=r,
            ),
            "ROUND_HALF_UP@2亿",
        ),
    ],
)
def test_rounding_unit_must_fit_the_result_dimension(
    build: Callable[[str], Computation], rule: str
) -> None:
    with pytest.raises(InvalidInputError, match="does not fit the result's dimension") as info:
        build(rule)
    assert info.value.value == rule
    assert rule in str(info.value)


def test_rounding_units_that_fit_are_accepted() -> None:
    total = add(
        fact("8.7E+8", entity="A"),
        fact("6.12E+8", entity="B"),
        entity="T",
        rounding="ROUND_HALF_UP@2亿",
    )
    assert total.display == Decimal("14.82")
    shares = add(
        fact("4E+8", entity="A", dimension="SHARES"),
        fact("1E+8", entity="B", dimension="SHARES"),
        entity="T",
        rounding="ROUND_HALF_UP@1亿",
    )
    assert shares.display == Decimal("5.0")
    growth = yoy(
        fact("900", "2025Q3"),
        fact("800", "2024Q3"),
        rounding="ROUND_HALF_UP@4",
    )
    assert growth.display == Decimal("0.1250")  # a base-unit ratio: allowed, rendered as %


def test_changes_need_the_later_period_first() -> None:
    now = fact("0.253", "FY2024", metric="毛利率", dimension="RATIO")
    before = fact("0.248", "FY2023", metric="毛利率", dimension="RATIO")
    with pytest.raises(CaliberMismatchError, match="pass the later figure first"):
        pp_change(before, now)
    with pytest.raises(CaliberMismatchError, match=r"sub\(2025Q3, 2025Q2\)"):
        sub(fact("800", "2025Q2"), fact("900", "2025Q3"))
    # adjacent and a year apart are both fine
    assert sub(fact("900", "2025Q3"), fact("800", "2025Q2")).result == 100
    assert pp_change(now, before).display == Decimal("0.50")


@pytest.mark.parametrize("operation", [yoy, qoq, cagr])
def test_growth_of_a_ratio_points_to_pp_change(operation: Callable[..., Computation]) -> None:
    periods_for = {yoy: ("FY2024", "FY2023"), qoq: ("2025Q3", "2025Q2"), cagr: ("FY2024", "FY2022")}
    later, earlier = periods_for[operation]
    now = fact("0.253", later, metric="毛利率", dimension="RATIO")
    before = fact("0.248", earlier, metric="毛利率", dimension="RATIO")
    with pytest.raises(DimensionMismatchError, match=r"pp_change\(current, prior\)"):
        operation(now, before)  # reviewer: 毛利率同比增长2.02%


def test_every_operation_records_its_calendar() -> None:
    october = FiscalCalendar.named("october")

    def f(value: str, period: str, **kwargs: Any) -> Fact:
        return fact(value, period, calendar=october, dimension="USD", **kwargs)

    records = [
        yoy(f("391035", "FY2024"), f("383285", "FY2023"), calendar=october),
        qoq(f("9", "Q2 FY2024"), f("8", "Q1 FY2024"), calendar=october),
        cagr(f("121", "FY2024"), f("100", "FY2022"), calendar=october),
        ratio(
            f("1", "FY2024", metric="净利润"), f("4", "FY2024"), metric="净利率", calendar=october
        ),
        share(f("1", "FY2024"), f("4", "FY2024", entity="全公司"), calendar=october),
        sub(f("9", "FY2024"), f("8", "FY2023"), calendar=october),
        pp_change(
            fact("0.25", "FY2024", metric="毛利率", dimension="RATIO", calendar=october),
            fact("0.2", "FY2023", metric="毛利率", dimension="RATIO", calendar=october),
            calendar=october,
        ),
    ]
    for record in records:
        assert record.calendar == october, record.operation
        again = Computation.from_json(record.to_json())
        assert again.calendar == october
        assert again.replay() == record
    plain = yoy(f("391035", "FY2024"), f("383285", "FY2023"))
    assert plain.calendar is None
    assert plain.fingerprint != records[0].fingerprint


# -- issue 14: averages, analytics, scale, signs, dimensions beyond money ----------


def test_average_of_two_balances_is_the_average_balance_over_the_year_between() -> None:
    opening = fact("4.1E+8", "2023-12-31", metric="存货")
    closing = fact("4.5E+8", "2024-12-31", metric="存货")
    c = average(closing, opening)
    assert c.result == Decimal("430000000")
    assert c.target.describe() == "存货 average | 华东区 | FY2024 | single_period | CNY | na"
    assert "average balance over FY2024" in c.note
    half = average(opening, fact("4.3E+8", "2024-06-30", metric="存货"))
    assert half.target.period.describe() == "2024H1"
    assert half.target.basis is Basis.CUMULATIVE  # pairs with the H1 (上半年) flow
    quarter_ends = [
        fact(v, d, metric="存货")
        for v, d in [("1", "2023-12-31"), ("2", "2024-03-31"), ("3", "2024-06-30")]
    ]
    assert average(*quarter_ends).result == 2


def test_average_over_periods_is_a_figure_per_period() -> None:
    years = [fact(v, p) for v, p in [("100", "FY2022"), ("110", "FY2023"), ("130", "FY2024")]]
    c = average(*years, metric="三年平均营业收入")
    assert c.display == Decimal("113.33")
    assert c.target.metric == "三年平均营业收入"
    assert (c.target.period.start.isoformat(), c.target.period.end.isoformat()) == (
        "2022-01-01",
        "2025-01-01",
    )
    assert average(*years).target.metric == "营业收入 average per year"


@pytest.mark.parametrize(
    ("facts_", "error", "match"),
    [
        (
            lambda: [fact("1", "FY2022"), fact("2", "FY2024")],
            CaliberMismatchError,
            "nothing covers",
        ),
        (lambda: [fact("1", "FY2024"), fact("2", "2024Q4")], CaliberMismatchError, "length"),
        (
            lambda: [fact("1", "2024-12-31"), fact("2", "FY2024")],
            CaliberMismatchError,
            "not both",
        ),
        (
            lambda: [fact("1", "FY2024"), fact("2", "FY2024", entity="B")],
            CaliberMismatchError,
            "entity differs",
        ),
        (lambda: [fact("1", "FY2024"), fact("1", "FY2024")], DuplicateFactError, "twice"),
        (lambda: [fact("1", "FY2024")], InvalidInputError, "2-400"),
        (
            lambda: [fact("1", "FY2024"), fact("2", "FY2023", dimension="USD")],
            DimensionMismatchError,
            "dimensions differ",
        ),
    ],
    ids=["gap", "unequal-periods", "balance-and-flow", "two-entities", "twice", "one", "fx"],
)
def test_average_refusals(
    facts_: Callable[[], list[Fact]], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        average(*facts_())


def test_ratio_kinds_pair_a_flow_with_its_balance() -> None:
    revenue = fact("1.5E+9", "FY2024")
    closing = fact("8.67E+8", "2024-12-31", metric="总资产")
    opening = fact("8E+8", "2023-12-31", metric="总资产")
    turnover = ratio(revenue, closing, metric="总资产周转率", kind="turnover")
    assert (turnover.display_text, turnover.target.dimension) == ("1.73", "MULTIPLE")
    assert "closing balance of FY2024 (2024-12-31)" in turnover.note
    with pytest.raises(CaliberMismatchError, match="is the opening balance of FY2024"):
        ratio(revenue, opening, metric="x", kind="turnover")  # last year's closing column
    roa = ratio(fact("1.2E+8", "FY2024", metric="净利润"), closing, metric="ROA", kind="return")
    assert (roa.display_text, roa.target.dimension) == ("13.84%", "RATIO")
    dso = ratio(fact("4.1E+8", "2024-12-31", metric="应收账款"), revenue, metric="DSO", kind="days")
    assert dso.target.dimension == "DAYS"
    assert dso.result == exact(lambda: Decimal("4.1E+8") * 365 / Decimal("1.5E+9"))
    assert dso.factor == 365
    assert dso.factor_meaning is not None
    assert dso.factor_meaning.startswith("365 days")
    assert ratio(revenue, closing, metric="x", kind="turnover").kind == "turnover"
    coverage = ratio(
        revenue, fact("1E+8", "FY2024", metric="利息费用"), metric="x", kind="multiple"
    )
    assert coverage.display_text == "15.00"


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda r, b: ratio(
                r, fact("8E+8", "2024-06-30", metric="总资产"), metric="x", kind="turnover"
            ),
            CaliberMismatchError,
            "not the closing balance",
        ),
        (
            lambda r, b: ratio(b, r, metric="x", kind="turnover"),
            CaliberMismatchError,
            "is a balance at 2024-12-31",
        ),
        (
            lambda r, b: ratio(
                r, fact("8E+8", "2024-12-31", entity="B"), metric="x", kind="return"
            ),
            CaliberMismatchError,
            "entity differs",
        ),
        (
            lambda r, b: ratio(
                r, fact("8E+8", "2024-12-31", dimension="USD"), metric="x", kind="return"
            ),
            DimensionMismatchError,
            "dimensions differ",
        ),
        (lambda r, b: ratio(r, b, metric="x", kind="speed"), InvalidInputError, "not an analytic"),
        (
            lambda r, b: ratio(r, b, metric="x", kind="turnover", days=365),
            InvalidInputError,
            "days=",
        ),
        (
            lambda r, b: ratio(b, fact("3E+8", "2024Q4"), metric="x", kind="days"),
            InvalidInputError,
            "days=90",
        ),
        (
            lambda r, b: ratio(
                r, fact("0", "2024-12-31", metric="总资产"), metric="x", kind="return"
            ),
            UndefinedGrowthError,
            "not meaningful",
        ),
        (
            lambda r, b: ratio(
                fact("-1E+8", "FY2024", metric="净利润"), b, metric="ROA", kind="return"
            ),
            SignConventionError,
            "signs='as_written'",
        ),
        (
            lambda r, b: ratio(r, b, metric="x", kind="days", days=0.5),
            InvalidInputError,
            "float",
        ),
    ],
    ids=[
        "balance-of-another-date",
        "flow-over-flow-reversed",
        "entity",
        "currency",
        "unknown-kind",
        "days-without-days-kind",
        "quarter-without-days",
        "zero-base",
        "loss-undeclared",
        "float-days",
    ],
)
def test_ratio_kind_refusals(
    call: Callable[[Fact, Fact], Computation], error: type[Exception], match: str
) -> None:
    revenue = fact("1.5E+9", "FY2024")
    balance = fact("8.67E+8", "2024-12-31", metric="总资产")
    with pytest.raises(error, match=match):
        call(revenue, balance)


def test_a_loss_gives_a_negative_return_once_declared() -> None:
    loss = fact("-1E+8", "FY2024", metric="净利润")
    assets = fact("1E+9", "2024-12-31", metric="总资产")
    c = ratio(loss, assets, metric="ROA", kind="return", signs="as_written")
    assert c.display_text == "-10.00%"
    assert c.signs == ("as_written", "as_written")
    margin = ratio(loss, fact("2E+9", "FY2024"), metric="净利率", signs="as_written")
    assert margin.display_text == "-5.00%"
    with pytest.raises(SignConventionError):
        ratio(loss, fact("2E+9", "FY2024"), metric="净利率")


@pytest.mark.parametrize(
    ("a", "b", "metric", "refused"),
    [
        ("100", "-40", "自由现金流", True),  # a bracketed outflow subtracted
        ("-100", "40", "自由现金流", True),  # a negative minuend across metrics
        ("100", "40", "自由现金流", False),
        (None, None, None, False),
    ],
)
def test_sub_across_metrics_refuses_undeclared_negatives(
    a: str | None, b: str | None, metric: str | None, refused: bool
) -> None:
    if a is None or b is None or metric is None:
        # across periods, one negative figure is unambiguous (a loss narrowed)
        assert sub(fact("-30", "FY2024"), fact("50", "FY2023")).result == -80
        with pytest.raises(SignConventionError, match="both figures are negative"):
            sub(fact("-480", "FY2024"), fact("-460", "FY2023"))
        magnitude = sub(fact("-480", "FY2024"), fact("-460", "FY2023"), signs="magnitude")
        assert magnitude.result == 20  # capex rose by 20
        # the remainder of two year-to-date figures keeps the statement's convention
        assert sub(fact("-90", "2025年前三季度"), fact("-50", "2025年上半年")).result == -40
        return
    left, right = fact(a, "FY2024", metric="经营现金流"), fact(b, "FY2024", metric="资本开支")
    if refused:
        with pytest.raises(SignConventionError):
            sub(left, right, metric=metric)
    else:
        assert sub(left, right, metric=metric).result == 60


@pytest.mark.parametrize("signs", ["both", ("as_written",), ("as_written", "bracketed"), 1])
def test_bad_sign_conventions_are_input_errors(signs: Any) -> None:
    with pytest.raises(InvalidInputError, match="sign convention"):
        sub(fact("1", "FY2024"), fact("-2", "FY2024", metric="b"), metric="c", signs=signs)


def test_add_across_metrics_is_a_declared_formula() -> None:
    oi = fact("1.2E+9", "FY2024", metric="营业利润")
    da = fact("3E+8", "FY2024", metric="折旧与摊销")
    c = add(oi, da, metric="EBITDA")
    assert (c.operation, c.result, c.target.metric) == ("combine", Decimal("1.5E+9"), "EBITDA")
    assert c.formula is not None
    assert c.formula.numerator == (("+", "营业利润"), ("+", "折旧与摊销"))
    assert add(da, oi, metric="EBITDA").fingerprint == c.fingerprint
    with pytest.raises(SignConventionError, match="Term"):
        add(oi, fact("-3E+8", "FY2024", metric="折旧与摊销"), metric="EBITDA")
    fixed = combine(
        Term(oi),
        Term(fact("-3E+8", "FY2024", metric="折旧与摊销"), convention="magnitude"),
        metric="EBITDA",
    )
    assert fixed.result == Decimal("1.5E+9")
    assert (
        add(
            *[fact(v, f"2025Q{i}") for i, v in ((1, "1"), (2, "2"))], metric="上半年收入"
        ).target.metric
        == "上半年收入"
    )


def test_combine_signs_conventions_and_refusals() -> None:
    ni = fact("9.52E+8", "FY2024", metric="净利润")
    interest = fact("-4.1E+7", "FY2024", metric="利息费用", raw="(4,100万)")
    c = combine(Term(ni), Term(interest, "+", convention="magnitude"), metric="息前利润")
    assert c.result == Decimal("9.93E+8")
    assert c.expression == "a + |b|"
    minus = combine(Term(ni), Term(interest, "-", convention="as_written"), metric="x")
    assert minus.result == Decimal("9.93E+8")
    with pytest.raises(InvalidInputError, match="2-32 terms"):
        combine(Term(ni), metric="x")
    with pytest.raises(InvalidInputError, match="Term"):
        combine(Term(ni), ni, metric="x")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="sign"):
        Term(ni, "*")  # type: ignore[arg-type]
    with pytest.raises(CaliberMismatchError, match="period differs"):
        combine(Term(ni), Term(fact("1", "FY2023", metric="b")), metric="x")
    with pytest.raises(DimensionMismatchError):
        combine(
            Term(fact("1", "FY2024", metric="a", dimension="RATIO")),
            Term(fact("2", "FY2024", metric="b", dimension="RATIO")),
            metric="x",
        )
    with pytest.raises((DuplicateFactError, CaliberConflictError)):
        combine(Term(ni), Term(ni, "-"), metric="x")


def test_scale_records_its_factor_and_meaning() -> None:
    share = fact("0.2573", "FY2024", metric="应收账款占营收比", dimension="RATIO")
    days = scale(
        share, 365, meaning="days in the year", dimension="DAYS", metric="应收账款周转天数"
    )
    assert (days.display_text, days.target.dimension) == ("93.91", "DAYS")
    assert (days.factor, days.factor_meaning) == (Decimal(365), "days in the year")
    annual = scale(fact("9E+8", "2025Q3"), 4, meaning="annualised (× 4)")
    assert annual.target.metric == "营业收入 (annualised (× 4))"
    assert annual.target.period.describe() == "2025Q3"
    barrels = scale(
        fact("1E+6", "FY2024", metric="原油产量", dimension="TONNES"),
        "7.33",
        meaning="barrels per tonne of crude",
        dimension="BARRELS",
    )
    assert barrels.result == Decimal("7330000.00")
    usd = scale(
        fact("7.1884E+8", "FY2024"),
        "0.1391",
        meaning="USD per CNY, PBOC central parity",
        dimension="USD",
    )
    assert usd.target.dimension == "USD"


@pytest.mark.parametrize(
    ("factor", "options", "error", "match"),
    [
        (0, {}, InvalidInputError, "positive"),
        (-1, {}, InvalidInputError, "negate"),
        (1.5, {}, InvalidInputError, "float"),
        (2, {"meaning": ""}, InvalidInputError, "meaning"),
        (2, {"dimension": "TONNES"}, DimensionMismatchError, "not into 'TONNES'"),
        (2, {"dimension": "cny"}, InvalidInputError, "dimension code"),
    ],
)
def test_scale_refusals(
    factor: Any, options: dict[str, Any], error: type[Exception], match: str
) -> None:
    kwargs = {"meaning": "x", **options}
    with pytest.raises(error, match=match):
        scale(fact("1", "FY2024"), factor, **kwargs)


def test_negate_and_abs_change_only_the_sign_convention() -> None:
    capex = fact("-460.8", "FY2024", metric="资本开支", raw="(460.8)")
    assert negate(capex).result == Decimal("460.8")
    assert negate(capex).target == capex.caliber
    assert abs_(capex).result == Decimal("460.8")
    assert abs_(capex).note == "sign convention: magnitude ((460.8) → 460.8 CNY)"
    assert abs_(fact("5", "FY2024")).result == 5
    assert negate(fact("5", "FY2024"), metric="流出").target.metric == "流出"
    chained = sub(
        fact("1234.5", "FY2024", metric="经营现金流"), abs_(capex).as_fact(), metric="FCF"
    )
    assert chained.result == Decimal("773.7")


def test_physical_units_never_add_to_money_and_divide_into_per_unit_figures() -> None:
    coal = fact("5.4E+6", "FY2024", metric="原煤产量", dimension="TONNES")
    cost = fact("2.7E+9", "FY2024", metric="营业成本")
    with pytest.raises(
        DimensionMismatchError, match=r"physical quantity \(tonnes\) and an amount of money \(CNY\)"
    ):
        add(coal, cost, metric="x")
    with pytest.raises(DimensionMismatchError, match="measure different things"):
        sub(coal, cost, metric="x")
    per_tonne = ratio(cost, coal, metric="吨煤成本")
    assert (per_tonne.target.dimension, per_tonne.display_text) == ("CNY_PER_TONNES", "500.00")
    staff = fact("12000", "2024-12-31", metric="员工人数", dimension="PERSONS")
    per_head = ratio(fact("1.5E+9", "FY2024"), staff, metric="人均营收", kind="per_unit")
    assert per_head.target.dimension == "CNY_PER_PERSONS"
    assert "closing balance" in per_head.note
    with pytest.raises(DimensionMismatchError, match="plain ratio"):
        ratio(fact("1", "FY2024"), fact("2", "2024-12-31", metric="y"), metric="x", kind="per_unit")
    households = add(
        fact("1.2E+4", "FY2024", dimension="HOUSEHOLDS", entity="A"),
        fact("3E+3", "FY2024", dimension="HOUSEHOLDS", entity="B"),
        entity="合计",
    )
    assert households.rounding.rule == "ROUND_HALF_UP@0"  # whole households
    tonnes = add(
        coal,
        fact("1E+6", "FY2024", metric="原煤产量", dimension="TONNES", entity="B"),
        entity="T",
        rounding="ROUND_HALF_UP@1万",
    )
    assert tonnes.display_text == "640.0万"
    with pytest.raises(InvalidInputError, match="does not fit"):
        add(
            fact("1", "FY2024", dimension="DAYS", entity="A"),
            fact("2", "FY2024", dimension="DAYS", entity="B"),
            entity="T",
            rounding="ROUND_HALF_UP@1万",
        )


def test_per_unit_figures_do_not_sum() -> None:
    eps = [
        fact(v, f"2025Q{i}", metric="每股收益", dimension="CNY_PER_SHARES")
        for i, v in ((1, "0.1"), (2, "0.2"))
    ]
    with pytest.raises(DimensionMismatchError, match="per-unit figures do not sum"):
        add(*eps)


def test_sub_with_a_bad_calendar_on_nested_year_to_date_is_a_typed_error() -> None:
    nine = fact("2.6E+9", "2025年前三季度")
    half = fact("1.7E+9", "2025年上半年")
    with pytest.raises(InvalidInputError, match="calendar must be a FiscalCalendar"):
        sub(nine, half, calendar="x")  # type: ignore[arg-type]
    for operation in (add, average):
        with pytest.raises(InvalidInputError, match="calendar"):
            operation(fact("1", "2025Q1"), fact("2", "2025Q2"), calendar="x")  # type: ignore[operator]


def test_a_result_beyond_the_record_range_is_refused_not_stored() -> None:
    huge = fact("1E+38", "FY2024", metric="a")
    tiny = fact("1E-3", "FY2024", metric="b")
    with pytest.raises(InvalidInputError, match="outside fincalc's range"):
        ratio(huge, tiny, metric="x")  # 1E+41 as a ratio: the record could not load
    with pytest.raises(InvalidInputError, match="outside fincalc's range"):
        ratio(fact("1E+39", "FY2024", metric="a"), fact("1", "FY2024", metric="b"), metric="x")
    ok = ratio(
        fact("1E+38", "FY2024", metric="a"),
        fact("1", "FY2024", metric="b"),
        metric="x",
        rounding="ROUND_HALF_UP@2",
    )
    assert Computation.from_json(ok.to_json()) == ok


def test_growth_of_a_bracketed_outflow_points_to_its_magnitudes() -> None:
    now, before = (
        fact("-480", "FY2024", metric="资本开支"),
        fact("-460", "FY2023", metric="资本开支"),
    )
    with pytest.raises(UndefinedGrowthError, match=r"yoy\(abs_\(current\)"):
        yoy(now, before)
    with pytest.raises(UndefinedGrowthError, match="compare their magnitudes"):
        change_over(now, before)
    assert yoy(abs_(now).as_fact(), abs_(before).as_fact()).display_text == "4.35%"
    with pytest.raises(UndefinedGrowthError) as info:
        yoy(fact("5", "FY2024"), fact("-5", "FY2023"))  # a loss turned into a profit
    assert "magnitudes" not in str(info.value)


def test_negative_ratios_are_real_negatives_and_need_no_convention() -> None:
    net = fact("-0.05", "FY2024", metric="净利率", dimension="RATIO")
    gross = fact("0.30", "FY2024", metric="毛利率", dimension="RATIO")
    assert sub(gross, net, metric="毛利率与净利率之差").result == Decimal("0.35")
    assert ratio(net, gross, metric="r").display_text == "-16.67%"
    loss_per_share = fact("-0.5", "FY2024", metric="每股收益", dimension="CNY_PER_SHARES")
    dividend = fact("0.2", "FY2024", metric="每股股利", dimension="CNY_PER_SHARES")
    assert ratio(dividend, loss_per_share, metric="x").display_text == "-40.00%"


def test_base_from_growth_refuses_a_change_in_points() -> None:
    amount = fact("5E+10", "FY2024", metric="营业收入")
    for unit, raw in [("个百分点", "0.5个百分点"), ("bps", "50 bps"), ("pp", "0.5 pp")]:
        points = fact("0.005", "FY2024", metric="毛利率变动", dimension="RATIO", unit=unit, raw=raw)
        with pytest.raises(DimensionMismatchError, match="percentage points, not a growth rate"):
            base_from_growth(amount, points)
    rate = fact("0.005", "FY2024", metric="增长率", dimension="RATIO", unit="%", raw="0.5%")
    assert base_from_growth(amount, rate).target.period.describe() == "FY2023"

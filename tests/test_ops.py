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
    UndefinedGrowthError,
    add,
    cagr,
    pp_change,
    qoq,
    ratio,
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


def test_add_beyond_fifty_digits_is_refused() -> None:
    parts = [fact("1E+40", entity="A"), fact("1E-20", entity="B")]
    with pytest.raises(InvalidInputError, match="50 significant digits"):
        add(*parts, entity="T")


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
    with pytest.raises(InvalidInputError, match="too many digits"):
        Rounding(20).apply(Decimal("1E+40"))


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
        with pytest.raises(InvalidInputError):
            add(fact("1E+40", entity="A"), fact("1E-20", entity="B"), entity="T")
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

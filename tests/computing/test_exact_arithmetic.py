"""Sums and differences are exact for any values fincalc accepts (issue 27)."""

from __future__ import annotations

import decimal
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import Fact, InvalidInputError, add, base_from_growth, sub
from fincalc._values.decimals import EXACT_DIGITS, exact_sum

# Any value to_decimal accepts: magnitude 1E-40 .. below 1E+41, up to 60 digits written.
accepted = st.builds(
    lambda digits, exponent, negative: Decimal((int(negative), digits, exponent)),
    st.lists(st.integers(0, 9), min_size=1, max_size=60).map(tuple),
    st.integers(-100, 40),
    st.booleans(),
).filter(lambda d: -40 <= d.adjusted() <= 40)


@given(st.lists(accepted, min_size=1, max_size=12), st.data())
def test_exact_sum_equals_the_rational_sum(values: list[Decimal], data: st.DataObject) -> None:
    signs = data.draw(
        st.lists(st.sampled_from([1, -1]), min_size=len(values), max_size=len(values))
    )
    before = decimal.getcontext().copy()
    total = exact_sum(values, signs)
    assert Fraction(total) == sum(Fraction(v) * s for v, s in zip(values, signs, strict=True))
    after = decimal.getcontext()
    assert (after.prec, after.rounding, after.flags) == (before.prec, before.rounding, before.flags)


@given(accepted, accepted)
def test_sub_of_any_accepted_values_is_exact(a: Decimal, b: Decimal) -> None:
    left = Fact.build(a, metric="营业收入", entity="东区", period="2024", evidence_id="p")
    right = Fact.build(b, metric="营业收入", entity="西区", period="2024", evidence_id="p")
    truth = Fraction(a) - Fraction(b)
    if abs(truth) >= 10**41:
        with pytest.raises(InvalidInputError, match="outside fincalc's range"):
            sub(left, right, entity="东西差", signs="as_written")
        return
    if truth and abs(truth) < Fraction(1, 10**40):
        # a difference finer than any record holds: refused, saying why (never rounded)
        with pytest.raises(InvalidInputError, match="cancel to within 1E-40"):
            sub(left, right, entity="东西差", signs="as_written")
        return
    c = sub(left, right, entity="东西差", signs="as_written")
    assert Fraction(c.result) == truth
    assert c.replay() == c
    both = Fraction(a) + Fraction(b)
    if abs(both) >= 10**41 or (both and abs(both) < Fraction(1, 10**40)):
        with pytest.raises(InvalidInputError, match="outside fincalc's range"):
            add(left, right, entity="合计")
        return
    total = add(left, right, entity="合计")
    assert Fraction(total.result) == both


@pytest.mark.parametrize(
    ("source", "level", "rate", "level2", "rate2"),
    [
        # 统计公报: two regions' 2023 GDP backed out of 2024 growth, then their gap
        ("statistical bulletin (ZH)", "5.4321E+11", "0.052", "6.1E+10", "0.031"),
        # 10-K: two segments' prior sales backed out of stated growth (different magnitudes)
        ("10-K segment note (EN)", "29394000000", "0.0827", "412000000", "-0.153"),
    ],
)
def test_difference_of_backed_out_bases_is_exact(
    source: str, level: str, rate: str, level2: str, rate2: str
) -> None:
    def base(value: str, growth: str, entity: str) -> Fact:
        fact = Fact.build(value, metric="Sales", entity=entity, period="FY2024", evidence_id=source)
        g = Fact.build(
            growth,
            metric="Sales growth",
            entity=entity,
            period="FY2024",
            dimension="RATIO",
            evidence_id=source,
        )
        return base_from_growth(fact, g).as_fact()

    a, b = base(level, rate, "A"), base(level2, rate2, "B")
    gap = sub(a, b, entity="A-B")
    assert Fraction(gap.result) == Fraction(a.value) - Fraction(b.value)
    assert abs(
        Fraction(gap.result)
        - (Fraction(level) / (1 + Fraction(rate)) - Fraction(level2) / (1 + Fraction(rate2)))
    ) < Fraction(1, 10**30)


def test_the_digit_limit_is_far_beyond_real_figures_and_says_so() -> None:
    huge, tiny = Decimal("1E+600"), Decimal("1E-600")  # not values to_decimal accepts
    with pytest.raises(InvalidInputError, match=f"beyond fincalc's limit of {EXACT_DIGITS}"):
        exact_sum([huge, tiny])

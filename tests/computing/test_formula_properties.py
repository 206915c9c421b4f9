"""Properties of the operations issue 14 added: averages, formulas, scale, signs, replay.

Invariants, drawn with Hypothesis (the ``ci`` profile is derandomized):

- the average of equal values is that value, over dates and over periods;
- a formula (``combine``, a registry sum) equals the sum of its signed terms,
  each read under its convention;
- ``scale`` by 1 is the identity; ``negate`` twice is the identity;
- every record of a new operation round-trips through JSON, replays exactly
  and keeps its fingerprint; the fingerprint of ``average`` and ``combine``
  does not depend on the order of their inputs;
- the caller's decimal context is untouched, and nothing but a
  ``FincalcError`` escapes, whatever the inputs.
"""

from __future__ import annotations

import decimal
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from fincalc import (
    Computation,
    Fact,
    FincalcError,
    Period,
    Quantity,
    Term,
    abs_,
    average,
    base_from_growth,
    change_over,
    combine,
    formula,
    negate,
    ratio,
    scale,
)
from fincalc.testing import amounts, calibers, facts, periods

MONEY = amounts(min_value=-(10**9), max_value=10**9, places=2)
POSITIVE = amounts(min_value=0, max_value=10**9, places=2, positive=True)
CONVENTIONS = st.sampled_from([None, "as_written", "magnitude"])


def _at(template: Fact, value: Decimal, period: Period, metric: str | None = None) -> Fact:
    caliber = template.caliber.replace(
        period=period,
        basis="instant" if period.is_instant else template.caliber.basis.value,
        metric=metric or template.caliber.metric,
    )
    return Fact(
        Quantity(value, caliber.dimension, raw=format(value, "f")), caliber, template.evidence
    )


def _year_ends(first: int, count: int) -> list[Period]:
    return [Period.instant(date(first + i, 12, 31)) for i in range(count)]


def _quarters(year: int, count: int) -> list[Period]:
    return [Period.quarter(year + (i // 4), i % 4 + 1) for i in range(count)]


base_facts = facts(caliber=calibers(period=periods(kinds=("year",))))


@given(template=base_facts, value=MONEY, count=st.integers(2, 6), over_dates=st.booleans())
def test_average_of_equal_values_is_that_value(
    template: Fact, value: Decimal, count: int, over_dates: bool
) -> None:
    spans = _year_ends(2001, count) if over_dates else _quarters(2001, count)
    c = average(*[_at(template, value, p) for p in spans])
    assert c.result == value


@st.composite
def signed_terms(draw: st.DrawFn) -> list[Term]:
    template = draw(base_facts)
    count = draw(st.integers(2, 6))
    terms = []
    for index in range(count):
        convention = draw(CONVENTIONS)
        value = draw(POSITIVE if convention is None else MONEY)
        fact = _at(template, value, template.caliber.period, metric=f"term {index}")
        terms.append(Term(fact, draw(st.sampled_from(["+", "-"])), convention))
    return terms


@given(terms=signed_terms())
def test_a_formula_equals_the_sum_of_its_signed_terms(terms: list[Term]) -> None:
    c = combine(*terms, metric="result")
    expected = Decimal(0)
    with decimal.localcontext(decimal.Context(prec=60)):
        for term in terms:
            value = abs(term.fact.value) if term.convention == "magnitude" else term.fact.value
            expected += value if term.sign == "+" else -value
    assert c.result == expected
    shuffled = combine(*reversed(terms), metric="result")
    assert shuffled.fingerprint == c.fingerprint
    assert shuffled.result == c.result


@given(ocf=MONEY, capex=MONEY, template=base_facts)
def test_registry_free_cash_flow_is_ocf_minus_the_capex_magnitude(
    ocf: Decimal, capex: Decimal, template: Fact
) -> None:
    period = template.caliber.period
    c = formula(
        "free_cash_flow",
        {
            "operating_cash_flow": _at(template, ocf, period, metric="ocf"),
            "capital_expenditure": _at(template, capex, period, metric="capex"),
        },
    )
    assert c.result == ocf - abs(capex)


@given(fact=facts())
def test_scale_by_one_is_the_identity(fact: Fact) -> None:
    c = scale(fact, 1, meaning="identity")
    assert c.result == fact.value
    assert c.target.replace(metric=fact.caliber.metric) == fact.caliber
    assert negate(negate(fact).as_fact()).result == fact.value
    assert abs_(fact).result == abs(fact.value)


@st.composite
def new_computations(draw: st.DrawFn) -> Computation:
    """A record of one of the new operations, over drawn values."""
    template = draw(base_facts)
    period = template.caliber.period
    value, other = draw(MONEY), draw(POSITIVE)
    kind = draw(
        st.sampled_from(
            [
                "average",
                "combine",
                "formula",
                "scale",
                "negate",
                "abs",
                "turnover",
                "days",
                "change_over",
                "base_from_growth",
                "ratio_signs",
                "per_unit",
            ]
        )
    )
    if kind == "average":
        return average(*[_at(template, draw(MONEY), p) for p in _year_ends(2010, 3)])
    if kind == "combine":
        return combine(*draw(signed_terms()), metric="x")
    if kind == "formula":
        return formula(
            "working capital",
            {
                "current_assets": _at(template, value, Period.instant(period.last_day), "ca"),
                "current_liabilities": _at(template, other, Period.instant(period.last_day), "cl"),
            },
        )
    if kind == "scale":
        return scale(_at(template, value, period), draw(POSITIVE), meaning="factor")
    if kind == "negate":
        return negate(_at(template, value, period))
    if kind == "abs":
        return abs_(_at(template, value, period))
    balance = _at(template, other, Period.instant(period.last_day), "balance")
    if kind == "turnover":
        return ratio(_at(template, abs(value), period), balance, metric="t", kind="turnover")
    if kind == "days":
        return ratio(balance, _at(template, other, period, "flow"), metric="d", kind="days")
    if kind == "per_unit":
        heads = Fact(
            Quantity(other, "PERSONS"),
            balance.caliber.replace(dimension="PERSONS"),
            balance.evidence,
        )
        return ratio(
            _at(template, value, period), heads, metric="p", kind="per_unit", signs="as_written"
        )
    if kind == "ratio_signs":
        return ratio(
            _at(template, value, period, "a"),
            _at(template, other, period, "b"),
            metric="r",
            signs=("magnitude", "as_written"),
        )
    earlier = _at(template, other, period.shift(years=-3))
    later = _at(template, draw(POSITIVE), period)
    if kind == "change_over":
        return change_over(later, earlier)
    growth = Fact(
        Quantity(Decimal("0.052"), "RATIO"),
        later.caliber.replace(metric="growth", dimension="RATIO"),
        later.evidence,
    )
    return base_from_growth(later, growth, years=draw(st.integers(1, 3)))


@given(c=new_computations())
def test_every_new_record_round_trips_replays_and_keeps_its_fingerprint(c: Computation) -> None:
    again = Computation.from_json(c.to_json())
    assert again == c
    assert again.result.as_tuple() == c.result.as_tuple()
    assert again.fingerprint == c.fingerprint
    assert again.replay() == c
    assert c.display == c.rounding.apply(c.result)


@given(values=st.lists(MONEY, min_size=2, max_size=5), data=st.data(), template=base_facts)
def test_average_fingerprint_does_not_depend_on_the_order(
    values: list[Decimal], data: st.DataObject, template: Fact
) -> None:
    balances = [
        _at(template, v, p) for v, p in zip(values, _year_ends(2010, len(values)), strict=True)
    ]
    shuffled = data.draw(st.permutations(balances))
    assert average(*shuffled).fingerprint == average(*balances).fingerprint
    assert average(*shuffled).result == average(*balances).result


def _hostile() -> decimal.Context:
    return decimal.Context(prec=3, rounding=decimal.ROUND_FLOOR, traps=[decimal.Inexact])


_CALLS: list[Callable[[Fact, Fact], Any]] = [
    lambda a, b: average(a, b),
    lambda a, b: combine(Term(a), Term(b, "-"), metric="x"),
    lambda a, b: formula("FCF", {"operating_cash_flow": a, "capital_expenditure": b}),
    lambda a, b: formula("ROE", {"net_income": a, "total_equity": b}),
    lambda a, b: formula("DSO", {"accounts_receivable": a, "revenue": b}),
    lambda a, b: scale(a, b.value, meaning="m"),
    lambda a, b: negate(a),
    lambda a, b: abs_(b),
    lambda a, b: ratio(a, b, metric="x", kind="turnover"),
    lambda a, b: ratio(a, b, metric="x", kind="days"),
    lambda a, b: ratio(a, b, metric="x", signs="as_written"),
    lambda a, b: change_over(a, b, years=2),
    lambda a, b: base_from_growth(a, b),
]


@given(
    a=facts(caliber=calibers(dimension=st.sampled_from(["CNY", "USD", "RATIO", "TONNES"]))),
    b=facts(caliber=calibers(dimension=st.sampled_from(["CNY", "USD", "RATIO", "PERSONS"]))),
    index=st.integers(0, len(_CALLS) - 1),
)
def test_only_fincalc_errors_escape_and_the_context_is_untouched(
    a: Fact, b: Fact, index: int
) -> None:
    with decimal.localcontext(_hostile()) as context:
        before = (context.prec, context.rounding, dict(context.traps), dict(context.flags))
        try:
            c = _CALLS[index](a, b)
        except FincalcError:
            pass
        else:
            assert Computation.from_json(c.to_json()).replay() == c
        after = (context.prec, context.rounding, dict(context.traps), dict(context.flags))
    assert before == after

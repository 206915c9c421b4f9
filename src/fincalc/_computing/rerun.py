"""Replay: which rule each operation reruns, with the names and parameters a record stores.

``Computation.replay`` calls ``rerun``; the rules sit below the record, so
this module reads a record through the ``Record`` protocol and never imports
``audit``. A record naming an operation no rule has (an edited or foreign
record) raises ``InvalidRecordError`` — a ``FincalcError``, never a
``KeyError``.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Protocol

from .._base.exceptions import InvalidInputError, InvalidRecordError
from .._values.caliber import Caliber
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .analytics import analytic_ratio
from .averages import mean_of
from .bases import base_before_growth
from .changes import (
    flow_from_balance_change,
    growth_of_change,
    level_after_change,
    prior_from_change,
)
from .differences import difference
from .formulas import Term, evaluate_formula, linear_combination
from .growth import (
    change_over_years,
    compound_annual_growth,
    percentage_point_change,
    period_over_period,
    year_over_year,
)
from .outcome import Outcome
from .quotients import multiple_across, part_of_whole, quotient
from .rounding import Rounding
from .scaling import absolute_value, multiplied, negated
from .spec import Formula, RatioKind, SignConvention
from .totals import total

__all__ = ["Record", "rerun"]


class Record(Protocol):
    """What a replay reads from a ``Computation``."""

    @property
    def operation(self) -> str: ...
    @property
    def inputs(self) -> tuple[Fact, ...]: ...
    @property
    def target(self) -> Caliber: ...
    @property
    def rounding(self) -> Rounding: ...
    @property
    def calendar(self) -> FiscalCalendar | None: ...
    @property
    def signs(self) -> tuple[SignConvention, ...] | None: ...
    @property
    def kind(self) -> RatioKind | None: ...
    @property
    def factor(self) -> Decimal | None: ...
    @property
    def factor_meaning(self) -> str | None: ...
    @property
    def formula(self) -> Formula | None: ...


def rerun(record: Record) -> Outcome:
    """Recompute a record with the rule, inputs, names, parameters and rounding it stores."""
    rule = _RULES.get(record.operation)
    if rule is None:
        raise InvalidRecordError(
            f"the record names the operation {record.operation!r}, which fincalc does not have "
            f"(known: {', '.join(sorted(_RULES))}); it was edited or written by another tool",
            source="Computation",
            field="operation",
            reason="unknown operation",
        )
    return rule(record)


def _count(record: Record, expected: int) -> tuple[Fact, ...]:
    if len(record.inputs) != expected:
        raise InvalidInputError(
            f"{record.operation} takes exactly {expected} input{'s' if expected > 1 else ''}, "
            f"the record has {len(record.inputs)}",
            argument="inputs",
            value=len(record.inputs),
        )
    return record.inputs


def _spec(record: Record) -> Formula:
    if record.formula is None:
        raise InvalidRecordError(
            f"a {record.operation} record must store its formula",
            source="Computation",
            field="formula",
            reason="missing formula",
        )
    return record.formula


def _add(record: Record) -> Outcome:
    inputs, target = record.inputs, record.target
    parts_entity = all(fact.caliber.entity == target.entity for fact in inputs)
    renamed = any(fact.caliber.metric != target.metric for fact in inputs)
    return total(
        inputs,
        entity=None if parts_entity else target.entity,
        metric=target.metric if renamed else None,
        calendar=record.calendar,
        rounding=record.rounding,
    )


def _sub(record: Record) -> Outcome:
    first, second = _count(record, 2)
    return difference(
        first,
        second,
        entity=record.target.entity if first.caliber.entity != second.caliber.entity else None,
        metric=record.target.metric,
        calendar=record.calendar,
        rounding=record.rounding,
        signs=record.signs,
    )


def _ratio(record: Record) -> Outcome:
    first, second = _count(record, 2)
    if record.kind is None:
        return quotient(
            first,
            second,
            metric=record.target.metric,
            calendar=record.calendar,
            rounding=record.rounding,
            signs=record.signs,
        )
    return analytic_ratio(
        first,
        second,
        kind=record.kind,
        metric=record.target.metric,
        days=record.factor if record.kind == "days" else None,
        signs=record.signs,
        calendar=record.calendar,
        rounding=record.rounding,
    )


_PairRule = Callable[..., Outcome]
_PAIRS: dict[str, _PairRule] = {
    "yoy": year_over_year,
    "qoq": period_over_period,
    "share": part_of_whole,
    "cagr": compound_annual_growth,
    "pp_change": percentage_point_change,
    "prior_level": prior_from_change,
    "growth_from_change": growth_of_change,
    "level_from_change": level_after_change,
    "multiple_of": multiple_across,
}


def _pair(record: Record) -> Outcome:
    first, second = _count(record, 2)
    return _PAIRS[record.operation](
        first,
        second,
        metric=record.target.metric,
        calendar=record.calendar,
        rounding=record.rounding,
    )


def _change_over(record: Record) -> Outcome:
    current, prior = _count(record, 2)
    return change_over_years(
        current,
        prior,
        metric=record.target.metric,
        calendar=record.calendar,
        rounding=record.rounding,
        annualise=record.factor is not None,
    )


def _base_from_growth(record: Record) -> Outcome:
    current, growth = _count(record, 2)
    years: int | None = current.caliber.period.start.year - record.target.period.start.year
    if growth.caliber.compared_to is not None:
        years = None  # the growth states its base period
    return base_before_growth(
        current,
        growth,
        metric=record.target.metric,
        calendar=record.calendar,
        rounding=record.rounding,
        years=years,
    )


def _flow_from_balances(record: Record) -> Outcome:
    flow, closing, opening = _count(record, 3)
    factor = record.factor
    return flow_from_balance_change(
        flow,
        closing,
        opening,
        metric=record.target.metric,
        sign=int(factor) if factor is not None and factor in (1, -1) else factor,
        calendar=record.calendar,
        rounding=record.rounding,
    )


def _average(record: Record) -> Outcome:
    return mean_of(
        record.inputs,
        metric=record.target.metric,
        calendar=record.calendar,
        rounding=record.rounding,
    )


def _combine(record: Record) -> Outcome:
    spec = _spec(record)
    if len(spec.terms) != len(record.inputs) or len(spec.numerator) != len(record.inputs):
        raise InvalidRecordError(
            f"a combine record has {len(record.inputs)} inputs but its formula has "
            f"{len(spec.terms)} terms",
            source="Computation",
            field="formula",
            reason="terms do not match the inputs",
        )
    terms = tuple(
        Term(fact, sign, term.convention)
        for fact, term, (sign, _) in zip(record.inputs, spec.terms, spec.numerator, strict=True)
    )
    return linear_combination(
        terms, metric=record.target.metric, calendar=record.calendar, rounding=record.rounding
    )


def _formula(record: Record) -> Outcome:
    spec = _spec(record)
    if len(spec.terms) != len(record.inputs):
        raise InvalidRecordError(
            f"a formula record has {len(record.inputs)} inputs but {spec.name!r} has "
            f"{len(spec.terms)} terms",
            source="Computation",
            field="formula",
            reason="terms do not match the inputs",
        )
    return evaluate_formula(
        spec,
        dict(zip(spec.term_names, record.inputs, strict=True)),
        metric=record.target.metric,
        days=record.factor if spec.kind == "days" else None,
        calendar=record.calendar,
        rounding=record.rounding,
    )


def _scale(record: Record) -> Outcome:
    (fact,) = _count(record, 1)
    return multiplied(
        fact,
        record.factor,
        meaning=record.factor_meaning,
        metric=record.target.metric,
        dimension=record.target.dimension,
        calendar=record.calendar,
        rounding=record.rounding,
    )


def _negate(record: Record) -> Outcome:
    (fact,) = _count(record, 1)
    return negated(
        fact, metric=record.target.metric, calendar=record.calendar, rounding=record.rounding
    )


def _abs(record: Record) -> Outcome:
    (fact,) = _count(record, 1)
    return absolute_value(
        fact, metric=record.target.metric, calendar=record.calendar, rounding=record.rounding
    )


_RULES: dict[str, Callable[[Record], Outcome]] = {
    "add": _add,
    "sub": _sub,
    "ratio": _ratio,
    "average": _average,
    "combine": _combine,
    "formula": _formula,
    "scale": _scale,
    "negate": _negate,
    "abs": _abs,
    "base_from_growth": _base_from_growth,
    "change_over": _change_over,
    "flow_from_balances": _flow_from_balances,
    **dict.fromkeys(_PAIRS, _pair),
}

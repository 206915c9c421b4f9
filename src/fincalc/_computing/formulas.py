"""The rules of declared formulas: ``formula`` (the registry) and ``combine`` (your own).

A formula combines several metrics of one entity, period, basis, dimension
and tax: every caliber field of its terms is equal except the metric (EBITDA
= operating income + D&A of one company for one year). A quotient formula
(gross margin, ROA, DSO) divides its numerator terms by its denominator
terms, which pair by the formula's analytic (``analytics.py``): a turnover
divides a flow by a balance or an average balance. Each term is read under
its declared sign convention (``magnitude`` for a line that is non-negative
by nature, written in brackets as an outflow; ``as_written`` for a line that
can really be negative); a term without one refuses a negative figure. The
result names its metric; the ``Computation`` stores the formula so replay
recomputes exactly what was declared.
"""

from __future__ import annotations

import decimal
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from .._base.exceptions import DimensionMismatchError, InvalidInputError
from .._base.public import public
from .._values.decimals import arithmetic, exact_sum
from .._values.dimensions import is_additive
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .analytics import days_factor, pair_parts
from .checks import (
    check_fact,
    checked_name,
    dimension_error,
    mismatch,
    normalise_calendar,
    same_fact_error,
    undefined,
)
from .outcome import Extras, Operation, Outcome, settle
from .rounding import Rounding, rounding_for
from .signs import apply_convention, is_negative, undeclared_negative
from .spec import CONVENTIONS, Formula, FormulaTerm, Sign, SignConvention, is_one_of

__all__ = ["Term", "evaluate_formula", "linear_combination"]

#: A Chinese character (CJK unified ideographs and extension A): the inputs are named in Chinese.
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")
_MAX_TERMS = 32


@public
@dataclass(frozen=True, slots=True)
class Term:
    """One signed term of a formula you declare with ``combine``.

    Attributes:
        fact: The figure.
        sign: ``"+"`` to add it, ``"-"`` to subtract it.
        convention: How its written sign is read: ``"magnitude"`` for a line
            that is non-negative by nature and written in brackets as an
            outflow (capex "(460.8)" counts as 460.8), ``"as_written"`` for a
            line that can really be negative (an operating loss). ``None``
            refuses a negative figure instead of guessing.

    >>> from fincalc import Fact
    >>> capex = Fact.build("-460.8", metric="capex", entity="Acme", period="FY2024",
    ...                    dimension="USD", evidence_id="10-K", raw="(460.8)")
    >>> Term(capex, "-", convention="magnitude").sign
    '-'
    """

    fact: Fact
    sign: Sign = "+"
    convention: SignConvention | None = None

    def __post_init__(self) -> None:
        check_fact("combine", "Term.fact", self.fact)
        if self.sign not in ("+", "-"):
            raise InvalidInputError(
                f"Term.sign must be '+' or '-', got {self.sign!r}",
                argument="sign",
                value=repr(self.sign),
            )
        if self.convention is not None and not is_one_of(self.convention, CONVENTIONS):
            raise InvalidInputError(
                f"Term.convention must be 'as_written', 'magnitude' or None, got "
                f"{self.convention!r}",
                argument="convention",
                value=repr(self.convention),
            )


# -- combine: a signed sum of your own ---------------------------------------------


def linear_combination(
    terms: Sequence[Term],
    *,
    metric: str,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``Σ sign × value`` over terms that differ only in metric (``combine``)."""
    operation: Final = "combine"
    if not isinstance(terms, (tuple, list)) or not 2 <= len(terms) <= _MAX_TERMS:
        raise InvalidInputError(
            f"combine: needs 2-{_MAX_TERMS} terms, got "
            f"{len(terms) if isinstance(terms, (tuple, list)) else repr(terms)[:40]}",
            argument="terms",
            value=repr(terms)[:80],
        )
    for index, term in enumerate(terms):
        if not isinstance(term, Term):
            raise InvalidInputError(
                f"combine: terms[{index}] must be a Term(fact, sign, convention=...), got "
                f"{type(term).__name__}",
                argument="terms",
                value=repr(term)[:80],
            )
    checked_name(metric, "metric")
    normalise_calendar(calendar)
    named = [(term.fact.caliber.metric, term.fact) for term in terms]
    _check_same_caliber(operation, "the formula", named, calendar)
    _check_distinct_metrics(operation, named)
    spec = _custom_formula(
        metric, tuple((term.sign, term.fact.caliber.metric, term.convention) for term in terms)
    )
    inputs = tuple(term.fact for term in terms)
    return _settle_sum(operation, spec, inputs, metric, calendar, rounding, checked=True)


@functools.lru_cache(maxsize=1024)
def _custom_formula(
    metric: str, terms: tuple[tuple[Sign, str, SignConvention | None], ...]
) -> Formula:
    """The formula ``combine`` declares (memoised: callers repeat the same formula)."""
    return Formula(
        name="custom",
        metric=metric,
        terms=tuple(FormulaTerm(name, convention) for _, name, convention in terms),
        numerator=tuple((sign, name) for sign, name, _ in terms),
        definition=_definition(metric, terms),
    )


def _definition(metric: str, terms: tuple[tuple[Sign, str, SignConvention | None], ...]) -> str:
    parts = []
    for index, (sign, name, convention) in enumerate(terms):
        read = f"|{name}|" if convention == "magnitude" else name
        if index == 0:
            parts.append(f"−{read}" if sign == "-" else read)
        else:
            parts.append(f"{'−' if sign == '-' else '+'} {read}")
    return f"{metric} = {' '.join(parts)}"


# -- formula: the registry ---------------------------------------------------------


def evaluate_formula(
    spec: Formula,
    facts: Mapping[str, Fact],
    *,
    metric: str | None,
    days: object,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    signs: object = None,
) -> Outcome:
    """A registry formula over its named facts (the module docstring gives the rule)."""
    operation: Final = "formula"
    if signs is not None:
        spec = spec.with_conventions(signs)
    inputs = _named_inputs(spec, facts)
    normalise_calendar(calendar)
    name = checked_name(metric, "metric") if metric is not None else _default_metric(spec, inputs)
    if days is not None and spec.kind != "days":
        raise InvalidInputError(
            f"formula {spec.name!r}: days= applies only to a days formula (DSO, DPO, DIO), "
            f"not to a {spec.kind}",
            argument="days",
            value=repr(days)[:80],
        )
    if spec.kind == "sum":
        return _settle_sum(operation, spec, inputs, name, calendar, rounding)
    return _settle_quotient(operation, spec, inputs, name, days, calendar, rounding)


def _named_inputs(spec: Formula, facts: Mapping[str, Fact]) -> tuple[Fact, ...]:
    """The facts in the formula's term order; every term exactly once, nothing else."""
    names = spec.term_names
    if type(facts) is dict and len(facts) == len(names):  # the usual call: a plain dict
        try:
            found = tuple(facts[name] for name in names)
        except KeyError:
            pass
        else:
            if all(type(fact) is Fact for fact in found):
                return found
    if not isinstance(facts, Mapping):
        raise InvalidInputError(
            f"formula {spec.name!r}: pass the facts as a mapping from term name to Fact, "
            f"{{{', '.join(repr(n) + ': ...' for n in names)}}}; got {type(facts).__name__}",
            argument="facts",
            value=repr(facts)[:80],
        )
    missing = [n for n in names if n not in facts]
    unknown = [str(k) for k in facts if k not in names]
    if missing or unknown:
        described = "; ".join(f"{t.name}: {t.description}" for t in spec.terms if t.description)
        raise InvalidInputError(
            f"formula {spec.name!r} ({spec.definition}) takes the terms {', '.join(names)}; "
            + (f"missing {', '.join(missing)}" if missing else "")
            + ("; " if missing and unknown else "")
            + (f"unknown {', '.join(unknown)}" if unknown else "")
            + (f" ({described})" if described else ""),
            argument="facts",
            value=", ".join(missing + unknown)[:80],
        )
    return tuple(check_fact("formula", name, facts[name]) for name in names)


def _default_metric(spec: Formula, inputs: Sequence[Fact]) -> str:
    """The Chinese name when the inputs are named in Chinese, else the English one."""
    chinese = _named_in_chinese(tuple(fact.caliber.metric for fact in inputs))
    return spec.metric_zh if chinese and spec.metric_zh else spec.metric


@functools.lru_cache(maxsize=1024)
def _named_in_chinese(metrics: tuple[str, ...]) -> bool:
    return any(_HAN.search(metric) for metric in metrics)


def _terms_of(spec: Formula, inputs: Sequence[Fact]) -> dict[str, tuple[Fact, FormulaTerm]]:
    return {term.name: (fact, term) for term, fact in zip(spec.terms, inputs, strict=True)}


def _check_same_caliber(
    operation: str,
    label: str,
    facts: Sequence[tuple[str, Fact]],
    calendar: FiscalCalendar | None,
) -> None:
    """Terms of one part: equal calibers except the metric."""
    first_name, first = facts[0]
    for name, fact in facts[1:]:
        if fact.caliber.dimension != first.caliber.dimension:
            raise dimension_error(operation, first, fact)
        differing = tuple(f for f in first.caliber.diff(fact.caliber) if f != "metric")
        if differing:
            raise mismatch(
                operation,
                first,
                fact,
                f"the terms of {label} ({first_name!r}, {name!r}) must be figures of the same "
                "entity, period, basis, currency and tax; only the metric differs",
                calendar=calendar,
                differing=differing,
            )


def _check_conventions(operation: str, spec: Formula, inputs: Sequence[Fact]) -> str:
    """Refuse a negative figure for a term without a convention; the note of what was read."""
    flipped = []
    for term, fact in zip(spec.terms, inputs, strict=True):
        if not is_negative(fact):
            continue
        if term.convention == "magnitude":
            flipped.append(
                f"{term.name} {fact.quantity.raw or format(fact.value, 'f')} read as its magnitude"
            )
        elif term.convention is None:
            if operation == "combine":
                fixes = (
                    "Term(fact, sign, convention='magnitude')",
                    "Term(fact, sign, convention='as_written')",
                )
            else:
                fixes = (
                    f"formula(..., signs={{{term.name!r}: 'magnitude'}})",
                    f"formula(..., signs={{{term.name!r}: 'as_written'}})",
                )
            raise undeclared_negative(
                operation,
                f"term {term.name!r}",
                fact,
                "in a formula, a negative figure added or subtracted as written may be an "
                "outflow or deduction written in brackets, or a real negative",
                fixes,
            )
    return "; ".join(flipped)


def _signed_sum(
    pairs: Sequence[tuple[Sign, str]], terms: dict[str, tuple[Fact, FormulaTerm]]
) -> Decimal:
    """Σ sign × value (under each term's convention), exact (call in the private context)."""
    values = [apply_convention(terms[name][0], terms[name][1].convention) for _, name in pairs]
    return exact_sum(values, [-1 if sign == "-" else 1 for sign, _ in pairs])


def _settle_sum(
    operation: Operation,
    spec: Formula,
    inputs: tuple[Fact, ...],
    metric: str,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    *,
    checked: bool = False,
) -> Outcome:
    if not checked:
        named = list(zip(spec.term_names, inputs, strict=True))
        _check_same_caliber(operation, repr(spec.name), named, calendar)
        _check_distinct_metrics(operation, named)
    dimension = inputs[0].caliber.dimension
    if not is_additive(dimension):
        raise DimensionMismatchError(
            f"cannot {operation}: the terms of {spec.name!r} are {dimension} figures, which do "
            "not sum; combine the underlying amounts, then divide",
            operation=operation,
            left=dimension,
            right=dimension,
        )
    flipped = _check_conventions(operation, spec, inputs)
    target = inputs[0].caliber.replace(metric=metric)
    terms = _terms_of(spec, inputs)
    note = f"{spec.definition}; {flipped}" if flipped else spec.definition
    rule = rounding_for(operation, rounding, dimension)
    return settle(
        operation,
        inputs,
        target,
        rule,
        lambda: _signed_sum(spec.numerator, terms),
        calendar,
        note=note,
        extras=Extras(formula=spec),
    )


def _settle_quotient(
    operation: Operation,
    spec: Formula,
    inputs: tuple[Fact, ...],
    metric: str,
    days: object,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    terms = _terms_of(spec, inputs)
    for part in (spec.numerator, spec.denominator):
        if len(part) > 1:
            named = [(name, terms[name][0]) for _, name in part]
            _check_same_caliber(operation, repr(spec.name), named, calendar)
    _check_distinct(operation, inputs)
    top, bottom = terms[spec.numerator[0][1]][0], terms[spec.denominator[0][1]][0]
    pairing = pair_parts(operation, spec.kind, top, bottom, metric, calendar)
    flipped = _check_conventions(operation, spec, inputs)
    factor, meaning = (None, None)
    if spec.kind == "days":
        factor, meaning = days_factor(pairing.flow or bottom, days, calendar)
    try:
        with arithmetic():  # the base is checked before anything is divided by it
            amount = _signed_sum(spec.numerator, terms)
            base = _signed_sum(spec.denominator, terms)
            if base > 0:  # multiply first, so the division is the only rounding
                result = (amount * factor if factor is not None else amount) / base
    except decimal.DecimalException as exc:
        raise InvalidInputError(
            f"cannot {operation}: the decimal arithmetic failed ({type(exc).__name__}: {exc}); "
            "sums are exact and quotients carry 50 significant digits, so this is not a "
            "matter of the inputs' units — report it with the inputs",
            argument="facts",
            value=type(exc).__name__,
        ) from exc
    if not base or base.is_signed():
        raise undefined(
            operation,
            bottom,
            f"denominator of {spec.name!r} ({' '.join(s + n for s, n in spec.denominator)})",
            f"{spec.metric} over a zero or negative base is not meaningful",
        )
    note = "; ".join(filter(None, (spec.definition, pairing.note, flipped)))
    if meaning:
        note = f"{note}; × {meaning}"
    return settle(
        operation,
        inputs,
        pairing.target,
        rounding_for(operation, rounding, pairing.target.dimension),
        lambda: result,
        calendar,
        note=note,
        extras=Extras(formula=spec, factor=factor, factor_meaning=meaning),
    )


def _check_distinct_metrics(operation: str, named: Sequence[tuple[str, Fact]]) -> None:
    """Terms of one caliber but the metric: one metric twice is one figure counted twice."""
    seen: dict[str, Fact] = {}
    for _, fact in named:
        metric = fact.caliber.metric
        other = seen.get(metric)
        if other is not None:
            raise same_fact_error(operation, other, fact)
        seen[metric] = fact


def _check_distinct(operation: str, facts: Sequence[Fact]) -> None:
    """No two terms may be one figure (the same caliber): that is double counting."""
    for index, fact in enumerate(facts):
        for other in facts[:index]:  # a formula has a handful of terms: compare pairwise
            if other.caliber == fact.caliber:
                raise same_fact_error(operation, other, fact)

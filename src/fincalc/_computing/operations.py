"""The operations, one entry each: name → replay, record shape, expression, sentence kind.

``OPERATIONS`` is the one table of what fincalc computes. An entry says, for
one operation name a ``Computation`` may carry:

- ``replay``: how a record reruns its rule (the rules sit below this module:
  ``totals``, ``differences``, ``growth``, …), with the names and parameters
  the record stores;
- ``inputs``: how many inputs a record holds (at least, at most), or one per
  term of its formula;
- ``unordered``: whether the inputs are a set (neither hash depends on
  their order);
- ``expression``: what it computed over its inputs lettered ``a``, ``b``, …
  (``(a − b) / b``; ``a − |b|`` when ``b`` was read as its magnitude);
- ``sentence``: the kind of answer sentence ``render`` writes for it.

Every place that names an operation reads this table: the replay
(``Computation.replay``), the record's shape check and hashes (``audit``,
``identity``), the explanation (``Computation.expression``, the HTML view)
and ``render``. The ``Operation`` literal a record is validated against
(``outcome``) lists the same names in the same order (tested). Adding an
operation is its rule, one entry here and its public function (``ops*``).

A record naming an operation the table has not (an edited or foreign record)
raises ``InvalidRecordError`` — a ``FincalcError``, never a ``KeyError``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

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

__all__ = [
    "OPERATIONS",
    "OperationEntry",
    "Record",
    "entry",
    "expression_of",
    "input_terms",
    "is_unordered",
    "letters",
    "own_formula",
    "rerun",
]

_SHOWN = 8  # an add or average of more inputs is written a + b + … + h
#: Any number of inputs, bounded by the record's size limits.
_MANY = 10_000


class Record(Protocol):
    """What the table reads from a ``Computation``."""

    @property
    def operation(self) -> str: ...
    @property
    def inputs(self) -> tuple[Fact, ...]: ...
    @property
    def target(self) -> Caliber: ...
    @property
    def rounding(self) -> Rounding: ...
    @property
    def result(self) -> Decimal: ...
    @property
    def note(self) -> str: ...
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
    @property
    def display_text(self) -> str: ...


#: An expression writer: the record, its inputs' letters, and the same letters
#: read under the declared sign conventions (``|b|``), padded with ``?``.
Expression = Callable[[Record, list[str], list[str]], str]


@dataclass(frozen=True, slots=True)
class OperationEntry:
    """One operation: how its record replays, what shape it has, how it is explained.

    Attributes:
        name: The operation's name, as a record stores it.
        replay: Reruns the rule from what a record stores.
        expression: Writes the formula over lettered inputs.
        sentence: The ``render`` sentence kind, or a function choosing it by
            what the inputs differ in.
        inputs: How many inputs a record holds (at least, at most); ``None``
            for one per term of the record's formula.
        unordered: The inputs are a set: hashes sort them.
        terms: The formula term each input fills, hashed with the input
            (``combine``: its sign and convention; ``formula``: its name).
        own_formula: The formula is the caller's own (``combine``): its terms
            are hashed with the inputs, so ``identity`` hashes only its name
            and kind.
    """

    name: str
    replay: Callable[[Record], Outcome]
    expression: Expression
    sentence: str | Callable[[Record], str]
    inputs: tuple[int, int] | None = (2, 2)
    unordered: bool = False
    terms: Callable[[Formula], list[Any]] | None = None
    own_formula: bool = False

    def input_counts(self, record: Record) -> tuple[int, int]:
        """How many inputs ``record`` may hold: (at least, at most)."""
        if self.inputs is not None:
            return self.inputs
        terms = len(record.formula.terms) if record.formula is not None else 1
        return terms, terms

    def sentence_kind(self, record: Record) -> str:
        """The kind of sentence ``render`` writes for ``record``."""
        return self.sentence if isinstance(self.sentence, str) else self.sentence(record)


def entry(record: Record) -> OperationEntry:
    """The table's entry for the operation ``record`` names; refused when it has none."""
    found = OPERATIONS.get(record.operation)
    if found is None:
        raise InvalidRecordError(
            f"the record names the operation {record.operation!r}, which fincalc does not have "
            f"(known: {', '.join(sorted(OPERATIONS))}); it was edited or written by another tool",
            source="Computation",
            field="operation",
            reason="unknown operation",
        )
    return found


def is_unordered(operation: str) -> bool:
    """Whether the inputs of ``operation`` are a set (their order is not hashed)."""
    found = OPERATIONS.get(operation)
    return found is not None and found.unordered


def own_formula(operation: str) -> bool:
    """Whether ``operation`` records a formula the caller declared inline (``combine``)."""
    found = OPERATIONS.get(operation)
    return found is not None and found.own_formula


def input_terms(record: Record) -> list[Any]:
    """The formula term each input of ``record`` fills, for hashing; empty when none."""
    found = OPERATIONS.get(record.operation)
    if found is None or found.terms is None or record.formula is None:
        return []
    return found.terms(record.formula)


def rerun(record: Record) -> Outcome:
    """Recompute a record with the rule, inputs, names, parameters and rounding it stores."""
    return entry(record).replay(record)


# -- explanations -----------------------------------------------------------------


def letters(count: int) -> list[str]:
    """``a`` … ``z`` for up to 26 inputs, else ``x1`` … ``xN``.

    >>> letters(3), letters(28)[-1]
    (['a', 'b', 'c'], 'x28')
    """
    if count <= 26:
        return [chr(ord("a") + i) for i in range(count)]
    return [f"x{i + 1}" for i in range(count)]


def expression_of(record: Record) -> str:
    """The formula an operation computed, over its inputs lettered ``a``, ``b``, …"""
    names = letters(len(record.inputs))
    signs = record.signs or ()
    read = [_read(n, signs[i] if i < len(signs) else None) for i, n in enumerate(names)]
    found = OPERATIONS.get(record.operation)
    if found is None:
        return record.operation
    return found.expression(record, names, [*read, "?", "?", "?"])


def _read(name: str, convention: SignConvention | None) -> str:
    return f"|{name}|" if convention == "magnitude" else name


def _signed_sum(pairs: Sequence[tuple[str, str]]) -> str:
    parts = []
    for index, (sign, name) in enumerate(pairs):
        if index == 0:
            parts.append(f"−{name}" if sign == "-" else name)
        else:
            parts.append(f"{'−' if sign == '-' else '+'} {name}")
    return " ".join(parts)


def _times(record: Record) -> str:
    return f" × {format(record.factor, 'f')}" if record.factor is not None else ""


def _formula_expression(record: Record, names: list[str], _read_names: list[str]) -> str:
    spec = record.formula
    if spec is None:
        return "?"
    letter = {
        term.name: _read(n, term.convention) for term, n in zip(spec.terms, names, strict=False)
    }
    top = _signed_sum([(sign, letter.get(name, name)) for sign, name in spec.numerator])
    if not spec.denominator:
        return top
    bottom = _signed_sum([(sign, letter.get(name, name)) for sign, name in spec.denominator])
    top = f"({top})" if len(spec.numerator) > 1 else top
    bottom = f"({bottom})" if len(spec.denominator) > 1 else bottom
    return f"{top} / {bottom}{_times(record)}"


def _many(names: list[str]) -> str:
    if len(names) <= _SHOWN:
        return " + ".join(names)
    return f"{' + '.join(names[: _SHOWN - 1])} + … + {names[-1]}"


def _cagr_expression(record: Record, _names: list[str], read: list[str]) -> str:
    first, second = record.inputs[0].caliber, record.inputs[-1].caliber
    years = first.period.start.year - second.period.start.year
    return f"({read[0]} / {read[1]}) ^ (1 / {years}) − 1"


def _flow_expression(record: Record, _names: list[str], read: list[str]) -> str:
    sign = "−" if record.factor is not None and record.factor < 0 else "+"
    return f"{read[0]} {sign} ({read[1]} − {read[2]})"


def _difference(_record: Record, _names: list[str], read: list[str]) -> str:
    return f"{read[0]} − {read[1]}"


def _growth(_record: Record, _names: list[str], read: list[str]) -> str:
    return f"({read[0]} − {read[1]}) / {read[1]}"


def _quotient(record: Record, _names: list[str], read: list[str]) -> str:
    return f"{read[0]} / {read[1]}{_times(record)}"


# -- sentence kinds ---------------------------------------------------------------


def _sub_sentence(record: Record) -> str:
    """A difference is a change between entities, between periods, or a plain amount."""
    first, second = record.inputs[0].caliber, record.inputs[-1].caliber
    if first.entity != second.entity:
        return "sub_entity"
    if first.period != second.period and record.target.period == first.period:
        return "sub_change"  # not a remainder (9M − H1 = Q3), which is a plain amount
    return "sub"


def _average_sentence(record: Record) -> str:
    """An average of balances (instants) is an average balance."""
    return "average_balance" if record.inputs[0].caliber.period.is_instant else "average"


#: The sentence of a derived amount or figure: "<metric> is <value>".
_AMOUNT = "amount"


# -- replays ----------------------------------------------------------------------


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


def _pair(rule: Callable[..., Outcome]) -> Callable[[Record], Outcome]:
    """The replay of a rule over two facts that takes only the result's metric."""

    def replay(record: Record) -> Outcome:
        first, second = _count(record, 2)
        return rule(
            first,
            second,
            metric=record.target.metric,
            calendar=record.calendar,
            rounding=record.rounding,
        )

    return replay


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


def _one(rule: Callable[..., Outcome]) -> Callable[[Record], Outcome]:
    """The replay of a rule over one fact that takes only the result's metric."""

    def replay(record: Record) -> Outcome:
        (fact,) = _count(record, 1)
        return rule(
            fact, metric=record.target.metric, calendar=record.calendar, rounding=record.rounding
        )

    return replay


# -- the table --------------------------------------------------------------------


#: Every operation a record may carry, in the order of the ``Operation`` literal
#: (tests/computing/test_operation_table.py checks both list the same names, once each).
OPERATIONS: Mapping[str, OperationEntry] = {
    item.name: item
    for item in (
        OperationEntry(
            "add",
            replay=_add,
            expression=lambda _r, names, _x: _many(names),
            sentence="add",
            inputs=(2, _MANY),
            unordered=True,
        ),
        OperationEntry("sub", replay=_sub, expression=_difference, sentence=_sub_sentence),
        OperationEntry("yoy", replay=_pair(year_over_year), expression=_growth, sentence="yoy"),
        OperationEntry("qoq", replay=_pair(period_over_period), expression=_growth, sentence="qoq"),
        OperationEntry("ratio", replay=_ratio, expression=_quotient, sentence="ratio"),
        OperationEntry(
            "share", replay=_pair(part_of_whole), expression=_quotient, sentence="share"
        ),
        OperationEntry(
            "cagr",
            replay=_pair(compound_annual_growth),
            expression=_cagr_expression,
            sentence="cagr",
        ),
        OperationEntry(
            "pp_change",
            replay=_pair(percentage_point_change),
            expression=_difference,
            sentence="pp_change",
        ),
        OperationEntry(
            "average",
            replay=_average,
            expression=lambda _r, names, _x: f"({_many(names)}) / {len(names)}",
            sentence=_average_sentence,
            inputs=(2, _MANY),
            unordered=True,
        ),
        OperationEntry(
            "combine",
            replay=_combine,
            expression=_formula_expression,
            sentence=_AMOUNT,
            inputs=(2, _MANY),
            unordered=True,
            terms=lambda spec: [
                [sign, term.convention or ""]
                for (sign, _), term in zip(spec.numerator, spec.terms, strict=False)
            ],
            own_formula=True,
        ),
        OperationEntry(
            "formula",
            replay=_formula,
            expression=_formula_expression,
            sentence=_AMOUNT,
            inputs=None,
            unordered=True,
            terms=lambda spec: list(spec.term_names),
        ),
        OperationEntry(
            "scale",
            replay=_scale,
            expression=lambda r, _n, x: f"{x[0]}{_times(r)}",
            sentence=_AMOUNT,
            inputs=(1, 1),
        ),
        OperationEntry(
            "negate",
            replay=_one(negated),
            expression=lambda _r, _n, x: f"−{x[0]}",
            sentence=_AMOUNT,
            inputs=(1, 1),
        ),
        OperationEntry(
            "abs",
            replay=_one(absolute_value),
            expression=lambda _r, _n, x: f"|{x[0]}|",
            sentence=_AMOUNT,
            inputs=(1, 1),
        ),
        OperationEntry(
            "change_over", replay=_change_over, expression=_growth, sentence="change_over"
        ),
        OperationEntry(
            "base_from_growth",
            replay=_base_from_growth,
            expression=lambda _r, _n, x: f"{x[0]} / (1 + {x[1]})",
            sentence=_AMOUNT,
        ),
        OperationEntry(
            "prior_level",
            replay=_pair(prior_from_change),
            expression=_difference,
            sentence=_AMOUNT,
        ),
        OperationEntry(
            "growth_from_change",
            replay=_pair(growth_of_change),
            expression=lambda _r, _n, x: f"{x[1]} / ({x[0]} − {x[1]})",
            # a growth rate from a level and its change reads like a change over its base
            sentence="change_over",
        ),
        OperationEntry(
            "level_from_change",
            replay=_pair(level_after_change),
            expression=lambda _r, _n, x: f"{x[0]} + {x[1]}",
            sentence=_AMOUNT,
        ),
        OperationEntry(
            "flow_from_balances",
            replay=_flow_from_balances,
            expression=_flow_expression,
            sentence=_AMOUNT,
            inputs=(3, 3),
        ),
        OperationEntry(
            "multiple_of",
            replay=_pair(multiple_across),
            expression=lambda _r, _n, x: f"{x[0]} / {x[1]}",
            sentence="multiple_of",
        ),
    )
}

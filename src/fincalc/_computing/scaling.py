"""The rules of the one-fact operations: ``scale``, ``negate`` and ``abs_``.

``scale`` multiplies a figure by a positive constant whose meaning the caller
states and the record keeps: a day count (a ratio × 365 days is ``DAYS``), a
stock split (shares × 2), an annualised quarter (× 4), or a unit conversion
with a stated factor (tonnes → barrels at 7.33 barrels per tonne; yuan →
dollars at a cited rate). The result's dimension is the fact's unless
``dimension=`` names another of the same kind (money to money, physical to
physical) or ``DAYS`` for a ratio or multiple; a factor never turns tonnes
into yuan. A sign is never flipped by ``scale``: that is ``negate``.

``negate`` and ``abs_`` change only the sign convention of one figure —
an outflow written "(460.8)" taken as the magnitude 460.8 — and say so in the
record; the caliber stays the figure's.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from .._base.bounded import check_no_surrogate
from .._base.exceptions import DimensionMismatchError, InvalidInputError
from .._values.decimals import to_decimal
from .._values.dimensions import DAYS, MULTIPLE, RATIO, find_dimension, is_money
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .._values.quantity import check_dimension
from .checks import check_fact, checked_name, normalise_calendar
from .outcome import Extras, Operation, Outcome, settle
from .rounding import Rounding, rounding_for

__all__ = ["absolute_value", "multiplied", "negated"]

_OPERATION: Final = "scale"
_MAX_MEANING = 200


def _kind(code: str) -> str | None:
    if is_money(code):
        return "money"
    info = find_dimension(code)
    return None if info is None else info.kind


def _check_conversion(fact: Fact, dimension: str) -> None:
    """Money to money and physical to physical at a stated factor; ratios to days."""
    source = fact.caliber.dimension
    if dimension == source:
        return
    kinds = (_kind(source), _kind(dimension))
    if kinds[0] == kinds[1] and kinds[0] in ("money", "physical"):
        return
    if source in (RATIO, MULTIPLE) and dimension == DAYS:
        return
    raise DimensionMismatchError(
        f"cannot scale: a factor converts {source!r} only into another currency or physical "
        f"unit at a stated rate, or a ratio into DAYS — not into {dimension!r}; a price times "
        "a quantity is a product of two cited facts, not a constant",
        operation=_OPERATION,
        left=source,
        right=dimension,
    )


def multiplied(
    fact: Fact,
    factor: object,
    *,
    meaning: object,
    metric: str | None,
    dimension: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``fact × factor`` for a positive factor with a stated meaning (module docstring)."""
    check_fact(_OPERATION, "fact", fact)
    normalise_calendar(calendar)
    value = to_decimal(factor, field="factor")
    if not value or value.is_signed():
        raise InvalidInputError(
            f"scale: factor {factor!r} must be positive; a sign change is negate(fact), and a "
            "factor of zero erases the figure",
            argument="factor",
            value=str(factor),
        )
    check_no_surrogate(meaning, "meaning")
    if not isinstance(meaning, str) or not meaning.strip() or len(meaning) > _MAX_MEANING:
        raise InvalidInputError(
            f"scale: meaning={meaning!r} must say what the factor is (1-{_MAX_MEANING} "
            "characters), e.g. meaning='days in the year' or meaning='2-for-1 share split'",
            argument="meaning",
            value=repr(meaning)[:80],
        )
    target_dimension = fact.caliber.dimension
    if dimension is not None:
        target_dimension = check_dimension(dimension, field="dimension")
        _check_conversion(fact, target_dimension)
    name = (
        checked_name(metric, "metric")
        if metric is not None
        else f"{fact.caliber.metric} ({meaning.strip()})"
    )
    target = fact.caliber.replace(metric=name, dimension=target_dimension)
    rule = rounding_for(_OPERATION, rounding, target_dimension)
    note = f"× {format(value, 'f')}: {meaning.strip()}"
    if target_dimension != fact.caliber.dimension:
        note += f" ({fact.caliber.dimension} → {target_dimension})"
    return settle(
        _OPERATION,
        (fact,),
        target,
        rule,
        lambda: fact.quantity.value * value,
        calendar,
        note=note,
        extras=Extras(factor=value, factor_meaning=meaning.strip()),
    )


def _one_fact(
    operation: Operation,
    fact: Fact,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    result: Decimal,
    note: str,
) -> Outcome:
    check_fact(operation, "fact", fact)
    normalise_calendar(calendar)
    target = fact.caliber
    if metric is not None:
        target = target.replace(metric=checked_name(metric, "metric"))
    rule = rounding_for(operation, rounding, target.dimension)
    return settle(operation, (fact,), target, rule, lambda: result, calendar, note=note)


def negated(
    fact: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``−fact``: the other sign convention of the same figure, recorded as such."""
    check_fact("negate", "fact", fact)
    raw = fact.quantity.raw or format(fact.value, "f")
    value = fact.quantity.value.copy_negate()
    note = f"sign convention: negated ({raw} → {format(value, 'f')} {fact.caliber.dimension})"
    return _one_fact("negate", fact, metric, calendar, rounding, value, note)


def absolute_value(
    fact: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``|fact|``: the figure as a magnitude (an outflow in brackets read as positive)."""
    check_fact("abs", "fact", fact)
    raw = fact.quantity.raw or format(fact.value, "f")
    value = fact.quantity.value.copy_abs()
    note = f"sign convention: magnitude ({raw} → {format(value, 'f')} {fact.caliber.dimension})"
    return _one_fact("abs", fact, metric, calendar, rounding, value, note)

"""The refusals every operation shares: wrong types, mixed dimensions, caliber mismatches.

Each check raises a typed ``FincalcError`` whose message names what differs
and what to compare instead; the builders (``mismatch``, ``same_fact_error``,
``undefined``) return the error so the caller's ``raise`` stays visible.
"""

from __future__ import annotations

import functools

from .._base.exceptions import (
    CaliberConflictError,
    CaliberMismatchError,
    DimensionMismatchError,
    DuplicateFactError,
    FincalcError,
    InvalidInputError,
    UndefinedGrowthError,
)
from .._values.caliber import Caliber
from .._values.dimensions import find_dimension, is_money
from .._values.facts import Fact
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period

__all__ = [
    "check_dimensions",
    "check_fact",
    "checked_name",
    "described",
    "dimension_error",
    "later_first",
    "mismatch",
    "normalise_calendar",
    "same_fact_error",
    "same_length",
    "shifted",
    "undefined",
]


@functools.lru_cache(maxsize=4096)
def described(period: Period, calendar: FiscalCalendar | None = None) -> str:
    """``period.describe(calendar)``, memoised: naming a fiscal year costs µs and periods repeat."""
    return period.describe(calendar)


@functools.lru_cache(maxsize=4096)
def shifted(period: Period, years: int) -> Period:
    """``period.shift(years=years)``, memoised: relativedelta costs µs and periods repeat."""
    return period.shift(years=years)


def check_fact(operation: str, name: str, value: object) -> Fact:
    """Return ``value`` if it is a ``Fact``; otherwise refuse, naming the argument."""
    if not isinstance(value, Fact):
        raise InvalidInputError(
            f"{operation}: {name} must be a Fact, got {type(value).__name__} "
            f"{repr(value)[:60]}; build one with Fact(quantity, caliber, evidence), "
            "Fact.build(...) or resolve(claim, docs)",
            argument=name,
            value=repr(value)[:80],
        )
    return value


def check_dimensions(operation: str, left: Fact, right: Fact) -> None:
    """Refuse two facts of different dimensions: fincalc never converts implicitly."""
    a, b = left.caliber.dimension, right.caliber.dimension
    if a != b:
        raise dimension_error(operation, left, right)


_KIND_WORDS = {
    "physical": "a physical quantity",
    "count": "a count",
    "ratio": "a ratio",
    "multiple": "a multiple",
    "per_unit": "a per-unit figure",
}


def _what(dimension: str) -> str:
    """What a dimension measures, in words: "an amount of money (CNY)", "a count (shares)"."""
    if is_money(dimension):
        return f"an amount of money ({dimension})"
    info = find_dimension(dimension)
    if info is None:
        return f"a figure in {dimension!r}"
    word = info.en[1] if info.en else dimension.lower()
    if info.kind == "time":
        return f"a number of {word}"
    return f"{_KIND_WORDS.get(info.kind, 'a figure')} ({word})"


def dimension_error(operation: str, left: Fact, right: Fact) -> DimensionMismatchError:
    """The error for two facts of different dimensions, worded by what the dimensions are."""
    a, b = left.caliber.dimension, right.caliber.dimension
    info_a, info_b = find_dimension(a), find_dimension(b)
    if (is_money(a) and is_money(b)) or (
        info_a is not None and info_b is not None and info_a.kind == info_b.kind
    ):
        fix = (
            "fincalc never converts currencies or units implicitly — convert one side with an "
            "explicit, cited rate first"
        )
    else:
        fix = (
            f"{_what(a)} and {_what(b)} measure different things and never combine — "
            f"check that {left.caliber.metric!r} ({left.evidence.evidence_id}) and "
            f"{right.caliber.metric!r} ({right.evidence.evidence_id}) are the figures meant"
        )
    return DimensionMismatchError(
        f"cannot {operation}: dimensions differ ({a!r} vs {b!r}); {fix}",
        operation=operation,
        left=a,
        right=b,
    )


def checked_name(value: object, argument: str) -> str:
    """Return ``value`` if it is a non-empty string (an entity or metric name)."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInputError(
            f"{argument} must be a non-empty string, got {value!r}",
            argument=argument,
            value=repr(value),
        )
    return value


def normalise_calendar(calendar: FiscalCalendar | None) -> FiscalCalendar | None:
    """``None`` for the calendar year, so equal rules record (and hash) alike."""
    if calendar is None or calendar == CALENDAR_YEAR:
        return None
    if not isinstance(calendar, FiscalCalendar):
        raise InvalidInputError(
            f"calendar must be a FiscalCalendar, got {type(calendar).__name__}",
            argument="calendar",
            value=repr(calendar),
        )
    return calendar


def _field_text(caliber: Caliber, name: str, calendar: FiscalCalendar | None) -> str:
    if name == "period":
        return caliber.period.describe(calendar)
    if name == "basis":
        return caliber.basis.value
    if name == "tax":
        return caliber.tax.value
    if name == "role":
        return caliber.role.value
    if name == "compared_to":
        base = caliber.compared_to
        return "none" if base is None else base.describe(calendar)
    return repr(getattr(caliber, name))


#: Operations that take figures of one role: a role difference gets a pointer to
#: the operations that combine a level with its change.
_ROLE_BLIND = frozenset(
    {"add", "sub", "yoy", "qoq", "ratio", "share", "cagr", "change_over", "average", "pp_change"}
)


def mismatch(
    operation: str,
    left: Fact,
    right: Fact,
    hint: str,
    *,
    calendar: FiscalCalendar | None = None,
    differing: tuple[str, ...] | None = None,
    detail: str | None = None,
) -> CaliberMismatchError:
    """The error for two facts whose calibers do not fit ``operation``, basis named first."""
    a, b = left.caliber, right.caliber
    fields = a.diff(b) if differing is None else differing
    # Basis first: it is the field people most often miss (single quarter vs 前三季度).
    order = sorted(fields, key=lambda name: (name != "basis", name != "period"))
    parts = [
        f"{name} differs ({_field_text(a, name, calendar)} vs {_field_text(b, name, calendar)})"
        for name in order
        if getattr(a, name) != getattr(b, name)
    ]
    if detail:
        parts.append(detail)
    if "role" in fields and a.role is not b.role and operation in _ROLE_BLIND:
        parts.append(
            "a level and its change combine only through prior_level, growth_from_change or "
            "level_from_change (and a growth rate through base_from_growth)"
        )
    if not parts:
        parts.append(f"both facts have the caliber {a.describe()}")
    return CaliberMismatchError(
        f"cannot {operation}: {'; '.join(parts)}; {hint}",
        operation=operation,
        left=a,
        right=b,
        differing=tuple(fields),
    )


def same_fact_error(operation: str, a: Fact, b: Fact) -> FincalcError:
    """The error for two facts of one caliber: a duplicate, or a conflict between sources."""
    where = f"{a.evidence.evidence_id} and {b.evidence.evidence_id}"
    if a.value == b.value:
        return DuplicateFactError(
            f"cannot {operation}: the same fact ({a.caliber.describe()}) was passed twice "
            f"({where}); counting it twice would double count — pass it once",
            operation=operation,
            caliber=a.caliber,
        )
    values = (format(a.value, "f"), format(b.value, "f"))
    return CaliberConflictError(
        f"cannot {operation}: two facts share the caliber {a.caliber.describe()} but differ "
        f"in value ({values[0]} from {a.evidence.evidence_id} vs {values[1]} from "
        f"{b.evidence.evidence_id}); that is double counting or a conflict between sources — "
        "use the figure the question means (find_conflicts lists such groups)",
        operation=operation,
        caliber=a.caliber,
        values=values,
    )


def undefined(operation: str, fact: Fact, role: str, why: str) -> UndefinedGrowthError:
    """The error for a base (``role``) whose value leaves the result undefined."""
    value = format(fact.value, "f")
    c = fact.caliber
    return UndefinedGrowthError(
        f"cannot {operation}: the {role} ({c.metric}, {c.entity}, {c.period.describe()}, "
        f"from {fact.evidence.evidence_id}) is {value}; {why}",
        operation=operation,
        base=value,
    )


def later_first(
    operation: str,
    current: Fact,
    prior: Fact,
    hint: str,
    calendar: FiscalCalendar | None,
) -> None:
    """Refuse a change whose "prior" period does not end before the current one starts."""
    c, p = current.caliber.period, prior.caliber.period
    if p.end <= c.start:
        return
    raise mismatch(
        operation,
        current,
        prior,
        hint,
        calendar=calendar,
        detail=(
            f"the prior period {p.describe(calendar)} does not end before the current period "
            f"{c.describe(calendar)} starts (pass the later figure first)"
        ),
    )


def same_length(p: Period, q: Period) -> bool:
    """Whether two periods are equally long (in whole months when both are)."""
    mp, mq = p.months, q.months
    if mp is not None and mq is not None:
        return mp == mq
    return p.end - p.start == q.end - q.start

"""Caliber-checked operations: each refuses to combine facts that mean different things.

Every operation checks the calibers first, then computes exactly in the
private decimal context (one context per call), rounds once by its
``Rounding`` rule, and returns a ``Computation``. The rule of each operation
is part of its contract and is stated in its docstring; ``docs/computing.md``
has them in one table.

Year-to-date rule (used by ``sub``): a figure is *year-to-date* when its
period starts on a fiscal-year start, lasts at most twelve whole months, and
its basis is the one the period implies (``FiscalCalendar.basis_of``). So 上半年
(H1) and 前三季度 (9M) are year-to-date (cumulative), and so are a first quarter
and a full fiscal year (single-period figures that also start the year).
Subtracting two nested year-to-date figures yields the remainder period:
9M − H1 = Q3, H1 − Q1 = Q2, FY − 9M = Q4.
"""

from __future__ import annotations

import decimal
import functools
from collections.abc import Callable, Sequence
from decimal import Decimal
from itertools import pairwise

from .._values.caliber import Basis, Caliber
from .._values.decimals import arithmetic
from .._values.errors import (
    CaliberConflictError,
    CaliberMismatchError,
    DimensionMismatchError,
    DuplicateFactError,
    FincalcError,
    InvalidInputError,
    UndefinedGrowthError,
)
from .._values.facts import Fact
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period
from .._values.public import public
from .audit import (
    Computation,
    Rounding,
    normalise_calendar,
    to_rounding,
)

__all__ = [
    "add",
    "cagr",
    "pp_change",
    "qoq",
    "ratio",
    "replay_computation",
    "share",
    "sub",
    "yoy",
]

_ZERO = Decimal(0)
_ONE = Decimal(1)
_AMOUNT = Rounding(2)
_PERCENT = Rounding(2, unit="%")
_RATIO = "RATIO"
_NOT_ADDITIVE = frozenset({_RATIO, "MULTIPLE"})
_WHOLE = Rounding(0)
#: Dimensions counted in whole units: a total of shares is never "3.00股".
_COUNTED = frozenset({"SHARES", "COUNT"})


def _default_rounding(dimension: str) -> Rounding:
    """``@2%`` for ratios, ``@0`` for share and head counts, ``@2`` otherwise."""
    if dimension == _RATIO:
        return _PERCENT
    return _WHOLE if dimension in _COUNTED else _AMOUNT


# -- shared checks -------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def _shifted(period: Period, years: int) -> Period:
    # Period.shift goes through relativedelta (several µs); periods repeat a lot.
    return period.shift(years=years)


def _check_fact(operation: str, name: str, value: object) -> Fact:
    if not isinstance(value, Fact):
        raise InvalidInputError(
            f"{operation}: {name} must be a Fact, got {type(value).__name__} "
            f"{repr(value)[:60]}; build one with Fact(quantity, caliber, evidence), "
            "Fact.build(...) or resolve(claim, docs)",
            argument=name,
            value=repr(value)[:80],
        )
    return value


def _check_dimensions(operation: str, left: Fact, right: Fact) -> None:
    a, b = left.caliber.dimension, right.caliber.dimension
    if a != b:
        raise DimensionMismatchError(
            f"cannot {operation}: dimensions differ ({a!r} vs {b!r}); fincalc never converts "
            "currencies or units implicitly — convert one side with an explicit, cited rate "
            "first",
            operation=operation,
            left=a,
            right=b,
        )


def _field_text(caliber: Caliber, name: str, calendar: FiscalCalendar | None) -> str:
    if name == "period":
        return caliber.period.describe(calendar)
    if name == "basis":
        return caliber.basis.value
    if name == "tax":
        return caliber.tax.value
    return repr(getattr(caliber, name))


def _mismatch(
    operation: str,
    left: Fact,
    right: Fact,
    hint: str,
    *,
    calendar: FiscalCalendar | None = None,
    differing: tuple[str, ...] | None = None,
    detail: str | None = None,
) -> CaliberMismatchError:
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
    if not parts:
        parts.append(f"both facts have the caliber {a.describe()}")
    return CaliberMismatchError(
        f"cannot {operation}: {'; '.join(parts)}; {hint}",
        operation=operation,
        left=a,
        right=b,
        differing=tuple(fields),
    )


def _same_fact_error(operation: str, a: Fact, b: Fact) -> FincalcError:
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


def _undefined(operation: str, fact: Fact, role: str, why: str) -> UndefinedGrowthError:
    value = format(fact.value, "f")
    c = fact.caliber
    return UndefinedGrowthError(
        f"cannot {operation}: the {role} ({c.metric}, {c.entity}, {c.period.describe()}, "
        f"from {fact.evidence.evidence_id}) is {value}; {why}",
        operation=operation,
        base=value,
    )


def _check_growth_inputs(
    operation: str,
    later: tuple[str, Fact],
    earlier: tuple[str, Fact],
    calendar: FiscalCalendar | None,
) -> None:
    """The checks every growth rate shares: two Facts, one dimension, no ratios, a calendar."""
    _check_fact(operation, *later)
    _check_fact(operation, *earlier)
    _check_dimensions(operation, later[1], earlier[1])
    _refuse_ratio_growth(operation, later[1], earlier[1])
    normalise_calendar(calendar)


def _refuse_ratio_growth(operation: str, current: Fact, prior: Fact) -> None:
    """Growth rates of ratios are the classic error: 25.3 % vs 24.8 % is +0.5 pp, not +2.02 %."""
    for fact in (current, prior):
        c = fact.caliber
        if c.dimension == _RATIO:
            raise DimensionMismatchError(
                f"cannot {operation}: {c.metric!r} ({fact.evidence.evidence_id}, "
                f"{fact.quantity.raw or format(fact.value, 'f')}) is a RATIO; the growth rate "
                "of a ratio (毛利率同比增长2.02%) is almost never what is meant — use "
                "pp_change(current, prior) for the change in percentage points",
                operation=operation,
                left=current.caliber.dimension,
                right=prior.caliber.dimension,
            )


def _later_first(
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
    raise _mismatch(
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


def _same_length(p: Period, q: Period) -> bool:
    mp, mq = p.months, q.months
    if mp is not None and mq is not None:
        return mp == mq
    return p.end - p.start == q.end - q.start


def _plain(value: Decimal) -> Decimal:
    """Exponent at most 0 and no negative zero, so JSON writes plain digits (in context)."""
    if not value:
        return value.copy_abs() if value.is_signed() else value
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent > 0:
        return value.quantize(_ONE)
    return value


def _is_currency(dimension: str) -> bool:
    return len(dimension) == 3 and dimension.isalpha() and dimension.isupper()


#: Rounding units that scale an amount (亿, million, …): only for amounts and counts.
_SCALE_UNITS = frozenset({"万", "亿", "thousand", "million", "billion"})


def _rounding(operation: str, rounding: Rounding | str | None, dimension: str) -> Rounding:
    """The display rule for a result of ``dimension``: the default, or the caller's, checked.

    ``%`` places only make sense for a ``RATIO``; a scale (万, 亿, thousand,
    million, billion) only for a currency amount or a count (``SHARES``,
    ``COUNT``). A ratio under a base-unit rule is allowed (rendered as a
    percentage); anything else is refused rather than displayed as nonsense
    ("148,200,000,000.00%", "同比持平0.00亿").
    """
    if rounding is None:
        return _default_rounding(dimension)
    rule = to_rounding(rounding)
    if rule.unit == "%" and dimension != _RATIO:
        fix = "use a base-unit or scale rule such as 'ROUND_HALF_UP@2' or 'ROUND_HALF_UP@2亿'"
    elif rule.unit in _SCALE_UNITS and not (_is_currency(dimension) or dimension in _COUNTED):
        fix = (
            "use 'ROUND_HALF_UP@2%' (places of a percentage)"
            if dimension == _RATIO
            else "use a base-unit rule such as 'ROUND_HALF_UP@2'"
        )
    else:
        return rule
    raise InvalidInputError(
        f"{operation}: the rounding rule {rule.rule!r} counts in {rule.unit!r}, which does not "
        f"fit the result's dimension {dimension!r}; {fix}",
        argument="rounding",
        value=rule.rule,
    )


def _arithmetic_error(operation: str, exc: decimal.DecimalException) -> InvalidInputError:
    return InvalidInputError(
        f"cannot {operation}: the amounts exceed fincalc's 50 significant digits "
        f"({type(exc).__name__}); check the units of the inputs",
        argument="facts",
        value=type(exc).__name__,
    )


def _name(value: object, argument: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInputError(
            f"{argument} must be a non-empty string, got {value!r}",
            argument=argument,
            value=repr(value),
        )
    return value


# -- totals and differences ------------------------------------------------------


def _record(
    operation: str,
    inputs: Sequence[Fact],
    target: Caliber,
    rule: Rounding,
    compute: Callable[[], Decimal],
    calendar: FiscalCalendar | None,
    *,
    note: str = "",
) -> Computation:
    """Run ``compute`` exactly in the private context, round once, and record it all."""
    try:
        with arithmetic():
            result = _plain(compute())
            display = rule.apply_in_context(result)
    except decimal.DecimalException as exc:
        raise _arithmetic_error(operation, exc) from exc
    return Computation(
        operation=operation,
        inputs=tuple(inputs),
        target=target,
        rounding=rule,
        result=result,
        display=display,
        note=note,
        calendar=normalise_calendar(calendar),
    )


def _ratio_target(operation: str, caliber: Caliber, metric: str | None) -> Caliber:
    """The RATIO caliber of a growth or change of ``caliber`` ("营业收入 yoy" by default)."""
    return Caliber(
        _name(metric, "metric") if metric is not None else f"{caliber.metric} {operation}",
        caliber.entity,
        caliber.period,
        caliber.basis,
        _RATIO,
        caliber.tax,
    )


@public
def add(
    *facts: Fact,
    entity: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Total several facts, over entities or over contiguous periods.

    Rule: every caliber field is equal except exactly one, and that one is
    either ``entity`` (a total over distinct entities; name it with
    ``entity=``) or ``period`` (single-period figures whose periods are
    contiguous and do not overlap; the total covers their union, with the
    basis ``calendar.basis_of(union)`` implies: Q1 + Q2 is the cumulative
    上半年, Q1 + … + Q4 the single-period fiscal year). Two facts with the same
    caliber are double counting: ``CaliberConflictError`` when their values
    differ, ``DuplicateFactError`` when equal. The sum is exact.

    Args:
        *facts: Two or more facts.
        entity: The name of a total over entities (required then).
        calendar: The fiscal calendar for totals over periods (calendar year
            by default).
        rounding: The display rule; ``ROUND_HALF_UP@2`` by default.

    Raises:
        CaliberMismatchError: the facts differ in more than one field, in a
            field other than entity or period, or their periods overlap, leave
            a gap, or are not single periods.
        DimensionMismatchError: the facts are in different currencies or units,
            or are ratios or multiples (which do not sum).
        CaliberConflictError: two facts share a caliber but not a value.
        DuplicateFactError: the same fact was passed twice.

    >>> from fincalc import Fact, add
    >>> east = Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
    ...                   evidence_id="seg-east")
    >>> south = Fact.build("612000000", metric="营业收入", entity="华南区", period="2025Q3",
    ...                    evidence_id="seg-south")
    >>> add(east, south, entity="华东+华南").result
    Decimal('1482000000')
    >>> q = [Fact.build(v, metric="营业收入", entity="华东区", period=f"2025Q{i}",
    ...                 evidence_id=f"q{i}") for i, v in enumerate(["1", "2"], start=1)]
    >>> add(*q).target.describe()
    '营业收入 | 华东区 | 2025H1 | cumulative | CNY | na'
    """
    operation = "add"
    if len(facts) < 2:
        raise InvalidInputError(
            f"add: needs at least two facts, got {len(facts)}; the total of one fact is "
            "the fact itself",
            argument="facts",
            value=len(facts),
        )
    for index, fact in enumerate(facts):
        _check_fact(operation, f"facts[{index}]", fact)
    first = facts[0]
    base = first.caliber
    for other in facts[1:]:
        _check_dimensions(operation, first, other)
    if base.dimension in _NOT_ADDITIVE:
        raise DimensionMismatchError(
            f"add: {base.metric!r} is a {base.dimension} ({first.quantity.raw or first.value}); "
            "ratios and multiples do not sum across entities or periods — add the "
            "underlying amounts, then take ratio() of the totals",
            operation=operation,
            left=base.dimension,
            right=base.dimension,
        )
    diffs = [base.diff(other.caliber) for other in facts[1:]]
    if all(d in ((), ("entity",)) for d in diffs) and any(diffs):
        target = _entity_total(facts, entity)
    elif all(d in ((), ("period",)) for d in diffs) and any(diffs):
        target = _period_total(facts, entity, calendar)
    elif not any(diffs):
        raise _same_fact_error(operation, first, facts[1])
    else:
        raise _add_mismatch(facts, diffs, calendar)
    rule = _rounding(operation, rounding, target.dimension)

    def total() -> Decimal:
        result = _ZERO
        for fact in facts:
            result += fact.quantity.value
        if decimal.getcontext().flags[decimal.Inexact]:
            raise decimal.Inexact("sum needs more than 50 significant digits")
        return result

    return _record(operation, facts, target, rule, total, calendar)


def _add_mismatch(
    facts: tuple[Fact, ...], diffs: list[tuple[str, ...]], calendar: FiscalCalendar | None
) -> CaliberMismatchError:
    hint = (
        "add totals facts that differ only in entity (name the total with entity=...) or "
        "only in period (contiguous single periods)"
    )
    allowed = ((), ("entity",), ("period",))
    for index, d in enumerate(diffs, start=1):
        if d not in allowed:
            return _mismatch("add", facts[0], facts[index], hint, calendar=calendar)
    by_entity = next(i for i, d in enumerate(diffs, start=1) if d == ("entity",))
    by_period = next(i for i, d in enumerate(diffs, start=1) if d == ("period",))
    return _mismatch("add", facts[by_entity], facts[by_period], hint, calendar=calendar)


def _entity_total(facts: tuple[Fact, ...], entity: str | None) -> Caliber:
    seen: dict[str, Fact] = {}
    for fact in facts:
        name = fact.caliber.entity
        if name in seen:
            raise _same_fact_error("add", seen[name], fact)
        seen[name] = fact
    if entity is None:
        names = ", ".join(repr(name) for name in list(seen)[:4])
        raise InvalidInputError(
            f"add: the facts are a total over entities ({names}); name the total, e.g. "
            "add(..., entity='华东+华南')",
            argument="entity",
            value=None,
        )
    _name(entity, "entity")
    if entity in seen:
        raise InvalidInputError(
            f"add: entity={entity!r} is one of the parts; name the total differently "
            "(e.g. '合计' or 'East+South')",
            argument="entity",
            value=entity,
        )
    return facts[0].caliber.replace(entity=entity)


def _period_total(
    facts: tuple[Fact, ...], entity: str | None, calendar: FiscalCalendar | None
) -> Caliber:
    base = facts[0].caliber
    if entity is not None and entity != base.entity:
        raise InvalidInputError(
            f"add: entity={entity!r} names a total over entities, but these facts differ in "
            f"period, not entity (all are {base.entity!r}); drop entity=",
            argument="entity",
            value=entity,
        )
    if base.basis is not Basis.SINGLE_PERIOD:
        raise CaliberMismatchError(
            f"cannot add over periods: the basis is {base.basis.value}; only single-period "
            "figures add up over time — a cumulative figure already contains the earlier "
            "quarters (derive a quarter with sub: 前三季度 − 上半年 = 第三季度), and "
            "balance-sheet (instant) figures never add over time",
            operation="add",
            left=base,
            right=facts[1].caliber,
            differing=("basis",),
        )
    ordered = sorted(facts, key=lambda fact: (fact.caliber.period.start, fact.caliber.period.end))
    for prev, nxt in pairwise(ordered):
        p, q = prev.caliber.period, nxt.caliber.period
        if p == q:
            raise _same_fact_error("add", prev, nxt)
        if q.start < p.end:
            raise _mismatch(
                "add",
                prev,
                nxt,
                "a total over periods needs periods that do not overlap (add Q1 + Q2, not H1 + Q2)",
                calendar=calendar,
                detail=f"periods overlap ({p.describe(calendar)} and {q.describe(calendar)})",
            )
        if q.start > p.end:
            raise _mismatch(
                "add",
                prev,
                nxt,
                "a total over periods needs contiguous periods; supply the missing period",
                calendar=calendar,
                detail=f"nothing covers {Period(p.end, q.start)} between "
                f"{p.describe(calendar)} and {q.describe(calendar)}",
            )
    union = Period(ordered[0].caliber.period.start, ordered[-1].caliber.period.end)
    basis = (calendar or CALENDAR_YEAR).basis_of(union)
    return base.replace(period=union, basis=basis)


@public
def sub(
    a: Fact,
    b: Fact,
    *,
    entity: str | None = None,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Subtract ``b`` from ``a`` where they differ in exactly one field.

    Rule, by the field that differs:

    - ``entity``: a difference between entities (named ``"A − B"`` unless
      ``entity=`` names it).
    - ``metric``: a derived metric such as 毛利 = 营业收入 − 营业成本; name it
      with ``metric=`` (required).
    - ``period``, nested year-to-date figures with the same start (see the
      module rule): the remainder period, exactly — 前三季度 (9M) − 上半年 (H1) =
      the single third quarter, recorded in the target caliber and ``note``.
      This is the only way a cumulative figure becomes a single-period one
      (never by dividing by the number of quarters).
    - ``period``, equal-length periods with the same basis that do not
      overlap: the change from ``b``'s period to ``a``'s, with the metric
      ``"<metric> change"`` unless ``metric=`` names it.

    Args:
        a: The minuend.
        b: The subtrahend.
        entity: Name of a difference between entities.
        metric: Name of the result's metric.
        calendar: Fiscal calendar deciding fiscal-year starts (calendar year by
            default).
        rounding: The display rule; ``ROUND_HALF_UP@2`` by default.

    Raises:
        CaliberMismatchError: the facts differ otherwise (e.g. a single
            quarter and a 前三季度 figure that are not nested from one start).
        DimensionMismatchError: the facts are in different currencies or units.
        CaliberConflictError, DuplicateFactError: both facts have one caliber.

    >>> from fincalc import Fact, sub
    >>> nine_months = Fact.build("2600000000", metric="营业收入", entity="公司",
    ...                          period="2025年前三季度", evidence_id="q3-report")
    >>> half = Fact.build("1700000000", metric="营业收入", entity="公司",
    ...                   period="2025年上半年", evidence_id="h1-report")
    >>> q3 = sub(nine_months, half)
    >>> q3.result, q3.target.period.describe(), q3.target.basis.value
    (Decimal('900000000'), '2025Q3', 'single_period')
    """
    operation = "sub"
    _check_fact(operation, "a", a)
    _check_fact(operation, "b", b)
    _check_dimensions(operation, a, b)
    ca, cb = a.caliber, b.caliber
    differing = ca.diff(cb)
    cal = calendar or CALENDAR_YEAR
    note = ""
    if metric is not None:
        _name(metric, "metric")
    if entity is not None and differing != ("entity",) and entity != ca.entity:
        raise InvalidInputError(
            f"sub: entity={entity!r} names a difference between entities, but these facts "
            f"do not differ in entity; drop entity=",
            argument="entity",
            value=entity,
        )
    if not differing:
        raise _same_fact_error(operation, a, b)
    if differing == ("entity",):
        name = entity if entity is not None else f"{ca.entity} − {cb.entity}"
        target = ca.replace(entity=_name(name, "entity"), metric=metric or ca.metric)
    elif differing == ("metric",):
        if metric is None:
            raise InvalidInputError(
                f"sub: the facts differ in metric ({ca.metric!r} vs {cb.metric!r}); name the "
                "result's metric, e.g. sub(revenue, cost, metric='毛利')",
                argument="metric",
                value=None,
            )
        target = ca.replace(metric=metric)
    elif "period" in differing and set(differing) <= {"period", "basis"}:
        remainder = _ytd_remainder(ca, cb, cal)
        if remainder is not None:
            basis = cal.basis_of(remainder)
            target = ca.replace(period=remainder, basis=basis, metric=metric or ca.metric)
            note = (
                f"{ca.period.describe(calendar)} ({ca.basis.value}) − "
                f"{cb.period.describe(calendar)} ({cb.basis.value}) = "
                f"{remainder.describe(calendar)} ({basis.value}): the remainder of two nested "
                "year-to-date figures"
            )
        elif (
            differing == ("period",)
            and not ca.period.overlaps(cb.period)
            and _same_length(ca.period, cb.period)
        ):
            _later_first(
                operation,
                a,
                b,
                "a change over time subtracts the earlier figure from the later: "
                f"sub({cb.period.describe(calendar)}, {ca.period.describe(calendar)})",
                calendar,
            )
            target = ca.replace(metric=metric or f"{ca.metric} change")
            note = f"change from {cb.period.describe(calendar)} to {ca.period.describe(calendar)}"
        else:
            raise _mismatch(
                operation, a, b, _sub_period_hint(ca, cb, cal, calendar), calendar=calendar
            )
    else:
        raise _mismatch(
            operation,
            a,
            b,
            "sub needs facts that differ in exactly one of entity, metric or period",
            calendar=calendar,
        )
    rule = _rounding(operation, rounding, target.dimension)

    def difference() -> Decimal:
        result = a.quantity.value - b.quantity.value
        if decimal.getcontext().flags[decimal.Inexact]:
            raise decimal.Inexact("difference needs more than 50 significant digits")
        return result

    return _record(operation, (a, b), target, rule, difference, calendar, note=note)


def _is_ytd(caliber: Caliber, calendar: FiscalCalendar) -> bool:
    period = caliber.period
    months = period.months
    return (
        months is not None
        and months <= 12
        and calendar.is_fiscal_year_start(period.start)
        and caliber.basis is not Basis.INSTANT
        and caliber.basis is calendar.basis_of(period)
    )


def _ytd_remainder(a: Caliber, b: Caliber, calendar: FiscalCalendar) -> Period | None:
    pa, pb = a.period, b.period
    if pa.start != pb.start or not pb.end < pa.end:
        return None
    if not (_is_ytd(a, calendar) and _is_ytd(b, calendar)):
        return None
    return Period(pb.end, pa.end)


def _sub_period_hint(
    a: Caliber, b: Caliber, cal: FiscalCalendar, calendar: FiscalCalendar | None
) -> str:
    if (
        a.period.start == b.period.start
        and a.period.end < b.period.end
        and _is_ytd(a, cal)
        and _is_ytd(b, cal)
    ):
        return (
            "subtract the shorter year-to-date figure from the longer: "
            f"sub({b.period.describe(calendar)}, {a.period.describe(calendar)})"
        )
    return (
        "subtract nested year-to-date figures with the same start (前三季度 − 上半年 = "
        "第三季度), or equal-length periods with the same basis for a change; never a single "
        "quarter and a cumulative figure"
    )


# -- growth --------------------------------------------------------------------


def _growth_result(
    operation: str,
    current: Fact,
    prior: Fact,
    metric: str | None,
    rounding: Rounding | str | None,
    calendar: FiscalCalendar | None,
) -> Computation:
    base = prior.quantity.value
    if not base or base.is_signed():
        raise _undefined(
            operation,
            prior,
            "base",
            "growth over a zero or negative base is undefined — report both values, or the "
            "change with sub()",
        )
    rule = _rounding(operation, rounding, _RATIO)
    target = _ratio_target(operation, current.caliber, metric)
    return _record(
        operation,
        (current, prior),
        target,
        rule,
        lambda: (current.quantity.value - base) / base,
        calendar,
    )


@public
def yoy(
    current: Fact,
    prior: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Year-over-year growth: ``(current − prior) / prior``, a ``RATIO``.

    Rule: every caliber field is equal except ``period``, and
    ``prior.period == current.period.shift(years=-1)`` exactly. A cumulative
    前三季度 figure compares only with the prior year's 前三季度; Q3 2025 only
    with Q3 2024.

    Args:
        current: The later figure.
        prior: The same caliber one year earlier.
        metric: The result's metric (``"<metric> yoy"`` by default).
        calendar: The fiscal calendar the periods are named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        CaliberMismatchError: any other field differs, or the prior period is
            not exactly one year earlier.
        DimensionMismatchError: the facts are in different currencies or units,
            or are ratios (use ``pp_change``).
        UndefinedGrowthError: the prior value is zero or negative.

    >>> from fincalc import Fact, yoy
    >>> now = Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
    ...                  evidence_id="r2025q3", raw="8.7 亿元")
    >>> before = Fact.build("874320000", metric="营业收入", entity="华东区", period="2024Q3",
    ...                     evidence_id="r2024q3", raw="87,432 万元")
    >>> yoy(now, before).display_text
    '-0.49%'
    """
    operation = "yoy"
    _check_growth_inputs(operation, ("current", current), ("prior", prior), calendar)
    c, p = current.caliber, prior.caliber
    differing = c.diff(p)
    expected = _shifted(c.period, -1)
    if differing != ("period",) or p.period != expected:
        detail = None
        if differing == ("period",):
            detail = (
                f"the prior period must be exactly one year earlier ({expected.describe(calendar)})"
            )
        elif not differing:
            detail = f"both facts are for {c.period.describe(calendar)}"
        raise _mismatch(
            operation,
            current,
            prior,
            f"compare {c.period.describe(calendar)} ({c.basis.value}) with the prior year's "
            f"{expected.describe(calendar)} ({c.basis.value}) of the same metric, entity and tax"
            + _basis_cue(c.basis),
            calendar=calendar,
            detail=detail,
        )
    return _growth_result(operation, current, prior, metric, rounding, calendar)


def _basis_cue(basis: Basis) -> str:
    if basis is Basis.CUMULATIVE:
        return "; a cumulative figure (前三季度, 上半年) compares only with the same span"
    if basis is Basis.SINGLE_PERIOD:
        return "; a single quarter (第三季度) compares only with a single quarter"
    return ""


@public
def qoq(
    current: Fact,
    prior: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Period-over-period (环比) growth: ``(current − prior) / prior``, a ``RATIO``.

    Rule: every caliber field is equal except ``period``; both are
    single-period figures of equal length, and the prior period ends exactly
    where the current one starts (2025Q2 → 2025Q3).

    Args:
        current: The later figure.
        prior: The figure for the adjacent preceding period.
        metric: The result's metric (``"<metric> qoq"`` by default).
        calendar: The fiscal calendar the periods are named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        CaliberMismatchError: another field differs, the periods are not
            adjacent or not equal in length, or a figure is cumulative/instant.
        DimensionMismatchError: the facts are in different currencies or units,
            or are ratios (use ``pp_change``).
        UndefinedGrowthError: the prior value is zero or negative.

    >>> from fincalc import Fact, qoq
    >>> q3 = Fact.build("900", metric="营业收入", entity="公司", period="2025Q3",
    ...                 evidence_id="q3")
    >>> q2 = Fact.build("800", metric="营业收入", entity="公司", period="2025Q2",
    ...                 evidence_id="q2")
    >>> qoq(q3, q2).display
    Decimal('12.50')
    """
    operation = "qoq"
    _check_growth_inputs(operation, ("current", current), ("prior", prior), calendar)
    c, p = current.caliber, prior.caliber
    differing = c.diff(p)
    if (
        differing != ("period",)
        or c.basis is not Basis.SINGLE_PERIOD
        or p.period.end != c.period.start
        or not _same_length(c.period, p.period)
    ):
        detail = None
        if differing == ("period",) and c.basis is not Basis.SINGLE_PERIOD:
            detail = f"both figures are {c.basis.value}"
        elif differing == ("period",):
            detail = (
                f"{p.period.describe(calendar)} is not the period of equal length ending where "
                f"{c.period.describe(calendar)} starts"
            )
        raise _mismatch(
            operation,
            current,
            prior,
            "qoq compares a single period with the adjacent preceding period of the same "
            "length (2025Q3 with 2025Q2); for cumulative figures derive the quarters with "
            "sub() first",
            calendar=calendar,
            detail=detail,
        )
    return _growth_result(operation, current, prior, metric, rounding, calendar)


@public
def cagr(
    end: Fact,
    start: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Compound annual growth rate: ``(end / start) ** (1 / years) − 1``, a ``RATIO``.

    Rule: every caliber field is equal except ``period``; the periods have
    equal length and ``start.period`` shifted by a whole number ``years ≥ 1``
    of years is ``end.period``. One year apart, the result is the exact yoy
    ratio; otherwise it is computed as ``exp(ln(end / start) / years) − 1``
    to 50 significant digits.

    Args:
        end: The later figure.
        start: The earlier figure.
        metric: The result's metric (``"<metric> cagr"`` by default).
        calendar: The fiscal calendar the periods are named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        CaliberMismatchError: another field differs or the periods are not a
            whole number of years apart.
        DimensionMismatchError: the facts are in different currencies or units,
            or are ratios (use ``pp_change``).
        UndefinedGrowthError: the start value is zero or negative, or the end
            value is negative.

    >>> from fincalc import Fact, cagr
    >>> fy24 = Fact.build("121", metric="净利润", entity="公司", period="FY2024", evidence_id="a24")
    >>> fy22 = Fact.build("100", metric="净利润", entity="公司", period="FY2022", evidence_id="a22")
    >>> cagr(fy24, fy22).display_text
    '10.00%'
    """
    operation = "cagr"
    _check_growth_inputs(operation, ("end", end), ("start", start), calendar)
    ce, cs = end.caliber, start.caliber
    differing = ce.diff(cs)
    years = ce.period.start.year - cs.period.start.year
    if differing != ("period",) or years < 1 or _shifted(cs.period, years) != ce.period:
        detail = None
        if differing == ("period",):
            detail = (
                f"{cs.period.describe(calendar)} and {ce.period.describe(calendar)} are not the "
                "same period a whole number of years apart (later one first)"
            )
        raise _mismatch(
            operation,
            end,
            start,
            "cagr needs equal-length periods a whole number of years apart, the later one "
            "first: cagr(FY2024, FY2020)",
            calendar=calendar,
            detail=detail,
        )
    base = start.quantity.value
    if not base or base.is_signed():
        raise _undefined(
            operation, start, "start value", "a compound growth rate needs a positive start"
        )
    final = end.quantity.value
    if final.is_signed() and final:
        raise _undefined(
            operation, end, "end value", "a compound growth rate to a negative value is undefined"
        )
    rule = _rounding(operation, rounding, _RATIO)

    def compound() -> Decimal:
        growth = final / base
        if years == 1:
            return (final - base) / base
        if not growth:
            return -_ONE
        return (growth.ln() / years).exp() - _ONE

    target = _ratio_target(operation, ce, metric)
    return _record(operation, (end, start), target, rule, compound, calendar)


@public
def pp_change(
    current: Fact,
    prior: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Percentage-point change between two ``RATIO`` facts: ``current − prior``.

    Rule: both facts are ratios (margins, shares, rates); every caliber field
    is equal except ``period``; the periods have equal length and the prior
    period ends no later than the current one starts. The display counts
    percentage points (``ROUND_HALF_UP@2%`` by default: 0.253 − 0.248 shows
    as 0.50).

    Args:
        current: The later ratio.
        prior: The earlier ratio.
        metric: The result's metric (``"<metric> pp_change"`` by default).
        calendar: The fiscal calendar the periods are named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        DimensionMismatchError: a fact is not a ``RATIO``.
        CaliberMismatchError: another field differs, the periods differ in
            length, or the prior period does not end before the current one.

    >>> from fincalc import Fact, pp_change
    >>> now = Fact.build("0.253", metric="毛利率", entity="公司", period="FY2024",
    ...                  dimension="RATIO", evidence_id="a24")
    >>> before = Fact.build("0.248", metric="毛利率", entity="公司", period="FY2023",
    ...                     dimension="RATIO", evidence_id="a23")
    >>> pp_change(now, before).display
    Decimal('0.50')
    """
    operation = "pp_change"
    _check_fact(operation, "current", current)
    _check_fact(operation, "prior", prior)
    for fact in (current, prior):
        if fact.caliber.dimension != _RATIO:
            raise DimensionMismatchError(
                f"cannot pp_change: {fact.caliber.metric!r} ({fact.evidence.evidence_id}) is "
                f"{fact.caliber.dimension!r}, not 'RATIO'; percentage points compare two "
                "ratios — for amounts use sub() or yoy()",
                operation=operation,
                left=current.caliber.dimension,
                right=prior.caliber.dimension,
            )
    normalise_calendar(calendar)
    c, p = current.caliber, prior.caliber
    differing = c.diff(p)
    hint = (
        "pp_change compares one ratio over two equal-length periods, the later one first: "
        "pp_change(FY2024, FY2023)"
    )
    if (
        differing != ("period",)
        or c.period.overlaps(p.period)
        or not _same_length(c.period, p.period)
    ):
        raise _mismatch(operation, current, prior, hint, calendar=calendar)
    _later_first(operation, current, prior, hint, calendar)
    rule = _rounding(operation, rounding, _RATIO)
    target = _ratio_target(operation, c, metric)
    return _record(
        operation,
        (current, prior),
        target,
        rule,
        lambda: current.quantity.value - prior.quantity.value,
        calendar,
    )


# -- ratios --------------------------------------------------------------------


def _quotient(
    operation: str,
    numerator: Fact,
    denominator: Fact,
    target: Caliber,
    rounding: Rounding | str | None,
    calendar: FiscalCalendar | None,
) -> Computation:
    rule = _rounding(operation, rounding, target.dimension)
    return _record(
        operation,
        (numerator, denominator),
        target,
        rule,
        lambda: numerator.quantity.value / denominator.quantity.value,
        calendar,
    )


@public
def ratio(
    numerator: Fact,
    denominator: Fact,
    *,
    metric: str,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Divide two figures of one entity and period (margins, per-share figures).

    Rule: ``entity``, ``period``, ``basis`` and ``tax`` are equal; the metrics
    usually differ (净利润 / 营业收入) and the result names its own ``metric``.
    Equal dimensions give a ``RATIO`` (``ROUND_HALF_UP@2%`` by default).
    Different dimensions are allowed only for a per-unit figure: a currency
    amount, or a share or head count, over a count (``SHARES`` or ``COUNT``),
    giving ``<NUM>_PER_<DEN>`` (e.g. ``CNY_PER_SHARES``, ``ROUND_HALF_UP@2``
    by default). Two currencies never divide (no implicit FX), and a ratio or
    multiple never divides a figure of another dimension.

    Args:
        numerator: The dividend.
        denominator: The divisor.
        metric: The result's metric, e.g. ``"净利率"``.
        calendar: The fiscal calendar the period is named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule.

    Raises:
        CaliberMismatchError: entity, period, basis or tax differ.
        DimensionMismatchError: the dimensions differ other than as a
            per-share or per-head figure (``CNY`` over ``USD``, ``RATIO`` over
            ``CNY``).
        UndefinedGrowthError: the denominator is zero.

    >>> from fincalc import Fact, ratio
    >>> profit = Fact.build("1.2E+8", metric="净利润", entity="公司", period="FY2024",
    ...                     evidence_id="is")
    >>> revenue = Fact.build("1.5E+9", metric="营业收入", entity="公司", period="FY2024",
    ...                      evidence_id="is")
    >>> ratio(profit, revenue, metric="净利率").display_text
    '8.00%'
    """
    operation = "ratio"
    _check_fact(operation, "numerator", numerator)
    _check_fact(operation, "denominator", denominator)
    _name(metric, "metric")
    normalise_calendar(calendar)
    cn, cd = numerator.caliber, denominator.caliber
    dimension = _ratio_dimension(cn.dimension, cd.dimension)
    differing = tuple(name for name in cn.diff(cd) if name not in ("metric", "dimension"))
    if differing:
        raise _mismatch(
            operation,
            numerator,
            denominator,
            "a ratio divides two figures of the same entity, period, basis and tax",
            calendar=calendar,
            differing=differing,
        )
    if not denominator.quantity.value:
        raise _undefined(operation, denominator, "denominator", "a ratio over zero is undefined")
    target = Caliber(metric, cn.entity, cn.period, cn.basis, dimension, cn.tax)
    return _quotient(operation, numerator, denominator, target, rounding, calendar)


def _ratio_dimension(top: str, bottom: str) -> str:
    """``RATIO`` for equal dimensions, ``<TOP>_PER_<BOTTOM>`` for per-unit figures, else raise."""
    if top == bottom:
        return _RATIO
    if bottom in _COUNTED and (_is_currency(top) or top in _COUNTED):
        return f"{top}_PER_{bottom}"
    if _is_currency(top) and _is_currency(bottom):
        why = (
            "two currencies never divide: fincalc has no implicit FX — convert one side "
            "with an explicit, cited rate first"
        )
    elif top in _NOT_ADDITIVE or bottom in _NOT_ADDITIVE:
        why = (
            "a ratio or multiple divides only a figure of the same dimension — divide the "
            "underlying amounts instead"
        )
    else:
        why = (
            "different dimensions divide only as a per-unit figure: a currency amount or a "
            "count over SHARES or COUNT (每股收益 = 净利润 / 总股本)"
        )
    raise DimensionMismatchError(
        f"cannot ratio: dimensions differ ({top!r} over {bottom!r}); {why}",
        operation="ratio",
        left=top,
        right=bottom,
    )


@public
def share(
    part: Fact,
    whole: Fact,
    *,
    metric: str | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """A part's share of a whole (占比): ``part / whole``, a ``RATIO``.

    Rule: metric, period, basis, dimension and tax are equal and the entities
    differ (华东区 of 全公司). The whole must be positive, the facts amounts or
    counts (never ratios or multiples, which are not parts of a whole), and a
    non-negative part no larger than the whole: a part bigger than the whole
    means the "whole" is a sibling, not the parent total.

    Args:
        part: The part (e.g. a segment).
        whole: The whole (e.g. the group total).
        metric: The result's metric (``"<metric> share of <whole entity>"`` by
            default).
        calendar: The fiscal calendar the period is named by (recorded, and
            used by ``render``); the calendar year by default.
        rounding: The display rule; ``ROUND_HALF_UP@2%`` by default.

    Raises:
        CaliberMismatchError: another field differs, the entities are equal,
            or a non-negative part exceeds the whole.
        DimensionMismatchError: the facts are in different currencies or units,
            or are ratios or multiples.
        UndefinedGrowthError: the whole is zero or negative.

    >>> from fincalc import Fact, share
    >>> east = Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
    ...                   evidence_id="seg")
    >>> group = Fact.build("2.9E+9", metric="营业收入", entity="全公司", period="2025Q3",
    ...                    evidence_id="is")
    >>> share(east, group).display_text
    '30.00%'
    """
    operation = "share"
    _check_fact(operation, "part", part)
    _check_fact(operation, "whole", whole)
    _check_dimensions(operation, part, whole)
    normalise_calendar(calendar)
    cp, cw = part.caliber, whole.caliber
    if cp.dimension in _NOT_ADDITIVE:
        raise DimensionMismatchError(
            f"cannot share: {cp.metric!r} is a {cp.dimension} "
            f"({part.quantity.raw or format(part.value, 'f')}); a ratio or multiple is not a "
            "part of a whole — take the share of the underlying amounts",
            operation=operation,
            left=cp.dimension,
            right=cw.dimension,
        )
    if cp.diff(cw) != ("entity",):
        raise _mismatch(
            operation,
            part,
            whole,
            "a share divides one entity's figure by another's (segment of group) for the same "
            "metric, period, basis and tax",
            calendar=calendar,
            detail=None if cp.entity != cw.entity else f"both are {cp.entity!r}",
        )
    total = whole.quantity.value
    if not total or total.is_signed():
        raise _undefined(
            operation, whole, "whole", "a share of a zero or negative total is undefined"
        )
    amount = part.quantity.value
    if not amount.is_signed() and amount > total:
        raise CaliberMismatchError(
            f"cannot share: the part ({cp.entity!r}, {format(amount, 'f')} from "
            f"{part.evidence.evidence_id}) exceeds the whole ({cw.entity!r}, "
            f"{format(total, 'f')} from {whole.evidence.evidence_id}); the whole must be the "
            f"parent total that contains {cp.entity!r}, not a sibling or another part",
            operation=operation,
            left=cp,
            right=cw,
            differing=("entity",),
        )
    target = Caliber(
        _name(metric, "metric") if metric is not None else f"{cp.metric} share of {cw.entity}",
        cp.entity,
        cp.period,
        cp.basis,
        _RATIO,
        cp.tax,
    )
    return _quotient(operation, part, whole, target, rounding, calendar)


# -- replay --------------------------------------------------------------------


def replay_computation(computation: Computation) -> Computation:
    """Recompute a record with the operation, inputs, names and rule it stores.

    ``Computation.replay`` calls this and compares the result; use that.
    """
    inputs = computation.inputs
    target = computation.target
    rule = computation.rounding
    operation = computation.operation
    if operation == "add":
        parts_entity = all(fact.caliber.entity == target.entity for fact in inputs)
        return add(
            *inputs,
            entity=None if parts_entity else target.entity,
            calendar=computation.calendar,
            rounding=rule,
        )
    first, second = _two(computation)
    if operation == "sub":
        return sub(
            first,
            second,
            entity=target.entity if first.caliber.entity != second.caliber.entity else None,
            metric=target.metric,
            calendar=computation.calendar,
            rounding=rule,
        )
    if operation == "ratio":
        return ratio(
            first, second, metric=target.metric, calendar=computation.calendar, rounding=rule
        )
    functions = {"yoy": yoy, "qoq": qoq, "share": share, "cagr": cagr, "pp_change": pp_change}
    return functions[operation](
        first, second, metric=target.metric, calendar=computation.calendar, rounding=rule
    )


def _two(computation: Computation) -> tuple[Fact, Fact]:
    if len(computation.inputs) != 2:
        raise InvalidInputError(
            f"{computation.operation} takes exactly 2 inputs, the record has "
            f"{len(computation.inputs)}",
            argument="inputs",
            value=len(computation.inputs),
        )
    return computation.inputs[0], computation.inputs[1]

"""The rules of ``sub``: four differences, told apart by the one field the facts differ in.

- ``entity``: a difference between entities (``entity_difference``).
- ``metric``: a derived metric such as 毛利 = 营业收入 − 营业成本, named by the
  caller (``derived_metric``).
- ``period``, nested year-to-date figures with the same start: the remainder
  period, exactly (``remainder_of_year_to_date``).
- ``period``, equal-length periods with the same basis that do not overlap:
  the change from the earlier to the later (``change_over_time``).

Year-to-date rule: a figure is *year-to-date* when its period starts on a
fiscal-year start, lasts at most twelve whole months, and its basis is the
one the period implies (``FiscalCalendar.basis_of``). So 上半年 (H1) and
前三季度 (9M) are year-to-date (cumulative), and so are a first quarter and a
full fiscal year (single-period figures that also start the year).
Subtracting two nested year-to-date figures yields the remainder period:
9M − H1 = Q3, H1 − Q1 = Q2, FY − 9M = Q4. This is the only way a cumulative
figure becomes a single-period one (never by dividing by the number of
quarters).

Sign rule (``signs.py``): a negative figure is ambiguous where its reading
decides the answer. A difference of two metrics with a negative input
(operating cash flow − capex "(460.8)"), or a change or gap between two
negative figures (capex "(480)" against "(460)": up or down?), is refused
until the caller declares ``signs=`` (``as_written`` or ``magnitude``, for
both inputs or one each). The remainder of two year-to-date figures keeps
whatever convention the statement uses and needs no declaration.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from .._base.exceptions import InvalidInputError
from .._values.caliber import Basis, Caliber
from .._values.decimals import exact_sum
from .._values.facts import Fact
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period
from .checks import (
    check_dimensions,
    check_fact,
    checked_name,
    later_first,
    mismatch,
    normalise_calendar,
    same_fact_error,
    same_length,
)
from .outcome import Extras, Outcome, settle
from .rounding import Rounding, rounding_for
from .signs import apply_convention, check_signs, reads_either_way, sign_note, undeclared_negative
from .spec import SignConvention

__all__ = [
    "change_over_time",
    "derived_metric",
    "difference",
    "entity_difference",
    "remainder_of_year_to_date",
]

_OPERATION: Final = "sub"


def difference(
    a: Fact,
    b: Fact,
    *,
    entity: str | None,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    signs: object = None,
) -> Outcome:
    """``a − b`` by the rule for the one field the facts differ in (the module docstring)."""
    differing = _check_pair(a, b, entity, metric, calendar)
    declared = check_signs(_OPERATION, signs, ("a", "b"))
    if differing == ("entity",):
        _check_negatives(a, b, declared, both=True)
        return entity_difference(
            a, b, entity=entity, metric=metric, calendar=calendar, rounding=rounding, signs=declared
        )
    if differing == ("metric",):
        _check_negatives(a, b, declared, both=False)
        return derived_metric(
            a, b, metric=metric, calendar=calendar, rounding=rounding, signs=declared
        )
    if "period" in differing and set(differing) <= {"period", "basis"}:
        ca, cb = a.caliber, b.caliber
        cal = calendar or CALENDAR_YEAR
        remainder = _year_to_date_remainder(ca, cb, cal)
        if remainder is not None:
            return remainder_of_year_to_date(
                a,
                b,
                remainder,
                metric=metric,
                calendar=calendar,
                rounding=rounding,
                signs=declared,
            )
        if (
            differing == ("period",)
            and not ca.period.overlaps(cb.period)
            and same_length(ca.period, cb.period)
        ):
            _check_negatives(a, b, declared, both=True)
            return change_over_time(
                a, b, metric=metric, calendar=calendar, rounding=rounding, signs=declared
            )
        raise mismatch(_OPERATION, a, b, _period_hint(ca, cb, cal, calendar), calendar=calendar)
    raise mismatch(
        _OPERATION,
        a,
        b,
        "sub needs facts that differ in exactly one of entity, metric or period",
        calendar=calendar,
    )


def _check_pair(
    a: Fact, b: Fact, entity: str | None, metric: str | None, calendar: FiscalCalendar | None
) -> tuple[str, ...]:
    """The checks every difference shares; return the caliber fields that differ."""
    check_fact(_OPERATION, "a", a)
    check_fact(_OPERATION, "b", b)
    normalise_calendar(calendar)
    check_dimensions(_OPERATION, a, b)
    ca, cb = a.caliber, b.caliber
    differing = ca.diff(cb)
    if metric is not None:
        checked_name(metric, "metric")
    if entity is not None and differing != ("entity",) and entity != ca.entity:
        raise InvalidInputError(
            f"sub: entity={entity!r} names a difference between entities, but these facts "
            f"do not differ in entity; drop entity=",
            argument="entity",
            value=entity,
        )
    if not differing:
        raise same_fact_error(_OPERATION, a, b)
    return differing


def _check_negatives(
    a: Fact, b: Fact, declared: tuple[SignConvention, ...] | None, *, both: bool
) -> None:
    """Refuse a negative input whose reading decides the answer (the module docstring).

    ``both``: only two negative figures are ambiguous (a change or gap of one
    line); otherwise any negative input is (a difference of two metrics).
    """
    if declared is not None:
        return
    negative = [(role, fact) for role, fact in (("a", a), ("b", b)) if reads_either_way(fact)]
    if not negative or (both and len(negative) < 2):
        return
    role, fact = negative[-1]
    if both:
        why = (
            "both figures are negative, and whether the line rose or fell depends on whether "
            "the minus is presentation (an outflow in brackets) or a real negative"
        )
        fixes = ("sub(a, b, ..., signs='magnitude')", "sub(a, b, ..., signs='as_written')")
    else:
        why = (
            "subtracting a negative adds it back"
            if role == "b"
            else "a negative minuend changes the difference's magnitude"
        ) + ", so whether the minus is real or an outflow written in brackets decides the answer"
        magnitude = "('as_written', 'magnitude')" if role == "b" else "('magnitude', 'as_written')"
        fixes = (
            f"sub(a, b, metric=..., signs={magnitude}) or a registry formula such as "
            "formula('free_cash_flow', {...})",
            "sub(a, b, metric=..., signs='as_written')",
        )
    raise undeclared_negative(_OPERATION, role, fact, why, fixes)


def entity_difference(
    a: Fact,
    b: Fact,
    *,
    entity: str | None,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    signs: tuple[SignConvention, ...] | None = None,
) -> Outcome:
    """``a − b`` for two entities; the result's entity is ``"A − B"`` unless named."""
    ca, cb = a.caliber, b.caliber
    name = entity if entity is not None else f"{ca.entity} − {cb.entity}"
    target = ca.replace(entity=checked_name(name, "entity"), metric=metric or ca.metric)
    return _settle_difference(a, b, target, rounding, calendar, signs=signs)


def derived_metric(
    a: Fact,
    b: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    signs: tuple[SignConvention, ...] | None = None,
) -> Outcome:
    """``a − b`` for two metrics of one entity and period; the caller names the result."""
    ca, cb = a.caliber, b.caliber
    if metric is None:
        raise InvalidInputError(
            f"sub: the facts differ in metric ({ca.metric!r} vs {cb.metric!r}); name the "
            "result's metric, e.g. sub(revenue, cost, metric='毛利')",
            argument="metric",
            value=None,
        )
    return _settle_difference(a, b, ca.replace(metric=metric), rounding, calendar, signs=signs)


def remainder_of_year_to_date(
    a: Fact,
    b: Fact,
    remainder: Period,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    signs: tuple[SignConvention, ...] | None = None,
) -> Outcome:
    """The figure for ``remainder`` from nested year-to-date ``a`` ⊃ ``b`` (9M − H1 = Q3)."""
    ca, cb = a.caliber, b.caliber
    basis = (calendar or CALENDAR_YEAR).basis_of(remainder)
    target = ca.replace(period=remainder, basis=basis, metric=metric or ca.metric)
    note = (
        f"{ca.period.describe(calendar)} ({ca.basis.value}) − "
        f"{cb.period.describe(calendar)} ({cb.basis.value}) = "
        f"{remainder.describe(calendar)} ({basis.value}): the remainder of two nested "
        "year-to-date figures"
    )
    return _settle_difference(a, b, target, rounding, calendar, note=note, signs=signs)


def change_over_time(
    a: Fact,
    b: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    signs: tuple[SignConvention, ...] | None = None,
) -> Outcome:
    """``a − b`` for equal-length periods, ``b``'s earlier; metric ``"<metric> change"``."""
    ca, cb = a.caliber, b.caliber
    later_first(
        _OPERATION,
        a,
        b,
        "a change over time subtracts the earlier figure from the later: "
        f"sub({cb.period.describe(calendar)}, {ca.period.describe(calendar)})",
        calendar,
    )
    target = ca.replace(metric=metric or f"{ca.metric} change")
    note = f"change from {cb.period.describe(calendar)} to {ca.period.describe(calendar)}"
    return _settle_difference(a, b, target, rounding, calendar, note=note, signs=signs)


def _settle_difference(
    a: Fact,
    b: Fact,
    target: Caliber,
    rounding: Rounding | str | None,
    calendar: FiscalCalendar | None,
    *,
    note: str = "",
    signs: tuple[SignConvention, ...] | None = None,
) -> Outcome:
    rule = rounding_for(_OPERATION, rounding, target.dimension)
    first = apply_convention(a, signs[0] if signs else None)
    second = apply_convention(b, signs[1] if signs else None)
    if signs is not None:
        convention = sign_note(("a", "b"), (a, b), signs)
        note = f"{note}; {convention}" if note else convention

    def exact_difference() -> Decimal:  # exact: as many digits as the difference needs
        return exact_sum((first, second), (1, -1))

    return settle(
        _OPERATION,
        (a, b),
        target,
        rule,
        exact_difference,
        calendar,
        note=note,
        extras=Extras(signs=signs),
    )


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


def _year_to_date_remainder(a: Caliber, b: Caliber, calendar: FiscalCalendar) -> Period | None:
    """The period ``a`` covers beyond ``b`` when both are nested year-to-date figures."""
    pa, pb = a.period, b.period
    if pa.start != pb.start or not pb.end < pa.end:
        return None
    if not (_is_ytd(a, calendar) and _is_ytd(b, calendar)):
        return None
    return Period(pb.end, pa.end)


def _period_hint(
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

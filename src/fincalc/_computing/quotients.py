"""The rules of the divisions: ``ratio`` (margins, per-share figures) and ``share`` (占比).

Both divide two figures of one period, basis and tax. ``ratio`` divides two
figures of one entity (the metrics usually differ); ``share`` divides one
entity's figure by its parent total's (the same metric). A flow over a
balance is an analytic the caller declares (``ratio(..., kind=...)``,
``analytics.py``).

Sign rule: when exactly one of ``ratio``'s two figures is negative, the
result's sign depends on whether that minus is real (a net loss) or an
outflow written in brackets ("Dividends paid (7,616)" gives a payout of
−80 %), so the ratio is refused until the caller declares ``signs=``.
"""

from __future__ import annotations

from typing import Final

from .._base.exceptions import CaliberMismatchError, DimensionMismatchError
from .._values.caliber import Basis, Caliber
from .._values.dimensions import MULTIPLE, RATIO, find_dimension, is_additive, is_money
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .checks import (
    check_dimensions,
    check_fact,
    checked_name,
    described,
    mismatch,
    normalise_calendar,
    same_length,
    undefined,
)
from .outcome import Extras, Operation, Outcome, settle
from .rounding import Rounding, rounding_for
from .signs import (
    apply_convention,
    check_signs,
    is_negative,
    reads_either_way,
    sign_note,
    undeclared_negative,
)
from .spec import SignConvention

__all__ = [
    "check_mixed_signs",
    "multiple_across",
    "part_of_whole",
    "per_unit_dimension",
    "quotient",
]

#: Kinds a per-unit figure may count by (per share, per employee, per tonne, per day).
_PER_KINDS = frozenset({"count", "physical", "time"})
#: Kinds a per-unit figure may measure (yuan, shares, tonnes, kWh per …).
_OF_KINDS = frozenset({"money", "count", "physical", "time"})


def quotient(
    numerator: Fact,
    denominator: Fact,
    *,
    metric: str,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
    signs: object = None,
) -> Outcome:
    """``numerator / denominator`` of one entity, period, basis and tax (``ratio``)."""
    operation: Final = "ratio"
    check_fact(operation, "numerator", numerator)
    check_fact(operation, "denominator", denominator)
    checked_name(metric, "metric")
    normalise_calendar(calendar)
    declared = check_signs(operation, signs, ("numerator", "denominator"))
    cn, cd = numerator.caliber, denominator.caliber
    dimension = per_unit_dimension(cn.dimension, cd.dimension)
    differing = tuple(name for name in cn.diff(cd) if name not in ("metric", "dimension"))
    if differing:
        raise mismatch(
            operation,
            numerator,
            denominator,
            _ratio_hint(cn, cd),
            calendar=calendar,
            differing=differing,
        )
    if not denominator.quantity.value:
        raise undefined(operation, denominator, "denominator", "a ratio over zero is undefined")
    check_mixed_signs(operation, numerator, denominator, declared)
    target = Caliber(metric, cn.entity, cn.period, cn.basis, dimension, cn.tax)
    return _divide(operation, numerator, denominator, target, rounding, calendar, signs=declared)


def _ratio_hint(cn: Caliber, cd: Caliber) -> str:
    hint = "a ratio divides two figures of the same entity, period, basis and tax"
    if cn.metric == cd.metric and (cn.entity != cd.entity or cn.period != cd.period):
        hint += (
            "; one metric compared across entities or periods is multiple_of(a, b) (US "
            "consumption / Germany's), a part of its whole is share(part, whole)"
        )
    if (cn.basis is Basis.INSTANT) != (cd.basis is Basis.INSTANT) and cn.entity == cd.entity:
        hint += (
            "; a flow over a balance is an analytic — name it: ratio(..., kind='turnover') "
            "(asset turnover), kind='return' (ROA, ROE), kind='days' (DSO, with the balance "
            "first) or kind='per_unit' (revenue per employee at year end), or use a registry "
            "formula such as formula('return_on_assets', {...})"
        )
    return hint


def check_mixed_signs(
    operation: str, numerator: Fact, denominator: Fact, declared: tuple[SignConvention, ...] | None
) -> None:
    """Refuse a quotient of one negative and one positive figure without a declared convention."""
    if declared is not None or is_negative(numerator) == is_negative(denominator):
        return
    if not numerator.quantity.value:
        return
    role, fact = (
        ("numerator", numerator) if is_negative(numerator) else ("denominator", denominator)
    )
    if not reads_either_way(fact):
        return  # a negative margin or loss per share is a real negative
    magnitude = (
        "('magnitude', 'as_written')" if role == "numerator" else "('as_written', 'magnitude')"
    )
    raise undeclared_negative(
        operation,
        role,
        fact,
        "the quotient's sign depends on whether that minus is real or an outflow written in "
        "brackets (a payout ratio of −80 % is the classic error)",
        (
            f"{operation}(..., signs={magnitude}) or a registry formula such as "
            "formula('payout_ratio', {...})",
            f"{operation}(..., signs='as_written') (a net margin on a net loss)",
        ),
    )


def per_unit_dimension(top: str, bottom: str) -> str:
    """``RATIO`` for equal dimensions, ``<TOP>_PER_<BOTTOM>`` for per-unit figures, else raise.

    A per-unit figure divides an amount of money, a count, a physical
    quantity or days by a count, a physical quantity or days: 每股收益
    (``CNY_PER_SHARES``), revenue per employee (``USD_PER_PERSONS``), cost per
    tonne (``CNY_PER_TONNES``).

    >>> per_unit_dimension("CNY", "CNY"), per_unit_dimension("CNY", "PERSONS")
    ('RATIO', 'CNY_PER_PERSONS')
    """
    if top == bottom:
        return RATIO
    top_info, bottom_info = find_dimension(top), find_dimension(bottom)
    if (
        top_info is not None
        and bottom_info is not None
        and top_info.kind in _OF_KINDS
        and bottom_info.kind in _PER_KINDS
    ):
        return f"{top}_PER_{bottom}"
    if is_money(top) and is_money(bottom):
        why = (
            "two currencies never divide: fincalc has no implicit FX — convert one side "
            "with an explicit, cited rate first"
        )
    elif not is_additive(top) or not is_additive(bottom):
        why = (
            "a ratio or multiple (or a per-unit figure) divides only a figure of the same "
            "dimension — divide the underlying amounts instead"
        )
    else:
        why = (
            "different dimensions divide only as a per-unit figure: an amount, a count or "
            "a physical quantity over a count (SHARES, PERSONS), a physical quantity "
            "(TONNES) or DAYS (每股收益 = 净利润 / 总股本)"
        )
    raise DimensionMismatchError(
        f"cannot ratio: dimensions differ ({top!r} over {bottom!r}); {why}",
        operation="ratio",
        left=top,
        right=bottom,
    )


def part_of_whole(
    part: Fact,
    whole: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``part / whole`` for a part no larger than its positive parent total (``share``)."""
    operation: Final = "share"
    check_fact(operation, "part", part)
    check_fact(operation, "whole", whole)
    check_dimensions(operation, part, whole)
    normalise_calendar(calendar)
    cp, cw = part.caliber, whole.caliber
    if not is_additive(cp.dimension):
        raise DimensionMismatchError(
            f"cannot share: {cp.metric!r} is a {cp.dimension} "
            f"({part.quantity.raw or format(part.value, 'f')}); a ratio or multiple is not a "
            "part of a whole — take the share of the underlying amounts",
            operation=operation,
            left=cp.dimension,
            right=cw.dimension,
        )
    differing = cp.diff(cw)
    inside = _period_inside(cp, cw)
    if differing == ("entity",):
        name = f"{cp.metric} share of {cw.entity}"
        note = ""
    elif inside and set(differing) <= {"period", "basis"}:
        # a quarter of its year, a month of its half: the part's period inside the whole's
        name = f"{cp.metric} share of {described(cw.period, calendar)}"
        note = (
            f"{cp.entity} {described(cp.period, calendar)} / {described(cw.period, calendar)} "
            "(the part's period lies inside the whole's)"
        )
    else:
        details = []
        if cp.entity == cw.entity:
            details.append(f"both are {cp.entity!r}")
        if "period" in differing and not inside:
            details.append(
                f"{described(cp.period, calendar)} does not lie inside "
                f"{described(cw.period, calendar)} (or one is a balance)"
            )
        elif "entity" in differing and "period" in differing:
            details.append("a share takes another entity or a longer period, not both at once")
        raise mismatch(
            operation,
            part,
            whole,
            "a share divides a part by the whole that contains it, for the same metric and "
            "tax: a segment by its group (same period), or a quarter by its year (same entity, "
            "the part's period inside the whole's)",
            calendar=calendar,
            detail="; ".join(details) or None,
        )
    _check_part_fits(part, whole)
    target = Caliber(
        checked_name(metric, "metric") if metric is not None else name,
        cp.entity,
        cp.period,
        cp.basis,
        RATIO,
        cp.tax,
    )
    if note:
        return _divide(operation, part, whole, target, rounding, calendar, note=note)
    return _divide(operation, part, whole, target, rounding, calendar)


def _period_inside(cp: Caliber, cw: Caliber) -> bool:
    """The part's period lies strictly inside the whole's, both figures over periods."""
    if cp.basis is Basis.INSTANT or cw.basis is Basis.INSTANT or cp.period == cw.period:
        return False
    return cw.period.contains(cp.period)


def multiple_across(
    first: Fact,
    second: Fact,
    *,
    metric: str | None,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``first / second`` of one metric across entities or periods, as a ``MULTIPLE``."""
    operation: Final = "multiple_of"
    check_fact(operation, "first", first)
    check_fact(operation, "second", second)
    check_dimensions(operation, first, second)
    normalise_calendar(calendar)
    ca, cb = first.caliber, second.caliber
    differing = ca.diff(cb)
    fits = bool(differing) and set(differing) <= {"entity", "period"}
    if fits and "period" in differing:
        fits = ca.basis is Basis.INSTANT or same_length(ca.period, cb.period)
    if not fits:
        raise mismatch(
            operation,
            first,
            second,
            "a multiple compares one metric (same basis, dimension, tax and role) across "
            "entities or periods of equal length: US consumption / Germany's",
            calendar=calendar,
            detail=None if differing else f"both facts have the caliber {ca.describe()}",
        )
    if not is_additive(ca.dimension):
        raise DimensionMismatchError(
            f"cannot {operation}: {ca.metric!r} is a {ca.dimension}; a multiple of two ratios "
            "is rarely meant — compare them with sub() (percentage points) or ratio()",
            operation=operation,
            left=ca.dimension,
            right=cb.dimension,
        )
    for name, fact in (("first", first), ("second", second)):
        value = fact.quantity.value
        if not value or value.is_signed():
            raise undefined(
                operation, fact, name, "a multiple of a zero or negative figure is not meaningful"
            )
    sides = [_side(c, differing, calendar) for c in (ca, cb)]
    name = (
        checked_name(metric, "metric")
        if metric is not None
        else f"{ca.metric}: {sides[0]} / {sides[1]}"
    )
    target = Caliber(name, ca.entity, ca.period, ca.basis, MULTIPLE, ca.tax)
    note = f"{ca.metric} of {sides[0]} is this many times that of {sides[1]}"
    return _divide(operation, first, second, target, rounding, calendar, note=note)


def _side(caliber: Caliber, differing: tuple[str, ...], calendar: FiscalCalendar | None) -> str:
    parts = []
    if "entity" in differing:
        parts.append(caliber.entity)
    if "period" in differing:
        parts.append(described(caliber.period, calendar))
    return " ".join(parts)


def _check_part_fits(part: Fact, whole: Fact) -> None:
    """A positive whole, and a non-negative part no larger than it (else it is a sibling)."""
    cp, cw = part.caliber, whole.caliber
    total = whole.quantity.value
    if not total or total.is_signed():
        raise undefined("share", whole, "whole", "a share of a zero or negative total is undefined")
    amount = part.quantity.value
    if not amount.is_signed() and amount > total:
        raise CaliberMismatchError(
            f"cannot share: the part ({cp.entity!r}, {format(amount, 'f')} from "
            f"{part.evidence.evidence_id}) exceeds the whole ({cw.entity!r}, "
            f"{format(total, 'f')} from {whole.evidence.evidence_id}); the whole must be the "
            f"parent total that contains {cp.entity!r}, not a sibling or another part",
            operation="share",
            left=cp,
            right=cw,
            differing=("entity",),
        )


def _divide(
    operation: Operation,
    numerator: Fact,
    denominator: Fact,
    target: Caliber,
    rounding: Rounding | str | None,
    calendar: FiscalCalendar | None,
    *,
    signs: tuple[SignConvention, ...] | None = None,
    note: str = "",
) -> Outcome:
    rule = rounding_for(operation, rounding, target.dimension)
    top = apply_convention(numerator, signs[0] if signs else None)
    bottom = apply_convention(denominator, signs[1] if signs else None)
    if signs is not None:
        note = sign_note(("numerator", "denominator"), (numerator, denominator), signs)
        if not bottom:
            raise undefined(operation, denominator, "denominator", "a ratio over zero is undefined")
    return settle(
        operation,
        (numerator, denominator),
        target,
        rule,
        lambda: top / bottom,
        calendar,
        note=note,
        extras=Extras(signs=signs),
    )

"""The rules of the divisions: ``ratio`` (margins, per-share figures) and ``share`` (占比).

Both divide two figures of one period, basis and tax. ``ratio`` divides two
figures of one entity (the metrics usually differ); ``share`` divides one
entity's figure by its parent total's (the same metric).
"""

from __future__ import annotations

from typing import Final

from .._values.caliber import Caliber
from .._values.errors import CaliberMismatchError, DimensionMismatchError
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .checks import (
    check_dimensions,
    check_fact,
    checked_name,
    mismatch,
    normalise_calendar,
    undefined,
)
from .dimensions import COUNTED, NOT_ADDITIVE, RATIO, is_currency
from .outcome import Operation, Outcome, settle
from .rounding import Rounding, rounding_for

__all__ = ["part_of_whole", "quotient"]


def quotient(
    numerator: Fact,
    denominator: Fact,
    *,
    metric: str,
    calendar: FiscalCalendar | None,
    rounding: Rounding | str | None,
) -> Outcome:
    """``numerator / denominator`` of one entity, period, basis and tax (``ratio``)."""
    operation: Final = "ratio"
    check_fact(operation, "numerator", numerator)
    check_fact(operation, "denominator", denominator)
    checked_name(metric, "metric")
    normalise_calendar(calendar)
    cn, cd = numerator.caliber, denominator.caliber
    dimension = _ratio_dimension(cn.dimension, cd.dimension)
    differing = tuple(name for name in cn.diff(cd) if name not in ("metric", "dimension"))
    if differing:
        raise mismatch(
            operation,
            numerator,
            denominator,
            "a ratio divides two figures of the same entity, period, basis and tax",
            calendar=calendar,
            differing=differing,
        )
    if not denominator.quantity.value:
        raise undefined(operation, denominator, "denominator", "a ratio over zero is undefined")
    target = Caliber(metric, cn.entity, cn.period, cn.basis, dimension, cn.tax)
    return _divide(operation, numerator, denominator, target, rounding, calendar)


def _ratio_dimension(top: str, bottom: str) -> str:
    """``RATIO`` for equal dimensions, ``<TOP>_PER_<BOTTOM>`` for per-unit figures, else raise."""
    if top == bottom:
        return RATIO
    if bottom in COUNTED and (is_currency(top) or top in COUNTED):
        return f"{top}_PER_{bottom}"
    if is_currency(top) and is_currency(bottom):
        why = (
            "two currencies never divide: fincalc has no implicit FX — convert one side "
            "with an explicit, cited rate first"
        )
    elif top in NOT_ADDITIVE or bottom in NOT_ADDITIVE:
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
    if cp.dimension in NOT_ADDITIVE:
        raise DimensionMismatchError(
            f"cannot share: {cp.metric!r} is a {cp.dimension} "
            f"({part.quantity.raw or format(part.value, 'f')}); a ratio or multiple is not a "
            "part of a whole — take the share of the underlying amounts",
            operation=operation,
            left=cp.dimension,
            right=cw.dimension,
        )
    if cp.diff(cw) != ("entity",):
        raise mismatch(
            operation,
            part,
            whole,
            "a share divides one entity's figure by another's (segment of group) for the same "
            "metric, period, basis and tax",
            calendar=calendar,
            detail=None if cp.entity != cw.entity else f"both are {cp.entity!r}",
        )
    _check_part_fits(part, whole)
    target = Caliber(
        checked_name(metric, "metric")
        if metric is not None
        else f"{cp.metric} share of {cw.entity}",
        cp.entity,
        cp.period,
        cp.basis,
        RATIO,
        cp.tax,
    )
    return _divide(operation, part, whole, target, rounding, calendar)


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
) -> Outcome:
    rule = rounding_for(operation, rounding, target.dimension)
    return settle(
        operation,
        (numerator, denominator),
        target,
        rule,
        lambda: numerator.quantity.value / denominator.quantity.value,
        calendar,
    )

"""The one amount of an ambiguous quote the claim means: comparatives, and a level with its change.

"Net revenue increased $972 million, or 8.2%, to $12.9 billion in 2024" holds
two dollar amounts: the change and the level.  A claim of net revenue quoting
the whole clause means the level: the one amount of the claimed currency that
no change word introduces ("increased", "by", 增加: ``[prose_amounts]
change_before`` in grounding.toml), as in "实现营业收入128.74亿元，比上年增加
9.72亿元".  The rule applies only when the metric names no change ("increase",
增加) and the quote names no period but the claimed one; else the quote stays
ambiguous and is refused.  Comparative brackets ("£245m (2022: £221m)") are
decided by period first (``comparatives``).
"""

from __future__ import annotations

import functools

import regex

from .._reading.parse import extract_quantities
from .._reading.units import UnitContext, UnitTable
from .._values.period import FiscalCalendar, Period
from .._values.quantity import Quantity
from .claims import Claim
from .comparatives import comparative_amount, comparative_brackets
from .periods import names_another_period
from .words import any_of

__all__ = ["disambiguate", "level_amount"]


@functools.cache
def _change_before() -> regex.Pattern[str]:
    words = any_of("prose_amounts.change_before", boundaries=True, space=r"\s+")
    return regex.compile(rf"(?i)(?:{words})[ \t]*+(?:about|approximately|约|約)?[ \t]*+$")


@functools.cache
def _change_metric() -> regex.Pattern[str]:
    return regex.compile(rf"(?i){any_of('prose_metric.change', boundaries=True)}")


def level_amount(
    segment: str,
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
    context: UnitContext | None,
    table: UnitTable,
) -> Quantity | None:
    """The one amount in the claim's currency no change word introduces; else None.

    Only for a metric that names no change, and only when the quote names no
    period but the claimed one ("… to $12.9 billion in 2024, up from 2023" is
    refused: the level may be either year's).
    """
    currency = claim.currency
    if currency is None or _change_metric().search(claim.metric):
        return None
    period, calendar = when
    if names_another_period(segment, period, claim.period, calendar):
        return None
    found = [
        q
        for q in extract_quantities(segment, context=context, table=table)
        if q.dimension == currency and q.span is not None
    ]
    if len(found) < 2:
        return None
    levels = [q for q in found if not _after(_change_before(), segment, q)]
    return levels[0] if len(levels) == 1 else None


def _after(pattern: regex.Pattern[str], segment: str, quantity: Quantity) -> bool:
    """Whether ``pattern`` ends right before ``quantity`` (within 24 characters)."""
    start = quantity.span[0] if quantity.span is not None else 0
    return pattern.search(segment, max(0, start - 24), start) is not None


def disambiguate(
    segment: str,
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
    context: UnitContext | None,
    table: UnitTable,
) -> Quantity | None:
    """The one amount of an ambiguous quote the claim means, or None (refuse).

    Comparative brackets ("£245m (2022: £221m)") decide by the claimed period
    (``comparatives``); failing those, a level stated with its change decides
    for a claim in a currency (``level_amount``).
    """
    period, calendar = when
    dimension = claim.currency
    if dimension is None:  # a ratio or a count: the one dimension the quote's amounts share
        dimensions = {
            q.dimension for q in extract_quantities(segment, context=context, table=table)
        }
        if len(dimensions) != 1 or None in dimensions:
            return None
        dimension = dimensions.pop()
    if dimension is None:
        return None
    if comparative_brackets(segment, calendar):
        return comparative_amount(
            segment, (period, claim.period, calendar), dimension, context, table
        )
    return level_amount(segment, claim, when, context, table)

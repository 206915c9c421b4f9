"""The level in a sentence that states a change and the level it reached.

"Net revenue increased $972 million, or 8.2%, to $12.9 billion in 2024" holds
two dollar amounts: the change and the level.  A claim of net revenue quoting
the whole clause means the level: the one amount right after a level word
(``[prose_amounts] level_before`` in grounding.toml: "to", "reaching", 达到,
为).  The rule applies only when exactly one amount of the claimed currency
follows such a word and the metric names no change ("increase", 增加): else
the quote stays ambiguous and is refused.  Without a level word, the one
amount no change word introduces ("increased", 增加: ``change_before``) is the
level: "实现营业收入128.74亿元，比上年增加9.72亿元".
"""

from __future__ import annotations

import functools

import regex

from .._reading.parse import extract_quantities
from .._reading.units import UnitContext, UnitTable
from .._values.quantity import Quantity
from .words import any_of

__all__ = ["level_amount"]


@functools.cache
def _level_before() -> regex.Pattern[str]:
    words = any_of("prose_amounts.level_before", boundaries=True, space=r"\s+")
    return regex.compile(rf"(?i)(?:{words})[ \t]*+(?:about|approximately|约|約)?[ \t]*+$")


@functools.cache
def _change_before() -> regex.Pattern[str]:
    words = any_of("prose_amounts.change_before", boundaries=True, space=r"\s+")
    return regex.compile(rf"(?i)(?:{words})[ \t]*+(?:about|approximately|约|約)?[ \t]*+$")


@functools.cache
def _change_metric() -> regex.Pattern[str]:
    return regex.compile(rf"(?i){any_of('prose_metric.change', boundaries=True)}")


def level_amount(
    segment: str,
    metric: str,
    currency: str,
    context: UnitContext | None,
    table: UnitTable,
) -> Quantity | None:
    """The one amount in ``currency`` after a level word, when the metric is a level; else None."""
    if _change_metric().search(metric):
        return None
    found = [
        q
        for q in extract_quantities(segment, context=context, table=table)
        if q.dimension == currency and q.span is not None
    ]
    if len(found) < 2:
        return None
    levels = [q for q in found if _after(_level_before(), segment, q)]
    if len(levels) == 1:
        return levels[0]
    if levels:
        return None
    # "实现营业收入128.74亿元，比上年增加9.72亿元": the one amount no change word introduces
    unchanged = [q for q in found if not _after(_change_before(), segment, q)]
    return unchanged[0] if len(unchanged) == 1 else None


def _after(pattern: regex.Pattern[str], segment: str, quantity: Quantity) -> bool:
    """Whether ``pattern`` ends right before ``quantity`` (within 24 characters)."""
    start = quantity.span[0] if quantity.span is not None else 0
    return pattern.search(segment, max(0, start - 24), start) is not None

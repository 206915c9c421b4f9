"""The one amount of an ambiguous quote the claim means: comparatives, and a level with its change.

"Net revenue increased $972 million, or 8.2%, to $12.9 billion in 2024" holds
two dollar amounts: the change and the level.  A claim of net revenue quoting
the whole clause means the level.  Two shapes are read (grounding.toml): the
change, then the level ("increased $972 million, or 8.2%, to $12.9 billion",
``[prose_before]``), and the level, then the change ("was $12.9 billion, up
$972 million", "实现营业收入128.74亿元，比上年增加9.72亿元", ``[prose_after]``).
Only with exactly two amounts of the claimed currency so joined, the metric
named before them and naming no change ("increase", 增加), and no period in the
quote but the claimed one; else the quote stays ambiguous and is refused.
Comparative brackets ("£245m (2022: £221m)") are decided by period first
(``comparatives``).
"""

from __future__ import annotations

import functools
import itertools

import regex

from .._reading.parse import extract_quantities
from .._reading.units import UnitContext, UnitTable
from .._values.period import FiscalCalendar, Period
from .._values.quantity import Quantity
from .claims import Claim
from .comparatives import comparative_amount, comparative_brackets
from .periods import names_another_period, one_of_claimed_period
from .words import any_of

__all__ = ["disambiguate", "level_amount", "years_between"]


@functools.cache
def _bridges() -> tuple[regex.Pattern[str], regex.Pattern[str], regex.Pattern[str]]:
    """(change word before the change, change-then-level bridge, level-then-change bridge)."""
    space = r"\s+"
    before = any_of("prose_before.change", boundaries=True, space=space)
    to = any_of("prose_before.level", boundaries=True, space=space)
    after = any_of("prose_after.change", boundaries=True, space=space)
    bases = any_of("prose_after.bases", space=space)
    pct = r"(?:or\s+(?:approximately\s+|about\s+)?-?\d[\d,.]*\s*%[\s,]*)?"
    return (
        regex.compile(rf"(?i)(?:{before})[\s,]*$"),
        regex.compile(rf"(?i)^[\s,]*{pct}(?:{to})\s*$"),
        regex.compile(rf"(?i)^[\s,，]*(?:(?:{bases})\s*)?(?:{after})\s*$"),
    )


@functools.cache
def _change_metric() -> regex.Pattern[str]:
    return regex.compile(rf"(?i){any_of('prose_metric.change', boundaries=True)}")


def _squeeze(text: str) -> str:
    return regex.sub(r"[\s\p{P}]+", "", text).casefold()


def level_amount(
    segment: str,
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
    context: UnitContext | None,
    table: UnitTable,
) -> Quantity | None:
    """The level of a quote that states one change and the level it reached; else None.

    Exactly two amounts in the claim's currency, joined in one of the two shapes
    of ``[prose_before]``/``[prose_after]`` ("increased $972 million, or 8.2%, to $12.9 billion";
    "was $12.9 billion, up $972 million"; "128.74亿元，比上年增加9.72亿元"), the
    metric written before them, naming no change, and no period in the quote but
    the claimed one.
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
    if len(found) != 2 or found[0].span is None or found[1].span is None:
        return None
    (a_start, a_end), (b_start, _) = found[0].span, found[1].span
    metric = _squeeze(claim.metric)
    if not metric or metric not in _squeeze(segment[:a_start]):
        return None
    before, change_to_level, level_to_change = _bridges()
    bridge = segment[a_end:b_start]
    if before.search(segment, max(0, a_start - 24), a_start) and change_to_level.match(bridge):
        return found[1]  # "increased $972 million, or 8.2%, to $12.9 billion"
    if level_to_change.match(bridge):
        return found[0]  # "was $12.9 billion, up $972 million", "128.74亿元，比上年增加9.72亿元"
    return None


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
    found = [
        q
        for q in extract_quantities(segment, context=context, table=table)
        if q.dimension == dimension and q.span is not None
    ]
    spans = [q.span for q in found if q.span is not None]
    # "$12.9 billion in 2024, compared with $11.9 billion in 2023": each its own year
    if len(spans) == len(found) >= 2 and _paired_by_year(segment, spans, claim.metric):
        index = one_of_claimed_period(segment, spans, period, claim.period, calendar)
        if index is not None:
            return found[index]
    return level_amount(segment, claim, when, context, table)


@functools.cache
def _year_fillers() -> regex.Pattern[str]:
    words = any_of("period_pairs.fillers", "compared_with.anywhere", boundaries=True, space=r"\s+")
    return regex.compile(rf"(?i)(?:{words}|(?:FY\s*)?(?:19|20)\d\d|[\s\p{{P}}]+)*+")


def _paired_by_year(segment: str, spans: list[tuple[int, int]], metric: str) -> bool:
    """The metric named before the amounts, and only years and comparison words between them."""
    squeezed = _squeeze(metric)
    if not squeezed or squeezed not in _squeeze(segment[: spans[0][0]]):
        return False
    return years_between(segment, spans)


def years_between(segment: str, spans: list[tuple[int, int]]) -> bool:
    """Whether only years, comparison words and ``[period_pairs]`` fillers join the amounts.

    >>> years_between("$3.1 billion in 2023, compared with $2.7 billion", [(0, 12), (36, 48)])
    True
    >>> years_between("$3.3 billion in 2024 and net income was $2.4 billion", [(0, 12), (40, 52)])
    False
    """
    fillers = _year_fillers()
    return all(
        fillers.fullmatch(segment, a_end, b_start) is not None
        for (_, a_end), (b_start, _) in itertools.pairwise(spans)
    )

"""Comparative figures in brackets: "£1.2bn (2022: £1.1bn)", "12.3亿元（2022年：11.1亿元）".

UK, Hong Kong and mainland reports write the prior period's figure in brackets
after the current one, labelled with its period.  A quote holding both gives a
claim of the labelled period the bracketed amount, and a claim of a later
period the amount outside the brackets (the labels are the comparatives, the
figure outside is the report's own period).  A claim of another period, or a
quote where either side holds more than one amount of the claimed kind, is
left ambiguous (refused by the caller).  Without this, "was £245m (2022:
£221m)" read for FY2022 took the £245m after "was", a silently wrong figure.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import regex

from .._base.exceptions import FincalcError
from .._reading.parse import extract_quantities
from .._reading.units import UnitContext, UnitTable
from .._values.period import FiscalCalendar, Period, parse_period
from .._values.quantity import Quantity
from .periods import same_claimed_period
from .words import any_of

__all__ = ["Bracket", "comparative_amount", "comparative_brackets"]


@dataclass(frozen=True, slots=True)
class Bracket:
    """A bracketed comparative: where it is and the period its label names."""

    start: int
    end: int
    label: str
    period: Period | None


@functools.cache
def _bracket() -> regex.Pattern[str]:
    words = any_of("comparative_label.words", boundaries=True)
    year = r"(?:FY\s*)?(?:19|20)\d\d(?:\s*年(?:度)?)?"
    return regex.compile(
        rf"[(（]\s*(?P<label>{year}|(?i:{words}))\s*[:：]\s*[^()（）]{{1,80}}?[)）]"
    )


def comparative_brackets(segment: str, calendar: FiscalCalendar | None) -> list[Bracket]:
    """Every "(2022: …)" of ``segment``, with the period its label names (None if unread)."""
    found = []
    for match in _bracket().finditer(segment):
        label = match.group("label")
        try:
            period: Period | None = parse_period(label, calendar).period
        except FincalcError:
            period = None
        found.append(Bracket(match.start(), match.end(), label, period))
    return found


def comparative_amount(
    segment: str,
    claimed: tuple[Period, str, FiscalCalendar | None],
    dimension: str,
    context: UnitContext | None,
    table: UnitTable,
) -> Quantity | None:
    """The amount of ``dimension`` the claimed period means, or None (leave it ambiguous).

    ``claimed`` is the claim's period, as parsed and as written, and the calendar.
    """
    period, written, calendar = claimed
    brackets = comparative_brackets(segment, calendar)
    if not brackets:
        return None
    found = [
        q
        for q in extract_quantities(segment, context=context, table=table)
        if q.dimension == dimension and q.span is not None
    ]
    inside: dict[int, list[Quantity]] = {i: [] for i in range(len(brackets))}
    outside: list[Quantity] = []
    for q in found:
        start = q.span[0] if q.span is not None else -1
        owner = next((i for i, b in enumerate(brackets) if b.start <= start < b.end), None)
        (outside if owner is None else inside[owner]).append(q)
    named = [
        i
        for i, b in enumerate(brackets)
        if b.period is not None and same_claimed_period(b.period, period, written, calendar)
    ]
    if len(named) == 1:
        amounts = inside[named[0]]
        return amounts[0] if len(amounts) == 1 else None
    if named or len(outside) != 1:
        return None
    # the figure outside the brackets is the current one: later than every comparative
    if all(b.period is not None and b.period.end <= period.start for b in brackets):
        return outside[0]
    return None

"""Periods, fiscal calendars, and the period parser: the module other stages import.

The value types live in ``period_types`` (``Period``, ``FiscalCalendar``,
``Basis``); this module re-exports them with ``parse_period``, which reads a
period and its basis from report or question text in three steps:

1. ``period_words.normalise`` folds the writing (full-width forms, case, PDF
   spacing, traditional characters, dates in Chinese numerals);
2. a header that names two periods ("December 31, 2023 and 2022") is refused;
3. ``period_grammar.PATTERNS`` is tried in order, and the first pattern that
   matches the whole text builds the period under the fiscal calendar.

The words of steps 1-3 are data, in ``_data/periods.toml``.
"""

from __future__ import annotations

from typing import NamedTuple

import regex as re

from .._base.exceptions import PeriodError
from .._base.public import public
from .._base.vocabulary import alternation, vocabulary
from .period_grammar import PATTERNS
from .period_types import CALENDAR_YEAR, Basis, FiscalCalendar, Period
from .period_words import normalise

__all__ = [
    "CALENDAR_YEAR",
    "Basis",
    "FiscalCalendar",
    "ParsedPeriod",
    "Period",
    "parse_period",
]

_MAX_PERIOD_TEXT = 200


@public
class ParsedPeriod(NamedTuple):
    """What ``parse_period`` returns: the period and the basis it implies.

    A public ``NamedTuple``: callers unpack it (``period, basis = parse_period(text)``).
    """

    period: Period
    basis: Basis


# A multi-period header ("December 31, 2023 and 2022", "2024年及2023年") names two
# periods; reading it as one would silently drop the other.
_MULTI_PERIOD = re.compile(alternation(vocabulary("periods").words("connectors")))


@public
def parse_period(text: str, calendar: FiscalCalendar | None = None) -> ParsedPeriod:
    """Read a period and its basis from report or question text.

    Quarter, half and fiscal-year notation is read under ``calendar`` (the
    calendar year by default). Two-digit years follow a fixed pivot: 00-69
    are 20yy, 70-99 are 19yy ("3Q25" is 2025Q3, "FY99" is FY1999); a date
    written only in digits needs a four-digit year. A period "ended" on a
    day within 7 days of a fiscal quarter end of ``calendar`` is that fiscal
    period (the rule for 52/53-week filers: under the October calendar
    "fiscal year ended September 28, 2024" is FY2024 and "13 weeks ended
    December 28, 2024" is Q1 FY2025). The basis follows from the period
    (``FiscalCalendar.basis_of``).

    Raises:
        PeriodError: the text is not a period fincalc can read without guessing
            (relative phrases such as "上年同期", incomplete dates, "03/04/25",
            multi-period headers such as "December 31, 2023 and 2022").

    >>> parse_period("2025年前三季度")
    ParsedPeriod(period=Period(2025-01-01, 2025-10-01), basis=<Basis.CUMULATIVE: 'cumulative'>)
    >>> parse_period("Q3 FY2025", FiscalCalendar.named("october")).period
    Period(2025-04-01, 2025-07-01)
    >>> parse_period("截至2023年12月31日").basis
    <Basis.INSTANT: 'instant'>
    >>> parse_period("fiscal year ended September 28, 2024", FiscalCalendar.named("october"))[0]
    Period(2023-10-01, 2024-10-01)
    """
    if not isinstance(text, str):
        raise PeriodError(
            f"parse_period needs text, got {type(text).__name__}", text=repr(text)[:80]
        )
    if len(text) > _MAX_PERIOD_TEXT:
        raise PeriodError(
            f"period text of {len(text)} characters exceeds the limit of {_MAX_PERIOD_TEXT}",
            text=text[:80] + "…",
        )
    cal = calendar or CALENDAR_YEAR
    normalised = normalise(text)
    if not normalised:
        raise PeriodError("period text is empty", text=text)
    connector = _MULTI_PERIOD.search(normalised)
    if connector:
        raise PeriodError(
            f"{text!r} names more than one period (joined by {connector[0]!r}), as a "
            "multi-period column header does; parse each period on its own, e.g. "
            "'December 31, 2023' and 'December 31, 2022'",
            text=text,
        )
    for pattern, handler in PATTERNS:
        match = pattern.fullmatch(normalised)
        if match is None:
            continue
        try:
            period = handler(match, cal)
        except PeriodError as exc:
            raise PeriodError(
                f"cannot read a period from {text!r}: {exc.message}", text=text
            ) from exc
        return ParsedPeriod(period, cal.basis_of(period))
    raise PeriodError(
        f"cannot read a period from {text!r}; write it as e.g. '2025Q3', '2025年前三季度', "
        "'FY2024', 'H1 2024' or '2023-12-31'",
        text=text,
    )

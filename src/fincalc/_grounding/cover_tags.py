"""What a filing's cover page says in its dei tags: the filer's fiscal calendar (issue 28).

An inline-XBRL filing tags its cover page too: ``dei:DocumentFiscalYearFocus``
names the fiscal year the report is for, in the context of the report's
dates, and ``dei:CurrentFiscalYearEndDate`` gives the month and day the
fiscal year ends. Together they say how the filer names its years, which a
claim's "FY2025" needs when the year ends in January to May.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from .._values.period import FiscalCalendar

__all__ = ["fiscal_calendar"]


_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
    )
}
_MONTH_DAY = re.compile(r"(?:--)?(\d{1,2})\s*[-/]\s*(\d{1,2})|([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2})")


def fiscal_calendar(
    focus: str, year_end: str, period_focus: str, dates: tuple[date | None, date]
) -> FiscalCalendar | None:
    """The fiscal calendar a filing's cover-page (dei) tags state, or None.

    ``dei:DocumentFiscalYearFocus`` names the fiscal year of the report, its
    context dates the report, and ``dei:CurrentFiscalYearEndDate`` ("--01-26",
    "11/29", "December 31") gives the day the fiscal year ends (a 10-K's own
    year ends on its context's last day). The calendar is the one whose year
    named so lies within a week of those dates: "fiscal 2025" ended January 26,
    2025 for one filer, "fiscal 2024" ended February 2, 2025 for another. A
    year ended mid-month fits no calendar of whole months within a week: named
    by its end year it gets None (read as without the tags), named by the year
    before it gets the nearest calendar, under which no year's name matches it
    (refused rather than read as its end year's). Any piece missing or not
    agreeing gives None (the claim's words are then read
    without a filer's calendar).

    ``focus`` is the year's text, ``year_end`` the month and day as tagged,
    ``period_focus`` "FY" for an annual report, ``dates`` the focus fact's
    context (start, None for an instant; end).

    >>> from datetime import date
    >>> found = fiscal_calendar("2025", "--01-26", "FY", (date(2024, 1, 29), date(2025, 1, 26)))
    >>> found.fiscal_year(2025)
    Period(2024-02-01, 2025-02-01)
    >>> fiscal_calendar("2024", "--02-02", "FY", (date(2024, 2, 5), date(2025, 2, 2))).naming
    'start'
    """
    start, end = dates
    if not re.fullmatch(r"(?:19|20)\d\d", focus.strip()):
        return None
    last = _year_end(year_end, end)
    if last is None:
        if period_focus.strip().upper() != "FY" or start is None:
            return None
        last = end  # an annual report: its context is the fiscal year
    first = last + timedelta(days=1) - timedelta(days=365)
    month = first.month % 12 + 1 if first.day > 15 else first.month
    fits = []
    for naming in ("end", "start"):
        calendar = FiscalCalendar(month, naming, name="the filing's dei tags")
        off = abs(calendar.fiscal_year(int(focus)).end - (last + timedelta(days=1)))
        if off <= timedelta(days=7):
            return calendar
        if off <= timedelta(days=31):
            fits.append(calendar)
    if fits and int(focus) != last.year:
        # A year ended mid-month that the filer names by the year before its end: no
        # calendar counts it, but none must read "FY<its end year>" as it either.
        return fits[0]
    return None  # the filer names it by its end year, as a claim's "FY2025" is read without one


def _year_end(written: str, reported: date) -> date | None:
    """The fiscal year end on or after the report's date, from a month and day as tagged."""
    found = _MONTH_DAY.search(written)
    if found is None:
        return None
    if found.group(1) is not None:
        month, day = int(found.group(1)), int(found.group(2))
    else:
        month, day = _MONTHS.get(found.group(3).casefold(), 0), int(found.group(4))
    for year in (reported.year, reported.year + 1):
        try:
            candidate = date(year, month, day)
        except ValueError:
            return None
        if candidate >= reported - timedelta(days=7):
            return candidate
    return None

"""Days in period text: English dates, and periods "ended" on a day.

Two jobs of ``parse_period`` that read a day rather than a period name:

* ``english_date`` reads "December 31, 2023", "2023-12-31" or "20231231"
  with dateutil, refusing any date with a missing or guessed part;
* ``period_ended`` turns "N months (or weeks) ended <day>" into a period,
  snapping a 52/53-week filer's end day to its fiscal quarter end.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

import regex as re
from dateutil.relativedelta import relativedelta

from .._base.exceptions import PeriodError
from .period_types import ONE_DAY, FiscalCalendar, Period, check_year

__all__ = ["SNAP_DAYS", "WEEKS_TO_MONTHS", "english_date", "period_ended"]

# An "... ended <date>" within this many days of a fiscal quarter end names that
# fiscal period (52/53-week filers end their quarters on a weekday near month end).
SNAP_DAYS = 7
# 52/53-week filers: a 13/26/39-week period is a fiscal quarter/half/nine months,
# a 52- or 53-week period a fiscal year.
WEEKS_TO_MONTHS = {13: 3, 26: 6, 39: 9, 52: 12, 53: 12}


def _fiscal_quarter_end_near(day: date, cal: FiscalCalendar) -> date | None:
    """The last day of a fiscal quarter within ``SNAP_DAYS`` of ``day``, if there is one.

    Month ends are at least 28 days apart, so at most one candidate (the end of
    ``day``'s month or of the month before) can be that close.
    """
    this_month_end = day + relativedelta(day=31)
    previous_month_end = day.replace(day=1) - ONE_DAY
    for candidate in (this_month_end, previous_month_end):
        if (candidate.month - cal.start_month) % 3 == 2 and abs(
            (candidate - day).days
        ) <= SNAP_DAYS:
            return candidate
    return None


def period_ended(
    last_day: date, months: int, cal: FiscalCalendar, whole: str, *, weeks: int | None = None
) -> Period:
    """The ``months`` months ended on ``last_day``, snapped to the fiscal calendar.

    A 52/53-week filer ends its quarters and year on a weekday near a month end
    ("fiscal year ended September 28, 2024"). An end date within ``SNAP_DAYS``
    days of a fiscal quarter end under ``cal`` is read as that quarter end, so the
    period is the fiscal quarter, half, year-to-date or year it stands for and
    compares with the prior year's. A week count ("13 weeks ended ...") must snap;
    a month count on any other date is read exactly.
    """
    end = _fiscal_quarter_end_near(last_day, cal)
    if end is None:
        if weeks is not None:
            first = last_day - timedelta(weeks=weeks) + ONE_DAY
            raise PeriodError(
                f"{weeks} weeks ended {last_day.isoformat()} does not end within {SNAP_DAYS} "
                f"days of a fiscal quarter end of calendar {cal.name or cal.start_month!r} "
                f"(fiscal year starting in month {cal.start_month}), so it is no fiscal "
                "period fincalc can name; pass the filer's FiscalCalendar, or write the days "
                f"as '{first.year}年{first.month}月{first.day}日至"
                f"{last_day.year}年{last_day.month}月{last_day.day}日'",
                text=whole,
            )
        end = last_day
    return Period.months_ended(end, months)


_AMBIGUOUS_NUMERIC_DATE = re.compile(r"(?P<a>\d{1,2})[/.-](?P<b>\d{1,2})[/.-]\d{4}")
_ALL_NUMERIC = re.compile(r"[\d /.-]+")
_COMPACT_ISO_DATE = re.compile(r"(?P<y>\d{4})(?P<m>\d{2})(?P<d>\d{2})")
_FOUR_DIGIT_YEAR = re.compile(r"(?<!\d)\d{4}(?!\d)")


def english_date(text: str, whole: str) -> date:
    """Parse a full date with dateutil, refusing any date with a missing part.

    dateutil fills missing fields from ``default``; parsing with two different
    defaults and comparing exposes a missing year, month or day instead of
    silently taking today's. "01/02/2023" is refused: day-first and
    month-first readings differ. A date needs exactly one four-digit year:
    dateutil would read "03/04/25" or "Dec 31, 23" by guessing (and by today's
    date for the century), and "December 31, 2023 and 2022" as one day.
    """
    compact = _COMPACT_ISO_DATE.fullmatch(text)
    if compact:  # "20231231" (XBRL, file names): always year-month-day
        try:
            day = date(int(compact["y"]), int(compact["m"]), int(compact["d"]))
        except ValueError as exc:
            raise PeriodError(f"{text!r} is not a date: {exc}", text=whole) from exc
        check_year(day.year, whole)
        return day
    years = _FOUR_DIGIT_YEAR.findall(text)
    if len(years) > 1:
        raise PeriodError(
            f"{text!r} names more than one year ({', '.join(years)}), as a multi-period "
            "column header does; parse each period on its own",
            text=whole,
        )
    numeric = _ALL_NUMERIC.fullmatch(text) is not None
    parts = re.split(r"[ /.-]+", text.strip(" /.-")) if numeric else []
    if not years or (numeric and (len(parts) != 3 or 4 not in (len(parts[0]), len(parts[2])))):
        raise PeriodError(
            f"the date {text!r} has no four-digit year, so its year (and the order of day "
            "and month) would be a guess; write it as '2023-12-31' or 'December 31, 2023'",
            text=whole,
        )
    from dateutil import parser as date_parser

    numeric_match = _AMBIGUOUS_NUMERIC_DATE.fullmatch(text)
    if (
        numeric_match
        and numeric_match["a"] != numeric_match["b"]
        and max(int(numeric_match["a"]), int(numeric_match["b"])) <= 12
    ):
        raise PeriodError(
            f"{text!r} reads as two different dates (day/month or month/day); "
            "write it as '2023-02-01' or 'February 1, 2023'",
            text=whole,
        )
    results = []
    for default in (datetime(1904, 1, 1), datetime(1908, 2, 2)):
        try:
            results.append(date_parser.parse(text, default=default).date())
        except (ValueError, OverflowError) as exc:
            raise PeriodError(f"{text!r} is not a date", text=whole) from exc
    if results[0] != results[1]:
        raise PeriodError(
            f"the date {text!r} lacks a year, month or day; "
            "write it in full, e.g. 'December 31, 2023' or '2023-12-31'",
            text=whole,
        )
    check_year(results[0].year, whole)
    return results[0]

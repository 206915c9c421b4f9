"""Periods, fiscal calendars, and the period parser.

A ``Period`` is half-open, ``[start, end)``: consecutive periods satisfy
``a.end == b.start`` with no day counted twice and none missed, and a
balance-sheet date is the one-day period ``[d, d + 1 day)``.

The basis of a period (single period, cumulative year-to-date, instant) is
decided by the period and the fiscal calendar, never by the wording:
"上半年", "1-6月" and "six months ended June 30" are the same cumulative
period for a calendar-year filer.
"""

from __future__ import annotations

import functools
import tomllib
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum
from importlib import resources
from typing import Literal, NamedTuple

import regex as re
from dateutil.relativedelta import relativedelta

from .errors import InvalidInputError, InvalidRecordError, PeriodError
from .public import public
from .vocabulary import vocabulary

__all__ = [
    "CALENDAR_YEAR",
    "Basis",
    "FiscalCalendar",
    "ParsedPeriod",
    "Period",
    "parse_period",
]

_ONE_DAY = timedelta(days=1)
_MIN_YEAR = 1900
_MAX_YEAR = 2200
# Two-digit years: 00-69 are 20yy, 70-99 are 19yy ("FY99" is FY1999, "3Q25" is 2025Q3).
_PIVOT = 70
# An "... ended <date>" within this many days of a fiscal quarter end names that
# fiscal period (52/53-week filers end their quarters on a weekday near month end).
_SNAP_DAYS = 7


@public
class Basis(StrEnum):
    """How a figure accumulates over its period.

    ``single_period``: one fiscal year, half, quarter or month on its own.
    ``cumulative``: year-to-date from the fiscal-year start (前三季度, 9M).
    ``instant``: a balance-sheet date (截至 2023年12月31日).
    """

    SINGLE_PERIOD = "single_period"
    CUMULATIVE = "cumulative"
    INSTANT = "instant"


def _is_month_end(day: date) -> bool:
    return (day + _ONE_DAY).day == 1


def _shift_date(day: date, delta: relativedelta) -> date:
    shifted: date = day + delta
    if _is_month_end(day):
        # A month-end stays a month-end (2024-06-30 - 1 quarter = 2024-03-31).
        shifted = shifted + relativedelta(day=31)
    return shifted


def _check_year(year: object, text: str | None = None) -> int:
    if not isinstance(year, int) or isinstance(year, bool) or not _MIN_YEAR <= year <= _MAX_YEAR:
        raise PeriodError(
            f"year {year!r} is outside the supported range {_MIN_YEAR}-{_MAX_YEAR}",
            text=text if text is not None else repr(year),
        )
    return year


@public
@dataclass(frozen=True, slots=True, order=True)
class Period:
    """A half-open date interval ``[start, end)``.

    >>> from datetime import date
    >>> q3 = Period.quarter(2025, 3)
    >>> q3
    Period(2025-07-01, 2025-10-01)
    >>> q3.shift(years=-1) == Period.quarter(2024, 3)
    True
    >>> Period.instant(date(2023, 12, 31))
    Period(2023-12-31, 2024-01-01)
    """

    start: date
    end: date

    def __post_init__(self) -> None:
        for name in ("start", "end"):
            value = getattr(self, name)
            if isinstance(value, datetime) or not isinstance(value, date):
                raise PeriodError(
                    f"Period.{name} must be a datetime.date, got {type(value).__name__} {value!r}",
                    text=repr(value),
                )
        if self.start >= self.end:
            raise PeriodError(
                f"Period start {self.start.isoformat()} is not before end "
                f"{self.end.isoformat()}; periods are half-open [start, end), so an instant "
                "is Period.instant(day)",
                text=f"[{self.start.isoformat()}, {self.end.isoformat()})",
            )

    # -- constructors --------------------------------------------------------
    @classmethod
    def fiscal_year(cls, year: int, calendar: FiscalCalendar | None = None) -> Period:
        """Fiscal year ``year`` under ``calendar`` (the calendar year by default).

        >>> Period.fiscal_year(2024, FiscalCalendar.named("october"))
        Period(2023-10-01, 2024-10-01)
        """
        return (calendar or CALENDAR_YEAR).fiscal_year(year)

    @classmethod
    def half(cls, year: int, half: int, calendar: FiscalCalendar | None = None) -> Period:
        """Half ``half`` (1 or 2) of fiscal year ``year``.

        >>> Period.half(2024, 1)
        Period(2024-01-01, 2024-07-01)
        """
        return (calendar or CALENDAR_YEAR).half(year, half)

    @classmethod
    def quarter(cls, year: int, quarter: int, calendar: FiscalCalendar | None = None) -> Period:
        """Quarter ``quarter`` (1-4) of fiscal year ``year``.

        >>> Period.quarter(2025, 1, FiscalCalendar.named("april_start"))
        Period(2025-04-01, 2025-07-01)
        """
        return (calendar or CALENDAR_YEAR).quarter(year, quarter)

    @classmethod
    def month(cls, year: int, month: int) -> Period:
        """Calendar month ``month`` of ``year``.

        >>> Period.month(2024, 2)
        Period(2024-02-01, 2024-03-01)
        """
        _check_year(year)
        if not isinstance(month, int) or not 1 <= month <= 12:
            raise PeriodError(f"month {month!r} is not in 1-12", text=repr(month))
        start = date(year, month, 1)
        return cls(start, start + relativedelta(months=1))

    @classmethod
    def year_to_date(
        cls, year: int, through_quarter: int, calendar: FiscalCalendar | None = None
    ) -> Period:
        """Cumulative period from the start of fiscal ``year`` through ``through_quarter``.

        >>> Period.year_to_date(2025, 3)
        Period(2025-01-01, 2025-10-01)
        """
        return (calendar or CALENDAR_YEAR).year_to_date(year, through_quarter)

    @classmethod
    def months_ended(cls, last_day: date, months: int) -> Period:
        """The ``months`` months ending on (and including) ``last_day``.

        >>> from datetime import date
        >>> Period.months_ended(date(2025, 9, 30), 9)
        Period(2025-01-01, 2025-10-01)
        """
        if not isinstance(months, int) or not 1 <= months <= 120:
            raise PeriodError(f"month count {months!r} is not in 1-120", text=repr(months))
        end = last_day + _ONE_DAY
        return cls(_shift_date(end, relativedelta(months=-months)), end)

    @classmethod
    def instant(cls, day: date) -> Period:
        """A balance-sheet date as the one-day period ``[day, day + 1)``.

        >>> from datetime import date
        >>> Period.instant(date(2024, 6, 30)).is_instant
        True
        """
        if isinstance(day, datetime) or not isinstance(day, date):
            raise PeriodError(f"instant needs a datetime.date, got {day!r}", text=repr(day))
        return cls(day, day + _ONE_DAY)

    # -- properties ----------------------------------------------------------
    @property
    def is_instant(self) -> bool:
        """True for a one-day period (a balance-sheet date)."""
        return self.end - self.start == _ONE_DAY

    @property
    def last_day(self) -> date:
        """The last day inside the period (``end - 1 day``)."""
        return self.end - _ONE_DAY

    @property
    def months(self) -> int | None:
        """Whole months covered when start and end fall on the same day of month, else None.

        >>> Period.quarter(2025, 3).months
        3
        """
        if self.start.day != self.end.day:
            return None
        return (self.end.year - self.start.year) * 12 + self.end.month - self.start.month

    # -- relations -----------------------------------------------------------
    def shift(self, *, years: int = 0, quarters: int = 0, months: int = 0) -> Period:
        """Move the period by whole years, quarters and months (month-end safe).

        A date on a month's last day stays on the last day (2024-02-29 shifted
        back a year is 2023-02-28); an instant stays one day long.

        >>> from datetime import date
        >>> Period.quarter(2025, 3).shift(quarters=-1)
        Period(2025-04-01, 2025-07-01)
        >>> Period.instant(date(2024, 2, 29)).shift(years=-1)
        Period(2023-02-28, 2023-03-01)
        """
        delta = relativedelta(years=years, months=3 * quarters + months)
        start = _shift_date(self.start, delta)
        if self.is_instant:
            return Period(start, start + _ONE_DAY)
        return Period(start, _shift_date(self.end, delta))

    def prior_year(self) -> Period:
        """The same period one year earlier.

        >>> Period.year_to_date(2025, 3).prior_year()
        Period(2024-01-01, 2024-10-01)
        """
        return self.shift(years=-1)

    def contains(self, other: Period | date) -> bool:
        """True when ``other`` (a period or a day) lies wholly inside this period."""
        if isinstance(other, Period):
            return self.start <= other.start and other.end <= self.end
        return self.start <= other < self.end

    def overlaps(self, other: Period) -> bool:
        """True when the two periods share at least one day."""
        return self.start < other.end and other.start < self.end

    def is_adjacent_to(self, other: Period) -> bool:
        """True when one period ends exactly where the other starts."""
        return self.end == other.start or other.end == self.start

    def describe(self, calendar: FiscalCalendar | None = None) -> str:
        """A short name: ``FY2024``, ``2025Q3``, ``2025H1``, ``2025-03``, ``9M2025``, a date.

        >>> from datetime import date
        >>> Period.quarter(2025, 3).describe()
        '2025Q3'
        >>> Period.year_to_date(2025, 3).describe()
        '9M2025'
        >>> Period.instant(date(2023, 12, 31)).describe()
        '2023-12-31'
        """
        return (calendar or CALENDAR_YEAR).describe(self)

    def __repr__(self) -> str:
        return f"Period({self.start.isoformat()}, {self.end.isoformat()})"

    def __str__(self) -> str:
        return f"[{self.start.isoformat()}, {self.end.isoformat()})"


@public
@dataclass(frozen=True, slots=True)
class FiscalCalendar:
    """When fiscal years start and how they are named.

    ``naming="end"``: FY N ends in calendar year N (Apple: FY2024 = Oct 2023 - Sep
    2024). ``naming="start"``: FY N starts in calendar year N (Japan: FY2024 =
    Apr 2024 - Mar 2025). ``name`` is informational and not part of equality.

    >>> cal = FiscalCalendar(start_month=7)
    >>> cal.fiscal_year(2024)
    Period(2023-07-01, 2024-07-01)
    >>> sorted(FiscalCalendar.available())
    ['april_end', 'april_start', 'calendar', 'july', 'october']
    """

    start_month: int = 1
    naming: Literal["end", "start"] = "end"
    name: str | None = None

    def __post_init__(self) -> None:
        if (
            not isinstance(self.start_month, int)
            or isinstance(self.start_month, bool)
            or not 1 <= self.start_month <= 12
        ):
            raise InvalidInputError(
                f"FiscalCalendar.start_month {self.start_month!r} is not a month number 1-12",
                argument="start_month",
                value=self.start_month,
            )
        if self.naming not in ("end", "start"):
            raise InvalidInputError(
                f"FiscalCalendar.naming {self.naming!r} must be 'end' or 'start'",
                argument="naming",
                value=self.naming,
            )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FiscalCalendar):
            return NotImplemented
        return (self.start_month, self.naming) == (other.start_month, other.naming)

    def __hash__(self) -> int:
        return hash((self.start_month, self.naming))

    @classmethod
    def named(cls, name: str) -> FiscalCalendar:
        """A calendar shipped in ``_data/calendars.toml``, by name.

        >>> FiscalCalendar.named("october").fiscal_year(2024).start
        datetime.date(2023, 10, 1)
        """
        calendars = _load_calendars()
        if not isinstance(name, str):
            raise InvalidInputError(
                f"FiscalCalendar.named needs a name such as 'october', got {name!r}",
                argument="name",
                value=repr(name)[:80],
            )
        try:
            return calendars[name]
        except KeyError:
            raise InvalidInputError(
                f"no fiscal calendar named {name!r}; known: {', '.join(sorted(calendars))}",
                argument="name",
                value=name,
            ) from None

    @staticmethod
    def available() -> tuple[str, ...]:
        """Names of the bundled calendars."""
        return tuple(sorted(_load_calendars()))

    def _start_year(self, fiscal_year: int) -> int:
        _check_year(fiscal_year)
        if self.start_month == 1 or self.naming == "start":
            return fiscal_year
        return fiscal_year - 1

    def fiscal_year(self, year: int) -> Period:
        """Fiscal year ``year`` as a period."""
        start = date(self._start_year(year), self.start_month, 1)
        return Period(start, start + relativedelta(years=1))

    def quarter(self, year: int, quarter: int) -> Period:
        """Quarter 1-4 of fiscal year ``year``."""
        if not isinstance(quarter, int) or not 1 <= quarter <= 4:
            raise PeriodError(f"quarter {quarter!r} is not in 1-4", text=repr(quarter))
        start = self.fiscal_year(year).start + relativedelta(months=3 * (quarter - 1))
        return Period(start, start + relativedelta(months=3))

    def half(self, year: int, half: int) -> Period:
        """Half 1 or 2 of fiscal year ``year``."""
        if not isinstance(half, int) or half not in (1, 2):
            raise PeriodError(f"half {half!r} is not 1 or 2", text=repr(half))
        start = self.fiscal_year(year).start + relativedelta(months=6 * (half - 1))
        return Period(start, start + relativedelta(months=6))

    def year_to_date(self, year: int, through_quarter: int) -> Period:
        """Fiscal-year start through the end of quarter ``through_quarter``."""
        end = self.quarter(year, through_quarter).end
        return Period(self.fiscal_year(year).start, end)

    def fiscal_year_of(self, day: date) -> int:
        """The fiscal year a day falls in.

        >>> from datetime import date
        >>> FiscalCalendar.named("october").fiscal_year_of(date(2023, 11, 5))
        2024
        """
        start_year = day.year if day.month >= self.start_month else day.year - 1
        if self.start_month == 1 or self.naming == "start":
            return start_year
        return start_year + 1

    def is_fiscal_year_start(self, day: date) -> bool:
        """True when ``day`` is the first day of a fiscal year."""
        return day.day == 1 and day.month == self.start_month

    def basis_of(self, period: Period) -> Basis:
        """The basis a period implies under this calendar.

        One-day periods are instants; a period that starts at a fiscal-year
        start and is longer than a quarter but shorter than the year is
        cumulative (year-to-date); everything else is a single period.

        >>> FiscalCalendar.named("calendar").basis_of(Period.half(2025, 1))
        <Basis.CUMULATIVE: 'cumulative'>
        >>> FiscalCalendar.named("calendar").basis_of(Period.quarter(2025, 1))
        <Basis.SINGLE_PERIOD: 'single_period'>
        """
        if period.is_instant:
            return Basis.INSTANT
        months = period.months
        if (
            self.is_fiscal_year_start(period.start)
            and months is not None
            and 1 < months < 12
            and months != 3
        ):
            return Basis.CUMULATIVE
        return Basis.SINGLE_PERIOD

    def describe(self, period: Period) -> str:
        """Name ``period`` under this calendar (see ``Period.describe``)."""
        if period.is_instant:
            return period.start.isoformat()
        months = period.months
        start = period.start
        if months is not None and start.day == 1:
            fy = self.fiscal_year_of(start)
            fy_start = self.fiscal_year(fy).start
            offset = (start.year - fy_start.year) * 12 + start.month - fy_start.month
            if months == 12 and offset == 0:
                return f"FY{fy}"
            if months == 6 and offset in (0, 6):
                return f"{fy}H{offset // 6 + 1}"
            if months == 3 and offset % 3 == 0:
                return f"{fy}Q{offset // 3 + 1}"
            if offset == 0 and 1 < months < 12:
                return f"{months}M{fy}"
            if months == 1:
                return f"{start.year}-{start.month:02d}"
        return str(period)


CALENDAR_YEAR = FiscalCalendar(1, "end", "calendar")


@functools.cache
def _load_calendars() -> dict[str, FiscalCalendar]:
    source = "fincalc/_data/calendars.toml"
    raw = tomllib.loads(resources.files("fincalc").joinpath("_data/calendars.toml").read_text())
    calendars: dict[str, FiscalCalendar] = {}
    for name, entry in raw.items():
        if not isinstance(entry, dict) or set(entry) - {"start_month", "naming", "description"}:
            raise InvalidRecordError(
                f"{source}: calendar {name!r} must be a table with start_month, naming and "
                f"description, got {entry!r}",
                source=source,
                field=name,
                reason="malformed entry",
            )
        try:
            calendars[name] = FiscalCalendar(entry["start_month"], entry["naming"], name)
        except (KeyError, InvalidInputError) as exc:
            raise InvalidRecordError(
                f"{source}: calendar {name!r} is invalid: {exc}",
                source=source,
                field=name,
                reason=str(exc),
            ) from exc
    return calendars


# -- parsing ------------------------------------------------------------------


@public
class ParsedPeriod(NamedTuple):
    """What ``parse_period`` returns: the period and the basis it implies."""

    period: Period
    basis: Basis


_MAX_PERIOD_TEXT = 200

_CN_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6}
_CN_DIGITS.update({"七": 7, "八": 8, "九": 9, "十": 10, "十一": 11, "十二": 12})
_EN_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_EN_ORDINALS.update({"1st": 1, "2nd": 2, "3rd": 3, "4th": 4})
_EN_COUNTS = {"three": 3, "six": 6, "nine": 9, "twelve": 12}
# 52/53-week filers: a 13/26/39-week period is a fiscal quarter/half/nine months,
# a 52- or 53-week period a fiscal year.
_WEEKS_TO_MONTHS = {13: 3, 26: 6, 39: 9, 52: 12, 53: 12}
_EN_WEEK_COUNTS = {
    "thirteen": 13,
    "twenty-six": 26,
    "thirty-nine": 39,
    "fifty-two": 52,
    "fifty-three": 53,
}
_MONTHS = {name: int(month) for name, month in vocabulary("periods").table("months.en").items()}


def _small_number(token: str) -> int:
    """A quarter/half/month/count written as digits, Chinese numerals or English words."""
    if token.isdigit():
        return int(token)
    if token in _CN_DIGITS:
        return _CN_DIGITS[token]
    if token in _EN_ORDINALS:
        return _EN_ORDINALS[token]
    return _EN_COUNTS[token]


def _year(token: str) -> int:
    """A four-digit year, or a two-digit one: 00-69 are 20yy, 70-99 are 19yy (documented rule).

    >>> _year("25"), _year("69"), _year("70"), _year("99"), _year("2099")
    (2025, 2069, 1970, 1999, 2099)
    """
    year = int(token)
    if len(token) != 2:
        return year
    return 2000 + year if year < _PIVOT else 1900 + year


_Handler = Callable[["re.Match[str]", "FiscalCalendar"], Period]

# Fragments shared by the patterns below (text is NFKC-normalised and lower-cased).
_Y = r"(?P<y>\d{4})"
_YY = r"(?P<y>\d{4}|\d{2})"
_FY_Y = r"(?:fy|fiscal(?: year)?) ?'?(?P<y>\d{4}|\d{2})"
_CNQ = r"(?P<q>[1-4一二三四])"
_ENQ = r"(?P<q>first|second|third|fourth|1st|2nd|3rd|4th)"
_MONTH_NAME = "|".join(sorted(_MONTHS, key=len, reverse=True))
_SEP = r"(?:-|~|至|到|—|–)"
_NIAN = r"(?:财政年度|财年|年度|年)"  # 2025年 / 2025财年 / 2025年度 before a quarter or half
_CN_ENDED = r"(?:截至|截止|截止到|截至到)?(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日止?(?:的)?"
_CN_YEAR_WORD = r"(?:年度|财年|财政年度|财务年度|会计年度|全年|十二个月|12个月)"
_FOR_THE = r"(?:for )?(?:the )?"
_ENDED = r" (?:period )?(?:ended|ending) (?:on )?(?P<date>.+)"


def _quarter(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.quarter(_year(m["y"]), _small_number(m["q"]))


def _half(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.half(_year(m["y"]), _small_number(m["h"]))


def _first_half(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.half(_year(m["y"]), 1)


def _second_half(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.half(_year(m["y"]), 2)


def _ytd(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.year_to_date(_year(m["y"]), _small_number(m["q"]))


def _nine_months(m: re.Match[str], cal: FiscalCalendar) -> Period:
    months = int(m["n"])
    if months % 3:
        raise PeriodError(f"{months}M is not a whole number of quarters", text=m.string)
    return cal.year_to_date(_year(m["y"]), months // 3)


def _fiscal_year(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.fiscal_year(_year(m["y"]))


def _month(m: re.Match[str], cal: FiscalCalendar) -> Period:
    month = int(m["m"]) if m["m"].isdigit() else _MONTHS[m["m"]]
    return Period.month(_year(m["y"]), month)


def _month_range(m: re.Match[str], cal: FiscalCalendar) -> Period:
    year = _check_year(_year(m["y"]), m.string)
    first, last = int(m["m1"]), int(m["m2"])
    if not (1 <= first <= last <= 12):
        raise PeriodError(f"month range {first}-{last} is not within one year", text=m.string)
    return Period(date(year, first, 1), date(year, last, 1) + relativedelta(months=1))


def _cn_date(m: re.Match[str], cal: FiscalCalendar) -> Period:
    year = _check_year(_year(m["y"]), m.string)
    try:
        day = date(year, int(m["m"]), int(m["d"]))
    except ValueError as exc:
        raise PeriodError(f"{m.string!r} is not a valid date: {exc}", text=m.string) from exc
    return Period.instant(day)


def _year_end(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.instant(cal.fiscal_year(_year(m["y"])).last_day)


def _month_end(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.instant(Period.month(_year(m["y"]), int(m["m"])).last_day)


def _quarter_end(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.instant(_quarter(m, cal).last_day)


def _as_of(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.instant(_english_date(m["date"], m.string))


def _fiscal_quarter_end_near(day: date, cal: FiscalCalendar) -> date | None:
    """The last day of a fiscal quarter within ``_SNAP_DAYS`` of ``day``, if there is one.

    Month ends are at least 28 days apart, so at most one candidate (the end of
    ``day``'s month or of the month before) can be that close.
    """
    this_month_end = day + relativedelta(day=31)
    previous_month_end = day.replace(day=1) - _ONE_DAY
    for candidate in (this_month_end, previous_month_end):
        if (candidate.month - cal.start_month) % 3 == 2 and abs(
            (candidate - day).days
        ) <= _SNAP_DAYS:
            return candidate
    return None


def _period_ended(
    last_day: date, months: int, cal: FiscalCalendar, whole: str, *, weeks: int | None = None
) -> Period:
    """The ``months`` months ended on ``last_day``, snapped to the fiscal calendar.

    A 52/53-week filer ends its quarters and year on a weekday near a month end
    ("fiscal year ended September 28, 2024"). An end date within ``_SNAP_DAYS``
    days of a fiscal quarter end under ``cal`` is read as that quarter end, so the
    period is the fiscal quarter, half, year-to-date or year it stands for and
    compares with the prior year's. A week count ("13 weeks ended ...") must snap;
    a month count on any other date is read exactly.
    """
    end = _fiscal_quarter_end_near(last_day, cal)
    if end is None:
        if weeks is not None:
            first = last_day - timedelta(weeks=weeks) + _ONE_DAY
            raise PeriodError(
                f"{weeks} weeks ended {last_day.isoformat()} does not end within {_SNAP_DAYS} "
                f"days of a fiscal quarter end of calendar {cal.name or cal.start_month!r} "
                f"(fiscal year starting in month {cal.start_month}), so it is no fiscal "
                "period fincalc can name; pass the filer's FiscalCalendar, or write the days "
                f"as '{first.year}年{first.month}月{first.day}日至"
                f"{last_day.year}年{last_day.month}月{last_day.day}日'",
                text=whole,
            )
        end = last_day
    return Period.months_ended(end, months)


def _months_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    count = 12 if m["n2"] else _small_number(m["n"])
    return _period_ended(_english_date(m["date"], m.string), count, cal, m.string)


def _weeks_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    weeks = int(m["w"]) if m["w"].isdigit() else _EN_WEEK_COUNTS[m["w"]]
    if weeks not in _WEEKS_TO_MONTHS:
        raise PeriodError(
            f"{weeks} weeks is not a 52/53-week fiscal period (13, 26, 39, 52 or 53 weeks), "
            "so fincalc will not guess which months it covers; write the period as dates",
            text=m.string,
        )
    last_day = _english_date(m["date"], m.string)
    return _period_ended(last_day, _WEEKS_TO_MONTHS[weeks], cal, m.string, weeks=weeks)


_AMBIGUOUS_NUMERIC_DATE = re.compile(r"(?P<a>\d{1,2})[/.-](?P<b>\d{1,2})[/.-]\d{4}")
_ALL_NUMERIC = re.compile(r"[\d /.-]+")
_COMPACT_ISO_DATE = re.compile(r"(?P<y>\d{4})(?P<m>\d{2})(?P<d>\d{2})")
_FOUR_DIGIT_YEAR = re.compile(r"(?<!\d)\d{4}(?!\d)")


def _english_date(text: str, whole: str) -> date:
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
        _check_year(day.year, whole)
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
    _check_year(results[0].year, whole)
    return results[0]


def _quarter_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return _period_ended(_english_date(m["date"], m.string), 3, cal, m.string)


def _quarter_range(m: re.Match[str], cal: FiscalCalendar) -> Period:
    """ "2025年Q1-Q3", "1-3Q25": quarters ``q1`` through ``q2`` of one fiscal year."""
    year = _year(m["y"])
    first, last = _small_number(m["q1"]), _small_number(m["q2"])
    if not 1 <= first < last <= 4:
        raise PeriodError(
            f"quarter range {first}-{last} is not an increasing range within one fiscal year",
            text=m.string,
        )
    return Period(cal.quarter(year, first).start, cal.quarter(year, last).end)


def _first_months(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.year_to_date(_year(m["y"]), _small_number(m["n"]) // 3)


def _cn_ended_day(m: re.Match[str]) -> date:
    year = _check_year(_year(m["y"]), m.string)
    try:
        return date(year, int(m["m"]), int(m["d"]))
    except ValueError as exc:
        raise PeriodError(f"{m.string!r} is not a valid date: {exc}", text=m.string) from exc


def _cn_months_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return _period_ended(_cn_ended_day(m), _small_number(m["n"]), cal, m.string)


def _cn_year_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return _period_ended(_cn_ended_day(m), 12, cal, m.string)


def _cn_date_range(m: re.Match[str], cal: FiscalCalendar) -> Period:
    """ "2024年1月1日至2024年12月31日": both days inside the period, read exactly."""
    first_year = _check_year(_year(m["y"]), m.string)
    last_year = _check_year(_year(m["y2"]), m.string) if m["y2"] else first_year
    try:
        first = date(first_year, int(m["m"]), int(m["d"]))
        last = date(last_year, int(m["m2"]), int(m["d2"]))
    except ValueError as exc:
        raise PeriodError(f"{m.string!r} is not a valid date range: {exc}", text=m.string) from exc
    if last < first:
        raise PeriodError(
            f"the range ends ({last.isoformat()}) before it starts ({first.isoformat()})",
            text=m.string,
        )
    return Period(first, last + _ONE_DAY)


def _split_fiscal_year(m: re.Match[str], cal: FiscalCalendar) -> Period:
    """ "2024/25财年", "FY2024/25": the fiscal year that starts in one year and ends in the next."""
    first = _year(m["y0"])
    last = _year(m["y"])
    if len(m["y"]) == 2:  # "2024/25", "FY99/00": the two digits continue the first year
        last = first // 100 * 100 + int(m["y"])
        if last < first:
            last += 100
    if last != first + 1 or cal.start_month == 1:
        raise PeriodError(
            f"{m.string!r} names a fiscal year from {first} to {last}, which calendar "
            f"{cal.name or cal.start_month} (starting in month {cal.start_month}) does not have",
            text=m.string,
        )
    fiscal_year = first if cal.naming == "start" else last
    return cal.fiscal_year(fiscal_year)


_PATTERNS: tuple[tuple[re.Pattern[str], _Handler], ...] = tuple(
    (re.compile(pattern), handler)
    for pattern, handler in [
        # quarters: 2025Q3, 2025 Q3, 2025-Q3, 2025年Q3, Q3 2025, Q3'25, 3Q25, Q3 FY2025, FY2025 Q3
        (rf"{_Y}(?:年| |-)?(?:第)?q{_CNQ}", _quarter),
        (rf"q{_CNQ}(?: |-|')?(?:of )?(?:{_FY_Y}|'?{_YY})", _quarter),
        (rf"{_CNQ}q ?(?:{_FY_Y}|'?{_YY})", _quarter),
        (rf"(?:{_FY_Y}) ?q{_CNQ}", _quarter),
        (rf"(?:the )?{_ENQ} (?:fiscal )?quarter (?:of )?(?:{_FY_Y}|{_Y})", _quarter),
        (rf"(?:{_FY_Y}|{_Y}) {_ENQ} (?:fiscal )?quarter", _quarter),
        (rf"{_Y}{_NIAN}?第?{_CNQ}季(?:度)?", _quarter),
        (rf"{_Y}{_NIAN}?第?{_CNQ}季(?:度)?末", _quarter_end),
        (rf"{_FOR_THE}(?:fiscal )?quarter{_ENDED}", _quarter_ended),
        # quarter ranges: 2025年Q1-Q3, Q1-Q3 2025, 1-3Q25, 2025年1-3季度
        (rf"{_Y}{_NIAN}?(?: |-)?q(?P<q1>[1-4])-q?(?P<q2>[1-4])", _quarter_range),
        (rf"q(?P<q1>[1-4])-q?(?P<q2>[1-4])(?: |-|')?(?:of )?(?:{_FY_Y}|'?{_YY})", _quarter_range),
        (rf"(?P<q1>[1-4])-(?P<q2>[1-4])q ?(?:{_FY_Y}|'?{_YY})", _quarter_range),
        (
            rf"{_Y}{_NIAN}?第?(?P<q1>[1-4一二三四])(?:-|至|到)第?(?P<q2>[1-4一二三四])个?季(?:度)?",
            _quarter_range,
        ),
        # halves and year-to-date
        (rf"{_Y}{_NIAN}?(?:上半年|半年度|中期)", _first_half),
        (rf"{_Y}{_NIAN}?下半年", _second_half),
        (r"(?P<y>\d{4}) ?h(?P<h>[12])", _half),
        (rf"h(?P<h>[12])(?: |-|')?(?:of )?(?:{_FY_Y}|'?{_YY})", _half),
        (rf"(?P<h>[12])h ?(?:{_FY_Y}|'?{_YY})", _half),
        (rf"(?:{_FY_Y}) ?h(?P<h>[12])", _half),
        (rf"(?:the )?first half (?:of )?(?:{_FY_Y}|{_Y})", _first_half),
        (rf"(?:the )?second half (?:of )?(?:{_FY_Y}|{_Y})", _second_half),
        (rf"{_Y}{_NIAN}?前{_CNQ}个?季(?:度)?", _ytd),
        (
            rf"(?:the )?first (?P<n>three|six|nine) months (?:of )?(?:{_FY_Y}|{_Y})",
            _first_months,
        ),
        (rf"(?P<n>[369]|12)m ?(?:{_FY_Y}|'?{_YY})", _nine_months),
        (rf"{_Y} ?(?P<n>[369]|12)m", _nine_months),
        (rf"{_Y}年(?P<m1>\d{{1,2}})月?{_SEP}(?P<m2>\d{{1,2}})月份?", _month_range),
        # explicit day ranges: 2024年1月1日至2024年12月31日
        (
            r"(?:自|从)?(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日起?"
            rf"{_SEP}(?:(?P<y2>\d{{4}})年)?(?P<m2>\d{{1,2}})月(?P<d2>\d{{1,2}})日止?(?:期间)?",
            _cn_date_range,
        ),
        # balance-sheet dates
        (
            r"(?:截至|截止|截止到|截至到|于)?(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日(?:止)?",
            _cn_date,
        ),
        (rf"{_CN_ENDED}(?P<n>三|六|九|十二|3|6|9|12)个月(?:期间)?", _cn_months_ended),
        (rf"{_CN_ENDED}{_CN_YEAR_WORD}", _cn_year_ended),
        (r"(?P<y>\d{4})年度?(?:末|底|年末)", _year_end),
        (r"(?P<y>\d{4})年(?P<m>\d{1,2})月(?:末|底)", _month_end),
        # fiscal years
        (rf"{_FY_Y}", _fiscal_year),
        (r"(?P<y>\d{4}) fiscal year", _fiscal_year),
        (r"(?P<y>\d{4})(?:财年|财政年度|财务年度|会计年度)", _fiscal_year),
        (r"(?:fy|fiscal(?: year)?) ?(?P<y0>\d{4}|\d{2})[/-](?P<y>\d{4}|\d{2})", _split_fiscal_year),
        (
            r"(?P<y0>\d{4})[/-](?P<y>\d{4}|\d{2})(?:财年|财政年度|财务年度|会计年度)",
            _split_fiscal_year,
        ),
        (r"(?P<y>\d{4})(?:年度|年全年|全年|年)?", _fiscal_year),
        # months
        (r"(?P<y>\d{4})(?:年|-|/)(?P<m>\d{1,2})(?:月份?)?", _month),
        (rf"(?P<m>{_MONTH_NAME})\.?(?: |-)(?P<y>\d{{4}})", _month),
        # English periods ended / instants (the date part goes through dateutil)
        (
            rf"{_FOR_THE}(?:(?P<n>three|six|nine|twelve|3|6|9|12)[ -]months?"
            rf"|(?:fiscal )?(?P<n2>year)){_ENDED}",
            _months_ended,
        ),
        (
            rf"{_FOR_THE}(?P<w>\d{{1,3}}|{'|'.join(_EN_WEEK_COUNTS)})[ -]weeks?{_ENDED}",
            _weeks_ended,
        ),
        (r"(?:(?:as of|as at|at|on) )?(?P<date>.*\d.*)", _as_of),
    ]
)


def _normalise(text: str) -> str:
    # NFKC folds full-width digits, letters and spaces ("２０２５年" -> "2025年").
    text = unicodedata.normalize("NFKC", text).lower()
    text = text.replace("—", "-").replace("–", "-").replace("−", "-").replace("～", "~")
    text = re.sub(r"\s+", " ", text).strip(" .,;:。，；：")
    # "2025 年 第三 季度" (PDF spacing) -> "2025年第三季度"; spaces between latin words stay.
    text = _CJK_SPACE.sub(r"\1", text)
    # HKEX / Taiwan traditional characters: "截至2024年6月30日止六個月", "2025財年".
    text = text.translate(_TRADITIONAL)
    # Chinese-numeral dates: "二〇二四年十二月三十一日" -> "2024年12月31日".
    text = _CN_NUMERAL_YEAR.sub(lambda m: "".join(str(_CN_DIGIT[c]) for c in m[0]), text)
    return _CN_NUMERAL_MONTH_DAY.sub(_cn_numeral_month_day, text)


_CJK_SPACE = re.compile(r" ?([\u3000-\u9fff]) ?")
_TRADITIONAL = str.maketrans(
    {
        "個": "个",
        "財": "财",
        "於": "于",
        "間": "间",
        "與": "与",
        "會": "会",
        "計": "计",
        "務": "务",
        "報": "报",
        "兩": "两",
        "內": "内",
    }
)
_CN_DIGIT = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4}
_CN_DIGIT.update({"五": 5, "六": 6, "七": 7, "八": 8, "九": 9})
# A year is four numerals written digit by digit, right before 年 (or 财年).
_CN_NUMERAL_YEAR = re.compile(r"[〇零一二三四五六七八九]{4}(?=年|财)")
# A month or day is a numeral of value 1-31 between 年/月/至/- and 月/日.
_CN_NUMERAL_MONTH_DAY = re.compile(r"(?<=[年月至到-])[一二三四五六七八九十]{1,3}(?=[月日])")


def _cn_numeral_month_day(match: re.Match[str]) -> str:
    """ "十二" -> "12", "三十一" -> "31"; anything that is not 1-31 stays as written."""
    token = match[0]
    tens, ten, units = token.partition("十")
    if not ten:
        return str(_CN_DIGIT[token]) if len(token) == 1 else token
    if len(tens) > 1 or len(units) > 1 or not set(tens + units) <= _CN_DIGIT.keys():
        return token  # "十十", "十一十": not a numeral
    value = (_CN_DIGIT[tens] if tens else 1) * 10 + (_CN_DIGIT[units] if units else 0)
    return str(value) if 1 <= value <= 31 else token


# A multi-period header ("December 31, 2023 and 2022", "2024年及2023年") names two
# periods; reading it as one would silently drop the other.
_MULTI_PERIOD = re.compile(r"\b(?:and|vs|versus)\b|[及与和&]")


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
    normalised = _normalise(text)
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
    for pattern, handler in _PATTERNS:
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

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

from ._errors import InvalidInputError, InvalidRecordError, PeriodError

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


@dataclass(frozen=True, slots=True, order=True)
class Period:
    """A half-open date interval ``[start, end)``.

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

        >>> CALENDAR_YEAR.basis_of(Period.half(2025, 1))
        <Basis.CUMULATIVE: 'cumulative'>
        >>> CALENDAR_YEAR.basis_of(Period.quarter(2025, 1))
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


class ParsedPeriod(NamedTuple):
    """What ``parse_period`` returns: the period and the basis it implies."""

    period: Period
    basis: Basis


_MAX_PERIOD_TEXT = 200

_CN_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6}
_CN_DIGITS.update({"七": 7, "八": 8, "九": 9, "十": 10, "十一": 11, "十二": 12})
_EN_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_EN_COUNTS = {"three": 3, "six": 6, "nine": 9, "twelve": 12}
_MONTHS = {
    name: index
    for index, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for name in names
}


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
    """A four-digit year, or a two-digit one read as 20yy (documented rule)."""
    year = int(token)
    return 2000 + year if len(token) == 2 else year


_Handler = Callable[["re.Match[str]", "FiscalCalendar"], Period]

# Fragments shared by the patterns below (text is NFKC-normalised and lower-cased).
_Y = r"(?P<y>\d{4})"
_YY = r"(?P<y>\d{4}|\d{2})"
_FY_Y = r"(?:fy|fiscal(?: year)?) ?'?(?P<y>\d{4}|\d{2})"
_CNQ = r"(?P<q>[1-4一二三四])"
_ENQ = r"(?P<q>first|second|third|fourth)"
_MONTH_NAME = "|".join(sorted(_MONTHS, key=len, reverse=True))
_SEP = r"(?:-|~|至|到|—|–)"
_NIAN = r"(?:财政年度|财年|年度|年)"  # 2025年 / 2025财年 / 2025年度 before a quarter or half
_CN_ENDED = r"(?:截至|截止|截止到|截至到)?(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日止?(?:的)?"


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


def _months_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    count = 12 if m["n2"] else _small_number(m["n"])
    return Period.months_ended(_english_date(m["date"], m.string), count)


_AMBIGUOUS_NUMERIC_DATE = re.compile(r"(?P<a>\d{1,2})[/.-](?P<b>\d{1,2})[/.-]\d{4}")


def _english_date(text: str, whole: str) -> date:
    """Parse a full date with dateutil, refusing any date with a missing part.

    dateutil fills missing fields from ``default``; parsing with two different
    defaults and comparing exposes a missing year, month or day instead of
    silently taking today's. "01/02/2023" is refused: day-first and
    month-first readings differ.
    """
    from dateutil import parser as date_parser

    numeric = _AMBIGUOUS_NUMERIC_DATE.fullmatch(text)
    if numeric and numeric["a"] != numeric["b"] and max(int(numeric["a"]), int(numeric["b"])) <= 12:
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
    return Period.months_ended(_english_date(m["date"], m.string), 3)


def _first_months(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.year_to_date(_year(m["y"]), _small_number(m["n"]) // 3)


def _cn_ended_day(m: re.Match[str]) -> date:
    year = _check_year(_year(m["y"]), m.string)
    try:
        return date(year, int(m["m"]), int(m["d"]))
    except ValueError as exc:
        raise PeriodError(f"{m.string!r} is not a valid date: {exc}", text=m.string) from exc


def _cn_months_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.months_ended(_cn_ended_day(m), _small_number(m["n"]))


def _cn_year_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.months_ended(_cn_ended_day(m), 12)


def _split_fiscal_year(m: re.Match[str], cal: FiscalCalendar) -> Period:
    """ "2024/25财年", "FY2024/25": the fiscal year that starts in one year and ends in the next."""
    first = _year(m["y0"])
    last = _year(m["y"]) if len(m["y"]) == 4 else first // 100 * 100 + int(m["y"])
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
        (rf"(?:the )?{_ENQ} quarter (?:of )?(?:{_FY_Y}|{_Y})", _quarter),
        (rf"{_Y}{_NIAN}?第?{_CNQ}季(?:度)?", _quarter),
        (rf"{_Y}{_NIAN}?第?{_CNQ}季(?:度)?末", _quarter_end),
        (r"(?:the )?quarter (?:ended|ending) (?:on )?(?P<date>.+)", _quarter_ended),
        # halves and year-to-date
        (rf"{_Y}{_NIAN}?(?:上半年|半年度|中期)", _first_half),
        (rf"{_Y}{_NIAN}?下半年", _second_half),
        (r"(?P<y>\d{4}) ?h(?P<h>[12])", _half),
        (rf"h(?P<h>[12])(?: |-|')?(?:of )?(?:{_FY_Y}|'?{_YY})", _half),
        (rf"(?P<h>[12])h ?(?:{_FY_Y}|'?{_YY})", _half),
        (rf"(?:the )?first half (?:of )?(?:{_FY_Y}|{_Y})", _first_half),
        (rf"(?:the )?second half (?:of )?(?:{_FY_Y}|{_Y})", _second_half),
        (rf"{_Y}{_NIAN}?前{_CNQ}个?季(?:度)?", _ytd),
        (
            rf"(?:the )?first (?P<n>three|six|nine) months (?:of )?(?:{_FY_Y}|{_Y})",
            _first_months,
        ),
        (rf"(?P<n>[369]|12)m ?(?:{_FY_Y}|'?{_YY})", _nine_months),
        (rf"{_Y} ?(?P<n>[369]|12)m", _nine_months),
        (rf"{_Y}年(?P<m1>\d{{1,2}})月?{_SEP}(?P<m2>\d{{1,2}})月", _month_range),
        # balance-sheet dates
        (
            r"(?:截至|截止|截止到|截至到|于)?(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日(?:止)?",
            _cn_date,
        ),
        (rf"{_CN_ENDED}(?P<n>三|六|九|十二|3|6|9|12)个月(?:期间)?", _cn_months_ended),
        (rf"{_CN_ENDED}(?:年度|财年|财政年度|全年|十二个月)", _cn_year_ended),
        (r"(?P<y>\d{4})年度?(?:末|底|年末)", _year_end),
        (r"(?P<y>\d{4})年(?P<m>\d{1,2})月(?:末|底)", _month_end),
        # fiscal years
        (rf"{_FY_Y}", _fiscal_year),
        (r"(?P<y>\d{4}) fiscal year", _fiscal_year),
        (r"(?P<y>\d{4})(?:财年|财政年度)", _fiscal_year),
        (r"(?:fy|fiscal(?: year)?) ?(?P<y0>\d{4}|\d{2})[/-](?P<y>\d{4}|\d{2})", _split_fiscal_year),
        (r"(?P<y0>\d{4})[/-](?P<y>\d{4}|\d{2})(?:财年|财政年度)", _split_fiscal_year),
        (r"(?P<y>\d{4})(?:年度|年全年|全年|年)?", _fiscal_year),
        # months
        (r"(?P<y>\d{4})(?:年|-|/)(?P<m>\d{1,2})月?", _month),
        (rf"(?P<m>{_MONTH_NAME})\.? (?P<y>\d{{4}})", _month),
        # English periods ended / instants (the date part goes through dateutil)
        (
            r"(?:the )?(?:(?P<n>three|six|nine|twelve|3|6|9|12)[ -]months?"
            r"|(?:fiscal )?(?P<n2>year)) (?:period )?(?:ended|ending) (?:on )?(?P<date>.+)",
            _months_ended,
        ),
        (r"(?:(?:as of|as at|at|on) )?(?P<date>.*\d.*)", _as_of),
    ]
)


def _normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower()
    text = text.replace("—", "-").replace("–", "-").replace("−", "-").replace("～", "~")
    text = re.sub(r"\s+", " ", text).strip(" .,;:。，；：")
    # "2025 年 第三 季度" (PDF spacing) -> "2025年第三季度"; spaces between latin words stay.
    return _CJK_SPACE.sub(r"\1", text)


_CJK_SPACE = re.compile(r" ?([\u3000-\u9fff]) ?")


def parse_period(text: str, calendar: FiscalCalendar | None = None) -> ParsedPeriod:
    """Read a period and its basis from report or question text.

    Quarter, half and fiscal-year notation is read under ``calendar`` (the
    calendar year by default). Two-digit years mean 20yy ("3Q25" is 2025).
    The basis follows from the period (``FiscalCalendar.basis_of``).

    Raises:
        PeriodError: the text is not a period fincalc can read without guessing
            (relative phrases such as "上年同期", incomplete dates).

    >>> parse_period("2025年前三季度")
    ParsedPeriod(period=Period(2025-01-01, 2025-10-01), basis=<Basis.CUMULATIVE: 'cumulative'>)
    >>> parse_period("Q3 FY2025", FiscalCalendar.named("october")).period
    Period(2025-04-01, 2025-07-01)
    >>> parse_period("截至2023年12月31日").basis
    <Basis.INSTANT: 'instant'>
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

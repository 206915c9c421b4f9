"""The period value types: ``Period``, ``FiscalCalendar``, ``Basis``.

A ``Period`` is half-open, ``[start, end)``: consecutive periods satisfy
``a.end == b.start`` with no day counted twice and none missed, and a
balance-sheet date is the one-day period ``[d, d + 1 day)``.

The basis of a period (single period, cumulative year-to-date, instant) is
decided by the period and the fiscal calendar, never by the wording:
"上半年", "1-6月" and "six months ended June 30" are the same cumulative
period for a calendar-year filer.  Reading periods from text is
``parse_period``'s job (``period.py`` and the ``period_*`` modules it uses).
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum
from importlib import resources
from typing import Literal

from dateutil.relativedelta import relativedelta

from .._base.exceptions import InvalidInputError, InvalidRecordError, PeriodError
from .._base.public import public

__all__ = [
    "CALENDAR_YEAR",
    "ONE_DAY",
    "Basis",
    "FiscalCalendar",
    "Period",
    "check_year",
]

ONE_DAY = timedelta(days=1)
_MIN_YEAR = 1900
_MAX_YEAR = 2200


class ClosedStrEnum(StrEnum):
    """A string enum whose unknown value raises ``InvalidInputError`` naming the allowed ones."""

    @classmethod
    def _missing_(cls, value: object) -> None:
        allowed = ", ".join(repr(member.value) for member in cls)
        raise InvalidInputError(
            f"{cls.__name__} {str(value)[:80]!r} is not one of {allowed}",
            argument=cls.__name__.lower(),
            value=str(value)[:80],
        )


@public
class Basis(ClosedStrEnum):
    """How a figure accumulates over its period.

    ``single_period``: one fiscal year, half, quarter or month on its own.
    ``cumulative``: year-to-date from the fiscal-year start (前三季度, 9M).
    ``instant``: a balance-sheet date (截至 2023年12月31日).
    """

    SINGLE_PERIOD = "single_period"
    CUMULATIVE = "cumulative"
    INSTANT = "instant"


def _is_month_end(day: date) -> bool:
    return (day + ONE_DAY).day == 1


def _shift_date(day: date, delta: relativedelta) -> date:
    shifted: date = day + delta
    if _is_month_end(day):
        # A month-end stays a month-end (2024-06-30 - 1 quarter = 2024-03-31).
        shifted = shifted + relativedelta(day=31)
    return shifted


def check_year(year: object, text: str | None = None) -> int:
    """``year`` if it is an int within the supported range, else a ``PeriodError``."""
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
        check_year(year)
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
        end = last_day + ONE_DAY
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
        return cls(day, day + ONE_DAY)

    # -- properties ----------------------------------------------------------
    @property
    def is_instant(self) -> bool:
        """True for a one-day period (a balance-sheet date)."""
        return self.end - self.start == ONE_DAY

    @property
    def last_day(self) -> date:
        """The last day inside the period (``end - 1 day``)."""
        return self.end - ONE_DAY

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
            return Period(start, start + ONE_DAY)
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
        check_year(fiscal_year)
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

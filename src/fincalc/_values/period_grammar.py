"""The grammar of period text: ordered patterns and what each one reads.

``PATTERNS`` is tried in order against the normalised text (``period_words.
normalise``) with ``fullmatch``; the first pattern that matches decides, and
its handler builds the period under the fiscal calendar.  The words the
patterns match (ordinals, counts, 上半年/下半年, 前三季度, 截至…止, 年度, …)
come from ``_data/periods.toml`` through ``period_words``; the patterns keep
only the grammar: digits, particles, the letters of "2025Q3", "H1" and "9M".
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import regex as re

from .._base.exceptions import PeriodError
from .._base.vocabulary import alternation
from .period_dates import WEEKS_TO_MONTHS, english_date, period_ended
from .period_types import ONE_DAY, FiscalCalendar, Period, check_year
from .period_words import MONTHS, WEEK_WORDS, counts, small_number, words, year_of

__all__ = ["PATTERNS", "Handler"]

Handler = Callable[["re.Match[str]", "FiscalCalendar"], Period]

# Fragments shared by the patterns below (text is NFKC-normalised and lower-cased).
_Y = r"(?P<y>\d{4})"
_YY = r"(?P<y>\d{4}|\d{2})"
_FY_Y = rf"(?:{words('fiscal_year.en')}) ?'?(?P<y>\d{{4}}|\d{{2}})"
_CNQ = rf"(?P<q>[1-4]|{words('quarters.zh')})"
_ENQ = rf"(?P<q>{words('ordinals.en')})"
_MONTH_NAME = alternation(MONTHS, boundaries=False)
_TO = words("range.zh_to")
_SEP = rf"(?:-|~|〜|—|–|{_TO})"  # 〜 (U+301C) survives NFKC; ～ and － become ~ and -
_NIAN = rf"(?:{words('year_before_part.zh')})"  # 2025年 / 2025财年 / 2025年度 before a part
_QUARTER = rf"(?:{words('quarter.zh')})"  # 季度, 季
_EN_QUARTER = rf"(?:{words('quarter.en')})"
_UNTIL = rf"(?:{words('ended.zh_until')})"  # …止
_CN_ENDED = (
    rf"(?:{words('ended.zh')})?(?P<y>\d{{4}})年(?P<m>\d{{1,2}})月(?P<d>\d{{1,2}})日{_UNTIL}?(?:的)?"
)
_CN_YEAR_WORD = rf"(?:{words('year_ended.zh')})"
_FOR_THE = r"(?:for )?(?:the )?"
_ENDED = rf" (?:period )?(?:{words('ended.en')}) (?:on )?(?P<date>.+)"


# -- quarters, halves, years, months -----------------------------------------------


def _quarter(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.quarter(year_of(m["y"]), small_number(m["q"]))


def _half(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.half(year_of(m["y"]), small_number(m["h"]))


def _first_half(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.half(year_of(m["y"]), 1)


def _second_half(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.half(year_of(m["y"]), 2)


def _ytd(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.year_to_date(year_of(m["y"]), small_number(m["q"]))


def _nine_months(m: re.Match[str], cal: FiscalCalendar) -> Period:
    months = int(m["n"])
    if months % 3:
        raise PeriodError(f"{months}M is not a whole number of quarters", text=m.string)
    return cal.year_to_date(year_of(m["y"]), months // 3)


def _first_months(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.year_to_date(year_of(m["y"]), small_number(m["n"]) // 3)


def _fiscal_year(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return cal.fiscal_year(year_of(m["y"]))


def _month(m: re.Match[str], cal: FiscalCalendar) -> Period:
    month = int(m["m"]) if m["m"].isdigit() else MONTHS[m["m"]]
    return Period.month(year_of(m["y"]), month)


def _month_range(m: re.Match[str], cal: FiscalCalendar) -> Period:
    year = check_year(year_of(m["y"]), m.string)
    first, last = int(m["m1"]), int(m["m2"])
    if not (1 <= first <= last <= 12):
        raise PeriodError(f"month range {first}-{last} is not within one year", text=m.string)
    return Period(date(year, first, 1), Period.month(year, last).end)


def _quarter_range(m: re.Match[str], cal: FiscalCalendar) -> Period:
    """ "2025年Q1-Q3", "1-3Q25": quarters ``q1`` through ``q2`` of one fiscal year."""
    year = year_of(m["y"])
    first, last = small_number(m["q1"]), small_number(m["q2"])
    if not 1 <= first < last <= 4:
        raise PeriodError(
            f"quarter range {first}-{last} is not an increasing range within one fiscal year",
            text=m.string,
        )
    return Period(cal.quarter(year, first).start, cal.quarter(year, last).end)


def _split_fiscal_year(m: re.Match[str], cal: FiscalCalendar) -> Period:
    """ "2024/25财年", "FY2024/25": the fiscal year that starts in one year and ends in the next."""
    first = year_of(m["y0"])
    last = year_of(m["y"])
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


# -- days: balance-sheet dates, day ranges, periods ended on a day ------------------


def _cn_day(m: re.Match[str]) -> date:
    year = check_year(year_of(m["y"]), m.string)
    try:
        return date(year, int(m["m"]), int(m["d"]))
    except ValueError as exc:
        raise PeriodError(f"{m.string!r} is not a valid date: {exc}", text=m.string) from exc


def _cn_date(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.instant(_cn_day(m))


def _year_end(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.instant(cal.fiscal_year(year_of(m["y"])).last_day)


def _month_end(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.instant(Period.month(year_of(m["y"]), int(m["m"])).last_day)


def _quarter_end(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.instant(_quarter(m, cal).last_day)


def _as_of(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return Period.instant(english_date(m["date"], m.string))


def _cn_date_range(m: re.Match[str], cal: FiscalCalendar) -> Period:
    """ "2024年1月1日至2024年12月31日": both days inside the period, read exactly."""
    first_year = check_year(year_of(m["y"]), m.string)
    last_year = check_year(year_of(m["y2"]), m.string) if m["y2"] else first_year
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
    return Period(first, last + ONE_DAY)


def _cn_months_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return period_ended(_cn_day(m), small_number(m["n"]), cal, m.string)


def _cn_year_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return period_ended(_cn_day(m), 12, cal, m.string)


def _quarter_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    return period_ended(english_date(m["date"], m.string), 3, cal, m.string)


def _months_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    count = 12 if m["n2"] else small_number(m["n"])
    return period_ended(english_date(m["date"], m.string), count, cal, m.string)


def _weeks_ended(m: re.Match[str], cal: FiscalCalendar) -> Period:
    weeks = int(m["w"]) if m["w"].isdigit() else WEEK_WORDS[m["w"]]
    if weeks not in WEEKS_TO_MONTHS:
        raise PeriodError(
            f"{weeks} weeks is not a 52/53-week fiscal period (13, 26, 39, 52 or 53 weeks), "
            "so fincalc will not guess which months it covers; write the period as dates",
            text=m.string,
        )
    last_day = english_date(m["date"], m.string)
    return period_ended(last_day, WEEKS_TO_MONTHS[weeks], cal, m.string, weeks=weeks)


# -- the patterns, in the order they are tried -----------------------------------------

PATTERNS: tuple[tuple[re.Pattern[str], Handler], ...] = tuple(
    (re.compile(pattern), handler)
    for pattern, handler in [
        # quarters: 2025Q3, 2025 Q3, 2025-Q3, 2025年Q3, Q3 2025, Q3'25, 3Q25, Q3 FY2025, FY2025 Q3
        (rf"{_Y}(?:年| |-)?(?:第)?q{_CNQ}", _quarter),
        (rf"q{_CNQ}(?: |-|')?(?:of )?(?:{_FY_Y}|'?{_YY})", _quarter),
        (rf"{_CNQ}q ?(?:{_FY_Y}|'?{_YY})", _quarter),
        (rf"(?:{_FY_Y}) ?q{_CNQ}", _quarter),
        (rf"(?:the )?{_ENQ} (?:fiscal )?{_EN_QUARTER} (?:of )?(?:{_FY_Y}|{_Y})", _quarter),
        (rf"(?:{_FY_Y}|{_Y}) {_ENQ} (?:fiscal )?{_EN_QUARTER}", _quarter),
        (rf"{_Y}{_NIAN}?第?{_CNQ}{_QUARTER}", _quarter),
        (rf"{_Y}{_NIAN}?第?{_CNQ}{_QUARTER}(?:{words('quarter_end.zh')})", _quarter_end),
        (rf"{_FOR_THE}(?:fiscal )?{_EN_QUARTER}{_ENDED}", _quarter_ended),
        # quarter ranges: 2025年Q1-Q3, Q1-Q3 2025, 1-3Q25, 2025年1-3季度, 2006年1～3季度
        # (any range dash: -, ~ (from ～), —, –, 至/到)
        (rf"{_Y}{_NIAN}?(?: |-)?q(?P<q1>[1-4]){_SEP}q?(?P<q2>[1-4])", _quarter_range),
        (
            rf"q(?P<q1>[1-4]){_SEP}q?(?P<q2>[1-4])(?: |-|')?(?:of )?(?:{_FY_Y}|'?{_YY})",
            _quarter_range,
        ),
        (rf"(?P<q1>[1-4]){_SEP}(?P<q2>[1-4])q ?(?:{_FY_Y}|'?{_YY})", _quarter_range),
        (
            rf"{_Y}{_NIAN}?第?(?P<q1>[1-4]|{words('quarters.zh')}){_SEP}"
            rf"第?(?P<q2>[1-4]|{words('quarters.zh')})个?{_QUARTER}",
            _quarter_range,
        ),
        # halves and year-to-date
        (rf"{_Y}{_NIAN}?(?:{words('first_half.zh')})", _first_half),
        (rf"{_Y}{_NIAN}?(?:{words('second_half.zh')})", _second_half),
        (r"(?P<y>\d{4}) ?h(?P<h>[12])", _half),
        (rf"h(?P<h>[12])(?: |-|')?(?:of )?(?:{_FY_Y}|'?{_YY})", _half),
        (rf"(?P<h>[12])h ?(?:{_FY_Y}|'?{_YY})", _half),
        (rf"(?:{_FY_Y}) ?h(?P<h>[12])", _half),
        (rf"(?:the )?(?:{words('first_half.en')}) (?:of )?(?:{_FY_Y}|{_Y})", _first_half),
        (rf"(?:the )?(?:{words('second_half.en')}) (?:of )?(?:{_FY_Y}|{_Y})", _second_half),
        (rf"{_Y}{_NIAN}?(?:{words('year_to_date.zh')}){_CNQ}个?{_QUARTER}", _ytd),
        (
            rf"(?:the )?(?:{words('year_to_date.en')}) (?P<n>{words('first_months.en')}) months "
            rf"(?:of )?(?:{_FY_Y}|{_Y})",
            _first_months,
        ),
        (rf"(?P<n>[369]|12)m ?(?:{_FY_Y}|'?{_YY})", _nine_months),
        (rf"{_Y} ?(?P<n>[369]|12)m", _nine_months),
        (rf"{_Y}年(?P<m1>\d{{1,2}})月?{_SEP}(?P<m2>\d{{1,2}})月份?", _month_range),
        # explicit day ranges: 2024年1月1日至2024年12月31日
        (
            rf"(?:{words('range.zh_from')})?(?P<y>\d{{4}})年(?P<m>\d{{1,2}})月(?P<d>\d{{1,2}})日起?"
            rf"{_SEP}(?:(?P<y2>\d{{4}})年)?(?P<m2>\d{{1,2}})月(?P<d2>\d{{1,2}})日{_UNTIL}?"
            r"(?:期间)?",
            _cn_date_range,
        ),
        # balance-sheet dates
        (
            rf"(?:{words('as_of.zh')})?(?P<y>\d{{4}})年(?P<m>\d{{1,2}})月(?P<d>\d{{1,2}})日"
            rf"{_UNTIL}?",
            _cn_date,
        ),
        (rf"{_CN_ENDED}(?P<n>{counts('months_ended.zh')})个月(?:期间)?", _cn_months_ended),
        (rf"{_CN_ENDED}{_CN_YEAR_WORD}", _cn_year_ended),
        (rf"(?P<y>\d{{4}})年度?(?:{words('year_end.zh')})", _year_end),
        (rf"(?P<y>\d{{4}})年(?P<m>\d{{1,2}})月(?:{words('month_end.zh')})", _month_end),
        # fiscal years
        (rf"{_FY_Y}", _fiscal_year),
        (r"(?P<y>\d{4}) fiscal year", _fiscal_year),
        (rf"(?P<y>\d{{4}})(?:{words('fiscal_year.zh')})", _fiscal_year),
        (
            rf"(?:{words('fiscal_year.en')}) ?(?P<y0>\d{{4}}|\d{{2}})[/-](?P<y>\d{{4}}|\d{{2}})",
            _split_fiscal_year,
        ),
        (
            rf"(?P<y0>\d{{4}})[/-](?P<y>\d{{4}}|\d{{2}})(?:{words('fiscal_year.zh')})",
            _split_fiscal_year,
        ),
        (rf"(?P<y>\d{{4}})(?:{words('whole_year.zh')})?", _fiscal_year),
        # months
        (r"(?P<y>\d{4})(?:年|-|/)(?P<m>\d{1,2})(?:月份?)?", _month),
        (rf"(?P<m>{_MONTH_NAME})\.?(?: |-)(?P<y>\d{{4}})", _month),
        # English periods ended / instants (the date part goes through dateutil)
        (
            rf"{_FOR_THE}(?:(?P<n>{counts('months_ended.en')})[ -]months?"
            rf"|(?:fiscal )?(?P<n2>year)){_ENDED}",
            _months_ended,
        ),
        (
            rf"{_FOR_THE}(?P<w>\d{{1,3}}|{words('weeks_ended.en')})[ -]weeks?{_ENDED}",
            _weeks_ended,
        ),
        (rf"(?:(?:{words('as_of.en')}) )?(?P<date>.*\d.*)", _as_of),
    ]
)

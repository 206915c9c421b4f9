"""Periods, fiscal calendars and parse_period."""

from __future__ import annotations

import contextlib
import decimal
import itertools
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
import regex as re
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from fincalc import Basis, FiscalCalendar, Period, PeriodError, parse_period
from fincalc._base.vocabulary import vocabulary
from fincalc._values.period import CALENDAR_YEAR
from fincalc._values.period_words import normalise

S, C, INST = Basis.SINGLE_PERIOD, Basis.CUMULATIVE, Basis.INSTANT
CAL = CALENDAR_YEAR
OCT = FiscalCalendar.named("october")
JUL = FiscalCalendar.named("july")
APR_START = FiscalCalendar.named("april_start")
APR_END = FiscalCalendar.named("april_end")


def d(text: str) -> date:
    return date.fromisoformat(text)


# id, text, calendar, expected start, expected end (exclusive), basis, source
PARSE_CASES = [
    ("q-compact", "2025Q3", CAL, "2025-07-01", "2025-10-01", S, "analyst shorthand"),
    ("q-en", "Q3 2025", CAL, "2025-07-01", "2025-10-01", S, "press release"),
    ("q-short", "3Q25", CAL, "2025-07-01", "2025-10-01", S, "sell-side notes"),
    ("q-apostrophe", "Q3'25", CAL, "2025-07-01", "2025-10-01", S, "slide decks"),
    ("q-fy-calendar", "Q3 FY2025", CAL, "2025-07-01", "2025-10-01", S, "10-Q"),
    ("q-fy-first", "FY2025 Q3", CAL, "2025-07-01", "2025-10-01", S, "10-Q"),
    ("q-words", "the third quarter of 2025", CAL, "2025-07-01", "2025-10-01", S, "10-Q MD&A"),
    ("q-cn", "2025年第三季度", CAL, "2025-07-01", "2025-10-01", S, "A-share 三季报"),
    ("q-cn-short", "2025年三季度", CAL, "2025-07-01", "2025-10-01", S, "A-share prose"),
    ("q-cn-digit", "2025年第3季度", CAL, "2025-07-01", "2025-10-01", S, "A-share prose"),
    ("q-cn-latin", "2025年Q3", CAL, "2025-07-01", "2025-10-01", S, "LLM answers"),
    ("q-cn-q1", "2025年一季度", CAL, "2025-01-01", "2025-04-01", S, "一季报"),
    ("q-pdf-spaces", "2025 年 第 三 季度", CAL, "2025-07-01", "2025-10-01", S, "PDF text"),
    ("q-fullwidth", "２０２５Ｑ３", CAL, "2025-07-01", "2025-10-01", S, "full-width OCR"),
    ("ytd-cn", "2025年前三季度", CAL, "2025-01-01", "2025-10-01", C, "三季报 cumulative"),
    ("ytd-months", "2025年1-9月", CAL, "2025-01-01", "2025-10-01", C, "statistics bureau"),
    ("ytd-months-dash", "2025年1—9月", CAL, "2025-01-01", "2025-10-01", C, "PDF em dash"),
    ("ytd-months-zhi", "2025年1月至9月", CAL, "2025-01-01", "2025-10-01", C, "prose"),
    ("ytd-9m", "9M25", CAL, "2025-01-01", "2025-10-01", C, "analyst shorthand"),
    ("ytd-en", "nine months ended September 30, 2025", CAL, "2025-01-01", "2025-10-01", C, "10-Q"),
    ("h1-cn", "2025年上半年", CAL, "2025-01-01", "2025-07-01", C, "半年报"),
    ("h1-cn-report", "2025年半年度", CAL, "2025-01-01", "2025-07-01", C, "半年报 title"),
    ("h2-cn", "2024年下半年", CAL, "2024-07-01", "2025-01-01", S, "prose"),
    ("h1-en", "H1 2024", CAL, "2024-01-01", "2024-07-01", C, "HK interim"),
    ("h1-short", "1H24", CAL, "2024-01-01", "2024-07-01", C, "sell-side notes"),
    ("h2-compact", "2024H2", CAL, "2024-07-01", "2025-01-01", S, "analyst shorthand"),
    ("h1-words", "first half of 2024", CAL, "2024-01-01", "2024-07-01", C, "press release"),
    ("six-months", "six months ended June 30, 2024", CAL, "2024-01-01", "2024-07-01", C, "10-Q"),
    (
        "three-months",
        "three months ended June 30, 2024",
        CAL,
        "2024-04-01",
        "2024-07-01",
        S,
        "10-Q",
    ),
    ("fy-cn", "2023年度", CAL, "2023-01-01", "2024-01-01", S, "年报"),
    ("fy-cn-year", "2023年", CAL, "2023-01-01", "2024-01-01", S, "prose"),
    ("fy-cn-full", "2023年全年", CAL, "2023-01-01", "2024-01-01", S, "prose"),
    ("fy-en", "FY2023", CAL, "2023-01-01", "2024-01-01", S, "10-K"),
    ("fy-short", "FY23", CAL, "2023-01-01", "2024-01-01", S, "slides"),
    ("fy-fiscal", "fiscal 2023", CAL, "2023-01-01", "2024-01-01", S, "10-K"),
    ("fy-year-ended", "year ended December 31, 2023", CAL, "2023-01-01", "2024-01-01", S, "10-K"),
    ("month-cn", "2025年3月", CAL, "2025-03-01", "2025-04-01", S, "monthly operating data"),
    ("month-en", "March 2025", CAL, "2025-03-01", "2025-04-01", S, "monthly release"),
    ("month-range-q", "2025年7-9月", CAL, "2025-07-01", "2025-10-01", S, "prose (a quarter)"),
    ("instant-cn", "截至2023年12月31日", CAL, "2023-12-31", "2024-01-01", INST, "资产负债表"),
    ("instant-cn-bare", "2023年12月31日", CAL, "2023-12-31", "2024-01-01", INST, "资产负债表"),
    ("instant-cn-end", "2023年末", CAL, "2023-12-31", "2024-01-01", INST, "prose"),
    ("instant-q-end", "2025年三季度末", CAL, "2025-09-30", "2025-10-01", INST, "prose"),
    ("instant-as-of", "as of December 31, 2023", CAL, "2023-12-31", "2024-01-01", INST, "10-K"),
    ("instant-iso", "2023-12-31", CAL, "2023-12-31", "2024-01-01", INST, "XBRL"),
    (
        "instant-en",
        "December 31, 2023",
        CAL,
        "2023-12-31",
        "2024-01-01",
        INST,
        "10-K balance sheet",
    ),
    ("instant-abbr", "Dec. 31, 2023", CAL, "2023-12-31", "2024-01-01", INST, "10-K tables"),
    (
        "instant-dmy",
        "31 December 2023",
        CAL,
        "2023-12-31",
        "2024-01-01",
        INST,
        "UK/HK annual report",
    ),
    ("cn-fy-cainian", "2024财年", CAL, "2024-01-01", "2025-01-01", S, "prose"),
    ("cn-q-cainian", "2025财年第三季度", CAL, "2025-07-01", "2025-10-01", S, "HK Chinese"),
    ("cn-h1-niandu", "2025年度上半年", CAL, "2025-01-01", "2025-07-01", C, "prose"),
    ("hk-9m", "截至2025年9月30日止九个月", CAL, "2025-01-01", "2025-10-01", C, "HKEX 季度业绩"),
    ("hk-6m", "截至2025年6月30日止六个月期间", CAL, "2025-01-01", "2025-07-01", C, "HKEX 中期"),
    ("hk-year", "截至2024年12月31日止年度", CAL, "2024-01-01", "2025-01-01", S, "HKEX 年报"),
    ("cn-fy-end", "2023年度末", CAL, "2023-12-31", "2024-01-01", INST, "prose"),
    ("q-ended", "quarter ended September 30, 2025", CAL, "2025-07-01", "2025-10-01", S, "10-Q"),
    ("first-9m", "first nine months of 2025", CAL, "2025-01-01", "2025-10-01", C, "press release"),
    ("fy-words", "2024 fiscal year", CAL, "2024-01-01", "2025-01-01", S, "press release"),
    ("month-slash", "2024/12", CAL, "2024-12-01", "2025-01-01", S, "tables"),
    # non-calendar fiscal years
    ("apr-split-cn", "2024/25财年", APR_END, "2024-04-01", "2025-04-01", S, "HK/India"),
    ("apr-split-en", "FY2024/25", APR_START, "2024-04-01", "2025-04-01", S, "Japanese"),
    ("apr-split-dash", "FY24-25", APR_END, "2024-04-01", "2025-04-01", S, "Indian"),
    ("oct-fy", "FY2024", OCT, "2023-10-01", "2024-10-01", S, "Apple-style 10-K"),
    ("oct-q1", "Q1 FY2025", OCT, "2024-10-01", "2025-01-01", S, "Apple-style 10-Q"),
    ("oct-ytd", "9M FY2025", OCT, "2024-10-01", "2025-07-01", C, "Apple-style 10-Q"),
    ("jul-fy", "fiscal 2024", JUL, "2023-07-01", "2024-07-01", S, "Microsoft-style 10-K"),
    ("jul-h1", "H1 FY24", JUL, "2023-07-01", "2024-01-01", C, "ASX half-year"),
    ("apr-start-fy", "FY2024", APR_START, "2024-04-01", "2025-04-01", S, "Japanese 決算"),
    ("apr-start-q3", "2024Q3", APR_START, "2024-10-01", "2025-01-01", S, "Japanese quarterly"),
    ("apr-end-fy", "FY25", APR_END, "2024-04-01", "2025-04-01", S, "Indian annual report"),
    # 52/53-week filers: an "... ended <date>" within 7 days of a fiscal quarter end
    # is that fiscal period (Apple's FY2024 ran 2023-10-01..2024-09-28 in its own terms)
    ("ww-fy", "fiscal year ended September 28, 2024", OCT, "2023-10-01", "2024-10-01", S, "10-K"),
    (
        "ww-fy-prior",
        "fiscal year ended September 30, 2023",
        OCT,
        "2022-10-01",
        "2023-10-01",
        S,
        "10-K",
    ),
    ("ww-fy-early", "year ended September 24, 2022", OCT, "2021-10-01", "2022-10-01", S, "10-K"),
    ("ww-9m", "nine months ended June 29, 2024", OCT, "2023-10-01", "2024-07-01", C, "10-Q"),
    ("ww-q", "three months ended December 28, 2024", OCT, "2024-10-01", "2025-01-01", S, "10-Q"),
    ("ww-q-cal", "quarter ended June 29, 2024", CAL, "2024-04-01", "2024-07-01", S, "10-Q"),
    ("ww-after", "three months ended October 2, 2022", OCT, "2022-07-01", "2022-10-01", S, "10-Q"),
    ("ww-52", "52 weeks ended September 28, 2024", OCT, "2023-10-01", "2024-10-01", S, "10-K"),
    ("ww-53", "53 weeks ended September 30, 2023", OCT, "2022-10-01", "2023-10-01", S, "10-K"),
    ("ww-13", "13 weeks ended December 28, 2024", OCT, "2024-10-01", "2025-01-01", S, "10-Q"),
    (
        "ww-13-words",
        "thirteen weeks ended December 28, 2024",
        OCT,
        "2024-10-01",
        "2025-01-01",
        S,
        "10-Q",
    ),
    ("ww-26", "26-week period ended March 30, 2024", OCT, "2023-10-01", "2024-04-01", C, "10-Q"),
    ("ww-39", "39 weeks ended June 29, 2024", OCT, "2023-10-01", "2024-07-01", C, "10-Q"),
    ("ww-hk", "截至2024年9月28日止年度", OCT, "2023-10-01", "2024-10-01", S, "HKEX 年报"),
    (
        "ww-exact-off",
        "three months ended May 15, 2024",
        CAL,
        "2024-02-16",
        "2024-05-16",
        S,
        "exact",
    ),
    # leading "for the", ordinals, FY-first halves, month abbreviations
    (
        "for-the-year",
        "for the year ended December 31, 2023",
        CAL,
        "2023-01-01",
        "2024-01-01",
        S,
        "10-K",
    ),
    (
        "for-the-3m",
        "for the three months ended March 31, 2025",
        CAL,
        "2025-01-01",
        "2025-04-01",
        S,
        "10-Q",
    ),
    (
        "for-the-hk",
        "For the six months ended 30 June 2024",
        CAL,
        "2024-01-01",
        "2024-07-01",
        C,
        "HKEX interim",
    ),
    ("fy-h1", "FY2025 H1", JUL, "2024-07-01", "2025-01-01", C, "ASX half-year"),
    ("fy-h1-compact", "FY25H1", JUL, "2024-07-01", "2025-01-01", C, "broker notes"),
    ("q-ordinal", "3rd quarter 2025", CAL, "2025-07-01", "2025-10-01", S, "press release"),
    ("q-fy-first-words", "fiscal 2025 first quarter", OCT, "2024-10-01", "2025-01-01", S, "10-Q"),
    (
        "q-fiscal-quarter",
        "third fiscal quarter of 2025",
        CAL,
        "2025-07-01",
        "2025-10-01",
        S,
        "10-Q",
    ),
    ("month-abbr-dash", "Sep-2025", CAL, "2025-09-01", "2025-10-01", S, "spreadsheets"),
    ("month-fen", "2025年9月份", CAL, "2025-09-01", "2025-10-01", S, "statistics bureau"),
    # traditional characters, Chinese numerals, full width
    (
        "hk-trad-6m",
        "截至2024年6月30日止六個月",
        CAL,
        "2024-01-01",
        "2024-07-01",
        C,
        "HKEX 中期 (繁)",
    ),
    ("hk-trad-q", "2025財年第三季度", CAL, "2025-07-01", "2025-10-01", S, "HKEX (繁)"),
    (
        "hk-trad-fy",
        "截至2024年3月31日止財政年度",
        APR_END,
        "2023-04-01",
        "2024-04-01",
        S,
        "HKEX (繁)",
    ),
    (
        "hk-numerals",
        "截至二零二四年十二月三十一日止年度",
        CAL,
        "2024-01-01",
        "2025-01-01",
        S,
        "HKEX 年報",
    ),
    ("cn-numeral-date", "二〇二四年十二月三十一日", CAL, "2024-12-31", "2025-01-01", INST, "公告"),
    ("cn-numeral-year", "二〇二四年", CAL, "2024-01-01", "2025-01-01", S, "公告"),
    (
        "fullwidth-date",
        "２０２４年６月３０日",
        CAL,
        "2024-06-30",
        "2024-07-01",
        INST,
        "full-width OCR",
    ),
    # explicit ranges
    ("range-days", "2024年1月1日至2024年12月31日", CAL, "2024-01-01", "2025-01-01", S, "审计报告"),
    ("range-days-h1", "2024年1月1日至6月30日", CAL, "2024-01-01", "2024-07-01", C, "半年报"),
    ("range-days-odd", "2024年3月15日至2024年4月14日", CAL, "2024-03-15", "2024-04-15", S, "公告"),
    ("range-q-cn", "2025年Q1-Q3", CAL, "2025-01-01", "2025-10-01", C, "LLM answers"),
    ("range-q-en", "Q1-Q3 2025", CAL, "2025-01-01", "2025-10-01", C, "slides"),
    ("range-q-short", "1-3Q25", CAL, "2025-01-01", "2025-10-01", C, "sell-side notes"),
    ("range-q-words", "2025年1-3季度", CAL, "2025-01-01", "2025-10-01", C, "prose"),
    ("range-q-mid", "2025年Q2-Q3", CAL, "2025-04-01", "2025-10-01", S, "prose"),
    ("range-q-tilde", "2006年1～3季度", CAL, "2006-01-01", "2006-10-01", C, "统计公报 (issue 27)"),
    ("range-q-wave", "2006年1〜3季度", CAL, "2006-01-01", "2006-10-01", C, "统计公报, U+301C"),
    ("range-q-ascii-tilde", "2006年1~3季度", CAL, "2006-01-01", "2006-10-01", C, "web page"),
    ("range-q-tilde-words", "2006年一～三季度", CAL, "2006-01-01", "2006-10-01", C, "统计公报"),
    ("range-q-en-tilde", "Q1～Q3 2025", CAL, "2025-01-01", "2025-10-01", C, "slides (CJK font)"),
    ("range-m-wave", "2006年1〜6月", CAL, "2006-01-01", "2006-07-01", C, "统计月报"),
    ("range-months-fen", "2025年1-9月份", CAL, "2025-01-01", "2025-10-01", C, "statistics bureau"),
    # two-digit years: 00-69 -> 20yy, 70-99 -> 19yy
    ("yy-99", "FY99", CAL, "1999-01-01", "2000-01-01", S, "old filings"),
    ("yy-3q99", "3Q99", CAL, "1999-07-01", "1999-10-01", S, "old filings"),
    ("yy-69", "FY69", CAL, "2069-01-01", "2070-01-01", S, "pivot edge"),
    ("yy-70", "FY70", CAL, "1970-01-01", "1971-01-01", S, "pivot edge"),
    ("yy-split-century", "FY99/00", APR_END, "1999-04-01", "2000-04-01", S, "old Indian filings"),
]


@pytest.mark.parametrize(
    ("text", "calendar", "start", "end", "basis"),
    [pytest.param(*case[1:6], id=case[0]) for case in PARSE_CASES],
)
def test_parse_period_table(
    text: str, calendar: FiscalCalendar, start: str, end: str, basis: Basis
) -> None:
    parsed = parse_period(text, calendar)
    assert parsed.period == Period(d(start), d(end))
    assert parsed.basis is basis
    period, parsed_basis = parsed  # unpacks like a tuple
    assert (period, parsed_basis) == (parsed.period, parsed.basis)


@pytest.mark.parametrize(
    "text",
    [
        "上年同期",  # relative: needs a reference period
        "本报告期",
        "2025年第五季度",
        "Q5 2025",
        "20253",
        "December 31",  # no year
        "01/02/2023",  # day/month order unknown
        "2023-02-30",
        "1899年",
        "",
        "   ",
        "revenue",
        "x" * 500,
        "2024/25财年",  # a split fiscal year under the calendar-year calendar
        "FY2024/26",
    ],
)
def test_parse_period_refuses_to_guess(text: str) -> None:
    with pytest.raises(PeriodError) as info:
        parse_period(text)
    assert info.value.text is not None


# id, text, calendar, what the message must say, source
REFUSED_CASES = [
    ("yy-slash", "03/04/25", CAL, "no four-digit year", "guessed date"),
    ("yy-all-short", "01/02/03", CAL, "no four-digit year", "guessed date"),
    ("yy-dmy", "24/5/6", CAL, "no four-digit year", "guessed date"),
    ("yy-dots", "25.9.30", CAL, "no four-digit year", "guessed date"),
    ("yy-us", "12/31/23", CAL, "no four-digit year", "guessed date"),
    ("yy-month-name", "Dec 31, 23", CAL, "no four-digit year", "dateutil century guess"),
    ("year-in-middle", "12/2023/31", CAL, "no four-digit year", "guessed date"),
    ("multi-en", "December 31, 2023 and 2022", CAL, "more than one period", "10-K header"),
    ("multi-uk", "31 December 2024 and 2023", CAL, "more than one period", "HK/UK header"),
    ("multi-cn", "2024年及2023年", CAL, "more than one period", "年报 header"),
    ("multi-cn-yu", "2024年与2023年12月31日", CAL, "more than one period", "年报 header"),
    ("multi-cn-he", "2024年和2023年", CAL, "more than one period", "prose"),
    ("multi-3-9", "three and nine months ended September 30, 2025", CAL, "more than one", "10-Q"),
    ("two-years", "Dec 31 2023 2022", CAL, "more than one year", "header, connector lost"),
    ("weeks-odd", "14 weeks ended December 28, 2024", OCT, "13, 26, 39, 52 or 53", "retail 10-Q"),
    ("weeks-far", "13 weeks ended November 15, 2024", OCT, "within 7 days", "wrong calendar"),
    (
        "weeks-far-cal",
        "52 weeks ended February 1, 2025",
        CAL,
        "2024年2月4日至2025年2月1日",
        "retail",
    ),
    ("q-range-back", "2025年Q3-Q1", CAL, "increasing range", "typo"),
    ("day-range-back", "2024年12月31日至2024年1月1日", CAL, "before it starts", "typo"),
    ("cn-bad-numeral", "2024年十十月", CAL, "cannot read a period", "OCR noise"),
    ("cn-day-32", "二〇二四年十月三十二日", CAL, "is not a date", "OCR noise"),
]


@pytest.mark.parametrize(
    ("text", "calendar", "message"),
    [pytest.param(*case[1:4], id=case[0]) for case in REFUSED_CASES],
)
def test_parse_period_refuses_with_a_reason(
    text: str, calendar: FiscalCalendar, message: str
) -> None:
    with pytest.raises(PeriodError, match=re.escape(message)) as info:
        parse_period(text, calendar)
    assert info.value.text == text


def test_52_53_week_years_compare_with_each_other() -> None:
    fy24 = parse_period("fiscal year ended September 28, 2024", OCT)
    fy23 = parse_period("fiscal year ended September 30, 2023", OCT)
    assert fy24.period == Period.fiscal_year(2024, OCT)
    assert fy23.period == fy24.period.prior_year() == Period.fiscal_year(2023, OCT)
    assert fy24.period.describe(OCT) == "FY2024"
    assert fy24.basis is fy23.basis is S
    nine = parse_period("nine months ended June 29, 2024", OCT)
    assert nine == (Period.year_to_date(2024, 3, OCT), C)


@pytest.mark.parametrize(
    ("token", "year"), [("00", 2000), ("25", 2025), ("69", 2069), ("70", 1970), ("99", 1999)]
)
def test_two_digit_years_follow_the_documented_pivot(token: str, year: int) -> None:
    assert parse_period(f"FY{token}").period == Period.fiscal_year(year)
    assert parse_period(f"1Q{token}").period == Period.quarter(year, 1)


def test_parse_period_rejects_non_text() -> None:
    with pytest.raises(PeriodError):
        parse_period(2025)  # type: ignore[arg-type]


@given(st.text(max_size=60))
def test_parse_period_never_raises_anything_but_period_error(text: str) -> None:
    with contextlib.suppress(PeriodError):
        parse_period(text)


# -- Period ---------------------------------------------------------------------

years = st.integers(min_value=1950, max_value=2150)
calendars = st.builds(
    FiscalCalendar, st.integers(min_value=1, max_value=12), st.sampled_from(["end", "start"])
)


@st.composite
def regular_periods(draw: st.DrawFn) -> Period:
    cal = draw(calendars)
    year = draw(years)
    kind = draw(st.sampled_from(["year", "half", "quarter", "month", "ytd"]))
    if kind == "year":
        return cal.fiscal_year(year)
    if kind == "half":
        return cal.half(year, draw(st.integers(1, 2)))
    if kind == "quarter":
        return cal.quarter(year, draw(st.integers(1, 4)))
    if kind == "month":
        return Period.month(year, draw(st.integers(1, 12)))
    return cal.year_to_date(year, draw(st.integers(1, 4)))


instants = st.dates(min_value=date(1950, 1, 1), max_value=date(2150, 12, 30)).map(Period.instant)


@given(calendars, years)
def test_four_quarters_tile_the_fiscal_year(cal: FiscalCalendar, year: int) -> None:
    fy = cal.fiscal_year(year)
    quarters = [cal.quarter(year, q) for q in (1, 2, 3, 4)]
    assert quarters[0].start == fy.start
    for left, right in itertools.pairwise(quarters):
        assert left.end == right.start
        assert left.is_adjacent_to(right)
        assert not left.overlaps(right)
    assert quarters[3].end == fy.end
    assert all(fy.contains(q) for q in quarters)
    assert cal.half(year, 1) == Period(quarters[0].start, quarters[1].end)


@given(calendars, years)
def test_ytd_through_q3_is_the_union_of_q1_to_q3(cal: FiscalCalendar, year: int) -> None:
    ytd = cal.year_to_date(year, 3)
    assert ytd == Period(cal.quarter(year, 1).start, cal.quarter(year, 3).end)
    assert cal.basis_of(ytd) is Basis.CUMULATIVE
    assert cal.basis_of(cal.quarter(year, 3)) is Basis.SINGLE_PERIOD
    assert cal.basis_of(cal.fiscal_year(year)) is Basis.SINGLE_PERIOD


@given(calendars, years, st.integers(1, 4))
def test_shift_year_is_invertible_for_regular_periods(
    cal: FiscalCalendar, year: int, q: int
) -> None:
    for period in (cal.quarter(year, q), cal.half(year, 1 + q % 2), cal.fiscal_year(year)):
        assert period.shift(years=-1).shift(years=1) == period
        assert period.prior_year() == period.shift(years=-1)
        assert period.shift(quarters=4) == period.shift(years=1)


@given(calendars, years, st.integers(1, 4))
def test_prior_year_quarter_is_the_same_quarter(cal: FiscalCalendar, year: int, q: int) -> None:
    assert cal.quarter(year, q).prior_year() == cal.quarter(year - 1, q)
    assert cal.year_to_date(year, q).prior_year() == cal.year_to_date(year - 1, q)


@given(instants, st.integers(-40, 40))
def test_shifted_instants_stay_instants(period: Period, quarters: int) -> None:
    shifted = period.shift(quarters=quarters)
    assert shifted.is_instant
    if period.end.day == 1:  # a month-end balance-sheet date stays a month-end
        assert shifted.end.day == 1


def test_shift_is_month_end_safe() -> None:
    assert Period.instant(d("2024-02-29")).shift(years=-1) == Period.instant(d("2023-02-28"))
    assert Period.instant(d("2024-06-30")).shift(quarters=-1) == Period.instant(d("2024-03-31"))
    assert Period.instant(d("2023-02-28")).shift(years=1) == Period.instant(d("2024-02-29"))


@given(st.one_of(regular_periods(), instants))
def test_period_json_round_trip(period: Period) -> None:
    adapter = TypeAdapter(Period)
    assert adapter.validate_json(adapter.dump_json(period)) == period


@given(regular_periods())
def test_equal_periods_hash_equal(period: Period) -> None:
    twin = Period(period.start, period.end)
    assert twin == period
    assert hash(twin) == hash(period)
    assert len({twin, period}) == 1


def test_period_is_frozen() -> None:
    period = Period.quarter(2025, 3)
    with pytest.raises(AttributeError):
        period.start = d("2025-01-01")  # type: ignore[misc]


@pytest.mark.parametrize(
    ("start", "end"),
    [("2025-01-01", "2025-01-01"), ("2025-02-01", "2025-01-01")],
)
def test_empty_or_reversed_periods_are_refused(start: str, end: str) -> None:
    with pytest.raises(PeriodError, match="half-open"):
        Period(d(start), d(end))


def test_datetimes_are_not_dates() -> None:
    from datetime import datetime

    with pytest.raises(PeriodError):
        Period(datetime(2025, 1, 1), d("2025-02-01"))


def test_relations() -> None:
    h1, q2, q3 = Period.half(2025, 1), Period.quarter(2025, 2), Period.quarter(2025, 3)
    assert h1.contains(q2)
    assert not h1.contains(q3)
    assert h1.contains(d("2025-06-30"))
    assert not h1.contains(d("2025-07-01"))  # half-open
    assert h1.is_adjacent_to(q3)
    assert not h1.overlaps(q3)
    assert h1.overlaps(q2)


@pytest.mark.parametrize(
    ("period", "calendar", "name"),
    [
        (Period.fiscal_year(2024, OCT), OCT, "FY2024"),
        (Period.quarter(2025, 1, OCT), OCT, "2025Q1"),
        (Period.half(2025, 2), CAL, "2025H2"),
        (Period.year_to_date(2025, 3), CAL, "9M2025"),
        (Period.month(2025, 3), CAL, "2025-03"),
        (Period.instant(d("2023-12-31")), CAL, "2023-12-31"),
        (Period(d("2025-01-15"), d("2025-02-15")), CAL, "[2025-01-15, 2025-02-15)"),
    ],
)
def test_describe(period: Period, calendar: FiscalCalendar, name: str) -> None:
    assert period.describe(calendar) == name


# -- FiscalCalendar -------------------------------------------------------------


def test_named_calendars_are_data() -> None:
    assert set(FiscalCalendar.available()) >= {"calendar", "april_start", "july", "october"}
    assert FiscalCalendar.named("calendar") == CALENDAR_YEAR
    with pytest.raises(Exception, match="no fiscal calendar named 'lunar'") as info:
        FiscalCalendar.named("lunar")
    assert "october" in str(info.value)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"start_month": 0}, "start_month"),
        ({"start_month": 13}, "start_month"),
        ({"naming": "middle"}, "naming"),
    ],
)
def test_invalid_calendars(kwargs: dict[str, object], message: str) -> None:
    from fincalc import InvalidInputError

    with pytest.raises(InvalidInputError, match=message):
        FiscalCalendar(**kwargs)  # type: ignore[arg-type]


@given(calendars, st.dates(min_value=date(1950, 1, 1), max_value=date(2150, 1, 1)))
def test_fiscal_year_of_contains_the_day(cal: FiscalCalendar, day: date) -> None:
    assert cal.fiscal_year(cal.fiscal_year_of(day)).contains(day)


def test_parsing_leaves_the_decimal_context_alone() -> None:
    before = decimal.getcontext().copy()
    parse_period("2025年前三季度")
    after = decimal.getcontext()
    assert (after.prec, after.rounding) == (before.prec, before.rounding)


@given(calendars, years, st.integers(1, 4), st.integers(-7, 7))
def test_a_quarter_ended_near_its_fiscal_end_is_that_quarter(
    cal: FiscalCalendar, year: int, q: int, offset: int
) -> None:
    quarter = cal.quarter(year, q)
    day = quarter.last_day + timedelta(days=offset)
    text = f"three months ended {day:%B} {day.day}, {day.year}"
    assert parse_period(text, cal).period == quarter
    assert parse_period(f"13 weeks ended {day.isoformat()}", cal).period == quarter


# -- every word list of _data/periods.toml reaches the grammar -----------------------

Y2025 = Period.fiscal_year(2025)
Q3_2025 = Period.quarter(2025, 3)
H1_2025, H2_2025 = Period.half(2025, 1), Period.half(2025, 2)
JUN30 = d("2025-06-30")
NumberSlot = Callable[[int], Period]

# key in periods.toml -> (text with the word at {}, the period it names); for a
# table of number words, a function of the word's number.
WORD_SLOTS: dict[str, tuple[str, Period | NumberSlot]] = {
    "months.en": ("{} 2025", lambda n: Period.month(2025, n)),
    "ordinals.en": ("the {} quarter of 2025", lambda n: Period.quarter(2025, n)),
    "quarters.zh": ("2025年第{}季度", lambda n: Period.quarter(2025, n)),
    "months_ended.en": ("{} months ended June 30, 2025", lambda n: Period.months_ended(JUN30, n)),
    "months_ended.zh": ("截至2025年6月30日止{}个月", lambda n: Period.months_ended(JUN30, n)),
    "first_months.en": ("the first {} months of 2025", lambda n: Period.year_to_date(2025, n // 3)),
    "fiscal_year.en": ("{} 2025", Y2025),
    "fiscal_year.zh": ("2025{}", Y2025),
    "year_before_part.zh": ("2025{}第三季度", Q3_2025),
    "whole_year.zh": ("2025{}", Y2025),
    "year_ended.zh": ("截至2025年12月31日止{}", Y2025),
    "first_half.zh": ("2025年{}", H1_2025),
    "first_half.en": ("the {} of 2025", H1_2025),
    "second_half.zh": ("2025年{}", H2_2025),
    "second_half.en": ("the {} of 2025", H2_2025),
    "quarter.zh": ("2025年第三{}", Q3_2025),
    "quarter.en": ("the third {} of 2025", Q3_2025),
    "year_to_date.zh": ("2025年{}三季度", Period.year_to_date(2025, 3)),
    "year_to_date.en": ("the {} nine months of 2025", Period.year_to_date(2025, 3)),
    "ended.zh": ("{}2025年6月30日止六个月", H1_2025),
    "ended.zh_until": ("截至2025年6月30日{}六个月", H1_2025),
    "ended.en": ("six months {} June 30, 2025", H1_2025),
    "as_of.zh": ("{}2025年6月30日", Period.instant(JUN30)),
    "as_of.en": ("{} June 30, 2025", Period.instant(JUN30)),
    "year_end.zh": ("2025年{}", Period.instant(d("2025-12-31"))),
    "month_end.zh": ("2025年6月{}", Period.instant(JUN30)),
    "quarter_end.zh": ("2025年第二季度{}", Period.instant(JUN30)),
    "range.zh_from": ("{}2025年1月1日起至2025年6月30日止", H1_2025),
    "range.zh_to": ("2025年1月{}6月", H1_2025),
}
# tested on their own below
OTHER_SLOTS = {"weeks_ended.en", "connectors", "traditional", "date_numerals.zh"}


def _word_cases() -> list[Any]:
    vocab = vocabulary("periods")
    cases = []
    for key, (template, expected) in WORD_SLOTS.items():
        if callable(expected):
            numbered = {w: expected(int(n)) for w, n in vocab.table(key).items()}
        else:
            numbered = dict.fromkeys(vocab.words(key), expected)
        for word, period in numbered.items():
            cases.append(pytest.param(template.format(word), period, id=f"{key}:{word}"))
    return cases


def test_every_word_list_of_periods_toml_is_tested() -> None:
    slots = {*WORD_SLOTS, *OTHER_SLOTS}
    leaves = vocabulary("periods").keys()  # a Vocabulary is not a dict
    untested = [
        key
        for key in leaves
        if not any(key == slot or key.startswith(slot + ".") for slot in slots)
    ]
    assert not untested, f"test these word lists of periods.toml in WORD_SLOTS: {untested}"


@pytest.mark.parametrize(("text", "expected"), _word_cases())
def test_every_period_word_is_read(text: str, expected: Period) -> None:
    assert parse_period(text).period == expected


@pytest.mark.parametrize(
    ("word", "weeks"), sorted(vocabulary("periods").table("weeks_ended.en").items())
)
def test_every_week_count_word_is_read(word: str, weeks: str) -> None:
    months = {"13": 3, "26": 6, "39": 9, "52": 12, "53": 12}[weeks]
    text = f"{word} weeks ended September 27, 2025"
    assert parse_period(text, OCT).period == Period.months_ended(d("2025-09-30"), months)


@pytest.mark.parametrize("word", vocabulary("periods").words("connectors"))
def test_every_connector_refuses_a_two_period_header(word: str) -> None:
    with pytest.raises(PeriodError, match="names more than one period"):
        parse_period(f"2025 {word} 2024")


@pytest.mark.parametrize(
    ("traditional", "simplified"), sorted(vocabulary("periods").table("traditional").items())
)
def test_every_traditional_character_is_folded(traditional: str, simplified: str) -> None:
    assert normalise(f"截至2025年6月30日{traditional}") == f"截至2025年6月30日{simplified}"


@pytest.mark.parametrize(
    ("numeral", "value"), sorted(vocabulary("periods").table("date_numerals.zh").items())
)
def test_every_date_numeral_is_read(numeral: str, value: str) -> None:
    if int(value) < 10:  # a year is written digit by digit
        assert normalise(f"{numeral * 4}年") == f"{value * 4}年"
    else:
        assert normalise(f"2025年{numeral}月") == f"2025年{value}月"

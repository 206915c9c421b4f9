"""Periods: the claim's period, when two periods agree, and the period a quote names.

``_claim_period`` reads the claim's period text (or an explicit date range).
``_same_period`` and ``_basis_equivalent`` say when a column's or a quote's
period is the claimed one. ``_check_quote_period`` refuses a claim whose
period contradicts the period the quote itself writes for the amount
("2025年上半年，公司实现营业收入17.0亿元" claimed as 前三季度).
"""

from __future__ import annotations

from datetime import date, timedelta

import regex

from .._base.exceptions import AmbiguousQuantityError, CaliberMismatchError, PeriodError
from .._base.vocabulary import vocabulary
from .._values.caliber import Basis
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period, parse_period
from .claims import Claim
from .records import comparison_clause
from .words import MONTH_NAMES, any_of

__all__ = [
    "begins_period",
    "flow_column",
    "group_over_year",
    "names_another_period",
    "one_of_claimed_period",
    "row_period",
    "same_claimed_period",
]

# an HKEX two-level header joined: "截至6月30日止六個月" spanning "2025年" below it
_GROUP_OVER_YEAR = regex.compile(
    r"\s*(?P<lead>截至|截止)\s*(?P<day>[^\s止]{2,12}日)\s*止(?P<span>[^\s]{1,8})\s+"
    r"(?P<year>(?:19|20)\d\d|[〇零一二三四五六七八九]{4})\s*年\s*"
)


def group_over_year(text: str) -> str:
    """An HKEX group header over a year cell, written as one period phrase.

    >>> group_over_year("截至6月30日止六個月 2025年")
    '截至2025年6月30日止六個月'
    >>> group_over_year("2025年")
    '2025年'
    """
    found = _GROUP_OVER_YEAR.fullmatch(text)
    if found is None:
        return text
    return f"{found['lead']}{found['year']}年{found['day']}止{found['span']}"


_RANGE = regex.compile(
    r"\s*(\d{4}-\d{2}-\d{2})\s*(?:to|through|~|～|至|到|–|—|\.\.|/)\s*(\d{4}-\d{2}-\d{2})\s*"
)


def _claim_period(text: str, calendar: FiscalCalendar | None) -> tuple[Period, Basis]:
    explicit = _RANGE.fullmatch(text)
    if explicit is None:
        parsed = parse_period(text, calendar)
        return parsed.period, parsed.basis
    try:
        first, last = (date.fromisoformat(explicit[1]), date.fromisoformat(explicit[2]))
    except ValueError as exc:
        raise PeriodError(f"period {text!r} has an invalid date: {exc}", text=text) from exc
    period = Period(first, last + timedelta(days=1))
    return period, (calendar or CALENDAR_YEAR).basis_of(period)


_WEEK = timedelta(days=7)


def _same_period(a: Period, b: Period) -> bool:
    """Equal, or the same period under a 52/53-week calendar (ends within a week)."""
    if a == b:
        return True
    return (
        a.is_instant == b.is_instant
        and abs(a.start - b.start) <= _WEEK
        and abs(a.end - b.end) <= _WEEK
    )


# "FY2019", "fiscal 2019", "2019", "2019年度": a claim naming a whole fiscal year by its number.
_YEAR_LABEL = regex.compile(
    r"\s*(?:fy\s?'?|fiscal\s+(?:year\s+)?)?(?:19|20)\d\d\s*(?:年度?|财年|財年)?\s*",
    regex.IGNORECASE,
)
_YEAR_DAYS = range(357, 374)  # 52 or 53 weeks, or a calendar year


def same_claimed_period(
    column: Period, claimed: Period, text: str, calendar: FiscalCalendar | None
) -> bool:
    """Whether a column (or quote) headed ``column`` holds the figure claimed for ``claimed``.

    Equal periods, or one 52/53-week period for the other, match. So does a
    claim that names a fiscal year by its number alone ("FY2019", "2019")
    without a calendar, for a column headed by a twelve-month year ended
    in June to December of that year ("Years ended September 28, 2019"):
    the filer's own fiscal year 2019, however its calendar runs. A year
    ended January to May is refused, because filers name such years either
    way.

    >>> from datetime import date
    >>> apple = Period(date(2018, 9, 30), date(2019, 9, 29))
    >>> same_claimed_period(apple, Period.fiscal_year(2019), "FY2019", None)
    True
    >>> same_claimed_period(apple, Period.fiscal_year(2018), "FY2018", None)
    False
    """
    if _same_period(column, claimed):
        return True
    if claimed.is_instant and not column.is_instant:
        # a balance claimed at a year-end, in a column of that year ("员工人数 | 2023年")
        return column.months in (3, 6, 9, 12) and abs(column.end - claimed.end) <= _WEEK
    if calendar is not None or column.is_instant:
        return False
    if claimed.months != 12 or not _YEAR_LABEL.fullmatch(text):
        return False
    last = column.last_day
    return (
        (column.end - column.start).days in _YEAR_DAYS
        and last.year == claimed.start.year
        and last.month >= 6
    )


_ROW_BEGIN = regex.compile(any_of("row_period.begin", space=r"\s+"), regex.IGNORECASE)
_ROW_END = regex.compile(any_of("row_period.end", space=r"\s+"), regex.IGNORECASE)


def begins_period(label: str) -> bool:
    """True when a row label names the start of its column's period ("Cash, beginning of year").

    >>> begins_period("Balance at beginning of year"), begins_period("期初余额")
    (True, True)
    >>> begins_period("Cash and cash equivalents, end of year")
    False
    """
    return _ROW_BEGIN.search(label) is not None


def row_period(column: Period, label: str) -> Period:
    """The period a row's cell holds under a column headed ``column``.

    A row of a flow column whose label names the start or the end of the
    period ("Cash, beginning of year", "期初现金及现金等价物余额") holds the
    balance at that date: the start is the day before the period begins (the
    close of the prior period), the end its last day. Any other row, or an
    instant column, holds the column's own period.

    >>> from datetime import date
    >>> year = Period(date(2024, 1, 1), date(2025, 1, 1))
    >>> row_period(year, "Cash and cash equivalents, beginning of year").last_day
    datetime.date(2023, 12, 31)
    >>> row_period(year, "Net income") == year
    True
    """
    if column.is_instant:
        return column
    begins, ends = begins_period(label), _ROW_END.search(label)
    if begins and not ends:
        return Period.instant(column.start - timedelta(days=1))
    if ends and not begins:
        return Period.instant(column.last_day)
    return column


_FLOW_STATEMENT = regex.compile(any_of("flow_statements.anywhere"), regex.IGNORECASE)
_INTERIM = regex.compile(any_of("flow_statements.interim", boundaries=True), regex.IGNORECASE)


def flow_column(column: Period, heading: str, page: str) -> Period:
    """A bare-date column of a statement of flows is the year ended that day.

    "December 31, 2022" over an income or cash-flow statement's column is the
    year the statement covers, not a balance at that date. Only on an annual
    page: a page that says "months", "quarter", "unaudited" or "interim" keeps
    the date (its length cannot be told), and so does a balance sheet.

    >>> from datetime import date
    >>> day = Period.instant(date(2022, 12, 31))
    >>> flow_column(day, "CONSOLIDATED STATEMENTS OF OPERATIONS", "(In thousands)").describe(None)
    'FY2022'
    >>> flow_column(day, "CONSOLIDATED BALANCE SHEETS", "(In thousands)") == day
    True
    """
    if not column.is_instant or not _FLOW_STATEMENT.search(heading) or _INTERIM.search(page):
        return column
    return Period.months_ended(column.start, 12)


def _basis_equivalent(period: Period, calendar: FiscalCalendar | None) -> bool:
    """Single-period and cumulative give the same number: a first quarter or a whole year."""
    cal = calendar or CALENDAR_YEAR
    return cal.is_fiscal_year_start(period.start) and period.months in (3, 12)


# -- periods named inside the quote ----------------------------------------------

_PREPOSITIONS = any_of("period_after_amount.prepositions")
_SCALES = any_of("period_after_amount.scales")
_EN_MONTH_DAY = rf"{MONTH_NAMES}\s+\d{{1,2}},?\s+\d{{4}}"
_QUOTE_PERIOD = regex.compile(
    # 2025年第三季度, 2025年上半年, 2025年前三季度, 2025年1-9月, 2024年12月31日, 2024年末, 2024年度
    r"(?P<full>(?<![\d.,])\d{4}\s*(?:财年|財年|年度|年)\s*(?:"
    r"第?[一二三四1-4]\s*季度?末?|q[1-4]|上半年|下半年|半年度|中期|前[一二三]\s*个?\s*季度"
    r"|\d{1,2}\s*(?:[-—~至到]\s*\d{1,2}\s*)?月(?:\s*\d{1,2}\s*日)?(?:末|底)?|末|底|全年)?"
    # three months ended September 30, 2025; fiscal year ended September 28, 2024
    rf"|(?:(?:three|six|nine|twelve|3|6|9|12)[ -]months?|(?:fiscal\s+)?years?|quarters?)"
    rf"\s+(?:ended|ending)\s+{_EN_MONTH_DAY}"
    r"|(?:the\s+)?(?:first|second|third|fourth)\s+quarter\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?)?"
    r"'?\d{4}"
    r"|\bq[1-4]\s?(?:fy)?\s?'?\d{2,4}\b|\b[1-4]q\s?'?\d{2}\b|\bfy\s?'?\d{2,4}(?:\s?q[1-4])?\b"
    r"|\bfiscal(?:\s+year)?\s+\d{4}\b|\b(?:h[12]|[12]h)\s?(?:fy)?'?\d{2,4}\b"
    rf"|{_EN_MONTH_DAY}"
    rf"|(?<=\b(?:{_PREPOSITIONS})\s+)(?:19|20)\d\d\b(?![.,]\d))"
    # 第一季度, 上半年, 前三季度, 1-9月, first quarter: combined with a year
    r"|(?P<bare>第[一二三四1-4]季度?|[一二三四]季度|上半年|下半年|前[一二三]个?季度"
    r"|1\s*[-—~至到]\s*\d{1,2}\s*月|(?:the\s+)?(?:first|second|third|fourth)\s+quarter\b)",
    regex.IGNORECASE,
)
# A period that is a comparison base or names a document, not the amount's period.
_COMPARED_WITH = any_of("compared_with.anywhere", space=r"\s+")
_NOT_GOVERNING_WORDS = any_of("after_period.comparison", "after_period.documents", space=r"\s+")
_COMPARED = regex.compile(rf"(?i)(?:{_COMPARED_WITH})\s*(?:the\s+)?(?:fiscal\s+(?:year\s+)?)?$")
# How far back a comparison word may start: the longest one, "the", "fiscal year"
# and the spaces between them ("Compared with the fiscal year 2023").
_COMPARED_REACH = max(map(len, vocabulary("grounding").words("compared_with.anywhere"))) + 24
_NOT_GOVERNING_AFTER = regex.compile(
    rf"(?i)\s*(?:{_NOT_GOVERNING_WORDS}|(?:{any_of('after_period.document_words')})\b)"
)
# An amount introduced as the comparison base: "up from $142 million", "较上年的".
_BASE_AMOUNT = regex.compile(rf"(?i)(?:{_COMPARED_WITH})\s*(?:the\s+)?$")
_CLAUSE_END = regex.compile(r"[。；;!?！？\n|\t]")
# "(2022: …)", "（2022年：…）": a period opening a bracket and followed by a colon
_OPEN_BEFORE = regex.compile(r"[(（]\s*$")
_LABEL_AFTER = regex.compile(r"\s*[:：]")
_PERIOD_AFTER = regex.compile(rf"(?i)\s*(?:(?:{_SCALES})\s+)?(?:{_PREPOSITIONS})\s+(?:the\s+)?")
_YEAR_IN = regex.compile(r"(?<![\d.,])(?:19|20)\d\d(?![\d,.]\d)")
# A year written alone ("from 2023", "2024年"), outside any comparative label
_BARE_YEAR = regex.compile(
    r"(?<![\d.,(（$€£¥])(?:19|20)\d\d"
    r"(?![\d,.]\d|\s*年?\s*[:：]|\s*(?i:[%‰亿万千百元]|(?:million|billion|thousand|bn|mn)\b))"
)


def _quote_periods(text: str, start: int, end: int) -> list[regex.Match[str]]:
    found: list[regex.Match[str]] = []
    for match in _QUOTE_PERIOD.finditer(text, start, end):
        before = text[max(start, match.start() - _COMPARED_REACH) : match.start()]
        if _COMPARED.search(before) or _NOT_GOVERNING_AFTER.match(text, match.end(), end):
            continue
        if _LABEL_AFTER.match(text, match.end()) and _OPEN_BEFORE.search(before):
            continue  # "(2022: £221m)": the label of a comparative figure (comparatives.py)
        found.append(match)
    return found


# A period that is one of a list of periods ("in 2023 and 2022", "December 31, 2024, 2023
# and 2022", "2023年和2022年"): the next member after it, or the member before it.
_LIST_JOIN = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+|\s*(?:[、，]|和|及|与|以及|或)\s*)"
_NEXT_IN_LIST = regex.compile(
    rf"{_LIST_JOIN}(?:(?:fiscal|FY)\s*)?(?:19|20)\d\d(?!\d|[,.]\d)", regex.IGNORECASE
)
_PREVIOUS_IN_LIST = regex.compile(
    rf"(?<![\d,.])(?:19|20)\d\d\s*(?:年度|年)?{_LIST_JOIN}$", regex.IGNORECASE
)


def _period_list(text: str, match: regex.Match[str]) -> str | None:
    """The list of periods ``match`` is a member of, as written, or None when it stands alone.

    "$3.8 billion in 2023 and 2022, respectively" names two years for one amount:
    a list that pairs with no run of amounts (``lists.list_pairs`` found none) does
    not say which year is the amount's, so neither governs it alone.
    """
    after = _NEXT_IN_LIST.match(text, match.end())
    before = _PREVIOUS_IN_LIST.search(text, max(0, match.start() - 24), match.start())
    if after is None and before is None:
        return None
    start = before.start() if before is not None else match.start()
    return text[start : after.end() if after is not None else match.end()]


def _governing_period(
    text: str,
    quote: tuple[int, int],
    amount: tuple[int, int],
    claim_year: int,
    window: tuple[int, int] | None = None,
) -> tuple[str, str] | None:
    """The period expression that governs the amount, if any, in the quote or its sentence.

    The first expression right after the amount ("$383.3 billion in 2023"), else
    the nearest one before it in the same clause ("2025年上半年，公司实现营业收入
    17.0亿元"). Comparison bases ("较2024年同期") and document names
    ("2025年第三季度报告") do not govern. A bare "第一季度" takes the year
    written earlier, else the claim's year. ``window`` is the sentence around
    the quote in prose: "Net sales were $5.0 billion" quoted from "… $5.0
    billion in fiscal 2024." is governed by fiscal 2024 -- but an amount
    introduced as a comparison base ("up from $142 million") is not governed
    by a period before it outside the quote. Returns the expression as written
    and the text to parse.
    """
    low, high = window or quote
    after = _PERIOD_AFTER.match(text, amount[1], high)
    if after is not None:
        following = _quote_periods(text, after.end(), high)
        if following and following[0].start() == after.end():
            chosen = following[0]
            _not_a_list(text, chosen, amount)
            return _period_text(text, low, chosen, claim_year)
    clause_start = low
    for boundary in _CLAUSE_END.finditer(text, low, amount[0]):
        clause_start = boundary.end()
    preceding = [
        m
        for m in _quote_periods(text, clause_start, amount[0])
        if not _in_comparison_clause(text, clause_start, m.start(), amount[0])
    ]
    if not preceding:
        return None
    chosen = preceding[-1]
    if chosen.start() < quote[0] and _BASE_AMOUNT.search(text, clause_start, amount[0]):
        return None
    _not_a_list(text, chosen, amount)
    return _period_text(text, low, chosen, claim_year)


def _not_a_list(text: str, chosen: regex.Match[str], amount: tuple[int, int]) -> None:
    """Refuse an amount whose governing period is one member of a list of periods."""
    periods = _period_list(text, chosen)
    if periods is None:
        return
    raw = text[amount[0] : amount[1]]
    raise AmbiguousQuantityError(
        f"the amount {raw[:80]!r} is written with a list of periods ({periods[:80]!r}) that "
        "no run of amounts pairs one to one ('$A and $B in 2023 and 2022, respectively'), "
        "so which of them is its own cannot be told; quote a sentence that names the "
        "amount's own period",
        text=text[max(0, amount[0] - 60) : amount[1] + 60][:200],
        candidates=(raw,),
    )


_COMMA = regex.compile(r"[，,；;](?!\d{3})")


def _in_comparison_clause(text: str, low: int, at: int, amount: int) -> bool:
    """Whether ``at`` lies in an earlier comma clause that opens with a comparison.

    "钢产量11,459万吨，超过1997年12768万吨的历史最好水平，比10年前增长31.6%": 1997
    is the compared record's year, not the growth rate's.
    """
    start = low
    for comma in _COMMA.finditer(text, low, at):
        start = comma.end()
    end = _COMMA.search(text, at, amount)
    return end is not None and comparison_clause(text[start:at])


def _period_text(
    text: str, quote_start: int, match: regex.Match[str], claim_year: int
) -> tuple[str, str]:
    written = match.group()
    if match.group("bare") is None:
        return written, written
    years = _YEAR_IN.findall(text, quote_start, match.start())
    year = int(years[-1]) if years else claim_year
    if regex.match(r"[A-Za-z]", written):
        return written, f"{written} of {year}"
    return written, f"{year}年{written}"


def _check_quote_period(
    text: str,
    quote: tuple[int, int],
    amount: tuple[int, int],
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
    window: tuple[int, int] | None = None,
) -> None:
    """Refuse a claim whose period contradicts the period its quote (or sentence) names."""
    period, calendar = when
    cal = calendar or CALENDAR_YEAR
    found = _governing_period(text, quote, amount, cal.fiscal_year_of(period.start), window)
    if found is None:
        return
    written, readable = found
    try:
        named = parse_period(readable, calendar).period
    except PeriodError:
        return
    if named.is_instant and not period.is_instant:
        return  # a date of another kind (a report date before a flow): not the amount's
    if same_claimed_period(named, period, claim.period, calendar):
        return
    raise CaliberMismatchError(
        f"the quote names {written!r} ({named.describe(calendar)}) for the amount, but the "
        f"claim says {claim.period!r} ({period.describe(calendar)}); quote the figure for the "
        "claimed period, or correct the period",
        operation="resolve",
        left=claim.period,
        right=written,
        differing=("period",),
    )


def names_another_period(
    text: str, claimed: Period, written: str, calendar: FiscalCalendar | None
) -> bool:
    """Whether ``text`` names a period other than the claimed one, or any comparison base.

    "… to $12.9 billion in 2024" names 2024; "… up $972 million from 2022" names
    2022 as a comparison base, which a claim of 2022 may mean as much as the
    level.  Comparative labels ("(2022: …)") do not count; a period fincalc
    cannot read does.
    """
    cal = calendar or CALENDAR_YEAR
    year = cal.fiscal_year_of(claimed.start)
    governing = _quote_periods(text, 0, len(text))
    for match in _BARE_YEAR.finditer(text):
        if not any(m.start() <= match.start() < m.end() for m in governing):
            return True  # "from 2022", "compared with 2022": a comparison base
    for match in governing:
        try:
            named = parse_period(_period_text(text, 0, match, year)[1], calendar).period
        except PeriodError:
            return True
        if not same_claimed_period(named, claimed, written, calendar):
            return True
    return False


def one_of_claimed_period(
    text: str,
    amounts: list[tuple[int, int]],
    claimed: Period,
    written: str,
    calendar: FiscalCalendar | None,
) -> int | None:
    """The index of the one amount of ``text`` whose own period is the claimed one.

    Each amount's period is the one that governs it (``_governing_period``: "$12.9
    billion in 2024", "2023年为119.0亿元").  Every amount must have its own, all
    different, and exactly one the claimed period; else None (the quote stays
    ambiguous).
    """
    cal = calendar or CALENDAR_YEAR
    year = cal.fiscal_year_of(claimed.start)
    named: list[Period] = []
    for span in amounts:
        try:
            found = _governing_period(text, (0, len(text)), span, year)
        except AmbiguousQuantityError:  # one period of a list ("in 2024 and 2023")
            return None
        if found is None:
            return None
        try:
            named.append(parse_period(found[1], calendar).period)
        except PeriodError:
            return None
    if len(set(named)) != len(named):
        return None
    fitting = [i for i, p in enumerate(named) if same_claimed_period(p, claimed, written, calendar)]
    return fitting[0] if len(fitting) == 1 else None

"""The period a page reports, and what its relative columns (本期, 上期, 期末, 期初) are.

A statement with relative column headers says which period they mean in
its title lines ("合并资产负债表 / 2023年12月31日", "合并利润表 / 2023年1—12月")
or in the report's running header ("青岚新材料股份有限公司2023年年度报告",
"2023年第三季度报告", "2023 Annual Report", "2023 Form 10-K").
``relative_periods`` turns them into a period per column kind:

========================  ===============================================
column kind               period
========================  ===============================================
current (本期, 本年)       the reported flow period
single (本报告期)          the quarter of a quarterly report
cumulative (年初至报告期末)  the year to date of the report
prior (上期, 上年同期)      the reported flow period a year earlier
instant_end (期末)         the report date
instant_begin (期初)       the end of the previous fiscal year
========================  ===============================================

A kind the page does not settle is left out, and a claim on such a
column is checked by its kind alone -- or refused when the table pairs it
with its counterpart (期末 with 期初), because then the wrong one of the
two would go unnoticed.
"""

from __future__ import annotations

import functools
from datetime import timedelta

import regex

from .._base.exceptions import FincalcError
from .._values.caliber import Basis
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period, parse_period
from .cells import header_period
from .lines import Lines
from .words import any_of

__all__ = ["YEAR_TO_DATE", "page_titles", "relative_periods", "statement_titles"]

_REPORT = regex.compile(
    rf"(?P<year>(?:19|20)\d\d)\s*(?:年\s*)?(?:(?P<annual>{any_of('report_titles.annual')})"
    rf"|(?P<half>{any_of('report_titles.half')})|(?P<q1>{any_of('report_titles.first_quarter')})"
    rf"|(?P<q3>{any_of('report_titles.third_quarter')}))"
    rf"|(?i:(?P<en_year>(?:19|20)\d\d)\s+(?:{any_of('report_titles.annual_en')})\b"
    rf"|\b(?:{any_of('report_titles.annual_en')})\s+(?P<en_year2>(?:19|20)\d\d)\b)"
)
# A statement of the year to date ("合并年初到报告期末利润表"): its 本期 / 上期 columns are
# the year to date of the report and of the year before.
YEAR_TO_DATE = "年初至报告期末"
_YEAR_TO_DATE = regex.compile(r"年初(?:到|至)报告期末")
_EDGE_LINES = 6
_TITLE_LINES = 40


def _edges(lines: Lines, start: int, end: int) -> list[str]:
    first, last = lines.index(start), lines.index(max(start, end - 1))
    picked = [*range(first, min(last + 1, first + _EDGE_LINES))]
    picked += [*range(max(first, last + 1 - _EDGE_LINES // 2), last + 1)]
    return [lines.line(i) for i in sorted(set(picked))]


def page_titles(lines: Lines, offset: int) -> tuple[str, ...]:
    """Report titles in the running header or footer of the page holding ``offset``, or of
    the document's first page: "2023年年度报告" reads "annual 2023".

    >>> page_titles(Lines.of("青岚新材料2023年第三季度报告\\n营业收入\\n", ()), 20)
    ('q3 2023',)
    """
    found: list[str] = []
    page = (lines.page_start(offset), lines.page_end(offset))
    for start, end in dict.fromkeys([page, (0, lines.page_end(0))]):
        for line in _edges(lines, start, end):
            for match in _REPORT.finditer(line):
                year = match.group("year") or match.group("en_year") or match.group("en_year2")
                kinds = [k for k in ("annual", "half", "q1", "q3") if match.group(k)]
                found.append(f"{kinds[0] if kinds else 'annual'} {year}")
        if found:
            break
    return tuple(dict.fromkeys(found))


def statement_titles(lines: Lines, segment_start: int, table_start: int) -> tuple[str, ...]:
    """Standalone period lines between a statement heading and its table ("2023年12月31日")."""
    first = lines.index(segment_start)
    last = lines.index(max(segment_start, table_start - 1))
    found = []
    if _YEAR_TO_DATE.search(lines.line(first)):
        found.append(YEAR_TO_DATE)  # "合并年初到报告期末利润表": its 本期 is the year to date
    for index in range(max(first, last - _TITLE_LINES), last + 1):
        line = lines.line(index).strip()
        if line and "|" not in line and "\t" not in line and header_period(line):
            found.append(line)
    return tuple(found)


@functools.lru_cache(maxsize=512)
def relative_periods(
    titles: tuple[str, ...], reports: tuple[str, ...], calendar: FiscalCalendar | None
) -> dict[str, Period]:
    """The period of each relative column kind that the page's titles settle.

    >>> sorted(relative_periods(("2023年12月31日",), (), None).items())[0]
    ('instant_begin', Period(2022-12-31, 2023-01-01))
    """
    cal = calendar or CALENDAR_YEAR
    periods = _from_reports(reports, cal)
    if YEAR_TO_DATE in titles and "cumulative" in periods:
        periods["current"] = periods["cumulative"]
        periods["prior"] = periods["cumulative"].prior_year()
    flows: set[Period] = set()
    instants: set[Period] = set()
    for title in titles:
        try:
            named = parse_period(_years_ended(title), calendar).period
        except FincalcError:
            continue
        (instants if named.is_instant else flows).add(named)
    if len(flows) == 1:
        flow = flows.pop()
        periods["current"] = flow
        periods["prior"] = flow.prior_year()
        basis = cal.basis_of(flow)
        periods.pop("single" if basis is Basis.CUMULATIVE else "cumulative", None)
        periods["cumulative" if basis is Basis.CUMULATIVE else "single"] = flow
    if len(instants) == 1:
        day = instants.pop()
        periods["instant_end"] = day
        periods["instant_begin"] = _year_end_before(day, cal)
    current = periods.get("current")
    if current is not None and cal.is_fiscal_year_start(current.start) and current.months == 12:
        year = cal.fiscal_year_of(current.start)  # the quarters of the report's year
        for n in range(1, 5):
            periods[f"q{n}"] = cal.quarter(year, n)
    return periods


def _years_ended(title: str) -> str:
    return regex.sub(r"(?i)\b(years|periods)\s+(ended|ending)", r"year \2", title)


def _year_end_before(day: Period, calendar: FiscalCalendar) -> Period:
    """The end of the fiscal year before the one holding ``day``: 期初 of a balance sheet."""
    start = calendar.fiscal_year(calendar.fiscal_year_of(day.start)).start
    return Period.instant(start - timedelta(days=1))


def _from_reports(reports: tuple[str, ...], cal: FiscalCalendar) -> dict[str, Period]:
    if len(reports) != 1:
        return {}
    kind, written = reports[0].split()
    year = int(written)
    if kind == "annual":
        flow = cal.fiscal_year(year)
        periods = {"current": flow, "single": flow, "cumulative": flow}
        periods["prior"] = flow.prior_year()
    elif kind == "half":
        flow = cal.half(year, 1)
        periods = {"current": flow, "cumulative": flow, "prior": flow.prior_year()}
    elif kind == "q1":
        flow = cal.quarter(year, 1)
        periods = {"current": flow, "single": flow, "cumulative": flow}
        periods["prior"] = flow.prior_year()
    else:  # a third-quarter report: 本期 alone may be the quarter or the nine months
        flow = cal.quarter(year, 3)
        periods = {"single": flow, "cumulative": cal.year_to_date(year, 3)}
    periods["instant_end"] = Period.instant(flow.last_day)
    periods["instant_begin"] = _year_end_before(periods["instant_end"], cal)
    return periods

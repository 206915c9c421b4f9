"""HKEX balance sheets head two instants with years over month-days (issue 28).

An HKEX 中期報告's 簡明綜合財務狀況表 prints "2025年 2024年" over "6月30日 12月31日":
the columns are 2025年6月30日 and 2024年12月31日. pdfplumber puts each level on a
line, PyMuPDF each cell on a line. The month-day line was read as a label, so the
columns were the years alone and a cell at 30 June could be answered for 31
December. The k-th year pairs with the k-th day only when the two lines hold as
many cells; otherwise no column is told. The examples are composed in both
extractors' layouts, with a US 10-Q's "June 30, December 31," over "2025 2024" as
the English row; the generated sheets vary the dates, the extractor and the
count of days with the truth known by construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ._one_page import resolve_instant

_PLUMBER = (
    "小鷹科技集團\n簡明綜合財務狀況表\n（除另有註明外，以人民幣千元列示）\n"
    "2025年 2024年\n6月30日 12月31日\n附註 （未經審核） （經審核）\n資產\n非流動資產\n"
    "物業、廠房及設備 9 12,345,678 11,234,567\n無形資產 10 8,765,432 8,123,456\n"
)
_MUPDF = (
    "小鷹科技集團\n簡明綜合財務狀況表\n2025年\n2024年\n6月30日\n12月31日\n附註\n人民幣千元\n"
    "人民幣千元\n（未經審核）\n（經審核）\n資產\n非流動資產\n物業、廠房及設備\n9\n12,345,678\n"
    "11,234,567\n無形資產\n10\n8,765,432\n8,123,456\n"
)
_ONE_DAY = _PLUMBER.replace("6月30日 12月31日", "6月30日")
_EN = (
    "KESTREL INSTRUMENTS, INC.\nCONDENSED CONSOLIDATED BALANCE SHEETS\n(In millions)\n"
    "June 30, December 31,\n2025 2024\nCash and cash equivalents $ 1,204 $ 998\n"
)

# (id, page, quote, metric, period, expected (None: refused), source)
CASES = [
    (
        "plumber-june",
        _PLUMBER,
        "物業、廠房及設備 9 12,345,678",
        "物業、廠房及設備",
        "2025-06-30",
        Decimal("12345678000"),
        "HKEX 中期報告 簡明綜合財務狀況表, pdfplumber: 2025年 over 6月30日",
    ),
    (
        "plumber-december",
        _PLUMBER,
        "無形資產 10 8,765,432 8,123,456",
        "無形資產",
        "2024-12-31",
        Decimal("8123456000"),
        "HKEX 中期報告, pdfplumber: 2024年 over 12月31日",
    ),
    (
        "plumber-june-as-year-end",
        _PLUMBER,
        "物業、廠房及設備 9 12,345,678",
        "物業、廠房及設備",
        "2025-12-31",
        None,
        "the 30 June cell claimed for 31 December of its year",
    ),
    (
        "mupdf-june",
        _MUPDF,
        "物業、廠房及設備\n9\n12,345,678",
        "物業、廠房及設備",
        "2025-06-30",
        Decimal("12345678000"),
        "HKEX 中期報告, PyMuPDF: a cell per line",
    ),
    (
        "mupdf-june-as-year-end",
        _MUPDF,
        "物業、廠房及設備\n9\n12,345,678",
        "物業、廠房及設備",
        "2025-12-31",
        None,
        "PyMuPDF: the 30 June cell claimed for 31 December (was answered)",
    ),
    (
        "one-day-two-years",
        _ONE_DAY,
        "物業、廠房及設備 9 12,345,678",
        "物業、廠房及設備",
        "2025-06-30",
        None,
        "one day under two years: which year it sits under is not printed",
    ),
    (
        "en-june",
        _EN,
        "Cash and cash equivalents $ 1,204",
        "Cash and cash equivalents",
        "2025-06-30",
        Decimal("1204000000"),
        "US 10-Q balance sheet, PDF text: month-days over years",
    ),
]


def _resolve(page: str, quote: str, metric: str, period: str) -> Decimal | None:
    return resolve_instant(page, quote, metric, period, entity="小鷹科技")


@pytest.mark.parametrize(
    ("page", "quote", "metric", "period", "expected"),
    [pytest.param(*case[1:6], id=case[0]) for case in CASES],
)
def test_years_over_month_days(
    page: str, quote: str, metric: str, period: str, expected: Decimal | None
) -> None:
    assert _resolve(page, quote, metric, period) == expected


_ROWS = ("物業、廠房及設備", "無形資產", "存貨", "貿易應收款項", "現金及現金等價物", "借款")
_DAYS = {"06-30": "6月30日", "12-31": "12月31日", "03-31": "3月31日", "09-30": "9月30日"}


@dataclass(frozen=True, slots=True)
class _Claim:
    quote: str
    metric: str
    period: str
    expected: tuple[Decimal | None, ...]


@st.composite
def _sheets(draw: st.DrawFn) -> tuple[str, tuple[_Claim, ...]]:
    style = draw(st.sampled_from(["pdfplumber", "pymupdf"]))
    year = draw(st.integers(2019, 2026))
    days = draw(st.sampled_from([("06-30", "12-31"), ("12-31", "12-31"), ("09-30", "12-31")]))
    printed = list(days)
    told = draw(st.integers(0, 3)) != 0
    if not told:  # one day, or three, under the two years
        printed = printed[:1] if draw(st.booleans()) else [*printed, "03-31"]
    years = [f"{year}年", f"{year - 1}年"]
    shown = [_DAYS[d] for d in printed]
    head = (
        [" ".join(years), " ".join(shown), "附註 （未經審核） （經審核）"]
        if style == "pdfplumber"
        else [*years, *shown, "附註", "人民幣千元", "人民幣千元"]
    )
    lines = ["小鷹科技集團", "簡明綜合財務狀況表", "（除另有註明外，以人民幣千元列示）", *head]
    amount = st.integers(1000, 10**9)
    labels = draw(st.lists(st.sampled_from(_ROWS), min_size=1, max_size=4, unique=True))
    rows = []
    for label in labels:
        note = str(draw(st.integers(1, 30)))
        values = (draw(amount), draw(amount))
        cells = [label, note, f"{values[0]:,}", f"{values[1]:,}"]
        lines += [" ".join(cells)] if style == "pdfplumber" else cells
        rows.append((label, note, values))
    page = "\n".join(lines) + "\n"
    sep = " " if style == "pdfplumber" else "\n"
    dates = [f"{year}-{days[0]}", f"{year - 1}-{days[1]}"]
    claims: list[_Claim] = []
    for label, note, values in rows:
        first = f"{label}{sep}{note}{sep}{values[0]:,}"
        both = f"{first}{sep}{values[1]:,}"
        for k, quote in enumerate((first, both)):
            right = Decimal(values[k]) * 1000
            claims.append(_Claim(quote, label, dates[k], (right, None) if told else (None,)))
        # the first column's cell claimed for another day of its year, or the other date
        for wrong in {f"{year}-12-31", f"{year}-06-30", dates[1]} - {dates[0]}:
            claims.append(_Claim(first, label, wrong, (None,)))
    return page, tuple(claims)


@settings(max_examples=60, deadline=None)
@given(_sheets())
def test_years_over_days_right_or_refused_never_another_value(
    generated: tuple[str, tuple[_Claim, ...]],
) -> None:
    page, claims = generated
    for claim in claims:
        value = _resolve(page, claim.quote, claim.metric, claim.period)
        assert value in claim.expected, (claim, value)

"""Statement tables in the forms a pipeline feeds: converter text, pipe tables, PDF text (issue 28).

Each case is a small page written here in the shape a converter or extractor
gives (BeautifulSoup ``get_text("\\n")``, html2text's pipe tables, pdftotext),
with a ``source`` naming that shape; the companies and numbers are invented.
A case expects a value in base units or a refusal reason.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import Document, resolve_all
from fincalc.testing import PAGE_FORMS, StatementPage, statement_pages

# BeautifulSoup get_text("\n") of an inline-XBRL income statement: every cell on its own
# line, "(", the number and ")" on separate lines, "$" alone, "\xa0" spacer lines.
_BS4_BRACKETS = (
    "KESTREL LABS, INC.\nCONSOLIDATED STATEMENTS OF EARNINGS\n(in millions)\n"
    "Years ended December 31\n2024\n\xa0\n2023\n\xa0\n2022\n"
    "Net revenues\n$\n5,634\n\xa0\n$\n5,431\n\xa0\n$\n5,805\n"
    "Other operating expense (income), net\n(\n7\n)\n\xa0\n(\n179\n)\n\xa0\n56\n"
    "Accumulated deficit\n(\n7,900\n)\n\xa0\n(\n1,000\n)\n\xa0\n(\n12\n)\n"
    "Cash flows from financing activities\n"
    "Repayments of debt\n$ (\n2,250\n)\n\xa0\n—\n\xa0\n(\n311\n)\n"
)
# The same converter leaving zero-width spaces on lines of their own.
_ZERO_WIDTH = (
    "HARBOR FREIGHTWAYS CORP.\nCONSOLIDATED STATEMENTS OF OPERATIONS\n(In thousands)\n"
    "Year Ended December 31,\n\u200b\n2024\n\u200b\n2023\n"
    "Operating revenues\n\u200b\n$\n\u200b\n412,118\n\u200b\n$\n\u200b\n398,004\n"
    "Net loss\n\u200b\n(\n\u200b\n3,512\n\u200b\n)\n\u200b\n(\n\u200b\n9,020\n\u200b\n)\n"
)
# html2text (LangChain's Html2TextTransformer settings) of a 10-Q income statement: an empty
# header row, column headers as ordinary rows, rows with as many "|" as non-empty cells.
_H2T_INCOME = (
    "Osprey Motors, Inc.\n\nConsolidated Statements of Operations\n\n"
    "(in millions, except per share data)\n\n"
    "| | | | | | | | | | | | |   \n---|---|---|---|---|---|---|---|---|---|---|---|---  \n"
    "| Three Months Ended June 30,| | Six Months Ended June 30,  \n"
    "| 2025| | 2024| | 2025| | 2024  \n"
    "Revenues| | | | | | |   \n"
    "Automotive sales| $| 15,204 | | | $| 17,330 | | | $| 27,112 | | | $| 33,090 |   \n"
    "Automotive leasing| 412 | | | 458 | | | 866 | | | 931 |   \n"
    "Interest expense| (81)| | | (86)| | | (170)| | | (162)|   \n"
    "Restructuring and other| --| | | 622 | | | 94 | | | 622 |   \n"
    "Net income per share of common stock attributable to common stockholders| | | | | | |   \n"
    "Basic| $| 0.36 | | | $| 0.44 | | | $| 0.49 | | | $| 0.89 |   \n"
    "Diluted| $| 0.33 | | | $| 0.40 | | | $| 0.45 | | | $| 0.81 |   \n"
    "Weighted average shares used in computing net income per share of common stock"
    "| | | | | | |   \n"
    "Basic| 3,223| | 3,191| | 3,220| | 3,189  \n"
    "Diluted| 3,519| | 3,481| | 3,520| | 3,483  \n"
)
# html2text of a balance sheet whose header cells hold a line break ("June 30,<br>2025").
_H2T_BALANCE = (
    "Osprey Motors, Inc.\n\nConsolidated Balance Sheets\n\n(in millions)\n\n"
    "| | | | | |   \n---|---|---|---|---|---  \n"
    "| June 30,  \n2025| | December 31,  \n2024  \n"
    "Cash and cash equivalents| $| 15,587 | | | $| 16,139 |   \n"
    "Inventory| 14,570 | | | 12,017 |   \n"
    "Preferred stock; $0.001 par value; 100 shares authorized; none issued| --| | | --|   \n"
    "Foreign exchange contracts| $4,797 | | ($48)|   \n"
)
# A pdftotext page of a cash flow statement: beginning-of-year balances, a note reference in a
# label, a long label with no sentence end, "401(k)" in a label.
_PDF_CASH = (
    "PELICAN FOODS CORP.\nCONSOLIDATED STATEMENTS OF CASH FLOWS\n(Dollars in millions)\n"
    "Year Ended December 31,\n2024\n2023\n"
    "Cash and cash equivalents, beginning of year\n$\n8,114\n$\n6,920\n"
    "Adjustments to reconcile net income (loss) to net cash from operating activities:\n"
    "Depreciation and amortization of property and equipment and capitalized software costs, "
    "operating lease assets, and other\n1,921\n1,663\n"
    "Treasury shares issued for 401(k) contribution\n793\n953\n"
    "Inventories (Notes 1 and 3)\n(412)\n(388)\n"
    "Cash and cash equivalents, end of year\n$\n9,005\n$\n8,114\n"
)
# 合并现金流量表 (A-share, cell per line): 期初 balance under 本期发生额.
_ZH_CASH = (
    "合并现金流量表\n2024年1—12月\n单位：元  币种：人民币\n项目\n2024年度\n2023年度\n"
    "加：期初现金及现金等价物余额\n1,234,567.00\n1,111,111.00\n"
    "六、期末现金及现金等价物余额\n2,345,678.00\n1,234,567.00\n"
)
_PAGES = {
    "bs4-brackets": _BS4_BRACKETS,
    "zero-width": _ZERO_WIDTH,
    "h2t-income": _H2T_INCOME,
    "h2t-balance": _H2T_BALANCE,
    "pdf-cash": _PDF_CASH,
    "zh-cash": _ZH_CASH,
}


def _claim(page: str, quote: str, period: str, **extra: Any) -> dict[str, Any]:
    return {
        "evidence_id": page,
        "quote": quote,
        "metric": extra.pop("metric", quote.split("\n")[0].split("|")[0].strip()),  # the row label
        "entity": "Co",
        "period": period,
        "basis": extra.pop("basis", "single_period"),
        "currency": extra.pop("currency", "USD"),
        **extra,
    }


CASES = [
    # id, source, page, quote, period, expected value (or refusal reason), extra claim fields
    (
        "bracket-lines-first-cell",
        "bs4 get_text of an inline-XBRL 10-K income statement",
        "bs4-brackets",
        "Other operating expense (income), net\n(\n7\n)",
        "FY2024",
        Decimal("-7E+6"),
        {},
    ),
    (
        "bracket-lines-second-cell",
        "bs4 get_text of an inline-XBRL 10-K income statement",
        "bs4-brackets",
        "Other operating expense (income), net\n(\n7\n)\n\xa0\n(\n179\n)",
        "FY2023",
        Decimal("-179E+6"),
        {},
    ),
    (
        "bracket-lines-third-cell-positive",
        "bs4 get_text of an inline-XBRL 10-K income statement",
        "bs4-brackets",
        "Other operating expense (income), net\n(\n7\n)\n\xa0\n(\n179\n)\n\xa0\n56",
        "FY2022",
        Decimal("56E+6"),
        {},
    ),
    (
        "bracket-lines-never-the-column-beside",
        "bs4 get_text of an inline-XBRL 10-K balance of equity",
        "bs4-brackets",
        "Accumulated deficit\n(\n7,900\n)\n\xa0\n(\n1,000\n)",
        "FY2023",
        Decimal("-1000E+6"),
        {},
    ),
    (
        "bracket-lines-column-not-quoted",
        "bs4 get_text of an inline-XBRL 10-K balance of equity",
        "bs4-brackets",
        "Accumulated deficit\n(\n7,900\n)",
        "FY2023",
        "period_mismatch",
        {},
    ),
    (
        "dollar-and-bracket-on-one-line",
        "bs4 get_text: '$ (' in one cell, the number and ')' after it",
        "bs4-brackets",
        "Repayments of debt\n$ (\n2,250\n)",
        "FY2024",
        Decimal("-2250E+6"),
        {},
    ),
    (
        "closing-bracket-is-no-label",
        "bs4 get_text: the ')' line before a section heading",
        "bs4-brackets",
        "Repayments of debt\n$ (\n2,250\n)\n\xa0\n—\n\xa0\n(\n311\n)",
        "FY2022",
        Decimal("-311E+6"),
        {},
    ),
    (
        "zero-width-lines-first",
        "html converter leaving U+200B on lines of their own",
        "zero-width",
        "Operating revenues\n\u200b\n$\n\u200b\n412,118",
        "FY2024",
        Decimal("412118E+3"),
        {},
    ),
    (
        "zero-width-lines-negative-second",
        "html converter leaving U+200B on lines of their own",
        "zero-width",
        "Net loss\n\u200b\n(\n\u200b\n3,512\n\u200b\n)\n\u200b\n(\n\u200b\n9,020\n\u200b\n)",
        "FY2023",
        Decimal("-9020E+3"),
        {},
    ),
    (
        "pipe-first-cell",
        "html2text of a 10-Q income statement (ragged pipe table)",
        "h2t-income",
        "Automotive sales| $| 15,204",
        "2025-04-01 to 2025-06-30",
        Decimal("15204E+6"),
        {},
    ),
    (
        "pipe-cumulative-column",
        "html2text of a 10-Q income statement (ragged pipe table)",
        "h2t-income",
        "Automotive leasing| 412 | | | 458 | | | 866",
        "2025-01-01 to 2025-06-30",
        Decimal("866E+6"),
        {"basis": "cumulative"},
    ),
    (
        "pipe-negative",
        "html2text of a 10-Q income statement (ragged pipe table)",
        "h2t-income",
        "Interest expense| (81)| | | (86)",
        "2024-04-01 to 2024-06-30",
        Decimal("-86E+6"),
        {},
    ),
    (
        "pipe-column-not-quoted",
        "html2text of a 10-Q income statement (ragged pipe table)",
        "h2t-income",
        "Automotive leasing| 412",
        "2024-04-01 to 2024-06-30",
        "period_mismatch",
        {},
    ),
    (
        "pipe-dash-cell-holds-its-column",
        "html2text of a 10-Q income statement (ragged pipe table)",
        "h2t-income",
        "Restructuring and other| --| | | 622",
        "2024-04-01 to 2024-06-30",
        Decimal("622E+6"),
        {},
    ),
    (
        "per-share-diluted-under-heading",
        "html2text: 'Diluted' under 'Net income per share ...' in a table in millions",
        "h2t-income",
        "Diluted| $| 0.33",
        "2025-04-01 to 2025-06-30",
        Decimal("0.33"),
        {},
    ),
    (
        "shares-basic-under-shares-heading",
        "html2text: 'Basic' under 'Weighted average shares used in computing ... per share'",
        "h2t-income",
        "Basic| 3,223",
        "2025-04-01 to 2025-06-30",
        Decimal("3223E+6"),
        {"currency": None},
    ),
    (
        "pipe-broken-header-cells",
        "html2text of a balance sheet whose header cells hold a line break",
        "h2t-balance",
        "Inventory| 14,570 | | | 12,017",
        "2024-12-31",
        Decimal("12017E+6"),
        {"basis": "instant"},
    ),
    (
        "pipe-broken-header-first",
        "html2text of a balance sheet whose header cells hold a line break",
        "h2t-balance",
        "Cash and cash equivalents| $| 15,587",
        "2025-06-30",
        Decimal("15587E+6"),
        {"basis": "instant"},
    ),
    (
        "pipe-dash-row-is-no-label-amount",
        "html2text: '$0.001 par value' in the label, dashes in the cells",
        "h2t-balance",
        "Preferred stock; $0.001 par value; 100 shares authorized; none issued| --",
        "2025-06-30",
        "no_quantity",
        {"basis": "instant"},
    ),
    (
        "pipe-dollar-inside-bracket",
        "html2text: '($48)' one cell",
        "h2t-balance",
        "Foreign exchange contracts| $4,797 | | ($48)",
        "2024-12-31",
        Decimal("-48E+6"),
        {"basis": "instant"},
    ),
    (
        "beginning-of-year-is-prior-close",
        "pdftotext cash flow: 'beginning of year' under 2024 is December 31, 2023",
        "pdf-cash",
        "Cash and cash equivalents, beginning of year\n$\n8,114",
        "2023-12-31",
        Decimal("8114E+6"),
        {"basis": "instant"},
    ),
    (
        "beginning-of-year-not-the-year-end",
        "pdftotext cash flow: the 2024 column's opening balance is not December 31, 2024's",
        "pdf-cash",
        "Cash and cash equivalents, beginning of year\n$\n8,114",
        "2024-12-31",
        "period_mismatch",
        {"basis": "instant"},
    ),
    (
        "end-of-year-is-the-year-end",
        "pdftotext cash flow: 'end of year' under 2024",
        "pdf-cash",
        "Cash and cash equivalents, end of year\n$\n9,005",
        "2024-12-31",
        Decimal("9005E+6"),
        {"basis": "instant"},
    ),
    (
        "long-label-is-no-prose",
        "pdftotext cash flow: a 15-word label without a sentence end",
        "pdf-cash",
        "operating lease assets, and other\n1,921\n1,663",
        "FY2023",
        Decimal("1663E+6"),
        {
            "metric": "Depreciation and amortization of property and equipment and capitalized "
            "software costs, operating lease assets, and other"
        },
    ),
    (
        "401k-is-no-thousands",
        "pdftotext cash flow: '401(k)' in a label of a table in millions",
        "pdf-cash",
        "Treasury shares issued for 401(k) contribution\n793",
        "FY2024",
        Decimal("793E+6"),
        {},
    ),
    (
        "note-reference-is-no-amount",
        "pdftotext: 'Inventories (Notes 1 and 3)': '3)' closes the label's bracket",
        "pdf-cash",
        "Inventories (Notes 1 and 3)\n(412)\n(388)",
        "FY2023",
        Decimal("-388E+6"),
        {"metric": "Inventories"},
    ),
    (
        "zh-opening-cash-is-prior-close",
        "A-share 合并现金流量表 cell per line: 期初 balance under 2024年度",
        "zh-cash",
        "加：期初现金及现金等价物余额\n1,234,567.00",
        "2023-12-31",
        Decimal("1234567.00"),
        {"basis": "instant", "currency": "CNY"},
    ),
    (
        "zh-opening-cash-not-year-end",
        "A-share 合并现金流量表 cell per line: 期初 balance is not the year-end's",
        "zh-cash",
        "加：期初现金及现金等价物余额\n1,234,567.00",
        "2024-12-31",
        "period_mismatch",
        {"basis": "instant", "currency": "CNY"},
    ),
]


@pytest.mark.parametrize(
    ("page", "quote", "period", "expected", "extra"),
    [pytest.param(*case[2:], id=case[0]) for case in CASES],
)
def test_statement_form(
    page: str, quote: str, period: str, expected: Decimal | str, extra: dict[str, Any]
) -> None:
    doc = Document(page, _PAGES[page])
    result = resolve_all([_claim(page, quote, period, **extra)], [doc])
    if isinstance(expected, str):
        assert not result.facts, f"accepted {result.facts[0].value}, expected {expected}"
        assert [r.reason for r in result.refusals] == [expected], result.refusals[0].error
        return
    assert not result.refusals, result.refusals[0].error
    assert result.facts[0].value == expected


def test_every_case_names_its_source() -> None:
    assert all(case[1] for case in CASES)
    assert len({case[0] for case in CASES}) == len(CASES)


# html2text of a 10-Q page: the unit declaration in the header row's first cell, header cells
# broken over lines, a row without a label, a label broken over two lines.
_H2T_DECLARED = (
    "Condor Aerospace Company\n\nCondensed Consolidated Statements of Operations\n\n"
    "| | | | | | | | |   \n---|---|---|---|---|---|---|---|---  \n"
    "(Dollars in millions, except per share data)| Six months ended June 30| | "
    "Three months ended June 30  \n"
    "| 2025| | 2024| | 2025| | 2024  \n"
    "Total costs and expenses| (37,393)| | | (30,330)| | | (20,314)| | | (15,637)|   \n"
    "| 4,852 | | | 3,105 | | | 2,435 | | | 1,229 |   \n"
    "Total Comprehensive Income Attributable to Shareowners of  \n"
    "Condor Aerospace| $| 812 | | | $| 699 | | | $| 401 | | | $| 377 |   \n"
    "\nCondensed Consolidated Statements of Financial Position\n\n"
    "| | | | |   \n---|---|---|---|---  \n"
    "(Dollars in millions)| June 30  \n2025| | December 31  \n2024  \n"
    "Cash and cash equivalents| $7,087 | | | $13,801 |   \n"
    "Assets held for sale| 1,451 | | |   \n"
)
_PAGES["h2t-declared"] = _H2T_DECLARED

DECLARED_CASES = [
    (
        "declaration-cell-then-groups",
        "html2text 10-Q: '(Dollars in millions ...)| Six months ended June 30| | Three ...'",
        "h2t-declared",
        "Total costs and expenses| (37,393)| | | (30,330)| | | (20,314)",
        "2025-04-01 to 2025-06-30",
        Decimal("-20314E+6"),
        {},
    ),
    (
        "row-without-label-is-its-own-row",
        "html2text 10-Q: '| 4,852 | | | 3,105 |' after a full row",
        "h2t-declared",
        "Total costs and expenses| (37,393)",
        "2025-01-01 to 2025-06-30",
        Decimal("-37393E+6"),
        {"basis": "cumulative"},
    ),
    (
        "label-broken-over-two-lines",
        "html2text: a row label with a line break, the second line holding the cells",
        "h2t-declared",
        "Condor Aerospace| $| 812 | | | $| 699",
        "2024-01-01 to 2024-06-30",
        Decimal("699E+6"),
        {
            "basis": "cumulative",
            "metric": "Total Comprehensive Income Attributable to Shareowners of Condor Aerospace",
        },
    ),
    (
        "broken-header-after-declaration-cell",
        "html2text balance sheet: '(Dollars in millions)| June 30  ' / '2025| | December 31  '",
        "h2t-declared",
        "Cash and cash equivalents| $7,087 | | | $13,801",
        "2024-12-31",
        Decimal("13801E+6"),
        {"basis": "instant"},
    ),
    (
        "one-amount-row-is-not-placed-by-position",
        "html2text balance sheet: a row with its second cell empty",
        "h2t-declared",
        "Assets held for sale| 1,451",
        "2024-12-31",
        "ambiguous_quantity",
        {"basis": "instant"},
    ),
]
CASES += DECLARED_CASES


@pytest.mark.parametrize(
    ("page", "quote", "period", "expected", "extra"),
    [pytest.param(*case[2:], id=case[0]) for case in DECLARED_CASES],
)
def test_html2text_declared_page(
    page: str, quote: str, period: str, expected: Decimal | str, extra: dict[str, Any]
) -> None:
    test_statement_form(page, quote, period, expected, extra)


# -- a row printed twice ------------------------------------------------------------------

_TWICE = (
    "CONSOLIDATED STATEMENTS OF EARNINGS\n(in millions)\nYears ended December 31\n2024\n2023\n"
    "Net revenues\n$\n5,634\n$\n5,431\n"
    "Operating earnings\n913\n1,275\n"
    "\fSELECTED FINANCIAL DATA\n(in millions)\nYears ended December 31\n2024\n2023\n"
    "Net revenues\n$\n5,634\n$\n5,431\n"
    "\fSEGMENT RESULTS\n(in millions)\nYears ended December 31\n2023\n2022\n"
    "Operating earnings\n913\n1,275\n"
)


@pytest.mark.parametrize(
    ("quote", "period", "expected", "why"),
    [
        (
            "Net revenues\n$\n5,634\n$\n5,431",
            "FY2023",
            Decimal("5431E+6"),
            "10-K statement and its summary print the row with the same columns: one fact",
        ),
        (
            "Operating earnings\n913\n1,275",
            "FY2023",
            "ambiguous_quote",
            "the same row text under other years on another page: ambiguous",
        ),
        (
            "Operating earnings\n913\n1,275",
            "FY2022",
            "ambiguous_quote",
            "readable at one place only: ambiguous, never the one place's value",
        ),
    ],
)
def test_a_row_printed_twice(quote: str, period: str, expected: Decimal | str, why: str) -> None:
    doc = Document("twice", _TWICE)
    result = resolve_all([_claim("twice", quote, period)], [doc])
    if isinstance(expected, str):
        assert [r.reason for r in result.refusals] == [expected], why
        return
    assert not result.refusals, result.refusals[0].error
    assert result.facts[0].value == expected, why


def test_a_sentence_printed_twice_stays_ambiguous() -> None:
    doc = Document(
        "p", "Net revenues were $5.6 billion.\n(Prior year) Net revenues were $5.6 billion."
    )
    claim = _claim("p", "Net revenues were $5.6 billion", "FY2024")
    assert [r.reason for r in resolve_all([claim], [doc]).refusals] == ["ambiguous_quote"]


# -- amounts written inside a row label, a footnote mark before the "$" ----------------------

_BS4_LABEL_AMOUNTS = (
    "HERON SOFTWARE INC.\nCONSOLIDATED BALANCE SHEETS\n(In millions, except per share amounts)\n"
    "November 29,\n2024\nDecember 1,\n2023\n"
    "Trade receivables, net of allowances for doubtful accounts of $\n14\n and of $\n16\n"
    ",\xa0respectively\n2,072\n\xa0\n2,224\n"
    "Common stock, $\n0.25\n par value; authorized\xa0— \n11,200\n\xa0shares; issued\xa0— \n"
    "7,040\n\xa0shares \n1,760\n\xa0\n1,760\n"
    "Basic net income per share\n1\n$\n2.47\n\xa0\n$\n2.48\n"
)
_PAGES["bs4-label-amounts"] = _BS4_LABEL_AMOUNTS


@pytest.mark.parametrize(
    ("quote", "period", "expected", "why"),
    [
        (
            "Trade receivables, net of allowances for doubtful accounts of $\n14\n and of $\n16\n"
            ",\xa0respectively\n2,072\n\xa0\n2,224",
            "2023-12-01",
            Decimal("2224E+6"),
            "bs4: '$14' and '$16' inside the label, the cells after it",
        ),
        (
            "Trade receivables, net of allowances for doubtful accounts of $\n14\n and of $\n16\n"
            ",\xa0respectively\n2,072",
            "2024-11-29",
            Decimal("2072E+6"),
            "bs4: the first cell after a label holding amounts",
        ),
        pytest.param(
            "\xa0shares; issued\xa0— \n7,040\n\xa0shares \n1,760",
            "2024-11-29",
            Decimal("1760E+6"),
            "bs4: share counts inside the label of the common stock row",
            marks=pytest.mark.xfail(
                strict=True,
                reason="the metric check reads only the label's last piece ('shares') of a "
                "label split by the amounts inside it, and refuses 'Common stock'",
            ),
        ),
        (
            "Basic net income per share\n1\n$\n2.47\n\xa0\n$\n2.48",
            "2023-12-01",
            Decimal("2.48"),
            "bs4: the footnote mark '1' between the label and the '$'",
        ),
    ],
)
def test_amounts_inside_labels(quote: str, period: str, expected: Decimal, why: str) -> None:
    doc = Document("bs4-label-amounts", _BS4_LABEL_AMOUNTS)
    metric = (
        "Basic net income per share"
        if "per share" in quote
        else "Common stock"
        if "shares" in quote
        else quote.split("\n")[0]
    )
    claim = _claim("bs4-label-amounts", quote, period, basis="instant", metric=metric)
    result = resolve_all([claim], [doc])
    assert not result.refusals, f"{why}: {result.refusals[0].error}"
    assert result.facts[0].value == expected, why


# -- properties over generated pages in every form --------------------------------------------


def _outcomes(page: StatementPage, kind: str) -> list[tuple[Any, Decimal | None]]:
    doc = page.document()
    chosen = [item for item in page.claims if item.kind == kind]
    result = resolve_all([item.claim for item in chosen], [doc])
    refused = {id(r.claim) for r in result.refusals}
    facts = iter(result.facts)
    return [(item, None if id(item.claim) in refused else next(facts).value) for item in chosen]


@pytest.mark.parametrize("form", PAGE_FORMS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_right_claim_is_read_right_or_refused(form: str, data: st.DataObject) -> None:
    page = data.draw(statement_pages(forms=[form]))
    for item, value in _outcomes(page, "right"):
        assert value is None or value == item.expected, (item.claim, value, page.text)


@pytest.mark.parametrize("form", PAGE_FORMS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_right_claim_of_a_generated_page_is_answered(form: str, data: st.DataObject) -> None:
    """The generated layouts are ones fincalc reads: no right claim is refused."""
    page = data.draw(statement_pages(forms=[form]))
    refused = [item.claim for item, value in _outcomes(page, "right") if value is None]
    assert not refused, (refused[:2], page.text)


@pytest.mark.parametrize("form", PAGE_FORMS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_wrong_column_claim_refuses(form: str, data: st.DataObject) -> None:
    page = data.draw(statement_pages(forms=[form]))
    for item, value in _outcomes(page, "column"):
        assert value is None, (item.claim, value)


@pytest.mark.parametrize("form", PAGE_FORMS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_wrong_row_claim_refuses(form: str, data: st.DataObject) -> None:
    """A row quoted for another row's label: the metric check (issue 24) refuses it."""
    page = data.draw(statement_pages(forms=[form]))
    for item, value in _outcomes(page, "row"):
        assert value is None, (item.claim, value)


# -- PDF text lines (pdftotext / pdfplumber of a printed 10-K) ----------------------------------

_PDF_PAGES = {
    "years-in-title": (
        "CONSOLIDATED STATEMENTS OF INCOME\nYears ended December 31, 2022, 2021, and 2020\n"
        "(In millions)\n2022 2021 2020\nNet sales $ 5,100 $ 4,800 $ 4,500\n"
        "Cost of sales 3,000 2,900 2,800\n"
    ),
    "bare-years-ended": (
        "CONSOLIDATED STATEMENTS OF INCOME\n(In millions)\nYears Ended\n2022 2021 2020\n"
        "Net sales $ 5,100 $ 4,800 $ 4,500\nCost of sales 3,000 2,900 2,800\n"
    ),
    "dot-leaders": (
        "CONSOLIDATED STATEMENTS OF INCOME\n(In millions)\nYear Ended December 31,\n2022 2021\n"
        "Net sales ........................ $ 5,100 $ 4,800\n"
        "Cost of sales .................... 3,000 2,900\n"
    ),
    "bracket-subheading": (
        "CONSOLIDATED STATEMENTS OF CASH FLOWS\n(In millions)\nYear Ended December 31,\n"
        "2022 2021\nNet income $ 510 $ 480\nAdjustments to reconcile net income to net cash "
        "(used in) provided by operating activities:\nDepreciation 300 290\n"
    ),
    "mixed-declaration": (
        "CONSOLIDATED STATEMENTS OF OPERATIONS\n(net income in millions and shares in thousands)\n"
        "Year Ended December 31,\n2022 2021\nNet income $ 510 $ 480\n"
        "Weighted average shares outstanding 41,234 40,987\n"
    ),
    "dividends-per-common-share": (
        "CONSOLIDATED STATEMENTS OF INCOME\n(In millions, except per share amounts)\n"
        "Year Ended December 31,\n2022 2021\nNet income $ 510 $ 480\n"
        "Dividends declared per common share $ 0.8300 $ 0.8000\n"
    ),
    "income-bare-dates": (
        "CONSOLIDATED STATEMENTS OF OPERATIONS\n(In thousands)\n"
        "December 31, 2022 December 31, 2021\nRevenue $ 5,100 $ 4,800\n"
        "Cost of revenue 3,000 2,900\n"
    ),
    "interim-bare-dates": (
        "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)\n(In thousands)\n"
        "June 30, 2025 June 30, 2024\nRevenue $ 5,100 $ 4,800\n"
    ),
    "row-printed-twice": (
        "CONSOLIDATED STATEMENTS OF INCOME\n(In millions)\nYear Ended December 31,\n2022 2021\n"
        "Net sales $ 5,100 $ 4,800\nOperating income 900 800\nNet sales $ 5,100 $ 4,800\n"
    ),
}

PDF_CASES = [
    # page, quote, metric, period, currency, expected
    (
        "years-in-title",
        "Cost of sales 3,000 2,900",
        "Cost of sales",
        "FY2021",
        "USD",
        Decimal("2900E+6"),
    ),
    (
        "bare-years-ended",
        "Cost of sales 3,000 2,900",
        "Cost of sales",
        "FY2021",
        "USD",
        Decimal("2900E+6"),
    ),
    (
        "bare-years-ended",
        "Cost of sales 3,000",
        "Cost of sales",
        "FY2021",
        "USD",
        "period_mismatch",
    ),
    (
        "dot-leaders",
        "Cost of sales .................... 3,000 2,900",
        "Cost of sales",
        "FY2021",
        "USD",
        Decimal("2900E+6"),
    ),
    (
        "bracket-subheading",
        "Depreciation 300 290",
        "Depreciation",
        "FY2021",
        "USD",
        Decimal("290E+6"),
    ),
    (
        "mixed-declaration",
        "Weighted average shares outstanding 41,234 40,987",
        "Weighted average shares outstanding",
        "FY2021",
        None,
        Decimal("40987E+3"),
    ),
    (
        "mixed-declaration",
        "Net income $ 510 $ 480",
        "Net income",
        "FY2021",
        "USD",
        Decimal("480E+6"),
    ),
    (
        "dividends-per-common-share",
        "Dividends declared per common share $ 0.8300",
        "Dividends declared per common share",
        "FY2022",
        "USD",
        Decimal("0.8300"),
    ),
    (
        "row-printed-twice",
        "Net sales $ 5,100 $ 4,800",
        "Net sales",
        "FY2021",
        "USD",
        Decimal("4800E+6"),
    ),
    (
        "income-bare-dates",
        "Cost of revenue 3,000 2,900",
        "Cost of revenue",
        "FY2021",
        "USD",
        Decimal("2900E+3"),
    ),
    (
        "income-bare-dates",
        "Cost of revenue 3,000 2,900",
        "Cost of revenue",
        "2021-12-31",
        "USD",
        "basis_mismatch",
    ),
    (
        "interim-bare-dates",
        "Revenue $ 5,100 $ 4,800",
        "Revenue",
        "FY2024",
        "USD",
        "ambiguous_quantity",
    ),
]


@pytest.mark.parametrize(
    ("page", "quote", "metric", "period", "currency", "expected"),
    [pytest.param(*case, id=f"{case[0]}-{index}") for index, case in enumerate(PDF_CASES)],
)
def test_pdf_text_lines(
    page: str,
    quote: str,
    metric: str,
    period: str,
    currency: str | None,
    expected: Decimal | str,
) -> None:
    doc = Document(page, _PDF_PAGES[page])
    claim = _claim(page, quote, period, metric=metric, currency=currency)
    result = resolve_all([claim], [doc])
    if isinstance(expected, str):
        assert [r.reason for r in result.refusals] == [expected], result.facts
        return
    assert not result.refusals, result.refusals[0].error
    assert result.facts[0].value == expected


# -- Chinese periodic reports: list numbers, rows written as Python lists ----------------------

_ZH_PAGES = {
    "list-number": (
        "五、合并财务报表项目注释\n单位：元  币种：人民币\n1、应收账款\n"
        "项目\n2023年12月31日\n2022年12月31日\n应收账款\n1,234,567.00\n1,111,111.00\n"
    ),
    "python-lists": (
        "合并利润表\n2024年1—12月\n单位：元  币种：人民币\n['项目', '2024年度', '2023年度']\n"
        "['营业收入', '1,234,567.00', '1,111,111.00']\n['营业成本', '834,567.00', '811,111.00']\n"
    ),
}

_ZH_PAGES["q3-ytd-statement"] = (
    "某某股份有限公司2025年第三季度报告\n合并年初到报告期末利润表\n"
    "编制单位：某某股份有限公司\n单位：元  币种：人民币  审计类型：未经审计\n"
    "项目\n本期发生额\n上期发生额\n一、营业总收入\n1,234,567.00\n1,111,111.00\n"
)

_ZH_PAGES["q3-first-table-wrapped"] = (
    "某某股份有限公司2025年第三季度报告\n一、主要财务数据\n（一）主要会计数据和财务指标\n"
    "单位：元 币种：人民币\n"
    "项目 本报告期 本报告期比上年同 年初至报告期末 年初至报告期末比上\n"
    "期增减变动幅度(%) 年同期增减变动幅度(%)\n"
    "营业收入 1,234,567.00 12.34 3,456,789.00 5.67\n"
)

ZH_CASES = [
    # page, quote, metric, period, basis, expected, source
    (
        "list-number",
        "1、应收账款",
        "应收账款",
        "2023-12-31",
        "instant",
        "no_quantity",
        "A-share 年报 notes: the '1、' numbering a heading is no amount of 1 元",
    ),
    (
        "list-number",
        "应收账款\n1,234,567.00\n1,111,111.00",
        "应收账款",
        "2022-12-31",
        "instant",
        Decimal("1111111.00"),
        "A-share 年报 notes, pdfplumber: the row under the heading",
    ),
    (
        "python-lists",
        "['营业收入', '1,234,567.00', '1,111,111.00']",
        "营业收入",
        "2023年度",
        "single_period",
        Decimal("1111111.00"),
        "a parser writing each row as a Python list",
    ),
    (
        "python-lists",
        "['营业收入', '1,234,567.00'",
        "营业收入",
        "2024年度",
        "single_period",
        Decimal("1234567.00"),
        "a parser writing each row as a Python list",
    ),
    (
        "python-lists",
        "['营业成本', '834,567.00'",
        "营业成本",
        "2023年度",
        "single_period",
        "period_mismatch",
        "a Python-list row: the first cell is not the prior year's",
    ),
    (
        "q3-ytd-statement",
        "一、营业总收入\n1,234,567.00",
        "营业总收入",
        "2025年前三季度",
        "cumulative",
        Decimal("1234567.00"),
        "季报 合并年初到报告期末利润表: 本期发生额 is the nine months",
    ),
    (
        "q3-ytd-statement",
        "一、营业总收入\n1,234,567.00\n1,111,111.00",
        "营业总收入",
        "2024年前三季度",
        "cumulative",
        Decimal("1111111.00"),
        "季报 合并年初到报告期末利润表: 上期发生额 is last year's nine months",
    ),
    (
        "q3-ytd-statement",
        "一、营业总收入\n1,234,567.00",
        "营业总收入",
        "2025年第三季度",
        "single_period",
        "period_mismatch",
        "季报 合并年初到报告期末利润表: 本期发生额 is not the quarter",
    ),
    (
        "q3-first-table-wrapped",
        "营业收入 1,234,567.00 12.34 3,456,789.00",
        "营业收入",
        "2025年前三季度",
        "cumulative",
        Decimal("3456789.00"),
        "季报 first table, pdfplumber: headers wrapped mid-word ('比上' / '年同期增减')",
    ),
    (
        "q3-first-table-wrapped",
        "营业收入 1,234,567.00",
        "营业收入",
        "2025年第三季度",
        "single_period",
        Decimal("1234567.00"),
        "季报 first table, pdfplumber: 本报告期 is the quarter",
    ),
]


@pytest.mark.parametrize(
    ("page", "quote", "metric", "period", "basis", "expected", "source"),
    [pytest.param(*case, id=f"{case[0]}-{index}") for index, case in enumerate(ZH_CASES)],
)
def test_chinese_report_lines(
    page: str,
    quote: str,
    metric: str,
    period: str,
    basis: str,
    expected: Decimal | str,
    source: str,
) -> None:
    doc = Document(page, _ZH_PAGES[page])
    claim = _claim(page, quote, period, metric=metric, basis=basis, currency="CNY")
    result = resolve_all([claim], [doc])
    if isinstance(expected, str):
        assert [r.reason for r in result.refusals] == [expected], (source, result.facts)
        return
    assert not result.refusals, (source, result.refusals[0].error)
    assert result.facts[0].value == expected, source

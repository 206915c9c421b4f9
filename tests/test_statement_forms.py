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

from fincalc import Document, resolve_all

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
_PAGES = {"bs4-brackets": _BS4_BRACKETS, "zero-width": _ZERO_WIDTH}


def _claim(page: str, quote: str, period: str, **extra: Any) -> dict[str, Any]:
    return {
        "evidence_id": page,
        "quote": quote,
        "metric": extra.pop("metric", quote.split("\n")[0]),
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

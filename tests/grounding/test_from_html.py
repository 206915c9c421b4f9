"""Document.from_html: a filing's HTML tables kept as tables, inline-XBRL tags checking claims.

The pages are written here in the shape SEC inline-XBRL filings have (a hidden
``ix:header`` with contexts and units, statement tables with "$" and ")" in cells of
their own, colspans over the amount columns); the company and numbers are invented.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from fincalc import Document, TaggedValue, resolve_all

_HEADER = """<div style="display:none"><ix:header><ix:resources>
<xbrli:context id="FY24"><xbrli:entity>x</xbrli:entity><xbrli:period>
<xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate>
</xbrli:period></xbrli:context>
<xbrli:context id="FY23"><xbrli:entity>x</xbrli:entity><xbrli:period>
<xbrli:startDate>2023-01-01</xbrli:startDate><xbrli:endDate>2023-12-31</xbrli:endDate>
</xbrli:period></xbrli:context>
<xbrli:context id="FY24seg"><xbrli:entity>x<xbrli:segment>s</xbrli:segment></xbrli:entity>
<xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate>
<xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
<xbrli:unit id="usdPerShare"><xbrli:divide><xbrli:unitNumerator>
<xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unitNumerator><xbrli:unitDenominator>
<xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>
</ix:resources></ix:header></div>"""


def _fact(name: str, context: str, shown: str, **attrs: str) -> str:
    extra = " ".join(f'{k}="{v}"' for k, v in attrs.items())
    unit = attrs.pop("unit", "usd") if "unit" in attrs else "usd"
    return (
        f'<ix:nonFraction name="us-gaap:{name}" contextRef="{context}" unitRef="{unit}" '
        f'decimals="-6" scale="6" {extra}>{shown}</ix:nonFraction>'
    )


_PAGE = f"""<html><body>{_HEADER}
<p>KINGFISHER TOOLS, INC.</p><p>CONSOLIDATED STATEMENTS OF OPERATIONS</p>
<table>
<tr><td>(In millions, except per share amounts)</td>
<td colspan="6">Year Ended December 31,</td></tr>
<tr><td></td><td colspan="3">2024</td><td colspan="3">2023</td></tr>
<tr><td>Net sales</td><td>$</td><td>{_fact("Revenues", "FY24", "5,634")}</td><td></td>
<td>$</td><td>{_fact("Revenues", "FY23", "5,431")}</td><td></td></tr>
<tr><td>Restructuring</td><td colspan="2">{
    _fact("Restructuring", "FY24", "—", format="ixt:fixed-zero")
}</td><td></td>
<td colspan="2">{_fact("Restructuring", "FY23", "212")}</td><td></td></tr>
<tr><td>Net loss</td><td>$</td><td>({_fact("NetIncomeLoss", "FY24", "407", sign="-")}</td>
<td>)</td><td>$</td><td>{_fact("NetIncomeLoss", "FY23", "1,020")}</td><td></td></tr>
<tr><td>Segment sales</td><td colspan="2">{_fact("Revenues", "FY24seg", "2,001")}</td><td></td>
<td colspan="2">1,998</td><td></td></tr>
</table>
<p>CONSOLIDATED STATEMENTS OF CASH FLOWS</p>
<table>
<tr><td>(In millions)</td><td colspan="3">2024</td><td colspan="3">2023</td></tr>
<tr><td>Purchases of property and equipment</td><td colspan="2">(
{_fact("PaymentsToAcquirePropertyPlantAndEquipment", "FY24", "318")}</td><td>)</td>
<td colspan="2">({_fact("PaymentsToAcquirePropertyPlantAndEquipment", "FY23", "290")}</td>
<td>)</td></tr>
</table>
</body></html>"""


def _claim(quote: str, period: str, **extra: Any) -> dict[str, Any]:
    return {
        "evidence_id": "kt",
        "quote": quote,
        "metric": extra.pop("metric", quote.strip("| ").split(" |")[0]),
        "entity": "Kingfisher",
        "period": period,
        "basis": "single_period",
        "currency": "USD",
        **extra,
    }


@pytest.fixture(scope="module")
def doc() -> Document:
    return Document.from_html("kt", _PAGE)


def test_tables_become_markdown_tables_with_one_column_per_amount(doc: Document) -> None:
    lines = doc.text.splitlines()
    assert "| | Year Ended December 31, 2024 | Year Ended December 31, 2023 |" in lines
    assert "| Net sales | $5,634 | $5,431 |" in lines
    assert "| Net loss | $(407) | $1,020 |" in lines
    assert "(In millions, except per share amounts)" in lines  # the label column's header
    assert "ix:header" not in doc.text
    assert "iso4217" not in doc.text


def test_tags_carry_value_period_unit_and_concept(doc: Document) -> None:
    by_text = {doc.text[t.start : t.end]: t for t in doc.tags}
    loss = by_text["407"]
    assert isinstance(loss, TaggedValue)
    assert (loss.concept, loss.value, loss.unit) == (
        "us-gaap:NetIncomeLoss",
        Decimal("-407E+6"),
        "USD",
    )
    assert loss.period is not None
    assert loss.period.describe(None) == "FY2024"
    assert by_text["2,001"].period is None  # a context with a segment: not the entity's
    assert by_text["318"].value == Decimal("318E+6")  # an outflow printed (318), tagged positive


CASES = [
    # id, source, quote, period, expected
    (
        "first-column",
        "inline XBRL income statement",
        "| Net sales | $5,634",
        "FY2024",
        Decimal("5634E+6"),
    ),
    (
        "second-column",
        "inline XBRL income statement",
        "| Net sales | $5,634 | $5,431",
        "FY2023",
        Decimal("5431E+6"),
    ),
    (
        "column-not-quoted",
        "inline XBRL income statement",
        "| Net sales | $5,634",
        "FY2023",
        "period_mismatch",
    ),
    (
        "bracket-over-cells",
        "inline XBRL: '$', '(407' and ')' in three cells",
        "| Net loss | $(407)",
        "FY2024",
        Decimal("-407E+6"),
    ),
    (
        "outflow-printed-in-brackets",
        "inline XBRL cash flow: the tag is positive, the page not",
        "| Purchases of property and equipment | (318)",
        "FY2024",
        Decimal("-318E+6"),
    ),
    (
        "dash-is-no-amount",
        "inline XBRL: '—' tagged ixt:fixed-zero",
        "| Restructuring | — | 212",
        "FY2024",
        "no_quantity",
    ),
]


@pytest.mark.parametrize(
    ("quote", "period", "expected"), [pytest.param(*c[2:], id=c[0]) for c in CASES]
)
def test_claims_on_a_from_html_page(
    doc: Document, quote: str, period: str, expected: Decimal | str
) -> None:
    result = resolve_all([_claim(quote, period)], [doc])
    if isinstance(expected, str):
        assert [r.reason for r in result.refusals] == [expected], result.facts
        return
    assert not result.refusals, result.refusals[0].error
    assert result.facts[0].value == expected


def test_a_cell_whose_tag_names_another_period_is_refused() -> None:
    # the header says 2024 over a cell the filing tagged for 2023: the tag wins, and refuses
    page = _PAGE.replace(_fact("Revenues", "FY24", "5,634"), _fact("Revenues", "FY23", "5,634"))
    doc = Document.from_html("kt", page)
    result = resolve_all([_claim("| Net sales | $5,634", "FY2024")], [doc])
    assert [r.reason for r in result.refusals] == ["period_mismatch"]
    assert "tagged" in str(result.refusals[0].error)


def test_plain_html_needs_no_tags() -> None:
    doc = Document.from_html(
        "kt",
        "<h2>BALANCE SHEETS</h2><table><tr><td>(In thousands)</td><td>Dec 31, 2024</td>"
        "<td>Dec 31, 2023</td></tr><tr><td>Cash</td><td>1,204</td><td>987</td></tr></table>",
        currency="USD",
    )
    assert doc.tags == ()
    claim = _claim("| Cash | 1,204 | 987", "2023-12-31", basis="instant")
    assert resolve_all([claim], [doc]).facts[0].value == Decimal("987000")


def test_every_case_names_its_source() -> None:
    assert all(case[1] for case in CASES)


def test_a_header_cell_from_the_label_column_heads_rows_not_columns() -> None:
    # Coca-Cola-style balance sheet: "ASSETS" sits in the years' row, spanning from the labels
    html = (
        "<p>CONSOLIDATED BALANCE SHEETS</p><table>"
        "<tr><td>(In millions)</td><td colspan='4'>December 31,</td></tr>"
        "<tr><td colspan='1'>ASSETS</td><td colspan='2'>2024</td><td colspan='2'>2023</td></tr>"
        "<tr><td>Short-term investments</td><td></td><td>2,020</td><td></td><td>2,997</td></tr>"
        "</table>"
    )
    doc = Document.from_html("kt", html, currency="USD")
    assert "| | December 31, 2024 | December 31, 2023 |" in doc.text.splitlines()
    claim = _claim("| Short-term investments | 2,020 | 2,997", "2023-12-31", basis="instant")
    assert resolve_all([claim], [doc]).facts[0].value == Decimal("2997E+6")


def test_a_table_of_amounts_without_labels_is_written_as_lines() -> None:
    doc = Document.from_html("kt", "<table><tr><td>1,234</td></tr><tr><td>5</td></tr></table>")
    assert doc.text.split() == ["1,234", "5"]


def test_a_caption_under_the_years_is_no_part_of_their_headers() -> None:
    # a statement of comprehensive income: "Increase/(Decrease)" spans every column under
    # the years; the headers stay the years
    html = (
        "<p>CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME</p><table>"
        "<tr><td>(In millions)</td><td colspan='2'>Years Ended</td></tr>"
        "<tr><td></td><td>November 29, 2024</td><td>December 1, 2023</td></tr>"
        "<tr><td></td><td colspan='2'>Increase/(Decrease)</td></tr>"
        "<tr><td>Unrealized gains on securities</td><td>11</td><td>24</td></tr></table>"
    )
    doc = Document.from_html("kt", html, currency="USD")
    assert "| | Years Ended November 29, 2024 | Years Ended December 1, 2023 |" in doc.text
    claim = _claim("| Unrealized gains on securities | 11 | 24", "FY2023")
    assert resolve_all([claim], [doc]).facts[0].value == Decimal("24E+6")


# -- empty cells keep their column (issue 28) ------------------------------------------------

# A 10-Q cash flow statement: a row with no amount for one of the two periods.
_EMPTY_CELLS_EN = """<p>Condensed Consolidated Statements of Cash Flows</p><p>(Unaudited)</p>
<p>(Dollars in millions)</p><table>
<tr><td></td><td colspan="2">Six months ended June 30</td></tr>
<tr><td></td><td>2025</td><td>2024</td></tr>
<tr><td>Payments to acquire property, plant and equipment</td><td>(1,101)</td><td>(971)</td></tr>
<tr><td>Acquisitions, net of cash acquired</td><td></td><td>(50)</td></tr>
<tr><td>Proceeds from dispositions</td><td>35</td><td></td></tr>
</table>"""
# An HKEX interim report's cash flow statement: 截至…止六個月 headers, RMB'000, a blank cell.
_EMPTY_CELLS_ZH = """<p>簡明合併現金流量表</p><table>
<tr><td>（人民幣千元）</td><td>截至2025年6月30日止六個月</td><td>截至2024年6月30日止六個月</td></tr>
<tr><td>購買物業、廠房及設備</td><td>(4,812)</td><td>(3,907)</td></tr>
<tr><td>收購附屬公司</td><td></td><td>(650)</td></tr>
<tr><td>出售聯營公司所得款項</td><td>1,218</td><td></td></tr>
</table>"""

EMPTY_CELL_CASES = [
    # (id, source, page, quote, period, currency, expected value or refusal reason)
    (
        "en-blank-first",
        "10-Q cash flow HTML, blank current-period cell",
        _EMPTY_CELLS_EN,
        "Acquisitions, net of cash acquired |  | (50)",
        "2024-01-01 to 2024-06-30",
        "USD",
        Decimal("-50E+6"),
    ),
    (
        "en-blank-second",
        "10-Q cash flow HTML, blank prior-period cell",
        _EMPTY_CELLS_EN,
        "Proceeds from dispositions | 35",
        "2025-01-01 to 2025-06-30",
        "USD",
        Decimal("35E+6"),
    ),
    (
        "en-blank-claimed",
        "10-Q cash flow HTML, the claimed period's cell is blank",
        _EMPTY_CELLS_EN,
        "Proceeds from dispositions | 35",
        "2024-01-01 to 2024-06-30",
        "USD",
        "period_mismatch",
    ),
    (
        "zh-blank-first",
        "HKEX interim report HTML, blank current-period cell",
        _EMPTY_CELLS_ZH,
        "收購附屬公司 |  | (650)",
        "2024-01-01 to 2024-06-30",
        "CNY",
        Decimal("-650000"),
    ),
    (
        "zh-blank-second",
        "HKEX interim report HTML, blank prior-period cell",
        _EMPTY_CELLS_ZH,
        "出售聯營公司所得款項 | 1,218",
        "2025-01-01 to 2025-06-30",
        "CNY",
        Decimal("1218000"),
    ),
    (
        "zh-blank-claimed",
        "HKEX interim report HTML, the claimed period's cell is blank",
        _EMPTY_CELLS_ZH,
        "出售聯營公司所得款項 | 1,218",
        "2024-01-01 to 2024-06-30",
        "CNY",
        "period_mismatch",
    ),
]


@pytest.mark.parametrize(
    ("page", "quote", "period", "currency", "expected"),
    [pytest.param(*c[2:], id=c[0]) for c in EMPTY_CELL_CASES],
)
def test_a_cell_beside_an_empty_cell_keeps_its_column(
    page: str, quote: str, period: str, currency: str, expected: Decimal | str
) -> None:
    doc = Document.from_html("kt", page)
    claim = _claim(
        quote, period, basis="cumulative", currency=currency, metric=quote.split(" |")[0]
    )
    result = resolve_all([claim], [doc])
    if isinstance(expected, str):
        assert [r.reason for r in result.refusals] == [expected], (result.facts, doc.text)
        return
    assert not result.refusals, (result.refusals[0].error, doc.text)
    assert result.facts[0].value == expected


def test_every_empty_cell_case_names_its_source() -> None:
    assert all(case[1] for case in EMPTY_CELL_CASES)


def test_an_hkex_two_level_half_year_header_gives_its_period() -> None:
    """截至6月30日止六個月 over 2025年 / 2024年: each column is its year's six months (issue 28)."""
    page = _EMPTY_CELLS_ZH.replace(
        "<tr><td>（人民幣千元）</td><td>截至2025年6月30日止六個月</td><td>截至2024年6月30日止六個月</td></tr>",
        "<tr><td></td><td colspan='2'>截至6月30日止六個月</td></tr>"
        "<tr><td>（人民幣千元）</td><td>2025年</td><td>2024年</td></tr>",
    )
    claim = _claim(
        "購買物業、廠房及設備 | (4,812)",
        "2025-01-01 to 2025-06-30",
        basis="cumulative",
        currency="CNY",
        metric="購買物業、廠房及設備",
    )
    result = resolve_all([claim], [Document.from_html("kt", page)])
    assert not result.refusals, result.refusals[0].error
    assert result.facts[0].value == Decimal("-4812000")
    prior = claim | {"period": "2024-01-01 to 2024-06-30"}  # the 2025 cell claimed for 2024
    wrong = resolve_all([prior], [Document.from_html("kt", page)])
    assert [r.reason for r in wrong.refusals] == ["period_mismatch"], wrong.facts
    year = claim | {"period": "2025年", "basis": "single_period"}  # six months are not the year
    assert not resolve_all([year], [Document.from_html("kt", page)]).facts


ROWSPAN_CASES = [
    # id, source, html, quote, period, expected value (in base units) or refusal reason
    (
        "en-label-over-two-header-rows",
        "10-K income statement whose '(In millions)' cell spans both header rows",
        "<p>CONSOLIDATED STATEMENTS OF OPERATIONS</p><table>"
        "<tr><td rowspan='2'>(In millions)</td><td>Year Ended December 31,</td>"
        "<td>Year Ended December 31,</td></tr><tr><td>2024</td><td>2023</td></tr>"
        "<tr><td>Net sales</td><td>5,634</td><td>5,431</td></tr></table>",
        "| Net sales | 5,634",
        "FY2024",
        Decimal("5634E+6"),
    ),
    (
        "en-label-over-two-header-rows-other-year",
        "the same statement: the first cell claimed for the second column's year",
        "<p>CONSOLIDATED STATEMENTS OF OPERATIONS</p><table>"
        "<tr><td rowspan='2'>(In millions)</td><td>Year Ended December 31,</td>"
        "<td>Year Ended December 31,</td></tr><tr><td>2024</td><td>2023</td></tr>"
        "<tr><td>Net sales</td><td>5,634</td><td>5,431</td></tr></table>",
        "| Net sales | 5,634",
        "FY2023",
        "period_mismatch",
    ),
    (
        "zh-hkex-item-over-two-header-rows",
        "港股中期報告 簡明綜合損益表: 項目 spans the 截至6月30日止六個月 / 年份 rows",
        "<p>簡明綜合損益表</p><p>單位：人民幣千元</p><table>"
        "<tr><td rowspan='2'>項目</td><td colspan='2'>截至6月30日止六個月</td></tr>"
        "<tr><td>2025年</td><td>2024年</td></tr>"
        "<tr><td>收入</td><td>1,234,567</td><td>1,100,200</td></tr></table>",
        "| 收入 | 1,234,567 | 1,100,200",
        "2024-01-01 to 2024-06-30",
        Decimal("1100200E+3"),
    ),
]


@pytest.mark.parametrize(
    ("html", "quote", "period", "expected"), [pytest.param(*c[2:], id=c[0]) for c in ROWSPAN_CASES]
)
def test_a_cell_spanning_rows_holds_its_columns_below(
    html: str, quote: str, period: str, expected: Decimal | str
) -> None:
    doc = Document.from_html("rs", html, currency="CNY" if "單位" in html else "USD")
    claim = _claim(quote, period, currency=doc.currency, evidence_id="rs")
    if period.endswith("06-30"):
        claim["basis"] = "cumulative"
    result = resolve_all([claim], [doc])
    if isinstance(expected, str):
        assert [r.reason for r in result.refusals] == [expected], result.facts
        return
    assert not result.refusals, result.refusals[0].error
    assert result.facts[0].value == expected


def test_every_rowspan_case_names_its_source() -> None:
    assert all(case[1] for case in ROWSPAN_CASES)

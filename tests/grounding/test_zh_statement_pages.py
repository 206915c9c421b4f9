"""Chinese statements over two pages: continuation pages, 附注 columns, 合并 vs 母公司 (issue 28).

The example pages are composed here in the layouts of an A-share 年报's
statements as pdfplumber and PyMuPDF give them; the generator
(``zh_statement_pages``) varies statement kind, scope, columns, notes, units,
continuation and extractor style with the truth known by construction.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings

from fincalc import Document, resolve_all

from .zh_statement_pages import ZhReport, zh_reports


def _resolved(report: ZhReport) -> list[tuple[object, Decimal | None, str]]:
    doc = Document.from_pages("report", list(report.pages))
    out = []
    for item in report.claims:
        result = resolve_all([item.claim], [doc])
        value = result.facts[0].value if result.facts else None
        out.append((item, value, result.refusals[0].reason if result.refusals else ""))
    return out


@settings(max_examples=100, deadline=None)
@given(zh_reports())
def test_right_claims_are_right_or_refused_and_wrong_ones_refused(report: ZhReport) -> None:
    for item, value, _ in _resolved(report):
        if item.expected is None:
            assert value is None, (item.kind, item.claim, value)
        else:
            assert value in (None, item.expected), (item.claim, value, item.expected)


_BS_ZH = (
    "示例电力股份有限公司2024年年度报告\n合并资产负债表\n2024年12月31日\n"
    "编制单位：示例电力股份有限公司\n单位：元 币种：人民币\n"
    "项目 附注七 2024年12月31日 2023年12月31日\n流动资产：\n"
    "货币资金 1 1,204,500.10 998,000.00\n应收账款 5 87,300.00 91,250.55\n88/262\n"
)
_BS_ZH_NEXT = (
    "示例电力股份有限公司2024年年度报告\n非流动资产合计 5,550,000.00 5,100,000.00\n"
    "资产总计 6,841,800.10 6,189,250.55\n短期借款 32 696,924.31 539,854.32\n89/262\n"
)
_IS_ZH_MUPDF = (
    "示例电力股份有限公司2024 年年度报告\n母公司利润表\n2024 年1—12 月\n单位：千元\n币种：人民币\n"
    "项目\n附注十九\n本期发生额\n上期发生额\n一、营业收入\n4\n21,912.23\n21,473.57\n"
    "减：营业成本\n4\n7,920.45\n7,656.81\n95 / 262\n"
)
_IS_ZH_MUPDF_NEXT = (
    "示例电力股份有限公司2024 年年度报告\n96 / 262\n销售费用\n34.19\n37.91\n"
    "管理费用\n731.96\n678.25\n"
)
_OCI_ZH = (
    "示例电力股份有限公司2024年年度报告\n合并利润表\n2024年1—12月\n单位：元 币种：人民币\n"
    "项目 附注七 2024年度 2023年度\n六、其他综合收益的税后净额 1,417,651.86 396,121.09\n"
    "（3）其他权益工具投资公允价值\n941,278.17 -32,068.88\n变动\n"
    "（6）外币财务报表折算差额 246,965.20 328,460.29\n"
)
_IS_LIST = (
    "示例电力股份有限公司2024年年度报告\n合并利润表\n2024年1—12月\n单位：元 币种：人民币\n"
    "['项目', '附注七', '2024年度', '2023年度']\n"
    "['营业收入', '61', '84,491,870.52', '78,143,535.10']\n"
    "['研发费用', '', '890,719.34', '']\n['其他收益', '67', '', '5,195.86']\n"
)
_BLANK_ZH = (
    "示例电力股份有限公司2024年年度报告\n合并资产负债表\n2024年12月31日\n单位：元 币种：人民币\n"
    "项目 附注 2024年12月31日 2023年12月31日\n货币资金 1 1,204,500.10 998,000.00\n"
    "应付票据 35 40,772.98\n递延收益 20,182.73 11,623.69\n"
)
_Q3_ZH = (
    "示例电力股份有限公司2025年第三季度报告\n合并年初到报告期末利润表\n2025年1—9月\n"
    "编制单位：示例电力股份有限公司\n单位：元 币种：人民币 审计类型：未经审计\n"
    "项目 2025年前三季度（1-9月） 2024年前三季度（1-9月）\n"
    "一、营业总收入 65,432,100.12 60,321,000.45\n其中：营业收入 65,432,100.12 60,321,000.45\n"
)
_Q3_ZH_MUPDF = (
    "示例电力股份有限公司2025 年第三季度报告\n合并年初到报告期末利润表\n2025 年1—9 月\n"
    "单位：元\n币种：人民币\n项目\n2025年前三季度（1-9月）\n2024年前三季度（1-9月）\n"
    "一、营业总收入\n65,432,100.12\n60,321,000.45\n"
)
_HK_PLUMBER = (
    "小鷹科技集團\n簡明綜合損益表\n截至2025年6月30日止六個月\n（除另有註明外，以人民幣千元列示）\n"
    "截至6月30日止六個月\n2025年 2024年\n附註 （未經審核） （未經審核）\n"
    "收入 4 227,249,148 164,394,676\n銷售成本 5 (176,011,640) (130,124,987)\n"
)
_HK_MUPDF = (
    "小鷹科技集團\n簡明綜合損益表\n截至2025年6月30日止六個月\n截至6月30日止六個月\n2025年\n2024年\n"
    "附註\n人民幣千元\n人民幣千元\n（未經審核）\n（未經審核）\n收入\n4\n227,249,148\n164,394,676\n"
)
_BS_EN = (
    "KESTREL INSTRUMENTS, INC.\nCONSOLIDATED BALANCE SHEETS\n(In millions)\n"
    "December 31, 2024 December 31, 2023\nCash and cash equivalents $ 1,204 $ 998\n"
    "Accounts receivable, net 873 912\n52\n"
)
_BS_EN_NEXT = "Total assets $ 9,310 $ 8,870\nAccounts payable 412 398\n53\n"

# (id, pages, quote, metric, period, basis, expected (None: refused), source)
CONTINUATION_CASES = [
    (
        "zh-plumber-continued-current",
        (_BS_ZH, _BS_ZH_NEXT),
        "资产总计 6,841,800.10",
        "资产总计",
        "2024-12-31",
        "instant",
        Decimal("6841800.10"),
        "A-share 年报 合并资产负债表 running on to the next page, pdfplumber text",
    ),
    (
        "zh-plumber-continued-prior",
        (_BS_ZH, _BS_ZH_NEXT),
        "资产总计 6,841,800.10 6,189,250.55",
        "资产总计",
        "2023-12-31",
        "instant",
        Decimal("6189250.55"),
        "A-share 年报 合并资产负债表 running on to the next page, pdfplumber text",
    ),
    (
        "zh-plumber-continued-other-column",
        (_BS_ZH, _BS_ZH_NEXT),
        "资产总计 6,841,800.10",
        "资产总计",
        "2023-12-31",
        "instant",
        None,
        "the 期末 cell claimed for the 期初 date",
    ),
    (
        "zh-plumber-continued-note",
        (_BS_ZH, _BS_ZH_NEXT),
        "短期借款 32 696,924.31",
        "短期借款",
        "2024-12-31",
        "instant",
        Decimal("696924.31"),
        "a continued row with its 附注 reference before the amounts",
    ),
    (
        "zh-plumber-note-alone",
        (_BS_ZH, _BS_ZH_NEXT),
        "短期借款 32",
        "短期借款",
        "2024-12-31",
        "instant",
        None,
        "the 附注 reference quoted alone is no amount",
    ),
    (
        "zh-plumber-note-alone-first-page",
        (_BS_ZH,),
        "货币资金 1",
        "货币资金",
        "2024-12-31",
        "instant",
        None,
        "the 附注 reference quoted alone is no amount (1 元)",
    ),
    (
        "zh-plumber-continued-alone",
        (_BS_ZH_NEXT,),
        "资产总计 6,841,800.10",
        "资产总计",
        "2024-12-31",
        "instant",
        None,
        "the continuation page retrieved without the page of its header",
    ),
    (
        "zh-mupdf-parent-continued",
        (_IS_ZH_MUPDF, _IS_ZH_MUPDF_NEXT),
        "管理费用\n731.96",
        "母公司管理费用",
        "FY2024",
        "single_period",
        Decimal("731960"),
        "母公司利润表 (本期发生额/上期发生额, 千元) running on, PyMuPDF text",
    ),
    (
        "zh-mupdf-parent-as-group",
        (_IS_ZH_MUPDF, _IS_ZH_MUPDF_NEXT),
        "管理费用\n731.96",
        "管理费用",
        "FY2024",
        "single_period",
        None,
        "a 母公司 row claimed as the group's",
    ),
    (
        "zh-wrapped-label-change-word",
        (_OCI_ZH,),
        "（6）外币财务报表折算差额 246,965.20 328,460.29",
        "外币财务报表折算差额",
        "FY2023",
        "single_period",
        Decimal("328460.29"),
        "合并利润表: '变动' ending a wrapped label is no header of a new table, pdfplumber text",
    ),
    (
        "zh-wrapped-label-change-word-other-column",
        (_OCI_ZH,),
        "（6）外币财务报表折算差额 246,965.20",
        "外币财务报表折算差额",
        "FY2023",
        "single_period",
        None,
        "合并利润表: the 本期 cell after a wrapped label claimed for the prior year",
    ),
    (
        "zh-list-blank-prior",
        (_IS_LIST,),
        "['研发费用', '', '890,719.34'",
        "研发费用",
        "FY2024",
        "single_period",
        Decimal("890719.34"),
        "合并利润表 rows written as Python lists by a parser: a blank prior-year cell",
    ),
    (
        "zh-list-blank-prior-as-prior",
        (_IS_LIST,),
        "['研发费用', '', '890,719.34'",
        "研发费用",
        "FY2023",
        "single_period",
        None,
        "Python-list row: the only amount claimed for the blank column's year",
    ),
    (
        "zh-list-note-and-prior-only",
        (_IS_LIST,),
        "['其他收益', '67', '', '5,195.86'",
        "其他收益",
        "FY2023",
        "single_period",
        Decimal("5195.86"),
        "Python-list row: a 附注 reference, a blank current cell, the prior year's amount",
    ),
    (
        "zh-list-note-as-current",
        (_IS_LIST,),
        "['其他收益', '67'",
        "其他收益",
        "FY2024",
        "single_period",
        None,
        "Python-list row: the 附注 reference is no amount of the blank current cell",
    ),
    (
        "zh-plumber-note-and-one-amount",
        (_BLANK_ZH,),
        "应付票据 35 40,772.98",
        "应付票据",
        "2024-12-31",
        "instant",
        None,
        "pdfplumber row with a 附注 reference and one amount: which column is unknown",
    ),
    (
        "zh-plumber-note-as-amount",
        (_BLANK_ZH,),
        "应付票据 35",
        "应付票据",
        "2024-12-31",
        "instant",
        None,
        "pdfplumber row with a 附注 reference and one amount: the reference is never 35 元",
    ),
    (
        "zh-q3-ytd-header",
        (_Q3_ZH,),
        "其中：营业收入 65,432,100.12",
        "营业收入",
        "2025Q1-Q3",
        "cumulative",
        Decimal("65432100.12"),
        "季报 合并年初到报告期末利润表 under 2025年前三季度（1-9月）, pdfplumber text",
    ),
    (
        "zh-q3-ytd-header-prior",
        (_Q3_ZH,),
        "其中：营业收入 65,432,100.12 60,321,000.45",
        "营业收入",
        "2024Q1-Q3",
        "cumulative",
        Decimal("60321000.45"),
        "季报 year-to-date statement: the prior year's nine months",
    ),
    (
        "zh-q3-ytd-as-quarter",
        (_Q3_ZH,),
        "其中：营业收入 65,432,100.12",
        "营业收入",
        "2025Q3",
        "single_period",
        None,
        "季报 year-to-date statement: the nine months claimed as the third quarter",
    ),
    (
        "zh-q3-ytd-mupdf",
        (_Q3_ZH_MUPDF,),
        "一、营业总收入\n65,432,100.12",
        "营业总收入",
        "2025Q1-Q3",
        "cumulative",
        Decimal("65432100.12"),
        "季报 year-to-date statement, PyMuPDF text (one cell a line)",
    ),
    (
        "zh-q3-ytd-mupdf-as-year",
        (_Q3_ZH_MUPDF,),
        "一、营业总收入\n65,432,100.12",
        "营业总收入",
        "FY2025",
        "single_period",
        None,
        "季报 year-to-date statement: the nine months claimed as the year",
    ),
    (
        "hk-presented-in-thousands",
        (_HK_PLUMBER,),
        "銷售成本 5 (176,011,640)",
        "銷售成本",
        "2025H1",
        "cumulative",
        Decimal("-176011640000"),
        "HKEX 中期報告 簡明綜合損益表 under （除另有註明外，以人民幣千元列示）, pdfplumber text",
    ),
    (
        "hk-presented-in-thousands-other-half",
        (_HK_PLUMBER,),
        "銷售成本 5 (176,011,640)",
        "銷售成本",
        "2024H1",
        "cumulative",
        None,
        "HKEX 中期報告: the 2025 half-year's cell claimed for 2024",
    ),
    (
        "hk-unit-columns-mupdf",
        (_HK_MUPDF,),
        "收入\n4\n227,249,148\n164,394,676",
        "收入",
        "2024H1",
        "cumulative",
        Decimal("164394676000"),
        "HKEX 中期報告: 人民幣千元 over each column, PyMuPDF text",
    ),
    (
        "hk-note-alone-mupdf",
        (_HK_MUPDF,),
        "收入\n4",
        "收入",
        "2025H1",
        "cumulative",
        None,
        "HKEX 中期報告: the 附註 reference is no amount",
    ),
    (
        "zh-notes-table-not-carried",
        (
            "示例电力股份有限公司2024年年度报告\n七、合并财务报表项目注释\n1、货币资金\n单位：元\n"
            "项目 2024年12月31日 2023年12月31日\n库存现金 1,234.00 2,345.00\n",
            "示例电力股份有限公司2024年年度报告\n银行存款 5,678.00 6,789.00\n",
        ),
        "银行存款 5,678.00",
        "银行存款",
        "2024-12-31",
        "instant",
        None,
        "a notes table (no statement title) at the foot of the page before: not carried",
    ),
    (
        "en-continued",
        (_BS_EN, _BS_EN_NEXT),
        "Total assets $ 9,310",
        "Total assets",
        "2024-12-31",
        "instant",
        Decimal("9.310E+9"),
        "10-K balance sheet running on to the next page, PDF text",
    ),
    (
        "en-continued-other-column",
        (_BS_EN, _BS_EN_NEXT),
        "Total assets $ 9,310",
        "Total assets",
        "2023-12-31",
        "instant",
        None,
        "10-K balance sheet: the current cell claimed for the prior date",
    ),
    (
        "en-new-title",
        (_BS_EN, "CONSOLIDATED STATEMENTS OF CASH FLOWS\n" + _BS_EN_NEXT),
        "Total assets $ 9,310",
        "Total assets",
        "2024-12-31",
        "instant",
        None,
        "a new statement title on the next page: nothing of the page before is carried",
    ),
    (
        "en-more-amounts",
        (_BS_EN, "Total assets $ 9,310 $ 8,870 $ 8,100\n53\n"),
        "Total assets $ 9,310",
        "Total assets",
        "2024-12-31",
        "instant",
        None,
        "a next page whose rows hold three amounts under two columns",
    ),
]


@pytest.mark.parametrize(
    ("pages", "quote", "metric", "period", "basis", "expected"),
    [pytest.param(*case[1:7], id=case[0]) for case in CONTINUATION_CASES],
)
def test_rows_on_a_continuation_page(
    pages: tuple[str, ...],
    quote: str,
    metric: str,
    period: str,
    basis: str,
    expected: Decimal | None,
) -> None:
    doc = Document.from_pages("report", list(pages))
    entity = next((e for e in ("示例电力", "小鷹科技") if e[:2] in doc.text), "Kestrel")
    claim = {
        "evidence_id": "report",
        "quote": quote,
        "metric": metric,
        "entity": entity,
        "period": period,
        "basis": basis,
        "currency": "USD" if entity == "Kestrel" else "CNY",
    }
    result = resolve_all([claim], [doc])
    if expected is None:
        assert not result.facts, result.facts
    else:
        assert [f.value for f in result.facts] == [expected], result.refusals


def _long_statement(pages: int) -> list[str]:
    head = (
        "示例电力股份有限公司2024年年度报告\n合并资产负债表\n2024年12月31日\n单位：元\n"
        "项目 2024年12月31日 2023年12月31日\n"
    )
    return [
        (head if k == 0 else "示例电力股份有限公司2024年年度报告\n")
        + f"第{k + 1}页项目 {k + 1},000.00 {k + 1},500.00\n"
        for k in range(pages)
    ]


@pytest.mark.parametrize("order", ["first to last", "last to first"])
def test_a_statement_runs_on_over_a_bounded_number_of_pages_whatever_the_order(order: str) -> None:
    """Pages 2-9 go on under page 1's header; page 10 is too far: refused, in any order."""
    doc = Document.from_pages("report", _long_statement(10))
    numbers = list(range(1, 11)) if order == "first to last" else list(range(10, 0, -1))
    found = {}
    for k in numbers:
        claim = {
            "evidence_id": "report",
            "quote": f"第{k}页项目 {k},000.00",
            "metric": f"第{k}页项目",
            "entity": "示例电力",
            "period": "2024-12-31",
            "basis": "instant",
            "currency": "CNY",
        }
        facts = resolve_all([claim], [doc]).facts
        found[k] = facts[0].value if facts else None
    assert found == {k: Decimal(f"{k}000.00") if k <= 9 else None for k in range(1, 11)}

"""Stacked and reordered headers of Chinese summary tables, as PDF extractors print them (issue 28).

The first tables of a 年报 (主要会计数据 with its 年末 block, 主要财务指标), a 半年报 and
a 季报 have two-level headers (a restated year over 调整后 / 调整前) and change headers
wrapped mid-word. pdfplumber prints one line per height, so their pieces come stacked
and reordered; PyMuPDF prints a cell per line. The pages below are written in those
layouts with invented labels and figures; each case names the document style it stands
for. The order of badness is fixed: a right claim is read right or refused; the same
quote claimed for another column's period, the 调整前 figure or the change column is
refused, never another value.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fincalc import Document, resolve_all

from ._summary_tables import LAYOUTS, Printed, printed_tables

_ANNUAL = "某某股份有限公司2024年年度报告\n七、近三年主要会计数据和财务指标\n(一) 主要会计数据\n"
_UNIT = "单位：元 币种：人民币\n"

PAGES = {
    # pdfplumber, centred header cells: the restated 2023年 above, its pair below, the change
    # header on three lines, the row labels wrapped around their amounts
    "annual-plumber": _ANNUAL
    + _UNIT
    + "本期比上年\n2023年\n主要会计数据 2024年 同期增减 2022年\n调整后 调整前 (%)\n"
    + "营业收入 9,120,000.50 8,010,000.25 8,000,000.75 13.86 7,230,000.00\n"
    + "归属于上市公司股\n1,510,000.00 1,320,000.00 1,300,000.00 14.39 1,110,000.00\n东的净利润\n"
    + "归属于上市公司股\n"
    + "东的扣除非经常性 1,490,000.00 1,300,500.00 1,300,500.00 14.57 1,050,000.00\n"
    + "损益的净利润\n"
    + "本期末比上\n2023年末\n2024年末 年同期末增 2022年末\n调整后 调整前 减（%）\n"
    + "总资产 56,600,000.00 57,300,000.00 57,200,000.00 -1.22 57,800,000.00\n",
    # PyMuPDF: a cell per line, the upper level left to right, then the pair
    "annual-mupdf": _ANNUAL
    + "单位：元\n币种：人民币\n主要会计数据\n2024年\n2023年\n本期比上年\n同期增减\n(%)\n2022年\n"
    + "调整后\n调整前\n营业收入\n9,120,000.50\n8,010,000.25\n8,000,000.75\n13.86\n7,230,000.00\n"
    + "归属于上市公司股\n东的净利润\n1,510,000.00\n1,320,000.00\n1,300,000.00\n14.39\n"
    + "1,110,000.00\n",
    # pdfplumber, a report without restatement: the change header wrapped around the line of
    # the one-level headers
    "annual-plain-plumber": _ANNUAL
    + _UNIT
    + "本期比上年\n主要会计数据 2024年 2023年 同期增减 2022年\n(%)\n"
    + "营业收入 9,120,000.50 8,010,000.25 13.86 7,230,000.00\n"
    + "经营活动产生的现\n2,420,000.00 2,150,000.00 12.56 1,980,000.00\n金流量净额\n",
    # pdfplumber, a two-line change header centred: neither of its lines is the years' line
    "annual-two-line-change": _ANNUAL
    + _UNIT
    + "本期比上年同期增减\n主要会计数据 2024年 2023年 2022年\n(%)\n"
    + "营业收入 9,120,000.50 8,010,000.25 13.86 7,230,000.00\n",
    # the same header over a table that prints its change column last, against the template
    "annual-change-last": _ANNUAL
    + _UNIT
    + "本期比上年同期增减\n主要会计数据 2024年 2023年 2022年\n(%)\n"
    + "营业收入 9,120,000.50 8,010,000.25 7,230,000.00 13.86\n",
    # PyMuPDF, per-share rows: no figure tells which year the pair sits under
    "indicators-mupdf": "某某股份有限公司2024年年度报告\n(二) 主要财务指标\n主要财务指标\n2024年\n"
    + "2023年\n本期比上年\n同期增减\n(%)\n2022年\n调整后\n调整前\n"
    + "基本每股收益（元／股）\n0.8512\n0.7420\n0.7411\n14.72\n0.6398\n"
    + "加权平均净资产收益率（%）\n12.41\n11.02\n11.02\n增加1.39个\n百分点\n9.87\n",
    # 主要财务指标 (pdfplumber): per-share rows in 元／股, the restated 2023年 above its pair
    "indicators-plumber": "某某股份有限公司2024年年度报告\n(二) 主要财务指标\n"
    + "2023年 本期比上年\n主要财务指标 2024年 同期增减 2022年\n调整后 调整前\n(%)\n"
    + "基本每股收益（元／股） 0.8512 0.7420 0.7411 14.72 0.6398\n"
    + "稀释每股收益（元／股） 0.8507 0.7415 0.7406 14.73 0.6391\n",
    # 半年报 主要会计数据 (pdfplumber): 本报告期（1－6月） with the change header wrapped
    "half-plumber": "某某股份有限公司2025年半年度报告\n(一) 主要会计数据\n"
    + _UNIT
    + "本报告期比上年同期增\n主要会计数据 本报告期（1－6月） 上年同期\n减(%)\n"
    + "营业收入 4,560,000.00 4,120,000.00 10.68\n"
    + "本报告期末比上年度\n本报告期末 上年度末\n末增减(%)\n"
    + "总资产 56,600,000.00 55,100,000.00 2.72\n",
    # 季报 first table (pdfplumber): the instants block with its change header wrapped
    "q3-plumber": "某某股份有限公司2025年第三季度报告\n（一）主要会计数据和财务指标\n"
    + _UNIT
    + "本报告期末比上年度末\n本报告期末 上年度末\n增减变动幅度(%)\n"
    + "总资产 61,230,000.00 58,700,000.00 4.31\n",
}

CASES = [
    # (page, quote, metric, period, basis, expected value or None for a refusal, source)
    (
        "annual-plumber",
        "营业收入 9,120,000.50",
        "营业收入",
        "FY2024",
        "single_period",
        Decimal("9120000.50"),
        "年报 主要会计数据, pdfplumber: the current year",
    ),
    (
        "annual-plumber",
        "营业收入 9,120,000.50 8,010,000.25",
        "营业收入",
        "FY2023",
        "single_period",
        Decimal("8010000.25"),
        "年报 主要会计数据, pdfplumber: 2023年 调整后",
    ),
    (
        "annual-plumber",
        "营业收入 9,120,000.50 8,010,000.25 8,000,000.75 13.86 7,230,000.00",
        "营业收入",
        "FY2022",
        "single_period",
        Decimal("7230000.00"),
        "年报 主要会计数据, pdfplumber: 2022年 after the change column",
    ),
    (
        "annual-plumber",
        "8,000,000.75",
        "营业收入",
        "FY2023",
        "single_period",
        None,
        "年报 主要会计数据, pdfplumber: the 调整前 figure is not 2023年's",
    ),
    (
        "annual-plumber",
        "13.86",
        "营业收入",
        "FY2024",
        "single_period",
        None,
        "年报 主要会计数据, pdfplumber: the change column is no amount of a year",
    ),
    (
        "annual-plumber",
        "营业收入 9,120,000.50",
        "营业收入",
        "FY2023",
        "single_period",
        None,
        "年报 主要会计数据, pdfplumber: 2024年's figure claimed for 2023",
    ),
    (
        "annual-plumber",
        "归属于上市公司股\n1,510,000.00",
        "归属于上市公司股东的净利润",
        "FY2024",
        "single_period",
        Decimal("1510000.00"),
        "年报 主要会计数据, pdfplumber: a label wrapped around its amounts",
    ),
    (
        "annual-plumber",
        "归属于上市公司股\n东的扣除非经常性 1,490,000.00",
        "归属于上市公司股东的扣除非经常性损益的净利润",
        "FY2024",
        "single_period",
        Decimal("1490000.00"),
        "年报 主要会计数据, pdfplumber: a three-line label, the amounts on its middle line",
    ),
    (
        "annual-plumber",
        "归属于上市公司股\n1,510,000.00",
        "归属于上市公司股东的扣除非经常性损益的净利润",
        "FY2024",
        "single_period",
        None,
        "年报 主要会计数据, pdfplumber: the 净利润 row claimed as the 扣非 row",
    ),
    (
        "annual-plumber",
        "总资产 56,600,000.00",
        "总资产",
        "2024-12-31",
        "instant",
        Decimal("56600000.00"),
        "年报 年末 block, pdfplumber: 2024年末 (read one column off before)",
    ),
    (
        "annual-plumber",
        "总资产 56,600,000.00 57,300,000.00 57,200,000.00",
        "总资产",
        "2024-12-31",
        "instant",
        Decimal("56600000.00"),
        "年报 年末 block, pdfplumber: the quote runs on to the 调整前 cell",
    ),
    (
        "annual-plumber",
        "57,200,000.00",
        "总资产",
        "2024-12-31",
        "instant",
        None,
        "年报 年末 block, pdfplumber: the 调整前 figure claimed as 2024年末",
    ),
    (
        "annual-plumber",
        "总资产 56,600,000.00 57,300,000.00 57,200,000.00 -1.22 57,800,000.00",
        "总资产",
        "2022-12-31",
        "instant",
        Decimal("57800000.00"),
        "年报 年末 block, pdfplumber: 2022年末",
    ),
    (
        "annual-mupdf",
        "营业收入\n9,120,000.50",
        "营业收入",
        "FY2024",
        "single_period",
        Decimal("9120000.50"),
        "年报 主要会计数据, PyMuPDF: the current year",
    ),
    (
        "annual-mupdf",
        "营业收入\n9,120,000.50\n8,010,000.25",
        "营业收入",
        "FY2023",
        "single_period",
        Decimal("8010000.25"),
        "年报 主要会计数据, PyMuPDF: 2023年, 调整后 or the only figure",
    ),
    (
        "annual-mupdf",
        "营业收入\n9,120,000.50\n8,010,000.25\n8,000,000.75\n13.86\n7,230,000.00",
        "营业收入",
        "FY2022",
        "single_period",
        Decimal("7230000.00"),
        "年报 主要会计数据, PyMuPDF: the pair's year is not printed, but under 2022年 it would "
        "put 8,000,000.75 in the change column",
    ),
    (
        "annual-mupdf",
        "8,000,000.75",
        "营业收入",
        "FY2023",
        "single_period",
        None,
        "年报 主要会计数据, PyMuPDF: the 调整前 figure (or the change) is not 2023年's",
    ),
    (
        "annual-plain-plumber",
        "营业收入 9,120,000.50 8,010,000.25 13.86 7,230,000.00",
        "营业收入",
        "FY2022",
        "single_period",
        Decimal("7230000.00"),
        "年报 without restatement, pdfplumber: 2022年 after the change column",
    ),
    (
        "annual-plain-plumber",
        "经营活动产生的现\n2,420,000.00 2,150,000.00",
        "经营活动产生的现金流量净额",
        "FY2023",
        "single_period",
        Decimal("2150000.00"),
        "年报 without restatement, pdfplumber: a wrapped label",
    ),
    (
        "annual-two-line-change",
        "营业收入 9,120,000.50 8,010,000.25 13.86 7,230,000.00",
        "营业收入",
        "FY2022",
        "single_period",
        Decimal("7230000.00"),
        "年报 主要会计数据, pdfplumber: 本期比上年同期增减 stands after 2024年 and 2023年",
    ),
    (
        "annual-change-last",
        "营业收入 9,120,000.50 8,010,000.25 7,230,000.00 13.86",
        "营业收入",
        "FY2022",
        "single_period",
        None,
        "a change column printed last: a grouped amount under the change column refuses",
    ),
    (
        "indicators-plumber",
        "基本每股收益（元／股） 0.8512",
        "基本每股收益",
        "FY2024",
        "single_period",
        Decimal("0.8512"),
        "年报 主要财务指标, pdfplumber: 元／股 in the label",
    ),
    (
        "indicators-plumber",
        "基本每股收益（元／股） 0.8512 0.7420 0.7411",
        "基本每股收益",
        "FY2023",
        "single_period",
        Decimal("0.7420"),
        "年报 主要财务指标, pdfplumber: 2023年 调整后",
    ),
    (
        "indicators-plumber",
        "0.7411",
        "基本每股收益",
        "FY2023",
        "single_period",
        None,
        "年报 主要财务指标, pdfplumber: the 调整前 figure",
    ),
    (
        "indicators-mupdf",
        "基本每股收益（元／股）\n0.8512\n0.7420",
        "基本每股收益",
        "FY2023",
        "single_period",
        Decimal("0.7420"),
        "年报 主要财务指标, PyMuPDF: 2023年, 调整后 or the only figure",
    ),
    (
        "indicators-mupdf",
        "基本每股收益（元／股）\n0.8512\n0.7420\n0.7411\n14.72\n0.6398",
        "基本每股收益",
        "FY2022",
        "single_period",
        None,
        "年报 主要财务指标, PyMuPDF: the pair under 2023年 or 2022年, no figure tells",
    ),
    (
        "indicators-mupdf",
        "加权平均净资产收益率（%）\n12.41",
        "加权平均净资产收益率",
        "FY2024",
        "single_period",
        Decimal("0.1241"),
        "年报 主要财务指标, PyMuPDF: the change cell broken in two ('增加1.39个' / '百分点')",
    ),
    (
        "indicators-mupdf",
        "加权平均净资产收益率（%）\n12.41\n11.02",
        "加权平均净资产收益率",
        "FY2023",
        "single_period",
        Decimal("0.1102"),
        "年报 主要财务指标, PyMuPDF: 2023年 of the row with a broken change cell",
    ),
    (
        "half-plumber",
        "营业收入 4,560,000.00",
        "营业收入",
        "2025年上半年",
        "cumulative",
        Decimal("4560000.00"),
        "半年报 主要会计数据, pdfplumber: 本报告期（1－6月）",
    ),
    (
        "half-plumber",
        "营业收入 4,560,000.00 4,120,000.00",
        "营业收入",
        "2024年上半年",
        "cumulative",
        Decimal("4120000.00"),
        "半年报 主要会计数据, pdfplumber: 上年同期",
    ),
    (
        "half-plumber",
        "营业收入 4,560,000.00",
        "营业收入",
        "2024年上半年",
        "cumulative",
        None,
        "半年报 主要会计数据, pdfplumber: 本报告期 claimed as last year's",
    ),
    (
        "half-plumber",
        "总资产 56,600,000.00 55,100,000.00",
        "总资产",
        "2024-12-31",
        "instant",
        Decimal("55100000.00"),
        "半年报 主要会计数据, pdfplumber: 上年度末",
    ),
    (
        "q3-plumber",
        "总资产 61,230,000.00",
        "总资产",
        "2025-09-30",
        "instant",
        Decimal("61230000.00"),
        "季报 first table, pdfplumber: 本报告期末 with the change header wrapped around it",
    ),
    (
        "q3-plumber",
        "总资产 61,230,000.00 58,700,000.00 4.31",
        "总资产",
        "2025-09-30",
        "instant",
        Decimal("61230000.00"),
        "季报 first table, pdfplumber: the quote runs on to the change cell",
    ),
    (
        "q3-plumber",
        "总资产 61,230,000.00",
        "总资产",
        "2024-12-31",
        "instant",
        None,
        "季报 first table, pdfplumber: 本报告期末 claimed as 上年度末",
    ),
]


def _claim(page: str, quote: str, metric: str, period: str, basis: str) -> dict[str, Any]:
    return {
        "evidence_id": page,
        "quote": quote,
        "metric": metric,
        "entity": "某某股份",
        "period": period,
        "basis": basis,
        "currency": None if "（%）" in quote else "CNY",
    }


@pytest.mark.parametrize(
    ("page", "quote", "metric", "period", "basis", "expected", "source"),
    [pytest.param(*case, id=f"{case[0]}-{index}") for index, case in enumerate(CASES)],
)
def test_a_summary_table_cell(
    page: str,
    quote: str,
    metric: str,
    period: str,
    basis: str,
    expected: Decimal | None,
    source: str,
) -> None:
    result = resolve_all(
        [_claim(page, quote, metric, period, basis)], [Document(page, PAGES[page])]
    )
    if expected is None:
        assert not result.facts, f"{source}: accepted {result.facts[0].value}"
        return
    assert not result.refusals, f"{source}: {result.refusals[0].error}"
    assert result.facts[0].value == expected, source


def test_every_case_names_its_source_and_every_page_is_used() -> None:
    assert all(case[-1] for case in CASES)
    assert {case[0] for case in CASES} == set(PAGES)
    assert any(case[5] is None for case in CASES)
    assert any(case[5] for case in CASES)


# -- generated tables: the truth known by construction --------------------------------------


def _outcomes(printed: Printed) -> list[tuple[Decimal | None, Decimal | None]]:
    """(the value the quote's claim must give or None, the value given or None) for every
    quote claimed for every period of the table."""
    doc = Document("p", printed.text)
    periods = sorted(
        {(c.period, c.basis) for _, _, cells in printed.quotes for c in cells if c.role == "period"}
    )
    found = []
    for quote, metric, cells in printed.quotes:
        for period, basis in periods:
            result = resolve_all([_claim("p", quote, metric, period, basis)], [doc])
            right = [
                c.value
                for c in cells
                if c.role == "period" and (c.period, c.basis) == (period, basis)
            ]
            given_value = result.facts[0].value if result.facts else None
            found.append((right[0] if right else None, given_value))
    return found


# a page of a table is a few hundred draws (every figure of every row), by nature
@settings(max_examples=40, suppress_health_check=[HealthCheck.large_base_example])
@given(st.sampled_from(["pdfplumber", "pymupdf"]).flatmap(printed_tables))
def test_a_generated_summary_table_is_right_or_refused(printed: Printed) -> None:
    """Each quote (the row label's first piece through a cell) claimed for each period of
    the table: the cell under that period in the quote, or a refusal; a quote holding no
    cell of the period (the 调整前 figure, the change column, another year) refuses."""
    for right, given_value in _outcomes(printed):
        if given_value is not None:
            assert given_value == right, printed.text


@settings(max_examples=20, suppress_health_check=[HealthCheck.large_base_example])
@given(st.sampled_from(sorted(LAYOUTS)).flatmap(lambda layout: printed_tables("pymupdf", layout)))
def test_a_generated_table_printed_by_pymupdf_answers_its_first_column(printed: Printed) -> None:
    """The property above cannot pass by refusing everything: as PyMuPDF prints it, the
    first column (the report's own period, never restated) is read for every row."""
    answered = [given_value for right, given_value in _outcomes(printed) if given_value is not None]
    rows = {metric for _, metric, _ in printed.quotes}
    assert len(answered) >= len(rows), printed.text

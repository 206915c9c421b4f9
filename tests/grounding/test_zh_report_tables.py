"""Chinese periodic-report tables: explanation columns, list numbers, quarters (issue 28).

The pages are written here in the layouts of A-share 年报/半年报/季报 text as pdfplumber and
PyMuPDF give it (and one common parser's Python-list rows); no row comes from a real report.
Each case names the document style it stands for. The order of badness is fixed: a claim that
quotes the 说明 (explanation) text, a list number or another column must refuse, never give a
value; a right claim is read right or refused.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from fincalc import Document, resolve_all

_MAIN_DATA = (
    "第二节 公司简介和主要财务指标\n七、近三年主要会计数据和财务指标\n"
    "公司是否需追溯调整或重述以前年度会计数据\n√是 □否\n单位：元  币种：人民币\n"
    "项目 2024年 2023年 本年比上年增减 2022年\n"
    "调整后 调整前 调整后 调整后 调整前\n"
    "营业收入 1,234,567.00 1,100,000.00 1,050,000.00 12.23% 900,000.00 880,000.00\n"
)

_NON_RECURRING = (
    "八、非经常性损益项目和金额\n√适用 □不适用\n单位：元  币种：人民币\n"
    "项目 金额 说明\n"
    "非流动性资产处置损益 -12,345.67\n"
    "计入当期损益的政府补助 3,456,789.00 主要系收到扶持资金300万元，详见附注七、1\n"
    "除上述各项之外的其他营业外收入和支出 45,678.00\n"
)

_QUARTERS = (
    "九、2024年分季度主要财务指标\n单位：元  币种：人民币\n"
    "第一季度 第二季度 第三季度 第四季度\n"
    "（1-3月份） （4-6月份） （7-9月份） （10-12月份）\n"
    "营业收入 300,000.00 310,000.00 320,000.00 330,000.00\n"
)

_NOTES = (
    "七、合并财务报表项目注释\n1、货币资金\n单位：元  币种：人民币\n"
    "项目 期末余额 期初余额\n库存现金 12,345.00 23,456.00\n"
    "（1）按账龄披露\n一、应收账款\n"
)

_LIST_QUARTERS = (
    "2024年分季度主要财务指标\n单位：元  币种：人民币\n"
    "['项目', '第一季度', '第二季度', '第三季度', '第四季度']\n"
    "['营业收入', '300,000.00', '310,000.00', '320,000.00', '330,000.00']\n"
)

_Q3 = "某某股份有限公司2025年第三季度报告\n单位：元  币种：人民币\n"
_Q3_SPACED = (
    _Q3 + "项目 本期金额 年初至报告期末金额\n计入当期损益的政府补助 1,234,567.00 3,456,789.00\n"
)
_Q3_PIPES = (
    _Q3 + "| 项目 | 本期金额 | 年初至报告期期末金额 | 说明 |\n|---|---|---|---|\n"
    "| 计入当期损益的政府补助 | 1,234,567.00 | 3,456,789.00 | 主要系收到扶持资金300万元 |\n"
)
_Q3_EXPLAINED = (
    _Q3 + "项目 本期金额 年初至报告期末金额 说明\n"
    "计入当期损益的政府补助 1,234,567.00 3,456,789.00 主要系收到扶持资金300万元\n"
)
_EXPLAINED_TABS = (
    "单位：元  币种：人民币\n项目\t金额\t说明\n"
    "计入当期损益的政府补助\t3,456,789.00\t主要系收到扶持资金300万元\n"
)
_EXPLAINED_WRAPPED = (
    "单位：元  币种：人民币\n项目 金额 说明\n"
    "计入当期损益的政府补助 3,456,789.00 主要系收到扶持资金\n300万元，详见附注七、1\n"
    "非流动性资产处置损益 -12,345.67\n"
)

_PAGES = {
    "q3-spaced": _Q3_SPACED,
    "q3-pipes": _Q3_PIPES,
    "q3-explained": _Q3_EXPLAINED,
    "explained-tabs": _EXPLAINED_TABS,
    "explained-wrapped": _EXPLAINED_WRAPPED,
    "main-data": _MAIN_DATA,
    "non-recurring": _NON_RECURRING,
    "quarters": _QUARTERS,
    "notes": _NOTES,
    "list-quarters": _LIST_QUARTERS,
    "quarters-titled": "某某股份有限公司2024年年度报告\n\n" + _QUARTERS,
}

CASES = [
    # (page, quote, metric, period, basis, expected, source); expected: a value, (value,) for
    # right or refused, a refusal reason, or None for refused with any reason
    (
        "main-data",
        "营业收入 1,234,567.00",
        "营业收入",
        "2024年",
        "single_period",
        (Decimal("1234567.00"),),
        "A股年报 主要会计数据, pdfplumber: the first cell is this year's",
    ),
    (
        "main-data",
        "12.23%",
        "营业收入",
        "2024年",
        "single_period",
        None,
        "A股年报 主要会计数据: the 本年比上年增减 cell is a change, not the revenue",
    ),
    (
        "non-recurring",
        "计入当期损益的政府补助 3,456,789.00",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        (Decimal("3456789.00"),),
        "A股年报 非经常性损益 with 金额/说明, pdfplumber: the 金额 cell",
    ),
    (
        "non-recurring",
        "主要系收到扶持资金300万元",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        None,
        "A股年报 非经常性损益: a 万元 figure in the 说明 column is not the row's amount",
    ),
    (
        "non-recurring",
        "计入当期损益的政府补助 3,456,789.00 主要系收到扶持资金300万元",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        (Decimal("3456789.00"),),
        "A股年报 非经常性损益: the whole row, 说明 included",
    ),
    (
        "non-recurring",
        "详见附注七、1",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        None,
        "A股年报 非经常性损益: a note reference's item number is not an amount",
    ),
    (
        "quarters",
        "营业收入 300,000.00 310,000.00 320,000.00 330,000.00",
        "营业收入",
        "2024年",
        "single_period",
        None,
        "A股年报 分季度主要财务指标, PyMuPDF: no quarter is the full year",
    ),
    (
        "quarters",
        "330,000.00",
        "营业收入",
        "2024年",
        "single_period",
        None,
        "A股年报 分季度主要财务指标: the 第四季度 cell is not the full year",
    ),
    (
        "notes",
        "1、货币资金",
        "货币资金",
        "2024年",
        "single_period",
        None,
        "A股年报 notes, pdfplumber: '1、' numbers the note, it is not 1 元",
    ),
    (
        "notes",
        "（1）按账龄披露",
        "应收账款",
        "2024年",
        "single_period",
        None,
        "A股年报 notes: '（1）' numbers a sub-item",
    ),
    (
        "list-quarters",
        "['营业收入', '300,000.00', '310,000.00', '320,000.00', '330,000.00']",
        "营业收入",
        "2024年",
        "single_period",
        None,
        "a parser writing rows as Python lists, 分季度 table: no cell is the full year",
    ),
    (
        "list-quarters",
        "'330,000.00'",
        "营业收入",
        "2024年",
        "single_period",
        None,
        "a parser writing rows as Python lists: a bare Q4 cell is not the full year",
    ),
]


CASES += [
    (
        "quarters-titled",
        "营业收入 300,000.00 310,000.00 320,000.00 330,000.00",
        "营业收入",
        "2024Q4",
        "single_period",
        Decimal("330000.00"),
        "A股年报 分季度主要财务指标 under its report title: 第四季度 is 2024's Q4",
    ),
    (
        "quarters-titled",
        "330,000.00",
        "营业收入",
        "2024年",
        "single_period",
        None,
        "A股年报 分季度主要财务指标 under its report title: Q4 is not the year",
    ),
    (
        "quarters",
        "330,000.00",
        "营业收入",
        "2024Q4",
        "single_period",
        None,
        "A股年报 分季度 with no report title: the quarter's year is not on the page",
    ),
]


CASES += [
    (
        "q3-spaced",
        "1,234,567.00",
        "计入当期损益的政府补助",
        "2025年第三季度",
        "single_period",
        Decimal("1234567.00"),
        "季报 非经常性损益, pdfplumber: 本期金额 is the quarter",
    ),
    (
        "q3-spaced",
        "1,234,567.00",
        "计入当期损益的政府补助",
        "2025年前三季度",
        "cumulative",
        None,
        "季报 非经常性损益, pdfplumber: 本期金额 is not the nine months",
    ),
    (
        "q3-spaced",
        "3,456,789.00",
        "计入当期损益的政府补助",
        "2025年前三季度",
        "cumulative",
        Decimal("3456789.00"),
        "季报 非经常性损益, pdfplumber: 年初至报告期末 is the nine months",
    ),
    (
        "q3-spaced",
        "3,456,789.00",
        "计入当期损益的政府补助",
        "2025年第三季度",
        "single_period",
        None,
        "季报 非经常性损益, pdfplumber: 年初至报告期末 is not the quarter",
    ),
    (
        "q3-spaced",
        "3,456,789.00",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        None,
        "季报 非经常性损益, pdfplumber: neither column is a year",
    ),
    (
        "q3-pipes",
        "1,234,567.00",
        "计入当期损益的政府补助",
        "2025年第三季度",
        "single_period",
        Decimal("1234567.00"),
        "季报 非经常性损益, docling Markdown: 本期金额 is the quarter",
    ),
    (
        "q3-pipes",
        "1,234,567.00",
        "计入当期损益的政府补助",
        "2025年前三季度",
        "cumulative",
        None,
        "季报 非经常性损益, docling Markdown: 本期金额 is not the nine months",
    ),
    (
        "q3-pipes",
        "3,456,789.00",
        "计入当期损益的政府补助",
        "2025年前三季度",
        "cumulative",
        Decimal("3456789.00"),
        "季报 非经常性损益, docling Markdown: 年初至报告期末 is the nine months",
    ),
    (
        "q3-pipes",
        "3,456,789.00",
        "计入当期损益的政府补助",
        "2025年第三季度",
        "single_period",
        None,
        "季报 非经常性损益, docling Markdown: 年初至报告期末 is not the quarter",
    ),
    (
        "q3-pipes",
        "3,456,789.00",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        None,
        "季报 非经常性损益, docling Markdown: neither column is a year",
    ),
    (
        "q3-pipes",
        "主要系收到扶持资金300万元",
        "计入当期损益的政府补助",
        "2025年前三季度",
        "cumulative",
        None,
        "季报 非经常性损益 Markdown: the 说明 cell is not an amount of the row",
    ),
    (
        "q3-explained",
        "1,234,567.00",
        "计入当期损益的政府补助",
        "2025年第三季度",
        "single_period",
        (Decimal("1234567.00"),),
        "季报 非经常性损益, PyMuPDF, 说明 prose: right or refused",
    ),
    (
        "q3-explained",
        "3,456,789.00",
        "计入当期损益的政府补助",
        "2025年前三季度",
        "cumulative",
        (Decimal("3456789.00"),),
        "季报 非经常性损益, PyMuPDF, 说明 prose: right or refused",
    ),
    (
        "q3-explained",
        "1,234,567.00",
        "计入当期损益的政府补助",
        "2025年前三季度",
        "cumulative",
        None,
        "季报 非经常性损益, PyMuPDF, 说明 prose: right or refused",
    ),
    (
        "q3-explained",
        "3,456,789.00",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        None,
        "季报 非经常性损益, PyMuPDF, 说明 prose: right or refused",
    ),
    (
        "q3-explained",
        "主要系收到扶持资金300万元",
        "计入当期损益的政府补助",
        "2025年前三季度",
        "cumulative",
        None,
        "季报 非经常性损益, PyMuPDF: the 说明 prose",
    ),
    (
        "explained-tabs",
        "3,456,789.00",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        (Decimal("3456789.00"),),
        "非经常性损益 with tabs between cells: the 金额 cell",
    ),
    (
        "explained-tabs",
        "主要系收到扶持资金300万元",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        None,
        "非经常性损益 with tabs: the 说明 cell",
    ),
    (
        "explained-wrapped",
        "300万元",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        None,
        "年报 非经常性损益, pdfplumber: 说明 prose wrapped onto its own line",
    ),
    (
        "explained-wrapped",
        "详见附注七、1",
        "计入当期损益的政府补助",
        "2024年",
        "single_period",
        None,
        "年报 非经常性损益, pdfplumber: a wrapped note reference",
    ),
    (
        "explained-wrapped",
        "非流动性资产处置损益 -12,345.67",
        "非流动性资产处置损益",
        "2024年",
        "single_period",
        (Decimal("-12345.67"),),
        "年报 非经常性损益, pdfplumber: the row after a wrapped 说明",
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
        "currency": "CNY",
    }


def _resolve(page_id: str, text: str, quote: str, metric: str, period: str, basis: str) -> Any:
    return resolve_all([_claim(page_id, quote, metric, period, basis)], [Document(page_id, text)])


@pytest.mark.parametrize(
    ("page", "quote", "metric", "period", "basis", "expected", "source"),
    [pytest.param(*case, id=f"{case[0]}-{index}") for index, case in enumerate(CASES)],
)
def test_chinese_report_table_shapes(
    page: str,
    quote: str,
    metric: str,
    period: str,
    basis: str,
    expected: Decimal | tuple[Decimal] | str | None,
    source: str,
) -> None:
    result = _resolve(page, _PAGES[page], quote, metric, period, basis)
    values = [fact.value for fact in result.facts]
    if expected is None:
        assert values == [], (source, values)
        assert len(result.refusals) == 1, source
    elif isinstance(expected, tuple):
        assert values in ([], list(expected)), (source, values)
    elif isinstance(expected, str):
        assert [r.reason for r in result.refusals] == [expected], (source, values)
    else:
        assert not result.refusals, (source, result.refusals[0].error)
        assert values == [expected], source


def test_every_case_names_its_source() -> None:
    assert all(case[-1] and case[0] in _PAGES for case in CASES)


# -- generated 非经常性损益 pages: truth by construction --------------------------------------

_ITEMS = (
    "非流动性资产处置损益",
    "计入当期损益的政府补助",
    "委托他人投资或管理资产的损益",
    "除上述各项之外的其他营业外收入和支出",
)
_EXPLAINS = (
    "主要系收到扶持资金{wan}万元",
    "详见附注七、{n}",
    "其中{wan}万元为专项补助，详见附注五、{n}",
    "",
)


@st.composite
def _non_recurring_pages(draw: st.DrawFn) -> tuple[str, list[tuple[str, Decimal, str]]]:
    rows = []
    lines = ["八、非经常性损益项目和金额", "单位：元  币种：人民币", "项目 金额 说明"]
    labels = draw(st.lists(st.sampled_from(_ITEMS), min_size=1, max_size=4, unique=True))
    for label in labels:
        cents = draw(st.integers(min_value=100, max_value=10**11))
        amount = Decimal(cents).scaleb(-2)
        explain = draw(st.sampled_from(_EXPLAINS)).format(
            wan=draw(st.integers(min_value=1, max_value=9999)),
            n=draw(st.integers(min_value=1, max_value=60)),
        )
        cell = f"{amount:,.2f}"
        lines.append(f"{label} {cell} {explain}".rstrip())
        rows.append((label, amount, explain))
    return "\n".join(lines) + "\n", rows


@settings(max_examples=40, deadline=None)
@given(_non_recurring_pages(), st.data())
def test_the_amount_column_is_read_right_or_refused(
    page: tuple[str, list[tuple[str, Decimal, str]]], data: st.DataObject
) -> None:
    text, rows = page
    label, amount, _ = data.draw(st.sampled_from(rows))
    result = _resolve("nr", text, f"{label} {amount:,.2f}", label, "2024年", "single_period")
    assert [f.value for f in result.facts] in ([], [amount])


@settings(max_examples=40, deadline=None)
@given(_non_recurring_pages(), st.data())
def test_a_claim_quoting_the_explanation_refuses(
    page: tuple[str, list[tuple[str, Decimal, str]]], data: st.DataObject
) -> None:
    text, rows = page
    explained = [row for row in rows if row[2]]
    assume(explained)
    label, _, explain = data.draw(st.sampled_from(explained))
    result = _resolve("nr", text, explain, label, "2024年", "single_period")
    assert [f.value for f in result.facts] == []


# -- generated 季报 非经常性损益 and 分季度 tables: every cell, every period -----------------

_Q3_PERIODS = {
    "single": ("2025年第三季度", "single_period"),
    "ytd": ("2025年前三季度", "cumulative"),
}
_OTHER_PERIODS = (
    ("2025年", "single_period"),
    ("2024年前三季度", "cumulative"),
    ("2025Q2", "single_period"),
)


def _render(cells: list[str], form: str) -> str:
    if form == "pipes":
        return "| " + " | ".join(cells) + " |"
    if form == "tabs":
        return "\t".join(cells)
    if form == "lists":
        return "[" + ", ".join(repr(c) for c in cells) + "]"
    return " ".join(cells)


@st.composite
def _q3_tables(draw: st.DrawFn) -> tuple[str, str, str, dict[str, Decimal]]:
    form = draw(st.sampled_from(("spaced", "pipes", "tabs", "lists")))
    explained = draw(st.booleans())
    label = draw(st.sampled_from(_ITEMS))
    single = Decimal(draw(st.integers(min_value=100, max_value=10**9))).scaleb(-2)
    ytd = single + Decimal(draw(st.integers(min_value=1, max_value=10**9))).scaleb(-2)
    header = [
        "项目",
        "本期金额",
        draw(st.sampled_from(("年初至报告期末金额", "年初至报告期期末金额"))),
    ]
    row = [label, f"{single:,.2f}", f"{ytd:,.2f}"]
    if explained:
        header.append("说明")
        row.append(f"主要系收到扶持资金{draw(st.integers(min_value=1, max_value=999))}万元")
    lines = ["某某股份有限公司2025年第三季度报告", "单位：元  币种：人民币", _render(header, form)]
    if form == "pipes":
        lines.append("|" + "---|" * len(header))
    lines.append(_render(row, form))
    return "\n".join(lines) + "\n", form, label, {"single": single, "ytd": ytd}


@settings(max_examples=60, deadline=None)
@given(_q3_tables(), st.data())
def test_a_quarterly_report_cell_is_its_column_or_refused(
    table: tuple[str, str, str, dict[str, Decimal]], data: st.DataObject
) -> None:
    text, form, label, values = table
    column = data.draw(st.sampled_from(sorted(values)))
    quote = f"{values[column]:,.2f}"
    right_period, right_basis = _Q3_PERIODS[column]
    right = _resolve("q3", text, quote, label, right_period, right_basis)
    assert [f.value for f in right.facts] in ([], [values[column]]), form
    other = data.draw(
        st.sampled_from(_OTHER_PERIODS + tuple(p for k, p in _Q3_PERIODS.items() if k != column))
    )
    wrong = _resolve("q3", text, quote, label, *other)
    assert [f.value for f in wrong.facts] == [], (form, other)


@st.composite
def _quarter_tables(draw: st.DrawFn) -> tuple[str, bool, list[Decimal]]:
    form = draw(st.sampled_from(("spaced", "pipes", "lists")))
    titled = draw(st.booleans())
    values = [
        Decimal(draw(st.integers(min_value=100, max_value=10**9))).scaleb(-2) for _ in range(4)
    ]
    header = ["项目", "第一季度", "第二季度", "第三季度", "第四季度"]
    lines = ["某某股份有限公司2024年年度报告"] if titled else []
    lines += ["2024年分季度主要财务指标", "单位：元  币种：人民币", _render(header, form)]
    if form == "pipes":
        lines.append("|" + "---|" * len(header))
    lines.append(_render(["营业收入", *(f"{v:,.2f}" for v in values)], form))
    return "\n".join(lines) + "\n", titled, values


@settings(max_examples=60, deadline=None)
@given(_quarter_tables(), st.integers(min_value=0, max_value=3))
def test_a_quarter_cell_is_that_quarter_or_refused(
    table: tuple[str, bool, list[Decimal]], index: int
) -> None:
    text, titled, values = table
    quote = f"{values[index]:,.2f}"
    right = _resolve("q", text, quote, "营业收入", f"2024Q{index + 1}", "single_period")
    expected = [[], [values[index]]] if titled else [[]]
    assert [f.value for f in right.facts] in expected
    for period in ("2024年", f"2024Q{(index + 1) % 4 + 1}", f"2023Q{index + 1}"):
        wrong = _resolve("q", text, quote, "营业收入", period, "single_period")
        assert [f.value for f in wrong.facts] == [], period


# -- continuation pages: refused, never another table's columns -------------------------------

_INCOME = (
    "合并利润表\n2024年1—12月\n单位：元  币种：人民币\n项目 2024年度 2023年度\n"
    "营业收入 1,234,567.00 1,111,111.00\n"
)
_HALF_CASH = (
    "\f合并现金流量表\n单位：元  币种：人民币\n项目 2024年半年度 2023年半年度\n"
    "经营活动现金流入小计 9,000.00 8,000.00\n"
)
_CONTINUED = "\f销售商品、提供劳务收到的现金 7,000.00 6,000.00\n"
_NOTE_TABLE = (
    "\f（2）按坏账计提方法分类披露\n单位：元  币种：人民币\n应收账款 5,000.00 4,000.00 3,000.00\n"
)

CONTINUATION_CASES = [
    # (source, page, quote, metric, period, basis, expected value or None for refused)
    (
        "A股半年报, pdfplumber: cash-flow rows continued on the next page without the header",
        _INCOME + _HALF_CASH + _CONTINUED,
        "销售商品、提供劳务收到的现金 7,000.00",
        "销售商品、提供劳务收到的现金",
        "2024年度",
        "single_period",
        None,
    ),
    (
        "A股半年报, pdfplumber: the continued row claimed for the half year",
        _INCOME + _HALF_CASH + _CONTINUED,
        "销售商品、提供劳务收到的现金 7,000.00",
        "销售商品、提供劳务收到的现金",
        "2024年上半年",
        "cumulative",
        (Decimal("7000.00"),),
    ),
    (
        "A股年报 notes, PyMuPDF: a note table with three columns after a statement's page",
        _INCOME + _NOTE_TABLE,
        "5,000.00",
        "应收账款",
        "2024年度",
        "single_period",
        None,
    ),
    (
        "A股年报, pdfplumber: a page number between the rows of one statement",
        _INCOME + "第12页 共200页\n营业成本 834,567.00 811,111.00\n",
        "营业成本 834,567.00 811,111.00",
        "营业成本",
        "2023年度",
        "single_period",
        (Decimal("811111.00"),),
    ),
]


@pytest.mark.parametrize(
    ("source", "page", "quote", "metric", "period", "basis", "expected"), CONTINUATION_CASES
)
def test_a_continued_table_never_takes_another_tables_columns(
    source: str,
    page: str,
    quote: str,
    metric: str,
    period: str,
    basis: str,
    expected: tuple[Decimal] | None,
) -> None:
    values = [f.value for f in _resolve("c", page, quote, metric, period, basis).facts]
    assert values in ([[]] if expected is None else [[], list(expected)]), source


RESTATED_CASES = [
    # (quote, period, expected value or None for a refusal, why)
    ("营业收入 1,234,567.00", "2024年", Decimal("1234567.00"), "the current year"),
    ("营业收入 1,234,567.00 1,100,000.00", "2023年", Decimal("1100000.00"), "2023年 调整后"),
    ("营业收入 1,234,567.00 1,100,000.00 1,050,000.00", "2023年", Decimal("1100000.00"), "调整后"),
    (
        "营业收入 1,234,567.00 1,100,000.00 1,050,000.00 12.23% 900,000.00",
        "2022年",
        Decimal("900000.00"),
        "2022年 调整后, after the change column's lone 调整后",
    ),
    ("1,050,000.00", "2023年", None, "the 调整前 figure is not the year's reported figure"),
    ("880,000.00", "2022年", None, "the 调整前 figure of 2022"),
    ("1,100,000.00", "2024年", None, "2023年's figure claimed for 2024"),
]


@pytest.mark.parametrize(("quote", "period", "expected", "why"), RESTATED_CASES)
def test_a_restated_main_data_table_reads_each_column_or_refuses(
    quote: str, period: str, expected: Decimal | None, why: str
) -> None:
    """A spaced 主要会计数据 header (Shenzhen template) whose 调整后/调整前 line sits under
    2023年, the change column and 2022年 (issue 28: the 2024年 cell was refused)."""
    result = _resolve("m", _MAIN_DATA, quote, "营业收入", period, "single_period")
    assert [f.value for f in result.facts] == ([] if expected is None else [expected]), why

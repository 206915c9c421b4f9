"""The 非经常性损益 table of a 年报: year columns, a restated pair, empty rows (issue 28).

A 年报 prints 非经常性损益项目和金额 with the columns "2024年金额 | 附注（如适用） |
2023年金额 | 2022年金额", the prior year split into 调整后 / 调整前 when it was
restated, and the CSRC's list of items, most of them empty for a given company
and many wrapped at a fixed width. "2024年金额" is the year 2024's column; the
附注 column is never an amount; a 调整前 cell is no figure of its year; an item
that names a change or a period ("投资性房地产公允价值变动产生的损益",
"计入当期损益的政府补助") is a row label, not a column header; an empty row's name
is not part of the next row's label. The examples are composed in the layouts of
pdfplumber and PyMuPDF text; the generated tables vary header layout, restated
pair, extractor style, empty and wrapped rows with the truth known by
construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import Document, UnitTable, resolve_all
from fincalc._grounding.cells import header_cell

_TOP = (
    "示例电力股份有限公司2024年年度报告\n十、非经常性损益项目和金额\n√适用 □不适用\n"
    "单位：元 币种：人民币\n"
)
_PLUMBER = (
    _TOP + "2023年金额\n非经常性损益项目 2024年金额 2022年金额\n调整后 调整前\n"
    "非流动性资产处置损益，包括已计提资产\n424,292.90 205,702.58 205,702.58 663,080.55\n"
    "减值准备的冲销部分\n委托他人投资或管理资产的损益\n"
    "采用公允价值模式进行后续计量的投资性\n房地产公允价值变动产生的损益\n"
    "同一控制下企业合并产生的子公司期初至\n合并日的当期净损益\n"
    "除上述各项之外的其他营业外收入和支出 -196,831.40 -294,712.20 -294,712.20 -354,730.69\n"
    "少数股东权益影响额（税后） 37,750.03 26,661.42 21,242.81 -5,190.87\n7/262\n"
)
_MUPDF = (
    "示例电力股份有限公司2024 年年度报告\n7 / 262\n十、非经常性损益项目和金额\n√适用□不适用\n"
    "单位：元\n币种：人民币\n非经常性损益项目\n2024 年金额\n2023 年金额\n2022 年金额\n"
    "调整后\n调整前\n"
    "采用公允价值模式进行后续计量的投资性\n房地产公允价值变动产生的损益\n"
    "除上述各项之外的其他营业外收入和支出\n-196,831.40\n-294,712.20\n-294,712.20\n-354,730.69\n"
)
_NOTED = (
    _TOP + "非经常性损益项目 2024年金额 附注（如适用） 2023年金额 2022年金额\n"
    "计入当期损益的政府补助，但与公司正常\n经营业务密切相关、符合国家政策规定、\n"
    "3,481.83 2,336.46 5,055.91\n按照确定的标准享有、对公司损益产生持\n续影响的政府补助除外\n"
    "因税收、会计等法律、法规的调整对当期\n损益产生的一次性影响\n"
    "除上述各项之外的其他营业外收入和支出 -196,831.40 -294,712.20 -354,730.69\n"
)
_HK = (
    "小鷹科技集團2024年年度報告\n非經常性損益項目和金額\n單位：元 幣種：人民幣\n"
    "非經常性損益項目 2024年金額 2023年金額\n"
    "除上述各項之外的其他營業外收入和支出 -196,831.40 -294,712.20\n"
)
_OTHER = "除上述各项之外的其他营业外收入和支出"

# (id, page, quote, metric, period, expected (None: refused), source)
CASES = [
    (
        "plumber-2024",
        _PLUMBER,
        f"{_OTHER} -196,831.40",
        _OTHER,
        "FY2024",
        Decimal("-196831.40"),
        "A-share 年报 非经常性损益, pdfplumber: 2024年金额 after rows naming 变动 and 当期",
    ),
    (
        "plumber-2023-adjusted",
        _PLUMBER,
        f"{_OTHER} -196,831.40 -294,712.20",
        _OTHER,
        "FY2023",
        Decimal("-294712.20"),
        "A-share 年报, pdfplumber: the 调整后 cell under 2023年金额 is the year's",
    ),
    (
        "plumber-2022",
        _PLUMBER,
        f"{_OTHER} -196,831.40 -294,712.20 -294,712.20 -354,730.69",
        _OTHER,
        "FY2022",
        Decimal("-354730.69"),
        "A-share 年报, pdfplumber: 2022年金额 right of the restated pair",
    ),
    (
        "plumber-2024-as-2023",
        _PLUMBER,
        f"{_OTHER} -196,831.40",
        _OTHER,
        "FY2023",
        None,
        "the 2024 cell claimed for 2023",
    ),
    (
        "plumber-before-restatement",
        _PLUMBER,
        "21,242.81",
        "少数股东权益影响额（税后）",
        "FY2023",
        None,
        "the 调整前 (before restatement) cell claimed as 2023's figure",
    ),
    (
        "plumber-empty-row-name",
        _PLUMBER,
        "房地产公允价值变动产生的损益\n同一控制下企业合并产生的子公司期初至\n"
        f"合并日的当期净损益\n{_OTHER} -196,831.40",
        "投资性房地产公允价值变动产生的损益",
        "FY2024",
        None,
        "an empty row's name claimed for the next row's amount",
    ),
    (
        "mupdf-2024",
        _MUPDF,
        f"{_OTHER}\n-196,831.40",
        _OTHER,
        "FY2024",
        Decimal("-196831.40"),
        "A-share 年报 非经常性损益, PyMuPDF: '2024 年金额' spaced, one cell per line",
    ),
    (
        "mupdf-2024-as-2022",
        _MUPDF,
        f"{_OTHER}\n-196,831.40",
        _OTHER,
        "FY2022",
        None,
        "PyMuPDF: the 2024 cell claimed for 2022",
    ),
    (
        "noted-2023",
        _NOTED,
        f"{_OTHER} -196,831.40 -294,712.20",
        _OTHER,
        "FY2023",
        Decimal("-294712.20"),
        "A-share 年报 with an empty 附注（如适用） column, pdfplumber: 2023年金额",
    ),
    (
        "noted-2024-as-2022",
        _NOTED,
        f"{_OTHER} -196,831.40",
        _OTHER,
        "FY2022",
        None,
        "the 2024 cell claimed for 2022 across the 附注 column",
    ),
    (
        "hk-2023",
        _HK,
        "除上述各項之外的其他營業外收入和支出 -196,831.40 -294,712.20",
        "除上述各項之外的其他營業外收入和支出",
        "FY2023",
        Decimal("-294712.20"),
        "traditional-Chinese 年度報告: 2023年金額",
    ),
]


def _resolve(page: str, quote: str, metric: str, period: str) -> Decimal | None:
    doc = Document.from_pages("report", [page])
    claim = {
        "evidence_id": "report",
        "quote": quote,
        "metric": metric,
        "entity": "小鷹科技" if "小鷹" in page else "示例电力",
        "period": period,
        "basis": "single_period",
        "currency": "CNY",
    }
    result = resolve_all([claim], [doc])
    return result.facts[0].value if result.facts else None


@pytest.mark.parametrize(
    ("page", "quote", "metric", "period", "expected"),
    [pytest.param(*case[1:6], id=case[0]) for case in CASES],
)
def test_nonrecurring_items_table(
    page: str, quote: str, metric: str, period: str, expected: Decimal | None
) -> None:
    assert _resolve(page, quote, metric, period) == expected


# rows with amounts (short enough for one line) and empty rows (wrapped at 18 characters)
_ITEMS = (
    "非流动性资产处置损益",
    "委托他人投资或管理资产的损益",
    "债务重组损益",
    "交易价格显失公允的交易产生的收益",
    "受托经营取得的托管费收入",
    "除上述各项之外的其他营业外收入和支出",
    "其他符合非经常性损益定义的损益项目",
    "减：所得税影响额",
)
_EMPTY = (
    ("采用公允价值模式进行后续计量的投资性", "房地产公允价值变动产生的损益"),
    ("同一控制下企业合并产生的子公司期初至", "合并日的当期净损益"),
    ("计入当期损益的对非金融企业收取的资金", "占用费"),
    ("对外委托贷款取得的损益",),
    ("非货币性资产交换损益",),
)


@dataclass(frozen=True, slots=True)
class _Claim:
    quote: str
    metric: str
    period: str
    expected: tuple[Decimal | None, ...]  # the outcomes allowed (None: refused)


def _written(cents: int) -> str:
    whole, part = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else ''}{whole:,}.{part:02d}"


@st.composite
def _tables(draw: st.DrawFn) -> tuple[str, tuple[_Claim, ...]]:
    style = draw(st.sampled_from(["pdfplumber", "pymupdf"]))
    year = draw(st.integers(2019, 2026))
    restated = draw(st.booleans())
    noted = not restated and draw(st.booleans())
    years = [year, year - 1, *([year - 1] if restated else []), year - 2]
    before = 2 if restated else None  # the 调整前 column
    heads = [f"{y}年金额" for y in (year, year - 1, year - 2)]
    if style == "pymupdf":
        heads = [f"{y} 年金额" for y in (year, year - 1, year - 2)]
        head = ["非经常性损益项目", *heads, *(["调整后", "调整前"] if restated else [])]
    elif restated:
        head = [heads[1], f"非经常性损益项目 {heads[0]} {heads[2]}", "调整后 调整前"]
    else:
        cells = [heads[0], *(["附注（如适用）"] if noted else []), heads[1], heads[2]]
        head = [" ".join(["非经常性损益项目", *cells])]
    lines = [f"示例电力股份有限公司{year}年年度报告", "非经常性损益项目和金额"]
    lines += ["单位：元 币种：人民币", *head]
    amount = st.integers(-(10**11), 10**11).filter(lambda v: abs(v) >= 1000)
    items = draw(st.lists(st.sampled_from(_ITEMS), min_size=1, max_size=4, unique=True))
    rows: list[tuple[str, list[int]]] = []
    for label in items:
        for _ in range(draw(st.integers(0, 2))):
            lines += draw(st.sampled_from(_EMPTY))
        values = [draw(amount) for _ in years]
        if restated and draw(st.booleans()):
            values[2] = values[1]  # not restated for this row: 调整前 as 调整后
        shown = [_written(v) for v in values]
        lines += [f"{label} {' '.join(shown)}"] if style == "pdfplumber" else [label, *shown]
        rows.append((label, values))
    page = "\n".join(lines) + "\n"
    claims: list[_Claim] = []
    for label, values in rows:
        at = page.index(label + (" " if style == "pdfplumber" else "\n"))
        end = at + len(label)
        for k, value in enumerate(values):
            end = page.index(_written(value), end) + len(_written(value))
            quote = page[at:end]
            claimed = years[k]
            right = Decimal(values[1 if k == before else k]) / 100
            claims.append(_Claim(quote, label, f"FY{claimed}", (None, right)))
            outside = [y for y in (year + 1, year - 3, *years[k + 1 :]) if y not in years[: k + 1]]
            claims.append(_Claim(quote, label, f"FY{outside[-1]}", (None,)))
            if k == before and page.count(_written(value)) == 1 and values[1] != value:
                claims.append(_Claim(_written(value), label, f"FY{claimed}", (None,)))
    return page, tuple(claims)


@settings(max_examples=60, deadline=None)
@given(_tables())
def test_nonrecurring_right_or_refused_never_another_value(
    generated: tuple[str, tuple[_Claim, ...]],
) -> None:
    page, claims = generated
    for claim in claims:
        value = _resolve(page, claim.quote, claim.metric, claim.period)
        assert value in claim.expected, (claim, value)


# (cell, kind it heads or None: a row label, source)
HEADER_CELLS = [
    ("本期发生额", "relative", "A-share statement column"),
    ("上年同期（已重述）", "relative", "a restated prior column"),
    ("本期比上年同期增减(%)", "change", "A-share summary-table change column"),
    ("变动比例（%）", "change", "a change column"),
    ("本期末比上", "relative", "pdfplumber: the first piece of a change head wrapped mid-word"),
    ("2024年金额", "period", "A-share 年报 非经常性损益 column"),
    ("2024 年金额", "period", "PyMuPDF: the same, the year spaced off 年"),
    ("附注（如适用）", "notes", "A-share 年报 非经常性损益 Notes column"),
    ("房地产公允价值变动产生的损益", None, "a 非经常性损益 item wrapped after its change word"),
    ("合并日的当期净损益", None, "a 非经常性损益 item going on past 当期"),
    ("同一控制下企业合并产生的子公司期初至", None, "a 非经常性损益 item: 期初 deep in a label"),
    ("因税收、会计等法律、法规的调整对当期", None, "a 非经常性损益 item: a clause ending in 当期"),
    ("期末现金及现金等价物余额", None, "A-share cash-flow statement row label"),
    ("% Change", "change", "US 10-K change column (English cells keep the old rule)"),
]


@pytest.mark.parametrize(("cell", "kind", "source"), HEADER_CELLS, ids=[c[0] for c in HEADER_CELLS])
def test_a_label_going_on_past_its_column_word_is_no_header(
    cell: str, kind: str | None, source: str
) -> None:
    found = header_cell(cell, 0, len(cell), UnitTable.default())
    assert (found.kind if found else None) == kind, source

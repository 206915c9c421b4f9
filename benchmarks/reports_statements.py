"""The statements pages of the Chinese periodic reports: hand-built claims (issue 28).

Run with the reports area: ``python -m benchmarks --only reports``.

The claims were **built by hand** from the financial statements of the A-share
年报 in ``../shared/reports/`` (合并资产负债表 and its continuation pages,
母公司资产负债表, 合并利润表 and 母公司利润表, 合并现金流量表): the page
(counted from 0), the row label as printed, the figure, its period and basis.
Each statement prints its title and a header (项目 / 附注七 / 2024年12月31日 /
2023年12月31日 or 2024年度 / 2023年度) once; the rows that run on to the next
page stand there without it. A **right** claim must be answered with its value
or refused; a **wrong** claim — the same quote for the other column's period, a
母公司 row claimed as the group's — must be refused.

The HKEX interim report's text is checked too: its Chinese glyphs carry no
Unicode mapping, so both extractors give ``(cid:N)`` or unrelated characters
for every label and no claim can be quoted from it; the area says so instead of
counting claims that could never be built.
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal

from benchmarks._harness import Table

from .reports_bench import HandClaim

_CJDL = "cjdl-2024-annual-report.pdf"
XIAOMI = "xiaomi-2025-interim-report.pdf"
_END, _START = "2024-12-31", "2023-12-31"


def _claim(
    name: str, page: int, label: str, figure: str, metric: str, period: str, right: bool = True
) -> HandClaim:
    basis = "instant" if period[:1].isdigit() else "single_period"
    value = Decimal(figure.replace(",", "")) if right else None
    return HandClaim(name, _CJDL, page, label, figure, metric, period, basis, value)


CLAIMS = (
    # 合并资产负债表, page 88 of the PDF: title, date, 单位：元, header with 附注七.
    _claim("bs-cash-end", 87, "货币资金", "6,555,341,578.63", "货币资金", _END),
    _claim("bs-cash-start", 87, "货币资金", "7,823,650,159.50", "货币资金", _START),
    _claim("bs-cash-end-as-start", 87, "货币资金", "6,555,341,578.63", "货币资金", _START, False),
    _claim("bs-receivables-note", 87, "应收账款", "9,326,624,055.45", "应收账款", _END),
    _claim("bs-fixed-assets-start", 87, "固定资产", "445,513,230,976.26", "固定资产", _START),
    # page 89: the balance sheet goes on without its header.
    _claim("bs-total-assets-cont", 88, "资产总计", "566,071,979,792.34", "资产总计", _END),
    _claim("bs-total-assets-cont-start", 88, "资产总计", "572,938,869,543.08", "资产总计", _START),
    _claim(
        "bs-total-assets-cont-as-start",
        88,
        "资产总计",
        "566,071,979,792.34",
        "资产总计",
        _START,
        False,
    ),
    _claim("bs-short-loans-cont", 88, "短期借款", "69,692,431,511.49", "短期借款", _END),
    _claim("bs-long-loans-cont", 88, "长期借款", "158,588,389,980.42", "长期借款", _END),
    # page 90: the end of the group's balance sheet, then 母公司资产负债表 with its header.
    _claim("bs-retained-cont", 89, "未分配利润", "93,811,579,374.91", "未分配利润", _END),
    _claim("parent-cash", 89, "货币资金", "2,417,867,174.39", "母公司货币资金", _END),
    _claim("parent-cash-as-group", 89, "货币资金", "2,417,867,174.39", "货币资金", _END, False),
    # page 92: the parent's balance sheet ends, 合并利润表 starts (2024年度 / 2023年度).
    _claim("is-revenue", 91, "其中：营业收入", "84,491,870,566.52", "营业收入", "FY2024"),
    _claim("is-cost-2023", 91, "其中：营业成本", "32,958,283,915.47", "营业成本", "FY2023"),
    _claim(
        "is-cost-as-2023", 91, "其中：营业成本", "34,528,346,186.67", "营业成本", "FY2023", False
    ),
    _claim("is-rd", 91, "研发费用", "890,719,278.34", "研发费用", "FY2024"),
    # page 93: the income statement goes on without its header.
    _claim("is-tax-cont", 92, "减：所得税费用", "5,932,178,304.45", "所得税费用", "FY2024"),
    _claim("is-tax-cont-2023", 92, "减：所得税费用", "4,456,576,598.10", "所得税费用", "FY2023"),
    _claim(
        "is-tax-cont-as-2023",
        92,
        "减：所得税费用",
        "5,932,178,304.45",
        "所得税费用",
        "FY2023",
        False,
    ),
    _claim("is-net-profit-cont", 92, "五、净利润", "32,930,199,395.19", "净利润", "FY2024"),
    # page 94: the end of 合并利润表, then 母公司利润表.
    _claim("is-eps-cont", 93, "（一）基本每股收益", "1.3281", "基本每股收益", "FY2024"),
    _claim("parent-revenue", 93, "一、营业收入", "21,912,231,845.74", "母公司营业收入", "FY2024"),
    _claim(
        "parent-revenue-as-group",
        93,
        "一、营业收入",
        "21,912,231,845.74",
        "营业收入",
        "FY2024",
        False,
    ),
    # page 96: 合并现金流量表 goes on from the foot of page 95 without its header.
    _claim(
        "cf-ocf-cont",
        95,
        "经营活动产生的现金流量净额",
        "59,648,468,284.22",
        "经营活动产生的现金流量净额",
        "FY2024",
    ),
    _claim(
        "cf-ocf-cont-2023",
        95,
        "经营活动产生的现金流量净额",
        "64,749,448,288.66",
        "经营活动产生的现金流量净额",
        "FY2023",
    ),
    _claim(
        "cf-icf-cont-as-2023",
        95,
        "投资活动产生的现金流量净额",
        "-10,775,203,354.20",
        "投资活动产生的现金流量净额",
        "FY2023",
        False,
    ),
    _claim(
        "cf-taxes-paid-cont", 95, "支付的各项税费", "17,521,925,470.26", "支付的各项税费", "FY2024"
    ),
    # page 88: a row with one amount under two columns (衍生金融资产): which column is unknown.
    _claim("bs-one-amount", 87, "衍生金融资产", "21,113,693.72", "衍生金融资产", _END, False),
    # page 99: 合并所有者权益变动表, a wide table (实收资本 … 所有者权益合计) under 2024年度.
    _claim(
        "equity-first-cell-as-total",
        98,
        "一、上年年末余",
        "24,468,217,716.00",
        "所有者权益合计",
        _START,
        False,
    ),
    _claim(
        "equity-comprehensive-income-as-total",
        98,
        "（一）综合收益",
        "1,293,957,172.12",
        "综合收益总额",
        "FY2024",
        False,
    ),
)


def unreadable(texts: dict[str, dict[int, str]]) -> Table:
    """How much of each extractor's text of the HKEX report is Chinese one can quote."""
    rows = []
    for extractor, pages in texts.items():
        han = sum(1 for t in pages.values() if re.search(r"[人民幣損益收入截至千元]", t))
        cid = sum(1 for t in pages.values() if "(cid:" in t)
        rows.append([extractor, str(len(pages)), str(han), str(cid)])
    return Table(
        f"reports: {XIAOMI}, pages with quotable Chinese (no claim can be built from the rest)",
        ["extractor", "pages", "with 人民幣/損益/收入…", "with (cid:N)"],
        "lrrr",
        rows,
    )


def generated(examples: int) -> Table:
    """Tally the generated two-page statements (``tests/grounding/zh_statement_pages.py``).

    Each report's claims are resolved on its two pages; a right claim is right
    or refused, a wrong one (the other column, the other scope, the 附注
    reference alone) must be refused. Derandomized, so the figures repeat.
    """
    from hypothesis import HealthCheck, given, settings
    from tests.grounding.zh_statement_pages import ZhReport, zh_reports

    from fincalc import Document, resolve_all

    tally: Counter[tuple[str, str, str]] = Counter()

    @settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(zh_reports())
    def tally_one(report: ZhReport) -> None:
        doc = Document.from_pages("report", list(report.pages))
        for item in report.claims:
            facts = resolve_all([item.claim], [doc]).facts
            value = facts[0].value if facts else None
            if value is None:
                outcome = "refused"
            elif value == item.expected:
                outcome = "right"
            else:
                outcome = "WRONG"
            kind = "right" if item.kind == "right" else "wrong"
            tally[(report.style, kind, outcome)] += 1

    tally_one()
    rows = []
    for style in ("pdfplumber", "pymupdf", "pylist"):
        right = [tally[(style, "right", o)] for o in ("right", "refused", "WRONG")]
        wrong = [tally[(style, "wrong", o)] for o in ("refused", "WRONG")]
        rows.append([style, *map(str, right), *map(str, wrong)])
    return Table(
        f"reports: {examples} generated two-page Chinese statements, per style",
        [
            "style",
            "right: right",
            "right: refused",
            "right: WRONG",
            "wrong: refused",
            "wrong: WRONG",
        ],
        "lrrrrr",
        rows,
    )

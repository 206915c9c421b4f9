"""Chinese financial statements over two PDF pages, with the truth known by construction.

A generated report prints one statement (合并 or 母公司; 资产负债表, 利润表 or
现金流量表) across two pages the way a PDF loader gives them: the title, its
date line, 单位：元 (or 千元, 万元), a header row (项目, an optional 附注 column
named with its section, "附注七", and two period columns: dated, "2024年度",
or relative, 期末余额 / 期初余额, 本期发生额 / 上期发生额), then rows whose note
reference ("5") stands before their amounts. A 季报 prints 合并年初到报告期末利润表 over
"2025年1—9月" (columns 2025年前三季度（1-9月） or 本期发生额: the nine months)
and its balance sheet at 2025年9月30日 against 2024年12月31日; a 半年报
prints 2025年半年度 (or 本期发生额) over "2025年1—6月" and its balance at
2025年6月30日. The rows run on to the second
page, which either goes on without the header (a continuation) or starts the
other scope's statement with its own title and header. The text is written in
the two extractors' styles -- pdfplumber puts a row on one line ("货币资金 1
6,555.00 7,823.00"), PyMuPDF puts every cell on a line of its own -- and as a
parser's rows written as Python lists ("['货币资金', '1', '6,555.00', '']"). A
cell may be blank: the text styles then print nothing there, the list an empty
string.

Every cell gives a right claim (its period, basis and scope, the value in 元)
and wrong ones: the other column's period, the other scope's name, and the
row's note reference claimed as the amount. ``expected`` is None for a claim
that must be refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from hypothesis import strategies as st

Kind = Literal["balance", "income", "cash"]
Scope = Literal["合并", "母公司"]

_TITLES: dict[str, str] = {"balance": "资产负债表", "income": "利润表", "cash": "现金流量表"}
_ROWS: dict[str, tuple[str, ...]] = {
    "balance": (
        "货币资金",
        "应收账款",
        "预付款项",
        "存货",
        "其他流动资产",
        "长期股权投资",
        "固定资产",
        "在建工程",
        "无形资产",
        "短期借款",
        "应付账款",
        "合同负债",
        "应交税费",
        "长期借款",
        "应付债券",
        "未分配利润",
    ),
    "income": (
        "营业收入",
        "营业成本",
        "税金及附加",
        "销售费用",
        "管理费用",
        "研发费用",
        "财务费用",
        "其他收益",
        "营业外收入",
        "营业外支出",
        "所得税费用",
    ),
    "cash": (
        "销售商品、提供劳务收到的现金",
        "收到的税费返还",
        "购买商品、接受劳务支付的现金",
        "支付给职工及为职工支付的现金",
        "支付的各项税费",
        "投资支付的现金",
        "取得借款收到的现金",
        "偿还债务支付的现金",
    ),
}
_UNITS = (("单位：元 币种：人民币", 1), ("单位：千元 币种：人民币", 1000), ("单位：万元", 10000))
_NOTE_SECTIONS = ("附注七", "附注五", "附注十九", "附注")


@dataclass(frozen=True)
class ZhClaim:
    """A claim on a generated report and its truth (None: it must be refused)."""

    claim: dict[str, str | None]
    expected: Decimal | None
    kind: Literal["right", "column", "scope", "note"]
    page: int  # 1 or 2: where the row stands


@dataclass(frozen=True)
class ZhReport:
    """Two pages of a statement in one extractor's style, with its claims."""

    style: str
    pages: tuple[str, str]
    claims: tuple[ZhClaim, ...]
    continued: bool  # the second page goes on without the header


def _written(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole:,}.{part:02d}"


def _header(kind: str, year: int, relative: bool, report: str) -> tuple[str, str, str]:
    """The title's date line and the two column headers."""
    if report == "半年报":  # the balance at 30 June against the year end, the half year
        if kind == "balance":
            return f"{year}年6月30日", f"{year}年6月30日", f"{year - 1}年12月31日"
        if relative:
            return f"{year}年1—6月", "本期发生额", "上期发生额"
        return f"{year}年1—6月", f"{year}年半年度", f"{year - 1}年半年度"
    if report == "季报":  # the balance at 30 September against the year end, flows to date
        if kind == "balance":
            return f"{year}年9月30日", f"{year}年9月30日", f"{year - 1}年12月31日"
        if relative:
            return f"{year}年1—9月", "本期发生额", "上期发生额"
        return f"{year}年1—9月", f"{year}年前三季度（1-9月）", f"{year - 1}年前三季度（1-9月）"
    if kind == "balance":
        date = f"{year}年12月31日"
        if relative:
            return date, "期末余额", "期初余额"
        return date, f"{year}年12月31日", f"{year - 1}年12月31日"
    date = f"{year}年1—12月"
    if relative:
        return date, "本期发生额", "上期发生额"
    return date, f"{year}年度", f"{year - 1}年度"


_Row = tuple[str, int | None, tuple[int | None, int | None]]


def _lines(style: str, cells: list[str]) -> list[str]:
    if style == "pylist":  # a parser's rows as Python lists: every cell, blank ones too
        return ["[" + ", ".join(f"'{c}'" for c in cells) + "]"]
    return [" ".join(c for c in cells if c)] if style == "pdfplumber" else [c for c in cells if c]


@st.composite
def zh_reports(draw: st.DrawFn) -> ZhReport:
    """Two pages of one Chinese statement and its claims (see the module docstring)."""
    style = draw(st.sampled_from(["pdfplumber", "pymupdf", "pylist"]))
    kind = draw(st.sampled_from(["balance", "income", "cash"]))
    scope: Scope = draw(st.sampled_from(["合并", "母公司"]))
    year = draw(st.integers(2019, 2026))
    relative = draw(st.booleans())
    notes = draw(st.sampled_from((None, *_NOTE_SECTIONS)))
    unit, multiplier = draw(st.sampled_from(_UNITS))
    continued = draw(st.booleans())
    labels = draw(st.lists(st.sampled_from(_ROWS[kind]), min_size=4, max_size=8, unique=True))
    split = draw(st.integers(1, len(labels) - 1))
    amount = st.integers(-(10**13), 10**13).filter(lambda v: abs(v) >= 1000)
    rows: list[_Row] = []
    for label in labels:
        note = draw(st.integers(1, 79)) if notes is not None and draw(st.booleans()) else None
        values: tuple[int | None, int | None] = (draw(amount), draw(amount))
        if draw(st.integers(0, 4)) == 0:  # a blank cell (nothing in the prior year, say)
            values = (None, values[1]) if draw(st.booleans()) else (values[0], None)
        rows.append((label, note, values))
    company = "华川能源股份有限公司"
    report = draw(st.sampled_from(["年报", "半年报", "季报"]))
    quarterly = report == "季报"
    running = (
        f"{company}{year}年{ {'年报': '年度', '半年报': '半年度', '季报': '第三季度'}[report] }报告"
    )
    date, current, prior = _header(kind, year, relative, report)
    title = _TITLES[kind]
    if quarterly and kind != "balance":
        title = "年初到报告期末" + title  # 合并年初到报告期末利润表
    other: Scope = "母公司" if scope == "合并" else "合并"

    def statement(own: Scope) -> list[str]:
        head = ["项目", *([notes] if notes else []), current, prior]
        return [f"{own}{title}", date, f"编制单位：{company}", unit, *_lines(style, head)]

    def body(part: list[_Row]) -> list[str]:
        out: list[str] = []
        for label, note, values in part:
            cells = [label, *([str(note) if note is not None else ""] if notes else [])]
            out += _lines(style, cells + [_written(v) if v is not None else "" for v in values])
        return out

    first = [running, *statement(scope), *body(rows[:split]), "1/2"]
    second = [running]
    if not continued:  # the other scope's statement, with its own title and header
        second += statement(other)
    second += [*body(rows[split:]), "2/2"]
    pages = ("\n".join(first) + "\n", "\n".join(second) + "\n")
    claims: list[ZhClaim] = []
    for r, (label, note, values) in enumerate(rows):
        page = 1 if r < split else 2
        row_scope = scope if page == 1 or continued else other
        text = pages[page - 1]
        start = text.index(label)
        start = text.rfind("\n", 0, start) + 1  # the row's line ("['营业收入', …" too)
        end = start + len(label)
        for k, value in enumerate(values):
            if value is None:
                continue
            shown = _written(value)
            end = text.index(shown, end) + len(shown)  # the k-th cell, after the one before
            quote = text[start:end]
            period = _period(kind, year - k, report, k)
            basis = "instant" if kind == "balance" else "single_period"
            if report != "年报" and kind != "balance":
                basis = "cumulative"
            metric = ("母公司" if row_scope == "母公司" else "") + label
            base: dict[str, str | None] = {
                "evidence_id": "report",
                "quote": quote,
                "metric": metric,
                "entity": "华川能源",
                "period": period,
                "basis": basis,
                "currency": "CNY",
            }
            claims.append(ZhClaim(base, Decimal(value) / 100 * multiplier, "right", page))
            wrong_period = _period(kind, year - 1 + k, report, 1 - k)  # the other column's
            if k == 1 and values[0] is not None:  # the quote holds both cells: both answerable
                first_value = Decimal(values[0]) / 100 * multiplier
                claims.append(ZhClaim({**base, "period": wrong_period}, first_value, "right", page))
            elif values[0] != values[1]:  # the same figure in both columns is right in both
                claims.append(ZhClaim({**base, "period": wrong_period}, None, "column", page))
            if report != "年报" and kind != "balance" and k == 0:  # to date as its last quarter
                last = f"{year}Q3" if quarterly else f"{year}Q2"
                quarter = {**base, "period": last, "basis": "single_period"}
                claims.append(ZhClaim(quarter, None, "column", page))
            wrong_scope = ("母公司" if row_scope == "合并" else "") + label
            claims.append(ZhClaim({**base, "metric": wrong_scope}, None, "scope", page))
            if note is not None and k == min(j for j, v in enumerate(values) if v is not None):
                note_at = text.index(str(note), start + len(label))
                note_quote = text[start : note_at + len(str(note))]
                claims.append(ZhClaim({**base, "quote": note_quote}, None, "note", page))
    return ZhReport(style, pages, tuple(claims), continued)


def _period(kind: str, year: int, report: str = "年报", column: int = 0) -> str:
    if report != "年报" and kind == "balance":
        end = "09-30" if report == "季报" else "06-30"
        return f"{year}-{end}" if column == 0 else f"{year}-12-31"
    if report == "季报":
        return f"{year}Q1-Q3"
    if report == "半年报":
        return f"{year}H1"
    return f"{year}-12-31" if kind == "balance" else f"FY{year}"

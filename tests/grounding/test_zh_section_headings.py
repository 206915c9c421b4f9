"""A section heading ending in a colon heads the rows below it (issue 28).

pdfplumber prints a balance sheet's "流动资产：" on a line of its own, then rows
on one line each ("货币资金 1 6,555.00 7,823.00"), many of them with no amounts
at all ("结算备付金", "拆出资金"). The heading is no wrapped line of the next
row's label: counted as one, the rule that takes a Chinese label's lines after
its amounts (a label of n lines has n lines after them) pulled the empty rows
below into the row above, and its claims were refused. The examples are
balance-sheet pages composed in the layouts of an A-share 年报 and a US 10-K; the
generated pages vary sections, empty rows, note references and blank cells with
the truth known by construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ._one_page import resolve_instant

_BS_ZH = (
    "示例电力股份有限公司2024年年度报告\n合并资产负债表\n2024年12月31日\n"
    "编制单位：示例电力股份有限公司\n单位：元 币种：人民币\n"
    "项目 附注七 2024年12月31日 2023年12月31日\n流动资产：\n"
    "货币资金 1 1,204,500.10 998,000.00\n结算备付金\n拆出资金\n交易性金融资产\n"
    "衍生金融资产 31,220.45\n应收账款 5 87,300.00 91,250.55\n非流动资产：\n"
    "债权投资 14 2,016,091.01 1,052,752.20\n其他债权投资\n长期应收款\n"
    "长期股权投资 17 7,319,357.59 7,168,428.31\n88/262\n"
)
_BS_EN = (
    "KESTREL INSTRUMENTS, INC.\nCONSOLIDATED BALANCE SHEETS\n(In millions)\n"
    "December 31, 2024 December 31, 2023\nCurrent assets:\n"
    "Cash and cash equivalents $ 1,204 $ 998\nRestricted cash\nShort-term investments\n"
    "Accounts receivable, net 873 912\nNoncurrent assets:\nGoodwill 2,410 2,398\n52\n"
)

# (id, page, quote, metric, period, expected (None: refused), source)
CASES = [
    (
        "zh-cash-current",
        _BS_ZH,
        "货币资金 1 1,204,500.10",
        "货币资金",
        "2024-12-31",
        Decimal("1204500.10"),
        "A-share 年报 合并资产负债表, pdfplumber text: 流动资产： then empty rows",
    ),
    (
        "zh-cash-prior",
        _BS_ZH,
        "货币资金 1 1,204,500.10 998,000.00",
        "货币资金",
        "2023-12-31",
        Decimal("998000.00"),
        "A-share 年报 合并资产负债表, pdfplumber text: the prior column",
    ),
    (
        "zh-cash-other-column",
        _BS_ZH,
        "货币资金 1 1,204,500.10",
        "货币资金",
        "2023-12-31",
        None,
        "the 期末 cell claimed for the 期初 date",
    ),
    (
        "zh-debt-investments-after-heading",
        _BS_ZH,
        "债权投资 14 2,016,091.01",
        "债权投资",
        "2024-12-31",
        Decimal("2016091.01"),
        "A-share 年报, pdfplumber text: the first row under 非流动资产：",
    ),
    (
        "zh-empty-row-as-cash",
        _BS_ZH,
        "货币资金 1 1,204,500.10",
        "结算备付金",
        "2024-12-31",
        None,
        "an empty row's name claimed for the row above's amount",
    ),
    (
        "en-cash-current",
        _BS_EN,
        "Cash and cash equivalents $ 1,204",
        "Cash and cash equivalents",
        "2024-12-31",
        Decimal("1204000000"),
        "US 10-K balance sheet, PDF text: 'Current assets:' then empty rows",
    ),
    (
        "en-goodwill-after-heading",
        _BS_EN,
        "Goodwill 2,410",
        "Goodwill",
        "2024-12-31",
        Decimal("2410000000"),
        "US 10-K balance sheet, PDF text: the first row under 'Noncurrent assets:'",
    ),
]


def _resolve(page: str, quote: str, metric: str, period: str) -> Decimal | None:
    return resolve_instant(page, quote, metric, period, entity="示例电力")


@pytest.mark.parametrize(
    ("page", "quote", "metric", "period", "expected"),
    [pytest.param(*case[1:6], id=case[0]) for case in CASES],
)
def test_rows_under_a_section_heading(
    page: str, quote: str, metric: str, period: str, expected: Decimal | None
) -> None:
    assert _resolve(page, quote, metric, period) == expected


_SECTIONS = {
    "流动资产：": ("货币资金", "应收账款", "预付款项", "存货", "结算备付金", "拆出资金"),
    "非流动资产：": ("债权投资", "长期股权投资", "固定资产", "在建工程", "无形资产", "商誉"),
    "流动负债：": ("短期借款", "应付账款", "合同负债", "应交税费", "拆入资金", "应付票据"),
}


@dataclass(frozen=True, slots=True)
class _Claim:
    quote: str
    metric: str
    period: str
    expected: Decimal | None


def _written(cents: int) -> str:
    whole, part = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else ''}{whole:,}.{part:02d}"


@st.composite
def _pages(draw: st.DrawFn) -> tuple[str, tuple[_Claim, ...]]:
    """A pdfplumber balance sheet: sections with empty rows, notes and blank cells."""
    year = draw(st.integers(2019, 2026))
    notes = draw(st.booleans())
    amount = st.integers(-(10**12), 10**12).filter(lambda v: abs(v) >= 1000)
    head = ["项目", *(["附注七"] if notes else []), f"{year}年12月31日", f"{year - 1}年12月31日"]
    lines = ["示例电力股份有限公司年度报告", "合并资产负债表", f"{year}年12月31日"]
    lines += ["单位：元 币种：人民币", " ".join(head)]
    rows: list[tuple[str, tuple[int | None, int | None]]] = []
    sections = draw(st.lists(st.sampled_from(list(_SECTIONS)), min_size=1, max_size=3, unique=True))
    for section in sections:
        lines.append(section)
        labels = draw(
            st.lists(st.sampled_from(_SECTIONS[section]), min_size=2, max_size=6, unique=True)
        )
        for label in labels:
            shape = draw(st.sampled_from(["empty", "both", "both", "first", "second"]))
            values: tuple[int | None, int | None] = (
                draw(amount) if shape in ("both", "first") else None,
                draw(amount) if shape in ("both", "second") else None,
            )
            note = str(draw(st.integers(1, 79))) if notes and shape != "empty" else ""
            cells = [label, note, *(_written(v) for v in values if v is not None)]
            lines.append(" ".join(c for c in cells if c))
            rows.append((label, values))
    lines.append("88/262")
    page = "\n".join(lines) + "\n"
    claims: list[_Claim] = []
    for label, values in rows:
        line = next(x for x in lines if x == label or x.startswith(label + " "))
        for k, value in enumerate(values):
            if value is None:
                continue
            quote = line[: line.index(_written(value)) + len(_written(value))]
            dates = (f"{year}-12-31", f"{year - 1}-12-31")
            claims.append(_Claim(quote, label, dates[k], Decimal(value) / 100))
            other = values[1 - k]
            if other is None or other != value:  # the other column's date: not this cell
                right = Decimal(other) / 100 if other is not None and k == 1 else None
                claims.append(_Claim(quote, label, dates[1 - k], right))
    return page, tuple(claims)


@settings(max_examples=60, deadline=None)
@given(_pages())
def test_section_headings_right_or_refused_never_another_value(
    generated: tuple[str, tuple[_Claim, ...]],
) -> None:
    page, claims = generated
    for claim in claims:
        value = _resolve(page, claim.quote, claim.metric, claim.period)
        if claim.expected is None:
            assert value is None, (claim, value)
        else:
            assert value in (None, claim.expected), (claim, value)

"""Tables with a change in money and a change in percent after the period columns.

10-K results tables write "Year Ended December 31, ... Change" over
"2024  2023  $  %", with rows such as "Net revenue  $ 12,874  $ 11,902  $ 972
8.2 %" (the percent sign spaced off); Chinese reports write "2024年 2023年
增减额 增减(%)".  The rows used to be read as labels (the lone "%") and the
header as a label (the lone "$"), so every claim on them was refused.  Pages in
``tests/data/pages`` (``*-change-*-columns``) hold the examples; these are the
properties: whatever the numbers and however the percent sign is written, each
claim gets its own column.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import Document, resolve_all

_HEADER = (
    "(dollars in millions)\n\n"
    "                              Year Ended December 31,             Change\n"
    "                             2024         2023          $            %\n"
)


def _claim(metric: str, period: str, currency: str | None) -> dict[str, object]:
    return {
        "evidence_id": "t",
        "quote": "",
        "metric": metric,
        "entity": "Acme",
        "period": period,
        "basis": "single_period",
        "tax": "na",
        "currency": currency,
    }


@given(
    st.integers(min_value=100, max_value=99_999),
    st.integers(min_value=100, max_value=99_999),
    st.sampled_from(["{:.1f} %", "{:.1f}%"]),
    st.booleans(),
)
def test_each_claim_takes_its_own_column(
    current: int, prior: int, percent: str, dollar_signs: bool
) -> None:
    change = current - prior
    pct = Decimal(change * 100) / prior
    sign = "$ " if dollar_signs else ""
    change_text = f"({-change:,})" if change < 0 else f"{change:,}"
    pct_text = percent.format(pct)
    if pct < 0:
        pct_text = f"({percent.format(-pct)})"
    row = f"Revenue    {sign}{current:,}    {sign}{prior:,}    {sign}{change_text}    {pct_text}"
    doc = Document("t", _HEADER + row + "\n")
    for period, value in (("FY2024", current), ("FY2023", prior)):
        claim = _claim("Revenue", period, "USD") | {"quote": row}
        result = resolve_all([claim], [doc])
        assert not result.refusals, result.refusals[0].error
        assert result.facts[0].value == value * 10**6
    ratio = resolve_all([_claim("Revenue growth", "FY2024", None) | {"quote": row}], [doc])
    assert not ratio.refusals, ratio.refusals[0].error
    assert ratio.facts[0].quantity.dimension == "RATIO"
    assert abs(ratio.facts[0].value) == Decimal(percent.format(abs(pct)).rstrip(" %")) / 100


_QUARTERS = (
    "单位：元 币种：人民币\n"
    "项目            第一季度（1-3月份）   第二季度（4-6月份）"
    "   第三季度（7-9月份）   第四季度（10-12月份）\n"
    "营业收入            1,000.00            2,000.00            3,000.00            4,000.00\n"
)


@pytest.mark.parametrize(
    ("title", "period", "value"),
    [
        ("某某股份有限公司2023年年度报告\n\n", "2023Q3", Decimal("3000.00")),
        ("某某股份有限公司2023年年度报告\n\n", "2023Q2", Decimal("2000.00")),
        ("某某股份有限公司2023年年度报告\n\n", "2024Q3", None),  # another year's quarter
        ("", "2023Q3", None),  # no report names the year: the quarters have none
    ],
)
def test_quarter_columns_take_the_year_of_the_report(
    title: str, period: str, value: Decimal | None
) -> None:
    row = "营业收入            1,000.00            2,000.00            3,000.00            4,000.00"
    claim = _claim("营业收入", period, "CNY") | {"quote": row}
    result = resolve_all([claim], [Document("t", title + _QUARTERS)])
    got = result.facts[0].value if result.facts else None
    assert got == value

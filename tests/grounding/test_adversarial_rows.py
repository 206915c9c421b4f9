"""The adversarial shapes of issue 24 written as table rows, in English and Chinese.

Each wrong claim (another entity, cost of vs revenue, a change taken as a level and a
level as a change, the comparative bracket of another metric or year, a list's shared
scale, a year from an earlier clause given to a growth rate, guidance as an actual)
must be refused; each right claim resolves to the value the row states (or is a
known gap, ``xfail(strict=True)``). Never another value.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from fincalc import Document, FincalcError, resolve

_ZH1 = (
    "单位：万元\n"
    "| 企业类型 | 指标 | 2023年 |\n"
    "| 国有及国有控股企业 | 营业收入 | 87,432 |\n"
    "| 集体企业 | 营业收入 | 12,345 |\n"
)
_EN1 = (
    "(In millions)\n"
    "| Segment | Metric | 2023 |\n"
    "| Americas | Revenue | 8,743 |\n"
    "| EMEA | Revenue | 1,234 |\n"
)
_EN2 = (
    "(In millions)\n"
    "| | 2023 | 2022 |\n"
    "| Revenue | 9,000 | 8,000 |\n"
    "| Cost of revenue | 5,000 | 4,500 |\n"
)
_ZH2 = (
    "单位：万元\n"
    "| 项目 | 2023年 | 2022年 |\n"
    "| 营业收入 | 9,000 | 8,000 |\n"
    "| 营业成本 | 5,000 | 4,500 |\n"
)
_EN3 = "(In millions)\n| | 2024 | 2023 | Change |\n| Revenue | 9,972 | 9,000 | 972 |\n"
_ZH3 = (
    "单位：万元\n"
    "| 项目 | 2024年 | 2023年 | 增减额 | 增减(%) |\n"
    "| 营业收入 | 9,972 | 9,000 | 972 | 10.80 |\n"
)
_ZH3B = "单位：万元\n| 项目 | 2024年 |\n| 营业收入 | 9,972 |\n| 营业收入增减额 | 972 |\n"
_EN3B = "(In millions)\n| | 2024 |\n| Revenue | 9,972 |\n| Increase in revenue | 972 |\n"
_EN4 = (
    "| Metric | 2023 |\n"
    "| Revenue | £245m (2022: £221m) |\n"
    "| Operating profit | £45m (2022: £41m) |\n"
)
_ZH5 = (
    "| 项目 | 2023年 |\n"
    "| 营业收入 | 人民币12.3亿元（2022年：人民币11.1亿元） |\n"
    "| 净利润 | 人民币2.1亿元（2022年：人民币1.9亿元） |\n"
)
_EN6 = (
    "| Item | Amount |\n"
    "| Litigation charges in 2023 and 2022, respectively | $1.2 and $1.1 million |\n"
)
_ZH6 = "| 项目 | 金额 |\n| 2023年和2022年诉讼费用 | 分别为1.2和1.1亿元 |\n"
_ZH7 = (
    "| 指标 | 说明 |\n"
    "| 钢产量 | 11,459万吨，超过1997年12768万吨的历史最好水平，比10年前增长31.6% |\n"
)
_EN8 = "(In millions)\n| | FY2023 Actual | FY2024 Outlook |\n| Revenue | 9,000 | 9,900 |\n"
_ZH8 = "单位：万元\n| 项目 | 2023年实际 | 2024年目标 |\n| 营业收入 | 9,000 | 9,900 |\n"
_EN8B = "FY24 Outlook\n(In millions)\n| | 2024 |\n| Revenue | 9,900 |\n"
_ZH8B = "2024年经营计划\n单位：万元\n| 项目 | 2024年 |\n| 营业收入 | 9,900 |\n"


def _outcome(
    text: str, quote: str, metric: str, period: str, entity: str, currency: str | None
) -> Decimal | str:
    claim = {
        "evidence_id": "d",
        "quote": quote,
        "metric": metric,
        "entity": entity,
        "period": period,
        "basis": "single_period",
        "currency": currency,
    }
    try:
        return resolve(claim, [Document("d", text, currency=currency)]).value
    except FincalcError:
        return "refused"


# (shape, page, quote, metric, period, entity, currency, expected, source)
CASES = [
    (
        "entity zh right",
        _ZH1,
        "| 国有及国有控股企业 | 营业收入 | 87,432 |",
        "营业收入",
        "FY2023",
        "国有及国有控股企业",
        "CNY",
        Decimal("874320000"),
        "年报 表格",
    ),
    (
        "entity zh wrong",
        _ZH1,
        "| 集体企业 | 营业收入 | 12,345 |",
        "营业收入",
        "FY2023",
        "国有及国有控股企业",
        "CNY",
        "refused",
        "年报 表格",
    ),
    (
        "entity en wrong",
        _EN1,
        "| EMEA | Revenue | 1,234 |",
        "Revenue",
        "FY2023",
        "Americas",
        "USD",
        "refused",
        "10-K / annual report table",
    ),
    (
        "entity en group",
        _EN1,
        "| EMEA | Revenue | 1,234 |",
        "Revenue",
        "FY2023",
        "Acme",
        "USD",
        "refused",
        "10-K / annual report table",
    ),
    (
        "costof en",
        _EN2,
        "| Cost of revenue | 5,000 |",
        "Revenue",
        "FY2023",
        "Acme",
        "USD",
        "refused",
        "10-K / annual report table",
    ),
    (
        "costof zh",
        _ZH2,
        "| 营业成本 | 5,000 |",
        "营业收入",
        "FY2023",
        "Acme",
        "CNY",
        "refused",
        "年报 表格",
    ),
    (
        "change as level en",
        _EN3,
        "| Revenue | 9,972 | 9,000 | 972 |",
        "Revenue",
        "FY2024",
        "Acme",
        "USD",
        Decimal("9972e6"),
        "10-K / annual report table",
    ),
    (
        "change cell as level en",
        _EN3,
        "9,000 | 972 |",
        "Revenue",
        "FY2024",
        "Acme",
        "USD",
        "refused",
        "10-K / annual report table",
    ),
    (
        "level as change en",
        _EN3,
        "| Revenue | 9,972 |",
        "Revenue change",
        "FY2024",
        "Acme",
        "USD",
        "refused",
        "10-K / annual report table",
    ),
    (
        "level as change zh",
        _ZH3,
        "| 营业收入 | 9,972 |",
        "营业收入增减额",
        "FY2024",
        "Acme",
        "CNY",
        "refused",
        "年报 表格",
    ),
    (
        "change as level zh",
        _ZH3,
        "9,000 | 972 |",
        "营业收入",
        "FY2024",
        "Acme",
        "CNY",
        "refused",
        "年报 表格",
    ),
    pytest.param(
        "change right zh",
        _ZH3,
        "| 营业收入 | 9,972 | 9,000 | 972 |",
        "营业收入增减额",
        "FY2024",
        "Acme",
        "CNY",
        Decimal("9720000"),
        "年报 表格",
        marks=pytest.mark.xfail(strict=True, reason="a right claim refused: known gap"),
    ),
    (
        "rate as level zh",
        _ZH3,
        "972 | 10.80 |",
        "营业收入",
        "FY2024",
        "Acme",
        "CNY",
        "refused",
        "年报 表格",
    ),
    (
        "change row as level zh",
        _ZH3B,
        "| 营业收入增减额 | 972 |",
        "营业收入",
        "FY2024",
        "Acme",
        "CNY",
        "refused",
        "年报 表格",
    ),
    (
        "level row as change zh",
        _ZH3B,
        "| 营业收入 | 9,972 |",
        "营业收入增减额",
        "FY2024",
        "Acme",
        "CNY",
        "refused",
        "年报 表格",
    ),
    (
        "change row as level en",
        _EN3B,
        "| Increase in revenue | 972 |",
        "Revenue",
        "FY2024",
        "Acme",
        "USD",
        "refused",
        "10-K / annual report table",
    ),
    (
        "bracket other metric en",
        _EN4,
        "£245m (2022: £221m)",
        "Operating profit",
        "FY2023",
        "Acme",
        "GBP",
        "refused",
        "10-K / annual report table",
    ),
    (
        "bracket prior as current en",
        _EN4,
        "(2022: £221m)",
        "Revenue",
        "FY2023",
        "Acme",
        "GBP",
        "refused",
        "10-K / annual report table",
    ),
    pytest.param(
        "bracket prior right en",
        _EN4,
        "| Revenue | £245m (2022: £221m) |",
        "Revenue",
        "FY2022",
        "Acme",
        "GBP",
        Decimal("221e6"),
        "10-K / annual report table",
        marks=pytest.mark.xfail(strict=True, reason="a right claim refused: known gap"),
    ),
    (
        "bracket zh prior as current",
        _ZH5,
        "（2022年：人民币11.1亿元）",
        "营业收入",
        "FY2023",
        "Acme",
        "CNY",
        "refused",
        "年报 表格",
    ),
    (
        "bracket zh other metric",
        _ZH5,
        "人民币12.3亿元（2022年：人民币11.1亿元）",
        "净利润",
        "FY2023",
        "Acme",
        "CNY",
        "refused",
        "年报 表格",
    ),
    (
        "bracket zh right",
        _ZH5,
        "| 营业收入 | 人民币12.3亿元",
        "营业收入",
        "FY2023",
        "Acme",
        "CNY",
        Decimal("1.23e9"),
        "年报 表格",
    ),
    pytest.param(
        "shared scale en",
        _EN6,
        "$1.2 and $1.1 million",
        "Litigation charges",
        "FY2023",
        "Acme",
        "USD",
        Decimal("1.2e6"),
        "10-K / annual report table",
        marks=pytest.mark.xfail(strict=True, reason="a right claim refused: known gap"),
    ),
    (
        "shared scale en other",
        _EN6,
        "$1.2 and $1.1 million",
        "Litigation charges",
        "FY2021",
        "Acme",
        "USD",
        "refused",
        "10-K / annual report table",
    ),
    pytest.param(
        "shared scale zh",
        _ZH6,
        "分别为1.2和1.1亿元",
        "诉讼费用",
        "FY2023",
        "Acme",
        "CNY",
        Decimal("1.2e8"),
        "年报 表格",
        marks=pytest.mark.xfail(strict=True, reason="a right claim refused: known gap"),
    ),
    (
        "growth year zh wrong",
        _ZH7,
        "比10年前增长31.6%",
        "钢产量增长率",
        "FY1997",
        "Acme",
        None,
        "refused",
        "年报 表格",
    ),
    (
        "outlook as actual en",
        _EN8,
        "| Revenue | 9,000 | 9,900 |",
        "Revenue",
        "FY2024",
        "Acme",
        "USD",
        "refused",
        "10-K / annual report table",
    ),
    pytest.param(
        "actual en",
        _EN8,
        "| Revenue | 9,000 |",
        "Revenue",
        "FY2023",
        "Acme",
        "USD",
        Decimal("9e9"),
        "10-K / annual report table",
        marks=pytest.mark.xfail(strict=True, reason="a right claim refused: known gap"),
    ),
    (
        "target as actual zh",
        _ZH8,
        "| 营业收入 | 9,000 | 9,900 |",
        "营业收入",
        "FY2024",
        "Acme",
        "CNY",
        "refused",
        "年报 表格",
    ),
    (
        "outlook heading en",
        _EN8B,
        "| Revenue | 9,900 |",
        "Revenue",
        "FY2024",
        "Acme",
        "USD",
        "refused",
        "10-K / annual report table",
    ),
    (
        "plan heading zh",
        _ZH8B,
        "| 营业收入 | 9,900 |",
        "营业收入",
        "FY2024",
        "Acme",
        "CNY",
        "refused",
        "年报 表格",
    ),
]


@pytest.mark.parametrize(
    ("shape", "text", "quote", "metric", "period", "entity", "currency", "expected", "source"),
    CASES,
)
def test_an_adversarial_table_row_is_right_or_refused(
    shape: str,
    text: str,
    quote: str,
    metric: str,
    period: str,
    entity: str,
    currency: str | None,
    expected: Decimal | str,
    source: str,
) -> None:
    assert _outcome(text, quote, metric, period, entity, currency) == expected, (shape, source)

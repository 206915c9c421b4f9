"""Answer sentences: the number written once, scaled by locale, with citations (issue 5)."""

from __future__ import annotations

import decimal
import re
from decimal import Decimal
from typing import Any

import pytest

from fincalc import (
    Computation,
    Fact,
    FiscalCalendar,
    InvalidInputError,
    add,
    average,
    cagr,
    change_over,
    formula,
    pp_change,
    qoq,
    ratio,
    render,
    scale,
    share,
    sub,
    yoy,
)
from fincalc._base.vocabulary import vocabulary


def fact(value: str, period: str = "2025Q3", **kwargs: Any) -> Fact:
    options: dict[str, Any] = {"metric": "营业收入", "entity": "华东区", "evidence_id": "doc"}
    options.update(kwargs)
    return Fact.build(value, period=period, **options)


def east_yoy() -> Computation:
    return yoy(
        fact("8.7E+8", evidence_id="2025Q3报告", page=12, raw="8.7 亿元"),
        fact("874320000", "2024Q3", evidence_id="2024Q3报告", raw="87,432 万元"),
    )


def test_east_china_story_in_both_locales() -> None:
    c = east_yoy()
    assert render(c) == (
        "华东区2025年第三季度营业收入同比下降0.49%（来源：2025Q3报告 第12页；2024Q3报告）。"
    )
    assert render(c, locale="en_US") == (
        "华东区 营业收入 for Q3 2025 decreased 0.49% year over year "
        "(sources: 2025Q3报告, p. 12; 2024Q3报告)."
    )


@pytest.mark.parametrize("locale", ["zh_CN", "en_US"])
def test_the_number_is_written_once(locale: str) -> None:
    text = render(east_yoy(), locale=locale)  # type: ignore[arg-type]
    assert text.count("0.49") == 1
    assert "99.99" not in text


@pytest.mark.parametrize(
    ("rounding", "zh", "en"),
    [
        (None, "14.82亿元", "CNY 1,482 million"),  # 1.482 billion would need 3 decimals
        ("ROUND_HALF_UP@2亿", "14.82亿元", "CNY 1.482 billion"),
        ("ROUND_HALF_UP@0万", "148,200万元", "CNY 1.482 billion"),
        ("ROUND_HALF_UP@1billion", "15亿元", "CNY 1.5 billion"),
    ],
)
def test_amounts_scale_by_moving_the_decimal_point_only(
    rounding: str | None, zh: str, en: str
) -> None:
    total = add(
        fact("8.7E+8", entity="华东区", evidence_id="seg-east"),
        fact("612000000", entity="华南区", evidence_id="seg-south"),
        entity="华东+华南",
        rounding=rounding,
    )
    assert zh in render(total)
    assert en in render(total, locale="en_US")


@pytest.mark.parametrize(
    ("value", "zh", "en"),
    [
        ("12345", "12,345.00元", "CNY 12,345.00"),  # never 1.2345万元
        ("999", "999.00元", "CNY 999.00"),
        ("-4320000", "-432万元", "CNY -4.32 million"),
        ("303000000", "3.03亿元", "CNY 303 million"),
    ],
)
def test_scales_for_each_size(value: str, zh: str, en: str) -> None:
    c = add(fact(value, entity="A"), fact("0", entity="B"), entity="合计")
    assert zh in render(c)
    assert en in render(c, locale="en_US")


def test_other_currencies_and_units() -> None:
    usd = add(
        fact("3.03E+8", entity="A", dimension="USD"),
        fact("1E+8", entity="B", dimension="USD"),
        entity="T",
    )
    assert "4.03亿美元" in render(usd)
    assert "USD 403 million" in render(usd, locale="en_US")
    sgd = add(
        fact("1E+4", entity="A", dimension="SGD"),
        fact("0", entity="B", dimension="SGD"),
        entity="T",
    )
    assert "1万新加坡元" in render(sgd)
    shares = add(
        fact("4E+8", entity="A", dimension="SHARES"),
        fact("1E+8", entity="B", dimension="SHARES"),
        entity="合计",
    )
    assert "5亿股" in render(shares)
    assert "500 million shares" in render(shares, locale="en_US")


def test_every_operation_has_a_sentence_in_both_locales() -> None:
    n24 = fact("0.253", "FY2024", metric="毛利率", dimension="RATIO", evidence_id="a24")
    n23 = fact("0.248", "FY2023", metric="毛利率", dimension="RATIO", evidence_id="a23")
    group = fact("2.9E+9", entity="全公司", evidence_id="is")
    east = fact("8.7E+8", evidence_id="seg")
    profit = fact("1.2E+8", "FY2024", metric="净利润", evidence_id="a24")
    shares = fact("4E+8", "FY2024", metric="总股本", dimension="SHARES", evidence_id="a24")
    expected = {
        "pp": (
            pp_change(n24, n23),
            "2024年度毛利率较2023年度上升0.50个百分点",
            "0.50 percentage points",
        ),
        "share": (share(east, group), "营业收入占全公司的30.00%", "accounted for 30.00% of 全公司"),
        "cagr": (
            cagr(fact("121", "FY2024", evidence_id="a"), fact("100", "FY2022", evidence_id="b")),
            "2022年度至2024年度营业收入年复合增长率为10.00%",
            "compound annual rate of 10.00% from FY2022 to FY2024",
        ),
        "qoq": (
            qoq(fact("900", "2025Q3"), fact("800", "2025Q2")),
            "2025年第三季度营业收入环比增长12.50%",
            "increased 12.50% period over period",
        ),
        "sub": (
            sub(fact("2.6E+9", "2025年前三季度"), fact("1.7E+9", "2025年上半年")),
            "华东区2025年第三季度营业收入为9亿元",
            "for Q3 2025 was CNY 900 million",
        ),
        "eps": (
            ratio(profit, shares, metric="每股收益"),
            "每股收益为0.30元/股",
            "CNY 0.30 per share",
        ),
    }
    for name, (c, zh, en) in expected.items():
        assert zh in render(c), name
        assert en in render(c, locale="en_US"), name


def test_period_names() -> None:
    c = sub(fact("3.5E+9", "FY2025"), fact("2.6E+9", "2025年前三季度"))
    assert render(c, template="{period} {base_period}") == "2025年第四季度 2025年前三季度"
    assert render(c, locale="en_US", template="{period}, {base_period}") == "Q4 2025, 9M 2025"
    half = add(fact("1", "2025Q1"), fact("2", "2025Q2"))
    assert render(half, template="{period}") == "2025年上半年"
    assert render(half, locale="en_US", template="{period}") == "H1 2025"
    months = add(fact("1", "2025-01"), fact("2", "2025-02"))
    assert render(months, template="{period}") == "2025年前2个月"
    month = qoq(fact("2", "2025-03"), fact("1", "2025-02"))
    assert render(month, template="{period} {base_period}") == "2025年3月 2025年2月"
    assert render(month, locale="en_US", template="{period}") == "March 2025"
    instant = yoy(fact("2", "2025年6月30日"), fact("1", "2024年6月30日"))
    assert render(instant, template="{period}") == "2025年6月30日"
    assert render(instant, locale="en_US", template="{period}") == "June 30, 2025"


def test_fiscal_calendar_periods() -> None:
    october = FiscalCalendar.named("october")
    quarters = [fact(str(i), f"Q{i} FY2024", calendar=october) for i in (1, 2)]
    c = add(*quarters, calendar=october)
    assert render(c, template="{period}") == "2024财年上半年"
    assert render(c, locale="en_US", template="{period}") == "H1 FY2024"


def test_citations_are_deduplicated_in_order() -> None:
    c = add(
        fact("1", entity="A", evidence_id="r1", page=3),
        fact("2", entity="B", evidence_id="r1", page=3),
        fact("3", entity="C", evidence_id="r2"),
        entity="T",
    )
    assert render(c, template="{citations}") == "（来源：r1 第3页；r2）"
    assert render(c, locale="en_US", template="{citations}") == " (sources: r1, p. 3; r2)"


def test_negative_zero_is_never_written() -> None:
    c = sub(fact("1.001", entity="A"), fact("1.004", entity="B"))
    assert str(c.display) == "-0.00"
    assert render(c, template="{value}") == "0.00元"


def test_render_leaves_the_callers_context_alone() -> None:
    hostile = decimal.Context(prec=2, traps=[decimal.Inexact, decimal.Rounded])
    with decimal.localcontext(hostile) as context:
        text = render(add(fact("123456789.12", entity="A"), fact("1", entity="B"), entity="T"))
        assert "123,456,790.12元" in text
        assert not any(context.flags.values())


@pytest.mark.parametrize(
    "template", ["{value.__class__}", "{value!r}", "{value:>10}", "{question}", "{0}", "{", 5]
)
def test_templates_are_restricted(template: Any) -> None:
    with pytest.raises(InvalidInputError, match="template"):
        render(east_yoy(), template=template)


def test_custom_template_and_bad_arguments() -> None:
    c = east_yoy()
    assert render(c, template="{entity}：{value}") == "华东区：-0.49%"
    assert re.fullmatch(r"\{\{literal\}\} -0\.49%", render(c, template="{{{{literal}}}} {value}"))
    with pytest.raises(InvalidInputError, match="locale"):
        render(c, locale="fr_FR")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="Computation"):
        render("-0.49%")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("now", "before", "zh", "en"),
    [
        ("900", "800", "同比增长12.50%", "increased 12.50% year over year"),
        ("700", "800", "同比下降12.50%", "decreased 12.50% year over year"),
        ("800", "800", "同比持平（", "was flat year over year ("),
        ("800.00001", "800", "同比基本持平（", "was essentially flat year over year ("),
        ("800.1", "800", "同比增长0.01%", "increased 0.01% year over year"),
    ],
)
def test_growth_is_written_with_a_direction_word(now: str, before: str, zh: str, en: str) -> None:
    c = yoy(fact(now, "2025Q3"), fact(before, "2024Q3"))
    assert zh in render(c)
    assert en in render(c, locale="en_US")
    assert render(c, template="{value}") == format(c.display, "f") + "%"
    assert "0.00%" not in render(c) + render(c, locale="en_US")


# -- reviewer defects: wording ---------------------------------------------------


@pytest.mark.parametrize(
    ("value", "dimension", "zh", "en"),
    [
        ("1846913570.13", "CNY", "合计为1,846,913,570.13元", "totaled CNY 1,846,913,570.13"),
        ("12445.6", "HKD", "合计为12,445.60港元", "totaled HKD 12,445.60"),
        ("1.75E+9", "CNY", "合计为17.5亿元", "totaled CNY 1.75 billion"),
        (
            "1234500",
            "CNY",
            "合计为123.45万元",
            "totaled CNY 1,234,500.00 (",
        ),
    ],
)
def test_base_unit_amounts_scale_only_when_short(
    value: str, dimension: str, zh: str, en: str
) -> None:
    c = add(
        fact(value, entity="A", dimension=dimension),
        fact("0", entity="B", dimension=dimension),
        entity="合计",
    )
    assert zh in render(c)
    assert en in render(c, locale="en_US")


def test_a_ratio_under_a_base_unit_rule_is_written_as_a_percentage() -> None:
    c = yoy(fact("900", "2025Q3"), fact("800", "2024Q3"), rounding="ROUND_HALF_UP@4")
    assert c.display == Decimal("0.1250")
    assert "同比增长12.50%" in render(c)
    assert "increased 12.50% year over year" in render(c, locale="en_US")
    m24 = fact("0.253", "FY2024", metric="毛利率", dimension="RATIO", evidence_id="a24")
    m23 = fact("0.248", "FY2023", metric="毛利率", dimension="RATIO", evidence_id="a23")
    pp = pp_change(m24, m23, rounding="ROUND_HALF_UP@4")
    assert "上升0.50个百分点" in render(pp)


def test_sub_changes_name_the_comparison() -> None:
    change = sub(fact("8.7E+8", "2025Q3"), fact("7.7E+8", "2024Q3"))
    assert render(change) == "华东区2025年第三季度营业收入较2024年第三季度增加1亿元（来源：doc）。"
    assert render(change, locale="en_US") == (
        "华东区 营业收入 for Q3 2025 increased by CNY 100 million from Q3 2024 (sources: doc)."
    )
    fall = sub(fact("6.7E+8", "2025Q3"), fact("7.7E+8", "2025Q2"))
    assert "较2025年第二季度减少1亿元" in render(fall)
    assert "decreased by CNY 100 million from Q2 2025" in render(fall, locale="en_US")
    same = sub(fact("7.7E+8", "2025Q3"), fact("7.7E+8", "2024Q3", evidence_id="d2"))
    assert "较2024年第三季度持平（" in render(same)
    assert "was unchanged from Q3 2024" in render(same, locale="en_US")


def test_sub_between_entities_compares_them() -> None:
    east, south = fact("8.7E+8", entity="华东区"), fact("7.7E+8", entity="华南区")
    diff = sub(east, south)
    assert render(diff) == "华东区2025年第三季度营业收入比华南区高1亿元（来源：doc）。"
    assert render(diff, locale="en_US") == (
        "华东区 营业收入 for Q3 2025 exceeded 华南区 by CNY 100 million (sources: doc)."
    )
    below = sub(south, east)
    assert "华南区2025年第三季度营业收入比华东区低1亿元" in render(below)
    assert "trailed 华东区 by CNY 100 million" in render(below, locale="en_US")
    assert render(below, template="{value}") == "-1亿元"
    gross = sub(fact("1.5E+9", metric="营业收入"), fact("1.1E+9", metric="营业成本"), metric="毛利")
    assert "华东区2025年第三季度毛利为4亿元" in render(gross)


def test_fiscal_years_and_unnamed_periods() -> None:
    october = FiscalCalendar.named("october")

    def apple(value: str, period: str) -> Fact:
        return fact(
            value,
            period,
            entity="Apple",
            metric="Revenue",
            dimension="USD",
            calendar=october,
            evidence_id=period,
        )

    named = yoy(apple("391035", "FY2024"), apple("383285", "FY2023"), calendar=october)
    assert render(named).startswith("Apple2024财年Revenue同比增长2.02%")
    assert "Revenue for FY2024 increased 2.02%" in render(named, locale="en_US")
    unnamed = yoy(apple("391035", "FY2024"), apple("383285", "FY2023"))  # calendar not passed
    assert render(unnamed).startswith("Apple2023年10月1日至2024年9月30日Revenue同比增长")
    assert "for October 1, 2023 to September 30, 2024 increased" in render(unnamed, locale="en_US")
    for c in (named, unnamed):
        for locale in ("zh_CN", "en_US"):
            assert "[" not in render(c, locale=locale)  # type: ignore[arg-type]
    quarter = qoq(apple("9", "Q2 FY2024"), apple("8", "Q1 FY2024"))  # calendar-year names
    assert render(quarter, template="{period} {base_period}") == "2024年第一季度 2023年第四季度"


def test_instants_read_as_of_in_english() -> None:
    c = yoy(
        fact("2", "2024年12月31日", metric="总资产"), fact("1", "2023年12月31日", metric="总资产")
    )
    assert "华东区 总资产 as of December 31, 2024 increased 100.00% year over year" in render(
        c, locale="en_US"
    )
    assert render(c).startswith("华东区2024年12月31日总资产同比增长100.00%")
    assert render(c, locale="en_US", template="{period}") == "December 31, 2024"


@pytest.mark.parametrize("locale", ["zh_CN", "en_US"])
@pytest.mark.parametrize("kind", ["yoy", "qoq", "pp_change", "sub_change", "sub_entity"])
def test_every_change_has_its_direction_words_in_the_data(locale: str, kind: str) -> None:
    words = vocabulary("render")
    table = words.table(f"directions.{locale}.{kind}")
    assert sorted(set(table.values())) == ["down", "flat", "nearly_flat", "up"]
    up, down = (words.words(f"directions.{locale}.{kind}.{s}")[0] for s in ("up", "down"))
    assert up != down


# -- issue 14: multiples, percentage points, days, physical units, chained citations --


@pytest.mark.parametrize(
    ("build", "zh", "en"),
    [
        (
            lambda: ratio(
                fact("1.5E+9", "FY2024"),
                fact("8.67E+8", "2024-12-31", metric="总资产"),
                metric="总资产周转率",
                kind="turnover",
            ),
            "总资产周转率为1.73倍",
            "总资产周转率 for FY2024 was 1.73x",
        ),
        (
            lambda: ratio(
                fact("4.64E+8", "FY2024", metric="息税前利润"),
                fact("1E+8", "FY2024", metric="利息费用"),
                metric="利息保障倍数",
                kind="multiple",
            ),
            "利息保障倍数为4.64倍",
            "was 4.64x",
        ),
        (
            lambda: ratio(
                fact("3.86E+8", "2024-12-31", metric="应收账款"),
                fact("1.5E+9", "FY2024"),
                metric="应收账款周转天数",
                kind="days",
            ),
            "应收账款周转天数为93.93天",
            "was 93.93 days",
        ),
        (
            lambda: sub(
                fact("0.253", "FY2024", metric="毛利率", dimension="RATIO"),
                fact("0.251", "FY2023", metric="毛利率", dimension="RATIO"),
            ),
            "毛利率较2023年度增加0.20个百分点",
            "increased by 0.20 percentage points from FY2023",
        ),
        (
            lambda: sub(
                fact("0.22", "FY2024", metric="毛利率", dimension="RATIO"),
                fact("0.25", "FY2023", metric="毛利率", dimension="RATIO"),
            ),
            "毛利率较2023年度减少3.00个百分点",
            "decreased by 3.00 percentage points",
        ),
        (
            lambda: sub(
                fact("0.22", "FY2024", metric="毛利率", dimension="RATIO"),
                fact("0.25", "FY2024", metric="毛利率", dimension="RATIO", entity="华南区"),
            ),
            "毛利率比华南区低3.00个百分点",
            "trailed 华南区 by 3.00 percentage points",
        ),
        (
            lambda: add(
                fact("5.4E+6", "FY2024", metric="原煤产量", dimension="TONNES", entity="A矿"),
                fact("1.2E+6", "FY2024", metric="原煤产量", dimension="TONNES", entity="B矿"),
                entity="两矿合计",
            ),
            "原煤产量合计为660万吨",
            "totaled 6.6 million tonnes",
        ),
        (
            lambda: add(
                fact(
                    "4.126E+10", "FY2024", metric="用电量", dimension="KILOWATT_HOURS", entity="A"
                ),
                fact("1E+9", "FY2024", metric="用电量", dimension="KILOWATT_HOURS", entity="B"),
                entity="全市",
            ),
            "用电量合计为422.6亿千瓦时",
            "totaled 42.26 billion kWh",
        ),
        (
            lambda: ratio(
                fact("1.5E+9", "FY2024"),
                fact("12000", "2024-12-31", metric="员工人数", dimension="PERSONS"),
                metric="人均营业收入",
                kind="per_unit",
            ),
            "人均营业收入为12.5万元/人",
            "was CNY 125,000.00 per person",
        ),
        (
            lambda: scale(
                fact("0.2573", "FY2024", metric="应收账款/营业收入", dimension="RATIO"),
                365,
                meaning="days in the year",
                dimension="DAYS",
                metric="应收账款周转天数",
            ),
            "应收账款周转天数为93.91天",
            "was 93.91 days",
        ),
    ],
    ids=[
        "turnover",
        "coverage",
        "days",
        "pp-up",
        "pp-down",
        "pp-between-entities",
        "tonnes",
        "kwh",
        "per-person",
        "scaled-days",
    ],
)
def test_units_beyond_money(build: Any, zh: str, en: str) -> None:
    c = build()
    assert zh in render(c)
    assert en in render(c, locale="en_US")
    assert "%" not in render(c).replace("个百分点", "")


def test_one_day_is_singular_in_english() -> None:
    one = scale(
        fact("1", "FY2024", dimension="DAYS"), 1, meaning="identity", rounding="ROUND_HALF_UP@0"
    )
    assert "was 1 day (" in render(one, locale="en_US")


def test_averages_say_what_they_average() -> None:
    balances = average(
        fact("4.1E+8", "2023-12-31", metric="存货", page=30),
        fact("4.5E+8", "2024-12-31", metric="存货", page=31),
    )
    assert (
        render(balances) == "华东区2024年度存货平均余额为4.3亿元（来源：doc 第30页；doc 第31页）。"
    )
    assert render(balances, locale="en_US") == (
        "华东区 average 存货 for FY2024 was CNY 430 million (sources: doc, p. 30; doc, p. 31)."
    )
    years = average(*[fact(v, p) for v, p in [("1E+8", "FY2022"), ("2E+8", "FY2023")]])
    assert render(years) == "华东区2022年度至2023年度营业收入平均为1.5亿元（来源：doc）。"


def test_change_over_reads_as_a_change_with_a_direction() -> None:
    up = change_over(fact("133.1", "FY2024"), fact("100", "FY2021"))
    assert render(up) == "华东区2024年度营业收入较2021年度增长33.10%（来源：doc）。"
    flat = change_over(fact("100", "FY2024"), fact("100", "FY2021"))
    assert render(flat) == "华东区2024年度营业收入较2021年度持平（来源：doc）。"
    assert render(flat, locale="en_US") == (
        "华东区 营业收入 for FY2024 was unchanged from FY2021 (sources: doc)."
    )


def test_a_chained_computation_cites_its_leaf_pages_never_a_hash() -> None:
    revenue = fact("1E+9", "FY2024", evidence_id="年报", page=5)
    cost = fact("6E+8", "FY2024", metric="营业成本", evidence_id="年报", page=6)
    gross = sub(revenue, cost, metric="毛利")
    margin = ratio(gross.as_fact(), revenue, metric="毛利率")
    assert render(margin) == "华东区2024年度毛利率为40.00%（来源：年报 第5页；年报 第6页）。"
    assert "computation:" not in render(margin, locale="en_US")
    deeper = ratio(margin.as_fact(), margin.as_fact(), metric="self")
    assert render(deeper).endswith("（来源：年报 第5页；年报 第6页）。")


def test_formula_names_follow_the_inputs_language() -> None:
    terms = {
        "operating_cash_flow": fact("1.2E+9", "FY2024", metric="经营活动现金流量净额"),
        "capital_expenditure": fact("4E+8", "FY2024", metric="资本开支"),
    }
    assert render(formula("FCF", terms)) == "华东区2024年度自由现金流为8亿元（来源：doc）。"
    assert formula("FCF", terms, metric="FCF").target.metric == "FCF"


# -- issue 27: a plain Fact renders as read --------------------------------------------------

FACT_SENTENCES = [
    # (source, build kwargs, zh_CN, en_US)
    (
        "三季报 (ZH): a level",
        {
            "value": "8.7E+8",
            "metric": "营业收入",
            "entity": "华东区",
            "period": "2025Q3",
            "page": 3,
        },
        "华东区2025年第三季度营业收入为8.7亿元（来源：r 第3页）。",
        "华东区 营业收入 for Q3 2025 was CNY 870 million (sources: r, p. 3).",
    ),
    (
        "统计公报 (ZH): a change, one year back by default",
        {
            "value": "553.1E+8",
            "metric": "地区生产总值",
            "entity": "全省",
            "period": "2024年",
            "role": "change",
        },
        "全省2024年度地区生产总值较2023年度增加553.1亿元（来源：r）。",
        "全省 地区生产总值 for FY2024 increased by CNY 55.31 billion from FY2023 (sources: r).",
    ),
    (
        "10-Q (EN): a balance's decrease against a declared date",
        {
            "value": "-312E+6",
            "metric": "Cash",
            "entity": "Retailer",
            "period": "2023-07-29",
            "dimension": "USD",
            "role": "change",
            "compared_to": "2023-01-28",
        },
        "Retailer2023年7月29日Cash较2023年1月28日减少3.12亿美元（来源：r）。",
        "Retailer Cash as of July 29, 2023 decreased by USD 312 million from January 28, 2023 "
        "(sources: r).",
    ),
    (
        "统计公报 (ZH): a growth rate",
        {
            "value": "0.082",
            "metric": "地区生产总值",
            "entity": "全省",
            "period": "2024年",
            "dimension": "RATIO",
            "role": "growth",
        },
        "全省2024年度地区生产总值较2023年度增长8.2%（来源：r）。",
        "全省 地区生产总值 for FY2024 increased 8.2% from FY2023 (sources: r).",
    ),
]


@pytest.mark.parametrize(("source", "kwargs", "zh", "en"), FACT_SENTENCES)
def test_render_accepts_a_plain_fact(source: str, kwargs: dict[str, Any], zh: str, en: str) -> None:
    options = dict(kwargs)
    value = options.pop("value")
    f = Fact.build(value, evidence_id="r", **options)
    assert render(f) == zh, source
    assert render(f, locale="en_US") == en, source
    # the value is written exactly as read, never rounded to two places
    written = render(f, template="{magnitude}").replace(",", "")
    assert written in zh.replace(",", "")

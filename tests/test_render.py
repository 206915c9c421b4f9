"""Answer sentences: the number written once, scaled by locale, with citations (issue 5)."""

from __future__ import annotations

import decimal
import re
from typing import Any

import pytest

from fincalc import (
    Computation,
    Fact,
    FiscalCalendar,
    InvalidInputError,
    add,
    cagr,
    pp_change,
    qoq,
    ratio,
    render,
    share,
    sub,
    yoy,
)


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
        (None, "14.82亿元", "CNY 1.482 billion"),
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
        ("12345", "1.2345万元", "CNY 12,345.00"),
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
        assert "1.2345679012亿元" in text
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
        ("800", "800", "同比持平0.00%", "was flat at 0.00% year over year"),
    ],
)
def test_growth_is_written_with_a_direction_word(now: str, before: str, zh: str, en: str) -> None:
    c = yoy(fact(now, "2025Q3"), fact(before, "2024Q3"))
    assert zh in render(c)
    assert en in render(c, locale="en_US")
    assert render(c, template="{value}") == format(c.display, "f") + "%"

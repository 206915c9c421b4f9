"""unsupported_numbers: every number in an answer is in a source or a computation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import Document, Fact, FincalcError, unsupported_numbers, yoy

REPORT = Document(
    "ar-2025q3",
    "2025年第三季度，华东区实现营业收入8.7亿元，毛利率为31.2%。\n"
    "单位：万元\n"
    "| 地区 | 2025年第三季度 | 2024年第三季度 |\n"
    "| 华东区营业收入 | 87,000 | 87,432 |\n",
)
TEN_K = "Net sales were $94,930 million, up 6% from $89,498 million a year earlier."


def raws(answer: str, *sources: Document | str, **kwargs: object) -> list[str]:
    return [q.raw for q in unsupported_numbers(answer, list(sources), **kwargs)]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("answer", "sources", "unsupported", "why"),
    [
        ("华东区营业收入为8.7亿元。", [REPORT], [], "quoted as written"),
        ("上年同期为8.74亿元。", [REPORT], [], "table cell 87,432 万元 at the answer's precision"),
        ("上年同期为87,432万元。", [REPORT], [], "table cell with its declared unit"),
        ("毛利率31.2%，净利率12.5%。", [REPORT], ["12.5%"], "a ratio the source never states"),
        ("华东区营业收入为8.1亿元。", [REPORT], ["8.1亿元"], "a changed digit"),
        ("华东区营业收入为87亿元。", [REPORT], ["87亿元"], "a wrong scale"),
        ("Net sales were $94.93 billion.", [TEN_K], [], "rescaled, same digits"),
        ("Net sales were $94.9 billion.", [TEN_K], [], "rounded to the answer's precision"),
        ("Net sales were $95.1 billion.", [TEN_K], ["$95.1 billion"], "not in the filing"),
        ("Net sales were JP¥94,930 million.", [TEN_K], ["JP¥94,930 million"], "other currency"),
        ("没有找到相关数据。", [REPORT], [], "no numbers at all"),
    ],
)
def test_examples(
    answer: str, sources: list[Document | str], unsupported: list[str], why: str
) -> None:
    assert raws(answer, *sources) == unsupported, why


def test_computation_results_are_supported() -> None:
    now = Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3", evidence_id="a")
    before = Fact.build(
        "874320000", metric="营业收入", entity="华东区", period="2024Q3", evidence_id="a"
    )
    growth = yoy(now, before)
    answer = "华东区第三季度营业收入8.7亿元，同比下降0.49%。"
    assert raws(answer, REPORT) == ["0.49%"]
    assert raws(answer, REPORT, computations=[growth]) == []


def test_spans_point_into_the_answer() -> None:
    answer = "营业收入8.7亿元，净利率12.5%。"
    [q] = unsupported_numbers(answer, REPORT)
    assert q.span is not None
    assert answer[q.span[0] : q.span[1]] == q.raw


@pytest.mark.parametrize(
    ("answer", "sources", "kwargs"),
    [(None, [REPORT], {}), ("8.7亿元", [3], {}), ("8.7亿元", [REPORT], {"computations": [1]})],
)
def test_bad_arguments_raise_fincalc_errors(
    answer: object, sources: object, kwargs: dict[str, object]
) -> None:
    with pytest.raises(FincalcError):
        unsupported_numbers(answer, sources, **kwargs)  # type: ignore[arg-type]


@given(st.integers(min_value=10, max_value=10**12), st.sampled_from(["元", "万元", "亿元"]))
def test_an_amount_copied_from_the_source_is_always_supported(value: int, unit: str) -> None:
    source = f"营业收入为{value:,}{unit}。"
    assert unsupported_numbers(f"答：营业收入{value:,}{unit}", source) == []


@pytest.mark.parametrize(
    ("answer", "unsupported"),
    [
        ("华东区营业收入87,432元。", ["87,432元"]),  # the cell is 87,432 万元: off by 10^4
        ("华东区营业收入87,432美元。", ["87,432美元"]),  # and another currency
        ("华东区营业收入87,432万元。", []),
        ("华东区营业收入8.74亿元。", []),
    ],
)
def test_a_declared_cell_supports_only_its_declared_value(
    answer: str, unsupported: list[str]
) -> None:
    doc = Document("r1", "单位：万元\n| 华东区营业收入 | 87,432 |\n")
    assert [q.raw for q in unsupported_numbers(answer, [doc])] == unsupported


def test_a_bare_source_number_supports_only_a_bare_answer_number() -> None:
    assert raws("增长了 1,208 家", "新增客户 1,208") == ["1,208 家"]
    assert raws("新增 1,208", "新增客户 1,208") == []


def test_a_row_label_unit_governs_the_source_cell() -> None:
    doc = Document("r", "| 营业收入（万元） | 87,432 |\n")
    assert raws("营业收入8.74亿元", doc) == []
    assert raws("营业收入87,432元", doc) == ["87,432元"]


def test_a_per_share_computation_supports_its_rendered_amount() -> None:
    from fincalc import ratio, render

    profit = Fact.build(
        "520000000", metric="净利润", entity="公司", period="FY2024", evidence_id="a"
    )
    shares = Fact.build(
        "1000000000",
        metric="总股本",
        entity="公司",
        period="FY2024",
        evidence_id="b",
        dimension="SHARES",
    )
    eps = ratio(profit, shares, metric="基本每股收益")
    for locale in ("zh_CN", "en_US"):
        assert unsupported_numbers(render(eps, locale=locale), [], computations=[eps]) == []

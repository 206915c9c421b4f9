"""Issue 24: every declared field of a claim is checked against the record of its amount.

A claim resolves only when the row label or clause subject supports its metric, the
entity and statement scope are its own, and the amount's role (level, change,
comparative, guidance) is the one it claims.  Refusals carry their own reason codes
(metric_mismatch, metric_unverified, entity_mismatch, role_mismatch, not_actual).
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings

from fincalc import Document, resolve_all
from fincalc._grounding.metrics import claimed_role, metric_verdict
from fincalc._grounding.records import read_prose
from fincalc.testing import claim_page, claim_pages

# -- the metric vocabulary ------------------------------------------------------------------

# (row label, claimed metric, verdict, source of the label's wording)
LABELS = [
    ("Total net sales", "Revenue", "match", "10-K statement of operations"),
    ("Revenues, net", "Revenue", "match", "10-K statement of operations"),
    ("Total cost of sales", "Services", "mismatch", "10-K: the row under Services"),
    ("Subscription", "Total revenue", "mismatch", "SaaS 10-K revenue disaggregation"),
    ("Cost of revenue", "Revenue", "mismatch", "10-K statement of operations"),
    ("Adjusted EBITDA", "EBITDA", "mismatch", "earnings release non-GAAP table"),
    ("Net income attributable to noncontrolling interests", "Net income", "mismatch", "10-K"),
    ("Operating income", "Income", "unverified", "10-K: a metric too vague to confirm"),
    ("一、营业总收入", "营业收入", "mismatch", "CSRC 利润表: 营业总收入 is not 营业收入"),
    ("其中：营业收入", "营业收入", "match", "CSRC 利润表"),
    ("营业收入（万元）", "营业收入", "match", "年报 主要会计数据"),
    ("归属于上市公司股东的净利润", "归母净利润", "match", "年报 主要会计数据"),
    ("归属于上市公司股东的扣除非经常性损益的净利润", "归母净利润", "mismatch", "年报"),
    ("母公司净利润", "净利润", "mismatch", "年报 母公司报表"),
    ("经营活动产生的现金流量净额 七、78", "经营活动产生的现金流量净额", "match", "年报 附注编号"),
]


@pytest.mark.parametrize(("label", "metric", "verdict", "source"), LABELS)
def test_a_row_label_supports_only_its_own_metric(
    label: str, metric: str, verdict: str, source: str
) -> None:
    assert metric_verdict(label, metric).verdict == verdict, source


@pytest.mark.parametrize(
    ("metric", "declared", "role"),
    [
        ("营业收入同比增长率", "level", "change"),
        ("Revenue", "level", "level"),
        ("Revenue", "growth", "change"),
        ("研发投入占营业收入比例", "level", "share"),
        ("FY24 revenue guidance", "level", "guidance"),
    ],
)
def test_the_claimed_role_comes_from_the_role_field_or_the_metric(
    metric: str, declared: str, role: str
) -> None:
    assert claimed_role(metric, declared) == role


# -- whole claims: right ones resolve, wrong ones are refused with their reason -------------

STATEMENTS_EN = (
    "(In millions)\n| | 2023 | 2022 |\n| Services | 85,200 | 78,129 |\n"
    "| Total cost of sales | 223,546 | 214,137 |\n| Subscription | 9,000 | 8,000 |\n"
    "| Total revenue | 312,000 | 301,000 |\n"
)
OUTLOOK_EN = "FY23 Outlook\n(In millions)\n| | FY2023 |\n| Revenue | 5,100 |\n"
PARENT_ZH = (
    "母公司利润表\n单位：元\n| 项目 | 2023年度 | 2022年度 |\n"
    "| 一、营业收入 | 1,000,000.00 | 900,000.00 |\n"
)
ROE_ZH = (
    "| 项目 | 2023年 | 2022年 | 本年比上年增减 |\n"
    "| 加权平均净资产收益率（%） | 10.50 | 7.81 | 增加2.69个百分点 |\n"
)
PROSE_EN = (
    "Cost of revenue increased $120 million to $3,400 million in fiscal 2024. "
    "Revenue increased by $972 million in 2024 versus 2023, driven by volume. "
    "Revenue was £245m (2022: £221m) and operating profit rose to £40m in 2023. "
    "Interest expense was $1.2 and $1.1 million in 2023 and 2022, respectively. "
    "For fiscal 2025, we expect revenue of approximately $14.1 billion. "
    "Revenue and operating income were $12.9 billion and $2.1 billion, respectively, in 2024."
)
PROSE_ZH = (
    "2023年，集体企业增加值增长3.2%，国有及国有控股企业增长5.1%。"
    "营业收入为人民币12.3亿元（2022年：人民币11.1亿元）。"
    "2023年公司实现营业收入128.74亿元，比上年增加9.72亿元。"
    "1998年全国钢产量11,459万吨，超过1997年12768万吨的历史最好水平，比10年前增长31.6%。"
    "公司预计2024年营业收入约150亿元。"
    "2023年，公司营业收入和净利润分别为128.7亿元和15.0亿元。"
)
DOCS = {
    "en": Document("en", STATEMENTS_EN, currency="USD"),
    "outlook": Document("outlook", OUTLOOK_EN, currency="USD"),
    "parent": Document("parent", PARENT_ZH, currency="CNY"),
    "roe": Document("roe", ROE_ZH),
    "prose-en": Document("prose-en", PROSE_EN),
    "prose-zh": Document("prose-zh", PROSE_ZH),
}

# (document, quote, metric, entity, period, currency, value or refusal reason, source)
CLAIMS = [
    (
        "prose-en",
        "$2.1 billion",
        "Operating income",
        "Acme",
        "FY2024",
        "USD",
        "2.1E+9",
        "10-K MD&A: the second line item of a respectively list",
    ),
    (
        "prose-en",
        "$2.1 billion",
        "Revenue",
        "Acme",
        "FY2024",
        "USD",
        "metric_mismatch",
        "10-K MD&A: the first line item's name on the second amount",
    ),
    ("prose-zh", "15.0亿元", "净利润", "公司", "2023年", "CNY", "1.50E+9", "A股年报: 分别为"),
    (
        "prose-zh",
        "128.7亿元",
        "净利润",
        "公司",
        "2023年",
        "CNY",
        "metric_mismatch",
        "A股年报: 分别为, the other line item's amount",
    ),
    ("en", "223,546", "Services", "Acme", "FY2023", "USD", "metric_mismatch", "10-K row above"),
    ("en", "223,546", "Total cost of sales", "Acme", "FY2023", "USD", "2.23546E+11", "10-K"),
    (
        "en",
        "| Subscription | 9,000 |",
        "Total revenue",
        "Acme",
        "FY2023",
        "USD",
        "metric_mismatch",
        "SaaS 10-K disaggregation",
    ),
    (
        "outlook",
        "| Revenue | 5,100 |",
        "Revenue",
        "Acme",
        "FY2023",
        "USD",
        "not_actual",
        "investor deck outlook table",
    ),
    (
        "parent",
        "一、营业收入 | 1,000,000.00",
        "营业收入",
        "华信精密",
        "2023年度",
        "CNY",
        "entity_mismatch",
        "年报 母公司利润表 claimed for the group",
    ),
    (
        "parent",
        "一、营业收入 | 1,000,000.00",
        "母公司营业收入",
        "华信精密",
        "2023年度",
        "CNY",
        "1000000.00",
        "年报 母公司利润表 claimed as 母公司's",
    ),
    (
        "roe",
        "加权平均净资产收益率（%） | 10.50 | 7.81 | 增加2.69个百分点",
        "加权平均净资产收益率",
        "公司",
        "2023年",
        None,
        "0.1050",
        "年报 主要财务指标: the level, not the change",
    ),
    (
        "prose-en",
        "$3,400 million",
        "Revenue",
        "Acme",
        "FY2024",
        "USD",
        "metric_mismatch",
        "10-K MD&A: cost of revenue",
    ),
    (
        "prose-en",
        "$972 million",
        "Revenue",
        "Acme",
        "FY2024",
        "USD",
        "role_mismatch",
        "10-K MD&A: a change as a level",
    ),
    (
        "prose-en",
        "$972 million",
        "Revenue change",
        "Acme",
        "FY2024",
        "USD",
        "9.72E+8",
        "10-K MD&A: the change claimed as one",
    ),
    (
        "prose-en",
        "£245m (2022: £221m)",
        "Operating profit",
        "Acme",
        "FY2023",
        "GBP",
        "metric_mismatch",
        "UK annual report: another metric's bracket",
    ),
    ("prose-en", "£221m", "Revenue", "Acme", "FY2022", "GBP", "2.21E+8", "UK annual report"),
    (
        "prose-en",
        "$1.2",
        "Interest expense",
        "Acme",
        "FY2023",
        "USD",
        "1.2E+6",
        "10-K: a respectively list sharing 'million'",
    ),
    (
        "prose-en",
        "$14.1 billion",
        "Revenue",
        "Acme",
        "FY2025",
        "USD",
        "not_actual",
        "earnings release outlook",
    ),
    (
        "prose-zh",
        "集体企业增加值增长3.2%",
        "增加值增长率",
        "国有及国有控股企业",
        "2023年",
        None,
        "entity_mismatch",
        "统计公报: another entity's rate",
    ),
    (
        "prose-zh",
        "集体企业增加值增长3.2%",
        "增加值增长率",
        "集体企业",
        "2023年",
        None,
        "0.032",
        "统计公报",
    ),
    (
        "prose-zh",
        "（2022年：人民币11.1亿元）",
        "营业收入",
        "公司",
        "2023年",
        "CNY",
        "period_mismatch",
        "港股年报: only the comparative bracket",
    ),
    (
        "prose-zh",
        "128.74亿元",
        "营业收入增减额",
        "公司",
        "2023年",
        "CNY",
        "role_mismatch",
        "A股年报: a level claimed as a change",
    ),
    ("prose-zh", "9.72亿元", "营业收入增减额", "公司", "2023年", "CNY", "9.72E+8", "A股年报"),
    (
        "prose-zh",
        "比10年前增长31.6%",
        "钢产量增长率",
        "全国",
        "1997年",
        None,
        "period_mismatch",
        "统计公报: the year of the compared record is not the rate's",
    ),
    ("prose-zh", "比10年前增长31.6%", "钢产量增长率", "全国", "1998年", None, "0.316", "统计公报"),
    (
        "prose-zh",
        "营业收入约150亿元",
        "营业收入",
        "公司",
        "2024年",
        "CNY",
        "not_actual",
        "A股年报 经营计划",
    ),
]


@pytest.mark.parametrize(
    ("doc", "quote", "metric", "entity", "period", "currency", "expected", "source"), CLAIMS
)
def test_every_declared_field_is_checked(
    doc: str,
    quote: str,
    metric: str,
    entity: str,
    period: str,
    currency: str | None,
    expected: str,
    source: str,
) -> None:
    claim = {
        "evidence_id": doc,
        "quote": quote,
        "metric": metric,
        "entity": entity,
        "period": period,
        "basis": "single_period",
        "currency": currency,
    }
    result = resolve_all([claim], list(DOCS.values()))
    got = result.facts[0].value if result.facts else result.refusals[0].reason
    if expected[0].isdigit():
        assert got == Decimal(expected), (source, result.refusals and result.refusals[0].error)
    else:
        assert got == expected, source


def test_refusals_name_what_the_claim_can_change() -> None:
    claim = {
        "evidence_id": "en",
        "quote": "223,546",
        "metric": "Services",
        "entity": "Acme",
        "period": "FY2023",
        "basis": "single_period",
        "currency": "USD",
    }
    (refusal,) = resolve_all([claim], list(DOCS.values())).refusals
    message = str(refusal.error)
    assert "'Total cost of sales'" in message  # the row label as the page writes it
    assert "occurrence=" not in message
    assert "near=" not in message


def test_the_record_of_a_prose_amount_reads_its_subject_and_role() -> None:
    text = "Cost of revenue increased by $12 million to $80 million."
    change = read_prose(text, (28, 39), (0, len(text)))
    level = read_prose(text, (43, 54), (0, len(text)))
    assert (change.mention, change.role) == ("Cost of revenue", "change")
    assert (level.mention, level.role) == ("Cost of revenue", "level")


# -- generated pages: right → right or refused, wrong → refused, never another value --------


def _outcomes(page: tuple[str, list]) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    text, claims = page
    doc = Document("page", text, currency="USD")
    out = []
    for claim in claims:
        result = resolve_all([claim.claim()], [doc])
        if result.facts:
            ok = claim.truth is not None and result.facts[0].value == claim.truth
            out.append(("right" if ok else "WRONG", f"{claim.kind} {claim['quote']!r}"))
        else:
            out.append(("refused", claim.kind))
    return out


@settings(max_examples=25, deadline=None)
@given(claim_pages())
def test_a_generated_claim_resolves_to_its_truth_or_is_refused(page: tuple[str, list]) -> None:  # type: ignore[type-arg]
    outcomes = _outcomes(page)
    assert not [detail for kind, detail in outcomes if kind == "WRONG"]


def test_generated_right_claims_mostly_resolve_and_every_wrong_one_is_refused() -> None:
    """The property cannot pass by refusing everything: most right claims resolve."""
    rng = random.Random(24)  # noqa: S311 (a seeded test corpus)
    right = refused_right = 0
    for _ in range(20):
        text, claims = claim_page(rng, "page")
        for (kind, _), claim in zip(_outcomes((text, claims)), claims, strict=True):
            assert kind != "WRONG"
            if claim.truth is None:
                assert kind == "refused", claim
            else:
                right += kind == "right"
                refused_right += kind == "refused"
    assert right > 0.9 * (right + refused_right)


@pytest.mark.parametrize(
    ("title", "scope", "source"),
    [
        ("合并利润表", "consolidated", "年报 合并报表"),
        ("CONSOLIDATED STATEMENTS OF OPERATIONS", "consolidated", "10-K statement title"),
        ("利润表", None, "季报 without a scope in the title"),
    ],
)
def test_the_fact_records_the_statement_scope(title: str, scope: str | None, source: str) -> None:
    text = (
        f"{title}\n单位：元\n| 项目 | 2023年度 | 2022年度 |\n| 一、营业收入 | 1,000.00 | 900.00 |\n"
    )
    claim = {
        "evidence_id": "s",
        "quote": "一、营业收入 | 1,000.00",
        "metric": "营业收入",
        "entity": "华信精密",
        "period": "2023年度",
        "basis": "single_period",
        "currency": "CNY",
    }
    (fact,) = resolve_all([claim], [Document("s", text, currency="CNY")]).facts
    assert fact.evidence.scope == scope, source
    assert ("scope" in fact.evidence.to_dict()) == (scope is not None)


CASH_FLOWS = (
    "CONSOLIDATED STATEMENTS OF CASH FLOWS\n(in millions)\nYear Ended December 31,\n"
    "2022\n2023\n2024\n"
    "CASH, CASH EQUIVALENTS, AND RESTRICTED CASH, BEGINNING OF PERIOD\n$\n36,477\n$\n54,253\n"
    "$\n73,890\n"
    "Tax credits\n(\n1,006\n)\n(\n2,362\n)\n(\n2,805\n)\n"
    "Stock-based compensation (1)\n612\n1,047\n(\n1,688\n)\n"
)


@pytest.mark.parametrize(
    ("quote", "period", "basis", "expected", "source"),
    [
        (
            "BEGINNING OF PERIOD\n$\n36,477\n$\n54,253",
            "2022-12-31",
            "instant",
            "5.4253E+10",
            "10-K cash flows: the FY2023 column's opening balance is 2022-12-31's",
        ),
        (
            "BEGINNING OF PERIOD\n$\n36,477",
            "2022-12-31",
            "instant",
            "period_mismatch",
            "10-K cash flows: the FY2022 column opens on 2021-12-31",
        ),
        (
            "Stock-based compensation (1)\n612",
            "FY2022",
            "single_period",
            "6.12E+8",
            "10-K cash flows: '(1)' ends the label as its note marker; 612 is FY2022's cell",
        ),
        (
            "Stock-based compensation (1)\n612\n1,047",
            "FY2023",
            "single_period",
            "1.047E+9",
            "10-K cash flows: with the marker in the label, 1,047 is FY2023's cell",
        ),
    ],
)
def test_opening_balances_and_note_markers_in_statements(
    quote: str, period: str, basis: str, expected: str, source: str
) -> None:
    metric = (
        "Stock-based compensation"
        if "Stock" in quote
        else "Cash, cash equivalents, and restricted cash, beginning of period"
    )
    claim = {
        "evidence_id": "cf",
        "quote": quote,
        "metric": metric,
        "entity": "Acme",
        "period": period,
        "basis": basis,
        "currency": "USD",
    }
    result = resolve_all([claim], [Document("cf", CASH_FLOWS, currency="USD")])
    got = result.facts[0].value if result.facts else result.refusals[0].reason
    if expected[0].isdigit():
        assert got == Decimal(expected), (source, result.refusals and result.refusals[0].error)
    else:
        assert got == expected, source


@pytest.mark.parametrize(
    ("text", "quote", "expected", "source"),
    [
        (
            "2023年，公司对联营企业和合营企业的投资收益为1.2亿元。",
            "投资收益为1.2亿元",
            "1.2E+8",
            "年报 利润表附注: 联营企业 is a counterparty, not the subject",
        ),
        (
            "2023年，华南区投资收益为1.2亿元。",
            "华南区投资收益为1.2亿元",
            "entity_mismatch",
            "年报 分部信息: another region's figure",
        ),
    ],
)
def test_a_counterparty_in_a_line_item_is_no_entity(
    text: str, quote: str, expected: str, source: str
) -> None:
    claim = {
        "evidence_id": "e",
        "quote": quote,
        "metric": "投资收益",
        "entity": "公司",
        "period": "2023年",
        "basis": "single_period",
        "currency": "CNY",
    }
    result = resolve_all([claim], [Document("e", text)])
    got = result.facts[0].value if result.facts else result.refusals[0].reason
    assert got == (Decimal(expected) if expected[0].isdigit() else expected), source


@pytest.mark.parametrize(
    ("label", "heading", "metric", "verdict", "source"),
    [
        ("Diluted", "Net income per share:", "Diluted net income per share", "match", "10-K"),
        (
            "Diluted",
            "Shares used in computing earnings per share:",
            "Diluted earnings per share",
            "mismatch",
            "10-K: the share count is no EPS",
        ),
        (
            "Comprehensive income",
            "Total other comprehensive income (loss):",
            "Total other comprehensive income (loss)",
            "mismatch",
            "10-Q: the row is not its heading",
        ),
        ("营业收入", "一、营业总收入", "营业总收入", "mismatch", "CSRC 利润表: 其中 rows"),
    ],
)
def test_a_sub_item_row_is_read_with_its_heading(
    label: str, heading: str, metric: str, verdict: str, source: str
) -> None:
    from fincalc._grounding.records import read_cell
    from fincalc._grounding.verify import table_verdict

    record = read_cell((0, 1), label, change_column=False, context="", scope=None, heading=heading)
    assert table_verdict(record, metric).verdict == verdict, source


# Issue 29: one list of opening-balance rows ([row_period].begin). A row that opens its
# column's period holds the balance of the day before; a claim of the column's own flow
# period is refused, a claim of that day is read, in English and Chinese roll-forwards.
_ROLL_FORWARD_EN = """Allowance for credit losses (in millions)
| | 2024 | 2023 |
| Opening balance | 310 | 295 |
| Charged to expense | 42 | 38 |
| Write-offs | (27) | (23) |
| Closing balance | 325 | 310 |
"""
_ROLL_FORWARD_ZH = """坏账准备变动情况（单位：万元）
| 项目 | 2024年度 | 2023年度 |
| 期初余额 | 1,250 | 1,180 |
| 本期计提 | 160 | 140 |
| 本期核销 | 80 | 70 |
| 期末余额 | 1,330 | 1,250 |
"""


@pytest.mark.parametrize(
    ("page", "quote", "metric", "period", "basis", "currency", "expected", "source"),
    [
        (_ROLL_FORWARD_EN, "| Opening balance | 310 |", "Opening balance", "2023-12-31",
         "instant", "USD", "3.10E+8", "10-K roll-forward: the opening row is the day before"),
        (_ROLL_FORWARD_EN, "| Opening balance | 310 |", "Opening balance", "FY2024",
         "single_period", "USD", "period_mismatch", "10-K roll-forward: not the year's flow"),
        (_ROLL_FORWARD_EN, "| Opening balance | 310 |", "Opening balance", "2024-12-31",
         "instant", "USD", "period_mismatch", "10-K roll-forward: not the year's end"),
        (_ROLL_FORWARD_ZH, "| 期初余额 | 1,250 |", "期初余额", "2023-12-31", "instant", "CNY",
         "1.250E+7", "年报附注 坏账准备: 期初余额 is the balance of the day before"),
        (_ROLL_FORWARD_ZH, "| 期初余额 | 1,250 |", "期初余额", "FY2024", "single_period",
         "CNY", "period_mismatch", "年报附注 坏账准备: 期初余额 is no flow of the year"),
    ],
)  # fmt: skip
def test_an_opening_row_holds_the_balance_of_the_day_before(
    page: str,
    quote: str,
    metric: str,
    period: str,
    basis: str,
    currency: str,
    expected: str,
    source: str,
) -> None:
    claim = {
        "evidence_id": "rf",
        "quote": quote,
        "metric": metric,
        "entity": "Acme",
        "period": period,
        "basis": basis,
        "currency": currency,
    }
    result = resolve_all([claim], [Document("rf", page, currency=currency)])
    got = result.facts[0].value if result.facts else result.refusals[0].reason
    if expected[0].isdigit():
        assert got == Decimal(expected), (source, result.refusals and result.refusals[0].error)
    else:
        assert got == expected, (source, result.facts)

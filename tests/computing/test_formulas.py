"""Declared formulas, worked from fixture pages: every registry formula, with its refusals (#14).

The pages under ``tests/data/pages/formulas_*`` are statements in the layouts
grounding resolves (pipe tables under a unit declaration, prose): a US 10-K
that writes deductions and outflows in brackets, a PRC annual report that
writes them as positive figures under 减：/ 支付的现金, a four-year summary and a
statistics bulletin. Each claim resolves with ``resolve_all`` to the value its
``expect`` states (or to the refusal it names); the formulas then run on the
resolved facts. Every expected figure is computed here a second time with
plain ``Decimal`` arithmetic, independently of fincalc, and the display is
pinned.
"""

from __future__ import annotations

import dataclasses
import decimal
import functools
import json
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from fincalc import (
    CaliberMismatchError,
    Computation,
    DimensionMismatchError,
    Document,
    Fact,
    FincalcError,
    Formula,
    InvalidInputError,
    SignConventionError,
    UndefinedGrowthError,
    add,
    average,
    base_from_growth,
    cagr,
    change_over,
    formula,
    ratio,
    render,
    resolve_all,
    sub,
)

PAGES = Path(__file__).parents[1] / "data" / "pages"
SLUGS = sorted(path.stem for path in PAGES.glob("formulas_*.json"))
ACME = "formulas_acme_10k_statements"
HUAXIN = "formulas_cn_annual_report"
KEY_FIGURES = "formulas_cn_key_figures"
BULLETIN = "formulas_cn_statistics_bulletin"
CLAIM_FIELDS = ("evidence_id", "quote", "metric", "entity", "period", "basis", "currency", "tax")
_PLAIN = decimal.Context(prec=60, rounding=decimal.ROUND_HALF_UP)


# -- the fixture corpus ------------------------------------------------------------


@functools.cache
def _page(slug: str) -> tuple[Document, list[dict[str, Any]]]:
    spec = json.loads((PAGES / f"{slug}.json").read_text(encoding="utf-8"))
    meta = spec["document"]
    text = (PAGES / f"{slug}.txt").read_text(encoding="utf-8")
    doc = Document(meta["id"], text, page=meta.get("page"), currency=meta.get("currency"))
    return doc, spec["claims"]


@functools.cache
def facts_of(slug: str) -> dict[tuple[str, str], Fact]:
    """The page's resolved facts, by (metric, period as the claim wrote it)."""
    doc, claims = _page(slug)
    wanted = [c for c in claims if "value" in c["expect"]]
    resolution = resolve_all([{k: c[k] for k in CLAIM_FIELDS} for c in wanted], [doc])
    assert not resolution.refusals, [str(r.error) for r in resolution.refusals]
    return {(c["metric"], c["period"]): f for c, f in zip(wanted, resolution.facts, strict=True)}


def test_every_fixture_page_has_a_text_and_claims() -> None:
    assert {ACME, HUAXIN, KEY_FIGURES, BULLETIN} <= set(SLUGS)
    for slug in SLUGS:
        assert (PAGES / f"{slug}.txt").exists(), slug


@pytest.mark.parametrize("slug", SLUGS)
def test_fixture_claims_resolve_as_expected(slug: str) -> None:
    doc, claims = _page(slug)
    for claim in claims:
        resolution = resolve_all([{k: claim[k] for k in CLAIM_FIELDS}], [doc])
        expect = claim["expect"]
        if "refuse" in expect:
            assert [r.reason for r in resolution.refusals] == [expect["refuse"]], claim["why"]
            continue
        assert not resolution.refusals, (
            claim["quote"],
            [str(r.error) for r in resolution.refusals],
        )
        (fact,) = resolution.facts
        assert fact.value == Decimal(expect["value"]), claim["quote"]
        assert fact.caliber.dimension == expect["dimension"], claim["quote"]
        assert fact.evidence.page == doc.page


def fact(slug: str, metric: str, period: str) -> Fact:
    return facts_of(slug)[(metric, period)]


def averaged(slug: str, metric: str, opening: str, closing: str) -> Fact:
    """The average of the opening and closing balances, as a fact for chaining."""
    return average(fact(slug, metric, opening), fact(slug, metric, closing)).as_fact()


def plain(expression: str, **values: Decimal) -> Decimal:
    """Evaluate an arithmetic expression over Decimals in a 60-digit context (the oracle)."""
    with decimal.localcontext(_PLAIN):
        return Decimal(eval(expression, {"Decimal": Decimal}, dict(values)))  # noqa: S307


def close(got: Decimal, expected: Decimal) -> bool:
    """Equal to 30 significant digits (fincalc divides to 50, the oracle to 60)."""
    with decimal.localcontext(_PLAIN):
        return abs(got - expected) <= Decimal("1E-30") * max(abs(expected), Decimal(1))


def _m(text: str) -> Decimal:
    return Decimal(text).scaleb(6)  # the 10-K is in millions


def _w(text: str) -> Decimal:
    return Decimal(text).scaleb(4)  # the annual report is in 万元


# -- the worked examples: one per registry formula --------------------------------


@dataclass(frozen=True)
class Worked:
    """A registry formula over facts from a page, its independent value and its display."""

    id: str
    name: str
    terms: dict[str, Fact]
    expected: Decimal
    display: str
    source: str
    days: int | None = None
    signs: dict[str, str] | None = None


def _acme(metric: str, period: str = "FY2024") -> Fact:
    return fact(ACME, metric, period)


def _acme_avg(metric: str) -> Fact:
    return averaged(ACME, metric, "2023-12-31", "2024-12-31")


def _hx(metric: str, period: str = "2024年度") -> Fact:
    return fact(HUAXIN, metric, period)


def _hx_avg(metric: str) -> Fact:
    return averaged(HUAXIN, metric, "2023年12月31日", "2024年12月31日")


def worked_examples() -> list[Worked]:
    rev, cogs = _m("12480.0"), _m("7236.4")
    avg_assets = plain("(a + b) / 2", a=_m("14233.8"), b=_m("13318.6"))
    avg_equity = plain("(a + b) / 2", a=_m("6822.4"), b=_m("6131.7"))
    avg_ar = plain("(a + b) / 2", a=_m("2096.2"), b=_m("1874.8"))
    avg_ap = plain("(a + b) / 2", a=_m("1188.7"), b=_m("1066.2"))
    avg_inv = plain("(a + b) / 2", a=_m("1655.0"), b=_m("1512.4"))
    ni = _m("1980.1")
    total_debt = add(
        _acme("Short-term borrowings", "2024-12-31"),
        _acme("Long-term debt", "2024-12-31"),
        metric="Total debt",
    ).as_fact()
    hx_da = add(_hx("固定资产折旧"), _hx("无形资产摊销"), metric="折旧与摊销").as_fact()
    return [
        Worked(
            "ebitda-10k",
            "ebitda",
            {
                "operating_income": _acme("Operating income"),
                "depreciation_and_amortisation": _acme("Depreciation and amortization"),
            },
            _m("2832.9") + _m("611.8"),
            "3444700000.00",
            "10-K: operating income plus the cash-flow statement's D&A add-back",
        ),
        Worked(
            "ebitda-annual-report-chained-d-and-a",
            "EBITDA",
            {"operating_income": _hx("营业利润"), "depreciation_and_amortisation": hx_da},
            _w("98765.43") + _w("23456.78") + _w("3456.78"),
            "1256789900.00",
            "PRC report: D&A is 折旧 + 摊销 from 补充资料, added first (a chained fact)",
        ),
        Worked(
            "ebitda-from-net-income-10k",
            "ebitda_from_net_income",
            {
                "net_income": _acme("Net income"),
                "interest_expense": _acme("Interest expense"),
                "income_tax_expense": _acme("Provision for income taxes"),
                "depreciation_and_amortisation": _acme("Depreciation and amortization"),
            },
            _m("1980.1") + _m("312.6") + _m("540.2") + _m("611.8"),
            "3444700000.00",
            "10-K writes tax as a deduction '(540.2)': the caller declares it a magnitude",
            signs={"income_tax_expense": "magnitude"},
        ),
        Worked(
            "free-cash-flow-10k-bracketed-capex",
            "free_cash_flow",
            {
                "operating_cash_flow": _acme("Net cash provided by operating activities"),
                "capital_expenditure": _acme("Purchases of property, plant and equipment"),
            },
            _m("2744.6") - _m("460.8"),
            "2283800000.00",
            "capex '(460.8)' is an outflow in brackets: FCF subtracts its magnitude",
        ),
        Worked(
            "free-cash-flow-annual-report",
            "自由现金流",
            {
                "operating_cash_flow": _hx("经营活动产生的现金流量净额"),
                "capital_expenditure": _hx("资本开支"),
            },
            _w("112345.67") - _w("56789.01"),
            "555566600.00",
            "PRC cash-flow statement writes the outflow as a positive figure",
        ),
        Worked(
            "working-capital-10k",
            "working capital",
            {
                "current_assets": _acme("Total current assets", "2024-12-31"),
                "current_liabilities": _acme("Total current liabilities", "2024-12-31"),
            },
            _m("5760.5") - _m("3201.9"),
            "2558600000.00",
            "two balances at one date",
        ),
        Worked(
            "working-capital-annual-report",
            "营运资本",
            {
                "current_assets": _hx("流动资产合计", "2024年12月31日"),
                "current_liabilities": _hx("流动负债合计", "2024年12月31日"),
            },
            _w("456789.01") - _w("321098.76"),
            "1356902500.00",
            "资产负债表期末数",
        ),
        Worked(
            "net-debt-10k-chained-total-debt",
            "net_debt",
            {
                "total_debt": total_debt,
                "cash_and_equivalents": _acme("Cash and cash equivalents", "2024-12-31"),
            },
            _m("420.0") + _m("3910.0") - _m("1604.3"),
            "2725700000.00",
            "total debt is short-term borrowings + long-term debt, added first",
        ),
        Worked(
            "gross-margin-10k",
            "gross_margin",
            {"revenue": _acme("Net sales"), "cost_of_revenue": _acme("Cost of sales")},
            plain("(r - c) / r", r=rev, c=cogs),
            "42.02",
            "cost of sales written '(7,236.4)'",
        ),
        Worked(
            "gross-margin-annual-report",
            "毛利率",
            {"revenue": _hx("营业收入"), "cost_of_revenue": _hx("营业成本")},
            plain("(r - c) / r", r=_w("876543.21"), c=_w("612345.67")),
            "30.14",
            "营业成本 written as a positive figure",
        ),
        Worked(
            "operating-margin-10k",
            "operating_margin",
            {"operating_income": _acme("Operating income"), "revenue": _acme("Net sales")},
            plain("o / r", o=_m("2832.9"), r=rev),
            "22.70",
            "income statement",
        ),
        Worked(
            "net-margin-annual-report",
            "净利率",
            {"net_income": _hx("净利润"), "revenue": _hx("营业收入")},
            plain("n / r", n=_w("83006.17"), r=_w("876543.21")),
            "9.47",
            "利润表",
        ),
        Worked(
            "payout-ratio-10k-bracketed-dividends",
            "payout_ratio",
            {"dividends": _acme("Dividends paid"), "net_income": _acme("Net income")},
            plain("d / n", d=_m("1584.1"), n=ni),
            "80.00",
            "'Dividends paid (1,584.1)': 80 %, never −80 %",
        ),
        Worked(
            "payout-ratio-annual-report-prose",
            "分红率",
            {
                "dividends": _hx("现金分红"),
                "net_income": _hx("归属于母公司股东的净利润"),
            },
            plain("d / n", d=_w("24037.04"), n=_w("80123.45")),
            "30.00",
            "the dividend from the 利润分配预案 prose, over 归母净利润",
        ),
        Worked(
            "interest-coverage-10k",
            "interest_coverage",
            {
                "operating_income": _acme("Operating income"),
                "interest_expense": _acme("Interest expense"),
            },
            plain("o / i", o=_m("2832.9"), i=_m("312.6")),
            "9.06",
            "interest expense '(312.6)' read as its magnitude",
        ),
        Worked(
            "current-ratio-annual-report",
            "流动比率",
            {
                "current_assets": _hx("流动资产合计", "2024年12月31日"),
                "current_liabilities": _hx("流动负债合计", "2024年12月31日"),
            },
            plain("a / l", a=_w("456789.01"), l=_w("321098.76")),
            "1.42",
            "两个期末余额",
        ),
        Worked(
            "asset-turnover-10k-average-assets",
            "asset_turnover",
            {"revenue": _acme("Net sales"), "total_assets": _acme_avg("Total assets")},
            plain("r / a", r=rev, a=avg_assets),
            "0.91",
            "revenue over the average of opening and closing total assets",
        ),
        Worked(
            "asset-turnover-annual-report-closing-assets",
            "总资产周转率",
            {"revenue": _hx("营业收入"), "total_assets": _hx("资产总计", "2024年12月31日")},
            plain("r / a", r=_w("876543.21"), a=_w("1234567.89")),
            "0.71",
            "over the closing balance of the flow's year",
        ),
        Worked(
            "inventory-turnover-10k",
            "inventory_turnover",
            {"cost_of_revenue": _acme("Cost of sales"), "inventory": _acme_avg("Inventories")},
            plain("c / i", c=cogs, i=avg_inv),
            "4.57",
            "cost of sales over average inventory",
        ),
        Worked(
            "receivables-turnover-annual-report",
            "应收账款周转率",
            {"revenue": _hx("营业收入"), "accounts_receivable": _hx_avg("应收账款")},
            plain("r / ((a + b) / 2)", r=_w("876543.21"), a=_w("145678.90"), b=_w("132109.87")),
            "6.31",
            "营业收入 / 应收账款平均余额",
        ),
        Worked(
            "roa-10k",
            "ROA",
            {"net_income": _acme("Net income"), "total_assets": _acme_avg("Total assets")},
            plain("n / a", n=ni, a=avg_assets),
            "14.37",
            "net income over average total assets",
        ),
        Worked(
            "roe-10k",
            "return_on_equity",
            {
                "net_income": _acme("Net income"),
                "total_equity": _acme_avg("Total shareholders' equity"),
            },
            plain("n / e", n=ni, e=avg_equity),
            "30.57",
            "net income over average equity",
        ),
        Worked(
            "roe-annual-report",
            "净资产收益率",
            {"net_income": _hx("净利润"), "total_equity": _hx_avg("所有者权益合计")},
            plain("n / ((a + b) / 2)", n=_w("83006.17"), a=_w("654321.09"), b=_w("598765.43")),
            "13.25",
            "净利润 / 平均所有者权益",
        ),
        Worked(
            "dso-10k",
            "DSO",
            {
                "accounts_receivable": _acme_avg("Accounts receivable"),
                "revenue": _acme("Net sales"),
            },
            plain("a / r * 365", a=avg_ar, r=rev),
            "58.07",
            "average receivables over revenue × 365",
        ),
        Worked(
            "dpo-10k",
            "days_payable_outstanding",
            {
                "accounts_payable": _acme_avg("Accounts payable"),
                "cost_of_revenue": _acme("Cost of sales"),
            },
            plain("p / c * 365", p=avg_ap, c=cogs),
            "56.87",
            "average payables over cost of sales '(7,236.4)' × 365",
        ),
        Worked(
            "dio-10k",
            "DIO",
            {"inventory": _acme_avg("Inventories"), "cost_of_revenue": _acme("Cost of sales")},
            plain("i / c * 365", i=avg_inv, c=cogs),
            "79.88",
            "average inventory over cost of sales × 365",
        ),
        Worked(
            "ocf-ratio-10k",
            "operating cash flow ratio",
            {
                "operating_cash_flow": _acme("Net cash provided by operating activities"),
                "current_liabilities": _acme("Total current liabilities", "2024-12-31"),
            },
            plain("o / l", o=_m("2744.6"), l=_m("3201.9")),
            "0.86",
            "operating cash flow over the closing current liabilities",
        ),
        Worked(
            "cash-flow-coverage-annual-report",
            "现金债务总额比",
            {
                "operating_cash_flow": _hx("经营活动产生的现金流量净额"),
                "total_debt": add(
                    _hx("短期借款", "2024年12月31日"),
                    _hx("长期借款", "2024年12月31日"),
                    metric="有息负债",
                ).as_fact(),
            },
            plain("o / (s + l)", o=_w("112345.67"), s=_w("45000.00"), l=_w("120000.00")),
            "0.68",
            "经营现金净流量 over the closing 短期借款 + 长期借款 (chained)",
        ),
        Worked(
            "debt-to-ebitda-10k",
            "debt/EBITDA",
            {
                "total_debt": add(
                    _acme("Short-term borrowings", "2024-12-31"),
                    _acme("Long-term debt", "2024-12-31"),
                    metric="Total debt",
                ).as_fact(),
                "ebitda": formula(
                    "ebitda",
                    {
                        "operating_income": _acme("Operating income"),
                        "depreciation_and_amortisation": _acme("Depreciation and amortization"),
                    },
                ).as_fact(),
            },
            plain(
                "(s + l) / (o + d)", s=_m("420.0"), l=_m("3910.0"), o=_m("2832.9"), d=_m("611.8")
            ),
            "1.26",
            "closing total debt over EBITDA, both chained from statement lines",
        ),
        Worked(
            "dio-annual-report-360-days",
            "存货周转天数",
            {"inventory": _hx_avg("存货"), "cost_of_revenue": _hx("营业成本")},
            plain("((a + b) / 2) / c * 360", a=_w("98765.43"), b=_w("91234.56"), c=_w("612345.67")),
            "55.85",
            "a caller who counts a 360-day year says so",
            days=360,
        ),
    ]


WORKED_IDS = [w.id for w in worked_examples()]


@functools.cache
def _worked() -> dict[str, Worked]:
    return {w.id: w for w in worked_examples()}


@pytest.mark.parametrize("case_id", WORKED_IDS)
def test_registry_formula_worked_from_a_page(case_id: str) -> None:
    case = _worked()[case_id]
    c = formula(case.name, case.terms, days=case.days, signs=case.signs)  # type: ignore[arg-type]
    spec = Formula.named(case.name)
    assert close(c.result, case.expected), (c.result, case.expected)
    assert format(c.display, "f") == case.display, case.source
    assert c.operation == "formula"
    assert c.formula is not None
    assert c.formula.name == spec.name
    assert [f.evidence.evidence_id for f in c.inputs]  # every input cited
    again = Computation.from_json(c.to_json())
    assert again == c
    assert again.replay() == c
    sentence = render(c)
    assert "computation:" not in sentence
    assert "第" in sentence
    assert "computation:" not in render(c, locale="en_US")


def test_every_registry_formula_has_a_worked_example() -> None:
    covered = {Formula.named(w.name).name for w in worked_examples()}
    assert covered == {f.name for f in Formula.catalogue()}


def test_registry_entries_state_their_definition_and_source() -> None:
    for spec in Formula.catalogue():
        assert spec.definition, spec.name
        assert spec.source, spec.name
        assert spec.metric, spec.name
        assert spec.metric_zh, spec.name
        assert all(term.description for term in spec.terms), spec.name


# -- the sentences a worked formula renders ------------------------------------------


def test_rendered_formulas_name_units_and_pages() -> None:
    cases = _worked()
    fcf = formula("FCF", cases["free-cash-flow-10k-bracketed-capex"].terms)
    assert render(fcf, locale="en_US") == (
        "Acme Instruments free cash flow for FY2024 was USD 2,283.8 million "
        "(sources: acme-10k-2024, p. 48)."
    )
    turnover = formula("asset_turnover", cases["asset-turnover-10k-average-assets"].terms)
    assert render(turnover, locale="en_US") == (
        "Acme Instruments asset turnover for FY2024 was 0.91x (sources: acme-10k-2024, p. 48)."
    )
    dio = formula("存货周转天数", cases["dio-annual-report-360-days"].terms, days=360)
    assert (
        render(dio) == "华信精密2024年度存货周转天数为55.85天（来源：华信精密-2024年报 第112页）。"
    )
    coverage = formula("利息保障倍数", cases["interest-coverage-10k"].terms)
    assert render(coverage).startswith("Acme Instruments2024年度interest coverage为9.06倍")


def test_formula_records_its_conventions_and_notes_what_they_changed() -> None:
    c = formula("free_cash_flow", _worked()["free-cash-flow-10k-bracketed-capex"].terms)
    assert c.formula is not None
    conventions = {t.name: t.convention for t in c.formula.terms}
    assert conventions == {"operating_cash_flow": "as_written", "capital_expenditure": "magnitude"}
    assert "(460.8) read as its magnitude" in c.note
    assert c.expression == "a − |b|"
    html = c._repr_html_()
    assert "Purchases of property, plant and equipment | (460.8)" in html
    assert "p. 48" in html
    assert "ROUND_HALF_UP@2" in html


# -- refusals next to the worked examples --------------------------------------------


def test_fcf_by_plain_sub_refuses_the_bracketed_capex_instead_of_adding_it_back() -> None:
    ocf = _acme("Net cash provided by operating activities")
    capex = _acme("Purchases of property, plant and equipment")
    with pytest.raises(
        SignConventionError, match=r"'\(460.8\)'.*signs=\('as_written', 'magnitude'\)"
    ):
        sub(ocf, capex, metric="free cash flow")
    declared = sub(ocf, capex, metric="free cash flow", signs=("as_written", "magnitude"))
    assert declared.result == _m("2283.8")
    assert declared.signs == ("as_written", "magnitude")
    # a PRC statement writes the outflow positive: nothing to declare
    hx = sub(_hx("经营活动产生的现金流量净额"), _hx("资本开支"), metric="自由现金流")
    assert hx.result == _w("55556.66")
    assert hx.signs is None


def test_payout_by_plain_ratio_refuses_minus_eighty_percent() -> None:
    dividends, ni = _acme("Dividends paid"), _acme("Net income")
    with pytest.raises(SignConventionError, match="payout ratio of −80 %"):
        ratio(dividends, ni, metric="payout ratio")
    good = ratio(dividends, ni, metric="payout ratio", signs=("magnitude", "as_written"))
    assert good.display == Decimal("80.00")


def test_tax_written_as_a_deduction_needs_a_declared_convention() -> None:
    case = _worked()["ebitda-from-net-income-10k"]
    with pytest.raises(SignConventionError, match=r"income_tax_expense.*signs="):
        formula(case.name, case.terms)


def test_a_real_negative_stays_negative() -> None:
    """财务费用 −1,234.56 is net interest income: as written, it lowers the cost."""
    c = sub(_hx("营业利润"), _hx("财务费用"), metric="营业利润加回财务费用", signs="as_written")
    assert c.result == _w("98765.43") + _w("1234.56")
    with pytest.raises(SignConventionError):
        sub(_hx("营业利润"), _hx("财务费用"), metric="营业利润加回财务费用")


@pytest.mark.parametrize(
    ("case_id", "term", "replacement", "error", "match"),
    [
        (
            "free-cash-flow-10k-bracketed-capex",
            "capital_expenditure",
            ("Net sales", "FY2023"),
            CaliberMismatchError,
            "period differs",
        ),
        (
            "working-capital-annual-report",
            "current_liabilities",
            ("流动负债合计", "2024年12月31日", "另一公司"),
            CaliberMismatchError,
            "entity differs",
        ),
        (
            "gross-margin-10k",
            "cost_of_revenue",
            ("营业成本", "2024年度", "Acme Instruments"),
            DimensionMismatchError,
            "dimensions differ",
        ),
        (
            "roa-10k",
            "total_assets",
            ("Total assets", "2023-12-31-misaligned"),
            CaliberMismatchError,
            "not the closing balance",
        ),
        (
            "dso-10k",
            "revenue",
            ("Net sales", "FY2023"),
            CaliberMismatchError,
            "closing balance",
        ),
    ],
    ids=[
        "wrong-period",
        "wrong-entity",
        "mixed-currency",
        "balance-of-another-date",
        "dso-flow-of-another-year",
    ],
)
def test_formula_refusals(
    case_id: str, term: str, replacement: tuple[str, ...], error: type[Exception], match: str
) -> None:
    case = _worked()[case_id]
    terms = dict(case.terms)
    terms[term] = _replacement(*replacement)
    with pytest.raises(error, match=match):
        formula(case.name, terms)


def _replacement(metric: str, period: str, entity: str | None = None) -> Fact:
    if period.endswith("-misaligned"):
        original = _acme(metric, "2024-12-31")
        return Fact.build(
            original.value,
            metric=metric,
            entity=original.caliber.entity,
            period="2024-06-30",
            dimension="USD",
            evidence_id="10-Q",
        )
    if entity is None:
        return _acme(metric, period)
    original = _hx(metric, period)
    if entity == "Acme Instruments":  # a CNY figure under the USD company's name
        return Fact(original.quantity, original.caliber.replace(entity=entity), original.evidence)
    return Fact(original.quantity, original.caliber.replace(entity=entity), original.evidence)


def test_instant_vs_flow_needs_a_declared_analytic() -> None:
    revenue, assets = _hx("营业收入"), _hx("资产总计", "2024年12月31日")
    with pytest.raises(CaliberMismatchError, match="kind='turnover'"):
        ratio(revenue, assets, metric="总资产周转率")
    declared = ratio(revenue, assets, metric="总资产周转率", kind="turnover")
    assert declared.kind == "turnover"
    assert declared.target.dimension == "MULTIPLE"
    assert "closing balance of FY2024" in declared.note


def test_formula_terms_must_be_named_exactly() -> None:
    terms = dict(_worked()["free-cash-flow-10k-bracketed-capex"].terms)
    with pytest.raises(InvalidInputError, match="missing capital_expenditure"):
        formula("FCF", {"operating_cash_flow": terms["operating_cash_flow"]})
    with pytest.raises(InvalidInputError, match="unknown capex"):
        formula("FCF", {**terms, "capex": terms["capital_expenditure"]})
    with pytest.raises(InvalidInputError, match="no formula is called 'EBITDAR'"):
        formula("EBITDAR", terms)
    with pytest.raises(InvalidInputError, match="days= applies only"):
        formula("FCF", terms, days=365)


def test_same_figure_for_two_terms_is_double_counting() -> None:
    ni = _acme("Net income")
    with pytest.raises(FincalcError, match=r"passed twice|share the caliber"):
        formula("ebitda", {"operating_income": ni, "depreciation_and_amortisation": ni})


def test_roe_over_negative_equity_is_not_meaningful() -> None:
    equity = Fact.build(
        "-5E+8",
        metric="Total shareholders' equity",
        entity="Acme Instruments",
        period="2024-12-31",
        dimension="USD",
        evidence_id="bs",
    )
    with pytest.raises(UndefinedGrowthError, match="not meaningful"):
        formula("ROE", {"net_income": _acme("Net income"), "total_equity": equity})


def test_days_over_a_quarter_need_the_day_count() -> None:
    q_rev = Fact.build(
        "3.1E+9",
        metric="Net sales",
        entity="Acme Instruments",
        period="2024Q4",
        dimension="USD",
        evidence_id="10-Q",
    )
    ar = _acme("Accounts receivable", "2024-12-31")
    with pytest.raises(InvalidInputError, match="days=90 or days=91"):
        formula("DSO", {"accounts_receivable": ar, "revenue": q_rev})
    c = formula("DSO", {"accounts_receivable": ar, "revenue": q_rev}, days=92)
    assert c.factor == 92
    assert "92 days" in (c.factor_meaning or "")


# -- growth over several years, and the base a growth rate was measured from ----------


def test_change_over_and_cagr_count_the_years_from_the_periods() -> None:
    fy24 = fact(KEY_FIGURES, "营业收入", "2024年度")
    fy21 = fact(KEY_FIGURES, "营业收入", "2021年度")
    change = change_over(fy24, fy21)
    assert close(change.result, plain("(a - b) / b", a=_w("876543.21"), b=_w("650000.00")))
    assert change.display_text == "34.85%"
    assert change.target.metric == "营业收入 change over 3 years"
    assert render(change) == (
        "华信精密2024年度营业收入较2021年度增长34.85%（来源：华信精密-2024年报-主要指标 第8页）。"
    )
    growth = cagr(fy24, fy21, years=3)
    with decimal.localcontext(_PLAIN):
        oracle = (_w("876543.21") / _w("650000.00")) ** (Decimal(1) / 3) - 1
    assert abs(growth.result - oracle) < Decimal("1E-40")
    assert growth.display_text == "10.48%"
    with pytest.raises(CaliberMismatchError, match="is 3 years, not 4"):
        cagr(fy24, fy21, years=4)
    with pytest.raises(CaliberMismatchError, match="is 3 years, not 2"):
        change_over(fy24, fy21, years=2)


def test_growth_over_a_negative_base_is_refused() -> None:
    ocf24 = fact(KEY_FIGURES, "经营活动产生的现金流量净额", "2024年度")
    ocf22 = fact(KEY_FIGURES, "经营活动产生的现金流量净额", "2022年度")
    with pytest.raises(UndefinedGrowthError, match="negative base"):
        change_over(ocf24, ocf22)


def test_base_from_growth_on_a_statistics_bulletin() -> None:
    gdp = fact(BULLETIN, "地区生产总值", "2024年")
    growth = fact(BULLETIN, "地区生产总值增长率", "2024年")
    prior = base_from_growth(gdp, growth, rounding="ROUND_HALF_UP@2亿")
    assert close(prior.result, plain("g / (1 + r)", g=_w("54321000"), r=Decimal("0.052")))
    assert prior.display_text == "5163.59亿"
    assert prior.target.period.describe() == "FY2023"
    assert prior.target.metric == "地区生产总值"
    assert render(prior) == (
        "临川市2023年度地区生产总值为5,163.59亿元（来源：临川市-2024统计公报 第1页）。"
    )
    assert Computation.from_json(prior.to_json()).replay() == prior


def test_base_from_growth_refuses_a_decline_read_as_growth() -> None:
    sector = fact(BULLETIN, "第一产业增加值", "2024年")
    fell = fact(BULLETIN, "第一产业增加值增长率", "2024年")  # "比上年下降1.5%": resolve signs it
    assert fell.value == Decimal("-0.015")
    # a fact built by hand from the same quote with the magnitude alone is refused
    unsigned = Fact(
        dataclasses.replace(fell.quantity, value=-fell.value), fell.caliber, fell.evidence
    )
    with pytest.raises(SignConventionError, match="quoted as a decline"):
        base_from_growth(sector, unsigned)
    from fincalc import negate

    assert base_from_growth(sector, negate(unsigned).as_fact()).result == (
        base_from_growth(sector, fell).result
    )
    prior = base_from_growth(sector, fell)
    assert close(prior.result, plain("s / (1 - Decimal('0.015'))", s=_w("2103500")))
    grew = fact(BULLETIN, "第二产业增加值增长率", "2024年")  # "增长4.8%"
    ok = base_from_growth(fact(BULLETIN, "第二产业增加值", "2024年"), grew)
    assert close(ok.result, plain("s / Decimal('1.048')", s=_w("21034400")))


def test_base_from_growth_needs_the_growth_of_the_same_period() -> None:
    gdp = fact(BULLETIN, "地区生产总值", "2024年")
    other_year = Fact.build(
        "0.05",
        metric="地区生产总值增长率",
        entity="临川市",
        period="2023年",
        dimension="RATIO",
        evidence_id="2023公报",
    )
    with pytest.raises(CaliberMismatchError, match="period differs"):
        base_from_growth(gdp, other_year)
    with pytest.raises(DimensionMismatchError, match="RATIO"):
        base_from_growth(gdp, gdp)
    collapse = Fact.build(
        "-1", metric="增长率", entity="临川市", period="2024年", dimension="RATIO", evidence_id="x"
    )
    with pytest.raises(UndefinedGrowthError, match="100 %"):
        base_from_growth(gdp, collapse)


def test_the_docs_list_every_registry_formula() -> None:
    text = (Path(__file__).parents[2] / "docs" / "computing.md").read_text(encoding="utf-8")
    for spec in Formula.catalogue():
        assert f"| `{spec.name}` " in text, (
            f"docs/computing.md: add {spec.name} to the registry table"
        )


def test_the_registry_file_names_its_source_and_refuses_duplicate_names() -> None:
    from fincalc import DataFileError
    from fincalc._computing.spec import index_formulas, load_formula

    text = (Path(__file__).parents[2] / "src" / "fincalc" / "_data" / "formulas.toml").read_text(
        encoding="utf-8"
    )
    assert text.startswith("#")
    assert "source" in text.split("\n\n")[0].lower()
    fcf = Formula.named("fcf")
    clash = load_formula(
        "cash_flow_after_capex",
        {
            "metric": "x",
            "kind": "sum",
            "aliases": ["FCF"],
            "numerator": ["+a"],
            "terms": {"a": {"convention": "as_written"}},
        },
    )
    with pytest.raises(DataFileError, match=r"'FCF' is also a name of \[free_cash_flow\]"):
        index_formulas({"free_cash_flow": fcf, "cash_flow_after_capex": clash})
    bad_entries: list[dict[str, Any]] = [
        {"metric": "x", "kind": "sum", "numerator": ["+a"], "terms": {"a": {"convention": "up"}}},
        {"metric": "x", "kind": "sum", "numerator": ["a"], "terms": {"a": {}}},
        {"metric": "x", "kind": "sum", "numerator": ["+a"], "terms": {"a": {}, "b": {}}},
        {"metric": "x", "kind": "ratio", "numerator": ["+a"], "terms": {"a": {}}},
        {"metric": "x", "kind": "sum", "numerator": ["+a"], "terms": {"a": {}}, "extra": 1},
        {"metric": "x", "kind": "sum", "numerator": ["+a"]},
    ]
    for entry in bad_entries:
        with pytest.raises(DataFileError, match=r"formulas\.toml"):
            load_formula("bad", entry)
    with pytest.raises(DataFileError, match="snake_case"):
        load_formula("Bad-Key", bad_entries[0])

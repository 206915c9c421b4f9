"""Sign words around a quoted amount: a decline or a loss written as a word is never a
positive fact.  Filings write "同比下降1.5%", "declined 120 basis points", "净亏损3.2亿元";
``resolve`` reads the words in the document and decides with the claim's metric."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from fincalc import (
    CaliberMismatchError,
    Claim,
    Document,
    SignConventionError,
    resolve,
    resolve_all,
)

CN = (
    "2023年度，公司实现营业收入87.43亿元，同比下降1.5%；毛利率为35.3%，较上年减少0.50个百分点。"
    "归属于上市公司股东的净利润同比减少12.4%。营业成本同比下降0.3亿元。"
    "报告期内公司净亏损3,000万元，上年同期为盈利1,200万元。"
    "经营活动产生的现金流量净额下降至2.1亿元。华东区营业收入下降为8.7亿元。"
)
EN = (
    "Net sales decreased 3.2% to $5.0 billion in fiscal 2023. Operating margin declined "
    "120 basis points. Revenue fell by $12 million. The company reported a net loss of "
    "$3.2 million. Gross profit was $1.1 billion, a 4% decline. Inventories were lower at "
    "$5.2 billion. Services revenue rose 7% to $2.4 billion."
)


def _claim(doc: str, quote: str, metric: str, currency: str | None, entity: str = "公司") -> Claim:
    return Claim(
        evidence_id=doc,
        quote=quote,
        metric=metric,
        entity=entity,
        period="2023",
        basis="single_period",
        currency=currency,
    )


DOCS = [Document("cn", CN), Document("en", EN)]

# (document, quote, metric, currency, value or None for a refusal, source of the phrasing)
CASES = [
    ("cn", "同比下降1.5%", "营业收入同比增长率", None, "-0.015", "annual report, yoy change"),
    ("cn", "1.5%", "营业收入同比增长率", None, "-0.015", "quote without the word"),
    ("cn", "同比下降1.5%", "营业收入降幅", None, "0.015", "the decline itself"),
    ("cn", "同比下降1.5%", "营业收入", None, None, "a change claimed as a level"),
    ("cn", "减少0.50个百分点", "毛利率变动", None, "-0.0050", "change in points"),
    ("cn", "毛利率为35.3%", "毛利率", None, "0.353", "a level beside a change"),
    ("cn", "同比减少12.4%", "归母净利润同比增长率", None, "-0.124", "profit growth"),
    ("cn", "同比下降0.3亿元", "营业成本变动额", "CNY", "-30000000", "change of an amount"),
    ("cn", "净亏损3,000万元", "净利润", "CNY", "-30000000", "loss as a profit figure"),
    ("cn", "净亏损3,000万元", "净亏损", "CNY", "30000000", "the loss itself"),
    ("cn", "净亏损3,000万元", "营业收入", "CNY", None, "a loss claimed as revenue"),
    ("cn", "下降至2.1亿元", "经营活动产生的现金流量净额", "CNY", "210000000", "至: a level"),
    ("cn", "下降为8.7亿元", "营业收入", "CNY", "870000000", "为: a level"),
    ("cn", "实现营业收入87.43亿元", "营业收入", "CNY", "8743000000", "no sign word"),
    ("en", "decreased 3.2%", "net sales growth", None, "-0.032", "10-K MD&A"),
    ("en", "decreased 3.2%", "decrease in net sales", None, "0.032", "the decline itself"),
    ("en", "to $5.0 billion", "net sales", "USD", "5000000000", "level after 'to'"),
    ("en", "declined 120 basis points", "operating margin change", None, "-0.0120", "bps"),
    ("en", "fell by $12 million", "revenue change", "USD", "-12000000", "by: a change"),
    ("en", "fell by $12 million", "revenue", "USD", None, "a change claimed as a level"),
    ("en", "net loss of $3.2 million", "net income", "USD", "-3200000", "press release"),
    ("en", "net loss of $3.2 million", "Net loss", "USD", "3200000", "the loss itself"),
    ("en", "a 4% decline", "gross profit growth", None, "-0.04", "word after the amount"),
    ("en", "lower at $5.2 billion", "inventories", "USD", "5200000000", "'at': a level"),
    ("en", "rose 7%", "services revenue growth", None, "0.07", "an increase"),
]


@pytest.mark.parametrize(
    ("doc", "quote", "metric", "currency", "value", "source"),
    CASES,
    ids=[f"{c[0]}-{c[2]}-{c[1]}" for c in CASES],
)
def test_sign_words(
    doc: str, quote: str, metric: str, currency: str | None, value: str | None, source: str
) -> None:
    # the sentence names 华东区: its figure is the region's, not the company's (entity_mismatch)
    claim = _claim(doc, quote, metric, currency, "华东区" if "8.7亿元" in quote else "公司")
    if value is None:
        with pytest.raises(SignConventionError, match=f"metric {metric!r}") as caught:
            resolve(claim, DOCS)
        assert "name a" in caught.value.message, source
        (refusal,) = resolve_all([claim], DOCS).refusals
        assert refusal.reason == "ambiguous_sign"
    else:
        assert resolve(claim, DOCS).value == Decimal(value), source


_DECREASE = ["下降", "减少", "下滑", "回落", "decreased", "declined", "fell", "dropped"]
_CHANGE_METRICS = ["营业收入同比增长率", "净利润变动", "revenue growth", "change in net sales"]


@given(
    word=st.sampled_from(_DECREASE),
    metric=st.sampled_from(_CHANGE_METRICS),
    digits=st.decimals(min_value=Decimal("0.1"), max_value=Decimal("99.9"), places=1),
    lead=st.sampled_from(["", "同比", "比上年", "Revenue ", "公司营业收入"]),
)
def test_a_governed_decline_is_never_a_positive_change(
    word: str, metric: str, digits: Decimal, lead: str
) -> None:
    gap = " " if word.isascii() else ""
    text = f"{lead}{word}{gap}{digits}%。"
    doc = Document("d", text)
    try:
        fact = resolve(_claim("d", f"{digits}%", metric, None), [doc])
    except CaliberMismatchError as error:
        # the lead names no metric, or another one ("Revenue" for 净利润变动), or the words
        # run together across scripts ("同比decreased"): a refusal, never a positive value
        assert error.differing[0] in ("metric", "role")
        natural = lead == "公司营业收入" and metric == "营业收入同比增长率" and not word.isascii()
        assert not natural, error.message
        return
    assert fact.value == -digits / 100


def test_a_prior_year_figure_is_not_the_years_profit() -> None:
    """ "上年同期为盈利1,200万元": the comparison base, not 2023's net profit (role_mismatch)."""
    (refusal,) = resolve_all([_claim("cn", "盈利1,200万元", "净利润", "CNY")], DOCS).refusals
    assert refusal.reason == "role_mismatch"


@given(
    metric=st.sampled_from(["营业收入", "净利润", "revenue", "net income", "毛利率"]),
    digits=st.decimals(min_value=Decimal("0.1"), max_value=Decimal("99.9"), places=1),
)
def test_an_amount_without_sign_words_keeps_its_value(metric: str, digits: Decimal) -> None:
    assume(digits != Decimal("3.1"))  # the quote would stand twice in the text (ambiguous)
    doc = Document("d", f"2023年{metric}为{digits}%，上年为3.1%。")
    assert resolve(_claim("d", f"{digits}%", metric, None), [doc]).value == digits / 100

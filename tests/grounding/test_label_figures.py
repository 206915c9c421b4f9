"""Figures written inside a row's label are not the row's amount, nor its unit (issue 24).

A converter that writes each text node on its own line breaks "2021 Notes issuance of
$18.5 billion" into "18.5" / "billion", and "Treasury stock, at cost – 256,638,054 and
263,044,840 shares" into a line per figure. The lone "billion" is the scale of the
figure before it, never a declaration for the rows below (the table's "(in millions)"
governs them): a row under it is refused rather than read in billions. A number of
shares in a label is never an amount of money.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import Document, FincalcError, resolve
from fincalc._grounding.resolve import reason_code

_NOTES = (
    "Our total long-term debt obligations are as follows (in millions):\n"
    "December 31, 2023\nDecember 31, 2024\n"
    "2021 Notes issuance of $\n18.5\nbillion\n17,500\n15,000\n"
    "December 2022 Notes issuance of $\n8.3\nbillion\n8,250\n7,000\n"
    "Total face value of long-term debt\n25,750\n22,000\n"
)
_ZH_NOTES = (
    "单位：万元\n项目\n2024年12月31日\n2023年12月31日\n2021年公司债券（发行规模\n8.3\n亿元\n）\n"
    "83,000\n83,000\n长期借款合计\n125,000\n118,000\n"
)
_TREASURY = (
    "CONSOLIDATED STATEMENTS OF FINANCIAL POSITION\n(Dollars in millions)\nJune 30 2025\n"
    "December 31 2024\nAdditional paid-in capital\n19,238\n18,964\nTreasury stock, at cost\n–\n"
    "256,638,054\nand\n263,044,840\nshares\n(\n31,603\n)\n(\n32,386\n)\nRetained earnings\n"
    "14,542\n15,362\n"
)
_TREASURY_QUOTE = (
    "Treasury stock, at cost\n–\n256,638,054\nand\n263,044,840\nshares\n(\n31,603\n)\n(\n32,386"
)
_ZH_TREASURY = (
    "合并资产负债表\n单位：万元\n项目\n2025年6月30日\n2024年12月31日\n资本公积\n19,238\n18,964\n"
    "减：库存股（\n12,345,678\n股）\n31,603\n32,386\n盈余公积\n14,542\n15,362\n"
)


def _claim(quote: str, metric: str, period: str, currency: str) -> dict[str, object]:
    return {
        "evidence_id": "d",
        "quote": quote,
        "metric": metric,
        "entity": "Filer",
        "period": period,
        "basis": "instant",
        "currency": currency,
    }


def _outcome(text: str, claim: dict[str, object]) -> Decimal | str:
    try:
        return resolve(claim, [Document("d", text, currency=str(claim["currency"]))]).value
    except FincalcError as error:
        return reason_code(error)


# (page, quote, metric, period, currency, expected reason, source)
CASES = [
    (_NOTES, "Total face value of long-term debt\n25,750", "Total face value of long-term debt",
     "2023-12-31", "USD", "missing_unit", "10-K debt note as BeautifulSoup text (was 2.575E+13)"),
    (_NOTES, "Total face value of long-term debt\n25,750\n22,000",
     "Total face value of long-term debt", "2024-12-31", "USD", "missing_unit",
     "10-K debt note, the row whole"),
    (_ZH_NOTES, "长期借款合计\n125,000", "长期借款合计", "2024-12-31", "CNY", "ambiguous_quantity",
     "年报 附注 长期借款, 一格一行"),
    (_TREASURY, _TREASURY_QUOTE, "Treasury stock, at cost", "2024-12-31", "USD",
     "ambiguous_quantity", "10-Q balance sheet as BeautifulSoup text (was 2.566E+14)"),
    (_TREASURY, _TREASURY_QUOTE, "Treasury stock, at cost", "2025-06-30", "USD", "no_quantity",
     "10-Q balance sheet: the dash of the label read as a cell"),
    (_ZH_TREASURY, "减：库存股（\n12,345,678\n股）\n31,603\n32,386", "减：库存股", "2024-12-31",
     "CNY", "ambiguous_quantity", "年报 合并资产负债表, 股数写在项目中"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "quote", "metric", "period", "currency", "reason", "source"), CASES
)
def test_a_figure_inside_a_label_is_neither_the_amount_nor_its_scale(
    text: str, quote: str, metric: str, period: str, currency: str, reason: str, source: str
) -> None:
    assert _outcome(text, _claim(quote, metric, period, currency)) == reason, source


def test_the_refusals_say_what_the_figure_in_the_label_is() -> None:
    with pytest.raises(FincalcError) as caught:
        resolve(_claim(_TREASURY_QUOTE, "Treasury stock, at cost", "2024-12-31", "USD"),
                [Document("d", _TREASURY, currency="USD")])  # fmt: skip
    assert "'256,638,054' is a number of shares" in str(caught.value)
    quote = "Total face value of long-term debt\n25,750"
    with pytest.raises(FincalcError) as caught:
        resolve(_claim(quote, "Total face value of long-term debt", "2023-12-31", "USD"),
                [Document("d", _NOTES, currency="USD")])  # fmt: skip
    assert "the line 'billion' above the quoted amount is the scale of the figure '8.3'" in str(
        caught.value
    )


@settings(max_examples=30, deadline=None)
@given(
    st.integers(1, 99_999),
    st.integers(1, 99_999),
    st.integers(11, 999),
    st.sampled_from(["billion", "million", "thousand"]),
)
def test_a_row_under_a_broken_scale_is_right_or_refused_never_rescaled(
    total: int, prior: int, issued: int, scale: str
) -> None:
    """Whatever the figure and scale of the label above, the total is millions or refused."""
    text = (
        "Our total long-term debt obligations are as follows (in millions):\n"
        "December 31, 2023\nDecember 31, 2024\n"
        f"2021 Notes issuance of $\n{issued / 10}\n{scale}\n{prior:,}\n{total:,}\n"
        f"Total face value of long-term debt\n{total:,}\n{prior:,}\n"
    )
    quote = f"Total face value of long-term debt\n{total:,}"
    outcome = _outcome(
        text, _claim(quote, "Total face value of long-term debt", "2023-12-31", "USD")
    )
    assert isinstance(outcome, str) or outcome == Decimal(total) * 10**6, outcome

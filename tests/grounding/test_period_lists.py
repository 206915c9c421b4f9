"""An amount beside a list of periods that no run of amounts pairs with is refused.

"$4.1 billion and roughly $3.8 billion in 2023 and 2022, respectively" says
which year each amount is only through the list; when the run of amounts is
broken (a word inside it, or a member the reader refuses, "$4.1 T"), the first
year after an amount is not its own: "$3.8 billion" was accepted for 2023.
Likewise "In 2024 and 2023, revenue was $5.0 billion" names no one year.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import Document, FincalcError, resolve

# (text, quote, claimed period, expected value or None for refused, source)
CASES = [
    (
        "Revenue was $4.1 T and $3.8 billion in 2023 and 2022, respectively.",
        "$3.8 billion",
        "FY2023",
        None,
        "news brief: a member the reader refuses ('T')",
    ),
    (
        "Revenue was about $4.1 billion and roughly $3.8 billion in 2023 and 2022, respectively.",
        "$3.8 billion",
        "FY2023",
        None,
        "MD&A: a word inside the run of amounts",
    ),
    (
        "Revenue was about $4.1 billion and roughly $3.8 billion in 2023 and 2022, respectively.",
        "$4.1 billion",
        "FY2022",
        None,
        "MD&A: the first amount, no period right after it",
    ),
    (
        "Revenue was $3.8 billion in 2023 and 2022, respectively.",
        "$3.8 billion",
        "FY2023",
        None,
        "a list of years after one amount",
    ),
    (
        "In 2024 and 2023, total revenue was $5.0 billion and roughly $4.6 billion.",
        "$5.0 billion",
        "FY2023",
        None,
        "10-K prose: the periods before the amounts",
    ),
    (
        "2024年和2023年，公司营业收入分别约为84.5亿元及约78.1亿元。",
        "营业收入分别约为84.5亿元",
        "FY2023",
        None,
        "年报 经营情况讨论: 分别 with a word inside the run",
    ),
    (
        "Revenue was $4.1 billion and $3.8 billion in 2023 and 2022, respectively.",
        "$3.8 billion",
        "FY2022",
        Decimal("3.8E+9"),
        "MD&A: the run pairs, the list says 2022",
    ),
    (
        "Revenue was $4.1 billion and $3.8 billion in 2023 and 2022, respectively.",
        "$3.8 billion",
        "FY2023",
        None,
        "MD&A: the run pairs, 2023 is the other amount's",
    ),
    (
        "Revenue grew to $4.1 billion in 2023 and $3.8 billion in 2022.",
        "$4.1 billion in 2023",
        "FY2023",
        Decimal("4.1E+9"),
        "MD&A: each amount with its own year (no list)",
    ),
    (
        "2023年公司实现营业收入84.5亿元，2022年为78.1亿元。",
        "2023年公司实现营业收入84.5亿元",
        "FY2023",
        Decimal("8.45E+9"),
        "年报: each amount with its own year (no list)",
    ),
]


def _resolve(text: str, quote: str, period: str) -> Decimal | None:
    claim = {
        "evidence_id": "p",
        "quote": quote,
        "metric": "营业收入" if "营业收入" in text else "revenue",
        "entity": "X",
        "period": period,
        "basis": "single_period",
        "currency": "CNY" if "元" in text else "USD",
    }
    try:
        return resolve(claim, [Document(text=text, id="p")]).quantity.value
    except FincalcError:
        return None


@pytest.mark.parametrize(
    ("text", "quote", "period", "expected", "source"), CASES, ids=[c[4] for c in CASES]
)
def test_period_lists(
    text: str, quote: str, period: str, expected: Decimal | None, source: str
) -> None:
    assert _resolve(text, quote, period) == expected, source


_SECONDS = {
    "$3.8 billion": Decimal("3.8E+9"),
    "$380 million": Decimal("3.8E+8"),
    "$3,800 million": Decimal("3.8E+9"),
}
_BREAKS = ["$4.1 T", "about $4.1 billion", "$4.1 billion (restated)", "$4.1\u00a0mil", "Q.4"]


@given(
    first=st.sampled_from(_BREAKS),
    second=st.sampled_from(sorted(_SECONDS)),
    years=st.lists(st.integers(2001, 2030), min_size=2, max_size=2, unique=True),
    join=st.sampled_from([" and ", ", and ", " & "]),
    tail=st.sampled_from([", respectively.", " respectively.", "."]),
)
def test_a_broken_run_never_gives_a_year(
    first: str, second: str, years: list[int], join: str, tail: str
) -> None:
    # truth by construction: the second amount belongs to the second year; the first
    # year is never its own, and the second year is right or refused
    y1, y2 = years
    text = f"Revenue was {first} and {second} in {y1}{join}{y2}{tail}"
    assert _resolve(text, second, f"FY{y1}") is None, text
    value = _resolve(text, second, f"FY{y2}")
    assert value is None or value == _SECONDS[second], text

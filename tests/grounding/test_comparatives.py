"""Comparative figures in brackets and a level stated with its change: never the wrong year.

UK and Hong Kong reports write "£245m (2022: £221m)"; Chinese ones
"人民币12.3亿元（2022年：人民币11.1亿元）".  A claim of the labelled year takes
the bracketed figure, a later year the one outside, any other year is refused.
A sentence stating a level and its change ("was $12.9 billion, up $972 million
from 2022") gives its level only to a claim whose period is the only one the
quote names.  Examples: ``tests/data/pages/uk-hk-comparative-brackets.json``;
these are the properties: whatever the figures and years, no claim is ever
given another year's figure.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from fincalc import Document, resolve_all

_FIGURES = st.integers(min_value=101, max_value=9_999)
_YEARS = st.integers(min_value=2015, max_value=2030)


def _resolve(text: str, quote: str, period: str, currency: str | None) -> Decimal | None:
    claim = {
        "evidence_id": "d",
        "quote": quote,
        "metric": "Revenue",
        "entity": "Acme",
        "period": period,
        "basis": "single_period",
        "tax": "na",
        "currency": currency,
    }
    result = resolve_all([claim], [Document("d", text)])
    return result.facts[0].value if result.facts else None


@given(_FIGURES, _FIGURES, _YEARS, st.integers(min_value=-2, max_value=2), st.booleans())
def test_a_comparative_bracket_gives_each_year_its_own_figure(
    current: int, prior: int, year: int, offset: int, chinese: bool
) -> None:
    if chinese:
        quote = f"本集团收入为人民币{current}万元（{year}年：人民币{prior}万元）"
        currency, scale = "CNY", 10**4
    else:
        quote = f"Revenue was £{current}m ({year}: £{prior}m)"
        currency, scale = "GBP", 10**6
    claimed = year + offset
    got = _resolve(f"Review of the year\n{quote}.\n", quote, f"FY{claimed}", currency)
    if current == prior:
        assert got in (None, current * scale)
    elif claimed == year:
        assert got == prior * scale
    elif got is not None:
        assert got == current * scale
        assert claimed > year


@given(_FIGURES, _FIGURES, _YEARS, st.integers(min_value=-1, max_value=1))
def test_a_level_with_its_change_is_never_the_base_years(
    level: int, change: int, base: int, offset: int
) -> None:
    quote = f"Revenue was ${level} million, up ${change} million from {base}"
    got = _resolve(f"{quote}.\n", quote, f"FY{base + offset}", "USD")
    assert got is None  # the quote names the base year: the level may be either year's


@given(_FIGURES, _FIGURES, _YEARS)
def test_a_level_with_its_change_in_one_named_year(level: int, change: int, year: int) -> None:
    quote = f"Revenue increased ${change} million to ${level} million in {year}"
    assert _resolve(f"{quote}.\n", quote, f"FY{year}", "USD") == level * 10**6
    assert _resolve(f"{quote}.\n", quote, f"FY{year - 1}", "USD") is None


@given(_FIGURES, _FIGURES, st.sampled_from(["Operating costs", "Revenue"]))
def test_two_subjects_never_share_a_level(level: int, change: int, metric: str) -> None:
    quote = f"Revenue rose to ${level} million, while operating costs increased ${change} million"
    claim_value = _resolve_metric(f"{quote}.\n", quote, metric)
    assert claim_value is None


def _resolve_metric(text: str, quote: str, metric: str) -> Decimal | None:
    claim = {
        "evidence_id": "d",
        "quote": quote,
        "metric": metric,
        "entity": "Acme",
        "period": "FY2024",
        "basis": "single_period",
        "tax": "na",
        "currency": "USD",
    }
    result = resolve_all([claim], [Document("d", text)])
    return result.facts[0].value if result.facts else None


@given(_FIGURES, _FIGURES, _YEARS, st.integers(min_value=1, max_value=3), st.booleans())
def test_amounts_each_with_its_year_give_each_year_its_own(
    first: int, second: int, year: int, back: int, other_metric: bool
) -> None:
    earlier = year - back
    joint = "and net income was" if other_metric else "compared with"
    quote = f"Revenue was ${first} million in {year}, {joint} ${second} million in {earlier}"
    text = f"{quote}.\n"
    got_late = _resolve(text, quote, f"FY{year}", "USD")
    got_early = _resolve(text, quote, f"FY{earlier}", "USD")
    if other_metric:
        assert got_early is None  # never net income's figure for revenue
        assert got_late in (None, first * 10**6)
    else:
        assert got_late == first * 10**6
        assert got_early == second * 10**6
    assert _resolve(text, quote, f"FY{year + 1}", "USD") is None

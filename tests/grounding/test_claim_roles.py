"""A claim's role and base period reach the resolved fact's caliber (issue 27)."""

from __future__ import annotations

from datetime import date

import pytest

from fincalc import Claim, Document, InvalidRecordError, Period, Role, resolve

BULLETIN = Document(
    "gb-2024",
    "全年全省地区生产总值3003.1亿元，比上年增加553.1亿元，按不变价格计算，比上年增长8.2%。",
)
TEN_Q = Document(
    "10q-q2",
    "Cash and cash equivalents were $1,204 million at July 29, 2023, an increase of "
    "$312 million from January 28, 2023.",
)


def claim(**fields: object) -> Claim:
    base: dict[str, object] = {
        "evidence_id": "gb-2024",
        "metric": "地区生产总值",
        "entity": "全省",
        "period": "2024年",
        "basis": "single_period",
        "currency": "CNY",
    }
    base.update(fields)
    return Claim(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("source", "doc", "fields", "role", "compared_to"),
    [
        (
            "statistical bulletin (ZH), level",
            BULLETIN,
            {"quote": "地区生产总值3003.1亿元"},
            "level",
            None,
        ),
        (
            "statistical bulletin (ZH), change",
            BULLETIN,
            {"quote": "比上年增加553.1亿元", "role": "change"},
            "change",
            Period.fiscal_year(2023),
        ),
        (
            "statistical bulletin (ZH), growth",
            BULLETIN,
            {"quote": "比上年增长8.2%", "role": "growth", "currency": None},
            "growth",
            Period.fiscal_year(2023),
        ),
        (
            "10-Q MD&A (EN), balance change between two dates",
            TEN_Q,
            {
                "evidence_id": "10q-q2",
                "quote": "an increase of $312 million",
                "metric": "Cash and cash equivalents",
                "entity": "the Company",
                "period": "2023-07-29",
                "basis": "instant",
                "currency": "USD",
                "role": "change",
                "compared_to": "2023-01-28",
            },
            "change",
            Period.instant(date(2023, 1, 28)),
        ),
    ],
)
def test_the_claimed_role_reaches_the_caliber(
    source: str, doc: Document, fields: dict[str, object], role: str, compared_to: Period | None
) -> None:
    fact = resolve(claim(**fields), [doc])
    assert fact.role is Role(role), source
    assert fact.caliber.compared_to == compared_to, source


def test_a_level_with_a_base_period_is_refused() -> None:
    with pytest.raises(InvalidRecordError, match="compared_to '2023' is set but role is 'level'"):
        claim(quote="地区生产总值3003.1亿元", compared_to="2023")


def test_a_computation_over_a_claimed_change_verifies_against_its_source() -> None:
    from fincalc import growth_from_change, prior_level, verify

    level = resolve(claim(quote="地区生产总值3003.1亿元"), [BULLETIN])
    rise = resolve(claim(quote="比上年增加553.1亿元", role="change"), [BULLETIN])
    for record in (prior_level(level, rise), growth_from_change(level, rise)):
        assert verify(record, [BULLETIN]) == record
    cash = resolve(
        claim(
            evidence_id="10q-q2",
            quote="an increase of $312 million",
            metric="Cash and cash equivalents",
            entity="the Company",
            period="2023-07-29",
            basis="instant",
            currency="USD",
            role="change",
            compared_to="2023-01-28",
        ),
        [TEN_Q],
    )
    level_now = resolve(
        claim(
            evidence_id="10q-q2",
            quote="Cash and cash equivalents were $1,204 million",
            metric="Cash and cash equivalents",
            entity="the Company",
            period="2023-07-29",
            basis="instant",
            currency="USD",
        ),
        [TEN_Q],
    )
    back = prior_level(level_now, cash)
    assert back.result == 892_000_000
    assert verify(back, [TEN_Q]) == back

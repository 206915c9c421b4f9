"""Caliber: validation, diff, JSON round trip; Evidence and Fact."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import find, given
from hypothesis import strategies as st

from fincalc import (
    Basis,
    Caliber,
    DimensionMismatchError,
    Evidence,
    Fact,
    InvalidInputError,
    InvalidRecordError,
    Period,
    Quantity,
    Tax,
)
from fincalc.testing import calibers, names, periods

Q3 = Period.quarter(2025, 3)
YTD = Period.year_to_date(2025, 3)


def revenue(**changes: object) -> Caliber:
    base = Caliber("营业收入", "华东区", Q3, Basis.SINGLE_PERIOD, "CNY")
    return base.replace(**changes) if changes else base


def test_diff_names_fields_in_declaration_order() -> None:
    a = revenue()
    b = revenue(period=YTD, basis=Basis.CUMULATIVE, tax=Tax.EXCLUSIVE)
    assert a.diff(b) == ("period", "basis", "tax")
    assert a.diff(a) == ()


def test_na_tax_never_equals_exclusive() -> None:
    assert revenue(tax=Tax.NA) != revenue(tax=Tax.EXCLUSIVE)
    assert revenue(tax="na").diff(revenue(tax="exclusive")) == ("tax",)


def test_enum_strings_are_accepted_and_serialised_lowercase() -> None:
    c = Caliber("Revenue", "Apple Inc.", Q3, "single_period", "USD", "exclusive")
    assert c.basis is Basis.SINGLE_PERIOD
    assert c.tax is Tax.EXCLUSIVE
    data = c.to_dict()
    assert data["basis"] == "single_period"
    assert data["tax"] == "exclusive"
    assert '"basis":"single_period"' in c.to_json()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"metric": ""}, "metric"),
        ({"entity": "   "}, "entity"),
        ({"basis": "quarterly"}, "basis"),
        ({"tax": "none"}, "tax"),
        ({"dimension": "yuan"}, "dimension"),
        ({"period": "2025Q3"}, "Period"),
        ({"basis": Basis.INSTANT}, "instant"),
        ({"period": Period.instant(date(2025, 9, 30))}, "one day"),
        ({"period": Period.instant(date(2025, 9, 30)), "basis": Basis.CUMULATIVE}, "one day"),
        ({"colour": "red"}, "no field"),
    ],
)
def test_invalid_calibers_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        revenue(**changes)


def test_instant_basis_and_one_day_periods_go_together() -> None:
    day = Period.instant(date(2025, 9, 30))
    assert revenue(period=day, basis=Basis.INSTANT).basis is Basis.INSTANT
    # other pairings are the user's call: 1-2月 labelled cumulative is allowed
    jan_feb = Period(date(2025, 1, 1), date(2025, 3, 1))
    assert revenue(period=jan_feb, basis=Basis.CUMULATIVE).basis is Basis.CUMULATIVE
    assert revenue(period=YTD, basis=Basis.SINGLE_PERIOD).period == YTD


@pytest.mark.parametrize(
    "text",
    [
        "{}",
        "not json",
        '{"metric":"m","entity":"e","period":{"start":"2025-02-01","end":"2025-01-01"},'
        '"basis":"single_period","dimension":"CNY","tax":"na"}',
        '{"metric":"m","entity":"e","period":{"start":"2025-01-01","end":"2025-02-01"},'
        '"basis":"weekly","dimension":"CNY","tax":"na"}',
        '{"metric":"m","entity":"e","period":{"start":"2025-01-01","end":"2025-01-02"},'
        '"basis":"single_period","dimension":"CNY","tax":"na"}',
    ],
)
def test_bad_json_raises_invalid_record(text: str) -> None:
    with pytest.raises(InvalidRecordError):
        Caliber.from_json(text)


# Any non-blank names, quarters and balance-sheet dates over two centuries, every
# dimension kind, and any basis a Caliber accepts (not only the implied one).
any_calibers = calibers(
    metrics=names(),
    entities=names(),
    dimension=st.sampled_from(["CNY", "USD", "RATIO", "SHARES"]),
    period=periods(kinds=("quarter", "instant"), min_year=1990, max_year=2100),
    basis="any",
)


def test_any_calibers_reach_what_the_implied_basis_never_draws() -> None:
    # a quarter labelled cumulative, a name outside the examples, a non-money dimension
    quarter_as_ytd = find(any_calibers, lambda c: c.basis is Basis.CUMULATIVE)
    assert quarter_as_ytd.period.months == 3
    assert find(any_calibers, lambda c: c.metric not in {"营业收入", "净利润"}).metric.strip()
    assert find(any_calibers, lambda c: c.dimension == "SHARES").dimension == "SHARES"
    with pytest.raises(ValueError, match="'implied' or 'any'"):
        calibers(basis="sometimes")  # type: ignore[arg-type]


@given(any_calibers)
def test_json_round_trip_is_identity(caliber: Caliber) -> None:
    assert Caliber.from_json(caliber.to_json()) == caliber
    assert Caliber.from_dict(caliber.to_dict()) == caliber


@given(any_calibers)
def test_equal_calibers_hash_equal_and_are_frozen(caliber: Caliber) -> None:
    twin = caliber.replace()
    assert twin == caliber
    assert hash(twin) == hash(caliber)
    with pytest.raises(AttributeError):
        caliber.metric = "x"  # type: ignore[misc]


@given(any_calibers, any_calibers)
def test_diff_is_symmetric_and_empty_iff_equal(a: Caliber, b: Caliber) -> None:
    assert a.diff(b) == b.diff(a)
    assert (a.diff(b) == ()) == (a == b)


def test_fact_requires_matching_dimension() -> None:
    evidence = Evidence("report-2025Q3", "营业收入 8.7 亿元", span=(0, 11))
    cny = Quantity(Decimal("8.7E+8"), "CNY", unit="亿元", raw="8.7 亿元")
    fact = Fact(cny, revenue(), evidence)
    assert fact.value == Decimal("870000000")
    assert fact.to_dict()["quantity"]["value"] == "870000000"
    usd = Quantity(Decimal("1.2E+8"), "USD", unit="million", raw="$120 million")
    with pytest.raises(DimensionMismatchError, match="'USD' but the caliber says 'CNY'"):
        Fact(usd, revenue(), evidence)
    scale_only = Quantity(Decimal("147694000000"), None, unit="亿", raw="1476.94 亿")
    with pytest.raises(DimensionMismatchError):
        Fact(scale_only, revenue(), evidence)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"evidence_id": "", "quote": "q"}, "evidence_id"),
        ({"evidence_id": "r", "quote": None}, "quote"),
        ({"evidence_id": "r", "quote": "q", "span": (3, 1)}, "span"),
        ({"evidence_id": "r", "quote": "q", "span": [0, 1]}, "span"),
    ],
)
def test_evidence_validation(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        Evidence(**kwargs)  # type: ignore[arg-type]


# -- roles: a change or a growth rate is a fact of its own ------------------------------

FY24 = Period.fiscal_year(2024)


@pytest.mark.parametrize(
    ("source", "role", "dimension", "period", "compared_to", "described"),
    [
        # 统计公报: "全年国内生产总值…比上年增加553.1亿元"
        ("statistical bulletin (ZH)", "change", "CNY", FY24, None, "change vs FY2023"),
        # 10-K MD&A: "net sales increased $972 million compared to fiscal 2022"
        ("10-K MD&A (EN)", "change", "USD", FY24, Period.fiscal_year(2022), "change vs FY2022"),
        # 季报: "营业收入同比增长8.2%"
        ("quarterly report (ZH)", "growth", "RATIO", Q3, None, "growth vs 2024Q3"),
        # 10-Q balance sheet: cash changed between 2023-01-28 and 2023-07-29
        (
            "10-Q balance sheet (EN)",
            "change",
            "USD",
            Period.instant(date(2023, 7, 29)),
            Period.instant(date(2023, 1, 28)),
            "change vs 2023-01-28",
        ),
    ],
)
def test_a_change_names_its_role_and_base(
    source: str,
    role: str,
    dimension: str,
    period: Period,
    compared_to: Period | None,
    described: str,
) -> None:
    basis = Basis.INSTANT if period.is_instant else Basis.SINGLE_PERIOD
    c = Caliber("m", "e", period, basis, dimension, role=role, compared_to=compared_to)  # type: ignore[arg-type]
    assert c.role.value == role
    assert c.compared_to == (compared_to or period.prior_year())
    assert c.describe().endswith(described), source
    assert Caliber.from_json(c.to_json()) == c
    assert c.to_dict()["role"] == role
    level = c.replace(role="level", dimension="RATIO" if role == "growth" else dimension)
    assert level.compared_to is None
    assert "role" in c.diff(level)
    assert "compared_to" in c.diff(level)


def test_a_level_serialises_as_before_roles_existed() -> None:
    text = revenue().to_json()
    assert "role" not in text
    assert "compared_to" not in text
    assert text == (
        '{"metric":"营业收入","entity":"华东区","period":{"start":"2025-07-01",'
        '"end":"2025-10-01"},"basis":"single_period","dimension":"CNY","tax":"na"}'
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"compared_to": Period.quarter(2024, 3)}, "only a change or a growth rate"),
        ({"role": "growth"}, "a growth rate is a RATIO"),
        ({"role": "rise"}, "is not one of 'level', 'change', 'growth'"),
        ({"role": "change", "compared_to": Q3}, "other than the period itself"),
        ({"role": "change", "compared_to": Period.instant(date(2024, 9, 30))}, "must be a period"),
        ({"role": "change", "compared_to": "2024Q3"}, "must be a Period"),
    ],
)
def test_bad_roles_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        revenue(**changes)


def test_replace_keeps_a_declared_base_and_moves_a_default_one() -> None:
    declared = revenue(role="change", compared_to=Period.quarter(2025, 2))
    assert declared.replace(entity="华南区").compared_to == Period.quarter(2025, 2)
    default = revenue(role="change")
    moved = default.replace(period=Period.quarter(2025, 4))
    assert moved.compared_to == Period.quarter(2024, 4)


@given(any_calibers, st.sampled_from(["change", "growth"]))
def test_role_round_trips_and_differs_only_in_role_fields(caliber: Caliber, role: str) -> None:
    dimension = "RATIO" if role == "growth" else caliber.dimension
    level = caliber.replace(dimension=dimension)
    changed = level.replace(role=role)
    assert Caliber.from_json(changed.to_json()) == changed
    assert Caliber.from_dict(changed.to_dict()) == changed
    assert changed.diff(level) == ("role", "compared_to")
    assert changed.replace(role="level") == level

"""Dimension facts are data: kinds, additivity and unit words for every non-money code."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import DataFileError, InvalidInputError, UnitTable
from fincalc._values.dimensions import _entry, dimension_info, is_money, listed_dimensions


@pytest.mark.parametrize(
    ("code", "kind", "additive"),
    [
        ("CNY", "money", True),
        ("USD", "money", True),
        ("RATIO", "ratio", False),
        ("MULTIPLE", "multiple", False),
        ("SHARES", "count", True),
        ("PERSONS", "count", True),
        ("DAYS", "time", True),
        ("TONNES", "physical", True),
        ("CNY_PER_SHARES", "per_unit", False),
        ("USD_PER_PERSONS", "per_unit", False),
    ],
)
def test_kinds(code: str, kind: str, additive: bool) -> None:
    info = dimension_info(code)
    assert (info.code, info.kind, info.additive) == (code, kind, additive)


def test_render_words() -> None:
    assert dimension_info("DAYS").en == ("day", "days")
    assert dimension_info("DAYS").zh == "天"
    assert dimension_info("MULTIPLE").zh == "倍"
    assert dimension_info("CNY").en is None


@pytest.mark.parametrize("code", ["cny", "USDOLLARS", "CNY_PER_", "A_PER_B_PER_C", "", "X"])
def test_unknown_codes_are_refused(code: str) -> None:
    with pytest.raises(InvalidInputError):
        dimension_info(code)


def test_every_unit_of_the_table_has_a_known_dimension() -> None:
    table = UnitTable.default()
    dimensions = {spec.dimension for spec in table.suffixes.values() if spec.dimension}
    for code in dimensions:
        assert code in listed_dimensions() or is_money(code), code


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"kind": "weight", "additive": True}, "kind must be one of"),
        ({"kind": "count"}, "additive must be true or false"),
        ({"kind": "count", "additive": True, "en": ["x"]}, "en must be [singular, plural]"),
        ({"kind": "count", "additive": True, "colour": "red"}, "unknown field(s) ['colour']"),
    ],
)
def test_malformed_entries_name_the_field(raw: dict[str, object], message: str) -> None:
    with pytest.raises(DataFileError) as info:
        _entry("WIDGETS", raw)
    assert message in str(info.value)
    assert "[WIDGETS]" in str(info.value)


def test_a_three_letter_code_cannot_be_listed() -> None:
    with pytest.raises(DataFileError, match="ISO 4217"):
        _entry("DAY", {"kind": "time", "additive": True})


@given(st.text(max_size=20))
def test_is_money_never_raises(code: str) -> None:
    assert is_money(code) in (True, False)

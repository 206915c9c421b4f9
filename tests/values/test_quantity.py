"""Quantity and strict Decimal coercion."""

from __future__ import annotations

import decimal
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import InvalidInputError, Quantity
from fincalc._values.decimals import CONTEXT, MAX_EXPONENT, arithmetic, in_range, to_decimal

finite_decimals = st.decimals(allow_nan=False, allow_infinity=False, places=None).filter(
    lambda d: -MAX_EXPONENT <= d.adjusted() <= MAX_EXPONENT
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (Decimal("870000000"), Decimal("870000000")),
        (12, Decimal(12)),
        ("1234.56", Decimal("1234.56")),
        (" -0.0049 ", Decimal("-0.0049")),
        ("8.7E+8", Decimal("870000000")),
    ],
)
def test_to_decimal_accepts_exact_inputs(value: object, expected: Decimal) -> None:
    assert to_decimal(value) == expected


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0.1, "float 0.1 is not accepted"),
        (True, "bool"),
        ("8.7亿", "not a decimal number"),
        ("NaN", "not a finite number"),
        ("-Infinity", "not a finite number"),
        (Decimal("sNaN"), "not a finite number"),
        (None, "expected Decimal, int or str"),
        ("9" * 500, "exceeds the limit"),
        ("1E+100", "out of range"),
        ("1e-999999", "out of range"),
        ("1.5e999999999", "out of range"),
        (Decimal("-1E+41"), "out of range"),
        (10**41, "out of range"),
        ("0E-41", "out of range"),
    ],
)
def test_to_decimal_refuses_guesses(value: object, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        to_decimal(value, field="value")


def test_private_context_is_fixed() -> None:
    assert CONTEXT.rounding == decimal.ROUND_HALF_UP
    assert CONTEXT.prec >= 28
    before = decimal.getcontext().copy()
    with arithmetic():
        assert decimal.getcontext().rounding == decimal.ROUND_HALF_UP
        with pytest.raises(decimal.DivisionByZero):
            Decimal(1) / Decimal(0)
    after = decimal.getcontext()
    assert (after.prec, after.rounding, after.traps) == (before.prec, before.rounding, before.traps)


def test_quantity_is_frozen_hashable_and_equal_by_value() -> None:
    a = Quantity(Decimal("8.7E+8"), "CNY", unit="亿元", raw="8.7 亿元", span=(10, 16))
    b = Quantity(Decimal("870000000"), "CNY", unit="亿元", raw="8.7 亿元", span=(10, 16))
    assert a == b
    assert hash(a) == hash(b)
    with pytest.raises(AttributeError):
        a.value = Decimal(1)  # type: ignore[misc]


def test_quantity_keeps_written_precision_in_the_exponent() -> None:
    assert Quantity(Decimal("303") * Decimal("1E+6"), "USD").exponent == 6
    assert Quantity(Decimal("0.052"), "RATIO").exponent == -3


def test_quantity_repr_is_readable() -> None:
    q = Quantity(Decimal("3.03E+8"), "USD", unit="M", raw="$303M", qualifier="about")
    assert repr(q) == "Quantity(303000000 USD, raw='$303M', qualifier='about')"
    scale_only = Quantity(Decimal("147694000000"), None, unit="亿", raw="1476.94 亿")
    assert "(no dimension)" in repr(scale_only)
    assert scale_only.dimension is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"value": 1.5, "dimension": "CNY"}, "float"),
        ({"value": Decimal("NaN"), "dimension": "CNY"}, "finite"),
        ({"value": Decimal("Infinity"), "dimension": "CNY"}, "finite"),
        ({"value": Decimal(1), "dimension": "cny"}, "dimension code"),
        ({"value": Decimal(1), "dimension": ""}, "dimension code"),
        ({"value": Decimal(1), "dimension": "CNY", "span": (5, 2)}, "half-open"),
    ],
)
def test_quantity_rejects_bad_values(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        Quantity(**kwargs)  # type: ignore[arg-type]


def test_quantity_to_dict_has_no_floats() -> None:
    data = Quantity(Decimal("3.03E+8"), "USD", unit="M", raw="$303M", span=(0, 5)).to_dict()
    assert data["value"] == "303000000"
    assert data["span"] == [0, 5]
    assert not any(isinstance(v, float) for v in data.values())


@given(finite_decimals)
def test_to_decimal_round_trips_strings(value: Decimal) -> None:
    assert to_decimal(str(value)) == value
    assert to_decimal(value) is value


@given(st.from_type(object))
def test_to_decimal_only_raises_fincalc_errors(value: object) -> None:
    try:
        to_decimal(value)
    except InvalidInputError as exc:
        assert "value" in str(exc)


@pytest.mark.parametrize(
    "value",
    ["9.99E+40", "-9.99E+40", "1E-40", "-1E-40", "0", "0E-40", "0E+40", 10**40, "147693604994.14"],
)
def test_to_decimal_accepts_the_whole_range(value: object) -> None:
    assert in_range(to_decimal(value))


def test_out_of_range_error_names_the_field_and_the_limit() -> None:
    with pytest.raises(InvalidInputError) as info:
        to_decimal("1E+100", field="expected")
    err = info.value
    assert str(err).startswith("expected: 1E+100 is out of range")
    assert (err.argument, err.limit) == ("expected", MAX_EXPONENT)
    with pytest.raises(InvalidInputError) as info:
        to_decimal("9" * 60, field="value")
    assert "…" in str(info.value)  # a long value is shortened in the message


@given(st.decimals(allow_nan=False, allow_infinity=False, places=None))
def test_to_decimal_accepts_exactly_the_values_in_range(value: Decimal) -> None:
    if in_range(value):
        assert to_decimal(value) is value
    else:
        with pytest.raises(InvalidInputError, match="out of range"):
            to_decimal(value)


def test_in_range_never_raises() -> None:
    assert not in_range(Decimal("NaN"))
    assert not in_range(Decimal("-Infinity"))
    assert not in_range(Decimal("1E+999999999"))


def test_a_refused_string_leaves_the_callers_flags_alone() -> None:
    with decimal.localcontext(
        decimal.Context(prec=5, traps=[decimal.Inexact, decimal.InvalidOperation])
    ) as caller:
        with pytest.raises(InvalidInputError):
            to_decimal("abc")
        with pytest.raises(InvalidInputError):
            to_decimal("")
        assert not caller.flags[decimal.InvalidOperation]
        assert to_decimal("1.234567") == Decimal("1.234567")  # exact, not rounded to prec=5
        assert not caller.flags[decimal.Inexact]

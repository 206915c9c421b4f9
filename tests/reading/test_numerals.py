"""Chinese numerals, capital (大写) amounts and mixed chains."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc._reading.numerals import compose, is_capital, parse_capital_tail, parse_chinese_numeral
from fincalc._values.decimals import arithmetic


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("一", "1"),
        ("十", "10"),
        ("十二", "12"),
        ("二十", "20"),
        ("一百零五", "105"),
        ("一千零五", "1005"),
        ("三千五百", "3500"),
        ("一万", "10000"),
        ("一万零一", "10001"),
        ("两千万", "20000000"),
        ("一亿二千万", "120000000"),
        ("三点五亿", "350000000"),
        ("三点一四", "3.14"),
        ("零点五", "0.5"),
        ("二十万亿", "20000000000000"),
        ("一万五千亿", "1500000000000"),
        ("十亿", "1000000000"),
        ("一亿零十万", "100100000"),
        ("壹拾贰万叁仟肆佰伍拾陆", "123456"),
        ("壹佰万", "1000000"),
        ("贰仟零贰拾肆", "2024"),
        ("二〇二三", "2023"),
        ("萬", None),
        ("一一亿", None),
        ("百万", None),
        ("", None),
        ("一x", None),
    ],
)
def test_parse_chinese_numeral(text: str, value: str | None) -> None:
    with arithmetic():
        if value is None:
            with pytest.raises(ValueError, match=r"."):
                parse_chinese_numeral(text)
        else:
            assert parse_chinese_numeral(text) == Decimal(value)


@pytest.mark.parametrize(
    ("text", "value", "exponent"),
    [
        ("3万4000", "34000", 0),
        ("25万6千", "256000", 3),
        ("十亿3000万", "1030000000", 4),
        ("1.5万亿", "1500000000000", 11),
        ("1100.9亿", "110090000000", 7),
        ("3千万", "30000000", 7),
        ("3000多万", "30000000", 4),
        ("12百万", "12000000", 6),
    ],
)
def test_compose_mixed_chains_keeps_precision(text: str, value: str, exponent: int) -> None:
    with arithmetic():
        result, scaled = compose(text)
    assert result == Decimal(value)
    assert result.as_tuple().exponent == exponent
    assert scaled


def test_capital_tail() -> None:
    with arithmetic():
        assert parse_capital_tail("元柒角捌分", 0) == (5, Decimal("0.78"), True)
        assert parse_capital_tail("元整", 0) == (2, Decimal(0), True)
        assert parse_capital_tail("圆零捌分", 0) == (4, Decimal("0.08"), True)
        assert parse_capital_tail("角", 0) is None
    assert is_capital("壹佰")
    assert not is_capital("一百")


_DIGITS = "零一二三四五六七八九"


def _to_chinese(n: int) -> str:
    """Write 0 < n < 10**12 in Chinese (the test oracle, independent of the parser)."""

    def below_10000(m: int) -> str:
        out = ""
        zero = False
        for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
            digit = m // value % 10
            if digit:
                if zero and out:
                    out += "零"
                out += _DIGITS[digit] + unit
                zero = False
            else:
                zero = True
        return out

    parts = []
    for value, unit in ((10**8, "亿"), (10**4, "万"), (1, "")):
        section = n // value % 10**4
        if section:
            text = below_10000(section)
            if parts and section < 1000:
                text = "零" + text
            parts.append(text + unit)
        elif parts:
            parts.append("")
    return "".join(parts)


@given(st.integers(min_value=1, max_value=10**12 - 1))
def test_round_trip_with_an_independent_writer(n: int) -> None:
    with arithmetic():
        assert parse_chinese_numeral(_to_chinese(n)) == n


@given(st.integers(min_value=1, max_value=9999), st.sampled_from(["万", "亿", "万亿"]))
def test_arabic_with_scale(n: int, scale: str) -> None:
    multiplier = {"万": 10**4, "亿": 10**8, "万亿": 10**12}[scale]
    with arithmetic():
        assert compose(f"{n}{scale}")[0] == n * multiplier

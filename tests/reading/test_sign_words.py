"""'negative' and 'minus' right before an amount are its sign, never dropped (issue 26).

'minus' right after another amount is a subtraction: that amount is left as written.
"""

from __future__ import annotations

import decimal
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import FincalcError, ParseError, check_answer, extract_quantities, parse_quantity

CASES = [
    # id, text, expected value (or the error class name), source
    ("en-neg-pct", "negative 5%", "-0.05", "news: a growth rate written with the word"),
    ("en-minus-words", "minus five percent", "-0.05", "speech-to-text answer, number words"),
    ("en-neg-money", "Negative $3 million", "-3E+6", "model answer opening with the sign word"),
    ("en-was-minus", "growth was minus 2.1%", "-0.021", "analyst note: a copula before 'minus'"),
    ("en-colon-minus", "Change: minus 12 million dollars", "-1.2E+7", "table caption: a colon"),
    ("en-reported", "The company reported minus $3.2 million", "-3.2E+6", "model answer"),
    ("en-operator", "100 minus 20", "ParseError", "arithmetic in an answer: two amounts"),
    (
        "en-net-of",
        "Revenue was $5 million, minus $2 million of returns",
        "ParseError",
        "prose: a subtraction after a comma; two amounts, neither negated",
    ),
    ("en-already-signed", "negative -5%", "-0.05", "a doubled sign stays one minus"),
    ("zh-fu", "负5%", "-0.05", "Chinese report: 负 is the sign"),
    ("en-no-word", "minuscule 5%", "0.05", "a longer word is no sign word"),
    ("en-non-negative", "a non-negative 5% margin", "0.05", "a hyphenated word is no sign"),
    ("en-terminus", "terminus 5%", "0.05", "the word ends another word"),
]


@pytest.mark.parametrize(("case_id", "text", "expected", "source"), CASES)
def test_sign_words(case_id: str, text: str, expected: str, source: str) -> None:
    if expected[0].isalpha():
        with pytest.raises(ParseError):
            parse_quantity(text)
        return
    quantity = parse_quantity(text)
    assert quantity.value == Decimal(expected), (case_id, source)
    assert quantity.span is not None
    assert text[quantity.span[0] : quantity.span[1]] == quantity.raw


def test_a_subtraction_leaves_both_amounts_as_written() -> None:
    values = [q.value for q in extract_quantities("Net: 100 dollars minus 20 dollars.")]
    assert values == [Decimal(100), Decimal(20)]
    values = [q.value for q in extract_quantities("$5 million, minus $2 million of returns")]
    assert values == [Decimal("5E+6"), Decimal("2E+6")]


def test_the_judge_reads_the_sign_once() -> None:
    # the judge's direction words ("negative", "minus") see an amount already negative
    assert check_answer("The growth rate was negative 5%", "-0.05", dimension="RATIO")
    assert check_answer("The growth rate was minus five percent", "-0.05", dimension="RATIO")
    assert not check_answer("The growth rate was negative 5%", "0.05", dimension="RATIO")


AMOUNTS = st.sampled_from(["5%", "$3 million", "12.5 percent", "8.7亿元", "two percent"])
PREFIX = st.sampled_from(["", "The change was ", "Growth: ", "It reached "])


@given(prefix=PREFIX, amount=AMOUNTS, word=st.sampled_from(["negative", "Negative", "minus"]))
def test_a_sign_word_never_leaves_a_positive_amount(prefix: str, amount: str, word: str) -> None:
    plain = parse_quantity(amount)
    text = f"{prefix}{word} {amount}"
    before = decimal.getcontext().copy()
    try:
        read = parse_quantity(text)
    except FincalcError:
        return  # refused: acceptable
    finally:
        assert decimal.getcontext().prec == before.prec
    assert read.value == -plain.value
    assert read.span is not None
    assert text[read.span[0] : read.span[1]] == read.raw

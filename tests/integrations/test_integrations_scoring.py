"""How the eval-framework adapters read a reference answer (no framework needed).

inspect_ai's target, Ragas' ``reference`` and deepeval's ``expected_output``
become a ``GoldCase``: a bare number is the gold value in base units, any
other text is the gold answer as written, read by the same reader as a gold
file's ``answer``. Runs in the core environment; each framework's own test
runs the adapter end to end.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import FincalcError
from fincalc.integrations._scoring import reference_fields, score_text

# source, model answer, reference, dimension, unit, expected (verdict, reason)
CASES: list[tuple[str, str, str, str | None, str | None, tuple[str, str]]] = [
    (
        "CSRC quarterly report",
        "华东区营业收入为8.7亿元。",
        "8.7亿元",
        None,
        None,
        ("correct", "ok"),
    ),
    (
        "CSRC quarterly report",
        "营业收入为8.7万元。",
        "8.7亿元",
        None,
        None,
        ("wrong", "wrong_scale"),
    ),
    ("CSRC annual report", "营业收入为870,000,000元", "8.7亿", "CNY", None, ("correct", "ok")),
    ("10-K MD&A", "Revenue was $302.6 million.", "$302.6 million", None, None, ("correct", "ok")),
    (
        "10-K MD&A",
        "Revenue was $302.6 billion.",
        "$302.6 million",
        None,
        None,
        ("wrong", "wrong_scale"),
    ),
    ("10-K MD&A", "Revenue was $302.6 million.", "302600000", None, None, ("correct", "ok")),
    ("earnings release", "Gross margin was 24.3%.", "24.3%", None, None, ("correct", "ok")),
    ("earnings release", "Revenue rose 0.49%", "-0.49%", None, None, ("wrong", "wrong_sign")),
    ("CSRC quarterly report", "研发投入 12.5", "1250000000", None, "亿元", ("correct", "ok")),
    ("CSRC quarterly report", "研发投入 12.5", "1250000000", "CNY", "亿元", ("correct", "ok")),
    (
        "CSRC quarterly report",
        "资料未披露该分部数据。",
        "资料未披露",
        None,
        None,
        ("correct", "ok"),
    ),
    ("10-K MD&A", "Revenue was $9.1 million.", "", None, None, ("wrong", "should_refuse")),
]


@pytest.mark.parametrize(("source", "answer", "reference", "dimension", "unit", "expected"), CASES)
def test_a_reference_is_read_like_a_gold_answer(
    source: str,
    answer: str,
    reference: str,
    dimension: str | None,
    unit: str | None,
    expected: tuple[str, str],
) -> None:
    result = score_text(answer, reference, dimension=dimension, unit=unit)
    assert (result.verdict, result.reason) == expected, source


def test_a_bare_number_is_base_units_never_the_questions_unit() -> None:
    # '1250000000' with unit 亿元 is 12.5 亿, not 1.25E+9 亿: the unit reads the answer's numbers
    assert reference_fields("1250000000", unit="亿元") == {
        "value": "1250000000",
        "dimension": "CNY",
    }
    assert reference_fields("1,234.5", dimension="USD") == {"value": "1234.5", "dimension": "USD"}
    assert reference_fields("8.7亿元", unit="亿元") == {"answer": "8.7亿元"}
    assert reference_fields("  ") == {"value": None}


@pytest.mark.parametrize(
    ("source", "reference", "unit", "dimension"),
    [
        ("10-K MD&A", "Revenue increased", None, None),  # no amount
        ("10-K MD&A", "between 3 and 4 million", None, None),  # two amounts
        ("10-K MD&A", "302600000", "million", None),  # base units of what?
        ("CSRC annual report", "8.7亿美元", None, "CNY"),  # another currency than declared
    ],
)
def test_an_unreadable_reference_is_refused_with_the_fix(
    source: str, reference: str, unit: str | None, dimension: str | None
) -> None:
    with pytest.raises(FincalcError) as caught:
        score_text("Revenue was $302.6 million.", reference, unit=unit, dimension=dimension)
    assert repr(reference) in str(caught.value), source  # names what it could not read


# a reference written several ways, each with the truth known by construction
_FORMS = {
    "CNY": [
        lambda v: (format(v, "f"), "CNY"),
        lambda v: (f"{format(v / 100_000_000, 'f')}亿元", None),
        lambda v: (f"{format(v / 10_000, 'f')}万元", None),
    ],
    "USD": [
        lambda v: (format(v, "f"), "USD"),
        lambda v: (f"${format(v / 1_000_000, 'f')} million", None),
    ],
}
_ANSWERS = {
    "CNY": lambda v: f"营业收入为{format(v / 100_000_000, 'f')}亿元。",
    "USD": lambda v: f"Revenue was ${format(v / 1_000_000, 'f')} million.",
}


@given(
    dimension=st.sampled_from(["CNY", "USD"]),
    digits=st.integers(min_value=1, max_value=99_999),
    scale=st.integers(min_value=5, max_value=9),
    form=st.integers(min_value=0, max_value=2),
    off=st.sampled_from([0, 0, -4, -1, 1, 3, 4]),
)
def test_right_is_right_or_refused_and_wrong_is_never_right(
    dimension: str, digits: int, scale: int, form: int, off: int
) -> None:
    value = Decimal(digits).scaleb(scale)
    forms = _FORMS[dimension]
    reference, declared = forms[form % len(forms)](value)
    answer = _ANSWERS[dimension](value.scaleb(off))
    try:
        result = score_text(answer, reference, dimension=declared)
    except FincalcError:
        return  # refused: acceptable
    if off == 0:
        assert result.verdict == "correct", (reference, answer, result.reason)
    else:
        assert result.verdict != "correct", (reference, answer, result.reason)

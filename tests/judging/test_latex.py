"""LaTeX in model answers: judged as the text it typesets, reported as written.

Math-tuned models and chat front ends that render MathJax write figures as
"$\\boxed{74.2\\%}$" or "$1{,}234$ million".  Read literally, "74.2\\%" was a
bare 74.2 (a wrong scale for 74.2 %) and "1{,}234" two numbers, 1 and 234.
"""

from __future__ import annotations

import decimal
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import Document, check_answer, unsupported_numbers
from fincalc._evaluating.latex import plain_math

ANSWERS = [
    # (style, gold, unit, answer, raw text of the figure judged)
    ("boxed percent", "74.2%", None, r"Answer: $\boxed{74.2\%}$", r"74.2\%"),
    ("inline math percent", "24.3%", None, r"The gross margin is $24.3\%$.", r"24.3\%"),
    ("paren math", "24.3%", None, r"The gross margin is \(24.3\%\).", r"24.3\%"),
    (
        "grouped thousands",
        "$1,234 million",
        "million",
        r"Revenue was $1{,}234$ million.",
        "1{,}234$ million",
    ),
    (
        "boxed grouped, text unit",
        "$2,468 million",
        "million",
        r"Total revenue is $\boxed{\$2{,}468 \text{ million}}$.",
        r"\$2{,}468 \text{ million",  # what typesets the amount; the closing brace does not
    ),
    (
        "fraction then result",
        "0.742",
        None,
        r"\[ \frac{1{,}832}{2{,}468} \approx 0.742 \]",
        "0.742",
    ),
    (
        "display math, times",
        "$8.6 million",
        "million",
        r"$$ 4.3 \times 2 = 8.6 $$ So the cost is \$8.6 million.",
        r"\$8.6 million",
    ),
    ("Chinese, inline number", "8.74亿元", None, r"华东区营业收入为$8.74$亿元。", "8.74$亿元"),
    (
        "Chinese, boxed percent",
        "-12.3%",
        None,
        r"因此，营业收入同比下降$\boxed{12.3\%}$。",
        r"12.3\%",
    ),
    ("thin space before percent", "5.1%", None, r"Margin: $5.1\,\%$", r"5.1\,\%"),
    ("escaped dollar, text scale", "$2.1 billion", None, r"It was \$2.1\text{ billion}.", None),
]


@pytest.mark.parametrize(
    ("style", "gold", "unit", "answer", "raw"), ANSWERS, ids=[a[0] for a in ANSWERS]
)
def test_latex_answers_are_judged_as_typeset(
    style: str, gold: str, unit: str | None, answer: str, raw: str | None
) -> None:
    check = check_answer(answer, gold, unit=unit)
    assert check.matched, f"{style}: {check.reason} {check.found}"
    assert check.found is not None
    assert check.found.span is not None
    start, end = check.found.span
    assert answer[start:end] == check.found.raw  # the span points into the answer as written
    if raw is not None:
        assert check.found.raw == raw


@pytest.mark.parametrize(
    ("gold", "answer", "reason"),
    [
        # LaTeX is no licence: a wrong figure stays wrong, a wrong scale too
        ("74.2%", r"$\boxed{72.4\%}$", "out_of_tolerance"),
        ("$1,234 million", r"Revenue was $1{,}234$ billion.", "wrong_scale"),
        ("24.3%", r"$\boxed{-24.3\%}$", "wrong_sign"),
    ],
)
def test_latex_does_not_make_a_wrong_answer_right(gold: str, answer: str, reason: str) -> None:
    check = check_answer(answer, gold, unit="million" if "million" in gold else None)
    assert (check.matched, check.reason) == (False, reason)


def test_dollars_that_are_not_math_keep_their_meaning() -> None:
    assert plain_math("It cost $5 and then $6.") is None
    check = check_answer("It cost $5 million and then $6 million.", "$6 million", unit="million")
    # both dollar amounts are read as written, not as math; two levels with nothing to
    # choose between them are ambiguous (issue 25), the one that matches is reported
    assert check.reason == "ambiguous"
    assert check.found is not None
    assert check.found.raw == "$6 million"


def test_text_without_latex_is_left_alone() -> None:
    for text in ("营业收入8.7亿元", "Revenue was $1,234 million.", "", "a {b} c"):
        assert plain_math(text) is None


def test_unsupported_numbers_reads_latex_and_reports_it_as_written() -> None:
    doc = Document("r1", "单位：万元\n| 华东区营业收入 | 87,432 |\n")
    answer = r"华东区营业收入$8.74$亿元，毛利率$31.2\%$。"
    found = unsupported_numbers(answer, [doc])
    assert [q.raw for q in found] == [r"31.2\%"]
    assert [answer[slice(*q.span)] for q in found if q.span] == [r"31.2\%"]


_NUMBERS = st.decimals(
    min_value=Decimal("0.1"), max_value=Decimal("99999"), places=1, allow_nan=False
)


@given(_NUMBERS, st.sampled_from(["boxed", "inline", "paren", "grouped"]))
def test_a_percentage_in_latex_is_judged_like_the_plain_one(value: Decimal, form: str) -> None:
    written = f"{value:,}" if form == "grouped" else str(value)
    latex = {
        "boxed": rf"The answer is $\boxed{{{value}\%}}$.",
        "inline": rf"The answer is ${value}\%$.",
        "paren": rf"The answer is \({value}\%\).",
        "grouped": "The answer is $" + written.replace(",", "{,}") + r"\%$.",
    }[form]
    plain = f"The answer is {written}%."
    context = decimal.getcontext().copy()
    a = check_answer(latex, f"{value}%")
    b = check_answer(plain, f"{value}%")
    assert (a.matched, a.reason, a.found.value if a.found else None) == (
        b.matched,
        b.reason,
        b.found.value if b.found else None,
    )
    assert str(decimal.getcontext()) == str(context)  # the caller's context is left alone


_TOKENS = [*"$\\{},.%0123456789 abc\n()[]", r"\frac", r"\boxed", r"\text", r"\%", "{,}", "$$"]


@given(st.lists(st.sampled_from(_TOKENS), max_size=30).map("".join))
def test_every_plain_character_maps_into_the_answer_in_order(text: str) -> None:
    plain = plain_math(text)
    if plain is None:
        return
    assert len(plain.starts) == len(plain.ends) == len(plain.text)
    for s, e in zip(plain.starts, plain.ends, strict=True):
        assert 0 <= s <= e <= len(text)
    assert list(plain.starts) == sorted(plain.starts)
    for i in range(len(plain.text) + 1):
        for j in range(i, min(len(plain.text), i + 5) + 1):
            a, b = plain.span(i, j)
            assert 0 <= a <= b <= len(text)

"""Hypothesis strategies for hostile input (issue 16), used by tests/public/test_hostile.py.

Text built from the pieces that break parsers: every minus and bracket form,
digits of many scripts, Chinese and 大写 numerals, units and scale words,
grouping separators, control and format characters, lone surrogates, huge
numbers and exponents, words from filings, and arbitrary characters; JSON that
is deeply nested, holds huge integers, NaN, lone surrogate escapes, or is
almost a record; and Python values of the wrong type.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from hypothesis import strategies as st

MINUS = "-−－‐‑‒–—﹣⁻"
BRACKETS = [
    ("(", ")"),
    ("（", "）"),
    ("[", "]"),
    ("【", "】"),
    ("〔", "〕"),
    ("﹙", "﹚"),
    ("⁽", "⁾"),
]
DIGIT_SCRIPTS = [
    "0123456789",
    "０１２３４５６７８９",
    "٠١٢٣٤٥٦٧٨٩",
    "۰۱۲۳۴۵۶۷۸۹",
    "०१२३४५६७८९",
    "〇一二三四五六七八九",
    "零壹贰叁肆伍陆柒捌玖",
]
UNITS = [
    "亿元", "万元", "元", "千元", "百万元", "亿", "万", "%", "％", "‰", "bp", "个百分点", "pp",
    "$", "US$", "¥", "￥", "RMB", "USD", "HK$", "€", "million", "mn", "bn", "billion", "k",
    "M", "B", "倍", "次", "天", "days", "x", "per share", "元/股", "'000", "千", "百万",
]  # fmt: skip
SEPARATORS = [",", ".", "，", "。", " ", "\u00a0", "\u202f", "'", "_", "·", "．", "、", "٬", "٫"]
CONTROL = [
    "\x00", "\x07", "\x1b", "\x7f", "\u200b", "\u200d", "\u202e", "\ufeff", "\u2028",
    "\ufffd", "\r", "\t", "\f", "\v", "\x85", "\n",
]  # fmt: skip
SURROGATES = ["\ud800", "\udfff", "\udc80", "\ud83d"]
WORDS = [
    "营业收入", "同比增长", "下降", "增长", "revenue", "rose", "fell", "净利润", "2025年第三季度",
    "前三季度", "FY2024", "Q3 2025", "截至2023年12月31日", "单位：万元", "(in millions)", "约",
    "approximately", "不适用", "N/A", "无法回答", "合计", "其中", "项目 | 2025Q3 | 2024Q3",
    "1H25", "2024年度", "上年同期", "较上年", "bps", "负", "nil", "—", "|", "：", ":",
]  # fmt: skip


@st.composite
def numbers(draw: st.DrawFn) -> str:
    """A number as filings and attackers write it: signs, brackets, scripts, grouping, exponents."""
    script = draw(st.sampled_from(DIGIT_SCRIPTS))
    digits = draw(st.text(alphabet=script, min_size=1, max_size=24))
    kind = draw(st.integers(0, 9))
    if kind == 0:
        digits = script[9] * draw(st.sampled_from([300, 4301, 5000]))  # huge
    elif kind == 1:
        digits += "e" + draw(st.sampled_from(["999999999", "-999999999", "+41", "-41", "5"]))
    elif kind == 2:
        sep = draw(st.sampled_from(SEPARATORS))
        digits = sep.join(digits[i : i + 3] for i in range(0, len(digits), 3))
    elif kind == 3:
        digits += draw(st.sampled_from(SEPARATORS)) + draw(st.text(alphabet=script, max_size=6))
    if draw(st.booleans()):
        digits = draw(st.sampled_from(MINUS)) + digits
    if draw(st.integers(0, 3)) == 0:
        left, right = draw(st.sampled_from(BRACKETS))
        digits = left + digits + right
    if draw(st.booleans()):
        digits += draw(st.sampled_from(["", " "])) + draw(st.sampled_from(UNITS))
    return digits


_ANY_CHARACTER = st.characters(exclude_categories=())  # surrogates (Cs) included

fragments = st.one_of(
    numbers(),
    st.sampled_from(WORDS),
    st.sampled_from(UNITS),
    st.sampled_from(SEPARATORS),
    st.sampled_from(CONTROL),
    st.sampled_from(SURROGATES),
    st.sampled_from(MINUS),
    st.sampled_from([b for pair in BRACKETS for b in pair]),
    st.text(_ANY_CHARACTER, max_size=6),
)


def hostile_text(*, max_pieces: int = 24) -> st.SearchStrategy[str]:
    """Short hostile text (usually under a few hundred characters; huge numbers reach 5,000)."""
    return st.lists(fragments, max_size=max_pieces).map("".join)


def long_text() -> st.SearchStrategy[str]:
    """A hostile text repeated to tens of thousands of characters, often one single line."""
    return st.tuples(hostile_text(max_pieces=6), st.integers(1, 4000), st.booleans()).map(
        lambda t: (t[0] * t[1])[:60_000].replace("\n", " " if t[2] else "\n")
    )


def texts() -> st.SearchStrategy[str]:
    """Short or long hostile text."""
    return st.one_of(hostile_text(), hostile_text(), long_text())


#: Values of the wrong type for any argument (no int beyond Python's str-digit limit).
wrong_types: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**40), 10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.sampled_from([Decimal("sNaN"), Decimal("1E+999999"), Decimal("-0E-999999")]),
    st.binary(max_size=16),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.builds(object),
    st.tuples(st.integers(), st.integers()),
)


def values() -> st.SearchStrategy[Any]:
    """Hostile text most of the time, a value of the wrong type sometimes."""
    return st.one_of(hostile_text(), hostile_text(), wrong_types)


def _deep(depth: int, kind: str) -> str:
    if kind == "array":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**30), 10**30),
        st.decimals(allow_nan=False, allow_infinity=False).map(str),
        hostile_text(max_pieces=4),
    ),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(hostile_text(max_pieces=2), children, max_size=4)
    ),
    max_leaves=12,
)

_RECORD_KEYS = [
    "qid", "value", "answer", "dimension", "unit", "caliber", "text", "cited", "retrieved",
    "refused", "evidence_ids", "relevance", "tolerance", "precision", "kind", "category",
    "operation", "inputs", "target", "rounding", "result", "display", "quote", "evidence_id",
    "metric", "entity", "period", "basis", "tax", "currency", "format", "cases", "profile",
]  # fmt: skip


@st.composite
def json_texts(draw: st.DrawFn) -> str:
    """JSON text that is hostile: deep, huge numbers, constants, surrogates, near-records."""
    kind = draw(st.integers(0, 6))
    if kind == 0:
        return _deep(
            draw(st.sampled_from([65, 1000, 5000])), draw(st.sampled_from(["array", "obj"]))
        )
    if kind == 1:
        key = draw(st.sampled_from(_RECORD_KEYS))
        number = draw(st.sampled_from(["7" * 5000, "1e999999999", "-0.0e-999", "NaN", "Infinity"]))
        return f'{{"qid": "q1", "{key}": {number}}}'
    if kind == 2:
        key = draw(st.sampled_from(_RECORD_KEYS))
        escape = draw(st.sampled_from(["\\ud800", "\\udfff", "\\ud83d\\ude00", "\\u0000"]))
        return f'{{"qid": "q1", "{key}": "x{escape}"}}'
    if kind == 3:  # a near-record: known keys, hostile values
        record = draw(
            st.dictionaries(st.sampled_from(_RECORD_KEYS), json_values, min_size=1, max_size=8)
        )
        return json.dumps(record, ensure_ascii=draw(st.booleans()))
    if kind == 4:
        return json.dumps(draw(json_values))
    if kind == 5:  # truncated or doubled valid-looking JSON
        text = json.dumps({"qid": "q1", "value": "1.5", "dimension": "CNY"})
        cut = draw(st.integers(0, len(text)))
        return text[:cut] + draw(hostile_text(max_pieces=3))
    return draw(hostile_text())


def json_bytes() -> st.SearchStrategy[bytes]:
    """Hostile JSON as bytes, sometimes with undecodable bytes or a BOM spliced in."""
    return st.tuples(json_texts(), st.sampled_from([b"", b"\xff", b"\xef\xbb\xbf", b"\xc3"])).map(
        lambda t: t[1] + t[0].encode("utf-8", "surrogatepass") + t[1]
    )

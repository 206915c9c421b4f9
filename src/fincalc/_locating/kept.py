"""What a located span must keep: whole numbers, their scales, and period words.

Two checks run on every candidate span:

* **no cut number** (every stage) — a span boundary may not fall inside a
  number of the document ("增长8.7" inside "增长8.75%", "147" inside
  "1,147,693", "8.7" before "万"): the caller parses the number from the span,
  and a cut number is a wrong number (``cut_number``);
* **kept tokens** (the fuzzy stage) — a fuzzy span's numbers, with sign, scale
  and currency mark (``TOKEN``, compared by ``signature``), and its Chinese
  numerals and period markers (``PROTECTED``: 第三 vs 前三, 上半年 vs 下半年,
  "third" vs "first") must equal the quote's (``rejection``,
  ``protected_change``).

The scale words, currency marks, numerals and period markers are data, in
``_data/locating.toml``; the patterns here are built from it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .._base.exceptions import DataFileError
from .._base.vocabulary import alternation, vocabulary
from .._reading.units import UnitTable
from .layout import normalize_layout

__all__ = [
    "JOINERS",
    "NUMBER_CHARS",
    "PROTECTED",
    "SCALE_START",
    "TOKEN",
    "VALUE",
    "cut_number",
    "number_change",
    "protected_change",
    "rejection",
    "signature",
]

_SOURCE = "locating"


def _words(key: str) -> tuple[str, ...]:
    return vocabulary(_SOURCE).words(key)


def _any(key: str) -> str:
    """The words of ``key`` as an alternation, no ``\\b`` added (the pattern says where)."""
    return alternation(_words(key), boundaries=False)


def _letters(key: str) -> str:
    """A character class of one-letter words in either case ("k" -> ``[Kk]``)."""
    found: set[str] = set()
    for word in _words(key):
        if len(word) != 1:
            raise DataFileError(
                f"fincalc/_data/{_SOURCE}.toml: [{key}] {word!r} must be one letter",
                entry=key,
                source=f"fincalc/_data/{_SOURCE}.toml",
            )
        found.update((word.lower(), word.upper()))
    return "[" + "".join(re.escape(c) for c in sorted(found)) + "]"


def _first_characters(keys: Iterable[str]) -> frozenset[str]:
    """First characters of the words of ``keys``, Latin ones in either case."""
    return frozenset(
        c for key in keys for word in _words(key) for c in (word[0].lower(), word[0].upper())
    )


# A number as its value reads: sign, digits with separators, and a scale or percent.
_SCALE = (
    rf"(?:{_any('scale.percent')}|(?:{_any('scale.zh')})+"
    rf"|\s?(?i:{_any('scale.en_words')})s?\b|\s?(?i:{_any('scale.en_abbreviations')})\b"
    rf"|{_letters('scale.en_letters')}\b)"
)
VALUE = re.compile(r"(?:(?<![0-9A-Za-z])[-+])?\d+(?:[.,]\d+)*" + _SCALE + "?")
# The same with a currency mark on either side: what a fuzzy match may not change.
TOKEN = re.compile(
    rf"(?:(?P<before>{_any('currency.before')})\s?)?(?P<sign>(?<![0-9A-Za-z])[-+])?"
    rf"(?P<num>\d+(?:[.,]\d+)*)(?P<scale>{_SCALE})?(?P<after>{_any('currency.after')})?"
)
# Words a fuzzy match may not change either: Chinese numerals and the period
# and basis markers (第三季度 vs 前三季度, 上半年 vs 下半年, third vs first quarter).
_CN_NUMERAL = rf"(?:{_any('numerals.zh')})"
PROTECTED = re.compile(
    rf"(?:{_any('period_order.prefixes')})(?:{_any('period_order.numbers')})"  # 前三 vs 第三
    rf"|{_any('period_words.zh')}"
    rf"|{_CN_NUMERAL}+(?={_any('numerals_before.zh')})|{_CN_NUMERAL}{{2,}}"  # 三亿元, 二〇二五
    rf"|(?i:{alternation(_words('period_words.en'))})"
)
_GROUPING_COMMA = re.compile(r"(?<=\d),(?=\d)|\s")

#: Characters inside a number, and those that may join its parts.
NUMBER_CHARS = frozenset(".,．，-+−－")
JOINERS = NUMBER_CHARS | frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
#: Characters a scale or percent sign starts with: a number followed by one goes on.
SCALE_START = _first_characters(
    ["scale.percent", "scale.zh", "scale.en_words", "scale.en_abbreviations", "scale.en_letters"]
)


def signature(token: str) -> str:
    """A number token as compared: grouping commas and spaces dropped, lower-cased."""
    return _GROUPING_COMMA.sub("", token).lower()


# -- what a number token says: sign, digits, scale, currency ---------------------------


def _scale_key(written: str) -> str:
    """The scale a written scale means, so "M" and "million", "萬" and "万" compare equal."""
    table = UnitTable.default()
    text = written.strip()
    unit = table.suffix(text)
    if unit is not None:  # %, percent, ‰
        return f"{unit.dimension}*{unit.multiplier}"
    whole = table.scale(text)
    if whole is not None:
        return f"*{whole.multiplier}"
    exponent = 0
    for ch in text:  # a run of Chinese scales: 千万, 百亿
        spec = table.scale(ch)
        if spec is None or spec.exponent is None:
            return text.lower()
        exponent += spec.exponent
    return f"*1E+{exponent}"


def _currency_key(written: str, *, before: bool) -> str:
    table = UnitTable.default()
    if before:
        return table.prefix_currency(written) or written
    spec = table.suffix(written)
    return spec.dimension if spec is not None else written


def _parts(text: str, match: re.Match[str]) -> tuple[bool, str, str | None, str | None]:
    """``(negative, digits, scale, currency)`` of a ``TOKEN`` match in ``text``."""
    closing = match.end()
    while closing < len(text) and text[closing] == " ":
        closing += 1
    bracketed = (
        match.start("num") > 0
        and text[match.start("num") - 1] == "("
        and closing < len(text)
        and text[closing] == ")"
    )
    negative = match.group("sign") == "-" or bracketed
    digits = _GROUPING_COMMA.sub("", match.group("num"))
    scale = _scale_key(match.group("scale")) if match.group("scale") else None
    if match.group("before"):
        currency: str | None = _currency_key(match.group("before"), before=True)
    elif match.group("after"):
        currency = _currency_key(match.group("after"), before=False)
    else:
        currency = None
    return negative, digits, scale, currency


def number_change(
    quote_text: str, quote: re.Match[str], doc_text: str, found: re.Match[str]
) -> str | None:
    """Why the document's number ``found`` is not the quote's number ``quote``, if it is not.

    Sign, digits and decimal point must be equal.  A scale or currency the
    quote writes must be the document's (million is not billion, 亿 is not
    万, 美元 is not 元); one the quote leaves out, or misspells ("$157 millon",
    "8,000万月"), is a typo: the document's own text gives the amount.

    >>> q = TOKEN.search("营收8,000万月"); d = TOKEN.search("营收8,000万元")
    >>> number_change("营收8,000万月", q, "营收8,000万元", d) is None
    True
    >>> q = TOKEN.search("RMB147.6 million"); d = TOKEN.search("RMB147.6 billion")
    >>> number_change("RMB147.6 million", q, "RMB147.6 billion", d)
    "the document has '147.6 billion' where the quote has '147.6 million'; ... scale"
    """
    q_negative, q_digits, q_scale, q_currency = _parts(quote_text, quote)
    d_negative, d_digits, d_scale, d_currency = _parts(doc_text, found)
    if (q_negative, q_digits) != (d_negative, d_digits):
        what = "a number"
    elif q_scale is not None and q_scale != d_scale:
        what = "a number's scale"
    elif q_currency is not None and q_currency != d_currency:
        what = "a number's currency"
    else:
        return None
    return (
        f"the document has {found.group()!r} where the quote has {quote.group()!r}; "
        f"a fuzzy match never changes {what}"
    )


# -- cut numbers -------------------------------------------------------------------


def cut_number(doc: str, start: int, end: int) -> str | None:
    """Return the document number a span boundary falls inside, if any."""
    size = len(doc)
    boundaries: list[int] = []
    if 0 < start < end:
        first, before = doc[start], doc[start - 1]
        if (
            first.isdecimal()
            or (first in NUMBER_CHARS and start + 1 < size and doc[start + 1].isdecimal())
        ) and (
            before.isdecimal()
            or before in JOINERS
            or (before.isspace() and _separator_before(doc, start - 1))
        ):
            boundaries.append(start)
    if start < end < size:
        last, after = doc[end - 1], doc[end]
        if (last.isdecimal() or (last in NUMBER_CHARS and after.isdecimal())) and (
            after.isdecimal()
            or after in JOINERS
            or after in SCALE_START
            or (after.isspace() and _continues(_neighbour(doc, end, 1)))
        ):
            boundaries.append(end)
    for boundary in boundaries:  # confirm on a normalised stretch around it
        low, high = max(0, boundary - 24), min(size, boundary + 24)
        local = normalize_layout(doc[low:high])
        index = local.index_of(boundary - low)
        for match in VALUE.finditer(local.text):
            if match.start() < index < match.end():
                s, e = local.to_original(match.start(), match.end())
                return doc[low + s : low + e]
    return None


def _neighbour(doc: str, index: int, step: int) -> str:
    """The first non-space character from ``index`` in direction ``step`` (within 16)."""
    for _ in range(16):
        if not 0 <= index < len(doc):
            return ""
        if not doc[index].isspace():
            return doc[index]
        index += step
    return ""


def _separator_before(doc: str, index: int) -> bool:
    """Whether a separator that follows a digit precedes ``index``, across whitespace."""
    while index >= 0 and doc[index].isspace() and index > 0:
        index -= 1
    return doc[index] in NUMBER_CHARS and index > 0 and doc[index - 1].isdecimal()


def _continues(ch: str) -> bool:
    return bool(ch) and (ch in NUMBER_CHARS or ch in SCALE_START or (ch.isascii() and ch.isalpha()))


# -- kept tokens ---------------------------------------------------------------------


def protected_change(nq: str, matched: str) -> str | None:
    """Why a fuzzy match changed a numeral or period word of the quote, if it did.

    The scales written with a number ("8,000万元") are the number's business
    (``number_change``), so they are left out here.
    """
    wanted = [t.group().lower() for t in PROTECTED.finditer(TOKEN.sub("#", nq))]
    found = [t.group().lower() for t in PROTECTED.finditer(TOKEN.sub("#", matched))]
    if wanted == found:
        return None
    return (
        f"its numerals and period words ({''.join(found) or 'none'}) differ from the quote's "
        f"({''.join(wanted) or 'none'})"
    )


def rejection(
    doc: str,
    matched: str,
    qsigs: list[str],
    start: int,
    end: int,
    quote_text: str | None = None,
) -> str | None:
    """Why the span ``doc[start:end]`` (normalised: ``matched``) is no match, if it is not.

    Its numbers must have the signatures ``qsigs``, it may not cut a number,
    and (given the normalised quote) its numerals and period words must be
    the quote's.
    """
    sigs = [signature(t.group()) for t in TOKEN.finditer(matched)]
    if sigs != qsigs:
        found = ", ".join(repr(t.group()) for t in TOKEN.finditer(matched)) or "no number"
        wanted = ", ".join(repr(s) for s in qsigs) or "no number"
        return f"its numbers ({found}) differ from the quote's ({wanted})"
    cut = cut_number(doc, start, end)
    if cut is not None:
        return f"the match cuts the number {cut!r} in the document"
    return protected_change(quote_text, matched) if quote_text is not None else None

"""Layout normalisation for quote locating, with a map back to original offsets.

PDF extraction and OCR change the *layout* of a sentence without changing its
words: a line break inside a sentence, a no-break or full-width space, a
full-width digit, ``，`` for ``,``, a space inside "147, 693".  ``normalize_layout``
rewrites a text into one canonical layout and keeps, for every character it
emits, the half-open range of original characters it stands for, so a match in
the normalised copy maps back to exact offsets in the original.

The rules (``normalize_layout`` applies them to a text, ``layout_patterns`` builds
regular expressions that match exactly the texts normalising to a given one):

1. Fold: full-width ASCII (U+FF01–FF5E) to ASCII, ``￥`` to ``¥``, the Unicode
   minus and hyphen variants to ``-``, curly quotes to straight ones; drop
   zero-width characters and the soft hyphen.
2. Whitespace runs (line breaks, tabs, NBSP, ideographic space, …) become one
   space, except that a run is dropped entirely when it is *layout only*:
   next to a CJK character (Chinese has no spaces between words, so a PDF line
   break there is an artefact), between a digit and ``%``/``‰``, around a
   decimal point between digits ("8 .7"), or around a comma that separates a
   three-digit group ("147, 693").  Leading and trailing whitespace is dropped.

Normalisation is local: a run's fate depends only on the nearest non-space
characters on either side *within the text being normalised*.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

from .._reading.units import is_year

__all__ = [
    "FOLD",
    "IGNORABLE",
    "Normalized",
    "fold_char",
    "gap_droppable",
    "is_cjk",
    "layout_patterns",
    "normalize_layout",
    "normalize_layout_slowly",
    "variants",
]

_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"


def _build_fold() -> dict[int, str | None]:
    table: dict[int, str | None] = {cp: chr(cp - 0xFEE0) for cp in range(0xFF01, 0xFF5F)}
    table[0xFFE5] = "¥"  # full-width yen sign
    table[0xFFE0] = "¢"
    table[0xFFE1] = "£"
    for dash in "\u2010\u2011\u2012\u2013\u2212\ufe63":
        table[ord(dash)] = "-"
    for quote in "\u2018\u2019":
        table[ord(quote)] = "'"
    for quote in "\u201c\u201d":
        table[ord(quote)] = '"'
    for zero_width in _ZERO_WIDTH:
        table[ord(zero_width)] = None
    return table


#: ``str.translate`` table of rule 1 (code point -> replacement, ``None`` = drop).
FOLD: dict[int, str | None] = _build_fold()

_VARIANTS: dict[str, list[str]] = {}
for _cp, _to in sorted(FOLD.items()):
    if _to is not None:
        _VARIANTS.setdefault(_to, [_to]).append(chr(_cp))

#: Regex class source of the characters a whitespace run may consist of.
IGNORABLE = r"[\s" + _ZERO_WIDTH + "]"
_ZW = "[" + _ZERO_WIDTH + "]"
_SPACE_RUN = _ZW + r"*\s" + IGNORABLE + "*"

_DIGITS = "0123456789"
_SPACE = re.compile(r"\s+")
_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def fold_char(ch: str) -> str:
    """Return ``ch`` folded by rule 1 (``""`` when the character is dropped).

    >>> fold_char("８"), fold_char("，"), fold_char("\\u200b")
    ('8', ',', '')
    """
    folded = FOLD.get(ord(ch), ch)
    return "" if folded is None else folded


def variants(ch: str) -> list[str]:
    """Return every character that folds to ``ch`` (``ch`` itself first).

    >>> variants("8")
    ['8', '８']
    """
    return _VARIANTS.get(ch, [ch])


def is_cjk(ch: str) -> bool:
    """Tell whether ``ch`` is a CJK ideograph, kana, hangul or CJK punctuation.

    >>> is_cjk("营"), is_cjk("。"), is_cjk("A")
    (True, True, False)
    """
    cp = ord(ch)
    return (
        0x2E80 <= cp <= 0x9FFF
        or 0xAC00 <= cp <= 0xD7AF
        or 0xF900 <= cp <= 0xFAFF
        or 0xFE30 <= cp <= 0xFE4F
        or 0xFF00 <= cp <= 0xFFEF
        or 0x20000 <= cp <= 0x3FFFF
    )


def _is_digit(chars: Sequence[str], i: int) -> bool:
    return 0 <= i < len(chars) and chars[i] in _DIGITS


def _three_digit_group(chars: Sequence[str], i: int) -> bool:
    return (
        _is_digit(chars, i)
        and _is_digit(chars, i + 1)
        and _is_digit(chars, i + 2)
        and not _is_digit(chars, i + 3)
    )


def _year_point(chars: Sequence[str], k: int) -> bool:
    """Whether the gap before ``chars[k]`` follows a year and a full stop ("in 2023. 2024").

    A number broken after its decimal point ("1,476.\n94亿元", "8. 7") stays one
    number; after a bare year from 1900 to 2100 the point ends a sentence ("… in
    2023.\n2024年…"), and the whitespace after it is a word break.  The reader
    decides the same (``is_year``): it refuses "1,476.\n94亿元" whole rather
    than read "94亿元" apart from the number this joins.
    """
    if k < 5 or chars[k - 1] != "." or chars[k] not in _DIGITS:
        return False
    if not is_year("".join(chars[k - 5 : k - 1])):  # (the reader's rule too)
        return False
    return k < 6 or chars[k - 6] not in "0123456789,."


def gap_droppable(chars: Sequence[str], k: int) -> bool:
    """Tell whether whitespace between ``chars[k-1]`` and ``chars[k]`` is layout only.

    ``chars`` are the folded non-space characters of a text, in order.  The
    whitespace is dropped next to CJK, between a digit and ``%``/``‰``, around
    a decimal point between digits, and around a comma before a three-digit
    group; elsewhere it is a word break and becomes one space.

    >>> gap_droppable("营业收入", 2), gap_droppable("ab", 1), gap_droppable("147,693", 4)
    (True, False, True)
    """
    left, right = chars[k - 1], chars[k]
    if _year_point(chars, k):
        return False  # "in 2023. 2024年": a sentence end, not the number 2023.2024
    if is_cjk(left) or is_cjk(right):
        return True
    if left in _DIGITS and right in "%‰":
        return True
    if right == "." and left in _DIGITS and _is_digit(chars, k + 1):
        return True
    if left == "." and _is_digit(chars, k - 2) and right in _DIGITS:
        return True
    if right == "," and left in _DIGITS and _three_digit_group(chars, k + 1):
        return True
    return left == "," and _is_digit(chars, k - 2) and _three_digit_group(chars, k)


@dataclass(frozen=True, slots=True)
class Normalized:
    """A normalised text and, per character, the original range it stands for.

    Attributes:
        text: The normalised text.
        starts: ``starts[i]`` is the original offset where ``text[i]`` begins.
        ends: ``ends[i]`` is the original offset where ``text[i]`` ends (a
            space standing for a whitespace run covers the whole run).
    """

    text: str
    starts: list[int]
    ends: list[int]

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a non-empty normalised range ``[start, end)`` to original offsets.

        >>> n = normalize_layout("营业\\n收入")
        >>> n.text, n.to_original(1, 3)
        ('营业收入', (1, 4))
        """
        return self.starts[start], self.ends[end - 1]

    def index_of(self, offset: int) -> int:
        """Return the first normalised index whose character starts at or after ``offset``.

        >>> normalize_layout("a  b").index_of(3)
        2
        """
        return bisect_left(self.starts, offset)


def normalize_layout(text: str) -> Normalized:
    """Normalise the layout of ``text`` and keep the offset map back to it.

    >>> n = normalize_layout("营业收入为\\n１４７, ６９３ 万元")
    >>> n.text
    '营业收入为147,693万元'
    >>> n.to_original(5, 12)
    (6, 14)
    """
    folded = text.translate(FOLD)
    if len(folded) != len(text):  # zero-width characters were dropped: go char by char
        return normalize_layout_slowly(text)
    size = len(folded)
    runs = [match.span() for match in _SPACE.finditer(folded)]
    if not runs:
        return Normalized(folded, list(range(size)), list(range(1, size + 1)))
    nonspace = _SPACE.sub("", folded)
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    position = removed = 0
    for run_start, run_end in runs:
        k = run_start - removed  # index in nonspace of the character after the run
        removed += run_end - run_start
        inner = run_start > 0 and run_end < size
        single = inner and run_end - run_start == 1 and folded[run_start] == " "
        if single and (
            (folded[run_start - 1] in _WORD and folded[run_end] in _WORD)
            or not gap_droppable(nonspace, k)
        ):
            continue  # a single space that stays is its own original: keep it in the segment
        if run_start > position:
            out.append(folded[position:run_start])
            starts.extend(range(position, run_start))
            ends.extend(range(position + 1, run_start + 1))
        if inner and not gap_droppable(nonspace, k):
            out.append(" ")
            starts.append(run_start)
            ends.append(run_end)
        position = run_end
    if position < size:
        out.append(folded[position:])
        starts.extend(range(position, size))
        ends.extend(range(position + 1, size + 1))
    return Normalized("".join(out), starts, ends)


def normalize_layout_slowly(text: str) -> Normalized:
    """Do what ``normalize_layout`` does, one character at a time (the reference implementation).

    >>> normalize_layout_slowly("a\\u200b b") == normalize_layout("a\\u200b b")
    True
    """
    chars: list[str] = []
    positions: list[int] = []
    # gap_runs[k] = (start, end) of the whitespace run just before chars[k], if any
    gap_runs: dict[int, tuple[int, int]] = {}
    run_start = -1
    for i, ch in enumerate(text):
        folded = FOLD.get(ord(ch), ch)
        if folded is None:
            continue
        if folded.isspace():
            if run_start < 0:
                run_start = i
            continue
        if run_start >= 0:
            if chars:
                gap_runs[len(chars)] = (run_start, i)
            run_start = -1
        chars.append(folded)
        positions.append(i)
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for k, ch in enumerate(chars):
        run = gap_runs.get(k)
        if run is not None and not gap_droppable(chars, k):
            out.append(" ")
            starts.append(run[0])
            ends.append(run[1])
        out.append(ch)
        starts.append(positions[k])
        ends.append(positions[k] + 1)
    return Normalized("".join(out), starts, ends)


def _char_class(ch: str) -> str:
    options = variants(ch)
    if len(options) == 1:
        return re.escape(ch)
    return "[" + "".join(re.escape(option) for option in options) + "]"


def layout_patterns(normalized: str) -> list[re.Pattern[str]]:
    """Compile patterns matching exactly the texts whose normalisation is ``normalized``.

    One pattern per variant of the first character, each starting with that
    character as a literal, so the regex engine can skip through a long
    document as fast as ``str.find``.  A match never starts or ends with
    whitespace.

    Args:
        normalized: A text already normalised by ``normalize_layout`` (non-empty).

    >>> [bool(p.search("收入 147，\\n693元")) for p in layout_patterns("147,693元")]
    [True, False]
    """
    nonspace = [ch for ch in normalized if ch != " "]
    parts: list[str] = []
    k = 0  # index into nonspace
    previous_was_space = False
    for ch in normalized:
        if ch == " ":
            parts.append(_SPACE_RUN)
            previous_was_space = True
            continue
        if k > 0 and not previous_was_space:
            parts.append(IGNORABLE + "*" if gap_droppable(nonspace, k) else _ZW + "*")
        if k > 0:
            parts.append(_char_class(ch))
        k += 1
        previous_was_space = False
    rest = "".join(parts)
    return [re.compile(re.escape(first) + rest) for first in variants(normalized[0])]

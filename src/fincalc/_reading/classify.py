"""Numbers that are not amounts: references, periods, codes, words and years.

A number right after a reference word (第, 附注, Note, page, Q, FY: the unit
table's ``[not_amount] prefixes``) or right before a period word (年, 月,
years, 1st, .SH: its ``suffixes``) is no amount, unless a unit written with it
says otherwise ("5日元"); neither is a number glued to letters (A1, COVID-19,
3G) or a Chinese digit that is an ordinary word (一方面, 三家公司).  A four-digit
number from 1900 to 2100 with nothing attached is classified as a year: in
prose it gives way to any other amount, under a declared unit or as a table
cell it may be either (``parse_quantity`` then refuses to choose).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .._values.dimensions import dimension_info, listed_dimensions
from .after_number import After
from .before_number import Before, percent_start
from .grammar import SCALE_CHARS, SPACES, Grammar
from .numerals import BIG_CHARS, DIGIT_CHARS
from .scan import Core, Refusal, Source, back_spaces, forward_spaces

__all__ = [
    "AMOUNT",
    "CELL_YEAR",
    "CONTEXT_YEAR",
    "NO_MARKERS",
    "YEAR",
    "YEAR_HIGH",
    "YEAR_LOW",
    "Markers",
    "ambiguous_scale",
    "is_cell",
    "is_identifier",
    "is_word",
    "is_word_numeral",
    "markers_at",
    "not_amount_before",
    "read_markers",
    "refuse_ambiguous_scale",
    "refuse_unknown_scale",
    "word_numeral_at",
    "year_kind",
]

# What a number read is (the second item of each result of the scan):
AMOUNT: Final = 0
YEAR: Final = 1  # "2023" in prose: never an amount unless it is all there is
CONTEXT_YEAR: Final = 2  # "2023" in prose under a declared unit: a year or an amount
CELL_YEAR: Final = 3  # "2023" as a table cell: an amount, or a year in a header row

YEAR_LOW: Final = 1900
YEAR_HIGH: Final = 2100
_REFERENCE_CHARS: Final = frozenset(DIGIT_CHARS + "十0123456789")
_CELL_EDGES: Final = frozenset("|\t\n\r")
#: Counts and durations: written with a Chinese digit and no scale (三家, 一人, 五名,
#: 两天) they are words, not amounts.
_COUNTED: Final = frozenset(
    code for code in listed_dimensions() if dimension_info(code).kind in ("count", "time")
)


@dataclass(frozen=True, slots=True)
class Markers:
    """Words around a number that make it no amount unless its units say otherwise."""

    reference: bool  # a Latin reference word before it (Note 12, FY2024): money or a scale wins
    period_after: bool  # a period, ordinal or code word after it (2023年, 5 years): a unit wins


_MARKERS: Final = (
    (Markers(False, False), Markers(False, True)),
    (Markers(True, False), Markers(True, True)),
)
#: A number with no reference or period word around it.
NO_MARKERS: Final = _MARKERS[0][0]


def is_word_numeral(source: Source, start: int, end: int, cn: str, chain: str) -> bool:
    """True for a lone Chinese digit (一, 三) with no unit after it nor 百分之 before it."""
    return word_numeral_at(source.grammar, source.norm, start, end, cn, chain)


def word_numeral_at(grammar: Grammar, norm: str, start: int, end: int, cn: str, chain: str) -> bool:
    """``is_word_numeral`` on a folded text, for the scanner (which reads without a ``Source``)."""
    if chain or any(ch in SCALE_CHARS for ch in cn):
        return False
    if end < len(norm) and norm[end] in grammar.unit_initials:
        return False
    return percent_start(grammar, norm, start) < 0


def not_amount_before(grammar: Grammar, norm: str, at: int) -> bool:
    """True after 第, 附注五、, Note, page, P, Q, H, FY, No., a month name, …"""
    j = at - 1 if at > 0 and norm[at - 1] == " " else at
    hit = grammar.not_before.ending_at(norm, j)
    if hit is not None:
        return not (hit[1] and j != at)
    if j > 0 and norm[j - 1] in ".:":
        k = j - 1 - (1 if j > 1 and norm[j - 2] == " " else 0)
        hit = grammar.not_before.ending_at(norm, k)
        return hit is not None and not hit[1]
    if at > 1 and norm[at - 1] in "、.,":  # 附注五、12, Note 5.12
        k = at - 1
        stop = max(0, k - 4)
        while k > stop and norm[k - 1] in _REFERENCE_CHARS:
            k -= 1
        if k < at - 1:
            k = k - 1 if k > 0 and norm[k - 1] == " " else k
            hit = grammar.not_before.ending_at(norm, k)
            return hit is not None and not hit[1]
    return False


def _not_amount_after(grammar: Grammar, norm: str, at: int) -> bool:
    """True before 年, 月, 日, 季度, years, st/nd/rd/th, E (estimate), .SH, …"""
    hit = grammar.not_after.starting_at(norm, at)
    if hit is not None:
        return True
    if at < len(norm) and norm[at] == " ":
        hit = grammar.not_after.starting_at(norm, at + 1)
        return hit is not None and not hit[1]
    return False


def read_markers(source: Source, start: int, end: int) -> Markers | None:
    """The reference and period words around the number core ``norm[start:end]``.

    None when they make it no amount.  After a Latin reference word the number
    may still carry money or a scale ("Note 12 $5 million"), so that is decided
    once the units are read; after a Chinese one (第1名, 附注五、12) it never is.
    """
    return markers_at(source.grammar, source.norm, start, end)


def markers_at(grammar: Grammar, norm: str, start: int, end: int) -> Markers | None:
    """``read_markers`` on a folded text, for the scanner (which reads without a ``Source``)."""
    size = len(norm)
    reference = False
    if start:
        ch = norm[start - 1]
        if ch == " ":
            ch = norm[start - 2] if start > 1 else ""
        if ch in grammar.not_before_trigger and not_amount_before(grammar, norm, start):
            if not ch.isascii():
                return None  # 第1名, 附注五、12: ordinals and note numbers, always
            nxt = forward_spaces(norm, end) if end < size and norm[end] in SPACES else end
            if nxt >= size or norm[nxt] not in grammar.unit_initials:
                return None  # year, Note, P, Q, FY and nothing unit-like after: cheap exit
            reference = True
    after_ch = norm[end] if end < size else ""
    not_after_chars = grammar.not_after.first_chars
    period = (
        after_ch in not_after_chars
        or (after_ch == " " and end + 1 < size and norm[end + 1] in not_after_chars)
    ) and _not_amount_after(grammar, norm, end)
    if period:
        unit_at = forward_spaces(norm, end) if after_ch in SPACES else end
        if grammar.units.starting_at(norm, unit_at) is None:
            return None  # 2023年, 12月, 3个月, 5 years, 1st (but 5日元 is an amount)
    return _MARKERS[reference][period]


def refuse_unknown_scale(source: Source, core: Core, scale: str) -> Refusal:
    """The refusal of a number followed by a scale character the table does not define.

    "¥1.2兆": ending the amount before 兆 would misread it by 1E+12 (or 1E+6).
    """
    return source.refuse(
        core.start,
        forward_spaces(source.norm, core.end) + 1,
        f"{scale!r} is a scale fincalc does not read (1E+12 in Taiwan and "
        "Japan, 1E+6 in 兆瓦); write the amount with 万亿 or 亿",
    )


def ambiguous_scale(source: Source, core: Core) -> str | None:
    """The scale abbreviation of unsettled size one space after ``core`` ("mil", "cr"), if any."""
    norm = source.norm
    k = core.end + 1 if core.end < len(norm) and norm[core.end] in " \u202f" else core.end
    e = k
    while e < len(norm) and e - k < 8 and norm[e].isascii() and norm[e].isalpha():
        e += 1
    if e == k or (e < len(norm) and norm[e].isalnum()):
        return None
    words = source.grammar.ambiguous_scales
    if e < len(norm) and norm[e] == "." and norm[k : e + 1].casefold() in words:
        return source.text[k : e + 1]
    return source.text[k:e] if norm[k:e].casefold() in words else None


def refuse_ambiguous_scale(source: Source, core: Core, word: str) -> Refusal:
    """The refusal of a number followed by a scale abbreviation of unsettled size.

    "$12.3 mil" is 12.3 million in an English answer and "R$ 12 mil" 12 thousand
    in Portuguese; ending the amount before the word would read 12.3 dollars.
    """
    return source.refuse(
        core.start,
        forward_spaces(source.norm, core.end) + len(word),
        f"{word!r} after the number is a scale whose size depends on the language or "
        "the field (a million or a thousand, a crore or a credit); write the scale "
        "out ('million', 'thousand', 'crore')",
    )


def is_identifier(source: Source, end: int) -> bool:
    """True when a Latin letter follows the number (3G, B2B): an identifier."""
    norm = source.norm
    return end < len(norm) and norm[end].isascii() and norm[end].isalpha()


def is_word(source: Source, core: Core, before: Before, after: After) -> bool:
    """True for a number glued to letters (A1, COVID-19) or Chinese digits used as words.

    Chinese digits without a unit (一, 三千) are words, and so are small counts
    written with them (三家, 一人), unless a scale character makes them a number.
    """
    norm = source.norm
    lead = before.start - 1
    if lead > 0 and norm[lead] in "-+":
        lead -= 1  # COVID-19, 3E+555
    if before.currency is None and lead >= 0 and norm[lead].isascii() and norm[lead].isalpha():
        return True  # A1, COVID-19
    cn = core.cn
    if cn is None:
        return False
    unit = after.unit
    if (
        unit is None
        and after.scale is None
        and before.percent is None
        and not any(ch in BIG_CHARS for ch in core.text)
    ):
        return True  # 一, 三千
    return (
        unit is not None
        and unit.dimension in _COUNTED
        and not core.chain
        and not any(ch in SCALE_CHARS for ch in cn)
    )  # 三家, 一人


def is_cell(norm: str, start: int, end: int) -> bool:
    """True when ``norm[start:end]`` stands alone as a table cell ("| 2023 |", "2023    1,998").

    Each side must be the text's edge, a line break, a "|" or tab, or a gap of two or
    more spaces: "Revenue in 2023 was 1,234" holds no cell.
    """
    size = len(norm)
    if end < size and norm[end] not in _CELL_EDGES and norm[end] not in SPACES:
        return False  # "2023," "2023年": the common case, decided by one character
    before = back_spaces(norm, start)
    if before and start - before < 2 and norm[before - 1] not in _CELL_EDGES:
        return False
    after = forward_spaces(norm, end)
    return after >= size or after - end >= 2 or norm[after] in _CELL_EDGES


def year_kind(source: Source, core: Core, has_unit: bool, negative: bool) -> int:
    """``AMOUNT``, or how a number written like a year is placed (``YEAR`` and kin).

    A year is written as four bare digits: "2,023", "2023万元" and "-2023" are
    amounts.  Under a declared unit or in a table row it may be either.
    """
    arabic = core.arabic
    if (
        has_unit
        or core.chain
        or negative
        or arabic is None
        or len(arabic) != 4
        or not arabic.isdigit()
        or not YEAR_LOW <= int(arabic) <= YEAR_HIGH
    ):
        return AMOUNT
    if is_cell(source.norm, core.start, core.end):
        return CELL_YEAR
    return YEAR if source.context is None else CONTEXT_YEAR

"""Read amounts from text: ``parse_quantity``, ``extract_quantities`` and unit declarations.

How a number is read (docs/parsing.md has the full table):

1. The text is normalised by a *length-preserving* translation (full-width
   digits and punctuation, Unicode minus signs, no-break spaces), so every
   offset in the normalised copy is an offset in the original and spans are
   exact without an offset map.
2. One scan pattern finds number cores: Arabic numbers with their grouping
   (1,234 / 1'234 / 1 234 / 1,23,456 / OCR "147, 693, 604" / "994. 14"),
   Chinese numerals, and chains of both with 十百千万亿 (3万4000, 1.5万亿).
   Dates, times, section numbers and phone numbers are consumed and skipped.
3. Around each core, dictionary probes built from the unit table
   (``AliasIndex``) read what is written before (qualifier, currency, sign,
   parenthesis, 百分之) and after (scale, currency or unit, closing parenthesis,
   qualifier); a side is skipped when the character next to the core cannot
   start (end) anything there, and the work per core is bounded.
4. Numbers that are years, dates, periods, ordinals, page, note or code
   references are dropped; everything else becomes a ``Quantity``.  A year is
   four bare digits; under a declared unit or as a table cell it may also be an
   amount, and ``parse_quantity`` then refuses to choose (``_CELL_YEAR``).

All patterns are possessive or atomic and every input is bounded
(``MAX_PARSE_LENGTH``, ``MAX_EXTRACT_LENGTH``, ``MAX_DIGITS``), so matching is
linear in the input.  No thread-local decimal context is entered per call: a
value is one exact ``Decimal`` literal ("8.7" with 亿 is ``Decimal("8.7E+8")``,
the same coefficient and exponent as the product), and any other arithmetic
runs in the private context ``_CTX`` (``fincalc._values.decimals.CONTEXT`` with
``Inexact`` trapped), through its own methods or inside ``_exact()``: a value is
exact or it is refused, and the caller's context is never read or changed.
"""

from __future__ import annotations

import decimal
import functools
import re
from contextlib import AbstractContextManager
from decimal import Decimal
from typing import Final, NamedTuple

import regex

from .._values.decimals import CONTEXT
from .._values.errors import (
    AmbiguousQuantityError,
    InvalidInputError,
    MissingUnitError,
    ParseError,
    UnknownUnitError,
)
from .._values.public import public
from .._values.quantity import Quantity, check_dimension, trusted_quantity
from .numerals import (
    BIG_CHARS,
    DIGIT_CHARS,
    SMALL_CHARS,
    compose,
    is_capital,
    parse_capital_tail,
)
from .units import (
    MAX_EXTRACT_LENGTH,
    MAX_PARSE_LENGTH,
    AliasIndex,
    ScaleSpec,
    SuffixSpec,
    UnitContext,
    UnitTable,
    check_text,
    context_from_header,
    find_unit_declarations,
    fold_characters,
    is_latin,
    shift_exponent,
    unit_context_from_header,
)

__all__ = [
    "MAX_DIGITS",
    "MAX_EXTRACT_LENGTH",
    "MAX_PARSE_LENGTH",
    "extract_quantities",
    "find_unit_declarations",
    "fold_characters",
    "parse_quantity",
    "unit_context_from_header",
]

#: Most significant digits one written number may have; longer digit runs are not amounts.
MAX_DIGITS: Final = 30

# ------------------------------------------------------------------ pattern building


class _Grammar(NamedTuple):
    scan: re.Pattern[str]
    han_scales: dict[str, tuple[Decimal, int | None]]
    removals: tuple[str, ...]
    decimal_mark: str
    unit_initials: frozenset[str]
    currencies: AliasIndex
    qualifiers_before: AliasIndex
    qualifiers_after: AliasIndex
    scales: AliasIndex
    units: AliasIndex
    han_scale_index: AliasIndex
    not_before: AliasIndex
    not_after: AliasIndex
    currency_words: AliasIndex
    iso_codes: frozenset[str]
    # Han scale characters the table does not define (兆: 1E+12 in Taiwan and Japan,
    # 1E+6 in metric units on the mainland); one right after a number is refused.
    unknown_scales: frozenset[str]
    # Characters that can open (close) something the reader looks for next to a
    # number core; any other neighbour lets it skip that whole side (see _Reader.read).
    before_trigger: frozenset[str]
    after_trigger: frozenset[str]
    not_before_trigger: frozenset[str]


_UPPER: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")  # ISO 4217 codes are [A-Z]{3}


_CN_DIGITS: Final = DIGIT_CHARS
_CN_START: Final = "".join(ch for ch in DIGIT_CHARS if ch not in "零〇") + "十拾"
_ALL_DIGITS: Final = "0-9" + DIGIT_CHARS
_SCALE_CHARS: Final = SMALL_CHARS + BIG_CHARS
#: Han characters that scale a number in some usage but that fincalc does not read.
_UNKNOWN_SCALES: Final = "兆京垓"


def _arabic(group: str, decimal_mark: str) -> str:
    # A locale that groups with a (no-break) space also writes a plain space there
    # ("1 234,5 €" in French); other locales accept only the no-break forms.
    g = "[ \u202f]" if group in " \u202f" else regex.escape(group)
    d = regex.escape(decimal_mark)
    alts = []
    if group == ",":
        # OCR: "147, 693, 604" — a space after the comma only with two or more groups.
        alts.append(r"[0-9]{1,3}(?:, ?[0-9]{3}(?![0-9])){2,}+")
    alts.append(rf"[0-9]{{1,3}}(?:{g}[0-9]{{3}}(?![0-9]))++")
    if group == ",":
        alts.append(r"[0-9]{1,2}(?:,[0-9]{2}(?=,))++,[0-9]{3}(?![0-9])")  # Indian 1,23,45,678
    others = "".join(ch for ch in "'\u202f" if ch not in (group, "\u202f" if group == " " else ""))
    alts.append(rf"[0-9]{{1,3}}(?:[{others}][0-9]{{3}}(?![0-9]))++")
    alts.append(r"[0-9]++")
    if decimal_mark == ".":
        # OCR: "994. 14" — one space after the point, then one or two digits.
        fraction = r"(?:\.(?: (?=[0-9]{1,2}(?![0-9.,])))?+[0-9]++)?+"
    else:
        fraction = rf"(?:{d}[0-9]++)?+"
    return rf"(?>(?>{'|'.join(alts)}){fraction}|{d}[0-9]++)"


def _build(table: UnitTable, group: str, decimal_mark: str) -> _Grammar:
    arabic = _arabic(group, decimal_mark)
    cn = rf"(?:[{_CN_START}][{_CN_DIGITS}{SMALL_CHARS}]*+|零(?=点))(?:点[{_CN_DIGITS}]++)?+"
    big = rf"[{SMALL_CHARS}]*+[{BIG_CHARS}]++"
    small_after_digit = rf"(?<=[{_ALL_DIGITS}])[{SMALL_CHARS}]++"
    chain = rf"(?:[ ]?+[多余]?+(?:{big}|{small_after_digit})(?:零*+(?:{arabic}|{cn}))?+)*+"
    skips = [
        r"[0-9]++(?:[/:][0-9]++)++",  # 12/31/2024, 10:30, 1/2
        r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?![0-9])",  # 2024-12-31
        r"[0-9]++(?:-[0-9]++){2,}+",  # phone numbers, 400-820-8888
    ]
    if group != "." and decimal_mark == ".":
        skips.append(r"[0-9]++(?:\.[0-9]++){2,}+")  # section 5.2.1, date 2024.12.31
    starts = regex.escape(decimal_mark) + _CN_START + "零"
    # The hot pattern runs on the standard library's ``re``: since Python 3.11 it has
    # the same possessive quantifiers and atomic groups (so matching stays linear)
    # and runs this pattern 3-4x faster than ``regex`` does (docs/performance.md).
    scan = re.compile(
        rf"(?=[0-9{starts}])(?<![0-9])(?:(?P<skip>{'|'.join(skips)})"
        rf"|(?:(?P<ar>{arabic})|(?P<cn>{cn}))(?P<chain>{chain}))"
    )
    removals = tuple(sorted({group, ",", "'", "\u202f", " "} - {decimal_mark}))
    initials = {alias[0] for alias in table.suffixes} | {a[0].upper() for a in table.suffixes}
    initials |= {" ", "\u202f", "多", "余", ")"} | set(_SCALE_CHARS)
    latin_scales = {
        alias: spec for alias, spec in table.scales.items() if is_latin(alias) or alias[0] == "'"
    }
    currencies = AliasIndex(table.prefix_currencies)
    qualifiers_before = AliasIndex(table.qualifiers_before)
    qualifiers_after = AliasIndex(table.qualifiers_after)
    scales = AliasIndex(latin_scales)
    units = AliasIndex(table.suffixes)
    not_before = AliasIndex({a: _is_tight(a) for a in table.not_amount_prefixes})
    not_after = AliasIndex({a: _is_tight(a) for a in table.not_amount_suffixes})
    currency_words = AliasIndex(table.currency_words)
    return _Grammar(
        scan=scan,
        han_scales={
            a: (spec.multiplier, spec.exponent)
            for a, spec in table.scales.items()
            if not is_latin(a)
        },
        removals=removals,
        decimal_mark=decimal_mark,
        unit_initials=frozenset(initials),
        currencies=currencies,
        qualifiers_before=qualifiers_before,
        qualifiers_after=qualifiers_after,
        scales=scales,
        units=units,
        han_scale_index=AliasIndex(
            {alias: spec for alias, spec in table.scales.items() if alias not in latin_scales}
        ),
        not_before=not_before,
        not_after=not_after,
        currency_words=currency_words,
        iso_codes=table.iso_codes,
        unknown_scales=frozenset(ch for ch in _UNKNOWN_SCALES if ch not in table.scales),
        # the end of a currency (known or not), an ISO code or a qualifier before the
        # number (and its spaces)
        before_trigger=currencies.last_chars
        | currency_words.last_chars
        | qualifiers_before.last_chars
        | _UPPER,
        # the start of a scale, unit, ISO code or qualifier after the number (and its spaces)
        after_trigger=scales.first_chars
        | units.first_chars
        | qualifiers_after.first_chars
        | _UPPER,
        # a not-an-amount prefix, or the "." ":" "、" "," of "Note 5.12", "附注五、12"
        not_before_trigger=not_before.last_chars | frozenset(".:、,"),
    )


def _is_tight(alias: str) -> bool:
    """Short Latin markers (Q3, H1, FY24, 1st, 2024E, .SH) must touch the number."""
    return is_latin(alias) and (len(alias) <= 2 or alias[0] in ".-")


_DEFAULT_KEY: Final = ("grammar", ",", ".")


def _grammar(table: UnitTable, locale: str | None) -> _Grammar:
    if locale is None:
        group, decimal_mark = ",", "."
        key = _DEFAULT_KEY
    else:
        if not isinstance(locale, str):  # before the lru_cache hashes it
            raise InvalidInputError(
                f"locale: expected a locale name such as 'de_DE', got {locale!r}",
                argument="locale",
                value=repr(locale)[:80],
            )
        group, decimal_mark = _separators(locale)
        key = ("grammar", group, decimal_mark)
    grammar: _Grammar | None = table._cache.get(key)
    if grammar is None:
        grammar = _build(table, group, decimal_mark)
        table._cache[key] = grammar
    return grammar


@functools.lru_cache(maxsize=64)
def _separators(locale: str) -> tuple[str, str]:
    """The (group, decimal) symbols of a locale, from Babel (imported only here)."""
    if not isinstance(locale, str) or not locale:
        raise InvalidInputError(
            f"locale: expected a locale name such as 'de_DE', got {locale!r}",
            argument="locale",
            value=repr(locale),
        )
    try:
        from babel.numbers import get_decimal_symbol, get_group_symbol

        group = fold_characters(get_group_symbol(locale))
        decimal_mark = fold_characters(get_decimal_symbol(locale))
    except Exception as exc:  # babel raises UnknownLocaleError (an Exception) and ValueError
        raise InvalidInputError(
            f"locale: {locale!r} is not a locale Babel knows; use a name such as 'de_DE'",
            argument="locale",
            value=locale,
        ) from exc
    if len(group) != 1 or len(decimal_mark) != 1 or group == decimal_mark:
        raise InvalidInputError(
            f"locale: {locale!r} has separators {group!r}/{decimal_mark!r} fincalc cannot read",
            argument="locale",
            value=locale,
        )
    return group, decimal_mark


# ------------------------------------------------------------------ reading one core

_ONE: Final = Decimal(1)
#: The private context, used through its own methods (``_CTX.multiply``) so that
#: no call enters or leaves a thread-local context; ``Inexact`` is trapped, so a
#: value is exact or refused.
_CTX: Final = CONTEXT.copy()
_CTX.traps[decimal.Inexact] = True
_PERCENT: Final = Decimal("1E-2")
_YEAR_LOW: Final = 1900
_YEAR_HIGH: Final = 2100
# What a number read is (the second item of each ``_Reader.scan`` result):
_AMOUNT: Final = 0
_YEAR: Final = 1  # "2023" in prose: never an amount unless it is all there is
_CONTEXT_YEAR: Final = 2  # "2023" in prose under a declared unit: a year or an amount
_CELL_YEAR: Final = 3  # "2023" as a table cell: an amount, or a year in a header row
_TABLE_GAP: Final = re.compile(r"[|\t]|[0-9)%][ \u202f]{2,}+[-($¥€£0-9]")
_LIST_PAREN_DIGITS: Final = 4


_MAX_GAP: Final = 8
_DIGIT_SET: Final = frozenset("0123456789")


def _back_spaces(norm: str, i: int) -> int:
    """Step back over at most ``_MAX_GAP`` spaces."""
    stop = max(0, i - _MAX_GAP)
    while i > stop and norm[i - 1] in " \u202f":
        i -= 1
    return i


def _forward_spaces(norm: str, i: int) -> int:
    """Step over at most ``_MAX_GAP`` spaces."""
    stop = min(len(norm), i + _MAX_GAP)
    while i < stop and norm[i] in " \u202f":
        i += 1
    return i


def _clean(number: str, grammar: _Grammar) -> str:
    """Drop group separators and OCR spaces; make the decimal mark a point."""
    if number.isascii() and number.isdigit():
        return number
    for mark in grammar.removals:
        if mark in number:
            number = number.replace(mark, "")
    if grammar.decimal_mark != "." and grammar.decimal_mark in number:
        number = number.replace(grammar.decimal_mark, ".")
    return number


def _sign_ok(norm: str, at: int) -> bool:
    """A minus is a sign unless it joins two things: 2019-2023, 5%-10%, A-1."""
    if at == 0:
        return True
    before = norm[at - 1]
    return not (before.isascii() and (before.isalnum() or before in ".%)]"))


def _iso_before(grammar: _Grammar, norm: str, end: int) -> tuple[int, str] | None:
    """An ISO 4217 code (upper case, a word of its own) ending at ``end``."""
    start = end - 3
    if start < 0 or norm[start:end] not in grammar.iso_codes:
        return None
    if start > 0 and norm[start - 1].isascii() and norm[start - 1].isalpha():
        return None
    return start, norm[start:end]


_REFERENCE_CHARS: Final = frozenset(DIGIT_CHARS + "十0123456789")


def _not_amount_before(grammar: _Grammar, norm: str, at: int) -> bool:
    """True after 第, 附注五、, Note, page, P, Q, H, FY, No., a month name, …"""
    j = at - 1 if at > 0 and norm[at - 1] == " " else at
    hit = grammar.not_before.ending_at(norm, j)
    if hit is not None:
        return not (hit[1] and j != at)
    if j > 0 and norm[j - 1] in ".:" and j - 1 != at:
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


def _not_amount_after(grammar: _Grammar, norm: str, at: int) -> bool:
    """True before 年, 月, 日, 季度, years, st/nd/rd/th, E (estimate), .SH, …"""
    hit = grammar.not_after.starting_at(norm, at)
    if hit is not None:
        return True
    if at < len(norm) and norm[at] == " ":
        hit = grammar.not_after.starting_at(norm, at + 1)
        return hit is not None and not hit[1]
    return False


def _spaced_scale_ok(text: str, start: int, end: int) -> bool:
    """A tight scale after a space still counts when written as an upper-case abbreviation.

    "3 MM" and "$12.5 MM" are millions (MM is no metric unit), while "5 m" and "3 mm"
    stay metres and millimetres; single letters ("5 M", "3 B") must touch the number.
    """
    written = text[start:end]
    return len(written) >= 2 and written.isupper()


#: What may follow a tight unit written after a space ("leverage of 1.5 x."): the end
#: of a phrase, not another operand ("3 x 4", "2 x (1+3)").
_PHRASE_END: Final = frozenset(",.;:!?)]}|\n\r\t，。；：！？、）」』\"'…")


def _spaced_unit_ok(norm: str, end: int) -> bool:
    """A tight unit ("x", "×") after a space counts only when a phrase ends right after it."""
    k = _forward_spaces(norm, end)
    return k >= len(norm) or norm[k] in _PHRASE_END


_CELL_EDGES: Final = frozenset("|\t\n\r")


def _is_cell(norm: str, start: int, end: int) -> bool:
    """True when ``norm[start:end]`` stands alone as a table cell ("| 2023 |", "2023    1,998").

    Each side must be the text's edge, a line break, a "|" or tab, or a gap of two or
    more spaces: "Revenue in 2023 was 1,234" holds no cell.
    """
    size = len(norm)
    if end < size and norm[end] not in _CELL_EDGES and norm[end] not in _SPACES:
        return False  # "2023," "2023年": the common case, decided by one character
    before = _back_spaces(norm, start)
    if before and start - before < 2 and norm[before - 1] not in _CELL_EDGES:
        return False
    after = _forward_spaces(norm, end)
    return after >= size or after - end >= 2 or norm[after] in _CELL_EDGES


_SPACES: Final = frozenset(" \u202f")
_MARKS_AFTER: Final = frozenset(")多余")  # read by the reader itself, right after the core
_MARKS_BEFORE: Final = frozenset("之-+(负")  # 百分之, signs, "(" right before the core
_EXPONENT_SUFFIX: Final = {k: f"E{k:+d}" for k in range(-64, 65)}


def _literal(number: str, exponent: int) -> Decimal:
    """``Decimal(number) * 10**exponent`` written as one literal: exact, no context needed."""
    if not exponent:
        return Decimal(number)
    return Decimal(number + (_EXPONENT_SUFFIX.get(exponent) or f"E{exponent:+d}"))


def _exact() -> AbstractContextManager[decimal.Context]:
    """The private context with ``Inexact`` trapped, for the rare composed numerals."""
    return decimal.localcontext(_CTX)


class _Reader:
    """Reads the amounts of one text; holds the per-call state (table-line cache)."""

    __slots__ = (
        "bounds",
        "cell_years",
        "context",
        "context_exponent",
        "grammar",
        "lines",
        "norm",
        "prev_end",
        "table",
        "text",
    )

    def __init__(
        self, text: str, norm: str, grammar: _Grammar, table: UnitTable, context: UnitContext | None
    ) -> None:
        self.text = text
        self.norm = norm
        self.grammar = grammar
        self.table = table
        self.context = context
        self.context_exponent = None if context is None else shift_exponent(context.multiplier)
        self.lines: dict[int, bool] = {}
        #: Where the last amount read (or refused) ends: a "-" there joins a range
        #: (8.7亿元-9.1亿元), and a word before it belongs to that amount, not the next.
        self.prev_end = -1
        self.bounds: tuple[int, int] | None = None  # the text without surrounding spaces
        self.cell_years = False  # whether a year-like number was read as a table cell

    def in_table_line(self, pos: int) -> bool:
        norm = self.norm
        start = norm.rfind("\n", 0, pos) + 1
        cached = self.lines.get(start)
        if cached is None:
            end = norm.find("\n", pos)
            end = len(norm) if end < 0 else end
            cached = self.lines[start] = _TABLE_GAP.search(norm, start, end) is not None
        return cached

    def scan(self) -> list[tuple[Quantity | ParseError, int]]:
        """Return (quantity or refusal, kind) for every number core, in order.

        ``kind`` is ``_AMOUNT`` or says how a bare four-digit number that looks like
        a year was written (``_YEAR``, ``_CONTEXT_YEAR``, ``_CELL_YEAR``).
        """
        search = self.grammar.scan.search
        read = self.read
        norm = self.norm
        found: list[tuple[Quantity | ParseError, int]] = []
        pos = 0
        while (match := search(norm, pos)) is not None:
            pos = match.end()
            if match.group("ar") is None and match.group("cn") is None:
                continue  # a date, time, phone or section number
            result = read(match)
            if result is not None:
                found.append(result)
            elif ". " in match.group():
                # "Note 12. 26户": the OCR reading "12. 26" was not an amount, so the
                # space was a sentence break; read what follows it on its own.
                pos = match.start() + match.group().index(". ") + 2
        return found

    def read(self, match: re.Match[str]) -> tuple[Quantity | ParseError, int] | None:
        """Read the amount around one number core, or None when it is not an amount.

        Each side of the core is read only when the character next to it can
        open something the reader looks for there (``_Grammar.*_trigger``):
        most neighbours are ordinary letters or punctuation, and then every
        probe on that side would find nothing, so it is skipped.
        """
        norm = self.norm
        grammar = self.grammar
        table = self.table
        core_start, core_end = match.span()
        _skip, arabic, cn, chain = match.groups()
        size = len(norm)
        if (
            cn is not None
            and not chain
            and not any(ch in _SCALE_CHARS for ch in cn)
            and (core_end >= size or norm[core_end] not in grammar.unit_initials)
            and not norm.startswith("百分之", core_start - 3)
        ):
            return None  # a lone Chinese digit (一, 三) is an amount only with a unit after it

        # 第3, 附注五、12, P45, Note 12, Q3, FY2024: a reference; after a Latin word
        # only unless the number turns out to carry a unit ("5-year 8亿元")
        referenced = False
        if core_start:
            ch = norm[core_start - 1]
            if ch == " ":
                ch = norm[core_start - 2] if core_start > 1 else ""
            if ch in grammar.not_before_trigger and _not_amount_before(grammar, norm, core_start):
                if not ch.isascii():
                    return None  # 第1名, 附注五、12: ordinals and note numbers, always
                nxt = _forward_spaces(norm, core_end)
                if nxt >= size or norm[nxt] not in grammar.unit_initials:
                    return None  # year, Note, P, Q, FY and nothing unit-like after: cheap exit
                referenced = True  # decided once the unit is read
        after_ch = norm[core_end] if core_end < size else ""
        not_after_chars = grammar.not_after.first_chars
        not_amount_after = (
            after_ch in not_after_chars
            or (after_ch == " " and core_end + 1 < size and norm[core_end + 1] in not_after_chars)
        ) and _not_amount_after(grammar, norm, core_end)
        if not_amount_after:
            j = _forward_spaces(norm, core_end)
            if grammar.units.starting_at(norm, j) is None:
                return None  # 2023年, 12月, 3个月, 5 years, 1st (but 5日元 is an amount)
        # ---- after the number: ), 多/余, scale, unit, ), qualifier
        scale: ScaleSpec | None = None
        scale_text: str | None = None
        unit_spec: SuffixSpec | None = None
        unit_text: str | None = None
        qualifier: str | None = None
        close1 = False
        end = after_units = core_end
        if after_ch in _SPACES:
            peek = _forward_spaces(norm, core_end)
            peek_ch = norm[peek] if peek < size else ""
        else:
            peek_ch = after_ch
        if after_ch in _MARKS_AFTER or peek_ch in grammar.after_trigger:
            i = core_end
            close1 = after_ch == ")"
            if close1:
                i += 1
            approx = i < size and norm[i] in "多余"
            if approx:
                qualifier = norm[i]
                i += 1
            end = i if (approx or close1) else core_end
            j = _forward_spaces(norm, i) if i < size and norm[i] in _SPACES else i
            scale_hit: tuple[int, ScaleSpec] | None = None
            if j < size:
                at_j = norm[j]
                if at_j in grammar.scales.first_chars:
                    scale_hit = grammar.scales.starting_at(norm, j)
                if scale_hit is None and close1:  # (1,234)千元: a Chinese scale after the ")"
                    scale_hit = grammar.han_scale_index.starting_at(norm, j)
            if scale_hit is not None and not (
                scale_hit[1].tight and j != i and not _spaced_scale_ok(self.text, j, scale_hit[0])
            ):
                scale, scale_text = scale_hit[1], self.text[j : scale_hit[0]]
                i = end = scale_hit[0]
                j = _forward_spaces(norm, i) if i < size and norm[i] in _SPACES else i
            unit_hit: tuple[int, SuffixSpec | None] | None = None
            if j < size and norm[j] in grammar.units.first_chars:
                unit_hit = grammar.units.starting_at(norm, j)
            if unit_hit is not None:
                spec = unit_hit[1]
                if spec is None or (
                    (spec.tight and j != i and not _spaced_unit_ok(norm, unit_hit[0]))
                    or (
                        spec.not_before
                        and unit_hit[0] < size
                        and norm[unit_hit[0]] in spec.not_before
                    )
                ):
                    unit_hit = None  # "3 x 4"; 股东 is "shareholder", not 股 "shares"
            if (
                unit_hit is None
                and j < size
                and norm[j] in _UPPER
                and norm[j : j + 3] in grammar.iso_codes
                and not (j + 3 < size and norm[j + 3].isascii() and norm[j + 3].isalpha())
            ):
                unit_hit = (j + 3, table.suffix(norm[j : j + 3]))
            if unit_hit is not None and unit_hit[1] is not None and unit_hit[1].kind == "currency":
                k = _forward_spaces(norm, unit_hit[0])
                if (
                    k < size
                    and (
                        norm[k] in _DIGIT_SET
                        or (norm[k] in "-+(" and k + 1 < size and norm[k + 1] in _DIGIT_SET)
                    )
                    and grammar.currencies.starting_at(norm, j) is not None
                ):
                    unit_hit = None  # "2023 人民币3,034.6亿元": the currency opens the next amount
            if unit_hit is not None:
                unit_spec, unit_text = unit_hit[1], self.text[j : unit_hit[0]]
                i = end = unit_hit[0]
                j = _forward_spaces(norm, i) if i < size and norm[i] in _SPACES else i
                if (
                    scale is None
                    and unit_spec is not None
                    and unit_spec.kind == "currency"
                    and j < size
                    and norm[j] in grammar.scales.first_chars
                ):
                    # "500 RMB'000", "500 USD million": the scale after the currency
                    scale_hit = grammar.scales.starting_at(norm, j)
                    if scale_hit is not None and not (scale_hit[1].tight and j != i):
                        # the unit as written: "RMB'000", "USD million"
                        scale, scale_text = scale_hit[1], ""
                        unit_text = self.text[unit_hit[0] - len(unit_text) : scale_hit[0]]
                        i = end = scale_hit[0]
                        j = _forward_spaces(norm, i) if i < size and norm[i] in _SPACES else i
            after_units = i
            if qualifier is None and j < size and norm[j] in grammar.qualifiers_after.first_chars:
                hit = grammar.qualifiers_after.starting_at(norm, j)
                if hit is not None and (unit_spec is not None or scale is not None or chain):
                    qualifier = self.text[j : hit[0]]

        capital_fraction: Decimal | None = None
        if cn is not None and is_capital(cn):
            with _exact():
                tail = parse_capital_tail(norm, core_end)
            if tail is not None:
                end, capital_fraction, _ = tail
                unit_text = "元"
                unit_spec = table.suffix("元")
                scale = None

        # ---- not amounts: periods, identifiers, references (checked before the prefix:
        # no currency alias ends where a reference marker does)
        if unit_spec is None and scale is None:
            if peek_ch in grammar.unknown_scales:
                # "¥1.2兆": ending the amount before 兆 would misread it by 1E+12 (or 1E+6)
                return self.refuse(
                    core_start,
                    _forward_spaces(norm, core_end) + 1,
                    f"{peek_ch!r} is a scale fincalc does not read (1E+12 in Taiwan and "
                    "Japan, 1E+6 in 兆瓦); write the amount with 万亿 or 亿",
                )
            if not_amount_after:
                return None  # 2023年, 12月, 3个月, 5 years, 1st, 600519.SH
            if end < size and norm[end].isascii() and norm[end].isalpha():
                return None  # 3G, B2B: an identifier

        # ---- before the number, right to left: 百分之, sign, currency, (, sign,
        # currency, qualifier ("约人民币-8.7", "approximately $(1.2)", "-$1.2")
        currency: str | None = None
        currency_text: str | None = None
        start = core_start
        negative = False
        paren_at = -1
        pct = False
        qualifier_before: str | None = None
        currency_outside = False  # "$(1.2)": the currency is outside the parentheses
        word: tuple[int, int] | None = None  # an unknown currency word (比特币, 澳幣) before
        prev_end = self.prev_end
        before_ch = norm[core_start - 1] if core_start else ""
        if before_ch in _SPACES:
            peek = _back_spaces(norm, core_start)
            peek_ch = norm[peek - 1] if peek else ""
        else:
            peek_ch = before_ch
        if before_ch in _MARKS_BEFORE or peek_ch in grammar.before_trigger:
            i = core_start
            if i >= 3 and norm.startswith("百分之", i - 3):
                pct = True
                i = start = i - 3
            if i > 0 and norm[i - 1] in "-+" and i - 1 != prev_end and _sign_ok(norm, i - 1):
                negative = norm[i - 1] == "-"
                i = start = i - 1
            currency_ends = grammar.currencies.last_chars
            probed = i
            for slot in (0, 1):
                if slot and i == probed:
                    break  # nothing moved since the first probe: the second finds nothing either
                j = _back_spaces(norm, i) if i and norm[i - 1] in _SPACES else i
                ch = norm[j - 1] if j else ""
                hit = grammar.currencies.ending_at(norm, j) if ch in currency_ends else None
                if hit is None and ch in _UPPER:
                    hit = _iso_before(grammar, norm, j)
                if hit is not None and hit[0] < prev_end:
                    hit = None  # "12亿港元（人民币11亿元）": 港元 belongs to the amount before
                if hit is not None:
                    currency_outside = paren_at >= 0
                    code = hit[1]
                    text = norm[hit[0] : j]
                    if currency is not None and code != currency:
                        return self.refuse(
                            hit[0], core_end, f"two currencies ({currency_text}, {text})"
                        )
                    currency, currency_text = code, self.text[hit[0] : j]
                    i = start = hit[0]
                if slot == 0:
                    if i > 0 and norm[i - 1] == "(":
                        paren_at = i - 1
                        i -= 1
                    if (
                        i > 0
                        and norm[i - 1] in "-+负"
                        and i - 1 != prev_end
                        and _sign_ok(norm, i - 1)
                    ):
                        negative = negative or norm[i - 1] != "+"
                        i = i - 1
                        if paren_at < 0:
                            start = i
            j = _back_spaces(norm, i) if i and norm[i - 1] in _SPACES else i
            ch = norm[j - 1] if j else ""
            hit = (
                grammar.qualifiers_before.ending_at(norm, j)
                if ch in grammar.qualifiers_before.last_chars
                else None
            )
            if hit is None:
                if currency is None and i - j <= 1 and ch in grammar.currency_words.last_chars:
                    word = self.currency_word(j)  # "比特币8.7亿元", "澳幣 1,234"
            elif not (norm[hit[0] : j] == "~" and hit[0] > 0 and norm[hit[0] - 1].isdigit()):
                qualifier_before = self.text[hit[0] : j]
                if currency is None:
                    # "港币约8.7亿元": a currency written before the qualifier
                    k = hit[0] - 1 if hit[0] > 0 and norm[hit[0] - 1] == " " else hit[0]
                    ch = norm[k - 1] if k else ""
                    found = (
                        grammar.currencies.ending_at(norm, k)
                        if ch in grammar.currencies.last_chars
                        else None
                    )
                    if found is None and ch in _UPPER:
                        found = _iso_before(grammar, norm, k)
                    if found is not None and found[0] >= prev_end:
                        currency, currency_text = found[1], self.text[found[0] : k]
                        start = found[0]
                    else:
                        word = self.currency_word(k)

        close = close1
        close_end = -1  # "($1.2 million)": the ")" after the units, taken only if negative
        if not close and paren_at >= 0 and (unit_spec or scale or currency):
            k = after_units + 1 if after_units < size and norm[after_units] == " " else after_units
            if k < size and norm[k] == ")":
                close = True
                close_end = k + 1

        lead = start - 1
        if lead > 0 and norm[lead] == "-":
            lead -= 1
        if currency is None and lead >= 0 and norm[lead].isascii() and norm[lead].isalpha():
            return None  # A1, COVID-19: a number glued to letters
        has_scale_chars = bool(chain) or (cn is not None and any(c in _SCALE_CHARS for c in cn))
        if (
            cn is not None
            and arabic is None
            and unit_spec is None
            and scale is None
            and not pct
            and not any(ch in BIG_CHARS for ch in match.group())
        ):
            return None  # 一, 三千: Chinese digits without a unit are words, not amounts
        if (
            cn is not None
            and unit_spec is not None
            and unit_spec.dimension in ("COUNT", "SHARES")
            and not has_scale_chars
        ):
            return None  # 三家, 一人: ordinary words

        # ---- the number: an exact decimal literal (``digits`` times 10**``shift``)
        # where it is one, else a composed Decimal
        core = match.group()
        clean = _clean(core, grammar)
        if sum(ch.isdigit() for ch in clean) > MAX_DIGITS:
            return self.refuse(
                core_start, core_end, f"more than {MAX_DIGITS} digits; this is not an amount"
            )
        digits: str | None = None
        shift = 0
        number: Decimal | None = None
        try:
            if cn is None and not chain:
                digits = clean
            elif arabic is not None and (fast := grammar.han_scales.get(chain.strip())):
                digits = _clean(arabic, grammar)  # 8.7 亿, 87,432万
                if fast[1] is None:
                    number = _CTX.multiply(Decimal(digits), fast[0])
                    digits = None
                else:
                    shift = fast[1]
            else:
                with _exact():
                    number = compose(clean)[0]
        except (ValueError, decimal.DecimalException) as exc:
            return self.refuse(core_start, core_end, f"malformed numeral ({exc})")
        if capital_fraction is not None and number is not None:
            number = _CTX.add(_CTX.quantize(number, _ONE), capital_fraction)  # 元 fixes it
        if chain and ("多" in chain or "余" in chain):
            qualifier = qualifier or ("多" if "多" in chain else "余")

        han_unit = ""
        if has_scale_chars and capital_fraction is None:
            if arabic is not None:
                han_unit = "".join([ch for ch in core if ch in _SCALE_CHARS])
            elif unit_spec is None or unit_spec.kind != "currency":
                # 两千万 -> 万: the trailing section characters say the scale of a word numeral.
                han_unit = core[len(core.rstrip(BIG_CHARS)) :]

        # ---- an unknown currency word before the number ("比特币8.7亿元", "澳幣 1,234"
        # under 单位：元): a generic 元, a bare scale or the declared unit must not
        # decide the currency, so the amount is refused
        if (
            word is not None
            and currency is None
            and not pct
            and (unit_spec is None or (unit_spec.kind == "currency" and unit_spec.generic))
            and (unit_spec is not None or scale is not None or han_unit or self.context is not None)
        ):
            name = self.text[word[0] : word[1]]
            if unit_text:
                decider = f"the generic {unit_text!r} after it"
            elif self.context is None or scale is not None or han_unit:
                decider = "a scale alone"
            else:
                decider = f"the declared unit {self.context.unit!r}"
            self.prev_end = max(self.prev_end, end)
            return (
                UnknownUnitError(
                    f"cannot read {self.text[word[0] : end]!r} as an amount: {name!r} names a "
                    f"currency the unit table does not know, and {decider} cannot say which; "
                    "add it to the table with UnitTable.default().extended({'currency': "
                    "[{'code': ..., 'prefix': [...]}]})",
                    text=self.text,
                    position=word[0],
                    unit=name,
                ),
                _AMOUNT,
            )

        # ---- an unknown currency word after the number ("8.7亿卢比"): the scale alone
        # would make it CNY under a context or leave the currency open; refuse instead
        if currency is None and not pct and (unit_spec is None or unit_spec.generic):
            after = self.currency_word_after(after_units)
            if after is not None:
                name = self.text[after[0] : after[1]]
                self.prev_end = max(self.prev_end, after[1])
                return (
                    UnknownUnitError(
                        f"cannot read {self.text[start : after[1]]!r} as an amount: {name!r} "
                        "names a currency the unit table does not know; add it with "
                        "UnitTable.default().extended({'currency': [{'code': ..., "
                        "'suffix': [...]}]})",
                        text=self.text,
                        position=start,
                        unit=name,
                    ),
                    _AMOUNT,
                )

        # ---- unit, dimension, multiplier (``exponent``: the multiplier as a power of
        # ten, None when it is not one)
        dimension: str | None = None
        multiplier: Decimal | None = None
        exponent: int | None = None
        unit_parts: list[str] = []
        if currency_text is not None:
            unit_parts.append(currency_text)
        if han_unit:
            unit_parts.append(han_unit)
        if scale is not None:
            if scale_text:  # empty when written after the currency ("RMB'000")
                unit_parts.append(scale_text)
            multiplier, exponent = scale.multiplier, scale.exponent
        if pct:
            if unit_spec is not None or currency is not None or scale is not None:
                return self.refuse(start, end, "百分之 with another unit")
            dimension = "RATIO"
            if multiplier is None:
                multiplier, exponent = _PERCENT, -2
            else:  # pragma: no cover - a scale with 百分之 is refused above
                multiplier = _CTX.multiply(multiplier, _PERCENT)
                exponent = None if exponent is None else exponent - 2
            unit_parts.append("百分之")
        if unit_spec is not None and unit_text is not None:
            unit_parts.append(unit_text)
            if unit_spec.kind == "currency":
                if currency is None:
                    currency = unit_spec.dimension
                elif unit_spec.dimension != currency and not unit_spec.generic:
                    # (港币5亿元 is fine: 元 is the generic word for a currency unit)
                    return self.refuse(start, end, f"two currencies ({currency_text}, {unit_text})")
            else:
                if currency is not None:
                    return self.refuse(start, end, f"a currency with {unit_text!r}")
                if not unit_spec.scalable and (scale is not None or han_unit):
                    return self.refuse(start, end, f"a scale before {unit_text!r}")
                dimension = unit_spec.dimension
                if unit_spec.multiplier != _ONE:
                    if multiplier is None:
                        multiplier, exponent = unit_spec.multiplier, unit_spec.exponent
                    else:
                        multiplier = _CTX.multiply(multiplier, unit_spec.multiplier)
                        exponent = (
                            None
                            if exponent is None or unit_spec.exponent is None
                            else exponent + unit_spec.exponent
                        )
        if currency is not None:
            dimension = currency
        has_unit = bool(unit_parts)
        if referenced and (paren_at >= 0 or (currency is None and scale is None and not han_unit)):
            return None  # only money or a scale overrides a reference word ("Note 12. 26户")

        # ---- accounting parentheses: negative in tables, under a declared unit, in a
        # text that is nothing but the bracketed amount (a cell: "($1.2 million)"), or
        # with a currency, scale or unit written outside them ("$(1.2)", "(5.2)%",
        # "(1,234)千元"); in prose "(4)" is a list marker, and brackets that enclose
        # the currency ("HK$1.2 billion (RMB1.1 billion)") are a translation or an aside
        context = self.context
        if paren_at >= 0 and close:
            if (
                currency_outside
                or (close1 and (unit_spec is not None or scale is not None))
                or context is not None
                or self.in_table_line(core_start)
                or (has_unit and self.is_whole_text(paren_at, close_end if close_end > 0 else end))
            ):
                negative = True
                start = min(start, paren_at)
                if close_end > 0:
                    end = close_end
            elif (
                not has_unit
                and arabic is not None
                and arabic.isdigit()
                and len(arabic) <= _LIST_PAREN_DIGITS
            ):
                return None
            elif close1 and end == core_end + 1:
                end = core_end  # "(1,234)" in prose: the amount without its brackets

        # ---- the declared unit, where the text leaves something open
        from_context = False
        if context is not None and not pct and (unit_spec is None or unit_spec.kind == "currency"):
            if not has_unit:
                multiplier, dimension, from_context = context.multiplier, context.dimension, True
                exponent = self.context_exponent
                unit_parts = [context.unit]
            elif currency is None and dimension is None:
                dimension, from_context = context.dimension, True  # 8.7亿 under 单位：元
                unit_parts.append(f"[{context.unit}]")
            elif (
                scale is None
                and not han_unit
                and unit_spec is None  # a written suffix ("8,743.2元") is the whole unit
                and currency is not None
                and context.dimension in (None, currency)
            ):
                multiplier, from_context = context.multiplier, True  # "$ 1,234" (in millions)
                exponent = self.context_exponent
                unit_parts.append(f"[{context.unit}]")

        # The value: one literal where the number and the multiplier allow it (the
        # same coefficient and exponent as the product), else exact arithmetic.
        if digits is not None and multiplier is None:
            value = _literal(digits, shift)
        elif digits is not None and exponent is not None:
            value = _literal(digits, shift + exponent)
        else:
            if number is None:
                number = _literal(digits, shift)  # type: ignore[arg-type]
            value = number if multiplier is None else _CTX.multiply(number, multiplier)
        if negative and value:
            value = value.copy_negate()  # exact: every value fits the context's 50 digits
        # A year is written as four bare digits: "2,023", "2023万元" and "-2023" are
        # amounts.  Under a declared unit or in a table row it may be either.
        year = _AMOUNT
        if (
            not has_unit
            and not chain
            and not negative
            and arabic is not None
            and len(arabic) == 4
            and arabic.isdigit()
            and _YEAR_LOW <= int(arabic) <= _YEAR_HIGH
        ):
            if _is_cell(norm, core_start, core_end):
                year = _CELL_YEAR
                self.cell_years = True
            elif context is not None:
                year = _CONTEXT_YEAR
            else:
                year = _YEAR
        self.prev_end = end
        unit: str | None = None
        if len(unit_parts) == 1:
            unit = unit_parts[0]
        elif unit_parts:
            joiner = " " if any(map(str.isascii, unit_parts)) else ""
            unit = joiner.join(unit_parts)
        quantity = trusted_quantity(
            value,
            dimension,
            unit,
            self.text[start:end],
            (start, end),
            qualifier_before or qualifier,
            from_context,
        )
        return quantity, year

    def is_whole_text(self, start: int, end: int) -> bool:
        """True when ``norm[start:end]`` is the whole text but for surrounding spaces."""
        if self.bounds is None:
            stripped = self.norm.strip()
            first = self.norm.find(stripped[:1]) if stripped else 0
            self.bounds = (first, first + len(stripped))
        return start <= self.bounds[0] and end >= self.bounds[1]

    def currency_word(self, end: int) -> tuple[int, int] | None:
        """The span of an unknown currency word (比特币, 澳幣) ending at ``end``, or None.

        A word counts when it ends in one of the table's ``[currency_words]``
        endings and is not one of its exceptions (资金, 现金); the span reaches back
        over at most two more Han characters to name it in the refusal.
        """
        norm = self.norm
        words = self.grammar.currency_words
        if not end or norm[end - 1] not in words.last_chars:
            return None
        hit = words.ending_at(norm, end)
        if hit is None or not hit[1] or hit[0] < self.prev_end:
            return None
        start = hit[0]
        stop = max(0, start - 2, self.prev_end)
        while start > stop and "\u4e00" <= norm[start - 1] <= "\u9fff":
            start -= 1
        return start, end

    def currency_word_after(self, begin: int) -> tuple[int, int] | None:
        """The span of an unknown currency word (卢比, 比特币, zlotys) starting at ``begin``."""
        norm = self.norm
        k = _forward_spaces(norm, begin)
        if k < len(norm) and norm[k].isascii() and norm[k].isalpha():
            stop = k
            while stop < len(norm) and norm[stop].isascii() and norm[stop].isalpha():
                stop += 1
            if norm[k:stop].casefold() in self.table.currency_names:
                return k, stop  # "8.7 million zlotys"
            return None
        stop = k
        while stop < len(norm) and stop - k < 4 and "\u4e00" <= norm[stop] <= "\u9fff":
            stop += 1
        words = self.grammar.currency_words
        for end in range(stop, k, -1):
            if norm[end - 1] not in words.last_chars:
                continue
            hit = words.ending_at(norm, end)
            if hit is not None and hit[0] >= k:
                return (k, end) if hit[1] else None  # 资金, 现金: an ordinary word
        return None

    def refuse(self, start: int, end: int, reason: str) -> tuple[ParseError, int]:
        self.prev_end = max(self.prev_end, end)
        raw = self.text[start:end]
        return (
            ParseError(
                f"cannot read {raw!r} as an amount: {reason}", text=self.text, position=start
            ),
            _AMOUNT,
        )


# ------------------------------------------------------------------ public API


def _resolve(
    table: UnitTable | None, context: UnitContext | str | None
) -> tuple[UnitTable, UnitContext | None]:
    if table is None:
        table = UnitTable.default()
    elif not isinstance(table, UnitTable):
        raise InvalidInputError(
            f"table: expected a UnitTable, got {type(table).__name__}",
            argument="table",
            value=repr(table)[:80],
        )
    if isinstance(context, str):
        context = context_from_header(context, table)
    elif context is not None and not isinstance(context, UnitContext):
        raise InvalidInputError(
            f"context: expected a UnitContext or a header such as '单位：万元', "
            f"got {type(context).__name__}",
            argument="context",
            value=repr(context)[:80],
        )
    return table, context


def _read_all(
    text: str, table: UnitTable, context: UnitContext | None, locale: str | None
) -> tuple[list[tuple[Quantity | ParseError, int]], bool]:
    """Every amount read (or refused) with its kind, and whether any is a year-like cell."""
    grammar = _grammar(table, locale)
    reader = _Reader(text, fold_characters(text), grammar, table, context)
    # No thread-local decimal context is entered: values are exact literals or are
    # computed by ``_CTX``'s own methods, and the rare composed numerals run inside
    # ``_exact()``; the caller's context is never read or changed.
    try:
        return reader.scan(), reader.cell_years
    except decimal.DecimalException as exc:  # pragma: no cover - guarded by MAX_DIGITS
        raise ParseError(
            f"cannot compute an exact value in {text[:80]!r}: {exc!r}", text=text
        ) from exc


@public
def parse_quantity(
    text: str,
    *,
    dimension: str | None = None,
    context: UnitContext | str | None = None,
    table: UnitTable | None = None,
    locale: str | None = None,
) -> Quantity:
    """Parse the one amount in ``text`` into a ``Quantity`` in base units.

    Args:
        text: A quote, a table cell or an answer holding one amount (at most
            ``MAX_PARSE_LENGTH`` characters).
        dimension: Keep only amounts of this dimension ("CNY", "RATIO", …) when
            the text holds several.
        context: The declared unit (a ``UnitContext`` or a header such as
            "单位：万元") that bare numbers are read in.
        table: The unit table; ``UnitTable.default()`` when omitted.
        locale: A Babel locale name whose decimal and group separators apply
            ("de_DE": "4,5 Mio." is 4.5 million).

    Returns:
        The amount, with ``value`` in base units and the written precision in
        its exponent ("303M" is ``Decimal('3.03E+8')``).

    Raises:
        MissingUnitError: the amount is a bare number and no context declares its unit.
        AmbiguousQuantityError: more than one amount remains.
        ParseError: no amount, a malformed one, or text over the length limit.

    >>> parse_quantity("营业收入 8.7 亿元，同比增长 12.3%", dimension="CNY")
    Quantity(870000000 CNY, raw='8.7 亿元')
    >>> parse_quantity("(1,234)", context="单位：千元").value
    Decimal('-1.234E+6')
    >>> parse_quantity("1,234")
    Traceback (most recent call last):
    ...
    fincalc.MissingUnitError: '1,234' has no unit ...
    """
    text = check_text(text, MAX_PARSE_LENGTH)
    if dimension is not None:
        check_dimension(dimension)
    table, ctx = _resolve(table, context)
    results, _ = _read_all(text, table, ctx, locale)
    quantities: list[Quantity] = []
    candidates: list[Quantity] = []
    years: list[Quantity] = []
    for item, kind in results:
        if isinstance(item, ParseError):
            raise item  # the first refusal, before anything else is judged
        # A year in prose gives way to any other amount; one in a table row or under a
        # declared unit may be an amount, so it stays a candidate (and with another
        # amount the text is ambiguous rather than silently read as the other one).
        (years if kind == _YEAR else candidates).append(item)
    if not candidates:
        candidates = years  # a year-like number is an amount only when it is all there is
    if dimension is not None:
        quantities = [q for q in candidates if q.dimension == dimension]
        if not quantities:
            found = ", ".join(_describe(q) for q in candidates) or "no amount"
            raise ParseError(
                f"no {dimension} amount in {text!r} (found: {found}); check the quote or "
                "the dimension",
                text=text,
            )
    else:
        quantities = candidates
    if not quantities:
        raise ParseError(
            f"no amount in {text!r}; quote the number with its unit, e.g. '8.7 亿元'",
            text=text,
        )
    if len(quantities) > 1:
        listed = tuple(_describe(q) for q in quantities)
        raise AmbiguousQuantityError(
            f"{len(quantities)} amounts in {text!r}: {', '.join(listed)}; pass dimension= "
            "or quote only the amount you mean",
            text=text,
            candidates=listed,
        )
    quantity = quantities[0]
    if quantity.is_unitless:
        raise MissingUnitError(
            f"{quantity.raw!r} has no unit and no unit declaration applies; write the unit "
            "('8.7 亿元') or pass context=unit_context_from_header('单位：万元')",
            text=text,
            number=quantity.raw,
            position=quantity.span[0] if quantity.span else None,
        )
    return quantity


def _describe(quantity: Quantity) -> str:
    return f"{quantity.raw!r} ({quantity.dimension or 'no unit' if quantity.unit is None else quantity.dimension or 'scale only'})"  # noqa: E501


@public
def extract_quantities(
    text: str,
    *,
    context: UnitContext | str | None = None,
    table: UnitTable | None = None,
    locale: str | None = None,
) -> list[Quantity]:
    """Find every amount in ``text``, in order, each with its exact span.

    Bare numbers are included with ``unit=None`` (``Quantity.is_unitless``)
    unless ``context`` declares their unit; years, dates, periods, ordinals and
    page, note and code references are left out, and so are spans that cannot
    be read exactly (``parse_quantity`` on them says why).

    Args:
        text: Any text: an LLM answer, a chunk, a whole report (at most
            ``MAX_EXTRACT_LENGTH`` characters).
        context: The declared unit bare numbers are read in.
        table: The unit table; ``UnitTable.default()`` when omitted.
        locale: A Babel locale name whose separators apply.

    >>> [(q.raw, str(q.value), q.dimension) for q in extract_quantities(
    ...     "2024年营业收入同比下降0.49%，约8.7亿元，共3家")]
    [('0.49%', '0.0049', 'RATIO'), ('8.7亿元', '8.7E+8', 'CNY'), ('3家', '3', 'COUNT')]
    >>> [q.raw for q in extract_quantities("revenue was $1.2 billion, up 5% in fiscal 2024")]
    ['$1.2 billion', '5%']
    """
    text = check_text(text, MAX_EXTRACT_LENGTH)
    table, ctx = _resolve(table, context)
    results, cell_years = _read_all(text, table, ctx, locale)
    if not cell_years:
        return [item for item, kind in results if isinstance(item, Quantity) and not kind]
    return _keep_cell_years(text, results)


def _keep_cell_years(text: str, results: list[tuple[Quantity | ParseError, int]]) -> list[Quantity]:
    """The amounts, with the bare-year cells of rows that hold another amount.

    "| 营业收入 | 2023 | 1,998 |" is a row of amounts; "| 项目 | 2023 | 2022 |", a
    row whose only numbers are years, is a header row and its years are years.
    """
    lines: list[int] = []
    with_amount: set[int] = set()
    line = pos = 0
    for item, kind in results:
        if isinstance(item, Quantity) and item.span is not None:
            line += text.count("\n", pos, item.span[0])
            pos = item.span[0]
            if kind == _AMOUNT:
                with_amount.add(line)
        lines.append(line)
    return [
        item
        for (item, kind), at in zip(results, lines, strict=True)
        if isinstance(item, Quantity)
        and (kind == _AMOUNT or (kind == _CELL_YEAR and at in with_amount))
    ]

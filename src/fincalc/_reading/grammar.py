"""What the amount reader matches, built once per unit table and locale.

``grammar_for(table, locale)`` returns a ``Grammar``: the one scan pattern that
finds number cores (Arabic numbers with the locale's separators, Chinese
numerals, and chains of both with 十百千万亿), and the alias indexes the
reader probes around each core (currencies, scales, units, qualifiers,
not-an-amount markers).  Everything comes from the unit table and from the
``[number]`` words of ``_data/reading.toml``; nothing here names a currency or
a scale word, so adding one is a line of data.  Grammars are cached on the
table, one per pair of separators.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from .._base.exceptions import DataFileError, InvalidInputError
from .._base.prebuilt import PREBUILT_GRAMMAR
from .._base.vocabulary import vocabulary
from .aliases import AliasIndex, Rows, alias_key, is_latin, restored_rows, rows_state
from .numerals import BIG_CHARS, DIGIT_CHARS, SMALL_CHARS
from .text import fold_characters
from .unit_table import SuffixSpec, UnitTable

__all__ = [
    "ALIAS_FIELDS",
    "COMMA_DECIMAL",
    "DIGIT_SET",
    "SCALE_CHARS",
    "SPACES",
    "SYMBOL_PREFIX",
    "UPPER",
    "Grammar",
    "build_grammar",
    "default_parts",
    "grammar_for",
    "grammar_state",
    "is_word_scale",
    "scan_parts",
    "scan_pattern",
    "scan_source",
    "table_gap_source",
]


#: ISO 4217 codes are [A-Z]{3}.
UPPER: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: The spaces the reader steps over between a number and its units.
SPACES: Final = frozenset(" \u202f")
DIGIT_SET: Final = frozenset("0123456789")
#: Han place and section characters (十百千, 万亿 and their capital forms).
SCALE_CHARS: Final = SMALL_CHARS + BIG_CHARS

_CN_START: Final = "".join(ch for ch in DIGIT_CHARS if ch not in "零〇") + "十拾"
_ALL_DIGITS: Final = "0-9" + DIGIT_CHARS


def _shapes(clue: tuple[str, str], *, comma_clues: bool = True) -> list[str]:
    """Numbers whose shape says that the comma is the decimal mark, without ``locale=``.

    "1.234,56" and "1 234,56" (a point or space groups, so the comma is decimal),
    "1.234.567" (two or more point groups), and "12,5" or "0,75" (no group of
    three after the comma) where a unit or currency is written next to it
    (``clue``): "12,5 %", "12,50 €", "€ 0,75"; and a comma before one or two final
    digits with no clue ("29,90": 29.90, never two numbers), unless a list goes on
    ("1,2,3").

    Without ``comma_clues``, the grouped shapes alone: the last three each need a
    comma before one or two final digits or before four or more (``COMMA_DECIMAL``),
    and compiling them costs more than the rest of the pattern (``scan_pattern``).
    """
    grouped = [
        r"[0-9]{1,3}(?:\.[0-9]{3}(?![0-9]))++,[0-9]++(?![0-9]|[,.][0-9])",
        r"[0-9]{1,3}(?:[\u202f'][0-9]{3}(?![0-9]))++,[0-9]++(?![0-9]|[,.][0-9])",
        r"[0-9]{1,3}(?:[ \u202f][0-9]{3}(?![0-9]))++,[0-9]{1,2}(?![0-9]|[,.][0-9])",
        r"[0-9]{1,3}(?:\.[0-9]{3}(?![0-9])){2,}+(?![0-9]|[,.][0-9])",
    ]
    if not comma_clues:
        return grouped
    return [
        *grouped,
        rf"(?:{clue[0]})[0-9]++,(?:[0-9]{{1,2}}|[0-9]{{4,}}+)(?![0-9,]|[.][0-9])",
        rf"[0-9]++,(?:[0-9]{{1,2}}|[0-9]{{4,}}+)(?![0-9,]|[.][0-9])(?:{clue[1]})",
        # "29,90", "Preis: 0,75": one or two final digits after the comma make it the
        # decimal mark without a clue (issue 26: read as two numbers, 29 and 90), unless
        # the number is one of a list ("1,2,3") or in a Chinese sentence ("分别为12,13":
        # Chinese writes a decimal point, so the comma there separates two numbers)
        r"(?<![0-9][,.])(?<![0-9], )(?<![\u3400-\u9fff])"
        r"[0-9]{1,3},[0-9]{1,2}(?![0-9,]|[.][0-9]|[ ]?+[&]|[ ][0-9]|[\u3400-\u9fff])",
    ]


def _arabic(
    group: str,
    decimal_mark: str,
    clue: tuple[str, str] | None = None,
    *,
    named: str = "",
    comma_clues: bool = True,
) -> str:
    """An Arabic number; with ``named``, the decimal-comma shapes are the group of that name."""
    # A locale that groups with a (no-break) space also writes a plain space there
    # ("1 234,5 €" in French); other locales accept only the no-break forms.
    g = "[ \u202f]" if group in " \u202f" else re.escape(group)
    d = re.escape(decimal_mark)
    shapes = _shapes(clue, comma_clues=comma_clues) if clue is not None else []
    # A cheap gate before the shapes: a comma after a point or space group, a comma
    # before other than three digits, or two point groups ("1,234.5" skips them all).
    gate = (
        r"(?=[0-9]++(?:[.\u202f' ][0-9]{3})++,|[0-9]++,(?:[0-9]{1,2}|[0-9]{4,}+)(?![0-9])"
        r"|[0-9]{1,3}(?:\.[0-9]{3}){2})"
    )
    # (the group always exists, so that every match has the same groups; a chain's
    # numbers, "3万4000", are written the common way)
    eu = (
        [f"(?P<{named}>{gate}(?:{'|'.join(shapes)}))" if shapes else f"(?P<{named}>(?!))"]
        if named
        else []
    )
    alts = []
    if group == ",":
        # OCR: "147, 693, 604" — a space after the comma only with two or more groups.
        alts.append(r"[0-9]{1,3}(?:, ?[0-9]{3}(?![0-9])){2,}+")
    alts.append(rf"[0-9]{{1,3}}(?:{g}[0-9]{{3}}(?![0-9]))++")
    if group == ",":
        alts.append(r"[0-9]{1,2}(?:,[0-9]{2}(?=,))++,[0-9]{3}(?![0-9])")  # Indian 1,23,45,678
    # The decimal-comma shapes after the comma groups ("1,234.5" never reaches them) and
    # before the space and apostrophe groups ("1\u202f234,56" must reach them)
    alts += eu
    others = "".join(ch for ch in "'\u202f" if ch not in (group, "\u202f" if group == " " else ""))
    alts.append(rf"[0-9]{{1,3}}(?:[{others}][0-9]{{3}}(?![0-9]))++")
    alts.append(r"[0-9]++")
    # Exponent forms ("8.7E+8", "1.2e9"): signed, or unsigned after a decimal part, so
    # that "2024E" (an estimate) and "3E5" (a code) are not read as numbers.
    exponent = r"[eE][+-]?+[0-9]{1,2}(?![0-9A-Za-z])"
    signed = r"(?:[eE][+-][0-9]{1,2}(?![0-9A-Za-z]))?+"
    if decimal_mark == ".":
        # OCR: "994. 14" — one space after the point, then one or two digits.
        fraction = rf"(?:\.(?: (?=[0-9]{{1,2}}(?![0-9.,])))?+[0-9]++(?:{exponent})?+)?+"
    else:
        fraction = rf"(?:{d}[0-9]++)?+"
    # The common shapes first (``_quick``): one or two tests instead of a dozen.
    return rf"(?>{_quick(group, decimal_mark)}|(?>{'|'.join(alts)}){fraction}{signed}|{d}[0-9]++)"


def _quick(group: str, decimal_mark: str) -> str:
    """The common shapes of a number, each exactly what ``_arabic``'s alternatives read.

    A run of digits (with a decimal part, or grouped by commas) that no separator,
    decimal mark or exponent follows: every longer alternative needs one of those,
    so they would read the same digits.
    """
    g = "[ \u202f]" if group in " \u202f" else re.escape(group)
    d = re.escape(decimal_mark)
    seps = f"0-9{d}{g[1:-1] if g.startswith('[') else g},'\u202f"
    if group == "," and decimal_mark == ".":
        # (a separator that no digit follows ends a clause: "in fiscal 2024.", "$72, see",
        # "was 5.3."; a space and digits after four digits or more start another number,
        # "2023 7.6"; after a decimal part of three digits a comma and digits may make
        # it a decimal comma, "1.234,5")
        return (
            r"[0-9]{4,}+(?![0-9]|,[ ]?+[0-9]|['\u202f][0-9]|\.[ ]?+[0-9]|[eE][+-])"
            r"|[0-9]{1,3}(?![0-9]|,[ ]?+[0-9]|['\u202f ][0-9]|\.[ ]?+[0-9]|[eE][+-])"
            r"|[0-9]++\.(?:[0-9]{1,2}|[0-9]{4,}+)(?![0-9]|\.[0-9]|[eE]|[ ][0-9])"
            r"|[0-9]++\.[0-9]{3}(?![0-9]|[,'\u202f][0-9]|\.[0-9]|[eE]|[ ][0-9])"
            r"|[0-9]{1,3}(?:,[0-9]{3})++\.[0-9]++(?![0-9eE])"
            r"|[0-9]{1,3}(?:,[0-9]{3})++(?![0-9eE]|,[ ]?+[0-9]|\.[ ]?+[0-9])"
        )
    return "|".join(
        [
            rf"[0-9]++(?![{seps}]|[eE][+-]|[ ][0-9])",
            rf"[0-9]++{d}[0-9]++(?![{seps}eE]|[ ][0-9])",
        ]
    )


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Grammar:
    """The scan pattern and the alias indexes for one unit table and one locale."""

    scan: re.Pattern[str]
    scan_commas: str  # the whole scan pattern's source, when ``scan`` leaves out part of it
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
    # the first letters of the English currency names the table does not resolve
    currency_name_initials: frozenset[str]
    iso_codes: frozenset[str]
    # 百分之 before the number, and 负 (a minus written as a word) before it
    percent_before: AliasIndex
    negative_before: AliasIndex
    # 多, 余 between a number and its scale (in data order); "~" that joins a range
    approximate: tuple[str, ...]
    range_marks: frozenset[str]
    # Words that, one space before a currency symbol, are no part of it ("a $5 fee")
    symbol_not_prefix: frozenset[str]
    # Symbols whose currency the script of the text decides ("¥": CNY or JPY); empty
    # with a locale, whose own symbols decide
    script_symbols: frozenset[str]
    # The letters that open a prefix alias ending in a symbol ("us", "hk", "c" of "C$"),
    # and the last two of each (a cheap test before reading the word: "hk $", "was $")
    symbol_prefixes: frozenset[str]
    symbol_prefix_tails: frozenset[str]
    # Han scale characters the table does not define (兆: 1E+12 in Taiwan and Japan,
    # 1E+6 in metric units on the mainland); one right after a number is refused.
    unknown_scales: frozenset[str]
    # Latin scale abbreviations the table does not define whose size depends on the
    # language ("mil": million or thousand), casefolded; one after a number is refused.
    ambiguous_scales: frozenset[str]
    ambiguous_initials: frozenset[str]  # their first characters, either case
    # A line that holds a table row: a "|" or tab, or a wide gap before an amount cell
    table_gap: re.Pattern[str]
    # Characters right next to a core that the reader reads itself (")", 多, 余 after
    # it; "(", signs, the end of 百分之 and 负 before it)
    marks_after: frozenset[str]
    marks_before: frozenset[str]
    # The last characters of a sign (or 负), and of a currency or ISO code or the
    # spaces after one: a cheap test before probing for either
    sign_ends: frozenset[str]
    currency_ends: frozenset[str]
    # Characters that can open (close) something the reader looks for next to a
    # number core; any other neighbour lets it skip that whole side.
    before_trigger: frozenset[str]
    after_trigger: frozenset[str]
    not_before_trigger: frozenset[str]
    # The characters that open a 角/分 tail or the colloquial 块 right after a number
    minor_initials: frozenset[str]
    # The characters that open a 角/分 tail after 元 (a digit or 零)
    tail_starts: frozenset[str]
    # The characters that open a range word ("-", "~", 至, 到, "to") after a number
    range_initials: frozenset[str]

    # Characters right next to a core that may start a reference or period check
    # (the triggers above, or a space before one): any other pair needs no check.
    marker_before: frozenset[str]
    marker_after: frozenset[str]
    # With ``locale=``, the locale's group mark: a separator between digits that is
    # neither it nor the decimal mark splits no number the locale writes ("1.200" in
    # fr_FR), so the whole run is refused; None without a locale.
    locale_group: str | None


@dataclass(frozen=True, slots=True, eq=False, repr=False)  # read field by field, never compared
class ScanParts:
    """The pieces of the scan pattern, which the generated scanner (``fast_pattern``) reuses.

    ``first(name)`` is the Arabic number that opens a core, its decimal-comma shapes
    in the group ``name``; ``chain`` the 十百千万亿 chain after it; ``skips`` the
    dates, times, phone and section numbers that are no amounts; ``starts`` the
    characters a core can start with (besides the digits).
    """

    group: str
    decimal_mark: str
    clue: tuple[str, str] | None
    cn: str
    chain: str
    skips: tuple[str, ...]
    starts: str  # (escaped for a character class)
    start_chars: str

    def first(self, name: str, *, comma_clues: bool = True) -> str:
        """The Arabic number that opens a core, its decimal-comma shapes named ``name``."""
        return _arabic(
            self.group, self.decimal_mark, self.clue, named=name, comma_clues=comma_clues
        )

    def quick(self) -> str:
        """The common shapes of ``first`` alone: where one matches, ``first`` reads the same."""
        return f"(?>{_quick(self.group, self.decimal_mark)})"


def scan_parts(
    group: str, decimal_mark: str, approximate: str, clue: tuple[str, str] | None
) -> ScanParts:
    """The pieces of the pattern of number cores, and of dates, times and codes to skip.

    ``clue`` (without a locale only) is the lookbehind and lookahead of a unit
    or currency written next to a number, which makes "12,5" a decimal comma.
    """
    arabic = _arabic(group, decimal_mark, clue)
    # (百分之百, "a hundred per cent": 百 alone is a number only after 百分之, and
    # only before the end of the word: not 百分之百慕达币, 百分之百万; the characters
    # that may follow are listed, as a class of every Han character costs ~1 ms to
    # compile)
    cn = (
        rf"(?:[{_CN_START}][{DIGIT_CHARS}{SMALL_CHARS}]*+|零(?=点)"
        r"|(?<=百分之)百(?=[的地得，。；、）)\s,;:!?]|\.(?![0-9])|\Z))"
        rf"(?:点[{DIGIT_CHARS}]++)?+"
    )
    big = rf"[{SMALL_CHARS}]*+[{BIG_CHARS}]++"
    small_after_digit = rf"(?<=[{_ALL_DIGITS}])[{SMALL_CHARS}]++"
    marks = f"[{re.escape(approximate)}]?+" if approximate else ""
    chain = rf"(?:[ ]?+{marks}(?:{big}|{small_after_digit})(?:零*+(?:{arabic}|{cn}))?+)*+"
    skips = [
        r"[0-9]++(?:[/:][0-9]++)++",  # 12/31/2024, 10:30, 1/2
        r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?![0-9])",  # 2024-12-31
        r"[0-9]++(?:-[0-9]++){2,}+",  # phone numbers, 400-820-8888
    ]
    if group != "." and decimal_mark == ".":
        # section 5.2.1, date 2024.12.31 (but 1.234.567 groups thousands)
        skips.append(
            r"(?=[0-9]++\.[0-9]++\.)(?![0-9]{1,3}(?:\.[0-9]{3}){2,}+(?![0-9.]))"
            r"[0-9]++(?:\.[0-9]++){2,}+"
        )
    firsts = _CN_START + "零百"
    starts = re.escape(decimal_mark) + firsts
    return ScanParts(
        group, decimal_mark, clue, cn, chain, tuple(skips), starts, decimal_mark + firsts
    )


def scan_source(parts: ScanParts, *, comma_clues: bool = True) -> str:
    """The pattern of number cores, and of dates, times and codes to skip."""
    first = parts.first("eu", comma_clues=comma_clues)
    return (
        rf"(?=[0-9{parts.starts}])(?<![0-9])(?:(?P<skip>{'|'.join(parts.skips)})"
        rf"|(?:(?P<ar>{first})|(?P<cn>{parts.cn}))(?P<chain>{parts.chain}))"
    )


#: What each comma-clue shape of ``_shapes`` needs somewhere in the text: a comma
#: before one or two digits that no digit follows, or before four digits or more.
COMMA_DECIMAL: Final = re.compile(r",(?:[0-9]{1,2}(?![0-9])|[0-9]{4})")


def _scan_pattern(
    group: str, decimal_mark: str, approximate: str, clue: tuple[str, str] | None
) -> tuple[re.Pattern[str], str]:
    """The compiled scan pattern (``scan_source``), and its source with the comma clues.

    Without a locale (``clue``) the compiled pattern leaves out the comma-clue
    shapes ("12,5 %", "€ 0,75", "29,90"), whose Han ranges and unit words take
    ``re`` ~3 ms to compile; ``scan_pattern`` compiles the whole source the first
    time a text has what they need (``COMMA_DECIMAL``). Otherwise the source is "".
    """
    # The hot pattern runs on the standard library's ``re``: since Python 3.11 it has
    # the same possessive quantifiers and atomic groups (so matching stays linear)
    # and runs this pattern 3-4x faster than ``regex`` does (docs/performance.md).
    parts = scan_parts(group, decimal_mark, approximate, clue)
    if clue is None:
        return re.compile(scan_source(parts)), ""
    return re.compile(scan_source(parts, comma_clues=False)), scan_source(parts)


@functools.cache
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source)


def scan_pattern(grammar: Grammar, norm: str) -> re.Pattern[str]:
    """The scan pattern for ``norm``: the same matches as the whole pattern, on it.

    A text with no ``COMMA_DECIMAL`` gives no comma-clue shape a place to match,
    so the pattern without them (``grammar.scan``) finds exactly what the whole
    one (``grammar.scan_commas``) finds.
    """
    if grammar.scan_commas and "," in norm and COMMA_DECIMAL.search(norm) is not None:
        return _compiled(grammar.scan_commas)
    return grammar.scan


def default_parts(table: UnitTable) -> ScanParts:
    """The scan pattern's pieces for ``table`` with the default separators ("," and ".")."""
    return scan_parts(",", ".", "".join(_chars("approximate_after")), _unit_clue(table))


def _unit_clue(table: UnitTable) -> tuple[str, str]:
    """A unit or currency right after a number (or a symbol before it): "12,5 %", "€ 0,75".

    Symbols (aliases that open with neither a letter nor a digit), ISO codes, the
    scale words of the table ("Mio.", "Mrd", "млрд": ``is_word_scale``) and the
    letter names of the currencies whose languages write a decimal comma
    ("299,99 Kč", "12,50 zł", "1.299,90 TL": ``number.comma_decimal_currencies``).
    """
    after = sorted({a[0] for a in table.suffixes if not a[0].isalnum()})
    before = sorted({a for a in table.prefix_currencies if len(a) == 1 and not a.isalnum()})
    comma_currencies = frozenset(_words("comma_decimal_currencies"))
    names = {
        a
        for a, spec in table.suffixes.items()
        if spec.kind == "currency"
        and spec.dimension in comma_currencies
        and a[0].isalpha()
        and len(a) <= 6
        and not (a.isascii() and a.isupper() and len(a) == 3)  # ISO codes: already clues
    }
    scale_words = (
        a for a in table.scales if is_word_scale(a) and a[0] != "'" and not table.scales[a].tight
    )
    words = sorted({*scale_words, *names}, key=lambda a: (-len(a), a))
    latin = "|".join(re.escape(w) for w in words)
    symbols = re.escape("".join(after))
    prefix = re.escape("".join(before))
    return (
        rf"(?<=[{prefix}])|(?<=[{prefix}][ \u202f])|(?<=[{prefix}]-)|(?<=[A-Z]{{3}})"
        rf"|(?<=[A-Z]{{3}}[ \u202f])|(?<=[A-Z]{{3}}-)",
        rf"(?=[ \u202f]?+(?:[{symbols}]|[A-Z]{{3}}(?![A-Za-z])|(?i:{latin})(?![A-Za-z])))",
    )


def _table_gap(table: UnitTable) -> re.Pattern[str]:
    """The compiled ``table_gap_source`` (the default table's from its stored code)."""
    return re.compile(table_gap_source(table))


def table_gap_source(table: UnitTable) -> str:
    """A "|" or tab, or a gap of two or more spaces between a number and an amount cell.

    An amount cell opens with a digit, a sign, a bracket or a currency symbol of
    the table ("$", "¥", "€", "£", …: the first character of each prefix alias
    that is neither a letter nor a digit).
    """
    symbols = sorted({alias[0] for alias in table.prefix_currencies if not alias[0].isalnum()})
    opening = re.escape("".join(symbols))
    return rf"[|\t]|[0-9)%][ \u202f]{{2,}}+[-(0-9{opening}]"


@functools.cache
def _words(key: str) -> tuple[str, ...]:
    return vocabulary("reading").words(f"number.{key}")


@functools.cache
def _chars(key: str) -> tuple[str, ...]:
    """The ``[number]`` words under ``key``, which the reader compares one character at a time."""
    words = _words(key)
    for word in words:
        if len(word) != 1:
            raise DataFileError(
                f"fincalc/_data/reading.toml: [number.{key}] {word!r} must be one character",
                entry=f"number.{key}",
                source="fincalc/_data/reading.toml",
            )
    return words


@functools.cache
def _minor_initials() -> frozenset[str]:
    """The characters that open a 角/分 tail or the colloquial 块 (``[minor]``, reading.toml)."""
    words = vocabulary("reading")
    return frozenset(w[0] for key in ("jiao", "colloquial") for w in words.words(f"minor.{key}"))


def _symbol_prefixes(prefixes: Iterable[str]) -> frozenset[str]:
    """The letters that open a prefix alias ending in a symbol: "us" of "US$", "c" of "C$"."""
    # (one compiled pattern for the ~550 aliases: ``re.fullmatch`` would look it up each time)
    fullmatch = re.compile(SYMBOL_PREFIX).fullmatch
    return frozenset(
        found.group(1).casefold() for alias in prefixes if (found := fullmatch(alias)) is not None
    )


#: The letters of a prefix alias that ends in a symbol ("US$", "C$"), and the symbol.
SYMBOL_PREFIX: Final = r"([A-Za-z]{1,4})[^A-Za-z0-9. ]+"


@functools.cache
def _script_symbols() -> frozenset[str]:
    """Symbols whose currency the text's script decides ("¥"; ``script_symbols``)."""
    return frozenset(vocabulary("reading").words("script_symbol.symbols"))


@functools.cache
def _symbol_not_prefix() -> frozenset[str]:
    return frozenset(w.casefold() for w in vocabulary("reading").words("symbol.not_prefix"))


@functools.cache
def _range_initials() -> frozenset[str]:
    """The first characters of the range words (``range_joins``, ``range_marks``,
    ``pair_joins``)."""
    words = vocabulary("reading")
    joins = (
        *words.words("number.range_joins"),
        *words.words("number.range_marks"),
        *words.words("number.pair_joins"),
    )
    return frozenset(ch for w in joins for ch in {w[0], w[0].upper(), w[0].lower()})


def is_tight(alias: str) -> bool:
    """Short Latin markers (Q3, H1, FY24, 1st, 2024E, .SH) must touch the number."""
    return is_latin(alias) and (len(alias) <= 2 or alias[0] in ".-")


def is_word_scale(alias: str) -> bool:
    """A scale read as a word after the number ("million", "'000", "Mio.", 억, 조), not
    one of the Han place characters the numeral grammar composes (万, 亿, 百万: ``SCALE_CHARS``).
    """
    return not all(ch in SCALE_CHARS for ch in alias)


def _alias_maps(
    table: UnitTable, symbols: tuple[tuple[str, str, bool, bool], ...]
) -> dict[str, Mapping[str, Any]]:
    """The aliases of each of the grammar's alias indexes, by the grammar's field name."""
    latin_scales = {alias: spec for alias, spec in table.scales.items() if is_word_scale(alias)}
    prefixes, suffixes = table.prefix_currencies, table.suffixes
    if symbols:  # the locale's own currency symbols: "$" is CAD in en_CA, "¥" JPY in ja
        prefixes = {**prefixes, **{alias_key(s): code for s, code, p, _ in symbols if p}}
        suffixes = {
            **suffixes,
            **{alias_key(s): _currency_spec(code) for s, code, _, f in symbols if f},
        }
    return {
        "currencies": prefixes,
        "qualifiers_before": table.qualifiers_before,
        "qualifiers_after": table.qualifiers_after,
        "scales": latin_scales,
        "units": suffixes,
        "han_scale_index": {
            alias: spec for alias, spec in table.scales.items() if alias not in latin_scales
        },
        "not_before": {a: is_tight(a) for a in table.not_amount_prefixes},
        "not_after": {a: is_tight(a) for a in table.not_amount_suffixes},
        "currency_words": table.currency_words,
        "percent_before": dict.fromkeys(_words("percent_before"), True),
        "negative_before": dict.fromkeys(_words("negative_before"), True),
    }


def build_grammar(table: UnitTable) -> Grammar:
    """The grammar of ``table`` with the default separators, its indexes built (never restored).

    ``prebuild`` stores its alias indexes (``grammar_state``); tests compare it with
    the grammar ``grammar_for`` restores from them.
    """
    return _build(table, ",", ".")


def grammar_state(grammar: Grammar) -> dict[str, Any]:
    """The alias indexes of ``grammar`` as JSON-ready data, for the prebuilt artefact.

    ``grammar_for`` restores the default table's default grammar from it
    instead of building the indexes (``AliasIndex.state``).
    """
    rows: Rows = {}
    indexes = {name: getattr(grammar, name).state(rows) for name in ALIAS_FIELDS}
    return {"rows": rows_state(rows), "indexes": indexes}


#: The grammar's alias indexes, by field name.
ALIAS_FIELDS: Final = (
    "currencies",
    "qualifiers_before",
    "qualifiers_after",
    "scales",
    "units",
    "han_scale_index",
    "not_before",
    "not_after",
    "currency_words",
    "percent_before",
    "negative_before",
)


def _ambiguous_scales(table: UnitTable) -> tuple[frozenset[str], frozenset[str]]:
    """The ``ambiguous_scales`` words ``table`` does not define (casefolded), and their initials."""
    words = frozenset(
        w.casefold() for w in _words("ambiguous_scales") if w.casefold() not in table.scales
    )
    return words, frozenset(w[0] for w in words) | frozenset(w[0].upper() for w in words)


def _build(
    table: UnitTable,
    group: str,
    decimal_mark: str,
    symbols: tuple[tuple[str, str, bool, bool], ...] = (),
    by_locale: bool = False,
    prebuilt: Mapping[str, Any] | None = None,
) -> Grammar:
    approximate = _chars("approximate_after")
    removals = tuple(sorted({group, ",", "'", "\u202f", " "} - {decimal_mark}))
    initials = {alias[0] for alias in table.suffixes} | {a[0].upper() for a in table.suffixes}
    initials |= {" ", "\u202f", ")", *approximate, *SCALE_CHARS, *_minor_initials()}
    maps = _alias_maps(table, symbols)
    if prebuilt is None:
        indexes = {name: AliasIndex(aliases) for name, aliases in maps.items()}
    else:
        rows, states = restored_rows(prebuilt["rows"]), prebuilt["indexes"]
        indexes = {
            name: AliasIndex.restored(aliases, states[name], rows) for name, aliases in maps.items()
        }
    currencies = indexes["currencies"]
    qualifiers_before = indexes["qualifiers_before"]
    qualifiers_after = indexes["qualifiers_after"]
    scales = indexes["scales"]
    units = indexes["units"]
    not_before = indexes["not_before"]
    not_after = indexes["not_after"]
    currency_words = indexes["currency_words"]
    percent_before = indexes["percent_before"]
    negative_before = indexes["negative_before"]
    symbol_prefixes = _symbol_prefixes(maps["currencies"])
    ambiguous, ambiguous_initials = _ambiguous_scales(table)
    clue = _unit_clue(table) if (group, decimal_mark) == (",", ".") else None
    scan, scan_commas = _scan_pattern(group, decimal_mark, "".join(approximate), clue)
    return Grammar(
        scan=scan,
        scan_commas=scan_commas,
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
        han_scale_index=indexes["han_scale_index"],
        not_before=not_before,
        not_after=not_after,
        currency_words=currency_words,
        currency_name_initials=frozenset(name[0] for name in table.currency_names),
        iso_codes=table.iso_codes,
        percent_before=percent_before,
        negative_before=negative_before,
        approximate=approximate,
        range_marks=frozenset(_words("range_marks")),
        symbol_prefixes=symbol_prefixes,
        symbol_prefix_tails=frozenset(w[-2:] for w in symbol_prefixes if len(w) > 1),
        symbol_not_prefix=_symbol_not_prefix(),
        script_symbols=frozenset() if by_locale else _script_symbols(),
        unknown_scales=frozenset(ch for ch in _chars("unknown_scales") if ch not in table.scales),
        ambiguous_scales=ambiguous,
        ambiguous_initials=ambiguous_initials,
        table_gap=_table_gap(table),
        marks_after=frozenset([")", *approximate]),
        minor_initials=_minor_initials(),
        tail_starts=frozenset("0123456789" + DIGIT_CHARS),
        range_initials=_range_initials(),
        marks_before=frozenset("-+(") | percent_before.last_chars | negative_before.last_chars,
        sign_ends=frozenset("-+") | negative_before.last_chars,
        currency_ends=currencies.last_chars | UPPER | SPACES,
        # the end of a currency (known or not), an ISO code or a qualifier before the
        # number (and its spaces)
        # (and after spaces, what ends a sign or bracket: "( 1,234 )", "%\xa012")
        before_trigger=currencies.last_chars
        | currency_words.last_chars
        | qualifiers_before.last_chars
        | UPPER
        | frozenset("-+(")
        | percent_before.last_chars
        | negative_before.last_chars,
        # the start of a scale, unit, ISO code or qualifier after the number (and its
        # spaces), a ")" after spaces, or a line break before a wrapped scale
        after_trigger=scales.first_chars
        | units.first_chars
        | qualifiers_after.first_chars
        | UPPER
        | frozenset(")\n\r"),
        # a not-an-amount prefix, or the "." ":" "、" "," of "Note 5.12", "附注五、12"
        not_before_trigger=not_before.last_chars | frozenset(".:、,"),
        marker_before=not_before.last_chars | frozenset(".:、, "),
        marker_after=not_after.first_chars | frozenset(" "),
        locale_group=group if by_locale else None,
    )


_DEFAULT_KEY: Final = ("grammar", ",", ".")


def grammar_for(table: UnitTable, locale: str | None) -> Grammar:
    """The grammar of ``table`` with the separators of ``locale`` ("," and "." when None)."""
    key: tuple[object, ...]
    symbols: tuple[tuple[str, str, bool, bool], ...] = ()
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
        symbols = _locale_symbols(locale, table)
        key = ("grammar", group, decimal_mark, symbols)
    grammar: Grammar | None = table._cache.get(key)
    if grammar is None:
        # the default table read from the prebuilt artefact carries its default
        # grammar's alias indexes (``default_table``); any other table builds them
        prebuilt = table._cache.get(PREBUILT_GRAMMAR) if key == _DEFAULT_KEY else None
        grammar = _build(table, group, decimal_mark, symbols, locale is not None, prebuilt)
        table._cache[key] = grammar
    return grammar


def _currency_spec(code: str) -> SuffixSpec:
    return SuffixSpec("currency", code, code, Decimal(1), True, False, False, "")


def _locale_symbols(locale: str, table: UnitTable) -> tuple[tuple[str, str, bool, bool], ...]:
    """The currency symbols ``locale`` gives a currency other than the table's reading.

    With ``locale=``, a symbol the locale uses for exactly one currency reads as
    that currency ("$" in en_CA is CAD, "¥" in ja is JPY, "$" in zh_Hant_TW is
    TWD); without it, the table's rule applies ("$" is USD, "¥" CNY).
    """
    cached: tuple[tuple[str, str, bool, bool], ...] | None = table._cache.get(("symbols", locale))
    if cached is not None:
        return cached
    owners: dict[str, set[str]] = {}
    for code, symbol in _currency_symbols(locale):
        owners.setdefault(fold_characters(symbol).strip(), set()).add(code)
    found = []
    for symbol, codes in sorted(owners.items()):
        if len(codes) != 1 or not symbol or symbol[0].isdigit() or symbol[0] in "+-.,(":
            continue
        (code,) = codes
        if code not in table.iso_codes:
            continue
        key = alias_key(symbol)
        prefix, spec = table.prefix_currencies.get(key), table.suffixes.get(key)
        as_prefix = prefix != code  # "元" before the number in ja, "$" as CAD in en_CA
        as_suffix = spec is None or (spec.kind == "currency" and spec.dimension != code)
        if as_prefix or as_suffix:
            found.append((symbol, code, as_prefix, as_suffix))  # "$ US" in fr_CA
    result = tuple(found)
    table._cache[("symbols", locale)] = result
    return result


@functools.lru_cache(maxsize=64)
def _currency_symbols(locale: str) -> tuple[tuple[str, str], ...]:
    """(code, symbol) of every currency ``locale`` writes with a symbol (Babel, imported here)."""
    from babel import Locale

    try:
        symbols = Locale.parse(locale).currency_symbols
    except Exception as exc:  # babel raises UnknownLocaleError (an Exception) and ValueError
        raise InvalidInputError(
            f"locale: {locale!r} is not a locale Babel knows; use a name such as 'de_DE'",
            argument="locale",
            value=locale,
        ) from exc
    return tuple(
        (code, "".join(ch for ch in symbol if unicodedata.category(ch) != "Cf"))
        for code, symbol in symbols.items()
    )


def locale_scales(
    locale: str, *, exact: bool = False, before: bool = False
) -> dict[str, frozenset[int]]:
    """The scale words of ``locale``'s CLDR compact decimal formats and their powers of ten.

    Short and long formats, every plural form; each word (or phrase: "mil M")
    without a final point, before or after the digits, case-folded ("bn": {12}
    in sv, {9} in en), or with ``exact`` as CLDR writes it ("Billion" in de,
    never "billion"); with ``before``, the words written before the digits
    ("elfu" in sw: {3}), case-folded.
    """
    return _compact_words(locale)[2 if before else 1 if exact else 0]


@functools.lru_cache(maxsize=64)
def _compact_words(
    locale: str,
) -> tuple[dict[str, frozenset[int]], ...]:
    """``locale_scales`` of ``locale``: the case-folded words, the words as written, and
    the words written before the digits."""
    try:
        from babel import Locale

        data = Locale.parse(locale).compact_decimal_formats
    except Exception as exc:  # babel raises UnknownLocaleError (an Exception) and ValueError
        raise InvalidInputError(
            f"locale: {locale!r} is not a locale Babel knows; use a name such as 'de_DE'",
            argument="locale",
            value=locale,
        ) from exc
    words: dict[str, set[int]] = {}
    exact: dict[str, set[int]] = {}
    before: dict[str, set[int]] = {}
    for width in ("short", "long"):
        for forms in (data.get(width) or {}).values():
            for magnitude, pattern in forms.items():
                text = str(getattr(pattern, "pattern", pattern)).split(";")[0].replace("'", "")
                zeros = re.search("0+", text)  # (once per locale: the re cache)
                if zeros is None:
                    continue
                exponent = len(str(magnitude)) - len(zeros.group())
                for part, maps in (
                    (text[: zeros.start()], (words, exact, before)),
                    (text[zeros.end() :], (words, exact)),
                ):
                    word = " ".join(fold_characters(part).replace("\u202f", " ").split())
                    if word and any(ch.isalpha() for ch in word):
                        for i, found in enumerate(maps):
                            key = word.rstrip(".") if i == 1 else word.casefold().rstrip(".")
                            found.setdefault(key, set()).add(exponent)
    return tuple(
        {word: frozenset(exponents) for word, exponents in found.items()}
        for found in (words, exact, before)
    )


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
        group = "," if group in ("\u060c", "\u2e41") else group  # as fold_characters groups
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

"""The generated scanner's pattern: the scan pattern, the units around a number, and guards.

``fast_pattern_source`` writes one regular expression from the unit table and the
reading vocabulary.  It is the scan pattern of ``grammar`` (dates and codes to
skip, number cores) with two more kinds of match:

* more skips: a number right before a period word (2023年, 12月, 5 years, 1st,
  600519.SH) with no unit there, and a lone Chinese digit used as a word (第三季度,
  一方面): the reader drops both without reading anything else;
* ``f``, an amount in the common shapes, found whole in one C-level pass: an
  optional minus and currency before the number ("-US$", "人民币", "RMB "), the
  number and its Han scale (the scan pattern's own number and chain, so the
  core is the one the reader would find), then an optional Latin scale and an
  optional currency or unit ("8.7亿元", "$1.2 billion", "5.2%", "3 million
  shares").  Guards around it (look-behinds and look-aheads built from the same
  alias sets the reader probes) let it match only where the reader would read
  nothing more: no bracket, sign, qualifier, reference word, second currency,
  range, minor unit or unknown currency word next to it.  The reader checks the
  word before it with one probe (``scanner``) and takes every other case, so a
  match of ``f`` reads exactly as the reader would read its core.

The pattern opens with the class of the characters a match can start with and
runs its body as a look-ahead from there (group ``all``), so that ``re`` skips to
those characters in C; inside a look-behind no group may be referred to, so the
body has no conditional groups.

Aliases are written as tries whose characters match as the reader's
``AliasIndex`` does: each cased character as the class of the characters that
case-fold to it, a Latin alias only as a whole word.  Nothing here names a
unit: everything comes from the table and the vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .grammar import ScanParts

__all__ = ["AliasFlags", "FastWords", "alias_flags", "char_class", "fast_pattern_source", "trie"]

#: A Latin word boundary as ``AliasIndex`` checks it: an ASCII letter.
_LETTER = "[A-Za-z]"


def char_class(ch: str, folds: Mapping[str, tuple[str, ...]]) -> str:
    """The characters that match ``ch`` (a case-folded character) in an alias.

    >>> char_class("k", {"k": ("K", "\\u212a")}), char_class("亿", {})
    ('[kK\\u212a]', '亿')
    """
    chars = [ch, *folds.get(ch, ())]
    if len(chars) == 1:
        return re.escape(ch)
    body = "".join(re.escape(c) if c in "\\]^-[" else c for c in chars)
    return f"[{body}]"


#: An alias's key (as ``AliasIndex`` folds it) and whether it opens and ends with
#: an ASCII letter (a Latin word boundary applies on that side).
AliasFlags = dict[str, tuple[bool, bool]]


def alias_flags(aliases: Iterable[str], *, case_sensitive: bool = False) -> AliasFlags:
    """Every alias as ``AliasIndex`` keys it, with its Latin edges (the last alias wins)."""
    flags: AliasFlags = {}
    for alias in aliases:
        key = alias if case_sensitive else alias.casefold()
        flags[key] = (
            alias[0].isascii() and alias[0].isalpha(),
            alias[-1].isascii() and alias[-1].isalpha(),
        )
    return flags


def trie(
    flags: AliasFlags,
    folds: Mapping[str, tuple[str, ...]],
    *,
    case_sensitive: bool = False,
    end_boundary: bool = True,
) -> str:
    """An alternation of the aliases as a trie: the longest alias with its boundary wins.

    Each node tries its longer continuations first, so the match is the alias
    ``AliasIndex.starting_at`` returns; an alias ending in an ASCII letter
    matches only when no letter follows (with ``end_boundary``).  An empty set
    never matches.  The first character of each alternative is written as a
    literal (one alternative per character that folds to it) and the
    alternatives are grouped by script, so that ``re`` rejects all but a few of
    them with one comparison each.

    >>> trie(alias_flags(["bn", "b", "元"]), {})
    '(?:元|b(?:n(?![A-Za-z])|(?![A-Za-z])))'
    """
    root: dict[str, Any] = {}
    rank: dict[int, int] = {}  # node -> the rank of its first alias in ``flags``
    for order, (key, (_, ends_latin)) in enumerate(flags.items()):
        node = root
        for ch in key:
            node = node.setdefault(ch, {})
            rank.setdefault(id(node), order)
        node[""] = ends_latin and end_boundary
    if not root:
        return "(?!)"
    no_folds: Mapping[str, tuple[str, ...]] = {}
    classes = no_folds if case_sensitive else folds

    def ordered(node: dict[str, Any]) -> list[tuple[str, Any]]:
        # (the aliases listed first, the common ones, are tried first)
        return sorted(
            ((ch, child) for ch, child in node.items() if ch), key=lambda c: rank[id(c[1])]
        )

    def emit(node: dict[str, Any]) -> str:
        alternatives = [char_class(ch, classes) + emit(child) for ch, child in ordered(node)]
        if "" in node:
            alternatives.append(f"(?!{_LETTER})" if node[""] else "")
        if len(alternatives) == 1:
            return alternatives[0]
        return "(?:" + "|".join(alternatives) + ")"

    groups: dict[str, list[tuple[str, str]]] = {"han": [], "latin": [], "other": []}
    for ch, child in ordered(root):
        rest = emit(child)
        for variant in sorted({ch, *classes.get(ch, ())}):
            script = "han" if "\u4e00" <= variant <= "\u9fff" else "other"
            if variant.isascii() and variant.isalpha():
                script = "latin"
            groups[script].append((variant, rest))
    parts = []
    for alternatives in groups.values():
        written = [re.escape(variant) + rest for variant, rest in alternatives]
        if len(written) > _SPLIT:
            firsts = _chars(variant for variant, _ in alternatives)
            parts.append(f"(?={firsts})(?:{'|'.join(written)})")
        else:
            parts.extend(written)
    return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"


#: Alternatives of one script beyond this many sit behind a look-ahead of their first
#: characters, so that a character of another script skips them with one test.
_SPLIT = 12


def _chars(chars: Iterable[str]) -> str:
    """A character class of ``chars`` (never empty: an empty set matches nothing)."""
    body = "".join(sorted({re.escape(c) if c in "\\]^-[" else c for c in chars}))
    return f"[{body}]" if body else "(?!)"


@dataclass(frozen=True, slots=True)
class FastWords:
    """The alias sets the generated pattern is written from (keys as ``AliasIndex`` folds them)."""

    scales: AliasFlags  # Latin scale words (the Han ones are part of the core's chain)
    han_scales: AliasFlags
    units: AliasFlags  # every currency or unit written after the number
    qualifiers_after: AliasFlags
    not_after: AliasFlags  # period words: years, months, 1st, .SH
    not_after_loose: AliasFlags  # the period words that count after one space
    not_after_skip: AliasFlags  # ... those that surely do (no tight word starts with one)
    currency_names: AliasFlags  # English currency names the table does not resolve
    currency_words: AliasFlags  # endings of unknown currency words (币, 金) and exceptions
    range_joins: AliasFlags  # "-", "~", 至, 到, "to"
    ambiguous_scales: AliasFlags  # "mil", "cr": refused by the reader
    percent_before: tuple[str, ...]  # 百分之: a lone Chinese digit after it is a number
    word_digits: str  # Chinese digits that are words when alone (一, 三; not 十)
    unit_initials: str  # characters after a lone Chinese digit that make it a number
    marks_after: str  # 多, 余 right after a number
    unknown_scales: str  # 兆, 京, 垓
    jiao: str  # the first characters of 角, 毛 (a one-digit number before them: 5毛钱)
    colloquial: str  # the first characters of 块 (any number before it: 19块9)
    tail_starts: str  # what opens a 角/分 tail after 元
    reject_before: str  # characters right before the amount that send it to the reader
    reject_spaced: str  # ... and those one space before it


def _period_skip(words: FastWords, folds: Mapping[str, tuple[str, ...]]) -> str:
    """A number whose period word (2023年, 5 years) makes the reader drop it, unit or not."""
    glued = trie(words.not_after, folds)
    loose = trie(words.not_after_skip, folds)
    # (a unit that starts where a period word starts begins with the same character:
    # only those units are written here, 299 of 1,065 with the bundled table)
    initials = {key[0] for key in (*words.not_after, *words.not_after_skip)}
    units = trie({k: v for k, v in words.units.items() if k[0] in initials}, folds)
    firsts = _first_chars(words.not_after, folds)
    loose_firsts = _first_chars(words.not_after_skip, folds)
    # The number must be the digits the scan pattern would find: nothing that extends
    # it (a separator, an exponent) may follow, and the period word supplies the rest.
    # (one copy of the unit trie: the glued word, or one space and a loose one, then
    # no unit where the period word starts)
    return (
        rf"[0-9]++(?={firsts}|[ ]{loose_firsts})(?![,.'\u202f]|[eE][+-][0-9])"
        rf"(?=(?:(?={glued})|[ ](?={loose}))(?!{units}))"
    )


def _first_chars(flags: AliasFlags, folds: Mapping[str, tuple[str, ...]]) -> str:
    """A class of the characters the aliases can start with."""
    firsts = {key[0] for key in flags}
    return _chars(firsts | {c for k in firsts for c in folds.get(k, ())})


def _word_digit_skip(words: FastWords) -> str:
    """A lone Chinese digit with no unit after it nor 百分之 before it: a word (三家公司)."""
    behind = "".join(f"(?<!{re.escape(w)}.)" for w in words.percent_before)
    followers = words.unit_initials + words.word_digits + "零〇点十拾百佰千仟"
    return f"{_chars(words.word_digits)}{behind}(?!{_chars(followers)})"


def _union(*sets: AliasFlags) -> AliasFlags:
    """Aliases of several sets in one (a boundary only where every set has it)."""
    union: AliasFlags = {}
    for flags in sets:
        for key, (starts, ends) in flags.items():
            old = union.get(key)
            union[key] = (starts, ends) if old is None else (old[0] and starts, old[1] and ends)
    return union


def fast_pattern_source(
    parts: ScanParts, words: FastWords, folds: Mapping[str, tuple[str, ...]]
) -> str:
    """The generated scanner's pattern (see the module docstring for its groups)."""
    units = trie(words.units, folds)
    scales = trie(words.scales, folds)
    unit_or_code = rf"{units}|[A-Z]{{3}}(?!{_LETTER})"
    # What the reader would read after the amount and the pattern did not: a minus or
    # a digit, more spaces (the reader steps over them), a qualifier, a range, a
    # currency name, an unknown currency word, a bracket, 兆, 角.  (A unit or scale
    # right there was read, or tried.)  Any of them sends the amount to the reader.
    words_after = _union(
        words.qualifiers_after, words.range_joins, words.currency_names, words.ambiguous_scales
    )
    common = (
        rf"[-0-9]|[ \u202f]{{2}}|\u202f|[,.][-\u2013\u2014]|[ ]?+(?:"
        rf"{trie(words_after, folds)}"
        rf"|[\u4e00-\u9fff]{{0,3}}{trie(words.currency_words, folds, end_boundary=False)}"
        rf"|{_chars(')' + words.unknown_scales)})"
    )
    # After a unit: another unit or scale, a number (which the unit may open),
    # capitals ("$ US"), a 角 tail after 元.
    after_unit = (
        rf"(?!{common}|[ ]?+(?:{units}|{scales}|[A-Z]{{3}}(?!{_LETTER})"
        rf"|[-+(]?+[0-9]|{_chars(words.tail_starts)})|[ ][A-Z]{{2}})"
    )
    # After a bare number or Han scale: a letter (3G) or a scale on the next line.
    scales_or_han = trie(_union(words.scales, words.han_scales), folds)
    # (a 角 or 毛 glued to a one-digit number, 5毛钱, or perhaps one: the number is
    # "5" unless two digits end it; 块 glued to any number: 19块9, 3块5毛)
    minor = rf"(?<=[0-9])(?:{_chars(words.colloquial)}|(?<![0-9]{{2}}){_chars(words.jiao)})"
    # (what a bare number forbids besides ``common``; after a Latin scale ending in a
    # letter only ``common`` counts, see below)
    bare_extra = (
        rf"(?!{_LETTER}|{minor}"
        rf"|[ ]?+(?:\r\n|[\r\n])[ \u202f]{{0,8}}+{scales_or_han})"
    )
    fast = (
        rf"(?<!{_chars(words.reject_before)})(?<!{_chars(words.reject_spaced)}[ ])"
        # (".-5": no sign, as "5.-3" has none; a date after the sign is skipped)
        rf"(?P<fsign>(?<!\.)-(?=[0-9.])(?!{'|'.join(parts.skips)}))?+"
        # (only the common shapes: digits, a decimal part, comma groups; the reader
        # takes the others, OCR spaces, apostrophes, decimal commas, exponents)
        rf"(?P<fnum>{parts.quick()})(?P<fchain>{parts.chain})"
        rf"(?!{_chars(words.marks_after)})"
        rf"(?!{trie(words.not_after, folds)}|[ ]{trie(words.not_after_loose, folds)})"
        # A Latin scale, then a unit and what may follow a unit; or no unit, and what
        # may follow a scale or a bare number.  (No conditional group: the pattern
        # runs inside a look-behind, see below.  Where the scale matched, the
        # character before is the scale's last, a letter unless it is "'000" or
        # "mio."; where it did not, it is the number's last, never a letter: so a
        # letter there means "a scale", and anything else gets the bare number's
        # checks too, which for "'000" only sends more amounts to the reader.)
        rf"(?>(?P<fs1>[ ]?+)(?P<fscale>{scales}))?+"
        rf"(?:(?>(?P<fs2>[ ]?+)(?P<funit>{unit_or_code})){after_unit}"
        rf"|(?![ ]?+(?:{unit_or_code}))(?!{common})(?:(?<={_LETTER})|{bare_extra}))"
    )
    # Dates, times and codes all have a separator after their first digits.
    old_skips = rf"(?=[0-9]++[/:.\-])(?:{'|'.join(parts.skips)})"
    skips = [old_skips, _period_skip(words, folds), _word_digit_skip(words)]
    starts = _chars(set("0123456789-") | set(parts.start_chars))
    body = (
        rf"(?<![0-9])(?:(?P<skip>{'|'.join(skips)})|(?P<f>{fast})"
        rf"|(?:(?P<ar>{parts.first('eu')})|(?P<cn>{parts.cn}))(?P<chain>{parts.chain}))"
    )
    # The pattern opens with the class of the characters a match can start with, so
    # that ``re`` skips in C to the next of them (a pattern that opens with a
    # look-around gets no such skip and runs its start at every position); the
    # match itself is a look-ahead from that character, whose extent is the group
    # ``all`` (the pattern's own match is that one character).
    return rf"{starts}(?<=(?=(?P<all>{body})).)"

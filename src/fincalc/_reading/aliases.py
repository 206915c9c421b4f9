"""Aliases as the reader matches them: Latin or not, by dictionary probe or by pattern.

An alias with an ASCII letter ("million", "USD", "pp") matches case-insensitively
and at word boundaries; every other alias (¥, 亿, 个百分点) matches exactly.
``AliasIndex`` finds the longest alias next to a position with a few dictionary
look-ups (the parser's hot path); ``alias_alternation`` writes the same rule as a
regular-expression alternation for the declaration patterns.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from .._base.prebuilt import prebuilt_casefolds

__all__ = [
    "CASED_LIMIT",
    "AliasIndex",
    "Lengths",
    "Rows",
    "alias_alternation",
    "alias_key",
    "casefold_sources",
    "compute_casefold_sources",
    "is_latin",
    "restored_rows",
    "rows_state",
]

_LATIN: Final = re.compile(r"[A-Za-z]")


def is_latin(alias: str) -> bool:
    """True when ``alias`` contains an ASCII letter (it then matches case-insensitively)."""
    return _LATIN.search(alias) is not None


def alias_key(alias: str) -> str:
    """The look-up key of an alias or of matched text: case-folded if Latin, else as is."""
    return alias.casefold() if is_latin(alias) else alias


class AliasIndex:
    """Find the longest alias that starts (or ends) at a position, by dictionary look-ups.

    Faster than a regex alternation of hundreds of aliases: only the lengths of
    aliases that begin (end) with the character at hand are tried, longest first.
    Latin aliases match case-insensitively and only at word boundaries.

    >>> index = AliasIndex({"亿元": 1, "元": 2, "million": 3})
    >>> index.starting_at("8.7亿元", 3), index.starting_at("5 Million!", 2)
    ((5, 1), (9, 3))
    >>> index.ending_at("约人民币", 4) is None
    True
    """

    __slots__ = ("_by_first", "_by_last", "_values", "case_sensitive", "first_chars", "last_chars")

    def __init__(self, aliases: Mapping[str, Any], *, case_sensitive: bool = False) -> None:
        self.case_sensitive = case_sensitive
        self._values: dict[str, tuple[Any, bool, bool]] = _entries(aliases, case_sensitive)
        first: dict[str, set[int]] = {}
        last: dict[str, set[int]] = {}
        # (first char, length) -> the last chars of aliases so (and the reverse): a probe
        # skips a length with one set look-up when the character there cannot end one
        ends: dict[tuple[str, int], set[str]] = {}
        starts: dict[tuple[str, int], set[str]] = {}
        for key in self._values:
            first.setdefault(key[0], set()).add(len(key))
            last.setdefault(key[-1], set()).add(len(key))
            ends.setdefault((key[0], len(key)), set()).add(key[-1])
            starts.setdefault((key[-1], len(key)), set()).add(key[0])
        by_first = {
            ch: tuple(
                (n, _preimages(ends[ch, n], case_sensitive=case_sensitive))
                for n in sorted(lengths, reverse=True)
            )
            for ch, lengths in first.items()
        }
        by_last = {
            ch: tuple(
                (n, _preimages(starts[ch, n], case_sensitive=case_sensitive))
                for n in sorted(lengths, reverse=True)
            )
            for ch, lengths in last.items()
        }
        #: Every character an alias can start (end) with as matched: a character
        #: outside ``first_chars`` at ``start`` means ``starting_at`` finds nothing,
        #: so callers can skip the probe with one set look-up.
        self.first_chars: frozenset[str] = _preimages(first, case_sensitive=case_sensitive)
        self.last_chars: frozenset[str] = _preimages(last, case_sensitive=case_sensitive)
        # The candidate lengths by the character as written (every character that
        # folds to a first or last character of an alias), longest first.
        self._by_first = {ch: by_first[_fold(ch, case_sensitive)] for ch in self.first_chars}
        self._by_last = {ch: by_last[_fold(ch, case_sensitive)] for ch in self.last_chars}

    def state(self, rows: Rows) -> dict[str, Any]:
        """The probe tables as JSON-ready data (``restored`` reads them back).

        Each character's list of (length, characters) rows is stored once in
        ``rows``, which several indexes may share (``rows_state`` writes it), and
        named by its position.  The values are not part of it: ``restored`` takes
        them from the same aliases.

        >>> rows: Rows = {}
        >>> AliasIndex({"亿元": 1, "元": 2}).state(rows)["by_first"]
        {'亿': 0, '元': 1}
        >>> rows_state(rows)[0]  # after 亿: an alias of 2 characters ending in 元
        [[2, '元']]
        """
        return {
            "case_sensitive": self.case_sensitive,
            "first_chars": "".join(sorted(self.first_chars)),
            "last_chars": "".join(sorted(self.last_chars)),
            "by_first": _table_state(self._by_first, self.case_sensitive, rows),
            "by_last": _table_state(self._by_last, self.case_sensitive, rows),
        }

    @classmethod
    def restored(
        cls, aliases: Mapping[str, Any], state: Mapping[str, Any], rows: Sequence[Lengths]
    ) -> AliasIndex:
        """The index of ``aliases`` whose probe tables ``state()`` wrote (none rebuilt).

        ``rows`` are the rows ``restored_rows`` read back from ``rows_state``.

        >>> aliases, rows = {"亿元": 1, "元": 2, "million": 3}, {}
        >>> state = AliasIndex(aliases).state(rows)
        >>> index = AliasIndex.restored(aliases, state, restored_rows(rows_state(rows)))
        >>> index.starting_at("8.7亿元", 3), index.starting_at("5 MILLION", 2)
        ((5, 1), (9, 3))
        """
        index = object.__new__(cls)
        sensitive: bool = state["case_sensitive"]
        index.case_sensitive = sensitive
        index._values = _entries(aliases, sensitive)
        index.first_chars = frozenset(state["first_chars"])
        index.last_chars = frozenset(state["last_chars"])
        by_first, by_last = state["by_first"], state["by_last"]
        index._by_first = {ch: rows[by_first[_fold(ch, sensitive)]] for ch in index.first_chars}
        index._by_last = {ch: rows[by_last[_fold(ch, sensitive)]] for ch in index.last_chars}
        return index

    def value_of(self, written: str) -> Any:
        """The value of the alias ``written`` (as matched in a text), or None.

        >>> AliasIndex({"亿元": 1, "million": 3}).value_of("Million")
        3
        """
        found = self._values.get(written if self.case_sensitive else written.casefold())
        return None if found is None else found[0]

    def starting_at(self, text: str, start: int) -> tuple[int, Any] | None:
        """Return ``(end, value)`` of the longest alias at ``text[start:]``, or None."""
        size = len(text)
        if start >= size:
            return None
        lengths = self._by_first.get(text[start])
        if lengths is None:
            return None
        values = self._values
        sensitive = self.case_sensitive
        for length, ends in lengths:
            end = start + length
            if end > size or text[end - 1] not in ends:
                continue
            piece = text[start:end]
            found = values.get(piece if sensitive else piece.casefold())
            if found is None:
                continue
            if found[2] and end < size and text[end].isascii() and text[end].isalpha():
                continue  # "m" in "5mo"
            return end, found[0]
        return None

    def ending_at(self, text: str, end: int) -> tuple[int, Any] | None:
        """Return ``(start, value)`` of the longest alias ending at ``end``, or None."""
        if end <= 0:
            return None
        lengths = self._by_last.get(text[end - 1])
        if lengths is None:
            return None
        values = self._values
        sensitive = self.case_sensitive
        for length, starts in lengths:
            start = end - length
            if start < 0 or text[start] not in starts:
                continue
            piece = text[start:end]
            found = values.get(piece if sensitive else piece.casefold())
            if found is None:
                continue
            if found[1] and start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
                continue  # "RMB" in "xRMB"
            return start, found[0]
        return None


def _fold(ch: str, case_sensitive: bool) -> str:
    return ch if case_sensitive else ch.casefold()


def _entries(aliases: Mapping[str, Any], case_sensitive: bool) -> dict[str, tuple[Any, bool, bool]]:
    """Each alias's look-up key -> (value, starts with a Latin letter, ends with one)."""
    values: dict[str, tuple[Any, bool, bool]] = {}
    for alias, value in aliases.items():
        key = alias if case_sensitive else alias.casefold()
        starts_latin = alias[0].isascii() and alias[0].isalpha()
        ends_latin = alias[-1].isascii() and alias[-1].isalpha()
        values[key] = (value, starts_latin, ends_latin)
    return values


#: A character's probe rows: (length, the characters an alias so long can end
#: (start) with), longest first.
Lengths = tuple[tuple[int, frozenset[str]], ...]
#: Distinct probe rows (sets sorted into strings) -> their position (``rows_state``).
Rows = dict[tuple[tuple[int, str], ...], int]


def _table_state(table: dict[str, Lengths], case_sensitive: bool, rows: Rows) -> dict[str, int]:
    """A probe table by folded character (each written form folds to one) -> row position."""
    folded = {_fold(ch, case_sensitive): lengths for ch, lengths in table.items()}
    positions = {}
    for ch in sorted(folded):
        row = tuple((n, "".join(sorted(chars))) for n, chars in folded[ch])
        positions[ch] = rows.setdefault(row, len(rows))
    return positions


def rows_state(rows: Rows) -> list[list[list[Any]]]:
    """The distinct probe rows as JSON-ready data, in the order of their positions."""
    return [[[n, chars] for n, chars in row] for row in sorted(rows, key=rows.__getitem__)]


def restored_rows(state: Sequence[Sequence[Sequence[Any]]]) -> list[Lengths]:
    """The probe rows ``rows_state`` wrote; equal character sets are one object."""
    sets: dict[str, frozenset[str]] = {}
    restored = []
    for row in state:
        lengths = []
        for n, chars in row:
            found = sets.get(chars)
            if found is None:
                found = sets[chars] = frozenset(chars)
            lengths.append((n, found))
        restored.append(tuple(lengths))
    return restored


#: Unicode assigns case only below U+20000 (planes 2 and above hold CJK
#: ideographs and special-purpose code points); tests/test_units.py checks it.
CASED_LIMIT: Final = 0x20000


@functools.cache
def casefold_sources() -> dict[str, tuple[str, ...]]:
    """Map each one-character case fold to the other characters that fold to it ("k": K, K).

    Read from the precomputed artefact when it applies (``_base.prebuilt``), else
    worked out over every cased code point (~15 ms).
    """
    prebuilt = prebuilt_casefolds()
    if prebuilt is not None:
        return prebuilt
    return compute_casefold_sources()


def compute_casefold_sources() -> dict[str, tuple[str, ...]]:
    """``casefold_sources`` worked out from this interpreter's Unicode database."""
    sources: dict[str, list[str]] = {}
    for code in range(CASED_LIMIT):
        ch = chr(code)
        folded = ch.casefold()
        if folded != ch and len(folded) == 1:
            sources.setdefault(folded, []).append(ch)
    return {folded: tuple(chars) for folded, chars in sources.items()}


def _preimages(keys: Iterable[str], *, case_sensitive: bool) -> frozenset[str]:
    """The characters whose case fold is one of ``keys`` (``keys`` themselves if case-sensitive)."""
    chars = set(keys)
    if not case_sensitive:
        sources = casefold_sources()
        for key in list(chars):
            chars.update(sources.get(key, ()))
    return frozenset(chars)


def alias_alternation(aliases: Iterable[str]) -> str:
    """A longest-first alternation of ``aliases`` with the matching rule of ``AliasIndex``.

    Latin aliases match case-insensitively and only as whole words; an empty
    list gives a pattern that never matches.

    >>> alias_alternation(["RMB", "元"])
    '(?:(?<![A-Za-z])(?i:RMB)(?![A-Za-z])|元)'
    """
    parts = []
    for alias in sorted(set(aliases), key=lambda a: (-len(a), a)):
        pattern = re.escape(alias)
        if is_latin(alias):
            pattern = f"(?i:{pattern})"
            if alias[-1].isascii() and alias[-1].isalpha():
                pattern += "(?![A-Za-z])"
            if alias[0].isascii() and alias[0].isalpha():
                pattern = "(?<![A-Za-z])" + pattern
        parts.append(pattern)
    return "(?:" + "|".join(parts) + ")" if parts else "(?!)"

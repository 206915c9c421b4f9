"""Word matching shared by every stage that reads words around an amount.

Prefix trees of word lists (``trie_pattern``, ``WordFinder``), alternations
regrouped for speed, and clause breaks in free text (``clause_start``; the
abbreviations that do not end a sentence are data, ``_data/sentences.toml``).
The grounding stage (sign words around a quoted amount), the growth
operations and the answer checker build their patterns from these.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .._base.vocabulary import alternation, vocabulary
from .._reading.text import broken_decimal_point, in_broken_number

__all__ = [
    "Cue",
    "WordFinder",
    "clause_start",
    "ends_with_word",
    "gap_alternation",
    "is_sentence_end",
    "last_match",
    "stem_alternation",
    "trie_pattern",
    "word_alternation",
]

_SPACE = re.compile(r"\s+")
_EDGED = re.compile(r"[A-Za-z0-9](?:.*[A-Za-z0-9])?", re.DOTALL)
_WORD_CHAR = re.compile(r"[A-Za-z0-9]")
_WORD_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz."


@dataclass(frozen=True, slots=True, order=True)
class Cue:
    """One cue word found: its offsets in the answer, as written, and its lists."""

    start: int
    end: int
    word: str
    kinds: frozenset[str]


def trie_pattern(items: Iterable[str]) -> str:
    """A regular expression matching any of ``items`` literally, factored as a prefix tree.

    Longer words are tried first where one word begins another; one pass
    costs about a third of a plain alternation.

    >>> print(trie_pattern(["so", "sorry", "因此"]))
    (?:so(?:rry)?|因此)
    >>> re.match(trie_pattern(["so", "sorry"]), "sorry").group()
    'sorry'
    """
    root: dict[str, dict[str, object]] = {}
    for item in items:
        node = root
        for ch in item:
            node = node.setdefault(ch, {})  # type: ignore[assignment]
        node[""] = {}

    def build(node: dict[str, dict[str, object]]) -> str:
        branches = [re.escape(ch) + build(child) for ch, child in sorted(node.items()) if ch]  # type: ignore[arg-type]
        if not branches:
            return ""
        if len(branches) == 1 and "" not in node:
            return branches[0]
        return "(?:" + "|".join(branches) + ")" + ("?" if "" in node else "")

    return build(root)


class WordFinder:
    """Words of several lists found in one pass of a prefix tree over the lower-cased text.

    Latin words match as whole words, except those only in ``substring_kinds``.

    >>> finder = WordFinder({"fell": {"down"}, "rose": {"up"}, "下降": {"down"}})
    >>> [(c.word, sorted(c.kinds)) for c in finder.scan("Sales FELL, costs 下降")]
    [('FELL', ['down']), ('下降', ['down'])]
    >>> finder.scan("refell")
    []
    """

    __slots__ = ("_kinds", "_pattern", "_substring")

    def __init__(
        self,
        kinds: Mapping[str, Iterable[str]],
        substring_kinds: frozenset[str] = frozenset(),
    ) -> None:
        self._kinds = {word.lower(): frozenset(k) for word, k in kinds.items()}
        self._pattern = re.compile(trie_pattern(self._kinds)) if self._kinds else None
        self._substring = substring_kinds

    def last(self, text: str) -> Cue | None:
        """The last word found in ``text``, or ``None``."""
        found = self.scan(text)
        return found[-1] if found else None

    def scan(self, text: str) -> list[Cue]:
        """Every word in ``text``, in order (matches do not overlap)."""
        if self._pattern is None:
            return []
        low = text.lower()
        if len(low) != len(text):  # a character whose lower case is longer: keep offsets
            low = "".join(ch.lower()[:1] or ch for ch in text)
        found = []
        substring = self._substring
        for match in self._pattern.finditer(low):
            start, end = match.span()
            kinds = self._kinds[match.group()]
            if not kinds <= substring and not _whole_word(low, start, end):
                kinds = kinds & substring
                if not kinds:
                    continue
            found.append(Cue(start, end, text[start:end], kinds))
        return found


def _whole_word(text: str, start: int, end: int) -> bool:
    """No Latin letter or digit glued to a Latin word's edges ("so" is not in "also")."""
    if (
        text[start].isascii()
        and text[start].isalnum()
        and start > 0
        and _WORD_CHAR.match(text, start - 1)
    ):
        return False
    return not (
        text[end - 1].isascii()
        and text[end - 1].isalnum()
        and end < len(text)
        and _WORD_CHAR.match(text, end)
    )


def word_alternation(items: Iterable[str]) -> str:
    """``alternation(items)`` regrouped for speed: Latin words share one pair of ``\\b``.

    ``alternation`` gives every Latin word its own ``\\b…\\b``, which the
    regex engine tries alternative by alternative at each position; here the
    words with a Latin letter or digit at both edges sit in one
    ``\\b(?:…)\\b`` group, after the others (Chinese words match anywhere).
    The matches are the same as long as no word of one group can match where
    a word of the other does (tests/test_answers.py checks the bundled lists).

    >>> print(word_alternation(["fell", "下降", "fall"]))
    下降|\\b(?:fall|fell)\\b
    """
    given = tuple(items)
    latin = [w for w in given if _EDGED.fullmatch(w)]
    other = [w for w in given if not _EDGED.fullmatch(w)]
    parts = [alternation(other)] if other else []
    if latin:
        parts.append(r"\b(?:" + alternation(latin, boundaries=False) + r")\b")
    return "|".join(parts)


def gap_alternation(phrases: Iterable[str]) -> str:
    """An alternation without word edges where a space matches any run of white space.

    >>> print(gap_alternation(["more than", "约"]))
    more\\s+than|约
    """
    parts = sorted(set(phrases), key=lambda p: (-len(p), p))
    return "|".join(r"\s+".join(re.escape(w) for w in _SPACE.split(p.strip())) for p in parts)


def stem_alternation(stems: Iterable[str]) -> str:
    """An alternation of word starts: each stem also matches the longer words it begins.

    >>> re.search(stem_alternation(["gain"]), "gains were ...") is not None
    True
    >>> re.search(stem_alternation(["gain"]), "regained") is None
    True
    """
    return r"\b(?:" + alternation(stems, boundaries=False) + ")"


def last_match(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last match of ``pattern`` in ``text`` (matches do not overlap), or ``None``.

    >>> last_match(re.compile(r"\\d"), "a1b2").group()
    '2'
    """
    match = None
    for match in pattern.finditer(text):  # noqa: B007 - the loop keeps the last match
        pass
    return match


def ends_with_word(text: str, end: int, floor: int, choices: tuple[str, ...]) -> bool:
    """Whether ``text[floor:end]``, lower-cased and stripped on the right, ends with one of
    ``choices`` (lower-case) as a whole word: "not", "compared with", "并非".

    One ``str.endswith`` with a tuple: far cheaper than a regular expression
    anchored at the end, which is tried at every position of the window.

    >>> ends_with_word("it was not 5", 11, 0, ("not",)), ends_with_word("knot 5", 5, 0, ("not",))
    (True, False)
    """
    window = text[floor:end].rstrip().lower()
    if not window.endswith(choices):
        return False
    for word in choices:
        if window.endswith(word):
            before = len(window) - len(word) - 1
            if not (word[0].isascii() and word[0].isalnum()) or before < 0:
                return True
            if not (window[before].isascii() and window[before].isalnum()):
                return True
    return False


@functools.cache
def _abbreviations() -> frozenset[str]:
    return frozenset(w.casefold() for w in vocabulary("sentences").words("sentence.abbreviation"))


def is_sentence_end(text: str, dot: int) -> bool:
    """True unless the full stop at ``dot`` ends a listed abbreviation ("approx.", "e.g.").

    Nor is the point of a number broken across a line (``broken_decimal_point``).

    >>> is_sentence_end("fell by approx. 5%", 14), is_sentence_end("It fell. Then", 7)
    (False, True)
    """
    if broken_decimal_point(text, dot):
        return False
    before = text[max(0, dot - 12) : dot]
    # "U.S." and "e.g." keep their inner dots: the word is everything back to a space
    word = before[len(before.rstrip(_WORD_CHARS)) :].lstrip(".")
    return not word or word.casefold() not in _abbreviations()


# Clause breaks, matched on the reversed window: the first match is the last break.
_CLAUSE_REVERSED = re.compile(r"[。！？；;!?，,、:：\n]|(?<=\s)\.")


def clause_start(text: str, start: int, end: int) -> int:
    """Where the clause ending at ``end`` begins: after the last clause break in ``[start, end)``.

    A clause break is a sentence break, a comma (，,、) or a colon; a full
    stop breaks only before white space and not after an abbreviation.

    >>> text = "Costs fell, revenue was $5M"
    >>> text[clause_start(text, 0, len(text)):]
    ' revenue was $5M'
    >>> text = "Revenue fell by approx. 5%"
    >>> text[clause_start(text, 0, len(text)):]
    'Revenue fell by approx. 5%'
    """
    reversed_window = text[start:end][::-1]
    at = 0
    while True:
        match = _CLAUSE_REVERSED.search(reversed_window, at)
        if match is None:
            return start
        position = end - 1 - match.start()  # the break's offset in ``text``
        if text[position] == "\n" and in_broken_number(text, position):
            at = match.end()
            continue
        if text[position] != "." or is_sentence_end(text, position):
            return position + 1
        at = match.end()

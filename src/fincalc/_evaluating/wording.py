"""The evaluation vocabulary (``_data/answers.toml``) and the regex helpers built on it.

Every word list the evaluating stage matches on — refusal phrases, contrast
words, direction, loss and profit words, level connectives, change gaps,
citation separators and page words — lives in ``_data/answers.toml``; the
modules here build their regular expressions from it at import, so adding a
word is a one-line data change.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .._values.vocabulary import alternation, vocabulary

__all__ = [
    "ends_with_word",
    "gap_alternation",
    "last_match",
    "stem_alternation",
    "word_alternation",
    "words",
]

_SPACE = re.compile(r"\s+")
_EDGED = re.compile(r"[A-Za-z0-9](?:.*[A-Za-z0-9])?", re.DOTALL)


def words(key: str) -> tuple[str, ...]:
    """The words under ``key`` in ``_data/answers.toml``, in file order.

    >>> words("level.connective")
    ('至', '到', 'to')
    """
    return vocabulary("answers").words(key)


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

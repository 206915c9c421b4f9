"""Cue words of an answer, found in one pass: conclusion markers, refusals, negations, ….

Final-answer selection asks many questions of an answer — where do its
conclusions start, does a sentence refuse, explain, offer alternatives or an
example, is a figure negated or a comparison base — and each is a word list
in ``_data/answers.toml``.  Searching every list with its own regular
expression costs a pass over the text per list; instead every list goes into
one prefix tree, matched once over the lower-cased text, and each match
carries the lists its word belongs to.  Latin words match as whole words
(refusal phrases, which are substrings by design, excepted); Chinese words
match anywhere.

``Cue.kinds`` names the lists: ``opening``, ``anywhere`` (conclusion
markers), ``alternative``, ``hypothetical`` and ``refusal``.  Words that
matter only where they stand (a negation right before a figure, an
explanation at a sentence's start) are checked there instead (``selection``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from .wording import words

__all__ = ["Cue", "CueIndex", "cue_index", "trie_pattern"]

#: The word lists scanned for, by kind; refusal phrases are added per matcher.
LISTS: Mapping[str, tuple[str, ...]] = {
    "opening": ("conclusion.opening",),
    "anywhere": ("conclusion.anywhere", "conclusion.zh"),
    "alternative": ("statement.alternative",),
    "hypothetical": ("statement.hypothetical",),
}
_SUBSTRING_KINDS = frozenset({"refusal"})
_WORD_CHAR = re.compile(r"[A-Za-z0-9]")


class Cue(NamedTuple):
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


class CueIndex:
    """The compiled prefix tree of every cue list (and a set of refusal phrases)."""

    __slots__ = ("_kinds", "_pattern")

    def __init__(self, refusal_phrases: tuple[str, ...]) -> None:
        kinds: dict[str, set[str]] = {}
        for kind, keys in LISTS.items():
            for key in keys:
                for word in words(key):
                    kinds.setdefault(word.lower(), set()).add(kind)
        for phrase in refusal_phrases:
            kinds.setdefault(phrase.lower(), set()).add("refusal")
        self._kinds = {word: frozenset(k) for word, k in kinds.items()}
        self._pattern = re.compile(trie_pattern(self._kinds))

    def scan(self, text: str) -> list[Cue]:
        """Every cue in ``text``, in order (matches do not overlap).

        >>> index = cue_index(("cannot be determined",))
        >>> [(c.word, sorted(c.kinds)) for c in index.scan("So it CANNOT be determined.")]
        [('So', ['opening']), ('CANNOT be determined', ['refusal'])]
        """
        low = text.lower()
        if len(low) != len(text):  # a character whose lower case is longer: keep offsets
            low = "".join(ch.lower()[:1] or ch for ch in text)
        found = []
        for match in self._pattern.finditer(low):
            start, end = match.span()
            kinds = self._kinds[match.group()]
            if not kinds <= _SUBSTRING_KINDS and not _whole_word(low, start, end):
                kinds = kinds & _SUBSTRING_KINDS
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


@functools.lru_cache(maxsize=16)
def cue_index(refusal_phrases: tuple[str, ...]) -> CueIndex:
    """The cue index for a set of refusal phrases (cached: a run uses one set)."""
    return CueIndex(refusal_phrases)

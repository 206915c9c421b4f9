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
markers) and ``refusal``.  Words that matter only where they stand (a
negation right before a figure, an explanation at a sentence's start, an
example or alternatives in the sentence judged) are checked there instead
(``selection``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from .wording import words

__all__ = ["Cue", "CueIndex", "WordFinder", "cue_index", "trie_pattern"]

#: The word lists scanned for, by kind; refusal phrases are added per matcher.
LISTS: Mapping[str, tuple[str, ...]] = {
    "opening": ("conclusion.opening",),
    "anywhere": ("conclusion.anywhere", "conclusion.zh"),
}
_SUBSTRING_KINDS = frozenset({"refusal"})
_BEYOND_LATIN1 = re.compile(r"[^\x00-\xff]")
# ASCII punctuation to spaces (the apostrophe stays in "let's").
_SEPARATORS = bytes(c if chr(c).isalnum() or chr(c) == "'" else ord(" ") for c in range(256))
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


class CueIndex:
    """The conclusion markers (``LISTS``) and a set of refusal phrases, each list one tree.

    Two trees, two passes: one tree of both lists costs half as much again
    as the two passes (a wider first branch at every position).
    """

    __slots__ = ("_anchors", "_markers", "_refusals", "_sentence")

    def __init__(self, refusal_phrases: tuple[str, ...]) -> None:
        kinds: dict[str, set[str]] = {}
        for kind, keys in LISTS.items():
            for key in keys:
                for word in words(key):
                    kinds.setdefault(word.lower(), set()).add(kind)
        self._markers = WordFinder(kinds)
        # Each Latin marker by its longest word ("in summary" by "summary"): an
        # ASCII answer that holds none of these words holds no marker.
        self._anchors = frozenset(
            max(reversed(word.encode("ascii").translate(_SEPARATORS).split()), key=len)
            for word in kinds
            if word.isascii()
        )
        self._refusals = WordFinder(dict.fromkeys(refusal_phrases, ("refusal",)), _SUBSTRING_KINDS)
        # The last sentence is read for refusal phrases and for what makes a
        # sentence state nothing (an example, alternatives) in one pass.
        sentence: dict[str, set[str]] = {p.lower(): {"refusal"} for p in refusal_phrases}
        for kind in ("hypothetical", "alternative"):
            for word in words(f"statement.{kind}"):
                sentence.setdefault(word.lower(), set()).add(kind)
        self._sentence = WordFinder(sentence, _SUBSTRING_KINDS)

    def scan(self, text: str) -> list[Cue]:
        """Every marker and refusal phrase in ``text``, in order.

        >>> index = cue_index(("cannot be determined",))
        >>> [(c.word, sorted(c.kinds)) for c in index.scan("So it CANNOT be determined.")]
        [('So', ['opening']), ('CANNOT be determined', ['refusal'])]
        """
        refusals = self._refusals.scan(text)
        markers = self._markers.scan(text)
        return sorted(markers + refusals) if refusals and markers else markers or refusals

    def markers(self, text: str) -> list[Cue]:
        """The conclusion markers in ``text``.

        An answer written in Latin-1 is first turned into words in C
        (``bytes.translate``): when it holds no anchor word of a marker, the
        prefix tree is not run at all (an answer without a conclusion costs a
        third).
        """
        if text.isascii() or _BEYOND_LATIN1.search(text) is None:
            found = text.encode("latin-1").lower().translate(_SEPARATORS).split()
            if self._anchors.isdisjoint(found):
                return []
        return self._markers.scan(text)

    def sentence(self, text: str, start: int, end: int) -> list[Cue]:
        """Refusal phrases, example and alternative words in ``text[start:end]`` (offsets in it).

        >>> index = cue_index(("not provided",))
        >>> [sorted(c.kinds) for c in index.sentence("x. For example, not provided", 3, 28)]
        [['hypothetical'], ['refusal']]
        """
        return self._sentence.scan(text[start:end])

    def refusals(self, text: str, start: int = 0, end: int | None = None) -> list[Cue]:
        """The refusal phrases in ``text[start:end]``, with offsets into ``text``."""
        if start == 0 and end is None:
            return self._refusals.scan(text)
        found = self._refusals.scan(text[start:end])
        return [c._replace(start=c.start + start, end=c.end + start) for c in found]


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

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
from collections.abc import Mapping
from dataclasses import replace

from .._grounding.word_matching import Cue, WordFinder
from .answer_words import words

__all__ = ["CueIndex", "cue_index"]

#: The word lists scanned for, by kind; refusal phrases are added per matcher.
LISTS: Mapping[str, tuple[str, ...]] = {
    "opening": ("conclusion.opening",),
    "anywhere": ("conclusion.anywhere", "conclusion.zh"),
}
_SUBSTRING_KINDS = frozenset({"refusal"})
_BEYOND_LATIN1 = re.compile(r"[^\x00-\xff]")
# ASCII punctuation to spaces (the apostrophe stays in "let's").
_SEPARATORS = bytes(c if chr(c).isalnum() or chr(c) == "'" else ord(" ") for c in range(256))


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
        for kind in ("hypothetical", "alternative", "guess"):
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
        return [replace(c, start=c.start + start, end=c.end + start) for c in found]


@functools.lru_cache(maxsize=16)
def cue_index(refusal_phrases: tuple[str, ...]) -> CueIndex:
    """The cue index for a set of refusal phrases (cached: a run uses one set)."""
    return CueIndex(refusal_phrases)

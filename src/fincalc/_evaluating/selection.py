"""Final-answer selection: which figures of an answer are its answer.

A careful grader judges the figure an answer concludes with; figures in its
working are context.  So does the judge:

1. **After a conclusion marker** ("Therefore", "So", "Thus", "The answer is",
   "In summary", "Rounded to …", "因此", "综上", "最终", "答案是"; the
   ``[conclusion]`` lists of ``_data/answers.toml``): the last marker that is
   followed by a figure of the expected dimension wins.  Its sentence (from
   the marker on) is the answer when it states one; otherwise the next
   sentence that does — or, when the marker's sentence ends in a colon
   ("Finally, we calculate the CCC:"), the last one.
2. **Otherwise the last sentence that states a figure** of the expected
   dimension.  A sentence that explains a figure ("This means …", ``[explanation]``)
   is an answer only when no other sentence states one.

Within the answer sentence, figures after its last "=" or "≈" are the
result ("(1,494 - 903) / 903 = 65.2%" states 65.2%); a figure right after a
negation is denied ("并非8.7亿元，而是9.1亿元" states 9.1亿), one right after
a comparison word is a base ("up from $5M"), judged only when nothing else
is stated.  A sentence that offers alternatives ("either $1.2 billion or $5
billion") or states an example ("for example", "假设") states nothing.
The answer matches when any figure it states does (``"$0.389 billion (or
$389 million)"`` states one value twice).

**Refusals** are scoped the same way: the answer is a refusal when a refusal
phrase governs every figure it states (the part of their sentence between
contrast words, or their aside), when its last conclusion states a refusal
and no figure ("Therefore, I cannot provide the DPO"), when it ends, after
its last figure, by saying it cannot answer ("… so the ratio cannot be
calculated"), or when it states no figure of the expected dimension and
holds a refusal phrase anywhere.

``mode="any"`` judges every figure instead (short extractive answers).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Literal, NamedTuple

from .._values.quantity import Quantity
from .._values.vocabulary import alternation
from .kinds import comparable
from .refusals import RefusalMatcher
from .sentences import sentence_at
from .wording import last_match, word_alternation, words

__all__ = ["How", "SelectMode", "Selection", "Selector", "describe_how", "select"]

#: How the figures to judge are chosen: the concluding figure, or any figure.
SelectMode = Literal["final", "any"]
#: Why these figures were judged.
How = Literal["conclusion", "last_statement", "any", "none"]

_OPENING = re.compile(alternation(words("conclusion.opening")), re.IGNORECASE)
_ANYWHERE = re.compile(
    alternation(words("conclusion.anywhere") + words("conclusion.zh")), re.IGNORECASE
)
_EXPLANATION = re.compile(
    rf"[\s*#>•·\-]*(?:{alternation(words('explanation.opening'))})", re.IGNORECASE
)
_NEGATION = re.compile(rf"(?:{alternation(words('statement.negation'))})[ \t]*$", re.IGNORECASE)
_COMPARISON = re.compile(rf"(?:{alternation(words('statement.comparison'))})[ \t]*$", re.IGNORECASE)
_ALTERNATIVE = re.compile(alternation(words("statement.alternative")), re.IGNORECASE)
_HYPOTHETICAL = re.compile(alternation(words("statement.hypothetical")), re.IGNORECASE)
_CONTRAST = re.compile(word_alternation(words("refusal_scope.contrast")), re.IGNORECASE)
_CLOSING = re.compile(alternation(words("refusal_scope.closing")), re.IGNORECASE)
# Punctuation, not words: it stays in code.
_EQUATION = re.compile(r"[=≈≒]")
_LEAD = re.compile(r"[\s*#>•·\-\d.)（(]*")
_CLAUSE_MARKS = frozenset(",，、:：;；")
_BEFORE = 16  # characters looked at before a figure for a negation or comparison word


class Selection(NamedTuple):
    """The figures an answer states as its answer, and why.

    Attributes:
        indices: Positions of the judged figures among the amounts read.
        how: ``conclusion`` (after a marker), ``last_statement``, ``any`` or
            ``none`` (nothing stated).
        statement: The ``(start, end)`` of the sentence judged, if any.
        marker: The conclusion marker as written, if any.
        refused: A refusal governs the answer.
        stated: A figure of the expected dimension is stated (judged, or
            governed by a refusal); when not, the asides may hold one.
    """

    indices: tuple[int, ...]
    how: How
    statement: tuple[int, int] | None = None
    marker: str | None = None
    refused: bool = False
    stated: bool = True


_REFUSED = Selection((), "none", refused=True)
_REFUSED_UNSTATED = Selection((), "none", refused=True, stated=False)
_NOTHING = Selection((), "none", stated=False)


class Selector:
    """The answer's sentences and figures, with what each figure does in its sentence."""

    __slots__ = (
        "asides",
        "dims",
        "expected",
        "figures_of",
        "items",
        "refusal",
        "sentence_of",
        "sentences",
        "text",
        "usable",
    )

    def __init__(
        self,
        text: str,
        items: Sequence[Quantity],
        dims: Sequence[str | None],
        sentences: list[tuple[int, int]],
        asides: list[tuple[int, int]],
        expected: str | None,
        refusal: RefusalMatcher,
    ) -> None:
        self.text = text
        self.items = items
        self.dims = dims
        self.sentences = sentences
        self.asides = asides
        self.expected = expected
        self.refusal = refusal
        self.sentence_of = [sentence_at(sentences, (q.span or (0, 0))[0]) for q in items]
        # A figure is usable when it is asserted: not negated, not in a
        # sentence of alternatives or examples.
        silent = {s for s in set(self.sentence_of) if self._states_nothing(s)}
        self.usable = [
            self.sentence_of[i] not in silent and not self._negated(i) for i in range(len(items))
        ]
        self.figures_of: dict[int, list[int]] = {}
        for i, s in enumerate(self.sentence_of):
            self.figures_of.setdefault(s, []).append(i)

    # -- what a figure does in its sentence -------------------------------------------

    def _window(self, i: int) -> tuple[int, int]:
        start = (self.items[i].span or (0, 0))[0]
        sentence = self.sentences[self.sentence_of[i]][0] if self.sentences else 0
        return max(sentence, start - _BEFORE), start

    def _negated(self, i: int) -> bool:
        return _NEGATION.search(self.text, *self._window(i)) is not None

    def _comparison(self, i: int) -> bool:
        return _COMPARISON.search(self.text, *self._window(i)) is not None

    def _states_nothing(self, s: int) -> bool:
        if not self.sentences:
            return False
        a, b = self.sentences[s]
        if _HYPOTHETICAL.search(self.text, a, b) is not None:
            return True
        return _ALTERNATIVE.search(self.text, a, b) is not None and (
            sum(1 for i in range(len(self.items)) if self.sentence_of[i] == s) > 1
        )

    def _explains(self, s: int) -> bool:
        a, b = self.sentences[s]
        return _EXPLANATION.match(self.text, a, b) is not None

    def relevant(self, i: int, any_dimension: bool) -> bool:
        """Whether figure ``i`` is asserted and of the expected dimension (or any)."""
        return self.usable[i] and (any_dimension or comparable(self.dims[i], self.expected))

    # -- the answer sentence -----------------------------------------------------------

    def stated(self, s: int, after: int, any_dimension: bool) -> list[int]:
        """The figures sentence ``s`` states from offset ``after`` on (result side of "=")."""
        found = [
            i
            for i in self.figures_of.get(s, ())
            if (self.items[i].span or (0, 0))[0] >= after and self.relevant(i, any_dimension)
        ]
        if len(found) < 2:
            return found
        end = self.sentences[s][1]
        sign = last_match(_EQUATION, self.text[after:end])
        if sign is not None:
            result = [i for i in found if (self.items[i].span or (0, 0))[0] >= after + sign.end()]
            if result:
                found = result
        plain = [i for i in found if not self._comparison(i)]
        return plain or found

    def markers(self) -> list[tuple[int, int, str]]:
        """Conclusion markers outside asides, in text order: ``(start, end, as written)``."""
        found = [
            (m.start(), m.end(), m.group())
            for m in _OPENING.finditer(self.text)
            if self._opens_clause(m.start())
        ]
        found += [(m.start(), m.end(), m.group()) for m in _ANYWHERE.finditer(self.text)]
        found = [m for m in found if not any(a <= m[0] < b for a, b in self.asides)]
        return sorted(found)

    def _opens_clause(self, at: int) -> bool:
        s = sentence_at(self.sentences, at) if self.sentences else 0
        begin = self.sentences[s][0] if self.sentences else 0
        lead = _LEAD.match(self.text, begin, at)
        if lead is not None and lead.end() == at:
            return True
        before = self.text[begin:at].rstrip()
        return bool(before) and before[-1] in _CLAUSE_MARKS

    def after_marker(
        self, start: int, end: int, any_dimension: bool
    ) -> tuple[int, list[int]] | None:
        """The sentence a marker ending at ``end`` concludes with, and its figures."""
        s = sentence_at(self.sentences, start)
        stated = self.stated(s, end, any_dimension)
        if stated:
            return s, stated
        later = [
            t
            for t in range(s + 1, len(self.sentences))
            if not self._explains(t) and self.stated(t, 0, any_dimension)
        ]
        if not later:
            return None
        colon = self.text[: self.sentences[s][1]].rstrip().endswith((":", "："))
        t = later[-1] if colon else later[0]
        return t, self.stated(t, 0, any_dimension)

    def last_statement(self, any_dimension: bool) -> tuple[int, list[int]] | None:
        """The last sentence that states a figure (an explaining one only if no other does)."""
        fallback = None
        for s in sorted(self.figures_of, reverse=True):
            stated = self.stated(s, 0, any_dimension)
            if not stated:
                continue
            if not self._explains(s):
                return s, stated
            fallback = fallback or (s, stated)
        return fallback

    # -- refusals -----------------------------------------------------------------------

    def governed(self, i: int) -> bool:
        """Whether a refusal phrase governs figure ``i``: its aside, or its part of the sentence."""
        start, end = self.items[i].span or (0, 0)
        for a, b in self.asides:
            if a <= start and end <= b:
                return self.refusal.search(self.text[a:b]) is not None
        s = self.sentence_of[i]
        a, b = self.sentences[s] if self.sentences else (0, len(self.text))
        head = last_match(_CONTRAST, self.text[a:start])
        tail = _CONTRAST.search(self.text, end, b)
        scope_start = a + head.end() if head else a
        scope_end = tail.start() if tail else b
        outer = [(x, y) for x, y in self.asides if scope_start <= x and y <= scope_end]
        scope = _cut(self.text, scope_start, scope_end, outer)
        return self.refusal.search(scope) is not None

    def closes_with_refusal(self, s: int) -> bool:
        """Whether a later sentence says the answer cannot be given ("… cannot be calculated")."""
        for t in range(s + 1, len(self.sentences)):
            a, b = self.sentences[t]
            piece = self.text[a:b]
            if self.refusal.search(piece) is not None and _CLOSING.search(piece) is not None:
                return True
        return False


def _cut(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> str:
    parts = []
    at = start
    for a, b in spans:
        parts.append(text[at:a])
        at = b
    parts.append(text[at:end])
    return " ".join(parts)


def select(selector: Selector, mode: SelectMode) -> Selection:
    """The figures an answer states as its answer (module docstring), or a refusal.

    Call with every amount read outside asides; ``None`` from
    ``needs_asides`` tells the caller to read the asides and ask again.
    """
    has_refusal = selector.refusal.search(selector.text) is not None
    if mode == "any":
        return _select_any(selector, has_refusal)
    chosen = _conclusion(selector, any_dimension=False, has_refusal=has_refusal)
    if chosen is not None:
        return chosen
    found = selector.last_statement(any_dimension=False)
    if found is not None:
        s, stated = found
        if has_refusal and (
            _all_governed(selector, stated)
            or selector.closes_with_refusal(s)
            or (selector.expected is not None and _all_bare(selector, stated))
        ):
            return _REFUSED
        return Selection(tuple(stated), "last_statement", selector.sentences[s])
    if has_refusal:
        return _REFUSED_UNSTATED
    chosen = _conclusion(selector, any_dimension=True, has_refusal=False)
    if chosen is not None:
        return chosen._replace(stated=False)
    found = selector.last_statement(any_dimension=True)
    if found is not None:
        s, stated = found
        return Selection(tuple(stated), "last_statement", selector.sentences[s], stated=False)
    return _NOTHING


def _conclusion(selector: Selector, *, any_dimension: bool, has_refusal: bool) -> Selection | None:
    markers = selector.markers()
    if not markers or not selector.sentences:
        return None
    last = True
    for start, end, word in reversed(markers):
        found = selector.after_marker(start, end, any_dimension)
        if found is None:
            if last and has_refusal:
                s = sentence_at(selector.sentences, start)
                tail = selector.text[end : selector.sentences[s][1]]
                if selector.refusal.search(tail) is not None:
                    return _REFUSED
            last = False
            continue
        s, stated = found
        if has_refusal and _all_governed(selector, stated):
            return _REFUSED
        return Selection(tuple(stated), "conclusion", selector.sentences[s], word)
    return None


def _all_bare(selector: Selector, stated: list[int]) -> bool:
    """Whether every figure is a bare number with no unit at all ("文档2")."""
    return all(selector.items[i].unit is None for i in stated)


def _all_governed(selector: Selector, stated: list[int]) -> bool:
    return all(selector.governed(i) for i in stated)


def _select_any(selector: Selector, has_refusal: bool) -> Selection:
    """Every figure: those of the expected dimension when there are any."""
    relevant = [i for i in range(len(selector.items)) if selector.relevant(i, False)]
    if has_refusal and (not relevant or _all_governed(selector, relevant)):
        return _REFUSED
    if relevant:
        return Selection(tuple(relevant), "any")
    others = [i for i in range(len(selector.items)) if selector.relevant(i, True)]
    return Selection(tuple(others), "any" if others else "none", stated=False)


@functools.cache
def describe_how(how: How, marker: str | None) -> str:
    """A few words on why the figure was judged, for ``AnswerCheck.describe``.

    >>> describe_how("conclusion", "Therefore"), describe_how("last_statement", None)
    ("the figure concluded after 'Therefore'", 'the last figure stated')
    """
    if how == "conclusion":
        return f"the figure concluded after {marker!r}"
    if how == "last_statement":
        return "the last figure stated"
    if how == "any":
        return "any figure"
    return "no figure stated"

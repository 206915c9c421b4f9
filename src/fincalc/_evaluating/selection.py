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

import bisect
import functools
import re
from collections.abc import Sequence
from typing import Literal, NamedTuple

from .._values.dimensions import is_money
from .._values.quantity import Quantity
from .._values.vocabulary import alternation
from .cues import Cue, cue_index
from .kinds import comparable, per_share_of
from .refusals import RefusalMatcher
from .wording import words

__all__ = ["How", "SelectMode", "Selection", "Selector", "describe_how", "select"]

#: How the figures to judge are chosen: the concluding figure, or any figure.
SelectMode = Literal["final", "any"]
#: Why these figures were judged.
How = Literal["conclusion", "last_statement", "any", "none"]

# Punctuation, not words: it stays in code.
_EQUATION = re.compile(r"[=≈≒]")
_LEAD = re.compile(r"[\s*#>•·\-\d.)（(]*")
# Arithmetic operators: a figure next to one is an operand, not a result.
_OPERATOR_BEFORE = re.compile(r"(?:[*×÷/+^]|\s[-−x]|\\times|\\cdot|\\div)[\s(（{]*$")
_OPERATOR_AFTER = re.compile(r"[\s)）]*(?:[*×÷/+^]|[-−x]\s)")
_CLAUSE_MARKS = frozenset(",，、:：;；")
_BEFORE = 16  # characters looked at before a figure for a negation or comparison word
_ROW = 3  # figures in a sentence without "=" that make it a row of data, not an answer
# Words checked where they stand (right before a figure, at a sentence's
# start, inside a refusal's sentence) rather than in the one pass of ``cues``.
_NEGATION = tuple(w.lower() for w in words("statement.negation"))
_COMPARISON = tuple(w.lower() for w in words("statement.comparison"))
_EXPLANATION = tuple(w.lower() for w in words("explanation.opening"))
_CONTRAST = re.compile(alternation(words("refusal_scope.contrast")), re.IGNORECASE)
_CLOSING = re.compile(alternation(words("refusal_scope.closing")), re.IGNORECASE)


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


def _ends_with_word(text: str, end: int, floor: int, choices: tuple[str, ...]) -> bool:
    """Whether ``text[floor:end]``, lower-cased and stripped on the right, ends with a whole word
    of ``choices`` ("not", "compared with", "并非")."""
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


class Selector:
    """The answer's sentences, figures and cue words, and what each figure does."""

    __slots__ = (
        "asides",
        "bare",
        "dims",
        "ends",
        "expected",
        "figures_of",
        "markers",
        "plain",
        "refusals",
        "sentence_of",
        "sentence_starts",
        "sentences",
        "silent",
        "starts",
        "text",
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
        *,
        plain: bool = True,
    ) -> None:
        self.text = text
        self.plain = plain and expected is None
        self.dims = dims
        self.sentences = sentences or [(0, len(text))]
        self.sentence_starts = [a for a, _ in self.sentences]
        self.asides = asides
        self.expected = expected
        spans = [q.span or (0, 0) for q in items]
        self.starts = [a for a, _ in spans]
        self.ends = [b for _, b in spans]
        self.bare = [q.unit is None for q in items]
        cues = cue_index(refusal.phrases).scan(text) if text else []
        self.refusals = [c for c in cues if "refusal" in c.kinds]
        self.markers = [
            c
            for c in cues
            if ("anywhere" in c.kinds or ("opening" in c.kinds and self._opens_clause(c.start)))
            and not any(a <= c.start < b for a, b in asides)
        ]
        starts = self.sentence_starts
        self.sentence_of = [max(0, bisect.bisect_right(starts, x) - 1) for x in self.starts]
        self.figures_of: dict[int, list[int]] = {}
        for i, s in enumerate(self.sentence_of):
            self.figures_of.setdefault(s, []).append(i)
        # Sentences that offer alternatives or state an example assert nothing.
        self.silent: set[int] = set()
        for c in cues:
            if "hypothetical" in c.kinds:
                self.silent.add(self.sentence_at(c.start))
            elif "alternative" in c.kinds:
                s = self.sentence_at(c.start)
                if len(self.figures_of.get(s, ())) > 1:
                    self.silent.add(s)

    def sentence_at(self, offset: int) -> int:
        """The index of the sentence holding ``offset`` (or the one before it)."""
        return max(0, bisect.bisect_right(self.sentence_starts, offset) - 1)

    # -- what a figure does in its sentence -------------------------------------------

    def _right_after(self, i: int, choices: tuple[str, ...]) -> bool:
        """Whether one of ``choices`` stands right before figure ``i`` (white space between)."""
        start = self.starts[i]
        floor = max(self.sentences[self.sentence_of[i]][0], start - _BEFORE)
        return _ends_with_word(self.text, start, floor, choices)

    def _explains(self, s: int) -> bool:
        a, b = self.sentences[s]
        lead = _LEAD.match(self.text, a, b)
        at = lead.end() if lead is not None else a
        return self.text[at : at + 24].lower().startswith(_EXPLANATION)

    def relevant(self, i: int, any_dimension: bool) -> bool:
        """Whether figure ``i`` is of the expected dimension (any with ``any_dimension``).

        A gold without a dimension is a plain number (a ratio, days): money
        does not answer it.  (A question whose answer is a refusal has no
        dimension to go by: every figure counts.)
        """
        if any_dimension:
            return True
        dim = self.dims[i]
        if self.plain:
            return dim is None or not is_money(per_share_of(dim) or dim)
        return comparable(dim, self.expected)

    def _asserted(self, i: int) -> bool:
        """Not negated ("并非8.7亿元"), not an operand ("365 * …", "… / 2", "(1/n) - 1")."""
        start, end = self.starts[i], self.ends[i]
        text = self.text
        if _OPERATOR_BEFORE.search(text, max(0, start - 7), start) is not None:
            return False
        if _OPERATOR_AFTER.match(text, end) is not None:
            return False
        return not self.negated(i)

    def negated(self, i: int) -> bool:
        """A negation right before figure ``i``: "并非8.7亿元", "not $8.7 billion"."""
        return self._right_after(i, _NEGATION)

    # -- the answer sentence -----------------------------------------------------------

    def stated(self, s: int, after: int, any_dimension: bool) -> list[int]:
        """The figures sentence ``s`` states from offset ``after`` on (result side of "=")."""
        if s in self.silent:
            return []
        found = [
            i
            for i in self.figures_of.get(s, ())
            if self.starts[i] >= after and self.relevant(i, any_dimension) and self._asserted(i)
        ]
        if len(found) < 2:
            return found
        signs = list(_EQUATION.finditer(self.text, after, self.sentences[s][1]))
        if signs:
            result = [i for i in found if self.starts[i] >= signs[-1].end()]
            if result:
                found = result
        plain = [i for i in found if not self._right_after(i, _COMPARISON)]
        return plain or found

    def _opens_clause(self, at: int) -> bool:
        begin = self.sentences[self.sentence_at(at)][0]
        lead = _LEAD.match(self.text, begin, at)
        if lead is not None and lead.end() == at:
            return True
        before = self.text[begin:at].rstrip()
        return bool(before) and before[-1] in _CLAUSE_MARKS

    def after_marker(self, cue: Cue, any_dimension: bool) -> tuple[int, list[int]] | None:
        """The sentence a marker concludes with, and its figures."""
        s = self.sentence_at(cue.start)
        stated = self.stated(s, cue.end, any_dimension)
        if stated:
            return s, stated
        later = [
            t
            for t in sorted(self.figures_of)
            if t > s and not self._explains(t) and self.stated(t, 0, any_dimension)
        ]
        if not later:
            return None
        colon = self.text[: self.sentences[s][1]].rstrip().endswith((":", "："))
        t = later[-1] if colon else later[0]
        return t, self.stated(t, 0, any_dimension)

    def last_statement(self, any_dimension: bool) -> tuple[int, list[int]] | None:
        """The last sentence that states a figure (an explaining one only if no other does).

        A row of data — three or more figures and no "=" ("Total net sales
        65,984 67,044 65,398", a dump of filing text) — states no answer.
        """
        fallback = None
        for s in sorted(self.figures_of, reverse=True):
            stated = self.stated(s, 0, any_dimension)
            if not stated or self._row(s, stated):
                continue
            if not self._explains(s):
                return s, stated
            fallback = fallback or (s, stated)
        return fallback

    def _row(self, s: int, stated: list[int]) -> bool:
        a, b = self.sentences[s]
        return len(stated) >= _ROW and _EQUATION.search(self.text, a, b) is None

    # -- refusals -----------------------------------------------------------------------

    def refuses(self, start: int, end: int) -> bool:
        """Whether a refusal phrase stands in ``[start, end)`` outside the asides there."""
        return any(
            start <= c.start
            and c.end <= end
            and not any(a <= c.start < b and (a, b) != (start, end) for a, b in self.asides)
            for c in self.refusals
        )

    def governed(self, i: int) -> bool:
        """Whether a refusal phrase governs figure ``i``: its aside, or its part of the sentence."""
        start, end = self.starts[i], self.ends[i]
        for a, b in self.asides:
            if a <= start and end <= b:
                return self.refuses(a, b)
        a, b = self.sentences[self.sentence_of[i]]
        contrasts = [m.span() for m in _CONTRAST.finditer(self.text, a, b)]
        head = max((y for x, y in contrasts if y <= start), default=a)
        tail = min((x for x, y in contrasts if x >= end), default=b)
        return self.refuses(head, tail)

    def closes_with_refusal(self, s: int) -> bool:
        """Whether a later sentence says the answer cannot be given ("… cannot be calculated")."""
        after = self.sentences[s][1]
        for t in sorted({self.sentence_at(c.start) for c in self.refusals if c.start >= after}):
            a, b = self.sentences[t]
            if _CLOSING.search(self.text, a, b) is not None:
                return True
        return False


def select(selector: Selector, mode: SelectMode) -> Selection:
    """The figures an answer states as its answer (module docstring), or a refusal.

    Call with every amount read outside asides; ``None`` from
    ``needs_asides`` tells the caller to read the asides and ask again.
    """
    has_refusal = bool(selector.refusals)
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
    for cue in reversed(selector.markers):
        if has_refusal:
            # the last conclusion refuses and states nothing: "Therefore, I cannot provide …"
            s = selector.sentence_at(cue.start)
            if selector.refuses(cue.end, selector.sentences[s][1]) and not selector.stated(
                s, cue.end, any_dimension=True
            ):
                return _REFUSED
        found = selector.after_marker(cue, any_dimension)
        if found is None:
            continue
        s, stated = found
        if has_refusal and (_all_governed(selector, stated) or selector.closes_with_refusal(s)):
            return _REFUSED
        return Selection(tuple(stated), "conclusion", selector.sentences[s], cue.word)
    return None


def _all_bare(selector: Selector, stated: list[int]) -> bool:
    """Whether every figure is a bare number with no unit at all ("文档2")."""
    return all(selector.dims[i] is None and selector.bare[i] for i in stated)


def _all_governed(selector: Selector, stated: list[int]) -> bool:
    return all(selector.governed(i) for i in stated)


def _select_any(selector: Selector, has_refusal: bool) -> Selection:
    """Every figure: those of the expected dimension when there are any."""
    count = len(selector.starts)
    asserted = [
        i
        for i in range(count)
        if selector.sentence_of[i] not in selector.silent and not selector.negated(i)
    ]
    relevant = [i for i in asserted if selector.relevant(i, False)]
    if has_refusal and (not relevant or _all_governed(selector, relevant)):
        return _REFUSED
    if relevant:
        return Selection(tuple(relevant), "any")
    others = asserted
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

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
   is an answer only when no other sentence states one; so are the lines
   under an explanation heading ("Calculation:", ``working.py``) that hold no "=".

Within the answer sentence, figures after its last "=" or "≈" are the
result ("(1,494 - 903) / 903 = 65.2%" states 65.2%), figures after a
derivation word ("calculated as") are inputs, operands of "*" or "minus" are
context; a figure right after a
negation is denied ("并非8.7亿元，而是9.1亿元" states 9.1亿), one whose clause
holds a comparison word before it (and no level word such as "was", "为"
after that word) is a base ("up from $5M", "compared with a net loss of $3
million", "从119亿元增长至129亿元" states 129亿), judged only when nothing
else is stated.  A sentence that offers alternatives ("either $1.2 billion or $5
billion", "likely $1.2 billion but possibly $1.5 billion") or states an
example ("for example", "假设") states nothing; a guess ("perhaps $1.2
billion", "可能是8.7亿元") in an answer that says it cannot determine the
figure is a refusal.
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
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from .._grounding.word_matching import Cue, WordFinder, ends_with_word
from .._values.dimensions import is_money
from .._values.quantity import Quantity
from .answer_words import words
from .kinds import comparable, per_share_of
from .refusals import RefusalMatcher
from .working import (
    block_explanations,
    derivation_start,
    heading_colon,
    is_word_operand,
    may_follow_heading,
)

__all__ = [
    "How",
    "SelectMode",
    "Selection",
    "Selector",
    "describe_how",
    "select",
    "tail_statement",
]

#: How the figures to judge are chosen: the concluding figure, or any figure.
SelectMode = Literal["final", "any"]
#: Why these figures were judged.
How = Literal["conclusion", "last_statement", "subject", "period", "any", "none"]

# Punctuation, not words: it stays in code.
_EQUATION = re.compile(r"[=≈≒]")
_LEAD = re.compile(r"[\s*#>•·\-\d.)（(]*")
# Arithmetic operators: a figure next to one is an operand, not a result.
# An asterisk is a product ("365 * AP", "0.85*700") unless it is Markdown
# emphasis: doubled ("**$5,409 million**"), or glued to the figure on one
# side and to white space on the other ("*7.9%*").
_OPERATOR_BEFORE = re.compile(
    r"(?:(?<![*\s])\*(?!\*)|(?<!\*)\*(?=\s)|[×÷/+^]|\s[-−x]|\\times|\\cdot|\\div)[\s(（{]*$"
)
_OPERATOR_AFTER = re.compile(r"[)）]*(?:\s+\*(?!\*)|\*(?=[\w$(（¥€£])|\s*(?:[×÷/+^]|[-−x]\s))")
_CLAUSE_MARKS = frozenset(",，、:：;；")
# Per-share words written with a slash ("/股", "/share"): a unit, not a division.
_PER_SLASH = tuple(w.lower() for w in words("per_share.after") if w.startswith("/"))
_PER_SLASH_REACH = 12
_BEFORE = 16  # characters looked at before a figure for a negation or comparison word
_ROW = 3  # figures in a row, with no word between them, that make a row of data
# Words checked where they stand (right before a figure, at a sentence's
# start, inside a refusal's sentence) rather than in the one pass of ``cues``.
_NEGATION = tuple(w.lower() for w in words("statement.negation"))
_COMPARISON = tuple(w.lower() for w in words("statement.comparison"))
_EXPLANATION = tuple(w.lower() for w in words("explanation.opening"))
# One prefix tree each (``cues.WordFinder``): a case-insensitive alternation
# of the same words costs ten times as much on a sentence.
_CONTRAST = WordFinder(dict.fromkeys(words("refusal_scope.contrast"), ("contrast",)))
_CLOSING = WordFinder(dict.fromkeys(words("refusal_scope.closing"), ("closing",)))
_HEDGE = WordFinder(dict.fromkeys(words("refusal_scope.hedge"), ("hedge",)))
_HEDGE_REACH = 40  # characters after a refusal phrase in which a hedge word qualifies it
_SILENT = WordFinder(
    {
        **dict.fromkeys(words("statement.hypothetical"), ("hypothetical",)),
        **dict.fromkeys(words("statement.alternative"), ("alternative",)),
        **dict.fromkeys(words("statement.guess"), ("guess",)),
    }
)
_GUESS = WordFinder(dict.fromkeys(words("statement.guess"), ("guess",)))
_COMPARE = WordFinder(dict.fromkeys(words("statement.comparison"), ("comparison",)))
_LEVEL = WordFinder(dict.fromkeys(words("statement.level"), ("level",)))


@dataclass(frozen=True, slots=True)
class Selection:
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


def _is_relevant(dim: str | None, expected: str | None, plain: bool) -> bool:
    """Whether a figure of dimension ``dim`` can answer (``Selector.relevant``)."""
    if plain:
        return dim is None or not is_money(per_share_of(dim) or dim)
    return comparable(dim, expected)


def _per_unit(text: str, end: int) -> bool:
    """A slash that writes a unit, not a division: "0.85元/股", "$2.35/share"."""
    return text[end : end + _PER_SLASH_REACH].lower().lstrip(" \t").startswith(_PER_SLASH)


def _is_asserted(text: str, start: int, end: int, floor: int) -> bool:
    """Not an operand ("365 * …", "… / 2") and not negated ("并非8.7亿元", "not $8.7 billion")."""
    if _OPERATOR_BEFORE.search(text, max(0, start - 7), start) is not None:
        return False
    if _OPERATOR_AFTER.match(text, end) is not None and not _per_unit(text, end):
        return False
    if is_word_operand(text, start, end, floor):
        return False
    return not ends_with_word(text, start, max(floor, start - _BEFORE), _NEGATION)


def _results(text: str, a: int, b: int, found: list[int], starts: Sequence[int]) -> list[int]:
    """Of several figures stated in ``text[a:b]``, the results: after the last "=", before
    a derivation word ("calculated as", "其中"), and not a base after a comparison word."""
    signs = list(_EQUATION.finditer(text, a, b))
    if signs:
        found = [i for i in found if starts[i] >= signs[-1].end()] or found
    if len(found) > 1:
        cut = derivation_start(text, signs[-1].end() if signs else a, b, starts[found[0]])
        if cut is not None:
            found = [i for i in found if starts[i] < cut] or found
    plain = []
    lead = a
    for i in found:
        if not _is_base(text, lead, starts[i]):
            plain.append(i)
        lead = starts[i]
    return plain or found


def _is_base(text: str, lead: int, start: int) -> bool:
    """Whether the figure at ``start`` is a base of comparison: a comparison word stands in its
    clause before it (from ``lead``, the previous figure), with no level word after the
    comparison word ("compared with a net loss of $3 million"; "从119亿元增长至129亿元")."""
    if ends_with_word(text, start, max(lead, start - _BEFORE), _COMPARISON):
        return True
    begin = lead
    for at in range(start - 1, lead - 1, -1):
        if text[at] in _CLAUSE_MARKS:
            begin = at + 1
            break
    clause = text[begin:start]
    cues = _COMPARE.scan(clause)
    return bool(cues) and not _LEVEL.scan(clause[cues[-1].end :])


def _is_row(text: str, a: int, b: int, spans: list[tuple[int, int]]) -> bool:
    """A row of data ("Total net sales 65,984 67,044 65,398"): three figures or more in a
    row with no word between them, and no "=" in the sentence.  Prose that names
    each figure ("35.3%，较2022年的36.5%下降1.2个百分点") is no row."""
    if len(spans) < _ROW or _EQUATION.search(text, a, b) is not None:
        return False
    run = 1
    for (_, end), (start, _) in itertools.pairwise(spans):
        gap = text[end:start]
        run = 1 if any(ch.isalpha() for ch in gap) else run + 1
        if run >= _ROW:
            return True
    return False


def _is_silent(text: str, a: int, b: int, figures: int) -> bool:
    """A sentence offering alternatives or stating an example asserts nothing."""
    return any("hypothetical" in cue.kinds or figures > 1 for cue in _SILENT.scan(text[a:b]))


def _is_explanation(text: str, a: int, b: int) -> bool:
    """A sentence that opens with "This means …", "In other words …" explains a figure."""
    lead = _LEAD.match(text, a, b)
    at = lead.end() if lead is not None else a
    return text[at : at + 24].lower().startswith(_EXPLANATION)


def _is_heading(text: str, a: int, b: int) -> bool:
    """An explanation heading with no "=" after its colon ("Breakdown: OCF $3.7B, capex …")."""
    if text.find(":", a, b) == -1 and text.find("：", a, b) == -1:
        return False
    colon = heading_colon(text, a, b)
    return colon is not None and _EQUATION.search(text, colon, b) is None


def tail_statement(
    text: str,
    items: Sequence[Quantity],
    sentence: tuple[int, int],
    expected: str | None,
    *,
    plain: bool,
    cues: list[Cue],
) -> Selection | None:
    """The answer of a text without conclusion markers or a refusal in its last sentence.

    The common case, taken without building a ``Selector``: the last
    sentence states the figure.  ``None`` when it does not (or when it is an
    explanation, a row of data, alternatives or an example): then the
    ``Selector`` reads the whole answer.  ``items`` are the amounts read from
    the last sentence on; ``cues`` the example and alternative words in it
    (``CueIndex.sentence``).
    """
    a, b = sentence
    spans = [q.span or (0, 0) for q in items]
    figures = [i for i, (x, _) in enumerate(spans) if a <= x < b]
    plain = plain and expected is None
    stated = [
        i
        for i in figures
        if _is_relevant(items[i].dimension, expected, plain)
        and _is_asserted(text, spans[i][0], spans[i][1], a)
    ]
    if not stated:
        return None
    if len(stated) > 1:
        stated = _results(text, a, b, stated, [x for x, _ in spans])
    if (
        _is_row(text, a, b, [spans[i] for i in stated])
        or any(
            "hypothetical" in c.kinds
            or (("alternative" in c.kinds or "guess" in c.kinds) and len(figures) > 1)
            for c in cues
        )
        or _is_explanation(text, a, b)
        or _is_heading(text, a, b)
        or may_follow_heading(text, a)
        or (expected is not None and all(items[i].unit is None for i in stated))
    ):
        return None
    return Selection(tuple(stated), "last_statement", sentence)


class Selector:
    """The answer's sentences, figures and cue words, and what each figure does."""

    __slots__ = (
        "_blocks",
        "_has_refusal",
        "_index",
        "_refusals",
        "_silent",
        "asides",
        "bare",
        "cues",
        "dims",
        "ends",
        "expected",
        "figures_of",
        "markers",
        "plain",
        "sentence_of",
        "sentence_starts",
        "sentences",
        "starts",
        "text",
    )

    def __init__(
        self,
        text: str,
        sentences: list[tuple[int, int]],
        asides: list[tuple[int, int]],
        expected: str | None,
        refusal: RefusalMatcher,
        *,
        plain: bool = True,
        markers: list[Cue] | None = None,
        has_refusal: bool | None = None,
    ) -> None:
        self.text = text
        self.plain = plain and expected is None
        self.sentences = sentences or [(0, len(text))]
        self.sentence_starts = [a for a, _ in self.sentences]
        self.asides = asides
        self.expected = expected
        self._index = refusal.cues
        if markers is None:
            markers = self._index.markers(text) if text else []
        self.cues = markers
        # Refusal phrases are looked for sentence by sentence, when a rule asks.
        self._refusals: dict[int, list[Cue]] = {}
        self._has_refusal = has_refusal
        self.markers = [
            c
            for c in self.cues
            if ("anywhere" in c.kinds or ("opening" in c.kinds and self._opens_clause(c.start)))
            and not any(a <= c.start < b for a, b in asides)
        ]
        self.dims: list[str | None] = []
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.bare: list[bool] = []
        self.sentence_of: list[int] = []
        self.figures_of: dict[int, list[int]] = {}
        self._silent: dict[int, bool] = {}
        self._blocks: frozenset[int] | None = None

    def use(self, items: Sequence[Quantity]) -> Selector:
        """Judge these amounts (all read so far, in text order); returns the selector."""
        spans = [q.span or (0, 0) for q in items]
        self.dims = [q.dimension for q in items]
        self.starts = [a for a, _ in spans]
        self.ends = [b for _, b in spans]
        self.bare = [q.unit is None for q in items]
        starts = self.sentence_starts
        self.sentence_of = [max(0, bisect.bisect_right(starts, x) - 1) for x in self.starts]
        self.figures_of = {}
        for i, s in enumerate(self.sentence_of):
            self.figures_of.setdefault(s, []).append(i)
        self._silent = {}
        return self

    def silent(self, s: int) -> bool:
        """Whether sentence ``s`` offers alternatives or states an example: it asserts nothing."""
        known = self._silent.get(s)
        if known is None:
            a, b = self.sentences[s]
            known = _is_silent(self.text, a, b, len(self.figures_of.get(s, ())))
            self._silent[s] = known
        return known

    def tail(self, mode: SelectMode) -> int:
        """Where to start reading amounts: the last conclusion marker's sentence, else the
        last sentence (everything for ``mode="any"``).  ``select(complete=False)`` says
        whether that was enough."""
        if mode == "any" or not self.text:
            return 0
        if self.markers:
            return self.sentences[self.sentence_at(self.markers[-1].start)][0]
        return self.sentences[-1][0]

    def sentence_at(self, offset: int) -> int:
        """The index of the sentence holding ``offset`` (or the one before it)."""
        return max(0, bisect.bisect_right(self.sentence_starts, offset) - 1)

    # -- what a figure does in its sentence -------------------------------------------

    def _right_after(self, i: int, choices: tuple[str, ...]) -> bool:
        """Whether one of ``choices`` stands right before figure ``i`` (white space between)."""
        start = self.starts[i]
        floor = max(self.sentences[self.sentence_of[i]][0], start - _BEFORE)
        return ends_with_word(self.text, start, floor, choices)

    def _explains(self, s: int) -> bool:
        if _is_explanation(self.text, *self.sentences[s]):
            return True
        if self._blocks is None:
            self._blocks = block_explanations(self.text, self.sentences)
        return s in self._blocks

    def relevant(self, i: int, any_dimension: bool) -> bool:
        """Whether figure ``i`` is of the expected dimension (any with ``any_dimension``).

        A gold without a dimension is a plain number (a ratio, days): money
        does not answer it.  (A question whose answer is a refusal has no
        dimension to go by: every figure counts.)
        """
        return any_dimension or _is_relevant(self.dims[i], self.expected, self.plain)

    def _asserted(self, i: int) -> bool:
        """Not negated ("并非8.7亿元"), not an operand ("365 * …", "… / 2", "(1/n) - 1")."""
        floor = self.sentences[self.sentence_of[i]][0]
        return _is_asserted(self.text, self.starts[i], self.ends[i], floor)

    def negated(self, i: int) -> bool:
        """A negation right before figure ``i``: "并非8.7亿元", "not $8.7 billion"."""
        return self._right_after(i, _NEGATION)

    # -- the answer sentence -----------------------------------------------------------

    def stated(self, s: int, after: int, any_dimension: bool) -> list[int]:
        """The figures sentence ``s`` states from offset ``after`` on (result side of "=")."""
        if self.silent(s):
            return []
        found = [
            i
            for i in self.figures_of.get(s, ())
            if self.starts[i] >= after and self.relevant(i, any_dimension) and self._asserted(i)
        ]
        if len(found) < 2:
            return found
        return _results(self.text, after, self.sentences[s][1], found, self.starts)

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

    def last_statement(
        self, any_dimension: bool, *, complete: bool = True
    ) -> tuple[int, list[int]] | None:
        """The last sentence that states a figure (an explaining one only if no other does).

        A row of data — three or more figures in a row with no word between
        them, and no "=" ("Total net sales 65,984 67,044 65,398", a dump of
        filing text) — states no answer.
        Without ``complete`` (only the tail read) an explaining sentence is no answer yet.
        """
        fallback = None
        for s in sorted(self.figures_of, reverse=True):
            stated = self.stated(s, 0, any_dimension)
            if not stated or self._row(s, stated):
                continue
            if not self._explains(s):
                return s, stated
            if not complete:
                return None
            fallback = fallback or (s, stated)
        return fallback

    def _row(self, s: int, stated: list[int]) -> bool:
        a, b = self.sentences[s]
        return _is_row(self.text, a, b, [(self.starts[i], self.ends[i]) for i in stated])

    # -- refusals -----------------------------------------------------------------------

    @property
    def has_refusal(self) -> bool:
        """Whether a refusal phrase stands anywhere in the answer (looked for once, if asked)."""
        if self._has_refusal is None:
            self._has_refusal = bool(self._index.refusals(self.text))
        return self._has_refusal

    def refusals_in(self, s: int) -> list[Cue]:
        """The refusal phrases of sentence ``s`` (offsets in the text), found once."""
        found = self._refusals.get(s)
        if found is None:
            a, b = self.sentences[s]
            found = self._refusals[s] = self._index.refusals(self.text, a, b)
        return found

    def takes_back(self, s: int) -> list[Cue]:
        """The refusal phrases of sentence ``s`` that take back a figure stated.

        A phrase that only disclaims exactness ("cannot provide an exact
        figure": a ``refusal_scope.hedge`` word soon after it) leaves a figure
        the answer states as an estimate standing.
        """
        end = self.sentences[s][1]
        return [
            c
            for c in self.refusals_in(s)
            if not _HEDGE.scan(self.text[c.end : min(end, c.end + _HEDGE_REACH)])
        ]

    def refuses(self, start: int, end: int, *, hedged: bool = True) -> bool:
        """Whether a refusal phrase stands in ``[start, end)`` outside the asides there.

        With ``hedged=False`` a phrase that only disclaims exactness does not count.
        """
        if self._has_refusal is False:
            return False
        first, last = self.sentence_at(start), self.sentence_at(max(start, end - 1))
        found = self.refusals_in if hedged else self.takes_back
        return any(
            start <= c.start
            and c.end <= end
            and not any(a <= c.start < b and (a, b) != (start, end) for a, b in self.asides)
            for s in range(first, last + 1)
            for c in found(s)
        )

    def governed(self, i: int) -> bool:
        """Whether a refusal phrase governs figure ``i``: its aside, or its part of the sentence."""
        start, end = self.starts[i], self.ends[i]
        for a, b in self.asides:
            if a <= start and end <= b:
                return self.refuses(a, b, hedged=False)
        if not self.takes_back(self.sentence_of[i]):
            return False
        a, b = self.sentences[self.sentence_of[i]]
        contrasts = [(a + c.start, a + c.end) for c in _CONTRAST.scan(self.text[a:b])]
        head = max((y for x, y in contrasts if y <= start), default=a)
        tail = min((x for x, y in contrasts if x >= end), default=b)
        return self.refuses(head, tail, hedged=False)

    def guesses(self, s: int) -> bool:
        """Whether sentence ``s`` guesses ("perhaps", "可能") in an answer that says it cannot
        determine the figure (a refusal phrase that takes back, anywhere): it commits to nothing."""
        a, b = self.sentences[s]
        if self._has_refusal is False or not _GUESS.scan(self.text[a:b]):
            return False
        return self.has_refusal and any(self.takes_back(t) for t in range(len(self.sentences)))

    def closes_with_refusal(self, s: int) -> bool:
        """Whether a later sentence says the answer cannot be given ("… cannot be calculated")."""
        if self._has_refusal is False:
            return False
        for t in range(s + 1, len(self.sentences)):
            if self.takes_back(t):
                a, b = self.sentences[t]
                if _CLOSING.scan(self.text[a:b]):
                    return True
        return False


def select(
    selector: Selector, mode: SelectMode, *, complete: bool = True, partial: bool = False
) -> Selection | None:
    """The figures an answer states as its answer (module docstring), or a refusal.

    With ``complete=False`` only the tail of the answer has been read
    (``Selector.tail``): the result is ``None`` unless the tail decides, and
    the caller reads the rest and asks again.  With ``partial`` the selector
    knows only the last sentence and its refusal phrases (an answer without
    conclusion markers): it decides only when that sentence states the answer
    and no refusal phrase elsewhere could change the verdict.
    """
    if mode == "any":
        return _select_any(selector, selector.has_refusal)
    chosen = _conclusion(selector, any_dimension=False)
    if chosen is not None:
        return chosen
    if not complete and selector.markers:
        return None
    found = selector.last_statement(any_dimension=False, complete=complete)
    if partial and (found is None or _all_bare(selector, found[1])):
        return None  # a refusal phrase outside the last sentence could decide
    if found is not None:
        s, stated = found
        if (
            _all_governed(selector, stated)
            or selector.closes_with_refusal(s)
            or selector.guesses(s)
            or (
                selector.expected is not None
                and _all_bare(selector, stated)
                and selector.has_refusal
            )
        ):
            return _REFUSED
        return Selection(tuple(stated), "last_statement", selector.sentences[s])
    if not complete:
        return None
    if selector.has_refusal:
        return _REFUSED_UNSTATED
    chosen = _conclusion(selector, any_dimension=True, refusals=False)
    if chosen is not None:
        return replace(chosen, stated=False)
    found = selector.last_statement(any_dimension=True)
    if found is not None:
        s, stated = found
        return Selection(tuple(stated), "last_statement", selector.sentences[s], stated=False)
    return _NOTHING


def _conclusion(
    selector: Selector, *, any_dimension: bool, refusals: bool = True
) -> Selection | None:
    for cue in reversed(selector.markers):
        if refusals:
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
        if refusals and (
            _all_governed(selector, stated)
            or selector.closes_with_refusal(s)
            or selector.guesses(s)
        ):
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
        if not selector.silent(selector.sentence_of[i]) and not selector.negated(i)
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
    if how == "subject":
        return "the figure stated for the question's subject"
    if how == "period":
        return "the figure stated for the question's year"
    if how == "any":
        return "any figure"
    return "no figure stated"

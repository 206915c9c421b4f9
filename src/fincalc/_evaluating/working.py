"""What in an answer is working, not its answer: explanations, derivations, operands.

An answer often states its figure first and then shows how it got there::

    FCF was $3,215.4 million. This is calculated as operating cash flow of
    $3,676.2 million less capital expenditures of $460.8 million.

    FCF was $3,215.4 million.

    Calculation:
    - Operating cash flow: $3,676.2 million
    - Capital expenditures: $460.8 million

A careful grader judges $3,215.4 million in both.  The rules, with their
words in ``_data/answers.toml``:

* **Explanation headings** (``[explanation] heading``: "Calculation:",
  "Breakdown:", "Here's how …:", "计算过程：") — a heading word at the start
  of a sentence with a colon soon after it.  The heading's sentence, and when
  nothing follows its colon the lines after it (up to a blank line followed
  by a line that is not a list item), explain the answer: they are judged
  only when no other sentence states a figure.  A line of the block that
  holds "=" is working, not an explanation: its result may be the answer
  ("Total = $1,832 million + $636 million = $2,468 million").
* **Breakdowns** (``[explanation] introduction``: "as follows", "including",
  "其中", "如下") closing a sentence with a colon: the sentence states the
  answer; the list or table under it (same block rule) holds its parts, which
  are explanations.
* **Derivation words** (``[statement] derivation``: "calculated as",
  "derived from", "based on") inside a sentence: the figures after them are
  the inputs of the figure before them.
* **Operator words** (``[statement] operator``: "minus", "plus", "less",
  "divided by", "减去") next to a figure make it an operand, as "-" and "*" do.
"""

from __future__ import annotations

import re

from .._grounding.word_matching import WordFinder, ends_with_word
from .wording import words

__all__ = [
    "block_explanations",
    "derivation_start",
    "heading_colon",
    "introduction_colon",
    "is_word_operand",
    "may_follow_heading",
]

_HEADING = tuple(w.lower() for w in words("explanation.heading"))
_HEADING_REACH = 48  # characters from the heading word to its colon
_COLONS = (":", "：")
_LEAD = re.compile(r"[\s*#>•·\-]*")
# A list item ("- ", "1. ", "2、") or a Markdown table row ("| A | $1,832 |"); bold
# ("**Result: …**") is neither.
_LIST_ITEM = re.compile(r"\s*(?:(?:[-*•·]|\d{1,2}[.)、])\s|\|)")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_EQUATION = re.compile(r"[=≈≒]")
_HEADING_ANYWHERE = re.compile(
    r"(?:" + "|".join(re.escape(w) for w in _HEADING) + r")[^\n:：]{0,48}[:：]", re.IGNORECASE
)
_DERIVATION = WordFinder(dict.fromkeys(words("statement.derivation"), ("derivation",)))
_OPERATOR = tuple(w.lower() for w in words("statement.operator"))
_OPERATOR_AFTER = tuple(w.lower() for w in words("statement.operator") if w != "less")
_REACH = 16  # characters looked at before a figure for an operator word
# How a figure ends, before an operator word: a digit, a bracket, a percent
# sign or a scale or currency word ("$3,676.2 million minus …").
_FIGURE_END = re.compile(
    r"(?:[\d)）%％]|(?:\d|\b)(?:million|billion|thousand|trillion|mn|bn|m|b|k)|[元亿万])$"
)


def heading_colon(text: str, a: int, b: int) -> int | None:
    """The offset after the colon of an explanation heading opening ``text[a:b]``, if any.

    >>> text = "**Calculation:** see below"
    >>> heading_colon(text, 0, len(text))
    14
    >>> heading_colon("Calculations show $5M", 0, 21) is None
    True
    """
    lead = _LEAD.match(text, a, b)
    at = lead.end() if lead is not None else a
    head = text[at : min(b, at + _HEADING_REACH)]
    low = head.lower()
    if not low.startswith(_HEADING):
        return None
    for word in _HEADING:
        if low.startswith(word):
            after = len(word)
            if after < len(low) and word[-1].isascii() and low[after].isalnum():
                continue  # "Calculations" is not "Calculation"; a word must end there
            colon = min((i for i in (low.find(c, after) for c in _COLONS) if i != -1), default=-1)
            if colon != -1:
                return at + colon + 1
    return None


_INTRODUCTION = tuple(w.lower() for w in words("explanation.introduction"))
_INTRODUCTION_REACH = 24  # characters from an introduction word to the colon closing it
_INTRODUCTION_ANYWHERE = re.compile(
    r"(?:" + "|".join(re.escape(w) for w in _INTRODUCTION) + r")[^\n:：]{0,24}[:：]",
    re.IGNORECASE,
)
_CLOSING = " \t*_"


def introduction_colon(text: str, a: int, b: int) -> int | None:
    """The offset after the colon closing ``text[a:b]`` when a breakdown is introduced there.

    >>> text = "Revenue was $2,468 million, broken down as follows:"
    >>> introduction_colon(text, 0, len(text)) == len(text)
    True
    >>> introduction_colon("Note: revenue rose", 0, 18) is None
    True
    """
    end = b
    while end > a and text[end - 1] in _CLOSING:
        end -= 1
    if end <= a or text[end - 1] not in _COLONS:
        return None
    window = text[max(a, end - 1 - _INTRODUCTION_REACH) : end - 1].rstrip(_CLOSING + ",，").lower()
    if not window.endswith(_INTRODUCTION) and not any(w in window for w in _INTRODUCTION):
        return None
    return end


def block_explanations(text: str, sentences: list[tuple[int, int]]) -> frozenset[int]:
    """The sentences an explanation heading makes explanations (module docstring).

    >>> from fincalc._evaluating.sentences import sentences
    >>> text = ("FCF was $3.2B.\\n\\nCalculation:\\n\\n- OCF: $3.7B\\n- Capex: $0.5B"
    ...         "\\n\\nSo FCF is $3.2B.")
    >>> spans = sentences(text)
    >>> [text[spans[s][0] : spans[s][1]] for s in sorted(block_explanations(text, spans))]
    ['Calculation:', '- OCF: $3.7B', '- Capex: $0.5B']
    """
    if ":" not in text and "：" not in text:
        return frozenset()
    found: set[int] = set()
    count = len(sentences)
    s = 0
    while s < count:
        a, b = sentences[s]
        colon = heading_colon(text, a, b)
        s += 1
        if colon is None:
            if introduction_colon(text, a, b) is None:
                continue
            # "Revenue was $2,468 million, broken down as follows:": the sentence
            # is the answer, the lines under it its parts
        else:
            rest = text[colon:b].strip(" \t*_")
            if not _EQUATION.search(rest):
                found.add(s - 1)
            if rest:
                continue
        first = True  # a blank line may follow the bare heading itself
        while s < count:  # the lines under the heading
            a, b = sentences[s]
            gap = text[sentences[s - 1][1] : a]
            if not first and _BLANK_LINE.search(gap) and _LIST_ITEM.match(text, a) is None:
                break
            first = False
            if not _EQUATION.search(text, a, b):
                found.add(s)
            s += 1
    return frozenset(found)


def may_follow_heading(text: str, before: int) -> bool:
    """Whether an explanation heading may stand in ``text[:before]`` (a quick test).

    >>> may_follow_heading("Breakdown:\\n- OCF $3.7B", 11), may_follow_heading("FCF $3.2B", 9)
    (True, False)
    """
    if text.find(":", 0, before) == -1 and text.find("：", 0, before) == -1:
        return False
    return (
        _HEADING_ANYWHERE.search(text, 0, before) is not None
        or _INTRODUCTION_ANYWHERE.search(text, 0, before) is not None
    )


def derivation_start(text: str, a: int, b: int, first_figure: int) -> int | None:
    """Where the inputs begin in ``text[a:b]``: the first derivation word after a figure.

    >>> text = "FCF is $3.2B, calculated as $3.7B minus $0.5B."
    >>> derivation_start(text, 0, len(text), 7)
    14
    """
    for cue in _DERIVATION.scan(text[a:b]):
        if a + cue.start > first_figure:
            return a + cue.start
    return None


def is_word_operand(text: str, start: int, end: int, floor: int) -> bool:
    """Whether an operator word stands right before or after a figure ("$3.7B minus $0.5B").

    >>> text = "$3.7B minus $0.5B"
    >>> is_word_operand(text, 0, 5, 0), is_word_operand(text, 12, 17, 0)
    (True, True)
    >>> is_word_operand("$5M less than last year", 0, 3, 0)
    False
    >>> is_word_operand("The company reported minus $3.2 million", 28, 40, 0)
    False
    """
    window = max(floor, start - _REACH)
    if ends_with_word(text, start, window, _OPERATOR):
        # a sign ("reported minus $3.2 million") unless a figure stands before the word
        before = text[max(floor, start - _REACH - _REACH) : start].rstrip().lower()
        for word in _OPERATOR:
            if before.endswith(word):
                return _FIGURE_END.search(before[: len(before) - len(word)].rstrip()) is not None
    after = text[end : end + _REACH].lstrip(" \t").lower()
    if not after.startswith(_OPERATOR_AFTER):
        return False
    for word in _OPERATOR_AFTER:
        if after.startswith(word):
            rest = after[len(word) : len(word) + 1]
            if not (word[-1].isascii() and rest.isalnum()):
                return True
    return False

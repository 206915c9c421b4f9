"""Sentences, clauses and asides of an answer text, as offsets into it.

The judge reads an answer sentence by sentence: the concluding sentence
carries the answer, a refusal phrase governs the sentence it stands in, a
direction word the clause it stands in.  A sentence ends at 。！？；;!?, at a
line break (unless the next line continues a calculation: it starts with
"=" or "≈"), or at a full stop followed by a space — except after an
abbreviation listed in ``_data/sentences.toml``: "approx.",
"e.g.", "U.S."), so "fell by approx. 5%" stays one clause.  A bracketed
aside that holds words ("（华岳酒业·2023年报·P12）", "(in thousands)") is a
unit of its own; brackets around a number alone ("(1,577)") are an
accounting negative, not an aside.

Offsets always point into the original text; nothing here copies more than
one sentence.
"""

from __future__ import annotations

import re

from .._grounding.word_matching import is_sentence_end

__all__ = [
    "asides",
    "blank",
    "last_sentence",
    "sentence_at",
    "sentences",
]

# Punctuation, not words: it stays in code.  A line break followed by a line
# that starts with "=" or "≈" continues a calculation.
_BREAK = re.compile(r"[。！？；;!?]+|\n(?![ \t]*[=≈])|\.(?=\s|$)")
# The same breaks matched on the reversed text (the last break first); a line
# break is checked for a continuation line in code.
_BREAK_REVERSED = re.compile(r"[。！？；;!?]+|\n|\.(?<=\s\.)")
_ASIDE = re.compile(r"[（(][^（）()\n]{0,400}[）)]")
# An aside holds a word: a Latin letter or a CJK character.  "(1,577)" does not.
_WORDY = re.compile(r"[A-Za-z\u3400-\u9fff]")


def _breaks(text: str, pattern: re.Pattern[str], start: int, end: int) -> list[int]:
    """Offsets just after each break in ``text[start:end]`` (abbreviation dots skipped)."""
    found = []
    for match in pattern.finditer(text, start, end):
        at = match.start()
        if text[at] == "." and not is_sentence_end(text, at):
            continue
        found.append(match.end())
    return found


def sentences(text: str) -> list[tuple[int, int]]:
    """The sentences of ``text`` as ``(start, end)`` offsets, without empty ones.

    Each sentence keeps its closing punctuation; white space between
    sentences belongs to none.

    >>> text = "Revenue fell by approx. 5%. So the margin is 9.1%."
    >>> [text[a:b] for a, b in sentences(text)]
    ['Revenue fell by approx. 5%.', 'So the margin is 9.1%.']
    >>> text = "DPO = 365 * 29,963 / 116,520\\n   = 93.86\\n\\n因此，DPO为93.86天。"
    >>> [text[a:b] for a, b in sentences(text)]
    ['DPO = 365 * 29,963 / 116,520\\n   = 93.86', '因此，DPO为93.86天。']
    """
    spans = []
    start = 0
    for end in [*_breaks(text, _BREAK, 0, len(text)), len(text)]:
        a, b = start, end
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if a < b:
            spans.append((a, b))
        start = end
    return spans


_CONTINUATION = re.compile(r"[ \t]*[=≈]")


def last_sentence(text: str) -> tuple[int, int]:
    """The last sentence of ``text`` (``sentences(text)[-1]``), found from the end.

    >>> text = "Costs fell. So the margin is 9.1%."
    >>> text[slice(*last_sentence(text))]
    'So the margin is 9.1%.'
    >>> last_sentence("   ")
    (0, 0)
    """
    end = len(text)
    while end and text[end - 1].isspace():
        end -= 1
    if not end:
        return 0, 0
    reversed_text = text[end - 1 :: -1]
    # the last sentence's own closing punctuation is part of it
    close = _BREAK_REVERSED.match(reversed_text)
    at = close.end() if close is not None and text[end - 1] != "\n" else 0
    while True:
        match = _BREAK_REVERSED.search(reversed_text, at)
        if match is None:
            start = 0
            break
        position = end - match.start()  # just after the break in ``text``
        char = text[position - 1]
        at = match.end()
        if char == "\n" and _CONTINUATION.match(text, position):
            continue
        if char == "." and not is_sentence_end(text, position - 1):
            continue
        start = position
        break
    while start < end and text[start].isspace():
        start += 1
    return start, end


def sentence_at(spans: list[tuple[int, int]], offset: int) -> int:
    """The index of the sentence in ``spans`` that holds ``offset`` (or the one before it).

    >>> sentence_at([(0, 5), (7, 12)], 8), sentence_at([(0, 5), (7, 12)], 6)
    (1, 0)
    """
    lo, hi = 0, len(spans) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if spans[mid][0] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo


def asides(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Bracketed asides that hold a word, as ``(start, end)`` offsets including the brackets.

    >>> text = "营业收入为8.7亿元（华岳酒业·2023年报·P12），资本开支为(1,577)"
    >>> [text[a:b] for a, b in asides(text)]
    ['（华岳酒业·2023年报·P12）']
    """
    stop = len(text) if end is None else end
    found: list[tuple[int, int]] = []
    at = start
    while True:  # the opening brackets by str.find: far cheaper than a regex over the text
        a = text.find("(", at, stop)
        b = text.find("（", at, stop)
        opening = a if b == -1 or (a != -1 and a < b) else b
        if opening == -1:
            return found
        match = _ASIDE.match(text, opening, stop)
        if match is not None and _WORDY.search(match.group()):
            found.append(match.span())
            at = match.end()
        else:
            at = opening + 1


def blank(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each span replaced by spaces (offsets stay the same).

    >>> blank("8.7亿元（P12）。", [(5, 10)])
    '8.7亿元     。'
    """
    if not spans:
        return text
    parts = []
    at = 0
    for a, b in spans:
        parts.append(text[at:a])
        parts.append(" " * (b - a))
        at = b
    parts.append(text[at:])
    return "".join(parts)

"""Refusals: phrases that mark an answer as a refusal, and the text they govern.

A refusal phrase ("未披露", "cannot be determined") makes an answer a refusal
unless an amount of the expected dimension stands outside the unit of text
the phrase governs: its sentence, a bracketed aside, or the part of a
sentence before or after a contrast word (但/不过, "but", "however").  So
"营业收入为8.7亿元（报告未披露分部数据）" is an answer and
"资料未披露，无法确定是否为8.7亿元" a refusal.  ``is_refusal`` is the phrase
test alone.

The phrases and contrast words are data (``_data/answers.toml``:
``refusal``, ``refusal_scope``); adding a phrase is a one-line data change.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Sequence

from .._base.bounded import read_text
from .._base.exceptions import FincalcError, InvalidInputError
from .._base.public import public
from .._base.vocabulary import MAX_WORDLIST_BYTES, load_vocabulary
from .._grounding.word_matching import last_match, trie_pattern, word_alternation
from .._values.quantity import Quantity
from .cues import cue_index
from .wording import words

__all__ = [
    "DEFAULT_REFUSAL_PHRASES",
    "RefusalMatcher",
    "default_refusal_phrases",
    "is_refusal",
    "read_refusal_phrases",
    "refusal_governs",
    "refusal_matcher",
]

#: Phrases that mark an answer as a refusal (matched case-insensitively as
#: substrings), from ``_data/answers.toml`` ``[refusal]``: Chinese, then English.
DEFAULT_REFUSAL_PHRASES: tuple[str, ...] = words("refusal")


@public
def default_refusal_phrases() -> tuple[str, ...]:
    """Return the phrases that mark a refusal by default (Chinese and English).

    Extend rather than replace them with
    ``refusal_phrases=(*default_refusal_phrases(), "查无此项")``.

    >>> "未在所给资料中检索到" in default_refusal_phrases()
    True
    """
    return DEFAULT_REFUSAL_PHRASES


class RefusalMatcher:
    """Case-insensitive substring search for refusal phrases.

    The phrases go into one prefix tree matched over the lower-cased answer
    (``cues.trie_pattern``): one pass, about twice as fast as testing each of
    the hundred-odd phrases with ``in`` and four times as fast as a
    case-insensitive alternation (docs/performance.md, "Evaluation").
    """

    __slots__ = ("_pattern", "cues", "phrases")

    def __init__(self, phrases: tuple[str, ...]) -> None:
        self.phrases = tuple(sorted({p.lower() for p in phrases}, key=lambda p: (-len(p), p)))
        self._pattern = re.compile(trie_pattern(self.phrases)) if self.phrases else None
        #: The cue index of these phrases and the conclusion markers (``cues``).
        self.cues = cue_index(self.phrases)

    def search(self, text: str) -> str | None:
        """The first phrase found in ``text`` (lower-cased as found), or ``None``."""
        if self._pattern is None:
            return None
        match = self._pattern.search(text.lower())
        return None if match is None else match.group()


# A refusal phrase governs the sentence it stands in.  A bracketed aside is a
# unit of its own (and is cut out of the sentence around it; an accounting
# negative such as "(1,577)" is an amount, not an aside), and a contrast word
# (``[refusal_scope]`` in the data: 但, 不过, "but", …) starts a new unit.
_ASIDE = re.compile(r"[（(][^（）()]*[）)]")
_UNIT_BREAK = re.compile(
    r"[。！？；;!?\n]|\.(?=\s|$)|" + word_alternation(words("refusal_scope.contrast")),
    re.IGNORECASE,
)


def refusal_governs(
    text: str, candidates: Sequence[Quantity], dimension: str | None, refusal: RefusalMatcher
) -> bool:
    """True when a refusal phrase in ``text`` governs every answer-like amount in it.

    Call only when ``refusal`` found a phrase in ``text``.  The answer is not
    a refusal when it holds an amount of the expected ``dimension`` (one with
    a unit; a bare number only under a declared unit, which gives it one)
    outside every unit of text a refusal phrase governs:
    "营业收入为8.7亿元（报告未披露分部数据）" and "The filing does not contain
    segment data; total revenue was $1.2 billion." are answers,
    "资料未披露，无法确定是否为8.7亿元" is a refusal.
    """
    spans = [
        q.span
        for q in candidates
        if q.span is not None
        and q.unit is not None
        and (q.dimension is None or dimension is None or q.dimension == dimension)
    ]
    if not spans:
        return True
    # Brackets that are an amount themselves ("(1,577)") are no aside.
    asides = [m.span() for m in _ASIDE.finditer(text) if m.span() not in spans]
    outer = text
    for a, b in asides:
        outer = outer[:a] + " " * (b - a) + outer[b:]
    for start, end in spans:
        unit = next((text[a:b] for a, b in asides if a <= start and end <= b), None)
        if unit is None:
            head = last_match(_UNIT_BREAK, outer[:start])
            tail = _UNIT_BREAK.search(outer, end)
            unit = outer[head.end() if head else 0 : tail.start() if tail else len(outer)]
        if refusal.search(unit) is None:
            return False
    return True


@functools.lru_cache(maxsize=64)
def _phrase_pattern(phrases: tuple[str, ...]) -> RefusalMatcher:
    """One matcher per distinct phrase tuple (cached: ``evaluate`` asks once per run)."""
    if not phrases or not all(isinstance(p, str) and p.strip() for p in phrases):
        raise InvalidInputError(
            "refusal phrases must be a non-empty sequence of non-empty strings",
            argument="refusal_phrases",
            value=repr(phrases)[:80],
        )
    longest = max(len(p) for p in phrases)
    if longest > MAX_PHRASE_CHARS or len(phrases) > MAX_PHRASES:
        raise InvalidInputError(
            f"refusal phrases: {len(phrases):,} phrases, the longest {longest:,} characters; "
            f"at most {MAX_PHRASES:,} phrases of at most {MAX_PHRASE_CHARS} characters each "
            "(a refusal is a short phrase such as 'not disclosed')",
            argument="refusal_phrases",
            value=repr(phrases)[:80],
            limit=MAX_PHRASE_CHARS,
        )
    return RefusalMatcher(phrases)


#: Longest refusal phrase accepted (the matcher's prefix tree is as deep as its phrases).
MAX_PHRASE_CHARS = 200
#: Most refusal phrases accepted in one list.
MAX_PHRASES = 100_000


def refusal_matcher(phrases: Iterable[str] | None) -> RefusalMatcher:
    """The matcher for ``phrases`` (the defaults for ``None``; one string is one phrase).

    Raises:
        InvalidInputError: ``phrases`` is empty or holds an empty or non-string item.
    """
    if phrases is None:
        return _phrase_pattern(DEFAULT_REFUSAL_PHRASES)
    if isinstance(phrases, str):
        phrases = (phrases,)
    if not isinstance(phrases, Iterable):
        raise InvalidInputError(
            f"refusal phrases must be strings, got {type(phrases).__name__}",
            argument="refusal_phrases",
            value=repr(phrases)[:80],
        )
    items = tuple(phrases)
    if not all(isinstance(p, str) for p in items):  # checked before the cache hashes them
        raise InvalidInputError(
            "refusal phrases must be a non-empty sequence of non-empty strings",
            argument="refusal_phrases",
            value=repr(items)[:80],
        )
    return _phrase_pattern(items)


@public
def is_refusal(text: object, *, phrases: Iterable[str] | None = None) -> bool:
    """Return True when ``text`` contains a refusal phrase; never raises on odd input.

    Args:
        text: The answer text (anything that is not a string is not a refusal).
        phrases: Phrases to look for instead of ``DEFAULT_REFUSAL_PHRASES``.

    >>> is_refusal("未在所给资料中检索到该公司2023年的研发费用。")
    True
    >>> is_refusal("The figure is not found in the provided documents.")
    True
    >>> is_refusal("营业收入为 8.7 亿元")
    False

    This is the phrase test alone.  ``check_answer`` and ``evaluate`` also
    read the amounts: an answer that states one of the expected dimension
    outside the sentence the phrase governs is not a refusal
    (docs/evaluating.md, "Refusals").
    """
    if not isinstance(text, str):
        return False
    try:
        pattern = refusal_matcher(phrases)
    except (InvalidInputError, TypeError):
        return False
    return pattern.search(text) is not None


def read_refusal_phrases(path: str | os.PathLike[str]) -> tuple[str, ...]:
    """Read refusal phrases from a file: a word list in the bundled TOML format, or plain text.

    Plain text has one phrase per line; ``#`` starts a comment.  A ``.toml``
    file is read with ``load_vocabulary`` and every list in it is taken.

    Raises:
        InvalidInputError: the file cannot be read or holds no phrase.
        DataFileError: a ``.toml`` file is malformed.
    """
    name = os.fspath(path)
    if name.endswith(".toml"):
        found = load_vocabulary(name)
        phrases = [w for key in found.keys() for w in found.words(key)]  # noqa: SIM118
    else:
        try:
            lines = read_text(name, max_bytes=MAX_WORDLIST_BYTES).splitlines()
        except FincalcError as exc:
            raise InvalidInputError(
                f"cannot read refusal phrases from {name!r}: {exc}",
                argument="refusal_phrases",
                value=name,
                limit=MAX_WORDLIST_BYTES,
            ) from exc
        phrases = [line.split("#", 1)[0].strip() for line in lines]
    result = tuple(p for p in phrases if p)
    if not result:
        raise InvalidInputError(
            f"{name!r} holds no refusal phrase (one per line, '#' starts a comment)",
            argument="refusal_phrases",
            value=name,
        )
    return result

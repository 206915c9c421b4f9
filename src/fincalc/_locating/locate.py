"""``locate``: find a model's verbatim quote in the source document.

A located span is what every later number is bound to, so a wrong span is
worse than no span.  Three stages run in order and the first that finds
anything decides:

1. **exact** — ``str.find``; every occurrence is enumerated, and more than
   one is an ``AmbiguousQuoteError`` unless ``occurrence=`` or ``near=`` picks.
2. **normalized** — the same comparison after layout normalisation
   (``layout.py``), done with regular expressions built from the normalised
   quote that run over the original document, so offsets need no mapping
   (``search.py``).
3. **fuzzy** — the span of smallest edit distance to the normalised quote,
   under a hard constraint: the numbers in the span (digits, decimal points,
   sign and scale such as ``%``, ``亿``, ``million``) equal the quote's.
   Candidate places are seeded by the quote's most distinctive number
   (``seeds.py``); at each, the text between and around the numbers is
   aligned with bit-parallel edit-distance scans (Myers/Hyyrö), free at the
   outer ends (semi-global, Sellers; ``align.py``, ``fuzzy.py``).  Quotes
   without digits (``allow_no_digit=True``) are seeded by the pigeonhole
   principle: with at most *k* edits, one of *k + 1* pieces of the quote
   occurs unchanged.

In every stage a match is rejected when its boundary cuts a number of the
document in half ("增长8.7" inside "增长8.75%", "147" inside "1,147,693", "8.7"
before "万"): the caller parses the number from the span, and a cut number is
a wrong number (``kept.py``, which also holds what a fuzzy match must keep).
A refusal names the closest rejected text and why (``rejected.py``).

This module is the entry point: argument checks, the order of the stages, and
the choice among equally good places.  Nothing here keeps state between
calls; every loop is bounded by the documented limits (``limits.py``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

from .._base.exceptions import AmbiguousQuoteError, InvalidInputError, InvalidQuoteError
from .._base.public import public
from .fuzzy import fuzzy_free, fuzzy_numbers
from .kept import TOKEN, cut_number
from .layout import normalize_layout
from .limits import (
    MAX_CANDIDATES,
    MAX_DOCUMENT_LENGTH,
    MAX_QUOTE_LENGTH,
    MAX_SEEDS,
    MIN_QUOTE_LENGTH,
    MIN_RATIO_FLOOR,
)
from .rejected import Rejected, not_found, preview, raise_occurrence
from .search import (
    Place,
    exact_places,
    normalized_in_windows,
    normalized_places,
    normalized_whole,
    unmarked_in_windows,
)
from .seeds import number_windows

__all__ = [
    "MAX_CANDIDATES",
    "MAX_DOCUMENT_LENGTH",
    "MAX_QUOTE_LENGTH",
    "MAX_SEEDS",
    "MIN_QUOTE_LENGTH",
    "MIN_RATIO_FLOOR",
    "Method",
    "Span",
    "locate",
]

Method = Literal["exact", "normalized", "fuzzy"]

_METHODS = frozenset({"exact", "normalized", "fuzzy"})
_HAS_DIGIT = re.compile(r"\d")


@public
@dataclass(frozen=True, slots=True)
class Span:
    """Where a quote was found: half-open offsets into the original document.

    ``doc[span.start:span.end] == span.text`` always holds for the document
    ``locate`` was given.

    Attributes:
        start: Offset of the first character of the match.
        end: Offset just past the last character of the match.
        method: ``"exact"``, ``"normalized"`` (equal after layout
            normalisation) or ``"fuzzy"`` (within ``min_ratio``, numbers equal).
        score: ``1 - edits / len(normalised quote)``; 1.0 for exact and
            normalized matches.
        text: The matched document text.

    >>> Span(4, 9, "exact", 1.0, "8.7亿元")
    Span(start=4, end=9, method='exact', score=1.0, text='8.7亿元')
    """

    start: int
    end: int
    method: Method
    score: float
    text: str

    def __post_init__(self) -> None:
        if (
            not all(type(x) is int for x in (self.start, self.end))
            or not isinstance(self.text, str)
            or not isinstance(self.score, int | float)
        ):
            raise InvalidInputError(
                "Span takes int offsets, a method, a float score and the matched text, got "
                f"({type(self.start).__name__}, {type(self.end).__name__}, "
                f"{type(self.method).__name__}, {type(self.score).__name__}, "
                f"{type(self.text).__name__})",
                argument="span",
                value=None,
            )
        if not 0 <= self.start <= self.end or self.end - self.start != len(self.text):
            raise InvalidInputError(
                f"span ({self.start}, {self.end}) does not fit its text {self.text!r}; "
                "end - start must equal len(text)",
                argument="span",
                value=(self.start, self.end),
            )
        if self.method not in _METHODS:
            raise InvalidInputError(
                f"span method {self.method!r} is not one of {sorted(_METHODS)}",
                argument="method",
                value=self.method,
            )


# -- public entry point ------------------------------------------------------------


@public
def locate(
    doc: str,
    quote: str,
    *,
    min_ratio: float = 0.9,
    occurrence: int | None = None,
    near: int | None = None,
    allow_no_digit: bool = False,
) -> Span:
    """Find ``quote`` in ``doc`` and return the span it occupies there.

    Stages run in order — exact, normalized, fuzzy — and the first that finds
    anything decides.  A fuzzy match may forgive typos in the words but never
    a changed number: its numbers (digits, decimal points, sign, scale) must
    equal the quote's exactly.

    Args:
        doc: The source document (at most ``MAX_DOCUMENT_LENGTH`` characters).
        quote: The verbatim quote, with at least ``MIN_QUOTE_LENGTH`` non-space
            characters and (unless ``allow_no_digit``) a digit.  Exact and
            layout-normalised matching take a quote of any length (a whole
            table, a page section); only the fuzzy stage is bounded, to
            ``MAX_QUOTE_LENGTH`` characters.
        min_ratio: Fuzzy acceptance threshold: ``1 - edits / len(quote) >=
            min_ratio``, between ``MIN_RATIO_FLOOR`` and 1.
        occurrence: Pick the n-th (0-based) of several equally good matches.
        near: Pick the match closest to this document offset.
        allow_no_digit: Accept a quote without any digit.

    Returns:
        The ``Span``; ``doc[span.start:span.end] == span.text``.

    Raises:
        InvalidQuoteError: The quote is empty, too short or has no digit.
        InvalidInputError: ``doc`` is not a string or too long, or an option is invalid.
        AmbiguousQuoteError: Several places match equally well (carries their offsets).
        QuoteNotFoundError: Nothing matches; carries the best rejected candidate,
            its score and why it was rejected.

    >>> doc = "2024年营业收入为8.7亿元，同比增长12.5%。"
    >>> locate(doc, "营业收入为8.7亿元")
    Span(start=5, end=15, method='exact', score=1.0, text='营业收入为8.7亿元')
    >>> locate("营业收入为\\n８.７亿元", "营业收入为8.7亿元").method
    'normalized'
    >>> span = locate(doc, "营收收入为8.7亿元，同比增长12.5%")
    >>> span.method, span.text, round(span.score, 3)
    ('fuzzy', '营业收入为8.7亿元，同比增长12.5%', 0.95)
    >>> locate(doc, "营业收入为8.1亿元，同比增长12.5%")
    Traceback (most recent call last):
    ...
    fincalc.QuoteNotFoundError: quote '营业收入为8.1亿元，同比增长12.5%' not found ...
    """
    _check_document(doc)
    _check_quote(quote, allow_no_digit)
    if not (
        type(min_ratio) is float
        and MIN_RATIO_FLOOR <= min_ratio <= 1.0
        and occurrence is None
        and near is None
    ):
        _check_options(doc, min_ratio, occurrence, near)
    rejected = Rejected()

    # Stage 1: exact.
    first = doc.find(quote)
    if first != -1:
        size = len(quote)
        if doc.find(quote, first + 1) == -1 and cut_number(doc, first, first + size) is None:
            if occurrence is not None and occurrence != 0:
                raise_occurrence(quote, occurrence, 1, "exact")
            return Span(first, first + size, "exact", 1.0, doc[first : first + size])
        places, complete = exact_places(doc, quote, first, rejected)
        if places:
            return _choose(doc, quote, places, "exact", occurrence, near, complete)

    # Stages 2 and 3 share their candidate places: around the quote's numbers
    # when it has any, else wherever pieces of it occur.
    nq = normalize_layout(quote).text
    m = len(nq)
    max_edits = math.floor(m * (1.0 - min_ratio) + 1e-9)
    if m > MAX_QUOTE_LENGTH:  # a long quote: one normalisation of the whole document
        places, complete = normalized_whole(doc, nq, rejected)
        if places:
            return _choose(doc, quote, places, "normalized", occurrence, near, complete)
        rejected.note = rejected.note or (
            f"the quote is {m:,} characters long; exact and layout-normalised matching found "
            f"nothing, and fuzzy matching is bounded to {MAX_QUOTE_LENGTH:,} characters"
        )
        raise not_found(doc, quote, rejected)
    qtokens = list(TOKEN.finditer(nq))
    if qtokens:
        windows = number_windows(doc, nq, qtokens, max_edits, rejected)
        places, complete = normalized_in_windows(doc, nq, windows, rejected)
    else:
        places, complete = normalized_places(doc, nq, rejected)
    if places:
        return _choose(doc, quote, places, "normalized", occurrence, near, complete)
    if qtokens:  # a table row quoted without its "|" or its "$" marks
        places, complete = unmarked_in_windows(doc, nq, windows, rejected)
        if places:
            return _choose(doc, quote, places, "normalized", occurrence, near, complete)

    if qtokens:
        places = fuzzy_numbers(doc, nq, qtokens, windows, max_edits, min_ratio, rejected)
    else:
        places = fuzzy_free(doc, nq, max_edits, min_ratio, rejected, diagnostic=False)
    if places:
        best = min(place.edits for place in places)
        tied = _distinct([p for p in places if p.edits == best])
        return _choose(doc, quote, tied, "fuzzy", occurrence, near, True, m)
    if qtokens and rejected.start < 0:  # say what the closest text is
        fuzzy_free(doc, nq, max(max_edits, m // 4), min_ratio, rejected, diagnostic=True)
    raise not_found(doc, quote, rejected)


# -- argument checks -----------------------------------------------------------------


def _check_document(doc: object) -> None:
    if not isinstance(doc, str):
        raise InvalidInputError(
            f"doc: expected str, got {type(doc).__name__}; pass the document text",
            argument="doc",
            value=type(doc).__name__,
        )
    if len(doc) > MAX_DOCUMENT_LENGTH:
        raise InvalidInputError(
            f"doc: {len(doc):,} characters exceed the limit of {MAX_DOCUMENT_LENGTH:,}; "
            "split the document into chunks (pages, sections) and locate within the cited one",
            argument="doc",
            value=len(doc),
            limit=MAX_DOCUMENT_LENGTH,
        )


def _check_quote(quote: object, allow_no_digit: bool) -> None:
    if not isinstance(quote, str):
        raise InvalidInputError(
            f"quote: expected str, got {type(quote).__name__}",
            argument="quote",
            value=type(quote).__name__,
        )
    visible = sum(map(len, quote.split()))
    if visible == 0:
        raise InvalidQuoteError(
            f"quote {quote!r} is empty; quote the sentence that holds the number",
            quote=quote,
            reason="empty",
        )
    if visible < MIN_QUOTE_LENGTH:
        raise InvalidQuoteError(
            f"quote {quote!r} is too short: {visible} non-space characters, fewer than the "
            f"minimum of {MIN_QUOTE_LENGTH}; quote the words around the number too",
            quote=quote,
            reason="too short",
        )
    if not allow_no_digit and _HAS_DIGIT.search(quote) is None:
        raise InvalidQuoteError(
            f"quote {preview(quote)!r} contains no digit, so it cannot hold the number; "
            "quote the text with the number, or pass allow_no_digit=True to locate prose",
            quote=quote,
            reason="no digit",
        )


def _check_options(doc: str, min_ratio: object, occurrence: object, near: object) -> None:
    if isinstance(min_ratio, bool) or not isinstance(min_ratio, int | float):
        raise InvalidInputError(
            f"min_ratio: expected a number between {MIN_RATIO_FLOOR} and 1, got {min_ratio!r}",
            argument="min_ratio",
            value=repr(min_ratio),
        )
    if not MIN_RATIO_FLOOR <= min_ratio <= 1:
        raise InvalidInputError(
            f"min_ratio {min_ratio!r} is outside [{MIN_RATIO_FLOOR}, 1]; below "
            f"{MIN_RATIO_FLOOR} nearly any text would match",
            argument="min_ratio",
            value=min_ratio,
        )
    if occurrence is not None and near is not None:
        raise InvalidInputError(
            "pass occurrence= or near=, not both",
            argument="occurrence",
            value=(occurrence, near),
        )
    for name, value, upper in (("occurrence", occurrence, None), ("near", near, len(doc))):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidInputError(
                f"{name}: expected a non-negative int, got {value!r}",
                argument=name,
                value=repr(value),
            )
        if upper is not None and value > upper:
            raise InvalidInputError(
                f"near={value} is past the end of the document ({upper} characters)",
                argument=name,
                value=value,
                limit=upper,
            )


# -- choosing among places ---------------------------------------------------------------


def _distinct(places: list[Place]) -> list[Place]:
    """Collapse overlapping places (the same place reached twice) into one, keeping the first."""
    out: list[Place] = []
    for place in sorted(places):
        if out and place.start < out[-1].end:
            continue
        out.append(place)
    return out


def _choose(
    doc: str,
    quote: str,
    places: list[Place],
    method: Method,
    occurrence: int | None,
    near: int | None,
    complete: bool,
    length: int = 1,
) -> Span:
    chosen: Place | None = None
    if occurrence is not None:
        if occurrence >= len(places):
            raise_occurrence(quote, occurrence, len(places), method)
        chosen = places[occurrence]
    elif near is not None and complete:
        distances = sorted((_distance(place, near), place.start) for place in places)
        if len(distances) == 1 or distances[0][0] < distances[1][0]:
            chosen = next(p for p in places if p.start == distances[0][1])
    elif len(places) == 1:
        chosen = places[0]
    if chosen is None:
        offsets = tuple(place.start for place in places)
        shown = ", ".join(str(offset) for offset in offsets[:10])
        more = "" if complete and len(offsets) <= 10 else ", …"
        hint = (
            "pass occurrence= or near= to pick one, or quote more surrounding text"
            if near is None
            else f"near={near} is equally close to several; pass occurrence="
        )
        raise AmbiguousQuoteError(
            f"quote {preview(quote)!r} matches {len(offsets)}{'' if complete else '+'} places "
            f"({method}) at offsets {shown}{more}; {hint}",
            quote=quote,
            offsets=offsets,
            method=method,
        )
    score = 1.0 if method != "fuzzy" else 1.0 - chosen.edits / length
    return Span(chosen.start, chosen.end, method, score, doc[chosen.start : chosen.end])


def _distance(place: Place, near: int) -> int:
    if place.start <= near < place.end:
        return 0
    return place.start - near if near < place.start else near - place.end + 1

"""``locate``: find a model's verbatim quote in the source document.

A located span is what every later number is bound to, so a wrong span is
worse than no span.  Three stages run in order and the first that finds
anything decides:

1. **exact** — ``str.find``; every occurrence is enumerated, and more than
   one is an ``AmbiguousQuoteError`` unless ``occurrence=`` or ``near=`` picks.
2. **normalized** — the same comparison after layout normalisation
   (``layout.py``), done with regular expressions built from the normalised
   quote that run over the original document, so offsets need no mapping.
3. **fuzzy** — the span of smallest edit distance to the normalised quote,
   under a hard constraint: the numbers in the span (digits, decimal points,
   sign and scale such as ``%``, ``亿``, ``million``) equal the quote's.
   Candidate places are seeded by the quote's most distinctive number; at each,
   the text between and around the numbers is aligned with bit-parallel
   edit-distance scans (Myers/Hyyrö), free at the outer ends (semi-global,
   Sellers).  Quotes without digits (``allow_no_digit=True``) are seeded by the
   pigeonhole principle: with at most *k* edits, one of *k + 1* pieces of the
   quote occurs unchanged.

In every stage a match is rejected when its boundary cuts a number of the
document in half ("增长8.7" inside "增长8.75%", "147" inside "1,147,693", "8.7"
before "万"): the caller parses the number from the span, and a cut number is
a wrong number.

Nothing here keeps state between calls; every loop is bounded by the
documented limits below.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from .._values.errors import (
    AmbiguousQuoteError,
    InvalidInputError,
    InvalidQuoteError,
    QuoteNotFoundError,
)
from .._values.public import public
from .layout import IGNORABLE, Normalized, layout_patterns, normalize_layout, variants

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

#: A quote needs at least this many non-space characters; shorter ones match anywhere.
MIN_QUOTE_LENGTH = 4
#: Longest quote accepted, in characters (bounds the cost of every alignment).
MAX_QUOTE_LENGTH = 2_000
#: Largest document accepted, in characters (20 million: about 20 MB of text).
MAX_DOCUMENT_LENGTH = 20_000_000
#: Most matches one stage enumerates; more raise ``AmbiguousQuoteError``.
MAX_CANDIDATES = 1_000
#: Most places the fuzzy stage examines; a quote whose every seed is more
#: common than this is refused with ``QuoteNotFoundError`` (quote more text).
MAX_SEEDS = 256
#: Lowest ``min_ratio`` accepted (below it almost anything matches).
MIN_RATIO_FLOOR = 0.5

Method = Literal["exact", "normalized", "fuzzy"]

_METHODS = frozenset({"exact", "normalized", "fuzzy"})
_SCAN_LIMIT = 20 * MAX_CANDIDATES  # raw hits looked at per stage, accepted or not
_DIAGNOSTIC_PIECES = 4
_DIAGNOSTIC_WINDOWS = 8

_HAS_DIGIT = re.compile(r"\d")
# A number as its value reads: sign, digits with separators, and a scale or percent.
_SCALE = (
    r"(?:%|‰|‱|[十百千万亿兆]+"
    r"|\s?(?i:thousand|million|billion|trillion)s?\b|\s?(?i:percent|bn|mn)\b"
    r"|[kKmMbB]\b)"
)
_VALUE = re.compile(r"(?:(?<![0-9A-Za-z])[-+])?\d+(?:[.,]\d+)*" + _SCALE + "?")
# The same with a currency mark on either side: what a fuzzy match may not change.
_TOKEN = re.compile(
    r"(?:[$¥€£]\s?)?(?:(?<![0-9A-Za-z])[-+])?(?P<num>\d+(?:[.,]\d+)*)"
    + _SCALE
    + r"?(?:[美港日欧]?元)?"
)
# Words a fuzzy match may not change either: Chinese numerals and the period
# and basis markers (第三季度 vs 前三季度, 上半年 vs 下半年, third vs first quarter).
_CN_NUMERAL = "[〇零一二两三四五六七八九十百千万亿兆壹贰叁肆伍陆柒捌玖拾佰仟]"
_PROTECTED = re.compile(
    r"[前第][一二三四两1-4]"  # 前三(季度) vs 第三(季度)
    r"|[上下]半年|全年|年[末初底]|[季月期][末初]"
    rf"|{_CN_NUMERAL}+(?=[元亿万千百股倍个季年月成点%])|{_CN_NUMERAL}{{2,}}"  # 三亿元, 二〇二五
    r"|\b(?i:first|second|third|fourth|three|six|nine|twelve)\b"
)
_GROUPING_COMMA = re.compile(r"(?<=\d),(?=\d)|\s")
_YEAR = re.compile(r"(?:19|20)\d\d")
_DIGIT_RUN = re.compile(r"\d+")
_FULL_WIDTH_DIGITS = {ord(d): chr(ord(d) + 0xFEE0) for d in "0123456789"}
_NUMBER_CHARS = frozenset(".,．，-+−－")
_JOINERS = _NUMBER_CHARS | frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
_SCALE_START = frozenset("%‰‱十百千万亿兆kKmMbBtTpP")
_ZW = "[\u200b\u200c\u200d\u2060\ufeff\u00ad]"


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


class _Place(NamedTuple):
    start: int
    end: int
    edits: int


@dataclass(slots=True)
class _Rejected:
    """The best candidate turned down so far, for ``QuoteNotFoundError``."""

    start: int = -1
    end: int = -1
    score: float = -1.0
    reason: str = ""
    note: str = ""  # why nothing was even compared, when there is no candidate

    def offer(self, start: int, end: int, score: float, reason: str) -> None:
        if score > self.score or (score == self.score and 0 <= start < self.start):
            self.start, self.end, self.score, self.reason = start, end, score, reason


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
            characters and (unless ``allow_no_digit``) a digit.
        min_ratio: Fuzzy acceptance threshold: ``1 - edits / len(quote) >=
            min_ratio``, between ``MIN_RATIO_FLOOR`` and 1.
        occurrence: Pick the n-th (0-based) of several equally good matches.
        near: Pick the match closest to this document offset.
        allow_no_digit: Accept a quote without any digit.

    Returns:
        The ``Span``; ``doc[span.start:span.end] == span.text``.

    Raises:
        InvalidQuoteError: The quote is empty, too short, too long or has no digit.
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
    rejected = _Rejected()

    # Stage 1: exact.
    first = doc.find(quote)
    if first != -1:
        size = len(quote)
        if doc.find(quote, first + 1) == -1 and _cut_number(doc, first, first + size) is None:
            if occurrence is not None and occurrence != 0:
                _raise_occurrence(quote, occurrence, 1, "exact")
            return Span(first, first + size, "exact", 1.0, doc[first : first + size])
        places, complete = _exact_places(doc, quote, first, rejected)
        if places:
            return _choose(doc, quote, places, "exact", occurrence, near, complete)

    # Stages 2 and 3 share their candidate places: around the quote's numbers
    # when it has any, else wherever pieces of it occur.
    nq = normalize_layout(quote).text
    m = len(nq)
    max_edits = math.floor(m * (1.0 - min_ratio) + 1e-9)
    qtokens = list(_TOKEN.finditer(nq))
    if qtokens:
        windows = _number_windows(doc, nq, qtokens, max_edits, rejected)
        places, complete = _normalized_in_windows(doc, nq, windows, rejected)
    else:
        places, complete = _normalized_places(doc, nq, rejected)
    if places:
        return _choose(doc, quote, places, "normalized", occurrence, near, complete)

    if qtokens:
        places = _fuzzy_numbers(doc, nq, qtokens, windows, max_edits, min_ratio, rejected)
    else:
        places = _fuzzy_free(doc, nq, max_edits, min_ratio, rejected, diagnostic=False)
    if places:
        best = min(place.edits for place in places)
        tied = _distinct([p for p in places if p.edits == best])
        return _choose(doc, quote, tied, "fuzzy", occurrence, near, True, m)
    if qtokens and rejected.start < 0:  # say what the closest text is
        _fuzzy_free(doc, nq, max(max_edits, m // 4), min_ratio, rejected, diagnostic=True)
    raise _not_found(doc, quote, rejected)


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
    if len(quote) > MAX_QUOTE_LENGTH:
        raise InvalidQuoteError(
            f"quote is too long: {len(quote):,} characters, over the limit of "
            f"{MAX_QUOTE_LENGTH:,}; "
            "quote only the sentence or table row that holds the number",
            quote=_preview(quote),
            reason="too long",
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
            f"quote {_preview(quote)!r} contains no digit, so it cannot hold the number; "
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


# -- stages 1 and 2 ------------------------------------------------------------------


def _exact_places(
    doc: str, quote: str, first: int, rejected: _Rejected
) -> tuple[list[_Place], bool]:
    size = len(quote)
    places: list[_Place] = []
    start, seen = first, 0
    while start != -1:
        seen += 1
        if seen > _SCAN_LIMIT or len(places) >= MAX_CANDIDATES:
            return places, False
        _keep(doc, start, start + size, places, rejected, 1.0)
        start = doc.find(quote, start + 1)
    return places, True


def _normalized_places(doc: str, nq: str, rejected: _Rejected) -> tuple[list[_Place], bool]:
    places: list[_Place] = []
    complete = True
    for pattern in layout_patterns(nq):
        position, seen = 0, 0
        while (match := pattern.search(doc, position)) is not None:
            seen += 1
            if seen > _SCAN_LIMIT or len(places) >= MAX_CANDIDATES:
                complete = False
                break
            _keep(doc, match.start(), match.end(), places, rejected, 1.0)
            position = match.start() + 1
    places.sort()
    return places, complete


def _keep(
    doc: str, start: int, end: int, places: list[_Place], rejected: _Rejected, score: float
) -> None:
    cut = _cut_number(doc, start, end)
    if cut is None:
        places.append(_Place(start, end, 0))
    else:
        rejected.offer(start, end, score, f"the match cuts the number {cut!r} in the document")


def _cut_number(doc: str, start: int, end: int) -> str | None:
    """Return the document number a span boundary falls inside, if any."""
    size = len(doc)
    boundaries: list[int] = []
    if 0 < start < end:
        first, before = doc[start], doc[start - 1]
        if (
            first.isdecimal()
            or (first in _NUMBER_CHARS and start + 1 < size and doc[start + 1].isdecimal())
        ) and (
            before.isdecimal()
            or before in _JOINERS
            or (before.isspace() and _separator_before(doc, start - 1))
        ):
            boundaries.append(start)
    if start < end < size:
        last, after = doc[end - 1], doc[end]
        if (last.isdecimal() or (last in _NUMBER_CHARS and after.isdecimal())) and (
            after.isdecimal()
            or after in _JOINERS
            or after in _SCALE_START
            or (after.isspace() and _continues(_neighbour(doc, end, 1)))
        ):
            boundaries.append(end)
    for boundary in boundaries:  # confirm on a normalised stretch around it
        low, high = max(0, boundary - 24), min(size, boundary + 24)
        local = normalize_layout(doc[low:high])
        index = local.index_of(boundary - low)
        for match in _VALUE.finditer(local.text):
            if match.start() < index < match.end():
                s, e = local.to_original(match.start(), match.end())
                return doc[low + s : low + e]
    return None


def _neighbour(doc: str, index: int, step: int) -> str:
    """The first non-space character from ``index`` in direction ``step`` (within 16)."""
    for _ in range(16):
        if not 0 <= index < len(doc):
            return ""
        if not doc[index].isspace():
            return doc[index]
        index += step
    return ""


def _separator_before(doc: str, index: int) -> bool:
    """Whether a separator that follows a digit precedes ``index``, across whitespace."""
    while index >= 0 and doc[index].isspace() and index > 0:
        index -= 1
    return doc[index] in _NUMBER_CHARS and index > 0 and doc[index - 1].isdecimal()


def _continues(ch: str) -> bool:
    return bool(ch) and (
        ch in _NUMBER_CHARS or ch in _SCALE_START or (ch.isascii() and ch.isalpha())
    )


# -- choosing among places ---------------------------------------------------------------


def _distinct(places: list[_Place]) -> list[_Place]:
    """Collapse overlapping places (the same place reached twice) into one, keeping the first."""
    out: list[_Place] = []
    for place in sorted(places):
        if out and place.start < out[-1].end:
            continue
        out.append(place)
    return out


def _choose(
    doc: str,
    quote: str,
    places: list[_Place],
    method: Method,
    occurrence: int | None,
    near: int | None,
    complete: bool,
    length: int = 1,
) -> Span:
    chosen: _Place | None = None
    if occurrence is not None:
        if occurrence >= len(places):
            _raise_occurrence(quote, occurrence, len(places), method)
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
            f"quote {_preview(quote)!r} matches {len(offsets)}{'' if complete else '+'} places "
            f"({method}) at offsets {shown}{more}; {hint}",
            quote=quote,
            offsets=offsets,
            method=method,
        )
    score = 1.0 if method != "fuzzy" else 1.0 - chosen.edits / length
    return Span(chosen.start, chosen.end, method, score, doc[chosen.start : chosen.end])


def _distance(place: _Place, near: int) -> int:
    if place.start <= near < place.end:
        return 0
    return place.start - near if near < place.start else near - place.end + 1


def _raise_occurrence(quote: str, occurrence: int, found: int, method: str) -> None:
    raise QuoteNotFoundError(
        f"occurrence={occurrence} requested but the quote {_preview(quote)!r} matches "
        f"{found} place(s) ({method}); occurrences are numbered from 0",
        quote=quote,
        reason=f"occurrence {occurrence} out of range ({found} found)",
    )


def _not_found(doc: str, quote: str, rejected: _Rejected) -> QuoteNotFoundError:
    message = f"quote {_preview(quote)!r} not found in the document ({len(doc):,} characters)"
    if rejected.start < 0:
        reason = rejected.note or "no place in the document is close to the quote"
        return QuoteNotFoundError(
            f"{message}: {reason}; check the quote is copied from the cited evidence, or refuse",
            quote=quote,
            reason=reason,
        )
    candidate = doc[rejected.start : rejected.end]
    score = round(rejected.score, 4)
    return QuoteNotFoundError(
        f"{message}; the closest text {_preview(candidate)!r} at {rejected.start}–"
        f"{rejected.end} (score {score}) was rejected: {rejected.reason}; "
        "ask for a verbatim quote, or refuse",
        quote=quote,
        candidate=candidate,
        candidate_span=(rejected.start, rejected.end),
        score=score,
        reason=rejected.reason,
    )


def _preview(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- edit distance ---------------------------------------------------------------------


def _myers(pattern: str, text: str, *, anchored: bool) -> list[int]:
    """Edit distances of ``pattern`` against ``text``, one per end position.

    ``result[j]`` is the edit distance between ``pattern`` and ``text[:j]``
    when ``anchored``, else the smallest edit distance between ``pattern`` and
    any substring of ``text`` ending at ``j`` (Sellers' semi-global
    alignment).  Bit-parallel (Myers 1999, Hyyrö 2003): one pass of a few
    integer operations per text character.
    """
    m = len(pattern)
    if m == 0:
        return list(range(len(text) + 1)) if anchored else [0] * (len(text) + 1)
    peq: dict[str, int] = {}
    bit = 1
    for ch in pattern:
        peq[ch] = peq.get(ch, 0) | bit
        bit <<= 1
    mask = bit - 1
    high = 1 << (m - 1)
    carry = 1 if anchored else 0
    pv, mv, score = mask, 0, m
    scores = [m]
    append = scores.append
    get = peq.get
    for ch in text:
        eq = get(ch, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & mask)
        mh = pv & xh
        if ph & high:
            score += 1
        elif mh & high:
            score -= 1
        ph = ((ph << 1) | carry) & mask
        mh = (mh << 1) & mask
        pv = mh | (~(xv | ph) & mask)
        mv = ph & xv
        append(score)
    return scores


def _levenshtein(a: str, b: str) -> int:
    if a == b:
        return 0
    if not a or not b:
        return len(a) + len(b)
    return _myers(a, b, anchored=True)[-1]


def _best_prefix(segment: str, region: str) -> tuple[int, int]:
    """Return ``(length, edits)`` of the prefix of ``region`` closest to ``segment``."""
    if not segment:
        return 0, 0
    scores = _myers(segment, region, anchored=True)
    target = len(segment)
    best = min(scores)
    length = min((abs(j - target), j) for j, score in enumerate(scores) if score == best)[1]
    return length, best


# -- stage 3: fuzzy, seeded by the quote's numbers -------------------------------------


def _signature(token: str) -> str:
    return _GROUPING_COMMA.sub("", token).lower()


def _seed_pattern(number: str) -> re.Pattern[str]:
    """A pattern for ``number`` in any layout: full-width, ``，``, spaces around separators."""
    parts: list[str] = []
    for i, ch in enumerate(number):
        if ch in ",.":
            parts.append(f"{IGNORABLE}*[{re.escape(''.join(variants(ch)))}]{IGNORABLE}*")
            continue
        if i and number[i - 1] not in ",.":
            parts.append(_ZW + "*")
        parts.append("[" + "".join(variants(ch)) + "]")
    return re.compile("".join(parts))


class _Window(NamedTuple):
    """A normalised stretch of the document around one occurrence of a quote's number."""

    low: int  # original offset of the stretch
    local: Normalized
    seed: int  # normalised index of the number's first digit
    anchor: int  # which of the quote's numbers it is


def _anchor_runs(qtokens: Sequence[re.Match[str]]) -> list[tuple[int, str, int]]:
    """Digit runs of the quote's numbers, most distinctive first: ``(token, run, offset)``.

    ``offset`` is where the run starts within the token's number.  Runs of
    three or more digits come first, then those not starting with 0 (less
    often the tail of a year or a round number), then the leading run of a
    number; years (2023) go last.
    """
    runs: list[tuple[tuple[bool, bool, bool, bool, int, int], int, str, int]] = []
    for i, token in enumerate(qtokens):
        number = token.group("num")
        year = _YEAR.fullmatch(number) is not None
        for run in _DIGIT_RUN.finditer(number):
            text = run.group()
            key = (year, len(text) < 3, text[0] == "0", run.start() > 0, -len(text), i)
            runs.append((key, i, text, run.start()))
    runs.sort()
    return [(i, text, offset) for _, i, text, offset in runs]


_SEPARATORS = frozenset(",，.．")


def _find_numbers(doc: str, number: str, run: str, offset: int) -> list[int] | None:
    """Offsets where ``number`` starts in ``doc``, in any layout; ``None`` if too common.

    The digit run ``run`` (at ``offset`` in ``number``) is found with
    ``str.find`` in its ASCII and full-width forms; a hit whose neighbours
    cannot belong to ``number`` is dropped at once, and the rest are confirmed
    by the number's layout pattern nearby.  A match inside a longer number
    does not count.
    """
    pattern = _seed_pattern(number)
    size = len(doc)
    inner_left, inner_right = offset > 0, offset + len(run) < len(number)
    found: set[int] = set()
    scanned = 0
    for needle in dict.fromkeys((run, run.translate(_FULL_WIDTH_DIGITS))):
        hit = doc.find(needle)
        while hit != -1:
            scanned += 1
            if scanned > MAX_SEEDS:
                return None
            after = hit + len(needle)
            before_ch = doc[hit - 1] if hit else ""
            after_ch = doc[after] if after < size else ""
            plausible = (
                (before_ch in _SEPARATORS or before_ch.isspace() or before_ch in _JOINERS)
                if inner_left
                else not before_ch.isdecimal()
            ) and (
                (after_ch in _SEPARATORS or after_ch.isspace() or after_ch in _JOINERS)
                if inner_right
                else not after_ch.isdecimal()
            )
            if plausible:
                low = max(0, hit - 4 * offset - 8)
                high = min(size, after + 4 * (len(number) - offset - len(run)) + 8)
                for match in pattern.finditer(doc, low, high):
                    start, end = match.span()
                    if start <= hit < end and not (
                        (start > 0 and doc[start - 1].isdecimal())
                        or (end < size and doc[end].isdecimal())
                    ):
                        found.add(start)
            hit = doc.find(needle, after)
    return sorted(found)


def _number_windows(
    doc: str,
    nq: str,
    qtokens: list[re.Match[str]],
    max_edits: int,
    rejected: _Rejected,
) -> list[_Window]:
    """Normalised stretches of ``doc`` around each occurrence of one of the quote's numbers.

    Any normalized or fuzzy match contains every number of the quote, so the
    occurrences of any one of them are a complete set of places to look; the
    rarest-looking digit run picks which.
    """
    m = len(nq)
    for anchor, run, offset in _anchor_runs(qtokens)[:4]:
        number = qtokens[anchor].group("num")
        seeds = _find_numbers(doc, number, run, offset)
        if seeds is None:
            continue
        if not seeds:
            rejected.note = f"the number {number!r} of the quote does not occur in the document"
            return []
        need_left = qtokens[anchor].start() + max_edits + 2
        need_right = m - qtokens[anchor].start() + max_edits + 2
        windows = []
        for seed in seeds:
            low, local, index = _window(doc, seed, need_left, need_right)
            windows.append(_Window(low, local, index, anchor))
        return windows
    rejected.note = (
        f"the quote's numbers each occur more than {MAX_SEEDS} times; quote a longer, "
        "more distinctive passage"
    )
    return []


def _normalized_in_windows(
    doc: str, nq: str, windows: list[_Window], rejected: _Rejected
) -> tuple[list[_Place], bool]:
    seen: set[tuple[int, int]] = set()
    places: list[_Place] = []
    for window in windows:
        text = window.local.text
        found = text.find(nq)
        while found != -1:
            s, e = window.local.to_original(found, found + len(nq))
            span = (window.low + s, window.low + e)
            if span not in seen:
                seen.add(span)
                # the match must normalise alone, not only within its window
                if normalize_layout(doc[span[0] : span[1]]).text == nq:
                    _keep(doc, span[0], span[1], places, rejected, 1.0)
            found = text.find(nq, found + 1)
    places.sort()
    return places[:MAX_CANDIDATES], len(places) <= MAX_CANDIDATES


def _window(doc: str, seed: int, need_left: int, need_right: int) -> tuple[int, Normalized, int]:
    """Normalise enough of ``doc`` around ``seed``: ``(offset, normalized, seed index)``."""
    left, right = 2 * need_left + 16, 2 * need_right + 16
    while True:
        low, high = max(0, seed - left), min(len(doc), seed + right)
        local = normalize_layout(doc[low:high])
        index = local.index_of(seed - low)
        enough_left = low == 0 or index >= need_left
        enough_right = high == len(doc) or len(local.text) - index >= need_right
        if (enough_left and enough_right) or left > 64 * (need_left + need_right + 16):
            return low, local, index
        left, right = left * 2, right * 2


def _fuzzy_numbers(
    doc: str,
    nq: str,
    qtokens: list[re.Match[str]],
    windows: list[_Window],
    max_edits: int,
    min_ratio: float,
    rejected: _Rejected,
) -> list[_Place]:
    m = len(nq)
    qsigs = [_signature(t.group()) for t in qtokens]
    places: list[_Place] = []
    seen: set[tuple[int, int]] = set()
    for window in windows:
        local = window.local
        place = _align_around(local, window.seed, nq, qtokens, qsigs, window.anchor, max_edits)
        if place is None:
            continue
        start_n, end_n, edits, reason = place
        if start_n >= end_n:
            continue
        start, end = local.to_original(start_n, end_n)
        start, end = window.low + start, window.low + end
        if (start, end) in seen:
            continue
        seen.add((start, end))
        score = 1.0 - edits / m
        if reason is None and edits > max_edits:
            reason = f"score {score:.3f} is below min_ratio {min_ratio}"
        if reason is None:
            cut = _cut_number(doc, start, end)
            if cut is not None:
                reason = f"the match cuts the number {cut!r} in the document"
        if reason is None:
            reason = _protected_change(nq, local.text[start_n:end_n])
        if reason is None:
            places.append(_Place(start, end, edits))
        else:
            rejected.offer(start, end, score, reason)
    return places


def _protected_change(nq: str, matched: str) -> str | None:
    """Why a fuzzy match changed a numeral or period word of the quote, if it did."""
    wanted = [t.group().lower() for t in _PROTECTED.finditer(nq)]
    found = [t.group().lower() for t in _PROTECTED.finditer(matched)]
    if wanted == found:
        return None
    return (
        f"its numerals and period words ({''.join(found) or 'none'}) differ from the quote's "
        f"({''.join(wanted) or 'none'})"
    )


def _align_around(
    local: Normalized,
    index: int,
    nq: str,
    qtokens: list[re.Match[str]],
    qsigs: list[str],
    anchor: int,
    max_edits: int,
) -> tuple[int, int, int, str | None] | None:
    """Align the quote around the document number at ``index`` of ``local``.

    The quote's numbers must map one to one, in order, onto consecutive numbers
    of the document; the text before, between and after them is aligned by
    edit distance (the outer ends free).  Returns ``(start, end, edits,
    reason)`` in normalised offsets, ``reason`` saying why the numbers differ,
    or ``None`` when the document has no numbers to pair with the quote's.
    """
    text = local.text
    wtokens = list(_TOKEN.finditer(text))
    position = next(
        (i for i, t in enumerate(wtokens) if t.start() <= index < t.end()),
        None,
    )
    if position is None:
        return None
    first = position - anchor
    last = first + len(qtokens) - 1
    if first < 0 or last >= len(wtokens):
        return None
    reason: str | None = None
    edits = 0
    for i, qtoken in enumerate(qtokens):
        wtoken = wtokens[first + i]
        if reason is None and _signature(wtoken.group()) != qsigs[i]:
            reason = (
                f"the document has {wtoken.group()!r} where the quote has "
                f"{qtoken.group()!r}; a fuzzy match never changes a number"
            )
        edits += _levenshtein(qtoken.group(), wtoken.group())
        if i + 1 < len(qtokens):
            gap_q = nq[qtoken.end() : qtokens[i + 1].start()]
            gap_w = text[wtoken.end() : wtokens[first + i + 1].start()]
            if len(gap_w) - len(gap_q) > max_edits + 8:
                return None  # the document's numbers are far apart: another place
            edits += _levenshtein(gap_q, gap_w)
    # Left end: the suffix of the text before the first number closest to the quote's.
    head_q = nq[: qtokens[0].start()]
    floor = wtokens[first - 1].end() if first > 0 else 0
    head_end = wtokens[first].start()
    head_region = text[max(floor, head_end - len(head_q) - max_edits) : head_end]
    head_len, _ = _best_prefix(head_q[::-1], head_region[::-1])
    # Right end: the prefix of the text after the last number closest to the quote's.
    tail_q = nq[qtokens[-1].end() :]
    ceiling = wtokens[last + 1].start() if last + 1 < len(wtokens) else len(text)
    tail_start = wtokens[last].end()
    tail_region = text[tail_start : min(ceiling, tail_start + len(tail_q) + max_edits)]
    tail_len, _ = _best_prefix(tail_q, tail_region)
    start, end = head_end - head_len, tail_start + tail_len
    while start < head_end and text[start] == " ":
        start += 1
    while end > tail_start and text[end - 1] == " ":
        end -= 1
    edits += _levenshtein(head_q, text[start:head_end])
    edits += _levenshtein(tail_q, text[tail_start:end])
    return start, end, edits, reason


# -- stage 3 without numbers, and the diagnostic search -----------------------------------


def _pieces(nq: str, count: int) -> list[tuple[int, str]]:
    """Split ``nq`` into ``count`` near-equal pieces ``(offset, text)``, spaces trimmed."""
    count = max(1, min(count, len(nq)))
    size = len(nq) / count
    out: list[tuple[int, str]] = []
    for i in range(count):
        lo, hi = round(i * size), round((i + 1) * size)
        piece = nq[lo:hi]
        stripped = piece.strip(" ")
        if stripped:
            out.append((lo + piece.index(stripped), stripped))
    return out


def _fuzzy_free(
    doc: str,
    nq: str,
    max_edits: int,
    min_ratio: float,
    rejected: _Rejected,
    *,
    diagnostic: bool,
) -> list[_Place]:
    """Fuzzy search seeded by exact pieces of the quote (pigeonhole), aligned by Myers.

    With ``diagnostic`` the search is best effort (a few pieces, a few places)
    and only feeds ``rejected`` with the closest text and why it is not a match.
    """
    m = len(nq)
    count = min(max_edits + 1, _DIAGNOSTIC_PIECES) if diagnostic else max_edits + 1
    hits: list[tuple[int, int]] = []  # (document offset, offset of the piece in nq)
    limit = _DIAGNOSTIC_WINDOWS if diagnostic else MAX_SEEDS
    for offset, piece in _pieces(nq, count):
        found = 0
        for pattern in layout_patterns(piece):
            for match in pattern.finditer(doc):
                hits.append((match.start(), offset))
                found += 1
                if found > limit:
                    break
            if found > limit:
                break
        if found > limit:
            if not diagnostic:
                rejected.note = (
                    f"parts of the quote occur more than {MAX_SEEDS} times; quote a longer, "
                    "more distinctive passage"
                )
                return []
            del hits[len(hits) - found :]  # too common to say anything
    windows = _merge_windows(doc, hits, m, max_edits)
    if diagnostic:  # the places most pieces point at
        windows = sorted(windows, key=lambda w: (-w[2], w[0]))[:_DIAGNOSTIC_WINDOWS]
    qsigs = [_signature(t.group()) for t in _TOKEN.finditer(nq)]
    places: list[_Place] = []
    seen: set[tuple[int, int]] = set()
    for low, high, _ in windows:
        local = normalize_layout(doc[low:high])
        for start_n, end_n, edits in _best_in(local.text, nq, max_edits):
            s, e = local.to_original(start_n, end_n)
            start, end = low + s, low + e
            if (start, end) in seen:
                continue
            seen.add((start, end))
            score = 1.0 - edits / m
            reason = _rejection(doc, local.text[start_n:end_n], qsigs, start, end, nq)
            if reason is None and edits > max_edits:
                reason = f"score {score:.3f} is below min_ratio {min_ratio}"
            if reason is None and not diagnostic:
                places.append(_Place(start, end, edits))
            else:
                rejected.offer(start, end, score, reason or _DIAGNOSTIC_ONLY)
    return places


_DIAGNOSTIC_ONLY = (
    "it was found only by the diagnostic search, because the quote writes its numbers "
    "differently from the document (e.g. '87432' for '87,432'); quote them as the document "
    "writes them"
)


def _rejection(
    doc: str,
    matched: str,
    qsigs: list[str],
    start: int,
    end: int,
    quote_text: str | None = None,
) -> str | None:
    sigs = [_signature(t.group()) for t in _TOKEN.finditer(matched)]
    if sigs != qsigs:
        found = ", ".join(repr(t.group()) for t in _TOKEN.finditer(matched)) or "no number"
        wanted = ", ".join(repr(s) for s in qsigs) or "no number"
        return f"its numbers ({found}) differ from the quote's ({wanted})"
    cut = _cut_number(doc, start, end)
    if cut is not None:
        return f"the match cuts the number {cut!r} in the document"
    return _protected_change(quote_text, matched) if quote_text is not None else None


def _merge_windows(
    doc: str, hits: list[tuple[int, int]], m: int, max_edits: int
) -> list[tuple[int, int, int]]:
    """Windows ``(low, high, hits)`` around piece hits; near ones merge, up to a bounded length."""
    longest = 6 * (m + max_edits) + 64
    spans: list[tuple[int, int, int]] = []
    for seed, offset in sorted(hits):
        # whitespace may stretch the original text: give each side twice the room
        low = max(0, seed - 2 * (offset + max_edits) - 16)
        high = min(len(doc), seed + 2 * (m - offset + max_edits) + 16)
        if spans and low <= spans[-1][1] and high - spans[-1][0] <= longest:
            last = spans[-1]
            spans[-1] = (last[0], max(last[1], high), last[2] + 1)
        else:
            spans.append((low, high, 1))
    return spans


def _best_in(text: str, nq: str, max_edits: int) -> list[tuple[int, int, int]]:
    """The best-aligned places of ``nq`` in ``text``: ``(start, end, edits)``, non-overlapping."""
    scores = _myers(nq, text, anchored=False)
    best = min(scores)
    if best >= len(nq):
        return []
    m = len(nq)
    out: list[tuple[int, int, int]] = []
    group: list[int] = []
    ends = [j for j, score in enumerate(scores) if score == best]
    for j in [*ends, -1]:
        if group and (j < 0 or j - group[-1] > max(1, best)):
            out.append(_start_for(text, nq, group, best, m))
            group = []
        if j >= 0:
            group.append(j)
    # overlapping places are one place
    result: list[tuple[int, int, int]] = []
    for start, end, edits in sorted(out):
        if result and start < result[-1][1]:
            continue
        result.append((start, end, edits))
    return result


def _start_for(text: str, nq: str, ends: list[int], best: int, m: int) -> tuple[int, int, int]:
    choices: list[tuple[int, int, int]] = []
    for end in ends:
        low = max(0, end - m - best)
        back = _myers(nq[::-1], text[low:end][::-1], anchored=True)
        for length, score in enumerate(back):
            if score == best:
                choices.append((abs(length - m), end - length, end))
    _, start, end = min(choices)
    while start < end and text[start] == " ":
        start += 1
    while end > start and text[end - 1] == " ":
        end -= 1
    return start, end, _levenshtein(nq, text[start:end])

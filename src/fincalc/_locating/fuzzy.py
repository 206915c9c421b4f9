"""Stage 3 of ``locate``: the fuzzy match that never changes a number.

With numbers in the quote, ``fuzzy_numbers`` pairs the quote's numbers, in
order, with the document's around each seed window and aligns the text
before, between and after them (``align``); without, ``fuzzy_free`` aligns the
whole quote semi-globally in windows around exact pieces of it.  Every
candidate must keep the quote's numbers, numerals and period words and cut no
number (``kept``); the best rejected one is offered to ``Rejected``.
"""

from __future__ import annotations

import re

from .align import best_in, best_prefix, levenshtein
from .kept import TOKEN, cut_number, number_change, protected_change, rejection, signature
from .layout import Normalized, layout_patterns, normalize_layout
from .limits import MAX_SEEDS
from .rejected import DIAGNOSTIC_ONLY, Rejected
from .search import Place
from .seeds import Window, merge_windows, pieces

__all__ = ["fuzzy_free", "fuzzy_numbers"]

_DIAGNOSTIC_PIECES = 4
_DIAGNOSTIC_WINDOWS = 8


def fuzzy_numbers(
    doc: str,
    nq: str,
    qtokens: list[re.Match[str]],
    windows: list[Window],
    max_edits: int,
    min_ratio: float,
    rejected: Rejected,
) -> list[Place]:
    m = len(nq)
    places: list[Place] = []
    seen: set[tuple[int, int]] = set()
    for window in windows:
        local = window.local
        place = _align_around(local, window.seed, nq, qtokens, window.anchor, max_edits)
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
            cut = cut_number(doc, start, end)
            if cut is not None:
                reason = f"the match cuts the number {cut!r} in the document"
        if reason is None:
            reason = protected_change(nq, local.text[start_n:end_n])
        if reason is None:
            places.append(Place(start, end, edits))
        else:
            rejected.offer(start, end, score, reason)
    return places


def _align_around(
    local: Normalized,
    index: int,
    nq: str,
    qtokens: list[re.Match[str]],
    anchor: int,
    max_edits: int,
) -> tuple[int, int, int, str | None] | None:
    """Align the quote around the document number at ``index`` of ``local``.

    The quote's numbers must map one to one, in order, onto consecutive numbers
    of the document, each with the same sign and digits (``number_change``).
    The alignment is anchored on the digits alone: the text before, between
    and after them -- scale and currency words included -- is aligned by edit
    distance (the outer ends free), so a misspelt "millon" next to a number
    costs one edit, like any typo.  Returns ``(start, end, edits, reason)`` in
    normalised offsets, ``reason`` saying why the numbers differ, or ``None``
    when the document has no numbers to pair with the quote's.
    """
    text = local.text
    wtokens = list(TOKEN.finditer(text))
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
        if reason is None:
            reason = number_change(nq, qtoken, text, wtoken)
        edits += levenshtein(qtoken.group("num"), wtoken.group("num"))
        if i + 1 < len(qtokens):
            gap_q = nq[qtoken.end("num") : qtokens[i + 1].start("num")]
            gap_w = text[wtoken.end("num") : wtokens[first + i + 1].start("num")]
            if len(gap_w) - len(gap_q) > max_edits + 8:
                return None  # the document's numbers are far apart: another place
            edits += levenshtein(gap_q, gap_w)
    # Left end: the suffix of the text before the first number closest to the quote's.
    head_q = nq[: qtokens[0].start("num")]
    floor = wtokens[first - 1].end() if first > 0 else 0
    head_end = wtokens[first].start("num")
    head_region = text[max(floor, head_end - len(head_q) - max_edits) : head_end]
    head_len, _ = best_prefix(head_q[::-1], head_region[::-1])
    # Right end: the prefix of the text after the last number closest to the quote's.
    tail_q = nq[qtokens[-1].end("num") :]
    ceiling = wtokens[last + 1].start() if last + 1 < len(wtokens) else len(text)
    tail_start = wtokens[last].end("num")
    tail_region = text[tail_start : min(ceiling, tail_start + len(tail_q) + max_edits)]
    tail_len, _ = best_prefix(tail_q, tail_region)
    start, end = head_end - head_len, tail_start + tail_len
    while start < head_end and text[start] == " ":
        start += 1
    while end > tail_start and text[end - 1] == " ":
        end -= 1
    edits += levenshtein(head_q, text[start:head_end])
    edits += levenshtein(tail_q, text[tail_start:end])
    return start, end, edits, reason


def fuzzy_free(
    doc: str,
    nq: str,
    max_edits: int,
    min_ratio: float,
    rejected: Rejected,
    *,
    diagnostic: bool,
) -> list[Place]:
    """Fuzzy search seeded by exact pieces of the quote (pigeonhole), aligned by Myers.

    With ``diagnostic`` the search is best effort (a few pieces, a few places)
    and only feeds ``rejected`` with the closest text and why it is not a match.
    """
    m = len(nq)
    count = min(max_edits + 1, _DIAGNOSTIC_PIECES) if diagnostic else max_edits + 1
    hits: list[tuple[int, int]] = []  # (document offset, offset of the piece in nq)
    limit = _DIAGNOSTIC_WINDOWS if diagnostic else MAX_SEEDS
    for offset, piece in pieces(nq, count):
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
    windows = merge_windows(doc, hits, m, max_edits)
    if diagnostic:  # the places most pieces point at
        windows = sorted(windows, key=lambda w: (-w[2], w[0]))[:_DIAGNOSTIC_WINDOWS]
    qsigs = [signature(t.group()) for t in TOKEN.finditer(nq)]
    places: list[Place] = []
    seen: set[tuple[int, int]] = set()
    for low, high, _ in windows:
        local = normalize_layout(doc[low:high])
        for start_n, end_n, edits in best_in(local.text, nq):
            s, e = local.to_original(start_n, end_n)
            start, end = low + s, low + e
            if (start, end) in seen:
                continue
            seen.add((start, end))
            score = 1.0 - edits / m
            reason = rejection(doc, local.text[start_n:end_n], qsigs, start, end, nq)
            if reason is None and edits > max_edits:
                reason = f"score {score:.3f} is below min_ratio {min_ratio}"
            if reason is None and not diagnostic:
                places.append(Place(start, end, edits))
            else:
                rejected.offer(start, end, score, reason or DIAGNOSTIC_ONLY)
    return places

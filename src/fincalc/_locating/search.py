"""Stages 1 and 2 of ``locate``: exact and layout-normalised search.

Exact search is ``str.find`` with every occurrence enumerated.  Normalised
search compares after layout normalisation (``layout.py``): without numbers in
the quote, with regular expressions built from the normalised quote that run
over the original document, so offsets need no mapping; with numbers, inside
the windows ``seeds.number_windows`` found around them.  Either way a match
that cuts a number of the document is rejected (``keep``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .kept import cut_number
from .layout import layout_patterns, normalize_layout
from .limits import MAX_CANDIDATES, SCAN_LIMIT
from .rejected import Rejected
from .rows import has_marks, unmarked
from .seeds import Window

__all__ = [
    "Place",
    "exact_places",
    "keep",
    "normalized_in_windows",
    "normalized_places",
    "normalized_whole",
    "unmarked_in_windows",
]


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """A candidate span of the quote in the document, ordered by position (then edits)."""

    start: int
    end: int
    edits: int


def exact_places(doc: str, quote: str, first: int, rejected: Rejected) -> tuple[list[Place], bool]:
    size = len(quote)
    places: list[Place] = []
    start, seen = first, 0
    while start != -1:
        seen += 1
        if seen > SCAN_LIMIT or len(places) >= MAX_CANDIDATES:
            return places, False
        keep(doc, start, start + size, places, rejected, 1.0)
        start = doc.find(quote, start + 1)
    return places, True


def normalized_places(doc: str, nq: str, rejected: Rejected) -> tuple[list[Place], bool]:
    places: list[Place] = []
    complete = True
    for pattern in layout_patterns(nq):
        position, seen = 0, 0
        while (match := pattern.search(doc, position)) is not None:
            seen += 1
            if seen > SCAN_LIMIT or len(places) >= MAX_CANDIDATES:
                complete = False
                break
            keep(doc, match.start(), match.end(), places, rejected, 1.0)
            position = match.start() + 1
    places.sort()
    return places, complete


def normalized_in_windows(
    doc: str, nq: str, windows: list[Window], rejected: Rejected
) -> tuple[list[Place], bool]:
    seen: set[tuple[int, int]] = set()
    places: list[Place] = []
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
                    keep(doc, span[0], span[1], places, rejected, 1.0)
            found = text.find(nq, found + 1)
    places.sort()
    return places[:MAX_CANDIDATES], len(places) <= MAX_CANDIDATES


def unmarked_in_windows(
    doc: str, nq: str, windows: list[Window], rejected: Rejected
) -> tuple[list[Place], bool]:
    """``normalized_in_windows`` for a table row quoted without its "|" or currency marks.

    Both sides lose their "|"; the document also loses the currency marks before
    its numbers when the quote writes none (``rows.unmarked``).
    """
    marks = not has_marks(nq.replace("|", ""))
    uq = unmarked(normalize_layout(nq), marks=marks).text
    if not uq or (uq == nq and not marks):
        return [], True
    seen: set[tuple[int, int]] = set()
    places: list[Place] = []
    for window in windows:
        local = unmarked(window.local, marks=marks)
        found = local.text.find(uq)
        while found != -1:
            s, e = local.to_original(found, found + len(uq))
            span = (window.low + s, window.low + e)
            if span not in seen:
                seen.add(span)
                alone = unmarked(normalize_layout(doc[span[0] : span[1]]), marks=marks).text
                if alone == uq:
                    keep(doc, span[0], span[1], places, rejected, 1.0)
            found = local.text.find(uq, found + 1)
    places.sort()
    return places[:MAX_CANDIDATES], len(places) <= MAX_CANDIDATES


def keep(
    doc: str, start: int, end: int, places: list[Place], rejected: Rejected, score: float
) -> None:
    cut = cut_number(doc, start, end)
    if cut is None:
        places.append(Place(start, end, 0))
    else:
        rejected.offer(start, end, score, f"the match cuts the number {cut!r} in the document")


def normalized_whole(doc: str, nq: str, rejected: Rejected) -> tuple[list[Place], bool]:
    """Every place of a long normalised quote: one normalisation of the whole document.

    For quotes too long for windows around their numbers (a whole table or
    page section): linear in the document, one ``str.find`` per occurrence.
    """
    local = normalize_layout(doc)
    places: list[Place] = []
    found, seen = local.text.find(nq), 0
    while found != -1:
        seen += 1
        if seen > SCAN_LIMIT or len(places) >= MAX_CANDIDATES:
            return places, False
        start, end = local.to_original(found, found + len(nq))
        keep(doc, start, end, places, rejected, 1.0)
        found = local.text.find(nq, found + 1)
    return places, True

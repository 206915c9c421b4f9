"""Where the later stages look: windows seeded by the quote's numbers or pieces.

Any normalized or fuzzy match contains every number of the quote, so the
occurrences of any one of them are a complete set of places to look: the
quote's most distinctive digit run is found with ``str.find`` (ASCII and
full-width), each hit is confirmed by the number's layout pattern, and a
stretch of the document around it is normalised with an offset map
(``number_windows``).  A quote without digits is seeded by the pigeonhole
principle instead: with at most *k* edits, one of *k + 1* pieces of the quote
occurs unchanged (``pieces``, ``merge_windows``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .kept import JOINERS
from .layout import IGNORABLE, Normalized, normalize_layout, variants
from .limits import MAX_SEEDS
from .rejected import Rejected

__all__ = ["Window", "merge_windows", "number_windows", "pieces"]

_YEAR = re.compile(r"(?:19|20)\d\d")
_DIGIT_RUN = re.compile(r"\d+")
_FULL_WIDTH_DIGITS = {ord(d): chr(ord(d) + 0xFEE0) for d in "0123456789"}
_ZW = "[\u200b\u200c\u200d\u2060\ufeff\u00ad]"
_SEPARATORS = frozenset(",，.．")


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


@dataclass(frozen=True, slots=True)
class Window:
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
                (before_ch in _SEPARATORS or before_ch.isspace() or before_ch in JOINERS)
                if inner_left
                else not before_ch.isdecimal()
            ) and (
                (after_ch in _SEPARATORS or after_ch.isspace() or after_ch in JOINERS)
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


def number_windows(
    doc: str,
    nq: str,
    qtokens: list[re.Match[str]],
    max_edits: int,
    rejected: Rejected,
) -> list[Window]:
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
            windows.append(Window(low, local, index, anchor))
        return windows
    rejected.note = (
        f"the quote's numbers each occur more than {MAX_SEEDS} times; quote a longer, "
        "more distinctive passage"
    )
    return []


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


def pieces(nq: str, count: int) -> list[tuple[int, str]]:
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


def merge_windows(
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

"""Edit-distance alignment: Myers' bit-parallel scan, anchored or semi-global.

The fuzzy stage aligns the normalised quote with short normalised stretches
of the document.  Everything here is a pure function of strings: one pass of
a few integer operations per text character (Myers 1999, Hyyrö 2003), free at
the outer ends when not anchored (Sellers' semi-global alignment).
"""

from __future__ import annotations

__all__ = ["best_in", "best_prefix", "levenshtein", "myers"]


def myers(pattern: str, text: str, *, anchored: bool) -> list[int]:
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


def levenshtein(a: str, b: str) -> int:
    if a == b:
        return 0
    if not a or not b:
        return len(a) + len(b)
    return myers(a, b, anchored=True)[-1]


def best_prefix(segment: str, region: str) -> tuple[int, int]:
    """Return ``(length, edits)`` of the prefix of ``region`` closest to ``segment``."""
    if not segment:
        return 0, 0
    scores = myers(segment, region, anchored=True)
    target = len(segment)
    best = min(scores)
    length = min((abs(j - target), j) for j, score in enumerate(scores) if score == best)[1]
    return length, best


def best_in(text: str, nq: str) -> list[tuple[int, int, int]]:
    """The best-aligned places of ``nq`` in ``text``: ``(start, end, edits)``, non-overlapping."""
    scores = myers(nq, text, anchored=False)
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
        back = myers(nq[::-1], text[low:end][::-1], anchored=True)
        for length, score in enumerate(back):
            if score == best:
                choices.append((abs(length - m), end - length, end))
    _, start, end = min(choices)
    while start < end and text[start] == " ":
        start += 1
    while end > start and text[end - 1] == " ":
        end -= 1
    return start, end, levenshtein(nq, text[start:end])

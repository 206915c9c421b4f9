"""Table rows quoted without their layout: "|" separators and the currency mark per amount.

A model quoting a table row often rewrites its layout: it turns the columns
into a Markdown row ("Net revenue | $ 12,874 | $ 11,902") or leaves out the
"$" that the filing repeats before each amount ("Net revenue 12,874 11,902"
for "Net revenue $ 12,874 $ 11,902").  Neither changes a word or a number, and
the amount is read from the document, never from the quote, so its currency
is the document's.  ``unmarked`` removes both from a normalised text, keeping
the map to original offsets: "|" always, and a currency mark standing before
a number (only when the quote itself writes none, so a quote never loses a
currency it states).
"""

from __future__ import annotations

import functools

from .._base.vocabulary import vocabulary
from .layout import Normalized, is_cjk

__all__ = ["has_marks", "unmarked"]

_NUMBER_STARTS = frozenset("0123456789(-")


@functools.cache
def _marks() -> frozenset[str]:
    """The one-character currency marks written before a number (locating.toml)."""
    return frozenset(m for m in vocabulary("locating").words("currency.before") if len(m) == 1)


def has_marks(text: str) -> bool:
    """Whether ``text`` writes a currency mark or a "|" at all (one pass in C per mark)."""
    return "|" in text or any(mark in text for mark in _marks())


def _number_follows(text: str, j: int) -> bool:
    while j < len(text) and text[j] == " ":
        j += 1
    return j < len(text) and text[j] in _NUMBER_STARTS


def unmarked(normalized: Normalized, *, marks: bool) -> Normalized:
    """``normalized`` without "|" and, when ``marks``, without the currency marks before numbers.

    Spaces left next to each other collapse to one; offsets map back as before.

    >>> from fincalc._locating.layout import normalize_layout
    >>> unmarked(normalize_layout("Revenue | $ 12,874 | $ (89) |"), marks=True).text
    'Revenue 12,874 (89)'
    """
    text, starts, ends = normalized.text, normalized.starts, normalized.ends
    currency = _marks() if marks else frozenset()
    out: list[str] = []
    kept_starts: list[int] = []
    kept_ends: list[int] = []
    for i, ch in enumerate(text):
        if ch == "|" or (ch in currency and _number_follows(text, i + 1)):
            continue
        if ch == " " and (not out or out[-1] == " "):
            continue
        out.append(ch)
        kept_starts.append(starts[i])
        kept_ends.append(ends[i])
    while out and out[-1] == " ":
        out.pop()
        kept_starts.pop()
        kept_ends.pop()
    # a space left next to CJK is layout, as ``normalize_layout`` has it ("营业收入 | 1")
    keep = [
        not (ch == " " and 0 < i < len(out) - 1 and (is_cjk(out[i - 1]) or is_cjk(out[i + 1])))
        for i, ch in enumerate(out)
    ]
    return Normalized(
        "".join(ch for ch, k in zip(out, keep, strict=True) if k),
        [x for x, k in zip(kept_starts, keep, strict=True) if k],
        [x for x, k in zip(kept_ends, keep, strict=True) if k],
    )

"""One amount written in parts ("1조 2,000억원"), refused rather than read as two.

Korean writes an amount across its scale words with spaces between the parts:
"1조 2,000억원" is 1.2 trillion won, "3억 5천만원" 350 million.  Each part reads as
an amount of its own, and the second carries the currency: a caller asking for
the KRW amount would get 2,000억원, silently wrong.  Two amounts with only
spaces between them, the first ending in a larger scale word of
``number.split_scales`` (reading.toml) than any in the second's units, are
refused together.
"""

from __future__ import annotations

import functools
import re

from .._values.errors import ParseError
from .._values.quantity import Quantity
from .._values.vocabulary import vocabulary
from .classify import AMOUNT
from .scan import Source

__all__ = ["may_split", "refuse_split_amounts"]


@functools.cache
def _ranks() -> dict[str, int]:
    """Each split scale word by its rank, largest first (0)."""
    return {w: i for i, w in enumerate(vocabulary("reading").words("number.split_scales"))}


@functools.cache
def _split_chars() -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, _ranks())) or "(?!)")


def may_split(norm: str) -> bool:
    """A quick test: whether ``norm`` holds a split scale word at all (one search in C)."""
    return _split_chars().search(norm) is not None


def _rank(unit: str | None, *, last: bool) -> int | None:
    """The rank of the (last or largest) split scale word in ``unit``, if any."""
    if not unit:
        return None
    ranks = _ranks()
    found = [ranks[ch] for ch in unit if ch in ranks]
    if not found:
        return None
    return found[-1] if last else min(found)


def refuse_split_amounts(source: Source, found: list[tuple[Quantity | ParseError, int]]) -> None:
    """Replace, in place, each pair of amounts that is one amount in parts by two refusals."""
    if len(found) < 2 or not may_split(source.norm):
        return
    text = source.text
    for i in range(len(found) - 1):
        (a, kind_a), (b, kind_b) = found[i], found[i + 1]
        if not (isinstance(a, Quantity) and isinstance(b, Quantity)):
            continue
        if kind_a != AMOUNT or kind_b != AMOUNT or a.span is None or b.span is None:
            continue
        if text[a.span[1] : b.span[0]].strip(" \u202f") or b.span[0] == a.span[1]:
            continue
        first, second = _rank(a.unit, last=True), _rank(b.unit, last=False)
        if first is None or second is None or second <= first:
            continue
        whole = text[a.span[0] : b.span[1]]
        reason = (
            f"{whole!r} writes one amount in parts ({a.raw!r} and {b.raw!r}); "
            "write it as one number with one scale (1.2조원)"
        )
        found[i] = (source.refuse(a.span[0], b.span[1], reason).error, AMOUNT)
        found[i + 1] = (source.refuse(a.span[0], b.span[1], reason).error, AMOUNT)

"""The documented limits that bound every ``locate`` call (see docs/locating.md)."""

from __future__ import annotations

__all__ = [
    "MAX_CANDIDATES",
    "MAX_DOCUMENT_LENGTH",
    "MAX_QUOTE_LENGTH",
    "MAX_SEEDS",
    "MIN_QUOTE_LENGTH",
    "MIN_RATIO_FLOOR",
    "SCAN_LIMIT",
]

#: A quote needs at least this many non-space characters; shorter ones match anywhere.
MIN_QUOTE_LENGTH = 4
#: Longest quote the fuzzy stage aligns, in characters (bounds the cost of every
#: alignment); exact and layout-normalised matching take quotes of any length.
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
#: Raw hits one stage looks at, accepted or not.
SCAN_LIMIT = 20 * MAX_CANDIDATES

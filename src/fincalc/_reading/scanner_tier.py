"""When a unit table switches from the reader to its generated scanner.

The generated scanner (``scanner_words.scanner_for``) reads the common
amounts in one compiled pattern; writing and compiling that pattern costs
~0.4 s, so a table reads through the exact reader until it has read enough
to repay it.  This module keeps that account and nothing else, so the first
parse of a process imports none of the scanner's modules (~2 ms).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .scanner import Scanner
    from .unit_table import UnitTable

__all__ = ["SCANNER_AFTER", "ready_scanner"]

#: The reading a table does on the reader's path before its scanner is compiled: the
#: characters read plus ``_CALL_WEIGHT`` a call.  Writing and compiling the generated
#: pattern takes ~0.4 s (``re`` compiles in Python) and saves ~10 µs a snippet
#: (~0.07-0.12 µs a character: docs/performance.md, Parsing), so it is repaid
#: after another 3-5 MB; a process that reads a few hundred snippets (a notebook,
#: one CLI call, a serverless function) never pays it, and a batch job (an
#: evaluation of 10,000 answers reads ~3 MB) pays it once, early.
SCANNER_AFTER: Final = 1_000_000
_CALL_WEIGHT: Final = 100


def ready_scanner(table: UnitTable, size: int) -> Scanner | None:
    """The scanner of ``table`` once it has read enough to repay compiling it, else None.

    Both paths give the same results (``benchmarks/parse_differential.py`` and
    ``tests/test_scanner.py`` compare them); only their speed differs.
    """
    cache = table._cache
    scanner: Scanner | None = cache.get("scanner")
    if scanner is not None:
        return scanner
    read = cache.get("scanner debt", 0) + size + _CALL_WEIGHT
    if read < SCANNER_AFTER:
        cache["scanner debt"] = read
        return None
    from .scanner_words import scanner_for

    return scanner_for(table)

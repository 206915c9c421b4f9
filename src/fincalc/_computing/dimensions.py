"""The dimension classes the operations and rounding rules reason about.

A dimension is a currency code (``CNY``), ``RATIO``, ``MULTIPLE``, a count
(``SHARES``, ``COUNT``) or a per-unit figure (``CNY_PER_SHARES``). Which of
them add up, divide into per-unit figures or take a scale (亿, million) is
part of each operation's rule, so the classes live in one place.
"""

from __future__ import annotations

__all__ = ["COUNTED", "NOT_ADDITIVE", "RATIO", "is_currency"]

RATIO = "RATIO"
#: Dimensions that never sum across entities or periods (add the amounts, then divide).
NOT_ADDITIVE = frozenset({RATIO, "MULTIPLE"})
#: Dimensions counted in whole units: a total of shares is never "3.00股".
COUNTED = frozenset({"SHARES", "COUNT"})


def is_currency(dimension: str) -> bool:
    """Whether ``dimension`` is a currency code (three capital letters).

    >>> is_currency("CNY"), is_currency("RATIO"), is_currency("CNY_PER_SHARES")
    (True, False, False)
    """
    return len(dimension) == 3 and dimension.isalpha() and dimension.isupper()

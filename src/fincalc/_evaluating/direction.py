"""Signed candidate values of an answer: direction and loss words applied.

The rules ("同比下降 0.49%" is -0.0049, "净亏损3.2亿元" is -3.2亿, "下降为8.7亿元"
a level) are shared with the grounding stage and the growth operations and
live in ``fincalc._grounding.sign_words``; the words in ``_data/directions.toml``.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from .._grounding.sign_words import signed
from .._values.quantity import Quantity

__all__ = ["interpret", "signed"]


def interpret(
    candidates: Sequence[Quantity], text: str | None, dimension: str | None
) -> tuple[list[Decimal], list[str | None]]:
    """Candidate values with direction and loss words applied, and their dimensions.

    A candidate without a dimension is read in the expected ``dimension``, so
    a bare number asked as a ratio follows the ratio rules.  Without ``text``
    (or a span) the values are taken as they are.

    >>> q = Quantity(Decimal("0.0049"), "RATIO", unit="%", raw="0.49%", span=(5, 10))
    >>> interpret([q], "同比下降 0.49%", "RATIO")
    ([Decimal('-0.0049')], ['RATIO'])
    """
    values: list[Decimal] = []
    dimensions: list[str | None] = []
    floor = 0
    for q in candidates:
        values.append(signed(q, text, floor, dimension))
        dimensions.append(q.dimension)
        if text is not None and q.span is not None:
            floor = q.span[1]
    return values, dimensions

"""Reading the amounts in an answer: the parser, the question's unit and row-label units.

Every amount in an answer is read with the parser (``extract_quantities``).
Bare numbers are read in the unit the question asked for (a unit-table token
or a short phrase: "million", "USD millions", "亿元", "单位：亿元"), and a
bare number under a row label's unit ("| 营业收入（亿元） | 1,476.94 |") takes
the row's unit, as ``resolve`` reads it.  A unit written at the number wins
over both.
"""

from __future__ import annotations

import dataclasses
import functools

from .._reading.units import UnitContext, unit_context_from_header
from .._values.quantity import Quantity

__all__ = ["extract", "unit_context"]


@functools.lru_cache(maxsize=256)
def unit_context(unit: str) -> UnitContext:
    """The context a question's ``unit`` declares (cached: a gold file repeats a few units).

    Raises:
        FincalcError: the parser cannot read ``unit`` as a unit declaration.

    >>> context = unit_context("亿元")
    >>> context.dimension, context.multiplier
    ('CNY', Decimal('1E+8'))
    """
    return unit_context_from_header(unit)


def extract(text: str, unit: str | None) -> list[Quantity]:
    """Every amount in ``text``, bare numbers read in ``unit``; call inside ``arithmetic()``.

    The declared unit is the parser's ``context``, so the parser reads every
    amount once, with its sign: "(1,577)" under "million" is -1,577,000,000.
    A unit written in the answer wins over the context: "8,743.2元" for a
    question asked in 万元 wrote 元, and is judged as written.

    >>> [(q.raw, q.value) for q in extract("营业收入 12.5，同比增长3%", "亿元")]
    [('12.5', Decimal('1.25E+9')), ('3%', Decimal('0.03'))]
    """
    from .._reading.parse import extract_quantities

    context = unit_context(unit) if unit else None
    found = extract_quantities(text, context=context)
    if "（" not in text and "(" not in text:  # the common case: no row label to read
        return found
    return [_with_row_unit(text, q, context) for q in found]


def _with_row_unit(text: str, q: Quantity, context: UnitContext | None) -> Quantity:
    """A bare number under a row label's unit ("| 营业收入（亿元） | 1,476.94 |") takes it.

    The row's own unit wins over the question's ``unit``, as it does in
    ``resolve``; a unit written at the number wins over both.
    """
    from .._grounding.documents import row_unit

    if q.span is None or not (q.unit is None or q.unit_from_context):
        return q
    row = row_unit(text, *q.span)
    if row is None:
        return q
    bare = q.value / context.multiplier if q.unit_from_context and context else q.value
    return dataclasses.replace(
        q,
        value=bare * row.context.multiplier,
        dimension=row.context.dimension,
        unit=row.context.unit,
        unit_from_context=True,
    )

"""The one private decimal context, and strict coercion into ``Decimal``.

Nothing in fincalc touches the caller's (thread-local) decimal context: all
arithmetic runs inside ``decimal.localcontext(CONTEXT)``.  ``CONTEXT`` has 50
significant digits, ``ROUND_HALF_UP``, and traps on invalid operations,
division by zero and overflow, so an impossible computation fails loudly
instead of producing NaN or Infinity.
"""

from __future__ import annotations

import decimal
from contextlib import AbstractContextManager
from decimal import ROUND_HALF_UP, Decimal

from ._errors import InvalidInputError

__all__ = ["CONTEXT", "PRECISION", "arithmetic", "to_decimal"]

#: Significant digits of every intermediate result (documented in docs/computing.md).
PRECISION = 50

CONTEXT = decimal.Context(
    prec=PRECISION,
    rounding=ROUND_HALF_UP,
    Emin=-999_999,
    Emax=999_999,
    capitals=1,
    clamp=0,
    flags=[],
    traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow],
)


def arithmetic() -> AbstractContextManager[decimal.Context]:
    """Return a context manager that runs arithmetic in fincalc's private context.

    >>> with arithmetic():
    ...     Decimal(1) / Decimal(3)
    Decimal('0.33333333333333333333333333333333333333333333333333')
    """
    return decimal.localcontext(CONTEXT)


_MAX_DECIMAL_TEXT = 200


def to_decimal(value: object, *, field: str = "value") -> Decimal:
    """Coerce ``value`` to a finite ``Decimal`` without ever going through ``float``.

    Accepts ``Decimal``, ``int`` (not ``bool``) and numeric strings.  Floats are
    refused because ``0.1`` is not one tenth; NaN and infinities are refused
    because no amount is infinite.

    >>> to_decimal("1.50")
    Decimal('1.50')
    >>> to_decimal(0.1)
    Traceback (most recent call last):
    ...
    fincalc._errors.InvalidInputError: value: float 0.1 is not accepted ...
    """
    if isinstance(value, Decimal):
        result = value
    elif isinstance(value, bool):
        raise InvalidInputError(
            f"{field}: bool {value!r} is not a number",
            argument=field,
            value=value,
        )
    elif isinstance(value, int):
        result = Decimal(value)
    elif isinstance(value, float):
        raise InvalidInputError(
            f"{field}: float {value!r} is not accepted (binary floats cannot hold "
            f'decimal amounts exactly); pass Decimal("{value!r}") or a string',
            argument=field,
            value=value,
        )
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > _MAX_DECIMAL_TEXT:
            raise InvalidInputError(
                f"{field}: numeric string of {len(text)} characters exceeds the limit "
                f"of {_MAX_DECIMAL_TEXT}",
                argument=field,
                value=text[:40] + "…",
                limit=_MAX_DECIMAL_TEXT,
            )
        try:
            result = Decimal(text)
        except decimal.InvalidOperation as exc:
            raise InvalidInputError(
                f"{field}: {value!r} is not a decimal number; write it like '1234.56'",
                argument=field,
                value=value,
            ) from exc
    else:
        raise InvalidInputError(
            f"{field}: expected Decimal, int or str, got {type(value).__name__} {value!r}",
            argument=field,
            value=repr(value),
        )
    if not result.is_finite():
        raise InvalidInputError(
            f"{field}: {result!r} is not a finite number",
            argument=field,
            value=str(result),
        )
    return result

"""The one private decimal context, and strict coercion into ``Decimal``.

Nothing in fincalc touches the caller's (thread-local) decimal context: all
arithmetic runs inside ``decimal.localcontext(CONTEXT)``.  ``CONTEXT`` has 50
significant digits, ``ROUND_HALF_UP``, and traps on invalid operations,
division by zero and overflow, so an impossible computation fails loudly
instead of producing NaN or Infinity.

Values enter through ``to_decimal``, which also bounds their magnitude:
``|value.adjusted()| <= MAX_EXPONENT`` (40), i.e. below 10^41 and at least
10^-40 in base units (a zero may not be written to a finer precision either).
No reported amount or ratio comes near either bound, and inside them every
comparison fincalc makes (differences, relative errors, rounding to a written
precision) stays within ``CONTEXT``.
"""

from __future__ import annotations

import decimal
from collections.abc import Sequence
from contextlib import AbstractContextManager
from decimal import ROUND_HALF_UP, Decimal

from .._base.exceptions import InvalidInputError

__all__ = [
    "CONTEXT",
    "EXACT_DIGITS",
    "MAX_EXPONENT",
    "PRECISION",
    "arithmetic",
    "exact_sum",
    "in_range",
    "to_decimal",
]

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

#: The most significant digits an exact sum may carry. Every value ``to_decimal``
#: accepts lies below 1E+41 and is written in at most 200 characters, and a
#: quotient carries ``PRECISION`` digits, so no sum of accepted values or of
#: fincalc's results needs more than about 300 digits: this bound is never
#: reached by real figures, it only keeps a hostile input from running away.
EXACT_DIGITS = 1000


#: ``CONTEXT`` with ``Inexact`` trapped: a sum that does not fit is retried wider.
#: Used only through its methods (``add``, ``subtract``), never installed; the
#: flags its traps set are never read.
_EXACT_50 = CONTEXT.copy()
_EXACT_50.traps[decimal.Inexact] = True


def exact_sum(values: Sequence[Decimal], signs: Sequence[int] | None = None) -> Decimal:
    """Return ``Σ sign × value`` exactly, in a context as wide as the sum needs.

    Sums and differences are never rounded: the precision is the span from
    the largest digit (plus carries) to the smallest, so ``1E+40 + 1E-20`` is
    exact. Only a sum needing more than ``EXACT_DIGITS`` digits is refused.

    Raises:
        InvalidInputError: the exact sum would need more than ``EXACT_DIGITS``
            significant digits.

    >>> exact_sum([Decimal("1E+40"), Decimal("1E-20")])
    Decimal('10000000000000000000000000000000000000000.00000000000000000001')
    >>> exact_sum([Decimal("3003.1"), Decimal("553.1")], [1, -1])
    Decimal('2450.0')
    """
    try:  # the common case: the sum fits 50 digits exactly (no context switch needed)
        return _total(_EXACT_50, values, signs)
    except decimal.Inexact:
        pass
    nonzero = [value for value in values if value]
    lowest = min((_exponent(value) for value in values), default=0)
    highest = max((value.adjusted() for value in nonzero), default=0)
    digits = highest - min(lowest, 0) + len(str(len(values))) + 2
    if digits > EXACT_DIGITS:
        raise InvalidInputError(
            f"an exact sum of these {len(values)} values needs {digits} significant digits, "
            f"beyond fincalc's limit of {EXACT_DIGITS} (no reported figure comes near it: "
            f"amounts are below 1E+{MAX_EXPONENT + 1} and at least 1E-{MAX_EXPONENT}); "
            "pass values written with fewer decimal places",
            argument="values",
            value=digits,
            limit=EXACT_DIGITS,
        )
    context = _EXACT_50.copy()
    context.prec = digits
    return _total(context, values, signs)


def _total(
    context: decimal.Context, values: Sequence[Decimal], signs: Sequence[int] | None
) -> Decimal:
    """Σ sign × value by ``context``'s methods (the thread's context is never touched)."""
    total = Decimal(0)
    if signs is None:
        for value in values:
            total = context.add(total, value)
        return total
    for value, sign in zip(values, signs, strict=True):
        total = context.subtract(total, value) if sign < 0 else context.add(total, value)
    return total


def _exponent(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return exponent if isinstance(exponent, int) else 0


#: The largest ``|Decimal.adjusted()|`` ``to_decimal`` accepts (docs/evaluating.md, "Limits").
MAX_EXPONENT = 40


def in_range(value: Decimal) -> bool:
    """Return True when ``value`` is finite and within ``MAX_EXPONENT``; never raises.

    >>> in_range(Decimal("8.7E+8")), in_range(Decimal("1E+100")), in_range(Decimal("1E-41"))
    (True, False, False)
    """
    if not value.is_finite():
        return False
    return -MAX_EXPONENT <= value.adjusted() <= MAX_EXPONENT


def to_decimal(value: object, *, field: str = "value") -> Decimal:
    """Coerce ``value`` to a finite ``Decimal`` without ever going through ``float``.

    Accepts ``Decimal``, ``int`` (not ``bool``) and numeric strings.  Floats are
    refused because ``0.1`` is not one tenth; NaN and infinities are refused
    because no amount is infinite; a value whose adjusted exponent is beyond
    ``MAX_EXPONENT`` (10^41 and more, below 10^-40, or a zero written as
    ``0E-41``) is refused because no amount is that large or that precise, and
    comparing it would leave the private context.

    Raises:
        InvalidInputError: naming ``field``, for any value refused above.

    >>> to_decimal("1.50")
    Decimal('1.50')
    >>> to_decimal(0.1)
    Traceback (most recent call last):
    ...
    fincalc.InvalidInputError: value: float 0.1 is not accepted ...
    >>> to_decimal("1E+100", field="expected")
    Traceback (most recent call last):
    ...
    fincalc.InvalidInputError: expected: 1E+100 is out of range: ...
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
            # in the private context: a failed conversion must not set the
            # InvalidOperation flag in the caller's context
            with arithmetic():
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
    if not -MAX_EXPONENT <= result.adjusted() <= MAX_EXPONENT:
        text = str(result)
        raise InvalidInputError(
            f"{field}: {text if len(text) <= 40 else text[:20] + '…' + text[-12:]} is out of "
            f"range: fincalc accepts magnitudes from 1E-{MAX_EXPONENT} to below "
            f"1E+{MAX_EXPONENT + 1} (in base units: 元, dollars, 1 for a ratio)",
            argument=field,
            value=text[:80],
            limit=MAX_EXPONENT,
        )
    return result

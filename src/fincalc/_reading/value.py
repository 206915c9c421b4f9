"""The number of an amount, read exactly: digits and a power of ten, or a composed ``Decimal``.

No thread-local decimal context is entered per call: a value is one exact
``Decimal`` literal where the number and the multiplier allow it ("8.7" with
亿 is ``Decimal("8.7E+8")``, the same coefficient and exponent as the
product; ``build`` writes it), and any other arithmetic runs in the private
context ``CTX`` (``fincalc._values.decimals.CONTEXT`` with ``Inexact``
trapped), through its own methods or inside ``exact()``: a value is exact or
it is refused, and the caller's context is never read or changed.
"""

from __future__ import annotations

import decimal
from contextlib import AbstractContextManager
from decimal import Decimal
from typing import Final

from .._values.decimals import CONTEXT
from .grammar import Grammar
from .numerals import compose
from .scan import Core, Source

__all__ = ["CTX", "EXPONENT_SUFFIX", "MAX_DIGITS", "ONE", "exact", "literal", "read_number"]

#: Most significant digits one written number may have; longer digit runs are not amounts.
MAX_DIGITS: Final = 30

ONE: Final = Decimal(1)
_TENTH: Final = Decimal("0.1")
#: The private context, used through its own methods (``CTX.multiply``) so that
#: no call enters or leaves a thread-local context; ``Inexact`` is trapped, so a
#: value is exact or refused.
CTX: Final = CONTEXT.copy()
CTX.traps[decimal.Inexact] = True

#: The exponent part of a decimal literal, by power of ten: 8 -> "E+8".
EXPONENT_SUFFIX: Final = {k: f"E{k:+d}" for k in range(-64, 65)}


def exact() -> AbstractContextManager[decimal.Context]:
    """The private context with ``Inexact`` trapped, for the rare composed numerals."""
    return decimal.localcontext(CTX)


def literal(number: str, exponent: int) -> Decimal:
    """``Decimal(number) * 10**exponent`` written as one literal: exact, no context needed.

    >>> literal("8.7", 8), literal("1,234".replace(",", ""), 0)
    (Decimal('8.7E+8'), Decimal('1234'))
    """
    if not exponent:
        return Decimal(number)
    return Decimal(number + (EXPONENT_SUFFIX.get(exponent) or f"E{exponent:+d}"))


def _clean(number: str, grammar: Grammar, comma_decimal: bool = False) -> str:
    """Drop group separators and OCR spaces; make the decimal mark a point.

    ``comma_decimal``: the scan read a shape whose comma is the decimal mark
    ("1.234,56", "1 234,56", "12,5 %"; ``grammar._shapes``), or whose points
    group thousands ("1.234.567").
    """
    if number.isascii() and number.isdigit():
        return number
    if comma_decimal:
        for mark in ".' \u202f":
            number = number.replace(mark, "")
        return number.replace(",", ".")
    for mark in grammar.removals:
        if mark in number:
            number = number.replace(mark, "")
    if grammar.decimal_mark != "." and grammar.decimal_mark in number:
        number = number.replace(grammar.decimal_mark, ".")
    return number


def read_number(
    source: Source, core: Core, capital_fraction: Decimal | None, *, tenths: bool = False
) -> None:
    """Read the core's number into ``core.digits``, ``core.shift`` and ``core.value``.

    ``capital_fraction`` is the 角/分 of a 元 amount's tail (壹佰元伍角, 3元5角),
    added to the whole number of 元; with ``tenths`` the core itself counts 角
    (一角七分).

    Raises:
        Refusal: more than ``MAX_DIGITS`` digits, or a malformed numeral (一一亿).
    """
    grammar = source.grammar
    if core.words is not None:  # "five million": read with its words
        core.digits, core.shift, core.value = "", 0, core.words
        return
    clean = _clean(core.text, grammar, core.comma_decimal)
    if len(clean) > MAX_DIGITS and sum(ch.isdigit() for ch in clean) > MAX_DIGITS:
        raise source.refuse(
            core.start, core.end, f"more than {MAX_DIGITS} digits; this is not an amount"
        )
    digits, shift, value = "", 0, None
    try:
        if core.cn is None and not core.chain:
            if "e" in clean or "E" in clean:  # "8.7E+8": exact, as written
                value = CTX.plus(Decimal(clean))
            else:
                digits = clean
        elif core.arabic is not None and (fast := grammar.han_scales.get(core.chain.strip())):
            digits = _clean(core.arabic, grammar, core.comma_decimal)  # 8.7 亿, 87,432万
            if fast[1] is None or "e" in digits or "E" in digits:  # (8.7E+8亿)
                digits, value = "", CTX.multiply(Decimal(digits), fast[0])
            else:
                shift = fast[1]
        elif core.cn == "百" and not core.chain:
            digits, shift = "1", 2  # 百分之百 (the scan finds a lone 百 only after 百分之)
        else:
            with exact():
                value = compose(clean)[0]
    except (ValueError, decimal.DecimalException) as exc:
        raise source.refuse(core.start, core.end, f"malformed numeral ({exc})") from exc
    if capital_fraction is not None:
        try:
            number = value if value is not None else literal(digits, shift)
            # (元 fixes the whole number: "3.5元2角" is no amount)
            whole = CTX.multiply(number, _TENTH) if tenths else CTX.quantize(number, ONE)
            value = CTX.add(whole, capital_fraction)
        except decimal.DecimalException as exc:
            raise source.refuse(core.start, core.end, f"a 角/分 tail after {core.text!r}") from exc
        digits, shift = "", 0
    core.digits, core.shift, core.value = digits, shift, value

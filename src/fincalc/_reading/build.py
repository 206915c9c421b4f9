"""From what was read around a number to a ``Quantity``: unit, brackets, context, value.

The written units decide the dimension and multiplier (and refuse
contradictions such as two currencies or a scale before %), accounting
brackets decide the sign where accounting notation applies, the declared unit
fills in what the text leaves open, and the value is one exact ``Decimal`` in
base units.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from .._base.exceptions import UnknownUnitError
from .._base.vocabulary import vocabulary
from .._values.quantity import Quantity, trusted_quantity
from .after_number import After
from .before_number import Before
from .classify import AMOUNT, CELL_YEAR, year_kind
from .grammar import SCALE_CHARS
from .numerals import BIG_CHARS
from .scan import Core, Refusal, Source
from .script_symbols import script_currency
from .unit_table import SuffixSpec
from .unknown_currency import currency_word_after
from .value import CTX, EXPONENT_SUFFIX, ONE, literal

__all__ = [
    "Unit",
    "apply_context",
    "build",
    "check_unknown_currency",
    "han_unit",
    "read_brackets",
    "resolve_unit",
]

_PERCENT: Final = Decimal("1E-2")
#: The power of ten each kind of percent word before a number stands for.
_PER_KINDS: Final = {"percent": -2, "permille": -3, "permyriad": -4}


@functools.cache
def _per_exponent() -> dict[str, int]:
    """百分之 -> -2, 千分之 -> -3, 万分之 -> -4 (``[number] percent_before`` in reading.toml)."""
    table = vocabulary("reading").table("number.percent_before")
    return {word: _PER_KINDS[kind] for word, kind in table.items()}


#: "(4)" in prose is a list marker: a bracketed bare integer of at most this many digits.
_LIST_PAREN_DIGITS: Final = 4


@dataclass(slots=True, repr=False)  # scratch: no generated repr on the first parse
class Unit:
    """The dimension and multiplier of an amount, and its unit as written."""

    dimension: str | None
    currency: str | None  # the currency written before or after the number
    multiplier: Decimal | None  # None: nothing to multiply by
    exponent: int | None  # the multiplier as a power of ten; None when it is not one
    parts: list[str]  # the unit words as written, in text order: ["人民币", "亿", "元"]
    from_context: bool  # the declared unit supplied the dimension or multiplier


def han_unit(core: Core, after: After) -> str:
    """The Han scale characters that scale a number: "亿" in 8.7亿, "万" in 两千万.

    Empty for a capital numeral with its 元 tail, whose characters are its digits.
    """
    chain, cn = core.chain, core.cn
    if after.fraction is not None or not (
        chain or (cn is not None and any(c in SCALE_CHARS for c in cn))
    ):
        return ""
    if core.arabic is not None:
        return "".join([ch for ch in core.text if ch in SCALE_CHARS])
    if after.unit is None or after.unit.kind != "currency":
        # 两千万 -> 万: the trailing section characters say the scale of a word numeral.
        return core.text[len(core.text.rstrip(BIG_CHARS)) :]
    return ""


def check_unknown_currency(source: Source, before: Before, after: After, han: str) -> None:
    """Refuse an amount whose currency is a word the unit table does not know.

    Called when neither a known currency nor 百分之 is written before the
    number: a generic 元 after it, a scale alone or the declared unit must not
    decide which currency "比特币8.7亿元", "澳幣 1,234" or "8.7亿卢比" is in.

    Raises:
        Refusal: with an ``UnknownUnitError`` naming the word.
    """
    text, context = source.text, source.context
    word, unit, unit_text, scale = before.unknown_word, after.unit, after.unit_text, after.scale
    if (
        word is not None
        and (unit is None or (unit.kind == "currency" and unit.generic))
        and (unit is not None or scale is not None or han or context is not None)
    ):
        name = text[word[0] : word[1]]
        if unit_text:
            decider = f"the generic {unit_text!r} after it"
        elif context is None or scale is not None or han:
            decider = "a scale alone"
        else:
            decider = f"the declared unit {context.unit!r}"
        raise Refusal(
            UnknownUnitError(
                f"cannot read {text[word[0] : after.end]!r} as an amount: {name!r} names a "
                f"currency the unit table does not know, and {decider} cannot say which; "
                "add it to the table with UnitTable.default().extended({'currency': "
                "[{'code': ..., 'prefix': [...]}]})",
                text=text,
                position=word[0],
                unit=name,
            ),
            after.end,
        )
    if unit is None or unit.generic:
        found = currency_word_after(source, after.units_end)
        if found is not None:
            name = text[found[0] : found[1]]
            raise Refusal(
                UnknownUnitError(
                    f"cannot read {text[before.start : found[1]]!r} as an amount: {name!r} "
                    "names a currency (or unit) the unit table does not resolve (several "
                    "currencies share the name, or tons may be short or metric); add it with "
                    "UnitTable.default().extended({'currency': [{'code': ..., "
                    "'suffix': [...]}]})",
                    text=text,
                    position=before.start,
                    unit=name,
                ),
                found[1],
            )


def resolve_unit(source: Source, before: Before, after: After, han: str) -> Unit:
    """Combine the currency, scale and unit written around the number.

    Raises:
        Refusal: 百分之 with another unit, two currencies, a currency with a
            unit, or a scale before a unit that takes none (万%).
    """
    start, end = before.start, after.end
    currency = before.currency
    parts: list[str] = []
    if before.currency_text is not None:
        parts.append(before.currency_text)
    if han:
        parts.append(han)
    scale, unit, unit_text = after.scale, after.unit, after.unit_text
    multiplier: Decimal | None = None
    exponent: int | None = None
    dimension: str | None = None
    if scale is not None:
        if after.scale_text:  # empty when written after the currency ("RMB'000")
            parts.append(after.scale_text)
        multiplier, exponent = scale.multiplier, scale.exponent
    if before.percent is not None:
        if unit is not None or currency is not None or scale is not None:
            raise source.refuse(start, end, f"{before.percent} with another unit")
        dimension = "RATIO"
        exponent = _per_exponent().get(before.percent, -2)  # 百分之, 千分之, 万分之
        multiplier = _PERCENT if exponent == -2 else ONE.scaleb(exponent)
        parts.append(before.percent)
    if unit is not None and unit_text is not None:
        parts.append(unit_text)
        if unit.kind == "currency":
            if currency is None:
                currency = unit.dimension
            elif unit.dimension != currency and not unit.generic:
                # (港币5亿元 is fine: 元 is the generic word for a currency unit)
                raise source.refuse(
                    start, end, f"two currencies ({before.currency_text}, {unit_text})"
                )
            if unit.exponent != 0:  # a minor unit: 35 cents, 1.5亿美分 (else 1E+0)
                source.minor_read = True
                if before.currency_text is not None:
                    raise source.refuse(  # "$35 cents"
                        start, end, f"{before.currency_text} with {unit_text!r}"
                    )
                multiplier, exponent = _times(multiplier, exponent, unit)
        else:
            if currency is not None:
                raise source.refuse(start, end, f"a currency with {unit_text!r}")
            if not unit.scalable and (scale is not None or han):
                raise source.refuse(start, end, f"a scale before {unit_text!r}")
            dimension = unit.dimension
            if unit.multiplier != ONE:
                multiplier, exponent = _times(multiplier, exponent, unit)
    if currency is not None:
        symbols = source.grammar.script_symbols
        if symbols:
            written = before.currency_text if before.currency is not None else unit_text
            if written is not None and written.strip() in symbols:
                currency = script_currency(source, start, end, written.strip(), currency)
        dimension = currency
    return Unit(dimension, currency, multiplier, exponent, parts, False)


def _times(
    multiplier: Decimal | None, exponent: int | None, unit: SuffixSpec
) -> tuple[Decimal, int | None]:
    """A scale's multiplier (and power of ten) times a unit's."""
    if multiplier is None:
        return unit.multiplier, unit.exponent
    if exponent is None or unit.exponent is None:
        return CTX.multiply(multiplier, unit.multiplier), None
    return CTX.multiply(multiplier, unit.multiplier), exponent + unit.exponent


def read_brackets(
    source: Source, core: Core, before: Before, after: After, has_unit: bool
) -> tuple[int, int, bool] | None:
    """The amount's ``(start, end, negative)`` with the "(" before it; None for a list marker.

    Accounting brackets are negative in a table row, under a declared unit, in a
    text that is nothing but the bracketed amount (a cell: "($1.2 million)"), or
    with a currency, scale or unit written outside them ("$(1.2)", "(5.2)%",
    "(1,234)千元").  In prose "(4)" is a list marker, "(1,234)" stays positive,
    and brackets that enclose the currency ("HK$1.2 billion (RMB1.1 billion)")
    are a translation or an aside.
    """
    norm, paren_at = source.norm, before.paren_at
    start, end, negative = before.start, after.end, before.negative
    close = after.close
    close_end = -1  # "($1.2 million)": the ")" after the units, taken only if negative
    if not close and (after.unit is not None or after.scale is not None or before.currency):
        k = after.units_end
        if k < len(norm) and norm[k] == " ":
            k += 1
        if k < len(norm) and norm[k] == ")":
            close = True
            close_end = k + 1
    if not close:
        return start, end, negative
    if (
        before.currency_outside
        or (after.close and (after.unit is not None or after.scale is not None))
        or source.context is not None
        or source.in_table_line(core.start)
        or source.is_whole_text(paren_at, close_end if close_end > 0 else end)
    ):  # (a lone "(5,062)" is a table cell, not a list marker)
        return min(start, paren_at), (close_end if close_end > 0 else end), True
    arabic = core.arabic
    if (
        not has_unit
        and arabic is not None
        and arabic.isdigit()
        and len(arabic) <= _LIST_PAREN_DIGITS
    ):
        return None  # "(4)" in prose: a list marker
    if after.close and after.unit is None and after.scale is None:
        return start, core.end, negative  # "(1,234)" in prose: the amount without its brackets
    return start, end, negative


def apply_context(
    source: Source, before: Before, after: After, unit: Unit, han: str, has_unit: bool
) -> Unit:
    """Fill in what the written units leave open from the declared unit.

    A bare number takes the whole declared unit; "8.7亿" under 单位：元 takes its
    dimension; "$ 1,234" under "(in millions)" takes its multiplier.  A
    percentage or a non-currency unit is never changed.
    """
    context = source.context
    if context is None or before.percent is not None:
        return unit
    written = after.unit
    if written is not None and written.kind != "currency":
        return unit
    if not has_unit:
        return Unit(
            context.dimension,
            unit.currency,
            context.multiplier,
            source.context_exponent,
            [context.unit],
            True,
        )
    declared = f"[{context.unit}]"
    if unit.currency is None and unit.dimension is None:  # 8.7亿 under 单位：元
        return Unit(
            context.dimension,
            None,
            unit.multiplier,
            unit.exponent,
            [*unit.parts, declared],
            True,
        )
    if (
        after.scale is None
        and not han
        and written is None  # a written suffix ("8,743.2元") is the whole unit
        and unit.currency is not None
        and context.dimension in (None, unit.currency)
    ):  # "$ 1,234" under "(in millions)"
        return Unit(
            unit.dimension,
            unit.currency,
            context.multiplier,
            source.context_exponent,
            [*unit.parts, declared],
            True,
        )
    return unit


def build(
    source: Source,
    core: Core,
    unit: Unit,
    span: tuple[int, int],
    negative: bool,
    qualifier: str | None,
    has_unit: bool,
) -> tuple[Quantity, int]:
    """The ``Quantity`` and its kind (``AMOUNT``, or how a year-like number is placed).

    The value is the core's number times the unit's multiplier: one decimal
    literal where the multiplier is a power of ten ("8.7" and 亿 give
    ``Decimal("8.7E+8")``, the written precision in its exponent), else an
    exact product in the private context.
    """
    multiplier, exponent = unit.multiplier, unit.exponent
    value = core.value
    if value is not None:
        if multiplier is not None:
            value = CTX.multiply(value, multiplier)
    elif multiplier is not None and exponent is None:
        value = CTX.multiply(literal(core.digits, core.shift), multiplier)
    else:  # ``literal(core.digits, shift)``, written out: most amounts come this way
        shift = core.shift if exponent is None else core.shift + exponent
        if shift:
            value = Decimal(core.digits + (EXPONENT_SUFFIX.get(shift) or f"E{shift:+d}"))
        else:
            value = Decimal(core.digits)
    if negative and value:
        value = value.copy_negate()  # exact: every value fits the context's 50 digits
    kind = AMOUNT
    if len(core.text) == 4 and not has_unit:  # "2023": perhaps a year
        kind = year_kind(source, core, has_unit, negative)
        if kind == CELL_YEAR:
            source.cell_years = True
    start, end = span
    source.prev_end = end
    parts = unit.parts
    text: str | None = None
    if len(parts) == 1:
        text = parts[0]
    elif parts:
        text = (" " if any(map(str.isascii, parts)) else "").join(parts)
    quantity = trusted_quantity(
        value,
        unit.dimension,
        text,
        source.text[start:end],
        span,
        qualifier,
        unit.from_context,
    )
    return quantity, kind

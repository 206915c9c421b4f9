"""``Quantity``: an amount in base units, bound to the text it was read from."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .._base.exceptions import InvalidInputError
from .._base.public import public
from .._base.surrogates import check_no_surrogate
from .decimals import to_decimal

__all__ = ["Quantity", "check_dimension", "trusted_quantity"]

_DIMENSION = re.compile(r"[A-Z][A-Z0-9_]{0,31}")


def check_dimension(dimension: object, *, field: str = "dimension") -> str:
    """Return ``dimension`` if it is a valid dimension code, else raise.

    Dimensions are upper-case codes: ISO 4217 currencies (``CNY``, ``USD``) or
    ``RATIO``, ``MULTIPLE``, ``SHARES``, ``COUNT``, ….

    >>> check_dimension("CNY")
    'CNY'
    """
    if not isinstance(dimension, str) or not _DIMENSION.fullmatch(dimension):
        raise InvalidInputError(
            f"{field}: {dimension!r} is not a dimension code; use an upper-case code such as "
            "'CNY', 'USD' or 'RATIO'",
            argument=field,
            value=dimension,
        )
    return dimension


@public
@dataclass(frozen=True, slots=True)
class Quantity:
    """An amount in base units (元 for CNY, 1 for RATIO) with the text it came from.

    ``value`` keeps the precision the amount was written at in its exponent:
    "303M" is ``Decimal('3.03E+8')`` (equal to ``Decimal('303000000')``), which
    is what precision-aware answer matching reads.

    Attributes:
        value: The amount in base units, an exact finite ``Decimal``.
        dimension: ``CNY``, ``USD``, ``RATIO``, ``MULTIPLE``, ``SHARES``, …, or
            ``None`` for a scale-only amount such as "1476.94 亿".
        unit: The unit as written (or as declared by a unit context), if any.
        raw: The verbatim source text of the amount, for citing.
        span: Half-open ``(start, end)`` offsets of ``raw`` in the parsed text.
        qualifier: A hedge written with the amount ("约", "approximately",
            "超过", "more than"), kept rather than dropped.
        unit_from_context: True when the unit came from a declaration such as
            "单位：万元" rather than from the text next to the number.

    >>> from decimal import Decimal
    >>> q = Quantity(Decimal("870000000"), "CNY", unit="亿元", raw="8.7 亿元")
    >>> q
    Quantity(870000000 CNY, raw='8.7 亿元')
    >>> q == Quantity(Decimal("8.7E+8"), "CNY", unit="亿元", raw="8.7 亿元")
    True
    """

    value: Decimal
    dimension: str | None
    unit: str | None = None
    raw: str = ""
    span: tuple[int, int] | None = None
    qualifier: str | None = None
    unit_from_context: bool = False

    def __post_init__(self) -> None:
        for name in ("raw", "unit", "qualifier"):
            check_no_surrogate(getattr(self, name), f"Quantity.{name}")
        if not isinstance(self.value, Decimal):
            # Coerce ints and strings, refuse floats, with a clear message.
            object.__setattr__(self, "value", to_decimal(self.value, field="Quantity.value"))
        elif not self.value.is_finite():
            raise InvalidInputError(
                f"Quantity.value: {self.value!r} is not a finite number",
                argument="Quantity.value",
                value=str(self.value),
            )
        if self.dimension is not None:
            check_dimension(self.dimension, field="Quantity.dimension")
        if self.span is not None:
            start, end = self.span
            if not (isinstance(start, int) and isinstance(end, int) and 0 <= start <= end):
                raise InvalidInputError(
                    f"Quantity.span: {self.span!r} is not a half-open (start, end) pair",
                    argument="Quantity.span",
                    value=self.span,
                )

    @property
    def is_unitless(self) -> bool:
        """True for a bare number: no unit written and none declared."""
        return self.unit is None

    @property
    def exponent(self) -> int:
        """The decimal exponent of the written precision (6 for "303M")."""
        exponent = self.value.as_tuple().exponent
        return exponent if isinstance(exponent, int) else 0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; the value is a string, never a float.

        >>> from decimal import Decimal
        >>> Quantity(Decimal("0.052"), "RATIO", unit="%", raw="5.2%").to_dict()["value"]
        '0.052'
        """
        return {
            "value": format(self.value, "f"),
            "dimension": self.dimension,
            "unit": self.unit,
            "raw": self.raw,
            "span": list(self.span) if self.span is not None else None,
            "qualifier": self.qualifier,
            "unit_from_context": self.unit_from_context,
        }

    def __repr__(self) -> str:
        dim = self.dimension if self.dimension is not None else "(no dimension)"
        extra = f", qualifier={self.qualifier!r}" if self.qualifier else ""
        return f"Quantity({format(self.value, 'f')} {dim}, raw={self.raw!r}{extra})"


# (the slots' own setters: ``trusted_quantity`` fills a new instance past the frozen
# ``__setattr__``, as the generated ``__init__`` does)
_NEW = object.__new__
_SET_VALUE = Quantity.__dict__["value"].__set__
_SET_DIMENSION = Quantity.__dict__["dimension"].__set__
_SET_UNIT = Quantity.__dict__["unit"].__set__
_SET_RAW = Quantity.__dict__["raw"].__set__
_SET_SPAN = Quantity.__dict__["span"].__set__
_SET_QUALIFIER = Quantity.__dict__["qualifier"].__set__
_SET_FROM_CONTEXT = Quantity.__dict__["unit_from_context"].__set__


def trusted_quantity(
    value: Decimal,
    dimension: str | None,
    unit: str | None,
    raw: str,
    span: tuple[int, int],
    qualifier: str | None,
    unit_from_context: bool,
) -> Quantity:
    """Build a ``Quantity`` from fields the caller has already validated (private).

    The parser's hot path: ``value`` is a finite ``Decimal``, ``dimension`` a
    code from the validated unit table (or None), and ``span`` a half-open pair,
    so ``__post_init__``'s checks are skipped (a third of the cost of a
    ``Quantity``).  Everyone else uses the validating constructor.

    >>> trusted_quantity(Decimal("8.7E+8"), "CNY", "亿元", "8.7亿元", (0, 5), None, False)
    Quantity(870000000 CNY, raw='8.7亿元')
    """
    quantity: Quantity = _NEW(Quantity)
    _SET_VALUE(quantity, value)
    _SET_DIMENSION(quantity, dimension)
    _SET_UNIT(quantity, unit)
    _SET_RAW(quantity, raw)
    _SET_SPAN(quantity, span)
    _SET_QUALIFIER(quantity, qualifier)
    _SET_FROM_CONTEXT(quantity, unit_from_context)
    return quantity

"""The gold as written: its value, its dimension and the precision it was written at.

A gold answer is a number in base units (``Decimal("302600000")``, precise to
the unit its exponent says), or text as a benchmark writes it: "$303 million"
(precise to the million), "93.86", "24.3%", "8.7亿元".  Text is read with the
parser, bare numbers in the question's unit when the gold is a record's
``answer``.  An explicit ``precision`` (a power of ten in base units,
``"1E+6"``: to the million) overrides what the writing says.

Trailing zeros after the decimal point are precision only within the first
four significant digits: "$8.70 billion" is written to the ten million, but
"$1577.00 million" to the million — benchmarks write money with two decimals
by habit, and 1,577.00 is no more precise than the report it was read from.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

from .._values.decimals import to_decimal
from .._values.errors import FincalcError, InvalidInputError
from .._values.quantity import Quantity
from .extraction import read_one
from .kinds import comparable, known_dimension

__all__ = ["Gold", "read_gold", "written_exponent"]

#: Trailing zeros after the decimal point count as precision up to this many
#: significant digits ("8.70" keeps its zero; "1577.00" does not).
MAX_ZERO_DIGITS = 4
_NUMBER = re.compile(r"\d[\d,，]*(?:\.(\d+))?")
# Text that is more than a number: a currency sign, a percent sign, a word.
_WRITTEN = re.compile(r"[^\d\s.,+\-eE]")
# A bare number grouped by commas in threes, as gold files write it ("1,234", "-12,345.6"):
# read as the parser reads it, commas as thousands separators.
_GROUPED = re.compile(r"[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?")


class Gold(NamedTuple):
    """The gold value in base units, its dimension and the exponent it was written to.

    ``known`` is False for the stand-in of a question whose right answer is
    a refusal: its dimension is unknown, not that of a plain number.
    ``magnitude`` is True when the question asks how large a decrease or a
    loss is and the gold is positive (``signs.asks_for_a_decrease``): an
    answer's figure is then judged as the size of the decrease it states.
    """

    value: Decimal
    dimension: str | None
    exponent: int
    known: bool = True
    magnitude: bool = False
    # The one year the question names ("What was revenue in FY2023?"), as written: of
    # figures each stated with its own year, the answer's is that year's.
    period: str | None = None
    # What the question asks the figure of ("营业收入", "net income"), when it reads plainly:
    # a last clause about another metric does not hide the figure stated for it.
    subject: str | None = None


def written_exponent(value: Decimal, fraction_digits: int | None = None) -> int:
    """The exponent of the last significant digit of ``value`` as written.

    ``fraction_digits`` is how many digits the writer put after the decimal
    point (default: ``-exponent`` of ``value``); trailing zeros among them
    beyond the fourth significant digit are formatting, not precision.

    >>> written_exponent(Decimal("8.70")), written_exponent(Decimal("1577.00"))
    (-2, 0)
    >>> written_exponent(Decimal("1.57700E+9"), fraction_digits=2)
    6
    """
    _, digits, exponent = value.as_tuple()
    if not isinstance(exponent, int):
        return 0
    written = -exponent if fraction_digits is None else fraction_digits
    zeros = 0
    while zeros < len(digits) - 1 and digits[len(digits) - 1 - zeros] == 0:
        zeros += 1
    strip = min(zeros, max(0, written), len(digits) - MAX_ZERO_DIGITS)
    return exponent + max(0, strip)


def _quantum_exponent(precision: object) -> int:
    """The exponent of an explicit precision: a positive power of ten such as "1E+6" or "0.01"."""
    quantum = to_decimal(precision, field="precision")
    _, digits, exponent = quantum.normalize().as_tuple()
    if quantum <= 0 or digits != (1,) or not isinstance(exponent, int):
        raise InvalidInputError(
            f"precision: {precision!r} is not a power of ten; give the place of the last "
            "digit in base units, e.g. '1E+6' (to the million) or '0.01' (to the cent)",
            argument="precision",
            value=str(precision),
        )
    return exponent


def _fraction_digits(raw: str) -> int | None:
    """How many digits ``raw`` writes after its decimal point (None when it writes no number)."""
    match = _NUMBER.search(raw)
    if match is None:
        return None
    return len(match.group(1) or "")


def _read_text(text: str, unit: str | None) -> Quantity:
    try:
        return read_one(text, unit)
    except FincalcError as exc:
        raise InvalidInputError(
            f"expected: cannot read {text!r} as a gold answer ({exc}); write it with its "
            "unit ('$303 million', '24.3%', '8.7亿元') or as a number in base units",
            argument="expected",
            value=text,
        ) from exc


def read_gold(
    expected: object,
    *,
    dimension: str | None = None,
    unit: str | None = None,
    precision: object = None,
    bare_in_unit: bool = False,
) -> Gold:
    """Read a gold answer: a number in base units, a ``Quantity``, or text with its unit.

    Args:
        expected: ``Decimal``, ``int``, a numeric string (base units), text such
            as "$303 million" or "24.3%", or a ``Quantity``.
        dimension: The expected dimension; text or a ``Quantity`` may supply it.
        unit: The question's unit, for text that writes no scale ("$1577.00").
        precision: A power of ten in base units that overrides the written precision.
        bare_in_unit: Read a bare number in ``unit`` too (a record's ``answer``);
            otherwise a numeric string is in base units.

    Raises:
        InvalidInputError: ``expected`` cannot be read, is out of range, or
            its dimension contradicts ``dimension``.

    >>> read_gold("$303 million")[:3]
    (Decimal('3.03E+8'), 'USD', 6)
    >>> read_gold("$1577.00", unit="million")[:3]
    (Decimal('1.57700E+9'), 'USD', 6)
    >>> read_gold("93.86")[:3], read_gold("302600000", dimension="USD", precision="1E+6").exponent
    ((Decimal('93.86'), None, -2), 6)
    >>> read_gold("1,234.5")[:3]
    (Decimal('1234.5'), None, -1)
    """
    raw: str | None = None
    if isinstance(expected, Quantity):
        value, found_dim, raw = expected.value, expected.dimension, expected.raw or None
    elif isinstance(expected, str) and not (bare_in_unit and unit):
        try:
            value, found_dim = to_decimal(expected, field="expected"), None
        except InvalidInputError:
            if _GROUPED.fullmatch(expected.strip()) is not None:
                value = to_decimal(expected.strip().replace(",", ""), field="expected")
                return read_gold(value, dimension=dimension, precision=precision)
            if _WRITTEN.search(expected) is None or _NUMBER.search(expected) is None:
                raise
            q = _read_text(expected, unit)
            value, found_dim, raw = q.value, q.dimension, q.raw
        else:
            raw = expected
    elif isinstance(expected, str):
        q = _read_text(expected, unit)
        value, found_dim, raw = q.value, q.dimension, q.raw
    else:
        value, found_dim = to_decimal(expected, field="expected"), None
    value = to_decimal(value, field="expected")
    dim = _dimension(dimension, found_dim, expected)
    if precision is not None:
        exponent = _quantum_exponent(precision)
    else:
        exponent = written_exponent(value, None if raw is None else _fraction_digits(raw))
    return Gold(value, dim, exponent)


def _dimension(given: str | None, found: str | None, expected: object) -> str | None:
    if given is not None:
        known_dimension(given)
    if found is None:
        return given
    if given is not None and not comparable(found, given):
        raise InvalidInputError(
            f"expected: {expected!r} is {found} but dimension={given!r}; "
            "drop dimension or write the gold in its own currency",
            argument="expected",
            value=str(expected),
        )
    return given or found

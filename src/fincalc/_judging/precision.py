"""The gold as written: its value, its dimension and the precision it was written at.

A gold answer is a number in base units (``Decimal("302600000")``), or text
as a benchmark writes it: "$303 million", "$1577.00", "93.86", "24.3%",
"8.7亿元".  An explicit ``precision`` (a power of ten in base units,
``"1E+6"``: to the million) overrides what the writing says.

**The gold in the question's frame** (one rule for ``check_answer``,
``GoldCase``/``evaluate`` and the CLI): text with its own scale or percent
sign ("$303 million", "24.3%", "8.7亿元") is read as written; a bare gold
(digits, at most a currency sign: "$1577.00", "24.26") is written in the
unit the question asks for ("(in USD millions)", "in percent"), unless it
is written in full: so large that in the unit it would pass a
quadrillion, or at least one whole unit large *and* carrying the unit's
zeros ("$1,577,000,000", "10000" under thousands: it ends in three zeros
or more).
Under a question in percent a bare gold below 1 written with more than two
decimals is the fraction ("0.2426" is 24.26 %; "24.26" and "0.4" are
percents).  A number (``Decimal``, ``int``), and a numeric string when no
unit is given, is in base units and stays as given.

**Precision graders use.** In a gold written as text, trailing zeros after
the decimal point are padding ("$303.00" is written to the unit, "$8.70"
to the tenth), except that a gold keeps two significant digits ("$0.40
billion" is to the ten million).  A number in base units is precise to its
significant digits (zeros that end a whole number are not: "3215000000" is
to the million) but never coarser than two significant digits
(``Decimal("1")`` as a ratio is 1.0: from 95 % to 105 %, so 83.33 % is not
it).  However coarse the writing, the gold's precision never accepts a figure
more than 5 % from it (``tolerance.MAX_PRECISION_BAND``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .._base.exceptions import FincalcError, InvalidInputError
from .._values.decimals import to_decimal
from .._values.quantity import Quantity
from .direction import signed
from .extraction import read_one, unit_context
from .kinds import comparable, known_dimension

__all__ = ["Gold", "in_full", "number_exponent", "read_gold", "written_exponent"]

#: Trailing zeros after the decimal point are padding, down to this many significant
#: digits ("8.70" is 8.7; "0.40" keeps its zero: one digit would be a coarse gold).
MIN_KEPT_DIGITS = 2
#: A number in base units is precise to at least this many significant digits (±5 % at most).
MIN_NUMBER_DIGITS = 2
#: Zeros that end a bare gold written in full ("1,577,000,000", "10000" in thousands).
_FULL_ZEROS = 3
#: A percent is written with at most this many decimals; a bare gold below 1 with more
#: under a question in percent is the fraction ("0.2426" is 24.26 %).
_PERCENT_DECIMALS = 2
#: In base units, no reported amount reaches this: a bare gold that would is in full.
_ABSURD = Decimal("1E+15")
_NUMBER = re.compile(r"\d[\d,，]*(?:\.(\d+))?")
# Text that is more than a number: a currency sign, a percent sign, a word.
_WRITTEN = re.compile(r"[^\d\s.,+\-eE]")
# A bare number grouped by commas in threes, as gold files write it ("1,234", "-12,345.6"):
# read as the parser reads it, commas as thousands separators.
# A word of three letters or more (Latin) or two Han characters: a gold written as a sentence.
_WORD = re.compile(r"[A-Za-z]{3,}|[\u4e00-\u9fff]{2,}")
_GROUPED = re.compile(r"[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?")


@dataclass(frozen=True, slots=True)
class Gold:
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
    are padding, down to ``MIN_KEPT_DIGITS`` significant digits.

    >>> written_exponent(Decimal("8.70")), written_exponent(Decimal("1577.00"))
    (-1, 0)
    >>> written_exponent(Decimal("1.57700E+9"), 2), written_exponent(Decimal("0.40"))
    (6, -2)
    """
    _, digits, exponent = value.as_tuple()
    if not isinstance(exponent, int):
        return 0
    written = -exponent if fraction_digits is None else fraction_digits
    zeros = 0
    while zeros < len(digits) - 1 and digits[len(digits) - 1 - zeros] == 0:
        zeros += 1
    strip = min(zeros, max(0, written), len(digits) - MIN_KEPT_DIGITS)
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
    places: tuple[str, int] | None = None,
) -> Gold:
    """Read a gold answer: a number in base units, a ``Quantity``, or text as written.

    Args:
        expected: ``Decimal`` or ``int`` (base units), a string as a dataset
            writes it ("$303 million", "$1577.00", "24.3%", "93.86"), or a ``Quantity``.
        dimension: The expected dimension; text or a ``Quantity`` may supply it.
        unit: The question's unit: a bare gold string ("$1577.00", "24.26")
            is written in it unless written in full (module docstring).
        precision: A power of ten in base units that overrides the written precision.
        places: The precision the question asks for (``question_places``):
            it wins over padding; a gold written more coarsely keeps its own.

    Raises:
        InvalidInputError: ``expected`` cannot be read, is out of range, or
            its dimension contradicts ``dimension``.

    >>> gold = read_gold("$303 million")
    >>> gold.value, gold.dimension, gold.exponent
    (Decimal('3.03E+8'), 'USD', 6)
    >>> gold = read_gold("$1577.00", unit="million")
    >>> gold.value, gold.dimension, gold.exponent
    (Decimal('1.57700E+9'), 'USD', 6)
    >>> [(g.value, g.dimension) for g in (read_gold("$1,577,000,000", unit="million"),
    ...                                     read_gold("24.26", unit="percent"))]
    [(Decimal('1577000000'), 'USD'), (Decimal('0.2426'), 'RATIO')]
    >>> gold = read_gold("93.86")
    >>> (gold.value, gold.dimension, gold.exponent), read_gold(
    ...     "302600000", dimension="USD", precision="1E+6"
    ... ).exponent
    ((Decimal('93.86'), None, -2), 6)
    >>> gold = read_gold("1,234.5")
    >>> (gold.value, gold.dimension, gold.exponent), read_gold(
    ...     Decimal("1"), dimension="RATIO"
    ... ).exponent
    ((Decimal('1234.5'), None, -1), -1)
    """
    raw: str | None = None  # the text read with the parser, when it was
    q: Quantity | None = None
    if isinstance(expected, Quantity):
        value, found_dim, raw = expected.value, expected.dimension, expected.raw or ""
    elif isinstance(expected, str) and unit:
        q = _in_frame(expected, unit)
        if q is None:  # written in full: a number in base units
            number = _plain_number(expected)
            return read_gold(number, dimension=dimension, precision=precision, places=places)
        value, found_dim, raw = q.value, q.dimension, q.raw
    elif isinstance(expected, str):
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
        value, found_dim = to_decimal(expected, field="expected"), None
    value = to_decimal(value, field="expected")
    dim = _dimension(dimension, found_dim, expected)
    if q is not None and isinstance(expected, str) and _WORD.search(expected) is not None:
        # a gold written as a sentence is read as an answer is: "debt decreased by $229
        # million" is -229 million, "a net loss of $546 million" -546 million
        value = signed(q, expected, 0, dim)
    if precision is not None:
        return Gold(value, dim, _quantum_exponent(precision))
    asked = None if places is None else _asked_exponent(places, unit)
    if raw is not None:
        if asked is not None:  # the question's places: its zeros are digits, not padding
            own = value.as_tuple().exponent
            return Gold(value, dim, max(own if isinstance(own, int) else 0, asked))
        return Gold(value, dim, written_exponent(value, _fraction_digits(raw)))
    exponent = number_exponent(value)
    return Gold(value, dim, exponent if asked is None else max(exponent, asked))


def _asked_exponent(places: tuple[str, int], unit: str | None) -> int:
    """The exponent in base units of the precision a question asks for."""
    kind, count = places
    shift = 0
    if kind == "unit" and unit:
        try:
            shift = unit_context(unit).multiplier.adjusted()
        except FincalcError:
            shift = 0
    return shift - count


def number_exponent(value: Decimal) -> int:
    """The precision of a gold number in base units: its significant digits, two at least.

    Zeros that end a whole number are not significant ("3215000000" is to
    the million); digits after the point are, as written ("0.0870").

    >>> number_exponent(Decimal("3215000000")), number_exponent(Decimal("0.0870"))
    (6, -4)
    >>> number_exponent(Decimal("1")), number_exponent(Decimal("400000000"))
    (-1, 7)
    """
    own = value.as_tuple().exponent
    if not isinstance(own, int) or not value:
        return 0
    if own >= 0:  # the trailing zeros of a whole number, counted exactly (no context)
        digits = "".join(map(str, value.as_tuple().digits))
        own += len(digits) - len(digits.rstrip("0"))
    return min(own, value.adjusted() - MIN_NUMBER_DIGITS + 1)


def _plain_number(text: str) -> object:
    """A gold written in full: a numeric string as it is, text read without the question's unit."""
    stripped = text.strip()
    if _WRITTEN.search(stripped) is None:
        return stripped.replace(",", "")
    return _read_text(stripped, None)


def _in_frame(text: str, unit: str) -> Quantity | None:
    """``text`` read in the question's ``unit``; None when it is a bare number written in full."""
    q = _read_text(text, unit)
    if not q.unit_from_context:
        return q
    try:
        multiplier = unit_context(unit).multiplier
    except FincalcError:
        return q
    match = _NUMBER.search(q.raw or text)
    if multiplier == 1 or match is None:
        return q
    written = Decimal(match.group(0).replace(",", "").replace("，", ""))
    if written * multiplier != q.value.copy_abs():
        return q  # it has a scale of its own ("$10 million"): as written
    if multiplier < 1:  # percent: "0.2426" is the fraction 24.26 %, "24.26" and "0.4" percents
        return None if written < 1 and len(match.group(1) or "") > _PERCENT_DECIMALS else q
    return None if in_full(written, multiplier) else q


def in_full(written: Decimal, multiplier: Decimal) -> bool:
    """Whether a bare number under a unit of ``multiplier`` is written in full.

    It is when, read in the unit, it would pass a quadrillion, or when it is
    at least one whole unit and ends in three zeros or more
    ("1,577,000,000", "10000" under thousands).

    >>> million = Decimal("1E+6")
    >>> in_full(Decimal("1577000000"), million), in_full(Decimal("1577.00"), million)
    (True, False)
    >>> in_full(Decimal("4264"), Decimal("1000")), in_full(Decimal("10000"), Decimal("1000"))
    (False, True)
    """
    size = written.copy_abs()
    if size * multiplier >= _ABSURD:
        return True
    if size < multiplier:
        return False
    whole = size.to_integral_value()
    return whole == size and whole % 10**_FULL_ZEROS == 0


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

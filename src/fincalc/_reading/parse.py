"""Read amounts from text: ``parse_quantity`` and ``extract_quantities``.

How a number is read (docs/parsing.md has the full table; ``reader`` runs the
phases):

1. The text is folded by a *length-preserving* translation (full-width
   digits and punctuation, Unicode minus signs, no-break spaces), so every
   offset in the folded copy is an offset in the original and spans are
   exact without an offset map (``text``).
2. One scan pattern finds number cores: Arabic numbers with their grouping
   (1,234 / 1'234 / 1 234 / 1,23,456 / OCR "147, 693, 604" / "994. 14"),
   Chinese numerals, and chains of both with 十百千万亿 (3万4000, 1.5万亿).
   Dates, times, section numbers and phone numbers are consumed and skipped
   (``grammar``).
3. Around each core, dictionary probes built from the unit table read what is
   written after it (closing bracket, scale, currency or unit, qualifier) and
   before it (百分之, sign, currency, opening bracket, qualifier); a side is
   skipped when the character next to the core cannot start (end) anything
   there, and the work per core is bounded (``after_number``, ``before_number``).
4. Numbers that are years, dates, periods, ordinals, page, note or code
   references are dropped (``classify``); everything else becomes a
   ``Quantity`` (``value``, ``build``).  A year is four bare digits; under a
   declared unit or as a table cell it may also be an amount, and
   ``parse_quantity`` then refuses to choose.

With the default options, a table that has read about a megabyte compiles one
generated pattern (``scanner``, ``fast_pattern``) that finds the common amounts
whole, units and all, in the same pass as steps 2 and 4; the matches it
cannot take whole go through steps 3-4 as above, so the answers are the same
(``tests/test_scanner.py``, ``benchmarks/parse_differential.py``).

All patterns are possessive or atomic and every input is bounded
(``MAX_PARSE_LENGTH``, ``MAX_EXTRACT_LENGTH``, ``MAX_DIGITS``), so matching is
linear in the input.  A value is exact or refused, and the caller's decimal
context is never read or changed (``value``).
"""

from __future__ import annotations

import decimal

from .._base.exceptions import (
    AmbiguousQuantityError,
    InvalidInputError,
    MissingUnitError,
    ParseError,
)
from .._base.public import public
from .._values.quantity import Quantity, check_dimension
from .classify import AMOUNT, CELL_YEAR, YEAR
from .declarations import (
    UnitContext,
    context_from_header,
    find_unit_declarations,
    unit_context_from_header,
)
from .reader import Result, inexact, read_all
from .scanner_tier import ready_scanner
from .text import MAX_EXTRACT_LENGTH, MAX_PARSE_LENGTH, check_text, fold_characters
from .unit_table import UnitTable, resolve_table
from .value import MAX_DIGITS

__all__ = [
    "MAX_DIGITS",
    "MAX_EXTRACT_LENGTH",
    "MAX_PARSE_LENGTH",
    "extract_quantities",
    "find_unit_declarations",
    "fold_characters",
    "parse_quantity",
    "unit_context_from_header",
]


def _resolve(
    table: UnitTable | None, context: UnitContext | str | None
) -> tuple[UnitTable, UnitContext | None]:
    table = resolve_table(table)
    if isinstance(context, str):
        context = context_from_header(context, table)
    elif context is not None and not isinstance(context, UnitContext):
        raise InvalidInputError(
            f"context: expected a UnitContext or a header such as '单位：万元', "
            f"got {type(context).__name__}",
            argument="context",
            value=repr(context)[:80],
        )
    return table, context


def _read(
    text: str, table: UnitTable, context: UnitContext | None, locale: str | None
) -> tuple[list[Result], bool]:
    """Every amount read (or refused) with its kind; the generated scanner where it applies."""
    scanner = None if context is not None or locale is not None else ready_scanner(table, len(text))
    if scanner is None:
        results, cell_years = read_all(text, table, context, locale)
    else:
        try:
            results, cell_years = scanner.read(text, fold_characters(text))
        except decimal.DecimalException as exc:
            raise inexact(text, exc) from exc
    if "inus" in text or "egativ" in text or "INUS" in text or "EGATIV" in text:
        results = _sign_words(text, results)
    return results, cell_years


# "negative" right before an amount is its sign, and so is "minus" ("reported minus
# $3.2 million", "minus five percent"), except right after another amount ("100
# minus 20", "$5 million, minus $2 million of returns"), where it is a subtraction and
# the amount is left as written.
_SIGN_WORD = r"(?i)(?<![\w\-\u2010\u2011])(minus|negative)[ \t\u00a0]+\Z"  # not "non-negative"
_OPERATOR_GAP = r"[\s,;]*\Z"
_SIGN_LOOKBACK = 40


def _sign_words(text: str, results: list[Result]) -> list[Result]:
    """Read "negative"/"minus" right before an amount as its sign.

    >>> text = "growth was negative 5% and minus 2.1% in 2024"
    >>> [str(q.value) for q in extract_quantities(text)]
    ['-0.05', '-0.021']
    >>> [str(q.value) for q in extract_quantities("100 minus 20 equals 80 dollars")]
    ['100', '20', '80']
    """
    import dataclasses
    import re

    sign_word, operator_gap = re.compile(_SIGN_WORD), re.compile(_OPERATOR_GAP)
    out: list[Result] = []
    previous_end = -1
    for item, kind in results:
        span = item.span if isinstance(item, Quantity) else None
        found = (
            sign_word.search(text, max(0, span[0] - _SIGN_LOOKBACK), span[0])
            if span is not None and kind == AMOUNT
            else None
        )
        ended = previous_end
        if span is not None:
            previous_end = span[1]
        if (
            found is None
            or span is None
            or not isinstance(item, Quantity)
            or item.value <= 0
            or (
                found.group(1).casefold() == "minus"
                and 0 <= ended <= found.start(1)
                and operator_gap.match(text, ended, found.start(1)) is not None
            )
        ):
            out.append((item, kind))
            continue
        start = found.start(1)
        out.append(
            (
                dataclasses.replace(
                    item, value=-item.value, raw=text[start : span[1]], span=(start, span[1])
                ),
                kind,
            )
        )
    return out


@public
def parse_quantity(
    text: str,
    *,
    dimension: str | None = None,
    context: UnitContext | str | None = None,
    table: UnitTable | None = None,
    locale: str | None = None,
) -> Quantity:
    """Parse the one amount in ``text`` into a ``Quantity`` in base units.

    Args:
        text: A quote, a table cell or an answer holding one amount (at most
            ``MAX_PARSE_LENGTH`` characters).
        dimension: Keep only amounts of this dimension ("CNY", "RATIO", …) when
            the text holds several.
        context: The declared unit (a ``UnitContext`` or a header such as
            "单位：万元") that bare numbers are read in.
        table: The unit table; ``UnitTable.default()`` when omitted.
        locale: A Babel locale name whose decimal and group separators apply
            ("de_DE": "4,5 Mio." is 4.5 million).

    Returns:
        The amount, with ``value`` in base units and the written precision in
        its exponent ("303M" is ``Decimal('3.03E+8')``).

    Raises:
        MissingUnitError: the amount is a bare number and no context declares its unit.
        AmbiguousQuantityError: more than one amount remains.
        ParseError: no amount, a malformed one, or text over the length limit.

    >>> parse_quantity("营业收入 8.7 亿元，同比增长 12.3%", dimension="CNY")
    Quantity(870000000 CNY, raw='8.7 亿元')
    >>> parse_quantity("(1,234)", context="单位：千元").value
    Decimal('-1.234E+6')
    >>> parse_quantity("1,234")
    Traceback (most recent call last):
    ...
    fincalc.MissingUnitError: '1,234' has no unit ...
    """
    text = check_text(text, MAX_PARSE_LENGTH)
    if dimension is not None:
        check_dimension(dimension)
    table, ctx = _resolve(table, context)
    results, _ = _read(text, table, ctx, locale)
    if dimension is None and len(results) == 1:
        # The common case, one amount read: what the general path below decides for it.
        item = results[0][0]
        if isinstance(item, Quantity) and item.unit is not None:
            return item
    quantities: list[Quantity] = []
    candidates: list[Quantity] = []
    years: list[Quantity] = []
    for item, kind in results:
        if isinstance(item, ParseError):
            raise item  # the first refusal, before anything else is judged
        # A year in prose gives way to any other amount; one in a table row or under a
        # declared unit may be an amount, so it stays a candidate (and with another
        # amount the text is ambiguous rather than silently read as the other one).
        (years if kind == YEAR else candidates).append(item)
    if not candidates:
        candidates = years  # a year-like number is an amount only when it is all there is
    if dimension is not None:
        quantities = [q for q in candidates if q.dimension == dimension]
        if not quantities:
            found = ", ".join(_describe(q) for q in candidates) or "no amount"
            raise ParseError(
                f"no {dimension} amount in {text!r} (found: {found}); check the quote or "
                "the dimension",
                text=text,
            )
    else:
        quantities = candidates
    if not quantities:
        raise ParseError(
            f"no amount in {text!r}; quote the number with its unit, e.g. '8.7 亿元'",
            text=text,
        )
    if len(quantities) > 1:
        listed = tuple(_describe(q) for q in quantities)
        raise AmbiguousQuantityError(
            f"{len(quantities)} amounts in {text!r}: {', '.join(listed)}; pass dimension= "
            "or quote only the amount you mean",
            text=text,
            candidates=listed,
        )
    quantity = quantities[0]
    if quantity.is_unitless:
        raise MissingUnitError(
            f"{quantity.raw!r} has no unit and no unit declaration applies; write the unit "
            "('8.7 亿元') or pass context=unit_context_from_header('单位：万元')",
            text=text,
            number=quantity.raw,
            position=quantity.span[0] if quantity.span else None,
        )
    return quantity


def _describe(quantity: Quantity) -> str:
    return f"{quantity.raw!r} ({quantity.dimension or 'no unit' if quantity.unit is None else quantity.dimension or 'scale only'})"  # noqa: E501


@public
def extract_quantities(
    text: str,
    *,
    context: UnitContext | str | None = None,
    table: UnitTable | None = None,
    locale: str | None = None,
) -> list[Quantity]:
    """Find every amount in ``text``, in order, each with its exact span.

    Bare numbers are included with ``unit=None`` (``Quantity.is_unitless``)
    unless ``context`` declares their unit; years, dates, periods, ordinals and
    page, note and code references are left out, and so are spans that cannot
    be read exactly (``parse_quantity`` on them says why).

    Args:
        text: Any text: an LLM answer, a chunk, a whole report (at most
            ``MAX_EXTRACT_LENGTH`` characters).
        context: The declared unit bare numbers are read in.
        table: The unit table; ``UnitTable.default()`` when omitted.
        locale: A Babel locale name whose separators apply.

    >>> [(q.raw, str(q.value), q.dimension) for q in extract_quantities(
    ...     "2024年营业收入同比下降0.49%，约8.7亿元，共3家")]
    [('0.49%', '0.0049', 'RATIO'), ('8.7亿元', '8.7E+8', 'CNY'), ('3家', '3', 'COUNT')]
    >>> [q.raw for q in extract_quantities("revenue was $1.2 billion, up 5% in fiscal 2024")]
    ['$1.2 billion', '5%']
    """
    text = check_text(text, MAX_EXTRACT_LENGTH)
    table, ctx = _resolve(table, context)
    results, cell_years = _read(text, table, ctx, locale)
    if not cell_years:
        return [item for item, kind in results if isinstance(item, Quantity) and not kind]
    return _keep_cell_years(text, results)


def _keep_cell_years(text: str, results: list[Result]) -> list[Quantity]:
    """The amounts, with the bare-year cells of rows that hold another amount.

    "| 营业收入 | 2023 | 1,998 |" is a row of amounts; "| 项目 | 2023 | 2022 |", a
    row whose only numbers are years, is a header row and its years are years.
    """
    lines: list[int] = []
    with_amount: set[int] = set()
    line = pos = 0
    for item, kind in results:
        if isinstance(item, Quantity) and item.span is not None:
            line += text.count("\n", pos, item.span[0])
            pos = item.span[0]
            if kind == AMOUNT:
                with_amount.add(line)
        lines.append(line)
    return [
        item
        for (item, kind), at in zip(results, lines, strict=True)
        if isinstance(item, Quantity)
        and (kind == AMOUNT or (kind == CELL_YEAR and at in with_amount))
    ]

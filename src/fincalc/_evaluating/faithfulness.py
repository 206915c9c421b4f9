"""The deterministic faithfulness check for numbers in an answer."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from decimal import Decimal

from .._base.exceptions import InvalidInputError
from .._base.public import public
from .._computing.audit import Computation
from .._grounding.documents import Document, row_unit
from .._reading.parse import extract_quantities
from .._values.decimals import arithmetic
from .._values.quantity import Quantity
from .latex import Plain, plain_math
from .tolerance import Target, Tolerance

__all__ = ["unsupported_numbers"]

#: Exact match, forgiving only the precision the answer was written at.
_SUPPORT = Tolerance(abs=Decimal(0), rel=None, precision_aware=True)


def _source_amounts(source: Document | str) -> list[Quantity]:
    if isinstance(source, str):
        return extract_quantities(source)
    if not isinstance(source, Document):
        raise InvalidInputError(
            f"unsupported_numbers: sources must be Document or str, got {type(source).__name__}",
            argument="sources",
            value=repr(source)[:80],
        )
    amounts: list[Quantity] = []
    for q in extract_quantities(source.text):
        declaration = None
        if q.unit is None and q.span is not None:
            # the row label's unit ("营业收入（万元） | 87,432") first, as resolve reads it
            declaration = row_unit(source.text, *q.span) or source.declaration_at(*q.span)
        if declaration is None:
            amounts.append(q)
            continue
        # A bare table cell means its value in the declared unit, and only that.
        context = declaration.context
        amounts.append(
            replace(
                q,
                value=q.value * context.multiplier,
                dimension=context.dimension or source.currency,
                unit=context.unit,
                unit_from_context=True,
            )
        )
    return amounts


def _compatible(answer: Quantity, source: Quantity) -> bool:
    """A bare source number supports only a bare answer number; dimensions must agree."""
    if source.unit is None:
        return answer.unit is None
    if answer.dimension is None or source.dimension is None:
        return True
    # a per-share result (CNY_PER_SHARES) is written as a plain amount ("0.52元")
    return source.dimension.split("_PER_", 1)[0] == answer.dimension


@public
def unsupported_numbers(
    answer_text: str,
    sources: Sequence[Document | str] | Document | str,
    *,
    computations: Iterable[Computation] = (),
) -> list[Quantity]:
    """The amounts in an answer that no source states and no computation produced.

    Every amount in ``answer_text`` (by the parser, unit-normalised) is looked
    for among the amounts of the sources (bare table cells also in their
    declared unit) and the results of ``computations``. An amount is supported
    when a source amount of a compatible dimension, rounded half-up to the
    precision the answer wrote, equals it: "8.74亿元" is supported by
    "87,432万元". Magnitudes are compared, because the sign of a change is
    written as a word ("下降0.49%"); sign errors are the evaluator's concern.

    Returns:
        The unsupported amounts, in answer order, with their spans in
        ``answer_text``; an empty list when every number is grounded.

    >>> from fincalc import Document
    >>> doc = Document("r1", "单位：万元\\n| 华东区营业收入 | 87,432 |\\n")
    >>> [q.raw for q in unsupported_numbers("华东区营业收入8.74亿元，毛利率31.2%。", [doc])]
    ['31.2%']

    LaTeX is read as the text it typesets ("$1{,}234$ million" is one amount).
    """
    if not isinstance(answer_text, str):
        raise InvalidInputError(
            f"unsupported_numbers needs answer text, got {type(answer_text).__name__}",
            argument="answer_text",
            value=repr(answer_text)[:80],
        )
    if isinstance(sources, (str, Document)):
        sources = [sources]
    elif not isinstance(sources, (list, tuple)):
        raise InvalidInputError(
            "unsupported_numbers: sources must be a Document, a str or a list of them, got "
            f"{type(sources).__name__}",
            argument="sources",
            value=repr(sources)[:80],
        )
    plain = plain_math(answer_text)
    answer = extract_quantities(answer_text if plain is None else plain.text)
    if not answer:
        return []
    support: list[tuple[Target, Quantity]] = []
    with arithmetic():
        for source in sources:
            support.extend(
                (Target(q.value.copy_abs(), _SUPPORT), q) for q in _source_amounts(source)
            )
        for computation in computations:
            if not isinstance(computation, Computation):
                raise InvalidInputError(
                    "unsupported_numbers: computations must be Computation records, got "
                    f"{type(computation).__name__}",
                    argument="computations",
                    value=repr(computation)[:80],
                )
            result = Quantity(
                computation.result, computation.target.dimension, unit=computation.rounding.rule
            )
            support.append((Target(result.value.copy_abs(), _SUPPORT), result))
        unsupported: list[Quantity] = []
        for q in answer:
            value = q.value.copy_abs()
            if not any(
                _compatible(q, source) and target.accepts(value) for target, source in support
            ):
                unsupported.append(q)
    if plain is not None:  # LaTeX read as typeset: spans and raw text as written
        unsupported = [_as_written(q, plain, answer_text) for q in unsupported]
    return unsupported


def _as_written(q: Quantity, plain: Plain, text: str) -> Quantity:
    if q.span is None:
        return q
    start, end = plain.span(*q.span)
    return replace(q, span=(start, end), raw=text[start:end])

"""Judging one answer: ``check_answer`` and ``check_quantities``.

``check_answer`` reads every amount in an answer text with the parser
(``extraction``) and hands them to ``check_quantities``, which decides whether
any of them is the expected value.  The rules (docs/evaluating.md has the
long version), each in its own module:

* ``tolerance``: a candidate matches when it is within the tolerance
  (absolute *or* relative), or — precision-aware — when the expected value
  rounded half-up to the precision the candidate was written at equals it
  ("$303M" against 302.6M).
* ``matching``: a wrong scale (a factor 10^k, 1 <= |k| <= 12), a wrong sign
  and a different currency never match; they are reported as such.  Values
  beyond ``MAX_EXPONENT`` (10^±40) cannot be compared: such a candidate is
  never a match, and never an exception.  ``Tolerance(ignore_sign=True)``
  (off by default) accepts the opposite sign, for outflow metrics written as
  "(1,577)"; the check records that it did.
* ``direction``: direction words before an amount give the sign of a change
  ("同比下降 0.49%" is -0.0049), loss words the sign of a result.
* ``refusals``: a refusal phrase makes the answer a refusal unless an amount
  of the expected dimension stands outside the sentence the phrase governs
  ("营业收入为8.7亿元（报告未披露分部数据）" is an answer).

All Decimal work runs in fincalc's private context (``arithmetic()``).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from .._reading.units import check_known_dimension
from .._values.decimals import arithmetic, to_decimal
from .._values.errors import InvalidInputError
from .._values.public import public
from .._values.quantity import Quantity
from .direction import interpret
from .extraction import extract, unit_context
from .matching import AnswerCheck, answer_check, judge
from .refusals import RefusalMatcher, refusal_governs, refusal_matcher
from .tolerance import Target, Tolerance, resolve_tolerance

__all__ = ["check_answer", "check_candidates", "check_quantities", "judge_candidates"]


def _expected(expected: object, dimension: str | None) -> tuple[Decimal, str | None]:
    if isinstance(expected, Quantity):
        return to_decimal(expected.value, field="expected"), dimension or expected.dimension
    return to_decimal(expected, field="expected"), dimension


@public
def check_quantities(
    candidates: Iterable[Quantity],
    expected: Decimal | int | str | Quantity,
    *,
    dimension: str | None = None,
    tolerance: Tolerance | None = None,
    text: str | None = None,
) -> AnswerCheck:
    """Decide whether any of the given amounts is the expected value.

    This is ``check_answer`` without the parsing step, for callers who already
    hold ``Quantity`` values (from their own extraction or a structured answer).

    Args:
        candidates: Amounts in base units; a ``dimension`` of ``None`` (bare or
            scale-only amounts) is read in the expected dimension.
        expected: The gold value in base units (a ``Quantity`` also supplies its dimension).
        dimension: The expected dimension; a candidate in another currency never matches.
        tolerance: Defaults to ``Tolerance.default_for(dimension)``.
        text: The text the candidates' spans point into, so that direction
            words ("下降", "fell") can give the sign of a change.

    >>> from decimal import Decimal
    >>> q = Quantity(Decimal("3.03E+8"), "USD", unit="M", raw="$303M", span=(13, 18))
    >>> check_quantities([q], Decimal("302600000"), dimension="USD").matched
    True
    >>> check_quantities([q], Decimal("302600"), dimension="USD").reason
    'wrong_scale'
    """
    items = list(candidates)
    for q in items:
        if not isinstance(q, Quantity):
            raise InvalidInputError(
                f"check_quantities needs Quantity candidates, got {type(q).__name__}",
                argument="candidates",
                value=repr(q)[:80],
            )
    value, dim = _expected(expected, dimension)
    if dim is not None:
        check_known_dimension(dim)
    tol = resolve_tolerance(tolerance, dim)
    with arithmetic():
        values, dims = interpret(items, text, dim)
        verdict = judge(values, dims, Target(value, tol), dim, tol.ignore_sign)
    return answer_check(verdict, items, value, dim, tol)


_MAX_ANSWER_TEXT = 100_000


@public
def check_answer(
    text: str,
    expected: Decimal | int | str | Quantity,
    *,
    dimension: str | None = None,
    unit: str | None = None,
    tolerance: Tolerance | None = None,
    refusal_phrases: Iterable[str] | None = None,
) -> AnswerCheck:
    """Check a free-text answer against the expected value.

    Every amount in ``text`` is extracted with the parser.  Bare numbers are
    read in ``unit`` when given (the unit the question asked for: a unit-table
    token or a short phrase such as "million", "USD millions", "亿元",
    "单位：亿元", "percent"), otherwise in the expected dimension's base unit;
    scale-only amounts ("1476.94 亿") are read in the expected dimension.

    Args:
        text: The answer.
        expected: The gold value in base units (元 for CNY, 1 for RATIO).
        dimension: The expected dimension (``CNY``, ``USD``, ``RATIO``, …).
        unit: The unit bare numbers are written in.
        tolerance: Defaults to ``Tolerance.default_for(dimension)``.
        refusal_phrases: Replaces ``DEFAULT_REFUSAL_PHRASES``.

    Returns:
        An ``AnswerCheck``, truthy when matched, with the matching amount and its
        span, every candidate, and the reason when unmatched.

    Raises:
        InvalidInputError: ``text`` is not a string or is over 100,000 characters,
            or ``expected`` is not a decimal number.

    >>> check = check_answer("营业收入约为 1476.94 亿元", "147693604994.14", dimension="CNY")
    >>> bool(check), check.found.raw, check.found.span
    (True, '1476.94 亿元', (7, 17))
    >>> check_answer("rose 0.49%", "-0.0049", dimension="RATIO").reason
    'wrong_sign'
    >>> check_answer("研发投入 12.5", "1250000000", unit="亿元").describe()
    "ok: '12.5' = 1250000000 CNY"
    """
    if not isinstance(text, str):
        raise InvalidInputError(
            f"check_answer needs the answer text as a string, got {type(text).__name__}",
            argument="text",
            value=repr(text)[:80],
        )
    if len(text) > _MAX_ANSWER_TEXT:
        raise InvalidInputError(
            f"answer text of {len(text)} characters exceeds the limit of {_MAX_ANSWER_TEXT}",
            argument="text",
            value=text[:40] + "…",
            limit=_MAX_ANSWER_TEXT,
        )
    value, dim = _expected(expected, dimension)
    if dim is None and unit:
        dim = unit_context(unit).dimension
    if dim is not None:
        check_known_dimension(dim)
    tol = resolve_tolerance(tolerance, dim)
    return _check_text(text, value, dim, unit, tol, refusal_matcher(refusal_phrases))


def _check_text(
    text: str,
    expected: Decimal,
    dimension: str | None,
    unit: str | None,
    tolerance: Tolerance,
    refusal: RefusalMatcher,
) -> AnswerCheck:
    """``check_answer`` after validation: the amounts, unless a refusal governs them."""
    with arithmetic():
        if refusal.search(text) is None:  # the common case
            return check_candidates(text, expected, dimension, unit, tolerance)
        candidates = extract(text, unit)
        if not refusal_governs(text, candidates, dimension, refusal):
            return judge_candidates(text, candidates, expected, dimension, tolerance)
    return AnswerCheck(
        matched=False,
        reason="refused",
        expected=expected,
        dimension=dimension,
        found=None,
        candidates=(),
        relative_error=None,
        scale_factor=None,
        sign_ignored=False,
        tolerance=tolerance,
    )


def check_candidates(
    text: str,
    expected: Decimal,
    dimension: str | None,
    unit: str | None,
    tolerance: Tolerance,
) -> AnswerCheck:
    """Extract and judge the amounts in ``text``; the caller holds ``arithmetic()``.

    This is the evaluation hot path: no validated models, one Target per answer.
    """
    return judge_candidates(text, extract(text, unit), expected, dimension, tolerance)


def judge_candidates(
    text: str,
    candidates: list[Quantity],
    expected: Decimal,
    dimension: str | None,
    tolerance: Tolerance,
) -> AnswerCheck:
    """Judge amounts already extracted from ``text``; the caller holds ``arithmetic()``."""
    values, dims = interpret(candidates, text, dimension)
    verdict = judge(values, dims, Target(expected, tolerance), dimension, tolerance.ignore_sign)
    return answer_check(verdict, candidates, expected, dimension, tolerance)

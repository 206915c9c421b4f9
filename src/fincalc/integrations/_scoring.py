"""One answer judged the way ``fincalc.evaluate`` judges a case.

The eval-framework adapters (inspect_ai, Ragas, deepeval) score one answer
at a time. They go through ``evaluate`` with a single gold case and a single
prediction, so an answer gets exactly the verdict, reason and score it would
get in a full ``EvalReport``: refusal detection, no-answer cases (gold
``None``), the scoring profile and the tolerance all behave the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from fincalc import (
    CaseResult,
    InvalidInputError,
    ScoringProfile,
    Tolerance,
    evaluate,
    extract_quantities,
    is_refusal,
)

__all__ = ["explain", "gold_from_reference", "score_text"]


def gold_from_reference(
    reference: str,
    *,
    dimension: str | None = None,
    unit: str | None = None,
    refusal_phrases: Iterable[str] | None = None,
) -> tuple[Decimal | None, str | None]:
    """The gold value and dimension in a framework's reference answer.

    A reference is the gold value in base units ("870000000"), a reference
    answer that states exactly one amount ("营业收入为8.7亿元", "-0.49%"), or a
    refusal ("资料未披露", or empty), which means the right answer is to refuse.

    Raises:
        InvalidInputError: the reference states no amount or several.

    >>> gold_from_reference("2025年第三季度营业收入为8.7亿元")
    (Decimal('8.7E+8'), 'CNY')
    >>> gold_from_reference("870000000", dimension="CNY")
    (Decimal('870000000'), 'CNY')
    >>> gold_from_reference("资料未披露该数据")
    (None, None)
    """
    text = reference.strip() if isinstance(reference, str) else ""
    phrases = None if refusal_phrases is None else tuple(refusal_phrases)
    if not text or is_refusal(text, phrases=phrases):
        return None, dimension
    try:
        value = Decimal(text.replace(",", ""))
    except ArithmeticError:
        pass
    else:
        if value.is_finite():
            return value, dimension
    amounts = extract_quantities(text, context=unit)
    if len(amounts) != 1:
        found = ", ".join(repr(q.raw) for q in amounts) or "none"
        raise InvalidInputError(
            f"the reference {text[:80]!r} must state exactly one amount (found {found}); "
            "give the gold value in base units, e.g. '870000000' with dimension 'CNY'",
            argument="reference",
            value=text[:80],
        )
    (amount,) = amounts
    if dimension and amount.dimension and amount.dimension != dimension:
        raise InvalidInputError(
            f"the reference {text[:80]!r} is in {amount.dimension}, but the dimension given "
            f"is {dimension}; fix the reference or the dimension (fincalc never converts)",
            argument="reference",
            value=text[:80],
        )
    return amount.value, dimension or amount.dimension


def score_text(
    text: str,
    gold: Decimal | int | str | None,
    *,
    dimension: str | None = None,
    unit: str | None = None,
    tolerance: Tolerance | Mapping[str, Any] | None = None,
    category: str | None = None,
    kind: str | None = None,
    evidence_ids: Iterable[str] = (),
    profile: str | ScoringProfile = "strict",
    refusal_phrases: Iterable[str] | None = None,
    qid: str = "answer",
    question: str | None = None,
) -> CaseResult:
    """The ``CaseResult`` for ``text`` against ``gold`` (``None``: a refusal is expected).

    ``question`` is the question asked: one asking how large a decrease or a
    loss is makes a positive gold that size (``GoldCase.question``).

    Raises:
        InvalidRecordError: a bad gold value, dimension, unit or tolerance.
    """
    case: dict[str, Any] = {"qid": qid, "value": _gold_text(gold)}
    if isinstance(question, str) and question.strip():
        case["question"] = question
    if dimension is not None:
        case["dimension"] = dimension
    if unit is not None:
        case["unit"] = unit
    if category is not None:
        case["category"] = category
    if kind is not None:
        case["kind"] = kind
    ids = list(evidence_ids)
    if ids:
        case["evidence_ids"] = ids
    if isinstance(tolerance, Mapping):
        case["tolerance"] = dict(tolerance)
        tolerance = None
    report = evaluate(
        [{"qid": qid, "text": text}],
        [case],
        tolerance=tolerance,
        profile=profile,
        refusal_phrases=refusal_phrases,
    )
    (result,) = report.cases
    return result


def _gold_text(gold: Decimal | int | str | None) -> str | None:
    if gold is None:
        return None
    if isinstance(gold, bool) or not isinstance(gold, (Decimal, int, str)):
        # GoldCase refuses floats with the fix; pass them through so it can say so
        return gold  # type: ignore[return-value]
    text = format(gold, "f") if isinstance(gold, Decimal) else str(gold).strip()
    return text or None


def explain(result: CaseResult) -> str:
    """One line for people: the verdict, what was found, and why.

    >>> explain(score_text("营业收入为8.7万元", "870000000", dimension="CNY"))
    "wrong: wrong_scale, '8.7万元' vs gold 870000000 CNY (off by ×10^-4)"
    >>> explain(score_text("资料未披露该数据。", None))
    'correct: refused, as gold expects'
    """
    if result.answerable is False:
        if result.reason == "ok":
            return "correct: refused, as gold expects"
        return f"wrong: {result.reason}, gold expects a refusal"
    gold = "" if result.gold is None else format(result.gold, "f")
    dim = f" {result.dimension}" if result.dimension else ""
    found = f"{result.found_raw!r}" if result.found_raw else "no amount"
    detail = result.detail()
    note = f" ({detail})" if detail else ""
    if result.reason == "ok":
        return f"{result.verdict}: {found} = gold {gold}{dim}{note}"
    return f"{result.verdict}: {result.reason}, {found} vs gold {gold}{dim}{note}"

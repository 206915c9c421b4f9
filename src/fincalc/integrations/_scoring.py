"""One answer judged the way ``fincalc.evaluate`` judges a case.

The eval-framework adapters (inspect_ai, Ragas, deepeval) score one answer
at a time. They go through ``evaluate`` with a single gold case and a single
prediction, so an answer gets exactly the verdict, reason and score it would
get in a full ``EvalReport``: refusal detection, no-answer cases (gold
``None``), the scoring profile and the tolerance all behave the same. The
framework's reference (inspect_ai's target, Ragas' ``reference``, deepeval's
``expected_output``) becomes a ``GoldCase`` too, so it is read by the same
gold reader as a gold file's ``answer``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import regex

from fincalc import (
    CaseResult,
    FincalcError,
    InvalidInputError,
    ScoringProfile,
    Tolerance,
    evaluate,
    is_refusal,
    unit_context_from_header,
)

__all__ = ["explain", "reference_fields", "score_text"]

#: A reference that is only a number ("870000000", "-0.0049", "1,234.5"): the gold
#: value in base units, as each adapter documents, never read in the question's unit.
_PLAIN_NUMBER = regex.compile(r"[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d{1,4})?")
#: References are short; a longer one is cut before it is read (nothing may hang).
_MAX_REFERENCE = 2_000


def reference_fields(
    reference: str | None,
    *,
    dimension: str | None = None,
    unit: str | None = None,
    refusal_phrases: Iterable[str] | None = None,
) -> dict[str, Any]:
    """The ``GoldCase`` fields that a framework's reference answer gives.

    A reference that is only a number is the gold value in base units
    ("870000000" with dimension ``CNY``; without a dimension it matches a
    figure of any dimension). Any other text is the gold answer as written
    ("8.7亿元", "$302.6 million", "营业收入为8.7亿元"), read by ``GoldCase``'s
    reader, which also takes its precision from it. Empty or a refusal
    ("资料未披露") means the right answer is to refuse.

    Raises:
        InvalidInputError: a bare number with a ``unit`` that names no
            dimension ("million"): base units of what is unknown.

    >>> reference_fields("8.7亿元")
    {'answer': '8.7亿元'}
    >>> reference_fields("870000000", dimension="CNY")
    {'value': '870000000', 'dimension': 'CNY'}
    >>> reference_fields("870000000", unit="亿元")
    {'value': '870000000', 'dimension': 'CNY'}
    >>> reference_fields("资料未披露该数据")
    {'value': None}
    """
    text = reference.strip()[:_MAX_REFERENCE] if isinstance(reference, str) else ""
    phrases = None if refusal_phrases is None else tuple(refusal_phrases)
    if not text or is_refusal(text, phrases=phrases):
        return {"value": None}
    fields: dict[str, Any] = {}
    if _PLAIN_NUMBER.fullmatch(text):
        if dimension is None and unit is not None:
            dimension = unit_context_from_header(unit).dimension
            if dimension is None:
                raise _error(
                    f"the reference {text!r} is a bare number, the gold value in base units, "
                    f"but neither a dimension nor the unit {unit!r} says which; give the "
                    "dimension ('CNY', 'USD', 'RATIO') or write the reference with its unit "
                    "('$302.6 million')",
                    text,
                )
        if dimension is None:
            return {"answer": text}  # a plain number, which a figure of any dimension may match
        fields["value"] = text.replace(",", "")
    else:
        fields["answer"] = text
    if dimension is not None:
        fields["dimension"] = dimension
    return fields


def _error(message: str, text: str) -> FincalcError:
    return InvalidInputError(message, argument="reference", value=text[:80])


def score_text(
    text: str,
    reference: str | None,
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
    """The ``CaseResult`` for ``text`` against the ``reference`` (``reference_fields``).

    ``question`` is the question asked: one asking how large a decrease or a
    loss is makes a positive gold that size (``GoldCase.question``).

    Raises:
        InvalidRecordError: an unreadable reference, or a bad dimension, unit
            or tolerance.
        InvalidInputError: a bare-number reference whose dimension is unknown.
    """
    phrases = None if refusal_phrases is None else tuple(refusal_phrases)
    case: dict[str, Any] = {"qid": qid}
    case.update(
        reference_fields(reference, dimension=dimension, unit=unit, refusal_phrases=phrases)
    )
    if isinstance(question, str) and question.strip():
        case["question"] = question
    if unit is not None:
        case["unit"] = unit
    if "dimension" not in case and dimension is not None and case.get("value") is not None:
        case["dimension"] = dimension
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
        refusal_phrases=phrases,
    )
    (result,) = report.cases
    return result


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

"""Scoring one case: a gold case and its prediction into a ``CaseResult``.

``score`` runs named steps, each a small function of its inputs:

1. ``_read_answer``: what the prediction says, read once — a refusal (given,
   or a refusal phrase that governs the sentence carrying its answer), or the
   value it gives (structured, or the concluding figure of its text), if any.
2. ``_match``: the value against gold (tolerance, sign, scale, currency) —
   the reason code and what graded credit may use.
3. ``_caliber`` and ``_citations``: the caliber and citation checks of an
   answered case.
4. ``_case_score``: the score under the profile; the verdict follows it.

The first problem found is the reason, in the order no_prediction, refused,
no_number, caliber_mismatch, wrong_sign/wrong_scale/wrong_currency/
wrong_dimension/wrong_value, citation_miss (``cases`` documents them).
Scoring runs inside ``arithmetic()``; the caller holds it for a whole shard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from .._judging.answers import judge_text
from .._judging.citations import citation_regex, find_cited_ids
from .._judging.kinds import is_derived
from .._judging.matching import AnswerCheck, AnswerReason, Judgement, judge
from .._judging.precision import Gold
from .._judging.question_unit import question_unit
from .._judging.refusals import RefusalMatcher, refusal_matcher
from .._judging.selection import SelectMode
from .._judging.tolerance import Target, Tolerance
from .cases import CaliberStatus, CaseResult, Reason, Verdict
from .inputs import gold_reading
from .profiles import ScoringProfile
from .retrieval import RetrievalScores

if TYPE_CHECKING:
    from .inputs import GoldCase, Prediction

__all__ = ["OptionArgs", "Options", "make_options", "score"]

_ZERO = Decimal(0)
_ONE = Decimal(1)


class Options:
    """The evaluation options, compiled once per run (and once per worker process)."""

    __slots__ = ("citation", "profile", "refusal", "retrieval_k", "select", "tolerance")

    def __init__(
        self,
        tolerance: Tolerance | None,
        profile: ScoringProfile,
        refusal: RefusalMatcher,
        citation: re.Pattern[str],
        retrieval_k: int,
        select: SelectMode = "final",
    ) -> None:
        self.tolerance = tolerance
        self.profile = profile
        self.refusal = refusal
        self.citation = citation
        self.retrieval_k = retrieval_k
        self.select: SelectMode = select


#: The options as ``evaluate`` received them, picklable for worker processes:
#: tolerance, profile, refusal phrases, citation pattern, retrieval cut-off,
#: final-answer selection mode.
OptionArgs = tuple[
    "Tolerance | None", "ScoringProfile", "tuple[str, ...] | None", Any, int, "SelectMode"
]

# A prediction whose ``refused`` is False is never a refusal: no phrase is looked for.
_NO_REFUSAL = RefusalMatcher(())


def make_options(args: OptionArgs) -> Options:
    """Compile the options (refusal matcher, citation regex); raise on a bad one."""
    tolerance, profile, phrases, citation_pattern, retrieval_k, select = args
    return Options(
        tolerance,
        profile,
        refusal_matcher(phrases),
        citation_regex(citation_pattern),
        retrieval_k,
        select,
    )


# -- step 1: what the prediction says ----------------------------------------------


@dataclass(frozen=True, slots=True)
class _Answer:
    """What a prediction says, read once: a refusal, or the value it gives, if any.

    Two states.  ``refused``: the prediction refused — its ``refused`` flag
    says so, or a refusal phrase in its text governs every amount of gold's
    dimension in it (``refusal_governs``); nothing else is set.  Otherwise
    ``answered`` tells whether it gave a value: a structured ``value``, or an
    amount read from its ``text`` (``check`` then holds the judged text).
    """

    refused: bool
    answered: bool = False
    source: Literal["structured", "text"] | None = None
    found: Decimal | None = None
    found_raw: str | None = None
    span: tuple[int, int] | None = None
    found_dimension: str | None = None
    check: AnswerCheck | None = None

    # Hot path: the named constructors below pass the fields by position.
    @classmethod
    def structured(cls, value: Decimal, dimension: str | None) -> _Answer:
        """A structured value, in ``dimension``."""
        return cls(False, True, "structured", value, None, None, dimension, None)

    @classmethod
    def judged(cls, check: AnswerCheck) -> _Answer:
        """The figure the text states as its answer, as ``check`` judged it (if any)."""
        found = check.found
        if found is None:
            return cls(False, False, "text", None, None, None, None, check)
        return cls(False, True, "text", found.value, found.raw, found.span, found.dimension, check)


_REFUSED = _Answer(refused=True)
_SILENT = _Answer(refused=False)  # no refusal, and no value either


def _read_answer(
    gold: GoldCase, pred: Prediction, options: Options, tolerance: Tolerance
) -> _Answer:
    """Read the prediction: a refusal, a structured value, or the concluding figure of its text.

    The text is read once: its verdict says whether a refusal governs the
    sentence carrying its answer (unless ``refused`` is given), and, without
    a structured value, which figure it concludes with and how it compares.
    """
    if pred.refused:
        return _REFUSED
    text = pred.text
    if text is None:
        if pred.value is not None:
            return _Answer.structured(pred.value, pred.dimension or gold.dimension)
        return _SILENT
    refusal = _NO_REFUSAL if pred.refused is False else options.refusal
    if pred.value is not None and refusal.search(text) is None:  # nothing more to read
        return _Answer.structured(pred.value, pred.dimension or gold.dimension)
    unit = gold.unit
    if unit is None and gold.question:
        unit = question_unit(gold.question)  # "(in USD millions)": bare numbers in millions
    check = judge_text(text, _gold_of(gold), unit, tolerance, refusal, options.select)
    if check.reason == "refused":
        return _REFUSED
    if pred.value is not None:
        return _Answer.structured(pred.value, pred.dimension or gold.dimension)
    return _Answer.judged(check)


_NO_GOLD = Gold(_ZERO, None, 0, known=False)


def _gold_of(case: GoldCase) -> Gold:
    """The gold as written (value, dimension, precision); a zero for a no-answer case."""
    gold = gold_reading(case)
    return _NO_GOLD if gold is None else gold


# -- step 2: the value against gold ------------------------------------------------

_CHECK_REASON: dict[AnswerReason, Reason] = {
    "ok": "ok",
    "no_number": "no_number",
    "refused": "refused",
    "wrong_sign": "wrong_sign",
    "wrong_scale": "wrong_scale",
    "wrong_currency": "wrong_currency",
    "wrong_dimension": "wrong_dimension",
    "out_of_tolerance": "wrong_value",
    "ambiguous": "ambiguous",
}


@dataclass(frozen=True, slots=True)
class _Match:
    """How an answerable case's value compares with gold.

    ``numeric_ok``: the value matched within tolerance.  ``comparable``: the
    value is in gold's dimension, currency, scale and sign (reason ``ok`` or
    ``wrong_value``), so graded credit may use its ``relative_error``.
    """

    reason: Reason
    numeric_ok: bool = False
    comparable: bool = False
    relative_error: Decimal | None = None
    scale_factor: Decimal | None = None
    sign_ignored: bool = False

    @classmethod
    def of(cls, verdict: AnswerCheck | Judgement) -> _Match:
        """The match a verdict on the value gives (fields by position: hot path)."""
        reason: AnswerReason = verdict.reason
        return cls(
            _CHECK_REASON[reason],
            reason == "ok",
            reason in ("ok", "out_of_tolerance"),
            verdict.relative_error,
            verdict.scale_factor,
            verdict.sign_ignored,
        )


_REFUSED_MATCH = _Match("refused")
_NO_NUMBER = _Match("no_number")


def _match(
    gold: GoldCase, pred: Prediction, answer: _Answer, expected: Decimal, tolerance: Tolerance
) -> _Match:
    """Compare the answer's value with gold (the text was judged when it was read)."""
    if answer.refused:
        return _REFUSED_MATCH
    if not answer.answered:
        return _NO_NUMBER
    verdict: AnswerCheck | Judgement
    if answer.check is not None:
        verdict = answer.check
    elif answer.found is not None:  # a structured value, judged in the prediction's own dimension
        reading = _gold_of(gold)
        verdict = judge(
            [answer.found],
            [pred.dimension],
            Target(
                expected,
                tolerance,
                exponent=reading.exponent,
                derived=is_derived(gold.dimension),
            ),
            gold.dimension,
            tolerance.ignore_sign,
        )
    else:  # not reached: an answered case has a value or a judged text
        return _NO_NUMBER
    return _Match.of(verdict)


# -- step 3: caliber and citations, checked for an answered case -------------------------------


def _caliber(gold: GoldCase, pred: Prediction) -> tuple[CaliberStatus, tuple[str, ...]]:
    """``ok`` or ``mismatch`` (with the differing fields) when both sides carry a caliber."""
    if gold.caliber is None or pred.caliber is None:
        return "unchecked", ()
    diff = gold.caliber.diff(pred.caliber)
    return ("mismatch" if diff else "ok"), diff


def _citations(
    gold: GoldCase, pred: Prediction, options: Options
) -> tuple[bool | None, bool | None]:
    """Whether a gold evidence id was cited, and whether the text holds a citation.

    Each is ``None`` when it cannot be checked: gold lists no evidence ids, or
    the prediction has no text.  Cited ids are the prediction's ``cited``
    list, or the gold ids that occur in its text.
    """
    text = pred.text
    hit = None
    if gold.evidence_ids:
        cited = pred.cited
        if cited is None:
            cited = find_cited_ids(text, gold.evidence_ids) if text else ()
        hit = not set(cited).isdisjoint(gold.evidence_ids)
    well_formed = None if text is None else options.citation.search(text) is not None
    return hit, well_formed


# -- step 4: the score ---------------------------------------------------------------


def _case_score(
    profile: ScoringProfile,
    kind: str,
    answer: _Answer,
    match: _Match,
    caliber: CaliberStatus,
    expected: Decimal,
) -> Decimal:
    """The score under ``profile``: 0 unless answered with a caliber that is not wrong."""
    if not answer.answered or caliber == "mismatch":
        return _ZERO
    found = answer.found
    same_direction = found is not None and (found > 0) == (expected > 0) and found != 0
    graded_error = match.relative_error if match.comparable else None
    return profile.score(kind, match.numeric_ok, graded_error, same_direction)


# -- the case ------------------------------------------------------------------------


def score(
    gold: GoldCase, pred: Prediction | None, options: Options, notes: tuple[str, ...]
) -> CaseResult:
    """Score one case; runs inside ``arithmetic()`` (the caller's context)."""
    if pred is None:
        return _no_prediction_case(gold, notes)
    retrieval = None if pred.retrieved is None else _retrieval(gold, pred, options.retrieval_k)
    tolerance = gold.tolerance or options.tolerance or Tolerance.default_for(gold.dimension)
    answer = _read_answer(gold, pred, options, tolerance)
    expected = gold.value
    if expected is None:
        return _no_answer_case(gold, pred, answer, notes, retrieval)
    match = _match(gold, pred, answer, expected, tolerance)
    if answer.answered:
        caliber, caliber_diff = _caliber(gold, pred)
        citation_hit, citation_format = _citations(gold, pred, options)
    else:  # nothing to check
        caliber, caliber_diff, citation_hit, citation_format = "unchecked", (), None, None
    reason = match.reason
    if caliber == "mismatch":
        reason = "caliber_mismatch"
    elif reason == "ok" and citation_hit is False:
        reason = "citation_miss"
    points = _case_score(options.profile, gold.kind, answer, match, caliber, expected)
    verdict: Verdict = "correct" if points == _ONE else ("partial" if points else "wrong")
    return CaseResult(
        gold.qid,
        gold.category,
        gold.kind,
        True,
        verdict,
        reason,
        score=points,
        answered=answer.answered,
        refused=answer.refused,
        numeric_ok=match.numeric_ok,
        caliber=caliber,
        caliber_diff=caliber_diff,
        citation_hit=citation_hit,
        citation_format_ok=citation_format,
        gold=expected,
        found=answer.found,
        found_raw=answer.found_raw,
        span=answer.span,
        dimension=gold.dimension,
        found_dimension=answer.found_dimension,
        relative_error=match.relative_error,
        scale_factor=match.scale_factor,
        sign_ignored=match.sign_ignored,
        source=answer.source,
        notes=notes,
        retrieval=retrieval,
        tolerance=tolerance,
        question=gold.question,
        answer=pred.text,
        selection=None if answer.check is None else answer.check.selection,
        marker=None if answer.check is None else answer.check.marker,
    )


def _no_prediction_case(gold: GoldCase, notes: tuple[str, ...]) -> CaseResult:
    """A gold case nobody answered: wrong, whether or not gold has a value."""
    return CaseResult(
        gold.qid,
        gold.category,
        gold.kind,
        gold.value is not None,
        "wrong",
        "no_prediction",
        gold=gold.value,
        dimension=gold.dimension,
        notes=notes,
        question=gold.question,
    )


def _retrieval(gold: GoldCase, pred: Prediction, k: int) -> RetrievalScores | None:
    """Retrieval scores of the ids the prediction retrieved, when gold says what is relevant."""
    if pred.retrieved is None:
        return None
    if gold.relevance and any(grade > 0 for grade in gold.relevance.values()):
        return RetrievalScores.compute(pred.retrieved, gold.relevance, k=k)
    if gold.evidence_ids:
        return RetrievalScores.compute(pred.retrieved, gold.evidence_ids, k=k)
    return None


def _no_answer_case(
    gold: GoldCase,
    pred: Prediction,
    answer: _Answer,
    notes: tuple[str, ...],
    retrieval: RetrievalScores | None,
) -> CaseResult:
    """A case whose gold expects a refusal: correct when the prediction refused."""
    return CaseResult(
        gold.qid,
        gold.category,
        gold.kind,
        False,
        "correct" if answer.refused else "wrong",
        "ok" if answer.refused else "should_refuse",
        score=_ONE if answer.refused else _ZERO,
        answered=answer.answered,
        refused=answer.refused,
        found=answer.found,
        found_raw=answer.found_raw,
        span=answer.span,
        found_dimension=answer.found_dimension,
        source=answer.source,
        notes=notes,
        retrieval=retrieval,
        question=gold.question,
        answer=pred.text,
        selection=None if answer.check is None else answer.check.selection,
        marker=None if answer.check is None else answer.check.marker,
    )

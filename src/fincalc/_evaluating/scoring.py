"""Scoring one case: a gold case and its prediction into a ``CaseResult``.

``score`` runs named steps, each a small function of its inputs:

1. ``_read_answer``: what the prediction says, read once — a refusal (given,
   or a refusal phrase that governs every amount in the text), or the value
   it gives (structured, or the amount judged in its text), if any.
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
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from .answers import check_candidates, judge_candidates
from .cases import CaliberStatus, CaseResult, Reason, Verdict
from .citations import citation_regex, find_cited_ids
from .extraction import extract
from .matching import AnswerCheck, AnswerReason, Judgement, judge
from .profiles import ScoringProfile
from .refusals import RefusalMatcher, refusal_governs, refusal_matcher
from .retrieval import RetrievalScores
from .tolerance import Target, Tolerance

if TYPE_CHECKING:
    from .records import GoldCase, Prediction

__all__ = ["OptionArgs", "Options", "make_options", "score"]

_ZERO = Decimal(0)
_ONE = Decimal(1)


class Options:
    """The evaluation options, compiled once per run (and once per worker process)."""

    __slots__ = ("citation", "profile", "refusal", "retrieval_k", "tolerance")

    def __init__(
        self,
        tolerance: Tolerance | None,
        profile: ScoringProfile,
        refusal: RefusalMatcher,
        citation: re.Pattern[str],
        retrieval_k: int,
    ) -> None:
        self.tolerance = tolerance
        self.profile = profile
        self.refusal = refusal
        self.citation = citation
        self.retrieval_k = retrieval_k


#: The options as ``evaluate`` received them, picklable for worker processes:
#: tolerance, profile, refusal phrases, citation pattern, retrieval cut-off.
OptionArgs = tuple["Tolerance | None", "ScoringProfile", "tuple[str, ...] | None", Any, int]


def make_options(args: OptionArgs) -> Options:
    """Compile the options (refusal matcher, citation regex); raise on a bad one."""
    tolerance, profile, phrases, citation_pattern, retrieval_k = args
    return Options(
        tolerance,
        profile,
        refusal_matcher(phrases),
        citation_regex(citation_pattern),
        retrieval_k,
    )


# -- step 1: what the prediction says ----------------------------------------------


class _Answer(NamedTuple):
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

    # Hot path: the named constructors below build the tuple directly (in field
    # order), about three times faster than keyword arguments.
    @classmethod
    def structured(cls, value: Decimal, dimension: str | None) -> _Answer:
        """A structured value, in ``dimension``."""
        return tuple.__new__(cls, (False, True, "structured", value, None, None, dimension, None))

    @classmethod
    def judged(cls, check: AnswerCheck) -> _Answer:
        """The amounts read from the text, as ``check`` judged them."""
        found = check.found
        if found is None:
            return tuple.__new__(cls, (False, bool(check.candidates), "text", *_NOTHING, check))
        return tuple.__new__(
            cls,
            (
                False,
                bool(check.candidates),
                "text",
                found.value,
                found.raw,
                found.span,
                found.dimension,
                check,
            ),
        )


_NOTHING = (None, None, None, None)  # found, found_raw, span, found_dimension
_REFUSED = _Answer(refused=True)
_SILENT = _Answer(refused=False)  # no refusal, and no value either


def _read_answer(
    gold: GoldCase, pred: Prediction, options: Options, tolerance: Tolerance
) -> _Answer:
    """Read the prediction: a refusal, a structured value, or the amounts in its text.

    A refusal phrase alone does not decide: the amounts in the text are read
    and the phrase must govern each of them; when it does not, the amounts
    already read are judged (they are not extracted twice).
    """
    if pred.refused:
        return _REFUSED
    text = pred.text
    candidates = None
    if pred.refused is None and text is not None and options.refusal.search(text) is not None:
        candidates = extract(text, gold.unit)
        if refusal_governs(text, candidates, gold.dimension, options.refusal):
            return _REFUSED
    if pred.value is not None:
        return _Answer.structured(pred.value, pred.dimension or gold.dimension)
    if text is None:
        return _SILENT
    expected = gold.value or _ZERO
    if candidates is None:  # the common case: no refusal phrase at all
        check = check_candidates(text, expected, gold.dimension, gold.unit, tolerance)
    else:
        check = judge_candidates(text, candidates, expected, gold.dimension, tolerance)
    return _Answer.judged(check)


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
}


class _Match(NamedTuple):
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
        """The match a verdict on the value gives (built directly, in field order: hot path)."""
        reason: AnswerReason = verdict.reason
        return tuple.__new__(
            cls,
            (
                _CHECK_REASON[reason],
                reason == "ok",
                reason in ("ok", "out_of_tolerance"),
                verdict.relative_error,
                verdict.scale_factor,
                verdict.sign_ignored,
            ),
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
        verdict = judge(
            [answer.found],
            [pred.dimension],
            Target(expected, tolerance),
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
        return _no_answer_case(gold, answer, notes, retrieval)
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
    )

"""``evaluate``: score predictions against gold cases into an ``EvalReport``.

Semantics (DESIGN.md "Evaluation semantics"; docs/evaluating.md has every
definition with examples):

* A case is *answered* when the prediction carries a value (structured, or an
  amount extracted from its text) and is not a refusal.
* Gold cases with a value are *answerable*; gold cases without one expect a
  refusal and are scored apart (``refusal_accuracy``), never mixed into the
  numeric averages.

The stage, module by module: ``scoring`` scores one case (``cases`` holds
the result and its reason codes, ``profiles`` the scoring profiles),
``sharding`` scores many (``workers=``), ``report`` and ``metrics``
aggregate, ``rendering`` writes text and HTML.  Judging one answer is
``answers`` (with ``tolerance``, ``matching``, ``direction``, ``refusals``,
``citations`` and ``extraction``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from .._base.exceptions import InvalidInputError
from .._base.public import public
from .cases import CaseResult
from .profiles import ScoringProfile, profile_named
from .records import GoldCase, Prediction, load_gold, load_predictions
from .report import EvalReport
from .scoring import make_options
from .selection import SelectMode
from .sharding import Item, score_all
from .tolerance import Tolerance

__all__ = ["evaluate"]


def _as_records(
    items: Iterable[Any], kind: Literal["gold", "predictions"]
) -> list[GoldCase] | list[Prediction]:
    model: type[GoldCase] | type[Prediction] = GoldCase if kind == "gold" else Prediction
    if isinstance(items, str) or not isinstance(items, Iterable):
        raise InvalidInputError(
            f"evaluate needs {kind} as an iterable of records, got {type(items).__name__}; "
            f"load files with load_{kind}()",
            argument=kind,
            value=repr(items)[:80],
        )
    records = list(items)
    if all(isinstance(r, model) for r in records):
        return records
    return load_gold(records) if kind == "gold" else load_predictions(records)


@public
def evaluate(
    predictions: Iterable[Prediction | Mapping[str, Any]],
    gold: Iterable[GoldCase | Mapping[str, Any]],
    *,
    tolerance: Tolerance | None = None,
    profile: str | ScoringProfile = "strict",
    refusal_phrases: Iterable[str] | None = None,
    citation_pattern: str | re.Pattern[str] | None = None,
    retrieval_k: int = 5,
    workers: int = 1,
    select: SelectMode = "final",
) -> EvalReport:
    """Score predictions against gold cases.

    Args:
        predictions: ``Prediction`` records (or dicts, validated on the way in).
        gold: ``GoldCase`` records (or dicts).
        tolerance: Applied to every case without its own override (default:
            ``Tolerance.default_for`` the case's dimension).
        profile: ``"strict"``, ``"graded"`` or a ``ScoringProfile``.
        refusal_phrases: Replaces ``DEFAULT_REFUSAL_PHRASES``.
        citation_pattern: Replaces ``DEFAULT_CITATION_PATTERN``.
        retrieval_k: Cut-off for hit@k, recall@k and nDCG@k.
        select: ``"final"`` judges the figure a text answer concludes with;
            ``"any"`` judges every figure (short extractive answers).
        workers: Score in up to this many processes (at least
            ``MIN_CASES_PER_WORKER`` cases each). Cases are split into
            contiguous shards and their results concatenated in order, so the
            report is identical to a single-process run. Workers are forked
            where the platform allows; on spawn-only platforms (Windows) the
            calling script needs an ``if __name__ == "__main__":`` guard.

    Returns:
        An ``EvalReport``.  Duplicate qids (the first record is used and the
        case notes it), predictions for unknown qids (``unknown_qid``, not
        scored) and gold cases with no prediction (``no_prediction``) are
        reported, never raised.

    Raises:
        InvalidRecordError: a dict record fails validation.
        InvalidInputError: an option is invalid.

    >>> gold = [{"qid": "q1", "value": "302600000", "dimension": "USD", "category": "precision"}]
    >>> report = evaluate([{"qid": "q1", "value": "3.03E+8"}], gold)
    >>> str(report.numeric_accuracy), report.cases[0].reason
    ('100.0% (1/1)', 'ok')
    """
    _check_options(tolerance, retrieval_k, workers, select)
    option_args = (
        tolerance,
        profile_named(profile),
        None if refusal_phrases is None else tuple(refusal_phrases),
        citation_pattern,
        retrieval_k,
        select,
    )
    options = make_options(option_args)  # a bad option fails before any record is read
    gold_records: list[GoldCase] = _as_records(gold, "gold")  # type: ignore[assignment]
    pred_records: list[Prediction] = _as_records(predictions, "predictions")  # type: ignore[assignment]
    items, unknown = _pair(gold_records, pred_records)
    results = score_all(items, options, option_args, workers)
    results += unknown
    return EvalReport(tuple(results), profile=options.profile, retrieval_k=retrieval_k)


def _check_options(tolerance: object, retrieval_k: object, workers: object, select: object) -> None:
    """Refuse an option of the wrong type or out of range, naming it."""
    if select not in ("final", "any"):
        raise InvalidInputError(
            f"select must be 'final' (the concluding figure) or 'any' (every figure), "
            f"got {select!r}",
            argument="select",
            value=repr(select),
        )
    if isinstance(retrieval_k, bool) or not isinstance(retrieval_k, int) or retrieval_k < 1:
        raise InvalidInputError(
            f"retrieval_k must be a positive int, got {retrieval_k!r}",
            argument="retrieval_k",
            value=repr(retrieval_k),
        )
    if tolerance is not None and not isinstance(tolerance, Tolerance):
        raise InvalidInputError(
            f"tolerance must be a Tolerance, got {type(tolerance).__name__}",
            argument="tolerance",
            value=repr(tolerance)[:80],
        )
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidInputError(
            f"workers must be a positive int, got {workers!r}",
            argument="workers",
            value=repr(workers),
        )


def _pair(
    gold_records: list[GoldCase], pred_records: list[Prediction]
) -> tuple[list[Item], list[CaseResult]]:
    """Each gold case with its prediction, and the predictions for unknown qids.

    The first record of a qid is used; a duplicate is noted on its case
    (``duplicate_gold``, ``duplicate_prediction``), never raised.
    """
    gold_by_qid: dict[str, GoldCase] = {}
    duplicate_gold: set[str] = set()
    for case in gold_records:
        if case.qid in gold_by_qid:
            duplicate_gold.add(case.qid)
        else:
            gold_by_qid[case.qid] = case
    pred_by_qid: dict[str, Prediction] = {}
    duplicate_pred: set[str] = set()
    for pred in pred_records:
        if pred.qid in pred_by_qid:
            duplicate_pred.add(pred.qid)
        else:
            pred_by_qid[pred.qid] = pred
    items: list[Item] = [
        (case, pred_by_qid.get(qid), _notes(qid, duplicate_gold, duplicate_pred))
        for qid, case in gold_by_qid.items()
    ]
    unknown = [
        CaseResult(
            qid,
            None,
            None,
            None,
            "not_scored",
            "unknown_qid",
            notes=_notes(qid, duplicate_gold, duplicate_pred),
        )
        for qid in sorted(set(pred_by_qid) - set(gold_by_qid))
    ]
    return items, unknown


def _notes(qid: str, duplicate_gold: set[str], duplicate_pred: set[str]) -> tuple[str, ...]:
    """The remarks on one qid: ``duplicate_gold``, ``duplicate_prediction`` (sorted)."""
    if not duplicate_gold and not duplicate_pred:
        return ()
    notes = []
    if qid in duplicate_gold:
        notes.append("duplicate_gold")
    if qid in duplicate_pred:
        notes.append("duplicate_prediction")
    return tuple(notes)

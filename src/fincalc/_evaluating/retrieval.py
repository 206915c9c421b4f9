"""Retrieval metrics over ranked evidence ids: hit@k, recall@k, MRR and nDCG@k.

Each metric scores one question from its ranked ids and the gold ids (or
graded relevance); ``score_retrieval`` scores many questions at once and
returns the per-question values with their means.  Conventions, identical
everywhere:

* Ranks start at 1.  A ranked list is de-duplicated keeping the first
  occurrence, so repeating a relevant id never earns credit twice.
* ``relevant`` is a collection of gold ids (binary relevance) or a mapping of
  id to a non-negative grade (graded relevance, used by nDCG; the other
  metrics count any id with a grade above zero as relevant).
* A question with no relevant id has no defined score: the functions raise
  ``InvalidInputError`` and ``score_retrieval`` skips it (and says so).
* ``ranked`` is an ordered sequence of ids (a list or tuple; any iterable in
  its order).  ``None``, a number, a bare ``str`` (which would be read
  character by character), a set (no order) or a mapping raise
  ``InvalidInputError``.

These are scores, not money: they are floats.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any

from .._base.exceptions import InvalidInputError
from .._base.public import public

__all__ = [
    "RetrievalReport",
    "RetrievalScores",
    "hit_at_k",
    "mrr",
    "ndcg_at_k",
    "recall_at_k",
    "score_retrieval",
]

Relevance = Collection[str] | Mapping[str, float]


def _dedupe(ranked: Iterable[str]) -> list[str]:
    if isinstance(ranked, str | bytes | Mapping | Set) or not isinstance(ranked, Iterable):
        kind = "a bare string" if isinstance(ranked, str | bytes) else type(ranked).__name__
        hint = f"; wrap a single id as [{ranked!r}]" if isinstance(ranked, str) else ""
        raise InvalidInputError(
            f"ranked must be a sequence of ids, best first, got {kind} {ranked!r:.60}{hint}",
            argument="ranked",
            value=repr(ranked)[:80],
        )
    seen: set[str] = set()
    out: list[str] = []
    for doc_id in ranked:
        if not isinstance(doc_id, str):
            raise InvalidInputError(
                f"ranked ids must be strings, got {type(doc_id).__name__} {doc_id!r:.60}",
                argument="ranked",
                value=repr(doc_id)[:80],
            )
        if doc_id not in seen:
            seen.add(doc_id)
            out.append(doc_id)
    return out


def _all_str(items: list[Any]) -> bool:
    return all(isinstance(i, str) for i in items)


def _grades(relevant: Relevance) -> dict[str, float]:
    if isinstance(relevant, str):
        raise InvalidInputError(
            f"relevant must be a collection of ids, got the string {relevant!r}; "
            f"wrap a single id as {{{relevant!r}}}",
            argument="relevant",
            value=relevant,
        )
    if isinstance(relevant, Mapping):
        grades: dict[str, float] = {}
        for doc_id, grade in relevant.items():
            if isinstance(grade, bool) or not isinstance(grade, int | float) or grade < 0:
                raise InvalidInputError(
                    f"relevance grade for {doc_id!r} must be a non-negative number, got {grade!r}",
                    argument="relevant",
                    value=repr(grade),
                )
            if grade > 0:
                grades[doc_id] = float(grade)
    elif isinstance(relevant, Iterable) and _all_str(ids := list(relevant)):
        grades = dict.fromkeys(ids, 1.0)
    else:
        raise InvalidInputError(
            f"relevant must be a collection of id strings or a mapping of id to grade, "
            f"got {type(relevant).__name__} {relevant!r:.60}",
            argument="relevant",
            value=repr(relevant)[:80],
        )
    if not grades:
        raise InvalidInputError(
            "retrieval metrics are undefined for a question with no relevant id; "
            "skip the question or give at least one gold id",
            argument="relevant",
            value=repr(relevant)[:80],
        )
    return grades


def _check_k(k: object) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise InvalidInputError(f"k must be a positive int, got {k!r}", argument="k", value=k)
    return k


@public
def hit_at_k(ranked: Sequence[str], relevant: Relevance, k: int) -> float:
    """Return 1.0 when any relevant id is among the first ``k`` ranked ids, else 0.0.

    >>> hit_at_k(["d3", "d1", "d7"], {"d1"}, 2)
    1.0
    >>> hit_at_k(["d3", "d1", "d7"], {"d1"}, 1)
    0.0
    """
    grades = _grades(relevant)
    top = _dedupe(ranked)[: _check_k(k)]
    return 1.0 if any(doc_id in grades for doc_id in top) else 0.0


@public
def recall_at_k(ranked: Sequence[str], relevant: Relevance, k: int) -> float:
    """Return the share of relevant ids found among the first ``k`` ranked ids.

    >>> recall_at_k(["d3", "d1", "d7", "d2"], {"d1", "d2"}, 3)
    0.5
    """
    grades = _grades(relevant)
    top = _dedupe(ranked)[: _check_k(k)]
    return sum(1 for doc_id in top if doc_id in grades) / len(grades)


@public
def mrr(ranked: Sequence[str], relevant: Relevance) -> float:
    """Return the reciprocal rank of the first relevant id (0.0 when none is ranked).

    This is one question's reciprocal rank; the mean over questions (the MRR
    proper) is ``RetrievalReport.means["mrr"]``.

    >>> mrr(["d3", "d1", "d7"], {"d1", "d7"})
    0.5
    >>> mrr(["d3"], {"d1"})
    0.0
    """
    grades = _grades(relevant)
    for rank, doc_id in enumerate(_dedupe(ranked), start=1):
        if doc_id in grades:
            return 1.0 / rank
    return 0.0


@public
def ndcg_at_k(ranked: Sequence[str], relevant: Relevance, k: int) -> float:
    """Return normalised discounted cumulative gain over the first ``k`` ranked ids.

    Gain is the grade itself (linear gain), discounted by ``log2(rank + 1)``;
    the ideal ranking sorts the grades in descending order.

    >>> ndcg_at_k(["d1", "d2"], {"d1": 3, "d2": 1}, 2)
    1.0
    >>> round(ndcg_at_k(["d2", "d1"], {"d1": 3, "d2": 1}, 2), 4)
    0.7967
    """
    grades = _grades(relevant)
    k = _check_k(k)
    dcg = sum(
        grades.get(doc_id, 0.0) / math.log2(rank + 1)
        for rank, doc_id in enumerate(_dedupe(ranked)[:k], start=1)
    )
    ideal = sorted(grades.values(), reverse=True)[:k]
    idcg = sum(grade / math.log2(rank + 1) for rank, grade in enumerate(ideal, start=1))
    return dcg / idcg


@public
@dataclass(frozen=True, slots=True)
class RetrievalScores:
    """One question's retrieval scores at cut-off ``k``.

    >>> RetrievalScores.compute(["d2", "d1"], {"d1"}, k=5).mrr
    0.5
    """

    k: int
    hit: float
    recall: float
    mrr: float
    ndcg: float

    @classmethod
    def compute(cls, ranked: Sequence[str], relevant: Relevance, *, k: int) -> RetrievalScores:
        """Score one question on all four metrics."""
        return cls(
            k=k,
            hit=hit_at_k(ranked, relevant, k),
            recall=recall_at_k(ranked, relevant, k),
            mrr=mrr(ranked, relevant),
            ndcg=ndcg_at_k(ranked, relevant, k),
        )

    @classmethod
    def from_dict(cls, data: Any) -> RetrievalScores:
        """Rebuild from ``to_dict`` output.

        >>> scores = RetrievalScores.compute(["d2", "d1"], {"d1"}, k=5)
        >>> RetrievalScores.from_dict(scores.to_dict()) == scores
        True
        """
        return cls(
            k=int(data["k"]),
            hit=float(data["hit_at_k"]),
            recall=float(data["recall_at_k"]),
            mrr=float(data["mrr"]),
            ndcg=float(data["ndcg_at_k"]),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict keyed by metric name (``hit_at_k``, …)."""
        return {
            "k": self.k,
            "hit_at_k": self.hit,
            "recall_at_k": self.recall,
            "mrr": self.mrr,
            "ndcg_at_k": self.ndcg,
        }


@public
@dataclass(frozen=True, slots=True)
class RetrievalReport:
    """Per-question retrieval scores, their means, and the questions skipped.

    Attributes:
        k: The cut-off used for hit, recall and nDCG.
        per_question: Scores by qid, in sorted qid order.
        skipped: Qids with no relevant id or no ranked list (sorted).
    """

    k: int
    per_question: dict[str, RetrievalScores]
    skipped: tuple[str, ...]

    @property
    def means(self) -> dict[str, float | None]:
        """Mean of each metric over the scored questions (``None`` when none were scored).

        >>> report = score_retrieval({"q1": ["a", "b"], "q2": ["c"]}, {"q1": {"b"}, "q2": {"x"}})
        >>> report.means["mrr"], report.means["hit_at_k"]
        (0.25, 0.5)
        """
        scores = list(self.per_question.values())
        if not scores:
            return dict.fromkeys(("hit_at_k", "recall_at_k", "mrr", "ndcg_at_k"))
        n = len(scores)
        return {
            "hit_at_k": sum(s.hit for s in scores) / n,
            "recall_at_k": sum(s.recall for s in scores) / n,
            "mrr": sum(s.mrr for s in scores) / n,
            "ndcg_at_k": sum(s.ndcg for s in scores) / n,
        }

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the means, the per-question scores and the skipped qids."""
        return {
            "k": self.k,
            "count": len(self.per_question),
            "means": self.means,
            "per_question": {qid: s.to_dict() for qid, s in self.per_question.items()},
            "skipped": list(self.skipped),
        }


@public
def score_retrieval(
    ranked: Mapping[str, Sequence[str]],
    relevant: Mapping[str, Relevance],
    *,
    k: int = 5,
) -> RetrievalReport:
    """Score every question that has both a ranked list and at least one relevant id.

    Args:
        ranked: Ranked ids by qid (best first).
        relevant: Gold ids (or graded relevance) by qid.
        k: The cut-off for hit, recall and nDCG.

    Returns:
        The per-question scores (sorted by qid), their means, and the qids
        skipped because a side was missing or had no relevant id.

    >>> report = score_retrieval({"q1": ["d3", "d1"]}, {"q1": {"d1"}}, k=1)
    >>> report.per_question["q1"].hit, report.means["mrr"]
    (0.0, 0.5)
    """
    _check_k(k)
    for name, value in (("ranked", ranked), ("relevant", relevant)):
        if not isinstance(value, Mapping):
            raise InvalidInputError(
                f"{name} must be a mapping of qid to ids, got {type(value).__name__}",
                argument=name,
                value=repr(value)[:80],
            )
    per_question: dict[str, RetrievalScores] = {}
    skipped: list[str] = []
    for qid in sorted(set(ranked) | set(relevant)):
        gold = relevant.get(qid)
        run = ranked.get(qid)
        if run is None or not gold or (isinstance(gold, Mapping) and not any(gold.values())):
            skipped.append(qid)
            continue
        per_question[qid] = RetrievalScores.compute(run, gold, k=k)
    return RetrievalReport(k=k, per_question=per_question, skipped=tuple(skipped))

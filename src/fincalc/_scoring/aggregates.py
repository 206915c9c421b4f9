"""Aggregates: ``Proportion`` (a ratio with its numerator and denominator) and ``Metrics``.

``METRICS`` is the one list of metrics: name, label, what it counts, and
how reports show it.  ``Metrics`` holds one ``Proportion`` per metric;
``EvalReport`` exposes the answer metrics as attributes and the renderers
take labels and order from the same list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .._base.public import public
from .cases import CaseResult

__all__ = [
    "ANSWER_METRICS",
    "METRICS",
    "METRIC_NAMES",
    "MetricSpec",
    "Metrics",
    "Proportion",
    "Tally",
    "format_count",
]

_ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class MetricSpec:
    """One metric: its name in ``Metrics``, its label in reports, and what it counts."""

    name: str
    label: str  # "@k" is replaced by the report's retrieval cut-off
    summary: str
    retrieval: bool = False  # a retrieval mean: shown only when measured
    lower_is_better: bool = False  # the comparison marks the lowest value as best


#: Every metric in report order: the answer metrics (always shown; attributes
#: of ``EvalReport`` too), then the retrieval means (shown when measured).
METRICS: tuple[MetricSpec, ...] = (
    MetricSpec(
        "numeric_accuracy",
        "numeric accuracy",
        "numeric_ok ∧ caliber not mismatched, over answerable cases.",
    ),
    MetricSpec(
        "caliber_error_rate",
        "caliber error rate",
        "Answered with a mismatched caliber, over answerable cases.",
        lower_is_better=True,
    ),
    MetricSpec(
        "conditional_numeric_accuracy",
        "conditional numeric accuracy",
        "numeric_ok among answered cases whose caliber matched (never above 1).",
    ),
    MetricSpec(
        "citation_hit_rate",
        "citation hit rate",
        "Cited a gold evidence id, over answered cases that list gold ids.",
    ),
    MetricSpec(
        "citation_format_rate",
        "citation format rate",
        "Held a well-formed citation, over answered cases with text.",
    ),
    MetricSpec("answer_rate", "answer rate", "Answered, over answerable cases."),
    MetricSpec(
        "false_refusal_rate",
        "false refusal rate",
        "Refused, over answerable cases.",
        lower_is_better=True,
    ),
    MetricSpec(
        "refusal_accuracy",
        "refusal accuracy (no-answer cases)",
        "Refused, over cases whose gold expects a refusal.",
    ),
    MetricSpec(
        "mean_score", "mean score", "Sum of scores under the profile, over answerable cases."
    ),
    MetricSpec("hit_at_k", "hit@k", "Mean hit@k over cases with retrieved and gold ids.", True),
    MetricSpec("recall_at_k", "recall@k", "Mean recall@k over the same cases.", True),
    MetricSpec("mrr", "MRR", "Mean reciprocal rank over the same cases.", True),
    MetricSpec("ndcg_at_k", "nDCG@k", "Mean nDCG@k over the same cases.", True),
)
METRIC_NAMES: tuple[str, ...] = tuple(m.name for m in METRICS)
#: The answer metrics (not retrieval), by name.
ANSWER_METRICS: tuple[str, ...] = tuple(m.name for m in METRICS if not m.retrieval)


def format_count(value: int | float) -> str:
    """A numerator as text: whole numbers without decimals, partial credit to 0.01.

    >>> format_count(14), format_count(14.0), format_count(14.5)
    ('14', '14', '14.50')
    """
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.2f}"
    return str(value)


@public
@dataclass(frozen=True, slots=True)
class Proportion:
    """A proportion of cases (a metric): always with its numerator and denominator.

    ``value`` is ``None`` when the denominator is zero (nothing to measure).

    >>> r = Proportion(5, 6)
    >>> r.value, str(r)
    (0.8333333333333334, '83.3% (5/6)')
    """

    numerator: int | float
    denominator: int

    @property
    def value(self) -> float | None:
        """``numerator / denominator``, or ``None`` when the denominator is zero."""
        return self.numerator / self.denominator if self.denominator else None

    def to_dict(self) -> dict[str, Any]:
        """``{"numerator": …, "denominator": …, "value": …}``."""
        return {"numerator": self.numerator, "denominator": self.denominator, "value": self.value}

    def __str__(self) -> str:
        if not self.denominator:
            return "—"
        num = self.numerator
        return f"{100 * num / self.denominator:.1f}% ({format_count(num)}/{self.denominator})"


@public
@dataclass(frozen=True, slots=True)
class Metrics:
    """Every aggregate over a set of CaseResults (docs/evaluating.md defines each).

    Over answerable cases (gold has a value), A:
    ``numeric_accuracy`` = numeric_ok ∧ caliber not mismatched / |A|;
    ``caliber_error_rate`` = answered ∧ caliber mismatched / |A|;
    ``conditional_numeric_accuracy`` = numeric_ok ∧ caliber ok / answered ∧ caliber ok;
    ``citation_hit_rate`` = cited a gold id / answered with gold ids;
    ``citation_format_rate`` = well-formed citation / answered with text;
    ``answer_rate`` = answered / |A|; ``false_refusal_rate`` = refused / |A|;
    ``mean_score`` = Σ score / |A|.  Over no-answer cases, N:
    ``refusal_accuracy`` = refused / |N|.  Retrieval means are over cases whose
    prediction lists retrieved ids and whose gold lists evidence ids.
    """

    cases: int
    answerable: int
    no_answer: int
    numeric_accuracy: Proportion
    caliber_error_rate: Proportion
    conditional_numeric_accuracy: Proportion
    citation_hit_rate: Proportion
    citation_format_rate: Proportion
    answer_rate: Proportion
    false_refusal_rate: Proportion
    refusal_accuracy: Proportion
    mean_score: Proportion
    hit_at_k: Proportion
    recall_at_k: Proportion
    mrr: Proportion
    ndcg_at_k: Proportion

    @classmethod
    def from_cases(cls, cases: Iterable[CaseResult]) -> Metrics:
        """Compute every aggregate from ``cases`` (their order does not matter)."""
        return Tally.of(cases).metrics()

    def ratios(self) -> dict[str, Proportion]:
        """Every ratio by metric name, in a fixed order."""
        return {name: getattr(self, name) for name in METRIC_NAMES}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the counts and every ratio with numerator and denominator."""
        data: dict[str, Any] = {
            "cases": self.cases,
            "answerable": self.answerable,
            "no_answer": self.no_answer,
        }
        data.update({name: ratio.to_dict() for name, ratio in self.ratios().items()})
        return data


# Retrieval scores are floats; their sums are kept exact as integers in units
# of 2**-_FLOAT_SHIFT (every finite double is a whole number of those), so a
# sum does not depend on the order the cases are added in.
_FLOAT_SHIFT = 1100
_FLOAT_UNIT = 1 << _FLOAT_SHIFT


def _exact(value: float) -> int:
    numerator, denominator = float(value).as_integer_ratio()
    return numerator * (_FLOAT_UNIT // denominator)


def _float(total: int) -> float:
    return total / _FLOAT_UNIT


_COUNTS = (
    "cases",
    "answerable",
    "no_answer",
    "numeric",
    "caliber_error",
    "caliber_ok",
    "conditional",
    "cited_of",
    "cited",
    "format_of",
    "formatted",
    "answered",
    "refused",
    "refusal_ok",
    "retrieval",
    "hit",
    "recall",
    "rr",
    "ndcg",
)


class Tally:
    """Exact counts over a set of cases: what ``Metrics`` is computed from.

    Adding tallies is exact, associative and commutative (integer counts, a
    ``Decimal`` sum of scores, retrieval sums as integers), so the tally of
    shards added in any grouping is the tally of the whole; ``EvalReport.combine``
    merges reports this way instead of recounting their cases.

    >>> a = Tally.of([CaseResult("q1", "x", "extraction", True, "correct", "ok", numeric_ok=True)])
    >>> b = Tally.of([CaseResult("q2", "x", "extraction", True, "wrong", "no_prediction")])
    >>> str((a + b).metrics().numeric_accuracy)
    '50.0% (1/2)'
    """

    __slots__ = (*_COUNTS, "score")

    cases: int
    answerable: int
    no_answer: int
    numeric: int
    caliber_error: int
    caliber_ok: int
    conditional: int
    cited_of: int
    cited: int
    format_of: int
    formatted: int
    answered: int
    refused: int
    refusal_ok: int
    retrieval: int
    hit: int
    recall: int
    rr: int
    ndcg: int
    score: Decimal

    def __init__(self) -> None:
        for name in _COUNTS:
            setattr(self, name, 0)
        self.score = _ZERO

    @classmethod
    def of(cls, cases: Iterable[CaseResult]) -> Tally:
        """The tally of ``cases``."""
        tally = cls()
        add = tally.add
        for case in cases:
            add(case)
        return tally

    def add(self, c: CaseResult) -> None:
        """Count one case."""
        self.cases += 1
        if c.retrieval is not None:
            self.retrieval += 1
            self.hit += _exact(c.retrieval.hit)
            self.recall += _exact(c.retrieval.recall)
            self.rr += _exact(c.retrieval.mrr)
            self.ndcg += _exact(c.retrieval.ndcg)
        if c.answerable is None:
            return
        if not c.answerable:
            self.no_answer += 1
            self.refusal_ok += c.refused
            return
        self.answerable += 1
        self.score += c.score
        self.refused += c.refused
        if c.numeric_ok and c.caliber != "mismatch":
            self.numeric += 1
        if not c.answered:
            return
        self.answered += 1
        if c.caliber == "mismatch":
            self.caliber_error += 1
        elif c.caliber == "ok":
            self.caliber_ok += 1
            self.conditional += c.numeric_ok
        if c.citation_hit is not None:
            self.cited_of += 1
            self.cited += c.citation_hit
        if c.citation_format_ok is not None:
            self.format_of += 1
            self.formatted += c.citation_format_ok

    def __add__(self, other: Tally) -> Tally:
        total = Tally()
        for name in _COUNTS:
            setattr(total, name, getattr(self, name) + getattr(other, name))
        total.score = self.score + other.score
        return total

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tally):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in (*_COUNTS, "score"))

    __hash__ = None  # type: ignore[assignment]

    def metrics(self) -> Metrics:
        """The aggregates of these counts."""
        n_a, r_n = self.answerable, self.retrieval
        return Metrics(
            cases=self.cases,
            answerable=n_a,
            no_answer=self.no_answer,
            numeric_accuracy=Proportion(self.numeric, n_a),
            caliber_error_rate=Proportion(self.caliber_error, n_a),
            conditional_numeric_accuracy=Proportion(self.conditional, self.caliber_ok),
            citation_hit_rate=Proportion(self.cited, self.cited_of),
            citation_format_rate=Proportion(self.formatted, self.format_of),
            answer_rate=Proportion(self.answered, n_a),
            false_refusal_rate=Proportion(self.refused, n_a),
            refusal_accuracy=Proportion(self.refusal_ok, self.no_answer),
            mean_score=Proportion(_number(self.score), n_a),
            hit_at_k=Proportion(_float(self.hit), r_n),
            recall_at_k=Proportion(_float(self.recall), r_n),
            mrr=Proportion(_float(self.rr), r_n),
            ndcg_at_k=Proportion(_float(self.ndcg), r_n),
        )


def _number(value: Decimal) -> int | float:
    integral = value.to_integral_value()
    return int(integral) if integral == value else float(value)

"""A Ragas metric that checks the number in a response against the reference, exactly.

Ragas' answer-correctness metrics ask an LLM whether two texts agree; for a
financial figure that judge is slow, costs tokens, and misses a 万/亿 slip.
``NumericMatch`` reads the amount in ``response`` with fincalc's parser and
compares it with the amount in ``reference`` by ``fincalc.evaluate``'s rules
(scale, sign, currency, the precision the answer was written at, refusals).
No LLM and no embeddings are needed.

Two forms, for Ragas' two metric interfaces:

- ``NumericMatch``, a ``SingleTurnMetric`` for ``ragas.evaluate``;
- ``NumericMatchMetric``, a metric of ``ragas.metrics.collections`` (``score``,
  ``ascore``, ``batch_score`` returning a ``MetricResult`` with the reason),
  for ``@experiment`` workflows, which Ragas 0.4 recommends over ``evaluate``.

Install with ``pip install 'fincalc-qa[ragas]'``::

    from ragas import EvaluationDataset, evaluate
    from fincalc.integrations.ragas import NumericMatch

    dataset = EvaluationDataset.from_list([
        {"user_input": "华东区2025年第三季度营业收入？",
         "response": "华东区营业收入为8.7亿元。",
         "reference": "870000000"},          # or "8.7亿元", or a refusal
    ])
    result = evaluate(dataset, metrics=[NumericMatch(dimension="CNY")])
    result.to_pandas()["numeric_match"]

    from fincalc.integrations.ragas import NumericMatchMetric
    NumericMatchMetric().score(response="营业收入8.7万元", reference="8.7亿元").reason
    # "wrong: wrong_scale, '8.7万元' vs gold 870000000 CNY (off by ×10^-4)"

Under ``@experiment`` each row may carry its own ``dimension`` (and ``unit``)
column, and a row whose reference cannot be read is scored NaN with the
reason, never raised (Ragas drops a row whose function raises)::

    from ragas import experiment
    metric = NumericMatchMetric()

    @experiment()
    async def numeric(row):
        result = await metric.ascore(response=row["response"], reference=row["reference"],
                                     user_input=row["user_input"], dimension=row["dimension"])
        return {**row, "numeric_match": result.value, "reason": result.reason}

``ragas.evaluate`` keeps only Ragas' own sample fields, so there a per-row
dimension is written in the reference itself ("8.7亿元", "$302.6 million").
"""

from __future__ import annotations

import math
import typing as t
from dataclasses import dataclass, field

from langchain_core.callbacks import Callbacks
from ragas.dataset_schema import SingleTurnSample
from ragas.metrics.base import MetricType, SingleTurnMetric
from ragas.metrics.collections.base import BaseMetric
from ragas.metrics.result import MetricResult
from ragas.run_config import RunConfig

from fincalc import CaseResult, FincalcError, Tolerance

from ._scoring import explain, score_text

__all__ = ["NumericMatch", "NumericMatchMetric"]


@dataclass(frozen=True)
class _Judge:
    dimension: str | None
    unit: str | None
    tolerance: Tolerance | None
    profile: str
    kind: str | None
    refusal_phrases: tuple[str, ...] | None

    def __call__(
        self,
        response: str,
        reference: str,
        user_input: str | None = None,
        dimension: str | None = None,
        unit: str | None = None,
    ) -> CaseResult:
        return score_text(
            response,
            reference,
            dimension=dimension or self.dimension,
            unit=unit or self.unit,
            tolerance=self.tolerance,
            kind=self.kind,
            profile=self.profile,
            refusal_phrases=self.refusal_phrases,
            question=user_input,
        )


@dataclass
class NumericMatch(SingleTurnMetric):
    """1.0 when the response states the reference's number, else 0.0 (no LLM).

    ``reference`` is the gold value in base units ("870000000"), a reference
    answer stating one amount ("8.7亿元", "-0.49%"), or a refusal ("资料未披露",
    or empty) when the right answer is to refuse. ``response`` is the system's
    answer text. Under ``profile="graded"`` a derived figure can score 0.5.

    Attributes:
        name: The column the score goes in.
        dimension: The gold's dimension when the reference is a bare number.
        unit: The unit bare numbers are written in ("亿元", "million").
        tolerance: A ``fincalc.Tolerance``; the dimension's default otherwise.
        profile: ``"strict"`` or ``"graded"``.
        kind: ``"extraction"`` or ``"derived"`` (graded credit is for derived values).
        refusal_phrases: Replace the default refusal phrases.
    """

    name: str = "numeric_match"
    dimension: str | None = None
    unit: str | None = None
    tolerance: Tolerance | None = None
    profile: str = "strict"
    kind: str | None = None
    refusal_phrases: tuple[str, ...] | None = None
    _required_columns: dict[MetricType, set[str]] = field(
        default_factory=lambda: {
            MetricType.SINGLE_TURN: {"response", "reference", "user_input:optional"}
        }
    )

    def init(self, run_config: RunConfig) -> None:
        """Nothing to set up: no LLM, no embeddings."""

    def case_result(self, sample: SingleTurnSample) -> CaseResult:
        """The full ``fincalc.CaseResult`` behind the score, for inspecting a case."""
        judge = _Judge(
            self.dimension, self.unit, self.tolerance, self.profile, self.kind, self.refusal_phrases
        )
        return judge(sample.response or "", sample.reference or "", sample.user_input)

    async def _single_turn_ascore(self, sample: SingleTurnSample, callbacks: Callbacks) -> float:
        return float(self.case_result(sample).score)

    async def _ascore(self, row: dict[str, t.Any], callbacks: Callbacks) -> float:
        return await self._single_turn_ascore(SingleTurnSample(**row), callbacks)


class NumericMatchMetric(BaseMetric):
    """The same judge as ``NumericMatch`` as a ``ragas.metrics.collections`` metric.

    ``score(response=..., reference=...)`` returns a ``MetricResult`` whose
    value is 1.0, 0.5 (graded partial credit) or 0.0 and whose ``reason``
    says what was found and why; no LLM or embeddings.

    Args:
        name: The metric's name.
        dimension: The gold's dimension when the reference is a bare number.
        unit: The unit bare numbers are written in ("亿元", "million").
        tolerance: A ``fincalc.Tolerance``; the dimension's default otherwise.
        profile: ``"strict"`` or ``"graded"``.
        kind: ``"extraction"`` or ``"derived"``.
        refusal_phrases: Replace the default refusal phrases.
    """

    def __init__(
        self,
        name: str = "numeric_match",
        *,
        dimension: str | None = None,
        unit: str | None = None,
        tolerance: Tolerance | None = None,
        profile: str = "strict",
        kind: str | None = None,
        refusal_phrases: t.Sequence[str] | None = None,
    ) -> None:
        super().__init__(name=name, allowed_values=(0.0, 1.0))
        phrases = None if refusal_phrases is None else tuple(refusal_phrases)
        self._judge = _Judge(dimension, unit, tolerance, profile, kind, phrases)

    def case_result(
        self,
        response: str,
        reference: str,
        user_input: str | None = None,
        *,
        dimension: str | None = None,
        unit: str | None = None,
    ) -> CaseResult:
        """The full ``fincalc.CaseResult`` behind the score.

        Raises:
            FincalcError: the reference cannot be read (``ascore`` scores that row instead).
        """
        return self._judge(response, reference, user_input, dimension, unit)

    async def ascore(  # type: ignore[override]
        self,
        response: str,
        reference: str,
        user_input: str | None = None,
        *,
        dimension: str | None = None,
        unit: str | None = None,
    ) -> MetricResult:
        """Score ``response`` against ``reference``.

        ``user_input`` is the question asked (one asking how large a decrease or
        loss is takes a positive reference as that size); ``dimension`` and
        ``unit``, a row's own columns, override the metric's. A reference that
        cannot be read never raises (Ragas' ``@experiment`` would drop the row):
        the value is NaN and ``reason`` starts with "unreadable gold:" and says
        what to fix.
        """
        try:
            result = self._judge(response, reference, user_input, dimension, unit)
        except FincalcError as error:
            return MetricResult(value=math.nan, reason=f"unreadable gold: {error}")
        return MetricResult(value=float(result.score), reason=explain(result))

"""A deepeval metric that checks the number in ``actual_output`` against ``expected_output``.

deepeval's LLM-judged metrics (``GEval``, answer correctness) ask a model
whether two answers agree, and ``ExactMatchMetric`` compares strings; neither
sees that "8.7万元" is ten thousand times too small or that "$303M" is a
correct rounding of 302.6 million. ``NumericAnswerMetric`` reads the amount
with fincalc's parser and judges it by ``fincalc.evaluate``'s rules, with
no LLM: ``score`` is 1.0, 0.5 (graded partial credit) or 0.0, ``reason``
says what was found and why, ``success`` compares the score with
``threshold``.

Install with ``pip install 'fincalc-qa[deepeval]'``::

    from deepeval import assert_test, evaluate
    from deepeval.test_case import LLMTestCase
    from fincalc.integrations.deepeval import NumericAnswerMetric

    case = LLMTestCase(input="华东区2025年第三季度营业收入？",
                       actual_output="华东区营业收入为8.7亿元。",
                       expected_output="8.7亿元")   # or "870000000", or a refusal
    # a case's own dimension or unit: LLMTestCase(..., metadata={"dimension": "USD"})
    evaluate(test_cases=[case], metrics=[NumericAnswerMetric(dimension="CNY")])
    assert_test(case, [NumericAnswerMetric(dimension="CNY")])   # in a deepeval test file
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deepeval.errors import MissingTestCaseParamsError
from deepeval.metrics import BaseMetric
from deepeval.test_case import LLMTestCase, SingleTurnParams

from fincalc import CaseResult, FincalcError, Tolerance

from ._scoring import explain, score_text

__all__ = ["NumericAnswerMetric"]


# deepeval's BaseMetric.__init_subclass__ has no annotations
class NumericAnswerMetric(BaseMetric):  # type: ignore[no-untyped-call]
    """deepeval ``BaseMetric`` over ``fincalc.evaluate``'s judgement of one answer.

    ``expected_output`` is the gold value in base units ("870000000"), a
    reference answer stating one amount ("8.7亿元", "-0.49%"), or a refusal
    ("资料未披露", or empty) when the right answer is to refuse.

    Args:
        threshold: The score ``success`` needs (1.0: an exact match; 0.5 lets
            graded partial credit pass).
        dimension: The gold's dimension when ``expected_output`` is a bare number.
        unit: The unit bare numbers are written in ("亿元", "million").
        tolerance: A ``fincalc.Tolerance``; the dimension's default otherwise.
        profile: ``"strict"`` or ``"graded"``.
        kind: ``"extraction"`` or ``"derived"`` (graded credit is for derived values).
        refusal_phrases: Replace the default refusal phrases.
        strict_mode: deepeval's strict mode: the threshold becomes 1.
        verbose_mode: Keep ``verbose_logs`` with the full case record.
    """

    # deepeval declares this as ``_required_params = List[...]`` (a value, not an
    # annotation), so its type is "the list type"; every deepeval metric assigns a list
    _required_params: list[SingleTurnParams] = [  # type: ignore[assignment]  # noqa: RUF012
        SingleTurnParams.ACTUAL_OUTPUT,
        SingleTurnParams.EXPECTED_OUTPUT,
    ]

    def __init__(
        self,
        threshold: float = 1.0,
        *,
        dimension: str | None = None,
        unit: str | None = None,
        tolerance: Tolerance | None = None,
        profile: str = "strict",
        kind: str | None = None,
        refusal_phrases: Sequence[str] | None = None,
        strict_mode: bool = False,
        verbose_mode: bool = False,
    ) -> None:
        self.threshold = 1.0 if strict_mode else threshold
        self.strict_mode = strict_mode
        self.verbose_mode = verbose_mode
        self.include_reason = True
        self.async_mode = False  # nothing to await: the judgement is local and fast
        self.evaluation_model = None
        self.dimension = dimension
        self.unit = unit
        self.tolerance = tolerance
        self.profile = profile
        self.kind = kind
        self.refusal_phrases = None if refusal_phrases is None else tuple(refusal_phrases)
        self.case_result: CaseResult | None = None

    def measure(self, test_case: LLMTestCase, *args: Any, **kwargs: Any) -> float:
        """Judge ``test_case.actual_output``; set ``score``, ``reason``, ``success``.

        ``test_case.metadata`` (deepeval 3: ``additional_metadata``) may give
        the case's own ``dimension``, ``unit`` and ``kind``, which override the metric's.

        Raises:
            MissingTestCaseParamsError: ``actual_output`` or ``expected_output``
                is None (deepeval's own error, as its metrics raise it; an empty
                ``expected_output`` means the right answer is a refusal).
            FincalcError: ``expected_output`` cannot be read (no amount, or
                several), or a bad dimension, unit or tolerance (``error`` is set too).
        """
        self.error = None
        missing = [
            f"'{name}'"
            for name in ("actual_output", "expected_output")
            if getattr(test_case, name, None) is None
        ]
        if missing:
            self.error = (
                f"{' and '.join(missing)} cannot be None for the '{self.__name__}' metric "
                "(expected_output is the gold: '870000000', '8.7亿元', or '' when the right "
                "answer is a refusal)"
            )
            self.success = False
            raise MissingTestCaseParamsError(self.error)
        meta = _case_metadata(test_case)
        try:
            result = score_text(
                test_case.actual_output or "",
                test_case.expected_output,
                dimension=meta.get("dimension", self.dimension),
                unit=meta.get("unit", self.unit),
                tolerance=self.tolerance,
                kind=meta.get("kind", self.kind),
                profile=self.profile,
                refusal_phrases=self.refusal_phrases,
                question=test_case.input if isinstance(test_case.input, str) else None,
            )
        except FincalcError as error:
            self.error = str(error)
            self.success = False
            raise
        self.case_result = result
        self.score = float(result.score)
        self.reason = explain(result)
        self.success = self.is_successful()
        if self.verbose_mode:
            self.verbose_logs = f"Reason: {self.reason}\nCase: {result.to_dict()}"
        return float(self.score)

    async def a_measure(self, test_case: LLMTestCase, *args: Any, **kwargs: Any) -> float:
        """The same as ``measure`` (nothing in it waits)."""
        return self.measure(test_case)

    def is_successful(self) -> bool:
        """True when the case was scored without error and reached ``threshold``."""
        threshold = 1.0 if self.threshold is None else self.threshold
        if self.error is not None or self.score is None:
            self.success = False
        else:
            self.success = bool(self.score >= threshold)
        return bool(self.success)

    @property
    def __name__(self) -> str:
        return "Numeric Answer (fincalc)"


def _case_metadata(test_case: LLMTestCase) -> Mapping[str, Any]:
    """The case's metadata: ``metadata`` in deepeval 4, ``additional_metadata`` before."""
    meta = getattr(test_case, "metadata", None)
    if meta is None:  # deepeval 3 stores the field itself (4 keeps it as a deprecated alias)
        meta = vars(test_case).get("additional_metadata")
    return meta if isinstance(meta, Mapping) else {}

"""An inspect_ai scorer that judges numeric answers the way ``fincalc.evaluate`` does.

inspect_ai's built-in ``match()`` compares text; this scorer reads the amount
in the model's answer with fincalc's parser and compares it exactly with the
target: "8.7亿元" and "870,000,000 yuan" are the same number, "8.7万元" is a
wrong scale, "rose 0.49%" against ``-0.0049`` a wrong sign, "约5亿" not precise
enough for 4.6 亿, and "资料未披露" a refusal.

A sample's ``target`` is read like a gold file's ``answer`` (``GoldCase``),
with the sample's input as the question: a reference answer as written
("8.7亿元", "$302.6 million", "-0.49%"), a bare number, which is the gold
value in base units (元 for CNY, dollars for USD, 1 for RATIO: 5.2% is
``0.052``; without a dimension it matches a figure of any dimension), or
empty (or a refusal such as "资料未披露") when the right answer is a
refusal. A target that cannot be read never stops the eval: the sample is
scored ``I`` with ``reason: unreadable_gold`` and an explanation of what to
fix. A sample's ``metadata`` may give ``dimension``, ``unit`` (the unit a bare
number in the answer is in), ``category``, ``kind`` (``extraction`` or
``derived``, which the ``graded`` profile reads), ``evidence_ids`` and
``tolerance`` (a dict such as ``{"rel": "0.001"}``), overriding the
scorer's arguments.

Install with ``pip install 'fincalc-qa[inspect]'``. The scorer is registered
through inspect_ai's entry point, so ``fincalc/numeric_answer`` names it
wherever inspect_ai takes a registered scorer; in Python::

    from inspect_ai import Task, task
    from inspect_ai.dataset import Sample
    from inspect_ai.solver import generate
    from fincalc.integrations.inspect_ai import numeric_answer

    @task
    def revenue_qa() -> Task:
        return Task(
            dataset=[Sample(input="华东区2025年第三季度营业收入是多少？",
                            target="8.7亿元")],
            solver=generate(),
            scorer=numeric_answer(),
        )
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from inspect_ai.scorer import (
    CORRECT,
    INCORRECT,
    PARTIAL,
    Metric,
    SampleScore,
    Score,
    Scorer,
    Target,
    accuracy,
    metric,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState
from inspect_ai.util import registry_info

from fincalc import CaseResult, FincalcError

from ._scoring import explain, score_text

__all__ = ["numeric_answer", "wrong_scale_rate"]

_VALUE = {"correct": CORRECT, "partial": PARTIAL, "wrong": INCORRECT}


@metric
def wrong_scale_rate() -> Metric:
    """Share of samples whose answer was off by a power of ten (万 for 亿, thousands for millions).

    The failure ``match()`` cannot see and fincalc exists to catch.
    """

    def compute(scores: list[SampleScore]) -> float:
        if not scores:
            return 0.0
        wrong = sum(1 for s in scores if (s.score.metadata or {}).get("reason") == "wrong_scale")
        return wrong / len(scores)

    return compute


def numeric_answer(
    *,
    dimension: str | None = None,
    unit: str | None = None,
    tolerance: Mapping[str, Any] | None = None,
    profile: str = "strict",
    refusal_phrases: Sequence[str] | None = None,
) -> Scorer:
    """Score the model's answer against the target value with ``fincalc.evaluate``'s rules.

    Args:
        dimension: The target's dimension (``CNY``, ``USD``, ``RATIO``, …) when
            a sample's metadata does not give one.
        unit: The unit bare numbers in answers are read in ("亿元", "million").
        tolerance: A ``Tolerance`` as a dict (``{"abs": "0.01"}``,
            ``{"rel": "0.001", "ignore_sign": true}``); the dimension's default otherwise.
        profile: ``"strict"`` or ``"graded"`` (partial credit for derived values).
        refusal_phrases: Replace the default refusal phrases.

    Returns:
        A scorer whose ``Score.value`` is ``C``, ``P`` (graded partial credit) or
        ``I``; ``answer`` is the amount as written, ``explanation`` says why, and
        ``metadata`` holds the full ``CaseResult`` (``reason``: ``ok``,
        ``wrong_scale``, ``wrong_sign``, ``refused``, ``should_refuse``, …). A
        target fincalc cannot read scores ``I`` with ``reason: unreadable_gold``
        and the fix in ``explanation``; it never raises into the eval.
    """
    phrases = None if refusal_phrases is None else tuple(refusal_phrases)

    async def score(state: TaskState, target: Target) -> Score:
        meta = state.metadata or {}
        golds: list[str | None] = [t for t in target.target if t.strip()] or [None]
        results: list[CaseResult] = []
        errors: list[tuple[str | None, FincalcError]] = []
        for gold in golds:
            try:
                result = score_text(
                    state.output.completion,
                    gold,
                    dimension=meta.get("dimension", dimension),
                    unit=meta.get("unit", unit),
                    tolerance=meta.get("tolerance", tolerance),
                    category=meta.get("category"),
                    kind=meta.get("kind"),
                    evidence_ids=meta.get("evidence_ids", ()),
                    profile=profile,
                    refusal_phrases=phrases,
                    qid=str(state.sample_id),
                    question=meta.get("question", _question(state)),
                )
            except FincalcError as error:  # a bad target is this sample's, not the run's
                errors.append((gold, error))
                continue
            results.append(result)
        best = max(results, key=lambda r: r.score, default=None)  # any target may match
        if best is None or (errors and best.verdict != "correct"):
            return _unreadable(state, *errors[0])
        return Score(
            value=_VALUE.get(best.verdict, INCORRECT),
            answer=best.found_raw,
            explanation=explain(best),
            metadata=best.to_dict(),
        )

    return score


_METRICS = [accuracy(), stderr(), wrong_scale_rate()]
_plain_numeric_answer = numeric_answer
numeric_answer = scorer(metrics=_METRICS)(_plain_numeric_answer)
if "/" not in registry_info(numeric_answer).name:
    # An editable install (pip install -e .) of the fincalc-qa distribution: inspect_ai
    # looks the import name "fincalc" up as a distribution, finds none and would register
    # the scorer without its namespace, so "fincalc/numeric_answer" would name nothing.
    numeric_answer = scorer(metrics=_METRICS, name="fincalc/numeric_answer")(_plain_numeric_answer)


def _unreadable(state: TaskState, target: str | None, error: FincalcError) -> Score:
    """The score of a sample whose target (or metadata) fincalc cannot read: ``I``, with why."""
    message = str(error)
    return Score(
        value=INCORRECT,
        answer=None,
        explanation=(
            f"unreadable gold: target {target!r} of sample {state.sample_id!r}: {message} "
            "(a target is a reference answer such as '8.7亿元' or '$302.6 million', the gold "
            "value in base units with metadata dimension, or empty for a refusal)"
        ),
        metadata={
            "qid": str(state.sample_id),
            "reason": "unreadable_gold",
            "verdict": "wrong",
            "score": 0.0,
            "target": target,
            "error": message,
            "error_type": type(error).__name__,
        },
    )


def _question(state: TaskState) -> str | None:
    """The sample's input as text (the question asked), when inspect_ai can give it."""
    try:
        text = state.input_text
    except (AttributeError, TypeError, ValueError):  # an input with no text: no question
        return None
    return text if isinstance(text, str) else None

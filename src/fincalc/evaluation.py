"""Evaluating answers: judge one answer, score many (every name also importable from ``fincalc``).

**Judging one answer** (the ``_judging`` stage): ``check_answer`` reads an
answer text and decides whether it states the expected value
(``AnswerCheck``, within a ``Tolerance``); ``check_quantities`` does the same
for amounts already read; ``is_refusal`` and ``default_refusal_phrases``
recognise a refusal, ``citation_format_ok`` checks a citation's format, and
``unsupported_numbers`` lists the figures of an answer its documents do not
support.

**Scoring many** (the ``_scoring`` stage): ``evaluate`` scores predictions
against gold cases (``GoldCase``, ``Prediction``; ``load_gold``,
``load_predictions``, the bundled ``load_sample``) into an ``EvalReport`` of
one ``CaseResult`` per question, its ``Metrics`` (each a ``Proportion``)
under a ``ScoringProfile``; ``compare_reports`` puts runs side by side
(``ReportComparison``).  Retrieval is scored beside them: ``hit_at_k``,
``recall_at_k``, ``mrr``, ``ndcg_at_k`` and ``score_retrieval``
(``RetrievalScores``, ``RetrievalReport``).

The names are the same objects as ``fincalc.X``, and load lazily: importing
this module loads neither stage.

>>> from fincalc.evaluation import check_answer, evaluate
>>> bool(check_answer("营业收入约为 1476.94 亿元", "147693604994.14", dimension="CNY"))
True
>>> gold = [{"qid": "q1", "answer": "$303 million"}]
>>> report = evaluate([{"qid": "q1", "text": "Capex was $302.6 million."}], gold)
>>> str(report.numeric_accuracy)
'100.0% (1/1)'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._judging.answers import check_answer, check_quantities
    from ._judging.citations import citation_format_ok
    from ._judging.faithfulness import unsupported_numbers
    from ._judging.matching import AnswerCheck
    from ._judging.refusals import default_refusal_phrases, is_refusal
    from ._judging.tolerance import Tolerance
    from ._scoring.aggregates import Metrics, Proportion
    from ._scoring.cases import CaseResult
    from ._scoring.eval_report import EvalReport, ReportComparison, compare_reports
    from ._scoring.evaluate import evaluate
    from ._scoring.inputs import (
        GoldCase,
        Prediction,
        Sample,
        load_gold,
        load_predictions,
        load_sample,
    )
    from ._scoring.profiles import ScoringProfile
    from ._scoring.retrieval import (
        RetrievalReport,
        RetrievalScores,
        hit_at_k,
        mrr,
        ndcg_at_k,
        recall_at_k,
        score_retrieval,
    )

# public name -> private module that defines it (the one list of the evaluation names:
# ``fincalc`` exports each of them through this module)
_EXPORTS: dict[str, str] = {
    # judging one answer
    "AnswerCheck": "_judging.matching",
    "Tolerance": "_judging.tolerance",
    "check_answer": "_judging.answers",
    "check_quantities": "_judging.answers",
    "citation_format_ok": "_judging.citations",
    "default_refusal_phrases": "_judging.refusals",
    "is_refusal": "_judging.refusals",
    "unsupported_numbers": "_judging.faithfulness",
    # scoring many
    "CaseResult": "_scoring.cases",
    "EvalReport": "_scoring.eval_report",
    "GoldCase": "_scoring.inputs",
    "Metrics": "_scoring.aggregates",
    "Prediction": "_scoring.inputs",
    "Proportion": "_scoring.aggregates",
    "ReportComparison": "_scoring.eval_report",
    "Sample": "_scoring.inputs",
    "ScoringProfile": "_scoring.profiles",
    "compare_reports": "_scoring.eval_report",
    "evaluate": "_scoring.evaluate",
    "load_gold": "_scoring.inputs",
    "load_predictions": "_scoring.inputs",
    "load_sample": "_scoring.inputs",
    # retrieval, scored beside the answers
    "RetrievalReport": "_scoring.retrieval",
    "RetrievalScores": "_scoring.retrieval",
    "hit_at_k": "_scoring.retrieval",
    "mrr": "_scoring.retrieval",
    "ndcg_at_k": "_scoring.retrieval",
    "recall_at_k": "_scoring.retrieval",
    "score_retrieval": "_scoring.retrieval",
}

__all__ = [
    "AnswerCheck",
    "CaseResult",
    "EvalReport",
    "GoldCase",
    "Metrics",
    "Prediction",
    "Proportion",
    "ReportComparison",
    "RetrievalReport",
    "RetrievalScores",
    "Sample",
    "ScoringProfile",
    "Tolerance",
    "check_answer",
    "check_quantities",
    "citation_format_ok",
    "compare_reports",
    "default_refusal_phrases",
    "evaluate",
    "hit_at_k",
    "is_refusal",
    "load_gold",
    "load_predictions",
    "load_sample",
    "mrr",
    "ndcg_at_k",
    "recall_at_k",
    "score_retrieval",
    "unsupported_numbers",
]


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'fincalc.evaluation' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"fincalc.{module_name}"), name)
    globals()[name] = value  # later look-ups skip this hook
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

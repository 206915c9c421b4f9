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

import fincalc

if TYPE_CHECKING:
    from ._judging.answers import check_answer as check_answer
    from ._judging.answers import check_quantities as check_quantities
    from ._judging.citations import citation_format_ok as citation_format_ok
    from ._judging.faithfulness import unsupported_numbers as unsupported_numbers
    from ._judging.matching import AnswerCheck as AnswerCheck
    from ._judging.refusals import default_refusal_phrases as default_refusal_phrases
    from ._judging.refusals import is_refusal as is_refusal
    from ._judging.tolerance import Tolerance as Tolerance
    from ._scoring.aggregates import Metrics as Metrics
    from ._scoring.aggregates import Proportion as Proportion
    from ._scoring.cases import CaseResult as CaseResult
    from ._scoring.eval_report import EvalReport as EvalReport
    from ._scoring.eval_report import ReportComparison as ReportComparison
    from ._scoring.eval_report import compare_reports as compare_reports
    from ._scoring.evaluate import evaluate as evaluate
    from ._scoring.inputs import GoldCase as GoldCase
    from ._scoring.inputs import Prediction as Prediction
    from ._scoring.inputs import Sample as Sample
    from ._scoring.inputs import load_gold as load_gold
    from ._scoring.inputs import load_predictions as load_predictions
    from ._scoring.inputs import load_sample as load_sample
    from ._scoring.profiles import ScoringProfile as ScoringProfile
    from ._scoring.retrieval import RetrievalReport as RetrievalReport
    from ._scoring.retrieval import RetrievalScores as RetrievalScores
    from ._scoring.retrieval import hit_at_k as hit_at_k
    from ._scoring.retrieval import mrr as mrr
    from ._scoring.retrieval import ndcg_at_k as ndcg_at_k
    from ._scoring.retrieval import recall_at_k as recall_at_k
    from ._scoring.retrieval import score_retrieval as score_retrieval

# The evaluation names: those of the package's one table of public names
# (``fincalc._EXPORTS``, public name -> private module) that the judging and
# scoring stages define.  Read from it here, so the names are listed once and
# ``import fincalc`` does not load this module.
_EXPORTS: dict[str, str] = {
    name: module
    for name, module in fincalc._EXPORTS.items()
    if module.startswith(("_judging.", "_scoring."))
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'fincalc.evaluation' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"fincalc.{module_name}"), name)
    globals()[name] = value  # later look-ups skip this hook
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

"""fincalc: deterministic, caliber-checked arithmetic for financial question answering.

The model points (a verbatim quote and what the number means); fincalc
locates the quote, parses the amount into base units, checks that calibers
are compatible, computes exactly, rounds once, and records an audit trail.

Public names are imported lazily so that ``import fincalc`` stays cheap;
everything listed in ``__all__`` is importable from here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._values import errors as _errors
from ._version import __version__

if TYPE_CHECKING:
    from ._computing.audit import Computation
    from ._computing.formulas import Term
    from ._computing.ops import add, cagr, pp_change, qoq, ratio, share, sub, yoy
    from ._computing.ops_changes import (
        flow_from_balances,
        growth_from_change,
        level_from_change,
        multiple_of,
        prior_level,
    )
    from ._computing.ops_derived import abs_, average, base_from_growth, change_over, negate, scale
    from ._computing.ops_formulas import combine, formula
    from ._computing.render import render
    from ._computing.rounding import Rounding
    from ._computing.spec import Formula, FormulaTerm
    from ._computing.verify import verify
    from ._grounding.claims import Claim, claim_json_schema
    from ._grounding.documents import Document, UnitDeclaration
    from ._grounding.html import TaggedValue
    from ._grounding.resolve import Resolution, UnresolvedClaim, resolve, resolve_all
    from ._judging.answers import check_answer, check_quantities
    from ._judging.citations import citation_format_ok
    from ._judging.faithfulness import unsupported_numbers
    from ._judging.matching import AnswerCheck
    from ._judging.refusals import default_refusal_phrases, is_refusal
    from ._judging.tolerance import Tolerance
    from ._locating.locate import Span, locate
    from ._reading.parse import extract_quantities, parse_quantity
    from ._reading.units import UnitContext, UnitTable, unit_context_from_header
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
    from ._values.caliber import Basis, Caliber, Role, Tax
    from ._values.errors import *  # noqa: F403  (the error names: _values/errors.py __all__)
    from ._values.facts import Conflict, Evidence, Fact, find_conflicts
    from ._values.period import FiscalCalendar, ParsedPeriod, Period, parse_period
    from ._values.quantity import Quantity

# public name -> private module that defines it
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(_errors.__all__, "_values.errors"),
    "AnswerCheck": "_judging.matching",
    "Basis": "_values.caliber",
    "Caliber": "_values.caliber",
    "CaseResult": "_scoring.cases",
    "Claim": "_grounding.claims",
    "Computation": "_computing.audit",
    "Conflict": "_values.facts",
    "Document": "_grounding.documents",
    "EvalReport": "_scoring.eval_report",
    "Evidence": "_values.facts",
    "Fact": "_values.facts",
    "FiscalCalendar": "_values.period",
    "Formula": "_computing.spec",
    "FormulaTerm": "_computing.spec",
    "GoldCase": "_scoring.inputs",
    "Metrics": "_scoring.aggregates",
    "ParsedPeriod": "_values.period",
    "Period": "_values.period",
    "Prediction": "_scoring.inputs",
    "Proportion": "_scoring.aggregates",
    "Quantity": "_values.quantity",
    "ReportComparison": "_scoring.eval_report",
    "Resolution": "_grounding.resolve",
    "RetrievalReport": "_scoring.retrieval",
    "RetrievalScores": "_scoring.retrieval",
    "Role": "_values.caliber",
    "Rounding": "_computing.rounding",
    "Sample": "_scoring.inputs",
    "ScoringProfile": "_scoring.profiles",
    "Span": "_locating.locate",
    "TaggedValue": "_grounding.html",
    "Tax": "_values.caliber",
    "Term": "_computing.formulas",
    "Tolerance": "_judging.tolerance",
    "UnitContext": "_reading.units",
    "UnitDeclaration": "_grounding.documents",
    "UnitTable": "_reading.units",
    "UnresolvedClaim": "_grounding.resolve",
    "abs_": "_computing.ops_derived",
    "add": "_computing.ops",
    "average": "_computing.ops_derived",
    "base_from_growth": "_computing.ops_derived",
    "cagr": "_computing.ops",
    "change_over": "_computing.ops_derived",
    "check_answer": "_judging.answers",
    "check_quantities": "_judging.answers",
    "citation_format_ok": "_judging.citations",
    "claim_json_schema": "_grounding.claims",
    "combine": "_computing.ops_formulas",
    "compare_reports": "_scoring.eval_report",
    "default_refusal_phrases": "_judging.refusals",
    "evaluate": "_scoring.evaluate",
    "extract_quantities": "_reading.parse",
    "find_conflicts": "_values.facts",
    "flow_from_balances": "_computing.ops_changes",
    "formula": "_computing.ops_formulas",
    "growth_from_change": "_computing.ops_changes",
    "hit_at_k": "_scoring.retrieval",
    "is_refusal": "_judging.refusals",
    "level_from_change": "_computing.ops_changes",
    "load_gold": "_scoring.inputs",
    "load_predictions": "_scoring.inputs",
    "load_sample": "_scoring.inputs",
    "locate": "_locating.locate",
    "mrr": "_scoring.retrieval",
    "multiple_of": "_computing.ops_changes",
    "ndcg_at_k": "_scoring.retrieval",
    "negate": "_computing.ops_derived",
    "parse_period": "_values.period",
    "parse_quantity": "_reading.parse",
    "pp_change": "_computing.ops",
    "prior_level": "_computing.ops_changes",
    "qoq": "_computing.ops",
    "ratio": "_computing.ops",
    "recall_at_k": "_scoring.retrieval",
    "render": "_computing.render",
    "resolve": "_grounding.resolve",
    "resolve_all": "_grounding.resolve",
    "scale": "_computing.ops_derived",
    "score_retrieval": "_scoring.retrieval",
    "share": "_computing.ops",
    "sub": "_computing.ops",
    "unit_context_from_header": "_reading.units",
    "unsupported_numbers": "_judging.faithfulness",
    "verify": "_computing.verify",
    "yoy": "_computing.ops",
}

__all__ = [
    "AnswerCheck",
    "Basis",
    "Caliber",
    "CaseResult",
    "Claim",
    "Computation",
    "Conflict",
    "Document",
    "EvalReport",
    "Evidence",
    "Fact",
    "FiscalCalendar",
    "Formula",
    "FormulaTerm",
    "GoldCase",
    "Metrics",
    "ParsedPeriod",
    "Period",
    "Prediction",
    "Proportion",
    "Quantity",
    "ReportComparison",
    "Resolution",
    "RetrievalReport",
    "RetrievalScores",
    "Role",
    "Rounding",
    "Sample",
    "ScoringProfile",
    "Span",
    "TaggedValue",
    "Tax",
    "Term",
    "Tolerance",
    "UnitContext",
    "UnitDeclaration",
    "UnitTable",
    "UnresolvedClaim",
    "__version__",
    "abs_",
    "add",
    "average",
    "base_from_growth",
    "cagr",
    "change_over",
    "check_answer",
    "check_quantities",
    "citation_format_ok",
    "claim_json_schema",
    "combine",
    "compare_reports",
    "default_refusal_phrases",
    "evaluate",
    "extract_quantities",
    "find_conflicts",
    "flow_from_balances",
    "formula",
    "growth_from_change",
    "hit_at_k",
    "is_refusal",
    "level_from_change",
    "load_gold",
    "load_predictions",
    "load_sample",
    "locate",
    "mrr",
    "multiple_of",
    "ndcg_at_k",
    "negate",
    "parse_period",
    "parse_quantity",
    "pp_change",
    "prior_level",
    "qoq",
    "ratio",
    "recall_at_k",
    "render",
    "resolve",
    "resolve_all",
    "scale",
    "score_retrieval",
    "share",
    "sub",
    "unit_context_from_header",
    "unsupported_numbers",
    "verify",
    "yoy",
]
__all__ += _errors.__all__  # the error names, listed once in _values/errors.py
__all__.sort()


def __getattr__(name: str) -> Any:
    if name == "evaluation":  # the namespace, loaded on first use as the names are
        return importlib.import_module(".evaluation", __name__)
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'fincalc' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module_name}", __name__), name)
    globals()[name] = value  # later look-ups skip this hook
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

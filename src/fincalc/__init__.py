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
    from ._computing.audit_verify import verify
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
    from ._evaluating.answers import check_answer, check_quantities
    from ._evaluating.cases import CaseResult
    from ._evaluating.citations import citation_format_ok
    from ._evaluating.evaluate import evaluate
    from ._evaluating.faithfulness import unsupported_numbers
    from ._evaluating.matching import AnswerCheck
    from ._evaluating.metrics import Metrics, Proportion
    from ._evaluating.profiles import ScoringProfile
    from ._evaluating.records import (
        GoldCase,
        Prediction,
        Sample,
        load_gold,
        load_predictions,
        load_sample,
    )
    from ._evaluating.refusals import default_refusal_phrases, is_refusal
    from ._evaluating.report import EvalReport, ReportComparison, compare_reports
    from ._evaluating.retrieval import (
        RetrievalReport,
        RetrievalScores,
        hit_at_k,
        mrr,
        ndcg_at_k,
        recall_at_k,
        score_retrieval,
    )
    from ._evaluating.tolerance import Tolerance
    from ._grounding.claims import Claim, claim_json_schema
    from ._grounding.documents import Document, UnitDeclaration
    from ._grounding.html import TaggedValue
    from ._grounding.resolve import Resolution, UnresolvedClaim, resolve, resolve_all
    from ._locating.locate import Span, locate
    from ._reading.parse import extract_quantities, parse_quantity
    from ._reading.units import UnitContext, UnitTable, unit_context_from_header
    from ._values.caliber import Basis, Caliber, Role, Tax
    from ._values.errors import *  # noqa: F403  (the error names: _values/errors.py __all__)
    from ._values.facts import Conflict, Evidence, Fact, find_conflicts
    from ._values.period import FiscalCalendar, ParsedPeriod, Period, parse_period
    from ._values.quantity import Quantity

# public name -> private module that defines it
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(_errors.__all__, "_values.errors"),
    "AnswerCheck": "_evaluating.matching",
    "Basis": "_values.caliber",
    "Caliber": "_values.caliber",
    "CaseResult": "_evaluating.cases",
    "Claim": "_grounding.claims",
    "Computation": "_computing.audit",
    "Conflict": "_values.facts",
    "Document": "_grounding.documents",
    "EvalReport": "_evaluating.report",
    "Evidence": "_values.facts",
    "Fact": "_values.facts",
    "FiscalCalendar": "_values.period",
    "Formula": "_computing.spec",
    "FormulaTerm": "_computing.spec",
    "GoldCase": "_evaluating.records",
    "Metrics": "_evaluating.metrics",
    "ParsedPeriod": "_values.period",
    "Period": "_values.period",
    "Prediction": "_evaluating.records",
    "Proportion": "_evaluating.metrics",
    "Quantity": "_values.quantity",
    "ReportComparison": "_evaluating.report",
    "Resolution": "_grounding.resolve",
    "RetrievalReport": "_evaluating.retrieval",
    "RetrievalScores": "_evaluating.retrieval",
    "Role": "_values.caliber",
    "Rounding": "_computing.rounding",
    "Sample": "_evaluating.records",
    "ScoringProfile": "_evaluating.profiles",
    "Span": "_locating.locate",
    "TaggedValue": "_grounding.html",
    "Tax": "_values.caliber",
    "Term": "_computing.formulas",
    "Tolerance": "_evaluating.tolerance",
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
    "check_answer": "_evaluating.answers",
    "check_quantities": "_evaluating.answers",
    "citation_format_ok": "_evaluating.citations",
    "claim_json_schema": "_grounding.claims",
    "combine": "_computing.ops_formulas",
    "compare_reports": "_evaluating.report",
    "default_refusal_phrases": "_evaluating.refusals",
    "evaluate": "_evaluating.evaluate",
    "extract_quantities": "_reading.parse",
    "find_conflicts": "_values.facts",
    "flow_from_balances": "_computing.ops_changes",
    "formula": "_computing.ops_formulas",
    "growth_from_change": "_computing.ops_changes",
    "hit_at_k": "_evaluating.retrieval",
    "is_refusal": "_evaluating.refusals",
    "level_from_change": "_computing.ops_changes",
    "load_gold": "_evaluating.records",
    "load_predictions": "_evaluating.records",
    "load_sample": "_evaluating.records",
    "locate": "_locating.locate",
    "mrr": "_evaluating.retrieval",
    "multiple_of": "_computing.ops_changes",
    "ndcg_at_k": "_evaluating.retrieval",
    "negate": "_computing.ops_derived",
    "parse_period": "_values.period",
    "parse_quantity": "_reading.parse",
    "pp_change": "_computing.ops",
    "prior_level": "_computing.ops_changes",
    "qoq": "_computing.ops",
    "ratio": "_computing.ops",
    "recall_at_k": "_evaluating.retrieval",
    "render": "_computing.render",
    "resolve": "_grounding.resolve",
    "resolve_all": "_grounding.resolve",
    "scale": "_computing.ops_derived",
    "score_retrieval": "_evaluating.retrieval",
    "share": "_computing.ops",
    "sub": "_computing.ops",
    "unit_context_from_header": "_reading.units",
    "unsupported_numbers": "_evaluating.faithfulness",
    "verify": "_computing.audit_verify",
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
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'fincalc' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module_name}", __name__), name)
    globals()[name] = value  # later look-ups skip this hook
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

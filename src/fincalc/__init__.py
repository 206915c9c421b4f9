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
    from ._computing.ops import add, cagr, pp_change, qoq, ratio, share, sub, yoy
    from ._computing.render import render
    from ._computing.rounding import Rounding
    from ._evaluating.answers import (
        AnswerCheck,
        Tolerance,
        check_answer,
        check_quantities,
        citation_format_ok,
        default_refusal_phrases,
        is_refusal,
    )
    from ._evaluating.evaluate import (
        CaseResult,
        EvalReport,
        Metrics,
        Proportion,
        ReportComparison,
        ScoringProfile,
        compare_reports,
        evaluate,
    )
    from ._evaluating.faithfulness import unsupported_numbers
    from ._evaluating.records import (
        GoldCase,
        Prediction,
        Sample,
        load_gold,
        load_predictions,
        load_sample,
    )
    from ._evaluating.retrieval import (
        RetrievalReport,
        RetrievalScores,
        hit_at_k,
        mrr,
        ndcg_at_k,
        recall_at_k,
        score_retrieval,
    )
    from ._grounding.claims import Claim, claim_json_schema
    from ._grounding.documents import Document, UnitDeclaration
    from ._grounding.resolve import Resolution, UnresolvedClaim, resolve, resolve_all
    from ._locating.locate import Span, locate
    from ._reading.parse import extract_quantities, parse_quantity
    from ._reading.units import UnitContext, UnitTable, unit_context_from_header
    from ._values.caliber import Basis, Caliber, Tax
    from ._values.errors import *  # noqa: F403  (the error names: _values/errors.py __all__)
    from ._values.facts import Conflict, Evidence, Fact, find_conflicts
    from ._values.period import FiscalCalendar, ParsedPeriod, Period, parse_period
    from ._values.quantity import Quantity

# public name -> private module that defines it
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(_errors.__all__, "_values.errors"),
    "AnswerCheck": "_evaluating.answers",
    "Basis": "_values.caliber",
    "Caliber": "_values.caliber",
    "CaseResult": "_evaluating.evaluate",
    "Claim": "_grounding.claims",
    "Computation": "_computing.audit",
    "Conflict": "_values.facts",
    "Document": "_grounding.documents",
    "EvalReport": "_evaluating.evaluate",
    "Evidence": "_values.facts",
    "Fact": "_values.facts",
    "FiscalCalendar": "_values.period",
    "GoldCase": "_evaluating.records",
    "Metrics": "_evaluating.evaluate",
    "ParsedPeriod": "_values.period",
    "Period": "_values.period",
    "Prediction": "_evaluating.records",
    "Proportion": "_evaluating.evaluate",
    "Quantity": "_values.quantity",
    "ReportComparison": "_evaluating.evaluate",
    "Resolution": "_grounding.resolve",
    "RetrievalReport": "_evaluating.retrieval",
    "RetrievalScores": "_evaluating.retrieval",
    "Rounding": "_computing.rounding",
    "Sample": "_evaluating.records",
    "ScoringProfile": "_evaluating.evaluate",
    "Span": "_locating.locate",
    "Tax": "_values.caliber",
    "Tolerance": "_evaluating.answers",
    "UnitContext": "_reading.units",
    "UnitDeclaration": "_grounding.documents",
    "UnitTable": "_reading.units",
    "UnresolvedClaim": "_grounding.resolve",
    "add": "_computing.ops",
    "cagr": "_computing.ops",
    "check_answer": "_evaluating.answers",
    "check_quantities": "_evaluating.answers",
    "citation_format_ok": "_evaluating.answers",
    "claim_json_schema": "_grounding.claims",
    "compare_reports": "_evaluating.evaluate",
    "default_refusal_phrases": "_evaluating.answers",
    "evaluate": "_evaluating.evaluate",
    "extract_quantities": "_reading.parse",
    "find_conflicts": "_values.facts",
    "hit_at_k": "_evaluating.retrieval",
    "is_refusal": "_evaluating.answers",
    "load_gold": "_evaluating.records",
    "load_predictions": "_evaluating.records",
    "load_sample": "_evaluating.records",
    "locate": "_locating.locate",
    "mrr": "_evaluating.retrieval",
    "ndcg_at_k": "_evaluating.retrieval",
    "parse_period": "_values.period",
    "parse_quantity": "_reading.parse",
    "pp_change": "_computing.ops",
    "qoq": "_computing.ops",
    "ratio": "_computing.ops",
    "recall_at_k": "_evaluating.retrieval",
    "render": "_computing.render",
    "resolve": "_grounding.resolve",
    "resolve_all": "_grounding.resolve",
    "score_retrieval": "_evaluating.retrieval",
    "share": "_computing.ops",
    "sub": "_computing.ops",
    "unit_context_from_header": "_reading.units",
    "unsupported_numbers": "_evaluating.faithfulness",
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
    "Rounding",
    "Sample",
    "ScoringProfile",
    "Span",
    "Tax",
    "Tolerance",
    "UnitContext",
    "UnitDeclaration",
    "UnitTable",
    "UnresolvedClaim",
    "__version__",
    "add",
    "cagr",
    "check_answer",
    "check_quantities",
    "citation_format_ok",
    "claim_json_schema",
    "compare_reports",
    "default_refusal_phrases",
    "evaluate",
    "extract_quantities",
    "find_conflicts",
    "hit_at_k",
    "is_refusal",
    "load_gold",
    "load_predictions",
    "load_sample",
    "locate",
    "mrr",
    "ndcg_at_k",
    "parse_period",
    "parse_quantity",
    "pp_change",
    "qoq",
    "ratio",
    "recall_at_k",
    "render",
    "resolve",
    "resolve_all",
    "score_retrieval",
    "share",
    "sub",
    "unit_context_from_header",
    "unsupported_numbers",
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

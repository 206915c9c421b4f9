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

from ._version import __version__

if TYPE_CHECKING:
    from ._answers import (
        AnswerCheck,
        Tolerance,
        check_answer,
        check_quantities,
        citation_format_ok,
        default_refusal_phrases,
        is_refusal,
    )
    from ._audit import Computation, Conflict, Rounding, find_conflicts
    from ._caliber import Basis, Caliber, Tax
    from ._errors import (
        AmbiguousQuantityError,
        AmbiguousQuoteError,
        CaliberConflictError,
        CaliberMismatchError,
        DimensionMismatchError,
        DuplicateFactError,
        FincalcError,
        InvalidInputError,
        InvalidQuoteError,
        InvalidRecordError,
        MissingUnitError,
        ParseError,
        PeriodError,
        QuoteNotFoundError,
        ReplayMismatchError,
        UndefinedGrowthError,
        UnitTableError,
        UnknownEvidenceError,
        UnknownUnitError,
    )
    from ._evaluate import (
        CaseResult,
        EvalReport,
        Metrics,
        Ratio,
        ReportComparison,
        ScoringProfile,
        compare_reports,
        evaluate,
    )
    from ._facts import Evidence, Fact
    from ._faithfulness import unsupported_numbers
    from ._grounding import (
        Claim,
        Document,
        Refusal,
        Resolution,
        UnitDeclaration,
        claim_json_schema,
        resolve,
        resolve_all,
    )
    from ._locate import Span, locate
    from ._ops import add, cagr, pp_change, qoq, ratio, share, sub, yoy
    from ._parse import extract_quantities, parse_quantity, unit_context_from_header
    from ._period import FiscalCalendar, ParsedPeriod, Period, parse_period
    from ._quantity import Quantity
    from ._records import GoldCase, Prediction, Sample, load_gold, load_predictions, load_sample
    from ._render import render
    from ._retrieval import (
        RetrievalReport,
        RetrievalScores,
        hit_at_k,
        mrr,
        ndcg_at_k,
        recall_at_k,
        score_retrieval,
    )
    from ._units import UnitContext, UnitTable

# public name -> private module that defines it
_EXPORTS: dict[str, str] = {
    "AmbiguousQuantityError": "_errors",
    "AmbiguousQuoteError": "_errors",
    "AnswerCheck": "_answers",
    "Basis": "_caliber",
    "Caliber": "_caliber",
    "CaliberConflictError": "_errors",
    "CaliberMismatchError": "_errors",
    "CaseResult": "_evaluate",
    "Claim": "_grounding",
    "Computation": "_audit",
    "Conflict": "_audit",
    "DimensionMismatchError": "_errors",
    "Document": "_grounding",
    "DuplicateFactError": "_errors",
    "EvalReport": "_evaluate",
    "Evidence": "_facts",
    "Fact": "_facts",
    "FincalcError": "_errors",
    "FiscalCalendar": "_period",
    "GoldCase": "_records",
    "InvalidInputError": "_errors",
    "InvalidQuoteError": "_errors",
    "InvalidRecordError": "_errors",
    "Metrics": "_evaluate",
    "MissingUnitError": "_errors",
    "ParseError": "_errors",
    "ParsedPeriod": "_period",
    "Period": "_period",
    "PeriodError": "_errors",
    "Prediction": "_records",
    "Quantity": "_quantity",
    "QuoteNotFoundError": "_errors",
    "Ratio": "_evaluate",
    "Refusal": "_grounding",
    "ReplayMismatchError": "_errors",
    "ReportComparison": "_evaluate",
    "Resolution": "_grounding",
    "RetrievalReport": "_retrieval",
    "RetrievalScores": "_retrieval",
    "Rounding": "_audit",
    "Sample": "_records",
    "ScoringProfile": "_evaluate",
    "Span": "_locate",
    "Tax": "_caliber",
    "Tolerance": "_answers",
    "UndefinedGrowthError": "_errors",
    "UnitContext": "_units",
    "UnitDeclaration": "_grounding",
    "UnitTable": "_units",
    "UnitTableError": "_errors",
    "UnknownEvidenceError": "_errors",
    "UnknownUnitError": "_errors",
    "add": "_ops",
    "cagr": "_ops",
    "check_answer": "_answers",
    "check_quantities": "_answers",
    "citation_format_ok": "_answers",
    "claim_json_schema": "_grounding",
    "compare_reports": "_evaluate",
    "default_refusal_phrases": "_answers",
    "evaluate": "_evaluate",
    "extract_quantities": "_parse",
    "find_conflicts": "_audit",
    "hit_at_k": "_retrieval",
    "is_refusal": "_answers",
    "load_gold": "_records",
    "load_predictions": "_records",
    "load_sample": "_records",
    "locate": "_locate",
    "mrr": "_retrieval",
    "ndcg_at_k": "_retrieval",
    "parse_period": "_period",
    "parse_quantity": "_parse",
    "pp_change": "_ops",
    "qoq": "_ops",
    "ratio": "_ops",
    "recall_at_k": "_retrieval",
    "render": "_render",
    "resolve": "_grounding",
    "resolve_all": "_grounding",
    "score_retrieval": "_retrieval",
    "share": "_ops",
    "sub": "_ops",
    "unit_context_from_header": "_parse",
    "unsupported_numbers": "_faithfulness",
    "yoy": "_ops",
}

__all__ = [
    "AmbiguousQuantityError",
    "AmbiguousQuoteError",
    "AnswerCheck",
    "Basis",
    "Caliber",
    "CaliberConflictError",
    "CaliberMismatchError",
    "CaseResult",
    "Claim",
    "Computation",
    "Conflict",
    "DimensionMismatchError",
    "Document",
    "DuplicateFactError",
    "EvalReport",
    "Evidence",
    "Fact",
    "FincalcError",
    "FiscalCalendar",
    "GoldCase",
    "InvalidInputError",
    "InvalidQuoteError",
    "InvalidRecordError",
    "Metrics",
    "MissingUnitError",
    "ParseError",
    "ParsedPeriod",
    "Period",
    "PeriodError",
    "Prediction",
    "Quantity",
    "QuoteNotFoundError",
    "Ratio",
    "Refusal",
    "ReplayMismatchError",
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
    "UndefinedGrowthError",
    "UnitContext",
    "UnitDeclaration",
    "UnitTable",
    "UnitTableError",
    "UnknownEvidenceError",
    "UnknownUnitError",
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


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'fincalc' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module_name}", __name__), name)
    globals()[name] = value  # later look-ups skip this hook
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

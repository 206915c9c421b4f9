"""fincalc: deterministic, caliber-checked arithmetic for financial question answering.

The model points (a verbatim quote and what the number means); fincalc
locates the quote, parses the amount into base units, checks that calibers
are compatible, computes exactly, rounds once, and records an audit trail.

Public names are imported lazily so that ``import fincalc`` stays cheap;
everything listed in ``__all__`` is importable from here.  Adding a public
name is two lines: its entry in ``_EXPORTS`` and its re-export for type
checkers (``from .stage.module import X as X``); a test holds them equal.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._base import exceptions as _errors
from ._version import __version__ as __version__

if TYPE_CHECKING:
    from ._base.exceptions import *  # noqa: F403  (the error names: _base/exceptions.py __all__)
    from ._computing.audit import Computation as Computation
    from ._computing.audit_verify import verify as verify
    from ._computing.formulas import Term as Term
    from ._computing.ops import add as add
    from ._computing.ops import cagr as cagr
    from ._computing.ops import pp_change as pp_change
    from ._computing.ops import qoq as qoq
    from ._computing.ops import ratio as ratio
    from ._computing.ops import share as share
    from ._computing.ops import sub as sub
    from ._computing.ops import yoy as yoy
    from ._computing.ops_changes import flow_from_balances as flow_from_balances
    from ._computing.ops_changes import growth_from_change as growth_from_change
    from ._computing.ops_changes import level_from_change as level_from_change
    from ._computing.ops_changes import multiple_of as multiple_of
    from ._computing.ops_changes import prior_level as prior_level
    from ._computing.ops_derived import abs_ as abs_
    from ._computing.ops_derived import average as average
    from ._computing.ops_derived import base_from_growth as base_from_growth
    from ._computing.ops_derived import change_over as change_over
    from ._computing.ops_derived import negate as negate
    from ._computing.ops_derived import scale as scale
    from ._computing.ops_formulas import combine as combine
    from ._computing.ops_formulas import formula as formula
    from ._computing.render import render as render
    from ._computing.rounding import Rounding as Rounding
    from ._computing.spec import Formula as Formula
    from ._computing.spec import FormulaTerm as FormulaTerm
    from ._grounding.claims import Claim as Claim
    from ._grounding.claims import claim_json_schema as claim_json_schema
    from ._grounding.documents import Document as Document
    from ._grounding.documents import UnitDeclaration as UnitDeclaration
    from ._grounding.html import TaggedValue as TaggedValue
    from ._grounding.resolve import Resolution as Resolution
    from ._grounding.resolve import UnresolvedClaim as UnresolvedClaim
    from ._grounding.resolve import resolve as resolve
    from ._grounding.resolve import resolve_all as resolve_all
    from ._judging.answers import check_answer as check_answer
    from ._judging.answers import check_quantities as check_quantities
    from ._judging.citations import citation_format_ok as citation_format_ok
    from ._judging.faithfulness import unsupported_numbers as unsupported_numbers
    from ._judging.matching import AnswerCheck as AnswerCheck
    from ._judging.refusals import default_refusal_phrases as default_refusal_phrases
    from ._judging.refusals import is_refusal as is_refusal
    from ._judging.tolerance import Tolerance as Tolerance
    from ._locating.locate import Span as Span
    from ._locating.locate import locate as locate
    from ._reading.parse import extract_quantities as extract_quantities
    from ._reading.parse import parse_quantity as parse_quantity
    from ._reading.units import UnitContext as UnitContext
    from ._reading.units import UnitTable as UnitTable
    from ._reading.units import unit_context_from_header as unit_context_from_header
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
    from ._values.caliber import Basis as Basis
    from ._values.caliber import Caliber as Caliber
    from ._values.caliber import Role as Role
    from ._values.caliber import Tax as Tax
    from ._values.facts import Conflict as Conflict
    from ._values.facts import Evidence as Evidence
    from ._values.facts import Fact as Fact
    from ._values.facts import find_conflicts as find_conflicts
    from ._values.period import FiscalCalendar as FiscalCalendar
    from ._values.period import ParsedPeriod as ParsedPeriod
    from ._values.period import Period as Period
    from ._values.period import parse_period as parse_period
    from ._values.quantity import Quantity as Quantity

# The one list of public names: public name -> private module that defines it.
# ``__all__``, the lazy loader below and the API reference (docs/api_hook.py)
# derive from it; the TYPE_CHECKING re-exports above say the same to type
# checkers, which cannot run it (tests/test_public_api.py holds them equal).
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(_errors.__all__, "_base.exceptions"),
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
    "verify": "_computing.audit_verify",
    "yoy": "_computing.ops",
}

if not TYPE_CHECKING:  # type checkers read the re-exports above (``X as X``) instead
    __all__ = sorted([*_EXPORTS, "__version__"])


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
    return sorted(set(globals()) | {*_EXPORTS, "__version__"})

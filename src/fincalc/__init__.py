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
    from ._computing.verify import verify as verify
    from ._evaluating.answers import check_answer as check_answer
    from ._evaluating.answers import check_quantities as check_quantities
    from ._evaluating.cases import CaseResult as CaseResult
    from ._evaluating.citations import citation_format_ok as citation_format_ok
    from ._evaluating.evaluate import evaluate as evaluate
    from ._evaluating.faithfulness import unsupported_numbers as unsupported_numbers
    from ._evaluating.matching import AnswerCheck as AnswerCheck
    from ._evaluating.metrics import Metrics as Metrics
    from ._evaluating.metrics import Proportion as Proportion
    from ._evaluating.profiles import ScoringProfile as ScoringProfile
    from ._evaluating.records import GoldCase as GoldCase
    from ._evaluating.records import Prediction as Prediction
    from ._evaluating.records import Sample as Sample
    from ._evaluating.records import load_gold as load_gold
    from ._evaluating.records import load_predictions as load_predictions
    from ._evaluating.records import load_sample as load_sample
    from ._evaluating.refusals import default_refusal_phrases as default_refusal_phrases
    from ._evaluating.refusals import is_refusal as is_refusal
    from ._evaluating.report import EvalReport as EvalReport
    from ._evaluating.report import ReportComparison as ReportComparison
    from ._evaluating.report import compare_reports as compare_reports
    from ._evaluating.retrieval import RetrievalReport as RetrievalReport
    from ._evaluating.retrieval import RetrievalScores as RetrievalScores
    from ._evaluating.retrieval import hit_at_k as hit_at_k
    from ._evaluating.retrieval import mrr as mrr
    from ._evaluating.retrieval import ndcg_at_k as ndcg_at_k
    from ._evaluating.retrieval import recall_at_k as recall_at_k
    from ._evaluating.retrieval import score_retrieval as score_retrieval
    from ._evaluating.tolerance import Tolerance as Tolerance
    from ._grounding.claims import Claim as Claim
    from ._grounding.claims import claim_json_schema as claim_json_schema
    from ._grounding.documents import Document as Document
    from ._grounding.documents import UnitDeclaration as UnitDeclaration
    from ._grounding.html import TaggedValue as TaggedValue
    from ._grounding.resolve import Resolution as Resolution
    from ._grounding.resolve import UnresolvedClaim as UnresolvedClaim
    from ._grounding.resolve import resolve as resolve
    from ._grounding.resolve import resolve_all as resolve_all
    from ._locating.locate import Span as Span
    from ._locating.locate import locate as locate
    from ._reading.parse import extract_quantities as extract_quantities
    from ._reading.parse import parse_quantity as parse_quantity
    from ._reading.units import UnitContext as UnitContext
    from ._reading.units import UnitTable as UnitTable
    from ._reading.units import unit_context_from_header as unit_context_from_header
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
    "verify": "_computing.verify",
    "yoy": "_computing.ops",
}

if not TYPE_CHECKING:  # type checkers read the re-exports above (``X as X``) instead
    __all__ = sorted([*_EXPORTS, "__version__"])


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'fincalc' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module_name}", __name__), name)
    globals()[name] = value  # later look-ups skip this hook
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | {*_EXPORTS, "__version__"})

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

from . import evaluation as _evaluation
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
    from ._locating.locate import Span, locate
    from ._reading.parse import extract_quantities, parse_quantity
    from ._reading.units import UnitContext, UnitTable, unit_context_from_header
    from ._values.caliber import Basis, Caliber, Role, Tax
    from ._values.errors import *  # noqa: F403  (the error names: _values/errors.py __all__)
    from ._values.facts import Conflict, Evidence, Fact, find_conflicts
    from ._values.period import FiscalCalendar, ParsedPeriod, Period, parse_period
    from ._values.quantity import Quantity
    from .evaluation import *  # noqa: F403  (the evaluation names: evaluation.py __all__)

# public name -> the module that serves it: the private one that defines it, or
# ``evaluation`` (which holds the evaluation names and loads them lazily itself)
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(_errors.__all__, "_values.errors"),
    **dict.fromkeys(_evaluation.__all__, "evaluation"),  # listed once, in evaluation.py
    "Basis": "_values.caliber",
    "Caliber": "_values.caliber",
    "Claim": "_grounding.claims",
    "Computation": "_computing.audit",
    "Conflict": "_values.facts",
    "Document": "_grounding.documents",
    "Evidence": "_values.facts",
    "Fact": "_values.facts",
    "FiscalCalendar": "_values.period",
    "Formula": "_computing.spec",
    "FormulaTerm": "_computing.spec",
    "ParsedPeriod": "_values.period",
    "Period": "_values.period",
    "Quantity": "_values.quantity",
    "Resolution": "_grounding.resolve",
    "Role": "_values.caliber",
    "Rounding": "_computing.rounding",
    "Span": "_locating.locate",
    "TaggedValue": "_grounding.html",
    "Tax": "_values.caliber",
    "Term": "_computing.formulas",
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
    "claim_json_schema": "_grounding.claims",
    "combine": "_computing.ops_formulas",
    "extract_quantities": "_reading.parse",
    "find_conflicts": "_values.facts",
    "flow_from_balances": "_computing.ops_changes",
    "formula": "_computing.ops_formulas",
    "growth_from_change": "_computing.ops_changes",
    "level_from_change": "_computing.ops_changes",
    "locate": "_locating.locate",
    "multiple_of": "_computing.ops_changes",
    "negate": "_computing.ops_derived",
    "parse_period": "_values.period",
    "parse_quantity": "_reading.parse",
    "pp_change": "_computing.ops",
    "prior_level": "_computing.ops_changes",
    "qoq": "_computing.ops",
    "ratio": "_computing.ops",
    "render": "_computing.render",
    "resolve": "_grounding.resolve",
    "resolve_all": "_grounding.resolve",
    "scale": "_computing.ops_derived",
    "share": "_computing.ops",
    "sub": "_computing.ops",
    "unit_context_from_header": "_reading.units",
    "verify": "_computing.verify",
    "yoy": "_computing.ops",
}

__all__ = [
    "Basis",
    "Caliber",
    "Claim",
    "Computation",
    "Conflict",
    "Document",
    "Evidence",
    "Fact",
    "FiscalCalendar",
    "Formula",
    "FormulaTerm",
    "ParsedPeriod",
    "Period",
    "Quantity",
    "Resolution",
    "Role",
    "Rounding",
    "Span",
    "TaggedValue",
    "Tax",
    "Term",
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
    "claim_json_schema",
    "combine",
    "extract_quantities",
    "find_conflicts",
    "flow_from_balances",
    "formula",
    "growth_from_change",
    "level_from_change",
    "locate",
    "multiple_of",
    "negate",
    "parse_period",
    "parse_quantity",
    "pp_change",
    "prior_level",
    "qoq",
    "ratio",
    "render",
    "resolve",
    "resolve_all",
    "scale",
    "share",
    "sub",
    "unit_context_from_header",
    "verify",
    "yoy",
]
__all__ += _errors.__all__  # the error names, listed once in _values/errors.py
__all__ += _evaluation.__all__  # the evaluation names, listed once in evaluation.py
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

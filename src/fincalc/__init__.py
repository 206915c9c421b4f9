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
    from ._facts import Evidence, Fact
    from ._period import FiscalCalendar, ParsedPeriod, Period, parse_period
    from ._quantity import Quantity

# public name -> private module that defines it
_EXPORTS: dict[str, str] = {
    "AmbiguousQuantityError": "_errors",
    "AmbiguousQuoteError": "_errors",
    "Basis": "_caliber",
    "Caliber": "_caliber",
    "CaliberConflictError": "_errors",
    "CaliberMismatchError": "_errors",
    "DimensionMismatchError": "_errors",
    "DuplicateFactError": "_errors",
    "Evidence": "_facts",
    "Fact": "_facts",
    "FincalcError": "_errors",
    "FiscalCalendar": "_period",
    "InvalidInputError": "_errors",
    "InvalidQuoteError": "_errors",
    "InvalidRecordError": "_errors",
    "MissingUnitError": "_errors",
    "ParseError": "_errors",
    "ParsedPeriod": "_period",
    "Period": "_period",
    "PeriodError": "_errors",
    "Quantity": "_quantity",
    "QuoteNotFoundError": "_errors",
    "ReplayMismatchError": "_errors",
    "Tax": "_caliber",
    "UndefinedGrowthError": "_errors",
    "UnitTableError": "_errors",
    "UnknownEvidenceError": "_errors",
    "UnknownUnitError": "_errors",
    "parse_period": "_period",
}

__all__ = [
    "AmbiguousQuantityError",
    "AmbiguousQuoteError",
    "Basis",
    "Caliber",
    "CaliberConflictError",
    "CaliberMismatchError",
    "DimensionMismatchError",
    "DuplicateFactError",
    "Evidence",
    "Fact",
    "FincalcError",
    "FiscalCalendar",
    "InvalidInputError",
    "InvalidQuoteError",
    "InvalidRecordError",
    "MissingUnitError",
    "ParseError",
    "ParsedPeriod",
    "Period",
    "PeriodError",
    "Quantity",
    "QuoteNotFoundError",
    "ReplayMismatchError",
    "Tax",
    "UndefinedGrowthError",
    "UnitTableError",
    "UnknownEvidenceError",
    "UnknownUnitError",
    "__version__",
    "parse_period",
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

"""The public exception tree (also re-exported from ``fincalc``).

>>> from fincalc.errors import FincalcError, ParseError
>>> issubclass(ParseError, FincalcError) and issubclass(FincalcError, ValueError)
True
"""

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

__all__ = [
    "AmbiguousQuantityError",
    "AmbiguousQuoteError",
    "CaliberConflictError",
    "CaliberMismatchError",
    "DimensionMismatchError",
    "DuplicateFactError",
    "FincalcError",
    "InvalidInputError",
    "InvalidQuoteError",
    "InvalidRecordError",
    "MissingUnitError",
    "ParseError",
    "PeriodError",
    "QuoteNotFoundError",
    "ReplayMismatchError",
    "UndefinedGrowthError",
    "UnitTableError",
    "UnknownEvidenceError",
    "UnknownUnitError",
]

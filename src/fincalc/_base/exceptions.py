"""The exception tree: one root, typed leaves with structured fields.

Every exception keeps its fields as attributes (declared below on the class)
and pickles with them, because pipelines move errors between processes.
The message states what went wrong, the offending value, and how to fix it;
the raising site composes it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .public import public

__all__ = [
    "AmbiguousQuantityError",
    "AmbiguousQuoteError",
    "CaliberConflictError",
    "CaliberMismatchError",
    "DataFileError",
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
    "SignConventionError",
    "UndefinedGrowthError",
    "UnitTableError",
    "UnknownEvidenceError",
    "UnknownUnitError",
    "VerificationError",
]


def _rebuild(cls: type[FincalcError], message: str, fields: dict[str, Any]) -> FincalcError:
    return cls(message, **fields)


@public
class FincalcError(ValueError):
    """Root of every error fincalc raises.

    Subclasses declare their structured fields as class annotations; the
    constructor accepts exactly those as keyword arguments (an unknown field
    name is a programming error and raises ``TypeError``).

    >>> err = ParseError("no amount in 'abc'", text="abc", position=0)
    >>> err.text, err.position, str(err)
    ('abc', 0, "no amount in 'abc'")
    >>> isinstance(err, ValueError)
    True
    """

    _field_names: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: set[str] = set()
        for klass in cls.__mro__:
            names.update(
                name
                for name in getattr(klass, "__annotations__", {})
                if not name.startswith("_") and name != "message"
            )
        cls._field_names = frozenset(names)
        if cls.__module__ == __name__:  # our own leaves are public; a user's subclass stays theirs
            public(cls)

    message: str

    def __init__(self, message: str, /, **fields: Any) -> None:
        unknown = set(fields) - self._field_names
        if unknown:
            raise TypeError(
                f"{type(self).__name__} has no field(s) {sorted(unknown)}; "
                f"known: {sorted(self._field_names)}"
            )
        super().__init__(message)
        self.message = message
        for name in self._field_names:
            setattr(self, name, fields.get(name, getattr(type(self), name, None)))

    @property
    def fields(self) -> dict[str, Any]:
        """The structured fields, by name (sorted), for logging and JSON."""
        return {name: getattr(self, name) for name in sorted(self._field_names)}

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.message, self.fields))


class InvalidInputError(FincalcError):
    """An argument is of the wrong type, empty, or over a documented size limit."""

    argument: str | None = None
    value: Any = None
    limit: int | None = None


class DataFileError(FincalcError):
    """A data file (word list, calendar; bundled or user-supplied) is malformed or duplicated."""

    entry: str | None = None
    source: str | None = None


class UnitTableError(DataFileError):
    """A unit-table entry (bundled or user-supplied) is malformed or duplicated."""


class ParseError(FincalcError):
    """No amount (or no valid one) could be read from the text."""

    text: str | None = None
    position: int | None = None


class MissingUnitError(ParseError):
    """A bare number has no unit and no unit declaration (``UnitContext``) supplies one."""

    number: str | None = None


class UnknownUnitError(ParseError, LookupError):
    """A unit token is not in the unit table."""

    unit: str | None = None


class AmbiguousQuantityError(ParseError):
    """More than one amount remains where exactly one was asked for."""

    candidates: tuple[str, ...] = ()


class InvalidQuoteError(FincalcError):
    """The quote cannot be located as given (empty, too short, no digit)."""

    quote: str | None = None
    reason: str | None = None


class UnknownEvidenceError(FincalcError, LookupError):
    """A claim cites an evidence id that no supplied document has."""

    evidence_id: str | None = None


class QuoteNotFoundError(FincalcError, LookupError):
    """The quote is not in the document; carries the best rejected candidate."""

    quote: str | None = None
    candidate: str | None = None
    candidate_span: tuple[int, int] | None = None
    score: float | None = None
    reason: str | None = None


class AmbiguousQuoteError(FincalcError, LookupError):
    """The quote matches more than one place equally well."""

    quote: str | None = None
    offsets: tuple[int, ...] = ()
    method: str | None = None


class CaliberMismatchError(FincalcError):
    """Two facts do not mean comparable things for the requested operation."""

    operation: str | None = None
    left: Any = None
    right: Any = None
    differing: tuple[str, ...] = ()


class CaliberConflictError(FincalcError):
    """Two facts share a caliber but disagree on the value (double counting)."""

    operation: str | None = None
    caliber: Any = None
    values: tuple[str, ...] = ()


class DuplicateFactError(FincalcError):
    """The same fact (same caliber, same value) was passed twice."""

    operation: str | None = None
    caliber: Any = None


class DimensionMismatchError(FincalcError):
    """Quantities of different dimensions (e.g. CNY and USD) were combined."""

    operation: str | None = None
    left: str | None = None
    right: str | None = None


class SignConventionError(FincalcError):
    """A negative figure whose sign convention decides the answer was not declared.

    "(460.8)" under investing activities is an outflow written in brackets; a
    net loss "(1,234)" is a real negative. Where the two readings give
    different answers, the caller says which one is meant.
    """

    operation: str | None = None
    argument: str | None = None
    value: str | None = None
    raw: str | None = None


class UndefinedGrowthError(FincalcError, ArithmeticError):
    """A growth rate over a zero or negative base is undefined."""

    operation: str | None = None
    base: str | None = None


class PeriodError(FincalcError):
    """A period is invalid or its text cannot be parsed without guessing."""

    text: str | None = None


class InvalidRecordError(FincalcError):
    """A JSON/JSONL record (file, line, column, field) is malformed or over a limit."""

    source: str | None = None
    line: int | None = None
    column: int | None = None
    field: str | None = None
    reason: str | None = None
    limit: int | None = None


class VerificationError(FincalcError):
    """An audit record does not match its sources, its fingerprint or its recomputation.

    ``field`` names the first thing that differs (``"quote"``, ``"page"``,
    ``"span"``, ``"value"``, ``"unit"``, ``"raw"``, ``"result"``,
    ``"fingerprint"``, …); ``input`` is the 0-based index of the input whose
    evidence differs, with its ``evidence_id``; ``expected`` is what the record
    states and ``actual`` what the sources (or the recomputation) give.
    """

    field: str | None = None
    input: int | None = None
    evidence_id: str | None = None
    expected: str | None = None
    actual: str | None = None


class ReplayMismatchError(VerificationError):
    """Replaying a Computation did not reproduce its stored result."""

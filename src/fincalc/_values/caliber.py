"""``Caliber`` (口径): what a number means, as the key that decides what may combine."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from .bounded import check_json_text, check_no_surrogate
from .errors import InvalidInputError, InvalidRecordError
from .period_types import Basis, Period
from .public import public
from .quantity import check_dimension

if TYPE_CHECKING:
    from pydantic import TypeAdapter

__all__ = ["Basis", "Caliber", "Tax"]


@public
class Tax(StrEnum):
    """Whether an amount includes tax (含税 / 不含税), or the question does not apply.

    ``na`` never equals ``exclusive``: "not applicable" is not "tax excluded".
    """

    INCLUSIVE = "inclusive"
    EXCLUSIVE = "exclusive"
    NA = "na"

    @classmethod
    def _missing_(cls, value: object) -> None:
        allowed = ", ".join(repr(member.value) for member in cls)
        raise InvalidInputError(
            f"{cls.__name__} {str(value)[:80]!r} is not one of {allowed}",
            argument=cls.__name__.lower(),
            value=str(value)[:80],
        )


@public
@dataclass(frozen=True, slots=True)
class Caliber:
    """The meaning of a number: metric, entity, period, basis, dimension and tax.

    Two facts combine only when their calibers allow it; ``diff`` names the
    fields that differ, in declaration order.

    >>> from fincalc import Period
    >>> a = Caliber("营业收入", "华东区", Period.quarter(2025, 3), Basis.SINGLE_PERIOD, "CNY")
    >>> b = Caliber("营业收入", "华东区", Period.year_to_date(2025, 3), Basis.CUMULATIVE, "CNY")
    >>> a.diff(b)
    ('period', 'basis')
    >>> Caliber.from_json(a.to_json()) == a
    True
    """

    metric: str
    entity: str
    period: Period
    basis: Basis
    dimension: str
    tax: Tax = Tax.NA

    def __post_init__(self) -> None:
        for name in ("metric", "entity"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise InvalidInputError(
                    f"Caliber.{name} must be a non-empty string, got {value!r}",
                    argument=name,
                    value=value,
                )
            check_no_surrogate(value, f"Caliber.{name}")
        if not isinstance(self.period, Period):
            raise InvalidInputError(
                f"Caliber.period must be a Period, got {type(self.period).__name__}; "
                "use parse_period('2025Q3') or Period.quarter(2025, 3)",
                argument="period",
                value=repr(self.period),
            )
        object.__setattr__(self, "basis", _coerce_enum(Basis, self.basis, "basis"))
        object.__setattr__(self, "tax", _coerce_enum(Tax, self.tax, "tax"))
        check_dimension(self.dimension, field="Caliber.dimension")
        # instant <=> one-day period, both ways. Other pairings stay allowed: a user may
        # label a 1-2月 span cumulative although basis_of calls it a single period.
        if self.basis is Basis.INSTANT and not self.period.is_instant:
            raise InvalidInputError(
                f"Caliber.basis is 'instant' but the period {self.period} is longer than one "
                "day; use Period.instant(day) for balance-sheet figures",
                argument="basis",
                value=self.basis.value,
            )
        if self.period.is_instant and self.basis is not Basis.INSTANT:
            raise InvalidInputError(
                f"Caliber.period {self.period} is one day (a balance-sheet date) but the basis "
                f"is {self.basis.value!r}; use basis 'instant' for a figure at a date, or a "
                "longer period for a flow",
                argument="basis",
                value=self.basis.value,
            )

    def diff(self, other: Caliber) -> tuple[str, ...]:
        """Names of the fields whose values differ, in declaration order."""
        return tuple(name for name in _FIELD_NAMES if getattr(self, name) != getattr(other, name))

    def replace(self, **changes: Any) -> Caliber:
        """A copy with some fields changed (validated like a new Caliber)."""
        values = {name: getattr(self, name) for name in _FIELD_NAMES}
        unknown = set(changes) - set(values)
        if unknown:
            raise InvalidInputError(
                f"Caliber has no field(s) {sorted(unknown)}", argument="changes", value=changes
            )
        values.update(changes)
        return Caliber(**values)

    def describe(self) -> str:
        """One line for messages: ``营业收入 | 华东区 | 2025Q3 | single_period | CNY | na``."""
        return " | ".join(
            [
                self.metric,
                self.entity,
                self.period.describe(),
                self.basis.value,
                self.dimension,
                self.tax.value,
            ]
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (dates as ISO strings, enums as their values)."""
        return {
            "metric": self.metric,
            "entity": self.entity,
            "period": {"start": self.period.start.isoformat(), "end": self.period.end.isoformat()},
            "basis": self.basis.value,
            "dimension": self.dimension,
            "tax": self.tax.value,
        }

    def to_json(self) -> str:
        """Serialise losslessly to JSON."""
        return _adapter().dump_json(self).decode()

    @classmethod
    def from_dict(cls, data: Any) -> Caliber:
        """Build from ``to_dict`` output; bad input raises ``InvalidRecordError``."""
        return _validate(lambda adapter: adapter.validate_python(data))

    @classmethod
    def from_json(cls, text: str | bytes) -> Caliber:
        """Parse ``to_json`` output; bad input raises ``InvalidRecordError``.

        The text is bounded before it is parsed (size, nesting: docs/guarantees.md).
        """
        checked = check_json_text(text, "Caliber")
        return _validate(lambda adapter: adapter.validate_json(checked))


_FIELD_NAMES = tuple(f.name for f in fields(Caliber))


_E = TypeVar("_E", bound=StrEnum)


def _coerce_enum(enum: type[_E], value: object, name: str) -> _E:
    if isinstance(value, enum):
        return value
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return enum(value)
    except ValueError:
        allowed = ", ".join(repr(member.value) for member in enum)
        raise InvalidInputError(
            f"Caliber.{name} {value!r} is not one of {allowed}", argument=name, value=value
        ) from None


@functools.cache
def _adapter() -> TypeAdapter[Caliber]:
    from pydantic import TypeAdapter

    return TypeAdapter(Caliber)


def _validate(run: Callable[[TypeAdapter[Caliber]], Caliber]) -> Caliber:
    from pydantic import ValidationError

    try:
        result = run(_adapter())
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first.get("loc", ()))
        raise InvalidRecordError(
            f"invalid Caliber record: {field or '(root)'}: {first.get('msg')}",
            source="Caliber",
            field=field or None,
            reason=str(first.get("msg")),
        ) from exc
    return result

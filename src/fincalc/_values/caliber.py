"""``Caliber`` (口径): what a number means, as the key that decides what may combine."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from .._base.bounded import check_json_text, check_no_surrogate
from .._base.exceptions import InvalidInputError, InvalidRecordError
from .._base.public import public
from .dimensions import RATIO
from .period_types import Basis, ClosedStrEnum, Period
from .quantity import check_dimension

if TYPE_CHECKING:
    from pydantic import TypeAdapter

__all__ = ["Basis", "Caliber", "Role", "Tax"]


@public
class Tax(ClosedStrEnum):
    """Whether an amount includes tax (含税 / 不含税), or the question does not apply.

    ``na`` never equals ``exclusive``: "not applicable" is not "tax excluded".
    """

    INCLUSIVE = "inclusive"
    EXCLUSIVE = "exclusive"
    NA = "na"


@public
class Role(ClosedStrEnum):
    """What a number is to its metric: the level itself, or a change of it.

    ``level`` is the metric's value for the period ("营业收入3003.1亿元").
    ``change`` is an increase or decrease amount against an earlier period
    ("比上年增加553.1亿元", "increased $972 million"), in the metric's own
    dimension. ``growth`` is a rate of change against an earlier period
    ("同比增长8.2%"), a ratio. A change or growth names the period it compares
    to in ``Caliber.compared_to``.
    """

    LEVEL = "level"
    CHANGE = "change"
    GROWTH = "growth"


@public
@dataclass(frozen=True, slots=True)
class Caliber:
    """The meaning of a number: metric, entity, period, basis, dimension and tax.

    Two facts combine only when their calibers allow it; ``diff`` names the
    fields that differ, in declaration order.

    ``role`` says whether the number is the metric's level (the default), a
    change of it or its growth rate; a change or growth compares ``period``
    with ``compared_to`` (default: the same period one year earlier). A level
    has no ``compared_to``. Both are left out of ``to_dict`` for a level, so
    a level's serialised form (and every fingerprint built on it) is the one
    fincalc wrote before roles existed.

    >>> from fincalc import Period
    >>> a = Caliber("营业收入", "华东区", Period.quarter(2025, 3), Basis.SINGLE_PERIOD, "CNY")
    >>> b = Caliber("营业收入", "华东区", Period.year_to_date(2025, 3), Basis.CUMULATIVE, "CNY")
    >>> a.diff(b)
    ('period', 'basis')
    >>> Caliber.from_json(a.to_json()) == a
    True
    >>> rise = Caliber("营业收入", "全国", Period.fiscal_year(2024), "single_period", "CNY",
    ...                role="change")
    >>> rise.compared_to
    Period(2023-01-01, 2024-01-01)
    >>> rise.describe()
    '营业收入 | 全国 | FY2024 | single_period | CNY | na | change vs FY2023'

    >>> rise.replace(role="level").diff(rise)
    ('role', 'compared_to')
    """

    metric: str
    entity: str
    period: Period
    basis: Basis
    dimension: str
    tax: Tax = Tax.NA
    role: Role = Role.LEVEL
    compared_to: Period | None = None

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
        object.__setattr__(self, "role", _coerce_enum(Role, self.role, "role"))
        self._check_comparison()
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

    def _check_comparison(self) -> None:
        """A level has no base period; a change or growth has one (one year back by default)."""
        base = self.compared_to
        if self.role is Role.LEVEL:
            if base is not None:
                raise InvalidInputError(
                    f"Caliber.compared_to is {base} but the role is 'level': only a change or "
                    "a growth rate compares to another period; set role='change' or 'growth', "
                    "or drop compared_to",
                    argument="compared_to",
                    value=str(base),
                )
            return
        if self.role is Role.GROWTH and self.dimension != RATIO:
            raise InvalidInputError(
                f"Caliber.role is 'growth' (a rate) but the dimension is {self.dimension!r}; "
                "a growth rate is a RATIO — use role='change' for an increase amount",
                argument="role",
                value=self.role.value,
            )
        if base is None:
            object.__setattr__(self, "compared_to", self.period.prior_year())
            return
        if not isinstance(base, Period):
            raise InvalidInputError(
                f"Caliber.compared_to must be a Period, got {type(base).__name__}; "
                "use parse_period('2024') or Period.fiscal_year(2024)",
                argument="compared_to",
                value=repr(base)[:80],
            )
        if base == self.period or base.is_instant != self.period.is_instant:
            kind = "a date" if self.period.is_instant else "a period"
            raise InvalidInputError(
                f"Caliber.compared_to {base} cannot be the base of a {self.role.value} over "
                f"{self.period}: the base must be {kind} other than the period itself",
                argument="compared_to",
                value=str(base),
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
        if "compared_to" not in changes:
            role = _coerce_enum(Role, changes.get("role", self.role), "role")
            moved = "period" in changes and self.compared_to == self.period.prior_year()
            if role is Role.LEVEL or moved:
                # a level has no base; a change moved in time compares one year back again
                values["compared_to"] = None
        values.update(changes)
        return Caliber(**values)

    def describe(self) -> str:
        """One line for messages: ``营业收入 | 华东区 | 2025Q3 | single_period | CNY | na``.

        A change or growth ends with its role and base: ``| change vs 2024Q3``.
        """
        parts = [
            self.metric,
            self.entity,
            self.period.describe(),
            self.basis.value,
            self.dimension,
            self.tax.value,
        ]
        if self.compared_to is not None:
            parts.append(f"{self.role.value} vs {self.compared_to.describe()}")
        return " | ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (dates as ISO strings, enums as their values)."""
        return {
            "metric": self.metric,
            "entity": self.entity,
            "period": {"start": self.period.start.isoformat(), "end": self.period.end.isoformat()},
            "basis": self.basis.value,
            "dimension": self.dimension,
            "tax": self.tax.value,
            **self._comparison_dict(),
        }

    def _comparison_dict(self) -> dict[str, Any]:
        """``role`` and ``compared_to`` for a change or growth; nothing for a level."""
        base = self.compared_to
        if base is None:
            return {}
        return {
            "role": self.role.value,
            "compared_to": {"start": base.start.isoformat(), "end": base.end.isoformat()},
        }

    def to_json(self) -> str:
        """Serialise losslessly to JSON (a level without ``role``/``compared_to``)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

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

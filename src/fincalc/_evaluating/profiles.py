"""Scoring profiles: how a case's score (``mean_score``) is computed from its match.

``strict`` (the default) scores 1 for a value that matches within tolerance
and 0 otherwise; ``graded`` gives derived numbers full credit within ±2 %
relative error and half credit to 10 %, in the right direction only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .._base.exceptions import InvalidInputError
from .._base.public import public
from .._values.decimals import to_decimal

__all__ = ["PROFILES", "ScoringProfile", "profile_named"]

_ZERO = Decimal(0)
_ONE = Decimal(1)


@public
@dataclass(frozen=True, slots=True)
class ScoringProfile:
    """How a case's score is computed (``mean_score``; the verdict follows the score).

    Every case scores 1 when its value matches within tolerance and its caliber
    is not wrong, else 0 — except ``kinds`` cases (derived numbers by default),
    which score 1 within ``full_within`` relative error and ``partial_credit``
    within ``partial_within``, both only in the right direction (same sign as
    gold).  Extraction cases allow formatting and precision only.  Graded
    credit is only for a value comparable with gold (reason ``ok`` or
    ``wrong_value``): a wrong currency, dimension, scale or sign scores 0,
    however close its digits (``evaluate`` passes no relative error for them).

    Attributes:
        name: Shown in reports.
        full_within: Relative error for full credit (``None``: strict).
        partial_within: Relative error for partial credit (``None``: none).
        partial_credit: The partial score, between 0 and 1.
        kinds: Gold kinds the graded rule applies to.

    >>> ScoringProfile.named("graded").full_within, ScoringProfile.named("graded").partial_within
    (Decimal('0.02'), Decimal('0.10'))
    """

    name: str
    full_within: Decimal | None = None
    partial_within: Decimal | None = None
    partial_credit: Decimal = Decimal("0.5")
    kinds: tuple[str, ...] = ("derived",)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise InvalidInputError(
                "ScoringProfile.name must be a non-empty string", argument="name", value=self.name
            )
        for name in ("full_within", "partial_within", "partial_credit"):
            value = getattr(self, name)
            if value is not None:
                value = to_decimal(value, field=f"ScoringProfile.{name}")
                if value < 0:
                    raise InvalidInputError(
                        f"ScoringProfile.{name} must not be negative, got {value!r}",
                        argument=name,
                        value=str(value),
                    )
                object.__setattr__(self, name, value)
        if self.partial_credit > 1:
            raise InvalidInputError(
                f"ScoringProfile.partial_credit must be at most 1, got {self.partial_credit!r}",
                argument="partial_credit",
                value=str(self.partial_credit),
            )
        if (
            self.full_within is not None
            and self.partial_within is not None
            and self.partial_within < self.full_within
        ):
            raise InvalidInputError(
                "ScoringProfile.partial_within must not be below full_within",
                argument="partial_within",
                value=str(self.partial_within),
            )
        object.__setattr__(self, "kinds", tuple(sorted(set(self.kinds))))

    def score(
        self,
        kind: str,
        numeric_ok: bool,
        relative_error: Decimal | None,
        same_direction: bool,
    ) -> Decimal:
        """The score of an answered case whose caliber is not wrong.

        >>> from decimal import Decimal
        >>> ScoringProfile.named("graded").score("derived", False, Decimal("0.05"), True)
        Decimal('0.5')
        >>> ScoringProfile.named("strict").score("derived", False, Decimal("0.05"), True)
        Decimal('0')
        """
        if numeric_ok:
            return _ONE
        if (
            kind not in self.kinds
            or relative_error is None
            or not same_direction
            or self.full_within is None
        ):
            return _ZERO
        if relative_error <= self.full_within:
            return _ONE
        if self.partial_within is not None and relative_error <= self.partial_within:
            return self.partial_credit
        return _ZERO

    @classmethod
    def named(cls, name: str) -> ScoringProfile:
        """A built-in profile: ``strict`` (the default) or ``graded``.

        >>> ScoringProfile.named("graded").partial_credit
        Decimal('0.5')
        """
        return profile_named(name)

    @staticmethod
    def available() -> tuple[str, ...]:
        """Names of the built-in profiles.

        >>> ScoringProfile.available()
        ('graded', 'strict')
        """
        return tuple(sorted(PROFILES))

    @classmethod
    def from_dict(cls, data: Any) -> ScoringProfile:
        """Rebuild a profile from ``to_dict`` output.

        >>> graded = ScoringProfile.named("graded")
        >>> ScoringProfile.from_dict(graded.to_dict()) == graded
        True
        """
        if not isinstance(data, dict):
            raise InvalidInputError(
                f"a scoring profile must be a mapping, got {type(data).__name__}",
                argument="profile",
                value=repr(data)[:80],
            )
        kinds = data.get("kinds", ("derived",))
        if "name" not in data or not isinstance(kinds, list | tuple):
            raise InvalidInputError(
                "a scoring profile needs a 'name' and 'kinds' as a list (to_dict output), got "
                f"the keys {sorted(map(str, data))[:10]}",
                argument="profile",
                value=repr(data)[:80],
            )
        return cls(
            data["name"],
            full_within=data.get("full_within"),
            partial_within=data.get("partial_within"),
            partial_credit=data.get("partial_credit", Decimal("0.5")),
            kinds=tuple(kinds),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "name": self.name,
            "full_within": None if self.full_within is None else str(self.full_within),
            "partial_within": None if self.partial_within is None else str(self.partial_within),
            "partial_credit": str(self.partial_credit),
            "kinds": list(self.kinds),
        }


#: Built-in profiles: ``strict`` (score = numeric match) and ``graded``
#: (derived numbers: full credit within ±2 %, half credit to 10 % in the right direction).
PROFILES: Mapping[str, ScoringProfile] = {
    "strict": ScoringProfile("strict"),
    "graded": ScoringProfile(
        "graded",
        full_within=Decimal("0.02"),
        partial_within=Decimal("0.10"),
        partial_credit=Decimal("0.5"),
    ),
}


def profile_named(profile: str | ScoringProfile) -> ScoringProfile:
    """``profile`` itself, or the built-in profile of that name (``InvalidInputError`` if none)."""
    if isinstance(profile, ScoringProfile):
        return profile
    found = PROFILES.get(profile) if isinstance(profile, str) else None
    if found is None:
        raise InvalidInputError(
            f"unknown scoring profile {profile!r}; use one of {sorted(PROFILES)} "
            "or pass a ScoringProfile",
            argument="profile",
            value=repr(profile),
        )
    return found

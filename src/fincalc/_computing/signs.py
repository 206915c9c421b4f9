"""Sign conventions: how a figure's written sign is read, declared, never guessed.

Statements write some lines in brackets as outflows or deductions: capex
"(460.8)" under investing activities, "Dividends paid (7,616)", a cost of
sales "(1,204)". The parser rightly reads −460.8; whether that minus is a
real negative (a net loss, a net outflow) or presentation (a line that is
non-negative by nature) is not in the number. Where the two readings give
different answers, an operation refuses with ``SignConventionError`` until the
caller declares the convention: ``as_written`` (use the value as read) or
``magnitude`` (use its absolute value). The convention applied is recorded in
the ``Computation`` (``signs``, or the formula's terms).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from .._base.exceptions import InvalidInputError, SignConventionError
from .._values.dimensions import is_additive
from .._values.facts import Fact
from .spec import CONVENTIONS, SignConvention, is_one_of

__all__ = [
    "apply_convention",
    "check_signs",
    "is_negative",
    "reads_either_way",
    "sign_note",
    "undeclared_negative",
]

_OUTFLOW = (
    "If the source writes an outflow or deduction in brackets (capex '(460.8)', "
    "'Dividends paid (7,616)'), take its magnitude"
)
_REAL = "if the negative is real (a net loss, a net outflow), use it as written"


def check_signs(
    operation: str, signs: object, roles: Sequence[str]
) -> tuple[SignConvention, ...] | None:
    """The caller's ``signs=``: ``None``, one convention for every input, or one per input.

    >>> check_signs("sub", "magnitude", ("a", "b"))
    ('magnitude', 'magnitude')
    >>> check_signs("sub", ("as_written", "magnitude"), ("a", "b"))
    ('as_written', 'magnitude')
    """
    if signs is None:
        return None
    if isinstance(signs, str):
        values: tuple[object, ...] = (signs,) * len(roles)
    elif isinstance(signs, (tuple, list)) and len(signs) == len(roles):
        values = tuple(signs)
    else:
        values = ()
    if not values or not all(is_one_of(value, CONVENTIONS) for value in values):
        raise InvalidInputError(
            f"{operation}: signs={signs!r} is not a sign convention; pass 'as_written' or "
            f"'magnitude', or one per input ({', '.join(roles)}), e.g. "
            f"signs=({', '.join(repr('as_written') for _ in roles)})",
            argument="signs",
            value=repr(signs)[:80],
        )
    return tuple(value for value in values if is_one_of(value, CONVENTIONS))  # type: ignore[misc]


def is_negative(fact: Fact) -> bool:
    """Whether the figure is below zero as read."""
    value = fact.quantity.value
    return bool(value) and value.is_signed()


def reads_either_way(fact: Fact) -> bool:
    """A negative amount, count or physical quantity: it may be an outflow in brackets.

    A negative ratio, multiple or per-unit figure (a −5 % margin, a loss per
    share) is always a real negative: no statement brackets a margin as an
    outflow, so only additive figures need a declared convention.
    """
    return is_negative(fact) and is_additive(fact.caliber.dimension)


def apply_convention(fact: Fact, convention: SignConvention | None) -> Decimal:
    """The value an operation uses: as read, or its magnitude."""
    value = fact.quantity.value
    return value.copy_abs() if convention == "magnitude" else value


def undeclared_negative(
    operation: str, role: str, fact: Fact, why: str, fixes: tuple[str, str]
) -> SignConventionError:
    """The refusal for a negative figure whose reading decides the answer.

    ``fixes`` are the calls that take its magnitude and that use it as written.
    """
    raw = fact.quantity.raw or format(fact.value, "f")
    c = fact.caliber
    return SignConventionError(
        f"cannot {operation}: {role} {c.metric!r} ({c.entity}, {c.period.describe()}, from "
        f"{fact.evidence.evidence_id}) is negative as written ({raw!r}); {why}. "
        f"{_OUTFLOW}: {fixes[0]}; {_REAL}: {fixes[1]}",
        operation=operation,
        argument=role,
        value=format(fact.value, "f"),
        raw=raw,
    )


def sign_note(roles: Sequence[str], facts: Sequence[Fact], signs: Sequence[str]) -> str:
    """A note naming the convention applied to each input, and what it changed."""
    parts = []
    for role, fact, convention in zip(roles, facts, signs, strict=True):
        raw = fact.quantity.raw or format(fact.value, "f")
        if convention == "magnitude" and is_negative(fact):
            parts.append(f"{role} as its magnitude ({raw} read as positive)")
        else:
            parts.append(f"{role} {convention.replace('_', ' ')}")
    return "sign convention: " + ", ".join(parts)

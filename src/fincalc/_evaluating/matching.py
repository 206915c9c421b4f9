"""The verdict on one answer: which candidate, if any, is the expected value.

``judge`` decides on candidate values already interpreted (direction and
loss words applied, see ``direction``), in a fixed order: a match within
tolerance; the opposite sign (accepted only with ``Tolerance(ignore_sign=True)``);
a wrong scale; another currency; otherwise the closest value is out of
tolerance.  A value beyond ``MAX_EXPONENT`` (10^±40) is never compared: it
can only be a wrong value, or of the wrong currency or dimension, never an
exception.  ``AnswerCheck`` is the public form of the verdict.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from .._base.public import public
from .._values.decimals import MAX_EXPONENT, in_range
from .._values.quantity import Quantity
from .kinds import comparable, per_share_of
from .selection import How, describe_how
from .tolerance import Target, Tolerance, is_currency

__all__ = ["AnswerCheck", "AnswerReason", "Judgement", "answer_check", "judge"]

#: Why an answer did or did not match (``AnswerCheck.reason``).
AnswerReason = Literal[
    "ok",
    "no_number",
    "refused",
    "wrong_sign",
    "wrong_scale",
    "wrong_currency",
    "wrong_dimension",
    "out_of_tolerance",
    "ambiguous",
]


# -- the verdict ----------------------------------------------------------------


@public
@dataclass(frozen=True, slots=True)
class AnswerCheck:
    """The verdict on one answer; truthy when it matched.

    Attributes:
        matched: True when an amount in the answer is the expected value.
        reason: ``ok``, or why not: ``no_number``, ``refused``, ``wrong_sign``,
            ``wrong_scale``, ``wrong_currency``, ``wrong_dimension``,
            ``out_of_tolerance``, ``ambiguous`` (the sentence judged states the
            expected value and another figure, and nothing tells which answers).
        expected: The expected value in base units.
        dimension: The expected dimension, if given.
        found: The matching amount (or, when unmatched, the one the reason is
            about), with its value as interpreted: direction words applied, a
            scale-only or bare amount read in the expected dimension.  ``raw``
            and ``span`` point into the answer text.
        candidates: Every amount read from the answer, as extracted.
        relative_error: ``|found - expected| / |expected|`` rounded to 1e-6
            (``None`` when nothing comparable was found, expected is zero, or
            the amount found is beyond ``MAX_EXPONENT`` and so not compared).
        scale_factor: For ``wrong_scale``, ``found / expected`` as a power of ten.
        sign_ignored: True when the match needed ``Tolerance(ignore_sign=True)``.
        tolerance: The tolerance applied.
        selection: Why the figures judged were chosen: ``conclusion`` (stated
            after a conclusion marker), ``last_statement`` (the last sentence
            that states one), ``subject`` (the clause before it, in the same
            sentence, that names the question's subject), ``any`` (every
            figure: ``select="any"`` or ``check_quantities``) or ``none`` (no
            figure stated).
        statement: The ``(start, end)`` of the sentence judged, if any.
        marker: The conclusion marker as written ("Therefore", "因此"), if any.
        precision: The gold's precision as a power of ten in base units
            (``Decimal('1E+6')``: written to the million).
    """

    matched: bool
    reason: AnswerReason
    expected: Decimal
    dimension: str | None
    found: Quantity | None
    candidates: tuple[Quantity, ...]
    relative_error: Decimal | None
    scale_factor: Decimal | None
    sign_ignored: bool
    tolerance: Tolerance
    selection: How | Literal["given"] = "any"
    statement: tuple[int, int] | None = None
    marker: str | None = None
    precision: Decimal | None = None

    def __bool__(self) -> bool:
        return self.matched

    def describe(self) -> str:
        """One line for people: what was found and why it does or does not match.

        >>> from decimal import Decimal
        >>> q = Quantity(Decimal("8.7E+8"), "CNY", unit="亿元", raw="8.7 亿元")
        >>> check_quantities([q], Decimal("870000000"), dimension="CNY").describe()
        "ok: '8.7 亿元' = 870000000 CNY"
        """
        dim = f" {self.dimension}" if self.dimension else ""
        expected = f"{format(self.expected, 'f')}{dim}"
        found = repr(self.found.raw or format(self.found.value, "f")) if self.found else None
        how = f"; {describe_how(self.selection, self.marker)}" if self.marker else ""
        if self.reason == "ok":
            note = " (sign ignored)" if self.sign_ignored else ""
            return f"ok: {found} = {expected}{note}{how}"
        if self.reason in ("no_number", "refused"):
            return f"{self.reason}: expected {expected}"
        detail = ""
        if self.scale_factor is not None:
            detail = f" (×10^{self.scale_factor.adjusted()})"
        elif self.reason in ("wrong_currency", "wrong_dimension") and self.found is not None:
            detail = f" (dimension {self.found.dimension})"
        elif self.relative_error is not None:
            detail = f" (relative error {self.relative_error * 100:.2f}%)"
        return f"{self.reason}: {found} vs expected {expected}{detail}{how}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (Decimals as strings)."""
        return {
            "matched": self.matched,
            "reason": self.reason,
            "expected": format(self.expected, "f"),
            "dimension": self.dimension,
            "found": None if self.found is None else self.found.to_dict(),
            "candidates": [c.to_dict() for c in self.candidates],
            "relative_error": _fmt(self.relative_error),
            "scale_factor": _fmt(self.scale_factor),
            "sign_ignored": self.sign_ignored,
            "tolerance": self.tolerance.to_dict(),
            "selection": self.selection,
            "statement": None if self.statement is None else list(self.statement),
            "marker": self.marker,
            "precision": _fmt(self.precision),
        }


def _fmt(value: Decimal | None) -> str | None:
    return None if value is None else format(value, "f")


# -- judging interpreted values (hot path: plain Decimals, no validated models) ------


class Judgement:
    """What ``judge`` decided: the reason, and the candidate it is about.

    Attributes:
        reason: ``ok`` or why not (``AnswerReason``).
        index: The position of that candidate, or ``None`` (``no_number``).
        value: Its interpreted value.
        relative_error: Its relative error to the target (set by ``judge``).
        scale_factor: For ``wrong_scale``, the power of ten it is off by.
        sign_ignored: The match needed ``Tolerance(ignore_sign=True)``.
    """

    __slots__ = ("index", "reason", "relative_error", "scale_factor", "sign_ignored", "value")

    def __init__(
        self,
        reason: AnswerReason,
        index: int | None = None,
        value: Decimal | None = None,
        *,
        relative_error: Decimal | None = None,
        scale_factor: Decimal | None = None,
        sign_ignored: bool = False,
    ) -> None:
        self.reason: AnswerReason = reason
        self.index = index
        self.value = value
        self.relative_error = relative_error
        self.scale_factor = scale_factor
        self.sign_ignored = sign_ignored


def judge(
    values: Sequence[Decimal],
    dimensions: Sequence[str | None],
    target: Target,
    dimension: str | None,
    ignore_sign: bool,
    alternates: Sequence[Decimal | None] | None = None,
) -> Judgement:
    """Decide on interpreted candidate values; call inside ``arithmetic()``.

    A candidate with dimension ``None`` (bare or scale-only) is read in the
    expected dimension; with ``dimension=None`` every candidate is comparable,
    and a per-share figure answers in its currency (``kinds.comparable``).
    ``alternates`` holds, per candidate, its value as written when the
    question's unit gave it a scale ("$8,600,000" under "million"): either
    reading may match, and a match on it reports that value.  A value out of
    range (``in_range``) is never compared: it can only be a wrong value, or
    of the wrong currency or dimension.
    """
    if alternates is not None and any(alt is not None for alt in alternates):
        for i, alt in enumerate(alternates):
            if (
                alt is not None
                and in_range(alt)
                and comparable(dimensions[i], dimension)
                and target.accepts(alt)
            ):
                verdict = Judgement("ok", i, alt)
                verdict.relative_error = target.relative_error(alt)
                return verdict
    same = [i for i, dim in enumerate(dimensions) if comparable(dim, dimension)]
    # Inlined ``in_range``: candidate values are finite (``Quantity`` checks).
    usable = [i for i in same if -MAX_EXPONENT <= values[i].adjusted() <= MAX_EXPONENT]
    verdict = _first_verdict(values, dimensions, same, usable, target, dimension, ignore_sign)
    if verdict.value is not None:
        verdict.relative_error = target.relative_error(verdict.value)
    return verdict


def _first_verdict(
    values: Sequence[Decimal],
    dimensions: Sequence[str | None],
    same: list[int],
    usable: list[int],
    target: Target,
    dimension: str | None,
    ignore_sign: bool,
) -> Judgement:
    """The first rule that applies: match, sign, scale, currency, then the closest value."""
    for i in usable:
        if target.accepts(values[i]):
            return Judgement("ok", i, values[i])
    if target.value:
        for i in usable:
            if values[i] and target.accepts(-values[i]):
                if ignore_sign:
                    return Judgement("ok", i, values[i], sign_ignored=True)
                return Judgement("wrong_sign", i, values[i])
        for i in usable:
            factor = target.scale_factor(values[i])
            if factor is not None:
                return Judgement("wrong_scale", i, values[i], scale_factor=factor)
    if is_currency(per_share_of(dimension) or dimension):
        others = [
            i
            for i, dim in enumerate(dimensions)
            if not comparable(dim, dimension) and is_currency(per_share_of(dim) or dim)
        ]
        for i in others:
            if in_range(values[i]) and target.accepts(values[i]):
                return Judgement("wrong_currency", i, values[i])
        if others and not same:
            return Judgement("wrong_currency", others[0], values[others[0]])
    if usable:
        if target.value and not ignore_sign:
            # every non-zero candidate has the opposite sign: that, not the digits,
            # is what is wrong first ("净亏损1.01亿元" for a gain of 1亿元)
            signs = {values[i].is_signed() for i in usable if values[i]}
            if signs == {not target.value.is_signed()}:
                best = min(usable, key=lambda i: (values[i] + target.value).copy_abs())
                return Judgement("wrong_sign", best, values[best])
        best = min(usable, key=lambda i: (values[i] - target.value).copy_abs())
        return Judgement("out_of_tolerance", best, values[best])
    if same:  # only values too large or too small to compare
        return Judgement("out_of_tolerance", same[0], values[same[0]])
    if values:
        return Judgement("wrong_dimension", 0, values[0])
    return Judgement("no_number")


def answer_check(
    verdict: Judgement,
    candidates: Sequence[Quantity],
    expected: Decimal,
    dimension: str | None,
    tolerance: Tolerance,
    **selection: Any,
) -> AnswerCheck:
    """The public verdict: ``verdict`` with its candidate reinterpreted as judged.

    The amount found carries the value as interpreted (direction words
    applied) and, when it was bare or scale-only, the expected dimension.
    """
    found = None
    if verdict.index is not None:
        q = candidates[verdict.index]
        value = verdict.value if verdict.value is not None else q.value
        dim = q.dimension if q.dimension is not None else dimension
        found = q if value == q.value and dim == q.dimension else _reinterpret(q, value, dim)
    return AnswerCheck(
        matched=verdict.reason == "ok",
        reason=verdict.reason,
        expected=expected,
        dimension=dimension,
        found=found,
        candidates=tuple(candidates),
        relative_error=verdict.relative_error,
        scale_factor=verdict.scale_factor,
        sign_ignored=verdict.sign_ignored,
        tolerance=tolerance,
        **selection,
    )


def _reinterpret(q: Quantity, value: Decimal, dimension: str | None) -> Quantity:
    return dataclasses.replace(q, value=value, dimension=dimension)

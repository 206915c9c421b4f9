"""Judging one answer: tolerance, precision-aware matching, refusals, citation format.

``check_answer`` reads every amount in an answer text with the parser and
hands them to ``check_quantities``, which decides whether any of them is the
expected value.  The rules (docs/evaluating.md has the long version):

* A candidate matches when it is within the tolerance (absolute *or*
  relative), or — precision-aware — when the expected value rounded half-up
  to the precision the candidate was written at equals it ("$303M" against
  302.6M).  The precision is the candidate's ``Decimal`` exponent.
* A wrong scale (a factor 10^k, 1 <= |k| <= 12), a wrong sign and a
  different currency never match; they are reported as such.
* Direction words before an amount give the sign of a change:
  "同比下降 0.49%" is -0.0049, "rose 0.49%" is +0.0049.  For an amount (not
  a ratio) the word must govern the number directly ("减少了5亿元",
  "decreased by $5M"); "下降为8.7亿元", "lower at $8.7 billion" state a level.
* A refusal phrase makes the answer a refusal unless an amount of the expected
  dimension stands outside the sentence the phrase governs
  ("营业收入为8.7亿元（报告未披露分部数据）" is an answer).
* Values beyond ``MAX_EXPONENT`` (10^±40) cannot be compared: such a
  candidate is never a match, and never an exception.
* ``Tolerance(ignore_sign=True)`` (off by default) accepts the opposite sign,
  for outflow metrics written as "(1,577)"; the check records that it did.

All Decimal work runs in fincalc's private context (``arithmetic()``).
"""

from __future__ import annotations

import dataclasses
import decimal
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from .._reading.units import check_known_dimension
from .._values.decimals import MAX_EXPONENT, arithmetic, in_range, to_decimal
from .._values.errors import InvalidInputError
from .._values.public import public
from .._values.quantity import Quantity

if TYPE_CHECKING:
    from .._reading.units import UnitContext

__all__ = [
    "DEFAULT_CITATION_PATTERN",
    "DEFAULT_REFUSAL_PHRASES",
    "AnswerCheck",
    "AnswerReason",
    "Tolerance",
    "check_answer",
    "check_quantities",
    "citation_format_ok",
    "default_refusal_phrases",
    "is_refusal",
]

AnswerReason = Literal[
    "ok",
    "no_number",
    "refused",
    "wrong_sign",
    "wrong_scale",
    "wrong_currency",
    "wrong_dimension",
    "out_of_tolerance",
]

#: Dimensions that are not currencies (every other three-letter code is one).
_NOT_CURRENCY = frozenset({"RATIO", "MULTIPLE", "SHARES", "COUNT"})
_SCALE_LIMIT = 12
_ONE = Decimal(1)
_ZERO = Decimal(0)
_REL_ERROR_QUANTUM = Decimal("1E-6")
_REL_ERROR_DIGITS = 40  # adjusted exponent up to which an error is quantized to 1e-6


def _is_currency(dimension: str | None) -> bool:
    return dimension is not None and len(dimension) == 3 and dimension not in _NOT_CURRENCY


# -- tolerance ----------------------------------------------------------------


def _non_negative(value: object, name: str) -> Decimal | None:
    if value is None:
        return None
    number = to_decimal(value, field=f"Tolerance.{name}")
    if number < 0:
        raise InvalidInputError(
            f"Tolerance.{name} must not be negative, got {number!r}", argument=name, value=value
        )
    return number


@public
@dataclass(frozen=True, slots=True)
class Tolerance:
    """How close an answer must be to the expected value.

    A value matches when ``|found - expected| <= abs`` or
    ``|found - expected| <= rel * |expected|``, or — when ``precision_aware``
    — when ``expected`` rounded half-up to the precision ``found`` was
    written at equals ``found`` and ``found`` has at least
    ``min_significant_digits`` significant digits (so "5亿" is not read as
    a match for 4.6亿, nor "0%" for anything that rounds to zero).

    Defaults (``Tolerance.default_for``): currency amounts to the cent
    (``abs=0.01`` in base units), ``RATIO`` and ``MULTIPLE`` to 1e-4
    relative, counts and shares exactly.

    Attributes:
        abs: Absolute tolerance in base units, or ``None``.
        rel: Relative tolerance (0.0001 = 0.01 %), or ``None``.
        precision_aware: Accept the expected value rounded to the answer's precision.
        ignore_sign: Accept the opposite sign (outflow metrics such as capital
            expenditure written "(1,577)"). Off by default; a match that needed
            it says so in ``AnswerCheck.sign_ignored``.
        min_significant_digits: Fewest significant digits an answer needs for
            precision-aware matching.

    >>> Tolerance.default_for("CNY")
    Tolerance(abs=Decimal('0.01'), rel=None, precision_aware=True, ignore_sign=False, \
min_significant_digits=2)
    >>> Tolerance(rel="0.02").rel
    Decimal('0.02')
    """

    abs: Decimal | None = None
    rel: Decimal | None = None
    precision_aware: bool = True
    ignore_sign: bool = False
    min_significant_digits: int = 2

    def __post_init__(self) -> None:
        object.__setattr__(self, "abs", _non_negative(self.abs, "abs"))
        object.__setattr__(self, "rel", _non_negative(self.rel, "rel"))
        for name in ("precision_aware", "ignore_sign"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInputError(
                    f"Tolerance.{name} must be True or False, got {getattr(self, name)!r}",
                    argument=name,
                    value=repr(getattr(self, name)),
                )
        digits = self.min_significant_digits
        if isinstance(digits, bool) or not isinstance(digits, int) or digits < 1:
            raise InvalidInputError(
                f"Tolerance.min_significant_digits must be a positive int, got {digits!r}",
                argument="min_significant_digits",
                value=repr(digits),
            )

    @classmethod
    def default_for(cls, dimension: str | None) -> Tolerance:
        """The documented default for a dimension (exact when the dimension is unknown).

        >>> Tolerance.default_for("RATIO").rel
        Decimal('0.0001')
        """
        if dimension in ("RATIO", "MULTIPLE"):
            return _RATIO_DEFAULT
        if _is_currency(dimension):
            return _AMOUNT_DEFAULT
        return _EXACT_DEFAULT

    @classmethod
    def from_dict(cls, data: Any) -> Tolerance:
        """Build from a mapping such as ``{"rel": "0.01"}`` (unknown keys are refused).

        >>> Tolerance.from_dict({"abs": "0.5", "ignore_sign": True}).ignore_sign
        True
        """
        if isinstance(data, Tolerance):
            return data
        if not isinstance(data, dict):
            raise InvalidInputError(
                f"a tolerance must be a mapping such as {{'rel': '0.01'}}, got {data!r}",
                argument="tolerance",
                value=repr(data)[:80],
            )
        unknown = set(data) - _TOLERANCE_FIELDS
        if unknown:
            raise InvalidInputError(
                f"unknown tolerance field(s) {sorted(unknown)}; known: {sorted(_TOLERANCE_FIELDS)}",
                argument="tolerance",
                value=sorted(unknown),
            )
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (Decimals as strings)."""
        return {
            "abs": None if self.abs is None else str(self.abs),
            "rel": None if self.rel is None else str(self.rel),
            "precision_aware": self.precision_aware,
            "ignore_sign": self.ignore_sign,
            "min_significant_digits": self.min_significant_digits,
        }


_TOLERANCE_FIELDS = frozenset(f.name for f in dataclasses.fields(Tolerance))
_AMOUNT_DEFAULT = Tolerance(abs=Decimal("0.01"))
_RATIO_DEFAULT = Tolerance(rel=Decimal("0.0001"))
_EXACT_DEFAULT = Tolerance(abs=Decimal(0))


# -- the verdict ----------------------------------------------------------------


@public
@dataclass(frozen=True, slots=True)
class AnswerCheck:
    """The verdict on one answer; truthy when it matched.

    Attributes:
        matched: True when an amount in the answer is the expected value.
        reason: ``ok``, or why not: ``no_number``, ``refused``, ``wrong_sign``,
            ``wrong_scale``, ``wrong_currency``, ``wrong_dimension``,
            ``out_of_tolerance``.
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
        if self.reason == "ok":
            note = " (sign ignored)" if self.sign_ignored else ""
            return f"ok: {found} = {expected}{note}"
        if self.reason in ("no_number", "refused"):
            return f"{self.reason}: expected {expected}"
        detail = ""
        if self.scale_factor is not None:
            detail = f" (×10^{self.scale_factor.adjusted()})"
        elif self.reason in ("wrong_currency", "wrong_dimension") and self.found is not None:
            detail = f" (dimension {self.found.dimension})"
        elif self.relative_error is not None:
            detail = f" (relative error {self.relative_error * 100:.2f}%)"
        return f"{self.reason}: {found} vs expected {expected}{detail}"

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
        }


def _fmt(value: Decimal | None) -> str | None:
    return None if value is None else format(value, "f")


# -- matching core (hot path: plain Decimals, no validated models) -------------

_QUANTA: dict[int, Decimal] = {}


def _quantum(exponent: int) -> Decimal:
    quantum = _QUANTA.get(exponent)
    if quantum is None:
        quantum = _QUANTA[exponent] = Decimal((0, (1,), exponent))
    return quantum


class _Target:
    """The expected value with everything the comparisons reuse precomputed."""

    __slots__ = ("exponent", "limit", "magnitude", "min_digits", "precision_aware", "value")

    def __init__(self, value: Decimal, tolerance: Tolerance) -> None:
        self.value = value
        self.magnitude = value.copy_abs()
        exponent = value.as_tuple().exponent
        self.exponent = exponent if isinstance(exponent, int) else 0
        limit = tolerance.abs if tolerance.abs is not None else _ZERO
        if tolerance.rel is not None:
            limit = max(limit, tolerance.rel * self.magnitude)
        self.limit = limit
        self.precision_aware = tolerance.precision_aware
        self.min_digits = tolerance.min_significant_digits

    def accepts(self, found: Decimal) -> bool:
        """True when ``found`` matches; ``found`` must be ``in_range`` (``_judge`` checks)."""
        if (found - self.value).copy_abs() <= self.limit:
            return True
        if not self.precision_aware or not found:
            return False
        _, digits, exponent = found.as_tuple()
        if not isinstance(exponent, int) or exponent <= self.exponent:
            return False
        if len(digits) < self.min_digits:
            return False
        try:
            return self.value.quantize(_quantum(exponent)) == found
        except decimal.InvalidOperation:  # gold has more digits than the context holds
            return False

    def scale_factor(self, found: Decimal) -> Decimal | None:
        """The power of ten ``found`` is off by, if it is (else ``None``)."""
        if not found or not self.value:
            return None
        guess = found.adjusted() - self.value.adjusted()
        for k in (guess, guess - 1, guess + 1):
            if k and -_SCALE_LIMIT <= k <= _SCALE_LIMIT and self.accepts(found.scaleb(-k)):
                return _ONE.scaleb(k)
        return None

    def relative_error(self, found: Decimal) -> Decimal | None:
        """The relative error to 1e-6; ``None`` for gold zero or ``found`` out of range."""
        if not self.value or not in_range(found):
            return None
        error = (found - self.value).copy_abs() / self.magnitude
        if error.adjusted() >= _REL_ERROR_DIGITS:  # too large to hold to 1e-6: keep 50 digits
            return error
        return error.quantize(_REL_ERROR_QUANTUM)


class _Verdict:
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


def _judge(
    values: Sequence[Decimal],
    dimensions: Sequence[str | None],
    target: _Target,
    dimension: str | None,
    ignore_sign: bool,
) -> _Verdict:
    """Decide on interpreted candidate values; call inside ``arithmetic()``.

    A candidate with dimension ``None`` (bare or scale-only) is read in the
    expected dimension; with ``dimension=None`` every candidate is comparable.
    A value out of range (``in_range``) is never compared: it can only be a
    wrong value, or of the wrong currency or dimension.
    """
    same = [
        i
        for i, dim in enumerate(dimensions)
        if dim is None or dimension is None or dim == dimension
    ]
    # Inlined ``in_range``: candidate values are finite (``Quantity`` checks).
    comparable = [i for i in same if -MAX_EXPONENT <= values[i].adjusted() <= MAX_EXPONENT]
    verdict = _first_verdict(values, dimensions, same, comparable, target, dimension, ignore_sign)
    if verdict.value is not None:
        verdict.relative_error = target.relative_error(verdict.value)
    return verdict


def _first_verdict(
    values: Sequence[Decimal],
    dimensions: Sequence[str | None],
    same: list[int],
    comparable: list[int],
    target: _Target,
    dimension: str | None,
    ignore_sign: bool,
) -> _Verdict:
    for i in comparable:
        if target.accepts(values[i]):
            return _Verdict("ok", i, values[i])
    if target.value:
        for i in comparable:
            if values[i] and target.accepts(-values[i]):
                if ignore_sign:
                    return _Verdict("ok", i, values[i], sign_ignored=True)
                return _Verdict("wrong_sign", i, values[i])
        for i in comparable:
            factor = target.scale_factor(values[i])
            if factor is not None:
                return _Verdict("wrong_scale", i, values[i], scale_factor=factor)
    if _is_currency(dimension):
        others = [i for i, dim in enumerate(dimensions) if dim != dimension and _is_currency(dim)]
        for i in others:
            if in_range(values[i]) and target.accepts(values[i]):
                return _Verdict("wrong_currency", i, values[i])
        if others and not same:
            return _Verdict("wrong_currency", others[0], values[others[0]])
    if comparable:
        if target.value and not ignore_sign:
            # every non-zero candidate has the opposite sign: that, not the digits,
            # is what is wrong first ("净亏损1.01亿元" for a gain of 1亿元)
            signs = {values[i].is_signed() for i in comparable if values[i]}
            if signs == {not target.value.is_signed()}:
                best = min(comparable, key=lambda i: (values[i] + target.value).copy_abs())
                return _Verdict("wrong_sign", best, values[best])
        best = min(comparable, key=lambda i: (values[i] - target.value).copy_abs())
        return _Verdict("out_of_tolerance", best, values[best])
    if same:  # only values too large or too small to compare
        return _Verdict("out_of_tolerance", same[0], values[same[0]])
    if values:
        return _Verdict("wrong_dimension", 0, values[0])
    return _Verdict("no_number")


# -- direction words -----------------------------------------------------------

_DECREASE = (
    "下降|减少|降低|下滑|收窄|下跌|回落|缩减|减小|降幅|跌幅|"
    r"\b(?:decreased?|decreasing|declined?|declining|fell|falls?|falling|dropped|drops?|"
    r"down|lower|shrank|shrunk|contracted|reduced|reduction|narrow(?:ed|ing|s)?)\b"
)
_INCREASE = (
    "增长|上升|提高|增加|扭亏|上涨|增幅|提升|"
    r"\b(?:increased?|increasing|rose|rises?|rising|grew|grow(?:s|th)?|up|higher|gained?)\b"
)
_DIRECTION = re.compile(f"(?P<down>{_DECREASE})|(?P<up>{_INCREASE})", re.IGNORECASE)
# "下降至 8.7 亿元", "fell to $5M": a level, not a change (ratios).
_LEVEL_GAP = re.compile(r"[至到]|\bto\b", re.IGNORECASE)
# What may stand between a direction word and an amount it changes: nothing,
# 了 and an approximation ("减少了约5亿元"), or by/of and an approximation
# ("decreased by about $5 million", "a decrease of $5 million").  Anything
# else ("下降为", "仍达", "lower at", "reached") makes the amount a level.
_CHANGE_GAP = re.compile(
    r"\s*(?:了\s*)?(?:(?:大约|约|近|逾|超过|将近)\s*)?"
    r"|\s*(?:(?:by|of)\s+)?(?:(?:about|approximately|approx\.|around|roughly|nearly|almost|"
    r"some|over|more\s+than|less\s+than)\s+)?",
    re.IGNORECASE,
)
# Clause ends: CJK and ASCII punctuation, and a full stop followed by a space
# (a decimal point never is).
_CLAUSE_BREAK = re.compile(r"[。；;！!？?，,、\n]|\.(?=\s)")
_DIRECTION_WINDOW = 24


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    match = None
    for match in pattern.finditer(text):  # noqa: B007 - the loop keeps the last match
        pass
    return match


def _direction(text: str, start: int, floor: int, *, ratio: bool) -> int:
    """-1 when a decrease word governs the amount starting at ``start``, else +1.

    Only the clause right before the amount counts (back to the previous
    amount, a clause break or 24 characters).  For a ratio, a word followed
    by 至/到/to describes a level ("下降至 5.2%"), not a change.  For an
    amount, the word must govern the number directly (``_CHANGE_GAP``):
    "减少了5亿元" is a change, "下降为8.7亿元" and "lower at $8.7 billion" are
    levels.
    """
    window = text[max(floor, start - _DIRECTION_WINDOW) : start]
    if _DIRECTION.search(window) is None:  # the common case: no direction word at all
        return 1
    brk = _last(_CLAUSE_BREAK, window)
    if brk is not None:
        window = window[brk.end() :]
    word = _last(_DIRECTION, window)
    if word is None or word.lastgroup != "down":
        return 1
    if ratio:
        return 1 if _LEVEL_GAP.search(window, word.end()) else -1
    return -1 if _CHANGE_GAP.fullmatch(window, word.end()) else 1


# Words that make the amount after them a negative result: "净亏损3.2亿元",
# "net loss of $3.2 million", "negative $45 million". A profit word between
# the loss word and the amount ("由亏损转为盈利3.2亿元") cancels it.
_LOSS = re.compile(
    r"亏损|净亏|\bnet loss(?:es)?\b|\bloss(?:es)? of\b|\bnegative\b|\bminus\b", re.IGNORECASE
)
_PROFIT = re.compile(r"盈利|盈余|扭亏|转盈|\bprofit|\bincome\b|\bgain", re.IGNORECASE)


def _is_loss(text: str, start: int, floor: int) -> bool:
    """True when a loss word in the amount's clause makes it negative."""
    window = text[max(floor, start - _DIRECTION_WINDOW) : start]
    if _LOSS.search(window) is None:  # the common case
        return False
    brk = _last(_CLAUSE_BREAK, window)
    if brk is not None:
        window = window[brk.end() :]
    word = _last(_LOSS, window)
    return word is not None and _PROFIT.search(window, word.end()) is None


# -- refusals and citation format ----------------------------------------------

#: Phrases that mark an answer as a refusal (matched case-insensitively as substrings).
DEFAULT_REFUSAL_PHRASES: tuple[str, ...] = (
    "未在所给资料中检索到",
    "未检索到",
    "未找到",
    "没有找到",
    "无法找到",
    "未提及",
    "未披露",
    "无法回答",
    "无法确定",
    "无法计算",
    "无法得出",
    "不足以回答",
    "资料不足",
    "信息不足",
    "没有相关信息",
    "无相关信息",
    "not found in the provided",
    "not in the provided",
    "cannot be determined",
    "can't be determined",
    "cannot be calculated",
    "cannot answer",
    "can't answer",
    "unable to answer",
    "unable to determine",
    "unable to find",
    "not enough information",
    "insufficient information",
    "no information",
    "not disclosed",
    "not mentioned",
    "does not contain",
    "do not contain",
    "i don't know",
)


@public
def default_refusal_phrases() -> tuple[str, ...]:
    """Return the phrases that mark a refusal by default (Chinese and English).

    Extend rather than replace them with
    ``refusal_phrases=(*default_refusal_phrases(), "查无此项")``.

    >>> "未在所给资料中检索到" in default_refusal_phrases()
    True
    """
    return DEFAULT_REFUSAL_PHRASES


class _RefusalMatcher:
    """Case-insensitive substring search for refusal phrases.

    Lower-casing the answer once and testing each phrase with ``in`` is about
    ten times faster than one case-insensitive regex alternation on CJK text
    (docs/performance.md, "Evaluation").
    """

    __slots__ = ("phrases",)

    def __init__(self, phrases: tuple[str, ...]) -> None:
        self.phrases = tuple(sorted({p.lower() for p in phrases}, key=lambda p: (-len(p), p)))

    def search(self, text: str) -> str | None:
        """The first (longest) phrase found in ``text``, or ``None``."""
        low = text.lower()
        for phrase in self.phrases:
            if phrase in low:
                return phrase
        return None


# A refusal phrase governs the sentence it stands in.  A bracketed aside is a
# unit of its own (and is cut out of the sentence around it; an accounting
# negative such as "(1,577)" is an amount, not an aside), and a contrast
# (但/但是/不过/然而, "but", "however") starts a new unit.
_ASIDE = re.compile(r"[（(][^（）()]*[）)]")
_UNIT_BREAK = re.compile(
    r"[。！？；;!?\n]|\.(?=\s|$)|但是|但|不过|然而|\bbut\b|\bhowever\b", re.IGNORECASE
)


def _refusal_governs(
    text: str, candidates: Sequence[Quantity], dimension: str | None, refusal: _RefusalMatcher
) -> bool:
    """True when a refusal phrase in ``text`` governs every answer-like amount in it.

    Call only when ``refusal`` found a phrase in ``text``.  The answer is not
    a refusal when it holds an amount of the expected ``dimension`` (one with
    a unit; a bare number only under a declared unit, which gives it one)
    outside every unit of text a refusal phrase governs:
    "营业收入为8.7亿元（报告未披露分部数据）" and "The filing does not contain
    segment data; total revenue was $1.2 billion." are answers,
    "资料未披露，无法确定是否为8.7亿元" is a refusal.
    """
    spans = [
        q.span
        for q in candidates
        if q.span is not None
        and q.unit is not None
        and (q.dimension is None or dimension is None or q.dimension == dimension)
    ]
    if not spans:
        return True
    # Brackets that are an amount themselves ("(1,577)") are no aside.
    asides = [m.span() for m in _ASIDE.finditer(text) if m.span() not in spans]
    outer = text
    for a, b in asides:
        outer = outer[:a] + " " * (b - a) + outer[b:]
    for start, end in spans:
        unit = next((text[a:b] for a, b in asides if a <= start and end <= b), None)
        if unit is None:
            head = _last(_UNIT_BREAK, outer[:start])
            tail = _UNIT_BREAK.search(outer, end)
            unit = outer[head.end() if head else 0 : tail.start() if tail else len(outer)]
        if refusal.search(unit) is None:
            return False
    return True


@functools.lru_cache(maxsize=64)
def _phrase_pattern(phrases: tuple[str, ...]) -> _RefusalMatcher:
    if not phrases or not all(isinstance(p, str) and p.strip() for p in phrases):
        raise InvalidInputError(
            "refusal phrases must be a non-empty sequence of non-empty strings",
            argument="refusal_phrases",
            value=repr(phrases)[:80],
        )
    return _RefusalMatcher(phrases)


def _refusal_pattern(phrases: Iterable[str] | None) -> _RefusalMatcher:
    if phrases is None:
        return _phrase_pattern(DEFAULT_REFUSAL_PHRASES)
    if isinstance(phrases, str):
        phrases = (phrases,)
    return _phrase_pattern(tuple(phrases))


@public
def is_refusal(text: object, *, phrases: Iterable[str] | None = None) -> bool:
    """Return True when ``text`` contains a refusal phrase; never raises on odd input.

    Args:
        text: The answer text (anything that is not a string is not a refusal).
        phrases: Phrases to look for instead of ``DEFAULT_REFUSAL_PHRASES``.

    >>> is_refusal("未在所给资料中检索到该公司2023年的研发费用。")
    True
    >>> is_refusal("The figure is not found in the provided documents.")
    True
    >>> is_refusal("营业收入为 8.7 亿元")
    False

    This is the phrase test alone.  ``check_answer`` and ``evaluate`` also
    read the amounts: an answer that states one of the expected dimension
    outside the sentence the phrase governs is not a refusal
    (docs/evaluating.md, "Refusals").
    """
    if not isinstance(text, str):
        return False
    try:
        pattern = _refusal_pattern(phrases)
    except (InvalidInputError, TypeError):
        return False
    return pattern.search(text) is not None


#: Citations written as "(贵州茅台·2023年报·P12)" or "（Apple·2023 10-K·p.45）".
DEFAULT_CITATION_PATTERN = (
    r"[（(][^()（）·・•\n]{1,60}[·・•][^()（）·・•\n\d]{0,12}\d{4}[^()（）·・•\n]{0,30}[·・•]\s*"
    r"[Pp](?:age)?\.?\s*\d{1,5}[）)]"
)


@functools.lru_cache(maxsize=64)
def _compile_citation(pattern: str) -> re.Pattern[str]:
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise InvalidInputError(
            f"citation pattern {pattern!r} is not a valid regular expression: {exc}",
            argument="pattern",
            value=pattern,
        ) from exc


def _citation_regex(pattern: str | re.Pattern[str] | None) -> re.Pattern[str]:
    if pattern is None:
        return _compile_citation(DEFAULT_CITATION_PATTERN)
    if isinstance(pattern, re.Pattern):
        return pattern
    if isinstance(pattern, str):
        return _compile_citation(pattern)
    raise InvalidInputError(
        f"citation pattern must be a string or compiled pattern, got {type(pattern).__name__}",
        argument="pattern",
        value=repr(pattern)[:80],
    )


@public
def citation_format_ok(text: str, pattern: str | re.Pattern[str] | None = None) -> bool:
    """Return True when ``text`` contains at least one citation in the expected format.

    The default pattern (``DEFAULT_CITATION_PATTERN``) accepts
    "(公司·2023年报·P12)" with ASCII or full-width brackets; pass another
    regular expression for other styles.

    Raises:
        InvalidInputError: ``pattern`` is not a valid regular expression.

    >>> citation_format_ok("营业收入 8.7 亿元（贵州茅台·2023年报·P12）")
    True
    >>> citation_format_ok("营业收入 8.7 亿元")
    False
    >>> citation_format_ok("Revenue was $383.3B [doc-17#p3].", r"\\[[\\w.-]+#p\\d+\\]")
    True
    """
    if not isinstance(text, str):
        return False
    return _citation_regex(pattern).search(text) is not None


# -- public entry points --------------------------------------------------------


def _expected(expected: object, dimension: str | None) -> tuple[Decimal, str | None]:
    if isinstance(expected, Quantity):
        return to_decimal(expected.value, field="expected"), dimension or expected.dimension
    return to_decimal(expected, field="expected"), dimension


def _interpret(
    candidates: Sequence[Quantity], text: str | None, dimension: str | None
) -> tuple[list[Decimal], list[str | None]]:
    """Candidate values with direction and loss words applied, and their dimensions.

    A candidate without a dimension is read in the expected ``dimension``, so
    a bare number asked as a ratio follows the ratio rules.
    """
    values: list[Decimal] = []
    dimensions: list[str | None] = []
    floor = 0
    for q in candidates:
        value = q.value
        if text is not None and q.span is not None:
            start, end = q.span
            if value > 0:
                ratio = (q.dimension or dimension) == "RATIO"
                if _direction(text, start, floor, ratio=ratio) < 0 or (
                    not ratio and _is_loss(text, start, floor)
                ):
                    value = -value
            floor = end
        values.append(value)
        dimensions.append(q.dimension)
    return values, dimensions


def _verdict_check(
    verdict: _Verdict,
    candidates: Sequence[Quantity],
    expected: Decimal,
    dimension: str | None,
    tolerance: Tolerance,
) -> AnswerCheck:
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
    )


def _reinterpret(q: Quantity, value: Decimal, dimension: str | None) -> Quantity:
    return dataclasses.replace(q, value=value, dimension=dimension)


def _tolerance(tolerance: object, dimension: str | None) -> Tolerance:
    if tolerance is None:
        return Tolerance.default_for(dimension)
    if not isinstance(tolerance, Tolerance):
        raise InvalidInputError(
            f"tolerance must be a Tolerance, got {type(tolerance).__name__}; "
            "e.g. Tolerance(rel='0.01') or Tolerance.from_dict({...})",
            argument="tolerance",
            value=repr(tolerance)[:80],
        )
    return tolerance


@public
def check_quantities(
    candidates: Iterable[Quantity],
    expected: Decimal | int | str | Quantity,
    *,
    dimension: str | None = None,
    tolerance: Tolerance | None = None,
    text: str | None = None,
) -> AnswerCheck:
    """Decide whether any of the given amounts is the expected value.

    This is ``check_answer`` without the parsing step, for callers who already
    hold ``Quantity`` values (from their own extraction or a structured answer).

    Args:
        candidates: Amounts in base units; a ``dimension`` of ``None`` (bare or
            scale-only amounts) is read in the expected dimension.
        expected: The gold value in base units (a ``Quantity`` also supplies its dimension).
        dimension: The expected dimension; a candidate in another currency never matches.
        tolerance: Defaults to ``Tolerance.default_for(dimension)``.
        text: The text the candidates' spans point into, so that direction
            words ("下降", "fell") can give the sign of a change.

    >>> from decimal import Decimal
    >>> q = Quantity(Decimal("3.03E+8"), "USD", unit="M", raw="$303M", span=(13, 18))
    >>> check_quantities([q], Decimal("302600000"), dimension="USD").matched
    True
    >>> check_quantities([q], Decimal("302600"), dimension="USD").reason
    'wrong_scale'
    """
    items = list(candidates)
    for q in items:
        if not isinstance(q, Quantity):
            raise InvalidInputError(
                f"check_quantities needs Quantity candidates, got {type(q).__name__}",
                argument="candidates",
                value=repr(q)[:80],
            )
    value, dim = _expected(expected, dimension)
    if dim is not None:
        check_known_dimension(dim)
    tol = _tolerance(tolerance, dim)
    with arithmetic():
        values, dims = _interpret(items, text, dim)
        verdict = _judge(values, dims, _Target(value, tol), dim, tol.ignore_sign)
    return _verdict_check(verdict, items, value, dim, tol)


_MAX_ANSWER_TEXT = 100_000


@public
def check_answer(
    text: str,
    expected: Decimal | int | str | Quantity,
    *,
    dimension: str | None = None,
    unit: str | None = None,
    tolerance: Tolerance | None = None,
    refusal_phrases: Iterable[str] | None = None,
) -> AnswerCheck:
    """Check a free-text answer against the expected value.

    Every amount in ``text`` is extracted with the parser.  Bare numbers are
    read in ``unit`` when given (the unit the question asked for: a unit-table
    token or a short phrase such as "million", "USD millions", "亿元",
    "单位：亿元", "percent"), otherwise in the expected dimension's base unit;
    scale-only amounts ("1476.94 亿") are read in the expected dimension.

    Args:
        text: The answer.
        expected: The gold value in base units (元 for CNY, 1 for RATIO).
        dimension: The expected dimension (``CNY``, ``USD``, ``RATIO``, …).
        unit: The unit bare numbers are written in.
        tolerance: Defaults to ``Tolerance.default_for(dimension)``.
        refusal_phrases: Replaces ``DEFAULT_REFUSAL_PHRASES``.

    Returns:
        An ``AnswerCheck``, truthy when matched, with the matching amount and its
        span, every candidate, and the reason when unmatched.

    Raises:
        InvalidInputError: ``text`` is not a string or is over 100,000 characters,
            or ``expected`` is not a decimal number.

    >>> check = check_answer("营业收入约为 1476.94 亿元", "147693604994.14", dimension="CNY")
    >>> bool(check), check.found.raw, check.found.span
    (True, '1476.94 亿元', (7, 17))
    >>> check_answer("rose 0.49%", "-0.0049", dimension="RATIO").reason
    'wrong_sign'
    >>> check_answer("研发投入 12.5", "1250000000", unit="亿元").describe()
    "ok: '12.5' = 1250000000 CNY"
    """
    if not isinstance(text, str):
        raise InvalidInputError(
            f"check_answer needs the answer text as a string, got {type(text).__name__}",
            argument="text",
            value=repr(text)[:80],
        )
    if len(text) > _MAX_ANSWER_TEXT:
        raise InvalidInputError(
            f"answer text of {len(text)} characters exceeds the limit of {_MAX_ANSWER_TEXT}",
            argument="text",
            value=text[:40] + "…",
            limit=_MAX_ANSWER_TEXT,
        )
    value, dim = _expected(expected, dimension)
    if dim is None and unit:
        dim = _unit_context(unit).dimension
    if dim is not None:
        check_known_dimension(dim)
    tol = _tolerance(tolerance, dim)
    return _check_text(text, value, dim, unit, tol, _refusal_pattern(refusal_phrases))


def _check_text(
    text: str,
    expected: Decimal,
    dimension: str | None,
    unit: str | None,
    tolerance: Tolerance,
    refusal: _RefusalMatcher,
) -> AnswerCheck:
    """``check_answer`` after validation: the amounts, unless a refusal governs them."""
    with arithmetic():
        if refusal.search(text) is None:  # the common case
            return _check_candidates(text, expected, dimension, unit, tolerance)
        candidates = _extract(text, unit)
        if not _refusal_governs(text, candidates, dimension, refusal):
            return _judge_candidates(text, candidates, expected, dimension, tolerance)
    return AnswerCheck(
        matched=False,
        reason="refused",
        expected=expected,
        dimension=dimension,
        found=None,
        candidates=(),
        relative_error=None,
        scale_factor=None,
        sign_ignored=False,
        tolerance=tolerance,
    )


def _check_candidates(
    text: str,
    expected: Decimal,
    dimension: str | None,
    unit: str | None,
    tolerance: Tolerance,
) -> AnswerCheck:
    """Extract and judge the amounts in ``text``; the caller holds ``arithmetic()``.

    This is the evaluation hot path: no validated models, one Target per answer.
    """
    return _judge_candidates(text, _extract(text, unit), expected, dimension, tolerance)


def _judge_candidates(
    text: str,
    candidates: list[Quantity],
    expected: Decimal,
    dimension: str | None,
    tolerance: Tolerance,
) -> AnswerCheck:
    """Judge amounts already extracted from ``text``; the caller holds ``arithmetic()``."""
    values, dims = _interpret(candidates, text, dimension)
    verdict = _judge(values, dims, _Target(expected, tolerance), dimension, tolerance.ignore_sign)
    return _verdict_check(verdict, candidates, expected, dimension, tolerance)


# -- parser integration ----------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _unit_context(unit: str) -> UnitContext:
    from .._reading.parse import unit_context_from_header

    return unit_context_from_header(unit)


def _extract(text: str, unit: str | None) -> list[Quantity]:
    """Every amount in ``text``, bare numbers read in ``unit``; call inside ``arithmetic()``.

    The declared unit is the parser's ``context``, so the parser reads every
    amount once, with its sign: "(1,577)" under "million" is -1,577,000,000.
    A unit written in the answer wins over the context: "8,743.2元" for a
    question asked in 万元 wrote 元, and is judged as written.
    """
    from .._reading.parse import extract_quantities

    context = _unit_context(unit) if unit else None
    found = extract_quantities(text, context=context)
    if "（" not in text and "(" not in text:  # the common case: no row label to read
        return found
    return [_with_row_unit(text, q, context) for q in found]


def _with_row_unit(text: str, q: Quantity, context: UnitContext | None) -> Quantity:
    """A bare number under a row label's unit ("| 营业收入（亿元） | 1,476.94 |") takes it.

    The row's own unit wins over the question's ``unit``, as it does in
    ``resolve``; a unit written at the number wins over both.
    """
    from .._grounding.documents import row_unit

    if q.span is None or not (q.unit is None or q.unit_from_context):
        return q
    row = row_unit(text, *q.span)
    if row is None:
        return q
    bare = q.value / context.multiplier if q.unit_from_context and context else q.value
    return dataclasses.replace(
        q,
        value=bare * row.context.multiplier,
        dimension=row.context.dimension,
        unit=row.context.unit,
        unit_from_context=True,
    )


def _find_cited_ids(text: str, ids: Iterable[str]) -> tuple[str, ...]:
    """The ids (sorted) that occur verbatim in ``text``.

    >>> _find_cited_ids("见 [doc-17#p3] 与 doc-2", ["doc-2", "doc-17", "doc-9"])
    ('doc-17', 'doc-2')
    """
    return tuple(sorted({i for i in ids if i and i in text}))

"""The verdict on one question: ``CaseResult`` and its reason codes.

Each ``CaseResult`` carries a *verdict* (``correct``/``partial``/``wrong``,
from its score under the scoring profile; ``not_scored`` for an unknown qid)
and a *reason*: the first problem found, in the order no_prediction,
refused, no_number, caliber_mismatch,
wrong_sign/wrong_scale/wrong_currency/wrong_dimension/wrong_value,
citation_miss; ``ok`` when there is none (``should_refuse`` for a no-answer
case that was answered).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, get_args

from .._values.decimals import arithmetic
from .._values.public import public
from .retrieval import RetrievalScores
from .tolerance import Tolerance

__all__ = ["REASONS", "CaliberStatus", "CaseResult", "Reason", "Verdict"]

#: Why a case failed (or ``ok``), in the order the checks run.
Reason = Literal[
    "ok",
    "no_prediction",
    "refused",
    "no_number",
    "caliber_mismatch",
    "wrong_sign",
    "wrong_scale",
    "wrong_currency",
    "wrong_dimension",
    "wrong_value",
    "citation_miss",
    "should_refuse",
    "unknown_qid",
]
#: Every reason code, in the order the checks run.
REASONS: tuple[str, ...] = get_args(Reason)
Verdict = Literal["correct", "partial", "wrong", "not_scored"]
CaliberStatus = Literal["ok", "mismatch", "unchecked"]

_ZERO = Decimal(0)


def _dec(value: Decimal | None) -> str | None:
    return None if value is None else format(value, "f")


@public
@dataclass(frozen=True, slots=True)
class CaseResult:
    """The verdict on one question, with the evidence behind it.

    Attributes:
        qid: The question id.
        category: The gold case's category (``None`` for an unknown qid).
        kind: ``extraction`` or ``derived`` (``None`` for an unknown qid).
        answerable: True when gold has a value, False when it expects a refusal,
            ``None`` for a prediction whose qid is not in gold.
        verdict: ``correct``, ``partial``, ``wrong`` or ``not_scored``.
        reason: The first problem found (see ``REASONS``), ``ok`` when none.
        score: The score under the profile (0 to 1).
        answered: The prediction carried a value and was not a refusal.
        refused: The prediction refused (given, or detected from its text).
        numeric_ok: The value matched gold within tolerance.
        caliber: ``ok``, ``mismatch`` or ``unchecked`` (no caliber on one side,
            or not answered).
        caliber_diff: The caliber fields that differ, for ``mismatch``.
        citation_hit: A gold evidence id was cited (``None`` when not checkable).
        citation_format_ok: The text holds a well-formed citation (``None`` without text).
        gold: The gold value.
        found: The value found (interpreted: direction words applied).
        found_raw: The amount as written in the answer text.
        span: Offsets of ``found_raw`` in the answer text.
        dimension: The gold dimension.
        found_dimension: The dimension of the value found.
        relative_error: ``|found - gold| / |gold|`` rounded to 1e-6.
        scale_factor: For ``wrong_scale``, the power of ten the value is off by.
        sign_ignored: The match used ``Tolerance(ignore_sign=True)``.
        source: ``structured`` or ``text``: where the value came from.
        notes: Sorted remarks (``duplicate_gold``, ``duplicate_prediction``).
        retrieval: Retrieval scores when the prediction lists retrieved ids.
        tolerance: The tolerance applied.
    """

    qid: str
    category: str | None
    kind: str | None
    answerable: bool | None
    verdict: Verdict
    reason: Reason
    score: Decimal = _ZERO
    answered: bool = False
    refused: bool = False
    numeric_ok: bool = False
    caliber: CaliberStatus = "unchecked"
    caliber_diff: tuple[str, ...] = ()
    citation_hit: bool | None = None
    citation_format_ok: bool | None = None
    gold: Decimal | None = None
    found: Decimal | None = None
    found_raw: str | None = None
    span: tuple[int, int] | None = None
    dimension: str | None = None
    found_dimension: str | None = None
    relative_error: Decimal | None = None
    scale_factor: Decimal | None = None
    sign_ignored: bool = False
    source: Literal["structured", "text"] | None = None
    notes: tuple[str, ...] = ()
    retrieval: RetrievalScores | None = None
    tolerance: Tolerance | None = None

    @property
    def failed(self) -> bool:
        """True for a scored case with a problem (reason other than ``ok``)."""
        return self.reason != "ok" and self.verdict != "not_scored"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (Decimals as strings, never floats).

        >>> CaseResult("q9", None, None, None, "not_scored", "unknown_qid").to_dict()["reason"]
        'unknown_qid'
        """
        return {
            "qid": self.qid,
            "category": self.category,
            "kind": self.kind,
            "answerable": self.answerable,
            "verdict": self.verdict,
            "reason": self.reason,
            "score": _dec(self.score),
            "answered": self.answered,
            "refused": self.refused,
            "numeric_ok": self.numeric_ok,
            "caliber": self.caliber,
            "caliber_diff": list(self.caliber_diff),
            "citation_hit": self.citation_hit,
            "citation_format_ok": self.citation_format_ok,
            "gold": _dec(self.gold),
            "found": _dec(self.found),
            "found_raw": self.found_raw,
            "span": None if self.span is None else list(self.span),
            "dimension": self.dimension,
            "found_dimension": self.found_dimension,
            "relative_error": _dec(self.relative_error),
            "scale_factor": _dec(self.scale_factor),
            "sign_ignored": self.sign_ignored,
            "source": self.source,
            "notes": list(self.notes),
            "retrieval": None if self.retrieval is None else self.retrieval.to_dict(),
            "tolerance": None if self.tolerance is None else self.tolerance.to_dict(),
        }

    def to_row(self) -> dict[str, Any]:
        """A flat dict (one DataFrame row); retrieval scores become columns."""
        row = self.to_dict()
        row["caliber_diff"] = ",".join(self.caliber_diff)
        row["notes"] = ",".join(self.notes)
        row["span"] = None if self.span is None else f"{self.span[0]}:{self.span[1]}"
        tolerance = row.pop("tolerance")
        row["tolerance"] = None if tolerance is None else _tolerance_text(self.tolerance)
        retrieval = row.pop("retrieval")
        for name in ("hit_at_k", "recall_at_k", "mrr", "ndcg_at_k"):
            row[name] = None if retrieval is None else retrieval[name]
        return row

    def detail(self) -> str:
        """A short human explanation of the reason."""
        if self.reason == "caliber_mismatch":
            return "caliber differs in " + ", ".join(self.caliber_diff)
        if self.reason == "wrong_scale" and self.scale_factor is not None:
            return f"off by ×{_power_of_ten(self.scale_factor)}"
        if self.reason == "wrong_value" and self.relative_error is not None:
            return f"relative error {_percent_text(self.relative_error)}"
        if self.reason == "wrong_sign":
            return "opposite sign"
        if self.reason == "citation_miss":
            return "no gold evidence id cited"
        if self.reason in ("wrong_currency", "wrong_dimension"):
            return f"{self.found_dimension or '?'} instead of {self.dimension}"
        if self.reason == "should_refuse":
            return "answered a question whose answer is not in the documents"
        if self.reason == "refused":
            return "refused an answerable question"
        return ""


def _tolerance_text(tolerance: Tolerance | None) -> str | None:
    if tolerance is None:
        return None
    parts = []
    if tolerance.abs is not None:
        parts.append(f"abs={tolerance.abs}")
    if tolerance.rel is not None:
        parts.append(f"rel={tolerance.rel}")
    if tolerance.precision_aware:
        parts.append("precision")
    if tolerance.ignore_sign:
        parts.append("ignore_sign")
    return " ".join(parts)


def _power_of_ten(factor: Decimal) -> str:
    exponent = factor.adjusted()
    return f"10^{exponent}"


def _percent_text(value: Decimal) -> str:
    with arithmetic():
        return f"{value * 100:.2f}%"

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

from .._base.exceptions import InvalidInputError
from .._base.public import public
from .._values.decimals import arithmetic
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
    "ambiguous",
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
        question: The gold case's question text, if given.
        answer: The prediction's free-text answer, if any.
        selection: Why the figure judged was chosen (``AnswerCheck.selection``:
            ``conclusion``, ``last_statement``, ``subject``, ``any``, ``none``), for a text answer.
        marker: The conclusion marker the figure followed ("Therefore"), if any.
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
    question: str | None = None
    answer: str | None = None
    selection: str | None = None
    marker: str | None = None

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
            "question": self.question,
            "answer": self.answer,
            "selection": self.selection,
            "marker": self.marker,
        }

    @classmethod
    def from_dict(cls, data: Any) -> CaseResult:
        """Rebuild a CaseResult from ``to_dict`` output (as read back from JSON).

        Raises:
            InvalidInputError: ``data`` is not such a dict.

        >>> from decimal import Decimal
        >>> case = CaseResult("q1", "x", "extraction", True, "correct", "ok",
        ...                   gold=Decimal("8.7E+8"))
        >>> CaseResult.from_dict(case.to_dict()) == case
        True
        """
        try:
            return _case_from_dict(data)
        except (KeyError, TypeError, ValueError, ArithmeticError) as exc:
            raise InvalidInputError(
                f"not a CaseResult dict (as written by CaseResult.to_dict): {exc}",
                argument="data",
                value=repr(data)[:80],
            ) from exc

    def to_row(self) -> dict[str, Any]:
        """A flat dict of typed values (one DataFrame row); retrieval scores become columns.

        Numbers are ``Decimal`` (values, score, errors) or ``float`` (retrieval),
        flags ``bool``, offsets ``int``; with the question, the answer text and
        the figure judged (``found_raw``), so ``pandas.DataFrame(report.to_rows())``
        needs no parsing.

        >>> from decimal import Decimal
        >>> row = CaseResult("q1", "x", "extraction", True, "correct", "ok",
        ...                  gold=Decimal("8.7E+8"), span=(3, 9)).to_row()
        >>> row["gold"], row["span_start"], row["answered"]
        (Decimal('8.7E+8'), 3, False)
        """
        retrieval = self.retrieval
        return {
            "qid": self.qid,
            "category": self.category,
            "kind": self.kind,
            "question": self.question,
            "answer": self.answer,
            "answerable": self.answerable,
            "verdict": self.verdict,
            "reason": self.reason,
            "score": self.score,
            "answered": self.answered,
            "refused": self.refused,
            "numeric_ok": self.numeric_ok,
            "caliber": self.caliber,
            "caliber_diff": ",".join(self.caliber_diff),
            "citation_hit": self.citation_hit,
            "citation_format_ok": self.citation_format_ok,
            "gold": self.gold,
            "found": self.found,
            "found_raw": self.found_raw,
            "span_start": None if self.span is None else self.span[0],
            "span_end": None if self.span is None else self.span[1],
            "selection": self.selection,
            "marker": self.marker,
            "dimension": self.dimension,
            "found_dimension": self.found_dimension,
            "relative_error": self.relative_error,
            "scale_factor": self.scale_factor,
            "sign_ignored": self.sign_ignored,
            "source": self.source,
            "notes": ",".join(self.notes),
            "tolerance": _tolerance_text(self.tolerance),
            "hit_at_k": None if retrieval is None else retrieval.hit,
            "recall_at_k": None if retrieval is None else retrieval.recall,
            "mrr": None if retrieval is None else retrieval.mrr,
            "ndcg_at_k": None if retrieval is None else retrieval.ndcg,
        }

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


def _decimal_or_none(value: Any) -> Decimal | None:
    return None if value is None else Decimal(value)


def _case_from_dict(data: Any) -> CaseResult:
    """``CaseResult.from_dict`` without the error translation."""
    retrieval = data.get("retrieval")
    tolerance = data.get("tolerance")
    span = data.get("span")
    return CaseResult(
        data["qid"],
        data["category"],
        data["kind"],
        data["answerable"],
        data["verdict"],
        data["reason"],
        score=Decimal(data["score"]),
        answered=bool(data["answered"]),
        refused=bool(data["refused"]),
        numeric_ok=bool(data["numeric_ok"]),
        caliber=data["caliber"],
        caliber_diff=tuple(data["caliber_diff"]),
        citation_hit=data["citation_hit"],
        citation_format_ok=data["citation_format_ok"],
        gold=_decimal_or_none(data["gold"]),
        found=_decimal_or_none(data["found"]),
        found_raw=data["found_raw"],
        span=None if span is None else (int(span[0]), int(span[1])),
        dimension=data["dimension"],
        found_dimension=data["found_dimension"],
        relative_error=_decimal_or_none(data["relative_error"]),
        scale_factor=_decimal_or_none(data["scale_factor"]),
        sign_ignored=bool(data["sign_ignored"]),
        source=data["source"],
        notes=tuple(data["notes"]),
        retrieval=None if retrieval is None else RetrievalScores.from_dict(retrieval),
        tolerance=None if tolerance is None else Tolerance.from_dict(tolerance),
        question=data.get("question"),
        answer=data.get("answer"),
        selection=data.get("selection"),
        marker=data.get("marker"),
    )


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
    if tolerance.precision_aware and tolerance.rounding_slack:
        parts.append("slack")
    return " ".join(parts)


def _power_of_ten(factor: Decimal) -> str:
    exponent = factor.adjusted()
    return f"10^{exponent}"


def _percent_text(value: Decimal) -> str:
    with arithmetic():
        return f"{value * 100:.2f}%"

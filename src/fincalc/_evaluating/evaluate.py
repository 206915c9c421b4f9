"""``evaluate``: score predictions against gold cases into an ``EvalReport``.

Semantics (DESIGN.md "Evaluation semantics"; docs/evaluating.md has every
definition with examples):

* A case is *answered* when the prediction carries a value (structured, or an
  amount extracted from its text) and is not a refusal.
* Gold cases with a value are *answerable*; gold cases without one expect a
  refusal and are scored apart (``refusal_accuracy``), never mixed into the
  numeric averages.
* Each ``CaseResult`` carries a *verdict* (``correct``/``partial``/``wrong``,
  from its score under the scoring profile) and a *reason*: the first problem
  found, in the order no_prediction, refused, no_number, caliber_mismatch,
  wrong_sign/wrong_scale/wrong_currency/wrong_dimension/wrong_value,
  citation_miss; ``ok`` when there is none.
* ``EvalReport`` is computed from its CaseResults alone (sorted by qid), so
  the report of shards combined equals the report of the whole.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from .._values.decimals import arithmetic, to_decimal
from .._values.errors import InvalidInputError
from .._values.public import public
from .answers import (
    AnswerCheck,
    Tolerance,
    _check_candidates,
    _citation_regex,
    _extract,
    _find_cited_ids,
    _judge,
    _judge_candidates,
    _refusal_governs,
    _refusal_pattern,
    _RefusalMatcher,
    _Target,
)
from .retrieval import RetrievalScores

if TYPE_CHECKING:
    from .records import GoldCase, Prediction

__all__ = [
    "PROFILES",
    "CaseResult",
    "EvalReport",
    "Metrics",
    "Proportion",
    "ReportComparison",
    "ScoringProfile",
    "compare_reports",
    "evaluate",
]

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
REASONS: tuple[str, ...] = (
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
)
Verdict = Literal["correct", "partial", "wrong", "not_scored"]
CaliberStatus = Literal["ok", "mismatch", "unchecked"]

_ZERO = Decimal(0)
_ONE = Decimal(1)


# -- scoring profiles -------------------------------------------------------------


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
        return _profile(name)

    @staticmethod
    def available() -> tuple[str, ...]:
        """Names of the built-in profiles.

        >>> ScoringProfile.available()
        ('graded', 'strict')
        """
        return tuple(sorted(PROFILES))

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


def _profile(profile: str | ScoringProfile) -> ScoringProfile:
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


# -- per-case result ----------------------------------------------------------------


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


# -- aggregates ------------------------------------------------------------------


@public
@dataclass(frozen=True, slots=True)
class Proportion:
    """A proportion of cases (a metric): always with its numerator and denominator.

    ``value`` is ``None`` when the denominator is zero (nothing to measure).

    >>> r = Proportion(5, 6)
    >>> r.value, str(r)
    (0.8333333333333334, '83.3% (5/6)')
    """

    numerator: int | float
    denominator: int

    @property
    def value(self) -> float | None:
        """``numerator / denominator``, or ``None`` when the denominator is zero."""
        return self.numerator / self.denominator if self.denominator else None

    def to_dict(self) -> dict[str, Any]:
        """``{"numerator": …, "denominator": …, "value": …}``."""
        return {"numerator": self.numerator, "denominator": self.denominator, "value": self.value}

    def __str__(self) -> str:
        if not self.denominator:
            return "—"
        num = self.numerator
        return f"{100 * num / self.denominator:.1f}% ({_num(num)}/{self.denominator})"


_METRIC_NAMES = (
    "numeric_accuracy",
    "caliber_error_rate",
    "conditional_numeric_accuracy",
    "citation_hit_rate",
    "citation_format_rate",
    "answer_rate",
    "false_refusal_rate",
    "refusal_accuracy",
    "mean_score",
    "hit_at_k",
    "recall_at_k",
    "mrr",
    "ndcg_at_k",
)


@public
@dataclass(frozen=True, slots=True)
class Metrics:
    """Every aggregate over a set of CaseResults (docs/evaluating.md defines each).

    Over answerable cases (gold has a value), A:
    ``numeric_accuracy`` = numeric_ok ∧ caliber not mismatched / |A|;
    ``caliber_error_rate`` = answered ∧ caliber mismatched / |A|;
    ``conditional_numeric_accuracy`` = numeric_ok ∧ caliber ok / answered ∧ caliber ok;
    ``citation_hit_rate`` = cited a gold id / answered with gold ids;
    ``citation_format_rate`` = well-formed citation / answered with text;
    ``answer_rate`` = answered / |A|; ``false_refusal_rate`` = refused / |A|;
    ``mean_score`` = Σ score / |A|.  Over no-answer cases, N:
    ``refusal_accuracy`` = refused / |N|.  Retrieval means are over cases whose
    prediction lists retrieved ids and whose gold lists evidence ids.
    """

    cases: int
    answerable: int
    no_answer: int
    numeric_accuracy: Proportion
    caliber_error_rate: Proportion
    conditional_numeric_accuracy: Proportion
    citation_hit_rate: Proportion
    citation_format_rate: Proportion
    answer_rate: Proportion
    false_refusal_rate: Proportion
    refusal_accuracy: Proportion
    mean_score: Proportion
    hit_at_k: Proportion
    recall_at_k: Proportion
    mrr: Proportion
    ndcg_at_k: Proportion

    @classmethod
    def from_cases(cls, cases: Sequence[CaseResult]) -> Metrics:
        """Compute every aggregate from ``cases`` (in the given order)."""
        n_a = n_no = 0
        numeric = cal_err = cal_ok = cond = cited_d = cited_n = 0
        fmt_d = fmt_n = answered = refused = refusal_ok = 0
        score = _ZERO
        r_n = 0
        hit = recall = rr = ndcg = 0.0
        for c in cases:
            if c.retrieval is not None:
                r_n += 1
                hit += c.retrieval.hit
                recall += c.retrieval.recall
                rr += c.retrieval.mrr
                ndcg += c.retrieval.ndcg
            if c.answerable is None:
                continue
            if not c.answerable:
                n_no += 1
                refusal_ok += c.refused
                continue
            n_a += 1
            score += c.score
            refused += c.refused
            if c.numeric_ok and c.caliber != "mismatch":
                numeric += 1
            if not c.answered:
                continue
            answered += 1
            if c.caliber == "mismatch":
                cal_err += 1
            elif c.caliber == "ok":
                cal_ok += 1
                cond += c.numeric_ok
            if c.citation_hit is not None:
                cited_d += 1
                cited_n += c.citation_hit
            if c.citation_format_ok is not None:
                fmt_d += 1
                fmt_n += c.citation_format_ok
        return cls(
            cases=len(cases),
            answerable=n_a,
            no_answer=n_no,
            numeric_accuracy=Proportion(numeric, n_a),
            caliber_error_rate=Proportion(cal_err, n_a),
            conditional_numeric_accuracy=Proportion(cond, cal_ok),
            citation_hit_rate=Proportion(cited_n, cited_d),
            citation_format_rate=Proportion(fmt_n, fmt_d),
            answer_rate=Proportion(answered, n_a),
            false_refusal_rate=Proportion(refused, n_a),
            refusal_accuracy=Proportion(refusal_ok, n_no),
            mean_score=Proportion(_number(score), n_a),
            hit_at_k=Proportion(hit, r_n),
            recall_at_k=Proportion(recall, r_n),
            mrr=Proportion(rr, r_n),
            ndcg_at_k=Proportion(ndcg, r_n),
        )

    def ratios(self) -> dict[str, Proportion]:
        """Every ratio by metric name, in a fixed order."""
        return {name: getattr(self, name) for name in _METRIC_NAMES}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the counts and every ratio with numerator and denominator."""
        data: dict[str, Any] = {
            "cases": self.cases,
            "answerable": self.answerable,
            "no_answer": self.no_answer,
        }
        data.update({name: ratio.to_dict() for name, ratio in self.ratios().items()})
        return data


def _number(value: Decimal) -> int | float:
    integral = value.to_integral_value()
    return int(integral) if integral == value else float(value)


# -- the report -------------------------------------------------------------------

_DIGITS = re.compile(r"(\d+)")


def _pad_digits(match: re.Match[str]) -> str:
    digits = match.group()
    return f"{len(digits):03d}{digits}"


def _natural_key(qid: str) -> tuple[str, str]:
    """Sort key comparing digit runs as numbers ("q2" before "q10"); total on distinct qids."""
    return _DIGITS.sub(_pad_digits, qid), qid


@public
@dataclass(frozen=True)
class EvalReport:
    """Aggregates, breakdowns and one ``CaseResult`` per question.

    Built purely from its cases (sorted by qid, digits compared as numbers),
    so ``EvalReport.combine`` of shard reports equals the report of the whole.

    Attributes:
        cases: Every CaseResult, sorted by qid.
        profile: The scoring profile used.
        retrieval_k: The cut-off of the retrieval metrics.
        metrics: Aggregates over all cases.
        by_category: Aggregates per gold category (sorted).
        by_reason: Case counts per reason code (sorted by the order checks run).
    """

    cases: tuple[CaseResult, ...]
    profile: ScoringProfile = PROFILES["strict"]
    retrieval_k: int = 5
    metrics: Metrics = field(init=False, compare=False, repr=False)
    by_category: dict[str, Metrics] = field(init=False, compare=False, repr=False)
    by_reason: dict[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        cases = tuple(sorted(self.cases, key=lambda c: _natural_key(c.qid)))
        seen: set[str] = set()
        for case in cases:
            if case.qid in seen:
                raise InvalidInputError(
                    f"two CaseResults share qid {case.qid!r}; shards passed to "
                    "EvalReport.combine must partition the questions",
                    argument="cases",
                    value=case.qid,
                )
            seen.add(case.qid)
        object.__setattr__(self, "cases", cases)
        object.__setattr__(self, "metrics", Metrics.from_cases(cases))
        groups: dict[str, list[CaseResult]] = {}
        for case in cases:
            if case.category is not None:
                groups.setdefault(case.category, []).append(case)
        object.__setattr__(
            self,
            "by_category",
            {name: Metrics.from_cases(groups[name]) for name in sorted(groups)},
        )
        counts: dict[str, int] = {}
        for case in cases:
            counts[case.reason] = counts.get(case.reason, 0) + 1
        object.__setattr__(
            self, "by_reason", {r: counts[r] for r in sorted(counts, key=REASONS.index)}
        )

    # The headline aggregates, for convenience.
    @property
    def numeric_accuracy(self) -> Proportion:
        """numeric_ok ∧ caliber not mismatched, over answerable cases."""
        return self.metrics.numeric_accuracy

    @property
    def caliber_error_rate(self) -> Proportion:
        """Answered with a mismatched caliber, over answerable cases."""
        return self.metrics.caliber_error_rate

    @property
    def conditional_numeric_accuracy(self) -> Proportion:
        """numeric_ok among answered cases whose caliber matched (never above 1)."""
        return self.metrics.conditional_numeric_accuracy

    @property
    def citation_hit_rate(self) -> Proportion:
        """Cited a gold evidence id, over answered cases that list gold ids."""
        return self.metrics.citation_hit_rate

    @property
    def citation_format_rate(self) -> Proportion:
        """Held a well-formed citation, over answered cases with text."""
        return self.metrics.citation_format_rate

    @property
    def answer_rate(self) -> Proportion:
        """Answered, over answerable cases."""
        return self.metrics.answer_rate

    @property
    def false_refusal_rate(self) -> Proportion:
        """Refused, over answerable cases."""
        return self.metrics.false_refusal_rate

    @property
    def refusal_accuracy(self) -> Proportion:
        """Refused, over cases whose gold expects a refusal."""
        return self.metrics.refusal_accuracy

    @property
    def mean_score(self) -> Proportion:
        """Sum of scores under the profile, over answerable cases."""
        return self.metrics.mean_score

    @property
    def failures(self) -> tuple[CaseResult, ...]:
        """Scored cases with a problem (reason other than ``ok``), in qid order."""
        return tuple(c for c in self.cases if c.failed)

    @classmethod
    def combine(cls, reports: Iterable[EvalReport]) -> EvalReport:
        """The report of the whole from reports of disjoint shards.

        Raises:
            InvalidInputError: the shards used different profiles or cut-offs,
                or share a qid.

        >>> a = EvalReport((CaseResult("q1", "x", "extraction", True, "correct", "ok"),))
        >>> b = EvalReport((CaseResult("q2", "x", "extraction", True, "wrong", "no_prediction"),))
        >>> str(EvalReport.combine([a, b]).answer_rate)
        '0.0% (0/2)'
        """
        items = list(reports)
        if not items:
            return cls(())
        first = items[0]
        for other in items[1:]:
            if other.profile != first.profile or other.retrieval_k != first.retrieval_k:
                raise InvalidInputError(
                    "cannot combine reports made with different scoring profiles or "
                    f"retrieval cut-offs ({first.profile.name}@{first.retrieval_k} vs "
                    f"{other.profile.name}@{other.retrieval_k})",
                    argument="reports",
                    value=other.profile.name,
                )
        cases = tuple(case for report in items for case in report.cases)
        return cls(cases, profile=first.profile, retrieval_k=first.retrieval_k)

    # -- output ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: profile, aggregates, breakdowns and every case."""
        return {
            "format": "fincalc.eval_report/1",
            "profile": self.profile.to_dict(),
            "retrieval_k": self.retrieval_k,
            "metrics": self.metrics.to_dict(),
            "by_category": {name: m.to_dict() for name, m in self.by_category.items()},
            "by_reason": dict(self.by_reason),
            "cases": [case.to_dict() for case in self.cases],
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """Deterministic JSON: the same inputs give byte-identical text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent, sort_keys=True)

    def to_rows(self) -> list[dict[str, Any]]:
        """One flat dict per case, ready for ``pandas.DataFrame(report.to_rows())``."""
        return [case.to_row() for case in self.cases]

    def __str__(self) -> str:
        return _render_text(self)

    def _repr_html_(self) -> str:
        return _render_html(self)

    def to_html(self) -> str:
        """A standalone HTML page with the aggregates, breakdowns and failing cases."""
        return _html_page("fincalc evaluation", _render_html(self))


# -- evaluation ---------------------------------------------------------------------


class _Options:
    __slots__ = ("citation", "profile", "refusal", "retrieval_k", "tolerance")

    def __init__(
        self,
        tolerance: Tolerance | None,
        profile: ScoringProfile,
        refusal: _RefusalMatcher,
        citation: re.Pattern[str],
        retrieval_k: int,
    ) -> None:
        self.tolerance = tolerance
        self.profile = profile
        self.refusal = refusal
        self.citation = citation
        self.retrieval_k = retrieval_k


def _as_records(
    items: Iterable[Any], kind: Literal["gold", "predictions"]
) -> list[GoldCase] | list[Prediction]:
    from .records import GoldCase, Prediction, load_gold, load_predictions

    model: type[GoldCase] | type[Prediction] = GoldCase if kind == "gold" else Prediction
    if isinstance(items, str) or not isinstance(items, Iterable):
        raise InvalidInputError(
            f"evaluate needs {kind} as an iterable of records, got {type(items).__name__}; "
            f"load files with load_{kind}()",
            argument=kind,
            value=repr(items)[:80],
        )
    records = list(items)
    if all(isinstance(r, model) for r in records):
        return records
    return load_gold(records) if kind == "gold" else load_predictions(records)


@public
def evaluate(
    predictions: Iterable[Prediction | Mapping[str, Any]],
    gold: Iterable[GoldCase | Mapping[str, Any]],
    *,
    tolerance: Tolerance | None = None,
    profile: str | ScoringProfile = "strict",
    refusal_phrases: Iterable[str] | None = None,
    citation_pattern: str | re.Pattern[str] | None = None,
    retrieval_k: int = 5,
    workers: int = 1,
) -> EvalReport:
    """Score predictions against gold cases.

    Args:
        predictions: ``Prediction`` records (or dicts, validated on the way in).
        gold: ``GoldCase`` records (or dicts).
        tolerance: Applied to every case without its own override (default:
            ``Tolerance.default_for`` the case's dimension).
        profile: ``"strict"``, ``"graded"`` or a ``ScoringProfile``.
        refusal_phrases: Replaces ``DEFAULT_REFUSAL_PHRASES``.
        citation_pattern: Replaces ``DEFAULT_CITATION_PATTERN``.
        retrieval_k: Cut-off for hit@k, recall@k and nDCG@k.
        workers: Score in up to this many processes (at least
            ``MIN_CASES_PER_WORKER`` cases each). Cases are split into
            contiguous shards and their results concatenated in order, so the
            report is identical to a single-process run. Workers are forked
            where the platform allows; on spawn-only platforms (Windows) the
            calling script needs an ``if __name__ == "__main__":`` guard.

    Returns:
        An ``EvalReport``.  Duplicate qids (the first record is used and the
        case notes it), predictions for unknown qids (``unknown_qid``, not
        scored) and gold cases with no prediction (``no_prediction``) are
        reported, never raised.

    Raises:
        InvalidRecordError: a dict record fails validation.
        InvalidInputError: an option is invalid.

    >>> gold = [{"qid": "q1", "value": "302600000", "dimension": "USD", "category": "precision"}]
    >>> report = evaluate([{"qid": "q1", "value": "3.03E+8"}], gold)
    >>> str(report.numeric_accuracy), report.cases[0].reason
    ('100.0% (1/1)', 'ok')
    """
    if isinstance(retrieval_k, bool) or not isinstance(retrieval_k, int) or retrieval_k < 1:
        raise InvalidInputError(
            f"retrieval_k must be a positive int, got {retrieval_k!r}",
            argument="retrieval_k",
            value=repr(retrieval_k),
        )
    if tolerance is not None and not isinstance(tolerance, Tolerance):
        raise InvalidInputError(
            f"tolerance must be a Tolerance, got {type(tolerance).__name__}",
            argument="tolerance",
            value=repr(tolerance)[:80],
        )
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidInputError(
            f"workers must be a positive int, got {workers!r}",
            argument="workers",
            value=repr(workers),
        )
    option_args = (
        tolerance,
        _profile(profile),
        None if refusal_phrases is None else tuple(refusal_phrases),
        citation_pattern,
        retrieval_k,
    )
    options = _make_options(option_args)
    gold_records: list[GoldCase] = _as_records(gold, "gold")  # type: ignore[assignment]
    pred_records: list[Prediction] = _as_records(predictions, "predictions")  # type: ignore[assignment]

    gold_by_qid: dict[str, GoldCase] = {}
    duplicate_gold: set[str] = set()
    for case in gold_records:
        if case.qid in gold_by_qid:
            duplicate_gold.add(case.qid)
        else:
            gold_by_qid[case.qid] = case
    pred_by_qid: dict[str, Prediction] = {}
    duplicate_pred: set[str] = set()
    for pred in pred_records:
        if pred.qid in pred_by_qid:
            duplicate_pred.add(pred.qid)
        else:
            pred_by_qid[pred.qid] = pred

    items = [
        (case, pred_by_qid.get(qid), _notes(qid, duplicate_gold, duplicate_pred))
        for qid, case in gold_by_qid.items()
    ]
    processes = min(workers, len(items) // MIN_CASES_PER_WORKER)
    if processes > 1:
        results = _score_in_processes(items, option_args, processes)
    else:
        with arithmetic():
            results = [_score(case, pred, options, notes) for case, pred, notes in items]
    for qid in sorted(set(pred_by_qid) - set(gold_by_qid)):
        notes = _notes(qid, duplicate_gold, duplicate_pred)
        results.append(CaseResult(qid, None, None, None, "not_scored", "unknown_qid", notes=notes))
    return EvalReport(tuple(results), profile=options.profile, retrieval_k=retrieval_k)


#: The fewest cases a worker process is started for (a process costs ~0.3 s to start).
MIN_CASES_PER_WORKER = 2_000

_OptionArgs = tuple["Tolerance | None", "ScoringProfile", "tuple[str, ...] | None", Any, int]
_Item = tuple["GoldCase", "Prediction | None", tuple[str, ...]]


def _make_options(args: _OptionArgs) -> _Options:
    tolerance, profile, phrases, citation_pattern, retrieval_k = args
    return _Options(
        tolerance,
        profile,
        _refusal_pattern(phrases),
        _citation_regex(citation_pattern),
        retrieval_k,
    )


def _score_shard(shard: tuple[list[_Item], _OptionArgs]) -> list[CaseResult]:
    items, option_args = shard
    options = _make_options(option_args)
    with arithmetic():
        return [_score(case, pred, options, notes) for case, pred, notes in items]


# Set in the parent just before forking, so forked workers read the cases from
# inherited memory instead of receiving them pickled.
_FORKED: tuple[list[_Item], _OptionArgs] | None = None


def _score_forked_range(bounds: tuple[int, int]) -> list[CaseResult]:
    if _FORKED is None:  # pragma: no cover - only reachable in a mis-started worker
        raise InvalidInputError("evaluate worker started without its cases", argument="workers")
    items, option_args = _FORKED
    return _score_shard((items[bounds[0] : bounds[1]], option_args))


def _score_in_processes(
    items: list[_Item], option_args: _OptionArgs, processes: int
) -> list[CaseResult]:
    global _FORKED
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    size = -(-len(items) // processes)
    bounds = [(i, min(i + size, len(items))) for i in range(0, len(items), size)]
    if "fork" in multiprocessing.get_all_start_methods():
        # Forked workers inherit the loaded tables and the cases; the caller's
        # script needs no __main__ guard.
        _FORKED = (items, option_args)
        try:
            forked = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(max_workers=processes, mp_context=forked) as pool:
                shards = list(pool.map(_score_forked_range, bounds))
        finally:
            _FORKED = None
    else:  # spawn-only platforms: the cases travel pickled
        spawned = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=processes, mp_context=spawned) as pool:
            shards = list(pool.map(_score_shard, [(items[a:b], option_args) for a, b in bounds]))
    return [result for shard in shards for result in shard]


def _notes(qid: str, duplicate_gold: set[str], duplicate_pred: set[str]) -> tuple[str, ...]:
    if not duplicate_gold and not duplicate_pred:
        return ()
    notes = []
    if qid in duplicate_gold:
        notes.append("duplicate_gold")
    if qid in duplicate_pred:
        notes.append("duplicate_prediction")
    return tuple(notes)


_CHECK_REASON: dict[str, Reason] = {
    "ok": "ok",
    "no_number": "no_number",
    "refused": "refused",
    "wrong_sign": "wrong_sign",
    "wrong_scale": "wrong_scale",
    "wrong_currency": "wrong_currency",
    "wrong_dimension": "wrong_dimension",
    "out_of_tolerance": "wrong_value",
}


def _score(
    gold: GoldCase, pred: Prediction | None, options: _Options, notes: tuple[str, ...]
) -> CaseResult:
    """Score one case; runs inside ``arithmetic()`` (the caller's context)."""
    answerable = gold.value is not None
    if pred is None:
        return CaseResult(
            gold.qid,
            gold.category,
            gold.kind,
            answerable,
            "wrong",
            "no_prediction",
            gold=gold.value,
            dimension=gold.dimension,
            notes=notes,
        )
    text = pred.text
    # ``refused`` stays None while a refusal phrase was found but the amounts
    # in the text have not yet been read (``_refusal_governs`` decides).
    refused = pred.refused
    if refused is None and (text is None or options.refusal.search(text) is None):
        refused = False
    retrieval = None
    if pred.retrieved is not None:
        if gold.relevance and any(grade > 0 for grade in gold.relevance.values()):
            retrieval = RetrievalScores.compute(
                pred.retrieved, gold.relevance, k=options.retrieval_k
            )
        elif gold.evidence_ids:
            retrieval = RetrievalScores.compute(
                pred.retrieved, gold.evidence_ids, k=options.retrieval_k
            )

    tolerance = gold.tolerance or options.tolerance or Tolerance.default_for(gold.dimension)
    check: AnswerCheck | None = None
    source: Literal["structured", "text"] | None = None
    found = found_raw = span = found_dim = None
    answered = False
    if not refused:
        if pred.value is not None:
            if refused is None:
                refused = _refusal_governs(
                    text or "", _extract(text or "", gold.unit), gold.dimension, options.refusal
                )
            if not refused:
                source, answered = "structured", True
                found, found_dim = pred.value, pred.dimension or gold.dimension
        elif text is not None:
            if refused is None:  # a refusal phrase: the amounts decide, judged only if needed
                candidates = _extract(text, gold.unit)
                refused = _refusal_governs(text, candidates, gold.dimension, options.refusal)
                if not refused:
                    check = _judge_candidates(
                        text, candidates, gold.value or _ZERO, gold.dimension, tolerance
                    )
            else:
                check = _check_candidates(
                    text, gold.value or _ZERO, gold.dimension, gold.unit, tolerance
                )
            if check is not None:
                source = "text"
                answered = bool(check.candidates)
                if check.found is not None:
                    found, found_raw, span = check.found.value, check.found.raw, check.found.span
                    found_dim = check.found.dimension

    if not answerable:
        ok = bool(refused)
        return CaseResult(
            gold.qid,
            gold.category,
            gold.kind,
            False,
            "correct" if ok else "wrong",
            "ok" if ok else "should_refuse",
            score=_ONE if ok else _ZERO,
            answered=answered,
            refused=bool(refused),
            found=found,
            found_raw=found_raw,
            span=span,
            found_dimension=found_dim,
            source=source,
            notes=notes,
            retrieval=retrieval,
        )

    expected: Decimal = gold.value  # type: ignore[assignment]
    reason: Reason
    relative_error = scale_factor = None
    comparable = False  # a value in gold's dimension, currency, scale and sign
    sign_ignored = numeric_ok = False
    if refused:
        reason = "refused"
    elif not answered:
        reason = "no_number"
    else:
        if check is None:
            verdict = _judge(
                [found],  # type: ignore[list-item]
                [pred.dimension],
                _Target(expected, tolerance),
                gold.dimension,
                tolerance.ignore_sign,
            )
            check_reason = verdict.reason
            relative_error, scale_factor = verdict.relative_error, verdict.scale_factor
            sign_ignored = verdict.sign_ignored
        else:
            check_reason = check.reason
            relative_error, scale_factor = check.relative_error, check.scale_factor
            sign_ignored = check.sign_ignored
        numeric_ok = check_reason == "ok"
        comparable = check_reason in ("ok", "out_of_tolerance")
        reason = _CHECK_REASON[check_reason]

    caliber: CaliberStatus = "unchecked"
    caliber_diff: tuple[str, ...] = ()
    if answered and gold.caliber is not None and pred.caliber is not None:
        caliber_diff = gold.caliber.diff(pred.caliber)
        caliber = "mismatch" if caliber_diff else "ok"
        if caliber_diff:
            reason = "caliber_mismatch"

    citation_hit = citation_format = None
    if answered:
        if gold.evidence_ids:
            cited = pred.cited
            if cited is None:
                cited = _find_cited_ids(text, gold.evidence_ids) if text else ()
            citation_hit = not set(cited).isdisjoint(gold.evidence_ids)
            if reason == "ok" and not citation_hit:
                reason = "citation_miss"
        if text is not None:
            citation_format = options.citation.search(text) is not None

    if not answered or caliber == "mismatch":
        score = _ZERO
    else:
        same_direction = found is not None and (found > 0) == (expected > 0) and found != 0
        graded_error = relative_error if comparable else None
        score = options.profile.score(gold.kind, numeric_ok, graded_error, same_direction)
    verdict_name: Verdict = "correct" if score == _ONE else ("partial" if score else "wrong")
    return CaseResult(
        gold.qid,
        gold.category,
        gold.kind,
        True,
        verdict_name,
        reason,
        score=score,
        answered=answered,
        refused=bool(refused),
        numeric_ok=numeric_ok,
        caliber=caliber,
        caliber_diff=caliber_diff,
        citation_hit=citation_hit,
        citation_format_ok=citation_format,
        gold=expected,
        found=found,
        found_raw=found_raw,
        span=span,
        dimension=gold.dimension,
        found_dimension=found_dim,
        relative_error=relative_error,
        scale_factor=scale_factor,
        sign_ignored=sign_ignored,
        source=source,
        notes=notes,
        retrieval=retrieval,
        tolerance=tolerance,
    )


# -- comparison of several runs -----------------------------------------------------


@public
@dataclass(frozen=True)
class ReportComparison:
    """Several reports side by side (e.g. dense / hybrid / rerank retrieval setups).

    Attributes:
        reports: Reports by run name, in the order given.
    """

    reports: dict[str, EvalReport]

    def to_dict(self) -> dict[str, Any]:
        """Every run's metrics and per-category metrics, by run name."""
        return {
            "format": "fincalc.eval_comparison/1",
            "runs": {
                name: {
                    "metrics": report.metrics.to_dict(),
                    "by_category": {c: m.to_dict() for c, m in report.by_category.items()},
                    "by_reason": dict(report.by_reason),
                }
                for name, report in self.reports.items()
            },
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """Deterministic JSON of ``to_dict``."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent, sort_keys=True)

    def __str__(self) -> str:
        return _render_comparison_text(self)

    def _repr_html_(self) -> str:
        return _render_comparison_html(self)

    def to_html(self) -> str:
        """A standalone HTML page of the comparison."""
        return _html_page("fincalc evaluation: comparison", _render_comparison_html(self))


@public
def compare_reports(reports: Mapping[str, EvalReport]) -> ReportComparison:
    """Put several runs' reports side by side.

    >>> from fincalc import load_sample
    >>> sample = load_sample()
    >>> runs = {name: evaluate(preds, sample.gold) for name, preds in sample.runs.items()}
    >>> table = str(compare_reports(runs)).splitlines()
    >>> table[2]
    '| metric                             |          dense |           hybrid |          rerank |'
    """
    if not isinstance(reports, Mapping):
        raise InvalidInputError(
            f"compare_reports needs a mapping of run name to EvalReport, got "
            f"{type(reports).__name__}",
            argument="reports",
            value=repr(reports)[:80],
        )
    if not reports:
        raise InvalidInputError(
            "compare_reports needs at least one report", argument="reports", value=None
        )
    for name, report in reports.items():
        if not isinstance(report, EvalReport):
            raise InvalidInputError(
                f"run {name!r} is a {type(report).__name__}, not an EvalReport",
                argument="reports",
                value=name,
            )
    return ReportComparison(dict(reports))


# -- rendering ----------------------------------------------------------------------

_LABELS = {
    "numeric_accuracy": "numeric accuracy",
    "caliber_error_rate": "caliber error rate",
    "conditional_numeric_accuracy": "conditional numeric accuracy",
    "citation_hit_rate": "citation hit rate",
    "citation_format_rate": "citation format rate",
    "answer_rate": "answer rate",
    "false_refusal_rate": "false refusal rate",
    "refusal_accuracy": "refusal accuracy (no-answer cases)",
    "mean_score": "mean score",
    "hit_at_k": "hit@k",
    "recall_at_k": "recall@k",
    "mrr": "MRR",
    "ndcg_at_k": "nDCG@k",
}
# Lower is better for these; the comparison marks the best run accordingly.
_LOWER_IS_BETTER = frozenset({"caliber_error_rate", "false_refusal_rate"})


def _label(name: str, k: int) -> str:
    return _LABELS[name].replace("@k", f"@{k}")


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int, align: str) -> str:
    gap = " " * max(0, width - _width(text))
    return gap + text if align == ">" else text + gap


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str) -> list[str]:
    """A pipe table (valid markdown) padded for monospace display, CJK-aware."""
    widths = [max(_width(r[i]) for r in [header, *rows]) for i in range(len(header))]
    aligns = [align[i] if i < len(align) else align[-1] for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        padded = (_pad(c, w, a) for c, w, a in zip(cells, widths, aligns, strict=True))
        return "| " + " | ".join(padded) + " |"

    rule = (
        "|"
        + "|".join(
            ("-" * (w + 1) + ":") if a == ">" else ("-" * (w + 2))
            for w, a in zip(widths, aligns, strict=True)
        )
        + "|"
    )
    return [line(header), rule, *(line(r) for r in rows)]


def _short(value: Decimal | None) -> str:
    if value is None:
        return "—"
    text = format(value, "f")
    return text if len(text) <= 22 else f"{value:.6E}"


def _counts_line(m: Metrics) -> str:
    line = f"{m.answerable + m.no_answer} gold cases ({m.answerable} answerable, "
    line += f"{m.no_answer} expecting a refusal)"
    unknown = m.cases - m.answerable - m.no_answer
    if unknown:
        line += f", {unknown} prediction(s) for unknown qids"
    return line


def _render_text(report: EvalReport) -> str:
    m = report.metrics
    k = report.retrieval_k
    lines = [f"fincalc evaluation — {_counts_line(m)} — profile {report.profile.name}", ""]
    rows = [
        [_label(name, k), str(ratio)]
        for name, ratio in m.ratios().items()
        if ratio.denominator or name in _METRIC_NAMES[:9]
    ]
    lines += _table(["metric", "value (n/d)"], rows, "<>")
    if report.by_category:
        lines += ["", "By category"]
        cat_rows = [
            [
                name,
                str(cm.answerable + cm.no_answer),
                _pct(cm.numeric_accuracy),
                _pct(cm.caliber_error_rate),
                _pct(cm.answer_rate),
                _pct(cm.refusal_accuracy),
            ]
            for name, cm in report.by_category.items()
        ]
        lines += _table(
            ["category", "n", "numeric acc.", "caliber err.", "answered", "refusal acc."],
            cat_rows,
            "<>",
        )
    lines += ["", "By reason: " + ", ".join(f"{r} {n}" for r, n in report.by_reason.items())]
    failures = report.failures
    if failures:
        lines += ["", f"Failing cases ({len(failures)})"]
        fail_rows = [
            [
                c.qid,
                c.category or "—",
                c.reason,
                c.found_raw or _short(c.found),
                _short(c.gold),
                c.detail(),
            ]
            for c in failures
        ]
        lines += _table(["qid", "category", "reason", "found", "gold", "detail"], fail_rows, "<")
    return "\n".join(lines)


def _pct(ratio: Proportion) -> str:
    value = ratio.value
    return (
        "—"
        if value is None
        else f"{100 * value:.0f}% ({_num(ratio.numerator)}/{ratio.denominator})"
    )


def _num(value: int | float) -> str:
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.2f}"
    return str(value)


def _best(name: str, values: Sequence[float | None]) -> set[int]:
    present = [v for v in values if v is not None]
    if len(present) < 2 or len(set(present)) == 1:
        return set()
    target = min(present) if name in _LOWER_IS_BETTER else max(present)
    return {i for i, v in enumerate(values) if v == target}


def _comparison_rows(
    comparison: ReportComparison, mark: Callable[[str], str]
) -> tuple[list[str], list[list[str]]]:
    names = list(comparison.reports)
    reports = list(comparison.reports.values())
    k = reports[0].retrieval_k
    header = ["metric", *names]
    rows: list[list[str]] = []
    for metric in _METRIC_NAMES:
        ratios = [r.metrics.ratios()[metric] for r in reports]
        if not any(r.denominator for r in ratios):
            continue
        best = _best(metric, [r.value for r in ratios])
        rows.append(
            [
                _label(metric, k),
                *(mark(_pct(r)) if i in best else _pct(r) for i, r in enumerate(ratios)),
            ]
        )
    return header, rows


def _render_comparison_text(comparison: ReportComparison) -> str:
    reports = list(comparison.reports.values())
    first = reports[0]
    lines = [
        f"fincalc evaluation — {_counts_line(first.metrics)} — profile {first.profile.name}",
        "",
    ]
    header, rows = _comparison_rows(comparison, lambda cell: f"**{cell}**")
    lines += _table(header, rows, "<>")
    categories = sorted({c for r in reports for c in r.by_category})
    if categories:
        lines += ["", "Numeric accuracy by category (refusal accuracy for no-answer categories)"]
        cat_rows = []
        for category in categories:
            cells = [category]
            for report in reports:
                cm = report.by_category.get(category)
                if cm is None:
                    cells.append("—")
                elif cm.answerable:
                    cells.append(_pct(cm.numeric_accuracy))
                else:
                    cells.append(_pct(cm.refusal_accuracy))
            cat_rows.append(cells)
        lines += _table(["category", *comparison.reports], cat_rows, "<>")
    reasons = [r for r in REASONS if any(r in rep.by_reason for rep in reports)]
    lines += ["", "Cases by reason"]
    reason_rows = [
        [reason, *(str(rep.by_reason.get(reason, 0)) for rep in reports)] for reason in reasons
    ]
    lines += _table(["reason", *comparison.reports], reason_rows, "<>")
    lines += ["", "Best value per row in **bold**; every ratio shows numerator/denominator."]
    return "\n".join(lines)


_CSS = (
    "<style>.fincalc-eval table{border-collapse:collapse;margin:0.4em 0}"
    ".fincalc-eval th,.fincalc-eval td{border:1px solid #ccc;padding:2px 8px;text-align:left}"
    ".fincalc-eval td.n{text-align:right}.fincalc-eval .best{font-weight:bold}</style>"
)


def _html_table(header: Sequence[str], rows: Sequence[Sequence[str]], numeric_from: int) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{cell}</td>' if i >= numeric_from else f"<td>{cell}</td>"
            for i, cell in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _render_html(report: EvalReport) -> str:
    m = report.metrics
    k = report.retrieval_k
    esc = html.escape
    parts = [
        _CSS,
        '<div class="fincalc-eval">',
        f"<p><b>fincalc evaluation</b> — {esc(_counts_line(m))} — profile "
        f"{esc(report.profile.name)}</p>",
    ]
    rows = [
        [esc(_label(name, k)), esc(str(ratio))]
        for name, ratio in m.ratios().items()
        if ratio.denominator or name in _METRIC_NAMES[:9]
    ]
    parts.append(_html_table(["metric", "value (n/d)"], rows, 1))
    if report.by_category:
        parts.append("<p><b>By category</b></p>")
        cat_rows = [
            [
                esc(name),
                str(cm.answerable + cm.no_answer),
                esc(_pct(cm.numeric_accuracy)),
                esc(_pct(cm.caliber_error_rate)),
                esc(_pct(cm.answer_rate)),
                esc(_pct(cm.refusal_accuracy)),
            ]
            for name, cm in report.by_category.items()
        ]
        parts.append(
            _html_table(
                ["category", "n", "numeric acc.", "caliber err.", "answered", "refusal acc."],
                cat_rows,
                1,
            )
        )
    parts.append("<p><b>By reason</b></p>")
    parts.append(
        _html_table(["reason", "cases"], [[esc(r), str(n)] for r, n in report.by_reason.items()], 1)
    )
    failures = report.failures
    if failures:
        parts.append(f"<p><b>Failing cases ({len(failures)})</b></p>")
        fail_rows = [
            [
                esc(c.qid),
                esc(c.category or "—"),
                esc(c.reason),
                esc(c.found_raw or _short(c.found)),
                esc(_short(c.gold)),
                esc(c.detail()),
            ]
            for c in failures
        ]
        parts.append(
            _html_table(["qid", "category", "reason", "found", "gold", "detail"], fail_rows, 99)
        )
    parts.append("</div>")
    return "".join(parts)


def _render_comparison_html(comparison: ReportComparison) -> str:
    esc = html.escape
    first = next(iter(comparison.reports.values()))
    header, rows = _comparison_rows(comparison, lambda s: f'<span class="best">{esc(s)}</span>')
    rows = [
        [esc(row[0]), *(c if c.startswith("<span") else esc(c) for c in row[1:])] for row in rows
    ]
    return "".join(
        [
            _CSS,
            '<div class="fincalc-eval">',
            f"<p><b>fincalc evaluation</b> — {esc(_counts_line(first.metrics))} — profile "
            f"{esc(first.profile.name)}</p>",
            _html_table([esc(h) for h in header], rows, 1),
            "</div>",
        ]
    )


def _html_page(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title></head><body>\n{body}\n</body></html>\n"
    )

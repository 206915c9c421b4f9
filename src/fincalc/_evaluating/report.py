"""The report: ``EvalReport`` (aggregates, breakdowns, one ``CaseResult`` per question).

``EvalReport`` is computed from its CaseResults alone (sorted by qid, digit
runs compared as numbers), so the report of shards combined equals the
report of the whole.  ``ReportComparison`` puts several runs side by side.
Both render through ``rendering``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, overload

from .._values.errors import InvalidInputError
from .._values.public import public
from .cases import REASONS, CaseResult
from .metrics import ANSWER_METRICS, METRICS, Metrics, Proportion
from .profiles import PROFILES, ScoringProfile
from .rendering import (
    html_page,
    render_comparison_html,
    render_comparison_text,
    render_html,
    render_text,
)

__all__ = ["EvalReport", "ReportComparison", "compare_reports"]

_SUMMARIES = {m.name: m.summary for m in METRICS if m.name in ANSWER_METRICS}

_DIGITS = re.compile(r"(\d+)")


def _pad_digits(match: re.Match[str]) -> str:
    digits = match.group()
    return f"{len(digits):03d}{digits}"


def _natural_key(qid: str) -> tuple[str, str]:
    """Sort key comparing digit runs as numbers ("q2" before "q10"); total on distinct qids."""
    return _DIGITS.sub(_pad_digits, qid), qid


class _AnswerMetric:
    """An answer metric read through the report: ``report.x`` is ``report.metrics.x``.

    The attribute's name picks the metric (it must be one of ``ANSWER_METRICS``)
    and its docstring is the metric's summary in ``METRICS``.
    """

    def __set_name__(self, owner: type[Any], name: str) -> None:
        if name not in _SUMMARIES:
            raise TypeError(f"{owner.__name__}.{name} is not an answer metric {ANSWER_METRICS}")
        self.name = name
        self.__doc__ = _SUMMARIES[name]

    @overload
    def __get__(self, report: None, owner: type[Any]) -> _AnswerMetric: ...
    @overload
    def __get__(self, report: EvalReport, owner: type[Any]) -> Proportion: ...
    def __get__(self, report: EvalReport | None, owner: type[Any]) -> Proportion | _AnswerMetric:
        if report is None:
            return self
        ratio: Proportion = getattr(report.metrics, self.name)
        return ratio

    def __repr__(self) -> str:
        return f"<answer metric {self.name}: {self.__doc__}>"


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
        numeric_accuracy: The answer metrics, read from ``metrics``: also
            ``caliber_error_rate``, ``conditional_numeric_accuracy``,
            ``citation_hit_rate``, ``citation_format_rate``, ``answer_rate``,
            ``false_refusal_rate``, ``refusal_accuracy`` and ``mean_score``
            (``report.answer_rate`` is ``report.metrics.answer_rate``).

    >>> report = EvalReport((CaseResult("q1", "x", "extraction", True, "correct", "ok"),))
    >>> str(report.numeric_accuracy), report.numeric_accuracy is report.metrics.numeric_accuracy
    ('0.0% (0/1)', True)
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

    # The answer metrics as attributes: ``report.numeric_accuracy`` is
    # ``report.metrics.numeric_accuracy``.  One line each; the test suite checks
    # that they are exactly ``ANSWER_METRICS``, and each takes its docstring
    # from ``METRICS``.
    numeric_accuracy = _AnswerMetric()
    caliber_error_rate = _AnswerMetric()
    conditional_numeric_accuracy = _AnswerMetric()
    citation_hit_rate = _AnswerMetric()
    citation_format_rate = _AnswerMetric()
    answer_rate = _AnswerMetric()
    false_refusal_rate = _AnswerMetric()
    refusal_accuracy = _AnswerMetric()
    mean_score = _AnswerMetric()

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
        return render_text(self)

    def _repr_html_(self) -> str:
        return render_html(self)

    def to_html(self) -> str:
        """A standalone HTML page with the aggregates, breakdowns and failing cases."""
        return html_page("fincalc evaluation", render_html(self))


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
        return render_comparison_text(self.reports)

    def _repr_html_(self) -> str:
        return render_comparison_html(self.reports)

    def to_html(self) -> str:
        """A standalone HTML page of the comparison."""
        return html_page("fincalc evaluation: comparison", render_comparison_html(self.reports))


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

"""The report: ``EvalReport`` (aggregates, breakdowns, one ``CaseResult`` per question).

``EvalReport`` is computed from its CaseResults alone (sorted by qid, digit
runs compared as numbers), so the report of shards combined equals the
report of the whole.  It keeps the exact counts behind its metrics
(``metrics.Tally``), so ``EvalReport.combine`` is one associative merge —
counts added, sorted case lists merged — not a recount, and a report written
as JSON by another process reloads exactly (``EvalReport.from_json``).
``ReportComparison`` puts several runs side by side.  Both render through
``rendering``.
"""

from __future__ import annotations

import heapq
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, overload

from .._base.bounded import MAX_FILE_BYTES, decode_json
from .._base.exceptions import InvalidInputError, InvalidRecordError
from .._base.public import public
from .cases import REASONS, CaseResult
from .metrics import ANSWER_METRICS, METRICS, Metrics, Proportion, Tally
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


_FORMATS = ("fincalc.eval_report/1", "fincalc.eval_report/2")


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


#: How many failing cases ``repr(EvalReport)`` names (the rest are counted).
_REPR_FAILING = 3


@public
@dataclass(frozen=True, repr=False)
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
    _keys: tuple[tuple[str, str], ...] = field(init=False, compare=False, repr=False)
    _tally: Tally = field(init=False, compare=False, repr=False)
    _categories: dict[str, Tally] = field(init=False, compare=False, repr=False)
    _reasons: Counter[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        keyed = sorted(((_natural_key(c.qid), c) for c in self.cases), key=lambda kc: kc[0])
        keys = tuple(k for k, _ in keyed)
        _check_distinct(keys)
        cases = tuple(c for _, c in keyed)
        groups: dict[str | None, list[CaseResult]] = {}
        for case in cases:
            group = groups.get(case.category)
            if group is None:
                groups[case.category] = [case]
            else:
                group.append(case)
        categories = {name: Tally.of(group) for name, group in groups.items() if name is not None}
        reasons: Counter[str] = Counter()
        for case in cases:
            reasons[case.reason] += 1
        self._finish(cases, keys, Tally.of(cases), categories, reasons)

    def _finish(
        self,
        cases: tuple[CaseResult, ...],
        keys: tuple[tuple[str, str], ...],
        tally: Tally,
        categories: dict[str, Tally],
        reasons: Counter[str],
    ) -> None:
        """Set the cases and everything computed from their counts."""
        put = object.__setattr__
        put(self, "cases", cases)
        put(self, "_keys", keys)
        put(self, "_tally", tally)
        put(self, "_categories", categories)
        put(self, "_reasons", reasons)
        put(self, "metrics", tally.metrics())
        put(self, "by_category", {n: categories[n].metrics() for n in sorted(categories)})
        put(self, "by_reason", {r: reasons[r] for r in sorted(reasons, key=REASONS.index)})

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
        """Cases whose verdict failed (``wrong`` or ``partial``), in qid order.

        A correct answer that cites no gold evidence (reason ``citation_miss``)
        is not a failure: it is in ``citation_misses``.
        """
        return tuple(c for c in self.cases if c.verdict in ("wrong", "partial"))

    @property
    def citation_misses(self) -> tuple[CaseResult, ...]:
        """Correct answers citing no gold evidence id (reason ``citation_miss``), in qid order."""
        return tuple(c for c in self.cases if c.reason == "citation_miss")

    @classmethod
    def combine(cls, reports: Iterable[EvalReport]) -> EvalReport:
        """The report of the whole from reports of disjoint shards.

        One merge of exact counts: the shards' counts are added and their
        sorted case lists merged, nothing is recounted, so any grouping of
        merges gives the same report (``combine([combine([a, b]), c])`` is
        ``combine([a, b, c])``), and it is the report of the whole.

        Raises:
            InvalidInputError: the shards used different profiles or cut-offs,
                or share a qid.

        >>> a = EvalReport((CaseResult("q1", "x", "extraction", True, "correct", "ok"),))
        >>> b = EvalReport((CaseResult("q2", "x", "extraction", True, "wrong", "no_prediction"),))
        >>> str(EvalReport.combine([a, b]).answer_rate)
        '0.0% (0/2)'
        """
        items = list(reports)
        for item in items:
            if not isinstance(item, EvalReport):
                raise InvalidInputError(
                    f"EvalReport.combine needs EvalReports, got {type(item).__name__}",
                    argument="reports",
                    value=repr(item)[:80],
                )
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
        if len(items) == 1:
            return first
        keys, cases = _merge(items)
        tally = Tally()
        categories: dict[str, Tally] = {}
        reasons: Counter[str] = Counter()
        for item in items:
            tally = tally + item._tally
            for name, counts in item._categories.items():
                categories[name] = categories[name] + counts if name in categories else counts
            reasons.update(item._reasons)
        report = object.__new__(cls)
        object.__setattr__(report, "profile", first.profile)
        object.__setattr__(report, "retrieval_k", first.retrieval_k)
        report._finish(cases, keys, tally, categories, reasons)
        return report

    @classmethod
    def from_json(cls, text: str | bytes) -> EvalReport:
        """Reload a report from ``to_json`` output (written by this or another process).

        The reloaded report is the same report: ``from_json(r.to_json()).to_json()
        == r.to_json()``, and combining reloaded shards equals combining the
        originals.

        Raises:
            InvalidInputError: ``text`` is not a report written by ``to_json``:
                not JSON, over a limit (size ``MAX_FILE_BYTES``, nesting, number
                length; docs/guarantees.md), or not a report.

        >>> a = EvalReport((CaseResult("q1", "x", "extraction", True, "correct", "ok"),))
        >>> EvalReport.from_json(a.to_json()).to_json() == a.to_json()
        True
        """
        try:
            data = decode_json(text, "EvalReport.from_json", limit=MAX_FILE_BYTES, floats=True)
        except InvalidRecordError as exc:
            raise InvalidInputError(
                f"EvalReport.from_json needs the JSON text of a report: {exc.message}",
                argument="text",
                value=repr(text)[:80],
                limit=exc.limit,
            ) from exc
        if not isinstance(data, dict) or data.get("format") not in _FORMATS:
            raise InvalidInputError(
                "EvalReport.from_json: not a report written by EvalReport.to_json "
                f"(its 'format' must be one of {list(_FORMATS)})",
                argument="text",
                value=repr(text)[:80],
            )
        try:
            profile = ScoringProfile.from_dict(data["profile"])
            retrieval_k = int(data["retrieval_k"])
            raw_cases = data["cases"]
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidInputError(
                f"EvalReport.from_json: the report lacks or garbles {exc}",
                argument="text",
                value=repr(text)[:80],
            ) from exc
        if not isinstance(raw_cases, list):
            raise InvalidInputError(
                "EvalReport.from_json: 'cases' must be a list", argument="text", value="cases"
            )
        cases = tuple(CaseResult.from_dict(case) for case in raw_cases)
        return cls(cases, profile=profile, retrieval_k=retrieval_k)

    # -- output ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: profile, aggregates, breakdowns and every case."""
        return {
            "format": _FORMATS[-1],
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

    def __repr__(self) -> str:
        """Short, for a REPL: counts, the headline metrics and the first failing cases.

        ``str(report)`` is the full text report and ``_repr_html_`` (a notebook's
        view) the full HTML one.

        >>> from fincalc import load_sample
        >>> sample = load_sample()
        >>> evaluate(sample.runs["rerank"], sample.gold)
        EvalReport(36 cases, numeric_accuracy 96.7% (29/30), answer_rate 100.0% (30/30);
                   1 failing: en-11 wrong_value)
        """
        m = self.metrics
        failing = self.failures
        shown = ", ".join(f"{c.qid} {c.reason}" for c in failing[:_REPR_FAILING])
        more = f", … {len(failing) - _REPR_FAILING} more" if len(failing) > _REPR_FAILING else ""
        tail = f"; {len(failing)} failing: {shown}{more}" if failing else "; none failing"
        return (
            f"EvalReport({len(self.cases)} cases, numeric_accuracy {m.numeric_accuracy}, "
            f"answer_rate {m.answer_rate}{tail})"
        )

    def _repr_html_(self) -> str:
        return render_html(self)

    def to_html(self) -> str:
        """A standalone HTML page with the aggregates, breakdowns and failing cases."""
        return html_page("fincalc evaluation", render_html(self))


def _check_distinct(keys: tuple[tuple[str, str], ...]) -> None:
    """Refuse two cases with one qid (keys are sorted, so duplicates are neighbours)."""
    for previous, key in pairwise(keys):
        if previous == key:
            raise InvalidInputError(
                f"two CaseResults share qid {key[1]!r}; shards passed to "
                "EvalReport.combine must partition the questions",
                argument="cases",
                value=key[1],
            )


def _merge(
    reports: list[EvalReport],
) -> tuple[tuple[tuple[str, str], ...], tuple[CaseResult, ...]]:
    """The reports' sorted cases merged into one sorted tuple (with their keys).

    Shards that follow each other in qid order (contiguous shards, the common
    case) are concatenated; otherwise the sorted lists are merged.
    """
    ordered = sorted((r for r in reports if r.cases), key=lambda r: r._keys[0])
    if all(a._keys[-1] < b._keys[0] for a, b in pairwise(ordered)):
        keys = tuple(k for r in ordered for k in r._keys)
        return keys, tuple(c for r in ordered for c in r.cases)
    merged = list(
        heapq.merge(*(zip(r._keys, r.cases, strict=True) for r in ordered), key=lambda kc: kc[0])
    )
    keys = tuple(k for k, _ in merged)
    _check_distinct(keys)
    return keys, tuple(c for _, c in merged)


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

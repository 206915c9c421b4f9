"""Batch evaluation for the command line: a progress bar on stderr, and CI thresholds.

``fincalc eval`` on a large gold file runs for a minute; with a terminal on
standard error it shows a progress bar (``tqdm``, the optional ``cli`` extra;
without it, or with ``--quiet``, or when standard error is not a terminal, no
bar). To advance the bar the cases are scored in contiguous slices whose
reports ``EvalReport.combine`` merges: the report is the one a single call
gives, which the tests check.

``--fail-under METRIC=VALUE`` and ``--fail-over METRIC=VALUE`` turn a report
into an exit code for CI: a metric under (over) its threshold, or one with
no cases to measure, fails the run with a line naming it.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol

from .._base.exceptions import InvalidInputError
from .eval_report import EvalReport
from .inputs import GoldCase, Prediction

__all__ = [
    "Threshold",
    "evaluate_in_slices",
    "parse_threshold",
    "progress",
    "threshold_failures",
]

#: Slices a bar advances by: enough to move smoothly, few enough to cost nothing.
_SLICES = 50
#: The smallest slice: below this the per-call overhead shows.
_MIN_SLICE = 200
#: The metric a bare ``--fail-under 0.8`` holds to its value.
_DEFAULT_METRIC = "numeric_accuracy"


class _Bar(Protocol):
    def update(self, n: int) -> object: ...


class _NoBar:
    def update(self, n: int) -> None:
        """Nothing to show."""


@contextlib.contextmanager
def progress(total: int, *, enabled: bool, label: str) -> Iterator[_Bar]:
    """A progress bar on standard error when ``enabled`` and tqdm is installed, else nothing."""
    if not enabled:
        yield _NoBar()
        return
    try:
        from tqdm import tqdm
    except ImportError:  # the cli extra is optional: no bar, same output
        yield _NoBar()
        return
    with tqdm(total=total, desc=label, unit="case", leave=False, dynamic_ncols=True) as bar:
        yield bar


def evaluate_in_slices(
    evaluate: Callable[..., EvalReport],
    predictions: Sequence[Prediction],
    gold: Sequence[GoldCase],
    bar: _Bar,
    *,
    slice_size: int | None = None,
    **options: Any,
) -> EvalReport:
    """``evaluate(predictions, gold, **options)``, scored slice by slice to advance ``bar``.

    The gold cases are cut into contiguous slices, each with the predictions
    for its qids (predictions for unknown qids go with the last); the slices'
    reports are combined. Gold with a repeated qid is scored in one call (a
    duplicate is noted on its case, which needs the whole file).
    """
    qids = [case.qid for case in gold]
    size = slice_size or max(_MIN_SLICE, math.ceil(len(gold) / _SLICES))
    if len(set(qids)) != len(qids) or len(gold) <= size:
        report = evaluate(predictions, gold, **options)
        bar.update(len(gold))
        return report
    starts = range(0, len(gold), size)
    slice_of = {qid: i // size for i, qid in enumerate(qids)}
    last = len(starts) - 1
    grouped: list[list[Prediction]] = [[] for _ in starts]
    for prediction in predictions:
        grouped[slice_of.get(prediction.qid, last)].append(prediction)
    reports = []
    for n, start in enumerate(starts):
        part = gold[start : start + size]
        reports.append(evaluate(grouped[n], part, **options))
        bar.update(len(part))
    return EvalReport.combine(reports)


@dataclass(frozen=True, slots=True)
class Threshold:
    """A bound on one report metric: ``value`` must not be under (``over``: over) ``bound``."""

    metric: str
    bound: Decimal
    over: bool = False

    @property
    def spec(self) -> str:
        """How it was written: ``numeric_accuracy>=0.8``."""
        return f"{self.metric}{'<=' if self.over else '>='}{self.bound}"


def parse_threshold(text: str, *, over: bool = False) -> Threshold:
    """Read ``METRIC=VALUE`` (``numeric_accuracy=0.8``, ``numeric_accuracy=80%``).

    A bare value (``0.8``) holds ``numeric_accuracy`` to it.

    >>> parse_threshold("numeric_accuracy=80%").bound
    Decimal('0.8')
    >>> parse_threshold("caliber_error_rate=0.05", over=True).spec
    'caliber_error_rate<=0.05'

    Raises:
        InvalidInputError: not ``METRIC=VALUE``, or no ratio metric of that name.
    """
    metric, sep, value = text.partition("=")
    if not sep and any(ch.isdigit() for ch in text):  # a bare value: numeric accuracy
        metric, sep, value = _DEFAULT_METRIC, "=", text
    metric, value = metric.strip(), value.strip()
    percent = value.endswith("%")
    try:
        bound = Decimal(value.removesuffix("%"))
    except InvalidOperation:
        bound = Decimal("NaN")
    if not sep or not metric or not bound.is_finite():
        flag = "--fail-over" if over else "--fail-under"
        raise InvalidInputError(
            f"{flag} takes METRIC=VALUE such as 'numeric_accuracy=0.8' or "
            f"'numeric_accuracy=80%', got {text!r}",
            argument=flag,
            value=text[:80],
        )
    known = sorted(k for k, v in EvalReport(()).to_dict()["metrics"].items() if isinstance(v, dict))
    if metric not in known:
        raise InvalidInputError(
            f"no metric {metric!r} to hold to a threshold; the ratio metrics are: "
            f"{', '.join(known)}",
            argument="--fail-over" if over else "--fail-under",
            value=metric[:80],
        )
    return Threshold(metric, bound / 100 if percent else bound, over)


def threshold_failures(
    reports: Mapping[str, EvalReport], thresholds: Sequence[Threshold]
) -> list[str]:
    """One line per threshold a run misses; empty when every run meets every threshold.

    ``reports`` maps a run's name ("" for a single run) to its report.
    """
    failures = []
    for name, report in reports.items():
        metrics = report.to_dict()["metrics"]
        for threshold in thresholds:
            failures += _miss(name, threshold, metrics[threshold.metric])
    return failures


def _miss(run: str, threshold: Threshold, ratio: Mapping[str, Any]) -> list[str]:
    where = f"{run}: " if run else ""
    count = f"{ratio.get('numerator')}/{ratio.get('denominator')}"
    if ratio["value"] is None:
        return [f"{where}{threshold.metric} has no cases to measure ({count}); {threshold.spec}"]
    value = Decimal(repr(ratio["value"]))
    if (value > threshold.bound) if threshold.over else (value < threshold.bound):
        return [f"{where}{threshold.metric} = {value:.4f} ({count}), wanted {threshold.spec}"]
    return []

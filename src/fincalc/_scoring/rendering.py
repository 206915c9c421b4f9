"""Rendering reports: monospace text tables (valid markdown) and HTML.

The renderers read a report through ``ReportView`` (what ``EvalReport``
offers), so this module sits below ``eval_report`` and the report's ``__str__``,
``_repr_html_`` and ``to_html`` call down into it.  Labels, order and which
metrics a lower value is better for come from ``metrics.METRICS``.
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Protocol

from .aggregates import METRIC_NAMES, METRICS, Metrics, Proportion, format_count
from .cases import REASONS, CaseResult
from .profiles import ScoringProfile

__all__ = [
    "ReportView",
    "html_page",
    "render_comparison_html",
    "render_comparison_text",
    "render_html",
    "render_text",
]


class ReportView(Protocol):
    """What the renderers read from a report (``EvalReport`` has all of it)."""

    @property
    def metrics(self) -> Metrics: ...
    @property
    def profile(self) -> ScoringProfile: ...
    @property
    def retrieval_k(self) -> int: ...
    @property
    def by_category(self) -> dict[str, Metrics]: ...
    @property
    def by_reason(self) -> dict[str, int]: ...
    @property
    def failures(self) -> tuple[CaseResult, ...]: ...
    @property
    def citation_misses(self) -> tuple[CaseResult, ...]: ...


_LABELS = {m.name: m.label for m in METRICS}
# Lower is better for these; the comparison marks the best run accordingly.
_LOWER_IS_BETTER = frozenset(m.name for m in METRICS if m.lower_is_better)
# Retrieval means are shown only when measured; the answer metrics always.
_ALWAYS_SHOWN = frozenset(m.name for m in METRICS if not m.retrieval)


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


def render_text(report: ReportView) -> str:
    """The report as text: aggregates, breakdowns and failing cases."""
    m = report.metrics
    k = report.retrieval_k
    lines = [f"fincalc evaluation — {_counts_line(m)} — profile {report.profile.name}", ""]
    rows = [
        [_label(name, k), str(ratio)]
        for name, ratio in m.ratios().items()
        if ratio.denominator or name in _ALWAYS_SHOWN
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
    uncited = report.citation_misses
    if uncited:
        lines += ["", f"Correct but citing no gold evidence ({len(uncited)})"]
        lines += _table(
            ["qid", "category", "found", "gold"],
            [
                [c.qid, c.category or "—", c.found_raw or _short(c.found), _short(c.gold)]
                for c in uncited
            ],
            "<",
        )
    return "\n".join(lines)


def _pct(ratio: Proportion) -> str:
    value = ratio.value
    return (
        "—"
        if value is None
        else f"{100 * value:.0f}% ({format_count(ratio.numerator)}/{ratio.denominator})"
    )


def _best(name: str, values: Sequence[float | None]) -> set[int]:
    present = [v for v in values if v is not None]
    if len(present) < 2 or len(set(present)) == 1:
        return set()
    target = min(present) if name in _LOWER_IS_BETTER else max(present)
    return {i for i, v in enumerate(values) if v == target}


def _comparison_rows(
    runs: Mapping[str, ReportView], mark: Callable[[str], str]
) -> tuple[list[str], list[list[str]]]:
    names = list(runs)
    reports = list(runs.values())
    k = reports[0].retrieval_k
    header = ["metric", *names]
    rows: list[list[str]] = []
    for metric in METRIC_NAMES:
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


def render_comparison_text(runs: Mapping[str, ReportView]) -> str:
    """Several runs side by side as text, the best value per row in bold."""
    reports = list(runs.values())
    first = reports[0]
    lines = [
        f"fincalc evaluation — {_counts_line(first.metrics)} — profile {first.profile.name}",
        "",
    ]
    header, rows = _comparison_rows(runs, lambda cell: f"**{cell}**")
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
        lines += _table(["category", *runs], cat_rows, "<>")
    reasons = [r for r in REASONS if any(r in rep.by_reason for rep in reports)]
    lines += ["", "Cases by reason"]
    reason_rows = [
        [reason, *(str(rep.by_reason.get(reason, 0)) for rep in reports)] for reason in reasons
    ]
    lines += _table(["reason", *runs], reason_rows, "<>")
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


def render_html(report: ReportView) -> str:
    """The report as an HTML fragment (for notebooks; ``html_page`` wraps it)."""
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
        if ratio.denominator or name in _ALWAYS_SHOWN
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
    uncited = report.citation_misses
    if uncited:
        parts.append(f"<p><b>Correct but citing no gold evidence ({len(uncited)})</b></p>")
        rows = [
            [
                esc(c.qid),
                esc(c.category or "—"),
                esc(c.found_raw or _short(c.found)),
                esc(_short(c.gold)),
            ]
            for c in uncited
        ]
        parts.append(_html_table(["qid", "category", "found", "gold"], rows, 99))
    parts.append("</div>")
    return "".join(parts)


def render_comparison_html(runs: Mapping[str, ReportView]) -> str:
    """Several runs side by side as an HTML fragment."""
    esc = html.escape
    first = next(iter(runs.values()))
    header, rows = _comparison_rows(runs, lambda s: f'<span class="best">{esc(s)}</span>')
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


def html_page(title: str, body: str) -> str:
    """A standalone HTML page around ``body``."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title></head><body>\n{body}\n</body></html>\n"
    )

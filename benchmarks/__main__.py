"""Run every benchmark area and print one markdown table per area (issue 8).

Usage::

    python -m benchmarks                      # every area, full sizes (under 5 minutes)
    python -m benchmarks --quick              # small sizes: a smoke run of a few seconds
    python -m benchmarks --only ops --only parse
    python -m benchmarks --markdown results.md --chart docs/performance-growth.svg

Areas: import, value_types, ops, parse, locate, grounding, evaluate, judge (agreement with
human grades, from the calibration file when present), scaling (Dask against one process;
needs the ``dask`` extra, and prints a note without it), hostile (issue 16: extract, the
first resolve and locate's memory at hostile sizes and shapes), claims (issue 24: ≥ 100,000
generated claims, right and wrong by construction, counted by outcome), filings (issue 28:
claims built from the inline-XBRL tags of the filings in ``../shared/filings``, resolved in
each page form; needs the ``bench`` extra, skips without it or the filings), reports (issue 28:
hand-built claims on the shared Chinese 年报 as pdfplumber and PyMuPDF text; skips without
them); ``growth`` selects the
two areas that produce the growth series (locate and evaluate).  Each area
checks its outputs before timing them; a wrong answer stops the run with exit
status 1.  After the areas come the growth tables (log-log slope of the last
10× step: 1.0 is linear) and the budget table.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks._chart import growth_svg
from benchmarks._harness import (
    Budget,
    CheckError,
    Result,
    Series,
    Table,
    budget_table,
    growth_slope,
    machine,
    run_area,
    time_label,
)

AREAS = {
    "import": "benchmarks.import_bench",
    "value_types": "benchmarks.value_types_bench",
    "ops": "benchmarks.ops_bench",
    "parse": "benchmarks.parse_bench",
    "locate": "benchmarks.locate_bench",
    "grounding": "benchmarks.grounding_bench",
    "evaluate": "benchmarks.evaluate_bench",
    "judge": "benchmarks.judge_bench",
    "claims": "benchmarks.claims_bench",
    "scaling": "benchmarks.scaling_bench",
    "hostile": "benchmarks.hostile_bench",
    "filings": "benchmarks.filings_bench",
    "reports": "benchmarks.reports_bench",
}
ALIASES = {
    "value-types": ["value_types"],
    "types": ["value_types"],
    "operations": ["ops"],
    "growth": ["locate", "evaluate"],
    "resolve": ["grounding"],
    "dask": ["scaling"],
}
LINEAR_SLOPE = 1.1  # "linear": the last 10× step costs at most 10^1.1 ≈ 12.6× the time


def _areas(only: Sequence[str] | None) -> list[str]:
    if not only:
        return list(AREAS)
    wanted: set[str] = set()
    for item in only:
        for name in item.split(","):
            name = name.strip().lower()
            if name in AREAS:
                wanted.add(name)
            elif name in ALIASES:
                wanted.update(ALIASES[name])
            else:
                choices = ", ".join([*AREAS, *ALIASES])
                raise SystemExit(f"unknown area {name!r}; choose from {choices}")
    return [area for area in AREAS if area in wanted]


def growth_tables(series: Sequence[Series]) -> tuple[list[Table], list[Budget]]:
    """One table per chart panel, and the growth budget (linear in size and case count)."""
    tables: list[Table] = []
    budgets: list[Budget] = []
    panels: dict[str, list[Series]] = {}
    for item in series:
        panels.setdefault(item.panel, []).append(item)
    for panel, members in panels.items():
        sizes = [x for x, _ in members[0].points]
        unit = "characters" if panel == "locate" else "cases"
        what = "time per lookup" if panel == "locate" else "time per evaluate() call"
        rows = []
        for item in members:
            last = item.points[-1][1] / item.points[-2][1]
            rows.append(
                [
                    item.name,
                    *(time_label(y) for _, y in item.points),
                    f"{last:.1f}×",
                    f"{growth_slope(item.points):.2f}",
                ]
            )
        step = f"{sizes[-2]:,.0f} → {sizes[-1]:,.0f}"
        tables.append(
            Table(
                f"Growth: {panel}, {what} against {unit}",
                [
                    "series",
                    *(f"{x:,.0f} {unit}" for x in sizes),
                    f"growth {step}",
                    "log-log slope",
                ],
                "l" + "r" * (len(sizes) + 2),
                rows,
            )
        )
        slopes = {item.name: growth_slope(item.points) for item in members if not item.reference}
        references = [
            f"{item.name} {growth_slope(item.points):.2f}" for item in members if item.reference
        ]
        measured = ", ".join(f"{name} {slope:.2f}" for name, slope in slopes.items())
        if references:
            measured += f" (same-run references: {', '.join(references)})"
        budgets.append(
            Budget(
                "growth",
                f"{panel}: linear in {unit} (log-log slope of the last 10× step ≤ {LINEAR_SLOPE})",
                measured,
                all(slope <= LINEAR_SLOPE for slope in slopes.values()),
            )
        )
    return tables, budgets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    parser.add_argument(
        "--only",
        action="append",
        metavar="AREA",
        help=f"run only this area (repeatable, or comma-separated): {', '.join(AREAS)}, growth",
    )
    parser.add_argument("--markdown", type=Path, metavar="FILE", help="also write the tables here")
    parser.add_argument("--chart", type=Path, metavar="FILE.svg", help="write the growth chart")
    args = parser.parse_args(argv)
    areas = _areas(args.only)
    command = "python -m benchmarks " + " ".join(argv if argv is not None else sys.argv[1:])
    header = [
        "## Benchmark run",
        "",
        f"- Command: `{command.strip()}`",
        f"- Machine: {machine()}",
        f"- Date (UTC): {time.strftime('%Y-%m-%d %H:%M', time.gmtime())}",
    ]
    print("\n".join(header), flush=True)
    started = time.perf_counter()
    results: list[Result] = []
    for area in areas:
        module = importlib.import_module(AREAS[area])
        run: Callable[[bool], Result] = module.run
        try:
            result = run_area(area, run, args.quick)
        except CheckError as exc:
            print(f"\nCHECK FAILED in {area}: {exc}", file=sys.stderr)
            return 1
        results.append(result)
        print("\n" + result.markdown(), flush=True)
    series = [item for result in results for item in result.series]
    growth, growth_budgets = growth_tables(series) if series else ([], [])
    budgets = [budget for result in results for budget in result.budgets] + growth_budgets
    tail = [table.markdown() for table in growth]
    if budgets:
        tail.append(budget_table(budgets).markdown())
    elapsed = time.perf_counter() - started
    timings = ", ".join(f"{r.area} {r.seconds:.0f} s" for r in results)
    load = (
        f"; load average {os.getloadavg()[0]:.2f} at the end" if hasattr(os, "getloadavg") else ""
    )
    tail.append(f"Wall time: {elapsed:.0f} s ({timings}){load}.")
    print("\n" + "\n\n".join(tail))
    if args.chart is not None and series:
        caption = [f"{command.strip()}", machine().split(", load average")[0]]
        args.chart.write_text(growth_svg(series, caption=caption), encoding="utf-8")
        print(f"\nwrote {args.chart}", file=sys.stderr)
    if args.markdown is not None:
        body = [result.markdown() for result in results]
        text = "\n\n".join(["\n".join(header), *body, *tail]) + "\n"
        args.markdown.write_text(text, encoding="utf-8")
        print(f"wrote {args.markdown}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The shared benchmark harness: checks, timing, medians, tables, budgets and the runner.

Every area module (``benchmarks/<area>_bench.py``) exposes ``run(quick) -> Result``
and a ``main`` that hands it to :func:`run_single`, so ``python -m
benchmarks.<area>_bench`` runs one area and ``python -m benchmarks`` runs all of
them through the same code.  An area checks its answers first and calls
:func:`fail` on a wrong one: a fast wrong answer stops the run with exit status 1.

Times are wall-clock (``time.perf_counter``) with the garbage collector left on,
as a caller would see them.  Each figure is the median of several repeats, per
item; the reference in every row is measured in the same run, on the same input.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NoReturn

__all__ = [
    "TIMING_ALIGN",
    "TIMING_HEADER",
    "Budget",
    "CheckError",
    "Result",
    "Series",
    "Table",
    "Timing",
    "budget_table",
    "fail",
    "growth_slope",
    "machine",
    "measure",
    "median_of",
    "ratio",
    "run_single",
    "seconds_us",
    "time_label",
    "timing_cells",
]


class CheckError(Exception):
    """A benchmark's output differs from the expected value; nothing may be timed."""


def fail(message: str) -> NoReturn:
    """Stop the run: the code under test gave a wrong answer."""
    raise CheckError(message)


# -- timing --------------------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    """Seconds per item over ``repeat`` repeats of ``number`` calls."""

    median: float
    best: float
    repeat: int
    number: int

    @property
    def per_second(self) -> float:
        return 1 / self.median if self.median else math.inf


def measure(
    fn: Callable[[], object],
    *,
    items: int = 1,
    repeat: int = 5,
    number: int | None = None,
    target: float = 0.02,
    max_number: int = 100_000,
) -> Timing:
    """Time ``fn``: median (and best) seconds per item over ``repeat`` repeats.

    Each repeat calls ``fn`` ``number`` times; ``items`` is how many items one
    call handles (a pass over a corpus of 4,000 snippets has ``items=4000``).
    Without ``number``, one untimed warm-up call sizes it so that a repeat
    lasts about ``target`` seconds.
    """
    if number is None:
        number = _calibrate(fn, target, max_number)
    per_item: list[float] = []
    for _ in range(repeat):
        started = time.perf_counter()
        for _ in range(number):
            fn()
        per_item.append((time.perf_counter() - started) / (number * items))
    return Timing(statistics.median(per_item), min(per_item), repeat, number)


def _calibrate(fn: Callable[[], object], target: float, max_number: int) -> int:
    """How many calls fill about ``target`` seconds (untimed warm-up calls, as timeit does)."""
    number = 1
    while True:
        started = time.perf_counter()
        for _ in range(number):
            fn()
        elapsed = time.perf_counter() - started
        if elapsed >= target / 10 or number >= max_number:
            break
        number *= 10
    return max(1, min(max_number, round(number * target / max(elapsed, 1e-9))))


def median_of(values: Iterable[float]) -> float:
    """The median, or NaN for no values."""
    values = list(values)
    return statistics.median(values) if values else math.nan


def growth_slope(points: Sequence[tuple[float, float]]) -> float:
    """The log-log slope of the last step of a series: 1.0 is linear growth."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    return math.log(y1 / y0) / math.log(x1 / x0)


# -- formatting ----------------------------------------------------------------------


def seconds_us(seconds: float) -> str:
    """Seconds as microseconds with sensible precision: 0.93, 18.7, 1,460."""
    us = seconds * 1e6
    if us < 10:
        return f"{us:.2f}"
    if us < 1000:
        return f"{us:.1f}"
    return f"{us:,.0f}"


def time_label(seconds: float) -> str:
    """A duration to three significant figures in µs, ms or s: 3.9 µs, 1.46 ms, 10 ms."""
    for scale, unit in ((1e-6, "µs"), (1e-3, "ms")):
        value = seconds / scale
        if float(f"{value:.3g}") < 1000:
            return f"{value:.3g} {unit}"
    return f"{seconds:.3g} s"


def ratio(ours: float, reference: float) -> str:
    """``ours / reference``: 1,234, 12.3, 1.23 or 0.0059."""
    if not reference or math.isnan(reference):
        return "-"
    value = ours / reference
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}" if value >= 0.1 else f"{value:.2g}"


def timing_cells(ours: float, reference_name: str, reference: float) -> list[str]:
    """The standard columns: median µs, per second, reference, reference µs, ratio."""
    return [
        seconds_us(ours),
        f"{1 / ours:,.0f}",
        reference_name,
        seconds_us(reference),
        ratio(ours, reference),
    ]


TIMING_HEADER = ["median µs", "per second", "reference", "reference µs", "ratio"]
TIMING_ALIGN = "rrlrr"


@dataclass
class Table:
    """A markdown table with a title and notes printed under it."""

    title: str
    header: Sequence[str]
    align: str  # one letter per column: l or r
    rows: list[Sequence[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def markdown(self) -> str:
        if len(self.align) != len(self.header):
            raise ValueError(
                f"table {self.title!r}: {len(self.header)} columns, align {self.align!r}"
            )
        rule = ["---:" if a == "r" else "---" for a in self.align]
        lines = [f"### {self.title}", ""]
        lines += ["| " + " | ".join(row) + " |" for row in (self.header, rule, *self.rows)]
        for note in self.notes:
            lines += ["", note]
        return "\n".join(lines)


@dataclass(frozen=True)
class Budget:
    """One line of the budget table (issue 8)."""

    area: str
    budget: str
    measured: str
    met: bool


@dataclass(frozen=True)
class Series:
    """A growth series: (size, seconds) points, drawn in one chart panel."""

    panel: str  # "locate" or "evaluate"
    name: str
    points: tuple[tuple[float, float], ...]
    reference: bool = False


@dataclass
class Result:
    """What one area hands back: its tables, budget lines and growth series."""

    area: str
    tables: list[Table] = field(default_factory=list)
    budgets: list[Budget] = field(default_factory=list)
    series: list[Series] = field(default_factory=list)
    seconds: float = 0.0

    def markdown(self) -> str:
        return "\n\n".join(table.markdown() for table in self.tables)


def budget_table(budgets: Sequence[Budget]) -> Table:
    """The budget table: area | budget | measured | met?"""
    rows = [[b.area, b.budget, b.measured, "yes" if b.met else "**no**"] for b in budgets]
    return Table("Budgets (issue 8)", ["area", "budget", "measured", "met?"], "llll", rows)


# -- the machine and the runner ------------------------------------------------------


def machine() -> str:
    """One line naming the CPU, cores, memory, Python and OS of this run."""
    cpu = platform.processor() or platform.machine()
    memory = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo", encoding="utf-8") as info:
            kib = int(info.readline().split()[1])
            memory = f", {kib / 2**20:.0f} GiB"
    except OSError:
        pass
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.2f} at start"
    return (
        f"{os.cpu_count()} cores ({cpu}, {platform.machine()}){memory}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.system()} {platform.release()}{load}"
    )


def run_area(area: str, run: Callable[[bool], Result], quick: bool) -> Result:
    """Run one area, timing the whole of it (checks included)."""
    started = time.perf_counter()
    result = run(quick)
    result.seconds = time.perf_counter() - started
    print(f"[{area}: checked and timed in {result.seconds:.1f} s]", file=sys.stderr)
    return result


def run_single(area: str, run: Callable[[bool], Result], argv: list[str] | None = None) -> int:
    """Entry point for ``python -m benchmarks.<area>_bench``: one area, its tables."""
    parser = argparse.ArgumentParser(prog=f"python -m benchmarks.{area}_bench")
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    args = parser.parse_args(argv)
    try:
        result = run_area(area, run, args.quick)
    except CheckError as exc:
        print(f"CHECK FAILED in {area}: {exc}", file=sys.stderr)
        return 1
    print(result.markdown())
    if result.budgets:
        print()
        print(budget_table(result.budgets).markdown())
    return 0

"""Two source trees timed in alternating fresh interpreters (``parse_ab``, ``evaluate_ab``).

Each round runs the module's worker once under the "after" tree and once under the
"before" tree (``PYTHONPATH`` set to each), so load drift on a shared machine hits
both alike; the worker prints one figure (µs per item) on its last line.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def time_tree(module: str, tree: str, extra: Sequence[str] = ()) -> float:
    """Run ``python -m <module> --worker [extra]`` with ``tree`` on the path; its figure."""
    out = subprocess.run(  # noqa: S603 (this interpreter, our own module, our own arguments)
        [sys.executable, "-m", module, "--worker", *extra],
        env=dict(os.environ, PYTHONPATH=tree),
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def compare(
    module: str, before: str, after: str, rounds: int, what: str, extra: Sequence[str] = ()
) -> tuple[float, float]:
    """Print each round and the medians; return (before, after) medians in µs per ``what``."""
    befores: list[float] = []
    afters: list[float] = []
    for round_ in range(1, rounds + 1):
        befores.append(time_tree(module, before, extra))
        afters.append(time_tree(module, after, extra))
        print(f"round {round_}: before {befores[-1]:.2f} µs, after {afters[-1]:.2f} µs {what}")
    b, a = statistics.median(befores), statistics.median(afters)
    print(f"median of {rounds} rounds: before {b:.2f} µs, after {a:.2f} µs ({(a - b) / b:+.1%})")
    return b, a

"""Time free-text ``evaluate`` on two source trees, interleaved, over the benchmark corpus.

Run (the "before" tree is any checkout of ``src``, e.g. ``git worktree add /tmp/base <commit>``)::

    python -m benchmarks.evaluate_ab --before /tmp/base/src [--rounds 4] [--cases 20000]

Each round runs one fresh interpreter per tree (before, then after), each timing
three warm ``evaluate`` calls over the same free-text cases (``evaluate_bench``'s
corpus, seed 7) with ``time.process_time`` and reporting the fastest per answer;
the rounds alternate, so load drift on a shared machine hits both trees alike.
It prints every round and the median of the rounds per tree.  Answers are not
checked here (``python -m benchmarks --only evaluate`` checks them).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from benchmarks._ab import compare

ROOT = Path(__file__).resolve().parent.parent


def worker(cases: int) -> None:
    """Time the fincalc on ``sys.path``; print µs per free-text answer (best of three)."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.evaluate_bench import _texts
    from fincalc import evaluate

    gold, predictions, _ = _texts(random.Random(7), cases)
    evaluate(predictions[:500], gold[:500])  # load the tables and the scanner
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        evaluate(predictions, gold)
        best = min(best, time.process_time() - start)
    print(f"{best / len(predictions) * 1e6:.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="the src directory of the tree to compare with")
    parser.add_argument("--after", default=str(ROOT / "src"), help="default: this tree's src")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.cases)
        return 0
    if not args.before:
        parser.error("--before is required")
    extra = ("--cases", str(args.cases))
    compare("benchmarks.evaluate_ab", args.before, args.after, args.rounds, "an answer", extra)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

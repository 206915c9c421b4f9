"""Time ``parse_quantity`` on two source trees, interleaved, over the benchmark corpus.

Run (the "before" tree is any checkout of ``src``, e.g. ``git archive <commit> src``)::

    git archive <commit> src | tar -x -C /tmp/before
    python -m benchmarks.parse_ab --before /tmp/before/src [--rounds 4]

Each round runs one fresh interpreter per tree (before, then after), each timing
five warm passes over the 4,000-snippet corpus with ``time.process_time`` and
reporting the median pass per snippet; the rounds alternate, so load drift on a
shared machine hits both trees alike.  It prints every round and the median of
the rounds per tree.  No answer is checked here (the differential does that).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from benchmarks._ab import compare

ROOT = Path(__file__).resolve().parent.parent


def worker() -> None:
    """Time the fincalc on ``sys.path``; print µs per snippet (median of five passes)."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.corpus import snippets
    from fincalc import FincalcError, parse_quantity

    texts = [s.text for s in snippets(4000)]

    def run() -> int:
        refused = 0
        for text in texts:
            try:
                parse_quantity(text)
            except FincalcError:
                refused += 1  # (timed as a caller meets it)
        return refused

    run()  # the first pass loads the data and switches to the scanner
    passes = []
    for _ in range(5):
        start = time.process_time()
        run()
        passes.append(time.process_time() - start)
    print(f"{statistics.median(passes) / len(texts) * 1e6:.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="the src directory of the tree to compare with")
    parser.add_argument("--after", default=str(ROOT / "src"), help="default: this tree's src")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker()
        return 0
    if not args.before:
        parser.error("--before is required")
    compare("benchmarks.parse_ab", args.before, args.after, args.rounds, "a snippet")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

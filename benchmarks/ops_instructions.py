"""Replay, hash, explain and render the stored audit records 1 + N times, for callgrind.

The operation table (issue 29) sits on the paths a stored record takes: replay
(the rule, its preamble), the record's hashes, its expression and HTML view,
and ``render``. Wall time on a shared machine drifts too much to compare two
trees by a few per cent; instructions repeat exactly. Run it on each tree with
N = 0 and N = 20; the difference over 20 rounds of the 38 records of
``tests/data/computations.jsonl`` is the cost of those paths::

    PYTHONPATH=<tree>/src valgrind --tool=callgrind python -m benchmarks.ops_instructions 0
    PYTHONPATH=<tree>/src valgrind --tool=callgrind python -m benchmarks.ops_instructions 20

(docs/performance.md, issue 29, has a run.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fincalc import Computation, render
from fincalc._computing.identity import identity  # the property caches it

STORED = Path(__file__).resolve().parent.parent / "tests" / "data" / "computations.jsonl"


def main(argv: list[str] | None = None) -> int:
    """Load the stored records, check them once, then run their paths ``argv[0]`` more times."""
    more = int((argv if argv is not None else sys.argv[1:] or ["0"])[0])
    rows = [json.loads(line) for line in STORED.read_text(encoding="utf-8").splitlines()]
    records = [Computation.from_dict(row["record"]) for row in rows]
    for row, record in zip(rows, records, strict=True):
        sentences = {locale: render(record, locale=locale) for locale in row["render"]}
        if sentences != row["render"] or record.replay() != record:
            print(f"stored record {row['id']} no longer replays or reads alike", file=sys.stderr)
            return 1
    for _ in range(more):
        for record in records:
            record.replay()
            record._canonical()
            identity(record)
            _ = record.expression, record._repr_html_()
            render(record, locale="zh_CN")
            render(record, locale="en_US")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

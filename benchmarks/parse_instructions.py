"""Parse the benchmark snippets 1 + N times, for counting instructions under callgrind.

Wall and CPU time on a shared machine drift too much to compare two trees by a few
per cent; instructions repeat exactly. Run it on each tree with N = 0 and N = 2;
the difference over 2 x 4,000 parses is the cost of one ``parse_quantity``::

    PYTHONPATH=<tree>/src valgrind --tool=callgrind python -m benchmarks.parse_instructions 0
    PYTHONPATH=<tree>/src valgrind --tool=callgrind python -m benchmarks.parse_instructions 2

(docs/performance.md, issue 26, has a run.)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import snippets
from fincalc import FincalcError, parse_quantity


def main(argv: list[str] | None = None) -> int:
    """Parse the 4,000 snippets once, then ``argv[0]`` more times."""
    more = int((argv if argv is not None else sys.argv[1:] or ["0"])[0])
    texts = [s.text for s in snippets(4000)]
    for _ in range(1 + more):
        for text in texts:
            try:  # noqa: SIM105 (a suppress() context per call would be counted too)
                parse_quantity(text)
            except FincalcError:
                pass  # (timed as a caller meets it)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

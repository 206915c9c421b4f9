"""Cold ``import fincalc`` and time to first use, each in a fresh interpreter.

Run: ``python -m benchmarks.import_bench`` (or ``python -m benchmarks --only import``).

Each run starts a new interpreter (``subprocess``, the same Python and
environment as this one) that times ``import fincalc`` and then its first
``parse_quantity`` call, which loads the lazy modules (parser, unit tables,
pydantic) and builds the grammar; the figure is the median over the runs.
That child imports ``json`` (and so ``re``) before its clock starts, as it
did when the issue-18 budget was set; a second child, timed the same way,
imports nothing first (its row says what that adds).
"Cold" means a fresh process: the operating system's file cache and the
``.pyc`` files are warm, as they are for any service that imports fincalc at
start-up.  The child first checks its answer, that ``import fincalc``
loaded none of pydantic, babel or dateutil, and that the first parse did not
load pydantic.

References, in fresh interpreters in the same run: ``from pydantic import
BaseModel`` (what an eager import of the validation layer alone would cost;
a bare ``import pydantic`` defers most of it) and the wall time
of an interpreter that does nothing (``python -c pass``).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

from benchmarks._harness import Budget, Result, Table, fail, ratio, run_single

AREA = "import"
BUDGET_SECONDS = 0.150
#: ``import fincalc`` and the first ``parse_quantity`` together: 20 ms in issue 18,
#: 40 ms since issue 29 removed the start-up tricks (stored regex bytecode,
#: hand-made dataclasses) that bought the difference.
FIRST_PARSE_SECONDS = 0.040

_CHILD = """
import json, sys, time
started = time.perf_counter()
import fincalc
imported = time.perf_counter()
eager = sorted(m for m in ("pydantic", "babel", "dateutil") if m in sys.modules)
quantity = fincalc.parse_quantity("营业收入8.7亿元")
used = time.perf_counter()
validated = sorted(m for m in ("pydantic",) if m in sys.modules)
print(json.dumps({
    "import": imported - started,
    "first_use": used - imported,
    "eager": eager,
    "validated": validated,
    "value": str(quantity.value),
    "dimension": quantity.dimension,
}))
"""
#: The same, with nothing imported before the clock starts (``_CHILD`` imports
#: ``json`` first, which loads ``re``, ``enum`` and ``functools`` before timing).
_BARE_CHILD = """
import time
started = time.perf_counter()
import fincalc
quantity = fincalc.parse_quantity("营业收入8.7亿元")
used = time.perf_counter()
import json
print(json.dumps({"both": used - started, "value": str(quantity.value)}))
"""
_REFERENCE = """
import json, time
started = time.perf_counter()
from pydantic import BaseModel
print(json.dumps({"import": time.perf_counter() - started}))
"""


def _child(code: str) -> tuple[dict[str, object], float]:
    """Run ``code`` in a fresh interpreter: its JSON output and the wall time of the process."""
    started = time.perf_counter()
    command = [sys.executable, "-c", code]  # our own interpreter and fixed code
    done = subprocess.run(command, capture_output=True, text=True, check=False)  # noqa: S603
    wall = time.perf_counter() - started
    if done.returncode != 0:
        fail(f"the child interpreter failed: {done.stderr.strip()[-500:]}")
    return (json.loads(done.stdout) if done.stdout.strip() else {}), wall


def _warm_bytecode() -> None:
    """Write the package's ``.pyc`` files, as an installed package has them.

    (Under ``PYTHONDONTWRITEBYTECODE`` no import writes them, and every child
    would compile fincalc's sources: a cost no installed service pays.)
    """
    import compileall

    import fincalc

    compileall.compile_dir(Path(fincalc.__file__).parent, quiet=2)


def run(quick: bool = False) -> Result:
    """Check the child's answer and laziness, then take medians over fresh interpreters."""
    _warm_bytecode()
    runs = 3 if quick else 15
    imports: list[float] = []
    first_uses: list[float] = []
    walls: list[float] = []
    references: list[float] = []
    bare: list[float] = []
    bares: list[float] = []
    for _ in range(runs):
        out, wall = _child(_CHILD)
        if Decimal(str(out["value"])) != Decimal("870000000") or out["dimension"] != "CNY":
            fail(f"parse_quantity in a fresh interpreter gave {out}")
        if out["eager"]:
            fail(f"import fincalc loaded {out['eager']} eagerly; they must load on first use")
        if out["validated"]:
            fail(
                "the first parse_quantity loaded pydantic: the default table must be read from "
                "its precomputed index (python -m fincalc._reading.prebuild)"
            )
        imports.append(float(out["import"]))  # type: ignore[arg-type]
        first_uses.append(float(out["first_use"]))  # type: ignore[arg-type]
        walls.append(wall)
        bare_out, _ = _child(_BARE_CHILD)
        if Decimal(str(bare_out["value"])) != Decimal("870000000"):
            fail(f"parse_quantity in a fresh interpreter gave {bare_out}")
        bares.append(float(bare_out["both"]))  # type: ignore[arg-type]
        reference, _ = _child(_REFERENCE)
        references.append(float(reference["import"]))  # type: ignore[arg-type]
        bare.append(_child("pass")[1])
    imported = statistics.median(imports)
    first_use = statistics.median(first_uses)
    both = statistics.median(i + f for i, f in zip(imports, first_uses, strict=True))
    pydantic = statistics.median(references)
    nothing = statistics.median(bare)

    def cells(ours: float, name: str, reference: float) -> list[str]:
        return [f"{ours * 1e3:.1f}", name, f"{reference * 1e3:.1f}", ratio(ours, reference)]

    rows = [
        ["`import fincalc`", *cells(imported, "`from pydantic import BaseModel`", pydantic)],
        [
            "first `parse_quantity` after the import (lazy modules and data)",
            *cells(first_use, "`from pydantic import BaseModel`", pydantic),
        ],
        [
            "`import fincalc` and the first `parse_quantity`",
            *cells(both, "`from pydantic import BaseModel`", pydantic),
        ],
        [
            "the same, nothing imported before the clock starts (`json`, `re` load inside)",
            *cells(statistics.median(bares), "`from pydantic import BaseModel`", pydantic),
        ],
        [
            "interpreter start, `import fincalc`, first `parse_quantity` (process wall time)",
            *cells(statistics.median(walls), "`python -c pass` (wall time)", nothing),
        ],
    ]
    table = Table(
        f"import fincalc in a fresh interpreter (median of {runs} runs)",
        ["what", "median ms", "reference", "reference ms", "ratio"],
        "lrlrr",
        rows,
        [
            f"Spread over the runs: `import fincalc` {min(imports) * 1e3:.1f}–"
            f"{max(imports) * 1e3:.1f} ms, first use {min(first_uses) * 1e3:.0f}–"
            f"{max(first_uses) * 1e3:.0f} ms."
        ],
    )
    budgets = [
        Budget(
            "`import fincalc`",
            "≤ 150 ms cold in a fresh interpreter",
            f"{imported * 1e3:.1f} ms (first `parse_quantity` adds {first_use * 1e3:.0f} ms)",
            imported <= BUDGET_SECONDS,
        ),
        Budget(
            "first `parse_quantity`",
            "≤ 40 ms with `import fincalc`, in a fresh interpreter (issues 18, 29)",
            f"{both * 1e3:.1f} ms",
            both <= FIRST_PARSE_SECONDS,
        ),
    ]
    return Result(AREA, [table], budgets)


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

"""Scaling out on Dask: ``evaluate_bag`` and ``resolve_corpus`` against one process (issue 17).

Run: ``python -m benchmarks.scaling_bench`` (or ``python -m benchmarks --only scaling``;
``--quick`` for a smoke run). Needs the ``dask`` extra (``pip install -e '.[dask]'``);
without it the area prints a note and times nothing.

Inputs: the ``evaluate`` area's generators -- 100,000 free-text answers
(bilingual, about 230 characters, correct / wrong scale / wrong value /
refused) and 100,000 structured cases -- and a corpus of 400 synthetic annual
reports (the ``grounding`` area's, 100 kB each, three claims per report:
a cell to read, a wrong column to refuse, a per-share exception). One
process is warmed up first (tables and grammars loaded), so its times are
its steady state.

Rows, each on the same input in the same run: one process (``evaluate``,
``resolve_all``: the reference), ``evaluate(workers=2)`` (fincalc's own forked
pool), and Dask's local process scheduler with two workers, under Dask's
default start method (spawn: each worker imports fincalc and loads its tables)
and under fork. Every distributed result is checked first: the report's JSON
must equal one process's byte for byte, and the corpus resolution must have
the same facts, refusals and conflicts. Times are medians of three runs (two
at full size for free text).
"""

from __future__ import annotations

import random
import time

try:
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]
from collections.abc import Callable
from typing import Any

from benchmarks._harness import Result, Table, fail, run_single
from benchmarks.evaluate_bench import _structured, _texts
from benchmarks.grounding_bench import CLAIM, report
from fincalc import Document, GoldCase, Prediction, Resolution, evaluate, resolve_all

AREA = "scaling"
SEED = 20261201
WORKERS = 2


def _dask() -> Any:
    try:
        import dask

        import fincalc.integrations.dask as on_dask
    except ImportError:
        return None
    return dask, on_dask


def _cpu() -> float:
    """CPU seconds so far of this process and of its finished children (worker processes)."""
    if resource is None:  # pragma: no cover - not on Windows
        return time.process_time()
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _timed(fn: Callable[[], object], repeat: int) -> tuple[float, float, object]:
    """Median wall and CPU seconds of ``repeat`` runs, and the first run's output."""
    walls: list[float] = []
    cpus: list[float] = []
    first: object = None
    for i in range(repeat):
        start, cpu = time.perf_counter(), _cpu()
        out = fn()
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu() - cpu)
        if i == 0:
            first = out
    return sorted(walls)[len(walls) // 2], sorted(cpus)[len(cpus) // 2], first


def _evaluate_rows(
    area: str,
    gold: list[GoldCase],
    preds: list[Prediction],
    repeat: int,
    modules: Any,
) -> list[list[str]]:
    dask, on_dask = modules
    n = len(gold)
    one, one_cpu, serial = _timed(lambda: evaluate(preds, gold).to_json(), repeat)
    runs: list[tuple[str, Callable[[], str]]] = [
        ("evaluate(workers=2), forked pool", lambda: evaluate(preds, gold, workers=2).to_json()),
    ]
    for context in ("spawn", "fork"):

        def on(context: str = context) -> str:
            with dask.config.set({"multiprocessing.context": context}):
                bag = on_dask.evaluate_bag(
                    preds, gold, npartitions=WORKERS, scheduler="processes", num_workers=WORKERS
                )
            return str(bag.to_json())

        runs.append((f"evaluate_bag, Dask processes ({context}), 2 workers", on))
    rows = [[area, "evaluate, one process", f"{n:,}", f"{one:.2f}", f"{n / one:,.0f}",
             "1.00×", f"{one_cpu:.2f}"]]  # fmt: skip
    for name, fn in runs:
        seconds, cpu, out = _timed(fn, repeat)
        if out != serial:
            fail(f"{area}: {name} gives another report than one process")
        rows.append([area, name, f"{n:,}", f"{seconds:.2f}", f"{n / seconds:,.0f}",
                     f"{one / seconds:.2f}×", f"{cpu:.2f}"])  # fmt: skip
    return rows


def _corpus(docs: int) -> tuple[list[dict[str, Any]], Callable[[], list[Document]]]:
    texts = [report(100_000, seed=seed) for seed in range(docs)]
    claims: list[dict[str, Any]] = []
    for i in range(docs):
        doc_id = f"ar-{i}"
        claims += [
            {**CLAIM, "evidence_id": doc_id},
            {**CLAIM, "evidence_id": doc_id, "quote": "9,876 $"},  # the 2023 column: refused
            {**CLAIM, "evidence_id": doc_id, "period": "FY2023",
             "quote": "Diluted earnings per share\n$\n4.08"},
        ]  # fmt: skip

    def fresh() -> list[Document]:  # a Document caches its structure: time the first read
        return [Document(f"ar-{i}", text, currency="USD") for i, text in enumerate(texts)]

    return claims, fresh


def _same(ours: Resolution, theirs: Resolution) -> bool:
    refused = [(r.reason, str(r.error)) for r in ours.refusals]
    return (
        ours.facts == theirs.facts
        and refused == [(r.reason, str(r.error)) for r in theirs.refusals]
        and ours.conflicts == theirs.conflicts
    )


def _corpus_rows(docs: int, repeat: int, modules: Any) -> list[list[str]]:
    dask, on_dask = modules
    claims, fresh = _corpus(docs)
    one, one_cpu, serial = _timed(lambda: resolve_all(claims, fresh()), repeat)
    if not isinstance(serial, Resolution) or len(serial.facts) != 2 * docs:
        fail(f"the corpus should give two facts per report: {serial}")
    if [r.reason for r in serial.refusals] != ["period_mismatch"] * docs:
        fail("the wrong column of each report should be refused")
    rows = [["corpus", "resolve_all, one process", f"{docs} × 100 kB", f"{one:.2f}",
             f"{docs / one:,.1f}", "1.00×", f"{one_cpu:.2f}"]]  # fmt: skip
    for context in ("spawn", "fork"):

        def on(context: str = context) -> Resolution:
            with dask.config.set({"multiprocessing.context": context}):
                out: Resolution = on_dask.resolve_corpus(
                    claims, fresh(), npartitions=WORKERS * 2, scheduler="processes",
                    num_workers=WORKERS,
                )  # fmt: skip
            return out

        seconds, cpu, out = _timed(on, repeat)
        if not isinstance(out, Resolution) or not _same(out, serial):
            fail(f"resolve_corpus ({context}) differs from resolve_all")
        rows.append(["corpus", f"resolve_corpus, Dask processes ({context}), 2 workers",
                     f"{docs} × 100 kB", f"{seconds:.2f}", f"{docs / seconds:,.1f}",
                     f"{one / seconds:.2f}×", f"{cpu:.2f}"])  # fmt: skip
    return rows


def _warm_up(rng: random.Random) -> None:
    """Load the tables and grammars in this process, so one process is timed warm.

    (The Dask workers start cold under spawn -- that is part of what they cost --
    and inherit this warm state under fork.)
    """
    gold, preds, _ = _texts(rng, 200)
    evaluate(preds, gold)
    gold, preds, _ = _structured(rng, 200)
    evaluate(preds, gold)
    claims, fresh = _corpus(1)
    resolve_all(claims, fresh())


def run(quick: bool = False) -> Result:
    """Check each distributed result against one process, then time both."""
    modules = _dask()
    if modules is None:
        note = Table(
            "Scaling on Dask: skipped",
            ["note"],
            "l",
            [["dask is not installed here: pip install -e '.[dask]' to run this area"]],
        )
        return Result(AREA, [note])
    n = 2_000 if quick else 100_000
    rng = random.Random(SEED)
    _warm_up(rng)
    rows: list[list[str]] = []
    text_gold, text_preds, _ = _texts(rng, n)
    rows += _evaluate_rows("free text", text_gold, text_preds, 1 if quick else 2, modules)
    structured_gold, structured_preds, _ = _structured(rng, n)
    rows += _evaluate_rows("structured", structured_gold, structured_preds, 1 if quick else 2,
                           modules)  # fmt: skip
    rows += _corpus_rows(8 if quick else 400, 1 if quick else 3, modules)
    table = Table(
        f"Scaling on Dask: one process against {WORKERS} worker processes",
        ["input", "run", "size", "median s", "per second", "speed-up", "CPU s, all processes"],
        "llrrrrr",
        rows,
        [
            "Checked first: every report's JSON equals one process's byte for byte; the "
            "corpus gives the same facts, refusals and conflicts as resolve_all.",
            f"Dask runs {WORKERS} partitions on {WORKERS} workers (the corpus: 4 partitions); "
            "the Dask times include starting the workers. CPU s adds this process's CPU time "
            "and its finished children's (the workers): what the run costs the machine, "
            "whatever else is running on it.",
        ],
    )
    return Result(AREA, [table])


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

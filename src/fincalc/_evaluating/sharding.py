"""Scoring many cases, in this process or split across worker processes (``workers=``).

Cases are split into contiguous shards, scored in worker processes and their
results concatenated in order, so the report is identical to a
single-process run.  A worker is started only for at least
``MIN_CASES_PER_WORKER`` cases: starting one costs more than scoring a few
hundred.  Workers are forked where the platform allows (they inherit the
loaded tables and the cases, and the caller's script needs no ``__main__``
guard); on spawn-only platforms the cases travel pickled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._base.exceptions import InvalidInputError
from .._values.decimals import arithmetic
from .cases import CaseResult
from .scoring import OptionArgs, Options, make_options, score

if TYPE_CHECKING:
    from .records import GoldCase, Prediction

__all__ = ["MIN_CASES_PER_WORKER", "Item", "score_all"]

#: The fewest cases a worker process is started for (a process costs ~0.3 s to start).
MIN_CASES_PER_WORKER = 2_000

#: One case to score: gold, its prediction (if any) and the notes on duplicates.
Item = tuple["GoldCase", "Prediction | None", tuple[str, ...]]


def score_all(
    items: list[Item], options: Options, option_args: OptionArgs, workers: int
) -> list[CaseResult]:
    """Score every item, in order: here, or in up to ``workers`` processes.

    ``options`` is ``option_args`` compiled (this process scores with it);
    workers compile their own from ``option_args``.
    """
    processes = min(workers, len(items) // MIN_CASES_PER_WORKER)
    if processes > 1:
        return _score_in_processes(items, option_args, processes)
    with arithmetic():
        return [score(case, pred, options, notes) for case, pred, notes in items]


def _score_shard(shard: tuple[list[Item], OptionArgs]) -> list[CaseResult]:
    items, option_args = shard
    options = make_options(option_args)
    with arithmetic():
        return [score(case, pred, options, notes) for case, pred, notes in items]


# Set in the parent just before forking, so forked workers read the cases from
# inherited memory instead of receiving them pickled.
_FORKED: tuple[list[Item], OptionArgs] | None = None


def _score_forked_range(bounds: tuple[int, int]) -> list[CaseResult]:
    if _FORKED is None:  # pragma: no cover - only reachable in a mis-started worker
        raise InvalidInputError("evaluate worker started without its cases", argument="workers")
    items, option_args = _FORKED
    return _score_shard((items[bounds[0] : bounds[1]], option_args))


def _score_in_processes(
    items: list[Item], option_args: OptionArgs, processes: int
) -> list[CaseResult]:
    global _FORKED
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    size = -(-len(items) // processes)
    bounds = [(i, min(i + size, len(items))) for i in range(0, len(items), size)]
    if "fork" in multiprocessing.get_all_start_methods():
        # Forked workers inherit the loaded tables and the cases; the caller's
        # script needs no __main__ guard.
        _FORKED = (items, option_args)
        try:
            forked = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(max_workers=processes, mp_context=forked) as pool:
                shards = list(pool.map(_score_forked_range, bounds))
        finally:
            _FORKED = None
    else:  # spawn-only platforms: the cases travel pickled
        spawned = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=processes, mp_context=spawned) as pool:
            shards = list(pool.map(_score_shard, [(items[a:b], option_args) for a, b in bounds]))
    return [result for shard in shards for result in shard]

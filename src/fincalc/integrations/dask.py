"""Evaluate many answers and ground a corpus of filings on Dask, exactly as one process would.

Two jobs outgrow one process: scoring millions of answers, and grounding the
claims made about thousands of filings. Both split cleanly, and this module
splits them so that the result is *the same object* a single call returns:

- ``evaluate_bag`` puts every record of a question in one partition
  (predictions and gold are paired by qid, so a pair never splits, duplicates
  stay together in their input order), scores each partition with
  ``fincalc.evaluate`` and merges the partition reports with
  ``EvalReport.combine`` as they arrive; ``report_item`` is the same as a lazy
  ``dask.bag`` reduction. The merge adds exact counts (integers and a
  ``Decimal`` sum, never floats), so every grouping of partitions gives the
  same report: its ``to_json()`` is byte-identical to ``evaluate(predictions,
  gold).to_json()``.
- ``resolve_corpus`` (lazy: ``resolution_item``) sends each document with the
  claims that cite it to a partition, runs ``fincalc.resolve_all`` there, and
  merges facts and refusals back into claim order; conflicts (equal calibers,
  different values) are found over *all* facts at the end, so two filings that
  disagree are reported even when they were grounded in different processes.
  The result equals ``resolve_all(claims, documents)``.
- ``partition_by_qid`` builds the qid-partitioned bag (from lists or from
  Dask bags, e.g. JSONL read by the workers) and ``shard_of`` is the stable
  qid → shard rule, for jobs that split files themselves and merge their
  reports with ``EvalReport.combine(EvalReport.from_json(...) ...)``.

Reports and facts cross process boundaries pickled (Dask's process scheduler)
or as JSON (``EvalReport.to_json``/``from_json``); both reload exactly.

Install with ``pip install 'fincalc-qa[dask]'``; docs/scaling.md has the recipes
and what moving the work to other processes costs::

    from fincalc.integrations.dask import evaluate_bag

    report = evaluate_bag(predictions, gold, npartitions=8, scheduler="processes")
"""

from __future__ import annotations

import heapq
import os
import pickle
import uuid
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial
from operator import itemgetter
from typing import Any, Literal, TypeAlias, cast

import dask.bag as db
import dask.config
from dask.bag.core import Item as DaskItem
from dask.base import compute as dask_compute
from dask.delayed import delayed
from dask.highlevelgraph import HighLevelGraph

from fincalc import (
    Claim,
    Document,
    EvalReport,
    Fact,
    FiscalCalendar,
    GoldCase,
    InvalidInputError,
    Prediction,
    Resolution,
    ScoringProfile,
    Tolerance,
    UnitTable,
    UnresolvedClaim,
    evaluate,
    find_conflicts,
    load_gold,
    load_predictions,
    resolve_all,
)

# dask.bag has no type annotations: its calls go through these, and what they
# return is cast to the documented types at the public functions' edges.
_bags: Any = db
_delayed: Any = delayed
_compute: Any = dask_compute
_dask_config: Any = dask.config

__all__ = [
    "Record",
    "evaluate_bag",
    "partition_by_qid",
    "report_item",
    "resolution_item",
    "resolve_corpus",
    "shard_of",
]

#: One element of a qid-partitioned bag: ``("gold", GoldCase)`` or ``("prediction", Prediction)``.
Record: TypeAlias = tuple[Literal["gold", "prediction"], GoldCase | Prediction]


def shard_of(qid: str, shards: int) -> int:
    """The shard a question belongs to: stable across processes, machines and runs.

    Python's ``hash()`` of a string changes with every interpreter, so it cannot
    split files between separate jobs; this is CRC-32 of the qid's UTF-8 bytes
    modulo ``shards``.

    Args:
        qid: The question id.
        shards: How many shards there are.

    Raises:
        InvalidInputError: ``shards`` is not a positive int, or ``qid`` is not a str.

    >>> shard_of("cn-01", 4), shard_of("cn-01", 4) == shard_of("cn-01", 4)
    (2, True)
    """
    _check_count(shards, "shards")
    if not isinstance(qid, str):
        raise InvalidInputError(
            f"shard_of needs a qid string, got {type(qid).__name__}; pass record.qid",
            argument="qid",
            value=repr(qid)[:80],
        )
    return zlib.crc32(qid.encode("utf-8")) % shards


def partition_by_qid(
    predictions: Iterable[Prediction | Mapping[str, Any]] | db.Bag,
    gold: Iterable[GoldCase | Mapping[str, Any]] | db.Bag,
    *,
    npartitions: int | None = None,
) -> db.Bag:
    """A bag of ``Record``s in which every question lies in exactly one partition.

    Each qid's gold cases and predictions land in one partition, in their
    input order, so a pair never splits and the first of two records with one
    qid is still the one ``evaluate`` uses.

    Lists (or any iterables) are validated here, as ``evaluate`` would (a bad
    record raises ``InvalidRecordError`` naming its index), and partitioned in
    this process: a qid's records go to partition ``shard_of(qid,
    npartitions)``. Dask bags are validated in the workers
    (``GoldCase.model_validate``), grouped by shard number (``Bag.groupby`` on
    an integer, never on a string, whose ``hash()`` differs between
    processes) and put back in input order.

    Args:
        predictions: ``Prediction`` records or dicts, or a bag of either.
        gold: ``GoldCase`` records or dicts, or a bag of either.
        npartitions: How many partitions (default: the machine's CPU count for
            lists; the larger of the two bags' partition counts for bags).

    Raises:
        InvalidInputError: ``npartitions`` is not a positive int.
        InvalidRecordError: a record in a list fails validation.

    >>> gold = [{"qid": "q1", "value": "870000000", "dimension": "CNY"}, {"qid": "q4"}]
    >>> preds = [{"qid": "q4", "text": "资料未披露"}, {"qid": "q1", "text": "营收8.7亿元"}]
    >>> [shard_of("q1", 2), shard_of("q4", 2)]
    [0, 1]
    >>> bag = partition_by_qid(preds, gold, npartitions=2)
    >>> [(kind, record.qid) for kind, record in bag.compute(scheduler="sync")]
    [('gold', 'q1'), ('prediction', 'q1'), ('gold', 'q4'), ('prediction', 'q4')]
    """
    if isinstance(predictions, db.Bag) or isinstance(gold, db.Bag):
        return _shuffle_bags(
            _as_bag(predictions, "predictions"), _as_bag(gold, "gold"), npartitions
        )
    buckets = _buckets(predictions, gold, _default_partitions(npartitions))
    return _bag_of(buckets, "fincalc-by-qid")


def report_item(
    records: db.Bag,
    *,
    tolerance: Tolerance | None = None,
    profile: str | ScoringProfile = "strict",
    refusal_phrases: Iterable[str] | None = None,
    citation_pattern: str | None = None,
    retrieval_k: int = 5,
    select: Literal["final", "any"] = "final",
    split_every: int | None = None,
) -> DaskItem:
    """The report of a qid-partitioned bag, lazily: a ``dask.bag.Item``.

    Each partition is scored with ``fincalc.evaluate`` and the partition
    reports are merged with ``EvalReport.combine`` in a ``Bag.reduction``, a
    tree of merges that runs in the workers. Build it into a larger graph, or
    compute several at once (``dask.compute(item_a, item_b)`` scores two runs
    against the same gold in one pass). ``evaluate_bag`` instead brings each
    partition's report to the caller and merges there: the merged report holds
    every case, so a tree of merges only moves the cases more often.

    Args:
        records: A bag from ``partition_by_qid`` (each qid in one partition).
        tolerance: As for ``fincalc.evaluate``; like every option here, checked
            before anything runs.
        profile: As for ``fincalc.evaluate``.
        refusal_phrases: As for ``fincalc.evaluate``.
        citation_pattern: As for ``fincalc.evaluate``.
        retrieval_k: As for ``fincalc.evaluate``.
        select: As for ``fincalc.evaluate``.
        split_every: How many reports one merge step takes (Dask's default: 8).

    Raises:
        InvalidInputError: an option is invalid, or ``records`` is not a bag.

    >>> gold = [{"qid": "q1", "value": "870000000", "dimension": "CNY"}, {"qid": "q2"}]
    >>> preds = [{"qid": "q1", "text": "营收8.7亿元"}, {"qid": "q2", "text": "8.1亿元"}]
    >>> item = report_item(partition_by_qid(preds, gold, npartitions=2))
    >>> report = item.compute(scheduler="sync")
    >>> str(report.numeric_accuracy), str(report.refusal_accuracy)
    ('100.0% (1/1)', '0.0% (0/1)')
    """
    bag = _check_bag(records)
    options = _evaluate_options(
        tolerance, profile, refusal_phrases, citation_pattern, retrieval_k, select
    )
    return cast(
        DaskItem,
        bag.reduction(
            partial(_score_partition, options),
            EvalReport.combine,
            split_every=split_every,
            name="fincalc-evaluate",
        ),
    )


def evaluate_bag(
    predictions: Iterable[Prediction | Mapping[str, Any]] | db.Bag,
    gold: Iterable[GoldCase | Mapping[str, Any]] | db.Bag,
    *,
    npartitions: int | None = None,
    scheduler: str | object | None = None,
    num_workers: int | None = None,
    tolerance: Tolerance | None = None,
    profile: str | ScoringProfile = "strict",
    refusal_phrases: Iterable[str] | None = None,
    citation_pattern: str | None = None,
    retrieval_k: int = 5,
    select: Literal["final", "any"] = "final",
) -> EvalReport:
    """Score predictions against gold on Dask; the report equals ``evaluate``'s.

    ``evaluate_bag(p, g).to_json() == evaluate(p, g).to_json()`` for every
    partition count, scheduler and order of the input: the records are
    partitioned by qid (``partition_by_qid``), each partition is scored with
    ``fincalc.evaluate`` in a worker, and the partition reports are merged with
    ``EvalReport.combine`` here, where they arrive (each case crosses a process
    boundary once).

    Args:
        predictions: ``Prediction`` records or dicts, or a dask bag of either.
        gold: ``GoldCase`` records or dicts, or a dask bag of either.
        npartitions: How many partitions (see ``partition_by_qid``).
        scheduler: Dask's scheduler: ``"processes"``, ``"threads"``, ``"sync"``
            or a ``distributed.Client``. Without one, the scheduler set in
            Dask's config (a ``Client`` you created sets itself) or else, as
            for any Dask bag, ``"processes"``.
        num_workers: Worker processes or threads for the local schedulers.
        tolerance: As for ``fincalc.evaluate``.
        profile: As for ``fincalc.evaluate``.
        refusal_phrases: As for ``fincalc.evaluate``.
        citation_pattern: As for ``fincalc.evaluate``.
        retrieval_k: As for ``fincalc.evaluate``.
        select: As for ``fincalc.evaluate``.

    Returns:
        The ``EvalReport`` of all cases.

    Raises:
        InvalidInputError: an option is invalid.
        InvalidRecordError: a record fails validation.

    >>> from fincalc import evaluate
    >>> gold = [{"qid": f"q{i}", "value": f"{i}00000000", "dimension": "CNY"} for i in range(9)]
    >>> preds = [{"qid": f"q{i}", "text": f"营业收入为{i}亿元"} for i in range(9)]
    >>> report = evaluate_bag(preds, gold, npartitions=3, scheduler="sync")
    >>> report.to_json() == evaluate(preds, gold).to_json(), str(report.numeric_accuracy)
    (True, '100.0% (9/9)')
    """
    options = _evaluate_options(
        tolerance, profile, refusal_phrases, citation_pattern, retrieval_k, select
    )
    compute = _compute_options(scheduler, num_workers)
    if isinstance(predictions, db.Bag) or isinstance(gold, db.Bag):
        records: Any = partition_by_qid(predictions, gold, npartitions=npartitions)
        reports = records.map_partitions(partial(_score_partitions, options))
        parts = _compute(*reports.to_delayed(optimize_graph=False), optimize_graph=False, **compute)
        return EvalReport.combine(report for part in parts for report in part)
    buckets = _buckets(predictions, gold, _default_partitions(npartitions))
    tasks = [_delayed(_score_sealed, pure=False)(options, _Sealed(b)) for b in buckets]
    sealed = _compute(*tasks, optimize_graph=False, **compute)
    return EvalReport.combine(report.content for report in sealed)


def resolution_item(
    claims: Iterable[Claim | Mapping[str, Any]],
    documents: Mapping[str, Document] | Iterable[Document],
    *,
    npartitions: int | None = None,
    calendar: FiscalCalendar | None = None,
    min_ratio: float = 0.9,
    table: UnitTable | None = None,
    split_every: int | None = None,
) -> DaskItem:
    """Ground a corpus lazily: a ``dask.bag.Item`` whose value is a ``Resolution``.

    The partitions' grounded claims are merged back into claim order by a
    ``Bag.reduction`` in the workers, and conflicts found over all of them;
    ``resolve_corpus`` does the same but merges where the results arrive.

    Args:
        claims: As for ``resolve_corpus``.
        documents: As for ``resolve_corpus``.
        npartitions: As for ``resolve_corpus``.
        calendar: As for ``fincalc.resolve_all``.
        min_ratio: As for ``fincalc.resolve_all``.
        table: As for ``fincalc.resolve_all``.
        split_every: How many partitions' results one merge step takes.

    >>> from fincalc import Document
    >>> docs = [Document("ar", "2024年度营业收入8.7亿元。"), Document("summary", "营业收入8.1亿元")]
    >>> claim = {"metric": "营业收入", "entity": "华岳", "period": "2024年度",
    ...          "basis": "single_period", "currency": "CNY"}
    >>> claims = [{**claim, "evidence_id": "ar", "quote": "营业收入8.7亿元"},
    ...           {**claim, "evidence_id": "summary", "quote": "营业收入8.1亿元"}]
    >>> resolution = resolution_item(claims, docs, npartitions=2).compute(scheduler="sync")
    >>> [str(fact.value) for fact in resolution.facts], len(resolution.conflicts)
    (['8.7E+8', '8.1E+8'], 1)
    """
    local, parts = plan_corpus(
        claims,
        documents,
        _default_partitions(npartitions),
        resolve_options(calendar, min_ratio, table),
    )
    bag: Any = _bag_of([[part] for part in parts], "fincalc-corpus")
    grounded = bag.reduction(
        partial(resolve_partition, resolve_options(calendar, min_ratio, table)),
        merge_grounded,
        split_every=split_every,
        name="fincalc-resolve",
    )
    return cast(DaskItem, grounded.apply(partial(to_resolution, local)))


def resolve_corpus(
    claims: Iterable[Claim | Mapping[str, Any]],
    documents: Mapping[str, Document] | Iterable[Document],
    *,
    npartitions: int | None = None,
    scheduler: str | object | None = None,
    num_workers: int | None = None,
    calendar: FiscalCalendar | None = None,
    min_ratio: float = 0.9,
    table: UnitTable | None = None,
) -> Resolution:
    """Ground every claim against a corpus on Dask; the result equals ``resolve_all``'s.

    Each document goes to one partition together with the claims that cite
    it (partitions are balanced by text length and claim count), and each
    partition runs ``fincalc.resolve_all`` in a worker. Facts and refusals
    come back in claim order, and conflicts are found over *all* facts, so two
    filings that disagree are reported even when they were read in different
    processes: the ``Resolution`` has the same facts, the same refusals
    (reason and message) and the same conflicts as ``resolve_all(claims,
    documents)``. A claim that cites no document of the corpus, or has no
    readable ``evidence_id``, is refused here without a worker.

    Args:
        claims: ``Claim`` objects or dicts; each cites a document by ``evidence_id``.
        documents: The corpus: ``Document`` objects or a mapping of id to document.
        npartitions: How many partitions (default: the machine's CPU count).
        scheduler: Dask's scheduler, as for ``evaluate_bag``.
        num_workers: Worker processes or threads for the local schedulers.
        calendar: As for ``fincalc.resolve_all``.
        min_ratio: As for ``fincalc.resolve_all``.
        table: As for ``fincalc.resolve_all``.

    Raises:
        InvalidInputError: two documents share an id, or an argument is not
            what it should be.

    >>> from fincalc import Document
    >>> docs = [Document("q3", "2025年第三季度营业收入8.7亿元。"), Document("h1", "营收5亿元")]
    >>> claims = [{"evidence_id": "q3", "quote": "营业收入8.7亿元", "metric": "营业收入",
    ...            "entity": "华东区", "period": "2025Q3", "basis": "single_period",
    ...            "currency": "CNY"},
    ...           {"evidence_id": "10-K", "quote": "$8.7 billion", "metric": "Revenue",
    ...            "entity": "Acme", "period": "FY2024", "basis": "single_period"}]
    >>> resolution = resolve_corpus(claims, docs, npartitions=2, scheduler="sync")
    >>> [str(f.value) for f in resolution.facts], [r.reason for r in resolution.refusals]
    (['8.7E+8'], ['unknown_evidence'])
    """
    local, parts = plan_corpus(
        claims,
        documents,
        _default_partitions(npartitions),
        resolve_options(calendar, min_ratio, table),
    )
    options = resolve_options(calendar, min_ratio, table)
    tasks = [_delayed(_resolve_sealed, pure=False)(options, _Sealed(part)) for part in parts]
    compute = _compute_options(scheduler, num_workers)
    sealed = _compute(*tasks, optimize_graph=False, **compute)
    return to_resolution(local, merge_grounded([part.content for part in sealed]))


# -- evaluation: the partition step and the bag shuffle ------------------------------


def _evaluate_options(
    tolerance: Tolerance | None,
    profile: str | ScoringProfile,
    refusal_phrases: Iterable[str] | None,
    citation_pattern: str | None,
    retrieval_k: int,
    select: Literal["final", "any"],
) -> dict[str, Any]:
    """``evaluate``'s options, checked here (a bad one fails now, not in a worker)."""
    options: dict[str, Any] = {
        "tolerance": tolerance,
        "profile": profile,
        "refusal_phrases": None if refusal_phrases is None else tuple(refusal_phrases),
        "citation_pattern": citation_pattern,
        "retrieval_k": retrieval_k,
        "select": select,
    }
    evaluate([], [], **options)
    return options


def _check_bag(records: object) -> Any:
    if not isinstance(records, db.Bag):
        raise InvalidInputError(
            f"report_item needs a dask bag from partition_by_qid, got {type(records).__name__}",
            argument="records",
            value=repr(records)[:80],
        )
    return records


def _buckets(predictions: object, gold: object, n: int) -> list[list[Record]]:
    """Validate the records as ``evaluate`` does; each qid's in bucket ``shard_of(qid, n)``."""
    buckets: list[list[Record]] = [[] for _ in range(n)]
    golds: list[GoldCase] = _records(gold, "gold")
    preds: list[Prediction] = _records(predictions, "predictions")
    crc32 = zlib.crc32  # shard_of, without its checks: a record's qid is a str
    for case in golds:
        buckets[crc32(case.qid.encode("utf-8")) % n].append(("gold", case))
    for pred in preds:
        buckets[crc32(pred.qid.encode("utf-8")) % n].append(("prediction", pred))
    return buckets


def _score_sealed(options: dict[str, Any], records: _Sealed) -> _Sealed:
    return _Sealed(_score_partition(options, records.content))


def _score_partitions(options: dict[str, Any], records: Iterable[Record]) -> list[EvalReport]:
    """One partition's report, as a one-element partition of a bag of reports."""
    return [_score_partition(options, records)]


def _score_partition(options: dict[str, Any], records: Iterable[Record]) -> EvalReport:
    """Score one partition's records (every qid's records are all here)."""
    golds: list[GoldCase] = []
    preds: list[Prediction] = []
    for kind, record in records:
        if kind == "gold":
            golds.append(record)  # type: ignore[arg-type]
        else:
            preds.append(record)  # type: ignore[arg-type]
    return evaluate(preds, golds, **options)


def _listed(items: object, kind: Literal["gold", "predictions"]) -> list[Any]:
    """``items`` as a list, or the error ``evaluate`` gives for a non-iterable."""
    if isinstance(items, str) or not isinstance(items, Iterable):
        raise InvalidInputError(
            f"evaluate_bag needs {kind} as an iterable of records or a dask bag, "
            f"got {type(items).__name__}",
            argument=kind,
            value=repr(items)[:80],
        )
    return list(items)


def _records(items: object, kind: Literal["gold", "predictions"]) -> list[Any]:
    model = GoldCase if kind == "gold" else Prediction
    records = _listed(items, kind)
    if all(isinstance(r, model) for r in records):
        return records
    return load_gold(records) if kind == "gold" else load_predictions(records)


def _as_bag(items: object, kind: Literal["gold", "predictions"]) -> db.Bag:
    """A bag as it is; records in a list become a bag (validated in the workers)."""
    if isinstance(items, db.Bag):
        return items
    records = _listed(items, kind)
    n = max(1, min(len(records), _default_partitions(None)))
    size = -(-len(records) // n)
    return _bag_of([records[i : i + size] for i in range(0, len(records), size)] or [[]], kind)


def _tag(
    kind: Literal["gold", "prediction"], part: int, shards: int, records: Iterable[Any]
) -> list[tuple[int, tuple[int, int, int], Record]]:
    """Validate one input partition's records and tag each with its shard and input order."""
    model = GoldCase if kind == "gold" else Prediction
    order = 0 if kind == "gold" else 1
    tagged: list[tuple[int, tuple[int, int, int], Record]] = []
    for position, raw in enumerate(records):
        record = raw if isinstance(raw, model) else model.model_validate(raw)
        tagged.append((shard_of(record.qid, shards), (order, part, position), (kind, record)))
    return tagged


def _in_order(group: tuple[int, list[tuple[int, tuple[int, int, int], Record]]]) -> list[Record]:
    """One shard's records, back in input order (gold first; each kind as it came)."""
    return [record for _, _, record in sorted(group[1], key=itemgetter(1))]


def _shuffle_bags(predictions: Any, gold: Any, npartitions: int | None) -> db.Bag:
    n = (
        max(predictions.npartitions, gold.npartitions)
        if npartitions is None
        else _default_partitions(npartitions)
    )
    tagged = [
        _delayed(_tag)(kind, part, n, chunk)
        for kind, bag in (("gold", gold), ("prediction", predictions))
        for part, chunk in enumerate(bag.to_delayed())
    ]
    # integer keys: a string key's hash() differs between worker processes
    groups = _bags.from_delayed(tagged).groupby(itemgetter(0), npartitions=n, shuffle="tasks")
    return cast(db.Bag, groups.map(_in_order).flatten())


# -- grounding a corpus in partitions: route each document with its claims, merge back in
# order (Dask-free: which partition reads which document, how a partition resolves its
# claims, and how the partitions' results become the Resolution resolve_all would give).

#: One grounded claim on its way back: its index in the input, and its fact or refusal.
Grounded: TypeAlias = tuple[int, Fact | UnresolvedClaim]
#: What one partition holds: its documents, and the claims citing them with their index.
CorpusPart: TypeAlias = tuple[tuple[Document, ...], tuple[tuple[int, Any], ...]]

# A claim's weight next to its document's text when balancing partitions: roughly what
# resolving one claim costs, in characters of document structure read.
_CLAIM_WEIGHT = 2_000


def resolve_options(
    calendar: FiscalCalendar | None, min_ratio: float, table: UnitTable | None
) -> dict[str, Any]:
    return {"calendar": calendar, "min_ratio": min_ratio, "table": table}


def plan_corpus(
    claims: object,
    documents: object,
    n: int,
    options: dict[str, Any],
) -> tuple[list[Grounded], list[CorpusPart]]:
    """Refuse the claims citing no known document; ``n`` partitions of documents and claims."""
    by_id = _documents(documents)
    routed: dict[str, list[tuple[int, Any]]] = {doc_id: [] for doc_id in by_id}
    unrouted: list[tuple[int, Any]] = []
    for index, claim in enumerate(_claims(claims)):
        doc_id = _evidence_id(claim)
        if doc_id is not None and doc_id in routed:
            routed[doc_id].append((index, claim))
        else:  # refused without reading anything; the message lists the known ids
            unrouted.append((index, claim))
    local = _refuse_unrouted(unrouted, by_id, options)
    return local, _balance(by_id, routed, n)


def _documents(documents: object) -> dict[str, Document]:
    if isinstance(documents, Mapping):
        items = list(documents.values())
    elif isinstance(documents, Iterable) and not isinstance(documents, str):
        items = list(documents)
    else:
        raise InvalidInputError(
            f"resolve_corpus needs Documents or a mapping of id to Document, "
            f"got {type(documents).__name__}",
            argument="documents",
            value=repr(documents)[:80],
        )
    by_id: dict[str, Document] = {}
    for doc in items:
        if not isinstance(doc, Document):
            raise InvalidInputError(
                f"resolve_corpus: a document is a {type(doc).__name__}, not a fincalc.Document",
                argument="documents",
                value=repr(doc)[:80],
            )
        if doc.id in by_id:
            raise InvalidInputError(
                f"two documents share the id {doc.id!r}; evidence ids must be unique",
                argument="documents",
                value=doc.id,
            )
        by_id[doc.id] = doc
    return by_id


def _claims(claims: object) -> Iterator[Any]:
    if isinstance(claims, (str, bytes, Mapping)) or not isinstance(claims, Iterable):
        raise InvalidInputError(
            f"resolve_corpus needs an iterable of claims, got {type(claims).__name__}",
            argument="claims",
            value=repr(claims)[:80],
        )
    return iter(claims)


def _evidence_id(claim: object) -> str | None:
    if isinstance(claim, Claim):
        return claim.evidence_id
    if isinstance(claim, Mapping):
        value = claim.get("evidence_id")
        return value if isinstance(value, str) else None
    return None


def _balance(
    by_id: dict[str, Document], routed: dict[str, list[tuple[int, Any]]], n: int
) -> list[CorpusPart]:
    """Documents (with their claims) in ``n`` partitions of about equal work, heaviest first."""
    weights = sorted(
        ((len(doc.text) + _CLAIM_WEIGHT * len(routed[doc_id]), order, doc_id)
         for order, (doc_id, doc) in enumerate(by_id.items()) if routed[doc_id]),
        key=lambda w: (-w[0], w[1]),
    )  # fmt: skip
    loads = [(0, part) for part in range(n)]
    members: list[list[str]] = [[] for _ in range(n)]
    for weight, _, doc_id in weights:
        load, part = heapq.heappop(loads)
        members[part].append(doc_id)
        heapq.heappush(loads, (load + weight, part))
    parts: list[CorpusPart] = []
    for ids in members:
        if ids:
            docs = tuple(by_id[i] for i in ids)
            indexed = tuple(sorted((c for i in ids for c in routed[i]), key=itemgetter(0)))
            parts.append((docs, indexed))
    return parts or [((), ())]


def _resolve_indexed(
    indexed: Iterable[tuple[int, Any]], by_id: Mapping[str, Document], options: dict[str, Any]
) -> list[Grounded]:
    out: list[Grounded] = []
    for index, claim in indexed:
        resolution = resolve_all([claim], by_id, **options)
        out.append((index, (resolution.facts or resolution.refusals)[0]))
    return out


def _refuse_unrouted(
    unrouted: list[tuple[int, Any]], by_id: dict[str, Document], options: dict[str, Any]
) -> list[Grounded]:
    """Claims that cite no known document: refused here, in one ``resolve_all`` call."""
    resolution = resolve_all([claim for _, claim in unrouted], by_id, **options)
    if resolution.facts or len(resolution.refusals) != len(unrouted):
        return _resolve_indexed(unrouted, by_id, options)  # keep each claim with its index
    return [(index, r) for (index, _), r in zip(unrouted, resolution.refusals, strict=True)]


def resolve_partition(options: dict[str, Any], parts: Iterable[CorpusPart]) -> list[Grounded]:
    out: list[Grounded] = []
    for docs, indexed in parts:
        out.extend(_resolve_indexed(indexed, {doc.id: doc for doc in docs}, options))
    return sorted(out, key=itemgetter(0))


def merge_grounded(groups: Sequence[list[Grounded]]) -> list[Grounded]:
    """Merge partitions' grounded claims, each sorted by claim index (associative)."""
    return list(heapq.merge(*groups, key=itemgetter(0)))


def to_resolution(local: list[Grounded], grounded: list[Grounded]) -> Resolution:
    merged = merge_grounded([local, grounded])
    facts = tuple(r for _, r in merged if isinstance(r, Fact))
    refusals = tuple(r for _, r in merged if isinstance(r, UnresolvedClaim))
    conflicts = tuple(tuple(group) for group in find_conflicts(facts))
    return Resolution(facts, refusals, conflicts)


# -- grounding: the partition step --------------------------------------------------


def _resolve_sealed(options: dict[str, Any], part: _Sealed) -> _Sealed:
    return _Sealed(resolve_partition(options, [part.content]))


# -- shared ----------------------------------------------------------------------------


def _bag_of(partitions: Sequence[list[Any]], prefix: str) -> db.Bag:
    """A bag with these partitions, named at random.

    ``db.from_sequence`` names its bag by hashing every element (``tokenize``),
    which costs more than scoring a few thousand cases; records travel in the
    graph as they are.
    """
    name = f"{prefix}-{uuid.uuid4().hex}"
    layer: dict[Any, Any] = {(name, i): part for i, part in enumerate(partitions)}
    graph = HighLevelGraph.from_collections(name, layer, dependencies=())
    return cast(db.Bag, _bags.Bag(graph, name, len(partitions)))


def _check_count(value: object, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidInputError(
            f"{name} must be a positive int, got {value!r}", argument=name, value=repr(value)
        )


def _default_partitions(npartitions: int | None) -> int:
    if npartitions is None:
        return os.cpu_count() or 1
    _check_count(npartitions, "npartitions")
    return npartitions


class _Sealed:
    """A partition's records, or its result, as one opaque value in a Dask graph.

    Dask walks every list, tuple, dict and dataclass in a graph looking for
    tasks (about 15 µs per record), and its process scheduler pickles with
    cloudpickle, which calls back into Python for every object; sealed, the
    content is pickled once with the standard pickler (three to four times
    faster here) and crosses the process boundary as one bytes object. The
    graphs are computed unoptimised: Dask's fusion would insert alias tasks,
    and under the process scheduler each task's result crosses a process
    boundary, so every case would be pickled three more times.
    """

    __slots__ = ("content",)

    def __init__(self, content: Any) -> None:
        self.content = content

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return _unseal, (pickle.dumps(self.content, protocol=pickle.HIGHEST_PROTOCOL),)


def _unseal(data: bytes) -> _Sealed:
    # our own bytes, pickled a moment ago by this graph's other end
    return _Sealed(pickle.loads(data))  # noqa: S301


def _compute_options(scheduler: str | object | None, num_workers: int | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if scheduler is None and _dask_config.get("scheduler", None) is None:
        scheduler = "processes"  # a bag's default (a graph of delayed calls would use threads)
    if scheduler is not None:
        options["scheduler"] = scheduler
    if scheduler in ("processes", "multiprocessing"):
        # Dask's process pool hands out tasks six at a time by default, which puts
        # every partition of a small graph on one worker; one partition is seconds
        # of work, so hand them out one by one.
        options["chunksize"] = 1
    if num_workers is not None:
        _check_count(num_workers, "num_workers")
        options["num_workers"] = num_workers
    return options

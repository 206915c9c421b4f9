"""The Dask recipe (docs/scaling.md): distributed results equal one process's, byte for byte.

Runs in the ``integrations`` environment (``bash .ci/integrations``), where
dask is installed. The cases are the bundled bilingual sample replicated to a
few thousand questions (every reason code, retrieval lists, should-refuse
gold), plus the records that make pairing hard: duplicate gold and
predictions, predictions for unknown qids, gold without a prediction, and
dicts instead of records. The process scheduler runs a few times (its start
counts); the partitioning itself is the same under every scheduler, so the
many partition counts and orders run on the synchronous one.
"""

from __future__ import annotations

import json
import pickle
import random
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

import dask
import dask.bag as db
import pytest

from fincalc import (
    Document,
    EvalReport,
    GoldCase,
    InvalidInputError,
    InvalidRecordError,
    Prediction,
    Resolution,
    evaluate,
    load_sample,
    resolve_all,
)
from fincalc.integrations.dask import (
    evaluate_bag,
    partition_by_qid,
    report_item,
    resolution_item,
    resolve_corpus,
    shard_of,
)

PAGES = Path(__file__).parents[1] / "data" / "pages"
COPIES = 84  # 36 sample questions × 84 = 3,024 cases


def _cases() -> tuple[list[Prediction | dict[str, Any]], list[GoldCase | dict[str, Any]]]:
    sample = load_sample()
    runs = list(sample.runs.values())
    gold: list[GoldCase | dict[str, Any]] = []
    preds: list[Prediction | dict[str, Any]] = []
    for copy in range(COPIES):
        by_qid = {p.qid: p for p in runs[copy % len(runs)]}
        for case in sample.gold:
            qid = f"{case.qid}#{copy}"
            gold.append(case.model_copy(update={"qid": qid}))
            if case.qid in by_qid and copy % 41 != 7:  # some go without a prediction
                preds.append(by_qid[case.qid].model_copy(update={"qid": qid}))
    # a duplicate prediction that must lose to the first, and a duplicate gold case
    preds.append({"qid": "cn-01#3", "text": "营业收入为8.7万元。"})
    gold.append({"qid": "en-02#5", "value": "1", "dimension": "USD"})
    # predictions for questions nobody asked, as dicts
    preds += [{"qid": f"stray-{i}", "value": "5", "dimension": "CNY"} for i in range(5)]
    return preds, gold


PREDS, GOLD = _cases()


@pytest.fixture(scope="module")
def serial() -> str:
    return evaluate(PREDS, GOLD).to_json()


def test_the_cases_are_the_recipe_s_few_thousand_mixed_ones(serial: str) -> None:
    report = EvalReport.from_json(serial)
    assert len(report.cases) > 3_000
    for reason in ("ok", "wrong_scale", "refused", "unknown_qid", "no_prediction"):
        assert report.by_reason.get(reason, 0) > 0, reason
    assert report.refusal_accuracy.denominator > 0  # gold that expects a refusal
    assert report.metrics.to_dict()["hit_at_k"]  # retrieval sums travel too
    assert {"cn", "en"} <= {case.qid[:2] for case in report.cases}
    assert len(report.by_category) >= 10
    noted = {n for case in report.cases for n in case.notes}
    assert noted == {"duplicate_gold", "duplicate_prediction"}


def test_the_process_scheduler_gives_the_one_process_report_byte_for_byte(
    serial: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    scored_here = _count_scoring_here(monkeypatch)
    report = evaluate_bag(PREDS, GOLD, npartitions=4, num_workers=2)  # a bag's default: processes
    assert report.to_json() == serial
    assert report == EvalReport.from_json(serial)
    assert scored_here == []  # every partition was scored in a worker process


def test_the_scheduler_set_in_dask_s_config_is_used(
    serial: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    scored_here = _count_scoring_here(monkeypatch)
    with dask.config.set(scheduler="sync"):
        report = evaluate_bag(PREDS, GOLD, npartitions=3)
    assert report.to_json() == serial
    assert len(scored_here) == 3


def _count_scoring_here(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record each partition this process scores (a worker process records nothing here)."""
    import fincalc.integrations.dask as on_dask

    calls: list[int] = []

    def counting(predictions: Any, gold: Any, **options: Any) -> EvalReport:
        if gold:  # not the options check, which scores nothing
            calls.append(len(gold))
        return evaluate(predictions, gold, **options)

    monkeypatch.setattr(on_dask, "evaluate", counting)
    return calls


@pytest.mark.parametrize("npartitions", [1, 5, 16])
def test_any_partition_count_gives_the_same_report(serial: str, npartitions: int) -> None:
    report = evaluate_bag(PREDS, GOLD, npartitions=npartitions, scheduler="sync")
    assert report.to_json() == serial


def test_a_shuffled_input_gives_the_same_report(serial: str) -> None:
    # questions in a random order; a qid's duplicates keep their order (the first one counts)
    rng = random.Random(17)  # noqa: S311 - a seeded shuffle, not a secret
    order: dict[str, float] = {}

    def key(record: Any) -> float:
        qid = record.qid if hasattr(record, "qid") else record["qid"]
        return order.setdefault(qid, rng.random())

    preds, gold = sorted(PREDS, key=key), sorted(GOLD, key=key)
    assert [key(p) for p in preds] != [key(p) for p in PREDS]
    report = evaluate_bag(preds, gold, npartitions=3, scheduler="threads", num_workers=2)
    assert report.to_json() == serial


def test_every_record_of_a_question_lands_in_one_partition() -> None:
    bag = partition_by_qid(PREDS, GOLD, npartitions=6)
    partitions = dask.compute(*bag.to_delayed(), scheduler="sync")
    homes: dict[str, set[int]] = {}
    for index, part in enumerate(partitions):
        for kind, record in part:
            assert kind in ("gold", "prediction")
            assert index == shard_of(record.qid, 6)
            homes.setdefault(record.qid, set()).add(index)
    assert all(len(home) == 1 for home in homes.values())
    assert sum(len(p) for p in partitions) == len(PREDS) + len(GOLD)


def test_the_reduction_merges_in_a_tree_and_two_runs_share_a_pass(serial: str) -> None:
    bag = partition_by_qid(PREDS, GOLD, npartitions=7)
    tree = report_item(bag, split_every=2)  # merges of merges of partition reports
    graded = report_item(bag, profile="graded")
    ours, theirs = dask.compute(tree, graded, scheduler="threads", num_workers=2)
    assert ours.to_json() == serial
    assert theirs.to_json() == evaluate(PREDS, GOLD, profile="graded").to_json()


def test_bags_read_by_the_workers_are_paired_by_qid(tmp_path: Path) -> None:
    # JSONL files read with db.read_text: records are validated in the workers and
    # shuffled by shard; duplicates keep their input order across input partitions
    preds, gold = _sample_dicts("dense", copies=12), _sample_dicts("gold", copies=12)
    preds.append({"qid": "cn-01#0", "text": "营业收入为8.7万元。"})  # a duplicate, last
    for name, records in (("preds", preds), ("gold", gold)):
        text = "\n".join(json.dumps(r, ensure_ascii=False) for r in records)
        (tmp_path / f"{name}.jsonl").write_text(text + "\n", encoding="utf-8")
    bag_p = db.read_text(str(tmp_path / "preds.jsonl"), blocksize=20_000).map(json.loads)
    bag_g = db.read_text(str(tmp_path / "gold.jsonl"), blocksize=20_000).map(json.loads)
    assert bag_p.npartitions > 2
    assert bag_g.npartitions > 2
    report = evaluate_bag(bag_p, bag_g, npartitions=3, scheduler="sync")
    assert report.to_json() == evaluate(preds, gold).to_json()
    assert "duplicate_prediction" in {n for c in report.cases for n in c.notes}


def test_shard_reports_written_by_separate_jobs_merge_to_the_whole(serial: str) -> None:
    # each "job" scores the questions of its shard and writes its report as JSON
    texts = []
    for shard in range(3):
        mine = [p for p in PREDS if shard_of(_qid(p), 3) == shard]
        theirs = [g for g in GOLD if shard_of(_qid(g), 3) == shard]
        texts.append(evaluate(mine, theirs).to_json())
    merged = EvalReport.combine(EvalReport.from_json(t) for t in reversed(texts))
    assert merged.to_json() == serial


def test_reports_cross_process_boundaries_exactly(serial: str) -> None:
    report = EvalReport.from_json(serial)
    pickled = pickle.loads(pickle.dumps(report))
    assert pickled.to_json() == serial
    assert EvalReport.from_json(pickled.to_json()).to_json() == serial
    # a reloaded report merges like the original: with itself it is not a partition
    with pytest.raises(InvalidInputError, match="partition the questions"):
        EvalReport.combine([pickled, report])


def test_shard_of_is_stable_and_in_range() -> None:
    assert shard_of("cn-01", 4) == 2  # CRC-32: the same in every process and on every machine
    assert {shard_of(f"q{i}", 5) for i in range(200)} == set(range(5))
    with pytest.raises(InvalidInputError, match="shards must be a positive int"):
        shard_of("q1", 0)


def test_a_bad_option_or_record_is_refused_before_any_work() -> None:
    with pytest.raises(InvalidInputError, match="retrieval_k must be a positive int"):
        evaluate_bag(PREDS, GOLD, retrieval_k=0, scheduler="sync")
    with pytest.raises(InvalidInputError, match="npartitions must be a positive int"):
        evaluate_bag(PREDS, GOLD, npartitions=0, scheduler="sync")
    with pytest.raises(InvalidInputError, match="needs a dask bag"):
        report_item(PREDS)  # type: ignore[arg-type]
    bad = [*GOLD[:3], {"qid": "q", "value": 1.5, "dimension": "CNY"}]
    with pytest.raises(InvalidRecordError) as ours:
        evaluate_bag(PREDS, bad, scheduler="sync")
    with pytest.raises(InvalidRecordError) as theirs:
        evaluate(PREDS, bad)
    assert str(ours.value) == str(theirs.value)  # the same record index and reason


# -- grounding a corpus --------------------------------------------------------------


def _corpus() -> tuple[list[dict[str, Any]], list[Document]]:
    claims: list[dict[str, Any]] = []
    docs: list[Document] = []
    for path in sorted(PAGES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        meta = data["document"]
        text = path.with_suffix(".txt").read_text(encoding="utf-8")
        docs.append(
            Document(
                meta["id"],
                text,
                page=meta.get("page"),
                currency=meta.get("currency"),
                unit=meta.get("unit"),
            )
        )
        claims += [
            {k: v for k, v in c.items() if k not in ("expect", "why", "xfail")}
            for c in data["claims"]
        ]
    # two filings that disagree on one caliber: a conflict across documents
    base = {"metric": "营业收入", "entity": "华东区", "period": "2025Q3",
            "basis": "single_period", "currency": "CNY"}  # fmt: skip
    for doc_id, amount in (("mdna-p12", "8.7亿元"), ("summary-p3", "8.1亿元")):
        docs.append(Document(doc_id, f"2025年第三季度华东区营业收入{amount}。"))
        claims.append({**base, "evidence_id": doc_id, "quote": f"营业收入{amount}"})
    claims.append({**base, "evidence_id": "no-such-page", "quote": "营业收入8.7亿元"})
    claims.append({"quote": "营业收入8.7亿元"})  # no evidence id: an invalid claim
    return claims, docs


def _same(ours: Resolution, theirs: Resolution) -> None:
    assert ours.facts == theirs.facts
    assert [(r.reason, str(r.error), r.claim) for r in ours.refusals] == [
        (r.reason, str(r.error), r.claim) for r in theirs.refusals
    ]
    assert ours.conflicts == theirs.conflicts


def test_grounding_a_corpus_on_processes_equals_resolve_all() -> None:
    claims, docs = _corpus()
    serial = resolve_all(claims, docs)
    assert len(docs) > 30
    assert len(serial.facts) > 50
    assert len(serial.refusals) > 20
    assert {"unknown_evidence", "invalid_claim"} <= {r.reason for r in serial.refusals}
    ids = [tuple(fact.evidence.evidence_id for fact in c) for c in serial.conflicts]
    # two of the fixture filings disagree, and so do the two pages added above
    assert len(ids) >= 2
    assert ("mdna-p12", "summary-p3") in ids
    ours = resolve_corpus(claims, docs, npartitions=3, scheduler="processes", num_workers=2)
    _same(ours, serial)
    assert all(f.value == Decimal(f.value) for f in ours.facts)


@pytest.mark.parametrize("npartitions", [1, 4, 50])
def test_the_corpus_partitioning_never_changes_the_resolution(npartitions: int) -> None:
    # with 50 partitions each document is read alone: every conflict spans partitions
    claims, docs = _corpus()
    serial = resolve_all(claims, docs)
    assert serial.conflicts
    by_id = {d.id: d for d in docs}
    _same(resolve_corpus(claims, by_id, npartitions=npartitions, scheduler="sync"), serial)
    lazy = resolution_item(claims, docs[::-1], npartitions=npartitions, split_every=2)
    _same(lazy.compute(scheduler="sync"), serial)


def test_a_corpus_with_two_documents_of_one_id_is_refused() -> None:
    doc = Document("p1", "营业收入8.7亿元")
    with pytest.raises(InvalidInputError, match="share the id 'p1'"):
        resolve_corpus([], [doc, doc], scheduler="sync")


def _qid(record: Any) -> str:
    return str(record.qid if hasattr(record, "qid") else record["qid"])


def _sample_dicts(name: str, *, copies: int) -> list[dict[str, Any]]:
    """The bundled sample's records as JSON objects, ``copies`` times with distinct qids."""
    text = (resources.files("fincalc") / "_data" / "sample" / f"{name}.jsonl").read_text("utf-8")
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [{**row, "qid": f"{row['qid']}#{copy}"} for copy in range(copies) for row in rows]

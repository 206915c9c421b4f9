"""Retrieval metrics against hand-computed values."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import (
    InvalidInputError,
    RetrievalScores,
    hit_at_k,
    mrr,
    ndcg_at_k,
    recall_at_k,
    score_retrieval,
)

RANKED = ["d4", "d1", "d9", "d2", "d7"]
GOLD = {"d1", "d2", "d3"}


def test_hand_computed_binary() -> None:
    assert hit_at_k(RANKED, GOLD, 1) == 0.0
    assert hit_at_k(RANKED, GOLD, 2) == 1.0
    assert recall_at_k(RANKED, GOLD, 2) == pytest.approx(1 / 3)
    assert recall_at_k(RANKED, GOLD, 5) == pytest.approx(2 / 3)
    assert mrr(RANKED, GOLD) == 0.5
    # DCG@5 = 1/log2(3) + 1/log2(5); IDCG@5 = 1 + 1/log2(3) + 1/log2(4)
    dcg = 1 / math.log2(3) + 1 / math.log2(5)
    idcg = 1 + 1 / math.log2(3) + 1 / 2
    assert ndcg_at_k(RANKED, GOLD, 5) == pytest.approx(dcg / idcg)
    assert ndcg_at_k(RANKED, GOLD, 5) == pytest.approx(0.4982, abs=1e-4)


def test_hand_computed_graded() -> None:
    grades = {"d1": 3, "d2": 1}
    # DCG@3 of [d2, d9, d1] = 1/1 + 0 + 3/2 = 2.5; IDCG = 3 + 1/log2(3)
    assert ndcg_at_k(["d2", "d9", "d1"], grades, 3) == pytest.approx(2.5 / (3 + 1 / math.log2(3)))
    # Zero grades are not relevant.
    assert hit_at_k(["d5"], {"d5": 0, "d1": 1}, 1) == 0.0


def test_duplicates_count_once() -> None:
    assert recall_at_k(["d1", "d1", "d1"], {"d1", "d2"}, 3) == 0.5
    assert ndcg_at_k(["d1", "d1"], {"d1": 1}, 2) == 1.0
    assert mrr(["d9", "d9", "d1"], {"d1"}) == 0.5


def test_nothing_relevant_retrieved() -> None:
    assert mrr(["a", "b"], {"z"}) == 0.0
    assert ndcg_at_k(["a", "b"], {"z"}, 2) == 0.0
    assert hit_at_k([], {"z"}, 3) == 0.0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hit_at_k(["a"], set(), 1), "no relevant id"),
        (lambda: recall_at_k(["a"], {"a"}, 0), "positive int"),
        (lambda: ndcg_at_k(["a"], {"a": -1}, 1), "non-negative"),
        (lambda: mrr(["a"], "a"), "string"),
    ],
)
def test_input_errors(call: object, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        call()  # type: ignore[operator]


METRICS = [
    lambda ranked: hit_at_k(ranked, {"a"}, 1),
    lambda ranked: recall_at_k(ranked, {"a"}, 1),
    lambda ranked: mrr(ranked, {"a"}),
    lambda ranked: ndcg_at_k(ranked, {"a"}, 1),
    lambda ranked: RetrievalScores.compute(ranked, {"a"}, k=1),
]


@pytest.mark.parametrize("metric", METRICS, ids=["hit", "recall", "mrr", "ndcg", "compute"])
@pytest.mark.parametrize(
    ("ranked", "message"),
    [
        (None, "NoneType"),
        (3, "int"),
        ("abc", r"bare string 'abc'; wrap a single id as \['abc'\]"),
        (b"abc", "bare string"),
        ({"a", "b"}, "set"),
        ({"a": 1}, "dict"),
        ([["a"]], "ids must be strings"),
        ([None], "ids must be strings"),
    ],
)
def test_ranked_must_be_a_sequence_of_ids(metric: Any, ranked: object, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        metric(ranked)


def test_ranked_may_be_any_ordered_iterable() -> None:
    assert mrr(("d3", "d1"), {"d1"}) == 0.5
    assert mrr(iter(["d3", "d1"]), {"d1"}) == 0.5


@pytest.mark.parametrize("relevant", [None, 3, [1, 2], (["a"],)])
def test_relevant_must_hold_id_strings(relevant: object) -> None:
    with pytest.raises(InvalidInputError, match="relevant"):
        hit_at_k(["a"], relevant, 1)  # type: ignore[arg-type]
    assert hit_at_k(["a"], iter(["a"]), 1) == 1.0  # type: ignore[arg-type]


def test_score_retrieval_needs_mappings() -> None:
    with pytest.raises(InvalidInputError, match="ranked must be a mapping"):
        score_retrieval([["a"]], {"q1": {"a"}})  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="relevant must be a mapping"):
        score_retrieval({"q1": ["a"]}, None)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="bare string"):
        score_retrieval({"q1": "a"}, {"q1": {"a"}})  # type: ignore[dict-item]


def test_score_retrieval_per_question_and_means() -> None:
    report = score_retrieval(
        {"q1": ["d1", "d2"], "q2": ["d3", "d4"], "q3": ["d5"]},
        {"q1": {"d1"}, "q2": {"d4"}, "q4": {"d9"}},
        k=1,
    )
    assert list(report.per_question) == ["q1", "q2"]
    assert report.skipped == ("q3", "q4")
    assert report.per_question["q2"] == RetrievalScores(k=1, hit=0.0, recall=0.0, mrr=0.5, ndcg=0.0)
    assert report.means == {"hit_at_k": 0.5, "recall_at_k": 0.5, "mrr": 0.75, "ndcg_at_k": 0.5}
    assert report.to_dict()["count"] == 2


def test_score_retrieval_empty() -> None:
    report = score_retrieval({}, {})
    assert report.means["mrr"] is None


ids = st.lists(st.sampled_from([f"d{i}" for i in range(8)]), max_size=8)


@given(ranked=ids, relevant=st.sets(st.sampled_from([f"d{i}" for i in range(8)]), min_size=1))
def test_metrics_lie_in_unit_interval(ranked: list[str], relevant: set[str]) -> None:
    for k in (1, 3, 10):
        scores = RetrievalScores.compute(ranked, relevant, k=k)
        for value in (scores.hit, scores.recall, scores.mrr, scores.ndcg):
            assert 0.0 <= value <= 1.0 + 1e-12
        assert scores.recall <= scores.hit

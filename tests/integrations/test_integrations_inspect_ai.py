"""The inspect_ai scorer in a real ``eval`` with inspect_ai's mock model (no network)."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.log import read_eval_log
from inspect_ai.model import ChatMessage, ModelOutput, ModelUsage, get_model
from inspect_ai.scorer import match
from inspect_ai.solver import generate

from fincalc.integrations.inspect_ai import numeric_answer

# inspect_ai's eval loop leaves anyio memory streams for the garbage collector;
# the warning is about inspect_ai's internals, not about fincalc's scorer
pytestmark = [
    pytest.mark.filterwarnings("ignore:Unclosed <MemoryObject:ResourceWarning"),
    pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning"),
]

# question -> (the mock model's answer, target, metadata, expected value, expected reason)
CASES: list[tuple[str, str, str, dict[str, Any], str, str]] = [
    ("q1", "华东区营业收入为8.7亿元。", "870000000", {"dimension": "CNY"}, "C", "ok"),
    ("q2", "Revenue was $303M.", "302600000", {"dimension": "USD"}, "C", "ok"),
    ("q3", "营业收入同比下降0.49%", "-0.0049", {"dimension": "RATIO"}, "C", "ok"),
    ("q4", "营业收入为8.7万元。", "870000000", {"dimension": "CNY"}, "I", "wrong_scale"),
    ("q5", "Revenue rose 0.49%", "-0.0049", {"dimension": "RATIO"}, "I", "wrong_sign"),
    ("q6", "营业收入 8.7 亿美元", "870000000", {"dimension": "CNY"}, "I", "wrong_currency"),
    ("q7", "研发投入 12.5", "1250000000", {"dimension": "CNY", "unit": "亿元"}, "C", "ok"),
    ("q8", "资料未披露该分部的营业收入。", "", {}, "C", "ok"),  # gold: a refusal
    ("q9", "营业收入为9.1亿元。", "", {"dimension": "CNY"}, "I", "should_refuse"),
    ("q10", "资料未披露。", "870000000", {"dimension": "CNY"}, "I", "refused"),
]


def _output(text: str) -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", text)
    # given usage, the mock model does not count tokens (which would fetch a tokenizer)
    output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return output


def _mock_model() -> Any:
    answers = {question: answer for question, answer, *_ in CASES}

    def reply(messages: list[ChatMessage], *_: Any) -> ModelOutput:
        return _output(answers[messages[-1].text])

    return get_model("mockllm/model", custom_outputs=reply)


def _task() -> Task:
    dataset = [
        Sample(id=q, input=q, target=target, metadata=meta) for q, _, target, meta, *_ in CASES
    ]
    return Task(dataset=dataset, solver=generate(), scorer=numeric_answer())


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(tmp_path)  # inspect_ai may write ./logs
    yield
    # collect the anyio streams inspect_ai's eval loop leaves behind here, under this
    # module's warning filters, not in whichever test file runs next
    gc.collect()


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Any:
    (result,) = eval(
        _task(),
        model=_mock_model(),
        log_dir=str(tmp_path_factory.mktemp("logs")),
        display="none",
    )
    assert result.status == "success", result.error
    return result


def test_each_sample_gets_fincalcs_verdict(log: Any) -> None:
    got = {s.id: s.scores["numeric_answer"] for s in log.samples}
    for q, _, _, _, value, reason in CASES:
        assert (got[q].value, got[q].metadata["reason"]) == (value, reason), q
    assert got["q1"].answer == "8.7亿元"
    assert got["q4"].explanation == (
        "wrong: wrong_scale, '8.7万元' vs gold 870000000 CNY (off by ×10^-4)"
    )


def test_metrics(log: Any) -> None:
    (score,) = log.results.scores
    metrics = {name: m.value for name, m in score.metrics.items()}
    assert metrics["accuracy"] == pytest.approx(5 / 10)
    assert metrics["wrong_scale_rate"] == pytest.approx(1 / 10)
    assert "stderr" in metrics


def test_several_targets_any_may_match(tmp_path: Path) -> None:
    task = Task(
        dataset=[Sample(input="q1", target=["-0.0049", "870000000"], metadata={})],
        solver=generate(),
        scorer=numeric_answer(dimension="CNY"),
    )
    (result,) = eval(task, model=_mock_model(), log_dir=str(tmp_path), display="none")
    assert result.samples[0].scores["numeric_answer"].value == "C"


def test_graded_profile_gives_partial_credit(tmp_path: Path) -> None:
    model = get_model("mockllm/model", custom_outputs=[_output("增长5.3%")])
    task = Task(
        dataset=[
            Sample(
                # the gold is read at its written precision: "0.05" would accept 5.3 %
                # (it rounds to 5 %); "0.050" holds it to a tenth of a point
                input="增长率？",
                target="0.050",
                metadata={"dimension": "RATIO", "kind": "derived"},
            )
        ],
        solver=generate(),
        scorer=numeric_answer(profile="graded"),
    )
    (result,) = eval(task, model=model, log_dir=str(tmp_path), display="none")
    assert result.samples[0].scores["numeric_answer"].value == "P"


# source, question, the model's answer, target, metadata, expected (value, reason)
ORDINARY: list[tuple[str, str, str, str, dict[str, Any], tuple[str, str]]] = [
    (
        "CSRC quarterly report",
        "华东区营业收入？",
        "华东区营业收入为8.7亿元。",
        "8.7亿元",
        {},
        ("C", "ok"),
    ),
    (
        "CSRC quarterly report",
        "华东区营业收入？",
        "营业收入为8.7万元。",
        "8.7亿元",
        {},
        ("I", "wrong_scale"),
    ),
    (
        "CSRC annual report",
        "营业收入？",
        "营业收入为8.7亿元。",
        "8.7亿",
        {"dimension": "CNY"},
        ("C", "ok"),
    ),
    (
        "10-K MD&A",
        "What was revenue?",
        "Revenue was $302.6 million.",
        "$302.6 million",
        {},
        ("C", "ok"),
    ),
    (
        "10-K MD&A",
        "What was revenue?",
        "Revenue was $302.6 billion.",
        "$302.6 million",
        {},
        ("I", "wrong_scale"),
    ),
    ("10-K MD&A", "What was revenue?", "Revenue was $302.6 million.", "302600000", {}, ("C", "ok")),
    (
        "10-K MD&A",
        "What was revenue?",
        "Revenue was $3.026 million.",
        "302600000",
        {},
        ("I", "wrong_scale"),
    ),
    ("earnings release", "毛利率？", "毛利率为24.3%。", "24.3%", {}, ("C", "ok")),
    (
        "10-K MD&A",
        "What was revenue?",
        "Revenue was $302.6 million.",
        "Revenue increased",
        {},
        ("I", "unreadable_gold"),
    ),
    (
        "CSRC annual report",
        "营业收入？",
        "营业收入为8.7亿元。",
        "8.7亿美元",
        {"dimension": "CNY"},
        ("I", "unreadable_gold"),
    ),
]


def test_ordinary_targets_are_read_and_a_bad_one_is_scored_not_raised(tmp_path: Path) -> None:
    # reference answers as docs/integrations.md shows them, bare numbers without a
    # dimension, and targets fincalc cannot read: the eval runs to the end either way
    outputs = [_output(answer) for _, _, answer, *_ in ORDINARY]
    task = Task(
        dataset=[
            Sample(id=i, input=question, target=target, metadata=meta)
            for i, (_, question, _, target, meta, _) in enumerate(ORDINARY)
        ],
        solver=generate(),
        scorer=numeric_answer(),
    )
    model = get_model("mockllm/model", custom_outputs=outputs)
    (result,) = eval(task, model=model, log_dir=str(tmp_path), display="none", max_samples=1)
    assert result.status == "success", result.error
    scores = {s.id: s.scores["numeric_answer"] for s in result.samples}
    for i, (source, _, _, target, _, expected) in enumerate(ORDINARY):
        assert (scores[i].value, scores[i].metadata["reason"]) == expected, (source, target)
    unreadable = [s for s in scores.values() if s.metadata["reason"] == "unreadable_gold"]
    for score in unreadable:
        assert score.explanation.startswith("unreadable gold: target ")
        assert "'8.7亿元'" in score.explanation  # says how a target is written
        assert score.metadata["error"]


def test_inspect_score_finds_it_through_the_entry_point(tmp_path: Path) -> None:
    # a log scored by inspect_ai's text match, rescored from the command line by name:
    # only the entry point tells a fresh `inspect` process where fincalc/numeric_answer is
    task = Task(
        dataset=[
            Sample(id=q, input=q, target=t, metadata=m) for q, _, t, m, *_ in CASES if q != "q8"
        ],
        solver=generate(),
        scorer=match(numeric=True),
    )
    (result,) = eval(task, model=_mock_model(), log_dir=str(tmp_path), display="none")
    rescored = tmp_path / "rescored.eval"
    inspect_cli = Path(sys.executable).with_name("inspect")
    command = [str(inspect_cli), "score", result.location, "--scorer", "fincalc/numeric_answer"]
    command += ["-S", "profile=strict", "--action", "overwrite", "--display", "none"]
    command += ["--output-file", str(rescored)]
    subprocess.run(command, check=True, capture_output=True, text=True, timeout=300)
    log = read_eval_log(str(rescored))
    values = {s.id: s.scores["numeric_answer"].value for s in log.samples or []}
    assert values == {q: v for q, _, _, _, v, _ in CASES if q != "q8"}


def test_the_sample_input_is_the_question_the_judge_reads(tmp_path: Path) -> None:
    model = get_model(
        "mockllm/model", custom_outputs=[_output("Revenue decreased by $1.2 million.")] * 2
    )
    task = Task(
        dataset=[
            Sample(input="By how much did revenue decrease in 2023?", target="1200000"),
            Sample(input="What was the change in revenue in 2023?", target="1200000"),
        ],
        solver=generate(),
        scorer=numeric_answer(dimension="USD"),
    )
    (result,) = eval(task, model=model, log_dir=str(tmp_path), display="none")
    values = [s.scores["numeric_answer"].value for s in result.samples]
    assert values == ["C", "I"]  # a positive target is the size only when the question says so

"""The command line in batch and CI use: --json, --workers, thresholds, progress, dialects."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import claim_json_schema, evaluate
from fincalc._evaluating.batch import evaluate_in_slices, parse_threshold
from fincalc._evaluating.records import GoldCase, Prediction, load_sample
from fincalc.cli import main

ROOT = Path(__file__).parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# source, question id, gold, the system's answer
ROWS = [
    (
        "CSRC quarterly report",
        "q-rev",
        {"value": "870000000", "dimension": "CNY"},
        "营业收入8.7亿元",
    ),
    (
        "CSRC quarterly report",
        "q-cost",
        {"value": "512000000", "dimension": "CNY"},
        "营业成本5.12万元",
    ),
    ("10-K MD&A", "q-capex", {"answer": "$302.6 million"}, "Capex was $302.6 million."),
    ("10-K MD&A", "q-margin", {"answer": "24.3%"}, "Gross margin was 25.1%."),
]


def _files(tmp_path: Path) -> tuple[str, str]:
    gold = tmp_path / "gold.jsonl"
    gold.write_text("\n".join(json.dumps({"qid": q, **g}) for _, q, g, _ in ROWS), "utf-8")
    preds = tmp_path / "preds.jsonl"
    preds.write_text("\n".join(json.dumps({"qid": q, "text": a}) for _, q, _, a in ROWS), "utf-8")
    return str(gold), str(preds)


def test_json_is_one_flag_and_format_json_a_deprecated_alias(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold, preds = _files(tmp_path)
    code, new, err = run(capsys, "eval", gold, preds, "--json")
    assert (code, err) == (0, "")
    code, old, err = run(capsys, "eval", gold, preds, "--format", "json")
    assert code == 0
    assert old == new
    assert err == "fincalc eval: warning: --format json is deprecated; use --json\n"
    code, _, err = run(capsys, "eval", gold, preds, "--json", "--format", "html")
    assert code == 2
    assert "--json and --format html" in err
    assert run(capsys, "schema", "--json")[1] == run(capsys, "schema")[1]


def test_workers_give_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    _, one, _ = run(capsys, "eval", "--demo", "--json")
    code, two, _ = run(capsys, "eval", "--demo", "--json", "--workers", "2")
    assert code == 0
    assert two == one


@pytest.mark.parametrize(
    ("flags", "code", "message"),
    [
        (["--fail-under", "numeric_accuracy=0.5"], 0, ""),  # 2/4 correct: met
        (["--fail-under", "numeric_accuracy=75%"], 1, "numeric_accuracy = 0.5000 (2/4)"),
        (["--fail-over", "caliber_error_rate=0"], 0, ""),
        (["--fail-under", "numeric_accuracy=0.5", "--fail-under", "answer_rate=1.01"], 1,
         "answer_rate = 1.0000 (4/4), wanted answer_rate>=1.01"),
        (["--fail-under", "refusal_accuracy=0.5"], 1, "refusal_accuracy has no cases to measure"),
        (["--fail-under", "numeric_acc=0.5"], 2, "no metric 'numeric_acc'"),
        (["--fail-under", "numeric_accuracy"], 2, "takes METRIC=VALUE"),
        (["--fail-over", "caliber_error_rate=lots"], 2, "takes METRIC=VALUE"),
    ],
)  # fmt: skip
def test_thresholds_turn_the_report_into_an_exit_code(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    flags: list[str],
    code: int,
    message: str,
) -> None:
    gold, preds = _files(tmp_path)
    got, out, err = run(capsys, "eval", gold, preds, "--json", *flags)
    assert got == code, err
    if code == 1:  # the report is still written, then each miss on its own line
        assert json.loads(out)["metrics"]["cases"] == len(ROWS)
        assert all(line.startswith("fincalc eval: below threshold: ") for line in err.splitlines())
    if code == 2:
        assert out == ""  # refused before the evaluation
    assert message in err


def test_thresholds_name_the_run_that_misses(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "eval", "--demo", "--json", "--fail-over", "caliber_error_rate=0")
    assert code == 1
    assert all(": caliber_error_rate = " in line for line in err.splitlines())
    assert len(err.splitlines()) >= 1


def test_threshold_values_read_as_written() -> None:
    assert parse_threshold("mean_score=0.85").bound == parse_threshold("mean_score=85%").bound
    assert parse_threshold(" numeric_accuracy = 1 ").metric == "numeric_accuracy"
    assert parse_threshold("0.9") == parse_threshold("numeric_accuracy=0.9")  # the headline


@pytest.mark.parametrize(
    ("dialect", "expected"),
    [
        ("openai", claim_json_schema()),
        ("anthropic", claim_json_schema()),
        ("gemini", claim_json_schema(dialect="gemini")),
    ],
)
def test_schema_dialects(
    capsys: pytest.CaptureFixture[str], dialect: str, expected: dict[str, object]
) -> None:
    code, out, _ = run(capsys, "schema", "--dialect", dialect)
    assert code == 0
    assert json.loads(out) == expected
    _, many, _ = run(capsys, "schema", "--many", "--dialect", dialect)
    assert "claims" in json.loads(many)["properties"]


# -- slices: the progress bar's evaluation gives the report one call gives ---------------


class _Count:
    def __init__(self) -> None:
        self.n = 0

    def update(self, n: int) -> None:
        self.n += n


def test_slices_of_the_sample_give_the_same_report() -> None:
    sample = load_sample()
    for preds in sample.runs.values():
        bar = _Count()
        sliced = evaluate_in_slices(evaluate, preds, sample.gold, bar, slice_size=5, retrieval_k=3)
        assert sliced.to_json() == evaluate(preds, sample.gold, retrieval_k=3).to_json()
        assert bar.n == len(sample.gold)


_TEXTS = ["营业收入8.7亿元", "营业收入8.7万元", "Revenue was $302.6 million.", "资料未披露", "12.5"]


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(min_value=1, max_value=40),
    answered=st.sets(st.integers(min_value=0, max_value=45)),
    duplicate=st.booleans(),
    texts=st.lists(st.sampled_from(_TEXTS), min_size=46, max_size=46),
    size=st.integers(min_value=1, max_value=12),
)
def test_slices_give_the_report_of_one_call(
    n: int, answered: set[int], duplicate: bool, texts: list[str], size: int
) -> None:
    # qids out of order, unknown qids (answered > n), and sometimes a repeated gold qid
    qids = [f"q{(i * 7) % 53:02d}" for i in range(n)]
    if duplicate and n > 2:
        qids[-1] = qids[0]
    gold = [GoldCase(qid=q, value=str(870000000 + i), dimension="CNY") for i, q in enumerate(qids)]
    preds = [
        Prediction(qid=f"q{(i * 7) % 53:02d}" if i < n else f"extra{i}", text=texts[i])
        for i in sorted(answered)
    ]
    bar = _Count()
    sliced = evaluate_in_slices(evaluate, preds, gold, bar, slice_size=size)
    assert sliced.to_json() == evaluate(preds, gold).to_json()
    assert bar.n == len(gold)


# -- the bar itself: on a terminal only, never in a pipe, off with --quiet -------------------


def _eval_on_a_terminal(*flags: str, block_tqdm: bool = False) -> str:
    """Run `fincalc eval --demo` with standard error on a pseudo-terminal; return what it showed."""
    pty = pytest.importorskip("pty")
    fcntl = pytest.importorskip("fcntl")
    termios = pytest.importorskip("termios")
    code = (
        "import sys\n"
        + ("sys.modules['tqdm'] = None\n" if block_tqdm else "")
        + "from fincalc.cli import main\n"
        + f"raise SystemExit(main(['eval', '--demo', '--json', *{list(flags)!r}]))\n"
    )
    leader, follower = pty.openpty()
    # a terminal 100 columns wide (a fresh pseudo-terminal has none, and tqdm draws nothing)
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            stdout=subprocess.PIPE,
            stderr=follower,
            timeout=120,
            check=False,
        )
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    assert done.returncode == 0
    assert json.loads(done.stdout)["runs"]  # the report itself is unchanged on stdout
    return shown.decode("utf-8", "replace")


def test_a_progress_bar_on_a_terminal_only() -> None:
    pytest.importorskip("tqdm")
    assert "fincalc eval" in _eval_on_a_terminal()  # tqdm's bar, with its label
    assert _eval_on_a_terminal("--quiet") == ""
    assert _eval_on_a_terminal(block_tqdm=True) == ""  # no cli extra: same output, no bar
    piped = subprocess.run(
        [sys.executable, "-m", "fincalc", "eval", "--demo", "--json"],
        capture_output=True,
        timeout=120,
        check=True,
    )
    assert piped.stderr == b""

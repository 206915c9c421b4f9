"""Hostile input (issue 16): every entry point fails closed, in bounded time, without side effects.

Two kinds of test live here:

* **Reproducers** of the reliability review's findings, each a plain test that
  failed before issue 16 (deep JSON, 5,000-digit integers, lone surrogates,
  endless streams, edited evidence in audit records, the CLI's tracebacks).
* **Properties** that drive every public function (``fincalc.__all__``) and
  every CLI subcommand with hostile inputs (``tests/hostile_strategies.py``):
  the only exceptions allowed are ``FincalcError`` subclasses, each call ends
  within a generous time bound, and no global state changes (decimal context,
  recursion limit, warnings filters, locale).

Runs in about a minute under the ``ci`` profile. ``FINCALC_HOSTILE_EXAMPLES=N``
raises the number of examples per property for long runs (docs/guarantees.md);
``tools/fuzz/`` holds the atheris harness for hour-long runs.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import fincalc
from fincalc import (
    Claim,
    Computation,
    Document,
    EvalReport,
    FincalcError,
    GoldCase,
    InvalidInputError,
    InvalidRecordError,
    Prediction,
    load_gold,
    load_predictions,
)
from fincalc._values.bounded import MAX_JSON_DEPTH, MAX_NUMBER_CHARS, read_text

ROOT = Path(__file__).parent.parent

DEEP = "[" * 5000 + "]" * 5000
DEEP_RECORD = '{"qid": "q1", "relevance": ' + "[" * 3000 + "]" * 3000 + "}"
BIG_INT_RECORD = '{"qid": "q1", "value": ' + "7" * 5000 + ', "dimension": "CNY"}'
SURROGATE_RECORD = '{"qid": "q1", "question": "\\ud800", "value": "1", "dimension": "CNY"}'


def _text_loaders() -> dict[str, Any]:
    """Every loader of JSON text, by name."""
    return {
        "GoldCase.model_validate_json": GoldCase.model_validate_json,
        "Prediction.model_validate_json": Prediction.model_validate_json,
        "Computation.from_json": Computation.from_json,
        "Claim.model_validate_json": Claim.model_validate_json,
        "EvalReport.from_json": EvalReport.from_json,
        "Caliber.from_json": fincalc.Caliber.from_json,
    }


def _file_loaders() -> dict[str, Any]:
    return {"load_gold": load_gold, "load_predictions": load_predictions}


TEXTS = {
    "deep-array": DEEP,
    "deep-record": DEEP_RECORD,
    "big-int": BIG_INT_RECORD,
    "surrogate": SURROGATE_RECORD,
    "nan": '{"qid": "q1", "value": NaN, "dimension": "CNY"}',
    "huge-exponent": '{"qid": "q1", "value": 1e999999999, "dimension": "CNY"}',
}


# -- reproducers: the loaders --------------------------------------------------------


@pytest.mark.parametrize("loader", sorted(_text_loaders()))
@pytest.mark.parametrize("text", sorted(TEXTS))
def test_text_loaders_refuse_hostile_json_with_a_typed_error(loader: str, text: str) -> None:
    # Before issue 16: RecursionError (deep), plain ValueError (big int) from most of these.
    with pytest.raises(FincalcError):
        _text_loaders()[loader](TEXTS[text])
    with pytest.raises(FincalcError):
        _text_loaders()[loader](TEXTS[text].encode("utf-8"))


@pytest.mark.parametrize("loader", sorted(_file_loaders()))
@pytest.mark.parametrize("text", sorted(TEXTS))
@pytest.mark.parametrize("suffix", [".jsonl", ".json"])
def test_file_loaders_refuse_hostile_json_with_the_line(
    loader: str, text: str, suffix: str, tmp_path: Path
) -> None:
    path = tmp_path / f"records{suffix}"
    body = TEXTS[text] if suffix == ".jsonl" else f"[\n{TEXTS[text]}\n]"
    path.write_text('{"qid": "ok", "value": null}\n' * (suffix == ".jsonl") + body, "utf-8")
    with pytest.raises(InvalidRecordError) as info:
        _file_loaders()[loader](path)
    assert info.value.source == str(path)
    assert info.value.line == 2


def test_the_limits_are_named_in_the_messages() -> None:
    with pytest.raises(InvalidRecordError, match=f"deeper than {MAX_JSON_DEPTH}") as deep:
        GoldCase.model_validate_json(DEEP_RECORD)
    assert deep.value.limit == MAX_JSON_DEPTH
    with pytest.raises(InvalidRecordError, match=f"longer than {MAX_NUMBER_CHARS}") as big:
        GoldCase.model_validate_json(BIG_INT_RECORD)
    assert big.value.limit == MAX_NUMBER_CHARS


def test_a_lone_surrogate_is_reported_with_its_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    path.write_text('{"qid": "ok", "value": null}\n\n' + SURROGATE_RECORD + "\n", "utf-8")
    with pytest.raises(InvalidRecordError, match="lone surrogate") as info:
        load_gold(path)
    assert (info.value.line, info.value.column) == (3, SURROGATE_RECORD.index("\\ud800") + 1)


def test_an_undecodable_byte_is_reported_with_its_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    path.write_bytes(b'{"qid": "ok", "value": null}\n{"qid": "q\xff1"}\n')
    with pytest.raises(InvalidRecordError, match="0xff is not UTF-8") as info:
        load_gold(path)
    assert (info.value.line, info.value.column) == (2, 11)


def test_a_record_over_the_size_limit_is_refused_before_parsing() -> None:
    from fincalc._values.bounded import check_json_text

    with pytest.raises(InvalidRecordError, match="exceed the limit of 10 characters") as info:
        check_json_text('{"qid": "q1"}', "x", limit=10)
    assert info.value.limit == 10


def test_an_endless_stream_is_read_only_up_to_its_limit() -> None:
    class Endless(io.RawIOBase):
        """A stream that never ends and counts what was read from it."""

        served = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            n = len(buffer)
            buffer[:n] = b"\0" * n
            self.served += n
            return n

    stream = Endless()
    with pytest.raises(InvalidInputError, match="more than 4,000,000 bytes") as info:
        read_text(io.BufferedReader(stream), source="<stdin>", max_bytes=4_000_000)
    assert info.value.limit == 4_000_000
    assert stream.served <= 4_000_000 + 2 * 1024 * 1024
    with pytest.raises(InvalidInputError, match="more than 1,000 characters"):
        read_text(io.BufferedReader(Endless()), source="<stdin>", max_chars=1000)


def test_json_numbers_stay_decimal_and_constants_are_refused() -> None:
    case = GoldCase.model_validate_json('{"qid": "q1", "value": 1.10, "dimension": "RATIO"}')
    assert case.value == Decimal("1.10")
    assert str(case.value) == "1.10"
    with pytest.raises(InvalidRecordError, match="Infinity is not a number"):
        Computation.from_json('{"result": Infinity}')


def test_a_jsonl_record_may_hold_a_line_separator_inside_a_string(tmp_path: Path) -> None:
    path = tmp_path / "preds.jsonl"
    path.write_text('{"qid": "q1", "text": "rose\u2028 0.49%\u0085"}\n', "utf-8")
    assert load_predictions(path)[0].text == "rose\u2028 0.49%\u0085"


# -- reproducers: the command line ---------------------------------------------------


def _cli(
    *args: str, stdin: bytes | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}  # the strictest terminal
    return subprocess.run(
        [sys.executable, "-m", "fincalc", *args],
        input=stdin,
        capture_output=True,
        timeout=timeout,
        check=False,
        cwd=ROOT,
        env=env,
    )


@pytest.mark.parametrize("text", sorted(TEXTS))
def test_cli_eval_refuses_hostile_records_with_status_2_and_one_line(
    text: str, tmp_path: Path
) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"qid": "q1", "value": "1", "dimension": "CNY"}\n', "utf-8")
    preds = tmp_path / "preds.jsonl"
    preds.write_text(TEXTS[text] + "\n", "utf-8")
    for files in ((gold, preds), (preds, gold)):
        done = _cli("eval", *map(str, files))
        assert done.returncode == 2, done.stderr
        assert b"Traceback" not in done.stderr
        assert done.stderr.count(b"\n") == 1
        assert done.stderr.startswith(b"fincalc eval: error:")


def test_cli_eval_prints_a_record_holding_an_escaped_surrogate_pair_and_odd_text(
    tmp_path: Path,
) -> None:
    # The review's crash: UnicodeEncodeError on output. Lone surrogates are refused on
    # load (above); what loads must print on any terminal encoding.
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"qid": "q\\ud83d\\ude00", "value": "1", "dimension": "CNY"}\n', "utf-8")
    preds = tmp_path / "preds.jsonl"
    preds.write_text('{"qid": "q\\ud83d\\ude00", "text": "1 元 \\u0000\\u202e"}\n', "utf-8")
    for fmt in ("table", "json", "html"):
        done = _cli("eval", str(gold), str(preds), "--format", fmt)
        assert done.returncode == 0, done.stderr
        assert b"Traceback" not in done.stderr


def test_cli_locate_stops_reading_an_endless_input_at_its_limit() -> None:
    # Before issue 16: `fincalc locate /dev/zero …` read 6.4 GB in 8 s before checking.
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    code = (
        "import resource, sys\n"
        "from fincalc.cli import main\n"
        "status = main(['locate', '/dev/zero', 'revenue 12'])\n"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(status, peak)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, timeout=60, check=False, cwd=ROOT
    )
    status, peak_kb = done.stdout.split()
    assert int(status) == 2
    assert b"more than 20,000,000 characters" in done.stderr
    assert int(peak_kb) < 400_000  # the 20 M-character limit, not the stream


def test_cli_locate_reads_standard_input_and_bounds_it() -> None:
    done = _cli("locate", "-", "营业收入 8.7 亿元", stdin="华东区营业收入 8.7 亿元".encode())
    assert done.returncode == 0, done.stderr
    assert b"exact" in done.stdout
    done = _cli("locate", "-", "营业收入 8.7", stdin=b"\xff\xfe bad")
    assert done.returncode == 2
    assert b"<stdin>:1:1: byte 0xff is not UTF-8" in done.stderr


def test_cli_internal_errors_exit_3_without_a_traceback_unless_debug(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "import fincalc._reading.parse as p\n"
        "def boom(*a, **k):\n"
        "    raise KeyError('bug')\n"
        "p.extract_quantities = boom\n"
        "from fincalc.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    script = tmp_path / "run.py"
    script.write_text(code, "utf-8")
    done = subprocess.run(
        [sys.executable, str(script), "parse", "8.7 亿元"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 3
    assert b"Traceback" not in done.stderr
    assert b"internal error: KeyError" in done.stderr
    debug = subprocess.run(
        [sys.executable, str(script), "--debug", "parse", "8.7 亿元"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert debug.returncode == 1  # the interpreter's own status for an uncaught exception
    assert b"Traceback" in debug.stderr


def test_document_is_accepted_by_read_text(tmp_path: Path) -> None:
    path = tmp_path / "doc.txt"
    path.write_bytes("\ufeff单位：万元\n营业收入 | 87,432\n".encode())
    assert Document("d", read_text(path)).unit_declarations[0].text == "单位：万元"

"""The command line: eval (demo and files), check, parse, locate; exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fincalc.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_eval_demo_prints_the_side_by_side_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "eval", "--demo")
    assert code == 0
    assert err == ""
    header = next(line for line in out.splitlines() if line.startswith("| metric"))
    assert [cell.strip() for cell in header.strip("|").split("|")] == [
        "metric",
        "dense",
        "hybrid",
        "rerank",
    ]
    assert "numeric accuracy" in out
    assert "refusal accuracy (no-answer cases)" in out
    assert "single_vs_cumulative" in out
    assert "Cases by reason" in out


def test_eval_demo_json_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(capsys, "eval", "--demo", "--format", "json", "--profile", "graded")
    _, second, _ = run(capsys, "eval", "--demo", "--format", "json", "--profile", "graded")
    assert first == second
    data = json.loads(first)
    assert set(data["runs"]) == {"dense", "hybrid", "rerank"}


def test_eval_files_single_run_and_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text(
        '{"qid": "q1", "value": "870000000", "dimension": "CNY", "category": "unit_mixing"}\n'
        '{"qid": "q2", "value": null, "category": "missing"}\n',
        encoding="utf-8",
    )
    preds = tmp_path / "preds.jsonl"
    preds.write_text(
        '{"qid": "q1", "text": "营业收入 8.7 万元"}\n{"qid": "q2", "text": "未检索到"}\n',
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "eval", str(gold), str(preds))
    assert code == 0
    assert "wrong_scale" in out
    assert "0.0% (0/1)" in out
    html_out = tmp_path / "report.html"
    code, out, _ = run(
        capsys, "eval", str(gold), str(preds), "--format", "html", "--out", str(html_out)
    )
    assert (code, out) == (0, "")
    assert html_out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    other = tmp_path / "other" / "preds.jsonl"
    other.parent.mkdir()
    other.write_text('{"qid": "q1", "value": "870000000"}\n', encoding="utf-8")
    code, out, _ = run(capsys, "eval", str(gold), str(preds), str(other), "--format", "json")
    assert code == 0
    assert sorted(json.loads(out)["runs"]) == sorted([str(preds), str(other)])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["eval"], "needs a gold file"),
        (["eval", "--demo", "x.jsonl"], "--demo takes no files"),
        (["eval", "missing.jsonl", "missing2.jsonl"], "no such file"),
        (["check", "8.7亿元", "--expected", "abc"], "not a decimal number"),
        (["check", "8.7亿元", "--expected", "1", "--dimension", "cny"], "dimension"),
        (["check", "8.7", "--expected", "1", "--unit", "furlongs"], "no unit is declared"),
        (["locate", "missing.txt", "8.7亿元"], "no such file"),
        (["check", "8.7亿元", "--expected", "1.5e999999999"], "expected: 1.5E+999999999 is out"),
        (["check", "8.7亿元", "--expected", "1e-999999"], "out of range"),
        (["check", "8.7亿元", "--expected", "1", "--abs", "1e99"], "Tolerance.abs"),
    ],
)
def test_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert err.startswith(f"fincalc {argv[0]}: error:")


def test_bad_record_exits_2_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"qid": "q1", "value": "1", "dimension": "CNY"}\n{"qid": 1.5,\n')
    code, _, err = run(capsys, "eval", str(gold), str(gold))
    assert code == 2
    assert "gold.jsonl:2" in err


def test_argparse_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["check", "8.7亿元"])
    assert info.value.code == 2
    assert "--expected" in capsys.readouterr().err


def test_check_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "check",
        "营业收入约为 1476.94 亿元",
        "--expected",
        "147693604994.14",
        "--dimension",
        "CNY",
    )
    assert code == 0
    assert out.startswith("ok:")
    code, out, _ = run(
        capsys, "check", "rose 0.49%", "--expected", "-0.0049", "--dimension", "RATIO"
    )
    assert code == 1
    assert out.startswith("wrong_sign:")
    code, out, _ = run(
        capsys,
        "check",
        "Capex was $(1,577) million",
        "--expected",
        "1577000000",
        "--dimension",
        "USD",
        "--abs",
        "0.01",
        "--ignore-sign",
        "--json",
    )
    assert code == 0
    assert json.loads(out)["sign_ignored"] is True


def test_check_never_prints_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    absurd = "9999999999999999999999999999亿亿亿亿"
    code, out, err = run(capsys, "check", absurd, "--expected", "870000000", "--dimension", "CNY")
    assert (code, err) == (1, "")
    assert out.startswith("out_of_tolerance:")
    code, out, err = run(
        capsys, "check", "Capex was (1,577).", "--expected", "1577000000", "--unit", "million",
        "--dimension", "USD", "--json",
    )  # fmt: skip
    assert code == 1
    assert json.loads(out)["reason"] == "wrong_sign"


def test_eval_out_of_range_record_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"qid": "q", "value": "870000000", "dimension": "CNY"}\n', encoding="utf-8")
    preds = tmp_path / "preds.jsonl"
    preds.write_text('{"qid": "q", "value": 1E+100}\n', encoding="utf-8")
    code, _, err = run(capsys, "eval", str(gold), str(preds))
    assert code == 2
    assert "preds.jsonl:1" in err
    assert "field 'value'" in err
    assert "out of range" in err


def test_parse(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "营业收入 8.7 亿元，同比下降 0.49%")
    assert code == 0
    assert "870000000 CNY" in out
    assert "0.0049 RATIO" in out
    code, out, _ = run(capsys, "parse", "12.5", "--unit", "亿元", "--json")
    assert json.loads(out)[0]["value"] == "1250000000"
    code, out, _ = run(capsys, "parse", "no amounts here")
    assert out.strip() == "no amounts found"


def test_locate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "report.txt"
    doc.write_text(
        "合并利润表\n2025年第三季度营业收入 8.7 亿元，同比增长 12.3%。\n", encoding="utf-8"
    )
    code, out, _ = run(capsys, "locate", str(doc), "营业收入 8.7 亿元", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["text"] == "营业收入 8.7 亿元"
    assert (data["start"], data["end"], data["method"]) == (15, 26, "exact")
    code, _, err = run(capsys, "locate", str(doc), "营业收入 9.9 亿元")
    assert code == 2
    assert "not found" in err


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0
    assert "eval" in out


def test_python_dash_m_runs_the_demo() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "fincalc", "eval", "--demo"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "rerank" in result.stdout


def test_schema_prints_the_claim_schema(capsys: pytest.CaptureFixture[str]) -> None:
    from fincalc import claim_json_schema
    from fincalc.cli import main

    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == claim_json_schema()
    assert main(["schema", "--many"]) == 0
    assert json.loads(capsys.readouterr().out) == claim_json_schema(many=True)


def test_check_with_a_mistyped_dimension_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "8.7亿元", "--expected", "870000000", "--dimension", "CYN"]) == 2
    assert "CYN" in capsys.readouterr().err


# -- judging options: --tolerance, --refusal-phrases, --select, --profile (issue 15) -------


def _files(tmp_path: Path) -> tuple[Path, Path]:
    gold = tmp_path / "gold.jsonl"
    gold.write_text(
        '{"qid": "cited", "answer": "$1,577 million", "evidence_ids": ["e1"]}\n'
        '{"qid": "uncited", "answer": "$1,577 million", "evidence_ids": ["e1"]}\n'
        '{"qid": "close", "answer": "$1,577 million"}\n'
        '{"qid": "odd", "answer": "$1,577 million"}\n',
        encoding="utf-8",
    )
    preds = tmp_path / "preds.jsonl"
    preds.write_text(
        '{"qid": "cited", "text": "Therefore, capex was $1,577 million.", "cited": ["e1"]}\n'
        '{"qid": "uncited", "text": "So capex was $1,577 million."}\n'
        '{"qid": "close", "text": "Capex was $1,590 million."}\n'
        '{"qid": "odd", "text": "Our filing index shows nothing usable here."}\n',
        encoding="utf-8",
    )
    return gold, preds


def test_eval_lists_failing_verdicts_and_uncited_answers_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold, preds = _files(tmp_path)
    code, out, _ = run(capsys, "eval", str(gold), str(preds))
    assert code == 0
    failing = out.split("Failing cases (2)")[1].split("Correct but citing no gold evidence")[0]
    assert "close" in failing
    assert "odd" in failing
    assert "uncited" not in failing
    assert "Correct but citing no gold evidence (1)" in out


def test_eval_tolerance_and_refusal_phrases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold, preds = _files(tmp_path)
    _, out, _ = run(capsys, "eval", str(gold), str(preds), "--format", "json")
    reasons = {c["qid"]: c["reason"] for c in json.loads(out)["cases"]}
    assert (reasons["close"], reasons["odd"]) == ("wrong_value", "no_number")
    phrases = tmp_path / "phrases.txt"
    phrases.write_text("# our model's refusal\nnothing usable here\n", encoding="utf-8")
    _, out, _ = run(
        capsys,
        "eval",
        str(gold),
        str(preds),
        "--format",
        "json",
        "--tolerance",
        "rel=0.01",
        "--refusal-phrases",
        str(phrases),
        "--profile",
        "graded",
    )
    data = json.loads(out)
    reasons = {c["qid"]: c["reason"] for c in data["cases"]}
    assert (reasons["close"], reasons["odd"]) == ("ok", "refused")
    assert data["profile"]["name"] == "graded"
    toml = tmp_path / "phrases.toml"
    toml.write_text('[mine]\nen = ["nothing usable here"]\n', encoding="utf-8")
    _, out, _ = run(
        capsys,
        "eval",
        str(gold),
        str(preds),
        "--format",
        "json",
        "--refusal-phrases",
        str(toml),
        "--tolerance",
        '{"rel": "0.01"}',
    )
    reasons = {c["qid"]: c["reason"] for c in json.loads(out)["cases"]}
    assert (reasons["close"], reasons["odd"]) == ("ok", "refused")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--tolerance", "rel"], "key=value"),
        (["--tolerance", "{bad json"], "JSON"),
        (["--tolerance", "relative=0.01"], "unknown tolerance field"),
        (["--refusal-phrases", "/no/such/file.txt"], "cannot read"),
    ],
)
def test_eval_bad_judging_options_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    gold, preds = _files(tmp_path)
    code, _, err = run(capsys, "eval", str(gold), str(preds), *argv)
    assert code == 2
    assert message in err


def test_check_takes_the_gold_as_written_and_selects_the_conclusion(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = "Capex was $1,832 million + $636 million = $2,468 million. So it was $2,468 million."
    code, out, _ = run(capsys, "check", text, "--expected", "$1,832 million")
    assert code == 1
    assert "concluded after 'So'" in out
    code, _, _ = run(capsys, "check", text, "--expected", "$1,832 million", "--select", "any")
    assert code == 0
    code, _, _ = run(
        capsys,
        "check",
        "Capex was $302.5 million",
        "--expected",
        "302578000",
        "--dimension",
        "USD",
        "--precision",
        "1E+6",
    )
    assert code == 0


def test_check_reads_the_question_for_the_size_of_a_decrease(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = "Revenue decreased by $1.2 million."
    args = ["check", text, "--expected", "$1.2 million"]
    assert main([*args, "--question", "By how much did revenue decrease?"]) == 0
    assert main(args) == 1  # without the question a decrease is a negative figure
    assert "wrong_sign" in capsys.readouterr().out

"""The ``judge`` benchmark area runs on any graded-answers file, and skips without one.

The rows below are written for this test in the calibration file's format;
the real calibration set is read only by ``python -m benchmarks --only judge``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

ROWS = [
    {
        "question_id": "own-1",
        "model": "writer",
        "question": "What was FY2023 capital expenditure (in USD millions)?",
        "gold_text": "$1577.00",
        "gold_value": "1577000000",
        "gold_dimension": "USD",
        "unit_hint": "million",
        "answer_text": (
            "Capex was $1,832 million + $12 million. Therefore, capex was $1,577 million."
        ),
        "human_label": "correct",
    },
    {
        "question_id": "own-2",
        "model": "writer",
        "question": "What is the FY2023 DPO?",
        "gold_text": "93.86",
        "gold_value": "93.86",
        "gold_dimension": None,
        "unit_hint": None,
        "answer_text": "I'm sorry, but the document does not provide the payables.",
        "human_label": "refusal",
    },
    {
        "question_id": "own-3",
        "model": "writer",
        "question": "What is the FY2023 margin (in percent)?",
        "gold_text": "65.4%",
        "gold_value": "0.654",
        "gold_dimension": "RATIO",
        "unit_hint": "percent",
        "answer_text": "So the margin was 65.2%.",
        "human_label": "correct",
    },
]


def _run(path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "FINCALC_CALIBRATION": str(path)}
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", "--only", "judge"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


def test_judge_area_reports_agreement_confusion_and_disagreements(tmp_path: Path) -> None:
    path = tmp_path / "graded.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in ROWS) + "\n", encoding="utf-8")
    done = _run(path)
    assert done.returncode == 0, done.stderr
    # three calls (issue 25): gold as written with dimension and unit, the gold value, and
    # as users call it (gold text and question only); all agree on these rows
    assert "agreement (correct vs not) | 66.7% (2/3) | 66.7% (2/3) | 66.7% (2/3) |" in done.stdout
    assert "| correct | 1 | 1 | 0 |" in done.stdout  # the 65.2% for 65.4% is rejected
    for call in ("with gold, dimension and unit", "with the gold value", "as users call it"):
        assert f"judge ({call}): the 1 disagreements" in done.stdout
    assert "| row3 | own-3 | correct | incorrect (wrong_value)" in done.stdout


def test_judge_area_skips_without_the_file(tmp_path: Path) -> None:
    done = _run(tmp_path / "absent.jsonl")
    assert done.returncode == 0, done.stderr
    assert "Calibration file not found" in done.stdout

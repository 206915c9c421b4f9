"""Agreement of the judge, at its defaults, with people who graded real model answers.

Run: ``python -m benchmarks.judge_bench`` (or ``python -m benchmarks --only judge``).

The calibration file (``graded_answers.jsonl``, one human-graded model answer
per line: the question, the gold as the benchmark writes it, the unit the
question asks for, the answer and the grade ``correct``/``incorrect``/
``refusal``) is read from ``$FINCALC_CALIBRATION``, by default
``../shared/calibration/graded_answers.jsonl`` next to the repository.  It is
not part of the repository; without it the area prints why and reports
nothing.

Each answer is scored at the defaults three ways (issue 25), as eval scripts
call the judge:

* **with gold, dimension and unit**: a ``GoldCase`` holding the gold as
  written (``answer``), its dimension and the question's unit;
* **with the gold value**: the gold in base units (``value``), its dimension
  and the question's unit;
* **as users call it**: the gold as written and the question, nothing else
  (``GoldCase(answer=gold_text, question=question)``).

Each call goes through ``evaluate``, and ``check_answer`` with the same inputs
must give the same verdicts.  A case is *correct* when its verdict is, a
*refusal* when its reason is ``refused``, else *incorrect*.  The area prints
for each call the agreement with the human grades (three ways, and
correct-versus-not), the refusals judged correct, the confusion table and
every disagreement, and the time per answer.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

from benchmarks._harness import Budget, Result, Table, fail, measure, run_single
from fincalc import GoldCase, Prediction, check_answer, evaluate

AREA = "judge"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PATH = "../shared/calibration/graded_answers.jsonl"
LABELS = ("correct", "incorrect", "refusal")
BUDGET_AGREEMENT = 0.97


def calibration_path() -> Path:
    """Where the graded answers are: ``$FINCALC_CALIBRATION`` or the default next to the repo."""
    return (ROOT / os.environ.get("FINCALC_CALIBRATION", DEFAULT_PATH)).resolve()


def load_rows(path: Path) -> list[dict[str, Any]]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            row = json.loads(line)
            row["qid"] = f"row{number}"
            rows.append(row)
    return rows


#: The calls scored: (name, GoldCase fields from a row, check_answer arguments from a row).
CALLS = ("with gold, dimension and unit", "with the gold value", "as users call it")


def _gold_fields(call: str, row: dict[str, Any]) -> dict[str, Any]:
    if call == CALLS[0]:
        return {
            "answer": row["gold_text"],
            "dimension": row["gold_dimension"],
            "unit": row["unit_hint"],
        }
    if call == CALLS[1] and row["gold_dimension"] is None:  # a plain number: no dimension
        return {"answer": row["gold_value"], "unit": row["unit_hint"]}
    if call == CALLS[1]:
        return {
            "value": Decimal(row["gold_value"]),
            "dimension": row["gold_dimension"],
            "unit": row["unit_hint"],
        }
    return {"answer": row["gold_text"]}


def records(rows: list[dict[str, Any]], call: str) -> tuple[list[GoldCase], list[Prediction]]:
    """What an eval script passes for ``call``."""
    gold = [
        GoldCase(qid=row["qid"], question=row["question"], **_gold_fields(call, row))
        for row in rows
    ]
    preds = [Prediction(qid=row["qid"], text=row["answer_text"]) for row in rows]
    return gold, preds


def label(verdict: str, reason: str) -> str:
    if verdict == "correct":
        return "correct"
    return "refusal" if reason == "refused" else "incorrect"


def _check(rows: list[dict[str, Any]], judged: dict[str, tuple[str, str]], call: str) -> None:
    """``check_answer`` with the same inputs must give the same verdict as ``evaluate``."""
    for row in rows:
        fields = _gold_fields(call, row)
        expected = fields.pop("answer", None) or fields.pop("value")
        check = check_answer(row["answer_text"], expected, question=row["question"], **fields)
        ours = "correct" if check.matched else ("refusal" if check.reason == "refused" else "x")
        theirs = label(*judged[row["qid"]])
        if ours != theirs and not (ours == "x" and theirs == "incorrect"):
            fail(
                f"{row['qid']} ({call}): check_answer says {check.describe()!r}, "
                f"evaluate {theirs!r}"
            )


def _score(
    rows: list[dict[str, Any]], call: str
) -> tuple[Counter[tuple[str, str]], list[list[str]], float]:
    """The confusion, the disagreements and the median time of ``evaluate`` for ``call``."""
    gold, preds = records(rows, call)
    report = evaluate(preds, gold)
    judged = {case.qid: (case.verdict, case.reason) for case in report.cases}
    _check(rows, judged, call)
    confusion: Counter[tuple[str, str]] = Counter()
    disagreements = []
    by_qid = {case.qid: case for case in report.cases}
    for row in rows:
        ours = label(*judged[row["qid"]])
        confusion[(row["human_label"], ours)] += 1
        if ours != row["human_label"]:
            case = by_qid[row["qid"]]
            disagreements.append(
                [
                    row["qid"],
                    row["question_id"][-5:],
                    row["human_label"],
                    f"{ours} ({case.reason})",
                    repr(row["gold_text"]),
                    repr(case.found_raw) if case.found_raw else "—",
                    case.selection or "—",
                ]
            )
    elapsed = measure(lambda: evaluate(preds, gold), repeat=3, number=1).median
    return confusion, disagreements, elapsed


def run(quick: bool = False) -> Result:
    """Score the graded answers at the defaults; print agreement, confusion and disagreements."""
    path = calibration_path()
    if not path.is_file():
        note = (
            f"Calibration file not found at {path}; set FINCALC_CALIBRATION to the path of "
            "graded_answers.jsonl to measure the judge against human grades."
        )
        return Result(AREA, [Table("judge: skipped", ["note"], "l", [[note]])])
    rows = load_rows(path)
    n = len(rows)
    summary = Table(
        f"judge: agreement with {n} human-graded answers at the defaults ({path.name})",
        ["measure", *CALLS],
        "l" + "r" * len(CALLS),
    )
    tables = [summary]
    budgets = []
    measures: dict[str, list[str]] = {}
    for call in CALLS:
        confusion, disagreements, elapsed = _score(rows, call)
        agree = sum(v for (h, o), v in confusion.items() if h == o)
        binary = sum(v for (h, o), v in confusion.items() if (h == "correct") == (o == "correct"))
        refusals_matched = confusion[("refusal", "correct")]
        for name, value in (
            ("agreement (correct / incorrect / refusal)", f"{agree / n:.1%} ({agree}/{n})"),
            ("agreement (correct vs not)", f"{binary / n:.1%} ({binary}/{n})"),
            ("answers people marked correct that are rejected", _rejected(confusion)),
            ("incorrect answers judged correct", str(confusion[("incorrect", "correct")])),
            ("refusals judged correct", str(refusals_matched)),
            ("evaluate() time per answer", f"{1e6 * elapsed / n:.0f} µs"),
        ):
            measures.setdefault(name, []).append(value)
        tables.append(
            Table(
                f"judge ({call}): confusion (rows: human grade, columns: verdict)",
                ["human \\ judge", *LABELS],
                "lrrr",
                [[h, *(str(confusion[(h, o)]) for o in LABELS)] for h in LABELS],
            )
        )
        tables.append(
            Table(
                f"judge ({call}): the {len(disagreements)} disagreements",
                ["row", "question", "human", "judge (reason)", "gold", "figure judged", "by"],
                "lllllll",
                disagreements,
            )
        )
        budgets += [
            Budget(
                AREA,
                f"agreement (correct vs not) ≥ {BUDGET_AGREEMENT:.0%}, {call}",
                f"{binary / n:.1%}",
                binary / n >= BUDGET_AGREEMENT,
            ),
            Budget(
                AREA,
                f"agreement (three ways) ≥ {BUDGET_AGREEMENT:.0%}, {call}",
                f"{agree / n:.1%}",
                agree / n >= BUDGET_AGREEMENT,
            ),
            Budget(
                AREA,
                f"no refusal judged correct, {call}",
                str(refusals_matched),
                refusals_matched == 0,
            ),
        ]
    summary.rows = [[name, *values] for name, values in measures.items()]
    return Result(AREA, tables, budgets)


def _rejected(confusion: Counter[tuple[str, str]]) -> str:
    correct = sum(confusion[("correct", o)] for o in LABELS)
    rejected = correct - confusion[("correct", "correct")]
    return f"{rejected / correct:.1%} ({rejected}/{correct})" if correct else "—"


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

"""``fincalc.evaluation``: the evaluation names in one namespace, the same objects as ``fincalc.X``.

The evaluation names are those of ``fincalc``'s one table (``fincalc._EXPORTS``)
that the judging and scoring stages define; ``fincalc.evaluation`` reads them
from it, so ``fincalc.evaluate`` and ``fincalc.evaluation.evaluate`` are one
object, ``import fincalc`` does not load the namespace, and neither import loads
the judging or scoring stage until a name is used.
"""

from __future__ import annotations

import ast
import importlib
import pickle
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

import fincalc
from fincalc import evaluation

SOURCE = Path(evaluation.__file__)
#: Every evaluation name there is (issue 29: 29 of the public names).
NAMES = {
    "AnswerCheck", "CaseResult", "EvalReport", "GoldCase", "Metrics", "Prediction",
    "Proportion", "ReportComparison", "RetrievalReport", "RetrievalScores", "Sample",
    "ScoringProfile", "Tolerance", "check_answer", "check_quantities", "citation_format_ok",
    "compare_reports", "default_refusal_phrases", "evaluate", "hit_at_k", "is_refusal",
    "load_gold", "load_predictions", "load_sample", "mrr", "ndcg_at_k", "recall_at_k",
    "score_retrieval", "unsupported_numbers",
}  # fmt: skip


def test_the_namespace_holds_every_evaluation_name() -> None:
    assert set(evaluation.__all__) == NAMES
    assert evaluation.__all__ == sorted(evaluation.__all__)
    assert set(evaluation.__all__) == set(evaluation._EXPORTS)
    assert set(evaluation.__all__) <= set(fincalc.__all__)
    # exactly the names the two evaluation stages define, nothing of another stage
    stages = {name: module.split(".")[0] for name, module in fincalc._EXPORTS.items()}
    assert {name for name, stage in stages.items() if stage in ("_judging", "_scoring")} == NAMES


@pytest.mark.parametrize("name", evaluation.__all__)
def test_both_paths_give_the_same_object(name: str) -> None:
    value = getattr(evaluation, name)
    assert getattr(fincalc, name) is value
    module = importlib.import_module(f"fincalc.{evaluation._EXPORTS[name]}")
    assert getattr(module, name) is value
    # the public home stays ``fincalc`` (reprs, tracebacks, pickle)
    assert value.__module__ == "fincalc"


def test_every_name_is_defined_in_the_stage_of_its_job() -> None:
    """Judging one answer in ``_judging``, scoring many in ``_scoring``."""
    judged = {n for n, m in evaluation._EXPORTS.items() if m.startswith("_judging.")}
    assert {"check_answer", "check_quantities", "AnswerCheck", "Tolerance", "is_refusal"} <= judged
    assert not judged & {"evaluate", "EvalReport", "CaseResult", "GoldCase", "Prediction"}


def test_type_checking_imports_match_the_export_table() -> None:
    """mypy users see exactly what the lazy loader serves."""
    seen: dict[str, str] = {}
    for node in ast.walk(ast.parse(SOURCE.read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom)
                for alias in stmt.names:
                    # ``X as X``: an explicit re-export, which mypy --strict needs to let
                    # users import it from here (``__all__`` is computed)
                    assert alias.asname == alias.name, alias.name
                    seen[alias.name] = (stmt.module or "").lstrip(".")
    assert seen == evaluation._EXPORTS


def test_star_import_gives_every_name() -> None:
    namespace: dict[str, object] = {}
    exec("from fincalc.evaluation import *", namespace)  # noqa: S102
    assert set(namespace) - {"__builtins__"} == set(evaluation.__all__)


def test_unknown_attribute_raises_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match="'parse_quantity'"):
        evaluation.parse_quantity  # noqa: B018  (a name of fincalc, not of evaluation)
    assert set(evaluation.__all__) <= set(dir(evaluation))


def test_importing_the_namespace_loads_neither_stage() -> None:
    code = (
        "import sys, fincalc; "
        "print('fincalc.evaluation' in sys.modules); "
        "import fincalc.evaluation as e; "
        "print(sorted(m for m in sys.modules if m.startswith(('fincalc._judging', "
        "'fincalc._scoring', 'pydantic')))); "
        "e.check_answer; "
        "print(any(m.startswith('fincalc._scoring') for m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    # import fincalc does not load the namespace; the namespace loads no stage; judging
    # one answer does not load the scoring stage
    assert out == ["False", "[]", "False"]


def test_the_namespace_is_an_attribute_of_fincalc() -> None:
    code = "import fincalc; print(fincalc.evaluation.evaluate is fincalc.evaluate)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


# Real-looking answers in both languages, judged through either path: same verdicts.
ANSWERS = [
    # (answer, expected, dimension, reason, source)
    ("Capital expenditures were $1,577 million in FY2018.", "1577000000", "USD", "ok", "10-K MD&A"),
    ("营业收入约为 1476.94 亿元，同比增长 8.2%。", "147694000000", "CNY", "ok", "A股年报 经营讨论"),
    ("同比下降 0.49%", "-0.0049", "RATIO", "ok", "A股年报 主要会计数据"),
    ("Net loss widened to $(3.2) billion.", "-3200000000", "USD", "ok", "earnings release"),
    ("毛利率为 35.6%", "0.30", "RATIO", "out_of_tolerance", "券商研报"),
    ("公司未披露分部收入，无法确定。", "1000000", "CNY", "refused", "RAG answer, refusal"),
]


@pytest.mark.parametrize(("answer", "expected", "dimension", "reason", "source"), ANSWERS)
def test_the_judge_is_the_same_through_both_paths(
    answer: str, expected: str, dimension: str, reason: str, source: str
) -> None:
    via_top = fincalc.check_answer(answer, expected, dimension=dimension)
    via_namespace = evaluation.check_answer(answer, expected, dimension=dimension)
    assert via_namespace.reason == reason, source
    assert (via_top.reason, via_top.found) == (via_namespace.reason, via_namespace.found), source


def test_a_report_pickles_through_the_public_home() -> None:
    gold = [{"qid": "q1", "value": "302600000", "dimension": "USD"}]
    report = evaluation.evaluate([{"qid": "q1", "value": Decimal("3.03E+8")}], gold)
    again = pickle.loads(pickle.dumps(report))
    assert isinstance(again, fincalc.EvalReport)
    assert again.cases == report.cases

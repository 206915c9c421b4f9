"""How the integrations are packaged: optional, discoverable, and never in the core install.

Runs in the core environment (none of the frameworks installed); the
integrations' own tests run in theirs (``bash .ci/test``).
"""

from __future__ import annotations

import ast
import importlib.metadata
import json
import re
import runpy
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import fincalc

ROOT = Path(__file__).parents[2]
PACKAGE = Path(fincalc.__file__).parent
INTEGRATIONS = PACKAGE / "integrations"
DIST = "fincalc-qa"  # the distribution name on PyPI; the import name stays fincalc
RUNTIME = {"pydantic", "regex", "babel", "python-dateutil"}
FRAMEWORK_EXTRAS = {"inspect", "ragas", "deepeval", "langchain", "llamaindex", "instructor", "dask"}


def _name(requirement: str) -> str:
    match = re.match(r"[A-Za-z0-9_.-]+", requirement)
    assert match, requirement
    return match.group(0).lower()


def test_the_core_install_has_exactly_four_dependencies() -> None:
    requires = importlib.metadata.requires(DIST) or []
    core = [r for r in requires if "extra ==" not in r]
    assert {_name(r) for r in core} == RUNTIME, core
    assert len(core) == 4


def test_each_framework_is_an_extra() -> None:
    extras = set(importlib.metadata.metadata(DIST).get_all("Provides-Extra") or [])
    assert extras >= FRAMEWORK_EXTRAS | {"providers", "docs"}
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    optional = pyproject["project"]["optional-dependencies"]
    assert optional["inspect"][0].startswith("inspect-ai")
    assert optional["langchain"][0].startswith("langchain-core")
    assert optional["llamaindex"][0].startswith("llama-index-core")


def test_import_fincalc_never_loads_an_integration() -> None:
    code = (
        "import json, sys, fincalc\n"
        "[getattr(fincalc, n) for n in fincalc.__all__]\n"
        "import fincalc.integrations\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'inspect_ai', 'ragas', 'deepeval', 'langchain_core', 'llama_index', 'instructor', "
        "'dask'} "
        "or m.startswith('fincalc.integrations.'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(out.stdout) == []


def test_inspect_ai_finds_the_scorer_through_its_entry_point() -> None:
    (entry,) = [
        e for e in importlib.metadata.entry_points(group="inspect_ai") if e.name == "fincalc"
    ]
    assert entry.value == "fincalc.integrations.inspect_ai"
    assert (INTEGRATIONS / "inspect_ai.py").exists()


def _third_party_imports(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            roots.add(node.module.split(".")[0])
    return roots - set(sys.stdlib_module_names) - {"fincalc", "pydantic", "pydantic_core"}


def test_the_collection_table_lists_every_file_that_needs_a_framework() -> None:
    # a file missing from conftest.INTEGRATION_NEEDS would break the core run (or,
    # listed wrongly, never run): every framework-importing file is listed with it
    needs = runpy.run_path(str(ROOT / "conftest.py"))["INTEGRATION_NEEDS"]
    files = sorted(INTEGRATIONS.glob("*.py")) + sorted((ROOT / "tests").rglob("test_*.py"))
    for path in files:
        key = path.relative_to(ROOT).as_posix()
        local = {p.stem for p in (ROOT / "tests").rglob("*.py")} | {"tests"}
        core = {"pytest", "hypothesis", "regex", "babel", "dateutil", "benchmarks"}  # + ours
        frameworks = _third_party_imports(path) - core - local
        listed = {m.split(".")[0] for m in needs.get(key, ())}
        assert frameworks <= listed, f"{key} imports {sorted(frameworks - listed)}; list it"
    for key in needs:
        assert (ROOT / key).exists(), f"conftest.INTEGRATION_NEEDS names a missing file: {key}"


@pytest.mark.parametrize("extra", sorted(FRAMEWORK_EXTRAS))
def test_the_docs_name_each_extra(extra: str) -> None:
    text = (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8")
    assert f"fincalc-qa[{extra}]" in text

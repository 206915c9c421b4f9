"""The tests' own layout: one folder per stage, and every named test path exists.

A test file sits in the folder of the stage it tests (``tests/<stage>/test_*.py``),
so a change to one stage runs with ``pytest tests/<stage>``; each folder is a
package, so shared helpers import relatively and equal basenames cannot collide.
The slow table in the root ``conftest.py`` and the paths the docs, ``.ci`` and the
integration table name must follow the files when they move.
"""

from __future__ import annotations

import ast
import re
import runpy
from pathlib import Path

import pytest

import fincalc

ROOT = Path(__file__).parents[2]
TESTS = ROOT / "tests"
# The folders, bottom to top: the stages of the flow, then the framework adapters and
# the public surface as a whole.  ``tests/data`` holds the example files they share.
STAGES = (
    "values",
    "reading",
    "locating",
    "grounding",
    "computing",
    "judging",
    "scoring",
    "integrations",
    "public",
)
SHARED = {"data", "__pycache__"}
# Each private stage of ``src/fincalc`` -> the folder(s) of its tests.  ``_evaluating``
# is being split into a judging and a scoring stage (issue 29): its files went by what
# they test, one answer (judging) or a run over many cases (scoring).
SOURCE_STAGES: dict[str, tuple[str, ...]] = {
    "_base": ("values",),
    "_values": ("values",),
    "_reading": ("reading",),
    "_locating": ("locating",),
    "_grounding": ("grounding",),
    "_computing": ("computing",),
    "_evaluating": ("judging", "scoring"),
    "_judging": ("judging",),
    "_scoring": ("scoring",),
}
# Where test files and helpers are named by path (not CHANGELOG.md: it is history).
NAMING_FILES = ("README.md", "CONTRIBUTING.md", ".ci/integrations", "docs/*.md")
TEST_PATH = re.compile(r"\btests/[\w/]+\.py\b")


def _conftest() -> dict[str, object]:
    return runpy.run_path(str(ROOT / "conftest.py"))


def test_every_test_file_sits_in_a_stage_folder() -> None:
    files = sorted(TESTS.rglob("test_*.py"))
    assert len(files) >= 50, f"only {len(files)} test files under {TESTS}"
    misplaced = [
        p.relative_to(ROOT).as_posix()
        for p in files
        if p.parent.parent != TESTS or p.parent.name not in STAGES
    ]
    assert not misplaced, (
        f"test files outside a stage folder: {misplaced}; move each into "
        f"tests/<stage>/ (one of {STAGES}) with git mv"
    )


def test_the_tests_folder_holds_only_stage_folders_and_shared_data() -> None:
    folders = {p.name for p in TESTS.iterdir() if p.is_dir()}
    assert folders - SHARED == set(STAGES), (
        f"tests/ holds {sorted(folders - SHARED - set(STAGES))!r} and lacks "
        f"{sorted(set(STAGES) - folders)!r}; a new folder is a stage: add it to STAGES"
    )
    loose = sorted(
        p.name for p in TESTS.glob("*.py") if p.name not in {"__init__.py", "conftest.py"}
    )
    assert not loose, f"modules at the top of tests/: {loose!r}; move them beside their users"
    missing = [s for s in STAGES if not (TESTS / s / "__init__.py").is_file()]
    assert not missing, f"stage folders that are not packages (no __init__.py): {missing!r}"


def test_every_source_stage_has_a_test_folder() -> None:
    package = Path(fincalc.__file__).parent
    stages = sorted(
        p.name for p in package.iterdir() if p.name.startswith("_") and (p / "__init__.py").exists()
    )
    assert stages, f"no private stage subpackage found in {package}"
    unmapped = [s for s in stages if s not in SOURCE_STAGES]
    assert not unmapped, (
        f"source stages without a test folder: {unmapped!r}; map each to its folder(s) in "
        "SOURCE_STAGES in tests/public/test_tests_layout.py (and add the folder to STAGES)"
    )
    for folders in SOURCE_STAGES.values():
        assert set(folders) <= set(STAGES), folders


def test_the_package_docstring_lists_the_folders_in_order() -> None:
    text = ast.get_docstring(ast.parse((TESTS / "__init__.py").read_text(encoding="utf-8")))
    assert text is not None, "tests/__init__.py has no docstring"
    named = [s for s in re.findall(r"``(\w+)``", text) if s in STAGES]
    assert named == list(STAGES), f"tests/__init__.py lists {named!r}, the folders are {STAGES!r}"


def _named_paths() -> list[tuple[str, str]]:
    found = []
    for pattern in NAMING_FILES:
        for path in sorted(ROOT.glob(pattern)):
            text = path.read_text(encoding="utf-8")
            found += [(path.relative_to(ROOT).as_posix(), m) for m in TEST_PATH.findall(text)]
    return found


def test_every_test_path_the_docs_and_ci_name_exists() -> None:
    named = _named_paths()
    assert any(where == ".ci/integrations" for where, _ in named), "no path read from .ci"
    stale = sorted({(where, path) for where, path in named if not (ROOT / path).is_file()})
    assert not stale, f"paths named but missing (a test file moved?): {stale!r}"


def test_the_integration_table_names_existing_files() -> None:
    needs = _conftest()["INTEGRATION_NEEDS"]
    assert isinstance(needs, dict)
    stale = sorted(key for key in needs if not (ROOT / key).is_file())
    assert not stale, f"conftest.INTEGRATION_NEEDS names missing files: {stale!r}"


def _defines(path: Path, name: str) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name == name for node in tree.body
    )


def test_every_slow_entry_names_a_test_that_exists() -> None:
    slow = _conftest()["SLOW"]
    assert isinstance(slow, dict)
    assert slow, "the slow table is empty: the edit loop would run everything"
    for key, why in slow.items():
        assert isinstance(why, str), key
        assert why.strip(), f"slow entry {key!r} says nothing about why it is slow"
        file, _, test = key.partition("::")
        path = ROOT / file
        assert path.is_file(), f"conftest.SLOW names a missing file: {key!r}"
        if test:
            assert _defines(path, test.split("::")[0]), f"conftest.SLOW: no {test!r} in {file}"


@pytest.mark.parametrize(
    ("nodeid", "key", "slow"),
    [
        ("tests/public/test_hostile.py::test_x", "tests/public/test_hostile.py", True),
        ("tests/public/test_hostile.py::test_x[a-b]", "tests/public/test_hostile.py::test_x", True),
        ("tests/public/test_hostile.py::C::test_x", "tests/public/test_hostile.py::C", True),
        ("tests/public/test_hostile.py::test_x", "tests/public/", True),
        ("tests/public/test_hostile.py::test_xy", "tests/public/test_hostile.py::test_x", False),
        ("tests/public/test_hostile_two.py::test_x", "tests/public/test_hostile.py", False),
        ("tests/public_api/test_x.py::test_x", "tests/public/", False),
        ("src/fincalc/_values/quantity.py::fincalc.Quantity", "tests/", False),
    ],
)
def test_a_slow_entry_marks_its_folder_file_or_test_and_nothing_else(
    nodeid: str, key: str, slow: bool
) -> None:
    matches = _conftest()["slow_match"]
    assert callable(matches)
    assert matches(nodeid, key) is slow


@pytest.mark.parametrize(
    ("environ", "markexpr", "profile"),
    [
        ({}, "not slow", "quick"),
        ({}, "  not   slow ", "quick"),
        ({}, "", "dev"),
        ({}, "slow", "dev"),
        ({}, "not slow and not network", "dev"),
        ({"CI": "1"}, "not slow", "ci"),
        ({"CI": "1"}, "", "ci"),
        ({"HYPOTHESIS_PROFILE": "dev"}, "not slow", "dev"),
        ({"HYPOTHESIS_PROFILE": "ci", "CI": ""}, "", "ci"),
    ],
)
def test_the_edit_loop_alone_takes_the_quick_profile(
    environ: dict[str, str], markexpr: str, profile: str
) -> None:
    profile_for = runpy.run_path(str(TESTS / "conftest.py"))["profile_for"]
    assert profile_for(environ, markexpr) == profile

"""The two evaluation stages: judging one answer below scoring many, each listing its modules.

``_judging`` holds what judges one answer; ``_scoring`` what scores many.  The
split is the import graph's: no judging module imports a scoring module, and
each stage's ``__init__`` docstring lists its modules bottom to top, one line
each, every module listed after the modules of its stage it imports.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import fincalc

PACKAGE = Path(fincalc.__file__).parent
STAGES = ("_judging", "_scoring")
_LISTED = re.compile(r"^- ``(\w+)``: \S", re.MULTILINE)


def _modules(stage: str) -> dict[str, Path]:
    return {p.stem: p for p in sorted((PACKAGE / stage).glob("*.py")) if p.stem != "__init__"}


def _imports(path: Path) -> set[str]:
    """Every fincalc module ``path`` imports, deferred ones included, as dotted names."""
    stage = path.parent.name
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                found.add(f"fincalc.{stage}.{node.module}")
            elif node.level == 2:
                found.add(f"fincalc.{node.module}")
            elif (node.module or "").startswith("fincalc."):
                found.add(node.module or "")
    return found


def listed(stage: str) -> list[str]:
    """The modules the stage's ``__init__`` docstring lists, in its order."""
    doc = ast.get_docstring(ast.parse((PACKAGE / stage / "__init__.py").read_text("utf-8")))
    assert doc is not None, stage
    return _LISTED.findall(doc.split("Modules, bottom to top", 1)[1])


@pytest.mark.parametrize("stage", STAGES)
def test_the_docstring_lists_every_module_once(stage: str) -> None:
    names = listed(stage)
    assert len(names) == len(set(names)), stage
    assert set(names) == set(_modules(stage)), stage


@pytest.mark.parametrize("stage", STAGES)
def test_the_list_runs_bottom_to_top(stage: str) -> None:
    names = listed(stage)
    for module, path in _modules(stage).items():
        below = {f"fincalc.{stage}.{name}" for name in names[: names.index(module)]}
        own = {imp for imp in _imports(path) if imp.startswith(f"fincalc.{stage}.")}
        assert own <= below, f"{stage}.{module} imports {sorted(own - below)}, listed above it"


def test_the_judge_imports_nothing_of_scoring() -> None:
    for module, path in _modules("_judging").items():
        upward = {imp for imp in _imports(path) if imp.startswith("fincalc._scoring")}
        assert not upward, f"_judging.{module} imports {sorted(upward)}"


def test_the_two_stages_share_no_module_name() -> None:
    assert not set(_modules("_judging")) & set(_modules("_scoring"))


def test_the_stage_list_reader_finds_what_is_written() -> None:
    """The reader itself: a bullet list after the heading, nothing before it."""
    doc = "Intro ``x``.\n\nModules, bottom to top:\n\n- ``a``: one.\n- ``b``: two.\n"
    assert _LISTED.findall(doc.split("Modules, bottom to top", 1)[1]) == ["a", "b"]

"""Imports flow one way, and each third-party library lives at one edge (STYLE.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import fincalc

PACKAGE = Path(fincalc.__file__).parent

# Lower ranks never import higher ranks.
RANK = {
    "_errors": 0,
    "_version": 0,
    "_decimal": 1,
    "_quantity": 2,
    "_period": 2,
    "_caliber": 3,
    "_numerals": 4,
    "_units": 4,
    "_parse": 5,
    "_textnorm": 6,
    "_locate": 6,
    "_facts": 7,
    "_ops": 8,
    "_audit": 8,
    "_render": 9,
    "_grounding": 9,
    "_records": 10,
    "_answers": 10,
    "_retrieval": 10,
    "_evaluate": 10,
    "_faithfulness": 10,
    "errors": 11,
    "testing": 11,
    "cli": 12,
    "__main__": 12,
    "__init__": 12,
}

# third-party library -> the modules allowed to import it
EDGES = {
    "dateutil": {"_period"},
    "babel": {"_units", "_parse", "_numerals", "_render", "_answers"},
    "hypothesis": {"testing"},
}
# pydantic stays off the hot value types
NO_PYDANTIC = {"_errors", "_decimal", "_quantity", "_period", "_numerals"}

MODULES = sorted(p.stem for p in PACKAGE.glob("*.py"))


def _imports(module: str) -> list[str]:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = node.module or ""
                found.extend([base] if base else [alias.name for alias in node.names])
            elif node.module:
                found.append(node.module)
    return found


def test_every_module_has_a_rank() -> None:
    missing = [m for m in MODULES if m not in RANK]
    assert not missing, f"add these modules to RANK in tests/test_layering.py: {missing}"


@pytest.mark.parametrize("module", MODULES)
def test_imports_flow_downwards(module: str) -> None:
    rank = RANK.get(module)
    if rank is None:
        pytest.skip("reported by test_every_module_has_a_rank")
    for name in _imports(module):
        target = name.removeprefix("fincalc.").split(".")[0]
        if target in RANK and target != module:
            assert RANK[target] <= rank, f"{module} (rank {rank}) imports {target} ({RANK[target]})"


@pytest.mark.parametrize("module", MODULES)
def test_third_party_libraries_stay_at_their_edge(module: str) -> None:
    roots = {name.split(".")[0] for name in _imports(module)}
    for library, allowed in EDGES.items():
        if library in roots:
            assert module in allowed, f"{module} imports {library}; allowed only in {allowed}"
    if module in NO_PYDANTIC:
        assert "pydantic" not in roots, f"{module} is a hot value type and must not use pydantic"

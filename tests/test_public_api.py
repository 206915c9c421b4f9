"""The public surface: ``fincalc.__all__`` is exact, sorted, lazy and leaks nothing private."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import fincalc

INIT = Path(fincalc.__file__)


def test_all_is_sorted_and_matches_the_export_table() -> None:
    assert fincalc.__all__ == sorted(fincalc.__all__)
    assert set(fincalc.__all__) == {*fincalc._EXPORTS, "__version__"}
    assert len(fincalc.__all__) == len(set(fincalc.__all__))


def test_every_public_name_resolves_from_its_module() -> None:
    for name in fincalc.__all__:
        value = getattr(fincalc, name)
        assert value is not None, name
        if name != "__version__":
            module = fincalc._EXPORTS[name]
            assert not name.startswith("_")
            assert getattr(value, "__module__", f"fincalc.{module}").startswith("fincalc.")


def test_type_checking_imports_match_the_export_table() -> None:
    """mypy users see exactly what the lazy loader serves."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    seen: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom)
                for alias in stmt.names:
                    seen[alias.name] = (stmt.module or "").lstrip(".")
    assert seen == fincalc._EXPORTS


def test_unknown_attribute_raises_attribute_error() -> None:
    try:
        fincalc.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("expected AttributeError")


def test_dir_lists_public_names() -> None:
    assert set(fincalc.__all__) <= set(dir(fincalc))


def test_import_is_lazy() -> None:
    """``import fincalc`` must not pull in pydantic, babel or dateutil."""
    code = (
        "import sys, fincalc; "
        "print(sorted(m for m in ('pydantic', 'babel', 'dateutil') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_version_and_py_typed() -> None:
    assert fincalc.__version__.count(".") == 2
    assert (INIT.parent / "py.typed").exists()

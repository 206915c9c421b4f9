"""The public surface: ``fincalc.__all__`` is exact, sorted, lazy and leaks nothing private."""

from __future__ import annotations

import ast
import decimal
import importlib
import inspect
import subprocess
import sys
import typing
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
            module = importlib.import_module(f"fincalc.{fincalc._EXPORTS[name]}")
            assert not name.startswith("_")
            assert getattr(module, name) is value, name


def test_every_public_object_shows_its_public_path() -> None:
    """Reprs and tracebacks say ``fincalc.X``, never a private module (as httpx does)."""
    for name in fincalc.__all__:
        if name != "__version__":
            assert getattr(fincalc, name).__module__ == "fincalc", name
    assert repr(fincalc.Quantity) == "<class 'fincalc.Quantity'>"
    assert fincalc.Computation.replay.__module__ == "fincalc"


def test_rehomed_classes_keep_their_type_hints() -> None:
    """``get_type_hints`` resolves in ``__module__``: annotations were resolved before the move."""
    hints = typing.get_type_hints(fincalc.Quantity)
    assert hints["value"] is decimal.Decimal
    assert typing.get_type_hints(fincalc.ParseError)["text"] == str | None


def test_every_public_class_has_its_annotations_resolved() -> None:
    # ``public`` evaluates a class's own annotation texts itself (typing.get_type_hints
    # only for nested references): what it leaves must be what get_type_hints gives.
    for name in fincalc.__all__:
        cls = getattr(fincalc, name)
        if not isinstance(cls, type):
            continue
        hints = typing.get_type_hints(cls, include_extras=True)  # resolvable under fincalc
        for field, annotation in inspect.get_annotations(cls).items():
            assert not isinstance(annotation, (str, typing.ForwardRef)), (name, field)
            assert hints[field] == annotation, (name, field)
    assert typing.get_type_hints(fincalc.InvalidInputError)["value"] is typing.Any
    assert typing.get_type_hints(fincalc.ParseError)["position"] == int | None
    assert fincalc.FincalcError.__annotations__["_field_names"] == typing.ClassVar[frozenset[str]]
    assert typing.get_type_hints(fincalc.Quantity)["span"] == tuple[int, int] | None


def test_a_user_subclass_of_an_error_keeps_its_own_module() -> None:
    class MyError(fincalc.ParseError):
        pass

    assert MyError.__module__ == __name__


def test_type_checking_imports_match_the_export_table() -> None:
    """mypy users see exactly what the lazy loader serves, each name an explicit re-export."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    seen: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom)
                module = (stmt.module or "").lstrip(".")
                for alias in stmt.names:
                    if alias.name == "*":  # the errors, named once in their own __all__
                        names = importlib.import_module(f"fincalc.{module}").__all__
                        seen.update(dict.fromkeys(names, module))
                    else:
                        # ``X as X`` re-exports X under mypy --strict and pyright
                        assert alias.asname == alias.name, f"write `{alias.name} as {alias.name}`"
                        seen[alias.name] = module
    assert seen == fincalc._EXPORTS


def test_all_is_derived_from_the_export_table_only() -> None:
    """No second list to keep in step: ``__all__`` is computed at run time from ``_EXPORTS``."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    literal = [
        node
        for node in ast.walk(tree)
        if isinstance(node, (ast.Assign, ast.AugAssign))
        and "__all__" in ast.unparse(node).split("=", 1)[0]
        and isinstance(node.value, (ast.List, ast.Tuple))
    ]
    assert not literal, "derive __all__ from _EXPORTS; do not write the names again"
    assert fincalc.__all__ == sorted([*fincalc._EXPORTS, "__version__"])


def test_error_names_are_listed_once() -> None:
    """The public error list is ``_base/exceptions.py``'s ``__all__``; the rest derive it."""
    from fincalc import errors
    from fincalc._base import exceptions as private

    leaves = {
        name
        for name, value in vars(private).items()
        if isinstance(value, type) and issubclass(value, fincalc.FincalcError)
    }
    assert set(private.__all__) == leaves
    assert set(errors.__all__) == leaves
    assert leaves <= set(fincalc.__all__)


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

"""The docs site's sources: every page in the navigation, every public name in the reference.

``mkdocs build --strict`` (run by ``bash .ci/test`` in the integrations
environment) fails on broken links and unresolved references; these checks
need no mkdocs and catch what a strict build cannot: a page left out of the
navigation or a public name left out of the API reference.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import fincalc

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
MKDOCS = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
REFERENCE = (DOCS / "reference.md").read_text(encoding="utf-8")


def test_every_page_is_in_the_navigation() -> None:
    listed = set(re.findall(r":\s*([\w-]+\.md)\s*$", MKDOCS, flags=re.MULTILINE))
    pages = {p.name for p in DOCS.glob("*.md")}
    assert pages == listed, f"missing from nav: {pages - listed}; not a page: {listed - pages}"


def _api_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("api_hook", DOCS / "api_hook.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_public_name_is_in_the_api_reference() -> None:
    """The entries are written from the export table, so every stage needs its marker."""
    expanded = _api_hook().expand(REFERENCE)
    documented = re.findall(r"^::: fincalc\.(\w+)$", expanded, flags=re.MULTILINE)
    public = set(fincalc.__all__) - {"__version__"}
    assert set(documented) == public, "add a <!-- api: _stage --> marker to docs/reference.md"
    assert len(documented) == len(set(documented))
    assert "<!-- api:" not in expanded


def test_every_integration_module_is_in_the_api_reference() -> None:
    modules = {p.stem for p in (Path(fincalc.__file__).parent / "integrations").glob("[!_]*.py")}
    documented = set(re.findall(r"^::: fincalc\.integrations\.(\w+)$", REFERENCE, re.MULTILINE))
    assert modules == documented

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

ROOT = Path(__file__).parents[2]
DOCS = ROOT / "docs"
MKDOCS = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
#: The API reference: an overview page and one page per stage (and the integrations).
REFERENCE = "\n\n".join(p.read_text(encoding="utf-8") for p in sorted(DOCS.glob("reference*.md")))


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
    assert set(documented) == public, "add a <!-- api: _stage --> marker to a reference page"
    assert len(documented) == len(set(documented))
    assert "<!-- api:" not in expanded


def test_every_integration_module_is_in_the_api_reference() -> None:
    modules = {p.stem for p in (Path(fincalc.__file__).parent / "integrations").glob("[!_]*.py")}
    documented = set(re.findall(r"^::: fincalc\.integrations\.(\w+)$", REFERENCE, re.MULTILINE))
    assert modules == documented


def test_the_reference_is_split_by_stage_with_formatted_signatures() -> None:
    import tomllib

    pages = sorted(p.name for p in DOCS.glob("reference-*.md"))
    stages = ["computing", "evaluating", "grounding", "integrations", "locating", "reading"]
    assert pages == [f"reference-{s}.md" for s in [*stages, "values"]]
    for page in pages:  # each its own page in the navigation, linked from the overview
        assert page in MKDOCS
        assert f"({page})" in (DOCS / "reference.md").read_text(encoding="utf-8")
    # mkdocstrings formats a signature on its own lines only when black or ruff is
    # installed beside it: the docs extra brings one
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    docs = extras["project"]["optional-dependencies"]["docs"]
    assert any(re.match(r"(ruff|black)\b", requirement) for requirement in docs)
    assert "separate_signature: true" in MKDOCS


def test_the_home_page_has_the_install_line_and_an_example() -> None:
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    assert "pip install fincalc-qa" in home
    example = home.split("## In ten lines", 1)[1].split("```", 2)[1]
    assert sum(line.startswith((">>>", "...")) for line in example.splitlines()) <= 10

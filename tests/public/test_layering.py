"""The layout is the design: stage subpackages in a strict order, imports one way.

The private code lives in one subpackage per stage of the flow (DESIGN.md).
These tests read every module's imports with ``ast`` (nothing is run) and hold
the code to four rules that were written before looking at it:

1. A module imports only from its own subpackage or from a lower one in
   ``ORDER``; the public modules at the top may import from any subpackage.
2. No module imports a private name (``_x``) from another subpackage: what a
   subpackage offers the layers above is its public-named API.
3. The import graph has no cycle, deferred imports included.
4. A function-level (deferred) import of fincalc code is allowed only where
   ``DEFERRED`` lists it, with the reason.

Third-party libraries stay at their edges (STYLE.md): babel in formatting and
locale code, dateutil in period parsing, hypothesis in ``fincalc.testing``,
and pydantic off the hot value types and the ``_base`` floor.

The map is tested too: each stage's ``__init__`` docstring lists its modules
bottom to top, ``docs/design.md`` names every stage module, and no module name
repeats across stages.  ``PENDING_*`` tables name what other branches of
issue 29 finish; each entry fails once it is stale, so it is deleted at merge.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

import fincalc

PACKAGE = Path(fincalc.__file__).parent

# The stages, bottom to top.  "" is the package root: the public modules
# (``__init__``, ``cli``, ``errors``, ``testing``) and ``_version``.
ORDER = [
    "_base",
    "_values",
    "_reading",
    "_locating",
    "_grounding",
    "_computing",
    "_judging",
    "_scoring",
]
# The adapters for other frameworks sit above everything, beside ``cli``: they
# import fincalc's public names only, and nothing in fincalc imports them.
INTEGRATIONS = "integrations"
ROOT_BOTTOM = {"fincalc._version"}  # importable from every layer

# (importing module, imported module) -> why the import is inside a function
DEFERRED: dict[tuple[str, str], str] = {
    **{
        ("fincalc.cli", target): "each subcommand loads only its own stage, so "
        "`fincalc --help` and `fincalc parse` start fast"
        for target in (
            "fincalc._scoring.evaluate",
            "fincalc._scoring.inputs",
            "fincalc._judging.answers",
            "fincalc._scoring.eval_report",
            "fincalc._scoring.batch",
            "fincalc._judging.tolerance",
            "fincalc._judging.refusals",
            "fincalc._reading.parse",
            "fincalc._locating.locate",
            "fincalc._grounding.claims",
            # issue 16: bounded reading, and `verify`
            "fincalc._base.bounded",
            "fincalc._base.exceptions",
            "fincalc._grounding.documents",
            "fincalc._computing.audit",
            "fincalc._computing.audit_verify",
        )
    },
    ("fincalc._reading.unit_table", "fincalc._reading.table_schema"): "the default "
    "table is read from the prebuilt index (_base.prebuilt); pydantic validates only "
    "tables of one's own, so the first parse does not load it (~100 ms, issue 18)",
    ("fincalc._base.vocabulary", "fincalc._base.bounded"): "only a word-list file "
    "of one's own is read with the size limits of bounded; the bundled lists come from "
    "the prebuilt artefact, so the first parse does not load the JSON scanners (issue 18)",
    ("fincalc._reading.scanner_tier", "fincalc._reading.scanner_words"): "the generated "
    "scanner is compiled only after a table has read ~1 MB; a first parse does not load "
    "its modules (~2 ms, issue 18)",
    **{
        ("fincalc._reading.reader", target): "a typical first parse (digits with a "
        "unit or scale, no range, no minor unit, no number words) never calls these "
        "readers; importing them costs ~16 M instructions (~1.5 ms) of the 40 ms "
        "first-parse budget "
        "(docs/performance.md, issue 29)"
        for target in (
            "fincalc._reading.minor_units",
            "fincalc._reading.number_words",
            "fincalc._reading.ranges",
        )
    },
    ("fincalc._judging.extraction", "fincalc._reading.parse"): "check_quantities "
    "and evaluate on structured answers never run the parser; loading it "
    "costs ~10 ms more",
    ("fincalc._judging.extraction", "fincalc._grounding.documents"): "row-label units "
    "are read only for tabular answers; loading grounding costs ~50 ms",
}

# (importing module, imported module) -> why a module of ``_base`` still imports a
# higher stage.  Issue 29 moved the generic plumbing below the value types while
# another branch removes what these imports name: at that merge each entry goes
# stale (the test below fails) and is deleted.  Nothing else may join this list.
PENDING_UPWARD: dict[tuple[str, str], str] = {}

# third-party library -> modules allowed to import it
EDGES = {
    "dateutil": {"fincalc._values.period_types", "fincalc._values.period_dates"},
    "babel": {
        "fincalc._reading.grammar",
        "fincalc._computing.render",
        "fincalc._judging.answers",
    },
    "hypothesis": {"fincalc.testing"},
    # the command line's optional progress bar (the cli extra)
    "tqdm": {"fincalc._scoring.batch"},
    # each framework only in its own adapter (optional extras, never imported by fincalc)
    "inspect_ai": {"fincalc.integrations.inspect_ai"},
    "ragas": {"fincalc.integrations.ragas"},
    "deepeval": {"fincalc.integrations.deepeval"},
    # Ragas' metric signature takes LangChain callbacks
    "langchain_core": {"fincalc.integrations.langchain", "fincalc.integrations.ragas"},
    "llama_index": {"fincalc.integrations.llama_index"},
    "dask": {"fincalc.integrations.dask"},
    "instructor": set(),  # GroundedClaim is plain pydantic; instructor is only tested
}
# pydantic stays off the hot value types
NO_PYDANTIC = {
    "fincalc._base.exceptions",
    "fincalc._values.decimals",
    "fincalc._values.quantity",
    "fincalc._values.period",
    "fincalc._values.period_types",
    "fincalc._values.period_words",
    "fincalc._values.period_dates",
    "fincalc._values.period_grammar",
    "fincalc._reading.numerals",
}


@dataclass(frozen=True)
class Import:
    module: str  # the imported fincalc module, or a third-party top-level name
    names: tuple[str, ...]  # names taken with ``from … import``
    deferred: bool  # inside a function
    line: int


def _name_of(path: Path) -> str:
    parts = ["fincalc", *path.relative_to(PACKAGE).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_name_of(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    is_package = MODULES[module].name == "__init__.py"
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join([*base, node.module] if node.module else base)


@cache
def imports_of(module: str) -> tuple[Import, ...]:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found: list[Import] = []

    def visit(node: ast.AST, deferred: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = deferred or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.Import):
                found.extend(Import(a.name, (), deferred, child.lineno) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                target = _resolve(module, child)
                names = tuple(a.name for a in child.names)
                submodules = [f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES]
                for sub in submodules:  # ``from . import locate`` imports a module
                    found.append(Import(sub, (), deferred, child.lineno))
                if len(submodules) < len(names):
                    found.append(Import(target, names, deferred, child.lineno))
            visit(child, inner)

    visit(tree, False)
    return tuple(found)


def stage(module: str) -> str:
    """The subpackage a module belongs to ("" for the package root)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or parts[-1] in ORDER else ""


def rank(module: str) -> int:
    if module in ROOT_BOTTOM:
        return -1
    name = stage(module)
    if name == INTEGRATIONS:
        return len(ORDER) + 1
    return ORDER.index(name) if name else len(ORDER)


def internal(imp: Import) -> bool:
    return imp.module == "fincalc" or imp.module.startswith("fincalc.")


def test_every_private_module_sits_in_a_stage() -> None:
    loose = [
        m
        for m in MODULES
        if stage(m) == ""
        and m.split(".")[-1].startswith("_")
        and m not in ROOT_BOTTOM
        and m not in {"fincalc.__main__", "fincalc"}
    ]
    assert not loose, f"put these private modules in a stage subpackage ({ORDER}): {loose}"
    stray = {stage(m) for m in MODULES} - {"", INTEGRATIONS, *ORDER}
    assert not stray, f"subpackages missing from ORDER in tests/public/test_layering.py: {stray}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_flow_downwards(module: str) -> None:
    for imp in filter(internal, imports_of(module)):
        if imp.module == "fincalc":
            assert stage(module) in ("", INTEGRATIONS) or module == "fincalc.__main__", (
                f"{module}:{imp.line} imports the public package; import the stage instead"
            )
            continue
        if (module, imp.module) in PENDING_UPWARD:
            continue
        assert rank(imp.module) <= rank(module), (
            f"{module}:{imp.line} imports {imp.module}, a higher layer "
            f"({stage(imp.module) or 'root'} is above {stage(module) or 'root'} in ORDER)"
        )


def test_every_pending_upward_import_exists() -> None:
    live = {(m, imp.module) for m in MODULES for imp in imports_of(m) if internal(imp)}
    stale = sorted(set(PENDING_UPWARD) - live)
    assert not stale, f"these imports are gone: delete them from PENDING_UPWARD: {stale}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if stage(m) == INTEGRATIONS))
def test_integrations_use_the_public_api_only(module: str) -> None:
    for imp in filter(internal, imports_of(module)):
        assert imp.module == "fincalc" or stage(imp.module) == INTEGRATIONS, (
            f"{module}:{imp.line} imports {imp.module}; an integration uses what users can "
            "import (`from fincalc import ...`), so it keeps working as the internals move"
        )


@pytest.mark.parametrize("module", sorted(m for m in MODULES if stage(m) != INTEGRATIONS))
def test_nothing_in_fincalc_imports_the_integrations(module: str) -> None:
    for imp in filter(internal, imports_of(module)):
        assert stage(imp.module) != INTEGRATIONS, (
            f"{module}:{imp.line} imports {imp.module}; the integrations are optional extras "
            "and `import fincalc` must work without their frameworks"
        )


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_private_name_crosses_a_subpackage(module: str) -> None:
    for imp in filter(internal, imports_of(module)):
        if stage(imp.module) == stage(module) and stage(module):
            continue
        private = [n for n in imp.names if n.startswith("_") and n != "__version__"]
        assert not private, (
            f"{module}:{imp.line} takes private {private} from {imp.module}; make it part "
            "of that subpackage's public-named API or move the code"
        )


@pytest.mark.parametrize("module", sorted(MODULES))
def test_deferred_imports_are_declared(module: str) -> None:
    for imp in filter(internal, imports_of(module)):
        if imp.deferred:
            assert (module, imp.module) in DEFERRED, (
                f"{module}:{imp.line} imports {imp.module} inside a function; import it at "
                "the top, or add it to DEFERRED in tests/public/test_layering.py with the reason"
            )


def test_every_declared_deferred_import_exists() -> None:
    live = {
        (m, imp.module) for m in MODULES for imp in imports_of(m) if internal(imp) and imp.deferred
    }
    assert set(DEFERRED) <= live, f"stale DEFERRED entries: {sorted(set(DEFERRED) - live)}"


def _graph() -> dict[str, set[str]]:
    return {
        m: {imp.module for imp in imports_of(m) if imp.module in MODULES and imp.module != m}
        for m in MODULES
        if m != "fincalc"  # the lazy loader's table names every module
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle in ``graph`` as a path that returns to its start, or ``None``."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := walk(start)):
            return cycle
    return None


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_import_graph_has_no_cycle() -> None:
    cycle = find_cycle(_graph())
    assert cycle is None, f"import cycle: {' -> '.join(cycle or [])}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_third_party_libraries_stay_at_their_edge(module: str) -> None:
    roots = {imp.module.split(".")[0] for imp in imports_of(module)}
    for library, allowed in EDGES.items():
        if library in roots:
            assert module in allowed, f"{module} imports {library}; allowed only in {allowed}"
    if module in NO_PYDANTIC or stage(module) == "_base":  # every stage stands on _base
        assert "pydantic" not in roots, f"{module} is a hot value type and must not use pydantic"


# -- size: rooms a reader can hold in their head ----------------------------------

#: Module size is a review prompt, not a gate (issue 29): ``python tools/review/sizes.py``
#: lists the modules past 700 lines, for a reviewer to ask which jobs each holds.
MAX_FUNCTION_LINES = 100  # code lines: the docstring and blank lines are not counted


def _code_lines(node: ast.FunctionDef | ast.AsyncFunctionDef, source: list[str]) -> int:
    body = node.body
    first = body[0]
    docstring = (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )
    start = (first.end_lineno or first.lineno) + 1 if docstring and len(body) > 1 else node.lineno
    end = node.end_lineno or node.lineno
    return sum(1 for line in source[start - 1 : end] if line.strip())


def function_sizes(text: str) -> list[tuple[str, int]]:
    """Each function of a module's source with its code lines (``tools/review/sizes.py``)."""
    source = text.split("\n")
    return [
        (f"{node.name} (line {node.lineno})", _code_lines(node, source))
        for node in ast.walk(ast.parse(text))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_functions_stay_small(module: str) -> None:
    for function, size in function_sizes(MODULES[module].read_text(encoding="utf-8")):
        assert size <= MAX_FUNCTION_LINES, (
            f"{module}: {function} has {size} code lines; split it into steps"
        )


# -- the map: every stage lists its modules, and docs/design.md names them all -----

# stage -> why its ``__init__`` docstring does not list its modules yet.  Issue 29:
# other branches write these lists; at that merge the test passes (a strict xfail
# then fails) and the entry is deleted.  Nothing else may join this list.
PENDING_MAPS: dict[str, str] = {}
DESIGN = PACKAGE.parent.parent / "docs" / "design.md"
_BULLET = re.compile(r"^\s*[-*]\s+((?:``\w+``(?:,\s*|\s+and\s+)?)+):", re.MULTILINE)


def listed_modules(stage_name: str) -> list[str]:
    """The modules a stage's ``__init__`` docstring lists under "Modules, bottom to top"."""
    init = MODULES[f"fincalc.{stage_name}"]
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
    _, found, rest = doc.partition("Modules, bottom to top")
    if not found:
        return []
    return [name for bullet in _BULLET.findall(rest) for name in re.findall(r"``(\w+)``", bullet)]


def test_listed_modules_reads_bullets_of_one_or_more_names() -> None:
    sample = "- ``a``: first.\n  more of a.\n* ``b``, ``c`` and ``d``: the rest, ``e`` not.\n"
    assert [n for b in _BULLET.findall(sample) for n in re.findall(r"``(\w+)``", b)] == [
        "a",
        "b",
        "c",
        "d",
    ]


def _stage_modules(stage_name: str) -> set[str]:
    prefix = f"fincalc.{stage_name}."
    return {m.removeprefix(prefix) for m in MODULES if m.startswith(prefix)}


@pytest.mark.parametrize(
    "stage_name",
    [
        pytest.param(s, marks=pytest.mark.xfail(strict=True, reason=PENDING_MAPS[s]))
        if s in PENDING_MAPS
        else s
        for s in ORDER
    ],
)
def test_every_stage_lists_its_modules_bottom_to_top(stage_name: str) -> None:
    listed = listed_modules(stage_name)
    on_disk = _stage_modules(stage_name)
    assert listed, f"fincalc.{stage_name}.__init__: list the modules under 'Modules, bottom to top'"
    assert len(listed) == len(set(listed)), f"{stage_name}: a module is listed twice: {listed}"
    missing, stale = sorted(on_disk - set(listed)), sorted(set(listed) - on_disk)
    assert (missing, stale) == ([], []), (
        f"fincalc.{stage_name}.__init__ docstring: add {missing}, remove {stale}"
    )
    position = {name: i for i, name in enumerate(listed)}
    for name in listed:
        module = f"fincalc.{stage_name}.{name}"
        for imp in filter(internal, imports_of(module)):
            if imp.module.startswith(f"fincalc.{stage_name}.") and imp.module != module:
                used = imp.module.rsplit(".", 1)[1]
                assert position[used] < position[name], (
                    f"fincalc.{stage_name}.__init__ docstring: {name} imports {used}, "
                    f"so list {used} before it (bottom to top)"
                )


def test_every_pending_map_names_a_stage() -> None:
    assert set(PENDING_MAPS) <= set(ORDER), f"stale PENDING_MAPS: {set(PENDING_MAPS) - set(ORDER)}"


def test_design_names_every_stage_module() -> None:
    text = DESIGN.read_text(encoding="utf-8")
    named = set(re.findall(r"`(_\w+/\w+?)(?:\.py)?`", text))
    modules = {f"{s}/{m}" for s in ORDER for m in _stage_modules(s)}
    missing = sorted(modules - named)
    assert not missing, f"docs/design.md ('Every module, bottom to top'): name {missing}"
    gone = sorted(n for n in named - modules if n.split("/")[0] in ORDER)
    assert not gone, f"docs/design.md names modules that do not exist: {gone}"


# module name -> why it still repeats across stages on this branch (issue 29: the
# other branches' renames remove each; at that merge the entry is deleted)
PENDING_REPEATS: dict[str, str] = {}


def test_no_module_name_repeats_across_stages() -> None:
    where: dict[str, list[str]] = {}
    for module in MODULES:
        parts = module.split(".")
        if len(parts) == 3 and parts[1] in ORDER:
            where.setdefault(parts[2], []).append(parts[1])
        elif len(parts) == 2 and parts[1] not in ORDER and not parts[1].startswith("__"):
            where.setdefault(parts[1], []).append("fincalc")  # public: errors, cli, testing
    repeated = {name: stages for name, stages in where.items() if len(stages) > 1}
    assert set(repeated) == set(PENDING_REPEATS), (
        f"module names in more than one stage: {repeated}; give each a name that says its "
        f"job (and update PENDING_REPEATS: {sorted(PENDING_REPEATS)})"
    )

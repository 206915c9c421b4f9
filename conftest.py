"""Load every public name before collection.

Each object ``fincalc`` exports has ``__module__ == "fincalc"`` (see
``fincalc._base.public``), so doctest finds its examples in the package's
``__init__`` rather than in the private module that defines it; the lazy
loader puts a name in that namespace only once it is used.
"""

import fincalc

for _name in fincalc.__all__:
    getattr(fincalc, _name)


# -- integrations: collected only where their framework is installed ---------------
# Each file that needs a framework, with the modules it needs. Where a framework is
# missing, a directory run (plain ``pytest``) does not collect its files and the
# report header says so. ``bash .ci/test`` names them on the command line in their
# own environments (.ci/integrations), and pytest always collects a path it is
# given: there a missing framework is an import error, never a skip.
# tests/test_integrations_packaging.py checks that this table lists every such file.
INTEGRATION_NEEDS: dict[str, tuple[str, ...]] = {
    "src/fincalc/integrations/inspect_ai.py": ("inspect_ai",),
    "tests/test_integrations_inspect_ai.py": ("inspect_ai",),
    "src/fincalc/integrations/ragas.py": ("ragas", "langchain_core"),
    "tests/test_integrations_ragas.py": ("ragas",),
    "src/fincalc/integrations/deepeval.py": ("deepeval",),
    "tests/test_integrations_deepeval.py": ("deepeval",),
    "src/fincalc/integrations/langchain.py": ("langchain_core",),
    "tests/test_integrations_langchain.py": ("langchain_core", "langgraph.checkpoint"),
    "src/fincalc/integrations/llama_index.py": ("llama_index.core",),
    "tests/test_integrations_llama_index.py": ("llama_index.core",),
    "src/fincalc/integrations/dask.py": ("dask",),
    "tests/test_integrations_dask.py": ("dask",),
    "docs/griffe_doctests.py": ("griffe",),
    "tests/test_schema_providers.py": (
        "openai",
        "anthropic",
        "google.genai",
        "instructor",
        "jsonschema",
    ),
}
_ROOT = __import__("pathlib").Path(__file__).parent


def _missing(modules: tuple[str, ...]) -> tuple[str, ...]:
    import importlib.util

    out = []
    for name in modules:
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            out.append(name)
    return tuple(out)


def pytest_ignore_collect(collection_path, config):  # type: ignore[no-untyped-def]
    try:
        key = collection_path.relative_to(_ROOT).as_posix()
    except ValueError:
        return None
    needs = INTEGRATION_NEEDS.get(key)
    if not needs:
        return None
    return True if _missing(needs) else None


def pytest_report_header(config):  # type: ignore[no-untyped-def]
    missing = {m for k, v in INTEGRATION_NEEDS.items() for m in _missing(v)}
    if not missing:
        return None
    return (
        f"integrations not collected here (not installed: {', '.join(sorted(missing))}); "
        "bash .ci/test runs them in their own environments"
    )

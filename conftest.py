"""Load every public name before collection.

Each object ``fincalc`` exports has ``__module__ == "fincalc"`` (see
``fincalc._values.public``), so doctest finds its examples in the package's
``__init__`` rather than in the private module that defines it; the lazy
loader puts a name in that namespace only once it is used.
"""

import fincalc

for _name in fincalc.__all__:
    getattr(fincalc, _name)


# -- integrations: collected only where their framework is installed ---------------
# Each file that needs a framework, with the modules it needs. Where a framework is
# missing, its files are not collected (the report header says so). ``bash .ci/test``
# runs them, named on the command line, in their own environments with
# FINCALC_REQUIRE_INTEGRATIONS=1, which makes a missing framework an error instead.
# tests/test_integrations_packaging.py checks that this table lists every such file.
INTEGRATION_NEEDS: dict[str, tuple[str, ...]] = {
    "src/fincalc/integrations/inspect_ai.py": ("inspect_ai",),
    "tests/test_integrations_inspect_ai.py": ("inspect_ai",),
    "src/fincalc/integrations/ragas.py": ("ragas", "langchain_core"),
    "tests/test_integrations_ragas.py": ("ragas",),
    "src/fincalc/integrations/deepeval.py": ("deepeval",),
    "tests/test_integrations_deepeval.py": ("deepeval",),
    "src/fincalc/integrations/langchain.py": ("langchain_core",),
    "tests/test_integrations_langchain.py": ("langchain_core",),
    "src/fincalc/integrations/llama_index.py": ("llama_index.core",),
    "tests/test_integrations_llama_index.py": ("llama_index.core",),
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
_MISSING: dict[str, tuple[str, ...]] = {}


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
    import os

    try:
        key = collection_path.relative_to(_ROOT).as_posix()
    except ValueError:
        return None
    needs = INTEGRATION_NEEDS.get(key)
    if not needs:
        return None
    missing = _missing(needs)
    if not missing:
        return None
    requested = {(_ROOT / arg.split("::")[0]).resolve() for arg in config.args}
    if os.environ.get("FINCALC_REQUIRE_INTEGRATIONS") and collection_path.resolve() in requested:
        import pytest

        raise pytest.UsageError(
            f"{key} needs {', '.join(missing)}, which is not installed in this environment; "
            "bash .ci/test installs each integration's extra in its own venv"
        )
    _MISSING[key] = missing
    return True


def pytest_report_header(config):  # type: ignore[no-untyped-def]
    missing = {m for k, v in INTEGRATION_NEEDS.items() for m in _missing(v)}
    if not missing:
        return None
    return (
        f"integrations not collected here (not installed: {', '.join(sorted(missing))}); "
        "bash .ci/test runs them in their own environments"
    )

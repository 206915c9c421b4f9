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
# tests/integrations/test_integrations_packaging.py checks that this table lists every such file.
INTEGRATION_NEEDS: dict[str, tuple[str, ...]] = {
    "src/fincalc/integrations/inspect_ai.py": ("inspect_ai",),
    "tests/integrations/test_integrations_inspect_ai.py": ("inspect_ai",),
    "src/fincalc/integrations/ragas.py": ("ragas", "langchain_core"),
    "tests/integrations/test_integrations_ragas.py": ("ragas",),
    "src/fincalc/integrations/deepeval.py": ("deepeval",),
    "tests/integrations/test_integrations_deepeval.py": ("deepeval",),
    "src/fincalc/integrations/langchain.py": ("langchain_core",),
    "tests/integrations/test_integrations_langchain.py": ("langchain_core", "langgraph.checkpoint"),
    "src/fincalc/integrations/llama_index.py": ("llama_index.core",),
    "tests/integrations/test_integrations_llama_index.py": ("llama_index.core",),
    "src/fincalc/integrations/dask.py": ("dask",),
    "tests/integrations/test_integrations_dask.py": ("dask",),
    "docs/griffe_doctests.py": ("griffe",),
    "tests/integrations/test_schema_providers.py": (
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


# -- slow groups: left out of the edit loop ----------------------------------------
# `pytest -m "not slow"` is the edit loop (under a minute); a plain `pytest` and
# `bash .ci/test` (CI) run everything.  Each key is a stage folder ("tests/x/"), a
# file, or a test in it ("file::test"); the value says why it is slow, with its time
# in `pytest --durations` on the shared 2-core machine under load (docs/performance.md,
# "The test suite").  What a key names gets the `slow` marker at collection;
# tests/public/test_tests_layout.py checks that every key names a test that exists.
SLOW: dict[str, str] = {
    "tests/public/test_benchmarks.py": "runs benchmark areas in subprocesses (92 s)",
    "tests/public/test_hostile.py": "every public name and CLI command under hostile input (70 s)",
    "tests/public/test_judge_bench.py": "the judge benchmark area in a subprocess (8 s)",
    "tests/public/test_fuzz_harness.py": "replays the fuzz corpus in a subprocess (2 s)",
    "tests/reading/test_parse.py::test_adversarial_input_is_linear": "times long inputs (41 s)",
    "tests/computing/test_verify.py::test_cli_verify_exit_1_names_the_difference": "CLI (21 s)",
    "tests/computing/test_verify.py::test_cli_verify_accepts_a_true_record": "CLI runs (15 s)",
    "tests/computing/test_verify.py::test_cli_verify_bad_input_exits_2": "CLI runs (5 s)",
    "tests/grounding/test_pages.py::test_pathological_pages_are_read_in_bounded_time": "13 s",
    "tests/reading/test_parse_locales.py::test_format_currency_round_trips_in_every_locale": (
        "every CLDR locale (10 s)"
    ),
    "tests/reading/test_parse_locales.py::test_format_decimal_round_trips_in_every_locale": (
        "every CLDR locale (5 s)"
    ),
    "tests/reading/test_parse_locales.py::test_format_percent_round_trips_in_every_locale": (
        "every CLDR locale (2-14 s)"
    ),
    "tests/public/test_cli.py::test_python_dash_m_runs_the_demo": "the demo in a subprocess (8 s)",
    "tests/reading/test_closed_world.py::test_foreign_words_match_babel": (
        "regenerates the CLDR word list (7 s)"
    ),
    "tests/reading/test_parse.py::test_an_added_currency_is_declared_where_a_built_in_one_is": (
        "builds a unit table and its scanner for every case (5-7 s)"
    ),
    "tests/reading/test_parse.py::test_an_added_currency_is_read_where_a_built_in_one_is": (
        "builds a unit table and its scanner for every case (3 s)"
    ),
    "tests/reading/test_units.py::test_cldr_currencies_match_babel": (
        "regenerates currencies.toml from Babel (4-7 s)"
    ),
    "tests/reading/test_scanner.py::test_a_custom_table_gets_its_own_scanner": (
        "compiles scanners for new tables (2-4 s)"
    ),
    "tests/reading/test_scanner.py::test_the_scanner_is_compiled_once_the_table_has_read_enough": (
        "compiles scanners for new tables (3-4 s)"
    ),
    (
        "tests/integrations/test_integrations_packaging.py"
        "::test_import_fincalc_never_loads_an_integration"
    ): "a fresh interpreter (2-3 s)",
    "tests/computing/test_audit.py::test_fingerprint_is_pinned_and_stable_across_processes": (
        "a fresh interpreter (2 s)"
    ),
    "tests/values/test_caliber.py::test_any_calibers_reach_what_the_implied_basis_never_draws": (
        "a search over generated calibers (7 s)"
    ),
}


def slow_match(nodeid: str, key: str) -> bool:
    """Whether the collected test ``nodeid`` falls under the slow entry ``key``."""
    if key.endswith("/"):
        return nodeid.startswith(key)
    return nodeid == key or nodeid.startswith((f"{key}::", f"{key}["))


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    import pytest

    for item in items:
        if any(slow_match(item.nodeid, key) for key in SLOW):
            item.add_marker(pytest.mark.slow)

"""The precomputed default table, case folds and grammar, read at the first parse (issue 18).

Validating ``_data/units.toml`` and ``_data/currencies.toml`` with pydantic,
working out which characters case-fold to which and building the reader's
alias indexes took ~120 ms, the whole first ``parse_quantity`` of a fresh
interpreter before this artefact.  ``prebuild`` (``python -m
fincalc._reading.prebuild``) does that from the validated files and writes the
indexed table, the case-fold table and the default grammar's alias indexes
into the artefact that ``fincalc._values.prebuilt`` reads (with the word lists
and dimension facts the lower layer needs).

When the artefact is missing, unreadable or stale (a data file edited without
rebuilding, another Python, another Unicode version for the parts built from
case folds), every reader here returns None and the data is built from the
files as before: slower, never stale.  ``tests/test_units.py`` checks that
rebuilding gives the artefact's exact bytes and that what it restores equals
what the files give.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any, Final

from .._values.prebuilt import (
    DATA_DIR,
    FORMAT,
    INDEX_FILE,
    INPUTS,
    inputs_fingerprint,
    load_prebuilt,
    prebuilt_part,
)

__all__ = [
    "BUNDLED",
    "DATA_DIR",
    "FORMAT",
    "INDEX_FILE",
    "INPUTS",
    "PREBUILT_GRAMMAR",
    "inputs_fingerprint",
    "load_index",
    "precomputed_casefolds",
    "precomputed_grammar",
]

#: The unit-table files of the default table, in the order they are indexed.
BUNDLED: Final = ("units.toml", "currencies.toml")
#: The key of a table's cache under which ``unit_table.default_table`` leaves the
#: prebuilt alias indexes of its default grammar (``grammar.grammar_state``).
PREBUILT_GRAMMAR: Final = "prebuilt grammar"


def load_index() -> Mapping[str, Any] | None:
    """The precomputed artefact, or None when it is missing, unreadable or stale."""
    return load_prebuilt()


def precomputed_casefolds() -> dict[str, tuple[str, ...]] | None:
    """The precomputed case-fold sources (``aliases.casefold_sources``), if they apply here.

    They depend on the Unicode version of the interpreter that computed them.
    """
    folds = prebuilt_part("casefold", unicode=unicodedata.unidata_version)
    if folds is None:
        return None
    return {folded: tuple(chars) for folded, chars in folds.items()}


def precomputed_grammar() -> dict[str, Any] | None:
    """The alias indexes of the default table's default grammar (``grammar.grammar_state``)."""
    state: dict[str, Any] | None = prebuilt_part("grammar", unicode=unicodedata.unidata_version)
    return state

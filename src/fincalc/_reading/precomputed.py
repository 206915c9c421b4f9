"""The precomputed default table: a JSON artefact read at the first parse (issue 18).

Validating ``_data/units.toml`` and ``_data/currencies.toml`` with pydantic and
working out which characters case-fold to which take ~120 ms, the whole first
``parse_quantity`` of a fresh interpreter before this artefact.  ``prebuild``
(``python -m fincalc._reading.prebuild``) validates the files and writes the
indexed table and the case-fold table to ``_data/reading_index.json``; the
first parse reads that instead, with ``json``.

The artefact names what it was computed from: the SHA-256 of the data files
(``inputs``), the Unicode version of the case folds and its format.  When any
of them differs from this interpreter's (a data file edited without
rebuilding, another Python), ``load_index`` returns None and the table is
built from the files as before: slower, never stale.  ``tests/test_units.py``
checks that rebuilding gives the artefact's exact bytes.
"""

from __future__ import annotations

import functools
import hashlib
import json
import unicodedata
from pathlib import Path
from typing import Any, Final

__all__ = [
    "BUNDLED",
    "DATA_DIR",
    "FORMAT",
    "INDEX_FILE",
    "inputs_digest",
    "load_index",
    "precomputed_casefolds",
]

#: The bundled data directory (``fincalc/_data``).
DATA_DIR: Final = Path(__file__).resolve().parent.parent / "_data"
#: The unit-table files of the default table, in the order they are indexed.
BUNDLED: Final = ("units.toml", "currencies.toml")
INDEX_FILE: Final = "reading_index.json"
#: The layout of the artefact; ``prebuild`` writes it, ``load_index`` reads only it.
FORMAT: Final = 1


def inputs_digest() -> str:
    """The SHA-256 of the bundled unit-table files (names and bytes), in hex."""
    digest = hashlib.sha256()
    for name in BUNDLED:
        data = (DATA_DIR / name).read_bytes()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


@functools.cache
def load_index() -> dict[str, Any] | None:
    """The precomputed default table, or None when it is missing, unreadable or stale."""
    try:
        index = json.loads((DATA_DIR / INDEX_FILE).read_text(encoding="utf-8"))
        current = index["format"] == FORMAT and index["inputs"] == inputs_digest()
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return index if current and isinstance(index, dict) else None


def precomputed_casefolds() -> dict[str, tuple[str, ...]] | None:
    """The precomputed case-fold sources (``aliases.casefold_sources``), if they apply here.

    They depend on the Unicode version of the interpreter that computed them.
    """
    index = load_index()
    if index is None or index.get("unicode") != unicodedata.unidata_version:
        return None
    return {folded: tuple(chars) for folded, chars in index["casefold"].items()}

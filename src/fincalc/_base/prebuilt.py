"""The prebuilt artefact: the validated data the first parse reads, in one JSON file (issue 18).

Validating the data files (pydantic for ``units.toml`` and
``currencies.toml``, the word-list and dimension checks for ``reading.toml``
and ``dimensions.toml``), working out which characters case-fold to which and
building the reader's alias indexes from them takes ~120 ms, and a notebook, a
CLI call or a serverless function would pay it on its first
``parse_quantity``.  This one module reads the artefact for every layer: the
word lists and dimension facts for ``_values``, the indexed default table,
case-fold table and default grammar's alias indexes for ``_reading``.
``python -m fincalc._reading.prebuild`` does that work once, from the
validated files, and writes the result to ``_data/reading_index.json``; the
first parse reads that file with ``open`` and ``json`` (no
``importlib.resources``, ``pathlib``, ``tomllib`` or ``hashlib`` on that path).

The artefact names what it was computed from: the size and CRC-32 of each
input file (``INPUTS``) and its layout (``FORMAT``); the parts that depend on
case folding also name the Unicode version.  When any of them differs from
what this interpreter sees (a data file edited without rebuilding, another
Python), ``load_prebuilt`` returns None and every reader builds its data
from the files, validated, as before: slower, never stale.  The fingerprint
detects edits, not attacks (whoever can edit the package's data can edit its
code); ``tests/test_units.py`` checks that rebuilding gives the artefact's
exact bytes, so a change to the indexing code is caught there.
"""

from __future__ import annotations

import functools
import json
import os
import unicodedata
import zlib
from collections.abc import Iterator, Mapping
from typing import Any, Final

__all__ = [
    "BUNDLED",
    "DATA_DIR",
    "FORMAT",
    "INDEX_FILE",
    "INPUTS",
    "PREBUILT_GRAMMAR",
    "PrebuiltIndex",
    "inputs_fingerprint",
    "load_prebuilt",
    "prebuilt_casefolds",
    "prebuilt_grammar",
    "prebuilt_part",
]

#: The bundled data directory (``fincalc/_data``), as a plain path string.
DATA_DIR: Final = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "_data")
INDEX_FILE: Final = "reading_index.json"
#: The files the artefact is computed from, in the order they are fingerprinted.
INPUTS: Final = ("units.toml", "currencies.toml", "reading.toml", "dimensions.toml")
#: The layout of the artefact; ``prebuild`` writes it, ``load_prebuilt`` reads only it.
FORMAT: Final = 2
#: The unit-table files of the default table, in the order they are indexed.
BUNDLED: Final = ("units.toml", "currencies.toml")
#: The key of a table's cache under which ``unit_table.default_table`` leaves the
#: prebuilt alias indexes of its default grammar (``grammar.grammar_state``).
PREBUILT_GRAMMAR: Final = "prebuilt grammar"


def inputs_fingerprint(data_dir: str | None = None) -> dict[str, str]:
    """The size and CRC-32 of each input file, as ``{name: "size:crc"}``.

    >>> sorted(inputs_fingerprint()) == sorted(INPUTS)
    True
    """
    found = {}
    for name in INPUTS:
        with open(os.path.join(data_dir or DATA_DIR, name), "rb") as file:
            data = file.read()
        found[name] = f"{len(data)}:{zlib.crc32(data):08x}"
    return found


class PrebuiltIndex(Mapping[str, Any]):
    """The artefact's top-level parts, each decoded from its line when first read.

    ``prebuild`` writes one key a line; the first parse needs the word lists,
    the dimensions, the table and the grammar's indexes, not the case-fold
    table (a third of the file), which only building new indexes reads.

    >>> index = PrebuiltIndex.from_bytes(b'{\\n  "a": [1],\\n  "b": {"c": 2}\\n}\\n')
    >>> index["b"], sorted(index), len(index)
    ({'c': 2}, ['a', 'b'], 2)
    """

    def __init__(self, lines: dict[str, bytes]) -> None:
        self._lines = lines
        self._decoded: dict[str, Any] = {}

    @classmethod
    def from_bytes(cls, data: bytes) -> PrebuiltIndex:
        """The parts of ``data`` as ``prebuild`` lays them out; ``ValueError`` if it is not so."""
        if not data.startswith(b"{\n") or not data.endswith(b"\n}\n"):
            raise ValueError("not the artefact's layout")
        lines = {}
        for line in data[2:-3].split(b"\n"):
            key, separator, value = line.partition(b": ")
            name = json.loads(key)
            if not separator or not line.startswith(b'  "') or not isinstance(name, str):
                raise ValueError("not the artefact's layout")
            lines[name] = value.removesuffix(b",")
        return cls(lines)

    def __getitem__(self, key: str) -> Any:
        try:
            return self._decoded[key]
        except KeyError:
            value = self._decoded[key] = json.loads(self._lines[key])
            return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)


@functools.cache
def load_prebuilt() -> PrebuiltIndex | None:
    """The artefact, or None when it is missing, unreadable or stale.

    >>> load_prebuilt()["format"]
    2
    """
    try:
        with open(os.path.join(DATA_DIR, INDEX_FILE), "rb") as file:
            index = PrebuiltIndex.from_bytes(file.read())
        current = index["format"] == FORMAT and index["inputs"] == inputs_fingerprint()
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return index if current else None


def prebuilt_part(key: str, *, unicode: str | None = None) -> Any:
    """One part of the current artefact (``None`` without one).

    With ``unicode``, only if the artefact was built under that Unicode version
    (case folds and the indexes built from them depend on it).

    >>> sorted(prebuilt_part("dimensions"))[:2]
    ['BARRELS', 'COUNT']
    """
    index = load_prebuilt()
    try:
        if index is None or (unicode is not None and index.get("unicode") != unicode):
            return None
        return index.get(key)
    except ValueError:  # a part whose line does not decode: as if there were no artefact
        return None


def prebuilt_casefolds() -> dict[str, tuple[str, ...]] | None:
    """The prebuilt case-fold sources (``aliases.casefold_sources``), if they apply here.

    They depend on the Unicode version of the interpreter that computed them.

    >>> [f"U+{ord(char):04X}" for char in prebuilt_casefolds()["k"]]  # K and the Kelvin sign
    ['U+004B', 'U+212A']
    """
    folds = prebuilt_part("casefold", unicode=unicodedata.unidata_version)
    if folds is None:
        return None
    return {folded: tuple(chars) for folded, chars in folds.items()}


def prebuilt_grammar() -> dict[str, Any] | None:
    """The alias indexes of the default table's default grammar (``grammar.grammar_state``).

    >>> isinstance(prebuilt_grammar(), dict)
    True
    """
    state: dict[str, Any] | None = prebuilt_part("grammar", unicode=unicodedata.unidata_version)
    return state

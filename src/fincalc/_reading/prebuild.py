"""Write the prebuilt artefact the first parse reads, ``_data/reading_index.json`` (issue 18).

Run after editing ``_data/units.toml``, ``currencies.toml``, ``reading.toml`` or
``dimensions.toml`` (or the way ``UnitTable``, ``Vocabulary`` or the grammar
index them)::

    python -m fincalc._reading.prebuild          # rewrite the artefact
    python -m fincalc._reading.prebuild --check  # exit 1 if it is not current

It validates the bundled files (pydantic for the unit table, ``Vocabulary``
and the dimension checks for the others), indexes them as the reader does,
and writes, with the fingerprint of the files: the table's index, the
case-fold table, the word lists and dimension facts, and the alias indexes of
the default grammar.  The output is deterministic (sorted sets, fixed
formatting), so ``tests/test_units.py`` can check that rebuilding gives the
artefact's exact bytes.

It also writes ``_data/reading_patterns.bin``: the code CPython's ``re``
compiler produces for the patterns a first parse compiles (those the parser's
modules compile at import, recorded in a child interpreter, and the default
grammar's), for this interpreter only (``fincalc._values.stored_patterns``;
another interpreter compiles them itself).  ``--check`` compares it only on
the interpreter it records.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import unicodedata

from .._base.vocabulary import PREBUILT, bundled_vocabulary
from .._values.dimensions import bundled_dimensions, dimensions_state
from .._values.stored_patterns import PATTERNS_FILE, interpreter_key, patterns_file
from .aliases import compute_casefold_sources
from .grammar import (
    SYMBOL_PREFIX,
    build_grammar,
    default_parts,
    grammar_state,
    scan_source,
    table_gap_source,
)
from .precomputed import BUNDLED, DATA_DIR, FORMAT, INDEX_FILE, inputs_fingerprint
from .split_amounts import split_chars_source
from .table_schema import bundled_file
from .unit_table import UnitTable, index_state

__all__ = ["build_index", "build_patterns", "imported_sources", "main", "stored_sources"]


def build_index() -> str:
    """The artefact's text, built from the bundled files.

    >>> '"format": 2' in build_index()
    True
    """
    table = UnitTable([bundled_file(name) for name in BUNDLED])
    index = {
        "format": FORMAT,
        "inputs": inputs_fingerprint(),
        "unicode": unicodedata.unidata_version,
        "table": index_state(table),
        "casefold": {key: list(chars) for key, chars in compute_casefold_sources().items()},
        "vocabulary": {name: bundled_vocabulary(name).state() for name in PREBUILT},
        "dimensions": dimensions_state(bundled_dimensions()),
        "grammar": grammar_state(build_grammar(table)),
    }
    # (one top-level key a line, each value on one line: diffs stay readable)
    lines = [
        f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
        for key, value in index.items()
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def stored_sources(table: UnitTable) -> list[tuple[str, int]]:
    """The ``(source, flags)`` of the patterns a first parse compiles with the default table.

    >>> from fincalc._reading.unit_table import default_table
    >>> [flags for _, flags in stored_sources(default_table())]
    [0, 0, 0, 0]
    """
    return [
        (scan_source(default_parts(table)), 0),
        (table_gap_source(table), 0),
        (SYMBOL_PREFIX, 0),
        (split_chars_source(), 0),
    ]


#: A fresh interpreter that imports the parser and says which patterns its
#: modules compile at import (through ``compile_pattern``).
_IMPORTED_PATTERNS = """
import json, sys
import fincalc._values.stored_patterns as stored
stored.recorded = []
import fincalc._reading.parse
sys.stdout.write(json.dumps(stored.recorded))
"""


def imported_sources() -> list[tuple[str, int]]:
    """The ``(source, flags)`` the parser's modules compile when imported, in order.

    >>> ("[A-Za-z]", 0) in imported_sources()
    True
    """
    done = subprocess.run(  # noqa: S603 (our own interpreter and fixed code)
        [sys.executable, "-c", _IMPORTED_PATTERNS],
        capture_output=True,
        check=True,
        timeout=120,
    )
    return [(source, flags) for source, flags in json.loads(done.stdout)]


def build_patterns() -> bytes | None:
    """The stored pattern code for this interpreter (None where it is not CPython).

    The patterns: those the parser's modules compile at import, then those the
    default grammar compiles (each once, in that order).

    >>> build_patterns().startswith(b'{"layout": 1')
    True
    """
    if interpreter_key() is None:
        return None
    table = UnitTable([bundled_file(name) for name in BUNDLED])
    sources = dict.fromkeys([*imported_sources(), *stored_sources(table)])
    return patterns_file(list(sources))


def _recorded_interpreter(data: bytes) -> object:
    """The interpreter a patterns file was built with (None if unreadable)."""
    try:
        return json.loads(data.partition(b"\n")[0].decode("utf-8"))["interpreter"]
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None


def _read_bytes(path: str) -> bytes | None:
    try:
        with open(path, "rb") as file:
            return file.read()
    except FileNotFoundError:
        return None


def _check_patterns(path: str, built: bytes | None, written: bytes | None) -> bool:
    """Whether the patterns file is current for this interpreter (print what it is)."""
    if built is None:
        print(f"{path}: not checked (this interpreter is not CPython: re.compile is used)")
        return True
    if written is not None and _recorded_interpreter(written) != interpreter_key():
        print(
            f"{path}: built for another interpreter ({_recorded_interpreter(written)}); "
            "this one compiles the patterns with re.compile (slower, same answers)"
        )
        return True
    current = written == built
    print(f"{path}: {'current' if current else 'STALE: run python -m fincalc._reading.prebuild'}")
    return current


def main(argv: list[str] | None = None) -> int:
    """Rewrite the artefacts, or with ``--check`` report whether they are current."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if an artefact is stale")
    args = parser.parse_args(argv)
    path = os.path.join(DATA_DIR, INDEX_FILE)
    text = build_index()
    try:
        with open(path, encoding="utf-8") as file:
            current = file.read() == text
    except FileNotFoundError:
        current = False
    patterns_path = os.path.join(DATA_DIR, PATTERNS_FILE)
    built, written = build_patterns(), _read_bytes(patterns_path)
    if args.check:
        print(
            f"{path}: {'current' if current else 'STALE: run python -m fincalc._reading.prebuild'}"
        )
        patterns_current = _check_patterns(patterns_path, built, written)
        return 0 if current and patterns_current else 1
    if not current:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    print(f"{path}: {'unchanged' if current else 'written'} ({len(text):,} characters)")
    if built is not None:
        if built != written:
            with open(patterns_path, "wb") as file:
                file.write(built)
        state = "unchanged" if built == written else "written"
        print(f"{patterns_path}: {state} ({len(built):,} bytes, {sys.version.split()[0]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

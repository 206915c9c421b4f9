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

Regular expressions are not stored: every pattern is compiled by ``re`` in
the process that uses it (a stored CPython bytecode file, which worked on one
interpreter version only, was removed in issue 29).
"""

from __future__ import annotations

import argparse
import json
import os
import unicodedata

from .._base.prebuilt import BUNDLED, DATA_DIR, FORMAT, INDEX_FILE, inputs_fingerprint
from .._base.vocabulary import PREBUILT, bundled_vocabulary
from .._values.dimensions import bundled_dimensions, dimensions_state
from .aliases import compute_casefold_sources
from .grammar import build_grammar, grammar_state
from .table_schema import bundled_file
from .unit_table import UnitTable, index_state

__all__ = ["build_index", "main"]


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


def main(argv: list[str] | None = None) -> int:
    """Rewrite the artefact, or with ``--check`` report whether it is current."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the artefact is stale")
    args = parser.parse_args(argv)
    path = os.path.join(DATA_DIR, INDEX_FILE)
    text = build_index()
    try:
        with open(path, encoding="utf-8") as file:
            current = file.read() == text
    except FileNotFoundError:
        current = False
    if args.check:
        print(
            f"{path}: {'current' if current else 'STALE: run python -m fincalc._reading.prebuild'}"
        )
        return 0 if current else 1
    if not current:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    print(f"{path}: {'unchanged' if current else 'written'} ({len(text):,} characters)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

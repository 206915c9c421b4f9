"""Write the precomputed default table, ``_data/reading_index.json`` (issue 18).

Run after editing ``_data/units.toml`` or ``_data/currencies.toml`` (or the way
``UnitTable`` indexes them)::

    python -m fincalc._reading.prebuild          # rewrite the artefact
    python -m fincalc._reading.prebuild --check  # exit 1 if it is not current

It validates the bundled files with pydantic (``table_schema``), indexes them
as ``UnitTable`` does, and writes that index with the case-fold table and the
digest of the files.  The output is deterministic (sorted sets, fixed
formatting), so ``tests/test_units.py`` can check that rebuilding gives the
artefact's exact bytes.
"""

from __future__ import annotations

import argparse
import json
import unicodedata

from .aliases import compute_casefold_sources
from .precomputed import BUNDLED, DATA_DIR, FORMAT, INDEX_FILE, inputs_digest
from .table_schema import bundled_file
from .unit_table import UnitTable, index_state

__all__ = ["build_index", "main"]


def build_index() -> str:
    """The artefact's text, built from the bundled files.

    >>> '"format": 1' in build_index()
    True
    """
    table = UnitTable([bundled_file(name) for name in BUNDLED])
    index = {
        "format": FORMAT,
        "inputs": inputs_digest(),
        "unicode": unicodedata.unidata_version,
        "table": index_state(table),
        "casefold": {key: list(chars) for key, chars in compute_casefold_sources().items()},
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
    path = DATA_DIR / INDEX_FILE
    text = build_index()
    current = path.exists() and path.read_text(encoding="utf-8") == text
    if args.check:
        print(
            f"{path}: {'current' if current else 'STALE: run python -m fincalc._reading.prebuild'}"
        )
        return 0 if current else 1
    if not current:
        path.write_text(text, encoding="utf-8")
    print(f"{path}: {'unchanged' if current else 'written'} ({len(text):,} characters)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

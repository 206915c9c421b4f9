"""The prebuilt artefact gives the same data and grammar as the validated files (issue 18).

``_data/reading_index.json`` is what the first parse of a process reads instead
of validating the data files and building the alias indexes;
``tests/reading/test_units.py`` checks that it is current (rebuilding gives its exact
bytes) and that a stale or broken one is ignored.  Here: what it restores
equals what the slow path builds, object for object.  No compiled regular
expression is stored (issue 29): every pattern is compiled by ``re`` in the
process that uses it.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import UnitTable, parse_quantity
from fincalc._base.prebuilt import DATA_DIR, PREBUILT_GRAMMAR, load_prebuilt, prebuilt_grammar
from fincalc._base.vocabulary import PREBUILT, bundled_vocabulary, vocabulary
from fincalc._reading.aliases import AliasIndex, Rows, restored_rows, rows_state
from fincalc._reading.grammar import ALIAS_FIELDS, Grammar, build_grammar, grammar_for
from fincalc._reading.table_schema import bundled_file
from fincalc._values.dimensions import _listed, bundled_dimensions


def _index_parts(index: AliasIndex) -> tuple[Any, ...]:
    return (
        index.case_sensitive,
        index._values,
        index._by_first,
        index._by_last,
        index.first_chars,
        index.last_chars,
    )


GRAMMAR_FIELDS = [item.name for item in dataclasses.fields(Grammar)]


def _assert_same_grammar(fast: Grammar, slow: Grammar) -> None:
    for name in GRAMMAR_FIELDS:
        a, b = getattr(fast, name), getattr(slow, name)
        if isinstance(a, AliasIndex):
            assert isinstance(b, AliasIndex)
            assert _index_parts(a) == _index_parts(b), name
        else:
            assert a == b, name


def test_the_default_grammar_is_restored_from_the_artefact() -> None:
    table = UnitTable.default()
    assert load_prebuilt() is not None
    assert table._cache.get(PREBUILT_GRAMMAR) is prebuilt_grammar() is not None
    restored = grammar_for(table, None)
    built = build_grammar(UnitTable([bundled_file(n) for n in ("units.toml", "currencies.toml")]))
    _assert_same_grammar(restored, built)
    indexes = set(GRAMMAR_FIELDS)
    assert set(ALIAS_FIELDS) == {n for n in indexes if isinstance(getattr(built, n), AliasIndex)}


_SLOW_PATH = """
import pickle, sys
import fincalc._base.prebuilt as prebuilt
prebuilt.INDEX_FILE = "no-such-artefact.json"  # as if it were missing: the slow path
import fincalc
from fincalc._reading.grammar import grammar_for
from fincalc._base.prebuilt import PREBUILT_GRAMMAR
table = fincalc.UnitTable.default()
assert table._files is not None and PREBUILT_GRAMMAR not in table._cache
assert prebuilt.load_prebuilt() is None
grammar = grammar_for(table, None)
quantity = fincalc.parse_quantity("营业收入8.7亿元")
sys.stdout.buffer.write(pickle.dumps((grammar, quantity)))
"""


def test_the_fast_path_gives_the_slow_paths_grammar() -> None:
    # A fresh interpreter without the artefact validates every file and builds every
    # index, exactly as before it existed; its grammar equals the restored one.
    done = subprocess.run(  # (our own interpreter and fixed code)
        [sys.executable, "-c", _SLOW_PATH], capture_output=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    slow, quantity = pickle.loads(done.stdout)  # (our own child's output)
    _assert_same_grammar(grammar_for(UnitTable.default(), None), slow)
    assert quantity == parse_quantity("营业收入8.7亿元")


@pytest.mark.parametrize("name", PREBUILT)
def test_restored_word_lists_equal_the_validated_files(name: str) -> None:
    restored, validated = vocabulary(name), bundled_vocabulary(name)
    assert restored.state() == validated.state()
    assert restored.source == validated.source
    for key in validated.keys():  # noqa: SIM118 (a Vocabulary is no mapping)
        assert restored.words(key) == validated.words(key)


def test_restored_dimensions_equal_the_validated_file() -> None:
    assert _listed() == bundled_dimensions()
    assert list(_listed()) == list(bundled_dimensions())


@pytest.mark.parametrize(
    ("aliases", "case_sensitive"),
    [
        ({"亿元": 1, "元": 2, "million": 3, "Mio.": 4, "K": 5, "ſ": 6}, False),
        ({"ABC": 1, "abc": 2, "¥": 3}, True),
        ({"KM": 1, "km": 2}, False),  # two aliases with one key: the last wins
    ],
)
def test_a_restored_alias_index_equals_the_built_one(
    aliases: dict[str, int], case_sensitive: bool
) -> None:
    rows: Rows = {}
    built = AliasIndex(aliases, case_sensitive=case_sensitive)
    state = built.state(rows)  # (rows: the distinct probe rows, shared by several indexes)
    restored = AliasIndex.restored(aliases, state, restored_rows(rows_state(rows)))
    assert _index_parts(restored) == _index_parts(built)
    for text in ("5亿元", "5 MILLION", "3 mio.", "2 K", "abc", "ABC ¥", "9 km", "ſ"):
        for position in range(len(text) + 1):
            assert restored.starting_at(text, position) == built.starting_at(text, position)
            assert restored.ending_at(text, position) == built.ending_at(text, position)


_ALIAS_CHARS = "亿万元角分美欧$€¥.'MmKkBbIiLlOoNſK "


@settings(max_examples=100, deadline=None)
@given(
    aliases=st.dictionaries(
        st.text(alphabet=_ALIAS_CHARS, min_size=1, max_size=5).filter(str.strip),
        st.integers(0, 9),
        max_size=8,
    ),
    case_sensitive=st.booleans(),
    text=st.text(alphabet=_ALIAS_CHARS + "0123", max_size=16),
)
def test_any_restored_alias_index_probes_as_the_built_one(
    aliases: dict[str, int], case_sensitive: bool, text: str
) -> None:
    # the artefact's round trip (state -> JSON -> restored) keeps every probe's answer
    rows: Rows = {}
    built = AliasIndex(aliases, case_sensitive=case_sensitive)
    state = json.loads(json.dumps(built.state(rows), ensure_ascii=False))
    restored = AliasIndex.restored(
        aliases, state, restored_rows(json.loads(json.dumps(rows_state(rows))))
    )
    for position in range(len(text) + 1):
        assert restored.starting_at(text, position) == built.starting_at(text, position)
        assert restored.ending_at(text, position) == built.ending_at(text, position)


_FIRST_PARSE = """
import json, sys
before = set(sys.modules)
import fincalc
quantity = fincalc.parse_quantity("营业收入8.7亿元")
from fincalc._base.prebuilt import PREBUILT_GRAMMAR
from fincalc._reading.unit_table import default_table
table = default_table()
print(json.dumps({
    "loaded": sorted(set(sys.modules) - before),
    "value": str(quantity.value == 870_000_000),
    "validated": table._files is not None,
    "grammar restored": PREBUILT_GRAMMAR in table._cache,
}))
"""
#: What the first parse must not load: validation, locale data, date parsing, the
#: ``regex`` engine (the parse path runs on ``re``), and the file-system and hashing
#: machinery the artefact is read without.
_NOT_ON_THE_FIRST_PARSE = (
    "babel",
    "dateutil",
    "hashlib",
    "importlib.resources",
    "pathlib",
    "pydantic",
    "regex",
    "tempfile",
    "tomllib",
    # the generated scanner's modules load once a table has read enough to compile it
    "fincalc._reading.fast_pattern",
    "fincalc._reading.scanner",
    "fincalc._reading.scanner_words",
    # the JSON scanners and file limits: building a Quantity needs only the surrogate check
    "fincalc._base.bounded",
)


def test_the_first_parse_reads_the_artefact_and_loads_nothing_else() -> None:
    done = subprocess.run(  # (our own interpreter and fixed code)
        [sys.executable, "-c", _FIRST_PARSE], capture_output=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    found = json.loads(done.stdout)
    assert found["value"] == "True"
    assert not found["validated"]
    assert found["grammar restored"]
    loaded = set(found["loaded"])
    assert sorted(m for m in _NOT_ON_THE_FIRST_PARSE if m in loaded) == []


# ------------------------------------------------------- no stored regular expressions

_SRC = Path(__file__).resolve().parents[2] / "src" / "fincalc"


def test_no_compiled_pattern_is_stored_or_restored() -> None:
    # Issue 29: the stored CPython regex bytecode (and its private ``_sre.compile``
    # path) worked on one interpreter version only; patterns are compiled by re.
    data = sorted(path.name for path in (_SRC / "_data").iterdir() if path.is_file())
    assert [name for name in data if not name.endswith((".toml", ".json"))] == []
    offenders = []
    for path in sorted(_SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for needle in ("_sre", "re._compiler", "sre_compile", "re._parser"):
            if needle in text:
                offenders.append(f"{path.relative_to(_SRC)}: {needle}")
    assert offenders == []


def test_the_grammar_patterns_are_plain_re_patterns() -> None:
    import re

    from fincalc._reading import after_number, split_amounts

    grammar = grammar_for(UnitTable.default(), None)
    german = grammar_for(UnitTable.default(), "de_DE")
    for pattern in (
        grammar.scan,
        grammar.table_gap,
        german.scan,
        after_number._YEAR,
        split_amounts._COMMA_GROUP,
    ):
        assert pattern == re.compile(pattern.pattern, pattern.flags)


@pytest.mark.parametrize("part", ["table", "grammar", "vocabulary", "casefold"])
def test_a_part_that_does_not_decode_is_read_from_the_files(
    part: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The artefact's parts decode when first read (the first parse needs no case folds):
    # a broken line is found then, and that part comes from the validated files.
    from fincalc._base import prebuilt
    from fincalc._reading import unit_table

    with open(os.path.join(DATA_DIR, prebuilt.INDEX_FILE), encoding="utf-8") as file:
        lines = file.read().split("\n")
    lines = [
        line.replace(": ", ": [broken", 1) if f'"{part}"' in line[:16] else line for line in lines
    ]
    (tmp_path / prebuilt.INDEX_FILE).write_text("\n".join(lines), encoding="utf-8")
    for name in prebuilt.INPUTS:
        with open(os.path.join(DATA_DIR, name), "rb") as data:
            (tmp_path / name).write_bytes(data.read())
    monkeypatch.setattr(prebuilt, "DATA_DIR", str(tmp_path))
    prebuilt.load_prebuilt.cache_clear()
    unit_table.default_table.cache_clear()
    try:
        index = prebuilt.load_prebuilt()
        assert index is not None
        assert prebuilt.prebuilt_part(part) is None
        with pytest.raises(json.JSONDecodeError):
            index[part]
        table = unit_table.default_table()
        assert (table._files is not None) == (part == "table")
        built = build_grammar(
            UnitTable([bundled_file(n) for n in ("units.toml", "currencies.toml")])
        )
        _assert_same_grammar(grammar_for(table, None), built)
    finally:
        monkeypatch.undo()
        prebuilt.load_prebuilt.cache_clear()
        unit_table.default_table.cache_clear()

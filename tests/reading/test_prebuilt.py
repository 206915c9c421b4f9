"""The prebuilt artefact gives the same data and grammar as the validated files (issue 18).

``_data/reading_index.json`` is what the first parse of a process reads instead
of validating the data files and building the alias indexes;
``tests/reading/test_units.py`` checks that it is current (rebuilding gives its exact
bytes) and that a stale or broken one is ignored.  Here: what it restores
equals what the slow path builds, object for object.
"""

from __future__ import annotations

import array
import json
import os
import pickle
import re
import subprocess
import sys
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import UnitTable, parse_quantity
from fincalc._base.vocabulary import PREBUILT, bundled_vocabulary, vocabulary
from fincalc._reading.aliases import AliasIndex, Rows, restored_rows, rows_state
from fincalc._reading.grammar import ALIAS_FIELDS, Grammar, build_grammar, grammar_for
from fincalc._reading.prebuild import build_patterns, imported_sources, stored_sources
from fincalc._reading.precomputed import DATA_DIR, PREBUILT_GRAMMAR, precomputed_grammar
from fincalc._reading.table_schema import bundled_file
from fincalc._values import stored_patterns
from fincalc._values.dimensions import _listed, bundled_dimensions
from fincalc._values.prebuilt import load_prebuilt


def _index_parts(index: AliasIndex) -> tuple[Any, ...]:
    return (
        index.case_sensitive,
        index._values,
        index._by_first,
        index._by_last,
        index.first_chars,
        index.last_chars,
    )


def _assert_same_grammar(fast: Grammar, slow: Grammar) -> None:
    for name in Grammar._fields:
        a, b = getattr(fast, name), getattr(slow, name)
        if isinstance(a, AliasIndex):
            assert isinstance(b, AliasIndex)
            assert _index_parts(a) == _index_parts(b), name
        else:
            assert a == b, name


def test_the_default_grammar_is_restored_from_the_artefact() -> None:
    table = UnitTable.default()
    assert load_prebuilt() is not None
    assert table._cache.get(PREBUILT_GRAMMAR) is precomputed_grammar() is not None
    restored = grammar_for(table, None)
    built = build_grammar(UnitTable([bundled_file(n) for n in ("units.toml", "currencies.toml")]))
    _assert_same_grammar(restored, built)
    indexes = set(Grammar._fields)
    assert set(ALIAS_FIELDS) == {n for n in indexes if isinstance(getattr(built, n), AliasIndex)}


_SLOW_PATH = """
import pickle, sys
import fincalc._values.prebuilt as prebuilt
prebuilt.INDEX_FILE = "no-such-artefact.json"  # as if it were missing: the slow path
import fincalc
from fincalc._reading.grammar import grammar_for
from fincalc._reading.precomputed import PREBUILT_GRAMMAR
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


_FIRST_PARSE = """
import json, sys
before = set(sys.modules)
import fincalc
quantity = fincalc.parse_quantity("营业收入8.7亿元")
from fincalc._reading.precomputed import PREBUILT_GRAMMAR
from fincalc._reading.unit_table import default_table
table = default_table()
from fincalc._values import stored_patterns
from fincalc._reading.grammar import grammar_for
scan = grammar_for(table, None).scan.pattern
print(json.dumps({
    "scan stored": stored_patterns._stored() is not None and (scan, 0) in stored_patterns._stored(),
    "recompiled": sorted(p for (_, p, _) in __import__("re")._cache if p == scan),
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
    # the public value types are dataclasses made without importing dataclasses (and
    # so inspect, ast, dis, tokenize): ~5 ms (issue 18; see _values/lazy_dataclass.py)
    "ast",
    "dataclasses",
    "dateutil",
    "dis",
    "hashlib",
    "importlib.resources",
    "inspect",
    "pathlib",
    "pydantic",
    "regex",
    "tempfile",
    "tokenize",
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
    # the scan pattern came from its stored code, not from re.compile (re caches what it
    # compiles), unless the patterns were stored for another interpreter
    if stored_patterns._stored() is not None:
        assert found["scan stored"]
        assert found["recompiled"] == []


# --------------------------------------------- the stored code of the default patterns


def _stored_here() -> dict[tuple[str, int], tuple[dict[str, Any], bytes]]:
    """The stored patterns, or skip: the file was built for another interpreter."""
    stored = stored_patterns._stored()
    if stored is None:
        with open(os.path.join(DATA_DIR, stored_patterns.PATTERNS_FILE), "rb") as file:
            recorded = json.loads(file.read().partition(b"\n")[0])["interpreter"]
        # (the fallback is taken: compile_pattern is re.compile; checked below too)
        pytest.skip(f"patterns stored for {recorded}, this is {stored_patterns.interpreter_key()}")
    return stored


def test_the_stored_patterns_file_is_current() -> None:
    # A build product of the data and of CPython's compiler: rebuilding it on the
    # interpreter it records gives its exact bytes.  If this fails after editing the
    # data files or the grammar: python -m fincalc._reading.prebuild
    _stored_here()
    with open(os.path.join(DATA_DIR, stored_patterns.PATTERNS_FILE), "rb") as file:
        assert file.read() == build_patterns(), "stale: run python -m fincalc._reading.prebuild"


def test_the_stored_code_is_what_re_compiles_now() -> None:
    stored = _stored_here()
    # what the parser's modules compile at import, and what the default grammar compiles
    sources = {*imported_sources(), *stored_sources(UnitTable.default())}
    assert sorted(stored) == sorted(sources)
    for (source, flags), (facts, block) in stored.items():
        now, code = stored_patterns.pattern_code(source, flags)
        assert array.array("I", block).tolist() == code
        assert {k: facts[k] for k in now} == now
        restored = stored_patterns.restored_pattern(source, flags, stored)
        fresh = re.compile(source, flags)
        # (re.Pattern equality compares the source, the flags and the compiled code)
        assert restored is not None
        assert restored == fresh
        assert (restored.groups, restored.groupindex) == (fresh.groups, fresh.groupindex)


def test_the_grammar_and_the_modules_use_the_restored_patterns() -> None:
    from fincalc._reading import after_number, split_amounts

    stored = _stored_here()
    grammar = grammar_for(UnitTable.default(), None)
    for pattern in (
        grammar.scan,
        grammar.table_gap,
        after_number._YEAR,
        split_amounts._COMMA_GROUP,
    ):
        assert (pattern.pattern, 0) in stored
        assert pattern == re.compile(pattern.pattern)


def _corpus() -> list[str]:
    texts = []
    with open(
        os.path.join(os.path.dirname(__file__), "..", "data", "parse_cases.tsv"), encoding="utf-8"
    ) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                texts.append(line.rstrip("\n").split("\t")[3].replace("\\n", "\n"))
    return texts


def _matches(pattern: re.Pattern[str], text: str) -> list[tuple[object, ...]]:
    return [(m.span(), m.groups(), m.groupdict()) for m in pattern.finditer(text)]


def test_a_restored_pattern_matches_as_a_fresh_compile() -> None:
    stored = _stored_here()
    corpus = _corpus()
    assert len(corpus) > 500
    for source, flags in stored:
        restored = stored_patterns.restored_pattern(source, flags, stored)
        fresh = re.compile(source, flags)
        assert restored is not None
        for text in [*corpus, "\n".join(corpus)]:
            assert _matches(restored, text) == _matches(fresh, text), (source, text)


_ALPHABET = (
    "0123456789.,'  \u202f-+/:()%$€¥|\t\n一二三四五六七八九十百千万亿零两壹拾佰仟元角分EeMmBbKkUSD"
)


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=_ALPHABET, max_size=60))
def test_the_restored_scan_pattern_matches_random_text_as_re_compile(text: str) -> None:
    stored = _stored_here()
    for source, flags in stored:
        restored = stored_patterns.restored_pattern(source, flags, stored)
        assert restored is not None
        assert _matches(restored, text) == _matches(re.compile(source, flags), text)


def _rewritten(
    tmp_path: Any, change: Any
) -> dict[tuple[str, int], tuple[dict[str, Any], bytes]] | None:
    """The patterns file after ``change(header, body) -> (header, body)``, read back."""
    with open(os.path.join(DATA_DIR, stored_patterns.PATTERNS_FILE), "rb") as file:
        head, _, body = file.read().partition(b"\n")
    header, body = change(json.loads(head), body)
    path = tmp_path / "patterns.bin"
    path.write_bytes(json.dumps(header, ensure_ascii=False).encode() + b"\n" + body)
    return stored_patterns._read_file(str(path))


def _other_version(header: dict[str, Any], body: bytes) -> tuple[dict[str, Any], bytes]:
    header["interpreter"]["version"][2] += 1
    return header, body


def _other_magic(header: dict[str, Any], body: bytes) -> tuple[dict[str, Any], bytes]:
    header["interpreter"]["sre_magic"] -= 1
    return header, body


def _truncated(header: dict[str, Any], body: bytes) -> tuple[dict[str, Any], bytes]:
    return header, body[:-4]


def test_a_stale_or_broken_patterns_file_is_not_used(tmp_path: Any) -> None:
    _stored_here()
    assert _rewritten(tmp_path, _other_version) is None  # another Python
    assert _rewritten(tmp_path, _other_magic) is None  # another re engine
    assert _rewritten(tmp_path, _truncated) is None  # a block of the wrong length
    (tmp_path / "garbage.bin").write_bytes(b"\x00\xff garbage")
    assert stored_patterns._read_file(str(tmp_path / "garbage.bin")) is None
    assert stored_patterns._read_file(str(tmp_path / "missing.bin")) is None


def _flip_one_byte(header: dict[str, Any], body: bytes) -> tuple[dict[str, Any], bytes]:
    return header, body[:40] + bytes([body[40] ^ 1]) + body[41:]


def _invalid_code(header: dict[str, Any], body: bytes) -> tuple[dict[str, Any], bytes]:
    # code _sre's validator rejects, with a CRC that matches it
    first = header["patterns"][0]
    block = b"\xff" * (first["words"] * 4)
    first["crc"] = zlib.crc32(block)
    return header, block + body[len(block) :]


@pytest.mark.parametrize("change", [_flip_one_byte, _invalid_code])
def test_corrupted_code_falls_back_to_re_compile(tmp_path: Any, change: Any) -> None:
    _stored_here()
    stored = _rewritten(tmp_path, change)
    assert stored is not None
    source, flags = next(iter(stored))
    assert stored_patterns.restored_pattern(source, flags, stored) is None
    # (compile_pattern then compiles the source: the same pattern, only slower)
    assert stored_patterns.compile_pattern(source, flags) == re.compile(source, flags)


def test_a_pattern_not_stored_is_compiled() -> None:
    stored = stored_patterns._stored()
    assert stored_patterns.restored_pattern("[0-9]+元", 0, stored) is None
    assert stored_patterns.compile_pattern("[0-9]+元") == re.compile("[0-9]+元")
    # a locale's grammar compiles its own scan pattern
    german = grammar_for(UnitTable.default(), "de_DE").scan
    assert german == re.compile(german.pattern)


@pytest.mark.parametrize("part", ["table", "grammar", "vocabulary", "casefold"])
def test_a_part_that_does_not_decode_is_read_from_the_files(
    part: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The artefact's parts decode when first read (the first parse needs no case folds):
    # a broken line is found then, and that part comes from the validated files.
    from fincalc._reading import precomputed, unit_table
    from fincalc._values import prebuilt

    with open(os.path.join(DATA_DIR, precomputed.INDEX_FILE), encoding="utf-8") as file:
        lines = file.read().split("\n")
    lines = [
        line.replace(": ", ": [broken", 1) if f'"{part}"' in line[:16] else line for line in lines
    ]
    (tmp_path / precomputed.INDEX_FILE).write_text("\n".join(lines), encoding="utf-8")
    for name in precomputed.INPUTS:
        with open(os.path.join(DATA_DIR, name), "rb") as data:
            (tmp_path / name).write_bytes(data.read())
    monkeypatch.setattr(prebuilt, "DATA_DIR", str(tmp_path))
    prebuilt.load_prebuilt.cache_clear()
    unit_table.default_table.cache_clear()
    try:
        index = precomputed.load_index()
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

"""Word lists live in data files, validated on load; regexes are built from them."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import DataFileError, FincalcError
from fincalc._base.vocabulary import Vocabulary, alternation, load_vocabulary, vocabulary

DATA = resources.files("fincalc") / "_data"
WORD_FILES = sorted(
    Path(str(p)).stem
    for p in DATA.iterdir()
    if p.name.endswith(".toml")
    and p.name
    not in {"units.toml", "currencies.toml", "calendars.toml", "dimensions.toml", "formulas.toml"}
)


def test_lists_and_tables() -> None:
    refusal = {"en": ["cannot be determined", "not disclosed"], "zh": ["无法确定"]}
    months = {"en": {"1": ["Jan", "january"], "2": ["feb"]}}
    vocab = Vocabulary({"refusal": refusal, "months": months}, source="t.toml")
    assert vocab.words("refusal.en") == ("cannot be determined", "not disclosed")
    assert vocab.words("refusal") == ("cannot be determined", "not disclosed", "无法确定")
    assert vocab.table("months.en") == {"jan": "1", "january": "1", "feb": "2"}
    assert vocab.words("months.en") == ("Jan", "january", "feb")
    assert vocab.keys() == ("refusal.en", "refusal.zh", "months.en.1", "months.en.2")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"a": []}, "[a] must be a non-empty list"),
        ({"a": ["x", ""]}, "item 1 must be a non-empty string"),
        ({"a": ["So", "so"]}, "'so' is listed twice (items 0 and 1)"),
        ({"a": ["因此", 3]}, "item 1 must be a non-empty string, got 3"),
        ({"a": {"1": ["jan"], "2": ["Jan"]}}, "[a] 'Jan' is listed under both '1' and '2'"),
        ({"a": 3}, "[a] must be a list or a table of lists"),
    ],
)
def test_a_malformed_file_names_the_key(data: dict[str, object], message: str) -> None:
    with pytest.raises(DataFileError) as info:
        Vocabulary(data, source="bad.toml")
    assert message in str(info.value)
    assert str(info.value).startswith("bad.toml: ")
    assert info.value.source == "bad.toml"


def test_unknown_key_lists_the_known_ones() -> None:
    vocab = Vocabulary({"a": ["x"]}, source="t.toml")
    with pytest.raises(DataFileError, match=r"no such word list.*\['a'\]"):
        vocab.words("b")
    with pytest.raises(DataFileError, match="is a list, not a table"):
        vocab.table("a")


def test_load_a_user_file(tmp_path: Path) -> None:
    path = tmp_path / "phrases.toml"
    path.write_text('# my phrases\nrefusal = ["无可奉告"]\n', encoding="utf-8")
    assert load_vocabulary(path).words("refusal") == ("无可奉告",)
    path.write_text("refusal = [", encoding="utf-8")
    with pytest.raises(DataFileError, match="cannot read the word list"):
        load_vocabulary(path)
    with pytest.raises(DataFileError, match="cannot read"):
        load_vocabulary(tmp_path / "missing.toml")


@pytest.mark.parametrize("name", WORD_FILES)
def test_bundled_word_files_load_and_name_their_source(name: str) -> None:
    text = (DATA / f"{name}.toml").read_text(encoding="utf-8")
    assert text.startswith("#"), f"_data/{name}.toml must open with a comment naming its source"
    assert "source" in text.split("\n\n")[0].lower(), f"_data/{name}.toml: name the source"
    assert vocabulary(name).keys()


def test_alternation_prefers_the_longest_and_respects_word_edges() -> None:
    pattern = re.compile(alternation(["so", "so that", "因此"]), re.IGNORECASE)
    assert pattern.search("So that is it").group() == "So that"
    assert pattern.search("also") is None
    assert pattern.search("因此营收") is not None


@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=8))
def test_alternation_matches_each_word_whole(words: list[str]) -> None:
    pattern = re.compile(alternation(words, boundaries=False))
    for word in words:
        assert pattern.fullmatch(word) is not None


def test_data_file_error_is_a_fincalc_error() -> None:
    assert issubclass(DataFileError, FincalcError)

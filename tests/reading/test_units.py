"""The unit table: loading, validation, extension, the CLDR data and UnitContext."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from importlib import resources
from pathlib import Path

import pytest

from fincalc import (
    InvalidInputError,
    UnitContext,
    UnitTable,
    UnitTableError,
    UnknownUnitError,
    parse_quantity,
)
from fincalc._reading.aliases import AliasIndex, is_latin
from fincalc._reading.grammar import is_word_scale
from fincalc._reading.numerals import compose
from fincalc._values.decimals import arithmetic

from .cldr_currencies import cldr_currency_toml, curated_aliases

DATA = resources.files("fincalc") / "_data"


def test_default_is_loaded_once() -> None:
    assert UnitTable.default() is UnitTable.default()
    assert "fincalc/_data/units.toml" in UnitTable.default().sources


def test_data_files_name_their_source() -> None:
    for name in ("units.toml", "currencies.toml"):
        head = (DATA / name).read_text(encoding="utf-8").splitlines()[:3]
        assert any("Source:" in line for line in head), name


def test_issue_scales_are_present() -> None:
    table = UnitTable.default()
    for alias, multiplier in {
        "千": "1E+3",
        "万": "1E+4",
        "十万": "1E+5",
        "百万": "1E+6",
        "千万": "1E+7",
        "亿": "1E+8",
        "十亿": "1E+9",
        "百亿": "1E+10",
        "千亿": "1E+11",
        "万亿": "1E+12",
        "thousand": "1E+3",
        "k": "1E+3",
        "K": "1E+3",
        "'000": "1E+3",
        "million": "1E+6",
        "mn": "1E+6",
        "m": "1E+6",
        "M": "1E+6",
        "MM": "1E+6",
        "billion": "1E+9",
        "bn": "1E+9",
        "b": "1E+9",
        "B": "1E+9",
        "trillion": "1E+12",
        "tn": "1E+12",
    }.items():
        spec = table.scale(alias)
        assert spec is not None, alias
        assert spec.multiplier == Decimal(multiplier), alias


def test_issue_currencies_and_units_are_present() -> None:
    table = UnitTable.default()
    for alias in ("人民币", "RMB", "CNY", "¥", "$", "US$", "USD", "HK$", "€", "£", "JPY"):
        assert table.prefix_currency(alias) is not None, alias
    for alias, dimension in {
        "元": "CNY",
        "美元": "USD",
        "港元": "HKD",
        "%": "RATIO",
        "个百分点": "RATIO",
        "pp": "RATIO",
        "percentage points": "RATIO",
        "bp": "RATIO",
        "bps": "RATIO",
        "基点": "RATIO",
        "‰": "RATIO",
        "倍": "MULTIPLE",
        "x": "MULTIPLE",
        "×": "MULTIPLE",
        "股": "SHARES",
        "shares": "SHARES",
        "户": "HOUSEHOLDS",
        "家": "COUNT",
        "人": "PERSONS",
    }.items():
        spec = table.suffix(alias)
        assert spec is not None, alias
        assert spec.dimension == dimension, alias
    assert table.is_difference("个百分点")
    assert table.is_difference("bp")
    assert not table.is_difference("%")
    assert not table.is_difference(None)


@pytest.mark.parametrize(
    ("alias", "code"),
    [
        ("港幣", "HKD"),
        ("美金", "USD"),
        ("新臺幣", "TWD"),
        ("新台幣", "TWD"),
        ("台币", "TWD"),
        ("台幣", "TWD"),
        ("日圓", "JPY"),
        ("日元", "JPY"),
        ("日币", "JPY"),
        ("歐元", "EUR"),
        ("澳门币", "MOP"),
        ("澳門幣", "MOP"),
        ("澳門元", "MOP"),
        ("澳元", "AUD"),
        ("英鎊", "GBP"),
        ("人民幣", "CNY"),
        ("韓元", "KRW"),
    ],
)
def test_traditional_and_colloquial_currency_aliases(alias: str, code: str) -> None:
    table = UnitTable.default()
    assert table.prefix_currency(alias) == code
    spec = table.suffix(alias)
    assert spec is not None
    assert spec.dimension == code
    assert not spec.generic


def test_ambiguous_currency_words_are_left_out() -> None:
    # 澳币 is AUD on the mainland and MOP in Macau; 新币 is SGD or TWD: refused, not guessed
    table = UnitTable.default()
    for word in ("澳币", "澳幣", "新币"):
        assert table.prefix_currency(word) is None
        assert table.suffix(word) is None
    assert table.currency_words["币"] is True
    assert table.currency_words["资金"] is False


def test_currency_words_are_validated_and_unique() -> None:
    with pytest.raises(UnitTableError, match="currency word alias '币'"):
        UnitTable.from_mapping({"currency_words": {"endings": ["币"], "not_currency": ["币"]}})
    with pytest.raises(UnitTableError, match="currency_words"):
        UnitTable.from_mapping({"currency_words": {"endings": [" 币"]}})
    extra = UnitTable.default().extended({"currency_words": {"endings": ["贝壳"]}})
    with pytest.raises(UnknownUnitError, match="贝壳"):
        parse_quantity("贝壳8.7亿元", table=extra)
    # 第纳尔 (dinar) names eight currencies in CLDR: the generated table refuses it
    with pytest.raises(UnknownUnitError, match="第纳尔"):
        parse_quantity("第纳尔8.7亿元")


def test_han_scale_aliases_agree_with_the_numeral_grammar() -> None:
    table = UnitTable.default()
    with arithmetic():
        for alias, spec in table.scales.items():
            if is_word_scale(alias):
                continue
            assert compose("1" + alias)[0] == spec.multiplier, alias


def test_every_word_scale_alias_scales_a_number() -> None:
    # "million", "'000", "Mio.", and the Korean 억, 조 are read after the number as words
    table = UnitTable.default()
    words = [a for a in table.scales if is_word_scale(a)]
    assert {"억", "조", "만"} <= set(words)
    for alias in words:
        spec = table.scales[alias]
        text = "5" + ("" if spec.tight else " ") + alias
        quantity = parse_quantity(text)
        assert quantity.value == 5 * spec.multiplier, text


def test_every_suffix_alias_parses() -> None:
    table = UnitTable.default()
    for alias, spec in table.suffixes.items():
        text = "5" + ("" if spec.tight else " ") + alias
        quantity = parse_quantity(text)
        assert quantity.dimension == spec.dimension, text
        assert quantity.value == 5 * spec.multiplier, text


def test_every_prefix_alias_parses() -> None:
    table = UnitTable.default()
    for alias, code in table.prefix_currencies.items():
        quantity = parse_quantity((alias.upper() if is_latin(alias) else alias) + " 5")
        assert quantity.dimension == code, alias


def test_iso_codes_work_without_aliases() -> None:
    assert parse_quantity("NOK 3.4 billion").dimension == "NOK"
    assert parse_quantity("3.4 billion NOK").dimension == "NOK"
    # lower-case words are not codes ("all 5" is not Albanian lek)
    with pytest.raises(Exception, match="no unit"):
        parse_quantity("all 5")


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("data", "entry"),
    [
        (
            {"scale": [{"name": "wan", "multiplier": 10000.0, "aliases": ["万"]}]},
            "scale #1 ('wan')",
        ),
        ({"scale": [{"name": "wan", "multiplier": "-1", "aliases": ["万"]}]}, "scale #1 ('wan')"),
        ({"scale": [{"name": "wan", "multiplier": "1E+4", "aliases": []}]}, "scale #1 ('wan')"),
        ({"scale": [{"name": "x", "multiplier": "1E+4", "aliases": ["1k"]}]}, "scale #1 ('x')"),
        ({"currency": [{"code": "usd", "prefix": ["$"]}]}, "currency #1 ('usd')"),
        (
            {"unit": [{"name": "p", "dimension": "ratio", "multiplier": "1", "aliases": ["p"]}]},
            "unit #1 ('p')",
        ),
        ({"unit": [{"name": "p", "dimension": "RATIO", "aliases": ["p"]}]}, "unit #1 ('p')"),
        ({"units": []}, "units"),
        ({"iso_codes": ["usd"]}, "iso_codes"),
    ],
)
def test_malformed_entries_are_named(data: dict[str, object], entry: str) -> None:
    with pytest.raises(UnitTableError) as info:
        UnitTable.from_mapping(data)
    assert info.value.entry == entry
    assert entry in str(info.value)
    assert "docs/parsing.md" in str(info.value)


def test_duplicate_alias_names_both_entries() -> None:
    data = {
        "currency": [
            {"code": "USD", "prefix": ["$"]},
            {"code": "CAD", "prefix": ["$"]},
        ]
    }
    with pytest.raises(UnitTableError) as info:
        UnitTable.from_mapping(data)
    assert "currency 'CAD'" in str(info.value)
    assert "currency 'USD'" in str(info.value)
    # case-insensitive for Latin aliases
    with pytest.raises(UnitTableError):
        UnitTable.from_mapping(
            {"scale": [{"name": "a", "multiplier": "1E+6", "aliases": ["mn", "MN"]}]}
        )


def test_extension_cannot_silently_redefine() -> None:
    with pytest.raises(UnitTableError, match="already claimed by scale 'yi'"):
        UnitTable.default().extended(
            {"scale": [{"name": "other", "multiplier": "1E+9", "aliases": ["亿"]}]}
        )


def test_files(tmp_path: Path) -> None:
    good = tmp_path / "extra.toml"
    good.write_text(
        '# Source: test\n[[currency]]\ncode = "CHF"\nprefix = ["Fr."]\n', encoding="utf-8"
    )
    table = UnitTable.default().extended(good)
    assert parse_quantity("Fr. 12.5 million", table=table).dimension == "CHF"
    own = UnitTable.from_file(good)
    assert own.prefix_currency("Fr.") == "CHF"
    assert own.scale("万") is None
    bad = tmp_path / "bad.toml"
    bad.write_text("[[scale]\n", encoding="utf-8")
    with pytest.raises(UnitTableError, match="not valid TOML"):
        UnitTable.from_file(bad)
    with pytest.raises(UnitTableError, match="cannot be read"):
        UnitTable.from_file(tmp_path / "missing.toml")
    with pytest.raises(InvalidInputError):
        UnitTable.default().extended(42)  # type: ignore[arg-type]


def test_bundled_files_validate() -> None:
    from fincalc._reading.table_schema import validate_table

    for name in ("units.toml", "currencies.toml"):
        data = tomllib.loads((DATA / name).read_text(encoding="utf-8"))
        validate_table(data, source=name)


# ------------------------------------------------- the precomputed default table


def test_precomputed_index_is_current() -> None:
    # The artefact is a build product of the data files (and of the indexing code):
    # rebuilding it must give its exact bytes.  If this fails after editing
    # _data/units.toml, currencies.toml, reading.toml or dimensions.toml, run:
    # python -m fincalc._reading.prebuild
    from fincalc._base.prebuilt import INDEX_FILE, inputs_fingerprint, load_prebuilt
    from fincalc._reading.prebuild import build_index

    written = (DATA / INDEX_FILE).read_text(encoding="utf-8")
    assert written == build_index(), "stale: run python -m fincalc._reading.prebuild"
    index = load_prebuilt()
    assert index is not None
    assert index["inputs"] == inputs_fingerprint()


def _state(table: UnitTable) -> dict[str, object]:
    from fincalc._reading.unit_table import index_state

    state = index_state(table)
    # (index_state writes the specs' fields; compare the objects themselves too)
    state["suffix objects"] = table.suffixes
    state["scale objects"] = table.scales
    return state


def test_precomputed_table_equals_the_validated_files() -> None:
    from fincalc._base.prebuilt import BUNDLED, load_prebuilt
    from fincalc._reading.table_schema import bundled_file
    from fincalc._reading.unit_table import table_from_index

    validated = UnitTable([bundled_file(name) for name in BUNDLED])
    index = load_prebuilt()
    assert index is not None
    restored = table_from_index(index["table"])
    assert restored._files is None  # read from the artefact, not validated
    assert _state(restored) == _state(validated) == _state(UnitTable.default())
    for key, spec in validated.suffixes.items():
        assert restored.suffixes[key].exponent == spec.exponent
    # extending the restored table validates the bundled files then
    extended = restored.extended({"currency": [{"code": "CHF", "prefix": ["Fr."]}]})
    assert extended.prefix_currency("Fr.") == "CHF"
    assert extended.suffixes == validated.suffixes


def test_a_stale_or_broken_index_falls_back_to_the_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fincalc._base import prebuilt
    from fincalc._reading import unit_table
    from fincalc._reading.table_schema import bundled_file

    current = (DATA / prebuilt.INDEX_FILE).read_text(encoding="utf-8")
    edited = {"reading.toml": "\n", "dimensions.toml": " ", "units.toml": "#\n"}
    cases = [
        ('{"format": 1, "inputs": "0"}', {}),
        ("{not json", {}),
        ('["a list"]', {}),
        (current.replace('"format": 2', '"format": 1'), {}),
        # a data file edited without rebuilding: its fingerprint no longer matches
        *((current, {name: extra}) for name, extra in edited.items()),
    ]
    for content, changes in cases:
        (tmp_path / prebuilt.INDEX_FILE).write_text(content, encoding="utf-8")
        for name in prebuilt.INPUTS:
            (tmp_path / name).write_bytes(
                (DATA / name).read_bytes() + changes.get(name, "").encode()
            )
        monkeypatch.setattr(prebuilt, "DATA_DIR", str(tmp_path))
        prebuilt.load_prebuilt.cache_clear()
        unit_table.default_table.cache_clear()
        try:
            assert prebuilt.load_prebuilt() is None
            assert prebuilt.prebuilt_casefolds() is None
            assert prebuilt.prebuilt_grammar() is None
            assert prebuilt.prebuilt_part("vocabulary") is None
            table = unit_table.default_table()
            assert table._files is not None  # validated from the files
            assert prebuilt.PREBUILT_GRAMMAR not in table._cache
            assert _state(table) == _state(UnitTable([bundled_file(n) for n in prebuilt.BUNDLED]))
        finally:
            monkeypatch.undo()
            prebuilt.load_prebuilt.cache_clear()
            unit_table.default_table.cache_clear()
    # (the unchanged copies with the current artefact: read from it)
    for name in prebuilt.INPUTS:
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    (tmp_path / prebuilt.INDEX_FILE).write_text(current, encoding="utf-8")
    monkeypatch.setattr(prebuilt, "DATA_DIR", str(tmp_path))
    prebuilt.load_prebuilt.cache_clear()
    try:
        assert prebuilt.load_prebuilt() is not None
    finally:
        monkeypatch.undo()
        prebuilt.load_prebuilt.cache_clear()
    assert unit_table.default_table().sources == (
        "fincalc/_data/units.toml",
        "fincalc/_data/currencies.toml",
    )


def test_precomputed_casefolds_equal_the_unicode_database() -> None:
    from fincalc._base.prebuilt import prebuilt_casefolds
    from fincalc._reading.aliases import casefold_sources, compute_casefold_sources

    assert prebuilt_casefolds() == compute_casefold_sources() == casefold_sources()


def test_repr() -> None:
    assert repr(UnitTable.default()).startswith("UnitTable(sources=")


# ---------------------------------------------------------------- CLDR data


def test_cldr_currencies_match_babel() -> None:
    expected = cldr_currency_toml(curated_aliases())
    actual = (DATA / "currencies.toml").read_text(encoding="utf-8")
    assert actual == expected, (
        "regenerate: python tests/reading/cldr_currencies.py > currencies.toml"
    )


# ---------------------------------------------------------------- UnitContext


def test_unit_context_validates() -> None:
    context = UnitContext("1E+4", "CNY", "万元")  # type: ignore[arg-type]
    assert context.multiplier == Decimal("1E+4")
    with pytest.raises(InvalidInputError):
        UnitContext(Decimal(0), "CNY", "万元")
    with pytest.raises(InvalidInputError):
        UnitContext(1e4, "CNY", "万元")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        UnitContext(Decimal(1), "cny", "元")
    with pytest.raises(InvalidInputError):
        UnitContext(Decimal(1), "CNY", 5)  # type: ignore[arg-type]
    assert hash(context) == hash(UnitContext(Decimal("1E+4"), "CNY", "万元"))


def test_alias_index() -> None:
    index = AliasIndex({"m": 1, "mn": 2, "RMB": 3, "元": 4})
    assert index.starting_at("5mn", 1) == (3, 2)
    assert index.starting_at("5mo", 1) is None
    assert index.starting_at("5M)", 1) == (2, 1)
    assert index.ending_at("xRMB", 4) is None
    assert index.ending_at("rmb", 3) == (0, 3)
    assert index.starting_at("", 0) is None
    assert index.ending_at("元", 0) is None


def test_alias_index_trigger_characters_cover_case_folds() -> None:
    # first_chars / last_chars let the parser skip a probe with one set look-up, so
    # they must hold every character that case-folds to an alias's first/last one.
    index = AliasIndex({"k": 1, "us$": 2, "元": 3})
    assert {"k", "K", "\u212a"} <= index.first_chars  # KELVIN SIGN folds to "k"
    assert {"u", "U", "元"} <= index.first_chars
    assert {"k", "K", "$", "元"} <= index.last_chars
    assert index.starting_at("5\u212a", 1) == (2, 1)
    sensitive = AliasIndex({"k": 1}, case_sensitive=True)
    assert sensitive.first_chars == frozenset("k")


def test_case_exists_only_below_the_cased_limit() -> None:
    # fincalc._reading.aliases._casefold_sources scans code points below CASED_LIMIT only.
    from fincalc._reading.aliases import CASED_LIMIT

    assert all(chr(code).casefold() == chr(code) for code in range(CASED_LIMIT, 0x110000))


def test_shift_exponent() -> None:
    from fincalc._reading.unit_table import shift_exponent

    assert shift_exponent(Decimal("1E+8")) == 8
    assert shift_exponent(Decimal("1E-4")) == -4
    assert shift_exponent(Decimal("1")) == 0
    assert shift_exponent(Decimal("100")) is None  # keeps its zeros when multiplied
    assert shift_exponent(Decimal("12")) is None
    assert shift_exponent(Decimal("1E+20000")) is None
    assert UnitTable.default().scale("亿").exponent == 8  # type: ignore[union-attr]


def test_normalize_long_text_matches_translation() -> None:
    from fincalc._reading.text import _LONG_TEXT, fold_characters

    piece = "１２３，４５６．７８ 亿元（−5%）\u00a0‒﹣：～＃’＇′\u3000"
    short = fold_characters(piece)
    long_text = piece * (_LONG_TEXT // len(piece) + 2)
    assert len(long_text) > _LONG_TEXT
    assert fold_characters(long_text) == short * (_LONG_TEXT // len(piece) + 2)

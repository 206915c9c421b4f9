"""The unit table (scales, currencies, units, qualifiers) and ``UnitContext``.

The table is data: ``_data/units.toml`` (curated) plus ``_data/currencies.toml``
(ISO 4217 codes and unambiguous CLDR symbols, generated from Babel).  Files are
validated with pydantic when first loaded; a malformed entry or an alias that
two entries claim raises ``UnitTableError`` naming them.  The parser builds its
patterns from the table, so adding a unit is adding a line.

Latin aliases ("million", "USD", "pp") match case-insensitively and at word
boundaries; every other alias (¥, 亿, 个百分点) matches exactly.

Unit declarations live here too (``unit_context_from_header``,
``find_unit_declarations``), with the length-preserving ``fold_characters`` the
parser shares, so that modules below the parser can scope declarations.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal, NamedTuple

import regex
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .._values.decimals import arithmetic, to_decimal
from .._values.errors import InvalidInputError, ParseError, UnitTableError, UnknownUnitError
from .._values.public import public
from .._values.quantity import check_dimension

__all__ = [
    "MAX_EXTRACT_LENGTH",
    "MAX_PARSE_LENGTH",
    "AliasIndex",
    "ScaleSpec",
    "SuffixSpec",
    "TableFile",
    "UnitContext",
    "UnitTable",
    "alias_key",
    "check_text",
    "context_from_header",
    "find_unit_declarations",
    "fold_characters",
    "is_latin",
    "shift_exponent",
    "unit_context_from_header",
]

_MAX_ALIAS = 40
_LATIN = regex.compile(r"[A-Za-z]")


def is_latin(alias: str) -> bool:
    """True when ``alias`` contains an ASCII letter (it then matches case-insensitively)."""
    return _LATIN.search(alias) is not None


def alias_key(alias: str) -> str:
    """The look-up key of an alias or of matched text: case-folded if Latin, else as is."""
    return alias.casefold() if is_latin(alias) else alias


# --------------------------------------------------------------------------- schema


def _check_aliases(aliases: list[str]) -> list[str]:
    for alias in aliases:
        if not alias or alias != alias.strip() or len(alias) > _MAX_ALIAS:
            raise ValueError(
                f"alias {alias!r} must be 1-{_MAX_ALIAS} characters without surrounding spaces"
            )
        if alias[0] in "0123456789+-.,(" or "\n" in alias:
            raise ValueError(f"alias {alias!r} must not start with a digit, sign or separator")
    return aliases


def _positive_decimal(value: object) -> Decimal:
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise ValueError(
            f'multiplier {value!r} must be a string such as "1E+8" (floats are not exact)'
        )
    number = to_decimal(value, field="multiplier")
    if number <= 0:
        raise ValueError(f"multiplier {value!r} must be positive")
    return number


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ScaleEntry(_Entry):
    """A scale word: 万, 亿, million, bn, '000, …"""

    name: str = Field(min_length=1)
    multiplier: Decimal
    aliases: list[str] = Field(min_length=1)
    tight: bool = False

    _aliases = field_validator("aliases")(_check_aliases)

    @field_validator("multiplier", mode="before")
    @classmethod
    def _multiplier(cls, value: object) -> Decimal:
        return _positive_decimal(value)


class CurrencyEntry(_Entry):
    """A currency: its ISO 4217 code and the aliases written before or after a number."""

    code: str = Field(pattern=r"^[A-Z]{3}$")
    prefix: list[str] = Field(default_factory=list)
    suffix: list[str] = Field(default_factory=list)
    generic: list[str] = Field(default_factory=list)

    _prefix = field_validator("prefix")(_check_aliases)
    _suffix = field_validator("suffix")(_check_aliases)
    _generic = field_validator("generic")(_check_aliases)

    @property
    def name(self) -> str:
        return self.code


class UnitEntry(_Entry):
    """A non-currency unit: %, 个百分点, bp, 倍, x, 股, 户, …"""

    name: str = Field(min_length=1)
    dimension: str = Field(pattern=r"^[A-Z][A-Z0-9_]{0,31}$")
    multiplier: Decimal
    aliases: list[str] = Field(min_length=1)
    scalable: bool = False
    difference: bool = False
    tight: bool = False
    not_before: str = ""

    _aliases = field_validator("aliases")(_check_aliases)

    @field_validator("multiplier", mode="before")
    @classmethod
    def _multiplier(cls, value: object) -> Decimal:
        return _positive_decimal(value)


class QualifierEntry(_Entry):
    """A hedge kept on the Quantity: 约, approximately, 超过, 以上, …"""

    name: str = Field(min_length=1)
    before: list[str] = Field(default_factory=list)
    after: list[str] = Field(default_factory=list)

    _before = field_validator("before")(_check_aliases)
    _after = field_validator("after")(_check_aliases)


class NotAmountEntry(_Entry):
    """Words that make an adjacent number a year, date, period or reference."""

    prefixes: list[str] = Field(default_factory=list)
    suffixes: list[str] = Field(default_factory=list)


class CurrencyWordsEntry(_Entry):
    """Endings of currency words the table does not list (比特币, 澳幣), and exceptions (资金)."""

    endings: list[str] = Field(default_factory=list)
    not_currency: list[str] = Field(default_factory=list)
    names: list[str] = Field(default_factory=list)

    _endings = field_validator("endings")(_check_aliases)
    _not_currency = field_validator("not_currency")(_check_aliases)
    _names = field_validator("names")(_check_aliases)


class TableFile(_Entry):
    """One unit-table file, as validated on load."""

    scale: list[ScaleEntry] = Field(default_factory=list)
    currency: list[CurrencyEntry] = Field(default_factory=list)
    unit: list[UnitEntry] = Field(default_factory=list)
    qualifier: list[QualifierEntry] = Field(default_factory=list)
    not_amount: NotAmountEntry = Field(default_factory=NotAmountEntry)
    currency_words: CurrencyWordsEntry = Field(default_factory=CurrencyWordsEntry)
    iso_codes: list[str] = Field(default_factory=list)

    @field_validator("iso_codes")
    @classmethod
    def _codes(cls, codes: list[str]) -> list[str]:
        for code in codes:
            if not regex.fullmatch(r"[A-Z]{3}", code):
                raise ValueError(f"iso code {code!r} must be three upper-case letters")
        return codes


def _describe_location(data: Mapping[str, Any], loc: tuple[int | str, ...]) -> str:
    """Name the entry a validation error points at, e.g. "scale #3 ('wan')"."""
    if len(loc) >= 2 and isinstance(loc[0], str) and isinstance(loc[1], int):
        section, index = loc[0], loc[1]
        items = data.get(section)
        label = ""
        if isinstance(items, list) and 0 <= index < len(items) and isinstance(items[index], dict):
            item = items[index]
            label = str(item.get("name") or item.get("code") or "")
        return f"{section} #{index + 1}" + (f" ({label!r})" if label else "")
    return ".".join(str(part) for part in loc) or "<file>"


def validate_table(data: Mapping[str, Any], *, source: str) -> TableFile:
    """Validate one table mapping, re-raising pydantic's errors as ``UnitTableError``."""
    if not isinstance(data, Mapping):
        raise UnitTableError(
            f"unit table {source}: expected a mapping shaped like units.toml, got "
            f"{type(data).__name__}",
            entry=repr(data)[:80],
            source=source,
        )
    try:
        return TableFile.model_validate(dict(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        entry = _describe_location(data, tuple(first["loc"]))
        where = ".".join(str(part) for part in first["loc"])
        raise UnitTableError(
            f"unit table {source}: {entry} is malformed at {where}: {first['msg']}; "
            "see docs/parsing.md for the entry format",
            entry=entry,
            source=source,
        ) from exc


# --------------------------------------------------------------------------- specs


_MAX_SHIFT: Final = 10_000


def shift_exponent(multiplier: Decimal) -> int | None:
    """The ``k`` of a multiplier written ``1E+k`` (a pure power of ten), else None.

    Multiplying by such a multiplier only moves the exponent, so the parser can
    write the product as a decimal literal ("8.7" and 1E+8 -> ``Decimal("8.7E+8")``,
    the same coefficient and exponent as the product) without any arithmetic.
    A multiplier such as ``Decimal("100")`` is not one: its product keeps the
    coefficient's zeros, and the parser multiplies as written.

    >>> [shift_exponent(Decimal(m)) for m in ("1E+8", "1E-2", "100")]
    [8, -2, None]
    """
    sign, digits, exponent = multiplier.as_tuple()
    if sign or digits != (1,) or not isinstance(exponent, int) or abs(exponent) > _MAX_SHIFT:
        return None
    return exponent


@dataclass(frozen=True, slots=True)
class ScaleSpec:
    """A resolved scale alias."""

    name: str
    multiplier: Decimal
    tight: bool
    exponent: int | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "exponent", shift_exponent(self.multiplier))


@dataclass(frozen=True, slots=True)
class SuffixSpec:
    """A resolved alias written after the number: a currency or a unit."""

    kind: Literal["currency", "unit"]
    name: str
    dimension: str
    multiplier: Decimal
    scalable: bool
    difference: bool
    tight: bool
    not_before: str
    generic: bool = False
    exponent: int | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "exponent", shift_exponent(self.multiplier))


_ONE: Final = Decimal(1)


@public
class UnitTable:
    """Scales, currencies, units and qualifiers, indexed for the parser.

    Build one with ``UnitTable.default()`` (the bundled table, loaded once),
    ``UnitTable.from_file(path)`` (your own complete table), or extend a table
    with ``table.extended(path_or_mapping)``.  Tables are immutable; extending
    returns a new table and a duplicated alias raises ``UnitTableError``.

    >>> table = UnitTable.default().extended(
    ...     {"scale": [{"name": "wanwan", "multiplier": "1E+8", "aliases": ["万万"]}]}
    ... )
    >>> table.scale("万万").multiplier
    Decimal('1E+8')
    >>> UnitTable.default().extended({"unit": [{"name": "p", "dimension": "RATIO",
    ...     "multiplier": "1E-2", "aliases": ["%"]}]})
    Traceback (most recent call last):
    ...
    fincalc.UnitTableError: unit table <mapping>: suffix alias '%' of unit 'p' ...
    """

    __slots__ = (
        "_cache",
        "_files",
        "_owners",
        "currency_names",
        "currency_words",
        "iso_codes",
        "not_amount_prefixes",
        "not_amount_suffixes",
        "prefix_currencies",
        "qualifiers_after",
        "qualifiers_before",
        "scales",
        "sources",
        "suffixes",
    )

    def __init__(self, files: Sequence[tuple[TableFile, str]]) -> None:
        self._files: tuple[tuple[TableFile, str], ...] = tuple(files)
        self.sources: tuple[str, ...] = tuple(source for _, source in self._files)
        self.scales: dict[str, ScaleSpec] = {}
        self.prefix_currencies: dict[str, str] = {}
        self.suffixes: dict[str, SuffixSpec] = {}
        self.qualifiers_before: dict[str, str] = {}
        self.qualifiers_after: dict[str, str] = {}
        #: Endings of currency words (True: 币, 幣, 金) and ordinary words that end the
        #: same way (False: 资金, 现金); see ``[currency_words]`` in units.toml.
        self.currency_words: dict[str, bool] = {}
        #: English names of currencies the table does not resolve (zlotys, pesos):
        #: written after an amount they are refused, never dropped.
        self.currency_names: set[str] = set()
        self._owners: dict[tuple[str, str], str] = {}
        prefixes: list[str] = []
        suffixes: list[str] = []
        codes: set[str] = set()
        for table_file, source in self._files:
            self._index(table_file, source)
            prefixes.extend(table_file.not_amount.prefixes)
            suffixes.extend(table_file.not_amount.suffixes)
            codes.update(table_file.iso_codes)
            codes.update(entry.code for entry in table_file.currency)
        self.not_amount_prefixes: tuple[str, ...] = tuple(dict.fromkeys(prefixes))
        self.not_amount_suffixes: tuple[str, ...] = tuple(dict.fromkeys(suffixes))
        self.iso_codes: frozenset[str] = frozenset(codes)
        self._cache: dict[Any, Any] = {}

    def _claim(self, namespace: str, alias: str, owner: str, source: str) -> str:
        key = alias_key(alias)
        previous = self._owners.get((namespace, key))
        if previous is not None:
            raise UnitTableError(
                f"unit table {source}: {namespace} alias {alias!r} of {owner} is already "
                f"claimed by {previous}; remove one of them (aliases are unique per position)",
                entry=owner,
                source=source,
            )
        self._owners[(namespace, key)] = owner
        return key

    def _index(self, table_file: TableFile, source: str) -> None:
        for scale in table_file.scale:
            owner = f"scale {scale.name!r}"
            for alias in scale.aliases:
                key = self._claim("scale", alias, owner, source)
                self.scales[key] = ScaleSpec(scale.name, scale.multiplier, scale.tight)
        for currency in table_file.currency:
            owner = f"currency {currency.code!r}"
            spec = SuffixSpec(
                "currency", currency.code, currency.code, _ONE, True, False, False, ""
            )
            for alias in currency.prefix:
                key = self._claim("prefix", alias, owner, source)
                self.prefix_currencies[key] = currency.code
            generic = SuffixSpec(
                "currency", currency.code, currency.code, _ONE, True, False, False, "", True
            )
            for alias in currency.suffix:
                key = self._claim("suffix", alias, owner, source)
                self.suffixes[key] = generic if alias in currency.generic else spec
        for unit in table_file.unit:
            owner = f"unit {unit.name!r}"
            check_dimension(unit.dimension)
            spec = SuffixSpec(
                "unit",
                unit.name,
                unit.dimension,
                unit.multiplier,
                unit.scalable,
                unit.difference,
                unit.tight,
                unit.not_before,
            )
            for alias in unit.aliases:
                key = self._claim("suffix", alias, owner, source)
                self.suffixes[key] = spec
        for qualifier in table_file.qualifier:
            owner = f"qualifier {qualifier.name!r}"
            for alias in qualifier.before:
                self.qualifiers_before[self._claim("before", alias, owner, source)] = qualifier.name
            for alias in qualifier.after:
                self.qualifiers_after[self._claim("after", alias, owner, source)] = qualifier.name
        words = table_file.currency_words
        for flag, aliases in ((True, words.endings), (False, words.not_currency)):
            for alias in aliases:
                key = self._claim("currency word", alias, "currency_words", source)
                self.currency_words[key] = flag
        for alias in words.names:
            key = self._claim("currency name", alias, "currency_words", source)
            self.currency_names.add(key.casefold())

    # ------------------------------------------------------------------ building

    @classmethod
    def default(cls) -> UnitTable:
        """Return the bundled table (units.toml + currencies.toml), loaded once.

        >>> UnitTable.default().prefix_currency("US$")
        'USD'
        """
        return _default_table()

    @classmethod
    def from_file(cls, path: str | Path) -> UnitTable:
        """Load a complete table of your own from a TOML file (nothing bundled is added).

        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "u.toml"
        >>> text = '[[scale]]\\nname = "wan"\\nmultiplier = "1E+4"\\naliases = ["万"]\\n'
        >>> _ = path.write_text(text, encoding="utf-8")
        >>> UnitTable.from_file(path).scale("万").multiplier
        Decimal('1E+4')
        """
        return cls([_read_file(Path(path))])

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, source: str = "<mapping>") -> UnitTable:
        """Build a complete table from a mapping shaped like the TOML file.

        >>> UnitTable.from_mapping({"currency": [{"code": "CHF", "prefix": ["Fr."]}]}
        ...     ).prefix_currency("Fr.")
        'CHF'
        """
        return cls([(validate_table(data, source=source), source)])

    def extended(self, source: str | Path | Mapping[str, Any]) -> UnitTable:
        """Return a new table with the entries of ``source`` (a TOML path or a mapping) added.

        >>> t = UnitTable.default().extended({"currency": [{"code": "CHF", "prefix": ["Fr."]}]})
        >>> t.prefix_currency("Fr."), t.prefix_currency("US$")
        ('CHF', 'USD')
        """
        if isinstance(source, Mapping):
            extra = (validate_table(source, source="<mapping>"), "<mapping>")
        elif isinstance(source, str | Path):
            extra = _read_file(Path(source))
        else:
            raise InvalidInputError(
                f"source: expected a path or a mapping, got {type(source).__name__}",
                argument="source",
                value=repr(source),
            )
        return UnitTable([*self._files, extra])

    # ------------------------------------------------------------------ look-ups

    def scale(self, alias: str) -> ScaleSpec | None:
        """The scale an alias names, or None.

        >>> UnitTable.default().scale("Million").multiplier
        Decimal('1E+6')
        """
        return self.scales.get(alias_key(alias))

    def prefix_currency(self, alias: str) -> str | None:
        """The ISO code a prefix alias (or a bare ISO code) names, or None.

        >>> UnitTable.default().prefix_currency("CHF")
        'CHF'
        """
        code = self.prefix_currencies.get(alias_key(alias))
        if code is None and alias in self.iso_codes:
            return alias
        return code

    def suffix(self, alias: str) -> SuffixSpec | None:
        """The currency or unit a suffix alias (or a bare ISO code) names, or None.

        >>> UnitTable.default().suffix("个百分点").dimension
        'RATIO'
        """
        spec = self.suffixes.get(alias_key(alias))
        if spec is None and alias in self.iso_codes:
            return SuffixSpec("currency", alias, alias, _ONE, True, False, False, "")
        return spec

    def is_difference(self, unit: str | None) -> bool:
        """True when ``unit`` states a difference of ratios (个百分点, pp, bp).

        >>> UnitTable.default().is_difference("pp"), UnitTable.default().is_difference("%")
        (True, False)
        """
        if unit is None:
            return False
        spec = self.suffixes.get(alias_key(unit))
        return bool(spec and spec.difference)

    def __repr__(self) -> str:
        return (
            f"UnitTable(sources={list(self.sources)!r}, scales={len(self.scales)}, "
            f"currencies={len(self.iso_codes)}, suffixes={len(self.suffixes)})"
        )


def _read_file(path: Path) -> tuple[TableFile, str]:
    source = str(path)
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except OSError as exc:
        raise UnitTableError(
            f"unit table {source}: cannot be read ({exc.strerror}); check the path",
            entry=None,
            source=source,
        ) from exc
    except tomllib.TOMLDecodeError as exc:
        raise UnitTableError(
            f"unit table {source}: is not valid TOML ({exc})", entry=None, source=source
        ) from exc
    return validate_table(data, source=source), source


def _bundled(name: str) -> tuple[TableFile, str]:
    resource = resources.files("fincalc") / "_data" / name
    data = tomllib.loads(resource.read_text(encoding="utf-8"))
    return validate_table(data, source=f"fincalc/_data/{name}"), f"fincalc/_data/{name}"


@functools.cache
def _default_table() -> UnitTable:
    return UnitTable([_bundled("units.toml"), _bundled("currencies.toml")])


# --------------------------------------------------------------------------- context


@public
@dataclass(frozen=True, slots=True)
class UnitContext:
    """A declared unit ("单位：万元", "(in millions)") that bare numbers are read in.

    Attributes:
        multiplier: What one written unit is worth in base units (万元 -> 1E+4).
        dimension: The declared currency or unit dimension, or None for a scale
            with no currency ("(in millions, except per share data)").
        unit: The unit as declared, e.g. "万元", "RMB'000", "millions".
        declaration: The verbatim declaration text it was read from.

    >>> from decimal import Decimal
    >>> ctx = UnitContext(Decimal("1E+4"), "CNY", "万元")
    >>> ctx.multiplier, ctx.dimension
    (Decimal('1E+4'), 'CNY')
    """

    multiplier: Decimal
    dimension: str | None
    unit: str
    declaration: str = ""

    def __post_init__(self) -> None:
        multiplier = to_decimal(self.multiplier, field="UnitContext.multiplier")
        if multiplier <= 0:
            raise InvalidInputError(
                f"UnitContext.multiplier: {multiplier!r} must be positive",
                argument="UnitContext.multiplier",
                value=str(multiplier),
            )
        object.__setattr__(self, "multiplier", multiplier)
        if self.dimension is not None:
            check_dimension(self.dimension, field="UnitContext.dimension")
        if not isinstance(self.unit, str):
            raise InvalidInputError(
                f"UnitContext.unit: expected str, got {type(self.unit).__name__}",
                argument="UnitContext.unit",
                value=repr(self.unit),
            )


# --------------------------------------------------------------------------- alias index


class AliasIndex:
    """Find the longest alias that starts (or ends) at a position, by dictionary look-ups.

    Faster than a regex alternation of hundreds of aliases: only the lengths of
    aliases that begin (end) with the character at hand are tried, longest first.
    Latin aliases match case-insensitively and only at word boundaries.

    >>> index = AliasIndex({"亿元": 1, "元": 2, "million": 3})
    >>> index.starting_at("8.7亿元", 3), index.starting_at("5 Million!", 2)
    ((5, 1), (9, 3))
    >>> index.ending_at("约人民币", 4) is None
    True
    """

    __slots__ = ("_by_first", "_by_last", "_values", "case_sensitive", "first_chars", "last_chars")

    def __init__(self, aliases: Mapping[str, Any], *, case_sensitive: bool = False) -> None:
        self.case_sensitive = case_sensitive
        self._values: dict[str, tuple[Any, bool, bool]] = {}
        first: dict[str, set[int]] = {}
        last: dict[str, set[int]] = {}
        for alias, value in aliases.items():
            key = alias if case_sensitive else alias.casefold()
            starts_latin = alias[0].isascii() and alias[0].isalpha()
            ends_latin = alias[-1].isascii() and alias[-1].isalpha()
            self._values[key] = (value, starts_latin, ends_latin)
            first.setdefault(key[0], set()).add(len(key))
            last.setdefault(key[-1], set()).add(len(key))
        self._by_first = {ch: tuple(sorted(n, reverse=True)) for ch, n in first.items()}
        self._by_last = {ch: tuple(sorted(n, reverse=True)) for ch, n in last.items()}
        #: Every character an alias can start (end) with as matched: a character
        #: outside ``first_chars`` at ``start`` means ``starting_at`` finds nothing,
        #: so callers can skip the probe with one set look-up.
        self.first_chars: frozenset[str] = _preimages(first, case_sensitive=case_sensitive)
        self.last_chars: frozenset[str] = _preimages(last, case_sensitive=case_sensitive)

    def starting_at(self, text: str, start: int) -> tuple[int, Any] | None:
        """Return ``(end, value)`` of the longest alias at ``text[start:]``, or None."""
        if start >= len(text):
            return None
        ch = text[start] if self.case_sensitive else text[start].casefold()
        lengths = self._by_first.get(ch)
        if lengths is None:
            return None
        size = len(text)
        for length in lengths:
            end = start + length
            if end > size:
                continue
            piece = text[start:end]
            found = self._values.get(piece if self.case_sensitive else piece.casefold())
            if found is None:
                continue
            if found[2] and end < size and text[end].isascii() and text[end].isalpha():
                continue  # "m" in "5mo"
            return end, found[0]
        return None

    def ending_at(self, text: str, end: int) -> tuple[int, Any] | None:
        """Return ``(start, value)`` of the longest alias ending at ``end``, or None."""
        if end <= 0:
            return None
        ch = text[end - 1] if self.case_sensitive else text[end - 1].casefold()
        lengths = self._by_last.get(ch)
        if lengths is None:
            return None
        for length in lengths:
            start = end - length
            if start < 0:
                continue
            piece = text[start:end]
            found = self._values.get(piece if self.case_sensitive else piece.casefold())
            if found is None:
                continue
            if found[1] and start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
                continue  # "RMB" in "xRMB"
            return start, found[0]
        return None


#: Unicode assigns case only below U+20000 (planes 2 and above hold CJK
#: ideographs and special-purpose code points); tests/test_units.py checks it.
CASED_LIMIT: Final = 0x20000


@functools.cache
def _casefold_sources() -> dict[str, tuple[str, ...]]:
    """Map each one-character case fold to the other characters that fold to it ("k": K, K)."""
    sources: dict[str, list[str]] = {}
    for code in range(CASED_LIMIT):
        ch = chr(code)
        folded = ch.casefold()
        if folded != ch and len(folded) == 1:
            sources.setdefault(folded, []).append(ch)
    return {folded: tuple(chars) for folded, chars in sources.items()}


def _preimages(keys: Iterable[str], *, case_sensitive: bool) -> frozenset[str]:
    """The characters whose case fold is one of ``keys`` (``keys`` themselves if case-sensitive)."""
    chars = set(keys)
    if not case_sensitive:
        sources = _casefold_sources()
        for key in list(chars):
            chars.update(sources.get(key, ()))
    return frozenset(chars)


# --------------------------------------------------------------------------- limits

#: Longest text ``parse_quantity`` and ``unit_context_from_header`` accept (characters).
MAX_PARSE_LENGTH: Final = 10_000
#: Longest text ``extract_quantities`` and ``find_unit_declarations`` accept (characters).
MAX_EXTRACT_LENGTH: Final = 20_000_000

# ------------------------------------------------------------------ normalisation

_TRANSLATION: Final = str.maketrans(
    {
        **{chr(0xFF10 + i): str(i) for i in range(10)},
        "．": ".",
        "（": "(",
        "）": ")",
        "％": "%",
        "＄": "$",
        "￥": "¥",
        "＋": "+",
        "－": "-",
        "−": "-",
        "–": "-",
        "‒": "-",
        "﹣": "-",
        "：": ":",
        "～": "~",
        "＃": "#",
        "\u00a0": "\u202f",
        "\u2009": "\u202f",
        "\u2007": "\u202f",
        "\u3000": " ",
        "’": "'",
        "＇": "'",
        "′": "'",
    }
)
# A full-width comma between full-width digits groups thousands (１２３，４５６); after
# ASCII digits it separates clauses, so only this form is rewritten (one char for one).
# The standard library's ``re`` runs these two patterns 3x faster than ``regex``.
_FULLWIDTH_GROUP: Final = re.compile(r"(?<=[０-９])，(?=[０-９]{3}(?![０-９]))")
_NEEDS_TRANSLATION: Final = re.compile(
    "[" + "".join(re.escape(chr(code)) for code in _TRANSLATION) + "]"
)
#: Above this length ``fold_characters`` replaces the characters present one by one
#: (a few ``str.replace`` passes) instead of a per-character ``str.translate``.
_LONG_TEXT: Final = 2_000
_REPLACEMENTS: Final = {chr(code): str(to) for code, to in _TRANSLATION.items()}


def fold_characters(text: str) -> str:
    """Return the length-preserving normal form the parser matches on.

    Full-width digits and punctuation become ASCII, Unicode minus signs become
    "-", no-break and thin spaces become U+202F (a thousands separator).  The
    result has the same length as ``text``, so offsets carry over unchanged.

    >>> fold_characters("１２３，４５６．７８ 亿元（−5%）")
    '123,456.78 亿元(-5%)'
    """
    if text.isascii() or _NEEDS_TRANSLATION.search(text) is None:
        return text
    if "，" in text:
        text = _FULLWIDTH_GROUP.sub(",", text)
    if len(text) <= _LONG_TEXT:
        return text.translate(_TRANSLATION)
    # No replacement is itself replaced, so one pass per character present is
    # the same as the simultaneous translation.
    for ch in set(_NEEDS_TRANSLATION.findall(text)):
        text = text.replace(ch, _REPLACEMENTS[ch])
    return text


def _alternation(
    aliases: Iterable[str], *, not_before: dict[str, str] | None = None, left: bool = False
) -> str:
    """A longest-first alternation; Latin aliases case-insensitive and at word boundaries."""
    parts = []
    for alias in sorted(set(aliases), key=lambda a: (-len(a), a)):
        pattern = regex.escape(alias)
        if is_latin(alias):
            pattern = f"(?i:{pattern})"
            if alias[-1].isascii() and alias[-1].isalpha():
                pattern += "(?![A-Za-z])"
            if left and alias[0].isascii() and alias[0].isalpha():
                pattern = "(?<![A-Za-z])" + pattern
        blocked = (not_before or {}).get(alias)
        if blocked:
            pattern += f"(?![{regex.escape(blocked)}])"
        parts.append(pattern)
    return "(?:" + "|".join(parts) + ")" if parts else "(?!)"


def check_text(text: object, limit: int, argument: str = "text") -> str:
    """Return ``text`` if it is a str within ``limit`` characters, else raise."""
    if not isinstance(text, str):
        raise InvalidInputError(
            f"{argument}: expected str, got {type(text).__name__}",
            argument=argument,
            value=repr(text)[:80],
        )
    if len(text) > limit:
        raise ParseError(
            f"{argument}: {len(text):,} characters exceed the limit of {limit:,}; "
            "split the text (for example into paragraphs or table rows) first",
            text=text[:80] + "…",
            position=limit,
        )
    return text


def _resolve_table(table: UnitTable | None) -> UnitTable:
    if table is None:
        return UnitTable.default()
    if not isinstance(table, UnitTable):
        raise InvalidInputError(
            f"table: expected a UnitTable, got {type(table).__name__}",
            argument="table",
            value=repr(table)[:80],
        )
    return table


# ------------------------------------------------------------------ unit declarations


class _DeclGrammar(NamedTuple):
    find: regex.Pattern[str]
    phrase: regex.Pattern[str]


def _decl_grammar(table: UnitTable) -> _DeclGrammar:
    cached: _DeclGrammar | None = table._cache.get("declarations")
    if cached is not None:
        return cached
    currency_prefix = _alternation(table.prefix_currencies, left=True)
    currency_suffix = _alternation(
        [a for a, s in table.suffixes.items() if s.kind == "currency"], left=True
    )
    suffix_any = _alternation(table.suffixes, left=True)
    scales = _alternation(table.scales, left=True)
    latin_scales = _alternation(
        [a for a in table.scales if is_latin(a) or a.startswith("'")], left=True
    )
    iso = r"(?<![A-Za-z])(?-i:[A-Z]{3})(?![A-Za-z])"
    cur = rf"(?:{currency_prefix}|{currency_suffix}|{iso})"
    phrase = (
        rf"(?:(?P<pc>{currency_prefix}|{iso})[ ]*+)?(?:(?P<sc>{scales})[ ]*+)?"
        rf"(?:(?i:of[ ]++)?(?:(?P<su>{suffix_any}|{iso})|(?P<sp>{currency_prefix})))?"
    )
    find = regex.compile(
        rf"(?P<zh>(?:金额|数量|货币|股份|股数)?单位(?:[ ]*+:[ ]*+|[ ]*+为[ ]*+|[ ]++)"
        rf"(?P<zp>(?:(?:{currency_prefix})[ ]*+)?(?:{scales})?(?:{suffix_any})"
        rf"|(?:{currency_prefix})?[ ]*+(?:{scales})))"
        rf"(?:[ ,，;；]*+币种[ ]*+:[ ]*+(?P<zc>{cur}))?"
        rf"|(?P<en>(?:(?P<ec>{cur}|\$)[ ]++)?(?i:in)[ ]++"
        rf"(?P<ep>(?:(?:{currency_prefix})[ ]*+)?(?:{latin_scales})"
        rf"(?:[ ]++(?i:of)[ ]++(?:{currency_suffix}|{currency_prefix}))?))"
        rf"|(?<![0-9A-Za-z.,])(?P<cp>(?P<cpc>{currency_prefix}|{iso})[ ]?+(?:{latin_scales}))"
        rf"(?![0-9])",
        regex.VERSION1,
    )
    grammar = _DeclGrammar(find, regex.compile(phrase, regex.VERSION1))
    table._cache["declarations"] = grammar
    return grammar


def _context_from_phrase(
    phrase: str, table: UnitTable, declaration: str, currency_override: str | None = None
) -> UnitContext | None:
    match = _decl_grammar(table).phrase.fullmatch(phrase.strip())
    if match is None or not match.group():
        return None
    multiplier = _ONE
    dimension: str | None = None
    if match.group("pc"):
        dimension = table.prefix_currency(match.group("pc"))
    if match.group("sc"):
        spec = table.scale(match.group("sc"))
        if spec is None:  # pragma: no cover - the pattern only matches table aliases
            return None
        multiplier = spec.multiplier
    if match.group("su"):
        unit = table.suffix(match.group("su"))
        if unit is None:
            return None
        if unit.kind == "unit":
            if dimension is not None or (match.group("sc") and not unit.scalable):
                return None
            multiplier = multiplier * unit.multiplier
            dimension = unit.dimension
        elif dimension is not None and dimension != unit.dimension:
            return None
        else:
            dimension = unit.dimension
    if match.group("sp"):  # "millions of US$"
        code = table.prefix_currency(match.group("sp"))
        if code is None or (dimension is not None and dimension != code):
            return None
        dimension = code
    if currency_override is not None:
        code = table.prefix_currency(currency_override)
        spec_cur = table.suffix(currency_override)
        dimension = code or (spec_cur.dimension if spec_cur else dimension)
    return UnitContext(multiplier, dimension, phrase.strip(), declaration)


def _declarations(text: str, table: UnitTable) -> list[tuple[tuple[int, int], UnitContext]]:
    norm = fold_characters(text)
    found: list[tuple[tuple[int, int], UnitContext]] = []
    with arithmetic():
        for match in _decl_grammar(table).find.finditer(norm):
            start, end = match.span()
            if match.group("zh"):
                phrase_name, override = "zp", match.group("zc")
            elif match.group("en"):
                phrase_name, override = "ep", match.group("ec")
            else:
                phrase_name, override = "cp", None
            phrase = text[match.start(phrase_name) : match.end(phrase_name)]
            if override is not None:
                override = norm[match.start("zc" if match.group("zh") else "ec") :][: len(override)]
                if override.casefold() == "$":
                    override = "$"
            context = _context_from_phrase(
                fold_characters(phrase), table, text[start:end], override
            )
            if context is not None:
                found.append(((start, end), context))
    return found


def find_unit_declarations(
    text: str, *, table: UnitTable | None = None
) -> list[tuple[tuple[int, int], UnitContext]]:
    """Find every unit declaration in a document, with its span, in order.

    Recognises "单位：万元", "金额单位：人民币千元", "单位：元 币种：人民币",
    "(in millions, except per share data)", "(in thousands of U.S. dollars)",
    "RMB'000" and "US$ million"; a bare "million" in prose is not a declaration.

    >>> [(span, c.multiplier, c.dimension) for span, c in find_unit_declarations(
    ...     "合并利润表\\n单位：元 币种：人民币\\n…\\n(in millions)")]
    [((6, 17), Decimal('1'), 'CNY'), ((21, 32), Decimal('1E+6'), None)]
    """
    text = check_text(text, MAX_EXTRACT_LENGTH)
    resolved = _resolve_table(table)
    return _declarations(text, resolved)


_STRIP_HEADER: Final = regex.compile(
    r"^[\s(\[{【]*+(?:(?:金额|数量|货币)?单位[ ]*+:?|(?i:units?[ ]*+:|amounts?[ ]++in|in))?[ ]*+"
    r"(?P<body>.*?)[\s)\]}】.]*+$",
    regex.DOTALL,
)


@functools.lru_cache(maxsize=256)
def _cached_context(text: str, table: UnitTable) -> UnitContext:
    declarations = _declarations(text, table)
    if declarations:
        distinct = {(c.multiplier, c.dimension) for _, c in declarations}
        if len(distinct) > 1:
            listed = ", ".join(repr(c.declaration) for _, c in declarations)
            raise ParseError(
                f"{text!r} declares {len(distinct)} different units ({listed}); pass the "
                "header of one table",
                text=text,
            )
        return declarations[0][1]
    stripped = _STRIP_HEADER.match(fold_characters(text))
    body = stripped.group("body") if stripped is not None else text
    with arithmetic():
        context = _context_from_phrase(body, table, text)
    if context is None:
        raise UnknownUnitError(
            f"no unit is declared in {text!r}; write it like '单位：万元', '(in millions)', "
            "'RMB'000' or a unit such as '亿元', 'USD millions', '%', or add the unit to the table",
            text=text,
            unit=body.strip() or None,
        )
    return context


def context_from_header(text: str, table: UnitTable) -> UnitContext:
    """``unit_context_from_header`` with a resolved table (cached per text)."""
    return _cached_context(check_text(text, MAX_PARSE_LENGTH), table)


@public
def unit_context_from_header(text: str, *, table: UnitTable | None = None) -> UnitContext:
    """Read the unit a table header, caption or question declares.

    Accepts headers and captions ("单位：万元", "金额单位：人民币千元",
    "单位：元 币种：人民币", "(in millions, except per share data)",
    "(in thousands of U.S. dollars)", "RMB'000", "US$ million") and short unit
    phrases ("million", "USD millions", "亿元", "percent", "%", "bps").

    Raises:
        UnknownUnitError: nothing in ``text`` declares a unit the table knows.
        ParseError: the text declares several different units.

    >>> ctx = unit_context_from_header("金额单位：人民币千元")
    >>> ctx.multiplier, ctx.dimension, ctx.unit
    (Decimal('1E+3'), 'CNY', '人民币千元')
    >>> unit_context_from_header("(in thousands of U.S. dollars)").dimension
    'USD'
    """
    resolved = _resolve_table(table)
    return context_from_header(text, resolved)


#: Dimensions that are not currencies.
_PLAIN_DIMENSIONS: Final = frozenset({"RATIO", "MULTIPLE", "SHARES", "COUNT"})


def check_known_dimension(dimension: object, *, table: UnitTable | None = None) -> str:
    """Return ``dimension`` if it is one fincalc knows, else raise ``InvalidInputError``.

    Known: the table's ISO 4217 codes, RATIO, MULTIPLE, SHARES, COUNT, the
    dimensions of the table's units, and ``X_PER_Y`` of two known ones (per-share
    figures). A typo such as ``CYN`` would otherwise score every answer as a
    wrong currency.

    >>> check_known_dimension("CNY"), check_known_dimension("CNY_PER_SHARES")
    ('CNY', 'CNY_PER_SHARES')
    """
    code = check_dimension(dimension)
    resolved = table or UnitTable.default()
    known: frozenset[str] | None = resolved._cache.get("dimensions")
    if known is None:
        units = {spec.dimension for spec in resolved.suffixes.values() if spec.dimension}
        known = frozenset(resolved.iso_codes | _PLAIN_DIMENSIONS | units)
        resolved._cache["dimensions"] = known
    parts = code.split("_PER_")
    if len(parts) <= 2 and all(part in known for part in parts):
        return code
    raise InvalidInputError(
        f"dimension {code!r} is not an ISO 4217 currency code or one of RATIO, MULTIPLE, "
        "SHARES, COUNT (or X_PER_Y of two of them); check for a typo such as 'CYN' for 'CNY'",
        argument="dimension",
        value=code,
    )

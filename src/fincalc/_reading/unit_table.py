"""The unit table: its file schema, its loading and its look-ups.

The table is data: ``_data/units.toml`` (curated) plus ``_data/currencies.toml``
(ISO 4217 codes and unambiguous CLDR symbols, generated from Babel).  Files are
validated with pydantic when first loaded (``TableFile``); a malformed entry or
an alias that two entries claim raises ``UnitTableError`` naming them.  The
parser builds its patterns and alias indexes from the table, so adding a unit
or a currency is adding a line.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal

import regex
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .._values.bounded import read_text
from .._values.decimals import to_decimal
from .._values.dimensions import listed_dimensions
from .._values.errors import FincalcError, InvalidInputError, UnitTableError
from .._values.public import public
from .._values.quantity import check_dimension
from .._values.vocabulary import MAX_WORDLIST_BYTES
from .aliases import alias_key

__all__ = [
    "ScaleSpec",
    "SuffixSpec",
    "TableFile",
    "UnitTable",
    "check_known_dimension",
    "default_table",
    "resolve_table",
    "shift_exponent",
    "validate_table",
]

_MAX_ALIAS: Final = 40

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
    # The minor unit written after the number ("35 cents", "470 pence", "1.5亿美分")
    minor: list[str] = Field(default_factory=list)
    minor_multiplier: Decimal = Decimal("1E-2")

    _prefix = field_validator("prefix")(_check_aliases)
    _suffix = field_validator("suffix")(_check_aliases)
    _generic = field_validator("generic")(_check_aliases)
    _minor = field_validator("minor")(_check_aliases)

    @field_validator("minor_multiplier", mode="before")
    @classmethod
    def _minor_multiplier(cls, value: object) -> Decimal:
        return _positive_decimal(value)


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
            minor = SuffixSpec(
                "currency",
                currency.code,
                currency.code,
                currency.minor_multiplier,
                True,
                False,
                False,
                "",
            )
            for alias in currency.minor:
                self.suffixes[self._claim("suffix", alias, owner, source)] = minor
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
        return default_table()

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
        # bounded like every file fincalc reads (issue 16): no endless or huge input
        data = tomllib.loads(read_text(path, source=source, max_bytes=MAX_WORDLIST_BYTES))
    except FincalcError as exc:
        raise UnitTableError(
            f"unit table {source}: cannot be read ({exc}); check the path",
            entry=None,
            source=source,
        ) from exc
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        raise UnitTableError(
            f"unit table {source}: is not valid TOML ({exc})", entry=None, source=source
        ) from exc
    return validate_table(data, source=source), source


def _bundled(name: str) -> tuple[TableFile, str]:
    resource = resources.files("fincalc") / "_data" / name
    data = tomllib.loads(resource.read_text(encoding="utf-8"))
    return validate_table(data, source=f"fincalc/_data/{name}"), f"fincalc/_data/{name}"


@functools.cache
def default_table() -> UnitTable:
    """The bundled table (units.toml + currencies.toml), loaded once."""
    return UnitTable([_bundled("units.toml"), _bundled("currencies.toml")])


def resolve_table(table: UnitTable | None) -> UnitTable:
    """``table``, or the default table when it is None; anything else is refused."""
    if table is None:
        return default_table()
    if not isinstance(table, UnitTable):
        raise InvalidInputError(
            f"table: expected a UnitTable, got {type(table).__name__}",
            argument="table",
            value=repr(table)[:80],
        )
    return table


def check_known_dimension(dimension: object, *, table: UnitTable | None = None) -> str:
    """Return ``dimension`` if it is one fincalc knows, else raise ``InvalidInputError``.

    Known: the table's ISO 4217 codes, the dimensions of ``_data/dimensions.toml``
    (RATIO, MULTIPLE, SHARES, COUNT, PERSONS, HOUSEHOLDS, DAYS, TONNES, …), the
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
        known = frozenset(resolved.iso_codes | listed_dimensions() | units)
        resolved._cache["dimensions"] = known
    parts = code.split("_PER_")
    if len(parts) <= 2 and all(part in known for part in parts):
        return code
    raise InvalidInputError(
        f"dimension {code!r} is not an ISO 4217 currency code or one of "
        f"{', '.join(sorted(listed_dimensions()))} (or X_PER_Y of two of them); check for a "
        "typo such as 'CYN' for 'CNY'",
        argument="dimension",
        value=code,
    )

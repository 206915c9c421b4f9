"""The unit table: its loading and its look-ups.

The table is data: ``_data/units.toml`` (curated) plus ``_data/currencies.toml``
(ISO 4217 codes and unambiguous CLDR symbols, generated from Babel).  Files are
validated with pydantic when loaded (``table_schema.TableFile``); a malformed
entry or an alias that two entries claim raises ``UnitTableError`` naming them.
The parser builds its patterns and alias indexes from the table, so adding a
unit or a currency is adding a line.

The default table is read from its precomputed index (``_base.prebuilt``), which
``prebuild`` writes from the validated files: the first parse of a process
imports neither pydantic nor ``tomllib``.  Tables of one's own are validated
when they are built.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final, Literal

from .._base.exceptions import InvalidInputError, UnitTableError
from .._base.prebuilt import BUNDLED, PREBUILT_GRAMMAR, load_prebuilt, prebuilt_grammar
from .._base.public import public
from .._values.dimensions import listed_dimensions
from .._values.quantity import check_dimension
from .aliases import alias_key

if TYPE_CHECKING:
    from pathlib import Path

    from .table_schema import TableFile

__all__ = [
    "ScaleSpec",
    "SuffixSpec",
    "UnitTable",
    "check_known_dimension",
    "default_table",
    "index_state",
    "resolve_table",
    "shift_exponent",
    "table_from_index",
]

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
    """A resolved scale alias (``exponent``: its multiplier as a power of ten, or None)."""

    name: str
    multiplier: Decimal
    tight: bool
    exponent: int | None = field(init=False, repr=False, compare=False)

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
    # the multiplier as a power of ten, or None
    exponent: int | None = field(init=False, repr=False, compare=False)

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
        #: The validated files (None for the default table read from its index:
        #: ``_table_files`` validates them when a table extends it).
        self._files: tuple[tuple[TableFile, str], ...] | None = tuple(files)
        self.sources: tuple[str, ...] = tuple(source for _, source in files)
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
        for table_file, source in files:
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
        from pathlib import Path

        from .table_schema import read_table_file

        return cls([read_table_file(Path(path))])

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, source: str = "<mapping>") -> UnitTable:
        """Build a complete table from a mapping shaped like the TOML file.

        >>> UnitTable.from_mapping({"currency": [{"code": "CHF", "prefix": ["Fr."]}]}
        ...     ).prefix_currency("Fr.")
        'CHF'
        """
        from .table_schema import validate_table

        return cls([(validate_table(data, source=source), source)])

    def extended(self, source: str | Path | Mapping[str, Any]) -> UnitTable:
        """Return a new table with the entries of ``source`` (a TOML path or a mapping) added.

        >>> t = UnitTable.default().extended({"currency": [{"code": "CHF", "prefix": ["Fr."]}]})
        >>> t.prefix_currency("Fr."), t.prefix_currency("US$")
        ('CHF', 'USD')
        """
        from pathlib import Path

        from .table_schema import read_table_file, validate_table

        if isinstance(source, Mapping):
            extra = (validate_table(source, source="<mapping>"), "<mapping>")
        elif isinstance(source, str | Path):
            extra = read_table_file(Path(source))
        else:
            raise InvalidInputError(
                f"source: expected a path or a mapping, got {type(source).__name__}",
                argument="source",
                value=repr(source),
            )
        return UnitTable([*self._table_files(), extra])

    def _table_files(self) -> tuple[tuple[TableFile, str], ...]:
        """The validated files of this table (the default table validates its own now)."""
        if self._files is None:
            from .table_schema import bundled_file

            self._files = tuple(bundled_file(name) for name in BUNDLED)
        return self._files

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


@functools.cache
def default_table() -> UnitTable:
    """The bundled table (units.toml + currencies.toml), loaded once.

    From its precomputed index when that is current, else from the files.
    """
    index = load_prebuilt()
    state = None
    if index is not None:
        try:
            state = index["table"]
        except ValueError:  # its line does not decode (the parts decode when first read)
            state = None
    if state is not None:
        table = table_from_index(state)
        grammar = prebuilt_grammar()
        if grammar is not None:
            table._cache[PREBUILT_GRAMMAR] = grammar
        return table
    from .table_schema import bundled_file

    return UnitTable([bundled_file(name) for name in BUNDLED])


def _spec_row(spec: SuffixSpec) -> list[Any]:
    """The constructor's arguments of ``spec``, in order (``exponent`` is derived)."""
    return [getattr(spec, item.name) for item in fields(spec) if item.init]


def index_state(table: UnitTable) -> dict[str, Any]:
    """What ``table_from_index`` needs to rebuild ``table``'s indexes, as JSON-ready data.

    Mappings keep their order (the alias indexes and patterns are built in
    it); sets are sorted.  Decimals are written as strings, specs as lists of
    their fields, each distinct spec once.
    """
    specs: dict[SuffixSpec, int] = {}
    for spec in table.suffixes.values():
        specs.setdefault(spec, len(specs))
    return {
        "sources": list(table.sources),
        "scales": {key: [s.name, str(s.multiplier), s.tight] for key, s in table.scales.items()},
        "prefix_currencies": table.prefix_currencies,
        "specs": [[str(v) if isinstance(v, Decimal) else v for v in _spec_row(s)] for s in specs],
        "suffixes": {key: specs[spec] for key, spec in table.suffixes.items()},
        "qualifiers_before": table.qualifiers_before,
        "qualifiers_after": table.qualifiers_after,
        "currency_words": table.currency_words,
        "currency_names": sorted(table.currency_names),
        "not_amount_prefixes": list(table.not_amount_prefixes),
        "not_amount_suffixes": list(table.not_amount_suffixes),
        "iso_codes": sorted(table.iso_codes),
    }


def table_from_index(state: Mapping[str, Any]) -> UnitTable:
    """The table ``index_state`` wrote (its files are validated only if it is extended)."""
    table = object.__new__(UnitTable)
    table._files = None
    table._owners = {}
    table._cache = {}
    table.sources = tuple(state["sources"])
    table.scales = {
        key: ScaleSpec(name, Decimal(multiplier), tight)
        for key, (name, multiplier, tight) in state["scales"].items()
    }
    table.prefix_currencies = dict(state["prefix_currencies"])
    specs = [
        SuffixSpec(kind, name, dim, Decimal(mult), *flags)
        for kind, name, dim, mult, *flags in state["specs"]
    ]
    table.suffixes = {key: specs[number] for key, number in state["suffixes"].items()}
    table.qualifiers_before = dict(state["qualifiers_before"])
    table.qualifiers_after = dict(state["qualifiers_after"])
    table.currency_words = dict(state["currency_words"])
    table.currency_names = set(state["currency_names"])
    table.not_amount_prefixes = tuple(state["not_amount_prefixes"])
    table.not_amount_suffixes = tuple(state["not_amount_suffixes"])
    table.iso_codes = frozenset(state["iso_codes"])
    return table


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

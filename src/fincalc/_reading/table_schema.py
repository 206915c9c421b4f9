"""The unit table's file schema: a table file as validated (pydantic), and its reading.

``validate_table`` checks one mapping shaped like ``_data/units.toml`` and
re-raises pydantic's errors as ``UnitTableError`` naming the entry.  It runs
for tables of one's own (``UnitTable.from_file``, ``from_mapping``,
``extended``) and when ``prebuild`` writes the precomputed default table;
reading with the default table never imports pydantic (``unit_table``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .._base.bounded import read_text
from .._base.exceptions import FincalcError, UnitTableError
from .._base.prebuilt import DATA_DIR
from .._base.vocabulary import MAX_WORDLIST_BYTES
from .._values.decimals import to_decimal

__all__ = [
    "CurrencyEntry",
    "ScaleEntry",
    "TableFile",
    "UnitEntry",
    "bundled_file",
    "read_table_file",
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
            if not re.fullmatch(r"[A-Z]{3}", code):
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


def read_table_file(path: Path) -> tuple[TableFile, str]:
    """A unit-table TOML file of one's own, validated, with its path as its source."""
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


def bundled_file(name: str) -> tuple[TableFile, str]:
    """A bundled unit-table file (``_data/<name>``), validated."""
    data = tomllib.loads((Path(DATA_DIR) / name).read_text(encoding="utf-8"))
    return validate_table(data, source=f"fincalc/_data/{name}"), f"fincalc/_data/{name}"

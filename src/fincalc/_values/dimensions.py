"""What a dimension code means: money, ratio, multiple, count, physical or time.

One home for the facts about dimensions that the parser, the operations,
render and the answer checker all need (which codes are money, which may be
added, how a unit is written after a number).  The facts are data,
``_data/dimensions.toml``; any three-letter upper-case code not listed there
is an ISO 4217 currency.  Which currencies and units the parser actually
recognises is the unit table's business (``fincalc._reading.units``).

The validated facts are also stored in the prebuilt artefact
(``fincalc._base.prebuilt``); while it is current they are restored from
there, without ``tomllib`` (the first parse of a process, issue 18).
"""

from __future__ import annotations

import functools
import re
import typing
from dataclasses import dataclass
from typing import Any, Literal, get_args

from .._base.exceptions import DataFileError, InvalidInputError
from .._base.prebuilt import prebuilt_part
from .quantity import check_dimension

__all__ = [
    "DAYS",
    "MULTIPLE",
    "RATIO",
    "DimensionInfo",
    "Kind",
    "bundled_dimensions",
    "dimension_info",
    "dimensions_state",
    "find_dimension",
    "is_additive",
    "is_money",
    "listed_dimensions",
]

#: The codes the operations name by their role (their facts are in the data file).
RATIO = "RATIO"
MULTIPLE = "MULTIPLE"
DAYS = "DAYS"

Kind = Literal["money", "ratio", "multiple", "count", "physical", "time", "per_unit"]
_LISTED_KINDS = frozenset(get_args(Kind)) - {"money", "per_unit"}
_ISO = re.compile(r"[A-Z]{3}")
_SOURCE = "fincalc/_data/dimensions.toml"


@dataclass(frozen=True, slots=True)
class DimensionInfo:
    """The facts about one dimension code.

    Attributes:
        code: The code (``CNY``, ``RATIO``, ``TONNES``, ``CNY_PER_SHARES``).
        kind: ``money`` for ISO 4217 codes, ``per_unit`` for ``X_PER_Y``, else
            the kind the data file gives.
        additive: Whether figures of this dimension may be summed.
        en: Singular and plural English unit words for rendering, if any.
        zh: The Chinese unit word for rendering, if any.

    >>> dimension_info("TONNES").kind, dimension_info("USD").kind
    ('physical', 'money')
    >>> dimension_info("RATIO").additive, dimension_info("CNY_PER_SHARES").kind
    (False, 'per_unit')
    """

    code: str
    kind: Kind
    additive: bool
    en: tuple[str, str] | None = None
    zh: str | None = None


def _fail(code: str, why: str) -> DataFileError:
    return DataFileError(f"{_SOURCE}: [{code}] {why}", entry=code, source=_SOURCE)


def _entry(code: str, raw: Any) -> DimensionInfo:
    if not isinstance(raw, dict):
        raise _fail(code, "must be a table")
    unknown = set(raw) - {"kind", "additive", "en", "zh"}
    if unknown:
        raise _fail(code, f"unknown field(s) {sorted(unknown)}")
    kind, additive, en, zh = raw.get("kind"), raw.get("additive"), raw.get("en"), raw.get("zh")
    if kind not in _LISTED_KINDS:
        raise _fail(code, f"kind must be one of {sorted(_LISTED_KINDS)}, got {kind!r}")
    if not isinstance(additive, bool):
        raise _fail(code, f"additive must be true or false, got {additive!r}")
    if en is not None and not (
        isinstance(en, list) and len(en) == 2 and all(isinstance(w, str) and w for w in en)
    ):
        raise _fail(code, f"en must be [singular, plural], got {en!r}")
    if zh is not None and not (isinstance(zh, str) and zh):
        raise _fail(code, f"zh must be a non-empty string, got {zh!r}")
    if _ISO.fullmatch(code):
        raise _fail(code, "a three-letter code is read as an ISO 4217 currency; use a longer code")
    check_dimension(code, field=f"{_SOURCE} [{code}]")
    words = (en[0], en[1]) if en else None
    return DimensionInfo(code, typing.cast(Kind, kind), additive, words, zh)


@functools.cache
def _listed() -> dict[str, DimensionInfo]:
    stored = prebuilt_part("dimensions")
    if stored is None:
        return bundled_dimensions()
    return {
        code: DimensionInfo(code, kind, additive, (en[0], en[1]) if en else None, zh)
        for code, (kind, additive, en, zh) in stored.items()
    }


def bundled_dimensions() -> dict[str, DimensionInfo]:
    """The facts of ``_data/dimensions.toml``, read and validated from the file."""
    import tomllib
    from importlib import resources

    text = resources.files("fincalc").joinpath("_data/dimensions.toml").read_text("utf-8")
    return {code: _entry(code, raw) for code, raw in tomllib.loads(text).items()}


def dimensions_state(listed: dict[str, DimensionInfo]) -> dict[str, list[Any]]:
    """The facts as JSON-ready data (for the prebuilt artefact), in file order.

    >>> dimensions_state(bundled_dimensions())["PERSONS"]
    ['count', True, ['person', 'people'], '人']
    """
    return {
        code: [info.kind, info.additive, list(info.en) if info.en else None, info.zh]
        for code, info in listed.items()
    }


def listed_dimensions() -> frozenset[str]:
    """The codes the data file describes (every non-money, non-compound dimension).

    >>> sorted(listed_dimensions())[:3]
    ['BARRELS', 'COUNT', 'CUBIC_METRES']
    """
    return frozenset(_listed())


@functools.cache
def dimension_info(code: str) -> DimensionInfo:
    """The facts about ``code``; an unlisted three-letter code is money (ISO 4217).

    Raises:
        InvalidInputError: ``code`` is not a dimension code, or names no known
            kind (neither listed, nor three letters, nor ``X_PER_Y``).
    """
    check_dimension(code)
    listed = _listed()
    if code in listed:
        return listed[code]
    if _ISO.fullmatch(code):
        return DimensionInfo(code, "money", True)
    top, sep, bottom = code.partition("_PER_")
    if sep and top and bottom and "_PER_" not in bottom:
        dimension_info(top)  # both halves must be known kinds
        dimension_info(bottom)
        return DimensionInfo(code, "per_unit", False)
    raise InvalidInputError(
        f"dimension {code!r} is neither an ISO 4217 currency code, nor X_PER_Y, nor one of "
        f"{sorted(listed)} (fincalc/_data/dimensions.toml)",
        argument="dimension",
        value=code,
    )


def is_money(code: str) -> bool:
    """Whether ``code`` is a currency (never raises; an invalid code is not money).

    >>> is_money("HKD"), is_money("RATIO"), is_money("usd")
    (True, False, False)
    """
    return isinstance(code, str) and _ISO.fullmatch(code) is not None and code not in _listed()


def find_dimension(code: object) -> DimensionInfo | None:
    """The facts about ``code``, or ``None`` when it names no known kind (never raises).

    A user may build facts in a unit of their own (``"WIDGETS"``); the
    operations then treat it as an additive unit without render words.

    >>> find_dimension("PERSONS").zh, find_dimension("WIDGETS") is None
    ('人', True)
    """
    return _found(code) if isinstance(code, str) else None


@functools.lru_cache(maxsize=1024)
def _found(code: str) -> DimensionInfo | None:
    try:
        return dimension_info(code)
    except InvalidInputError:
        return None


def is_additive(code: str) -> bool:
    """Whether figures of ``code`` may be summed (never raises; unknown codes are additive).

    Ratios, multiples and per-unit figures (``CNY_PER_SHARES``) do not sum:
    add the amounts, then divide.

    >>> is_additive("CNY"), is_additive("TONNES"), is_additive("RATIO"), is_additive("WIDGETS")
    (True, True, False, True)
    """
    info = find_dimension(code)
    return True if info is None else info.additive

"""What the judge needs to know about a dimension: known, comparable, derived.

The facts come from ``_data/dimensions.toml`` (through ``fincalc._values.dimensions``)
and the unit table: a dimension is *known* when the unit table reads it or the
dimensions file lists it (``DAYS`` is listed before the parser reads "days");
two dimensions are *comparable* when they are equal, when either is unknown
(``None``: a bare number, or a gold without a dimension), or when one is a
per-share figure of the other's currency ("EPS was $2.35" answers a
``USD_PER_SHARES`` question); a dimension is *derived* when its figures are
computed rather than read (ratios, multiples, days, per-unit figures), which
is when the last written digit may differ by rounding (``tolerance``).
"""

from __future__ import annotations

import functools

from .._base.exceptions import FincalcError
from .._reading.units import check_known_dimension
from .._values.dimensions import dimension_info, is_money, listed_dimensions

__all__ = ["comparable", "is_derived", "known_dimension", "per_share_of"]

_PER = "_PER_"
_DERIVED_KINDS = frozenset({"ratio", "multiple", "time", "per_unit"})


def known_dimension(code: object) -> str:
    """Return ``code`` when fincalc knows the dimension, else raise ``InvalidInputError``.

    >>> known_dimension("CNY"), known_dimension("DAYS"), known_dimension("USD_PER_SHARES")
    ('CNY', 'DAYS', 'USD_PER_SHARES')
    """
    try:
        return check_known_dimension(code)
    except FincalcError:
        if isinstance(code, str) and all(part in listed_dimensions() for part in code.split(_PER)):
            return code
        raise


@functools.lru_cache(maxsize=256)
def per_share_of(code: str | None) -> str | None:
    """The currency of a per-share code (``USD_PER_SHARES`` -> ``USD``), else ``None``.

    >>> per_share_of("CNY_PER_SHARES"), per_share_of("CNY"), per_share_of(None)
    ('CNY', None, None)
    """
    if code is None or not code.endswith(_PER + "SHARES"):
        return None
    top = code[: -len(_PER + "SHARES")]
    return top if is_money(top) else None


def comparable(found: str | None, expected: str | None) -> bool:
    """True when an amount of dimension ``found`` can answer a question in ``expected``.

    A multiple and a ratio are both numbers in units of one ("0.96x" answers a
    ratio of 0.958: x is "times").

    >>> comparable("USD", "USD_PER_SHARES"), comparable(None, "CNY"), comparable("USD", "CNY")
    (True, True, False)
    >>> comparable("MULTIPLE", "RATIO")
    True
    """
    if found is None or expected is None or found == expected:
        return True
    if found in _UNITLESS and expected in _UNITLESS:
        return True
    return _per_share_pair(found, expected)


_UNITLESS = frozenset({"RATIO", "MULTIPLE"})


@functools.lru_cache(maxsize=1024)
def _per_share_pair(found: str, expected: str) -> bool:
    """Whether one of two different codes is a per-share figure of the other's currency."""
    return (per_share_of(found) or found) == (per_share_of(expected) or expected) and (
        is_money(per_share_of(found) or found)
    )


@functools.lru_cache(maxsize=256)
def is_derived(code: str | None) -> bool:
    """True for figures that are computed: ratios, multiples, days, per-unit, plain numbers.

    A plain number (``None``) is taken as derived: a question whose gold has no
    unit asks for a ratio or a count of days far more often than for a count.

    >>> is_derived("RATIO"), is_derived("DAYS"), is_derived("CNY_PER_SHARES"), is_derived("CNY")
    (True, True, True, False)
    >>> is_derived("SHARES"), is_derived(None)
    (False, True)
    """
    if code is None:
        return True
    try:
        return dimension_info(code).kind in _DERIVED_KINDS
    except FincalcError:
        return False

"""A range that writes its scale and unit once: "$1.2-1.5 billion", "1.5至2亿元", "5-10%".

The first bound of such a range is a bare number, and reading it alone would
misread it ("$1.2" for $1.2 billion).  ``read_range_partner`` looks past the
range word (``[number] range_joins`` in reading.toml: "-", "~", 至, 到, "to")
at the second bound and returns the scale and unit written after it, which
the first bound shares; a currency written before the first bound is left on
the source for the second (``Source.range_currency``), so that "1.5 billion"
in "$1.2-1.5 billion" is dollars too.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .._base.vocabulary import vocabulary
from .after_number import After, read_after
from .aliases import AliasIndex
from .before_number import Before
from .grammar import SPACES, scan_pattern
from .scan import Core, Refusal, Source, forward_spaces
from .unit_table import ScaleSpec, SuffixSpec

__all__ = [
    "RangePartner",
    "range_initials",
    "read_range_partner",
    "share_range_units",
    "take_range_currency",
]


@dataclass(frozen=True, slots=True)
class RangePartner:
    """What the second bound of a range carries after it, and where it starts."""

    start: int  # where the second bound's number (or its currency) starts
    scale: ScaleSpec | None
    scale_text: str | None
    unit: SuffixSpec | None
    unit_text: str | None
    # The join also joins two amounts ("and") and no opener ("between") is written
    # before the first bound: it is no range, and a scale after the second is its own
    pair: bool = False
    join: str = ""  # the join as written ("and", "to", "-")


@functools.cache
def _pair_joins() -> frozenset[str]:
    return frozenset(w.casefold() for w in vocabulary("reading").words("number.pair_joins"))


@functools.cache
def _openers() -> tuple[str, ...]:
    return tuple(w.casefold() for w in vocabulary("reading").words("number.range_openers"))


#: How far before the first bound an opener is looked for.
_OPENER_REACH = 24


def _opened(norm: str, start: int) -> bool:
    """True when a range opener ("between", 介于) is written before the bound at
    ``start``, with at most spaces and a currency ("between US$ 1.2") between."""
    before = norm[max(0, start - _OPENER_REACH) : start].casefold()
    for opener in _openers():
        at = before.rfind(opener)
        if at < 0 or (opener.isascii() and at and before[at - 1].isalnum()):
            continue
        rest = before[at + len(opener) :]
        if opener.isascii() and rest[:1] not in (" ", "\u202f"):
            continue  # "betweenness"
        between = rest.strip(" \u202f")
        if len(between) <= 4 and not any(ch.isdigit() or ch.isspace() for ch in between):
            return True
    return False


#: How far after the second bound "respectively" is looked for, within its sentence.
_RESPECTIVELY_REACH = 120
_SENTENCE_ENDS = (". ", "。", ";", "；", "\n")


def _respectively(norm: str, end: int) -> bool:
    """True when the sentence after the second bound says "respectively": a list of
    amounts whose scale is written once ("$1.1 and $5.1 million in 2015 and 2014,
    respectively")."""
    rest = norm[end : end + _RESPECTIVELY_REACH]
    for mark in _SENTENCE_ENDS:
        at = rest.find(mark)
        if at >= 0:
            rest = rest[:at]
    return "respectively" in rest.casefold()


@functools.cache
def _joins() -> AliasIndex:
    words = vocabulary("reading")
    joins = (
        *words.words("number.range_joins"),
        *words.words("number.range_marks"),
        *words.words("number.pair_joins"),
    )
    return AliasIndex(dict.fromkeys(joins, True))


def range_initials() -> frozenset[str]:
    """The characters a range word can start with ("-", "~", 至, 到, "t", "a")."""
    return _joins().first_chars


def read_range_partner(source: Source, core: Core, after: After) -> RangePartner | None:
    """The scale and unit the second bound of a range writes for both bounds, or None.

    ``core`` is the first bound, with nothing read after it but spaces.
    """
    norm, grammar = source.norm, source.grammar
    size = len(norm)
    k = forward_spaces(norm, core.end)
    join = _joins().starting_at(norm, k)
    if join is None:
        return None
    k0, k1 = k, join[0]
    word = norm[k0:k1].casefold()
    spaced_before, k = k != core.end, join[0]
    if k < size and norm[k] in SPACES:
        k = forward_spaces(norm, k)
    elif spaced_before and not norm[k - 1].isalpha():
        return None  # "2024 -人民币5,691亿元": a minus before the next amount, not a range
    start = k
    currency = grammar.currencies.starting_at(norm, k) if k < size else None
    if currency is not None:
        k = forward_spaces(norm, currency[0])
    match = scan_pattern(grammar, norm).match(norm, k)
    if match is None or match.group("skip") is not None:
        return None
    _, arabic, _, cn, chain = match.groups()
    second = Core(match.start(), match.end(), match.group(), arabic, cn, chain)
    try:
        written = read_after(source, second)
    except Refusal:
        return None
    scale, scale_text = written.scale, written.scale_text
    chain = chain.strip()
    if scale is None and chain:
        scale = source.table.scale(chain)  # 1.5至2亿元: the 亿 of the second bound
        if scale is None:
            return None  # 3-4万5千: a compound numeral, not a scale to share
        scale_text = chain
    if scale is None and written.unit is None:
        return None
    pair = (
        word in _pair_joins()
        and not _opened(norm, core.start)
        and not _respectively(norm, written.end)
    )
    return RangePartner(
        start, scale, scale_text, written.unit, written.unit_text, pair, source.text[k0:k1]
    )


def share_range_units(core: Core, after: After, partner: RangePartner) -> None:
    """Give the first bound the scale and unit its range writes after the second.

    A first bound with a Han scale of its own ("1.5亿-2亿元") shares the unit only.
    """
    if not core.chain.strip():
        after.scale, after.scale_text = partner.scale, partner.scale_text
    after.unit, after.unit_text = partner.unit, partner.unit_text


def take_range_currency(source: Source, core: Core, before: Before, after: After) -> None:
    """Give the second bound of a range the currency written before the first."""
    shared = source.range_currency
    if shared is None or not shared[0] <= core.start <= shared[0] + 8:
        return
    source.range_currency = None
    if after.unit is None or after.unit.kind != "currency":
        before.currency, before.currency_text = shared[1], shared[2]

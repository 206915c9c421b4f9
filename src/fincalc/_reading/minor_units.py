"""The 角 and 分 of a 元 amount: "3元5角", "六十四万零一百四十三元一角七分", "3块5毛", "一角七分".

Written after the whole unit (元, 圆, or the colloquial 块), a 角 (毛) is a tenth
and a 分 a hundredth of it, one digit each; written alone, "一角七分" and "5毛钱"
are amounts of their own.  The words are data (``[minor]`` in reading.toml).
Reading the tail as part of the amount matters: "六十四万零一百四十三元一角七分"
is 640,143.17, and stopping at 元 would misread it.  Minor units that are
written as a currency of their own ("35 cents", "470 pence", "1.5亿美分") are
entries of the unit table (``minor`` of a ``[[currency]]``), not of this module.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from .._base.exceptions import ParseError
from .._base.vocabulary import alternation, vocabulary
from .._values.quantity import Quantity, trusted_quantity
from .after_number import After
from .numerals import DIGITS
from .scan import Core, Source

__all__ = ["join_minor_units", "read_minor_tail"]

#: What may stand between a major and a minor amount of one currency: "13 dollars
#: and 45 cents", "$5, 20 cents" is no such pair.
_JOIN: Final = re.compile(r"[ \u202f]++(?:and|&)[ \u202f]++", re.IGNORECASE)

_TENTH: Final = Decimal("0.1")
_HUNDREDTH: Final = Decimal("0.01")
_TAIL_DIGITS: Final = frozenset("0123456789" + "".join(ch for ch in DIGITS if ch not in "零〇"))
#: Characters that may follow a lone "5角" for it to be money: the end of a phrase.
_PHRASE_END: Final = frozenset(",.;:!?)]}|\n\r\t，。；：！？、）」』\"' ")


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Words:
    """A table's 角/分 tail pattern and the words around it (built once a table, by identity)."""

    tail: re.Pattern[str]  # [N角|毛][N分][钱] at a position
    yuan: frozenset[str]
    yuan_word: str  # the whole unit a colloquial or lone tail reads as (元)
    colloquial: frozenset[str]
    initials: frozenset[str]  # first characters of 角, 毛 and the colloquial 块


def _digit(ch: str) -> int:
    return int(ch) if ch.isascii() else DIGITS[ch]


@functools.cache
def _words() -> _Words:
    words = vocabulary("reading")
    digit = "[0-9" + "".join(ch for ch in DIGITS if ch not in "零〇") + "]"
    jiao = alternation(words.words("minor.jiao"), boundaries=False)
    fen = alternation(words.words("minor.fen"), boundaries=False)
    money = alternation(words.words("minor.money"), boundaries=False)
    tail = re.compile(
        rf"(?:零?+(?P<jiao>{digit})(?:{jiao}))?+(?:零?+(?P<fen>{digit})(?:{fen}))?+"
        rf"(?P<money>{money})?+"
    )
    colloquial = frozenset(words.words("minor.colloquial"))
    return _Words(
        tail,
        frozenset(words.words("minor.yuan")),
        words.words("minor.yuan")[0],
        colloquial,
        frozenset(w[0] for w in (*words.words("minor.jiao"), *colloquial)),
    )


def _fraction(jiao: str | None, fen: str | None) -> Decimal:
    value = Decimal(0)
    if jiao:
        value += _digit(jiao) * _TENTH
    if fen:
        value += _digit(fen) * _HUNDREDTH
    return value


def read_minor_tail(source: Source, core: Core, after: After) -> bool:
    """Read the 角/分 of the amount into ``after``; True when the core itself is tenths.

    After 元 ("3元5角") the tail is added to the whole number (``after.fraction``);
    after the colloquial 块 it also makes 块 the unit ("3块5毛", "5块钱", "19块9");
    a lone "一角七分" or "5毛钱" is an amount of its own, whose core counts tenths.
    """
    words = _words()
    norm = source.norm
    size = len(norm)
    at = after.units_end
    unit_text = after.unit_text
    if unit_text is not None:
        if unit_text not in words.yuan or after.scale is not None:
            return False
        match = words.tail.match(norm, at)
        if match is None or not (match.group("jiao") or match.group("fen")):
            return False
        after.end = after.units_end = match.end()
        after.fraction = _fraction(match.group("jiao"), match.group("fen"))
        return False
    if after.scale is not None or core.chain or at >= size or norm[at] not in words.initials:
        return False
    yuan = source.table.suffix(words.yuan_word)
    if norm[at] in words.colloquial:  # 5块钱, 3块5毛, 19块9
        match = words.tail.match(norm, at + 1)
        if match is not None and match.end() > at + 1:
            end, fraction = match.end(), _fraction(match.group("jiao"), match.group("fen"))
        elif _digit_then_end(norm, at + 1):
            end, fraction = at + 2, _fraction(norm[at + 1], None)
        else:
            return False  # 3块土地: a measure word
        after.end = after.units_end = end
        after.unit, after.unit_text, after.fraction = yuan, norm[at], fraction
        return False
    # A lone 一角七分, 5毛钱: the core is the 角, one digit
    if len(core.text) != 1:
        return False
    match = words.tail.match(norm, core.start)
    if match is None or not match.group("jiao"):
        return False
    end, fen = match.end(), match.group("fen")
    if not fen and not match.group("money") and _digit_then_end(norm, end):
        end, fen = end + 1, norm[end]  # 9毛9: the colloquial 分 after 毛
    if not (fen or match.group("money") or end >= size or norm[end] in _PHRASE_END):
        return False  # 三角形, 5毛利率
    after.end = after.units_end = end
    after.unit, after.unit_text = yuan, source.text[at:end]
    after.fraction = _fraction(None, fen)
    return True


def _digit_then_end(norm: str, at: int) -> bool:
    """One digit at ``at`` and then the end of a phrase: the 9 of 19块9 and 9毛9."""
    return (
        at < len(norm)
        and norm[at] in _TAIL_DIGITS
        and (at + 1 == len(norm) or norm[at + 1] in _PHRASE_END)
    )


def _is_minor(source: Source, quantity: Quantity) -> bool | None:
    """True for a minor unit ("45 cents"), False for a major one ("13 dollars"), else None."""
    if quantity.unit is None or quantity.unit_from_context or quantity.dimension is None:
        return None
    spec = source.table.suffix(quantity.unit) or source.table.suffix(quantity.unit.split(" ")[-1])
    if spec is None or spec.kind != "currency" or spec.dimension != quantity.dimension:
        return None
    return spec.multiplier != 1


def join_minor_units(
    source: Source, found: list[tuple[Quantity | ParseError, int]]
) -> list[tuple[Quantity | ParseError, int]]:
    """Join "13 dollars and 45 cents" (a major and a minor amount of one currency) into one."""
    joined: list[tuple[Quantity | ParseError, int]] = []
    for item in found:
        previous = joined[-1][0] if joined else None
        quantity = item[0]
        if (
            isinstance(previous, Quantity)
            and isinstance(quantity, Quantity)
            and previous.span is not None
            and quantity.span is not None
            and previous.dimension == quantity.dimension
            and _JOIN.fullmatch(source.norm, previous.span[1], quantity.span[0])
            and _is_minor(source, previous) is False
            and _is_minor(source, quantity) is True
            and previous.value >= 0
            and quantity.value >= 0
        ):
            span = (previous.span[0], quantity.span[1])
            value = previous.value + quantity.value
            unit = f"{previous.unit} {quantity.unit}"
            raw = source.text[span[0] : span[1]]
            whole = trusted_quantity(
                value, quantity.dimension, unit, raw, span, previous.qualifier, False
            )
            joined[-1] = (whole, joined[-1][1])
            continue
        joined.append(item)
    return joined

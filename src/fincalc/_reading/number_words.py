"""English number words: "five million", "a quarter million", "two and a half billion".

``find_word_numbers`` finds runs of number words in the folded text and
reads each into an exact ``Decimal``; the reader then reads what is written
after it (a currency, a unit) as for any number.  The words are data
(``[words]`` in reading.toml; the scale words are the unit table's).  A run
with neither a scale word nor a unit after it is not an amount: "one of our
customers" and "two of them" stay words.  Fractions with no exact decimal
("one-third") are refused, never rounded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from .._base.vocabulary import vocabulary
from .aliases import is_latin
from .unit_table import UnitTable
from .value import CTX

__all__ = ["WordNumber", "find_word_numbers"]

_ONE: Final = Decimal(1)
_HUNDRED: Final = Decimal(100)


@dataclass(frozen=True, slots=True)
class WordNumber:
    """A run of number words: its span, its value (or why it has none) and whether it scales."""

    start: int
    end: int
    value: Decimal | None
    scaled: bool  # a scale word ("million", "lakh") is part of it
    problem: str | None = None  # why it has no exact value ("a third")
    scale_text: str = ""  # the last scale word as written ("million")


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Words:
    """A table's number-word pattern and what each word is (built once a table, by identity)."""

    pattern: re.Pattern[str]
    values: dict[str, tuple[str, Decimal]]  # word -> (kind, value)


def _build(table: UnitTable) -> _Words:
    words = vocabulary("reading")
    values: dict[str, tuple[str, Decimal]] = {}
    for i, word in enumerate(words.words("words.ones")):
        values[word] = ("number", Decimal(i))
    for i, word in enumerate(words.words("words.tens")):
        values[word] = ("number", Decimal((i + 2) * 10))
    for word in words.words("words.hundred"):
        values[word] = ("hundred", _HUNDRED)
    for word in words.words("words.article"):
        values[word] = ("article", _ONE)
    for word in words.words("words.joiners"):
        values[word] = ("joiner", _ONE)
    for denominator in (2, 3, 4, 5, 6, 8, 10):
        for word in words.words(f"words.denominator_{denominator}"):
            values[word] = ("fraction", Decimal(denominator))
    for alias, spec in table.scales.items():
        if is_latin(alias) and not spec.tight and alias.isalpha():
            values.setdefault(alias.casefold(), ("scale", spec.multiplier))
    alternation = "|".join(sorted(map(re.escape, values), key=lambda w: (-len(w), w)))
    first = "".join(sorted({w[0] for w in values} | {w[0].upper() for w in values}))
    word = rf"(?i:{alternation})(?![A-Za-z])"
    # The first-letter look-ahead lets ``re`` skip every other character quickly.
    pattern = re.compile(rf"(?=[{first}])(?<![A-Za-z0-9]){word}(?:[ -]{{1,2}}+{word})*+")
    return _Words(pattern, values)


def _words_for(table: UnitTable) -> _Words:
    cached: _Words | None = table._cache.get("number words")
    if cached is None:
        cached = table._cache["number words"] = _build(table)
    return cached


def find_word_numbers(norm: str, table: UnitTable) -> list[WordNumber]:
    """Every run of English number words in ``norm`` with a number in it, in order."""
    words = _words_for(table)
    found: list[WordNumber] = []
    for match in words.pattern.finditer(norm):
        read = _read(match, words)
        if read is not None:
            found.append(read)
    return found


_Token = tuple[int, int, str, Decimal, str]  # start, end, kind, value, word


def _tokens(match: re.Match[str], words: _Words) -> list[_Token]:
    tokens = []
    for token in re.finditer(r"[A-Za-z]++", match.group()):
        word = token.group().casefold()
        kind, value = words.values[word]
        tokens.append(
            (match.start() + token.start(), match.start() + token.end(), kind, value, word)
        )
    # a run neither starts nor ends with "and", "of", "a": "and five", "five of a"
    while tokens and tokens[0][2] == "joiner":
        tokens.pop(0)
    while tokens and tokens[-1][2] in ("joiner", "article"):
        tokens.pop()
    return tokens


def _read(match: re.Match[str], words: _Words) -> WordNumber | None:
    tokens = _tokens(match, words)
    if not tokens or not (
        any(token[2] in ("number", "fraction") for token in tokens)
        or (tokens[0][2] == "article" and len(tokens) > 1)
    ):
        return None  # "millions" alone ("in millions") is a scale word, not a number
    start, end = tokens[0][0], tokens[-1][1]
    scales = [token for token in tokens if token[2] == "scale"]
    scale_text = match.string[scales[-1][0] : scales[-1][1]] if scales else ""
    try:
        value = _value(tokens)
    except ValueError as exc:
        return WordNumber(start, end, None, bool(scales), str(exc), scale_text)
    return WordNumber(start, end, value, bool(scales), None, scale_text)


def _value(tokens: list[_Token]) -> Decimal:
    """The exact value of a run of number words (``ValueError`` when it has none).

    Raises:
        ValueError: numbers run together ("one two"), or a fraction with no
            exact decimal ("a third").
    """
    total: Decimal | None = None
    current: Decimal | None = None
    plus = False  # after "and": "two and a half" adds the half
    for _, _, kind, value, word in tokens:
        if kind == "number":
            if current is not None and (current % 10 or (value >= 10 and current % 100)):
                raise ValueError("two numbers run together")
            current = value if current is None else CTX.add(current, value)
        elif kind == "hundred":
            current = CTX.multiply(current if current is not None else _ONE, value)
        elif kind == "fraction":
            if value not in _EXACT_DENOMINATORS:
                raise ValueError(f"1/{value} has no exact decimal value")
            part = CTX.divide(_ONE, value)
            if plus and current is not None:
                current = CTX.add(current, part)  # two and a half
            else:  # three quarters, a quarter
                current = CTX.multiply(current if current is not None else _ONE, part)
        elif kind == "scale":
            scaled = CTX.multiply(current if current is not None else _ONE, value)
            total = scaled if total is None else CTX.add(total, scaled)
            current = None
        if kind == "joiner":
            plus = word == _AND
        elif kind != "article":
            plus = False
    if total is None or current is None:
        result = total if current is None else current
        if result is None:
            raise ValueError("no number")
        return result
    return CTX.add(total, current)


_AND: Final = "and"
#: 1/d is a finite decimal only when d has no prime factor but 2 and 5.
_EXACT_DENOMINATORS: Final = frozenset(Decimal(d) for d in (2, 4, 5, 8, 10))

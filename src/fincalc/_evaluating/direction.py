"""Reading the sign of an amount from the words before it: direction and loss.

"同比下降 0.49%" is -0.0049 and "rose 0.49%" +0.0049.  For an amount (not a
ratio) the decrease word must govern the number directly ("减少了5亿元",
"decreased by $5M"); "下降为8.7亿元" and "lower at $8.7 billion" state a level.
A loss word makes the amount after it negative ("净亏损3.2亿元", "net loss of
$3.2 million") unless a profit word stands between them ("由亏损转为盈利").
Only the clause right before the amount counts: back to the previous amount,
a clause break, or 24 characters (a full stop after an abbreviation such as
"approx." is no clause break, ``sentences``).  A direction word right after
the amount gives the sign too: "a 12% decline", "12% lower", "12%的降幅".

The words are data (``_data/answers.toml``: ``direction``, ``direction_after``,
``level``, ``change_gap``, ``result``); the regular expressions are built
from them here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from .._values.quantity import Quantity
from .._values.vocabulary import alternation
from .cues import WordFinder, trie_pattern
from .sentences import clause_start
from .wording import gap_alternation, last_match, stem_alternation, word_alternation, words

__all__ = ["interpret", "signed"]

# "下降至 8.7 亿元", "fell to $5M": a level, not a change (ratios).
_LEVEL_GAP = re.compile(alternation(words("level.connective")), re.IGNORECASE)
# What may stand between a direction word and an amount it changes (the whole
# gap must match): nothing, 了 and an approximation ("减少了约5亿元"), or by/of
# and an approximation ("decreased by about $5 million").  Anything else
# ("下降为", "仍达", "lower at", "reached") makes the amount a level.
_CHANGE_GAP = re.compile(
    rf"\s*(?:(?:{gap_alternation(words('change_gap.zh.particle'))})\s*)?"
    rf"(?:(?:{gap_alternation(words('change_gap.zh.approximately'))})\s*)?"
    rf"|\s*(?:(?:{gap_alternation(words('change_gap.en.preposition'))})\s+)?"
    rf"(?:(?:{gap_alternation(words('change_gap.en.approximately'))})\s+)?",
    re.IGNORECASE,
)
# Words that make the amount after them a negative result ("净亏损3.2亿元",
# "net loss of $3.2 million"); a profit word after the loss word cancels it.
_LOSS = re.compile(
    word_alternation(words("result.zh.loss") + words("result.en.loss")), re.IGNORECASE
)
_PROFIT = re.compile(
    word_alternation(words("result.zh.profit") + words("result.en.profit"))
    + "|"
    + stem_alternation(words("result.en.profit_stem")),
    re.IGNORECASE,
)
# A direction word right after the amount: "a 12% decline", "12%的降幅".
_AFTER_DOWN = word_alternation(words("direction_after.zh.down") + words("direction_after.en.down"))
_AFTER_UP = word_alternation(words("direction_after.zh.up") + words("direction_after.en.up"))
_AFTER = re.compile(rf"[ \t-]?(?:(?P<down>{_AFTER_DOWN})|(?P<up>{_AFTER_UP}))", re.IGNORECASE)
_WINDOW = 24
# The direction words in one prefix tree (matched on the lower-cased clause).
_DIRECTIONS = WordFinder(
    {
        **dict.fromkeys(words("direction.zh.up") + words("direction.en.up"), ("up",)),
        **dict.fromkeys(words("direction.zh.down") + words("direction.en.down"), ("down",)),
    }
)
# A quick test on the lower-cased window, one prefix tree of every direction
# and loss word, before the word-edged patterns above run (most amounts have
# neither word before them).
_HINT = re.compile(
    trie_pattern(
        {w.lower() for w in words("direction") + words("result.zh.loss") + words("result.en.loss")}
    )
)


def _direction(window: str, *, ratio: bool) -> int:
    """-1 when a decrease word in ``window`` (the amount's clause) governs the amount, else +1.

    For a ratio, a word followed by 至/到/to describes a level ("下降至 5.2%"),
    not a change.  For an amount, the word must govern the number directly
    (``_CHANGE_GAP``): "减少了5亿元" is a change, "下降为8.7亿元" and "lower at
    $8.7 billion" are levels.

    >>> _direction("同比下降 ", ratio=True), _direction("下降至 ", ratio=True)
    (-1, 1)
    >>> _direction("减少了", ratio=False), _direction("下降为", ratio=False)
    (-1, 1)
    """
    word = _DIRECTIONS.last(window)
    if word is None or "down" not in word.kinds:
        return 1
    if ratio:
        return 1 if _LEVEL_GAP.search(window, word.end) else -1
    return -1 if _CHANGE_GAP.fullmatch(window, word.end) else 1


def _is_loss(window: str) -> bool:
    """True when a loss word in ``window`` (the amount's clause) makes the amount negative.

    >>> _is_loss("净亏损"), _is_loss("由亏损转为盈利")
    (True, False)
    """
    word = last_match(_LOSS, window)
    return word is not None and _PROFIT.search(window, word.end()) is None


def _decrease_after(text: str, end: int) -> bool:
    """True when a decrease word follows the amount directly: "a 12% decline", "12% lower".

    >>> _decrease_after("a 12% decline in sales", 5), _decrease_after("a 12% rise", 5)
    (True, False)
    """
    match = _AFTER.match(text, end)
    return match is not None and match.lastgroup == "down"


def interpret(
    candidates: Sequence[Quantity], text: str | None, dimension: str | None
) -> tuple[list[Decimal], list[str | None]]:
    """Candidate values with direction and loss words applied, and their dimensions.

    A candidate without a dimension is read in the expected ``dimension``, so
    a bare number asked as a ratio follows the ratio rules.  Without ``text``
    (or a span) the values are taken as they are.

    >>> q = Quantity(Decimal("0.0049"), "RATIO", unit="%", raw="0.49%", span=(5, 10))
    >>> interpret([q], "同比下降 0.49%", "RATIO")
    ([Decimal('-0.0049')], ['RATIO'])
    """
    values: list[Decimal] = []
    dimensions: list[str | None] = []
    floor = 0
    for q in candidates:
        values.append(signed(q, text, floor, dimension))
        dimensions.append(q.dimension)
        if text is not None and q.span is not None:
            floor = q.span[1]
    return values, dimensions


def signed(q: Quantity, text: str | None, floor: int, dimension: str | None) -> Decimal:
    """The value of ``q`` with the direction and loss words around it applied.

    ``floor`` is where the previous amount ended: words before it belong to that one.

    >>> q = Quantity(Decimal("5E+8"), "CNY", unit="亿元", raw="5亿元", span=(6, 9))
    >>> signed(q, "营业收入减少5亿元", 0, "CNY")
    Decimal('-5E+8')
    """
    value = q.value
    if text is None or q.span is None or value <= 0:
        return value
    start, end = q.span
    if _decrease_after(text, end):
        return -value
    begin = max(floor, start - _WINDOW)
    if _HINT.search(text[begin:start].lower()) is None:  # the common case: no word at all
        return value
    window = text[clause_start(text, begin, start) : start]
    ratio = (q.dimension or dimension) == "RATIO"
    if _direction(window, ratio=ratio) < 0 or (not ratio and _is_loss(window)):
        return -value
    return value

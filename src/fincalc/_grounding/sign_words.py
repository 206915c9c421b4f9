"""Reading the sign of an amount from the words around it: direction and loss.

"同比下降 0.49%" is -0.0049 and "rose 0.49%" +0.0049.  For an amount (not a
ratio) the decrease word must govern the number directly ("减少了5亿元",
"decreased by $5M"); "下降为8.7亿元" and "lower at $8.7 billion" state a level.
A loss word makes the amount after it negative ("净亏损3.2亿元", "net loss of
$3.2 million") unless a profit word stands between them ("由亏损转为盈利").
Only the clause right before the amount counts: back to the previous amount,
a clause break, or 24 characters (a full stop after an abbreviation such as
"approx." is no clause break).  A direction word right after the amount gives
the sign too: "a 12% decline", "12% lower", "12%的降幅".

One home for these rules: the grounding stage reads a quoted amount's sign
words in its document, the growth operations refuse a decline used as a
positive growth, and the answer checker signs the figures of an answer.  The
words are data (``_data/directions.toml``: ``direction``, ``direction_after``,
``level``, ``change_gap``, ``result``, ``metric``).
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal

from .._base.vocabulary import alternation, vocabulary
from .._values.quantity import Quantity
from .word_matching import (
    WordFinder,
    clause_start,
    gap_alternation,
    last_match,
    stem_alternation,
    trie_pattern,
    word_alternation,
)

__all__ = [
    "WINDOW",
    "asks_for_a_decrease",
    "decrease_after",
    "decrease_before",
    "loss_before",
    "metric_sense",
    "negating_word",
    "sign_word",
    "signed",
]


def _words(key: str) -> tuple[str, ...]:
    return vocabulary("directions").words(key)


#: How far before an amount its sign words may stand (the clause may end sooner).
WINDOW = 24
# "下降至 8.7 亿元", "fell to $5M": a level, not a change (ratios).
_LEVEL_GAP = re.compile(alternation(_words("level.connective")), re.IGNORECASE)
# What may stand between a direction word and an amount it changes (the whole
# gap must match): nothing, 了 and an approximation ("减少了约5亿元"), or by/of
# and an approximation ("decreased by about $5 million").  Anything else
# ("下降为", "仍达", "lower at", "reached") makes the amount a level.
_CHANGE_GAP = re.compile(
    rf"\s*(?:(?:{gap_alternation(_words('change_gap.zh.particle'))})\s*)?"
    rf"(?:(?:{gap_alternation(_words('change_gap.zh.approximately'))})\s*)?"
    rf"|\s*(?:(?:{gap_alternation(_words('change_gap.en.preposition'))})\s+)?"
    rf"(?:(?:{gap_alternation(_words('change_gap.en.approximately'))})\s+)?",
    re.IGNORECASE,
)
# Words that make the amount after them a negative result ("净亏损3.2亿元",
# "net loss of $3.2 million"); a profit word after the loss word cancels it.
_LOSS = re.compile(
    word_alternation(_words("result.zh.loss") + _words("result.en.loss")), re.IGNORECASE
)
_PROFIT = re.compile(
    word_alternation(_words("result.zh.profit") + _words("result.en.profit"))
    + "|"
    + stem_alternation(_words("result.en.profit_stem")),
    re.IGNORECASE,
)
# Words that name a profit at a stated amount ("净利润1.2亿元", "net income of $1.2 million").
_PROFIT_NAMED = re.compile(
    word_alternation(_words("profit_named.zh") + _words("profit_named.en")), re.IGNORECASE
)
# A direction word right after the amount: "a 12% decline", "12%的降幅".
_AFTER_DOWN = word_alternation(
    _words("direction_after.zh.down") + _words("direction_after.en.down")
)
_AFTER_UP = word_alternation(_words("direction_after.zh.up") + _words("direction_after.en.up"))
_AFTER = re.compile(rf"[ \t-]?(?:(?P<down>{_AFTER_DOWN})|(?P<up>{_AFTER_UP}))", re.IGNORECASE)
# The direction words in one prefix tree (matched on the lower-cased clause).
_DIRECTIONS = WordFinder(
    {
        **dict.fromkeys(_words("direction.zh.up") + _words("direction.en.up"), ("up",)),
        **dict.fromkeys(_words("direction.zh.down") + _words("direction.en.down"), ("down",)),
    }
)
# A quick test on the lower-cased window, one prefix tree of every direction
# and loss word, before the word-edged patterns above run (most amounts have
# neither word before them).
_HINT = re.compile(
    trie_pattern(
        {
            w.lower()
            for w in _words("direction") + _words("result.zh.loss") + _words("result.en.loss")
        }
    )
)


def decrease_before(window: str, *, ratio: bool) -> str | None:
    """The decrease word in ``window`` (the amount's clause) that governs the amount, if any.

    For a ratio, a word followed by 至/到/to describes a level ("下降至 5.2%"),
    not a change.  For an amount, the word must govern the number directly:
    "减少了5亿元" is a change, "下降为8.7亿元" and "lower at $8.7 billion" are
    levels.

    >>> decrease_before("同比下降 ", ratio=True), decrease_before("下降至 ", ratio=True)
    ('下降', None)
    >>> decrease_before("减少了", ratio=False), decrease_before("下降为", ratio=False)
    ('减少', None)
    """
    word = _DIRECTIONS.last(window)
    if word is None or "down" not in word.kinds:
        return None
    if ratio:
        return None if _LEVEL_GAP.search(window, word.end) else word.word
    return word.word if _CHANGE_GAP.fullmatch(window, word.end) else None


def loss_before(window: str) -> str | None:
    """The loss word in ``window`` (the amount's clause) that makes the amount negative, if any.

    >>> loss_before("净亏损"), loss_before("由亏损转为盈利")
    ('净亏', None)
    """
    word = last_match(_LOSS, window)
    if word is None or _PROFIT.search(window, word.end()) is not None:
        return None
    return word.group()


def decrease_after(text: str, end: int) -> str | None:
    """The decrease word right after the amount ending at ``end``: "a 12% decline", "12% lower".

    >>> decrease_after("a 12% decline in sales", 5), decrease_after("a 12% rise", 5)
    ('decline', None)
    """
    match = _AFTER.match(text, end)
    return match["down"] if match is not None and match.lastgroup == "down" else None


def negating_word(
    text: str, span: tuple[int, int], *, floor: int = 0, ratio: bool
) -> tuple[str, str] | None:
    """The word that makes the amount at ``span`` of ``text`` negative, and its kind.

    The kind is ``"decrease"`` (a direction word before or after the amount)
    or ``"loss"`` (a loss word before an amount that is not a ratio).
    ``floor`` is where the previous amount ended: words before it belong to
    that one.

    >>> negating_word("营业收入同比下降1.5%", (8, 12), ratio=True)
    ('下降', 'decrease')
    >>> negating_word("净亏损3.2亿元", (3, 9), ratio=False)
    ('净亏', 'loss')
    >>> negating_word("营业收入为8.7亿元", (5, 11), ratio=False) is None
    True
    """
    start, end = span
    after = decrease_after(text, end)
    if after is not None:
        return after, "decrease"
    begin = max(floor, start - WINDOW)
    if _HINT.search(text[begin:start].lower()) is None:  # the common case: no word at all
        return None
    window = text[clause_start(text, begin, start) : start]
    word = decrease_before(window, ratio=ratio)
    if word is not None:
        return word, "decrease"
    if not ratio:
        loss = loss_before(window)
        if loss is not None:
            return loss, "loss"
    return None


def sign_word(
    text: str, span: tuple[int, int], *, floor: int = 0, ratio: bool
) -> tuple[str, str] | None:
    """The word that says which way the amount at ``span`` goes, and its kind.

    Kinds: ``decrease`` and ``loss`` as ``negating_word`` finds them, then
    ``increase`` (a direction word up, before or after the amount, under the
    same gap rules) and ``profit`` (a word naming a profit in the amount's
    clause, ``[profit_named]``, not for a ratio).  ``None`` when the amount
    carries no such word.

    >>> sign_word("净利润增长1.2亿元", (5, 10), ratio=False)
    ('增长', 'increase')
    >>> sign_word("net income was $1.2 million", (15, 27), ratio=False)
    ('income', 'profit')
    >>> sign_word("营业收入为8.7亿元", (5, 11), ratio=False) is None
    True
    """
    negative = negating_word(text, span, floor=floor, ratio=ratio)
    if negative is not None:
        return negative
    start, end = span
    after = _AFTER.match(text, end)
    if after is not None and after.lastgroup == "up":
        return after["up"], "increase"
    begin = max(floor, start - WINDOW)
    window = text[clause_start(text, begin, start) : start]
    word = _DIRECTIONS.last(window)
    if word is not None and "up" in word.kinds:
        gap_ok = (
            _LEVEL_GAP.search(window, word.end) is None
            if ratio
            else _CHANGE_GAP.fullmatch(window, word.end) is not None
        )
        if gap_ok:
            return word.word, "increase"
    if not ratio:
        profit = last_match(_PROFIT_NAMED, window)
        if profit is not None:
            return profit.group(), "profit"
    return None


def asks_for_a_decrease(question: str) -> bool:
    """Whether ``question`` asks how large a decrease or a loss is.

    Then a positive gold is the size of the decrease ("By how much did revenue
    decrease?" — "$1.2 million"; "What was the net loss?" — "$3.2 million"):
    a decrease word, a down word and no up word, or a loss word and no profit
    word.  A question that names both directions, or a change, does not.

    >>> asks_for_a_decrease("By how much did revenue decrease in 2023?")
    True
    >>> asks_for_a_decrease("华东区营业收入同比下降了多少？")
    True
    >>> asks_for_a_decrease("2023年净亏损多少？")
    True
    >>> asks_for_a_decrease("What was the change in revenue?")
    False
    >>> asks_for_a_decrease("What was the net income (loss) in 2023?")
    False
    """
    kinds = {kind for cue in _DIRECTIONS.scan(question) for kind in cue.kinds}
    if "up" in kinds:
        return False
    if "down" in kinds:
        return True
    return _LOSS.search(question) is not None and _PROFIT.search(question) is None


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
    ratio = (q.dimension or dimension) == "RATIO"
    return -value if negating_word(text, q.span, floor=floor, ratio=ratio) else value


@functools.cache
def _metric_patterns() -> dict[str, re.Pattern[str]]:
    found = {}
    for sense in ("change", "decline", "loss", "profit"):
        words = _words(f"metric.{sense}")
        latin = [w for w in words if w.isascii()]
        other = [w for w in words if not w.isascii()]
        parts = [alternation(other, boundaries=False)] if other else []
        if latin:
            parts.append(stem_alternation(latin))
        found[sense] = re.compile("|".join(parts), re.IGNORECASE)
    return found


def metric_sense(metric: str) -> frozenset[str]:
    """What a metric's name says about the sign of its amounts: change, decline, loss, profit.

    >>> sorted(metric_sense("营业收入同比增长率")), sorted(metric_sense("净亏损"))
    (['change'], ['loss'])
    >>> sorted(metric_sense("Decrease in net sales")), sorted(metric_sense("net income"))
    (['decline'], ['profit'])
    >>> sorted(metric_sense("营业收入"))
    []
    """
    return frozenset(s for s, p in _metric_patterns().items() if p.search(metric))

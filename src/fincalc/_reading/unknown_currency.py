"""Currency words the unit table does not know, written next to an amount.

A word ending like a currency (the table's ``[currency_words]``: 币, 幣, 金,
卢比, …) right before a number, or an English currency name the table does not
resolve right after it ("8.7 million zlotys"), names a currency fincalc cannot
read; ``build.check_unknown_currency`` refuses such an amount.
"""

from __future__ import annotations

from .._base.exceptions import UnknownUnitError
from .scan import Refusal, Source, forward_spaces

__all__ = ["currency_word_after", "currency_word_before", "refuse_unknown_currency"]


def refuse_unknown_currency(source: Source, start: int, end: int, name: str) -> Refusal:
    """The refusal of an amount written with ``name``, a currency the table does not know."""
    text = source.text
    return Refusal(
        UnknownUnitError(
            f"cannot read {text[start:end]!r} as an amount: {name!r} names a currency the "
            "unit table does not know; add it with UnitTable.default().extended("
            "{'currency': [{'code': ..., 'prefix': [...]}]})",
            text=text,
            position=start,
            unit=name,
        ),
        end,
    )


def _is_han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"


def currency_word_before(source: Source, end: int) -> tuple[int, int] | None:
    """The span of an unknown currency word (比特币, 澳幣) ending at ``end``, or None.

    A word counts when it ends in one of the table's ``[currency_words]``
    endings and is not one of its exceptions (资金, 现金); the span reaches back
    over at most two more Han characters to name it in the refusal.
    """
    norm = source.norm
    words = source.grammar.currency_words
    if not end or norm[end - 1] not in words.last_chars:
        return None
    hit = words.ending_at(norm, end)
    if hit is None or not hit[1] or hit[0] < source.prev_end:
        return None
    start = hit[0]
    stop = max(0, start - 2, source.prev_end)
    while start > stop and _is_han(norm[start - 1]):
        start -= 1
    return start, end


def currency_word_after(source: Source, begin: int) -> tuple[int, int] | None:
    """The span of an unknown currency word (卢比, 比特币, zlotys) starting at ``begin``."""
    norm = source.norm
    k = begin
    if k < len(norm) and norm[k] in " \u202f":
        k = forward_spaces(norm, begin)
    if k < len(norm) and norm[k].isascii() and norm[k].isalpha():
        if norm[k].lower() not in source.grammar.currency_name_initials:
            return None  # "8.7 million was …": no currency name starts so
        stop = k
        while stop < len(norm) and norm[stop].isascii() and norm[stop].isalpha():
            stop += 1
        if norm[k:stop].casefold() in source.table.currency_names:
            return k, stop  # "8.7 million zlotys"
        return None
    stop = k
    while stop < len(norm) and stop - k < 4 and _is_han(norm[stop]):
        stop += 1
    words = source.grammar.currency_words
    for end in range(stop, k, -1):
        if norm[end - 1] not in words.last_chars:
            continue
        hit = words.ending_at(norm, end)
        if hit is not None and hit[0] >= k:
            if not hit[1] or source.grammar.currencies.starting_at(norm, k) is not None:
                # 资金, 现金: an ordinary word; "2023 人民币3,034.6亿元": a known currency
                # that opens the next amount
                return None
            return k, end
    return None

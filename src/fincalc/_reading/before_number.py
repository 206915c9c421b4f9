"""What is written before a number: 百分之, signs, a currency, an opening bracket, a hedge.

Read right to left from the number: 百分之 and a sign right before it, then a
currency, an opening bracket and a sign (or a minus word such as 负), then a
currency again ("约人民币-8.7", "approximately $(1.2)", "-$1.2", "$-1.2"),
and last a qualifier ("约", "approximately"), with a currency written before
it ("港币约8.7亿元") or an unknown currency word.  The side is skipped at the
cost of one set look-up when the character before the number cannot end
anything read here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .grammar import SPACES, UPPER, Grammar
from .scan import Core, Source, back_spaces
from .unknown_currency import currency_word_before, refuse_unknown_currency

__all__ = ["Before", "iso_before", "percent_start", "read_before", "sign_ok"]


@dataclass(slots=True, repr=False)  # scratch: no generated repr on the first parse
class Before:
    """What is written before a number core (filled in by ``read_before``, then read)."""

    start: int  # where the amount starts: at 百分之, a sign or a currency before the core
    negative: bool  # a minus (or 负) before the number
    paren_at: int  # the offset of a "(" before the number, or -1
    percent: str | None  # 百分之 as written, or None
    currency: str | None  # the ISO code of a currency written before the number
    currency_text: str | None  # that currency as written
    currency_outside: bool  # "$(1.2)": the currency is outside the brackets
    qualifier: str | None  # a hedge before the amount: 约, approximately
    unknown_word: tuple[int, int] | None  # a currency word the table does not know: 比特币


def sign_ok(norm: str, at: int) -> bool:
    """A minus is a sign unless it joins two things: 2019-2023, 5%-10%, A-1.

    After an ISO code written in capitals it is a sign again: "CHF-0,50".
    """
    if at == 0:
        return True
    before = norm[at - 1]
    if before.isascii() and (before.isalnum() or before in ".%)]"):
        return (
            at >= 3
            and norm[at - 3 : at].isupper()
            and norm[at - 3 : at].isalpha()
            and (at == 3 or not norm[at - 4].isalpha())
        )
    return True


def iso_before(grammar: Grammar, norm: str, end: int) -> tuple[int, str] | None:
    """An ISO 4217 code (upper case, a word of its own) ending at ``end``."""
    start = end - 3
    if start < 0 or norm[start:end] not in grammar.iso_codes:
        return None
    if start > 0 and norm[start - 1].isascii() and norm[start - 1].isalpha():
        return None
    return start, norm[start:end]


def percent_start(grammar: Grammar, norm: str, at: int) -> int:
    """Where a percent word (百分之) ending at ``at`` starts, or -1."""
    if at and norm[at - 1] in grammar.percent_before.last_chars:
        hit = grammar.percent_before.ending_at(norm, at)
        if hit is not None:
            return hit[0]
    return -1


def _percent_before(source: Source, i: int) -> tuple[int, str] | None:
    """A percent word ending at ``i`` (百分之, or "%" with a no-break space): (start, text)."""
    norm = source.norm
    j = i - 1 if i > 1 and norm[i - 1] == "\u202f" and norm[i - 2] == "%" else i  # "%\xa012"
    if (
        norm[j - 1 : j] in source.grammar.percent_before.last_chars
        and (at := percent_start(source.grammar, norm, j)) >= source.prev_end
        and at >= 0  # (a "之" that ends no percent word: "千分之2.4" was read as per cent)
    ):
        return at, source.text[at:j]
    return None


def _sign_before(source: Source, i: int, *, words: bool) -> tuple[int, bool] | None:
    """A "-" or "+" ending at ``i`` (with ``words``, also 负): ``(start, negative)``."""
    if not i:
        return None
    norm = source.norm
    ch = norm[i - 1]
    if ch == "-" or ch == "+":
        at, negative = i - 1, ch == "-"
    elif words and ch in source.grammar.negative_before.last_chars:
        hit = source.grammar.negative_before.ending_at(norm, i)
        if hit is None:
            return None
        at, negative = hit[0], True
    else:
        return None
    if at == source.prev_end or not sign_ok(norm, at):
        return None  # 8.7亿元-9.1亿元: a dash that touches the amount before joins a range
    return at, negative


def _currency_ending(source: Source, j: int) -> tuple[int, str] | None:
    """A currency (a prefix alias or an ISO code) ending at ``j``: ``(start, code)``.

    A currency that starts inside the amount before belongs to it:
    "12亿港元（人民币11亿元）".
    """
    norm, grammar = source.norm, source.grammar
    ch = norm[j - 1] if j else ""
    hit = grammar.currencies.ending_at(norm, j) if ch in grammar.currencies.last_chars else None
    if hit is None and ch in UPPER:
        hit = iso_before(grammar, norm, j)
    if hit is None or hit[0] < source.prev_end:
        return None
    if hit[0] and _letters_may_name(norm, hit[0], grammar):
        hit = _symbol_letters(source, hit, j)
    if hit[0] < source.prev_end:
        return None
    return hit


def _letters_may_name(norm: str, at: int, grammar: Grammar) -> bool:
    """A cheap test before ``_symbol_letters``: letters glued to the symbol at ``at``, or
    one space after a word that may end a currency's letters ("hk $", not "of $")."""
    ch = norm[at - 1]
    if ch != " ":
        return ch.isascii() and ch.isalpha()
    if at < 2 or not ((last := norm[at - 2]).isascii() and last.isalpha()):
        return False
    if at == 2 or not (norm[at - 3].isascii() and norm[at - 3].isalpha()):
        return True  # a one-letter word: "c $"
    return norm[at - 3 : at - 1].casefold() in grammar.symbol_prefix_tails  # "hk $", not "was $"


def _symbol_letters(source: Source, hit: tuple[int, str], end: int) -> tuple[int, str]:
    """Read the letters written before a currency symbol into the currency: "c $", "hk $".

    "C$", "HK$" and "US$" are their own currencies, and extracted text often
    lower-cases them or puts a space after the letters; a known prefix of one or
    more letters before the symbol, glued or after one space, names the
    currency ("c $ 16.4 million" is CAD), unless it is a word such as the article
    in "a $5 fee" (``[symbol] not_prefix`` in reading.toml).  Letters
    glued to the symbol that name no currency ("Z$5") are refused.

    Raises:
        Refusal: unknown letters are glued to the symbol.
    """
    norm = source.norm
    start = hit[0]
    if norm[start].isalnum():
        return hit  # "US$" itself, "RMB"
    letters = _LETTERS.search(norm, max(0, start - 6), start)
    if letters is None:
        return hit  # no short word before it ("revenue $5", "company's $5")
    word, spaced = letters.group(1), letters.group(2)
    folded = word.casefold()
    if spaced and (folded not in source.grammar.symbol_prefixes or folded in _not_prefix(source)):
        return hit  # "of $5", "a $5 fee"
    code = source.table.prefix_currencies.get(folded + norm[start:end].casefold())
    if code is not None:
        return letters.start(), code
    if not spaced:
        raise refuse_unknown_currency(
            source, letters.start(), end, source.text[letters.start() : end]
        )
    return hit


def _not_prefix(source: Source) -> frozenset[str]:
    return source.grammar.symbol_not_prefix


#: A word of at most four letters right before a currency symbol, glued or after a space.
_LETTERS: Final = re.compile(r"(?<![A-Za-z0-9'.])([A-Za-z]{1,4})( ?)\Z")


def _currency_before(source: Source, i: int) -> tuple[int, int, str] | None:
    """A currency ending at ``i`` or before the spaces there: ``(start, end, code)``."""
    norm, grammar = source.norm, source.grammar
    j = i
    if i and norm[i - 1] in SPACES:  # one space costs no call
        j = i - 1 if i == 1 or norm[i - 2] not in SPACES else back_spaces(norm, i)
    # ``_currency_ending(source, j)``, written out: this probe runs for most amounts
    ch = norm[j - 1] if j else ""
    hit = grammar.currencies.ending_at(norm, j) if ch in grammar.currencies.last_chars else None
    if hit is None and ch in UPPER:
        hit = iso_before(grammar, norm, j)
    if hit is None or hit[0] < source.prev_end:
        return None
    if hit[0] and _letters_may_name(norm, hit[0], grammar):
        hit = _symbol_letters(source, hit, j)
    if hit[0] < source.prev_end:
        return None
    return hit[0], j, hit[1]


def read_before(source: Source, core: Core) -> Before:
    """Read 百分之, signs, brackets, currencies and a qualifier before ``core``.

    Raises:
        Refusal: two different currencies are written before the number.
    """
    norm, grammar = source.norm, source.grammar
    i = start = core.start
    before_ch = norm[i - 1] if i else ""
    peek = i
    if before_ch in SPACES:  # one space costs no call
        peek = i - 1 if i == 1 or norm[i - 2] not in SPACES else back_spaces(norm, i)
    peek_ch = norm[peek - 1] if peek else ""
    if before_ch not in grammar.marks_before and peek_ch not in grammar.before_trigger:
        return Before(start, False, -1, None, None, None, False, None, None)
    percent = None
    if before_ch in grammar.marks_before or before_ch == "\u202f":
        percent = _percent_before(source, i)  # 百分之十二, "%12", "%\xa012"
        if percent is not None:
            i = start = percent[0]
    negative = False
    if i > 1 and norm[i - 1] == "\u202f" and norm[i - 2] in "-+" and i - 1 > source.prev_end:
        i -= 1  # "US$-\xa00.00": a no-break space between the sign and the number
    if i and norm[i - 1] in "-+" and (sign := _sign_before(source, i, words=False)) is not None:
        i = start = sign[0]
        negative = sign[1]
        if (
            percent is None
            and i > 1
            and norm[i - 2] in "%\u202f"
            and (percent := _percent_before(source, i)) is not None
        ):
            i = start = percent[0]  # "%\xa0-0,5" (a percent sign, then the minus)
    currency: str | None = None
    currency_text: str | None = None
    probed = i
    currency_ends = grammar.currency_ends
    if i and norm[i - 1] in currency_ends and (found := _currency_before(source, i)) is not None:
        i = start = found[0]
        currency, currency_text = found[2], source.text[found[0] : found[1]]
    paren_at = -1
    if i and norm[i - 1] == "(":
        paren_at = i = i - 1
    elif (
        i > 1
        and norm[i - 1] in SPACES
        and (norm[i - 2] == "(" or norm[i - 2] in SPACES)
        and (k := back_spaces(norm, i))
        and norm[k - 1] == "("
    ):
        paren_at = i = k - 1  # "( 1,234 )", "( $ 7 ) million": spaces inside the brackets
    if i != probed and i > 1 and norm[i - 1] == "\u202f" and norm[i - 2] in "-+":
        i -= 1  # "-\u200e₹ 1,234.50": a bidirectional mark between the sign and the currency
    if i and norm[i - 1] in grammar.sign_ends and (sign := _sign_before(source, i, words=True)):
        i = sign[0]
        negative = negative or sign[1]
        if paren_at < 0:
            start = i
    currency_outside = False
    if (
        i != probed
        and i
        and norm[i - 1] in currency_ends
        and (found := _currency_before(source, i)) is not None
    ):
        currency_outside = paren_at >= 0  # "$(1.2)"
        if currency is not None and found[2] != currency:
            written = norm[found[0] : found[1]]
            raise source.refuse(found[0], core.end, f"two currencies ({currency_text}, {written})")
        i = start = found[0]
        currency, currency_text = found[2], source.text[found[0] : found[1]]
    before = Before(
        start,
        negative,
        paren_at,
        None if percent is None else percent[1],
        currency,
        currency_text,
        currency_outside,
        None,
        None,
    )
    _read_qualifier(source, i, before)
    return before


def _read_qualifier(source: Source, i: int, before: Before) -> None:
    """Read the qualifier ending at ``i`` (and a currency before it) into ``before``.

    Where there is none, a currency word the table does not know ending there
    is kept as ``before.unknown_word``.
    """
    norm, grammar = source.norm, source.grammar
    j = i
    if i and norm[i - 1] in SPACES:  # one space costs no call
        j = i - 1 if i == 1 or norm[i - 2] not in SPACES else back_spaces(norm, i)
    ch = norm[j - 1] if j else ""
    qualifiers = grammar.qualifiers_before
    hit = qualifiers.ending_at(norm, j) if ch in qualifiers.last_chars else None
    if hit is None:
        if before.currency is None and i - j <= 1 and ch in grammar.currency_words.last_chars:
            before.unknown_word = currency_word_before(source, j)  # "比特币8.7亿元", "澳幣 1,234"
        return
    if norm[hit[0] : j] in grammar.range_marks and hit[0] > 0 and norm[hit[0] - 1].isdigit():
        return  # "5~8亿": a range, not a hedge
    before.qualifier = source.text[hit[0] : j]
    if before.currency is None:
        # "港币约8.7亿元": a currency written before the qualifier
        k = hit[0] - 1 if hit[0] > 0 and norm[hit[0] - 1] == " " else hit[0]
        found = _currency_ending(source, k)
        if found is not None:
            before.start, before.currency = found
            before.currency_text = source.text[found[0] : k]
        else:
            before.unknown_word = currency_word_before(source, k)

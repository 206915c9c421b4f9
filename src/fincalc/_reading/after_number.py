"""What is written after a number: a bracket, 多/余, a scale, a currency or unit, a hedge.

Read left to right from the number: a ")" and 多/余 right after it, then a
scale ("亿", "million", "bn"), a currency or unit ("元", "USD", "%", "股"), a
scale after a currency ("RMB'000", "USD million"), and a qualifier ("左右",
"以上").  The side is skipped at the cost of one set look-up when the
character after the number (and its spaces) cannot start anything read here.
A capital (大写) numeral's 元角分 tail is read here too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from .grammar import DIGIT_SET, SCALE_CHARS, SPACES, UPPER
from .numerals import CAPITAL_YUAN, is_capital, parse_capital_tail
from .scan import Core, Source, forward_spaces
from .unit_table import ScaleSpec, SuffixSpec
from .unknown_currency import refuse_unknown_currency
from .value import exact

__all__ = ["After", "read_after", "read_capital_tail"]


@dataclass(slots=True, repr=False)  # scratch: no generated repr on the first parse
class After:
    """What is written after a number core (filled in by ``read_after``, then read)."""

    end: int  # where the amount ends so far: after a ")" or 多 right after it, and its units
    units_end: int  # where the units end (a ")" or a qualifier may follow)
    close: bool  # a ")" right after the core: "(1,234)", "(5.2)%"
    scale: ScaleSpec | None
    scale_text: str | None  # the scale as written; "" when it is part of the unit (RMB'000)
    unit: SuffixSpec | None  # a currency or unit
    unit_text: str | None
    qualifier: str | None  # 多, 余 right after the number, or a hedge after the units
    next_char: str  # the first character after the core and its spaces ("" at the end)
    fraction: Decimal | None = None  # the 角/分 of a capital numeral's 元 tail


def _spaced_scale_ok(text: str, start: int, end: int) -> bool:
    """A tight scale after a space still counts when written as an upper-case abbreviation.

    "3 MM" and "$12.5 MM" are millions (MM is no metric unit), while "5 m" and "3 mm"
    stay metres and millimetres; single letters ("5 M", "3 B") must touch the number.
    """
    written = text[start:end]
    return len(written) >= 2 and written.isupper()


#: What may follow a tight unit written after a space ("leverage of 1.5 x."): the end
#: of a phrase, not another operand ("3 x 4", "2 x (1+3)").
_PHRASE_END: Final = frozenset(",.;:!?)]}|\n\r\t，。；：！？、）」』\"'…")


def _spaced_unit_ok(norm: str, end: int) -> bool:
    """A tight unit ("x", "×") after a space counts only when a phrase ends right after it."""
    k = forward_spaces(norm, end)
    return k >= len(norm) or norm[k] in _PHRASE_END


def _money_before(source: Source, start: int) -> bool:
    """True when a currency is written right before the number, or one space before it."""
    norm = source.norm
    k = start - 1 if start > 0 and norm[start - 1] in SPACES else start
    return source.grammar.currencies.ending_at(norm, k) is not None


def _spaced_after_money(source: Source, core: Core, i: int, j: int, end: int) -> bool:
    """True for a tight scale one space after a plain number with a currency before it.

    "$12.3 B", "€4.5 m", "$450 K": money is never priced in metres or bytes, so
    the letter is the scale (dropped, the amount would read 12.3 dollars).  Not
    after a Han scale or a Chinese numeral ("一亿二千万 B"), nor when a letter or a
    digit follows the alias ("m³", "m3", "Kč", "B2B").
    """
    norm = source.norm
    return (
        j == i + 1
        and not core.chain
        and core.cn is None
        and core.words is None
        and (end >= len(norm) or not norm[end].isalnum())
        and _money_before(source, core.start)
    )


def _scale_at(
    source: Source, i: int, j: int, close: bool, core: Core
) -> tuple[int, ScaleSpec] | None:
    """The scale written at ``j < len(norm)`` (``i``: where the spaces before it start).

    A tight scale ("m", "mm", "b", "k") must touch the number ("5 m" is five
    metres) unless it is an upper-case abbreviation or follows money
    (``_spaced_after_money``).
    """
    norm, grammar = source.norm, source.grammar
    hit: tuple[int, ScaleSpec] | None = None
    if norm[j] in grammar.scales.first_chars:
        hit = grammar.scales.starting_at(norm, j)
    if hit is None and close:  # (1,234)千元: a Chinese scale after the ")"
        hit = grammar.han_scale_index.starting_at(norm, j)
    if (
        hit is not None
        and hit[1].tight
        and j != i
        and not _spaced_scale_ok(source.text, j, hit[0])
        and not (not close and _spaced_after_money(source, core, i, j, hit[0]))
    ):
        return None  # "5 m" is five metres
    return hit


def _wrapped_scale(source: Source, core: Core, j: int) -> int:
    """Where a scale written at the start of the next line begins, or -1 when there is none.

    A scale alone on the next line, or followed by a currency or unit ("$2,310\n
    million", "1,204\n百万元"), is part of the amount: extracted tables wrap cells
    so.  One followed by other words may or may not be, so the amount is refused.

    Raises:
        Refusal: a scale opens the next line and other words follow it.
    """
    norm, grammar = source.norm, source.grammar
    size = len(norm)
    k = j + 2 if norm[j] == "\r" and j + 1 < size and norm[j + 1] == "\n" else j + 1
    if k < size and norm[k] in SPACES:
        k = forward_spaces(norm, k)
    if k >= size:
        return -1
    hit = grammar.scales.starting_at(norm, k) if norm[k] in grammar.scales.first_chars else None
    if hit is None:
        hit = grammar.han_scale_index.starting_at(norm, k)
    if hit is None or hit[1].tight:
        return -1
    e = forward_spaces(norm, hit[0]) if hit[0] < size and norm[hit[0]] in SPACES else hit[0]
    if (
        e >= size
        or norm[e] in _PHRASE_END
        or grammar.units.starting_at(norm, e) is not None
        or norm[e : e + 3] in grammar.iso_codes
    ):
        return k
    raise source.refuse(
        core.start,
        hit[0],
        f"the scale {source.text[k : hit[0]]!r} opens the next line and may or may not "
        "belong to it; join the lines or quote the amount with its scale",
    )


def _refuse_second_currency(source: Source, core: Core, unit_text: str, i: int) -> None:
    """Refuse a second currency written right after the first: "三万元欧元", "5 USD euros".

    One that opens the next amount ("5亿元 人民币3亿元") is that amount's.

    Raises:
        Refusal: a second currency follows the first.
    """
    norm, units = source.norm, source.grammar.units
    k = i + 1 if norm[i] == " " else i
    if k >= len(norm) or norm[k] not in units.first_chars:
        return
    second = units.starting_at(norm, k)
    if second is None or second[1].kind != "currency":
        return
    after = forward_spaces(norm, second[0])
    if after < len(norm) and (norm[after].isdigit() or norm[after] in "-+("):
        return
    raise source.refuse(
        core.start, second[0], f"two currencies ({unit_text}, {source.text[k : second[0]]})"
    )


def _letters_after_symbol(
    source: Source, core: Core, j: int, i: int
) -> tuple[int, SuffixSpec] | None:
    """The currency a symbol and the capitals after it name: "12,50 $ US", "0,00 $ HK".

    French and Breton write the country after the symbol ("$ US" for US$); the
    letters and the symbol read as the prefix alias they make ("US$" is USD).
    Capitals that make no alias ("5 $ ZZ") are refused rather than dropped.

    Raises:
        Refusal: the letters and the symbol name no currency the table knows.
    """
    norm = source.norm
    size = len(norm)
    k = i + 1 if norm[i] in SPACES else i
    stop = k
    while stop < size and stop - k < 3 and norm[stop] in UPPER:
        stop += 1
    if stop - k < 2 or (stop < size and norm[stop].isascii() and norm[stop].isalpha()):
        return None
    if norm[k:stop] in source.grammar.iso_codes:
        return None  # "5 $ USD 3": an ISO code, read on its own
    code = source.table.prefix_currencies.get((norm[k:stop] + norm[j:i]).casefold())
    if code is None:
        raise refuse_unknown_currency(source, core.start, stop, source.text[j:stop])
    spec = source.table.suffix(code)
    return (stop, spec) if spec is not None else None


def _unit_at(source: Source, i: int, j: int, begin: int) -> tuple[int, SuffixSpec] | None:
    """The currency or unit written at ``j < len(norm)`` (``i``: where spaces before it start).

    ``begin`` is where the number starts (for a refusal's text).
    """
    norm, grammar = source.norm, source.grammar
    size = len(norm)
    hit: tuple[int, SuffixSpec] | None = None
    if norm[j] in grammar.units.first_chars:
        hit = grammar.units.starting_at(norm, j)
    if hit is not None:
        spec, end = hit[1], hit[0]
        if (spec.tight and j != i and not _spaced_unit_ok(norm, end)) or (
            spec.not_before and end < size and norm[end] in spec.not_before
        ):
            hit = None  # "3 x 4"; 股东 is "shareholder", not 股 "shares"
    if (
        hit is None
        and norm[j] in UPPER
        and norm[j : j + 3] in grammar.iso_codes
        and not (j + 3 < size and norm[j + 3].isascii() and norm[j + 3].isalpha())
        and (iso := source.table.suffix(norm[j : j + 3])) is not None
    ):
        hit = (j + 3, iso)
    if hit is not None and hit[1].kind == "currency":
        k = hit[0]
        if k < size and norm[k] in SPACES:
            k = forward_spaces(norm, k)
        if (
            k < size
            and (
                norm[k] in DIGIT_SET
                or (norm[k] in "-+(" and k + 1 < size and norm[k + 1] in DIGIT_SET)
            )
            and grammar.currencies.starting_at(norm, j) is not None
        ):
            return _between_numbers(source, (begin, i, j), hit, k)
    return hit


#: The characters of a written number and its Han scale, stepped over to find what
#: the next number carries after it.
_NUMBER_RUN: Final = frozenset("0123456789.,'\u202f") | frozenset(SCALE_CHARS)
_PEEK: Final = 40


def _next_has_currency(source: Source, k: int) -> bool:
    """True when the number starting at ``k`` carries a currency after it ("-4.6亿欧元")."""
    norm, grammar = source.norm, source.grammar
    size = len(norm)
    stop = min(size, k + _PEEK)
    p = k
    while p < stop and norm[p] in "-+(":
        p += 1
    while p < stop and norm[p] in _NUMBER_RUN:
        p += 1
    p = forward_spaces(norm, p)
    if p < size and norm[p] in grammar.scales.first_chars:
        scale = grammar.scales.starting_at(norm, p)
        if scale is not None:
            p = forward_spaces(norm, scale[0])
    if p >= size:
        return False
    unit = grammar.units.starting_at(norm, p)
    if unit is not None:
        return bool(unit[1].kind == "currency")
    return norm[p : p + 3] in grammar.iso_codes


_YEAR: Final = re.compile(r"(?:19|20)\d\d")


def _written_before(source: Source, begin: int, symbol: str) -> bool:
    """True when ``symbol`` is also written right before the number at ``begin``.

    Spaces, an opening bracket and a minus sign may stand between them: "$ (1,234)".
    """
    norm = source.norm
    p = begin
    while p > 0 and (norm[p - 1] in SPACES or norm[p - 1] in "(-−"):
        p -= 1
    return p >= len(symbol) and norm[p - len(symbol) : p] == symbol


def _between_numbers(
    source: Source, at: tuple[int, int, int], hit: tuple[int, SuffixSpec], k: int
) -> tuple[int, SuffixSpec] | None:
    """A currency that may close this number or open the next one: which is it?

    It closes this one when it is written closer to it ("200日元 300") and opens
    the next one when it is written closer to that ("2023 人民币3,034.6亿元");
    written as close to both, it opens the next one when this number has the
    same currency written before it (a row of columns written prefix-first:
    "$ 65,984 $ 67,044 $ 65,398"), closes this one when the next number carries
    a currency of its own ("4.1亿欧元-4.6亿欧元"), and is refused rather than
    guessed otherwise ("200日元300").

    Raises:
        Refusal: the currency is as close to both numbers and the next has none.
    """
    begin, i, j = at
    gap_before, gap_after = j - i, k - hit[0]
    if gap_before != gap_after:
        return hit if gap_before < gap_after else None
    if _written_before(source, begin, source.norm[j : hit[0]]):
        return None  # "$ 65,984 $ 67,044": a row written prefix-first, column after column
    if _YEAR.fullmatch(source.norm, begin, i) is not None:
        return None  # "in 2023 $ 1.2 billion": a year carries no currency
    if _next_has_currency(source, k):
        return hit
    written = source.text[j : hit[0]]
    raise source.refuse(
        begin,
        hit[0],
        f"{written!r} sits as close to the number after it as to the one before; "
        'separate the amounts ("200日元, 300") or quote one of them',
    )


def _hyphen_scale(source: Source, k: int) -> bool:
    """Whether a Latin scale word (not a tight one: "5-m" stays) starts at ``k``: "1.2-billion"."""
    norm, scales = source.norm, source.grammar.scales
    if k >= len(norm) or not (norm[k].isascii() and norm[k].isalpha()):
        return False
    if norm[k] not in scales.first_chars:
        return False
    hit = scales.starting_at(norm, k)
    return hit is not None and not hit[1].tight


def read_after(source: Source, core: Core) -> After:
    """Read a bracket, 多/余, a scale, a currency or unit and a qualifier after ``core``."""
    norm, grammar, text = source.norm, source.grammar, source.text
    size = len(norm)
    i = j = core.end
    after_ch = norm[i] if i < size else ""
    if after_ch in SPACES:  # one space costs no call
        j = i + 1 if i + 1 == size or norm[i + 1] not in SPACES else forward_spaces(norm, i)
    elif after_ch == "-" and _hyphen_scale(source, i + 1):
        j = i + 1  # "a $1.2-billion deal": a scale word joined by a hyphen
    next_char = norm[j] if j < size else ""
    if after_ch not in grammar.marks_after and next_char not in grammar.after_trigger:
        return After(i, i, False, None, None, None, None, None, next_char)
    wrapped = False
    if next_char == "\n" or next_char == "\r":
        if (k := _wrapped_scale(source, core, j)) >= 0:
            j, next_char, wrapped = k, norm[k], True  # "$2,310\nmillion": a wrapped cell
        elif after_ch not in grammar.marks_after:
            return After(i, i, False, None, None, None, None, None, next_char)
    close = after_ch == ")" or next_char == ")"  # "(1,234)", "(412 ) thousand"
    if close:
        i = j + 1 if after_ch != ")" else i + 1
    qualifier: str | None = None
    if i < size and norm[i] in grammar.approximate:
        qualifier = norm[i]  # 3000多万元
        i += 1
    end = i
    if i != core.end:
        j = forward_spaces(norm, i) if i < size and norm[i] in SPACES else i
    scale: ScaleSpec | None = None
    scale_text: str | None = None
    if (
        j < size
        and (close or wrapped or norm[j] in grammar.scales.first_chars)
        and (scale_hit := _scale_at(source, i, j, close or wrapped, core)) is not None
    ):
        scale, scale_text = scale_hit[1], text[j : scale_hit[0]]
        i = end = scale_hit[0]
        j = forward_spaces(norm, i) if i < size and norm[i] in SPACES else i
    unit: SuffixSpec | None = None
    unit_text: str | None = None
    if (
        j < size
        and (norm[j] in grammar.units.first_chars or norm[j] in UPPER)
        and (unit_hit := _unit_at(source, i, j, core.start)) is not None
    ):
        unit, unit_text = unit_hit[1], text[j : unit_hit[0]]
        unit_start, i = j, unit_hit[0]
        if i + 2 < size and norm[i] in SPACES and unit.kind == "currency" and not norm[j].isalnum():
            letters = _letters_after_symbol(source, core, j, i)  # "$ US", "$ HK"
            if letters is not None:
                i, unit = letters
                unit_text = text[j:i]
        if unit.kind == "currency" and i < size:
            _refuse_second_currency(source, core, unit_text, i)  # "三万元欧元", "5 USD euros"
        end = i
        j = forward_spaces(norm, i) if i < size and norm[i] in SPACES else i
        if (
            scale is None
            and unit.kind == "currency"
            and j < size
            and norm[j] in grammar.scales.first_chars
        ):
            # "500 RMB'000", "500 USD million": the scale after the currency
            scale_hit = grammar.scales.starting_at(norm, j)
            if scale_hit is not None and not (scale_hit[1].tight and j != i):
                scale, scale_text = scale_hit[1], ""
                unit_text = text[unit_start : scale_hit[0]]  # as written: "RMB'000"
                i = end = scale_hit[0]
                j = forward_spaces(norm, i) if i < size and norm[i] in SPACES else i
    units_end = i
    if qualifier is None and j < size and norm[j] in grammar.qualifiers_after.first_chars:
        hit = grammar.qualifiers_after.starting_at(norm, j)
        if hit is not None and (unit is not None or scale is not None or core.chain):
            qualifier = text[j : hit[0]]  # 8.7亿元左右
    return After(end, units_end, close, scale, scale_text, unit, unit_text, qualifier, next_char)


def read_capital_tail(source: Source, core: Core, after: After) -> None:
    """Read the 元角分 tail of a capital (大写) numeral into ``after``: 壹佰万元整, …元柒角捌分.

    The tail becomes the amount's unit and ``after.fraction`` the 角/分 to add to
    the whole 元.  Capital numerals are a convention for 人民币 amounts in contracts
    and invoices, so the tail reads as the table's 元 (``[capital]`` in reading.toml).
    """
    if core.cn is None or not is_capital(core.cn):
        return
    with exact():
        tail = parse_capital_tail(source.norm, core.end)
    if tail is not None:
        after.end, after.fraction, _ = tail
        after.unit, after.unit_text = source.table.suffix(CAPITAL_YUAN), CAPITAL_YUAN
        after.scale = None

"""Read every amount of a text, one number core at a time, in named phases.

``read_all`` folds the text, scans it for number cores and reads each one:

1. drop numbers that are words or references (``classify``);
2. read what is written after the number, then before it (``after_number``,
   ``before_number``): brackets, signs, currencies, scales, units, qualifiers;
3. drop periods, codes and words now that the units are known;
4. read the number itself as an exact ``Decimal`` (``value``);
5. combine the units, decide accounting brackets, apply the declared unit and
   build the ``Quantity`` with its kind (an amount, or a year-like number)
   (``build``).

A phase that refuses the amount raises ``Refusal``; the scan keeps the error
in its place among the results.
"""

from __future__ import annotations

import decimal
import functools
import re
from decimal import Decimal
from typing import TYPE_CHECKING

from .._base.exceptions import ParseError
from .._base.vocabulary import vocabulary
from .._values.quantity import Quantity, trusted_quantity
from .after_number import read_after, read_capital_tail
from .before_number import read_before
from .build import (
    apply_context,
    build,
    check_unknown_currency,
    han_unit,
    read_brackets,
    resolve_unit,
)
from .classify import (
    AMOUNT,
    NO_MARKERS,
    Markers,
    ambiguous_scale,
    is_identifier,
    is_word,
    is_word_numeral,
    read_markers,
    refuse_ambiguous_scale,
    refuse_unknown_scale,
)
from .closed_world import drop_parts_of_refused, refuse_continuation
from .declarations import UnitContext
from .grammar import grammar_for, locale_scales, scan_pattern
from .scan import Core, Refusal, Source, back_spaces, forward_spaces
from .split_amounts import (
    GroupedRun,
    refuse_comma_groups,
    refuse_dot_groups,
    refuse_space_grouped,
    refuse_split_amounts,
    worth_a_look,
)
from .text import fold_characters
from .unit_table import ScaleSpec, UnitTable
from .value import read_number

if TYPE_CHECKING:
    from .after_number import After
    from .number_words import WordNumber
    from .ranges import RangePartner

__all__ = [
    "CoreMatch",
    "Result",
    "after_abbreviation",
    "finish",
    "inexact",
    "read_all",
    "read_core",
    "scan",
]

#: One amount read (or refused) and its kind (``classify.AMOUNT``, ``YEAR``, …).
Result = tuple[Quantity | ParseError, int]


def read(source: Source, core: Core, markers: Markers) -> Result | None:
    """Read the amount around one number core, or None when it is not an amount.

    ``markers`` are the reference and period words around the core.

    Raises:
        Refusal: the core is an amount fincalc will not read (the error says why).
    """
    grammar, norm = source.grammar, source.norm
    after = read_after(source, core)
    if after.scale is not None and after.scale_text and (source.locale or core.comma_decimal):
        _locale_scale(source, core, after)  # "2,5 bn" in sv_SE: 10^12, never 10^9
    elif after.scale is None and source.locale is not None:
        _unread_locale_scale(source, core, after)  # "elfu 4500" in sw, "1,2 mi" in kgp
    if core.cn is not None:
        read_capital_tail(source, core, after)  # 壹佰万元整
    tenths = False
    written = after.unit
    next_char = after.next_char
    if (
        written is not None
        and written.generic
        and after.units_end < len(norm)
        and norm[after.units_end] in grammar.tail_starts
    ) or next_char in grammar.minor_initials:
        from .minor_units import read_minor_tail  # deferred: test_layering.DEFERRED

        tenths = read_minor_tail(source, core, after)  # 3元5角, 3块5毛, 一角七分
        written = after.unit
    partner = None
    if written is None and after.scale is None:
        if next_char in grammar.range_initials:
            partner = _range_partner(source, core, after)
        if after.unit is None and after.scale is None:
            if core.needs_unit:
                return None  # "one of our customers": a number word, not an amount
            if next_char in grammar.unknown_scales:
                raise refuse_unknown_scale(source, core, next_char)  # "¥1.2兆"
            if next_char in grammar.ambiguous_initials and (word := ambiguous_scale(source, core)):
                raise refuse_ambiguous_scale(source, core, word)  # "$12.3 mil"
            if markers.period_after or is_identifier(source, after.end):
                return None  # 2023年, 3个月, 5 years, 600519.SH, 3G, B2B
    before = read_before(source, core)
    if (
        before.currency is None
        and after.unit is None
        and after.scale is None
        and after_abbreviation(norm, core.start)
    ):
        return None  # "Q.5", "Fig.5", "FY.6": the number of a reference, no amount
    if partner is not None and before.currency is not None and before.currency_text:
        source.range_currency = (partner.start, before.currency, before.currency_text)
    elif before.currency is None and source.range_currency is not None:
        from .ranges import take_range_currency  # deferred

        take_range_currency(source, core, before, after)
    if (before.currency is None or core.cn is not None) and is_word(source, core, before, after):
        return None  # A1, COVID-19, 一方面, 三家
    read_number(source, core, after.fraction, tenths=tenths)
    if core.words is not None:
        han = core.chain  # "five million": the scale word is part of the unit as written
    else:
        han = han_unit(core, after) if core.chain or core.cn is not None else ""
        if core.chain and after.scale_text:  # "1.5万亿 trillion": two scales stacked
            raise source.refuse(
                core.start,
                after.end,
                f"the Han scale {core.chain!r} and the scale {after.scale_text!r} after it "
                "would multiply the number twice; quote the amount with one scale",
            )
    if (
        before.currency is None
        and before.percent is None
        and (before.unknown_word is not None or after.unit is None or after.unit.generic)
    ):
        check_unknown_currency(source, before, after, han)  # 比特币8.7亿元, 8.7亿卢比
    unit = resolve_unit(source, before, after, han)
    has_unit = bool(unit.parts)
    if markers.reference and (
        before.paren_at >= 0 or (unit.currency is None and after.scale is None and not han)
    ):
        return None  # only money or a scale overrides a reference word ("Note 12. 26户")
    start, end, negative = before.start, after.end, before.negative
    if after.close and before.paren_at < 0 and after.unit is None and after.scale is None:
        end = core.end  # "1) 营业收入": a ")" with no "(" before the number is not the amount's
    if end < len(norm) and norm[end] == "-" and _trailing_minus(norm, end):
        end, negative = end + 1, True  # "1.234,50-", "€ 12,50-": a minus written after
    if before.paren_at >= 0:
        bracketed = read_brackets(source, core, before, after, has_unit)
        if bracketed is None:
            return None  # "(4)" in prose: a list marker
        start, end, negative = bracketed
    if end < len(norm):  # "R$ 1,2 bilhão", "5000 달러", "百分之一 点五": never a part
        refuse_continuation(
            source,
            start,
            end,
            has_unit=after.unit is not None,
            chinese=core.cn is not None or before.percent is not None,
            money=unit.currency is not None or core.words is not None,
        )
    if source.context is not None:
        unit = apply_context(source, before, after, unit, han, has_unit)
    qualifier = before.qualifier or after.qualifier
    if qualifier is None and core.chain:
        qualifier = _approximate(source, core.chain)
    return build(source, core, unit, (start, end), negative, qualifier, has_unit)


def _range_partner(source: Source, core: Core, after: After) -> RangePartner | None:
    """The second bound of a range whose scale and unit the first shares, or None.

    Raises:
        Refusal: "and" joins the bare first figure to one with a scale after it
            ("3 and 4 million shares": 3 or 3 million?).
    """
    from .ranges import read_range_partner, share_range_units  # deferred

    partner = read_range_partner(source, core, after)
    if partner is not None and partner.pair:
        if partner.scale is not None:
            raise _refuse_pair(source, core, partner)
        return None  # "$5 and $3 of fees": each amount as written
    if partner is not None:
        share_range_units(core, after, partner)  # "$1.2-1.5 billion", "5-10%"
    return partner


def _locale_scale(source: Source, core: Core, after: After) -> None:
    """Give the scale after the number the size the caller's locale gives it in CLDR.

    "bn" is 10^12 in Swedish, French and Icelandic and "bln" in Italian and Polish,
    "billion" 10^12 in German and French: with ``locale=``, a scale word of the
    locale's compact formats is read at the locale's size (the unit table's size
    otherwise).

    Raises:
        Refusal: the locale gives the word several sizes, or another size than the
            table's in another case ("billion" in de_DE: German writes "Billion").
    """
    if after.scale is None:
        return
    word = " ".join(fold_characters(after.scale_text or "").split()).casefold().rstrip(".")
    if source.locale is None:
        if word in _false_friends():  # "2,5 billions": not English, so not 10^9
            raise source.refuse(
                core.start,
                after.end,
                f"{after.scale_text!r} after a decimal comma is a scale of a language whose "
                f"size for it may differ from English (10^{after.scale.exponent}: 'billion' "
                "and 'bn' are 10^12 in German, French and Swedish); pass locale= for the "
                "language, or write the amount in full",
            )
        return
    sizes = locale_scales(source.locale).get(word)
    if sizes is None or sizes == {after.scale.exponent}:
        return
    written = " ".join(fold_characters(after.scale_text or "").split()).rstrip(".")
    if len(sizes) == 1 and locale_scales(source.locale, exact=True).get(written) == sizes:
        # written as the locale writes it ("2,5 Billion €" in de, "2,5 bn" in sv); an
        # English "billion" in a de_DE text is refused below, neither 10^9 nor 10^12
        (size,) = sizes
        after.scale = ScaleSpec(after.scale.name, Decimal(f"1E+{size}"), after.scale.tight)
        return
    raise source.refuse(
        core.start,
        after.end,
        f"{after.scale_text!r} stands for "
        f"{' or '.join(f'10^{e}' for e in sorted(sizes))} in {source.locale!r} (CLDR); "
        "write the scale in words or the amount in full",
    )


#: The longest word looked at next to a number for a locale's scale word.
_MAX_SCALE_WORD = 24


def _unread_locale_scale(source: Source, core: Core, after: After) -> None:
    """Refuse a number next to a scale word of the caller's locale that was not read as one.

    "1,2 mi" in kgp (mi is a million there, miles to the table) and "elfu 4500"
    in Swahili (a thousand, written before the number): read, the number would
    be a part of the amount.

    Raises:
        Refusal: a scale word of the locale's CLDR formats touches the number.
    """
    if source.locale is None:
        return
    norm, words = source.norm, locale_scales(source.locale)
    prefixes = locale_scales(source.locale, before=True)
    k = forward_spaces(norm, core.end)
    ahead = norm[k : k + _MAX_SCALE_WORD].casefold()
    first = back_spaces(norm, core.start)
    behind = norm[max(0, first - _MAX_SCALE_WORD) : first].casefold()
    for word in sorted(words, key=len, reverse=True):
        if ahead.startswith(word) and not ahead[len(word) : len(word) + 1].isalpha():
            start, stop = core.start, k + len(word)
        elif (
            word in prefixes
            and behind.endswith(word)
            and not behind[-len(word) - 1 : -len(word)].isalpha()
        ):
            start, stop = first - len(word), core.end  # (a scale is read after, never before)
        else:
            continue
        sizes = " or ".join(f"10^{e}" for e in sorted(words[word]))
        raise source.refuse(
            start,
            max(stop, after.end),
            f"{word!r} is a scale word ({sizes}) in {source.locale!r} (CLDR) that the unit "
            "table does not read there; write the amount in full, or extend the table with "
            "UnitTable.default().extended({'scale': [...]})",
        )


@functools.cache
def _false_friends() -> frozenset[str]:
    return frozenset(vocabulary("reading").words("number.comma_decimal_false_friends"))


def after_abbreviation(norm: str, start: int) -> bool:
    """True when the number at ``start`` follows a point that ends a Latin word ("Q.5",
    "Rs.500"): the point is the word's, and only money or a unit makes it an amount."""
    return (
        start > 1
        and norm[start - 1] == "."
        and norm[start - 2].isascii()
        and (norm[start - 2].isalpha())
    )


def _refuse_pair(source: Source, core: Core, partner: RangePartner) -> Refusal:
    """The refusal of a bare figure joined by "and" to one with a scale after it."""
    return source.refuse(
        core.start,
        core.end,
        f"it is a part of an amount: the scale {partner.scale_text!r} is written once, after "
        f"the figure that follows, and {partner.join!r} joins two amounts as well as a "
        "range; write the scale with each figure, or 'between … and …' for a range",
    )


def _trailing_minus(norm: str, at: int) -> bool:
    """True when the "-" at ``at`` ends the amount: nothing but a phrase's end follows it.

    "1.234,50-" (accounting exports, Frisian and others write the minus after);
    "8.7亿元-9.1亿元", "5- 10" and "2023-24" join a range instead.
    """
    k = at + 1
    size = len(norm)
    while k < size and norm[k] in " \u202f":
        k += 1
    if k < size and norm[k] == "." and (k + 1 == size or not norm[k + 1].isdigit()):
        return True  # "€ 0,01-." at the end of a sentence
    return k >= size or not (norm[k].isalnum() or norm[k] in "-+(.$¥€£")


def _approximate(source: Source, chain: str) -> str | None:
    """The 多 or 余 inside a chain ("3千多万"), kept as the qualifier."""
    for mark in source.grammar.approximate:
        if mark in chain:
            return mark
    return None


#: A number core as the scan pattern found it: start, end, text, and the groups
#: ``ar`` (its Arabic number), ``eu`` (a decimal-comma shape), ``cn`` (its Chinese
#: numeral) and ``chain``.
CoreMatch = tuple[int, int, str, str | None, str | None, str | None, str]


#: "1.299,-": dot groups, then a decimal comma with a dash for no cents
_DOT_GROUPS = re.compile(r"\d{1,3}(?:\.\d{3})+")
_DASHES = frozenset("-\u2013\u2014")


def _dash_cents(norm: str, end: int, written: str) -> bool:
    """True for "1.299,-" (German and Austrian prices): the comma is the decimal mark.

    The dash stands for no cents, so the dots before it group thousands: 1299,
    not 1.299 (read so, "€ 1.299,-" would be silently a thousand times small).
    """
    return (
        end + 1 < len(norm)
        and norm[end] == ","
        and norm[end + 1] in _DASHES
        and (end + 2 == len(norm) or not norm[end + 2].isdigit())
        and _DOT_GROUPS.fullmatch(written) is not None
    )


#: Characters that separate digits in some locale's numbers (after folding).
_SEPARATORS = frozenset(".,'")
#: Without a locale an apostrophe between digits is no separator unless it groups ("1'234",
#: read by the scan pattern): "Q4'23" is a quarter, "5'11" a height.
_DEFAULT_SEPARATORS = frozenset(".,")


def _separated_run(
    norm: str, start: int, end: int, seps: frozenset[str], *, group_free: bool
) -> tuple[int, int] | None:
    """The digits and separators around the core ``norm[start:end]``, when a separator
    joins it to more digits, else None.

    With a locale, the core is the longest number the locale reads there, so a
    separator between its digits and more digits is one the locale does not
    write in that place: "1.200" and "3.14" in fr_FR, "123,456.78" in sv_SE, and
    its own group mark between groups of other than three digits ("12\u202f00").
    """
    size, digits = len(norm), _ASCII_DIGITS
    right = end + 1 < size and norm[end] in seps and norm[end - 1] in digits
    right = right and norm[end + 1] in digits
    left = start >= 2 and norm[start - 1] in seps and norm[start - 2] in digits
    if not (right or left):
        return None
    stop = end
    while right and stop + 1 < size and norm[stop] in seps and norm[stop + 1] in digits:
        stop += 2
        while stop < size and norm[stop] in digits:
            stop += 1
        # "016,1 234,56": a group after a space belongs to the run, never read alone
        while _space_group().match(norm, stop) is not None:
            stop += 4
    if right and group_free and norm.startswith(". ", stop) and stop + 2 < size:
        k = stop + 2  # "1,476.94,994. 14": the OCR break of its decimals is the run's too
        while k < size and k - stop < 4 and norm[k] in digits:
            k += 1
        if 2 < k - stop < 5 and (k == size or norm[k] not in digits):
            stop = k
    first = start
    while left and first >= 2 and norm[first - 1] in seps and norm[first - 2] in digits:
        first -= 2
        while first > 0 and norm[first - 1] in digits:
            first -= 1
    return first, stop


_ASCII_DIGITS = frozenset("0123456789")


@functools.cache
def _space_group() -> re.Pattern[str]:
    """A space and a group of three digits, compiled on first use (rare texts)."""
    return re.compile(r"[ \u202f][0-9]{3}(?![0-9])")


#: The most characters of a unit glued to a refused run that the refusal takes with it.
_MAX_GLUED = 16
_GLUED_MARKS = frozenset("%‰$€£¥")
_HAN_FIRST, _HAN_LAST = "\u3400", "\u9fff"


def _list_part(norm: str, run: tuple[int, int]) -> str:
    """The run up to its first space (a group after a space is no member of a list)."""
    return norm[run[0] : run[1]].replace("\u202f", " ").split(" ")[0]


def _a_list(norm: str, run: tuple[int, int]) -> bool:
    """True when, without a locale, a run joined by commas alone is a list of numbers:
    two commas or more ("1,2,3"), or in a Chinese sentence ("分别为12,13", where a
    comma never marks decimals)."""
    first, stop = run
    part = _list_part(norm, run)
    if "." in part or "'" in part:
        return False
    if part.count(",") >= 2:
        return True
    near = norm[max(0, first - 8) : first] + norm[stop : stop + 4]
    return any(_HAN_FIRST <= ch <= _HAN_LAST for ch in near)


def _refuse_run(source: Source, found: list[Result], run: tuple[int, int]) -> None:
    """Refuse the run of digits and separators ``run`` whole, in the locale's terms."""
    grammar = source.grammar
    first, stop = run
    if grammar.locale_group is None:
        reason = (
            "its separators make no number in English or in a decimal-comma shape "
            '("1234567,891", "2024,25"); pass locale= for the language it was written '
            "in, or quote the number as it is meant"
        )
    else:
        reason = (
            f"the locale writes {grammar.decimal_mark!r} as the decimal mark and "
            f"{grammar.locale_group!r} between groups of digits, and reads no number with "
            "the separators written here; quote the number as that locale writes it, or "
            "pass the locale it was written in"
        )
    found.append((source.refuse(first, stop, reason).error, AMOUNT))
    # what is glued to the run is its unit or the rest of it ("8.7亿元-9.1", "3.5点五亿元"):
    # no part of the next amount, and a "-" after it joins, never signs
    norm, glued = source.norm, min(len(source.norm), stop + _MAX_GLUED)
    while stop < glued and (norm[stop].isalpha() or norm[stop] in _GLUED_MARKS):
        stop += 1
    source.prev_end = max(source.prev_end, stop)


def read_core(source: Source, found: list[Result], match: CoreMatch) -> int:
    """Read the number core the scan found into ``found``; return where to scan on.

    ``match`` is the core as the scan pattern found it: its offsets, its text,
    and its Arabic number, decimal-comma shape, Chinese numeral and chain.
    """
    start, pos, written, arabic, eu, cn, chain = match
    if start < source.prev_end:
        return pos  # the tail of the last amount
    norm = source.norm
    if (
        start
        and written[0] == source.grammar.decimal_mark
        and norm[start - 1].isascii()
        and norm[start - 1].isalpha()
    ):
        # "Rs.500", "INR.1,234", "No.5": the dot ends the word before; read on from
        # the digit (".500" read as 0.5 rupees would be silently wrong)
        return start + 1
    if arabic is not None and start >= source.list_end:
        group = source.grammar.locale_group
        seps = _DEFAULT_SEPARATORS if group is None else _SEPARATORS | {group}
        run = _separated_run(norm, start, pos, seps, group_free=group is None)
        if run is not None and (group is not None or not _a_list(norm, run)):
            _refuse_run(source, found, run)  # "1.200 million" in fr_FR, "1234567,891"
            return max(pos, run[1])
        if run is not None:  # "1,2,3": its numbers are read one by one
            source.list_end = run[0] + len(_list_part(norm, run))
    result: Result | None = None
    markers: Markers | None = None
    if cn is None or not is_word_numeral(source, start, pos, cn, chain):
        # (a lone Chinese digit, 一 or 三, is an amount only with a unit after it)
        grammar = source.grammar
        quiet = (not start or norm[start - 1] not in grammar.marker_before) and (
            pos == len(norm) or norm[pos] not in grammar.marker_after
        )  # no reference or period word can touch the core: no need to look
        markers = NO_MARKERS if quiet else read_markers(source, start, pos)
    if markers is not None:  # else 第3, 附注五、12, P45, Note 12, FY2024, 2023年, 1st
        comma_decimal = eu is not None or _dash_cents(norm, pos, written)
        core = Core(start, pos, written, arabic, cn, chain, None, False, comma_decimal)
        try:
            result = read(source, core, markers)
        except Refusal as refusal:
            source.prev_end = max(source.prev_end, refusal.end)
            found.append((refusal.error, AMOUNT))
            return pos
    if result is not None:
        found.append(result)
    elif ". " in written:
        # "Note 12. 26户": the OCR reading "12. 26" was not an amount, so the
        # space was a sentence break; read what follows it on its own.
        return start + written.index(". ") + 2
    return pos


def scan(source: Source) -> list[Result]:
    """Return (quantity or refusal, kind) for every number core, in order."""
    norm = source.norm
    search = scan_pattern(source.grammar, norm).search
    found: list[Result] = []
    pos = 0
    while (match := search(norm, pos)) is not None:
        start, end = match.span()
        skip, arabic, eu, cn, chain = match.groups()
        if skip is not None:
            pos = end
            continue  # a date, time, phone or section number
        pos = read_core(source, found, (start, end, match.group(), arabic, eu, cn, chain))
    return finish(source, found)


def finish(source: Source, found: list[Result]) -> list[Result]:
    """Numbers written in words (when no digits were read), and minor units joined."""
    norm = source.norm
    if not found and not norm.isdigit():
        # "five million", "twenty employees", "thirteen dollars and forty-five cents":
        # numbers in words are looked for in a text without amounts written in digits
        from .number_words import find_word_numbers  # deferred: test_layering.DEFERRED

        words = find_word_numbers(norm, source.table)
        if words:
            _read_words(source, words, len(norm), found)
    if len(found) > 1 and any(isinstance(item, ParseError) for item, _ in found):
        drop_parts_of_refused(source, found)  # "1 234 долларов": not 1
    if found and worth_a_look(norm, found):
        # "1 234 €" read as 234 euros, "1,234 Mio. €" (1234 or 1.234 million),
        # "1조 2,000억원" read as two amounts: refused
        grouped = refuse_space_grouped(source, found)
        if grouped:
            read_grouped(source.text, source.table, source.context, found, grouped)
        if source.grammar.decimal_mark == ".":
            refuse_comma_groups(source, found)
            refuse_dot_groups(source, found)
        if len(found) > 1:
            refuse_split_amounts(source, found)
    if source.minor_read and len(found) > 1:
        from .minor_units import join_minor_units  # deferred: test_layering.DEFERRED

        return join_minor_units(source, found)
    return found


def _read_words(source: Source, words: list[WordNumber], before: int, found: list[Result]) -> None:
    """Read the numbers written in words that start before ``before`` (and drop them)."""
    while words and words[0].start < before:
        word = words.pop(0)
        if word.start < source.prev_end:
            continue
        text = source.text[word.start : word.end]
        scale = word.scale_text
        core = Core(word.start, word.end, text, None, None, scale, word.value, not word.scaled)
        try:
            if word.value is None:
                after = read_after(source, core)
                if word.scaled or after.unit is not None or after.scale is not None:
                    raise source.refuse(word.start, word.end, word.problem or "no exact value")
                continue
            result = read(source, core, NO_MARKERS)
        except Refusal as refusal:
            source.prev_end = max(source.prev_end, refusal.end)
            found.append((refusal.error, AMOUNT))
            continue
        if result is not None:
            found.append(result)


#: The locale a run grouped by spaces next to a currency of ``space_grouping`` (reading.toml) is
#: read in: every such currency's languages group with a space and write a decimal comma.
_SPACE_GROUP_LOCALE = "fr_FR"
_POINT_BETWEEN_DIGITS = re.compile(r"\d[.．,，]\d")
_SIGN_BEFORE = frozenset("-−–+(（")


def read_grouped(
    text: str,
    table: UnitTable,
    context: UnitContext | None,
    found: list[Result],
    grouped: list[GroupedRun],
) -> None:
    """Read whole, in place, each run of groups next to a currency whose languages group
    with spaces ("12 590 Kč", "75 000 руб.", "SEK 1 234"): refused as parts, read again.

    The run and its amount are read again in a space-grouping locale; when that
    reads exactly one amount of the same currency covering all of it, it replaces
    the refusals of the parts, else they stand.
    """
    for start, end, error, currency in grouped:
        sub = text[start:end]
        if _POINT_BETWEEN_DIGITS.search(text, max(0, start - 1), end + 2) is not None:
            continue  # "12 590.50 Kč", "Kč 1 234,56" (its decimals after the run): refused
        before = text[:start].rstrip(" \u202f\u00a0")
        if before[-1:] in _SIGN_BEFORE:
            continue  # "-12 590 Kč", "(12 590 Kč)": the sign is the first part's; refused
        source = Source(
            sub, fold_characters(sub), grammar_for(table, _SPACE_GROUP_LOCALE), table, context
        )
        results = scan(source)
        if len(results) != 1:
            continue
        q, kind = results[0]
        if not isinstance(q, Quantity) or q.dimension != currency or q.span != (0, len(sub)):
            continue
        whole = trusted_quantity(
            q.value,
            q.dimension,
            q.unit,
            q.raw,
            (start, end),
            q.qualifier,
            q.unit_from_context,
        )
        at = [i for i, (item, _) in enumerate(found) if item is error]
        if not at:
            continue
        for i in reversed(at[1:]):
            del found[i]
        found[at[0]] = (whole, kind)


def read_all(
    text: str, table: UnitTable, context: UnitContext | None, locale: str | None
) -> tuple[list[Result], bool]:
    """Every amount read (or refused) with its kind, and whether any is a year-like cell."""
    grammar = grammar_for(table, locale)
    source = Source(text, fold_characters(text), grammar, table, context, locale)
    try:
        return scan(source), source.cell_years
    except decimal.DecimalException as exc:
        raise inexact(text, exc) from exc


def inexact(text: str, exc: decimal.DecimalException) -> ParseError:
    """The refusal of a text whose value cannot be computed exactly.

    A custom table's multiplier with more digits than the private context holds
    ("1.2345…" times a 30-digit number) cannot be multiplied exactly.
    """
    return ParseError(f"cannot compute an exact value in {text[:80]!r}: {exc!r}", text=text)

"""One amount written in parts ("1조 2,000억원", "1 234 €"), refused rather than read as two.

Korean writes an amount across its scale words with spaces between the parts:
"1조 2,000억원" is 1.2 trillion won, "3억 5천만원" 350 million.  Each part reads as
an amount of its own, and the second carries the currency: a caller asking for
the KRW amount would get 2,000억원, silently wrong.  Two amounts with only
spaces between them, the first ending in a larger scale word of
``number.split_scales`` (reading.toml) than any in the second's units, are
refused together.

Digits grouped by plain spaces ("1 234 €", "SEK 1 234", "CHF 1 234.50") are
the other case: without a locale the reader reads "1" and "234" apart, and the
part next to the currency would be a silently wrong amount.  A money amount
whose number continues a run of space-separated groups of three is refused;
a locale (``locale="fr_FR"``) or a grouping mark ("1,234", "1 234" with a
narrow no-break space) reads it.
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal

from .._base.exceptions import ParseError
from .._base.vocabulary import vocabulary
from .._values.quantity import Quantity, trusted_quantity
from .classify import AMOUNT
from .grammar import Grammar
from .scan import Source
from .unit_table import UnitTable

__all__ = [
    "GroupedRun",
    "may_split",
    "refuse_comma_groups",
    "refuse_dot_groups",
    "refuse_parts",
    "refuse_space_grouped",
    "refuse_split_amounts",
    "space_run",
    "split_chars_source",
    "worth_a_look",
]

# One to three digits, a comma and exactly three digits: "1,234" (1234 or 1.234).
# (a dot before it counts only after a digit: "Rp.1,234" is Rp. and 1,234)
_COMMA_GROUP = re.compile(r"(?<![\d,])(?<!\d\.)\d{1,3},\d{3}(?![\d,.])")

# One to three digits, a dot and exactly three digits: "1.234" (1234 or 1.234).
_DOT_GROUP = re.compile(r"(?<![\d,])(?<!\d\.)\d{1,3}\.\d{3}(?![\d,.])")

# A run of digits grouped by single spaces: one to three digits, then groups of three.
_SPACE_RUN = re.compile(r"(?<!\d)(?<!\d[.,])\d{1,3}(?: \d{3})+(?!\d)")
_REACH = 24
_DIGITS = frozenset("0123456789")


@functools.cache
def _ranks() -> dict[str, int]:
    """Each split scale word by its rank, largest first (0)."""
    return {w: i for i, w in enumerate(vocabulary("reading").words("number.split_scales"))}


def split_chars_source() -> str:
    """The pattern of any split scale word (``prebuild`` stores its compiled code)."""
    return "|".join(map(re.escape, _ranks())) or "(?!)"


@functools.cache
def _split_chars() -> re.Pattern[str]:
    return re.compile(split_chars_source())


def may_split(norm: str) -> bool:
    """A quick test: whether ``norm`` holds a split scale word at all (one search in C)."""
    return _split_chars().search(norm) is not None


def _rank(unit: str | None, *, last: bool) -> int | None:
    """The rank of the (last or largest) split scale word in ``unit``, if any."""
    if not unit:
        return None
    ranks = _ranks()
    found = [ranks[ch] for ch in unit if ch in ranks]
    if not found:
        return None
    return found[-1] if last else min(found)


def refuse_split_amounts(source: Source, found: list[tuple[Quantity | ParseError, int]]) -> None:
    """Replace, in place, each pair of amounts that is one amount in parts by two refusals."""
    if len(found) < 2 or not may_split(source.norm):
        return
    text = source.text
    for i in range(len(found) - 1):
        (a, kind_a), (b, kind_b) = found[i], found[i + 1]
        if not (isinstance(a, Quantity) and isinstance(b, Quantity)):
            continue
        if kind_a != AMOUNT or kind_b != AMOUNT or a.span is None or b.span is None:
            continue
        if text[a.span[1] : b.span[0]].strip(" \u202f") or b.span[0] == a.span[1]:
            continue
        first, second = _rank(a.unit, last=True), _rank(b.unit, last=False)
        if first is None or second is None or second <= first:
            continue
        whole = text[a.span[0] : b.span[1]]
        reason = (
            f"{whole!r} writes one amount in parts ({a.raw!r} and {b.raw!r}); "
            "write it as one number with one scale (1.2조원)"
        )
        found[i] = (source.refuse(a.span[0], b.span[1], reason).error, AMOUNT)
        found[i + 1] = (source.refuse(a.span[0], b.span[1], reason).error, AMOUNT)


def _spaced_next_to(norm: str, q: Quantity) -> bool:
    """The quick test of one result: a digit group one space before or after it."""
    if q.span is None:
        return False
    start, end = q.span
    size = len(norm)
    if end + 4 <= size and norm[end] == " " and norm[end + 1 : end + 4].isdigit():
        return True  # "1| 234"
    return (  # "1 |234": a group of three digits itself
        start >= 2
        and norm[start - 1] == " "
        and norm[start - 2] in _DIGITS
        and start + 3 <= size
        and norm[start : start + 3].isdigit()
        and (start + 3 == size or norm[start + 3] not in _DIGITS)
    )


def _comma_scaled(q: Quantity, unit: str) -> bool:
    """The quick test of one result: "d,ddd" with a scale of a decimal-comma language."""
    return (
        "," in (q.raw or "")
        and _comma_scale_in_unit().search(unit) is not None
        and _COMMA_GROUP.search(q.raw or "") is not None
    )


def _comma_read(found: list[tuple[Quantity | ParseError, int]]) -> bool:
    """Whether any result is written "d,ddd" with a scale of a decimal-comma language."""
    return any(
        isinstance(q, Quantity) and q.unit is not None and _comma_scaled(q, q.unit)
        for q, _ in found
    )


@functools.cache
def _comma_decimal_currencies() -> frozenset[str]:
    return frozenset(vocabulary("reading").words("number.comma_decimal_currencies"))


def _dot_grouped(q: Quantity) -> bool:
    """ "d.ddd" in a currency of decimal-comma languages, with no scale or one of theirs.

    "1.234 €" and "R$ 1.234" are 1234 in German and Portuguese and 1.234 in
    English; "€1.234 billion" (an English scale word) is 1.234 billion.  A cell
    "1.234" under a declaration with such a scale ("in Mio. €") is the same case.
    """
    raw = q.raw or ""
    if "." not in raw:
        return False
    # "US$ 1.200 millones", "Rp 1.200 miliar": the scale's languages group with a dot too
    comma_scale = q.unit is not None and _comma_scale_in_unit().search(q.unit) is not None
    if not (comma_scale or q.unit_from_context or q.dimension in _comma_decimal_currencies()):
        return False  # (the common case: dollars, yuan, ratios)
    if (number := _DOT_GROUP.search(raw)) is None:
        return False
    if q.unit_from_context:  # a cell "1.234" under "in Mio. €" (1234 Mio. in German)
        return comma_scale
    return comma_scale or abs(q.value) == Decimal(number.group())


def worth_a_look(norm: str, found: list[tuple[Quantity | ParseError, int]]) -> bool:
    """One pass over the results: could any of the four refusals apply?"""
    split_chars = _split_chars()
    split = 0
    for q, _ in found:
        if not isinstance(q, Quantity):
            continue
        if _spaced_next_to(norm, q):
            return True
        if q.unit is None:
            continue
        unit = q.unit
        if "," in q.raw and _comma_scaled(q, unit):
            return True
        if "." in q.raw and _dot_grouped(q):
            return True
        if split_chars.search(unit) is not None:
            split += 1
    return split > 1


@functools.cache
def _comma_scale_in_unit() -> re.Pattern[str]:
    words = sorted(_comma_decimal_scales(), key=lambda w: (-len(w), w))
    # (not inside a longer word; after a symbol, "€bilhão", or a space)
    return re.compile(r"(?<![^\W\d_])(?:" + "|".join(map(re.escape, words)) + ")", re.IGNORECASE)


def space_run(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The run of digits grouped by single spaces that ``text[start:end]`` is a part of.

    None when there is none or when ``text[start:end]`` covers it whole.  The
    reader refuses such a part without a locale (``refuse_space_grouped``); the
    table readers leave it without a column unless the row's cells match the
    columns one to one, so no reader takes "987" of "12 345 987" as a cell.

    >>> space_run("Net sales 12 345 987", 13, 16), space_run("12  345", 0, 2)
    ((10, 20), None)
    """
    stop = min(len(text), end + _REACH)  # (bounded: a long text of "1 1 1 …" stays linear)
    run = _SPACE_RUN.search(text, max(0, start - _REACH), stop)
    while run is not None and run.start() < end:
        a, b = run.span()
        if start < b and not (start <= a and b <= end):
            return a, b
        run = _SPACE_RUN.search(text, b, stop)
    return None


#: A run of groups refused next to a currency whose languages group with spaces: its
#: span (the run and the amount), the refusal, and the currency (``read_grouped``).
GroupedRun = tuple[int, int, ParseError, str]


@functools.cache
def _space_group_currencies() -> frozenset[str]:
    return frozenset(vocabulary("reading").words("space_grouping.currencies"))


def refuse_space_grouped(
    source: Source, found: list[tuple[Quantity | ParseError, int]]
) -> list[GroupedRun]:
    """Replace, in place, each amount that is a part of a run of digits grouped by spaces.

    "1 234 €", "5 000 employees", "共 12 345 股", a cell "12 345 987": without a
    locale the run may be one number or several (columns, a list), and each part
    read alone would be silently wrong ("000 employees", 345股).  Every amount
    whose digits lie in such a run, and do not cover it, is refused, with one
    refusal per run; an amount read whole ("12 345 987" with ``locale="fr_FR"``)
    stands.

    Returns:
        The runs next to a currency whose languages group with spaces ("12 590 Kč"),
        which the reader reads again as one number (``reader.read_grouped``).
    """
    norm = source.norm
    errors: dict[tuple[int, int], ParseError] = {}
    grouped: list[GroupedRun] = []
    for i, (q, kind) in enumerate(found):
        if not isinstance(q, Quantity) or kind != AMOUNT or not _spaced_next_to(norm, q):
            continue
        start, end = q.span or (0, 0)
        run = space_run(norm, start, end)
        if run is None:
            continue
        if run not in errors:
            reason = (
                f"its digits are grouped by spaces ({norm[run[0] : run[1]]!r}), which may be "
                "one number or several; write 1234 or 1,234, or pass locale="
            )
            errors[run] = source.refuse(min(run[0], start), max(run[1], end), reason).error
        found[i] = (errors[run], AMOUNT)
        if q.dimension in _space_group_currencies() and not q.unit_from_context:
            grouped.append((min(run[0], start), max(run[1], end), errors[run], q.dimension))
    if errors:  # "1 234,56," read as a list: the "56" after the run is its decimals
        ends = {b: error for (_, b), error in errors.items() if b < len(norm) and norm[b] in ",."}
        for i, (q, kind) in enumerate(found):
            if isinstance(q, Quantity) and q.span is not None and q.span[0] - 1 in ends:
                found[i] = (ends[q.span[0] - 1], kind)
    return grouped


def refuse_parts(
    text: str,
    norm: str,
    grammar: Grammar,
    table: UnitTable,
    found: list[tuple[Quantity | ParseError, int]],
) -> list[GroupedRun]:
    """The refusals, for a list read without a ``Source`` (the scanner's fast path).

    Returns:
        The runs of ``refuse_space_grouped`` to read again whole.
    """
    grouped: list[GroupedRun] = []
    if worth_a_look(norm, found):
        quick = Source(text, norm, grammar, table, None)
        grouped = refuse_space_grouped(quick, found)
        refuse_comma_groups(quick, found)
        refuse_dot_groups(quick, found)
        if len(found) > 1:
            refuse_split_amounts(quick, found)
    return grouped


@functools.cache
def _comma_decimal_scales() -> tuple[str, ...]:
    return tuple(w.casefold() for w in vocabulary("reading").words("number.comma_decimal_scales"))


@functools.cache
def _no_minor_unit() -> frozenset[str]:
    return frozenset(vocabulary("reading").words("no_minor_unit.currencies"))


def _dot_grouped_whole(q: Quantity) -> Quantity | None:
    """ "200.000 đ": a dot group in a currency without a minor unit is 200,000 dong.

    Only with no scale (the value is the number as written) and a unit written
    next to the number: "d.ddd" cannot be three decimals of a currency that has
    none.
    """
    if q.unit_from_context or q.dimension not in _no_minor_unit() or q.span is None:
        return None
    number = _DOT_GROUP.search(q.raw or "")
    if number is None or abs(q.value) != Decimal(number.group()):
        return None
    whole = Decimal(number.group().replace(".", ""))
    return trusted_quantity(
        -whole if q.value < 0 else whole,
        q.dimension,
        q.unit,
        q.raw,
        q.span,
        q.qualifier,
        q.unit_from_context,
    )


def refuse_dot_groups(source: Source, found: list[tuple[Quantity | ParseError, int]]) -> None:
    """Replace, in place, each "1.234 €" read without a locale: 1234 or 1.234 euros.

    In a currency without a minor unit the dot groups thousands: "200.000 đ" is read
    as 200,000 dong.
    """
    for i, (q, kind) in enumerate(found):
        if not isinstance(q, Quantity) or q.span is None or not _dot_grouped(q):
            continue
        whole = _dot_grouped_whole(q)
        if whole is not None:
            found[i] = (whole, kind)
            continue
        where = (
            f"under {q.unit!r}, a scale of languages that"
            if q.unit_from_context
            else f"in {q.dimension}, whose home languages"
            if q.dimension in _comma_decimal_currencies()
            else f"in {q.unit!r}, a scale of languages that"
        )
        reason = (
            f"{q.raw!r} writes a dot before three digits {where} group thousands with a "
            "dot: it is 1234 or 1.234; pass locale= (de_DE, pt_BR) or write the number "
            "without the ambiguity (1,234 or 1.2340)"
        )
        found[i] = (source.refuse(q.span[0], q.span[1], reason).error, kind)


def refuse_comma_groups(source: Source, found: list[tuple[Quantity | ParseError, int]]) -> None:
    """Replace, in place, each "1,234 Mio." read without a locale: 1234 or 1.234 million."""
    if not _comma_read(found):
        return
    for i, (q, kind) in enumerate(found):
        if not isinstance(q, Quantity) or q.span is None or q.unit is None:
            continue
        raw = q.raw or ""
        if "," not in raw or _COMMA_GROUP.search(raw) is None:
            continue
        if _comma_scale_in_unit().search(q.unit) is None:  # "€bilhão", "R$ bilhão", "Mio. €"
            continue
        reason = (
            f"{raw!r} writes a comma before three digits and a scale of a language with "
            "decimal commas: it is 1234 or 1.234 of the scale; pass locale= (de_DE, ru_RU) "
            "or write the number without the ambiguity"
        )
        found[i] = (source.refuse(q.span[0], q.span[1], reason).error, kind)

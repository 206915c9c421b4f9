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
from .._values.dimensions import is_money
from .._values.quantity import Quantity
from .classify import AMOUNT
from .grammar import Grammar
from .scan import Source
from .unit_table import UnitTable

__all__ = [
    "may_split",
    "refuse_comma_groups",
    "refuse_dot_groups",
    "refuse_parts",
    "refuse_space_grouped",
    "refuse_split_amounts",
    "split_chars_source",
    "worth_a_look",
]

# One to three digits, a comma and exactly three digits: "1,234" (1234 or 1.234).
# (a dot before it counts only after a digit: "Rp.1,234" is Rp. and 1,234)
_COMMA_GROUP = re.compile(r"(?<![\d,])(?<!\d\.)\d{1,3},\d{3}(?![\d,.])")

# One to three digits, a dot and exactly three digits: "1.234" (1234 or 1.234).
_DOT_GROUP = re.compile(r"(?<![\d,])(?<!\d\.)\d{1,3}\.\d{3}(?![\d,.])")

# A group of three digits right after the amount ("SEK 1| 234"), or a run of
# space-separated groups right before it ("1 234 |567 €").
_GROUP_AFTER = re.compile(r" \d{3}(?![\d])")
_GROUPS_BEFORE = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3})* $")
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
    """The quick test of one result: money, with a digit group one space before or after it."""
    if q.span is None or q.unit_from_context:
        return False
    start, end = q.span
    after = end + 4 <= len(norm) and norm[end] == " " and norm[end + 1 : end + 4].isdigit()
    before = start >= 2 and norm[start - 1] == " " and norm[start - 2] in _DIGITS
    return (after or before) and is_money(q.dimension or "")


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
    if not q.unit_from_context and q.dimension not in _comma_decimal_currencies():
        return False  # (the common case: dollars, yuan, ratios; decided without a search)
    if (number := _DOT_GROUP.search(raw)) is None:
        return False
    comma_scale = _comma_scale_in_unit().search(q.unit or "") is not None
    if q.unit_from_context:  # a cell "1.234" under "in Mio. €" (1234 Mio. in German)
        return comma_scale
    return comma_scale or abs(q.value) == Decimal(number.group())


def worth_a_look(norm: str, found: list[tuple[Quantity | ParseError, int]]) -> bool:
    """One pass over the results: could any of the four refusals apply?"""
    split_chars = _split_chars()
    split = 0
    for q, _ in found:
        if not isinstance(q, Quantity) or q.unit is None:
            continue
        unit = q.unit
        if _spaced_next_to(norm, q) or ("," in q.raw and _comma_scaled(q, unit)):
            return True
        if "." in q.raw and _dot_grouped(q):
            return True
        if split_chars.search(unit) is not None:
            split += 1
    return split > 1


@functools.cache
def _comma_scale_in_unit() -> re.Pattern[str]:
    words = sorted(_comma_decimal_scales(), key=lambda w: (-len(w), w))
    return re.compile("|".join(map(re.escape, words)), re.IGNORECASE)


def refuse_space_grouped(source: Source, found: list[tuple[Quantity | ParseError, int]]) -> None:
    """Replace, in place, each money amount whose digits continue a space-grouped run, and
    the bare parts of that run read beside it ("1" of "1 234 €")."""
    norm = source.norm
    if not any(isinstance(q, Quantity) and _spaced_next_to(norm, q) for q, _ in found):
        return
    runs: list[tuple[int, int, ParseError]] = []
    for i, (q, kind) in enumerate(found):
        if not isinstance(q, Quantity) or kind != AMOUNT or q.span is None or q.unit is None:
            continue
        if q.unit_from_context or not is_money(q.dimension or ""):
            continue
        start, end = q.span
        raw = q.raw or ""
        run_start, run_end = start, end
        if raw[-1:].isdigit():
            while (group := _GROUP_AFTER.match(norm, run_end)) is not None:
                run_end = group.end()
        if raw[:1].isdigit():
            groups = _GROUPS_BEFORE.search(norm, max(0, start - _REACH), start)
            if groups is not None:
                run_start = groups.start()
        if (run_start, run_end) == (start, end):
            continue
        reason = (
            "its digits are grouped by spaces with the number next to it "
            f"({norm[run_start:run_end]!r}), which may be one number or two; write 1234 or "
            "1,234, or pass locale="
        )
        error = source.refuse(run_start, run_end, reason).error
        found[i] = (error, AMOUNT)
        runs.append((run_start, run_end, error))
    for run_start, run_end, error in runs:  # the bare parts of the run read beside it
        for k, (q, kind) in enumerate(found):
            if (
                isinstance(q, Quantity)
                and q.span is not None
                and q.unit is None
                and q.span[0] < run_end
                and run_start < q.span[1]
            ):
                found[k] = (error, kind)


def refuse_parts(
    text: str,
    norm: str,
    grammar: Grammar,
    table: UnitTable,
    found: list[tuple[Quantity | ParseError, int]],
) -> None:
    """Both refusals, for a list read without a ``Source`` (the scanner's fast path)."""
    if worth_a_look(norm, found):
        quick = Source(text, norm, grammar, table, None)
        refuse_space_grouped(quick, found)
        refuse_comma_groups(quick, found)
        refuse_dot_groups(quick, found)
        if len(found) > 1:
            refuse_split_amounts(quick, found)


@functools.cache
def _comma_decimal_scales() -> tuple[str, ...]:
    return tuple(w.casefold() for w in vocabulary("reading").words("number.comma_decimal_scales"))


def refuse_dot_groups(source: Source, found: list[tuple[Quantity | ParseError, int]]) -> None:
    """Replace, in place, each "1.234 €" read without a locale: 1234 or 1.234 euros."""
    for i, (q, kind) in enumerate(found):
        if not isinstance(q, Quantity) or q.span is None or not _dot_grouped(q):
            continue
        where = (
            f"under {q.unit!r}, a scale of languages that"
            if q.unit_from_context
            else f"in {q.dimension}, whose home languages"
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
        unit = q.unit.casefold()
        if not any(unit.startswith(w) or f" {w}" in unit for w in _comma_decimal_scales()):
            continue
        reason = (
            f"{raw!r} writes a comma before three digits and a scale of a language with "
            "decimal commas: it is 1234 or 1.234 of the scale; pass locale= (de_DE, ru_RU) "
            "or write the number without the ambiguity"
        )
        found[i] = (source.refuse(q.span[0], q.span[1], reason).error, kind)

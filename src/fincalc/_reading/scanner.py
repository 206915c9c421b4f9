"""The generated scanner: one ``re`` pass finds each amount with its units; Python builds it.

``scanner_for(table)`` compiles the pattern of ``fast_pattern`` for a unit table
(once, when the table has read enough to repay it: ``ready_scanner``), and
``read_text`` runs it over a folded text.  Each match is one of:

* a skip (a date, a period such as 2023年, a Chinese digit used as a word):
  nothing to read;
* ``f``, an amount read whole: Python checks the word before it (one alias
  probe, only when the character before can end an alias), looks up the
  *recipe* of its currency, scale and unit (dimension, power of ten and unit
  text, worked out once per combination by the reader's own ``resolve_unit``)
  and writes the value as one decimal literal;
* a number core for the reader (``reader.read_core``): every shape and context
  the pattern does not take (brackets, qualifiers, ranges, minor units,
  references, Chinese numerals, locale shapes, refusals).

An ``f`` match the checks turn down is read by the reader as the core it
contains, so the results are the reader's in every case; the pattern only
decides, in C, which cores need nothing but their units.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from .._values.quantity import trusted_quantity
from .after_number import After
from .aliases import AliasIndex
from .before_number import Before
from .build import resolve_unit
from .classify import (
    AMOUNT,
    CELL_YEAR,
    YEAR,
    YEAR_HIGH,
    YEAR_LOW,
    is_cell,
    markers_at,
    not_amount_before,
    word_numeral_at,
)
from .closed_world import continuation, may_continue
from .grammar import Grammar
from .reader import CoreMatch, Result, after_abbreviation, finish, read_core, read_grouped
from .scan import Refusal, Source
from .split_amounts import refuse_parts
from .unit_table import UnitTable
from .value import EXPONENT_SUFFIX, MAX_DIGITS

__all__ = ["Recipe", "Scanner", "read_text"]


@dataclass(frozen=True, slots=True)
class Recipe:
    """How an amount with a given currency, Han scale, scale and unit is built.

    ``parts`` rebuilds the unit as written from the original text (a group
    of the match, the currency's span (-1), or the Han scale as matched) when
    folding changed the text.
    """

    dimension: str | None
    unit: str | None  # the unit as written, when the text is its own fold
    parts: tuple[int | str, ...]
    exponent: str  # the power of ten of the Han scale, scale and unit: "E+8", or ""
    bare: bool  # no unit at all: a number written like a year may be one
    scale_tight: bool  # the scale must touch the number ("5m", not "5 m")
    unit_tight: bool  # the unit must touch what precedes it ("1.5x")
    not_before: str  # characters after the unit that make it part of a word (股东)
    checks: bool  # any of the three above: ``passes`` must agree

    def passes(
        self, groups: tuple[str | None, ...], space1: int, space2: int, norm: str, end: int
    ) -> bool:
        """False for "5 m" (metres), "3 x 4" and 股东: the reader decides those."""
        return not (
            (self.scale_tight and groups[space1])
            or (self.unit_tight and groups[space2])
            or (self.not_before and end < len(norm) and norm[end] in self.not_before)
        )


_MISSING: Final = Recipe(None, None, (), "", False, False, False, "", False)


#: Right before a currency the scanner reads (glued), these send its amount to the
#: reader: letters and digits (Z$5), signs, brackets, a percent sign, reference
#: marks, the apostrophe of "Q4'23", a no-break space ...
_REJECT_BEFORE: Final = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-+()[]%.,:、'#\u202f"
)
#: ... and one space before it: more spaces, a bracket, a sign, reference marks.
_REJECT_SPACED: Final = frozenset(" \u202f(.:-+")
#: Marks between a reference word and its number: "Note 5.12", "附注五、12", "No.: 5".
_REFERENCE_MARKS: Final = frozenset(".,:、")


class Scanner:
    """The compiled pattern of one unit table and what its matches are read with."""

    __slots__ = (
        "before",
        "grammar",
        "groups",
        "lookers",
        "pattern",
        "probe",
        "recipes",
        "references_apart",
        "starts",
        "table",
    )

    def __init__(
        self,
        pattern: re.Pattern[str],
        table: UnitTable,
        grammar: Grammar,
        before: AliasIndex,
        starts: str,
        references_apart: bool,
    ) -> None:
        self.pattern = pattern
        #: The characters a number core can start with (digits, ".", Chinese digits).
        self.starts = frozenset(starts)
        #: No reference word and no currency end one another (``references_apart``).
        self.references_apart = references_apart
        self.table = table
        self.grammar = grammar
        #: Every word the reader looks for before a number (currencies, qualifiers,
        #: references, unknown currency words, 百分之, 负, the letters of "hk $"); the
        #: value of a currency the reader would read as it is is ``(code, iso_only)``.
        self.before = before
        self.probe = before.last_chars
        #: The characters before an amount (or one space before it) that make the
        #: scanner look at what is written there.
        self.lookers = before.last_chars | _REFERENCE_MARKS
        self.recipes: dict[tuple[str | None, str, str | None, str | None], Recipe | None] = {}
        index = pattern.groupindex
        self.groups = tuple(
            index[name] - 1
            for name in (
                "all", "skip", "f", "fsign", "fnum", "fchain", "fs1", "fscale", "fs2", "funit",
                "ar", "eu", "cn", "chain",
            )
        )  # fmt: skip

    def read(self, text: str, norm: str) -> tuple[list[Result], bool]:
        """Every amount of ``text`` (``norm`` its folded form): ``read_text`` with this scanner."""
        return read_text(text, norm, self)

    def look_before(
        self, norm: str, at: int, prev_end: int, negative: bool
    ) -> tuple[int, int, int, bool] | None:
        """What precedes the amount at ``at``: nothing, or a currency; None: ask the reader.

        Called when the character before ``at`` (or before one space there) can
        end a word the reader looks for.  A currency is taken when it is the
        longest such word, nothing the reader reads precedes it but a minus, and
        it starts after the last amount.  Returns where the amount starts, where
        its currency starts and ends (-1 without one), and whether it is negative.
        """
        if after_abbreviation(norm, at):
            return None  # "Q.5", "Rs.500": the reader reads the point as the word's
        before = self.before.ending_at
        end = at - 1 if norm[at - 1] == " " else at
        if norm[end - 1] in _REFERENCE_MARKS and not_amount_before(self.grammar, norm, at):
            return None  # Note 5.12, 附注五、12, No. 5: a reference
        hit = before(norm, end)
        if hit is None:
            return at, -1, -1, negative
        start, value = hit
        if value is None or negative or start <= prev_end:
            return None  # a qualifier, a reference, "$-5": the reader reads them
        code, iso_only = value
        if iso_only and norm[start:end] != code:
            return None  # an ISO code counts in capitals only
        begin = start
        if begin and norm[begin - 1] == "-":
            begin, negative = begin - 1, True
            if begin <= prev_end:
                return None  # "8.7亿元-$9.1亿": a dash after an amount joins a range
        if begin:
            ch = norm[begin - 1]
            if ch in _REJECT_BEFORE:
                return None
            if ch == " ":
                if begin > 1 and (
                    norm[begin - 2] in _REJECT_SPACED
                    or (norm[begin - 2] in self.probe and before(norm, begin - 1) is not None)
                ):
                    return None
            elif ch in self.probe and before(norm, begin) is not None:
                return None
        return begin, start, end, negative

    def recipe(self, key: tuple[str | None, str, str | None, str | None]) -> Recipe | None:
        """The recipe of a currency, chain, scale and unit as matched (None: read it slowly)."""
        found = self.recipes.get(key, _MISSING)
        if found is _MISSING:
            found = self._work_out(key)
            if len(self.recipes) < _MAX_RECIPES:
                self.recipes[key] = found
        return found

    def _work_out(self, key: tuple[str | None, str, str | None, str | None]) -> Recipe | None:
        currency_text, chain, scale_text, unit_text = key
        grammar, table = self.grammar, self.table
        if grammar.script_symbols.intersection((currency_text, unit_text)):
            return None  # "¥": the text's script decides (script_symbols), read slowly
        code = None
        if currency_text is not None:
            code = grammar.currencies.value_of(currency_text)
            if code is None and currency_text in table.iso_codes:
                code = currency_text
            if code is None:
                return None
        han = chain.strip()
        if han and scale_text:
            return None  # "1.5万亿 trillion": two scales, which the reader refuses
        shift = 0
        if han:
            fast = grammar.han_scales.get(han)
            if fast is None or fast[1] is None:
                return None  # 3万4000, 3000多万: composed by the reader
            shift = fast[1]
        if any(ch in self.starts for ch in (scale_text or "") + (unit_text or "")):
            return None  # "RMB'000", "m3": a number could start inside the unit
        scale = None if scale_text is None else grammar.scales.value_of(scale_text)
        unit = None
        if unit_text is not None:
            unit = grammar.units.value_of(unit_text)
            if unit is None and unit_text in table.iso_codes:
                unit = table.suffix(unit_text)
        if (scale_text is not None and scale is None) or (unit_text is not None and unit is None):
            return None
        source = Source("", "", grammar, table, None)
        before = Before(0, False, -1, None, code, currency_text, False, None, None)
        after = After(0, 0, False, scale, scale_text, unit, unit_text, None, "")
        try:
            resolved = resolve_unit(source, before, after, han)
        except Refusal:
            return None  # "$35 cents", "5 USD euros", "万%": the reader says why
        if source.minor_read or (resolved.multiplier is not None and resolved.exponent is None):
            return None  # "35 cents" (joined with dollars); a multiplier of 12
        parts: list[int | str] = []
        if currency_text is not None:
            parts.append(-1)
        if han:
            parts.append(han)
        if scale_text:
            parts.append(self.groups[7])
        if unit_text is not None:
            parts.append(self.groups[9])
        shift += resolved.exponent or 0
        scale_tight = bool(scale is not None and scale.tight)
        unit_tight = bool(unit is not None and unit.tight)
        not_before = "" if unit is None else unit.not_before
        return Recipe(
            resolved.dimension,
            _joined(resolved.parts),
            tuple(parts),
            (EXPONENT_SUFFIX.get(shift) or f"E{shift:+d}") if shift else "",
            not resolved.parts,
            scale_tight,
            unit_tight,
            not_before,
            scale_tight or unit_tight or bool(not_before),
        )


#: Recipes kept per scanner: one per currency, chain, scale and unit written alike.
_MAX_RECIPES: Final = 4096


def _joined(parts: list[str]) -> str | None:
    """The unit as written, as ``build`` writes it: "亿元", "$ million", "人民币亿元"."""
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return (" " if any(map(str.isascii, parts)) else "").join(parts)


def _written(
    recipe: Recipe, text: str, spans: tuple[tuple[int, int], ...], currency: tuple[int, int]
) -> str | None:
    """The unit as written in the original text (folding changed some of its characters)."""
    return _joined(
        [
            p if isinstance(p, str) else text[slice(*(currency if p < 0 else spans[p]))]
            for p in recipe.parts
        ]
    )


def _kind(norm: str, num: str, start: int, end: int, negative: bool) -> int:
    """``AMOUNT``, or how a bare number written like a year is placed (``classify.year_kind``)."""
    if negative or not num.isdigit() or not YEAR_LOW <= int(num) <= YEAR_HIGH:
        return AMOUNT
    return CELL_YEAR if is_cell(norm, start, end) else YEAR


def _no_amount(
    scanner: Scanner, norm: str, core: CoreMatch, prev_end: int, bare: bool = False
) -> int:
    """Where to scan on when the reader would drop this core, else -1.

    The first steps of ``reader.read_core``: a core inside the last amount, a
    Chinese digit used as a word, or a number that reference or period words
    make no amount.  With ``bare`` (the pattern read the number with nothing
    after it), a Latin reference word before it ("Item 8 of") drops it too: only
    money or a scale would make it an amount.
    """
    start, end, written, cn = core[0], core[1], core[2], core[5]
    if start < prev_end:
        return end
    grammar = scanner.grammar
    before = norm[start - 1] if start else ""
    if written[0] == grammar.decimal_mark and before.isascii() and before.isalpha():
        return start + 1  # "Rs.500", "Q.5": the reader reads on from the digit
    if cn is not None and word_numeral_at(grammar, norm, start, end, cn, core[6]):
        return end
    if (not start or norm[start - 1] not in grammar.marker_before) and (
        end == len(norm) or norm[end] not in grammar.marker_after
    ):
        return -1  # no reference or period word can touch it
    markers = markers_at(grammar, norm, start, end)
    if markers is not None:
        bare = bare and markers.reference and not markers.period_after
        bare = bare and scanner.references_apart
        return end if bare and len(written) <= MAX_DIGITS else -1
    return start + written.index(". ") + 2 if ". " in written else end


def _continues(scanner: Scanner, norm: str, end: int, has_unit: bool) -> bool:
    """True when a word after the amount ending at ``end < len(norm)`` could continue it:
    the reader decides then ("5000 달러", "2.33 k", "322 hundred", "1,476.\n94亿元")."""
    return (
        may_continue(norm, end, has_unit)
        and continuation(
            norm, scanner.grammar, scanner.table, end, has_unit=has_unit, chinese=False, money=True
        )
        is not None
    )


def read_text(text: str, norm: str, scanner: Scanner) -> tuple[list[Result], bool]:
    """Every amount of ``norm`` (the fold of ``text``), and whether a year-like cell was read."""
    search = scanner.pattern.search
    all_, skip_, f_, sign_, num_, chain_, s1_, scale_, s2_, unit_, ar_, aeu_, cn_, chain2_ = (
        scanner.groups
    )
    whole = all_ + 1
    lookers, recipe_of, make = scanner.lookers, scanner.recipes.get, trusted_quantity
    found: list[Result] = []
    add = found.append
    source: Source | None = None
    prev_end = -1
    cell_years = False
    pos = 0
    while (m := search(norm, pos)) is not None:
        g = m.groups()
        if g[skip_] is not None:
            pos = m.end(whole)
            continue
        start, end = m.span(whole)
        if g[f_] is not None:
            num, chain = g[num_], g[chain_]
            ok = start > prev_end and (source is None or source.range_currency is None)
            begin, cur_start, cur_end, negative = start, -1, -1, g[sign_] is not None
            if ok and start:
                ch = norm[start - 1]
                if ch == " " and start > 1:
                    ch = norm[start - 2]
                if ch in lookers:
                    looked = scanner.look_before(norm, start, prev_end, negative)
                    if looked is None:
                        ok = False
                    else:
                        begin, cur_start, cur_end, negative = looked
            if ok:
                key = (
                    norm[cur_start:cur_end] if cur_start >= 0 else None,
                    chain,
                    g[scale_],
                    g[unit_],
                )
                recipe = recipe_of(key, _MISSING)
                if recipe is _MISSING:
                    recipe = scanner.recipe(key)
                if recipe is not None and (
                    not recipe.checks or recipe.passes(g, s1_, s2_, norm, end)
                ):
                    digits = num.replace(",", "") if "," in num else num
                    if len(digits) <= MAX_DIGITS and (
                        end == len(norm) or not _continues(scanner, norm, end, g[unit_] is not None)
                    ):  # (else the reader decides: "5000 달러", "2.33 k", "322 hundred")
                        value = Decimal(digits + recipe.exponent)
                        if negative and value:
                            value = value.copy_negate()
                        kind = AMOUNT
                        if recipe.bare and len(num) == 4:
                            kind = _kind(norm, num, start, end, negative)
                            cell_years = cell_years or kind == CELL_YEAR
                        unit = recipe.unit
                        if text is not norm and recipe.parts:
                            unit = _written(recipe, text, m.regs[1:], (cur_start, cur_end))
                        span = (begin, end)
                        add(
                            (
                                make(
                                    value,
                                    recipe.dimension,
                                    unit,
                                    text[begin:end],
                                    span,
                                    None,
                                    False,
                                ),
                                kind,
                            )
                        )
                        prev_end = pos = end
                        continue
            bare = not chain and g[scale_] is None and g[unit_] is None
            start = m.start(num_ + 1)
            end = start + len(num) + len(chain)
            core: CoreMatch = (start, end, norm[start:end], num, None, None, chain)
        else:
            bare = False
            core = (start, end, g[all_], g[ar_], g[aeu_], g[cn_], g[chain2_])
        if (skip := _no_amount(scanner, norm, core, prev_end, bare)) >= 0:
            pos = skip  # Note 12, Q3, FY2024, 附注五、12: dropped without building a source
            continue
        if source is None:
            source = Source(text, norm, scanner.grammar, scanner.table, None)
        source.prev_end = prev_end
        pos = read_core(source, found, core)
        prev_end = source.prev_end
    if source is None and (found or norm.isdigit()):
        grouped = refuse_parts(text, norm, scanner.grammar, scanner.table, found)
        if grouped:
            read_grouped(text, scanner.table, None, found, grouped)
        return found, cell_years
    if source is None:
        source = Source(text, norm, scanner.grammar, scanner.table, None)
    source.prev_end = prev_end
    return finish(source, found), cell_years or source.cell_years

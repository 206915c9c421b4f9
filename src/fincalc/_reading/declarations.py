"""Declared units: ``UnitContext`` and reading it from headers and documents.

Financial tables declare their unit once ("单位：万元", "(in millions, except
per share data)", "RMB'000"); ``unit_context_from_header`` reads one such
declaration (or a short unit phrase) into a ``UnitContext``, and
``find_unit_declarations`` finds every declaration in a document with its span.
The patterns are built per unit table from its aliases and from the
declaration words in ``_data/reading.toml``, so a currency or scale added to
the table is recognised in declarations too.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from .._base.exceptions import InvalidInputError, ParseError, UnknownUnitError
from .._base.public import public
from .._base.vocabulary import alternation, vocabulary
from .._values.decimals import arithmetic, to_decimal
from .._values.quantity import check_dimension
from .aliases import alias_alternation, is_latin
from .text import MAX_EXTRACT_LENGTH, MAX_PARSE_LENGTH, check_text, fold_characters
from .unit_table import UnitTable, resolve_table

if TYPE_CHECKING:
    import regex

__all__ = [
    "UnitContext",
    "context_from_header",
    "find_unit_declarations",
    "unit_context_from_header",
]

_ONE: Final = Decimal(1)


@public
@dataclass(frozen=True, slots=True)
class UnitContext:
    """A declared unit ("单位：万元", "(in millions)") that bare numbers are read in.

    Attributes:
        multiplier: What one written unit is worth in base units (万元 -> 1E+4).
        dimension: The declared currency or unit dimension, or None for a scale
            with no currency ("(in millions, except per share data)").
        unit: The unit as declared, e.g. "万元", "RMB'000", "millions".
        declaration: The verbatim declaration text it was read from.

    >>> from decimal import Decimal
    >>> ctx = UnitContext(Decimal("1E+4"), "CNY", "万元")
    >>> ctx.multiplier, ctx.dimension
    (Decimal('1E+4'), 'CNY')
    """

    multiplier: Decimal
    dimension: str | None
    unit: str
    declaration: str = ""

    def __post_init__(self) -> None:
        multiplier = to_decimal(self.multiplier, field="UnitContext.multiplier")
        if multiplier <= 0:
            raise InvalidInputError(
                f"UnitContext.multiplier: {multiplier!r} must be positive",
                argument="UnitContext.multiplier",
                value=str(multiplier),
            )
        object.__setattr__(self, "multiplier", multiplier)
        if self.dimension is not None:
            check_dimension(self.dimension, field="UnitContext.dimension")
        if not isinstance(self.unit, str):
            raise InvalidInputError(
                f"UnitContext.unit: expected str, got {type(self.unit).__name__}",
                argument="UnitContext.unit",
                value=repr(self.unit),
            )


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _DeclGrammar:
    """A table's declaration patterns: finding one in a document, reading a phrase."""

    find: regex.Pattern[str]
    phrase: regex.Pattern[str]


def _words(key: str) -> str:
    """The declaration words under ``key`` in reading.toml, as an alternation."""
    return alternation(vocabulary("reading").words(f"declaration.{key}"), boundaries=False)


def _decl_grammar(table: UnitTable) -> _DeclGrammar:
    cached: _DeclGrammar | None = table._cache.get("declarations")
    if cached is not None:
        return cached
    currency_prefix = alias_alternation(table.prefix_currencies)
    currency_suffix = alias_alternation(
        [a for a, s in table.suffixes.items() if s.kind == "currency"]
    )
    suffix_any = alias_alternation(table.suffixes)
    scales = alias_alternation(table.scales)
    latin_scales = alias_alternation([a for a in table.scales if is_latin(a) or a.startswith("'")])
    iso = r"(?<![A-Za-z])(?-i:[A-Z]{3})(?![A-Za-z])"
    cur = rf"(?:{currency_prefix}|{currency_suffix}|{iso})"
    of, in_ = _words("of"), _words("in")
    phrase = (
        rf"(?:(?P<pc>{currency_prefix}|{iso})[ ]*+)?(?:(?P<sc>{scales})[ ]*+)?"
        rf"(?:(?i:(?:{of})[ ]++)?(?:(?P<su>{suffix_any}|{iso})|(?P<sp>{currency_prefix})))?"
    )
    import regex  # (only declarations need its VERSION1 case folding; a parse need not load it)

    find = regex.compile(
        rf"(?P<zh>(?:{_words('subjects')})?(?:{_words('unit')})"
        rf"(?:[ ]*+:[ ]*+|[ ]*+(?:{_words('copula')})[ ]*+|[ ]++)"
        rf"(?P<zp>(?:(?:{currency_prefix})[ ]*+)?(?:{scales})?(?:{suffix_any})"
        rf"|(?:{currency_prefix})?[ ]*+(?:{scales})))"
        rf"(?:[ ,，;；]*+(?:{_words('currency')})[ ]*+:[ ]*+(?P<zc>{cur}))?"
        rf"|(?P<en>(?:(?P<ec>{cur})[ ]++)?(?i:{in_})[ ]++"
        rf"(?P<ep>(?:(?:{currency_prefix})[ ]*+)?(?:{latin_scales})"
        rf"(?:[ ]++(?i:{of})[ ]++(?:{currency_suffix}|{currency_prefix})"
        # "in Mio. €", "in Tsd. EUR", "in Tausend Euro": the currency after the scale
        rf"|[ ]*+(?:{currency_suffix}|{iso}))?))"
        rf"|(?<![0-9A-Za-z.,])(?P<cp>(?P<cpc>{currency_prefix}|{iso})[ ]?+(?:{latin_scales}))"
        rf"(?![0-9])",
        regex.VERSION1,
    )
    grammar = _DeclGrammar(find, regex.compile(phrase, regex.VERSION1))
    table._cache["declarations"] = grammar
    return grammar


def _context_from_phrase(
    phrase: str, table: UnitTable, declaration: str, currency_override: str | None = None
) -> UnitContext | None:
    match = _decl_grammar(table).phrase.fullmatch(phrase.strip())
    if match is None or not match.group():
        return None
    multiplier = _ONE
    dimension: str | None = None
    if match.group("pc"):
        dimension = table.prefix_currency(match.group("pc"))
    if match.group("sc"):
        spec = table.scale(match.group("sc"))
        if spec is None:  # pragma: no cover - the pattern only matches table aliases
            return None
        multiplier = spec.multiplier
    if match.group("su"):
        unit = table.suffix(match.group("su"))
        if unit is None:
            return None
        if unit.kind == "unit":
            if dimension is not None or (match.group("sc") and not unit.scalable):
                return None
            multiplier = multiplier * unit.multiplier
            dimension = unit.dimension
        elif dimension is not None and dimension != unit.dimension:
            return None
        else:
            dimension = unit.dimension
    if match.group("sp"):  # "millions of US$"
        code = table.prefix_currency(match.group("sp"))
        if code is None or (dimension is not None and dimension != code):
            return None
        dimension = code
    if currency_override is not None:
        code = table.prefix_currency(currency_override)
        spec_cur = table.suffix(currency_override)
        dimension = code or (spec_cur.dimension if spec_cur else dimension)
    return UnitContext(multiplier, dimension, phrase.strip(), declaration)


def _declarations(text: str, table: UnitTable) -> list[tuple[tuple[int, int], UnitContext]]:
    norm = fold_characters(text)
    found: list[tuple[tuple[int, int], UnitContext]] = []
    with arithmetic():
        for match in _decl_grammar(table).find.finditer(norm):
            start, end = match.span()
            if match.group("zh"):
                phrase_name, override = "zp", match.group("zc")
            elif match.group("en"):
                phrase_name, override = "ep", match.group("ec")
            else:
                phrase_name, override = "cp", None
            phrase = text[match.start(phrase_name) : match.end(phrase_name)]
            if override is not None:
                override = norm[match.start("zc" if match.group("zh") else "ec") :][: len(override)]
            context = _context_from_phrase(
                fold_characters(phrase), table, text[start:end], override
            )
            if context is not None:
                found.append(((start, end), context))
    return found


def find_unit_declarations(
    text: str, *, table: UnitTable | None = None
) -> list[tuple[tuple[int, int], UnitContext]]:
    """Find every unit declaration in a document, with its span, in order.

    Recognises "单位：万元", "金额单位：人民币千元", "单位：元 币种：人民币",
    "(in millions, except per share data)", "(in thousands of U.S. dollars)",
    "RMB'000" and "US$ million"; a bare "million" in prose is not a declaration.

    >>> [(span, c.multiplier, c.dimension) for span, c in find_unit_declarations(
    ...     "合并利润表\\n单位：元 币种：人民币\\n…\\n(in millions)")]
    [((6, 17), Decimal('1'), 'CNY'), ((21, 32), Decimal('1E+6'), None)]
    """
    text = check_text(text, MAX_EXTRACT_LENGTH)
    resolved = resolve_table(table)
    return _declarations(text, resolved)


@functools.cache
def _strip_header() -> regex.Pattern[str]:
    """The wrapper around a unit phrase: brackets, "单位：", "Units:", "amounts in", "in"."""
    import regex

    return regex.compile(
        rf"^[\s(\[{{【]*+(?:(?:{_words('subjects')})?(?:{_words('unit')})[ ]*+:?"
        rf"|(?i:(?:{_words('label')})[ ]*+:|(?:{_words('amounts')})[ ]++(?:{_words('in')})"
        rf"|(?:{_words('in')})))?[ ]*+(?P<body>.*?)[\s)\]}}】.]*+$",
        regex.DOTALL,
    )


@functools.lru_cache(maxsize=256)
def _cached_context(text: str, table: UnitTable) -> UnitContext:
    declarations = _declarations(text, table)
    if declarations:
        distinct = {(c.multiplier, c.dimension) for _, c in declarations}
        if len(distinct) > 1:
            listed = ", ".join(repr(c.declaration) for _, c in declarations)
            raise ParseError(
                f"{text!r} declares {len(distinct)} different units ({listed}); pass the "
                "header of one table",
                text=text,
            )
        return declarations[0][1]
    stripped = _strip_header().match(fold_characters(text))
    body = stripped.group("body") if stripped is not None else text
    with arithmetic():
        context = _context_from_phrase(body, table, text)
    if context is None:
        raise UnknownUnitError(
            f"no unit is declared in {text!r}; write it like '单位：万元', '(in millions)', "
            "'RMB'000' or a unit such as '亿元', 'USD millions', '%', or add the unit to the table",
            text=text,
            unit=body.strip() or None,
        )
    return context


def context_from_header(text: str, table: UnitTable) -> UnitContext:
    """``unit_context_from_header`` with a resolved table (cached per text)."""
    return _cached_context(check_text(text, MAX_PARSE_LENGTH), table)


@public
def unit_context_from_header(text: str, *, table: UnitTable | None = None) -> UnitContext:
    """Read the unit a table header, caption or question declares.

    Accepts headers and captions ("单位：万元", "金额单位：人民币千元",
    "单位：元 币种：人民币", "(in millions, except per share data)",
    "(in thousands of U.S. dollars)", "RMB'000", "US$ million") and short unit
    phrases ("million", "USD millions", "亿元", "percent", "%", "bps").

    Raises:
        UnknownUnitError: nothing in ``text`` declares a unit the table knows.
        ParseError: the text declares several different units.

    >>> ctx = unit_context_from_header("金额单位：人民币千元")
    >>> ctx.multiplier, ctx.dimension, ctx.unit
    (Decimal('1E+3'), 'CNY', '人民币千元')
    >>> unit_context_from_header("(in thousands of U.S. dollars)").dimension
    'USD'
    """
    resolved = resolve_table(table)
    return context_from_header(text, resolved)

"""The alias sets of the generated scanner, from the unit table and the reading vocabulary.

``fast_words`` gathers what ``fast_pattern`` writes into the pattern: the
aliases the pattern reads itself (those without a digit, a "." or a Chinese
digit in them, so that no number core can start inside them) and the full sets
its guards refuse; ``before_index`` is the one probe the scanner runs for the
word before an amount.  ``build_scanner`` compiles the pattern for a table.
"""

from __future__ import annotations

import re
from typing import Final

from .._base.vocabulary import vocabulary
from .aliases import AliasIndex, casefold_sources
from .fast_pattern import FastWords, alias_flags, fast_pattern_source
from .grammar import (
    Grammar,
    ScanParts,
    _words,
    default_parts,
    grammar_for,
    is_tight,
    is_word_scale,
)
from .numerals import DIGIT_CHARS
from .scanner import Scanner
from .unit_table import UnitTable

__all__ = [
    "before_index",
    "fast_words",
    "scanner_for",
    "scanner_source",
]

#: Right before an amount (glued), these send it to the reader: letters and digits
#: (A1, a number run together), signs, brackets, a percent sign, the apostrophe of
#: "Q4'23", a no-break space.  (The reference marks of "附注五、12" and "Note 5.12"
#: are checked by the scanner.)
_REJECT_BEFORE: Final = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-+()[]%'#\u202f"
)
#: ... and one space before it: more spaces, a bracket, a sign.
_REJECT_SPACED: Final = " \u202f(-+"


def _key(alias: str) -> str:
    return alias.casefold()


def fast_words(
    table: UnitTable, grammar: Grammar, parts: ScanParts, folds: dict[str, tuple[str, ...]]
) -> FastWords:
    """The alias sets of the generated pattern for ``table`` (the default locale's grammar)."""
    latin_scales = {a for a in table.scales if is_word_scale(a)}
    scales = alias_flags(latin_scales)
    units = alias_flags(table.suffixes)
    not_after = alias_flags(table.not_amount_suffixes)
    loose = {a for a in table.not_amount_suffixes if not is_tight(a)}
    tight = {_key(a) for a in table.not_amount_suffixes if is_tight(a)}
    surely = {a for a in loose if not any(t != _key(a) and t.startswith(_key(a)) for t in tight)}
    return FastWords(
        scales=scales,
        han_scales=alias_flags(a for a in table.scales if a not in latin_scales),
        units=units,
        qualifiers_after=alias_flags(table.qualifiers_after),
        not_after=not_after,
        not_after_loose=alias_flags(loose),
        not_after_skip=alias_flags(surely),
        currency_names=alias_flags(table.currency_names),
        currency_words=alias_flags(table.currency_words),
        range_joins=alias_flags(
            [*_words("range_joins"), *_words("range_marks"), *_words("pair_joins")]
        ),
        ambiguous_scales=alias_flags(grammar.ambiguous_scales),
        percent_before=_words("percent_before"),
        word_digits="".join(ch for ch in DIGIT_CHARS if ch not in "零〇"),
        unit_initials="".join(sorted(grammar.unit_initials)),
        marks_after="".join(grammar.approximate),
        unknown_scales="".join(sorted(grammar.unknown_scales)),
        jiao="".join(sorted({w[0] for w in vocabulary("reading").words("minor.jiao")})),
        colloquial="".join(sorted({w[0] for w in vocabulary("reading").words("minor.colloquial")})),
        tail_starts="".join(sorted(grammar.tail_starts)),
        reject_before=_REJECT_BEFORE,
        reject_spaced=_REJECT_SPACED,
    )


def _boundary_blocks(key: str, suffix: str) -> bool:
    """True when ``suffix``, matched at the end of ``key``, fails its Latin word boundary."""
    before = key[len(key) - len(suffix) - 1]
    return suffix[0].isascii() and suffix[0].isalpha() and before.isascii() and before.isalpha()


def references_apart(table: UnitTable) -> bool:
    """True when no reference word (Note, 第) and no currency end one another.

    Then a reference word the reader finds right before a number is never the
    end of a currency (nor the other way round), and a bare number after it is
    dropped without reading it (``scanner._no_amount``).
    """
    references = {a.casefold() for a in table.not_amount_prefixes}
    currencies = {a.casefold() for a in table.prefix_currencies}
    currencies |= {code.casefold() for code in table.iso_codes}

    def ends(longer: set[str], shorter: set[str]) -> bool:
        return any(
            key[i:] in shorter and not _boundary_blocks(key, key[i:])
            for key in longer
            for i in range(1, len(key))
        )

    return not (
        references & currencies or ends(references, currencies) or ends(currencies, references)
    )


def before_index(table: UnitTable, grammar: Grammar) -> AliasIndex:
    """Every word the reader looks for right before a number, in one index.

    Currencies (and ISO codes in any case), qualifiers, reference words,
    unknown currency words, 百分之 and 负, and the letters that make "hk $" HK$:
    where none ends right before an amount, the reader reads nothing there.  A
    currency's value is ``(code, iso_only)`` when the reader would read it as
    that currency and nothing else: no other word is written with it (a
    shorter one ending it, unless a word boundary keeps that one out), and it
    does not end in a reference mark.
    """
    currencies: dict[str, str] = {}
    for alias, code in table.prefix_currencies.items():
        currencies[alias.casefold()] = code
    others = [
        *table.qualifiers_before,
        *table.not_amount_prefixes,
        *table.currency_words,
        *_words("percent_before"),
        *_words("negative_before"),
        *grammar.symbol_prefixes,
    ]
    # Written at the end of a currency, a reference word (第, Note) or 百分之 would be
    # read there as well; the other words are read before a currency, not in it.
    inside = {word.casefold() for word in (*table.not_amount_prefixes, *_words("percent_before"))}
    iso = {code.casefold(): code for code in table.iso_codes if code.casefold() not in currencies}
    values: dict[str, tuple[str, bool] | None] = {word.casefold(): None for word in others}
    for key, code in [*currencies.items(), *iso.items()]:
        plain = (
            key[-1] not in ".:,、"
            and key not in inside
            and not any(
                key[i:] in inside and not _boundary_blocks(key, key[i:]) for i in range(1, len(key))
            )
        )
        if key in iso:
            plain = plain and not any(key[i:] in currencies for i in range(1, len(key)))
        values[key] = (code, key in iso) if plain else None
    return AliasIndex(values)


def scanner_source(table: UnitTable) -> str:
    """The generated pattern of ``table`` (with the default locale's separators)."""
    grammar = grammar_for(table, None)
    parts = default_parts(table)
    folds = casefold_sources()
    return fast_pattern_source(parts, fast_words(table, grammar, parts, folds), folds)


def scanner_for(table: UnitTable) -> Scanner:
    """The generated scanner of ``table``, compiled once per table."""
    scanner: Scanner | None = table._cache.get("scanner")
    if scanner is None:
        pattern = re.compile(scanner_source(table))
        grammar = grammar_for(table, None)
        starts = "0123456789" + default_parts(table).start_chars
        scanner = Scanner(
            pattern, table, grammar, before_index(table, grammar), starts, references_apart(table)
        )
        table._cache["scanner"] = scanner
    return scanner

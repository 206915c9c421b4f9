"""Generate ``src/fincalc/_data/foreign_words.toml`` from Babel's CLDR data.

Run ``python tools/cldr_foreign_words.py > src/fincalc/_data/foreign_words.toml``
to rewrite the file; ``tests/reading/test_closed_world.py::test_foreign_words_match_babel``
regenerates it and compares, so the file cannot drift from CLDR or from the
curated unit table.

The reader keeps a closed world after a number (``fincalc._reading.closed_world``):
a word right after an amount that could continue it refuses the amount instead
of being dropped.  A word in a script the unit table does not cover (Cyrillic,
Hangul, Greek, kana, …) is caught by its script alone; this file lists the
Latin-script words of every CLDR locale that could continue an amount and that
the table does not read, so a language is covered whole:

* ``scale``: the words of every locale's compact decimal formats, short and
  long, every plural form ("bilhão", "millones", "Mrd", "mdr", "tys", "juta");
* ``currency``: the first and the last word of every locale's currency display
  names and plural forms ("kronor", "dólares", "reais", "svenska", "złotych"),
  case-folded; an ASCII word of four letters or fewer is left out ("cost",
  "pond", "slot" mean themselves in English);
* ``symbol``: the symbols written in letters only, as written and matched
  case-sensitively ("Kč", "zł", "Ft", "kr"), but ISO codes, which the table
  reads.

Left out: what the unit table reads itself (units.toml and currencies.toml
aliases, case-folded), English locales (the table's own language), words of
one letter ("k", "m" follow their own rule in the reader) and currency words
of two, and the words English CLDR data uses (country, language, currency,
unit and month names and unit abbreviations: "new", "south", "march", "mm",
"mi"), which in an English sentence mean themselves.
"""

from __future__ import annotations

import datetime
import re
import sys
import tomllib
import unicodedata
from importlib import resources

__all__ = ["foreign_words_toml"]

DATA = resources.files("fincalc") / "_data"
_WORD = re.compile(r"[^\W\d_]+")
#: A symbol written with letters only, at least two of them ("Kč", "zł", "Ft", "kr")
_SYMBOL = re.compile(r"[^\W\d_]{2,}")
#: English words that CLDR data does not list as names but a sentence uses right
#: after a number ("5 sole suppliers", "12 santa"): never a refusal on their own.
_ENGLISH: frozenset[str] = frozenset(
    [
        "and",
        "are",
        "but",
        "can",
        "did",
        "end",
        "for",
        "had",
        "has",
        "its",
        "may",
        "not",
        "now",
        "our",
        "out",
        "per",
        "see",
        "set",
        "sum",
        "sums",
        "take",
        "tale",
        "tales",
        "was",
        "who",
        "why",
        "yet",
        "sole",
        "santa",
        "saint",
        "sent",
        "est",
        "mark",
        "marks",
        "march",
        "vote",
    ]
)


def _latin(word: str) -> bool:
    return all("LATIN" in unicodedata.name(ch, "") for ch in word if ch.isalpha())


def _known() -> set[str]:
    """Every word the unit table reads (aliases of units.toml and currencies.toml).

    A word the table reads only with its point ("mia." for milliard) is not read
    bare: "R$ 3 mia" must refuse, not drop "mia" (it is 10^3 in Ligurian).
    """
    known: set[str] = set()
    whole: set[str] = set()
    dotted: set[str] = set()
    for name in ("units.toml", "currencies.toml"):
        data = tomllib.loads((DATA / name).read_text(encoding="utf-8"))
        for key in ("currency", "scale", "unit"):
            for entry in data.get(key, []):
                for field in ("prefix", "suffix", "minor", "aliases", "names"):
                    for alias in entry.get(field, []):
                        known.update(w.casefold() for w in _WORD.findall(alias))
                        whole.add(alias.casefold())
                        if alias.endswith(".") and _WORD.fullmatch(alias[:-1]):
                            dotted.add(alias[:-1].casefold())
        for section in data.values():
            if isinstance(section, dict):
                for value in section.values():
                    if isinstance(value, list):
                        known.update(
                            w.casefold()
                            for alias in value
                            if isinstance(alias, str)
                            for w in _WORD.findall(alias)
                        )
    return known - (dotted - whole)


def _english() -> set[str]:
    """The words English CLDR data uses for names (territories, languages, units, months)."""
    from babel import Locale

    english: set[str] = set(_ENGLISH)
    for identifier in ("en", "en_GB", "en_IN"):
        locale = Locale.parse(identifier)
        names: list[str] = []
        for table in (locale.territories, locale.languages, locale.scripts, locale.currencies):
            names.extend(table.values())
        for width in ("wide", "abbreviated"):
            names.extend(locale.months["format"][width].values())
            names.extend(locale.days["format"][width].values())
        for unit in locale._data.get("unit_display_names", {}).values():
            names.extend(str(v) for v in unit.values())
        names.extend(_strings(locale._data.get("unit_patterns", {})))
        english.update(w.casefold() for name in names for w in _WORD.findall(name))
    return english


def _strings(node: object) -> list[str]:
    """Every string inside a (nested) mapping of Babel's locale data."""
    if isinstance(node, str):
        return [node]
    values = getattr(node, "values", None)
    return [s for child in values() for s in _strings(child)] if values is not None else []


def _tender_codes() -> set[str]:
    from babel.core import get_global
    from babel.numbers import get_territory_currencies

    codes: set[str] = set()
    for territory in get_global("territory_currencies"):
        codes.update(
            get_territory_currencies(territory, start_date=datetime.date(2024, 1, 1), tender=True)
        )
    return codes


def _collect() -> tuple[set[str], set[str], set[str]]:
    """(scale words, currency words, symbols) of every non-English CLDR locale, Latin script."""
    from babel import Locale
    from babel.localedata import locale_identifiers

    codes = sorted(_tender_codes())
    scales: set[str] = set()
    currencies: set[str] = set()
    symbols: set[str] = set()
    for identifier in locale_identifiers():
        locale = Locale.parse(identifier)
        if locale.language == "en":
            continue
        formats = locale.compact_decimal_formats or {}
        for width in ("short", "long"):
            for forms in (formats.get(width) or {}).values():
                for pattern in forms.values():
                    written = pattern.prefix[0] + " " + pattern.suffix[0]
                    scales.update(w for w in _WORD.findall(written) if _latin(w))
        plurals = locale._data.get("currency_names_plural", {})
        for code in codes:
            names = {locale.currencies.get(code, "")}
            if code in plurals:
                names.update(plurals[code][count] for count in plurals[code])
            for name in names:
                words = _WORD.findall(name)
                if words and _latin(name) and "(" not in name:
                    currencies.update(
                        w.casefold()
                        for w in (words[0], words[-1])
                        if len(w) >= 5 or not w.isascii()
                    )
            symbol = locale.currency_symbols.get(code, "")
            if _SYMBOL.fullmatch(symbol) and _latin(symbol) and symbol != code:
                symbols.add(symbol)
    return scales, currencies, symbols


def foreign_words_toml() -> str:
    """The text of ``foreign_words.toml`` as Babel's CLDR data gives it today."""
    import babel

    scales, currencies, symbols = _collect()
    drop = _known() | _english()
    codes = {code.casefold() for code in _tender_codes()}

    def keep(words: set[str], shortest: int) -> list[str]:
        folded = {w.casefold() for w in words}
        return sorted(w for w in folded if len(w) >= shortest and w not in drop and w not in codes)

    scale_words = keep(scales, 2)
    currency_words = [w for w in keep(currencies, 3) if w not in set(scale_words)]
    listed = set(scale_words) | set(currency_words)
    symbol_words = sorted(s for s in symbols if s.casefold() not in drop | listed)
    lines = [
        "# Latin-script scale and currency words of every CLDR locale that the unit table",
        "# does not read (generated; do not edit).  Source: Unicode CLDR via Babel "
        f"{babel.__version__}.",
        "# A word listed here right after an amount refuses the amount rather than being",
        "# dropped (fincalc._reading.closed_world).  Generated by",
        "# tools/cldr_foreign_words.py; checked by",
        "# tests/reading/test_closed_world.py::test_foreign_words_match_babel.",
        "",
    ]
    for key, words in (
        ("scale", scale_words),
        ("currency", currency_words),
        ("symbol", symbol_words),
    ):
        lines.append(f"{key} = [")
        row: list[str] = []
        for word in words:
            row.append(f'"{word}",')
            if sum(len(x) + 1 for x in row) > 84:
                lines.append("    " + " ".join(row))
                row = []
        if row:
            lines.append("    " + " ".join(row))
        lines.append("]")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.stdout.write(foreign_words_toml())

"""Generate ``src/fincalc/_data/currencies.toml`` from Babel's CLDR data.

Run ``python tests/reading/cldr_currencies.py`` to rewrite the file;
``tests/reading/test_units.py::test_cldr_currencies_match_babel`` regenerates it and
compares, so the file cannot drift from CLDR or from the curated table.

What it writes, for the currencies legal tender on 2024-01-01:

* every ISO 4217 code;
* every symbol and narrow symbol that names one currency across all CLDR
  locales ("₺", "R$", "zł"), written before or after the number;
* the English display names with their plural forms ("Swiss francs",
  "Turkish lira"), written after the number, and the Chinese ones, simplified
  and traditional (瑞士法郎, 巴西雷亚尔, 巴西雷亞爾), before or after it;
* the short names: the last word of an English name ("euros", "yen",
  "zlotys") and a Chinese name without its country (雷亚尔 from 巴西雷亚尔).
  A Chinese name that opens with a numeral character (百慕大元, 千里達及托巴哥元)
  is written before the number only: after it, it would read as 百 or 千.
  A short name that CLDR gives to one currency reads as that currency; one
  that several currencies share ("pounds", "francs", "pesos", 法郎, 第纳尔) is
  refused (``[currency_words]``) unless units.toml curates it (dollars → USD,
  rupees and 卢比 → INR, won → KRW, 卢布 → RUB: the documented rule in
  docs/parsing.md).

Aliases that units.toml already curates, and the words of ``[cldr]`` in
reading.toml (English words such as "marks", and 澳幣, which names AUD or MOP),
are left out.
"""

from __future__ import annotations

import datetime
import re
import sys
import tomllib
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from importlib import resources

from fincalc._reading.numerals import BIG_CHARS, DIGIT_CHARS, SMALL_CHARS

__all__ = ["cldr_currency_toml", "curated_aliases"]

NUMERAL_CHARS = frozenset(DIGIT_CHARS + SMALL_CHARS + BIG_CHARS)

DATA = resources.files("fincalc") / "_data"
_LATIN_WORD = re.compile(r"[^\W\d_]+")
_NAME_LOCALES = ("en", "zh", "zh_Hant")


def _is_han(name: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in name)


def _clean(symbol: str) -> str:
    return "".join(ch for ch in symbol if unicodedata.category(ch) != "Cf").strip()


def curated_aliases() -> set[str]:
    """Every alias, name and word units.toml curates, case-folded."""
    data = tomllib.loads((DATA / "units.toml").read_text(encoding="utf-8"))
    curated: set[str] = set()
    for currency in data.get("currency", []):
        for key in ("prefix", "suffix", "minor"):
            curated.update(a.casefold() for a in currency.get(key, []))
    for unit in data.get("unit", []):
        curated.update(a.casefold() for a in unit["aliases"])
    words = data.get("currency_words", {})
    for key in ("names", "endings", "not_currency"):
        curated.update(a.casefold() for a in words.get(key, []))
    return curated


def _tender_codes() -> set[str]:
    from babel.core import get_global
    from babel.numbers import get_territory_currencies

    codes: set[str] = set()
    for territory in get_global("territory_currencies"):
        codes.update(
            get_territory_currencies(territory, start_date=datetime.date(2024, 1, 1), tender=True)
        )
    return codes


def _symbols(codes: set[str]) -> dict[str, set[str]]:
    """Symbol -> the codes any CLDR locale gives it (standard and narrow symbols)."""
    from babel import Locale
    from babel.localedata import locale_identifiers

    owners: dict[str, set[str]] = defaultdict(set)
    for identifier in locale_identifiers():
        locale = Locale.parse(identifier)
        for code, symbol in locale.currency_symbols.items():
            owners[_clean(symbol)].add(code)
        narrow = locale._data.get("currency_symbols_narrow", {})
        for code in narrow:
            owners[_clean(narrow[code])].add(code)
    return owners


def _names(codes: set[str]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(full names, short names) -> the tender codes CLDR gives them, English and Chinese."""
    from babel import Locale

    full: dict[str, set[str]] = defaultdict(set)
    short: dict[str, set[str]] = defaultdict(set)
    for identifier in _NAME_LOCALES:
        locale = Locale.parse(identifier)
        territories = sorted(locale.territories.values(), key=len, reverse=True)
        plurals = locale._data.get("currency_names_plural", {})
        for code in sorted(codes):
            names = {locale.currencies.get(code, "")}
            if code in plurals:
                names.update(plurals[code][count] for count in plurals[code])
            for name in filter(None, map(_clean, names)):
                if "(" in name or any(ch.isdigit() for ch in name):
                    continue  # "津巴布韦元 (2009)": a dated name
                full[name].add(code)
                if not _is_han(name):
                    last = name.split()[-1]
                    if _LATIN_WORD.fullmatch(last) and last != name:
                        short[last.casefold()].add(code)
                else:
                    for territory in territories:
                        if name.startswith(territory) and len(name) - len(territory) >= 2:
                            short[name[len(territory) :]].add(code)
                            break
    return full, short


def _distinct(aliases: Iterable[str]) -> list[str]:
    """Sorted, one per case fold ("Brazilian Real" and "Brazilian real" are one alias)."""
    seen: dict[str, str] = {}
    for alias in sorted(aliases):
        seen.setdefault(alias.casefold(), alias)
    return sorted(seen.values())


def _quoted(items: Iterable[str]) -> str:
    return ", ".join('"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"' for s in items)


def _wrapped(key: str, items: list[str]) -> list[str]:
    lines = [f"{key} = ["]
    for i in range(0, len(items), 8):
        lines.append("    " + _quoted(items[i : i + 8]) + ",")
    return [*lines, "]"]


def cldr_currency_toml(curated: set[str]) -> str:
    """The text of currencies.toml for the aliases units.toml curates (``curated``)."""
    reading = tomllib.loads((DATA / "reading.toml").read_text(encoding="utf-8"))
    excluded = {w.casefold() for w in reading["cldr"]["not_names"]} | curated
    codes = _tender_codes()
    prefix: dict[str, set[str]] = defaultdict(set)
    suffix: dict[str, set[str]] = defaultdict(set)
    for symbol, owners in _symbols(codes).items():
        if len(owners) != 1:
            continue  # "$", "¥", "£", "kr": ambiguous across locales
        (code,) = owners
        if code not in codes or symbol == code or symbol.casefold() in excluded:
            continue
        if any(ch.isspace() or ch.isdigit() for ch in symbol) or len(symbol) > 6:
            continue
        if all(ch.isascii() and (ch.isalpha() or ch == ".") for ch in symbol):
            continue  # "Ft", "Rp", "DA": Latin letters read as words too often
        prefix[code].add(symbol)
        suffix[code].add(symbol)
    full, short = _names(codes)
    refused_names: set[str] = set()
    refused_endings: set[str] = set()
    for names, is_short in ((full, False), (short, True)):
        for name, owners in names.items():
            if name.casefold() in excluded or (name in full and is_short):
                continue
            if len(owners) != 1:
                if is_short:
                    (refused_endings if _is_han(name) else refused_names).add(name)
                continue
            (code,) = owners
            if _is_han(name):
                prefix[code].add(name)
                if name[0] in NUMERAL_CHARS:
                    continue  # 百慕大元, 萬那杜瓦圖: after a number it would read as 百, 萬
            suffix[code].add(name)
    lines = [
        "# Currency codes, symbols and names from CLDR, as shipped in Babel (generated; do not",
        "# edit).  Source: Unicode CLDR via Babel; codes are the currencies legal tender on",
        "# 2024-01-01.  Symbols name one currency in every CLDR locale (Latin-only ones such as",
        "# Ft and Rp are left out); names are the English, simplified and traditional Chinese",
        "# display names with their plural forms, and their short forms (the last English word,",
        "# the Chinese name without its country).  A short name CLDR gives to several",
        "# currencies is refused ([currency_words]) unless units.toml curates it; aliases",
        "# units.toml curates and the words of [cldr] in reading.toml are left out.",
        "# Generated by tests/cldr_currencies.py; checked by",
        "# tests/reading/test_units.py::test_cldr_currencies_match_babel.",
        "",
        *_wrapped("iso_codes", sorted(codes)),
    ]
    for code in sorted(set(prefix) | set(suffix)):
        lines += ["", "[[currency]]", f'code = "{code}"']
        if prefix[code]:
            lines.append(f"prefix = [{_quoted(_distinct(prefix[code]))}]")
        lines.append(f"suffix = [{_quoted(_distinct(suffix[code]))}]")
    lines += ["", "[currency_words]"]
    lines += _wrapped("names", sorted(refused_names))
    lines += _wrapped("endings", sorted(refused_endings))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(cldr_currency_toml(curated_aliases()))

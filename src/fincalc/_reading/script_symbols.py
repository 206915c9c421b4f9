"""Currency symbols whose currency the script of the text decides: "¥" is CNY or JPY.

CLDR gives "¥" to CNY in Chinese and to JPY in English and Japanese, so no
reading of it is right everywhere.  Without ``locale=`` the text it stands in
decides (``_data/reading.toml``, ``[script_symbol]``): kana make it the yen; a
text of Latin words with no Han character is refused, unless a declared unit
names one of the candidate currencies; Chinese text and a bare cell ("¥299")
keep the unit table's reading (CNY).  A guess in English text would be a
silently wrong currency for either the yen or the yuan.
"""

from __future__ import annotations

import functools
import re

from .._base.exceptions import UnknownUnitError
from .._base.vocabulary import vocabulary
from .scan import Refusal, Source

__all__ = ["script_currency"]


@functools.cache
def _scripts() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """Kana, Han and a Latin word: compiled on first use (the Han class alone takes ~1.4 ms)."""
    return (
        re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]"),
        re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"),
        re.compile(r"[A-Za-z]{2}"),
    )


@functools.cache
def _currencies() -> dict[str, str]:
    """The symbol's currency by script: {"han": "CNY", "kana": "JPY"}."""
    return dict(vocabulary("reading").table("script_symbol.currency"))


def script_currency(source: Source, start: int, end: int, written: str, currency: str) -> str:
    """The currency of the symbol ``written`` (read as ``currency`` by the table) in ``source``.

    Raises:
        Refusal: a text of Latin words with no Han character or kana, and no
            declared unit naming one of the symbol's currencies.
    """
    text = source.text
    kana, han, latin_word = _scripts()
    if kana.search(text):
        return _currencies()["kana"]
    if han.search(text) or not latin_word.search(text):
        return currency
    context = source.context
    names = sorted(set(_currencies().values()))
    if context is not None and context.dimension in names:
        return context.dimension
    raise Refusal(
        UnknownUnitError(
            f"cannot read {text[start:end]!r} as an amount: {written!r} is the yuan and the "
            f"yen ({' or '.join(names)}), and this text does not say which (no Chinese or "
            "Japanese script around it); write CN¥, RMB, JP¥ or JPY, or pass locale= "
            "(zh_CN, ja_JP)",
            text=text,
            position=start,
            unit=written,
        ),
        end,
    )

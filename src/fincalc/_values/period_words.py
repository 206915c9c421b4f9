"""The words of period text, read from ``_data/periods.toml``, and its normalisation.

``parse_period`` reads text after ``normalise`` has folded its writing
(full-width forms, case, PDF spacing, traditional characters, dates in Chinese
numerals), so the grammar (``period_grammar``) sees one spelling of each
word.  Every word list the grammar matches comes from the data file through
``words``; numbers written as words are read back with ``small_number``.
"""

from __future__ import annotations

import unicodedata

import regex as re

from .._base.exceptions import DataFileError
from .._base.vocabulary import alternation, vocabulary

__all__ = [
    "MONTHS",
    "PIVOT",
    "WEEK_WORDS",
    "counts",
    "normalise",
    "number_words",
    "small_number",
    "words",
    "year_of",
]

_SOURCE = "periods"
# Two-digit years: 00-69 are 20yy, 70-99 are 19yy ("FY99" is FY1999, "3Q25" is 2025Q3).
PIVOT = 70


def words(key: str) -> str:
    """A regular-expression alternation of the words under ``key`` in ``periods.toml``.

    No ``\\b`` is added: the grammar's patterns match whole normalised texts
    and say themselves where a space goes ("fy2024" and "fy 2024" both read).

    >>> words("year_end.zh")
    '年末|底|末'
    """
    return alternation(vocabulary(_SOURCE).words(key), boundaries=False)


def counts(key: str) -> str:
    """``words(key)`` for a table of number words, with the numbers in digits too.

    >>> counts("months_ended.zh")
    '12|十二|3|6|9|三|九|六'
    """
    table = vocabulary(_SOURCE).table(key)
    return alternation([*table, *table.values()], boundaries=False)


def number_words(*keys: str) -> dict[str, int]:
    """Written form -> number, merged from the number tables ``keys``.

    A form that two tables read as different numbers fails the load.
    """
    merged: dict[str, int] = {}
    for key in keys:
        for form, name in vocabulary(_SOURCE).table(key).items():
            value = int(name)
            if merged.setdefault(form, value) != value:
                raise DataFileError(
                    f"fincalc/_data/{_SOURCE}.toml: [{key}] reads {form!r} as {value}, "
                    f"another table as {merged[form]}",
                    entry=key,
                    source=f"fincalc/_data/{_SOURCE}.toml",
                )
    return merged


def _characters(key: str) -> dict[str, str]:
    """A table whose every written form is one character: form -> the list's name."""
    table = vocabulary(_SOURCE).table(key)
    for form in table:
        if len(form) != 1:
            raise DataFileError(
                f"fincalc/_data/{_SOURCE}.toml: [{key}] {form!r} must be one character",
                entry=key,
                source=f"fincalc/_data/{_SOURCE}.toml",
            )
    return table


MONTHS = number_words("months.en")
WEEK_WORDS = number_words("weeks_ended.en")
# Quarter, half and month counts the grammar captures as words.
_NUMBERS = number_words(
    "ordinals.en", "quarters.zh", "months_ended.en", "months_ended.zh", "first_months.en"
)


def small_number(token: str) -> int:
    """A quarter/half/month/count written as digits, Chinese numerals or English words.

    >>> small_number("3"), small_number("三"), small_number("third"), small_number("twelve")
    (3, 3, 3, 12)
    """
    if token.isdigit():
        return int(token)
    return _NUMBERS[token]


def year_of(token: str) -> int:
    """A four-digit year, or a two-digit one: 00-69 are 20yy, 70-99 are 19yy (documented rule).

    >>> year_of("25"), year_of("69"), year_of("70"), year_of("99"), year_of("2099")
    (2025, 2069, 1970, 1999, 2099)
    """
    year = int(token)
    if len(token) != 2:
        return year
    return 2000 + year if year < PIVOT else 1900 + year


# -- normalisation -------------------------------------------------------------

_CJK_SPACE = re.compile(r" ?([\u3000-\u9fff]) ?")
_TRADITIONAL = str.maketrans(_characters("traditional"))
_DATE_NUMERALS = {form: int(name) for form, name in _characters("date_numerals.zh").items()}
_CN_DIGIT = {form: value for form, value in _DATE_NUMERALS.items() if value < 10}
_CN_TEN = next(form for form, value in _DATE_NUMERALS.items() if value == 10)
# A year is four numerals written digit by digit, right before 年 (or 财年).
_CN_NUMERAL_YEAR = re.compile(rf"(?:{alternation(_CN_DIGIT, boundaries=False)}){{4}}(?=年|财)")
# A month or day is a numeral of value 1-31 between 年/月/至/- and 月/日.
_MONTH_DAY_NUMERALS = alternation(
    [form for form, value in _DATE_NUMERALS.items() if value > 0], boundaries=False
)
_CN_NUMERAL_MONTH_DAY = re.compile(
    rf"(?<=年|月|-|{words('range.zh_to')})(?:{_MONTH_DAY_NUMERALS}){{1,3}}(?=月|日)"
)


def normalise(text: str) -> str:
    """Fold the writing of period text so the grammar sees one spelling.

    >>> normalise("２０２５ 年 第三 季度")
    '2025年第三季度'
    >>> normalise("截至二〇二四年六月三十日止六個月")
    '截至2024年6月30日止六个月'
    """
    # NFKC folds full-width digits, letters and spaces ("２０２５年" -> "2025年").
    text = unicodedata.normalize("NFKC", text).lower()
    text = text.replace("—", "-").replace("–", "-").replace("−", "-").replace("～", "~")
    text = re.sub(r"\s+", " ", text).strip(" .,;:。，；：")
    # "2025 年 第三 季度" (PDF spacing) -> "2025年第三季度"; spaces between latin words stay.
    text = _CJK_SPACE.sub(r"\1", text)
    # HKEX / Taiwan traditional characters: "截至2024年6月30日止六個月", "2025財年".
    text = text.translate(_TRADITIONAL)
    # Chinese-numeral dates: "二〇二四年十二月三十一日" -> "2024年12月31日".
    text = _CN_NUMERAL_YEAR.sub(lambda m: "".join(str(_CN_DIGIT[c]) for c in m[0]), text)
    return _CN_NUMERAL_MONTH_DAY.sub(_cn_numeral_month_day, text)


def _cn_numeral_month_day(match: re.Match[str]) -> str:
    """ "十二" -> "12", "三十一" -> "31"; anything that is not 1-31 stays as written."""
    token = match[0]
    tens, ten, units = token.partition(_CN_TEN)
    if not ten:
        return str(_CN_DIGIT[token]) if len(token) == 1 else token
    if len(tens) > 1 or len(units) > 1 or not set(tens + units) <= _CN_DIGIT.keys():
        return token  # "十十", "十一十": not a numeral
    value = (_CN_DIGIT[tens] if tens else 1) * 10 + (_CN_DIGIT[units] if units else 0)
    return str(value) if 1 <= value <= 31 else token

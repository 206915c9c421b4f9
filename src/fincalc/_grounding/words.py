"""The grounding stage's word lists, as regular-expression pieces.

Every word the grounding regexes look for lives in ``_data/grounding.toml``
(month names in ``_data/periods.toml``); the modules of this package build
their patterns from the pieces here, so adding a word is a data change.
"""

from __future__ import annotations

import regex

from .._base.exceptions import DataFileError, FincalcError
from .._base.vocabulary import alternation, vocabulary
from .._values.period import parse_period

__all__ = ["DIGIT", "MONTH_NAMES", "agreeing_months", "any_of", "column_pattern"]

DIGIT = regex.compile(r"\p{Nd}")

# "Sept.", "January": the English month names and abbreviations, with an
# optional full stop, as one group.
MONTH_NAMES = rf"(?:{alternation(vocabulary('periods').table('months.en'), boundaries=False)})\.?"


def any_of(*keys: str, boundaries: bool = False, space: str | None = None) -> str:
    r"""One alternation of the grounding word lists at ``keys``, longest first.

    ``boundaries`` adds ``\b`` on the Latin edges of each word (see
    ``alternation``); ``space``, when given, is the pattern a space inside a
    phrase matches instead of one space.

    >>> any_of("compared_with.anywhere", space=r"\s+").count(r"compared\s+with")
    1
    """
    words = [word for key in keys for word in vocabulary("grounding").words(key)]
    pattern = alternation(words, boundaries=boundaries)
    # alternation() escapes every space as "\ " (and every backslash as "\\"),
    # so each "\ " left to right is a space of a phrase.
    return pattern if space is None else pattern.replace("\\ ", space)


def column_pattern(kind: str) -> str:
    r"""The header words of one column kind: ``words`` whole, ``anywhere`` anywhere.

    >>> column_pattern("cumulative").startswith(r"\bytd\b|")
    True
    """
    data = vocabulary("grounding")
    lists = data.keys()
    parts = []
    if f"columns.{kind}.words" in lists:
        parts.append(any_of(f"columns.{kind}.words", boundaries=True))
    if f"columns.{kind}.anywhere" in lists:
        parts.append(any_of(f"columns.{kind}.anywhere"))
    if not parts:  # an empty pattern would call every header this kind
        raise DataFileError(
            f"{data.source}: [columns.{kind}] needs a 'words' or an 'anywhere' list",
            entry=f"columns.{kind}",
            source=data.source,
        )
    return "|".join(parts)


# "2025年前三季度（1-9月）", "2025年上半年(1-6月份)": a period header with its months in a bracket
_MONTH_RANGE = regex.compile(r"[(（]\s*(\d{1,2})\s*[-—–~至]\s*(\d{1,2})\s*月份?\s*[)）]\s*$")
_HEADER_YEAR = regex.compile(r"(?<!\d)((?:19|20)\d\d)\s*年")
# "2024年金额": the amount word after a period's last character (年, 年度, 月, 日, a bracket)
_AMOUNT_WORD = regex.compile(
    rf"(?<=[年度月日)）])\s*(?:{any_of('columns.period_amount.anywhere')})\s*$"
)


def agreeing_months(text: str) -> str | None:
    """``text`` without a trailing month range that names the same months as its words.

    The 季报 header "2025年前三季度（1-9月）" is the nine months the words name; a
    bracket that disagrees ("2025年第三季度（1-9月）") makes no period (None). Text
    without such a bracket comes back as it is.

    >>> agreeing_months("2025年前三季度（1-9月）"), agreeing_months("2025年第三季度（1-9月）")
    ('2025年前三季度', None)
    >>> agreeing_months("2024年度")
    '2024年度'

    A period head followed by the word for amount ("2024年金额", the 非经常性损益
    table's columns) names that period: the word is left off.

    >>> agreeing_months("2024年金额"), agreeing_months("金额")
    ('2024年', '金额')
    """
    text = _AMOUNT_WORD.sub("", text)
    found = _MONTH_RANGE.search(text)
    if found is None:
        return text
    words = text[: found.start()].strip()
    year = _HEADER_YEAR.search(words)
    if year is None:
        return None
    try:
        named = parse_period(words).period
        months = parse_period(f"{year.group(1)}年{found.group(1)}-{found.group(2)}月").period
    except FincalcError:
        return None
    return words if named == months else None

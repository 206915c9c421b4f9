"""The grounding stage's word lists, as regular-expression pieces.

Every word the grounding regexes look for lives in ``_data/grounding.toml``
(month names in ``_data/periods.toml``); the modules of this package build
their patterns from the pieces here, so adding a word is a data change.
"""

from __future__ import annotations

import regex

from .._base.exceptions import DataFileError
from .._base.vocabulary import alternation, vocabulary

__all__ = ["DIGIT", "MONTH_NAMES", "any_of", "column_pattern"]

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

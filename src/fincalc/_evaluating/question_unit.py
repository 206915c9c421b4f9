"""The unit a question asks its answer in, read from the question itself.

"What is 3M's FY2018 capex (in USD millions)?" asks for millions: under that
unit a bare "1577" in the answer is $1,577 million, as a grader reads it, not
1,577 dollars (``wrong_scale``).  ``check_answer`` and ``evaluate`` read the
question for its unit when the caller passes none (``[question_unit]`` in
answers.toml); a question naming two units names none, and a unit passed by
the caller always wins.
"""

from __future__ import annotations

import functools

from .._values.vocabulary import vocabulary

__all__ = ["question_unit"]

#: How much of a question is read for its unit (questions are short; a huge one is cut).
_MAX_QUESTION = 4_000


@functools.cache
def _phrases() -> tuple[tuple[str, str], ...]:
    """(phrase, unit) pairs, longest phrase first, Latin phrases case-folded."""
    table = vocabulary("answers").table("question_unit")
    return tuple(sorted(table.items(), key=lambda item: (-len(item[0]), item[0])))


@functools.lru_cache(maxsize=1024)
def question_unit(question: str) -> str | None:
    """The one unit ``question`` asks its answer in, or None.

    >>> question_unit("What is the FY2018 capital expenditure (in USD millions) for 3M?")
    'million'
    >>> question_unit("Answer in units of percents and round to one decimal place.")
    'percent'
    >>> question_unit("2023年营业收入是多少亿元？")
    '亿元'
    >>> question_unit("What is the FY2019 DPO for Walmart? Round to two decimal places.") is None
    True
    """
    folded = question[:_MAX_QUESTION].casefold()
    found = {unit for phrase, unit in _phrases() if phrase in folded}
    return found.pop() if len(found) == 1 else None

"""The evaluation vocabulary (``_data/answers.toml``).

Every word list the evaluating stage matches on — refusal phrases, contrast
words, conclusion markers, citation separators and page words — lives in
``_data/answers.toml``; the sign words (direction, loss, change gaps) it
shares with grounding and computing live in ``_data/directions.toml``
(``fincalc._grounding.sign_words``).  The modules here build their regular
expressions at import with the helpers of ``fincalc._grounding.word_matching``, so
adding a word is a one-line data change.
"""

from __future__ import annotations

from .._base.vocabulary import vocabulary

__all__ = ["words"]


def words(key: str) -> tuple[str, ...]:
    """The words under ``key`` in ``_data/answers.toml``, in file order.

    >>> words("answer_unit.DAYS")
    ('days', 'day', '天')
    """
    return vocabulary("answers").words(key)

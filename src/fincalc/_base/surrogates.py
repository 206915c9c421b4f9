"""Lone surrogates (U+D800-U+DFFF): no text, refused when a value type is built.

Split from ``bounded`` (the JSON and file limits) so that building a
``Quantity`` does not import the JSON scanners (issue 18: a fresh
interpreter's first parse).
"""

from __future__ import annotations

from .exceptions import InvalidInputError

__all__ = ["check_no_surrogate", "has_surrogate"]


def has_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate, which cannot be written as UTF-8.

    >>> has_surrogate("营业收入"), has_surrogate("a\\ud800")
    (False, True)
    """
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_no_surrogate(text: object, field: str) -> None:
    """Refuse a string holding a lone surrogate (``"\\ud800"``): it is not text.

    Such a string cannot be written as UTF-8, so a record holding one could
    not be stored and loaded again; value types refuse it when built.

    >>> check_no_surrogate("营业收入", "metric")
    >>> check_no_surrogate("a\\ud800", "metric")
    Traceback (most recent call last):
    ...
    fincalc.InvalidInputError: metric: 'a\\ud800' holds a lone surrogate ...
    """
    if isinstance(text, str) and has_surrogate(text):
        raise InvalidInputError(
            f"{field}: {text[:80]!r} holds a lone surrogate (U+D800-U+DFFF), which is not text "
            "and cannot be written as UTF-8; fix the producer of this string",
            argument=field,
            value=text[:80],
        )

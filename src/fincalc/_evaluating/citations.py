"""Citations: the citation format an answer is written in, and the ids it cites.

The default format is "(贵州茅台·2023年报·P12)" or "（Apple·2023 10-K·p.45）":
brackets (ASCII or full-width) around a source, a report with a year and a
page, separated by middle dots.  The separators and the page word are data
(``_data/answers.toml``: ``citation``); the pattern is built from them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from .._base.exceptions import DataFileError, InvalidInputError
from .._base.public import public
from .wording import words

__all__ = ["DEFAULT_CITATION_PATTERN", "citation_format_ok", "citation_regex", "find_cited_ids"]


def _default_pattern() -> str:
    """The default citation pattern, built from ``[citation]`` in ``_data/answers.toml``."""
    separators = words("citation.separator")
    for sep in separators:
        if len(sep) != 1:
            raise DataFileError(
                f"fincalc/_data/answers.toml: [citation.separator] {sep!r} must be one character",
                entry="citation.separator",
                source="fincalc/_data/answers.toml",
            )
    dots = "".join(re.escape(sep) for sep in separators)
    # the page word with its first letter in either case: "P12", "p.45", "Page 3"
    page = "|".join(
        f"[{w[0].upper()}{w[0].lower()}]{re.escape(w[1:])}"
        for w in sorted(words("citation.page"), key=lambda w: (-len(w), w))
    )
    return (
        rf"[（(][^()（）{dots}\n]{{1,60}}[{dots}][^()（）{dots}\n\d]{{0,12}}\d{{4}}"
        rf"[^()（）{dots}\n]{{0,30}}[{dots}]\s*(?:{page})\.?\s*\d{{1,5}}[）)]"
    )


#: Citations written as "(贵州茅台·2023年报·P12)" or "（Apple·2023 10-K·p.45）".
DEFAULT_CITATION_PATTERN: str = _default_pattern()


@functools.lru_cache(maxsize=64)
def _compile_citation(pattern: str) -> re.Pattern[str]:
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise InvalidInputError(
            f"citation pattern {pattern!r} is not a valid regular expression: {exc}",
            argument="pattern",
            value=pattern,
        ) from exc


def citation_regex(pattern: str | re.Pattern[str] | None) -> re.Pattern[str]:
    """The compiled ``pattern`` (the default for ``None``).

    Raises:
        InvalidInputError: ``pattern`` is not a string, a compiled pattern or
            a valid regular expression.
    """
    if pattern is None:
        return _compile_citation(DEFAULT_CITATION_PATTERN)
    if isinstance(pattern, re.Pattern):
        return pattern
    if isinstance(pattern, str):
        return _compile_citation(pattern)
    raise InvalidInputError(
        f"citation pattern must be a string or compiled pattern, got {type(pattern).__name__}",
        argument="pattern",
        value=repr(pattern)[:80],
    )


@public
def citation_format_ok(text: str, pattern: str | re.Pattern[str] | None = None) -> bool:
    """Return True when ``text`` contains at least one citation in the expected format.

    The default pattern (``DEFAULT_CITATION_PATTERN``) accepts
    "(公司·2023年报·P12)" with ASCII or full-width brackets; pass another
    regular expression for other styles.

    Raises:
        InvalidInputError: ``pattern`` is not a valid regular expression.

    >>> citation_format_ok("营业收入 8.7 亿元（贵州茅台·2023年报·P12）")
    True
    >>> citation_format_ok("营业收入 8.7 亿元")
    False
    >>> citation_format_ok("Revenue was $383.3B [doc-17#p3].", r"\\[[\\w.-]+#p\\d+\\]")
    True
    """
    if not isinstance(text, str):
        return False
    return citation_regex(pattern).search(text) is not None


def find_cited_ids(text: str, ids: Iterable[str]) -> tuple[str, ...]:
    """The ids (sorted) that occur verbatim in ``text`` (a prediction that lists none).

    >>> find_cited_ids("见 [doc-17#p3] 与 doc-2", ["doc-2", "doc-17", "doc-9"])
    ('doc-17', 'doc-2')
    """
    return tuple(sorted({i for i in ids if i and i in text}))

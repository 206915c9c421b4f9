"""LaTeX in an answer, read as the plain text it typesets, with a map back to the answer.

Math-tuned models and chat front ends that render MathJax write figures in
LaTeX: "$\\boxed{74.2\\%}$", "$1{,}234$ million", "\\$2.1\\text{ billion}",
"\\frac{1,832}{2,468}".  Read as written, "1{,}234" is two numbers and
"74.2\\%" a bare 74.2 — a silently wrong figure.  ``plain_math`` rewrites the
answer into what it typesets before it is judged; every character of the
plain text remembers the stretch of the answer it came from, so the amounts
found keep spans and raw text in the answer as written.

What is rewritten is data (``[latex]`` in ``_data/answers.toml``): control
sequences by what they typeset (``\\%`` is "%", ``{,}`` a comma, ``\\,`` a
space, ``\\left`` nothing), commands whose argument is kept (``\\boxed``,
``\\text``, …) and fractions (``\\frac{a}{b}`` is "a/b", so its figures are
operands).  A pair of single dollar signs on one line is a math delimiter,
and dropped, only when what it encloses holds LaTeX ("$74.2\\%$") or is a
number alone ("$8.74$ 亿元"); "$5 and $6" keeps its dollars.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .._base.vocabulary import vocabulary
from .answer_words import words

__all__ = ["Plain", "plain_math"]

#: What each name of ``[latex.typesets]`` typesets.
_TYPESET: Final = {
    "percent": "%",
    "dollar": "$",
    "comma": ",",
    "point": ".",
    "space": " ",
    "nothing": "",
    "break": "\n",
    "times": "×",
    "dot": "·",
    "approx": "≈",
    "divide": "÷",
    "minus": "−",
    "le": "≤",
    "ge": "≥",
}


def _forms() -> dict[str, str]:
    table = vocabulary("answers").table("latex.typesets")
    return {form: _TYPESET[name] for form, name in table.items()}


_SEQUENCES: Final = _forms()
_LONGEST_FIRST = sorted(_SEQUENCES, key=lambda f: (-len(f), f))
# A command spelled with letters ends where the letters end: "\le" is not "\left".
_TOKEN: Final = re.compile(
    "|".join(re.escape(f) + ("(?![A-Za-z])" if f[-1].isalpha() else "") for f in _LONGEST_FIRST)
)
_ARGUMENT = r"\{([^{}\n]{0,400})\}"
_UNWRAP: Final = re.compile(
    rf"\\(?:{'|'.join(map(re.escape, words('latex.unwrap')))})(?![A-Za-z])[ \t]*{_ARGUMENT}"
)
_FRACTION: Final = re.compile(
    rf"\\(?:{'|'.join(map(re.escape, words('latex.fraction')))})(?![A-Za-z])[ \t]*"
    rf"{_ARGUMENT}[ \t]*{_ARGUMENT}"
)
# A single dollar sign that is not escaped and not half of "$$".
_DOLLAR: Final = re.compile(r"(?<![\\$])\$(?!\$)")
_LATEX_INSIDE: Final = re.compile(r"\\[A-Za-z%$,;:!{ ]|\{[,.]\}")
# A number alone in math mode: "$8.74$ 亿元" (a dollar amount is never closed by "$").
_NUMBER_INSIDE: Final = re.compile(r"[-+−]?\d[\d,.]*")

_MAX_INSIDE: Final = 400
#: Nesting read: \boxed{\text{…}} needs two rounds.
_ROUNDS: Final = 4


@dataclass(frozen=True, slots=True)
class Plain:
    """An answer as the plain text it typesets, each character mapped to its source.

    Attributes:
        text: The plain text.
        starts: Per character of ``text``, where its source starts in the answer.
        ends: Per character of ``text``, where its source ends in the answer.
    """

    text: str
    starts: array[int]
    ends: array[int]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The stretch of the answer that ``text[start:end]`` comes from."""
        if start < end:
            return self.starts[start], self.ends[end - 1]
        at = self.starts[start] if start < len(self.starts) else (self.ends[-1] if self.ends else 0)
        return at, at


# A piece of the rewritten text: a literal (from the whole match) or a group copied as is.
_Piece = str | int


# Offsets are kept in machine-integer arrays: eight bytes a character, not a list of ints.


def _offsets(values: range | list[int] | None = None) -> array[int]:
    return array("q", values if values is not None else ())


def _rewrite(
    text: str,
    starts: array[int],
    ends: array[int],
    pattern: re.Pattern[str],
    pieces: Callable[[re.Match[str]], list[_Piece]],
) -> tuple[str, array[int], array[int]]:
    out: list[str] = []
    new_starts = _offsets()
    new_ends = _offsets()
    at = 0
    for match in pattern.finditer(text):
        a, b = match.span()
        out.append(text[at:a])
        new_starts += starts[at:a]
        new_ends += ends[at:a]
        source = (starts[a], ends[b - 1]) if a < b else (starts[a], starts[a])
        for piece in pieces(match):
            if isinstance(piece, str):
                out.append(piece)
                new_starts += _offsets([source[0]]) * len(piece)
                new_ends += _offsets([source[1]]) * len(piece)
            else:
                x, y = match.span(piece)
                out.append(text[x:y])
                new_starts += starts[x:y]
                new_ends += ends[x:y]
        at = b
    out.append(text[at:])
    new_starts += starts[at:]
    new_ends += ends[at:]
    return "".join(out), new_starts, new_ends


def _math_dollars(text: str) -> list[tuple[int, int]]:
    """The single dollar signs that delimit math: pairs on one line enclosing LaTeX."""
    found: list[tuple[int, int]] = []
    signs = [m.start() for m in _DOLLAR.finditer(text)]
    i = 0
    while i + 1 < len(signs):
        a, b = signs[i], signs[i + 1]
        inside = text[a + 1 : b]
        if (
            len(inside) <= _MAX_INSIDE
            and "\n" not in inside
            and (_LATEX_INSIDE.search(inside) or _NUMBER_INSIDE.fullmatch(inside))
        ):
            found += [(a, a + 1), (b, b + 1)]
            i += 2
        else:
            i += 1
    return found


def _closes_math(text: str) -> bool:
    """The quick test for "$8.74$": a dollar sign right after a digit closes math mode.

    ``str.find`` over the few dollar signs of an answer: far cheaper than a
    pattern tried at every digit.
    """
    at = text.find("$", 1)
    while at != -1:
        if text[at - 1].isdigit():
            return True
        at = text.find("$", at + 1)
    return False


def plain_math(text: str) -> Plain | None:
    """``text`` as the plain text its LaTeX typesets, or ``None`` when it holds none.

    >>> plain = plain_math(r"Net margin: $\\boxed{74.2\\%}$ of $1{,}234$ million")
    >>> plain.text
    'Net margin: 74.2% of 1,234 million'
    >>> start = plain.text.index("74.2%")
    >>> plain.span(start, start + 5)
    (20, 26)
    >>> plain_math("Revenue was $5 million.") is None
    True
    """
    if "\\" not in text and "{" not in text and "$$" not in text and not _closes_math(text):
        return None
    starts = _offsets(range(len(text)))
    ends = _offsets(range(1, len(text) + 1))
    written = text
    dollars = _math_dollars(text)
    if dollars:
        text, starts, ends = _drop(text, starts, ends, dollars)
    text, starts, ends = _rewrite(text, starts, ends, _TOKEN, _typeset)
    for _ in range(_ROUNDS):
        before = text
        text, starts, ends = _rewrite(text, starts, ends, _FRACTION, _fraction)
        text, starts, ends = _rewrite(text, starts, ends, _UNWRAP, _argument)
        if text == before:
            break
    if text == written:  # nothing was typeset differently
        return None
    return Plain(text, starts, ends)


def _drop(
    text: str, starts: array[int], ends: array[int], spans: list[tuple[int, int]]
) -> tuple[str, array[int], array[int]]:
    """``text`` without the characters of ``spans`` (sorted, not overlapping)."""
    out: list[str] = []
    new_starts, new_ends = _offsets(), _offsets()
    at = 0
    for a, b in [*spans, (len(text), len(text))]:
        out.append(text[at:a])
        new_starts += starts[at:a]
        new_ends += ends[at:a]
        at = b
    return "".join(out), new_starts, new_ends


def _typeset(match: re.Match[str]) -> list[_Piece]:
    typeset = _SEQUENCES[match.group()]
    return [typeset] if typeset else []


def _fraction(match: re.Match[str]) -> list[_Piece]:
    return [1, "/", 2]


def _argument(match: re.Match[str]) -> list[_Piece]:
    return [1]

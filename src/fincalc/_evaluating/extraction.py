"""Reading the amounts in an answer: the parser, then what only an answer needs.

Every amount is read with the parser (``extract_quantities``).  Bare numbers
are read in the unit the question asked for (a unit-table token or a short
phrase: "million", "USD millions", "亿元", "单位：亿元"), and a bare number
under a row label's unit ("| 营业收入（亿元） | 1,476.94 |") takes the row's
unit, as ``resolve`` reads it.  A unit written at the number wins over both.
On top of the parser, for answers (``_data/answers.toml``):

* **In full or in the unit.** Under the question's unit a bare number (or one
  with only a currency sign) may be written in that unit or in full: with
  ``unit="million"``, "8.6" and "$8,600,000" both say $8.6 million.  Such an
  amount carries its as-written value as an *alternate*; a wrong scale is
  still never a match (``matching``).
* **Labels are no amounts** (``[label]``): "the amount for 3M", "10-K", "Q3",
  "FY2019", "Note 8", "a 3 year average", "2 decimal places".
* **Units the parser leaves to the answer** (``[answer_unit]``): "93.9 days".
* **Per-share figures** (``[per_share]``): "$2.35 per share", "每股收益0.85元"
  are ``USD_PER_SHARES``, ``CNY_PER_SHARES``.

Asides in brackets that hold words ("（华岳酒业·2023年报·P12）") are read only
when the judge asks for them (``Amounts.read_asides``): they are context,
and reading a citation costs as much as reading the answer.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from decimal import Decimal
from itertools import pairwise

from .._base.vocabulary import alternation, vocabulary
from .._grounding.word_matching import clause_start, ends_with_word
from .._reading.units import UnitContext, shift_exponent, unit_context_from_header
from .._values.dimensions import is_money
from .._values.quantity import Quantity
from .sentences import asides, blank
from .wording import words

__all__ = ["Amounts", "extract", "per_share", "read_amounts", "read_one", "unit_context"]


def unit_context(unit: str) -> UnitContext:
    """The context a question's ``unit`` declares (cached: a gold file repeats a few units).

    Raises:
        FincalcError: the parser cannot read ``unit`` as a unit declaration.

    >>> context = unit_context("亿元")
    >>> context.dimension, context.multiplier
    ('CNY', Decimal('1E+8'))
    """
    if not isinstance(unit, str):  # not hashable, or not text: refused there, uncached
        return unit_context_from_header(unit)
    return _unit_context(unit)


@functools.lru_cache(maxsize=256)
def _unit_context(unit: str) -> UnitContext:
    return unit_context_from_header(unit)


# -- the word lists ----------------------------------------------------------------

_NAMES = frozenset(words("label.name"))
_DIGIT_RUN = re.compile(r"\d+")
# Each name by the numbers written in it: "500" -> ("S&P 500",), "10" -> ("10-K", "10-Q").
_NAMES_BY_NUMBER: dict[str, tuple[str, ...]] = {}
for _name in sorted(_NAMES):
    for _number in _DIGIT_RUN.findall(_name):
        _NAMES_BY_NUMBER[_number] = (*_NAMES_BY_NUMBER.get(_number, ()), _name)
_LABEL_BEFORE = tuple(w.lower() for w in words("label.before"))
_LABEL_AFTER = re.compile(rf"[ \t]*(?:{alternation(words('label.after'))})", re.IGNORECASE)
_PER_SHARE_AFTER = tuple(w.lower() for w in words("per_share.after"))
# The words as written, lower-cased, in one literal alternation: a quick test
# on the lower-cased window before an amount (the pattern below decides).
_PER_SHARE_BEFORE_WORDS = re.compile(
    "|".join(re.escape(w.lower()) for w in words("per_share.before"))
)
_PER_SHARE_BEFORE = re.compile(alternation(words("per_share.before")), re.IGNORECASE)
_UNIT_WORDS = vocabulary("answers").table("answer_unit")
_DIGITS = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
# "93.9 days", or an accounting negative with its unit outside the brackets: "(3.7) days".
_ANSWER_UNIT = re.compile(
    rf"(?<![0-9A-Za-z_.,])(?:\((?P<negative>{_DIGITS})\)|(?P<number>[-−]?{_DIGITS}))[ \t]*"
    rf"(?P<unit>{alternation(_UNIT_WORDS)})",
    re.IGNORECASE,
)
# The unit words alone, as written in any case: a quick test before the
# number-and-unit pattern ("day", "Day", "DAY", "天").
# One literal alternation: ``re`` skips to the hints' first characters in C
# (a loop of ``str.find`` over the hints cost five times as much).
_UNIT_HINTS = re.compile(
    "|".join(
        re.escape(hint)
        for hint in sorted(
            {v for w in _UNIT_WORDS for v in (w[:3], w[:3].capitalize(), w[:3].upper())}
        )
    )
)
_WINDOW = 24
# A percentage as written: "12.3%", "-0.5 ％", "3个百分点", "25 basis points".  The
# sign is found first, then the number before it.
_PERCENT_WORD = re.compile(r"个百分点|百分点|[Pp]ercent(?:age points?)?\b|[Bb]asis points?\b|bps\b")
_NUMBER_CHARS = frozenset("0123456789.,")
# Substrings every word sign holds: a quick test (a literal alternation).
_PERCENT_WORD_HINTS = re.compile("百分点|ercent|asis point|bps")
# A list item's number: "1. Find …", "2) …", "3、…" at the start of a line.
_ITEM_AFTER = re.compile(r"[.)、）][ \t]")
_ITEM_LEAD = " \t*#>-•·(（"


class Amounts:
    """The amounts of one answer, read lazily, in text order, with what else each may mean.

    The main text (outside asides) is read tail first: ``read(start)`` reads
    from ``start`` up to where the last read began; ``read_asides()`` reads the
    asides.  The parser is never run twice over the same text.

    Attributes:
        text: The answer.
        asides: The asides of the text (``(start, end)``).
        items: The amounts read so far (labels dropped, answer units and per-share read).
        alternates: Per amount, its value as written when the question's unit
            gave it a scale ("$8,600,000" under "million"), else ``None``.
        in_aside: Per amount, whether it stands in a bracketed aside.
    """

    __slots__ = (
        "_asides_read",
        "_from",
        "_held",
        "_hold",
        "alternates",
        "asides",
        "context",
        "in_aside",
        "items",
        "text",
    )

    def __init__(self, text: str, unit: str | None, *, hold_percentages: bool = False) -> None:
        self.text = text
        self.context = unit_context(unit) if unit else None
        self.asides = asides(text) if ("(" in text or "（" in text) else []
        self.items: list[Quantity] = []
        self.alternates: list[Decimal | None] = []
        self.in_aside: list[bool] = []
        self._from = len(text)
        self._asides_read = False
        # A money question holds percentages back: they cannot answer it
        # ("营业收入为83.7亿元，同比增长12.3%"), and are read only when nothing else is stated.
        self._hold = hold_percentages
        self._held: list[tuple[int, int]] = []

    def read(self, start: int) -> bool:
        """Read the main text from ``start`` on (what is not read yet); True when any was new."""
        if start >= self._from:
            return False
        text = self.text
        hidden = [(0, start), *self.asides, (self._from, len(text))]
        if self._hold:
            held = _percentages(text, start, self._from)
            self._held += held
            hidden += held
        region = (start, self._from)
        self._from = start
        found, alternates = _read(text, blank(text, _merged(hidden)), self.context, region)
        self._add(found, alternates, aside=False)
        return True

    def read_asides(self) -> bool:
        """Read every aside and held-back percentage (once); True when there were any."""
        if self._asides_read or not (self.asides or self._held):
            return False
        self._asides_read = True
        text = self.text
        shown = sorted(self.asides + self._held)
        hidden = [(0, shown[0][0])]
        hidden += [(a[1], b[0]) for a, b in pairwise(shown)]
        hidden.append((shown[-1][1], len(text)))
        found, alternates = _read(text, blank(text, _merged(hidden)), self.context)
        self._add(found, alternates, aside=True)
        return True

    def _add(self, found: list[Quantity], alternates: list[Decimal | None], *, aside: bool) -> None:
        if not found:
            return
        if not self.items:
            self.items, self.alternates, self.in_aside = found, alternates, [aside] * len(found)
            return
        merged = sorted(
            [
                *zip(self.items, self.alternates, self.in_aside, strict=True),
                *((q, alt, aside) for q, alt in zip(found, alternates, strict=True)),
            ],
            key=lambda item: item[0].span or (0, 0),
        )
        self.items = [m[0] for m in merged]
        self.alternates = [m[1] for m in merged]
        self.in_aside = [m[2] for m in merged]


def _percentages(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The percentages written in ``text[start:end]``, each with its number and sign.

    The signs are found with ``str.find`` ("%", "％") and, only when a word
    sign occurs at all, with ``_PERCENT_WORD``; the number is read backwards.

    >>> text = "营业收入为83.7亿元，同比增长12.3%，毛利率下降2个百分点"
    >>> [text[a:b] for a, b in _percentages(text, 0, len(text))]
    ['12.3%', '2个百分点']
    """
    signs = []
    for sign in ("%", "％"):
        at = text.find(sign, start, end)
        while at != -1:
            signs.append((at, at + 1))
            at = text.find(sign, at + 1, end)
    if _PERCENT_WORD_HINTS.search(text, start, end) is not None:
        signs += [m.span() for m in _PERCENT_WORD.finditer(text, start, end)]
    found = []
    for at, after in sorted(signs):
        while at > start and text[at - 1] in " \t":
            at -= 1
        digits = at
        while digits > start and text[digits - 1] in _NUMBER_CHARS:
            digits -= 1
        if digits == at or not any(c.isdigit() for c in text[digits:at]):
            continue
        if digits > start and text[digits - 1] in "-+−":
            digits -= 1
        found.append((digits, after))
    return found


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans sorted and merged where they overlap (empty ones dropped)."""
    result: list[tuple[int, int]] = []
    for a, b in sorted(s for s in spans if s[0] < s[1]):
        if result and a <= result[-1][1]:
            result[-1] = (result[-1][0], max(b, result[-1][1]))
        else:
            result.append((a, b))
    return result


def read_amounts(text: str, unit: str | None, *, with_asides: bool = False) -> Amounts:
    """Read the amounts of an answer outside its asides (all of them ``with_asides``).

    >>> amounts = read_amounts("营业收入为12.5（华岳酒业·2023年报·P12）", "亿元")
    >>> [(q.raw, q.value) for q in amounts.items], amounts.alternates
    ([('12.5', Decimal('1.25E+9'))], [Decimal('12.5')])
    """
    amounts = Amounts(text, unit)
    amounts.read(0)
    if with_asides:
        amounts.read_asides()
    return amounts


def extract(text: str, unit: str | None) -> list[Quantity]:
    """Every amount in ``text``, bare numbers read in ``unit``; call inside ``arithmetic()``.

    The declared unit is the parser's ``context``, so the parser reads every
    amount once, with its sign: "(1,577)" under "million" is -1,577,000,000.
    A unit written in the answer wins over the context: "8,743.2元" for a
    question asked in 万元 wrote 元, and is judged as written.

    >>> [(q.raw, q.value) for q in extract("营业收入 12.5，同比增长3%", "亿元")]
    [('12.5', Decimal('1.25E+9')), ('3%', Decimal('0.03'))]
    """
    return read_amounts(text, unit, with_asides=True).items


def read_one(text: str, unit: str | None) -> Quantity:
    """The one amount in ``text`` (a gold answer), bare numbers read in ``unit``.

    Raises:
        FincalcError: ``text`` holds no amount, several, or a bare number without ``unit``.

    >>> read_one("$1577.00", "million").value
    Decimal('1.57700E+9')
    """
    from .._reading.parse import parse_quantity

    return parse_quantity(text, context=unit_context(unit) if unit else None)


def _inside(q: Quantity, spans: list[tuple[int, int]]) -> bool:
    start, end = q.span or (0, 0)
    return any(a <= start and end <= b for a, b in spans)


@functools.cache
def _parser() -> Callable[..., list[Quantity]]:
    """``extract_quantities``, imported on first use (an import statement per call costs 1 µs)."""
    from .._reading.parse import extract_quantities

    return extract_quantities


def _read(
    text: str,
    masked: str,
    context: UnitContext | None,
    region: tuple[int, int] | None = None,
) -> tuple[list[Quantity], list[Decimal | None]]:
    """The amounts of ``masked`` (``text`` with parts blanked), read for an answer.

    ``region`` bounds what ``masked`` shows (the rest is blank), so the quick
    tests need not look at the blanks.
    """
    found = _parser()(masked, context=context)
    if found:
        found = [q for q in found if not _is_label(text, q)]
    if _ANSWER_WORD in masked.lower():
        found = _with_concluding_number(masked, found)
    a, b = region if region is not None else (0, len(masked))
    if _has_unit_word(masked, a, b) and _ANSWER_UNIT.search(masked) is not None:
        found = _with_answer_units(masked, found)
    shift = None if context is None else shift_exponent(context.multiplier)
    alternates: list[Decimal | None] = []
    result: list[Quantity] = []
    brackets = "(" in text or "（" in text
    for q in found:
        if q.span is not None and masked is not text and q.raw != text[q.span[0] : q.span[1]]:
            # read across a blanked part ("美元0%0" with its percentage held): raw as written
            q = dataclasses.replace(q, raw=text[q.span[0] : q.span[1]])
        alternate = None
        if q.unit_from_context and shift and context is not None and _took_unit(q, context):
            alternate = q.value.scaleb(-shift)
        if brackets and _label_bracket(text, q):
            row = _with_row_unit(text, q, context)
            if row is not q:
                q, alternate = row, None
        result.append(q)
        alternates.append(alternate)
    return result, alternates


_WRITTEN_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _took_unit(q: Quantity, context: UnitContext) -> bool:
    """Whether ``q`` is a bare number that took the question's unit (its digits times the unit).

    Only such a number may be written in full instead: "10 million" under
    thousands has a scale of its own and keeps it (never 10 thousand).
    """
    match = _WRITTEN_NUMBER.search(q.raw or "")
    if match is None:
        return False
    written = Decimal(match.group(0).replace(",", ""))
    return written * context.multiplier == q.value.copy_abs()


# "The answer is 1920": the number an answer ends on after an answer word is its figure,
# even when it reads like a year (which the parser leaves out).
_ANSWER_WORD = "answer"
_ANSWER_WORDS = [w for w in words("conclusion.anywhere") if _ANSWER_WORD in w]
_CONCLUDING_NUMBER = re.compile(
    r"(?i)(?:"
    + "|".join(re.escape(w) for w in _ANSWER_WORDS)
    + r")[\s:*]{0,8}(\d{4})[\s*]{0,8}(?:[.!][\s*]{0,8})?$"
)
_TAIL = 80  # the answer word and the number end the answer: only its tail is searched


def _with_concluding_number(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and the bare number ``text`` ends on after an answer word, when unread."""
    end = len(text.rstrip())
    begin = max(0, end - _TAIL)
    match = _CONCLUDING_NUMBER.search(text, begin, end)
    if match is None:
        return found
    start, end = match.span(1)
    if any(q.span is not None and q.span[0] < end and start < q.span[1] for q in found):
        return found
    number = Quantity(Decimal(match.group(1)), None, raw=match.group(1), span=(start, end))
    return [*found, number]


def _has_unit_word(text: str, start: int, end: int) -> bool:
    """A quick test for a unit word of ``[answer_unit]`` ("days", "天") in ``text[start:end]``."""
    return _UNIT_HINTS.search(text, start, end) is not None


def per_share(text: str, items: list[Quantity], i: int) -> Quantity:
    """Amount ``i``, a per-share figure when written so ("$2.35 per share", "每股收益0.85元").

    Applied to the figures judged only: a currency and its per-share figures
    compare alike (``kinds.comparable``), so this says what was found, not
    whether it matches.

    >>> from decimal import Decimal
    >>> q = Quantity(Decimal("2.35"), "USD", unit="$", raw="$2.35", span=(8, 13))
    >>> per_share("EPS was $2.35 per share", [q], 0).dimension
    'USD_PER_SHARES'
    """
    q = items[i]
    if q.dimension is None or not is_money(q.dimension):
        return q
    floor = 0
    if i and items[i - 1].span is not None:
        floor = items[i - 1].span[1]  # type: ignore[index]
    return _per_share(text, q, floor)


def _label_bracket(text: str, q: Quantity) -> bool:
    """Whether a bracket stands between the start of the amount's line and the amount."""
    start = (q.span or (0, 0))[0]
    line = text.rfind("\n", 0, start) + 1
    return text.find("(", line, start) != -1 or text.find("（", line, start) != -1


def _is_label(text: str, q: Quantity) -> bool:
    """True for a label written like an amount: "3M", "Q3", "FY2019", "Note 8", "3 year"."""
    if q.raw in _NAMES:
        return True
    if q.span is None:
        return False
    start, end = q.span
    if _in_name(text, q.raw, start, end):
        return True
    first = q.raw[:1]
    if first.isdigit() or first in "-−+":
        # glued to Latin letters: "Q3", "FY2019", "H1", "10b5-1"
        if start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
            return True
        if end < len(text) and text[end].isascii() and text[end].isalnum():
            return True
    if q.unit is not None and not q.unit_from_context:
        return False
    if ends_with_word(text, start, max(0, start - 24), _LABEL_BEFORE):
        return True
    if _LABEL_AFTER.match(text, end) is not None:
        return True
    # a list item's number: "1. Find the accounts payable …"
    line = text.rfind("\n", 0, start) + 1
    return (
        q.raw.isdigit()
        and not text[line:start].strip(_ITEM_LEAD)
        and _ITEM_AFTER.match(text, end) is not None
    )


def _in_name(text: str, raw: str, start: int, end: int) -> bool:
    """Whether the amount is the number inside a listed name ("S&P 500", "沪深300")."""
    digits = _DIGIT_RUN.search(raw)
    if digits is None:
        return False
    for name in _NAMES_BY_NUMBER.get(digits.group(), ()):
        at = text.find(name, max(0, start - len(name)), end + len(name))
        if at != -1 and at <= start and end <= at + len(name):
            return True
    return False


def _with_answer_units(text: str, found: list[Quantity]) -> list[Quantity]:
    """Add "93.9 days" (``[answer_unit]``) where the parser read nothing, or only a bare number."""
    taken = {q.span: i for i, q in enumerate(found) if q.span is not None}
    covered = [q.span for q in found if q.span is not None and q.unit is not None]
    result = list(found)
    for match in _ANSWER_UNIT.finditer(text):
        start, end = match.span()
        if any(a < end and start < b for a, b in covered):
            continue
        negative = match.group("negative")
        group = "number" if negative is None else "negative"
        number = Decimal(match.group(group).replace(",", "").replace("−", "-"))
        unit = match.group("unit")
        key = unit.casefold() if unit.isascii() else unit
        q = Quantity(
            -number if negative is not None else number,
            _UNIT_WORDS[key],
            unit=unit,
            raw=match.group(),
            span=(start, end),
        )
        bare = taken.get((match.start(group), match.end(group)))
        if bare is None and negative is not None:  # the parser read "(3,700)" whole
            bare = taken.get((start, match.end(group) + 1))
        if bare is not None:
            result[bare] = q
        else:
            result.append(q)
    result.sort(key=lambda q: q.span or (0, 0))
    return result


def _per_share(text: str, q: Quantity, floor: int) -> Quantity:
    """A money amount written per share ("$2.35 per share", "每股收益0.85元") is X_PER_SHARES."""
    start, end = q.span or (0, 0)
    after = text[end : end + 24].lower().lstrip(" \t")
    per_share = after.startswith(_PER_SHARE_AFTER)
    if not per_share and q.span is not None:
        window = max(floor, start - _WINDOW)
        before = text[window:start].lower()
        if _PER_SHARE_BEFORE_WORDS.search(before) is not None:
            begin = clause_start(text, window, start)
            per_share = _PER_SHARE_BEFORE.search(text, begin, start) is not None
    if not per_share:
        return q
    return dataclasses.replace(q, dimension=f"{q.dimension}_PER_SHARES")


def _with_row_unit(text: str, q: Quantity, context: UnitContext | None) -> Quantity:
    """A bare number under a row label's unit ("| 营业收入（亿元） | 1,476.94 |") takes it.

    The row's own unit wins over the question's ``unit``, as it does in
    ``resolve``; a unit written at the number wins over both.
    """
    from .._grounding.documents import row_unit

    if q.span is None or not (q.unit is None or q.unit_from_context):
        return q
    row = row_unit(text, *q.span)
    if row is None:
        return q
    bare = q.value / context.multiplier if q.unit_from_context and context else q.value
    return dataclasses.replace(
        q,
        value=bare * row.context.multiplier,
        dimension=row.context.dimension,
        unit=row.context.unit,
        unit_from_context=True,
    )

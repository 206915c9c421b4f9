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

import regex

from .._base.exceptions import FincalcError
from .._base.vocabulary import vocabulary
from .._grounding.periods import one_of_claimed_period
from .._grounding.prose_amounts import years_between
from .._values.period import parse_period
from .._values.quantity import Quantity

__all__ = [
    "by_question_period",
    "by_subject",
    "figure_year",
    "mentions",
    "question_period",
    "question_places",
    "question_subject",
    "question_unit",
    "subject_clause",
    "year_period",
]

#: How much of a question is read for its unit (questions are short; a huge one is cut).
_MAX_QUESTION = 4_000


@functools.cache
def _phrases() -> tuple[tuple[str, str], ...]:
    """(phrase, unit) pairs, longest phrase first, Latin phrases case-folded."""
    table = vocabulary("answers").table("question_unit")
    return tuple(sorted(table.items(), key=lambda item: (-len(item[0]), item[0])))


@functools.cache
def _places() -> tuple[tuple[str, str], ...]:
    table = vocabulary("answers").table("question_places")
    return tuple(sorted(table.items(), key=lambda item: (-len(item[0]), item[0])))


@functools.lru_cache(maxsize=1024)
def question_places(question: str) -> tuple[str, int] | None:
    """The precision ``question`` asks for: (``unit`` or ``base``, decimal places), or None.

    ``unit`` places count in the question's unit ("two decimal places" of
    millions); ``base`` places in base units ("to the nearest dollar").

    >>> question_places("What is the DPO? Round your answer to two decimal places.")
    ('unit', 2)
    >>> question_places("净利润是多少亿元？保留一位小数"), question_places("What is revenue?")
    (('unit', 1), None)
    """
    folded = question[:_MAX_QUESTION].casefold()
    found = {name for phrase, name in _places() if phrase in folded}
    if len(found) != 1:
        return None
    kind, _, places = found.pop().partition("_")
    return kind, int(places)


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


_YEAR = regex.compile(
    r"(?i)(?<![\d.,])(?:(?:FY\s?'?|fiscal\s+(?:year\s+)?)?(?:19|20)\d\d(?:\s*年度?)?)(?![\d,.]\d)"
)


@functools.lru_cache(maxsize=1024)
def question_period(question: str) -> str | None:
    """The one year ``question`` names, as written ("FY2023", "2023年"), or None.

    >>> question_period("What was 3M's revenue in FY2023?")
    'FY2023'
    >>> question_period("How did revenue change from 2022 to 2023?") is None
    True
    """
    found: dict[object, str] = {}
    for match in _YEAR.finditer(question[:_MAX_QUESTION]):
        try:
            period = parse_period(match.group().strip(), None).period
        except FincalcError:
            return None
        found.setdefault(period, match.group().strip())
    return next(iter(found.values())) if len(found) == 1 else None


def by_question_period(
    text: str,
    items: list[Quantity],
    statement: tuple[int, int],
    period: str,
    chosen: tuple[int, ...] | list[int],
) -> list[int]:
    """The statement's figure of the question's year, when each figure has its own year.

    Only figures of the chosen one's dimension compete; each must be governed by
    its own, different year (``one_of_claimed_period``), and exactly one by the
    question's.  Otherwise the selection stands.
    """
    first = items[chosen[0]]
    start, end = statement
    members = [
        i
        for i, q in enumerate(items)
        if q.span is not None and start <= q.span[0] < end and q.dimension == first.dimension
    ]
    if len(members) < 2:
        return list(chosen)
    spans = [
        (q.span[0] - start, q.span[1] - start)
        for q in (items[i] for i in members)
        if q.span is not None
    ]
    try:
        claimed = parse_period(period, None).period
    except FincalcError:
        return list(chosen)
    statement_text = text[start:end]
    if not years_between(statement_text, spans):
        return list(chosen)  # "… and net income was $11.9 billion in 2023": another figure
    index = one_of_claimed_period(statement_text, spans, claimed, period, None)
    return [members[index]] if index is not None else list(chosen)


_CLAUSE_MARK = regex.compile(r"[,，;；:：]")
_YEAR_AFTER = regex.compile(
    r"\s*(?:in|for|during)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?|FY\s?)?((?:19|20)\d\d)\b", regex.I
)


def figure_year(text: str, span: tuple[int, int], floor: int) -> object | None:
    """The year a figure is stated for, as a period: the year right after it ("… in 2022"),
    else the last year in its clause before it ("In 2022, revenue was …", "2022年营业收入为…"),
    else in its sentence before it; None when there is none or it does not parse.
    ``floor`` is where the figure's own words start (the sentence, or the figure before).

    >>> text = "Revenue was $5.0 billion in 2023. In 2022, revenue was $4.6 billion."
    >>> figure_year(text, (12, 24), 0) == figure_year(text, (55, 67), 34)
    False
    """
    start, end = span
    begin = floor
    for mark in _CLAUSE_MARK.finditer(text, floor, start):
        begin = mark.end()
    lead = [m.group() for m in _YEAR.finditer(text, floor, start)]
    clause = [m.group() for m in _YEAR.finditer(text, begin, start)]
    after = _YEAR_AFTER.match(text, end, min(len(text), end + 32))
    written = after.group(1) if after else clause[-1] if clause else lead[-1] if lead else None
    return None if written is None else year_period(written.strip())


@functools.lru_cache(maxsize=256)
def year_period(written: str) -> object | None:
    """The period a year as written names ("FY2023", "2023年", "2023"), or None (cached).

    >>> year_period("FY2023") == year_period("2023年"), year_period("FY20x3")
    (True, None)
    """
    try:
        return parse_period(written, None).period
    except FincalcError:
        return None


_SUBJECT_EN = regex.compile(
    r"(?i)^\s*(?:what|how\s+much)\s+(?:was|were|is|are)\s+(?:the\s+)?(?:company'?s\s+|its\s+)?"
    r"(?P<s>[a-z][a-z &'-]{2,40}?)\s+(?:in|for|during|at|as\s+of)\b"
)
_SUBJECT_ZH = regex.compile(
    r"^(?:(?:19|20)\d\d\s*年度?|第?[一二三四1-4]季度|上半年|前三季度|报告期内?|公司|本公司|该公司|集团)*"
    r"(?P<s>[\u4e00-\u9fff]{2,16}?)(?:是|为|有)?多少"
)


@functools.lru_cache(maxsize=1024)
def question_subject(question: str) -> str | None:
    """What a plainly worded question asks the figure of, or None.

    >>> question_subject("2023年营业收入是多少？"), question_subject("What was net income in 2023?")
    ('营业收入', 'net income')
    >>> question_subject("What is the FY2018 capex (in USD millions) for 3M?") is None
    True
    """
    head = regex.split(r"[?？]", question[:_MAX_QUESTION], maxsplit=1)[0].strip()
    match = _SUBJECT_ZH.match(head) or _SUBJECT_EN.match(head)
    return match.group("s").strip().casefold() if match is not None else None


_HARD_BREAK = regex.compile(r"[。！？!?\n]|\.(?=\s)")
_SOFT_BREAK = regex.compile(r"[；;]")


def subject_clause(text: str, subject: str, statement: tuple[int, int]) -> tuple[int, int] | None:
    """The clause before ``statement``, in its sentence, that names ``subject``; else None.

    Only when the statement itself does not name it: "…营业收入为128.74亿元，同比增长8.17%；
    归母净利润为15.03亿元。" asked for 营业收入 states it in the clause before the last.
    A clause of an earlier sentence is never taken ("Revenue in 2022 was … In 2023
    it reached …" concludes with the last).
    """
    start, end = statement
    if mentions(text[start:end], subject):
        return None
    begin = 0
    for hard in _HARD_BREAK.finditer(text, 0, start):
        begin = hard.end()
    edges = [begin, *(m.end() for m in _SOFT_BREAK.finditer(text, begin, start))]
    for left, right in zip(reversed(edges[:-1]), reversed(edges[1:]), strict=True):
        if mentions(text[left:right], subject):
            return left, right
    return None


_OF_BEFORE = regex.compile(r"(?i)\b(?:of|of\s+the|to|per)\s+$")


def mentions(text: str, subject: str) -> bool:
    """Whether ``text`` names ``subject`` as a metric of its own: "cost of revenue" names
    cost, not revenue; a Latin subject is a whole word.

    >>> mentions("Revenue was $10 billion", "revenue"), mentions("cost of revenue", "revenue")
    (True, False)
    """
    folded = text.casefold()
    at = folded.find(subject)
    latin = subject.isascii()
    while at != -1:
        end = at + len(subject)
        whole = not latin or (
            (at == 0 or not folded[at - 1].isalnum())
            and (end == len(folded) or not folded[end].isalnum())
        )
        if whole and (not latin or _OF_BEFORE.search(folded, max(0, at - 12), at) is None):
            return True
        at = folded.find(subject, at + 1)
    return False


def by_subject(
    text: str,
    items: list[Quantity],
    chosen: tuple[int, ...],
    statement: tuple[int, int],
    subject: str,
) -> tuple[int, ...]:
    """Of several figures judged, the one whose own words (since the figure before it) name
    the question's subject, when exactly one does ("Revenue was $10 billion and cost of
    revenue was $6 billion" asked for revenue); otherwise ``chosen`` as it was."""
    if len(chosen) < 2:
        return chosen
    naming = []
    lead = statement[0]
    for i in chosen:
        span = items[i].span
        if span is None:
            return chosen
        if mentions(text[lead : span[0]], subject):
            naming.append(i)
        lead = span[1]
    return (naming[0],) if len(naming) == 1 else chosen

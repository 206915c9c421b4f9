"""Lists that pair amounts with periods: "$4.1 billion, $3.8 billion and $3.5 billion in
2023, 2022 and 2021, respectively"; "2021年、2022年和2023年分别为11,759元、13,402元和15,230元".

``list_pairs`` reads the sentence around an amount: when it says
"respectively" (分别), and holds one run of amounts and one run of periods of
the same length, the k-th amount belongs to the k-th period. A period run
shares its words: "December 31, 2023 and 2022" is December 31 of both years,
"fiscal 2023, 2022 and 2021" three fiscal years.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import regex

from .._base.exceptions import FincalcError, PeriodError
from .._reading.parse import extract_quantities
from .._reading.units import UnitContext, UnitTable
from .._values.period import parse_period
from .words import any_of

__all__ = ["ListPair", "list_pairs", "sentence_around", "unpaired_list"]

_MARKER = regex.compile(
    rf"{any_of('respectively.words', boundaries=True)}|{any_of('respectively.chinese')}",
    regex.IGNORECASE,
)
_SEPARATOR = regex.compile(
    r"\s*(?:[,，、;；]\s*(?:(?:and|or)\s+|以及|和|及|与|與)?|\s(?:and|&)\s|和|及|与|與|以及)\s*",
    regex.IGNORECASE,
)
_YEAR = regex.compile(
    r"(?<![\d.,])(?:19|20)\d\d(?:\s*(?:年度|年末|年底|年上半年|年前三季度|年第[一二三四]季度|年))?"
    r"(?!\d|,\d|\.\d)"
)
_SENTENCE_END = regex.compile(r"[。；;!?！？]|\.(?=\s)|\n\s*\n")
_SPAN = 600
_GAP = 40
_PREPOSITIONS = any_of("period_after_amount.prepositions")
# Amounts and then their periods, with no "respectively": "… in 2024 and 2023".
_LEADS_TO_PERIODS = regex.compile(
    rf"(?i)\s*(?:{_PREPOSITIONS}|as\s+of|at)\s+[^\d;；。]{{0,30}}(?:\d{{1,2}},?\s+)?$"
)
_ADJACENT_HINT = regex.compile(r"(?i)\band\b|和|及")
_PREFIX_WORDS = 8


@dataclass(frozen=True, slots=True)
class ListPair:
    """One amount of a "respectively" list and the period it is paired with."""

    amount: tuple[int, int]
    period: str


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    low = max(0, start - _SPAN)
    begin = low
    for match in _SENTENCE_END.finditer(text, low, start):
        begin = match.end()
    stop = _SENTENCE_END.search(text, end, min(len(text), end + _SPAN))
    return begin, stop.start() if stop is not None else min(len(text), end + _SPAN)


def sentence_around(text: str, start: int, end: int, quote: tuple[int, int]) -> tuple[int, int]:
    """The sentence holding ``[start, end)``, widened to hold the whole quote too."""
    begin, stop = _sentence(text, start, end)
    return min(begin, quote[0]), max(stop, quote[1])


def _runs(items: list[tuple[int, int]], text: str) -> list[list[tuple[int, int]]]:
    """Maximal runs of items separated only by list separators (", ", " and ", "、", "和")."""
    runs: list[list[tuple[int, int]]] = []
    for item in items:
        if runs and _SEPARATOR.fullmatch(text, runs[-1][-1][1], item[0]):
            runs[-1].append(item)
        else:
            runs.append([item])
    return [run for run in runs if len(run) >= 2]


@functools.lru_cache(maxsize=1024)
def _reads(phrase: str) -> bool:
    phrase = regex.sub(r"(?i)\b(years|periods)\s+(ended|ending)", r"year \2", phrase)
    try:
        parse_period(phrase)
    except PeriodError:
        return False
    return True


def _period_texts(text: str, run: list[tuple[int, int]]) -> list[str] | None:
    """The periods of a run of years, each with the words the run shares before it."""
    first = text[run[0][0] : run[0][1]]
    before = text[max(0, run[0][0] - 80) : run[0][0]].split()[-_PREFIX_WORDS:]
    for size in range(len(before), -1, -1):
        prefix = " ".join(before[len(before) - size :])
        prefix = regex.sub(r"(?i)^(?:(?:in|for|during|at|of|the|as)\s+)+", "", prefix)
        candidate = f"{prefix} {first}".strip()
        if _reads(candidate):
            texts = [f"{prefix} {text[a:b]}".strip() for a, b in run]
            return texts if all(_reads(t) for t in texts) else None
    return None


def list_pairs(
    text: str,
    start: int,
    end: int,
    *,
    context: UnitContext | None = None,
    table: UnitTable | None = None,
) -> list[ListPair]:
    """The (amount, period) pairs of the "respectively" list around ``[start, end)``, if any.

    >>> text = ("Revenue was $4.1 billion, $3.8 billion and $3.5 billion in 2023, 2022 "
    ...         "and 2021, respectively.")
    >>> [(text[p.amount[0]:p.amount[1]], p.period) for p in list_pairs(text, 26, 38)]
    [('$4.1 billion', '2023'), ('$3.8 billion', '2022'), ('$3.5 billion', '2021')]
    """
    begin, stop = _sentence(text, start, end)
    sentence = text[begin:stop]
    marked = _MARKER.search(sentence) is not None
    if not marked and not _ADJACENT_HINT.search(sentence):
        return []
    try:
        found = extract_quantities(sentence, context=context, table=table)
    except FincalcError:
        return []
    amounts = [(begin + q.span[0], begin + q.span[1]) for q in found if q.span is not None]
    years = [
        (m.start(), m.end())
        for m in _YEAR.finditer(text, begin, stop)
        if not any(a <= m.start() < b for a, b in amounts)
    ]
    runs = [(run, _period_texts(text, run)) for run in _runs(years, text)]
    period_lists = [(run, texts) for run, texts in runs if texts]
    for amount_run in _runs(amounts, text):
        if not any(a <= start < b or start <= a < end for a, b in amount_run):
            continue
        # every list of the sentence pairs with the one period list of its length:
        # "2021年、2022年和2023年…分别为A、B和C，占比分别为x、y和z"; without "respectively"
        # only a period list right after the amounts: "$5.0 billion and $4.6 billion in
        # 2024 and 2023"
        fitting = [
            texts
            for run, texts in period_lists
            if len(texts) == len(amount_run) and (marked or _follows(text, amount_run, run))
        ]
        if len(fitting) == 1:
            return [ListPair(span, p) for span, p in zip(amount_run, fitting[0], strict=True)]
    return []


def _follows(text: str, amounts: list[tuple[int, int]], years: list[tuple[int, int]]) -> bool:
    """Whether the years come right after the amounts: "$4.6 billion in fiscal 2024 and 2023"."""
    gap = text[amounts[-1][1] : years[0][0]]
    return len(gap) <= _GAP and _LEADS_TO_PERIODS.match(gap) is not None


def unpaired_list(text: str, start: int, end: int) -> str | None:
    """The list of periods of a "respectively" sentence around ``[start, end)``, or None.

    Called when ``list_pairs`` paired no amount there: "$4.1 billion and roughly
    $3.8 billion in 2023 and 2022, respectively" (a word inside the run of
    amounts), or a run one of whose amounts the reader refused. The periods are
    the amounts' own, in an order nothing pairs, so none of them is known.

    >>> unpaired_list("Sales were $4 billion and about $3 billion in 2023 and 2022, "
    ...               "respectively.", 11, 21)
    '2023 and 2022'
    >>> unpaired_list("Sales were $4 billion in 2023.", 11, 21) is None
    True
    """
    begin, stop = _sentence(text, start, end)
    if _MARKER.search(text, begin, stop) is None:
        return None
    years = [
        (m.start(), m.end())
        for m in _YEAR.finditer(text, begin, stop)
        if not start <= m.start() < end
    ]
    for run in _runs(years, text):
        if _period_texts(text, run):
            return text[run[0][0] : run[-1][1]]
    return None

"""What each amount is: one record per amount, read once and shared.

``read_prose`` reads an amount written in a sentence; ``read_cell`` an amount
in a table row.  Each gives an ``AmountRecord``: the amount's span, its
**subject** (the row label, or the clause words naming a line item before the
amount), the entity the subject names, its **role** (level, change,
comparative, share, or not an actual: guidance, outlook, target, pro forma)
and the statement **scope** (consolidated 合并 or parent-company 母公司).

The reading decides by structure: the subject is the last line item named
in the amount's clause, or in the clauses before it in the same sentence; the
role is read from the words between the previous amount of the clause and
this one ("increased by" is a change, "increased … to" a level, "compared
with" a comparative); guidance from the sentence (or the row, header and
caption of a table).  A record is read from a bounded window of text around its
amount, so it costs the same in a page or a whole report; records are not cached
across calls, so no document text outlives the claims that cite it.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from typing import Literal

import regex

from .._base.vocabulary import alternation, vocabulary
from .._reading.parse import extract_quantities
from .metrics import concept_pattern
from .words import any_of

__all__ = [
    "AmountRecord",
    "AmountRole",
    "Scope",
    "comparison_clause",
    "entity_named",
    "is_marker",
    "read_cell",
    "read_prose",
    "scope_of",
    "section_heading",
]

AmountRole = Literal["level", "change", "comparative", "share", "not_actual", "footnote"]
Scope = Literal["consolidated", "parent"]

# A clause ends at a Chinese comma or semicolon, an ASCII comma not inside a
# number ("1,234"), a semicolon, or a joining word ("while", "whereas", 而).
_CLAUSE = regex.compile(r"[，；;\n]|,(?!\d{3})|\s(?:while|whereas|but)\s|而|但")
_NUMBER = regex.compile(r"\d[\d,.]*")
_CONJUNCTION = regex.compile(r"^\s*(?:and|or|&|和|与|與|及|以及|、|,|，)\s*$", regex.IGNORECASE)
_HAN_RUN = regex.compile(r"\p{Han}+")
# Words of a clause that name no subject: years, fillers, comparison bases.
_FILLER = regex.compile(
    r"(?i)(?:19|20)\d{2}\s*年?(?:度)?|[一二三四]季度|上半年|下半年|全年|报告期内|本报告期|本期|"
    r"按不变价格计算|按可比价格计算|"  # the conventional basis of a growth rate, no subject
    r"本年度|本年|年度|本期|上期|比上年同期|比上年|较上年同期|较上年|比去年|较去年|同比|上年同期|上年|去年|其中|合计|共|"
    r"实现|完成|达到|约|为|是|了|的|和|及|与|年|"
    r"\b(?:in|of|the|a|an|was|were|is|are|to|by|from|fiscal|year|quarter|compared|with|"
    r"approximately|about|over|its|our|we|and|or|at|for|this|that|which|million|billion)\b"
)
_LOOKBACK = 400


@dataclass(frozen=True, slots=True)
class AmountRecord:
    """What one amount is, read from the text around it.

    Attributes:
        span: The amount's offsets.
        subject: The row label, or the clause words from the clause start to
            the amount that name its line item ("" when none is named).
        mention: The line item the subject names, as written ("" when none).
        coordinated: More than one line item is named together ("营业收入和净利润").
        entity: The entity the subject names ("集体企业"), "" when none.
        role: level, change, comparative, share, not_actual, or footnote (a
            note marker "(1)" written after a row label, never an amount).
        scope: The statement's scope (consolidated or parent), None in prose.
        source: "table" or "prose".
        groups: The headings a table row sits under ("Net income per share:"
            above "Diluted"), nearest first; empty in prose.
        under_changes: A heading the row sits under says its amounts are
            changes ("Changes in operating assets and liabilities:" over
            "Accounts receivable (207)"): each is the period's change in the
            row's item as the statement prints it (a cash-flow statement: its
            effect on cash), never the item's balance.
    """

    span: tuple[int, int]
    subject: str
    mention: str
    coordinated: bool
    entity: str
    role: AmountRole
    scope: Scope | None
    source: Literal["table", "prose"]
    groups: tuple[str, ...] = ()
    after: str = ""  # prose: the clause's words after the amount ("of notes, maturing …")
    under_changes: bool = False


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


@functools.cache
def _pattern(*keys: str) -> regex.Pattern[str]:
    words = [_fold(w) for key in keys for w in vocabulary("metrics").words(key)]
    return regex.compile(alternation(words, boundaries=True), regex.IGNORECASE)


@functools.cache
def _generic_entities() -> frozenset[str]:
    return frozenset(vocabulary("metrics").words("entity_generic"))


@functools.cache
def _entity_pattern() -> regex.Pattern[str]:
    suffixes = alternation(vocabulary("metrics").words("entity_suffix"), boundaries=False)
    return regex.compile(rf"\p{{Han}}{{1,16}}?(?:{suffixes})")


def _clause_starts(text: str, start: int, end: int) -> list[int]:
    return [start] + [m.end() for m in _CLAUSE.finditer(text, start, end)]


def _mentions(text: str, start: int, end: int) -> list[tuple[int, int]]:
    folded = _fold(text[start:end])
    if len(folded) != end - start:  # NFKC changed the length: match the raw text
        folded = text[start:end]
    return [(start + m.start(), start + m.end()) for m in concept_pattern().finditer(folded)]


def entity_named(phrase: str) -> str:
    """The entity a clause subject names ("集体企业"), "" when none or only "公司".

    >>> entity_named("其中集体企业增加值"), entity_named("公司实现营业收入")
    ('集体企业', '')
    """
    phrase = concept_pattern().sub(" ", _fold(phrase))
    phrase = _pattern("entity_not").sub(" ", phrase).replace("上市", " ")
    phrase = _FILLER.sub(" ", phrase)  # "报告期内公司": 公司
    for run in _HAN_RUN.findall(phrase):
        found = _entity_pattern().match(run)
        if found is None:
            continue
        name = found.group().removeprefix("其中").removeprefix("全年") or found.group()
        if name not in _generic_entities():
            return name
    return ""


def comparison_clause(text: str) -> bool:
    """Whether a clause opens with a comparison ("超过1997年…的历史最好水平").

    >>> comparison_clause("超过1997年12768万吨的历史最好水平")
    True
    >>> comparison_clause("钢产量11,459万吨")
    False
    """
    return bool(_pattern("role.comparison_clause").match(_fold(text).lstrip()))


def _names_subject(text: str) -> bool:
    """Whether a clause's words before its first amount name something (not only fillers)."""
    if comparison_clause(text):
        return False  # "超过1997年…水平": the compared figure's clause names no subject
    first = _NUMBER.search(text)
    # the role words first: "an increase of" loses its "an"/"of" to the fillers
    words = _pattern("role.change", "role.comparative", "guidance").sub(
        " ", _fold(text[: first.start() if first else len(text)])
    )
    words = _FILLER.sub(" ", words)
    return bool(regex.search(r"\p{Han}{2}|[a-z]{3}", words))


def _role(text: str, sentence: tuple[int, int], amount: tuple[int, int]) -> AmountRole:
    """The role of a prose amount, from its sentence and the words just before it."""
    whole = _pattern("guidance_not").sub(" ", _fold(text[sentence[0] : sentence[1]]))
    if _pattern("guidance").search(whole):
        return "not_actual"
    clause = _clause_starts(text, sentence[0], amount[0])[-1]
    lead_start = clause
    for number in _NUMBER.finditer(text, clause, amount[0]):
        lead_start = number.end()  # the words since the clause's previous amount
    lead = _fold(text[lead_start : amount[0]])
    if regex.search(r"[(（][^)）]*$", text[clause : amount[0]]) and regex.search(
        r"[(（]\s*(?:\d{4}|fy|上年|去年|prior|previous|last)", _fold(text[clause : amount[0]])
    ):
        return "comparative"  # "(2022: £221m)", "（2022年：11.1亿元）"
    if _pattern("role.comparative").search(lead[-24:]):
        return "comparative"  # "compared with $11.9 billion", "up from $4.1 billion"
    if _pattern("role.share").search(lead):
        return "share"
    lead = _pattern("role.not_change").sub(" ", lead)
    changes = list(_pattern("role.change").finditer(lead))
    if changes:
        rest = lead[changes[-1].end() :].lstrip()
        level = _pattern("role.level_after_change").match(rest)
        if level is not None and level.start() == 0:
            return "level"  # "increased to $12.9 billion", "增长至", "下降为"
        return "change"
    after = _fold(text[amount[1] : amount[1] + 16])
    if regex.match(rf"\s*(?:{_pattern('role.change_after').pattern})", after):
        return "change"  # "a 4% decline"
    return "level"


def _coordinated(text: str, mentions: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The last mentions joined only by "and", 和, "、" ("营业收入和净利润"), in order."""
    group = mentions[-1:]
    for prev in reversed(mentions[:-1]):
        if not _CONJUNCTION.match(text[prev[1] : group[0][0]]):
            break
        group.insert(0, prev)
    return group


_LIST_GAP = regex.compile(r"\s*(?:,|，|、|and|和|及|与|與)\s*", regex.IGNORECASE)


def _respective(
    text: str, group: list[tuple[int, int]], amount: tuple[int, int], sentence: tuple[int, int]
) -> tuple[int, int] | None:
    """The line item of a "respectively" list paired with ``amount`` by its place, if any.

    The sentence must say "respectively" (分别) after the line items, and the amounts
    right after them must form one list of exactly as many amounts (joined only by
    list separators); the k-th amount is the k-th line item's.  Else None.
    """
    start, stop = group[-1][1], sentence[1]
    if not _respectively().search(text, start, stop):
        return None
    spans = [q.span for q in extract_quantities(text[start:stop]) if q.span is not None]
    run: list[tuple[int, int]] = []
    for a, b in spans:
        span = (start + a, start + b)
        if run and not _LIST_GAP.fullmatch(text, run[-1][1], span[0]):
            break
        run.append(span)
    if len(run) != len(group) or amount not in run:
        return None
    return group[run.index(amount)]


@functools.cache
def _respectively() -> regex.Pattern[str]:
    return regex.compile(
        any_of("respectively.words", "respectively.chinese", boundaries=True), regex.IGNORECASE
    )


def read_prose(text: str, amount: tuple[int, int], sentence: tuple[int, int]) -> AmountRecord:
    """The record of an amount written in prose (see the module docstring).

    >>> text = "Cost of revenue increased by $12 million to $80 million."
    >>> rec = read_prose(text, (44, 55), (0, len(text)))
    >>> rec.mention, rec.role
    ('Cost of revenue', 'level')
    """
    begin = max(sentence[0], amount[0] - _LOOKBACK)
    starts = _clause_starts(text, begin, amount[0])
    mentions: list[tuple[int, int]] = []
    subject_start = starts[-1]
    for clause_start in reversed(starts):
        # the nearest clause naming a line item, or naming anything at all
        # ("第二产业增加值2,345亿元，增长4.8%": the rate's subject is the clause before)
        mentions = _mentions(text, clause_start, amount[0])
        subject_start = clause_start
        if mentions or _names_subject(text[clause_start : amount[0]]):
            break
    coordinated = False
    mention = ""
    group = _coordinated(text, mentions)
    if mentions:
        last = mentions[-1]
        mention = text[last[0] : last[1]]
        coordinated = len(group) > 1
        # "Cost of revenue was $9.1 million and Revenue was": from the last amount on
        for number in _NUMBER.finditer(text, subject_start, group[0][0]):
            subject_start = number.end()
    subject = text[subject_start : amount[0]]
    if coordinated:
        member = _respective(text, group, amount, sentence)
        if member is not None:  # "营业收入和净利润分别为128.7亿元和15.0亿元": the k-th of each
            mention = subject = text[member[0] : member[1]]
            coordinated = False
    stop = _CLAUSE.search(text, amount[1], min(sentence[1], amount[1] + 80))
    after = text[amount[1] : stop.start() if stop is not None else min(sentence[1], amount[1] + 80)]
    return AmountRecord(
        span=amount,
        subject=subject.strip(),
        mention=mention,
        coordinated=coordinated,
        entity=entity_named(subject),
        role=_role(text, sentence, amount),
        scope=None,
        source="prose",
        after=after.strip(),
    )


def read_cell(
    span: tuple[int, int],
    label: str,
    *,
    change_column: bool,
    context: str,
    scope: Scope | None,
    heading: str = "",
    marker: bool = False,
    group: str = "",
) -> AmountRecord:
    """The record of a table cell: ``label`` its row's words, ``context`` its header and caption.

    ``heading`` is the heading right above the row that completes its label
    ("Net income per share:" over "Diluted"), ``group`` the heading of the
    rows it sits among (``section_heading``).

    >>> read_cell((0, 3), "Subscription", change_column=False, context="", scope=None).role
    'level'
    """
    parts = [p.strip() for p in label.split("\n") if p.strip()]
    # the grid's lines above the row: its group heading (wrapped or not) down to the
    # last line ending with a colon, then the row's own label (wrapped or not)
    last = max((i for i, p in enumerate(parts[:-1]) if _is_heading(p)), default=-1)
    heads = parts[: last + 1]
    if parts:  # "Earnings per share: Basic": a short row after an inline group heading
        head, colon, tail = regex.sub(r"：", ":", parts[-1]).rpartition(":")
        if colon and head.strip() and 0 < len(tail.strip()) <= 25:
            parts[-1:] = [head.strip(), tail.strip()]
            heads.append(head.strip())
    own = parts[-1] if parts else label.strip()
    groups = tuple(reversed(parts[:-1])) + ((heading.strip(),) if heading.strip() else ())
    row_words = " ".join(p for p in parts if p not in heads)  # a wrapped label, not its group
    changes = _pattern("metric_role.change")
    role: AmountRole = "level"
    if marker:
        role = "footnote"  # "Stock-based compensation (1)": the note's number, no amount
    elif _pattern("guidance_table").search(
        _pattern("guidance_not").sub(" ", _fold(f"{label} {context}"))
    ):
        role = "not_actual"
    elif change_column or changes.search(_fold(row_words)):
        role = "change"
    return AmountRecord(
        span=span,
        subject=own,
        mention=own,
        coordinated=False,
        # a row names an entity only when it is one ("华东区"), not "对联营企业的投资收益"
        entity=own if entity_named(own) == own.strip() else "",
        role=role,
        scope=scope,
        source="table",
        groups=groups,
        under_changes=any(changes.search(_fold(h)) for h in [*heads, group] if h),
    )


def _is_heading(line: str) -> bool:
    """A line ending with a colon or a dash heads the rows under it: "Changes in assets –"."""
    return _OPEN_HEADING.search(line.strip(" |")) is not None


_GROUP_LINES = 200  # lines looked at above a row for the heading of its group
_BLANK = regex.compile(r"[\s|\u200b\xa0]*")
_RULE = regex.compile(r"\|?\s*:?-{3,}")  # "|---|---|": a table's header ends here
_OPEN_HEADING = regex.compile(r"(?:[:：–—]|\s-)\s*$")


def section_heading(text: str, start: int) -> str:
    """The heading of the group of rows the table row at ``start`` sits in, "" when none.

    Looking up from the row, over rows with amounts -- whole ("| Inventories |
    (319) |") or a label line followed by its amounts on lines of their own,
    as BeautifulSoup's text writes them -- the first row without amounts is
    the group's heading when it is written as one: a pipe-table row whose
    cells are all empty ("| Changes in operating assets and liabilities: | |"),
    or a line ending with a colon or a dash ("Changes in assets and
    liabilities –"). A label line above another label line without either
    ends the search: it is a label wrapped over two lines. The search stops at
    a table's header rule and after a bounded number of lines.
    """
    below_is_amount = False
    end = text.rfind("\n", 0, start)
    for _ in range(_GROUP_LINES):
        if end <= 0:
            return ""
        begin = text.rfind("\n", 0, end) + 1
        line = text[begin:end]
        end = begin - 1
        if _BLANK.fullmatch(line):
            continue
        if _RULE.match(line.strip()):
            return ""
        cells = [c.strip(" \t\xa0\u200b") for c in line.strip(" \t|").split("|")]
        label, rest = cells[0], [c for c in cells[1:] if c]
        if not regex.search(r"[^\W\d_]", label):
            below_is_amount = True  # an amount on its own line: the row above is its label
            continue
        if rest or below_is_amount:
            below_is_amount = False  # a row with amounts (on its line or on the lines after)
            continue
        if len(cells) > 1 or _OPEN_HEADING.search(label):
            return _wrapped_above(text, begin, label)
        return ""
    return ""


def _wrapped_above(text: str, begin: int, heading: str) -> str:
    """The heading with the lines it wraps from: "Changes in operating assets and
    liabilities, net of acquired assets and" over "assumed liabilities:" (a label-only line
    right above a heading has no amounts of its own: it is the heading's first part)."""
    end = begin - 1
    for _ in range(2):
        if end <= 0:
            break
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end].strip(" \t\xa0\u200b")
        if "|" in line or not regex.search(r"[^\W\d_]", line) or regex.search(r"\d", line):
            break
        if _OPEN_HEADING.search(line):
            break  # a heading of its own
        heading = f"{line} {heading}"
        end = start - 1
    return heading


# A note marker written after a row label: "Stock-based compensation (1)", "Revenue (a)"
_MARKER = regex.compile(r"[(（]\s*(?:\d{1,2}|[a-z])\s*[)）]|\d{1,2}\)")


def is_marker(text: str, span: tuple[int, int]) -> bool:
    """A note marker "(1)" ending its row label's line, the row's amounts on the lines after.

    In a one-line row ("Other income (expense), net (12) 5 7") the bracket is the first
    amount, a negative: amounts follow it on its line.
    """
    line_start = text.rfind("\n", 0, span[0]) + 1
    line_end = text.find("\n", span[1])
    rest = text[span[1] : line_end if line_end != -1 else len(text)]
    return bool(
        _MARKER.fullmatch(text[span[0] : span[1]])
        and regex.search(r"[^\W\d_][\s,.:]*$", text[line_start : span[0]])
        and not rest.strip()
    )


def scope_of(heading: str) -> Scope | None:
    """The scope a statement heading names: parent (母公司) or consolidated (合并), else None.

    >>> scope_of("母公司利润表"), scope_of("合并利润表"), scope_of("利润表")
    ('parent', 'consolidated', None)
    """
    folded = _fold(heading)
    if _pattern("scope.parent").search(folded):
        return "parent"
    if _pattern("scope.consolidated").search(folded):
        return "consolidated"
    return None

"""What one line of a PDF-extracted table is: amounts, a header, a label, or neither.

PDF extractors write a table cell per line ("Net income" / "$" / "1,204 $" /
"987 $" / "1,130"), or a row per line with its cells separated by spaces
("Net income $ 1,204 $ 987 $ 1,130"). ``classify`` says what a line holds:

* ``values`` -- only amounts, dashes ("—", nil) and currency markers ("$",
  "1,204 $"): cells of the row above;
* ``note`` -- a note reference ("七、61", "Note 5", "5(a)"): a Notes cell;
* ``header`` -- column headers: periods ("2023", "2023年度", "December 31,
  2023"), relative columns (本期发生额, 期末余额), change columns ("% Change"),
  group headers ("Year Ended December 31,", "Three Months Ended"), a Notes
  header (附注), a unit (人民幣千元, "RMB'000") or the label column's header (项目);
* ``label_values`` -- a row label followed by its amounts on one line;
* ``label`` -- a row label, or a wrapped part of one;
* ``blank``, ``furniture``, ``pipe`` (a delimited table line, read elsewhere),
  ``heading`` and ``prose``, which end a table.

Every span is an offset into the document; the parser reads the amounts later.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass
from typing import Literal

import regex

from .._base.exceptions import FincalcError, PeriodError
from .._base.vocabulary import vocabulary
from .._reading.units import UnitTable, unit_context_from_header
from .._values.period import parse_period
from .lines import SECTION_HEADING, is_furniture, is_prose
from .words import MONTH_NAMES, agreeing_months, any_of, column_pattern

__all__ = [
    "HeaderCell",
    "Line",
    "Token",
    "classify",
    "header_cell",
    "header_period",
    "percent_change_header",
    "years_over_days",
]

LineKind = Literal[
    "blank",
    "furniture",
    "pipe",
    "values",
    "note",
    "header",
    "label_values",
    "label",
    "heading",
    "prose",
    "percent",
]
TokenKind = Literal["amount", "dash", "mark"]
HeaderKind = Literal["period", "relative", "change", "group", "notes", "unit", "item", "suffix"]


@dataclass(frozen=True, slots=True)
class Token:
    """A value cell of a row: an amount, a dash (nil) or a currency marker."""

    start: int
    end: int
    kind: TokenKind


@dataclass(frozen=True, slots=True)
class HeaderCell:
    """A column header cell and what it names."""

    start: int
    end: int
    kind: HeaderKind
    text: str


@dataclass(frozen=True, slots=True)
class Line:
    """One classified line: its kind, its span, and its cells."""

    kind: LineKind
    start: int
    end: int
    tokens: tuple[Token, ...] = ()
    headers: tuple[HeaderCell, ...] = ()
    label_end: int = -1  # where the label of a label_values line ends

    @property
    def amounts(self) -> tuple[Token, ...]:
        """The amount and dash tokens (a dash holds a column too)."""
        return tuple(t for t in self.tokens if t.kind != "mark")


# -- value tokens ---------------------------------------------------------------------

_MARK = r"(?:US\$|HK\$|NT\$|A\$|C\$|S\$|R\$|RMB|\$|¥|€|£)"
# "($48)": the currency inside an accounting negative's bracket (html2text writes the HTML
# cells "($" "48" ")" as one)
_NUMBER = r"[-+]?\(?(?:US\$|HK\$|\$)?[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\)?"
_PIECE = re.compile(
    rf"(?P<m1>{_MARK})?(?:(?P<num>{_NUMBER})(?P<pct>%[)）]?)?|(?P<dash>[—–\-―‒−]{{1,3}}|nil|n/a|na|nm"
    rf"|n\.m\.|\*|不适用|不適用))?(?P<m2>{_MARK})?",
    re.IGNORECASE,
)
_SPACE_SPLIT = re.compile(r"\S+")
_GAP = re.compile(r"[ \t]{2,}(?=\S)")  # two or more spaces: the next cell of a spaced row
# A unit written apart from the amount it follows in a row: "8.2 %", "1.0 pts"
_UNIT_AFTER = regex.compile(rf"(?i:{any_of('change_cells.units')})[)）]?")  # "(4.2 %)" too
_CHANGE_CELL = regex.compile(
    rf"\s*(?:{any_of('change_cells.directions')})?\s*(?P<amount>[-+]?\d+(?:\.\d+)?\s*"
    rf"(?:{any_of('change_cells.units')}))\s*",
    regex.IGNORECASE,
)
_YEAR = re.compile(r"\(?(?:19|20)\d\d\)?")
_NOTE_REF = regex.compile(
    r"(?:附注|附註|注释|註釋)?\s*[一二三四五六七八九十]{1,3}\s*[、.．]\s*"
    r"(?:\d{1,3}|[(（][一二三四五六七八九十\d]{1,3}[)）])(?:\s*[(（][一二三四五六七八九十\d]{1,3}[)）])*"
    r"|(?i:notes?)\s*\d{1,3}[A-Za-z]?(?:\s*[,&]\s*\d{1,3}[A-Za-z]?)*"
    r"|\d{1,2}\s*[(（][a-z]{1,3}[)）]|[(（][ivx]{1,4}[)）]"
)


def _value_tokens(text: str, start: int, end: int) -> list[Token] | None:
    """The value tokens of ``text[start:end]`` when it holds nothing else, else None."""
    change = _CHANGE_CELL.fullmatch(text, start, end)
    if change is not None:  # "增加1.32个百分点" in a change column is one cell
        return [Token(change.start("amount"), change.end(), "amount")]
    tokens: list[Token] = []
    for piece in _SPACE_SPLIT.finditer(text, start, end):
        word = piece.group()
        if tokens and tokens[-1].kind == "amount" and _UNIT_AFTER.fullmatch(word):
            # "8.2 %", "1.0 pts": the unit of the amount before, written apart
            last = tokens[-1]
            tokens[-1] = Token(last.start, piece.end(), "amount")
            continue
        match = _PIECE.fullmatch(word)
        if match is None or not word:
            return None
        at = piece.start()
        if match.group("m1"):
            tokens.append(Token(at + match.start("m1"), at + match.end("m1"), "mark"))
        if match.group("num"):
            stop = match.end("pct") if match.group("pct") else match.end("num")
            tokens.append(Token(at + match.start("num"), at + stop, "amount"))
        elif match.group("dash"):
            tokens.append(Token(at + match.start("dash"), at + match.end("dash"), "dash"))
        if match.group("m2"):
            tokens.append(Token(at + match.start("m2"), at + match.end("m2"), "mark"))
        if not (
            match.group("m1") or match.group("num") or match.group("dash") or match.group("m2")
        ):
            return None
    return tokens or None


def _only_years(text: str, tokens: list[Token]) -> bool:
    amounts = [t for t in tokens if t.kind != "mark"]
    return (
        bool(amounts)
        and all(t.kind == "amount" and _YEAR.fullmatch(text[t.start : t.end]) for t in amounts)
        and len(amounts) == len(tokens)
    )


def _trailing_values(text: str, start: int, end: int) -> tuple[int, list[Token]] | None:
    """A row label with its amounts after it: ``(end of the label, value tokens)``."""
    pieces = list(_SPACE_SPLIT.finditer(text, start, end))
    cut = len(pieces)
    while cut > 0:
        piece = pieces[cut - 1]
        if cut > 1 and _UNIT_AFTER.fullmatch(piece.group()):
            piece = pieces[cut - 2]  # "8.2 %": the unit goes with the amount before it
            if not _value_tokens(text, piece.start(), piece.end()):
                break
            cut -= 2
            continue
        word = piece.group()
        if word.count(")") + word.count("）") > word.count("(") + word.count("（"):
            break  # "Inventories (Notes 1 and 3)": the bracket the label opened closes here
        if not _value_tokens(text, piece.start(), piece.end()):
            break
        cut -= 1
    if cut == len(pieces) or cut == 0:
        return None
    while cut < len(pieces) and _YEAR.fullmatch(pieces[cut].group()):
        cut += 1  # "Senior notes due 2028  498  512": the year ends the label
    if cut == len(pieces):
        return None
    tokens = _value_tokens(text, pieces[cut].start(), end)
    if not tokens:
        return None
    if not any(t.kind == "amount" for t in tokens):
        # "Preferred stock; ... none issued  -     -": dashes set apart from the label by a
        # gap of spaces are the row's empty cells; "Non -" or "A - B" stay label words
        gap = text[pieces[cut - 1].end() : pieces[cut].start()]
        if len(gap) < 2 or any(t.kind != "dash" for t in tokens if t.kind != "mark"):
            return None
    if not regex.search(r"\p{L}", text[start : pieces[cut - 1].end()]):
        return None
    return pieces[cut - 1].end(), tokens


# -- header cells -------------------------------------------------------------------------

_KINDS = tuple(
    (kind, regex.compile(column_pattern(kind), regex.IGNORECASE))
    for kind in (
        "change",
        "cumulative",
        "instant_begin",
        "instant_end",
        "prior",
        "single",
        "current",
        "q1",
        "q2",
        "q3",
        "q4",
    )
)
# "附注七", "附注十九": the Notes column named with the section of the notes it refers to
_NOTES_WORD = rf"(?:{column_pattern('notes')})(?:[一二三四五六七八九十]{{1,3}})?"
_NOTES = regex.compile(rf"\s*{_NOTES_WORD}\s*", regex.IGNORECASE)
_CHANGE_WHOLE = regex.compile(rf"\s*(?:{any_of('columns.change.whole')})\s*")
_CHANGE_PERCENT = regex.compile(any_of("change_percent.anywhere"), regex.IGNORECASE)
_ITEM = regex.compile(rf"\s*(?:{any_of('columns.item.anywhere')})\s*", regex.IGNORECASE)
_DURATION_WORDS = any_of("columns.group.duration", space=r"\s+")
_DURATION = regex.compile(rf"(?i)\b(?:{_DURATION_WORDS})\b|{any_of('columns.group.zh')}")
_MONTH_DAY = regex.compile(
    rf"(?i)^(?:as\s+of\s+|at\s+)?(?:{MONTH_NAMES}\s+\d{{1,2}},?|\d{{1,2}}\s+{MONTH_NAMES},?)$"
    r"|^\d{1,2}月\d{1,2}日$|^[一二三四五六七八九十]{1,3}月[一二三四五六七八九十]{1,4}日$"
)
_UNITISH = regex.compile(any_of("header_units.anywhere"), regex.IGNORECASE)
_PERIOD_PARTS = regex.compile(
    rf"(?i)(?:{MONTH_NAMES}\s+\d{{1,2}},?\s+|\d{{1,2}}\s+{MONTH_NAMES},?\s+)(?:19|20)\d\d"
    r"|(?:19|20)\d\d\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日"
    r"|(?:19|20)\d\d\s*年(?:度|\s*\d{1,2}\s*[-—–~至]\s*\d{1,2}\s*月)?"
    r"|(?:fy|fiscal\s+(?:year\s+)?)?'?(?:19|20)\d\d\b|(?:q[1-4]|h[12])\s*(?:fy)?\s*'?\d{2,4}"
)
_LONGEST_HEADER = 60
_GROUP_START = regex.compile(
    r"(?i)(?:\b(?:three|six|nine|twelve|thirteen|twenty-six|thirty-nine|fifty-two|fifty-three"
    r"|\d{1,2})[\s-]+)?(?:fiscal\s+)?(?:months?|weeks?|quarters?|years?|periods?)\s+(?:ended|ending)\b"
    r"|截至|截止"
)
_MONTH_DAY_PART = regex.compile(
    rf"(?i)\s*(?:{MONTH_NAMES}\s+\d{{1,2}},?|\d{{1,2}}\s+{MONTH_NAMES},?)(?!\s*(?:19|20)\d\d)\s*"
)
_ZH_MONTH_DAY = regex.compile(
    r"\s*(?<!\d)(?:1[0-2]|0?[1-9])\s*月\s*(?:3[01]|[12]\d|0?[1-9])\s*日\s*"
)
_ZH_YEAR_CELL = regex.compile(r"\s*(?:19|20)\d\d\s*年\s*")
_LEADING_WORDS = regex.compile(
    rf"(?i)(?<!\S)(?:{_NOTES_WORD}|{any_of('columns.item.anywhere')})(?!\S)"
)
# What every header line holds: a digit or numeral (a year), or a header word. A row
# label without any ("Net income", "营业收入") is not tried as headers at all.
_HEADER_KINDS = ("notes", "change", "cumulative", "instant_begin", "instant_end", "prior")
_HEADER_WORD_LISTS = (
    *(column_pattern(kind) for kind in (*_HEADER_KINDS, "single", "current")),
    *(column_pattern(f"q{n}") for n in range(1, 5)),
    any_of("columns.item.anywhere"),
    any_of("header_units.anywhere"),
    any_of("columns.group.zh"),
    any_of("columns.group.duration", space=r"\s+"),
    any_of("columns.suffix.anywhere"),
    MONTH_NAMES,
)
_MAYBE_HEADER = regex.compile(
    "[\\d〇零一二三四五六七八九%％]|" + "|".join(_HEADER_WORD_LISTS), regex.IGNORECASE
)
_LONGEST_LINE = 200  # a header line of many columns, spaced out by pdftotext -layout
_SPACED_CELLS = regex.compile(r"\S+(?:[ ]\S+)*")
_WORDS = regex.compile(r"\S+")
_MOST_WORDS = 10  # a line split at single spaces into more pieces is no header
_SUFFIX = regex.compile(
    rf"[(（]\s*(?:\d{{1,2}}\s*[-—–~至]\s*\d{{1,2}}\s*月份?|{any_of('columns.suffix.anywhere')})\s*[)）]",
    regex.IGNORECASE,
)
_CJK = regex.compile(r"\p{Han}")
# What may follow the last column word of a Chinese header: a change header's own
# characters ("增减(%)", "变动幅度", "变动比例"), a measure word ("本期发生额", "期末余额"),
# a bracketed note ("上年同期（已重述）"). A label line that goes on past the word
# ("房地产公允价值变动产生的损益", "计入当期损益的政府补助") is no header.
_CHANGE_CHARS = regex.escape("".join(vocabulary("grounding").words("stacked_headers.change_chars")))
_CLAUSE_MARK = regex.compile(r"[，、；。]")
_BRACKETED = r"(?:[(（][^()（）]{0,16}[)）])"
_CHANGE_TAIL = regex.compile(
    rf"(?:[{_CHANGE_CHARS}\s%％()（）]|{any_of('columns.change_after.anywhere')})*"
)
_MEASURE_TAIL = regex.compile(
    rf"(?:\s|{_BRACKETED}|{any_of('columns.measure_words.anywhere')})*[)）]?"
)
_FIRST_PIECE = regex.compile(rf"[{_CHANGE_CHARS}]*")  # "本期末比上" / "年同期末增": a wrapped head
_TRAILING_YEARS = regex.compile(r"(?<![\d,.])(?:19|20)\d\d(?![\d,.])")


def _adjacent(text: str, years: list[regex.Match[str]]) -> bool:
    """Whether the years follow one another, apart by spaces only."""
    return all(not text[a.end() : b.start()].strip() for a, b in itertools.pairwise(years))


@functools.lru_cache(maxsize=4096)
def header_period(text: str) -> bool:
    """Whether ``text`` names one period on its own (calendar aside): "2023年度", "Dec. 31, 2023".

    >>> header_period("2023年度"), header_period("Year Ended December 31,")
    (True, False)
    """
    months = agreeing_months(text.strip())  # "2025年前三季度（1-9月）": the bracket agrees
    if months is None:
        return False
    phrase = regex.sub(r"(?i)\b(years|periods)\s+(ended|ending)", r"year \2", months)
    phrase = regex.sub(r"(?i)\bquarters\s+(ended|ending)", r"quarter \1", phrase)
    if not phrase or len(phrase) > _LONGEST_HEADER:
        return False
    if not any(c.isdigit() for c in phrase) and not regex.search(
        "[〇零一二三四五六七八九]", phrase
    ):
        return False
    try:
        parse_period(phrase)
    except PeriodError:
        return False
    return True


def _single_header(text: str, start: int, end: int, table: UnitTable) -> HeaderCell | None:
    cell = text[start:end]
    if not cell or len(cell) > _LONGEST_HEADER:
        return None
    if _NOTES.fullmatch(cell):
        return HeaderCell(start, end, "notes", cell)
    if _SUFFIX.fullmatch(cell):  # "（1-9月）", "(Restated)" under a column header
        return HeaderCell(start, end, "suffix", cell)
    if _ITEM.fullmatch(cell):
        return HeaderCell(start, end, "item", cell)
    if _CHANGE_WHOLE.fullmatch(cell):  # "$" over the change in money
        return HeaderCell(start, end, "change", cell)
    if header_period(cell):
        return HeaderCell(start, end, "period", cell)
    # (a month range glued to the header, "第一季度（1-3月份）", is no amount)
    has_digit = any(c.isdigit() for c in _SUFFIX.sub("", cell))
    spaced_cjk = _CJK.search(cell) is not None and any(c.isspace() for c in cell)
    if (not has_digit or "'000" in cell or "’000" in cell) and not spaced_cjk:
        # a Chinese header has no spaces inside: "项目 附注 本期发生额 上期发生额" is four
        for kind, pattern in _KINDS:
            if _CJK.search(cell) and not _ends_with_kind(cell, kind, pattern):
                continue
            if len(cell) <= 24 and pattern.search(cell):
                return HeaderCell(start, end, "change" if kind == "change" else "relative", cell)
        if _UNITISH.search(cell) and _is_unit(cell, table):
            return HeaderCell(start, end, "unit", cell)
    if (_DURATION.search(cell) or _MONTH_DAY.match(cell)) and not _value_tokens(text, start, end):
        return HeaderCell(start, end, "group", cell)
    return None


def _ends_with_kind(cell: str, kind: str, pattern: regex.Pattern[str]) -> bool:
    """Whether a Chinese cell ends with its column words ("本期比上年同期增减(%)", "本期发生额")."""
    if _CLAUSE_MARK.search(cell):  # "因税收、会计等法律、法规的调整对当期": a label's clause
        return False
    ends = [match.end() for match in pattern.finditer(cell)]
    if not ends:
        return False
    if kind == "change":
        return _CHANGE_TAIL.fullmatch(cell, ends[-1]) is not None
    if _MEASURE_TAIL.fullmatch(cell, ends[-1]):
        return True
    # a piece of a head wrapped mid-word, its column word at most two characters in
    first = pattern.search(cell)
    return first is not None and first.start() <= 2 and _FIRST_PIECE.fullmatch(cell) is not None


def header_cell(text: str, start: int, end: int, table: UnitTable) -> HeaderCell | None:
    """What one header cell ``text[start:end]`` names, or None when it is no header.

    >>> header_cell("2023年末", 0, 6, UnitTable.default()).kind
    'period'
    >>> header_cell("上年同期", 0, 4, UnitTable.default()).kind
    'relative'
    """
    return _single_header(text, start, end, table)


@functools.lru_cache(maxsize=1024)
def _is_unit(cell: str, table: UnitTable) -> bool:
    try:
        unit_context_from_header(cell.strip("()（） "), table=table)
    except FincalcError:
        return False
    return True


def percent_change_header(header: str) -> bool:
    """Whether a change column's header says percent ("%", "增减(%)", "幅度")."""
    return _CHANGE_PERCENT.search(header) is not None


def _group_before_change(text: str, start: int, end: int, table: UnitTable) -> HeaderCell | None:
    """ "Year Ended December 31,      Change": the group alone, without the word over the
    change columns (those are named by their own cells, "$" and "%", on the next line)."""
    pieces = list(_SPACED_CELLS.finditer(text[start:end]))
    if len(pieces) < 2:
        return None
    cells = [_single_header(text, start + p.start(), start + p.end(), table) for p in pieces]
    first = cells[0]
    if first is None or first.kind != "group":
        return None
    if not all(c is not None and c.kind == "change" for c in cells[1:]):
        return None
    return first


def _header_cells(text: str, start: int, end: int, table: UnitTable) -> list[HeaderCell] | None:
    """The header cells of a line, or None when the line is not all headers."""
    years = list(_TRAILING_YEARS.finditer(text, start, end))
    if len(years) >= 2 and years[-1].end() == end:
        # "Year ended December 31, 2023 2022 2021": the group words, then a year per column
        first = years[0].start()
        while first > start and text[first - 1] == " ":
            first -= 1
        group = _single_header(text, start, first, table)
        if group is not None and group.kind == "group" and _adjacent(text, years):
            return [group, *(HeaderCell(y.start(), y.end(), "period", y.group()) for y in years)]
    # "Three Months Ended   Six Months Ended": one group per column group
    durations = list(_GROUP_START.finditer(text, start, end))
    if len(durations) >= 2 and durations[0].start() - start < 4:
        edges = [g.start() for g in durations] + [end]
        parts = [(a, text[a:b].strip()) for a, b in itertools.pairwise(edges)]
        # "Three Months Ended June 30, 2025   Six Months Ended June 30, 2025": each a period
        span_kind: HeaderKind = (
            "period" if all(_TRAILING_YEARS.search(part) for _, part in parts) else "group"
        )
        return [HeaderCell(a, a + len(part), span_kind, part) for a, part in parts]
    spaced = list(_SPACED_CELLS.finditer(text[start:end]))
    if 2 <= len(spaced) <= _MOST_WORDS:
        # "As of November 29, 2024   As of December 1, 2023": cells apart, each a period
        apart = [_single_header(text, start + p.start(), start + p.end(), table) for p in spaced]
        if all(c is not None and c.kind == "period" for c in apart):
            return [c for c in apart if c is not None]
    whole = _single_header(text, start, end, table)
    if whole is not None:
        return [_group_before_change(text, start, end, table) or whole]
    for splitter, groups in ((_SPACED_CELLS, True), (_WORDS, False)):
        # cells apart by two or more spaces ("September 28,   September 30,"), then by one
        pieces = list(splitter.finditer(text[start:end]))
        if len(pieces) < 2 or len(pieces) > _MOST_WORDS:
            continue
        cells = [_single_header(text, start + p.start(), start + p.end(), table) for p in pieces]
        if all(c is not None and (groups or c.kind != "group") for c in cells):
            return [c for c in cells if c is not None]
    periods = list(_PERIOD_PARTS.finditer(text, start, end))
    if len(periods) >= 2:
        # "项目 附注 2023 年 12 月 31 日 2022 年 12 月 31 日": label and Notes headers, then dates
        found = [HeaderCell(p.start(), p.end(), "period", p.group().strip()) for p in periods]
        rest = _PERIOD_PARTS.sub(" ", text[start:end])
        for word in _LEADING_WORDS.finditer(rest):
            kind: HeaderKind = "notes" if _NOTES.fullmatch(word.group()) else "item"
            found.append(HeaderCell(start + word.start(), start + word.end(), kind, word.group()))
        rest = _LEADING_WORDS.sub(" ", rest)
        if not regex.sub(r"(?i)\band\b|[|,，、和及与]", "", rest).strip():
            return sorted(found, key=lambda c: c.start)
        lead = text[start : periods[0].start()].rstrip()
        group = _single_header(text, start, start + len(lead), table) if lead else None
        if group is not None and group.kind == "group" and not rest[len(lead) :].strip(" ,"):
            # "Years ended September 28, 2019 September 29, 2018": group words, then dates
            return [group, *found]
    for pattern in (_MONTH_DAY_PART, _ZH_MONTH_DAY):
        dates = list(pattern.finditer(text, start, end))
        if len(dates) >= 2 and not pattern.sub("", text[start:end]).strip():
            # "June 30, June 30,", "6月30日 12月31日": one date group per column group
            return [HeaderCell(d.start(), d.end(), "group", d.group().strip()) for d in dates]
    return None


def years_over_days(run: list[HeaderCell]) -> tuple[list[HeaderCell], bool] | None:
    """Years over month-days, as an HKEX balance sheet heads its two instants.

    "2025年 2024年" over "6月30日 12月31日" are 2025年6月30日 and 2024年12月31日: the
    k-th year with the k-th day when the two lines hold as many cells (True); the
    years alone and False (no column told) when they do not. None for other runs.

    >>> run = [HeaderCell(0, 5, "period", "2025年"), HeaderCell(6, 11, "period", "2024年"),
    ...        HeaderCell(12, 17, "group", "6月30日"), HeaderCell(18, 24, "group", "12月31日")]
    >>> [c.text for c in years_over_days(run)[0]]
    ['2025年6月30日', '2024年12月31日']
    """
    k = 0
    while k < len(run) and run[k].kind == "period" and _ZH_YEAR_CELL.fullmatch(run[k].text):
        k += 1
    days = run[k:]
    if not k or not days:
        return None
    if not all(c.kind == "group" and _ZH_MONTH_DAY.fullmatch(c.text) for c in days):
        return None
    if len(days) != k:
        return run[:k], False
    paired = [
        HeaderCell(y.start, y.end, "period", y.text.strip() + d.text.strip())
        for y, d in zip(run[:k], days, strict=True)
    ]
    return paired, True


# -- the line -------------------------------------------------------------------------------


def classify(text: str, start: int, end: int, table: UnitTable, *, declared: bool = False) -> Line:
    """What the line ``text[start:end]`` holds (see the module docstring).

    ``text`` should be folded (``fold_characters``) so full-width digits and
    brackets read as ASCII; ``declared`` says a unit declaration is on the line.

    >>> classify("1,204 $", 0, 7, UnitTable.default()).kind
    'values'
    >>> [h.text for h in classify("2023 2022 2021", 0, 14, UnitTable.default()).headers]
    ['2023', '2022', '2021']
    """
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start == end:
        return Line("blank", start, end)
    line = text[start:end]
    if "|" in line or "\t" in line:
        return Line("pipe", start, end)
    if declared:
        rest = _GAP.search(text, start, end)
        headers = _header_cells(text, rest.end(), end, table) if rest is not None else None
        if headers and any(h.kind in ("period", "group") for h in headers):
            # "(Dollars in millions, except per share data)| Six months ended June 30| |
            # Three months ended June 30" in a pipe table: the declaration's cell, then the
            # column headers (the declaration itself is read by declarations.py)
            return Line("header", start, end, headers=tuple(headers))
        return Line("header", start, end, headers=(HeaderCell(start, end, "unit", line),))
    if is_furniture(line):
        return Line("furniture", start, end)
    if line in ("%", "％"):
        return Line("percent", start, end)
    tokens = _value_tokens(text, start, end)
    if tokens is not None and not _only_years(text, tokens):
        return Line("values", start, end, tuple(tokens))
    if _NOTE_REF.fullmatch(line):
        return Line("note", start, end, (Token(start, end, "amount"),))
    if is_prose(line):  # a sentence is never a header: no need to split it into cells
        return Line("prose", start, end)
    headers = None
    if len(line) <= _LONGEST_LINE and _MAYBE_HEADER.search(line):
        headers = _header_cells(text, start, end, table)
    if headers is not None:
        return Line("header", start, end, headers=tuple(headers))
    heading = SECTION_HEADING.match(line)
    if heading is not None and not heading.group("numbered"):
        return Line("heading", start, end)
    trailing = _trailing_values(text, start, end)
    if trailing is not None:
        return Line("label_values", start, end, tuple(trailing[1]), label_end=trailing[0])
    return Line("label", start, end)

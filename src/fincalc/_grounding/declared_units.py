"""Unit declarations: where a document says what its bare numbers are in.

``find_declarations`` reads every declaration of a text once, in time linear
in its size: a fast scan over the whole text finds the few lines that can hold
one ("单位：万元", "(In millions)", "RMB'000", "人民币百万元", "(Millions)"),
and only those lines are read with the unit table's declaration grammar
(``find_unit_declarations``), or as a standalone unit line. The exceptions a
declaration makes ("except per share amounts", "except share data", "except
percentages", also when wrapped onto the next line) are read from its whole
parenthesised statement.

A declaration governs its own line and what follows: across blank lines, page
furniture and wrapped row labels, up to the next declaration, the next page,
or -- once the table under it has begun -- the next statement or section
heading or running text (``region_end``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from decimal import Decimal

import regex

from .._base.exceptions import FincalcError
from .._base.public import public
from .._base.vocabulary import vocabulary
from .._reading.units import (
    UnitContext,
    UnitTable,
    find_unit_declarations,
    fold_characters,
    is_latin,
    unit_context_from_header,
)
from .lines import SECTION_HEADING, Lines
from .words import any_of

__all__ = ["UnitDeclaration", "find_declarations", "lowered", "region_end"]


@public
@dataclass(frozen=True, slots=True)
class UnitDeclaration:
    """A unit declaration found in a document and the region it governs.

    Attributes:
        text: The declaration as written ("单位：万元").
        span: Its offsets in the document.
        region: Half-open offsets of the text whose bare numbers it governs.
        context: The parsed ``UnitContext``.
        except_per_share: The declaration exempts per-share figures
            ("(in millions, except per share data)").
        share_context: The unit share counts are in when the declaration
            says so ("except number of shares, which are reflected in
            thousands" -> thousands; "except share data" -> single shares),
            else None.
        share_span: Where that share-count exception is written ("in thousands").
        except_percent: The declaration exempts percentages ("(in millions,
            except percentages)"): a bare number in a percentage row is a
            percent.
    """

    text: str
    span: tuple[int, int]
    region: tuple[int, int]
    context: UnitContext
    except_per_share: bool = False
    share_context: UnitContext | None = None
    share_span: tuple[int, int] | None = None
    except_percent: bool = False

    def governs(self, start: int, end: int) -> bool:
        """True when ``[start, end)`` lies inside the governed region."""
        return self.region[0] <= start and end <= self.region[1]


# -- the exceptions of a declaration ------------------------------------------------

_PER_SHARE_EN = any_of("per_share.anywhere", space=r"\s")  # per[\s-]share
_PER_SHARE_ZH = any_of("per_share.chinese")
_EXCEPT_EN = any_of("exceptions.words")
_EXCEPT_AFTER = any_of("exceptions.after")
_EXCEPT_OPEN = any_of("exceptions.both_sides_open")
_EXCEPT_CLOSE = any_of("exceptions.both_sides_close")

# "(in millions, except per share data)", "（每股收益除外）", "（除每股数据外）".
_EXCEPT_PER_SHARE = regex.compile(
    rf"(?:{_EXCEPT_EN})\b[^)]{{0,160}}?(?:{_PER_SHARE_EN})"
    rf"|(?:{_PER_SHARE_ZH})\S{{0,6}}(?:{_EXCEPT_AFTER})"
    rf"|(?:{_EXCEPT_OPEN})(?:{_PER_SHARE_ZH})\S{{0,12}}(?:{_EXCEPT_CLOSE})",
    regex.IGNORECASE,
)
# "except share and per share data", "except number of shares": a share count
# that is not the "share" of "per share".
_EXCEPT_SHARES = regex.compile(
    rf"(?:{_EXCEPT_EN})\b[^)]{{0,160}}?(?<!per[\s-])(?<!{_PER_SHARE_ZH})"
    rf"\b(?P<word>{any_of('shares.words')})\b"
    rf"|(?:{_EXCEPT_OPEN})(?P<zh>{any_of('shares.chinese')})\S{{0,8}}(?:{_EXCEPT_CLOSE})"
    rf"|(?P<zh_after>{any_of('shares.chinese')})\S{{0,6}}(?:{_EXCEPT_AFTER})",
    regex.IGNORECASE,
)
_EXCEPT_PERCENT = regex.compile(
    rf"(?:{_EXCEPT_EN})\b[^)]{{0,160}}?(?:{any_of('percent.words', boundaries=True)})"
    rf"|(?:{_EXCEPT_OPEN})(?:{any_of('percent.chinese')})\S{{0,8}}(?:{_EXCEPT_CLOSE})",
    regex.IGNORECASE,
)
# An exception before a later unit on a declaration's line ("except number of shares,
# which are reflected in thousands").
_EXCEPT = regex.compile(
    rf"{any_of('exceptions.words', boundaries=True)}|{_EXCEPT_AFTER}"
    rf"|(?:{_EXCEPT_OPEN}).{{0,12}}(?:{_EXCEPT_CLOSE})",
    regex.IGNORECASE,
)
_SHARES = regex.compile(any_of("shares.words", boundaries=True), regex.IGNORECASE)
# "... and shares in thousands", "; shares are presented in": the later unit is the shares'
_SHARES_IN = regex.compile(
    rf"(?:\band\b|[,;])\s*(?:the\s+)?(?:number\s+of\s+)?(?:{any_of('shares.words')})"
    r"\s+(?:(?:are|is)\s+)?(?:(?:reflected|presented|stated|shown|expressed)\s+)?(?:in\s*)?$",
    regex.IGNORECASE,
)
_CJK_END = regex.compile(r"\p{Han}\s*$")
_CJK_START = regex.compile(r"\s*\p{Han}")
_WRAPS = regex.compile(rf"(?:,|\b(?:{_EXCEPT_EN}|and|of))\s*$", regex.IGNORECASE)
_STATEMENT_LINES = 3


def _statement(text: str, lines: Lines, index: int, at: int) -> str:
    """The declaration's whole statement: its line, and the lines a bracket or comma wraps onto.

    "(In millions, except per share" / "amounts)" is one statement; so is
    "(Dollars in millions, except" / "per share data)".
    """
    start, end = lines.bounds(index)
    parts = [text[start:end]]
    depth = text.count("(", start, at) + text.count("（", start, at)
    depth -= text.count(")", start, at) + text.count("）", start, at)
    for extra in range(1, _STATEMENT_LINES):
        tail = text[at:end]
        closed = ")" in tail or "）" in tail
        if (depth <= 0 or closed) and not _WRAPS.search(parts[-1]):
            break
        if index + extra >= len(lines.starts):
            break
        at, end = lines.bounds(index + extra)
        parts.append(text[at:end])
    joined = parts[0]
    for part in parts[
        1:
    ]:  # "每股收益" / "除外）" joins without a space; "per share" / "amounts" with one
        joined += part if _CJK_END.search(joined) or _CJK_START.match(part) else " " + part
    return joined


# -- finding declarations fast ------------------------------------------------------

_ZH = re.compile(r"[单單]位(?:[ ]*:|[ ]*为|[ ]+)")
_IN_BEFORE = re.compile(r"(?i:in)[ ]+(?:\S{1,12}[ ]*)?$")
_CJK_UNIT = re.compile(
    rf"(?:{any_of('declarations.zh_scales')})(?:{any_of('declarations.zh_currencies')})"
)
_STANDALONE_LONGEST = 64
_OPEN, _CLOSE = r"[\s(（\[【]*", r"[\s)）\]】.]*"
# A line that is a unit and nothing else: "(Millions)", "(Dollars in thousands)",
# "Thousands of U.S. dollars", "(Millions, except per share amounts)", "人民幣千元".
_STANDALONE_EN = re.compile(
    rf"{_OPEN}(?:[a-z.$]+[ \t]+){{0,3}}(?:{any_of('declarations.standalone')})"
    rf"(?:[ \t]+[a-z.$]+){{0,3}}(?:,?[ \t]+(?:{_EXCEPT_EN})\b[^\n]{{0,80}})?{_CLOSE}"
)
_EXCEPTION_CLAUSE = regex.compile(
    rf"(?i)[,，]?\s*\b(?:{_EXCEPT_EN})\b.*$|[,，（(]\s*(?:{_EXCEPT_OPEN}).*$"
    rf"|[,，]\s*[^,，]{{0,20}}?(?:{_EXCEPT_AFTER}).*$"
)
_STANDALONE_ZH = re.compile(
    rf"{_OPEN}(?:(?:金额|货币)?单位[:：]?\s*)?(?:{any_of('declarations.zh_currencies')})?\s*"
    rf"(?:{any_of('declarations.zh_scales')})\s*(?:{any_of('declarations.zh_currencies')})?"
    rf"(?:[，,]\s*[^\n]{{0,20}}?(?:{_EXCEPT_AFTER})|[，,]\s*(?:{_EXCEPT_OPEN})[^\n]{{0,16}}"
    rf"(?:{_EXCEPT_CLOSE}))?{_CLOSE}"
)
_BRACKETS = "()（）[]【】 \t"
# "（除另有註明外，以人民幣千元列示）", "(以人民币百万元为单位)": the unit a statement is
# presented in, the whole line
_PRESENTED = re.compile(
    rf"{_OPEN}(?:(?:{any_of('declarations.presented_unless')})[，,]?\s*)?(?:金[額额])?以\s*"
    rf"(?P<unit>(?:{any_of('declarations.zh_currencies')})?\s*(?:{any_of('declarations.zh_scales')})"
    rf"\s*(?:{any_of('declarations.zh_currencies')}))\s*(?:{any_of('declarations.presented_in')})"
    rf"{_CLOSE}"
)


@dataclass(frozen=True, slots=True)
class _Scan:
    """The patterns that find candidate lines for one unit table (on lower-cased text)."""

    words: re.Pattern[str]  # scale words of two or more characters: "million", "'000", "mn"
    standalone_words: frozenset[str]


# A one-letter scale ("US$m", "($ in m)") after a non-letter.
_LETTER = re.compile(r"[mkb](?![a-z])(?<=[^a-z0-9][mkb])")


@functools.lru_cache(maxsize=8)
def _scan(table: UnitTable) -> _Scan:
    words = sorted(
        (
            a.casefold()
            for a in table.scales
            if (is_latin(a) or a.startswith("'")) and len(a.strip(".")) > 1
        ),
        key=lambda a: -len(a),
    )
    pattern = re.compile("|".join(re.escape(w) for w in words) or "(?!)")
    standalone = vocabulary("grounding").words("declarations.standalone")
    return _Scan(pattern, frozenset(w.casefold() for w in standalone))


def lowered(text: str) -> str:
    """``text`` lower-cased with its offsets kept (a few letters lengthen under ``str.lower``)."""
    lower = text.lower()
    if len(lower) == len(text):
        return lower
    return "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in text)


def _prefix_before(folded: str, at: int, table: UnitTable) -> bool:
    """Whether a currency prefix or ISO code ends right before ``at`` ("US$ million", "RMB'000")."""
    end = at - 1 if at > 0 and folded[at - 1] == " " else at
    if end == 0 or folded[end - 1].isdigit() or folded[end - 1].isspace():
        return False  # "$412 million": an amount, not a currency before a scale
    for size in range(1, 13):
        if size > end:
            break
        word = folded[end - size : end]
        if word.isspace() or "\n" in word:
            break
        if table.prefix_currency(word) is not None or (
            size == 3 and word.isalpha() and word.isupper()
        ):
            return True
    return False


def _candidate_lines(
    folded: str, lower: str, lines: Lines, table: UnitTable
) -> dict[int, list[int]]:
    """The lines that may hold a declaration, each with where its cues are.

    Found by a fast scan, read one by one after. A superset of what the
    declaration grammar matches: "单位" and a colon, "为" or a space; a Latin
    scale word after "in" or a currency ("in millions", "US$ million",
    "RMB'000"); and short lines holding only a unit ("(Millions)", "人民币百万元")
    or the unit amounts are presented in ("（除另有註明外，以人民幣千元列示）").
    The cue offsets let a very long line be read only around them.
    """
    scan = _scan(table)
    found: dict[int, list[int]] = {}
    for m in _ZH.finditer(folded):
        found.setdefault(lines.index(m.start()), []).append(m.start())
    hits = [m for m in scan.words.finditer(lower) if _word_edges(lower, m.start(), m.end())]
    hits += list(_LETTER.finditer(lower))
    for match in hits:
        index = lines.index(match.start())
        start, end = lines.bounds(index)
        if index in found and end - start <= _LONG_LINE:
            continue  # a short line is read whole: one cue is enough
        before = folded[max(start, match.start() - 24) : match.start()]
        if (
            _IN_BEFORE.search(before)
            or _prefix_before(folded, match.start(), table)
            or (
                end - start <= _STANDALONE_LONGEST
                and match.group().casefold() in scan.standalone_words
                and _STANDALONE_EN.fullmatch(lower, start, end) is not None
            )
        ):
            found.setdefault(index, []).append(match.start())
    for match in _CJK_UNIT.finditer(folded):
        index = lines.index(match.start())
        start, end = lines.bounds(index)
        if end - start <= _STANDALONE_LONGEST and (
            _STANDALONE_ZH.fullmatch(folded, start, end) or _PRESENTED.fullmatch(folded, start, end)
        ):
            found.setdefault(index, []).append(match.start())
    return dict(sorted(found.items()))


def _word_edges(lower: str, start: int, end: int) -> bool:
    """A Latin scale word is whole: no letter runs on into it ("'000" has no left edge)."""
    left = start == 0 or not (lower[start].isalpha() and "a" <= lower[start - 1] <= "z")
    right = end == len(lower) or not (lower[end - 1].isalpha() and "a" <= lower[end] <= "z")
    return left and right


def _standalone(line: str, table: UnitTable) -> UnitContext | None:
    """A line that is a unit and nothing else: "(Millions)", "人民币百万元", "（单位：千元）".

    Its exceptions ("(Millions, except per share amounts)") are read from the
    whole statement; the unit is what comes before them.
    """
    body = _EXCEPTION_CLAUSE.sub("", line.strip(_BRACKETS)).strip(_BRACKETS + ",，")
    if not body or any(ch.isdigit() for ch in body.replace("'000", "")):
        return None
    try:
        context = unit_context_from_header(body, table=table)
    except FincalcError:
        return None
    if context.multiplier <= 1 or (context.dimension is not None and context.dimension == "RATIO"):
        return None
    return context


_Found = tuple[tuple[int, int], UnitContext]


#: A line longer than this is read only around its cues (issue 16).
_LONG_LINE = 2_000
#: Characters read before and after each cue of a long line: more than any
#: declaration phrase with the words before it that it needs.
_AROUND_CUE = 200


def _line_declarations(
    text: str, start: int, end: int, table: UnitTable, cues: list[int]
) -> list[_Found]:
    """The declarations on the line ``text[start:end]``, with offsets into ``text``.

    A line over ``_LONG_LINE`` characters (a table or a page flattened onto one
    line) is read only in windows around its cues: the declaration grammar
    costs tens of microseconds a character on dense amount text, and a 4 MB
    single-line page took minutes. Windows that overlap are merged, so a
    declaration is read whole, once.
    """
    if end - start <= _LONG_LINE:
        return [((start + a, start + b), c) for (a, b), c in _read_line(text[start:end], table)]
    windows: list[list[int]] = []
    for cue in sorted(cues):
        low, high = max(start, cue - _AROUND_CUE), min(end, cue + _AROUND_CUE)
        if windows and low <= windows[-1][1]:
            windows[-1][1] = max(windows[-1][1], high)
        else:
            windows.append([low, high])
    found: list[_Found] = []
    step = _LONG_LINE - _AROUND_CUE
    for low, high in windows:
        # read in pieces of at most _LONG_LINE characters, each keeping the matches that
        # start before the next piece does; only the line's first declaration and an
        # exception right after it count (find_declarations), so stop past those
        for piece in range(low, high, step):
            if found and piece > found[0][0][1] + 2 * _AROUND_CUE:
                return found
            piece_end = min(piece + _LONG_LINE, high)
            last = piece_end == high
            found.extend(
                ((piece + a, piece + b), c)
                for (a, b), c in find_unit_declarations_in(text[piece:piece_end], table)
                if last or a < step
            )
            if last:
                break
    return found


def find_unit_declarations_in(window: str, table: UnitTable) -> list[_Found]:
    """The declarations the grammar finds in a window of a long line (not cached)."""
    return list(find_unit_declarations(window.replace("單位", "单位"), table=table))


@functools.lru_cache(maxsize=1024)
def _read_line(line: str, table: UnitTable) -> tuple[_Found, ...]:
    """The declarations of one line, offsets within it (a report repeats its lines: cached)."""
    found = tuple(find_unit_declarations(line.replace("單位", "单位"), table=table))
    if found or len(line.strip()) > _STANDALONE_LONGEST:
        return found
    presented = _PRESENTED.fullmatch(line)
    if presented is not None:
        unit = presented.group("unit")
        try:
            read = unit_context_from_header(unit, table=table)
        except FincalcError:
            return ()
        if read.multiplier <= 1:
            return ()
        span = presented.span("unit")
        return ((span, UnitContext(read.multiplier, read.dimension, read.unit, unit)),)
    context = _standalone(line, table)
    if context is None:
        return ()
    lead = len(line) - len(line.lstrip(_BRACKETS))
    body = line.strip(_BRACKETS)
    span = (lead, lead + len(body))
    return ((span, UnitContext(context.multiplier, context.dimension, context.unit, body)),)


def find_declarations(
    text: str,
    lines: Lines,
    table: UnitTable,
    lower: str | None = None,
    folded: str | None = None,
) -> list[tuple[UnitDeclaration, int]]:
    """Every declaration of ``text`` with the line index it is on (regions not yet bounded).

    One declaration per line: a later unit on the same line after an
    exception ("except number of shares, which are reflected in thousands")
    is the share-count exception, not a second declaration.
    """
    folded = folded if folded is not None else fold_characters(text)
    lower = lower if lower is not None else lowered(text)
    result: list[tuple[UnitDeclaration, int]] = []
    for index, cues in _candidate_lines(folded, lower, lines, table).items():
        start, end = lines.bounds(index)
        found = _line_declarations(text, start, end, table, cues)
        if not found:
            continue
        (span, context), rest = found[0], found[1:]
        statement = _statement(text, lines, index, span[0])
        share_context: UnitContext | None = None
        share_span: tuple[int, int] | None = None
        for later, later_context in rest:
            if end - start > _LONG_LINE and later[0] - span[1] > 2 * _AROUND_CUE:
                break  # a long line: only an exception in the same statement (not quadratic)
            before = text[span[1] : later[0]]
            if (
                (_EXCEPT.search(text[start : later[0]]) or _SHARES_IN.search(before))
                and _SHARES.search(before)
                and later_context.dimension in (None, "SHARES")
            ):  # "except number of shares, which are reflected in thousands", or a mixed
                # declaration: "(net income in millions and shares in thousands)"
                share_context = UnitContext(
                    later_context.multiplier,
                    "SHARES",
                    later_context.unit,
                    later_context.declaration,
                )
                share_span = later
        if share_context is None:
            share_context, share_span = _plain_share_exception(statement, span, text)
        result.append(
            (
                UnitDeclaration(
                    text=text[span[0] : span[1]],
                    span=span,
                    region=(start, end),
                    context=context,
                    except_per_share=bool(_EXCEPT_PER_SHARE.search(statement)),
                    share_context=share_context,
                    share_span=share_span,
                    except_percent=bool(_EXCEPT_PERCENT.search(statement)),
                ),
                index,
            )
        )
    return result


def _plain_share_exception(
    statement: str, span: tuple[int, int], text: str
) -> tuple[UnitContext | None, tuple[int, int] | None]:
    """'(In thousands, except share data)': share counts are single shares."""
    found = _EXCEPT_SHARES.search(statement)
    if found is None:
        return None, None
    word = found.group("word") or found.group("zh") or found.group("zh_after") or "shares"
    at = text.find(word, span[1])
    where = (at, at + len(word)) if at != -1 else span
    return UnitContext(Decimal(1), "SHARES", "shares", word), where


# -- how far a declaration governs -----------------------------------------------------

# A table row has begun: a line ending in an amount that is not a bare year.
_CONTENT = re.compile(
    r"(?m)(?:^|[ \t$(|])(?!(?:19|20)\d\d[ \t|]*$)[(（]?[-−]?\d[\d,]*(?:\.\d+)?[)）]?%?[ \t$|]*$"
)
_VALUES_AFTER = re.compile(r"[ \t]*(?:\n[ \t\u3000]*)*[\n|][ \t]*[$(（\-−]?\s*\d")


def region_end(text: str, lines: Lines, line_index: int, limit: int) -> int:
    """Where the block a declaration on line ``line_index`` governs ends (at most ``limit``).

    The page and the next declaration bound it (``limit``). Once the table
    under it has begun (a line ending in an amount after the declaration's
    own line), a statement heading, a section heading or a prose line ends it.
    """
    _, own_end = lines.bounds(line_index)
    limit = min(limit, lines.page_end(own_end))
    content = _CONTENT.search(text, own_end, limit)
    if content is None:
        return limit
    begun = text.find("\n", content.start())
    if begun == -1 or begun >= limit:
        return limit
    end = lines.next_heading(begun, limit)
    end = lines.next_prose(begun, end)
    position = begun
    while (heading := SECTION_HEADING.search(text, position, end)) is not None:
        if heading.group("numbered") and _numbered_row(text, heading.start(), end):
            position = heading.end()
            continue
        return heading.start()
    return end


def _numbered_row(text: str, start: int, limit: int) -> bool:
    """Whether a "一、营业总收入" line is a table row: amounts on it or right after it."""
    line_end = text.find("\n", start, limit)
    line = text[start : line_end if line_end != -1 else limit]
    if re.search(r"[\s|]\(?[-−]?\d[\d,]*(?:\.\d+)?\)?\s*$", line):
        return True
    return line_end != -1 and _VALUES_AFTER.match(text, line_end, limit) is not None

"""The period of a table cell whose column names none: its caption's, or its row's.

A single-column table has no period header to check a claim against: a maturity
schedule ("2025 / 2026 / … / Thereafter / Total", the balance date in its caption
or nowhere), a roll-forward, a table of reclassifications "recorded during the
year ended December 31, 2024". ``check_unstated`` decides by the table's
structure:

- the **caption** (the heading lines glued above the first row, and the sentence
  ending with a colon that introduces the table) names periods: the claim's
  period must be one of them;
- else, the table's **rows are periods** (two or more row labels are years,
  year ranges, buckets such as "1 to 3 years" / "1年以内", or "Thereafter"):
  a row whose label is a period states that period, which must be the claim's;
  any other row ("Thereafter", "Total", "Less: Imputed interest") has no period
  the page states, and the claim is refused;
- else nothing on the page states a period for the table and nothing
  contradicts the claim's (the caller's declaration stands, as for a sentence).
"""

from __future__ import annotations

import functools
from datetime import date, timedelta

import regex

from .._base.exceptions import CaliberMismatchError, PeriodError
from .._values.period import FiscalCalendar, Period, parse_period
from .claims import Claim
from .grid import GridTable
from .periods import _quote_periods, same_claimed_period
from .words import any_of

__all__ = ["check_unstated", "grid_rows", "line_label", "line_rows", "period_row"]

_LONGEST_LABEL = 40
_YEAR = regex.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
_FILLER = regex.compile(r"(?:\d+|[-–—~/,.&:：()（）$\s])+")
_CAPTION_LINES = 4  # lines above the first row read as the table's caption
_HEADING_WIDTH = 60  # a shorter line ending with a colon is a subheading ("Derivatives:")
_SENTENCE_END = regex.compile(r"[.。!?！？;；]\s*$")


@functools.cache
def _patterns() -> tuple[regex.Pattern[str], regex.Pattern[str], regex.Pattern[str]]:
    words = any_of("schedule_rows", boundaries=True)
    terminal = any_of("schedule_rows.terminal", boundaries=True)
    spans = any_of("schedule_rows.spans", boundaries=True)
    return (
        regex.compile(rf"(?:{words})", regex.IGNORECASE),
        regex.compile(rf"(?:{terminal})", regex.IGNORECASE),
        regex.compile(rf"\d\s*(?:{spans})", regex.IGNORECASE),
    )


def _last_line(label: str) -> str:
    lines = [line.strip() for line in label.replace("|", "\n").splitlines() if line.strip()]
    return lines[-1] if lines else ""


def period_row(label: str) -> bool:
    """Whether a row label is a period bucket of a schedule ("2027", "Thereafter", "1年以内").

    >>> [period_row(x) for x in ("2027", "2030 and thereafter", "Thereafter", "1 to 3 years")]
    [True, True, True, True]
    >>> [period_row(x) for x in ("1年以内", "3年以上", "Total", "Less: Imputed interest", "1")]
    [True, True, False, False, False]
    """
    last = _last_line(label)
    if not last or len(last) > _LONGEST_LABEL:
        return False
    words, terminal, spans = _patterns()
    if _FILLER.sub("", words.sub(" ", last)):
        return False  # a word that is no period: "Total", "Imputed interest"
    return bool(_YEAR.search(last) or terminal.search(last) or spans.search(last))


def _caption_above(text: str, at: int, glued: str = "") -> str:
    """The heading lines above offset ``at`` (the table's first row), up to its introduction.

    ``glued``: heading lines a table builder read into the first row's label (its
    title, its column titles, "Derivatives:"), read first. Walking up: headings
    ("Maturities of Operating Lease Liabilities", "单位：万元") are read, a sentence
    ending with a colon ("… as of December 31, 2024 (in millions):", "…如下：") is
    read and ends the caption, and a line ending a sentence of prose ends it unread.
    """
    taken = [glued] if glued else []
    for _ in range(_CAPTION_LINES):
        if at <= 0:
            break
        start = text.rfind("\n", 0, at - 1) + 1
        line = text[start:at].strip()
        at = start
        if not line:
            continue
        if line.endswith((":", "：", "如下")) and len(line) > _HEADING_WIDTH:
            taken.append(line)
            break  # the sentence introducing the table (a short one is a subheading)
        if _SENTENCE_END.search(line):
            break  # a paragraph before the table: not its caption
        taken.append(line)
    return "\n".join(reversed(taken))


def grid_rows(text: str, table: GridTable) -> tuple[list[str], str]:
    """The row labels and the caption of a table read cell per line (``grid``)."""
    rows = [text[r.label[0] : r.label[1]] for r in table.rows if r.label is not None]
    first = next((row.label for row in table.rows if row.label is not None), None)
    if first is None:
        return rows, ""
    end = text.rfind("\n", first[0], first[1])  # the label's own last line is the row's
    glued = text[first[0] : end] if end != -1 else ""
    return rows, _caption_above(text, first[0], glued)


_TOKEN = regex.compile(r"[^\s|\t]+")
_AMOUNT_TOKEN = regex.compile(r"[$¥€£]?\(?-?\d[\d,]*(?:\.\d+)?\)?%?|[$¥€£()（）—–-]")
_YEAR_LABEL = regex.compile(r"(?:19|20)\d{2}")
_MOST_ROWS = 200  # a block of rows read around a cell


def _line_label(line: str) -> str | None:
    """The label of a one-line row ("Thereafter 37,425", "| 2025 | $ 6,771 |"), else None."""
    tokens = _TOKEN.findall(line)
    first = next((i for i, t in enumerate(tokens) if _AMOUNT_TOKEN.fullmatch(t)), None)
    if first == 0 and len(tokens) > 1 and _YEAR_LABEL.fullmatch(tokens[0]):
        first = next((i for i, t in enumerate(tokens[1:], 1) if _AMOUNT_TOKEN.fullmatch(t)), None)
    if not first or not all(_AMOUNT_TOKEN.fullmatch(t) for t in tokens[first:]):
        return None
    if not any(regex.search(r"\d", t) for t in tokens[first:]):
        return None
    label = " ".join(tokens[:first])
    return label if len(label) <= _LONGEST_LABEL * 2 else None


def line_rows(text: str, at: int) -> tuple[list[str], str] | None:
    """The row labels and caption of the block of one-line rows holding offset ``at``.

    Pipe, tab, space-aligned and one-line rows ("Thereafter 37,425"): the lines
    around ``at`` that are each a label and amounts (a pipe table's "|---|" rule is
    skipped). None when ``at`` is not on such a line, or the block has one row.
    """
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    end = len(text) if end == -1 else end
    if _line_label(text[start:end]) is None:
        return None
    above: list[str] = []
    below: list[str] = []
    first = start
    for step in (-1, 1):
        a, b = start, end
        for _ in range(_MOST_ROWS):
            if step < 0:
                if a == 0:
                    break
                b = a - 1
                a = text.rfind("\n", 0, b) + 1
            else:
                if b >= len(text):
                    break
                a = b + 1
                b = text.find("\n", a)
                b = len(text) if b == -1 else b
            line = text[a:b]
            if regex.fullmatch(r"[\s|:\-]*-[\s|:\-]*", line):
                continue  # "|---|---|"
            label = _line_label(line)
            if label is None:
                break
            (above if step < 0 else below).append(label)
            first = min(first, a)
    rows = [*reversed(above), _line_label(text[start:end]) or "", *below]
    return (rows, _caption_above(text, first)) if len(rows) >= 2 else None


def line_label(text: str, at: int) -> str:
    """The label of the one-line row holding offset ``at`` ("" when it is no such row)."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return _line_label(text[start : len(text) if end == -1 else end]) or ""


def _named(caption: str, calendar: FiscalCalendar | None) -> list[tuple[str, Period]]:
    named = []
    for match in _quote_periods(caption, 0, len(caption)):
        try:
            named.append((match.group(), parse_period(match.group(), calendar).period))
        except PeriodError:
            continue  # "December 31" without a year: no period to hold the claim to
    return named


@functools.cache
def _opening() -> regex.Pattern[str]:
    words = any_of("row_period.begin", space=r"\s+")
    return regex.compile(rf"(?:{words})", regex.IGNORECASE)


def _day_before(period: Period) -> date:
    return period.start - timedelta(days=1)


def _fits(
    named: Period, period: Period, written: str, calendar: FiscalCalendar | None, opening: bool
) -> bool:
    if opening:  # "Balance at beginning of year" under "year ended December 31, 2024"
        return period.is_instant and not named.is_instant and period.start == _day_before(named)
    if same_claimed_period(named, period, written, calendar):
        return True
    if named.is_instant and not period.is_instant:  # "as of December 31, 2024" for FY2024
        return named.start == period.last_day
    if period.is_instant and not named.is_instant:
        return period.start == named.last_day
    return False


def check_unstated(
    table: tuple[list[str], str],
    label: str,
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
    raw: str,
) -> None:
    """Refuse a claim whose period the caption or the row of a column-less cell contradicts.

    ``table``: its row labels and its caption (``grid_rows``, ``line_rows``);
    ``label`` is the row label of the cell; ``raw`` the amount as printed.
    """
    period, calendar = when
    rows, caption = table
    named = _named(caption, calendar)
    if named:
        opening = bool(_opening().search(label))
        if any(_fits(p, period, claim.period, calendar, opening) for _, p in named):
            return
        written = ", ".join(repr(w) for w, _ in named[:3])
        what = f"in a table whose caption names {written} and whose column names no period"
        if opening:
            days = ", ".join(_day_before(p).isoformat() for _, p in named[:3] if not p.is_instant)
            what = (
                f"the opening balance of its row {_last_line(label)!r} under a caption naming "
                f"{written}, i.e. the balance on {days or 'a date the caption does not give'}"
            )
        raise CaliberMismatchError(
            f"the quoted amount {raw!r} is {what}, but the claim says {claim.period!r}; claim "
            "the period the caption names, or quote the figure for the claimed period",
            operation="resolve",
            left=claim.period,
            right=caption.strip()[-120:],
            differing=("period",),
        )
    buckets = [_last_line(r) for r in rows if period_row(r)]
    if len(buckets) < 2:
        return
    own = _last_line(label)
    if period_row(label):
        try:
            stated: Period | None = parse_period(own, calendar).period
        except PeriodError:
            stated = None
        if stated is not None and same_claimed_period(stated, period, claim.period, calendar):
            return
    shown = ", ".join(repr(b) for b in buckets[:4]) + (", …" if len(buckets) > 4 else "")
    raise CaliberMismatchError(
        f"the quoted amount {raw!r} is in the row {own!r} of a schedule whose rows are "
        f"periods ({shown}) and whose column and caption name no date, so the page does not "
        f"state it for the claimed {claim.period!r}; quote a figure whose column header or "
        "caption names the claimed period",
        operation="resolve",
        left=claim.period,
        right=own,
        differing=("period",),
    )

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

import regex

from .._base.exceptions import CaliberMismatchError, PeriodError
from .._values.period import FiscalCalendar, Period, parse_period
from .claims import Claim
from .grid import GridTable
from .periods import _quote_periods, same_claimed_period
from .words import any_of

__all__ = ["check_unstated", "period_row"]

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


def _caption(text: str, table: GridTable) -> str:
    """The heading lines above the table's first row, up to the sentence introducing it.

    The lines glued into the first row's label (its heading, its column titles,
    "Derivatives:") are read; above them, walking up, headings ("Maturities of
    Operating Lease Liabilities", "单位：万元") are read, a sentence ending with a
    colon ("… as of December 31, 2024 (in millions):", "…如下：") is read and ends
    the caption, and a line ending a sentence of prose ends it unread.
    """
    first = next((row.label for row in table.rows if row.label is not None), None)
    if first is None:
        return ""
    end = text.rfind("\n", first[0], first[1])  # the label's own last line is the row's
    taken = [text[first[0] : end]] if end != -1 else []
    at = first[0]
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


def _named(caption: str, calendar: FiscalCalendar | None) -> list[tuple[str, Period]]:
    named = []
    for match in _quote_periods(caption, 0, len(caption)):
        try:
            named.append((match.group(), parse_period(match.group(), calendar).period))
        except PeriodError:
            continue  # "December 31" without a year: no period to hold the claim to
    return named


def _fits(named: Period, period: Period, written: str, calendar: FiscalCalendar | None) -> bool:
    if same_claimed_period(named, period, written, calendar):
        return True
    if named.is_instant and not period.is_instant:  # "as of December 31, 2024" for FY2024
        return named.start == period.last_day
    if period.is_instant and not named.is_instant:
        return period.start == named.last_day
    return False


def check_unstated(
    text: str,
    table: GridTable,
    label: str,
    claim: Claim,
    when: tuple[Period, FiscalCalendar | None],
    raw: str,
) -> None:
    """Refuse a claim whose period the caption or the row of a column-less cell contradicts.

    ``label`` is the row label of the cell; ``raw`` the amount as printed.
    """
    period, calendar = when
    caption = _caption(text, table)
    named = _named(caption, calendar)
    if named:
        if any(_fits(p, period, claim.period, calendar) for _, p in named):
            return
        written = ", ".join(repr(w) for w, _ in named[:3])
        raise CaliberMismatchError(
            f"the quoted amount {raw!r} is in a table whose caption names {written} and "
            f"whose column names no period, but the claim says {claim.period!r}; claim the "
            "period the caption names, or quote the figure for the claimed period",
            operation="resolve",
            left=claim.period,
            right=caption.strip()[-120:],
            differing=("period",),
        )
    rows = [text[r.label[0] : r.label[1]] for r in table.rows if r.label is not None]
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

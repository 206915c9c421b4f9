"""An inline-XBRL oracle for ``resolve``: every tagged USD cell of a real filing, as claims.

The shared filings (``../shared/filings/*.htm``, or ``$FINCALC_FILINGS``; never copied
into the repository) tag every number of their statements with its concept,
context (period), unit and scale.  The page text is what BeautifulSoup's
``get_text("\\n")`` gives (one text node a line, the way a RAG pipeline flattens
the HTML); for each tagged cell in a table row with a label, three claims:

- **right**: the row from its label to the cell, claimed under the label for
  the cell's period -- must resolve to the tagged value (in magnitude: the
  printed sign and the tagged sign differ by design) or be refused;
- **wrong row**: the same quote claimed under the label of the row above --
  must be refused;
- **wrong column**: the same quote claimed for another period of the filing --
  must be refused, unless the quote also holds that period's cell of the row
  (then that cell's value is the right answer; of a row that also writes
  figures inside its label -- "…, net of tax of $100, $(55), and $226" -- the
  row's own cell, not the label's tax figure).

Calendar-year filers only (a fiscal year is ``FY2024``, a quarter ``2025Q2``, a
half year ``2025年上半年``); cells with dimensions (segments, members) are left out.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FILINGS = "../shared/filings"
#: Calendar-year filers: their periods read without a fiscal calendar.
FILINGS = (
    "abbv-10-k-2025-02-14.htm",
    "amzn-10-k-2025-02-07.htm",
    "ko-10-k-2025-02-20.htm",
    "ba-10-q-2025-07-29.htm",
    "tsla-10-q-2025-07-24.htm",
)
_LABEL_REACH = 200  # a cell further than this from its row label is not quoted with it


def filings_dir() -> Path:
    """Where the filings are: ``$FINCALC_FILINGS`` or the shared folder next to the repo."""
    return (ROOT / os.environ.get("FINCALC_FILINGS", DEFAULT_FILINGS)).resolve()


@dataclass(frozen=True, slots=True)
class Cell:
    """One tagged cell: its offsets in the page text, its row and label, period, value."""

    start: int
    end: int
    row: int
    label: str
    label_start: int
    period: str
    basis: str
    value: Decimal
    in_label: bool = False  # "net of tax of $100, $(55), and $226": a figure inside the label


class _Text(HTMLParser):
    """The page text (one text node a line) and the offsets of every tagged number."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.length = 0
        self.hidden = 0
        self.stack: list[tuple[str, bool]] = []
        self.row = 0
        self.in_row = False
        self.rows: dict[int, list[tuple[int, str]]] = defaultdict(list)
        self.tagged: list[tuple[int, int, dict[str, str], int]] = []
        self.pending: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        hidden = tag == "ix:header" or "display:none" in values.get("style", "").replace(" ", "")
        self.hidden += hidden
        self.stack.append((tag, hidden))
        if tag == "tr":
            self.row += 1
            self.in_row = True
        if tag == "ix:nonfraction":
            self.pending = values

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, hidden = self.stack.pop()
            self.hidden -= hidden
            if name == tag:
                break
        if tag == "tr":
            self.in_row = False

    def handle_data(self, data: str) -> None:
        words = " ".join(data.split())
        if self.hidden or not words:
            return
        start = self.length + (1 if self.lines else 0)
        self.lines.append(words)
        self.length = start + len(words)
        if self.in_row:
            self.rows[self.row].append((start, words))
        if self.pending is not None:
            self.tagged.append((start, self.length, self.pending, self.row if self.in_row else 0))
            self.pending = None


def _contexts(raw: str) -> dict[str, tuple[date, date | None]]:
    """Context id -> (instant, None) or (start, end), for contexts without dimensions."""
    found: dict[str, tuple[date, date | None]] = {}
    for match in re.finditer(r'<xbrli:context id="([^"]+)">(.*?)</xbrli:context>', raw, re.S):
        body = match.group(2)
        if "explicitMember" in body or "typedMember" in body:
            continue
        instant = re.search(r"<xbrli:instant>([\d-]+)<", body)
        start = re.search(r"<xbrli:startDate>([\d-]+)<", body)
        end = re.search(r"<xbrli:endDate>([\d-]+)<", body)
        if instant:
            found[match.group(1)] = (date.fromisoformat(instant.group(1)), None)
        elif start and end:
            found[match.group(1)] = (
                date.fromisoformat(start.group(1)),
                date.fromisoformat(end.group(1)),
            )
    return found


def _period(context: tuple[date, date | None]) -> tuple[str, str] | None:
    start, end = context
    if end is None:
        return start.isoformat(), "instant"
    days = (end - start).days
    if (start.month, start.day, end.month, end.day) == (1, 1, 12, 31) and days > 360:
        return f"FY{start.year}", "single_period"
    if 85 <= days <= 95 and start.day == 1 and start.month in (1, 4, 7, 10):
        return f"{start.year}Q{(start.month - 1) // 3 + 1}", "single_period"
    if 178 <= days <= 184 and (start.month, start.day) == (1, 1):
        return f"{start.year}年上半年", "cumulative"
    return None


def _labels(rows: dict[int, list[tuple[int, str]]]) -> dict[int, tuple[str, int]]:
    labels: dict[int, tuple[str, int]] = {}
    for row, cells in rows.items():
        for start, words in cells:
            if re.search(r"[A-Za-z]{3}", words) and not re.fullmatch(r"[\d$,.()%\s—-]+", words):
                labels[row] = (words, start)
                break
    return labels


def read_filing(path: Path) -> tuple[str, list[Cell]]:
    """The page text of one filing and its tagged USD cells with row labels."""
    raw = path.read_text(encoding="utf-8", errors="replace")
    parser = _Text()
    parser.feed(raw)
    text = "\n".join(parser.lines)
    contexts = _contexts(raw)
    labels = _labels(parser.rows)
    cells = []
    for start, end, attrs, row in parser.tagged:
        context = contexts.get(attrs.get("contextref", ""))
        period = _period(context) if context is not None else None
        if attrs.get("unitref", "").lower() != "usd" or row not in labels or period is None:
            continue
        label, label_start = labels[row]
        if not label_start <= start <= label_start + _LABEL_REACH:
            continue
        try:
            value = Decimal(text[start:end].replace(",", "")) * Decimal(10) ** int(
                attrs.get("scale", "0")
            )
        except (InvalidOperation, ValueError):
            continue  # "—", a word: no number to check
        in_label = any(
            at > start and re.search(r"[A-Za-z]{3}", words) for at, words in parser.rows[row]
        )
        cells.append(Cell(start, end, row, label, label_start, *period, value, in_label))
    return text, cells


def claims(
    text: str, cells: list[Cell], doc_id: str
) -> Iterator[tuple[str, dict[str, object], Decimal | None]]:
    """(kind, claim, truth) for every cell: right, wrong row, wrong (or other) column."""
    rows = sorted({c.row for c in cells})
    label_of = {c.row: c.label for c in cells}
    by_row: dict[int, list[Cell]] = defaultdict(list)
    for cell in cells:
        by_row[cell.row].append(cell)
    periods = sorted({(c.period, c.basis) for c in cells})
    for cell in cells:
        base: dict[str, object] = {
            "evidence_id": doc_id,
            "quote": text[cell.label_start : cell.end],
            "metric": cell.label,
            "entity": "Filer",
            "period": cell.period,
            "basis": cell.basis,
            "currency": "USD",
        }
        yield "right", base, cell.value
        index = rows.index(cell.row)
        if index > 0 and label_of[rows[index - 1]] != cell.label:
            yield "wrong row", {**base, "metric": label_of[rows[index - 1]]}, None
        other = next((p for p in periods if p[1] == cell.basis and p[0] != cell.period), None)
        if other is not None:
            inside = [
                o
                for o in by_row[cell.row]
                if o.period == other[0] and cell.label_start <= o.start and o.end <= cell.end
            ]
            # The row's own cell of that period, not the tax figure written inside its label
            # ("…, net of tax of $100, $(55), and $226 | (2,586) | 1,027"): the label's metric
            # is the adjustment, net of tax.
            inside = [o for o in inside if not o.in_label] or inside
            kind = "other column in quote" if inside else "wrong column"
            yield kind, {**base, "period": other[0]}, inside[0].value if inside else None

"""An oracle on real inline-XBRL filings: claims from the tags, resolved per page form (issue 28).

Run: ``python -m benchmarks.filings_bench`` (or ``python -m benchmarks --only filings``);
``--quick`` samples at most 120 cells per filing (seeded).

The filings are read from ``$FINCALC_FILINGS``, by default ``../shared/filings/``
next to the repository; without them (or without the ``bench`` extra's
beautifulsoup4 and html2text) the area prints why and reports nothing.

Every ``ix:nonFraction`` in a table of the financial statements (balance sheet,
operations / income, comprehensive income, cash flows: a table whose heading
above names one, equity statements left out because their columns are not
periods) whose context has no dimensions gives one cell with the filing's own
truth: its concept, period (instant or duration), unit, scale, sign, decimals
and format. From each cell three claims are built, in every page form:

- **right**: the quote is the row as printed from its label to the cell (and
  the closing bracket of a printed negative), the metric the label as printed,
  the period the cell's context (``FY2024`` for a year, ``2025-04-01 to
  2025-06-30`` for a quarter, a date for an instant). The expected value is
  the number as printed, scaled: the tagged value, negative when the page
  prints it in brackets. (The tag's own sign can differ from the printed one
  by design: "Purchases of property (1,234)" is tagged as a positive outflow.)
- **dash**: a cell printed "—" and tagged zero (``ixt:fixed-zero``) is claimed
  like a right one but counted apart: a quote ending in a dash names no number
  (the claim may be invalid, or fincalc says the filing reports none), so
  refusing it is fine, zero is right, any other value is wrong.
- **column beside**: the same quote, claimed for the period of the next cell of
  the row (a cell the quote does not reach): it must be refused.
- **row above**: the quote of the row above (same period), claimed with this
  row's label as metric: it must be refused.

A claim answered with any other value than the expected one is **wrong**; the
bar is zero. A row-above claim differs from a right one only in its metric (the
quote's label is another row's): refusing it is the metric check of issue 24,
so it is counted apart from the table structure's own wrong values.

Page forms: (a) BeautifulSoup ``get_text("\\n")`` of the whole filing, (b)
html2text with LangChain's ``Html2TextTransformer`` settings (``ignore_links``
and ``ignore_images``), (c) ``Document.from_html`` when it exists. A quote
that cannot be found in a form's text (the converter changed the label) is
counted as *not built*, not as a refusal.
"""

from __future__ import annotations

import os
import random
import re
import time
import warnings
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from benchmarks._harness import Budget, Result, Table, run_single
from fincalc import Document, resolve_all

AREA = "filings"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PATH = "../shared/filings"
QUICK_CELLS = 120
SEED = 28

_STATEMENT = re.compile(
    r"(?i)\b(balance\s+sheets?|statements?\s+of\s+(?:consolidated\s+)?(?:operations|income|"
    r"earnings|comprehensive\s+(?:income|loss)|cash\s+flows|financial\s+position)|"
    r"income\s+statements?|statements?\s+of\s+(?:comprehensive\s+)?(?:income|loss))"
)
_EQUITY = re.compile(
    r"(?i)(stockholders|shareholders|shareowners)['’]?\s+equity\b|\bstatements?\s+of\s+(?:changes\s+in\s+)?equity"
)


def filings_path() -> Path:
    """Where the filings are: ``$FINCALC_FILINGS`` or the default next to the repo."""
    return (ROOT / os.environ.get("FINCALC_FILINGS", DEFAULT_PATH)).resolve()


@dataclass(frozen=True)
class Context:
    start: date | None
    end: date
    dimensional: bool

    @property
    def instant(self) -> bool:
        return self.start is None

    def claim_period(self) -> tuple[str, str] | None:
        """The period and basis a claim names for this context, or None when unsupported."""
        if self.start is None:
            return self.end.isoformat(), "instant"
        days = (self.end - self.start).days + 1
        if 350 <= days <= 380:
            return f"FY{self.end.year}", "single_period"
        if 80 <= days <= 100:
            return f"{self.start.isoformat()} to {self.end.isoformat()}", "single_period"
        if 170 <= days <= 280:
            return f"{self.start.isoformat()} to {self.end.isoformat()}", "cumulative"
        return None


@dataclass
class Cell:
    """One tagged cell of a statement row."""

    label: str
    concept: str
    context: str
    unit: str
    shown: str
    value: Decimal  # as printed, scaled: negative when printed in brackets
    tagged: Decimal  # the fact's value (its own sign)
    negative_printed: bool
    decimals: str
    row: int  # index of the row in the filing's statement rows
    position: int  # index of the cell in its row
    quotes: dict[str, str] = field(default_factory=dict)  # form -> quote


@dataclass
class Claim:
    kind: str  # right / column / row
    cell: Cell
    form: str
    payload: dict[str, Any]
    expected: Decimal | None  # None: must refuse


def _date(text: str) -> date:
    return date.fromisoformat(text.strip()[:10])


def read_contexts(soup: Any) -> dict[str, Context]:
    contexts = {}
    for node in soup.find_all(re.compile(r"^xbrli:context$")):
        period = node.find(re.compile("^xbrli:period$"))
        if period is None:
            continue
        instant = period.find(re.compile("^xbrli:instant$"))
        dimensional = node.find(re.compile("^xbrli:(segment|scenario)$")) is not None
        if instant is not None:
            contexts[node["id"]] = Context(None, _date(instant.text), dimensional)
        else:
            start = period.find(re.compile("^xbrli:startdate$"))
            end = period.find(re.compile("^xbrli:enddate$"))
            if start is None or end is None:
                continue
            contexts[node["id"]] = Context(_date(start.text), _date(end.text), dimensional)
    return contexts


def read_units(soup: Any) -> dict[str, str]:
    units = {}
    for node in soup.find_all(re.compile("^xbrli:unit$")):
        measures = [
            m.text.strip().split(":")[-1].upper() for m in node.find_all(re.compile("measure$"))
        ]
        units[node["id"]] = "/".join(measures)
    return units


def _heading_before(table: Any) -> list[str]:
    """The last few text pieces before a table, nearest last."""
    texts: list[str] = []
    for text in table.find_all_previous(string=True, limit=80):
        if text.find_parent("table") is table or not str(text).strip():
            continue
        texts.append(" ".join(str(text).split()))
        if len(texts) >= 8:
            break
    return list(reversed(texts))


def _is_statement(heading: list[str]) -> bool:
    """A statement's title ("Consolidated Balance Sheets") is a short piece of its own above
    the table; a note's prose ("... on our consolidated balance sheets were as follows") is not."""
    titles = [t for t in heading if len(t) <= 100 and _STATEMENT.search(t)]
    return bool(titles) and not any(_EQUITY.search(t) for t in heading if len(t) <= 100)


def _shown_value(node: Any) -> Decimal | None:
    shown = node.get_text().strip()
    fmt = node.get("format", "")
    if "zero" in fmt or shown in {"—", "-", "–", ""}:
        return Decimal(0)
    digits = shown.replace(",", "").replace(" ", "")
    if "comma-decimal" in fmt or "numcommadecimal" in fmt:
        digits = shown.replace(".", "").replace(" ", "").replace(",", ".")
    try:
        number = Decimal(digits)
    except ArithmeticError:
        return None
    return number.scaleb(int(node.get("scale", "0") or 0))


def _printed_negative(node: Any) -> bool:
    cell = node.find_parent(["td", "th"])
    if cell is None:
        return False
    text = cell.get_text()
    shown = node.get_text()
    before = text[: text.find(shown)] if shown in text else ""
    if "(" in before:
        return True
    after = text[text.find(shown) + len(shown) :] if shown in text else ""
    if ")" in after:
        return True
    following = cell.find_next_sibling(["td", "th"])
    return following is not None and following.get_text().strip().startswith(")")


def statement_cells(soup: Any) -> list[Cell]:
    """Every tagged, dimensionless cell of the statement tables, in document order."""
    contexts = read_contexts(soup)
    units = read_units(soup)
    cells: list[Cell] = []
    row_index = 0
    for table in soup.find_all("table"):
        facts = table.find_all(re.compile("^ix:nonfraction$"))
        if len(facts) < 6:
            continue
        heading = _heading_before(table)
        if not _is_statement(heading):
            continue
        for tr in table.find_all("tr"):
            tds = tr.find_all(["td", "th"])
            if not tds:
                continue
            label = " ".join(tds[0].get_text(" ").split())
            if not re.search(r"[A-Za-z]", label):
                continue
            position = 0
            row_cells = []
            for node in tr.find_all(re.compile("^ix:nonfraction$")):
                if node.find_parent(["td", "th"]) is tds[0] or not node.get_text().strip():
                    continue  # "$0.01 par value" inside the label; a tag printing nothing
                if node.find_parent(re.compile("^ix:nonfraction$")) is not None:
                    continue  # a second concept tagging the same printed number: one cell
                context = contexts.get(node.get("contextref", ""))
                if context is None or context.dimensional or context.claim_period() is None:
                    continue
                shown_value = _shown_value(node)
                if shown_value is None:
                    continue
                negative = _printed_negative(node)
                tagged = -shown_value if node.get("sign") == "-" else shown_value
                row_cells.append(
                    Cell(
                        label=label,
                        concept=node.get("name", ""),
                        context=node.get("contextref", ""),
                        unit=units.get(node.get("unitref", ""), "?"),
                        shown=node.get_text().strip(),
                        value=-shown_value if negative else shown_value,
                        tagged=tagged,
                        negative_printed=negative,
                        decimals=node.get("decimals", ""),
                        row=row_index,
                        position=position,
                    )
                )
                position += 1
            if row_cells:
                cells.extend(row_cells)
                row_index += 1
    return cells


# -- quotes per form ----------------------------------------------------------------


# html2text writes an em dash as "--" and curly quotes straight
_CONVERTED = {"—": "(?:—|--)", "–": "(?:–|-)", "’": "['’]", "‘": "['‘]", "“": '["“]', "”": '["”]'}


def _label_pattern(label: str) -> re.Pattern[str]:
    words = [
        _CONVERTED.get(w, re.escape(w)) for w in re.findall(r"[A-Za-z0-9]+|[^\sA-Za-z0-9]", label)
    ]
    return re.compile(r"[\s\\*_|]*".join(words))


def _number_pattern(shown: str) -> re.Pattern[str]:
    if shown in {"—", "-", "–", ""}:
        return re.compile(r"[—–-]+")  # html2text writes "—" as "--"
    return re.compile(r"(?<![\d,.])" + re.escape(shown) + r"(?![\d,]|\.\d)")


_WORDS = re.compile(r"[^\W\d_]")  # a letter: another row's label lies between
_CELL_GAP = 400  # at most this many characters between a label or cell and the next cell
_TRIES = 300  # label occurrences tried per row


def place_quotes(cells: list[Cell], text: str, form: str) -> None:
    """Find each row in a form's text: its label followed closely by its cells, in order.

    Rows are searched in document order from the end of the previous row found,
    so a label written earlier in prose ("Net revenues outside of the United
    States ...") is passed over: its cells do not follow it.
    """
    cursor = 0
    by_row: dict[int, list[Cell]] = {}
    for cell in cells:
        by_row.setdefault(cell.row, []).append(cell)
    for row in sorted(by_row):
        members = by_row[row]
        pattern = _label_pattern(members[0].label)
        for tries, match in enumerate(pattern.finditer(text, cursor)):
            if tries >= _TRIES:
                break
            found = _row_at(members, text, match.start(), match.end())
            if found is not None:
                for cell, quote in found:
                    cell.quotes[form] = quote
                cursor = match.end()
                break


def _row_at(
    members: list[Cell], text: str, start: int, position: int
) -> list[tuple[Cell, str]] | None:
    found = []
    for cell in members:
        number = _number_pattern(cell.shown).search(text, position, position + _CELL_GAP)
        if number is None or _WORDS.search(text, position, number.start()):
            return None  # the cell must follow the label or the cell before with no words between
        end = number.end()
        tail = re.match(r"[\s|]*\)", text[end : end + 40])
        if cell.negative_printed and tail:
            end += tail.end()
        found.append((cell, text[start:end].strip()))
        position = end
    return found


# -- claims and outcomes ------------------------------------------------------------


def _currency(unit: str) -> str | None:
    return "USD" if unit.startswith("USD") else None


def build_claims(cells: list[Cell], form: str, doc_id: str, entity: str) -> list[Claim]:
    claims = []
    rows: dict[int, list[Cell]] = {}
    for cell in cells:
        rows.setdefault(cell.row, []).append(cell)
    previous_by_context: dict[str, Cell] = {}
    for row in sorted(rows):
        members = rows[row]
        for index, cell in enumerate(members):
            quote = cell.quotes.get(form)
            context_period = _PERIODS[cell.context]
            if quote is not None:
                period, basis = context_period
                base = {
                    "evidence_id": doc_id,
                    "quote": quote,
                    "metric": cell.label,
                    "entity": entity,
                    "period": period,
                    "basis": basis,
                    "currency": _currency(cell.unit),
                }
                kind = "right" if re.search(r"\d", cell.shown) else "dash"
                claims.append(Claim(kind, cell, form, base, cell.value))
                beside = next(
                    (m for m in members[index + 1 :] if _PERIODS[m.context] != context_period),
                    None,
                )
                if beside is not None:
                    other, other_basis = _PERIODS[beside.context]
                    claims.append(
                        Claim(
                            "column",
                            cell,
                            form,
                            {**base, "period": other, "basis": other_basis},
                            None,
                        )
                    )
            above = previous_by_context.get(cell.context)
            if (
                quote is not None
                and above is not None
                and above.quotes.get(form)
                and above.value != cell.value
            ):
                period, basis = context_period
                claims.append(
                    Claim(
                        "row",
                        cell,
                        form,
                        {
                            "evidence_id": doc_id,
                            "quote": above.quotes[form],
                            "metric": cell.label,
                            "entity": entity,
                            "period": period,
                            "basis": basis,
                            "currency": _currency(cell.unit),
                        },
                        None,
                    )
                )
        for cell in members:
            previous_by_context[cell.context] = cell
    return claims


_PERIODS: dict[str, tuple[str, str]] = {}


@dataclass
class Tally:
    right: Counter[str] = field(default_factory=Counter)  # right/wrong/refused:<reason>/unbuilt
    wrong_claims: Counter[str] = field(default_factory=Counter)  # refused/wrong
    wrong_examples: list[str] = field(default_factory=list)


def judge(claims: list[Claim], document: Any, tally: Tally) -> None:
    resolution = resolve_all([c.payload for c in claims], [document])
    facts = iter(resolution.facts)
    refused = {id(r.claim): r.reason for r in resolution.refusals}
    for claim in claims:
        reason = refused.get(id(claim.payload))
        value = None if reason is not None else next(facts).value
        if claim.kind == "dash":  # "—" tagged as zero: refusing it is fine, zero is right
            if reason is not None:
                tally.wrong_claims["dash: refused"] += 1
            elif value == 0:
                tally.wrong_claims["dash: zero"] += 1
            else:
                tally.right["wrong"] += 1
                _example(tally, claim, value)
        elif claim.kind == "right":
            if reason is not None:
                tally.right[f"refused: {reason}"] += 1
            elif value == claim.expected:
                tally.right["right"] += 1
            else:
                tally.right["wrong"] += 1
                _example(tally, claim, value)
        else:
            if reason is not None:
                tally.wrong_claims[f"{claim.kind}: refused"] += 1
            else:
                tally.wrong_claims[f"{claim.kind}: answered"] += 1
                if claim.kind != "row" or tally.wrong_claims["row: answered"] <= 3:
                    _example(tally, claim, value)


def _example(tally: Tally, claim: Claim, value: Decimal | None) -> None:
    if len(tally.wrong_examples) < 400:
        quote = claim.payload["quote"].replace("\n", "⏎")[-90:]
        tally.wrong_examples.append(
            f"{claim.form} {claim.kind} {claim.payload['evidence_id']} {claim.payload['period']} "
            f"{quote!r} expected {claim.expected} got {value}"
        )


# -- the forms ----------------------------------------------------------------------


def form_texts(html: str, soup: Any) -> dict[str, str]:
    import html2text

    texts = {"bs4": soup.get_text("\n")}
    converter = html2text.HTML2Text()
    converter.ignore_links = True  # LangChain's Html2TextTransformer defaults
    converter.ignore_images = True
    texts["html2text"] = converter.handle(html)
    return texts


def form_documents(doc_id: str, html: str, soup: Any) -> dict[str, Document]:
    """The document each form makes of the filing (``from_html`` when fincalc has it)."""
    docs = {form: Document(doc_id, text) for form, text in form_texts(html, soup).items()}
    maker = getattr(Document, "from_html", None)
    if maker is not None:
        docs["from_html"] = maker(doc_id, html)
    return docs


def run(quick: bool = False) -> Result:
    """Build claims from the tags of every filing; resolve them in every page form."""
    folder = filings_path()
    try:
        import html2text  # noqa: F401
        from bs4 import BeautifulSoup
    except ImportError as exc:
        note = f"needs the bench extra (beautifulsoup4, html2text): {exc}"
        return Result(AREA, [Table("filings: skipped", ["note"], "l", [[note]])])
    files = sorted(folder.glob("*.htm")) if folder.is_dir() else []
    if not files:
        note = f"No filings at {folder}; set FINCALC_FILINGS to a folder of inline-XBRL .htm files."
        return Result(AREA, [Table("filings: skipped", ["note"], "l", [[note]])])
    rng = random.Random(SEED)
    tallies: dict[str, Tally] = {}
    per_filing: list[list[str]] = []
    cells_total = 0
    for path in files:
        html = path.read_text(encoding="utf-8")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # bs4: "XML parsed as HTML" (inline XBRL is XHTML)
            soup = BeautifulSoup(html, "lxml")
        contexts = read_contexts(soup)
        _PERIODS.update({cid: c.claim_period() for cid, c in contexts.items() if c.claim_period()})
        cells = statement_cells(soup)
        if quick and len(cells) > QUICK_CELLS:
            keep = set(rng.sample(range(len(cells)), QUICK_CELLS))
            # keep whole neighbourhoods: the sampled cells' rows, so column/row claims exist
            rows = {cells[i].row for i in keep}
            cells = [c for c in cells if c.row in rows]
        cells_total += len(cells)
        entity = path.name.split("-")[0].upper()
        documents = form_documents(path.stem, html, soup)
        started = time.perf_counter()
        line = [path.name, str(len(cells))]
        for form, document in documents.items():
            place_quotes(cells, document.text, form)
            tally = tallies.setdefault(form, Tally())
            claims = build_claims(cells, form, path.stem, entity)
            before = Counter(tally.right)
            tally.right["not built"] += sum(
                1 for c in cells if form not in c.quotes and re.search(r"\d", c.shown)
            )
            judge(claims, document, tally)
            after = tally.right - before
            answered = after["right"] + after["wrong"]
            line.append(
                f"{after['right']}/{sum(after.values())} right, {after['wrong']} wrong "
                f"({answered} answered)"
            )
        _PERIODS.clear()
        line.append(f"{time.perf_counter() - started:.1f} s")
        per_filing.append(line)
        del soup
    return _result(tallies, per_filing, cells_total, quick)


def _result(
    tallies: dict[str, Tally], per_filing: list[list[str]], cells: int, quick: bool
) -> Result:
    forms = list(tallies)
    summary_rows = []
    budgets = []
    for form, tally in tallies.items():
        total = sum(tally.right.values())
        right = tally.right["right"]
        wrong = tally.right["wrong"]
        beside = tally.wrong_claims["column: answered"]
        above = tally.wrong_claims["row: answered"]
        summary_rows.append(
            [
                form,
                str(total),
                f"{right / total:.1%} ({right})" if total else "—",
                f"{wrong / total:.1%} ({wrong})" if total else "—",
                str(sum(tally.wrong_claims.values())),
                str(beside),
                str(above),
            ]
        )
        budgets.append(
            Budget(
                AREA,
                f"{form}: zero wrong values (right claims, column beside)",
                f"{wrong + beside}",
                wrong + beside == 0,
            )
        )
    summary = Table(
        f"filings: claims built from the inline-XBRL tags of {len(per_filing)} filings "
        f"({cells} cells{', sampled' if quick else ''})",
        [
            "form",
            "right claims",
            "answered right",
            "answered wrong",
            "wrong claims",
            "column beside answered",
            "row above answered",
        ],
        "lrrrrrr",
        summary_rows,
    )
    reasons = sorted(
        {k for t in tallies.values() for k in t.right}
        | {k for t in tallies.values() for k in t.wrong_claims}
    )
    detail = Table(
        "filings: outcomes by reason (right claims; dash cells; wrong claims: column beside / "
        "row above)",
        ["outcome", *forms],
        "l" + "r" * len(forms),
        [
            [k, *(str(tallies[f].right.get(k, tallies[f].wrong_claims.get(k, 0))) for f in forms)]
            for k in reasons
        ],
    )
    filings = Table(
        "filings: per filing",
        ["filing", "cells", *forms, "time"],
        "lr" + "l" * len(forms) + "r",
        per_filing,
    )
    examples = [e for t in tallies.values() for e in t.wrong_examples]
    listing = Table(
        f"filings: first wrong answers ({len(examples)} listed)",
        ["claim"],
        "l",
        [[e.replace("|", "\\|")] for e in examples[:60]],
    )
    return Result(AREA, [summary, detail, filings, listing], budgets)


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

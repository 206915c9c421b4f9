"""Summary tables of Chinese periodic reports, composed and printed as PDF extractors print them.

A ``SummaryTable`` is the first table of a 年报 (主要会计数据, its 年末 block), a 半年报
or a 季报: its column heads (periods, a change column), which earlier periods carry a
restated pair (调整后 / 调整前, in either order), and its rows. ``print_table`` writes
it as

* ``pdfplumber`` prints it: one line per height; the one-level heads and the label
  column's header on one line, the upper level of the two-level heads on a line above
  (or on that line, cells aligned to the top),
  the restated pair on a line below, the pieces of a wrapped change header on lines
  of their own, the heights drawn at random (pieces at one height share a line, left
  to right); a wrapped row label around its amounts (the amounts at the label's middle);
* ``pymupdf`` prints it: a cell per line, the upper level left to right, then the pair;
  a wrapped label's lines, then each amount.

Every amount's meaning is known by construction (``Cell``): the period its column
reports, or that it is the figure before restatement, or a change in percent. Nothing
here comes from a real report; the figures are drawn.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from decimal import Decimal

from hypothesis import strategies as st

# (report title, heads: (header, claimed period, basis, may be restated), change headers:
# (header, the index of the head the change column follows))
Head = tuple[str, str, str, bool]
LAYOUTS: dict[str, tuple[str, tuple[Head, ...], tuple[tuple[str, int], ...]]] = {
    "annual-flows": (
        "某某股份有限公司2024年年度报告",
        (
            ("2024年", "FY2024", "single_period", False),
            ("2023年", "FY2023", "single_period", True),
            ("2022年", "FY2022", "single_period", True),
        ),
        (("本期比上年同期增减(%)", 1),),
    ),
    "annual-instants": (
        "某某股份有限公司2024年年度报告",
        (
            ("2024年末", "2024-12-31", "instant", False),
            ("2023年末", "2023-12-31", "instant", True),
            ("2022年末", "2022-12-31", "instant", True),
        ),
        (("本期末比上年同期末增减(%)", 1),),
    ),
    "annual-two-years": (
        "某某股份有限公司2024年年度报告",
        (
            ("2024年", "FY2024", "single_period", False),
            ("2023年", "FY2023", "single_period", True),
        ),
        (("本年比上年增减(%)", 1),),
    ),
    "half-flows": (
        "某某股份有限公司2025年半年度报告",
        (
            ("本报告期(1-6月)", "2025年上半年", "cumulative", False),
            ("上年同期", "2024年上半年", "cumulative", True),
        ),
        (("本报告期比上年同期增减(%)", 1),),
    ),
    "half-instants": (
        "某某股份有限公司2025年半年度报告",
        (
            ("本报告期末", "2025-06-30", "instant", False),
            ("上年度末", "2024-12-31", "instant", True),
        ),
        (("本报告期末比上年度末增减(%)", 1),),
    ),
    "q3-flows": (
        "某某股份有限公司2025年第三季度报告",
        (
            ("本报告期", "2025年第三季度", "single_period", False),
            ("年初至报告期末", "2025年前三季度", "cumulative", False),
        ),
        (("本报告期比上年同期增减变动幅度(%)", 0), ("年初至报告期末比上年同期增减变动幅度(%)", 1)),
    ),
    "q3-instants": (
        "某某股份有限公司2025年第三季度报告",
        (
            ("本报告期末", "2025-09-30", "instant", False),
            ("上年度末", "2024-12-31", "instant", True),
        ),
        (("本报告期末比上年度末增减变动幅度(%)", 1),),
    ),
}

METRICS = (
    "营业收入",
    "归属于上市公司股东的净利润",
    "归属于上市公司股东的扣除非经常性损益的净利润",
    "经营活动产生的现金流量净额",
    "总资产",
    "归属于上市公司股东的所有者权益",
)


@dataclass(frozen=True)
class Cell:
    """One amount: its text, and what it is (a period's figure, 调整前, or a change)."""

    text: str
    value: Decimal
    role: str  # "period", "before", "change"
    period: str = ""  # the claimed period the column reports (also for "before")
    basis: str = ""


@dataclass(frozen=True)
class SummaryTable:
    """A summary table: its layout, restated heads, pair order and rows."""

    layout: str
    restated: frozenset[int]  # indexes of heads carrying 调整后 / 调整前
    adjusted_first: bool
    item: str  # the label column's header ("" when the cell is empty)
    cut: tuple[tuple[int, ...], ...]  # where each change header is wrapped
    rows: tuple[tuple[str, tuple[int, ...], tuple[Cell, ...]], ...]  # label, its cuts, cells

    @property
    def title(self) -> str:
        return LAYOUTS[self.layout][0]


@dataclass
class Printed:
    """A printed table: the page text, and each claim's quote with its cell."""

    text: str
    # (quote, metric, the cells the quote holds: the row's cells up to the quoted figure)
    quotes: list[tuple[str, str, tuple[Cell, ...]]] = field(default_factory=list)


def _pieces(text: str, cuts: tuple[int, ...]) -> list[str]:
    edges = [0, *cuts, len(text)]
    return [text[a:b] for a, b in itertools.pairwise(edges) if a < b]


def _change_cuts(change: str, draw: st.DrawFn) -> tuple[int, ...]:
    """Wrap points: the first piece holds 比, each later piece a change word or '%'."""
    compare = change.index("比") + 1
    cuts: list[int] = []
    for at in sorted(draw(st.sets(st.integers(compare, len(change) - 1), max_size=2))):
        rest = change[at:]
        if any(c in rest for c in "增减幅%变"):
            cuts.append(at)
    good = []
    for at in cuts:  # every piece but the first must hold a change word
        following = [c for c in cuts if c > at]
        piece = change[at : following[0]] if following else change[at:]
        if any(c in piece for c in "增减幅%变"):
            good.append(at)
    return tuple(good)


def _amount(draw: st.DrawFn, used: set[str]) -> tuple[str, Decimal]:
    """A figure in 元 with cents, distinct from every figure drawn before on the page."""
    cents = draw(st.integers(10_000, 99_999_999_999)) * 1000 + len(used)
    value = Decimal(cents) / 100
    written = f"{value:,.2f}"
    used.add(written)
    return written, value


@st.composite
def summary_tables(draw: st.DrawFn, layout: str | None = None) -> SummaryTable:
    """A summary table of one of ``LAYOUTS``, restated or not, with 2-4 rows."""
    layout = layout or draw(st.sampled_from(sorted(LAYOUTS)))
    _title, heads, changes = LAYOUTS[layout]
    follows = {at: text for text, at in changes}
    prior = [k for k, head in enumerate(heads) if head[3]]
    restated = frozenset(draw(st.sets(st.sampled_from(prior)))) if prior else frozenset()
    item = draw(st.sampled_from(["", "项目", "主要会计数据"]))
    cut = tuple(_change_cuts(text, draw) for text, _at in changes)
    used: set[str] = set()
    rows = []
    for metric in draw(st.lists(st.sampled_from(METRICS), min_size=2, max_size=4, unique=True)):
        cells: list[Cell] = []
        for k, (_header, period, basis, _may) in enumerate(heads):
            if k in restated:
                adjusted = Cell(*_amount(draw, used), "period", period, basis)
                before = Cell(*_amount(draw, used), "before", period, basis)
                cells += [adjusted, before]
            else:
                cells.append(Cell(*_amount(draw, used), "period", period, basis))
            if k in follows:
                percent = draw(st.integers(-9999, 9999))
                written = f"{Decimal(percent) / 100:.2f}"
                cells.append(Cell(written, Decimal(written) / 100, "change"))
        width = draw(st.integers(4, 16))  # the label column wraps at a fixed width
        label_cuts = tuple(range(width, len(metric), width))
        rows.append((metric, label_cuts, tuple(cells)))
    adjusted_first = draw(st.booleans())
    if not adjusted_first:  # 调整前 before 调整后 (the Shenzhen template's order)
        rows = [(m, c, _swap_pairs(cells, heads, restated, set(follows))) for m, c, cells in rows]
    return SummaryTable(layout, restated, adjusted_first, item, cut, tuple(rows))


def _swap_pairs(
    cells: tuple[Cell, ...],
    heads: tuple[Head, ...],
    restated: frozenset[int],
    follows: set[int],
) -> tuple[Cell, ...]:
    out: list[Cell] = []
    k = 0
    for index in range(len(heads)):
        if index in restated:
            out += [cells[k + 1], cells[k]]
            k += 2
        else:
            out.append(cells[k])
            k += 1
        if index in follows:
            out.append(cells[k])
            k += 1
    return tuple(out)


def _header_leaves(table: SummaryTable) -> list[tuple[str, list[str], str]]:
    """Each top-level column left to right: (kind, its text pieces, …) and the pairs."""
    _title, heads, changes = LAYOUTS[table.layout]
    follows = {at: (text, cut) for (text, at), cut in zip(changes, table.cut, strict=True)}
    pair = ["调整后", "调整前"] if table.adjusted_first else ["调整前", "调整后"]
    columns: list[tuple[str, list[str], str]] = []
    for k, (header, _period, _basis, _may) in enumerate(heads):
        columns.append(("two" if k in table.restated else "one", [header], " ".join(pair)))
        if k in follows:
            columns.append(("change", _pieces(*follows[k]), ""))
    return columns


def print_pdfplumber(table: SummaryTable, heights: st.DrawFn) -> str:
    """The header as pdfplumber prints it, the heights of its pieces drawn by ``heights``."""
    placed: list[tuple[int, int, str]] = []  # (height, x, text)
    x = 0
    if table.item:
        placed.append((2, x, table.item))
    x += 1
    upper = heights(st.sampled_from([0, 1, 2]))  # one geometry for every two-level head
    for kind, pieces, pair in _header_leaves(table):
        if kind == "one":
            placed.append((2, x, pieces[0]))
        elif kind == "two":
            placed.append((upper, x, pieces[0]))
            for offset, word in enumerate(pair.split()):
                placed.append((3, x + offset, word))
        else:
            levels = sorted(
                heights(st.sets(st.integers(0, 4), min_size=len(pieces), max_size=len(pieces)))
            )
            for level, piece in zip(levels, pieces, strict=True):
                placed.append((level, x, piece))
        x += 2
    lines = []
    for level in sorted({p[0] for p in placed}):
        lines.append(" ".join(p[2] for p in sorted(placed) if p[0] == level))
    return "\n".join(lines)


def print_pymupdf(table: SummaryTable) -> str:
    """The header as PyMuPDF prints it: a cell per line, the upper level, then the pairs."""
    lines = [table.item] if table.item else []
    pairs: list[str] = []
    for kind, pieces, pair in _header_leaves(table):
        lines += pieces
        if kind == "two":
            pairs += pair.split()
    return "\n".join(lines + pairs)


def print_rows(table: SummaryTable, extractor: str, printed: Printed) -> None:
    """Append the rows to ``printed`` and a quote per amount cell: the label's first
    piece through that cell (the cells before it in the row included)."""
    for metric, cuts, cells in table.rows:
        pieces = _pieces(metric, cuts)
        start = len(printed.text)
        if extractor == "pymupdf":
            body = "\n".join(pieces + [c.text for c in cells])
        else:
            amounts = " ".join(c.text for c in cells)
            half = len(pieces) // 2
            if len(pieces) % 2:  # the middle line of the label holds the amounts
                lines = [*pieces[:half], f"{pieces[half]} {amounts}", *pieces[half + 1 :]]
            else:
                lines = [*pieces[:half], amounts, *pieces[half:]]
            body = "\n".join(lines)
        printed.text += body + "\n"
        at = start
        for k, cell in enumerate(cells):
            found = printed.text.index(cell.text, at)
            at = found + len(cell.text)
            printed.quotes.append((printed.text[start:at], metric, cells[: k + 1]))


@st.composite
def printed_tables(draw: st.DrawFn, extractor: str, layout: str | None = None) -> Printed:
    """A page holding one summary table as ``extractor`` prints it."""
    table = draw(summary_tables(layout))
    header = print_pymupdf(table) if extractor == "pymupdf" else print_pdfplumber(table, draw)
    printed = Printed(f"{table.title}\n(一) 主要会计数据\n单位：元 币种：人民币\n{header}\n")
    print_rows(table, extractor, printed)
    return printed

"""Reading a whole annual report once: Document structure and the first resolve (issue 13).

Run: ``python -m benchmarks.grounding_bench`` (or ``python -m benchmarks --only grounding``).
A synthetic annual report -- English and Chinese prose pages mixed with
statement pages one cell per line, as PDF extractors write them, split by form
feeds -- is grown to 0.25, 1 and 4 MB. For each size the first ``resolve`` on a
fresh ``Document`` is timed (it builds the line index, every unit declaration
and the tables of the claim's page), then the whole structure (the tables of
every page), then a warm ``resolve``. References in the same run: one
``re.finditer(r"\\d+")`` pass over the same text (a linear scan), and the
parser's declaration grammar over the whole text (what the first resolve ran
before issue 13), at the smallest size only. Answers are checked first. The
budget: the first resolve on 4 MB in well under a second (< 1 s), growing
linearly with size.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

from benchmarks._harness import (
    Budget,
    Result,
    Table,
    fail,
    growth_slope,
    measure,
    run_single,
    time_label,
)
from fincalc import Document, resolve, resolve_all
from fincalc._reading.units import find_unit_declarations

AREA = "grounding"
BUDGET_SECONDS = 1.0
_MB = 1_000_000

_PROSE_EN = (
    "Net sales increased {p}% or ${a}.{b} billion during fiscal {y} compared to fiscal {z}, "
    "driven by higher volumes in our Industrial segment and favorable pricing.\n"
    "Research and development expense was ${c} million, or {q}% of net sales, as we continued "
    "to invest in new platforms.\n"
    "Cash used in investing activities was ${d} million, primarily for purchases of property "
    "and equipment.\n"
)
_PROSE_ZH = (
    "报告期内，公司实现营业收入{a}.{b}亿元，同比增长{p}%；归属于上市公司股东的净利润{c}万元，"
    "同比增长{q}%。\n公司研发投入{d}万元，占营业收入的比例为{q}%，主要用于新一代产品的开发。\n"
)
_STATEMENT = (
    "Table of Contents\nNORTHWIND TRADING CORP.\nCONSOLIDATED STATEMENTS OF CASH FLOWS\n"
    "(In millions)\n \nYear Ended December 31,\n \n{y}\n \n{z}\n \nOPERATING ACTIVITIES\n"
    "Net income\n$\n{a:,} $\n{b:,}\nDepreciation and amortization\n \n{c}\n \n{d}\n"
    "Purchases of property and\nequipment\n \n({e})\n \n({f})\n{page}\n"
)
_LRB = (
    "合并利润表\n{y}年1—12月\n单位：元  币种：人民币\n项目\n附注\n{y}年度\n{z}年度\n"
    "一、营业总收入\n \n{a:,}.23\n \n{b:,}.90\n"
    "其中：营业收入\n七、61\n{a:,}.23\n{b:,}.90\n第 {page} 页\n"
)
# The page the claims cite: last in the report, so nothing before it is skipped.
LAST_PAGE = (
    "ZEPHYR INSTRUMENTS, INC.\nCONSOLIDATED STATEMENTS OF OPERATIONS\n"
    "(In millions, except per share amounts)\n \nYear Ended December 31,\n \n2023\n \n2022\n \n"
    "Revenue\n$\n9,876 $\n8,765\nDiluted earnings per share\n$\n4.08 $\n3.28\n"
)
CLAIM = {
    "evidence_id": "ar",
    "quote": "Revenue\n$\n9,876 $\n8,765",
    "metric": "Revenue",
    "entity": "Zephyr",
    "period": "FY2022",
    "basis": "single_period",
    "currency": "USD",
}


def report(size: int, seed: int = 13) -> str:
    """A synthetic annual report of about ``size`` characters, pages split by form feeds."""
    rng = random.Random(seed)
    pages: list[str] = []
    length = 0
    while length < size - len(LAST_PAGE):
        page = len(pages) + 1
        kind = rng.random()
        year = rng.randrange(2015, 2025)
        values = {
            "a": rng.randrange(1_000, 90_000),
            "b": rng.randrange(1_000, 90_000),
            "c": rng.randrange(100, 900),
            "d": rng.randrange(100, 900),
            "e": rng.randrange(100, 900),
            "f": rng.randrange(100, 900),
            "p": rng.randrange(1, 30),
            "q": rng.randrange(1, 30),
            "y": year,
            "z": year - 1,
            "page": page,
        }
        if kind < 0.35:
            text = "".join(_PROSE_EN.format(**values) for _ in range(12))
        elif kind < 0.6:
            text = "".join(_PROSE_ZH.format(**values) for _ in range(12))
        elif kind < 0.8:
            text = _STATEMENT.format(**values)
        else:
            text = _LRB.format(**values)
        pages.append(text)
        length += len(text) + 1
    pages.append(LAST_PAGE)
    return "\f".join(pages)


def check(text: str) -> None:
    """Refuse to time wrong answers: the right cell, and the wrong column refused."""
    doc = Document("ar", text, currency="USD")
    fact = resolve(CLAIM, [doc])
    if fact.value != Decimal("8765000000"):
        fail(f"the FY2022 revenue cell is wrong: {fact.value}")
    wrong = resolve_all([{**CLAIM, "quote": "9,876 $", "period": "FY2022"}], [doc])
    if [r.reason for r in wrong.refusals] != ["period_mismatch"]:
        fail(f"a 2023 cell claimed as 2022 was not refused: {wrong}")
    eps = resolve(
        {
            **CLAIM,
            "quote": "Diluted earnings per share\n$\n4.08",
            "metric": "Diluted earnings per share",  # issue 24: the row's own metric
            "period": "FY2023",
        },
        [doc],
    )
    if eps.value != Decimal("4.08"):
        fail(f"the per-share exception is lost: {eps.value}")


def _whole_structure(text: str) -> int:
    structure = Document("ar", text)._structure()
    tables = 0
    position = 0
    while position < len(text):
        segment = structure.lines.segment(position)
        tables += len(structure.grid(segment[0]).tables)
        position = max(segment[1], position + 1)
    return tables + len(structure.declarations())


def run(quick: bool = False) -> Result:
    """Check the answers, then time the first resolve and the whole structure per size."""
    sizes = [50_000, 200_000] if quick else [250_000, _MB, 4 * _MB]
    repeat = 2 if quick else 5
    texts = {size: report(size) for size in sizes}
    check(texts[sizes[0]])
    digits = re.compile(r"\d+")
    rows = []
    firsts: list[tuple[float, float]] = []
    for size in sizes:
        text = texts[size]
        first = measure(
            lambda text=text: resolve(CLAIM, [Document("ar", text, currency="USD")]),
            repeat=repeat,
            number=1,
        ).median
        whole = measure(lambda text=text: _whole_structure(text), repeat=repeat, number=1).median
        doc = Document("ar", text, currency="USD")
        resolve(CLAIM, [doc])
        warm = measure(lambda doc=doc: resolve(CLAIM, [doc]), repeat=repeat).median
        scan = measure(lambda text=text: sum(1 for _ in digits.finditer(text)), repeat=repeat)
        firsts.append((len(text), first))
        rows.append(
            [
                f"{len(text) / _MB:.2f} MB",
                time_label(first),
                time_label(whole),
                time_label(warm),
                time_label(scan.median),
                f"{first / scan.median:.1f}",
            ]
        )
    small = texts[sizes[0]]
    before = measure(lambda: find_unit_declarations(small), repeat=1, number=1).median
    table = Table(
        "Grounding: a whole report read once (Document structure, first resolve)",
        [
            "report",
            "first resolve (fresh Document)",
            "whole structure (every page)",
            "warm resolve",
            "reference: re.finditer(r'\\d+')",
            "first / reference",
        ],
        "lrrrrr",
        rows,
        notes=[
            f"Before issue 13 the first resolve ran the declaration grammar over the whole "
            f"text: {time_label(before)} for the {len(small) / _MB:.2f} MB report alone "
            "(measured in this run with `find_unit_declarations`)."
        ],
    )
    biggest = firsts[-1]
    slope = growth_slope(firsts)
    budgets = [
        Budget(
            AREA,
            f"first resolve on a {biggest[0] / _MB:.2g} MB report < {BUDGET_SECONDS:.0f} s",
            time_label(biggest[1]),
            biggest[1] < BUDGET_SECONDS,
        ),
        Budget(
            AREA,
            "first resolve linear in size (log-log slope of the last step ≤ 1.1)",
            f"{slope:.2f}",
            slope <= 1.1,
        ),
    ]
    return Result(AREA, [table], budgets)


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

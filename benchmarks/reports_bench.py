"""Chinese periodic reports as a PDF loader's text: hand-built claims, both extractors (issue 28).

Run: ``python -m benchmarks.reports_bench`` (or ``python -m benchmarks --only reports``).

The reports are read from ``$FINCALC_REPORTS``, by default ``../shared/reports/``
next to the repository (an A-share 年报 and an HKEX interim report, see its
README); without them, or without pdfplumber and PyMuPDF (``pip install
pdfplumber pymupdf``, benchmarks only, never a dependency of fincalc), the area
prints why and reports nothing. Nothing of the reports is copied into the
repository: each page is extracted when the benchmark runs, with each
library's defaults and nothing cleaned (``page.extract_text()``,
``page.get_text()``).

The claims below were **built by hand** from the pages as read in the PDF (the
page number, the row label as printed, the figure, its period): the truth is
the reader's, not a tag's. Each claim's quote is taken from each extractor's
text: the label's first piece to the figure, when both stand within a short
distance with the figure after the label, or the figure alone for a claim that
says so and a figure printed once on the page (otherwise the claim counts as
*not built* for that extractor). A quote from the label runs over the row's
cells before the figure, so a wrong claim of that kind names a period none of
them is in. A **right** claim must be answered with its value
or refused; a **wrong** claim (the same quote claimed for another column's
period, or for the figure the 调整前 column prints) must be refused.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from benchmarks._harness import Budget, Result, Table, run_single
from fincalc import Document, resolve_all

AREA = "reports"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PATH = "../shared/reports"
_GAP = 260  # at most this many characters from the label's first piece to the figure


@dataclass(frozen=True)
class HandClaim:
    """One claim read by hand off a report page (``page`` counts from 0)."""

    name: str
    report: str
    page: int
    label: str  # the label's first piece as printed (a wrapped label goes on after it)
    figure: str  # the figure as printed
    metric: str
    period: str
    basis: str
    expected: Decimal | None  # None: must be refused
    alone: bool = False  # the quote is the figure alone (it must be printed once on the page)
    currency: str | None = "CNY"  # None: a ratio ("加权平均净资产收益率（%）")


_CJDL = "cjdl-2024-annual-report.pdf"
# Built by hand from pages 5-7 of the 年报 (主要会计数据 单位：元; 主要财务指标 with
# 调整后/调整前 under 2023年; 分季度主要财务数据; 非经常性损益项目和金额 with 调整后/调整前).
# Wrong claims: the same quote claimed for another column's period, the 调整前 figure
# claimed as its year's, the 本期比上年同期增减(%) cell claimed as an amount.
CLAIMS = (
    HandClaim(
        "revenue-2024",
        _CJDL,
        4,
        "营业收入",
        "84,491,870,566.52",
        "营业收入",
        "FY2024",
        "single_period",
        Decimal("84491870566.52"),
    ),
    HandClaim(
        "revenue-2022",
        _CJDL,
        4,
        "营业收入",
        "68,863,128,424.25",
        "营业收入",
        "FY2022",
        "single_period",
        Decimal("68863128424.25"),
    ),
    HandClaim(
        "revenue-2023-adjusted",
        _CJDL,
        4,
        "营业收入",
        "78,143,535,736.10",
        "营业收入",
        "FY2023",
        "single_period",
        Decimal("78143535736.10"),
    ),
    HandClaim(
        "revenue-2024-as-2023",
        _CJDL,
        4,
        "营业收入",
        "84,491,870,566.52",
        "营业收入",
        "FY2023",
        "single_period",
        None,
    ),
    HandClaim(
        "ocf-2024-wrapped-label",
        _CJDL,
        4,
        "经营活动产生的现",
        "59,648,468,284.22",
        "经营活动产生的现金流量净额",
        "FY2024",
        "single_period",
        Decimal("59648468284.22"),
    ),
    HandClaim(
        "total-assets-2024",
        _CJDL,
        4,
        "总资产",
        "566,071,979,792.34",
        "总资产",
        "2024-12-31",
        "instant",
        Decimal("566071979792.34"),
    ),
    HandClaim(
        "total-assets-2022",
        _CJDL,
        4,
        "总资产",
        "578,453,569,418.28",
        "总资产",
        "2022-12-31",
        "instant",
        Decimal("578453569418.28"),
    ),
    HandClaim(
        "eps-2024",
        _CJDL,
        5,
        "基本每股收益",
        "1.3281",
        "基本每股收益",
        "FY2024",
        "single_period",
        Decimal("1.3281"),
    ),
    HandClaim(
        "revenue-q1",
        _CJDL,
        5,
        "营业收入",
        "15,640,900,490.43",
        "营业收入",
        "2024Q1",
        "single_period",
        Decimal("15640900490.43"),
    ),
    HandClaim(
        "revenue-q4",
        _CJDL,
        5,
        "营业收入",
        "18,161,189,820.97",
        "营业收入",
        "2024Q4",
        "single_period",
        Decimal("18161189820.97"),
    ),
    HandClaim(
        "revenue-q1-as-q2",
        _CJDL,
        5,
        "营业收入",
        "15,640,900,490.43",
        "营业收入",
        "2024Q2",
        "single_period",
        None,
    ),
    HandClaim(
        "revenue-q4-as-year",
        _CJDL,
        5,
        "营业收入",
        "18,161,189,820.97",
        "营业收入",
        "FY2024",
        "single_period",
        None,
    ),
    HandClaim(
        "ocf-q3",
        _CJDL,
        5,
        "经营活动产生的现金",
        "24,664,359,661.46",
        "经营活动产生的现金流量净额",
        "2024Q3",
        "single_period",
        Decimal("24664359661.46"),
    ),
    HandClaim(
        "net-profit-2024-wrapped-label",
        _CJDL,
        4,
        "归属于上市公司股",
        "32,496,172,808.65",
        "归属于上市公司股东的净利润",
        "FY2024",
        "single_period",
        Decimal("32496172808.65"),
    ),
    HandClaim(
        "recurring-net-profit-2024-three-line-label",
        _CJDL,
        4,
        "归属于上市公司股",
        "32,507,551,977.06",
        "归属于上市公司股东的扣除非经常性损益的净利润",
        "FY2024",
        "single_period",
        Decimal("32507551977.06"),
    ),
    HandClaim(
        "revenue-2023-before-restatement",
        _CJDL,
        4,
        "营业收入",
        "78,111,573,265.75",
        "营业收入",
        "FY2023",
        "single_period",
        None,
        alone=True,
    ),
    HandClaim(
        "revenue-2023-before-as-2022",
        _CJDL,
        4,
        "营业收入",
        "78,111,573,265.75",
        "营业收入",
        "FY2022",
        "single_period",
        None,
    ),
    HandClaim(
        "revenue-change-as-2024",
        _CJDL,
        4,
        "营业收入",
        "8.12",
        "营业收入",
        "FY2024",
        "single_period",
        None,
        alone=True,
    ),
    HandClaim(
        "net-assets-2023-adjusted",
        _CJDL,
        4,
        "归属于上市公司股",
        "201,453,338,461.43",
        "归属于上市公司股东的净资产",
        "2023-12-31",
        "instant",
        Decimal("201453338461.43"),
    ),
    HandClaim(
        "total-assets-2023-before-restatement",
        _CJDL,
        4,
        "总资产",
        "571,942,544,909.29",
        "总资产",
        "2023-12-31",
        "instant",
        None,
        alone=True,
    ),
    HandClaim(
        "total-assets-2023-before-as-2022",
        _CJDL,
        4,
        "总资产",
        "571,942,544,909.29",
        "总资产",
        "2022-12-31",
        "instant",
        None,
    ),
    HandClaim(
        "eps-2023-adjusted",
        _CJDL,
        5,
        "基本每股收益",
        "1.1135",
        "基本每股收益",
        "FY2023",
        "single_period",
        Decimal("1.1135"),
    ),
    HandClaim(
        "eps-2023-before-as-2022",
        _CJDL,
        5,
        "基本每股收益",
        "1.1132",
        "基本每股收益",
        "FY2022",
        "single_period",
        None,
    ),
    HandClaim(
        "diluted-eps-2022",
        _CJDL,
        5,
        "稀释每股收益",
        "0.9697",
        "稀释每股收益",
        "FY2022",
        "single_period",
        Decimal("0.9697"),
    ),
    HandClaim(
        "net-profit-q2",
        _CJDL,
        5,
        "归属于上市公司股东",
        "7,395,474,393.44",
        "归属于上市公司股东的净利润",
        "2024Q2",
        "single_period",
        Decimal("7395474393.44"),
    ),
    HandClaim(
        "roe-2024",
        _CJDL,
        5,
        "加权平均净资产收益率",
        "15.71",
        "加权平均净资产收益率",
        "FY2024",
        "single_period",
        Decimal("0.1571"),
        currency=None,
    ),
    HandClaim(
        "roe-2023-as-2022",
        _CJDL,
        5,
        "加权平均净资产收益率",
        "13.52",
        "加权平均净资产收益率",
        "FY2022",
        "single_period",
        None,
        currency=None,
    ),
    HandClaim(
        "nonrecurring-total-2024",
        _CJDL,
        6,
        "合计",
        "-11,379,168.41",
        "非经常性损益合计",
        "FY2024",
        "single_period",
        Decimal("-11379168.41"),
    ),
    HandClaim(
        "nonrecurring-other-2022",
        _CJDL,
        6,
        "其他符合非经常性损益定义的损益项目",
        "16,052,151.55",
        "其他符合非经常性损益定义的损益项目",
        "FY2022",
        "single_period",
        Decimal("16052151.55"),
    ),
    HandClaim(
        "nonrecurring-other-2024",
        _CJDL,
        6,
        "除上述各项之外的其他营业外收入和支出",
        "-196,831,044.40",
        "除上述各项之外的其他营业外收入和支出",
        "FY2024",
        "single_period",
        Decimal("-196831044.40"),
    ),
    HandClaim(
        "nonrecurring-minority-2023",
        _CJDL,
        6,
        "少数股东权益影响额",
        "26,661,907.42",
        "少数股东权益影响额（税后）",
        "FY2023",
        "single_period",
        Decimal("26661907.42"),
    ),
    HandClaim(  # the 2024 cell claimed for 2023
        "nonrecurring-other-2024-as-2023",
        _CJDL,
        6,
        "除上述各项之外的其他营业外收入和支出",
        "-196,831,044.40",
        "除上述各项之外的其他营业外收入和支出",
        "FY2023",
        "single_period",
        None,
    ),
    HandClaim(  # the 调整前 (before restatement) cell claimed as 2023's figure
        "nonrecurring-minority-before-2023",
        _CJDL,
        6,
        "少数股东权益影响额",
        "21,242,022.81",
        "少数股东权益影响额（税后）",
        "FY2023",
        "single_period",
        None,
        alone=True,
    ),
)


def reports_path() -> Path:
    """Where the reports are: ``$FINCALC_REPORTS`` or the default next to the repo."""
    return (ROOT / os.environ.get("FINCALC_REPORTS", DEFAULT_PATH)).resolve()


def _pages(path: Path, wanted: set[int]) -> dict[str, dict[int, str]]:
    import fitz
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        plumber = {i: pdf.pages[i].extract_text() or "" for i in sorted(wanted)}
    with fitz.open(path) as pdf:
        mupdf = {i: pdf[i].get_text() for i in sorted(wanted)}
    return {"pdfplumber": plumber, "pymupdf": mupdf}


def _quote(text: str, claim: HandClaim) -> str | None:
    """The label's first piece through the figure, when the figure follows it closely (or
    the figure alone, when the claim says so and the page prints it once)."""
    figure = re.compile(r"(?<![\d,.])" + re.escape(claim.figure) + r"(?![\d]|,\d|\.\d)")
    if claim.alone:
        return claim.figure if len(figure.findall(text)) == 1 else None
    for label in re.finditer(re.escape(claim.label), text):
        found = figure.search(text, label.end(), label.end() + _GAP)
        if found is not None:
            return text[label.start() : found.end()]
    return None


def _payload(claim: HandClaim, doc_id: str, quote: str) -> dict[str, Any]:
    return {
        "evidence_id": doc_id,
        "quote": quote,
        "metric": claim.metric,
        "entity": "长江电力",
        "period": claim.period,
        "basis": claim.basis,
        "currency": claim.currency,
    }


def _tally(
    claims: tuple[HandClaim, ...], texts: dict[str, dict[int, str]], *, before: bool = False
) -> tuple[dict[str, Counter[str]], list[list[str]]]:
    """Resolve each claim on each extractor's page text; count the outcomes.

    ``before``: the document is the claim's page with the two pages before it
    (``Document.from_pages``), as a retriever returning neighbouring pages gives it.
    """
    tally: dict[str, Counter[str]] = {}
    rows = []
    for extractor, pages in texts.items():
        counts = tally.setdefault(extractor, Counter())
        for claim in claims:
            doc_id = f"{claim.report}#{claim.page + 1}"
            quote = _quote(pages[claim.page], claim)
            kind = "right" if claim.expected is not None else "wrong"
            if quote is None:
                counts[f"{kind}: not built"] += 1
                rows.append([extractor, claim.name, "not built"])
                continue
            if before:
                window = [pages[claim.page - k] for k in (2, 1, 0)]
                doc = Document.from_pages(doc_id, window, first_page=claim.page - 1)
            else:
                doc = Document(doc_id, pages[claim.page])
            result = resolve_all([_payload(claim, doc_id, quote)], [doc])
            if result.refusals:
                outcome = f"refused: {result.refusals[0].reason}"
            elif claim.expected is not None and result.facts[0].value == claim.expected:
                outcome = "right"
            else:
                outcome = f"WRONG ({result.facts[0].value})"
            counts[f"{kind}: {outcome.split(' (')[0]}"] += 1
            rows.append([extractor, claim.name, outcome])
    return tally, rows


def _summary(title: str, tally: dict[str, Counter[str]]) -> Table:
    keys = sorted({k for c in tally.values() for k in c})
    return Table(
        f"reports: {title}, per extractor",
        ["outcome", *tally],
        "l" + "r" * len(tally),
        [[k, *(str(tally[e][k]) for e in tally)] for k in keys],
    )


def run(quick: bool = False) -> Result:
    """Resolve every hand-built claim on each extractor's page text."""
    folder = reports_path()
    try:
        import fitz  # noqa: F401
        import pdfplumber  # noqa: F401
    except ImportError as exc:
        note = f"needs pdfplumber and pymupdf (pip install pdfplumber pymupdf): {exc}"
        return Result(AREA, [Table("reports: skipped", ["note"], "l", [[note]])])
    if not (folder / _CJDL).is_file():
        note = f"No reports at {folder}; set FINCALC_REPORTS to the folder of the shared reports."
        return Result(AREA, [Table("reports: skipped", ["note"], "l", [[note]])])
    from benchmarks import reports_statements as statements

    wanted = {c.page for c in CLAIMS} | {c.page - k for c in statements.CLAIMS for k in (0, 1, 2)}
    texts = _pages(folder / _CJDL, wanted)
    tally, rows = _tally(CLAIMS, texts)
    tables = [_summary(f"{len(CLAIMS)} hand-built claims on {_CJDL} (pages 5-7)", tally)]
    more, more_rows = _tally(statements.CLAIMS, texts, before=True)
    title = f"{len(statements.CLAIMS)} hand-built claims on the statements of {_CJDL}"
    title += " (each claim's page with the two pages before it)"
    tables.append(_summary(title, more))
    if (folder / statements.XIAOMI).is_file():
        tables.append(statements.unreadable(_pages(folder / statements.XIAOMI, set(range(127)))))
    tables.append(statements.generated(50 if quick else 200))
    detail = Table(
        "reports: each claim", ["extractor", "claim", "outcome"], "lll", rows + more_rows
    )
    for extractor, counts in more.items():
        tally[extractor].update(counts)
    wrong = sum(c["right: WRONG"] + c["wrong: WRONG"] for c in tally.values())
    wrong += sum(int(row[3]) + int(row[5]) for row in tables[-1].rows)
    budgets = [Budget(AREA, "zero wrong values (right and wrong claims)", str(wrong), wrong == 0)]
    return Result(AREA, [*tables, detail], budgets)


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

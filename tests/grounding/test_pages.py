"""Real-looking filing pages end to end: every claim of every page resolves or refuses as written.

Each page is ``tests/data/pages/<slug>.txt`` -- the page text as a PDF
extractor gives it (cell-per-line tables, whitespace-only lines, "$" on its
own line, wrapped row labels, page furniture) -- and ``<slug>.json``::

    {"document": {"id": "...", "page": 12, "currency": null, "unit": null},
     "claims": [{<Claim fields>, "expect": {"value": "<decimal in base units>",
                 "dimension": "USD"} or {"refuse": "<reason code>"},
                 "why": "<what this case tests>"}]}

A claim may carry ``"xfail": "<why>"`` for a known gap (run as a strict xfail).
The companies and numbers are invented.
"""

from __future__ import annotations

import decimal
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import Document, resolve_all

PAGES = Path(__file__).parents[1] / "data" / "pages"
_NOT_CLAIM = ("expect", "why", "xfail")


def _document(path: Path) -> tuple[Document, dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    meta = data["document"]
    text = path.with_suffix(".txt").read_text(encoding="utf-8")
    doc = Document(
        meta["id"],
        text,
        page=meta.get("page"),
        currency=meta.get("currency"),
        unit=meta.get("unit"),
    )
    return doc, data


def _cases() -> list[Any]:
    cases = []
    for path in sorted(PAGES.glob("*.json")):
        _, data = _document(path)
        for index, claim in enumerate(data["claims"]):
            marks = []
            if "xfail" in claim:
                marks.append(pytest.mark.xfail(reason=claim["xfail"], strict=True))
            cases.append(pytest.param(path, index, id=f"{path.stem}[{index}]", marks=marks))
    return cases


@pytest.mark.parametrize(("path", "index"), _cases())
def test_page_claim(path: Path, index: int) -> None:
    doc, data = _document(path)
    case = data["claims"][index]
    claim = {k: v for k, v in case.items() if k not in _NOT_CLAIM}
    result = resolve_all([claim], [doc])
    expect = case["expect"]
    why = case.get("why", "")
    if "refuse" in expect:
        assert not result.facts, f"{why}: accepted {result.facts[0].value} instead of refusing"
        assert [r.reason for r in result.refusals] == [expect["refuse"]], (
            f"{why}: {result.refusals[0].error}"
        )
        return
    assert not result.refusals, f"{why}: refused: {result.refusals[0].error}"
    fact = result.facts[0]
    assert (fact.value, fact.quantity.dimension) == (
        Decimal(expect["value"]),
        expect["dimension"],
    ), why
    assert fact.quantity.span is not None
    start, end = fact.quantity.span
    assert doc.text[start:end] == fact.quantity.raw  # the number is read from the page


def test_the_corpus_is_big_enough_and_its_pages_have_both_kinds_of_claim() -> None:
    pages = sorted(PAGES.glob("*.json"))
    both = 0
    for path in pages:
        _, data = _document(path)
        kinds = {"refuse" in claim["expect"] for claim in data["claims"]}
        both += kinds == {True, False}
        assert data["claims"], f"{path.stem}: a page without claims tests nothing"
        assert all(claim.get("why") for claim in data["claims"]), path.stem
    # at least 30 pages with claims to accept and claims to refuse (pages added for other
    # stages, such as the computing formulas' pages, may hold only claims to accept)
    assert both >= 30


def test_every_page_text_is_what_an_extractor_gives() -> None:
    for path in sorted(PAGES.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        assert "\r" not in text, path.stem
        assert path.with_suffix(".json").exists(), path.stem


# -- properties: any cell-per-line table, any layout quirk ------------------------------------

_DECLARATIONS = [
    ("(In millions)", 10**6, "USD"),
    ("(In thousands, except per share data)", 10**3, "USD"),
    ("(Dollars in millions)", 10**6, "USD"),
    ("单位：万元  币种：人民币", 10**4, "CNY"),
    ("单位：元", 1, "CNY"),
]
_LABELS = [
    "Net sales",
    "Cost of sales",
    "Research and development",
    "Selling, general and administrative",
    "Operating income",
    "营业收入",
    "营业成本",
    "其中：利息费用",
    "归属于母公司所有者的净利润",
]


def _amount(value: int) -> str:
    return f"({-value:,})" if value < 0 else f"{value:,}"


_Table = tuple[str, list[int], list[tuple[str, list[int], str]], int, str]


@st.composite
def extracted_tables(draw: st.DrawFn) -> _Table:
    """A statement page as an extractor writes it: its text, years, rows (label, values,
    the row as written) and its unit."""
    header, multiplier, currency = draw(st.sampled_from(_DECLARATIONS))
    first = draw(st.integers(2005, 2024))
    years = [first - k for k in range(draw(st.integers(2, 4)))]
    labels = draw(st.lists(st.sampled_from(_LABELS), min_size=1, max_size=5, unique=True))
    amounts = st.integers(-(10**7), 10**7).filter(lambda v: abs(v) >= 1000)
    spacer = draw(st.sampled_from(["", " \n"]))  # whitespace-only lines between cells
    marks = draw(st.booleans())  # "$" on its own line before the first row's cells
    lines = [draw(st.sampled_from(["Table of Contents\n", ""])), f"{header}\n", spacer]
    if draw(st.booleans()):
        lines.append("Year Ended December 31,\n" if currency == "USD" else "")
        lines += [f"{spacer}{year}\n" for year in years]
    else:
        lines += [f"{spacer}{year}年度\n" for year in years]
    rows: list[tuple[str, list[int], str]] = []
    for index, label in enumerate(labels):
        values = [draw(amounts) for _ in years]
        words = label.split(" ")
        if len(words) > 2 and draw(st.booleans()):  # a wrapped row label
            row = " ".join(words[:2]) + "\n" + " ".join(words[2:]) + "\n"
        else:
            row = f"{label}\n"
        for value in values:
            row += spacer + ("$\n" if marks and index == 0 and currency == "USD" else "")
            row += f"{_amount(value)}\n"
        rows.append((label, values, row.rstrip("\n")))
        lines.append(row)
    lines.append(draw(st.sampled_from(["", "12\n", "F-7\n"])))
    return "".join(lines), years, rows, multiplier, currency


def _claim(quote: str, label: str, year: int, currency: str) -> dict[str, Any]:
    return {
        "evidence_id": "p",
        "quote": quote,
        "metric": label,
        "entity": "Company",
        "period": f"FY{year}",
        "basis": "single_period",
        "currency": currency,
    }


@settings(max_examples=60)
@given(extracted_tables(), st.data())
def test_a_quoted_row_takes_the_claimed_years_cell_and_no_other(
    table: _Table, data: st.DataObject
) -> None:
    text, years, rows, multiplier, currency = table
    label, values, quote = data.draw(st.sampled_from(rows))
    doc = Document("p", text, currency=currency)
    k = data.draw(st.integers(0, len(years) - 1))
    result = resolve_all([_claim(quote, label, years[k], currency)], [doc])
    assert [f.value for f in result.facts] == [Decimal(values[k]) * multiplier]
    # a year the table does not have is refused, never read from another column
    missing = resolve_all([_claim(quote, label, years[-1] - 1, currency)], [doc])
    assert not missing.facts
    assert [r.reason for r in missing.refusals] == ["ambiguous_quantity"]


@settings(max_examples=60)
@given(extracted_tables(), st.data())
def test_a_quoted_cell_under_another_year_is_never_accepted(
    table: _Table, data: st.DataObject
) -> None:
    text, years, rows, multiplier, currency = table
    label, values, _ = data.draw(st.sampled_from(rows))
    k = data.draw(st.integers(0, len(years) - 1))
    cell = _amount(values[k])
    doc = Document("p", text, currency=currency)
    claimed = data.draw(st.sampled_from(years))
    result = resolve_all([_claim(cell, label, claimed, currency)], [doc])
    if claimed == years[k]:
        # the right column: accepted, unless the same number sits elsewhere on the page
        reasons = [r.reason for r in result.refusals]
        assert [f.value for f in result.facts] == [Decimal(values[k]) * multiplier] or reasons in (
            ["ambiguous_quote"],
            ["invalid_quote"],
        )
    else:
        assert not result.facts, f"{cell} under {years[k]} accepted as {claimed}"


@settings(max_examples=40)
@given(extracted_tables(), st.data())
def test_grounding_leaves_the_decimal_context_alone_and_raises_only_fincalc_errors(
    table: _Table, data: st.DataObject
) -> None:
    text, years, _, _, currency = table
    start = data.draw(st.integers(0, len(text) - 1))
    quote = text[start : start + data.draw(st.integers(1, 80))]
    before = decimal.getcontext().copy()
    claim = _claim(quote, "Net sales", data.draw(st.sampled_from(years)), currency)
    result = resolve_all([claim], [Document("p", text, currency=currency)])
    assert len(result.facts) + len(result.refusals) == 1
    after = decimal.getcontext()
    assert (after.prec, after.rounding, after.traps) == (before.prec, before.rounding, before.traps)


def test_the_order_of_claims_and_documents_does_not_change_any_result() -> None:
    docs = [_document(path)[0] for path in sorted(PAGES.glob("*.json"))]
    claims = [
        {k: v for k, v in claim.items() if k not in _NOT_CLAIM}
        for path in sorted(PAGES.glob("*.json"))
        for claim in _document(path)[1]["claims"]
    ]
    forward = resolve_all(claims, docs)
    backward = resolve_all(list(reversed(claims)), list(reversed(docs)))
    assert sorted(f.value for f in forward.facts) == sorted(f.value for f in backward.facts)
    assert sorted(r.reason for r in forward.refusals) == sorted(r.reason for r in backward.refusals)


_AMOUNT_TEXT = regex.compile(r"\(?-?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|\(?-?\d+\.\d+\)?")
_YEAR_TEXT = regex.compile(r"(?<!\d)20[0-2]\d(?!\d)")


@pytest.mark.parametrize("path", sorted(PAGES.glob("*.json")), ids=lambda p: p.stem)
def test_no_amount_of_a_page_is_accepted_for_two_different_years(path: Path) -> None:
    """Claim every amount of the page for every year it mentions: at most one year may stick.

    A cell accepted for two years is wrong for one of them, whatever the
    expected answers say; this needs no answer key. (Amounts written inside a
    row label, such as a par value, are prose and name no year: skipped.)
    """
    doc, data = _document(path)
    text = doc.text
    currencies = {c["expect"].get("dimension") for c in data["claims"] if "value" in c["expect"]}
    currency = next((c for c in sorted(currencies - {None}) if len(c) == 3 and c.isupper()), None)
    years = sorted({int(y) for y in _YEAR_TEXT.findall(text)})
    for match in _AMOUNT_TEXT.finditer(text):
        quote = match.group()
        if text.count(quote) != 1 or len(quote) < 4:
            continue
        line = text[text.rfind("\n", 0, match.start()) + 1 : match.start()]
        if regex.search(r"\p{L}", line):
            continue  # a number inside a label or a sentence
        accepted = set()
        for year in years:
            for period, basis in ((f"FY{year}", "single_period"), (f"{year}-12-31", "instant")):
                claim = {
                    "evidence_id": doc.id,
                    "quote": quote,
                    "metric": "m",
                    "entity": "e",
                    "period": period,
                    "basis": basis,
                    "currency": currency,
                }
                if resolve_all([claim], [doc]).facts:
                    accepted.add(year)
        assert len(accepted) <= 1, f"{quote!r} accepted for {sorted(accepted)}"


@pytest.mark.parametrize(
    "text",
    [
        "2023\n" * 20_000 + "Net income\n1,204\n",  # a header run of 20,000 years
        "Net income\n" * 20_000 + "1,204\n",  # one label wrapped 20,000 times
        "Revenue\n" + "1,204 $\n" * 20_000,  # one row of 20,000 cells
        "(In millions)\n" * 10_000 + "Net income\n1,204\n",  # 10,000 declarations
        "Year Ended December 31,\n" * 10_000 + "2023\n2022\nNet income\n1,204\n987\n",
        "| 项目 | 2023 | 2022 |\n" * 10_000 + "| 营业收入 | 1,204 | 987 |\n",
        "2023\n2022\n" * 10_000 + "1,204\n",
        "$1 billion, " * 5_000 + "in 2023, 2022 respectively.",
    ],
    ids=["years", "labels", "cells", "declarations", "groups", "pipes", "headers", "list"],
)
def test_pathological_pages_are_read_in_bounded_time(text: str) -> None:
    # No timing is asserted: a quadratic step would take minutes here and be noticed.
    doc = Document("d", text, currency="USD")
    claims = [
        _claim(quote, "Net income", 2023, "USD")
        for quote in ("Net income\n1,204", "1,204", text[-30:].strip())
    ]
    result = resolve_all([{**c, "evidence_id": "d"} for c in claims], [doc])
    assert len(result.facts) + len(result.refusals) == len(claims)

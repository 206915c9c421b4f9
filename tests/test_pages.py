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

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from fincalc import Document, resolve_all

PAGES = Path(__file__).parent / "data" / "pages"
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


def test_the_corpus_is_big_enough_and_every_page_has_both_kinds_of_claim() -> None:
    pages = sorted(PAGES.glob("*.json"))
    assert len(pages) >= 30
    for path in pages:
        _, data = _document(path)
        kinds = {"refuse" in claim["expect"] for claim in data["claims"]}
        assert kinds == {True, False}, f"{path.stem}: needs claims to accept and to refuse"
        assert all(claim.get("why") for claim in data["claims"]), path.stem


def test_every_page_text_is_what_an_extractor_gives() -> None:
    for path in sorted(PAGES.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        assert "\r" not in text, path.stem
        assert path.with_suffix(".json").exists(), path.stem

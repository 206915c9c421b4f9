"""Audit records verified against their sources (issue 16): ``verify`` and ``fincalc verify``.

The review found that an audit record whose evidence page number or quoted
source text was edited still replayed: only the numbers were protected. Each
family of edit here is refused twice over: by the record's own fingerprint when
it is loaded, and by ``verify`` against the documents when it is not sealed
(records written before the fingerprint covered evidence) or edited in memory.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import (
    Claim,
    Computation,
    Document,
    Fact,
    InvalidInputError,
    ReplayMismatchError,
    VerificationError,
    add,
    ratio,
    resolve,
    verify,
    yoy,
)
from fincalc._computing.audit import FINGERPRINT_SCHEMA

ROOT = Path(__file__).parents[2]

PAGES = [
    "Annual report 2025. Item 7.",
    "单位：万元\n项目 | 2025Q3 | 2024Q3\n营业收入 | 87,000 | 80,000\n",
    "2025年第三季度，华南区营业收入6.12亿元。",
]


def _document() -> Document:
    return Document.from_pages("10-K", PAGES)


def _claim(period: str, quote: str, entity: str = "公司") -> Claim:
    return Claim(
        evidence_id="10-K",
        quote=quote,
        metric="营业收入",
        entity=entity,
        period=period,
        basis="single_period",
        currency="CNY",
    )


def _records() -> tuple[Document, Computation, Computation]:
    doc = _document()
    now = resolve(_claim("2025Q3", "营业收入 | 87,000 | 80,000"), [doc])
    before = resolve(_claim("2024Q3", "营业收入 | 87,000 | 80,000"), [doc])
    south = resolve(_claim("2025Q3", "华南区营业收入6.12亿元", "华南区"), [doc])
    return doc, yoy(now, before), add(now, south, entity="公司+华南区")


DOC, GROWTH, TOTAL = _records()


def test_a_resolved_computation_verifies_and_comes_back_equal() -> None:
    assert verify(GROWTH, [DOC]) == GROWTH
    assert verify(TOTAL, {"10-K": DOC}) == TOTAL
    assert verify(Computation.from_json(GROWTH.to_json()), DOC) == GROWTH
    assert GROWTH.inputs[0].evidence.page == 2
    assert TOTAL.inputs[1].evidence.page == 3


def _with_evidence(c: Computation, index: int, **changes: Any) -> Computation:
    fact = c.inputs[index]
    changed = dataclasses.replace(fact, evidence=dataclasses.replace(fact.evidence, **changes))
    return c.model_copy(update={"inputs": (*c.inputs[:index], changed, *c.inputs[index + 1 :])})


def _with_quantity(c: Computation, index: int, **changes: Any) -> Computation:
    fact = c.inputs[index]
    changed = dataclasses.replace(fact, quantity=dataclasses.replace(fact.quantity, **changes))
    return c.model_copy(update={"inputs": (*c.inputs[:index], changed, *c.inputs[index + 1 :])})


EDITS = [
    ("page", lambda c: _with_evidence(c, 0, page=1), "page"),
    ("page-of-second", lambda c: _with_evidence(c, 1, page=3), "page"),
    ("quote-number", lambda c: _with_evidence(c, 0, quote="营业收入 | 97,000 | 80,000"), "quote"),
    ("quote-elsewhere", lambda c: _with_evidence(c, 1, quote="华南区营业收入6.12亿元"), "period"),
    ("span", lambda c: _with_evidence(c, 0, span=(10, 20)), "span"),
    (
        "declaration",
        lambda c: _with_evidence(c, 0, unit_declaration="单位：元"),
        "unit declaration",
    ),
    ("method", lambda c: _with_evidence(c, 0, method="fuzzy"), "method"),
    ("score", lambda c: _with_evidence(c, 0, score=0.95), "score"),
    ("evidence-id", lambda c: _with_evidence(c, 0, evidence_id="10-Q"), "evidence_id"),
    ("value", lambda c: _with_quantity(c, 0, value=Decimal("9.7E+8")), "value"),
    ("raw", lambda c: _with_quantity(c, 0, raw="97,000"), "raw"),
    ("unit", lambda c: _with_quantity(c, 0, unit="元"), "unit"),
    ("amount-span", lambda c: _with_quantity(c, 0, span=(0, 3)), "amount span"),
    ("operation", lambda c: c.model_copy(update={"operation": "qoq"}), "operation"),
    ("result", lambda c: c.model_copy(update={"result": Decimal("0.5")}), "result"),
    ("display", lambda c: c.model_copy(update={"display": Decimal("8.70")}), "display"),
    ("note", lambda c: c.model_copy(update={"note": "edited"}), "note"),
]


@pytest.mark.parametrize(("name", "edit", "field"), EDITS, ids=[e[0] for e in EDITS])
def test_verify_names_the_first_thing_that_differs(name: str, edit: Any, field: str) -> None:
    edited = edit(GROWTH)
    with pytest.raises(VerificationError) as info:
        verify(edited, [DOC])
    assert info.value.field == field, str(info.value)
    assert str(info.value)
    if field not in ("operation", "result", "display", "note"):
        assert info.value.input is not None
        assert info.value.evidence_id is not None


@pytest.mark.parametrize(("name", "edit", "field"), EDITS, ids=[e[0] for e in EDITS])
def test_a_sealed_record_edited_in_its_json_does_not_load(name: str, edit: Any, field: str) -> None:
    data = json.loads(edit(GROWTH).to_json())
    data["fingerprint"] = GROWTH.fingerprint  # the seal of the record as written
    with pytest.raises((ReplayMismatchError, InvalidInputError, Exception)) as info:
        Computation.from_dict(data)
    assert isinstance(info.value, (ReplayMismatchError, InvalidInputError)) or (
        type(info.value).__name__ == "InvalidRecordError"
    )


def test_an_unsealed_record_with_an_edited_page_loads_replays_and_fails_verify() -> None:
    # the review's case, in a record written before fingerprints covered the evidence
    data = json.loads(GROWTH.to_json())
    del data["fingerprint"], data["fingerprint_schema"]
    data["inputs"][0]["evidence"]["page"] = 7
    data["inputs"][1]["evidence"]["quote"] = "营业收入 | 87,000 | 80,000 "
    loaded = Computation.from_dict(data)
    assert loaded.replay().result == GROWTH.result  # replay alone cannot tell
    with pytest.raises(VerificationError, match="page 7") as info:
        verify(loaded, [DOC])
    assert (info.value.field, info.value.input) == ("page", 0)


@given(position=st.integers(0, 10_000), character=st.sampled_from("0123456789abcxyz页:-"))
def test_no_single_character_edit_of_a_sealed_record_is_accepted(
    position: int, character: str
) -> None:
    text = GROWTH.to_json()
    position %= len(text)
    edited = text[:position] + character + text[position + 1 :]
    try:
        loaded = Computation.from_json(edited)
    except (VerificationError, InvalidInputError):
        return
    except ValueError as error:  # InvalidRecordError is a ValueError
        assert type(error).__name__ == "InvalidRecordError"
        return
    # loaded: the edit changed nothing the record holds (e.g. "8" over "8")
    assert loaded == GROWTH
    assert verify(loaded, [DOC]) == GROWTH


def test_a_changed_document_is_named() -> None:
    changed = Document.from_pages(
        "10-K", [PAGES[0], PAGES[1].replace("80,000", "81,000"), PAGES[2]]
    )
    with pytest.raises(VerificationError) as info:
        verify(GROWTH, [changed])
    assert info.value.field == "quote"
    moved = Document.from_pages("10-K", ["", *PAGES])  # every page one later
    with pytest.raises(VerificationError, match="page 2, the document gives 3"):
        verify(GROWTH, [moved])


def test_what_cannot_be_verified_is_refused_not_accepted() -> None:
    typed = yoy(
        Fact.build("8.7E+8", metric="营业收入", entity="公司", period="2025Q3", evidence_id="10-K"),
        Fact.build("8E+8", metric="营业收入", entity="公司", period="2024Q3", evidence_id="10-K"),
    )
    with pytest.raises(VerificationError, match="no quote") as info:
        verify(typed, [DOC])
    assert info.value.field == "quote"
    chained = ratio(GROWTH.as_fact(), GROWTH.as_fact(), metric="x")
    with pytest.raises(VerificationError, match="derived figure"):
        verify(chained, [DOC])
    with pytest.raises(VerificationError, match="not among the documents"):
        verify(GROWTH, [Document("other", "x")])
    with pytest.raises(InvalidInputError):
        verify(GROWTH.to_json(), [DOC])  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        verify(GROWTH, ["10-K text"])  # type: ignore[list-item]


def test_a_hand_entered_fact_with_a_quote_verifies_by_quote_page_and_value() -> None:
    fact = Fact.build(
        "6.12E+8",
        metric="营业收入",
        entity="华南区",
        period="2025Q3",
        evidence_id="10-K",
        quote="华南区营业收入6.12亿元",
        page=3,
    )
    other = TOTAL.inputs[0]
    c = add(other, fact, entity="公司+华南区")
    assert verify(c, [DOC]) == c
    wrong_page = add(
        other,
        dataclasses.replace(fact, evidence=dataclasses.replace(fact.evidence, page=2)),
        entity="公司+华南区",
    )
    with pytest.raises(VerificationError, match="page"):
        verify(wrong_page, [DOC])


def test_the_seal_is_written_and_an_unknown_schema_is_refused() -> None:
    data = GROWTH.to_dict()
    assert (data["fingerprint"], data["fingerprint_schema"]) == (
        GROWTH.fingerprint,
        FINGERPRINT_SCHEMA,
    )
    data["fingerprint_schema"] = "fincalc.computation/99"
    with pytest.raises(ValueError, match=r"fincalc\.computation/99"):
        Computation.from_dict(data)
    data["fingerprint_schema"], data["fingerprint"] = FINGERPRINT_SCHEMA, "abc"
    with pytest.raises(ValueError, match="64 hexadecimal digits"):
        Computation.from_dict(data)


# -- the command line --------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fincalc", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=ROOT,
    )


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    audit = tmp_path / "audit.json"
    audit.write_text(GROWTH.to_json(indent=2), "utf-8")
    many = tmp_path / "audit.jsonl"
    many.write_text(GROWTH.to_json() + "\n" + TOTAL.to_json() + "\n", "utf-8")
    page_file = tmp_path / "10-K.txt"
    page_file.write_text("\f".join(PAGES), "utf-8")
    docs = tmp_path / "docs.jsonl"
    docs.write_text(json.dumps({"id": "10-K", "pages": PAGES}, ensure_ascii=False) + "\n", "utf-8")
    edited = tmp_path / "edited.json"
    data = json.loads(GROWTH.to_json())
    data["inputs"][0]["evidence"]["page"] = 1
    edited.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    unsealed = tmp_path / "unsealed.json"
    del data["fingerprint"], data["fingerprint_schema"]
    unsealed.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return {
        "audit": audit,
        "many": many,
        "page_file": page_file,
        "docs": docs,
        "edited": edited,
        "unsealed": unsealed,
    }


def test_cli_verify_accepts_a_true_record(files: dict[str, Path]) -> None:
    # Document.from_pages joins with blank lines; the text file uses form feeds, so
    # its offsets differ: the JSONL documents reproduce the pages exactly.
    done = _cli("verify", str(files["audit"]), "--docs", str(files["docs"]))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("verified")
    done = _cli("verify", str(files["many"]), "--docs", str(files["docs"]), "--json")
    assert done.returncode == 0, done.stderr
    assert [r["verified"] for r in json.loads(done.stdout)] == [True, True]


def test_cli_verify_exit_1_names_the_difference(files: dict[str, Path]) -> None:
    done = _cli("verify", str(files["edited"]), "--docs", str(files["docs"]))
    assert done.returncode == 1
    assert "DOES NOT VERIFY" in done.stdout
    assert "fingerprint" in done.stdout
    done = _cli("verify", str(files["unsealed"]), "--docs", str(files["docs"]), "--json")
    assert done.returncode == 1
    (result,) = json.loads(done.stdout)
    assert (result["verified"], result["field"]) == (False, "page")
    # a text file whose offsets differ from the resolved document: a span difference
    done = _cli("verify", str(files["audit"]), "--doc", str(files["page_file"]))
    assert done.returncode == 1
    assert "span" in done.stdout or "page" in done.stdout


def test_cli_verify_bad_input_exits_2(files: dict[str, Path], tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"operation": ', "utf-8")
    for args in (
        ("verify", str(broken), "--docs", str(files["docs"])),
        ("verify", str(files["audit"])),
        ("verify", str(files["audit"]), "--doc", str(tmp_path / "missing.txt")),
        ("verify", str(tmp_path / "missing.json"), "--docs", str(files["docs"])),
    ):
        done = _cli(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert "Traceback" not in done.stderr
        assert done.stderr.count("\n") == 1


def test_an_edited_copy_in_memory_does_not_replay() -> None:
    page = _with_evidence(GROWTH, 0, page=9)
    with pytest.raises(ReplayMismatchError, match="changed after it was computed") as info:
        page.replay()
    assert info.value.field == "fingerprint"
    assert GROWTH.model_copy().replay() == GROWTH  # an unchanged copy is the same record
    assert page == page.model_copy()  # equality is by the fields alone

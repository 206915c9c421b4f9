"""Computation records: JSON, replay, fingerprint, chaining; conflicts (issue 5)."""

from __future__ import annotations

import dataclasses
import functools
import json
import pickle
import subprocess
import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from fincalc import (
    CaliberMismatchError,
    Computation,
    Conflict,
    Fact,
    FiscalCalendar,
    InvalidInputError,
    InvalidRecordError,
    ReplayMismatchError,
    Rounding,
    Term,
    VerificationError,
    abs_,
    add,
    average,
    base_from_growth,
    cagr,
    change_over,
    combine,
    find_conflicts,
    flow_from_balances,
    formula,
    growth_from_change,
    level_from_change,
    multiple_of,
    negate,
    pp_change,
    prior_level,
    qoq,
    ratio,
    render,
    scale,
    share,
    sub,
    yoy,
)
from fincalc._computing.audit import FINGERPRINT_SCHEMA

EAST_2025 = {
    "metric": "营业收入",
    "entity": "华东区",
    "period": "2025Q3",
    "evidence_id": "2025Q3-report",
    "raw": "8.7 亿元",
    "quote": "华东区营业收入8.7亿元",
    "page": 12,
}
EAST_2024 = {
    "metric": "营业收入",
    "entity": "华东区",
    "period": "2024Q3",
    "evidence_id": "2024Q3-report",
    "raw": "87,432 万元",
    "quote": "华东区营业收入87,432万元",
}
# Pinned: the canonical form must not change silently (bump FINGERPRINT_SCHEMA if it must).
# Fingerprint schema 2 (issue 16) hashes every field, the fincalc version included: the
# pin is taken on the record as written by 0.1.0, so a release does not move it.
EAST_YOY_FINGERPRINT = "3602406f19a77ab97777c63bae4353ff0106aad74c4fead63fcb53e299db63eb"


def east_yoy() -> Computation:
    return yoy(Fact.build("8.7E+8", **EAST_2025), Fact.build("874320000", **EAST_2024))


def fact(value: str, period: str = "2025Q3", **kwargs: Any) -> Fact:
    options: dict[str, Any] = {"metric": "营业收入", "entity": "华东区", "evidence_id": "doc"}
    options.update(kwargs)
    return Fact.build(value, period=period, **options)


# -- JSON ------------------------------------------------------------------------


def test_json_writes_decimals_as_strings_and_keeps_the_written_precision() -> None:
    c = east_yoy()
    data = json.loads(c.to_json())
    assert data["display"] == "-0.49"
    assert data["result"].startswith("-0.00494098270656052703815536645621740")
    assert data["rounding"] == "ROUND_HALF_UP@2%"
    assert data["inputs"][0]["quantity"]["value"] == "8.7E+8"  # exponent = written precision
    assert data["inputs"][1]["quantity"]["value"] == "874320000"
    assert data["inputs"][0]["evidence"]["quote"] == "华东区营业收入8.7亿元"
    assert data["inputs"][0]["quantity"]["raw"] == "8.7 亿元"
    assert data["version"]
    floats: list[str] = []
    json.loads(c.to_json(), parse_float=lambda text: floats.append(text))
    assert floats == []


def test_round_trip_is_lossless() -> None:
    c = east_yoy()
    again = Computation.from_json(c.to_json())
    assert again == c
    assert again.inputs[0].value.as_tuple() == Decimal("8.7E+8").as_tuple()
    assert again.result.as_tuple() == c.result.as_tuple()
    assert Computation.from_json(c.to_json(indent=2).encode()) == c
    assert Computation.from_dict(c.to_dict()) == c


def test_sums_are_written_in_plain_digits() -> None:
    total = add(fact("8.7E+8", entity="A"), fact("8.6E+8", entity="B"), entity="T")
    assert json.loads(total.to_json())["result"] == "1730000000"
    assert total.result.as_tuple().exponent == 0


def test_record_of_a_fiscal_calendar_round_trips() -> None:
    october = FiscalCalendar.named("october")
    quarters = [fact(str(i), f"Q{i} FY2024", calendar=october) for i in range(1, 3)]
    c = add(*quarters, calendar=october)
    again = Computation.from_json(c.to_json())
    assert again.calendar == october
    assert again.replay() == c


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("not json", None),
        ("[1, 2]", None),
        ("{}", "operation"),
    ],
)
def test_from_json_rejects_malformed_records(text: str, field: str | None) -> None:
    with pytest.raises(InvalidRecordError) as info:
        Computation.from_json(text)
    assert info.value.source == "Computation"
    if field:
        assert info.value.field == field


def _edited(**changes: Any) -> str:
    data = east_yoy().to_dict()
    data.update(changes)
    return json.dumps(data)


def _one_input() -> str:
    data = east_yoy().to_dict()
    data["inputs"] = data["inputs"][:1]
    return json.dumps(data)


def _usd_quantity() -> str:
    data = east_yoy().to_dict()
    data["inputs"][0]["quantity"]["dimension"] = "USD"
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        (_edited(display="-0.50"), "display"),
        (_edited(rounding="HALF_UP"), "rounding"),
        (_edited(operation="mul"), "operation"),
        (_one_input(), "exactly 2 inputs"),
        (_edited(question="营业收入同比?"), "Extra inputs"),
        (_usd_quantity(), "dimension"),
        (_edited(result="0.1x"), "result"),
    ],
    ids=["display", "rule", "operation", "inputs", "extra", "dimension", "result"],
)
def test_from_json_rejects_edited_records(text: str, match: str) -> None:
    with pytest.raises(InvalidRecordError, match=match):
        Computation.from_json(text)


def test_json_numbers_are_read_exactly() -> None:
    data = east_yoy().to_dict()
    text = json.dumps(data).replace('"display": "-0.49"', '"display": -0.49')
    with pytest.raises(InvalidRecordError):  # a number is still not a string...
        Computation.from_json(text.replace('"result": "', '"result": "x'))
    assert Computation.from_json(text).display == Decimal("-0.49")


# -- replay ----------------------------------------------------------------------


def test_replay_reproduces_and_detects_edits() -> None:
    c = east_yoy()
    assert c.replay() == c
    with pytest.raises(ReplayMismatchError) as info:
        c.model_copy(update={"result": Decimal("-0.0049")}).replay()
    assert info.value.expected == "-0.0049"
    assert info.value.actual == format(c.result, "f")
    edited_target = c.target.replace(tax="exclusive")
    with pytest.raises(ReplayMismatchError, match="target"):
        c.model_copy(update={"target": edited_target}).replay()


def _unsealed(c: Computation) -> dict[str, Any]:
    """``c`` as JSON data without its fingerprint, as records were written before issue 16."""
    data = json.loads(c.to_json())
    del data["fingerprint"], data["fingerprint_schema"]
    return data


def test_replay_of_edited_inputs_raises_replay_mismatch_with_the_cause() -> None:
    c = east_yoy()
    swapped = c.model_copy(update={"inputs": (c.inputs[1], c.inputs[0])})
    with pytest.raises(ReplayMismatchError, match="CaliberMismatchError") as info:
        swapped.replay()
    assert isinstance(info.value.__cause__, CaliberMismatchError)
    # the reviewer's case: an input caliber edited in the stored JSON. Since issue 16
    # a record is written with its fingerprint, which catches the edit on load ...
    data = json.loads(c.to_json())
    data["inputs"][1]["caliber"]["period"] = {"start": "2024-01-01", "end": "2024-10-01"}
    with pytest.raises(ReplayMismatchError, match="edited after it was written"):
        Computation.from_dict(data)
    # ... and replay still catches it in a record written without one (before issue 16)
    data = _unsealed(c)
    data["inputs"][1]["caliber"]["period"] = {"start": "2024-01-01", "end": "2024-10-01"}
    with pytest.raises(ReplayMismatchError, match="edited") as info:
        Computation.from_dict(data).replay()
    assert isinstance(info.value.__cause__, CaliberMismatchError)
    assert info.value.actual == "CaliberMismatchError"
    assert pickle.loads(pickle.dumps(info.value)).args == info.value.args
    # a rounding rule edited into one the result's dimension cannot take
    data = _unsealed(c)
    data["rounding"], data["display"] = "ROUND_HALF_UP@2亿", "-0.00"
    with pytest.raises(ReplayMismatchError) as info:
        Computation.from_dict(data).replay()
    assert isinstance(info.value.__cause__, InvalidInputError)


def test_replay_of_every_operation() -> None:
    a, b = fact("8.7E+8", entity="A"), fact("6E+8", entity="B")
    records = [
        add(a, b, entity="A+B"),
        sub(a, b),
        sub(fact("3", "2025年前三季度"), fact("2", "2025年上半年")),
        ratio(a, fact("2E+9", metric="营业成本", entity="A"), metric="收入成本比"),
    ]
    for record in records:
        assert record.replay() == record
        assert Computation.from_json(record.to_json()).replay() == record


# -- fingerprint -----------------------------------------------------------------


def pinned_east_yoy() -> Computation:
    """``east_yoy()`` as fincalc 0.1.0 wrote it (the version is part of the fingerprint)."""
    return east_yoy().model_copy(update={"version": "0.1.0"})


def test_fingerprint_is_pinned_and_stable_across_processes() -> None:
    c = pinned_east_yoy()
    assert c.fingerprint == EAST_YOY_FINGERPRINT
    code = (
        "from tests.computing.test_audit import pinned_east_yoy; "
        "print(pinned_east_yoy().fingerprint)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
        cwd=str(Path(__file__).parents[2]),
    )
    assert out.stdout.strip() == EAST_YOY_FINGERPRINT


def test_fingerprint_covers_inputs_and_their_evidence() -> None:
    # Until issue 16 a reworded quote, raw text or page kept the fingerprint, so an
    # audit record whose page number or quote was edited still matched: now every
    # field counts.
    c = east_yoy()
    reworded = yoy(
        Fact.build("870000000", **{**EAST_2025, "quote": "营收8.70亿", "raw": "8.70亿", "page": 3}),
        Fact.build("874320000", **EAST_2024),
    )
    assert reworded.fingerprint != c.fingerprint
    assert reworded.replay() == reworded  # the same numbers: replay alone cannot tell
    other_id = yoy(
        Fact.build("8.7E+8", **{**EAST_2025, "evidence_id": "other"}),
        Fact.build("874320000", **EAST_2024),
    )
    assert other_id.fingerprint != c.fingerprint
    other_rule = yoy(*c.inputs, rounding="ROUND_HALF_UP@1%")
    assert other_rule.fingerprint != c.fingerprint
    other_value = yoy(Fact.build("8.8E+8", **EAST_2025), Fact.build("874320000", **EAST_2024))
    assert other_value.fingerprint != c.fingerprint
    assert len(c.fingerprint) == 64


def _edit_evidence(c: Computation, **changes: Any) -> Computation:
    first = c.inputs[0]
    evidence = dataclasses.replace(first.evidence, **changes)
    return c.model_copy(
        update={"inputs": (dataclasses.replace(first, evidence=evidence), *c.inputs[1:])}
    )


def _edit_quantity(c: Computation, **changes: Any) -> Computation:
    first = c.inputs[0]
    quantity = dataclasses.replace(first.quantity, **changes)
    return c.model_copy(
        update={"inputs": (dataclasses.replace(first, quantity=quantity), *c.inputs[1:])}
    )


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(lambda c: _edit_evidence(c, quote="营业收入 9.7 亿元"), id="quote"),
        pytest.param(lambda c: _edit_evidence(c, page=13), id="page"),
        pytest.param(lambda c: _edit_evidence(c, span=(1, 9)), id="span"),
        pytest.param(lambda c: _edit_evidence(c, method="fuzzy"), id="method"),
        pytest.param(lambda c: _edit_evidence(c, score=0.91), id="score"),
        pytest.param(lambda c: _edit_evidence(c, unit_declaration="单位：元"), id="declaration"),
        pytest.param(lambda c: _edit_evidence(c, evidence_id="r-other"), id="evidence-id"),
        pytest.param(lambda c: _edit_quantity(c, raw="9.7 亿元"), id="raw"),
        pytest.param(lambda c: _edit_quantity(c, unit="万元"), id="unit"),
        pytest.param(lambda c: _edit_quantity(c, span=(0, 4)), id="quantity-span"),
        pytest.param(lambda c: _edit_quantity(c, value=Decimal("870000000")), id="value-written"),
        pytest.param(lambda c: c.model_copy(update={"note": "edited"}), id="note"),
        pytest.param(lambda c: c.model_copy(update={"version": "9.9.9"}), id="version"),
        pytest.param(lambda c: c.model_copy(update={"display": Decimal("-0.50")}), id="display"),
        pytest.param(lambda c: c.model_copy(update={"result": Decimal("0.5")}), id="result"),
        pytest.param(lambda c: c.model_copy(update={"operation": "qoq"}), id="operation"),
    ],
)
def test_every_edit_of_a_record_changes_its_fingerprint_and_is_refused_on_load(
    edit: Callable[[Computation], Computation],
) -> None:
    c = east_yoy()
    edited = edit(c)
    assert edited.fingerprint != c.fingerprint
    data = json.loads(edited.to_json())
    data["fingerprint"] = c.fingerprint  # the edit made after the record was written
    with pytest.raises((VerificationError, InvalidRecordError)):
        Computation.from_dict(data)


def test_fingerprint_depends_on_order_where_the_operation_does() -> None:
    a, b = fact("5", entity="A"), fact("3", entity="B")
    assert add(a, b, entity="T").fingerprint == add(b, a, entity="T").fingerprint
    assert sub(a, b).fingerprint != sub(b, a, entity="A − B").fingerprint


# -- chaining and views ------------------------------------------------------------


def test_as_fact_chains_exact_results() -> None:
    gross = sub(fact("1.5E+9", metric="营业收入"), fact("1.1E+9", metric="营业成本"), metric="毛利")
    margin = ratio(gross.as_fact(), fact("1.5E+9", metric="营业收入"), metric="毛利率")
    assert margin.display_text == "26.67%"
    derived = gross.as_fact()
    # named by its identity (issue 16: the fingerprint now covers wording and version,
    # which must not rename a derived figure)
    assert derived.evidence.evidence_id == f"computation:{gross.identity[:16]}"
    assert derived.caliber == gross.target
    assert gross.as_fact(evidence_id="calc-1").evidence.evidence_id == "calc-1"


def test_repr_and_display_text() -> None:
    c = east_yoy()
    assert repr(c) == (
        "Computation(yoy: 华东区 | 2025Q3 | 营业收入 yoy = -0.49% by ROUND_HALF_UP@2%)"
    )
    assert str(c) == repr(c)
    yi = add(
        fact("8.7E+8", entity="A"),
        fact("6E+8", entity="B"),
        entity="T",
        rounding="ROUND_HALF_UP@2亿",
    )
    assert yi.display_text == "14.70亿"
    mn = add(
        fact("8.7E+8", entity="A"),
        fact("6E+8", entity="B"),
        entity="T",
        rounding="ROUND_HALF_UP@1million",
    )
    assert mn.display_text == "1470.0 million"


def test_computation_is_frozen_and_hashable() -> None:
    c = east_yoy()
    with pytest.raises(Exception, match="frozen"):
        c.display = Decimal(0)  # type: ignore[misc]
    assert hash(c) == hash(Computation.from_json(c.to_json()))


def test_constructor_refuses_floats() -> None:
    c = east_yoy()
    with pytest.raises(Exception, match="float"):
        Computation(
            operation="yoy",
            inputs=c.inputs,
            target=c.target,
            rounding=Rounding(2, unit="%"),
            result=-0.005,  # type: ignore[arg-type]
            display=Decimal("-0.50"),
        )


def test_errors_with_calibers_pickle() -> None:
    try:
        yoy(fact("1", "2025Q3"), fact("1", "2024年前三季度"))
    except CaliberMismatchError as exc:
        again = pickle.loads(pickle.dumps(exc))
        assert str(again) == str(exc)
        assert again.left == exc.left
        assert again.differing == exc.differing
    else:
        raise AssertionError("expected CaliberMismatchError")


# -- conflicts -------------------------------------------------------------------


def margin(value: str, evidence_id: str, **kwargs: Any) -> Fact:
    options: dict[str, Any] = {
        "metric": "毛利率",
        "entity": "公司",
        "period": "FY2024",
        "dimension": "RATIO",
        "evidence_id": evidence_id,
    }
    options.update(kwargs)
    return Fact.build(value, **options)


def test_find_conflicts_groups_equal_calibers_with_different_values() -> None:
    facts = [
        margin("0.15", "管理层讨论-p12", raw="15%"),
        margin("0.148", "财务数据摘要-p3", raw="14.8%"),
        margin("0.15", "董事会报告-p20", raw="15.0%"),
        margin("0.30", "other", entity="子公司"),
        margin("0.20", "prior", period="FY2023"),
    ]
    conflicts = find_conflicts(facts)
    assert len(conflicts) == 1
    conflict = conflicts[0]
    assert isinstance(conflict, Conflict)
    assert conflict.caliber == facts[0].caliber
    assert conflict.evidence_ids == ("管理层讨论-p12", "财务数据摘要-p3", "董事会报告-p20")
    assert conflict.values == (Decimal("0.15"), Decimal("0.148"))
    assert conflict.spread == Decimal("0.002")
    assert tuple(conflict) == conflict.facts
    assert len(conflict) == 3


def test_find_conflicts_tolerances() -> None:
    facts = [margin("0.15", "a"), margin("0.148", "b")]
    assert find_conflicts(facts, tolerance="0.002") == []
    assert len(find_conflicts(facts, tolerance="0.001")) == 1
    assert find_conflicts(facts, rel_tolerance=Decimal("0.02")) == []
    assert len(find_conflicts(facts, rel_tolerance=Decimal("0.01"))) == 1
    amounts = [fact("8.7E+8", evidence_id="a"), fact("874320000", evidence_id="b")]
    assert len(find_conflicts(amounts)) == 1
    assert find_conflicts(amounts, tolerance=5_000_000) == []


def test_find_conflicts_ignores_repeats_and_singletons() -> None:
    assert find_conflicts([]) == []
    assert find_conflicts([margin("0.15", "a"), margin("0.150", "b")]) == []
    assert find_conflicts(iter([margin("0.15", "a")])) == []


def test_find_conflicts_refuses_bad_input() -> None:
    with pytest.raises(InvalidInputError, match="item 1"):
        find_conflicts([margin("0.15", "a"), "0.148"])  # type: ignore[list-item]
    with pytest.raises(InvalidInputError, match="negative"):
        find_conflicts([], tolerance=-1)
    with pytest.raises(InvalidInputError, match="float"):
        find_conflicts([], tolerance=0.1)  # type: ignore[arg-type]


def test_computation_pickles() -> None:
    c = east_yoy()
    fingerprint = c.fingerprint
    again = pickle.loads(pickle.dumps(c))
    assert again == c
    assert again.fingerprint == fingerprint


def test_fact_build_refuses_floats() -> None:
    with pytest.raises(InvalidInputError, match="float"):
        fact(0.1)  # type: ignore[arg-type]


# -- stored records: written before the computing stage was reorganised (#11) ------
#
# tests/data/computations.jsonl holds one record per operation and sentence kind,
# written by fincalc 0.1.0 at commit dc2de5e (before the split of ops.py), with its
# fingerprint and its sentences.  Never regenerate it: a failure here means records
# users stored no longer load, replay, hash or read alike.

STORED = Path(__file__).parents[1] / "data" / "computations.jsonl"
PINNED_FINGERPRINTS = {
    "add-entities": "535090e480945c6b70d6ed309099af1a2fdd96af942ab2c8e11181d9cc1df4ff",
    "add-quarters": "9f69938a0c4a808ba3b64c3117a82a3d1a1c4518e07d8b85d0fbc8c68e9257b8",
    "add-fiscal": "404367cab0033f7031956c29357a7ce8a1581dbe8eb04a88b3b3e17add91e741",
    "sub-entity": "2c5a9ea94094d88df441dc933add69d7ef86842306b949564a8f931ac5c2f3ba",
    "sub-metric": "719c2e12537b35cf9e06f1761ae534afa6eb33638e893b5b74423008345e1372",
    "sub-remainder": "85480c0157a8537240524a9bb9586c6a133fe0e164de8edfc3529f3109deb26c",
    "sub-change": "3150d5120af6dbb574506c9adc4e08ed6c121fe1509d64b6340e5f6464ed015a",
    "yoy": "b176bc4e21cde0c17abb8fc79f02d24e395f8919dfc111d11ea009df33848034",
    "yoy-fiscal": "53edc95ed867b4359e2c3104ca05239fdee901a68283b39fa6c25c3c131b503f",
    "qoq": "09084f76fd9e5446b84eb1eeaee363c8b54d749c122e1f2e86715778339d5bf9",
    "ratio": "e417dbf48f780f624830de4bc08678efc111db925d4a6e110646f2e27a35206b",
    "ratio-per-share": "6912907ac7e4d331d728c397ffa29c2e9df31ea743533cf8db071f8822f1d023",
    "share": "cc89f0542354b5fd15eb453317f35d677caf9c333859448bc080c56d1b8261ad",
    "cagr": "34c356d47e349488a6cecbfdc281a9e82233d411ff66bd6efccd77c3d08ef43a",
    "pp-change": "3d4682c404498904474740eb799c4b520f8393473490fcbed420f42a5c90f6d0",
}
# Added by issue 14 (the operations analysts use), appended to the same file with
# the same rule: never regenerate a line.
PINNED_FINGERPRINTS.update(
    {
        "average-balances": "d8acf3a0015cdd7af026306c2465ea65318759f1891a85396151e9c4727ca21c",
        "average-periods": "dddd99b3b4752747628327182e89e68cd2879d33ce5c97ce03268163d1ff953b",
        "add-metrics": "049fbd727f2f1738ab07d7938dfe798d236e00815843841a492a0814c6d89a23",
        "combine-signs": "28c703ab61cb0045be62f85e35601f04fabaac354924dc57b9d289bc78691a82",
        "formula-fcf": "8ca32f8532e51820d7201789fa88679c3a47b90ff85c72a42a9a1776ccb1c4c8",
        "formula-dso-chained": "ce9448ebc1b0cf3dc04f043b4b99bbb893a60308037fcd790a3e8c7ee8abc97d",
        "ratio-turnover": "6abc8bbec51f65a92b19809726be100590aee5b917d697723a9e58751175941a",
        "ratio-days": "1ab64b2fa696a13e307a799b4af874c87d2ec92b039c2d546b9c75eb120e88d5",
        "ratio-per-unit": "293b2ccaa8a20e5ee7addbbfcff039d2ec626e9ba05762252d23174001bcab49",
        "ratio-signs": "83a7ef97830dc4f078c96fcf63616afdf8de0f5d461d1b3f355370cfdbea4d76",
        "sub-signs": "d62000ae443a848fd8b6dd70f049d8c995ac8d6f12b3549158c2e7ef77c7dbbc",
        "scale-days": "19a156057dac555c636bb287cbbb2ee021562dba19f28ad6e624d12eb664389e",
        "negate": "0ef1ab44a4493adddadf849b3b995777d818deada892b54cfd36c25d7c083e9b",
        "abs": "d6f83b3a9dd19ee5df2845daa07ea64ca2b932817831427455018f8dc5a2f924",
        "change-over": "130c25e9da4d476632e7787b17770224f86a10abab4fa599f4f4b2e415578c08",
        "base-from-growth": "2acc473526104f3237bb14c7f929b50be3cecbe7db6b97f2a8cfaa2408f0d972",
    }
)

# Fingerprint schema 2 (issue 16) hashes every field, evidence included, so the
# fingerprints of the same stored records moved: the file keeps the schema-1 values
# it was written with (above), these are what the records hash to now. Never
# regenerate these either.
PINNED_V2_FINGERPRINTS = {
    "add-entities": "08d7596301b84455d0402b61e102d6727ec452514a7cd96df6a3b45ded4f2356",
    "add-quarters": "8e2248afa4256d262fe7e322fc932a381d0cd6e9c407c081be0bbf1e478831ed",
    "add-fiscal": "b5783790a997cf4ed354c85ef8cf5671863a15b9e00f36e5128d4ea6dcaa44bb",
    "sub-entity": "fb8a08fb210460ab7ce842c6709cfaf9c3e6bc55ddcc5a14172be7549acbc4b7",
    "sub-metric": "c529acabdd9d8d84ea72a96a73b67ae6294632b1feed715ed6d9741ba64aca2e",
    "sub-remainder": "7ee3bf032372b429b19a68d16f58f806844b777bac5535a7dfe6c35d61f984c7",
    "sub-change": "0a237c1f7cb39ffcf796cef4db8cb1a51b807970aee454a99a267b5eba1391c8",
    "yoy": "825f25f2ce6c10f6592b638ee53c78b3ce02a6140445aa62788bac11e1201886",
    "yoy-fiscal": "1059afbfc7cb3731b572372aef1c259002b410c8dfbac1deeb8d16092874d293",
    "qoq": "1957798230ed7e89a3c9adde8dfe9a872d83e036e4b6373cc35f7bace2208d87",
    "ratio": "0953d97acedd68ad24c1a2ddb1ee659d1a216960bf9bb317f0df18ae840fead1",
    "ratio-per-share": "c3433ee544aabd0b5a8762ddb2680aafcb7e8c8c56970907f798e626d1d229cf",
    "share": "3cff41795e7f47f8106fd55854c7c0a1e920130bd726e6852cf53ef7dd0c1a55",
    "cagr": "98572d534ebbe32a5f7a64bfacbac5bafb2d2f016b23006f6dd66a835a7f58bd",
    "pp-change": "ecf238cc210b8b26bff7491ad772404254bbed3e86812c54388a300f1d0d2a68",
    "average-balances": "baf850fdfb6322731a86151535b0251a68bad529d45b513b37aad2c6cdf5fe27",
    "average-periods": "8f0deec69fd81b4dfd4801ef982ffebc2775431a1156ecc0d32a94f1425eab80",
    "add-metrics": "192fa7871e0799f38cd321823b30b743fe5a10730ab85cfc795d4def2829b5a1",
    "combine-signs": "f6e5f6b16c9b734199e1f8c3f3133b8ef0dff63b18f57a04bd28511426b81cdf",
    "formula-fcf": "29049ecbc54384cd1068fc028e7d001c563b0c38e0f2e72b8ac22757b5bbe9af",
    "formula-dso-chained": "8cf0c161913c77896bf835a76b542ac88efba8cd4e7cb6a7b232174c1b2dfa48",
    "ratio-turnover": "f99b7340aa921296af61feabf46ac1fbe660ff71be035a469477de608c45332d",
    "ratio-days": "18dc385997b0953a1e9685616f00ad856d5a3274f8fece4964bf1b8ab5581a2a",
    "ratio-per-unit": "75ad85011fb8fcd6563da584cbcb11dd025c948c1e5d7abfb5f18f45e08b9ed5",
    "ratio-signs": "12283046b1b6bf8f3da45cb0d28c7a6d5430944af835f18409cd4383b24d49a8",
    "sub-signs": "b01ab54dde03f444362ab02d27a787a383e9fb38ced510f2fc62e9ddff384a93",
    "scale-days": "9bd570aa12e97ecca469ea30076fdb46aee1723f3667758c988cab5d0ddba1c6",
    "negate": "0b9931d8c166e52b93df0a7510c827a39298365abf26d4d9be08ffb0f4117d58",
    "abs": "5311ee1f094c035f7445306d034f43a655a092d284270d369a5e07fab107724d",
    "change-over": "fdfa5283972e5698849b7511c40518e17617c9cf101b6cd596efa887d48a7f80",
    "base-from-growth": "e1961d65c9da6592d268f25b5828e90ca46e21a7a5f149ecd53316b4b7ce7b92",
}


# Added by issue 27 (changes as facts), appended with the same rule; written under
# fingerprint schema 2, so the stored and the current fingerprint are the same.
ISSUE_27_FINGERPRINTS = {
    "prior-level": "a0afc963957c734b3f00b39b36a0c22bd2fe6d4ad660b3c47fd181ad16e09e24",
    "growth-from-change": "b96f3b4961be8cff65e31cee23b00c9373433e2b6caa7132a387c104474c1cf3",
    "level-from-change": "74d88c99370f641a430d518d4bd02a32d1b0ae25232f42385170b4c23b58c89d",
    "flow-from-balances": "8a966dd5ee81813dfaa13e130a9347bda3f2294cacc37315b835d3d2ad216d1c",
    "multiple-of": "6482bd9b338d6014641f0ead1a69e79b63f7ffbd34b28be084602370bfbd6cc8",
    "share-of-year": "9e704f64bb73e5c9cedbd16ad76fc27a31c2558fe67b2876fbfbeebb577a7deb",
    "change-over-dates": "4c23dd45d1a80ab28e7e0624a0312f5085ba412302e82278545c85668b268cb4",
}
PINNED_FINGERPRINTS.update(ISSUE_27_FINGERPRINTS)
PINNED_V2_FINGERPRINTS.update(ISSUE_27_FINGERPRINTS)


def _stored() -> dict[str, dict[str, Any]]:
    lines = STORED.read_text(encoding="utf-8").splitlines()
    return {line["id"]: line for line in map(json.loads, lines)}


def _at(period: str, value: str, **kwargs: Any) -> Fact:
    options: dict[str, Any] = {
        "metric": "营业收入",
        "entity": "华东区",
        "evidence_id": f"r-{period}",
    }
    options.update(kwargs)
    return Fact.build(value, period=period, **options)


@functools.cache
def stored_operations() -> dict[str, Computation]:
    """The calls that wrote tests/data/computations.jsonl, through the public API."""
    october = FiscalCalendar.named("october")
    east = _at("2025Q3", "8.7E+8", raw="8.7 亿元", page=12)
    south = _at(
        "2025Q3", "612000000", entity="华南区", evidence_id="seg-south", quote="华南区6.12亿"
    )
    quarters = [
        _at(f"2025Q{i}", v) for i, v in enumerate(["8.1E+8", "8.9E+8", "9E+8", "9.6E+8"], 1)
    ]
    ratios = [
        _at(p, v, metric="毛利率", dimension="RATIO")
        for p, v in [("FY2024", "0.253"), ("FY2023", "0.248")]
    ]
    return {
        "add-entities": add(east, south, entity="华东+华南", rounding="ROUND_HALF_UP@2亿"),
        "add-quarters": add(*quarters),
        "add-fiscal": add(
            *[_at(f"Q{i} FY2024", str(i), calendar=october) for i in (1, 2)], calendar=october
        ),
        "sub-entity": sub(east, south),
        "sub-metric": sub(
            _at("FY2024", "2.9E+9"),
            _at("FY2024", "2.1E+9", metric="营业成本"),
            metric="毛利",
            rounding="ROUND_HALF_EVEN@1亿",
        ),
        "sub-remainder": sub(
            _at("2025年前三季度", "2600000000"), _at("2025年上半年", "1700000000")
        ),
        "sub-change": sub(_at("FY2024", "3.1E+9"), _at("FY2023", "2.9E+9")),
        "yoy": yoy(east, _at("2024Q3", "874320000", raw="87,432 万元")),
        "yoy-fiscal": yoy(
            _at("Q1 FY2025", "120", calendar=october),
            _at("Q1 FY2024", "100", calendar=october),
            calendar=october,
            metric="营收同比",
        ),
        "qoq": qoq(quarters[2], quarters[1]),
        "ratio": ratio(
            _at("FY2024", "1.2E+8", metric="净利润"), _at("FY2024", "1.5E+9"), metric="净利率"
        ),
        "ratio-per-share": ratio(
            _at("FY2024", "1.2E+8", metric="净利润"),
            _at("FY2024", "4E+8", metric="总股本", dimension="SHARES"),
            metric="每股收益",
            rounding="ROUND_HALF_UP@4",
        ),
        "share": share(east, _at("2025Q3", "2.9E+9", entity="全公司")),
        "cagr": cagr(_at("FY2024", "133.1"), _at("FY2021", "100"), rounding="ROUND_DOWN@3%"),
        "pp-change": pp_change(*ratios),
        **_issue_14_operations(),
        **_issue_27_operations(),
    }


def _issue_14_operations() -> dict[str, Computation]:
    """The records of the operations issue 14 added, as stored in the file."""
    usd: dict[str, Any] = {"entity": "Acme", "dimension": "USD", "evidence_id": "10-K", "page": 48}
    ocf = _at("FY2024", "2.7446E+9", metric="Operating cash flow", **usd)
    capex = _at("FY2024", "-4.608E+8", metric="Capex", raw="(460.8)", **usd)
    revenue = _at("FY2024", "1.248E+10", metric="Net sales", **usd)
    receivables = [
        _at(day, value, metric="Accounts receivable", **usd)
        for day, value in [("2023-12-31", "1.8748E+9"), ("2024-12-31", "2.0962E+9")]
    ]
    oi = _at("FY2024", "9.8765E+8", metric="营业利润", page=112)
    da = _at("FY2024", "-2.6914E+8", metric="折旧与摊销", raw="(26,914)", page=140)
    inventory = [
        _at(day, value, metric="存货", page=114)
        for day, value in [("2023-12-31", "9.1234E+8"), ("2024-12-31", "9.8765E+8")]
    ]
    years = [
        _at(p, v) for p, v in [("FY2022", "7.0E+9"), ("FY2023", "8.0E+9"), ("FY2024", "8.8E+9")]
    ]
    staff = _at("2024-12-31", "12000", metric="员工人数", dimension="PERSONS")
    growth = _at(
        "FY2024", "0.052", metric="地区生产总值增长率", dimension="RATIO", quote="比上年增长5.2%"
    )
    return {
        "average-balances": average(*inventory),
        "average-periods": average(*years, metric="三年平均营业收入"),
        "add-metrics": add(oi, _at("FY2024", "2.6914E+8", metric="折旧与摊销"), metric="EBITDA"),
        "combine-signs": combine(Term(oi), Term(da, convention="magnitude"), metric="EBITDA"),
        "formula-fcf": formula("FCF", {"operating_cash_flow": ocf, "capital_expenditure": capex}),
        "formula-dso-chained": formula(
            "DSO",
            {"accounts_receivable": average(*receivables).as_fact(), "revenue": revenue},
        ),
        "ratio-turnover": ratio(years[2], inventory[1], metric="存货周转率", kind="turnover"),
        "ratio-days": ratio(inventory[1], years[2], metric="存货周转天数", kind="days", days=360),
        "ratio-per-unit": ratio(years[2], staff, metric="人均营业收入", kind="per_unit"),
        "ratio-signs": ratio(capex, ocf, metric="Capex to OCF", signs=("magnitude", "as_written")),
        "sub-signs": sub(ocf, capex, metric="FCF", signs=("as_written", "magnitude")),
        "scale-days": scale(
            _at("FY2024", "0.2573", metric="应收账款/营业收入", dimension="RATIO"),
            365,
            meaning="days in the year",
            dimension="DAYS",
            metric="应收账款周转天数",
        ),
        "negate": negate(capex),
        "abs": abs_(da),
        "change-over": change_over(years[2], years[0]),
        "base-from-growth": base_from_growth(years[2], growth),
    }


def _issue_27_operations() -> dict[str, Computation]:
    """The records of the operations issue 27 added (changes as facts), as stored."""
    gdp = _at("2024年", "3003.1E+8", metric="地区生产总值", entity="全省", evidence_id="公报")
    rise = _at(
        "2024年",
        "553.1E+8",
        metric="地区生产总值",
        entity="全省",
        evidence_id="公报",
        role="change",
        quote="比上年增加553.1亿元",
        raw="553.1亿元",
    )
    usd: dict[str, Any] = {"dimension": "USD", "evidence_id": "10-Q", "page": 5}
    cash = [
        _at(day, value, metric="Cash", entity="Retailer", **usd)
        for day, value in [("2023-01-28", "892E+6"), ("2023-07-29", "1204E+6")]
    ]
    buybacks = [
        _at(p, v, metric="Share repurchases", entity="Acme", **usd)
        for p, v in [("2022Q4", "1.9E+9"), ("FY2022", "7.2E+9")]
    ]
    inventory = [
        _at(day, value, metric="存货", entity="公司", evidence_id="资产负债表")
        for day, value in [("2024-12-31", "1.3E+9"), ("2023-12-31", "1.1E+9")]
    ]
    cogs = _at("2024年", "5.2E+9", metric="营业成本", entity="公司", evidence_id="利润表")
    pvc = [
        _at("2023", v, metric="PVC consumption", entity=e, dimension="TONNES", evidence_id="mr")
        for e, v in [("US", "7.1E+6"), ("Germany", "1.6E+6")]
    ]
    return {
        "prior-level": prior_level(gdp, rise, rounding="ROUND_HALF_UP@1亿"),
        "growth-from-change": growth_from_change(gdp, rise),
        "level-from-change": level_from_change(prior_level(gdp, rise).as_fact(), rise),
        "flow-from-balances": flow_from_balances(cogs, *inventory, metric="采购额"),
        "multiple-of": multiple_of(*pvc),
        "share-of-year": share(*buybacks),
        "change-over-dates": change_over(cash[1], cash[0]),
    }


def test_stored_records_cover_every_operation() -> None:
    stored = _stored()
    assert set(stored) == set(PINNED_FINGERPRINTS)
    operations = {line["record"]["operation"] for line in stored.values()}
    assert operations == {
        "add",
        "sub",
        "yoy",
        "qoq",
        "ratio",
        "share",
        "cagr",
        "pp_change",
        "average",
        "combine",
        "formula",
        "scale",
        "negate",
        "abs",
        "change_over",
        "base_from_growth",
        "prior_level",
        "growth_from_change",
        "level_from_change",
        "flow_from_balances",
        "multiple_of",
    }
    kinds = {line["record"].get("kind") for line in stored.values()}
    assert {"turnover", "days", "per_unit"} <= kinds


@pytest.mark.parametrize("case", sorted(PINNED_FINGERPRINTS))
def test_stored_records_load_replay_and_keep_their_fingerprint(case: str) -> None:
    line = _stored()[case]
    assert line["fingerprint"] == PINNED_FINGERPRINTS[case]  # schema 1, as written then
    loaded = Computation.from_dict(line["record"])  # an unsealed record loads as before
    assert loaded.fingerprint == PINNED_V2_FINGERPRINTS[case]
    written = loaded.to_dict()
    assert written.pop("fingerprint") == loaded.fingerprint  # sealed when written again
    assert written.pop("fingerprint_schema") == FINGERPRINT_SCHEMA
    assert written == line["record"]  # lossless, field for field
    assert loaded.replay() == loaded
    for locale, sentence in line["render"].items():
        assert render(loaded, locale=locale) == sentence


@pytest.mark.parametrize("case", sorted(PINNED_FINGERPRINTS))
def test_operations_still_compute_the_stored_records(case: str) -> None:
    stored = _stored()[case]["record"]
    fresh = stored_operations()[case].model_copy(update={"version": stored["version"]})
    assert fresh.fingerprint == PINNED_V2_FINGERPRINTS[case]
    written = fresh.to_dict()
    assert (written.pop("fingerprint"), written.pop("fingerprint_schema")) == (
        PINNED_V2_FINGERPRINTS[case],
        FINGERPRINT_SCHEMA,
    )
    assert written == stored


# -- issue 14: the new fields, chained citations, HTML, and review bugs -------------


def test_replay_of_an_unknown_operation_is_a_fincalc_error_not_a_key_error() -> None:
    edited = east_yoy().model_copy(update={"operation": "median"})
    with pytest.raises(ReplayMismatchError, match="'median', which fincalc does not have") as info:
        edited.replay()
    assert isinstance(info.value.__cause__, InvalidRecordError)


def test_replay_detects_an_edited_sign_convention_or_factor() -> None:
    stored = stored_operations()
    with pytest.raises(ReplayMismatchError):
        stored["sub-signs"].model_copy(update={"signs": ("as_written", "as_written")}).replay()
    with pytest.raises(ReplayMismatchError):
        stored["ratio-days"].model_copy(update={"factor": Decimal(365)}).replay()
    with pytest.raises(ReplayMismatchError):
        stored["formula-fcf"].model_copy(update={"formula": None}).replay()


def test_new_fields_are_written_only_when_set() -> None:
    assert set(east_yoy().to_dict()) == {
        "operation",
        "inputs",
        "target",
        "rounding",
        "result",
        "display",
        "version",
        "note",
        "calendar",
        "fingerprint",
        "fingerprint_schema",
    }
    days = stored_operations()["ratio-days"].to_dict()
    assert (days["kind"], days["factor"]) == ("days", "360")
    assert json.loads(stored_operations()["formula-fcf"].to_json())["formula"]["name"] == (
        "free_cash_flow"
    )


def test_from_json_checks_the_input_count_of_every_operation() -> None:
    data = stored_operations()["negate"].to_dict()
    data["inputs"] = data["inputs"] * 2
    with pytest.raises(InvalidRecordError, match="negate takes exactly 1 input"):
        Computation.from_dict(data)
    data = stored_operations()["formula-fcf"].to_dict()
    data["inputs"] = data["inputs"][:1]
    with pytest.raises(InvalidRecordError, match="formula takes exactly 2 inputs"):
        Computation.from_dict(data)


def test_a_chained_computation_cites_the_original_pages() -> None:
    dso = stored_operations()["formula-dso-chained"]
    derived = dso.inputs[0]
    assert derived.evidence.evidence_id.startswith("computation:")
    # both balances were read from one page of one filing: cited once
    assert [(e.evidence_id, e.page) for e in derived.evidence.sources] == [("10-K", 48)]
    again = Computation.from_json(dso.to_json())
    assert again.inputs[0].evidence.sources == derived.evidence.sources
    for locale in ("zh_CN", "en_US"):
        assert "computation:" not in render(dso, locale=locale)  # type: ignore[arg-type]
    twice = ratio(dso.as_fact(), dso.as_fact(), metric="self")
    assert [e.evidence_id for e in twice.as_fact().evidence.sources] == ["10-K"]


def test_repr_html_shows_formula_inputs_rounding_and_result_escaped() -> None:
    hostile = _at(
        "FY2024",
        "-460.8",
        metric="<script>alert(1)</script>",
        raw="(460.8)",
        quote="Capex & <b>tools</b>",
        page=7,
    )
    c = negate(hostile)
    html = c._repr_html_()
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert "Capex &amp; &lt;b&gt;tools&lt;/b&gt;" in html
    assert "−a" in html
    assert "p. 7" in html
    assert "ROUND_HALF_UP@2" in html
    assert "460.8" in html


@pytest.mark.parametrize("case", sorted(PINNED_FINGERPRINTS))
def test_every_stored_record_has_an_expression(case: str) -> None:
    expression = stored_operations()[case].expression
    assert "?" not in expression
    assert "a" in expression

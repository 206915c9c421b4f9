"""Computation records: JSON, replay, fingerprint, chaining; conflicts (issue 5)."""

from __future__ import annotations

import functools
import json
import pickle
import subprocess
import sys
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
    add,
    cagr,
    find_conflicts,
    pp_change,
    qoq,
    ratio,
    render,
    share,
    sub,
    yoy,
)

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
EAST_YOY_FINGERPRINT = "336a5f0d04a63413d9d6d0435207a9929acc792ed62c6e4f6fc7bc5295318140"


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


def test_replay_of_edited_inputs_raises_replay_mismatch_with_the_cause() -> None:
    c = east_yoy()
    swapped = c.model_copy(update={"inputs": (c.inputs[1], c.inputs[0])})
    with pytest.raises(ReplayMismatchError, match="CaliberMismatchError") as info:
        swapped.replay()
    assert isinstance(info.value.__cause__, CaliberMismatchError)
    # the reviewer's case: an input caliber edited in the stored JSON
    data = json.loads(c.to_json())
    data["inputs"][1]["caliber"]["period"] = {"start": "2024-01-01", "end": "2024-10-01"}
    with pytest.raises(ReplayMismatchError, match="edited") as info:
        Computation.from_dict(data).replay()
    assert isinstance(info.value.__cause__, CaliberMismatchError)
    assert info.value.actual == "CaliberMismatchError"
    assert pickle.loads(pickle.dumps(info.value)).args == info.value.args
    # a rounding rule edited into one the result's dimension cannot take
    data = json.loads(c.to_json())
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


def test_fingerprint_is_pinned_and_stable_across_processes() -> None:
    c = east_yoy()
    assert c.fingerprint == EAST_YOY_FINGERPRINT
    code = "from tests.test_audit import east_yoy; print(east_yoy().fingerprint)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
        cwd=str(Path(__file__).parent.parent),
    )
    assert out.stdout.strip() == EAST_YOY_FINGERPRINT


def test_fingerprint_covers_inputs_not_wording() -> None:
    c = east_yoy()
    reworded = yoy(
        Fact.build("870000000", **{**EAST_2025, "quote": "营收8.70亿", "raw": "8.70亿", "page": 3}),
        Fact.build("874320000", **EAST_2024),
    )
    assert reworded.fingerprint == c.fingerprint  # same value, evidence id and caliber
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
    assert derived.evidence.evidence_id == f"computation:{gross.fingerprint[:16]}"
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

STORED = Path(__file__).parent / "data" / "computations.jsonl"
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
    }


def test_stored_records_cover_every_operation() -> None:
    stored = _stored()
    assert set(stored) == set(PINNED_FINGERPRINTS)
    operations = {line["record"]["operation"] for line in stored.values()}
    assert operations == {"add", "sub", "yoy", "qoq", "ratio", "share", "cagr", "pp_change"}


@pytest.mark.parametrize("case", sorted(PINNED_FINGERPRINTS))
def test_stored_records_load_replay_and_keep_their_fingerprint(case: str) -> None:
    line = _stored()[case]
    assert line["fingerprint"] == PINNED_FINGERPRINTS[case]
    loaded = Computation.from_dict(line["record"])
    assert loaded.fingerprint == PINNED_FINGERPRINTS[case]
    assert loaded.to_dict() == line["record"]  # lossless, field for field
    assert loaded.replay() == loaded
    for locale, sentence in line["render"].items():
        assert render(loaded, locale=locale) == sentence


@pytest.mark.parametrize("case", sorted(PINNED_FINGERPRINTS))
def test_operations_still_compute_the_stored_records(case: str) -> None:
    stored = _stored()[case]["record"]
    fresh = stored_operations()[case]
    assert fresh.fingerprint == PINNED_FINGERPRINTS[case]
    assert {**fresh.to_dict(), "version": stored["version"]} == stored

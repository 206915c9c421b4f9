"""GoldCase and Prediction: every way of building one raises InvalidRecordError (G2)."""

from __future__ import annotations

import json
import pickle
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from fincalc import GoldCase, InvalidRecordError, Prediction, load_gold

BAD = [
    (GoldCase, {"qid": "q", "value": 1.5, "dimension": "CNY"}, "value", "float 1.5"),
    (GoldCase, {"qid": "q", "value": "1E+100", "dimension": "CNY"}, "value", "out of range"),
    (GoldCase, {"qid": "q", "value": "1"}, None, "needs its dimension"),
    (GoldCase, {"qid": "q", "colour": "red"}, "colour", "Extra inputs"),
    (GoldCase, {"qid": "q", "unit": "furlongs"}, "unit", "no unit is declared"),
    (GoldCase, {"qid": ""}, "qid", "at least 1"),
    (Prediction, {"qid": "q", "value": 1.5}, "value", "float 1.5"),
    (Prediction, {"qid": "q", "refused": "maybe"}, "refused", "boolean"),
    (Prediction, {"qid": "q", "retrieved": "doc-1"}, "retrieved", "list of ids"),
]


@pytest.mark.parametrize(
    ("model", "data", "field", "reason"),
    [pytest.param(*row, id=f"{row[0].__name__}-{row[2]}-{row[3]}") for row in BAD],
)
def test_every_constructor_raises_invalid_record_error(
    model: type[GoldCase] | type[Prediction], data: dict[str, Any], field: str | None, reason: str
) -> None:
    builders = [lambda: model.model_validate(data), lambda: model(**data)]
    if not any(isinstance(v, float) for v in data.values()):  # JSON numbers are Decimals
        builders.append(lambda: model.model_validate_json(json.dumps(data)))
    for build in builders:
        with pytest.raises(InvalidRecordError) as info:
            build()
        err = info.value
        assert not isinstance(err, ValidationError)
        assert isinstance(err.__cause__, ValidationError)
        assert err.field == field
        assert err.source == model.__name__
        assert reason in str(err)
        assert pickle.loads(pickle.dumps(err)).args == err.args


def test_message_names_the_model_qid_and_field() -> None:
    with pytest.raises(InvalidRecordError) as info:
        GoldCase.model_validate({"qid": "q7", "value": 1.5, "dimension": "CNY"})
    assert str(info.value).startswith("GoldCase (qid 'q7'): field 'value': float 1.5")


def test_valid_records_build_every_way() -> None:
    data = {"qid": "q1", "value": "870000000", "dimension": "CNY", "unit": "亿元"}
    case = GoldCase(**data)
    assert GoldCase.model_validate(data) == case
    text = '{"qid": "q1", "value": "870000000", "dimension": "CNY", "unit": "亿元"}'
    assert GoldCase.model_validate_json(text) == case
    assert Prediction(qid="a", text="8.7亿元").text == "8.7亿元"
    assert pickle.loads(pickle.dumps(case)) == case
    with pytest.raises(ValidationError):  # frozen: assignment is pydantic's own error
        case.qid = "q2"  # type: ignore[misc]


def test_json_numbers_are_read_as_decimals() -> None:
    pred = Prediction.model_validate_json(b'{"qid": "a", "value": 1.45}')
    assert pred.value == Decimal("1.45")
    with pytest.raises(InvalidRecordError, match="invalid JSON"):
        Prediction.model_validate_json('{"qid": "a"')
    with pytest.raises(InvalidRecordError, match="JSON object"):
        Prediction.model_validate_json("[1]")
    with pytest.raises(InvalidRecordError, match="JSON text"):
        Prediction.model_validate_json(17)


def test_loaders_still_name_file_and_line() -> None:
    with pytest.raises(InvalidRecordError) as info:
        load_gold([{"qid": "a", "value": "1", "dimension": "CNY"}, {"qid": "b", "value": 0.5}])
    assert (info.value.source, info.value.line, info.value.field) == ("<records>", 2, "value")


def test_gold_as_written_loads_from_jsonl(tmp_path: Path) -> None:

    path = tmp_path / "gold.jsonl"
    path.write_text(
        '{"qid": "a", "answer": "$1577.00", "unit": "million"}\n'
        '{"qid": "b", "answer": "24.3%"}\n'
        '{"qid": "c", "value": 870000000, "dimension": "CNY", "precision": "1E+7"}\n'
        '{"qid": "d", "value": 1.45, "dimension": "MULTIPLE"}\n',
        encoding="utf-8",
    )
    a, b, c, d = load_gold(path)
    assert (a.value, a.dimension) == (Decimal("1.57700E+9"), "USD")
    assert (b.value, b.dimension) == (Decimal("0.243"), "RATIO")
    assert c.gold_reading is not None
    assert c.gold_reading.exponent == 7
    assert d.gold_reading is not None
    assert d.gold_reading.exponent == -2


def test_case_results_round_trip_through_their_dicts() -> None:
    from fincalc import CaseResult, evaluate, load_sample

    sample = load_sample()
    for preds in sample.runs.values():
        for case in evaluate(preds, sample.gold, profile="graded").cases:
            data = json.loads(json.dumps(case.to_dict()))
            assert CaseResult.from_dict(data) == case

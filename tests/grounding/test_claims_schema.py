"""Claim's validation modes and the portable nullable form of its schema.

The providers' own offline checks of the schema run in
``tests/integrations/test_schema_providers.py`` (in the integrations environment).
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from pydantic import ValidationError

from fincalc import Claim, InvalidRecordError, claim_json_schema

GOOD: dict[str, Any] = {
    "evidence_id": "r1",
    "quote": "营业收入 8.7 亿元",
    "metric": "营业收入",
    "entity": "华东区",
    "period": "2025Q3",
    "basis": "single_period",
    "currency": "CNY",
}


class PydanticErrorsClaim(Claim):
    validation_errors = "pydantic"


def test_constructing_a_bad_claim_raises_a_fincalc_error() -> None:
    with pytest.raises(InvalidRecordError) as info:
        Claim(**{**GOOD, "quote": "营业收入"})
    assert info.value.field == "quote"
    assert "at least one digit" in str(info.value)
    assert str(pickle.loads(pickle.dumps(info.value))) == str(info.value)


@pytest.mark.parametrize(
    "validate",
    [
        lambda cls, data: cls(**data),
        lambda cls, data: cls.model_validate(data),
        lambda cls, data: cls.model_validate_json(__import__("json").dumps(data)),
        lambda cls, data: cls.model_validate_strings(data),
    ],
    ids=["init", "model_validate", "model_validate_json", "model_validate_strings"],
)
def test_validation_errors_mode(validate: Any) -> None:
    bad = {**GOOD, "currency": "dollars"}
    with pytest.raises(InvalidRecordError, match="not an ISO 4217 code"):
        validate(Claim, bad)
    with pytest.raises(ValidationError) as info:
        validate(PydanticErrorsClaim, bad)
    (error,) = info.value.errors()
    assert error["loc"] == ("currency",)
    assert "currency 'dollars' is not an ISO 4217 code such as CNY or USD" in error["msg"]
    # a good claim validates the same way in both modes
    assert validate(PydanticErrorsClaim, GOOD).model_dump() == validate(Claim, GOOD).model_dump()


def test_the_mode_is_per_class() -> None:
    assert Claim.validation_errors == "fincalc"
    assert PydanticErrorsClaim.validation_errors == "pydantic"
    assert "validation_errors" not in Claim.model_fields
    assert "validation_errors" not in claim_json_schema()["properties"]


@pytest.mark.parametrize("dialect", ["openai", "gemini"])
@pytest.mark.parametrize("many", [False, True])
def test_no_type_lists_in_any_dialect(dialect: Any, many: bool) -> None:
    def walk(node: Any) -> list[dict[str, Any]]:
        if isinstance(node, dict):
            return [node, *(n for v in node.values() for n in walk(v))]
        if isinstance(node, list):
            return [n for v in node for n in walk(v)]
        return []

    nodes = walk(claim_json_schema(many=many, dialect=dialect))
    assert not [n for n in nodes if isinstance(n.get("type"), list)]
    nullable = [n for n in nodes if "nullable" in n or "anyOf" in n]
    assert len(nullable) == 2  # currency and compared_to, the optional values

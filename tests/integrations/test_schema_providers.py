"""The claim schema through the real SDKs' own offline checks, and instructor's re-ask loop.

Runs in the integrations environment (``bash .ci/test`` builds it; the extras
are ``providers`` and ``instructor``). Nothing here reaches a network: the
SDK functions used are the client-side conversions each SDK applies before a
request, and instructor talks to an OpenAI client whose HTTP transport is a
local function.
"""

from __future__ import annotations

import copy
import json
import sys
from decimal import Decimal
from typing import Any

import anthropic
import instructor
import jsonschema
import openai
import pytest
from google.genai import types as genai_types
from instructor.core import InstructorRetryException
from openai.lib._pydantic import to_strict_json_schema
from pydantic import BaseModel, ValidationError

from fincalc import Claim, Document, InvalidRecordError, claim_json_schema, resolve_all
from fincalc.integrations.instructor import GroundedClaim, GroundedClaims, grounding_context

from ._model_facing import assert_clean, assert_strict_objects

GOOD = {
    "evidence_id": "ar-2025q3",
    "quote": "实现营业收入8.7亿元",
    "metric": "营业收入",
    "entity": "华东区",
    "period": "2025年第三季度",
    "basis": "single_period",
    "tax": "na",
    "currency": "CNY",
    # strict mode requires every property: a level claim states its role and no base
    "role": "level",
    "compared_to": None,
}
RATIO = {**GOOD, "quote": "毛利率为28.7%", "metric": "毛利率", "currency": None}
BAD = [
    {**GOOD, "currency": 5},  # not a string or null
    {**GOOD, "basis": "quarterly"},  # not in the enum
    {k: v for k, v in GOOD.items() if k != "currency"},  # every property is required
    {**GOOD, "amount": "8.7"},  # no extra properties
]
DOC = Document(
    "ar-2025q3",
    "2025年第三季度，华东区实现营业收入8.7亿元，毛利率为28.7%。",
    page=12,
)


def _schemas() -> list[tuple[str, dict[str, Any]]]:
    return [("one", claim_json_schema()), ("many", claim_json_schema(many=True))]


def _instances(many: bool) -> tuple[list[Any], list[Any]]:
    if many:
        return [{"claims": [GOOD, RATIO]}, {"claims": []}], [{"claims": [b]} for b in BAD]
    return [GOOD, RATIO], BAD


def _accepts(schema: dict[str, Any], instance: Any) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(instance)


def _same_meaning(original: dict[str, Any], converted: dict[str, Any], many: bool) -> None:
    """The SDK's version accepts and rejects exactly what ours does."""
    good, bad = _instances(many)
    for instance in good:
        assert _accepts(original, instance), instance
        assert _accepts(converted, instance), instance
    for instance in bad:
        assert not _accepts(original, instance), instance
        assert not _accepts(converted, instance), instance


# -- OpenAI: strict structured outputs ---------------------------------------------


@pytest.mark.parametrize(("name", "schema"), _schemas())
def test_openai_strict_conversion_leaves_the_schema_unchanged(
    name: str, schema: dict[str, Any]
) -> None:
    # The SDK's strict conversion (used by response_format=<model> and
    # pydantic_function_tool) is a no-op on a schema that already is strict.
    from openai.lib._pydantic import _ensure_strict_json_schema

    converted = copy.deepcopy(schema)
    assert _ensure_strict_json_schema(converted, path=(), root=converted) == schema
    _same_meaning(schema, converted, name == "many")


def test_openai_strict_tool_from_the_claim_model() -> None:
    tool = openai.pydantic_function_tool(Claim, name="claim")
    assert tool["function"]["strict"] is True
    params = tool["function"]["parameters"]
    assert params["additionalProperties"] is False
    assert sorted(params["required"]) == sorted(params["properties"])
    assert to_strict_json_schema(GroundedClaims)["properties"]["claims"]["items"]


def test_openai_response_format_param_takes_the_schema() -> None:
    # the request body exactly as the docs show it; the SDK's own type names it
    from openai.types.shared_params import ResponseFormatJSONSchema

    fmt: ResponseFormatJSONSchema = {
        "type": "json_schema",
        "json_schema": {"name": "claims", "schema": claim_json_schema(many=True), "strict": True},
    }
    assert json.loads(json.dumps(fmt))["json_schema"]["schema"] == claim_json_schema(many=True)


# -- Anthropic: transform_schema (strict tools, output_config) -------------------------


@pytest.mark.parametrize(("name", "schema"), _schemas())
def test_anthropic_transform_schema_accepts_it(name: str, schema: dict[str, Any]) -> None:
    converted = anthropic.transform_schema(copy.deepcopy(schema))
    claim = converted["properties"]["claims"]["items"] if name == "many" else converted
    assert claim["properties"]["currency"]["anyOf"] == [{"type": "string"}, {"type": "null"}]
    assert claim["properties"]["basis"]["enum"] == ["single_period", "cumulative", "instant"]
    assert sorted(claim["required"]) == sorted(claim["properties"])
    _same_meaning(schema, converted, name == "many")


def test_anthropic_rejected_the_type_list_form() -> None:
    # why the default is anyOf: the former ["string", "null"] form does not convert
    old = claim_json_schema()
    old["properties"]["currency"] = {"type": ["string", "null"]}
    with pytest.raises((AssertionError, ValueError, TypeError)):
        anthropic.transform_schema(old)


# -- Google: response_schema and response_json_schema ---------------------------------


@pytest.mark.parametrize("dialect", ["openai", "gemini"])
@pytest.mark.parametrize("many", [False, True])
def test_google_genai_response_schema_accepts_it(dialect: Any, many: bool) -> None:
    from google.genai import _transformers

    schema = claim_json_schema(many=many, dialect=dialect)
    # pydantic validation of the config, as GenerateContentConfig(...) runs it
    config = genai_types.GenerateContentConfig(
        response_mime_type="application/json", response_schema=copy.deepcopy(schema)
    )
    assert config.response_schema is not None
    # the conversion generate_content applies before sending
    converted = _transformers.t_schema(None, copy.deepcopy(schema))
    assert isinstance(converted, genai_types.Schema)
    claim = converted.properties["claims"].items if many else converted  # type: ignore[index]
    assert claim is not None
    assert claim.properties is not None
    currency = claim.properties["currency"]
    # the SDK writes anyOf-with-null as its own nullable field
    assert currency.type == genai_types.Type.STRING
    assert currency.nullable is True
    assert claim.properties["basis"].enum == ["single_period", "cumulative", "instant"]
    assert sorted(claim.required or []) == sorted(claim.properties)
    genai_types.GenerateContentConfig(response_json_schema=claim_json_schema(many=many))


def test_google_genai_rejected_the_type_list_form() -> None:
    from google.genai import _transformers

    old = claim_json_schema()
    old["properties"]["currency"] = {"type": ["string", "null"]}
    with pytest.raises((AttributeError, ValueError, TypeError)):
        _transformers.t_schema(None, old)


# -- instructor: its re-ask loop sees fincalc's messages ---------------------------


def _httpx(sdk: Any = openai) -> Any:
    """The HTTP library an SDK version is built on (httpx or its successor)."""
    base = next(c for c in sdk.DefaultHttpxClient.__mro__[1:] if c.__name__ == "Client")
    return sys.modules[base.__module__.split(".")[0]]


def _recording_transport(sdk: Any, reply: dict[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
    httpx = _httpx(sdk)
    sent: list[dict[str, Any]] = []

    def handler(request: Any) -> Any:
        sent.append(json.loads(request.content))
        return httpx.Response(200, json=reply)

    return httpx.Client(transport=httpx.MockTransport(handler)), sent


# -- the calls docs/structured-output.md shows, sent to a local transport ----------


def test_the_documented_openai_call() -> None:
    content = json.dumps({"claims": [GOOD]}, ensure_ascii=False)
    reply = _tool_reply({}, "unused")
    reply["choices"][0]["message"] = {"role": "assistant", "content": content}
    reply["choices"][0]["finish_reason"] = "stop"
    http, sent = _recording_transport(openai, reply)
    client = openai.OpenAI(api_key="k", base_url="http://fincalc.invalid/v1", http_client=http)
    response = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": "2025年第三季度华东区营业收入？"}],
        response_format={
            "type": "json_schema",
            "json_schema": {
                "name": "claims",
                "strict": True,
                "schema": claim_json_schema(many=True),
            },
        },
    )
    claims = json.loads(response.choices[0].message.content or "")["claims"]
    assert resolve_all(claims, [DOC]).ok
    assert sent[0]["response_format"]["json_schema"]["schema"] == claim_json_schema(many=True)


def _anthropic_reply(content: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": "msg_test",
        "type": "message",
        "role": "assistant",
        "model": "claude-test",
        "content": content,
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }


def test_the_documented_anthropic_calls() -> None:
    text = json.dumps({"claims": [GOOD]}, ensure_ascii=False)
    http, sent = _recording_transport(anthropic, _anthropic_reply([{"type": "text", "text": text}]))
    client = anthropic.Anthropic(api_key="k", base_url="http://fincalc.invalid", http_client=http)
    message = client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=1024,
        messages=[{"role": "user", "content": "2025年第三季度华东区营业收入？"}],
        output_config={"format": {"type": "json_schema", "schema": claim_json_schema(many=True)}},
    )
    block = message.content[0]
    assert block.type == "text"
    assert resolve_all(json.loads(block.text)["claims"], [DOC]).ok
    assert sent[0]["output_config"]["format"]["schema"] == claim_json_schema(many=True)

    tool_use = {
        "type": "tool_use",
        "id": "t1",
        "name": "record_claims",
        "input": {"claims": [GOOD]},
    }
    http, sent = _recording_transport(anthropic, _anthropic_reply([tool_use]))
    client = anthropic.Anthropic(api_key="k", base_url="http://fincalc.invalid", http_client=http)
    message = client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=1024,
        messages=[{"role": "user", "content": "2025年第三季度华东区营业收入？"}],
        tools=[
            {
                "name": "record_claims",
                "description": "Quote each number you need",
                "input_schema": claim_json_schema(many=True),
                "strict": True,
            }
        ],
        tool_choice={"type": "tool", "name": "record_claims"},
    )
    block = message.content[0]
    assert block.type == "tool_use"
    assert resolve_all(block.input["claims"], [DOC]).ok  # type: ignore[index]
    assert sent[0]["tools"][0]["input_schema"] == claim_json_schema(many=True)


def _tool_reply(arguments: dict[str, Any], name: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": "gpt-test",
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": name, "arguments": json.dumps(arguments)},
                        }
                    ],
                },
            }
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def _scripted_client(
    replies: list[dict[str, Any]], name: str
) -> tuple[instructor.Instructor, list[dict[str, Any]]]:
    """An instructor client over the real OpenAI SDK whose HTTP transport is a list."""
    httpx = _httpx()
    requests: list[dict[str, Any]] = []

    def handler(request: Any) -> Any:
        requests.append(json.loads(request.content))
        return httpx.Response(200, json=_tool_reply(replies[len(requests) - 1], name))

    client = openai.OpenAI(
        api_key="test-key",
        base_url="http://fincalc.invalid/v1",
        http_client=httpx.Client(transport=httpx.MockTransport(handler)),
        max_retries=0,
    )
    return instructor.from_openai(client, mode=instructor.Mode.TOOLS), requests


def _create(client: instructor.Instructor, model: type[BaseModel], **kwargs: Any) -> Any:
    return client.chat.completions.create(
        model="gpt-test",
        response_model=model,
        messages=[{"role": "user", "content": "2025年第三季度华东区营业收入是多少？"}],
        **kwargs,
    )


def _reask_text(request: dict[str, Any]) -> str:
    return json.dumps(request["messages"][1:], ensure_ascii=False)


@pytest.mark.parametrize(
    ("model", "many"), [(GroundedClaims, True), (GroundedClaim, False)], ids=["many", "one"]
)
def test_what_instructor_sends_the_model_is_the_clean_schema(
    model: type[BaseModel], many: bool
) -> None:
    # the tool definition in the request body, as the real OpenAI SDK sends it: it
    # carried GroundedClaims' and Claim's doctests and "default": "na" (3.1k characters)
    reply = {"claims": [GOOD]} if many else GOOD
    client, requests = _scripted_client([reply], model.__name__)
    _create(client, model)
    (tool,) = requests[0]["tools"]
    assert_clean(tool, limit=2_600)  # role and compared_to: ~350 characters
    parameters = tool["function"]["parameters"]
    assert_strict_objects(parameters)
    expected = claim_json_schema(many=many)
    if many:  # the list itself is described too
        expected["properties"]["claims"]["description"] = parameters["properties"]["claims"][
            "description"
        ]
    assert parameters["properties"] == expected["properties"]
    assert sorted(parameters["required"]) == sorted(expected["required"])  # instructor sorts
    assert "verbatim" in tool["function"]["description"]
    # strict mode (OpenAI's own conversion) takes it unchanged, and so does Anthropic's
    assert to_strict_json_schema(model)["properties"] == expected["properties"]
    converted = anthropic.transform_schema(model)
    assert converted["properties"] == anthropic.transform_schema(expected)["properties"]
    assert_clean(converted, limit=2_600)


def test_instructor_reasks_on_a_claim_fincalc_refuses() -> None:
    no_digit = {**GOOD, "quote": "实现营业收入"}
    client, requests = _scripted_client([no_digit, GOOD], "GroundedClaim")
    claim = _create(client, GroundedClaim, max_retries=2)
    assert isinstance(claim, Claim)
    assert claim.quote == GOOD["quote"]
    assert len(requests) == 2  # one re-ask
    assert "the quote must contain the number" in _reask_text(requests[1])


def test_plain_claim_ends_the_call_instead() -> None:
    # why GroundedClaim exists: InvalidRecordError is not what instructor retries on
    client, requests = _scripted_client([{**GOOD, "quote": "实现营业收入"}, GOOD], "Claim")
    with pytest.raises(InstructorRetryException) as info:
        _create(client, Claim, max_retries=2)
    assert isinstance(info.value.__cause__, InvalidRecordError)
    assert len(requests) == 1  # never re-asked


def test_instructor_reasks_with_the_grounding_reason() -> None:
    invented = {**GOOD, "quote": "实现营业收入8.1亿元"}  # not what the report says
    wrong_period = {
        **GOOD,
        "quote": "2025年第三季度，华东区实现营业收入8.7亿元",
        "period": "2024Q3",
    }
    client, requests = _scripted_client(
        [
            {"claims": [invented, RATIO]},
            {"claims": [wrong_period, RATIO]},
            {"claims": [GOOD, RATIO]},
        ],
        "GroundedClaims",
    )
    answer = _create(client, GroundedClaims, max_retries=3, context=grounding_context([DOC]))
    assert [c.quote for c in answer.claims] == [GOOD["quote"], RATIO["quote"]]
    assert len(requests) == 3
    assert "quote_not_found" in _reask_text(requests[1])
    assert "实现营业收入8.1亿元" in _reask_text(requests[1])
    assert "period_mismatch" in _reask_text(requests[2])
    resolution = resolve_all(answer.claims, [DOC])
    assert resolution.ok
    assert [f.value for f in resolution.facts] == [Decimal("870000000"), Decimal("0.287")]


def test_instructor_gives_up_after_max_retries_with_the_reason() -> None:
    invented = {**GOOD, "quote": "实现营业收入8.1亿元"}
    client, requests = _scripted_client([invented] * 5, "GroundedClaim")
    with pytest.raises(InstructorRetryException) as info:
        _create(client, GroundedClaim, max_retries=2, context=grounding_context([DOC]))
    assert len(requests) == 3  # the first try and two re-asks
    assert "quote '实现营业收入8.1亿元' not found" in str(info.value)


def test_grounded_claim_errors_are_validation_errors_with_reason_codes() -> None:
    bad_currency = {**GOOD, "currency": "USD"}
    with pytest.raises(ValidationError) as info:
        GroundedClaims.model_validate(
            {"claims": [GOOD, bad_currency, {**GOOD, "quote": "营业收入9.9亿元"}]},
            context=grounding_context({"ar-2025q3": DOC}),
        )
    errors = info.value.errors()
    assert [(e["loc"], e["type"]) for e in errors] == [
        (("claims", 1), "dimension_mismatch"),
        (("claims", 2), "quote_not_found"),
    ]
    # without a context only the shape is checked
    assert GroundedClaims.model_validate({"claims": [bad_currency]}).claims[0].currency == "USD"

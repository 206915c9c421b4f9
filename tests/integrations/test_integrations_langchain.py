"""The LangChain tool through LangChain's own tool-calling path (no LLM)."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from typing import Any

import pytest
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.utils.function_calling import convert_to_openai_tool

from fincalc import Computation, Document, claim_json_schema
from fincalc.integrations.langchain import fincalc_tool

from ._model_facing import assert_clean, assert_strict_objects
from ._tool_fixtures import BEFORE, NOW, REPORT, SOUTH_NOW, YOY_SENTENCE


def _call(args: dict[str, Any], call_id: str = "call_1") -> dict[str, Any]:
    return {"name": "fincalc_compute", "args": args, "id": call_id, "type": "tool_call"}


def test_tool_call_gives_the_sentence_and_the_computation_as_artifact() -> None:
    tool = fincalc_tool([REPORT])
    message = tool.invoke(_call({"claims": [NOW, BEFORE], "operation": "yoy"}))
    assert isinstance(message, ToolMessage)
    assert message.content == YOY_SENTENCE
    assert message.status == "success"
    assert message.tool_call_id == "call_1"
    computation = message.artifact
    assert isinstance(computation, Computation)
    assert computation.operation == "yoy"
    assert computation.display == Decimal("-0.49")
    assert Computation.from_json(computation.to_json()).replay() == computation


def test_tool_calls_from_a_model_message() -> None:
    # what an agent loop does with a model's AIMessage
    ai = AIMessage(
        content="",
        tool_calls=[
            _call({"claims": [NOW, SOUTH_NOW], "operation": "add", "entity": "华东+华南"}, "a"),
            _call({"claims": [SOUTH_NOW, NOW], "operation": "sub"}, "b"),
        ],
    )
    tool = fincalc_tool(lambda: {REPORT.id: REPORT}, locale="en_US")
    total, difference = (tool.invoke(call) for call in ai.tool_calls)
    assert [total.tool_call_id, difference.tool_call_id] == ["a", "b"]
    assert total.artifact.result == Decimal("1322100000")  # 8.7亿 + 45,210万
    assert "华东+华南" in total.content
    assert difference.artifact.result == Decimal("-417900000")


def test_refusals_come_back_to_the_model_with_reasons() -> None:
    tool = fincalc_tool([REPORT])
    invented = {**NOW, "quote": "实现营业收入8.1亿元"}
    message = tool.invoke(_call({"claims": [invented, BEFORE], "operation": "yoy"}))
    assert message.status == "error"
    assert message.artifact is None
    assert "claim 1 ('实现营业收入8.1亿元'): quote_not_found" in message.content
    nine_months = {**BEFORE, "period": "2024年前三季度", "basis": "cumulative"}
    message = tool.invoke(_call({"claims": [NOW, nine_months], "operation": "yoy"}))
    assert message.status == "error"
    assert "claim 2" in message.content
    assert "ambiguous_quantity" in message.content  # a row of two periods, neither claimed


def test_caliber_mismatch_is_refused_not_computed() -> None:
    quarter_2024 = Document("q-2024", "2024年前三季度，华东区实现营业收入25.13亿元。")
    nine_months = {
        **NOW,
        "evidence_id": "q-2024",
        "quote": "实现营业收入25.13亿元",
        "period": "2024年前三季度",
        "basis": "cumulative",
    }
    tool = fincalc_tool([REPORT, quarter_2024])
    message = tool.invoke(_call({"claims": [NOW, nine_months], "operation": "yoy"}))
    assert message.status == "error"
    assert "fincalc refused to yoy" in message.content
    assert message.artifact is None


def test_bad_arguments_are_reported_not_raised() -> None:
    tool = fincalc_tool([REPORT])
    message = tool.invoke(_call({"claims": [{**NOW, "quote": "营业收入"}], "operation": "yoy"}))
    assert message.status == "error"
    assert "claims.0.quote" in message.content
    assert "must contain the number" in message.content
    message = tool.invoke(_call({"claims": [NOW], "operation": "yoy"}))
    assert "takes exactly two claims" in message.content
    message = tool.invoke(_call({"claims": [NOW, BEFORE], "operation": "ratio"}))
    assert "ratio needs the result's metric" in message.content


def test_plain_invoke_returns_the_sentence_and_async_works() -> None:
    tool = fincalc_tool([REPORT])
    assert tool.invoke({"claims": [NOW, BEFORE], "operation": "yoy"}) == YOY_SENTENCE
    message = asyncio.run(tool.ainvoke(_call({"claims": [NOW, BEFORE], "operation": "yoy"})))
    assert message.content == YOY_SENTENCE
    assert isinstance(message.artifact, Computation)


def test_the_schema_the_model_sees() -> None:
    tool = fincalc_tool([REPORT], name="compute_growth")
    schema = convert_to_openai_tool(tool)["function"]
    assert schema["name"] == "compute_growth"
    assert "verbatim quote" in schema["description"]
    params = schema["parameters"]
    assert params["required"] == ["claims", "operation", "metric", "entity"]
    assert params["properties"]["operation"]["enum"] == [
        "add", "sub", "yoy", "qoq", "cagr", "pp_change", "ratio", "share",
    ]  # fmt: skip
    # claim_json_schema's style: plain words, nothing strict mode rejects (it was 4.2k
    # characters with Claim's doctests and "default": "na")
    assert_clean(schema, limit=3_700)
    assert_strict_objects(params)
    assert params["properties"]["claims"]["items"] == claim_json_schema()
    strict = convert_to_openai_tool(tool, strict=True)["function"]
    assert strict["strict"] is True
    assert_clean(strict, limit=3_700)


def test_invalid_arguments_come_back_to_the_model_as_a_tool_error() -> None:
    message = fincalc_tool([REPORT]).invoke(_call({"claims": [NOW], "operation": "median"}))
    assert message.status == "error"
    assert message.content.startswith("invalid arguments for fincalc_compute: operation: ")


@pytest.mark.parametrize("locale", ["zh_CN", "en_US"])
def test_locale(locale: Any) -> None:
    message = fincalc_tool([REPORT], locale=locale).invoke(
        _call({"claims": [NOW, BEFORE], "operation": "yoy"})
    )
    assert ("decreased 0.49%" in message.content) is (locale == "en_US")


# LangGraph's checkpoint serializer as an agent with memory uses it: the default
# (unknown types allowed with a warning), strict msgpack (LANGGRAPH_STRICT_MSGPACK:
# only its safe types), and strict with fincalc's record allow-listed
SERIALIZERS = {
    "default": {},
    "strict": {"allowed_msgpack_modules": None},
    "allow-listed": {"allowed_msgpack_modules": [("fincalc", "Computation")]},
}


@pytest.mark.parametrize("mode", sorted(SERIALIZERS))
def test_the_artifact_survives_a_langgraph_checkpoint(
    mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    serde = JsonPlusSerializer(**SERIALIZERS[mode])
    message = fincalc_tool([REPORT]).invoke(_call({"claims": [NOW, BEFORE], "operation": "yoy"}))
    original = message.artifact
    assert isinstance(original, Computation)
    with caplog.at_level("WARNING"):
        restored = serde.loads_typed(serde.dumps_typed(message))
        alone = serde.loads_typed(serde.dumps_typed(original))
    # inside the ToolMessage the artifact comes back as the dict model_dump() gave
    assert isinstance(restored, ToolMessage)
    assert isinstance(restored.artifact, dict)
    assert Computation.from_dict(restored.artifact) == original
    assert Computation.from_dict(restored.artifact).replay() == original
    # on its own it comes back as a Computation where allowed, else as that dict
    reloaded = alone if isinstance(alone, Computation) else Computation.from_dict(alone)
    assert reloaded == original
    assert isinstance(alone, Computation) is (mode != "strict")
    # no fincalc enum (Basis, Tax) or other value type was blocked or warned about
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "fincalc.Basis" not in logged
    assert "fincalc.Tax" not in logged
    assert "fincalc.Rounding" not in logged

"""The LlamaIndex tool, alone and inside a real FunctionAgent run with LlamaIndex's mock LLM."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import pytest
from llama_index.core.agent.workflow import AgentOutput, FunctionAgent, ToolCallResult
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms.mock import MockFunctionCallingLLM
from llama_index.core.tools import ToolOutput

from fincalc import Computation, claim_json_schema
from fincalc.integrations.llama_index import FincalcTool

from ._model_facing import assert_clean, assert_strict_objects
from ._tool_fixtures import BEFORE, NOW, REPORT, YOY_SENTENCE

# LlamaIndex's workflow engine reads pydantic attributes pydantic 2.11 deprecates
pytestmark = pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecationWarning")


def test_call_gives_the_sentence_and_the_computation_as_raw_output() -> None:
    output = FincalcTool([REPORT]).call(claims=[NOW, BEFORE], operation="yoy")
    assert isinstance(output, ToolOutput)
    assert output.content == YOY_SENTENCE
    assert output.is_error is False
    computation = output.raw_output
    assert isinstance(computation, Computation)
    assert computation.display == Decimal("-0.49")
    assert Computation.from_json(computation.to_json()).replay() == computation


def test_refusals_and_bad_arguments_are_error_outputs() -> None:
    tool = FincalcTool(lambda: [REPORT])
    invented = {**NOW, "quote": "实现营业收入8.1亿元"}
    output = tool.call(claims=[invented, BEFORE], operation="yoy")
    assert output.is_error is True
    assert output.raw_output is None
    assert "quote_not_found" in output.content
    output = tool.call({"claims": [{**NOW, "quote": "营业收入"}], "operation": "yoy"})
    assert output.is_error is True
    assert "claims.0.quote" in output.content


def test_metadata_is_what_the_model_sees() -> None:
    tool = FincalcTool([REPORT], name="compute_growth")
    assert tool.metadata.name == "compute_growth"
    params = tool.metadata.get_parameters_dict()
    assert params["required"] == ["claims", "operation", "metric", "entity"]
    assert "verbatim quote" in tool.metadata.description
    # claim_json_schema's style: no Python docs, no defaults (it was 4.5k characters)
    assert_clean(tool.metadata.to_openai_tool(), limit=3_700)
    # LlamaIndex passes on only type, properties and required at the top level
    assert_strict_objects(params["properties"]["claims"])
    assert params["properties"]["claims"]["items"] == claim_json_schema()


def _scripted_llm(tool_kwargs: dict[str, Any]) -> MockFunctionCallingLLM:
    """First a tool call with the claims, then an answer repeating the tool's sentence."""

    def respond(messages: Sequence[ChatMessage], **_: Any) -> ChatMessage:
        results = [m for m in messages if m.role == MessageRole.TOOL]
        if results:
            return ChatMessage(role=MessageRole.ASSISTANT, content=results[-1].content)
        call = ToolCallBlock(
            tool_call_id="call_1", tool_name="fincalc_compute", tool_kwargs=tool_kwargs
        )
        return ChatMessage(role=MessageRole.ASSISTANT, blocks=[call])

    return MockFunctionCallingLLM(response_generator=respond, is_chat_model=True)


async def _run_agent(tool_kwargs: dict[str, Any]) -> tuple[str, list[ToolCallResult]]:
    agent = FunctionAgent(tools=[FincalcTool([REPORT])], llm=_scripted_llm(tool_kwargs))
    handler = agent.run(user_msg="华东区2025年第三季度营业收入同比变化多少？")
    results = [
        event async for event in handler.stream_events() if isinstance(event, ToolCallResult)
    ]
    final = await handler
    assert isinstance(final, AgentOutput)
    return str(final.response.content), results


def test_a_function_agent_uses_the_tool() -> None:
    answer, results = asyncio.run(_run_agent({"claims": [NOW, BEFORE], "operation": "yoy"}))
    assert answer == YOY_SENTENCE
    (result,) = results
    assert result.tool_name == "fincalc_compute"
    assert isinstance(result.tool_output.raw_output, Computation)
    assert result.tool_output.raw_output.operation == "yoy"


def test_a_function_agent_sees_the_refusal() -> None:
    invented = {**NOW, "quote": "实现营业收入8.1亿元"}
    answer, results = asyncio.run(_run_agent({"claims": [invented, BEFORE], "operation": "yoy"}))
    (result,) = results
    assert result.tool_output.is_error is True
    assert "quote_not_found" in answer

"""A LangChain tool: the model passes claims and an operation, fincalc does the arithmetic.

The tool's input is what fincalc asks a model for instead of numbers: claims
(a verbatim quote from a retrieved document and what it means) and the
operation to apply (``yoy``, ``qoq``, ``cagr``, ``pp_change``, ``sub``, ``add``,
``ratio``, ``share``). fincalc grounds each quote in the documents, checks the
calibers, computes exactly and renders the answer sentence with its
citations. The tool answers in LangChain's ``content_and_artifact`` format:
the sentence is the ``ToolMessage`` content the model sees, and the
``fincalc.Computation`` (inputs, spans, rounding rule, exact result;
replayable, serialisable) is the message's ``artifact``, for your audit log
and never sent to the model.

A claim fincalc cannot ground, or calibers that do not combine, come back as
an error ``ToolMessage`` (``status="error"``) that lists each problem with
fincalc's reason and fix, so an agent can correct its quotes or tell the user
the figure is unavailable.

Install with ``pip install 'fincalc-qa[langchain]'``::

    from fincalc.integrations.langchain import fincalc_tool

    tool = fincalc_tool(lambda: retrieved_documents)   # fincalc.Document objects
    model_with_tools = chat_model.bind_tools([tool])
    ...
    message = tool.invoke(tool_call)     # a ToolCall from the model's AIMessage
    message.content                      # '华东区2025年第三季度营业收入同比下降0.49%（来源：…）。'
    message.artifact                     # fincalc.Computation
"""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.tools import StructuredTool, ToolException
from pydantic import ValidationError

from fincalc import Computation, FiscalCalendar, Rounding

from ._tools import (
    ComputeArgs,
    DocumentSource,
    Refused,
    ToolCore,
    compute_args_schema,
    tool_description,
)

__all__ = ["ComputeArgs", "fincalc_tool"]


def fincalc_tool(
    documents: DocumentSource,
    *,
    name: str = "fincalc_compute",
    locale: Literal["zh_CN", "en_US"] = "zh_CN",
    rounding: Rounding | str | None = None,
    calendar: FiscalCalendar | None = None,
    min_ratio: float = 0.9,
) -> StructuredTool:
    """Build a LangChain tool that computes from claims; the ``Computation`` is its artifact.

    Args:
        documents: The ``fincalc.Document`` objects quotes are grounded in: a
            collection, a mapping of id to document, or a zero-argument callable
            returning either (called on every use, so the tool follows what your
            retriever found for the current question).
        name: The tool's name as the model sees it.
        locale: The answer sentence's language: ``"zh_CN"`` or ``"en_US"``.
        rounding: The rounding rule (``"ROUND_HALF_UP@2%"``, a ``Rounding``);
            each operation's default otherwise.
        calendar: The fiscal calendar for period names.
        min_ratio: ``resolve``'s fuzzy-match threshold.

    Returns:
        A tool with ``response_format="content_and_artifact"``: invoked with a
        ``ToolCall`` it returns a ``ToolMessage`` whose ``content`` is the
        sentence and whose ``artifact`` is the ``fincalc.Computation``; invoked
        with plain arguments it returns the sentence.
    """
    core = ToolCore(
        documents, locale=locale, rounding=rounding, calendar=calendar, min_ratio=min_ratio
    )

    def compute(**arguments: Any) -> tuple[str, Computation]:
        try:
            args = ComputeArgs.model_validate(arguments)
        except ValidationError as error:  # back to the model, as a tool error it can fix
            raise ToolException(_validation_message(error)) from error
        try:
            return core.run(args)
        except Refused as refused:
            raise ToolException(str(refused)) from refused

    return StructuredTool.from_function(
        func=compute,
        name=name,
        description=tool_description(),
        # the schema the model is shown, as a dict: from a pydantic model LangChain would
        # build its own (the Python docs of Claim, defaults strict modes reject)
        args_schema=compute_args_schema(),
        response_format="content_and_artifact",
        handle_tool_error=True,
    )


def _validation_message(error: ValidationError) -> str:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or '(arguments)'}: {e['msg']}" for e in error.errors()
    )
    return f"invalid arguments for fincalc_compute: {problems}"

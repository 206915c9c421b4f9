"""A LlamaIndex tool: the model passes claims and an operation, fincalc does the arithmetic.

The same tool as ``fincalc.integrations.langchain`` for LlamaIndex agents
(``FunctionAgent``, ``ReActAgent``) and anything that takes a ``BaseTool``.
The tool's ``ToolOutput`` carries the rendered sentence as its content (what
the model sees) and the ``fincalc.Computation`` as its ``raw_output`` (the
audit record: inputs, spans, rounding rule, exact result). A claim fincalc
cannot ground, or calibers that do not combine, give a ``ToolOutput`` with
``is_error=True`` whose content lists each problem with fincalc's reason and
fix.

Install with ``pip install 'fincalc-qa[llamaindex]'``::

    from llama_index.core.agent.workflow import FunctionAgent
    from fincalc.integrations.llama_index import FincalcTool

    tool = FincalcTool(lambda: retrieved_documents)     # fincalc.Document objects
    agent = FunctionAgent(tools=[tool], llm=llm)
    ...
    output = tool.call(claims=[...], operation="yoy")
    output.content       # '华东区2025年第三季度营业收入同比下降0.49%（来源：…）。'
    output.raw_output    # fincalc.Computation
"""

from __future__ import annotations

from typing import Any, Literal

from llama_index.core.tools import ToolMetadata, ToolOutput
from llama_index.core.tools.types import AsyncBaseTool
from pydantic import ValidationError

from fincalc import FiscalCalendar, Rounding

from ._tools import ComputeArgs, DocumentSource, Refused, ToolCore, tool_description

__all__ = ["ComputeArgs", "FincalcTool"]


class FincalcTool(AsyncBaseTool):
    """A LlamaIndex tool that computes from claims; ``raw_output`` is the ``Computation``.

    Args:
        documents: The ``fincalc.Document`` objects quotes are grounded in: a
            collection, a mapping of id to document, or a zero-argument callable
            returning either (called on every use).
        name: The tool's name as the model sees it.
        locale: The answer sentence's language: ``"zh_CN"`` or ``"en_US"``.
        rounding: The rounding rule (``"ROUND_HALF_UP@2%"``, a ``Rounding``);
            each operation's default otherwise.
        calendar: The fiscal calendar for period names.
        min_ratio: ``resolve``'s fuzzy-match threshold.
    """

    def __init__(
        self,
        documents: DocumentSource,
        *,
        name: str = "fincalc_compute",
        locale: Literal["zh_CN", "en_US"] = "zh_CN",
        rounding: Rounding | str | None = None,
        calendar: FiscalCalendar | None = None,
        min_ratio: float = 0.9,
    ) -> None:
        self._core = ToolCore(
            documents, locale=locale, rounding=rounding, calendar=calendar, min_ratio=min_ratio
        )
        self._metadata = ToolMetadata(
            name=name, description=tool_description(), fn_schema=ComputeArgs
        )

    @property
    def metadata(self) -> ToolMetadata:
        """The name, description and argument schema the model sees."""
        return self._metadata

    def call(self, *args: Any, **kwargs: Any) -> ToolOutput:
        """Ground the claims, compute, render; or report every problem."""
        arguments = _arguments(args, kwargs)
        name = self._metadata.name or "fincalc_compute"
        try:
            parsed = ComputeArgs.model_validate(arguments)
        except ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or '(arguments)'}: {e['msg']}"
                for e in error.errors()
            )
            return ToolOutput(
                tool_name=name,
                content=f"invalid arguments for {name}: {problems}",
                raw_input=arguments,
                raw_output=None,
                is_error=True,
                exception=error,
            )
        try:
            sentence, computation = self._core.run(parsed)
        except Refused as refused:
            return ToolOutput(
                tool_name=name,
                content=str(refused),
                raw_input=arguments,
                raw_output=None,
                is_error=True,
                exception=refused,
            )
        return ToolOutput(
            tool_name=name, content=sentence, raw_input=arguments, raw_output=computation
        )

    async def acall(self, *args: Any, **kwargs: Any) -> ToolOutput:
        """The same as ``call`` (nothing in it waits)."""
        return self.call(*args, **kwargs)


def _arguments(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """LlamaIndex passes keyword arguments; a single dict positional is accepted too."""
    if len(args) == 1 and isinstance(args[0], dict) and not kwargs:
        return dict(args[0])
    return dict(kwargs)

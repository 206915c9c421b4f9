"""Claims in, a rendered sentence and its ``Computation`` out: the agent tools' core.

The LangChain and LlamaIndex tools share this: the model passes the claims it
read (quotes and what they mean, never numbers) and names an operation;
fincalc grounds every claim in the documents, computes, and writes the
answer sentence. Anything it refuses (a quote not in the source, calibers
that do not combine) comes back as text the model can act on, listing every
problem with its reason code and fix.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from fincalc import (
    Claim,
    Computation,
    Document,
    Fact,
    FincalcError,
    FiscalCalendar,
    Rounding,
    add,
    cagr,
    claim_json_schema,
    pp_change,
    qoq,
    ratio,
    render,
    resolve_all,
    share,
    sub,
    yoy,
)

__all__ = [
    "OPERATIONS",
    "ComputeArgs",
    "DocumentSource",
    "Operation",
    "Refused",
    "ToolCore",
    "compute_args_schema",
    "tool_description",
]

Operation = Literal["add", "sub", "yoy", "qoq", "cagr", "pp_change", "ratio", "share"]
OPERATIONS: tuple[str, ...] = get_args(Operation)

#: The documents a tool grounds claims in: a collection, a mapping of id to
#: document, or a callable returning either (called on every use, so a tool
#: can follow what the retriever found for the current question).
DocumentSource = (
    Iterable[Document]
    | Mapping[str, Document]
    | Callable[[], Iterable[Document] | Mapping[str, Document]]
)

_DESCRIPTION = (
    "Compute a financial figure exactly from numbers quoted in the source documents. "
    "Pass each input as a claim: the evidence_id of the document, a verbatim quote that "
    "contains the number (copy it exactly; never write the number yourself), and what it "
    "means (metric, entity, period, basis, currency). Operations: yoy (current, prior: "
    "year-over-year growth), qoq (current, prior: period-over-period growth), cagr (end, "
    "start), pp_change (current, prior: percentage-point change of two ratios), sub (a, b), "
    "add (two or more), ratio (numerator, denominator; name the result's metric), share "
    "(part, whole). Returns the answer sentence with its citations, or says which claim "
    "could not be used and how to fix it."
)


class ComputeArgs(BaseModel):
    """What the model passes to the tool.

    ``model_json_schema()`` is what frameworks send the model: ``compute_args_schema()``.
    """

    model_config = ConfigDict(extra="forbid")

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """The schema a model is shown: ``compute_args_schema()`` (not pydantic's)."""
        return {"title": cls.__name__, **compute_args_schema()}

    claims: list[Claim] = Field(
        min_length=1,
        description="The inputs, in the operation's order (current before prior, "
        "numerator before denominator, part before whole).",
    )
    operation: Operation = Field(description="The operation to apply to the claims.")
    metric: str | None = Field(
        default=None,
        description="The result's metric: required for ratio (e.g. 毛利率, Gross margin); "
        "null otherwise.",
    )
    entity: str | None = Field(
        default=None,
        description="The result's entity, for add or sub across entities (e.g. 华东区+华南区); "
        "null otherwise.",
    )


def compute_args_schema() -> dict[str, Any]:
    """The tool's arguments as a model is shown them, in ``claim_json_schema()``'s style.

    Plain-word descriptions (no Python docs), every property required (an
    optional one is ``null``-able), ``additionalProperties: false`` and none of
    the keywords strict modes reject (``default``, ``minItems``, ``minLength``,
    ``title``), so OpenAI's, Anthropic's and Google's strict tool calling take it.

    >>> schema = compute_args_schema()
    >>> sorted(schema["required"]) == sorted(schema["properties"])
    True
    >>> "default" in str(schema), schema["properties"]["metric"]["anyOf"][1]
    (False, {'type': 'null'})
    """
    fields = ComputeArgs.model_fields

    def described(name: str) -> str:
        return fields[name].description or name

    def nullable_string(name: str) -> dict[str, Any]:
        return {"anyOf": [{"type": "string"}, {"type": "null"}], "description": described(name)}

    properties: dict[str, Any] = {
        "claims": {
            "type": "array",
            "items": claim_json_schema(),
            "description": described("claims"),
        },
        "operation": {
            "type": "string",
            "enum": list(OPERATIONS),
            "description": described("operation"),
        },
        "metric": nullable_string("metric"),
        "entity": nullable_string("entity"),
    }
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


class Refused(Exception):
    """The tool could not compute; ``str()`` is the message for the model."""

    def __init__(self, message: str, errors: Sequence[FincalcError] = ()) -> None:
        super().__init__(message)
        self.errors = tuple(errors)


@dataclass(frozen=True)
class ToolCore:
    """The framework-neutral tool: ground, compute, render."""

    documents: DocumentSource
    locale: Literal["zh_CN", "en_US"] = "zh_CN"
    rounding: Rounding | str | None = None
    calendar: FiscalCalendar | None = None
    min_ratio: float = 0.9

    def run(self, args: ComputeArgs) -> tuple[str, Computation]:
        """The sentence and the record, or ``Refused`` naming every problem."""
        documents = self.documents() if callable(self.documents) else self.documents
        resolution = resolve_all(
            args.claims, documents, calendar=self.calendar, min_ratio=self.min_ratio
        )
        if resolution.refusals:
            number = {id(claim): n for n, claim in enumerate(args.claims, start=1)}
            lines = [
                f"- claim {number.get(id(r.claim), '?')} ({_quote_of(r.claim)!r}): "
                f"{r.reason}: {r.error}"
                for r in resolution.refusals
            ]
            raise Refused(
                "fincalc refused: these claims could not be grounded in the documents; "
                "fix them (quote the source verbatim) or answer that the figure is not "
                "available:\n" + "\n".join(lines),
                [r.error for r in resolution.refusals],
            )
        try:
            computation = self._compute(args, resolution.facts)
            return render(computation, locale=self.locale), computation
        except FincalcError as error:
            raise Refused(f"fincalc refused to {args.operation}: {error}", [error]) from error

    def _compute(self, args: ComputeArgs, facts: tuple[Fact, ...]) -> Computation:
        options: dict[str, Any] = {"rounding": self.rounding, "calendar": self.calendar}
        if args.operation == "add":
            if len(facts) < 2:
                raise Refused("add needs at least two claims")
            return add(*facts, entity=args.entity, **options)
        if len(facts) != 2:
            raise Refused(
                f"{args.operation} takes exactly two claims, got {len(facts)}; "
                f"call it once per pair"
            )
        first, second = facts
        if args.operation == "sub":
            return sub(first, second, entity=args.entity, metric=args.metric, **options)
        if args.operation == "ratio":
            if not args.metric:
                raise Refused("ratio needs the result's metric (e.g. 毛利率, Net margin)")
            return ratio(first, second, metric=args.metric, **options)
        growth: dict[str, Callable[..., Computation]] = {
            "yoy": yoy,
            "qoq": qoq,
            "cagr": cagr,
            "pp_change": pp_change,
            "share": share,
        }
        return growth[args.operation](first, second, metric=args.metric, **options)


def _quote_of(claim: Claim | Mapping[str, Any]) -> str:
    if isinstance(claim, Claim):
        return claim.quote
    return str(claim.get("quote", ""))


def tool_description() -> str:
    """The description the tools give the model."""
    return _DESCRIPTION

"""The model's output record: ``Claim``, its validators and its JSON schemas.

A claim is what a model is asked to emit for one number: a cited evidence
id, a verbatim quote, and what the number means. ``claim_json_schema`` gives
the record as a structured-output schema in the dialects LLM APIs accept.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar, Literal

import regex
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from .._base.bounded import check_json_text, surrogate_field
from .._base.exceptions import InvalidInputError, InvalidRecordError
from .._base.public import public
from .._base.vocabulary import vocabulary
from .words import DIGIT

__all__ = ["Claim", "claim_json_schema"]

# RMB is what A-share and HKEX filings write for CNY; ISO 4217 says CNY.
# Keyed by the upper-cased written form, as the validator looks it up.
_CURRENCY_ALIASES = {
    written.upper(): code
    for written, code in vocabulary("grounding").table("currency_aliases").items()
}


@public
class Claim(BaseModel):
    """What a model emits for one number: where it is and what it means.

    The model never states the number itself; it quotes the source verbatim
    and fincalc reads the number from the document.

    Attributes:
        evidence_id: Id of the cited document or chunk.
        quote: A verbatim quote from that document containing the number.
        metric: What is measured ("营业收入", "Revenue", "毛利率").
        entity: Whose figure it is (company, segment, region).
        period: The period as text ("2025年第三季度", "FY2024", "2023-12-31",
            or an explicit range "2025-07-01 to 2025-09-30", both days inclusive).
        basis: "single_period", "cumulative" or "instant"; must agree with the period.
        tax: "inclusive", "exclusive" or "na" (the default).
        currency: The currency the model believes the amount is in (ISO code),
            or null for ratios, multiples and counts.
        role: "level" (the default: the metric's value for the period),
            "change" (an increase or decrease amount against an earlier
            period: "比上年增加553.1亿元", "increased $972 million") or "growth"
            (a rate of change: "同比增长8.2%").
        compared_to: For a change or growth, the period it compares to,
            written like ``period``; null means the same period one year
            earlier. Null for a level.

    >>> claim = Claim.model_validate_json(
    ...     '{"evidence_id": "r1", "quote": "营业收入 8.7 亿元", "metric": "营业收入",'
    ...     ' "entity": "华东区", "period": "2025年第三季度", "basis": "single_period",'
    ...     ' "tax": "na", "currency": "CNY"}'
    ... )
    >>> claim.basis
    'single_period'
    """

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    #: How malformed input is reported. ``"fincalc"`` (the default) raises
    #: ``InvalidRecordError`` naming the field. ``"pydantic"`` lets pydantic's
    #: ``ValidationError`` (with the same messages) through, for libraries that
    #: re-ask the model when validation fails (instructor, PydanticAI, LangChain's
    #: ``with_structured_output``): set it on a subclass.
    validation_errors: ClassVar[Literal["fincalc", "pydantic"]] = "fincalc"

    evidence_id: str = Field(min_length=1, description="Id of the cited document or chunk.")
    quote: str = Field(
        min_length=1,
        description="Verbatim text copied from the cited document that contains the number.",
    )
    metric: str = Field(min_length=1, description="The metric, e.g. 营业收入 or Revenue.")
    entity: str = Field(min_length=1, description="Company, segment or region the number is for.")
    period: str = Field(
        min_length=1, description="The period, e.g. 2025年第三季度, FY2024, 2023-12-31."
    )
    basis: Literal["single_period", "cumulative", "instant"] = Field(
        description=(
            "single_period, cumulative (year-to-date) or instant (balance-sheet date). A first "
            "quarter or a whole fiscal year may be labelled either single_period or cumulative "
            "(the figures are the same); it is recorded as single_period."
        )
    )
    tax: Literal["inclusive", "exclusive", "na"] = Field(
        default="na", description="Whether the amount includes tax; na when not applicable."
    )
    currency: str | None = Field(
        default=None,
        description=(
            "ISO 4217 code of the amount's currency (RMB is read as CNY), or null for ratios "
            "and counts."
        ),
    )
    role: Literal["level", "change", "growth"] = Field(
        default="level",
        description=(
            "level: the metric's value for the period (the usual case); change: an increase "
            "or decrease amount against an earlier period (比上年增加553.1亿元, increased $972 "
            "million); growth: a rate of change (同比增长8.2%)."
        ),
    )
    compared_to: str | None = Field(
        default=None,
        description=(
            "For a change or growth: the period it compares to, written like period (2023, "
            "FY2023, 2023-12-31); null for the same period one year earlier, and for a level."
        ),
    )

    @model_validator(mode="after")
    def _level_has_no_base(self) -> Claim:
        if self.role == "level" and self.compared_to:
            raise ValueError(
                f"compared_to {self.compared_to!r} is set but role is 'level'; a base period "
                "belongs to a change or growth: set role, or compared_to to null"
            )
        return self

    @field_validator("quote")
    @classmethod
    def _quote_has_a_digit(cls, value: str) -> str:
        if not DIGIT.search(value):
            raise ValueError("the quote must contain the number, i.e. at least one digit")
        return value

    @field_validator("currency")
    @classmethod
    def _currency_is_a_code(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        code = _CURRENCY_ALIASES.get(value.strip().upper(), value.strip().upper())
        if not regex.fullmatch(r"[A-Z]{3}", code):
            raise ValueError(f"currency {value!r} is not an ISO 4217 code such as CNY or USD")
        return code

    @model_validator(mode="after")
    def _text_is_text(self) -> Claim:
        """Refuse a lone surrogate in any field (pydantic's JSON parser refuses it too)."""
        name = surrogate_field({n: getattr(self, n) for n in type(self).model_fields})
        if name is not None:
            raise ValueError(f"field {name!r} holds a lone surrogate (U+D800-U+DFFF), not text")
        return self

    def __init__(self, /, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as exc:
            if type(self).validation_errors == "pydantic":
                raise
            raise _record_error(exc, "Claim") from exc

    # Pydantic calls a model's own ``__init__`` from ``model_validate`` unless it
    # is marked as the base one; this one only translates the error.
    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]

    @classmethod
    def model_validate_json(cls, json_data: Any, *args: Any, **kwargs: Any) -> Claim:
        """Parse model output; malformed output raises ``InvalidRecordError``.

        Raises pydantic's ``ValidationError`` instead when the class sets
        ``validation_errors = "pydantic"``. Text over a limit (size, nesting:
        docs/guarantees.md) raises ``InvalidRecordError`` before it is parsed.
        """
        json_data = check_json_text(json_data, "Claim")
        try:
            return super().model_validate_json(json_data, *args, **kwargs)
        except ValidationError as exc:
            if cls.validation_errors == "pydantic":
                raise
            raise _record_error(exc, "Claim") from exc

    @classmethod
    def model_validate(cls, obj: Any, *args: Any, **kwargs: Any) -> Claim:
        """Validate a dict; malformed input raises ``InvalidRecordError``.

        Raises pydantic's ``ValidationError`` instead when the class sets
        ``validation_errors = "pydantic"``.
        """
        try:
            return super().model_validate(obj, *args, **kwargs)
        except ValidationError as exc:
            if cls.validation_errors == "pydantic":
                raise
            raise _record_error(exc, "Claim") from exc

    @classmethod
    def model_validate_strings(cls, obj: Any, *args: Any, **kwargs: Any) -> Claim:
        """Validate string data; malformed input raises ``InvalidRecordError``."""
        try:
            return super().model_validate_strings(obj, *args, **kwargs)
        except ValidationError as exc:
            if cls.validation_errors == "pydantic":
                raise
            raise _record_error(exc, "Claim") from exc


def _record_error(exc: ValidationError, source: str) -> InvalidRecordError:
    first = exc.errors()[0]
    field_name = ".".join(str(part) for part in first.get("loc", ())) or None
    reason = str(first.get("msg", "invalid"))
    return InvalidRecordError(
        f"invalid {source}: {field_name or '(record)'}: {reason}"
        + (f" ({exc.error_count()} errors in all)" if exc.error_count() > 1 else ""),
        source=source,
        field=field_name,
        reason=reason,
    )


# Keywords the strict structured-output modes of common LLM APIs reject or ignore.
_UNSUPPORTED_SCHEMA_KEYS = frozenset(
    {"default", "title", "minLength", "maxLength", "pattern", "format", "examples"}
)


def _clean_schema(node: Any) -> Any:
    if isinstance(node, dict):
        return {
            key: _clean_schema(value)
            for key, value in node.items()
            if key not in _UNSUPPORTED_SCHEMA_KEYS
        }
    if isinstance(node, list):
        return [_clean_schema(item) for item in node]
    return node


def _nullable_type(node: dict[str, Any]) -> str | None:
    """``"string"`` for ``{"anyOf": [{"type": "string"}, {"type": "null"}]}``, else ``None``."""
    options = node.get("anyOf")
    if not isinstance(options, list) or len(options) != 2:
        return None
    if not all(isinstance(option, dict) and set(option) == {"type"} for option in options):
        return None
    kinds = [option["type"] for option in options]
    if "null" not in kinds:
        return None
    other = [kind for kind in kinds if kind != "null"]
    return other[0] if len(other) == 1 and isinstance(other[0], str) else None


def _gemini_schema(node: Any) -> Any:
    """OpenAPI-subset shape for Gemini's ``response_schema``.

    A single ``type`` with ``nullable: true`` instead of an ``anyOf`` with
    ``null``, and no ``additionalProperties`` (the OpenAPI 3.0 subset that
    Vertex AI and older Gemini API versions take).
    """
    if isinstance(node, dict):
        out = {
            key: _gemini_schema(value)
            for key, value in node.items()
            if key != "additionalProperties"
        }
        kind = _nullable_type(node)
        if kind is not None:
            del out["anyOf"]
            out["type"] = kind
            out["nullable"] = True
        return out
    if isinstance(node, list):
        return [_gemini_schema(item) for item in node]
    return node


@functools.cache
def _claim_schema() -> dict[str, Any]:
    schema = _clean_schema(Claim.model_json_schema())
    schema["required"] = list(schema["properties"])
    schema["additionalProperties"] = False
    schema["description"] = (
        "One number cited from a source document: quote it verbatim and say what it means."
    )
    return {"type": "object", **{k: v for k, v in schema.items() if k != "type"}}


@public
def claim_json_schema(
    *, many: bool = False, dialect: Literal["openai", "gemini"] = "openai"
) -> dict[str, Any]:
    """A JSON schema for ``Claim`` usable as an LLM structured-output schema.

    ``dialect="openai"`` (the default) is the portable form: an object with
    ``additionalProperties: false``, every property listed in ``required``, an
    optional value written as ``{"anyOf": [{"type": "string"}, {"type":
    "null"}]}``, and none of the keywords strict modes reject (``default``,
    ``minLength``, ``pattern``, ``format``, ``title``). The same dict passes
    OpenAI's strict structured outputs, Anthropic's ``transform_schema`` (strict
    tools and ``output_config``) and google-genai's ``response_schema`` and
    ``response_json_schema``; a test runs each SDK's own offline check on it.
    The nullable form is ``anyOf`` rather than a type list (``"type":
    ["string", "null"]``) because Anthropic's and Google's SDKs reject type
    lists.

    ``dialect="gemini"``: the OpenAPI 3.0 subset that Vertex AI and older
    Gemini API versions take: one ``type`` plus ``"nullable": true`` and no
    ``additionalProperties``.

    Args:
        many: Give ``{"claims": [Claim, ...]}`` instead of one claim.
        dialect: ``"openai"`` (portable, the default) or ``"gemini"``.

    Returns:
        A fresh dict, safe to modify.

    Raises:
        InvalidInputError: an unknown ``dialect``.

    >>> schema = claim_json_schema()
    >>> schema["additionalProperties"], sorted(schema["required"]) == sorted(schema["properties"])
    (False, True)
    >>> schema["properties"]["currency"]["anyOf"]
    [{'type': 'string'}, {'type': 'null'}]
    >>> gemini = claim_json_schema(dialect="gemini")
    >>> gemini["properties"]["currency"]["type"], gemini["properties"]["currency"]["nullable"]
    ('string', True)
    """
    if dialect not in ("openai", "gemini"):
        raise InvalidInputError(
            f"claim_json_schema: dialect {dialect!r} is not 'openai' or 'gemini'",
            argument="dialect",
            value=dialect,
        )
    claim: dict[str, Any] = _deep_copy(_claim_schema())
    schema = claim
    if many:
        schema = {
            "type": "object",
            "properties": {"claims": {"type": "array", "items": claim}},
            "required": ["claims"],
            "additionalProperties": False,
        }
    return _gemini_schema(schema) if dialect == "gemini" else schema


def _deep_copy(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _deep_copy(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_deep_copy(item) for item in node]
    return node

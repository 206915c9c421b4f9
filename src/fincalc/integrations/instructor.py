"""Response models that make instructor re-ask the model with fincalc's reasons.

instructor (and other libraries that retry structured output: PydanticAI,
LangChain's ``with_structured_output``) re-ask the model only when validation
raises pydantic's ``ValidationError``. ``fincalc.Claim`` raises
``InvalidRecordError`` instead, so a bad claim would end the call.
``GroundedClaim`` and ``GroundedClaims`` validate exactly as ``Claim`` does
but report problems as ``ValidationError``, and, given the documents in the
validation context, also check that each quote is really in its document and
says what the claim says, so the model is re-asked with fincalc's reason
("quote '…' not found …", "period differs …") instead of the pipeline
refusing later.

instructor itself is not imported here: these are plain pydantic models,
tested with the real instructor (``pip install 'fincalc-qa[instructor]'``).

Example (the model and the documents are yours)::

    import instructor
    from openai import OpenAI
    from fincalc import resolve_all
    from fincalc.integrations.instructor import GroundedClaims, grounding_context

    client = instructor.from_openai(OpenAI())
    answer = client.chat.completions.create(
        model="gpt-4o-mini",
        response_model=GroundedClaims,
        context=grounding_context(documents),  # quotes are checked against these
        max_retries=2,                         # each failure is re-asked with its reason
        messages=[{"role": "user", "content": prompt}],
    )
    facts = resolve_all(answer.claims, documents).facts
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator
from pydantic_core import PydanticCustomError

from fincalc import Claim, Document, FiscalCalendar, claim_json_schema, resolve_all

__all__ = ["GroundedClaim", "GroundedClaims", "grounding_context"]

_CONTEXT_KEY = "fincalc_grounding"


def grounding_context(
    documents: Iterable[Document] | Mapping[str, Document],
    *,
    calendar: FiscalCalendar | None = None,
    min_ratio: float = 0.9,
) -> dict[str, Any]:
    """The validation context that makes ``GroundedClaim`` check quotes against ``documents``.

    Pass it as instructor's ``context=`` (or pydantic's ``model_validate(...,
    context=...)``); merge it into a context of your own with ``{**yours,
    **grounding_context(docs)}``.

    Args:
        documents: The documents the model was shown.
        calendar: The fiscal calendar for period names (``resolve``'s default otherwise).
        min_ratio: ``resolve``'s fuzzy-match threshold.

    >>> doc = Document("r1", "2025年第三季度华东区营业收入8.7亿元。")
    >>> claim = {"evidence_id": "r1", "quote": "营业收入8.1亿元", "metric": "营业收入",
    ...          "entity": "华东区", "period": "2025Q3", "basis": "single_period",
    ...          "currency": "CNY"}
    >>> try:
    ...     GroundedClaim.model_validate(claim, context=grounding_context([doc]))
    ... except ValueError as exc:  # pydantic's ValidationError
    ...     print(exc.errors()[0]["type"])
    quote_not_found
    """
    by_id = dict(documents) if isinstance(documents, Mapping) else {d.id: d for d in documents}
    return {_CONTEXT_KEY: {"documents": by_id, "calendar": calendar, "min_ratio": min_ratio}}


class GroundedClaim(Claim):
    """``fincalc.Claim`` that raises pydantic's ``ValidationError``, checked against documents.

    Without a ``grounding_context`` it validates the claim's shape only (as
    ``Claim``); with one, a claim ``resolve`` would refuse is a validation
    error whose ``type`` is fincalc's reason code (``quote_not_found``,
    ``period_mismatch``, …) and whose message is fincalc's, fix included.
    It is a ``Claim``: pass it to ``resolve`` and ``resolve_all`` as is.

    >>> from pydantic import ValidationError
    >>> try:
    ...     GroundedClaim.model_validate_json('{"evidence_id": "r1", "quote": "营业收入"}')
    ... except ValidationError as exc:
    ...     print(exc.error_count(), exc.errors()[0]["msg"])
    5 Value error, the quote must contain the number, i.e. at least one digit
    """

    validation_errors = "pydantic"

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """What instructor shows the model: ``claim_json_schema()`` (plain words, strict-safe)."""
        return {"title": cls.__name__, **claim_json_schema()}

    @model_validator(mode="after")
    def _grounded(self, info: ValidationInfo) -> GroundedClaim:
        settings = (info.context or {}).get(_CONTEXT_KEY)
        if not settings:
            return self
        resolution = resolve_all(
            [self],
            settings["documents"],
            calendar=settings["calendar"],
            min_ratio=settings["min_ratio"],
        )
        for refusal in resolution.refusals:
            raise PydanticCustomError(
                refusal.reason,
                "{message}",
                {"message": str(refusal.error), "reason": refusal.reason},
            )
        return self


class GroundedClaims(BaseModel):
    """The claims for one answer, as ``claim_json_schema(many=True)`` describes them.

    Each item is a ``GroundedClaim``: with a ``grounding_context``, every
    claim's quote is checked, and all failures come back in one
    ``ValidationError`` (``loc`` ``("claims", i)``), so one re-ask can fix them
    all. An empty list is valid: the model found nothing to quote.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """What instructor shows the model: ``claim_json_schema(many=True)``.

        Pydantic's own schema would carry this class's and ``Claim``'s Python
        docs (doctests, markup) and ``default`` values that strict modes reject.
        """
        schema = claim_json_schema(many=True)
        schema["properties"]["claims"]["description"] = (
            "One claim per number the answer needs, each quoting its source verbatim; "
            "an empty list when nothing can be quoted."
        )
        return {
            "title": cls.__name__,
            "description": "The claims for one answer, each quoting a source verbatim.",
            **schema,
        }

    claims: list[GroundedClaim] = Field(
        description="One claim per number the answer needs, each quoting its source verbatim."
    )

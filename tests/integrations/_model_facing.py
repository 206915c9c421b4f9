"""What a model is shown: the checks every schema or tool definition sent to a model passes."""

from __future__ import annotations

import json
from typing import Any

#: Python docs that must never reach a model: doctest prompts, reST/Sphinx markup,
#: Google-style section headers, and the docstring's own wording.
PYTHON_DOCS = (">>>", "``", ":func:", ":class:", "Attributes:", "Args:", "Returns:", "Raises:")
#: Keywords strict structured-output modes reject or ignore.
STRICT_REJECTS = ('"default"', '"minLength"', '"minItems"', '"pattern"', '"format"')


def assert_clean(sent: Any, *, limit: int) -> str:
    """``sent`` as JSON, after checking it carries no Python docs or strict-rejected keywords."""
    text = json.dumps(sent, ensure_ascii=False)
    for marker in PYTHON_DOCS + STRICT_REJECTS:
        assert marker not in text, f"{marker!r} is sent to the model: {text[:300]}"
    assert len(text) <= limit, f"{len(text)} characters sent (limit {limit})"
    return text


def walk_objects(schema: Any) -> list[dict[str, Any]]:
    """Every object schema inside ``schema`` (with ``properties``)."""
    found: list[dict[str, Any]] = []
    if isinstance(schema, dict):
        if "properties" in schema:
            found.append(schema)
        for value in schema.values():
            found += walk_objects(value)
    elif isinstance(schema, list):
        for item in schema:
            found += walk_objects(item)
    return found


def assert_strict_objects(schema: Any) -> None:
    """Each object lists every property as required and forbids others; each is described."""
    objects = walk_objects(schema)
    assert objects
    for obj in objects:
        assert obj.get("additionalProperties") is False, obj
        assert sorted(obj["required"]) == sorted(obj["properties"]), obj
        for name, prop in obj["properties"].items():
            assert prop.get("description"), f"property {name!r} has no description"

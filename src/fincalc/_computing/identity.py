"""The identity of a computation: what it computed from which values, not its wording.

``Computation.fingerprint`` covers every field of a record (evidence, prose,
version), so that any edit shows. A derived figure (``Computation.as_fact``)
needs a name that stays the same across fincalc versions and rewordings of its
sources, so that a chained computation recomputed tomorrow cites the same
``computation:…`` evidence id: ``identity`` hashes the operation, each input's
evidence id, value (by value: ``8.7E+8`` and ``870000000`` alike) and caliber,
the target caliber, the rounding rule, the fiscal calendar and the rule's
optional fields. It is the canonical form that fingerprint schema 1 used.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .operations import input_terms, is_unordered, own_formula

__all__ = ["canonical_text", "identity"]


def canonical_text(value: Any) -> str:
    """A Decimal by value, for hashing: plain notation, no trailing zeros, no ``-0``.

    >>> from decimal import Decimal
    >>> canonical_text(Decimal("8.7E+8")), canonical_text(Decimal("1.50"))
    ('870000000', '1.5')
    """
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def identity(c: Any) -> str:
    """SHA-256 (hex) of what ``c`` (a ``Computation``) computed from which values.

    >>> from fincalc import Fact, add
    >>> a, b = (Fact.build(v, metric="营业收入", entity=e, period="2025Q3", evidence_id=e)
    ...         for v, e in (("8.7E+8", "A"), ("6E+8", "B")))
    >>> identity(add(a, b, entity="T")) == identity(add(b, a, entity="T"))
    True
    """
    inputs = [
        {
            "caliber": fact.caliber.to_dict(),
            "evidence_id": fact.evidence.evidence_id,
            "value": canonical_text(fact.quantity.value),
        }
        for fact in c.inputs
    ]
    for item, term in zip(inputs, input_terms(c), strict=False):
        item["term"] = term
    encoded = [_dumps(item) for item in inputs]
    if is_unordered(c.operation):
        encoded.sort()
    calendar = (
        None
        if c.calendar is None
        else {"start_month": c.calendar.start_month, "naming": c.calendar.naming}
    )
    body: dict[str, Any] = {
        "calendar": calendar,
        "inputs": encoded,
        "operation": c.operation,
        "rounding": c.rounding.rule,
        "schema": "fincalc.computation/1",
        "target": c.target.to_dict(),
    }
    if c.signs is not None:
        body["signs"] = list(c.signs)
    if c.kind is not None:
        body["kind"] = c.kind
    if c.factor is not None:
        body["factor"] = canonical_text(c.factor)
    if c.factor_meaning is not None:
        body["factor_meaning"] = c.factor_meaning
    if c.formula is not None:
        body["formula"] = (
            {"name": c.formula.name, "kind": c.formula.kind}
            if own_formula(c.operation)
            else c.formula.canonical()
        )
    return hashlib.sha256(_dumps(body).encode("utf-8", "surrogatepass")).hexdigest()

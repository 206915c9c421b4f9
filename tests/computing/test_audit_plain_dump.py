"""``Computation.model_dump()`` holds plain data that reloads (generic serializers, checkpoints).

A framework that stores pydantic models generically (LangGraph's checkpoint
serializer, which calls ``model_dump()`` and may refuse unknown types under
strict msgpack) must get no fincalc type back, and what it gives back, a
dict, must reload through ``Computation.from_dict`` or the constructor.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from fincalc import Computation, Fact, add, ratio, sub, yoy

PLAIN = (str, int, bool, type(None), Decimal, datetime.date)


def _fincalc_types(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [t for value in node.values() for t in _fincalc_types(value)]
    if isinstance(node, (list, tuple)):
        return [t for item in node for t in _fincalc_types(item)]
    if isinstance(node, Enum) or not isinstance(node, PLAIN):
        return [type(node).__name__]
    return []


# source, the facts' (metric, entity, period, raw) as a report states them
SOURCES = [
    (
        "CSRC quarterly report",
        "营业收入",
        "华东区",
        ("2025Q3", "2024Q3"),
        ("8.7 亿元", "87,432 万元"),
    ),
    ("10-K MD&A", "Revenue", "Company", ("FY2024", "FY2023"), ("$302.6 million", "$287.1 million")),
]


@given(
    source=st.sampled_from(SOURCES),
    values=st.tuples(
        st.integers(min_value=1, max_value=10**12), st.integers(min_value=1, max_value=10**12)
    ),
    operation=st.sampled_from(["yoy", "sub", "ratio", "add"]),
)
def test_model_dump_is_plain_and_reloads(
    source: tuple[str, str, str, tuple[str, str], tuple[str, str]],
    values: tuple[int, int],
    operation: str,
) -> None:
    _, metric, entity, periods, raws = source
    same_period = operation in ("ratio", "add")
    facts = [
        Fact.build(
            str(value),
            metric=metric if operation != "ratio" or i == 0 else f"{metric} total",
            entity=entity if operation != "add" or i == 0 else f"{entity} {i}",
            period=periods[0] if same_period else periods[i],
            evidence_id=f"doc{i}",
            raw=raws[i],
        )
        for i, value in enumerate(values)
    ]
    if operation == "yoy":
        computation = yoy(*facts)
    elif operation == "sub":
        computation = sub(*facts)
    elif operation == "ratio":
        computation = ratio(*facts, metric="share of total")
    else:
        computation = add(*facts, entity="both")
    dumped = computation.model_dump()
    assert _fincalc_types(dumped) == []  # no enum, no Rounding: nothing a strict loader blocks
    assert dumped["rounding"] == computation.rounding.rule
    assert Computation.from_dict(dumped) == computation
    assert Computation(**dumped) == computation
    assert Computation.model_validate_json(computation.model_dump_json()) == computation

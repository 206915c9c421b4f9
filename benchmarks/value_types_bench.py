"""Cost of the hot value types: frozen dataclasses versus a validated pydantic model.

Run: ``python -m benchmarks.value_types_bench`` (or ``python -m benchmarks --only
value_types``). The reference in every row is a frozen, validated pydantic v2
model with the same seven fields as ``Quantity``, measured in the same run; the
ratio column is ours / reference.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import BaseModel, ConfigDict

from benchmarks._harness import (
    TIMING_ALIGN,
    TIMING_HEADER,
    Result,
    Table,
    fail,
    measure,
    run_single,
    timing_cells,
)
from fincalc import Basis, Caliber, Period, Quantity

AREA = "value_types"


class _QuantityModel(BaseModel):
    """The same seven fields as ``Quantity``, as a frozen validated pydantic model."""

    model_config = ConfigDict(frozen=True)
    value: Decimal
    dimension: str | None
    unit: str | None = None
    raw: str = ""
    span: tuple[int, int] | None = None
    qualifier: str | None = None
    unit_from_context: bool = False


def run(quick: bool = False) -> Result:
    """Check the value types agree with the reference model, then time them."""
    value = Decimal("8.7E+8")
    period = Period(date(2025, 7, 1), date(2025, 10, 1))
    ours = Quantity(value, "CNY", "亿元", "8.7 亿元", (0, 6))
    twin = Quantity(value, "CNY", "亿元", "8.7 亿元", (0, 6))
    ref = _QuantityModel(value=value, dimension="CNY", unit="亿元", raw="8.7 亿元", span=(0, 6))
    ref_twin = _QuantityModel(
        value=value, dimension="CNY", unit="亿元", raw="8.7 亿元", span=(0, 6)
    )
    if not (ours == twin and ref == ref_twin and ours.value == ref.value == value):
        fail("Quantity and the reference model disagree; refusing to time them")
    caliber = Caliber("营业收入", "华东区", period, Basis.SINGLE_PERIOD, "CNY")
    if caliber.period != period or Period(period.start, period.end) != period:
        fail(f"Caliber or Period does not keep its fields: {caliber!r}")

    repeat = 3 if quick else 7
    build_ref = measure(
        lambda: _QuantityModel(
            value=value, dimension="CNY", unit="亿元", raw="8.7 亿元", span=(0, 6)
        ),
        repeat=repeat,
    ).median
    rows = [
        (
            "build Quantity",
            measure(lambda: Quantity(value, "CNY", "亿元", "8.7 亿元", (0, 6)), repeat=repeat),
            "build the pydantic model",
            build_ref,
        ),
        (
            "compare Quantity (==)",
            measure(lambda: ours == twin, repeat=repeat),
            "compare the pydantic model",
            measure(lambda: ref == ref_twin, repeat=repeat).median,
        ),
        (
            "build Period",
            measure(lambda: Period(period.start, period.end), repeat=repeat),
            "build the pydantic model",
            build_ref,
        ),
        (
            "build Caliber",
            measure(
                lambda: Caliber("营业收入", "华东区", period, Basis.SINGLE_PERIOD, "CNY"),
                repeat=repeat,
            ),
            "build the pydantic model",
            build_ref,
        ),
    ]
    table = Table(
        f"Value types (median of {repeat} repeats)",
        ["operation", *TIMING_HEADER],
        "l" + TIMING_ALIGN,
        [[name, *timing_cells(t.median, ref_name, ref_s)] for name, t, ref_name, ref_s in rows],
    )
    return Result(AREA, [table])


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

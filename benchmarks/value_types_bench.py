"""Cost of the hot value types: frozen dataclasses versus a validated pydantic model.

Run: ``python -m benchmarks.value_types_bench``. The pydantic model is the
reference measured in the same run; the ratio column is ours / reference.
"""

from __future__ import annotations

import timeit
from collections.abc import Callable
from datetime import date
from decimal import Decimal

from pydantic import BaseModel, ConfigDict

from fincalc import Basis, Caliber, Period, Quantity


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


def _best_us(fn: Callable[[], object], number: int = 100_000) -> float:
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1e6


def run() -> list[tuple[str, float, float]]:
    """Return rows of (operation, fincalc µs, pydantic-model µs), checked first."""
    value = Decimal("8.7E+8")
    period = Period(date(2025, 7, 1), date(2025, 10, 1))
    ours = Quantity(value, "CNY", "亿元", "8.7 亿元", (0, 6))
    twin = Quantity(value, "CNY", "亿元", "8.7 亿元", (0, 6))
    ref = _QuantityModel(value=value, dimension="CNY", unit="亿元", raw="8.7 亿元", span=(0, 6))
    ref_twin = _QuantityModel(
        value=value, dimension="CNY", unit="亿元", raw="8.7 亿元", span=(0, 6)
    )
    if not (ours == twin and ref == ref_twin and ours.value == ref.value):
        raise SystemExit("value types disagree; refusing to time them")
    build = _best_us(lambda: Quantity(value, "CNY", "亿元", "8.7 亿元", (0, 6)))
    build_ref = _best_us(
        lambda: _QuantityModel(
            value=value, dimension="CNY", unit="亿元", raw="8.7 亿元", span=(0, 6)
        )
    )
    return [
        ("build Quantity", build, build_ref),
        (
            "compare Quantity (==)",
            _best_us(lambda: ours == twin),
            _best_us(lambda: ref == ref_twin),
        ),
        ("build Period", _best_us(lambda: Period(period.start, period.end)), build_ref),
        (
            "build Caliber",
            _best_us(lambda: Caliber("营业收入", "华东区", period, Basis.SINGLE_PERIOD, "CNY")),
            build_ref,
        ),
    ]


def main() -> None:
    """Print the markdown table."""
    print("| operation | fincalc µs | pydantic model µs | ratio |")
    print("|---|---:|---:|---:|")
    for name, ours, ref in run():
        print(f"| {name} | {ours:.2f} | {ref:.2f} | {ours / ref:.2f} |")


if __name__ == "__main__":
    main()

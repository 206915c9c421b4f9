"""The error contract across the public API: wrong argument types raise FincalcError.

Found by fuzzing every public function with odd inputs; each row is a call that
once escaped as a bare TypeError/AttributeError/ValueError.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest

import fincalc as fc

CALLS: list[tuple[str, Callable[[], object]]] = [
    ("parse-locale-list", lambda: fc.parse_quantity("8.7 亿元", locale=[])),  # type: ignore[arg-type]
    ("extract-locale-dict", lambda: fc.extract_quantities("8.7 亿元", locale={})),  # type: ignore[arg-type]
    ("check-tolerance-dict", lambda: fc.check_answer("8.7亿元", "870000000", tolerance={})),  # type: ignore[arg-type]
    ("unsupported-sources-decimal", lambda: fc.unsupported_numbers("x 9", Decimal(1))),  # type: ignore[arg-type]
    ("conflicts-none", lambda: fc.find_conflicts(None)),  # type: ignore[arg-type]
    ("compare-list", lambda: fc.compare_reports([None])),  # type: ignore[arg-type]
    ("table-none", lambda: fc.UnitTable.from_mapping(None)),  # type: ignore[arg-type]
    ("table-list", lambda: fc.UnitTable.from_mapping(["ab", True])),  # type: ignore[arg-type]
    ("calendar-list", lambda: fc.FiscalCalendar.named([])),  # type: ignore[arg-type]
    (
        "fact-period-list",
        lambda: fc.Fact.build(1, metric="m", entity="e", period=["x"], evidence_id="e"),  # type: ignore[arg-type]
    ),
]


@pytest.mark.parametrize("call", [pytest.param(c, id=i) for i, c in CALLS])
def test_wrong_types_raise_fincalc_errors(call: Callable[[], object]) -> None:
    with pytest.raises(fc.FincalcError):
        call()

"""Rows that name opposite directions are two line items (issue 24, found on a real 10-K)."""

from __future__ import annotations

import pytest

from fincalc import Document, resolve_all

ROLLFORWARD = Document(
    "tax",
    "Unrecognized tax benefits (in millions)\nYears ended December 31,\n2024\n2023\n"
    "Balance at January 1\n$\n2,000\n$\n1,800\n"
    "Increase due to prior year tax positions\n95\n80\n"
    "Decrease due to prior year tax positions\n(\n1,741\n)\n(\n21\n)\n",
    currency="USD",
)
ZH = Document(
    "zh",
    "单位：万元\n项目 | 2024年 | 2023年\n"
    "公允价值变动收益 | 1,200 | 900\n公允价值变动损失 | 300 | 250\n",
)


@pytest.mark.parametrize(
    ("doc", "quote", "metric", "period", "expected", "source"),
    [
        (
            ROLLFORWARD,
            "Decrease due to prior year tax positions\n(\n1,741",
            "Increase due to prior year tax positions",
            "FY2024",
            "metric_mismatch",
            "10-K tax roll-forward: row above",
        ),
        (
            ROLLFORWARD,
            "Decrease due to prior year tax positions\n(\n1,741",
            "Decrease due to prior year tax positions",
            "FY2024",
            "-1.741E+9",
            "10-K tax roll-forward: its own row",
        ),
        (
            ZH,
            "公允价值变动损失 | 300",
            "公允价值变动收益",
            "2024年",
            "metric_mismatch",
            "年报利润表附注: 收益 and 损失 rows",
        ),
    ],
)
def test_opposite_directions_are_other_line_items(
    doc: Document, quote: str, metric: str, period: str, expected: str, source: str
) -> None:
    claim = {
        "evidence_id": doc.id,
        "quote": quote,
        "metric": metric,
        "entity": "Acme",
        "period": period,
        "basis": "single_period",
        "currency": "USD" if doc is ROLLFORWARD else "CNY",
    }
    result = resolve_all([claim], [doc])
    got = str(result.facts[0].value) if result.facts else result.refusals[0].reason
    assert got == expected, (source, result.refusals and str(result.refusals[0].error))

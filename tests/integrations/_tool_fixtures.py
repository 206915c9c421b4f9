"""Documents and claims shared by the LangChain and LlamaIndex tool tests."""

from __future__ import annotations

from typing import Any

from fincalc import Document

REPORT = Document(
    "ar-2025q3",
    "2025年第三季度，华东区实现营业收入8.7亿元。\n"
    "单位：万元\n"
    "| 地区 | 2025年第三季度 | 2024年第三季度 |\n"
    "| 华东区营业收入 | 87,000 | 87,432 |\n"
    "| 华南区营业收入 | 45,210 | 40,008 |\n",
    page=12,
)
NOW: dict[str, Any] = {
    "evidence_id": "ar-2025q3",
    "quote": "实现营业收入8.7亿元",
    "metric": "营业收入",
    "entity": "华东区",
    "period": "2025年第三季度",
    "basis": "single_period",
    "currency": "CNY",
}
BEFORE: dict[str, Any] = {
    **NOW,
    "quote": "华东区营业收入 | 87,000 | 87,432",
    "period": "2024Q3",
}
SOUTH_NOW: dict[str, Any] = {**NOW, "quote": "华南区营业收入 | 45,210", "entity": "华南区"}
YOY_SENTENCE = "华东区2025年第三季度营业收入同比下降0.49%（来源：ar-2025q3 第12页）。"

"""Seeded corpora of report snippets: one amount each, expected value from the generator.

The generator writes each amount from its parts (digits, grouping, scale word,
currency or unit) and computes the expected base-unit value with ``Decimal``,
independently of the parser.  Mixed Chinese and English, with the formats real
reports use: grouped digits with Chinese scales, full-width digits, OCR spaces,
accounting parentheses, currency prefixes and suffixes, percentages and points.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from fincalc import FincalcError, MissingUnitError, extract_quantities, parse_quantity

__all__ = ["RealCase", "real_world", "report_text", "score_real_world", "snippets"]

SEED = 20240601


@dataclass(frozen=True)
class Snippet:
    """One snippet with the amount it holds."""

    text: str
    value: Decimal
    dimension: str | None
    lang: str


def _number(rng: random.Random) -> tuple[str, Decimal, str]:
    """A positive amount as (plain digits, value, grouped digits)."""
    whole = rng.choice([rng.randint(1, 99), rng.randint(100, 9999), rng.randint(10_000, 999_999)])
    places = rng.choice([0, 1, 2, 2])
    frac = "".join(rng.choice("0123456789") for _ in range(places))
    plain = f"{whole}.{frac}" if frac else str(whole)
    grouped = f"{whole:,}" + (f".{frac}" if frac else "")
    return plain, Decimal(plain), grouped


_FULLWIDTH = str.maketrans({str(i): chr(0xFF10 + i) for i in range(10)} | {",": "，", ".": "．"})

# (template, unit text, multiplier, dimension); {n} is the number.
_CN_UNITS = [
    ("{n}亿元", Decimal("1E+8"), "CNY"),
    ("{n}万元", Decimal("1E+4"), "CNY"),
    ("{n} 亿元", Decimal("1E+8"), "CNY"),
    ("人民币{n}亿元", Decimal("1E+8"), "CNY"),
    ("{n}元", Decimal(1), "CNY"),
    ("{n}千元", Decimal("1E+3"), "CNY"),
    ("{n}亿美元", Decimal("1E+8"), "USD"),
    ("{n}万港元", Decimal("1E+4"), "HKD"),
    ("{n}%", Decimal("1E-2"), "RATIO"),
    ("{n}个百分点", Decimal("1E-2"), "RATIO"),
    ("{n}倍", Decimal(1), "MULTIPLE"),
    ("{n}万股", Decimal("1E+4"), "SHARES"),
    ("{n}户", Decimal(1), "HOUSEHOLDS"),
    ("{n}亿", Decimal("1E+8"), None),
]
_EN_UNITS = [
    ("${n} million", Decimal("1E+6"), "USD"),
    ("${n} billion", Decimal("1E+9"), "USD"),
    ("USD {n} billion", Decimal("1E+9"), "USD"),
    ("US${n}m", Decimal("1E+6"), "USD"),
    ("${n}", Decimal(1), "USD"),
    ("RMB {n} thousand", Decimal("1E+3"), "CNY"),
    ("HK${n}bn", Decimal("1E+9"), "HKD"),
    ("€{n}bn", Decimal("1E+9"), "EUR"),
    ("{n}%", Decimal("1E-2"), "RATIO"),
    ("{n} basis points", Decimal("1E-4"), "RATIO"),
    ("{n} percentage points", Decimal("1E-2"), "RATIO"),
    ("{n}x", Decimal(1), "MULTIPLE"),
    ("{n} million shares", Decimal("1E+6"), "SHARES"),
    ("{n} million", Decimal("1E+6"), None),
]
_CN_FRAMES = [
    "报告期内，公司实现营业收入{a}",
    "2024年第三季度归属于上市公司股东的净利润为{a}，",
    "截至2023年12月31日，总资产{a}（附注五、12）",
    "经营活动产生的现金流量净额{a}",
    "本年度研发投入{a}，占比提升",
    "{a}",
    "毛利率变动为{a}",
]
_EN_FRAMES = [
    "In fiscal 2024, revenue was {a}.",
    "Net income for Q3 2024 was {a}, see Note 12.",
    "Total assets of {a} as of December 31, 2024",
    "{a}",
    "Operating cash flow reached {a} in the year ended 2023",
    "Adjusted EBITDA (Item 7) increased to {a}",
]


def snippets(count: int = 2000, *, seed: int = SEED) -> list[Snippet]:
    """``count`` snippets, half Chinese, half English, deterministic for a seed."""
    rng = random.Random(seed)
    out: list[Snippet] = []
    for i in range(count):
        chinese = i % 2 == 0
        template, multiplier, dimension = rng.choice(_CN_UNITS if chinese else _EN_UNITS)
        plain, value, grouped = _number(rng)
        digits = grouped if rng.random() < 0.5 else plain
        style = rng.random()
        if chinese and style < 0.1:
            digits = digits.translate(_FULLWIDTH)
        negative = dimension not in ("HOUSEHOLDS", "SHARES", "MULTIPLE") and rng.random() < 0.1
        amount = template.format(n=digits)
        if negative:
            amount = "-" + amount
        frame = rng.choice(_CN_FRAMES if chinese else _EN_FRAMES)
        expected = value * multiplier
        out.append(
            Snippet(
                frame.format(a=amount),
                -expected if negative else expected,
                dimension,
                "zh" if chinese else "en",
            )
        )
    return out


_BOILERPLATE = [
    "第四节 管理层讨论与分析\n一、经营情况讨论与分析\n",
    "公司严格按照《公司法》《证券法》等法律法规的要求，持续完善公司治理结构。\n",
    "Item 7. Management's Discussion and Analysis of Financial Condition and Results.\n",
    "The following discussion should be read in conjunction with the consolidated "
    "financial statements included in Part II, Item 8 of this Form 10-K.\n",
    "本报告期内不存在重大诉讼、仲裁事项，详见第十节财务报告附注十四。\n",
]


def report_text(size: int = 100_000, *, seed: int = SEED) -> tuple[str, list[Snippet]]:
    """A report-like text of about ``size`` characters: boilerplate plus snippets."""
    rng = random.Random(seed + 1)
    parts: list[str] = []
    placed: list[Snippet] = []
    length = 0
    pool = snippets(4000, seed=seed + 2)
    while length < size:
        if rng.random() < 0.35:
            piece = rng.choice(_BOILERPLATE)
        else:
            snippet = pool[len(placed) % len(pool)]
            placed.append(snippet)
            piece = snippet.text + ("。" if snippet.lang == "zh" else " ")
        parts.append(piece)
        length += len(piece)
    return "".join(parts), placed


# ---------------------------------------------------------------- real-world-style strings

REAL_WORLD = Path(__file__).resolve().parent.parent / "tests" / "data" / "realworld_cases.tsv"


@dataclass(frozen=True)
class RealCase:
    """A hand-written string as a source writes it, with the reading it must get."""

    source: str  # shop-price, news, report-cell, model-answer
    lang: str  # en, zh
    text: str
    value: Decimal | None  # None: the text must be refused
    dimension: str | None


def real_world() -> list[RealCase]:
    """The hand-written real-world-style strings (tests/data/realworld_cases.tsv)."""
    cases = []
    for line in REAL_WORLD.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        source, lang, text, expected = line.split("\t")
        if expected == "!":
            cases.append(RealCase(source, lang, text, None, None))
            continue
        value, dimension = expected.split(" ")
        cases.append(
            RealCase(source, lang, text, Decimal(value), None if dimension == "-" else dimension)
        )
    return cases


def read_one(text: str) -> tuple[Decimal, str | None] | None:
    """How a caller reads one amount: ``parse_quantity``, or the one bare number; None: refused."""
    try:
        quantity = parse_quantity(text)
    except MissingUnitError:
        found = extract_quantities(text)
        return (found[0].value, None) if len(found) == 1 else None
    except FincalcError:
        return None
    return quantity.value, quantity.dimension


def score_real_world(
    cases: list[RealCase],
) -> tuple[dict[str, tuple[int, int]], list[tuple[RealCase, object]]]:
    """(right, total) by source and language ("news/en", "news", "all"), and the misses."""
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    misses: list[tuple[RealCase, object]] = []
    for case in cases:
        got = read_one(case.text)
        want = None if case.value is None else (case.value, case.dimension)
        keys = ("all", case.source, f"{case.source}/{case.lang}", case.lang)
        for key in keys:
            total[key] += 1
        if got == want:
            for key in keys:
                right[key] += 1
        else:
            misses.append((case, got))
    return {key: (right[key], total[key]) for key in total}, misses

"""Amount parsing: ``parse_quantity`` and ``extract_quantities`` against a naive floor and peers.

Run: ``python -m benchmarks.parse_bench`` (``--quick`` for a smoke run).

The corpus (benchmarks/corpus.py) is generated with a fixed seed: mixed Chinese
and English report snippets with one amount each and the expected base-unit
value computed by the generator.  fincalc's answers are checked first and the
run stops if fewer than 99.5 % are right; then every tool is timed on the same
snippets in the same run:

* ``floor (re)`` — one precompiled ``re`` search, one ``Decimal`` and one scale
  multiply, no normalisation (the naive lower bound the issue names);
* ``floor (re, from digit)`` — the same written to start matching at a digit;
* price-parser and quantulum3 when installed (``pip install -e '.[bench]'``),
  each scored on the same expected values (quantulum3 on a subset: it is slow).

``extract_quantities`` runs on a ~100 KB report-like text (boilerplate plus
snippets) and must find every placed amount, in order.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from benchmarks.corpus import Snippet, report_text, snippets
from fincalc import FincalcError, extract_quantities, parse_quantity

_SCALES = {
    None: Decimal(1),
    "亿": Decimal("1E+8"),
    "万": Decimal("1E+4"),
    "千": Decimal("1E+3"),
    "thousand": Decimal("1E+3"),
    "million": Decimal("1E+6"),
    "billion": Decimal("1E+9"),
    "bn": Decimal("1E+9"),
    "m": Decimal("1E+6"),
    "%": Decimal("1E-2"),
    "basis points": Decimal("1E-4"),
    "percentage points": Decimal("1E-2"),
}
_FLOOR = re.compile(
    r"(-?\d[\d,]*(?:\.\d+)?)\s*(亿|万|千|thousand|million|billion|bn|m|%|basis points"
    r"|percentage points)?"
)
_FLOOR_DIGIT = re.compile(r"\d[\d,]*(?:\.\d+)?")
_FLOOR_UNIT = re.compile(
    r"\s*(亿|万|千|thousand|million|billion|bn|m|%|basis points|percentage points)"
)


def floor(text: str) -> Decimal | None:
    """The naive floor: one regex search, one Decimal, one multiply."""
    match = _FLOOR.search(text)
    if match is None:
        return None
    return Decimal(match.group(1).replace(",", "")) * _SCALES[match.group(2)]


def floor_from_digit(text: str) -> Decimal | None:
    """The floor written to start matching at a digit, the unit read by an anchored match."""
    match = _FLOOR_DIGIT.search(text)
    if match is None:
        return None
    unit = _FLOOR_UNIT.match(text, match.end())
    scale = _SCALES[unit.group(1)] if unit is not None else _SCALES[None]
    return Decimal(match.group().replace(",", "")) * scale


def fincalc_value(text: str) -> Decimal | None:
    try:
        return parse_quantity(text).value
    except FincalcError:
        return None


def _price_parser() -> Callable[[str], Decimal | None] | None:
    if importlib.util.find_spec("price_parser") is None:
        return None
    from price_parser import Price

    def run(text: str) -> Decimal | None:
        amount = Price.fromstring(text).amount
        return amount if isinstance(amount, Decimal) else None

    return run


def _quantulum() -> Callable[[str], Decimal | None] | None:
    if importlib.util.find_spec("quantulum3") is None:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from quantulum3 import parser

    def run(text: str) -> Decimal | None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found = parser.parse(text)
        if not found:
            return None
        quantity = max(found, key=lambda q: abs(q.value))
        try:
            # A peer's float, converted for scoring only (never on fincalc's value path).
            value = Decimal(repr(quantity.value))
        except InvalidOperation:
            return None
        if quantity.unit.name in ("percentage", "percent"):
            value = value / 100
        return value

    return run


def accuracy(tool: Callable[[str], Decimal | None], corpus: list[Snippet]) -> float:
    right = 0
    for snippet in corpus:
        try:
            got = tool(snippet.text)
        except Exception:  # a peer's failure on one snippet counts as wrong
            got = None
        if got is not None and got == snippet.value:
            right += 1
    return right / len(corpus)


def time_per_item(
    tool: Callable[[str], object], corpus: list[Snippet], repeats: int
) -> tuple[float, float]:
    """Return (median, best) seconds per snippet over ``repeats`` passes."""
    passes = []
    for _ in range(repeats):
        started = time.perf_counter()
        for snippet in corpus:
            try:
                tool(snippet.text)
            except Exception:  # noqa: S112 - timing only; accuracy is scored separately
                continue
        passes.append((time.perf_counter() - started) / len(corpus))
    return statistics.median(passes), min(passes)


def check(corpus: list[Snippet]) -> float:
    """Check fincalc's answers (value and dimension) before timing anything."""
    wrong = []
    for snippet in corpus:
        try:
            quantity = parse_quantity(snippet.text)
            ok = quantity.value == snippet.value and quantity.dimension == snippet.dimension
        except FincalcError as exc:
            ok, quantity = False, exc  # type: ignore[assignment]
        if not ok:
            wrong.append((snippet, quantity))
    rate = 1 - len(wrong) / len(corpus)
    for snippet, got in wrong[:10]:
        print(f"WRONG {snippet.text!r}: expected {snippet.value} {snippet.dimension}, got {got}")
    if rate < 0.995:
        print(f"fincalc accuracy {rate:.2%} is below 99.5 %; not timing a wrong parser")
        sys.exit(1)
    return rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small corpus, one repeat")
    args = parser.parse_args(argv)
    count, repeats = (400, 1) if args.quick else (4000, 7)
    corpus = snippets(count)
    rate = check(corpus)

    tools: list[tuple[str, Callable[[str], Decimal | None], list[Snippet], int]] = [
        ("fincalc `parse_quantity`", fincalc_value, corpus, repeats),
        ("floor (re search + Decimal + multiply)", floor, corpus, repeats),
        ("floor (re, from digit)", floor_from_digit, corpus, repeats),
    ]
    price = _price_parser()
    if price is not None:
        tools.append(("price-parser", price, corpus, repeats))
    quantulum = _quantulum()
    if quantulum is not None:
        tools.append(("quantulum3 (first 200 snippets)", quantulum, corpus[:200], 1))

    rows = []
    for name, tool, sample, reps in tools:
        median, _best = time_per_item(tool, sample, reps)
        english = [s for s in sample if s.lang == "en"]
        chinese = [s for s in sample if s.lang == "zh"]
        score = rate if tool is fincalc_value else accuracy(tool, sample)
        rows.append(
            (name, median, score, accuracy(tool, english), accuracy(tool, chinese), len(sample))
        )
    floor_time = rows[1][1]
    print(f"\n### parse_quantity on {count} snippets (median of {repeats} passes)\n")
    print("| tool | µs / snippet | snippets / s | ratio to floor | accuracy | EN | ZH |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, median, score, en, zh, _n in rows:
        print(
            f"| {name} | {median * 1e6:.2f} | {1 / median:,.0f} | {median / floor_time:.2f} "
            f"| {score:.1%} | {en:.1%} | {zh:.1%} |"
        )

    text, placed = report_text(100_000)
    found = extract_quantities(text)
    got = [(q.value, q.dimension) for q in found]
    expected = [(s.value, s.dimension) for s in placed]
    if got != expected:
        print(f"extract_quantities found {len(got)} amounts, expected {len(expected)}")
        for index, (a, b) in enumerate(zip(got, expected, strict=False)):
            if a != b:
                print(f"first difference at #{index}: got {a}, expected {b}")
                break
        return 1
    size = len(text.encode("utf-8"))
    passes = []
    floor_passes = []
    for _ in range(repeats):
        started = time.perf_counter()
        extract_quantities(text)
        passes.append(time.perf_counter() - started)
        started = time.perf_counter()
        for match in _FLOOR.finditer(text):
            Decimal(match.group(1).replace(",", "")) * _SCALES[match.group(2)]
        floor_passes.append(time.perf_counter() - started)
    median = statistics.median(passes)
    floor_median = statistics.median(floor_passes)
    print(
        f"\n### extract_quantities on a {size / 1000:.0f} KB report text "
        f"({len(text):,} characters, {len(found)} amounts)\n"
    )
    print("| tool | ms / text | MB / s | ratio to floor |")
    print("|---|---:|---:|---:|")
    print(
        f"| fincalc `extract_quantities` | {median * 1e3:.1f} | {size / median / 1e6:.2f} | "
        f"{median / floor_median:.2f} |"
    )
    print(
        f"| floor (re finditer + Decimal + multiply) | {floor_median * 1e3:.1f} | "
        f"{size / floor_median / 1e6:.2f} | 1.00 |"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

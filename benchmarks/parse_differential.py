"""Differential test of the parser: two source trees must read every string identically.

Run (the "before" tree is any checkout of ``src``, e.g. ``git archive <commit> src``)::

    git archive <commit> src | tar -x -C /tmp/before
    python -m benchmarks.parse_differential --before /tmp/before/src [--random 100000]
    python -m benchmarks.parse_differential --before /tmp/before/src --path reader

The corpus is deterministic: every string literal in ``tests/`` and ``docs/`` that
holds a number, ``tests/data/parse_cases.tsv`` and ``realworld_cases.tsv`` with
their options, the benchmark corpora (snippets of three seeds, the report text
in chunks and whole, the free-text answers of the evaluate benchmark), generated
variants of every alias of the unit table in every position (before and after
the number, glued and spaced, with signs, brackets, scales and framing words),
and ``--random`` random strings of numbers, separators, aliases, spaces and
Unicode oddities.  Each string is read by ``parse_quantity`` and
``extract_quantities`` under every context, locale and table the tests use.

Each tree runs in its own interpreter (``PYTHONPATH`` set to it; a tree with the
generated scanner of issue 18 reads through it from the first call) and writes one
line per call: every field of every ``Quantity`` (the value's coefficient and
exponent, dimension, unit, raw, span, qualifier, ``unit_from_context``), or the
error's type, message and fields.  The two outputs must be identical; the
script prints the number of calls and of differences, then every changed
reading grouped by kind of change (read -> refused, refused -> read, read ->
read differently, …) with its count and ``--show`` examples of each, and exits
with status 1 if there is any.  ``--differences FILE`` writes every one, to
review each.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = 20261201

#: The contexts, locales and dimensions the calls combine (those the tests use).
CONTEXTS = [None, "单位：万元", "(in millions, except per share data)", "单位：元 币种：美元", "%"]
LOCALES = [None, "de_DE", "fr_FR", "en_CA", "ja_JP", "zh_Hant_TW", "fr_CA", "sv_SE", "en_IN"]
DIMENSIONS = ["CNY", "USD", "RATIO"]
#: A table of one's own (docs/parsing.md): a currency the bundled table does not have.
XFC = {
    "currency": [
        {"code": "XFC", "prefix": ["₰", "XFC", "芬元"], "suffix": ["₰", "XFC", "芬元", "fincoins"]}
    ]
}

# ----------------------------------------------------------------- the corpus


def _has_number(text: str) -> bool:
    return any(
        ch.isdigit() or ch in "一二三四五六七八九十百千万亿两零壹贰叁拾佰仟" for ch in text
    ) or any(
        w in text.lower() for w in ("million", "billion", "thousand", "five", "twenty", "half")
    )


def _literals() -> list[str]:
    """Every string literal of the tests and the doctests that holds a number."""
    found: list[str] = []
    for path in sorted((ROOT / "tests").rglob("*.py"), key=lambda p: (p.name, str(p))):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                if 0 < len(text) <= 3000 and _has_number(text):
                    found.append(text)
    for path in sorted([*(ROOT / "docs").glob("*.md"), *(ROOT / "src").rglob("*.py")]):
        for line in path.read_text(encoding="utf-8").splitlines():
            for quote in ('"', "'"):
                parts = line.split(quote)
                found.extend(p for p in parts[1::2] if 0 < len(p) <= 500 and _has_number(p))
    return list(dict.fromkeys(found))


def _table_rows() -> list[tuple[str, dict[str, str]]]:
    rows: list[tuple[str, dict[str, str]]] = []
    escapes = {"\\u202f": "\u202f", "\\r": "\r", "\\n": "\n"}
    for name in ("parse_cases.tsv", "realworld_cases.tsv"):
        for line in (ROOT / "tests" / "data" / name).read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            text = fields[3] if name == "parse_cases.tsv" else fields[2]
            for escape, char in escapes.items():
                text = text.replace(escape, char)
            options: dict[str, str] = {}
            if name == "parse_cases.tsv" and len(fields) > 5 and fields[5]:
                options = dict(item.split("=", 1) for item in fields[5].split(";"))
            rows.append((text, options))
    return rows


def _benchmark_texts() -> list[str]:
    sys.path.insert(0, str(ROOT))
    from benchmarks.corpus import report_text, snippets
    from benchmarks.evaluate_bench import _texts

    texts = [s.text for seed in (20240601, 1, 2) for s in snippets(4000, seed=seed)]
    report, _ = report_text(100_000)
    texts.append(report)
    texts.extend(report[i : i + 997] for i in range(0, len(report), 997))
    _, preds, _ = _texts(random.Random(7), 3000)
    texts.extend(p.text or "" for p in preds)
    return texts


def _aliases() -> dict[str, list[str]]:
    from fincalc import UnitTable

    table = UnitTable.default()
    words = {
        "scale": sorted(table.scales),
        "prefix": sorted(table.prefix_currencies),
        "suffix": sorted(table.suffixes),
        "qual_before": sorted(table.qualifiers_before),
        "qual_after": sorted(table.qualifiers_after),
        "not_before": sorted(table.not_amount_prefixes),
        "not_after": sorted(table.not_amount_suffixes),
        "currency_words": sorted(table.currency_words),
        "names": sorted(table.currency_names),
        "iso": sorted(table.iso_codes),
    }
    return words


_NUMBERS = [
    "5",
    "12",
    "8.7",
    "87,432",
    "1,476.94",
    "2023",
    "2024",
    "1900",
    "2101",
    "0",
    "0.5",
    ".5",
    "12345678",
    "1,234,567.89",
    "994. 14",
    "147, 693, 604",
    "1.234,56",
    "1 234,56",
    "12,5",
    "1'234.50",
    "12,34,567",
    "8.7E+8",
    "1.2e9",
    "3万4000",
    "25万6千",
    "一亿二千万",
    "三点五",
    "两千万",
    "十",
    "一",
    "三",
    "壹佰",
    "1234567890123456789012345678901",
    "(4)",
    "(1,234)",
    "１２３，４５６．７８",
    "3000多",
    "30多亿",
    "3千余万",
    "1.5万亿",
    "1,100.9",
    "100",
    "45",
    "5.2",
    "-1.2",
    "−5.2",
    "–5.2",
    "1.2-1.5",
    "5-10",
    "3 to 4",
    "8.7亿元-9.1",
    "12. 26",
]
_SEPARATORS = [
    "",
    "",
    "",
    " ",
    " ",
    "  ",
    "\u00a0",
    "\u202f",
    "\u3000",
    "\n",
    "\t",
    " | ",
    "，",
    "。",
    ",",
    ".",
    ";",
    ":",
    "、",
    "(",
    ")",
    "（",
    "）",
    "-",
    "−",
    "+",
    "~",
    "%",
    "$",
    "/",
    "'",
    "\u200e",
]
_WORDS = [
    "revenue was",
    "of",
    "to",
    "about",
    "over",
    "Note",
    "Q",
    "FY",
    "fiscal",
    "page",
    "第",
    "附注五、",
    "同比增长",
    "营业收入",
    "净利润为",
    "约",
    "约为",
    "为",
    "人民币",
    "港币",
    "比特币",
    "资金",
    "年",
    "月",
    "日",
    "个月",
    "years",
    "st",
    "million",
    "shares",
    "股",
    "股东",
    "家",
    "人",
    "天",
    "x",
    "×",
    "times",
    "bp",
    "cents",
    "美分",
    "元",
    "块",
    "毛",
    "角",
    "分",
    "钱",
    "兆",
    "至",
    "到",
    "or so",
    "左右",
    "以上",
    "多",
    "余",
    "a",
    "hk",
    "c",
    "US",
    "HK",
    "A1",
    "COVID-",
    "5G",
    "B2B",
    "10-K",
    "2023年12月31日",
    "12/31/2024",
    "2024-12-31",
    "10:30",
    "400-820-8888",
    "5.2.1",
    "five million",
    "two and a half",
    "a quarter",
    "one of",
    "twenty",
    "thirteen dollars and forty-five cents",
    "zlotys",
    "pounds",
    "tons",
    "K",
    "ſ",
    "ß",
    "İ",
    "ﬁ",
    "Ë",
    "lekë",
    "MM",
    "mm",
    "m",
    "M",
    "bn",
]


def _variants(rng: random.Random, aliases: dict[str, list[str]], count: int) -> Iterator[str]:
    """Amounts built from the table's aliases in every position, in framing text."""
    before = aliases["prefix"] + aliases["qual_before"] + aliases["not_before"]
    before += aliases["currency_words"] + aliases["iso"] + _WORDS
    after = aliases["suffix"] + aliases["scale"] + aliases["qual_after"] + aliases["not_after"]
    after += aliases["names"] + _WORDS
    spaces = ["", "", "", " ", "  ", "\u00a0", "\n"]
    for _ in range(count):
        parts = []
        if rng.random() < 0.5:
            parts.append(rng.choice(_WORDS + before))
            parts.append(rng.choice(spaces))
        if rng.random() < 0.2:
            parts.append(rng.choice(["-", "+", "(", "−", "负", "百分之"]))
        if rng.random() < 0.5:
            word = rng.choice(before)
            parts.append(word.upper() if rng.random() < 0.2 else word)
            parts.append(rng.choice(spaces))
        if rng.random() < 0.1:
            parts.append(rng.choice(["-", "(", "+"]))
        parts.append(rng.choice(_NUMBERS))
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            parts.append(rng.choice(spaces))
            word = rng.choice(after)
            parts.append(word.title() if rng.random() < 0.2 else word)
        if rng.random() < 0.3:
            parts.append(rng.choice(_SEPARATORS))
            parts.append(rng.choice(_NUMBERS + _WORDS))
        text = "".join(parts)
        if rng.random() < 0.3:
            frame = rng.choice(
                ["{}", "报告期内{}。", "Revenue was {}, up 5%.", "| 营业收入 | {} |"]
            )
            text = frame.format(text)
        yield text


def _random(rng: random.Random, aliases: dict[str, list[str]], count: int) -> Iterator[str]:
    """Random strings of numbers, separators, words, aliases and Unicode oddities."""
    pool = [*_NUMBERS, *_SEPARATORS, *_WORDS, *(w for words in aliases.values() for w in words)]
    digits = "0123456789０１２３４５６７８９,.'  "
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(1, 8)):
            r = rng.random()
            if r < 0.35:
                parts.append("".join(rng.choice(digits) for _ in range(rng.randint(1, 8))))
            elif r < 0.45:
                parts.append(chr(rng.randint(0x20, 0x2FFF)))
            else:
                parts.append(rng.choice(pool))
        yield "".join(parts)


def corpus(random_count: int) -> list[dict[str, object]]:
    """Every call to make: function, text and keyword arguments."""
    rng = random.Random(SEED)
    aliases = _aliases()
    calls: list[dict[str, object]] = []

    def add(text: str, **options: object) -> None:
        calls.append({"f": "p", "t": text, "k": options})
        calls.append(
            {"f": "e", "t": text, "k": {k: v for k, v in options.items() if k != "dimension"}}
        )

    for text, options in _table_rows():
        add(text, **options)
    for text in _literals():
        for context in CONTEXTS:
            add(text, context=context)
        for locale in LOCALES[1:]:
            add(text, locale=locale)
        add(text, table="xfc")
        for dimension in DIMENSIONS:
            calls.append({"f": "p", "t": text, "k": {"dimension": dimension}})
    for text in _benchmark_texts():
        add(text)
        if len(text) < 2000:
            add(text, context="单位：万元")
    for text in _variants(rng, aliases, 60_000):
        add(text)
        add(text, context=rng.choice(CONTEXTS[1:]))
        add(text, locale=rng.choice(LOCALES[1:]))
    for text in _random(rng, aliases, random_count):
        add(text)
        if rng.random() < 0.3:
            add(text, context=rng.choice(CONTEXTS[1:]))
        if rng.random() < 0.2:
            add(text, locale=rng.choice(LOCALES[1:]))
        if rng.random() < 0.1:
            add(text, table="xfc")
    return calls


# ----------------------------------------------------------------- the worker


def _describe(value: object) -> object:
    from decimal import Decimal

    from fincalc import Quantity

    if isinstance(value, Quantity):
        return [
            str(value.value),
            repr(value.value.as_tuple()),
            value.dimension,
            value.unit,
            value.raw,
            value.span,
            value.qualifier,
            value.unit_from_context,
        ]
    if isinstance(value, list):
        return [_describe(item) for item in value]
    if isinstance(value, Decimal):
        return str(value)
    return repr(value)


def worker(calls_path: str, out_path: str) -> None:
    """Make every call with the fincalc on ``sys.path`` and write one line per call."""
    import importlib.util

    from fincalc import FincalcError, UnitTable, extract_quantities, parse_quantity

    for tier in ("fincalc._reading.scanner_tier", "fincalc._reading.scanner_words"):
        # A tree with the generated scanner reads through it from the first call (by
        # default it compiles only once the table has read a megabyte), or never.
        # The account moved from scanner_words to scanner_tier; older trees have the first.
        if importlib.util.find_spec(tier) is not None:
            module = importlib.import_module(tier)
            if hasattr(module, "SCANNER_AFTER"):
                reader = os.environ.get("FINCALC_DIFFERENTIAL_PATH") == "reader"
                module.SCANNER_AFTER = 10**18 if reader else 0
                break
    tables = {"xfc": UnitTable.default().extended(XFC)}
    with open(calls_path, encoding="utf-8") as calls, open(out_path, "w", encoding="utf-8") as out:
        for line in calls:
            call = json.loads(line)
            options = dict(call["k"])
            if "table" in options:
                options["table"] = tables[options["table"]]
            options = {k: v for k, v in options.items() if v is not None}
            function = parse_quantity if call["f"] == "p" else extract_quantities
            try:
                result: object = _describe(function(call["t"], **options))
            except FincalcError as exc:
                fields = {k: repr(v) for k, v in sorted(vars(exc).items())}
                result = ["error", type(exc).__name__, str(exc), fields]
            except Exception as exc:  # a crash is a difference too
                result = ["CRASH", type(exc).__name__, str(exc)]
            out.write(json.dumps(result) + "\n")


def _run(tree: str, calls_path: str, out_path: str, path: str) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": tree,
        "PYTHONHASHSEED": "0",
        "FINCALC_DIFFERENTIAL_PATH": path,
    }
    command = [
        sys.executable,
        "-m",
        "benchmarks.parse_differential",
        "--worker",
        calls_path,
        out_path,
    ]
    subprocess.run(command, check=True, env=env, cwd=ROOT)  # noqa: S603 - our own script


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="the src directory of the tree to compare with")
    parser.add_argument("--after", default=str(ROOT / "src"), help="default: this tree's src")
    parser.add_argument("--random", type=int, default=100_000, help="random strings")
    parser.add_argument(
        "--path",
        choices=["scanner", "reader"],
        default="scanner",
        help="what the tree under test reads with: its generated scanner from the first "
        "call (default), or its reader alone (the scanner's tier never reached)",
    )
    parser.add_argument(
        "--differences",
        metavar="FILE",
        help="also write every difference to FILE, one JSON object a line (call, before, after)",
    )
    parser.add_argument(
        "--show", type=int, default=5, help="differences printed of each kind of change"
    )
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(*args.worker)
        return 0
    if not args.before:
        parser.error("--before is required")
    calls = corpus(args.random)
    with tempfile.TemporaryDirectory() as tmp:
        calls_path = str(Path(tmp) / "calls.jsonl")
        with open(calls_path, "w", encoding="utf-8") as handle:
            for call in calls:
                handle.write(json.dumps(call) + "\n")
        outputs = []
        for tree in (args.before, args.after):
            out_path = str(Path(tmp) / f"out{len(outputs)}.jsonl")
            _run(tree, calls_path, out_path, args.path)
            outputs.append(Path(out_path).read_text(encoding="utf-8").splitlines())
    before, after = outputs
    differences = [
        (call, old, new) for call, old, new in zip(calls, before, after, strict=True) if old != new
    ]
    texts = len({str(call["t"]) for call in calls})
    print(f"{len(calls):,} calls on {texts:,} distinct strings; {len(differences):,} differences")
    if args.differences:
        with open(args.differences, "w", encoding="utf-8") as handle:
            for call, old, new in differences:
                record = {"call": call, "before": json.loads(old), "after": json.loads(new)}
                handle.write(json.dumps(record, ensure_ascii=True) + "\n")
    _summarise(differences, args.show)
    return 1 if differences else 0


def _kind(outcome: object) -> str:
    """'refused' for an error line, 'none' for no amount, else 'read'."""
    if isinstance(outcome, list) and outcome[:1] == ["error"]:
        return "refused"
    return "none" if outcome == [] else "read"


def _summarise(differences: list[tuple[dict[str, object], str, str]], show: int) -> None:
    """Print every changed reading by kind of change: counts, then ``show`` of each kind.

    The kinds: read -> refused, refused -> read, read -> read differently (a value,
    unit or span changed: review every one), refused -> refused for another reason,
    and the same with "none" (no amount) on either side.
    """
    groups: dict[str, list[tuple[dict[str, object], str, str]]] = {}
    for call, old, new in differences:
        change = f"{_kind(json.loads(old))} -> {_kind(json.loads(new))}"
        groups.setdefault(change, []).append((call, old, new))
    for change in sorted(groups, key=lambda c: -len(groups[c])):
        items = groups[change]
        calls = {"p": 0, "e": 0}
        for call, _, _ in items:
            calls[str(call["f"])] = calls.get(str(call["f"]), 0) + 1
        texts = len({str(call["t"]) for call, _, _ in items})
        print(
            f"{change}: {len(items):,} calls on {texts:,} strings "
            f"(parse_quantity {calls['p']:,}, extract_quantities {calls['e']:,})"
        )
        for call, old, new in items[:show]:
            print(f"- {call['f']} {call['t']!r} {call['k']}\n  before: {old}\n  after:  {new}")


if __name__ == "__main__":
    raise SystemExit(main())

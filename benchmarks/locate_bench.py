"""Quote locating: ``locate`` against ``str.find``, difflib and rapidfuzz, same run.

Run: ``python -m benchmarks.locate_bench`` (or ``python -m benchmarks --only locate``;
``--quick`` for a smoke run).

Documents of about 10 KB, 100 KB and 1 MB are generated with a fixed seed:
Chinese and English report prose, markdown tables, PDF line breaks, and
repeated boilerplate (the same sentences in every quarter's section).  Every
quote of the sweep has a known true span; each method's answers are checked
against it *before* anything is timed, and a wrong answer stops the run.

Kinds of quote:

* ``exact`` — copied from the document.
* ``normalized`` — the clean sentence where the document has a layout artefact
  (line break inside the sentence, full-width digits, "147, 693", NBSP, ``：``).
* ``fuzzy`` — one or two non-digit edits to a sentence (a typo in a word).
* ``changed digit`` — one digit changed: must raise ``QuoteNotFoundError``.
* ``boilerplate`` — a sentence repeated in every section: must raise
  ``AmbiguousQuoteError``.

References, timed on the same documents and quotes: ``str.find`` (first hit)
for exact quotes; for fuzzy quotes difflib (``SequenceMatcher`` longest
matching block shifted by its offset in the quote) and, if installed,
rapidfuzz's ``fuzz.partial_ratio_alignment``.  Their placements are scored
against the true spans and reported, not required.
"""

from __future__ import annotations

import difflib
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from benchmarks._harness import (
    TIMING_ALIGN,
    TIMING_HEADER,
    Budget,
    Result,
    Series,
    Table,
    fail,
    measure,
    median_of,
    run_single,
    timing_cells,
)
from fincalc import AmbiguousQuoteError, QuoteNotFoundError, locate

AREA = "locate"

SIZES = {"10 KB": 10_000, "100 KB": 100_000, "1 MB": 1_000_000}

_QUARTERS = [
    ("2023年第一季度", "Q1 2023"),
    ("2023年第二季度", "Q2 2023"),
    ("2023年第三季度", "Q3 2023"),
    ("2023年第四季度", "Q4 2023"),
    ("2024年第一季度", "Q1 2024"),
    ("2024年第二季度", "Q2 2024"),
    ("2024年第三季度", "Q3 2024"),
    ("2024年第四季度", "Q4 2024"),
]
_ENTITIES = [
    ("华东区", "the East China region"),
    ("华南区", "the South China region"),
    ("华北区", "the North China region"),
    ("西南区", "the Southwest region"),
    ("海外业务", "the overseas business"),
    ("制造板块", "the manufacturing segment"),
]
_METRICS = [
    ("营业收入", "revenue"),
    ("净利润", "net profit"),
    ("归属于上市公司股东的净利润", "net profit attributable to shareholders"),
    ("经营活动产生的现金流量净额", "net cash from operating activities"),
    ("营业成本", "operating costs"),
]
_BOILERPLATE = [
    "本公司董事会及全体董事保证本报告内容不存在任何虚假记载、误导性陈述或者重大遗漏，"
    "并对其内容的真实性、准确性和完整性承担个别及连带的法律责任。",
    "报告期内，公司主营业务未发生重大变化，研发投入占营业收入的比例为5.2%。",
    "The Company's management is responsible for the preparation and fair presentation "
    "of these financial statements in accordance with applicable accounting standards.",
    "单位：万元 币种：人民币",
    "Forward-looking statements in this report involve risks and uncertainties, "
    "including those described in Note 12.",
]
_TYPO = "营收入利润额净本期报告同比增长公司业务"


@dataclass
class Case:
    """One quote with its expected outcome: a span, or an error type."""

    kind: str
    quote: str
    span: tuple[int, int] | None = None
    error: type[Exception] | None = None


@dataclass
class Corpus:
    """A generated document and its sweep of quotes."""

    doc: str
    cases: list[Case] = field(default_factory=list)


def _amount(rng: random.Random) -> str:
    return f"{rng.randint(1_000, 999_999):,}.{rng.randint(0, 99):02d}"


def _pct(rng: random.Random) -> str:
    return f"{rng.randint(1, 49)}.{rng.randint(1, 9)}"


def _fact(rng: random.Random, quarter: int) -> tuple[str, str]:
    """A unique fact sentence (Chinese or English) and a clean copy for quoting."""
    q_cn, q_en = _QUARTERS[quarter % len(_QUARTERS)]
    e_cn, e_en = rng.choice(_ENTITIES)
    m_cn, m_en = rng.choice(_METRICS)
    amount, pct = _amount(rng), _pct(rng)
    if rng.random() < 0.6:
        text = f"{q_cn}，{e_cn}{m_cn}为{amount}万元，同比增长{pct}%。"
    else:
        text = f"In {q_en}, {e_en} reported {m_en} of RMB{amount} million, up {pct}% year on year."
    return text, text


def _damage(rng: random.Random, text: str) -> str:
    """Apply one layout artefact that normalisation undoes."""
    cjk = any("\u4e00" <= ch <= "\u9fff" for ch in text)
    kind = rng.randrange(4)
    if kind == 0 and cjk:  # PDF line break inside a Chinese sentence (never inside a number)
        cuts = [
            i
            for i in range(3, len(text) - 3)
            if not (text[i - 1].isdigit() or text[i - 1] in ".," or text[i].isdigit())
        ]
        cut = rng.choice(cuts)
        return text[:cut] + "\n" + text[cut:]
    if kind == 0:  # line break replacing a space in English
        spaces = [i for i, ch in enumerate(text) if ch == " "]
        cut = rng.choice(spaces[1:-1])
        return text[:cut] + "\n" + text[cut + 1 :]
    if kind == 1:  # full-width digits
        return text.translate({ord(d): chr(ord(d) + 0xFEE0) for d in "0123456789"})
    if kind == 2:  # OCR space inside the amount
        return text.replace(",", ", ", 1) if "," in text else text.replace("，", "，\n", 1)
    return text.replace(" ", "\u00a0") if not cjk else text.replace("，", " ，  ", 1)


def _typo(rng: random.Random, text: str, edits: int) -> str:
    """Make ``edits`` non-digit edits in the interior, away from numbers."""
    chars = list(text)
    done = 0
    tries = 0
    while done < edits and tries < 200:
        tries += 1
        i = rng.randrange(2, len(chars) - 2)
        # leave numbers, their scale words ("million") and their punctuation alone
        window = "".join(chars[max(0, i - 9) : i + 2])
        if any(ch.isdigit() or ch in ".,%" for ch in window) or chars[i] == " ":
            continue
        if rng.random() < 0.5:
            replacement = rng.choice(_TYPO if "\u4e00" <= chars[i] <= "\u9fff" else "aeiost")
            if replacement == chars[i]:
                continue
            chars[i] = replacement
        else:
            del chars[i]
        done += 1
    return "".join(chars)


def make_corpus(size: int, seed: int, per_kind: int) -> Corpus:
    """Generate a report-like document of about ``size`` characters and its quotes."""
    rng = random.Random(seed)
    parts: list[str] = []
    length = 0
    facts: list[tuple[int, str, str]] = []  # (offset, text in doc, clean text)
    section = 0
    while length < size:
        q_cn, _ = _QUARTERS[section % len(_QUARTERS)]
        block: list[str | tuple[str, str]] = [
            f"\n## {q_cn}报告 (section {section})\n",
            _BOILERPLATE[0],
            "\n",
        ]
        for _ in range(rng.randint(3, 6)):
            text, clean = _fact(rng, section)
            if rng.random() < 0.3:
                text = _damage(rng, text)
            block.append((text, clean))
            block.append(rng.choice(["", "\n", " "]))
        block += [_BOILERPLATE[1], "\n", _BOILERPLATE[3], "\n| 项目 | 本期 | 上年同期 |\n"]
        for _ in range(rng.randint(2, 4)):
            m_cn, _ = rng.choice(_METRICS)
            block.append(f"| {m_cn} | {_amount(rng)} | {_amount(rng)} |\n")
        block += [_BOILERPLATE[2], " ", _BOILERPLATE[4], "\n"]
        for item in block:
            if isinstance(item, tuple):
                text, clean = item
                facts.append((length, text, clean))
            else:
                text = item
            parts.append(text)
            length += len(text)
        section += 1
    doc = "".join(parts)
    corpus = Corpus(doc)
    unique = [f for f in facts if doc.count(f[1]) == 1 and doc.count(f[2]) <= 1]
    rng.shuffle(unique)
    clean_ones = [f for f in unique if f[1] == f[2]]
    damaged = [f for f in unique if f[1] != f[2]]
    for offset, text, _ in clean_ones[:per_kind]:
        corpus.cases.append(Case("exact", text, (offset, offset + len(text))))
    for offset, text, clean in damaged[:per_kind]:
        corpus.cases.append(Case("normalized", clean, (offset, offset + len(text))))
    for offset, text, clean in clean_ones[per_kind : 2 * per_kind]:
        edits = 1 if len(clean) < 30 else 2
        corpus.cases.append(Case("fuzzy", _typo(rng, clean, edits), (offset, offset + len(text))))
    for _, text, _ in clean_ones[:per_kind]:  # the exact quotes, one digit changed
        digits = [i for i, ch in enumerate(text) if ch.isdigit()]
        i = rng.choice(digits)
        changed = text[:i] + str((int(text[i]) + rng.randint(1, 9)) % 10) + text[i + 1 :]
        corpus.cases.append(Case("changed digit", changed, error=QuoteNotFoundError))
    corpus.cases.append(Case("boilerplate", _BOILERPLATE[1], error=AmbiguousQuoteError))
    return corpus


# -- checking ------------------------------------------------------------------------


def check_locate(corpus: Corpus) -> None:
    """Fail the run if ``locate`` gets any case wrong."""
    for case in corpus.cases:
        try:
            span = locate(corpus.doc, case.quote)
        except (QuoteNotFoundError, AmbiguousQuoteError) as exc:
            if case.error is None or not isinstance(exc, case.error):
                fail(f"locate wrong on {case.kind} {case.quote!r}: {exc}")
            continue
        if case.error is not None or (span.start, span.end) != case.span:
            fail(f"locate wrong on {case.kind} {case.quote!r}: got {span}, expected {case.span}")
        if span.method != case.kind:
            fail(f"locate used {span.method} for a {case.kind} quote {case.quote!r}")


def difflib_span(doc: str, quote: str) -> tuple[int, int]:
    """The usual difflib recipe: longest matching block, shifted by its offset in the quote."""
    matcher = difflib.SequenceMatcher(None, doc, quote, autojunk=False)
    block = matcher.find_longest_match(0, len(doc), 0, len(quote))
    start = max(0, block.a - block.b)
    return start, min(len(doc), start + len(quote))


def _rapidfuzz() -> Callable[[str, str], tuple[int, int]] | None:
    try:
        from rapidfuzz import fuzz
    except ImportError:
        return None

    def span(doc: str, quote: str) -> tuple[int, int]:
        alignment = fuzz.partial_ratio_alignment(quote, doc)
        if alignment is None:
            return (-1, -1)
        return alignment.dest_start, alignment.dest_end

    return span


# -- timing --------------------------------------------------------------------------


def _locate_or_error(doc: str, quote: str) -> object:
    try:
        return locate(doc, quote)
    except (QuoteNotFoundError, AmbiguousQuoteError) as exc:
        return exc


def _per_quote(fn: Callable[[str], object], cases: list[Case], **options: float) -> list[float]:
    """Median seconds per call of ``fn(quote)`` for each case (3 repeats each)."""
    return [measure(lambda q=c.quote: fn(q), repeat=3, **options).median for c in cases]


def _placed(spans: list[tuple[int, int]], cases: list[Case]) -> str:
    """How many spans equal the true span, and how many at least overlap it."""
    exact = overlap = 0
    for (start, end), case in zip(spans, cases, strict=True):
        if case.span is None:
            continue
        exact += (start, end) == case.span
        overlap += start < case.span[1] and case.span[0] < end
    return f"{exact} exact, {overlap} overlap / {len(cases)}"


@dataclass
class Measured:
    """What one document size measured: table rows and the medians the budgets need."""

    label: str
    size: int
    rows: list[list[str]] = field(default_factory=list)
    ours: dict[str, float] = field(default_factory=dict)  # kind -> median seconds
    find: float = 0.0
    count: float = 0.0
    difflib: float = 0.0
    difflib_ours: float = 0.0
    fuzzy_cases: int = 0


def _measure(label: str, size: int, quick: bool) -> Measured:
    """Check, then time, every kind of quote on one generated document."""
    corpus = make_corpus(size, seed=size, per_kind=5 if quick else 20)
    doc = corpus.doc
    check_locate(corpus)
    out = Measured(label, len(doc))
    by_kind: dict[str, list[Case]] = {}
    for case in corpus.cases:
        by_kind.setdefault(case.kind, []).append(case)
    exact = by_kind["exact"]
    out.find = median_of(_per_quote(doc.find, exact))
    out.count = median_of(_per_quote(doc.count, exact))
    per_case: dict[str, list[float]] = {}
    for kind, cases in by_kind.items():
        per_case[kind] = _per_quote(lambda q: _locate_or_error(doc, q), cases)
        out.ours[kind] = median_of(per_case[kind])
        total = f"{len(cases)}/{len(cases)}"
        out.rows.append(
            [label, kind, *timing_cells(out.ours[kind], "str.find (first hit)", out.find), total]
        )
        if kind == "exact":
            out.rows.append(
                [
                    label,
                    kind,
                    *timing_cells(out.ours[kind], "str.count (whole document)", out.count),
                    "-",
                ]
            )
    fuzzy = by_kind["fuzzy"]
    out.fuzzy_cases = len(fuzzy)
    # difflib takes up to a quarter of a second per call on 1 MB: a sample, one call a repeat
    count = len(fuzzy) if size <= 100_000 else (3 if quick else 8)
    sample = fuzzy[:count]
    placed = _placed([difflib_span(doc, c.quote) for c in sample], sample)
    out.difflib = median_of(_per_quote(lambda q: difflib_span(doc, q), sample, target=0.0))
    out.difflib_ours = median_of(per_case["fuzzy"][:count])
    out.rows.append(
        [label, f"fuzzy ({count})", *timing_cells(out.difflib_ours, "difflib", out.difflib), placed]
    )
    peer = _rapidfuzz()
    if peer is not None:
        placed = _placed([peer(doc, c.quote) for c in fuzzy], fuzzy)
        peer_seconds = median_of(_per_quote(lambda q: peer(doc, q), fuzzy))
        out.rows.append(
            [label, "fuzzy", *timing_cells(out.ours["fuzzy"], "rapidfuzz", peer_seconds), placed]
        )
    print(f"  locate: checked and timed {label} ({len(doc):,} characters)", file=sys.stderr)
    return out


def run(quick: bool = False) -> Result:
    """Check every method on every size, then time them (``quick``: 10 KB and 100 KB only)."""
    chosen = list(SIZES.items())[:2] if quick else list(SIZES.items())
    sizes = [_measure(label, size, quick) for label, size in chosen]
    table = Table(
        "locate (median over the quotes of each quote's median of 3 repeats)",
        ["document", "quotes", *TIMING_HEADER, "placed (ours: all)"],
        "ll" + TIMING_ALIGN + "r",
        [row for measured in sizes for row in measured.rows],
    )
    series = [
        Series("locate", f"locate {kind}", tuple((m.size, m.ours[kind]) for m in sizes))
        for kind in ("exact", "normalized", "fuzzy")
    ]
    series.append(
        Series("locate", "str.count (whole doc)", tuple((m.size, m.count) for m in sizes), True)
    )
    largest = sizes[-1]
    exact_find = [m.ours["exact"] / m.find for m in sizes]
    exact_count = [m.ours["exact"] / m.count for m in sizes]
    fuzzy_ms = largest.ours["fuzzy"] * 1e3
    speedup = largest.difflib / largest.difflib_ours
    budgets = [
        Budget(
            "locate, exact",
            "within 2× of `str.find` on the same document",
            f"{largest.label}: {exact_find[-1]:.2f}× first-hit `str.find`, "
            f"{exact_count[-1]:.2f}× whole-document `str.count`; "
            f"{sizes[0].label}: {exact_find[0]:.2f}× / {exact_count[0]:.2f}×",
            max(exact_find) <= 2,
        ),
        Budget(
            "locate, fuzzy",
            f"median ≤ 5 ms per lookup on {largest.label}",
            f"{fuzzy_ms:.2f} ms",
            fuzzy_ms <= 5,
        ),
        Budget(
            "locate, fuzzy",
            f"≥ 30× faster than difflib on {largest.label}",
            f"{speedup:,.0f}× (difflib {largest.difflib * 1e3:,.0f} ms)",
            speedup >= 30,
        ),
        Budget(
            "locate, fuzzy",
            "correct on every case of the sweep",
            "all fuzzy and changed-digit cases, every size (checked before timing)",
            True,
        ),
    ]
    return Result(AREA, [table], budgets, series)


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

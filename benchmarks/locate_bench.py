"""Quote locating: ``locate`` against ``str.find``, difflib and rapidfuzz, same run.

Run: ``python -m benchmarks.locate_bench`` (``--quick`` for a smoke run).

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

import argparse
import difflib
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from fincalc import AmbiguousQuoteError, QuoteNotFoundError, locate

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
                raise SystemExit(f"locate wrong on {case.kind} {case.quote!r}: {exc}") from exc
            continue
        if case.error is not None or (span.start, span.end) != case.span:
            raise SystemExit(
                f"locate wrong on {case.kind} {case.quote!r}: got {span}, expected {case.span}"
            )
        if span.method != case.kind:
            raise SystemExit(f"locate used {span.method} for a {case.kind} quote {case.quote!r}")


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


def _time_us(fn: Callable[[], object], budget: float = 0.02) -> float:
    """Best of a few repeats, per call, in µs (enough calls to fill ``budget`` seconds)."""
    start = time.perf_counter()
    fn()
    once = time.perf_counter() - start
    number = max(1, min(2_000, int(budget / max(once, 1e-7))))
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best * 1e6


def _locate_or_error(doc: str, quote: str) -> object:
    try:
        return locate(doc, quote)
    except (QuoteNotFoundError, AmbiguousQuoteError) as exc:
        return exc


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


@dataclass
class Row:
    """One line of the results table."""

    size: str
    kind: str
    ours_us: float
    reference: str
    reference_us: float
    correct: str

    @property
    def ratio(self) -> float:
        return self.ours_us / self.reference_us if self.reference_us else float("nan")


def _placed(spans: list[tuple[int, int]], cases: list[Case]) -> str:
    """How many spans equal the true span, and how many at least overlap it."""
    exact = overlap = 0
    for (start, end), case in zip(spans, cases, strict=True):
        if case.span is None:
            continue
        exact += (start, end) == case.span
        overlap += start < case.span[1] and case.span[0] < end
    return f"{exact} exact, {overlap} overlap / {len(cases)}"


def _measure(label: str, size: int, quick: bool) -> list[Row]:
    """Check, then time, every kind of quote on one generated document."""
    corpus = make_corpus(size, seed=size, per_kind=5 if quick else 20)
    doc = corpus.doc
    check_locate(corpus)
    by_kind: dict[str, list[Case]] = {}
    for case in corpus.cases:
        by_kind.setdefault(case.kind, []).append(case)
    rows: list[Row] = []
    exact = by_kind["exact"]
    find_us = _median([_time_us(lambda q=c.quote: doc.find(q)) for c in exact])
    count_us = _median([_time_us(lambda q=c.quote: doc.count(q)) for c in exact])
    for kind, cases in by_kind.items():
        ours = _median([_time_us(lambda q=c.quote: _locate_or_error(doc, q)) for c in cases])
        total = f"{len(cases)}/{len(cases)}"
        rows.append(Row(label, kind, ours, "str.find (first hit)", find_us, total))
        if kind == "exact":
            rows.append(Row(label, kind, ours, "str.count (whole document)", count_us, "-"))
    fuzzy = by_kind["fuzzy"]
    sample = fuzzy if size <= 100_000 else fuzzy[: (3 if quick else 8)]
    placed = _placed([difflib_span(doc, c.quote) for c in sample], sample)
    diff_us = _median(
        [_time_us(lambda q=c.quote: difflib_span(doc, q), budget=0.0) for c in sample]
    )
    ours_us = _median([_time_us(lambda q=c.quote: locate(doc, q)) for c in sample])
    rows.append(Row(label, "fuzzy", ours_us, "difflib", diff_us, placed))
    peer = _rapidfuzz()
    if peer is not None:
        placed = _placed([peer(doc, c.quote) for c in fuzzy], fuzzy)
        peer_us = _median([_time_us(lambda q=c.quote: peer(doc, q)) for c in fuzzy])
        ours_us = _median([_time_us(lambda q=c.quote: locate(doc, q)) for c in fuzzy])
        rows.append(Row(label, "fuzzy", ours_us, "rapidfuzz", peer_us, placed))
    print(f"checked and timed {label} ({len(doc):,} characters)", file=sys.stderr)
    return rows


def run(quick: bool = False) -> list[Row]:
    """Check every method on every size, then time them; return the table rows."""
    rows: list[Row] = []
    for label, size in SIZES.items():
        rows.extend(_measure(label, size, quick))
    return rows


def table(rows: list[Row]) -> str:
    """Render the rows as a markdown table."""
    lines = [
        "| document | quotes | locate µs | reference | reference µs | ratio | placed (ours: all) |",
        "|---|---|---:|---|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row.size} | {row.kind} | {row.ours_us:,.1f} | {row.reference} | "
            f"{row.reference_us:,.1f} | {row.ratio:.3g} | {row.correct} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer quotes, for a smoke run")
    args = parser.parse_args(argv)
    print(table(run(quick=args.quick)))


if __name__ == "__main__":
    main()

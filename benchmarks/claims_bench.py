"""Claims: ≥ 100,000 generated claims, right and wrong by construction, through ``resolve``.

``fincalc.testing.claim_page`` composes pages of clause shapes (a level with its
change, two subjects in one sentence, an outlook sentence, a "respectively" list
with a shared scale, an entity beside another, a comparative bracket, table rows
with their neighbours, maturity schedules with and without a dated caption,
roll-forwards, segments as columns; English and Chinese) and claims whose truth
is known by construction.  Each claim ends as:

- **right**: a right claim resolved to the value the page states;
- **refused (reason)**: a right claim refused (acceptable), or a wrong claim
  refused (what must happen), by reason code;
- **WRONG**: any other value -- a right claim with another value, or a wrong
  claim accepted.  The budget is zero.

Seeded and deterministic: ``python -m benchmarks --only claims``.

A second table runs the inline-XBRL oracle (``benchmarks.xbrl_oracle``) over the
shared 10-K/10-Q filings when they are present (skipped cleanly otherwise): right,
wrong-row and wrong-column claims of every tagged USD cell, with the same
outcome counts and the same zero-WRONG budget.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from benchmarks._harness import Budget, Result, Table, run_single
from benchmarks.xbrl_oracle import FILINGS, claims, filings_dir, read_filing
from fincalc import Document, FincalcError, resolve
from fincalc._grounding.resolve import reason_code
from fincalc.testing import GeneratedClaim, claim_page

AREA = "claims"
SEED = 24
PAGES = 4_800  # ~21 claims a page: ≥ 100,000 claims
QUICK_PAGES = 40
QUICK_CELLS = 15  # tagged cells per filing in a quick run (all of them otherwise)
_SHOWN = 5


def outcome(claim: GeneratedClaim, doc: Document) -> tuple[str, str]:
    """("right" | "refused" | "WRONG", detail) for one generated claim."""
    try:
        fact = resolve(claim.claim(), [doc])
    except FincalcError as error:
        return "refused", reason_code(error)
    if claim.truth is not None and fact.value == claim.truth:
        return "right", ""
    return "WRONG", f"{claim.kind}: {claim['quote']!r} as {claim['metric']!r} gave {fact.value}"


def tally(
    pages: int, seed: int = SEED
) -> tuple[Counter[tuple[str, str, str]], list[str], int, float]:
    """Outcomes by (right or wrong claim, outcome, reason), the WRONG examples, count, seconds."""
    rng = random.Random(seed)
    counts: Counter[tuple[str, str, str]] = Counter()
    wrong: list[str] = []
    total, seconds = 0, 0.0
    for index in range(pages):
        text, claims = claim_page(rng, f"page-{index}")
        doc = Document(f"page-{index}", text, currency="USD")
        for claim in claims:
            started = time.perf_counter()
            result, detail = outcome(claim, doc)
            seconds += time.perf_counter() - started
            total += 1
            kind = "right claim" if claim.truth is not None else "wrong claim"
            counts[(kind, result, detail if result == "refused" else "")] += 1
            if result == "WRONG":
                wrong.append(detail)
    return counts, wrong, total, seconds


def oracle(quick: bool) -> tuple[Table, list[Budget]]:
    """The inline-XBRL oracle's table and budget (or a note when the filings are absent)."""
    folder = filings_dir()
    present = [name for name in FILINGS if (folder / name).exists()]
    if not present:
        note = f"skipped: no filings in {folder} (set FINCALC_FILINGS)"
        return Table("Claims on real filings: skipped", ["note"], "l", [[note]]), []
    counts: Counter[tuple[str, str, str]] = Counter()
    wrong: list[str] = []
    total = 0
    for name in present:
        text, cells = read_filing(folder / name)
        doc = Document(name, text, currency="USD")
        for kind, claim, truth in claims(text, cells[: QUICK_CELLS if quick else None], name):
            total += 1
            try:
                fact = resolve(claim, [doc])
            except FincalcError as error:
                counts[(kind, "refused", reason_code(error))] += 1
                continue
            if truth is not None and abs(fact.value) == abs(truth):
                counts[(kind, "right", "")] += 1
            else:
                counts[(kind, "WRONG", "")] += 1
                wrong.append(
                    f"{name[:4]} {kind}: {claim['metric']!r} {claim['period']} gave "
                    f"{fact.value} (tagged {truth})"
                )
    rows = [
        [kind, result, reason or "—", f"{n:,}"]
        for (kind, result, reason), n in sorted(counts.items())
    ]
    table = Table(
        f"Claims on real filings: {total:,} claims on the tagged USD cells of {len(present)} "
        "inline-XBRL filings",
        ["claim", "outcome", "reason", "count"],
        "lllr",
        rows,
        notes=[
            "Right: the row from its label to the cell, under the label, for the cell's "
            "period; wrong row: the label of the row above; wrong column: another period of "
            "the filing (when the quote holds that period's cell too, its value is right).",
            f"WRONG ({len(wrong)}): " + ("none" if not wrong else "; ".join(wrong[:_SHOWN])),
        ],
    )
    budget = Budget(AREA, "WRONG outcomes on the filings' claims = 0", str(len(wrong)), not wrong)
    return table, [budget]


def run(quick: bool = False) -> Result:
    """Resolve every generated claim; count outcomes; time per claim."""
    pages = QUICK_PAGES if quick else PAGES
    counts, wrong, total, seconds = tally(pages)
    rows = [
        [kind, result, reason or "—", f"{n:,}", f"{100 * n / total:.2f} %"]
        for (kind, result, reason), n in sorted(counts.items())
    ]
    n_wrong = len(wrong)
    table = Table(
        f"Claims: {total:,} generated claims on {pages:,} pages (seed {SEED})",
        ["claim", "outcome", "reason", "count", "share"],
        "lllrr",
        rows,
        notes=[
            f"Time per claim (resolve, the page's Document reused): "
            f"{1e6 * seconds / total:.0f} µs over {total:,} claims.",
            "WRONG: " + ("none" if not wrong else "; ".join(wrong[:_SHOWN])),
        ],
    )
    budgets = [Budget(AREA, "WRONG outcomes (silent errors) = 0", str(n_wrong), n_wrong == 0)]
    if not quick:  # a quick run generates too few claims to say anything of this line
        budgets.insert(
            0, Budget(AREA, "generated claims ≥ 100,000", f"{total:,}", total >= 100_000)
        )
    filings, more = oracle(quick)
    return Result(AREA, [table, filings], budgets + more)


def main(argv: list[str] | None = None) -> int:
    return run_single(AREA, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

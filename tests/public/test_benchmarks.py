"""The benchmark harness runs (tiny sizes) so it cannot rot; no speed is asserted here."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )


def test_quick_run_prints_tables_and_writes_markdown_and_chart(tmp_path: Path) -> None:
    markdown, chart = tmp_path / "bench.md", tmp_path / "growth.svg"
    done = _bench(
        "-m", "benchmarks", "--quick", "--only", "ops,evaluate",
        "--markdown", str(markdown), "--chart", str(chart),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    for heading in ("### Operations", "### evaluate", "### Growth: evaluate", "### Budgets"):
        assert heading in done.stdout
        assert heading in markdown.read_text(encoding="utf-8")
    assert "| yoy + Computation |" in done.stdout
    svg = ET.fromstring(chart.read_text(encoding="utf-8"))  # noqa: S314 - our own output
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(svg.findall("{http://www.w3.org/2000/svg}polyline")) == 4  # 2 series, 2 references


def test_single_area_module_still_runs() -> None:
    done = _bench("-m", "benchmarks.ops_bench", "--quick")
    assert done.returncode == 0, done.stderr
    assert "| add of 4 entities + Computation |" in done.stdout


def test_the_grounding_area_checks_and_times_a_report() -> None:
    done = _bench("-m", "benchmarks.grounding_bench", "--quick")
    assert done.returncode == 0, done.stderr
    assert "### Grounding: a whole report read once" in done.stdout
    assert "first resolve on a 0.2 MB report" in done.stdout


def test_a_wrong_answer_fails_the_run_before_timing() -> None:
    code = (
        "from decimal import Decimal\n"
        "import benchmarks.ops_bench as b\n"
        "real = b.yoy\n"
        "def wrong(now, before):  # right record, wrongly rounded display\n"
        "    return real(now, before).model_copy(update={'display': Decimal('-0.5')})\n"
        "b.yoy = wrong\n"
        "raise SystemExit(b.main(['--quick']))\n"
    )
    done = _bench("-c", code)
    assert done.returncode == 1
    assert "CHECK FAILED in ops: yoy is wrong" in done.stderr
    assert "| yoy + Computation |" not in done.stdout


def test_unknown_area_is_refused() -> None:
    done = _bench("-m", "benchmarks", "--only", "nonsense")
    assert done.returncode != 0
    assert "unknown area 'nonsense'" in done.stderr


def test_the_scaling_area_says_why_it_timed_nothing_without_dask() -> None:
    done = _bench(
        "-c",
        "import sys; sys.modules['dask'] = None\n"  # as if dask were not installed
        "import benchmarks.scaling_bench as b\n"
        "raise SystemExit(b.main(['--quick']))\n",
    )
    assert done.returncode == 0, done.stderr
    assert "### Scaling on Dask: skipped" in done.stdout
    assert "pip install -e '.[dask]'" in done.stdout


def test_the_hostile_area_checks_and_measures_its_budgets() -> None:
    done = _bench("-m", "benchmarks.hostile_bench", "--quick")
    assert done.returncode == 0, done.stderr
    assert "### extract_quantities by shape and size" in done.stdout
    assert "### The first resolve on a fresh Document" in done.stdout
    assert "(document + peak) / document" in done.stdout
    assert "| resolve | first resolve on 0.2 MB ≤ 1 s, every shape |" in done.stdout


def test_the_claims_area_counts_generated_claims_by_outcome() -> None:
    from benchmarks import claims_bench

    counts, wrong, total, _ = claims_bench.tally(3)
    assert total == sum(counts.values()) > 50
    assert not wrong
    assert any(result == "right" for _, result, _ in counts)
    assert any(kind == "wrong claim" and result == "refused" for kind, result, _ in counts)


def test_the_xbrl_oracle_reads_tagged_cells_with_their_row_labels() -> None:
    from benchmarks.xbrl_oracle import claims, read_filing

    page = (
        '<html><body><div style="display:none"><ix:header><xbrli:context id="c1">'
        "<xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate>"
        "<xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>"
        '<xbrli:context id="c0"><xbrli:period><xbrli:startDate>2023-01-01</xbrli:startDate>'
        "<xbrli:endDate>2023-12-31</xbrli:endDate></xbrli:period></xbrli:context>"
        "</ix:header></div><table>"
        '<tr><td>Net sales</td><td><ix:nonFraction contextRef="c1" unitRef="usd" scale="6">'
        '1,234</ix:nonFraction></td><td><ix:nonFraction contextRef="c0" unitRef="usd" '
        'scale="6">1,100</ix:nonFraction></td></tr>'
        '<tr><td>Cost of sales</td><td><ix:nonFraction contextRef="c1" unitRef="usd" '
        'scale="6">700</ix:nonFraction></td></tr></table></body></html>'
    )
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.htm"
        path.write_text(page, encoding="utf-8")
        text, cells = read_filing(path)
    assert text.startswith("Net sales\n1,234\n1,100\nCost of sales")
    assert [(c.label, c.period, c.value) for c in cells] == [
        ("Net sales", "FY2024", 1234 * 10**6),
        ("Net sales", "FY2023", 1100 * 10**6),
        ("Cost of sales", "FY2024", 700 * 10**6),
    ]
    kinds = [kind for kind, _, _ in claims(text, cells, "x")]
    assert kinds.count("right") == 3
    assert "wrong row" in kinds

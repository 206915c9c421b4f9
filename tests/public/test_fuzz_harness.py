"""The atheris harness (tools/fuzz, issue 16) still runs: its seed corpus replays clean.

atheris itself is an optional extra and is not installed in CI; ``--replay``
runs the harness's entry points on saved inputs without it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
HARNESS = ROOT / "tools" / "fuzz" / "fuzz_fincalc.py"


def test_the_seed_corpus_replays_without_a_finding() -> None:
    corpus = ROOT / "tools" / "fuzz" / "corpus"
    assert len(list(corpus.iterdir())) >= 5
    done = subprocess.run(
        [sys.executable, str(HARNESS), "--replay", str(corpus)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_without_atheris_the_harness_says_how_to_install_it() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import atheris"], capture_output=True, check=False
    )
    if done.returncode == 0:
        return  # installed here: fuzzing would start, nothing to check
    done = subprocess.run(
        [sys.executable, str(HARNESS)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode != 0
    assert "pip install -e '.[fuzz]'" in done.stderr

#!/usr/bin/env bash
# What compiling the hot modules with mypyc would buy: a measurement, not a build.
#
# Copies src/ of the current checkout to a scratch directory, compiles the
# reading and answer-judging modules listed below with mypyc (which ships with
# mypy, a dev dependency; it needs a C compiler), and runs the parse and
# evaluate benchmarks against the compiled copy and against src/ in the same
# run.  Nothing in the package changes; fincalc ships pure Python.
#
# Two edits are applied to the scratch copy only, where mypyc's native classes
# and typed attributes refuse what the interpreter allows: the decimal trap
# table is set through an untyped name (mypyc checks ``Context.traps`` as a
# dict; it is a SignalDict), and modules that use ``object.__new__`` on their
# own classes (aliases) or the ``@public`` decorator (which sets ``__module__``
# on functions and classes) stay interpreted.
#
# Usage: bash tools/mypyc/trial.sh [SCRATCH_DIR]   (default: a new temporary directory)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
scratch=${1:-$(mktemp -d)}
mkdir -p "$scratch"
git archive HEAD src | tar -x -C "$scratch"
cd "$scratch/src"
python3 - <<'PY'
from pathlib import Path
p = Path("fincalc/_reading/value.py")
s = p.read_text(encoding="utf-8")
s = s.replace(
    "CTX.traps[decimal.Inexact] = True",
    'getattr(CTX, "traps")[decimal.Inexact] = True',
)
p.write_text(s, encoding="utf-8")
PY
modules=(
  fincalc/_reading/scanner.py fincalc/_reading/reader.py fincalc/_reading/after_number.py
  fincalc/_reading/before_number.py fincalc/_reading/classify.py fincalc/_reading/scan.py
  fincalc/_reading/value.py fincalc/_reading/build.py
  fincalc/_evaluating/extraction.py fincalc/_evaluating/selection.py
  fincalc/_evaluating/sentences.py fincalc/_evaluating/working.py fincalc/_evaluating/cues.py
  fincalc/_grounding/word_matching.py fincalc/_grounding/sign_words.py
)
"$root/.venv/bin/mypyc" "${modules[@]}" >"$scratch/mypyc.log" 2>&1
cd "$root"
for tree in "$scratch/src" "$root/src"; do
  echo "== $tree"
  PYTHONPATH=$tree .venv/bin/python -m benchmarks --only parse --only evaluate \
    | grep -E '^\| fincalc|^\| free text \| 10,000|^\| structured \| 10,000|Machine|load average'
done

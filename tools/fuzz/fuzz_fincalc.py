"""Coverage-guided fuzzing of fincalc's entry points with atheris (issue 16).

For hour-long runs beyond the Hypothesis suite (tests/public/test_hostile.py). Each
input picks one entry point and feeds it text decoded from the fuzzer's bytes
(lone surrogates included). A ``FincalcError`` is the expected refusal; any
other exception, a change of the decimal context, or a call over the time
limit (libFuzzer's ``-timeout``) is a finding.

    pip install -e '.[fuzz]'
    python tools/fuzz/fuzz_fincalc.py -max_total_time=3600 -timeout=10 tools/fuzz/corpus

Without atheris, ``--replay FILE…`` runs the same entry points on saved inputs
(a crash file libFuzzer wrote, or the seed corpus): tests/public/test_fuzz_harness.py
does that in CI so the harness keeps working.
"""

from __future__ import annotations

import contextlib
import decimal
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import atheris
except ImportError:  # the optional extra: --replay works without it
    atheris = None

_instrumented = atheris.instrument_imports() if atheris is not None else contextlib.nullcontext()
with _instrumented:
    import fincalc
    import fincalc.cli


class _Data:
    """The subset of ``atheris.FuzzedDataProvider`` the targets use, for ``--replay``."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    def ConsumeIntInRange(self, low: int, high: int) -> int:
        if not self._data:
            return low
        value, self._data = self._data[0], self._data[1:]
        return low + value % (high - low + 1)

    def ConsumeUnicode(self, count: int) -> str:
        chunk, self._data = self._data[: count * 2], self._data[count * 2 :]
        return (
            chunk.decode("utf-16-le", "surrogatepass")
            if len(chunk) % 2 == 0
            else chunk.decode("latin-1")
        )

    def ConsumeBytes(self, count: int) -> bytes:
        chunk, self._data = self._data[:count], self._data[count:]
        return chunk


def _provider(data: bytes) -> Any:
    return atheris.FuzzedDataProvider(data) if atheris is not None else _Data(data)


def _text(fdp: Any) -> str:
    return str(fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 4096)))


def _cli(fdp: Any) -> None:
    command = ["parse", "check", "locate", "eval", "verify"][fdp.ConsumeIntInRange(0, 4)]
    text = _text(fdp).replace("\x00", "")
    argv = {
        "parse": ["parse", text],
        "check": ["check", text, "--expected", _text(fdp).replace("\x00", "") or "1"],
        "locate": ["locate", "-", _text(fdp).replace("\x00", "") or "1"],
        "eval": ["eval", "/dev/stdin", "/dev/stdin"],
        "verify": ["verify", "-", "--doc", "/dev/null"],
    }[command]
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(fdp.ConsumeBytes(1 << 16)))
    sys.stdout = sys.stderr = out
    try:
        status = fincalc.cli.main(argv)
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 2
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    if status not in (0, 1, 2):
        raise AssertionError(f"fincalc {command} exited {status}")


TARGETS: list[Callable[[Any], object]] = [
    lambda fdp: fincalc.parse_quantity(_text(fdp), context=_text(fdp) or None),
    lambda fdp: fincalc.extract_quantities(_text(fdp)),
    lambda fdp: fincalc.parse_period(_text(fdp)),
    lambda fdp: fincalc.locate(_text(fdp), _text(fdp)),
    lambda fdp: fincalc.check_answer(_text(fdp), _text(fdp) or "1", unit=_text(fdp) or None),
    lambda fdp: fincalc.GoldCase.model_validate_json(fdp.ConsumeBytes(1 << 16)),
    lambda fdp: fincalc.Prediction.model_validate_json(_text(fdp)),
    lambda fdp: fincalc.Claim.model_validate_json(fdp.ConsumeBytes(1 << 16)),
    lambda fdp: fincalc.Computation.from_json(fdp.ConsumeBytes(1 << 16)).replay(),
    lambda fdp: fincalc.EvalReport.from_json(_text(fdp)),
    lambda fdp: fincalc.resolve(
        {
            "evidence_id": "d",
            "quote": _text(fdp),
            "metric": "营业收入",
            "entity": "公司",
            "period": _text(fdp) or "2025Q3",
            "basis": "single_period",
        },
        [fincalc.Document("d", _text(fdp))],
    ),
    lambda fdp: fincalc.unsupported_numbers(_text(fdp), [_text(fdp)]),
    _cli,
]


def TestOneInput(data: bytes) -> None:
    fdp = _provider(data)
    target = TARGETS[fdp.ConsumeIntInRange(0, len(TARGETS) - 1)]
    context = decimal.getcontext()
    before = (context.prec, context.rounding, dict(context.traps))
    with contextlib.suppress(fincalc.FincalcError):
        target(fdp)
    after = decimal.getcontext()
    if (after.prec, after.rounding, dict(after.traps)) != before:
        raise AssertionError("the decimal context changed")


def main(argv: list[str]) -> None:
    if len(argv) > 1 and argv[1] == "--replay":
        for name in argv[2:]:
            paths = sorted(Path(name).iterdir()) if Path(name).is_dir() else [Path(name)]
            for path in paths:
                TestOneInput(path.read_bytes())
        return
    if atheris is None:
        raise SystemExit("atheris is not installed: pip install -e '.[fuzz]' (or use --replay)")
    atheris.Setup(argv, TestOneInput)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)

"""The ``fincalc`` command line.

``fincalc eval --demo`` scores the bundled bilingual sample for three
retrieval setups and prints them side by side; ``fincalc eval GOLD PREDS…``
does the same for your files.  ``check``, ``parse`` and ``locate`` expose the
answer checker, the amount parser and the quote locator; ``schema`` prints the
``Claim`` JSON schema to give a model as its structured-output format.

Exit codes: 0 on success (for ``check``: the answer matched), 1 when
``check`` did not match, 2 on bad input or any ``FincalcError``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ._values.errors import FincalcError
from ._version import __version__

__all__ = ["build_parser", "main"]

_EXIT_OK, _EXIT_MISMATCH, _EXIT_BAD_INPUT = 0, 1, 2


class _UsageError(Exception):
    """Bad command-line input that argparse itself cannot detect."""


def _write(text: str, out: str | None) -> None:
    if not text.endswith("\n"):
        text += "\n"
    if out is None:
        sys.stdout.write(text)
        return
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise _UsageError(f"cannot write {out!r}: {exc.strerror or exc}") from exc


# -- eval ---------------------------------------------------------------------------


def _tolerance_option(text: str | None) -> Any:
    """``--tolerance``: a JSON object or ``key=value`` pairs ("rel=0.01,ignore_sign=true")."""
    if text is None:
        return None
    from ._evaluating.tolerance import Tolerance

    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except ValueError as exc:
            raise _UsageError(f"--tolerance: {text!r} is not valid JSON: {exc}") from exc
    else:
        data = {}
        for part in filter(None, (p.strip() for p in stripped.split(","))):
            key, sep, value = part.partition("=")
            if not sep:
                raise _UsageError(
                    f"--tolerance: {part!r} is not key=value; write e.g. 'rel=0.01' or "
                    "'abs=0.5,ignore_sign=true'"
                )
            flag = value.strip().lower()
            data[key.strip()] = flag == "true" if flag in ("true", "false") else value.strip()
    return Tolerance.from_dict(data)


def _refusal_option(path: str | None) -> tuple[str, ...] | None:
    """``--refusal-phrases FILE``: the default phrases plus those of the file."""
    if path is None:
        return None
    from ._evaluating.refusals import default_refusal_phrases, read_refusal_phrases

    return (*default_refusal_phrases(), *read_refusal_phrases(path))


def _run_names(paths: Sequence[str]) -> list[str]:
    stems = [Path(p).stem for p in paths]
    return stems if len(set(stems)) == len(stems) else list(paths)


def _cmd_eval(args: argparse.Namespace) -> int:
    from ._evaluating.evaluate import evaluate
    from ._evaluating.records import load_gold, load_predictions, load_sample
    from ._evaluating.report import compare_reports

    files: list[str] = args.files
    if args.demo:
        if files:
            raise _UsageError("--demo takes no files; run `fincalc eval GOLD PREDS…` for yours")
        sample = load_sample()
        gold = sample.gold
        runs = sample.runs
    else:
        if len(files) < 2:
            raise _UsageError(
                "eval needs a gold file and at least one predictions file "
                "(`fincalc eval gold.jsonl preds.jsonl`), or --demo"
            )
        gold = load_gold(files[0])
        runs = {
            name: load_predictions(path)
            for name, path in zip(_run_names(files[1:]), files[1:], strict=True)
        }
    tolerance = _tolerance_option(args.tolerance)
    phrases = _refusal_option(args.refusal_phrases)
    reports = {
        name: evaluate(
            preds,
            gold,
            profile=args.profile,
            retrieval_k=args.k,
            tolerance=tolerance,
            refusal_phrases=phrases,
            select=args.select,
        )
        for name, preds in runs.items()
    }
    if len(reports) == 1:
        result: Any = next(iter(reports.values()))
    else:
        result = compare_reports(reports)
    if args.format == "json":
        text = result.to_json()
    elif args.format == "html":
        text = result.to_html()
    else:
        text = str(result)
    _write(text, args.out)
    return _EXIT_OK


# -- check --------------------------------------------------------------------------


def _cmd_check(args: argparse.Namespace) -> int:
    from ._evaluating.answers import check_answer
    from ._evaluating.tolerance import Tolerance

    tolerance = _tolerance_option(args.tolerance)
    if args.abs is not None or args.rel is not None or args.ignore_sign:
        if tolerance is not None:
            raise _UsageError("give --tolerance or --abs/--rel/--ignore-sign, not both")
        tolerance = Tolerance(abs=args.abs, rel=args.rel, ignore_sign=args.ignore_sign)
    check = check_answer(
        args.text,
        args.expected,
        dimension=args.dimension,
        unit=args.unit,
        tolerance=tolerance,
        refusal_phrases=_refusal_option(args.refusal_phrases),
        precision=args.precision,
        select=args.select,
    )
    if args.json:
        _write(json.dumps(check.to_dict(), ensure_ascii=False, indent=2, sort_keys=True), None)
    else:
        _write(check.describe(), None)
    return _EXIT_OK if check.matched else _EXIT_MISMATCH


# -- parse --------------------------------------------------------------------------


def _cmd_parse(args: argparse.Namespace) -> int:
    from ._reading.parse import extract_quantities

    quantities = extract_quantities(args.text, context=args.unit)
    if args.json:
        text = json.dumps([q.to_dict() for q in quantities], ensure_ascii=False, indent=2)
    elif not quantities:
        text = "no amounts found"
    else:
        lines = []
        for q in quantities:
            span = f"{q.span[0]}:{q.span[1]}" if q.span else "-"
            dim = q.dimension or ("(no unit)" if q.unit is None else "(scale only)")
            lines.append(f"{span:>9}  {q.raw!r:<24} {format(q.value, 'f')} {dim}")
        text = "\n".join(lines)
    _write(text, None)
    return _EXIT_OK


# -- locate -------------------------------------------------------------------------


def _cmd_locate(args: argparse.Namespace) -> int:
    try:
        doc = Path(args.doc).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise _UsageError(f"no such file: {args.doc!r}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise _UsageError(f"cannot read {args.doc!r} as UTF-8 text: {exc}") from exc
    from ._locating.locate import locate

    span = locate(doc, args.quote, occurrence=args.occurrence, near=args.near)
    data = {
        "start": span.start,
        "end": span.end,
        "method": span.method,
        "score": span.score,
        "text": doc[span.start : span.end],
    }
    if args.json:
        _write(json.dumps(data, ensure_ascii=False, indent=2), None)
    else:
        _write(
            f"{data['start']}:{data['end']}  {data['method']} (score {data['score']:.3f})  "
            f"{data['text']!r}",
            None,
        )
    return _EXIT_OK


def _cmd_schema(args: argparse.Namespace) -> int:
    from ._grounding.claims import claim_json_schema

    _write(json.dumps(claim_json_schema(many=args.many), ensure_ascii=False, indent=2), args.out)
    return _EXIT_OK


# -- parser -------------------------------------------------------------------------


def _judge_options(command: argparse.ArgumentParser) -> None:
    """The judging options ``eval`` and ``check`` share."""
    command.add_argument(
        "--tolerance",
        metavar="SPEC",
        help="tolerance for every case without its own: 'rel=0.01', 'abs=0.5,ignore_sign=true' "
        "or a JSON object",
    )
    command.add_argument(
        "--refusal-phrases",
        metavar="FILE",
        help="more refusal phrases, one per line (or a word-list .toml), added to the defaults",
    )
    command.add_argument(
        "--select",
        choices=("final", "any"),
        default="final",
        help="judge the concluding figure (default) or any figure (short extractive answers)",
    )


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand registered.

    >>> build_parser().parse_args(["eval", "--demo"]).demo
    True
    """
    parser = argparse.ArgumentParser(
        prog="fincalc",
        description="Deterministic, caliber-checked arithmetic for financial question answering.",
    )
    parser.add_argument("--version", action="version", version=f"fincalc {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    ev = sub.add_parser(
        "eval",
        help="score predictions against gold answers",
        description="Score one or more prediction files against a gold file. With several "
        "prediction files (or --demo) the runs are compared side by side.",
    )
    ev.add_argument("files", nargs="*", metavar="FILE", help="GOLD then one or more PREDS")
    ev.add_argument("--demo", action="store_true", help="use the bundled bilingual sample")
    ev.add_argument("--format", choices=("table", "json", "html"), default="table")
    ev.add_argument("--out", metavar="FILE", help="write here instead of standard output")
    ev.add_argument(
        "--profile", choices=("strict", "graded"), default="strict", help="scoring profile"
    )
    ev.add_argument("--k", type=int, default=5, help="cut-off for hit@k, recall@k, nDCG@k")
    _judge_options(ev)
    ev.set_defaults(handler=_cmd_eval)

    ck = sub.add_parser(
        "check",
        help="check one answer text against an expected value",
        description="Exit 0 when the answer matches, 1 when it does not, 2 on bad input.",
    )
    ck.add_argument("text", help="the answer text")
    ck.add_argument(
        "--expected",
        required=True,
        help="gold in base units (元, dollars; 0.052 for 5.2%%) or as written ('$303 million')",
    )
    ck.add_argument("--precision", help="gold precision in base units, a power of ten: 1E+6")
    ck.add_argument("--dimension", help="CNY, USD, RATIO, …")
    ck.add_argument("--unit", help="unit of bare numbers: 亿元, 'USD millions', percent")
    ck.add_argument("--abs", help="absolute tolerance in base units")
    ck.add_argument("--rel", help="relative tolerance (0.01 = 1%%)")
    ck.add_argument("--ignore-sign", action="store_true", help="accept the opposite sign")
    ck.add_argument("--json", action="store_true", help="print the full verdict as JSON")
    _judge_options(ck)
    ck.set_defaults(handler=_cmd_check)

    pa = sub.add_parser("parse", help="list every amount in a text")
    pa.add_argument("text")
    pa.add_argument("--unit", help="declared unit for bare numbers: 单位：万元, '(in millions)'")
    pa.add_argument("--json", action="store_true")
    pa.set_defaults(handler=_cmd_parse)

    lo = sub.add_parser("locate", help="find a verbatim quote in a document")
    lo.add_argument("doc", metavar="DOC_FILE", help="UTF-8 text file")
    lo.add_argument("quote")
    lo.add_argument("--occurrence", type=int, help="which occurrence (0-based) of a repeated quote")
    lo.add_argument("--near", type=int, help="take the occurrence closest to this offset")
    lo.add_argument("--json", action="store_true")
    lo.set_defaults(handler=_cmd_locate)

    sc = sub.add_parser("schema", help="print the Claim JSON schema for LLM structured output")
    sc.add_argument("--many", action="store_true", help='wrap as {"claims": [Claim, ...]}')
    sc.add_argument("--out", help="write to FILE instead of standard output")
    sc.set_defaults(handler=_cmd_schema)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the process exit code (2 on bad input).

    >>> main(["check", "同比下降 0.49%", "--expected", "-0.0049", "--dimension", "RATIO"])
    ok: '0.49%' = -0.0049 RATIO
    0
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stdout)
        return _EXIT_OK
    try:
        return handler(args)
    except (FincalcError, _UsageError) as exc:
        sys.stderr.write(f"fincalc {args.command}: error: {exc}\n")
        return _EXIT_BAD_INPUT

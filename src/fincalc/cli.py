"""The ``fincalc`` command line.

``fincalc eval --demo`` scores the bundled bilingual sample for three
retrieval setups and prints them side by side; ``fincalc eval GOLD PREDS…``
does the same for your files.  ``check``, ``parse`` and ``locate`` expose the
answer checker, the amount parser and the quote locator; ``verify`` checks
stored audit records against their source documents; ``schema`` prints the
``Claim`` JSON schema to give a model as its structured-output format
(``--dialect openai|anthropic|gemini``). Every command that can print JSON
takes ``--json``. ``eval`` shows a progress bar on standard error when that is
a terminal and tqdm is installed (the ``cli`` extra; ``--quiet`` turns it off).

Exit codes (docs/guarantees.md):

- 0: success (``check``: the answer matched; ``verify``: every record verified);
- 1: a negative verdict (``check``: the answer did not match; ``verify``: a
  record does not match its sources, its fingerprint or its recomputation;
  ``eval``: a run misses a ``--fail-under``/``--fail-over`` threshold, each
  named on standard error after the report is written);
- 2: bad input: any ``FincalcError``, a file that cannot be read or is over
  its limit, bad options (argparse's usage errors exit 2 as well);
- 3: an internal error (a bug in fincalc): one line on standard error, no
  traceback unless ``--debug`` is given.

Every message is one line on standard error. Input files and standard input
(``-``) are read in bounded chunks and refused past their limit; output is
written so that no text (a lone surrogate, a character the terminal's encoding
lacks) can make the command fail: such characters are escaped.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

from ._base.exceptions import FincalcError
from ._version import __version__

__all__ = ["build_parser", "main"]

_EXIT_OK, _EXIT_MISMATCH, _EXIT_BAD_INPUT, _EXIT_INTERNAL = 0, 1, 2, 3
#: Longest error message printed (a message quoting a 1 MB input is cut here).
_MESSAGE_CHARS = 2_000


class _UsageError(Exception):
    """Bad command-line input that argparse itself cannot detect."""


def _printable(text: str, stream: Any) -> str:
    """``text`` as ``stream`` can encode it: characters it cannot take are escaped.

    A lone surrogate from a record, or a CJK character on an ASCII terminal,
    must never make the command fail with ``UnicodeEncodeError``.
    """
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:
        return text.encode("ascii", "backslashreplace").decode("ascii")
    return text


def _write(text: str, out: str | None) -> None:
    if not text.endswith("\n"):
        text += "\n"
    if out is None:
        sys.stdout.write(_printable(text, sys.stdout))
        return
    try:
        Path(out).write_text(text, encoding="utf-8", errors="backslashreplace")
    except OSError as exc:
        raise _UsageError(f"cannot write {out!r}: {exc.strerror or exc}") from exc


def _error(command: str | None, kind: str, message: str) -> None:
    """One line on standard error: ``fincalc CMD: KIND: message``."""
    line = " ".join(message.split("\n"))
    if len(line) > _MESSAGE_CHARS:
        line = line[:_MESSAGE_CHARS] + f"… ({len(line):,} characters in all)"
    text = f"fincalc{' ' + command if command else ''}: {kind}: {line}\n"
    sys.stderr.write(_printable(text, sys.stderr))


# -- eval ---------------------------------------------------------------------------


def _tolerance_option(text: str | None) -> Any:
    """``--tolerance``: a JSON object or ``key=value`` pairs ("rel=0.01,ignore_sign=true")."""
    if text is None:
        return None
    from ._evaluating.tolerance import Tolerance

    stripped = text.strip()
    if stripped.startswith("{"):
        from ._base.bounded import decode_json

        data = decode_json(stripped, "--tolerance")
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
    from ._evaluating.batch import evaluate_in_slices, progress, threshold_failures
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
    thresholds = _thresholds(args)
    options = {
        "profile": args.profile,
        "retrieval_k": args.k,
        "tolerance": _tolerance_option(args.tolerance),
        "refusal_phrases": _refusal_option(args.refusal_phrases),
        "select": args.select,
        "workers": args.workers,
    }
    # a bar only for a person watching: never in a pipe, a log or with --quiet
    shown = not args.quiet and sys.stderr.isatty()
    reports = {}
    with progress(len(gold) * len(runs), enabled=shown, label="fincalc eval") as bar:
        for name, preds in runs.items():
            if shown:
                reports[name] = evaluate_in_slices(evaluate, preds, gold, bar, **options)
            else:
                reports[name] = evaluate(preds, gold, **options)
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
    failures = threshold_failures(reports if len(reports) > 1 else {"": result}, thresholds)
    for line in failures:
        _error("eval", "below threshold", line)
    return _EXIT_MISMATCH if failures else _EXIT_OK


def _thresholds(args: argparse.Namespace) -> list[Any]:
    """``--fail-under``/``--fail-over`` read before the (long) evaluation, so a typo fails fast."""
    from ._evaluating.batch import parse_threshold

    under = [parse_threshold(spec) for spec in args.fail_under]
    return under + [parse_threshold(spec, over=True) for spec in args.fail_over]


def _output_format(args: argparse.Namespace) -> None:
    """``--json`` is the flag every command takes; ``--format json`` is its deprecated alias."""
    if args.format == "json" and not args.json:
        _error(args.command, "warning", "--format json is deprecated; use --json")
    if args.json:
        if args.format not in (None, "json"):
            raise _UsageError(f"--json and --format {args.format} ask for different outputs")
        args.format = "json"
    args.format = args.format or "table"


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
        question=args.question,
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


def _read_document(path: str) -> str:
    """A document's text from a file or standard input (``-``), bounded as ``locate`` is.

    Read in chunks and refused past ``MAX_DOCUMENT_LENGTH`` characters, so an
    endless stream (``/dev/zero``, a pipe that never closes) stops at the limit.
    """
    from ._base.bounded import read_text
    from ._locating.locate import MAX_DOCUMENT_LENGTH

    limit = MAX_DOCUMENT_LENGTH
    if path == "-":
        return read_text(_stdin(), source="<stdin>", max_bytes=4 * limit, max_chars=limit)
    return read_text(path, max_bytes=4 * limit, max_chars=limit)


def _stdin() -> Any:
    """Standard input as bytes; a usage error when there is none (a daemon, a closed fd)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise _UsageError("'-' reads standard input, and there is none; pass a file")
    return stream


def _cmd_locate(args: argparse.Namespace) -> int:
    doc = _read_document(args.doc)
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


# -- verify -------------------------------------------------------------------------

_DOCUMENT_FIELDS = frozenset(
    {"id", "text", "page", "page_starts", "first_page", "currency", "unit", "pages", "separator"}
)


def _text_document(spec: str) -> tuple[Any, bool]:
    """``--doc [ID=]FILE``: a document and whether its id was given explicitly.

    Form feeds in the file are page breaks (pages numbered from 1).
    """
    from ._grounding.documents import Document

    named = "=" in spec and not Path(spec).exists()
    doc_id, _, path = spec.partition("=") if named else ("", "", spec)
    text = _read_document(path)
    if not doc_id:
        doc_id = "stdin" if path == "-" else Path(path).stem
    starts = (0, *(i + 1 for i, c in enumerate(text) if c == "\f")) if "\f" in text else ()
    return Document(doc_id, text, page_starts=starts), named


def _jsonl_documents(path: str) -> list[Any]:
    """``--docs FILE``: one ``Document`` per JSON line (``id``, ``text`` or ``pages``, …)."""
    from ._base.bounded import decode_json, read_text
    from ._base.exceptions import InvalidRecordError
    from ._grounding.documents import Document

    docs = []
    for number, line in enumerate(read_text(path).split("\n"), start=1):
        if not line.strip():
            continue
        data = decode_json(line, path, number)
        unknown = sorted(set(data) - _DOCUMENT_FIELDS) if isinstance(data, dict) else None
        if not isinstance(data, dict) or unknown:
            raise InvalidRecordError(
                f"{path}:{number}: a document is an object with the fields "
                f"{sorted(_DOCUMENT_FIELDS)}"
                + (f"; unknown: {unknown}" if unknown else f", got {type(data).__name__}"),
                source=path,
                line=number,
                reason="not a document",
            )
        fields = dict(data)
        if "page_starts" in fields and isinstance(fields["page_starts"], list):
            fields["page_starts"] = tuple(fields["page_starts"])
        try:
            if "pages" in fields:
                pages = fields.pop("pages")
                fields.pop("text", None)
                docs.append(Document.from_pages(fields.pop("id", None), pages, **fields))
            else:
                docs.append(Document(**fields))
        except (TypeError, AttributeError) as exc:
            raise InvalidRecordError(
                f"{path}:{number}: not a document: {exc}", source=path, line=number
            ) from exc
    return docs


def _audit_records(path: str) -> list[tuple[str, Any]]:
    """``(where, JSON data)`` for each record of an audit file (object, array or JSONL)."""
    from ._base.bounded import MAX_FILE_BYTES, decode_json, read_text

    source = "<stdin>" if path == "-" else path
    stream: Any = _stdin() if path == "-" else path
    text = read_text(stream, source=source)
    if Path(path).suffix.lower() in (".jsonl", ".ndjson"):
        return [
            (f"{source}:{n}", decode_json(line, source, n))
            for n, line in enumerate(text.split("\n"), start=1)
            if line.strip()
        ]
    data = decode_json(text, source, 1, limit=MAX_FILE_BYTES)
    if isinstance(data, list):
        return [(f"{source}[{i}]", item) for i, item in enumerate(data)]
    return [(source, data)]


def _verify_one(where: str, data: Any, documents: dict[str, Any]) -> dict[str, Any]:
    from ._base.exceptions import VerificationError
    from ._computing.audit import Computation
    from ._computing.verify import verify

    try:
        record = Computation.from_dict(data, source=where)
        verify(record, documents)
    except VerificationError as exc:
        return {"record": where, "verified": False, "field": exc.field, "message": str(exc)}
    return {
        "record": where,
        "verified": True,
        "operation": record.operation,
        "display": record.display_text,
        "fingerprint": record.fingerprint,
    }


def _cmd_verify(args: argparse.Namespace) -> int:
    documents: dict[str, Any] = {}
    unnamed = []
    for spec in args.doc:
        doc, named = _text_document(spec)
        documents[doc.id] = doc
        if not named:
            unnamed.append(doc)
    for path in args.docs:
        documents.update((doc.id, doc) for doc in _jsonl_documents(path))
    if not documents:
        raise _UsageError("verify needs the source documents: --doc [ID=]FILE or --docs FILE")
    records = _audit_records(args.records)
    results = []
    for where, data in records:
        cited = _cited(data)
        available = dict(documents)
        if len(documents) == 1 and len(unnamed) == 1:
            # one plain text file: it is the source of every input
            available.update((evidence_id, unnamed[0]) for evidence_id in cited)
        results.append(_verify_one(where, data, available))
    if args.json:
        _write(json.dumps(results, ensure_ascii=False, indent=2), None)
    else:
        lines = []
        for r in results:
            if r["verified"]:
                lines.append(
                    f"verified  {r['record']}  {r['operation']} = {r['display']}  "
                    f"(fingerprint {r['fingerprint'][:16]}…)"
                )
            else:
                lines.append(f"DOES NOT VERIFY  {r['record']}  {r['field']}: {r['message']}")
        _write("\n".join(lines), None)
    return _EXIT_OK if all(r["verified"] for r in results) else _EXIT_MISMATCH


def _cited(data: Any) -> set[str]:
    """The evidence ids a record's inputs cite (empty when the record is malformed)."""
    if not isinstance(data, dict) or not isinstance(data.get("inputs"), list):
        return set()
    out = set()
    for item in data["inputs"]:
        evidence = item.get("evidence") if isinstance(item, dict) else None
        if isinstance(evidence, dict) and isinstance(evidence.get("evidence_id"), str):
            out.add(evidence["evidence_id"])
    return out


def _cmd_schema(args: argparse.Namespace) -> int:
    from ._grounding.claims import claim_json_schema

    # Anthropic's strict tools and output_config take the portable (OpenAI) form as is
    dialect: Literal["openai", "gemini"] = "gemini" if args.dialect == "gemini" else "openai"
    schema = claim_json_schema(many=args.many, dialect=dialect)
    _write(json.dumps(schema, ensure_ascii=False, indent=2), args.out)
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


def _eval_parser(sub: Any) -> None:
    """Register ``eval``: files, output, workers, progress and CI thresholds."""
    ev = sub.add_parser(
        "eval",
        help="score predictions against gold answers",
        description="Score one or more prediction files against a gold file. With several "
        "prediction files (or --demo) the runs are compared side by side.",
    )
    ev.add_argument("files", nargs="*", metavar="FILE", help="GOLD then one or more PREDS")
    ev.add_argument("--demo", action="store_true", help="use the bundled bilingual sample")
    ev.add_argument(
        "--format",
        choices=("table", "json", "html"),
        help="table (default) or html; 'json' is a deprecated alias of --json",
    )
    ev.add_argument("--json", action="store_true", help="print the report as JSON")
    ev.add_argument("--out", metavar="FILE", help="write here instead of standard output")
    ev.add_argument(
        "--workers", type=int, default=1, metavar="N", help="score in up to N processes"
    )
    ev.add_argument(
        "--quiet", action="store_true", help="no progress bar on standard error (off in pipes)"
    )
    ev.add_argument(
        "--fail-under",
        action="append",
        default=[],
        metavar="METRIC=VALUE",
        help="exit 1 when a run's metric is below VALUE (numeric_accuracy=0.8 or =80%%; "
        "a bare 0.8 is numeric_accuracy); repeatable",
    )
    ev.add_argument(
        "--fail-over",
        action="append",
        default=[],
        metavar="METRIC=VALUE",
        help="exit 1 when a run's metric is above VALUE (caliber_error_rate=0.05); repeatable",
    )
    ev.add_argument(
        "--profile", choices=("strict", "graded"), default="strict", help="scoring profile"
    )
    ev.add_argument("--k", type=int, default=5, help="cut-off for hit@k, recall@k, nDCG@k")
    _judge_options(ev)
    ev.set_defaults(handler=_cmd_eval)


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
    parser.add_argument(
        "--debug",
        action="store_true",
        help="let an internal error's traceback through (exit 3 with one line otherwise)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    _eval_parser(sub)

    ck = sub.add_parser(
        "check",
        help="check one answer text against an expected value",
        description="Exit 0 when the answer matches, 1 when it does not, 2 on bad input.",
    )
    ck.add_argument("text", help="the answer text")
    ck.add_argument(
        "--expected",
        required=True,
        help="gold as written ('$303 million', '$1577.00', '24.26'): a bare gold takes the "
        "question's or --unit's unit unless written in full; trailing zeros are padding",
    )
    ck.add_argument("--precision", help="gold precision in base units, a power of ten: 1E+6")
    ck.add_argument("--dimension", help="CNY, USD, RATIO, …")
    ck.add_argument("--unit", help="unit of bare numbers: 亿元, 'USD millions', percent")
    ck.add_argument(
        "--question",
        help="the question asked: its unit ('in USD millions') frames a bare gold and bare "
        "answers, its year and subject pick the concluding figure, and one asking how large a "
        "decrease or loss is takes a positive gold as that size",
    )
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
    lo.add_argument("doc", metavar="DOC_FILE", help="UTF-8 text file, or - for standard input")
    lo.add_argument("quote")
    lo.add_argument("--occurrence", type=int, help="which occurrence (0-based) of a repeated quote")
    lo.add_argument("--near", type=int, help="take the occurrence closest to this offset")
    lo.add_argument("--json", action="store_true")
    lo.set_defaults(handler=_cmd_locate)

    vf = sub.add_parser(
        "verify",
        help="check audit records against their source documents",
        description="Re-locate each input's quote in its document, re-read the amount, compare "
        "every stored detail (page, span, value, unit, raw text, caliber) and replay the "
        "arithmetic. Exit 0 when every record verifies, 1 when one does not, 2 on bad input.",
    )
    vf.add_argument(
        "records",
        metavar="AUDIT_FILE",
        help="Computation.to_json output, a JSON array of records, or JSONL; - for standard input",
    )
    vf.add_argument(
        "--doc",
        action="append",
        default=[],
        metavar="[ID=]FILE",
        help="a source document as UTF-8 text (form feeds are page breaks); the id defaults "
        "to the file name without its extension, and a single --doc stands for every input",
    )
    vf.add_argument(
        "--docs",
        action="append",
        default=[],
        metavar="FILE",
        help='documents as JSONL, one per line: {"id": …, "text": …} or {"id": …, "pages": […]} '
        "with page, first_page, page_starts, currency, unit as Document takes them",
    )
    vf.add_argument("--json", action="store_true", help="print each record's verdict as JSON")
    vf.set_defaults(handler=_cmd_verify)

    sc = sub.add_parser("schema", help="print the Claim JSON schema for LLM structured output")
    sc.add_argument("--many", action="store_true", help='wrap as {"claims": [Claim, ...]}')
    sc.add_argument("--out", help="write to FILE instead of standard output")
    sc.add_argument(
        "--dialect",
        choices=("openai", "anthropic", "gemini"),
        default="openai",
        help="openai and anthropic: the portable strict form; gemini: the OpenAPI subset "
        "Vertex AI takes",
    )
    sc.add_argument("--json", action="store_true", help="accepted for uniformity: always JSON")
    sc.set_defaults(handler=_cmd_schema)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the process exit code (2 on bad input).

    Bad input of any kind exits 2 with one line on standard error; an
    internal error (a bug) exits 3, also with one line, unless ``--debug`` is
    given, which lets the traceback through.

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
        if args.command == "eval":
            _output_format(args)
        return handler(args)
    except (FincalcError, _UsageError) as exc:
        _error(args.command, "error", str(exc))
        return _EXIT_BAD_INPUT
    except BrokenPipeError:
        # the reader went away (`fincalc parse … | head`): nothing left to say to it
        _silence_stdout()
        return _EXIT_OK
    except KeyboardInterrupt:
        _error(args.command, "interrupted", "stopped by the user")
        return 130
    except Exception as exc:
        if args.debug:
            raise
        _error(
            args.command,
            "internal error",
            f"{type(exc).__name__}: {exc} (a bug in fincalc; rerun with --debug for the "
            "traceback and report it)",
        )
        return _EXIT_INTERNAL


def _silence_stdout() -> None:
    """Point standard output at /dev/null so the interpreter's final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass

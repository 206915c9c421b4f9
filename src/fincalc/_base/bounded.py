"""Bounded input: JSON text and files are checked against fixed limits before parsing.

Every loader (``load_gold``, ``load_predictions``, ``GoldCase``/``Prediction``
JSON, ``Computation.from_json``, ``EvalReport.from_json``, ``Claim`` JSON) and
the command line read through here, so a hostile input fails closed with a
``FincalcError`` that names the limit, instead of a ``RecursionError`` from a
deeply nested array, a plain ``ValueError`` from a 5,000-digit integer, or an
unbounded read of an endless stream.

The limits (docs/guarantees.md lists them with the tests that hold them):

- ``MAX_JSON_DEPTH``: nesting of arrays and objects in one JSON text;
- ``MAX_NUMBER_CHARS``: characters of one JSON number (digits, sign, exponent);
- ``MAX_RECORD_CHARS``: characters of one JSON text (a record, a report);
- ``MAX_FILE_BYTES``: bytes read from one file or stream by a loader.

JSON numbers become ``Decimal`` (never ``float``); ``NaN`` and ``Infinity``
are refused; a string holding a lone surrogate (``"\\ud800"``) is refused with
its line and column, because it cannot be written back out as UTF-8.
"""

from __future__ import annotations

import codecs
import functools
import itertools
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from itertools import accumulate
from typing import IO, TYPE_CHECKING, Any, Final

from .exceptions import InvalidInputError, InvalidRecordError
from .surrogates import check_no_surrogate, has_surrogate

if TYPE_CHECKING:
    import regex

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_NUMBER_CHARS",
    "MAX_RECORD_CHARS",
    "check_json_text",
    "check_no_surrogate",
    "decode_json",
    "json_error",
    "read_lines",
    "read_text",
    "surrogate_field",
    "where",
]

#: Deepest nesting of arrays and objects accepted in one JSON text.
MAX_JSON_DEPTH: Final = 64
#: Longest JSON number accepted, in characters (Python refuses int text past 4,300 digits).
MAX_NUMBER_CHARS: Final = 200
#: Longest JSON text accepted as one record or report, in characters.
MAX_RECORD_CHARS: Final = 16_000_000
#: Most bytes a loader or the command line reads from one file or stream.
MAX_FILE_BYTES: Final = 256 * 1024 * 1024
#: Bytes read per call: a stream is never read past its limit by more than this.
READ_CHUNK: Final = 1024 * 1024

_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Patterns:
    """The bounded readers' compiled patterns (built once, by identity)."""

    strings: regex.Pattern[str]
    not_brackets: regex.Pattern[str]
    tokens: regex.Pattern[str]
    long_number: regex.Pattern[str]
    surrogate: regex.Pattern[str]


@functools.cache
def _patterns() -> _Patterns:
    """The scanning patterns, compiled on first use: a parse never needs them (issue 18)."""
    import regex

    return _Patterns(
        strings=regex.compile(r'"(?:[^"\\]++|\\.)*+"', regex.DOTALL),
        not_brackets=regex.compile(r"[^\[\]{}]++"),
        tokens=regex.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]', regex.DOTALL),
        long_number=regex.compile(rf"-?[0-9][0-9.eE+\-]{{{MAX_NUMBER_CHARS},}}"),
        surrogate=regex.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}|[\ud800-\udfff]"),
    )


def where(source: str, line: int | None, column: int | None = None) -> str:
    """``source:line:column`` with the parts that are known.

    >>> where("gold.jsonl", 3, 7), where("Claim", None)
    ('gold.jsonl:3:7', 'Claim')
    """
    out = source
    if line is not None:
        out += f":{line}"
        if column is not None:
            out += f":{column}"
    return out


def _position(text: str, offset: int, first_line: int) -> tuple[int, int]:
    line = first_line + text.count("\n", 0, offset)
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def _fail(
    source: str, line: int | None, text: str, offset: int | None, what: str, **fields: Any
) -> InvalidRecordError:
    column = None
    if offset is not None:
        line, column = _position(text, offset, line or 1)
    return InvalidRecordError(
        f"{where(source, line, column)}: {what}",
        source=source,
        line=line,
        column=column,
        reason=what,
        **fields,
    )


def json_error(
    exc: json.JSONDecodeError, source: str, line: int | None = None
) -> InvalidRecordError:
    """An ``InvalidRecordError`` for a ``JSONDecodeError`` (``line``: of the text's first line).

    >>> try:
    ...     json.loads('{"a": }')
    ... except json.JSONDecodeError as exc:
    ...     print(json_error(exc, "gold.jsonl", 4))
    gold.jsonl:4:7: invalid JSON: Expecting value
    """
    at_line = exc.lineno + (line - 1 if line is not None else 0)
    return InvalidRecordError(
        f"{where(source, at_line, exc.colno)}: invalid JSON: {exc.msg}",
        source=source,
        line=at_line,
        column=exc.colno,
        reason=exc.msg,
    )


def _too_deep(text: str, source: str, line: int | None) -> InvalidRecordError | None:
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return None
    patterns = _patterns()
    brackets = patterns.not_brackets.sub("", patterns.strings.sub("", text))
    if not brackets or max(accumulate(_STEP[c] for c in brackets)) <= MAX_JSON_DEPTH:
        return None
    depth, offset = 0, 0
    for match in patterns.tokens.finditer(text):
        bracket = match.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                offset = match.start()
                break
        elif bracket in "]}":
            depth -= 1
    return _fail(
        source,
        line,
        text,
        offset,
        f"JSON nested deeper than {MAX_JSON_DEPTH} levels (MAX_JSON_DEPTH); records are flat "
        "objects, flatten the input",
        field="(nesting)",
        limit=MAX_JSON_DEPTH,
    )


def check_json_text(
    text: object, source: str, line: int | None = None, *, limit: int = MAX_RECORD_CHARS
) -> str:
    """Return ``text`` as ``str`` after the checks that need no parsing: type, size, depth.

    ``bytes`` are decoded as UTF-8 (an undecodable byte is reported with its
    position).  Raises ``InvalidRecordError`` naming the limit that was passed.

    >>> check_json_text('{"qid": "q1"}', "gold.jsonl")
    '{"qid": "q1"}'
    >>> check_json_text("[" * 100 + "]" * 100, "x.json")
    Traceback (most recent call last):
    ...
    fincalc.InvalidRecordError: x.json:1:65: JSON nested deeper than 64 levels ...
    """
    if isinstance(text, bytes | bytearray | memoryview):
        raw = bytes(text)
        if len(raw) > limit * 4:
            raise _size_error(source, line, len(raw), limit, "bytes")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise _decode_error(exc, raw, source, line or 1, 0) from None
    if not isinstance(text, str):
        raise InvalidRecordError(
            f"{source}: expected JSON text (str or bytes), got {type(text).__name__}",
            source=source,
            line=line,
            reason="not JSON text",
        )
    if len(text) > limit:
        raise _size_error(source, line, len(text), limit, "characters")
    deep = _too_deep(text, source, line)
    if deep is not None:
        raise deep
    return text


def _size_error(
    source: str, line: int | None, size: int, limit: int, unit: str
) -> InvalidRecordError:
    return InvalidRecordError(
        f"{where(source, line)}: {size:,} {unit} exceed the limit of {limit:,} characters for "
        "one JSON text (MAX_RECORD_CHARS); split the input into records of one case each",
        source=source,
        line=line,
        reason="too large",
        limit=limit,
    )


def _long_number(text: str, source: str, line: int | None) -> InvalidRecordError:
    match = _patterns().long_number.search(text)
    return _fail(
        source,
        line,
        text,
        match.start() if match else None,
        f"a JSON number longer than {MAX_NUMBER_CHARS} characters (MAX_NUMBER_CHARS); no "
        'amount has that many digits: write it in base units as a string, e.g. "8.7E+8"',
        field="(number)",
        limit=MAX_NUMBER_CHARS,
    )


class _NumberTooLong(Exception):
    """Raised inside the decoder's number hooks; translated with a position outside."""


class _NotANumber(Exception):
    """``NaN`` or ``Infinity`` in the JSON text."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _NumberTooLong(text[:20])
    return int(text)


def _float(text: str) -> Decimal:
    if len(text) > MAX_NUMBER_CHARS:
        raise _NumberTooLong(text[:20])
    return Decimal(text)


def _constant(name: str) -> Any:
    raise _NotANumber(name)


def _binary_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _NumberTooLong(text[:20])
    return float(text)


_DECODER = json.JSONDecoder(parse_float=_float, parse_int=_int, parse_constant=_constant)
#: For report metrics (scores, rates), which are floats by design and never amounts.
_FLOAT_DECODER = json.JSONDecoder(
    parse_float=_binary_float, parse_int=_int, parse_constant=_constant
)


def _strings(value: Any) -> Iterator[str]:
    """Every string (keys included) in a decoded JSON value, without recursion."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def surrogate_field(fields: dict[str, Any]) -> str | None:
    """The name of the first field whose text (strings, lists, keys) holds a lone surrogate.

    >>> surrogate_field({"qid": "q1", "cited": ("a", "b\\ud800")})
    'cited'
    """
    for name, value in fields.items():
        if any(
            has_surrogate(s) for s in _strings(list(value) if isinstance(value, tuple) else value)
        ):
            return name
    return None


def decode_json(
    text: object,
    source: str,
    line: int | None = None,
    *,
    limit: int = MAX_RECORD_CHARS,
    start: int = 0,
    floats: bool = False,
) -> Any:
    """Decode one bounded JSON text; numbers as ``Decimal``/``int``, never ``float``.

    ``line`` is the line the text starts on in ``source`` (for messages).
    With ``start``, decode one value at that offset and return ``(value, end)``
    (as ``JSONDecoder.raw_decode``), for arrays read record by record.
    ``floats=True`` reads fractions as ``float``: only for report metrics
    (scores and rates), never for amounts.

    Raises:
        InvalidRecordError: invalid JSON, over a limit (size, depth, number
            length), ``NaN``/``Infinity``, or a lone surrogate; the message
            gives the line and column.

    >>> decode_json('{"value": 1.50, "n": 3}', "gold.jsonl", 2)
    {'value': Decimal('1.50'), 'n': 3}
    >>> decode_json('{"qid": "\\\\ud800"}', "gold.jsonl", 2)
    Traceback (most recent call last):
    ...
    fincalc.InvalidRecordError: gold.jsonl:2:10: a lone surrogate ...
    """
    checked = check_json_text(text, source, line, limit=limit) if start == 0 else str(text)
    decoder = _FLOAT_DECODER if floats else _DECODER
    try:
        if start:
            value, end = decoder.raw_decode(checked, start)
        else:
            value = decoder.decode(checked)
            end = len(checked)
    except json.JSONDecodeError as exc:
        raise json_error(exc, source, line) from None
    except _NumberTooLong:
        raise _long_number(checked, source, line) from None
    except _NotANumber as exc:
        offset = checked.find(exc.name, start)
        raise _fail(
            source,
            line,
            checked,
            offset if offset >= 0 else None,
            f"{exc.name} is not a number fincalc accepts; write a finite amount",
            field="(number)",
        ) from None
    except RecursionError:
        raise _fail(
            source,
            line,
            checked,
            None,
            f"JSON nested too deep for the interpreter (limit MAX_JSON_DEPTH={MAX_JSON_DEPTH})",
            field="(nesting)",
            limit=MAX_JSON_DEPTH,
        ) from None
    if any(has_surrogate(s) for s in _strings(value)):
        match = _patterns().surrogate.search(checked, start)
        raise _fail(
            source,
            line,
            checked,
            match.start() if match else None,
            "a lone surrogate (an unpaired \\ud800-\\udfff escape) is not text; it cannot be "
            "written as UTF-8: fix the producer of this record",
            field="(string)",
        )
    return (value, end) if start else value


# -- files and streams -----------------------------------------------------------


def _decode_error(
    exc: UnicodeDecodeError, chunk: bytes, source: str, line: int, column: int
) -> InvalidRecordError:
    """The error for an undecodable byte at ``exc.start`` of ``chunk``.

    ``line`` and ``column`` are where ``chunk`` starts (column: characters
    already read on that line); the reported column counts characters.
    """
    head = chunk[: exc.start].decode("utf-8", "replace")
    newlines = head.count("\n")
    at_line = line + newlines
    at_column = len(head) - head.rfind("\n") if newlines else column + len(head) + 1
    byte = chunk[exc.start : exc.start + 1].hex() or "??"
    return InvalidRecordError(
        f"{where(source, at_line, at_column)}: byte 0x{byte} is not UTF-8 ({exc.reason}); "
        "save the file as UTF-8",
        source=source,
        line=at_line,
        column=at_column,
        reason=f"not UTF-8: {exc.reason}",
    )


def read_text(
    path: str | os.PathLike[str] | IO[bytes],
    *,
    source: str | None = None,
    max_bytes: int = MAX_FILE_BYTES,
    max_chars: int | None = None,
) -> str:
    """Read UTF-8 text (a leading BOM dropped) in bounded chunks, stopping at the limit.

    ``path`` is a file path or a binary stream (standard input).  An endless
    stream (``/dev/zero``, a pipe that never closes) is read only up to
    ``max_bytes`` (or ``max_chars`` characters) plus one chunk, then refused.

    Raises:
        InvalidInputError: the file does not exist, cannot be read, or is over
            the limit (``limit`` names it).
        InvalidRecordError: a byte is not UTF-8 (with line and column).

    >>> import io
    >>> read_text(io.BytesIO("\\ufeff单位：万元".encode()), source="<stdin>")
    '单位：万元'
    >>> read_text(io.BytesIO(b"x" * 100), source="<stdin>", max_bytes=10)
    Traceback (most recent call last):
    ...
    fincalc.InvalidInputError: <stdin>: more than 10 bytes ...
    """
    name = source or (str(path) if isinstance(path, str | os.PathLike) else "<stream>")
    if isinstance(path, str | os.PathLike):
        stream = _open(path, name)
        try:
            with stream:
                return _read_stream(stream, name, max_bytes, max_chars)
        except OSError as exc:
            raise InvalidInputError(
                f"cannot read {name!r}: {exc.strerror or exc}", argument="path", value=name
            ) from None
    return _read_stream(path, name, max_bytes, max_chars)


def read_lines(
    path: str | os.PathLike[str],
    *,
    source: str | None = None,
    max_line_bytes: int = MAX_RECORD_CHARS,
    max_bytes: int = MAX_FILE_BYTES,
) -> Iterator[tuple[int, str]]:
    """Yield ``(line number, text)`` for each line of a UTF-8 file, one line in memory at a time.

    For JSON Lines: a line longer than ``max_line_bytes`` (an endless stream
    such as ``/dev/zero`` is one) is refused when its limit is reached, not
    after the whole file is read.

    Raises:
        InvalidInputError: the file cannot be opened, or is over ``max_bytes``.
        InvalidRecordError: a line is over ``max_line_bytes``, or a byte is not UTF-8.
    """
    name = source or str(path)
    stream = _open(path, name)
    total = 0
    with stream:
        for number in itertools.count(1):
            try:
                raw = stream.readline(max_line_bytes + 1)
            except OSError as exc:
                raise InvalidInputError(
                    f"cannot read {name!r}: {exc.strerror or exc}", argument="path", value=name
                ) from None
            if not raw:
                return
            total += len(raw)
            if len(raw) > max_line_bytes:
                raise InvalidRecordError(
                    f"{name}:{number}: a line of more than {max_line_bytes:,} bytes (the limit of "
                    "one record, MAX_RECORD_CHARS); one record per line, or is this a JSON Lines "
                    "file at all?",
                    source=name,
                    line=number,
                    reason="line too long",
                    limit=max_line_bytes,
                )
            if total > max_bytes:
                raise InvalidInputError(
                    f"{name}: more than {max_bytes:,} bytes (the limit of one input, "
                    "MAX_FILE_BYTES); split it",
                    argument="path",
                    value=name,
                    limit=max_bytes,
                )
            if number == 1 and raw.startswith(codecs.BOM_UTF8):
                raw = raw[len(codecs.BOM_UTF8) :]
            try:
                yield number, raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise _decode_error(exc, raw, name, number, 0) from None


def _open(path: str | os.PathLike[str], name: str) -> IO[bytes]:
    try:
        from pathlib import Path  # (only files need it; a parse never opens one)

        return Path(path).open("rb")
    except FileNotFoundError:
        raise InvalidInputError(f"no such file: {name!r}", argument="path", value=name) from None
    except IsADirectoryError:
        raise InvalidInputError(
            f"{name!r} is a directory, not a file", argument="path", value=name
        ) from None
    except OSError as exc:
        raise InvalidInputError(
            f"cannot read {name!r}: {exc.strerror or exc}", argument="path", value=name
        ) from None
    except ValueError as exc:  # a NUL or an unencodable character in the path
        raise InvalidInputError(
            f"{name!r} is not a usable file name: {exc}", argument="path", value=name
        ) from None


def _read_stream(stream: IO[bytes], name: str, max_bytes: int, max_chars: int | None) -> str:
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    parts: list[str] = []
    total_bytes = total_chars = 0
    line, column = 1, 0
    first = True
    while True:
        chunk = stream.read(READ_CHUNK)
        if not chunk:
            final = True
            chunk = b""
        else:
            final = False
            total_bytes += len(chunk)
            if total_bytes > max_bytes:
                raise InvalidInputError(
                    f"{name}: more than {max_bytes:,} bytes (the limit of one input, "
                    "MAX_FILE_BYTES); split it, or pass a regular file of supported size",
                    argument="path",
                    value=name,
                    limit=max_bytes,
                )
        if first and chunk.startswith(codecs.BOM_UTF8):
            chunk = chunk[len(codecs.BOM_UTF8) :]
        if chunk or final:
            first = False
        pending = _pending(decoder)
        try:
            text = decoder.decode(chunk, final=final)
        except UnicodeDecodeError as exc:
            raise _decode_error(exc, pending + chunk, name, line, column) from None
        if text:
            parts.append(text)
            total_chars += len(text)
            newlines = text.count("\n")
            line += newlines
            column = len(text) - text.rfind("\n") - 1 if newlines else column + len(text)
            if max_chars is not None and total_chars > max_chars:
                raise InvalidInputError(
                    f"{name}: more than {max_chars:,} characters (the limit of one document); "
                    "split the document into pages or chunks",
                    argument="path",
                    value=name,
                    limit=max_chars,
                )
        if final:
            return "".join(parts)


def _pending(decoder: codecs.IncrementalDecoder) -> bytes:
    buffered, _ = decoder.getstate()
    return bytes(buffered)

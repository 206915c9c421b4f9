"""The default grammar's patterns, compiled at build time and restored at the first parse.

``re.compile`` of the scan pattern costs ~4.5 ms, a fifth of a fresh
interpreter's first ``parse_quantity``: its twenty classes of Han characters
become big-charset maps in ``re._compiler``, in Python.  ``re`` caches compiled
patterns only inside a process.  CPython's compiler ends in ``_sre.compile(pattern,
flags, code, groups - 1, groupindex, indexgroup)``, where ``code`` is a list of
integers, so ``python -m fincalc._reading.prebuild`` stores that list for the
patterns the default grammar compiles (``_data/reading_patterns.bin``) and
``compile_pattern`` hands it back to ``_sre.compile`` (~0.1 ms), which checks
the code's structure before accepting it.

The code is CPython's private format, so it is used only under strict guards,
and any doubt means the ordinary ``re.compile`` (the same pattern, only slower):

- the file records the interpreter it was built with (implementation, exact
  ``sys.version_info``, ``re._constants.MAGIC``, ``_sre.CODESIZE``, byte order
  and the width of a C ``unsigned int``); any difference: not used;
- each pattern is looked up by its exact source text and flags, so a grammar
  built from edited data (or for a locale) compiles its own pattern;
- each code block carries its CRC-32, and an unreadable file, a wrong length,
  a CRC mismatch or code that ``_sre.compile`` rejects all fall back.

``tests/test_prebuilt.py`` checks, on this interpreter, that the stored code is
what ``re._compiler`` produces now, that a restored pattern equals a fresh
``re.compile`` (``re.Pattern`` equality compares the code) and matches the same
on a corpus and on random text, and that a stale or corrupted file falls back.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
import zlib
from typing import Any, Final

from .prebuilt import DATA_DIR

__all__ = [
    "PATTERNS_FILE",
    "compile_pattern",
    "interpreter_key",
    "pattern_code",
    "patterns_file",
    "restored_pattern",
]

#: The stored code, next to the other artefacts (written by ``prebuild``).
PATTERNS_FILE: Final = "reading_patterns.bin"
#: The file's layout (a JSON header line, then the code blocks).
_LAYOUT: Final = 1


def interpreter_key() -> dict[str, Any] | None:
    """What the stored code depends on, or None where no code is stored (not CPython).

    >>> interpreter_key()["implementation"]
    'cpython'
    """
    compiler = sys.modules.get("re._compiler")
    constants = sys.modules.get("re._constants")
    sre = sys.modules.get("_sre")
    if sys.implementation.name != "cpython" or compiler is None or constants is None or not sre:
        return None
    return {
        "implementation": sys.implementation.name,
        "version": list(sys.version_info),
        "sre_magic": getattr(constants, "MAGIC", None),
        "codesize": getattr(sre, "CODESIZE", None),
        "byteorder": sys.byteorder,
        "itemsize": memoryview(bytes(8)).cast("I").itemsize,
    }


def pattern_code(source: str, flags: int = 0) -> tuple[dict[str, Any], list[int]]:
    """What ``re._compiler.compile`` passes to ``_sre.compile`` for ``source``: (facts, code).

    Call it only where ``interpreter_key()`` is not None (CPython's ``re``).

    >>> facts, code = pattern_code("(?P<n>[0-9]+)")
    >>> facts["groups"], facts["groupindex"], all(isinstance(word, int) for word in code)
    (2, [['n', 1]], True)
    """
    compiler = sys.modules["re._compiler"]
    parsed = compiler._parser.parse(source, flags)
    code = compiler._code(parsed, flags)
    facts = {
        "source": source,
        "flags": int(flags),
        "final_flags": int(flags | parsed.state.flags),
        "groups": parsed.state.groups,
        "groupindex": [[name, index] for name, index in parsed.state.groupdict.items()],
    }
    return facts, [int(word) for word in code]


def patterns_file(sources: list[tuple[str, int]]) -> bytes:
    """The file ``prebuild`` writes: the code of each ``(source, flags)`` for this interpreter.

    A JSON header line names the interpreter and each pattern (its facts, the
    number of code words and their CRC-32); the code blocks follow, in order,
    as C ``unsigned int`` words in this machine's byte order (``array('I')``).
    The output is deterministic for one interpreter.

    >>> patterns_file([("a+", 0)]).split(b"\\n", 1)[0].startswith(b'{"layout": 1')
    True
    """
    key = interpreter_key()
    if key is None:
        raise RuntimeError("stored pattern code needs CPython's re._compiler")
    entries, blocks = [], []
    for source, flags in sources:
        facts, code = pattern_code(source, flags)
        import array  # (build time only: the first parse reads the words with memoryview)

        block = array.array("I", code).tobytes()
        entries.append({**facts, "words": len(code), "crc": zlib.crc32(block)})
        blocks.append(block)
    header = {"layout": _LAYOUT, "interpreter": key, "patterns": entries}
    return json.dumps(header, ensure_ascii=False).encode("utf-8") + b"\n" + b"".join(blocks)


def _read_file(path: str) -> dict[tuple[str, int], tuple[dict[str, Any], bytes]] | None:
    """The stored patterns by ``(source, flags)``, or None if the file is unusable here."""
    try:
        with open(path, "rb") as file:
            data = file.read()
        head, _, body = data.partition(b"\n")
        header = json.loads(head.decode("utf-8"))
        key = interpreter_key()
        if key is None or header["layout"] != _LAYOUT or header["interpreter"] != key:
            return None
        found: dict[tuple[str, int], tuple[dict[str, Any], bytes]] = {}
        start = 0
        for entry in header["patterns"]:
            end = start + entry["words"] * key["itemsize"]
            found[entry["source"], entry["flags"]] = (entry, body[start:end])
            start = end
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None
    return found if start == len(body) else None


@functools.cache
def _stored() -> dict[tuple[str, int], tuple[dict[str, Any], bytes]] | None:
    return _read_file(os.path.join(DATA_DIR, PATTERNS_FILE))


def restored_pattern(
    source: str, flags: int, stored: dict[tuple[str, int], tuple[dict[str, Any], bytes]] | None
) -> re.Pattern[str] | None:
    """``source`` compiled from ``stored`` code, or None when it is not there or not sound.

    >>> restored_pattern("a+", 0, None) is None
    True
    """
    found = None if stored is None else stored.get((source, flags))
    if found is None:
        return None
    facts, block = found
    try:
        if zlib.crc32(block) != facts["crc"]:
            return None
        code = memoryview(block).cast("I").tolist()
        groupindex = dict(facts["groupindex"])
        indexgroup: list[str | None] = [None] * facts["groups"]
        for name, index in groupindex.items():
            indexgroup[index] = name
        compiled = sys.modules["_sre"].compile(
            source, facts["final_flags"], code, facts["groups"] - 1, groupindex, tuple(indexgroup)
        )
    except (RuntimeError, ValueError, TypeError, OverflowError, KeyError, IndexError):
        return None  # (code that _sre's validator rejects raises RuntimeError)
    return compiled if isinstance(compiled, re.Pattern) else None


#: While a list (``prebuild``'s child interpreter sets it before importing the
#: parser), every ``(source, flags)`` asked of ``compile_pattern``, in order.
recorded: list[tuple[str, int]] | None = None


def compile_pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, from the stored code when it is there and sound.

    >>> compile_pattern("[0-9]+").findall("a12b3")
    ['12', '3']
    """
    if recorded is not None:
        recorded.append((source, int(flags)))
    restored = restored_pattern(source, flags, _stored())
    return restored if restored is not None else re.compile(source, flags)

"""Word lists as data: one home for every vocabulary the code matches on.

Refusal phrases, direction and loss words, month and period words, heading
words: each lives in a TOML file under ``src/fincalc/_data/`` (headed by a
comment naming its source), never typed into Python.  Code asks for a list
by file and dotted key and builds its regular expressions from it, so adding
a word is a one-line data change.

The word lists the parser reads (``PREBUILT``) are also stored, validated, in
the prebuilt artefact (``fincalc._base.prebuilt``); while it is current,
``vocabulary`` restores them from there without ``tomllib`` or
``importlib.resources`` (the first parse of a process, issue 18).

A leaf is a list of words; tables group lists, and a table of lists can
also be read as a mapping from each written form to its list's name::

    [refusal]
    en = ["cannot be determined", "does not provide"]

    [months.en]
    1 = ["jan", "january"]

Files are validated on first load without pydantic (the value types stay
light): every leaf must be a non-empty list of non-empty strings, and a word
may appear once per table of lists (a duplicate fails the load naming both
entries, as in the unit table).  A malformed file raises ``DataFileError`` naming the
file and the key.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

from .exceptions import DataFileError, FincalcError
from .prebuilt import prebuilt_part

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "PREBUILT",
    "Vocabulary",
    "alternation",
    "bundled_vocabulary",
    "load_vocabulary",
    "vocabulary",
]

_LATIN = re.compile(r"[A-Za-z]")
#: The bundled word-list files stored in the prebuilt artefact (those the parser reads).
PREBUILT: Final = ("reading",)


class Vocabulary:
    """The validated word lists of one data file, looked up by dotted key."""

    __slots__ = ("_leaves", "_tables", "source")

    def __init__(self, data: Mapping[str, Any], *, source: str) -> None:
        self.source = source
        self._leaves: dict[str, tuple[str, ...]] = {}
        self._tables: dict[str, tuple[str, ...]] = {}  # key -> its children's names
        self._collect(data, "")

    @classmethod
    def restored(cls, state: Mapping[str, Any], *, source: str) -> Vocabulary:
        """The vocabulary ``state()`` wrote, without validating it again.

        >>> words = Vocabulary({"a": {"b": ["x", "y"]}}, source="demo")
        >>> Vocabulary.restored(words.state(), source="demo").table("a")
        {'x': 'b', 'y': 'b'}
        """
        restored = object.__new__(cls)
        restored.source = source
        restored._leaves = {key: tuple(words) for key, words in state["leaves"].items()}
        restored._tables = {key: tuple(names) for key, names in state["tables"].items()}
        return restored

    def state(self) -> dict[str, Any]:
        """The validated lists and tables as JSON-ready data (for the prebuilt artefact)."""
        return {
            "leaves": {key: list(words) for key, words in self._leaves.items()},
            "tables": {key: list(names) for key, names in self._tables.items()},
        }

    def _fail(self, key: str, why: str) -> DataFileError:
        return DataFileError(f"{self.source}: [{key}] {why}", entry=key, source=self.source)

    def _words(self, key: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not value:
            raise self._fail(key, "must be a non-empty list of strings")
        seen: dict[str, int] = {}
        for index, word in enumerate(value):
            if not isinstance(word, str) or not word.strip():
                raise self._fail(key, f"item {index} must be a non-empty string, got {word!r}")
            folded = word.casefold() if _LATIN.search(word) else word
            if folded in seen:
                raise self._fail(
                    key, f"{word!r} is listed twice (items {seen[folded]} and {index})"
                )
            seen[folded] = index
        return tuple(value)

    def _collect(self, node: Mapping[str, Any], prefix: str) -> None:
        owner: dict[str, str] = {}  # a word in two sibling lists is a mistake
        for name, value in node.items():
            key = f"{prefix}{name}"
            if isinstance(value, list):
                self._leaves[key] = self._words(key, value)
                for word in value:
                    folded = word.casefold()
                    if folded in owner:
                        raise self._fail(
                            prefix.rstrip(".") or key,
                            f"{word!r} is listed under both {owner[folded]!r} and {name!r}",
                        )
                    owner[folded] = name
            elif isinstance(value, dict) and value:
                self._tables[key] = tuple(value)
                self._collect(value, f"{key}.")
            else:
                raise self._fail(key, f"must be a list or a table of lists, got {value!r}")

    def keys(self) -> tuple[str, ...]:
        """Every leaf key, in file order."""
        return tuple(self._leaves)

    def words(self, key: str) -> tuple[str, ...]:
        """The words of a list, in file order; of a table, every list under it."""
        if key in self._leaves:
            return self._leaves[key]
        if key in self._tables:
            return tuple(w for child in self._tables[key] for w in self.words(f"{key}.{child}"))
        raise self._unknown(key)

    def table(self, key: str) -> dict[str, str]:
        """A table of lists as written form -> the list's name (Latin forms case-folded).

        ``[months.en]`` with ``1 = ["jan", "january"]`` gives ``{"jan": "1", …}``.
        """
        if key not in self._tables:
            raise (
                self._unknown(key)
                if key not in self._leaves
                else self._fail(key, "is a list, not a table of lists")
            )
        return {
            (word.casefold() if _LATIN.search(word) else word): child
            for child in self._tables[key]
            for word in self.words(f"{key}.{child}")
        }

    def _unknown(self, key: str) -> DataFileError:
        known = sorted([*self._leaves, *self._tables])
        return self._fail(key, f"no such word list; the file has {known}")


def load_vocabulary(path: str | Path) -> Vocabulary:
    """Read and validate a word-list file of the bundled format (e.g. a user's own phrases)."""
    import tomllib  # (only files read here and bundled files without the artefact need it)

    from .bounded import read_text  # (the JSON scanners: no part of a first parse)

    source = str(path)
    try:
        text = read_text(path, source=source, max_bytes=MAX_WORDLIST_BYTES)
        data = tomllib.loads(text)
    except (FincalcError, tomllib.TOMLDecodeError, RecursionError) as exc:
        raise DataFileError(f"{source}: cannot read the word list: {exc}", source=source) from exc
    return Vocabulary(data, source=source)


#: Largest word-list file a user may supply (``--refusal-phrases``, ``load_vocabulary``).
MAX_WORDLIST_BYTES = 4 * 1024 * 1024


@functools.cache
def vocabulary(name: str) -> Vocabulary:
    """A bundled word-list file, ``_data/<name>.toml``, validated once per process.

    Restored from the prebuilt artefact when it holds the file and is current.
    """
    source = f"fincalc/_data/{name}.toml"
    stored = prebuilt_part("vocabulary")
    if stored is not None and name in stored:
        return Vocabulary.restored(stored[name], source=source)
    return bundled_vocabulary(name)


def bundled_vocabulary(name: str) -> Vocabulary:
    """A bundled word-list file read and validated from ``_data/<name>.toml``."""
    import tomllib
    from importlib import resources

    source = f"fincalc/_data/{name}.toml"
    text = resources.files("fincalc").joinpath(f"_data/{name}.toml").read_text(encoding="utf-8")
    return Vocabulary(tomllib.loads(text), source=source)


def alternation(words: Iterable[str], *, boundaries: bool = True) -> str:
    """A regular-expression alternation of ``words``, longest first, each escaped.

    With ``boundaries``, a word that starts or ends with a Latin letter or
    digit gets a ``\\b`` on that side, so "so" never matches inside "also";
    Chinese words match anywhere.  Case-insensitivity is the caller's flag.

    >>> print(alternation(["so", "因此", "therefore"]))
    \\btherefore\\b|\\bso\\b|因此
    """
    parts = []
    for word in sorted(set(words), key=lambda w: (-len(w), w)):
        escaped = re.escape(word)
        if boundaries and word[0].isascii() and word[0].isalnum():
            escaped = r"\b" + escaped
        if boundaries and word[-1].isascii() and word[-1].isalnum():
            escaped += r"\b"
        parts.append(escaped)
    return "|".join(parts)

"""Griffe extension: show the doctest examples in docstrings as code on the docs site.

fincalc's docstrings end with bare ``>>>`` examples (run as doctests), which
Markdown would otherwise render as paragraphs, reading ``[...]`` in their
output as links. Each run of doctest lines (up to a blank line) becomes a
fenced ``pycon`` block. mkdocs.yml loads this file through mkdocstrings.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """Wrap each doctest run in ``text`` in a ``pycon`` fence.

    >>> fence_doctests("Intro.\\n>>> 1 + 1\\n2\\n\\nAfter.").split("\\n")
    ['Intro.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'After.']
    """
    out: list[str] = []
    in_fence = in_doctest = False
    for line in text.split("\n"):
        stripped = line.strip()
        if in_doctest and not stripped:
            out += ["```", ""]
            in_doctest = False
            continue
        if stripped.startswith("```") and not in_doctest:
            in_fence = not in_fence
        elif stripped.startswith(">>>") and not in_fence and not in_doctest:
            if out and out[-1].strip():
                out.append("")
            out.append("```pycon")
            in_doctest = True
        out.append(line)
    if in_doctest:
        out.append("```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Rewrite every docstring's doctest examples as fenced code."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)

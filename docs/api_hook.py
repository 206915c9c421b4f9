"""mkdocs hook: write the API reference's entries from fincalc's export table.

Each stage's reference page (``docs/reference-values.md``, …) holds its
stage's marker, ``<!-- api: _values -->``; this hook replaces each with a
``::: fincalc.X`` entry for every public name defined in that stage
(``fincalc._EXPORTS``), sorted case-insensitively, so the reference can
never miss a public name or name one that is gone.  The evaluation names
(the ``_judging`` and ``_scoring`` stages') are entered under their
namespace, ``::: fincalc.evaluation.X``.
"""

from __future__ import annotations

import re
from typing import Any

_MARKER = re.compile(r"^<!-- api: (\w+) -->$", re.MULTILINE)


def expand(markdown: str) -> str:
    """Replace every stage marker with the reference entries of that stage."""
    import fincalc
    from fincalc import evaluation

    def entries(match: re.Match[str]) -> str:
        stage = match.group(1)
        names = sorted(
            (name for name, module in fincalc._EXPORTS.items() if module.split(".")[0] == stage),
            key=str.casefold,
        )
        return "\n\n".join(
            f"::: fincalc.evaluation.{name}"
            if name in evaluation._EXPORTS
            else f"::: fincalc.{name}"
            for name in names
        )

    return _MARKER.sub(entries, markdown)


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """mkdocs event: expand the markers on the reference pages only."""
    path = page.file.src_path
    return expand(markdown) if path.startswith("reference") else markdown

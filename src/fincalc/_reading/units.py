"""The reading stage's unit API, in one place for the stages above.

Its parts live by job: ``unit_table`` (the table's loading and look-ups;
its file schema is ``table_schema``), ``declarations`` (``UnitContext`` and reading declared units),
``aliases`` (how aliases match), ``text`` (input limits and the
length-preserving fold) and ``split_amounts`` (digits grouped by spaces: one
decision for every reader).  Code outside ``fincalc._reading`` imports them from
here, so that the stage can rearrange its modules without touching its callers.
"""

from __future__ import annotations

from .aliases import AliasIndex, alias_key, is_latin
from .declarations import (
    UnitContext,
    context_from_header,
    find_unit_declarations,
    unit_context_from_header,
)
from .split_amounts import space_run
from .text import MAX_EXTRACT_LENGTH, MAX_PARSE_LENGTH, check_text, fold_characters, is_year
from .unit_table import (
    ScaleSpec,
    SuffixSpec,
    UnitTable,
    check_known_dimension,
    shift_exponent,
)

__all__ = [
    "MAX_EXTRACT_LENGTH",
    "MAX_PARSE_LENGTH",
    "AliasIndex",
    "ScaleSpec",
    "SuffixSpec",
    "UnitContext",
    "UnitTable",
    "alias_key",
    "check_known_dimension",
    "check_text",
    "context_from_header",
    "find_unit_declarations",
    "fold_characters",
    "is_latin",
    "is_year",
    "shift_exponent",
    "space_run",
    "unit_context_from_header",
]

"""Explaining a record: its formula over lettered inputs, its leaf citations, its HTML.

``expression_of`` writes what an operation computed over its inputs lettered
``a``, ``b``, … (``(a − b) / b``; ``a − |b|`` when ``b`` was read as its
magnitude). ``leaf_evidence`` follows derived facts (``as_fact()``) back to
the evidence of the facts read from documents, so a chained computation
cites pages, never a fingerprint. ``computation_html`` is the notebook view
(``Computation._repr_html_``); every text it shows is HTML-escaped.

This module sits below ``audit`` and reads a record through ``Explained``.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Protocol

from .._values.caliber import Caliber
from .._values.facts import Evidence, Fact
from .._values.period import FiscalCalendar
from .rounding import Rounding
from .spec import Formula, SignConvention

__all__ = ["Explained", "computation_html", "expression_of", "leaf_evidence", "letters"]

_SHOWN = 8  # an add or average of more inputs is written a + b + … + h


class Explained(Protocol):
    """What the explanations read from a ``Computation``."""

    @property
    def operation(self) -> str: ...
    @property
    def inputs(self) -> tuple[Fact, ...]: ...
    @property
    def target(self) -> Caliber: ...
    @property
    def rounding(self) -> Rounding: ...
    @property
    def result(self) -> Decimal: ...
    @property
    def note(self) -> str: ...
    @property
    def calendar(self) -> FiscalCalendar | None: ...
    @property
    def signs(self) -> tuple[SignConvention, ...] | None: ...
    @property
    def factor(self) -> Decimal | None: ...
    @property
    def factor_meaning(self) -> str | None: ...
    @property
    def formula(self) -> Formula | None: ...
    @property
    def display_text(self) -> str: ...


def letters(count: int) -> list[str]:
    """``a`` … ``z`` for up to 26 inputs, else ``x1`` … ``xN``.

    >>> letters(3), letters(28)[-1]
    (['a', 'b', 'c'], 'x28')
    """
    if count <= 26:
        return [chr(ord("a") + i) for i in range(count)]
    return [f"x{i + 1}" for i in range(count)]


def leaf_evidence(facts: Iterable[Fact]) -> tuple[Evidence, ...]:
    """The evidence of the source facts: a derived fact's ``sources``, else its own; once each."""
    seen: dict[Evidence, None] = {}
    for fact in facts:
        evidence = fact.evidence
        for leaf in evidence.sources or (evidence,):
            seen.setdefault(leaf, None)
    return tuple(seen)


def _read(name: str, convention: SignConvention | None) -> str:
    return f"|{name}|" if convention == "magnitude" else name


def _signed_sum(pairs: Sequence[tuple[str, str]]) -> str:
    parts = []
    for index, (sign, name) in enumerate(pairs):
        if index == 0:
            parts.append(f"−{name}" if sign == "-" else name)
        else:
            parts.append(f"{'−' if sign == '-' else '+'} {name}")
    return " ".join(parts)


def _times(record: Explained) -> str:
    return f" × {format(record.factor, 'f')}" if record.factor is not None else ""


def _formula_expression(record: Explained, names: list[str]) -> str:
    spec = record.formula
    if spec is None:
        return "?"
    letter = {
        term.name: _read(n, term.convention) for term, n in zip(spec.terms, names, strict=False)
    }
    top = _signed_sum([(sign, letter.get(name, name)) for sign, name in spec.numerator])
    if not spec.denominator:
        return top
    bottom = _signed_sum([(sign, letter.get(name, name)) for sign, name in spec.denominator])
    top = f"({top})" if len(spec.numerator) > 1 else top
    bottom = f"({bottom})" if len(spec.denominator) > 1 else bottom
    return f"{top} / {bottom}{_times(record)}"


def _many(names: list[str]) -> str:
    if len(names) <= _SHOWN:
        return " + ".join(names)
    return f"{' + '.join(names[: _SHOWN - 1])} + … + {names[-1]}"


def expression_of(record: Explained) -> str:
    """The formula an operation computed, over its inputs lettered ``a``, ``b``, …"""
    names = letters(len(record.inputs))
    signs = record.signs or ()
    read = [_read(n, signs[i] if i < len(signs) else None) for i, n in enumerate(names)]
    a, b = [*read, "?", "?"][:2]
    operation = record.operation
    if operation == "add":
        return _many(names)
    if operation == "average":
        return f"({_many(names)}) / {len(names)}"
    if operation in ("formula", "combine"):
        return _formula_expression(record, names)
    if operation in ("sub", "pp_change"):
        return f"{a} − {b}"
    if operation in ("yoy", "qoq", "change_over"):
        return f"({a} − {b}) / {b}"
    if operation in ("ratio", "share"):
        return f"{a} / {b}{_times(record)}"
    if operation == "cagr":
        first, second = record.inputs[0].caliber, record.inputs[-1].caliber
        years = first.period.start.year - second.period.start.year
        return f"({a} / {b}) ^ (1 / {years}) − 1"
    if operation == "base_from_growth":
        return f"{a} / (1 + {b})"
    if operation == "prior_level":
        return f"{a} − {b}"
    if operation == "growth_from_change":
        return f"{b} / ({a} − {b})"
    if operation == "level_from_change":
        return f"{a} + {b}"
    if operation == "multiple_of":
        return f"{a} / {b}"
    if operation == "flow_from_balances":
        c = read[2] if len(read) > 2 else "?"
        sign = "−" if record.factor is not None and record.factor < 0 else "+"
        return f"{a} {sign} ({b} − {c})"
    if operation == "scale":
        return f"{a}{_times(record)}"
    if operation == "negate":
        return f"−{a}"
    if operation == "abs":
        return f"|{a}|"
    return operation


# -- HTML ----------------------------------------------------------------------


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _source_text(fact: Fact) -> str:
    def one(evidence: Evidence) -> str:
        page = f", p. {evidence.page}" if evidence.page is not None else ""
        return f"{evidence.evidence_id}{page}"

    evidence = fact.evidence
    if evidence.sources:
        return f"{one(evidence)} ← {'; '.join(one(leaf) for leaf in evidence.sources)}"
    return one(evidence)


def computation_html(record: Explained) -> str:
    """The notebook table of a record; every text is HTML-escaped."""
    target = record.target
    names = letters(len(record.inputs))
    rows = [
        f"<caption>{_e(record.operation)}: {_e(target.describe())}</caption>",
        f"<tr><th>formula</th><td colspan='6'>{_e(target.metric)} = "
        f"{_e(expression_of(record))}</td></tr>",
        "<tr><th></th><th>metric</th><th>entity</th><th>period</th><th>value</th>"
        "<th>quote</th><th>source</th></tr>",
    ]
    for letter, fact in zip(names, record.inputs, strict=True):
        c = fact.caliber
        value = fact.quantity.raw or format(fact.value, "f")
        rows.append(
            f"<tr><td>{_e(letter)}</td><td>{_e(c.metric)}</td><td>{_e(c.entity)}</td>"
            f"<td>{_e(c.period.describe(record.calendar))}</td>"
            f"<td>{_e(value)} {_e(c.dimension)}</td><td>{_e(fact.evidence.quote)}</td>"
            f"<td>{_e(_source_text(fact))}</td></tr>"
        )
    rows.append(f"<tr><th>rounding</th><td colspan='6'>{_e(record.rounding.rule)}</td></tr>")
    rows.append(
        f"<tr><th>result</th><td colspan='6'>{_e(format(record.result, 'f'))} "
        f"{_e(target.dimension)} (exact)</td></tr>"
    )
    rows.append(f"<tr><th>display</th><td colspan='6'>{_e(record.display_text)}</td></tr>")
    if record.factor_meaning:
        rows.append(f"<tr><th>factor</th><td colspan='6'>{_e(record.factor_meaning)}</td></tr>")
    if record.note:
        rows.append(f"<tr><th>note</th><td colspan='6'>{_e(record.note)}</td></tr>")
    return "<table class='fincalc-computation'>" + "".join(rows) + "</table>"

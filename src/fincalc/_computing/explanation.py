"""Explaining a record: its leaf citations and its HTML view.

What an operation computed over its lettered inputs is written by its entry in
the operation table (``operations.expression_of``). ``leaf_evidence`` follows
derived facts (``as_fact()``) back to the evidence of the facts read from
documents, so a chained computation cites pages, never a fingerprint.
``computation_html`` is the notebook view (``Computation._repr_html_``); every
text it shows is HTML-escaped.

This module sits below ``audit`` and reads a record through ``operations.Record``.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from .._values.facts import Evidence, Fact
from .operations import Record, expression_of, letters

__all__ = ["computation_html", "leaf_evidence"]


def leaf_evidence(facts: Iterable[Fact]) -> tuple[Evidence, ...]:
    """The evidence of the source facts: a derived fact's ``sources``, else its own; once each."""
    seen: dict[Evidence, None] = {}
    for fact in facts:
        evidence = fact.evidence
        for leaf in evidence.sources or (evidence,):
            seen.setdefault(leaf, None)
    return tuple(seen)


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


def computation_html(record: Record) -> str:
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

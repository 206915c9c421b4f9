"""Grounding a corpus in partitions: route each document with its claims, merge back in order.

The Dask-free half of ``fincalc.integrations.dask.resolve_corpus``: which
partition reads which document, how a partition resolves its claims, and how
the partitions' results become the ``Resolution`` that ``resolve_all`` would
give -- facts and refusals in claim order, conflicts found over all facts.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Mapping, Sequence
from operator import itemgetter
from typing import Any, TypeAlias

from fincalc import (
    Claim,
    Document,
    Fact,
    FiscalCalendar,
    InvalidInputError,
    Resolution,
    UnitTable,
    UnresolvedClaim,
    find_conflicts,
    resolve_all,
)

__all__ = [
    "CorpusPart",
    "Grounded",
    "merge_grounded",
    "plan_corpus",
    "resolve_options",
    "resolve_partition",
    "to_resolution",
]

#: One grounded claim on its way back: its index in the input, and its fact or refusal.
Grounded: TypeAlias = tuple[int, Fact | UnresolvedClaim]
#: What one partition holds: its documents, and the claims citing them with their index.
CorpusPart: TypeAlias = tuple[tuple[Document, ...], tuple[tuple[int, Any], ...]]

# A claim's weight next to its document's text when balancing partitions: roughly what
# resolving one claim costs, in characters of document structure read.
_CLAIM_WEIGHT = 2_000


def resolve_options(
    calendar: FiscalCalendar | None, min_ratio: float, table: UnitTable | None
) -> dict[str, Any]:
    return {"calendar": calendar, "min_ratio": min_ratio, "table": table}


def plan_corpus(
    claims: object,
    documents: object,
    n: int,
    options: dict[str, Any],
) -> tuple[list[Grounded], list[CorpusPart]]:
    """Refuse the claims citing no known document; ``n`` partitions of documents and claims."""
    by_id = _documents(documents)
    routed: dict[str, list[tuple[int, Any]]] = {doc_id: [] for doc_id in by_id}
    unrouted: list[tuple[int, Any]] = []
    for index, claim in enumerate(_claims(claims)):
        doc_id = _evidence_id(claim)
        if doc_id is not None and doc_id in routed:
            routed[doc_id].append((index, claim))
        else:  # refused without reading anything; the message lists the known ids
            unrouted.append((index, claim))
    local = _refuse_unrouted(unrouted, by_id, options)
    return local, _balance(by_id, routed, n)


def _documents(documents: object) -> dict[str, Document]:
    if isinstance(documents, Mapping):
        items = list(documents.values())
    elif isinstance(documents, Iterable) and not isinstance(documents, str):
        items = list(documents)
    else:
        raise InvalidInputError(
            f"resolve_corpus needs Documents or a mapping of id to Document, "
            f"got {type(documents).__name__}",
            argument="documents",
            value=repr(documents)[:80],
        )
    by_id: dict[str, Document] = {}
    for doc in items:
        if not isinstance(doc, Document):
            raise InvalidInputError(
                f"resolve_corpus: a document is a {type(doc).__name__}, not a fincalc.Document",
                argument="documents",
                value=repr(doc)[:80],
            )
        if doc.id in by_id:
            raise InvalidInputError(
                f"two documents share the id {doc.id!r}; evidence ids must be unique",
                argument="documents",
                value=doc.id,
            )
        by_id[doc.id] = doc
    return by_id


def _claims(claims: object) -> Iterator[Any]:
    if isinstance(claims, (str, bytes, Mapping)) or not isinstance(claims, Iterable):
        raise InvalidInputError(
            f"resolve_corpus needs an iterable of claims, got {type(claims).__name__}",
            argument="claims",
            value=repr(claims)[:80],
        )
    return iter(claims)


def _evidence_id(claim: object) -> str | None:
    if isinstance(claim, Claim):
        return claim.evidence_id
    if isinstance(claim, Mapping):
        value = claim.get("evidence_id")
        return value if isinstance(value, str) else None
    return None


def _balance(
    by_id: dict[str, Document], routed: dict[str, list[tuple[int, Any]]], n: int
) -> list[CorpusPart]:
    """Documents (with their claims) in ``n`` partitions of about equal work, heaviest first."""
    weights = sorted(
        ((len(doc.text) + _CLAIM_WEIGHT * len(routed[doc_id]), order, doc_id)
         for order, (doc_id, doc) in enumerate(by_id.items()) if routed[doc_id]),
        key=lambda w: (-w[0], w[1]),
    )  # fmt: skip
    loads = [(0, part) for part in range(n)]
    members: list[list[str]] = [[] for _ in range(n)]
    for weight, _, doc_id in weights:
        load, part = heapq.heappop(loads)
        members[part].append(doc_id)
        heapq.heappush(loads, (load + weight, part))
    parts: list[CorpusPart] = []
    for ids in members:
        if ids:
            docs = tuple(by_id[i] for i in ids)
            indexed = tuple(sorted((c for i in ids for c in routed[i]), key=itemgetter(0)))
            parts.append((docs, indexed))
    return parts or [((), ())]


def _resolve_indexed(
    indexed: Iterable[tuple[int, Any]], by_id: Mapping[str, Document], options: dict[str, Any]
) -> list[Grounded]:
    out: list[Grounded] = []
    for index, claim in indexed:
        resolution = resolve_all([claim], by_id, **options)
        out.append((index, (resolution.facts or resolution.refusals)[0]))
    return out


def _refuse_unrouted(
    unrouted: list[tuple[int, Any]], by_id: dict[str, Document], options: dict[str, Any]
) -> list[Grounded]:
    """Claims that cite no known document: refused here, in one ``resolve_all`` call."""
    resolution = resolve_all([claim for _, claim in unrouted], by_id, **options)
    if resolution.facts or len(resolution.refusals) != len(unrouted):
        return _resolve_indexed(unrouted, by_id, options)  # keep each claim with its index
    return [(index, r) for (index, _), r in zip(unrouted, resolution.refusals, strict=True)]


def resolve_partition(options: dict[str, Any], parts: Iterable[CorpusPart]) -> list[Grounded]:
    out: list[Grounded] = []
    for docs, indexed in parts:
        out.extend(_resolve_indexed(indexed, {doc.id: doc for doc in docs}, options))
    return sorted(out, key=itemgetter(0))


def merge_grounded(groups: Sequence[list[Grounded]]) -> list[Grounded]:
    """Merge partitions' grounded claims, each sorted by claim index (associative)."""
    return list(heapq.merge(*groups, key=itemgetter(0)))


def to_resolution(local: list[Grounded], grounded: list[Grounded]) -> Resolution:
    merged = merge_grounded([local, grounded])
    facts = tuple(r for _, r in merged if isinstance(r, Fact))
    refusals = tuple(r for _, r in merged if isinstance(r, UnresolvedClaim))
    conflicts = tuple(tuple(group) for group in find_conflicts(facts))
    return Resolution(facts, refusals, conflicts)

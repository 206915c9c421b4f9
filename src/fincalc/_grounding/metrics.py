"""Whether a row label or a clause subject supports a claimed metric.

The words live in ``_data/metrics.toml``: the written forms of each line item
(``[concepts.*]``), the words that make a *different* line item of the same
stem (``[qualifiers]``: "cost of", "subscription", 母公司, 扣除非经常性损益 …), the
words a label may carry beyond its metric (``[neutral]``: "total", 合计) and the
words of a metric that name the kind of figure claimed (``[metric_role]``:
"growth", 增长率, "share of", "guidance").

``metric_verdict`` compares a label with a claimed metric and answers
``"match"`` (the same line item), ``"mismatch"`` (clearly another) or
``"unverified"`` (neither clearly): only a match lets a claim resolve.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from typing import Literal

import regex

from .._base.vocabulary import alternation, vocabulary

__all__ = [
    "ClaimedRole",
    "MetricVerdict",
    "Verdict",
    "claimed_role",
    "concept_of",
    "concept_pattern",
    "metric_key",
    "metric_verdict",
    "qualifiers",
    "qualifiers_of_phrase",
]

Verdict = Literal["match", "mismatch", "unverified"]
ClaimedRole = Literal["level", "change", "share", "guidance"]

_ENUMERATOR = regex.compile(
    r"^\s*(?:[一二三四五六七八九十]{1,3}\s*[、.．]|\(?\s*[0-9]{1,2}\s*[).．、]|\(\s*[a-zA-Z]\s*\)"
    r"|[（(]\s*[一二三四五六七八九十]{1,3}\s*[)）]|[加减減]\s*[:：])\s*"
)
_TRAILING_BRACKET = regex.compile(r"\s*[（(][^()（）]{0,24}[)）]\s*$")
# "经营活动产生的现金流量净额 七、78", "Revenue (Note 5)", "Accounts receivable, net of allowance"
_TRAILING_NOTE = regex.compile(
    r"(?:\s+(?:附注|附註)?\s*[一二三四五六七八九十]{1,3}\s*[、.]\s*\d{1,3}(?:\s*[(（]\d{1,3}[)）])?"
    r"|\s+note\s*\d{1,3}[a-z]?|\s*,\s*net(?:\s+of\b.*)?)\s*$",
    regex.IGNORECASE,
)
_PUNCT = regex.compile(r"[\s\p{P}\p{S}]+")


@dataclass(frozen=True, slots=True)
class MetricVerdict:
    """A verdict and, for a mismatch, the words that make the two line items differ."""

    verdict: Verdict
    why: str


def _fold(text: str) -> str:
    """Full-width forms to ASCII (NFKC), case-folded, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _bare(text: str) -> str:
    """``text`` without a leading enumerator ("一、", "(a)") or trailing unit or note."""
    folded = _fold(text)
    for _ in range(3):
        stripped = _TRAILING_BRACKET.sub("", _ENUMERATOR.sub("", folded))
        stripped = _TRAILING_NOTE.sub("", stripped)
        if stripped == folded:
            break
        folded = stripped
    return folded.rstrip(":：")


@functools.cache
def _words_pattern(key: str) -> regex.Pattern[str]:
    words = [_fold(w) for w in vocabulary("metrics").words(key)]
    return regex.compile(alternation(words, boundaries=True), regex.IGNORECASE)


@functools.cache
def _concepts() -> dict[str, str]:
    """Each written form's key (see ``metric_key``) -> its concept."""
    return {_squeeze(form): name for form, name in vocabulary("metrics").table("concepts").items()}


@functools.cache
def concept_pattern() -> regex.Pattern[str]:
    """Every written form of every concept, as one case-insensitive alternation, longest first."""
    forms = [_fold(w) for w in vocabulary("metrics").words("concepts")]
    return regex.compile(alternation(forms, boundaries=True), regex.IGNORECASE)


@functools.cache
def _qualifier_patterns() -> tuple[tuple[str, regex.Pattern[str]], ...]:
    table = vocabulary("metrics").table("qualifiers")
    names = sorted(set(table.values()))
    return tuple((name, _words_pattern(f"qualifiers.{name}")) for name in names)


def _squeeze(text: str) -> str:
    return _PUNCT.sub("", _fold(text))


def qualifiers(text: str) -> frozenset[str]:
    """The qualifier kinds ``text`` carries ("cost", "subscription", "parent" …).

    >>> sorted(qualifiers("Total cost of sales"))
    ['cost']
    >>> sorted(qualifiers("归属于母公司所有者的净利润"))
    ['attributable', 'parent']
    """
    folded = _fold(text)
    return frozenset(name for name, pattern in _qualifier_patterns() if pattern.search(folded))


def _without(text: str, key: str) -> str:
    return _words_pattern(key).sub(" ", _fold(text))


def qualifiers_of_phrase(text: str) -> frozenset[str]:
    """The qualifiers of a clause or metric once its role words ("增长率", "increased") are off.

    >>> sorted(qualifiers_of_phrase("营业收入同比增长率为"))
    []
    >>> sorted(qualifiers_of_phrase("Services"))
    ['services']
    """
    folded = _fold(text)
    for key in ("metric_role", "role.change", "neutral"):
        folded = _words_pattern(key).sub(" ", folded)
    return qualifiers(folded)


def concept_of(key: str) -> str | None:
    """The concept a ``metric_key`` is a written form of, if any.

    >>> concept_of(metric_key("Total net sales")), concept_of("燃煤消耗量")
    ('revenue', None)
    """
    return _concepts().get(key)


def claimed_role(metric: str, declared: str = "level") -> ClaimedRole:
    """The kind of figure a claim declares: its ``role`` field, else what its metric says.

    >>> claimed_role("营业收入增长率"), claimed_role("Revenue"), claimed_role("Revenue", "growth")
    ('change', 'level', 'change')
    """
    if declared in ("change", "growth"):
        return "change"
    folded = _fold(metric)
    if _words_pattern("metric_role.guidance").search(folded):
        return "guidance"
    if _words_pattern("metric_role.change").search(folded):
        return "change"
    if _words_pattern("metric_role.share").search(folded):
        return "share"
    return "level"


def metric_key(text: str, entity: str = "") -> str:
    """The comparable form of a label or metric.

    Without role words, neutral words, the entity or punctuation.

    >>> metric_key("一、营业总收入（元）"), metric_key("Total net sales")
    ('营业总收入', 'netsales')
    """
    bare = _bare(text)
    for key in ("metric_role", "neutral"):
        bare = _words_pattern(key).sub(" ", bare)
    squeezed = _squeeze(bare)
    name = _squeeze(entity)
    if name and name != squeezed and len(name) >= 2:
        # "华东区 | 营业收入": the entity written before (or after) the line item
        if squeezed.startswith(name):
            squeezed = squeezed[len(name) :]
        elif squeezed.endswith(name):
            squeezed = squeezed[: -len(name)]
    return squeezed


def _direction(text: str) -> str:
    """The one direction a line item's name states ("up", "down"), "" for none or both.

    >>> _direction("Decrease due to prior year tax positions"), _direction("Net income (loss)")
    ('down', 'down')
    >>> _direction("Net gains (losses)"), _direction("Revenue")
    ('', '')
    """
    folded = _fold(text)
    up = bool(_words_pattern("direction.up").search(folded))
    down = bool(_words_pattern("direction.down").search(folded))
    return "up" if up and not down else "down" if down and not up else ""


def metric_verdict(label: str, metric: str, entity: str = "") -> MetricVerdict:
    """Whether a row label (or clause subject) ``label`` is the claimed ``metric``.

    Equal after normalising, or two written forms of one concept: a match.
    Forms of two concepts, or different qualifiers ("cost of", 母公司): a
    mismatch.  Anything else is unverified.

    >>> metric_verdict("Total net sales", "Revenue").verdict
    'match'
    >>> metric_verdict("Total cost of sales", "Services").verdict
    'mismatch'
    >>> metric_verdict("Subscription", "Total revenue").verdict
    'mismatch'
    >>> metric_verdict("一、营业总收入", "营业收入").verdict
    'mismatch'
    """
    row, claimed = metric_key(label, entity), metric_key(metric, entity)
    row_way, claimed_way = _direction(label), _direction(metric)
    if row_way and claimed_way and row_way != claimed_way:
        return MetricVerdict(
            "mismatch", f"{label.strip()!r} and {metric.strip()!r} name opposite directions"
        )
    if not row:
        if label.strip():  # "Total", "Consolidated": words of no line item
            return MetricVerdict(
                "unverified", f"the row label {label.strip()!r} names no line item"
            )
        return MetricVerdict("unverified", "the amount has no row label or subject")
    if not claimed:
        return MetricVerdict("unverified", "the claim's metric names no line item")
    if row == claimed:
        return MetricVerdict("match", "")
    concepts = _concepts()
    a, b = concepts.get(row), concepts.get(claimed)
    if a is not None and b is not None:
        if a == b:
            return MetricVerdict("match", "")
        return MetricVerdict("mismatch", f"{label.strip()!r} is another line item")
    q_row = qualifiers(_without(label, "metric_role"))
    q_claim = qualifiers(_without(metric, "metric_role"))
    if q_row != q_claim:
        extra = sorted(q_row - q_claim) or sorted(q_claim - q_row)
        return MetricVerdict(
            "mismatch",
            f"{label.strip()!r} and {metric.strip()!r} differ in {', '.join(extra)}",
        )
    return MetricVerdict("unverified", f"{label.strip()!r} is not clearly {metric!r}")
    return MetricVerdict("unverified", f"{label.strip()!r} is not clearly {metric!r}")

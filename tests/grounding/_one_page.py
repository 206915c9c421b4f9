"""One balance-sheet claim resolved on one PDF-text page (shared by the page tests)."""

from __future__ import annotations

from decimal import Decimal

from fincalc import Document, resolve_all


def resolve_instant(
    page: str, quote: str, metric: str, period: str, *, entity: str
) -> Decimal | None:
    """The value ``resolve_all`` gives an instant claim on ``page``, or None when refused.

    A page whose header names KESTREL is an English USD page; any other is a
    Chinese CNY page of ``entity``.
    """
    english = "KESTREL" in page
    claim = {
        "evidence_id": "report",
        "quote": quote,
        "metric": metric,
        "entity": "Kestrel" if english else entity,
        "period": period,
        "basis": "instant",
        "currency": "USD" if english else "CNY",
    }
    result = resolve_all([claim], [Document.from_pages("report", [page])])
    return result.facts[0].value if result.facts else None

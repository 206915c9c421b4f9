"""What ``locate`` says when it refuses: the best rejected candidate and the errors.

A refusal is only useful when it says what came closest and why it was turned
down, so every stage offers its rejected candidates to one ``Rejected`` record
and ``not_found`` turns the best of them into the ``QuoteNotFoundError``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._base.exceptions import QuoteNotFoundError

__all__ = ["DIAGNOSTIC_ONLY", "Rejected", "not_found", "preview", "raise_occurrence"]

DIAGNOSTIC_ONLY = (
    "it was found only by the diagnostic search, because the quote writes its numbers "
    "differently from the document (e.g. '87432' for '87,432'); quote them as the document "
    "writes them"
)


@dataclass(slots=True)
class Rejected:
    """The best candidate turned down so far, for ``QuoteNotFoundError``."""

    start: int = -1
    end: int = -1
    score: float = -1.0
    reason: str = ""
    note: str = ""  # why nothing was even compared, when there is no candidate

    def offer(self, start: int, end: int, score: float, reason: str) -> None:
        """Keep this candidate if it scores higher (or ties and starts earlier)."""
        if score > self.score or (score == self.score and 0 <= start < self.start):
            self.start, self.end, self.score, self.reason = start, end, score, reason


def raise_occurrence(quote: str, occurrence: int, found: int, method: str) -> None:
    """Refuse an ``occurrence=`` past the number of places found."""
    raise QuoteNotFoundError(
        f"occurrence={occurrence} requested but the quote {preview(quote)!r} matches "
        f"{found} place(s) ({method}); occurrences are numbered from 0",
        quote=quote,
        reason=f"occurrence {occurrence} out of range ({found} found)",
    )


def not_found(doc: str, quote: str, rejected: Rejected) -> QuoteNotFoundError:
    """The error for a quote nothing matched, naming the closest rejected text."""
    message = f"quote {preview(quote)!r} not found in the document ({len(doc):,} characters)"
    if rejected.start < 0:
        reason = rejected.note or "no place in the document is close to the quote"
        return QuoteNotFoundError(
            f"{message}: {reason}; check the quote is copied from the cited evidence, or refuse",
            quote=quote,
            reason=reason,
        )
    candidate = doc[rejected.start : rejected.end]
    score = round(rejected.score, 4)
    return QuoteNotFoundError(
        f"{message}; the closest text {preview(candidate)!r} at {rejected.start}–"
        f"{rejected.end} (score {score}) was rejected: {rejected.reason}; "
        "ask for a verbatim quote, or refuse",
        quote=quote,
        candidate=candidate,
        candidate_span=(rejected.start, rejected.end),
        score=score,
        reason=rejected.reason,
    )


def preview(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"

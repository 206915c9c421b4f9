"""The sign a quoted amount's words give it, checked against what the claim's metric names.

A filing writes a decline as a word, not a minus: "营业收入同比下降1.5%",
"gross margin declined 120 basis points", "净亏损3.2亿元", "net loss of $3.2
million".  The parser reads the number (1.5 %, 3.2亿); this module reads the
words around it in the document (``fincalc._grounding.sign_words``, the rules the
answer checker uses) and decides with the claim's metric:

- after a decrease word, a metric naming a change ("营业收入同比增长率",
  "gross margin change") takes the amount as a negative change; a metric
  naming the decline itself ("降幅", "decrease in revenue") keeps it positive;
- after a loss word, a profit metric ("净利润", "net income") takes it as
  negative; a loss metric ("净亏损", "net loss") keeps it positive;
- any other metric is refused (``SignConventionError``, reason
  ``ambiguous_sign``): "营业收入" quoted as "同比下降1.5%" is a change claimed
  as a level, and a positive 1.5 % would be a silently wrong fact.

The metric words are data (``_data/directions.toml``, ``[metric]``).
"""

from __future__ import annotations

from dataclasses import replace

from .._base.exceptions import SignConventionError
from .._values.quantity import Quantity
from .sign_words import metric_sense, negating_word

__all__ = ["apply_sign_words"]

# What each kind of sign word needs the metric to name: keep the value, or negate it.
_KEEPS = {"decrease": "decline", "loss": "loss"}
_NEGATES = {"decrease": "change", "loss": "profit"}
_EXAMPLES = {
    "decrease": "a change ('营业收入同比增长率', 'net sales growth') or the decline itself "
    "('营业收入降幅', 'decrease in net sales')",
    "loss": "a profit ('净利润', 'net income') or the loss itself ('净亏损', 'net loss')",
}


def apply_sign_words(text: str, quantity: Quantity, metric: str) -> Quantity:
    """``quantity`` (read from ``text`` at its span) with its sign words applied for ``metric``.

    >>> from decimal import Decimal
    >>> q = Quantity(Decimal("0.015"), "RATIO", unit="%", raw="1.5%", span=(8, 12))
    >>> apply_sign_words("营业收入同比下降1.5%", q, "营业收入同比增长率").value
    Decimal('-0.015')
    >>> apply_sign_words("营业收入同比下降1.5%", q, "营业收入降幅").value
    Decimal('0.015')
    >>> apply_sign_words("营业收入同比下降1.5%", q, "营业收入")
    Traceback (most recent call last):
    ...
    fincalc.SignConventionError: the amount '1.5%' follows the decrease word '下降' ...
    """
    if quantity.span is None or quantity.value <= 0:
        return quantity
    found = negating_word(text, quantity.span, ratio=quantity.dimension == "RATIO")
    if found is None:
        return quantity
    word, kind = found
    sense = metric_sense(metric)
    if _KEEPS[kind] in sense:
        return quantity
    if _NEGATES[kind] in sense:
        return replace(quantity, value=-quantity.value)
    start, end = quantity.span
    context = text[max(0, start - 24) : end].replace("\n", " ").strip()
    raise SignConventionError(
        f"the amount {quantity.raw!r} follows the {kind} word {word!r} ({context!r}), so its "
        f"sign depends on what the metric {metric!r} measures, which its name does not say; "
        f"name {_EXAMPLES[kind]} in the claim's metric",
        operation="resolve",
        argument="metric",
        value=format(quantity.value, "f"),
        raw=quantity.raw,
    )

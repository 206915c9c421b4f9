"""The lines of a statement page made ready for its rows: what a converter split, joined.

``grid.build_grid`` classifies each line (``cells.classify``) and then, before
it reads header runs and rows, fixes what an HTML converter or a PDF extractor
did to the lines: an accounting negative written over three lines ("(" /
"7,900" / ")"), amounts inside a pipe row's label cell, a long row label that
reads like prose, and amounts written inside a label ("net of allowances of
$" / "14" / ", respectively"). Each function takes the classified lines and
returns or rewrites them; none reads a column.
"""

from __future__ import annotations

import regex

from .cells import Line, Token

__all__ = ["amounts_in_labels", "join_brackets", "label_cells", "long_labels", "own_label_start"]


_OPEN = regex.compile(r"(?P<mark>US\$|HK\$|\$)?\s*[(（]\s*(?P<inner>US\$|HK\$|\$)?")
_CLOSE = regex.compile(r"[)）]\s*%?")


def _next_filled(lines: list[Line], i: int) -> int:
    while i < len(lines) and lines[i].kind == "blank":
        i += 1
    return i


def join_brackets(text: str, lines: list[Line]) -> list[Line]:
    """Join an accounting negative an HTML converter wrote over lines: "(" / "7,900" / ")".

    A line holding only "(" (or "$ (", "($") followed by a line of one amount, and a
    line holding only ")" after an amount that opened its bracket, are one cell:
    the amount token then spans from "(" to ")", so the bracket's sign is read
    with it. Anything else on those lines leaves them as they are.
    """
    out = list(lines)
    for i, line in enumerate(out):
        opened = _OPEN.fullmatch(text, line.start, line.end) if line.kind == "label" else None
        if opened is None:
            continue
        j = _next_filled(out, i + 1)
        if j >= len(out) or out[j].kind != "values" or len(out[j].amounts) != 1:
            continue
        amount = out[j].amounts[0]
        if amount.kind != "amount" or out[j].tokens[-1] != amount:
            continue
        marks = [t for t in out[j].tokens if t.kind == "mark"]
        opening = opened.start("inner") - 1 if opened["inner"] else opened.end() - 1
        while text[opening] not in "(（":
            opening -= 1
        lead = [Token(opened.start("mark"), opened.end("mark"), "mark")] if opened["mark"] else []
        if text[amount.end - 1] in ")）":
            end, last = amount.end, j
        else:
            k = _next_filled(out, j + 1)
            if k >= len(out) or out[k].kind != "label":
                continue
            if not _CLOSE.fullmatch(text, out[k].start, out[k].end):
                continue
            end, last = out[k].end, k
        tokens = (*lead, *marks, Token(opening, end, "amount"))
        out[i] = Line("values", line.start, end, tokens)
        for k in range(i + 1, last + 1):
            out[k] = Line("blank", out[k].start, out[k].start)
    for j, line in enumerate(out):  # "(7,900" / ")"
        if line.kind != "values" or not line.amounts:
            continue
        amount = line.tokens[-1]
        body = text[amount.start : amount.end]
        if (
            amount.kind != "amount"
            or not body.startswith(("(", "（"))
            or body.endswith((")", "）"))
        ):
            continue
        k = _next_filled(out, j + 1)
        closing = k < len(out) and out[k].kind == "label"
        if closing and _CLOSE.fullmatch(text, out[k].start, out[k].end):
            tokens = (*line.tokens[:-1], Token(amount.start, out[k].end, "amount"))
            out[j] = Line("values", line.start, out[k].end, tokens)
            for m in range(j + 1, k + 1):
                out[m] = Line("blank", out[m].start, out[m].start)
    return out


def label_cells(lines: list[Line], bars: list[int]) -> None:
    """Amounts before a pipe row's label ``|`` (``bars``, -1: none) are label text, not cells."""
    for i, (line, bar) in enumerate(zip(lines, bars, strict=True)):
        if line.kind != "label_values" or bar < 0:
            continue
        cells = tuple(t for t in line.tokens if t.start > bar)
        if len(cells) == len(line.tokens):
            continue
        if any(t.kind != "mark" for t in cells):
            lines[i] = Line("label_values", line.start, line.end, cells, label_end=bar)
        else:
            lines[i] = Line("label", line.start, line.end)


_SENTENCE_END = regex.compile(r"[.。!?！？;；]\s*$")  # a colon ends a subheading, not a sentence


def long_labels(text: str, lines: list[Line]) -> None:
    """A long row label read as prose is a label when amounts or a row follow it.

    "Depreciation and amortization of property and equipment and capitalized
    content costs, operating lease assets, and other" has the words of a
    sentence but no sentence end, and its amounts are on the lines after it.
    """
    for i, line in enumerate(lines):
        if line.kind != "prose" or _SENTENCE_END.search(text, line.start, line.end):
            continue
        j = _next_filled(lines, i + 1)
        if j < len(lines) and lines[j].kind in ("values", "label_values") and lines[j].tokens:
            # "... net cash (used in) provided by operating activities:" over its rows
            lines[i] = Line("label", line.start, line.end)


# A label line that ends asking for an amount: "net of allowances of $", ", $(", "), and $".
_ASKS_AMOUNT = regex.compile(
    r"(?i)(?:\b(?:of|and|or|to|at|from|by|was|were|is|are|approximately)|[,;])\s*\$\s*\(?\s*$"
)
_GOES_ON = regex.compile(r"[,;)）]|\p{Ll}")  # ", respectively", " par value;", " and "


def amounts_in_labels(text: str, lines: list[Line]) -> None:
    """Amounts written inside a row label, each on its own line, are label text.

    An HTML converter writes "Trade receivables, net of allowances of $" / "14" /
    " and of $" / "16" / ", respectively" / "2,072": an amount after a label line
    that ends asking for one ("of $", ", $("), or before a label line that goes on
    with the sentence (a comma, a bracket, or a space and a small letter), belongs
    to the label; the row's cells are the amounts after it.
    """
    previous = -1
    for i, line in enumerate(lines):
        if line.kind == "blank":
            continue
        if line.kind == "values" and previous >= 0 and lines[previous].kind == "label":
            label = lines[previous]
            j = _next_filled(lines, i + 1)
            following = lines[j] if j < len(lines) else None
            goes_on = (
                following is not None
                and following.kind == "label"
                and following.start > 0
                and (
                    text[following.start] in ",;)）"
                    or (
                        text[following.start - 1] in " \t\xa0\u202f"  # "\xa0" folds to U+202F
                        and _GOES_ON.match(text, following.start)
                    )
                )
            )
            if _ASKS_AMOUNT.search(text, label.start, label.end) or goes_on:
                lines[i] = Line("label", line.start, line.end)
        previous = i


# a Chinese label line of full-width characters only (a colon is a heading's: left whole)
_FULL_WIDTH_LINE = regex.compile(r"[\p{Han}（）、，；《》“”]+")


def own_label_start(text: str, start: int, end: int) -> int:
    """Where a Chinese row's own label starts among its label lines ``text[start:end]``.

    A Chinese label cell wraps at a fixed width, so every line of a label but its
    last is as long as the longest line of the run; a shorter line with more label
    lines after it ends the label of an earlier row, one with no amounts
    ("结算备付金", "房地产公允价值变动产生的损益"). The row's own label starts after the
    last such line. Lines with other characters (Latin, digits, half-width
    brackets, a heading's colon) leave the label whole.

    >>> text = "受托经营取得的托管费收入\\n除上述各项之外的营业外收支"
    >>> text[own_label_start(text, 0, len(text)) :]
    '除上述各项之外的营业外收支'
    """
    lines = text[start:end].split("\n")
    stripped = [line.strip() for line in lines]
    if len(lines) < 2 or not all(_FULL_WIDTH_LINE.fullmatch(line) for line in stripped):
        return start
    width = max(len(line) for line in stripped)
    short = [k for k in range(len(stripped) - 1) if len(stripped[k]) < width]
    if not short:
        return start
    return start + sum(len(line) + 1 for line in lines[: short[-1] + 1])

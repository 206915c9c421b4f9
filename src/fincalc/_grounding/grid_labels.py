"""The label of a grid row: its block's heading, its lines wrapped around its amounts.

``row_label`` reads a row's label as ``resolve`` matches it against a claimed
metric: a qualifier ("Diluted") with the heading of its block ("Net income per
share:"), and the lines pdfplumber prints after a Chinese row's amounts
("归属于上市公司股" / the amounts / "东的净利润"). ``label_lines`` joins a Chinese
label wrapped at a fixed width onto three or more lines into one.
"""

from __future__ import annotations

import regex

from .grid import GridRow
from .words import any_of

__all__ = ["label_lines", "row_label"]

_WRAPPED_LINE = regex.compile(r"[\p{Han}()（）、，,／/\-]+")
_LIST_MARK = regex.compile(r"[一二三四五六七八九十\d]+[、.．]|[(（][一二三四五六七八九十\d]+[)）]")


def label_lines(text: str, row: GridRow) -> str | None:
    """A Chinese label wrapped onto three or more lines, as one line; else None.

    A label cell of fixed width wraps every line but the last at the same
    length ("归属于上市公司股" / "东的扣除非经常性" / "损益的净利润"); a heading over
    a row ("流动资产：" / "货币资金") ends with a colon and is no wrapped label.

    >>> text = "归属于上市公司股\\n东的扣除非经常性\\n损益的净利润 1.00 2.00"
    >>> label_lines(text, GridRow((0, 24), (), (), None, True))
    '归属于上市公司股东的扣除非经常性损益的净利润'
    """
    if row.label is None:
        return None
    lines = text[row.label[0] : row.label[1]].split("\n")
    if row.tail is not None:
        lines += text[row.tail[0] : row.tail[1]].split("\n")
    lines = [line.strip() for line in lines if line.strip()]
    if len(lines) < 3 or not all(_WRAPPED_LINE.fullmatch(line) for line in lines):
        return None
    if any(_LIST_MARK.match(line) for line in lines[1:]):
        return None  # "一、营业总收入" / "其中：…": rows of their own
    widths = {len(line) for line in lines[:-1]}
    if len(widths) != 1 or len(lines[-1]) > widths.pop():
        return None
    return "".join(lines)


_QUALIFIER_WORDS = any_of("row_qualifiers.words", space=r"\s+")
_QUALIFIER = regex.compile(rf"\s*(?:{_QUALIFIER_WORDS})\s*[:：]?\s*", regex.IGNORECASE)


def row_label(text: str, row: GridRow) -> str:
    """The row's label, with its block's heading when the label only qualifies it.

    "Diluted" under "Net income per share of common stock:" (after the "Basic"
    row) is the diluted net income per share; "Basic" under "Weighted average
    shares used in computing net income per share" is a share count. A label
    that is not such a qualifier ("Net income") is its own.

    >>> text = "Net income per share:\\nBasic $ 0.36\\nDiluted $ 0.33"
    >>> row = GridRow((35, 42), (), (), None, True, section=(0, 21))
    >>> row_label(text, row)
    'Net income per share: Diluted'
    """
    own = text[row.label[0] : row.label[1]] if row.label else ""
    if row.tail is not None:  # "归属于上市公司股" / amounts / "东的净利润"
        own = f"{own}\n{text[row.tail[0] : row.tail[1]]}"
    if "|" in own:  # a pipe table's label lines: "Derivative instruments: | | |" / "Unrealized"
        own = " ".join(own.replace("|", " ").split())
    if row.section is None or not _QUALIFIER.fullmatch(own):
        return own
    section = text[row.section[0] : row.section[1]].replace("|", " ")
    return " ".join(section.split()) + " " + own.strip()

"""A log-log growth chart as hand-written SVG (standard library only, no plotting package).

Two panels side by side: ``locate`` time per lookup against document size, and
``evaluate`` time per call against the number of cases.  A grey dashed line of
slope 1 through the last point of each panel's first series shows what linear
growth looks like; reference series are drawn dashed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from benchmarks._harness import Series, time_label

__all__ = ["growth_svg"]

_WIDTH, _HEIGHT = 900, 470
_PANEL_W, _PANEL_H = 330, 250
_LEFT, _TOP = 80, 50  # the first panel's plot origin (top-left)
_GAP = 120  # between the panels
_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#7f7f7f"]

_PANELS = {
    "locate": ("locate: time per lookup vs document size", "document size (characters)"),
    "evaluate": ("evaluate: time per call vs cases", "cases per evaluate() call"),
}


def _size_label(size: float) -> str:
    if size >= 1e6:
        return f"{size / 1e6:g}M"
    if size >= 1e3:
        return f"{size / 1e3:g}k"
    return f"{size:g}"


def _decades(values: Sequence[float]) -> tuple[int, int]:
    """The decades that hold the values (1,000,433 characters counts as the 10⁶ decade)."""
    low = math.floor(math.log10(min(values)) + 0.01)
    high = math.ceil(math.log10(max(values)) - 0.01)
    return low, max(high, low + 1)


def _colours(series: Sequence[Series]) -> list[str]:
    """One colour per series; a reference named "X: …" takes the colour of series X."""
    given: dict[str, str] = {}
    out: list[str] = []
    for item in series:
        base = item.name.split(":")[0]
        if item.reference and base in given:
            out.append(given[base])
            continue
        colour = _COLOURS[len(given) % len(_COLOURS)]
        given[item.name] = colour
        out.append(colour)
    return out


def _panel(index: int, panel: str, series: Sequence[Series]) -> list[str]:
    title, x_title = _PANELS.get(panel, (panel, "size"))
    x0 = _LEFT + index * (_PANEL_W + _GAP)
    y0 = _TOP
    xs = [x for s in series for x, _ in s.points]
    ys = [y for s in series for _, y in s.points]
    (x_low, x_high), (y_low, y_high) = _decades(xs), _decades(ys)

    def px(x: float) -> float:
        return x0 + (math.log10(x) - x_low) / (x_high - x_low) * _PANEL_W

    def py(y: float) -> float:
        return y0 + _PANEL_H - (math.log10(y) - y_low) / (y_high - y_low) * _PANEL_H

    out = [
        f'<text x="{x0 + _PANEL_W / 2}" y="{y0 - 18}" text-anchor="middle" '
        f'font-weight="bold">{escape(title)}</text>',
        f'<rect x="{x0}" y="{y0}" width="{_PANEL_W}" height="{_PANEL_H}" '
        'fill="none" stroke="#333"/>',
    ]
    for decade in range(x_low, x_high + 1):
        x = px(10.0**decade)
        out.append(
            f'<line x1="{x:.1f}" y1="{y0}" x2="{x:.1f}" y2="{y0 + _PANEL_H}" stroke="#ddd"/>'
        )
        out.append(
            f'<text x="{x:.1f}" y="{y0 + _PANEL_H + 16}" text-anchor="middle">'
            f"{_size_label(10.0**decade)}</text>"
        )
    for decade in range(y_low, y_high + 1):
        y = py(10.0**decade)
        out.append(
            f'<line x1="{x0}" y1="{y:.1f}" x2="{x0 + _PANEL_W}" y2="{y:.1f}" stroke="#ddd"/>'
        )
        out.append(
            f'<text x="{x0 - 6}" y="{y + 4:.1f}" text-anchor="end">'
            f"{escape(time_label(10.0**decade))}</text>"
        )
    out.append(
        f'<text x="{x0 + _PANEL_W / 2}" y="{y0 + _PANEL_H + 36}" text-anchor="middle">'
        f"{escape(x_title)}</text>"
    )
    # slope-1 guide through the last point of the first series
    gx, gy = series[0].points[-1]
    start_x, end_x = 10.0**x_low, 10.0**x_high
    guide = [(start_x, gy * start_x / gx), (end_x, gy * end_x / gx)]
    out.append(
        f'<line x1="{px(guide[0][0]):.1f}" y1="{py(guide[0][1]):.1f}" '
        f'x2="{px(guide[1][0]):.1f}" y2="{py(guide[1][1]):.1f}" stroke="#999" '
        'stroke-dasharray="2,4" clip-path="url(#clip' + str(index) + ')"/>'
    )
    out.append(
        f'<clipPath id="clip{index}"><rect x="{x0}" y="{y0}" width="{_PANEL_W}" '
        f'height="{_PANEL_H}"/></clipPath>'
    )
    colours = _colours(series)
    legend = [*zip(series, colours, strict=True), None]
    for number, entry in enumerate(legend):
        ly = y0 + _PANEL_H + 60 + number * 15  # under the axis title, clear of the lines
        lx = x0 + 8
        if entry is None:
            colour, dash, name = "#999", ' stroke-dasharray="2,4"', "linear (slope 1)"
        else:
            item, colour = entry
            dash = ' stroke-dasharray="6,3"' if item.reference else ""
            name = item.name
        out.append(
            f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 18}" y2="{ly - 4}" '
            f'stroke="{colour}" stroke-width="2"{dash}/>'
        )
        out.append(f'<text x="{lx + 24}" y="{ly}">{escape(name)}</text>')
    for item, colour in zip(series, colours, strict=True):
        dash = ' stroke-dasharray="6,3"' if item.reference else ""
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in item.points)
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>'
        )
        for x, y in item.points:
            out.append(
                f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{colour}">'
                f"<title>{escape(item.name)}: {_size_label(x)} → {time_label(y)}</title>"
                "</circle>"
            )
    return out


def growth_svg(series: Sequence[Series], *, caption: Sequence[str] = ()) -> str:
    """Draw the growth series, one log-log panel per ``Series.panel``, as an SVG document."""
    panels: dict[str, list[Series]] = {}
    for item in series:
        panels.setdefault(item.panel, []).append(item)
    body: list[str] = []
    order = [p for p in _PANELS if p in panels] + sorted(p for p in panels if p not in _PANELS)
    for index, panel in enumerate(order):
        body += _panel(index, panel, panels[panel])
    for number, line in enumerate(reversed(caption)):
        body.append(
            f'<text x="{_WIDTH / 2}" y="{_HEIGHT - 10 - 14 * number}" text-anchor="middle" '
            f'fill="#555" font-size="10">{escape(line)}</text>'
        )
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{_HEIGHT}" '
            f'viewBox="0 0 {_WIDTH} {_HEIGHT}" font-family="sans-serif" font-size="11">',
            f'<rect width="{_WIDTH}" height="{_HEIGHT}" fill="white"/>',
            *body,
            "</svg>",
            "",
        ]
    )

"""Momentum's board drawn as SVG, and nothing else (as chess.svg draws a chess board): cells,
stones, special cells and the last move's pushes, from the state and the view's `BoardMarks`
(render/board_marks.py): the legal cells, every cell's name, the last move's effect, the hint,
and the setup's cell buttons. Clicks, setup fields and sentences are the view's (render/momentum.py).

Stones differ by colour (Okabe-Ito vermilion, blue, bluish green) and by mark (red plain, blue
ringed, green with a diamond), so they stay apart for colour-blind players and in print.
"""

from __future__ import annotations

from typing import Any

from ..games.momentum import BUFFER, DAMPER, EMPTY, HOLE, SEAT_LETTERS
from ..games.notation import FILES, cell_index, cell_name
from ..games.seats import SEAT_COLOURS
from ..i18n import _
from .board_marks import BoardMarks
from .diagram import diagram_svg
from .marks import colour_mark
from .svg import empty, hint_badge, num, svg_document, tag

CELL = 40
MARGIN = 22  # room for the coordinates on the left and at the bottom
PAD = 6
STONE_R = 15

SEAT_CSS = SEAT_COLOURS["momentum"]  # a seat's CSS class is its colour
SPECIAL_CSS = {HOLE: "hole", DAMPER: "damper", BUFFER: "buffer"}


def cell_centre(index: int, width: int, height: int) -> tuple[float, float]:
    x, y = index % width, index // width
    return MARGIN + x * CELL + CELL / 2, PAD + (height - 1 - y) * CELL + CELL / 2


def stone_svg(letter: str, cx: float, cy: float, r: float = STONE_R, class_: str = "", style: str | None = None) -> str:
    seat = SEAT_LETTERS.index(letter)
    css = SEAT_CSS[seat]
    parts = [empty("circle", cx=num(cx), cy=num(cy), r=num(r), class_=f"stone-body {css}"), colour_mark(css, cx, cy, r, "stone-mark")]
    return tag("g", "".join(parts), class_=f"stone {css} {class_}".strip(), style=style)


def special_svg(kind: str, cx: float, cy: float) -> str:
    css = SPECIAL_CSS[kind]
    if kind == HOLE:
        body = empty("circle", cx=num(cx), cy=num(cy), r=num(STONE_R), class_="special-body")
    elif kind == DAMPER:
        s = STONE_R * 0.9
        body = empty("rect", x=num(cx - s), y=num(cy - s), width=num(2 * s), height=num(2 * s), rx="4", class_="special-body")
    else:
        s = STONE_R * 1.1
        body = empty(
            "path",
            d=f"M{num(cx)} {num(cy - s)}L{num(cx + s)} {num(cy)}L{num(cx)} {num(cy + s)}L{num(cx - s)} {num(cy)}Z",
            class_="special-body",
        )
    return tag("g", body, class_=f"special {css}")


def board_svg(s: Any, marks: BoardMarks[None]) -> str:
    """The whole board as one SVG element. Pure: same state and marks, same text. Marked: the
    legal cells (`marks.legal`), the hinted ones (`marks.hints`), the last move's `effect`
    (placed or swapped stone, pushes, stones sent back); `marks.labels` names the cells."""
    width, height = s.width, s.height
    legal, effect, animate, interactive, hinted = marks.legal, marks.effect, marks.animate, marks.interactive, marks.hints
    cursor = marks.cursor
    total_w = MARGIN + width * CELL + PAD
    total_h = PAD + height * CELL + MARGIN
    parts = [empty("rect", x=num(MARGIN - 3), y=num(PAD - 3), width=num(width * CELL + 6), height=num(height * CELL + 6), rx="6", class_="board-bg")]

    placed = effect.placed if effect else None
    swapped = effect.swapped if effect else None
    moved_to = {p.to: p for p in effect.pushes if p.to is not None} if effect else {}
    vacated = {p.origin for p in effect.pushes} if effect else set()
    if cursor is None and interactive:
        cursor = next(iter(sorted(legal)), None)

    for index, content in enumerate(s.board):
        name = cell_name(index, width)
        cx, cy = cell_centre(index, width, height)
        x0, y0 = cx - CELL / 2, cy - CELL / 2
        classes = ["cell"]
        if name in legal:
            classes.append("legal")
        if index == placed or index == swapped:
            classes.append("last")
        if index in vacated and content == EMPTY:
            classes.append("vacated")
        inner = [empty("rect", x=num(x0), y=num(y0), width=str(CELL), height=str(CELL), class_="cell-bg")]
        if name in hinted:
            classes.append("hinted")
            inner.append(hint_badge(x0 + CELL - 9, y0 + 9))
        if content in SEAT_LETTERS:
            push = moved_to.get(index)
            style = None
            stone_class = "placed" if index == placed and animate else ""
            if push is not None and animate:
                ox, oy = cell_centre(push.origin, width, height)
                style = f"--dx:{num(ox - cx)}px;--dy:{num(oy - cy)}px"
                stone_class = "pushed"
            inner.append(stone_svg(content, cx, cy, class_=stone_class, style=style))
        elif content in SPECIAL_CSS:
            inner.append(special_svg(content, cx, cy))
        elif name in legal:
            inner.append(empty("circle", cx=num(cx), cy=num(cy), r="3.5", class_="legal-dot"))
        if interactive:
            cell_attrs: dict[str, Any] = dict(
                data_target=name,
                data_x=index % width,
                data_y=height - 1 - index // width,  # screen order: down is +1
                role="button",
                tabindex="0" if name == cursor else "-1",
                aria_label=marks.labels.get(name, name),
                aria_disabled=None if name in legal else "true",
            )
        else:
            cell_attrs = {}
        parts.append(tag("g", "".join(inner), class_=" ".join(classes), **cell_attrs))

    # Stones that left the board on the last move: a ghost where they stood, fading out.
    if effect:
        for push in effect.pushes:
            if push.to is None:
                cx, cy = cell_centre(push.origin, width, height)
                parts.append(stone_svg(push.stone, cx, cy, class_="returned" + (" animate" if animate else ""), style=None))
        for push in effect.pushes:
            if push.to is not None:
                (ax, ay), (bx, by) = cell_centre(push.origin, width, height), cell_centre(push.to, width, height)
                parts.append(empty("line", x1=num(ax), y1=num(ay), x2=num(bx), y2=num(by), class_="push-trail"))

    if marks.coordinates:
        for x in range(width):
            cx = MARGIN + x * CELL + CELL / 2
            parts.append(tag("text", FILES[x], x=num(cx), y=num(PAD + height * CELL + 16), class_="coord", aria_hidden="true"))
        for y in range(height):
            cy = PAD + (height - 1 - y) * CELL + CELL / 2 + 4
            parts.append(tag("text", str(y + 1), x=num(MARGIN / 2), y=num(cy), class_="coord", aria_hidden="true"))

    # Buttons over the cells (the setup's special cells placed by hand).
    for control in marks.controls:
        cx, cy = cell_centre(cell_index(control.cell, width), width, height)
        parts.append(
            tag(
                "rect",
                "",
                x=num(cx - CELL / 2),
                y=num(cy - CELL / 2),
                width=str(CELL),
                height=str(CELL),
                class_="setup-cell",
                data_action=control.action,
                data_cell=control.cell,
                role="button",
                tabindex="0",
                aria_label=control.label,
            )
        )

    parts.append(diagram_layer(s, marks))
    label = marks.label or _("Momentum board, {w} by {h}").format(w=width, h=height)
    return svg_document("".join(parts), total_w, total_h, label=label, class_="board momentum", interactive=interactive)


def target_centres(s: Any, marks: BoardMarks[None]) -> dict[str, tuple[float, float]]:
    """Each cell's centre by its name (its data-target), for a diagram's marks."""
    width, height = s.width, s.height
    return {cell_name(index, width): cell_centre(index, width, height) for index in range(width * height)}


def diagram_layer(s: Any, marks: BoardMarks[None]) -> str:
    """A rules diagram's marks over the board (render/diagram.py), drawn last; "" without any."""
    if not marks.diagram.has_marks():
        return ""
    return diagram_svg(marks.diagram, target_centres(s, marks), CELL)

"""Momentum's board drawn as SVG, and nothing else (as chess.svg draws a chess board): cells,
stones, special cells and the last move's pushes, from the state and the view's `BoardMarks`
(render/board_marks.py): the legal cells, every cell's name, the last move's effect, the hint,
and the setup's cell buttons. It asks nothing: what is legal and what a move did come in the
marks. Clicks, setup fields and sentences are the view's (render/momentum.py); start at
`board_svg`, at the end.

Stones differ by colour (Okabe-Ito vermilion, blue, bluish green) and by mark (red plain, blue
ringed, green with a diamond), so they stay apart for colour-blind players and in print.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..games.momentum_state import BUFFER, DAMPER, EMPTY, HOLE, SEAT_LETTERS
from ..games.notation import FILES, cell_index, cell_name
from ..games.seats import SEAT_COLOURS
from ..i18n import _
from .board_marks import BoardMarks, Control
from .diagram import diagram_layer
from .marks import colour_mark
from .svg import empty, hint_badge, num, svg_document, tag

if TYPE_CHECKING:
    from ..games.momentum import MomentumEffect, Push
    from ..games.momentum_state import MomentumState

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


def _pushes(effect: MomentumEffect | None) -> tuple[Push, ...]:
    """The stones the last move pushed (none for a swap, or with no last move shown)."""
    return effect.pushes if effect is not None and effect.kind == "placed" else ()


def _cell_svg(s: MomentumState, index: int, marks: BoardMarks[None, MomentumEffect], cursor: str | None) -> str:
    """One cell: its ground, a hint's badge, its stone or special (the last move's animated), the
    dot of a legal target; the tab stop's attributes when the board takes clicks."""
    width, height = s.width, s.height
    legal, effect, animate = marks.legal, marks.effect, marks.animate
    last = effect.cell if effect is not None else None  # the stone placed or swapped
    placed = last if effect is not None and effect.kind == "placed" else None
    pushes = _pushes(effect)
    content = s.board[index]
    name = cell_name(index, width)
    cx, cy = cell_centre(index, width, height)
    x0, y0 = cx - CELL / 2, cy - CELL / 2
    classes = ["cell"]
    if name in legal:
        classes.append("legal")
    if index == last:
        classes.append("last")
    if content == EMPTY and index in {p.origin for p in pushes}:
        classes.append("vacated")
    inner = [empty("rect", x=num(x0), y=num(y0), width=str(CELL), height=str(CELL), class_="cell-bg")]
    if name in marks.hints:
        classes.append("hinted")
        inner.append(hint_badge(x0 + CELL - 9, y0 + 9))
    if content in SEAT_LETTERS:
        push = {p.to: p for p in pushes if p.to is not None}.get(index)
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
    cell_attrs: dict[str, str | int | None] = {}
    if marks.interactive:
        cell_attrs = dict(
            data_target=name,
            data_x=index % width,
            data_y=height - 1 - index // width,  # screen order: down is +1
            role="button",
            tabindex="0" if name == cursor else "-1",
            aria_label=marks.labels.get(name, name),
            aria_disabled=None if name in legal else "true",
        )
    return tag("g", "".join(inner), class_=" ".join(classes), **cell_attrs)


def _departed_svg(s: MomentumState, pushes: tuple[Push, ...], animate: bool) -> str:
    """Stones that left the board on the last move (a ghost where they stood, fading out), then
    the trail of every push."""
    width, height = s.width, s.height
    parts = []
    for push in pushes:
        if push.to is None:
            cx, cy = cell_centre(push.origin, width, height)
            parts.append(stone_svg(push.stone, cx, cy, class_="returned" + (" animate" if animate else ""), style=None))
    for push in pushes:
        if push.to is not None:
            (ax, ay), (bx, by) = cell_centre(push.origin, width, height), cell_centre(push.to, width, height)
            parts.append(empty("line", x1=num(ax), y1=num(ay), x2=num(bx), y2=num(by), class_="push-trail"))
    return "".join(parts)


def _coordinates_svg(width: int, height: int) -> str:
    parts = []
    for x in range(width):
        cx = MARGIN + x * CELL + CELL / 2
        parts.append(tag("text", FILES[x], x=num(cx), y=num(PAD + height * CELL + 16), class_="coord", aria_hidden="true"))
    for y in range(height):
        cy = PAD + (height - 1 - y) * CELL + CELL / 2 + 4
        parts.append(tag("text", str(y + 1), x=num(MARGIN / 2), y=num(cy), class_="coord", aria_hidden="true"))
    return "".join(parts)


def _control_svg(s: MomentumState, control: Control) -> str:
    """A button over a cell (the setup's special cells placed by hand)."""
    cx, cy = cell_centre(cell_index(control.cell, s.width), s.width, s.height)
    return tag(
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


def board_svg(s: MomentumState, marks: BoardMarks[None, MomentumEffect]) -> str:
    """The whole board as one SVG element. Pure: same state and marks, same text. Marked: the
    legal cells (`marks.legal`), the hinted ones (`marks.hints`), the last move's `effect`
    (placed or swapped stone, pushes, stones sent back); `marks.labels` names the cells."""
    width, height = s.width, s.height
    cursor = marks.cursor
    if cursor is None and marks.interactive:
        cursor = next(iter(sorted(marks.legal)), None)
    parts = [empty("rect", x=num(MARGIN - 3), y=num(PAD - 3), width=num(width * CELL + 6), height=num(height * CELL + 6), rx="6", class_="board-bg")]
    parts += [_cell_svg(s, index, marks, cursor) for index in range(len(s.board))]
    if marks.effect is not None:
        parts.append(_departed_svg(s, _pushes(marks.effect), marks.animate))
    if marks.coordinates:
        parts.append(_coordinates_svg(width, height))
    parts += [_control_svg(s, control) for control in marks.controls]
    parts.append(diagram_layer(marks.diagram, lambda: target_centres(s, marks), CELL))
    label = marks.label or _("Momentum board, {w} by {h}").format(w=width, h=height)
    total_w = MARGIN + width * CELL + PAD
    total_h = PAD + height * CELL + MARGIN
    return svg_document("".join(parts), total_w, total_h, label=label, class_="board momentum", interactive=marks.interactive)


def target_centres(s: MomentumState, marks: BoardMarks[None, MomentumEffect]) -> dict[str, tuple[float, float]]:
    """Each cell's centre by its name (its data-target), for a diagram's marks."""
    width, height = s.width, s.height
    return {cell_name(index, width): cell_centre(index, width, height) for index in range(width * height)}

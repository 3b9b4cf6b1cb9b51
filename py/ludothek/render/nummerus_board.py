"""Nummerus Zahlus's board drawn as SVG, and nothing else (as chess.svg draws a chess board): the
figure-8 of 49 fields, the chips, the star, the chips it can reach and the star's last path, from
the state and the view's `BoardMarks` (render/board_marks.py) with a `NummerusPayload`. Each
field's accessible name, clicks, setup fields, panels and sentences are the view's
(render/nummerus.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..games.seats import SEAT_COLOURS
from ..games.nummerus import FIELD_COORDS, FIELD_COUNT, FIELD_INDEX, FIELD_NAMES, BOARD_FILES, RANK_FILES
from ..i18n import _
from .board_marks import BoardMarks
from .diagram import diagram_layer
from .marks import colour_mark
from .svg import empty, hint_badge, num, svg_document, tag
from .svg import star_path as _star_path

if TYPE_CHECKING:
    from ..games.nummerus import NummerusEffect, NummerusState, TakeEffect

# -- geometry (user units of the viewBox; x right, y down) ---------------------------------------

CELL = 44  # a field
PAD = 9  # the board's rim around the fields
LEFT = 16  # room for the rank numbers
TOP = 4
BOTTOM = 16  # room for the file letters
X0 = LEFT + PAD  # left edge of file a
Y0 = TOP + PAD  # top edge of rank 9
WIDTH = X0 + len(BOARD_FILES) * CELL + PAD + 4
HEIGHT = Y0 + 9 * CELL + PAD + BOTTOM
CHIP_R = 16.5
STAR_R = 18

SEAT_CSS = SEAT_COLOURS["nummerus"]  # a seat's CSS class is its colour


@dataclass(frozen=True)
class NummerusPayload:
    """What the engine says of a Nummerus position, for the board (the view fills it in)."""

    over: bool = False
    targets: tuple[str, ...] = ()  # the fields whose chips the star can reach, in the engine's order
    jump: bool = False  # no chip in line: the star may jump to any chip


def field_xy(index: int) -> tuple[float, float]:
    """Centre of a field (position order index)."""
    x, rank = FIELD_COORDS[index]
    return X0 + x * CELL + CELL / 2, Y0 + (9 - rank) * CELL + CELL / 2


def field_screen(index: int) -> tuple[int, int]:
    """Grid coordinates for keyboard navigation: x right, y down."""
    x, rank = FIELD_COORDS[index]
    return x, 9 - rank


# -- pieces ------------------------------------------------------------------------------------


def seat_mark(seat: int, cx: float, cy: float, r: float, class_: str = "mark") -> str:
    return colour_mark(SEAT_CSS[seat], cx, cy, r, class_)


@lru_cache(maxsize=64)
def star_path(cx: float, cy: float, r: float = STAR_R) -> str:
    return _star_path(cx, cy, r, inner=0.42)


def star_svg(cx: float, cy: float, class_: str = "", style: str | None = None) -> str:
    body = empty("circle", cx=num(cx), cy=num(cy), r=num(STAR_R + 1), class_="star-halo")
    body += empty("path", d=star_path(cx, cy), class_="star-shape")
    return tag("g", body, class_=f"star {class_}".strip(), style=style)


def chip_svg(cx: float, cy: float, number: int, class_: str = "", style: str | None = None) -> str:
    body = empty("circle", cx=num(cx), cy=num(cy), r=num(CHIP_R), class_="chip-body")
    body += tag("text", str(number), x=num(cx), y=num(cy + 6.8), class_="chip-number")
    return tag("g", body, class_=f"chip {class_}".strip(), style=style)


def _check_badge(cx: float, cy: float) -> str:
    """The hint's mark at the field's top right corner."""
    return hint_badge(cx + CELL / 2 - 8, cy - CELL / 2 + 8)


@lru_cache(maxsize=1)
def outline_path() -> str:
    """The board's rim: the union of the rows, each widened by PAD (a stepped figure 8)."""
    rows = []
    for rank in range(9, 0, -1):
        files = RANK_FILES[rank]
        left = X0 + BOARD_FILES.index(files[0]) * CELL - PAD
        right = X0 + (BOARD_FILES.index(files[-1]) + 1) * CELL + PAD
        top = Y0 + (9 - rank) * CELL
        rows.append((left, right, top))
    pts = [(rows[0][0], Y0 - PAD), (rows[0][1], Y0 - PAD)]
    for i in range(len(rows) - 1):
        right, nxt = rows[i][1], rows[i + 1][1]
        if nxt != right:
            boundary = rows[i + 1][2]
            y = boundary - PAD if nxt > right else boundary + PAD
            pts += [(right, y), (nxt, y)]
    bottom = Y0 + 9 * CELL + PAD
    pts += [(rows[-1][1], bottom), (rows[-1][0], bottom)]
    for i in range(len(rows) - 1, 0, -1):
        left, nxt = rows[i][0], rows[i - 1][0]
        if nxt != left:
            boundary = rows[i][2]
            y = boundary + PAD if nxt < left else boundary - PAD
            pts += [(left, y), (nxt, y)]
    return "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pts) + "Z"


@lru_cache(maxsize=1)
def _static_layer(coordinates: bool) -> str:
    """The rim and the coordinates: the same in every position."""
    parts = [empty("path", d=outline_path(), class_="board-bg rim")]
    if coordinates:
        for rank in range(9, 0, -1):
            y = Y0 + (9 - rank) * CELL + CELL / 2 + 4
            parts.append(tag("text", str(rank), x=num(LEFT / 2 + 1), y=num(y), class_="coord", aria_hidden="true"))
        for x, letter in enumerate(BOARD_FILES):
            parts.append(tag("text", letter, x=num(X0 + x * CELL + CELL / 2), y=num(HEIGHT - 4), class_="coord", aria_hidden="true"))
    return tag("g", "".join(parts), class_="rim-layer", aria_hidden="true")


# -- the board ---------------------------------------------------------------------------------------


def board_svg(s: NummerusState, marks: BoardMarks[NummerusPayload, NummerusEffect]) -> str:
    """The whole board as one SVG element. Pure: same state and marks, same text. `marks.effect`
    is the last move's effect when it was a star move of this round (the view leaves out the
    last move of a round, which a fresh board follows)."""
    info = marks.payload or NummerusPayload()
    effect = _last_take(marks)
    interactive = marks.interactive
    animate = marks.animate and effect is not None
    selected = marks.selection[0] if marks.selection else None
    parts = [_static_layer(marks.coordinates)]
    cursor = _cursor(s, marks, info, selected)
    cells = [_cell(s, marks, info, i, cursor, selected) for i in range(FIELD_COUNT)]
    parts.append(tag("g", "".join(cells), class_="fields"))
    # Dotted lines from the star to the chips it can reach in a line.
    if info.targets and not info.jump and not info.over:
        sx, sy = field_xy(s.star)
        rays = []
        for target in info.targets:
            tx, ty = field_xy(FIELD_INDEX[target])
            length = math.hypot(tx - sx, ty - sy)
            ux, uy = (tx - sx) / length, (ty - sy) / length
            a, b = STAR_R + 2, CHIP_R + 5
            rays.append(empty("line", x1=num(sx + ux * a), y1=num(sy + uy * a), x2=num(tx - ux * b), y2=num(ty - uy * b), class_="ray"))
        parts.append(tag("g", "".join(rays), class_="rays", aria_hidden="true"))
    # The last path: a trail from where the star stood to the chip it took.
    star_style = None
    star_class = ""
    if effect is not None:
        origin, target_index = FIELD_INDEX[effect.origin], FIELD_INDEX[effect.target]
        (ox, oy), (tx, ty) = field_xy(origin), field_xy(target_index)
        if effect.jump:
            mx, my = (ox + tx) / 2, (oy + ty) / 2
            length = math.hypot(tx - ox, ty - oy) or 1
            lift = min(60.0, length * 0.35)
            cx_, cy_ = mx + (ty - oy) / length * lift, my - (tx - ox) / length * lift
            d = f"M{num(ox)} {num(oy)}Q{num(cx_)} {num(cy_)} {num(tx)} {num(ty)}"
        else:
            d = f"M{num(ox)} {num(oy)}L{num(tx)} {num(ty)}"
        trail = empty("path", d=d, class_="star-trail" + (" jump" if effect.jump else ""))
        trail += empty("circle", cx=num(ox), cy=num(oy), r="5", class_="trail-start")
        parts.append(tag("g", trail, class_="trail", aria_hidden="true"))
        if animate:
            steps = max(1, len(effect.path) + 1)
            seconds = min(0.6, 0.18 + 0.08 * steps)
            parts.append(chip_svg(tx, ty, effect.chip, "taken", style=f"--nz-delay:{seconds * 0.7:.2f}s"))
            star_class = "travel jump" if effect.jump else "travel"
            star_style = f"--dx:{num(ox - tx)}px;--dy:{num(oy - ty)}px;--nz-t:{seconds:.2f}s"
    sx, sy = field_xy(s.star)
    parts.append(star_svg(sx, sy, star_class, star_style))
    parts.append(diagram_layer(marks.diagram, lambda: target_centres(s, marks), CELL))
    classes = "board nummerus" + (" interactive" if interactive else "") + (" jump" if info.jump else "")
    label = marks.label or _("Nummerus Zahlus board")
    svg = svg_document("".join(parts), WIDTH, HEIGHT, label=label, class_=classes, interactive=interactive, data_star=FIELD_NAMES[s.star])
    if marks.view_box is not None:
        svg = svg.replace(f'viewBox="0 0 {num(WIDTH)} {num(HEIGHT)}"', 'viewBox="{}"'.format(" ".join(map(num, marks.view_box))), 1)
    return svg


def _last_take(marks: BoardMarks[NummerusPayload, NummerusEffect]) -> TakeEffect | None:
    """The last move's effect when it was a star move (the view gives no other), to draw its path."""
    effect = marks.effect
    return effect if effect is not None and effect.kind == "take" else None


def target_centres(s: NummerusState, marks: BoardMarks[NummerusPayload, NummerusEffect]) -> dict[str, tuple[float, float]]:
    """Each field's centre by its name (its data-target), for a diagram's marks."""
    return {FIELD_NAMES[index]: field_xy(index) for index in range(FIELD_COUNT)}


def _cursor(s: NummerusState, marks: BoardMarks[NummerusPayload, NummerusEffect], info: NummerusPayload, selected: str | None) -> str | None:
    if not marks.interactive:
        return None
    cursor = marks.cursor
    if cursor in FIELD_INDEX:
        return cursor
    if selected:
        return selected
    if info.targets:
        return info.targets[0]
    star: str = FIELD_NAMES[s.star]
    return star


def _cell(
    s: NummerusState, marks: BoardMarks[NummerusPayload, NummerusEffect], info: NummerusPayload, index: int, cursor: str | None, selected: str | None
) -> str:
    name = FIELD_NAMES[index]
    cx, cy = field_xy(index)
    chip = s.board[index]
    reachable = name in info.targets
    interactive = marks.interactive
    classes = ["cell", "field"]
    effect = _last_take(marks)
    if reachable and not info.over:
        classes.append("reach")
    if interactive and reachable:
        classes.append("legal")
    if effect is not None:
        if name == effect.target:
            classes.append("last")
        elif name == effect.origin:
            classes.append("last-from")
        elif name in effect.path:
            classes.append("passed")
    if selected == name:
        classes.append("selected")
    inner = [empty("rect", x=num(cx - CELL / 2 + 2), y=num(cy - CELL / 2 + 2), width=str(CELL - 4), height=str(CELL - 4), rx="6", class_="cell-bg")]
    if chip:
        if reachable and not info.over:
            inner.append(empty("circle", cx=num(cx), cy=num(cy), r=num(CHIP_R + 2.5), class_="reach-ring"))
        inner.append(chip_svg(cx, cy, chip))
    elif effect is not None and name in effect.path:
        inner.append(empty("circle", cx=num(cx), cy=num(cy), r="3", class_="passed-dot"))
    if name in marks.hints and interactive:
        inner.append(_check_badge(cx, cy))
    attrs: dict[str, str | None] = {}
    if interactive:
        x, y = field_screen(index)
        attrs = dict(
            data_target=name,
            data_x=str(x),
            data_y=str(y),
            role="button",
            tabindex="0" if name == cursor else "-1",
            aria_label=marks.labels.get(name, name),
            aria_disabled=None if reachable else "true",
            aria_pressed="true" if selected == name else None,
        )
    return tag("g", "".join(inner), class_=" ".join(classes), data_field=name, **attrs)

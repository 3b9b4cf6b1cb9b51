"""Momox drawn as SVG: the circuit with its round corners and yellow fields, the number tiles
beside the corners, the figures, and the six circles with their bowls and the one open chip.

The geometry comes from the engine's table (`momox_board`): the corners are laid on the four
corners of a square and the fields between two corners evenly along its side, so a change of
the table changes the drawing. Nothing here knows a chip that lies under a bowl: the view is only
ever given observations, and even the chips an observation still remembers (`seen`, the public
memory of the table) are never drawn, named or described once a bowl covers them again:
remembering them is the game. The only chip value shown is the open circle's face-up chip.

Figures and tiles differ by colour (Okabe-Ito vermilion, blue, bluish green, reddish purple)
and by mark (red plain, blue ringed, green with a diamond, purple with a square), so they stay
apart for colour-blind players and in print. Yellow fields carry a star as well as their colour.

This module only draws (as chess.svg draws a chess board), from the state and the view's
`BoardMarks` (render/board_marks.py) with a `MomoxPayload`: what the engine says of the position
(the open circle, the tiles still lying, the tile on offer, the last walk). Clicks, setup fields
and sentences, the board's description and every target's name among them, are the view's
(render/momox.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Mapping

from ..games.momox import LIFT_MOVES, STAY, TAKE
from ..games.seats import SEAT_COLOURS
from ..games.momox_board import CENTRE, CIRCLES, CORNER, CORNER_FIELDS, FIELD_COUNT, FIELD_KINDS, START_FIELDS, TILE_AT, YELLOW
from ..i18n import _
from .board_marks import BoardMarks
from .diagram import diagram_layer
from .marks import colour_mark
from .svg import empty, esc, hint_badge, num, star_path, tag

if TYPE_CHECKING:
    from ..games.momox import MomoxEffect, MomoxState

SEAT_CSS = SEAT_COLOURS["momox"]  # a seat's CSS class is its colour, as in app.css


@dataclass(frozen=True)
class MomoxPayload:
    """What the engine says of a Momox position, for the board (the view fills it in)."""

    over: bool = False
    open_circle: int = CENTRE
    open_chip: int | None = None  # the open circle's chip as shown (None: face down, or replaying)
    lying: Mapping[int, frozenset[int]] = field(default_factory=dict)  # corner -> seats whose tile lies beside it
    pending_corner: int | None = None  # the corner whose tile the seat to move may take now
    steps_ahead: Mapping[int, int] = field(default_factory=dict)  # field -> steps from the figure to move
    # The last walk (a bowl lifted): who walked, from where, the fields walked, the bowl lifted,
    # the circle a bowl covered again, and the seats that stood on the start field before it.
    walk_seat: int | None = None
    walk_from: int | None = None
    walk_path: tuple[int, ...] = ()
    lifted: int | None = None
    covered_again: int | None = None
    walk_sharing: tuple[int, ...] = ()


# -- geometry (SVG units) ------------------------------------------------------------------------

U = 44  # distance between two neighbouring fields of the circuit
MARGIN = 8
FIELD = 38  # side of a plain field
CORNER_R = 25  # the round corner fields are larger than the plain ones
CIRCLE_R = 30  # a chip circle; also the size of the finger target for a bowl
CIRCLE_RING = 84  # distance of the five outer circles from the centre circle
TILE_W, TILE_H, TILE_GAP = 26, 32, 4
STAY_W, STAY_H = 78, 30  # the "Stay" button below the circles, between them and the circuit
STEP_SECONDS = 0.11  # the walk animation: per field

if len(CORNER_FIELDS) != 4 or CORNER_FIELDS[0] != 0:
    raise AssertionError("the Momox drawing needs four corners, the first on field 0")

_SIDE_GAPS = [((CORNER_FIELDS + (FIELD_COUNT,))[i + 1] - CORNER_FIELDS[i]) for i in range(4)]
SIDE = max(_SIDE_GAPS) * U  # distance between two corner centres
LO = MARGIN + U / 2  # the square of the circuit: from LO to HI on both axes
HI = LO + SIDE
SIZE = HI + U / 2 + MARGIN
MID = SIZE / 2
# Square corners in the order of the corner fields: top left, then clockwise.
_SQUARE = ((LO, LO), (HI, LO), (HI, HI), (LO, HI))


def field_xy(field: int) -> tuple[float, float]:
    """Centre of a field of the circuit: corners on the square's corners, the rest evenly between."""
    for side in range(4):
        start = CORNER_FIELDS[side]
        gap = _SIDE_GAPS[side]
        if start <= field < start + gap:
            (ax, ay), (bx, by) = _SQUARE[side], _SQUARE[(side + 1) % 4]
            t = (field - start) / gap
            return ax + (bx - ax) * t, ay + (by - ay) * t
    raise ValueError(f"no field {field}")


def circle_xy(circle: int) -> tuple[float, float]:
    """The centre circle in the middle, the others round it clockwise from the top."""
    if circle == CENTRE:
        return MID, MID
    outer = [c for c in range(CIRCLES) if c != CENTRE]
    angle = -math.pi / 2 + 2 * math.pi * outer.index(circle) / len(outer)
    return MID + CIRCLE_RING * math.cos(angle), MID + CIRCLE_RING * math.sin(angle)


def _corner_of(field: int) -> int:
    """The index (0-3) of the corner that starts the side `field` lies on (the corner itself too)."""
    return max(i for i, corner in enumerate(CORNER_FIELDS) if corner <= field)


def corner_colour(field: int) -> int | None:
    """The colour whose start corner `field` is (None for a corner nobody starts on)."""
    return START_FIELDS.index(field) if field in START_FIELDS else None


def tile_xy(corner: int, seat: int) -> tuple[float, float]:
    """Top-left of a seat's tile beside a corner: a 2x2 block inside the square, at the corner."""
    cx, cy = field_xy(corner)
    inward_x = 1 if cx < MID else -1
    inward_y = 1 if cy < MID else -1
    block_w, block_h = 2 * TILE_W + TILE_GAP, 2 * TILE_H + TILE_GAP
    near = U / 2 + 12  # from the corner centre to the block's near edge
    x0 = cx + near if inward_x > 0 else cx - near - block_w
    y0 = cy + near if inward_y > 0 else cy - near - block_h
    col, row = seat % 2, seat // 2
    return x0 + col * (TILE_W + TILE_GAP), y0 + row * (TILE_H + TILE_GAP)


def figure_offsets(count: int) -> list[tuple[float, float, float]]:
    """(dx, dy, radius) for `count` figures sharing a field: side by side."""
    if count <= 1:
        return [(0, 0, 12.5)]
    if count == 2:
        return [(-9.5, 0, 9.5), (9.5, 0, 9.5)]
    if count == 3:
        return [(-9.5, -7.5, 9), (9.5, -7.5, 9), (0, 8.5, 9)]
    return [(-9, -9, 8.5), (9, -9, 8.5), (-9, 9, 8.5), (9, 9, 8.5)]


# -- pieces ----------------------------------------------------------------------------------------


def seat_mark(seat: int, cx: float, cy: float, r: float, class_: str = "mark") -> str:
    return colour_mark(SEAT_CSS[seat], cx, cy, r, class_)


def figure_svg(seat: int, cx: float, cy: float, r: float, class_: str = "", motion: str = "") -> str:
    """A figure: a disc in the seat's colour with its mark, a light rim so it shows on any field."""
    css = SEAT_CSS[seat]
    parts = [
        empty("circle", cx=num(cx), cy=num(cy + r * 0.14), r=num(r), class_="figure-shadow"),
        empty("circle", cx=num(cx), cy=num(cy), r=num(r), class_=f"figure-body {css}"),
        seat_mark(seat, cx, cy, r, "figure-mark"),
    ]
    return tag("g", "".join(parts) + motion, class_=f"figure {css} {class_}".strip(), data_seat=str(seat))


@lru_cache(maxsize=None)
def _still_tile(seat: int, value: int, x: float, y: float, class_: str = "") -> str:
    """A tile that is only a picture (the same in every position): hidden from screen readers,
    which read the tiles in the board's description."""
    return tile_svg(seat, value, x, y, class_, aria_hidden="true")


def tile_svg(seat: int, value: int, x: float, y: float, class_: str = "", **items: str) -> str:
    """A number tile: a band in the seat's colour carrying its mark, the number in dark ink."""
    css = SEAT_CSS[seat]
    band = 10
    parts = [
        empty("rect", x=num(x), y=num(y), width=num(TILE_W), height=num(TILE_H), rx="3", class_=f"tile-body {css}"),
        empty("rect", x=num(x), y=num(y), width=num(TILE_W), height=num(band), rx="3", class_=f"tile-band {css}"),
        seat_mark(seat, x + TILE_W / 2, y + band / 2, 6, "tile-mark"),
        tag("text", str(value), x=num(x + TILE_W / 2), y=num(y + band + (TILE_H - band) / 2 + 6), class_="tile-number"),
    ]
    return tag("g", "".join(parts), class_=f"tile {css} {class_}".strip(), **items)


@lru_cache(maxsize=None)
def tile_slot_svg(seat: int, x: float, y: float) -> str:
    """Where a tile lay that has been taken: a dashed outline in the seat's colour."""
    return empty("rect", x=num(x + 1), y=num(y + 1), width=num(TILE_W - 2), height=num(TILE_H - 2), rx="3", class_=f"tile-slot {SEAT_CSS[seat]}")


@lru_cache(maxsize=None)
def bowl_svg(cx: float, cy: float, class_: str = "", motion: str = "") -> str:
    """A small bowl turned upside down over a circle (the rulebook's "stülpt es über"), seen
    from a little above: a dome with the bowl's foot on top, its rim at the bottom, a glint."""
    top, rim, half = cy - 16, cy + 9, 25  # the dome from its crown to the rim; half its width
    body = empty(
        "path",
        d=f"M{num(cx - half)} {num(rim)}A{half} {num(rim - top)} 0 0 1 {num(cx + half)} {num(rim)}A{half} 6 0 0 1 {num(cx - half)} {num(rim)}Z",
        class_="bowl-body",
    )
    lip = empty("path", d=f"M{num(cx - half + 1)} {num(rim - 3)}A{half - 1} 5 0 0 0 {num(cx + half - 1)} {num(rim - 3)}", class_="bowl-lip")
    foot_w, foot_h = 11, 3.5
    foot_side = empty(
        "path",
        d=f"M{num(cx - foot_w)} {num(top + 1)}v{num(foot_h)}A{foot_w} 3 0 0 0 {num(cx + foot_w)} {num(top + 1 + foot_h)}v{num(-foot_h)}Z",
        class_="bowl-foot",
    )
    foot_top = empty("ellipse", cx=num(cx), cy=num(top + 1), rx=num(foot_w), ry="3", class_="bowl-foot-top")
    glint = empty("path", d=f"M{num(cx - 18)} {num(cy + 3)}A20 20 0 0 1 {num(cx - 10)} {num(cy - 9)}", class_="bowl-glint")
    return tag("g", body + lip + foot_side + foot_top + glint + motion, class_=f"bowl {class_}".strip())


def chip_svg(cx: float, cy: float, value: int | None, class_: str = "") -> str:
    """The open circle's chip: yellow; its number when face up, a plain back when face down."""
    parts = [empty("circle", cx=num(cx), cy=num(cy), r=num(CIRCLE_R - 6), class_="chip-body")]
    if value is None:
        parts.append(empty("circle", cx=num(cx), cy=num(cy), r=num(CIRCLE_R - 12), class_="chip-back"))
        parts.append(empty("circle", cx=num(cx), cy=num(cy), r=num(CIRCLE_R - 17), class_="chip-back"))
        css = "chip face-down"
    else:
        parts.append(tag("text", str(value), x=num(cx), y=num(cy + 9), class_="chip-number"))
        css = "chip face-up"
    return tag("g", "".join(parts), class_=f"{css} {class_}".strip())


def _motion(points: list[tuple[float, float]], end: tuple[float, float], seconds: float) -> str:
    """SMIL motion from `points` (absolute) to `end`, as offsets from the element's resting place."""
    ex, ey = end
    d = "M" + " L".join(f"{num(x - ex)} {num(y - ey)}" for x, y in points) + " L0 0"
    return empty("animateMotion", path=d, dur=f"{seconds:.2f}s", begin="0s", fill="freeze", calcMode="linear")


# -- the board ------------------------------------------------------------------------------------


def _circuit_svg(info: MomoxPayload) -> str:
    """The circuit's fields (the last walk's start and end marked, the steps ahead numbered),
    its chevrons, and the last walk's trail from where the figure stood."""
    walk_path, walk_from = info.walk_path, info.walk_from
    fields = []
    for field_ in range(FIELD_COUNT):
        kind = FIELD_KINDS[field_]
        classes = ["field", kind]
        if walk_path and field_ == walk_path[-1]:
            classes.append("last")
        elif walk_path and field_ == walk_from:
            classes.append("walk-start")
        colour = corner_colour(field_)
        if kind == CORNER and colour is not None:
            classes.append(SEAT_CSS[colour])
        inner = [_field_shapes(field_)]
        if field_ in info.steps_ahead:
            sx, sy = _step_label_xy(field_)
            inner.append(tag("text", str(info.steps_ahead[field_]), x=num(sx), y=num(sy + 4), class_="step-ahead", aria_hidden="true"))
        fields.append(tag("g", "".join(inner), class_=" ".join(classes), data_field=str(field_)))
    parts = [tag("g", "".join(fields), class_="circuit"), _chevrons()]
    if walk_path and walk_from is not None:
        points = [field_xy(walk_from)] + [field_xy(f) for f in walk_path]
        d = "M" + " L".join(f"{num(px)} {num(py)}" for px, py in points)
        trail = [empty("path", d=d, class_="walk-trail")]
        trail += [empty("circle", cx=num(px), cy=num(py), r="3", class_="walk-dot") for px, py in points[1:-1]]
        lx, ly = points[-1]
        trail.append(empty("circle", cx=num(lx), cy=num(ly), r=num(CORNER_R + 3 if FIELD_KINDS[walk_path[-1]] == CORNER else 24), class_="walk-end"))
        parts.append(tag("g", "".join(trail), class_="walk", aria_hidden="true"))
    return "".join(parts)


def _tiles_svg(s: MomoxState, marks: BoardMarks[MomoxPayload, MomoxEffect], info: MomoxPayload) -> str:
    """The tiles beside the corners: told in the board's description; only the offered one (the
    player to move's at the corner reached) is a control."""
    tiles = []
    pending = info.pending_corner
    for corner in CORNER_FIELDS:
        lying = info.lying.get(corner, frozenset())
        for seat in range(len(s.figures)):
            x, y = tile_xy(corner, seat)
            value = TILE_AT[corner][seat]
            if seat not in lying:
                tiles.append(tile_slot_svg(seat, x, y))
                continue
            is_pending = pending is not None and pending == corner and seat == s.to_move
            if is_pending and not marks.interactive:
                tiles.append(_still_tile(seat, value, x, y, "pending"))
            elif is_pending:
                target = dict(
                    data_target=TAKE,
                    data_x=num(x / U),
                    data_y=num(y / U),
                    role="button",
                    tabindex="0",
                    aria_label=marks.labels.get(TAKE, TAKE),
                )
                tiles.append(tile_svg(seat, value, x, y, "pending target", **target))
            else:
                tiles.append(_still_tile(seat, value, x, y))
    return tag("g", "".join(tiles), class_="tiles")


def _circle_svg(c: int, marks: BoardMarks[MomoxPayload, MomoxEffect], info: MomoxPayload, liftable: set[int], cursor_target: str | None) -> str:
    """One circle: the open chip, or a bowl (moved there on the last move, animated); a button
    when the board takes clicks."""
    x, y = circle_xy(c)
    inner = [empty("circle", cx=num(x), cy=num(y), r=num(CIRCLE_R), class_="circle-bg")]
    classes = ["circle"]
    if c == info.open_circle:
        classes.append("open")
        chip_class = "turned" if marks.animate and c == info.lifted else ""
        inner.append(chip_svg(x, y, info.open_chip, chip_class))
    else:
        classes.append("covered")
        motion = ""
        if marks.animate and c == info.covered_again and info.lifted is not None:
            motion = _motion([circle_xy(info.lifted)], (x, y), 0.35)
        inner.append(bowl_svg(x, y, "moved" if motion else "", motion))
    if marks.interactive and LIFT_MOVES[c] in marks.hints and c in liftable:
        classes.append("hinted")
        inner.append(hint_badge(x + CIRCLE_R * 0.75, y - CIRCLE_R * 0.75))
    attributes: dict[str, str | None] = {}
    if marks.interactive:
        enabled = c in liftable
        if enabled:
            classes.append("legal")
        attributes = dict(
            data_target=LIFT_MOVES[c],
            data_x=num(x / U),
            data_y=num(y / U),
            role="button",
            tabindex="0" if LIFT_MOVES[c] == cursor_target else "-1",
            aria_label=marks.labels.get(LIFT_MOVES[c], LIFT_MOVES[c]),
            aria_disabled=None if enabled else "true",
        )
    return tag("g", "".join(inner), class_=" ".join(classes), **attributes)


def _circles_svg(marks: BoardMarks[MomoxPayload, MomoxEffect], info: MomoxPayload) -> str:
    """The circles, their numbers (outside the buttons: a button's visible text must be in its
    name) and Stay when it may be chosen."""
    interactive = marks.interactive
    liftable = {c for c in range(CIRCLES) if LIFT_MOVES[c] in marks.legal} if interactive else set()
    may_stay = interactive and STAY in marks.legal
    cursor_target = _cursor(interactive, marks.cursor, liftable, info.pending_corner, may_stay)
    circles = [_circle_svg(c, marks, info, liftable, cursor_target) for c in range(CIRCLES)]
    labels = []
    for c in range(CIRCLES):
        lx, ly = _circle_label_xy(c)
        labels.append(tag("text", str(c), x=num(lx), y=num(ly + 4), class_="circle-label"))
    parts = [tag("g", "".join(circles), class_="circles"), tag("g", "".join(labels), class_="circle-labels", aria_hidden="true")]
    if may_stay:
        parts.append(_stay_button(marks.labels.get(STAY, STAY), cursor_target == STAY))
    return "".join(parts)


def _figures_svg(s: MomoxState, info: MomoxPayload, animate: bool) -> str:
    """The figures (several may share a field: side by side); the last walk's walker walks."""
    walk_path, walk_seat, walk_from = info.walk_path, info.walk_seat, info.walk_from
    by_field: dict[int, list[int]] = {}
    for seat, at in enumerate(s.figures):
        by_field.setdefault(at, []).append(seat)
    start_offsets: dict[int, tuple[float, float]] = {}
    if walk_path and animate and walk_seat is not None and walk_from is not None:
        sharing = list(info.walk_sharing)
        dx, dy, _r = figure_offsets(len(sharing))[sharing.index(walk_seat)]
        fx, fy = field_xy(walk_from)
        start_offsets[walk_seat] = (fx + dx, fy + dy)
    figures = []
    for at, seats in sorted(by_field.items()):
        fx, fy = field_xy(at)
        for seat, (dx, dy, r) in zip(seats, figure_offsets(len(seats))):
            classes = []
            if not info.over and seat == s.to_move:
                classes.append("to-move")
            motion = ""
            if seat in start_offsets:
                points = [start_offsets[seat]] + [field_xy(f) for f in walk_path[:-1]]
                motion = _motion(points, (fx + dx, fy + dy), STEP_SECONDS * len(walk_path) + 0.1)
                classes.append("walking")
            figures.append(figure_svg(seat, fx + dx, fy + dy, r, " ".join(classes), motion))
    return tag("g", "".join(figures), class_="figures")


def board_svg(s: MomoxState, marks: BoardMarks[MomoxPayload, MomoxEffect]) -> str:
    """The whole board as one SVG element. Pure: same state and marks, same text. Marked: the
    bowls that may be lifted, the tile on offer and Stay (`marks.legal`), the hinted bowl, the
    last walk (`marks.payload`).

    Draws only what the table shows: the open chip when the payload shows it face up (the view
    leaves it out when replaying: an earlier position would show chips that bowls cover now),
    every other circle as a bowl (the move notation still writes lifting one `k0`..`k5`, the letter
    of the first versions, which drew keys)."""
    info = marks.payload or MomoxPayload()
    parts = [
        empty("rect", x=num(MARGIN / 2), y=num(MARGIN / 2), width=num(SIZE - MARGIN), height=num(SIZE - MARGIN), rx="18", class_="board-bg"),
        empty("rect", x=num(LO), y=num(LO), width=num(SIDE), height=num(SIDE), class_="track-line"),
        _circuit_svg(info),
        _tiles_svg(s, marks, info),
        _circles_svg(marks, info),
        _figures_svg(s, info, marks.animate),
        diagram_layer(marks.diagram, lambda: target_centres(s, marks), U),
    ]
    label = marks.label or _("Momox board")
    content = tag("title", esc(label))
    if marks.description is not None:
        content += tag("desc", esc(marks.description))
    return tag(
        "svg",
        content + "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(SIZE)} {num(SIZE)}",
        class_="board momox",
        role="group" if marks.interactive else "img",
        aria_label=label,
    )


def target_centres(s: MomoxState, marks: BoardMarks[MomoxPayload, MomoxEffect]) -> dict[str, tuple[float, float]]:
    """For a diagram's marks: the centre of each circle (`k0`..`k5`, its data-target), of the
    tile on offer (`take`) and of Stay while the board shows them, and of each field of the
    circuit by its number (its data-field: no click target, but where the figures walk)."""
    info = marks.payload or MomoxPayload()
    centres = {str(field_): field_xy(field_) for field_ in range(FIELD_COUNT)}
    centres.update({LIFT_MOVES[c]: circle_xy(c) for c in range(CIRCLES)})
    if info.pending_corner is not None:
        x, y = tile_xy(info.pending_corner, s.to_move)
        centres[TAKE] = (x + TILE_W / 2, y + TILE_H / 2)
    if marks.interactive and STAY in marks.legal:
        centres[STAY] = STAY_XY
    return centres


def _stay_button(label: str, tab_stop: bool) -> str:
    """On a yellow field reached in this turn: end the turn there instead of lifting another bowl
    (the rulebook's "darf"). Drawn next to the bowls, as one of the board's targets."""
    x, y = STAY_XY
    inner = empty("rect", x=num(x - STAY_W / 2), y=num(y - STAY_H / 2), width=num(STAY_W), height=num(STAY_H), rx="15", class_="stay-bg") + tag(
        "text", esc(_("Stay")), x=num(x), y=num(y + 5), class_="stay-text", aria_hidden="true"
    )
    return tag(
        "g",
        inner,
        class_="stay target",
        data_target=STAY,
        data_x=num(x / U),
        data_y=num(y / U),
        role="button",
        tabindex="0" if tab_stop else "-1",
        aria_label=label,
    )


def _cursor(interactive: bool, cursor: str | None, liftable: set[int], pending: int | None, may_stay: bool = False) -> str | None:
    """The one target that holds tabindex 0: the cursor when it is still there, else the first
    playable target, else the first target."""
    if not interactive:
        return None
    targets = [LIFT_MOVES[c] for c in range(CIRCLES)] + ([STAY] if may_stay else [])
    if pending is not None:
        return TAKE  # the one thing to do on the board now: the tile (the bowls wait)
    playable = [LIFT_MOVES[c] for c in sorted(liftable)] + ([STAY] if may_stay else [])
    if cursor in playable:
        return cursor
    if playable:
        return playable[0]
    return cursor if cursor in targets else targets[0]


@lru_cache(maxsize=None)
def _field_shapes(field: int) -> str:
    """The drawing of a field itself (the same in every position)."""
    x, y = field_xy(field)
    kind = FIELD_KINDS[field]
    if kind == CORNER:
        colour = corner_colour(field)
        shapes = empty("circle", cx=num(x), cy=num(y), r=num(CORNER_R), class_="field-bg")
        return shapes + (seat_mark(colour, x, y, CORNER_R * 0.62, "corner-mark") if colour is not None else "")
    half = FIELD / 2
    shapes = empty("rect", x=num(x - half), y=num(y - half), width=num(FIELD), height=num(FIELD), rx="6", class_="field-bg")
    return shapes + (_star(x, y, 8.5) if kind == YELLOW else "")


@lru_cache(maxsize=None)
def _chevrons() -> str:
    """Which way the figures walk: a chevron after each corner."""
    return "".join(_chevron(corner) for corner in CORNER_FIELDS)


def _star(x: float, y: float, r: float) -> str:
    return empty("path", d=star_path(x, y, r), class_="yellow-star")


def _inward(field: int) -> tuple[float, float]:
    x, y = field_xy(field)
    return (1 if x < MID - 1 else -1 if x > MID + 1 else 0), (1 if y < MID - 1 else -1 if y > MID + 1 else 0)


def _step_label_xy(field: int) -> tuple[float, float]:
    """In the field's top-left corner, clear of a figure in its middle (corners: towards the
    inside of the square)."""
    x, y = field_xy(field)
    if FIELD_KINDS[field] == CORNER:
        ix, iy = _inward(field)
        return x + ix * CORNER_R * 0.62, y + iy * CORNER_R * 0.62
    return x - FIELD / 2 + 7, y - FIELD / 2 + 8


def _chevron(corner: int) -> str:
    """A small arrow on the line between a corner and the next field: the way round."""
    nxt = (corner + 1) % FIELD_COUNT
    (ax, ay), (bx, by) = field_xy(corner), field_xy(nxt)
    ix, iy = _inward(nxt)
    # Inside the square, halfway between the corner and the next field.
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1
    ux, uy = dx / length, dy / length
    if abs(ux) > abs(uy):
        my += iy * (FIELD / 2 + 9)
    else:
        mx += ix * (FIELD / 2 + 9)
    a = 5
    tip = (mx + ux * a, my + uy * a)
    left = (mx - ux * a - uy * a, my - uy * a + ux * a)
    right = (mx - ux * a + uy * a, my - uy * a - ux * a)
    d = f"M{num(left[0])} {num(left[1])}L{num(tip[0])} {num(tip[1])}L{num(right[0])} {num(right[1])}"
    return empty("path", d=d, class_="direction", aria_hidden="true")


# Below the two lower outer circles, clear of the step counts along the bottom of the circuit.
STAY_XY = (MID, MID + CIRCLE_RING + CIRCLE_R + 4)


def _circle_label_xy(circle: int) -> tuple[float, float]:
    x, y = circle_xy(circle)
    if circle == CENTRE:
        return x, y + CIRCLE_R + 11  # straight below: in the gap between circles 3 and 4, nearest the centre
    dx, dy = x - MID, y - MID
    length = math.hypot(dx, dy)
    return x + dx / length * (CIRCLE_R + 9), y + dy / length * (CIRCLE_R + 9)

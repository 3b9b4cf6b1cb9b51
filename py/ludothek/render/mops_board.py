"""Mops Royal drawn as SVG: the revealed tile, the score bars, the layout of the player to move
(large, with the cells it may use), the other layouts small in the player panels, the tiles
still in the pile and the scoring shapes beside them.

The engine keeps each layout in a 9x9 frame; the view shows a 7x7 window of it (the layout plus
a ring of free cells), which stays put on the start tile until the layout reaches its edge. The
area where the final 5x5 square may still lie is outlined; cells next to the layout that the
5x5 limit rules out are crossed. Tiles show their colour by fill and by a key shape (see
mops_icons), their motif as an icon, and carry a crown where they score a bonus.

Scoring is a list under the board (the engine's `scoring_options`): each entry shows its shape,
what the tiles share and the points; hovering or focusing one outlines its tiles on the layout
(a small stylesheet written with the list), and choosing it scores at once when the shape has
one marked tile, or asks which of its two marked tiles to turn face down.

The view only ever sees observations: the pile is the sorted set of what is left, never its
order, and that is all it draws (which tiles are left, as a 6x6 chart).

This module only draws (as chess.svg draws a chess board), from the state and the view's
`BoardMarks` (render/board_marks.py) with a `MopsPayload`: the cells the seat to move may use and
every cell's name, the cell kinds and windows the engine's 5x5 limit gives, the chosen
combination, the headings. Clicks, setup fields and sentences (the board's description, the
names of tiles and shapes, the scoring list) are the view's (render/mops.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Mapping

from ..games.mops_layout import EMPTY, FACE_DOWN, START_CELL
from ..games.mops_state import FINAL, SCORE
from ..games.seats import SEAT_COLOURS
from ..games.notation import COLOURS, FILES, FRAME, MOTIFS, tile_code
from ..games.notation import frame_cell_index as cell_index, frame_cell_name as cell_name
from ..i18n import _
from .board_marks import BoardMarks
from .diagram import diagram_layer
from .mops_icons import crown_svg, flip_icon, motif_svg, place, tile_back, tile_face, tile_svg
from .marks import colour_mark
from .svg import empty, esc, hint_badge, num, svg_document, tag

if TYPE_CHECKING:
    from ..games.mops import MopsEffect
    from ..games.mops_layout import CellKind
    from ..games.mops_state import MopsState

SEAT_CSS = SEAT_COLOURS["mops"]  # a seat's CSS class is its colour


@dataclass(frozen=True)
class MopsPayload:
    """What the engine says of a Mops Royal position, for the board (the view fills it in)."""

    revealed: str | None = None  # the revealed tile's code
    turned_up: bool = False  # the revealed tile was just turned up (animate it)
    head_title: str = ""  # "Round 3", "Final scoring", "Game over"
    head_note: str = ""  # "12 tiles left in the pile"
    # The layout shown large (the seat to move's, the caller's once the game is over): its seat, its
    # cells' kinds (see games/mops_layout.cell_kinds), by frame index, the area its final 5x5 square
    # may still cover and its own extent.
    seat: int = 0
    kinds: tuple[CellKind, ...] = ()
    open_window: tuple[int, int, int, int] = (0, FRAME - 1, 0, FRAME - 1)
    bounds: tuple[int, int, int, int] = (4, 4, 4, 4)
    heading: str = ""  # "Layout of Red" / "Your layout"
    heading_note: str = ""  # "7 tiles · 1 face down"
    chosen: tuple[str, ...] = ()  # the cells of the combination chosen to score
    flips: tuple[str, ...] = ()  # its marked tiles, one of which the player turns face down
    # Once the game is over (two seats or more): every layout small, with its extent, the seats by
    # rank, the winners and each seat's heading ("Anna: 23 points").
    extents: tuple[tuple[int, int, int, int], ...] = ()
    ranking: tuple[int, ...] = ()
    winners: frozenset[int] = frozenset()
    headings: tuple[str, ...] = ()

    @property
    def every_layout(self) -> bool:
        """Whether the board shows every layout small (the game is over, with two seats or more)."""
        return bool(self.extents)


# -- geometry (SVG units) --------------------------------------------------------------------------

WIDTH = 460
HEAD_H = 112  # the band with the revealed tile and the score bars
BIG = 92  # the revealed tile
WINDOW = 7  # the main layout shows 7x7 cells of the 9x9 frame
CELL = 58
TILE = CELL - 4
COORD = 18  # room for the rank numbers (left) and file letters (below)
TITLE_H = 30  # the layout's heading
GRID_TOP = HEAD_H + TITLE_H
GRID_LEFT = (WIDTH - COORD - WINDOW * CELL) / 2 + COORD
HEIGHT = GRID_TOP + WINDOW * CELL + COORD + 8
FINAL_CELL = (WIDTH - 30) / 2 / 5 - 4  # the layouts side by side once the game is over
FINAL_ROW = 5 * FINAL_CELL + 40
MINI_CELL = 20  # the small layouts: 5x5 cells in a 100-unit box
LAYOUT_BOX = 5  # a small layout is drawn centred in a box of 5x5 cells, the square a finished layout fills
BAR_LEFT, BAR_RIGHT = 142, 412

THUMBNAIL_LAYOUT = "9/9/2HbPbWbCb3/3PyKgWo3/2HgByCgPoKo2/4HyPp3/9/9/9"
THUMBNAIL_HIGHLIGHT = ("c7", "d7", "e7", "f7")


def thumbnail_position() -> str:
    """A solo game in the middle: the blue line on rank 7 waits to be scored."""
    used = {THUMBNAIL_LAYOUT[i : i + 2] for i in range(len(THUMBNAIL_LAYOUT) - 1) if THUMBNAIL_LAYOUT[i] in "PBWCKH"}
    rest = [m + c for m in "PBWCKH" for c in "bgopvy" if m + c not in used]
    return f"{THUMBNAIL_LAYOUT} ?{''.join(rest[1:])} {rest[0]} p1 12"


def thumbnail_svg(s: MopsState, bounds: tuple[int, int, int, int], title: str) -> str:
    """The home screen's picture: the first seat's layout of `thumbnail_position` (its extent
    `bounds`), the tiles of the line that waits to be scored ringed."""
    cell = 32
    margin = 11  # room inside the frame for the rings around highlighted tiles (their halo reaches out)
    side = LAYOUT_BOX * cell + 2 * margin
    parts = [empty("rect", x="1", y="1", width=num(side - 2), height=num(side - 2), rx="10", class_="board-bg")]
    for index, value, x, y in boxed_tiles(s.layouts[0], bounds, margin, margin, cell):
        parts.append(tile_svg(tile_code(value), True, x + 1, y + 1, cell - 2))
        if cell_name(index) in THUMBNAIL_HIGHLIGHT:
            parts.append(ring(x, y, cell, 7, "select-mark"))
    return svg_document("".join(parts), side, side, label=title, class_="board mops mops-art thumb")


# -- pieces ------------------------------------------------------------------------------------------


def seat_mark(seat: int, cx: float, cy: float, r: float) -> str:
    return colour_mark(SEAT_CSS[seat], cx, cy, r, "seat-mark")


def token_svg(seat: int, cx: float, cy: float, r: float) -> str:
    css = SEAT_CSS[seat]
    return tag("g", empty("circle", cx=num(cx), cy=num(cy), r=num(r), class_=f"seat-body {css}") + seat_mark(seat, cx, cy, r), class_=f"seat-token {css}")


# -- layouts -----------------------------------------------------------------------------------------


def display_window(bounds: tuple[int, int, int, int]) -> tuple[int, int]:
    """(first file, first rank), 0-based, of the 7x7 window shown of a 9x9 frame: the layout (its
    extent, `bounds`) and a ring of free cells around it, centred on the start tile until the
    layout nears an edge."""
    f0, f1, r0, r1 = bounds

    def first(lo: int, hi: int) -> int:
        start = min(max(1, hi + 1 - (WINDOW - 1)), max(lo - 1, 0))
        return min(max(start, 0), FRAME - WINDOW)

    return first(f0, f1), first(r0, r1)


def round_tile_cell(s: MopsState, seat: int) -> int | None:
    """Where the tile of the running round lies in a seat's layout (None if not placed there)."""
    if s.tile is None:
        return None
    layout = s.layouts[seat]
    for value in (s.tile, s.tile + FACE_DOWN):
        if value in layout:
            index: int = layout.index(value)
            if index != START_CELL:  # the start tile was never this round's
                return index
    return None


def boxed_tiles(layout: bytes, bounds: tuple[int, int, int, int], left: float, top: float, cell: float) -> list[tuple[int, int, float, float]]:
    """Each tile of a layout (its frame index and value) with the top left corner it is drawn at:
    the layout, of extent `bounds`, centred in a box of 5x5 cells whose top left corner is
    (left, top)."""
    f0, f1, r0, r1 = bounds
    ox = left + (LAYOUT_BOX - (f1 - f0 + 1)) * cell / 2
    oy = top + (LAYOUT_BOX - (r1 - r0 + 1)) * cell / 2
    tiles = []
    for index, value in enumerate(layout):
        if value != EMPTY:
            rank, file = divmod(index, FRAME)
            tiles.append((index, value, ox + (file - f0) * cell, oy + (r1 - rank) * cell))
    return tiles


def ring(x: float, y: float, side: float, radius: float, class_: str) -> str:
    """An outline that shows on every tile colour: dark, with a white halo."""
    rect = dict(x=num(x), y=num(y), width=num(side), height=num(side), rx=num(radius))
    return tag("g", empty("rect", class_="halo", **rect) + empty("rect", class_="line", **rect), class_=class_)


def mini_layout_svg(s: MopsState, seat: int, bounds: tuple[int, int, int, int], label: str, cell: float = MINI_CELL) -> str:
    """A layout as a small picture: its tiles (at most 5x5, `bounds` its extent) in a square box,
    this round's tile outlined."""
    box = LAYOUT_BOX * cell
    pad = 3
    marked = round_tile_cell(s, seat)
    parts = [empty("rect", x="0.5", y="0.5", width=num(box + 2 * pad - 1), height=num(box + 2 * pad - 1), rx="5", class_="mini-bg")]
    for index, value, x, y in boxed_tiles(s.layouts[seat], bounds, pad, pad, cell):
        code = tile_code(value)
        parts.append(place(tile_face(code, False) if value < FACE_DOWN else tile_back(False), x + 0.5, y + 0.5, cell - 1))
        if index == marked:
            parts.append(ring(x + 0.5, y + 0.5, cell - 1, 3, "round-mark"))
    side = box + 2 * pad
    return svg_document("".join(parts), side, side, label=label, class_="mops-art mops-mini")


# -- the board ---------------------------------------------------------------------------------------


def board_svg(s: MopsState, marks: BoardMarks[MopsPayload, MopsEffect]) -> str:
    """The whole board as one SVG element. Pure: same state and marks, same text."""
    info = marks.payload or MopsPayload()
    players = len(s.layouts)
    height = HEAD_H + 8 + (players + 1) // 2 * FINAL_ROW + 4 if info.every_layout else HEIGHT
    parts = [empty("rect", x="2", y="2", width=num(WIDTH - 4), height=num(height - 4), rx="14", class_="board-bg")]
    parts.append(_head_svg(s, info))
    if info.every_layout:
        parts.append(_final_layouts_svg(s, marks.effect, info))
    else:
        parts.append(_main_layout_svg(s, info.seat, marks, info))
    parts.append(diagram_layer(marks.diagram, lambda: target_centres(s, marks), CELL))
    label = marks.label or _("Mops Royal board")
    desc = tag("desc", esc(marks.description)) if marks.description is not None else ""
    return svg_document(desc + "".join(parts), WIDTH, height, label=label, class_="board mops mops-art", interactive=marks.interactive)


def target_centres(s: MopsState, marks: BoardMarks[MopsPayload, MopsEffect]) -> dict[str, tuple[float, float]]:
    """Each cell's centre in the window of the layout shown large, by its name (its data-target),
    for a diagram's marks; none once the game is over with two seats or more (every layout small)."""
    info = marks.payload or MopsPayload()
    if info.every_layout:
        return {}
    f0, r0 = display_window(info.bounds)
    return {
        cell_name(rank * FRAME + file): (GRID_LEFT + (file - f0) * CELL + CELL / 2, GRID_TOP + (r0 + WINDOW - 1 - rank) * CELL + CELL / 2)
        for rank in range(r0, r0 + WINDOW)
        for file in range(f0, f0 + WINDOW)
    }


def _head_svg(s: MopsState, info: MopsPayload) -> str:
    """The revealed tile, the round, the tiles left, and a bar of points per seat."""
    parts = []
    x, y = 14, (HEAD_H - BIG) / 2
    code = info.revealed
    if code is not None:
        parts.append(tile_svg(code, True, x, y, BIG, class_="revealed" + (" flip" if info.turned_up else "")))
    else:
        parts.append(empty("rect", x=num(x + 2), y=num(y + 2), width=num(BIG - 4), height=num(BIG - 4), rx="10", class_="no-tile"))
        if s.phase == FINAL:
            parts.append(flip_icon(x + BIG / 2, y + BIG / 2, 24))
        else:
            parts.append(crown_svg(x + BIG / 2, y + BIG / 2, 22))
    tx = x + BIG + 16
    parts.append(tag("text", esc(info.head_title), x=num(tx), y="30", class_="head-title"))
    parts.append(tag("text", esc(info.head_note), x=num(WIDTH - 16), y="30", class_="head-note"))
    # Points: one bar per seat, on a common scale.
    scores = list(s.scores)
    top = max(40, -(-max(scores + [0]) // 10) * 10)
    players = len(scores)
    row = min(17, (HEAD_H - 46) / max(players, 1))
    for seat, score in enumerate(scores):
        cy = 46 + row * seat + row / 2
        parts.append(token_svg(seat, tx + 6, cy, min(6.5, row / 2 - 1)))
        length = max(0, score) / top * (BAR_RIGHT - BAR_LEFT)
        parts.append(empty("rect", x=num(BAR_LEFT), y=num(cy - 4), width=num(BAR_RIGHT - BAR_LEFT), height="8", rx="4", class_="bar-track"))
        if length:
            parts.append(empty("rect", x=num(BAR_LEFT), y=num(cy - 4), width=num(max(length, 4)), height="8", rx="4", class_=f"bar {SEAT_CSS[seat]}"))
        parts.append(tag("text", esc(str(score)), x=num(WIDTH - 16), y=num(cy + 4.5), class_="bar-score"))
    return tag("g", "".join(parts), class_="head", aria_hidden="true")


@dataclass(frozen=True)
class _LastMove:
    """The last move, where it was made on the layout drawn: its cells, the tiles it scored, and
    the tile it dropped or flipped (animated)."""

    cells: frozenset[int] = frozenset()
    scored: frozenset[int] = frozenset()
    dropped: int | None = None
    flipped: int | None = None


@dataclass(frozen=True)
class _Layout:
    """What every cell of one seat's main layout is drawn from: the window shown (its lower-left
    file and rank), the input when the seat is to move, and the last move made on it."""

    f0: int
    r0: int
    kinds: tuple[CellKind, ...]
    interactive: bool
    enabled: frozenset[str]
    chosen: tuple[str, ...]
    flips: tuple[str, ...]
    round_cell: int | None
    tile: str | None
    scoring: bool
    hint_cells: frozenset[str]
    cursor: str | None
    labels: Mapping[str, str]
    last: _LastMove


def move_cell(effect: MopsEffect) -> str | None:
    """The cell a move marks: where the tile was laid, the face-down tile a refused one covers,
    the tile a scoring turned face down; none for a pass."""
    if effect.kind == "place":
        return effect.cell
    if effect.kind == "refuse":
        return effect.onto
    if effect.kind == "score":
        return effect.flip
    return None


def _last_move_on(effect: MopsEffect | None, seat: int, animate: bool) -> _LastMove:
    """The last move, when it was made on this layout."""
    if effect is None or effect.seat != seat:
        return _LastMove()
    cell = move_cell(effect)
    if cell is None:
        return _LastMove()
    index = cell_index(cell)
    if effect.kind == "score":
        return _LastMove(frozenset({index}), scored=frozenset(cell_index(c) for c in effect.cells), flipped=index if animate else None)
    return _LastMove(frozenset({index}), dropped=index if effect.kind == "place" and animate else None)


def _cell_marks(lay: _Layout, index: int, name: str, kind: str, x: float, y: float) -> tuple[list[str], list[str]]:
    """A cell's classes and its marks over the tile: legal target, the round's tile, scored, the
    last move, chosen, the scoring list's highlight and flip choices, the hint."""
    classes: list[str] = []
    inner: list[str] = []
    if name in lay.enabled:
        classes.append("legal")
        if kind == "down":
            inner.append(ring(x + 1, y + 1, CELL - 2, 12, "target-mark"))
    if index == lay.round_cell:
        classes.append("round-tile")
        inner.append(ring(x + 1.5, y + 1.5, CELL - 3, 11, "round-mark"))
    if index in lay.last.scored:
        classes.append("scored")
    if index in lay.last.cells:
        classes.append("last")
        inner.append(ring(x + 1, y + 1, CELL - 2, 12, "last-mark"))
    if name in lay.chosen:
        classes.append("selected")
        inner.append(ring(x + 1, y + 1, CELL - 2, 12, "select-mark"))
    if lay.scoring and kind == "up":
        # Shown by the scoring list's stylesheet while one of its entries is hovered or focused.
        inner.append(ring(x + 1, y + 1, CELL - 2, 12, "hl"))
        inner.append(tag("g", flip_icon(x + CELL - 14, y + CELL - 14, 11), class_="flip-hint"))
    if name in lay.flips:
        classes.append("flip-choice")
        inner.append(flip_icon(x + CELL - 16, y + CELL - 16, 13))
    if name in lay.hint_cells:
        classes.append("hinted")
        inner.append(hint_badge(x + CELL - 10, y + 10))
    return classes, inner


def _layout_cell_svg(lay: _Layout, index: int, value: int) -> str:
    rank, file = divmod(index, FRAME)
    name = cell_name(index)
    x = GRID_LEFT + (file - lay.f0) * CELL
    y = GRID_TOP + (lay.r0 + WINDOW - 1 - rank) * CELL
    kind = lay.kinds[index]
    inner = [empty("rect", x=num(x), y=num(y), width=str(CELL), height=str(CELL), class_="cell-bg")]
    if kind in ("up", "down"):
        tile_class = "drop" if index == lay.last.dropped else "flip" if index == lay.last.flipped else ""
        inner.append(tile_svg(tile_code(value), kind == "up", x + 2, y + 2, TILE, class_=tile_class))
    elif kind == "free":
        inner.append(empty("rect", x=num(x + 4), y=num(y + 4), width=num(CELL - 8), height=num(CELL - 8), rx="9", class_="free-mark"))
        if name in lay.enabled and lay.tile is not None:
            inner.append(tile_svg(lay.tile, True, x + 2, y + 2, TILE, class_="preview"))
            inner.append(empty("circle", cx=num(x + CELL / 2), cy=num(y + CELL / 2), r="6", class_="legal-dot"))
    elif kind == "blocked":
        d = CELL * 0.2
        cx, cy = x + CELL / 2, y + CELL / 2
        inner.append(
            empty(
                "path",
                d=f"M{num(cx - d)} {num(cy - d)}L{num(cx + d)} {num(cy + d)}M{num(cx + d)} {num(cy - d)}L{num(cx - d)} {num(cy + d)}",
                class_="blocked-mark",
            )
        )
    marked, over = _cell_marks(lay, index, name, kind, x, y)
    classes = ["cell", kind, *marked]
    inner += over
    cell_attrs: dict[str, str | None] = {}
    if lay.interactive:
        inner.append(empty("rect", x=num(x + 1), y=num(y + 1), width=num(CELL - 2), height=num(CELL - 2), rx="12", class_="focus-ring"))
        cell_attrs = dict(
            data_target=name,
            data_x=str(file),
            data_y=str(FRAME - 1 - rank),
            role="button",
            tabindex="0" if name == lay.cursor else "-1",
            aria_label=lay.labels.get(name, name),
            aria_disabled=None if name in lay.enabled else "true",
        )
    return tag("g", "".join(inner), class_=" ".join(classes), data_cell=name, **cell_attrs)


def _open_area_svg(info: MopsPayload, f0: int, r0: int) -> str:
    """The area the final 5x5 square may still cover, where it shows in the window."""
    lo_f, hi_f, lo_r, hi_r = info.open_window
    a_f, b_f = max(lo_f, f0), min(hi_f, f0 + WINDOW - 1)
    a_r, b_r = max(lo_r, r0), min(hi_r, r0 + WINDOW - 1)
    return empty(
        "rect",
        x=num(GRID_LEFT + (a_f - f0) * CELL + 1),
        y=num(GRID_TOP + (r0 + WINDOW - 1 - b_r) * CELL + 1),
        width=num((b_f - a_f + 1) * CELL - 2),
        height=num((b_r - a_r + 1) * CELL - 2),
        rx="8",
        class_="open-area",
    )


def _layout_coords_svg(f0: int, r0: int, kinds: tuple[CellKind, ...]) -> str:
    """The file letters under the window and the rank numbers beside it, for the files and ranks
    it draws: a file or rank whose every cell in the window is "off" is not drawn (issue 57: a "b"
    stood under an empty strip), so it is not named either."""

    def drawn(cells: range) -> bool:
        return any(kinds[index] != "off" for index in cells)

    files = [file for file in range(f0, f0 + WINDOW) if drawn(range(r0 * FRAME + file, (r0 + WINDOW) * FRAME, FRAME))]
    ranks = [rank for rank in range(r0 + WINDOW - 1, r0 - 1, -1) if drawn(range(rank * FRAME + f0, rank * FRAME + f0 + WINDOW))]
    coords = []
    for file in files:
        coords.append(
            tag("text", FILES[file], x=num(GRID_LEFT + (file - f0) * CELL + CELL / 2), y=num(GRID_TOP + WINDOW * CELL + 14), class_="coord", aria_hidden="true")
        )
    for rank in ranks:
        coords.append(
            tag(
                "text",
                str(rank + 1),
                x=num(GRID_LEFT - COORD / 2 - 1),
                y=num(GRID_TOP + (r0 + WINDOW - 1 - rank) * CELL + CELL / 2 + 4),
                class_="coord",
                aria_hidden="true",
            )
        )
    return "".join(coords)


def _main_layout_svg(s: MopsState, seat: int, marks: BoardMarks[MopsPayload, MopsEffect], info: MopsPayload) -> str:
    f0, r0 = display_window(info.bounds)
    interactive = marks.interactive and seat == s.to_move and s.outcome is None
    enabled = marks.legal if seat == s.to_move else frozenset()
    chosen, flips = (info.chosen, info.flips) if seat == s.to_move else ((), ())
    ranks = range(r0 + WINDOW - 1, r0 - 1, -1)  # top row first
    order = [rank * FRAME + file for rank in ranks for file in range(f0, f0 + WINDOW)]
    lay = _Layout(
        f0=f0,
        r0=r0,
        kinds=info.kinds,
        interactive=interactive,
        enabled=frozenset(enabled),
        chosen=tuple(chosen),
        flips=tuple(flips),
        round_cell=round_tile_cell(s, seat),
        tile=info.revealed,
        scoring=interactive and s.phase in (SCORE, FINAL) and not chosen,
        # The cells of the move the Hint button suggests (placing, refusing onto or scoring from it).
        hint_cells=frozenset(marks.hints) if interactive else frozenset(),
        cursor=_cursor(order, enabled, marks.cursor, interactive),
        labels=marks.labels,
        last=_last_move_on(marks.effect, seat, marks.animate),
    )
    layout = s.layouts[seat]
    cells = "".join(_layout_cell_svg(lay, index, layout[index]) for index in order)
    heading = _layout_heading(seat, info)
    return tag("g", heading + _open_area_svg(info, f0, r0) + cells + _layout_coords_svg(f0, r0, info.kinds), class_="layout main", data_seat=str(seat))


def _layout_heading(seat: int, info: MopsPayload) -> str:
    y = HEAD_H + TITLE_H / 2 + 2
    return tag(
        "g",
        token_svg(seat, GRID_LEFT - COORD + 7, y, 7)
        + tag("text", esc(info.heading), x=num(GRID_LEFT - COORD + 20), y=num(y + 5), class_="layout-title")
        + tag("text", esc(info.heading_note), x=num(GRID_LEFT + WINDOW * CELL), y=num(y + 5), class_="layout-note"),
        class_="layout-heading",
        aria_hidden="true",
    )


def _cursor(order: list[int], enabled: frozenset[str], cursor: str | None, interactive: bool) -> str | None:
    """The one cell that holds tabindex 0: the cursor if it can act, else the first cell that can,
    else the cursor or the start tile."""
    if not interactive:
        return None
    names = [cell_name(i) for i in order]
    if cursor in enabled and cursor in names:
        return cursor
    for name in names:
        if name in enabled:
            return name
    if cursor is not None and cursor in names:
        return cursor
    start = cell_name(START_CELL)
    return start if start in names else names[0]


def _final_layouts_svg(s: MopsState, effect: MopsEffect | None, info: MopsPayload) -> str:
    """Once the game is over: every layout side by side (two per row), points and rank beside,
    each headed by the view's heading for its seat."""
    players = len(s.layouts)
    cols = 2
    block_w = (WIDTH - 30) / cols
    cell = FINAL_CELL
    ranking = list(info.ranking)
    winners = info.winners
    parts = []
    for seat in range(players):
        col, row = seat % cols, seat // cols
        x0 = 15 + col * block_w + 10
        y0 = HEAD_H + 8 + row * FINAL_ROW
        heading = info.headings[seat]
        place_no = ranking.index(seat) + 1
        parts.append(token_svg(seat, x0 + 7, y0 + 10, 7))
        parts.append(tag("text", esc(f"{place_no}. {heading}"), x=num(x0 + 20), y=num(y0 + 15), class_="layout-title" + (" winner" if seat in winners else "")))
        for index, value, x, y in boxed_tiles(s.layouts[seat], info.extents[seat], x0, y0 + 28, cell):
            marked = effect is not None and effect.seat == seat and move_cell(effect) == cell_name(index)
            parts.append(tile_svg(tile_code(value), value < FACE_DOWN, x + 1.5, y + 1.5, cell - 3, class_="last" if marked else ""))
            if marked:
                parts.append(ring(x, y, cell, 8, "last-mark"))
    return tag("g", "".join(parts), class_="layouts-final")


# -- small pictures ------------------------------------------------------------------------------------


def shape_icon_svg(
    cells: tuple[tuple[int, int], ...], marks: tuple[tuple[int, int], ...], feature: str | None = None, cell: float = 11, label: str | None = None
) -> str:
    """A shape as little squares, the marked tiles with the turn-over sign. With a colour letter
    as `feature` the squares take that colour; with a motif letter they show the motif."""
    rows = 1 + max(r for r, _c in cells)
    cols = 1 + max(c for _r, c in cells)
    parts = []
    for r, c in cells:
        x, y = c * cell, r * cell
        if feature is not None and feature in COLOURS:
            parts.append(empty("rect", x=num(x + 0.5), y=num(y + 0.5), width=num(cell - 1), height=num(cell - 1), rx="2", class_=f"tile-bg c-{feature}"))
        elif feature is not None and feature in MOTIFS:
            parts.append(empty("rect", x=num(x + 0.5), y=num(y + 0.5), width=num(cell - 1), height=num(cell - 1), rx="2", class_="shape-cell motif-cell"))
            parts.append(place(motif_svg(feature), x + 1, y + 1, cell - 2))
        else:
            parts.append(empty("rect", x=num(x + 0.5), y=num(y + 0.5), width=num(cell - 1), height=num(cell - 1), rx="2", class_="shape-cell"))
        if (r, c) in marks:
            parts.append(flip_icon(x + cell / 2, y + cell / 2, cell * 0.34))
    attrs: dict[str, str] = dict(role="img", aria_label=label) if label else dict(aria_hidden="true", focusable="false")
    return tag(
        "svg",
        (tag("title", esc(label)) if label else "") + "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(cols * cell)} {num(rows * cell)}",
        width=num(cols * cell * 1.6),
        height=num(rows * cell * 1.6),
        class_="mops-art mops-shape",
        **attrs,
    )


@lru_cache(maxsize=64)
def tile_chart_svg(present: frozenset[str], tile_size: float = 22) -> str:
    """The 36 tiles as a 6x6 chart (motifs down, colours across): those in `present` drawn, the others as outlines."""
    gap = 2
    parts = []
    for row, motif in enumerate(MOTIFS):
        for col, colour in enumerate(COLOURS):
            code = motif + colour
            x, y = col * (tile_size + gap), row * (tile_size + gap)
            if code in present:
                parts.append(place(tile_face(code, False), x, y, tile_size))
            else:
                parts.append(empty("rect", x=num(x + 1.5), y=num(y + 1.5), width=num(tile_size - 3), height=num(tile_size - 3), rx="3", class_="gone"))
    side = 6 * (tile_size + gap) - gap
    return tag(
        "svg",
        "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(side)} {num(side)}",
        class_="mops-art mops-chart",
        aria_hidden="true",
        focusable="false",
    )

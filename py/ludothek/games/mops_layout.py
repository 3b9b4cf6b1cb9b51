"""Mops Royal's tiles and a player's frame: the tile and cell numbering, and plain functions on one
layout (81 cells as bytes) that answer where it stands: its extent, the 5x5 window it may still
grow into, where a tile may go, every cell's kind.

Its own module because these are the geometry of the physical game, shared by the engine
(games/mops.py), the scoring (games/mops_scoring.py), the position text (games/mops_position.py),
the computer players and the drawing; none of them needs the engine for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from .notation import CROWN_CODES, FRAME, TILE_KINDS, tile_id

# -- tiles -------------------------------------------------------------------------------------

# The codes (MOTIFS, COLOURS, tile_code ...) and the frame's cell names are games/notation.py's.
MOTIF_NAMES = ("pug", "bone", "bowl", "can", "cushion", "heap")
COLOUR_NAMES = ("blue", "green", "orange", "pink", "purple", "yellow")
TILE_COUNT = TILE_KINDS
FACE_DOWN = TILE_KINDS  # a face-down tile is stored as its id + FACE_DOWN
EMPTY = 72  # an empty cell (layouts are bytes: 0-35 face up, 36-71 face down, 72 empty)


def motif_of(tile: int) -> int:
    return tile // 6


def colour_of(tile: int) -> int:
    return tile % 6


CROWNS = frozenset(tile_id(code) for code in CROWN_CODES)
START_CANDIDATES = tuple(t for t in range(TILE_COUNT) if t not in CROWNS)

# -- the frame -----------------------------------------------------------------------------------

START_CELL = 4 * FRAME + 4  # e5
LIMIT = 5  # at most 5 tiles in a row or column
FULL = LIMIT * LIMIT
CELLS = FRAME * FRAME


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, FRAME)
    result = []
    if row > 0:
        result.append(index - FRAME)
    if col > 0:
        result.append(index - 1)
    if col < FRAME - 1:
        result.append(index + 1)
    if row < FRAME - 1:
        result.append(index + FRAME)
    return tuple(result)


NEIGHBOURS = tuple(_neighbours(i) for i in range(CELLS))


# -- layout helpers (plain functions on a layout: 81 cells as bytes, shared with the computer players) -


def connected_to_start(layout: Sequence[int]) -> set[int]:
    """The cells whose tiles reach the start tile along sides (the start cell included)."""
    seen, todo = {START_CELL}, [START_CELL]
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if layout[n] != EMPTY and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def tile_count(layout: bytes) -> int:
    return CELLS - layout.count(EMPTY)


def is_full(layout: bytes) -> bool:
    return tile_count(layout) >= FULL


def room_left(tiles: int) -> int:
    """How many more tiles a layout of `tiles` tiles takes before it is full (the rounds it still
    places in, without refusals)."""
    return FULL - tiles


def has_tile(layout: bytes, tile: int) -> bool:
    return tile in layout or tile + FACE_DOWN in layout


class Span(NamedTuple):
    """A rectangle of the frame: its first and last file and its first and last rank, 0-based
    (a layout's extent, or the area its final square may still cover)."""

    first_file: int
    last_file: int
    first_rank: int
    last_rank: int


def extent(layout: Sequence[int]) -> Span:
    """The files and ranks a layout's tiles span."""
    files = [i % FRAME for i, v in enumerate(layout) if v != EMPTY]
    ranks = [i // FRAME for i, v in enumerate(layout) if v != EMPTY]
    return Span(min(files), max(files), min(ranks), max(ranks))


def window_around(span: Span) -> Span:
    """The area a tile may still occupy beside a layout of extent `span`: the union of all 5x5
    squares that contain it."""
    f0, f1, r0, r1 = span
    return Span(max(0, f1 - LIMIT + 1), min(FRAME - 1, f0 + LIMIT - 1), max(0, r1 - LIMIT + 1), min(FRAME - 1, r0 + LIMIT - 1))


def open_window(layout: bytes) -> Span:
    """The area a tile may still occupy in `layout` (`window_around` its extent)."""
    return window_around(extent(layout))


def placement_indices(layout: bytes) -> list[int]:
    """Empty cells orthogonally next to a tile and inside the 5x5 limit, in frame order."""
    lo_f, hi_f, lo_r, hi_r = open_window(layout)
    result = []
    for index in range(CELLS):
        if layout[index] != EMPTY:
            continue
        rank, file = divmod(index, FRAME)
        if not (lo_f <= file <= hi_f and lo_r <= rank <= hi_r):
            continue
        if any(layout[n] != EMPTY for n in NEIGHBOURS[index]):
            result.append(index)
    return result


CellKind = Literal["up", "down", "free", "blocked", "open", "off"]


def cell_kinds(layout: bytes) -> tuple[CellKind, ...]:
    """Every frame cell's kind, in frame order: 'up', 'down' (tiles), 'free' (empty, next to the
    layout, inside the 5x5 limit: a tile may go there), 'blocked' (next to the layout but ruled out
    by the 5x5 limit), 'open' (inside the area the layout may still grow into) or 'off'."""
    lo_f, hi_f, lo_r, hi_r = open_window(layout)
    kinds: list[CellKind] = []
    for index, value in enumerate(layout):
        if value < FACE_DOWN:
            kinds.append("up")
        elif value < EMPTY:
            kinds.append("down")
        else:
            rank, file = divmod(index, FRAME)
            inside = lo_f <= file <= hi_f and lo_r <= rank <= hi_r
            if any(layout[n] != EMPTY for n in NEIGHBOURS[index]):
                kinds.append("free" if inside else "blocked")
            else:
                kinds.append("open" if inside else "off")
    return tuple(kinds)


def face_down_cells(layout: bytes) -> list[int]:
    return [i for i, v in enumerate(layout) if FACE_DOWN <= v < EMPTY]


def acts(layout: bytes, tile: int) -> bool:
    """Whether a seat acts on the round's tile: it sits out when the tile is already in its
    layout (its start tile) or when its layout is full."""
    return not is_full(layout) and not has_tile(layout, tile)

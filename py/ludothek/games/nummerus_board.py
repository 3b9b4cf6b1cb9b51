"""Nummerus Zahlus' board: the 49 fields of the figure 8, their names and coordinates, the eight
directions and the lines (rays) the star moves along, and which chips the star can reach.

Its own module because this is the geometry of the physical game, shared by the engine
(games/nummerus.py), its position text (games/nummerus_position.py), the computer players and the
drawing; none of them needs the engine for it. The engine re-exports these names.
"""

from __future__ import annotations

from collections.abc import Sequence

BOARD_FILES = "abcdefg"  # the board's seven files, left to right (games/notation.py's FILES serve any width)
# Files present on each rank, top to bottom: the figure 8 with its waist on rank 5.
RANK_FILES = {9: "cde", 8: "bcdef", 7: "abcdefg", 6: "abcdefg", 5: "bcdef", 4: "abcdefg", 3: "abcdefg", 2: "bcdef", 1: "cde"}
RANKS_TOP_DOWN = tuple(range(9, 0, -1))

# Fields in position order (ranks 9 to 1, left to right) as (file index, rank).
FIELD_COORDS: tuple[tuple[int, int], ...] = tuple((BOARD_FILES.index(f), rank) for rank in RANKS_TOP_DOWN for f in RANK_FILES[rank])
FIELD_NAMES: tuple[str, ...] = tuple(f"{BOARD_FILES[x]}{y}" for x, y in FIELD_COORDS)
FIELD_INDEX: dict[str, int] = {name: i for i, name in enumerate(FIELD_NAMES)}
_COORD_INDEX = {coord: i for i, coord in enumerate(FIELD_COORDS)}
FIELD_COUNT = len(FIELD_NAMES)  # 49
CHIPS = 48
LAYOUT_STAR = 0  # the star in a layout (the option `layout`); on the board its field holds no chip

# The 8 directions, clockwise from up, as (file step, rank step).
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
DIRECTION_NAMES = ("up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left")


def _ray(index: int, dx: int, dy: int) -> tuple[int, ...]:
    """Fields outward from `index` in one direction, ending where the board's outline ends the
    line: a place without a field (the waist, the narrow ranks) is never crossed."""
    x, y = FIELD_COORDS[index]
    cells: list[int] = []
    while True:
        x, y = x + dx, y + dy
        nxt = _COORD_INDEX.get((x, y))
        if nxt is None:
            return tuple(cells)
        cells.append(nxt)


# RAYS[field][d]: the fields in direction d from `field`, nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(_ray(i, dx, dy) for dx, dy in DIRECTIONS) for i in range(FIELD_COUNT))


def parse_field(text: str) -> int | None:
    """Index (position order) of a field name such as 'd5', None if it names no field."""
    return FIELD_INDEX.get(text) if isinstance(text, str) else None


# DIRECTION_TO[field][other]: the direction (index into DIRECTIONS) in which `other` lies on a line
# from `field`; fields on no line from it are not listed.
DIRECTION_TO: tuple[dict[int, int], ...] = tuple({f: d for d, ray in enumerate(RAYS[i]) for f in ray} for i in range(FIELD_COUNT))


def reachable_fields(board: Sequence[int], star: int) -> list[int]:
    """The fields whose chips the star on `star` can reach: in each direction (clockwise from up)
    the first chip in line; when no chip lies in line in any direction, every chip (a jump), in
    position order. The rule of the star's move, on plain values: the engine's `star_targets_of`
    and the computer players' search ask it."""
    found = []
    for ray in RAYS[star]:
        for f in ray:
            if board[f]:
                found.append(f)
                break
    if not found:
        found = [f for f in range(FIELD_COUNT) if board[f]]
    return found


def star_targets_of(board: Sequence[int], star: int) -> tuple[list[tuple[int, int | None]], bool]:
    """(target field, direction index or None) pairs in position order, and whether it is a jump."""
    fields = reachable_fields(board, star)
    directions = DIRECTION_TO[star]
    if not fields or fields[0] not in directions:
        return [(f, None) for f in fields], True
    return sorted((f, directions[f]) for f in fields), False

"""The 17 scoring shapes of Mops Royal (the combinations printed on the score board).

Each shape is given once, as (row, col) cells with its marked tiles (the tiles that may be
turned face down after scoring it); any rotation or reflection of a shape scores as well.
Diagonal shapes are tiles touching only at their corners. Every other arrangement, the 2x2
square and the other pentominoes included, does not score.

`frame_placements(width, height)` lays every orientation of every shape onto a frame at every
offset where it fits; the engine and the computer players look combinations up there.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

Cell = tuple[int, int]
Symmetry = Callable[[int, int], Cell]  # a map of (row, col)


class Shape(NamedTuple):
    name: str  # stable key, e.g. "L4"; the view translates it
    cells: tuple[Cell, ...]
    marks: tuple[Cell, ...]  # flip candidates; two where the player chooses

    @property
    def size(self) -> int:
        return len(self.cells)


SHAPES: tuple[Shape, ...] = (
    # three tiles: 2 points
    Shape("line3", ((0, 0), (0, 1), (0, 2)), ((0, 1),)),
    Shape("corner3", ((0, 0), (0, 1), (1, 1)), ((0, 1),)),
    Shape("diagonal3", ((0, 0), (1, 1), (2, 2)), ((1, 1),)),
    # four tiles: 4 points
    Shape("line4", ((0, 0), (0, 1), (0, 2), (0, 3)), ((0, 1), (0, 2))),
    Shape("L4", ((0, 0), (0, 1), (1, 0), (2, 0)), ((0, 0), (1, 0))),
    Shape("T4", ((0, 0), (0, 1), (0, 2), (1, 1)), ((0, 1),)),
    Shape("S4", ((0, 1), (0, 2), (1, 0), (1, 1)), ((0, 1), (1, 1))),
    Shape("diagonal4", ((0, 0), (1, 1), (2, 2), (3, 3)), ((1, 1), (2, 2))),
    # five tiles: 7 points
    Shape("line5", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)), ((0, 2),)),
    Shape("diagonal5", ((0, 0), (1, 1), (2, 2), (3, 3), (4, 4)), ((2, 2),)),
    Shape("L5", ((0, 0), (0, 1), (1, 0), (2, 0), (3, 0)), ((1, 0),)),
    Shape("V5", ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0)), ((0, 0),)),
    Shape("U5", ((0, 0), (0, 1), (1, 1), (2, 1), (2, 0)), ((1, 1),)),
    Shape("plus5", ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)), ((1, 1),)),
    Shape("F5", ((0, 2), (1, 0), (1, 1), (1, 2), (2, 1)), ((1, 1),)),
    Shape("N5", ((0, 1), (1, 0), (1, 1), (2, 0), (3, 0)), ((1, 0),)),
    Shape("Y5", ((0, 1), (1, 0), (1, 1), (1, 2), (1, 3)), ((1, 1),)),
)

SHAPE_BY_NAME = {shape.name: shape for shape in SHAPES}

POINTS_BY_SIZE = {3: 2, 4: 4, 5: 7}
CROWN_BONUS = 1

# The eight symmetries of the square, as maps of (row, col).
SYMMETRIES: tuple[Symmetry, ...] = (
    lambda r, c: (r, c),
    lambda r, c: (c, -r),
    lambda r, c: (-r, -c),
    lambda r, c: (-c, r),
    lambda r, c: (r, -c),
    lambda r, c: (-r, c),
    lambda r, c: (c, r),
    lambda r, c: (-c, -r),
)


def _normalise(cells: list[Cell]) -> tuple[int, int]:
    return min(r for r, _ in cells), min(c for _, c in cells)


class Orientation(NamedTuple):
    """One rotation/reflection of a shape, moved so that its smallest row and column are 0."""

    shape: Shape
    cells: tuple[Cell, ...]  # sorted
    marks: tuple[Cell, ...]  # sorted


@lru_cache(maxsize=None)
def orientations(shape: Shape) -> tuple[Orientation, ...]:
    """The distinct orientations of `shape` (a symmetric shape has fewer than eight)."""
    seen: dict[frozenset[Cell], Orientation] = {}
    for sym in SYMMETRIES:
        cells = [sym(r, c) for r, c in shape.cells]
        marks = [sym(r, c) for r, c in shape.marks]
        r0, c0 = _normalise(cells)
        cells_n = tuple(sorted((r - r0, c - c0) for r, c in cells))
        marks_n = tuple(sorted((r - r0, c - c0) for r, c in marks))
        key = frozenset(cells_n)
        if key in seen:
            # The marks of a shape are symmetric under the shape's own symmetries, so an
            # orientation reached twice always carries the same marks.
            assert seen[key].marks == marks_n, f"asymmetric marks in {shape.name}"
            continue
        seen[key] = Orientation(shape, cells_n, marks_n)
    return tuple(seen.values())


@lru_cache(maxsize=None)
def shape_index() -> dict[frozenset[Cell], Orientation]:
    """Normalised cell set -> orientation, for recognising the shape of a set of cells."""
    index: dict[frozenset[Cell], Orientation] = {}
    for shape in SHAPES:
        for orientation in orientations(shape):
            key = frozenset(orientation.cells)
            assert key not in index, "two shapes share a cell set"
            index[key] = orientation
    return index


def recognise(cells: list[Cell]) -> Orientation | None:
    """The orientation whose cells are exactly `cells` (any position), or None."""
    if not cells:
        return None
    r0, c0 = _normalise(cells)
    return shape_index().get(frozenset((r - r0, c - c0) for r, c in cells))


class BoardShape(NamedTuple):
    """A shape as the score board prints it: its name and its cells and marked tiles in the first
    of its orientations, as (row, col) from the top left."""

    name: str
    cells: tuple[Cell, ...]
    marks: tuple[Cell, ...]


class BoardRow(NamedTuple):
    """The shapes of one size on the score board, with what each scores."""

    size: int
    points: int
    shapes: tuple[BoardShape, ...]


class ScoreBoard(NamedTuple):
    """The printed score board: the shapes by size with their points, and the crown's bonus."""

    rows: tuple[BoardRow, ...]
    crown_bonus: int

    @property
    def shape_count(self) -> int:
        return sum(len(row.shapes) for row in self.rows)

    @property
    def sizes(self) -> tuple[int, ...]:
        """The sizes a combination may have, smallest first."""
        return tuple(row.size for row in self.rows)


@lru_cache(maxsize=None)
def score_board() -> ScoreBoard:
    rows = []
    for size in sorted(POINTS_BY_SIZE):
        shapes = tuple(BoardShape(shape.name, orientations(shape)[0].cells, orientations(shape)[0].marks) for shape in SHAPES if shape.size == size)
        rows.append(BoardRow(size, POINTS_BY_SIZE[size], shapes))
    return ScoreBoard(tuple(rows), CROWN_BONUS)


class Placement(NamedTuple):
    """One orientation of a shape laid onto a frame: cell indices (row-major), sorted."""

    shape: Shape
    cells: tuple[int, ...]
    marks: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cells)


@lru_cache(maxsize=None)
def frame_placements(width: int, height: int) -> tuple[Placement, ...]:
    """Every shape in every orientation at every offset that fits a width x height frame.
    Cell index = row * width + col, so sorting by index is the frame's row-major order."""
    result = []
    for shape in SHAPES:
        for orientation in orientations(shape):
            rows = 1 + max(r for r, _ in orientation.cells)
            cols = 1 + max(c for _, c in orientation.cells)
            for dr in range(height - rows + 1):
                for dc in range(width - cols + 1):
                    cells = tuple(sorted((r + dr) * width + c + dc for r, c in orientation.cells))
                    marks = tuple(sorted((r + dr) * width + c + dc for r, c in orientation.marks))
                    result.append(Placement(shape, cells, marks))
    return tuple(result)


@lru_cache(maxsize=None)
def placements_by_anchor(width: int, height: int) -> tuple[tuple[Placement, ...], ...]:
    """Placements grouped by their first (smallest) cell index."""
    table: list[list[Placement]] = [[] for _ in range(width * height)]
    for placement in frame_placements(width, height):
        table[placement.cells[0]].append(placement)
    return tuple(tuple(group) for group in table)


@lru_cache(maxsize=None)
def placement_indices_by_cell(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Indices into `frame_placements(width, height)` of the placements covering each cell."""
    table: list[list[int]] = [[] for _ in range(width * height)]
    for index, placement in enumerate(frame_placements(width, height)):
        for cell in placement.cells:
            table[cell].append(index)
    return tuple(tuple(group) for group in table)


@lru_cache(maxsize=None)
def placements_by_cell(width: int, height: int) -> tuple[tuple[Placement, ...], ...]:
    """Placements grouped by every cell they cover."""
    table: list[list[Placement]] = [[] for _ in range(width * height)]
    for placement in frame_placements(width, height):
        for cell in placement.cells:
            table[cell].append(placement)
    return tuple(tuple(group) for group in table)

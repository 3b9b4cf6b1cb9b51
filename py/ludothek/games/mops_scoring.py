"""Mops Royal's scoring: which combinations a layout holds (a shape of the score board, face up,
one colour or one motif), what each is worth and the move that scores it, each described as the
view lists it (`Combination`), and the ranking at the end (points, then fewer face-down tiles).

Its own module because the scoring is one rule, asked by the engine (games/mops.py), its position
checks (games/mops_position.py) and the computer players alike, over a layout alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from .notation import COLOURS, FRAME, MOTIFS
from .notation import frame_cell_name as cell_name
from .mops_layout import CROWNS, CELLS, FACE_DOWN, colour_of, face_down_cells, motif_of
from .notation import MopsMove, scoring_move
from .mops_shapes import CROWN_BONUS, POINTS_BY_SIZE, Placement, placements_by_anchor

ANCHORED = placements_by_anchor(FRAME, FRAME)

# What the tiles of a combination share: their colour or their motif.
Shared = Literal["colour", "motif"]


class Combination(NamedTuple):
    """A combination that may be scored: what the view lists and highlights."""

    cells: tuple[str, ...]  # in frame order
    shape: str  # key of mops_shapes.SHAPES, e.g. "L4"
    shared: Shared  # what its tiles share: "colour" or "motif"
    feature: str  # the shared colour letter (b g o p v y) or motif letter (P B W C K H)
    points: int  # including the crown bonus
    crown: bool
    flips: tuple[str, ...]  # marked tiles: the player turns one of them face down
    moves: tuple[MopsMove, ...]  # the move for each flip, in the order of `flips`


def combinations(layout: bytes, first_only: bool = False) -> list[Placement]:
    """Every placement of a shape whose tiles are face up and share a colour or a motif."""
    found = []
    for anchor in range(CELLS):
        first = layout[anchor]
        if first >= FACE_DOWN:  # face down or empty
            continue
        colour, motif = first % 6, first // 6
        for placement in ANCHORED[anchor]:
            same_colour = same_motif = True
            for cell in placement.cells[1:]:
                t = layout[cell]
                if t >= FACE_DOWN:
                    break
                if t % 6 != colour:
                    same_colour = False
                if t // 6 != motif:
                    same_motif = False
                if not (same_colour or same_motif):
                    break
            else:
                found.append(placement)
                if first_only:
                    return found
    return found


def combinations_through(layout: bytes, cell: int) -> list[Placement]:
    """Every combination of `layout` (as `combinations`) that covers `cell`."""
    return [placement for placement in combinations(layout) if cell in placement.cells]


def can_score(layout: bytes) -> bool:
    return bool(combinations(layout, first_only=True))


def shape_points(size: int, crown: bool) -> int:
    """What a combination of `size` tiles scores, with a crown tile among them or not."""
    return POINTS_BY_SIZE[size] + (CROWN_BONUS if crown else 0)


def combination_points(layout: bytes, placement: Placement) -> int:
    return shape_points(placement.size, any(layout[c] in CROWNS for c in placement.cells))


def describe_combination(layout: bytes, placement: Placement) -> Combination:
    """A placement of `layout` that scores, as the view lists it: its cells, shape, colour or
    motif, points, flips and the move for each."""
    tiles = [layout[c] for c in placement.cells]
    shared: Shared
    if len({colour_of(t) for t in tiles}) == 1:
        shared, feature = "colour", COLOURS[colour_of(tiles[0])]
    else:
        shared, feature = "motif", MOTIFS[motif_of(tiles[0])]
    return Combination(
        cells=tuple(cell_name(c) for c in placement.cells),
        shape=placement.shape.name,
        shared=shared,
        feature=feature,
        points=combination_points(layout, placement),
        crown=any(t in CROWNS for t in tiles),
        flips=tuple(cell_name(c) for c in placement.marks),
        moves=tuple(scoring_move(placement.cells, c) for c in placement.marks),
    )


def _ranking_key(scores: Sequence[int], layouts: Sequence[bytes], seat: int) -> tuple[int, int]:
    """What places a seat: its points, then fewer face-down tiles (the tie-break); larger is better."""
    return scores[seat], -len(face_down_cells(layouts[seat]))


def final_ranking(scores: Sequence[int], layouts: Sequence[bytes]) -> tuple[int, ...]:
    """Winners: most points, then fewest face-down tiles; tied leaders share the win."""
    keys = [_ranking_key(scores, layouts, i) for i in range(len(scores))]
    best = max(keys)
    return tuple(i for i, key in enumerate(keys) if key == best)


def ranking(scores: Sequence[int], layouts: Sequence[bytes]) -> tuple[int, ...]:
    """Every seat, best first by the rule of `final_ranking` (points, then fewer face-down tiles),
    equals in seat order."""
    return tuple(sorted(range(len(scores)), key=lambda seat: (tuple(-k for k in _ranking_key(scores, layouts, seat)), seat)))

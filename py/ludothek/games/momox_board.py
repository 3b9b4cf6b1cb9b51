"""The Momox board: our reconstruction **[decided]**, in ONE data table.

The rulebook describes the board only in words (a circuit with four round corner fields, yellow
fields, rectangular tile fields beside the four start corners, six circles in the middle). The
layout below is ours (docs/rules-decisions.md, "Momox"). Change the board here and only here: the engine and
the computer players derive everything (circuit length, corners, yellow fields, start fields,
which tile lies beside which corner) from `FIELDS`.

Reading the table: one row per field of the circuit, numbered clockwise from red's start corner.
Each row is (kind, colour whose figure starts here or None, tiles beside the field or None).
Tiles are given per colour in the order red, blue, green, purple. Seen from a colour's start
corner, clockwise: the next corner holds its 4, the one after its 3, then its 2, and its own
start corner its 1 (so greedy collecting in one lap gives 1234, the best 4321 needs patience).
"""

from __future__ import annotations

from .seats import SEAT_COLOURS

COLOURS = SEAT_COLOURS["momox"]
COLOUR_LETTERS = "RBGP"

PLAIN, YELLOW, CORNER = "plain", "yellow", "corner"

#        kind     start  tiles (red, blue, green, purple)
FIELDS = (
    (CORNER, 0, (1, 2, 3, 4)),  # 0   red's start corner
    (PLAIN, None, None),  # 1
    (PLAIN, None, None),  # 2
    (YELLOW, None, None),  # 3
    (PLAIN, None, None),  # 4
    (PLAIN, None, None),  # 5
    (YELLOW, None, None),  # 6
    (PLAIN, None, None),  # 7
    (CORNER, 1, (4, 1, 2, 3)),  # 8   blue's start corner
    (PLAIN, None, None),  # 9
    (PLAIN, None, None),  # 10
    (YELLOW, None, None),  # 11
    (PLAIN, None, None),  # 12
    (PLAIN, None, None),  # 13
    (YELLOW, None, None),  # 14
    (PLAIN, None, None),  # 15
    (CORNER, 2, (3, 4, 1, 2)),  # 16  green's start corner
    (PLAIN, None, None),  # 17
    (PLAIN, None, None),  # 18
    (YELLOW, None, None),  # 19
    (PLAIN, None, None),  # 20
    (PLAIN, None, None),  # 21
    (YELLOW, None, None),  # 22
    (PLAIN, None, None),  # 23
    (CORNER, 3, (2, 3, 4, 1)),  # 24  purple's start corner
    (PLAIN, None, None),  # 25
    (PLAIN, None, None),  # 26
    (YELLOW, None, None),  # 27
    (PLAIN, None, None),  # 28
    (PLAIN, None, None),  # 29
    (YELLOW, None, None),  # 30
    (PLAIN, None, None),  # 31
)

# The chips: six values on six circles; circle 0 is the centre (open at the start), 1-5 around it.
CHIP_VALUES = (1, 2, 3, 4, 5, 6)
CENTRE = 0
CIRCLES = len(CHIP_VALUES)
TILE_VALUES = (1, 2, 3, 4)

# -- derived from the table (do not edit) -------------------------------------------------------

FIELD_COUNT = len(FIELDS)
FIELD_KINDS = tuple(kind for kind, _, _ in FIELDS)
CORNER_FIELDS = tuple(i for i, kind in enumerate(FIELD_KINDS) if kind == CORNER)
YELLOW_FIELDS = frozenset(i for i, kind in enumerate(FIELD_KINDS) if kind == YELLOW)
START_FIELDS = tuple(next(i for i, row in enumerate(FIELDS) if row[1] == colour) for colour in range(len(COLOURS)))
# TILE_AT[field][colour]: value of that colour's tile beside `field` (0: none there).
TILE_AT = tuple(tuple(row[2]) if row[2] else (0,) * len(COLOURS) for row in FIELDS)
# TILE_FIELD[colour][value]: the corner field where that colour's tile of that value lies.
TILE_FIELD = tuple({TILE_AT[f][colour]: f for f in CORNER_FIELDS if TILE_AT[f][colour]} for colour in range(len(COLOURS)))


def _check_table() -> None:
    """The table must describe a playable board; a mistake in an edit fails at import."""
    for colour, name in enumerate(COLOURS):
        starts = [i for i, row in enumerate(FIELDS) if row[1] == colour]
        if len(starts) != 1 or FIELD_KINDS[starts[0]] != CORNER:
            raise AssertionError(f"momox board: {name} needs exactly one start corner")
        if sorted(TILE_FIELD[colour]) != list(TILE_VALUES):
            raise AssertionError(f"momox board: {name} needs one tile of each value 1-4 beside the corners")
    for i, (kind, start, tiles) in enumerate(FIELDS):
        if (tiles is not None) != (kind == CORNER):
            raise AssertionError(f"momox board: field {i}: tiles lie beside the corners and only there")


_check_table()

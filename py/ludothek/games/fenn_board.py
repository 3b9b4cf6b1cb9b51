"""Fenn's board and dice (the rules are games/fenn.py's docstring): the fields 1-9 with a start
beside each end, Miwin's three dice and their faces, the seats' colours and letters (and each
seat's opponent), and the black die's opening faces.

Its own module because the engine (games/fenn.py), its state (games/fenn_state.py), its position
text (games/fenn_position.py), the view and the solver all read these tables; none of them changes.
"""

from __future__ import annotations

from .seats import SEAT_COLOURS

BLUE, RED = 0, 1
COLOURS = SEAT_COLOURS["fenn"]
LETTERS = "br"
# Miwin's dice: III for blue, IV for red, V for the black die.
DIE_FACES = ((1, 2, 5, 6, 7, 9), (1, 3, 4, 5, 8, 9))
DIE_NAMES = ("III", "IV")
BLACK_FACES = (2, 3, 4, 6, 7, 8)
BLACK_NAME = "V"
START_FACE = 5
START_FIELD = (0, 10)  # beside the board: before field 1, after field 9
GOAL_FIELD = (9, 1)
FIRST_FIELD, LAST_FIELD = 1, 9
BOARD_FIELDS = tuple(range(FIRST_FIELD, LAST_FIELD + 1))
# The opening roll of the black die: 6 lets blue begin, 4 lets red begin; other faces are rerolled.
OPENING_FACE = {BLUE: 6, RED: 4}


def opponent(seat: int) -> int:
    """The other seat: red for blue, blue for red."""
    return RED if seat == BLUE else BLUE

"""The state of a game of Fenn: where the blue and red dice stand and which faces they show, the
black die's face, whose turn and in which phase (step, pass, extra step, Pasch, over), the field
the turn began on, the opening rolls, the turn-start positions seen so far (the repetition rule)
and how the game ended; why a game of Fenn ends (`FennEnd`); how a game began and where a turn
began, as the engine answers them (`Opening`, `TurnStart`); and `turn_key`, the text of a turn
start that the repetition rule compares.

Its own module because the engine (games/fenn.py) and the position text (games/fenn_position.py),
which writes and reads it, both build it; the rules of play are the engine's, the board and dice
games/fenn_board.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from .base import EndReason, Outcome, StateBase
from .fenn_board import BLUE, LETTERS

# The phase of a state (`FennState.phase`), the one vocabulary of the engine, its view and its tests.
FennPhase = Literal["step", "pass", "extra", "pasch", "over"]
STEP: FennPhase = "step"  # a new turn begins and the player must step
PASS: FennPhase = "pass"  # a new turn begins without a legal step: the player passes
EXTRA: FennPhase = "extra"  # an extra step was earned: step again or end
PASCH: FennPhase = "pasch"  # a Pasch was thrown: set the black die or end
OVER: FennPhase = "over"  # won or drawn (`outcome` says which)
NEW_TURN = (STEP, PASS)  # a new turn begins: the player steps if a step is possible, else passes


class FennEnd(EndReason):
    """Why a game of Fenn ends (`Outcome.reason`)."""

    CROSSED = "crossed"  # a die reached its far end: its player wins
    REPETITION = "repetition"  # a turn-start position came up for the third time: a draw


@dataclass(frozen=True, kw_only=True)
class FennState(StateBase):
    blue: int  # field 0-9 (0: beside the board before field 1)
    blue_face: int
    red: int  # field 1-10 (10: beside the board after field 9)
    red_face: int
    black: int
    to_move: int  # 0 blue, 1 red; after a win: the winner
    phase: FennPhase = STEP  # set by the engine from the rest (`Fenn._settled`), never by hand
    turn_start: int | None = None  # the field the turn began on, kept while an extra step is pending
    opening_rolls: tuple[int, ...] = ()
    history: tuple[str, ...] = ()  # turn-start positions so far (repetition rule), the current one last
    outcome: Outcome | None = None  # None while the game runs; the winner and `FennEnd.CROSSED`, or a draw by `FennEnd.REPETITION`

    def field_of(self, seat: int) -> int:
        return self.blue if seat == BLUE else self.red

    def face_of(self, seat: int) -> int:
        return self.blue_face if seat == BLUE else self.red_face


class Opening(NamedTuple):
    """How a game began: the black die's rolls (the decisive one last; with `chosen` the one face
    the chosen starter's roll would show), the seat that began, and whether the setup chose it
    (the option `first`) instead of rolling."""

    rolls: tuple[int, ...]
    starter: int
    chosen: bool


class TurnStart(NamedTuple):
    """Where a turn began: the seat that moved, its die's field and face, and the black die's face
    (face and black None when only the field is known: an extra step of a position's turn)."""

    seat: int
    field: int
    face: int | None
    black: int | None


def turn_key(blue: int, blue_face: int, red: int, red_face: int, black: int, to_move: int) -> str:
    """The position text of a turn start: what the repetition rule compares."""
    return f"b{blue}:{blue_face} r{red}:{red_face} k{black} {LETTERS[to_move]}"


def won(seat: int) -> Outcome:
    """The outcome of a game `seat` has won by crossing the board."""
    return Outcome((seat,), FennEnd.CROSSED)


DRAWN = Outcome((), FennEnd.REPETITION)  # the outcome of a game drawn by repetition

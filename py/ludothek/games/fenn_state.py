"""The state of a game of Fenn: where the blue and red dice stand and which faces they show, the
black die's face, whose turn and in which phase (step, pass, extra step, Pasch, over), the field
the turn began on, the opening rolls and the turn-start positions seen so far (the repetition
rule); and `turn_key`, the text of a turn start that the repetition rule compares.

Its own module because the engine (games/fenn.py) and the position text (games/fenn_position.py),
which writes and reads it, both build it; the rules of play are the engine's, the board and dice
games/fenn_board.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .base import Outcome, StateBase
from .fenn_board import BLUE, LETTERS

# The phase of a state (`FennState.phase`), the one vocabulary of the engine, its view and its tests.
FennPhase = Literal["step", "pass", "extra", "pasch", "over"]
STEP: FennPhase = "step"  # a new turn begins and the player must step
PASS: FennPhase = "pass"  # a new turn begins without a legal step: the player passes
EXTRA: FennPhase = "extra"  # an extra step was earned: step again or end
PASCH: FennPhase = "pasch"  # a Pasch was thrown: set the black die or end
OVER: FennPhase = "over"  # won or drawn (`outcome` says which)
NEW_TURN = (STEP, PASS)  # a new turn begins: the player steps if a step is possible, else passes


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
    winner: int | None = None
    drawn: bool = False

    @property
    def outcome(self) -> Outcome | None:
        if self.winner is not None:
            return Outcome((self.winner,), "crossed")
        return Outcome((), "repetition") if self.drawn else None

    def field_of(self, seat: int) -> int:
        return self.blue if seat == BLUE else self.red

    def face_of(self, seat: int) -> int:
        return self.blue_face if seat == BLUE else self.red_face


def turn_key(blue: int, blue_face: int, red: int, red_face: int, black: int, to_move: int) -> str:
    """The position text of a turn start: what the repetition rule compares."""
    return f"b{blue}:{blue_face} r{red}:{red_face} k{black} {LETTERS[to_move]}"

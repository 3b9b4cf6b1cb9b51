"""The state of a game of Nummerus Zahlus: the board's chips and the star, whose turn and in which
phase (move the star, decide on a swap, over), every seat's collection, the swap chips left and the
tournament's rounds and points.

Its own module because the engine (games/nummerus.py) and the position text
(games/nummerus_position.py), which writes and reads it, both build it; the rules of play are the
engine's, the result the scoring's (games/nummerus_scoring.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .base import Outcome, StateBase
from .errors import EndReason
from .nummerus_scoring import Groups, final_winners

MAX_ROUNDS = 20

# The phase of a state (`NummerusState.phase`), the one vocabulary of the engine, its view and its tests.
NummerusPhase = Literal["star", "swap", "over"]
STAR_PHASE: NummerusPhase = "star"  # the player to move moves the star to a chip and takes it
SWAP_PHASE: NummerusPhase = "swap"  # the mover has taken a chip and may swap it (or decline, `NO_SWAP`)
OVER_PHASE: NummerusPhase = "over"  # the last chip of the last round is taken (`outcome` says who won)


class NummerusEnd(EndReason):
    """Why a game of Nummerus Zahlus ends (`Outcome.reason`)."""

    BOARD_EMPTY = "board-empty"  # the last chip of the last round is taken


def rulebook_swap_chips(players: int) -> int:
    """Swap chips the rulebook deals each player: 2 with up to 3 players, 1 with 4."""
    return 1 if players >= 4 else 2


# The option `swap_chips` deals from 1 to this many swap chips per player instead of the rulebook's
# (0, its default, deals the rulebook's).
MAX_SWAP_CHIPS = 3


@dataclass(frozen=True, kw_only=True)
class NummerusState(StateBase):
    # 49 fields in position order: chip number, 0 = no chip (empty or the star). Bytes, because
    # they index like a tuple of small ints and copy as one immutable value.
    board: bytes
    star: int  # field index of the star
    to_move: int
    collections: tuple[Groups, ...]  # per seat: groups as (low, high), ascending
    phase: NummerusPhase = STAR_PHASE  # set by the engine as a move leaves the game, never by hand
    swap_chips_left: tuple[int, ...] = ()  # per seat; () without the swap variant
    swap_chips_dealt: int = 0  # to every seat at each round's start; 0 without the swap variant
    round: int = 1
    rounds: int = 0  # 0: the basic game; otherwise a tournament of this many rounds
    round_points: tuple[tuple[int, ...], ...] = ()  # points of the finished rounds, per seat
    round_starter: int = 0  # the seat that began the round in play

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER_PHASE:
            return None
        return Outcome(final_winners(self.collections, self.rounds, self.round_points), NummerusEnd.BOARD_EMPTY)

    def __deepcopy__(self, memo: dict[int, Any]) -> "NummerusState":
        # Frozen, and every field is an immutable value (bytes, tuples of ints and strings), so
        # a deep copy is the state itself: what copy.deepcopy would rebuild, without the walk.
        # (`memo` is copy.deepcopy's own table of any objects: Any is its type there.)
        return self

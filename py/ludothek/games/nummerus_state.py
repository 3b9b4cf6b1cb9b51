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
from .nummerus_scoring import Groups, final_winners

MAX_ROUNDS = 20
NO_SWAP = "noswap"

NummerusPhase = Literal["star", "swap", "over"]
STAR_PHASE: NummerusPhase = "star"  # move the star to a chip (`STAR` is the star in a layout)
SWAP: NummerusPhase = "swap"  # the mover has taken a chip and may swap it (or decline, `NO_SWAP`)
OVER: NummerusPhase = "over"


def swap_chips_per_player(players: int) -> int:
    """Swap chips dealt to each player: 2 with up to 3 players, 1 with 4 (rulebook)."""
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
    swaps: tuple[int, ...] = ()  # swap chips left per seat; () without the swap variant
    swap_chips: int = 0  # swap chips dealt per seat at each round's start; 0 without the swap variant
    swap_step: bool = False  # the player to move has taken a chip and may now swap
    round: int = 1
    rounds: int = 0  # 0: the basic game; otherwise a tournament of this many rounds
    round_points: tuple[tuple[int, ...], ...] = ()  # points of the finished rounds, per seat
    round_starter: int = 0  # the seat that began the round in play
    over: bool = False

    @property
    def phase(self) -> NummerusPhase:
        """ "star" (move the star to a chip), "swap" (swap a chip or decline) or "over"."""
        if self.over:
            return OVER
        return SWAP if self.swap_step else STAR_PHASE

    @property
    def outcome(self) -> Outcome | None:
        return Outcome(final_winners(self.collections, self.rounds, self.round_points), "board-empty") if self.over else None

    def __deepcopy__(self, memo: dict[int, Any]) -> "NummerusState":
        # Frozen, and every field is an immutable value (bytes, tuples of ints and strings), so
        # a deep copy is the state itself: what copy.deepcopy would rebuild, without the walk.
        return self

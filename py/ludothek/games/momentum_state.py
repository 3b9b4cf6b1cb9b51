"""The state of a game of Momentum, and the board and numbers it is made of: the sizes, the cells
(stones and special cells), the stones the rulebook deals, whose turn it is and in which phase,
the hands, the round (for the optional round limit), and why a game ended (`MomentumEnd`).

Its own module because the engine (games/momentum.py), which plays the moves, and the notation
(games/momentum_position.py), which writes and reads positions, both build it. Next:
games/momentum.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .base import Outcome, StateBase
from .errors import EndReason

SIZES = {"7x7": (7, 7), "7x9": (7, 9), "9x9": (9, 9)}  # a size's name: (width, height)
# Stones per player by player count and board size, from the rulebook's two tables.
STONES_PER_PLAYER = {2: {"7x7": 8, "7x9": 10, "9x9": 12}, 3: {"7x7": 6, "7x9": 7, "9x9": 8}}
PIE_PLAYERS = (2,)  # the player counts the pie rule is played with
SEAT_LETTERS = "RBG"  # a seat's stones on the board

EMPTY, HOLE, DAMPER, BUFFER = ".", "x", "d", "p"  # the cells that hold no stone
STONE_CHARS = frozenset(SEAT_LETTERS)
MAX_SPECIALS = 16  # more special cells do not leave a playable board
MAX_ROUND_LIMIT = 999

# What the player to move does (`MomentumState.phase`).
MomentumPhase = Literal["place", "place-or-swap", "over"]
PLACE: MomentumPhase = "place"  # place a stone
PLACE_OR_SWAP: MomentumPhase = "place-or-swap"  # the pie rule's turn: place a stone or swap
OVER: MomentumPhase = "over"  # a hand emptied or the round limit passed (`outcome` says which)


class MomentumEnd(EndReason):
    """Why a game ended (`Outcome.reason`)."""

    HAND_EMPTY = "hand-empty"  # the mover's hand is empty after their turn: they win
    ROUND_LIMIT = "round-limit"  # the agreed rounds are played: the most stones on the board win


@dataclass(frozen=True, kw_only=True)
class MomentumState(StateBase):
    """A game of Momentum between two moves: the board, whose turn it is, the hands, the phase,
    and the round (for the optional round limit). Made only by the engine and its notation."""

    width: int
    height: int
    board: str  # row-major from rank 1 upward: index = (rank - 1) * width + file
    to_move: int  # after the end: the seat that would have moved next
    hands: tuple[int, ...]  # stones in hand, in seat order
    phase: MomentumPhase = PLACE
    swap_ahead: bool = False  # the pie rule is on and its swap still to come (after the first stone)
    round: int = 1  # the round being played (every seat moves once a round)
    round_limit: int = 0  # 0: no limit
    winners: tuple[int, ...] = ()  # once over (empty: a draw)

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        # Only the mover can empty their hand, and that ends the game at once.
        return Outcome(self.winners, MomentumEnd.HAND_EMPTY if 0 in self.hands else MomentumEnd.ROUND_LIMIT)


def round_limit_winners(board: list[str] | str, players: int) -> tuple[int, ...]:
    """Most stones on the board wins; tied leaders share the win, an all-round tie is a draw [decided]."""
    counts = [board.count(SEAT_LETTERS[i]) for i in range(players)]
    best = max(counts)
    leaders = tuple(i for i, n in enumerate(counts) if n == best)
    return () if len(leaders) == players else leaders

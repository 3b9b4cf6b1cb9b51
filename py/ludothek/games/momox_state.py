"""The state of a game of Momox: the figures on the circuit, the tiles each seat holds, whose turn
and in which phase (lift a bowl, take or leave a tile, shuffle or keep, over), the chips on the
circles and which lie face up, the rounds and their results; and the small pure readings of those
parts that the engine, its position text and the computer players share (`walk`, `number_of`,
`tile_beside`, `open_circle_of`).

Its own module because the engine (games/momox.py) and the position text (games/momox_position.py),
which writes and reads it, both build it; the rules of play are the engine's, the board's table
games/momox_board.py.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .base import EndReason, Outcome, StateBase
from .momox_board import CENTRE, FIELD_COUNT, TILE_AT

MomoxPhase = Literal["key", "tile", "shuffle", "over"]
KEY: MomoxPhase = "key"
TILE: MomoxPhase = "tile"
SHUFFLE: MomoxPhase = "shuffle"
OVER: MomoxPhase = "over"
PHASES = (KEY, TILE, SHUFFLE, OVER)
YELLOWS_FOR_SHUFFLE = 3  # "mindestens dreimal hintereinander auf ein gelbes Feld"
MAX_ROUNDS = 99
MIN_PLAYERS, MAX_PLAYERS = 2, 4


class MomoxEnd(EndReason):
    """Why a game of Momox ended (`Outcome.reason`)."""

    FOUR_TILES = "four-tiles"  # one round: the first with four tiles wins alone
    ROUNDS_PLAYED = "rounds-played"  # several rounds: the highest total of the numbers formed wins


@dataclass(frozen=True, kw_only=True)
class MomoxState(StateBase):
    figures: tuple[int, ...]  # field of each seat's figure
    tiles: tuple[tuple[int, ...], ...]  # per seat, tile values in the order taken (ones first)
    to_move: int  # the seat deciding now (the round's finisher once over)
    phase: MomoxPhase  # key, tile, shuffle or over
    yellows: int  # yellow fields landed on in this turn so far
    turn: int = 1  # the turn being played in this round, over all seats, from 1
    chips: tuple[int, ...]  # value on each circle; 0 = hidden (only in observations)
    seen: tuple[tuple[int, int], ...]  # face-up chips (circle, value), least recently uncovered first
    round: int = 1
    rounds: int = 1
    results: tuple[tuple[int, ...], ...] = ()  # numbers of each finished round, seat order
    reveal_floor: int = 0  # moves up to the last one that turned a chip face up (undo stops there)
    # `hidden` (an observation): hidden chips are 0

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self.rounds == 1:
            return Outcome((self.to_move,), MomoxEnd.FOUR_TILES)
        totals = [sum(row[seat] for row in self.results) for seat in range(len(self.figures))]
        leaders = tuple(seat for seat, total in enumerate(totals) if total == max(totals))
        return Outcome(() if len(leaders) == len(totals) else leaders, MomoxEnd.ROUNDS_PLAYED)

    def __deepcopy__(self, memo: dict[int, object]) -> "MomoxState":
        # Every field is immutable (numbers, strings, tuples of them), so a new state with the same
        # field values is a deep copy; copying the long move tuple item by item would only cost time.
        return replace(self)


# -- small pure helpers (also used by the computer players) -------------------------------------


def walk(field: int, steps: int) -> tuple[int, ...]:
    """The fields a figure on `field` passes walking `steps` clockwise, ending where it lands."""
    return tuple((field + i) % FIELD_COUNT for i in range(1, steps + 1))


def number_of(tiles: tuple[int, ...]) -> int:
    """The number formed by tiles taken in this order (first = ones); missing digits are 0."""
    return sum(value * 10**place for place, value in enumerate(tiles))


def tile_beside(field: int, seat: int, held: tuple[int, ...]) -> int:
    """Value of the seat's tile still lying beside `field` (0: none there or already taken)."""
    value = TILE_AT[field][seat]
    return 0 if value == 0 or value in held else value


def open_circle_of(seen: tuple[tuple[int, int], ...]) -> int:
    return seen[-1][0] if seen else CENTRE

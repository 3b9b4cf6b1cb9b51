"""The state of a game of Momox: the figures on the circuit, the tiles each seat holds, whose turn
and in which phase (lift a bowl, take or leave a tile, shuffle or keep, over), the chips on the
circles and which lie face up, the rounds and their results (`several_rounds`: whether more than
one is played); why a game ended (`MomoxEnd`); and the small pure readings of those parts that
the engine, its position text, its editing and the computer players share (`landing`, `walk`,
`number_of`, `numbers_formed`, `round_totals`, `tile_beside`, `open_circle_of`, and the turn
order: `first_seat`, `seat_of_turn`, `next_seat`, `turns_played`).

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
LIFT: MomoxPhase = "key"  # lift a bowl: written `key`, the word of the first versions, which drew keys
TILE: MomoxPhase = "tile"
SHUFFLE: MomoxPhase = "shuffle"
OVER: MomoxPhase = "over"
PHASES = (LIFT, TILE, SHUFFLE, OVER)
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
    phase: MomoxPhase  # LIFT (written key), TILE, SHUFFLE or OVER
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
    def several_rounds(self) -> bool:
        """Several rounds are played: each round's numbers are scored and the totals decide; with
        one round the first with four tiles wins alone."""
        return self.rounds > 1

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if not self.several_rounds:
            return Outcome((self.to_move,), MomoxEnd.FOUR_TILES)
        totals = round_totals(self.results, len(self.figures))
        leaders = tuple(seat for seat, total in enumerate(totals) if total == max(totals))
        return Outcome(() if len(leaders) == len(totals) else leaders, MomoxEnd.ROUNDS_PLAYED)

    def __deepcopy__(self, memo: dict[int, object]) -> "MomoxState":
        # Every field is immutable (numbers, strings, tuples of them), so a new state with the same
        # field values is a deep copy; copying the long move tuple item by item would only cost time.
        return replace(self)


# -- small pure helpers (also used by the computer players) -------------------------------------


def landing(field: int, steps: int) -> int:
    """The field a figure on `field` lands on walking `steps` clockwise."""
    return (field + steps) % FIELD_COUNT


def walk(field: int, steps: int) -> tuple[int, ...]:
    """The fields a figure on `field` passes walking `steps` clockwise, ending where it lands."""
    return tuple(landing(field, i) for i in range(1, steps + 1))


def number_of(tiles: tuple[int, ...]) -> int:
    """The number formed by tiles taken in this order (first = ones); missing digits are 0."""
    return sum(value * 10**place for place, value in enumerate(tiles))


def numbers_formed(tiles: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Each seat's number (`number_of` its tiles), seat order: a round's result when it ends."""
    return tuple(number_of(held) for held in tiles)


def round_totals(results: tuple[tuple[int, ...], ...], players: int) -> tuple[int, ...]:
    """Each seat's total of the finished rounds' numbers."""
    return tuple(sum(row[seat] for row in results) for seat in range(players))


def first_seat(round_number: int, players: int) -> int:
    """The seat that plays turn 1 of a round: round r begins with seat (r-1) mod players."""
    return (round_number - 1) % players


def seat_of_turn(round_number: int, turn: int, players: int) -> int:
    """The seat that plays `turn` of round `round_number` (the seats take turns in seat order)."""
    return (first_seat(round_number, players) + turn - 1) % players


def turns_played(s: MomoxState, seat: int) -> int:
    """The turns `seat` has finished in the round being played (the current one not counted)."""
    players = len(s.figures)
    first_turn = (seat - first_seat(s.round, players)) % players + 1
    before_now = s.turn - first_turn  # turns of the round before this one, from the seat's first on
    return 0 if before_now <= 0 else (before_now + players - 1) // players


def next_seat(s: MomoxState) -> int:
    """The seat that plays the turn after the current one in this round."""
    return seat_of_turn(s.round, s.turn + 1, len(s.figures))


def tile_beside(field: int, seat: int, held: tuple[int, ...]) -> int:
    """Value of the seat's tile still lying beside `field` (0: none there or already taken)."""
    value = TILE_AT[field][seat]
    return 0 if value == 0 or value in held else value


def open_circle_of(seen: tuple[tuple[int, int], ...]) -> int:
    return seen[-1][0] if seen else CENTRE

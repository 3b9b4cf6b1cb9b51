"""Momox' moves: their notation (`MomoxMove`, made only here and by the engine), the rules a move
may break (`MomoxRule`) and what each kind of move does (`MomoxEffect`, one exact type a kind).

Moves: `k0`..`k5` lift the bowl from that circle (the letter is kept from the first versions,
which drew keys: old records and links replay unchanged), `stay` ends the turn on the yellow
field just reached, `take` / `leave` the tile beside the corner reached, `shuffle` / `keep` the
chips after three yellow fields (games/momox.py's docstring has the rules).

Its own module because the engine (games/momox.py), the view and the computer players all name
the moves and read their effects, while only the engine plays them.
"""

from __future__ import annotations

from typing import NamedTuple, NewType

from .errors import Rule
from .momox_board import CIRCLES

# A move of Momox in its notation: made by the engine (`legal_moves`) and by the constants below.
MomoxMove = NewType("MomoxMove", str)

LIFT_MOVES = tuple(MomoxMove(f"k{c}") for c in range(CIRCLES))  # lift the bowl from circle c
STAY = MomoxMove("stay")  # end the turn on the yellow field just reached ("so darf man nochmals ...": may)
TAKE = MomoxMove("take")
LEAVE = MomoxMove("leave")
RESHUFFLE = MomoxMove("shuffle")  # all chips face down, shuffled, bowls back on circles 1-5
KEEP = MomoxMove("keep")
MOVE_HELP = "k0-k5, stay, take, leave, shuffle or keep"


def lifted_circle(move: str) -> int | None:
    """The circle whose bowl `move` lifts (None: it lifts none)."""
    return LIFT_MOVES.index(MomoxMove(move)) if move in LIFT_MOVES else None


class MomoxRule(Rule):
    """The rules a move may break (`IllegalMove.rule`); the texts are the stable identifiers saves,
    links and the views' sentences carry."""

    NOT_A_MOVE = "not-a-move"
    TILE_PENDING = "tile-pending"
    SHUFFLE_PENDING = "shuffle-pending"
    STAY_NOT_YELLOW = "stay-not-yellow"
    OPEN_CIRCLE = "open-circle"
    NO_TILE = "no-tile"
    NO_SHUFFLE = "no-shuffle"


class LiftEffect(NamedTuple):
    """A bowl lifted (`k0`..`k5`): the chip it uncovered and the walk it made."""

    move: MomoxMove
    seat: int
    circle: int  # the circle whose bowl was lifted: the open circle now
    value: int  # the chip uncovered: the fields walked
    first_seen: bool  # the chip was face down until now
    start: int  # the field the figure walked from
    path: tuple[int, ...]  # fields passed, ending on the landing field
    landing: int
    covered_again: int  # the circle the bowl was turned over (the open circle before)
    yellow: bool  # landed on yellow: the same player may lift another bowl or stay


class TakeEffect(NamedTuple):
    """A tile taken: its value, the place it fills and the tiles held now."""

    move: MomoxMove
    seat: int
    tile: int
    place: int  # 0 ones, 1 tens, 2 hundreds, 3 thousands
    held: tuple[int, ...]  # the seat's tiles after taking it, in the order taken
    round_result: tuple[int, ...] | None  # the numbers, when this tile ended a round


class ChoiceEffect(NamedTuple):
    """`stay`, `leave`, `shuffle` or `keep`: the choice is all the move does (a reshuffle's new
    chips lie face down)."""

    move: MomoxMove
    seat: int


MomoxEffect = LiftEffect | TakeEffect | ChoiceEffect

__all__ = [
    "ChoiceEffect",
    "KEEP",
    "LEAVE",
    "LIFT_MOVES",
    "LiftEffect",
    "MOVE_HELP",
    "MomoxEffect",
    "MomoxMove",
    "MomoxRule",
    "RESHUFFLE",
    "STAY",
    "TAKE",
    "TakeEffect",
    "lifted_circle",
]

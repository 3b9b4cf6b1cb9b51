"""Fenn's moves as data: the move type (`FennMove`, notation text the engine makes), the rules a
move may break (`FennRule`), why a die may not enter a field (`FieldReason`, the landing bans each
refused by its rule, and each field as the player to move sees it: `FieldStatus`), and what each
kind of move does (`FennEffect`: a step, the black die
set after a Pasch, a turn ended, a pass), each kind its own type with only the fields it fills.

Its own module because these are the engine's vocabulary for everything a move is, refused for
and does, which the engine (games/fenn.py) answers with and the view (render/fenn.py), its board
and the computer players (ai/fenn.py) read; the rules themselves are the engine's.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple, NewType

from .errors import Rule
from .notation import black_move, step_move

# A move of Fenn in its notation (games/fenn.py's docstring): `3:7`, `k8`, `end` or `pass`. Made
# only by the engine (`Fenn.legal_moves`); read from text by `Fenn.play`.
FennMove = NewType("FennMove", str)
END_TURN = FennMove("end")  # decline a Pasch or an extra step: the turn ends
PASS_TURN = FennMove("pass")  # a new turn without a legal step


def step_to(field: int, face: int) -> FennMove:
    """The step to `field` turning `face` up: `3:7`."""
    return FennMove(step_move(field, face))


def black_to(face: int) -> FennMove:
    """After a Pasch, the black die turned to `face`: `k8`."""
    return FennMove(black_move(face))


class FennRule(Rule):
    """A rule a Fenn move may break (`MoveError.rule`): the engine's `move_rules` and the view's
    `move_error_texts` are keyed by these."""

    NOT_A_MOVE = "not-a-move"
    PASS_NOT_NEW_TURN = "pass-not-new-turn"
    PASS_MUST_STEP = "pass-must-step"
    END_NOT_YET = "end-not-yet"
    BLACK_NOT_AFTER_PASCH = "black-not-after-pasch"
    BLACK_NO_FACE = "black-no-face"
    BLACK_SAME_FACE = "black-same-face"
    STEP_AFTER_PASCH = "step-after-pasch"
    DIE_NO_FACE = "die-no-face"
    SAME_FACE = "same-face"
    OFF_BOARD = "off-board"
    STEP_LENGTH = "step-length"
    BAN_OCCUPIED = "ban-occupied"
    BAN_BLACK = "ban-black"
    BAN_OPPONENT_FACE = "ban-opponent-face"
    BAN_TURN_START = "ban-turn-start"


class FieldReason(StrEnum):
    """Why the die of a seat may not enter a field (`FieldStatus.reasons`, `field_bans`); the first
    four are the landing bans (`landing_bans`), each refused by its own rule (`BAN_RULES`)."""

    OCCUPIED = "occupied"  # the other die stands there
    BLACK = "black"  # the black die shows the field's number
    OPPONENT_FACE = "opponent-face"  # the other die shows the field's number
    TURN_START = "turn-start"  # the turn began there
    DISTANCE = "distance"  # more than two fields away (a die moves 1 or 2 fields)
    OWN = "own"  # the die stands there
    NOT_STEPPING = "not-stepping"  # no step now: a Pasch is pending, the turn must pass, or the game is over


BAN_RULES = {
    FieldReason.OCCUPIED: FennRule.BAN_OCCUPIED,
    FieldReason.BLACK: FennRule.BAN_BLACK,
    FieldReason.OPPONENT_FACE: FennRule.BAN_OPPONENT_FACE,
    FieldReason.TURN_START: FennRule.BAN_TURN_START,
}


class FieldStatus(NamedTuple):
    """One field as the player to move sees it: may it be entered now, with which faces, why not,
    and whether it is closed to them (a die's number, a die standing there or the turn's start
    keeps them out, whatever the distance and the phase)."""

    field: int
    enterable: bool
    faces: tuple[int, ...]
    reasons: tuple[FieldReason, ...]
    closed: bool


# What a step earns: the far end ("win"), a Pasch (the black die may be set), an extra step, an
# extra step earned with no step to take ("blocked": the turn ends), or "nothing" (the turn ends).
StepGain = Literal["win", "pasch", "extra", "blocked", "nothing"]


class StepEffect(NamedTuple):
    """A step (`3:7`): the die of `seat` from `from_field` to `to_field`, turning `new_face` up
    instead of `old_face`, and what that earns."""

    seat: int
    from_field: int
    to_field: int
    old_face: int
    new_face: int
    earns: StepGain
    draw: bool  # the turn ends in a threefold repetition
    kind: Literal["step"] = "step"


class BlackEffect(NamedTuple):
    """The black die set after a Pasch (`k8`), from `black_before` to `black_after`: the turn ends."""

    seat: int
    black_before: int
    black_after: int
    draw: bool  # the turn ends in a threefold repetition
    kind: Literal["black"] = "black"


class EndEffect(NamedTuple):
    """A turn ended (`end`), declining what it offered: a Pasch (the black die stays at `black`) or
    an extra step."""

    seat: int
    declined: Literal["pasch", "extra"]
    black: int
    draw: bool  # the turn ends in a threefold repetition
    kind: Literal["end"] = "end"


class PassEffect(NamedTuple):
    """A new turn passed (`pass`): no step was possible."""

    seat: int
    draw: bool  # the turn ends in a threefold repetition
    kind: Literal["pass"] = "pass"


# What a move does (`Fenn.effect`), one type per kind of move; `kind` tells them apart.
FennEffect = StepEffect | BlackEffect | EndEffect | PassEffect

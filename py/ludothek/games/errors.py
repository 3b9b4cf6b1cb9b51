"""Why the rules refuse something, as data: the rules a move may break (`Rule`, each engine's own
declared values), why a game ended (`EndReason`), and the errors that carry a rule and its params
(`MoveError` and its two kinds, `Refusal`, `PositionError`, `RecordError`), from which a view words
the player's sentence in the player's language. As python-chess separates an unreadable move from
an illegal one, each kind of mistake is its own ValueError subclass.

Its own module because every layer reads these (the engines raise them, the views word them, the
app and the links catch them) while only the engines need the rest of games/base.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Mapping


class Rule(StrEnum):
    """A rule a move may break, as a declared value: each engine declares its own (a subclass of
    this, such as `MomentumRule`), the common ones are `CommonRule`. A `StrEnum`, so each member is
    its stable identifier's text ("cell-occupied") wherever it is stored, sent or compared."""


class CommonRule(Rule):
    NOT_TEXT = "not-text"
    GAME_OVER = "game-over"


class EndReason(StrEnum):
    """Why a game ended, as a declared value (`Outcome.reason`): each engine declares its own (a
    subclass of this, such as `MomentumEnd`), as python-chess's `Termination`."""


class MoveError(ValueError):
    """A move that cannot be played in a state, as data: `rule`, a stable identifier of what is
    wrong (such as "cell-occupied"), and `params`, the numbers, cells and seats it concerns.
    The engine writes its English message from them (`str(exc)`, for programs and logs); a view
    writes the player's sentence from them in the player's language (never from `str(exc)`).

    Two kinds, as python-chess separates them: `InvalidMoveText` (the text is not a move of the
    game's notation) and `IllegalMove` (a move the rules forbid here). Catch `MoveError` for both.
    """

    def __init__(self, rule: str, *, move: object = None, message: str | None = None, **params: object):
        self.rule = rule
        self.move = move
        self.params = params
        text = message if message is not None else rule + (f" {params}" if params else "")
        self.message = text  # the rule's words, without the move they refuse
        super().__init__(text if move is None else f"{str(move)[:40]!r}: {text}")


class InvalidMoveText(MoveError):
    """Text that is not a move in the game's notation (or not text at all): no state makes it legal."""


class IllegalMove(MoveError):
    """A move written correctly that the rules do not allow in this state; `rule` names the rule."""


@dataclass(frozen=True)
class Refusal:
    """Why a move may not be played, as `Game.why_illegal` answers: `rule`, the stable identifier
    of the rule it breaks (a `MoveError.rule`, such as "cell-occupied"), `text`, the engine's
    English words for it (for programs, logs and tests), and `params`, the cells, numbers and
    seats it concerns. A view words `rule` and `params` for players in their language
    (`GameView.move_error_texts`); it never shows `text`."""

    rule: str
    text: str
    params: Mapping[str, object] = field(default_factory=dict)

    @staticmethod
    def of(error: MoveError) -> "Refusal":
        return Refusal(error.rule, error.message, dict(error.params))


class HiddenInformationError(ValueError):
    """A question about something no player has seen (asked of an observation, where it is masked):
    a covered chip's value, the order of a face-down pile."""


# The move errors every game can raise, with the English message of each (games add their own).
COMMON_MOVE_RULES: dict[str, str] = {
    CommonRule.NOT_TEXT: "a move is text such as {examples}",
    CommonRule.GAME_OVER: "the game is over",
}


class PositionError(ValueError):
    """Position text that does not describe a state of the game. As MoveError: `str(exc)` is the
    engine's English message, for programs and logs; `rule` is a stable identifier of what is
    wrong (such as "cell-count") and `params` the numbers, tokens and seats it concerns, from
    which a view writes the player's sentence in the player's language
    (`GameView.position_error_text`, never from `str(exc)`). Every raise names its rule (a test
    reads them all and checks each game's view has its sentence)."""

    def __init__(self, message: str, rule: str | None = None, **params: object):
        super().__init__(message)
        self.rule = rule
        self.params = params


class RecordError(ValueError):
    """A record (saved game) that is malformed or does not replay. As MoveError: `str(exc)` is
    English, for programs and logs; `rule` names what is wrong and `params` the values it
    concerns, from which a view writes the player's sentence (render/record_errors.py); with
    `rule` None the message is already in the player's language. For "illegal-move",
    `params["error"]` is the engine's MoveError."""

    def __init__(self, message: str, rule: str | None = None, **params: object):
        super().__init__(message)
        self.rule = rule
        self.params = params


__all__ = [
    "COMMON_MOVE_RULES",
    "CommonRule",
    "EndReason",
    "HiddenInformationError",
    "IllegalMove",
    "InvalidMoveText",
    "MoveError",
    "PositionError",
    "RecordError",
    "Refusal",
    "Rule",
]

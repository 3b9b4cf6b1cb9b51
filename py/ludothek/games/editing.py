"""Setting up a position by hand (the diagram editor, issue 36): what a game offers to put on its
board and beside it, and the position text that results. The engine judges every result: the
editor reads the text back through `Game.from_position`, and a position the rules cannot hold is
refused with the engine's reason, never drawn.

Each game has a module `games/<game>_editing.py` with a class `Editing` (a `PositionEditing`),
whose instance `EDITING` the game's record (render/catalog.py) registers. Places are named as the game's notation names them (and as its board's
targets are: "d4", a field's number, "k0"); pieces and settings by short stable codes that the
game's view puts into words (`GameView.piece_name`, `setting_name`, `setting_value_name`).

A method that cannot do what is asked (no such place, a piece this place cannot hold, a hand
that is empty) raises `EditRefused` with a `rule` and its `params`, as `MoveError` does; a result
the method cannot judge alone is left to `from_position`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar


class EditRefused(ValueError):
    """An edit a game cannot make: `rule` is a stable identifier (such as "hand-empty"), `params`
    the places, pieces and numbers it concerns; `str(exc)` is the English message for programs."""

    def __init__(self, rule: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.rule = rule
        self.params = params


@dataclass(frozen=True)
class Setting:
    """Something beside the board that the editor sets: whose turn it is, a hand, a score.
    `choices` lists the allowed values (codes); without choices the value is a whole number from
    `low` to `high`."""

    name: str
    value: str
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0


@dataclass(frozen=True)
class Palette:
    """What the editor's Pieces tool offers for a position: the pieces (codes, in the order shown)
    and the places a piece may be put on or taken from. `taken_to` says where a piece taken away
    goes, in a game that keeps every piece somewhere (the editor tells the author): "hand" (back
    to its player's hand), "collection" (into the collection of the player to move), "pile" (back
    into the pile), or "" (nowhere: it leaves the game, or nothing can be taken away).
    `board_of`: in a game with a board per seat, the seat whose board the editor shows and edits
    (None: one board for all)."""

    pieces: tuple[str, ...]
    places: frozenset[str] = field(default_factory=frozenset)
    taken_to: str = ""
    board_of: int | None = None


S_contra = TypeVar("S_contra", contravariant=True)


class PositionEditing(Protocol[S_contra]):
    """A game's answers to the editor, generic over its state type. Every method takes a state as
    everyone sees it (an observation with nothing hidden from its viewer, or a full state) and
    returns position text."""

    def palette(self, s: S_contra) -> Palette:
        """The pieces and the places of this position."""
        ...

    def put(self, s: S_contra, place: str, piece: str) -> str:
        """The position with `piece` on `place` (what was there goes back where it came from)."""
        ...

    def remove(self, s: S_contra, place: str) -> str:
        """The position with `place` emptied."""
        ...

    def settings(self, s: S_contra) -> tuple[Setting, ...]:
        """Whose turn it is and what else beside the board the editor can set, as they are now."""
        ...

    def set(self, s: S_contra, name: str, value: str) -> str:
        """The position with the setting `name` at `value`."""
        ...

    def empty(self, s: S_contra) -> str:
        """The position with the board cleared, as far as the game allows (same size and seats)."""
        ...


WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")


def checked_setting(settings: tuple[Setting, ...], name: str, value: str) -> Setting:
    """The setting `name` of `settings`, once `value` is one it may take (one of its choices, or a
    whole number from `low` to `high`); EditRefused ("no-such-setting", "bad-value") otherwise."""
    setting = next((setting for setting in settings if setting.name == name), None)
    if setting is None:
        raise EditRefused("no-such-setting", f"{name!r} is not a setting of this position", setting=name)
    if setting.choices:
        if value not in setting.choices:
            raise EditRefused("bad-value", f"{value!r} is not one of {', '.join(setting.choices)}", setting=name, value=value)
    elif not (WHOLE_NUMBER.fullmatch(value) and setting.low <= int(value) <= setting.high):
        raise EditRefused("bad-value", f"{name} is a whole number from {setting.low} to {setting.high}", setting=name, value=value)
    return setting


# A game's editing picked at run time by the game's id (the diagram editor): its state type is the
# game's, which the code that picks it cannot name.
AnyEditing = PositionEditing[Any]

__all__ = ["AnyEditing", "checked_setting", "EditRefused", "Palette", "PositionEditing", "Setting"]

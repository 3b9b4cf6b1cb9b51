"""Fenn's position set up by hand (games/editing.py): where the blue and the red die stand, the
tops of the three dice, whose turn it is, a Pasch or an extra step under way, and a draw.

The pieces are the two dice that walk the board, `b` (blue) and `r` (red); the places are the
fields 1-9, named by their numbers as the board's targets are. The black die lies beside the board
all game: its top is a setting, as are the two walking dice's tops.

Each player has exactly one die, always somewhere: on a field 1-9 or beside the board at its start
(blue before field 1, red after field 9). Putting a die on a field moves it there from wherever it
stood, showing the top it showed (a die leaving its start shows 5, a top both dice have); a field
holds one die, so a field the other die stands on is refused. A die is never taken away: the rules
never let a die leave the board once on it (`remove` refuses with the rule `die-stays`); the empty
board (`empty`) sets both dice back beside the board, showing 5, the black die and the player to
move kept. A die beside the board always shows 5 (it has not moved yet), so its top can be set only
once it stands on a field.

A Pasch or an extra step under way, and a draw, are kept through an edit only while they still hold
(the engine reads them); one that no longer holds is dropped and a new turn begins, so that moving
a die does not make the position unreadable. Set explicitly, they are left for the engine to judge."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from .base import PositionError
from .editing import EditRefused, Palette, PositionEditing, Setting, checked_setting
from .fenn import BLACK_FACES, BLUE, BOARD_FIELDS, DIE_FACES, EXTRA, GAME, PASCH, RED, START_FACE, START_FIELD, FennState, turn_key
from .fenn_state import DRAWN
from .fenn_board import LETTERS

PIECES = tuple(LETTERS)  # "b": the blue die, "r": the red die (the position's letters)
TURN_NEW = "new"  # the turn setting: a new turn (no Pasch or extra step under way)
# The fields where a turn with an extra step under way may have begun (never the far end, which ends the game).
TURN_STARTS = {BLUE: range(0, 9), RED: range(2, 11)}


class FennEditRule(StrEnum):
    """Why Fenn's editor refuses an edit (`EditRefused.rule`): the first and the fourth are worded
    by the editor's common texts (render/editor.py), the others by the view's `edit_refusal_texts`."""

    NO_SUCH_PLACE = "no-such-place"  # not a field 1-9
    NO_SUCH_PIECE = "no-such-piece"  # not the blue or the red die
    FIELD_TAKEN = "field-taken"  # the other die stands there: a field holds one die
    PLACE_EMPTY = "place-empty"  # nothing to take away
    DIE_STAYS = "die-stays"  # a die never leaves the board once on it


def _turn(s: FennState) -> str:
    """The turn setting's value: "new", "pasch" or "extra<field the turn began on>"."""
    if s.phase == PASCH:
        return "pasch"
    if s.phase == EXTRA:
        return f"extra{s.turn_start}"
    return TURN_NEW


def _text(dice: dict[str, int], turn: str, draw: bool) -> str:
    """The position text (the notation of games/fenn.py) of the dice and the player to move, the
    turn under way ("new", "pasch", "extra<field>") and the draw."""
    tokens = [turn_key(**dice)]
    if turn != TURN_NEW:
        tokens.append(turn)
    if draw:
        tokens.append("draw")
    return " ".join(tokens)


def _reads(text: str) -> bool:
    try:
        GAME.from_position(text)
    except PositionError:
        return False
    return True


def _with(s: FennState, turn: str | None = None, draw: bool | None = None, **changes: int) -> str:
    """Position text of `s` with the dice and the player to move changed; the turn under way and
    the draw kept as they are while they still hold, else dropped (see the module's docstring),
    or as given."""
    dice = {"blue": s.blue, "blue_face": s.blue_face, "red": s.red, "red_face": s.red_face, "black": s.black, "to_move": s.to_move}
    dice.update(changes)
    drawn = s.outcome == DRAWN
    if turn is not None or draw is not None:
        return _text(dice, _turn(s) if turn is None else turn, drawn if draw is None else draw)
    kept = _text(dice, _turn(s), drawn)
    if _reads(kept):
        return kept
    for fewer in (_text(dice, TURN_NEW, drawn), _text(dice, _turn(s), False), _text(dice, TURN_NEW, False)):
        if _reads(fewer):
            return fewer
    return kept  # the dice themselves do not read: the engine says why


class Editing:
    def palette(self, s: FennState) -> Palette:
        return Palette(PIECES, frozenset(str(field) for field in BOARD_FIELDS))

    def _place_field(self, place: str) -> int:
        if not place.isascii() or not place.isdigit() or int(place) not in BOARD_FIELDS or str(int(place)) != place:
            raise EditRefused(FennEditRule.NO_SUCH_PLACE, f"{place!r} is not a field of the board (1-9)", place=place)
        return int(place)

    def _die_on(self, s: FennState, field: int) -> int | None:
        for seat in (BLUE, RED):
            if s.field_of(seat) == field:
                return seat
        return None

    def put(self, s: FennState, place: str, piece: str) -> str:
        field = self._place_field(place)
        if piece not in PIECES:
            raise EditRefused(FennEditRule.NO_SUCH_PIECE, f"{piece!r} is not a piece of this game", piece=piece)
        seat = PIECES.index(piece)
        there = self._die_on(s, field)
        if there == seat:
            return GAME.position(s)
        if there is not None:
            raise EditRefused(FennEditRule.FIELD_TAKEN, f"field {field} holds the other die; a field holds one die", place=place, piece=piece)
        if seat == BLUE:
            return _with(s, blue=field)
        return _with(s, red=field)

    def remove(self, s: FennState, place: str) -> str:
        field = self._place_field(place)
        seat = self._die_on(s, field)
        if seat is None:
            raise EditRefused(FennEditRule.PLACE_EMPTY, f"field {field} is empty", place=place)
        raise EditRefused(FennEditRule.DIE_STAYS, "a die never leaves the board: put it on another field, or empty the board", place=place, piece=PIECES[seat])

    def settings(self, s: FennState) -> tuple[Setting, ...]:
        def faces(seat: int) -> tuple[str, ...]:
            # a die beside the board has not moved yet: it shows 5
            return (str(START_FACE),) if s.field_of(seat) == START_FIELD[seat] else tuple(map(str, DIE_FACES[seat]))

        turns = (TURN_NEW, "pasch") + tuple(f"extra{field}" for field in TURN_STARTS[s.to_move])
        return (
            Setting("to-move", LETTERS[s.to_move], PIECES),
            Setting("blue-face", str(s.blue_face), faces(BLUE)),
            Setting("red-face", str(s.red_face), faces(RED)),
            Setting("black", str(s.black), tuple(map(str, BLACK_FACES))),
            Setting("turn", _turn(s), turns),
            Setting("draw", "yes" if s.outcome == DRAWN else "no", ("no", "yes")),
        )

    def set(self, s: FennState, name: str, value: str) -> str:
        setting = checked_setting(self.settings(s), name, value)
        if value == setting.value:
            return GAME.position(s)
        if name == "to-move":
            return _with(s, to_move=LETTERS.index(value))
        if name == "blue-face":
            return _with(s, blue_face=int(value))
        if name == "red-face":
            return _with(s, red_face=int(value))
        if name == "black":
            return _with(s, black=int(value))
        if name == "turn":
            return _with(s, turn=value)
        return _with(s, draw=value == "yes")

    def empty(self, s: FennState) -> str:
        blue, red = START_FIELD
        return _with(s, TURN_NEW, False, blue=blue, blue_face=START_FACE, red=red, red_face=START_FACE)


if TYPE_CHECKING:
    # mypy checks the class against the editor's interface, for this game's states.
    _interface: PositionEditing[FennState] = Editing()

# The game's editing as its record (render/catalog.py) registers it.
EDITING = Editing()

__all__ = ["EDITING", "Editing", "FennEditRule"]

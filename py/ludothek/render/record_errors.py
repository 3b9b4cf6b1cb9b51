"""Why a record (a save, a game link, an imported game) cannot be read, in the player's language.

The engine raises RecordError with a rule and its params (games/base.py; its English message is for
programs and logs); this module writes the sentence a player reads, as each view does for refused
moves. A rule this table does not know gives a general sentence, never the engine's English.
"""

from __future__ import annotations

from ..games import GAME_IDS
from ..games.base import MoveError, RecordError
from ..i18n import N_, _
from .catalog import get_view, is_game

# Parts of a record that can be unreadable (RecordError rule "unreadable-part", param "part").
PART_WORDS = {"players": N_("its list of players"), "moves": N_("its list of moves"), "options": N_("its settings"), "position": N_("its position")}

RECORD_ERROR_TEXTS = {
    "not-a-record": N_("it is not a game record of Ludothek"),
    "newer-version": N_("it was saved by a newer version of Ludothek"),
    "unreadable-part": N_("{part} cannot be read"),
    "too-many-moves": N_("it holds {moves} moves; no game of Ludothek lasts more than {most}"),
    "player-count": N_("its number of players ({players}) does not fit {game}, which is played by {least} to {most}"),
    "hidden-position": N_("its position shows only what one player sees, so the game cannot be replayed"),
    "players-mismatch": N_("its position is for {expected} players, but it lists {players}"),
    "invalid-setup": N_("its settings are not valid for this game"),
    "invalid-position": N_("its position is not a valid position of this game"),
    "unknown-game": N_("Ludothek has no game called {game}"),
    "does-not-replay": N_("it does not replay"),
    "illegal-move": N_("move {number} ({move}) is illegal: {why}"),
}


def record_error_text(error: RecordError) -> str:
    """The player's sentence for `error` (a clause that fits after 'the game … cannot be read:')."""
    if error.rule is None:
        return str(error)  # written in the player's language where it was raised
    template = RECORD_ERROR_TEXTS.get(error.rule)
    if template is None:
        return _("it is not a game record of Ludothek")
    params = error.params
    words = dict(params)
    if error.rule == "unreadable-part":
        words["part"] = _(PART_WORDS.get(str(params.get("part")), N_("a part of it")))
    elif error.rule == "player-count":
        words["game"] = _game_name(params.get("game"))
    elif error.rule == "illegal-move":
        words["move"] = str(params.get("move"))[:40]
        words["why"] = _move_error_text(params.get("game"), params.get("error"))
    try:
        return _(template).format(**words)
    except (KeyError, IndexError, ValueError):
        return _("it is not a game record of Ludothek")


def _game_name(game_id: object) -> str:
    if isinstance(game_id, str) and game_id in GAME_IDS:
        return get_view(game_id).title()
    return repr(str(game_id)[:40])


def _move_error_text(game_id: object, error: object) -> str:
    if isinstance(game_id, str) and game_id in GAME_IDS and isinstance(error, MoveError) and is_game(game_id):
        return get_view(game_id).move_error_text(error)
    return _("That is not a legal move now.")


__all__ = ["RECORD_ERROR_TEXTS", "record_error_text"]

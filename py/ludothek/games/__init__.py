"""The rules engines and their common interface.

    from ludothek.games import GAME_IDS, get_game, IllegalMove
    g = get_game("momentum")
    s = g.new_game(players=2, seed=0)
    s = g.play(s, g.legal_moves(s)[0])

Every game module defines one `Game` subclass instance named `GAME`; see `base.Game` for the
contract. Nothing here imports drawing or browser code.
"""

from __future__ import annotations

import importlib
from typing import Any

from .base import Game, HiddenInformationError, IllegalMove, InvalidMoveText, MoveError, PositionError, RecordError

__all__ = [
    "GAME_IDS",
    "get_game",
    "all_games",
    "Game",
    "MoveError",
    "IllegalMove",
    "InvalidMoveText",
    "HiddenInformationError",
    "RecordError",
    "PositionError",
]

# The order is the order of the cards on the home screen.
GAME_IDS: tuple[str, ...] = ("momentum", "nummerus", "fenn", "mops", "momox")

_MODULES = {game_id: f"ludothek.games.{game_id}" for game_id in GAME_IDS}
_cache: dict[str, Game[Any]] = {}


def available_game_ids() -> tuple[str, ...]:
    """The ids whose engine module is present (all of GAME_IDS once every game is built)."""
    found = []
    for game_id in GAME_IDS:
        try:
            get_game(game_id)
        except ModuleNotFoundError:
            continue
        found.append(game_id)
    return tuple(found)


def get_game(game_id: str) -> Game[Any]:
    """The engine for `game_id`; ValueError for an unknown id."""
    if game_id not in _MODULES:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(GAME_IDS)}")
    game = _cache.get(game_id)
    if game is None:
        module = importlib.import_module(_MODULES[game_id])
        game = _cache[game_id] = module.GAME
    return game


def all_games() -> list[Game[Any]]:
    return [get_game(game_id) for game_id in available_game_ids()]

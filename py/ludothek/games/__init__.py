"""The rules engines and their common interface.

    from ludothek.games import GAME_IDS, get_game, IllegalMove
    g = get_game("momentum")
    s = g.new_game(players=2, seed=0)
    s = g.play(s, g.legal_moves(s)[0])

Every game module defines one `Game` subclass instance named `GAME`; see `base.Game` for the
contract. Nothing here imports drawing or browser code.

`ENGINES` is where a game's id leads to its engine: the first part of each game's record
(render/catalog.py registers the rest: view, computer players, editing, embed layout). It is kept
here, at the bottom, because the rules' own users find an engine by a game's id (a record, a
link) without knowing any drawing; the catalog's records are exactly these games, in this order
(the order of the cards on the home screen), as tests/test_catalog.py checks.
"""

from __future__ import annotations

from typing import Callable

from .base import AnyGame, Game, HiddenInformationError, IllegalMove, InvalidMoveText, MoveError, PositionError, RecordError

__all__ = [
    "ENGINES",
    "GAME_IDS",
    "get_game",
    "all_games",
    "AnyGame",
    "Game",
    "MoveError",
    "IllegalMove",
    "InvalidMoveText",
    "HiddenInformationError",
    "RecordError",
    "PositionError",
]


# Each engine is imported when first asked for: the page's start imports none of them (they come
# with the package's second zip, docs/architecture.md).
def _momentum() -> AnyGame:
    from .momentum import GAME

    return GAME


def _nummerus() -> AnyGame:
    from .nummerus import GAME

    return GAME


def _fenn() -> AnyGame:
    from .fenn import GAME

    return GAME


def _mops() -> AnyGame:
    from .mops import GAME

    return GAME


def _momox() -> AnyGame:
    from .momox import GAME

    return GAME


ENGINES: dict[str, Callable[[], AnyGame]] = {"momentum": _momentum, "nummerus": _nummerus, "fenn": _fenn, "mops": _mops, "momox": _momox}

# The order is the order of the cards on the home screen.
GAME_IDS: tuple[str, ...] = tuple(ENGINES)


def get_game(game_id: str) -> AnyGame:
    """The engine for `game_id`; ValueError for an unknown id."""
    engine = ENGINES.get(game_id)
    if engine is None:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(GAME_IDS)}")
    return engine()


def all_games() -> list[AnyGame]:
    return [engine() for engine in ENGINES.values()]

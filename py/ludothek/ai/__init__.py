"""Computer players over the common game interface.

    from ludothek.ai import get_player, levels
    player = get_player("momentum", level=3, seed=7)
    move = player.choose(state)            # runs the whole search
    for step in player.search(state):      # or time-sliced: a generator that yields None
        ...                                # between small chunks of work and returns the move
    values = run_search(player.move_values(state))   # [MoveValue(move, value, exact), ...] or None
    hints = run_search(player.hint(state))           # what the Hint button suggests, best first

Every game's player has this one interface (`ComputerPlayer`, ai/base.py); each game module also
offers `make_player(game, level, seed)`, `move_values(game, s)` (a generator: the review's values)
and `hint(game, s)` with the same signatures, and declares what its review needs (`REVIEW`, a
`ReviewRules`: `review_rules(game_id)`) and, for a game with puzzles, the exact search that
proves them (`puzzle_best_moves(game, s, depth)`: `puzzle_best_moves` here) and their miner
(`mine_puzzles(mine)`: `ai.puzzle_mining.mine_puzzles`).

Players see only `game.observation(state, seat)`; a game with hidden information hands them
nothing more. Every random choice comes from the player's own seeded generator.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Callable

from typing import Any

from .base import THINK_SECONDS, ComputerPlayer, Exact, Level, MoveValue, RandomPlayer, ReviewRules, SearchBudget, run_search

__all__ = [
    "THINK_SECONDS",
    "ComputerPlayer",
    "Exact",
    "Level",
    "MoveValue",
    "RandomPlayer",
    "ReviewRules",
    "SearchBudget",
    "get_player",
    "levels",
    "puzzle_best_moves",
    "review_rules",
    "run_search",
]


def _module(game_id: str) -> ModuleType:
    return importlib.import_module(f"ludothek.ai.{game_id}")


def levels(game_id: str) -> list[Level]:
    """The levels offered for a game, weakest first."""
    return list(_module(game_id).LEVELS)


def review_rules(game_id: str) -> ReviewRules:
    """What the review needs to know of a game beyond its player's values (its AI module's `REVIEW`)."""
    rules: ReviewRules = _module(game_id).REVIEW
    return rules


def puzzle_best_moves(game: Any, s: Any, depth: int) -> list[str]:
    """Every move of a puzzle's position `s` that is as good as the best, by the exact search that
    proves the game's puzzles (its AI module's `puzzle_best_moves`; `depth` as the puzzle stores
    it); ValueError for a game without puzzles."""
    best = getattr(_module(game.id), "puzzle_best_moves", None)
    if best is None:
        raise ValueError(f"no puzzles for {game.id}")
    moves: list[str] = best(game, s, depth)
    return moves


def get_player(game_id: str, level: int, seed: int = 0, think_seconds: float | None = None, clock: Callable[[], float] | None = None) -> ComputerPlayer:
    """A computer player for `game_id` at `level` (1 = weakest); level 0 is a uniform random player.
    `think_seconds`: the anytime levels' time per move (default `THINK_SECONDS`), counted on
    `clock` (default wall time, `time.perf_counter`)."""
    from ludothek.games import get_game

    game = get_game(game_id)
    player: ComputerPlayer
    if level == 0:
        player = RandomPlayer(game, seed=seed)
    else:
        known = [lv.number for lv in levels(game_id)]
        if level not in known:
            raise ValueError(f"{game.name} has computer levels {', '.join(map(str, known))}, not {level!r}")
        player = _module(game_id).make_player(game, level, seed)
    player.think_seconds = think_seconds
    if clock is not None:
        player.clock = clock
    return player

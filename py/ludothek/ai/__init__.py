"""Computer players over the common game interface.

Each game's AI module (ai/<game>.py) declares one typed value, `AI`, a `GameAI` (ai/base.py): its
engine, its levels (weakest first), how to make a player of a level, what its review needs
(`ReviewRules`) and its puzzles (`Puzzles`: the exact search that proves them and their miner).
The game's record (render/catalog.py) registers it; nothing finds a game's AI module by its name.

    from ludothek.render.catalog import game_ai
    player = game_ai("momentum").player(level=3, seed=7)
    move = player.choose(state)            # runs the whole search
    for step in player.search(state):      # or time-sliced: a generator that yields None
        ...                                # between small chunks of work and returns the move
    values = run_search(player.move_values(state))   # [MoveValue(move, value, exact), ...] or None
    hints = run_search(player.hint(state))           # what the Hint button suggests, best first

Every game's player has this one interface (`ComputerPlayer`, ai/base.py). Players see only
`game.observation(state, seat)`; a game with hidden information hands them nothing more. Every
random choice comes from the player's own seeded generator.
"""

from __future__ import annotations

from .base import THINK_SECONDS, AnyGameAI, ComputerPlayer, Exact, GameAI, Level, MoveValue, Puzzles, RandomPlayer, ReviewRules, SearchBudget, run_search

__all__ = [
    "THINK_SECONDS",
    "AnyGameAI",
    "ComputerPlayer",
    "Exact",
    "GameAI",
    "Level",
    "MoveValue",
    "Puzzles",
    "RandomPlayer",
    "ReviewRules",
    "SearchBudget",
    "run_search",
]

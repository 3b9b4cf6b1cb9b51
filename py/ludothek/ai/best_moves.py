"""The best moves of a position, best first (the diagram editor's "Show the best moves", issue 36):
the values the review gives every legal move, on the game's strongest evaluation with a fixed
amount of work (Fenn's are exact), or, for a kind of decision a game has no comparable values
for, the strongest level's hint. Only what every player sees is searched."""

from __future__ import annotations

from typing import Generator

from ..games.base import StateBase
from .base import AnyGameAI, MoveValue

BEST_MOVES_SHOWN = 3


def best_moves(ai: AnyGameAI, s: StateBase, count: int = BEST_MOVES_SHOWN) -> Generator[None, None, list[MoveValue]]:
    """Up to `count` moves of `s` for the player to move, best first (a generator, like a search;
    an empty list when the game is over). Moves that rank alike keep the game's legal-move order."""
    game = ai.game
    public = game.observation(s, None)
    if game.is_over(public) or not game.legal_moves(public):
        return []
    player = ai.strongest(seed=0)
    values = yield from player.move_values(public)
    if not values:
        values = yield from player.hint(public)
    ranked = sorted(values, key=MoveValue.rank, reverse=True)
    return ranked[:count]


__all__ = ["BEST_MOVES_SHOWN", "best_moves"]

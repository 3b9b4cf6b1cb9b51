"""Which moves answer a story's task (render/story.py): the author's move, and for a task that
accepts any move as good, every move the game's strongest evaluation values at least as highly
(Fenn: the same exact result or a better one), on what everyone at the table sees.

A time-sliced search, as the hint's: the page runs it between frames (web/search_runner.py)."""

from __future__ import annotations

from typing import Generator

from ..games.base import StateBase
from .base import AnyGameAI, MoveValue

# Values within this much of the author's move's count as good as it (the evaluations' noise).
TOLERANCE = 1e-9


def accepted_moves(ai: AnyGameAI, s: StateBase, author_move: str, best: bool) -> Generator[None, None, frozenset[str]]:
    """The moves of the public position `s` a reader may answer with: the author's, and with `best`
    those the strongest level values as highly. A kind of decision the evaluation has no
    comparable values for (Momox' shuffle, Nummerus' swap) accepts the author's move alone."""
    if not best:
        return frozenset({author_move})
    public = ai.game.observation(s, None)
    player = ai.strongest(seed=0)
    player.max_work = ai.review.work
    values: list[MoveValue] | None = yield from player.move_values(public)
    if not values:
        return frozenset({author_move})
    by_move = {value.move: value for value in values}
    author = by_move.get(author_move)
    if author is None:
        return frozenset({author_move})
    if author.exact is not None:
        return frozenset(move for move, value in by_move.items() if value.exact is not None and value.exact.rank() >= author.exact.rank())
    return frozenset(move for move, value in by_move.items() if value.value >= author.value - TOLERANCE)


__all__ = ["accepted_moves"]

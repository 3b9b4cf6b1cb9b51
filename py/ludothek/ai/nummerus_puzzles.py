"""Nummerus Zahlus' puzzles mined (two players): the only take that wins the round against any
defence with three to eight chips left (`winning_moves`, ai/puzzles.py: a search over the engine
to the end of the round). ai/nummerus.py's `mine_puzzles` asks this module for scripts/mine_puzzles.py."""

from __future__ import annotations

from typing import Callable

from ..games.nummerus import GAME, SWAP_PHASE, NummerusMove, NummerusState, Nummerus
from .puzzle_mining import Mine
from .puzzles import winning_moves
from .base import ComputerPlayer


def mine_puzzles(mine: Mine, player: Callable[[int, int], ComputerPlayer[NummerusState, NummerusMove]]) -> None:
    """Games of the middle level against the easy one; difficulty by the chips left (the search's depth)."""
    game = GAME
    for seed in mine.seeds():
        s = game.new_game(players=2, seed=seed)
        players = [player(2, seed), player(1, seed + 1000)]
        while not game.is_over(s):
            left = game.chips_on_board(s)
            moves = game.legal_moves(s)
            if 3 <= left <= 8 and len(moves) >= 2 and s.phase != SWAP_PHASE:
                wins = winning_moves(game, s, left)
                if len(wins) == 1:
                    difficulty = 1 if left <= 4 else 2 if left <= 6 else 3
                    mine.keep(difficulty, {"position": game.position(s), "solution": wins[0], "line": _nummerus_line(game, s, wins[0], left), "depth": left})
            mover = game.current_player(s)
            assert mover is not None, "a game under way has a mover"
            s = game.play(s, players[mover].choose(s))


def _nummerus_line(game: Nummerus, s: NummerusState, first: str, plies: int) -> list[str]:
    """The solution and then, to the end, a defence and each time a winning take."""
    seat = game.current_player(s)
    line = [first]
    s = game.play(s, first)
    plies -= 1
    while not game.is_over(s):
        if game.current_player(s) == seat:
            move = winning_moves(game, s, plies)[0]
        else:
            move = game.legal_moves(s)[0]
        line.append(move)
        s = game.play(s, move)
        plies -= 1
    return line


__all__ = ["mine_puzzles"]

"""Puzzles: positions with exactly one best move, mined offline (scripts/mine_puzzles.py) and
shipped in ludothek/data/puzzles.json. This module loads them and holds the exact searches that
prove a puzzle: its solution is correct and no other move is as good.

- Fenn: the only move that keeps a won position won (the solved table, `fenn_solver`).
- Momentum (none shipped yet, see PUZZLE_GAMES): the only move that forces a win within
  `depth` plies (a search over the engine).
- Nummerus Zahlus (two players): the only take that wins the round against any defence
  (a search over the engine to the end of the round).
- Mops Royal (one player): the only cell for the revealed tile from which the round scores the
  most points (the placement, then the best combination; the list of combinations would give a
  puzzle about the scoring itself away, since it shows every combination's points).

Each puzzle: {"id", "position" (the game's position text), "solution" (the one move), "line"
(a way the solution goes on, for showing it), "difficulty" 1-3, "depth" (the search's depth:
turns to win, chips left, scorings)}.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA_PATH = Path(__file__).resolve().parent.parent / "data" / "puzzles.json"
# Momentum has no shipped puzzles: a position with exactly one move that forces a win within two
# own turns is too rare on the 7x7 board (none in 15 minutes of balanced games, one in some 3000
# random positions); `winning_moves` can still prove one (scripts/mine_puzzles.py momentum).
PUZZLE_GAMES = ("fenn", "nummerus", "mops")


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return json.loads(DATA_PATH.read_text(encoding="utf-8"))


def puzzles(game_id: str) -> list[dict[str, Any]]:
    """The shipped puzzles of a game, easiest first (empty for a game without puzzles)."""
    return list(_data().get("games", {}).get(game_id, []))


def puzzle(game_id: str, puzzle_id: str) -> dict[str, Any] | None:
    for p in puzzles(game_id):
        if p["id"] == puzzle_id:
            return p
    return None


def puzzle_state(game, p: dict[str, Any]):
    return game.from_position(p["position"])


# -- the exact searches --------------------------------------------------------------------------


def forces_win(game, s, seat: int, plies: int) -> bool:
    """Can `seat` force a (sole) win within `plies` plies from `s`, whatever the others play?"""
    if game.is_over(s):
        return game.winners(s) == [seat]
    if plies <= 0:
        return False
    moves = game.legal_moves(s)
    if game.current_player(s) == seat:
        return any(forces_win(game, game.play(s, m), seat, plies - 1) for m in moves)
    return all(forces_win(game, game.play(s, m), seat, plies - 1) for m in moves)


def winning_moves(game, s, plies: int) -> list[str]:
    """The moves of `s` after which its mover forces a win within `plies` plies (counting the move)."""
    seat = game.current_player(s)
    return [m for m in game.legal_moves(s) if forces_win(game, game.play(s, m), seat, plies - 1)]


def fenn_winning_moves(game, s) -> tuple[list[str], int]:
    """The moves that keep a won Fenn position won, and the turns the win takes (0: not won)."""
    from . import fenn_solver as solver

    values = solver.move_values(game, solver.load_table(), s)
    wins = [mv for mv in values if mv.value.outcome > 0]
    if not wins:
        return [], 0
    return [mv.move for mv in wins], min(mv.value.turns for mv in wins)


def mops_placement_points(game, s) -> dict[str, int]:
    """Mops Royal, a placement step: for each cell the most points the round can then score
    (the placement, then the best combination of the scoring step; 0 when none can score)."""
    seat = game.current_player(s)
    result = {}
    for move in game.legal_moves(s):
        after = game.play(s, move)
        best = 0
        if not game.is_over(after) and game.current_player(after) == seat and after.step == "score":
            for scoring in game.legal_moves(after):
                best = max(best, game.scores(game.play(after, scoring))[seat] - game.scores(after)[seat])
        result[move] = best
    return result


def best_moves(game, p: dict[str, Any]) -> list[str]:
    """Every move of the puzzle's position that is as good as the best (a proven puzzle: one)."""
    s = puzzle_state(game, p)
    if game.id == "fenn":
        return fenn_winning_moves(game, s)[0]
    if game.id in ("momentum", "nummerus"):
        return winning_moves(game, s, p["depth"])
    if game.id == "mops":
        points = mops_placement_points(game, s)
        top = max(points.values())
        return [m for m, v in points.items() if v == top]
    raise ValueError(f"no puzzles for {game.id}")


def is_solution(p: dict[str, Any], move: str) -> bool:
    return move == p["solution"]


__all__ = ["PUZZLE_GAMES", "best_moves", "fenn_winning_moves", "forces_win", "is_solution", "mops_placement_points", "puzzle",
           "puzzle_state", "puzzles", "winning_moves"]

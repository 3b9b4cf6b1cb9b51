"""Puzzles: positions with exactly one best move, mined offline (scripts/mine_puzzles.py) and
shipped in ludothek/data/puzzles.json. This module loads them and holds the exact searches that
prove a puzzle: its solution is correct and no other move is as good.

- Fenn: the only move that keeps a won position won (the solved table, `fenn_solver`).
- Momentum (two players): the only stone that forces a win within `depth` plies (1, 3 or 5:
  one to three own turns), no shorter win existing (`momentum_winning_moves`, an exact search
  over the engine's own pushes).
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
PUZZLE_GAMES = ("fenn", "momentum", "nummerus", "mops")


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


class SearchTooLong(Exception):
    """The exact search needed more placements than its budget allowed."""


def momentum_winning_moves(game, s, plies: int, budget: int | None = None) -> list[str]:
    """Momentum: the stones after which the mover forces a win within `plies` plies (counting the
    stone), exactly as `winning_moves` finds them, but fast enough to mine three own turns.

    A hand shrinks by at most one stone per own turn, so a player with more stones in hand than
    own turns left cannot win in time: that cuts nearly every line at once. The stone that won
    and the reply that refuted last, at each depth, are tried first (the order changes only the
    speed, never the answer). `budget`: at most so many placements, else SearchTooLong (the miner
    passes over such positions). Positions with the pie rule still open or a round limit go
    through the plain search."""
    from ..games.momentum import EMPTY, SEAT_LETTERS, cell_name, push_stones

    if s.over or s.pie == "swap" or s.round_limit or len(s.hands) != 2:
        return winning_moves(game, s, plies)
    width, height = s.width, s.height
    me = s.to_move
    memo: dict[tuple[str, tuple[int, ...], int], bool] = {}
    winner_at: dict[int, int] = {}  # turns left -> the stone that won last there
    refuter_at: dict[int, int] = {}  # turns left -> the reply that refuted last there
    work = [0]

    def place(board: list[str], hands: list[int], seat: int, cell: int) -> tuple[list[str], list[int]]:
        work[0] += 1
        if budget is not None and work[0] > budget:
            raise SearchTooLong()
        board, hands = board[:], hands[:]
        board[cell] = SEAT_LETTERS[seat]
        hands[seat] -= 1
        for push in push_stones(board, cell, width, height):
            if push.to is None:
                hands[SEAT_LETTERS.index(push.stone)] += 1
        return board, hands

    def ordered(board: list[str], first: int | None) -> list[int]:
        cells = [cell for cell, content in enumerate(board) if content == EMPTY]
        if first is not None and first in cells:
            cells.remove(first)
            cells.insert(0, first)
        return cells

    def wins(board: list[str], hands: list[int], turns: int) -> bool:
        # `me` to move with `turns` own turns left (the last one included).
        if hands[me] > turns:
            return False
        key = ("".join(board), tuple(hands), turns)
        if key in memo:
            return memo[key]
        result = False
        for cell in ordered(board, winner_at.get(turns)):
            after, after_hands = place(board, hands, me, cell)
            if after_hands[me] == 0 or (turns > 1 and survives(after, after_hands, turns - 1)):
                winner_at[turns] = cell
                result = True
                break
        memo[key] = result
        return result

    def survives(board: list[str], hands: list[int], turns: int) -> bool:
        # The opponent to move: does every reply leave `me` a win within `turns` own turns?
        if hands[me] > turns:
            return False
        replies = []
        for cell in ordered(board, refuter_at.get(turns)):
            after, after_hands = place(board, hands, 1 - me, cell)
            if after_hands[1 - me] == 0 or after_hands[me] > turns:
                return False  # the opponent wins, or pushes too many stones back into my hand
            replies.append((cell, after, after_hands))
        for cell, after, after_hands in replies:
            if not wins(after, after_hands, turns):
                refuter_at[turns] = cell
                return False
        return True

    board, hands = list(s.board), list(s.hands)
    turns = (plies + 1) // 2
    found = []
    for cell, content in enumerate(board):
        if content == EMPTY:
            after, after_hands = place(board, hands, me, cell)
            if after_hands[me] == 0 or (turns > 1 and survives(after, after_hands, turns - 1)):
                found.append(cell_name(cell, width))
    return found


def momentum_shortest_win(game, s, most_plies: int = 5, budget: int | None = None) -> tuple[list[str], int]:
    """The stones that win soonest (within `most_plies`) and the plies the win takes (0: none)."""
    for plies in range(1, most_plies + 1, 2):
        found = momentum_winning_moves(game, s, plies, budget)
        if found:
            return found, plies
    return [], 0


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
    if game.id == "momentum":
        return momentum_winning_moves(game, s, p["depth"])
    if game.id == "nummerus":
        return winning_moves(game, s, p["depth"])
    if game.id == "mops":
        points = mops_placement_points(game, s)
        top = max(points.values())
        return [m for m, v in points.items() if v == top]
    raise ValueError(f"no puzzles for {game.id}")


def is_solution(p: dict[str, Any], move: str) -> bool:
    return move == p["solution"]


__all__ = [
    "PUZZLE_GAMES",
    "best_moves",
    "fenn_winning_moves",
    "forces_win",
    "is_solution",
    "SearchTooLong",
    "momentum_shortest_win",
    "momentum_winning_moves",
    "mops_placement_points",
    "puzzle",
    "puzzle_state",
    "puzzles",
    "winning_moves",
]

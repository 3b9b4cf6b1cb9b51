"""Puzzles: positions with exactly one best move, mined offline (scripts/mine_puzzles.py) and
shipped in ludothek/data/puzzles.json. This module loads them and holds what every game's proof
shares; each game's AI module declares `puzzle_best_moves(game, s, depth)`, the exact search that
proves its puzzles (the solution is correct and no other move is as good), and `best_moves` asks it
through `ludothek.ai.puzzle_best_moves`, never by the game's name:

- Fenn (ai/fenn.py): the only move that keeps a won position won (the solved table, `fenn_solver`).
- Momentum (two players, ai/momentum_puzzles.py): the only stone that forces a win within `depth`
  plies (1, 3 or 5: one to three own turns), no shorter win existing.
- Nummerus Zahlus (two players, ai/nummerus.py): the only take that wins the round against any
  defence (`winning_moves` here: a search over the engine to the end of the round).
- Mops Royal (one player, ai/mops.py): the only cell for the revealed tile from which the round
  scores the most points (the placement, then the best combination; the list of combinations
  would give a puzzle about the scoring itself away, since it shows every combination's points).
- Momox (ai/momox_puzzles.py): the only key that surely reaches one of the mover's tiles this
  turn, walking only chips the table remembers, no other first key being sure however the
  unremembered chips lie.

Each puzzle (`Puzzle`, checked as the file is read): {"id", "position" (the game's position text), "solution" (the one move), "line"
(a way the solution goes on, for showing it), "difficulty" 1-3, "depth" (the search's depth:
turns to win, chips left, scorings)}.

Mining is declared the same way: each game's AI module declares `mine_puzzles(mine)`; the
machinery is ai/puzzle_mining.py (not imported by the page: this module is, at its start).
"""

from __future__ import annotations

import json
from functools import lru_cache

from ..games.base import AnyGame, StateBase
from .base import AnyGameAI
from .puzzle_mining import MinedPuzzle
from ..package_files import package_file

DATA_FILE = "data/puzzles.json"  # in the package (package_files: it comes with the second zip)


class Puzzle(MinedPuzzle):
    """A shipped puzzle: a kept find with the id scripts/mine_puzzles.py gave it."""

    id: str


@lru_cache(maxsize=1)
def _data() -> dict[str, list[Puzzle]]:
    """The shipped puzzles by game. Parsed JSON enters here, and only here: every entry is checked
    into a `Puzzle` (tests/test_puzzles.py checks every puzzle in the file), so that the views and
    the proofs take typed puzzles."""
    data: object = json.loads(package_file(DATA_FILE).read_text(encoding="utf-8"))
    games = data.get("games", {}) if isinstance(data, dict) else None
    if not isinstance(games, dict):
        raise ValueError(f"{DATA_FILE}: 'games' must be an object")
    return {str(game_id): [_checked_puzzle(game_id, entry) for entry in _as_list(game_id, entries)] for game_id, entries in games.items()}


def _as_list(game_id: object, entries: object) -> list[object]:
    if not isinstance(entries, list):
        raise ValueError(f"{DATA_FILE}: the puzzles of {game_id!r} must be a list")
    return entries


def _checked_puzzle(game_id: object, entry: object) -> Puzzle:
    """One shipped puzzle from its parsed JSON; ValueError names the field that is wrong."""
    if not isinstance(entry, dict):
        raise ValueError(f"{DATA_FILE}: a puzzle of {game_id!r} must be an object")
    where = f"{DATA_FILE}: puzzle {entry.get('id')!r} of {game_id!r}"

    def text(name: str) -> str:
        value = entry.get(name)
        if not isinstance(value, str):
            raise ValueError(f"{where}: {name!r} must be text")
        return value

    def number(name: str) -> int:
        value = entry.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{where}: {name!r} must be a whole number")
        return value

    line = entry.get("line")
    if not isinstance(line, list) or not all(isinstance(move, str) for move in line):
        raise ValueError(f"{where}: 'line' must be a list of moves")
    moves: list[str] = line
    # The file's order of fields (scripts/mine_puzzles.py writes them so).
    return Puzzle(id=text("id"), position=text("position"), solution=text("solution"), line=moves, depth=number("depth"), difficulty=number("difficulty"))


def puzzles(game_id: str) -> list[Puzzle]:
    """The shipped puzzles of a game, easiest first (empty for a game without puzzles)."""
    return list(_data().get(game_id, []))


def puzzle(game_id: str, puzzle_id: str) -> Puzzle | None:
    for p in puzzles(game_id):
        if p["id"] == puzzle_id:
            return p
    return None


PROGRESS_MARKS = ("solved", "failed")


def clean_progress(data: object) -> dict[str, dict[str, str]]:
    """The puzzle progress kept in storage ({game: {puzzle id: "solved" | "failed"}}), from what
    its JSON text held; anything else there (another version's, a hand-edited one, garbage) is
    left out, so that what is read can always be drawn. (The text itself is read by the web
    layer's bounded reader: a deeply nested text would overflow the browser's stack in json.)"""
    if not isinstance(data, dict):
        return {}
    return {
        game: {pid: mark for pid, mark in marks.items() if isinstance(pid, str) and mark in PROGRESS_MARKS}
        for game, marks in data.items()
        if isinstance(game, str) and isinstance(marks, dict)
    }


def puzzle_state(game: AnyGame, p: Puzzle) -> StateBase:
    state: StateBase = game.from_position(p["position"])
    return state


# -- the exact searches --------------------------------------------------------------------------


def forces_win(game: AnyGame, s: StateBase, seat: int, plies: int) -> bool:
    """Can `seat` force a (sole) win within `plies` plies from `s`, whatever the others play?"""
    outcome = s.outcome
    if outcome is not None:
        return bool(outcome.winners == (seat,))
    if plies <= 0:
        return False
    moves = game.legal_moves(s)
    if game.current_player(s) == seat:
        return any(forces_win(game, game.play(s, m), seat, plies - 1) for m in moves)
    return all(forces_win(game, game.play(s, m), seat, plies - 1) for m in moves)


def winning_moves(game: AnyGame, s: StateBase, plies: int) -> list[str]:
    """The moves of `s` after which its mover forces a win within `plies` plies (counting the move)."""
    seat = game.current_player(s)
    if seat is None:  # a chance step or the end: nobody to win for
        return []
    return [m for m in game.legal_moves(s) if forces_win(game, game.play(s, m), seat, plies - 1)]


class SearchTooLong(Exception):
    """The exact search needed more placements than its budget allowed."""


def best_moves(ai: AnyGameAI, p: Puzzle) -> list[str]:
    """Every move of the puzzle's position that is as good as the best (a proven puzzle: one), by
    the exact search the game's AI declares (`GameAI.puzzles`); ValueError for a game without puzzles."""
    if ai.puzzles is None:
        raise ValueError(f"no puzzles for {ai.game.id}")
    return ai.puzzles.best_moves(puzzle_state(ai.game, p), p["depth"])


def is_solution(p: Puzzle, move: str) -> bool:
    return move == p["solution"]


__all__ = [
    "best_moves",
    "forces_win",
    "is_solution",
    "Puzzle",
    "SearchTooLong",
    "puzzle",
    "clean_progress",
    "puzzle_state",
    "puzzles",
    "winning_moves",
]

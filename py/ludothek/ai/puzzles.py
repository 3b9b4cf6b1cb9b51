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
- Momox: the only key that surely reaches one of the mover's tiles this turn, walking only chips
  the table remembers (`momox_sure_keys`). No other first key is sure: for each, some way the
  unremembered chips may lie leaves no walk to a tile at all (`momox_tile_keys`, over every such
  way). The position's hidden chips are stored in ascending order on their circles, not as they
  lay in the game they came from: any order gives the same answer, and the file tells nothing.

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
PUZZLE_GAMES = ("fenn", "momentum", "nummerus", "mops", "momox")


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


PROGRESS_MARKS = ("solved", "failed")


def clean_progress(data: Any) -> dict[str, dict[str, str]]:
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


def puzzle_state(game, p: dict[str, Any]):
    return game.from_position(p["position"])


# -- the exact searches --------------------------------------------------------------------------


def forces_win(game, s, seat: int, plies: int) -> bool:
    """Can `seat` force a (sole) win within `plies` plies from `s`, whatever the others play?"""
    outcome = s.outcome
    if outcome is not None:
        return outcome.winners == (seat,)
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
    from ..games.momentum import EMPTY, PLACE
    from ..games.notation import cell_name

    if s.phase != PLACE or s.round_limit or len(s.hands) != 2:
        return winning_moves(game, s, plies)
    search = _MomentumWinSearch(s, budget)
    board, hands = list(s.board), list(s.hands)
    turns = (plies + 1) // 2
    found = []
    for cell, content in enumerate(board):
        if content == EMPTY:
            after, after_hands = search.place(board, hands, search.me, cell)
            if after_hands[search.me] == 0 or (turns > 1 and search.survives(after, after_hands, turns - 1)):
                found.append(cell_name(cell, s.width))
    return found


class _MomentumWinSearch:
    """The search of `momentum_winning_moves` from one position: `me` (the seat to move) wins
    (`wins`) or the opponent cannot stop it (`survives`), over boards as lists of cells and hands
    as lists of stones, with what it has learnt (the positions decided, the stone that won and
    the reply that refuted last at each depth) and the placements it has made (`budget`)."""

    def __init__(self, s: Any, budget: int | None) -> None:
        from ..games.momentum import EMPTY, SEAT_LETTERS, push_stones

        self.empty, self.letters, self.push_stones = EMPTY, SEAT_LETTERS, push_stones
        self.width, self.height = s.width, s.height
        self.me: int = s.to_move
        self.budget = budget
        self.memo: dict[tuple[str, tuple[int, ...], int], bool] = {}
        self.winner_at: dict[int, int] = {}  # turns left -> the stone that won last there
        self.refuter_at: dict[int, int] = {}  # turns left -> the reply that refuted last there
        self.work = 0

    def place(self, board: list[str], hands: list[int], seat: int, cell: int) -> tuple[list[str], list[int]]:
        self.work += 1
        if self.budget is not None and self.work > self.budget:
            raise SearchTooLong()
        board, hands = board[:], hands[:]
        board[cell] = self.letters[seat]
        hands[seat] -= 1
        for push in self.push_stones(board, cell, self.width, self.height):
            if push.to is None:
                hands[self.letters.index(push.stone)] += 1
        return board, hands

    def ordered(self, board: list[str], first: int | None) -> list[int]:
        cells = [cell for cell, content in enumerate(board) if content == self.empty]
        if first is not None and first in cells:
            cells.remove(first)
            cells.insert(0, first)
        return cells

    def wins(self, board: list[str], hands: list[int], turns: int) -> bool:
        # `me` to move with `turns` own turns left (the last one included).
        me = self.me
        if hands[me] > turns:
            return False
        key = ("".join(board), tuple(hands), turns)
        if key in self.memo:
            return self.memo[key]
        result = False
        for cell in self.ordered(board, self.winner_at.get(turns)):
            after, after_hands = self.place(board, hands, me, cell)
            if after_hands[me] == 0 or (turns > 1 and self.survives(after, after_hands, turns - 1)):
                self.winner_at[turns] = cell
                result = True
                break
        self.memo[key] = result
        return result

    def survives(self, board: list[str], hands: list[int], turns: int) -> bool:
        # The opponent to move: does every reply leave `me` a win within `turns` own turns?
        me = self.me
        if hands[me] > turns:
            return False
        replies = []
        for cell in self.ordered(board, self.refuter_at.get(turns)):
            after, after_hands = self.place(board, hands, 1 - me, cell)
            if after_hands[1 - me] == 0 or after_hands[me] > turns:
                return False  # the opponent wins, or pushes too many stones back into my hand
            replies.append((cell, after, after_hands))
        for cell, after, after_hands in replies:
            if not self.wins(after, after_hands, turns):
                self.refuter_at[turns] = cell
                return False
        return True


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

    wins = [(mv.move, mv.exact) for mv in solver.move_values(game, solver.load_table(), s) if mv.exact is not None and mv.exact.outcome > 0]
    if not wins:
        return [], 0
    return [move for move, _ in wins], min(exact.turns for _, exact in wins)


def mops_placement_points(game, s) -> dict[str, int]:
    """Mops Royal, a placement step: for each cell the most points the round can then score
    (the placement, then the best combination of the scoring step; 0 when none can score)."""
    from ..games.mops_state import SCORE

    seat = game.current_player(s)
    result = {}
    for move in game.legal_moves(s):
        after = game.play(s, move)
        best = 0
        if after.phase == SCORE and game.current_player(after) == seat:
            for scoring in game.legal_moves(after):
                best = max(best, game.scores(game.play(after, scoring))[seat] - game.scores(after)[seat])
        result[move] = best
    return result


MOMOX_MOST_LIFTS = 4  # a sure walk of more lifts than this is no puzzle for a person


def momox_sure_ways(game, s, most_lifts: int = MOMOX_MOST_LIFTS) -> dict[str, list[str]]:
    """Momox, the mover lifting keys: for each first key from which remembered chips alone walk the
    figure to one of its tiles this turn (lifts landing on yellow fields, the last on the
    corner), the shortest such walk: its keys, then `take`. Works on the observation, so a chip
    nobody remembers can never be part of a way (the engine refuses to lift it there)."""
    from ..games.momox import KEY, HiddenChipError

    seat = game.current_player(s)
    if s.phase != KEY or seat is None:
        return {}
    start = game.observation(s, None)
    ways: dict[str, list[str]] = {}
    frontier: list[tuple[Any, list[str]]] = [(start, [])]
    for _ in range(most_lifts):
        reached: list[tuple[Any, list[str]]] = []
        for state, keys in frontier:
            for move in game.legal_moves(state):
                if move == "stay" or (keys and keys[0] in ways):
                    continue
                try:
                    after = game.play(state, move)
                except HiddenChipError:
                    continue  # a chip nobody remembers: a gamble, not a way
                if _reaches_tile(game, after, seat):
                    ways.setdefault((keys + [move])[0], keys + [move, "take"])
                elif after.phase == KEY and after.to_move == seat and not game.is_over(after):
                    reached.append((after, keys + [move]))
        frontier = [(state, keys) for state, keys in reached if keys[0] not in ways]
    return ways


def _reaches_tile(game, s, seat: int) -> bool:
    from ..games.momox import TILE

    return s.phase == TILE and s.to_move == seat and bool(game.pending_tile(s).value)


def momox_tile_reachable(game, s, key: str) -> bool:
    """Momox, a full state with the mover lifting keys: can a walk that begins by lifting `key`
    reach one of the mover's tiles this turn? (Every chip is known in a full state: a search over
    the figure's field and the open circle.)"""
    from ..games.momox import KEY

    seat = game.current_player(s)
    todo, visited = [game.play(s, key)], set()
    while todo:
        state = todo.pop()
        if _reaches_tile(game, state, seat):
            return True
        if state.phase != KEY or state.to_move != seat:
            continue
        place = (state.figures[seat], game.open_circle(state))
        if place in visited:
            continue
        visited.add(place)
        todo.extend(game.play(state, move) for move in game.legal_moves(state) if move != "stay")
    return False


def momox_layouts(game, s):
    """Every full state the observation of `s` allows: the chips nobody remembers in every order."""
    from dataclasses import replace
    from itertools import permutations

    from ..games.momox_board import CHIP_VALUES, CIRCLES

    known = dict(s.seen)
    hidden = [c for c in range(CIRCLES) if c not in known]
    missing = [v for v in CHIP_VALUES if v not in known.values()]
    for values in permutations(missing):
        dealt = dict(zip(hidden, values))
        yield replace(s, chips=tuple(known.get(c) or dealt[c] for c in range(CIRCLES)), hidden=False)


def momox_tile_keys(game, s) -> list[str]:
    """The first keys from which a tile is reachable this turn however the unremembered chips lie
    (an upper bound on the keys that are sure: the player would also have to know the way). A
    key is dropped by the first layout that leaves it no way."""
    keys = [m for m in game.legal_moves(s) if m != "stay"]
    for layout in momox_layouts(game, s):
        keys = [k for k in keys if momox_tile_reachable(game, layout, k)]
        if not keys:
            break
    return keys


def momox_canonical(game, s):
    """The state with the unremembered chips in ascending order on their circles (what a puzzle
    stores: the real order is nobody's business and changes no answer)."""
    from dataclasses import replace

    from ..games.momox_board import CHIP_VALUES, CIRCLES

    known = dict(s.seen)
    missing = iter(sorted(v for v in CHIP_VALUES if v not in known.values()))
    return replace(s, chips=tuple(known[c] if c in known else next(missing) for c in range(CIRCLES)))


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
    if game.id == "momox":
        return momox_tile_keys(game, s)
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
    "momox_canonical",
    "momox_layouts",
    "momox_sure_ways",
    "momox_tile_keys",
    "momox_tile_reachable",
    "mops_placement_points",
    "puzzle",
    "clean_progress",
    "puzzle_state",
    "puzzles",
    "winning_moves",
]

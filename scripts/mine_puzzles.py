#!/usr/bin/env python3
"""Mine the shipped puzzles (py/ludothek/data/puzzles.json) from games of the computer players.

    nice -n 10 python3 scripts/mine_puzzles.py            # the shipped games, a few minutes
    nice -n 10 python3 scripts/mine_puzzles.py fenn mops  # only these (the others are kept)

A puzzle is a position with exactly one best move, proven by an exact search over the engine
(each game's AI module's `puzzle_best_moves`, ludothek.ai.puzzles): Fenn, the only step that keeps a won position won (solved table);
Momentum, the only stone that forces a win within one to three own turns (from games of
the hard level against itself and weaker levels); Nummerus Zahlus, the
only take that wins the round whatever the opponent does (few chips left); Mops Royal, the only
cell for the tile from which the round scores the most points; Momox, the only key that surely
walks the figure to one of its tiles this turn on chips the table remembers. Difficulty comes from the
search depth and from whether a simple player finds the move. Everything is seeded: the same
sources give the same file.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from ludothek.ai import get_player  # noqa: E402
from ludothek.ai import puzzles as P  # noqa: E402
from ludothek.ai.fenn import fenn_winning_moves  # noqa: E402
from ludothek.ai.momentum_puzzles import momentum_shortest_win  # noqa: E402
from ludothek.ai.momox_puzzles import momox_canonical, momox_sure_ways, momox_tile_keys  # noqa: E402
from ludothek.ai.mops import mops_placement_points  # noqa: E402
from ludothek.games import get_game  # noqa: E402

PER_DIFFICULTY = 8  # puzzles per game and difficulty (at most)
TIME_PER_GAME = 120.0  # seconds of mining per game at most
MOMENTUM_TIME = float(os.environ.get("MOMENTUM_SECONDS", "1500"))  # a unique forced win is rare: more time


class Mine:
    """One game's mining: the puzzles found so far by difficulty (each position once), and its time."""

    def __init__(self, seconds: float):
        self.found: dict[int, list] = {}
        self.seen: set[str] = set()
        self.end = time.monotonic() + seconds

    def keep(self, difficulty: int, entry: dict) -> None:
        if entry["position"] in self.seen or len(self.found.setdefault(difficulty, [])) >= PER_DIFFICULTY:
            return
        self.seen.add(entry["position"])
        self.found[difficulty].append({**entry, "difficulty": difficulty})

    def time_left(self) -> bool:
        return time.monotonic() < self.end

    def seeds(self):
        """Seeds 1, 2, 3, ... for one game each, until every difficulty is full or the time is up."""
        seed = 0
        while not all(len(self.found.get(d, [])) >= PER_DIFFICULTY for d in (1, 2, 3)) and self.time_left():
            seed += 1
            yield seed


def mine_fenn() -> dict[int, list]:
    game = get_game("fenn")
    mine = Mine(TIME_PER_GAME)
    for seed in mine.seeds():
        s = game.new_game(players=2, seed=seed)
        players = [get_player("fenn", 2, seed=seed), get_player("fenn", 3, seed=seed + 1000)]
        while not game.is_over(s) and len(s.moves) < 300:
            position = game.position(s)
            fresh = game.from_position(position)
            moves = game.legal_moves(fresh)
            if len(moves) >= 3:
                wins, turns = fenn_winning_moves(game, fresh)
                if len(wins) == 1:
                    difficulty = 1 if turns <= 1 else 2 if turns <= 3 else 3
                    mine.keep(difficulty, {"position": position, "solution": wins[0], "line": _fenn_line(game, fresh, wins[0]), "depth": turns})
            s = game.play(s, players[game.current_player(s)].choose(s))
    return mine.found


def _fenn_line(game, s, first: str) -> list[str]:
    """The solution and perfect play by both sides to the end (at most 40 moves)."""
    line = [first]
    s = game.play(s, first)
    perfect = get_player("fenn", 5, seed=0)
    while not game.is_over(s) and len(line) < 40:
        move = perfect.choose(s)
        line.append(move)
        s = game.play(s, move)
    return line


def mine_momentum() -> dict[int, list]:
    """Games of the hard level against itself and weaker levels (seeded, after a few random
    stones), where stones get pushed off and hands run low. A position is kept when its mover forces a win
    within one to three own turns with exactly one first stone (and no faster win exists);
    the difficulty is the number of turns (and whether the stone is quiet, see below). Random positions hold one in some 3000."""
    game = get_game("momentum")
    mine = Mine(MOMENTUM_TIME)
    for seed in mine.seeds():
        s = game.new_game(players=2, seed=seed, pie=False)
        rng = random.Random(seed)
        for _ in range(2 + seed % 3):
            s = game.play(s, rng.choice(game.legal_moves(s)))
        # The hard level against itself and against weaker ones: close games, where hands run
        # low on both sides, and lopsided ones, where the stronger side finds a forced win.
        levels = PAIRINGS[seed % len(PAIRINGS)]
        players = [get_player("momentum", level, seed=seed * 10 + seat) for seat, level in enumerate(levels)]
        while not game.is_over(s) and mine.time_left():
            seat = game.current_player(s)
            if s.hands[seat] <= 3 and len(game.legal_moves(s)) >= 6:
                try:
                    wins, plies = momentum_shortest_win(game, s, 5, budget=MOMENTUM_BUDGET)
                except P.SearchTooLong:
                    wins = []  # too tangled to prove quickly (and to verify in the tests): passed over
                if len(wins) == 1:
                    # By depth: one own turn is easy; two turns easy when the stone pushes an
                    # opponent's stone off the board (it catches the eye), medium when it is
                    # quiet; three turns medium when it pushes off, hard when it is quiet.
                    turns = (plies + 1) // 2
                    difficulty = 1 if turns == 1 else turns - (1 if _pushes_off(game, s, wins[0]) else 0)
                    mine.keep(difficulty, {"position": game.position(s), "solution": wins[0], "line": _momentum_line(game, s, wins[0], plies), "depth": plies})
            s = game.play(s, players[seat].choose(s))
        counts = {d: len(mine.found.get(d, [])) for d in (1, 2, 3)}
        print(f"  momentum, {seed} games: {counts}, {time.monotonic() - mine.end + MOMENTUM_TIME:.0f} s", flush=True)
    return mine.found


MOMENTUM_BUDGET = 40_000  # placements per position (under a second here)
PAIRINGS = ((3, 3), (3, 2), (2, 3), (3, 1), (1, 3), (2, 2))


def _pushes_off(game, s, move: str) -> bool:
    seat = game.current_player(s)
    after = game.play(s, move)
    return any(after.hands[other] > s.hands[other] for other in range(len(s.hands)) if other != seat)


def _momentum_line(game, s, first: str, plies: int) -> list[str]:
    """The solution, then each time the defence that holds out longest (fewest winning answers
    among equals) and a fastest win, to the end."""
    line = [first]
    s = game.play(s, first)
    while not game.is_over(s):
        replies = []
        for reply in game.legal_moves(s):
            then = game.play(s, reply)
            wins, needed = momentum_shortest_win(game, then, plies)
            replies.append((-needed, len(wins), reply, wins[0]))
        _, _, reply, answer = min(replies)
        line += [reply, answer]
        s = game.play(game.play(s, reply), answer)
        plies -= 2
    return line


def mine_nummerus() -> dict[int, list]:
    game = get_game("nummerus")
    mine = Mine(TIME_PER_GAME)
    for seed in mine.seeds():
        s = game.new_game(players=2, seed=seed)
        players = [get_player("nummerus", 2, seed=seed), get_player("nummerus", 1, seed=seed + 1000)]
        while not game.is_over(s):
            left = sum(1 for c in s.board if c)
            moves = game.legal_moves(s)
            if 3 <= left <= 8 and len(moves) >= 2 and not s.swap_step:
                wins = P.winning_moves(game, s, left)
                if len(wins) == 1:
                    difficulty = 1 if left <= 4 else 2 if left <= 6 else 3
                    mine.keep(difficulty, {"position": game.position(s), "solution": wins[0], "line": _nummerus_line(game, s, wins[0], left), "depth": left})
            s = game.play(s, players[game.current_player(s)].choose(s))
    return mine.found


def _nummerus_line(game, s, first: str, plies: int) -> list[str]:
    """The solution and then, to the end, a defence and each time a winning take."""
    seat = game.current_player(s)
    line = [first]
    s = game.play(s, first)
    plies -= 1
    while not game.is_over(s):
        if game.current_player(s) == seat:
            move = P.winning_moves(game, s, plies)[0]
        else:
            move = game.legal_moves(s)[0]
        line.append(move)
        s = game.play(s, move)
        plies -= 1
    return line


def mine_mops() -> dict[int, list]:
    game = get_game("mops")
    mine = Mine(TIME_PER_GAME)
    for seed in mine.seeds():
        s = game.new_game(players=1, seed=seed)
        player = get_player("mops", 1, seed=seed)  # lays tiles loosely: many cells to choose from
        while not game.is_over(s):
            if s.step == "place" and len(game.legal_moves(s)) >= 3:
                points = mops_placement_points(game, s)
                top = max(points.values())
                best = [m for m, v in points.items() if v == top]
                scoring = sum(1 for v in points.values() if v > 0)
                if top > 0 and len(best) == 1 and scoring >= 2:
                    after = game.play(s, best[0])
                    gains = {m: game.scores(game.play(after, m))[0] for m in game.legal_moves(after)}
                    difficulty = 1 if scoring <= 2 else 2 if scoring <= 4 else 3
                    mine.keep(
                        difficulty, {"position": game.position(s), "solution": best[0], "line": [best[0], max(sorted(gains), key=gains.get)], "depth": scoring}
                    )
            s = game.play(s, player.choose(s))
    return mine.found


def mine_momox() -> dict[int, list]:
    """Games of the strongest level against the middle one, two to four players. A position is
    kept when exactly one first key surely reaches a tile of the mover this turn on remembered
    chips, no other key could in every layout of the unremembered ones, and the mover has at
    least two remembered chips under keys to choose from. Difficulty: the lifts the walk takes
    (one, two, three or four)."""
    from ludothek.games.momox_board import CIRCLES

    game = get_game("momox")
    mine = Mine(TIME_PER_GAME)
    for seed in mine.seeds():
        players = 2 + seed % 3
        s = game.new_game(players=players, seed=seed)
        computer = [get_player("momox", 3 if seat % 2 == 0 else 2, seed=seed * 10 + seat) for seat in range(players)]
        kept = set()  # difficulties kept from this game: one each, so that the puzzles differ
        while not game.is_over(s):
            if s.phase == "key":
                remembered_under_keys = len([c for c, _ in s.seen if c != game.open_circle(s)])
                ways = momox_sure_ways(game, s)
                # Every other game keeps only positions where some chip is still unknown (a key
                # there is a gamble the puzzle must see past); the others also the fully remembered.
                if len(ways) == 1 and remembered_under_keys >= 2 and len(s.seen) < CIRCLES + (seed % 2):
                    ((key, way),) = ways.items()
                    difficulty = min(len(way) - 1, 3)
                    if difficulty not in kept and momox_tile_keys(game, s) == [key]:
                        kept.add(difficulty)
                        shown = momox_canonical(game, s)
                        mine.keep(difficulty, {"position": game.position(shown), "solution": key, "line": way, "depth": len(way) - 1})
            s = game.play(s, computer[game.current_player(s)].choose(s))
    return mine.found


MINERS = {"fenn": mine_fenn, "momentum": mine_momentum, "nummerus": mine_nummerus, "mops": mine_mops, "momox": mine_momox}


def numbered(name: str, found: dict[int, list[dict]], shipped: list[dict], retired: list[str]) -> tuple[list[dict], list[str]]:
    """The mined puzzles with their ids, and the ids retired so far. Links and players' progress
    name a puzzle by its id, so a puzzle shipped before (same position, same solution) keeps its id,
    whatever its difficulty now; a new one gets the next number of its difficulty that no puzzle
    ever had; the id of a puzzle no longer found is retired and never given again."""
    before = {(entry["position"], entry["solution"]): entry["id"] for entry in shipped}
    taken = set(before.values()) | set(retired)
    entries = []
    for difficulty in (1, 2, 3):
        number = 0
        for entry in found.get(difficulty, []):
            puzzle_id = before.get((entry["position"], entry["solution"]))
            if puzzle_id is None:
                while True:
                    number += 1
                    puzzle_id = f"{name[:2]}{difficulty}{number:02d}"
                    if puzzle_id not in taken:
                        break
                taken.add(puzzle_id)
            entries.append({"id": puzzle_id, **entry})
    kept = {entry["id"] for entry in entries}
    return entries, sorted(set(retired) | ({entry["id"] for entry in shipped} - kept))


def main(names: list[str]) -> None:
    path = P.DATA_PATH
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"version": 1, "games": {}}
    for name in names or list(P.PUZZLE_GAMES):
        started = time.monotonic()
        found = MINERS[name]()
        shipped = data["games"].get(name, [])
        entries, retired = numbered(name, found, shipped, data.get("retired", {}).get(name, []))
        if entries:
            data["games"][name] = entries
        else:
            data["games"].pop(name, None)
        if retired:
            data.setdefault("retired", {})[name] = retired
        counts = {d: len(found.get(d, [])) for d in (1, 2, 3)}
        print(f"{name}: {len(entries)} puzzles {counts} in {time.monotonic() - started:.0f} s", flush=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])

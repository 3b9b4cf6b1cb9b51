#!/usr/bin/env python3
"""Strength and speed of computer players, over seeded 2-player games (a benchmark, not a test).

    python bench/strength.py momentum 3 0 --games 100     # level 3 against random (level 0)
    python bench/strength.py momentum 3 2 --games 100     # level 3 against level 2

Seats alternate from game to game. Prints wins/draws/losses of the first player named, the mean
and worst time per move (CPython), and the longest single chunk of a time-sliced search, which
bounds how long the page's main thread is busy at once (Pyodide runs about 1.5-2x slower).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from timing import timed_search  # noqa: E402
from ludothek.render.catalog import get_player  # noqa: E402
from ludothek.games import get_game  # noqa: E402


def play_match(
    game_id: str,
    level_a: int,
    level_b: int,
    games: int,
    players: int = 2,
    options: dict | None = None,
    seed0: int = 0,
    move_cap: int = 2000,
    think_seconds: float | None = None,
):
    """`think_seconds`: CPU seconds per move of the anytime levels (None: their default, wall time)."""
    game = get_game(game_id)
    results = {"win": 0, "draw": 0, "loss": 0}
    times: list[float] = []
    worst_chunk = 0.0
    worst_chunk_cpu = 0.0  # CPU time: not inflated when other jobs share the machine
    for g in range(games):
        seed = seed0 + g
        a_seat = g % 2
        levels = [level_b] * players
        levels[a_seat] = level_a
        clock = None if think_seconds is None else time.process_time
        bots = [get_player(game_id, lv, seed=seed * 10 + i, think_seconds=think_seconds, clock=clock) for i, lv in enumerate(levels)]
        s = game.new_game(players=players, seed=seed, **(options or {}))
        n = 0
        while not game.is_over(s) and n < move_cap:
            seat = game.current_player(s)
            move, chunks = timed_search(bots[seat].search(s))
            worst_chunk = max([worst_chunk] + [wall for wall, _ in chunks])
            worst_chunk_cpu = max([worst_chunk_cpu] + [cpu for _, cpu in chunks])
            if levels[seat] == level_a:
                times.append(sum(wall for wall, _ in chunks))
            s = game.play(s, move)
            n += 1
        winners = game.winners(s)
        if a_seat in winners and len(winners) == 1:
            results["win"] += 1
        elif not winners or a_seat in winners:
            results["draw"] += 1
        else:
            results["loss"] += 1
    return {
        "game": game_id,
        "level": level_a,
        "opponent": level_b,
        "games": games,
        **results,
        "win_rate": results["win"] / games,
        # Wins and half the draws (as in chess): the ladder's measure, since a level that holds a
        # draw against a perfect player cannot be beaten by it (Fenn).
        "score": (results["win"] + results["draw"] / 2) / games,
        "mean_move_s": sum(times) / max(1, len(times)),
        "max_move_s": max(times, default=0.0),
        "max_chunk_s": worst_chunk,
        "max_chunk_cpu_s": worst_chunk_cpu,
    }


def add_match_arguments(parser: argparse.ArgumentParser) -> None:
    """A match's arguments, here and in bench/nummerus_speed.py: the level under test and its
    opponent's, how many games of how many players, the game's options and the first seed."""
    parser.add_argument("level", type=int)
    parser.add_argument("opponent", type=int, help="opponent level (0 = random)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--options", default="{}", help="JSON object of game options")
    parser.add_argument("--seed", type=int, default=0)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    add_match_arguments(parser)
    parser.add_argument("--think", type=float, default=None, help="CPU seconds per move of the anytime (strongest) levels")
    args = parser.parse_args(argv)
    result = play_match(args.game, args.level, args.opponent, args.games, args.players, json.loads(args.options), args.seed, think_seconds=args.think)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Nummerus Zahlus solitaire: chains left by a computer level over seeded layouts (a benchmark,
not a test; lower is better, 0 is perfect).

    python bench/nummerus_solitaire.py 3 --games 100      # the strongest level (the hint)
    python bench/nummerus_solitaire.py 1 --games 100

Layouts are `new_game(players=1, seed=k)` for k = seed .. seed+games-1. Prints the average and the
distribution of chains left, and the CPU time (time.process_time) per move and per chunk of the
time-sliced search.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from timing import timed_search  # noqa: E402
from ludothek.render.catalog import get_player  # noqa: E402
from ludothek.games import get_game  # noqa: E402


def run(level: int, games: int, seed0: int = 0) -> dict:
    game = get_game("nummerus")
    results: list[int] = []
    move_times: list[float] = []
    worst_chunk = 0.0
    for seed in range(seed0, seed0 + games):
        s = game.new_game(players=1, seed=seed)
        player = get_player("nummerus", level, seed=seed)
        while not game.is_over(s):
            move, chunks = timed_search(player.search(s))
            worst_chunk = max([worst_chunk] + [cpu for _, cpu in chunks])
            move_times.append(sum(cpu for _, cpu in chunks))
            s = game.play(s, move)
        results.append(game.scores(s)[0])
    return {
        "level": level,
        "games": games,
        "mean_chains_left": sum(results) / games,
        "distribution": {str(k): results.count(k) for k in sorted(set(results))},
        "won_share": sum(1 for r in results if r <= 2) / games,
        "mean_move_cpu_s": round(sum(move_times) / len(move_times), 4),
        "max_move_cpu_s": round(max(move_times), 4),
        "max_chunk_cpu_s": round(worst_chunk, 4),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("level", type=int)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.level, args.games, args.seed), indent=2))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Mops Royal: what bench/strength.py does not measure (a benchmark, not a test).

    python bench/mops_strength.py duel 4 2 --games 100     # level 4 against level 2 (greedy), 2 players
    python bench/mops_strength.py solo 4 2 --games 100     # solo scores of both levels on the same seeds

`duel` counts the games in which the first level scores strictly more than the second (seats
alternate; both lay the same tiles, since the caller's pile is shared), the average scores and
the engine's winners. `solo` plays every seed once per level and compares the average scores.
Both report the mean and worst time per move and the longest single chunk of the time-sliced
search (CPython; Pyodide runs about 1.5-2x slower), as wall-clock time and as CPU time of the
thread (the latter is not inflated when other processes compete for the CPU). `--jobs` plays
games in parallel processes.
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from timing import timed_search  # noqa: E402
from ludothek.render.catalog import get_player  # noqa: E402
from ludothek.games import get_game  # noqa: E402

GAME_ID = "mops"


def play_game(levels: list[int], seed: int, options: dict) -> dict:
    """One seeded game; seat i is played by levels[i]."""
    game = get_game(GAME_ID)
    bots = [get_player(GAME_ID, level, seed=seed * 10 + i) for i, level in enumerate(levels)]
    s = game.new_game(players=len(levels), seed=seed, **options)
    move_times: list[list[float]] = [[] for _ in levels]
    move_cpu: list[list[float]] = [[] for _ in levels]
    worst_chunk = [0.0 for _ in levels]
    worst_chunk_cpu = [0.0 for _ in levels]
    while not game.is_over(s):
        seat = game.current_player(s)
        move, chunks = timed_search(bots[seat].search(s))
        worst_chunk[seat] = max([worst_chunk[seat]] + [wall for wall, _ in chunks])
        worst_chunk_cpu[seat] = max([worst_chunk_cpu[seat]] + [cpu for _, cpu in chunks])
        move_times[seat].append(sum(wall for wall, _ in chunks))
        move_cpu[seat].append(sum(cpu for _, cpu in chunks))
        s = game.play(s, move)
    return {
        "seed": seed,
        "scores": game.scores(s),
        "winners": game.winners(s),
        "times": move_times,
        "cpu": move_cpu,
        "chunks": worst_chunk,
        "chunks_cpu": worst_chunk_cpu,
    }


def _run(args):
    return play_game(*args)


def timing(results: list[dict], seat_of) -> dict:
    times = [t for r in results for t in r["times"][seat_of(r)]]
    cpu = [t for r in results for t in r["cpu"][seat_of(r)]]
    return {
        "mean_move_cpu_s": round(sum(cpu) / max(1, len(cpu)), 4),
        "max_move_cpu_s": round(max(cpu, default=0.0), 4),
        "mean_move_s": round(sum(times) / max(1, len(times)), 4),
        "max_move_s": round(max(times, default=0.0), 4),
        "max_chunk_s": round(max(r["chunks"][seat_of(r)] for r in results), 4),
        "max_chunk_cpu_s": round(max(r["chunks_cpu"][seat_of(r)] for r in results), 4),
    }


def duel(level_a: int, level_b: int, games: int, seed0: int, options: dict, jobs: int) -> dict:
    tasks = []
    for g in range(games):
        a_seat = g % 2
        levels = [level_b, level_b]
        levels[a_seat] = level_a
        tasks.append((levels, seed0 + g, options))
    results = _map(tasks, jobs)
    more = equal = less = wins = 0
    sum_a = sum_b = 0
    for g, r in enumerate(results):
        a_seat = g % 2
        a, b = r["scores"][a_seat], r["scores"][1 - a_seat]
        sum_a += a
        sum_b += b
        more += a > b
        equal += a == b
        less += a < b
        wins += r["winners"] == [a_seat]
    return {
        "mode": "duel",
        "level": level_a,
        "opponent": level_b,
        "games": games,
        "options": options,
        "scores_more": more,
        "scores_equal": equal,
        "scores_less": less,
        "share_scoring_more": round(more / games, 3),
        "engine_wins": wins,
        "mean_score": round(sum_a / games, 2),
        "opponent_mean_score": round(sum_b / games, 2),
        **timing([dict(r, idx=g) for g, r in enumerate(results)], lambda r: r["idx"] % 2),
    }


def solo(level_a: int, level_b: int, games: int, seed0: int, options: dict, jobs: int) -> dict:
    tasks = [([level], seed0 + g, options) for level in (level_a, level_b) for g in range(games)]
    results = _map(tasks, jobs)
    a_scores = [r["scores"][0] for r in results[:games]]
    b_scores = [r["scores"][0] for r in results[games:]]
    return {
        "mode": "solo",
        "level": level_a,
        "opponent": level_b,
        "games": games,
        "options": options,
        "mean_score": round(sum(a_scores) / games, 2),
        "opponent_mean_score": round(sum(b_scores) / games, 2),
        "seeds_better": sum(a > b for a, b in zip(a_scores, b_scores)),
        "seeds_worse": sum(a < b for a, b in zip(a_scores, b_scores)),
        "best": max(a_scores),
        "worst": min(a_scores),
        **timing(results[:games], lambda r: 0),
    }


def _map(tasks, jobs: int):
    if jobs <= 1:
        return [_run(t) for t in tasks]
    with Pool(jobs) as pool:
        return pool.map(_run, tasks, chunksize=1)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("duel", "solo"))
    parser.add_argument("level", type=int)
    parser.add_argument("opponent", type=int)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", default="{}", help="JSON object of game options")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    run = duel if args.mode == "duel" else solo
    print(json.dumps(run(args.level, args.opponent, args.games, args.seed, json.loads(args.options), args.jobs), indent=2))


if __name__ == "__main__":
    main()

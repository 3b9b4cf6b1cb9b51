#!/usr/bin/env python3
"""Each game's strongest level against plain UCT (bench/uct.py) at a given CPython time per move
(a benchmark, not a test).

    python bench/versus_uct.py nummerus --ours 0.2 --uct 0.2 --games 20
    python bench/versus_uct.py momentum --ours 0.2 --uct 0.8 --games 20 --jobs 2

Both sides count CPU time of the process (time.process_time), so a busy machine takes nothing
from either. Seats alternate from game to game (2 players). Prints won/drawn/lost of our level
by the engine's winners; for Mops Royal also how often our score was strictly higher.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import timed_search  # noqa: E402
from uct import UCTPlayer  # noqa: E402
from ludothek.render.catalog import get_player, levels  # noqa: E402
from ludothek.games import get_game  # noqa: E402


def strongest(game_id: str) -> int:
    return levels(game_id)[-1].number


def play_game(game_id: str, seed: int, ours: float, uct: float, level: int | None = None, options: dict | None = None, settings: dict | None = None) -> dict:
    """One seeded 2-player game; our level sits in seat seed % 2."""
    game = get_game(game_id)
    level = level or strongest(game_id)
    our_seat = seed % 2
    ours_player = get_player(game_id, level, seed=seed, think_seconds=ours, clock=time.process_time)
    for name, value in (settings or {}).items():  # search parameters to try (development)
        setattr(ours_player, name, value)
    uct_player = UCTPlayer(game, seconds=uct, seed=seed)
    s = game.new_game(players=2, seed=seed, **(options or {}))
    our_cpu: list[float] = []
    worst_chunk_cpu = 0.0
    uct_iterations: list[int] = []
    while not game.is_over(s):
        seat = game.current_player(s)
        if seat == our_seat:
            move, chunks = timed_search(ours_player.search(s))
            our_cpu.append(sum(cpu for _, cpu in chunks))
            worst_chunk_cpu = max([worst_chunk_cpu] + [cpu for _, cpu in chunks])
        else:
            move = uct_player.choose(s)
            uct_iterations.append(uct_player.last_iterations)
        s = game.play(s, move)
    winners = game.winners(s)
    scores = game.scores(s)
    return {
        "seed": seed,
        "result": "win" if winners == [our_seat] else "loss" if winners and our_seat not in winners else "draw",
        "higher_score": scores[our_seat] > scores[1 - our_seat],
        "score_margin": scores[our_seat] - scores[1 - our_seat],
        "our_cpu": our_cpu,
        "worst_chunk_cpu": worst_chunk_cpu,
        "uct_iterations": uct_iterations,
    }


def _play(args):
    result = play_game(*args)
    # progress for long runs: one line per finished game on stderr (stdout carries the JSON)
    print(f"{args[0]} seed {result['seed']}: {result['result']}", file=sys.stderr, flush=True)
    return result


def play_match(
    game_id: str,
    ours: float,
    uct: float,
    games: int,
    jobs: int = 1,
    seed0: int = 0,
    level: int | None = None,
    options: dict | None = None,
    settings: dict | None = None,
) -> dict:
    tasks = [(game_id, seed0 + g, ours, uct, level, options, settings) for g in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_play, tasks))
    else:
        results = [_play(t) for t in tasks]
    times = [t for r in results for t in r["our_cpu"]]
    iterations = [i for r in results for i in r["uct_iterations"]]
    count = {k: sum(r["result"] == k for r in results) for k in ("win", "draw", "loss")}
    return {
        "game": game_id,
        "level": level or strongest(game_id),
        "ours_s": ours,
        "uct_s": uct,
        "games": games,
        **count,
        "higher_score": sum(r["higher_score"] for r in results),
        "mean_margin": round(sum(r["score_margin"] for r in results) / max(1, games), 2),
        "mean_move_ms": round(1000 * sum(times) / max(1, len(times)), 1),
        "max_move_ms": round(1000 * max(times, default=0), 1),
        "max_chunk_ms": round(1000 * max((r["worst_chunk_cpu"] for r in results), default=0), 1),
        "uct_mean_playouts": round(sum(iterations) / max(1, len(iterations))),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--ours", type=float, default=0.2, help="our level's CPU seconds per move")
    parser.add_argument("--uct", type=float, default=0.2, help="UCT's CPU seconds per move")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", type=int, default=None, help="default: the strongest")
    parser.add_argument("--options", default="{}", help="JSON object of game options")
    parser.add_argument("--set", default="{}", help="JSON object of our player's attributes to set (search parameters)")
    args = parser.parse_args(argv)
    print(
        json.dumps(
            play_match(args.game, args.ours, args.uct, args.games, args.jobs, args.seed, args.level, json.loads(args.options), json.loads(args.set)), indent=1
        )
    )


if __name__ == "__main__":
    main()

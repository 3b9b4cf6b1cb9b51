#!/usr/bin/env python3
"""Nummerus Zahlus computer players: strength and CPU cost with 2-4 players and variants
(a benchmark, not a test).

    python bench/nummerus_speed.py 3 2 --games 40                      # level 3 vs level 2, 2 players
    python bench/nummerus_speed.py 3 0 --players 4 --games 40          # level 3 vs three random players
    python bench/nummerus_speed.py 3 2 --options '{"swap": true}'

Unlike bench/strength.py it measures CPU time of this process (time.process_time), so the
figures hold on a busy machine, and it handles 3-4 players: the level under test sits in one seat
(rotating from game to game), every other seat plays the opponent level. "win" counts games the
level under test wins alone, "shared" games it wins together with others.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from strength import add_match_arguments  # noqa: E402
from timing import timed_search  # noqa: E402
from ludothek.render.catalog import get_player  # noqa: E402
from ludothek.games import get_game  # noqa: E402


def run(level: int, opponent: int, games: int, players: int, options: dict, seed0: int = 0) -> dict:
    game = get_game("nummerus")
    win = shared = loss = 0
    move_times: list[float] = []
    worst_chunk = 0.0
    for g in range(games):
        seed = seed0 + g
        seat_under_test = g % players
        levels = [opponent] * players
        levels[seat_under_test] = level
        bots = [get_player("nummerus", lv, seed=seed * 10 + i) for i, lv in enumerate(levels)]
        s = game.new_game(players=players, seed=seed, **options)
        while not game.is_over(s):
            seat = game.current_player(s)
            move, chunks = timed_search(bots[seat].search(s))
            if seat == seat_under_test:
                worst_chunk = max([worst_chunk] + [cpu for _, cpu in chunks])
                move_times.append(sum(cpu for _, cpu in chunks))
            s = game.play(s, move)
        winners = game.winners(s)
        if winners == [seat_under_test]:
            win += 1
        elif seat_under_test in winners:
            shared += 1
        else:
            loss += 1
    return {
        "level": level,
        "opponent": opponent,
        "players": players,
        "options": options,
        "games": games,
        "win": win,
        "shared": shared,
        "loss": loss,
        "win_rate": win / games,
        "mean_move_cpu_s": round(sum(move_times) / max(1, len(move_times)), 4),
        "max_move_cpu_s": round(max(move_times, default=0.0), 4),
        "max_chunk_cpu_s": round(worst_chunk, 4),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_match_arguments(parser)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.level, args.opponent, args.games, args.players, json.loads(args.options), args.seed), indent=2))


if __name__ == "__main__":
    main()

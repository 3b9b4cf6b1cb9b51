#!/usr/bin/env python3
"""Momentum's searches, CPU time for a fixed amount of work (a benchmark, not a test): the
alpha-beta player (ai/momentum.py) and the puzzles' exact search (ai/momentum_puzzles.py).

    python bench/momentum_search.py                 # 5 repeats
    python bench/momentum_search.py --repeats 9

Both searches place stones with the engine's own functions (games/momentum.py); this measures
what a change to them costs. Each search's work is capped (the player's `max_work`; the puzzle search
solves the shipped puzzles), so every run does the same work and chooses the same moves; the
figure is this process's CPU time (time.process_time), so it holds on a busy machine. Reported,
never asserted: the median and the least of the repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludothek.ai.momentum import make_player  # noqa: E402
from ludothek.ai.momentum_puzzles import momentum_winning_moves  # noqa: E402
from ludothek.ai.puzzles import puzzles  # noqa: E402
from ludothek.games.momentum import GAME  # noqa: E402
from ludothek.games.momentum_state import MomentumState  # noqa: E402

PLAYER_WORK = 20_000  # placements the strongest level's search may try per move


def positions(count: int = 12) -> list[MomentumState]:
    """Seeded games a few random stones in: two players on 7x7 and 9x9, every fourth three players."""
    found = []
    for seed in range(count):
        if seed % 4 == 3:
            s = GAME.new_game(players=3, seed=seed)
        else:
            s = GAME.new_game(players=2, seed=seed, size="9x9" if seed % 3 == 2 else "7x7", pie=False)
        rng = random.Random(seed)
        for _ in range(6 + seed % 7):
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
        if not GAME.is_over(s):
            found.append(s)
    return found


def player_seconds(states: list[MomentumState]) -> float:
    """CPU seconds of the strongest level's search, capped, in every position."""
    start = time.process_time()
    for s in states:
        player = make_player(GAME, 4, seed=1)
        player.think_seconds = 1e9
        player.max_work = PLAYER_WORK
        player.choose(s)
    return time.process_time() - start


def puzzle_seconds(_states: list[MomentumState]) -> float:
    """CPU seconds of the puzzles' exact search (the shipped puzzles' positions and depths)."""
    start = time.process_time()
    for p in puzzles("momentum"):
        momentum_winning_moves(GAME, GAME.from_position(p["position"]), p["depth"])
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    states = positions()
    print(f"{len(states)} positions, {args.repeats} repeats, CPU seconds: median (least)")
    for name, run in (("player, level 4, 20,000 placements a move", player_seconds), ("puzzle search, every shipped puzzle", puzzle_seconds)):
        times = [run(states) for _ in range(args.repeats)]
        print(f"  {name}: {statistics.median(times):.3f} s ({min(times):.3f} s)")


if __name__ == "__main__":
    main()

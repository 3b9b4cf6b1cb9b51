#!/usr/bin/env python3
"""Fenn computer levels measured against the solution (a benchmark, not a test).

    python bench/fenn_levels.py                 # 40 games' worth of positions, all levels
    python bench/fenn_levels.py --games 100

bench/strength.py plays levels against each other; this script asks what it cannot: how often
each level's move is worse than the best one by the exact value (a blunder: a won position
turned into a draw or loss, or a drawn one into a loss; a slip: a win that takes longer or a loss
that comes sooner), and how long its decisions and the chunks of its time-sliced search take
(CPython; Pyodide is about 1.5-2x slower). Positions are collected from seeded games between
random mixes of all levels and the random player, so they look like real play.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from timing import timed_search  # noqa: E402
from ludothek.ai import fenn as fenn_ai  # noqa: E402
from ludothek.ai import fenn_solver as solver  # noqa: E402
from ludothek.render.catalog import get_player  # noqa: E402
from ludothek.games import get_game  # noqa: E402

G = get_game("fenn")


def collect_positions(games: int, seed: int) -> list:
    levels = [0] + [lv.number for lv in fenn_ai.LEVELS]
    rng = random.Random(f"fenn-levels-{seed}")
    states = []
    for g in range(games):
        bots = [get_player("fenn", rng.choice(levels), seed=seed * 1000 + g * 2 + i) for i in range(2)]
        s = G.new_game(seed=seed * 1000 + g)
        while not G.is_over(s) and len(s.moves) < 400:
            if len(G.legal_moves(s)) > 1:
                states.append(s)
            s = G.play(s, bots[G.current_player(s)].choose(s))
    return states


def measure(level: int, states: list, table: bytes) -> dict:
    player = get_player("fenn", level, seed=level)
    blunders = slips = 0
    per_move, chunks_all = [], []
    for s in states:
        values = {mv.move: mv.exact for mv in solver.move_values(G, table, s)}
        best = max(v.rank() for v in values.values())
        move, chunks = timed_search(player.search(s))
        per_move.append(sum(wall for wall, _ in chunks))
        chunks_all.extend(chunks)
        rank = values[move].rank()
        if rank[0] < best[0]:
            blunders += 1
        elif rank < best:
            slips += 1
    walls = sorted(wall for wall, _ in chunks_all)
    cpus = sorted(cpu for _, cpu in chunks_all)
    return {
        "level": level,
        "positions": len(states),
        "blunder_rate": round(blunders / len(states), 4),
        "slip_rate": round(slips / len(states), 4),
        "mean_move_ms": round(1000 * sum(per_move) / len(per_move), 3),
        "max_move_ms": round(1000 * max(per_move), 3),
        "max_chunk_ms": round(1000 * walls[-1], 3),
        "p99_chunk_ms": round(1000 * walls[int(0.99 * (len(walls) - 1))], 3),
        "max_chunk_cpu_ms": round(1000 * cpus[-1], 3),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    table = solver.load_table()
    states = collect_positions(args.games, args.seed)
    for level in [lv.number for lv in fenn_ai.LEVELS]:
        print(json.dumps(measure(level, states, table)))


if __name__ == "__main__":
    main()

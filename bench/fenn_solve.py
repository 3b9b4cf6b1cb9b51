#!/usr/bin/env python3
"""What the Fenn solution says, and what it costs (a benchmark, not a test).

    python bench/fenn_solve.py

Prints the time of a full retrograde solve (CPython; the page ships the table instead, as
Pyodide would need several seconds), the shipped table's size and load time, how the
turn-start positions divide into wins, draws and losses, the value of the start position for
each start player and black top, the value of every opening move of the two real starts, and
the time the hint function needs per position.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludothek.ai import fenn_solver as solver  # noqa: E402
from ludothek.games import get_game  # noqa: E402
from ludothek.package_files import package_file  # noqa: E402

G = get_game("fenn")


def main() -> None:
    started = time.perf_counter()
    cpu = time.process_time()
    table = solver.solve()
    solve_wall, solve_cpu = time.perf_counter() - started, time.process_time() - cpu
    shipped = package_file(solver.TABLE_FILE).read_bytes()
    started = time.perf_counter()
    solver.decode_table(shipped)
    load_s = time.perf_counter() - started
    counts = Counter(table)
    by_turns = {d: n for d, n in sorted(counts.items()) if d not in (solver.DRAW_BYTE, solver.NO_POSITION)}
    print(
        json.dumps(
            {
                "solve_wall_s": round(solve_wall, 3),
                "solve_cpu_s": round(solve_cpu, 3),
                "table_matches_shipped": solver.decode_table(shipped) == table,
                "sha256": solver.table_hash(table),
                "shipped_bytes": len(shipped),
                "load_ms": round(1000 * load_s, 3),
                "positions": sum(n for d, n in counts.items() if d != solver.NO_POSITION),
                "won_for_mover": sum(n for d, n in by_turns.items() if d % 2),
                "drawn": counts[solver.DRAW_BYTE],
                "lost_for_mover": sum(n for d, n in by_turns.items() if d % 2 == 0),
                "decided_in_turns": by_turns,
            },
            indent=2,
        )
    )
    for (colour, black), value in solver.start_values(table).items():
        print(f"start b0:5 r10:5 k{black} {colour[0]}: {value.text()} for {colour}")
    for text in ("b0:5 r10:5 k6 b", "b0:5 r10:5 k4 r"):
        moves = solver.move_values(G, table, G.from_position(text))
        print(f"opening moves from {text}: " + ", ".join(f"{mv.move} {mv.exact.text()}" for mv in moves))
    rng = random.Random("fenn-solve-bench")
    states = []
    for g in range(30):
        s = G.new_game(seed=g)
        while not G.is_over(s):
            states.append(s)
            s = G.play(s, rng.choice(G.legal_moves(s)))
    started = time.perf_counter()
    worst = 0.0
    for s in states:
        t0 = time.perf_counter()
        solver.move_values(G, table, s)
        worst = max(worst, time.perf_counter() - t0)
    mean = (time.perf_counter() - started) / len(states)
    print(f"hint (values of all legal moves): mean {1000 * mean:.2f} ms, max {1000 * worst:.2f} ms over {len(states)} positions")


if __name__ == "__main__":
    main()

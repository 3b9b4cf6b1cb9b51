#!/usr/bin/env python3
"""Mops Royal: why the planning levels keep a model of the scoring rule (a benchmark, not a test).

    python bench/mops_model.py --games 4

The planning levels (ai/mops.py, levels 3 and 4) value a layout by its potential, which
ai/mops_eval.py's `Analysis` keeps as counts per placement of a shape, updated only where a tile
is laid or turned. For every cell the round's tile may go to, and every tile a scoring may turn,
they also ask which combinations the layout then holds and what each scores. The model answers
that from the same counts (`flip_options`: the placements that are complete); the engine would
answer it from the layout each time. This plays seeded solo games with random moves and collects,
at every placement, the layouts the planner tries (the tile laid on each cell it may go to, then
each tile a combination could turn), and times per layout:

- `planner`: what the planner does anyway for the potential: `placed(cell, tile)` or
  `flipped(cell)`, then `value` (the potential);
- `engine-query`: the engine's own question, `GAME.scoring_options(after, seat)`, on the state
  each layout belongs to;
- `engine-layout`: the engine's scoring functions on the layout alone, `combinations(layout)` and
  `combination_points` (the cheapest answer the engine gives);
- `model`: `flip_options()` of the analysis the planner holds.

CPU time of the process (not inflated when other processes compete for the CPU), the best of five
runs over all the layouts. Level 4 asks again for about every tile still to come, for each of its
three best candidates (ai/mops.py `look_ahead`), within 0.7 s of thinking: what the engine's
answer would add to each layout tried is what it takes from that look-ahead.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludothek.ai.mops_eval import Analysis, Context  # noqa: E402
from ludothek.games.mops import GAME  # noqa: E402
from ludothek.games.mops_scoring import combination_points, combinations  # noqa: E402
from ludothek.games.mops_state import PLACE, MopsState  # noqa: E402
from ludothek.games.notation import frame_cell_index, parse_refusal  # noqa: E402

# A layout the planner tries: the analysis before the step, the step (laid: (cell, tile); turned:
# (cell, None)), the analysis after it, a state that holds the layout after it, and the context of
# the decision (the tiles to come, as the planner builds it once per decision).
Tried = tuple[Analysis, tuple[int, int | None], Analysis, MopsState, Context]


def tried_layouts(games: int) -> list[Tried]:
    """The layouts the planner tries at every placement of seeded solo games played at random."""
    found: list[Tried] = []
    for seed in range(games):
        s = GAME.new_game(players=1, seed=seed)
        rng = random.Random(seed)
        while s.outcome is None:
            if s.phase == PLACE and s.tile is not None:
                an = Analysis.of(s.layouts[0])
                ctx = Context(s.layouts[0], s.pile, False)
                for move in GAME.legal_moves(s):
                    if parse_refusal(move) is not None:
                        continue
                    cell = frame_cell_index(move)
                    placed = an.placed(cell, s.tile)
                    after = GAME.play(s, move)
                    found.append((an, (cell, s.tile), placed, after, ctx))
                    for flip in placed.flip_options():
                        found.append((placed, (flip, None), placed.flipped(flip), after, ctx))
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
    return found


def best_of_five(layouts: list[Tried], ask: Callable[[Tried], object]) -> float:
    """Microseconds of CPU time per layout, the best of five runs."""
    best = float("inf")
    for _run in range(5):
        start = time.process_time()
        for tried in layouts:
            ask(tried)
        best = min(best, time.process_time() - start)
    return best / len(layouts) * 1e6


def planner(tried: Tried) -> object:
    before, (cell, tile), _after, _s, ctx = tried
    stepped = before.placed(cell, tile) if tile is not None else before.flipped(cell)
    return stepped.value(ctx, stepped.room)


def engine_query(tried: Tried) -> object:
    return GAME.scoring_options(tried[3], 0)


def engine_layout(tried: Tried) -> object:
    layout = tried[2].layout
    return [combination_points(layout, p) for p in combinations(layout)]


def model(tried: Tried) -> object:
    return tried[2].flip_options()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="seeded solo games (default 4)")
    args = parser.parse_args()
    layouts = tried_layouts(args.games)
    print(f"{len(layouts)} layouts tried at the placements of {args.games} seeded solo games")
    times = {
        name: best_of_five(layouts, ask)
        for name, ask in (("planner", planner), ("engine-query", engine_query), ("engine-layout", engine_layout), ("model", model))
    }
    for name, micros in times.items():
        print(f"{name:14} {micros:9.1f} us per layout")
    for name in ("engine-query", "engine-layout"):
        print(
            f"{name}: {times[name] / times['model']:.0f} times the model's answer; "
            f"it would make each layout tried {(times['planner'] + times[name]) / (times['planner'] + times['model']):.1f} times as costly"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

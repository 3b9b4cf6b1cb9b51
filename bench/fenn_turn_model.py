#!/usr/bin/env python3
"""Whether Fenn's solver keeps its own model of a turn: its cost against the engine's answer (a
benchmark, not a test).

    python bench/fenn_turn_model.py [--positions N]

ai/fenn_solver.py's `turn_outcomes` works out how a turn can end (a win, or where the opponent's
turn begins, with the fewest moves to get there) on plain integers over the engine's step rule
(`legal_steps`); `turn_outcomes_played` asks the engine the same, playing every move of the rest
of the turn (`legal_moves`, `play`). Timed on the same positions (CPU time of this process):

- turn starts: N seeded turn-start positions of the solver's table, as the solve meets each of
  its 25,788 once (`successors`), extrapolated to the whole solve;
- inside a turn: the positions of seeded random games where a computer player values a move's
  rest of the turn (an extra step or a Pasch pending), as every level does for every move.

Both must give the same endings (the benchmark says so); tests/test_fenn_ai.py checks it too.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludothek.ai import fenn_solver as solver  # noqa: E402
from ludothek.games.fenn import GAME, FennState  # noqa: E402

Answer = Callable[[FennState], dict[solver.Ending, int]]


def turn_starts(count: int) -> list[FennState]:
    indices = [i for i in range(solver.SIZE) if solver.is_position(*solver.unindex(i)[:4])]
    states = []
    for i in random.Random("fenn-turn-model").sample(indices, count):
        blue, blue_face, red, red_face, black, to_move = solver.unindex(i)
        states.append(GAME.from_position(f"b{blue}:{blue_face} r{red}:{red_face} k{black} {'br'[to_move]}"))
    return states


def inside_turns(games: int) -> list[FennState]:
    states = []
    for g in range(games):
        rng = random.Random(f"fenn-turn-model-{g}")
        s = GAME.new_game(seed=g)
        while s.outcome is None:
            if s.moves and GAME.current_player(s) == s.to_move and GAME.can_end(s):
                states.append(s)
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
    return states


def model(s: FennState) -> dict[solver.Ending, int]:
    return solver.turn_outcomes_of(s)


def played(s: FennState) -> dict[solver.Ending, int]:
    return solver.turn_outcomes_played(GAME, s)


def timed(answer: Answer, states: list[FennState]) -> tuple[float, list[dict[solver.Ending, int]]]:
    started = time.process_time()
    answers = [answer(s) for s in states]
    return time.process_time() - started, answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="turn-start positions timed (default 2000)")
    args = parser.parse_args()
    report = {}
    for name, states in (("turn starts", turn_starts(args.positions)), ("inside a turn", inside_turns(60))):
        model_s, model_answers = timed(model, states)
        engine_s, engine_answers = timed(played, states)
        report[name] = {
            "positions": len(states),
            "model_ms_per_position": round(1000 * model_s / len(states), 4),
            "engine_ms_per_position": round(1000 * engine_s / len(states), 4),
            "engine_over_model": round(engine_s / model_s, 1),
            "agree": model_answers == engine_answers,
        }
    starts = report["turn starts"]
    positions = sum(1 for i in range(solver.SIZE) if solver.is_position(*solver.unindex(i)[:4]))
    report["whole solve's turn searches, extrapolated"] = {
        "positions": positions,
        "model_s": round(positions * float(starts["model_ms_per_position"]) / 1000, 1),
        "engine_s": round(positions * float(starts["engine_ms_per_position"]) / 1000, 1),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

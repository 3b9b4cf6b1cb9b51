#!/usr/bin/env python3
"""Nummerus Zahlus: the computer players' plain-list model (ai/nummerus_model.py) against the
engine's own answers, in CPU time (time.process_time): why the search keeps a model of the rules
(tests/test_rules_in_one_place.py's RULE_MODELS asks for this measure). A benchmark, not a test.

    python bench/nummerus_model_speed.py                 # 2 players, 200 playouts each way
    python bench/nummerus_model_speed.py --players 4 --playouts 100

Three questions the search asks very often, each answered both ways from the same positions:
- a random playout to the end of the round (the strongest level plays thousands a move): through
  the engine (`legal_moves`, `play`, `standings` at the end) or on the model (`reachable_fields`,
  `Model.take`/`untake`, `round_rewards`);
- the result of a finished round: the engine's `standings` of a finished state, the same asked of
  the engine's scoring from the model's owners (what a playout on the model would have to do to
  ask the engine: collect each seat's numbers, `runs`, `standings`), or the model's `round_rewards`;
- the children of a solitaire position (the beam search's expansion): the engine's `legal_moves`
  and `play`, or the model's `solitaire_takes` and `solitaire_child`.
Prints each time per call and the ratio (engine / model; for the result, the engine asked from
the model's owners / the model).
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

from ludothek.ai.nummerus_model import Model, round_rewards, solitaire_child, solitaire_takes  # noqa: E402
from ludothek.games.nummerus import CHIPS, FIELD_NAMES, GAME, NummerusState, reachable_fields, runs  # noqa: E402
from ludothek.games.nummerus_scoring import standings  # noqa: E402


def cpu_per_call(work: Callable[[], object], calls: int) -> float:
    started = time.process_time()
    for _ in range(calls):
        work()
    return (time.process_time() - started) / calls


def start_positions(players: int, count: int) -> list[NummerusState]:
    """Seeded positions a few moves into a round (where the search starts its playouts)."""
    positions = []
    for seed in range(count):
        rng, s = random.Random(seed), GAME.new_game(players=players, seed=seed)
        for _ in range(6):
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
        positions.append(s)
    return positions


def engine_playout(s: NummerusState, rng: random.Random) -> tuple[int, ...]:
    while not GAME.is_over(s):
        s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
    return GAME.standings(s)[0]


def model_playout(model: Model, seat: int, rng: random.Random) -> list[float]:
    undos = []
    while model.left:
        field = rng.choice(reachable_fields(model.board, model.star))
        undos.append((field, model.take(field, seat)))
        seat = (seat + 1) % model.players
    rewards = round_rewards(model)
    for field, undo in reversed(undos):
        model.untake(field, undo)
    return rewards


def standings_of_owners(model: Model) -> list[tuple[int, ...]]:
    """The engine's standings of the round a model has played to its end."""
    held: list[list[int]] = [[] for _ in range(model.players)]
    for number in range(1, CHIPS + 1):
        held[model.owner[number]].append(number)
    return standings([runs(numbers) for numbers in held], 0, ())


def run(players: int, playouts: int) -> dict[str, float]:
    positions = start_positions(players, 10)
    rng = random.Random(0)
    engine = cpu_per_call(lambda: engine_playout(rng.choice(positions), rng), playouts)
    models = [(Model(s, tournament=False), s.to_move) for s in positions]
    model = cpu_per_call(lambda: model_playout(*rng.choice(models), rng), playouts)

    finished = []
    for s in positions:
        while not GAME.is_over(s):
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
        finished.append(s)
    ends = [Model(s, tournament=False) for s in finished]
    engine_result = cpu_per_call(lambda: [GAME.standings(s) for s in finished], 200) / len(finished)
    asked_result = cpu_per_call(lambda: [standings_of_owners(m) for m in ends], 200) / len(ends)
    model_result = cpu_per_call(lambda: [round_rewards(m) for m in ends], 200) / len(ends)
    assert all(tuple(p for p, r in enumerate(round_rewards(m)) if r > 0) == standings_of_owners(m)[0] for m in ends)

    solitaire = []
    for seed in range(10):
        r, s = random.Random(seed), GAME.new_game(players=1, seed=seed)
        for _ in range(20):
            s = GAME.play(s, r.choice(GAME.legal_moves(s)))
        solitaire.append(s)
    engine_children = cpu_per_call(lambda: [[GAME.play(s, m) for m in GAME.legal_moves(s)] for s in solitaire], 50) / len(solitaire)
    model_children = cpu_per_call(
        lambda: [
            [solitaire_child(s.board, s.star, s.collections[0], f, side) for f, side in solitaire_takes(s.board, s.star, s.collections[0])] for s in solitaire
        ],
        50,
    ) / len(solitaire)
    assert {FIELD_NAMES[f] + (side or "") for f, side in solitaire_takes(solitaire[0].board, solitaire[0].star, solitaire[0].collections[0])} == set(
        GAME.legal_moves(solitaire[0])
    )
    return {
        "players": players,
        "playout_engine_ms": round(engine * 1000, 3),
        "playout_model_ms": round(model * 1000, 3),
        "playout_ratio": round(engine / model, 1),
        "round_result_engine_us": round(engine_result * 1e6, 1),
        "round_result_engine_from_owners_us": round(asked_result * 1e6, 1),
        "round_result_model_us": round(model_result * 1e6, 1),
        "round_result_ratio": round(asked_result / model_result, 1),
        "solitaire_children_engine_us": round(engine_children * 1e6, 1),
        "solitaire_children_model_us": round(model_children * 1e6, 1),
        "solitaire_children_ratio": round(engine_children / model_children, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=200)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.players, args.playouts), indent=2))


if __name__ == "__main__":
    main()

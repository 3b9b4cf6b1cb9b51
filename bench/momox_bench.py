#!/usr/bin/env python3
"""What bench/strength.py cannot measure for Momox (a benchmark, not a test).

    python bench/momox_bench.py seats --games 200        # first-seat advantage, level 3 against itself
    python bench/momox_bench.py table --games 100        # 4 players: levels 3, 2, 1 and random at one table
    python bench/momox_bench.py rounds --games 100       # 3 rounds: does planning take/leave pay?
    python bench/momox_bench.py memory --games 20        # decisions blind to unseen chips, on game positions
    python bench/momox_bench.py speed                    # turns-table build, worst move and chunk times
    python bench/momox_bench.py model --games 20         # the searches' model of a lift against the engine's answer

Every game is seeded (game seed = number of the game), so the figures are reproducible.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import ludothek.ai.momox as momox_ai  # noqa: E402
from timing import timed_search  # noqa: E402
from ludothek.render.catalog import get_player  # noqa: E402
from ludothek.games.momox import GAME, LIFT  # noqa: E402


def play_game(levels, seed, options=None, bots=None, on_chunk=None):
    """Play one game with the given levels per seat; returns the final state."""
    bots = bots or [get_player("momox", level, seed=seed * 10 + i) for i, level in enumerate(levels)]
    s = GAME.new_game(players=len(bots), seed=seed, **(options or {}))
    while not GAME.is_over(s):
        move, chunks = timed_search(bots[GAME.current_player(s)].search(s))
        if on_chunk:
            for wall, _ in chunks:
                on_chunk(wall)
        s = GAME.play(s, move)
    return s


def seats(games: int) -> dict:
    """Level 3 against level 3: how often the first seat wins, and the mean game length."""
    first, lengths = 0, []
    for seed in range(games):
        s = play_game([3, 3], seed)
        first += GAME.winners(s) == [0]
        lengths.append(len(s.moves))
    return {"games": games, "first_seat_wins": first / games, "mean_moves": sum(lengths) / games}


def table(games: int) -> dict:
    """Four players, levels 3, 2, 1 and 0 (random), seats rotated from game to game."""
    line_up = [3, 2, 1, 0]
    wins = {level: 0 for level in line_up}
    for seed in range(games):
        shift = seed % 4
        levels = line_up[shift:] + line_up[:shift]
        s = play_game(levels, seed)
        for seat in GAME.winners(s):
            wins[levels[seat]] += 1
    return {"games": games, "win_share_by_level": {str(k): v / games for k, v in wins.items()}}


def rounds(games: int) -> dict:
    """Three rounds against each opponent level, level 3 as it is and level 3 taking every tile it
    can (take/leave planning off), on the same seeds: wins and mean points per game."""
    result = {"games": games}
    for opponent in (0, 1, 2, 3):
        for planning in (True, False):
            wins = points = 0
            for seed in range(games):
                seat = seed % 2
                levels = [opponent, opponent]
                levels[seat] = 3
                bots = [get_player("momox", level, seed=seed * 10 + i) for i, level in enumerate(levels)]
                bots[seat].plans_tiles = planning
                s = play_game(None, seed, {"rounds": 3}, bots=bots)
                wins += GAME.winners(s) == [seat]
                points += GAME.scores(s)[seat]
            key = f"vs{opponent}_{'planning' if planning else 'always_take'}"
            result[key] = {"win_rate": wins / games, "mean_points": points / games}
    return result


def memory(games: int) -> dict:
    """On positions of real games: does any level change its move when unseen chips are permuted?"""
    checked = changed = 0
    for seed in range(games):
        s = GAME.new_game(players=2, seed=seed)
        bots = [get_player("momox", 3, seed=seed), get_player("momox", 1, seed=seed + 1)]
        while not GAME.is_over(s) and len(s.moves) < 40:
            if s.phase == LIFT:
                seen = {c for c, _ in s.seen}
                unseen = [c for c in range(6) if c not in seen]
                for level in (1, 2, 3):
                    expected = get_player("momox", level, seed=7).choose(s)
                    for values in itertools.islice(itertools.permutations([s.chips[c] for c in unseen]), 1, 24):
                        chips = list(s.chips)
                        for circle, value in zip(unseen, values):
                            chips[circle] = value
                        other = replace(s, chips=tuple(chips))
                        checked += 1
                        changed += get_player("momox", level, seed=7).choose(other) != expected
            s = GAME.play(s, bots[GAME.current_player(s)].choose(s))
    return {"decisions_checked": checked, "decisions_changed": changed}


def _drive(search, worst: dict) -> str:
    """Run a search to its end, keeping the longest chunk in wall-clock and in CPU time (the CPU
    time is what the page's main thread would spend; wall-clock also counts other processes)."""
    move, chunks = timed_search(search)
    worst["chunk_wall_s"] = max([worst["chunk_wall_s"]] + [wall for wall, _ in chunks])
    worst["chunk_cpu_s"] = max([worst["chunk_cpu_s"]] + [cpu for _, cpu in chunks])
    return move


def speed(games: int) -> dict:
    """Building the turns tables (done once, on the first move), then the worst move and chunk of
    level 3 over seeded 2-player games and 4-player games of two rounds."""
    momox_ai.TABLES.clear()
    build = {"chunk_wall_s": 0.0, "chunk_cpu_s": 0.0}
    wall, cpu = time.perf_counter(), time.process_time()
    for control in (momox_ai.RACE_CONTROL, momox_ai.ROUND_CONTROL, momox_ai.LEG_CONTROL):
        _drive(momox_ai.build_tables(control), build)
    build["total_wall_s"], build["total_cpu_s"] = time.perf_counter() - wall, time.process_time() - cpu
    worst = {"chunk_wall_s": 0.0, "chunk_cpu_s": 0.0, "move_wall_s": 0.0, "move_cpu_s": 0.0}
    moves = 0
    for seed in range(games):
        for players, options in ((2, {}), (4, {"rounds": 2})):
            bots = [get_player("momox", 3, seed=seed * 10 + i) for i in range(players)]
            s = GAME.new_game(players=players, seed=seed, **options)
            while not GAME.is_over(s):
                wall, cpu = time.perf_counter(), time.process_time()
                move = _drive(bots[GAME.current_player(s)].search(s), worst)
                worst["move_wall_s"] = max(worst["move_wall_s"], time.perf_counter() - wall)
                worst["move_cpu_s"] = max(worst["move_cpu_s"], time.process_time() - cpu)
                s = GAME.play(s, move)
                moves += 1
    return {"tables_build": build, "games": games * 2, "moves": moves, "level3_worst": worst}


class _CountedPlayer(momox_ai.MomoxPlayer):
    """A Momox player that keeps the budget of its last search (its work: the expectimax nodes)."""

    def budget(self, *args, **kwargs):
        self.last_budget = super().budget(*args, **kwargs)
        return self.last_budget


def model(games: int) -> dict:
    """Why the searches keep a model of a lift (ai/momox.py `lift_model`): the CPU time of one
    answer each way, over every bowl that may be lifted in seeded random games (the engine plays
    the state, or only tells the effect; the model reads its tables), and the expectimax nodes
    level 3 asks it per move in those games (its budget's work), each node one answer."""
    lifts = []
    for seed in range(games):
        rng = random.Random(seed)
        s = GAME.new_game(players=2 + seed % 3, seed=seed)
        while not GAME.is_over(s) and len(s.moves) < 200:
            if s.phase == LIFT:
                need = momox_ai.need_mask(s.to_move, s.tiles[s.to_move])
                lifts += [(s, move, GAME.effect(s, move), need) for move in GAME.legal_moves(s) if move != "stay"]
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))

    def per_call(answer) -> float:
        cpu = time.process_time()
        for _ in range(5):
            for lift in lifts:
                answer(lift)
        return (time.process_time() - cpu) / (5 * len(lifts)) * 1e6

    engine_play_us = per_call(lambda lift: GAME.play(lift[0], lift[1]))
    engine_effect_us = per_call(lambda lift: GAME.effect(lift[0], lift[1]))
    model_us = per_call(lambda lift: momox_ai.lift_model(lift[2].start, lift[2].value, lift[3]))
    nodes = []
    for seed in range(games):
        s = GAME.new_game(players=2, seed=seed)
        player = _CountedPlayer(GAME, 3, seed)
        while not GAME.is_over(s) and len(s.moves) < 60:
            if s.phase == LIFT and GAME.current_player(s) == 0:
                player.choose(s)
                nodes.append(player.last_budget.work)
            s = GAME.play(s, get_player("momox", 1, seed=len(s.moves)).choose(s))
    worst = max(nodes)
    return {
        "lifts_timed": len(lifts),
        "engine_play_us": round(engine_play_us, 2),
        "engine_effect_us": round(engine_effect_us, 2),
        "model_us": round(model_us, 3),
        "level3_moves": len(nodes),
        "level3_nodes_mean": round(sum(nodes) / len(nodes), 1),
        "level3_nodes_max": worst,
        "worst_move_answers_s": {"engine_play": round(worst * engine_play_us / 1e6, 4), "model": round(worst * model_us / 1e6, 5)},
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["seats", "table", "rounds", "memory", "speed", "model"])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    result = globals()[args.what](args.games)
    print(json.dumps({"what": args.what, **result}, indent=2))


if __name__ == "__main__":
    main()

"""The computer players' moves in fixed positions, for tests/test_ai_moves.py: the same seed, level
and position must give the same move, whatever the searches' code looks like inside.

Positions come from seeded random games of every conformance setup (as tests/test_conformance.py
plays them); every level of the game chooses in each, with a seed of its own. The anytime levels
think with a small work cap and no clock (`think_seconds` huge), so their moves are reproducible.
A few whole games between two players (each keeping what it remembers between its moves) cover
what a player carries from one move to the next.

    python tests/ai_moves.py > tests/data/ai_moves.json     # records the table anew
"""

from __future__ import annotations

import json
import sys

from random_games import random_game
from ludothek.render.catalog import game_ai, get_player, levels
from ludothek.games import all_games

# Work caps of the anytime levels here (nodes, playouts, look-ahead work): small, for speed.
WORK = {"momentum": 400, "nummerus": 40, "mops": 1500, "momox": None, "fenn": None}
EVERY = 6  # a position every this many random moves
PER_SETUP = 12  # positions per setup at most
GAME_PLIES = 24  # plies of each whole game between two players
REVIEW_EVERY = 8  # the review's values in every this many positions


def _player(game_id: str, level: int, seed: int):
    player = get_player(game_id, level, seed=seed, think_seconds=1e9)
    player.max_work = WORK[game_id]
    return player


def positions(game) -> list:
    """States of seeded random games of every conformance setup."""
    found = []
    for i, setup in enumerate(game.conformance_setups()):
        s, rng = random_game(game, setup, i, f"ai-moves-{game.id}-{i}")
        kept = []
        for played in range(game.move_cap()):
            if game.is_over(s) or len(kept) >= PER_SETUP:
                break
            if played % EVERY == EVERY - 1:
                kept.append(s)
            s = game.play(s, rng.choice(game.legal_moves(s)))
        found += kept
    return found


def moves_in_positions(game) -> list[list]:
    """[position text, level, seed, move] for every position and level."""
    rows = []
    for k, s in enumerate(positions(game)):
        for level in [0] + [lv.number for lv in levels(game.id)]:
            seed = k * 7 + level
            rows.append([game.position(s), level, seed, _player(game.id, level, seed).choose(s)])
    return rows


def whole_games(game) -> list[list]:
    """[level, seed, moves] of a few games between two players of one level (each keeps its own
    memory between its moves), from a fixed start."""
    rows = []
    for level in [lv.number for lv in levels(game.id)]:
        seed = 100 + level
        s = game.new_game(players=2, seed=seed)
        seats = [_player(game.id, level, seed), _player(game.id, level, seed + 1)]
        while not game.is_over(s) and len(s.moves) < GAME_PLIES:
            s = game.play(s, seats[game.current_player(s)].choose(s))
        rows.append([level, seed, list(s.moves)])
    return rows


def review_values(game) -> list[list]:
    """[position text, {move: value} or None] of the review's values in a few positions (Fenn:
    {move: its judgement})."""
    from ludothek.ai.base import run_search
    from ludothek.ai.review import move_values

    from ludothek.ai.review import exact_judgement

    rows = []
    for s in positions(game)[::REVIEW_EVERY]:
        if game.is_over(s):
            continue
        if game.id == "fenn":  # graded exactly, move by move
            judged = {m: exact_judgement(game_ai(game.id), s, m) for m in game.legal_moves(s)}
            rows.append([game.position(s), {m: [j.grade, j.preferred, round(j.loss, 9), j.note, j.value_text, j.best_text] for m, j in judged.items()}])
            continue
        values = run_search(move_values(game_ai(game.id), s))
        rows.append([game.position(s), None if values is None else {m: round(v, 9) for m, v in sorted(values.items())}])
    return rows


def table() -> dict:
    return {game.id: {"positions": moves_in_positions(game), "games": whole_games(game), "review": review_values(game)} for game in all_games()}


if __name__ == "__main__":
    json.dump(table(), sys.stdout, indent=0)
    sys.stdout.write("\n")

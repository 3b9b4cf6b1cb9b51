"""Random playouts per second for every game: the same code runs in CPython and in the page."""

from __future__ import annotations

import random
import time

from ludothek.games import GAME_IDS, get_game


def playouts(game_id: str, seconds: float = 2.0, seed: int = 0) -> dict:
    game = get_game(game_id)
    rng = random.Random(seed)
    moves = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        s = game.new_game(players=game.min_players if game.min_players > 1 else 1, seed=rng.randrange(1 << 30))
        for _ in range(game.move_cap()):
            legal = game.legal_moves(s)
            if not legal:
                break
            s = game.play(s, rng.choice(legal))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - started
    return {"game": game_id, "moves_per_s": round(moves / elapsed), "playouts_per_s": round(games / elapsed, 2)}


def all_playouts(seconds: float = 2.0) -> list[dict]:
    found = []
    for game_id in GAME_IDS:
        try:
            get_game(game_id)
        except ModuleNotFoundError:
            continue
        found.append(playouts(game_id, seconds))
    return found

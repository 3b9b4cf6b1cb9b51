"""Seeded random games from a game's own setups, as several tests and the recorded move table play them."""

from __future__ import annotations

import random
from typing import Any


def random_game(game: Any, setup: dict[str, Any], seed: int, rng_key: str) -> tuple[Any, random.Random]:
    """The start of a game of `setup` (a conformance setup: its options with "players") dealt
    with `seed`, and the generator, seeded with `rng_key`, that picks its moves."""
    options = dict(setup)
    players = options.pop("players")
    return game.new_game(players=players, seed=seed, **options), random.Random(rng_key)

"""Fair chance with no server: hash chains, and where each game meets chance (pure).

Every player commits at the start to the end of a hash chain of secrets (`commitment`) and, as
the game goes on, reveals the chain's values backwards, one per chance event. A revealed value
hashes to the commitment (after as many steps as its event number), so a changed value is
detected; a value for a later event cannot be computed from the ones revealed (SHA-256 has no
inverse), so nobody knows a future outcome before its owner reveals it. An event's randomness is
the hash of the game id, the event's number and every seat's value for it.

Chance events per game (docs/remote-play.md):
- Momentum: only the setup, when `random_specials` is set (the special cells).
- Fenn: only the setup, when `first` is not set (the opening roll).
- Mops Royal: the setup (start tiles, first tile), then every move that reveals a tile: the pile
  left is shuffled by that event before the move is played, so the pile's order is never known
  ahead.
- Nummerus Zahlus: the setup (the first layout), then every move that ends a tournament round: the
  next round's layout is drawn by that event.
- Momox: not offered (its chips are hidden from both players, and a chip drawn only when lifted
  would need a message from the other player for every bowl lifted).
"""

from __future__ import annotations

import hashlib
import random
from typing import Mapping

from ..games import get_game
from ..games.base import OptionValue, StateBase

VALUE_BYTES = 16  # each chain value and commitment: 128 bits of SHA-256
CHAIN_LENGTH = 64  # chance events a game may have: Mops' setup and 35 reveals fit, Nummerus' 20 rounds
# The games a link can carry, by their code in the link's bytes (their place here: never reorder).
# Exactly the games whose engines are offered by link (`Game.offered_by_link`; tests/test_catalog.py).
REMOTE_GAMES = ("momentum", "fenn", "mops", "nummerus")


def chain_step(value: bytes) -> bytes:
    return hashlib.sha256(b"ludothek-chain:" + value).digest()[:VALUE_BYTES]


def chain_value(secret: bytes, event: int) -> bytes:
    """The value a player reveals for `event` (0 first): the chain walked back from its end."""
    if not 0 <= event < CHAIN_LENGTH:
        raise ValueError(f"a game has at most {CHAIN_LENGTH} chance events")
    value = secret
    for _ in range(CHAIN_LENGTH - 1 - event):
        value = chain_step(value)
    return value


def commitment(secret: bytes) -> bytes:
    """The end of the chain: what a player commits to before any value is revealed."""
    value = secret
    for _ in range(CHAIN_LENGTH):
        value = chain_step(value)
    return value


def earlier_value(value: bytes, event: int, earlier: int) -> bytes:
    """A seat's value for an `earlier` event, from its value for `event`."""
    for _ in range(event - earlier):
        value = chain_step(value)
    return value


def verifies(value: bytes, event: int, commit: bytes) -> bool:
    """Whether `value`, revealed for `event`, hashes to the commitment."""
    return 0 <= event < CHAIN_LENGTH and earlier_value(value, event, -1) == commit


def new_secret() -> bytes:
    import secrets

    return secrets.token_bytes(VALUE_BYTES)


def event_randomness(game_id: bytes, event: int, values: list[bytes]) -> bytes:
    """The randomness of one chance event: every seat's value for it, with the game and event."""
    digest = hashlib.sha256(b"ludothek-chance:" + game_id + event.to_bytes(2, "big") + b"".join(values))
    return digest.digest()


def setup_seed(randomness: bytes) -> int:
    return int.from_bytes(randomness[:7], "big")


def _rng(randomness: bytes) -> random.Random:
    return random.Random("ludothek-remote:" + randomness.hex())


# -- where each game meets chance: the game declares it (games/base.py, Game.setup_has_chance,
# starts_chance, play_with_chance); nothing here knows a game.


def setup_has_chance(game_id: str, options: Mapping[str, OptionValue]) -> bool:
    return get_game(game_id).setup_has_chance(options)


def starts_event(game_id: str, before: StateBase, after: StateBase) -> bool:
    """Whether the move from `before` to `after` (played as the engine alone would) starts a
    chance event: its outcome decides the state after it (`play_with`)."""
    return get_game(game_id).starts_chance(before, after)


def play_with(game_id: str, state: StateBase, move: str, randomness: bytes) -> StateBase:
    """`move` played with the chance event it starts decided by `randomness`."""
    after: StateBase = get_game(game_id).play_with_chance(state, move, _rng(randomness))
    return after

"""The longest link of games played by link (issue 27): for each game offered by link and each
player count, 100 seeded computer games (level 0: uniform random legal moves, which play the
longest games), the characters of the final link (a game's link only grows, so its last one is its
longest), `#/remote/` included. Messengers take 2,000 characters.

python3 bench/remote_links.py [--games 100]
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from ludothek.games import get_game  # noqa: E402
from ludothek.remote import chance, link, protocol  # noqa: E402

# The setups with the longest games: every variant that adds moves, the biggest board.
SETUPS = {
    "momentum": {"size": "9x9"},
    "fenn": {},
    "mops": {"ersatz": True, "wertung": True},
    "nummerus": {"rounds": 20, "swap": True},
}


def final_game(game_id: str, options: dict, players: int, seed: int) -> tuple[protocol.RemoteGame, list[bytes], int]:
    """One seeded game played to its end (random legal moves), every seat's values known: the
    game as its last link carries it, each seat's secret, and the number of moves. The game is
    played here as the devices would decide its chance (bench/home_by_link.py keeps such games
    on a device)."""
    rnd = random.Random(f"remote-links:{game_id}:{players}:{seed}")
    secrets = [rnd.randbytes(chance.VALUE_BYTES) for _ in range(players)]
    game = get_game(game_id)
    applies = {o.name for o in game.options if o.applies_to(players)}
    opts = {k: v for k, v in options.items() if k in applies}
    rg = protocol.start(game_id, players, 0, opts, ["Anna", "Ben", "Cleo", "Dora"][:players], secrets[0])
    rg = replace(rg, commitments=tuple(chance.commitment(s) for s in secrets))
    gid = rg.game_id
    events, seed_value = 0, 0
    if chance.setup_has_chance(game_id, opts):
        seed_value = chance.setup_seed(chance.event_randomness(gid, 0, [chance.chain_value(s, 0) for s in secrets]))
        events = 1
    state = game.new_game(players=players, seed=seed_value, **opts)
    moves = []
    while not game.is_over(state):
        move = rnd.choice(game.legal_moves(state))
        after = game.play(state, move)
        if chance.starts_event(game_id, state, after):
            randomness = chance.event_randomness(gid, events, [chance.chain_value(s, events) for s in secrets])
            after = chance.play_with(game_id, state, move, randomness)
            events += 1
        moves.append(move)
        state = after
    rg = replace(rg, moves=tuple(moves), reveals=tuple((events - 1, chance.chain_value(s, events - 1)) if events else None for s in secrets))
    return rg, secrets, len(moves)


def final_link(game_id: str, options: dict, players: int, seed: int) -> tuple[str, int]:
    """The last link of one seeded game (`final_game`): its data and the number of moves;
    encoding it replays and checks it through the protocol."""
    rg, _secrets, moves = final_game(game_id, options, players, seed)
    assert get_game(game_id).is_over(protocol.replay(rg).state)
    return link.encode(rg), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    print("| game | options | players | longest link (characters) | its moves | median |")
    print("|---|---|---:|---:|---:|---:|")
    for game_id in chance.REMOTE_GAMES:
        game = get_game(game_id)
        for players in range(2, game.max_players + 1):
            lengths = []
            for seed in range(args.games):
                data, moves = final_link(game_id, SETUPS[game_id], players, seed)
                lengths.append((len(link.PREFIX) + len(data), moves))
            longest = max(lengths)
            median = sorted(x for x, _ in lengths)[len(lengths) // 2]
            print(f"| {game_id} | {SETUPS[game_id] or '-'} | {players} | {longest[0]} | {longest[1]} | {median} |", flush=True)


if __name__ == "__main__":
    main()

"""The anytime (strongest) levels: they keep to their thinking time and to short chunks, answer at
once when the move is forced or clear, and still find forced wins in small positions."""

from __future__ import annotations

import gc
import random
import time

import pytest

from ludothek.render.catalog import get_player, levels
from ludothek.games import get_game

ANYTIME = ["nummerus", "momentum", "mops"]


def strongest(game_id: str) -> int:
    return levels(game_id)[-1].number


def middle_game(game_id: str, plies: int, seed: int = 3):
    game = get_game(game_id)
    s = game.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    while len(game.record(s)["moves"]) < plies:
        s = game.play(s, rng.choice(game.legal_moves(s)))
    return game, s


def timed(player, s) -> tuple[str, float, float]:
    """(move, CPU seconds of the whole search, CPU seconds of its longest chunk).

    With what is alive before the search moved out of the collector's reach, as py/main.py does
    in the page (gc.freeze): a test process holds every earlier test's objects, and one pass of
    the collector over them (130 ms once in CI) is not the player's chunk."""
    gc.collect()
    gc.freeze()
    try:
        return chunks_of(player.search(s))
    finally:
        gc.unfreeze()


def chunks_of(search) -> tuple[str, float, float]:
    total = longest = 0.0
    while True:
        started = time.process_time()
        try:
            next(search)
        except StopIteration as stop:
            spent = time.process_time() - started
            return stop.value, total + spent, max(longest, spent)
        spent = time.process_time() - started
        total += spent
        longest = max(longest, spent)


@pytest.mark.parametrize("game_id", ANYTIME)
def test_keeps_to_its_thinking_time_in_short_chunks(game_id):
    game, s = middle_game(game_id, 6)
    assert not game.is_over(s) and len(game.legal_moves(s)) > 2
    player = get_player(game_id, strongest(game_id), seed=1, think_seconds=0.15, clock=time.process_time)
    move, total, longest = timed(player, s)
    assert move in game.legal_moves(s)
    assert total < 0.15 + 0.05, total
    # The page runs about half as fast and must never be busy for 50 ms at once.
    assert longest < 0.02, longest


def test_more_time_means_more_search():
    game, s = middle_game("nummerus", 4)
    counts = []
    for seconds in (0.02, 0.12):
        player = get_player("nummerus", strongest("nummerus"), seed=1, think_seconds=seconds, clock=time.process_time)
        player.choose(s)
        counts.append(player.last_playouts)
    assert counts[1] > 2 * counts[0]


NUMMERUS_ENDGAME = (
    ".,.,./.,.,.,.,./.,.,.,.,.,.,./.,.,11,.,.,.,./.,*,1,.,./48,.,.,9,.,.,./.,.,.,.,.,.,./.,.,.,.,./.,10,. 2 "
    "4-6,12-13,15-16,21-23,25,27,31-34,36-37,39-41,46/2-3,7-8,14,17-20,24,26,28-30,35,38,42-45,47"
)


def test_nummerus_plays_a_solved_end_at_once():
    # Five chips left and only c6 wins (tests/test_nummerus_ai.py proves it by brute force): the
    # exact search settles it long before its five seconds are up.
    game = get_game("nummerus")
    s = game.from_position(NUMMERUS_ENDGAME)
    player = get_player("nummerus", strongest("nummerus"), think_seconds=5, clock=time.process_time)
    move, total, _ = timed(player, s)
    assert move == "c6" and total < 0.5


def test_momentum_takes_an_immediate_win_at_once():
    game = get_game("momentum")
    s = game.from_position("7x7 ......./.R.R.R./......./.R.R.R./......./.R....B/....... R 1,7")
    player = get_player("momentum", strongest("momentum"), think_seconds=5, clock=time.process_time)
    move, total, _ = timed(player, s)
    assert game.winners(game.play(s, move)) == [0] and total < 0.1


def test_momentum_finds_the_only_defence():
    # Blue wins with almost any placement next; red's only hope is to push a blue stone off now.
    game = get_game("momentum")
    s = game.from_position("7x7 R....../.B.B.../......./.B.R..B/......./.B.B.B./....... R 6,1")
    player = get_player("momentum", strongest("momentum"), think_seconds=0.3, clock=time.process_time)
    move = player.choose(s)
    after = game.play(s, move)
    assert all(game.winners(game.play(after, reply)) != [1] for reply in game.legal_moves(after))


@pytest.mark.parametrize("game_id", ["nummerus", "mops"])  # a Momentum placement is never forced
def test_a_forced_move_is_played_at_once(game_id):
    game = get_game(game_id)
    rng = random.Random(5)
    for seed in range(40):
        s = game.new_game(players=2, seed=seed)
        while not game.is_over(s) and len(game.legal_moves(s)) != 1:
            s = game.play(s, rng.choice(game.legal_moves(s)))
        if not game.is_over(s):
            break
    else:
        raise AssertionError("no forced move met")
    player = get_player(game_id, strongest(game_id), think_seconds=5, clock=time.process_time)
    move, total, _ = timed(player, s)
    assert move == game.legal_moves(s)[0] and total < 0.05


@pytest.mark.parametrize("game_id", ["momentum", "mops"])
def test_a_search_keeps_its_state_to_itself(game_id):
    # Each search builds its own search object: the player's attributes are its settings (and
    # its seeded generator), never what one search left behind for the next or for the review.
    game, s = middle_game(game_id, 6)
    for level in levels(game_id):
        player = get_player(game_id, level.number, seed=1, think_seconds=0.05, clock=time.process_time)
        before = {name: value for name, value in vars(player).items() if name != "rng"}
        player.choose(s)
        assert {name: value for name, value in vars(player).items() if name != "rng"} == before

"""Momentum computer players: legal, deterministic, and they see the obvious."""

from __future__ import annotations

import random

import pytest

from ludothek.ai import base

from ludothek.ai import run_search
from ludothek.render.catalog import get_player, levels
from ludothek.games import get_game

G = get_game("momentum")
LEVEL_NUMBERS = [lv.number for lv in levels("momentum")]


@pytest.fixture(autouse=True)
def short_thinking(monkeypatch):
    """The strongest level thinks against the clock (0.7 s a move in the page); a twentieth of a
    second keeps these tests fast. tests/test_anytime_ai.py checks the clock itself."""
    monkeypatch.setattr(base, "THINK_SECONDS", 0.05)


def random_positions(count=6, **options):
    rng = random.Random(11)
    found = []
    for seed in range(count):
        s = G.new_game(seed=seed, **options)
        for _ in range(rng.randrange(0, 14)):
            moves = G.legal_moves(s)
            if not moves:
                break
            s = G.play(s, rng.choice(moves))
        if not G.is_over(s):
            found.append(s)
    return found


@pytest.mark.parametrize("level", LEVEL_NUMBERS)
def test_every_level_plays_legal_moves(level):
    for options in ({}, {"players": 3, "size": "7x9"}, {"size": "9x9", "holes": ["e5"], "buffers": ["a5", "i5"]}):
        for s in random_positions(3, **options):
            move = get_player("momentum", level, seed=1).choose(s)
            assert move in G.legal_moves(s)


@pytest.mark.parametrize("level", LEVEL_NUMBERS)
def test_same_seed_same_move(level):
    def capped(s):
        # The strongest level thinks against the clock; a cap on its work well below what the
        # time allows makes it reproducible.
        player = get_player("momentum", level, seed=4, think_seconds=60)
        player.max_work = 3000
        return player.choose(s)

    for s in random_positions(3):
        assert capped(s) == capped(s)


@pytest.mark.parametrize("level", LEVEL_NUMBERS)
def test_takes_an_immediate_win(level):
    # Red has one stone left; only a1..: placing on d1 pushes nothing of red's off the board.
    s = G.from_position("7x7 ......./.R.R.R./......./.R.R.R./......./.R....B/....... R 1,7")
    move = get_player("momentum", level, seed=0).choose(s)
    after = G.play(s, move)
    assert G.winners(after) == [0]


@pytest.mark.parametrize("level", [2, 3, 4])
def test_stops_the_opponents_win_when_it_can(level):
    # Blue has one stone left and would win with almost any placement; red must push a blue stone
    # off the board now (f4 pushes g4 off) so that blue cannot win on the next move.
    s = G.from_position("7x7 R....../.B.B.../......./.B.R..B/......./.B.B.B./....... R 6,1")
    move = get_player("momentum", level, seed=0).choose(s)
    after = G.play(s, move)
    # After red's move blue must have no immediately winning reply.
    for reply in G.legal_moves(after):
        assert G.winners(G.play(after, reply)) != [1], (move, reply)


def test_search_yields_between_chunks():
    s = random_positions(1)[0]
    search = get_player("momentum", 3, seed=0).search(s)
    steps = 0
    try:
        while True:
            next(search)
            steps += 1
    except StopIteration as stop:
        assert stop.value in G.legal_moves(s)
    assert steps >= 1
    assert run_search(get_player("momentum", 1).search(s)) in G.legal_moves(s)


def test_unknown_level():
    with pytest.raises(ValueError, match="levels"):
        get_player("momentum", 9)

"""The Hint button of Momentum, Mops Royal and Momox: the strongest level's move in what the table
sees, marked on the board and said in a sentence, never touched by hidden information."""

from __future__ import annotations

import random

import pytest

from ludothek.render.catalog import get_player, levels
from ludothek.games import get_game
from ludothek.render import get_view
from ludothek.render.view import UIState

GAMES = ("momentum", "mops", "momox")
WORK = 150  # the strongest levels' work cap here, so that the hint is reproducible

# Small literal positions (two players, a few moves in), used as the table sees them: Mops Royal's
# pile order hidden (a public position), Momox's covered chips taken away by the observation.
POSITIONS = {
    "momentum": "7x7 ...R.R./......./......./......./......./......./....... B 6,8",
    "mops": "9/4Ko4/4Po4/4Bo4/4Cv4/9/9/9/9,9/9/4Po4/4Bo4/4Wp4/9/9/9/9 ?PbPgPpPvPyBbBgBpBvByWbWgWoWpWvWyCbCgCoCpCyKbKgKpKvKyHbHgHoHpHvHy Ko s1 0,0",
    "momox": "10,14 -,- B key t4 y1 461235 54",
}


def literal(game_id: str):
    game = get_game(game_id)
    text = POSITIONS[game_id]
    s = game.from_public_position(text) if hasattr(game, "from_public_position") else game.from_position(text)
    return game.observation(s, None)


def view_with_cap(game_id: str):
    view = get_view(game_id)
    view.hint_max_work = WORK
    return view


def played_states(game_id: str, seed: int, plies: int):
    """True states along a seeded random game."""
    game = get_game(game_id)
    rng = random.Random(seed)
    s = game.new_game(players=2, seed=seed)
    out = []
    for _ in range(plies):
        if game.is_over(s):
            break
        out.append(s)
        s = game.play(s, rng.choice(game.legal_moves(s)))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_hint_button_is_offered(game_id):
    assert get_view(game_id).hint_label()


@pytest.mark.parametrize("game_id", GAMES)
def test_hint_is_legal_along_a_game(game_id):
    game = get_game(game_id)
    view = view_with_cap(game_id)
    for s in played_states(game_id, seed=11, plies=30)[::3]:
        hints = view.hints(s)
        assert len(hints) == 1
        move = hints[0][0]
        assert move in game.legal_moves(s)
        assert move in game.legal_moves(game.observation(s, None))
        assert view.hint_text(game.observation(s, None), hints, ["Ann", "Bo"]).startswith("Hint: ")


@pytest.mark.parametrize("game_id", GAMES)
def test_hint_is_the_strongest_levels_move(game_id):
    game = get_game(game_id)
    s = literal(game_id)
    player = get_player(game_id, levels(game_id)[-1].number, seed=0)
    player.max_work = WORK
    expected = player.choose(s)
    assert view_with_cap(game_id).hints(s) == ((expected, "hint"),)
    assert expected in game.legal_moves(s)


@pytest.mark.parametrize("game_id", ["mops", "momox"])
def test_hint_never_depends_on_hidden_parts(game_id):
    """Two true states that differ only in what nobody at the table can see get the same hint."""
    game = get_game(game_id)
    view = view_with_cap(game_id)
    checked = 0
    for s in played_states(game_id, seed=5, plies=12)[1::4]:
        public = game.observation(s, None)
        first = game.determinize(public, random.Random(1))
        second = game.determinize(public, random.Random(2))
        if first == second:
            continue
        assert game.observation(first, None) == game.observation(second, None) == public
        assert view.hints(first) == view.hints(second) == view.hints(public)
        checked += 1
    assert checked


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hinted_target_is_marked_on_the_board(game_id):
    """A hinted move with a place on the board (a cell, a key) gets one check badge there; moves
    without one (Mops Royal's pass, Momox's take) are only said."""
    game = get_game(game_id)
    view = view_with_cap(game_id)
    marked_once = False
    for s in [literal(game_id)] + [game.observation(t, None) for t in played_states(game_id, seed=3, plies=10)]:
        hints = view.hints(s)
        marked = view.board_svg(s, UIState(interactive=True, hints=hints))
        assert "hint-badge" not in view.board_svg(s, UIState(interactive=True))
        if "hint-badge" in marked:
            assert marked.count("hint-badge") == 1
            assert "(marked with a check)" in view.hint_text(s, hints, ["Ann", "Bo"])
            marked_once = True
    assert marked_once


def test_momox_hint_is_said_as_a_bowl():
    view = view_with_cap("momox")
    s = literal("momox")
    hints = view.hints(s)
    assert hints[0][0].startswith("k")
    assert "lift the bowl" in view.hint_text(s, hints, ["Ann", "Bo"])

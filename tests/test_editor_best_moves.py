"""The diagram editor's "Show the best moves" (issue 36, item 5): the position's best moves, best
first, by the strongest computer player's values (Fenn's exact), listed in words."""

from __future__ import annotations

import pytest

from ludothek.ai import run_search
from ludothek.ai.best_moves import best_moves
from ludothek.games import GAME_IDS, get_game
from ludothek.render import get_view
from ludothek.web import editor_screen
from ludothek.render.catalog import game_ai
from test_editor import editor_of, region, tap, tool
from test_web_app import last, start


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_best_moves_of_the_setup_are_legal_ranked_and_listed_in_words(game_id):
    app, page = start(f"#/editor/{game_id}")
    editor = editor_of(app)
    game = get_game(game_id)
    moves = run_search(editor_screen.best_moves_search(editor))
    assert 1 <= len(moves) <= 3
    legal = game.legal_moves(editor.state)
    assert all(m.move in legal for m in moves)
    assert [m.rank() for m in moves] == sorted((m.rank() for m in moves), reverse=True)
    editor_screen.show_best(app, editor, moves)
    shown = region(page, "editor-best")
    assert "The best moves" in shown and shown.count("<li>") == len(moves)
    assert get_view(game_id).move_choice_text(editor.state, moves[0].move) in shown
    assert last(page, "announce")[1].startswith("Best move: ")


def test_fenn_best_moves_are_exact_and_say_their_result():
    position = "b2:2 r10:5 k6 b extra0"
    game = get_game("fenn")
    moves = run_search(best_moves(game_ai(game.id), game.from_position(position)))
    assert moves and all(m.exact is not None for m in moves)
    app, page = start("#/editor/fenn/" + position.replace(" ", "%20").replace(":", "%3A"))
    editor_screen.show_best(app, editor_of(app), moves)
    shown = region(page, "editor-best")
    assert any(word in shown for word in ("win in", "loss in", "draw")), shown


def test_a_finished_game_has_no_best_move_and_a_new_position_clears_the_list():
    position = "7x7 RRRRRRR/R....../......./......./......./......./....... B 0,8"
    game = get_game("momentum")
    assert game.is_over(game.from_position(position))
    assert run_search(best_moves(game_ai(game.id), game.from_position(position))) == []
    app, page = start("#/editor/momentum/" + position.replace(" ", "%20").replace("/", "%2F"))
    editor_screen.show_best(app, editor_of(app), [])
    assert "game is over" in region(page, "editor-best")
    tap(app, tool("editor-setup"))
    assert region(page, "editor-best") == ""


def test_the_button_is_offered():
    _app, page = start("#/editor/nummerus")
    assert 'data-action="editor-best"' in last(page, "screen")[2]

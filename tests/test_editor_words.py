"""The diagram editor's and the boards' words per game (issue 57): what a reader finds on the board
is what the words name, and two different moves never read the same."""

from __future__ import annotations

import html
import random
import re

import pytest

from ludothek.games import GAME_IDS, get_game
from ludothek.render import get_view
from ludothek.ai.base import MoveValue
from ludothek.render.editor import best_moves_html
from ludothek.render.view import UIState
from test_editor import board_target, editor_of, put_piece, region, tap, tool
from test_web_app import last, start

MOPS = get_game("mops")


def playout_states(game_id: str, seeds: range, plies: int = 80):
    """Positions of seeded random games of every player count the game takes (2 to 4, and 1 where
    it has a solo game), as the engine holds them."""
    game = get_game(game_id)
    for seed in seeds:
        for players in (1, 2, 3, 4):
            try:
                s = game.new_game(players=players, seed=seed)
            except ValueError:
                continue
            rng = random.Random(seed * 10 + players)
            for _ply in range(plies):
                yield s
                if game.is_over(s):
                    break
                s = game.play_with_chance(s, rng.choice(game.legal_moves(s)), rng)


def test_mops_names_only_the_files_and_ranks_its_board_draws():
    view = get_view("mops")
    coordinate = re.compile(r'<text x="[0-9.]+" y="[0-9.]+" class="coord" aria-hidden="true">([a-i1-9])</text>')
    cell = re.compile(r'<g class="cell ([a-z]+)[^"]*" data-cell="([a-i][1-9])"')
    undrawn_seen = 0
    for s in playout_states("mops", range(6)):
        svg = view.board_svg(s, UIState(interactive=False))
        drawn = {name for kind, name in cell.findall(svg) if kind != "off"}
        named = coordinate.findall(svg)
        for name in named:
            line = {c for c in drawn if name in c}
            assert line, f"{name} is written beside the board, but none of its cells is drawn, in {MOPS.position(s)}"
        windows = {c[0] for _kind, c in cell.findall(svg)} | {c[1] for _kind, c in cell.findall(svg)}
        undrawn_seen += len(windows - {ch for c in drawn for ch in c})
    assert undrawn_seen > 0, "no position had a file or rank the board does not draw: the test proves nothing"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_two_different_moves_of_a_position_never_read_the_same(game_id):
    """The editor's best moves name each move apart (issue 57: Mops Royal listed "line of 4 +5"
    twice); every legal move of seeded positions is named, as the list may show any of them."""
    game, view = get_game(game_id), get_view(game_id)
    for s in playout_states(game_id, range(4), plies=60):
        if game.is_over(s):
            continue
        public = game.observation(s, None)
        named: dict[str, str] = {}
        for move in game.legal_moves(public):
            name = view.move_choice_text(public, move)
            assert name not in named, f"{named[name]!r} and {move!r} both read {name!r} in {game.position(public)}"
            named[name] = move


# Mops Royal: Red scores; two corners of 3 share e3 and e4 and differ in their third cell.
MOPS_TWO_CORNERS = (
    "9/9/1WoPvWpCvCo3/1Bb1hvHgKy3/1KbKvHyBpHb3/1BoWyPoCg4/1Ko1KgPgBg3/9/9,9/9/9/4HyKbWo2/3CgcvkvWp2/3KgHvKoPg2/2BbPoHbBoKy2/2Pv1WyHgCo2/9 "
    "PbPyWgHoWvCpBvByCyPpKpCbHpWb Bg s1 3,5"
)


def test_mops_scorings_say_their_cells_and_the_tile_turned():
    view = get_view("mops")
    s = MOPS.from_position(MOPS_TWO_CORNERS)
    assert view.move_text(s, "d3,e3,e4!e3") == view.move_text(s, "e3,f3,e4!e3")  # the move list's short words
    first, second = view.move_choice_text(s, "d3,e3,e4!e3"), view.move_choice_text(s, "e3,f3,e4!e3")
    assert first != second
    assert first == "corner of 3, all green (d3, e3, e4), turn e3 face down: +3", first
    assert "(e3, f3, e4)" in second


def test_momentum_best_moves_say_what_a_push_does_and_which_move_is_best():
    """Issue 57: "c3 (1 off) (best)" read as a riddle: the list says what the move pushes off and
    marks the best move apart from the move's own words."""
    game, view = get_game("momentum"), get_view("momentum")
    s = game.from_position("7x7 ....B../......./......./.....B./......./R.....R/...R... R 5,6")
    assert view.move_text(s, "b1") == "b1 (1 off)"  # the move list keeps its short words
    shown = best_moves_html(view, s, [MoveValue("b1", 2.0), MoveValue("c3", 1.0)], ["Ada", "Bo"])
    items = re.findall(r"<li>(.*?)</li>", shown)
    assert items == ["<strong>Best move:</strong> b1, pushes 1 stone off the board", "c3"]
    assert "(best)" not in shown and "off)" not in shown


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_target_is_named_by_what_the_board_shows(game_id):
    """The marks' words name a place as a reader finds it on the board (issue 57: Momox' words said
    "k2", which its board never shows): a cell by the file and rank written beside the board, a
    field by the number written on it, anything else in words, never by the notation's token."""
    game, view = get_game(game_id), get_view(game_id)
    s = game.new_game(players=2, seed=1)
    ui = UIState(interactive=False)
    svg = view.board_svg(s, ui)
    written = {html.unescape(t).strip() for t in re.findall(r"<text\b[^>]*>([^<]*)</text>", svg)}
    for target in view.target_centres(s, ui):
        name = view.target_name(target)
        if re.fullmatch(r"[a-z][0-9]", name):
            assert name[0] in written and name[1] in written, f"{game_id}: {name} is not written beside the board"
        elif found := re.fullmatch(r"field ([0-9]+)", name):
            assert found[1] in written, f"{game_id}: the board writes no {found[1]} for {name}"
        else:  # in words: neither the token itself nor a token such as "k2" inside them
            assert name != target and (target.isdigit() or target not in re.findall(r"\w+", name)), f"{game_id}: {target} is named {name!r}"


def circle_and_arrow(app, page, circled: str, start: str, end: str) -> str:
    """A circle on `circled` and an arrow from `start` to `end`, made by taps: the marks in words."""
    tap(app, tool("editor-tool", tool="circle"))
    tap(app, board_target(circled))
    tap(app, tool("editor-tool", tool="arrow"))
    tap(app, board_target(start))
    tap(app, board_target(end))
    return region(page, "editor-words")


def test_the_momox_editor_says_circles_and_fields_as_the_board_shows_them():
    app, page = start("#/editor/momox")
    screen = last(page, "screen")[2]
    assert 'data-target="k2"' in screen and 'aria-label="circle 2"' in screen and 'aria-label="k2"' not in screen
    assert 'aria-label="centre circle 0"' in screen and 'aria-label="the red corner"' in screen
    words = circle_and_arrow(app, page, "k2", "3", "7")
    assert "Circle around circle 2, orange." in words
    assert "Arrow from field 3 after the red corner (yellow) to field 7 after the red corner, orange." in words
    assert "k2" not in words
    assert "field 7 after the red corner" in last(page, "announce")[1]


def test_momentum_says_when_a_stone_put_by_hand_ends_the_pie_rule():
    """Issue 57: the pie rule went silently. It holds only at the game's start (the rulebook's
    "Kuchenregel": before the second player's very first turn), so a stone put by hand ends it,
    and the editor says so, in the player's language."""
    app, page = start("#/editor/momentum")
    editor = editor_of(app)
    assert editor.position.endswith(" pie")
    put_piece(app, "R", "d4")
    assert not editor.position.endswith(" pie")
    said = last(page, "announce")[1]
    assert said.startswith("Red stone on d4.") and "The pie rule is now off" in said
    put_piece(app, "B", "e5")  # nothing more to drop: nothing said about it
    assert "pie rule" not in last(page, "announce")[1]


def test_momentum_pie_note_in_german():
    app, page = start("#/editor/momentum", languages=("de",))
    put_piece(app, "R", "d4")
    said = last(page, "announce")[1]
    assert "Kuchenregel" in said and "pie rule" not in said


def test_the_momox_marks_read_in_german_in_any_sentence():
    app, page = start("#/editor/momox", languages=("de",))
    words = circle_and_arrow(app, page, "k0", "0", "3")
    assert "Kreis um Mittelkreis 0, orange." in words
    assert "Pfeil von Ecke Rot nach Feld 3 hinter Ecke Rot (gelb), orange." in words

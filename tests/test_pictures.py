"""Pictures of a position (issue 57): the board and, under it, what lies beside the board in the game
(whose turn it is, each seat's public side information), drawn and in the picture's words; no aids
to choosing a move (Nummerus' reach rings) in a picture, while the live board keeps them."""

from __future__ import annotations

import re

import pytest

from ludothek.games import get_game
from ludothek.i18n import set_language
from ludothek.render.catalog import get_view
from ludothek.render.diagram import Diagram
from ludothek.render.editor import marked_picture
from ludothek.render.pictures import picture_board_svg
from ludothek.render.standalone import compact_picture, picture_svg
from ludothek.render.story import Shown
from ludothek.render.story_pictures import step_picture, strip_svg
from ludothek.render.view import UIState

# Per game: a literal position, the moves played from it, and the lines a picture writes under the board.
POSITIONS = {
    "momentum": (
        "7x7 ......./......./......./......./......./......./....... R 8,8 pie",
        ["d4"],
        ["Blue to move.", "Red: 7 stones in hand", "Blue: 8 stones in hand", "Blue may take over the first stone instead (pie rule)."],
    ),
    "nummerus": (
        "22,35,23/41,*,40,34,6/14,30,8,48,46,25,43/12,42,47,13,11,24,10/1,21,20,44,18/7,32,16,19,15,37,33/38,31,29,26,9,5,39/45,2,27,3,36/28,17,4 1 ./.",
        ["d8", "e8"],
        ["Red to move.", "Red: Single chips: 40.", "Blue: Single chips: 34."],
    ),
    "fenn": ("b0:5 r10:5 k4 r", ["9:1", "2:6"], ["Red to move.", "Blue: on field 2, shows 6", "Red: on field 9, shows 1"]),
    "mops": (
        "9/9/9/9/4Cg4/9/9/9/9,9/9/9/9/4Wv4/9/9/9/9 CvBvPvCpCoHgKgWpKbKvByWvBpPyWoPgPoHbPpKpHpHyWbWgKyBoKoHoCbHvCyBgBbPb Wy p1 0,0",
        ["f5", "f5"],
        ["Red to move.", "Red: 0 points · 0 face down", "Blue: 0 points · 0 face down"],
    ),
    "momox": ("6,8 21,3 R key t1 y1 352614 213", [], ["Red to move.", "Red: Number so far: 21 (2 of 4 tiles)", "Blue: Number so far: 3 (1 of 4 tiles)"]),
}


def position(game_id: str):
    text, moves, _lines = POSITIONS[game_id]
    game = get_game(game_id)
    state = game.from_position(text)
    for move in moves:
        state = game.play(state, move)
    return state


def drawn_lines(svg: str) -> list[str]:
    """The lines under the board as drawn (a line broken to fit the width: its rows joined again)."""
    group = re.search(r'<g class="side-lines"[^>]*>(.*?)</g>', svg, re.S)
    assert group is not None, "no lines under the board"
    return [" ".join(re.findall(r"<tspan[^>]*>([^<]*)</tspan>", text)) for text in re.findall(r"<text[^>]*>(.*?)</text>", group.group(1))]


def words(svg: str) -> str:
    found = re.search(r"<desc>(.*?)</desc>", svg, re.S)
    assert found is not None
    return found.group(1)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_a_picture_writes_what_lies_beside_the_board_under_it_and_in_its_words(game_id):
    state = get_game(game_id).observation(position(game_id), None)
    expected = POSITIONS[game_id][2]
    svg = picture_svg(game_id, state)
    assert drawn_lines(svg) == expected
    said = words(svg)
    assert all(line.replace("'", "&#x27;") in said for line in expected), said
    # Each seat's line has a chip of the seat's colour, styled as the board styles it (its CSS kept
    # when the picture is made small for an <img>).
    colours = get_view(game_id).seat_colours
    chips = re.findall(r'class="seat-chip (\w+)"', svg)
    assert chips == [colours[line_seat] for line_seat in seat_of_each_line(game_id, state)]
    small = compact_picture(svg)
    assert all(f".seat-chip.{colour}" in small for colour in set(chips))
    # The board keeps its own size: the lines add to the picture's height, under the board.
    board = get_view(game_id).board_svg(state, UIState(interactive=False))
    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', board).groups())
    grown = re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', svg).groups()
    assert float(grown[0]) == width and float(grown[1]) > height


def seat_of_each_line(game_id: str, state) -> list[int]:
    view = get_view(game_id)
    names = [view.seat_style(i, state.setup.players).name for i in range(state.setup.players)]
    return [line.seat for line in view.side_lines(state, names) if line.seat is not None]


def test_the_lines_come_between_the_board_and_the_caption_and_the_marks_are_said_first():
    state = position("momentum")
    svg = marked_picture("momentum", state, Diagram(caption="The pie rule."))
    assert svg.index('class="side-lines"') < svg.index('class="diagram-caption"')
    assert words(svg).startswith("The pie rule. Blue to move. Red: 7 stones in hand. Blue: 8 stones in hand.")


def test_a_finished_game_says_its_result():
    game = get_game("fenn")
    state = game.from_position("b0:5 r10:5 k4 r")
    while state.outcome is None:
        state = game.play(state, game.legal_moves(state)[0])
    lines = drawn_lines(picture_svg("fenn", state))
    assert lines[0] == get_view("fenn").result_text(state, ["Blue", "Red"]), lines
    assert not any("to move" in line for line in lines)


def test_the_lines_speak_german():
    set_language("de")
    lines = drawn_lines(picture_svg("momentum", position("momentum")))
    assert lines[:3] == ["Blau ist am Zug.", "Rot: 7 Steine in der Hand", "Blau: 8 Steine in der Hand"]


def test_a_story_step_and_a_strip_carry_the_lines():
    state = position("fenn")
    game = get_game("fenn")
    before = game.from_position("b0:5 r10:5 k4 r")
    item = Shown(chapter=0, step=1, state=state, before=None, move=None, comment="Blue steps to 2.", marks=Diagram(), task=None)
    picture = step_picture(get_view("fenn"), item)
    assert drawn_lines(picture) == POSITIONS["fenn"][2]
    assert picture.index('class="side-lines"') < picture.index('class="diagram-caption"')
    first = Shown(chapter=0, step=0, state=before, before=None, move=None, comment="", marks=Diagram(), task=None)
    strip = strip_svg("fenn", [step_picture(get_view("fenn"), first), picture], "A strip")
    assert strip.count('class="side-lines"') == 2 and strip.count(">Red to move.</tspan>") == 2


def test_a_nummerus_picture_draws_no_reach_rings_and_the_live_board_still_does():
    view = get_view("nummerus")
    state = position("nummerus")
    assert get_game("nummerus").star_targets(state), "the star can reach chips here"
    for ui in (UIState(), UIState(interactive=False)):  # a turn, the computer's turn or a review
        live = view.board_svg(state, ui)
        assert 'class="reach-ring"' in live and 'class="rays"' in live
    for picture in (picture_svg("nummerus", state), picture_board_svg(view, state), marked_picture("nummerus", state, Diagram(caption="c"))):
        assert 'class="reach-ring"' not in picture and 'class="rays"' not in picture and "cell field reach" not in picture
        assert picture.count('class="chip') == view.board_svg(state, UIState()).count('class="chip'), "the chips themselves are all there"


MOPS_PILE = "CvBvPvCpCoHgKgWpKbKvByWvBpPyWoPgPoHbPpKpHpHyWbWgKyBoKoHoCbHvCyBgBbPb"


def test_a_mops_picture_says_nothing_of_the_piles_order():
    game = get_game("mops")
    text = POSITIONS["mops"][0]
    # The pile is drawn from its front: the first tiles (those drawn in the moves played and the one
    # revealed next) stay, the order of the rest is turned round.
    kept, rest = MOPS_PILE[:8], MOPS_PILE[8:]
    shuffled = text.replace(MOPS_PILE, kept + "".join(reversed([rest[i : i + 2] for i in range(0, len(rest), 2)])))
    assert shuffled != text
    states = [game.from_position(t) for t in (text, shuffled)]
    for move in POSITIONS["mops"][1]:
        states = [game.play(s, move) for s in states]
    view = get_view("mops")
    names = ["Red", "Blue"]
    assert states[0] != states[1]
    assert view.side_lines(states[0], names) == view.side_lines(states[1], names)
    pictures = [picture_svg("mops", game.observation(s, None)) for s in states]
    assert pictures[0] == pictures[1]
    codes = [MOPS_PILE[i : i + 2] for i in range(0, len(MOPS_PILE), 2)]
    assert not any(code in line for line in drawn_lines(pictures[0]) for code in codes)


def test_a_momox_picture_shows_no_covered_chip():
    game = get_game("momox")
    # The same table, the chips under the bowls dealt differently (the 6 lies open on circle 3 in both).
    first, second = (game.from_position(t) for t in ("6,8 -,- R key t1 y1 352614 213", "6,8 -,- R key t1 y1 245613 213"))
    view = get_view("momox")
    assert view.side_lines(first, ["Red", "Blue"]) == view.side_lines(second, ["Red", "Blue"])
    assert picture_svg("momox", game.observation(first, None)) == picture_svg("momox", game.observation(second, None))

"""Momox' position set up by hand (games/momox_editing.py): figures move over the circuit, a chip
of a known value opens its circle (the chips swap, nothing hidden is told), a covered chip turns
face down, the tiles, whose turn, the phase and the yellow fields are set beside the board; small
literal positions, as chess engines test FEN positions. The generic promises are in
tests/test_position_editing.py."""

from __future__ import annotations

import random

import pytest

from ludothek.games import get_game
from ludothek.games.editing import EditRefused
from ludothek.render.catalog import position_editing
from ludothek.render import get_view
from ludothek.render.editor import EDIT_REFUSAL_TEXTS, edit_refusal_text
from test_editor import put_piece, board_target, editor_of, tap, tool
from test_position_editing import send_settings, start
from test_web_app import last

MOMOX = get_game("momox")
VIEW = get_view("momox")
RULES = position_editing("momox")
START = "0,8 -,- R key t1 y0 ?????? -"  # the setup as the editor holds it: every chip face down


def seen(text: str):
    """The state the editor holds for `text` (hidden chips dealt afresh, then hidden again)."""
    return MOMOX.observation(MOMOX.from_observation(text, random.Random(0)), None)


def edited(text: str) -> str:
    """The text the editor shows for an edit's result."""
    return MOMOX.position(seen(text))


def refused(call, *args) -> EditRefused:
    with pytest.raises(EditRefused) as exc:
        call(*args)
    rule = exc.value.rule
    assert rule in EDIT_REFUSAL_TEXTS or rule in VIEW.edit_refusal_texts(), rule
    return exc.value


def test_the_palette_offers_the_players_figures_and_the_chips_on_fields_and_circles():
    assert RULES is not None
    palette = RULES.palette(seen(START))
    assert palette.pieces == ("R", "B", "1", "2", "3", "4", "5", "6", "?")
    assert palette.places == {str(f) for f in range(32)} | {f"k{c}" for c in range(6)}
    assert RULES.palette(seen("0,8,16,24 -,-,-,- R key t1 y0 ?????? -")).pieces[:4] == ("R", "B", "G", "P")
    assert VIEW.piece_name("G") == "Green figure" and VIEW.piece_name("4") == "Chip 4" and VIEW.piece_name("?") == "Covered chip"


def test_a_figure_put_moves_it_and_never_leaves_the_circuit():
    assert RULES is not None
    s = seen(START)
    assert edited(RULES.put(s, "5", "B")) == "0,5 -,- R key t1 y0 ?????? -"  # blue's figure moved from 8
    assert edited(RULES.put(s, "8", "R")) == "8,8 -,- R key t1 y0 ?????? -"  # figures may share a field
    assert refused(RULES.remove, s, "0").rule == "figure-stays"
    assert refused(RULES.remove, s, "3").rule == "place-empty"
    assert refused(RULES.put, s, "k2", "R").rule == "figure-on-field"
    assert refused(RULES.put, s, "32", "R").rule == "no-such-place"
    assert refused(RULES.put, s, "4", "G").rule == "no-such-piece"  # no green figure with two players


def test_a_known_chip_opens_its_circle_and_the_one_open_before_is_covered():
    assert RULES is not None
    s = seen(START)
    three = RULES.put(s, "k3", "6")
    assert three == "0,8 -,- R key t1 y0 ???6?? 3" and edited(three) == three
    centre = RULES.put(seen(three), "k0", "2")  # the 6 is covered again, the centre open showing 2
    assert edited(centre) == "0,8 -,- R key t1 y0 2????? 30"
    assert edited(RULES.put(seen(three), "k3", "4")) == "0,8 -,- R key t1 y0 ???4?? 3"  # another value on the open circle
    # The centre's chip lies face down at a round's start; it opens only after another circle.
    error = refused(RULES.put, s, "k0", "5")
    assert error.rule == "centre-face-down"
    assert "face down until another circle" in edit_refusal_text(VIEW, error)
    assert refused(RULES.remove, s, "k1").rule == "chip-stays"


def test_a_full_state_swaps_its_chips_so_each_value_stays_once():
    assert RULES is not None
    full = MOMOX.from_position("0,8 -,- R key t1 y0 352614 3")  # circle 3 open, showing 6
    assert RULES.put(full, "k1", "2") == "0,8 -,- R key t1 y0 325614 31"  # 2 and 5 change circles
    assert RULES.put(full, "k2", "?") == MOMOX.position(full)  # its chip was face down already


def test_a_covered_chip_turns_face_down_but_cannot_cover_the_open_circle():
    assert RULES is not None
    s = seen("3,8 -,- B key t2 y0 ?5???? 31")  # 3 face up under its bowl, circle 1 open showing 5
    assert edited(RULES.put(s, "k3", "?")) == "3,8 -,- B key t2 y0 ?5???? 1"
    assert refused(RULES.put, s, "k1", "?").rule == "open-chip"
    assert RULES.put(seen(START), "k0", "?") == START  # the centre's chip lies face down already


def test_tiles_whose_turn_phase_and_yellows_are_set_beside_the_board():
    assert RULES is not None
    s = seen("6,8 -,- R key t1 y1 ???6?? 3")  # red on yellow field 6, free to lift another bowl
    names = [setting.name for setting in RULES.settings(s)]
    assert names == ["turn", "to-move", "phase", "yellows", "tiles-R", "tiles-B"]
    assert edited(RULES.set(s, "tiles-R", "34")) == "6,8 34,- R key t1 y1 ???6?? 3"
    assert edited(RULES.set(s, "yellows", "2")) == "6,8 -,- R key t1 y2 ???6?? 3"
    # Another player's turn begins afresh; the turn and the player to move go together.
    assert edited(RULES.set(s, "to-move", "B")) == "6,8 -,- B key t2 y0 ???6?? 3"
    assert edited(RULES.set(s, "turn", "5")) == "6,8 -,- R key t5 y1 ???6?? 3"
    assert edited(RULES.set(s, "turn", "4")) == "6,8 -,- B key t4 y0 ???6?? 3"
    # A tile pending on a corner: red on blue's start corner 8, where red's 4 lies.
    with pytest.raises(ValueError):  # the engine judges: after a yellow field the figure stands on one
        seen(RULES.put(s, "8", "R"))
    corner = seen(RULES.put(seen(RULES.set(s, "yellows", "0")), "8", "R"))
    assert edited(RULES.set(corner, "phase", "tile")) == "8,8 -,- R tile t1 y0 ???6?? 3"
    with pytest.raises(ValueError):  # the engine judges: no tile of red's beside field 6
        seen(RULES.set(s, "phase", "tile"))
    assert refused(RULES.set, s, "yellows", "-1").rule == "bad-value"
    assert refused(RULES.set, s, "to-move", "G").rule == "bad-value"
    assert refused(RULES.set, s, "score", "3").rule == "no-such-setting"
    for setting in RULES.settings(s):
        assert RULES.set(s, setting.name, setting.value) == MOMOX.position(s)


def test_four_tiles_end_the_game_and_giving_one_back_resumes_it():
    assert RULES is not None
    s = seen("6,8 -,21 R key t3 y0 ???6?? 3")
    over = RULES.set(s, "tiles-B", "4321")
    assert edited(over) == "6,8 -,4321 - over t4 y0 ???6?? 3"  # blue finished, in blue's turn
    assert MOMOX.winners(seen(over)) == [1]
    assert edited(RULES.set(seen(over), "tiles-B", "321")) == "6,8 -,321 B key t4 y0 ???6?? 3"
    # Several rounds: the last round's numbers join the results; earlier rounds cannot end so.
    last_round = seen("6,8 -,21 R key t2 y0 ???6?? 3 r2/2 1234,12")
    assert edited(RULES.set(last_round, "tiles-R", "1234")) == "6,8 1234,21 - over t2 y0 ???6?? 3 r2/2 1234,12/1234,21"
    with pytest.raises(ValueError):
        seen(RULES.set(seen("6,8 -,21 R key t1 y0 ???6?? 3 r1/2 -"), "tiles-R", "1234"))


def test_the_empty_board_is_the_rounds_start():
    assert RULES is not None
    s = seen("13,27,3 43,2,- G shuffle t9 y3 ?4???? 214")
    assert edited(RULES.empty(s)) == "0,8,16 -,-,- R key t1 y0 ?????? -"
    later = seen("6,8 -,21 R key t2 y0 ???6?? 3 r2/2 1234,12")
    assert edited(RULES.empty(later)) == "0,8 -,- B key t1 y0 ?????? - r2/2 1234,12"  # round 2 begins with blue


def test_settings_words():
    assert VIEW.setting_name("tiles-P") == "Purple's tiles"
    assert VIEW.setting_value_name("phase", "tile") == "Take or leave the tile"
    assert VIEW.setting_value_name("to-move", "B") == "Blue"
    assert VIEW.setting_value_name("tiles-R", "-") == "None"


def test_the_editor_screen_moves_a_figure_opens_a_chip_and_sets_tiles():
    app, page = start("#/editor/momox")
    put_piece(app, "B", "12")
    assert editor_of(app).position == "0,12 -,- R key t1 y0 ?????? -"
    assert last(page, "announce")[1] == "Blue figure on field 4 after the blue corner."
    put_piece(app, "3", "k2")
    assert editor_of(app).position == "0,12 -,- R key t1 y0 ??3??? 2"
    tap(app, board_target("k0"))  # the 3 moves to the centre, circle 2 covered again
    assert editor_of(app).position == "0,12 -,- R key t1 y0 3????? 20"
    put_piece(app, "", "k0")
    assert "always lies on centre circle 0" in last(page, "announce")[1]
    values = {"setting-turn": "1", "setting-to-move": "B", "setting-phase": "key", "setting-yellows": "0", "setting-tiles-R": "4", "setting-tiles-B": "-"}
    send_settings(app, values)
    assert editor_of(app).position == "0,12 4,- B key t2 y0 3????? 20"
    tap(app, tool("editor-empty"))
    assert editor_of(app).position == START

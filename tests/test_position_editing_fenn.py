"""Fenn's position set up by hand (games/fenn_editing.py): small literal positions, as chess engines
test FEN positions. The two walking dice are the pieces, moved from field to field and never taken
away; their tops, the black die's, whose turn, a Pasch or an extra step under way and a draw are
the settings; the empty board sets both dice back beside it."""

from __future__ import annotations

import pytest

from ludothek.games import get_game
from ludothek.games.editing import EditRefused
from ludothek.render.catalog import position_editing
from ludothek.render import get_view
from ludothek.render.editor import edit_refusal_text
from test_editor import put_piece, editor_of, region, tap, tool
from test_position_editing import send_settings
from test_web_app import last, start

FENN = get_game("fenn")
RULES = position_editing("fenn")
assert RULES is not None


def edited(text: str) -> str:
    """The position text as the engine reads it back (so it is one it accepts)."""
    return FENN.position(FENN.from_position(text))


def at(text: str):
    return FENN.from_position(text)


def refusal(call, *args) -> EditRefused:
    with pytest.raises(EditRefused) as refused:
        call(*args)
    return refused.value


def test_the_pieces_are_the_two_dice_and_the_places_the_fields():
    palette = RULES.palette(at("b0:5 r10:5 k6 b"))
    assert palette.pieces == ("b", "r")
    assert palette.places == frozenset(str(n) for n in range(1, 10))
    view = get_view("fenn")
    assert (view.piece_name("b"), view.piece_name("r")) == ("Blue die", "Red die")


def test_a_die_put_on_a_field_moves_there_with_its_top_and_there_is_only_one_of_each():
    s = at("b0:5 r10:5 k6 b")
    blue = edited(RULES.put(s, "3", "b"))
    assert blue == "b3:5 r10:5 k6 b"  # from beside the board, showing 5
    red = edited(RULES.put(at(blue), "7", "r"))
    assert red == "b3:5 r7:5 k6 b"
    moved = edited(RULES.put(at("b3:2 r7:8 k6 b"), "4", "b"))
    assert moved == "b4:2 r7:8 k6 b"  # the same die, its top kept: never a second blue die
    assert RULES.put(at(moved), "4", "b") == moved  # where it already stands: nothing changes


def test_a_field_holds_one_die_and_a_die_is_never_taken_away():
    s = at("b3:2 r7:8 k6 b")
    taken = refusal(RULES.put, s, "7", "b")
    assert taken.rule == "field-taken"
    stays = refusal(RULES.remove, s, "3")
    assert stays.rule == "die-stays"
    assert refusal(RULES.remove, s, "5").rule == "place-empty"
    assert refusal(RULES.put, s, "10", "r").rule == "no-such-place"  # beside the board is no field
    assert refusal(RULES.put, s, "5", "k").rule == "no-such-piece"
    view = get_view("fenn")
    assert edit_refusal_text(view, taken) == "A die already stands on field 7: a field holds one die."
    assert edit_refusal_text(view, stays).startswith("The die on field 3 stays: a die never leaves the board")


def test_a_pasch_or_an_extra_step_is_kept_while_it_holds_and_dropped_when_it_no_longer_does():
    extra = at("b2:2 r10:5 k6 b extra0")  # blue's opening 2:2
    assert edited(RULES.put(extra, "7", "r")) == "b2:2 r7:5 k6 b extra0"  # still holds
    assert edited(RULES.put(extra, "4", "b")) == "b4:2 r10:5 k6 b"  # 2 on field 4: a new turn
    pasch = at("b3:6 r10:5 k6 b pasch")
    assert edited(RULES.put(pasch, "4", "b")) == "b4:6 r10:5 k6 b pasch"
    assert edited(RULES.set(pasch, "black", "7")) == "b3:6 r10:5 k7 b"
    won = at(RULES.put(extra, "9", "b"))  # on its far end blue has won: nothing is under way
    assert FENN.position(won) == "b9:2 r10:5 k6 b" and won.outcome is not None and won.outcome.winners == (0,)


def test_each_setting_and_setting_it_to_its_value_gives_the_position_back():
    s = at("b3:6 r7:5 k2 r")
    names = [setting.name for setting in RULES.settings(s)]
    assert names == ["to-move", "blue-face", "red-face", "black", "turn", "draw"]
    for setting in RULES.settings(s):
        assert RULES.set(s, setting.name, setting.value) == FENN.position(s)
    assert edited(RULES.set(s, "to-move", "b")) == "b3:6 r7:5 k2 b"
    assert edited(RULES.set(s, "blue-face", "9")) == "b3:9 r7:5 k2 r"
    assert edited(RULES.set(s, "red-face", "8")) == "b3:6 r7:8 k2 r"
    assert edited(RULES.set(s, "black", "6")) == "b3:6 r7:5 k6 r"
    assert edited(RULES.set(s, "draw", "yes")) == "b3:6 r7:5 k2 r draw"
    assert edited(RULES.set(at("b3:6 r10:5 k6 b"), "turn", "pasch")) == "b3:6 r10:5 k6 b pasch"
    assert edited(RULES.set(at("b2:2 r10:5 k6 b"), "turn", "extra1")) == "b2:2 r10:5 k6 b extra1"
    assert RULES.set(s, "turn", "pasch") == "b3:6 r7:5 k2 r pasch"  # red's 5 is not the black 2: the engine refuses
    with pytest.raises(ValueError, match="pasch"):
        FENN.from_position(RULES.set(s, "turn", "pasch"))
    assert refusal(RULES.set, s, "blue-face", "3").rule == "bad-value"  # die III has no 3
    assert refusal(RULES.set, s, "hand", "1").rule == "no-such-setting"


def test_a_die_beside_the_board_shows_5():
    s = at("b0:5 r7:5 k2 b")
    blue_face = next(setting for setting in RULES.settings(s) if setting.name == "blue-face")
    assert blue_face.choices == ("5",)
    assert refusal(RULES.set, s, "blue-face", "6").rule == "bad-value"


def test_every_setting_has_words():
    view = get_view("fenn")
    s = at("b2:2 r10:5 k6 b extra1")
    assert view.setting_value_name("turn", "extra1") == "Extra step; the turn began on field 1"
    assert view.setting_value_name("turn", "extra0") == "Extra step; the turn began beside the board"
    assert view.setting_value_name("turn", "pasch").startswith("Pasch")
    assert view.setting_value_name("to-move", "r") == "Red"
    for setting in RULES.settings(s):
        assert view.setting_name(setting.name) != setting.name
        for choice in setting.choices:
            assert view.setting_value_name(setting.name, choice)


def test_the_empty_board_sets_both_dice_beside_it():
    assert edited(RULES.empty(at("b3:6 r7:5 k2 r draw"))) == "b0:5 r10:5 k2 r"
    assert edited(RULES.empty(at("b3:6 r10:5 k6 b pasch"))) == "b0:5 r10:5 k6 b"
    assert edited(RULES.empty(at("b9:2 r4:3 k6 b"))) == "b0:5 r10:5 k6 b"


# -- the editor screen -------------------------------------------------------------------------------


def test_the_editor_moves_a_die_refuses_taking_it_away_and_sets_its_top():
    app, page = start("#/editor/fenn/" + "b0:5 r10:5 k6 b".replace(" ", "%20"))
    screen = last(page, "screen")[2]
    assert "Blue die" in screen and 'id="editor-setting-turn"' in screen
    put_piece(app, "b", "4")
    assert editor_of(app).position == "b4:5 r10:5 k6 b"
    assert last(page, "announce")[1] == "Blue die on field 4."
    put_piece(app, "", "4")
    assert last(page, "announce")[1].startswith("The die on field 4 stays")
    assert editor_of(app).position == "b4:5 r10:5 k6 b"
    values = {"setting-to-move": "b", "setting-blue-face": "9", "setting-red-face": "5", "setting-black": "6", "setting-turn": "new", "setting-draw": "no"}
    send_settings(app, values)
    assert editor_of(app).position == "b4:9 r10:5 k6 b"
    assert last(page, "announce")[1] == "Blue die's top: set."
    tap(app, tool("editor-empty"))
    assert editor_of(app).position == "b0:5 r10:5 k6 b"
    only_5 = '<select name="setting-blue-face" id="editor-setting-blue-face"><option value="5" selected="">5</option></select>'
    assert only_5 in region(page, "editor-settings")  # beside the board the die shows 5


def test_the_settings_apply_in_order_so_a_pasch_can_be_set_up_in_one_go():
    app, page = start("#/editor/fenn/" + "b3:6 r10:5 k2 b".replace(" ", "%20").replace(":", "%3A"))
    values = {"setting-to-move": "b", "setting-blue-face": "2", "setting-red-face": "5", "setting-black": "2", "setting-turn": "pasch", "setting-draw": "no"}
    send_settings(app, values)  # the top first, then the Pasch it allows
    assert editor_of(app).position == "b3:2 r10:5 k2 b pasch"
    assert last(page, "announce")[1] == "Blue die's top: set. The turn so far: set."
    send_settings(app, {**values, "setting-turn": "extra1"})  # 2 on field 3 earns no extra step: the engine says why
    assert "not a valid Fenn position" in last(page, "announce")[1]
    assert editor_of(app).position == "b3:2 r10:5 k2 b pasch"

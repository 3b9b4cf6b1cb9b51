"""Mops Royal set up by hand (games/mops_editing.py): tiles face up and face down put, moved and
taken away on the layout shown, the pile following the layouts, the turn kept while it holds and
else moved on as the game would, the settings beside the board, the empty board, and one edit
through the editor screen. Small literal positions, as chess engines test FEN positions."""

from __future__ import annotations

import random

import pytest

from ludothek.games import get_game
from ludothek.games.editing import EditRefused
from ludothek.render.catalog import position_editing
from ludothek.render import get_view
from test_editor import put_piece, editor_of
from test_position_editing import send_settings
from test_web_app import last, start

MOPS = get_game("mops")
RULES = position_editing("mops")
EMPTY_FRAME = "9/9/9/9/9/9/9/9/9"

# Two seats: the caller (seat 1) started with the pink bowl, seat 2 with the yellow bowl; the
# pile (order hidden) holds the caller's other tiles but the revealed blue pug; seat 1 places it.
PILE = "PgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKoKpKvKyHbHgHoHpHvHy"
SETUP = f"9/9/9/9/4Wp4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?{PILE} Pb p1 0,0"


def read(text: str):
    """The observation the editor holds for `text` (the engine reads it, the pile dealt afresh)."""
    return MOPS.observation(MOPS.from_observation(text, random.Random(0)), None)


def pile(text: str) -> set[str]:
    return set(MOPS.remaining_tiles(read(text)))


def edit(method: str, text: str, *args: str) -> str:
    assert RULES is not None
    result = getattr(RULES, method)(read(text), *args)
    assert MOPS.position(read(result)) == result  # the engine reads it back as it is
    return result


def test_the_setup_reads_and_offers_every_tile_both_ways_up_on_the_layout_and_its_ring():
    assert RULES is not None
    s = read(SETUP)
    assert MOPS.position(s) == SETUP
    palette = RULES.palette(s)
    assert len(palette.pieces) == 72 and {"Kb", "kb", "Hy", "hy"} <= set(palette.pieces)
    assert palette.places == {"d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"}
    view = get_view("mops")
    assert view.piece_name("Kb") == "Blue cushion" and view.piece_name("kb") == "Blue cushion, face down"


def test_a_tile_put_leaves_the_pile_and_goes_back_when_taken_away_or_replaced():
    put = edit("put", SETUP, "f5", "Cb")
    assert put.startswith("9/9/9/9/4WpCb3/") and "Cb" not in pile(put) and put.endswith(" Pb p1 0,0")
    replaced = edit("put", put, "f5", "Kg")
    assert "Cb" in pile(replaced) and "Kg" not in pile(replaced)
    back = edit("remove", replaced, "f5")
    assert back == SETUP  # every tile back where it came from


def test_a_tile_moves_within_its_layout_and_a_face_down_piece_turns_it_over():
    put = edit("put", SETUP, "f5", "Cb")
    moved = edit("put", put, "e6", "Cb")
    assert moved.startswith("9/9/9/4Cb4/4Wp4/9/") and len(pile(moved)) == len(pile(put))
    turned = edit("put", put, "f5", "cb")
    assert turned.startswith("9/9/9/9/4Wpcb3/") and pile(turned) == pile(put)
    assert edit("put", turned, "f5", "Cb") == put


def test_the_callers_start_tile_is_replaced_by_one_from_the_pile_and_the_old_one_goes_into_it():
    other = edit("put", SETUP, "e5", "Kg")
    assert other.startswith("9/9/9/9/4Kg4/") and "Kg" not in pile(other) and "Wp" in pile(other)
    # Another seat's start tile is that seat's own: the caller's pile does not change.
    second = f"9/9/9/9/4WpPb3/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?{PILE} Pb p2 0,0"
    assert pile(edit("put", second, "e5", "Kg")) == pile(second)
    # A laid tile moved onto another seat's start cell is no longer laid there: back into the pile.
    laid = f"9/9/9/9/4WpPb3/9/9/9/9,9/9/9/9/4WyCb3/9/9/9/9 ?{PILE.replace('Cb', '')} Pb p2 0,0"
    moved = edit("put", laid, "e5", "Cb")
    assert moved.startswith("9/9/9/9/4WpPb3/9/9/9/9,9/9/9/9/4Cb4/") and pile(moved) == pile(laid) | {"Cb"}


def test_the_round_tile_laid_by_the_seat_to_place_moves_the_turn_on():
    placed = edit("put", SETUP, "f5", "Pb")
    assert placed == f"9/9/9/9/4WpPb3/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?{PILE} Pb p2 0,0"
    # Tiles other than the round's leave the turn as it is, a combination or not.
    line = "9/9/9/9/3CbWbPb3/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?PgPoPpPvPyBbBgBoBpBvByWgWoWpWvWyCgCoCpCvCyKbKoKpKvKyHbHgHoHpHvHy Kg p1 0,0"
    scoring = edit("put", line, "g5", "Kb")
    assert scoring.endswith(" Kg p1 0,0")  # not the round's tile: the turn stays
    other = edit("put", line, "c5", "Bb")
    assert other.endswith(" Kg p1 0,0")
    blue = "9/9/9/9/4WbPb3/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?PgPoPpPvPyBbBgBoBpBvByWgWoWpWvWyCgCoCpCvCyKgKoKpKvKyHbHgHoHpHvHy Kb p1 0,0"
    # Laying the round's tile gives seat 1 a line of three blue tiles: it is to score (still shown).
    to_score = edit("put", blue, "d5", "Kb")
    assert to_score.endswith(" Kb s1 0,0")
    # Taking the round's tile away again gives the turn back to placing it.
    assert edit("remove", to_score, "d5") == blue


def test_what_cannot_be_taken_away_is_refused_with_the_rule():
    assert RULES is not None
    with pytest.raises(EditRefused) as refused:
        RULES.remove(read(SETUP), "e5")
    assert refused.value.rule == "start-tile"
    with pytest.raises(EditRefused) as refused:
        RULES.remove(read(SETUP), "f5")
    assert refused.value.rule == "place-empty"
    chain = f"9/9/9/9/4WpCbKg2/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?{PILE.replace('Cb', '').replace('Kg', '')} Pb p1 0,0"
    with pytest.raises(EditRefused) as refused:
        RULES.remove(read(chain), "f5")
    assert refused.value.rule == "tile-holds-layout"
    assert refused.value.rule in get_view("mops").edit_refusal_texts()
    with pytest.raises(EditRefused) as refused:
        RULES.put(read(SETUP), "f5", "Xx")
    assert refused.value.rule == "no-such-piece"


def test_settings_turn_tile_scores_players_and_variants():
    assert RULES is not None
    s = read(SETUP)
    names = [setting.name for setting in RULES.settings(s)]
    assert names == ["tile", "turn", "score-1", "score-2", "players", "ersatz", "wertung"]
    for setting in RULES.settings(s):
        assert RULES.set(s, setting.name, setting.value) == SETUP
    tile = edit("set", SETUP, "tile", "Cb")
    assert tile.endswith(" Cb p1 0,0") and "Pb" in pile(tile) and "Cb" not in pile(tile)
    assert edit("set", SETUP, "score-2", "-4").endswith(" Pb p1 0,-4")
    three = edit("set", SETUP, "players", "3")
    assert three.startswith("9/9/9/9/4Wp4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9,9/9/9/9/4Po4/") and three.endswith(" Pb p1 0,0,0")
    ersatz = edit("set", SETUP, "ersatz", "on")
    assert ersatz.endswith(" p1 0,0 x0,0")
    assert "refusals-2" in [setting.name for setting in RULES.settings(read(ersatz))]
    assert edit("set", ersatz, "refusals-2", "3").endswith(" x0,3")
    assert edit("set", SETUP, "wertung", "on").endswith(" p1 0,0 w")
    # The turn is set as asked, and the engine judges it: seat 1 has not placed the blue pug yet.
    assert MOPS.position(read(edit("set", edit("put", SETUP, "f5", "Pb"), "turn", "p2"))).endswith(" Pb p2 0,0")
    with pytest.raises(ValueError):
        read(RULES.set(s, "turn", "p2"))
    with pytest.raises(EditRefused):
        RULES.set(s, "score-1", "many")
    with pytest.raises(EditRefused):
        RULES.set(s, "turn", "f1")  # a final scoring belongs to the variant "Wertung"


def test_empty_keeps_the_start_tiles_and_puts_every_other_tile_back_into_the_pile():
    busy = "9/9/9/9/3CbWbPb3/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?PgPoPpPvPyBbBgBoBpBvByWgWoWpWvWyCgCoCpCvCyKbKoKpKvKyHbHgHoHpHvHy Kg p1 3,2"
    emptied = edit("empty", busy)
    assert emptied.startswith("9/9/9/9/4Wb4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?") and emptied.endswith(" Kg p1 3,2")
    assert len(pile(emptied)) == 34  # all but the caller's start tile and the revealed tile


def put_by_taps(app, piece: str, cell: str) -> None:
    """The editor's piece chosen (`""`: taking away), then a cell of the board tapped."""
    put_piece(app, piece, cell)


def test_the_editor_screen_puts_a_tile_and_refuses_taking_the_start_tile_away():
    app, page = start("#/editor/mops")
    screen = last(page, "screen")[2]
    assert "Blue cushion, face down" in screen and 'id="editor-setting-turn"' in screen
    put_by_taps(app, "Cb", "f5")
    assert editor_of(app).position.startswith("9/9/9/9/4WpCb3/")
    assert last(page, "announce")[1] == "Blue can on f5."
    put_by_taps(app, "", "e5")
    assert last(page, "announce")[1] == "The start tile on e5 can be replaced by another tile, but not taken away."
    send_settings(app, {"setting-turn": "p1", "setting-tile": "Pb", "setting-score-1": "5", "setting-score-2": "0"})
    assert editor_of(app).position.endswith(" Pb p1 5,0")
    # Seat 1 lays the revealed tile, and it is seat 2's turn: its layout is shown and edited.
    put_by_taps(app, "Pb", "e6")
    assert editor_of(app).position.endswith(" Pb p2 5,0")
    assert last(page, "announce")[1] == "Blue pug on e6. That was Red's layout; the board now shows Blue's, whose turn it is."
    put_by_taps(app, "Kg", "d5")
    assert editor_of(app).position.startswith("9/9/9/4Pb4/4WpCb3/9/9/9/9,9/9/9/9/3KgWy4/")
    # A tile and a turn changed together: the tile first, then the turn as asked.
    send_settings(app, {"setting-turn": "p1", "setting-tile": "Ho", "setting-score-1": "5", "setting-score-2": "0"})
    assert editor_of(app).position.endswith(" Ho p1 5,0"), last(page, "announce")


def test_a_tile_taken_from_a_finished_solo_game_opens_a_round_again():
    over = "9/1BbWbCoCvKv3/1HpBoHgWykb3/1KpPghbBvKo3/1PvpoHybpWg3/1HvCyPpBgWp3/9/9/9 ?PbPyByWoWvCbCgCpKgKyHo - - 12"
    assert read(over).outcome is not None
    opened = edit("remove", over, "b4")
    # The blue heap goes back into the pile; a round is revealed with the pile's first tile as the
    # editor lists it (sorted: its order stays hidden), and the only seat places it.
    assert opened == "9/1BbWbCoCvKv3/1HpBoHgWykb3/1KpPghbBvKo3/1PvpoHybpWg3/2CyPpBgWp3/9/9/9 ?PyByWoWvCbCgCpKgKyHoHv Pb p1 12"


def test_a_full_state_is_edited_without_telling_its_piles_order():
    assert RULES is not None
    state = MOPS.new_game(players=2, seed=5)
    assert not state.hidden
    for text in (RULES.set(state, "score-1", "3"), RULES.put(state, "f5", "Cb"), RULES.empty(state)):
        assert text.split(" ")[1].startswith("?"), text

"""Nummerus Zahlus' position set up by hand (games/nummerus_editing.py): the star and the chips
trade places on the board, a chip taken away is taken by the player to move, every chip stays on
one field or in one collection, and what is beside the board (whose turn, players, the
tournament, the swap variant) is set; small literal positions, as chess engines test FENs. The
generic promises (every piece on every field, every setting) are tests/test_position_editing.py's."""

from __future__ import annotations

import pytest

from ludothek.games import get_game
from ludothek.games.base import PositionError
from ludothek.games.editing import EditRefused
from ludothek.render.catalog import position_editing
from ludothek.games.nummerus_scoring import numbers
from ludothek.render import get_view
from ludothek.render.editor import edit_refusal_text
from test_editor import put_piece, board_target, editor_of, tap, tool
from test_position_editing import send_settings
from test_web_app import last, start

GAME = get_game("nummerus")
RULES = position_editing("nummerus")
VIEW = get_view("nummerus")

# The start of a 2-player game (seed 0: the editor's starting position), the star on b6.
START = "3,16,17/18,7,36,39,38/43,1,33,24,2,40,42/25,*,44,20,14,35,28/30,29,45,13,11/4,9,12,48,10,41,26/6,8,47,31,46,27,21/32,23,5,19,37/15,34,22 1 ./."
# The same game after c6 (seat 1 takes 44) and c7 (seat 2 takes 33): the star on c7.
AFTER = "3,16,17/18,7,36,39,38/43,1,*,24,2,40,42/25,.,.,20,14,35,28/30,29,45,13,11/4,9,12,48,10,41,26/6,8,47,31,46,27,21/32,23,5,19,37/15,34,22 1 44/33"
# A solitaire whose chains 31 and 32-36 touch without merging (19 lies on e2).
SOLITAIRE = "3,16,17/18,7,.,39,38/43,1,.,24,2,40,42/25,*,44,20,14,.,28/30,29,45,13,11/4,9,12,48,10,41,26/6,8,47,.,46,27,21/.,23,5,19,37/15,.,22 1 31,32-36"
# A swap-variant tournament of 3 rounds in round 2: seat 1 has taken 28 and may swap it for 12.
SWAP = (
    "41,21,42/37,38,4,15,20/39,23,46,1,5,45,47/26,25,3,43,36,13,6/29,34,18,27,22/8,10,40,30,19,.,17/"
    "2,7,32,48,9,.,11/31,44,33,*,16/35,14,24 1 28/12 r2/3 p42,42 x2,2 swap"
)


def edited(text: str) -> str:
    """The position the engine reads back (as the editor does), in its own words."""
    return GAME.position(GAME.from_position(text))


def every_chip_once(text: str) -> None:
    s = GAME.from_position(text)
    held = [n for groups in s.collections for n in numbers(groups)]
    assert sorted([n for n in s.board if n] + held) == list(range(1, 49))
    assert s.board[s.star] == 0


def refusal(call, *args) -> EditRefused:
    assert RULES is not None
    with pytest.raises(EditRefused) as refused:
        call(*args)
    return refused.value


def test_the_palette_is_the_star_and_the_48_chips_on_the_49_fields():
    assert RULES is not None
    palette = RULES.palette(GAME.from_position(START))
    assert palette.pieces == ("*",) + tuple(str(n) for n in range(1, 49))
    assert len(palette.places) == 49 and {"c9", "a6", "d5", "e1"} <= palette.places and "a5" not in palette.places
    assert VIEW.piece_name("*") == "Star" and VIEW.piece_name("12") == "Chip 12"


def test_a_chip_put_on_the_board_trades_places_with_what_lay_there():
    assert RULES is not None
    s = GAME.from_position(START)
    # 3 from c9 onto d9, where 16 lay: 16 goes to c9.
    assert edited(RULES.put(s, "d9", "3")).startswith("16,3,17/18,7,")
    # The star onto c6 (44): 44 goes to b6, where the star was; 44 onto the star's b6 is the same.
    star_moved = "3,16,17/18,7,36,39,38/43,1,33,24,2,40,42/25,44,*,20,"
    assert edited(RULES.put(s, "c6", "*")).startswith(star_moved)
    assert edited(RULES.put(s, "b6", "44")).startswith(star_moved)
    # Onto an empty field: the field it left is empty now.
    after = GAME.from_position(AFTER)
    assert edited(RULES.put(after, "b6", "3")).startswith(".,16,17/18,7,36,39,38/43,1,*,24,2,40,42/25,3,.,")
    # Where it lies already, or the star where it stands: nothing changes.
    assert RULES.put(s, "c9", "3") == START and RULES.put(s, "b6", "*") == START
    for text in (RULES.put(s, "d9", "3"), RULES.put(s, "c6", "*"), RULES.put(after, "b6", "3")):
        every_chip_once(text)


def test_a_chip_from_a_collection_comes_back_and_the_chip_it_covers_takes_its_place_there():
    assert RULES is not None
    after = GAME.from_position(AFTER)
    back = edited(RULES.put(after, "c6", "44"))  # onto the empty c6: seat 1's collection is empty again
    assert back.startswith("3,16,17/18,7,36,39,38/43,1,*,24,2,40,42/25,.,44,") and back.endswith(" 1 ./33")
    traded = edited(RULES.put(after, "d9", "33"))  # onto d9, where 16 lay: 16 goes to seat 2 instead
    assert traded.startswith("3,33,17/") and traded.endswith(" 1 44/16")
    every_chip_once(back)
    every_chip_once(traded)


def test_a_chip_taken_away_is_taken_by_the_player_to_move():
    assert RULES is not None
    after = GAME.from_position(AFTER)
    first = edited(RULES.remove(after, "d9"))
    assert first.startswith("3,.,17/") and first.endswith(" 1 16,44/33")
    second = GAME.from_position(RULES.set(after, "to-move", "2"))
    assert edited(RULES.remove(second, "c9")).endswith(" 2 44/3,33")
    every_chip_once(first)


def test_the_star_never_leaves_the_board_and_an_empty_field_has_nothing_to_take():
    assert RULES is not None
    after = GAME.from_position(AFTER)
    stays = refusal(RULES.remove, after, "c7")
    assert stays.rule == "star-stays"
    assert edit_refusal_text(VIEW, stays) == "The star never leaves the board: to move it, put it on another field."
    covered = refusal(RULES.put, after, "c7", "44")  # 44 is seat 1's: the star would have nowhere to go
    assert covered.rule == "star-covered"
    assert edit_refusal_text(VIEW, covered) == "The star stands on c7 and never leaves the board: move the star first, then put Chip 44 there."
    assert refusal(RULES.remove, after, "b6").rule == "place-empty"
    assert refusal(RULES.put, after, "a5", "3").rule == "no-such-place"
    assert refusal(RULES.put, after, "d5", "49").rule == "no-such-piece"


def test_the_solitaire_keeps_its_chains_as_formed():
    assert RULES is not None
    s = GAME.from_position(SOLITAIRE)
    assert edited(RULES.remove(s, "e2")).endswith(" 1 19,31,32-36")  # 19 starts a chain
    assert edited(RULES.put(s, "e2", "34")).endswith(" 1 19,31,32-33,35-36")  # 34 leaves its chain split, 19 comes in
    assert edited(RULES.put(s, "d8", "31")).endswith(" 1 32-36")
    assert [setting.name for setting in RULES.settings(s)] == ["to-move", "players"]


def test_empty_leaves_the_star_and_gives_the_chips_to_the_player_to_move():
    assert RULES is not None
    emptied = GAME.from_position(RULES.empty(GAME.from_position(AFTER)))
    assert not any(emptied.board) and emptied.star == GAME.from_position(AFTER).star
    assert GAME.position(emptied).endswith(" 1 1-32,34-48/33") and GAME.is_over(emptied)
    # A tournament round before the last cannot end with an empty board: the first chip stays.
    tournament = RULES.empty(GAME.from_position(SWAP))
    assert tournament.startswith("41,.,./.,.,.,.,./") and tournament.endswith(" 1 1-11,13-40,42-48/12 r2/3 p42,42 x2,2 swap")
    every_chip_once(tournament)


def test_whose_turn_and_the_number_of_players():
    assert RULES is not None
    after = GAME.from_position(AFTER)
    assert [(s.name, s.value) for s in RULES.settings(after)] == [("to-move", "1"), ("players", "2"), ("rounds", "0"), ("swap", "off")]
    assert edited(RULES.set(after, "to-move", "2")).endswith(" 2 44/33")
    three = GAME.from_position(RULES.set(after, "players", "3"))
    assert GAME.position(three).endswith(" 1 44/33/.")
    took = GAME.from_position(RULES.remove(GAME.from_position(RULES.set(three, "to-move", "3")), "a7"))
    assert GAME.position(took).endswith(" 3 44/33/43")
    # Seat 3 leaves: its 43 goes back onto the board's first empty field (a7 again); seat 1 is to move.
    assert edited(RULES.set(took, "players", "2")) == AFTER
    # The solitaire: seat 2's 33 goes back onto the first empty field, b6.
    alone = edited(RULES.set(after, "players", "1"))
    assert alone.endswith(" 1 44") and "/25,33,.," in alone
    with pytest.raises(EditRefused):
        RULES.set(after, "to-move", "3")
    assert VIEW.setting_value_name("to-move", "2") == "Blue"


def test_the_tournament_rounds_round_and_points():
    assert RULES is not None
    swap = GAME.from_position(SWAP)
    names = [s.name for s in RULES.settings(swap)]
    assert names == ["to-move", "players", "rounds", "round", "points-1-1", "points-1-2", "swap", "swaps-1", "swaps-2", "phase"]
    assert RULES.set(swap, "points-1-2", "40").endswith(" r2/3 p42,40 x2,2 swap")
    assert RULES.set(swap, "round", "3").endswith(" r3/3 p42,42;0,0 x2,2 swap")  # a finished round more, no points yet
    assert RULES.set(swap, "round", "1").endswith(" 1 28/12 r1/3 x2,2 swap")
    assert RULES.set(swap, "rounds", "2").endswith(" r2/2 p42,42 x2,2 swap")
    assert RULES.set(swap, "rounds", "0").endswith(" 1 28/12 x2,2 swap")  # the basic game
    assert RULES.set(GAME.from_position(AFTER), "rounds", "4").endswith(" 44/33 r1/4")
    assert refusal(RULES.set, swap, "points-1-1", "-1").rule == "bad-value"
    assert refusal(RULES.set, swap, "round", "4").rule == "bad-value"
    assert VIEW.setting_name("points-1-2") == "Blue's points in round 1"
    # Fewer players drop their points, more players start at 0; the solitaire has no tournament.
    assert RULES.set(swap, "players", "3").endswith(" 1 28/12/. r2/3 p42,42,0 x2,2,2 swap")


def test_the_swap_variant_its_chips_and_the_swap_step():
    assert RULES is not None
    swap = GAME.from_position(SWAP)
    assert RULES.set(swap, "phase", "star").endswith(" x2,2")
    assert RULES.set(swap, "swaps-1", "0").endswith(" x0,2")  # no swap chip left: the swap step no longer holds
    assert RULES.set(swap, "swap", "off").endswith(" p42,42")
    assert RULES.set(swap, "players", "4").endswith(" 28/12/./. r2/3 p42,42,0,0 x1,1,1,1 swap")  # 1 swap chip each with 4
    on = RULES.set(GAME.from_position(AFTER), "swap", "on")
    assert on.endswith(" 44/33 x2,2")
    # 12 back on the board: no opponent holds a chip to take, so the swap step is dropped.
    assert RULES.put(swap, "f4", "12").endswith(" 1 28/. r2/3 p42,42 x2,2")
    # The swap step set by hand: seat 1 may give 44 for 33; at the start, with no chip to give, the
    # engine refuses it with its reason.
    assert RULES.set(GAME.from_position(on), "phase", "swap").endswith(" 44/33 x2,2 swap")
    fresh = GAME.from_position(RULES.set(GAME.from_position(START), "swap", "on"))
    with pytest.raises(PositionError, match="nothing to swap"):
        GAME.from_position(RULES.set(fresh, "phase", "swap"))
    assert VIEW.setting_name("swaps-2") == "Blue's swap chips left"
    assert VIEW.setting_value_name("phase", "swap") != "swap"


def test_swap_chips_dealt_by_the_option_bound_the_chips_left_and_stay_with_another_player_count():
    assert RULES is not None
    three = GAME.from_position(SWAP.replace(" x2,2 ", " x3,2/3 "))
    assert [(s.name, s.high) for s in RULES.settings(three) if s.name.startswith("swaps-")] == [("swaps-1", 3), ("swaps-2", 3)]
    assert RULES.set(three, "swaps-2", "3").endswith(" x3,3/3 swap")
    assert refusal(RULES.set, three, "swaps-2", "4").rule == "bad-value"
    # The option's number is not the rulebook's, so a fourth player gets it too (the rulebook's
    # number follows the player count, as above: 1 each with 4).
    assert RULES.set(three, "players", "4").endswith(" x3,2,3,3/3 swap")


def test_every_setting_at_its_value_gives_the_same_position():
    assert RULES is not None
    for text in (START, AFTER, SOLITAIRE, SWAP):
        s = GAME.from_position(text)
        for setting in RULES.settings(s):
            assert RULES.set(s, setting.name, setting.value) == text, setting
            assert VIEW.setting_name(setting.name) != setting.name


# -- the editor screen -------------------------------------------------------------------------------


def test_the_editor_moves_the_star_takes_a_chip_away_refuses_the_star_and_sets_the_players():
    app, page = start("#/editor/nummerus")
    assert editor_of(app).position == START
    put_piece(app, "*", "c6")
    assert last(page, "announce")[1] == "Star on c6."
    assert editor_of(app).position.startswith("3,16,17/18,7,36,39,38/43,1,33,24,2,40,42/25,44,*,")
    tap(app, tool("editor-piece", piece=""))
    where = "A chip taken away goes into the collection of the player to move (Red): every chip is on the board or in a collection."
    assert last(page, "announce")[1] == "Tool: take away. Click a place to empty it. " + where
    tap(app, board_target("c9"))
    assert editor_of(app).position.startswith(".,16,17/") and editor_of(app).position.endswith(" 1 3/.")
    assert last(page, "announce")[1] == "c9 is emptied. " + where, "the author is told where the chip went"
    before = editor_of(app).position
    tap(app, board_target("c6"))
    assert last(page, "announce")[1] == "The star never leaves the board: to move it, put it on another field."
    assert editor_of(app).position == before
    send_settings(app, {"setting-players": "3"})
    assert editor_of(app).position.endswith(" 1 3/./.")
    send_settings(app, {"setting-to-move": "3", "setting-swap": "on"})
    assert editor_of(app).position.endswith(" 3 3/./. x2,2,2")
    tap(app, tool("editor-empty"))
    assert editor_of(app).position.endswith(" 3 3/./1-2,4-48 x2,2,2")

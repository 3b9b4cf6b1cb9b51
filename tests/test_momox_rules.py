"""Momox rules, one class per rule, on literal positions (see the notation in ludothek.games.momox).

Board facts used below (momox_board.FIELDS): corners 0, 8, 16, 24; yellow fields 3, 6, 11, 14,
19, 22, 27, 30. Red (seat 0) starts on 0 and finds its 4 beside 8, its 3 beside 16, its 2
beside 24 and its 1 beside 0; blue (seat 1) starts on 8 with its 4 beside 16 and its 2 beside 0.
"""

from __future__ import annotations

import pytest

from ludothek.games import IllegalMove, InvalidMoveText, PositionError, get_game
from ludothek.games.base import Setup, chance_rng
import ludothek.games.momox as momox_module
from dataclasses import replace
from random import Random

from ludothek.games.momox import GAME, ChoiceEffect, Circle, HiddenChipError, LiftEffect, MomoxEnd, PendingTile, TakeEffect, walk
from ludothek.games.momox_state import first_seat, next_seat, seat_of_turn, turns_played
from ludothek.games.momox_board import (
    CORNER_FIELDS,
    FIELD_COUNT,
    START_FIELDS,
    TILE_AT,
    TILE_FIELD,
    YELLOW_FIELDS,
)


def pos(text):
    return GAME.from_position(text)


def play(s, *moves):
    for move in moves:
        s = GAME.play(s, move)
    return s


def illegal(s, move, *fragments, error=IllegalMove):
    with pytest.raises(error) as info:
        GAME.play(s, move)
    for fragment in fragments:
        assert fragment in str(info.value)
    return str(info.value)


class TestRegistry:
    def test_momox_is_registered_with_hidden_information(self):
        game = get_game("momox")
        assert game is GAME
        assert (game.min_players, game.max_players) == (2, 4)
        assert game.has_hidden_information


class TestBoardTable:
    """Our reconstruction (docs/rules-decisions.md, Momox): 32 fields, corners 8 apart, yellows 3 and 6 after each."""

    def test_circuit_corners_and_yellow_fields(self):
        assert FIELD_COUNT == 32
        assert CORNER_FIELDS == (0, 8, 16, 24)
        assert YELLOW_FIELDS == {3, 6, 11, 14, 19, 22, 27, 30}
        assert START_FIELDS == (0, 8, 16, 24)

    def test_tiles_from_a_start_corner_clockwise_are_4_3_2_then_1_at_home(self):
        for colour, start in enumerate(START_FIELDS):
            clockwise = [TILE_AT[(start + 8 * k) % 32][colour] for k in (1, 2, 3, 4)]
            assert clockwise == [4, 3, 2, 1]
            assert sorted(TILE_FIELD[colour]) == [1, 2, 3, 4]

    def test_every_corner_holds_one_tile_of_each_colour(self):
        for field in CORNER_FIELDS:
            assert sorted(TILE_AT[field]) == [1, 2, 3, 4]


class TestSetup:
    def test_start_figures_on_their_corners_centre_open_chips_face_down(self):
        s = GAME.new_game(players=3, seed=4)
        assert s.figures == (0, 8, 16)
        assert s.tiles == ((), (), ())
        assert GAME.open_circle(s) == 0
        assert all(not c.face_up for c in GAME.circles(s))
        assert sorted(s.chips) == [1, 2, 3, 4, 5, 6]
        assert GAME.current_player(s) == 0

    def test_chips_option_fixes_the_arrangement(self):
        s = GAME.new_game(players=2, seed=0, chips=[3, 5, 2, 6, 1, 4])
        assert GAME.position(s) == "0,8 -,- R key t1 y0 352614 -"

    def test_chips_come_from_the_seed(self):
        assert GAME.new_game(seed=7).chips == GAME.new_game(seed=7).chips
        assert len({GAME.new_game(seed=n).chips for n in range(20)}) > 10
        expected = list(range(1, 7))
        chance_rng(7, "momox-chips", "round", 1).shuffle(expected)
        assert GAME.new_game(seed=7).chips == tuple(expected)

    @pytest.mark.parametrize(
        "options,fragment",
        [
            ({"chips": [1, 2, 3, 4, 5]}, "chips must list the values 1-6"),
            ({"chips": [1, 1, 2, 3, 4, 5]}, "chips must list the values 1-6"),
            ({"chips": "352614"}, "chips must list the values 1-6"),
            ({"chips": [True, 2, 3, 4, 5, 6]}, "chips must list the values 1-6"),
            ({"rounds": 0}, "rounds must be"),
            ({"rounds": True}, "rounds must be"),
            ({"rounds": 100}, "rounds must be"),
            ({"colour": "red"}, "no option 'colour'"),
        ],
    )
    def test_bad_options_say_what_is_wrong(self, options, fragment):
        with pytest.raises(ValueError) as info:
            GAME.new_game(players=2, **options)
        assert fragment in str(info.value)

    def test_player_count(self):
        with pytest.raises(ValueError, match="2 to 4 players"):
            GAME.new_game(players=5)


class TestLiftAKey:
    """Lift any key, put it over the open chip; the uncovered chip turns up; walk that many fields."""

    START = "0,8 -,- R key t1 y0 352614 -"

    def test_every_covered_circle_may_be_lifted(self):
        assert GAME.legal_moves(pos(self.START)) == ["k1", "k2", "k3", "k4", "k5"]
        s = pos("5,8 -,- R key t1 y0 352614 14")
        assert GAME.legal_moves(s) == ["k0", "k1", "k2", "k3", "k5"]

    def test_uncovered_chip_turns_up_and_the_figure_walks_its_value(self):
        s = play(pos(self.START), "k1")  # circle 1 holds a 5
        assert GAME.position(s) == "5,8 -,- B key t2 y0 352614 1"
        assert GAME.open_circle(s) == 1
        assert GAME.circles(s)[1] == Circle(1, False, True, 5)
        assert GAME.circles(s)[0] == Circle(0, True, False, None)  # the key now covers the centre

    def test_turns_are_counted_over_all_seats_and_yellow_fields_do_not_start_a_new_one(self):
        s = play(pos(self.START), "k3")  # yellow: red goes on in turn 1
        assert s.turn == 1 and GAME.position(s).split()[4] == "t1"
        s = play(s, "k1")  # 6 + 5 = 11, yellow again
        s = play(s, "k2")  # 11 + 2 = 13: turn over
        assert s.turn == 2 and GAME.current_player(s) == 1

    def test_the_open_circle_has_no_key_so_a_number_never_repeats(self):
        s = play(pos(self.START), "k1")
        illegal(s, "k1", "circle 1 is the open circle", "never be used twice in a row")
        illegal(pos(self.START), "k0", "circle 0 is the open circle")

    def test_a_chip_stays_face_up_under_a_key(self):
        s = play(pos(self.START), "k1", "k4")  # red walks 5, blue walks 1
        assert {c.index for c in GAME.circles(s) if c.face_up} == {1, 4}
        assert GAME.position(s).split()[7] == "14"

    def test_walk_wraps_round_the_circuit(self):
        s = play(pos("29,8 1,- R key t1 y0 352614 3"), "k1")  # 5 from field 29: to field 2
        assert s.figures[0] == 2
        assert walk(29, 5) == (30, 31, 0, 1, 2)

    def test_garbage_is_not_a_move(self):
        illegal(pos(self.START), "k6", "not a Momox move", error=InvalidMoveText)
        illegal(pos(self.START), "K1", "not a Momox move", error=InvalidMoveText)
        with pytest.raises(InvalidMoveText):
            GAME.play(pos(self.START), 1)


class TestTakeOrLeave:
    """Exactly on a corner with a tile of your colour: take it (ones, tens, hundreds, thousands) or leave it."""

    def test_exact_landing_on_a_corner_offers_the_tile(self):
        s = play(pos("5,8 -,- R key t1 y0 352614 1"), "k0")  # the centre chip 3: 5 -> 8
        assert GAME.position(s) == "8,8 -,- R tile t1 y0 352614 10"
        assert GAME.legal_moves(s) == ["take", "leave"]
        assert GAME.pending_tile(s) == PendingTile(8, 4, 0)

    def test_take_fills_ones_then_tens_then_hundreds_then_thousands(self):
        s = play(pos("5,8 -,- R key t1 y0 352614 1"), "k0", "take")
        assert s.tiles[0] == (4,) and GAME.number(s, 0) == 4
        assert GAME.current_player(s) == 1  # a corner is not yellow: the turn ends
        s = play(pos("13,8 4,- R key t1 y0 352614 1"), "k0", "take")  # 13 + 3 = 16: red's 3
        assert s.tiles[0] == (4, 3) and GAME.number(s, 0) == 34
        s = play(pos("21,8 34,- R key t1 y0 352614 1"), "k0")
        assert GAME.pending_tile(s) == PendingTile(24, 2, 2)
        assert GAME.number(play(s, "take"), 0) == 234

    def test_leave_keeps_the_tile_beside_the_corner(self):
        s = play(pos("5,8 -,- R key t1 y0 352614 1"), "k0", "leave")
        assert s.tiles[0] == ()
        assert (0, 4) in GAME.corner_tiles(s)[8]
        assert GAME.current_player(s) == 1

    def test_passing_a_corner_gives_nothing(self):
        s = play(pos("5,8 -,- R key t1 y0 352614 1"), "k5")  # 4 from field 5: past 8 onto 9
        assert s.figures[0] == 9 and s.phase == "key" and GAME.current_player(s) == 1

    def test_a_corner_whose_tile_was_taken_offers_nothing(self):
        s = play(pos("5,8 4,- R key t1 y0 352614 1"), "k0")
        assert s.figures[0] == 8 and GAME.current_player(s) == 1

    def test_standing_on_the_start_corner_gives_nothing_until_a_lap_ends_there(self):
        s = GAME.new_game(players=2, seed=1)
        assert "take" not in GAME.legal_moves(s)
        s = play(pos("29,8 -,- R key t1 y0 352614 1"), "k0")  # 29 + 3 = 0: red's own 1
        assert GAME.pending_tile(s) == PendingTile(0, 1, 0)

    def test_take_and_leave_only_after_landing_on_such_a_corner(self):
        s = pos("0,8 -,- R key t1 y0 352614 -")
        illegal(s, "take", "ended its walk exactly on a corner")
        illegal(s, "leave", "ended its walk exactly on a corner")
        s = play(pos("5,8 -,- R key t1 y0 352614 1"), "k0")
        illegal(s, "k2", "first take or leave the tile")


class TestYellowFields:
    """Yellow: lift another key (or stay, below). Three or more yellows in one turn: the player may reshuffle."""

    def test_landing_on_yellow_moves_again(self):
        s = play(pos("0,8 -,- R key t1 y0 352614 -"), "k3")  # 6 onto yellow field 6
        assert GAME.position(s) == "6,8 -,- R key t1 y1 352614 3"
        assert GAME.current_player(s) == 0 and s.yellows == 1

    def test_two_yellows_then_a_plain_field_end_the_turn_without_a_choice(self):
        s = play(pos("3,8 -,- R key t1 y1 123456 2"), "k0")  # red on yellow 3 walks 1 onto plain 4
        assert GAME.current_player(s) == 1 and s.yellows == 0 and s.phase == "key"

    def test_three_yellows_offer_a_reshuffle_at_the_end_of_the_turn(self):
        # Red on yellow 19 after two yellows; circle 2 holds 3: 19 -> 22 (third yellow), then 1 -> 23.
        s = play(pos("19,8 -,- R key t1 y2 123456 21"), "k2")
        assert s.yellows == 3 and s.phase == "key"
        s = play(s, "k0")
        assert GAME.position(s) == "23,8 -,- R shuffle t1 y3 123456 120"
        assert GAME.legal_moves(s) == ["shuffle", "keep"] and s.phase == "shuffle"

    def test_two_yellows_do_not_allow_a_reshuffle(self):
        s = play(pos("19,8 -,- R key t1 y1 123456 21"), "k2", "k0")
        assert GAME.current_player(s) == 1 and s.phase == "key"
        illegal(s, "shuffle", "3 or more times")

    def test_reshuffle_turns_all_chips_down_and_sets_the_keys_as_at_the_start(self):
        before = play(pos("19,8 -,- R key t1 y2 123456 21"), "k2", "k0")
        s = play(before, "shuffle")
        assert GAME.current_player(s) == 1 and s.yellows == 0
        assert GAME.open_circle(s) == 0 and not any(c.face_up for c in GAME.circles(s))
        assert sorted(s.chips) == [1, 2, 3, 4, 5, 6]
        # The new arrangement is chance from the state's own seed (here: its position text).
        expected = list(range(1, 7))
        chance_rng(before.setup.position, "momox-chips", "shuffle", len(before.moves)).shuffle(expected)
        assert s.chips == tuple(expected)
        assert play(before, "shuffle") == s  # replays the same

    def test_keep_leaves_the_chips(self):
        s = play(pos("19,8 -,- R key t1 y2 123456 21"), "k2", "k0", "keep")
        assert GAME.position(s) == "23,8 -,- B key t2 y0 123456 120"

    def test_a_tile_after_three_yellows_is_decided_before_the_reshuffle(self):
        s = play(pos("19,8 -,- R key t1 y2 123456 21"), "k2", "k1")  # 22 + 2 = 24: red's 2
        assert s.phase == "tile" and s.yellows == 3
        s = play(s, "take")
        assert s.phase == "shuffle" and s.tiles[0] == (2,)

    def test_shuffle_only_when_offered(self):
        s = pos("19,8 -,- R key t1 y2 123456 21")
        illegal(s, "keep", "end of a turn")


class TestStayOnYellow:
    """ "Erreicht man dabei ein gelbes Feld, so *darf* man nochmals ein Schlüsselchen versetzen":
    going on from a yellow field is a choice; `stay` ends the turn there. Every yellow field
    landed on in the turn counts towards "mindestens dreimal hintereinander", the one stayed on too."""

    def test_a_yellow_field_offers_stay_after_the_keys(self):
        s = pos("6,8 -,- R key t1 y1 352614 3")  # red just walked 6 onto yellow field 6
        assert GAME.legal_moves(s) == ["k0", "k1", "k2", "k4", "k5", "stay"]

    def test_stay_ends_the_turn_on_the_yellow_field(self):
        s = play(pos("6,8 -,- R key t1 y1 352614 3"), "stay")
        assert GAME.position(s) == "6,8 -,- B key t2 y0 352614 3"
        assert GAME.current_player(s) == 1 and s.figures[0] == 6

    def test_stay_turns_no_chip_and_moves_no_figure(self):
        before = pos("11,8 -,- R key t1 y2 352614 31")
        assert GAME.effect(before, "stay") == ChoiceEffect("stay", 0)  # nothing lifted, nothing walked
        assert GAME.undo_floor(play(before, "stay")) == GAME.undo_floor(before)

    def test_stay_only_on_a_yellow_field_reached_in_this_turn(self):
        illegal(pos("0,8 -,- R key t1 y0 352614 -"), "stay", "only on a yellow field")
        illegal(pos("6,8 -,- B key t2 y0 352614 3"), "stay", "only on a yellow field")  # red's turn ended there
        tile = play(pos("5,8 -,- R key t1 y0 352614 1"), "k0")
        illegal(tile, "stay", "first take or leave the tile")
        shuffle = play(pos("19,8 -,- R key t1 y2 123456 21"), "k2", "k0")
        illegal(shuffle, "stay", "the turn is over")

    def test_staying_on_the_third_yellow_field_offers_the_reshuffle(self):
        s = play(pos("19,8 -,- R key t1 y2 123456 21"), "k2")  # 19 + 3 = 22: third yellow
        s = play(s, "stay")
        assert GAME.position(s) == "22,8 -,- R shuffle t1 y3 123456 12"
        assert GAME.legal_moves(s) == ["shuffle", "keep"]
        assert GAME.position(play(s, "keep")) == "22,8 -,- B key t2 y0 123456 12"

    def test_staying_on_the_second_yellow_field_offers_no_reshuffle(self):
        s = play(pos("6,8 -,- R key t1 y1 123456 3"), "k4")  # 6 + 5 = 11: second yellow
        s = play(s, "stay")
        assert GAME.current_player(s) == 1 and s.phase == "key" and s.yellows == 0

    def test_the_count_starts_afresh_with_every_turn(self):
        # Red stays on its second yellow field; blue's yellow fields count from one.
        s = play(pos("6,8 -,- R key t1 y1 123456 3"), "k4", "stay")  # red on 11 (y2), blue to move
        s = play(s, "k2")  # blue: 8 + 3 = 11, yellow
        assert s.yellows == 1 and GAME.current_player(s) == 1

    def test_a_turn_that_stays_can_be_written_and_read(self):
        text = "22,8 -,- R shuffle t1 y3 123456 12"
        assert GAME.position(pos(text)) == text


class TestRoundEnd:
    """The first player with all four tiles ends the round; one round: that player wins."""

    def test_fourth_tile_wins_a_one_round_game(self):
        s = play(pos("29,8 234,34 R key t1 y0 352614 1"), "k0")  # 29 + 3 = 0: red's 1
        s = play(s, "take")
        assert GAME.is_over(s) and GAME.winners(s) == [0] and GAME.current_player(s) is None
        assert GAME.scores(s) == [1234, 34]
        assert GAME.legal_moves(s) == []
        assert GAME.position(s) == "0,8 1234,34 - over t1 y0 352614 10"
        illegal(s, "k2", "the game is over")

    def test_the_fourth_tile_may_be_left(self):
        s = play(pos("29,8 234,34 R key t1 y0 352614 1"), "k0", "leave")
        assert not GAME.is_over(s) and GAME.current_player(s) == 1

    def test_no_reshuffle_when_the_turn_ended_the_round(self):
        s = play(pos("19,8 341,- R key t1 y2 123456 21"), "k2", "k1", "take")  # third yellow, then red's 2
        assert GAME.is_over(s) and GAME.winners(s) == [0]


class TestSeveralRounds:
    """Several rounds: numbers formed (missing digits 0) are added up; highest total wins."""

    def test_round_end_scores_and_sets_up_the_next_round(self):
        before = play(pos("29,8 234,34 R key t1 y0 352614 1 r1/2 -"), "k0")
        s = play(before, "take")
        assert not GAME.is_over(s)
        assert GAME.round_table(s) == ((((1234, 34),), (1234, 34), 2, 2))
        assert GAME.scores(s) == [1234, 34]
        # Round 2 starts afresh and with the next seat; its chips are drawn from chance.
        assert s.figures == (0, 8) and s.tiles == ((), ()) and s.seen == ()
        assert GAME.current_player(s) == 1
        expected = list(range(1, 7))
        chance_rng(before.setup.position, "momox-chips", "round", 2).shuffle(expected)
        assert s.chips == tuple(expected)
        assert GAME.position(s) == f"0,8 -,- B key t1 y0 {''.join(map(str, expected))} - r2/2 1234,34"

    def test_rounds_rotate_the_start_player(self):
        assert GAME.current_player(GAME.new_game(players=3, seed=2, rounds=3)) == 0
        s = play(pos("29,8,16 234,-,- R key t1 y0 352614 1 r1/3 -"), "k0", "take")
        assert s.round == 2 and GAME.current_player(s) == 1
        s = play(pos("0,5,16 -,234,- B key t1 y0 352614 1 r2/3 1234,0,0"), "k0", "take")  # blue: 5 + 3 = 8
        assert s.round == 3 and GAME.current_player(s) == 2

    def test_scores_add_the_running_round(self):
        s = pos("5,8 4,12 R key t2 y0 352614 1 r2/3 1234,43")
        assert GAME.scores(s) == [1234 + 4, 43 + 12]

    def test_highest_total_wins_after_the_last_round(self):
        s = play(pos("29,8 234,- R key t2 y0 352614 1 r2/2 21,1234"), "k0", "take")
        assert GAME.is_over(s)
        assert GAME.scores(s) == [1255, 1234] and GAME.winners(s) == [0]
        assert GAME.round_table(s).rounds == ((21, 1234), (1234, 0))

    def test_equal_leaders_share_the_win_and_all_equal_is_a_draw(self):
        s = play(pos("29,8,16 234,-,- R key t3 y0 352614 1 r2/2 0,1234,0"), "k0", "take")
        assert GAME.scores(s) == [1234, 1234, 0] and GAME.winners(s) == [0, 1]
        s = play(pos("29,8 234,- R key t2 y0 352614 1 r2/2 0,1234"), "k0", "take")
        assert GAME.scores(s) == [1234, 1234] and GAME.winners(s) == []

    def test_when_every_one_of_three_players_ties_the_game_is_drawn(self):
        # Our decision (Clarifications): nobody beat anybody, so it is a draw, not a win for all.
        s = play(pos("29,8,16 234,-,- R key t2 y0 352614 1 r3/3 0,1234,0/0,0,1234"), "k0", "take")
        assert GAME.is_over(s) and GAME.scores(s) == [1234, 1234, 1234] and GAME.winners(s) == []

    def test_several_rounds_are_told_by_the_state_observations_too(self):
        assert pos("5,8 4,12 R key t2 y0 352614 1 r2/3 1234,43").several_rounds
        assert GAME.observation(GAME.new_game(players=2, seed=1, rounds=2), None).several_rounds
        assert not pos("5,8 -,- R key t1 y0 352614 1").several_rounds
        assert not GAME.new_game(players=2, seed=1).several_rounds

    def test_the_outcome_says_why_the_game_ended(self):
        assert pos("0,8 1234,34 - over t1 y0 352614 10").outcome.reason == MomoxEnd.FOUR_TILES
        s = play(pos("29,8 234,- R key t2 y0 352614 1 r2/2 21,1234"), "k0", "take")
        assert s.outcome.reason == MomoxEnd.ROUNDS_PLAYED == "rounds-played"
        assert pos("5,8 -,- R key t1 y0 352614 1").outcome is None

    def test_record_replays_all_rounds(self):
        s = GAME.new_game(players=2, seed=3, rounds=2)
        rng = __import__("random").Random(3)
        while not GAME.is_over(s):
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
        assert len(GAME.round_table(s).rounds) == 2
        assert GAME.from_record(GAME.record(s)) == s


class TestPositionNotation:
    EXAMPLES = [
        "0,8 -,- R key t1 y0 352614 -",
        "6,8 -,- R key t1 y1 352614 3",
        "0,8 -,- B key t1 y0 415236 - r2/3 1234,12",
        "8,8 -,- R tile t1 y0 352614 10",
        "23,8,16,24 2,-,1,- R shuffle t1 y3 123456 120",
        "0,8 1234,34 - over t1 y0 352614 10",
        "0,8 -,4321 - over t1 y0 352614 10 r2/2 1234,0/0,4321",
    ]

    @pytest.mark.parametrize("text", EXAMPLES)
    def test_examples_round_trip(self, text):
        s = pos(text)
        assert GAME.position(s) == text
        assert s.setup == Setup(players=len(s.figures), seed=None, position=text)

    def test_docstring_examples(self):
        doc = momox_module.__doc__
        for text in self.EXAMPLES[:3]:
            assert f"`{text}`" in doc

    @pytest.mark.parametrize(
        "text,fragment",
        [
            ("0 - R key t1 y0 352614 -", "figures"),
            ("0,32 -,- R key t1 y0 352614 -", "field 0-31"),
            ("0,08 -,- R key t1 y0 352614 -", "field 0-31"),
            ("0,8 -,-,- R key t1 y0 352614 -", "tiles of each of the 2 seats"),
            ("0,8 44,- R key t1 y0 352614 -", "each once"),
            ("0,8 5,- R key t1 y0 352614 -", "digits 1-4"),
            ("0,8 -,- G key t1 y0 352614 -", "to move"),
            ("0,8 -,- R walk t1 y0 352614 -", "phase must be"),
            ("0,8 -,- R key t1 0 352614 -", "yellows"),
            ("0,8 -,- R key t1 y0 352615 -", "chips"),
            ("0,8 -,- R key t1 y0 35261 -", "chips"),
            ("0,8 -,- R key t1 y0 ???6?? 3", "'?' marks an observation"),
            ("0,8 -,- R key t1 y0 352614 11", "each at most once"),
            ("0,8 -,- R key t1 y0 352614 7", "circles 0-5"),
            ("0,8 -,- R key t1 y0 352614 0", "centre can be uncovered only after"),
            ("5,8 -,- R key t1 y1 352614 1", "only while the figure stands on one"),
            ("5,8 -,- R tile t1 y0 352614 1", "must stand on a corner"),
            ("8,8 4,- R tile t1 y0 352614 1", "must stand on a corner"),
            ("5,8 -,- R shuffle t1 y2 352614 1", "needs y3"),
            ("5,8 -,- R tile t1 y0 352614 -", "some chip lies face up"),
            ("0,8 4321,- R key t1 y0 352614 1", "use phase 'over'"),
            ("0,8 4321,- R over t1 y0 352614 1", "'-' once the game is over"),
            ("0,8 -,- - over t1 y0 352614 1", "exactly one player holds all four"),
            ("0,8 -,- R key t1 y0 352614 - r1/1 -", "not a round"),
            ("0,8 -,- R key t1 y0 352614 - r3/2 -", "not a round"),
            ("0,8 -,- R key t2 y0 352614 - r2/3 -", "needs the numbers of 1 finished"),
            ("0,8 -,- R key t2 y0 352614 - r2/3 1234", "lists 2 numbers"),
            ("0,8 -,- R key t2 y0 352614 - r2/3 1235,0", "formed of tiles 1-4"),
            ("0,8 -,- R key t2 y0 352614 - r2/3 123,0", "exactly one player holds four tiles"),
            ("0,8 -,4321 - over t1 y0 352614 1 r2/2 1234,0/0,4312", "the last round's numbers"),
            ("0,8 -,- R key t1 y0 352614", "8 tokens"),
            ("0,8 -,- R key y0 352614 -", "8 tokens"),
            ("0,8 -,- R key 1 y0 352614 -", "turn"),
            ("0,8 -,- R key t0 y0 352614 -", "from t1"),
            ("0,8 -,- R key t2 y0 352614 -", "turn 2 of round 1 is blue's"),
            ("0,8 -,- R key t1 y0 352614 - r2/2 0,1234", "round 2 begins with blue"),
            ("0,8 1234,- - over t2 y0 352614 1", "but the finisher is red"),
        ],
    )
    def test_errors_say_what_is_wrong(self, text, fragment):
        with pytest.raises(PositionError) as info:
            GAME.from_position(text)
        assert fragment in str(info.value)

    def test_restored_state_plays_on_like_the_original(self):
        s = play(GAME.new_game(players=3, seed=11), "k2")
        s = play(s, GAME.legal_moves(s)[0])
        restored = pos(GAME.position(s))
        for move in GAME.legal_moves(s):
            assert GAME.position(GAME.play(restored, move)) == GAME.position(GAME.play(s, move))


class TestHiddenInformation:
    """Covered chips are hidden; what was seen uncovered is public memory; undo never takes back a reveal."""

    def test_observation_masks_every_covered_chip_and_the_face_down_centre(self):
        s = GAME.new_game(players=2, seed=0, chips=[3, 5, 2, 6, 1, 4])
        obs = GAME.observation(s, 0)
        assert obs.chips == (0, 0, 0, 0, 0, 0)
        s = play(s, "k3", "k1")  # red: 6 onto yellow, then 5 to field 11 (yellow again)
        obs = GAME.observation(s, 1)
        assert obs.chips == (0, 5, 0, 0, 0, 0)  # only the open chip shows
        assert obs.seen == ((3, 6), (1, 5))  # the table's memory: seen uncovered, in order
        assert obs.setup == Setup(players=2, seed=None)
        assert GAME.observation(obs, None) == obs

    def test_chips_nobody_saw_do_not_change_the_observation(self):
        a = play(GAME.new_game(players=2, seed=0, chips=[3, 5, 2, 6, 1, 4]), "k3", "k1")
        b = play(GAME.new_game(players=2, seed=0, chips=[4, 5, 1, 6, 2, 3]), "k3", "k1")
        assert a.chips != b.chips
        assert GAME.observation(a, 0) == GAME.observation(b, 0)

    def test_the_interface_works_on_an_observation(self):
        s = play(GAME.new_game(players=3, seed=0, chips=[3, 5, 2, 6, 1, 4]), "k3", "k1")
        obs = GAME.observation(s, 2)
        assert GAME.legal_moves(obs) == GAME.legal_moves(s)
        assert GAME.current_player(obs) == GAME.current_player(s)
        assert GAME.is_over(obs) == GAME.is_over(s) and GAME.winners(obs) == GAME.winners(s)
        assert GAME.scores(obs) == GAME.scores(s)
        assert GAME.circles(obs) == GAME.circles(s)
        assert GAME.corner_tiles(obs) == GAME.corner_tiles(s)
        # A remembered chip can be walked on an observation; a face-down one cannot.
        assert play(obs, "k3").figures == play(s, "k3").figures
        with pytest.raises(HiddenChipError):
            GAME.play(obs, "k2")

    def test_position_of_an_observation_names_only_the_open_chip_and_is_not_readable(self):
        # The 6 on circle 3 was seen and lies under a key again: the text (a position link) leaves
        # it to the players' memory, as the board does; only the open 5 is named.
        s = play(GAME.new_game(players=2, seed=0, chips=[3, 5, 2, 6, 1, 4]), "k3", "k1")
        text = GAME.position(GAME.observation(s, 0))
        assert text == "11,8 -,- R key t1 y2 ?5???? 31"
        with pytest.raises(PositionError):
            GAME.from_position(text)

    def test_determinize_deals_only_what_nobody_remembers(self):
        s = play(GAME.new_game(players=2, seed=0, chips=[3, 5, 2, 6, 1, 4]), "k3", "k1")
        obs = GAME.observation(s, 1)
        dealt = {GAME.determinize(obs, __import__("random").Random(k)).chips for k in range(30)}
        assert all(chips[3] == 6 and chips[1] == 5 and sorted(chips) == [1, 2, 3, 4, 5, 6] for chips in dealt)
        assert len(dealt) > 1
        full = GAME.determinize(obs, __import__("random").Random(0))
        assert not full.hidden and GAME.observation(full, 1) == obs
        assert GAME.determinize(s, None) is s

    def test_observation_after_a_reshuffle_knows_nothing(self):
        s = play(pos("19,8 -,- R key t1 y2 123456 21"), "k2", "k0", "shuffle")
        obs = GAME.observation(s, 0)
        assert obs.chips == (0,) * 6 and obs.seen == ()
        assert GAME.play(GAME.observation(play(pos("19,8 -,- R key t1 y2 123456 21"), "k2", "k0"), 0), "shuffle") == obs

    def test_bad_seat(self):
        with pytest.raises(ValueError):
            GAME.observation(GAME.new_game(players=2), 2)

    def test_undo_floor_never_takes_back_a_chip_turned_face_up(self):
        s = GAME.new_game(players=2, seed=0, chips=[3, 5, 2, 6, 1, 4])
        assert GAME.undo_floor(s) == 0
        s = play(s, "k1")  # red: 5, face down until now
        assert GAME.undo_floor(s) == 1
        s = play(s, "k4")  # blue: 1, new
        assert GAME.undo_floor(s) == 2
        s = play(s, "k1")  # red uncovers the 5 again: nothing new is revealed
        assert GAME.undo_floor(s) == 2


class TestViewQueries:
    def test_effect_describes_a_walk(self):
        s = pos("5,8 -,- R key t1 y0 352614 1")
        assert GAME.effect(s, "k0") == LiftEffect(
            "k0", 0, circle=0, value=3, first_seen=True, start=5, path=(6, 7, 8), landing=8, covered_again=1, yellow=False
        )
        effect = GAME.effect(pos("0,8 -,- R key t1 y0 352614 -"), "k3")
        assert isinstance(effect, LiftEffect) and effect.yellow and effect.landing == 6 and effect.covered_again == 0

    def test_effect_of_taking_the_tile_and_ending_the_round(self):
        s = play(pos("29,8 234,34 R key t1 y0 352614 1"), "k0")
        assert GAME.effect(s, "take") == TakeEffect("take", 0, tile=1, place=3, held=(4, 3, 2, 1), round_result=(1234, 34))
        s = play(pos("5,8 -,- R key t1 y0 352614 1"), "k0")
        assert GAME.effect(s, "take") == TakeEffect("take", 0, tile=4, place=0, held=(4,), round_result=None)
        assert GAME.effect(play(pos("19,8 -,- R key t1 y2 123456 21"), "k2", "k0"), "shuffle") == ChoiceEffect("shuffle", 0)

    def test_key_circles_only_in_the_key_phase(self):
        assert GAME.liftable_circles(pos("5,8 -,- R key t1 y0 352614 1")) == [0, 2, 3, 4, 5]
        assert GAME.liftable_circles(pos("8,8 -,- R tile t1 y0 352614 10")) == []

    def test_corner_tiles_lists_what_still_lies_beside_each_corner(self):
        s = pos("5,8 4,12 R key t1 y0 352614 1")
        assert GAME.corner_tiles(s) == {0: [(0, 1)], 8: [], 16: [(0, 3), (1, 4)], 24: [(0, 2), (1, 3)]}
        assert GAME.held_tiles(s, 1) == (2, 1) and GAME.number(s, 1) == 12

    def test_why_illegal_names_the_rule(self):
        s = pos("5,8 -,- R key t1 y0 352614 1")
        assert GAME.why_illegal(s, "k0") is None
        assert "open circle" in GAME.why_illegal(s, "k1").text and GAME.why_illegal(s, "k1").rule == "open-circle"
        assert "corner" in GAME.why_illegal(s, "take").text and GAME.why_illegal(s, "take").rule == "no-tile"

    def test_figure_field_and_phase(self):
        s = pos("8,8 -,- R tile t1 y0 352614 10")
        assert GAME.figure_field(s, 0) == 8 and s.phase == "tile"
        assert GAME.pending_tile(pos("5,8 -,- R key t1 y0 352614 1")) is None


class TestAnswersForTheViews:
    """What the views and the computer players ask the engine instead of working it out."""

    def test_lift_seen_reads_the_walked_chip_from_the_state_after_it(self):
        before = pos("0,8 -,- R key t1 y0 352614 -")
        after = GAME.play(before, "k3")  # the 6 under circle 3: red walks onto yellow field 6
        shown_before, shown_after = GAME.observation(before, None), GAME.observation(after, None)
        with pytest.raises(HiddenChipError):
            GAME.effect(shown_before, "k3")  # the observation before cannot tell what lay under the bowl
        walked = GAME.lift_seen(shown_before, "k3", shown_after)
        assert walked == GAME.effect(before, "k3") == GAME.lift_seen(before, "k3", after)
        assert (walked.seat, walked.value, walked.start, walked.path, walked.covered_again) == (0, 6, 0, (1, 2, 3, 4, 5, 6), 0)

    def test_lift_seen_is_none_when_no_bowl_was_lifted_or_the_states_do_not_follow(self):
        before = GAME.observation(pos("0,8 -,- R key t1 y0 352614 -"), None)
        after = GAME.observation(GAME.play(pos("0,8 -,- R key t1 y0 352614 -"), "k3"), None)
        elsewhere = GAME.observation(pos("5,8 -,- R key t1 y0 352614 -"), None)
        assert GAME.lift_seen(before, "k2", after) is None  # circle 2 still lies under its bowl
        assert GAME.lift_seen(before, "k3", before) is None
        assert GAME.lift_seen(elsewhere, "k3", after) is None  # a 6 from field 5 ends on 11, not 6
        tile = pos("8,8 -,- R tile t1 y0 352614 10")
        assert GAME.lift_seen(tile, "take", GAME.play(tile, "take")) is None

    def test_fields_ahead_are_where_each_chip_walks_while_a_bowl_may_be_lifted(self):
        assert GAME.fields_ahead(pos("29,8 -,- R key t1 y0 352614 -")) == {30: 1, 31: 2, 0: 3, 1: 4, 2: 5, 3: 6}
        assert GAME.fields_ahead(pos("8,8 -,- R tile t1 y0 352614 10")) == {}

    def test_chips_from_text_lays_out_the_values_one_to_six_once_each(self):
        assert GAME.chips_from_text("352614") == (3, 5, 2, 6, 1, 4)

    @pytest.mark.parametrize("text", ["", "35261", "3526144", "352611", "352610", "35261x", "３52614", "35261٤"])
    def test_chips_from_text_refuses_what_is_no_layout(self, text):
        with pytest.raises(ValueError):
            GAME.chips_from_text(text)

    def test_remembered_chips_are_those_seen_and_covered_again(self):
        s = pos("5,8 -,- R key t1 y0 352614 02431")  # circle 1 (the 5) open, the others seen before
        assert GAME.remembered_chips(s) == [(0, 3), (2, 2), (3, 6), (4, 1)]
        assert GAME.remembered_chips(GAME.observation(s, None)) == [(0, 3), (2, 2), (3, 6), (4, 1)]
        assert GAME.remembered_chips(pos("0,8 -,- R key t1 y0 352614 -")) == []

    def test_layouts_deal_what_nobody_remembers_in_every_order_ascending_first(self):
        s = pos("5,8 -,- R key t1 y0 352614 21")  # circles 2 (the 2) and 1 (the 5) seen
        layouts = list(GAME.layouts(GAME.observation(s, None)))
        assert len(layouts) == 24 and len(set(layouts)) == 24 and not any(layout.hidden for layout in layouts)
        assert layouts[0].chips == (1, 5, 2, 3, 4, 6)
        assert all(GAME.observation(layout, None) == GAME.observation(s, None) for layout in layouts)
        assert replace(s, setup=layouts[0].setup) in layouts
        assert GAME.determinize(GAME.observation(s, None), Random(1)) in layouts

    def test_turn_order_in_a_round(self):
        s = pos("5,8,16 4,12,- R key t3 y0 352614 1 r2/3 1234,43,0")  # round 2: blue, green, red, blue, ...
        assert first_seat(2, 3) == 1 and [seat_of_turn(2, turn, 3) for turn in (1, 2, 3, 4)] == [1, 2, 0, 1]
        assert [turns_played(s, seat) for seat in range(3)] == [0, 1, 1] and next_seat(s) == 1
        s = pos("5,8 -,- R key t5 y0 352614 1")  # round 1 of 2 players: red played turns 1 and 3
        assert [turns_played(s, seat) for seat in range(2)] == [2, 2] and next_seat(s) == 1


class TestWhyIllegalRefusal:
    def test_the_refusal_carries_rule_words_and_params(self):
        s = pos("5,8 -,- R key t1 y0 352614 1")
        assert s.phase == "key"
        refusal = GAME.why_illegal(s, "k1")
        assert (refusal.rule, refusal.params) == ("open-circle", {"circle": 1})
        assert GAME.why_illegal(s, "shuffle").rule == "no-shuffle"

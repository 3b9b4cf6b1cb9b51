"""Fenn rules, each from a small literal position.

Positions read `b<field>:<face> r<field>:<face> k<black> <to move> [pasch|extra<start>] [draw]`;
blue (die III: 1 2 5 6 7 9) runs from field 0 to 9, red (die IV: 1 3 4 5 8 9) from 10 to 1,
the black die is V (2 3 4 6 7 8).
"""

from __future__ import annotations

import pytest

from ludothek.games import IllegalMove, InvalidMoveText, get_game
from ludothek.games.base import PositionError
from ludothek.games.fenn import BLUE, RED, BlackEffect, EndEffect, Opening, PassEffect, StepEffect, TurnStart, opening_roll

G = get_game("fenn")


def at(text: str):
    return G.from_position(text)


def after(text: str, *moves: str):
    s = at(text)
    for move in moves:
        s = G.play(s, move)
    return s


def pos_after(text: str, *moves: str) -> str:
    return G.position(after(text, *moves))


def fields_entered(text: str) -> set[int]:
    return {int(m.split(":")[0]) for m in G.legal_moves(at(text)) if ":" in m}


def refused(text: str, move: str) -> str:
    with pytest.raises(IllegalMove) as info:
        G.play(at(text), move)
    return str(info.value)


class TestSetup:
    def test_start_position_with_blue_first(self):
        s = G.new_game(first="blue")
        assert G.position(s) == "b0:5 r10:5 k6 b"
        assert G.current_player(s) == BLUE
        assert G.opening(s) == Opening((6,), BLUE, chosen=True)

    def test_start_position_with_red_first(self):
        s = G.new_game(first="red")
        assert G.position(s) == "b0:5 r10:5 k4 r"
        assert G.current_player(s) == RED
        assert G.opening(s) == Opening((4,), RED, chosen=True)

    def test_opening_roll_repeats_until_four_or_six_and_black_keeps_it(self):
        for seed in range(40):
            s = G.new_game(seed=seed)
            rolls, starter, chosen = G.opening(s)
            assert rolls[-1] in (4, 6) and not chosen
            assert all(r in (2, 3, 7, 8) for r in rolls[:-1])
            assert s.black == rolls[-1] == G.opening_face(starter)
            assert G.current_player(s) == starter == (BLUE if rolls[-1] == 6 else RED)

    def test_opening_roll_comes_from_the_seed(self):
        assert opening_roll(11) == opening_roll(11)
        assert G.new_game(seed=11) == G.new_game(seed=11)
        assert {opening_roll(seed)[-1] for seed in range(40)} == {4, 6}
        assert any(len(opening_roll(seed)) > 1 for seed in range(40))

    @pytest.mark.parametrize("bad", ["green", "Blue", 1, True])
    def test_first_must_be_blue_or_red(self, bad):
        with pytest.raises(ValueError, match="first must be 'blue' or 'red'"):
            G.new_game(first=bad)

    def test_first_is_stored_in_the_record(self):
        assert G.record(G.new_game(seed=3, first="red"))["options"] == {"first": "red"}


class TestStepDistance:
    # Blue on 4 showing 6, red on 8 showing 3, black 7.
    POSITION = "b4:6 r8:3 k7 b"

    def test_one_or_two_fields_either_way(self):
        assert fields_entered("b4:6 r10:5 k8 b") == {2, 3, 6}  # 5 is banned by red's 5
        assert fields_entered("b4:6 r9:3 k8 b") == {2, 5, 6}  # now 3 is banned

    def test_three_fields_is_too_far(self):
        assert "1 or 2 fields" in refused(self.POSITION, "1:1")
        assert "1 or 2 fields" in refused(self.POSITION, "7:1")

    def test_jumping_over_the_other_die_is_allowed(self):
        assert "9:1" in G.legal_moves(at("b7:6 r8:3 k2 b"))

    def test_jumping_over_a_banned_field_is_allowed(self):
        # Red's 5 bans field 5; blue steps from 4 over it to 6.
        assert "6:1" in G.legal_moves(at("b4:6 r9:5 k8 b"))

    def test_standing_still_is_no_step(self):
        assert "1 or 2 fields" in refused(self.POSITION, "4:1")


class TestNeverOffTheBoard:
    def test_a_die_beside_the_board_steps_onto_fields_one_and_two(self):
        assert fields_entered("b0:5 r10:5 k6 b") == {1, 2}
        assert fields_entered("b0:5 r10:5 k4 r") == {8, 9}

    def test_blue_on_field_one_cannot_step_back_beside_the_board(self):
        assert fields_entered("b1:2 r9:3 k8 b") == {2}  # 3 is banned by red's 3
        assert "not on the board" in refused("b1:2 r9:3 k8 b", "0:5")

    def test_red_on_field_nine_cannot_step_back_beside_the_board(self):
        assert fields_entered("b2:6 r9:3 k4 r") == {7, 8}
        assert "not on the board" in refused("b2:6 r9:3 k4 r", "10:5")


class TestNewFace:
    def test_every_other_face_of_the_own_die_may_come_up(self):
        moves = G.legal_moves(at("b4:6 r8:3 k7 b"))
        assert [m for m in moves if m.startswith("6:")] == ["6:1", "6:2", "6:5", "6:7", "6:9"]

    def test_the_face_must_change(self):
        assert "new face" in refused("b4:6 r8:3 k7 b", "6:6")

    def test_only_faces_of_the_own_die(self):
        assert "blue die (III) has no face 3" in refused("b4:6 r8:3 k7 b", "6:3")
        assert "red die (IV) has no face 2" in refused("b4:6 r8:3 k7 r", "7:2")

    def test_red_uses_die_four(self):
        moves = G.legal_moves(at("b2:6 r5:4 k7 r"))
        assert [m for m in moves if m.startswith("4:")] == ["4:1", "4:3", "4:5", "4:8", "4:9"]


class TestForbiddenFields:
    def test_the_black_top_bans_its_field(self):
        assert 7 not in fields_entered("b5:6 r10:5 k7 b")
        assert "black die shows this number" in refused("b5:6 r10:5 k7 b", "7:1")

    def test_the_opponents_top_bans_its_field(self):
        assert 4 not in fields_entered("b5:6 r9:4 k7 b")
        assert "red die shows this number" in refused("b5:6 r9:4 k7 b", "4:1")
        assert "blue die shows this number" in refused("b2:6 r8:3 k4 r", "6:1")

    def test_the_opponents_field_is_occupied(self):
        assert "red die stands there" in refused("b5:6 r6:1 k8 b", "6:1")

    def test_a_die_beside_the_board_bans_with_its_five(self):
        assert 5 not in fields_entered("b3:6 r10:5 k8 b")

    def test_the_own_top_bans_nothing_for_oneself(self):
        # Blue shows 6 and may still land on field 6.
        assert 6 in fields_entered("b4:6 r10:5 k8 b")

    def test_a_die_may_stay_on_a_field_banned_later(self):
        # Blue turns black to 3 by a Pasch while red stands on 3: red simply steps away.
        s = after("b1:6 r3:8 k7 b", "2:7", "k3")
        assert G.position(s) == "b2:7 r3:8 k3 r"
        assert G.legal_moves(s)  # red is not stuck by the ban on its own field


class TestPasch:
    POSITION = "b4:6 r8:3 k7 b"

    def test_new_top_equal_to_black_gives_a_pasch(self):
        s = after(self.POSITION, "5:7")
        assert G.position(s) == "b5:7 r8:3 k7 b pasch"
        assert s.phase == "pasch"
        assert G.legal_moves(s) == ["k2", "k3", "k4", "k6", "k8", "end"]

    def test_setting_the_black_die_ends_the_turn(self):
        assert pos_after(self.POSITION, "5:7", "k3") == "b5:7 r8:3 k3 r"

    def test_the_pasch_may_be_declined(self):
        assert pos_after(self.POSITION, "5:7", "end") == "b5:7 r8:3 k7 r"

    def test_black_must_turn_to_another_face(self):
        s = after(self.POSITION, "5:7")
        with pytest.raises(IllegalMove, match="another face"):
            G.play(s, "k7")
        with pytest.raises(IllegalMove, match="black die \\(V\\) has no face 5"):
            G.play(s, "k5")

    def test_no_black_move_without_a_pasch(self):
        assert "only after a Pasch" in refused(self.POSITION, "k3")
        assert "only after a Pasch" in refused("b5:5 r8:3 k7 b extra4", "k3")

    def test_no_step_after_a_pasch(self):
        with pytest.raises(IllegalMove, match="after a Pasch"):
            G.play(after(self.POSITION, "5:7"), "6:1")

    def test_the_new_black_top_bans_its_field_for_both(self):
        s = after(self.POSITION, "5:7", "k6")
        assert 6 not in fields_entered(G.position(s))


class TestExtraStep:
    POSITION = "b4:6 r8:3 k7 b"

    def test_new_top_equal_to_the_field_earns_an_extra_step(self):
        s = after(self.POSITION, "5:5")
        assert G.position(s) == "b5:5 r8:3 k7 b extra4"
        assert s.phase == "extra"
        # From 5: 3 is banned by red's 3, 4 is where the turn began, 7 by black.
        assert G.legal_moves(s) == ["6:1", "6:2", "6:6", "6:7", "6:9", "end"]

    def test_the_extra_step_may_be_declined(self):
        assert pos_after(self.POSITION, "5:5", "end") == "b5:5 r8:3 k7 r"

    def test_the_extra_step_needs_a_new_face_again(self):
        assert "new face" in refused("b5:5 r8:3 k7 b extra4", "6:5")

    def test_extra_steps_chain(self):
        s = after(self.POSITION, "5:5", "6:6")
        assert G.position(s) == "b6:6 r8:3 k7 b extra4"
        assert "5:5" in G.legal_moves(s)  # only the starting field is barred, 5 may be entered again

    def test_no_return_to_the_turns_starting_field(self):
        assert "turn began there" in refused("b5:5 r8:3 k7 b extra4", "4:1")
        assert 4 not in fields_entered("b6:6 r9:3 k8 b extra4")

    def test_a_turn_begun_beside_the_board_started_on_field_zero(self):
        assert G.turn_start_field(at("b2:2 r10:5 k6 b extra0")) == 0
        assert fields_entered("b2:2 r10:5 k6 b extra0") == {1, 3, 4}

    def test_a_blocked_extra_step_ends_the_turn(self):
        # Blue 3 -> 5 showing 5: from 5, field 3 is the start, 4 red's top, 6 black's, 7 red's field.
        s = after("b3:6 r7:4 k6 b", "5:5")
        assert G.position(s) == "b5:5 r7:4 k6 r"
        assert G.effect(at("b3:6 r7:4 k6 b"), "5:5") == StepEffect(BLUE, 3, 5, 6, 5, "blocked", draw=False)

    def test_a_pasch_is_never_also_an_extra_step(self):
        # Field 7 would need a 7 on top, but black's 7 bans field 7.
        assert "7:7" not in G.legal_moves(at("b5:6 r10:5 k7 b"))


class TestStepOrPass:
    STUCK = "b1:5 r4:3 k2 b"  # blue may enter neither 2 (black) nor 3 (red's top)

    def test_a_player_without_a_legal_step_passes(self):
        s = at(self.STUCK)
        assert G.legal_moves(s) == ["pass"]
        assert s.phase == "pass"
        assert G.position(G.play(s, "pass")) == "b1:5 r4:3 k2 r"

    def test_a_player_with_a_legal_step_must_step(self):
        assert "must step" in refused("b4:6 r8:3 k7 b", "pass")

    def test_end_cannot_replace_the_first_step(self):
        assert "begins with a step" in refused("b4:6 r8:3 k7 b", "end")

    def test_pass_is_not_end(self):
        assert "only a new turn" in refused("b5:5 r8:3 k7 b extra4", "pass")


class TestWinning:
    def test_blue_wins_on_reaching_field_nine(self):
        s = after("b7:6 r10:5 k8 b", "9:1")
        assert G.is_over(s) and G.winners(s) == [BLUE] and G.scores(s) == [1, 0]
        assert G.current_player(s) is None and G.legal_moves(s) == []

    def test_red_wins_on_reaching_field_one(self):
        s = after("b5:6 r3:4 k8 r", "1:1")
        assert G.winners(s) == [RED] and G.scores(s) == [0, 1]

    def test_reaching_the_end_wins_before_any_extra_step_or_pasch(self):
        assert G.winners(after("b7:6 r10:5 k8 b", "9:9")) == [BLUE]  # 9 on field 9
        assert G.winners(after("b7:6 r10:5 k2 b", "9:2")) == [BLUE]  # 2 like black

    def test_an_extra_step_may_reach_the_far_end(self):
        assert G.winners(after("b7:7 r10:5 k8 b extra6", "9:1")) == [BLUE]

    def test_the_far_end_can_be_guarded_by_the_opponents_top(self):
        assert 9 not in fields_entered("b7:6 r8:9 k2 b")
        assert 1 not in fields_entered("b5:1 r3:4 k8 r")

    def test_the_far_end_can_be_guarded_by_standing_on_it(self):
        assert 9 not in fields_entered("b8:6 r9:3 k2 b")
        assert 1 not in fields_entered("b1:6 r2:3 k8 r")

    def test_no_move_after_the_end(self):
        s = after("b7:6 r10:5 k8 b", "9:1")
        assert "game is over" in str(pytest.raises(IllegalMove, G.play, s, "pass").value)


class TestThreefoldRepetition:
    START = "b3:6 r7:4 k8 b"
    CYCLE = ("1:2", "5:1", "3:6", "7:4")  # four turns back to START

    def test_third_occurrence_at_a_turn_start_is_a_draw(self):
        s = after(self.START, *self.CYCLE)
        assert G.repetitions(s) == 2 and not G.is_over(s)
        s = after(self.START, *self.CYCLE, *self.CYCLE)
        assert G.is_over(s) and G.winners(s) == [] and G.scores(s) == [0, 0]
        assert G.position(s) == self.START + " draw"
        assert G.effect(after(self.START, *self.CYCLE, *self.CYCLE[:3]), "7:4").draw

    def test_positions_inside_a_turn_are_not_counted(self):
        # Blue circles 5 <-> 6 by extra steps within one turn: no draw.
        s = after("b4:1 r9:9 k3 b", "5:5", "6:6", "5:5", "6:6", "5:5", "6:6", "5:5")
        assert not G.is_over(s) and s.phase == "extra"
        s = G.play(s, "end")
        assert not G.is_over(s) and G.repetitions(s) == 1

    def test_the_player_to_move_is_part_of_the_position(self):
        s = after(self.START, *self.CYCLE, *self.CYCLE[:1])
        assert G.repetitions(s) == 2  # 'b1:2 r7:4 k8 r' seen after the first and fifth turns

    def test_the_engine_says_how_many_repeats_are_left_and_which_ending_draws(self):
        assert G.repeats_to_draw(at(self.START)) == 2
        twice = after(self.START, *self.CYCLE)
        assert G.repeats_to_draw(twice) == 1
        assert G.repeats_to_draw(G.play(twice, "1:2")) == 1  # 'b1:2 r7:4 k8 r' also came up before
        assert G.repeats_to_draw(after("b4:1 r9:9 k3 b", "5:5")) is None  # inside a turn nothing is counted
        assert G.repeats_to_draw(after(self.START, *self.CYCLE, *self.CYCLE)) is None  # drawn: over
        before_third = after(self.START, *self.CYCLE, *self.CYCLE[:3])
        assert G.ending_draws(before_third, self.START.replace(" b", "") + " b")
        assert not G.ending_draws(before_third, "b3:6 r5:4 k8 b")
        assert G.ending_draws(before_third, self.START) == G.effect(before_third, "7:4").draw

    def test_turns_begun_count_the_turn_starts(self):
        assert G.turns_begun(at(self.START)) == 1
        assert G.turns_begun(after(self.START, *self.CYCLE)) == 5
        assert G.turns_begun(after("b4:1 r9:9 k3 b", "5:5", "6:6")) == 1  # an extra step goes on with the same turn


class TestPositionNotation:
    @pytest.mark.parametrize(
        "text",
        [
            "b0:5 r10:5 k6 b",
            "b0:5 r10:5 k4 r",
            "b5:7 r8:3 k7 b pasch",
            "b5:5 r8:3 k7 b extra4",
            "b2:2 r10:5 k6 b extra0",
            "b3:6 r7:4 k8 b draw",
            "b9:1 r7:4 k8 b",
            "b5:6 r1:9 k8 r",
        ],
    )
    def test_round_trip(self, text):
        assert G.position(at(text)) == text

    def test_positions_in_a_game(self):
        s = G.new_game(first="blue")
        s = G.play(s, "2:2")
        assert G.position(s) == "b2:2 r10:5 k6 b extra0"
        s = G.play(s, "1:1")
        assert G.position(s) == "b1:1 r10:5 k6 b extra0"
        s = G.play(s, "end")
        assert G.position(s) == "b1:1 r10:5 k6 r"

    def test_won_positions_are_over(self):
        assert G.winners(at("b9:1 r7:4 k8 r")) == [BLUE]
        assert G.winners(at("b5:6 r1:9 k8 b")) == [RED]

    @pytest.mark.parametrize(
        "text,message",
        [
            ("b0:5 r10:5 k6", "4 to 6 tokens"),
            ("b0:5 r10:5 k5 b", "black die is written"),
            ("b0:5 r10:5 k6 x", "'b' \\(blue\\) or 'r' \\(red\\)"),
            ("b10:5 r10:5 k6 b", "blue die stands on field 0-9"),
            ("b3:3 r10:5 k6 b", "has faces 1 2 5 6 7 9"),
            ("b0:6 r10:5 k6 b", "beside the board has not moved yet"),
            ("b3:6 r3:4 k6 b", "both dice stand on field 3"),
            ("b9:1 r1:3 k6 b", "only one player"),
            ("b03:6 r7:4 k6 b", "blue die is written"),
            ("r7:4 b3:6 k6 b", "blue die is written"),
            ("b3:6 r7:4 k8 b pasch", "top to equal the black top"),
            ("b6:6 r7:4 k6 b pasch", "could not have entered"),
            ("b5:5 r7:4 k6 b extra5", "cannot have begun on field 5"),
            ("b6:2 r7:4 k8 b extra5", "'extra' needs blue's top to equal its field"),
            ("b5:5 r7:4 k8 b extra9", "cannot have begun its turn on field 9"),
            ("b5:5 r7:4 k6 b extra3", "could not have entered|no step is legal"),
            ("b5:5 r7:4 k8 b extra", "extra<field>"),
            ("b3:6 r7:4 k6 b pasch draw", "top to equal|draw by repetition"),
            ("b9:1 r7:4 k8 b draw", "won"),
            ("b3:6 r7:4 k6 b again", "unexpected token"),
            ("b0:5 r10:5 k6 b extra0", "beside the board"),
        ],
    )
    def test_errors_say_what_is_wrong(self, text, message):
        with pytest.raises(PositionError, match=message):
            at(text)

    def test_a_position_starts_a_fresh_history(self):
        s = at("b3:6 r7:4 k8 b")
        assert s.setup.position == "b3:6 r7:4 k8 b" and s.setup.seed is None
        assert G.repetitions(s) == 1 and G.opening(s) is None


class TestMoveNotation:
    @pytest.mark.parametrize("move", ["3", "3:", ":7", "3-7", "03:7", "3:07", "k", "k08", "K3", "End", " pass", "3:7 "])
    def test_malformed_moves_are_refused(self, move):
        with pytest.raises(InvalidMoveText):
            G.play(at("b4:6 r8:3 k7 b"), move)

    def test_moves_are_listed_steps_then_black_then_end(self):
        assert G.legal_moves(at("b5:5 r8:3 k7 b extra4"))[-1] == "end"
        assert G.legal_moves(at("b0:5 r10:5 k6 b")) == ["1:1", "1:2", "1:6", "1:7", "1:9", "2:1", "2:2", "2:6", "2:7", "2:9"]

    def test_refusal_names_the_move(self):
        assert refused("b4:6 r8:3 k7 b", "3:1").startswith("'3:1': field 3 may not be entered")


class TestViewQueries:
    POSITION = "b4:6 r8:3 k7 b"

    def test_field_statuses_give_the_reason_for_every_closed_field(self):
        statuses = {f.field: f for f in G.field_statuses(at(self.POSITION))}
        assert [f for f, st in statuses.items() if st.enterable] == [2, 5, 6]
        assert statuses[1].reasons == ("distance",)
        assert statuses[3].reasons == ("opponent-face",)
        assert statuses[4].reasons == ("own",)
        assert statuses[7].reasons == ("distance", "black")
        assert statuses[8].reasons == ("distance", "occupied")
        assert statuses[5].faces == (1, 2, 5, 7, 9)

    def test_field_statuses_after_an_extra_step_name_the_starting_field(self):
        statuses = {f.field: f for f in G.field_statuses(at("b5:5 r8:3 k7 b extra4"))}
        assert statuses[4].reasons == ("turn-start",)
        assert [f for f, st in statuses.items() if st.enterable] == [6]

    def test_nothing_is_enterable_during_a_pasch(self):
        statuses = G.field_statuses(at("b5:7 r8:3 k7 b pasch"))
        assert not any(st.enterable for st in statuses)
        assert all("not-stepping" in st.reasons for st in statuses)

    def test_field_bans_for_each_seat(self):
        s = at(self.POSITION)
        assert G.field_bans(s, BLUE) == {3: ("opponent-face",), 7: ("black",), 8: ("occupied",)}
        assert G.field_bans(s, RED) == {4: ("occupied",), 6: ("opponent-face",), 7: ("black",)}

    def test_field_bans_leave_out_the_field_the_die_stands_on(self):
        # Blue stands on 8, which the black die and red's top name: it is not closed to blue.
        s = at("b8:2 r4:8 k8 r")
        assert 8 not in G.field_bans(s, BLUE) and G.field_bans(s, RED)[8] == ("occupied", "black")

    def test_closed_fields_are_those_a_die_or_the_turn_start_keeps_the_mover_out_of(self):
        def closed(text):
            return {st.field for st in G.field_statuses(at(text)) if st.closed}

        assert closed(self.POSITION) == {3, 7, 8}  # the distance alone closes nothing
        assert closed("b5:5 r8:3 k7 b extra4") == {3, 4, 7, 8}  # and the field the turn began on
        assert closed("b5:7 r8:3 k7 b pasch") == {3, 7, 8}  # during a Pasch as before it
        assert closed("b9:1 r7:4 k8 b") == set()  # over: nobody is to move

    def test_the_latest_turn_start(self):
        s = G.new_game(first="blue")
        assert G.latest_turn_start(s) is None  # nothing has moved yet
        stepped = G.play(s, "2:2")  # an extra step: the current turn began beside the board
        assert G.latest_turn_start(stepped) == TurnStart(BLUE, 0, 5, 6)
        ended = G.play(stepped, "end")  # red to move: blue's turn is the latest
        assert G.latest_turn_start(ended) == TurnStart(BLUE, 0, 5, 6)
        assert G.latest_turn_start(at(self.POSITION)) is None  # a position's turn began before it
        assert G.latest_turn_start(at("b5:5 r8:3 k7 b extra4")) == TurnStart(BLUE, 4, None, None)

    def test_faces_pasch_end_and_pass(self):
        s = at(self.POSITION)
        assert G.faces_for(s, 6) == [1, 2, 5, 7, 9] and G.faces_for(s, 7) == []
        assert G.pasch_faces(s) == [] and not G.can_end(s) and not G.can_pass(s)
        p = at("b5:7 r8:3 k7 b pasch")
        assert G.pasch_faces(p) == [2, 3, 4, 6, 8] and G.can_end(p) and G.faces_for(p, 6) == []
        assert G.can_end(at("b5:5 r8:3 k7 b extra4")) and G.can_pass(at("b1:5 r4:3 k2 b"))

    def test_effect_reports_pasch_and_extra_step(self):
        s = at(self.POSITION)
        assert G.effect(s, "5:7") == StepEffect(BLUE, from_field=4, to_field=5, old_face=6, new_face=7, earns="pasch", draw=False)
        assert G.effect(s, "5:5").earns == "extra" and G.effect(s, "6:1").earns == "nothing"
        assert G.effect(at("b5:7 r8:3 k7 b pasch"), "k3") == BlackEffect(BLUE, black_before=7, black_after=3, draw=False)
        assert G.effect(at("b5:7 r8:3 k7 b pasch"), "end") == EndEffect(BLUE, declined="pasch", black=7, draw=False)
        assert G.effect(at("b5:5 r8:3 k7 b extra4"), "end") == EndEffect(BLUE, declined="extra", black=7, draw=False)
        assert G.effect(at("b1:5 r4:3 k2 b"), "pass") == PassEffect(BLUE, draw=False)
        assert G.position(s) == self.POSITION  # effect plays nothing

    def test_descriptions(self):
        s = at(self.POSITION)
        assert G.describe_move(s, "6:1") == "Blue steps from field 4 to field 6 and turns 1 up."
        assert "a Pasch" in G.describe_move(s, "5:7")
        assert "an extra step" in G.describe_move(s, "5:5")
        assert G.describe_move(G.new_game(first="red"), "9:1") == "Red steps from beside the board to field 9 and turns 1 up."
        assert G.describe_move(at("b7:6 r10:5 k8 b"), "9:1").endswith("blue wins.")

    def test_phase(self):
        assert at(self.POSITION).phase == "step"
        assert at("b9:1 r7:4 k8 b").phase == "over"


class TestWhyIllegal:
    START = "b0:5 r10:5 k6 b"

    def test_a_legal_step_has_no_refusal(self):
        assert G.why_illegal(at(self.START), "2:2") is None and at(self.START).phase == "step"

    @pytest.mark.parametrize(
        "move, rule",
        [("end", "end-not-yet"), ("pass", "pass-must-step"), ("k8", "black-not-after-pasch"), ("5:6", "step-length"), ("3:5", "same-face")],
    )
    def test_each_refusal_names_its_rule(self, move, rule):
        assert G.why_illegal(at(self.START), move).rule == rule

    def test_the_refusal_carries_the_words_and_params(self):
        refusal = G.why_illegal(at(self.START), "3:5")
        assert refusal.text == "a step must turn up a new face (the blue die already shows 5)" and refusal.params == {"seat": 0, "face": 5}

    def test_a_won_game_refuses_everything(self):
        s = at("b9:1 r7:4 k8 b")
        assert s.phase == "over" and G.why_illegal(s, "pass").rule == "game-over"

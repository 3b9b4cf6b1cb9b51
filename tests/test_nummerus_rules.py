"""Nummerus Zahlus rules, each checked from literal positions (board pictures in position
order: rank 9 at the top, fields left to right; `*` the star, `.` empty)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludothek.games.base import IllegalMove, InvalidMoveText, PositionError, chance_rng
from ludothek.games.nummerus import FIELD_NAMES, GAME, RAYS, STAR_PHASE, SWAP_PHASE, LayoutError, RoundEnd, chain_points


def board(picture: str) -> str:
    """The board token of a position, from a picture with one rank per line."""
    return "/".join(",".join(line.split()) for line in picture.strip("\n").splitlines())


def pos(picture: str, rest: str):
    return GAME.from_position(f"{board(picture)} {rest}")


def illegal(s, move: str, *words: str, error=IllegalMove) -> str:
    with pytest.raises(error) as info:
        GAME.play(s, move)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


# Star on d4 with a chip in each of the 8 directions; 9 on d2 hides behind 7 on d3.
STAR_D4 = """
    .  .  .
  .  .  1  .  .
.  .  .  .  .  .  .
.  2  .  .  .  3  .
  .  .  .  .  .
4  .  .  *  .  .  5
.  .  6  7  8  .  .
  .  .  9  .  .
    .  .  .
"""
STAR_D4_REST = "1 10-29/30-48"

EMPTY_STAR_D5 = """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  *  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
"""


class TestBoard:
    def test_figure_eight_has_49_fields_in_rows_of_3_5_7_7_5_7_7_5_3(self):
        assert len(FIELD_NAMES) == 49
        rows = [[n for n in FIELD_NAMES if n[1] == str(rank)] for rank in range(9, 0, -1)]
        assert [len(r) for r in rows] == [3, 5, 7, 7, 5, 7, 7, 5, 3]
        assert rows[0] == ["c9", "d9", "e9"] and rows[4] == ["b5", "c5", "d5", "e5", "f5"]

    def test_position_order_is_rank_9_to_1_left_to_right(self):
        assert FIELD_NAMES[:4] == ("c9", "d9", "e9", "b8")
        assert FIELD_NAMES[-1] == "e1"

    def test_layout_option_places_contents_in_position_order(self):
        layout = list(range(1, 49)) + [0]
        s = GAME.new_game(players=2, seed=0, layout=layout)
        text = GAME.position(s)
        assert text.startswith("1,2,3/4,5,6,7,8/")
        assert text.split(" ")[0].endswith("/42,43,44,45,46/47,48,*")

    def test_seeded_layout_is_shuffled_from_the_seed(self):
        a, b = GAME.new_game(players=2, seed=5), GAME.new_game(players=2, seed=5)
        assert GAME.position(a) == GAME.position(b)
        assert GAME.position(a) != GAME.position(GAME.new_game(players=2, seed=6))
        assert sorted(a.board) == [0] + list(range(1, 49))  # 48 chips, the star's field holds none

    def test_every_line_stays_inside_the_outline(self):
        fields = set(range(49))
        assert all(set(ray) <= fields for rays in RAYS for ray in rays)


class TestStarLines:
    def test_star_moves_in_eight_directions_to_the_first_chip(self):
        s = pos(STAR_D4, STAR_D4_REST)
        assert GAME.legal_moves(s) == ["d8", "b6", "f6", "a4", "g4", "c3", "d3", "e3"]

    def test_the_star_passes_over_empty_fields(self):
        target = {t.field: t for t in GAME.star_targets(pos(STAR_D4, STAR_D4_REST))}
        assert target["d8"].path == ("d5", "d6", "d7") and target["d8"].direction == "up"
        assert target["a4"].path == ("c4", "b4") and target["a4"].direction == "left"
        assert target["c3"].path == () and target["c3"].direction == "down-left"

    def test_a_nearer_chip_blocks_the_line(self):
        s = pos(STAR_D4, STAR_D4_REST)
        illegal(s, "d2", "chip 7 on d3 stands first", "first chip")

    def test_a_direction_without_a_chip_offers_no_move(self):
        s = pos(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
.  .  .  *  1  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "1 2-20/21-48",
        )
        assert GAME.legal_moves(s) == ["e4"]
        assert not GAME.must_jump(s)

    def test_empty_fields_and_the_star_itself_are_not_targets(self):
        s = pos(STAR_D4, STAR_D4_REST)
        illegal(s, "d5", "empty")
        illegal(s, "d4", "the star stands on d4")
        illegal(s, "a9", "not a field", error=InvalidMoveText)


class TestWaist:
    """The star never crosses a place where no field exists (docs/rules-decisions.md, Nummerus Zahlus)."""

    A6 = """
    .  .  .
  .  .  .  .  .
3  .  .  .  .  .  .
*  .  .  .  .  .  .
  .  .  .  .  .
1  .  2  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
"""

    def test_a6_and_a4_are_not_in_line_across_the_waist(self):
        s = pos(self.A6, "1 4-20/21-48")
        assert GAME.legal_moves(s) == ["a7", "c4"]  # up, and down-right through b5
        illegal(s, "a4", "crosses a place where no field exists")

    def test_a_chip_behind_the_waist_is_not_in_line_so_the_star_jumps(self):
        s = pos(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
*  .  .  .  .  .  .
  .  .  .  .  .
1  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "2 2-20/21-48",
        )
        assert GAME.must_jump(s)
        assert GAME.legal_moves(s) == ["a4"]
        assert GAME.effect(s, "a4").jump

    def test_the_waist_column_b5_carries_a_vertical_line(self):
        s = pos(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  *  .  .  .  .  .
  .  .  .  .  .
.  1  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "1 2-20/21-48",
        )
        assert GAME.legal_moves(s) == ["b4"]
        assert GAME.effect(s, "b4").path == ("b5",)

    def test_the_narrow_top_ranks_end_lines(self):
        # b8 up-left would be a9, which does not exist; up would be b9, which does not exist.
        s = pos(
            """
    .  .  1
  *  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "1 2-20/21-48",
        )
        assert GAME.must_jump(s)  # e9 is not on any line from b8


class TestJump:
    # Star on d5; chips on b8, g7, a3, f2: none is in a row, column or diagonal with d5.
    SCATTERED = """
    .  .  .
  1  .  .  .  .
.  .  .  .  .  .  2
.  .  .  .  .  .  .
  .  .  *  .  .
.  .  .  .  .  .  .
3  .  .  .  .  .  .
  .  .  .  .  4
    .  .  .
"""

    def test_with_no_chip_in_line_the_star_jumps_to_any_chip(self):
        s = pos(self.SCATTERED, "1 5-20/21-48")
        assert GAME.must_jump(s)
        assert GAME.legal_moves(s) == ["b8", "g7", "a3", "f2"]
        assert all(t.direction is None for t in GAME.star_targets(s))

    def test_one_chip_in_line_forbids_the_jump_and_lines_do_not_bend(self):
        with_line = self.SCATTERED.replace("  .  .  *  .  .", "  .  .  *  .  5")
        s = pos(with_line, "1 6-20/21-48")
        assert not GAME.must_jump(s)
        assert GAME.legal_moves(s) == ["f5"]
        illegal(s, "b8", "not in a straight line")

    def test_a_jump_takes_the_chip_and_leaves_the_star_there(self):
        s = GAME.play(pos(self.SCATTERED, "1 5-20/21-48"), "a3")
        assert GAME.position(s).split(" ")[1:] == ["2", "3,5-20/21-48"]
        assert FIELD_NAMES[s.star] == "a3"


class TestTakingChips:
    def test_the_chip_goes_to_the_mover_and_the_star_stays_on_its_field(self):
        s = pos(STAR_D4, STAR_D4_REST)
        after = GAME.play(s, "d3")
        assert (
            GAME.position(after)
            == board(
                """
    .  .  .
  .  .  1  .  .
.  .  .  .  .  .  .
.  2  .  .  .  3  .
  .  .  .  .  .
4  .  .  .  .  .  5
.  .  6  *  8  .  .
  .  .  9  .  .
    .  .  .
"""
            )
            + " 2 7,10-29/30-48"
        )
        assert GAME.position(s) == f"{board(STAR_D4)} {STAR_D4_REST}"  # untouched

    def test_turns_pass_round_the_table(self):
        s = pos(STAR_D4, "3 10-19/20-29/30-48")
        assert GAME.current_player(s) == 2
        assert GAME.current_player(GAME.play(s, "d3")) == 0

    def test_the_game_ends_when_the_last_chip_is_taken(self):
        s = pos(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  *  48 .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "2 1-2,4-46/3,47",
        )
        end = GAME.play(s, "e5")
        assert GAME.is_over(end) and GAME.legal_moves(end) == [] and GAME.current_player(end) is None
        assert GAME.position(end).split(" ")[1:] == ["1", "1-2,4-46/3,47-48"]
        illegal(end, "e5", "the game is over")


class TestStartPlayer:
    def test_without_ages_seat_one_starts(self):
        assert GAME.current_player(GAME.new_game(players=3, seed=1)) == 0

    def test_the_age_closest_to_48_starts(self):
        assert GAME.current_player(GAME.new_game(players=3, seed=1, ages=[12, 61, 40])) == 2
        assert GAME.current_player(GAME.new_game(players=2, seed=1, ages=[48, 48])) == 0

    def test_equally_close_ages_the_lower_seat_starts(self):
        assert GAME.current_player(GAME.new_game(players=3, seed=1, ages=[70, 44, 52])) == 1

    @pytest.mark.parametrize("ages", [[30], [30, "40"], [30, -1], "30,40", [30, True]])
    def test_bad_ages_are_refused(self, ages):
        with pytest.raises(ValueError, match="age"):
            GAME.new_game(players=2, seed=1, ages=ages)


class TestSetupOptions:
    @pytest.mark.parametrize(
        "layout,words",
        [
            (list(range(48)), "all 49 fields"),
            ([0] + list(range(1, 48)) + [1], "chip 1 appears twice"),
            ([0] + list(range(1, 48)) + [49], "chip 1-48"),
            ("0,1,2", "list of 49"),
        ],
    )
    def test_bad_layouts_are_refused(self, layout, words):
        with pytest.raises(ValueError, match=words):
            GAME.new_game(players=2, layout=layout)

    def test_solitaire_takes_neither_rounds_nor_swap(self):
        with pytest.raises(ValueError, match="solitaire"):
            GAME.new_game(players=1, rounds=3)
        with pytest.raises(ValueError, match="solitaire"):
            GAME.new_game(players=1, swap=True)

    @pytest.mark.parametrize("options", [{"rounds": 0}, {"rounds": 21}, {"rounds": "3"}, {"swap": "yes"}])
    def test_bad_option_values_are_refused(self, options):
        with pytest.raises(ValueError):
            GAME.new_game(players=2, **options)

    def test_options_are_kept_for_the_record(self):
        s = GAME.new_game(players=2, seed=4, rounds=2, swap=True, ages=[20, 50])
        assert GAME.record(s)["options"] == {"rounds": 2, "swap": True, "ages": [20, 50]}


class TestResult:
    """The longest chain wins; equal chains count for nothing and the next ones decide."""

    @staticmethod
    def finished(collections: str):
        return GAME.from_position(f"{board(EMPTY_STAR_D5)} 1 {collections}")

    def test_the_rulebook_example_two_chains_of_4_beat_4_and_3(self):
        s = self.finished("1-4,6-9,11,16,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48/5,10,12-15,17-19,21,23,25,27,29,31,33,35,37,39,41,43,45,47")
        assert GAME.chain_lengths(s, 0) == [4, 4] and GAME.chain_lengths(s, 1) == [4, 3]
        assert GAME.winners(s) == [0]
        assert GAME.scores(s) == [4, 4]  # the longest chain of each seat

    def test_a_longer_chain_beats_any_number_of_shorter_ones(self):
        s = self.finished("1-5,7,9,11,13,15,17,19,21,23,25,27,29,31,33,35,37,39,41,43,45,47/6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48")
        assert GAME.winners(s) == [0]
        s = self.finished("1-4,6-9,11-14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48/5,10,15,17,19,21,23,25,27,29,31,33,35,37,39,41,43,45,47")
        assert GAME.winners(s) == [0]  # 4,4,4 against no chain at all

    def test_single_chips_are_no_chain(self):
        s = self.finished(
            "1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31,33,35,37,39,41,43,45,47/2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48"
        )
        assert GAME.chain_lengths(s, 0) == [] and GAME.scores(s) == [0, 0]
        assert GAME.winners(s) == []  # an all-round tie is a draw

    def test_a_chain_more_decides_a_tie_on_the_first(self):
        s = self.finished("1-4,6-7,9,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48/5,8,10-13,15,17,19,21,23,25,27,29,31,33,35,37,39,41,43,45,47")
        assert GAME.chain_lengths(s, 0) == [4, 2] and GAME.chain_lengths(s, 1) == [4]
        assert GAME.winners(s) == [0]

    def test_equal_leaders_share_the_win(self):
        s = self.finished("1-3,7,10,13,16,19,22,25,28,31,34,37,40,43,46/4-6,8,11,14,17,20,23,26,29,32,35,38,41,44,47/9,12,15,18,21,24,27,30,33,36,39,42,45,48")
        assert GAME.winners(s) == [0, 1]

    def test_when_every_player_ties_the_game_is_drawn(self):
        # Three players, each with one chain of 3 and single chips: nobody beats anybody. Our
        # decision (rules pages, Clarifications): a draw, not a win shared by all.
        s = self.finished("1-3,10,13,16,19,22,25,28,31,34,37,40,43,46/4-6,11,14,17,20,23,26,29,32,35,38,41,44,47/7-9,12,15,18,21,24,27,30,33,36,39,42,45,48")
        assert [GAME.chain_lengths(s, seat) for seat in range(3)] == [[3], [3], [3]]
        assert GAME.is_over(s) and GAME.winners(s) == []

    def test_no_winner_while_playing(self):
        assert GAME.winners(pos(STAR_D4, STAR_D4_REST)) == []


class TestTournament:
    def test_points_follow_the_rulebook_table(self):
        table = {2: 3, 3: 6, 4: 10, 5: 15, 6: 21, 7: 28, 8: 36, 9: 45, 10: 55, 11: 66}
        assert {n: chain_points(n) for n in table} == table
        assert chain_points(1) == 0  # single chips score nothing [decided]

    def test_running_totals_add_finished_rounds_and_the_round_in_play(self):
        s = pos(STAR_D4, "1 10-12,14-15,17,19-29/13,16,18,30-48 r2/3 p21,15")
        assert GAME.round_table(s) == [(21, 15), (6 + 3 + 66, 190)]
        assert GAME.scores(s) == [21 + 75, 15 + 190]
        assert GAME.winners(s) == []

    def test_a_new_round_starts_with_a_fresh_layout_and_the_next_starter(self):
        s = GAME.new_game(players=2, seed=11, rounds=2, ages=[40, 60])
        assert GAME.current_player(s) == 0
        for _ in range(48):
            s = GAME.play(s, GAME.legal_moves(s)[0])
        assert s.round == 2 and not GAME.is_over(s)
        assert GAME.current_player(s) == 1  # round 2 is started by the next seat [decided]
        assert s.collections == ((), ())
        layout = list(range(49))
        chance_rng(11, "round", 2).shuffle(layout)
        assert list(s.board) == [0 if c == 0 else c for c in layout] and s.star == layout.index(0)
        assert len(GAME.round_table(s)) == 2 and GAME.round_table(s)[1] == (0, 0)
        assert GAME.position(s).split(" ")[3:] == ["r2/2", "p" + ",".join(map(str, GAME.round_table(s)[0]))]

    def test_the_last_chip_of_a_round_reports_its_points(self):
        s = pos(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  *  48 .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "2 1-45/46-47 r1/2",
        )
        effect = GAME.effect(s, "e5")
        assert effect.round_end == RoundEnd(points=(45 * 46 // 2, 6), game_over=False)
        after = GAME.play(s, "e5")
        assert after.round_points == ((1035, 6),) and GAME.current_player(after) == 1

    def test_the_highest_total_wins_the_tournament(self):
        done = f"{board(EMPTY_STAR_D5)} 1 1-24/25-48 r2/2 p66,0"
        s = GAME.from_position(done)
        assert GAME.is_over(s) and GAME.scores(s) == [66 + 300, 300] and GAME.winners(s) == [0]
        s = GAME.from_position(done.replace("p66,0", "p0,0"))
        assert GAME.winners(s) == []  # equal totals: a draw

    def test_equal_totals_of_every_player_are_a_draw_and_of_some_a_shared_win(self):
        done = f"{board(EMPTY_STAR_D5)} 1 1-16/17-32/33-48 r2/2 p3,3,3"
        s = GAME.from_position(done)
        assert GAME.is_over(s) and GAME.scores(s) == [139, 139, 139] and GAME.winners(s) == []
        s = GAME.from_position(done.replace("p3,3,3", "p3,3,0"))
        assert GAME.winners(s) == [0, 1]


class TestSwapVariant:
    # Seat 1 holds 1-3, 5, 9-20, 22-46; seat 2 holds 4 and 21 (single chips) and the chain 6-8.
    BEFORE = """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  48 .  .  .
  .  .  *  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    47 .  .
"""
    COLLECTIONS = "1-3,5,9-20,22-46/4,6-8,21"

    def start(self, swaps: str = "x2,2"):
        return pos(self.BEFORE, f"1 {self.COLLECTIONS} {swaps}")

    def test_swap_chips_per_player(self):
        assert GAME.new_game(players=2, swap=True).swap_chips_left == (2, 2)
        assert GAME.new_game(players=3, swap=True).swap_chips_left == (2, 2, 2)
        assert GAME.new_game(players=4, swap=True).swap_chips_left == (1, 1, 1, 1)

    def test_after_taking_a_chip_the_same_player_may_swap(self):
        s = GAME.play(self.start(), "d6")
        assert GAME.current_player(s) == 0 and s.phase == SWAP_PHASE
        assert GAME.position(s).endswith(" x2,2 swap")
        moves = GAME.legal_moves(s)
        assert moves[0] == "noswap"
        assert "5x4" in moves and "48x21" in moves

    def test_only_chips_outside_a_chain_may_be_taken(self):
        s = GAME.play(self.start(), "d6")
        assert not any(m.endswith(("x6", "x7", "x8")) for m in GAME.legal_moves(s))
        illegal(s, "5x7", "part of seat 2's chain 6-8", "not part of a chain")
        assert GAME.chips_to_take(s) == {1: ([4, 21], [6, 7, 8])}

    def test_any_own_chip_may_be_given_even_from_a_chain(self):
        s = GAME.play(GAME.play(self.start(), "d6"), "20x4")
        assert GAME.position(s).split(" ")[1:] == ["2", "1-5,9-19,22-46,48/6-8,20-21", "x1,2"]

    def test_a_swap_exchanges_the_chips_and_spends_a_swap_chip(self):
        s = GAME.play(GAME.play(self.start(), "d6"), "5x4")
        assert GAME.groups(s, 0) == ((1, 4), (9, 20), (22, 46), (48, 48))
        assert GAME.groups(s, 1) == ((5, 8), (21, 21))
        assert s.swap_chips_left == (1, 2) and GAME.current_player(s) == 1

    def test_declining_keeps_the_swap_chip(self):
        s = GAME.play(GAME.play(self.start(), "d6"), "noswap")
        assert s.swap_chips_left == (2, 2) and GAME.current_player(s) == 1

    def test_at_most_one_swap_per_turn_and_only_after_a_star_move(self):
        s = GAME.play(GAME.play(self.start(), "d6"), "5x4")
        illegal(s, "48x21", "only follow the player's own star move")
        illegal(self.start(), "5x4", "only follow the player's own star move")

    def test_the_star_move_comes_first_in_a_swap_step(self):
        s = GAME.play(self.start(), "d6")
        illegal(s, "d5", "swap", "noswap")
        illegal(s, "4x5", "not yours")
        illegal(s, "5x48", "your own")
        illegal(s, "5x49", "no opponent holds 49")

    def test_no_swap_step_without_swap_chips(self):
        s = GAME.play(self.start("x0,2"), "d6")
        assert s.phase != SWAP_PHASE and GAME.current_player(s) == 1

    def test_no_swap_step_when_every_opponent_chip_is_in_a_chain(self):
        s = pos(self.BEFORE, "1 1-3,9-46/4-8 x2,2")
        after = GAME.play(s, "d6")
        assert after.phase != SWAP_PHASE

    def test_the_last_chip_may_still_be_followed_by_a_swap(self):
        last = pos(self.BEFORE.replace("47 .  .", ".  .  ."), "1 1-3,5,9-20,22-47/4,6-8,21 x2,2")
        s = GAME.play(last, "d6")  # 48 was the last chip on the board
        assert not GAME.is_over(s)
        end = GAME.play(s, "noswap")
        assert GAME.is_over(end)

    def test_swap_notation_round_trips(self):
        s = GAME.play(self.start(), "d6")
        assert GAME.position(GAME.from_position(GAME.position(s))) == GAME.position(s)
        assert GAME.legal_moves(GAME.from_position(GAME.position(s))) == GAME.legal_moves(s)


class TestSwapChipsOption:
    """The option `swap_chips` (ours, not the rulebook's): another number of swap chips, 1 to 3 per
    player, dealt at each round's start; 0, the default, deals the rulebook's 2 (1 with four)."""

    BEFORE = TestSwapVariant.BEFORE
    COLLECTIONS = TestSwapVariant.COLLECTIONS

    def test_the_option_deals_its_number_to_every_player(self):
        assert GAME.new_game(players=4, swap=True, swap_chips=3).swap_chips_left == (3, 3, 3, 3)
        assert GAME.new_game(players=2, swap=True, swap_chips=1).swap_chips_left == (1, 1)
        assert GAME.new_game(players=4, swap=True, swap_chips=2).swap_chips_dealt == 2

    def test_zero_and_no_option_deal_the_rulebooks_number(self):
        assert GAME.new_game(players=4, swap=True, swap_chips=0).swap_chips_left == (1, 1, 1, 1)
        assert GAME.new_game(players=3, swap=True).swap_chips_left == (2, 2, 2)
        assert GAME.new_game(players=3).swap_chips_left == () and GAME.new_game(players=3, swap_chips=0).swap_chips_left == ()

    def test_a_number_of_chips_plays_the_swap_variant(self):
        assert GAME.new_game(players=2, swap_chips=3).swap_chips_left == (3, 3)

    @pytest.mark.parametrize(
        "players,options,words",
        [
            (2, {"swap": False, "swap_chips": 2}, "only in the swap variant"),
            (2, {"swap": True, "swap_chips": 4}, "from 0 to 3"),
            (2, {"swap": True, "swap_chips": -1}, "from 0 to 3"),
            (2, {"swap": True, "swap_chips": "3"}, "whole number"),
            (1, {"swap_chips": 1}, "only played with 2, 3 or 4 players"),
        ],
    )
    def test_bad_numbers_are_refused(self, players, options, words):
        with pytest.raises(ValueError, match=words):
            GAME.new_game(players=players, **options)

    def test_a_third_chip_buys_a_third_swap(self):
        s = pos(self.BEFORE, f"1 {self.COLLECTIONS} x1,3/3")
        s = GAME.play(GAME.play(s, "d6"), "5x4")
        assert s.swap_chips_left == (0, 3) and s.swap_chips_dealt == 3
        assert GAME.position(s).endswith(" x0,3/3")

    def test_the_dealt_number_is_written_only_when_not_the_rulebooks(self):
        assert GAME.position(GAME.new_game(players=2, swap=True, swap_chips=3)).endswith(" x3,3/3")
        assert GAME.position(GAME.new_game(players=2, swap=True, swap_chips=2)).endswith(" x2,2")
        assert GAME.position(GAME.new_game(players=4, swap=True, swap_chips=2)).endswith(" x2,2,2,2/2")
        explicit = pos(self.BEFORE, f"1 {self.COLLECTIONS} x2,1/2")
        assert GAME.position(explicit) == GAME.position(pos(self.BEFORE, f"1 {self.COLLECTIONS} x2,1"))

    @pytest.mark.parametrize("swaps,words", [("x3,3", "from 0 to 2"), ("x1,1/4", "from 1 to 3"), ("x0,0/0", "from 1 to 3"), ("x3,1/2", "from 0 to 2")])
    def test_more_chips_left_than_dealt_are_refused(self, swaps, words):
        with pytest.raises(PositionError, match=words):
            pos(self.BEFORE, f"1 {self.COLLECTIONS} {swaps}")

    def test_the_next_round_deals_the_options_number_again(self):
        last = pos(self.BEFORE.replace("47 .  .", ".  .  ."), "1 1-3,5,9-20,22-47/4,6-8,21 r1/2 x0,1/3")
        s = GAME.play(last, "d6")  # 48 was the round's last chip; seat 1 has no swap chip left
        assert s.round == 2 and s.swap_chips_left == (3, 3) and GAME.position(s).endswith(" x3,3/3")

    def test_the_record_keeps_the_option_and_replays_it(self):
        s = GAME.new_game(players=3, seed=5, swap=True, swap_chips=1)
        for _ in range(6):
            s = GAME.play(s, GAME.legal_moves(s)[-1])
        record = GAME.record(s)
        assert record["options"] == {"swap": True, "swap_chips": 1}
        assert GAME.position(GAME.from_record(record)) == GAME.position(s)

    def test_a_record_from_before_the_option_deals_the_rulebooks_number(self):
        s = GAME.new_game(players=4, seed=5, swap=True)
        record = GAME.record(s)
        assert "swap_chips" not in record["options"]
        assert GAME.from_record(record).swap_chips_left == (1, 1, 1, 1)


class TestSolitaire:
    # The rulebook's example: 31 lies apart and 33-37 is a chain; the star can reach 32.
    CHOICE = """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  32 .  .  .
  .  .  *  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
"""
    CHAINS = "1-6,7-12,13-18,19-24,25-30,31,33-37,38-43,44-48"
    # 33 on d6 touches only the chain 31-32: 34 still lies on c1.
    ONE_SIDE = """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  33 .  .  .
  .  .  *  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    34 .  .
"""

    def test_a_number_touching_two_chains_joins_the_one_chosen(self):
        s = pos(self.CHOICE, f"1 {self.CHAINS}")
        assert GAME.legal_moves(s) == ["d6-", "d6+"]
        assert GAME.chain_choice(s, "d6") == ((31, 31), (33, 37))
        lower = GAME.play(s, "d6-")
        upper = GAME.play(s, "d6+")
        assert (31, 32) in GAME.groups(lower, 0) and (33, 37) in GAME.groups(lower, 0)
        assert (31, 31) in GAME.groups(upper, 0) and (32, 37) in GAME.groups(upper, 0)

    def test_the_choice_must_be_spelled_out(self):
        s = pos(self.CHOICE, f"1 {self.CHAINS}")
        illegal(s, "d6", "touches the chains 31 and 33-37", "d6-", "d6+")

    def test_minus_and_plus_only_choose_between_two_chains(self):
        s = pos(self.CHOICE, "1 1-6,7-12,13-18,19-24,25-30,31,34-37,38-43,44-48".replace(",31,", ",31,33,"))
        assert GAME.legal_moves(s) == ["d6-", "d6+"]
        one_side = pos(self.ONE_SIDE, "1 1-6,7-12,13-18,19-24,25-30,31-32,35-48")
        assert GAME.legal_moves(one_side) == ["d6"]
        illegal(one_side, "d6+", "does not touch two chains")

    def test_minus_and_plus_are_solitaire_only(self):
        s = pos(STAR_D4, STAR_D4_REST)
        illegal(s, "d3-", "only in the solitaire")

    def test_a_single_chip_is_already_a_chain_and_chains_never_merge(self):
        s = pos(self.CHOICE, f"1 {self.CHAINS}")
        after = GAME.play(s, "d6-")
        assert GAME.position(after).split(" ")[2] == "1-6,7-12,13-18,19-24,25-30,31-32,33-37,38-43,44-48"
        assert GAME.chain_lengths(after, 0) == [6, 6, 6, 6, 6, 6, 5, 5, 2]

    def test_chains_of_6_or_more_are_removed_and_the_rest_count(self):
        lower = GAME.play(pos(self.CHOICE, f"1 {self.CHAINS}"), "d6-")
        upper = GAME.play(pos(self.CHOICE, f"1 {self.CHAINS}"), "d6+")
        assert GAME.is_over(lower) and GAME.scores(lower) == [3]  # 31-32, 33-37, 44-48
        assert GAME.scores(upper) == [2]  # 31 and 44-48
        assert GAME.solitaire_result(upper) == (2, "not bad")

    def test_two_chains_or_fewer_count_as_a_won_solitaire(self):
        lower = GAME.play(pos(self.CHOICE, f"1 {self.CHAINS}"), "d6-")
        upper = GAME.play(pos(self.CHOICE, f"1 {self.CHAINS}"), "d6+")
        assert GAME.winners(lower) == [] and GAME.winners(upper) == [0]

    def test_a_number_touching_nothing_starts_a_new_chain(self):
        s = GAME.new_game(players=1, seed=3)
        s = GAME.play(s, GAME.legal_moves(s)[0])
        assert len(GAME.groups(s, 0)) == 1 and GAME.scores(s) == [1]


class TestPositionNotation:
    @pytest.mark.parametrize(
        "text",
        [
            f"{board(STAR_D4)} {STAR_D4_REST}",
            f"{board(STAR_D4)} 2 10-29/30-48 x1,0",
            f"{board(STAR_D4)} 4 10-14/15-19/20-24/25-48 r3/4 p3,0,6,10;0,0,0,0",
            f"{board(TestSolitaire.CHOICE)} 1 1-6,7-12,13-18,19-24,25-30,31,33-37,38-43,44-48",
        ],
    )
    def test_round_trip(self, text):
        assert GAME.position(GAME.from_position(text)) == text

    def test_a_game_position_round_trips_with_its_moves(self):
        s = GAME.new_game(players=3, seed=2, swap=True, rounds=2)
        for _ in range(30):
            s = GAME.play(s, GAME.legal_moves(s)[-1])
            restored = GAME.from_position(GAME.position(s))
            assert GAME.legal_moves(restored) == GAME.legal_moves(s)
            assert GAME.scores(restored) == GAME.scores(s)

    @pytest.mark.parametrize(
        "rest,words",
        [
            ("1 10-29/31-48", "chip 30 is missing"),
            ("1 9-29/30-48", "chip 9 is both on the board"),
            ("1 10-29,29/30-48", "overlaps"),
            ("1 10-19,20-29/30-48", "form one run"),
            ("1 29-10/30-48", "runs upward"),
            ("3 10-29/30-48", "seat number from 1 to 2"),
            ("1 10-29/30-48 x2,2 r1/2", "unexpected token"),
            ("1 10-29/30-48 r2/3", "needs the points"),
            ("1 10-29/30-48 r4/3", "not a valid tournament round"),
            ("1 10-29/30-48 swap", "needs the swap variant"),
            ("1 10-29/30-48 x3,2", "swap chips left per seat"),
            ("1 10-14/15-19/20-24/25-48 x2,1,1,1", "0 to 1"),
            ("1 10-29/30-48 p1,2", "belong after r"),
            ("1 10-29/30-49", "chips are 1-48"),
        ],
    )
    def test_errors_say_what_is_wrong(self, rest, words):
        with pytest.raises(PositionError, match=words):
            GAME.from_position(f"{board(STAR_D4)} {rest}")

    @pytest.mark.parametrize(
        "board_text,words",
        [
            (board(STAR_D4).replace("4,.,.,*", "4,.,*,*"), "only one star"),
            (board(STAR_D4).replace("*", "."), "no star"),
            (board(STAR_D4).replace("1,.,./", "1,./", 1), "rank 8 has 5 fields"),
            (board(STAR_D4).replace("4,", "x,", 1), "field a4 holds 'x'"),
            (board(STAR_D4).replace("5/", "1/", 1), "chip 1 lies on the board twice"),
            ("/".join(board(STAR_D4).split("/")[:8]), "9 ranks"),
        ],
    )
    def test_board_errors_name_the_field(self, board_text, words):
        with pytest.raises(PositionError, match=words):
            GAME.from_position(f"{board_text} {STAR_D4_REST}")

    def test_only_the_last_round_ends_with_an_empty_board(self):
        with pytest.raises(PositionError, match="only the last round"):
            GAME.from_position(f"{board(EMPTY_STAR_D5)} 1 1-24/25-48 r1/2")

    def test_a_swap_step_needs_something_to_swap(self):
        with pytest.raises(PositionError, match="nothing to swap"):
            GAME.from_position(f"{board(STAR_D4)} 1 10-29/30-48 x1,1 swap")


class TestEffect:
    def test_a_star_move_reports_its_path_and_chip(self):
        effect = GAME.effect(pos(STAR_D4, STAR_D4_REST), "d8")
        assert (effect.seat, effect.origin, effect.target, effect.chip) == (0, "d4", "d8", 1)
        assert effect.path == ("d5", "d6", "d7") and not effect.jump and effect.round_end is None

    def test_a_swap_reports_both_chips_and_the_partner(self):
        s = GAME.play(TestSwapVariant().start(), "d6")
        effect = GAME.effect(s, "5x4")
        assert (effect.give, effect.take, effect.partner) == (5, 4, 1)

    def test_a_solitaire_move_reports_the_chain_joined(self):
        s = pos(TestSolitaire.CHOICE, f"1 {TestSolitaire.CHAINS}")
        assert GAME.effect(s, "d6+").joined == "upper"

    def test_an_illegal_move_has_no_effect(self):
        with pytest.raises(IllegalMove):
            GAME.effect(pos(STAR_D4, STAR_D4_REST), "d2")


class TestQueriesForTheView:
    def test_why_unreachable_names_the_rule_or_says_nothing(self):
        s = pos(STAR_D4, STAR_D4_REST)
        assert GAME.why_unreachable(s, "d3") is None
        assert "first chip" in str(GAME.why_unreachable(s, "d2")) and GAME.why_unreachable(s, "d2").rule == "blocked"
        assert "empty" in str(GAME.why_unreachable(s, "e4")) and GAME.why_unreachable(s, "e4").rule == "field-empty"

    def test_groups_and_longest_chain(self):
        s = pos(STAR_D4, "1 10-12,14,16-29/13,15,30-48")
        assert GAME.groups(s, 0) == ((10, 12), (14, 14), (16, 29))
        assert GAME.chain_lengths(s, 0) == [14, 3]
        assert GAME.longest_chain(s, 1) == 19

    def test_legal_moves_are_exactly_the_star_targets(self):
        s = pos(STAR_D4, STAR_D4_REST)
        assert [t.field for t in GAME.star_targets(s)] == GAME.legal_moves(s)

    def test_standings_group_equal_seats(self):
        s = TestResult.finished(
            "1-3,7,10,13,16,19,22,25,28,31,34,37,40,43,46/4-6,8,11,14,17,20,23,26,29,32,35,38,41,44,47/9,12,15,18,21,24,27,30,33,36,39,42,45,48"
        )
        assert GAME.standings(s) == [(0, 1), (2,)]
        assert GAME.leaders(s) == (0, 1) == tuple(GAME.winners(s))

    def test_nobody_leads_while_every_seat_ties(self):
        s = pos(STAR_D4, "1 10-12,16-29/13-15,30-48")
        assert GAME.standings(s) == [(1,), (0,)] and GAME.leaders(s) == (1,)
        even = pos(STAR_D4, "1 10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48/11,13,15,17,19,21,23,25,27,29,31,33,35,37,39,41,43,45,47")
        assert GAME.standings(even) == [(0, 1)] and GAME.leaders(even) == ()
        assert GAME.leaders(pos(TestSolitaire.CHOICE, f"1 {TestSolitaire.CHAINS}")) == ()

    def test_held_groups_say_which_are_chains_complete_and_longest(self):
        s = pos(STAR_D4, "1 10-12,14,16-18,20-29/13,15,19,30-48")
        assert [(g.low, g.high, g.chain, g.complete, g.longest) for g in GAME.held_groups(s, 0)] == [
            (10, 12, True, False, False),
            (14, 14, False, False, False),
            (16, 18, True, False, False),
            (20, 29, True, False, True),
        ]
        solo = pos(TestSolitaire.CHOICE, f"1 {TestSolitaire.CHAINS}")
        held = GAME.held_groups(solo, 0)
        assert all(g.chain and not g.longest for g in held)
        assert [(g.low, g.high) for g in held if g.complete] == [(lo, hi) for lo, hi in GAME.groups(solo, 0) if hi - lo + 1 >= 6]

    def test_the_solitaire_and_the_chips_left(self):
        assert GAME.is_solitaire(GAME.new_game(players=1)) and not GAME.is_solitaire(GAME.new_game(players=2))
        assert GAME.chips_on_board(GAME.new_game(players=2)) == 48 and GAME.chips_on_board(pos(STAR_D4, STAR_D4_REST)) == 9

    def test_the_scoring_table_starts_at_the_shortest_chain(self):
        table = GAME.chain_points_from_shortest(5)
        assert table == [(2, 3), (3, 6), (4, 10), (5, 15), (6, 21)]
        # The shortest length listed is the shortest that scores: one chip less scores nothing.
        assert GAME.chain_points_from_shortest(1)[0][1] > 0 and chain_points(table[0][0] - 1) == 0
        assert [GAME.chain_points(n) for n in (1, 11)] == [0, 66]

    def test_finished_rounds(self):
        s = GAME.new_game(players=2, seed=3, rounds=2)
        assert GAME.finished_rounds(s) == 0
        while s.round == 1:
            s = GAME.play(s, GAME.legal_moves(s)[0])
        assert GAME.finished_rounds(s) == 1
        while not GAME.is_over(s):
            s = GAME.play(s, GAME.legal_moves(s)[0])
        assert GAME.finished_rounds(s) == 2 == len(GAME.round_table(s))

    def test_the_solitaire_grades(self):
        assert [GAME.solitaire_grade(n) for n in range(4)] == ["superb", "good", "not bad", None]
        assert dict(GAME.solitaire_grades()) == {0: "superb", 1: "good", 2: "not bad"}

    def test_a_chain_choice_is_offered_only_for_a_chip_the_star_may_take(self):
        s = pos(TestSolitaire.CHOICE, f"1 {TestSolitaire.CHAINS}")
        assert GAME.chain_choice(s, "d6") == ((31, 31), (33, 37))
        assert GAME.chain_choice(s, "d4") is None and GAME.chain_choice(s, "zz") is None
        assert GAME.chain_choice(pos(STAR_D4, STAR_D4_REST), "d3") is None

    def test_half_a_swap_is_refused_as_every_whole_swap_with_it(self):
        # The view asks for each chip picked; the answer is what a whole swap with it would meet.
        s = GAME.play(TestSwapVariant().start(), "d6")
        gives = {give for give, _take, _seat in GAME.allowed_swaps(s)}
        takes = {take for _give, take, _seat in GAME.allowed_swaps(s)}
        any_give, any_take = min(gives), min(takes)
        for chip in range(1, 49):
            half = GAME.why_illegal_give(s, chip)
            whole = GAME.why_illegal(s, f"{chip}x{any_take}")
            assert (half is None) == (chip in gives) and half == whole, chip
            half = GAME.why_illegal_take(s, chip)
            whole = GAME.why_illegal(s, f"{any_give}x{chip}")
            assert (half is None) == (chip in takes) and half == whole, chip
        assert GAME.why_illegal_give(pos(STAR_D4, STAR_D4_REST), 10).rule == "swap-not-now"

    def test_a_swap_is_offered_exactly_when_the_swap_step_follows(self):
        steps = 0
        for seed in range(3):
            s = GAME.new_game(players=3, seed=seed, swap=True)
            while not GAME.is_over(s):
                after = GAME.play(s, GAME.legal_moves(s)[-1])
                if s.phase == STAR_PHASE and after.round == s.round and not GAME.is_over(after):
                    # The chip taken, still the mover's turn: what the engine judged a swap step by.
                    taken = replace(after, to_move=s.to_move)
                    assert GAME.swap_offered(taken) == (after.phase == SWAP_PHASE)
                    steps += after.phase == SWAP_PHASE
                s = after
        assert steps > 10

    def test_a_star_move_says_its_direction_and_the_chain_the_chip_joined(self):
        s = pos(STAR_D4.replace("9  .  .\n", ".  .  .\n"), "1 9-29/30-48")  # 9 taken: 8 on e3 joins 9-29
        effect = GAME.effect(s, "e3")
        assert (effect.direction, effect.chip, effect.chain) == ("down-right", 8, (8, 29))
        assert GAME.effect(pos(STAR_D4, STAR_D4_REST), "d8").chain is None


class TestLayoutAndAges:
    def test_a_layout_is_refused_with_its_rule(self):
        good = list(range(49))
        assert GAME.check_layout(good) == (bytes(good), 0)
        cases = [
            (good[:48], "layout-size", {"count": 48}),
            ([49] + good[1:], "layout-content", {"field": "c9"}),
            (good[:3] + ["x"] + good[4:], "layout-content", {"field": "b8"}),
            ([0] + good[1:48] + [0], "layout-twice", {"value": 0, "field": "e1"}),
            (good[:5] + [4] + good[6:], "layout-twice", {"value": 4, "field": "d8"}),
        ]
        for layout, rule, params in cases:
            with pytest.raises(LayoutError) as info:
                GAME.check_layout(layout)
            assert (info.value.rule, info.value.params) == (rule, params)
            with pytest.raises(ValueError):
                GAME.new_game(players=2, layout=layout)

    def test_an_age_is_a_whole_number_of_years_up_to_150(self):
        assert all(GAME.is_age(n) for n in (0, 48, 150))
        assert not any(GAME.is_age(n) for n in (-1, 151, True, "30", 30.0))
        with pytest.raises(ValueError, match="from 0 to 150"):
            GAME.new_game(players=2, ages=[30, 151])


class TestWhyIllegal:
    def test_the_star_reaches_the_first_chip_in_line(self):
        s = pos(STAR_D4, STAR_D4_REST)
        assert GAME.why_illegal(s, "d3") is None and s.phase == "star"
        refusal = GAME.why_illegal(s, "d2")
        assert (refusal.rule, refusal.params) == ("blocked", {"chip": 7, "blocker_field": "d3", "here": "d4"})
        assert GAME.why_illegal(s, "e4").rule == "field-empty"
        assert GAME.why_illegal(s, "d4").rule == "star-here"

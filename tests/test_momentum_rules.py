"""Momentum rules, each from a small literal position (board drawn rank 7 at the top)."""

from __future__ import annotations

import pytest

from ludothek.games import IllegalMove, InvalidMoveText, get_game
from ludothek.games.base import Outcome, PositionError
from ludothek.games.momentum import MomentumRule, Placed, Push, Swapped
from ludothek.games.momentum_state import OVER, PLACE, PLACE_OR_SWAP, MomentumEnd

G = get_game("momentum")


def pos(*ranks: str, to_move="R", hands=None, extra="", size=None) -> str:
    """A position text from ranks drawn top to bottom; hands default to the stones not on the board."""
    height, width = len(ranks), len(ranks[0])
    size = size or f"{width}x{height}"
    board = "".join(ranks)
    players = 3 if "G" in board or (hands and len(hands) == 3) else 2
    if hands is None:
        total = {2: {"7x7": 8, "7x9": 10, "9x9": 12}, 3: {"7x7": 6, "7x9": 7, "9x9": 8}}[players][size]
        hands = [total - board.count(c) for c in "RBG"[:players]]
    text = f"{size} {'/'.join(ranks)} {to_move} {','.join(map(str, hands))}"
    return f"{text} {extra}".strip()


def board_after(text: str, move: str) -> list[str]:
    s = G.play(G.from_position(text), move)
    return G.position(s).split(" ")[1].split("/")


class TestPushesInEveryDirection:
    # A red stone placed on d4 with one blue neighbour in each of the eight directions:
    # every neighbour moves one cell outward.
    START = pos(
        ".........",
        ".........",
        ".........",
        "...BBB...",
        "...B.B...",
        "...BBB...",
        ".........",
        ".........",
        ".........",
    )

    def test_all_eight_neighbours_move_outward(self):
        assert board_after(self.START, "e5") == [
            ".........",
            ".........",
            "..B.B.B..",
            ".........",
            "..B.R.B..",
            ".........",
            "..B.B.B..",
            ".........",
            ".........",
        ]

    @pytest.mark.parametrize(
        "neighbour,pushed_to",
        [("e4", "f4"), ("c4", "b4"), ("d5", "d6"), ("d3", "d2"), ("e5", "f6"), ("c3", "b2"), ("e3", "f2"), ("c5", "b6")],
    )
    def test_each_direction_alone(self, neighbour, pushed_to):
        s = G.play(G.from_position(_with_stone(neighbour, "B")), "d4")
        assert _stone_at(s, pushed_to) == "B"
        assert _stone_at(s, neighbour) == "."


def _with_stone(cell: str, stone: str) -> str:
    ranks = [list(".......") for _ in range(7)]
    f, r = "abcdefg".index(cell[0]), int(cell[1:])
    ranks[7 - r][f] = stone
    return pos(*("".join(x) for x in ranks))


def _stone_at(s, cell: str) -> str:
    ranks = G.position(s).split(" ")[1].split("/")
    f, r = "abcdefg".index(cell[0]), int(cell[1:])
    return ranks[len(ranks) - r][f]


class TestRuns:
    def test_only_the_last_stone_of_a_run_moves(self):
        after = board_after(pos(".......", ".......", ".......", "...RBB.", ".......", ".......", "......."), "c4")
        # c4 placed; run d4 e4 f4 to the east: only f4 moves to g4.
        assert after[3] == "..RRB.B"

    def test_a_gap_ends_the_run(self):
        after = board_after(pos(".......", ".......", ".......", "...R.B.", ".......", ".......", "......."), "c4")
        # c4 placed; the run east is d4 alone (e4 is empty): d4 moves to e4, f4 is untouched.
        assert after[3] == "..R.RB."

    def test_a_run_reaching_the_edge_pushes_its_last_stone_off(self):
        text = pos(".......", ".......", ".......", "...RBBR", ".......", ".......", ".......", hands=[6, 6])
        s = G.play(G.from_position(text), "c4")  # it is red's move: red places on c4
        assert G.position(s).split(" ")[1].split("/")[3] == "..RRBB."
        assert s.hands == (6, 6)  # red placed one (7->... ) and got g4 back

    def test_stone_of_any_colour_is_pushed_and_returned_to_its_owner(self):
        text = pos(".......", ".......", ".......", "R.....B", ".......", ".......", ".......", hands=[7, 7])
        s = G.from_position(text)
        s = G.play(s, "b4")  # red on b4 pushes a4 (red) off: red's own stone comes back
        assert s.hands == (7, 7)
        s = G.play(s, "f4")  # blue on f4 pushes g4 (blue) off
        assert s.hands == (7, 7)

    def test_several_stones_returned_at_once(self):
        # Red on b6: a7, b7, c7 (top edge), a6 (left edge) and a5 (diagonal off the corner) all leave.
        text = pos("BBB....", "B......", "B......", ".......", ".......", ".......", ".......")
        s = G.play(G.from_position(text), "b6")
        assert s.hands == (7, 8)
        assert G.scores(s) == [1, 0]
        assert len(G.effect(G.from_position(text), "b6").pushes) == 5

    def test_placed_stone_never_moves(self):
        text = pos(".......", ".......", ".......", "RBR.RBR", ".......", ".......", ".......")
        s = G.play(G.from_position(text), "d4")
        assert G.position(s).split(" ")[1].split("/")[3] == ".BRRRB."


class TestWinning:
    def test_emptying_the_hand_wins(self):
        text = pos(".......", ".R.R.R.", ".......", ".R.R.R.", ".......", ".R...B.", ".......", hands=[1, 7])
        s = G.play(G.from_position(text), "a1")
        assert G.is_over(s) and G.winners(s) == [0]
        assert G.legal_moves(s) == [] and G.current_player(s) is None

    def test_no_win_when_a_push_returns_one_of_the_movers_stones(self):
        # Red's last stone lands on a2, which pushes red's a1 off the board: red has a stone again.
        text = pos(".......", ".R.R.R.", ".......", ".R.R.R.", ".......", ".......", "R......", hands=[1, 8])
        s = G.play(G.from_position(text), "a2")
        assert not G.is_over(s)
        assert s.hands[0] == 1

    def test_opponent_stones_returned_do_not_let_the_opponent_win(self):
        text = pos(".......", ".......", ".......", "BR.....", ".......", ".......", ".......")
        s = G.play(G.from_position(text), "c4")
        assert not G.is_over(s) and s.hands == (6, 8)

    def test_win_is_decided_after_all_pushes(self):
        # Red's last stone pushes blue off the board and nothing of red's: red wins.
        text = pos(".......", ".R.R.R.", ".......", ".R.R.RB", ".......", ".R.....", ".......")
        s = G.play(G.from_position(text), "e4")
        # The run f4 g4 ends at the edge, so blue's g4 goes off; red's d4 moves to c4.
        assert G.is_over(s) and G.winners(s) == [0]
        assert s.hands == (0, 8)


class TestPieRule:
    def test_start_of_a_two_player_game_has_the_pie_rule_pending(self):
        s = G.new_game(players=2)
        assert G.position(s) == "7x7 ......./......./......./......./......./......./....... R 8,8 pie"
        assert "swap" not in G.legal_moves(s)

    def test_second_player_may_swap_on_their_first_turn(self):
        s = G.play(G.new_game(players=2), "d4")
        assert G.position(s) == "7x7 ......./......./......./...R.../......./......./....... B 7,8 swap"
        assert "swap" in G.legal_moves(s)
        s = G.play(s, "swap")
        assert G.position(s) == "7x7 ......./......./......./...B.../......./......./....... R 8,7"
        assert "swap" not in G.legal_moves(s)

    def test_swap_is_gone_after_the_second_players_first_turn(self):
        s = G.play(G.play(G.new_game(players=2), "d4"), "a1")
        assert "swap" not in G.legal_moves(s)
        with pytest.raises(IllegalMove, match="not available"):
            G.play(s, "swap")

    def test_swap_before_the_first_stone_is_refused(self):
        with pytest.raises(IllegalMove, match="second player's first turn"):
            G.play(G.new_game(players=2), "swap")

    def test_no_pie_rule_with_three_players_or_when_off(self):
        assert G.position(G.new_game(players=3)).endswith("R 6,6,6")
        s = G.play(G.new_game(players=2, pie=False), "d4")
        assert "swap" not in G.legal_moves(s)
        with pytest.raises(ValueError, match="only played with 2 players"):
            G.new_game(players=3, pie=True)


class TestThreePlayers:
    def test_turn_order_red_blue_green(self):
        s = G.new_game(players=3)
        order = []
        for move in ("a1", "g7", "a7", "g1"):
            order.append(G.current_player(s))
            s = G.play(s, move)
        assert order == [0, 1, 2, 0]

    def test_stone_counts(self):
        for size, n in (("7x7", 6), ("7x9", 7), ("9x9", 8)):
            assert G.new_game(players=3, size=size).hands == (n, n, n)
        for size, n in (("7x7", 8), ("7x9", 10), ("9x9", 12)):
            assert G.new_game(players=2, size=size).hands == (n, n)


class TestBoardSizes:
    def test_7x9_is_seven_files_by_nine_ranks(self):
        s = G.new_game(size="7x9")
        assert (s.width, s.height) == (7, 9)
        assert "g9" in G.legal_moves(s) and "h1" not in G.legal_moves(s)
        with pytest.raises(IllegalMove, match="not a cell"):
            G.play(s, "h1")

    def test_bad_size(self):
        with pytest.raises(ValueError, match="board size"):
            G.new_game(size="8x8")


class TestHole:
    def test_stone_pushed_into_a_hole_returns_to_its_owner(self):
        text = pos(".......", ".......", ".......", "..RBx..", ".......", ".......", ".......", hands=[7, 7])
        s = G.play(G.from_position(text), "b4")
        assert G.position(s).split(" ")[1].split("/")[3] == ".RR.x.."  # blue fell into the hole on e4
        assert s.hands == (6, 8)
        assert _stone_at(s, "e4") == "x"

    def test_nothing_may_be_placed_on_a_special_cell(self):
        s = G.new_game(size="9x9", holes=["e5"])
        assert "e5" not in G.legal_moves(s)
        with pytest.raises(IllegalMove, match="special cell"):
            G.play(s, "e5")

    def test_a_stone_next_to_a_hole_falls_in(self):
        text = pos(".......", ".......", ".......", "....Rx.", ".......", ".......", ".......", hands=[7, 8])
        s = G.play(G.from_position(text.replace(" R ", " B ")), "d4")
        assert _stone_at(s, "e4") == "." and s.hands == (8, 7)


# A stone placed on rank 4 of a 7x7 board that holds nothing but the row drawn: the row after it.
ALONG_RANK_4 = [
    # row, move, rank 4 after the move, what it shows
    ("...BdB.", "c4", "..RBdB.", "a damper ends the run: d4 alone is stopped there, f4 beyond is untouched"),
    ("...BBd.", "c4", "..RBBd.", "a damper absorbs the momentum"),
    (".B.Bd..", "c4", "B.RBd..", "a damper on one side does not stop the other side"),
    ("BB.Bp..", "c4", "B.RBp..", "a buffer: d4 stays, a4 goes off, then the reflected push moves b4 to a4"),
    (".BB.Bp.", "d4", "BB.RBp.", "a buffer: b4 to a4, then the reflected push moves c4 to b4 (two stones the same way)"),
    ("...Bp..", "c4", "..RBp..", "reflected momentum never moves the placed stone"),
    (".pB.Bp.", "d4", ".pBRBp.", "placed between two buffers: nothing moves on that axis"),
    ("dBB.Bp.", "d4", "dBBRBp.", "reflected momentum is stopped by a damper"),
]


@pytest.mark.parametrize("row,move,after,shows", ALONG_RANK_4, ids=[case[3] for case in ALONG_RANK_4])
def test_dampers_and_buffers_along_a_rank(row, move, after, shows):
    assert board_after(pos(".......", ".......", ".......", row, ".......", ".......", "......."), move)[3] == after


class TestBuffer:
    # c4 placed; the east run d4 ends before the buffer e4: a4 goes off, then the reflected push moves b4.
    REFLECTED = pos(".......", ".......", ".......", "BB.Bp..", ".......", ".......", ".......")

    def test_a_stone_pushed_off_by_reflected_momentum_goes_back_to_its_owner(self):
        assert G.play(G.from_position(self.REFLECTED), "c4").hands == (7, 6)

    def test_the_effect_says_which_pushes_were_reflected(self):
        text = pos(".......", ".......", ".......", ".BB.Bp.", ".......", ".......", ".......")
        assert [p.reflected for p in G.effect(G.from_position(text), "d4").pushes] == [False, True]


class TestSpecialCellSetup:
    def test_random_specials_are_point_symmetric_and_seeded(self):
        a = G.new_game(random_specials=6, seed=3)
        b = G.new_game(random_specials=6, seed=3)
        assert a.board == b.board
        assert sum(c in "xdp" for c in a.board) == 6
        assert a.board == a.board[::-1]  # 180-degree rotation maps the layout onto itself

    def test_by_hand_and_random_are_exclusive(self):
        with pytest.raises(ValueError, match="either by hand or at random"):
            G.new_game(random_specials=2, holes=["a1"])

    def test_bad_special_cell(self):
        with pytest.raises(ValueError, match="not a cell"):
            G.new_game(holes=["z9"])
        with pytest.raises(ValueError, match="already holds"):
            G.new_game(holes=["a1"], dampers=["a1"])


class TestRoundLimit:
    def test_most_stones_on_the_board_wins_after_the_limit(self):
        s = G.new_game(round_limit=1, pie=False)
        s = G.play(s, "a1")
        assert not G.is_over(s)
        s = G.play(s, "c3")  # blue's stone lands next to... a1 is not adjacent to c3: nothing moves
        assert G.is_over(s) and G.winners(s) == []  # one stone each: a draw

    def test_leader_wins(self):
        s = G.new_game(round_limit=1, pie=False)
        s = G.play(G.play(s, "b2"), "a1")  # blue on a1 pushes red's b2 to c3: both keep one stone
        assert G.winners(s) == []
        s = G.new_game(round_limit=1, pie=False)
        s = G.play(G.play(s, "a2"), "a3")  # blue on a3 pushes red's a2 to a1: still one each
        assert G.winners(s) == []
        s = G.new_game(round_limit=1, pie=False)
        s = G.play(G.play(s, "a1"), "b1")  # blue on b1 pushes red a1 off: blue has more
        assert G.winners(s) == [1]

    def test_tied_leaders_share_the_win_and_a_tie_of_all_is_a_draw(self):
        # Our decision for three players, stated in the rules text's "Clarifications" (rules/momentum.en.md).
        s = G.new_game(players=3, round_limit=1)
        s = G.play(G.play(G.play(s, "a1"), "b1"), "e5")  # blue on b1 pushes red's a1 off: blue and green lead
        assert G.is_over(s) and G.winners(s) == [1, 2]
        s = G.new_game(players=3, round_limit=1)
        s = G.play(G.play(G.play(s, "a1"), "c3"), "e5")  # nothing touches: one stone each
        assert G.is_over(s) and G.winners(s) == []

    def test_round_token_in_position(self):
        s = G.new_game(round_limit=30)
        assert G.position(s).endswith("pie r1/30")
        s = G.play(G.play(s, "a1"), "g7")
        assert G.position(s).endswith("r2/30")


class TestPositionNotation:
    START = "7x7 ......./......./......./......./......./......./....... R 8,8 pie"
    AFTER = "7x7 ......./......./......./...R.../......./......./....... B 7,8 swap"

    def test_examples_from_design(self):
        assert G.position(G.from_position(self.START)) == self.START
        assert G.position(G.from_position(self.AFTER)) == self.AFTER

    @pytest.mark.parametrize(
        "text,message",
        [
            ("7x7 ......./......./......./......./......./......./....... R 8,8 pie extra", "unknown token"),
            ("7x7 ......./......./......./......./......./......./....... R 8,8 pie r1/3 extra", "4 to 6 tokens"),
            ("8x8 ........ R 8,8", "board size"),
            ("7x7 ......./....... R 8,8", "7 ranks"),
            ("7x7 ......./......./......./...Q.../......./......./....... R 8,8", "unknown cell"),
            ("7x7 ......./......./......./...R.../......./......./....... R 8,8", "stones on the board"),
            ("7x7 ......./......./......./......./......./......./....... G 8,8", "player to move"),
            ("7x7 ......./......./......./......./......./......./....... R 8,8 swap", "'swap' needs"),
            ("7x7 ......./......./......./......./......./......./....... R 8,8 q5", "unknown token"),
            ("7x7 ......./......./......./......./......./......./....... R x,8", "hands"),
        ],
    )
    def test_bad_positions_say_what_is_wrong(self, text, message):
        with pytest.raises(PositionError, match=message):
            G.from_position(text)

    def test_finished_position_names_the_winner(self):
        s = G.from_position(pos(".......", ".RRRR..", ".......", ".RRRR..", ".......", ".......", ".......", to_move="B", hands=[0, 8]))
        assert G.is_over(s) and G.winners(s) == [0]


class TestIllegalMoves:
    def test_occupied_cell(self):
        s = G.play(G.new_game(pie=False), "d4")
        with pytest.raises(IllegalMove, match="occupied"):
            G.play(s, "d4")

    def test_not_a_cell(self):
        s = G.new_game()
        # A cell of a larger board is a move this board forbids; other text is not a move at all.
        for move in ("h1", "a8"):
            with pytest.raises(IllegalMove, match="not a cell"):
                G.play(s, move)
        for move in ("a0", "d44", "D4", ""):
            with pytest.raises(InvalidMoveText):
                G.play(s, move)

    def test_after_the_end(self):
        s = G.from_position(pos(".......", ".RRRR..", ".......", ".RRRR..", ".......", ".......", ".......", to_move="B", hands=[0, 8]))
        with pytest.raises(IllegalMove, match="over"):
            G.play(s, "a1")


class TestWhyIllegal:
    # One blue stone on d4, red to move.
    S = G.from_position(pos(".......", ".......", ".......", "...B...", ".......", ".......", "......."))

    def test_a_legal_move_has_no_refusal(self):
        assert G.why_illegal(self.S, "c3") is None and self.S.phase == "place"

    def test_the_refusal_names_the_rule_and_its_cell(self):
        refusal = G.why_illegal(self.S, "d4")
        assert (refusal.rule, refusal.text, refusal.params) == ("cell-occupied", "the cell is occupied by a stone", {"cell": "d4"})

    def test_text_that_is_no_cell_is_refused_too(self):
        assert G.why_illegal(self.S, "z9").rule == "not-a-cell"


class TestPhasesAndEnds:
    """One state shape: the phase is stored, game over is asked through `outcome`, and the rules
    and end reasons are the engine's declared values."""

    def test_the_phase_follows_the_pie_rule_through_a_game(self):
        s = G.new_game(players=2)
        assert (s.phase, s.swap_ahead, G.swap_offered(s)) == (PLACE, True, False)
        s = G.play(s, "d4")
        assert (s.phase, s.swap_ahead, G.swap_offered(s)) == (PLACE_OR_SWAP, False, True)
        assert G.play(s, "a1").phase == G.play(s, "swap").phase == PLACE

    def test_a_position_read_back_has_the_phase_it_was_written_with(self):
        for text in (TestPositionNotation.START, TestPositionNotation.AFTER):
            s = G.from_position(text)
            assert G.position(s) == text
            assert s.phase == (PLACE_OR_SWAP if text.endswith("swap") else PLACE)

    def test_an_empty_hand_ends_the_game_with_its_declared_reason(self):
        text = pos(".......", ".R.R.R.", ".......", ".R.R.R.", ".......", ".R...B.", ".......", hands=[1, 7])
        s = G.play(G.from_position(text), "a1")
        assert s.phase == OVER and s.outcome == Outcome((0,), MomentumEnd.HAND_EMPTY)
        assert G.from_position(G.position(s)).outcome == s.outcome

    def test_the_round_limit_ends_the_game_with_its_declared_reason(self):
        s = G.play(G.play(G.new_game(round_limit=1, pie=False), "a1"), "b1")
        assert s.phase == OVER and s.outcome == Outcome((1,), MomentumEnd.ROUND_LIMIT)
        assert s.outcome.reason == "round-limit"  # the declared value is its identifier's text

    def test_every_refusal_names_a_declared_rule(self):
        s = G.play(G.new_game(players=2), "d4")
        refused = {G.why_illegal(s, "d4").rule, G.why_illegal(G.new_game(), "swap").rule, G.why_illegal(G.play(s, "a1"), "swap").rule}
        refused |= {G.why_illegal(G.new_game(holes=["e5"]), "e5").rule, G.why_illegal(s, "h1").rule}
        assert refused == set(MomentumRule) and set(G.move_rules) == set(MomentumRule)


class TestEffects:
    """What a move did, one exact type per kind of move."""

    def test_a_placement_names_its_cell_and_pushes(self):
        text = pos(".......", ".......", ".......", "....B..", ".......", ".......", ".......")
        effect = G.effect(G.from_position(text), "d4")
        assert effect == Placed(cell=24, pushes=(Push(25, 26, "B"),)) and effect.kind == "placed"

    def test_a_swap_names_the_stone_it_took_over(self):
        s = G.play(G.new_game(players=2), "d4")
        effect = G.effect(s, "swap")
        assert effect == Swapped(cell=24) and effect.kind == "swapped" and not hasattr(effect, "pushes")


class TestSetupQuestions:
    """What the setup form asks the engine."""

    def test_the_stones_dealt_and_the_board_of_each_size(self):
        assert [G.stones_each(2, size) for size in G.option("size").choices] == [8, 10, 12]
        assert [G.stones_each(3, size) for size in G.option("size").choices] == [6, 7, 8]
        assert [G.dimensions(size) for size in G.option("size").choices] == [(7, 7), (7, 9), (9, 9)]
        assert all(G.new_game(players=p, size=size).hands == (G.stones_each(p, size),) * p for p in (2, 3) for size in ("7x7", "9x9"))

    def test_the_centre_cell_is_where_an_odd_count_of_random_specials_puts_one(self):
        for size in G.option("size").choices:
            s = G.new_game(size=size, random_specials=1, seed=5)
            assert [cell for cell in G.legal_cells(G.new_game(size=size)) if cell not in G.legal_cells(s)] == [G.centre_cell(size)]

    def test_the_advice_counts_specials_by_hand_and_at_random(self):
        assert not G.specials_beyond_advice({"random_specials": 6})
        assert G.specials_beyond_advice({"random_specials": 7})
        assert G.specials_beyond_advice({"holes": ["a1", "b1"], "dampers": ["c1", "d1"], "buffers": ["e1", "f1", "g1"]})
        assert not G.specials_beyond_advice({"size": "9x9", "pie": True})

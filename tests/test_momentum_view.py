"""The Momentum view: what a player sees and what each click does, from literal positions.

Positions read `<W>x<H> <ranks top to bottom> <to move> <hands> [pie|swap]`; `R`/`B` stones,
`x` hole, `d` damper, `p` buffer.
"""

from __future__ import annotations

import pytest

from markup import enabled, parse, targets, texts
from ludothek.games import get_game
from ludothek.games.base import PositionError
from ludothek.render import game_panels, get_view
from ludothek.render.momentum import parse_specials_text
from ludothek.render.view import UIState

G = get_game("momentum")
V = get_view("momentum")
LIVE = UIState(interactive=True)
NAMES = ["Ada", "Bert"]
START = "7x7 ......./......./......./......./......./......./....... R 8,8 pie"
AFTER_D4 = "7x7 ......./......./......./...R.../......./......./....... B 7,8 swap"
# Blue to move; red f4 and blue g4 form a run that ends at the right edge.
RUN_TO_EDGE = "7x7 ......./......./......./.....RB/......./......./....... B 7,7"
HOLE_E5 = "7x7 ......./......./....x../......./......./......./....... R 8,8"


def at(text: str):
    return G.from_position(text)


def board_cells(s, ui: UIState = LIVE) -> dict:
    return {e.get("data-target"): e for e in parse(V.board_svg(s, ui)).iter() if e.get("data-target")}


class TestTargets:
    def test_every_empty_cell_and_nothing_else_is_an_enabled_target(self):
        s = at(AFTER_D4)
        legal_cells = {m for m in G.legal_moves(s) if m != "swap"}
        assert enabled(V.board_svg(s, LIVE)) == legal_cells
        assert "d4" in targets(V.board_svg(s, LIVE)) and "d4" not in legal_cells

    def test_cells_carry_grid_coordinates_and_a_name(self):
        cells = board_cells(at(AFTER_D4))
        a1, g7, d4 = cells["a1"], cells["g7"], cells["d4"]
        assert (a1.get("data-x"), a1.get("data-y")) == ("0", "6")  # screen order: top row is y 0
        assert (g7.get("data-x"), g7.get("data-y")) == ("6", "0")
        assert d4.get("aria-label") == "d4: Red stone" and d4.get("aria-disabled") == "true"
        assert a1.get("aria-label") == "a1: empty" and a1.get("aria-disabled") is None

    def test_a_hole_is_named_and_not_a_legal_target(self):
        cells = board_cells(at(HOLE_E5))
        assert cells["e5"].get("aria-label") == "e5: hole"
        assert cells["e5"].get("aria-disabled") == "true"

    def test_a_finished_or_replayed_board_offers_no_targets(self):
        s = at(AFTER_D4)
        assert targets(V.board_svg(s, UIState(interactive=False))) == {}

    def test_one_cell_holds_the_keyboard_focus(self):
        focusable = [e for e in parse(V.board_svg(at(START), LIVE)).iter() if e.get("tabindex") == "0"]
        assert len(focusable) == 1


class TestClicks:
    def test_a_legal_cell_is_the_move(self):
        result = V.click(at(START), LIVE, "d4")
        assert result.move == "d4" and result.message is None

    def test_an_occupied_cell_says_so(self):
        result = V.click(at(AFTER_D4), LIVE, "d4")
        assert result.move is None and result.message == "d4 is occupied."

    def test_a_special_cell_says_what_it_is(self):
        result = V.click(at(HOLE_E5), LIVE, "e5")
        assert result.move is None and result.message == "e5 is a hole: nothing may be placed there."

    @pytest.mark.parametrize("token", ["z9", "", "a8", "swap"])
    def test_anything_else_is_refused_with_a_message(self, token):
        result = V.click(at(START), LIVE, token)
        assert result.move is None and result.message


class TestPieRule:
    def test_swap_is_offered_only_while_it_may_be_used(self):
        assert [a.target for a in V.actions(at(AFTER_D4), LIVE)] == ["swap"]
        assert V.actions(at(START), LIVE) == []
        assert V.actions(at(AFTER_D4), UIState(interactive=False)) == []
        assert "swap" in enabled(game_panels.actions_html(V.actions(at(AFTER_D4), LIVE)))

    def test_clicking_swap_plays_it(self):
        assert V.click(at(AFTER_D4), LIVE, "swap").move == "swap"

    def test_the_status_line_mentions_the_swap(self):
        assert V.status_text(at(AFTER_D4), LIVE, NAMES) == ("Bert to move: place a stone (8 left). Or swap: take over the first stone (pie rule).")


class TestLastMove:
    def test_the_placed_stone_and_the_push_are_shown(self):
        before = at(RUN_TO_EDGE)
        after = G.play(before, "e4")
        ui = LIVE.with_(last_before=before, last_move="e4", animate=True)
        svg = V.board_svg(after, ui)
        cells = board_cells(after, ui)
        assert "last" in cells["e4"].get("class").split()
        # Blue's g4 stone went back to hand: a fading ghost stands where it was.
        ghosts = [e for e in parse(svg).iter() if "returned" in (e.get("class") or "").split()]
        assert len(ghosts) == 1

    def test_the_move_is_told_in_words(self):
        before = at(RUN_TO_EDGE)
        after = G.play(before, "e4")
        assert V.describe_move(before, "e4", after, NAMES) == "Bert placed a stone on e4. Back to hand: Blue from g4."
        assert V.move_text(before, "e4") == "e4 (1 off)"

    def test_a_push_within_the_board_is_told(self):
        before = at("7x7 ......./......./......./....B../......./......./....... R 8,7")
        after = G.play(before, "d4")
        assert V.describe_move(before, "d4", after, NAMES) == "Ada placed a stone on d4. Pushed: Blue e4 to f4."


class TestPanels:
    def test_each_seat_shows_the_stones_in_hand(self):
        s = at(RUN_TO_EDGE)
        detail = parse(V.seat_details(s, 1))
        assert texts(detail) == ["7 stones in hand"]

    def test_status_names_the_player_to_move(self):
        assert V.status_text(at(START), LIVE, NAMES) == "Ada to move: place a stone (8 left)."


class TestSetup:
    def test_special_cells_are_read_from_text(self):
        assert parse_specials_text("e5:x c3:d", "7x7") == {"holes": ["e5"], "dampers": ["c3"], "buffers": []}

    @pytest.mark.parametrize("text", ["h1:x", "e5:q", "e5", "a0:x"])
    def test_unreadable_special_cells_are_refused(self, text):
        with pytest.raises(ValueError):
            parse_specials_text(text, "7x7")


class TestTheSetupAsksTheEngine:
    """The setup form's numbers and advice are the engine's answers, not the view's copies."""

    def test_the_sizes_and_their_stones_come_from_the_engine(self, monkeypatch):
        fields = {f.name: f for f in V.setup_fields()}
        assert [c.value for c in fields["size"].choices] == list(G.option("size").choices)
        assert "(2 players: 8, 10 or 12; 3 players: 6, 7 or 8)" in fields["size"].help
        monkeypatch.setattr(G, "stones_each", lambda players, size: players * 10 + int(size[-1]))
        assert "(2 players: 27, 29 or 29; 3 players: 37, 39 or 39)" in V.setup_field("size").help

    def test_the_advice_and_the_designers_limit_follow_the_engine(self, monkeypatch):
        monkeypatch.setattr(G, "advised_most_specials", 4)
        monkeypatch.setattr(G, "designer_round_limit", 25)
        fields = {f.name: f for f in V.setup_fields()}
        assert fields["random_specials"].help.endswith("no more than 4.")
        assert ("25", "25 (the designer's)") in [(c.value, c.label) for c in fields["round_limit"].choices]
        assert V.option_warnings({"random_specials": 4}, 2) == []
        assert V.option_warnings({"holes": ["a1", "b2"], "random_specials": 3}, 2) == ["The rulebook advises no more than 4 special cells."]

    def test_the_pie_field_is_read_for_the_player_counts_the_option_declares(self):
        assert V.options_from_form({"pie": "off"}, 2)["pie"] is False
        assert "pie" not in V.options_from_form({"pie": "on"}, 3)

    @pytest.mark.parametrize("size,centre", [("7x7", "d4"), ("7x9", "d5"), ("9x9", "e5")])
    def test_a_hole_in_the_centre_is_the_engines_centre(self, size, centre):
        assert V.options_from_form({"size": size, "specials": "centre-hole"}, 2)["holes"] == [G.centre_cell(size)] == [centre]

    def test_a_refused_position_lists_what_the_engine_allows(self):
        with pytest.raises(PositionError) as refused:
            G.from_position("8x8 ........ R 8,8")
        assert V.position_error_text(refused.value) == "The board size must be 7x7, 7x9 or 9x9, not “8x8”."
        with pytest.raises(PositionError) as refused:
            G.from_position("7x7 ......./......./......./......./......./......./....... R 6,6,6 pie")
        assert V.position_error_text(refused.value) == "The pie rule (pie or swap) is only played with 2 players, not 3."

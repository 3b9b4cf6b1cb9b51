"""The Mops Royal view in CPython: what a player can click and what it leads to (placing, scoring
with and without a choice of the tile to turn, refusing, passing), what the board, the panels and
the words show, the setup form, and that the order of the pile never reaches the page.

Positions are in the engine's notation (ludothek.games.mops): layouts ranks 9 to 1, then the pile
('?' = sorted, its order hidden), the revealed tile, the turn, the points.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from markup import enabled, parse, targets
from mops_positions import ALL_TILES
from ludothek.games import get_game
from ludothek.games.mops_layout import extent
from ludothek.i18n import set_language
from ludothek.render import game_panels, get_view, setup_screen
from ludothek.games.mops_rounds import TileOptionRule
from ludothek.render.mops import TILE_OPTION_TEXTS, MopsView
from ludothek.render.mops_board import display_window
from ludothek.render.rules import rules_body_html
from ludothek.render.view import UIState
from ludothek.web.session import GameSession, Seat

GAME = get_game("mops")
NAMES = ["Ada", "Bo", "Cy", "Di"]

# Two players at the start: Red (the caller) began with the pink bowl, Blue with the yellow
# bowl; the blue pug is revealed and Red places first.
START = "9/9/9/9/4Wp4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 ?PgPoPpPvPyBbBgBoBpBvByWbWgWoWvWyCbCgCoCpCvCyKbKgKoKpKvKyHbHgHoHpHvHy Pb p1 0,0"
# Round 4, the blue can: Red has the blue pug on e5 and the blue bowl on f5.
CAN = "9/9/9/4Ky4/3HgPbWb3/9/9/9/9,9/9/9/4Hg4/4WyKy3/4Wb4/9/9/9 ?PgPoPpPvPyBbBgBoBpBvByWgWoWpWvWyCgCoCpCvCyKbKgKoKpKvHbHoHpHvHy Cb p1 0,0"
# ... and after Red laid the can on g5: the blue line e5-f5-g5 may be scored.
LINE = "9/9/9/4Ky4/3HgPbWbCb2/9/9/9/9,9/9/9/4Hg4/4WyKy3/4Wb4/9/9/9 ?PgPoPpPvPyBbBgBoBpBvByWgWoWpWvWyCgCoCpCvCyKbKgKoKpKvHbHoHpHvHy Cb s1 0,0"
# Four pugs in an L (e5 e6 e7 f7, with the crowned green pug): the L's marked tiles are e6 and e7.
PUGS = "9/9/4PyPo3/4Pg4/3KyPb4/9/9/9/9,9/9/9/4Ky4/2PyPgWy4/9/9/9/9 ?PpPvBbBgBoBpBvByWbWgWoWpWvWyCbCgCoCpCvCyKbKgKoKpKvHbHgHoHpHvHy Po s1 0,0"
# Red's row c5-g5 is five wide: b5 and h5 are ruled out by the 5x5 limit.
WIDE = "9/9/9/4Kp4/2HvCgPbKyBo2/4Wv4/9/9/9,9/9/9/4KyBo3/4Wy4/3KpHvWv3/4Cg4/9/9 ?PgPoPpPvPyBbBgBpBvByWbWgWoWpWyCbCoCpCvKbKgKoKvHbHgHoHpHy Cy p1 0,0"
# Variant "Ersatzplättchen": Red has one face-down tile (f5), then two (d5 and f5, one refusal made).
ONE_DOWN = "9/9/9/4Ky4/3HgPbwbCb2/9/9/9/9,9/9/9/4Hg4/4WyKy3/4Wb4/4Cb4/9/9 ?PgPoPpPvPyBbBgBoBpBvByWgWoWpWvWyCgCoCpCvCyKbKgKoKpKvHbHpHvHy Ho p1 2,0 x0,0"
TWO_DOWN = "9/9/9/4Ky4/3hgPbwbCb2/9/9/9/9,9/9/9/4Hg4/4WyKy3/4Wb4/4Cb4/9/9 ?PgPoPpPvPyBbBgBoBpBvByWgWoWpWvWyCgCoCpCvCyKbKgKoKpKvHbHpHvHy Ho p1 4,0 x1,0"
# Variant "Wertung": the layouts are full and the final scoring begins with Red (an orange N of 5 is the best).
FINAL = (
    "9/9/9/2WvWyHvCbPg2/2PyBvCvKoKg2/2PpBpBoPoWg2/2WpKpWoPbWb2/2CyHyHoHbHg2/9,9/9/3BgWvCyHyPg1/3WgWbWoHoHg1/3WyWpKoKgKp1/"
    "3BpBoPoPpPy1/3CbBvHvPbHb1/9/9 ?PvBbByCgCoCpKbKvKyHp - f1 0,0 w"
)
# Solo: the blue pug and the blue bowl, the blue can revealed.
SOLO = "9/9/9/9/4PbWb3/9/9/9/9 ?PgPoPpPvPyBbBgBoBpBvByWgWoWpWvWyCgCoCpCvCyKbKgKoKpKvKyHbHgHoHpHvHy Cb p1 0"


def view() -> MopsView:
    return MopsView(GAME)


def pos(text):
    return GAME.from_public_position(text)


def public(s):
    return GAME.observation(s, None)


def page(v, s, ui) -> str:
    """Everything a view puts on the game screen for a state."""
    return v.board_svg(s, ui) + v.extra_html(s, ui) + game_panels.actions_html(v.actions(s, ui))


def text_of(html: str) -> str:
    return " ".join(t.strip() for t in parse(html).itertext() if t.strip())


LIVE = UIState(interactive=True)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# -- placing -------------------------------------------------------------------------------------------


class TestPlacing:
    def test_the_board_offers_exactly_the_cells_beside_the_layout(self):
        v, s = view(), pos(START)
        board = v.board_svg(s, LIVE)
        assert enabled(board) == set(GAME.legal_moves(s)) == {"e4", "d5", "f5", "e6"}
        result = v.click(s, LIVE, "f5")
        assert result.move == "f5" and result.message is None

    def test_every_cell_of_the_window_is_a_target_with_a_label_and_one_holds_the_cursor(self):
        v, s = view(), pos(START)
        cells = targets(v.board_svg(s, LIVE))
        assert len(cells) == 49  # the 7x7 window
        assert [c for c, e in cells.items() if e.get("tabindex") == "0"] == ["e6"]  # the first playable cell from the top
        assert cells["f5"].get("aria-label") == "f5: free. Place the blue pug here"
        assert cells["e5"].get("aria-label") == "e5: pink bowl" and cells["e5"].get("aria-disabled") == "true"
        assert cells["b8"].get("aria-label") == "b8: empty"
        # Arrow keys move on data-x (file, rightwards) and data-y (downwards on the screen).
        assert (cells["e5"].get("data-x"), cells["e5"].get("data-y")) == ("4", "4")
        assert (cells["f6"].get("data-x"), cells["f6"].get("data-y")) == ("5", "3")
        # The cursor stays where the player put it while that cell may still be played.
        assert targets(v.board_svg(s, LIVE.with_(cursor="d5")))["d5"].get("tabindex") == "0"

    def test_illegal_cells_say_why(self):
        v, s = view(), pos(START)
        assert "already holds a tile" in v.click(s, LIVE, "e5").message
        assert "does not touch your layout" in v.click(s, LIVE, "g7").message
        s = pos(WIDE)
        cells = targets(v.board_svg(s, LIVE))
        assert cells["b5"].get("aria-label") == "b5: blocked by the 5×5 limit"
        assert "outside the 5×5 square" in v.click(s, LIVE, "h5").message
        assert v.click(s, LIVE, "h5").move is None

    def test_blocked_cells_are_crossed_and_the_open_area_outlined(self):
        svg = view().board_svg(pos(WIDE), LIVE)
        root = parse(svg)
        blocked = {e.get("data-cell") for e in root.iter() if "blocked" in (e.get("class") or "").split()}
        assert blocked == {"b5", "h5"}
        assert svg.count('class="blocked-mark"') == 2
        assert svg.count('class="open-area"') == 1

    def test_the_window_stays_on_the_start_tile_until_the_layout_nears_an_edge(self):
        assert display_window(extent(pos(START).layouts[0])) == (1, 1)  # files b-h, ranks 2-8
        assert display_window(extent(pos(WIDE).layouts[0])) == (1, 1)
        edge = pos("9/9/9/9/PbWbCbKpHv4/9/9/9/9 ?" + "".join(t for t in ALL_TILES if t not in ("Pb", "Wb", "Cb", "Kp", "Hv", "Ky")) + " Ky p1 0")
        assert display_window(extent(edge.layouts[0])) == (0, 1)  # reaches file a: the window shifts by one

    def test_nothing_is_clickable_while_the_computer_plays(self):
        v, s = view(), pos(START)
        ui = UIState(interactive=False)
        assert targets(page(v, s, ui)) == {}
        assert 'role="img"' in v.board_svg(s, ui)


# -- scoring -------------------------------------------------------------------------------------------


class TestScoring:
    def test_a_combination_with_one_marked_tile_scores_with_one_click(self):
        v, s = view(), pos(LINE)
        extra = v.extra_html(s, LIVE)
        assert "Line of 3, all blue" in text_of(extra) and "turns f5 face down" in text_of(extra)
        assert enabled(extra) == {"e5,f5,g5!f5"}
        assert v.click(s, LIVE, "e5,f5,g5!f5").move == "e5,f5,g5!f5"
        assert [a.target for a in v.actions(s, LIVE)] == ["pass"]
        assert v.click(s, LIVE, "pass").move == "pass"

    def test_two_marked_tiles_ask_which_one_to_turn(self):
        v, s = view(), pos(PUGS)
        extra = v.extra_html(s, LIVE)
        options = [e for e in parse(extra).iter() if e.get("data-option")]
        assert [o.get("data-target") for o in options] == ["pick:e5,e6,e7,f7", "e5,e6,e7!e6", "e6,e7,f7!e7"]
        assert "L of 4, all pugs" in text_of(extra) and "5 points (crown)" in text_of(extra)
        assert "turns e6 or e7 face down (you choose)" in text_of(extra)

        result = v.click(s, LIVE, "pick:e5,e6,e7,f7")
        assert result.move is None and result.ui.selection == ("pick", "e5,e6,e7,f7")
        ui = result.ui
        board = v.board_svg(s, ui)
        assert enabled(board) == {"e6", "e7"}
        assert targets(board)["e7"].get("aria-label") == "e7: yellow pug. Turn this tile face down: score the L of 4, all pugs for 5 points"
        selected = {e.get("data-cell") for e in parse(board).iter() if "selected" in (e.get("class") or "").split()}
        assert selected == {"e5", "e6", "e7", "f7"} and board.count('class="select-mark"') == 4
        choice = v.extra_html(s, ui)
        assert enabled(choice) == {"e5,e6,e7,f7!e6", "e5,e6,e7,f7!e7", "cancel"}
        assert v.status_text(s, ui, NAMES) == "Ada: choose the tile to turn face down."
        assert v.actions(s, ui) == []  # no passing in the middle of a choice: go back first
        # The marked tile on the board, or its button, scores; another tile explains.
        assert v.click(s, ui, "e7").move == "e5,e6,e7,f7!e7"
        assert v.click(s, ui, "e5,e6,e7,f7!e6").move == "e5,e6,e7,f7!e6"
        assert v.click(s, ui, "f7").message == "Turn one of the marked tiles face down: e6 or e7."
        # Back, or Escape, returns to the list.
        assert v.click(s, ui, "cancel").ui.selection == ()
        assert v.cancel(ui).selection == ()

    def test_hovering_an_entry_outlines_its_tiles_on_the_layout(self):
        v, s = view(), pos(PUGS)
        extra = v.extra_html(s, LIVE)
        style = re.search(r"<style>(.*)</style>", extra).group(1)
        rule = re.search(r"\[data-option=o2\][^{]*\.cell:is\(([^)]*)\) \.hl", style).group(1)
        assert rule == "[data-cell=e6],[data-cell=e7],[data-cell=f7]"
        assert ".cell:is([data-cell=e7]) .flip-hint" in style  # the corner's marked tile
        board = v.board_svg(s, LIVE)
        assert board.count('class="hl"') == 5  # every face-up tile can be outlined
        assert "<" not in style and "&" not in style  # raw CSS inside HTML and XML

    def test_cells_do_nothing_while_scoring_but_say_what_to_do(self):
        v, s = view(), pos(LINE)
        assert enabled(v.board_svg(s, LIVE)) == set()
        assert v.click(s, LIVE, "e5").message == "Choose a combination from the list under the board, or pass."
        assert v.status_text(s, LIVE, NAMES) == "Ada: score the combination, or pass."
        assert v.status_text(pos(PUGS), LIVE, NAMES) == "Ada: score one of 3 combinations, or pass."

    def test_the_final_scoring_has_no_pass(self):
        v, s = view(), public(pos(FINAL))
        assert v.actions(s, LIVE) == []
        assert v.status_text(s, LIVE, NAMES).startswith("Final scoring: Ada must score one of ")
        extra = v.extra_html(s, LIVE)
        assert "Final scoring: choose a combination" in text_of(extra) and "You must score while you can" in text_of(extra)
        assert "Orange N of 5" not in text_of(extra) and "N of 5, all orange" in text_of(extra)
        assert "Final scoring" in text_of(v.board_svg(s, LIVE))
        assert "pass" not in targets(page(v, s, LIVE))
        # Each panel says how much is left to score.
        assert re.search(r"\d+ combinations left to score", text_of(v.seat_details(s, 0)))

    def test_without_scoring_during_the_rounds_the_prompt_says_so(self):
        s = GAME.new_game(players=2, seed=3, wertung=True)
        assert "all scoring comes once every layout is full" in text_of(view().extra_html(public(s), LIVE))

    def test_an_unknown_combination_is_refused_with_a_message(self):
        v, s = view(), pos(PUGS)
        result = v.click(s, LIVE, "pick:e5,f5,g5")
        assert result.move is None and result.message == "That combination cannot be scored now."


# -- refusing (variant "Ersatzplättchen") --------------------------------------------------------------


class TestRefusing:
    def test_one_face_down_tile_refuses_in_one_click_and_says_the_cost(self):
        v, s = view(), pos(ONE_DOWN)
        (action,) = v.actions(s, LIVE)
        assert action.target == "xf5" and action.label == "Refuse the tile (costs 2 points)"
        assert v.status_text(s, LIVE, NAMES) == "Ada: place the orange heap. Or refuse it: that costs 2 points."
        assert v.click(s, LIVE, "xf5").move == "xf5"

    def test_several_face_down_tiles_are_chosen_on_the_board(self):
        v, s = view(), pos(TWO_DOWN)
        (action,) = v.actions(s, LIVE)
        assert action.target == "refuse" and action.label == "Refuse the tile (costs 3 points)"
        result = v.click(s, LIVE, "refuse")
        ui = result.ui
        assert result.move is None and ui.selection == ("refuse",)
        board = v.board_svg(s, ui)
        assert {"xd5", "xf5"} <= {"x" + c for c in enabled(board)}
        assert targets(board)["d5"].get("aria-label") == "d5: face down. Refuse the orange heap: lay it face down here (costs 3 points)"
        assert enabled(v.extra_html(s, ui)) == {"xd5", "xf5", "cancel"}
        assert v.click(s, ui, "d5").move == "xd5"
        assert v.click(s, ui, "e4").move == "e4"  # placing is still possible
        assert v.status_text(s, ui, NAMES) == "Ada: choose the face-down tile to lay the orange heap on."

    def test_without_the_variant_there_is_no_refusal(self):
        v, s = view(), pos(CAN)
        assert v.actions(s, LIVE) == []
        assert v.click(s, LIVE, "refuse").message == "Refusing tiles is the variant “Ersatzplättchen”, which is not being played."
        assert "refuse" not in v.status_text(s, LIVE, NAMES)

    def test_refusing_with_nothing_face_down_says_the_engine_s_rule(self):
        v, s = view(), pos(CAN + " x0,0")
        assert v.actions(s, LIVE) == []
        assert v.click(s, LIVE, "refuse").message == "You can refuse a tile only onto one of your face-down tiles, and you have none yet."
        # A face-down tile clicked while placing: the engine offers a refusal onto it, the view says how.
        result = v.click(pos(ONE_DOWN), LIVE, "f5")
        assert result.move is None and "use “Refuse the tile”" in result.message

    def test_every_refusal_of_tiles_chosen_by_hand_has_its_sentence(self):
        assert set(TILE_OPTION_TEXTS) | {TileOptionRule.STARTS_COUNT} == set(TileOptionRule)
        for lang in ("en", "de"):
            set_language(lang)
            with pytest.raises(ValueError, match="35.*36"):
                view().options_from_form({"tiles": "hand", "draws_text": " ".join(ALL_TILES)}, 2)

    def test_the_panel_counts_refusals_and_the_next_cost(self):
        details = view().seat_details(pos(TWO_DOWN), 0)
        assert "1 refused · next costs 3" in text_of(details)


# -- words ---------------------------------------------------------------------------------------------


class TestWords:
    def test_placing_and_a_reveal_are_described(self):
        v = view()
        before = pos(CAN)
        after = GAME.play(before, "g5")
        assert v.describe_move(before, "g5", after, NAMES) == "Ada placed the blue can on g5."
        assert v.move_text(before, "g5") == "g5 blue can"
        # Bo places the last can of the round; the next tile comes up.
        s = pos("9/9/9/4Ky4/3HgPbwbCb2/9/9/9/9,9/9/9/4Hg4/4WyKy3/4Wb4/9/9/9 PgPoPpPvPyBbBgBoBpBvByWgWoWpWvWyCgCoCpCvCyKbKgKoKpKvHbHoHpHvHy Cb p2 2,0")
        after = GAME.play(s, "e3")
        text = v.describe_move(public(s), "e3", public(after), NAMES)
        assert text == "Bo placed the blue can on e3. Round 5: the green pug is revealed."

    def test_a_start_tile_revealed_makes_its_owner_sit_out(self):
        v = view()
        s = pos("9/9/9/4Ky4/3HgPbwbCb2/9/9/9/9,9/9/9/4Hg4/4WyKy3/4Wb4/9/9/9 WyPgPoPpPvPyBbBgBoBpBvByWgWoWpWvCgCoCpCvCyKbKgKoKpKvHbHoHpHvHy Cb p2 2,0")
        after = GAME.play(s, "e3")
        text = v.describe_move(public(s), "e3", public(after), NAMES)
        assert "Round 5: the yellow bowl is revealed. It is Bo's start tile: Bo sits this round out." in text
        extra = v.extra_html(public(after), LIVE)
        assert "The revealed tile is Blue's start tile: Blue sits this round out." in text_of(extra)
        assert "sits this round out" in text_of(v.seat_details(public(after), 1))

    def test_scoring_passing_and_refusing_are_described(self):
        v = view()
        s = pos(PUGS)
        move = "e5,e6,e7,f7!e7"
        assert v.describe_move(s, move, GAME.play(s, move), NAMES) == (
            "Ada scored 5 points with the L of 4, all pugs (e5, e6, e7, f7) and turned e7 face down."
        )
        assert v.move_text(s, move) == "L of 4 +5"
        assert v.describe_move(s, "pass", GAME.play(s, "pass"), NAMES) == "Ada passed: no scoring this round."
        assert v.move_text(s, "pass") == "pass"
        s = pos(ONE_DOWN)
        assert v.describe_move(s, "xf5", GAME.play(s, "xf5"), NAMES) == ("Ada refused the orange heap, laid it face down on f5 and loses 2 points.")
        assert v.move_text(s, "xf5") == "refused onto f5 −2"

    def test_the_final_scoring_is_announced(self):
        v = view()
        s = pos(FINAL)
        move = GAME.scoring_options(s)[0].moves[0]
        text = v.describe_move(public(s), move, public(GAME.play(s, move)), NAMES)
        assert text.startswith("Ada scored 8 points with the N of 5, all orange") and text.endswith("Bo scores next.")

    def test_results(self):
        v = view()
        s = public(pos(FINAL))
        while not GAME.is_over(s):
            s = GAME.play(s, GAME.legal_moves(s)[0])
        winners = GAME.winners(s)
        text = v.result_text(s, NAMES)
        if len(winners) == 1:
            assert text.startswith(f"{NAMES[winners[0]]} wins with {s.scores[winners[0]]} points")
        else:
            assert "share the win" in text
        side = v.side_html(s, NAMES)
        assert "Final ranking" in text_of(side)
        ranking = [e.get("data-seat") for e in parse(side).iter("li") if e.get("data-seat")]
        assert ranking[0] == str(winners[0])
        assert v.status_text(s, UIState(interactive=False), NAMES) == text

    def test_solo_result_is_the_score(self):
        v = view()
        s = GAME.new_game(players=1, seed=5)
        while not GAME.is_over(s):
            s = GAME.play(s, GAME.legal_moves(s)[0])
        assert v.result_text(s, ["Ada"]) == f"Ada finished with {s.scores[0]} points."

    def test_a_tie_on_points_names_the_tie_break(self):
        v = view()
        s = pos(START)
        blue = s.layouts[1][:40] + bytes([FACE_DOWN_YELLOW_BOWL]) + s.layouts[1][41:]  # Blue's start tile, turned
        over = replace(s, phase="over", to_move=None, tile=None, scores=(5, 5), layouts=(s.layouts[0], blue))
        assert GAME.winners(over) == [0]
        assert v.result_text(over, NAMES) == "Ada wins with 5 points: fewer face-down tiles decided the tie."


FACE_DOWN_YELLOW_BOWL = 36 + 2 * 6 + 5  # the yellow bowl (W = motif 2, y = colour 5), face down


# -- what the board, the panels and the side show --------------------------------------------------------


class TestPictures:
    def test_the_head_shows_the_revealed_tile_the_round_and_the_points(self):
        v, s = view(), pos(PUGS)
        board = v.board_svg(s, LIVE)
        assert 'class="tile face-up revealed"' in board
        assert "Round 4" in text_of(board) and "31 tiles left in the pile" in text_of(board)
        assert "Round 4: the revealed tile is the orange pug." in board  # the description
        assert board.count('class="bar-track"') == 2

    def test_tiles_show_colour_motif_crown_and_a_colour_key(self):
        board = view().board_svg(pos(PUGS), LIVE)
        root = parse(board)
        pug = next(e for e in root.iter() if e.get("data-cell") == "e6")  # the green pug, crowned
        classes = [e.get("class") for e in pug.iter() if e.get("class")]
        assert "tile-bg c-g" in classes and "motif pug" in classes and "crown" in classes and "colour-key" in classes
        down = next(e for e in parse(view().board_svg(pos(ONE_DOWN), LIVE)).iter() if e.get("data-cell") == "f5")
        assert any("tile-back" == e.get("class") for e in down.iter())
        assert not any("motif" in (e.get("class") or "") for e in down.iter())  # a face-down tile shows no face

    def test_the_last_move_is_marked_on_its_layout(self):
        v = view()
        before = pos(CAN)
        after = GAME.play(before, "g5")
        ui = UIState(interactive=True, last_before=before, last_move="g5", animate=True)
        root = parse(v.board_svg(after, ui))
        g5 = next(e for e in root.iter() if e.get("data-cell") == "g5")
        assert "last" in g5.get("class").split() and "round-tile" in g5.get("class").split()
        assert any(e.get("class") == "tile face-up drop" for e in g5.iter())
        # Without animation (reduced motion) the mark stays, the motion goes.
        still = v.board_svg(after, ui.with_(animate=False))
        assert "drop" not in still and 'class="last-mark"' in still
        # A scoring marks the turned tile, and animates it only when asked.
        s = pos(LINE)
        scored = GAME.play(s, "e5,f5,g5!f5")
        ui = UIState(interactive=False, last_before=s, last_move="e5,f5,g5!f5", animate=True)
        # Blue is to move now: the board shows Blue's layout, so the game screen tells the last move
        # in words under the status line (describe_move); nothing beside the board repeats it.
        assert (
            v.describe_move(s, "e5,f5,g5!f5", scored, ["Red", "Blue"])
            == "Red scored 2 points with the line of 3, all blue (e5, f5, g5) and turned f5 face down."
        )
        assert text_of(v.extra_html(scored, ui)) == ""

    def test_panels_show_points_face_down_tiles_and_a_small_layout(self):
        v, s = view(), pos(LINE)
        details = v.seat_details(s, 0)
        assert "0 points" in text_of(details) and "0 face down" in text_of(details)
        mini = next(e for e in parse(details).iter() if e.get("class") == "mops-art mops-mini")
        assert mini.get("aria-label") == "Layout of Red: 5 tiles, 0 face down"
        assert details.count('class="round-mark"') == 1  # this round's can, on g5
        solo = v.seat_details(pos(SOLO), 0)
        assert "mops-mini" not in solo  # alone, the board shows the only layout

    def test_the_side_shows_which_tiles_are_left_never_in_which_order(self):
        v, s = view(), public(pos(PUGS))
        side = v.side_html(s, NAMES)
        assert "31 tiles still in the pile" in text_of(side)
        chart = next(e for e in parse(side).iter() if e.get("class") == "mops-art mops-chart")
        assert sum(1 for e in chart.iter() if e.get("class") == "gone") == 5  # Pb (Red's start), Pg Py Ky placed, Po revealed
        assert "Blue: bone, bowl, can, cushion, heap" in text_of(side)
        assert "The 17 scoring shapes" in text_of(side)
        # Reference material is behind a disclosure, closed at first.
        shapes = next(e for e in parse(side).iter() if e.get("class") == "mops-shapes")
        assert shapes.tag == "details" and shapes.get("open") is None

    def test_the_pile_order_never_reaches_the_page(self):
        """Two games that differ only in the order of the pile look the same, to the letter."""
        v = view()
        pile = [t for t in ALL_TILES if t not in ("Pb", "Wb", "Ky", "Hg", "Cb")]
        orders = [pile, list(reversed(pile)), random.Random(4).sample(pile, len(pile))]
        seen = set()
        for order in orders:
            s = pos(CAN.replace(CAN.split(" ")[1], "".join(order)))
            o = public(s)
            for ui in (LIVE, UIState(interactive=False)):
                markup = page(v, o, ui) + v.seat_details(o, 0) + v.seat_details(o, 1) + v.side_html(o, NAMES) + v.status_text(o, ui, NAMES)
                seen.add(markup)
                assert "".join(order[:3]) not in markup
            after = GAME.play(s, "g5")
            seen.add(v.describe_move(o, "g5", public(after), NAMES) + v.move_text(o, "g5"))
        assert len(seen) == 3  # live, watching, the words of the move: each the same for every order

    def test_the_game_over_board_shows_every_layout_ranked(self):
        v = view()
        s = public(pos(FINAL))
        while not GAME.is_over(s):
            s = GAME.play(s, GAME.legal_moves(s)[0])
        board = v.board_svg(s, UIState(interactive=False))
        assert "Game over" in text_of(board)
        assert "1. " in text_of(board) and "2. " in text_of(board)
        parse(board)

    def test_thumbnail_and_setup_preview(self):
        v = view()
        thumb = v.thumbnail_svg()
        assert thumb.count('class="tile face-up"') == 14
        preview = v.setup_preview({}, 2)
        assert "Every player owns these 36 tiles" in text_of(preview)
        assert "Pink: heart" in text_of(preview) and "Purple: diamond" in text_of(preview)
        parse(thumb + preview)


# -- setup ---------------------------------------------------------------------------------------------


class TestSetup:
    def test_defaults_are_the_plain_game_against_the_computer(self):
        v = get_view("mops")
        assert v.default_players == 2 and v.handover is False  # nothing is hidden from the next player
        assert GAME.min_players == 1
        values = {f.name: ("on" if f.default is True else "off" if f.default is False else str(f.default)) for f in v.setup_fields()}
        assert v.options_from_form(values, 2) == {}
        html = setup_screen.setup_html(v, 2, {})
        assert 'name="seat1_kind"' in html and '<option value="computer" selected=""' in html
        assert {f.name for f in v.setup_fields()} == {"ersatz", "wertung", "tiles", "starts_text", "draws_text"}
        assert all(f.help for f in v.setup_fields())
        assert setup_screen.setup_html(v, 1, {}).count('class="seat-row"') == 1  # solo

    def test_variants_and_tiles_by_hand(self):
        v = view()
        options = v.options_from_form({"ersatz": "on", "wertung": "on", "tiles": "hand", "starts_text": "pb, Wy", "draws_text": "Wb Cb kg"}, 2)
        assert options == {"ersatz": True, "wertung": True, "starts": ["Pb", "Wy"], "draws": ["Wb", "Cb", "Kg"]}
        s = GAME.new_game(players=2, seed=1, **options)
        assert GAME.revealed_tile(s) == "Wb" and GAME.tiles(s, 1)["e5"] == ("Wy", True)
        assert v.option_warnings(options, 2)
        # Shuffled ignores the text fields.
        assert v.options_from_form({"tiles": "shuffled", "starts_text": "zz"}, 2) == {}

    @pytest.mark.parametrize("switch", GAME.variant_switches)
    def test_each_variant_the_engine_declares_is_switched_on_by_the_form_and_named_by_the_editor(self, switch):
        v = view()
        assert GAME.variant_switches == ("ersatz", "wertung")
        options = v.options_from_form({switch: "on"}, 2)
        assert options == {switch: True}
        assert getattr(GAME.new_game(players=2, seed=1, **options), switch) is True
        assert v.setting_value_name(switch, "on") == "On" and v.setting_name(switch) != switch

    @pytest.mark.parametrize(
        "values, message",
        [
            ({"tiles": "hand", "starts_text": "Pb"}, "Give 2 start tiles, one per seat."),
            ({"tiles": "hand", "starts_text": "Pb Kb"}, "Kb carries a crown: start tiles never do."),
            ({"tiles": "hand", "draws_text": "Xx"}, "“Xx” is not a tile"),
            ({"tiles": "hand", "draws_text": "Pb Pb"}, "The pile holds each tile once."),
            ({"tiles": "hand", "starts_text": "Pb Wy", "draws_text": "Pb"}, "Pb is the first seat's start tile"),
        ],
    )
    def test_bad_tiles_are_explained(self, values, message):
        with pytest.raises(ValueError, match=re.escape(message)):
            view().options_from_form(values, 2)


# -- a whole game by clicks ------------------------------------------------------------------------------


class TestWholeGame:
    @pytest.mark.parametrize("players, options", [(1, {}), (3, {"ersatz": True}), (2, {"wertung": True})])
    def test_a_game_played_only_through_the_view_reaches_its_end(self, players, options):
        """Every click comes from the markup (an enabled target), as a player would find it."""
        v = view()
        rng = random.Random(players)
        s = GAME.new_game(players=players, seed=11, **options)
        ui = UIState(interactive=True)
        for _ in range(400):
            if GAME.is_over(s):
                break
            o = public(s)
            choices = sorted(enabled(page(v, o, ui)))
            assert choices, GAME.position(o)
            result = v.click(o, ui, rng.choice(choices))
            if result.move is None:
                ui = result.ui  # a step of a two-step choice
                choices = sorted(enabled(page(v, o, ui)) - {"cancel"})
                result = v.click(o, ui, rng.choice(choices))
            assert result.move in GAME.legal_moves(s), (GAME.position(o), result)
            ui = UIState(interactive=True, last_before=o, last_move=result.move)
            s = GAME.play(s, result.move)
        assert GAME.is_over(s)
        final = public(s)
        assert v.result_text(final, NAMES[:players])
        parse(v.board_svg(final, UIState(interactive=False)) + v.side_html(final, NAMES[:players]))


def test_session_screens_render_for_every_player_count():
    v = get_view("mops")
    for players in (1, 2, 3, 4):
        session = GameSession.new("mops", [Seat(NAMES[i], "human" if i == 0 else "computer", 1) for i in range(players)], seed=players, options={}, save_id="t")
        for _ in range(20):
            session.play(GAME.legal_moves(session.state)[0])
        s = public(session.state)
        parse(game_panels.players_html(v, session, s, None) + game_panels.moves_html(v, session, public) + v.side_html(s, session.names()))


def test_rules_pages_render_in_both_languages():
    v = get_view("mops")
    english = rules_body_html(v, "en")
    german = rules_body_html(v, "de")
    assert english.count("<figure") == german.count("<figure") == 7
    assert "Clarifications" in english and "Klarstellungen" in german
    assert "data-target" not in english  # diagrams are pictures

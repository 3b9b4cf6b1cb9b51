"""The Nummerus Zahlus view in CPython: what a player can click and what it leads to (a chip the
star can reach, the solitaire's choice of chain, the swap), why other clicks do nothing, what the
board, the panels, the tables and the words show, and the setup form.

Positions are in the engine's notation (ludothek.games.nummerus), mostly written as pictures:
rank 9 at the top, each rank's fields left to right, `*` the star, `.` empty.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from markup import arrow_reachable, arrow_step, enabled, parse, targets, texts
from ludothek.games import get_game
from ludothek.games.nummerus import FIELD_NAMES, NO_SWAP, SWAP_PHASE
from ludothek.i18n import set_language
from ludothek.render import game_panels, get_view, setup_screen
from ludothek.render.nummerus import HEIGHT, WIDTH, NummerusView, parse_layout
from ludothek.render.view import UIState
from ludothek.web.session import GameSession, Seat
from test_nummerus_rules import STAR_D4, STAR_D4_REST, pos

GAME = get_game("nummerus")
NAMES = ["Ada", "Bo", "Cy", "Di"]


def view() -> NummerusView:
    return NummerusView(GAME)


def classes(e: ET.Element) -> set[str]:
    return set((e.get("class") or "").split())


def fields_with(html: str, css: str) -> list[str]:
    return sorted(e.get("data-field") for e in parse(html).iter() if e.get("data-field") and css in classes(e))


def after_move(s, move: str, **ui):
    after = GAME.play(s, move)
    return after, UIState(last_before=s, last_move=move, **ui)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# The star on d4 with a chip in each of the 8 directions (numbers 10-48 are in the two collections).
D4 = pos(STAR_D4, STAR_D4_REST)

# Late in a game: five chips, none in line with the star on d5 (a jump).
JUMP = GAME.from_position(
    "3,.,./9,.,.,.,./.,.,.,.,.,.,./.,.,.,.,.,.,14/.,.,*,.,./.,.,.,.,.,.,./21,.,.,.,.,.,./.,.,.,.,33/.,.,. 2 "
    "1-2,5-7,10,13,15-17,19-20,23,27-28,30-32,35,38-40/4,8,11-12,18,22,24-26,29,34,36-37,41-48"
)

# The solitaire: 13 on e5 touches the chains 12 and 14-17 (the star on c5 reaches it over d5).
SOLO = GAME.from_position(
    "3,.,./18,7,36,39,38/43,1,33,24,2,40,42/25,.,44,20,.,35,28/.,*,.,13,11/.,9,.,48,10,41,26/6,8,47,31,46,27,21/32,23,.,19,37/.,34,22 1 4-5,12,14-17,29-30,45"
)

# The swap variant, round 2 of 3: Ada (seat 1) has taken 28 and may swap it for Bo's 12.
SWAP = GAME.from_position(
    "41,21,42/37,38,4,15,20/39,23,46,1,5,45,47/26,25,3,43,36,13,6/29,34,18,27,22/8,10,40,30,19,.,17/"
    "2,7,32,48,9,.,11/31,44,33,*,16/35,14,24 1 28/12 r2/3 p42,42 x2,2 swap"
)

# Three players with the swap variant, Cy to swap: Ada holds the chain 3-5 (protected) and 9.
SWAP3 = pos(
    """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  *  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
    "3 3-5,9,20-31/6-8,10,32-40/1-2,11-19,41-48 x2,2,1 swap",
)


# -- input -------------------------------------------------------------------------------------------


class TestTakingAChip:
    def test_a_chip_the_star_reaches_is_taken_by_a_click(self):
        v = view()
        for field in ("d8", "f6", "g4", "e3", "d3", "c3", "a4", "b6"):
            result = v.click(D4, UIState(), field)
            assert result.move == field and result.message is None
            assert result.ui.cursor == field

    def test_a_chip_behind_the_first_in_line_says_which_chip_stops_the_star(self):
        result = view().click(D4, UIState(), "d2")
        assert result.move is None
        assert result.message == "7 on d3 comes first in that line: the star stops at the first chip it meets."

    def test_a_chip_off_every_line_says_so(self):
        s = pos(
            """
    .  .  .
  .  .  1  .  .
.  .  .  .  .  .  .
.  2  .  .  .  3  .
  .  .  .  .  .
4  .  .  *  .  .  5
.  .  6  7  8  .  .
  .  .  9  .  .
    .  10 .
""",
            "1 11-29/30-48",
        )
        result = view().click(s, UIState(), "d1")
        assert "comes first in that line" in result.message  # d1 is below d3 (7) and d2 (9)
        knight = pos(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
.  .  .  *  1  .  .
.  .  .  .  .  2  .
  .  .  .  .  .
    .  .  .
""",
            "1 3-20/21-48",
        )
        result = view().click(knight, UIState(), "f3")
        assert result.move is None
        assert result.message == "2 on f3 is not in a straight line (row, column or diagonal) from the star on d4."

    def test_the_waist_ends_a_line(self):
        s = pos(
            """
    .  .  .
  .  .  .  .  .
.  5  .  .  .  .  .
*  .  23 .  .  .  .
  .  .  .  .  .
17 .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "1 1-4,6-16/18-22,24-48",
        )
        assert view().click(s, UIState(), "c6").move == "c6"
        message = view().click(s, UIState(), "a4").message
        assert message.startswith("The line from a6 to a4 crosses a gap in the board")

    def test_empty_fields_and_the_star_itself_explain_the_rule(self):
        v = view()
        assert v.click(D4, UIState(), "d5").message == "d5 is empty: the star moves to a chip and takes it."
        assert v.click(D4, UIState(), "d4").message == "The star stands on d4: move it to a chip it can reach (ringed)."
        assert v.click(D4, UIState(), "z9").message == "That is not a legal move now."

    def test_when_nothing_is_in_line_any_chip_may_be_taken(self):
        v = view()
        for field in ("c9", "b8", "g6", "a3", "f2"):
            assert v.click(JUMP, UIState(), field).move == field
        assert v.click(JUMP, UIState(), "d6").message == "d6 is empty: the star moves to a chip and takes it."

    def test_a_finished_game_takes_no_clicks(self):
        s = GAME.play(JUMP, "a3")
        for move in ("c9", "b8", "g6", "f2"):
            s = GAME.play(s, move)
        assert GAME.is_over(s)
        assert view().click(s, UIState(), "c9").message == "The game is over."

    def test_the_words_name_the_same_rule_as_the_engine(self):
        """For every chip out of reach in many positions, the view's reason is the engine's."""
        kinds = {
            "not in a straight line": "is not in a straight line",
            "crosses a place where no field exists": "crosses a gap in the board",
            "stands first in that line": "comes first in that line",
            "is empty": "is empty",
            "the star stands on": "The star stands on",
        }
        rng = random.Random(4)
        seen = set()
        v = view()
        for seed in range(6):
            s = GAME.new_game(players=2, seed=seed)
            for _ in range(rng.randrange(5, 45)):
                s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
            for field in FIELD_NAMES:
                reason = GAME.why_unreachable(s, field)
                result = v.click(s, UIState(), field)
                if reason is None:
                    assert result.move == field
                    continue
                engine_kind = next(k for k in kinds if k in str(reason))
                assert kinds[engine_kind] in result.message, (reason, result.message)
                seen.add(engine_kind)
        assert seen == set(kinds)


class TestSolitaireChoice:
    def test_a_number_touching_two_chains_asks_which(self):
        v = view()
        assert GAME.chain_choice(SOLO, "e5") == ((12, 12), (14, 17))
        result = v.click(SOLO, UIState(interactive=True), "e5")
        assert result.move is None and result.message is None
        assert result.ui.selection == ("e5",)
        extra = v.extra_html(SOLO, result.ui)
        found = targets(extra)
        assert set(found) == {"e5-", "e5+", "cancel"}
        assert " ".join(texts(found["e5-"])) == "Add 13 to 12: it becomes 12–13"  # the visible words are its name
        assert " ".join(texts(found["e5+"])) == "Add 13 to 14–17: it becomes 13–17"
        assert "13 touches two chains, and chains never join. Add it to which one?" in extra
        assert v.status_text(SOLO, result.ui, NAMES) == "13 touches the chains 12 and 14–17: choose one below."
        # The picked field is marked on the board.
        cell = targets(v.board_svg(SOLO, result.ui))["e5"]
        assert "selected" in classes(cell) and cell.get("aria-pressed") == "true"
        assert v.click(SOLO, result.ui, "e5-").move == "e5-"
        assert v.click(SOLO, result.ui, "e5+").move == "e5+"

    def test_cancel_escape_and_a_second_click_drop_the_question(self):
        v = view()
        picked = v.click(SOLO, UIState(interactive=True), "e5").ui
        assert v.click(SOLO, picked, "cancel").ui.selection == ()
        assert v.cancel(picked).selection == ()
        assert v.click(SOLO, picked, "e5").ui.selection == ()
        assert v.click(SOLO, picked, "a7").move == "a7"  # another chip is simply taken

    def test_the_choice_joins_one_chain_only(self):
        after = GAME.play(SOLO, "e5-")
        assert GAME.groups(after, 0)[:4] == ((4, 5), (12, 13), (14, 17), (29, 30))
        assert view().move_text(SOLO, "e5-") == "e5: 13 → 12"
        assert view().move_text(SOLO, "e5+") == "e5: 13 → 14–17"
        text = view().describe_move(SOLO, "e5+", GAME.play(SOLO, "e5+"), ["Ada"])
        assert text == "Ada moves the star to the right from c5 to e5 and takes 13. It joins a chain, now 13–17."

    def test_a_number_that_fits_no_chain_is_taken_at_once(self):
        result = view().click(SOLO, UIState(interactive=True), "a7")  # 43: no neighbour held
        assert result.move == "a7"
        assert view().describe_move(SOLO, "a7", GAME.play(SOLO, "a7"), ["Ada"]).endswith("It starts a new chain.")


class TestSwap:
    def test_give_then_take_makes_the_swap(self):
        v = view()
        ui = UIState(interactive=True)
        first = v.click(SWAP, ui, "give:28")
        assert first.move is None and first.ui.selection == ("give:28",)
        assert targets(v.extra_html(SWAP, first.ui))["give:28"].get("aria-pressed") == "true"
        assert v.click(SWAP, first.ui, "take:12").move == "28x12"

    def test_take_then_give_makes_the_same_swap_and_a_second_click_undoes_a_pick(self):
        v = view()
        first = v.click(SWAP, UIState(interactive=True), "take:12")
        assert first.ui.selection == ("take:12",)
        assert v.click(SWAP, first.ui, "take:12").ui.selection == ()
        assert v.click(SWAP, first.ui, "give:28").move == "28x12"

    def test_no_swap_is_an_action_and_board_clicks_wait(self):
        v = view()
        actions = v.actions(SWAP, UIState(interactive=True))
        assert [(a.target, a.label) for a in actions] == [(NO_SWAP, "No swap")]
        assert v.click(SWAP, UIState(interactive=True), NO_SWAP).move == NO_SWAP
        message = v.click(SWAP, UIState(interactive=True), "e2").message
        assert message.startswith("The chip is taken. Now swap")
        assert enabled(v.board_svg(SWAP, UIState(interactive=True))) == set()

    def test_chips_in_a_chain_are_protected(self):
        v = view()
        ui = UIState(interactive=True)
        extra = v.extra_html(SWAP3, ui)
        found = targets(extra)
        # Cy may give any own chip and take Ada's 9 or Bo's 10, never a chip of a chain.
        assert {t for t in enabled(extra) if t.startswith("take:")} == {"take:9", "take:10"}
        assert {t for t in enabled(extra) if t.startswith("give:")} == {f"give:{n}" for n in [1, 2, *range(11, 20), *range(41, 49)]}
        assert found["take:4"].get("aria-disabled") == "true"
        assert found["take:4"].get("aria-label") == "4: part of Red's chain 3–5, protected"
        assert v.click(SWAP3, ui, "take:4").message == "4 is part of Red's chain 3–5: a swap may only take a single chip."
        assert v.click(SWAP3, ui, "give:9").message == "9 is not yours: give one of your own chips."
        assert v.click(SWAP3, ui, "take:2").message == "2 is your own: take a single chip of an opponent."  # the engine's rule take-own
        picked = v.click(SWAP3, ui, "give:41").ui
        assert v.click(SWAP3, picked, "take:10").move == "41x10"

    def test_the_chooser_says_how_many_swap_chips_are_left(self):
        extra = view().extra_html(SWAP3, UIState(interactive=True))
        assert "You have 1 swap chip." in extra
        assert "Take from Red:" in extra and "Take from Blue:" in extra

    def test_a_swap_is_told_and_listed(self):
        v = view()
        after = GAME.play(SWAP, "28x12")
        assert v.describe_move(SWAP, "28x12", after, NAMES) == "Ada swaps: gives 28 to Bo and takes 12."
        assert v.move_text(SWAP, "28x12") == "28 ⇄ 12"
        assert v.move_text(SWAP, NO_SWAP) == "no swap"
        assert v.describe_move(SWAP, NO_SWAP, GAME.play(SWAP, NO_SWAP), NAMES) == "Ada does not swap."
        beside = v.extra_html(after, UIState(interactive=True, last_before=SWAP, last_move="28x12"))
        assert "28" not in beside  # said once, in the game screen's line under the status (describe_move)

    def test_after_a_star_move_the_same_player_is_offered_the_swap(self):
        s = GAME.new_game(players=2, seed=3, swap=True)
        s = GAME.play(s, "c5")  # Ada's first chip: Bo holds nothing yet, so there is no swap to offer
        assert s.phase != SWAP_PHASE
        move = GAME.legal_moves(s)[0]
        after = GAME.play(s, move)  # Bo's first chip: Ada holds a single chip
        assert after.phase == SWAP_PHASE and after.to_move == s.to_move
        text = view().describe_move(s, move, after, NAMES)
        assert text.endswith("Bo may swap now.")
        assert view().status_text(after, UIState(interactive=True), NAMES).startswith("Bo may swap:")


class TestTargets:
    """The board and the buttons offer exactly the legal moves, each with a name."""

    def random_states(self):
        rng = random.Random(5)
        setups = [dict(players=1), dict(players=2), dict(players=3, swap=True), dict(players=4, swap=True, rounds=2)]
        for options in setups:
            for seed in range(3):
                s = GAME.new_game(seed=seed, **options)
                for _ in range(rng.randrange(0, 100)):
                    if GAME.is_over(s):
                        break
                    s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
                yield s
        yield from (D4, JUMP, SOLO, SWAP, SWAP3)

    def reachable(self, v, s) -> set[str]:
        """Every move one or two clicks make, starting from the board and the buttons."""
        ui = UIState(interactive=True)
        first = enabled(v.board_svg(s, ui) + v.extra_html(s, ui)) | {a.target for a in v.actions(s, ui)}
        moves = set()
        for target in first:
            result = v.click(s, ui, target)
            if result.move is not None:
                moves.add(result.move)
                continue
            assert result.message is None, (target, result.message)
            follow = enabled(v.board_svg(s, result.ui) + v.extra_html(s, result.ui))
            for second in follow:
                move = v.click(s, result.ui, second).move
                if move is not None:
                    moves.add(move)
        return moves

    def test_every_legal_move_can_be_clicked_and_nothing_else(self):
        v = view()
        kinds = set()
        for s in self.random_states():
            if GAME.is_over(s):
                continue
            legal = set(GAME.legal_moves(s))
            assert self.reachable(v, s) == legal, GAME.position(s)
            kinds |= {"swap" if s.phase == SWAP_PHASE else "choice" if any(m.endswith("-") for m in legal) else "star"}
        assert kinds >= {"star", "swap"}

    def test_every_field_is_a_named_button_with_one_tab_stop(self):
        v = view()
        for s in self.random_states():
            if GAME.is_over(s):
                continue
            found = targets(v.board_svg(s, UIState(interactive=True)))
            assert set(found) == set(FIELD_NAMES)
            for name, element in found.items():
                assert element.get("role") == "button"
                assert element.get("aria-label", "").startswith(f"{name}: ")
                assert element.get("data-x") is not None and element.get("data-y") is not None
            assert sum(e.get("tabindex") == "0" for e in found.values()) == 1
            reach = {t.field for t in GAME.star_targets(s)}
            assert {t for t, e in found.items() if e.get("aria-disabled") != "true"} == reach

    def test_labels_say_what_lies_there_and_whether_the_star_reaches_it(self):
        found = targets(view().board_svg(D4, UIState(interactive=True)))
        assert found["d8"].get("aria-label") == "d8: 1. The star can take it (up)."
        assert found["f6"].get("aria-label") == "f6: 3. The star can take it (up and to the right)."
        assert found["d2"].get("aria-label") == "d2: 9."
        assert found["d2"].get("aria-disabled") == "true"
        assert found["d5"].get("aria-label") == "d5: empty."
        assert found["d4"].get("aria-label") == "d4: the star."
        jump = targets(view().board_svg(JUMP, UIState(interactive=True)))
        assert jump["a3"].get("aria-label") == "a3: 21. No chip is in line: the star may jump here and take it."

    def test_the_cursor_stays_where_the_player_left_it(self):
        found = targets(view().board_svg(D4, UIState(interactive=True, cursor="e6")))
        assert [t for t, e in found.items() if e.get("tabindex") == "0"] == ["e6"]
        found = targets(view().board_svg(D4, UIState(interactive=True)))
        assert [t for t, e in found.items() if e.get("tabindex") == "0"] == ["d8"]  # the first chip in reach

    def test_arrow_keys_reach_every_field(self):
        """The app's arrow navigation (nearest target in that direction, data-x right, data-y down)."""
        found = targets(view().board_svg(D4, UIState(interactive=True)))
        assert arrow_step(found, "d4", "ArrowUp") == "d5" and arrow_step(found, "d4", "ArrowRight") == "e4" and arrow_step(found, "c9", "ArrowDown") == "c8"
        assert arrow_reachable(found, "d4") == set(found)

    def test_nothing_is_clickable_while_the_computer_thinks_or_in_replay(self):
        v = view()
        assert targets(v.board_svg(D4, UIState(interactive=False))) == {}
        assert v.actions(SWAP, UIState(interactive=False)) == []
        assert targets(v.extra_html(SWAP, UIState(interactive=False))) == {}
        assert targets(v.extra_html(SOLO, UIState(interactive=False, selection=("e5",)))) == {}


# -- the board ----------------------------------------------------------------------------------------


class TestBoard:
    def test_the_figure_eight_has_49_fields_in_rows_of_3_5_7_7_5_7_7_5_3(self):
        root = parse(view().board_svg(D4, UIState()))
        fields = [e for e in root.iter() if e.get("data-field")]
        assert sorted(e.get("data-field") for e in fields) == sorted(FIELD_NAMES)
        rows: dict[str, list[float]] = {}
        for e in fields:
            rect = next(c for c in e if c.get("class") == "cell-bg")
            rows.setdefault(rect.get("y"), []).append(float(rect.get("x")))
        ordered = [sorted(xs) for _y, xs in sorted(rows.items(), key=lambda kv: float(kv[0]))]
        assert [len(xs) for xs in ordered] == [3, 5, 7, 7, 5, 7, 7, 5, 3]
        centre = [(xs[0] + xs[-1]) / 2 for xs in ordered]
        assert len(set(centre)) == 1  # centred rows
        assert root[0].get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"

    def test_every_chip_shows_its_number_and_the_star_stands_on_its_field(self):
        root = parse(view().board_svg(D4, UIState()))
        numbers = {e.get("data-field"): [t.text for t in e.iter() if t.get("class") == "chip-number"] for e in root.iter() if e.get("data-field")}
        assert {f: n for f, n in numbers.items() if n} == {
            "d8": ["1"],
            "b6": ["2"],
            "f6": ["3"],
            "a4": ["4"],
            "g4": ["5"],
            "c3": ["6"],
            "d3": ["7"],
            "e3": ["8"],
            "d2": ["9"],
        }
        assert root[0].get("data-star") == "d4"
        assert sum(1 for e in root.iter() if e.get("class") == "star-shape") == 1

    def test_the_chips_in_reach_are_ringed_and_joined_to_the_star_even_in_a_diagram(self):
        html = view().board_svg(D4, UIState(interactive=False))
        assert fields_with(html, "reach") == sorted(["d8", "f6", "g4", "e3", "d3", "c3", "a4", "b6"])
        root = parse(html)
        assert sum(1 for e in root.iter() if e.get("class") == "reach-ring") == 8
        assert sum(1 for e in root.iter() if e.get("class") == "ray") == 8
        # A jump: every chip is ringed, and no line is drawn (there is none).
        jump = view().board_svg(JUMP, UIState())
        assert fields_with(jump, "reach") == sorted(["c9", "b8", "g6", "a3", "f2"])
        assert 'class="ray"' not in jump and "jump" in classes(parse(jump)[0])

    def test_the_last_path_is_marked(self):
        before = GAME.from_position(
            "46,18,32/6,24,44,.,./20,48,22,.,.,21,9/4,11,3,.,.,29,16/13,.,.,31,42/19,.,.,.,27,36,14/.,17,30,*,2,47,43/"
            ".,1,.,.,12/.,45,33 1 7,10,23,28,35,38-39,41/5,8,15,25-26,34,37,40"
        )
        after, ui = after_move(before, "d8")
        html = view().board_svg(after, ui)
        assert fields_with(html, "last") == ["d8"]
        assert fields_with(html, "last-from") == ["d3"]
        assert fields_with(html, "passed") == ["d4", "d5", "d6", "d7"]
        root = parse(html)
        trail = next(e for e in root.iter() if (e.get("class") or "").startswith("star-trail"))
        assert trail.get("class") == "star-trail" and trail.get("d").count("L") == 1  # a straight line
        labels = targets(view().board_svg(after, ui.with_(interactive=True)))
        assert labels["d3"].get("aria-label") == "d3: empty. The star came from here."
        assert labels["d5"].get("aria-label") == "d5: empty. The star passed here."

    def test_a_jump_is_drawn_as_an_arc(self):
        after, ui = after_move(JUMP, "a3")
        root = parse(view().board_svg(after, ui))
        trail = next(e for e in root.iter() if (e.get("class") or "").startswith("star-trail"))
        assert trail.get("class") == "star-trail jump" and "Q" in trail.get("d")

    def test_the_star_travels_only_when_asked(self):
        v = view()
        after, ui = after_move(D4, "f6")
        still = v.board_svg(after, ui)
        assert "travel" not in still and "taken" not in still
        moving = v.board_svg(after, ui.with_(animate=True))
        star = next(e for e in parse(moving).iter() if "star" in classes(e))
        assert classes(star) == {"star", "travel"}
        assert star.get("style").startswith("--dx:-88px;--dy:88px;")  # from d4, two fields left and down
        ghost = next(e for e in parse(moving).iter() if "taken" in classes(e))
        assert [t.text for t in ghost.iter() if t.get("class") == "chip-number"] == ["3"]
        assert v.board_svg(after, ui.with_(animate=True)) == moving  # a pure function of its arguments

    def test_a_new_round_starts_unmarked(self):
        s = GAME.new_game(players=2, seed=1, rounds=2)
        while s.round == 1:
            before, s = s, GAME.play(s, GAME.legal_moves(s)[0])
        html = view().board_svg(s, UIState(last_before=before, last_move=s.moves[-1], animate=True))
        assert fields_with(html, "last") == [] and "star-trail" not in html and "travel" not in html
        told = view().describe_move(before, s.moves[-1], s, ["Red", "Blue"])  # the game screen's line under the status
        assert re.search(r"Round 1 is over: Red \d+, Blue \d+ points\. Round 2 begins on a fresh board; \w+ starts\.", told)

    def test_hints_mark_the_chip(self):
        v = view()
        hints = v.hints(SOLO)
        ui = UIState(interactive=True, hints=hints)
        move = hints[-1][0]
        field = move.rstrip("+-")
        html = v.board_svg(SOLO, ui)
        cell = targets(html)[field]
        assert any(e.get("class") == "hint-badge" for e in cell.iter())
        assert "Hint: take this chip." in cell.get("aria-label")
        assert sum(1 for e in parse(html).iter() if e.get("class") == "hint-badge") == 1
        text = v.hint_text(SOLO, hints, ["Ada"])
        assert text.startswith(f"Hint: take {SOLO.board[GAME_FIELD(field)]} on {field} (marked with a check).")

    def test_hints_in_the_swap_step_mark_the_buttons(self):
        v = view()
        hints = v.hints(SWAP)
        assert hints in (((NO_SWAP, "hint"),), (("give:28", "hint"), ("take:12", "hint"), ("28x12", "hint")))
        text = v.hint_text(SWAP, hints, NAMES)
        assert text in ("Hint: keep your chips – no swap now.", "Hint: give 28 and take 12 from Bo.")


def GAME_FIELD(name: str) -> int:
    return FIELD_NAMES.index(name)


# -- beside the board ------------------------------------------------------------------------------------


class TestPanelsAndTables:
    def test_a_collection_shows_its_chains_in_number_order_the_longest_starred(self):
        s = pos(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  *  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "1 1-3,5,7-9,12,20-21,30-33/4,6,10-11,13-19,22-29,34-48",
        )
        details = view().seat_details(s, 0)
        root = parse(details)
        groups = [(e.get("data-range"), classes(e)) for e in root.iter() if "nz-group" in classes(e)]
        assert [g for g, _c in groups] == ["1-3", "5-5", "7-9", "12-12", "20-21", "30-33"]
        assert [g for g, c in groups if "longest" in c] == ["30-33"]
        assert [g for g, c in groups if "single" in c] == ["5-5", "12-12"]
        assert root.find(".//*[@class='nz-summary']").text == "Chains: 4 · 3 · 3 · 2"
        spoken = root.find(".//*[@class='visually-hidden']").text
        assert spoken == ("Chains: 1–3 (3 chips), 7–9 (3 chips), 20–21 (2 chips), 30–33 (4 chips). Single chips: 5, 12.")

    def test_equal_longest_chains_are_all_starred(self):
        s = pos(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  *  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "1 1-3,7-9/4-6,10-48",
        )
        root = parse(view().seat_details(s, 0))
        assert [e.get("data-range") for e in root.iter() if "longest" in classes(e)] == ["1-3", "7-9"]

    def test_swap_chips_are_counted(self):
        assert "1 swap chip" in view().seat_details(SWAP3, 2)
        assert "2 swap chips" in view().seat_details(SWAP3, 0)
        assert "swap chip" not in view().seat_details(D4, 0)

    def test_the_standings_say_who_leads(self):
        s = pos(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
  .  .  1  .  .
.  .  .  *  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "1 2-4,10-13/5-9,14,16,18/15,17,19-48",
        )
        root = parse(view().side_html(s, NAMES[:3]))
        rows = [[t.strip() for t in tr.itertext() if t.strip()] for tr in root.iter("tr")][1:]
        assert rows == [["1", "Cy", "leads", "30"], ["2", "Bo", "5"], ["3", "Ada", "4 · 3"]]
        leader = [tr for tr in root.iter("tr") if tr.get("class") == "leader"]
        assert len(leader) == 1 and "leads" in "".join(leader[0].itertext()) and leader[0].get("data-seat") == "2"

    def test_the_tournament_table_adds_up_the_rounds(self):
        html = view().side_html(SWAP, ["Ada", "Bo"])
        root = parse(html)
        assert root.find(".//caption").text == "Tournament: 1 of 3 rounds finished"
        rows = [[t.strip() for t in tr.itertext() if t.strip()] for tr in root.iter("tr")]
        assert rows == [["Round", "Ada", "Bo"], ["1", "42", "42"], ["2 (playing)", "0", "0"], ["Total", "42", "42"]]

    def test_the_solitaire_score_is_the_chains_left(self):
        html = view().side_html(SOLO, ["Ada"])
        root = parse(html)
        assert root.find(".//*[@class='nz-score']").get("data-score") == "5"  # 4-5, 12, 14-17, 29-30, 45
        assert "2 is not bad, 1 is good, 0 is superb" in html
        summary = parse(view().seat_details(SOLO, 0)).find(".//*[@class='nz-summary']").text
        assert summary == "5 chains"

    def test_names_are_escaped(self):
        evil = "<b>x</b>"
        html = view().side_html(D4, [evil, "Bo"]) + view().side_html(SWAP, [evil, "Bo"])
        assert "<b>" not in html and "&lt;b&gt;" in html


# -- words ---------------------------------------------------------------------------------------------------


class TestWords:
    def test_status_says_whose_turn_and_what_to_do(self):
        v = view()
        assert v.status_text(D4, UIState(), NAMES) == "Ada to move: take one of the 8 chips the star can reach (ringed)."
        assert v.status_text(JUMP, UIState(), NAMES) == "Bo to move: no chip is in line with the star, so it may jump to any chip."
        assert v.status_text(SWAP, UIState(), NAMES).endswith("Round 2 of 3.")

    def test_moves_are_told_with_their_direction_and_chain(self):
        v = view()
        s = pos(
            """
    .  .  .
  .  .  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  12 .
  .  .  .  .  .
.  .  .  *  .  .  .
.  .  .  .  .  .  .
  .  .  .  .  .
    .  .  .
""",
            "1 1-11,14-30/13,31-48",
        )
        after = GAME.play(s, "f6")
        assert v.describe_move(s, "f6", after, NAMES) == ("Ada moves the star up and to the right from d4 to f6 and takes 12. Now a chain of 12: 1–12.")
        assert v.move_text(s, "f6") == "f6: 12"
        jumped = GAME.play(JUMP, "a3")
        assert v.describe_move(JUMP, "a3", jumped, NAMES) == "No chip was in line: Bo jumps the star from d5 to a3 and takes 21. Now a chain of 2: 21–22."

    def test_the_end_of_a_basic_game(self):
        s = GAME.play(JUMP, "a3")
        for move in ("c9", "b8", "g6", "f2"):
            s = GAME.play(s, move)
        text = view().result_text(s, NAMES)
        winners = GAME.winners(s)
        lengths = " · ".join(map(str, GAME.chain_lengths(s, winners[0])))
        assert text == f"{NAMES[winners[0]]} wins with the chains {lengths}!"

    def test_the_end_of_a_tournament_round_and_of_the_tournament(self):
        v = view()
        s = GAME.new_game(players=2, seed=2, rounds=2)
        rng = random.Random(1)
        while s.round == 1:
            before, move = s, rng.choice(GAME.legal_moves(s))
            s = GAME.play(s, move)
        text = v.describe_move(before, move, s, ["Ada", "Bo"])
        points = GAME.round_table(s)[0]
        assert f"Round 1 is over: Ada {points[0]}, Bo {points[1]} points." in text
        assert text.endswith(f"Round 2 begins on a fresh board; {['Ada', 'Bo'][s.to_move]} starts.")
        while not GAME.is_over(s):
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
        totals = GAME.scores(s)
        winners = GAME.winners(s)
        result = v.result_text(s, ["Ada", "Bo"])
        if len(winners) == 1:
            assert result == f"{['Ada', 'Bo'][winners[0]]} wins the tournament with {totals[winners[0]]} points."

    def test_the_end_of_a_solitaire(self):
        s = GAME.new_game(players=1, seed=0)
        while not GAME.is_over(s):
            s = GAME.play(s, GAME.legal_moves(s)[0])
        left, _grade = GAME.solitaire_result(s)
        text = view().result_text(s, ["Ada"])
        assert text.startswith("The solitaire is over: ")
        assert f"{left} chain" in text
        assert str(left) in view().side_html(s, ["Ada"])


# -- setup --------------------------------------------------------------------------------------------------


class TestSetup:
    def test_defaults_are_the_basic_game(self):
        v = view()
        values = {f.name: ("on" if f.default is True else "off" if f.default is False else str(f.default)) for f in v.setup_fields()}
        for players in (1, 2, 3, 4):
            assert v.options_from_form(values, players) == {}

    def test_ages_rounds_and_swap(self):
        v = view()
        values = {"start": "age", "age0": "30", "age1": " 50 ", "age2": "46", "rounds": "3", "swap": "on", "layout": "shuffled"}
        options = v.options_from_form(values, 3)
        assert options == {"ages": [30, 50, 46], "rounds": 3, "swap": True}
        s = GAME.new_game(players=3, seed=1, **options)
        assert s.to_move == 1  # 50 is closest to 48
        assert v.options_from_form({**values, "start": "seat1", "rounds": "1", "swap": "off"}, 3) == {}

    def test_the_solitaire_ignores_the_options_for_several_players(self):
        values = {"start": "age", "age0": "12", "rounds": "5", "swap": "on"}
        assert view().options_from_form(values, 1) == {}

    @pytest.mark.parametrize(
        "values, message",
        [
            ({"start": "age", "age0": "30", "age1": ""}, "Enter the age of seat 2 in whole years (0 to 150), or let seat 1 begin."),
            ({"start": "age", "age0": "old", "age1": "3"}, "Enter the age of seat 1 in whole years (0 to 150), or let seat 1 begin."),
            ({"rounds": "x"}, "The number of rounds must be a whole number."),
            ({"rounds": "21"}, "Choose between 1 and 20 rounds."),
            ({"layout": "hand", "layout_text": "1 2 3"}, "The layout needs all 49 fields; 3 were entered."),
        ],
    )
    def test_bad_input_is_explained(self, values, message):
        with pytest.raises(ValueError) as info:
            view().options_from_form(values, 2)
        assert str(info.value) == message

    def test_a_layout_by_hand(self):
        start = GAME.new_game(players=2, seed=0)
        text = GAME.position(start).split(" ")[0]  # ranks separated by '/', fields by ','
        options = view().options_from_form({"layout": "hand", "layout_text": text}, 2)
        assert GAME.new_game(players=2, seed=99, **options).board == start.board
        assert parse_layout(GAME, text.replace("*", "0").replace(",", " ")) == options["layout"]
        with pytest.raises(ValueError, match="has 7 twice"):
            parse_layout(GAME, text.replace("18,7,", "18,7 7 ").replace(",16,", " "))
        with pytest.raises(ValueError, match="Field c9 holds “x”"):
            parse_layout(GAME, "x" + text[1:])
        preview = view().setup_preview({"layout": "hand", "layout_text": text}, 2)
        assert parse(preview)[0].get("data-star") == FIELD_NAMES[start.star]
        assert view().setup_preview({"layout": "shuffled"}, 2) == ""

    def test_swap_chips_are_chosen_under_the_swap_variant(self):
        v = view()
        values = {"swap": "on", "swap_chips": "3"}
        assert v.options_from_form(values, 4) == {"swap": True, "swap_chips": 3}
        assert v.options_from_form({"swap": "on", "swap_chips": "0"}, 4) == {"swap": True}
        assert v.options_from_form({"swap": "on"}, 4) == {"swap": True}
        assert v.options_from_form({"swap": "off", "swap_chips": "3"}, 4) == {}
        with pytest.raises(ValueError, match="Choose how many swap chips each player gets."):
            v.options_from_form({"swap": "on", "swap_chips": "4"}, 2)
        assert GAME.new_game(players=4, seed=1, **v.options_from_form(values, 4)).swap_chips_left == (3, 3, 3, 3)

    def test_the_swap_chips_field_lists_the_declared_range_and_shows_with_the_variant(self):
        field = view().setup_field("swap_chips")
        assert [c.value for c in field.choices] == ["0", "1", "2", "3"] and field.default == "0"
        assert field.choices[0].label == "As in the rulebook: 2 (1 each with 4 players)"
        v = get_view("nummerus")
        assert 'name="swap_chips"' in setup_screen.setup_html(v, 2, {"swap": "on"})
        assert 'name="swap_chips"' not in setup_screen.setup_html(v, 2, {"swap": "off"})
        assert 'name="swap_chips"' not in setup_screen.setup_html(v, 2, {})

    def test_age_fields_appear_for_each_seat_only_when_asked(self):
        v = get_view("nummerus")
        html = setup_screen.setup_html(v, 3, {"start": "age"})
        assert [e.get("data-field") for e in parse(html).iter() if (e.get("data-field") or "").startswith("age")] == ["age0", "age1", "age2"]
        html = setup_screen.setup_html(v, 3, {})
        assert "age0" not in html and 'name="start"' in html
        solo = setup_screen.setup_html(v, 1, {"start": "age"})
        assert 'name="start"' not in solo and 'name="swap"' not in solo and 'name="rounds"' not in solo
        assert 'name="layout"' in solo

    def test_the_age_that_begins_is_the_engines(self, monkeypatch):
        # The setup's words state the age the engine starts by: change it there, and both follow.
        monkeypatch.setattr(GAME, "starting_age", 40)
        assert GAME.current_player(GAME.new_game(players=3, seed=1, ages=[30, 50, 46])) == 2  # 1 by the rulebook's 48
        fields = {f.name: f for f in view().setup_fields()}
        said = [fields["start"].help, fields["age0"].help] + [c.label for c in fields["start"].choices]
        assert all("40" in text and "48" not in text for text in said[:2]) and any("closest to 40" in text for text in said)

    def test_every_option_is_explained(self):
        for field in view().setup_fields():
            assert field.label and len(field.help) > 30, field.name


# -- a whole game through the session, as the app plays it ---------------------------------------------------


def test_a_three_player_swap_game_renders_every_step():
    v = view()
    seats = [Seat("Ada"), Seat("Bo", "computer", 1), Seat("Cy", "computer", 1)]
    session = GameSession.new("nummerus", seats, seed=5, options={"swap": True, "rounds": 2})
    rng = random.Random(3)
    while not session.is_over():
        s = session.state
        ui = UIState(interactive=True)
        if session.moves:
            ui = ui.with_(last_before=session.states[-2], last_move=session.moves[-1], animate=True)
        for html in (v.board_svg(s, ui), v.extra_html(s, ui), v.side_html(s, session.names()), game_panels.players_html(v, session, s, None)):
            parse(html)
        session.play(rng.choice(GAME.legal_moves(s)))
    parse(game_panels.moves_html(v, session))
    parse(game_panels.result_dialog_html(v, session, session.state))
    assert v.result_text(session.state, session.names())

"""The Fenn view: what a player sees and what each click does, from literal positions.

Positions read `b<field>:<face> r<field>:<face> k<black> <to move> [pasch|extra<start>]`; blue
(die III: 1 2 5 6 7 9) runs from field 0 to 9, red (die IV: 1 3 4 5 8 9) from 10 to 1, the black
die is V (2 3 4 6 7 8).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from ludothek.ai import fenn_solver as solver
from ludothek.ai.fenn import hint, start_values
from ludothek.games import get_game
from ludothek.games.fenn import FennEnd
from ludothek.render import game_panels, get_view, setup_screen
from ludothek.render.fenn import shown_value, value_text
from ludothek.render.view import UIState
from ludothek.web.session import GameSession, Seat

G = get_game("fenn")
V = get_view("fenn")
LIVE = UIState(interactive=True)
NAMES = ["Ada", "Bert"]
START = "b0:5 r10:5 k6 b"


def at(text: str):
    return G.from_position(text)


def root(html: str) -> ET.Element:
    """The markup parsed as XML (it is written XML-clean), SVG namespaces dropped from the tags."""
    tree = ET.fromstring(f"<root>{html}</root>")
    for element in tree.iter():
        element.tag = element.tag.rpartition("}")[2]
    return tree


def board(s, ui: UIState = LIVE) -> ET.Element:
    return root(V.board_svg(s, ui))


def fields(s, ui: UIState = LIVE) -> dict[int, ET.Element]:
    return {int(g.get("data-field")): g for g in board(s, ui).iter() if g.get("data-field")}


def targets(html: str, enabled_only: bool = True) -> list[str]:
    return [e.get("data-target") for e in root(html).iter() if e.get("data-target") and not (enabled_only and e.get("aria-disabled") == "true")]


def all_targets(s, ui: UIState = LIVE) -> list[str]:
    html = V.board_svg(s, ui) + V.extra_html(s, ui) + game_panels.actions_html(V.actions(s, ui))
    return targets(html)


def click(s, ui: UIState, *tokens: str):
    """Click the tokens in turn; returns the last result."""
    result = None
    for token in tokens:
        result = V.click(s, ui, token)
        ui = result.ui
    return result


def text_of(element: ET.Element) -> str:
    return "".join(element.itertext())


class TestStepInTwoActions:
    def test_pick_a_field_then_a_face(self):
        s = at(START)
        first = V.click(s, LIVE, "2")
        assert first.move is None and first.message is None
        assert first.ui.selection == ("2",)
        extra = V.extra_html(s, first.ui)
        # The face chooser offers exactly the legal new tops for field 2.
        assert targets(extra) == [m for m in G.legal_moves(s) if m.startswith("2:")]
        assert click(s, LIVE, "2", "2:7").move == "2:7"

    def test_the_faces_say_what_they_do(self):
        s = at(START)
        ui = V.click(s, LIVE, "2").ui
        buttons = {e.get("data-target"): e for e in root(V.extra_html(s, ui)).iter("button")}
        assert "extra step" in buttons["2:2"].get("aria-label")  # 2 on field 2
        assert "Pasch" in buttons["2:6"].get("aria-label")  # 6 like the black die
        assert buttons["2:7"].get("aria-label") == "Turn 7 up"
        assert "Field 2: choose the new top of the blue die" in V.extra_html(s, ui)

    def test_a_winning_face_is_announced(self):
        s = at("b7:2 r4:3 k8 b")
        ui = V.click(s, LIVE, "9").ui
        buttons = {e.get("data-target"): e for e in root(V.extra_html(s, ui)).iter("button")}
        assert set(buttons) == {"9:1", "9:5", "9:6", "9:7", "9:9"}
        assert all("wins!" in b.get("aria-label") for b in buttons.values())

    def test_clicking_the_picked_field_again_drops_it_and_another_field_replaces_it(self):
        s = at(START)
        ui = V.click(s, LIVE, "2").ui
        assert V.click(s, ui, "2").ui.selection == ()
        assert V.click(s, ui, "1").ui.selection == ("1",)
        assert V.cancel(ui).selection == ()

    def test_the_picked_field_is_marked_and_pressed(self):
        s = at(START)
        ui = V.click(s, LIVE, "1").ui
        cell = fields(s, ui)[1]
        assert "selected" in cell.get("class") and cell.get("aria-pressed") == "true"
        assert "picked" in V.status_text(s, ui, NAMES)

    def test_every_legal_step_is_also_one_click_in_the_list(self):
        s = at(START)
        listed = targets(V.extra_html(s, LIVE))
        assert listed == G.legal_moves(s)

    def test_a_stale_selection_is_ignored(self):
        s = at(START)
        ui = LIVE.with_(selection=("7",))  # not enterable: no face chooser
        assert "choose the new top" not in V.extra_html(s, ui)


class TestPaschExtraStepEndAndPass:
    def test_after_a_pasch_the_black_faces_are_buttons_and_end_keeps_it(self):
        s = G.play(at(START), "1:6")
        extra = V.extra_html(s, LIVE)
        assert targets(extra) == ["k2", "k3", "k4", "k7", "k8"]
        assert "Pasch!" in extra
        actions = V.actions(s, LIVE)
        assert [a.target for a in actions] == ["end"] and "black stays 6" in actions[0].label
        assert V.click(s, LIVE, "k8").move == "k8"
        # The fields cannot be clicked now, and say why.
        assert not [t for t in targets(V.board_svg(s, LIVE))]
        assert "turn the black die" in V.click(s, LIVE, "3").message

    def test_after_an_extra_step_the_fields_open_again_with_end_turn(self):
        s = G.play(at("b3:1 r9:4 k7 b"), "5:5")
        assert targets(V.board_svg(s, LIVE)) == ["6"]
        assert [a.target for a in V.actions(s, LIVE)] == ["end"]
        assert "Extra step" in V.extra_html(s, LIVE)
        assert "extra step" in V.status_text(s, LIVE, NAMES)
        # The field where the turn began is barred and says so.
        message = V.click(s, LIVE, "3").message
        assert message == "Field 3 is closed to blue: this turn began there."
        assert "dashed" not in message
        ghost = [g for g in board(s).iter() if "ghost" in (g.get("class") or "")]
        assert len(ghost) == 1

    def test_the_hint_values_end_turn_too(self):
        s = G.play(at("b3:1 r9:4 k7 b"), "5:5")
        ui = LIVE.with_(hints=V.hints(s))
        value = dict(ui.hints)["end"]
        assert V.actions(s, ui)[0].label == "End turn · " + value_text(value)

    def test_pass_is_a_button_when_no_step_is_possible(self):
        s = at("b0:5 r5:1 k2 b")
        actions = V.actions(s, LIVE)
        assert [a.target for a in actions] == ["pass"] and actions[0].primary
        assert targets(V.board_svg(s, LIVE)) == []
        assert "pass" in V.status_text(s, LIVE, NAMES)
        assert V.click(s, LIVE, "pass").move == "pass"

    def test_no_end_button_at_the_start_of_a_turn(self):
        assert V.actions(at(START), LIVE) == []


class TestClosedFieldsAndMessages:
    def test_a_click_on_a_closed_field_says_which_die_closes_it(self):
        s = at("b2:7 r7:3 k4 b")
        assert V.click(s, LIVE, "3").message == "Field 3 is closed to blue: the red die shows 3."
        assert V.click(s, LIVE, "4").message == "Field 4 is closed to blue: the black die shows 4."
        assert "more than two fields away" in V.click(s, LIVE, "6").message
        assert "the red die stands there" in V.click(s, LIVE, "7").message
        assert V.click(s, LIVE, "0").message == "That is not a legal move now."
        assert V.click(s, LIVE, "k3").message == "That is not a legal move now."

    def test_every_field_names_its_bans_for_both_players(self):
        s = at(START)
        labels = {n: g.get("aria-label") for n, g in fields(s).items()}
        assert "Closed to blue: the red die shows 5." in labels[5]
        assert "Closed to red: the blue die shows 5." in labels[5]
        assert "Closed to blue: the black die shows 6." in labels[6] and "Closed to red: the black die shows 6." in labels[6]
        assert labels[1].startswith("Field 1, the goal of the red die.") and "Blue may step here, new top 1, 2, 6, 7, 9." in labels[1]
        assert "Out of reach for blue" in labels[3]
        # The tooltip says the same as the label.
        for n, g in fields(s).items():
            assert g.find("title").text == labels[n]

    def test_closed_fields_are_marked_by_copies_of_the_dice_not_colour_alone(self):
        s = at("b2:7 r7:3 k4 b")
        cells = fields(s)

        def badges(n):
            return sorted(d.get("class").split()[1] for d in cells[n].iter() if "badge" in (d.get("class") or "").split())

        assert badges(3) == ["red"] and badges(4) == ["black"] and badges(7) == ["blue"]
        assert badges(5) == badges(1) == []
        # Closed to the player to move: hatched, with a no-entry sign where no die stands.
        closed = {n for n, g in cells.items() if "closed" in g.get("class").split()}
        assert closed == {3, 4, 7}
        signs = {n for n, g in cells.items() if any("no-entry" == (e.get("class") or "") for e in g.iter())}
        assert signs == {3, 4}

    def test_the_dice_carry_direction_arrows(self):
        svg = board(at(START))
        dice = [g for g in svg.iter("g") if (g.get("class") or "").startswith("die ") and "badge" not in g.get("class")]
        kinds = {g.get("class").split()[1]: g for g in dice}
        assert set(kinds) == {"blue", "red", "black"}
        assert any(e.get("class") == "die-mark" for e in kinds["blue"].iter())
        assert any(e.get("class") == "die-mark" for e in kinds["red"].iter())
        assert not any(e.get("class") == "die-mark" for e in kinds["black"].iter())
        faces = {k: [e.text for e in g.iter() if e.get("class") == "die-face"] for k, g in kinds.items()}
        assert faces == {"blue": ["5"], "red": ["5"], "black": ["6"]}


class TestKeyboardAndTargets:
    def test_nine_field_targets_in_a_row_with_one_cursor(self):
        cells = fields(at(START))
        assert sorted(cells) == list(range(1, 10))
        assert [cells[n].get("data-x") for n in range(1, 10)] == [str(n) for n in range(9)]
        assert {cells[n].get("data-y") for n in cells} == {"0"}
        assert [n for n, g in cells.items() if g.get("tabindex") == "0"] == [1]
        assert all(g.get("role") == "button" and g.get("aria-label") for g in cells.values())
        assert [n for n, g in cells.items() if g.get("aria-disabled") != "true"] == [1, 2]

    def test_the_cursor_follows_the_ui(self):
        cells = fields(at(START), LIVE.with_(cursor="7"))
        assert [n for n, g in cells.items() if g.get("tabindex") == "0"] == [7]

    def test_not_interactive_means_no_targets(self):
        s = at(START)
        ui = UIState(interactive=False)
        assert targets(V.board_svg(s, ui), enabled_only=False) == []
        assert V.extra_html(s, ui) == "" and V.actions(s, ui) == []
        assert 'role="img"' in V.board_svg(s, ui)

    def test_targets_match_the_legal_moves_in_random_games(self):
        rng = random.Random(5)
        checked = 0
        for seed in range(12):
            s = G.new_game(seed=seed)
            while s.outcome is None and len(s.moves) < 60:
                legal = G.legal_moves(s)
                steps = {m for m in legal if ":" in m}
                board_targets = set(targets(V.board_svg(s, LIVE)))
                assert board_targets == {m.split(":")[0] for m in steps}
                for field in board_targets:
                    ui = V.click(s, LIVE, field).ui
                    assert set(targets(V.extra_html(s, ui))) == {m for m in steps if m.startswith(field + ":")}
                one_click = set(targets(V.extra_html(s, LIVE) + game_panels.actions_html(V.actions(s, LIVE))))
                assert one_click == set(legal), G.position(s)
                for target in one_click:
                    assert V.click(s, LIVE, target).move == target
                s = G.play(s, rng.choice(legal))
                checked += 1
        assert checked > 300


class TestLastMoveAndAnimation:
    def test_the_last_step_is_marked_and_slides_only_when_animated(self):
        before = at(START)
        after = G.play(before, "2:7")
        ui = UIState(interactive=False, last_before=before, last_move="2:7")
        svg = V.board_svg(after, ui)
        assert "slide" not in svg and "<animate" not in svg
        assert "last" in fields(after, ui)[2].get("class").split()
        animated = V.board_svg(after, ui.with_(animate=True))
        # The blue die slides in from beside the board (to the left of field 2).
        assert re.search(r'class="die blue slide" style="--dx:-\d+(\.\d+)?px"', animated)

    def test_the_turned_black_die_is_marked(self):
        before = G.play(at(START), "1:6")
        after = G.play(before, "k8")
        ui = UIState(interactive=False, last_before=before, last_move="k8")
        assert 'class="die black last"' in V.board_svg(after, ui)
        assert 'class="die black last turned"' in V.board_svg(after, ui.with_(animate=True))
        # The other player sees where the black die was before this turn.
        assert "was 6" in V.board_svg(after, UIState(interactive=True))

    def test_the_latest_turn_leaves_a_dashed_ghost_where_it_began(self):
        s = G.play(G.play(at("b3:1 r9:4 k7 b"), "5:5"), "6:1")
        assert G.position(s) == "b6:1 r9:4 k7 r"
        ghosts = [g for g in board(s).iter() if "ghost" in (g.get("class") or "").split()]
        assert len(ghosts) == 1 and [e.text for e in ghosts[0].iter() if e.get("class") == "die-face"] == ["1"]


class TestWords:
    def test_descriptions_of_every_kind_of_move(self):
        s = at(START)
        assert V.describe_move(s, "2:2", G.play(s, "2:2"), NAMES) == (
            "Ada (blue) steps from beside the board to field 2 and turns 2 up. 2 matches the field: an extra step."
        )
        assert "Pasch: 6 matches the black die" in V.describe_move(s, "1:6", None, NAMES)
        pasch = G.play(s, "1:6")
        assert V.describe_move(pasch, "k3", None, NAMES) == "Ada (blue) turns the black die from 6 to 3: field 3 is now closed to both."
        assert V.describe_move(pasch, "end", None, NAMES) == "Ada (blue) leaves the black die at 6 and ends the turn."
        assert V.describe_move(G.play(s, "2:2"), "end", None, NAMES) == "Ada (blue) ends the turn without the extra step."
        assert V.describe_move(at("b0:5 r5:1 k2 b"), "pass", None, NAMES) == "Ada (blue) cannot step and passes."
        assert V.describe_move(at("b7:2 r4:3 k8 b"), "9:5", None, NAMES).endswith("The die has reached the far end: Ada (blue) wins!")

    def test_a_name_that_is_the_colour_is_not_repeated(self):
        assert V.status_text(at(START), LIVE, ["Blue", "Red"]).startswith("Blue to move")

    def test_move_list_entries(self):
        s = at(START)
        assert V.move_text(s, "2:2") == "2:2 +"
        assert V.move_text(s, "1:6") == "1:6 Pasch"
        assert V.move_text(s, "2:7") == "2:7"
        assert V.move_text(G.play(s, "1:6"), "k8") == "black 8"
        assert V.move_text(at("b7:2 r4:3 k8 b"), "9:5") == "9:5 wins"

    def test_results(self):
        won = G.play(at("b7:2 r4:3 k8 b"), "9:5")
        assert V.result_text(won, NAMES) == "Ada (blue) wins: the die has crossed the board!"
        assert V.status_text(won, LIVE, NAMES) == V.result_text(won, NAMES)

    def test_repetition_draw_is_explained(self):
        s = at("b1:2 r9:3 k6 b")
        for move in ("2:1", "8:4", "1:2", "9:3", "2:1", "8:4", "1:2", "9:3"):
            if s.outcome is not None:
                break
            s = G.play(s, move)
        assert s.outcome is not None and s.outcome.reason == FennEnd.REPETITION
        assert V.result_text(s, NAMES) == "Drawn: the same position came up for the third time."

    def test_player_panels_show_field_face_and_die(self):
        s = at("b2:7 r10:5 k4 b")
        assert "on field 2, shows 7" in V.seat_details(s, 0)
        assert "die III: 1 2 5 6 7 9" in V.seat_details(s, 0)
        assert "beside the board, shows 5" in V.seat_details(s, 1)


class TestOpeningRollAndSolvedStart:
    def test_the_side_panel_shows_the_roll_and_who_begins(self):
        s = G.new_game(seed=5)
        rolls = G.opening(s).rolls
        assert len(rolls) > 1  # this seed rerolls
        side = root(V.side_html(s, NAMES))
        dice = [e for e in side.iter() if "fenn-roll-die" in (e.get("class") or "")]
        assert [text_of(d) for d in dice] == [str(r) for r in rolls]
        assert "decisive" in dice[-1].get("class")
        starter = "Blue" if rolls[-1] == 6 else "Red"
        assert f"{', '.join(map(str, rolls))}. {starter} begins." in text_of(side)
        assert "With perfect play from this start the game is a draw." in text_of(side)
        # It rolls in once, at the start only.
        assert "fenn-roll rolling" in V.side_html(s, NAMES)
        assert "fenn-roll rolling" not in V.side_html(G.play(s, G.legal_moves(s)[0]), NAMES)

    def test_the_board_shows_the_roll_beside_the_black_die_during_the_first_turns(self):
        s = G.new_game(seed=5)
        svg = board(s)
        rolled = [g for g in svg.iter("g") if {"rerolled", "decisive"} & set((g.get("class") or "").split())]
        assert [text_of(g) for g in rolled] == [str(r) for r in G.opening(s).rolls]
        assert "The black die shows 6: Blue begins." in V.status_text(s, LIVE, ["Blue", "Red"])

    def test_a_chosen_start_is_not_called_a_roll(self):
        s = G.new_game(seed=1, first="red")
        assert "Red begins, as chosen; the black die shows 4." in V.side_html(s, NAMES)
        assert "rolled" not in V.board_svg(s, LIVE)

    def test_the_start_value_agrees_with_the_solver(self):
        values = start_values()
        assert values[("blue", 6)].outcome == 0 and values[("red", 4)].outcome == 0
        help_text = V.setup_fields()[0].help
        assert "with perfect play from the start it is a draw, whoever begins" in help_text

    def test_positions_without_a_roll_show_no_roll(self):
        assert "Opening roll" not in V.side_html(at(START), NAMES)

    def test_the_repetition_warning(self):
        s = at("b1:2 r9:3 k6 b")
        for move in ("2:1", "8:4", "1:2", "9:3"):
            s = G.play(s, move)
        # The words count the occurrences the engine does: twice so far, the third draws.
        assert G.repetitions(s) == 2 and G.repeats_to_draw(s) == 1
        assert "a third time ends the game in a draw" in V.side_html(s, NAMES)
        assert "a third time" not in V.side_html(at("b1:2 r9:3 k6 b"), NAMES)


class TestSetupForm:
    def test_options_from_the_form(self):
        assert V.options_from_form({"first": "roll"}, 2) == {}
        assert V.options_from_form({}, 2) == {}
        assert V.options_from_form({"first": "blue"}, 2) == {"first": "blue"}
        assert V.options_from_form({"first": "red"}, 2) == {"first": "red"}
        with pytest.raises(ValueError, match="Choose who begins"):
            V.options_from_form({"first": "green"}, 2)

    def test_every_choice_starts_a_game(self):
        field = V.setup_fields()[0]
        assert field.default == "roll"
        for choice in field.choices:
            s = G.new_game(seed=3, **V.options_from_form({"first": choice.value}, 2))
            assert G.current_player(s) in (0, 1)

    def test_the_form_renders_with_the_explanation(self):
        html = setup_screen.setup_html(V, 2, {})
        root(html)
        assert "rolled until it shows 4 or 6" in html and 'name="first"' in html


class TestHints:
    def test_every_legal_move_gets_its_solver_value(self):
        s = at("b3:1 r8:4 k7 b")
        pairs = dict(V.hints(s))
        exact = {mv.move: mv.exact for mv in hint(G, s)}
        assert {t for t in pairs if not t.isdigit()} == set(G.legal_moves(s))
        for move, value in exact.items():
            assert pairs[move] == value  # the solver's typed value, no text in between
        # Each field gets the best value of its steps (as players read it: the winner's turns).
        for field in {m.split(":")[0] for m in exact}:
            best = max((exact[m] for m in exact if m.startswith(field + ":")), key=lambda v: v.rank())
            assert shown_value(pairs[field]) == shown_value(best)

    def test_values_count_the_winners_turns(self):
        assert shown_value(solver.Value(1, 1)) == (1, 1) and value_text(solver.Value(1, 1)) == "win this turn"
        assert shown_value(solver.Value(1, 3)) == (1, 2) and value_text(solver.Value(1, 3)) == "win in 2 turns"
        assert shown_value(solver.Value(-1, 2)) == (-1, 1) and value_text(solver.Value(-1, 2)) == "loss: the opponent wins in 1 turn"
        assert shown_value(solver.DRAW) == (0, 0) and value_text(solver.DRAW) == "draw"
        assert shown_value("hint") == (0, 0)  # a plain hint carries no value

    def test_a_winning_hint_is_spoken_and_marked(self):
        s = at("b7:2 r4:3 k8 b")
        hints = V.hints(s)
        text = V.hint_text(s, hints, NAMES)
        assert text.startswith("With perfect play Ada (blue) wins (win this turn).")
        ui = LIVE.with_(hints=hints)
        marks = [g for g in board(s, ui).iter("g") if "hint-mark" in (g.get("class") or "")]
        assert {m.get("class") for m in marks} >= {"hint-mark win"}
        # The list opens and shows each step's value; the best are starred.
        extra = V.extra_html(s, ui)
        assert "<details" in extra and 'open=""' in extra
        buttons = {e.get("data-target"): e for e in root(extra).iter("button")}
        assert "win this turn" in buttons["9:5"].get("aria-label") and "best" in buttons["9:5"].get("class")
        face_ui = V.click(s, ui, "9").ui
        assert face_ui.hints == hints  # picking a field keeps the hint on screen
        assert "win this turn" in V.extra_html(s, face_ui)

    def test_the_start_hint_says_draw(self):
        s = at(START)
        text = V.hint_text(s, V.hints(s), NAMES)
        assert text.startswith("With perfect play the game is a draw. Every move keeps it.")
        assert " best" not in V.extra_html(s, LIVE.with_(hints=V.hints(s)))  # nothing to single out

    def test_a_hint_where_some_steps_lose(self):
        s = at("b0:5 r6:4 k8 b")
        hints = V.hints(s)
        assert V.hint_text(s, hints, NAMES).startswith("With perfect play the game is a draw. 4 of 10 moves keep the draw; the others lose.")
        ui = LIVE.with_(hints=hints)
        buttons = {e.get("data-target"): e for e in root(V.extra_html(s, ui)).iter("button")}
        assert buttons["1:2"].text == "2 · loss 3" and "loss" in buttons["1:2"].get("class")
        assert "best" in buttons["1:7"].get("class") and buttons["1:7"].text == "7 · draw"


class TestPictures:
    def test_thumbnail_and_icons_are_well_formed(self):
        root(V.thumbnail_svg())
        root(V.piece_svg(0, 2, 24))
        assert "die blue" in V.piece_svg(0, 2) and "die red" in V.piece_svg(1, 2)

    def test_screen_parts_of_a_whole_game(self):
        seats = [Seat("Ada", "human"), Seat("Bot", "computer", 5)]
        session = GameSession.new("fenn", seats, seed=11, options={}, save_id="t")
        rng = random.Random(2)
        while not session.is_over() and len(session.moves) < 80:
            session.play(rng.choice(G.legal_moves(session.state)))
            s = session.state
            ui = UIState(interactive=True, last_before=session.states[-2], last_move=session.moves[-1], animate=True)
            for html in (
                V.board_svg(s, ui),
                V.extra_html(s, ui),
                V.side_html(s, session.names()),
                game_panels.players_html(V, session, s, None),
                game_panels.moves_html(V, session),
            ):
                root(html)
            assert V.status_text(s, ui, session.names())

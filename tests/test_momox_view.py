"""The Momox view in CPython: what a player can click and what it leads to, what the board, the
panels and the words show, the setup form, and above all that nothing hidden reaches the page.

Board facts used below (momox_board.FIELDS): corners 0, 8, 16, 24 (red, blue, green, purple);
yellow fields 3, 6, 11, 14, ...; red finds its 4 beside 8, its 3 beside 16, its 2 beside 24 and
its 1 at home on 0. Positions are in the engine's notation (ludothek.games.momox).
"""

from __future__ import annotations

import html
import random
import re
from dataclasses import dataclass

import pytest

from markup import arrow_reachable, arrow_step, enabled, parse, targets, texts
from ludothek.games import get_game
from ludothek.games.momox_board import CORNER_FIELDS, FIELD_COUNT, FIELD_KINDS, YELLOW_FIELDS
from ludothek.games.momox import YELLOWS_FOR_SHUFFLE
from ludothek import i18n
from ludothek.i18n import set_language
from ludothek.render import game_panels, get_view, home_screen, setup_screen
from ludothek.render.momox import MomoxView
from ludothek.render.rules import diagrams, rules_body_html
from ludothek.render.view import UIState
from ludothek.web.session import GameSession, Seat

GAME = get_game("momox")
NAMES = ["Ada", "Bo", "Cy", "Di"]
START = "0,8 -,- R key t1 y0 352614 -"  # chips 3 5 2 6 1 4 on circles 0-5, centre open


def view() -> MomoxView:
    return MomoxView(GAME)  # a fresh view: no animation remembered from another test


def public(s):
    return GAME.observation(s, None)


def pos(text):
    return GAME.from_position(text)


def after_move(text: str, move: str, **ui):
    """(state after, UI state marking the move) as the app hands them to the view."""
    before = pos(text)
    after = GAME.play(before, move)
    return public(after), UIState(last_before=public(before), last_move=move, **ui)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# -- input -------------------------------------------------------------------------------------------


class TestClicks:
    def test_a_key_click_lifts_that_key(self):
        v, s = view(), public(pos(START))
        for circle in (1, 2, 3, 4, 5):
            result = v.click(s, UIState(), f"k{circle}")
            assert result.move == f"k{circle}" and result.message is None
            assert result.ui.cursor == f"k{circle}"

    def test_the_open_circle_has_no_key(self):
        result = view().click(public(pos(START)), UIState(), "k0")
        assert result.move is None
        assert "open" in result.message and "no bowl covers it" in result.message

    def test_keys_wait_while_a_tile_is_offered(self):
        s = public(pos("8,8 -,- R tile t1 y1 625314 32"))  # red on the blue corner, beside red's 4
        result = view().click(s, UIState(), "k1")
        assert result.move is None and result.message == "First take or leave the tile beside this corner."
        assert view().click(s, UIState(), "take").move == "take"
        assert view().click(s, UIState(), "leave").move == "leave"

    def test_take_without_a_tile_and_shuffle_without_three_yellows_are_refused_with_the_rule(self):
        s = public(pos(START))
        assert "only landing exactly on a corner" in view().click(s, UIState(), "take").message
        assert f"yellow fields {YELLOWS_FOR_SHUFFLE} times in one turn" in view().click(s, UIState(), "shuffle").message  # the engine's number

    def test_after_three_yellows_only_shuffle_or_keep(self):
        s = public(pos("15,8 -,- R shuffle t1 y3 265314 1234"))
        assert view().click(s, UIState(), "shuffle").move == "shuffle"
        assert view().click(s, UIState(), "keep").move == "keep"
        assert "reshuffle the chips or keep them" in view().click(s, UIState(), "k5").message

    def test_a_finished_game_takes_no_clicks(self):
        s = public(GAME.play(pos("0,13 234,12 R tile t9 y0 625314 21"), "take"))
        assert GAME.is_over(s)
        assert view().click(s, UIState(), "k1").message == "The game is over."

    def test_a_click_sequence_plays_a_whole_turn(self):
        """k3 walks 6 onto yellow, k1 walks 5 onto yellow, k4 walks 1 onto a plain field: blue's turn."""
        v, state, ui = view(), pos(START), UIState()
        for target in ("k3", "k1", "k4"):
            result = v.click(public(state), ui, target)
            assert result.move == target
            state, ui = GAME.play(state, result.move), result.ui
        assert state.figures[0] == 12 and GAME.current_player(state) == 1


class TestTargets:
    """The board and the buttons offer exactly the legal moves, each with a name."""

    def random_states(self):
        rng = random.Random(5)
        for players in (2, 3, 4):
            for seed in range(4):
                s = GAME.new_game(players=players, seed=seed, rounds=2)
                for _ in range(rng.randrange(0, 120)):
                    if GAME.is_over(s):
                        break
                    s = GAME.play(s, rng.choice(GAME.legal_moves(s)))
                yield s
        # Every kind of decision, whatever the random games happened to reach.
        yield pos("8,8 -,- R tile t1 y0 352614 10")  # take or leave
        yield pos("6,8 -,- R key t1 y1 352614 3")  # a key or stay
        yield pos("23,8 -,- R shuffle t1 y3 123456 120")  # reshuffle or keep

    def test_targets_and_buttons_are_the_legal_moves(self):
        v = view()
        seen_phases = set()
        for s in self.random_states():
            obs, ui = public(s), UIState(interactive=True)
            board = v.board_svg(obs, ui)
            offered = enabled(board) | {a.target for a in v.actions(obs, ui)}
            assert offered == set(GAME.legal_moves(s)), GAME.position(s)
            for target in offered:
                assert v.click(obs, ui, target).move == target
            seen_phases.add(s.phase)
        assert {"key", "tile"} <= seen_phases

    def test_every_target_is_a_named_button_with_one_tab_stop(self):
        v = view()
        for s in self.random_states():
            obs = public(s)
            board = v.board_svg(obs, UIState(interactive=True))
            found = targets(board)
            if GAME.is_over(s):
                continue
            assert {f"k{c}" for c in range(6)} <= set(found)
            for target, element in found.items():
                assert element.get("role") == "button"
                assert element.get("aria-label")
                assert element.get("data-x") is not None and element.get("data-y") is not None
            assert sum(e.get("tabindex") == "0" for e in found.values()) == 1

    def test_nothing_is_clickable_while_the_computer_thinks_or_in_replay(self):
        s = public(pos(START))
        board = view().board_svg(s, UIState(interactive=False))
        assert targets(board) == {}
        assert view().actions(public(pos("8,8 -,- R tile t1 y1 625314 32")), UIState(interactive=False)) == []

    def test_aria_labels_say_what_a_key_does(self):
        board = view().board_svg(public(pos(START)), UIState(interactive=True))
        found = targets(board)
        assert found["k3"].get("aria-label") == "Lift the bowl from circle 3"
        assert found["k0"].get("aria-label") == "Centre circle 0: open, its chip lies face down"
        assert found["k0"].get("aria-disabled") == "true"
        s, _ui = after_move(START, "k3")
        found = targets(view().board_svg(s, UIState(interactive=True)))
        assert found["k3"].get("aria-label") == "Circle 3: open, its chip shows 6"
        assert found["k0"].get("aria-label") == "Lift the bowl from the centre circle 0"

    def test_the_offered_tile_is_the_tab_stop_and_says_where_it_goes(self):
        s = public(pos("16,8 4,- R tile t3 y0 625314 31"))  # red holds its 4; its 3 lies here
        found = targets(view().board_svg(s, UIState(interactive=True, cursor="k2")))
        assert found["take"].get("tabindex") == "0"
        assert found["take"].get("aria-label") == "Take your 3 (it becomes your tens digit)"
        assert all(found[f"k{c}"].get("aria-disabled") == "true" for c in range(6))
        actions = view().actions(s, UIState(interactive=True))
        assert [(a.target, a.label) for a in actions] == [("take", "Take the 3"), ("leave", "Leave it")]
        assert "tens" in actions[0].hint

    def test_on_a_yellow_field_stay_is_offered_next_to_the_keys(self):
        s = public(pos("6,8 -,- R key t1 y1 352614 3"))  # red walked 6 onto yellow field 6
        found = targets(view().board_svg(s, UIState(interactive=True)))
        stay = found["stay"]
        assert stay.get("role") == "button" and stay.get("tabindex") == "-1"
        assert stay.get("aria-label") == "Stay on this yellow field and end your turn (1 yellow field in this turn)"
        assert "Stay" in texts(stay)
        # Below the lower circles: the nearest target downwards from them, so arrow keys reach it.
        keys_y = max(float(found[f"k{c}"].get("data-y")) for c in range(6))
        assert float(stay.get("data-y")) > keys_y
        actions = view().actions(s, UIState(interactive=True))
        assert [(a.target, a.label) for a in actions] == [("stay", "Stay")]
        assert view().click(s, UIState(interactive=True), "stay").move == "stay"
        assert targets(view().board_svg(s, UIState(interactive=True, cursor="stay")))["stay"].get("tabindex") == "0"

    def test_stay_is_not_offered_at_the_start_of_a_turn(self):
        s = public(pos(START))
        assert "stay" not in targets(view().board_svg(s, UIState(interactive=True)))
        assert view().actions(s, UIState(interactive=True)) == []
        result = view().click(s, UIState(interactive=True), "stay")
        assert result.move is None and "only on a yellow field" in result.message

    def test_the_cursor_stays_on_a_playable_key(self):
        found = targets(view().board_svg(public(pos(START)), UIState(interactive=True, cursor="k4")))
        assert [t for t, e in found.items() if e.get("tabindex") == "0"] == ["k4"]
        found = targets(view().board_svg(public(pos(START)), UIState(interactive=True, cursor="k0")))
        assert [t for t, e in found.items() if e.get("tabindex") == "0"] == ["k1"]  # k0 is not playable now

    def test_arrow_keys_reach_every_circle(self):
        """The app's arrow navigation (nearest target in that direction, data-x right, data-y down)."""
        found = targets(view().board_svg(public(pos(START)), UIState(interactive=True)))
        for start in found:
            assert arrow_reachable(found, start) == set(found), start
        assert arrow_step(found, "k0", "ArrowUp") == "k1"  # up from the centre: the top circle


# -- hidden information ---------------------------------------------------------------------------


def everything_shown(v, session) -> str:
    """All the view puts into the page for a session, as the app assembles it."""
    state = public(session.state)
    ui = UIState(interactive=not GAME.is_over(state))
    if session.moves:
        ui = ui.with_(last_before=public(session.states[-2]), last_move=session.moves[-1], animate=True)
    names = session.names()
    parts = [
        v.board_svg(state, ui),
        v.extra_html(state, ui),
        game_panels.actions_html(v.actions(state, ui)),
        game_panels.players_html(v, session, state, None),
        v.side_html(state, names),
        v.status_text(state, ui, names),
        game_panels.moves_html(v, session, public),
        v.board_svg(state, ui.with_(interactive=False, animate=False)),
    ]
    for i, move in enumerate(session.moves):
        before, after = public(session.states[i]), public(session.states[i + 1])
        parts.append(v.describe_move(before, move, after, names))
        parts.append(v.move_text(before, move))
    if GAME.is_over(state):
        parts.append(v.result_text(state, names))
        parts.append(game_panels.result_dialog_html(v, session, state))
    return "\n".join(parts)


def seats(players: int) -> list[Seat]:
    return [Seat(NAMES[i], "human") for i in range(players)]


class TestNothingHiddenReachesThePage:
    @pytest.mark.parametrize(
        "first, second, moves",
        [
            # The 6 lies open on circle 3 in both; under the keys the chips differ, also those seen
            # before (circles 2 and 1: the table's memory). k4 lifts the 1 in both, k3 then the 6.
            ("6,8 -,- R key t1 y1 352614 213", "6,8 -,- R key t1 y1 245613 213", []),
            ("6,8 -,- R key t1 y1 352614 213", "6,8 -,- R key t1 y1 245613 213", ["k4"]),
            ("6,8 -,- R key t1 y1 352614 213", "6,8 -,- R key t1 y1 245613 213", ["k4", "k3"]),
            # Red stands on blue's corner beside its 4, the 5 open on circle 2, the 3 seen under circle 3.
            ("8,8 -,- R tile t1 y1 625314 32", "8,8 -,- R tile t1 y1 135462 32", []),
            ("8,8 -,- R tile t1 y1 625314 32", "8,8 -,- R tile t1 y1 135462 32", ["take"]),
            ("8,8 -,- R tile t1 y1 625314 32", "8,8 -,- R tile t1 y1 135462 32", ["leave"]),
            # After three yellows, with every chip but the open 1 under a key and remembered.
            ("15,8 -,- R shuffle t1 y3 265314 1234", "15,8 -,- R shuffle t1 y3 356412 1234", ["keep"]),
        ],
    )
    def test_states_that_differ_only_in_covered_chips_look_identical(self, first, second, moves):
        assert GAME.observation(pos(first), None) != GAME.observation(pos(second), None)  # they remember differently
        shown = []
        for text in (first, second):
            session = GameSession.from_position("momox", seats(2), text)
            for move in moves:
                session.play(move)
            shown.append(everything_shown(view(), session))
        assert shown[0] == shown[1]

    def test_games_that_differ_only_in_chips_never_lifted_look_identical_throughout(self):
        """Two recorded games whose chips differ only on circles 4 and 5, which no key move lifts:
        after every move, the whole output is the same."""
        rng = random.Random(2)
        for players, rounds in ((2, 2), (3, 1), (4, 1)):
            a = GameSession.new("momox", seats(players), seed=9, options={"chips": [3, 5, 2, 6, 1, 4], "rounds": rounds})
            b = GameSession.new("momox", seats(players), seed=9, options={"chips": [3, 5, 2, 6, 4, 1], "rounds": rounds})
            for _ in range(60):
                if a.is_over():
                    break
                moves = [m for m in GAME.legal_moves(a.state) if m not in ("k4", "k5")]
                if not moves:
                    break
                move = rng.choice(moves)
                a.play(move)
                b.play(move)
                assert everything_shown(view(), a) == everything_shown(view(), b), a.moves
            assert len(a.moves) >= 40 or a.is_over()

    def test_only_the_open_chip_shows_a_number(self):
        rng = random.Random(8)
        s = GAME.new_game(players=3, seed=4)
        for _ in range(150):
            if GAME.is_over(s):
                break
            obs = public(s)
            root = parse(view().board_svg(obs, UIState(interactive=True)))
            numbers = [(e.get("class"), texts(e)) for e in root.iter() if e.get("class", "").startswith("chip ")]
            assert len(numbers) == 1  # one chip is drawn: on the open circle
            open_circle = GAME.circles(obs)[GAME.open_circle(obs)]
            if open_circle.face_up:
                assert numbers == [("chip face-up", [str(open_circle.value)])]
            else:
                assert numbers == [("chip face-down", [])]
            s = GAME.play(s, rng.choice(GAME.legal_moves(s)))

    def test_the_move_list_names_keys_not_numbers(self):
        session = GameSession.new("momox", seats(2), seed=1, options={"chips": [3, 5, 2, 6, 1, 4]})
        for move in ("k3", "k1", "k4"):
            session.play(move)
        texts_ = [view().move_text(public(session.states[i]), m) for i, m in enumerate(session.moves)]
        assert texts_ == ["bowl 3", "bowl 1", "bowl 4"]

    def test_a_replayed_position_shows_no_chip_when_the_app_says_so(self):
        """Replay shows earlier positions, whose open chip may lie under a key by now. A UI state
        with `replaying` (a change asked of the platform) draws every chip face down."""
        s, ui = after_move(START, "k3")
        replay_ui = ReplayUI(last_before=ui.last_before, last_move=ui.last_move, interactive=False)
        board = view().board_svg(s, replay_ui)
        assert "chip face-up" not in board and "shows 6" not in board
        assert "chip face-up" in view().board_svg(s, ui)
        assert view().extra_html(s, replay_ui) == ""


@dataclass(frozen=True)
class ReplayUI(UIState):
    replaying: bool = True


# -- the board ----------------------------------------------------------------------------------------


class TestBoard:
    def test_the_circuit_is_drawn_from_the_engine_table(self):
        root = parse(view().board_svg(public(pos(START)), UIState()))
        fields = [e for e in root.iter() if e.get("data-field") is not None]
        assert len(fields) == FIELD_COUNT
        kinds = {int(e.get("data-field")): e.get("class").split()[1] for e in fields}
        assert kinds == dict(enumerate(FIELD_KINDS))
        assert sorted(f for f, k in kinds.items() if k == "yellow") == sorted(YELLOW_FIELDS)
        assert sum(1 for e in root.iter() if e.get("class") == "yellow-star") == len(YELLOW_FIELDS)  # not colour alone
        assert sorted(f for f, k in kinds.items() if k == "corner") == list(CORNER_FIELDS)

    def test_tiles_beside_the_corners_and_slots_for_taken_ones(self):
        s = public(pos("16,8 34,- B key t4 y0 625314 31"))  # red took 4 and 3
        root = parse(view().board_svg(s, UIState()))
        red = [texts(e) for e in root.iter() if e.get("class", "").startswith("tile red")]
        blue = [texts(e) for e in root.iter() if e.get("class", "").startswith("tile blue")]
        assert sorted(red) == [["1"], ["2"]] and sorted(blue) == [["1"], ["2"], ["3"], ["4"]]
        assert sum(1 for e in root.iter() if e.get("class") == "tile-slot red") == 2
        assert not any("green" in (e.get("class") or "") and "tile" in (e.get("class") or "") for e in root.iter())  # two players

    def test_figures_sharing_a_field_stand_side_by_side(self):
        s, _ui = after_move("3,8 -,- R key t1 y1 625314 3", "k2")  # red lands on blue's corner
        root = parse(view().board_svg(s, UIState()))
        figures = {e.get("data-seat"): e for e in root.iter() if (e.get("class") or "").startswith("figure ")}
        centres = {seat: next(c for c in e.iter() if "figure-body" in (c.get("class") or "")).get("cx") for seat, e in figures.items()}
        assert set(centres) == {"0", "1"} and centres["0"] != centres["1"]

    def test_the_last_walk_is_marked_from_start_to_landing(self):
        s, ui = after_move(START, "k3")  # red walks 6 from 0 to the yellow field 6
        root = parse(view().board_svg(s, ui))
        last = [e.get("data-field") for e in root.iter() if "last" in (e.get("class") or "").split()]
        start = [e.get("data-field") for e in root.iter() if "walk-start" in (e.get("class") or "").split()]
        assert last == ["6"] and start == ["0"]
        assert sum(1 for e in root.iter() if e.get("class") == "walk-dot") == 5  # the fields passed

    def test_animation_only_when_asked(self):
        s, ui = after_move(START, "k3")
        v = view()
        assert "animateMotion" not in v.board_svg(s, ui)
        animated = v.board_svg(s, ui.with_(animate=True))
        assert animated.count("<animateMotion") == 2  # the figure walks, the key moves onto the centre
        assert v.board_svg(s, ui.with_(animate=True)) == animated  # a pure function of its arguments
        assert "animateMotion" not in v.board_svg(s, ui)  # at rest when the app no longer asks

    def test_steps_ahead_for_the_player_to_move(self):
        root = parse(view().board_svg(public(pos(START)), UIState(interactive=True)))
        labels = {}
        for group in root.iter():
            if group.get("data-field") is None:
                continue
            for e in group:
                if e.get("class") == "step-ahead":
                    labels[int(group.get("data-field"))] = e.text
        assert labels == {1: "1", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6"}
        assert "step-ahead" not in view().board_svg(public(pos(START)), UIState(interactive=False))

    def test_thumbnail_and_preview_are_pictures(self):
        v = view()
        thumb = parse(v.thumbnail_svg())
        assert targets(v.thumbnail_svg()) == {}
        svg = thumb[0]
        assert svg.get("viewBox") and svg.get("role") == "img"
        preview = v.setup_preview({}, 4)
        assert preview.count('class="figure ') == 4 and targets(preview) == {}

    def test_the_board_describes_itself_in_words(self):
        s, _ui = after_move(START, "k3")
        desc = parse(view().board_svg(s, UIState())).find(".//{http://www.w3.org/2000/svg}desc").text
        assert "Red's figure stands on a yellow field, 6 after the red corner." in desc
        assert "The open circle is circle 3; its chip shows 6." in desc
        assert "Blue's tiles still to take: 1 beside the blue corner, 2 beside the red corner" in desc


# -- panels and words ----------------------------------------------------------------------------------


class TestPanelsAndWords:
    def test_the_number_fills_from_the_ones(self):
        s = public(pos("16,8 34,- B key t4 y0 625314 31"))
        root = parse(view().seat_details(s, 0))
        digits = [e.text or "" for e in root.iter() if "digit" in (e.get("class") or "")]
        assert digits == ["", "", "3", "4"]
        assert "Number so far: 34 (2 of 4 tiles)" in texts(root)
        assert "No tile yet" in texts(parse(view().seat_details(s, 1)))

    def test_round_table_only_with_several_rounds(self):
        assert view().side_html(public(pos(START)), NAMES[:2]) == ""
        s = pos("8,0 -,1 B key t3 y0 625314 31 r2/3 1234,12")
        html = view().side_html(public(s), ["<b>Ada</b>", "Bo"])
        root = parse(html)
        rows = [[t for t in texts(tr)] for tr in root.iter("tr")]
        assert rows[0] == ["Round", "<b>Ada</b>", "Bo"]
        assert rows[1] == ["1", "1234", "12"]
        assert rows[2] == ["2 (playing)", "0", "1"]
        assert rows[3] == ["Total", "1234", "13"]
        assert "Rounds: 1 of 3 finished" in texts(root)

    @pytest.mark.parametrize(
        "text, expected",
        [
            (START, "Ada to move: lift a bowl."),
            ("6,8 -,- R key t1 y1 352614 3", "Ada is on a yellow field: lift another bowl or stay (1 yellow field in this turn)."),
            ("8,8 -,- R tile t1 y1 625314 32", "Ada may take the 4 here (it would be the ones digit) or leave it."),
            ("15,8 -,- R shuffle t1 y3 265314 1234", "Ada landed on yellow 3 times in this turn: reshuffle the chips or keep them?"),
            ("8,0 -,1 B key t3 y0 625314 31 r2/3 1234,12", "Bo to move: lift a bowl. Round 2 of 3."),
        ],
    )
    def test_status_says_whose_turn_and_what_to_do(self, text, expected):
        assert view().status_text(public(pos(text)), UIState(), NAMES[:2]) == expected

    def test_describing_a_walk_uses_the_state_after_it(self):
        before = pos("3,8 -,- R key t1 y1 625314 3")
        after = GAME.play(before, "k2")
        text = view().describe_move(public(before), "k2", public(after), NAMES[:2])
        assert text == "Ada lifted the bowl from circle 2: a 5. Ada walks to the blue corner. Ada may take the 4 here or leave it."
        before = pos(START)
        text = view().describe_move(public(before), "k3", public(GAME.play(before, "k3")), NAMES[:2])
        assert text.endswith("Ada walks to a yellow field, 6 after the red corner. A yellow field: Ada may lift another bowl or stay.")

    def test_taking_the_last_tile_ends_the_round(self):
        before = pos("0,13 234,12 R tile t9 y0 625314 21 r1/2 -")
        after = GAME.play(before, "take")
        text = view().describe_move(public(before), "take", public(after), NAMES[:2])
        assert text == ("Ada took the 1 as the thousands digit: 1234. Round 1 is over: Ada 1234, Bo 12. Round 2 begins; Bo starts.")
        assert view().move_text(public(before), "take") == "take 1"

    def test_other_moves(self):
        v = view()
        tile = pos("24,8 4,- R tile t3 y0 625314 31")
        assert v.describe_move(public(tile), "leave", public(GAME.play(tile, "leave")), NAMES[:2]) == "Ada left the 2 beside the corner."
        assert v.move_text(public(tile), "leave") == "leave 2"
        three = pos("15,8 -,- R shuffle t1 y3 265314 1234")
        assert "reshuffled" in v.describe_move(public(three), "shuffle", public(GAME.play(three, "shuffle")), NAMES[:2])
        assert v.move_text(public(three), "shuffle") == "reshuffle" and v.move_text(public(three), "keep") == "keep"

    def test_staying_in_words(self):
        v = view()
        yellow = pos("6,8 -,- R key t1 y1 352614 3")
        after = public(GAME.play(yellow, "stay"))
        assert v.describe_move(public(yellow), "stay", after, NAMES[:2]) == "Ada stays on the yellow field; the turn ends."
        assert v.move_text(public(yellow), "stay") == "stay"
        third = GAME.play(pos("19,8 -,- R key t1 y2 123456 21"), "k2")  # third yellow field
        text = v.describe_move(public(third), "stay", public(GAME.play(third, "stay")), NAMES[:2])
        assert text == "Ada stays on the yellow field; the turn ends. 3 yellow fields in this turn: Ada may reshuffle the chips."

    def test_the_last_walk_in_words_under_the_board(self):
        s, ui = after_move(START, "k3")
        assert "Red lifted the bowl from circle 3 and walked 6." in view().extra_html(s, ui)
        assert view().extra_html(public(pos(START)), UIState()) == ""

    def test_results(self):
        v = view()
        one = public(GAME.play(pos("0,13 234,12 R tile t9 y0 625314 21"), "take"))
        assert v.result_text(one, NAMES[:2]) == "Ada collected all four tiles first and wins with 1234!"
        two = public(GAME.play(pos("0,13 234,12 R tile t10 y0 625314 21 r2/2 12,4321"), "take"))
        assert v.result_text(two, NAMES[:2]) == "Bo wins with 4333 points."
        assert v.status_text(two, UIState(), NAMES[:2]) == "Bo wins with 4333 points."

    def test_a_walk_after_three_yellows_offers_the_reshuffle(self):
        before = pos("14,8 -,- R key t1 y3 265314 123")  # red walked 6, 5 and 3 from yellow to yellow
        after = GAME.play(before, "k4")  # the 1: onto a plain field
        text = view().describe_move(public(before), "k4", public(after), NAMES[:2])
        assert text.endswith("Ada walks to a plain field, 7 after the blue corner. 3 yellow fields in this turn: Ada may reshuffle the chips.")
        assert [a.label for a in view().actions(public(after), UIState())] == ["Reshuffle the chips", "Keep the chips"]


class TestRulesPages:
    def test_the_german_page_shows_the_same_diagrams_and_its_clarifications(self):
        english, german = diagrams("momox", "en"), diagrams("momox", "de")
        assert [(d.position, d.move) for d in english] == [(d.position, d.move) for d in german]
        assert {d.move for d in english} >= {None, "k3", "take", "leave", "shuffle"}
        html = rules_body_html(view(), "de")
        assert "<h2>Klarstellungen</h2>" in html and "Zehner" in html


# -- setup ----------------------------------------------------------------------------------------------


class TestSetup:
    def test_every_engine_option_is_offered_and_explained(self):
        fields = {f.name: f for f in view().setup_fields()}
        assert set(fields) == {"rounds", "chips", "chips_text"}
        assert all(f.help for f in fields.values())
        assert fields["rounds"].default == 1 and fields["chips"].default == "shuffled"
        assert fields["chips_text"].show_when == ("chips", "hand")

    @pytest.mark.parametrize(
        "values, options",
        [
            ({"rounds": "1", "chips": "shuffled", "chips_text": ""}, {}),
            ({"rounds": "3", "chips": "shuffled"}, {"rounds": 3}),
            ({"rounds": "2", "chips": "hand", "chips_text": "352614"}, {"rounds": 2, "chips": [3, 5, 2, 6, 1, 4]}),
            ({"rounds": " 1 ", "chips": "hand", "chips_text": "6 5 4 3 2 1"}, {"chips": [6, 5, 4, 3, 2, 1]}),
        ],
    )
    def test_form_to_options(self, values, options):
        assert view().options_from_form(values, 2) == options
        GAME.new_game(players=2, seed=1, **options)

    @pytest.mark.parametrize(
        "values, fragment",
        [
            ({"rounds": "0"}, "between 1 and 99"),
            ({"rounds": "two"}, "whole number"),
            ({"rounds": "1", "chips": "hand", "chips_text": "35261"}, "six digits"),
            ({"rounds": "1", "chips": "hand", "chips_text": "352613"}, "six digits"),
        ],
    )
    def test_bad_input_says_what_is_wrong(self, values, fragment):
        with pytest.raises(ValueError, match=fragment):
            view().options_from_form(values, 2)

    def test_chips_by_hand_warn_that_they_are_known(self):
        v = view()
        assert v.option_warnings({}, 2) == []
        assert "teaching" in v.option_warnings({"chips": [3, 5, 2, 6, 1, 4]}, 2)[0]

    def test_the_setup_form_renders(self):
        html = setup_screen.setup_html(view(), 3, {"chips": "hand"})
        parse(html)
        assert 'name="rounds"' in html and 'name="chips_text"' in html
        assert 'name="chips_text"' not in setup_screen.setup_html(view(), 3, {})

    def test_the_registered_view_is_this_one(self):
        assert isinstance(get_view("momox"), MomoxView)


# -- bowls, not keys -------------------------------------------------------------------------------------
# The rulebook's "Schlüsselchen" is turned over a chip ("stülpt es über"): small bowls (Schüsselchen),
# as a review of the Spear edition lists them. A player never meets a key in Momox, in either language.

WORD = {"en": "bowl", "de": "Schüsselchen"}
NOT_SAID = {"en": re.compile(r"\bkeys?\b", re.IGNORECASE), "de": re.compile(r"schlüssel", re.IGNORECASE)}
# The one place that names the rulebook's word: the Clarifications entry that says how we read it.
READING = {"en": "Bowls, not keys.", "de": "Schüsselchen, keine Schlüssel."}


SAID = re.compile(r'\s(?:aria-label|aria-description|title|alt|placeholder)="([^"]*)"')
TAG = re.compile(r"<[^>]*>")


def readable(markup: str) -> list[str]:
    """What a player reads or a screen reader says in a piece of markup: the text and the
    attributes that name or describe (never classes, links or data, which hold notation)."""
    said = [html.unescape(value) for value in SAID.findall(markup)]
    return said + [html.unescape(text).strip() for text in TAG.split(markup) if text.strip()]


def momox_screens(language: str) -> list[str]:
    """Everything Momox puts before a player in `language`: games played through every phase
    (boards, status, moves in words, move list, buttons, panels, round table, result), hints,
    refusals, the setup screen, the home card, the computer players' levels and a puzzle."""
    from ludothek.render.catalog import levels as ai_levels
    from ludothek.ai.puzzles import puzzles
    from ludothek.render import puzzles as puzzle_screens

    set_language(language)
    v = view()
    shown = [v.tagline(), setup_screen.setup_html(v, 2, {}), home_screen.game_card(v)]
    shown += [i18n._(text) for text in v.move_error_texts.values()]
    shown += [i18n._(level.name) + " " + i18n._(level.description) for level in ai_levels("momox")]
    rng = random.Random(5)
    for players, rounds in ((2, 2), (3, 1), (4, 1)):
        session = GameSession.new("momox", seats(players), seed=3 + players, options={"rounds": rounds})
        for _move in range(120):
            state = public(session.state)
            if session.is_over():
                break
            ui = UIState(interactive=True)
            if session.moves:
                ui = ui.with_(last_before=public(session.states[-2]), last_move=session.moves[-1])
            shown += [v.board_svg(state, ui), v.extra_html(state, ui), v.status_text(state, ui, session.names())]
            shown.append(game_panels.actions_html(v.actions(state, ui)))
            legal = GAME.legal_moves(session.state)
            shown.append(v.hint_text(state, ((legal[0], ""),), session.names()))
            if "k0" not in legal and state.phase == "key":
                shown.append(v.click(state, UIState(interactive=True), "k0").message or "")  # the open circle
            session.play(rng.choice(legal))
        assert session.is_over() or len(session.moves) >= 100
        shown.append(everything_shown(v, session))  # and every move in words, the list, the result
    puzzle = puzzles("momox")[0]
    mover = NAMES[0]
    shown += [
        puzzle_screens.task_text("momox", puzzle, mover),
        puzzle_screens.premise_html("momox", puzzle),
        puzzle_screens.hint_text("momox", puzzle, tuple(GAME.legal_moves(pos(puzzle["position"])))),
        puzzle_screens.puzzle_panel_html("momox", puzzle, 1, 9, mover, "failed", True, None, v.move_text(pos(puzzle["position"]), puzzle["solution"]), "#/x"),
    ]
    return [part for markup in shown for part in readable(markup)]


class TestBowlsNotKeys:
    @pytest.mark.parametrize("language", ["en", "de"])
    def test_every_target_on_the_board_names_a_bowl(self, language):
        set_language(language)
        for text in (START, "6,8 -,- R key t1 y1 352614 3"):
            found = targets(view().board_svg(public(pos(text)), UIState(interactive=True)))
            circles = [found[f"k{c}"].get("aria-label") for c in range(6) if f"k{c}" in found]
            covered = circles[1:] if text == START else [name for c, name in enumerate(circles) if c != 3]
            assert len(covered) == 5 and all(WORD[language] in name for name in covered), circles
            assert not any(NOT_SAID[language].search(name) for name in circles), circles
        svg = view().board_svg(public(pos(START)), UIState(interactive=True))
        assert svg.count('class="bowl"') == 5 and 'class="key' not in svg  # drawn as bowls, too
        desc = next(e for e in parse(svg).iter() if e.tag.endswith("desc"))
        assert WORD[language][1:] in "".join(desc.itertext())  # "Bowls cover the other circles."

    @pytest.mark.parametrize("language", ["en", "de"])
    def test_no_screen_says_key(self, language):
        said = momox_screens(language)
        assert [s for s in said if NOT_SAID[language].search(s)] == []
        assert sum(WORD[language] in s for s in said) > 100  # the scan saw the bowls being lifted

    @pytest.mark.parametrize("language", ["en", "de"])
    def test_the_rules_page_says_bowl_and_tells_the_reading_once(self, language):
        page = rules_body_html(view(), language)
        reading = [item for item in re.findall(r"<li>.*?</li>", page, re.DOTALL) if READING[language] in readable(item)]
        assert len(reading) == 1  # the Clarifications entry on the word, which quotes the rulebook and the review
        said = " ".join(readable(reading[0]))
        assert "Schlüsselchen" in said and "stülpt es über" in said and "5 Schüsseln, 6 Chips, 16 Plättchen, 4 Spielfiguren" in said
        elsewhere = " ".join(readable(page.replace(reading[0], "")))
        assert not NOT_SAID[language].search(elsewhere), NOT_SAID[language].findall(elsewhere)
        assert elsewhere.count(WORD[language]) >= 10


class TestOldRecordsAndLinks:
    """The move notation keeps its letter: k0..k5 lift a bowl, as they lifted a key before."""

    OLD_RECORD = {
        "format": "ludothek",
        "version": 1,
        "game": "momox",
        "players": [{"seat": 0}, {"seat": 1}],
        "options": {"chips": [3, 5, 2, 6, 1, 4]},
        "seed": 7,
        "moves": ["k3", "k2", "take", "k1", "k5"],
    }
    # A game link written before the bowls (the same record).
    OLD_LINK = "eNo1jMEOgjAQRP9lznuwIJL0V0wPjaxCSt0GKtE0_Xe2By-TSd6bKXjKFn2GxfqZJM8cQDh42xd5wxrCy0dWGiXKV1Fa_U8p7L1g5za8VPpXUx1BUtatGgWPeUlN7Wmgjm5k6OoqqcwT7Eh6enDjCL1eh04j-8CtmxYDXD0BtiUxrA"
    AFTER = "12,13 4,- B key t4 y0 352614 3215"

    def test_a_record_with_k_moves_replays_to_the_same_position(self):
        s = GAME.from_record(self.OLD_RECORD)
        assert GAME.position(s) == self.AFTER
        assert GAME.record(s)["moves"] == self.OLD_RECORD["moves"]  # and is written back the same

    def test_an_old_game_link_opens_the_same_game(self):
        from ludothek.web.links import decode_record

        assert GAME.position(GAME.from_record(decode_record(self.OLD_LINK))) == self.AFTER

    def test_the_move_list_says_bowl_for_a_k_move(self):
        set_language("de")
        assert view().move_text(public(pos(START)), "k3") == "Schüsselchen 3"

"""Setting up a position by hand (games/editing.py, issue 36): every game with an editing module
keeps its promises on the setup and on positions of seeded random games, and the editor screen
puts pieces, takes them away, empties the board and sets what is beside it, with the engine
judging every result."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from ludothek.games import get_game
from ludothek.games.base import PositionError
from ludothek.games.editing import EditRefused
from ludothek.render.catalog import position_editing
from ludothek.render import get_view
from ludothek.render.editor import EDIT_REFUSAL_TEXTS
from ludothek.render.view import UIState
from ludothek.render.catalog import RECORDS
from random_games import random_game
from test_editor import board_target, editor_of, region, tap, tool
from test_web_app import last, start

EDITING = sorted(r.id for r in RECORDS)


def positions(game_id: str, games: int = 3, every: int = 7) -> list:
    """Observations (as the editor holds them) of the setup and of seeded random games."""
    game = get_game(game_id)
    found = [game.observation(game.new_game(players=get_view(game_id).default_players), None)]
    for n, setup in enumerate(game.conformance_setups()[:games]):
        s, rng = random_game(game, setup, seed=n + 1, rng_key=f"edit-{game_id}-{n}")
        for ply in range(200):
            if ply % every == 0:
                found.append(game.observation(s, None))
            if game.is_over(s):
                break
            s = game.play(s, rng.choice(game.legal_moves(s)))
    return found


def readable(game, text: str):
    """The state the editor would show for `text`, or None when the engine refuses it."""
    try:
        return game.observation(game.from_observation(text, random.Random(0)), None)
    except PositionError:
        return None


@pytest.mark.parametrize("game_id", EDITING)
def test_every_edit_gives_text_the_engine_reads_or_refuses_and_every_place_is_a_target(game_id):
    game, view, rules = get_game(game_id), get_view(game_id), position_editing(game_id)
    assert rules is not None
    taken = refused = 0
    for s in positions(game_id):
        palette = rules.palette(s)
        targets = view.target_centres(s, UIState(interactive=False))
        assert palette.pieces and (palette.places or not targets)  # no places where the board offers none (a finished Mops Royal)
        assert palette.places <= set(targets), sorted(palette.places - set(targets))
        pick = random.Random(f"{game_id}-{game.position(s)}")
        for place in sorted(palette.places):
            # Every piece on every place where the pieces are few; a seeded dozen a place where
            # they are many (Nummerus' 48 chips, Mops Royal's 72 tile faces): each piece still
            # meets many places over the positions, and the test stays seconds long.
            tried = palette.pieces if len(palette.pieces) <= 12 else pick.sample(palette.pieces, 12)
            for piece in tried:
                try:
                    text = rules.put(s, place, piece)
                except EditRefused as exc:
                    assert exc.rule in EDIT_REFUSAL_TEXTS or exc.rule in view.edit_refusal_texts(), exc.rule
                    refused += 1
                    continue
                assert isinstance(text, str)
                taken += readable(game, text) is not None
            try:
                emptied = rules.remove(s, place)
            except EditRefused as exc:
                assert exc.rule in EDIT_REFUSAL_TEXTS or exc.rule in view.edit_refusal_texts(), exc.rule
            else:
                assert readable(game, emptied) is not None, (game.position(s), place, emptied)
        for setting in rules.settings(s):
            assert not setting.choices or setting.value in setting.choices, setting
            again = readable(game, rules.set(s, setting.name, setting.value))
            assert again is not None and game.position(again) == game.position(s), setting
            assert view.setting_name(setting.name) != setting.name or setting.name.isalpha()
        assert readable(game, rules.empty(s)) is not None, game.position(s)
    assert taken > 0 and refused >= 0


@pytest.mark.parametrize("game_id", EDITING)
def test_every_piece_and_setting_has_words(game_id):
    view, rules = get_view(game_id), position_editing(game_id)
    assert rules is not None
    for s in positions(game_id, games=1):
        for piece in rules.palette(s).pieces:
            assert view.piece_name(piece) != piece or len(piece) > 3, piece
        for setting in rules.settings(s):
            assert view.setting_name(setting.name) != setting.name, setting.name
            for choice in setting.choices:
                assert view.setting_value_name(setting.name, choice), choice


def test_games_without_editing_offer_marks_only():
    assert position_editing("no-such-game") is None


# -- Momentum: stones come from the hands ---------------------------------------------------------

MOMENTUM = get_game("momentum")
SETUP = "7x7 ......./......./......./......./......./......./....... R 8,8 pie"


def test_momentum_a_stone_put_leaves_its_hand_and_goes_back_when_covered_or_taken():
    rules = position_editing("momentum")
    assert rules is not None
    s = MOMENTUM.from_position(SETUP)
    red = MOMENTUM.from_position(rules.put(s, "d4", "R"))
    assert red.hands == (7, 8) and not red.swap_ahead and not MOMENTUM.swap_offered(red)  # a stone on the board: the pie rule's token no longer holds
    blue = MOMENTUM.from_position(rules.put(red, "d4", "B"))
    assert blue.hands == (8, 7) and blue.board.count("R") == 0
    hole = MOMENTUM.from_position(rules.put(blue, "d4", "x"))
    assert hole.hands == (8, 8)
    assert MOMENTUM.position(MOMENTUM.from_position(rules.remove(hole, "d4"))) == "7x7 ......./......./......./......./......./......./....... R 8,8"
    with pytest.raises(EditRefused) as refused:
        rules.remove(s, "d4")
    assert refused.value.rule == "place-empty"
    with pytest.raises(EditRefused) as refused:
        rules.put(s, "z9", "R")
    assert refused.value.rule == "no-such-place"


def test_momentum_an_empty_hand_refuses_another_stone():
    rules = position_editing("momentum")
    assert rules is not None
    s = MOMENTUM.from_position("7x7 RRRR.../RRRR.../......./......./......./......./....... B 0,8")
    with pytest.raises(EditRefused) as refused:
        rules.put(s, "a1", "R")
    assert refused.value.rule == "hand-empty"
    assert "Red stone" in get_view("momentum").piece_name("R")


def test_momentum_settings_players_size_and_whose_turn():
    rules = position_editing("momentum")
    assert rules is not None
    s = MOMENTUM.from_position(rules.put(MOMENTUM.from_position(SETUP), "d4", "B"))
    three = MOMENTUM.from_position(rules.set(s, "players", "3"))
    assert three.hands == (6, 5, 6)
    assert MOMENTUM.from_position(rules.set(three, "to-move", "G")).to_move == 2
    two = MOMENTUM.from_position(rules.set(rules_put(rules, three, "e5", "G"), "players", "2"))
    assert two.hands == (8, 7) and "G" not in two.board  # green's stones leave with green
    nine = MOMENTUM.from_position(rules.set(s, "size", "9x9"))
    assert (nine.width, nine.height, nine.hands) == (9, 9, (12, 12))
    with pytest.raises(EditRefused):
        rules.set(s, "to-move", "G")
    with pytest.raises(EditRefused):
        rules.set(s, "round-limit", "-3")
    limited = MOMENTUM.from_position(rules.set(s, "round-limit", "30"))
    assert limited.round_limit == 30


def rules_put(rules, s, place, piece):
    return MOMENTUM.from_position(rules.put(s, place, piece))


# -- the editor screen -------------------------------------------------------------------------------


def test_the_editor_puts_a_piece_by_a_click_and_by_the_keyboard_and_takes_it_away():
    app, page = start("#/editor/momentum")
    screen = last(page, "screen")[2]
    assert 'data-action="editor-piece"' in screen and "Red stone" in screen and 'id="editor-setting-to-move"' in screen
    red = re.search(r'data-action="editor-piece" data-piece="R"|data-piece="R"[^>]*data-action="editor-piece"', screen)
    assert red, "a button for the red stone"
    tap(app, tool("editor-piece", piece="R"))
    assert editor_of(app).editing.tool == "piece"
    assert "Click a place" in last(page, "announce")[1]
    tap(app, board_target("d4"))
    editor = editor_of(app)
    assert editor.position.startswith("7x7 ......./......./......./...R...") and " 7,8" in editor.position
    assert last(page, "announce")[1] == (
        "Red stone on d4. The pie rule is now off: only a game's start has it (an empty board with Red to move, or Red's first stone alone with Blue to move)."
    )
    assert ["prop", "#editor-position", "value", editor.position] in page.ops
    assert "stone" in region(page, "board")
    # Take away, then an empty place: the refusal in words, the board unchanged.
    tap(app, tool("editor-piece", piece=""))
    tap(app, board_target("d4"))
    assert " 8,8" in editor_of(app).position
    before = editor_of(app).position
    tap(app, board_target("d4"))
    assert last(page, "announce")[1] == "There is nothing on d4 to take away."
    assert editor_of(app).position == before


def test_a_stone_beyond_the_hand_is_refused_with_the_reason_and_marks_stay():
    position = "7x7 RRRR.../RRRR.../......./......./......./......./....... B 0,8"
    app, page = start("#/editor/momentum/" + position.replace(" ", "%20").replace("/", "%2F") + "/c:o:d4")
    tap(app, tool("editor-piece", piece="R"))
    tap(app, board_target("a1"))
    assert last(page, "announce")[1] == "There is no Red stone left to put on the board."
    assert editor_of(app).position == position and len(editor_of(app).diagram.circles) == 1


def test_empty_board_the_setup_and_settings_through_the_screen():
    app, page = start("#/editor/momentum")
    tap(app, tool("editor-piece", piece="B"))
    tap(app, board_target("c3"))
    tap(app, tool("editor-empty"))
    assert editor_of(app).position == "7x7 ......./......./......./......./......./......./....... R 8,8"
    send_settings(app, {"setting-players": "3", "setting-to-move": "R", "setting-size": "7x7", "setting-pie": "off", "setting-round-limit": "0"})
    assert editor_of(app).position.endswith("R 6,6,6")
    assert 'value="G"' in region(page, "editor-settings")  # green may now be chosen to move
    assert last(page, "announce")[1] == "Players: set."
    send_settings(app, {"setting-players": "3", "setting-to-move": "R", "setting-size": "7x7", "setting-pie": "pie", "setting-round-limit": "0"})
    assert "only played with 2 players" in last(page, "announce")[1]  # the engine's reason
    assert editor_of(app).position.endswith("R 6,6,6")
    tap(app, tool("editor-setup"))
    assert editor_of(app).position == SETUP


def send_settings(app, values: dict[str, str]) -> None:
    editor = editor_of(app)
    tap_values = {"label": "A", "caption": editor.diagram.caption, "position": editor.position, **values}
    from test_web_app import send

    send(app, type="click", control=tool("editor-settings"), pointer="mouse", values=tap_values)


def test_many_pieces_are_chosen_from_a_list_and_a_marks_only_place_takes_no_piece():
    app, page = start("#/editor/nummerus")
    pieces = region_or_screen(page, "editor-pieces")
    assert 'id="editor-piece-list"' in pieces and pieces.count('data-action="editor-piece"') == 1  # the list, and Take away
    send_settings(app, {"piece": "17"})  # the page sends the list's value with every click in the editor
    tap_with(app, tool("editor-piece-chosen"), piece="17")
    assert editor_of(app).editing.piece == "17" and "Chip 17" in last(page, "announce")[1]


def test_a_place_for_marks_only_takes_no_piece(monkeypatch):
    # A board may have targets no piece goes on (Momox' tile waiting to be taken): a piece tool
    # clicked there says so and leaves the position.
    from ludothek.games.momentum_editing import Editing

    palette = Editing.palette
    monkeypatch.setattr(Editing, "palette", lambda self, s: replace(palette(self, s), places=palette(self, s).places - {"a1"}))
    app, page = start("#/editor/momentum")
    before = editor_of(app).position
    tap(app, tool("editor-piece", piece="R"))
    tap(app, board_target("a1"))
    assert last(page, "announce")[1] == "No piece goes on a1: it is a place for marks only."
    assert editor_of(app).position == before


def region_or_screen(page, name: str) -> str:
    regions = [op[2] for op in page.ops if op[0] == "region" and op[1] == name]
    return regions[-1] if regions else last(page, "screen")[2]


def tap_with(app, control: dict, **values: str) -> None:
    from test_web_app import send

    editor = editor_of(app)
    send(app, type="click", control=control, pointer="mouse", values={"label": "A", "caption": "", "position": editor.position, **values})


def test_the_starting_position_says_the_marks_its_board_lacks():
    nine = "9x9 ........./........./........./........./........./........./........./........./......... R 12,12"
    app, page = start("#/editor/momentum/" + nine.replace(" ", "%20").replace("/", "%2F") + "/c:o:i9")
    assert len(editor_of(app).diagram.circles) == 1
    tap(app, tool("editor-setup"))
    assert editor_of(app).position == SETUP and editor_of(app).diagram.circles == ()
    assert "1 mark was on a place this board does not have" in last(page, "announce")[1]

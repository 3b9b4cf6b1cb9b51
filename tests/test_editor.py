"""The diagram editor (#/editor/..., issue 36) in CPython: the app driven by the page's events as
assets/page.js sends them (tests/test_web_app.py's style), for every game: marks made by clicks,
the link that carries them, a position applied or refused, hostile links."""

from __future__ import annotations

import html
import json
import re

import pytest

from ludothek.games import GAME_IDS
from ludothek.render.diagram import Arrow, Circle, Diagram, Highlight, Label, parse_diagram
from ludothek.render.diagram import editor_fragment, keep_known
from ludothek.render.editor import Editing, click_target
from ludothek.web.app import App
from ludothek.web.editor_screen import Editor
from ludothek.web.page import RecordingPage
from test_web_app import last, send, start


def editor_of(app: App) -> Editor:
    assert app.screen == "editor", app.screen
    assert isinstance(app.editor, Editor)
    return app.editor


def region(page: RecordingPage, name: str) -> str:
    found = [op[2] for op in page.ops if op[0] == "region" and op[1] == name]
    assert found, f"no region {name}"
    return found[-1]


def text_of(page: RecordingPage, selector: str) -> str:
    found = [op[2] for op in page.ops if op[0] == "text" and op[1] == selector]
    assert found, f"no text for {selector}"
    return found[-1]


def board_target(token: str) -> dict:
    return {"tag": "circle", "data": {"target": token, "x": "0", "y": "0"}, "within": ["#board", ".editor", "#screen"], "classes": ["editor-target"]}


def tool(action: str, **data: str) -> dict:
    return {"tag": "button", "data": {"action": action, **data}, "within": [".editor", "#screen"], "classes": []}


def tap(app: App, control: dict, label: str = "A", caption: str = "", position: str | None = None) -> None:
    values = {"label": label, "caption": caption, "position": position if position is not None else editor_of(app).position}
    send(app, type="click", control=control, pointer="mouse", values=values)


def put_piece(app: App, piece: str, target: str) -> None:
    """The Pieces tool's `piece` ("" takes away), then a tap on `target`."""
    tap(app, tool("editor-piece", piece=piece))
    tap(app, board_target(target))


def two_targets(app: App) -> tuple[str, str]:
    targets = sorted(editor_of(app).centres())
    assert len(targets) >= 2
    return targets[0], targets[1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_mark_and_a_caption_by_clicks_and_the_link_opens_them_again(game_id):
    app, page = start(f"#/editor/{game_id}")
    editor = editor_of(app)
    assert editor.messages == []
    screen = last(page, "screen")[2]
    assert 'data-form="editor"' in screen and 'class="editor-target"' in screen
    a, b = two_targets(app)
    caption = "Why this matters"
    tap(app, board_target(a), caption=caption)  # the arrow tool is chosen first
    tap(app, board_target(b), caption=caption)
    tap(app, tool("editor-tool", tool="circle"), caption=caption)
    tap(app, tool("editor-colour", colour="b"), caption=caption)
    tap(app, board_target(a), caption=caption)
    tap(app, tool("editor-tool", tool="highlight"), caption=caption)
    tap(app, tool("editor-colour", colour="g"), caption=caption)
    tap(app, board_target(b), caption=caption)
    tap(app, tool("editor-tool", tool="label"), caption=caption)
    tap(app, board_target(a), label="12", caption=caption)
    d = editor_of(app).diagram
    assert d == Diagram((Arrow(a, b, "o"),), (Circle(a, "b"),), (Highlight(b, "g"),), (Label(a, "12", "g"),), caption)
    assert 'class="diagram"' in region(page, "board"), "the board draws the marks"
    words = region(page, "editor-words")
    assert words.count("<li>") == 5 and "Why this matters" in words and "Label 12" in words
    assert "Added: Label 12" in last(page, "announce")[1]
    # The link carries the position and the marks: opened again, the same.
    out = region(page, "editor-out")
    found = re.search(r'id="editor-link" value="([^"]+)"', out)
    assert found is not None
    link = html.unescape(found.group(1))
    fragment = link[link.index("#") :]
    assert fragment == editor_fragment(game_id, editor.position, d)
    assert f'href="#/position/{game_id}/' in out, "Play from here is the position link"
    again, _page = start(fragment)
    assert editor_of(again).diagram == d and editor_of(again).position == editor.position
    assert editor_of(again).messages == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_refused_position_keeps_the_board_and_says_the_engines_reason(game_id):
    app, page = start(f"#/editor/{game_id}")
    a, b = two_targets(app)
    tap(app, board_target(a))
    tap(app, board_target(b))
    before = editor_of(app).position, editor_of(app).diagram
    tap(app, tool("editor-apply"), position="this is no position")
    said = text_of(page, "#editor-position-message")  # under Apply, where the author looks (and at the top)
    assert said == text_of(page, "#editor-message") and said.startswith(f"This is not a valid {editor_of(app).view.title()} position: ")
    assert len(said) > len(f"This is not a valid {editor_of(app).view.title()} position: ") + 5, "the engine's reason"
    assert ["attr", "#editor-position", "aria-invalid", "true"] in page.ops
    assert (editor_of(app).position, editor_of(app).diagram) == before
    # The same position applied again: accepted, the marks stay.
    tap(app, tool("editor-apply"), position=before[0])
    assert text_of(page, "#editor-position-message") == "The position is applied."
    assert editor_of(app).diagram == before[1]


def test_a_new_position_drops_the_marks_its_board_lacks_and_says_so():
    from ludothek.games import get_game

    game = get_game("momentum")
    large, small = game.position(game.new_game(players=2, size="9x9")), game.position(game.new_game(players=2))
    app, page = start(editor_fragment("momentum", large, Diagram()))
    tap(app, tool("editor-tool", tool="circle"))
    tap(app, board_target("i9"))
    tap(app, board_target("a1"))
    assert len(editor_of(app).diagram.circles) == 2
    tap(app, tool("editor-apply"), position=small)
    assert editor_of(app).position == small
    assert editor_of(app).diagram.circles == (Circle("a1", "o"),)
    assert "1 mark was on a place this board does not have" in last(page, "text")[2]


@pytest.mark.parametrize(
    "fragment, message",
    [
        ("#/editor/momentum/%%%garbage%%/a:o:a1-a2", "The position in the link cannot be used"),
        ("#/editor/fenn/b0:5/zzz;;", "The marks in the link cannot be read"),
        ("#/editor/nummerus/-/" + "a:o:a1-a2;" * 600, "The marks in the link cannot be read"),
        ("#/editor/mops/x/l:<script>:b2", "The marks in the link cannot be read"),
        ("#/editor/momox/-/c:o:zz9", "on a place this board does not have"),
        ("#/editor/momentum/-/t:%FF%FE", "The marks in the link cannot be read"),
    ],
)
def test_a_hostile_link_opens_the_editor_on_the_setup_with_a_message(fragment, message):
    app, page = start(fragment)
    editor = editor_of(app)
    assert message in " ".join(editor.messages)
    assert "<script>" not in last(page, "screen")[2]
    game = editor.view.game
    assert editor.position == game.position(game.observation(game.new_game(players=editor.view.default_players), None)), "the setup position"
    assert "The position in the link cannot be used" in editor.messages[0], "every position here is refused"
    assert last(page, "announce")[1] == " ".join(editor.messages)


@pytest.mark.parametrize("fragment", ["#/editor", "#/editor/chess", "#/editor/%00/x/y"])
def test_a_link_that_names_no_game_says_it_cannot_be_opened(fragment):
    app, page = start(fragment)
    assert app.screen == "error"
    assert "names no game" in last(page, "screen")[2]


def test_the_eraser_the_toggles_clear_all_and_escape():
    d, editing = Diagram(), Editing(tool="circle")
    d, editing, said = click_target(d, editing, "a1")
    assert d.circles == (Circle("a1", "o"),) and said.startswith("Added")
    d, editing, said = click_target(d, editing, "a1")
    assert d.circles == () and said.startswith("Removed")
    d, editing, _ = click_target(d, Editing(tool="arrow"), "a1")
    assert editing.start == "a1"
    d, editing, _ = click_target(d, editing, "b2")
    d, editing, _ = click_target(d, Editing(tool="label", label="!!"), "b2")
    assert d.labels == ()
    d, editing, said = click_target(d, Editing(tool="eraser"), "b2")
    assert d.arrows == () and "removed" in said
    assert keep_known(Diagram(circles=(Circle("a1", "o"), Circle("z9", "o"))), {"a1": (0, 0)}) == (Diagram(circles=(Circle("a1", "o"),)), 1)
    app, page = start("#/editor/momentum")
    tap(app, board_target("a1"))
    send(app, type="key", key="Escape", control=None)
    assert editor_of(app).editing.start is None
    tap(app, tool("editor-tool", tool="highlight"))
    tap(app, board_target("b2"))
    tap(app, tool("editor-clear"), caption="kept")
    assert editor_of(app).diagram == Diagram(caption="kept")


def test_the_keyboard_moves_over_the_targets_and_enter_marks():
    app, page = start("#/editor/momentum")
    targets = [["a1", 30, 300], ["b1", 70, 300], ["a2", 30, 260]]
    send(app, type="key", key="ArrowRight", control={"tag": "circle", "data": {"target": "a1", "x": "30", "y": "300"}, "within": ["#board"]}, targets=targets)
    assert last(page, "focus")[1] == '#board [data-target="b1"][data-x]'
    send(app, type="key", key="Enter", control={"tag": "circle", "data": {"target": "b1"}, "within": ["#board"]}, values={"label": "A", "caption": ""})
    assert editor_of(app).editing.start == "b1"
    assert last(page, "focus")[1] == '#board [data-target="b1"]'


def test_download_svg_holds_the_marks_and_the_share_dialog_offers_the_editor():
    from ludothek.games import get_game

    game = get_game("momentum")
    app, page = start(editor_fragment("momentum", game.position(game.new_game(players=2)), parse_diagram("c:r:d4")))
    assert editor_of(app).diagram.circles == (Circle("d4", "r"),)
    tap(app, tool("editor-download-svg"))
    op = last(page, "download")
    name, svg = op[1], next(part for part in op[2:] if isinstance(part, str) and "<svg" in part)
    assert name.endswith(".svg") and 'class="diagram"' in svg and "diagram-circle" in svg
    assert "<desc>Circle around d4, red. Red to move. Red: 8 stones in hand. Blue: 8 stones in hand.</desc>" in svg, (
        "the picture says its marks, then what lies beside the board"
    )
    app.editor = None
    send(app, type="route", hash="#/setup/momentum")
    send(app, type="submit", form="setup", setup={"game": "momentum", "fromPosition": False, "values": dict(app.setup.values.get("momentum", {}))})
    send(app, type="route", hash=last(page, "go")[1])
    send(app, type="click", control=tool("share"), values={})
    dialog = last(page, "dialog")
    assert 'href="#/editor/momentum/' in dialog[1] and "Edit this position" in dialog[1]


def test_the_home_screen_offers_a_diagram_for_every_game():
    app, page = start()
    home = last(page, "screen")[2]
    for game_id in GAME_IDS:
        assert f'href="#/editor/{game_id}"' in home


def test_an_event_with_hostile_values_changes_nothing_it_should_not():
    app, page = start("#/editor/fenn")
    send(app, type="click", control=tool("editor-caption"), values={"caption": "x" * 500})
    assert editor_of(app).diagram.caption == "" and "cannot be used" in last(page, "text")[2]
    send(app, type="click", control=tool("editor-tool", tool="<bad>"), values={})
    send(app, type="click", control=tool("editor-colour", colour="zz"), values={})
    send(app, type="click", control=board_target("not-a-target"), values={})
    assert editor_of(app).editing.tool == "arrow" and editor_of(app).editing.colour == "o"
    assert not page.named("error") or all("Traceback" not in json.dumps(op) for op in page.named("error"))


@pytest.fixture
def in_german():
    """The app started in German sets the process's language: put English back for the tests after."""
    from ludothek.i18n import set_language

    yield
    set_language("en")


def test_the_editor_speaks_german(in_german):
    app, page = start("#/editor/fenn", languages=("de",))
    assert "Diagramm: Fenn" in last(page, "screen")[2] and "Diagramm erstellen" not in last(page, "screen")[2]
    tap(app, board_target("2"))
    tap(app, board_target("4"))
    assert last(page, "announce")[1].startswith("Hinzugefügt: Pfeil von Feld 2 nach Feld 4, ")
    tap(app, tool("editor-apply"), position="kein Fenn")
    assert last(page, "text")[2].startswith("Das ist keine gültige Stellung von Fenn: ")


def test_the_address_follows_the_work_so_a_reload_or_a_language_switch_keeps_it():
    app, page = start("#/editor/momentum")
    a, b = two_targets(app)
    tap(app, tool("editor-tool", tool="circle"))
    tap(app, board_target(a), caption="Mind this")
    fragment = editor_fragment("momentum", editor_of(app).position, editor_of(app).diagram)
    # replaced without a hashchange (which would open the editor afresh and drop the chosen tool)
    # the fragment alone (an embed's query once made it an embedded board's address, issue 57)
    assert last(page, "replaceUrl")[1] == fragment and app.page_state.hash == fragment
    assert not page.named("replaceHash")
    assert editor_of(app).editing.tool == "circle"
    assert ["data", "body", "route", fragment] in page.ops
    again, page2 = start(fragment)  # a reload of the address
    assert editor_of(again).diagram == editor_of(app).diagram and editor_of(again).diagram.caption == "Mind this"
    send(again, type="click", control=tool("language", language="de"))
    assert editor_of(again).diagram == editor_of(app).diagram


def test_after_a_refused_position_the_next_edit_puts_the_position_shown_back_in_the_field():
    app, page = start("#/editor/momentum")
    tap(app, tool("editor-apply"), position="no position")
    assert ["attr", "#editor-position", "aria-invalid", "true"] in page.ops
    tap(app, tool("editor-tool", tool="piece"))
    tap(app, tool("editor-piece", piece="R"))
    tap(app, board_target("d4"), position="no position")
    assert last(page, "prop")[1:] == ["#editor-position", "value", editor_of(app).position] and "R" in editor_of(app).position
    assert page.ops.index(["attr", "#editor-position", "aria-invalid", None]) > page.ops.index(["attr", "#editor-position", "aria-invalid", "true"])

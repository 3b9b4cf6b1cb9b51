"""The app without a browser: web/app.App driven by the page's events as assets/page.js sends them
(web/page.PageEvent), its changes to the page recorded as ops (web/page.RecordingPage). This is the
message protocol between the page's side and Python, proven in CPython."""

from __future__ import annotations

import json
import re

import pytest

from ludothek.web.app import App
from ludothek.web.page import PageEvent, PageState, RecordingPage, css_string
from ludothek.web.saves import DictStorage


def start(
    hash: str = "", languages: tuple[str, ...] = ("en",), shown: tuple[str, str] | None = None, storage: DictStorage | None = None
) -> tuple[App, RecordingPage]:
    page = RecordingPage()
    kept = storage if storage is not None else DictStorage()
    state = PageState(
        hash=hash,
        base_url="https://example.org/ludothek/index.html",
        languages=languages,
        shown_lang=shown[0] if shown else None,
        shown_screen=shown[1] if shown else None,
    )
    app = App(page, state, lambda: kept)
    app.start()
    return app, page


def send(app: App, **message: object) -> None:
    app.handle(json.dumps(message))


def control(**data: str) -> dict:
    """A control as page.js describes it: a button with these data attributes."""
    within = data.pop("within", "")
    return {"tag": "button", "data": data, "within": within.split() if within else [], "classes": []}


def last(page: RecordingPage, name: str) -> list:
    ops = page.named(name)
    assert ops, f"no {name} op in {[op[0] for op in page.ops]}"
    return ops[-1]


def setup_form(app: App, game: str) -> dict:
    return {"game": game, "fromPosition": False, "values": dict(app.setup.values.get(game, {}))}


def test_the_start_draws_the_home_screen_in_the_browsers_language_and_says_it_is_ready():
    app, page = start(languages=("de-AT", "en"))
    assert last(page, "lang") == ["lang", "de"]
    name, html, title = last(page, "screen")[1:4]
    assert (name, title) == ("home", "Ludothek") and "Momentum" in html
    assert page.ops[-1] == ["data", "body", "ready", "1"]
    assert app.screen == "home"


def test_a_home_screen_shown_ahead_of_time_is_kept_and_only_the_saves_are_drawn():
    app, page = start(shown=("en", "home"))
    assert not page.named("screen"), "the screen boot.js showed is not drawn again"
    assert ["attr", "#screen", "data-static", None] in page.ops
    assert last(page, "region")[1] == "saves"
    # In another language than the app's, it is drawn anew.
    _, page = start(languages=("de",), shown=("en", "home"))
    assert last(page, "screen")[1] == "home"


def test_a_whole_turn_by_events_setup_start_a_tap_on_the_board_and_undo():
    app, page = start()
    send(app, type="route", hash="#/setup/momentum")
    assert last(page, "screen")[1] == "setup" and ["data", "body", "game", "momentum"] in page.ops
    send(app, type="submit", form="setup", setup=setup_form(app, "momentum"))
    go = last(page, "go")[1]
    assert re.fullmatch(r"#/play/[0-9a-f]+", go), go
    send(app, type="route", hash=go)
    assert last(page, "screen")[1] == "game"
    board = next(op[2] for op in page.named("region") if op[1] == "board")
    target = re.search(r'data-target="([^"]+)"', board)
    assert target is not None, "the board offers the first player somewhere to move"
    before = len(app.shown_session().moves)
    send(app, type="click", control=control(target=target.group(1), within="#board #screen"), pointer="mouse")
    assert len(app.shown_session().moves) == before + 1
    assert page.named("announce"), "the move is said"
    send(app, type="key", key="u", control=None)
    assert len(app.shown_session().moves) == before
    assert "took back" in last(page, "announce")[1].lower()


def test_an_arrow_key_moves_the_cursor_to_the_nearest_target_the_page_listed():
    app, page = start()
    send(app, type="route", hash="#/setup/momentum")
    send(app, type="submit", form="setup", setup=setup_form(app, "momentum"))
    send(app, type="route", hash=last(page, "go")[1])
    targets = [["a1", 0, 0], ["b1", 1, 0], ["a2", 0, 1]]
    page.ops.clear()
    send(app, type="key", key="ArrowRight", control={"tag": "g", "data": {"target": "a1", "x": "0", "y": "0"}, "within": ["#board"]}, targets=targets)
    selector = f"#board [data-target={css_string('b1')}][data-x]"
    assert ["attr", selector, "tabindex", "0"] in page.ops
    assert last(page, "focus")[1] == selector
    assert app.ui.cursor == "b1"


def test_a_pasted_link_that_is_no_link_says_why_beside_the_field():
    app, page = start()
    send(app, type="submit", form="open-link", text="hello")
    error = [op for op in page.named("text") if op[1] == "#open-link-error"]
    assert error and error[-1][2], "a reason is shown"
    assert ["attr", "#open-link-text", "aria-invalid", "true"] in page.ops
    assert not page.named("go")


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        json.dumps({"type": "click", "control": "a string"}),
        json.dumps({"type": "click", "control": {"data": {"action": "delete-save"}}}),
        json.dumps({"type": "key", "key": "ArrowLeft", "control": {"data": {"target": "x", "x": "left"}}, "targets": [["a", "b", "c"], 7]}),
        json.dumps({"type": "submit", "form": "setup", "setup": {"game": "chess", "values": {"players": "many"}}}),
        json.dumps(
            {"type": "change", "form": "setup", "setup": {"game": "momentum", "values": {"players": "9"}}, "control": {"kind": "select", "name": "players"}}
        ),
        json.dumps({"type": "route", "hash": "#/play/../../etc"}),
        json.dumps({"type": "storage", "key": None}),
        json.dumps({"type": "import", "text": None}),
        json.dumps({"type": "nonsense"}),
        json.dumps({"type": "click", "control": {"classes": 5, "within": {"#board": 1}, "data": ["target"]}, "setup": 7}),
        json.dumps({"type": "key", "key": "ArrowUp", "targets": 7, "control": {"data": {"target": "a1"}, "within": "#board"}}),
    ],
)
def test_no_event_the_page_can_send_breaks_the_app(text):
    app, page = start()
    app.handle(text)
    # Whatever came, the app is still there: the home screen draws again.
    send(app, type="route", hash="#/")
    assert app.screen == "home"


def test_page_events_are_read_with_bounds():
    event = PageEvent.parse(
        json.dumps({"type": "key", "key": "ArrowUp", "targets": [["a", 1, 2], ["b", "x", 0], "c"], "control": {"within": ["#board"], "data": {"target": 5}}})
    )
    assert event.targets == (("a", 1.0, 2.0),)
    assert event.control is not None and event.control.get("target") == "5" and event.control.inside("#board")
    with pytest.raises(ValueError):
        PageEvent.parse("[]")


# -- saves through the page (web/saves.MirroredStorage) -------------------------------------------


GOOD_ENTRY_TEXT = json.dumps(
    {
        "record": {"format": "ludothek", "version": 1, "game": "momentum", "players": [{}, {}], "seed": 1, "options": {}, "moves": ["a1"]},
        "meta": {"created": 1, "updated": 1},
    }
)


def start_told(stored: object, hash: str = "") -> tuple[App, RecordingPage]:
    """The app as web/dom.py starts it: from the page's start message, with what it found stored."""
    from ludothek.web.app import start as start_app

    page = RecordingPage()
    message = {"type": "start", "hash": hash, "search": "", "base": "https://example.org/", "languages": ["en"], "stored": stored}
    return start_app(json.dumps(message), page), page


def played_game(app: App, page: RecordingPage) -> str:
    """A Momentum game started by events; its save's key."""
    send(app, type="route", hash="#/setup/momentum")
    send(app, type="submit", form="setup", setup=setup_form(app, "momentum"))
    go = last(page, "go")[1]
    send(app, type="route", hash=go)
    return "ludothek.save." + go.rsplit("/", 1)[1]


def test_the_saves_the_page_found_are_listed_and_a_new_game_is_written_through_the_page():
    app, page = start_told({"status": "ok", "items": {"ludothek.save.old": GOOD_ENTRY_TEXT}})
    assert 'data-save="old"' in next(op[2] for op in page.named("region") if op[1] == "saves")
    key = played_game(app, page)
    written = [op for op in page.named("store") if op[2] == key]
    assert written and json.loads(written[-1][3])["record"]["game"] == "momentum"


def test_a_write_the_page_refuses_is_taken_back_and_the_player_told_once():
    app, page = start_told({"status": "ok", "items": {}})
    key = played_game(app, page)
    sequence = last(page, "store")[1]
    send(app, type="refused", seq=sequence, key=key, full=True, held=None)
    assert app.storage.get(key) is None and app.storage.status == "full"
    assert "storage is full" in last(page, "toast")[1]
    toasts = len(page.named("toast"))
    send(app, type="refused", seq=sequence, key=key, full=True, held=None)
    assert len(page.named("toast")) == toasts, "told once"
    send(app, type="written")
    assert app.storage.status == "ok"


def test_a_save_changed_by_hand_before_a_new_address_is_read_from_the_page():
    app, page = start_told({"status": "ok", "items": {}})
    send(app, type="route", hash="#/", changed={"ludothek.save.byhand": GOOD_ENTRY_TEXT, "elsewhere": "x"})
    assert 'data-save="byhand"' in [op[2] for op in page.named("region") if op[1] == "saves"][-1]
    assert app.storage.get("elsewhere") is None
    send(app, type="storage", key="ludothek.save.byhand", changed={"ludothek.save.byhand": None})
    assert app.storage.get("ludothek.save.byhand") is None


@pytest.mark.parametrize("stored", [None, "x", [], {"status": 5}, {"items": {"ludothek.a": 1}}])
def test_a_start_with_storage_of_any_shape_starts(stored):
    app, page = start_told(stored)
    assert page.ops[-1] == ["data", "body", "ready", "1"] or ["data", "body", "ready", "1"] in page.ops


@pytest.mark.parametrize(
    "message",
    [
        {"type": "refused", "seq": "1", "key": "ludothek.x", "full": True, "held": None},
        {"type": "refused", "seq": 1, "key": 5, "held": {"a": 1}},
        {"type": "refused", "seq": 10**30, "key": "ludothek.language", "full": "yes", "held": "de"},
        {"type": "storage", "key": None, "changed": {"ludothek.language": 7, "ludothek.save.x": "{not json", "ludothek.home.saves": "[" * 10_000}},
        {"type": "route", "hash": "#/", "changed": ["ludothek.save.x"]},
        {"type": "written", "seq": None},
    ],
)
def test_no_storage_event_the_page_can_send_breaks_the_app(message):
    app, page = start_told({"status": "ok", "items": {}})
    send(app, **message)
    send(app, type="route", hash="#/setup/momentum")
    send(app, type="route", hash="#/")
    assert app.screen == "home" and not [op for op in page.named("error") if "Traceback" in op[1]]


def test_an_op_the_page_could_not_carry_out_on_a_game_ends_on_the_last_resort_screen():
    app, page = start_told({"status": "ok", "items": {}})
    played_game(app, page)
    send(app, type="failed", op="region", error="drawing failed")
    assert app.screen == "error" and "drawing failed" in last(page, "screen")[2]
    send(app, type="failed", op="screen", error="again")  # the last-resort screen itself: no loop
    assert app.screen == "error" and len([op for op in page.named("screen") if op[1] == "error"]) == 1


def test_a_click_on_a_setup_cell_asks_the_view_and_a_game_without_cells_changes_nothing():
    # GameView.setup_click: Momentum's preview with special cells by hand cycles the clicked cell;
    # Fenn's setup has no cells to click (None), so nothing changes and nothing is drawn again.
    app, page = start()
    send(app, type="route", hash="#/setup/momentum")
    form = {"game": "momentum", "fromPosition": False, "values": {"specials": "hand", "hand_specials": ""}}
    send(app, type="click", control=control(action="setup-cell", cell="b2"), setup=form)
    assert app.setup.values["momentum"]["hand_specials"] == "b2:x"
    send(app, type="route", hash="#/setup/fenn")
    drawn = len(page.ops)
    send(app, type="click", control=control(action="setup-cell", cell="b2"), setup={"game": "fenn", "fromPosition": False, "values": {}})
    assert "fenn" not in app.setup.values and len(page.ops) == drawn


@pytest.mark.parametrize("hash", ["#/setup/momentum", "#/rules/fenn", "#/p/momentum/nonsense", "#/play/no-such-save", "#/nowhere"])
def test_the_body_names_the_address_answered_after_its_screen_is_drawn(hash):
    # Tests and the page read the screen of an address only once the app (in its worker) has
    # answered it: the route's data op comes after the screen's, on every path.
    app, page = start()
    send(app, type="route", hash=hash)
    names = [op[0] for op in page.ops]
    answered = page.ops.index(["data", "body", "route", hash])
    assert "screen" in names[:answered] and "screen" not in names[answered:], names

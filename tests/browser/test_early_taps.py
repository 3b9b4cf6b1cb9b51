"""Taps while the app starts (issue 24): the home screen rendered ahead of time answers before
Python is ready. The start is held back (the runtime's WebAssembly is not served until the test
releases it), so what a player taps meets a page without Python, as on a phone for many seconds.

- A link (New game, Continue) shows the start's progress on its card or row at once and, when
  the app is ready, opens its screen; the latest tap wins, a tap twice counts once. Rules open at
  once (test_rules_before_python.py).
- The language switch works at once, and the app comes up in that language.
- A command (Delete) is carried out when the app is ready.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from conftest import PHONE, READY_TIMEOUT_MS, momentum_record, open_app, put_save, until

GAME = momentum_record("a1", "g7")


class HeldStart:
    """The runtime's WebAssembly held back until release(): the pre-rendered home is on the
    screen and Python cannot start."""

    def __init__(self, page):
        self.page = page
        self.held: list = []
        page.route("**/pyodide.asm.wasm", self.hold)

    def hold(self, route) -> None:
        self.held.append(route)

    def release(self) -> None:
        page = self.page
        # Asked for at once by boot.js; wait until the request is there to let it through.
        until(page, lambda: self.held, timeout=READY_TIMEOUT_MS / 1000, what="the runtime's request")
        for route in self.held:
            route.continue_()
        page.unroute("**/pyodide.asm.wasm", self.hold)
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)


def open_held(page, url: str) -> HeldStart:
    held = HeldStart(page)
    page.goto(url)
    expect(page.locator("#screen[data-static] .game-card")).to_have_count(5)
    return held


def card(page, game_id: str):
    return page.locator(f".game-card[data-game={game_id}]")


def assert_busy_with_progress(page, busy) -> None:
    """The tapped card or row is busy and shows the start's progress; nothing else is busy."""
    expect(busy).to_have_attribute("aria-busy", "true")
    expect(busy.locator(".tap-progress .boot-text")).not_to_be_empty()
    expect(page.locator("[aria-busy=true]")).to_have_count(1)
    assert not page.evaluate("!!document.body.dataset.ready")


def test_new_game_tapped_while_python_starts_shows_progress_on_its_card_and_opens_the_setup(page, app_url):
    held = open_held(page, app_url)
    momentum, fenn = card(page, "momentum"), card(page, "fenn")
    box = fenn.bounding_box()
    momentum.get_by_role("link", name="New game").click()
    assert_busy_with_progress(page, momentum)
    # A second tap elsewhere replaces the intent; the same control twice counts once.
    fenn.get_by_role("link", name="New game").click()
    fenn.get_by_role("link", name="New game").click()
    assert_busy_with_progress(page, fenn)
    progress = fenn.locator(".tap-progress").bounding_box()
    thumb = fenn.locator(".thumb").bounding_box()
    assert thumb["y"] <= progress["y"] and progress["y"] + progress["height"] <= thumb["y"] + thumb["height"] + 1, (progress, thumb)
    assert fenn.bounding_box() == box  # the progress lies over the picture: nothing moved
    held.release()
    expect(page.get_by_role("heading", name="New game: Fenn")).to_be_visible()
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    # As a tap after the start: one history entry, Back leads home.
    page.go_back()
    expect(page.get_by_role("heading", name="Games")).to_be_visible()
    expect(page.locator("[aria-busy=true], .tap-progress")).to_have_count(0)
    assert not page.errors


def test_the_keyboard_counts_as_a_tap_and_the_rules_open_at_once(page, app_url):
    held = open_held(page, app_url)
    rules = card(page, "nummerus").get_by_role("link", name="Rules")
    rules.focus()
    page.keyboard.press("Enter")
    # The rules page rendered ahead of time, before Python (test_rules_before_python.py).
    expect(page.locator("#screen[data-static]").get_by_role("heading", name="Rules: Nummerus Zahlus")).to_be_visible()
    assert not page.evaluate("!!document.body.dataset.ready")
    held.release()
    expect(page.get_by_role("heading", name="Rules: Nummerus Zahlus")).to_be_visible()
    assert not page.errors


def test_the_language_switch_answers_at_once_and_the_app_comes_up_in_that_language(page, app_url):
    held = open_held(page, app_url)
    switch = page.locator("#lang-switch button")
    expect(switch).to_have_text("Deutsch")
    switch.click()
    # At once, without Python: the German home, the switch back, the progress in German.
    expect(page.get_by_role("heading", name="Spiele")).to_be_visible()
    expect(card(page, "mops").get_by_role("link", name="Neues Spiel")).to_be_visible()
    expect(switch).to_have_text("English")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert page.evaluate("localStorage.getItem('ludothek.language')") == "de"
    assert not page.evaluate("!!document.body.dataset.ready")
    card(page, "mops").get_by_role("link", name="Neues Spiel").click()
    assert_busy_with_progress(page, card(page, "mops"))
    expect(card(page, "mops").locator(".tap-progress")).to_contain_text("Python")
    held.release()
    expect(page.get_by_role("heading", name="Neues Spiel: Mops Royal")).to_be_visible()
    expect(page.get_by_role("button", name="Spiel starten")).to_be_visible()
    expect(switch).to_have_text("English")
    assert not page.errors


def keep_a_saved_game(page, app_url) -> None:
    """A saved game, listed once by the app (which keeps the list for the next start)."""
    open_app(page, app_url)
    put_save(page, "ada", GAME, updated=1_700_000_000)
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    expect(page.locator('.save-list li[data-save="ada"]')).to_have_count(1)


def test_continue_tapped_while_python_starts_opens_the_saved_game(page, app_url):
    keep_a_saved_game(page, app_url)
    held = open_held(page, app_url)
    row = page.locator('#saves li[data-save="ada"]')
    expect(row).to_contain_text("Ada")
    row.get_by_role("link", name="Continue Momentum: Ada – Bea").click()
    assert_busy_with_progress(page, row)
    held.release()
    expect(page.locator("h1.game-title")).to_have_text("Momentum")
    expect(page.locator("body")).to_have_attribute("data-screen", "game")
    expect(page.locator("body")).to_have_attribute("data-moves", "2")
    expect(page.locator("#screen")).to_contain_text("Ada")
    assert not page.errors


def test_delete_tapped_while_python_starts_is_carried_out_when_the_app_is_ready(page, app_url):
    keep_a_saved_game(page, app_url)
    held = open_held(page, app_url)
    row = page.locator('#saves li[data-save="ada"]')
    row.get_by_role("button", name="Delete Momentum: Ada – Bea").click()
    assert_busy_with_progress(page, row)
    held.release()
    expect(page.locator("#toast")).to_contain_text("The game was deleted.")
    expect(page.locator('#saves li[data-save="ada"]')).to_have_count(0)
    assert page.evaluate("localStorage.getItem('ludothek.save.ada')") is None
    assert not page.errors


def test_a_file_chosen_to_import_while_python_starts_is_imported_when_the_app_is_ready(page, app_url, tmp_path):
    keep_a_saved_game(page, app_url)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**GAME, "players": [{"name": "Cleo"}, {"name": "Dan"}]}), encoding="utf-8")
    held = open_held(page, app_url)
    # The file picker is the browser's own: it opens at once; the chosen file waits for the app.
    page.locator("#import-file").set_input_files(str(path))
    assert_busy_with_progress(page, page.locator("#saves .save-tools"))
    held.release()
    expect(page.locator("#toast")).to_contain_text("Imported 1 game")
    expect(page.locator("#saves .save-list li")).to_have_count(2)
    expect(page.locator("#saves")).to_contain_text("Cleo")
    assert not page.errors


def test_the_keyboard_stays_on_the_saved_game_it_reached_while_python_started(page, app_url):
    """The app draws the list anew when it is ready: the control the keyboard was on keeps it."""
    keep_a_saved_game(page, app_url)
    held = open_held(page, app_url)
    page.locator('#saves a[href="#/review/ada"]').focus()
    held.release()
    expect(page.locator('#saves a[href="#/review/ada"]')).to_be_focused()
    expect(page.locator("body")).to_have_attribute("data-screen", "home")
    assert not page.errors


HOSTILE_LISTS = (
    "[" * 100_000,
    json.dumps({"lang": "en", "html": '<img src="x" alt="x"><h2>Continue</h2>'}),
    json.dumps({"lang": "en", "html": '<h2>Continue</h2><a href="javascript:void(0)" class="button">Continue</a>'}),
    json.dumps({"lang": "en", "html": '<h2 onclick="x()">Continue</h2>'}),
    json.dumps({"lang": "en", "html": "<h2>Continue</h2>" * 30_000}),
    json.dumps({"lang": ["en"], "html": 5}),
)


@pytest.mark.parametrize("value", HOSTILE_LISTS, ids=range(len(HOSTILE_LISTS)))
def test_a_hostile_kept_list_is_not_shown_and_never_stops_the_start(page, app_url, value):
    page.goto(app_url + "assets/icon.svg")
    page.evaluate("value => localStorage.setItem('ludothek.home.saves', value)", value)
    open_held(page, app_url)
    expect(page.locator("#saves")).to_be_empty()
    expect(page.locator("img[src=x], a[href^=javascript], [onclick]")).to_have_count(0)
    card(page, "momox").get_by_role("link", name="New game").click()
    assert_busy_with_progress(page, card(page, "momox"))
    assert not page.errors


def test_on_a_phone_a_tapped_card_shows_its_progress_where_the_finger_was_and_opens(phone, app_url):
    held = open_held(phone, app_url)
    momox = card(phone, "momox")
    link = momox.get_by_role("link", name="New game")
    link.scroll_into_view_if_needed()
    before = momox.bounding_box()
    link.tap()
    assert_busy_with_progress(phone, momox)
    progress = momox.locator(".tap-progress").bounding_box()
    assert progress["width"] <= PHONE["width"] and 0 <= progress["y"] and progress["y"] + progress["height"] <= PHONE["height"], progress
    assert momox.bounding_box() == before
    held.release()
    expect(phone.get_by_role("heading", name="New game: Momox")).to_be_visible()
    assert phone.evaluate("document.activeElement === document.body")
    assert not phone.errors


# -- the home screen before Python's start -------------------------------------------------
# Python's start holds the main thread for seconds (on a phone, many): the home screen is asked
# for before the runtime's files and drawn before the runtime's long steps begin (the start
# module's mark "ludothek:module").
HOME_DRAWN = """
new MutationObserver((changes, observer) => {
  if (!document.querySelector("#screen .game-card")) return;
  window.__homeDrawnAt = performance.now();
  observer.disconnect();
}).observe(document, {subtree: true, childList: true});
window.__homeStates = {};
new MutationObserver(() => { window.__homeStates[document.documentElement.dataset.home] = performance.now(); })
  .observe(document, {subtree: true, attributes: true, attributeFilter: ["data-home"]});
"""


def test_the_home_screen_is_asked_for_first_and_drawn_while_python_starts_in_its_worker(page, app_url):
    page.add_init_script(HOME_DRAWN)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    held: list = []
    page.route("**/assets/build/home.en.html", lambda route: held.append(route))
    page.goto(app_url)
    # The home's text is asked for before any of the runtime's files; those download meanwhile.
    until(page, lambda: any("/assets/vendor/" in url for url in requests), timeout=READY_TIMEOUT_MS / 1000, what="the runtime's files asked for")
    expect(page.locator("html")).to_have_attribute("data-home", "waiting")
    first = next(i for i, url in enumerate(requests) if url.endswith("home.en.html"))
    assert all(not url.startswith(app_url + "assets/vendor/") for url in requests[:first]), requests[: first + 1]
    for route in held:
        route.continue_()
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("data-home", "painted")
    drawn, states = page.evaluate("[window.__homeDrawnAt, window.__homeStates]")
    # Drawn, then a frame with it handed on to the screen (boot.js: "painted").
    assert drawn <= states["drawn"] < states["painted"], (drawn, states)
    assert not page.errors


@pytest.mark.parametrize("failure", ["never answered", "refused"])
def test_a_home_screen_that_does_not_come_never_stops_the_start(page, app_url, failure):
    held: list = []
    page.route("**/assets/build/home.en.html", (lambda route: held.append(route)) if failure == "never answered" else (lambda route: route.abort()))
    page.goto(app_url)
    # The app starts without it (after a wait of at most a few seconds) and draws the home itself.
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    expect(page.get_by_role("heading", name="Games")).to_be_visible()
    expect(card(page, "momentum").get_by_role("link", name="New game")).to_be_visible()
    assert not page.errors


# The board pictures are raster files (assets/thumbs/, decoded off the page's thread; as images of
# SVG, each a document the page's thread built, they went in one a frame, issue 33): they go in
# with the cards, and each picture's width and height keep its place while it loads.
CARDS_DRAWN = """
window.__cards = null;
new MutationObserver(() => {
  const cards = document.querySelectorAll("#screen .game-card");
  if (cards.length && window.__cards === null) window.__cards = [cards.length, document.querySelectorAll("#screen .game-card .thumb img").length];
}).observe(document, {subtree: true, childList: true});
"""
CARD_TOPS = "[...document.querySelectorAll('.game-card')].map(card => card.getBoundingClientRect().top + scrollY)"
PICTURES = "[...document.querySelectorAll('#screen .game-card .thumb img')]"


def test_the_home_screens_pictures_come_with_the_cards_and_loading_them_moves_nothing(phone, app_url):
    import thumbnails  # scripts/thumbnails.py (pytest.ini puts scripts/ on the path)

    phone.add_init_script(CARDS_DRAWN)
    pictures: list = []
    phone.route("**/assets/thumbs/*.webp", lambda route: pictures.append(route))
    held = HeldStart(phone)
    # Not until "load": the page's load waits for its images, and these are held.
    phone.goto(app_url, wait_until="commit")
    expect(phone.locator("#screen[data-static] .game-card .thumb img")).to_have_count(5)
    assert phone.evaluate("window.__cards") == [5, 5]  # the cards came with their pictures
    until(phone, lambda: len(pictures) == 5, what="every picture asked for")
    assert phone.evaluate(f"{PICTURES}.every(image => !image.complete)")
    # Each picture's place is kept while it loads: loading them moves no card.
    boxes = phone.evaluate(CARD_TOPS)
    for route in pictures:
        route.continue_()
    phone.wait_for_function(f"{PICTURES}.every(image => image.complete && image.naturalWidth === {thumbnails.SIZE})")
    kept = phone.evaluate(CARD_TOPS)
    assert all(abs(a - b) < 0.5 for a, b in zip(kept, boxes, strict=True)), (kept, boxes)  # (layout's sub-pixel rounding)
    held.release()
    expect(phone.locator(".game-card .thumb img").first).to_be_visible()
    assert not phone.errors

"""The app as a new user meets it: Momentum against the computer, saves, keyboard, offline."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from conftest import AppServer, answered, moves_played, open_app, put_save, READY_TIMEOUT_MS, start_and_play_d4, start_on_phone
from conftest import until, wait_for, wait_for_moves, workers_where

RED_WINS_NEXT = "7x7 ......./.R.R.R./......./.R.R.R./......./.R....B/....... R 1,7"


def start_momentum_against_computer(page, app_url, level: str | None = None):
    open_app(page, app_url)
    page.get_by_role("link", name="New game").first.click()
    expect(page.get_by_role("heading", name="New game: Momentum")).to_be_visible()
    if level:
        page.locator("select[name=seat1_level]").select_option(level)
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#board svg")).to_be_visible()


def wait_for_computer(page, moves: int):
    wait_for(page, "Number(document.body.dataset.moves) >= arg && document.body.dataset.thinking === '0'", arg=moves, timeout=90_000)


class TestNewUserPlaysMomentum:
    def test_play_undo_reload_continue(self, page, app_url):
        start_momentum_against_computer(page, app_url)
        assert page.locator("body").get_attribute("data-screen") == "game"
        expect(page.locator("#status")).to_contain_text("Red to move")

        page.locator("[data-target=d4]").click()
        wait_for_computer(page, 2)
        expect(page.locator("#moves .move-items li")).to_have_count(3)  # start + two moves
        page.locator("#board [data-target]:not([aria-disabled=true])").first.click()
        wait_for_computer(page, 4)
        assert moves_played(page) == 4

        # Undo takes back the computer's reply and your move.
        page.get_by_role("button", name="Undo").click()
        answered(page)
        assert moves_played(page) == 2
        expect(page.get_by_role("button", name="Redo")).to_be_enabled()

        # Reload: the game continues where it was.
        url = page.url
        page.reload()
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        assert page.url == url
        expect(page.locator("#board svg")).to_be_visible()
        assert moves_played(page) == 2
        page.get_by_role("button", name="Redo").click()
        wait_for_computer(page, 4)

        # Home lists the game under "Continue".
        page.get_by_role("link", name="Ludothek").click()
        expect(page.locator(".save-list li")).to_have_count(1)
        assert page.requests.foreign() == []
        assert page.errors == []

    def test_the_board_shows_the_last_move_and_legal_cells(self, page, app_url):
        start_momentum_against_computer(page, app_url)
        legal = page.locator("#board .cell.legal")
        expect(legal).to_have_count(49)
        page.locator("[data-target=d4]").click()
        wait_for_computer(page, 2)
        # The computer's move is marked as the last move, and the announcement says what happened.
        expect(page.locator("#board .cell.last")).to_have_count(1)
        expect(page.locator("#announce")).to_contain_text("Blue")  # the computer's seat goes by its colour

    def test_replay_steps_through_the_moves(self, page, app_url):
        start_momentum_against_computer(page, app_url)
        page.locator("[data-target=a1]").click()
        wait_for_computer(page, 2)
        page.get_by_role("button", name="First position").click()
        expect(page.locator(".replay-banner")).to_contain_text("after move 0 of 2")
        expect(page.locator("#board [data-target=a1]")).to_have_count(0)  # not interactive while replaying
        page.get_by_role("button", name="Next move").click()
        expect(page.locator(".replay-banner")).to_contain_text("after move 1 of 2")
        page.get_by_role("button", name="Back to the game").click()
        expect(page.locator(".replay-banner")).to_have_count(0)


class TestKeyboard:
    def test_arrows_and_enter_place_a_stone_and_it_is_announced(self, page, app_url):
        start_momentum_against_computer(page, app_url)
        page.locator("#board [tabindex='0']").focus()
        first = page.evaluate("document.activeElement.dataset.target")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowUp")
        answered(page)
        target = page.evaluate("document.activeElement.dataset.target")
        assert target != first
        # ArrowRight then ArrowUp from the first legal cell (a1) reaches b2.
        assert (first, target) == ("a1", "b2")
        page.keyboard.press("Enter")
        expect(page.locator("#announce")).to_contain_text("placed a stone on b2")
        wait_for_computer(page, 2)
        page.keyboard.press("u")
        answered(page)
        assert moves_played(page) == 0


class TestWinningAndRematch:
    def test_winner_dialog_and_rematch(self, page, app_url):
        open_app(page, app_url)
        record = {
            "format": "ludothek",
            "version": 1,
            "game": "momentum",
            "players": [{"name": "Ada", "type": "human"}, {"name": "Bot", "type": "computer", "level": 1}],
            "position": RED_WINS_NEXT,
            "moves": [],
        }
        put_save(page, "win1", record)
        page.goto(app_url + "#/play/win1")
        page.locator("[data-target=a1]").click()
        dialog = page.locator("dialog#dialog")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Ada wins!")
        dialog.get_by_role("button", name="Rematch").click()
        expect(dialog).to_be_hidden()
        page.wait_for_function("!location.hash.includes('win1')")
        # The address changes first; the new game's screen follows on the hashchange.
        expect(page.locator("body")).to_have_attribute("data-moves", "0")
        assert "#/play/" in page.url and "win1" not in page.url


class TestSaves:
    def test_export_delete_import(self, page, app_url, tmp_path):
        start_momentum_against_computer(page, app_url)
        page.locator("[data-target=c3]").click()
        wait_for_computer(page, 2)
        with page.expect_download() as info:
            page.get_by_role("button", name="Export").click()
        path = tmp_path / "game.json"
        info.value.save_as(path)
        record = json.loads(path.read_text())
        assert record["game"] == "momentum" and record["moves"][0] == "c3"

        page.get_by_role("link", name="Ludothek").click()
        page.locator(".save-list").get_by_role("button", name=re.compile("^Delete")).click()
        expect(page.locator(".save-list li")).to_have_count(0)
        page.locator("#import-file").set_input_files(str(path))
        expect(page.locator("#toast")).to_contain_text("Imported 1 game")
        expect(page.locator(".save-list li")).to_have_count(1)

    def test_a_corrupted_save_is_kept_aside_and_the_rest_still_load(self, page, app_url, tmp_path):
        open_app(page, app_url)
        good = {"format": "ludothek", "version": 1, "game": "momentum", "players": [{"name": "A"}, {"name": "B"}], "options": {}, "seed": 1, "moves": ["d4"]}
        put_save(page, "good", good)
        page.evaluate("localStorage.setItem('ludothek.save.broken', '{not json')")
        put_save(page, "illegal", {**good, "moves": ["d4", "d4"]})
        page.reload()
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        expect(page.locator(".save-list li")).to_have_count(2)  # 'good' and 'illegal' (replayed when opened)
        expect(page.locator(".problems")).to_contain_text("1 saved game could not be read")
        # Opening the save with an illegal move reports it and keeps it aside.
        page.goto(app_url + "#/play/illegal")
        expect(page.locator("#toast")).to_contain_text("kept aside")
        expect(page.locator(".save-list li")).to_have_count(1)
        assert page.evaluate("localStorage.getItem('ludothek.quarantine.broken') !== null")
        # A bad import file gives a message and changes nothing.
        bad = tmp_path / "bad.json"
        bad.write_text('{"format": "ludothek", "game": "momentum"')
        page.locator("#import-file").set_input_files(str(bad))
        expect(page.locator("#toast")).to_contain_text("not JSON")
        expect(page.locator(".save-list li")).to_have_count(1)

    def test_hostile_player_name_is_shown_as_text(self, page, app_url):
        open_app(page, app_url, "#/setup/momentum")
        page.locator("input[name=seat0_name]").fill("<img src=x onerror=alert(1)>")
        page.get_by_role("button", name="Start game").click()
        expect(page.locator(".player .name").first).to_have_text("<img src=x onerror=alert(1)>"), page.errors
        assert page.locator("#screen img[src=x]").count() == 0


# Records, for every key the page handles, whether the computer's search was still running then:
# the app publishes `lastThinkMs` when a search ends, and this forgets it whenever a move lands.
WATCH_THE_SEARCH = """() => {
    window.__answered = [];
    const body = document.body;
    new MutationObserver(() => { delete body.dataset.lastThinkMs; })
        .observe(body, {attributes: true, attributeFilter: ['data-moves']});
    document.addEventListener('keydown', event => window.__answered.push({
        key: event.key, moves: body.dataset.moves, searching: body.dataset.thinking === '1' && !body.dataset.lastThinkMs,
    }), true);
}"""


class TestComputerNeverFreezesThePage:
    def test_the_page_answers_a_key_while_the_computer_searches(self, page, app_url):
        """Two level-4 computers on 9x9 search up to 0.9 s a move, in slices between frames: two
        keys pressed one after the other while a search runs are both handled before that search
        ends. A search run in one piece would handle at most the first (pressed before it began)
        before its end. How long the slices take is measured by bench/page_ai.py and
        bench/longtasks.py, never asserted here."""
        open_app(page, app_url, "#/setup/momentum")
        page.locator("select[name=size]").select_option("9x9")
        page.locator("select[name=seat0_kind]").select_option("computer")
        page.locator("select[name=seat0_level]").select_option("4")
        page.locator("select[name=seat1_level]").select_option("4")
        page.get_by_role("button", name="Start game").click()
        expect(page.locator("#board svg")).to_be_visible()
        page.evaluate(WATCH_THE_SEARCH)
        for moves in range(1, 7):
            wait_for(
                page,
                "Number(document.body.dataset.moves) >= arg && document.body.dataset.thinking === '1' && !document.body.dataset.lastThinkMs",
                arg=moves,
                timeout=90_000,
            )
            page.evaluate("window.__answered = []")
            page.keyboard.press("Shift")
            page.keyboard.press("Shift")
            answered = page.evaluate("window.__answered")
            if len(answered) == 2 and all(a["searching"] for a in answered) and answered[0]["moves"] == answered[1]["moves"]:
                break
        assert len(answered) == 2 and all(a["searching"] for a in answered), answered
        assert answered[0]["moves"] == answered[1]["moves"], answered


class TestNoStackSwitching:
    def test_pyodide_starts_without_stack_switching_and_the_computer_still_plays(self, page, app_url):
        # Chromium's stack switching (JSPI) crashed tabs while Python ran on a switched stack; the
        # start module hides it in Python's worker before Pyodide looks for it.
        start_momentum_against_computer(page, app_url)
        workers = workers_where(page, "typeof WebAssembly === 'object' && !!self.ludothekStartKind")
        assert len(workers) == 1, [worker.url for worker in page.workers]
        assert workers[0].evaluate("['Suspending', 'promising', 'Suspender'].filter(name => name in WebAssembly)") == []
        page.locator("#board [data-target]:not([aria-disabled=true])").first.click()
        wait_for_computer(page, 2)
        assert page.errors == []


# The page notes the moment its early worker's file has failed to load: the worker's error event,
# whose listener in boot.js (added after this one) runs in the same dispatch.
NOTE_WORKER_FILE_FAILED = """(() => {
    const Native = window.Worker;
    window.Worker = class extends Native {
        constructor(url, options) {
            super(url, options);
            if (String(url).includes('/python-worker.')) this.addEventListener('error', () => { window.__pythonWorkerFileFailed = true; });
        }
    };
})();"""


class TestPythonInAWorker:
    def test_the_page_answers_at_once_while_python_starts_in_its_worker(self, page, app_url):
        """Python never runs on the page's thread: while it starts, a timer on the page fires on
        time (how long it is late is measured by bench/longtasks.py, never asserted here), and the
        page's window holds no Python at all."""
        page.goto(app_url)
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        assert page.evaluate("typeof window.pyodide === 'undefined' && typeof window.loadPyodide === 'undefined'")
        assert page.evaluate("performance.getEntriesByName('ludothek:python').length") == 1
        assert page.evaluate("document.documentElement.dataset.start") in ("normal", "snapshot")

    def test_a_worker_that_cannot_start_says_so_with_a_way_on(self, page, app_url):
        page.route("**/py/main.py", lambda route: route.fulfill(status=200, body="raise SystemExit('no')", headers={"Content-Type": "text/plain"}))
        page.goto(app_url)
        alert = page.locator("#boot[role=alert]")
        expect(alert).to_contain_text("could not start", timeout=READY_TIMEOUT_MS)
        expect(alert.get_by_role("button", name="Reload")).to_be_visible()
        assert page.evaluate("document.documentElement.dataset.runtime") == "failed"
        # The home screen rendered ahead of time is still there to read.
        expect(page.locator(".game-card").first).to_be_visible()
        page.unroute("**/py/main.py")
        alert.get_by_role("button", name="Reload").click()
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)

    def test_a_python_worker_file_that_cannot_be_loaded_leaves_pyscript_to_start_its_own(self, browser, app_url):
        """boot.js makes Python's worker from the build's file before PyScript's core asks for one.
        Where that file cannot be loaded before the core asks (held here until the failure is in),
        the core makes its own worker, of the same code, and the app starts."""
        context = browser.new_context(service_workers="block")
        held, aborted = [], []
        try:
            context.add_init_script(NOTE_WORKER_FILE_FAILED)
            context.route("**/assets/build/python-worker.*.js*", lambda route: (aborted.append(route.request.url), route.abort()))
            context.route("**/assets/vendor/pyscript/core-*.js", lambda route: held.append(route))
            page = context.new_page()
            page.goto(app_url, wait_until="commit")
            until(page, lambda: aborted and held, timeout=READY_TIMEOUT_MS / 1000, what="the worker's file and the core asked for")
            # The failure is in on the page's thread (boot.js has let the worker go) before the core may ask.
            page.wait_for_function("window.__pythonWorkerFileFailed === true")
            held[0].continue_()
            page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
            assert page.evaluate("document.documentElement.dataset.pythonWorker") == "pyscript"
            assert [worker.url for worker in page.workers if worker.url.startswith("blob:")], "PyScript's own worker runs Python"
            assert len(aborted) == 1 and len(held) == 1
        finally:
            context.close()

    def test_a_python_worker_file_that_fails_once_taken_says_so_with_a_way_on(self, browser, app_url):
        """The file's request fails only after PyScript's core has taken the worker: the page says
        the games could not start, with a Reload button, instead of waiting for a worker that never
        comes."""
        context = browser.new_context(service_workers="block")
        held = []
        try:
            context.route("**/assets/build/python-worker.*.js*", lambda route: held.append(route))
            page = context.new_page()
            page.goto(app_url, wait_until="commit")
            wait_for(page, "document.documentElement.dataset.pythonWorker === 'early'", timeout=READY_TIMEOUT_MS)
            assert len(held) == 1
            held[0].abort()
            alert = page.locator("#boot[role=alert]")
            expect(alert).to_contain_text("could not start", timeout=READY_TIMEOUT_MS)
            expect(alert.get_by_role("button", name="Reload")).to_be_visible()
            assert page.evaluate("document.documentElement.dataset.runtime") == "failed"
        finally:
            context.close()


class TestOffline:
    def test_the_app_works_offline_after_the_first_visit(self, browser, tmp_path):
        server = AppServer()
        context = browser.new_context()
        try:
            page = context.new_page()
            open_app(page, server.url)
            wait_for(page, "navigator.serviceWorker.controller !== null || document.body.dataset.swRegistered", timeout=60_000)
            page.evaluate("navigator.serviceWorker.ready")
            # Install finishes when every precached file is stored; the page is controlled after a reload.
            page.reload()
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
            server.stop()
            context.set_offline(True)
            page.reload()
            page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
            page.get_by_role("link", name="New game").first.click()
            start_and_play_d4(page)
        finally:
            context.close()
            server.stop()


class TestSetupOptions:
    def test_special_cells_placed_by_hand_on_the_preview(self, page, app_url):
        open_app(page, app_url, "#/setup/momentum")
        page.locator("select[name=specials]").select_option("hand")
        page.locator("#setup-preview [data-cell=d4]").click()  # empty -> hole
        page.locator("#setup-preview [data-cell=b2]").click()  # empty -> hole
        page.locator("#setup-preview [data-cell=b2]").click()  # hole -> damper
        expect(page.locator("input[name=hand_specials]")).to_have_value("b2:d d4:x")
        page.get_by_role("button", name="Start game").click()
        expect(page.locator("#board .special.hole")).to_have_count(1)
        expect(page.locator("#board .special.damper")).to_have_count(1)
        expect(page.locator("#board [data-target=d4]")).to_have_attribute("aria-disabled", "true")

    def test_more_than_six_special_cells_warns(self, page, app_url):
        open_app(page, app_url, "#/setup/momentum")
        page.locator("select[name=specials]").select_option("random")
        page.locator("input[name=random_specials]").fill("8")
        page.locator("input[name=random_specials]").press("Tab")
        page.locator("select[name=size]").select_option("9x9")  # a structural change redraws the form
        expect(page.locator(".warnings")).to_contain_text("no more than 6")
        page.get_by_role("button", name="Start game").click()
        expect(page.locator("#board .special")).to_have_count(8)

    def test_three_players(self, page, app_url):
        open_app(page, app_url, "#/setup/momentum")
        page.get_by_role("radio", name="3").check()
        expect(page.locator(".seat-row")).to_have_count(3)
        expect(page.locator("input[name=pie]")).to_have_count(0)  # no pie rule with three
        page.get_by_role("button", name="Start game").click()
        expect(page.locator(".player")).to_have_count(3)
        expect(page.locator(".player").first).to_contain_text("6 stones in hand")


class TestPhone:
    def test_board_fits_an_upright_phone(self, phone_page, app_url):
        page = phone_page
        start_on_phone(page, app_url, "momentum")
        cell = page.locator("#board [data-target=d4]").bounding_box()
        assert cell["width"] >= 40, cell  # a comfortable finger target
        page.locator("#board [data-target=d4]").tap()
        wait_for_moves(page, 1)


class TestLanguage:
    def test_german_from_the_browser_switch_and_remember(self, browser, app_url):
        context = browser.new_context(locale="de-DE", service_workers="block")
        page = context.new_page()
        try:
            open_app(page, app_url)
            assert page.evaluate("document.documentElement.lang") == "de"
            expect(page.get_by_role("heading", name="Spiele")).to_be_visible()
            page.get_by_role("button", name="Sprache wechseln zu English").click()
            expect(page.get_by_role("heading", name="Games")).to_be_visible()
            page.reload()
            page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
            expect(page.get_by_role("heading", name="Games")).to_be_visible()
            page.get_by_role("button", name="Switch the language to Deutsch").click()
            page.get_by_role("link", name="Neues Spiel").first.click()
            expect(page.get_by_role("heading", name="Neues Spiel: Momentum")).to_be_visible()
            page.get_by_role("button", name="Spiel starten").click()
            expect(page.locator("#status")).to_contain_text("am Zug")
        finally:
            context.close()

"""Accessibility (axe-core on every screen of every game), nothing loaded from another origin,
hostile input, full storage, and service-worker updates."""

from __future__ import annotations

import json
import shutil

import pytest
from playwright.sync_api import expect

from conftest import ROOT, READY_TIMEOUT_MS, SITE, AppServer, open_app, put_save, wait_for, wait_for_moves, wait_for_service_worker

from ludothek.games import GAME_IDS
from ludothek.render.catalog import is_game

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
VIEW_GAMES = [g for g in GAME_IDS if is_game(g)]


def axe_violations(page) -> list[dict]:
    """Serious and critical axe-core violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")
    return result


@pytest.fixture
def axe_page(browser, app_url):
    # Playwright evaluates axe through the debugging protocol; the page's CSP stays in force.
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    yield page
    context.close()


def start_game(page, app_url, game_id: str):
    open_app(page, app_url, f"#/setup/{game_id}")
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#board svg")).to_be_visible()


@pytest.mark.parametrize("game_id", VIEW_GAMES)
def test_no_serious_accessibility_violation_on_any_screen(axe_page, app_url, game_id):
    page = axe_page
    open_app(page, app_url)
    assert axe_violations(page) == [], "home"
    page.goto(app_url + f"#/setup/{game_id}")
    expect(page.locator("form.setup")).to_be_visible()
    assert axe_violations(page) == [], "setup"
    page.goto(app_url + f"#/rules/{game_id}")
    expect(page.locator(".rules")).to_be_visible()
    assert axe_violations(page) == [], "rules"
    start_game(page, app_url, game_id)
    wait_for(page, "document.body.dataset.thinking !== '1'", timeout=30_000)
    assert axe_violations(page) == [], "game"
    page.get_by_role("button", name="Share").click()
    expect(page.locator("dialog#dialog")).to_be_visible()
    assert axe_violations(page) == [], "share dialog"


def test_no_serious_accessibility_violation_on_the_rules_before_python_and_the_rules_documents(axe_page, app_url):
    """The rules shown before Python (boot.js, the runtime held back) and the documents of their
    own (rules/<game>.<lang>.html, no script) are checked as the app's screens are."""
    page = axe_page
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never served: Python does not start
    for game_id in VIEW_GAMES:
        page.goto(app_url + f"#/rules/{game_id}")
        expect(page.locator("#screen[data-static] article.rules")).to_be_visible()
        assert axe_violations(page) == [], f"#/rules/{game_id} before Python"
        for code in ("en", "de"):
            page.goto(app_url + f"rules/{game_id}.{code}.html")
            expect(page.locator("article.rules")).to_be_visible()
            assert axe_violations(page) == [], f"rules/{game_id}.{code}.html"


def test_no_request_leaves_the_origin_on_any_screen(page, app_url):
    open_app(page, app_url)
    for game_id in VIEW_GAMES:
        page.goto(app_url + f"#/rules/{game_id}")
        expect(page.locator(".rules")).to_be_visible()
        start_game(page, app_url, game_id)
        page.wait_for_timeout(500)
    page.goto(app_url + "#/")
    expect(page.locator(".game-card").first).to_be_visible()
    assert page.requests.foreign() == []
    assert page.errors == []


def test_the_home_screens_pictures_are_still(browser, app_url):
    # A picture whose rules animate for ever has the page that shows it painted every frame (the
    # Momox card's tile on offer beckoned on the home screen as long as it was open). The cards'
    # pictures are raster files drawn from each game's picture SVG (scripts/thumbnails.py): each
    # file is loaded in the page, and each SVG it is drawn from, opened as a document of its own,
    # has its animations, if any, over at once (motion not reduced: a visitor's default), so the
    # raster shows the picture's end.
    import thumbnails  # scripts/thumbnails.py (pytest.ini puts scripts/ on the path)

    context = browser.new_context(service_workers="block", reduced_motion="no-preference")
    try:
        page = context.new_page()
        page.goto(app_url)
        expect(page.locator(".game-card .thumb img")).to_have_count(len(VIEW_GAMES), timeout=READY_TIMEOUT_MS)
        page.wait_for_function(
            f"[...document.querySelectorAll('.game-card .thumb img')].every(image => image.complete && image.naturalWidth === {thumbnails.SIZE})"
        )
        sources = page.eval_on_selector_all(".game-card .thumb img", "images => images.map(image => image.getAttribute('src'))")
        assert sources == [f"assets/thumbs/{game_id}.webp" for game_id in VIEW_GAMES]
        animated = 0
        for game_id, picture in thumbnails.sources().items():
            animated += "animation:" in picture
            page.set_content(picture)
            # Each animation's state once it has started (a started animation that ends at once is
            # finished; one that still runs then runs on).
            states = page.evaluate("Promise.all(document.getAnimations().map(animation => animation.ready)).then(all => all.map(a => a.playState))")
            assert "running" not in states, (game_id, states)
        assert animated, "the Momox picture's tile on offer has an animation (ended at once)"
    finally:
        context.close()


def test_the_content_security_policy_forbids_other_origins(page, app_url):
    open_app(page, app_url)
    blocked = page.evaluate("""async () => {
        try { await fetch('http://127.0.0.2:9/x'); return false; } catch (e) { return true; }
    }""")
    assert blocked
    policy = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
    assert "default-src 'self'" in policy and "connect-src 'self'" in policy and "*" not in policy


class TestHostileInput:
    def test_full_storage_keeps_playing_and_says_so(self, page, app_url):
        open_app(page, app_url)
        # Fill localStorage to the brim.
        page.evaluate("""() => {
            // Halving the chunk down to one character: a room of up to a chunk left free would
            // take a new game's save (about 300 characters), and nothing would be refused.
            let i = 0;
            for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
                const chunk = 'x'.repeat(size);
                try { while (true) { localStorage.setItem('f' + i++, chunk); } } catch (e) {}
            }
        }""")
        page.goto(app_url + "#/setup/momentum")
        page.get_by_role("button", name="Start game").click()
        expect(page.locator("#toast")).to_contain_text("storage is full")
        page.locator("#board [data-target=a1]").click()
        wait_for_moves(page, 1)
        assert page.errors == []

    def test_hostile_names_in_saves_and_files_are_text(self, page, app_url, tmp_path):
        dialogs = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        open_app(page, app_url)
        evil = "<img src=x onerror=alert(1)>"
        record = {
            "format": "ludothek",
            "version": 1,
            "game": "momentum",
            "players": [{"name": evil}, {"name": "B"}],
            "options": {},
            "seed": 1,
            "moves": ["d4"],
        }  # listed: it has a move
        put_save(page, "evil", record)
        page.reload()
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        expect(page.locator(".save-list")).to_contain_text(evil)
        page.goto(app_url + "#/play/evil")
        expect(page.locator(".player .name").first).to_have_text(evil)
        huge = tmp_path / "huge.json"
        huge.write_text('{"format": "ludothek-saves", "saves": [' + ",".join(["{}"] * 3_000_000) + "]}")
        page.goto(app_url + "#/")
        page.locator("#import-file").set_input_files(str(huge))
        expect(page.locator("#toast")).to_contain_text("too large")
        many = tmp_path / "many.json"
        many.write_text('{"format": "ludothek-saves", "saves": [' + ",".join(["{}"] * 5000) + "]}")
        page.locator("#import-file").set_input_files(str(many))
        expect(page.locator("#toast")).to_contain_text("at most 1000")
        assert dialogs == []
        assert page.locator("img[src=x]").count() == 0


def test_a_new_version_is_picked_up_on_the_next_visit_without_losing_saves(browser, tmp_path):
    """Serve a copy of the site, visit it, change a file and rebuild the precache list, visit again."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    server = AppServer(root=site)
    context = browser.new_context()
    try:
        page = context.new_page()
        open_app(page, server.url)
        wait_for(page, "navigator.serviceWorker.controller !== null || document.body.dataset.swRegistered", timeout=60_000)
        wait_for_service_worker(page)  # installed: the page is controlled after the reload
        page.reload()
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        page.goto(server.url + "#/setup/momentum")
        page.get_by_role("button", name="Start game").click()
        page.locator("#board [data-target=a1]").click()
        wait_for_moves(page, 1)
        old_version = page.evaluate("caches.keys()")

        # A new version: one stylesheet changes, and the build's precache list with it.
        css = site / "assets" / "app.css"
        css.write_text(css.read_text() + "\n/* version 2 */\n")
        precache = site / "assets" / "build" / "precache.js"
        data = json.loads(precache.read_text().split("=", 1)[1].rsplit(";", 1)[0])
        data["files"]["./assets/app.css"] = "changed"
        data["version"] = "v2-" + data["version"]
        precache.write_text("self.LUDOTHEK_PRECACHE = " + json.dumps(data) + ";\n")
        for changed in (css, precache):  # their precompressed copies would still be the old version
            for suffix in (".gz", ".br"):
                changed.with_name(changed.name + suffix).unlink(missing_ok=True)

        page.reload()
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        expect(page.locator("#toast")).to_contain_text("new version", timeout=60_000)
        page.reload()
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        assert page.evaluate("fetch('./assets/app.css').then(r => r.text())").endswith("/* version 2 */\n")
        assert page.evaluate("caches.keys()") != old_version
        page.goto(server.url + "#/")
        expect(page.locator(".save-list li")).to_have_count(1)
    finally:
        context.close()
        server.stop()

"""Publishing: dist/ copied into a subfolder of a plain static server (no special types, no
compression, nothing but files) runs the app, and after the first visit it plays offline (and
shows the rules offline)."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading

from playwright.sync_api import expect

from conftest import READY_TIMEOUT_MS, SITE, moves_played, wait_for, wait_for_moves, wait_for_service_worker


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass


def test_dist_in_a_subfolder_plays_and_goes_on_offline(browser, app_server, tmp_path):
    root = tmp_path / "www"
    shutil.copytree(SITE, root / "some" / "path")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/some/path/"
    context = browser.new_context()
    requests: list[str] = []
    try:
        page = context.new_page()
        page.on("request", lambda request: requests.append(request.url))
        page.goto(base)
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        page.goto(base + "#/setup/momentum")
        page.locator("select[name=seat1_kind]").select_option("human")
        page.get_by_role("button", name="Start game").click()
        page.locator("#board [data-target=d4]").click()
        wait_for_moves(page, 1)
        play_url = page.url
        wait_for(page, "navigator.serviceWorker.controller !== null || document.body.dataset.swRegistered", timeout=60_000)
        wait_for_service_worker(page)

        # Every request stayed inside the subfolder: the site needs nothing at the host's root.
        assert [u for u in requests if not u.startswith(base) and not u.startswith(("data:", "blob:"))] == []

        server.shutdown()
        server.server_close()
        context.set_offline(True)
        page.reload()
        assert page.url == play_url
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        assert moves_played(page) == 1
        page.locator("#board [data-target]:not([aria-disabled=true])").first.click()
        wait_for_moves(page, 2)
        expect(page.locator("#moves .move-items li")).to_have_count(3)

        # The rules offline too: a document of its own (the worker answers with it, not the app's
        # page), and a rules page of the app, shown before Python from the worker's cache.
        page.goto(base + "rules/momox.de.html")
        expect(page.get_by_role("heading", level=1)).to_have_text("Regeln: Momox")
        assert page.evaluate("getComputedStyle(document.querySelector('article.rules')).maxWidth") == "760px"
        page.goto(base + "#/rules/fenn")
        expect(page.locator("article.rules h1")).to_have_text("Rules: Fenn")
        page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
        expect(page.locator("article.rules h1")).to_have_text("Rules: Fenn")
        # A file asked for with a query (a cache-buster someone added) is the cached file, offline.
        css = page.evaluate(
            "fetch('./assets/app.css?v=2').then(r => [r.status, r.headers.get('content-type'), r.text()]).then(([s, t, b]) => b.then(body => [s, t, body.length]))"
        )
        assert css[0] == 200 and css[1].startswith("text/css") and css[2] == len((SITE / "assets" / "app.css").read_text(encoding="utf-8"))
    finally:
        context.close()
        server.shutdown()
        server.server_close()

"""Whether each engine's automated browser keeps an HTTP cache (a probe, not a test).

The whole-first-visit figures of bench/engines_startup.py count a file twice when the service
worker's install downloads again what the page already loaded. Chromium and Firefox answer the
install from their HTTP cache (a revalidation: 304, no body); WebKit's automation session did not.
This tells which: a page fetches two files twice, one sent with `Cache-Control: max-age=600` (a
browser with an HTTP cache takes the second from it, asking nothing) and one with `no-cache` (a
browser with an HTTP cache asks again conditionally and gets a 304). Printed per engine: every
answer the server sent (tests/engines' counting server, as bench/engines_startup.py counts a
visit's bytes), its status and its body's bytes, and the verdict. Usage:

    .venv/bin/python bench/http_cache.py [--engines chromium,firefox,webkit]
"""

from __future__ import annotations

import argparse
import http.server
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "engines")]

import engine_drivers  # noqa: E402 - tests/engines/engine_drivers.py

PAGE = """<!doctype html><meta charset="utf-8"><title>HTTP cache probe</title><body><script>
(async function () {
  for (const round of [1, 2]) {
    for (const file of ["fresh.txt", "revalidated.txt"]) await (await fetch(file)).text();
    await new Promise((settled) => setTimeout(settled, 300));
  }
  document.body.dataset.done = "1";
})();
</script>"""
CACHE_CONTROL = {"/fresh.txt": "max-age=600", "/revalidated.txt": "no-cache"}


class ProbeHandler(engine_drivers.CountingHandler):
    """The counting server's handler, each probe file with its own Cache-Control (scripts/serve.py
    says no-cache for every file, which would hide the difference)."""

    def end_headers(self):
        self.send_header("Cache-Control", CACHE_CONTROL.get(self.path, "no-cache"))
        http.server.SimpleHTTPRequestHandler.end_headers(self)


def probe(engine: str, folder: Path) -> list[tuple[str, int, int]]:
    """The server's answers to the probe's page: (path, status, the body's bytes; a 304's 0)."""
    server = engine_drivers.HookedServer(folder, handler=ProbeHandler)
    playwright = None
    if engine == "chromium":
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
    browser = engine_drivers.launch(engine, playwright)
    try:
        tab = browser.open(server.url + "page.html")
        tab.wait_for('document.body && document.body.dataset.done === "1"', what="the probe's fetches")
    finally:
        browser.quit()
        if playwright:
            playwright.stop()
        server.stop()
    return [answer for answer in server.answers() if answer[0] != "/favicon.ico"]


def verdict(answers: list[tuple[str, int, int]]) -> str:
    fresh = [status for path, status, _ in answers if path == "/fresh.txt"]
    revalidated = [status for path, status, _ in answers if path == "/revalidated.txt"]
    if fresh == [200] and revalidated == [200, 304]:
        return "keeps an HTTP cache"
    if fresh == [200, 200] and revalidated == [200, 200]:
        return "keeps no HTTP cache: every fetch downloaded again, none revalidated"
    return "unclear"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", default=",".join(engine_drivers.ENGINES))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "page.html").write_text(PAGE)
        for file in CACHE_CONTROL:
            (folder / file.lstrip("/")).write_text("probe\n")
        for engine in args.engines.split(","):
            answers = probe(engine, folder)
            print(f"{engine}: {verdict(answers)}")
            for path, status, size in answers:
                print(f"  {path} {status}, {size} bytes of body")


if __name__ == "__main__":
    main()

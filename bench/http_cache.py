"""Whether each engine's automated browser keeps an HTTP cache (a probe, not a test).

The whole-first-visit figures of bench/engines_startup.py count a file twice when the service
worker's install downloads again what the page already loaded. Chromium and Firefox answer the
install from their HTTP cache (a revalidation: 304, no body); WebKit's automation session did not.
This tells which: a page fetches two files twice, one sent with `Cache-Control: max-age=600` (a
browser with an HTTP cache takes the second from it, asking nothing) and one with `no-cache` (a
browser with an HTTP cache asks again conditionally and gets a 304). Printed per engine: every
request the server saw, its status and whether it was conditional, and the verdict. Usage:

    .venv/bin/python bench/http_cache.py [--engines chromium,firefox,webkit]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import tempfile
import threading
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


def probe(engine: str, folder: Path) -> list[tuple[str, int, bool]]:
    seen: list[tuple[str, int, bool]] = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def end_headers(self):
            if self.path in CACHE_CONTROL:
                self.send_header("Cache-Control", CACHE_CONTROL[self.path])
            super().end_headers()

        def log_request(self, code="-", size="-"):
            if self.path != "/favicon.ico":
                conditional = bool(self.headers.get("If-Modified-Since") or self.headers.get("If-None-Match"))
                seen.append((self.path, int(code), conditional))

        def log_error(self, format, *args):  # the browser's own ask for /favicon.ico, not the probe's
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    playwright = None
    if engine == "chromium":
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
    browser = engine_drivers.launch(engine, playwright)
    try:
        tab = browser.open(f"http://127.0.0.1:{server.server_address[1]}/page.html")
        tab.wait_for('document.body && document.body.dataset.done === "1"', what="the probe's fetches")
    finally:
        browser.quit()
        if playwright:
            playwright.stop()
        server.shutdown()
    return seen


def verdict(seen: list[tuple[str, int, bool]]) -> str:
    fresh = [entry for entry in seen if entry[0] == "/fresh.txt"]
    revalidated = [entry for entry in seen if entry[0] == "/revalidated.txt"]
    if len(fresh) == 1 and len(revalidated) == 2 and revalidated[1][1:] == (304, True):
        return "keeps an HTTP cache"
    if len(fresh) == 2 and all(entry[1:] == (200, False) for entry in fresh + revalidated):
        return "keeps no HTTP cache: every fetch downloaded again, none asked conditionally"
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
            seen = probe(engine, folder)
            print(f"{engine}: {verdict(seen)}")
            for path, code, conditional in seen:
                print(f"  {path} {code}{' (conditional)' if conditional else ''}")


if __name__ == "__main__":
    main()

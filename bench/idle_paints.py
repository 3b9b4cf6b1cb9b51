#!/usr/bin/env python3
"""What the home screen costs while nobody touches it: the page's paints and its main thread's
busy time over a few seconds once the app is ready (a benchmark, not a test). A picture that
animates for ever has the page painted anew every frame (docs/benchmarks.md, "The home screen while idle").

    .venv/bin/python bench/idle_paints.py [--seconds 3] [site ...]

Each site is a published folder (default: dist/), served as scripts/serve.py serves it, opened in
a new context at phone size (touch) with the Momox card scrolled into view; Chromium's trace
(categories devtools.timeline and toplevel) counts the Paint events and sums the tasks of the
page's main thread (CrRendererMain) over `--seconds`.
"""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "bench")]

import serve  # noqa: E402
from startup import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tracing import thread_names, tracing  # noqa: E402


def idle_home(playwright, folder: Path, seconds: float) -> dict:
    server = serve.make_server(port=0, root=folder.resolve())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        context = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=180_000)
        page.evaluate("document.querySelector('.game-card[data-game=momox]').scrollIntoView()")
        page.wait_for_timeout(1500)
        events: list[dict] = []
        with tracing(context, page, ["devtools.timeline", "toplevel"], events):
            page.wait_for_timeout(seconds * 1000)
    finally:
        browser.close()
        server.shutdown()
    threads = thread_names(events)

    def on_page_thread(event: dict) -> bool:
        return threads.get((event.get("pid"), event.get("tid")), "").startswith("CrRendererMain")

    paints = sum(1 for e in events if e.get("name") == "Paint" and on_page_thread(e))
    busy = sum(e.get("dur", 0) for e in events if e.get("name") == "ThreadControllerImpl::RunTask" and on_page_thread(e)) / 1000
    return {"paints": paints, "page_thread_busy_ms": round(busy)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sites", nargs="*", default=[str(ROOT / "dist")], help="published folders (default: dist/)")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        for site in args.sites:
            found = idle_home(playwright, Path(site), args.seconds)
            print(f"{site}: over {args.seconds:g} s on the home screen: {found['paints']} paints, the page's thread busy {found['page_thread_busy_ms']} ms")


if __name__ == "__main__":
    main()

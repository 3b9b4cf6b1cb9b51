#!/usr/bin/env python3
"""Start-up of the app in headless Chromium on localhost, beside a bare PyScript page on the same
vendored runtime (a benchmark, not a test).

    .venv/bin/python bench/startup.py [--runs 5] [--json results.json]

For each page: first contentful paint and time until ready (body[data-ready]) on a cold load
(new profile, empty caches), a warm reload (HTTP cache), and (app only) a reload served by the
service worker while offline; bytes transferred on the cold load. Medians over the runs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

import functools  # noqa: E402
import threading  # noqa: E402

import serve  # noqa: E402
from conftest import CHROMIUM  # noqa: E402


class CountingHandler(serve.Handler):
    """Counts the bytes of every response body the server sends (what crossed the 'network')."""

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length":
            self.server.bytes_sent += int(value)
        super().send_header(keyword, value)


class BenchServer:
    def __init__(self):
        self.server = serve.Server(("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(ROOT)))
        self.server.bytes_sent = 0
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync"]
READY = "body[data-ready]"


def timings(page) -> dict:
    return page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const mark = name => { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : null; };
        return {fcp: fcp ? fcp.startTime : null, python: mark('ludothek:python'), imported: mark('ludothek:imported'),
                app_ready: mark('ludothek:ready')};
    }""")


SERVER = None


def load(page, url: str) -> dict:
    SERVER.server.bytes_sent = 0
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    ready = (time.perf_counter() - started) * 1000
    # Ready as the page measures it (from navigation start), which excludes Playwright's overhead.
    page_ready = page.evaluate("performance.now()")
    return {"ready_ms": page_ready, "ready_wall_ms": ready, **timings(page), "bytes": SERVER.server.bytes_sent}


def measure_page(playwright, url: str, runs: int, offline: bool) -> dict:
    results = {"cold": [], "warm": [], "offline": []}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as profile:
            context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=LAUNCH_ARGS,
                                                                    service_workers="allow" if offline else "block")
            page = context.pages[0] if context.pages else context.new_page()
            results["cold"].append(load(page, url))
            results["warm"].append(load(page, url))
            if offline:
                page.wait_for_function("navigator.serviceWorker.controller !== null || document.body.dataset.swRegistered", timeout=120_000)
                page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                page.reload()
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
                context.set_offline(True)
                results["offline"].append(load(page, url))
                context.set_offline(False)
            context.close()
    summary = {}
    for kind, items in results.items():
        if items:
            summary[kind] = {
                "ready_ms": round(statistics.median(r["ready_ms"] for r in items)),
                **({"python_starts_ms": round(statistics.median(r["python"] for r in items)),
                    "imports_ms": round(statistics.median(r["imported"] - r["python"] for r in items)),
                    "first_screen_ms": round(statistics.median(r["app_ready"] - r["imported"] for r in items))}
                   if all(r.get("python") is not None for r in items) else {}),
                "fcp_ms": round(statistics.median(r["fcp"] for r in items if r["fcp"] is not None)) if any(r["fcp"] for r in items) else None,
            }
    summary["cold_bytes"] = round(statistics.median(r["bytes"] for r in results["cold"]))
    return summary


def main_result(runs: int) -> dict:
    import build

    build.main()
    global SERVER
    server = SERVER = BenchServer()
    try:
        with sync_playwright() as playwright:
            bare = measure_page(playwright, server.url + "bench/bare/index.html", runs, offline=False)
            app = measure_page(playwright, server.url, runs, offline=True)
    finally:
        server.stop()
    return {
        "runs": runs,
        "bare": bare,
        "app": app,
        "ratio_cold": round(app["cold"]["ready_ms"] / bare["cold"]["ready_ms"], 3),
        "ratio_warm": round(app["warm"]["ready_ms"] / bare["warm"]["ready_ms"], 3),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    result = main_result(args.runs)
    print(json.dumps(result, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

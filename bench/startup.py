#!/usr/bin/env python3
"""Start-up of the app in headless Chromium on localhost, beside a bare PyScript page on the same
vendored runtime (a benchmark, not a test).

    .venv/bin/python bench/startup.py [--runs 9] [--json results.json]

For each page: first contentful paint and time until ready (body[data-ready]) on a cold load
(new profile, empty caches), a warm reload (a returning visitor: the HTTP cache, and for the app its
service worker once it has cached the app), and (app only) a reload with the network off; bytes the
cold load fetched until ready. The two pages alternate run by run; medians over the runs.
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

from serving import CountingServer  # noqa: E402
from conftest import CHROMIUM  # noqa: E402


LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync"]
READY = "body[data-ready]"
READY_RECORDER = """
new MutationObserver((changes, observer) => {
  if (document.body && document.body.dataset.ready) { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]});
"""


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
    # Ready as the page saw it (from navigation start): the moment the flag was set, recorded by
    # READY_RECORDER. Reading performance.now() after Playwright's wait would add its polling
    # delay (it backs off to 500 ms between checks), which measured 0.4-0.5 s on either page.
    page_ready = page.evaluate("window.__readyAt ?? performance.now()")
    # Bytes the page itself fetched until it was ready, from its resource timing: the server's
    # count would also include the service worker's precache, which starts once the app is ready.
    needed = page.evaluate("""ready => {
        const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
        return entries.filter(e => e.responseEnd <= ready).reduce((sum, e) => sum + e.transferSize, 0);
    }""", page_ready)
    return {"ready_ms": page_ready, "ready_wall_ms": ready, **timings(page), "bytes": needed, "bytes_served": SERVER.server.bytes_sent}


def measure_once(playwright, url: str, offline: bool, results: dict) -> None:
    """One fresh profile: a cold load, a warm reload, and (with the service worker) an offline one."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=LAUNCH_ARGS,
                                                                service_workers="allow" if offline else "block")
        context.add_init_script(READY_RECORDER)
        page = context.pages[0] if context.pages else context.new_page()
        results["cold"].append(load(page, url))
        if offline:
            # A returning visitor comes back after the first visit's service worker has cached the
            # app; reloading while it still downloads would time that download, not a start.
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        results["warm"].append(load(page, url))
        if offline:
            context.set_offline(True)
            results["offline"].append(load(page, url))
            context.set_offline(False)
        context.close()


def summarise(results: dict) -> dict:
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
    summary["cold_bytes_served"] = round(statistics.median(r["bytes_served"] for r in results["cold"]))
    return summary


def main_result(runs: int) -> dict:
    import build

    build.main()
    global SERVER
    server = SERVER = CountingServer()
    bare: dict = {"cold": [], "warm": [], "offline": []}
    app: dict = {"cold": [], "warm": [], "offline": []}
    try:
        with sync_playwright() as playwright:
            # Alternate the pages run by run, so a change in the machine's load touches both alike.
            for _ in range(runs):
                measure_once(playwright, server.url + "bench/bare/index.html", False, bare)
                measure_once(playwright, server.url, True, app)
    finally:
        server.stop()
    bare_summary, app_summary = summarise(bare), summarise(app)
    return {
        "runs": runs,
        "bare": bare_summary,
        "app": app_summary,
        "ratio_cold": round(app_summary["cold"]["ready_ms"] / bare_summary["cold"]["ready_ms"], 3),
        "ratio_warm": round(app_summary["warm"]["ready_ms"] / bare_summary["warm"]["ready_ms"], 3),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    result = main_result(args.runs)
    print(json.dumps(result, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Where a first return's CPU goes until the app is ready, thread by thread (a benchmark, not a
test). On this machine's two cores the page's thread, Python's worker and V8's background
compilation of the WebAssembly share the CPU, so a start's wall time moves with all of them.

    .venv/bin/python bench/return_cpu.py [--rounds 3] name=folder [name=folder ...]

Each round, for each published site in turn: a fresh profile's first visit, the service worker's
install (and the next start's rehearsal) awaited as bench/startup.py awaits it, then a reload under
Chromium's trace. Reported per return: the time to ready, the paints of the page, the busy time of
each busy thread (its tasks, ThreadControllerImpl::RunTask) from the reload's navigation to the
app's ready mark, and V8's WebAssembly compilation (validation, lazy compilation, optimisation).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "bench")]

from first_return import first_return, served  # noqa: E402
from tracing import thread_names, tracing  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.wasm", "blink.user_timing", "toplevel", "loading", "__metadata"]
WASM_STEPS = ("wasm.ValidateFunctionsStreaming", "wasm.CompileLazy", "wasm.TopTierCompilation")


def traced_return(playwright, url: str) -> list[dict]:
    """bench/first_return.py's return (2 s after the install), its reload under the trace."""
    events: list[dict] = []

    @contextlib.contextmanager
    def traced(context, page):
        with tracing(context, page, CATEGORIES, events):
            page.wait_for_timeout(200)
            yield
            page.wait_for_timeout(300)

    first_return(playwright, url, 2000, around_reload=traced)
    return events


def summary(events: list[dict]) -> dict:
    threads = thread_names(events)
    ready = next(e for e in events if e.get("name") == "ludothek:ready")
    # The reload's navigation: the last of the page's own document (the pictures' documents start
    # navigations of their own, with no address) before its ready mark.
    start = max(
        e["ts"]
        for e in events
        if e.get("name") == "navigationStart"
        and e["pid"] == ready["pid"]
        and e["ts"] < ready["ts"]
        and e.get("args", {}).get("data", {}).get("documentLoaderURL", "").startswith("http")
    )
    busy: collections.Counter[str] = collections.Counter()
    wasm: collections.Counter[str] = collections.Counter()
    paints = 0
    for event in events:
        if event.get("ph") != "X" or not start <= event.get("ts", 0) <= ready["ts"]:
            continue
        thread = threads.get((event.get("pid"), event.get("tid")), "?")
        if event["name"] == "ThreadControllerImpl::RunTask":
            busy[thread.split(" ")[0] if thread.startswith("DedicatedWorker") else thread] += event["dur"] / 1000
        elif event["name"] in WASM_STEPS:
            wasm[event["name"].removeprefix("wasm.")] += event["dur"] / 1000
        elif event["name"] == "Paint" and thread.startswith("CrRendererMain"):
            paints += 1
    return {
        "ready_ms": round((ready["ts"] - start) / 1000),
        "paints": paints,
        "busy_ms": {name: round(ms) for name, ms in busy.most_common(6)},
        "wasm_ms": {name: round(ms) for name, ms in wasm.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sites", nargs="+", help="name=folder of a published site (e.g. after=dist)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    sites = dict(served(args.sites))
    with sync_playwright() as playwright:
        for round_ in range(args.rounds):
            names = list(sites) if round_ % 2 == 0 else list(reversed(sites))
            for name in names:
                print(f"round {round_ + 1}, {name}: {summary(traced_return(playwright, sites[name]))}", flush=True)


if __name__ == "__main__":
    main()

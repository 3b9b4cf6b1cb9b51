#!/usr/bin/env python3
"""The main thread during the start, as on a phone: Chromium with the CPU slowed 4x (DevTools'
Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset), a phone's viewport and touch (a
benchmark, not a test).

    .venv/bin/python bench/longtasks.py [--runs 5] [--rate 4] [--json results.json] [--url URL]

Each round loads the published site (dist/, served as scripts/serve.py serves it) twice in a new
profile (cold: empty HTTP cache, service workers blocked):
1. untouched, until the ready flag (body[data-ready]), under a trace: the longest main-thread task
   that started before it (the trace's RunTask on the page's CrRendererMain, up to the app's
   performance mark "ludothek:ready") and the total blocking time (each task's time over 50 ms,
   summed), as Lighthouse counts them; beside it the longest wait of a 5 ms timer (what a tap
   would wait at worst) and what PerformanceObserver "longtask" reported (it misses the longest
   task here: Python's start runs in one microtask checkpoint after a fetch, which the trace sees);
2. with a tap on Momentum's "New game" a moment (--tap-after, 1 s) after the home screen rendered
   ahead of time has arrived (checked: it was on the screen when the tap was handled):
   how long the tap waited for the main thread (the input's time stamp to its click handler), when
   the page could show its answer (the next frame after the handler) and when the screen it asked
   for (the game's setup) was there, each from the tap; and the ready flag for comparison.
Medians over the rounds; the machine's load average is printed with them (the numbers move with it).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402
from serve import SITE, make_server  # noqa: E402

TIMEOUT_MS = 300_000
TAPPED = "#screen[data-static] .game-card[data-game=momentum] a[href='#/setup/momentum']"
# Installed before the page's own scripts: long tasks, the ready flag, the tap and the screen.
RECORDER = """
window.__longtasks = [];
try {
  new PerformanceObserver(list => list.getEntries().forEach(entry =>
    window.__longtasks.push({start: entry.startTime, duration: entry.duration}))).observe({type: "longtask", buffered: true});
} catch (e) {}
window.__paints = {largest: []};
try {
  new PerformanceObserver(list => list.getEntries().forEach(entry => window.__paints.largest.push(entry.startTime)))
    .observe({type: "largest-contentful-paint", buffered: true});
  new PerformanceObserver(list => list.getEntries().forEach(entry => {
    if (entry.name === "first-contentful-paint") window.__paints.first = entry.startTime;
  })).observe({type: "paint", buffered: true});
} catch (e) {}
window.__gap = 0;
(function () {
  let last = performance.now();
  function beat() {
    const now = performance.now();
    window.__gap = Math.max(window.__gap, now - last);
    last = now;
    if (!document.body || !document.body.dataset.ready) setTimeout(beat, 5);
  }
  setTimeout(beat, 5);
})();
window.__screens = {};
window.__homeAt = null;
new MutationObserver(() => {
  const body = document.body;
  if (!body) return;
  if (window.__homeAt === null && document.querySelector("#screen[data-static] .game-card")) window.__homeAt = performance.now();
  if (body.dataset.ready && window.__readyAt === undefined) window.__readyAt = performance.now();
  const screen = body.dataset.screen;
  if (screen && window.__screens[screen] === undefined) window.__screens[screen] = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready", "data-screen", "data-static"]});
addEventListener("click", event => {
  if (window.__tap) return;
  const tap = window.__tap = {at: event.timeStamp, handled: performance.now()};
  requestAnimationFrame(() => setTimeout(() => { tap.shown = performance.now(); }, 0));
}, true);
"""


# How Python starts (assets/vendor/pyodide/ludothek.mjs reads it): "normal" as a first visit,
# "snapshot" from the memory snapshot (fetched at once cold, from the HTTP cache warm).
STARTS = {"normal": "window.LUDOTHEK_SNAPSHOT = 'never';", "snapshot": "window.LUDOTHEK_SNAPSHOT = 'fetch';"}
# Lighthouse's mobile network (slow 4G) beside the CPU slowdown: --network phone.
NETWORKS = {"localhost": None, "phone": {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}}
OPTIONS: dict = {"start": "normal", "network": "localhost", "keep_traces": None}


def new_page(browser, rate: float):
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True, service_workers="block")
    page = context.new_page()
    page.add_init_script(RECORDER + STARTS[OPTIONS["start"]])
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    network = NETWORKS[OPTIONS["network"]]
    if network:
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", network)
    return context, page


def main_thread_tasks(trace_path: Path) -> tuple[list[tuple[float, float]], float]:
    """The page's main-thread tasks that started before the app's ready mark, as (start, duration)
    in ms from that mark, and the mark's trace time stamp."""
    trace = json.loads(trace_path.read_text(encoding="utf-8"))
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    ready = [e for e in events if e.get("name") == "ludothek:ready"]
    if not ready:
        raise RuntimeError("no ready mark in the trace")
    pid, ready_ts = ready[0]["pid"], min(e["ts"] for e in ready)
    main = {e["tid"] for e in events if e.get("name") == "thread_name" and e["pid"] == pid and e["args"].get("name") == "CrRendererMain"}
    tasks = [e for e in events if e.get("name") == "RunTask" and e.get("ph") == "X" and e["pid"] == pid and e["tid"] in main and e["ts"] < ready_ts]
    return [((e["ts"] - ready_ts) / 1000, e["dur"] / 1000) for e in tasks], ready_ts


def untouched(browser, url: str, rate: float, warm: bool = False) -> dict:
    context, page = new_page(browser, rate)
    if warm:  # a returning visitor: the same profile loaded the page before (the HTTP cache)
        page.goto(url, wait_until="commit")
        page.wait_for_selector("body[data-ready]", timeout=TIMEOUT_MS)
        page.wait_for_timeout(500)
    with tempfile.TemporaryDirectory() as folder:
        trace_path = Path(folder) / "trace.json"
        try:
            browser.start_tracing(
                page=page, path=str(trace_path), categories=["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"]
            )
            if warm:
                page.reload(wait_until="commit")
            else:
                page.goto(url, wait_until="commit")
            page.wait_for_selector("body[data-ready]", timeout=TIMEOUT_MS)
            page.wait_for_function("performance.getEntriesByName('ludothek:ready').length > 0", timeout=TIMEOUT_MS)
            data = page.evaluate(
                "({ready: window.__readyAt, tasks: window.__longtasks, gap: window.__gap, paints: window.__paints, home: window.__homeAt,"
                " start: document.documentElement.dataset.start,"
                " marks: Object.fromEntries(performance.getEntriesByType('mark').filter(m => m.name.startsWith('ludothek:')).map(m => [m.name, m.startTime]))})"
            )
            browser.stop_tracing()
        finally:
            context.close()
        tasks, _ = main_thread_tasks(trace_path)
        if OPTIONS["keep_traces"]:
            kept = Path(OPTIONS["keep_traces"])
            kept.mkdir(parents=True, exist_ok=True)
            trace_path.replace(kept / f"trace-{len(list(kept.glob('trace-*.json'))) + 1}.json")
    observed = [t["duration"] for t in data["tasks"] if t["start"] < data["ready"]]
    marks = data["marks"]
    # The longest task on the page's clock (the trace's ready mark is the page's "ludothek:ready").
    start, longest = max(tasks, key=lambda task: task[1], default=(0.0, 0.0))
    start += marks["ludothek:ready"]
    if data["start"] != OPTIONS["start"]:
        raise RuntimeError(f"the page took the {data['start']} start, not the {OPTIONS['start']} one")
    return {
        "ready_ms": data["ready"],
        "first_paint_ms": data["paints"].get("first"),
        "home_drawn_ms": data["home"],
        # The home screen's paint: the largest before the ready flag (the first is the top bar's).
        "largest_paint_ms": max((t for t in data["paints"]["largest"] if t < data["ready"]), default=None),
        "longest_ms": longest,
        "longest_from_ms": start,
        "longest_to_ms": start + longest,
        "python_mark_ms": marks.get("ludothek:python"),
        "imported_mark_ms": marks.get("ludothek:imported"),
        "blocking_ms": sum(max(0.0, d - 50) for _, d in tasks),
        # Each task over 50 ms: (start, duration) in ms on the page's clock, to find what blocks.
        "long_tasks": [(round(at + marks["ludothek:ready"]), round(d)) for at, d in tasks if d > 50],
        "longest_timer_wait_ms": data["gap"],
        "longtask_api_longest_ms": max(observed, default=0.0),
    }


def where_to_tap(browser, url: str) -> tuple[float, float]:
    """The tapped link's centre on the phone, found once with the runtime held back (asking the
    page during a measured start would wait for its main thread, and the start would be over)."""
    context, page = new_page(browser, 1)
    try:
        page.route("**/pyodide.asm.wasm", lambda route: None)
        page.goto(url)
        box = page.locator(TAPPED).bounding_box()
    finally:
        context.close()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tapped(browser, url: str, rate: float, point: tuple[float, float], after_ms: int) -> dict:
    context, page = new_page(browser, rate)
    try:
        # The tap comes a moment after the home screen's text has arrived (the browser says so
        # without the page's main thread, which may be busy), as a player's would.
        with page.expect_event("requestfinished", predicate=lambda request: "/assets/build/home." in request.url, timeout=TIMEOUT_MS):
            page.goto(url, wait_until="commit")
        page.wait_for_timeout(after_ms)
        page.touchscreen.tap(*point)
        page.wait_for_selector("body[data-screen=setup]", timeout=TIMEOUT_MS)
        page.wait_for_selector("body[data-ready]", timeout=TIMEOUT_MS)
        page.wait_for_function("window.__tap && window.__tap.shown !== undefined", timeout=TIMEOUT_MS)
        data = page.evaluate("({ready: window.__readyAt, tap: window.__tap, screens: window.__screens, home: window.__homeAt})")
    finally:
        context.close()
    tap = data["tap"]
    if data["home"] is None or data["home"] > tap["handled"]:
        raise RuntimeError("the tap came before the home screen was drawn")
    return {
        "home_shown_ms": data["home"],
        "tap_at_ms": tap["at"],
        "input_delay_ms": tap["handled"] - tap["at"],
        "answer_shown_ms": tap["shown"] - tap["at"],
        "tap_to_screen_ms": data["screens"]["setup"] - tap["at"],
        "ready_ms": data["ready"],
        "screen_after_ready_ms": data["screens"]["setup"] - data["ready"],
    }


def median(rows: list[dict], key: str) -> float | None:
    """The median of a column; None when no row has it (a mark that build does not set)."""
    values = [row[key] for row in rows if row.get(key) is not None]
    return statistics.median(values) if values else None


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rate", type=float, default=4.0, help="CPU slowdown (Emulation.setCPUThrottlingRate)")
    parser.add_argument("--tap-after", type=int, default=1000, help="ms after the home screen's text arrived")
    parser.add_argument("--url", help="a site already served (default: dist/ on a free port)")
    parser.add_argument("--json", type=Path, help="write the rows and medians here")
    parser.add_argument("--start", choices=sorted(STARTS), default="normal", help="snapshot: Python from the memory snapshot")
    parser.add_argument("--network", choices=sorted(NETWORKS), default="localhost", help="phone: 1.6 Mbit/s, 150 ms (Lighthouse's slow 4G)")
    parser.add_argument("--warm", action="store_true", help="the untouched loads as a returning visitor's (the page loaded once before in the profile)")
    parser.add_argument("--no-tap", action="store_true", help="only the untouched loads")
    parser.add_argument("--keep-traces", type=Path, help="keep each untouched load's trace in this folder (trace-N.json)")
    args = parser.parse_args(argv)
    OPTIONS.update(start=args.start, network=args.network, keep_traces=args.keep_traces)
    server = None
    url = args.url
    if url is None:
        server = make_server("127.0.0.1", 0, root=SITE)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
    load_before = os.getloadavg()
    started = time.time()
    plain, taps = [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            point = None if args.no_tap else where_to_tap(browser, url)
            for run in range(args.runs):
                plain.append(untouched(browser, url, args.rate, warm=args.warm))
                if point is not None:
                    taps.append(tapped(browser, url, args.rate, point, args.tap_after))
                print(f"round {run + 1}: {json.dumps(plain[-1])} {json.dumps(taps[-1] if taps else None)}", flush=True)
            browser.close()
    finally:
        if server is not None:
            server.shutdown()
    load_after = os.getloadavg()
    result = {
        "rate": args.rate,
        "runs": args.runs,
        "load_average": {"before": load_before, "after": load_after},
        "seconds": round(time.time() - started),
        "medians": {
            "ready_ms": median(plain, "ready_ms"),
            "first_paint_ms": median(plain, "first_paint_ms"),
            "home_drawn_ms": median(plain, "home_drawn_ms"),
            "largest_paint_ms": median(plain, "largest_paint_ms"),
            "longest_task_ms": median(plain, "longest_ms"),
            "longest_task_from_ms": median(plain, "longest_from_ms"),
            "longest_task_to_ms": median(plain, "longest_to_ms"),
            "main_py_starts_ms": median(plain, "python_mark_ms"),
            "imported_ms": median(plain, "imported_mark_ms"),
            "total_blocking_ms": median(plain, "blocking_ms"),
            "longest_timer_wait_ms": median(plain, "longest_timer_wait_ms"),
            "longtask_api_longest_ms": median(plain, "longtask_api_longest_ms"),
            "home_shown_ms": median(taps, "home_shown_ms"),
            "tap_at_ms": median(taps, "tap_at_ms"),
            "tap_input_delay_ms": median(taps, "input_delay_ms"),
            "tap_answer_shown_ms": median(taps, "answer_shown_ms"),
            "tap_to_screen_ms": median(taps, "tap_to_screen_ms"),
            "tapped_ready_ms": median(taps, "ready_ms"),
            "screen_after_ready_ms": median(taps, "screen_after_ready_ms"),
        },
        "untouched": plain,
        "tapped": taps,
    }
    if args.json:
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    m = result["medians"]

    def at(key: str) -> str:
        """A median time stamp in seconds; a mark the page does not have (Python's own marks are
        on its worker's clock since issue 33) is said so."""
        return "(not on the page)" if m[key] is None else f"{m[key] / 1000:.1f} s"

    print(
        f"CPU slowed {args.rate:g}x, phone viewport, network {args.network}, the {args.start} start, {'warm' if args.warm else 'cold'}, "
        f"median of {args.runs} (load average {load_before[0]:.1f} before, {load_after[0]:.1f} after):"
    )
    print(
        f"  ready {m['ready_ms'] / 1000:.1f} s; longest main-thread task before it {m['longest_task_ms']:.0f} ms (trace); "
        f"total blocking {m['total_blocking_ms']:.0f} ms; longest wait of a 5 ms timer {m['longest_timer_wait_ms']:.0f} ms; "
        f"longest task the longtask API reported {m['longtask_api_longest_ms']:.0f} ms"
    )
    print(
        f"  first paint at {m['first_paint_ms'] / 1000:.2f} s, the home screen drawn at {m['home_drawn_ms'] / 1000:.2f} s, "
        f"its paint (the largest before the ready flag) at {m['largest_paint_ms'] / 1000:.2f} s"
    )
    print(
        f"  the longest task from {m['longest_task_from_ms'] / 1000:.1f} s to {m['longest_task_to_ms'] / 1000:.1f} s; "
        f"main.py starts at {at('main_py_starts_ms')}, the app's modules imported at {at('imported_ms')}"
    )
    if taps:
        print(
            f"  home shown at {m['home_shown_ms'] / 1000:.1f} s, tap at {m['tap_at_ms'] / 1000:.1f} s: handled after {m['tap_input_delay_ms']:.0f} ms, "
            f"answer on screen after {m['tap_answer_shown_ms']:.0f} ms, "
            f"the setup screen after {m['tap_to_screen_ms'] / 1000:.1f} s ({m['screen_after_ready_ms']:.0f} ms from the ready flag)"
        )
    return result


if __name__ == "__main__":
    main()

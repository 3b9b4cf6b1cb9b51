#!/usr/bin/env python3
"""Cold start to the ready flag in each engine: Chromium, Firefox and WebKit (a benchmark, not a test).

    .venv/bin/python bench/engines_startup.py [--runs 5] [--engines chromium,firefox,webkit] [--json out.json] [--no-build]
    .venv/bin/python bench/engines_startup.py --starts normal,snapshot   # the memory snapshot beside

`--starts` names the Python starts to compare: "normal" (what a first visit does) and "snapshot"
(Python restored from the memory snapshot, fetched by the page at once: a new visitor's start if
the snapshot were used at once; the page says which start it took, and the run checks it).

The published site (dist/) is served on localhost as scripts/serve.py serves it, with one script put
first into the page: it notes the page's own clock (performance.now(), from the start of the
navigation) when body[data-ready] appears, so the drivers' polling and their own speed do not count.
Each run opens the app in a fresh profile of the engine (an empty HTTP cache: a new visitor),
through the drivers of the cross-engine tests (tests/engines/engine_drivers.py): Chromium by
Playwright, Firefox by Puppeteer over WebDriver BiDi, WebKit's MiniBrowser by WebKitWebDriver in
Xvfb. Rounds are interleaved (each round starts every engine once, in an order that rotates), so the
machine's load touches each engine alike; the median over the rounds, and the load average before
and after (the machine is shared: compare engines within one run, not across runs).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "engines"))

from engine_drivers import ENGINES, HookedServer, launch, missing  # noqa: E402

READY_RECORDER = """new MutationObserver(function (changes, observer) {
  if (document.body && document.body.dataset.ready) { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});"""


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


STARTS = {"normal": "window.LUDOTHEK_SNAPSHOT = 'never';", "snapshot": "window.LUDOTHEK_SNAPSHOT = 'fetch';"}


def cold_start_ms(browser, url: str, start: str) -> float:
    tab = browser.open(url)
    try:
        ready = float(tab.wait_for("window.__readyAt", what="the ready flag"))
        taken = tab.evaluate("document.documentElement.dataset.start")
        if taken != start:
            raise RuntimeError(f"asked for the {start} start, the page took the {taken} one")
        return ready
    finally:
        tab.close()


def run(engines: list[str], runs: int, starts: list[str] | None = None) -> dict:
    starts = starts or ["normal"]
    servers = {start: HookedServer(hook=STARTS[start] + "\n" + READY_RECORDER) for start in starts}
    result: dict = {"runs": runs, "load_before": load_average(), "engines": {}}
    started = {}
    playwright = None
    try:
        if "chromium" in engines:
            from playwright.sync_api import sync_playwright

            playwright = sync_playwright().start()
        for name in engines:
            started[name] = launch(name, playwright)
        pairs = [(name, start) for name in engines for start in starts]
        times: dict[tuple[str, str], list[float]] = {pair: [] for pair in pairs}
        for round_ in range(runs):
            order = pairs[round_ % len(pairs) :] + pairs[: round_ % len(pairs)]
            for name, start in order:
                times[name, start].append(cold_start_ms(started[name], servers[start].url, start))
                print(f"round {round_ + 1}: {name} {start} {times[name, start][-1] / 1000:.2f} s (load {load_average()})", file=sys.stderr, flush=True)
        for name, start in pairs:
            result["engines"][name if start == "normal" else f"{name}, {start}"] = {
                "version": started[name].version,
                "median_ms": round(statistics.median(times[name, start])),
                "min_ms": round(min(times[name, start])),
                "max_ms": round(max(times[name, start])),
                "ms": [round(t) for t in times[name, start]],
            }
    finally:
        for browser in started.values():
            browser.quit()
        if playwright is not None:
            playwright.stop()
        for server in servers.values():
            server.stop()
    result["load_after"] = load_average()
    result["when"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return result


def markdown(result: dict) -> str:
    lines = [
        f"Cold start to ready, median of {result['runs']} interleaved runs ({result['when']}, load average "
        f"{result['load_before']} before, {result['load_after']} after):",
        "",
        "| engine | version | median s | min s | max s |",
        "|---|---|---|---|---|",
    ]
    for name, row in result["engines"].items():
        lines.append(f"| {name} | {row['version']} | {row['median_ms'] / 1000:.1f} | {row['min_ms'] / 1000:.1f} | {row['max_ms'] / 1000:.1f} |")
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engines", default=",".join(ENGINES), help="a comma-separated subset of " + ",".join(ENGINES))
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is (no rebuild first)")
    parser.add_argument("--starts", default="normal", help="comma-separated: normal, snapshot")
    args = parser.parse_args(argv)
    starts = [start for start in args.starts.split(",") if start]
    if set(starts) - set(STARTS):
        parser.error(f"unknown starts: {', '.join(sorted(set(starts) - set(STARTS)))}")
    engines = [name for name in args.engines.split(",") if name]
    unknown = set(engines) - set(ENGINES)
    if unknown:
        parser.error(f"unknown engines: {', '.join(sorted(unknown))}")
    lacking = missing()
    if lacking:
        sys.exit(f"engines_startup: missing {', '.join(lacking)} (scripts/test installs them)")
    if not args.no_build:
        import build  # scripts/build.py (on the path through engine_drivers)

        build.main()
    result = run(engines, args.runs, starts)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(markdown(result))


if __name__ == "__main__":
    main()

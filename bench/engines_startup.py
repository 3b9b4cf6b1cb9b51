#!/usr/bin/env python3
"""Cold start to the ready flag in each engine: Chromium, Firefox and WebKit (a benchmark, not a test).

    .venv/bin/python bench/engines_startup.py [--runs 5] [--engines chromium,firefox,webkit] [--json out.json] [--no-build]

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


def cold_start_ms(browser, url: str) -> float:
    tab = browser.open(url)
    try:
        return float(tab.wait_for("window.__readyAt", what="the ready flag"))
    finally:
        tab.close()


def run(engines: list[str], runs: int) -> dict:
    server = HookedServer(hook=READY_RECORDER)
    result: dict = {"runs": runs, "load_before": load_average(), "engines": {}}
    started = {}
    playwright = None
    try:
        if "chromium" in engines:
            from playwright.sync_api import sync_playwright

            playwright = sync_playwright().start()
        for name in engines:
            started[name] = launch(name, playwright)
        times: dict[str, list[float]] = {name: [] for name in engines}
        for round_ in range(runs):
            order = engines[round_ % len(engines) :] + engines[: round_ % len(engines)]
            for name in order:
                times[name].append(cold_start_ms(started[name], server.url))
                print(f"round {round_ + 1}: {name} {times[name][-1] / 1000:.2f} s (load {load_average()})", file=sys.stderr, flush=True)
        for name in engines:
            result["engines"][name] = {
                "version": started[name].version,
                "median_ms": round(statistics.median(times[name])),
                "min_ms": round(min(times[name])),
                "max_ms": round(max(times[name])),
                "ms": [round(t) for t in times[name]],
            }
    finally:
        for browser in started.values():
            browser.quit()
        if playwright is not None:
            playwright.stop()
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
    args = parser.parse_args(argv)
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
    result = run(engines, args.runs)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(markdown(result))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Cold start to the ready flag in each engine: Chromium, Firefox and WebKit (a benchmark, not a test).

    .venv/bin/python bench/engines_startup.py [--runs 5] [--engines chromium,firefox,webkit] [--json out.json] [--no-build]
    .venv/bin/python bench/engines_startup.py --starts normal,snapshot   # the memory snapshot beside

`--starts` names the Python starts to compare: "normal" (what a first visit does) and "snapshot"
(Python restored from the memory snapshot, fetched by the page at once: a new visitor's start if
the snapshot were used at once; the page says which start it took, and the run checks it),
"bare" (bench/bare/pyodide.html: Pyodide started by hand and one line of Python, the floor) and
"pyscript" (bench/bare/pyscript.html: PyScript starting Pyodide for one line of Python).
Each cold start also counts the bytes the server sent until the ready flag (the response bodies,
as the engine's Accept-Encoding chose them: an engine that takes no Brotli over plain HTTP gets the
gzip copies).
`--warm` also reloads each page in its profile once it is ready (the HTTP cache revalidates, as a
returning visitor's without a service worker: for "snapshot", the snapshot comes from that cache).

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
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "engines"))

from engine_drivers import ENGINES, HookedHandler, HookedServer, launch, missing  # noqa: E402

READY_RECORDER = """new MutationObserver(function (changes, observer) {
  if (document.body && document.body.dataset.ready) { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});"""


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


STARTS = {"normal": "window.LUDOTHEK_SNAPSHOT = 'never';", "snapshot": "window.LUDOTHEK_SNAPSHOT = 'fetch';", "bare": "", "pyscript": ""}
BARE = ROOT / "bench" / "bare"
PYODIDE_STDLIB_PATH = "/assets/vendor/pyodide/python_stdlib.zip"
PYODIDE_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
PATHS = {"bare": "bench/bare/pyodide.html", "pyscript": "bench/bare/pyscript.html"}
# Pages that are not the app: they say nothing of how Python started.
NOT_THE_APP = {"bare", "pyscript"}


class BareToo(HookedHandler):
    """The site with the hook, and the bare pages (bench/bare/, with the bare PyScript page's
    configuration) under /bench/bare/, hooked too;
    they load the runtime from the site's assets/vendor/ (the very same files as the app)."""

    def copyfile(self, source, outputfile):
        body = source.read()
        with self.server.counting:
            self.server.bytes_sent += len(body)
            self.server.encodings.add(self.headers.get("Accept-Encoding", ""))
        outputfile.write(body)

    def translate_path(self, path):
        if path.split("?", 1)[0].split("#", 1)[0] == PYODIDE_STDLIB_PATH:
            # The bare pages' loadPyodide() takes Pyodide's own standard library from beside
            # pyodide.mjs; the site ships its own instead (scripts/build.py, make_stdlib).
            return str(PYODIDE_STDLIB)
        return super().translate_path(path)

    def send_head(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith("/bench/bare/"):
            return super().send_head()
        page = BARE / path.removeprefix("/bench/bare/")
        if page.suffix not in (".html", ".toml") or not page.is_file():
            self.send_error(404)
            return None
        text = page.read_text(encoding="utf-8")
        if page.suffix == ".toml":
            return self.send_text(text, "text/plain; charset=utf-8")
        return self.send_text(self.hooked(text))


def ready_ms(tab, start: str) -> float:
    ready = float(tab.wait_for("window.__readyAt", what="the ready flag"))
    if start not in NOT_THE_APP:
        taken = tab.evaluate("document.documentElement.dataset.start")
        if taken != start:
            raise RuntimeError(f"asked for the {start} start, the page took the {taken} one")
    return ready


def start_ms(browser, server: HookedServer, url: str, start: str, warm: bool = False) -> tuple[float, float | None, int]:
    """The cold start in a fresh profile, the bytes sent for it, and, with `warm`, a reload's
    start in the same profile."""
    counted = server.server
    with counted.counting:
        counted.bytes_sent = 0
    tab = browser.open(url)
    try:
        cold = ready_ms(tab, start)
        sent = counted.bytes_sent
        if not warm:
            return cold, None, sent
        tab.reload()
        return cold, ready_ms(tab, start), sent
    finally:
        tab.close()


def run(engines: list[str], runs: int, starts: list[str] | None = None, warm: bool = False) -> dict:
    starts = starts or ["normal"]
    servers = {start: HookedServer(hook=STARTS[start] + "\n" + READY_RECORDER, handler=BareToo) for start in starts}
    for server in servers.values():
        server.server.counting = threading.Lock()
        server.server.bytes_sent = 0
        server.server.encodings = set()
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
        warm_times: dict[tuple[str, str], list[float]] = {pair: [] for pair in pairs}
        sent: dict[tuple[str, str], list[int]] = {pair: [] for pair in pairs}
        encodings: dict[str, list[str]] = {}
        for round_ in range(runs):
            order = pairs[round_ % len(pairs) :] + pairs[: round_ % len(pairs)]
            for name, start in order:
                servers[start].server.encodings.clear()
                cold, again, bytes_sent = start_ms(started[name], servers[start], servers[start].url + PATHS.get(start, ""), start, warm)
                times[name, start].append(cold)
                sent[name, start].append(bytes_sent)
                encodings[name] = sorted(servers[start].server.encodings)
                if again is not None:
                    warm_times[name, start].append(again)
                print(f"round {round_ + 1}: {name} {start} {cold / 1000:.2f} s, warm {again} (load {load_average()})", file=sys.stderr, flush=True)
        for name, start in pairs:
            row = {
                "version": started[name].version,
                "median_ms": round(statistics.median(times[name, start])),
                "min_ms": round(min(times[name, start])),
                "max_ms": round(max(times[name, start])),
                "ms": [round(t) for t in times[name, start]],
                "bytes_median": round(statistics.median(sent[name, start])),
                "accept_encoding": encodings.get(name, []),
            }
            if warm_times[name, start]:
                row["warm_median_ms"] = round(statistics.median(warm_times[name, start]))
                row["warm_ms"] = [round(t) for t in warm_times[name, start]]
            result["engines"][name if start == "normal" else f"{name}, {start}"] = row
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
        "| engine | version | median s | min s | max s | warm median s | bytes sent until ready, cold | Accept-Encoding |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, row in result["engines"].items():
        warm = f"{row['warm_median_ms'] / 1000:.2f}" if "warm_median_ms" in row else ""
        lines.append(
            f"| {name} | {row['version']} | {row['median_ms'] / 1000:.1f} | {row['min_ms'] / 1000:.1f} | {row['max_ms'] / 1000:.1f} | {warm} "
            f"| {row['bytes_median']:,} | {'; '.join(row['accept_encoding'])} |"
        )
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engines", default=",".join(ENGINES), help="a comma-separated subset of " + ",".join(ENGINES))
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is (no rebuild first)")
    parser.add_argument("--starts", default="normal", help="comma-separated: normal, snapshot, bare, pyscript")
    parser.add_argument("--warm", action="store_true", help="also a reload in each profile once ready")
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
    result = run(engines, args.runs, starts, args.warm)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(markdown(result))


if __name__ == "__main__":
    main()

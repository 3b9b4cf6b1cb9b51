#!/usr/bin/env python3
"""Cold start to the ready flag in each engine: Chromium, Firefox and WebKit (a benchmark, not a test).

    .venv/bin/python bench/engines_startup.py [--runs 5] [--engines chromium,firefox,webkit] [--json out.json] [--no-build]
    .venv/bin/python bench/engines_startup.py --starts normal,snapshot   # the memory snapshot beside
    .venv/bin/python bench/engines_startup.py --until installed --files  # a whole first visit, per file

`--starts` names the Python starts to compare: "normal" (what a first visit does) and "snapshot"
(Python restored from the memory snapshot, fetched by the page at once: a new visitor's start if
the snapshot were used at once; the page says which start it took, and the run checks it),
"shipped" (the page as published: the snapshot where the browser has it, so a cold start is the
normal one and, after `--until installed`, a `--warm` reload a returning visitor's from the
service worker's snapshot), "bare" (bench/bare/pyodide.html: Pyodide started by hand and one line
of Python, the floor) and "pyscript" (bench/bare/pyscript.html: PyScript starting Pyodide for one
line of Python).
Each cold start also counts the bytes the server sent until the driver saw the ready flag, and
those it sent before the page set it (on the page's clock; without what the page fetches at that
moment for later, such as the package's second zip) (the response bodies,
as the engine's Accept-Encoding chose them: an engine that takes no Brotli over plain HTTP gets the
gzip copies).
`--until installed` goes on counting until the service worker is installed and active (its precache,
the snapshot included, is then complete): the bytes of a whole first visit; the time to that is
reported beside the ready time. `--files` prints, per engine, each file the server answered with a
body more than once in a run (and its bytes), and writes every answer into the JSON.
`--compare PATH` serves another build's site (a copy of its dist/) beside dist/ and starts both in
every round ("before" and "after").
`--warm` also reloads each page in its profile once it is ready (the HTTP cache revalidates, as a
returning visitor's without a service worker: for "snapshot", the snapshot comes from that cache;
after `--until installed`, the service worker serves the reload).

The published site (dist/) is served on localhost as scripts/serve.py serves it, with one script put
first into the page: it notes the page's own clock (performance.now(), from the start of the
navigation) when body[data-ready] appears, so the drivers' polling and their own speed do not count.
Each run opens the app in a fresh profile of the engine (an empty HTTP cache: a new visitor),
through the drivers of the cross-engine tests (tests/engines/engine_drivers.py): Chromium by
Playwright, Firefox by Puppeteer over WebDriver BiDi, WebKit's MiniBrowser by WebKitWebDriver in
Xvfb. Rounds are interleaved (each round starts every engine once, in an order that rotates), so the
machine's load touches each engine alike; the median over the rounds, and the load average before
and after (the machine is shared: compare engines within one run, not across runs).

`--cpu-quota 0.25` runs each engine's browser under a CPU quota, 25% of one CPU (a single core 4x
slower; bench/cpu_quota.py: a Linux cgroup per engine, a 10 ms period; needs root): a slow device's
CPU for every thread of the browser, Python's Web Worker included, which DevTools' CPU throttling
would not reach (it slows only the page's main thread). The quota slows every thread together, on
one budget: harsher than a phone with several cores for a page that uses two threads (the app's
main thread and its worker), so the app's time under it is, if anything, pessimistic beside the bare
page's (Python on the main thread). Only the browser joins the group, from its first instruction
(a wrapper script in its executable's place that joins it and execs the browser): this process,
its servers and the engines' drivers (Playwright's, Firefox's Node driver, WebKitWebDriver) keep
the machine. Chromium's wrapper goes in through launch()'s Playwright argument; Firefox's and
WebKit's MiniBrowser's through engine_drivers' FIREFOX and MINIBROWSER, which this benchmark sets
for the run (and checks that the engine's processes really are in the group at every ready flag).
`--cpu-quota-per-thread` gives the quota to EVERY THREAD of each browser on its own instead (each
thread as if on its own slow core: a phone's 4-8 cores run the page's main thread and Python's
worker side by side, where one shared budget serialises them, a single-core phone; DevTools'
throttling would slow the main thread alone). bench/cpu_quota.py moves each thread into a cgroup
(v1) of its own, a poller every 20 ms (a new thread shares its creator's quota until then); the
same wrappers, so all three engines. This machine has 2 CPUs: at most 8 threads get 25% at once,
more busy threads contend; each start records how many threads ran and were held back by their
quota (in all and in an average period).
The quota is recorded in the JSON (its mode, and per thread the number of thread groups made, the
summed cpu.stat and the threads held back most) and in the table's heading.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "engines"))
sys.path.insert(0, str(ROOT / "bench"))

import engine_drivers  # noqa: E402
from cpu_quota import CpuQuota, QuotaUnavailable  # noqa: E402
from engine_drivers import ENGINES, SITE, CountingHandler, HookedServer, launch, missing  # noqa: E402
from serving import pyodide_own_file  # noqa: E402

READY_RECORDER = """new MutationObserver(function (changes, observer) {
  if (document.body && document.body.dataset.ready) { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
if (navigator.serviceWorker) navigator.serviceWorker.ready.then(function () { window.__installedAt = performance.now(); });"""


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


STARTS = {"normal": "window.LUDOTHEK_SNAPSHOT = 'never';", "snapshot": "window.LUDOTHEK_SNAPSHOT = 'fetch';", "shipped": "", "bare": "", "pyscript": ""}
BARE = ROOT / "bench" / "bare"
PATHS = {"bare": "bench/bare/pyodide.html", "pyscript": "bench/bare/pyscript.html"}
# Pages that are not the app: they say nothing of how Python started.
NOT_THE_APP = {"bare", "pyscript"}


class BareToo(CountingHandler):
    """The site with the hook, and the bare pages (bench/bare/, with the bare PyScript page's
    configuration) under /bench/bare/, hooked too;
    they load the runtime from the site's assets/vendor/ (the very same files as the app)."""

    def translate_path(self, path):
        clean = path.split("?", 1)[0].split("#", 1)[0]
        site_file = super().translate_path(path)
        return pyodide_own_file(clean, site_file) or site_file

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
    if start not in NOT_THE_APP and start != "shipped":
        taken = tab.evaluate("document.documentElement.dataset.start")
        if taken != start:
            raise RuntimeError(f"asked for the {start} start, the page took the {taken} one")
    return ready


def installed_ms(tab) -> float:
    return float(tab.wait_for("window.__installedAt", what="the service worker installed and active"))


def start_ms(browser, server: HookedServer, url: str, start: str, warm: bool = False, until: str = "ready", quota: CpuQuota | None = None) -> dict:
    """The cold start in a fresh profile: its ready time, the bytes sent until then (`until`
    "ready") or until the service worker is installed and active ("installed": a whole first
    visit) with the server's answers, and, with `warm`, a reload's start in the same profile.
    With `quota`, the engine's browser must be in its group (the processes there are counted; per
    thread, the threads that ran and were held back until ready)."""
    server.clear()
    before = quota.snapshot() if quota else {}
    tab = browser.open(url)
    try:
        row: dict = {"cold": ready_ms(tab, start)}
        if quota:
            if quota.per_thread:
                row |= {f"quota_{key}": value for key, value in quota.activity(before, quota.snapshot()).items()}
            row["quota_processes"] = len(quota.processes())
            if not row["quota_processes"]:
                raise RuntimeError(f"--cpu-quota: no process of {browser.name} is in the cgroup {quota.path} (its wrapper was not used)")
        if until == "installed":
            row["installed"] = installed_ms(tab)
        row["answers"] = server.answers()
        row["sent"] = sum(size for _, _, size in row["answers"])
        # What the server sent before the page set its ready flag (on the page's clock, the same
        # machine's): without what the page fetches at that moment for later (the package's
        # second zip), which "sent" counts until the driver sees the flag.
        ready_at = float(tab.evaluate("(performance.timeOrigin + window.__readyAt) / 1000"))
        row["sent_before_ready"] = sum(size for _, _, size in server.answered_before(ready_at))
        if warm:
            tab.reload()
            row["warm"] = ready_ms(tab, start)
        return row
    finally:
        tab.close()


def twice(answers: list) -> dict[str, list[int]]:
    """Each path the server answered with a body (status 200) more than once: the bodies' bytes."""
    bodies: dict[str, list[int]] = {}
    for path, status, size in answers:
        if status == 200:
            bodies.setdefault(path, []).append(size)
    return {path: sizes for path, sizes in bodies.items() if len(sizes) > 1}


def with_executable(playwright, executable: str):
    """Playwright as engine_drivers' Chromium uses it (`playwright.chromium.launch(...)`), starting
    `executable` (the quota's wrapper) in Chromium's place."""

    def launch_chromium(**options):
        return playwright.chromium.launch(**{**options, "executable_path": executable})

    return types.SimpleNamespace(chromium=types.SimpleNamespace(launch=launch_chromium))


def launch_under(name: str, playwright, quota: CpuQuota | None):
    """The engine's driver, its browser started in the quota's group when there is one (Firefox's
    driver reads FIREFOX when it starts; WebKit's reads MINIBROWSER at every tab: run() restores
    them)."""
    if quota is None:
        return launch(name, playwright)
    if name == "chromium":
        return launch(name, with_executable(playwright, quota.wrap(engine_drivers.CHROMIUM)))
    if name == "firefox":
        engine_drivers.FIREFOX = quota.wrap(engine_drivers.FIREFOX)
    elif name == "webkit":
        engine_drivers.MINIBROWSER = quota.wrap(engine_drivers.MINIBROWSER)
    return launch(name, playwright)


def run(
    engines: list[str],
    runs: int,
    starts: list[str] | None = None,
    warm: bool = False,
    until: str = "ready",
    sites: dict[str, Path] | None = None,
    cpu_quota: float | None = None,
    per_thread: bool = False,
) -> dict:
    """Each engine, start and site (`sites`: a label for each published site to serve; by default
    dist/ alone) started `runs` times, interleaved. `cpu_quota`: each engine's browser under that
    share of one CPU (a cgroup of its own; raises QuotaUnavailable if none can be made); with
    `per_thread`, each of its threads under that share on its own."""
    starts = starts or ["normal"]
    sites = sites or {"": SITE}
    variants = [(start, label) for label in sites for start in starts]
    servers = {(start, label): HookedServer(root=sites[label], hook=STARTS[start] + "\n" + READY_RECORDER, handler=BareToo) for start, label in variants}
    result: dict = {"runs": runs, "until": until, "sites": {label: str(path) for label, path in sites.items()}, "load_before": load_average(), "engines": {}}
    started = {}
    playwright = None
    quotas: dict[str, CpuQuota] = {}
    executables = {"FIREFOX": engine_drivers.FIREFOX, "MINIBROWSER": engine_drivers.MINIBROWSER}
    try:
        # One group per engine: the engines wait their turn side by side, and an idle one's
        # background work must not eat into the budget of the one being timed.
        for name in engines if cpu_quota else ():
            quotas[name] = CpuQuota(cpu_quota, name=f"ludothek-bench-{name}", per_thread=per_thread)
            quotas[name].create()
        if "chromium" in engines:
            from playwright.sync_api import sync_playwright

            playwright = sync_playwright().start()
        for name in engines:
            started[name] = launch_under(name, playwright, quotas.get(name))
        keys = [(name, start, label) for name in engines for start, label in variants]
        rows: dict[tuple[str, str, str], list[dict]] = {key: [] for key in keys}
        encodings: dict[str, list[str]] = {}
        for round_ in range(runs):
            order = keys[round_ % len(keys) :] + keys[: round_ % len(keys)]
            for name, start, label in order:
                server = servers[start, label]
                row = start_ms(started[name], server, server.url + PATHS.get(start, ""), start, warm, until, quotas.get(name))
                rows[name, start, label].append(row)
                encodings[name] = sorted(server.server.encodings)
                print(
                    f"round {round_ + 1}: {name} {start} {label} {row['cold'] / 1000:.2f} s, installed {row.get('installed')}, warm {row.get('warm')}, "
                    f"{row['sent']:,} bytes, twice {twice(row['answers'])} (load {load_average()})",
                    file=sys.stderr,
                    flush=True,
                )
        for name, start, label in keys:
            done = rows[name, start, label]
            times = [one["cold"] for one in done]
            row = {
                "version": started[name].version,
                "median_ms": round(statistics.median(times)),
                "min_ms": round(min(times)),
                "max_ms": round(max(times)),
                "ms": [round(t) for t in times],
                "bytes_median": round(statistics.median(one["sent"] for one in done)),
                "bytes_before_ready_median": round(statistics.median(one["sent_before_ready"] for one in done)),
                "accept_encoding": encodings.get(name, []),
                "answers": [one["answers"] for one in done],
                "twice": [twice(one["answers"]) for one in done],
            }
            if any("installed" in one for one in done):
                row["installed_median_ms"] = round(statistics.median(one["installed"] for one in done))
                row["installed_ms"] = [round(one["installed"]) for one in done]
            if any("warm" in one for one in done):
                row["warm_median_ms"] = round(statistics.median(one["warm"] for one in done))
                row["warm_ms"] = [round(one["warm"]) for one in done]
            if any("quota_processes" in one for one in done):
                row["quota_processes"] = [one["quota_processes"] for one in done]
            for key in ("quota_throttled_share", "quota_threads_ran", "quota_threads_held_back", "quota_threads_running_mean", "quota_threads_held_back_mean"):
                if any(key in one for one in done):
                    row[key] = [one.get(key) for one in done]
            result["engines"][", ".join(part for part in (name, "" if start == "normal" else start, label) if part)] = row
        if quotas:
            result["cpu_quota"] = {name: quota.record() for name, quota in quotas.items()}
    finally:
        try:
            for browser in started.values():
                browser.quit()
            if playwright is not None:
                playwright.stop()
            for server in servers.values():
                server.stop()
        finally:
            engine_drivers.FIREFOX, engine_drivers.MINIBROWSER = executables["FIREFOX"], executables["MINIBROWSER"]
            for quota in quotas.values():  # once the browsers are closed
                quota.remove()
    result["load_after"] = load_average()
    result["when"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return result


def markdown(result: dict, files: bool = False) -> str:
    until = "installed" if result.get("until") == "installed" else "ready"
    quota = next(iter(result.get("cpu_quota", {}).values()), None)
    under = f", each browser under a CPU quota of {quota['fraction_of_one_cpu']:g} of one CPU ({quota['period_us'] / 1000:g} ms period)" if quota else ""
    if quota and quota.get("per_thread"):
        made = ", ".join(f"{name} {one['thread_groups_made']}" for name, one in result["cpu_quota"].items())
        under = (
            f", every thread of each browser under a CPU quota of its own, {quota['fraction_of_one_cpu']:g} of one CPU "
            f"({quota['period_us'] / 1000:g} ms period; thread groups made: {made})"
        )
    lines = [
        f"Cold start to ready{under}, median of {result['runs']} interleaved runs ({result['when']}, load average "
        f"{result['load_before']} before, {result['load_after']} after):",
        "",
        f"| engine | version | median s | min s | max s | warm median s | installed median s | bytes sent until {until}, cold | bytes sent before ready, cold | Accept-Encoding |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, row in result["engines"].items():
        warm = f"{row['warm_median_ms'] / 1000:.2f}" if "warm_median_ms" in row else ""
        installed = f"{row['installed_median_ms'] / 1000:.1f}" if "installed_median_ms" in row else ""
        lines.append(
            f"| {name} | {row['version']} | {row['median_ms'] / 1000:.1f} | {row['min_ms'] / 1000:.1f} | {row['max_ms'] / 1000:.1f} | {warm} | {installed} "
            f"| {row['bytes_median']:,} | {row['bytes_before_ready_median']:,} | {'; '.join(row['accept_encoding'])} |"
        )
    if files:
        lines += ["", "Files answered with a body more than once in one run (path: the bodies' bytes):", ""]
        for name, row in result["engines"].items():
            for index, found in enumerate(row["twice"]):
                listed = ", ".join(f"{path} {'+'.join(f'{size:,}' for size in sizes)}" for path, sizes in sorted(found.items())) or "none"
                lines.append(f"- {name}, run {index + 1}: {listed}")
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engines", default=",".join(ENGINES), help="a comma-separated subset of " + ",".join(ENGINES))
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is (no rebuild first)")
    parser.add_argument("--starts", default="normal", help="comma-separated: normal, snapshot, shipped, bare, pyscript")
    parser.add_argument("--warm", action="store_true", help="also a reload in each profile once ready")
    parser.add_argument(
        "--until", choices=("ready", "installed"), default="ready", help="count the bytes until the ready flag or until the service worker is installed"
    )
    parser.add_argument("--files", action="store_true", help="list the files answered with a body more than once")
    parser.add_argument("--cpu-quota", type=float, help="each browser's share of one CPU (a cgroup; needs root): 0.25 is a single core 4x slower; default none")
    parser.add_argument(
        "--cpu-quota-per-thread",
        action="store_true",
        help="--cpu-quota for each thread of the browser on its own: each thread as if on its own slow core (cgroup v1)",
    )
    parser.add_argument(
        "--compare", type=Path, help="another build's published site (a copy of its dist/), started beside dist/ in every round, labelled 'before'"
    )
    args = parser.parse_args(argv)
    if args.cpu_quota is not None and args.cpu_quota < 0:
        parser.error("--cpu-quota is a fraction of one CPU: 0.25 for a quarter, 0 for none")
    if args.cpu_quota_per_thread and not args.cpu_quota:
        parser.error("--cpu-quota-per-thread needs --cpu-quota (e.g. 0.25)")
    asked = f"--cpu-quota {args.cpu_quota:g}{' --cpu-quota-per-thread' if args.cpu_quota_per_thread else ''}" if args.cpu_quota else ""
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
    if args.cpu_quota:
        try:  # before the build: a run that cannot have its quota stops at once
            with CpuQuota(args.cpu_quota, per_thread=args.cpu_quota_per_thread):
                pass
        except QuotaUnavailable as error:
            sys.exit(f"engines_startup.py {asked}: {error}")
    if not args.no_build:
        import build  # scripts/build.py (on the path through engine_drivers)

        build.main()
    sites = {"before": args.compare, "after": SITE} if args.compare else None
    try:
        result = run(engines, args.runs, starts, args.warm, args.until, sites, args.cpu_quota or None, args.cpu_quota_per_thread)
    except QuotaUnavailable as error:
        sys.exit(f"engines_startup.py {asked}: {error}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(markdown(result, args.files))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Start-up of the app beside the runtime's own floor, in headless Chromium on localhost (a
benchmark, not a test).

    .venv/bin/python bench/startup.py [--runs 9] [--json results.json] [--page name=path ...]
    .venv/bin/python bench/startup.py --profile phone --only "Ludothek|Ludothek, snapshot" --runs 3
    .venv/bin/python bench/startup.py --profile phone-quota --only "bare Pyodide|Ludothek" --runs 3   # as root
    .venv/bin/python bench/startup.py --profile phone-threads --only "bare Pyodide|Ludothek" --runs 3 # as root

Pages, side by side in one run:
- bare Pyodide: `loadPyodide()` and one line of Python (bench/bare/pyodide.html): the floor;
- bare Pyodide, no JSPI: the same with WebAssembly stack switching hidden from Pyodide, as
  assets/boot.js hides it for the app (a crash workaround, see there); Pyodide then starts
  without it, which changes its start-up time, so this is the floor of the app's configuration;
- bare PyScript: PyScript starts the same runtime and runs one line (bench/bare/pyscript.html);
- Ludothek: the published site (dist/, written by scripts/build.py), as scripts/serve.py serves it:
  precompressed `.br`/`.gz` copies with Content-Encoding, as a static host would; started the
  normal way (the memory snapshot switched off: today's start, and every first visit's);
- Ludothek, snapshot: the same site starting Python from the memory snapshot
  (assets/vendor/pyodide/ludothek.mjs). Cold, the page fetches the snapshot at once (what a first
  visit with the snapshot would cost); warm, it is in the HTTP cache (a returning visitor; the app
  itself finds it in the service worker's cache, which this benchmark blocks).
All three run the same vendored runtime from dist/ (the bare pages' loadPyodide() also fetches
Pyodide's own standard library and its lock file, the index of its packages, beside pyodide.mjs;
the site ships neither, so they are served from node_modules/pyodide). Each page is timed until its own ready flag
(body[data-ready]: set by the app when its first screen is live, by the bare pages after their line
of Python), never by the load event. Cold: a new browser profile (empty HTTP cache); warm: a reload
in that profile (the HTTP cache revalidates with the server, as a returning visitor's does).
Service workers are blocked, so the app's offline cache cannot help it in the comparison, except in
one row, "Ludothek as shipped": the app as a visitor meets it, with its service worker (cold: a first
visit, the normal start; warm: a reload once the worker has precached the site and the snapshot).
Interleaved: each round loads every page once, in an order that rotates round by round, so the
machine's load (other processes) touches every page alike; medians over the rounds.
Bytes: what crossed the wire until ready (compressed transfer sizes from the resource timing of the
page and of its workers: Python's worker fetches the runtime, the standard library and the package).
Long tasks: the longest main-thread task until ready (PerformanceObserver "longtask").
Profiles: "localhost" (this machine as it is), "phone" (Lighthouse's mobile preset through the
DevTools protocol: the CPU slowed 4x, the network at 1.6 Mbit/s down, 750 kbit/s up, 150 ms
round trip), "phone-quota" (the same network; the CPU slowed by a cgroup instead, one budget for the
whole browser) or "phone-threads" (the same network; every thread of the browser slowed on its own).
"phone" slows the CPU with DevTools' throttling (Emulation.setCPUThrottlingRate), which slows only
the page's main thread: the app runs Python in a Web Worker, which it does not reach, so the app's
"phone" time is not a phone's (the bare pages run Python on the main thread and are slowed).
"phone-quota" puts every process of the browser under a CPU quota instead (bench/cpu_quota.py: a
Linux cgroup, 25% of one CPU, a single core 4x slower, over a 10 ms period so the slowdown is
smooth; `--cpu-quota` sets the fraction, also for the other profiles; needs root). The quota slows
every thread of the browser together, on one budget: harsher than a phone with several cores for a
page that uses two threads (the app: its main thread and Python's worker), so the app's time under
it is, if anything, pessimistic beside the bare Pyodide page's (one thread). Only the browser is in
the group (through a wrapper script that joins it and execs Chromium): this benchmark and its HTTP
server are not slowed. The quota is recorded in the results (and in the table's heading), with the
group's cpu.stat and, per load, the share of the quota's periods until ready in which the browser
was held back (near 1: slowed all along) and the number of its processes in the group.
"phone-threads" (or `--cpu-quota-per-thread` with any quota) gives EVERY THREAD of the browser the
quota of its own instead (25% of one CPU each: each thread as if on its own 4x slower core), with
no DevTools throttling: what DevTools does for the main thread alone, for every thread. A phone has
4-8 cores: its page's main thread and Python's worker run side by side, where on the shared budget
they are serialised (a single-core phone), which is unfair to a page that uses a worker beside one
that does everything on its main thread (the bare Pyodide page). bench/cpu_quota.py moves each
thread into a cgroup (v1) of its own, a poller every 20 ms (a new thread shares its creator's quota
until then). This machine has 2 CPUs: at most 8 threads get their 25% at once, and more busy
threads than that contend; each load records how many threads ran and how many were held back by
their quota, and how many were so in an average 10 ms period ("quota_threads_*"); the results keep
the number of thread groups made, the summed cpu.stat and the threads held back most.
The load average is recorded beside each run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

from cpu_quota import CpuQuota, QuotaUnavailable  # noqa: E402
from serving import CountingHandler, CountingServer, pyodide_own_file  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

READY = "body[data-ready]"
LONG_TASKS = """
window.__longTasks = [];
try {
  new PerformanceObserver(list => list.getEntries().forEach(e => window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)])))
    .observe({type: "longtask", buffered: true});
} catch (e) {}
"""
PROFILES = {
    "localhost": None,
    # Lighthouse's mobile preset (simulated slow 4G and a mid-range phone's CPU).
    "phone": {"cpu": 4, "latency": 150, "download": 1.6e6 / 8, "upload": 750e3 / 8},
    # The same network, the CPU slowed for the whole browser by a cgroup's quota (a fraction of one
    # CPU; --cpu-quota): DevTools' throttling does not reach the worker Python runs in.
    "phone-quota": {"latency": 150, "download": 1.6e6 / 8, "upload": 750e3 / 8, "cpu_quota": 0.25},
    # The same network, every thread of the browser under a quota of its own (each thread as if on
    # a core of its own, 4x slower: a phone's several cores, not the single one of phone-quota).
    "phone-threads": {"latency": 150, "download": 1.6e6 / 8, "upload": 750e3 / 8, "cpu_quota": 0.25, "per_thread": True},
}
# The moment the flag is set, as the page saw it (from navigation start). Reading performance.now()
# after Playwright's wait would add its polling delay (it backs off to 500 ms between checks).
READY_RECORDER = """
new MutationObserver((changes, observer) => {
  if (document.body && document.body.dataset.ready) { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]});
"""
BARE = ROOT / "bench" / "bare"
PAGES = {
    "bare Pyodide": "bench/bare/pyodide.html",
    "bare Pyodide, no JSPI": "bench/bare/pyodide-nojspi.html",
    "bare PyScript": "bench/bare/pyscript.html",
    "Ludothek": "",
    "Ludothek, snapshot": "",
    "Ludothek as shipped": "",
}
# The app as a visitor meets it, its service worker at work: cold is a first visit (the normal
# start; the worker then precaches the site and the snapshot), warm a returning visitor (the
# worker serves the files, the start module finds the snapshot in its cache).
WITH_SERVICE_WORKER = {"Ludothek as shipped"}
# How each page starts Python (assets/vendor/pyodide/ludothek.mjs reads it before Pyodide starts).
INIT_SCRIPTS = {
    "Ludothek": "window.LUDOTHEK_SNAPSHOT = 'never';",
    "Ludothek, snapshot": "window.LUDOTHEK_SNAPSHOT = 'fetch';",
}
FLOOR = "bare Pyodide"


def init_script_of(name: str) -> str:
    """A page's start: an extra page (--page) named "..., snapshot" starts from the snapshot, one
    named "..., normal" the normal way, as "Ludothek" does; "..., as shipped" as the site decides."""
    if name in INIT_SCRIPTS:
        return INIT_SCRIPTS[name]
    if name.endswith(", snapshot"):
        return INIT_SCRIPTS["Ludothek, snapshot"]
    return INIT_SCRIPTS["Ludothek"] if name.endswith(", normal") else ""


def with_service_worker(name: str) -> bool:
    """The app as shipped, or an extra page named "..., as shipped": its service worker at work."""
    return name in WITH_SERVICE_WORKER or name.endswith(", as shipped")


class SiteHandler(CountingHandler):
    """dist/ as the site, plus the bare pages under /bench/bare/ (they load the runtime from the
    site's assets/vendor/ by relative paths, so every page fetches the very same files)."""

    # Other sites served beside it, {"/prefix/": folder}: e.g. an earlier version's dist/ (built
    # from a checkout of it) to measure before and after in one interleaved run (--also-serve).
    others: dict[str, Path] = {}

    def translate_path(self, path):
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if clean.startswith("/bench/bare/"):
            return str(BARE / clean.removeprefix("/bench/bare/"))
        own = pyodide_own_file(clean, super().translate_path(path))
        if own:
            return own
        for prefix, folder in self.others.items():
            if clean.startswith(prefix):
                rest = clean.removeprefix(prefix) or "index.html"
                target = folder / rest
                return str(target / "index.html" if target.is_dir() else target)
        return super().translate_path(path)


def load(page, server, url: str, reload: bool = False, quota: CpuQuota | None = None) -> dict:
    server.server.bytes_sent = 0
    before = quota.snapshot() if quota else {}
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    ready = page.evaluate("window.__readyAt ?? performance.now()")
    measured = page.evaluate(
        """ready => {
        const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
            .filter(e => e.responseEnd <= ready);
        const mark = name => { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : null; };
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return {
            transfer: entries.reduce((sum, e) => sum + e.transferSize, 0),
            decoded: entries.reduce((sum, e) => sum + e.decodedBodySize, 0),
            requests: entries.length,
            files: entries.map(e => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseEnd), e.transferSize]),
            fcp: fcp ? fcp.startTime : null,
            python: mark('ludothek:python'), imported: mark('ludothek:imported'), app_ready: mark('ludothek:ready'),
            start: document.documentElement.dataset.start || null,
            long_tasks: (window.__longTasks || []).filter(t => t[0] <= ready),
        };
    }""",
        ready,
    )
    add_worker_files(page, measured, ready)
    measured["longest_task_ms"] = max((duration for _, duration in measured["long_tasks"]), default=0)
    if quota:
        # The share of the quota's periods, until ready (a little after: the driver's polling), in
        # which the browser used up its quota and was held back (near 1: it was slowed all along),
        # and how many of its processes were in the group. Per thread: the threads' periods, and
        # how many threads ran and were held back (in all, and in an average period).
        activity = quota.activity(before, quota.snapshot())
        measured["quota_throttled_share"] = activity.pop("throttled_share")
        measured["quota_processes"] = len(quota.processes())
        measured |= {f"quota_{key}": value for key, value in activity.items()}
    return {"ready_ms": ready, **measured, "served": server.server.bytes_sent, "load_average": os.getloadavg()[0]}


WORKER_FILES = """() => ({origin: performance.timeOrigin, entries: performance.getEntriesByType('resource')
    .map(e => [e.name.replace(location.origin, ''), e.startTime, e.responseEnd, e.transferSize, e.decodedBodySize])})"""


def add_worker_files(page, measured: dict, ready: float) -> None:
    """The files the page's workers (Python's) fetched until ready, on the page's clock, counted
    with the page's own: the runtime, the standard library and the package are the worker's
    requests, which the page's resource timing does not list."""
    page_origin = page.evaluate("performance.timeOrigin")
    for worker in page.workers:
        try:
            found = worker.evaluate(WORKER_FILES)
        except Exception:  # noqa: BLE001 - a worker that has gone away: nothing of it to count
            continue
        offset = found["origin"] - page_origin
        for name, start, end, transfer, decoded in found["entries"]:
            if name.startswith("blob:") or end + offset > ready:
                continue
            measured["transfer"] += transfer
            measured["decoded"] += decoded
            measured["requests"] += 1
            measured["files"].append([name, round(start + offset), round(end + offset), transfer])


def throttle(page, profile: dict | None) -> None:
    if not profile:
        return
    cdp = page.context.new_cdp_session(page)
    if profile.get("cpu"):
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": profile["latency"], "downloadThroughput": profile["download"], "uploadThroughput": profile["upload"]},
    )


PRECACHED = r"""async () => {
    // The install ends once the snapshot is in Cache Storage and written as a file (sw.js).
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration || !registration.active || registration.installing || registration.waiting) return false;
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const urls = (await cache.keys()).map(request => request.url);
        // ... and the next start has been rehearsed (boot.js), as it has when a visitor comes back
        // later (an earlier build, compared with this one, has no rehearsal).
        if (urls.some(url => /snapshot\.[0-9a-f]+\.bin$/.test(url))) return !urls.some(url => url.endsWith("/rehearse.mjs")) || !!document.body.dataset.rehearsed;
    }
    return false;
}"""


def wait_until_precached(page, timeout_s: float = 300) -> None:
    deadline = time.time() + timeout_s
    while not page.evaluate(PRECACHED):
        if time.time() > deadline:
            raise TimeoutError("the service worker never precached the memory snapshot")
        time.sleep(0.5)


def measure_page(
    playwright,
    server,
    url: str,
    results: dict,
    init_script: str = "",
    profile: dict | None = None,
    service_worker: bool = False,
    quota: CpuQuota | None = None,
) -> None:
    """A new profile: a cold load, then a warm reload (with the service worker: once it has
    precached the snapshot, as it has for a visitor who comes back later). With `quota`, the
    browser runs in its cgroup."""
    with tempfile.TemporaryDirectory() as folder:
        context = playwright.chromium.launch_persistent_context(
            folder,
            executable_path=quota.wrap(CHROMIUM) if quota else CHROMIUM,
            args=CHROMIUM_ARGS,
            service_workers="allow" if service_worker else "block",
        )
        try:
            context.add_init_script(READY_RECORDER + LONG_TASKS + init_script)
            page = context.pages[0] if context.pages else context.new_page()
            throttle(page, profile)
            results["cold"].append(load(page, server, url, quota=quota))
            if service_worker:
                wait_until_precached(page)
            # A visitor comes back later: what the browser does in the background after a visit
            # (writing the compiled code it keeps) is done by then, for every page alike.
            page.wait_for_timeout(RETURN_AFTER_MS)
            results["warm"].append(load(page, server, url, reload=True, quota=quota))
        finally:
            context.close()


RETURN_AFTER_MS = 2000

PLAY_RECORDER = "document.addEventListener('click', () => { window.__playAt ??= performance.now(); }, true);"


def embed_play(page, url: str, reload: bool = False) -> dict:
    if reload:
        page.reload(wait_until="load")
    else:
        page.goto(url, wait_until="load")
    page.get_by_role("button", name="Play").click()
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    times = page.evaluate("[window.__playAt, window.__readyAt ?? performance.now(), document.documentElement.dataset.start]")
    return {"live_ms": times[1] - times[0], "start": times[2], "load_average": os.getloadavg()[0]}


def measure_embed(playwright, url: str, results: dict, init_script: str = "") -> None:
    """A reader's first Play on a board (a new profile), then the same reader's Play on a later
    visit (the HTTP cache as the first visit left it: with the snapshot once it was fetched)."""
    with tempfile.TemporaryDirectory() as folder:
        context = playwright.chromium.launch_persistent_context(folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="block")
        try:
            context.add_init_script(READY_RECORDER + PLAY_RECORDER + init_script)
            page = context.pages[0] if context.pages else context.new_page()
            results["first"].append(embed_play(page, url))
            # The snapshot comes in the background once the board is live: let it arrive.
            page.wait_for_function(
                "performance.getEntriesByType('resource').some(e => /snapshot\\.[0-9a-f]+\\.bin/.test(e.name) && e.responseEnd > 0)"
                " || document.documentElement.dataset.start !== 'normal' || window.LUDOTHEK_SNAPSHOT === 'never'",
                timeout=120_000,
            )
            page.wait_for_timeout(500)
            results["returning"].append(embed_play(page, url, reload=True))
        finally:
            context.close()


def embed_result(runs: int, build_first: bool = True) -> dict:
    """Play to a live board in an embed (Momentum, the Share dialog's snippet), today's start
    against the snapshot's: interleaved, medians."""
    import html as html_text
    import re

    from blog import snippet

    if build_first:
        import build

        build.main()
    server = CountingServer(ROOT / "dist", handler=SiteHandler)
    src = html_text.unescape(re.search(r'src="([^"]*)"', snippet("momentum", server.url)).group(1))
    variants = {"embed today (no snapshot)": "window.LUDOTHEK_SNAPSHOT = 'never';", "embed with the snapshot": ""}
    results = {name: {"first": [], "returning": []} for name in variants}
    try:
        with sync_playwright() as playwright:
            names = list(variants)
            for round_number in range(runs):
                for name in names[round_number % 2 :] + names[: round_number % 2]:
                    measure_embed(playwright, src, results[name], variants[name])
    finally:
        server.stop()
    return {
        name: {
            kind: {
                "live_ms": median(r["live_ms"] for r in items),
                "all_ms": [round(r["live_ms"]) for r in items],
                "starts": sorted({str(r["start"]) for r in items}),
                "load_average": round(statistics.mean(r["load_average"] for r in items), 1),
            }
            for kind, items in result.items()
        }
        for name, result in results.items()
    }


LIGHTHOUSE = ROOT / ".cache" / "lighthouse"
LIGHTHOUSE_PAUSE_MS = 15_000


def lighthouse_result(sites: dict[str, str], runs: int = 1) -> dict:
    """Lighthouse's mobile run (its default: a simulated mid-range phone on slow 4G) on each site,
    `sites` = {name: path on the server}; installs the npm package `lighthouse` into .cache/ the
    first time (the tests never need it). Performance score, total blocking time, time to
    interactive and first contentful paint; medians over the runs, interleaved."""
    import subprocess

    binary = LIGHTHOUSE / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        subprocess.run(["npm", "install", "--prefix", str(LIGHTHOUSE), "--no-audit", "--no-fund", "--loglevel=error", "lighthouse"], check=True)
    server = CountingServer(ROOT / "dist", handler=SiteHandler)
    found: dict[str, list[dict]] = {name: [] for name in sites}
    try:
        for _ in range(runs):
            for name, path in sites.items():
                data = None
                for _attempt in range(2):  # a busy machine makes Lighthouse's protocol calls time out now and then
                    with tempfile.TemporaryDirectory() as folder:
                        report = Path(folder) / "report.json"
                        # Lighthouse stops watching soon after the load event, long before Python is
                        # up: it keeps measuring for LIGHTHOUSE_PAUSE_MS more, so the score covers the
                        # whole start (on localhost the app is ready within a few seconds).
                        config = Path(folder) / "config.json"
                        config.write_text(json.dumps({"extends": "lighthouse:default", "settings": {"pauseAfterLoadMs": LIGHTHOUSE_PAUSE_MS}}))
                        finished = subprocess.run(
                            [
                                str(binary),
                                server.url + path,
                                f"--config-path={config}",
                                "--only-categories=performance",
                                "--output=json",
                                f"--output-path={report}",
                                "--quiet",
                                "--max-wait-for-load=180000",
                                "--chrome-flags=--headless=new " + " ".join(CHROMIUM_ARGS),
                            ],
                            env={**os.environ, "CHROME_PATH": CHROMIUM},
                            timeout=900,
                        )
                        if finished.returncode == 0:
                            data = json.loads(report.read_text())
                            break
                if data is None:
                    continue
                audits = data["audits"]
                found[name].append(
                    {
                        "performance": round(100 * (data["categories"]["performance"]["score"] or 0)),
                        "tbt_ms": audits["total-blocking-time"]["numericValue"],
                        "tti_ms": audits["interactive"]["numericValue"],
                        "fcp_ms": audits["first-contentful-paint"]["numericValue"],
                        "lcp_ms": audits["largest-contentful-paint"]["numericValue"],
                        "load_average": os.getloadavg()[0],
                        # What the blocking time is made of: each long task Lighthouse saw, at its
                        # simulated phone's speed, with the script it charges the task to.
                        "long_tasks": [
                            (round(task["startTime"]), round(task["duration"]), task.get("url", ""))
                            for task in audits.get("long-tasks", {}).get("details", {}).get("items", [])
                        ],
                    }
                )
    finally:
        server.stop()
    return {
        name: ({key: median(r[key] for r in items) for key in items[0] if key != "long_tasks"} if items else {}) | {"runs": items}
        for name, items in found.items()
    }


def median(values):
    values = [v for v in values if v is not None]
    return round(statistics.median(values)) if values else None


def summarise(results: dict) -> dict:
    summary = {}
    for kind in ("cold", "warm"):
        items = results[kind]
        summary[kind] = {
            "ready_ms": median(r["ready_ms"] for r in items),
            "all_ms": [round(r["ready_ms"]) for r in items],
            "fcp_ms": median(r["fcp"] for r in items),
            "transfer_bytes": median(r["transfer"] for r in items),
            "decoded_bytes": median(r["decoded"] for r in items),
            "requests": median(r["requests"] for r in items),
            "longest_task_ms": median(r["longest_task_ms"] for r in items),
            "longest_task_max_ms": max(r["longest_task_ms"] for r in items),
            "starts": sorted({str(r.get("start")) for r in items}),
            "load_average": round(statistics.mean(r["load_average"] for r in items), 1),
        }
        if any("quota_processes" in r for r in items):
            shares = [r["quota_throttled_share"] for r in items if r.get("quota_throttled_share") is not None]
            summary[kind]["quota_throttled_share"] = round(statistics.median(shares), 3) if shares else None
            summary[kind]["quota_processes"] = median(r.get("quota_processes") for r in items)
        for key in ("quota_threads_ran", "quota_threads_held_back", "quota_threads_running_mean", "quota_threads_held_back_mean"):
            if any(key in r for r in items):
                values = [r[key] for r in items if r.get(key) is not None]
                summary[kind][key] = round(statistics.median(values), 2) if values else None
        if all(r.get(mark) is not None for r in items for mark in ("python", "imported", "app_ready")):
            summary[kind].update(
                {
                    "python_starts_ms": median(r["python"] for r in items),
                    "imports_ms": median(r["imported"] - r["python"] for r in items),
                    "first_screen_ms": median(r["app_ready"] - r["imported"] for r in items),
                }
            )
    summary["cold_files"] = results["cold"][-1]["files"]
    return summary


def cpu_quota_of(profile: str, cpu_quota: float | None = None) -> float | None:
    """The CPU quota a run takes: `cpu_quota` if given (0: none), else the profile's."""
    if cpu_quota is None:
        cpu_quota = (PROFILES[profile] or {}).get("cpu_quota")
    return cpu_quota or None


def per_thread_of(profile: str, per_thread: bool = False) -> bool:
    """Does the quota apply to each thread on its own (`per_thread`, or the profile's: phone-threads)?"""
    return bool(per_thread or (PROFILES[profile] or {}).get("per_thread"))


def main_result(
    runs: int = 9,
    pages: dict | None = None,
    build_first: bool = True,
    profile: str = "localhost",
    cpu_quota: float | None = None,
    per_thread: bool = False,
) -> dict:
    """`cpu_quota`: the browser's share of one CPU (a cgroup, bench/cpu_quota.py); by default the
    profile's ("phone-quota", "phone-threads": 0.25), 0 for none; `per_thread` (or the profile's,
    "phone-threads"): that share for each thread of the browser on its own. Raises QuotaUnavailable
    if no group can be made."""
    fraction = cpu_quota_of(profile, cpu_quota)
    # The group first of all (before the build, which it does not slow): a run that cannot have its
    # quota stops at once. It is removed last, once the browsers are closed, errors or not.
    with CpuQuota(fraction, per_thread=per_thread_of(profile, per_thread)) if fraction else contextlib.nullcontext() as quota:
        if build_first:
            import build

            build.main()
        pages = dict(pages or PAGES)
        server = CountingServer(ROOT / "dist", handler=SiteHandler)
        results = {name: {"cold": [], "warm": []} for name in pages}
        load_averages = [os.getloadavg()[0]]
        started = time.time()
        try:
            with sync_playwright() as playwright:
                names = list(pages)
                for round_number in range(runs):
                    shift = round_number % len(names)
                    for name in names[shift:] + names[:shift]:
                        measure_page(
                            playwright,
                            server,
                            server.url + pages[name],
                            results[name],
                            init_script_of(name),
                            PROFILES[profile],
                            service_worker=with_service_worker(name),
                            quota=quota,
                        )
                    load_averages.append(os.getloadavg()[0])
        finally:
            server.stop()
        quota_record = quota.record() if quota else None
    summary = {name: summarise(results[name]) for name in pages}
    floor = summary.get(FLOOR)
    ratios = {}
    if floor:
        for name in pages:
            ratios[name] = {kind: round(summary[name][kind]["ready_ms"] / floor[kind]["ready_ms"], 3) for kind in ("cold", "warm")}
    return {
        "runs": runs,
        "profile": profile,
        "cpu_quota": quota_record,
        "pages": summary,
        "ratios": ratios,
        "seconds": round(time.time() - started),
        "load_average": {"min": min(load_averages), "max": max(load_averages), "mean": round(statistics.mean(load_averages), 2)},
    }


def markdown(result: dict, measured: str = "") -> str:
    pages = result["pages"]
    rows = []
    for name, summary in pages.items():
        ratio = result["ratios"].get(name, {})
        rows.append(
            f"| {name} | {summary['cold']['ready_ms']} | {ratio.get('cold', '')} | {summary['warm']['ready_ms']} | "
            f"{ratio.get('warm', '')} | {summary['cold']['transfer_bytes']:,} | {summary['cold']['decoded_bytes']:,} | "
            f"{summary['cold']['requests']} | {summary['cold']['longest_task_ms']} / {summary['warm']['longest_task_ms']} | "
            f"{summary['cold']['load_average']} / {summary['warm']['load_average']} |"
        )
    load = result["load_average"]
    quota = result.get("cpu_quota")
    profile = result.get("profile", "localhost")
    threads = ""
    if quota and quota.get("per_thread"):
        profile += (
            f", every thread of the browser under a CPU quota of its own, {quota['fraction_of_one_cpu']:g} of one CPU "
            f"({quota['period_us'] / 1000:g} ms period; {quota['thread_groups_made']} thread groups made)"
        )
        busy = [
            f"{name}: {cold.get('quota_threads_ran')} threads ran, {cold.get('quota_threads_held_back')} held back by their quota; "
            f"in an average period {cold.get('quota_threads_running_mean')} ran, {cold.get('quota_threads_held_back_mean')} held back"
            for name, cold in ((name, summary["cold"]) for name, summary in pages.items())
        ]
        threads = (
            f"\n\nPer-thread quota, each cold load until ready (medians): {'; '.join(busy)} "
            f"(this machine: {quota.get('cpus')} CPUs, room for {quota.get('threads_at_quota_at_once')} threads at their quota at once)."
        )
    elif quota:
        profile += (
            f", the browser under a CPU quota of {quota['fraction_of_one_cpu']:g} of one CPU ({quota['period_us'] / 1000:g} ms period, shared by its threads)"
        )
    elif (PROFILES.get(profile) or {}).get("cpu_quota"):
        profile += ", without its CPU quota"
    return (
        f"## Start-up (headless Chromium, {profile}, median of {result['runs']} interleaved rounds; {measured}; "
        f"load average {load['min']:.1f}-{load['max']:.1f} during the run)\n\n"
        "| page | cold ready ms | cold / bare Pyodide | warm ready ms | warm / bare Pyodide | cold bytes over the wire | "
        "cold bytes unpacked | requests | longest task ms cold / warm | load average cold / warm |\n"
        "|---|---|---|---|---|---|---|---|---|---|\n" + "\n".join(rows) + threads
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--lighthouse", action="store_true", help="Lighthouse mobile on the site (and on each --also-serve site, e.g. an earlier dist/)")
    parser.add_argument("--embed", action="store_true", help="measure an embed's Play to live board instead (first and returning reader)")
    parser.add_argument(
        "--profile",
        choices=sorted(PROFILES),
        default="localhost",
        help="phone: 1.6 Mbit/s, 150 ms, the main thread 4x slower (DevTools); phone-quota: the same network, the whole browser under --cpu-quota; "
        "phone-threads: the same network, each thread of the browser under --cpu-quota",
    )
    parser.add_argument(
        "--cpu-quota",
        type=float,
        help="the whole browser's share of one CPU (a cgroup; needs root): 0.25 is a single core 4x slower; default 0.25 with phone-quota, 0 none",
    )
    parser.add_argument(
        "--cpu-quota-per-thread",
        action="store_true",
        help="the quota (--cpu-quota, or the profile's) for each thread of the browser on its own: each thread as if on its own slow core (cgroup v1)",
    )
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--page", action="append", default=[], help="an extra page, name=path under dist/ (e.g. a variant of index.html to compare)")
    parser.add_argument("--only", help="page names to measure, separated by | (default: all)")
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    parser.add_argument("--also-serve", action="append", default=[], help="/prefix/=folder: serve another site there too (e.g. an earlier version's dist/)")
    args = parser.parse_args(argv)
    if args.cpu_quota is not None and args.cpu_quota < 0:
        parser.error("--cpu-quota is a fraction of one CPU: 0.25 for a quarter, 0 for none")
    if cpu_quota_of(args.profile, args.cpu_quota) and (args.lighthouse or args.embed):
        parser.error("--cpu-quota (and --profile phone-quota, phone-threads) is for the start-up table, not --lighthouse or --embed")
    if args.cpu_quota_per_thread and not cpu_quota_of(args.profile, args.cpu_quota):
        parser.error("--cpu-quota-per-thread needs a quota: --cpu-quota, or a profile with one (phone-quota, phone-threads)")
    for item in args.also_serve:
        prefix, _, folder = item.partition("=")
        SiteHandler.others[prefix] = Path(folder).resolve()
    pages = dict(PAGES)
    for item in args.page:
        name, _, path = item.partition("=")
        pages[name] = path
    if args.only:
        # Names are separated by "|" (a name may hold a comma: "Ludothek, snapshot").
        wanted = args.only.split("|")
        pages = {name: path for name, path in pages.items() if name in wanted}
    if args.lighthouse:
        sites = {"after": ""}
        for item in args.also_serve:
            sites[item.partition("=")[0].strip("/")] = item.partition("=")[0].lstrip("/")
        result = lighthouse_result(sites, args.runs)
        print(json.dumps(result, indent=2))
        if args.json:
            Path(args.json).write_text(json.dumps(result, indent=2))
        return
    if args.embed:
        embeds = embed_result(args.runs, build_first=not args.no_build)
        print(json.dumps(embeds, indent=2))
        if args.json:
            Path(args.json).write_text(json.dumps(embeds, indent=2))
        return
    try:
        result = main_result(
            args.runs, pages, build_first=not args.no_build, profile=args.profile, cpu_quota=args.cpu_quota, per_thread=args.cpu_quota_per_thread
        )
    except QuotaUnavailable as error:
        asked = f"--cpu-quota {args.cpu_quota:g}" if args.cpu_quota else f"--profile {args.profile}"
        asked += " --cpu-quota-per-thread" if args.cpu_quota_per_thread else ""
        sys.exit(f"startup.py {asked}: {error}")
    files = {name: summary.pop("cold_files") for name, summary in result["pages"].items()}
    print(json.dumps(result, indent=2))
    print(markdown(result, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())))
    if args.json:
        Path(args.json).write_text(json.dumps({**result, "cold_files": files}, indent=2))


if __name__ == "__main__":
    main()

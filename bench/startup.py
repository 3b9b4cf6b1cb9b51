#!/usr/bin/env python3
"""Start-up of the app beside the runtime's own floor, in headless Chromium on localhost (a
benchmark, not a test).

    .venv/bin/python bench/startup.py [--runs 5] [--json results.json] [--page name=path ...]

Pages, side by side in one run:
- bare Pyodide: `loadPyodide()` and one line of Python (bench/bare/pyodide.html): the floor;
- bare Pyodide, no JSPI: the same with WebAssembly stack switching hidden from Pyodide, as
  assets/boot.js hides it for the app (a crash workaround, see there); Pyodide then starts
  without it, which changes its start-up time, so this is the floor of the app's configuration;
- bare PyScript: PyScript starts the same runtime and runs one line (bench/bare/pyscript.html);
- Ludothek: the published site (dist/, written by scripts/build.py), as scripts/serve.py serves it:
  precompressed `.br`/`.gz` copies with Content-Encoding, as a static host would.
All three run the same vendored runtime from dist/. Each page is timed until its own ready flag
(body[data-ready]: set by the app when its first screen is live, by the bare pages after their line
of Python), never by the load event. Cold: a new browser profile (empty HTTP cache); warm: a reload
in that profile (the HTTP cache revalidates with the server, as a returning visitor's does).
Service workers are blocked, so the app's offline cache cannot help it in the comparison.
Interleaved: each round loads every page once, in an order that rotates round by round, so the
machine's load (other processes) touches every page alike; medians over the rounds.
Bytes: what crossed the wire until ready (compressed transfer sizes from the page's resource timing).
"""

from __future__ import annotations

import argparse
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

from serving import CountingHandler, CountingServer  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

READY = "body[data-ready]"
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
}
FLOOR = "bare Pyodide"


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
        for prefix, folder in self.others.items():
            if clean.startswith(prefix):
                rest = clean.removeprefix(prefix) or "index.html"
                target = folder / rest
                return str(target / "index.html" if target.is_dir() else target)
        return super().translate_path(path)


def load(page, server, url: str, reload: bool = False) -> dict:
    server.server.bytes_sent = 0
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
        };
    }""",
        ready,
    )
    return {"ready_ms": ready, **measured, "served": server.server.bytes_sent}


def measure_page(playwright, server, url: str, results: dict) -> None:
    """A new profile: a cold load, then a warm reload."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="block")
        try:
            context.add_init_script(READY_RECORDER)
            page = context.pages[0] if context.pages else context.new_page()
            results["cold"].append(load(page, server, url))
            results["warm"].append(load(page, server, url, reload=True))
        finally:
            context.close()


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
        }
        if all(r.get("python") is not None for r in items):
            summary[kind].update(
                {
                    "python_starts_ms": median(r["python"] for r in items),
                    "imports_ms": median(r["imported"] - r["python"] for r in items),
                    "first_screen_ms": median(r["app_ready"] - r["imported"] for r in items),
                }
            )
    summary["cold_files"] = results["cold"][-1]["files"]
    return summary


def main_result(runs: int = 5, pages: dict | None = None, build_first: bool = True) -> dict:
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
                    measure_page(playwright, server, server.url + pages[name], results[name])
                load_averages.append(os.getloadavg()[0])
    finally:
        server.stop()
    summary = {name: summarise(results[name]) for name in pages}
    floor = summary.get(FLOOR)
    ratios = {}
    if floor:
        for name in pages:
            ratios[name] = {kind: round(summary[name][kind]["ready_ms"] / floor[kind]["ready_ms"], 3) for kind in ("cold", "warm")}
    return {
        "runs": runs,
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
            f"{summary['cold']['requests']} |"
        )
    load = result["load_average"]
    return (
        f"## Start-up (headless Chromium, localhost, median of {result['runs']} interleaved rounds; {measured}; "
        f"load average {load['min']:.1f}-{load['max']:.1f} during the run)\n\n"
        "| page | cold ready ms | cold / bare Pyodide | warm ready ms | warm / bare Pyodide | cold bytes over the wire | "
        "cold bytes unpacked | requests |\n|---|---|---|---|---|---|---|---|\n" + "\n".join(rows)
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--page", action="append", default=[], help="an extra page, name=path under dist/ (e.g. a variant of index.html to compare)")
    parser.add_argument("--only", help="comma-separated page names to measure (default: all)")
    parser.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    parser.add_argument("--also-serve", action="append", default=[], help="/prefix/=folder: serve another site there too (e.g. an earlier version's dist/)")
    args = parser.parse_args(argv)
    for item in args.also_serve:
        prefix, _, folder = item.partition("=")
        SiteHandler.others[prefix] = Path(folder).resolve()
    pages = dict(PAGES)
    for item in args.page:
        name, _, path = item.partition("=")
        pages[name] = path
    if args.only:
        pages = {name: path for name, path in pages.items() if name in args.only.split(",")}
    result = main_result(args.runs, pages, build_first=not args.no_build)
    files = {name: summary.pop("cold_files") for name, summary in result["pages"].items()}
    print(json.dumps(result, indent=2))
    print(markdown(result, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())))
    if args.json:
        Path(args.json).write_text(json.dumps({**result, "cold_files": files}, indent=2))


if __name__ == "__main__":
    main()

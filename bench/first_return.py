"""A returning visitor's first start after an install, step by step, for one or more published
sites side by side (benchmark, not a test).

Each round, for each site in turn (the order alternating round by round), a fresh Chromium profile
makes a first visit, waits until the service worker has installed (and, where the build has it,
the next start has been rehearsed: boot.js), lets the visitor come back `--later` ms afterwards,
and reloads. What is reported, on the page's clock: when Python's worker began, its start module's
marks (the snapshot read, Pyodide's module factory begun, Python up), the app's ready mark, and
where the snapshot came from. Usage:

    .venv/bin/python bench/first_return.py --rounds 10 after=dist before=/tmp/wt-before/dist
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "bench")]

import serve  # noqa: E402 - scripts/serve.py
from playwright.sync_api import sync_playwright  # noqa: E402
from startup import CHROMIUM, CHROMIUM_ARGS, wait_until_precached  # noqa: E402

STEPS = ("worker", "ludothek:snapshot-read", "ludothek:module", "ludothek:runtime", "ready")
WORKER_MARKS = "({origin: performance.timeOrigin, marks: Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime])), source: self.ludothekSnapshotFrom || null})"


def first_return(playwright, url: str, later_ms: int, around_reload=lambda context, page: contextlib.nullcontext()) -> dict:
    """One round's return to `url`; `around_reload(context, page)` is a context manager the reload
    and its start run in (bench/return_cpu.py traces them)."""
    with tempfile.TemporaryDirectory() as folder:
        context = playwright.chromium.launch_persistent_context(folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="allow")
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url)
            page.wait_for_selector("body[data-ready]", state="attached", timeout=180_000)
            wait_until_precached(page)
            page.wait_for_timeout(later_ms)
            with around_reload(context, page):
                page.reload(wait_until="commit")
                page.wait_for_selector("body[data-ready]", state="attached", timeout=180_000)
            row = {
                "ready": page.evaluate("performance.getEntriesByName('ludothek:ready')[0].startTime"),
                "start": page.evaluate("document.documentElement.dataset.start"),
            }
            origin = page.evaluate("performance.timeOrigin")
            for worker in page.workers:
                try:
                    found = worker.evaluate(WORKER_MARKS)
                except Exception:  # noqa: BLE001 - a worker that has gone away
                    continue
                if "ludothek:runtime" in found["marks"]:
                    offset = found["origin"] - origin
                    row |= {"worker": offset, "source": found["source"]}
                    row |= {name: at + offset for name, at in found["marks"].items()}
            return row
        finally:
            context.close()


def served(items: list[str]) -> list[tuple[str, str]]:
    """Each "name=folder" published site served on a port of its own: (name, its address)."""
    sites = []
    for item in items:
        name, _, folder = item.partition("=")
        server = serve.make_server(port=0, root=Path(folder).resolve())
        threading.Thread(target=server.serve_forever, daemon=True).start()
        sites.append((name, f"http://127.0.0.1:{server.server_address[1]}/"))
    return sites


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sites", nargs="+", help="name=folder of a published site (e.g. after=dist)")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--later", type=int, default=2000, help="ms between the install (and rehearsal) and the return")
    args = parser.parse_args(argv)
    sites = served(args.sites)
    rows: dict[str, list[dict]] = {name: [] for name, _ in sites}
    with sync_playwright() as playwright:
        for number in range(args.rounds):
            for name, url in sites if number % 2 == 0 else sites[::-1]:
                rows[name].append(first_return(playwright, url, args.later))
            print(f"round {number + 1}:", {name: round(found[-1]["ready"]) for name, found in rows.items()}, flush=True)
    for name, found in rows.items():
        print(f"{name}: starts {sorted({row['start'] for row in found})}, snapshot from {sorted({str(row.get('source')) for row in found})}")
        for step in STEPS:
            values = [row[step] for row in found if step in row]
            if values:
                print(f"  {step:24s} median {statistics.median(values):6.0f} ms   {[round(value) for value in sorted(values)]}")


if __name__ == "__main__":
    main()

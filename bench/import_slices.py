#!/usr/bin/env python3
"""How an import of many long games shares the main thread (headless Debian Chromium), a benchmark,
not a test (tests/browser/test_hostile.py checks that the import runs in slices with progress).

    .venv/bin/python bench/import_slices.py [--games 150] [--runs 1]

Imports an export file of finished four-player Mops Royal games played at random (the same file
as the test's) and reads every long task (> 50 ms) the browser reported meanwhile and the app's own
performance measures of each import slice ('import-slice', 12 ms of work a slice). A slice that
takes much longer than 12 ms was stretched by the machine (other work, the garbage collector).
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
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

from timing import page_recording_long_tasks  # noqa: E402
from conftest import AppServer, CHROMIUM, CHROMIUM_ARGS, READY_TIMEOUT_MS  # noqa: E402
from test_hostile import many_long_games  # noqa: E402


def measure(games: int) -> dict:
    import build

    build.main()
    server = AppServer()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "many.json"
        path.write_text(json.dumps(many_long_games(games)))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = page_recording_long_tasks(browser)
                page.goto(server.url)
                page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
                page.evaluate("window.__longTasks = []; performance.clearMeasures('import-slice')")
                started = time.perf_counter()
                page.locator("#import-file").set_input_files(str(path))
                page.wait_for_function(f"document.getElementById('toast').textContent.includes('Imported {games} games')", timeout=600_000)
                seconds = time.perf_counter() - started
                long_tasks = sorted(page.evaluate("window.__longTasks"))
                slices = sorted(page.evaluate("performance.getEntriesByName('import-slice').map(e => e.duration)"))
                browser.close()
        finally:
            server.stop()
    return {
        "games": games,
        "seconds": round(seconds, 1),
        "slices": len(slices),
        "slice_median_ms": round(statistics.median(slices), 1),
        "slice_p95_ms": round(slices[int(len(slices) * 0.95)], 1),
        "slice_max_ms": round(slices[-1], 1),
        "tasks_over_50_ms": sum(d > 50 for d in long_tasks),
        "tasks_over_100_ms": sum(d > 100 for d in long_tasks),
        "longest_tasks_ms": [round(d) for d in long_tasks[-5:]],
        "load_average": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    for _ in range(args.runs):
        print(json.dumps(measure(args.games)))


if __name__ == "__main__":
    main()

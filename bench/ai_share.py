#!/usr/bin/env python3
"""How much of a computer player's thinking time is its own work, in the page (a benchmark, not a test).

    .venv/bin/python bench/ai_share.py [--site dist] [--game momentum --level 4] [--moves 8] [--runs 3]

The strongest levels think a fixed wall time per move (ai/base.THINK_SECONDS) and search as much
as they can meanwhile, so at equal wall time their strength follows the share of it their search
gets: the rest goes to the pauses between its slices (web/search_runner.py), in which the browser
draws a frame or the worker takes its messages. Two computer players of the level play `--moves`
moves in Debian's Chromium under a trace; per run, the busiest thread's tasks (where Python runs:
the page's main thread, or Python's worker) are summed from the first move's start to the last
move's end, and divided by that time. The site may be any build (`--site`, e.g. an older dist/
built in a worktree), so the same measure compares Python on the page's thread with Python in a
worker.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

CATEGORIES = ["devtools.timeline", "toplevel", "blink.user_timing"]


def thread_shares(trace: dict, start_us: float, end_us: float) -> dict[str, float]:
    """Each thread's share of [start, end] spent in its top-level tasks (RunTask and kin)."""
    names = {}
    busy: dict[tuple[int, int], float] = {}
    for event in trace["traceEvents"]:
        key = (event.get("pid"), event.get("tid"))
        if event.get("ph") == "M" and event.get("name") == "thread_name":
            names[key] = event["args"]["name"]
        if event.get("ph") == "X" and event.get("name") in ("RunTask", "ThreadControllerImpl::RunTask") and "dur" in event:
            begin, finish = event["ts"], event["ts"] + event["dur"]
            overlap = min(finish, end_us) - max(begin, start_us)
            if overlap > 0:
                busy[key] = busy.get(key, 0.0) + overlap
    return {f"{names.get(key, '?')} {key[1]}": value / (end_us - start_us) for key, value in busy.items()}


def one_run(browser, url: str, game: str, level: int, moves: int) -> dict:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url + f"#/setup/{game}")
    page.wait_for_selector("body[data-ready]", timeout=180_000)
    for seat in range(page.locator(".seat-row").count()):
        page.locator(f"select[name=seat{seat}_kind]").select_option("computer")
        page.locator(f"select[name=seat{seat}_level]").select_option(str(level))
    browser.start_tracing(page=page, categories=CATEGORIES)
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector("#board svg")
    page.wait_for_function("Number(document.body.dataset.moves || 0) >= 1", timeout=120_000)
    # From the first move's end to the last's: every pause in between is a search (two computers).
    page.evaluate("performance.mark('bench:first')")
    page.wait_for_function(f"Number(document.body.dataset.moves || 0) >= {moves + 1}", timeout=300_000)
    page.evaluate("performance.mark('bench:last')")
    think_ms = int(page.evaluate("document.body.dataset.lastThinkMs || 0"))
    # The app's own count of its last search's work (builds since Python moved into its worker).
    busy_ms = page.evaluate("document.body.dataset.lastThinkBusyMs || null")
    trace = json.loads(browser.stop_tracing())
    context.close()
    stamps = {e["name"]: e["ts"] for e in trace["traceEvents"] if e.get("name") in ("bench:first", "bench:last")}
    shares = thread_shares(trace, stamps["bench:first"], stamps["bench:last"])
    busiest = max(shares.items(), key=lambda item: item[1])
    seconds = (stamps["bench:last"] - stamps["bench:first"]) / 1e6
    return {
        "busiest_thread": busiest[0],
        "share": round(busiest[1], 3),
        "last_think_ms": think_ms,
        "last_search_work_ms": None if busy_ms is None else int(busy_ms),
        "seconds": round(seconds, 2),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    parser.add_argument("--game", default="momentum")
    parser.add_argument("--level", type=int, default=4)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    server = serve.make_server(port=0, root=args.site.resolve())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                rows.append(one_run(browser, url, args.game, args.level, args.moves))
                print(json.dumps(rows[-1]), flush=True)
            browser.close()
    finally:
        server.shutdown()
    print(json.dumps({"site": str(args.site), "game": args.game, "level": args.level, "median_share": statistics.median(r["share"] for r in rows)}))


if __name__ == "__main__":
    main()

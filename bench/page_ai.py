#!/usr/bin/env python3
"""Computer players timed in the page (headless Debian Chromium), a benchmark, not a test.

    .venv/bin/python bench/page_ai.py momentum --level 4 --moves 12 [--option size=9x9]

Starts a game of two computer players at the level, and reads the app's own measurement of each
search (body[data-last-think-ms]: wall time from the first slice to the chosen move, frames in
between included), plus every long task (> 50 ms) the browser reported meanwhile.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402

from timing import page_recording_long_tasks  # noqa: E402
from conftest import AppServer, CHROMIUM, CHROMIUM_ARGS  # noqa: E402


def set_field(page, name: str, value: str) -> None:
    """Set a setup field as a user would: radio, checkbox ('on'/'off'), select, or text."""
    field = page.locator(f"form.setup [name={name}]")
    kind = field.first.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.type")
    if kind == "radio":
        page.locator(f"form.setup [name={name}][value='{value}']").check()
    elif kind == "checkbox":
        field.set_checked(value in ("on", "1", "true"))
    elif kind == "select":
        field.select_option(value)
    else:
        field.fill(value)
        field.press("Tab")
    page.wait_for_timeout(100)  # the form redraws after a change


def measure(game_id: str, level: int, moves: int, options: dict[str, str]) -> dict:
    import build

    build.main()
    server = AppServer()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = page_recording_long_tasks(browser)
            page.goto(server.url + f"#/setup/{game_id}")
            page.wait_for_selector("body[data-ready]", timeout=120_000)
            for name, value in options.items():
                set_field(page, name, value)
            seats = page.locator(".seat-row").count()
            for seat in range(seats):
                page.locator(f"select[name=seat{seat}_kind]").select_option("computer")
                page.locator(f"select[name=seat{seat}_level]").select_option(str(level))
            page.get_by_role("button", name="Start game").click()
            page.wait_for_selector("#board svg")
            page.evaluate("window.__longTasks = []")
            times = []
            for n in range(1, moves + 1):
                page.wait_for_function(f"Number(document.body.dataset.moves) >= {n}", timeout=120_000)
                times.append(int(page.evaluate("document.body.dataset.lastThinkMs")))
                if page.evaluate("document.body.dataset.over") == "1":
                    break
            long_tasks = page.evaluate("window.__longTasks")
            browser.close()
    finally:
        server.stop()
    return {
        "game": game_id,
        "level": level,
        "options": options,
        "moves": len(times),
        "median_ms": statistics.median(times) if times else None,
        "max_ms": max(times, default=None),
        "times_ms": times,
        "long_tasks": len(long_tasks),
        "longest_task_ms": max(long_tasks, default=0),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--level", type=int, required=True)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--option", action="append", default=[], help="setup field=value, e.g. size=9x9")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    print(json.dumps(measure(args.game, args.level, args.moves, options), indent=2))


if __name__ == "__main__":
    main()

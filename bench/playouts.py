#!/usr/bin/env python3
"""Random playouts per second of every engine, in CPython and inside the page (Pyodide in headless
Chromium), and their ratio (a benchmark, not a test).

    .venv/bin/python bench/playouts.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench" / "playouts"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playouts_core import all_playouts  # noqa: E402


def in_page(seconds: float) -> list[dict]:
    from playwright.sync_api import sync_playwright

    import build
    from conftest import CHROMIUM, CHROMIUM_ARGS, AppServer

    build.main()
    server = AppServer()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM,
                args=CHROMIUM_ARGS,
            )
            page = browser.new_page()
            page.goto(server.url + f"bench/playouts/index.html?seconds={seconds}")
            page.wait_for_selector("body[data-ready]", state="attached", timeout=600_000)
            result = json.loads(page.text_content("#out"))
            browser.close()
            return result
    finally:
        server.stop()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    cpython = {r["game"]: r for r in all_playouts(args.seconds)}
    page = {r["game"]: r for r in in_page(args.seconds)}
    rows = []
    for game_id, native in cpython.items():
        browser = page.get(game_id, {})
        rows.append(
            {
                "game": game_id,
                "cpython_moves_per_s": native["moves_per_s"],
                "page_moves_per_s": browser.get("moves_per_s"),
                "page_to_cpython": round(browser["moves_per_s"] / native["moves_per_s"], 2) if browser else None,
                "cpython_playouts_per_s": native["playouts_per_s"],
                "page_playouts_per_s": browser.get("playouts_per_s"),
            }
        )
    print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()

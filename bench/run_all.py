#!/usr/bin/env python3
"""Every benchmark in one command; writes docs/benchmarks.json and docs/benchmarks.md (a benchmark,
not a test).

    scripts/bench                      # all of it (takes a while)
    scripts/bench --games 20 --runs 3  # quicker, less precise
    scripts/bench --only page,playouts # some parts; the others keep their figures
    .venv/bin/python bench/run_all.py --render   # docs/benchmarks.md from the JSON, measuring nothing

1. Start-up: the app beside bare Pyodide and bare PyScript pages (bench/startup.py).
2. Computer players in the page: time per move and the longest main-thread task, per game and level
   (bench/page_ai.py).
3. Strength: each level against random and against the level below, over seeded 2-player games
   (bench/strength.py).
4. Engines: random playouts per second in CPython and in the page (bench/playouts.py).
5. Embeds: ten idle boards in a blog against plain pictures, and the time from Play to a live board
   (bench/embeds.py).
6. Against UCT: each game's strongest level against plain UCT at the same CPU time per move and
   at four times that (bench/versus_uct.py, bench/uct.py).

The JSON keeps each part's rows and when they were measured, and the figures of the benchmarks
measured one by one (bench/merge_rows.py); bench/benchmarks_doc.py writes the file from it, one
section per benchmark with its command.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from ludothek.render.catalog import levels  # noqa: E402
from ludothek.games import GAME_IDS, get_game  # noqa: E402

import benchmarks_doc  # noqa: E402
import embeds  # noqa: E402
import page_ai  # noqa: E402
import playouts  # noqa: E402
import startup  # noqa: E402
import strength  # noqa: E402
import versus_uct  # noqa: E402

# Setups for the page timings: the most demanding common setup of each game.
PAGE_SETUPS = {"momentum": {"size": "9x9"}}


def _match(pairing: tuple[str, int, int], games: int, think_seconds: float | None = None) -> dict:
    game_id, level, opponent = pairing
    return strength.play_match(game_id, level, opponent, games, think_seconds=think_seconds)


PARTS = ("startup", "page", "strength", "playouts", "embeds", "uct")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per strength pairing")
    parser.add_argument("--runs", type=int, default=9, help="page loads per start-up measurement")
    parser.add_argument("--moves", type=int, default=12, help="computer moves timed per game and level in the page")
    parser.add_argument("--output", default=str(ROOT / "docs" / "benchmarks.md"), help="the file to write; its .json beside it holds the figures")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the strength games")
    parser.add_argument("--embed-runs", type=int, default=3, help="runs of the embeds benchmark")
    parser.add_argument("--only", default=",".join(PARTS), help="the parts to measure, comma-separated: " + ", ".join(PARTS))
    parser.add_argument("--render", action="store_true", help="measure nothing: write the file from its JSON")
    parser.add_argument("--uct-games", type=int, default=100, help="games per pairing against UCT")
    parser.add_argument("--uct-seconds", type=float, default=0.25, help="CPU seconds per move of our strongest level (UCT gets this and four times this)")
    parser.add_argument("--strength-games-list", default="", help="re-run the strength pairings of these games only")
    parser.add_argument("--uct-games-list", default="", help="only these games against UCT (comma-separated)")
    args = parser.parse_args(argv)
    parts = set() if args.render else set(args.only.split(","))
    if parts - set(PARTS):
        parser.error(f"--only: no part {', '.join(sorted(parts - set(PARTS)))} (the parts: {', '.join(PARTS)})")
    json_path = Path(args.output).with_suffix(".json")
    raw: dict = json.loads(json_path.read_text(encoding="utf-8")) if json_path.exists() else {}
    if parts:
        measure(parts, raw, args)
        json_path.parent.mkdir(parents=True, exist_ok=True)
        json_path.write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
    Path(args.output).write_text(benchmarks_doc.render(raw), encoding="utf-8")
    print(f"wrote {args.output}")


def measure(parts: set[str], raw: dict, args: argparse.Namespace) -> None:
    """Each part's rows into `raw`, with when they were measured; a figure kept from a single run gives way to them."""
    games = [g for g in GAME_IDS if _available(g)]
    today = f"{datetime.date.today().isoformat()}, load average {os.getloadavg()[0]:.1f}"
    measured = raw.setdefault("measured", {})
    dates = dict.fromkeys(parts, today)
    if "startup" in parts:
        raw["startup"] = startup.main_result(args.runs)

    if "page" in parts:
        rows = []
        for game_id in games:
            for level in levels(game_id):
                r = page_ai.measure(game_id, level.number, args.moves, PAGE_SETUPS.get(game_id, {}))
                rows.append([game_id, f"{level.number} {level.name}", r["moves"], r["median_ms"], r["max_ms"], r["longest_task_ms"]])
        raw["page"] = rows

    if "strength" in parts:
        redo = [g for g in games if not args.strength_games_list or g in args.strength_games_list.split(",")]
        pairings = [
            (game_id, number, opponent)
            for game_id in redo
            for number in [lv.number for lv in levels(game_id)]
            for opponent in sorted({0, number - 1})
            if opponent != number
        ]
        # Pairings are independent: spread them over processes (each keeps its own CPU-time figures).
        with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(_match, pairings, [args.games] * len(pairings), [args.uct_seconds] * len(pairings)))
        old = raw.get("strength", {})
        rows = [r for r in old.get("rows", []) if r[0] not in redo] if args.strength_games_list else []
        rows += [benchmarks_doc.strength_row(game_id, number, opponent, r) for (game_id, number, opponent), r in zip(pairings, results)]
        rows.sort(key=lambda r: GAME_IDS.index(r[0]))  # stable: levels stay in order
        raw["strength"] = {"rows": rows, "think_seconds": args.uct_seconds, "note": old.get("note", "") if args.strength_games_list else ""}
        if args.strength_games_list and "strength" in measured:
            # Games not re-run keep their rows, and their date.
            dates["strength"] = f"{', '.join(redo)} {today}; the others {measured['strength']}"

    if "uct" in parts:
        chosen = [g for g in games if not args.uct_games_list or g in args.uct_games_list.split(",")]
        rows = [r for r in raw.get("uct", {}).get("rows", []) if r[0] not in chosen] if args.uct_games_list else []
        for game_id in chosen:
            for factor in (1, 4):
                r = versus_uct.play_match(game_id, args.uct_seconds, factor * args.uct_seconds, args.uct_games, jobs=args.jobs)
                rows.append(benchmarks_doc.uct_row(r))
        if args.uct_games_list and "uct" in measured:
            dates["uct"] = f"{', '.join(chosen)} {today}; the others {measured['uct']}"
        # Notes are measurements made by hand with the single benchmarks (bench/merge_rows.py note).
        raw["uct"] = {"rows": sorted(rows, key=lambda r: GAME_IDS.index(r[0])), "notes": raw.get("uct", {}).get("notes", [])}

    if "playouts" in parts:
        cpython = {r["game"]: r for r in playouts.all_playouts(3.0)}
        page = {r["game"]: r for r in playouts.in_page(3.0)}
        raw["playouts"] = [
            [
                g,
                cpython[g]["moves_per_s"],
                page.get(g, {}).get("moves_per_s"),
                round(page[g]["moves_per_s"] / cpython[g]["moves_per_s"], 2) if g in page else None,
            ]
            for g in cpython
        ]

    if "embeds" in parts:
        result = embeds.main_result(args.embed_runs)
        result.pop("raw", None)
        raw["embeds"] = result

    measured.update(dates)
    for part in parts:
        raw.get("figures", {}).pop(part, None)
    raw["machine"] = f"{platform.machine()}, {_cpus()} cores, Python {platform.python_version()}, Chromium {_chromium()}"


def _available(game_id: str) -> bool:
    try:
        get_game(game_id)
        from ludothek.render.catalog import is_game

        return is_game(game_id)
    except ModuleNotFoundError:
        return False


def _cpus() -> int:
    import os

    return os.cpu_count() or 0


def _chromium() -> str:
    """The version Debian's Chromium prints ("Chromium 150.0.7871.100 built on Debian ...")."""
    try:
        printed = subprocess.run(["/usr/bin/chromium", "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return "?"
    found = re.search(r"Chromium (\S+)", printed)
    return found.group(1) if found else "?"


if __name__ == "__main__":
    main()

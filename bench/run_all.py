#!/usr/bin/env python3
"""Every benchmark in one command; writes docs/benchmarks.md (a benchmark, not a test).

    scripts/bench                      # all of it (takes a while)
    scripts/bench --games 20 --runs 3  # quicker, less precise

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
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from ludothek.render.catalog import levels  # noqa: E402
from ludothek.games import GAME_IDS, get_game  # noqa: E402

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


def uct_row(r: dict) -> list:
    played = r["games"]
    score = f"{r['higher_score']}/{played} ({100 * r['higher_score'] / played:.0f}%)"
    return [
        r["game"],
        r["level"],
        r["games"],
        r["ours_s"],
        r["uct_s"],
        r["uct_mean_playouts"],
        f"{r['win']}/{r['draw']}/{r['loss']}",
        f"{100 * r['win'] / played:.0f}%",
        score,
        r["mean_move_ms"],
        r["max_move_ms"],
        r["max_chunk_ms"],
    ]


def table(headers: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join("" if v is None else str(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per strength pairing")
    parser.add_argument("--runs", type=int, default=9, help="page loads per start-up measurement")
    parser.add_argument("--moves", type=int, default=12, help="computer moves timed per game and level in the page")
    parser.add_argument("--output", default=str(ROOT / "docs" / "benchmarks.md"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the strength games")
    parser.add_argument("--embed-runs", type=int, default=3, help="runs of the embeds benchmark")
    parser.add_argument("--only", default="startup,page,strength,playouts,embeds,uct")
    parser.add_argument("--uct-games", type=int, default=100, help="games per pairing against UCT")
    parser.add_argument("--uct-seconds", type=float, default=0.25, help="CPU seconds per move of our strongest level (UCT gets this and four times this)")
    parser.add_argument("--strength-games-list", default="", help="re-run the strength pairings of these games only")
    parser.add_argument("--uct-games-list", default="", help="only these games against UCT (comma-separated)")
    args = parser.parse_args(argv)
    parts = set(args.only.split(","))
    games = [g for g in GAME_IDS if _available(g)]
    json_path = Path(args.output).with_suffix(".json")
    raw: dict = json.loads(json_path.read_text()) if json_path.exists() else {}

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
        # Games not re-run keep their rows (and the note says when each was measured).
        old = raw.get("strength", {})
        rows = [r if len(r) == 8 else r[:3] + [old.get("games")] + r[3:] for r in old.get("rows", []) if r[0] not in redo] if args.strength_games_list else []
        for (game_id, number, opponent), r in zip(pairings, results):
            rows.append(
                [
                    game_id,
                    number,
                    opponent or "random",
                    r["games"],
                    f"{r['win']}/{r['draw']}/{r['loss']}",
                    f"{100 * r['win_rate']:.0f}%",
                    round(r["mean_move_s"] * 1000, 1),
                    round(r["max_chunk_cpu_s"] * 1000, 1),
                ]
            )
        rows.sort(key=lambda r: GAME_IDS.index(r[0]))  # stable: levels stay in order
        raw["strength"] = {
            "games": args.games,
            "rows": rows,
            "think_seconds": args.uct_seconds,
            "note": old.get("note", "") if args.strength_games_list else "",
        }

    if "uct" in parts:
        chosen = [g for g in games if not args.uct_games_list or g in args.uct_games_list.split(",")]
        rows = raw.get("uct", {}).get("rows", []) if args.uct_games_list else []
        rows = [r for r in rows if r[0] not in chosen]
        for game_id in chosen:
            for factor in (1, 4):
                r = versus_uct.play_match(game_id, args.uct_seconds, factor * args.uct_seconds, args.uct_games, jobs=args.jobs)
                rows.append(uct_row(r))
        # Notes are measurements made by hand with the single benchmarks (kept until replaced).
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

    raw.setdefault("measured", {})
    for part in parts:
        raw["measured"][part] = f"{datetime.date.today().isoformat()}, load average {os.getloadavg()[0]:.1f}"
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(raw, indent=1), encoding="utf-8")
    Path(args.output).write_text(render(raw), encoding="utf-8")
    print(f"wrote {args.output}")


def render(raw: dict) -> str:
    sections = []
    measured = raw.get("measured", {})
    if "startup" in raw and "pages" in raw["startup"]:
        sections.append(startup.markdown(raw["startup"], measured.get("startup", "")))
    if "page" in raw:
        sections.append(
            f"## Computer players in the page ({measured.get('page', '')})\n\nTwo computer players of the level play each "
            "other; the app's own measurement of each search (slices and frames included), and the longest "
            "main-thread task the browser reported meanwhile.\n\n" + table(["game", "level", "moves", "median ms", "max ms", "longest task ms"], raw["page"])
        )
    if "strength" in raw:
        strength_raw = raw["strength"]
        # Rows from before the games column had strength_raw["games"] games each.
        rows = [r if len(r) == 8 else r[:3] + [strength_raw["games"]] + r[3:] for r in strength_raw["rows"]]
        note = (" " + strength_raw["note"]) if strength_raw.get("note") else ""
        sections.append(
            f"## Strength (seeded 2-player games per pairing, seats alternating; "
            f"{measured.get('strength', '')})\n\nThe anytime (strongest) levels think "
            f"{strength_raw.get('think_seconds', 'their default')} s of CPU time per move here.{note}\n\n"
            + table(["game", "level", "against", "games", "won/drawn/lost", "win rate", "mean ms per move (CPython)", "longest chunk ms (CPU)"], rows)
        )
    if "uct" in raw:
        sections.append(
            f"## Against plain UCT ({measured.get('uct', '')})\n\n"
            "Each game's strongest level against a plain UCT search (bench/uct.py: UCB1, uniformly random "
            "playouts, hidden parts dealt afresh from the observation for every playout), 2 players, "
            "seats alternating. Both count CPU time of the process per move; UCT's time is the same as "
            "ours or four times it. Won/drawn/lost by the engine's winners; 'higher score' counts games "
            "in which our score was strictly higher (the measure for Mops Royal). Our times are CPU ms "
            "per move in CPython; the page gives the strongest level 0.7 s of wall time, about 0.25 s "
            "of CPython work.\n\n"
            + table(
                [
                    "game",
                    "level",
                    "games",
                    "our s/move",
                    "UCT s/move",
                    "UCT playouts/move",
                    "won/drawn/lost",
                    "win rate",
                    "higher score",
                    "mean ms/move",
                    "max ms/move",
                    "longest chunk ms (CPU)",
                ],
                raw["uct"]["rows"],
            )
            + "".join("\n\n" + note for note in raw["uct"].get("notes", []))
        )
    if "playouts" in raw:
        sections.append(
            f"## Engines: random playouts ({measured.get('playouts', '')})\n\n"
            + table(["game", "CPython moves/s", "page moves/s", "page / CPython"], raw["playouts"])
        )
    if "embeds" in raw:
        sections.append(embeds.markdown(raw["embeds"], measured.get("embeds", "")))
    head = (
        "# Benchmarks\n\nMeasured by `scripts/bench` "
        f"({platform.machine()}, {_cpus()} cores, Python {platform.python_version()}, Chromium {_chromium()}). "
        "Re-run it to reproduce; timings move with the machine's load (noted per section).\n"
    )
    return head + "\n" + "\n\n".join(sections) + "\n"


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
    try:
        return subprocess.run(["/usr/bin/chromium", "--version"], capture_output=True, text=True, timeout=30).stdout.strip().split()[-1]
    except (OSError, subprocess.SubprocessError, IndexError):
        return "?"


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Mine the shipped puzzles (py/ludothek/data/puzzles.json) from games of the computer players.

    nice -n 10 python3 scripts/mine_puzzles.py            # the shipped games, a few minutes
    nice -n 10 python3 scripts/mine_puzzles.py fenn mops  # only these (the others are kept)

A puzzle is a position with exactly one best move, proven by an exact search over the engine
(each game's `GameAI.puzzles.best_moves`, ludothek.ai.base). Each game's AI also mines them
(`GameAI.puzzles.mine(mine)`, asked through the game's record, ludothek.render.catalog): it plays seeded
games of its computer players and keeps the positions its search proves, by difficulty (from the
search depth and from whether a simple player finds the move). Everything is seeded: the same
sources give the same file. Each game is mined for its declared time (`Puzzles.mining_seconds`,
Momentum's longer), or for <GAME>_SECONDS from the environment (MOMENTUM_SECONDS=300).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from ludothek.ai import puzzle_mining as M  # noqa: E402
from ludothek.ai.base import Puzzles  # noqa: E402
from ludothek.ai import puzzles as P  # noqa: E402
from ludothek.render.catalog import game_ai, puzzle_games  # noqa: E402
from ludothek.package_files import package_file  # noqa: E402


def puzzle_rules(name: str) -> Puzzles[Any]:
    """What the game's AI declares of its puzzles (its record's `GameAI.puzzles`)."""
    puzzles = game_ai(name).puzzles
    if puzzles is None:
        raise SystemExit(f"no puzzles for {name}")
    return puzzles


def mining_seconds(name: str) -> float:
    """How long a game is mined: <GAME>_SECONDS from the environment, else its declared time."""
    return float(os.environ.get(f"{name.upper()}_SECONDS", puzzle_rules(name).mining_seconds))


def say(text: str) -> None:
    print(text, flush=True)


def numbered(name: str, found: dict[int, list[dict]], shipped: list[dict], retired: list[str]) -> tuple[list[dict], list[str]]:
    """The mined puzzles with their ids, and the ids retired so far. Links and players' progress
    name a puzzle by its id, so a puzzle shipped before (same position, same solution) keeps its id,
    whatever its difficulty now; a new one gets the next number of its difficulty that no puzzle
    ever had; the id of a puzzle no longer found is retired and never given again."""
    before = {(entry["position"], entry["solution"]): entry["id"] for entry in shipped}
    taken = set(before.values()) | set(retired)
    entries = []
    for difficulty in (1, 2, 3):
        number = 0
        for entry in found.get(difficulty, []):
            puzzle_id = before.get((entry["position"], entry["solution"]))
            if puzzle_id is None:
                while True:
                    number += 1
                    puzzle_id = f"{name[:2]}{difficulty}{number:02d}"
                    if puzzle_id not in taken:
                        break
                taken.add(puzzle_id)
            entries.append({"id": puzzle_id, **entry})
    kept = {entry["id"] for entry in entries}
    return entries, sorted(set(retired) | ({entry["id"] for entry in shipped} - kept))


def main(names: list[str]) -> None:
    path = package_file(P.DATA_FILE)
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"version": 1, "games": {}}
    for name in names or list(puzzle_games()):
        started = time.monotonic()
        mine = M.Mine(mining_seconds(name), say=say)
        puzzle_rules(name).mine(mine)
        found = mine.found
        shipped = data["games"].get(name, [])
        entries, retired = numbered(name, found, shipped, data.get("retired", {}).get(name, []))
        if entries:
            data["games"][name] = entries
        else:
            data["games"].pop(name, None)
        if retired:
            data.setdefault("retired", {})[name] = retired
        counts = {d: len(found.get(d, [])) for d in (1, 2, 3)}
        print(f"{name}: {len(entries)} puzzles {counts} in {time.monotonic() - started:.0f} s", flush=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])

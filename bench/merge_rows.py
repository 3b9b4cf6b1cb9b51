#!/usr/bin/env python3
"""Put results of single benchmark runs into docs/benchmarks.json and re-render docs/benchmarks.md
(for pairings re-run by hand, e.g. after a change to one game's levels).

    python bench/merge_rows.py strength momentum /tmp/momentum_*.json
    python bench/merge_rows.py uct /tmp/nummerus_uct_*.json
    python bench/merge_rows.py note "Nummerus Zahlus with 4 players: ..."
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

import run_all  # noqa: E402
from ludothek.games import GAME_IDS  # noqa: E402


def main(argv):
    json_path = ROOT / "docs" / "benchmarks.json"
    raw = json.loads(json_path.read_text())
    if argv[0] == "strength":
        game_id, files = argv[1], argv[2:]
        results = [json.loads(Path(f).read_text()) for f in files]
        rows = [r for r in raw["strength"]["rows"] if r[0] != game_id]
        for r in sorted(results, key=lambda r: (r["level"], r["opponent"])):
            rows.append(
                [
                    game_id,
                    r["level"],
                    r["opponent"] or "random",
                    r["games"],
                    f"{r['win']}/{r['draw']}/{r['loss']}",
                    f"{100 * r['win_rate']:.0f}%",
                    round(r["mean_move_s"] * 1000, 1),
                    round(r["max_chunk_cpu_s"] * 1000, 1),
                ]
            )
        rows.sort(key=lambda r: GAME_IDS.index(r[0]))
        raw["strength"]["rows"] = rows
    elif argv[0] == "uct":
        results = [json.loads(Path(f).read_text()) for f in argv[1:]]
        games = {r["game"] for r in results}
        rows = [r for r in raw.get("uct", {}).get("rows", []) if r[0] not in games]
        rows += [run_all.uct_row(r) for r in results]
        rows.sort(key=lambda r: (GAME_IDS.index(r[0]), r[4]))
        raw.setdefault("uct", {})["rows"] = rows
    elif argv[0] == "note":
        raw.setdefault("uct", {"rows": []}).setdefault("notes", []).append(argv[1])
    json_path.write_text(json.dumps(raw, indent=1), encoding="utf-8")
    (ROOT / "docs" / "benchmarks.md").write_text(run_all.render(raw), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])

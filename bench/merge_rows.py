#!/usr/bin/env python3
"""Put results of single benchmark runs into docs/benchmarks.json and re-render docs/benchmarks.md
(for pairings re-run by hand, e.g. after a change to one game's levels, and for the figures of the
benchmarks bench/run_all.py does not run).

    python bench/merge_rows.py strength momentum /tmp/momentum_*.json --measured "2026-12-10, load average 1.2"
    python bench/merge_rows.py uct /tmp/nummerus_uct_*.json
    python bench/merge_rows.py note "Nummerus Zahlus with 4 players: ..."
    python bench/merge_rows.py figure longtasks "2026-12-10, load average 1.2" "the longest task 80 ms, ..."

`strength` takes bench/strength.py's JSON results of one game, `uct` bench/versus_uct.py's;
`--measured` replaces when that part was measured. `figure` replaces a section's figure (its key in
bench/benchmarks_doc.py's SECTIONS) and when it was measured; the rows bench/run_all.py measured for
that key, if any, give way to it (and its next run of that part gives way to theirs).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import benchmarks_doc  # noqa: E402
from ludothek.games import GAME_IDS  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    kinds = parser.add_subparsers(dest="kind", required=True)
    rows = kinds.add_parser("strength", help="one game's pairings from bench/strength.py's JSON results")
    rows.add_argument("game")
    rows.add_argument("files", nargs="+")
    rows.add_argument("--measured", help="when they were measured (date, load average)")
    uct = kinds.add_parser("uct", help="matches from bench/versus_uct.py's JSON results")
    uct.add_argument("files", nargs="+")
    uct.add_argument("--measured", help="when they were measured (date, load average)")
    kinds.add_parser("note", help="a note under the table against UCT").add_argument("text")
    figure = kinds.add_parser("figure", help="a section's figure from a single run")
    figure.add_argument("key", choices=sorted({key for section in benchmarks_doc.SECTIONS for key in section.figures}))
    figure.add_argument("measured", help="when it was measured (date, load average)")
    figure.add_argument("text", help="the figure (Markdown)")
    args = parser.parse_args(argv)

    json_path = ROOT / "docs" / "benchmarks.json"
    raw = json.loads(json_path.read_text(encoding="utf-8"))
    if args.kind == "strength":
        results = [json.loads(Path(f).read_text()) for f in args.files]
        kept = [r for r in raw["strength"]["rows"] if r[0] != args.game]
        new = [benchmarks_doc.strength_row(args.game, r["level"], r["opponent"], r) for r in sorted(results, key=lambda r: (r["level"], r["opponent"]))]
        raw["strength"]["rows"] = sorted(kept + new, key=lambda r: GAME_IDS.index(r[0]))
    elif args.kind == "uct":
        results = [json.loads(Path(f).read_text()) for f in args.files]
        games = {r["game"] for r in results}
        kept = [r for r in raw.get("uct", {}).get("rows", []) if r[0] not in games]
        raw.setdefault("uct", {})["rows"] = sorted(kept + [benchmarks_doc.uct_row(r) for r in results], key=lambda r: (GAME_IDS.index(r[0]), r[4]))
    elif args.kind == "note":
        raw.setdefault("uct", {"rows": []}).setdefault("notes", []).append(args.text)
    else:
        # The figure last put in is the section's: rows bench/run_all.py measured for it give way.
        raw.pop(args.key, None)
        raw.get("measured", {}).pop(args.key, None)
        raw.setdefault("figures", {})[args.key] = {"measured": args.measured, "figure": args.text}
    if args.kind in ("strength", "uct") and args.measured:
        raw.setdefault("measured", {})[args.kind] = args.measured
    json_path.write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
    (ROOT / "docs" / "benchmarks.md").write_text(benchmarks_doc.render(raw), encoding="utf-8")


if __name__ == "__main__":
    main()

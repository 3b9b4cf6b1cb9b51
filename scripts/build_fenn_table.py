#!/usr/bin/env python3
"""Solve Fenn and write the table the computer player ships with.

    python scripts/build_fenn_table.py            # writes py/ludothek/ai/data/fenn_table.bin
    python scripts/build_fenn_table.py --check    # only compares a fresh solve with the shipped file

The table is one byte per turn-start position (see ludothek.ai.fenn_solver), about 1.4 KB once
compressed. Rebuild it whenever the Fenn rules in ludothek.games.fenn change; the test
tests/test_fenn_ai.py::TestShippedTable fails until you do.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from ludothek.ai import fenn_solver  # noqa: E402
from ludothek.package_files import package_file  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the shipped table, write nothing")
    parser.add_argument("--out", type=Path, default=package_file(fenn_solver.TABLE_FILE))
    args = parser.parse_args(argv)
    started = time.perf_counter()
    table = fenn_solver.solve(progress=lambda text: print(text, file=sys.stderr))
    print(f"solved in {time.perf_counter() - started:.2f} s; sha256 {fenn_solver.table_hash(table)}", file=sys.stderr)
    counts = Counter(table)
    positions = sum(n for byte, n in counts.items() if byte != fenn_solver.NO_POSITION)
    wins = sum(n for byte, n in counts.items() if byte not in (0, 255) and byte % 2)
    losses = sum(n for byte, n in counts.items() if byte not in (0, 255) and byte % 2 == 0)
    print(
        f"{positions} turn-start positions: {wins} won, {counts[0]} drawn, {losses} lost for the player to move; "
        f"longest forced result {max(b for b in table if b != 255)} turns",
        file=sys.stderr,
    )
    for (colour, black), value in fenn_solver.start_values(table).items():
        print(f"start, {colour} to move, black {black}: {value.text()} for {colour}", file=sys.stderr)
    if args.check:
        shipped = fenn_solver.load_table(args.out)
        if shipped != table:
            print(f"{args.out} is out of date: run scripts/build_fenn_table.py", file=sys.stderr)
            return 1
        print(f"{args.out} matches the fresh solve", file=sys.stderr)
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    data = fenn_solver.encode_table(table)
    args.out.write_bytes(data)
    print(f"wrote {args.out} ({len(data)} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

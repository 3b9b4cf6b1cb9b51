#!/usr/bin/env python3
"""Fill msgstr entries of a catalog from a Python dict file (a translator's helper, not used at run time).

python3 scripts/translate_fill.py de /path/to/dict.py     # dict.py defines DE = {msgid: msgstr, (one, many): (one, many)}
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from ludothek.po import format_po, parse_po  # noqa: E402


def main(language: str, source: str) -> None:
    table = next(v for k, v in runpy.run_path(source).items() if k.isupper() and isinstance(v, dict))
    path = ROOT / "py" / "ludothek" / "locale" / language / "LC_MESSAGES" / "ludothek.po"
    entries = parse_po(path.read_text(encoding="utf-8"))
    filled = 0
    for entry in entries[1:]:
        key = (entry.msgid, entry.msgid_plural) if entry.msgid_plural else entry.msgid
        if key in table:
            value = table[key]
            entry.msgstr = list(value) if isinstance(value, tuple) else [value]
            entry.flags = [f for f in entry.flags if f != "fuzzy"]
            filled += 1
    path.write_text(format_po(entries), encoding="utf-8")
    print(f"filled {filled} of {len(entries) - 1}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

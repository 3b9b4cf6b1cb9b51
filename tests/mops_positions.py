"""Mops Royal's tiles and layouts written out for the tests (tests/test_mops_*.py), independently
of the engine's tables: the tile codes, the crown tiles, and a layout's text from {cell: tile}."""

from __future__ import annotations

FILES = "abcdefghi"
MOTIFS = "PBWCKH"
COLOURS = "bgopvy"
CROWNS = {"Kb", "Pg", "Bv", "Wo", "Cp", "Hy"}
ALL_TILES = [m + c for m in MOTIFS for c in COLOURS]


def layout(cells: dict[str, str]) -> str:
    """Layout text of a 9x9 frame from {cell: tile code} (a lower-case motif lies face down)."""
    ranks = []
    for rank in range(9, 0, -1):
        text, empty = "", 0
        for file in FILES:
            code = cells.get(f"{file}{rank}")
            if code is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + code
            empty = 0
        ranks.append(text + (str(empty) if empty else ""))
    return "/".join(ranks)

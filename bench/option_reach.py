"""Which files name each option the games declare: what adding an option like it touches (issue 56).

An option is named in a file where its name stands as a string ("pie", 'swap_chips'), the way an
engine reads it (setup.option("pie")), a form field carries it and a test sets it. The table groups
the files: the engine (games/), its words and views (render/), the computer players (ai/), the web
layer, the rules texts (rules/*.md, the words a player reads), and tests/. The goal of issue 56: an
option touches its engine, its words, its rules text and its tests, nothing else.

    .venv/bin/python bench/option_reach.py            # a Markdown table
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from ludothek.games import ENGINES  # noqa: E402

PACKAGE = ROOT / "py" / "ludothek"
LAYERS = ("games", "ai", "remote", "render", "web")


def about(path: Path, game_id: str) -> bool:
    """A module of this game, or a shared one (a module of another game that names the same word
    means its own option: Nummerus' and Momox' `rounds`); a test that names the game."""
    if path.is_relative_to(ROOT / "tests"):
        return game_id in path.read_text(encoding="utf-8")
    stem = path.stem
    return stem.startswith(game_id) or not any(stem.startswith(other) for other in ENGINES)


def files_naming(game_id: str, name: str) -> dict[str, list[str]]:
    literal = re.compile(rf"""["']{re.escape(name)}["']""")
    found: dict[str, list[str]] = {}
    places = [*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    for path in sorted(places):
        if about(path, game_id) and literal.search(path.read_text(encoding="utf-8")):
            relative = path.relative_to(ROOT)
            parts = relative.parts
            layer = "tests" if parts[0] == "tests" else (parts[2] if len(parts) > 3 and parts[2] in LAYERS else "other")
            found.setdefault(layer, []).append(str(relative))
    return found


def rules_texts(game_id: str, name: str) -> list[str]:
    return [str(p.relative_to(ROOT)) for p in sorted((PACKAGE / "rules").glob(f"{game_id}.*.md")) if name in p.read_text(encoding="utf-8")]


def table() -> str:
    rows = ["| game | option | engine (games/) | computer (ai/) | views and words (render/) | web/ | tests/ |", "|---|---|---|---|---|---|---|"]
    for game_id, load in ENGINES.items():
        game = load()
        for option in game.options:
            found = files_naming(game_id, option.name)
            cells = [", ".join(Path(f).name for f in found.get(layer, [])) or "-" for layer in ("games", "ai", "render", "web")]
            rows.append(f"| {game_id} | `{option.name}` | " + " | ".join(cells) + f" | {len(found.get('tests', []))} files |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(table())

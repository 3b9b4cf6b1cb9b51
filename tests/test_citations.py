"""Every file the repository's own words cite is in the repository (issue 26: words that are true).

Docs, module docstrings and comments point readers at files ("see docs/remote-play.md", "as
render/fenn.py draws it"). A citation that starts at one of the repository's folders, or at one of
the package's layers (games/, ai/, render/, web/, remote/ under py/ludothek/), must name a file
that is tracked or that scripts/build.py generates (assets/vendor/, assets/build/, dist/)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("docs", "scripts", "tests", "bench", "py", "assets")
LAYERS = ("games", "ai", "render", "web", "remote")
GENERATED = ("assets/vendor/", "assets/build/", "dist/")
CITATION = re.compile(r"(?<![\w/.-])((?:" + "|".join(FOLDERS + LAYERS) + r")/(?:[\w.-]+/)*[\w-]+\.(?:md|py|mjs|js|css|toml|json|txt|html))\b")
TEXTS = (".py", ".md", ".mjs", ".js", ".toml", ".css", ".html")


def tracked() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [name for name in listed if (ROOT / name).exists()]


def citations(text: str) -> list[str]:
    return [match.group(1) for match in CITATION.finditer(text)]


def cited_file_exists(citation: str, files: set[str]) -> bool:
    if citation in files or citation.startswith(GENERATED):
        return True
    return f"py/ludothek/{citation}" in files


def test_the_pattern_finds_citations_and_only_those():
    text = "see docs/remote-play.md, as render/fenn.py draws it; not a.b/c.py nor https://x.org/docs/y.md"
    assert citations(text) == ["docs/remote-play.md", "render/fenn.py"]


def test_every_cited_file_is_in_the_repository():
    files = tracked()
    known = set(files)
    missing = []
    for name in files:
        if not name.endswith(TEXTS) or name.startswith("tests/hostile/"):
            continue
        text = (ROOT / name).read_text(encoding="utf-8", errors="replace")
        missing += [(name, citation) for citation in citations(text) if not cited_file_exists(citation, known)]
    assert missing == []

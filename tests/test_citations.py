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


# A name the docs quote in backticks with its module, as `web/page.PageEvent`,
# `render.game_screen.move_announcement` or `ludothek.ai.base.MoveValue` (a module of the
# package's layers, then a name in it, then perhaps an attribute of that name).
QUOTED_NAME = re.compile(r"`(?:ludothek\.)?(" + "|".join(LAYERS) + r")[./](\w+)\.([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?(?:\(\))?`")


def defined_names(path: Path) -> dict[str, set[str]]:
    """The module's top-level names, each with the names defined in it (a class's methods and attributes)."""
    import ast

    names: dict[str, set[str]] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            inner = set()
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        inner.add(item.name)
                    elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        inner.add(item.target.id)
                    elif isinstance(item, ast.Assign):
                        inner.update(t.id for t in item.targets if isinstance(t, ast.Name))
            names[node.name] = inner
        elif isinstance(node, ast.Assign):
            names.update({t.id: set() for t in node.targets if isinstance(t, ast.Name)})
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = set()
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update({(alias.asname or alias.name).split(".")[0]: set() for alias in node.names})
    return names


def unresolved_names(text: str) -> list[str]:
    """The quoted `layer/module.Name[.attribute]` of `text` that the module does not define."""
    missing = []
    for match in QUOTED_NAME.finditer(text):
        layer, module, name, attribute = match.groups()
        path = ROOT / "py" / "ludothek" / layer / f"{module}.py"
        if (name in ("py", "md", "js", "mjs", "json", "html", "css", "toml", "txt") and attribute is None) or not path.exists():
            continue  # a file citation (the test above), or a package's __init__
        names = defined_names(path)
        if name not in names or (attribute is not None and names[name] and attribute not in names[name]):
            missing.append(match.group(0))
    return missing


def test_a_quoted_name_is_checked_against_its_module():
    text = "`web/page.PageEvent`, `render.game_screen.move_announcement`, `web/page.Page.focus`, `web/dom.py`"
    assert unresolved_names(text) == []
    assert unresolved_names("`web/page.NoSuchThing` and `web/page.Page.no_such_method`") == ["`web/page.NoSuchThing`", "`web/page.Page.no_such_method`"]


def test_every_name_the_docs_quote_with_its_module_is_there():
    """docs/*.md and README.md quote the code's names; each `layer/module.Name` (or
    `layer.module.Name`) must be defined in that module (and `.attribute` in it, for a class)."""
    missing = [
        (doc.name, name) for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))] for name in unresolved_names(doc.read_text(encoding="utf-8"))
    ]
    assert missing == []


def test_the_architecture_is_a_map_a_newcomer_reads_at_one_sitting():
    """docs/architecture.md maps the code as it is (issue 56: 779 lines, 337 of them the start-up's
    history, became this map); history is git's. At most 300 lines keeps it a map."""
    lines = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, f"docs/architecture.md has {len(lines)} lines"

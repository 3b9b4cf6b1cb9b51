"""The layers of docs/architecture.md, read from the source: games <- ai <- remote <- render <- web, and
only web touches the browser. A board module (render/<game>_board.py) only draws: it never
imports its game's view."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "py" / "ludothek"
LAYERS = ["games", "ai", "remote", "render", "web"]  # remote: play by link, over the games alone
BROWSER_MODULES = {"js", "pyodide", "pyscript"}


def _modules() -> dict[str, Path]:
    return {".".join(path.relative_to(PACKAGE).with_suffix("").parts): path for path in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path) -> set[str]:
    """Modules imported by `name`, absolute within ludothek ('games.base') or top-level ('js')."""
    package = name.split(".")[:-1] if not path.name == "__init__.py" else name.split(".")
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.removeprefix("ludothek.") for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
                if node.module is None:  # from . import x
                    found.update(".".join(base + [alias.name]) for alias in node.names)
                    continue
            else:
                target = (node.module or "").removeprefix("ludothek.")
            found.add(target)
    return found


MODULES = _modules()


def _layer(module: str) -> str | None:
    head = module.split(".")[0]
    return head if head in LAYERS else None


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_from_its_layer_and_below(module):
    layer = _layer(module)
    if layer is None:
        return
    allowed = set(LAYERS[: LAYERS.index(layer) + 1])
    for imported in _imports(module, MODULES[module]):
        head = imported.split(".")[0]
        if head in BROWSER_MODULES:
            assert layer == "web", f"{module} imports {imported}: only ludothek.web touches the browser"
        elif head in LAYERS:
            assert head in allowed, f"{module} ({layer}) imports {imported} from a higher layer"


def test_the_check_reads_relative_imports():
    # The check above would pass on a parser that finds nothing: make sure it finds what is there.
    assert "games.momentum" in _imports("render.momentum_board", MODULES["render.momentum_board"])
    assert "js" in _imports("web.dom", MODULES["web.dom"]) or "pyscript" in _imports("web.dom", MODULES["web.dom"])


BOARD_MODULES = sorted(m for m in MODULES if m.startswith("render.") and m.endswith("_board"))


def test_every_game_has_a_board_module():
    assert [m.removeprefix("render.").removesuffix("_board") for m in BOARD_MODULES] == ["fenn", "momentum", "momox", "mops", "nummerus"]


@pytest.mark.parametrize("module", BOARD_MODULES)
def test_a_board_module_never_imports_a_view(module):
    views = {f"render.{game}" for game in ("fenn", "momentum", "momox", "mops", "nummerus")} | {"render.screens", "render.view"}
    imported = _imports(module, MODULES[module])
    assert not imported & (views - {"render.view"}), f"{module} imports a view module: {sorted(imported & views)}"


def test_play_by_link_knows_no_computer_player_and_no_drawing():
    for module in (m for m in MODULES if m.startswith("remote.")):
        assert not {i.split(".")[0] for i in _imports(module, MODULES[module])} & {"ai", "render", "web", "i18n"}, module

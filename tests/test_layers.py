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


# -- no import cycle -------------------------------------------------------------------------------


def _module_names(root: Path) -> dict[str, Path]:
    """Every module under `root` (a package folder) by its dotted name within it; a package by its own name."""
    names = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def import_graph(root: Path = PACKAGE, top: str = "ludothek") -> dict[str, set[str]]:
    """Which module of the package imports which, read from the source: imports at the top, in
    functions and under `if TYPE_CHECKING:` alike (a lazy import that only hides a cycle is still
    one). `from package import name` leads to the module package.name when there is one, else to
    the package itself (its __init__ must have run)."""
    names = _module_names(root)
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        package = [part for part in package if part]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.removeprefix(top).lstrip(".") for alias in node.names if alias.name.split(".")[0] == top)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[: len(package) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                elif (node.module or "").split(".")[0] == top:
                    target = (node.module or "").removeprefix(top).lstrip(".")
                else:
                    continue
                for alias in node.names:
                    submodule = f"{target}.{alias.name}".lstrip(".")
                    found.add(submodule if submodule in names else target)
        graph[name] = {other for other in found if other in names and other != name}
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The cycles of the graph: for each strongly connected part of more than one module, one cycle
    through it, as a list of modules each importing the next (and the last the first)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    parts: list[set[str]] = []

    def visit(start: str) -> None:  # Tarjan's algorithm, without recursion
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = set()
                while True:
                    member = stack.pop()
                    part.add(member)
                    if member == node:
                        break
                if len(part) > 1:
                    parts.append(part)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    cycles = []
    for part in parts:
        first = min(part)
        # The shortest way back to `first` inside its part (breadth first).
        came_from: dict[str, str] = {}
        queue = [first]
        while queue:
            node = queue.pop(0)
            for child in sorted(graph[node] & part):
                if child == first:
                    path = [node]
                    while path[-1] != first:
                        path.append(came_from[path[-1]])
                    cycles.append(path[::-1])
                    queue = []
                    break
                if child not in came_from:
                    came_from[child] = node
                    queue.append(child)
    return cycles


def test_no_module_imports_itself_through_others():
    cycles = import_cycles(import_graph())
    assert not cycles, "import cycles: " + "; ".join(" -> ".join([*cycle, cycle[0]]) for cycle in cycles)


def test_the_cycle_check_sees_lazy_and_package_imports(tmp_path):
    # The check above would pass on a reader that finds nothing: a cycle hidden in a function is found.
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from .c import thing\n")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def later():\n    from .sub import c\n")
    (package / "sub" / "c.py").write_text("import pkg.a\n")
    (package / "d.py").write_text("from .sub import thing\n")
    graph = import_graph(package, "pkg")
    assert graph["a"] == {"b"} and graph["b"] == {"sub.c"} and graph["sub.c"] == {"a"} and graph["d"] == {"sub"}
    assert import_cycles(graph) == [["a", "b", "sub.c"]]
    assert import_cycles({"x": {"y"}, "y": set()}) == []

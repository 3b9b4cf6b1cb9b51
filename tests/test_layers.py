"""The layers of docs/architecture.md, read from the source: games <- ai <- remote <- render <- web, and
only web touches the browser.

A board module (render/<game>_board.py) only draws, from data (`board_svg(s, marks)`, marks a
render.board_marks.BoardMarks that the view builds from the engine). Checked here, from the source:
- it imports no view (render/<game>.py, render.view, render.screens) and nothing of ludothek.ai;
- from ludothek.games it imports only constants (UPPER_CASE names: the tables of the physical
  board and its notation, such as FILES or FIELD_KINDS) and the notation (games/notation.py: pure
  text and numbers, as python-chess's square names), never another function, an engine or a
  state type, and of render only the drawing helpers (svg, marks, mops_icons, board_marks, diagram);
- it exposes `board_svg(s, marks)`, no function takes a `game` and no class is anything but a
  frozen dataclass (a game's payload for the marks): nothing can call the engine;
- it writes no sentences: no function named like a words function (`*_text`, `*_sentence`,
  `*_message`, `*_words`, `*_description`) and no gettext message that ends as a sentence does
  ('.', '!', '?'); what it may translate are short labels drawn on the board ("black die", "Stay");
- it keeps no module-level cache (no dict, list or set that starts empty at module level)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from ludothek.games import GAME_IDS

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


NOTATION = {"games.notation", "ludothek.games.notation"}  # shared by engines, boards and views
BOARD_HELPERS = {"render.svg", "render.marks", "render.mops_icons", "render.board_marks", "render.diagram", "i18n"}


def _tree(module: str) -> ast.Module:
    return ast.parse(MODULES[module].read_text(encoding="utf-8"))


@pytest.mark.parametrize("module", BOARD_MODULES)
def test_a_board_module_never_imports_a_view(module):
    views = {f"render.{game}" for game in ("fenn", "momentum", "momox", "mops", "nummerus")} | {"render.screens", "render.view"}
    imported = _imports(module, MODULES[module])
    assert not imported & views, f"{module} imports a view module: {sorted(imported & views)}"


def _type_checking_imports(tree: ast.Module) -> set[int]:
    """The ids of the import statements inside `if TYPE_CHECKING:` blocks (types only: they never run)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            found.update(id(child) for child in ast.walk(node) if isinstance(child, ast.ImportFrom))
    return found


def _is_type_name(name: str) -> bool:
    """A class's name as the engines name their states and effects (FennState, Effect)."""
    return name[:1].isupper() and not name.isupper()


@pytest.mark.parametrize("module", BOARD_MODULES)
def test_a_board_module_imports_only_constants_of_the_games_and_no_computer_player(module):
    """From the games a board takes constants (the tables of the physical board) and, for the type
    checker only, the types it draws (the state, the effect of a move): nothing it could call."""
    for imported in _imports(module, MODULES[module]):
        head = imported.split(".")[0]
        assert head != "ai", f"{module} imports {imported}"
        if head == "render":
            assert imported in BOARD_HELPERS, f"{module} imports {imported}, not a drawing helper"
    tree = _tree(module)
    types_only = _type_checking_imports(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert not any("games" in alias.name for alias in node.names), f"{module} imports a games module whole"
        if isinstance(node, ast.ImportFrom) and "games" in (node.module or "").split(".") and node.module not in NOTATION:
            names = [alias.name for alias in node.names]
            if id(node) in types_only:
                assert names and all(_is_type_name(name) for name in names), f"{module} imports {names} from {node.module} for typing: only types"
            else:
                assert names and all(name.isupper() for name in names), f"{module} imports {names} from {node.module}: only constants"


@pytest.mark.parametrize("module", BOARD_MODULES)
def test_a_board_is_drawn_from_data_and_takes_no_game(module):
    tree = _tree(module)
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert "board_svg" in functions, f"{module} has no board_svg"
    assert [a.arg for a in functions["board_svg"].args.args] == ["s", "marks"], f"{module}.board_svg must take (s, marks)"
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            arguments = node.args.args + node.args.kwonlyargs + node.args.posonlyargs
            assert "game" not in {a.arg for a in arguments}, f"{module}.{node.name} takes the game"
        if isinstance(node, ast.ClassDef):
            decorators = [ast.unparse(d) for d in node.decorator_list]
            assert decorators == ["dataclass(frozen=True)"], f"{module}.{node.name} is a class that is not a frozen dataclass"


WORDS_FUNCTIONS = ("_text", "_sentence", "_message", "_words", "_description")
GETTEXT = {"_", "N_", "ngettext", "pgettext"}


@pytest.mark.parametrize("module", BOARD_MODULES)
def test_a_board_writes_no_sentences(module):
    tree = _tree(module)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            assert not node.name.endswith(WORDS_FUNCTIONS), f"{module}.{node.name} looks like a words function: the view's"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in GETTEXT:
            for argument in node.args:
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    assert not argument.value.rstrip().endswith((".", "!", "?")), f"{module} writes a sentence: {argument.value!r}"


@pytest.mark.parametrize("module", BOARD_MODULES)
def test_a_board_keeps_no_module_level_cache(module):
    for node in _tree(module).body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        empty = isinstance(value, (ast.Dict, ast.List, ast.Set)) and not (getattr(value, "keys", None) or getattr(value, "elts", None))
        called = isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("dict", "list", "set") and not value.args
        assert not (empty or called), f"{module} keeps a module-level container that starts empty (a cache?) at line {node.lineno}"


def test_the_board_checks_find_what_they_forbid():
    # The checks above would pass on a parser that finds nothing: the old Fenn board broke each.
    old = ast.parse(
        "from ..games.fenn import BLUE, FennState\n_KINDS: dict = {}\n"
        "class Board:\n    def __init__(self, game, s, ui): pass\n"
        "def closed_message(s):\n    return _('Field {n} is closed.')\n"
    )
    imports = [n for n in ast.walk(old) if isinstance(n, ast.ImportFrom)]
    assert not all(alias.name.isupper() for alias in imports[0].names)
    # A type imported to run (not under TYPE_CHECKING) is refused; under it, a function still is.
    typed = ast.parse("if TYPE_CHECKING:\n    from ..games.fenn import FennState, legal_steps\n")
    assert _type_checking_imports(typed) and not all(_is_type_name(a.name) for n in ast.walk(typed) if isinstance(n, ast.ImportFrom) for a in n.names)
    init = next(n for n in ast.walk(old) if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    assert "game" in {a.arg for a in init.args.args}
    assert any(isinstance(n, ast.FunctionDef) and n.name.endswith(WORDS_FUNCTIONS) for n in ast.walk(old))
    assert isinstance(old.body[1], ast.AnnAssign) and isinstance(old.body[1].value, ast.Dict) and not old.body[1].value.keys


def test_play_by_link_knows_no_computer_player_and_no_drawing():
    for module in (m for m in MODULES if m.startswith("remote.")):
        assert not {i.split(".")[0] for i in _imports(module, MODULES[module])} & {"ai", "render", "web", "i18n"}, module


GAME_BRANCH = re.compile(r"""\bgame(?:_id|\.id)?\s*(?:==|!=|not\s+in|in)\s*[("']""")


# Modules that ask each game for what differs (its engine, its AI module, its view) and so name no game.
ASKING_THE_GAME = ["remote.chance", "ai.puzzles", "ai.review", "render.puzzles", "render.review"]


def _of_one_game(imports: set[str]) -> set[str]:
    """The modules of one game among `imports` (games.momox_state, ai.fenn, render.mops_board)."""
    return {i for i in imports if i.split(".")[-1].split("_")[0] in GAME_IDS}


def _dicts_keyed_by_game(tree: ast.Module) -> list[str]:
    """Dict displays with a game's name as a key: a branch per game as a table (`THRESHOLDS[game.id]`)."""
    return [
        f"line {node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Dict) and any(isinstance(k, ast.Constant) and k.value in GAME_IDS for k in node.keys)
    ]


@pytest.mark.parametrize("module", ASKING_THE_GAME)
def test_puzzles_review_and_chance_are_declared_by_each_game_not_branched_on(module):
    """ai/puzzles.py asks the game's AI module (`puzzle_best_moves`), ai/review.py its `REVIEW`
    (ai.base.ReviewRules), render/puzzles.py the game's view (`puzzle_task`, `puzzle_premise_html`,
    `puzzle_hint`), remote/chance.py the engine (Game.setup_has_chance, starts_chance,
    play_with_chance): none compares a game's name, imports one game's module or keeps a table by
    game."""
    source = MODULES[module].read_text(encoding="utf-8")
    assert not GAME_BRANCH.findall(source), module
    assert not _of_one_game(_imports(module, MODULES[module])), module
    assert not _dicts_keyed_by_game(ast.parse(source)), module


def test_the_per_game_checks_find_what_they_forbid():
    assert set(GAME_IDS) == {"fenn", "momentum", "momox", "mops", "nummerus"}
    old_branches = 'if game_id == "mops":\n    pass\nif game.id in ("fenn",):\n    pass\nif game.id not in ("momentum", "nummerus"):\n    pass\n'
    assert len(GAME_BRANCH.findall(old_branches)) == 3
    old_tables = ast.parse('THRESHOLDS = {"momentum": (0, 40, 100)}\nscale = {"mops": 15.0}.get(game.id, 10.0)\n')
    assert len(_dicts_keyed_by_game(old_tables)) == 2
    assert not _dicts_keyed_by_game(ast.parse('NOTES = {"keeps-win": "x"}\n'))
    # The old render/puzzles.py imported Momox' engine, the old ai/puzzles.py Momentum's and Mops'.
    assert _of_one_game({"games.momox", "games.mops_state", "ai.fenn_solver", "render.svg", "i18n", "games.base"}) == {
        "games.momox",
        "games.mops_state",
        "ai.fenn_solver",
    }


# The offline puzzle miner is held to the same rule: each game's AI module mines its own puzzles
# (`mine_puzzles(mine)`, asked through ai.puzzle_mining.mine_puzzles), as it proves them.
SCRIPTS_ASKING_THE_GAME = [PACKAGE.parent.parent / "scripts" / "mine_puzzles.py"]


def _script_imports(tree: ast.Module) -> set[str]:
    """What a script imports, `from package import module` read as package.module (ai.fenn)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.removeprefix("ludothek.") for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = (node.module or "").removeprefix("ludothek.")
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _games_named(tree: ast.Module) -> list[str]:
    """A game's name as a text ("fenn") or as a word of a name (mine_fenn, MOMENTUM_TIME)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in GAME_IDS:
            found.append(f"line {node.lineno}: {node.value!r}")
        names = [node.id] if isinstance(node, ast.Name) else [node.attr] if isinstance(node, ast.Attribute) else []
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names = [node.name]
        found += [f"line {node.lineno}: {name}" for name in names if set(name.lower().split("_")) & set(GAME_IDS)]
    return found


@pytest.mark.parametrize("script", SCRIPTS_ASKING_THE_GAME, ids=lambda path: path.name)
def test_the_puzzle_miner_asks_each_game_and_names_none(script):
    source = script.read_text(encoding="utf-8")
    tree = ast.parse(source)
    assert not GAME_BRANCH.findall(source), script.name
    assert not _of_one_game(_script_imports(tree)), f"{script.name} imports {sorted(_of_one_game(_script_imports(tree)))}"
    assert not _dicts_keyed_by_game(tree), script.name
    assert not _games_named(tree), f"{script.name} names a game: {_games_named(tree)}"


def test_the_miner_checks_find_what_they_forbid():
    # The old scripts/mine_puzzles.py: a miner per game, imported from each game's AI module, and a table of them.
    old = ast.parse(
        "from ludothek.ai.fenn import fenn_winning_moves\nfrom ludothek.ai import momox_puzzles\n"
        "def mine_fenn():\n    game = get_game('fenn')\nMOMENTUM_TIME = 1500\nMINERS = {'fenn': mine_fenn}\n"
    )
    assert {"ai.fenn", "ai.momox_puzzles"} <= _of_one_game(_script_imports(old))
    assert len(_games_named(old)) == 5  # mine_fenn (defined and in the table), 'fenn' twice, MOMENTUM_TIME
    assert len(_dicts_keyed_by_game(old)) == 1
    assert not _games_named(ast.parse("for name in puzzle_games():\n    P.mine_puzzles(name, Mine(seconds(name)))\n"))


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


# -- the engine answers, the view asks -------------------------------------------------------------
# A view (render/<game>.py) and its board (render/<game>_board.py) never re-implement a rule the
# engine owns: no function of theirs is named like one of the engine's (a module function or a
# method of its game), as render/mops.py's copies `cell_kinds` and `neighbours` once were; and no
# phase is compared with a raw string (the engines' phase constants, typed `Literal`s, are the one
# vocabulary), as render/fenn.py's `s.phase == "extra"` once was.

GAMES = ("fenn", "momentum", "momox", "mops", "nummerus")
# Names a view shares with its engine by design: the same question asked of different things
# (the view's `describe_move` words a move for players, Fenn's engine in English for logs).
SHARED_BY_DESIGN = {"describe_move"}


def _engine_names(game: str) -> set[str]:
    # The engine's module and the modules it is split into (games/<game>_*.py, as games/mops_layout.py).
    names: set[str] = set()
    for module in [f"games.{game}", *sorted(m for m in MODULES if m.startswith(f"games.{game}_"))]:
        tree = _tree(module)
        names |= {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                names |= {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
    return {name for name in names if not name.startswith("__")}


def _defined_functions(tree: ast.Module) -> set[str]:
    names = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names |= {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
    return names


def _raw_phase_comparisons(tree: ast.Module) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        phase = any(isinstance(side, ast.Attribute) and side.attr in ("phase", "step") or isinstance(side, ast.Name) and side.id == "phase" for side in sides)
        literal = any(
            isinstance(side, ast.Constant)
            and isinstance(side.value, str)
            or isinstance(side, (ast.Tuple, ast.List, ast.Set))
            and any(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in side.elts)
            for side in sides
        )
        if phase and literal:
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def _view_modules(game: str) -> list[str]:
    # The view, its board and the modules the view is split into (render/<game>_*.py, as render/nummerus_words.py).
    return [f"render.{game}", *sorted(m for m in MODULES if m.startswith(f"render.{game}_"))]


@pytest.mark.parametrize("game", GAMES)
def test_a_view_defines_no_function_named_like_its_engines(game):
    engine = _engine_names(game) - SHARED_BY_DESIGN
    for module in _view_modules(game):
        copies = _defined_functions(_tree(module)) & engine
        assert not copies, f"{module} defines {sorted(copies)}, which games/{game}.py answers: ask the engine"


def _notation_names() -> set[str]:
    return {node.name for node in _tree("games.notation").body if isinstance(node, ast.FunctionDef)}


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.split(".")[0] in ("games", "ai", "render") and m != "games.notation"))
def test_the_notation_is_written_once(module):
    # Cells and tiles are written and read in games/notation.py alone: render/momentum_board.py
    # and render/mops_board.py once kept their own `cell_name`, `cell_index` and `tile_code`.
    copies = _defined_functions(_tree(module)) & _notation_names()
    assert not copies, f"{module} defines {sorted(copies)}: import them from games/notation.py"


@pytest.mark.parametrize("game", GAMES)
def test_a_view_compares_no_phase_with_a_raw_string(game):
    for module in _view_modules(game):
        assert not _raw_phase_comparisons(_tree(module)), f"{module} compares a phase with raw text: {_raw_phase_comparisons(_tree(module))}"


def test_the_rule_copy_checks_find_what_they_forbid():
    # The old render/mops.py and render/fenn.py broke both checks.
    old = ast.parse(
        "def cell_kinds(layout):\n    return {}\n"
        "class FennView:\n    def marks(self, s):\n        if s.phase == 'extra' or phase in ('step', 'extra'):\n            pass\n"
    )
    assert "cell_kinds" in _defined_functions(old) & _engine_names("mops")
    assert len(_raw_phase_comparisons(old)) == 2
    assert not _raw_phase_comparisons(ast.parse("if s.phase == EXTRA and kind == 'pasch':\n    pass\n"))


# -- a computer player asks the engine's typed API ----------------------------------------------------
# The computer players (ai/) read a finished game from the state's `outcome` and the phase from its
# typed `phase` (compared with the engine's constants), never from the fields behind them, as
# ai/fenn_solver.py's `s.winner`/`s.drawn`, ai/mops.py's `s.step == PLACE`, ai/nummerus.py's
# `s.swap_step` and ai/puzzles.py's `s.over or s.pie == "swap"` and `after.step == "score"` once did.

AI_MODULES = sorted(m for m in MODULES if m.split(".")[0] == "ai")
STATE_FIELDS_BEHIND_THE_API = {"winner", "drawn", "over", "game_over", "step", "swap_step", "pie"}


def _fields_behind_the_api(tree: ast.Module) -> list[str]:
    return [
        f"line {node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr in STATE_FIELDS_BEHIND_THE_API
    ]


@pytest.mark.parametrize("module", AI_MODULES)
def test_a_computer_player_compares_no_phase_with_a_raw_string(module):
    assert not _raw_phase_comparisons(_tree(module)), f"{module} compares a phase with raw text: {_raw_phase_comparisons(_tree(module))}"


@pytest.mark.parametrize("module", AI_MODULES)
def test_a_computer_player_reads_result_and_phase_through_the_api(module):
    found = _fields_behind_the_api(_tree(module))
    assert not found, f"{module} reads state fields behind `outcome` and `phase`: {found}"


def test_the_api_checks_find_what_they_forbid():
    old = ast.parse("if s.winner is not None or s.drawn or after.step == 'score' or s.swap_step:\n    pass\n")
    assert len(_fields_behind_the_api(old)) == 4
    assert len(_raw_phase_comparisons(old)) == 1
    assert not _fields_behind_the_api(ast.parse("if s.outcome is not None and s.phase == SWAP:\n    pass\n"))

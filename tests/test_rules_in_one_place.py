"""One rule, one place (issue 56): the engine answers every rule question; a view, its words and
panels, and a computer player ask it. Read from the source, as tests/test_layers.py reads the layers.

What a view may know of a game is what it draws and names: the geometry of the physical board,
the names of places and seats, the codes of its notation and the engine's phases. What it may not
know are the rules' numbers and tests (how long a chain must be, how many repeats end a game,
whose turn follows whom, what a move would do): those it asks the engine, which answers in data.

Checked for every module of a game's view (render/<game>.py, render/<game>_*.py) and, where the
layer says so, of its computer player (ai/<game>*.py):
- from the games it imports only types (under TYPE_CHECKING or not), the notation
  (games/notation.py, games/seats.py), its engine's instance `GAME` and the names its engine
  declares for drawing (`FOR_DRAWING` below: geometry, names, codes, phases); a computer player
  may also call the engine's functions, and keeps a faster model of a rule only where a benchmark
  showed the engine too slow, with a test that the model agrees (`RULE_MODELS`);
- it works out no rule again from a state's fields: no `len(s.x) == 1` (solitaire is asked),
  no state field compared with a text (`s.pie == "swap"`: a legal move is asked) or with a number
  above 1 (`s.repeats == 2`: the limit is the engine's), no arithmetic on whose turn it is
  (`1 - s.to_move`: the engine says who moved and who is next), and no move text made up to ask
  the engine about it (`why_illegal(s, f"{give}x{take}")`: the engine answers a partial input).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "py" / "ludothek"
GAMES = ("fenn", "momentum", "momox", "mops", "nummerus")

# Per module of the games: the names a view or a computer player may import from it, because they
# are what is drawn and named (geometry, places, seats, codes of the notation, phases). Everything
# else a view needs of the rules it asks the engine or the state.
FOR_DRAWING: dict[str, set[str]] = {
    "fenn": {"BLUE", "RED", "BOARD_FIELDS", "START_FIELD", "GOAL_FIELD", "DIE_FACES", "BLACK_FACES", "DIE_NAMES", "BLACK_NAME", "opponent"}
    | {"STEP", "PASS", "EXTRA", "PASCH", "END_TURN", "PASS_TURN"},
    "momentum": {"SWAP", "SPECIAL_KINDS"},
    "momentum_state": {"EMPTY", "HOLE", "DAMPER", "BUFFER", "SEAT_LETTERS", "PLACE"},
    "momox": {"LIFT", "TILE", "SHUFFLE", "OVER", "LIFT_MOVES", "STAY", "TAKE", "LEAVE", "RESHUFFLE", "KEEP"},
    "momox_board": {"CENTRE", "CIRCLES", "CORNER", "CORNER_FIELDS", "FIELD_COUNT", "FIELD_KINDS", "START_FIELDS", "TILE_AT", "YELLOW", "YELLOW_FIELDS"}
    | {"COLOUR_LETTERS", "TILE_VALUES", "CHIP_VALUES"},
    "mops_layout": {"EMPTY", "FACE_DOWN", "START_CELL"},
    "mops_state": {"PLACE", "SCORE", "FINAL"},
    "nummerus": {"CHIPS", "LAYOUT_STAR", "FIELD_COUNT", "FIELD_INDEX", "FIELD_NAMES", "FIELD_COORDS", "BOARD_FILES", "RANK_FILES", "DIRECTION_NAMES", "RAYS"}
    | {"NO_SWAP", "STAR_PHASE", "SWAP_PHASE", "OVER_PHASE", "parse_field"},
    # The names of the editor's settings of a seat ("points-2-1"), read back as its fields' names are.
    "nummerus_editing": {"seat_setting"},
}

# A computer player's faster model of a rule, and the test that proves it agrees with the engine
# on seeded games (the model may read the rule's constants; nothing else outside games/ may).
RULE_MODELS: dict[str, str] = {
    # Chain lengths and a finished round's result read from the owners of the numbers: a playout on
    # the model runs about 20 times as fast as one through the engine, and its result 2.6 times as
    # fast as the engine's scoring asked from the owners (bench/nummerus_model_speed.py).
    "ai.nummerus_model": "tests/test_nummerus_ai.py::test_the_search_model_agrees_with_the_engine",
    "ai.momox": "tests/test_momox_ai.py::test_the_searches_model_of_a_lift_agrees_with_the_engine",
    # Mops Royal's planning levels find the combinations of every layout they try from the counts
    # they keep per placement for the potential (bench/mops_model.py: the engine's answer, some
    # 150 us a layout against 0.4 us, would make each layout tried 2.6 times as costly).
    "ai.mops_eval": "tests/test_mops_ai.py::test_the_evaluation_model_agrees_with_the_engine",
    # Fenn's solver works out how a turn can end on plain integers (bench/fenn_turn_model.py: the
    # engine's answer, every move of the turn played, takes about 45 times as long).
    "ai.fenn_solver": "tests/test_fenn_ai.py::test_the_turn_model_agrees_with_the_engine_on_seeded_games",
}

# What is still worked out again outside the engine, per game: being moved into the engines (issue
# 56). Each entry is a finding of the checks below; the test fails when an entry is found no more,
# so that it is taken off this list, and `test_nothing_is_left_to_move` says when the list is empty.
STILL_TO_MOVE: dict[str, set[str]] = {
    "fenn": set(),
    "momentum": set(),
    "momox": set(),
    "mops": set(),
    "nummerus": set(),
}

STATE_NAMES = {"s", "state", "before", "after", "public", "obs", "observation", "shown", "start", "position"}
ASKING = {"why_illegal", "effect", "refusal", "play", "move_error_text"}


def modules_of(game: str, layers: tuple[str, ...] = ("render", "ai")) -> dict[str, Path]:
    found = {}
    for layer in layers:
        for path in sorted((PACKAGE / layer).glob("*.py")):
            stem = path.stem
            if stem == game or stem.startswith(game + "_"):
                found[f"{layer}.{stem}"] = path
    return found


def _types_only(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found.update(id(child) for child in ast.walk(node))
    return found


def _is_type_name(name: str) -> bool:
    return name[:1].isupper() and not name.isupper()


def imported_rules(module: str, tree: ast.Module) -> list[str]:
    """Names imported from the games that are neither types, notation, the engine's instance nor
    declared for drawing (a computer player may also import the engine's functions)."""
    layer = module.split(".")[0]
    types_only = _types_only(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.module or "games" not in node.module.split("."):
            continue
        source = node.module.split(".")[-1]
        if source in ("notation", "seats", "base", "errors", "editing", "games") or id(node) in types_only:
            continue
        for alias in node.names:
            name = alias.name
            if _is_type_name(name) or name == "GAME" or name in FOR_DRAWING.get(source, set()):
                continue
            if layer == "ai" and (name[:1].islower() or module in RULE_MODELS):
                continue
            found.append(f"imports {source}.{name}")
    return found


def _state_rooted(node: ast.AST) -> bool:
    """An expression read from a state: `s.x`, `before.hands[0]`, `self.state.round`."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
        if isinstance(node, ast.Name) and node.id in STATE_NAMES:
            return True
    return False


def _is_len_of_state(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" and bool(node.args) and _state_rooted(node.args[0])


def worked_out_again(tree: ast.Module) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            numbers = [s for s in sides if isinstance(s, ast.Constant) and type(s.value) is int]
            texts = [s for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)]
            if any(_is_len_of_state(s) for s in sides) and numbers:
                found.append(f"line {node.lineno}: counts a state's field: {ast.unparse(node)}")
            elif any(_state_rooted(s) for s in sides) and texts:
                found.append(f"line {node.lineno}: a state's field against a text: {ast.unparse(node)}")
            elif any(_state_rooted(s) for s in sides) and any(n.value > 1 for n in numbers):
                found.append(f"line {node.lineno}: a state's field against a rule's number: {ast.unparse(node)}")
        if isinstance(node, ast.BinOp) and any(isinstance(side, ast.Attribute) and side.attr == "to_move" for side in (node.left, node.right)):
            found.append(f"line {node.lineno}: works out whose turn: {ast.unparse(node)}")
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in ASKING and len(node.args) >= 2 and isinstance(node.args[1], (ast.JoinedStr, ast.BinOp)):
                found.append(f"line {node.lineno}: asks the engine about a move it made up: {ast.unparse(node)}")
    return found


NOT_A_RULE = "# not a rule:"


def rule_numbers(source: str) -> list[str]:
    """Comparisons with a number above 1 in a view's words and panels (a board draws with numbers;
    its view only words and asks): a rule's number (two chains to choose from, the opening roll's
    6, a repetition's second time, an age's 150) is the engine's. A line that compares with a
    number for another reason says so: `# not a rule: <why>`."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and NOT_A_RULE not in lines[node.lineno - 1]:
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Constant) and type(s.value) is int and s.value > 1 for s in sides):
                found.append(f"line {node.lineno}: a rule's number? {ast.unparse(node)}")
    return found


def findings(game: str) -> set[str]:
    found = set()
    for module, path in modules_of(game).items():
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        found |= {f"{module}: {item}" for item in imported_rules(module, tree)}
        if module.startswith("render."):
            found |= {f"{module}: {item.split(': ', 1)[1]}" for item in worked_out_again(tree)}
            if not module.endswith(("_board", "_icons")):
                found |= {f"{module}: {item.split(': ', 1)[1]}" for item in rule_numbers(source)}
    return found


@pytest.mark.parametrize("game", GAMES)
def test_a_view_and_a_computer_player_ask_the_engine(game):
    found = findings(game)
    left = STILL_TO_MOVE.get(game, set())
    assert found - left == set(), "worked out again outside the engine"
    assert left - found == set(), "moved into the engine: take these off STILL_TO_MOVE"


def test_nothing_is_left_to_move():
    assert not any(STILL_TO_MOVE.values())


def test_every_rule_model_has_its_agreement_test():
    for module, test in RULE_MODELS.items():
        path, _sep, name = test.partition("::")
        assert f"def {name}(" in (PACKAGE.parent.parent / path).read_text(encoding="utf-8"), module


def test_the_checks_find_what_they_forbid():
    # What the views did before issue 56 (render/nummerus_panels.py, render/fenn_panels.py,
    # render/momentum.py, render/nummerus.py), each caught.
    old = ast.parse(
        "from ..games.nummerus import FIELD_INDEX, SOLITAIRE_REMOVED_FROM\n"
        "solitaire = len(s.collections) == 1\n"
        "if s.pie == 'swap': pass\n"
        "if s.repeats == 2: pass\n"
        "mover = 1 - s.to_move\n"
        "refused = game.why_illegal(s, f'{give}x{take}')\n"
    )
    assert imported_rules("render.nummerus_panels", old) == ["imports nummerus.SOLITAIRE_REMOVED_FROM"]
    assert len(worked_out_again(old)) == 5
    # What stays allowed: phases and geometry, a state's field against 0 or 1, the engine's answers.
    fine = ast.parse(
        "from ..games.fenn import EXTRA, BLUE\nif TYPE_CHECKING:\n    from ..games.fenn import legal_steps\n"
        "if s.phase == EXTRA and s.round == 1 and game.is_solitaire(s): pass\nrefused = game.why_illegal(s, move)\n"
    )
    assert imported_rules("render.fenn", fine) == [] and worked_out_again(fine) == []
    assert imported_rules("ai.momentum", ast.parse("from ..games.momentum import push_stones\n")) == []
    assert len(rule_numbers("if repeats == 2:\n    pass\nif len(name) == 7:  # not a rule: a colour's code\n    pass\n")) == 1

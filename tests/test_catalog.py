"""The catalog (render/catalog.py): one typed record per game, every list of games derived from the
records, and no game's module found by its name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ludothek.games import ENGINES, GAME_IDS, get_game
from ludothek.remote.chance import REMOTE_GAMES
from ludothek.render.catalog import RECORDS, embed_layout, games_by_link, is_game, position_editing, puzzle_games, record

PACKAGE = Path(__file__).resolve().parent.parent / "py" / "ludothek"
IDS = [r.id for r in RECORDS]


def test_the_records_are_the_engines_games_in_their_order():
    assert tuple(IDS) == tuple(ENGINES) == GAME_IDS


@pytest.mark.parametrize("game_id", IDS)
def test_every_part_a_record_registers_is_its_own_games(game_id):
    r = record(game_id)
    engine = r.engine()
    assert engine.id == game_id and engine is get_game(game_id)
    assert r.view().game is engine and r.view().game_id == game_id
    assert r.ai().game is engine
    assert r.levels() and [lv.number for lv in r.levels()] == sorted(lv.number for lv in r.levels())
    assert r.board() is r.view().board
    assert r.editing() is position_editing(game_id)
    assert r.has_puzzles == (r.ai().puzzles is not None)
    assert r.offered_by_link() == engine.offered_by_link


@pytest.mark.parametrize("game_id", IDS)
def test_the_notation_examples_are_what_the_engine_reads_and_plays(game_id):
    r = record(game_id)
    engine = r.engine()
    s = engine.from_position(r.notation.position)
    assert engine.position(s) == r.notation.position
    for move in r.notation.moves:
        assert move in engine.legal_moves(s), (move, engine.position(s))
        s = engine.play(s, move)


def test_the_lists_of_games_are_derived_from_the_records():
    assert puzzle_games() == tuple(r.id for r in RECORDS if r.has_puzzles)
    assert games_by_link() == ("momentum", "nummerus", "fenn", "mops")  # Momox' engine declares it is not offered
    assert set(REMOTE_GAMES) == set(games_by_link())  # the link's codes: exactly the games offered
    assert embed_layout("fenn") is record("fenn").embed
    assert embed_layout("no-such-game").width == 420  # an old snippet's unknown id: the common size
    assert position_editing("no-such-game") is None
    assert not is_game("no-such-game") and not is_game(None) and is_game("mops")
    with pytest.raises(ValueError, match="unknown game"):
        record("chess")


def _finds_by_name(tree: ast.Module) -> list[str]:
    """Calls that find a module by a name made at run time: importlib.import_module, __import__,
    and getattr on something named like a module."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in ("import_module", "__import__"):
                found.append(f"line {node.lineno}: {name}")
            if name == "getattr" and node.args and "module" in ast.unparse(node.args[0]).lower():
                found.append(f"line {node.lineno}: getattr on a module")
    return found


def test_no_module_of_the_package_finds_a_game_by_its_name():
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "more_modules.py":  # the second zip's finder imports what Python asks for
            continue
        hits = _finds_by_name(ast.parse(path.read_text(encoding="utf-8")))
        if hits:
            found[path.relative_to(PACKAGE).as_posix()] = hits
    assert found == {}


def test_the_name_check_finds_what_it_forbids():
    # The old ai/__init__.py and games/editing.py found each game's module by its name.
    old = ast.parse(
        'import importlib\nmodule = importlib.import_module(f"ludothek.ai.{game_id}")\nbest = getattr(_module(game.id), "puzzle_best_moves", None)\n'
    )
    assert len(_finds_by_name(old)) == 2

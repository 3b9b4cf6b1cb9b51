"""The seats' colours in one table (games/seats.py), named in one place (render/seats.py): every
engine, board and view takes its seats' colours from the table, and no module spells them again."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ludothek.games.seats import COLOURS, SEAT_COLOURS
from ludothek.render import get_view
from ludothek.render.seats import SEAT_COLOUR_NAMES, SEAT_COLOUR_WORDS

PACKAGE = Path(__file__).resolve().parent.parent / "py" / "ludothek"


def test_every_colour_has_its_names():
    assert set(SEAT_COLOUR_NAMES) == set(SEAT_COLOUR_WORDS) == set(COLOURS)
    assert all(set(colours) <= set(COLOURS) for colours in SEAT_COLOURS.values())


@pytest.mark.parametrize("game_id", sorted(SEAT_COLOURS))
def test_each_view_paints_its_seats_from_the_table(game_id):
    assert get_view(game_id).seat_colours == SEAT_COLOURS[game_id]


def _colour_tuples(path: Path) -> list[int]:
    """Lines where a tuple or list of two or more seat colours is spelled out."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) >= 2:
            if all(isinstance(e, ast.Constant) and e.value in COLOURS for e in node.elts):
                found.append(node.lineno)
    return found


@pytest.mark.parametrize(
    "path", sorted(p for p in PACKAGE.rglob("*.py") if p.name != "seats.py" or p.parent.name != "games"), ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_no_module_spells_the_seat_order_again(path):
    # Six modules once did: games/fenn.py, games/momentum.py, games/momox_board.py and the
    # Fenn, Mops Royal and Nummerus boards.
    assert not _colour_tuples(path), f"{path.relative_to(PACKAGE)} lists seat colours: take them from games/seats.py"


def test_the_check_finds_a_spelled_order(tmp_path):
    old = tmp_path / "old.py"
    old.write_text('SEAT_CSS = ("blue", "red")\n', encoding="utf-8")
    assert _colour_tuples(old) == [1]

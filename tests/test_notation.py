"""games/notation.py: every written form reads back as what was written (the parse/format pairs
the engines, views and computer players share), and text that is no such form reads as None."""

from __future__ import annotations

import pytest

from ludothek.games import notation as n


@pytest.mark.parametrize("width, height", [(7, 7), (7, 9), (9, 9)])
def test_cells_round_trip(width, height):
    for index in range(width * height):
        name = n.cell_name(index, width)
        assert n.parse_cell(name, width, height) == index
        assert n.cell_index(name, width) == index


@pytest.mark.parametrize("text", ["", "a", "a0", "a10", "j1", "A1", "a01", "a1 ", "a²"])
def test_no_cell(text):
    assert n.parse_cell(text, 9, 9) is None


def test_mops_tiles_and_frame_cells_round_trip():
    for tile in range(n.TILE_KINDS):
        code = n.tile_code(tile)
        assert n.parse_tile(code) == n.tile_id(code) == tile
        assert n.tile_code(tile + n.TILE_KINDS) == code  # face down: printed as its face
    for index in range(n.FRAME * n.FRAME):
        name = n.frame_cell_name(index)
        assert n.parse_frame_cell(name) == n.frame_cell_index(name) == index


def test_mops_refusals_round_trip():
    for index in range(n.FRAME * n.FRAME):
        move = n.refusal_move(index)
        assert move == "x" + n.frame_cell_name(index)
        assert n.parse_refusal(move) == index


@pytest.mark.parametrize("move", ["e5", "x", "xj1", "xe0", "pass", "e5,e6,e7!e6", "Xe5", ""])
def test_no_mops_refusal(move):
    assert n.parse_refusal(move) is None


def test_fenn_moves_round_trip():
    for field in range(11):
        for face in range(1, 10):
            move = n.step_move(field, face)
            assert n.parse_step(move) == (field, face) and n.parse_black(move) is None
            assert n.is_fenn_move(move)
    for face in range(1, 10):
        move = n.black_move(face)
        assert n.parse_black(move) == face and n.parse_step(move) is None
        assert n.is_fenn_move(move)


def test_nummerus_moves_round_trip():
    for give in range(1, 49):
        for take in range(1, 49):
            assert n.parse_swap(n.swap_move(give, take)) == (give, take)
    for side in n.SIDES:
        assert n.split_side(n.solitaire_move("d5", side)) == ("d5", side)
    assert n.split_side("d5") == ("d5", None)
    assert n.parse_swap("d5") is None and n.parse_swap("noswap") is None and n.parse_swap("0x7") is None

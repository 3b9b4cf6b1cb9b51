"""The computer players choose the same moves as when tests/data/ai_moves.json was recorded: the
same seed, level and position give the same move for every game and level, a few whole games
between two players repeat move for move, and the review's values are unchanged (see
tests/ai_moves.py, which records the table)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ai_moves
from ludothek.games import GAME_IDS, get_game

RECORDED = json.loads((Path(__file__).parent / "data" / "ai_moves.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_moves_in_the_same_positions(game_id):
    game = get_game(game_id)
    assert ai_moves.moves_in_positions(game) == RECORDED[game_id]["positions"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_whole_games(game_id):
    assert ai_moves.whole_games(get_game(game_id)) == RECORDED[game_id]["games"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_review_values(game_id):
    assert ai_moves.review_values(get_game(game_id)) == RECORDED[game_id]["review"]

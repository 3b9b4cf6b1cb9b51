"""The shipped puzzles (ludothek/data/puzzles.json): every solution is correct and the only best
move, proven again here by exact searches over the engines; the lines shown after a wrong
answer replay legally and end as promised."""

from __future__ import annotations

import pytest

from ludothek.ai import puzzles as P
from ludothek.games import get_game

MINIMUM = {"fenn": 12, "nummerus": 12, "mops": 8}


@pytest.mark.parametrize("game_id", P.PUZZLE_GAMES)
def test_the_puzzles_are_well_formed(game_id):
    shipped = P.puzzles(game_id)
    assert len(shipped) >= MINIMUM[game_id]
    ids = [p["id"] for p in shipped]
    assert len(set(ids)) == len(ids)
    assert all(p["difficulty"] in (1, 2, 3) for p in shipped)
    assert [p["difficulty"] for p in shipped] == sorted(p["difficulty"] for p in shipped), "easiest first"
    assert len({p["position"] for p in shipped}) == len(shipped)
    assert P.puzzle(game_id, ids[0]) == shipped[0] and P.puzzle(game_id, "nothing") is None


@pytest.mark.parametrize("game_id", P.PUZZLE_GAMES)
def test_every_solution_is_correct_and_unique(game_id):
    game = get_game(game_id)
    for p in P.puzzles(game_id):
        s = P.puzzle_state(game, p)
        assert game.position(s) == p["position"]
        assert p["solution"] in game.legal_moves(s), p["id"]
        best = P.best_moves(game, p)
        if game_id == "mops":
            assert P.mops_placement_points(game, s)[p["solution"]] > 0
        assert best == [p["solution"]], (p["id"], best)
        assert P.is_solution(p, p["solution"])
        wrong = next(m for m in game.legal_moves(s) if m not in best)
        assert not P.is_solution(p, wrong)


@pytest.mark.parametrize("game_id", P.PUZZLE_GAMES)
def test_the_lines_replay_and_end_as_promised(game_id):
    game = get_game(game_id)
    for p in P.puzzles(game_id):
        s = P.puzzle_state(game, p)
        seat = game.current_player(s)
        assert p["line"][0] == p["solution"]
        for move in p["line"]:
            s = game.play(s, move)
        if game_id in ("fenn", "momentum", "nummerus"):
            assert game.is_over(s) and game.winners(s) == [seat], p["id"]
        else:  # Mops Royal: the placement and the round's best scoring make the promised points
            start = P.puzzle_state(game, p)
            assert game.scores(s)[seat] - game.scores(start)[seat] == P.mops_placement_points(game, start)[p["solution"]]

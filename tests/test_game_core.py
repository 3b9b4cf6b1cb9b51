"""The shared core of games/base.py: driving step generators, replaying moves, outcomes."""

from __future__ import annotations

from ludothek.games.base import run_to_end, steps_as


def counting(n: int):
    for i in range(n):
        yield i
    return f"done after {n}"


def test_run_to_end_returns_what_the_generator_returns():
    assert run_to_end(counting(3)) == "done after 3"
    assert run_to_end(counting(0)) == "done after 0"


def test_steps_as_yields_the_callers_step_and_passes_the_result_on():
    def caller():
        result = yield from steps_as(counting(2), "progress")
        return result.upper()

    steps = caller()
    assert [next(steps), next(steps)] == ["progress", "progress"]
    assert run_to_end(steps) == "DONE AFTER 2"


def test_replay_yields_each_state_and_names_the_illegal_move():
    import pytest

    from ludothek.games import RecordError, get_game

    game = get_game("momentum")
    start = game.new_game(players=2, seed=1)
    states = list(game.replay(start, ["d4", "c3"]))
    assert [s.moves for s in states] == [("d4",), ("d4", "c3")]
    with pytest.raises(RecordError) as caught:
        run_to_end(game.replay(start, ["d4", "d4"]))
    assert caught.value.rule == "illegal-move"
    assert caught.value.params["number"] == 2 and caught.value.params["error"].rule == "cell-occupied"


REASONS = {
    "momentum": {"hand-empty", "round-limit"},
    "nummerus": {"board-empty"},
    "fenn": {"crossed", "repetition"},
    "mops": {"final-scoring"},
    "momox": {"four-tiles", "rounds-played"},
}


def test_every_state_answers_outcome_and_the_result_is_read_from_it():
    import random

    from ludothek.games import GAME_IDS, get_game

    for game_id in GAME_IDS:
        game = get_game(game_id)
        for setup in game.conformance_setups():
            s = game.new_game(seed=3, **setup)
            rng = random.Random(3)
            while game.legal_moves(s):
                assert s.outcome is None and not game.is_over(s) and game.winners(s) == []
                s = game.play(s, rng.choice(game.legal_moves(s)))
            outcome = s.outcome
            assert outcome is not None and game.is_over(s) and game.current_player(s) is None
            assert outcome.reason in REASONS[game_id], (game_id, outcome)
            assert game.winners(s) == list(outcome.winners)
            assert game.observation(s, None).outcome == outcome


def test_one_flag_marks_an_observation_with_hidden_parts():
    from ludothek.games import GAME_IDS, get_game

    for game_id in GAME_IDS:
        game = get_game(game_id)
        s = game.new_game(players=2, seed=1)
        observed = game.observation(s, None)
        assert not s.hidden and not game.is_observation(s)
        assert observed.hidden == game.has_hidden_information == game.is_observation(observed)

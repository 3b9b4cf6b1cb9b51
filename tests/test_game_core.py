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

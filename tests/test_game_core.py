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

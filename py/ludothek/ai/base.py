"""What every computer player offers: a time-sliced search and a seeded generator."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Generator, Iterator

# A search is a generator: it yields None after each small chunk of work (a few milliseconds of
# CPython time, so the page can stay responsive between chunks) and returns the chosen move.
Search = Generator[None, None, str]


@dataclass(frozen=True)
class Level:
    number: int
    name: str  # short English name, e.g. "Easy"; the web layer translates it
    description: str  # one sentence: what this level does and how strong it is


class ComputerPlayer:
    """Base class. Subclasses implement `search`; `choose` runs it to the end."""

    def __init__(self, game, level: int, seed: int = 0, time_limit: float | None = None):
        self.game = game
        self.level = level
        self.seed = seed
        # An upper bound on thinking time in seconds, None: only the level's own work budget.
        self.time_limit = time_limit
        self.rng = random.Random(f"ludothek-ai:{game.id}:{level}:{seed}")

    def search(self, s) -> Search:
        raise NotImplementedError
        yield  # pragma: no cover

    def choose(self, s) -> str:
        return run_search(self.search(s))

    def deadline(self) -> float | None:
        return None if self.time_limit is None else time.perf_counter() + self.time_limit

    def view(self, s):
        """The state as this player may see it (hidden information removed)."""
        return self.game.observation(s, self.game.current_player(s))


def run_search(search: Iterator[Any]) -> str:
    """Drive a search generator to its end and return its move."""
    while True:
        try:
            next(search)
        except StopIteration as stop:
            return stop.value


class RandomPlayer(ComputerPlayer):
    """Chooses uniformly among the legal moves: the yardstick of the benchmarks."""

    def __init__(self, game, seed: int = 0):
        super().__init__(game, 0, seed)

    def search(self, s) -> Search:
        moves = self.game.legal_moves(self.view(s))
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        yield None
        return self.rng.choice(moves)

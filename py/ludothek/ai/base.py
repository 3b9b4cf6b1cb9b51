"""What every computer player offers: a time-sliced search and a seeded generator."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Generator

from ..games.base import run_to_end

# A search is a generator: it yields None after each small chunk of work (a few milliseconds of
# CPython time, so the page can stay responsive between chunks) and returns the chosen move.
Search = Generator[None, None, str]

# Thinking time of the anytime levels per move, in the page's wall-clock seconds (frames between
# chunks included). The page runs Python at about half CPython's speed, and about three quarters
# of the wall time are spent thinking, so this is worth some 0.25 s of CPython time.
THINK_SECONDS = 0.7


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
        # Anytime levels (the strongest of a game) think this many seconds on `clock` per move
        # unless the move is forced or clear; None: the level's default (THINK_SECONDS).
        self.think_seconds: float | None = None
        # The page counts wall time (frames between chunks included); benchmarks may count CPU.
        self.clock = time.perf_counter
        # A cap on an anytime search's work (its own unit: nodes, playouts), None: none. With a
        # cap below what the time allows, the search is reproducible (for tests).
        self.max_work: int | None = None
        self.rng = random.Random(f"ludothek-ai:{game.id}:{level}:{seed}")

    def search(self, s) -> Search:
        raise NotImplementedError
        yield  # pragma: no cover

    def choose(self, s) -> str:
        return run_search(self.search(s))

    def deadline(self) -> float | None:
        return None if self.time_limit is None else self.clock() + self.time_limit

    def thinking_deadline(self) -> float:
        """When an anytime search stops: its thinking time, capped by `time_limit`."""
        seconds = THINK_SECONDS if self.think_seconds is None else self.think_seconds
        if self.time_limit is not None:
            seconds = min(seconds, self.time_limit)
        return self.clock() + seconds

    def view(self, s):
        """The state as this player may see it (hidden information removed)."""
        return self.game.observation(s, self.game.current_player(s))


def run_search(search: Search) -> str:
    """Drive a search generator to its end and return its move."""
    return run_to_end(search)


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

"""Mining the puzzles (scripts/mine_puzzles.py), offline: each game's AI declares its miner
(`GameAI.puzzles.mine`), which plays seeded games of its computer players and keeps in a `Mine`
the positions its exact search proves, and how long it may mine (`Puzzles.mining_seconds`, else
`MINING_SECONDS`). The script asks each game's record, never a game by its name. Apart from
ai/puzzles.py, which the page imports at its start, since the page never mines; what a miner
finds is typed here (`PuzzleFind`, `MinedPuzzle`), ai/puzzles.py's shipped `Puzzle` adds its id.
"""

from __future__ import annotations

import time
from typing import Callable, Iterator, Sequence, TypedDict

PER_DIFFICULTY = 8  # puzzles per game and difficulty (at most)
MINING_SECONDS = 120.0  # a game's mining time, unless its AI module declares `PUZZLE_MINING_SECONDS`


class PuzzleFind(TypedDict):
    """What a game's miner finds (`Mine.keep`): the position, its one best move, a way the
    solution goes on and the search's depth."""

    position: str
    solution: str
    line: Sequence[str]  # a list (a miner's moves are its game's move type, each a str)
    depth: int


class MinedPuzzle(PuzzleFind):
    """A find as the `Mine` keeps it: with its difficulty (1-3)."""

    difficulty: int


class Mine:
    """One game's mining: the puzzles found so far by difficulty (each position once, at most
    PER_DIFFICULTY of each), within `seconds` and, if given, `most_seeds` games (for tests).
    `say`: where a long mining reports its progress (nowhere by default)."""

    def __init__(self, seconds: float, most_seeds: int | None = None, say: Callable[[str], None] | None = None) -> None:
        self.found: dict[int, list[MinedPuzzle]] = {}
        self.seen: set[str] = set()
        self.start = time.monotonic()
        self.end = self.start + seconds
        self.most_seeds = most_seeds
        self.say: Callable[[str], None] = say or (lambda text: None)

    def keep(self, difficulty: int, entry: PuzzleFind) -> None:
        if entry["position"] in self.seen or len(self.found.setdefault(difficulty, [])) >= PER_DIFFICULTY:
            return
        self.seen.add(entry["position"])
        self.found[difficulty].append({**entry, "difficulty": difficulty})

    def time_left(self) -> bool:
        return time.monotonic() < self.end

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def seeds(self) -> Iterator[int]:
        """Seeds 1, 2, 3, ... for one game each, until every difficulty is full, the time is up
        or `most_seeds` games were played."""
        seed = 0
        while not all(len(self.found.get(d, [])) >= PER_DIFFICULTY for d in (1, 2, 3)) and self.time_left():
            if self.most_seeds is not None and seed >= self.most_seeds:
                return
            seed += 1
            yield seed


__all__ = ["MINING_SECONDS", "Mine", "MinedPuzzle", "PER_DIFFICULTY", "PuzzleFind"]

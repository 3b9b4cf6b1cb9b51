"""Mining the puzzles (scripts/mine_puzzles.py), offline: each game's AI module declares
`mine_puzzles(mine)`, which plays seeded games of its computer players and keeps in `mine` (a
`Mine`) the positions its exact search proves (ai/puzzles.py, `puzzle_best_moves`), and may declare
its mining time (`PUZZLE_MINING_SECONDS`, else `MINING_SECONDS`). The script asks them through
`mine_puzzles(game_id, mine)` and `mining_seconds` here, never by a game's name. Apart from
ai/puzzles.py, which the page imports at its start, since the page never mines.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterator

PER_DIFFICULTY = 8  # puzzles per game and difficulty (at most)
MINING_SECONDS = 120.0  # a game's mining time, unless its AI module declares `PUZZLE_MINING_SECONDS`


class Mine:
    """One game's mining: the puzzles found so far by difficulty (each position once, at most
    PER_DIFFICULTY of each), within `seconds` and, if given, `most_seeds` games (for tests).
    `say`: where a long mining reports its progress (nowhere by default)."""

    def __init__(self, seconds: float, most_seeds: int | None = None, say: Callable[[str], None] | None = None) -> None:
        self.found: dict[int, list[dict[str, Any]]] = {}
        self.seen: set[str] = set()
        self.start = time.monotonic()
        self.end = self.start + seconds
        self.most_seeds = most_seeds
        self.say: Callable[[str], None] = say or (lambda text: None)

    def keep(self, difficulty: int, entry: dict[str, Any]) -> None:
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


def mining_seconds(game_id: str) -> float:
    """How long a game's puzzles are mined: its AI module's `PUZZLE_MINING_SECONDS`, else MINING_SECONDS."""
    from . import _module

    return float(getattr(_module(game_id), "PUZZLE_MINING_SECONDS", MINING_SECONDS))


def mine_puzzles(game_id: str, mine: Mine) -> None:
    """Mine a game's puzzles into `mine` (its AI module's `mine_puzzles`); ValueError for a game without puzzles."""
    from . import _module

    miner: Callable[[Mine], None] | None = getattr(_module(game_id), "mine_puzzles", None)
    if miner is None:
        raise ValueError(f"no puzzles for {game_id}")
    miner(mine)


__all__ = ["MINING_SECONDS", "Mine", "PER_DIFFICULTY", "mine_puzzles", "mining_seconds"]

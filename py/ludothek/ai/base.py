"""What every computer player offers (the `ComputerPlayer` protocol), the search budget every
search counts its work and time on, and the values a player gives moves (`MoveValue`)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Generator, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

from ..games.base import Game, StateBase, run_to_end
from .puzzle_mining import MINING_SECONDS, Mine

S = TypeVar("S", bound=StateBase)
M = TypeVar("M", bound=str)
E = TypeVar("E")
S_contra = TypeVar("S_contra", bound=StateBase, contravariant=True)
M_co = TypeVar("M_co", bound=str, covariant=True)

# A search is a generator: it yields None after each small chunk of work (a few milliseconds of
# CPython time, so the page can stay responsive between chunks) and returns the chosen move.
Search = Generator[None, None, M]

# Thinking time of the anytime levels per move, in the page's wall-clock seconds (frames between
# chunks included). The page runs Python at about half CPython's speed, and about three quarters
# of the wall time are spent thinking, so this is worth some 0.25 s of CPython time.
THINK_SECONDS = 0.7

# Yield to the page once a chunk has run this long (a search may choose its own).
CHUNK_SECONDS = 0.004


@dataclass(frozen=True)
class Level:
    number: int
    name: str  # short English name, e.g. "Easy"; the web layer translates it
    description: str  # one sentence: what this level does and how strong it is


class Exact(NamedTuple):
    """A solved result for one player (Fenn's solver): `outcome` +1 win, 0 draw, -1 loss, with
    best play from both sides; `turns` until the game ends (the current turn is 1; 0 for a draw)."""

    outcome: int
    turns: int

    def rank(self) -> tuple[int, int]:
        """Larger is better: any win beats a draw beats any loss; faster wins, slower losses."""
        if self.outcome > 0:
            return (2, -self.turns)
        if self.outcome < 0:
            return (0, self.turns)
        return (1, 0)

    def after_turn(self) -> "Exact":
        """This value of the opponent's turn start, seen by the player whose turn leads there."""
        return Exact(-self.outcome, self.turns + 1 if self.outcome else 0)

    def score(self) -> float:
        """As a number in [-1, 1], larger is better: a win nearer 1 the sooner it comes."""
        if self.outcome == 0:
            return 0.0
        return self.outcome * (1.0 - min(self.turns, 40) / 100.0)

    def text(self) -> str:
        """English words for logs and the review's record ('win in 3 turns'); a view words it itself."""
        if self.outcome == 0:
            return "draw"
        word = "win" if self.outcome > 0 else "loss"
        return f"{word} in {self.turns} turn{'s' if self.turns != 1 else ''}"


@dataclass(frozen=True)
class MoveValue:
    """A legal move with its value for the player making it: `value` in the game's evaluation
    unit (larger is better; Momentum points, Nummerus' mean result in [0, 1], Mops Royal points,
    Momox turns saved, Fenn `Exact.score`); `exact` the solved result where the game is solved
    (Fenn), and `moves_in_turn` the moves, this one included, the rest of the turn needs to
    realise it (Fenn; 1 elsewhere). Numbers only: a view turns them into words."""

    move: str
    value: float
    exact: Exact | None = None
    moves_in_turn: int = 1

    def rank(self) -> tuple[tuple[int, int], int] | tuple[float]:
        """Larger is better: the exact result first where there is one, then the value."""
        if self.exact is not None:
            return (self.exact.rank(), -self.moves_in_turn)
        return (self.value,)


# What `move_values` returns: a value per legal move (in legal-move order), or None for a kind
# of decision the evaluation has no comparable values for (Momox' shuffle / keep, Nummerus'
# solitaire and swap).
MoveValues = Generator[None, None, list[MoveValue] | None]


@dataclass(frozen=True)
class ReviewRules:
    """What a game's review needs beyond its computer player's `move_values`, declared by the
    game's AI module as `REVIEW` (ai/review.py asks it and never the game's name).

    `thresholds`: the loss (in the evaluation's unit) up to which a move is best, good, an
    inaccuracy; beyond the last a mistake. `work`: the strongest level's `max_work` for the review
    (None: no cap needed). `score_scale`: the lead in public scores that the chart draws as about
    three quarters of the way to won. `value_advantage`: for a two-player zero-sum evaluation, the
    mover's advantage in [-1, 1] from its move's value (None: the chart follows the result and the
    public scores). `exact_advantage`: for exact values (`MoveValue.exact`, a solved game), seat 0's
    advantage in a position; the moves are then graded by their exact results, not `thresholds`."""

    thresholds: tuple[float, float, float] = (0.0, 0.0, 0.0)
    work: int | None = None
    score_scale: float = 10.0
    value_advantage: Callable[[float], float] | None = None
    # Takes the game's engine and state, which ai/review.py, picking the rules by the game's id, cannot name.
    exact_advantage: Callable[[Any, Any], float] | None = None


@runtime_checkable
class ComputerPlayer(Protocol[S_contra, M_co]):
    """A computer player, as a game's `GameAI.player` makes it for every level, generic over the
    game's state type (what it is asked about) and move type (what it answers).

    The settings may be changed between searches; every search reads them when it starts."""

    level: int
    seed: int
    time_limit: float | None  # an upper bound on thinking time in seconds; None: the level's own budget
    think_seconds: float | None  # the anytime levels' time per move; None: THINK_SECONDS
    clock: Callable[[], float]  # what time is counted on (the page: wall time)
    max_work: int | None  # a cap on an anytime search's work (nodes, playouts): reproducible moves

    def search(self, s: S_contra) -> Search[M_co]:
        """The move to play in `s`, as a generator that yields None between chunks of work."""
        ...

    def choose(self, s: S_contra) -> M_co:
        """`search` run to its end."""
        ...

    def move_values(self, s: S_contra) -> MoveValues:
        """The value of every legal move of `s` for the player to move, on this game's strongest
        evaluation with a fixed amount of work (the same values every time): the review's values.
        A generator, like `search`."""
        ...

    def hint(self, s: S_contra) -> Generator[None, None, list[MoveValue]]:
        """What the Hint button suggests in `s`, best first: Fenn every legal move with its exact
        value, the other games the move this player would play (valued 0.0). A generator."""
        ...


class SearchBudget:
    """The limits and the progress of one search, made when the search starts (never kept on
    the player): when its current chunk began (to yield to the page after `chunk_seconds`), the
    `deadline_at` on `clock` by which it must end, the `work` done (in the search's own unit)
    and the cap on it, `max_work` (None: none)."""

    __slots__ = ("clock", "deadline_at", "max_work", "chunk_seconds", "work", "last_yield")

    def __init__(self, clock: Callable[[], float], deadline_at: float | None = None, max_work: int | None = None, chunk_seconds: float = CHUNK_SECONDS):
        self.clock = clock
        self.deadline_at = deadline_at
        self.max_work = max_work
        self.chunk_seconds = chunk_seconds
        self.work = 0
        self.last_yield = clock()

    def out_of_time(self) -> bool:
        return self.deadline_at is not None and self.clock() > self.deadline_at

    def over_work(self) -> bool:
        """More work done than the cap allows."""
        return self.max_work is not None and self.work > self.max_work

    def chunk_done(self) -> bool:
        """Whether the current chunk has run long enough to yield to the page."""
        return self.clock() - self.last_yield > self.chunk_seconds

    def resumed(self) -> None:
        """A new chunk begins (after a yield)."""
        self.last_yield = self.clock()

    def pause(self) -> Generator[None, None, None]:
        """Yield to the page if the current chunk has run long enough."""
        if self.chunk_done():
            yield None
            self.resumed()


class PlayerBase(Generic[S, M, E]):
    """What the players of every game share: the settings of `ComputerPlayer`, the seeded
    generator, the observation, and the budgets their searches start with; generic over the
    game's types (a `Game[S, M, E]`; a game's player narrows `game` to its engine's class).
    Subclasses implement `search` and `move_values`; `choose` and `hint` follow from them."""

    def __init__(self, game: Game[S, M, E], level: int, seed: int = 0, time_limit: float | None = None):
        self.game = game
        self.level = level
        self.seed = seed
        # An upper bound on thinking time in seconds, None: only the level's own work budget.
        self.time_limit = time_limit
        # Anytime levels (the strongest of a game) think this many seconds on `clock` per move
        # unless the move is forced or clear; None: the level's default (THINK_SECONDS).
        self.think_seconds: float | None = None
        # The page counts wall time (frames between chunks included); benchmarks may count CPU.
        self.clock: Callable[[], float] = time.perf_counter
        # A cap on an anytime search's work (its own unit: nodes, playouts), None: none. With a
        # cap below what the time allows, the search is reproducible (for tests).
        self.max_work: int | None = None
        self.rng = random.Random(f"ludothek-ai:{game.id}:{level}:{seed}")

    def search(self, s: S) -> Search[M]:
        raise NotImplementedError
        yield  # pragma: no cover

    def choose(self, s: S) -> M:
        return run_search(self.search(s))

    def move_values(self, s: S) -> MoveValues:
        return None
        yield  # pragma: no cover

    def hint(self, s: S) -> Generator[None, None, list[MoveValue]]:
        move = yield from self.search(s)
        return [MoveValue(move, 0.0)]

    def deadline(self) -> float | None:
        """When a search must end: now plus `time_limit` (None: no limit)."""
        return None if self.time_limit is None else self.clock() + self.time_limit

    def thinking_deadline(self) -> float:
        """When an anytime search stops: its thinking time, capped by `time_limit`."""
        seconds = THINK_SECONDS if self.think_seconds is None else self.think_seconds
        if self.time_limit is not None:
            seconds = min(seconds, self.time_limit)
        return self.clock() + seconds

    def budget(self, max_work: int | None = None, chunk_seconds: float = CHUNK_SECONDS) -> SearchBudget:
        """A fresh budget for one search: the time limit's deadline, and `max_work`."""
        return SearchBudget(self.clock, self.deadline(), max_work, chunk_seconds)

    def view(self, s: S) -> S:
        """The state as this player may see it (hidden information removed)."""
        return self.game.observation(s, self.game.current_player(s))


@dataclass(frozen=True)
class Puzzles(Generic[S]):
    """A game's puzzles as its AI module declares them: `best_moves(s, depth)`, every move of a
    puzzle's position as good as the best by the exact search that proves the game's puzzles (a
    proven puzzle has one; `depth` as the puzzle stores it), `mine(mine)` the offline miner
    (scripts/mine_puzzles.py: plays seeded games and keeps in an `ai.puzzle_mining.Mine` what the
    same search proves) and how many seconds mining may take."""

    best_moves: Callable[[S, int], list[str]]
    mine: Callable[[Mine], None]
    mining_seconds: float = MINING_SECONDS


@dataclass(frozen=True)
class GameAI(Generic[S, M, E]):
    """What a game's AI module (ai/<game>.py) declares, as one typed value `AI`, which the game's
    record (render/catalog.py) registers: its engine, its levels (weakest first), how to make a
    player of a level, what its review needs (`ReviewRules`) and its puzzles (None: none). Nothing
    asks a game's AI module for anything else, and nothing finds it by its name."""

    game: Game[S, M, E]
    levels: tuple[Level, ...]
    make_player: Callable[[int, int], ComputerPlayer[S, M]]  # (level, seed) for the game's own levels
    review: ReviewRules
    puzzles: Puzzles[S] | None = None

    def player(self, level: int, seed: int = 0, think_seconds: float | None = None, clock: Callable[[], float] | None = None) -> ComputerPlayer[S, M]:
        """A player of `level` (level 0: a uniform random player; else one of `levels`).
        `think_seconds`: the anytime levels' time per move (default `THINK_SECONDS`), counted on
        `clock` (default wall time, `time.perf_counter`)."""
        player: ComputerPlayer[S, M]
        if level == 0:
            player = RandomPlayer(self.game, seed=seed)
        else:
            known = [lv.number for lv in self.levels]
            if level not in known:
                raise ValueError(f"{self.game.name} has computer levels {', '.join(map(str, known))}, not {level!r}")
            player = self.make_player(level, seed)
        player.think_seconds = think_seconds
        if clock is not None:
            player.clock = clock
        return player

    def strongest(self, seed: int = 0) -> ComputerPlayer[S, M]:
        """The strongest level's player: the review's, the hint's and the editor's best moves."""
        return self.player(self.levels[-1].number, seed)


# A game's computer players, and one of its players, picked at run time by the game's id (the review,
# the editor's best moves, the hint): their types are the game's, which the code that picks them cannot name.
AnyGameAI = GameAI[Any, Any, Any]
AnyPlayer = ComputerPlayer[Any, Any]

R = TypeVar("R")


def run_search(search: Generator[object, None, R]) -> R:
    """Drive a search generator (a move choice, values, a hint) to its end and return its result."""
    return run_to_end(search)


class RandomPlayer(PlayerBase[S, M, E]):
    """Chooses uniformly among the legal moves: the yardstick of the benchmarks."""

    def __init__(self, game: Game[S, M, E], seed: int = 0):
        super().__init__(game, 0, seed)

    def search(self, s: S) -> Search[M]:
        moves = self.game.legal_moves(self.view(s))
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        yield None
        return self.rng.choice(moves)

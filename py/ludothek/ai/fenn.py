"""Fenn computer players, from the solved game (ludothek.ai.fenn_solver).

Every level values the ways its turn can end: winning now, or one of the positions in which the
opponent's turn begins. The levels differ in how much of the solution they are allowed to see:

- a level with a horizon of H turns knows the exact result of an ending only if the game is
  decided within H turns (counting the current turn as 1) -- like a player who calculates that
  far; beyond that it guesses from progress (how far its die has come against the opponent's),
  blurred by a level-dependent noise. The beginner (H = 1) looks one turn further, at the
  opponent's reply, in only some of its turns (`ATTENTION`);
- the perfect level knows every value: it never turns a won or drawn position into a worse one,
  wins as fast as it can, loses as late as it can, and among equally good endings prefers the one
  that leaves the opponent the most ways to go wrong.

A move's worth is the best ending it still allows, then the fewest moves needed inside the turn
to get there. The noise is fixed for a whole turn (drawn once per turn from the player's seeded
generator), so a chain of extra steps always heads for one ending and never circles.

The work per move is a few breadth-first searches through the rest of a turn and table look-ups:
milliseconds, done in chunks that yield between groups of moves.
"""

from __future__ import annotations

from typing import Generator, TYPE_CHECKING

from ..games.base import Setup
from ..games.fenn import BLUE, RED, START_FIELD, GAME, Fenn, FennEffect, FennMove, FennState, opponent, turn_key
from . import fenn_solver as solver
from .base import ComputerPlayer, GameAI, Level, MoveValue, MoveValues, PlayerBase, Puzzles, ReviewRules, Search, SearchBudget, run_search


if TYPE_CHECKING:
    from .puzzle_mining import Mine

LEVELS = [
    Level(1, "Beginner", "Takes a win it sees this turn and often, but not always, blocks yours; otherwise steps almost at random."),
    Level(2, "Easy", "Sees this turn and your reply: wins when it can, never leaves you an immediate win it could prevent, and heads forward."),
    Level(3, "Medium", "Calculates three turns: also finds the wins it can force over its next turn."),
    Level(4, "Hard", "Calculates five turns ahead, which covers nearly every forced result in Fenn."),
    Level(5, "Perfect", "Plays the solved game: never spoils a won or drawn position and sets traps while the game is level."),
]

PERFECT_LEVEL = 5
# Turns ahead (the current one is 1) a level sees exactly; None: the whole solution.
HORIZON = {1: 1, 2: 2, 3: 3, 4: 5, 5: None}
# Share of turns in which a level looks one turn further than its horizon (the beginner notices
# your threat only now and then).
ATTENTION = {1: 0.7, 2: 0.0, 3: 0.0, 4: 0.0, 5: 0.0}
# Amplitude of the per-turn noise on the progress guess, in fields.
NOISE = {1: 12.0, 2: 3.0, 3: 2.0, 4: 1.5, 5: 0.0}
# Yield to the page once a chunk has run this long. One unit of work (playing a move and
# searching the rest of its turn, or for the perfect level searching the opponent's next turn
# from one ending) takes at most about a millisecond, so a chunk stays near 5 ms of CPython.
CHUNK_SECONDS = 0.004
TURN_SALTS_KEPT = 64

# Classes of a valued ending, best last.
LOSS, UNKNOWN, DRAW, WIN = 0, 1, 1, 2
# How much a player likes an ending (FennPlayer._ending_key): (class, score, preference, tie-break).
EndingKey = tuple[int, int, float, float]
# A turn: its setup, the turn-start positions so far and the last of them (FennPlayer._turn_salt).
TurnId = tuple[Setup, int, str | None]


def _mix(salt: int, code: int) -> float:
    """A reproducible pseudo-random number in [0, 1) for an ending within one turn (integer
    arithmetic only, so CPython and Pyodide agree)."""
    x = (salt ^ (code * 0x9E3779B1)) & 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x85EBCA6B) & 0xFFFFFFFF
    x ^= x >> 13
    x = (x * 0xC2B2AE35) & 0xFFFFFFFF
    x ^= x >> 16
    return x / 4294967296.0


def progress(seat: int, field: int) -> int:
    """Fields a die has come from its start (0 beside the board, 9 on the far end)."""
    return field - START_FIELD[BLUE] if seat == BLUE else START_FIELD[RED] - field


class FennPlayer(PlayerBase[FennState, FennMove, FennEffect]):
    game: Fenn

    def __init__(self, game: Fenn, level: int, seed: int = 0, time_limit: float | None = None):
        super().__init__(game, level, seed, time_limit)
        self.horizon = HORIZON[level]
        self.noise = NOISE[level]
        # What the player remembers between its moves (not the state of one search): one random
        # number per turn, and the current turn's valued endings, so that every decision of a
        # turn values an ending alike and a chain of extra steps cannot circle.
        self._turn_salts: dict[TurnId, int] = {}
        self._turn_keys: tuple[int | None, dict[solver.Ending, EndingKey]] = (None, {})  # (salt of the turn, {ending: key})

    # -- the search ----------------------------------------------------------------------------

    def search(self, s: FennState) -> Search[FennMove]:
        s = self.view(s)
        moves = self.game.legal_moves(s)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        table = solver.load_table()
        run = self.budget(chunk_seconds=CHUNK_SECONDS)
        yield None
        if len(moves) == 1:
            return moves[0]
        seat = s.to_move
        salt = self._turn_salt(s)
        horizon = self.horizon
        if horizon is not None and _mix(salt, 0xA77E) < ATTENTION[self.level]:
            horizon += 1  # this turn the player also looks at the opponent's reply
        # The endings each move allows, with the moves inside the turn needed to reach them.
        per_move = []
        endings: dict[solver.Ending, None] = {}  # every ending some move allows, in order (a set)
        run.resumed()
        for move in moves:
            after = self.game.play(s, move)
            reach = self._endings_after(s, after, seat)
            per_move.append((move, reach))
            for ending in reach:
                endings[ending] = None
            yield from run.pause()
        # Value each ending once (the perfect level searches the opponent's next turn for each).
        # The values are kept for the rest of the turn: every decision of a turn must value an
        # ending alike (even if a time limit cut one short), so that a chain of extra steps
        # heads for one ending and cannot circle.
        if self._turn_keys[0] != salt:
            self._turn_keys = (salt, {})  # a new turn: the last turn's values are stale
        known = self._turn_keys[1]
        keys: dict[solver.Ending, EndingKey] = {}
        for ending in endings:
            key = known.get(ending)
            if key is None:
                key = known[ending] = self._ending_key(table, s, seat, ending, salt, horizon, run)
            keys[ending] = key
            yield from run.pause()
        best_move = moves[0]
        best_key: tuple[EndingKey, int] | None = None
        for move, reach in per_move:
            move_key = max((keys[ending], -moves_needed) for ending, moves_needed in reach.items())
            if best_key is None or move_key > best_key:
                best_move, best_key = move, move_key
        return best_move

    def move_values(self, s: FennState) -> MoveValues:
        """The exact value of every legal move of `s` for the player to move (see
        fenn_solver.move_values), whatever the level."""
        yield None
        return solver.move_values(self.game, solver.load_table(), self.view(s))

    def hint(self, s: FennState) -> Generator[None, None, list[MoveValue]]:
        """Every legal move with its exact value, whatever the level (the Hint button shows them all)."""
        return (yield from self.move_values(s)) or []

    # -- endings -------------------------------------------------------------------------------

    def _endings_after(self, s: FennState, after: FennState, seat: int) -> dict[solver.Ending, int]:
        """{ending: moves}: how the turn can end after a move from `s` to `after`. An ending is
        WIN or the mover's (field, face, black) when the opponent's turn begins."""
        outcome = after.outcome
        if outcome is not None and outcome.winners:
            return {solver.WIN: 1}  # only the mover can win
        if after.to_move != seat:
            # Also when this ends the game in a repetition: the same ending reached by a longer
            # way must get the same value, or the player could prefer detours for ever.
            return {(after.field_of(seat), after.face_of(seat), after.black): 1}
        outcomes = solver.turn_outcomes_of(after)
        return {ending: moves + 1 for ending, moves in outcomes.items()}

    def _ending_key(self, table: bytes, s: FennState, seat: int, ending: solver.Ending, salt: int, horizon: int | None, run: SearchBudget) -> EndingKey:
        """How much the player likes an ending: (class, score, preference, tie-break), larger is
        better. Within its horizon a level knows wins and losses exactly; an ending it cannot see
        through ranks with the draws, by its guess (a known draw guesses 0)."""
        if ending == solver.WIN:
            return (WIN, -1, 0.0, 1.0)
        f, fc, b = ending
        fields = solver.next_turn_start(s, ending)
        jitter = _mix(salt, (f * 16 + fc) * 16 + b)
        if self.game.ending_draws(s, turn_key(*fields)):
            return (DRAW, 0, 0.0, jitter)  # this ending repeats a position a third time
        value = solver.turn_value(table, *fields).after_turn()
        if value.outcome and (horizon is None or value.turns <= horizon):
            if value.outcome > 0:
                return (WIN, -value.turns, 0.0, jitter)
            trap = self._trap(table, fields) if horizon is None and not run.out_of_time() else 0.0
            return (LOSS, value.turns, trap, jitter)
        if horizon is None:
            trap = self._trap(table, fields) if not run.out_of_time() else 0.0
            return (DRAW, 0, trap, jitter)
        guess = progress(seat, f) - progress(opponent(seat), s.field_of(opponent(seat))) + self.noise * (2 * jitter - 1)
        return (UNKNOWN, 0, guess, jitter)

    def _trap(self, table: bytes, fields: tuple[int, int, int, int, int, int]) -> float:
        """The share of the opponent's possible turn endings that are worse for the opponent than
        its best: a rough chance that a fallible opponent goes wrong from this position."""
        i = solver.index(*fields)
        can_win, nxt = solver.successors(i)
        ranks = [solver.decode_value(table[j]).after_turn().rank() for j in nxt]
        if can_win:
            ranks.append(solver.WIN_NOW.rank())
        if not ranks:
            return 0.0
        best = max(ranks)[0]
        return sum(1 for r in ranks if r[0] < best) / len(ranks)

    def _turn_salt(self, s: FennState) -> int:
        """One random number per turn (the turn is known by the turn-start positions so far)."""
        # The history only grows when a turn ends, so every decision of one turn sees the same.
        turn = (s.setup, len(s.history), s.history[-1] if s.history else None)
        salt = self._turn_salts.get(turn)
        if salt is None:
            if len(self._turn_salts) >= TURN_SALTS_KEPT:
                self._turn_salts.clear()
            salt = self._turn_salts[turn] = self.rng.getrandbits(32)
        return salt


def make_player(game: Fenn, level: int, seed: int = 0) -> FennPlayer:
    if level not in HORIZON:
        raise ValueError(f"Fenn has computer levels {', '.join(map(str, HORIZON))}, not {level!r}")
    return FennPlayer(game, level, seed)


def hint(game: Fenn, s: FennState) -> list[MoveValue]:
    """Every legal move of `s` with its exact value for the player to move (the Hint button)."""
    return run_search(make_player(game, PERFECT_LEVEL).hint(s))


def move_values(game: Fenn, s: FennState) -> MoveValues:
    """The exact value of every legal move of `s` for the player to move (the review's values)."""
    return (yield from make_player(game, PERFECT_LEVEL).move_values(s))


def start_values() -> dict[tuple[str, int], solver.Value]:
    """Who wins the start position with perfect play, per start player and black top."""
    return solver.start_values(solver.load_table())


# -- review and puzzles ------------------------------------------------------------------------------


def exact_advantage(game: Fenn, s: FennState) -> float:
    """Seat 0's advantage in `s` from the solved table's value of the position."""
    scalar = solver.position_value(solver.load_table(), s).score()
    return scalar if s.to_move == BLUE else -scalar


# The review grades Fenn's moves by their exact results (`MoveValue.exact`), not by thresholds.
REVIEW = ReviewRules(exact_advantage=exact_advantage)


def fenn_winning_moves(game: Fenn, s: FennState) -> tuple[list[str], int]:
    """The moves that keep a won Fenn position won, and the turns the win takes (0: not won)."""
    wins = [(mv.move, mv.exact) for mv in solver.move_values(game, solver.load_table(), s) if mv.exact is not None and mv.exact.outcome > 0]
    if not wins:
        return [], 0
    return [move for move, _ in wins], min(exact.turns for _, exact in wins)


def puzzle_best_moves(game: Fenn, s: FennState, depth: int) -> list[str]:
    """A puzzle: the moves that keep the won position won (the solved table; `depth`, the turns
    to the win, changes nothing)."""
    return fenn_winning_moves(game, s)[0]


def mine_puzzles(mine: Mine) -> None:
    """Puzzles from games of the middle level against the one above it: positions with three
    moves or more, one of which alone keeps the won position won; difficulty by the turns to the win."""
    game = GAME
    for seed in mine.seeds():
        s = game.new_game(players=2, seed=seed)
        players = [make_player(game, 2, seed=seed), make_player(game, 3, seed=seed + 1000)]
        while not game.is_over(s) and len(s.moves) < 300:
            position = game.position(s)
            fresh = game.from_position(position)
            moves = game.legal_moves(fresh)
            if len(moves) >= 3:
                wins, turns = fenn_winning_moves(game, fresh)
                if len(wins) == 1:
                    difficulty = 1 if turns <= 1 else 2 if turns <= 3 else 3
                    mine.keep(difficulty, {"position": position, "solution": wins[0], "line": _fenn_line(game, fresh, wins[0]), "depth": turns})
            mover = game.current_player(s)
            assert mover is not None, "a game under way has a mover"
            s = game.play(s, players[mover].choose(s))


def _fenn_line(game: Fenn, s: FennState, first: str) -> list[str]:
    """The solution and perfect play by both sides to the end (at most 40 moves)."""
    line = [first]
    s = game.play(s, first)
    perfect = make_player(game, 5, seed=0)
    while not game.is_over(s) and len(line) < 40:
        move = perfect.choose(s)
        line.append(move)
        s = game.play(s, move)
    return line


if TYPE_CHECKING:
    # mypy checks the player against the one interface every game's player offers.
    _interface: type[ComputerPlayer[FennState, FennMove]] = FennPlayer


# The game's computer players as its record (render/catalog.py) registers them.
AI = GameAI[FennState, FennMove, FennEffect](
    game=GAME,
    levels=tuple(LEVELS),
    make_player=lambda level, seed: make_player(GAME, level, seed),
    review=REVIEW,
    puzzles=Puzzles(lambda s, depth: puzzle_best_moves(GAME, s, depth), mine_puzzles),
)

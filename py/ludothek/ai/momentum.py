"""Momentum computer players: alpha-beta search over placements (paranoid for three players).

The search works on plain lists (board cells, hands) and plays them with the engine's own
placement (`place_stone`, `open_cells`, `next_seat` of games/momentum.py), so it can never
disagree with the rules; it only adds speed by skipping state objects. What it leaves out: the
pie rule's swap below the root (the root's swap is played by the engine) and the round limit,
which it does not look for.

Evaluation, from the point of view of the player to move: stones in hand decide the game, so
the difference in hands dominates; stones on the border (which the next placement may push
off) and stones one step from it are slight liabilities.

Next: the puzzles' exact search, ai/momentum_puzzles.py.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Generator, TYPE_CHECKING

from ..games.momentum import GAME, SWAP, Momentum, MomentumEffect, MomentumMove, next_seat, open_cells, place_stone
from ..games.momentum_state import SEAT_LETTERS, MomentumState
from ..games.notation import cell_name, parse_cell
from .base import ComputerPlayer, GameAI, Level, MoveValue, MoveValues, PlayerBase, Puzzles, ReviewRules, Search, SearchBudget, run_search


if TYPE_CHECKING:
    from .puzzle_mining import Mine

LEVELS = [
    Level(1, "Easy", "Looks one move ahead and often picks a move that is merely good enough."),
    Level(2, "Medium", "Looks two moves ahead: takes what it is given and sees your immediate win coming."),
    Level(3, "Hard", "Looks three moves ahead: its move, your answer and its next move."),
    Level(4, "Expert", "Searches deeper and deeper until its thinking time is up, and plays a forced win at once."),
]

WIN = 100_000
HAND_WEIGHT = 100
BORDER_WEIGHT = 12
NEAR_BORDER_WEIGHT = 4
CHUNK_SECONDS = 0.008  # yield to the page after about this much work

# Depth in plies per level, and a budget of placements tried that keeps the answer well under
# a second in the page (a placement with its evaluation costs about 10 microseconds in CPython).
DEPTHS = {1: 1, 2: 2, 3: 3, 4: 4}
WORK_BUDGET = {1: 10_000, 2: 20_000, 3: 25_000, 4: 35_000}
ANYTIME_LEVEL = 4  # thinks against the clock (`think_seconds`) instead of a fixed depth
EASY_MARGIN = 60  # level 1 picks at random among moves within this much of its best
# The review's values (`move_values`): plies searched per move with a full window, and the nodes
# of the strongest level's own search, whose choice is the preferred move (unless `max_work`).
REVIEW_DEPTH = 3
REVIEW_WORK = 30_000


@lru_cache(maxsize=None)
def border_weights(width: int, height: int) -> tuple[int, ...]:
    weights = []
    for index in range(width * height):
        x, y = index % width, index // width
        ring = min(x, y, width - 1 - x, height - 1 - y)
        weights.append(BORDER_WEIGHT if ring == 0 else NEAR_BORDER_WEIGHT if ring == 1 else 0)
    return tuple(weights)


# A position inside the search: the board's cells, each seat's stones in hand and each seat's
# summed border weights, as lists (copied per child: cheaper than the engine's states).
Board = list[str]
Hands = list[int]
Exposure = list[int]
# A child: its board, hands and exposure, and whether the move emptied its mover's hand (a win).
Child = tuple[Board, Hands, Exposure, bool]


class _Budget(Exception):
    """Raised inside the search when the node budget or the time limit is spent."""


class _AlphaBeta:
    """One alpha-beta search from one position: the board's geometry, whose values it takes,
    its budget (work done, limits, chunks) and the best replies found so far (for move
    ordering). Every search (a move choice, the review's values) makes its own, so nothing of
    it stays on the player."""

    def __init__(self, s: MomentumState, budget: SearchBudget):
        self.budget = budget
        self.width, self.height = s.width, s.height
        self.weights = border_weights(s.width, s.height)
        self.players = len(s.hands)
        self.me = s.to_move
        self.best_replies: dict[tuple[str, int], int] = {}

    def value(self, board: Board, hands: Hands, exposure: Exposure, to_move: int, depth: int, alpha: int, beta: int) -> Generator[None, None, int]:
        """Value for `self.me` (paranoid: every other seat minimises it), `depth` >= 1 plies
        below this node. A generator, so the whole search can pause between chunks."""
        budget = self.budget
        now = budget.clock()
        if (budget.max_work is not None and budget.work > budget.max_work) or (budget.deadline_at is not None and now > budget.deadline_at):
            raise _Budget()
        if now - budget.last_yield > budget.chunk_seconds:
            yield None
            budget.resumed()
        maximising = to_move == self.me
        if depth == 1:
            # The children's static values are the leaves. Cut as soon as one is strictly
            # outside the window (strictly: a bound must never tie with an exact value above).
            best = -WIN * 2 if maximising else WIN * 2
            tried = 0
            for index in open_cells(board):
                tried += 1
                _b, child_hands, child_exposure, won = self.place(board, hands, exposure, to_move, index)
                if won:
                    self.budget.work += tried
                    return (WIN + depth) if maximising else -(WIN + depth)
                value = self.evaluate(child_hands, child_exposure)
                if maximising:
                    if value > best:
                        best = value
                        if value > beta:
                            break
                elif value < best:
                    best = value
                    if value < alpha:
                        break
            self.budget.work += tried
            return best
        children: list[tuple[int, int, Board, Hands, Exposure]] = []
        for index in open_cells(board):
            child_board, child_hands, child_exposure, won = self.place(board, hands, exposure, to_move, index)
            if won:
                # The mover empties their hand: decided, sooner is more certain.
                return (WIN + depth) if maximising else -(WIN + depth)
            children.append((self.evaluate(child_hands, child_exposure), index, child_board, child_hands, child_exposure))
        self.budget.work += len(children)
        children.sort(key=lambda c: -c[0] if maximising else c[0])
        # The best reply found here by a shallower iteration goes first (iterative deepening's
        # main gain: far more cut-offs than the static order alone gives).
        key = ("".join(board), to_move)
        known = self.best_replies.get(key)
        if known is not None:
            for k, child in enumerate(children):
                if child[1] == known:
                    if k:
                        children.insert(0, children.pop(k))
                    break
        nxt = next_seat(to_move, self.players)
        best_index = children[0][1]
        if maximising:
            value = -WIN * 2
            for _, index, child_board, child_hands, child_exposure in children:
                child_value = yield from self.value(child_board, child_hands, child_exposure, nxt, depth - 1, alpha, beta)
                if child_value > value:
                    value, best_index = child_value, index
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        else:
            value = WIN * 2
            for _, index, child_board, child_hands, child_exposure in children:
                child_value = yield from self.value(child_board, child_hands, child_exposure, nxt, depth - 1, alpha, beta)
                if child_value < value:
                    value, best_index = child_value, index
                beta = min(beta, value)
                if alpha >= beta:
                    break
        self.best_replies[key] = best_index
        return value

    # -- moves and evaluation --------------------------------------------------------------------

    def child(self, game: Momentum, s: MomentumState, move: MomentumMove) -> Child:
        """Board, hands, exposure and win flag after a root move (the swap goes through the engine)."""
        if move == SWAP:
            after = game.play(s, move)
            board = list(after.board)
            return board, list(after.hands), self.exposure(board), False
        board = list(s.board)
        index = parse_cell(move, s.width, s.height)
        assert index is not None, move  # a legal move
        return self.place(board, list(s.hands), self.exposure(board), s.to_move, index)

    def exposure(self, board: Board) -> Exposure:
        """Per seat, the summed border weights of its stones on the board."""
        exposure = [0] * self.players
        for index, content in enumerate(board):
            if content in SEAT_LETTERS:
                exposure[SEAT_LETTERS.index(content)] += self.weights[index]
        return exposure

    def place(self, board: Board, hands: Hands, exposure: Exposure, seat: int, index: int) -> Child:
        board = board[:]
        hands = hands[:]
        exposure = exposure[:]
        weights = self.weights
        pushes, won = place_stone(board, hands, seat, index, self.width, self.height)
        exposure[seat] += weights[index]
        for push in pushes:
            owner = SEAT_LETTERS.index(push.stone)
            exposure[owner] -= weights[push.origin]
            if push.to is not None:
                exposure[owner] += weights[push.to]
        return board, hands, exposure, won

    def evaluate(self, hands: Hands, exposure: Exposure) -> int:
        """Static value for `self.me`: hands first, then how exposed the stones are."""
        me = self.me
        others = [i for i in range(self.players) if i != me]
        value = (min(hands[i] for i in others) - hands[me]) * HAND_WEIGHT
        return value - exposure[me] + sum(exposure[i] for i in others) // len(others)


class MomentumPlayer(PlayerBase[MomentumState, MomentumMove, MomentumEffect]):
    game: Momentum

    def __init__(self, game: Momentum, level: int, seed: int = 0, time_limit: float | None = None):
        super().__init__(game, level, seed, time_limit)
        self.depth = DEPTHS[level]
        self.work_budget = WORK_BUDGET[level]

    def search(self, s: MomentumState) -> Search[MomentumMove]:
        s = self.view(s)
        moves = self.game.legal_moves(s)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        if len(moves) == 1:
            yield None
            return moves[0]
        me = s.to_move
        players = len(s.hands)
        search = _AlphaBeta(s, self.budget(self.work_budget, CHUNK_SECONDS))

        root = [(m, *search.child(self.game, s, m)) for m in moves]
        # Immediate wins first: nothing to think about.
        for move, board, hands, exposure, won in root:
            if won:
                yield None
                return move
        scored = [(search.evaluate(hands, exposure), move) for move, board, hands, exposure, won in root]
        if self.level == 1:
            yield None
            return self._pick_easy(scored)

        best_move = max(scored)[1]
        # Moves of equal static value in a seeded random order: the first of equal moves to reach
        # the best value is played, so ties are broken by the seed (and games vary).
        self.rng.shuffle(scored)
        order = [m for _, m in sorted(scored, key=lambda t: -t[0])]
        children = {move: (board, hands, exposure) for move, board, hands, exposure, _ in root}
        if self.level == ANYTIME_LEVEL:
            # Iterative deepening against the clock, as deep as the time allows.
            search.budget.deadline_at = self.thinking_deadline()
            search.budget.max_work = self.max_work
            depth_limit = len(open_cells(s.board))
        else:
            depth_limit = self.depth
        for depth in range(2, depth_limit + 1):
            values: dict[MomentumMove, int] = {}
            iteration_best: MomentumMove | None = None
            alpha = -WIN * 2
            try:
                for move in order:
                    board, hands, exposure = children[move]
                    value = yield from search.value(board, hands, exposure, next_seat(me, players), depth - 1, alpha, WIN * 2)
                    values[move] = value
                    if value > alpha:
                        alpha, iteration_best = value, move
            except _Budget:
                # The previous best is searched first: a move that beat it in the unfinished
                # deeper iteration is trusted, otherwise the previous choice stands.
                if self.level == ANYTIME_LEVEL and iteration_best is not None and len(values) > 1 and iteration_best != order[0]:
                    best_move = iteration_best
                break
            best_value = max(values.values())
            # Only the first move to reach the best value is exact: the others were searched
            # against it and their values are bounds that may tie with it.
            assert iteration_best is not None, "every value lies within +-(WIN + depth): the first move beats -2 WIN"
            best_move = iteration_best
            order = sorted(order, key=lambda m: -values.get(m, -WIN * 2))
            if best_value >= WIN - 100 or best_value <= -WIN + 100:
                break  # a forced win found, or every move loses against best play: no need to look further
        yield None
        return best_move

    def _pick_easy(self, scored: list[tuple[int, MomentumMove]]) -> MomentumMove:
        best = max(v for v, _ in scored)
        good = sorted(m for v, m in scored if v >= best - EASY_MARGIN)
        return self.rng.choice(good)

    def move_values(self, s: MomentumState) -> MoveValues:
        """The value of every legal move of `s` (what the player to move sees) on the strongest
        level's evaluation, for the review: each move searched `REVIEW_DEPTH` plies with a full
        window (exact minimax values, not bounds); the strongest level searches deeper, so its
        own choice (with `max_work` nodes, by default `REVIEW_WORK`: a fixed amount, and this
        player's seed, so the values are the same every time) is given the best value."""
        game = self.game
        search = _AlphaBeta(s, SearchBudget(self.clock, chunk_seconds=CHUNK_SECONDS))
        depth = min(REVIEW_DEPTH, len(open_cells(s.board)))
        values: dict[MomentumMove, int] = {}
        for move in game.legal_moves(s):
            board, hands, exposure, won = search.child(game, s, move)
            if won:
                values[move] = WIN + depth
            elif depth <= 1 or not open_cells(board):
                values[move] = search.evaluate(hands, exposure)
            else:
                nxt = next_seat(search.me, search.players)
                values[move] = yield from search.value(board, hands, exposure, nxt, depth - 1, -WIN * 2, WIN * 2)
        # The strongest level searches deeper than these values: its own choice (with a fixed
        # amount of work, so the review is reproducible) is the preferred move.
        strongest = MomentumPlayer(game, ANYTIME_LEVEL, self.seed)
        strongest.think_seconds = 1e9
        strongest.max_work = REVIEW_WORK if self.max_work is None else self.max_work
        choice = yield from strongest.search(s)
        values[choice] = max(values.values())
        return [MoveValue(move, value) for move, value in values.items()]


def make_player(game: Momentum, level: int, seed: int = 0) -> MomentumPlayer:
    return MomentumPlayer(game, level, seed)


def move_values(game: Momentum, s: MomentumState) -> MoveValues:
    """The review's values of every legal move of `s` (see `MomentumPlayer.move_values`)."""
    return (yield from make_player(game, ANYTIME_LEVEL).move_values(s))


def hint(game: Momentum, s: MomentumState) -> list[MoveValue]:
    """The strongest level's move in `s` (the Hint button's suggestion)."""
    return run_search(make_player(game, ANYTIME_LEVEL).hint(s))


# -- review and puzzles ------------------------------------------------------------------------------


def value_advantage(worth: float) -> float:
    """The mover's advantage in [-1, 1] from a move's value: a forced win or loss is all of it."""
    if abs(worth) >= WIN - 100:
        return 1.0 if worth > 0 else -1.0
    return math.tanh(worth / 300.0)


REVIEW = ReviewRules(
    # 100 points are a stone in hand; a move that gives up a forced win loses ~WIN.
    thresholds=(0, 40, 100),
    work=REVIEW_WORK,
    score_scale=3.0,
    value_advantage=value_advantage,
)


def puzzle_best_moves(game: Momentum, s: MomentumState, depth: int) -> list[str]:
    """A puzzle: the stones that force a win within `depth` plies (ai/momentum_puzzles.py)."""
    from .momentum_puzzles import momentum_winning_moves

    return momentum_winning_moves(game, s, depth)


def mine_puzzles(mine: Mine) -> None:
    """Mine the puzzles (ai/momentum_puzzles.py)."""
    from .momentum_puzzles import mine_puzzles as mine_momentum

    mine_momentum(mine, lambda level, seed: make_player(GAME, level, seed))


# Mining its puzzles (scripts/mine_puzzles.py) takes longer than other games': a unique forced win is rare.
PUZZLE_MINING_SECONDS = 1500.0


__all__ = [
    "AI",
    "LEVELS",
    "make_player",
    "MomentumPlayer",
    "cell_name",
    "hint",
    "move_values",
    "REVIEW",
    "puzzle_best_moves",
    "mine_puzzles",
    "PUZZLE_MINING_SECONDS",
]


if TYPE_CHECKING:
    # mypy checks the player against the one interface every game's player offers.
    _interface: type[ComputerPlayer[MomentumState, MomentumMove]] = MomentumPlayer


# The game's computer players as its record (render/catalog.py) registers them.
AI = GameAI[MomentumState, MomentumMove, MomentumEffect](
    game=GAME,
    levels=tuple(LEVELS),
    make_player=lambda level, seed: make_player(GAME, level, seed),
    review=REVIEW,
    puzzles=Puzzles(lambda s, depth: puzzle_best_moves(GAME, s, depth), mine_puzzles, mining_seconds=PUZZLE_MINING_SECONDS),
)

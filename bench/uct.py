"""A plain UCT player: the yardstick that knows nothing of any game (a benchmark tool, not a level).

Monte-Carlo tree search with the UCB1 rule and uniformly random playouts, over the common game
interface only (`legal_moves`, `play`, `current_player`, `winners`). It sees what a seat sees:
`game.observation(state, seat)`. For a game with hidden information it deals the hidden parts
afresh for every iteration from that observation (`game.from_observation(game.position(obs), rng)`),
so the tree is shared by many possible deals (moves illegal in one deal are skipped there), and it
never looks at the true state.

A playout scores 1 for a sole win, 1/k for a win shared by k seats, 1/n for a draw of n seats;
every node keeps the total for the seat that moved into it. Time is counted on `clock`
(CPU time of the process by default, so that a busy machine does not shorten its thinking).
"""

from __future__ import annotations

import math
import random
import time

from ludothek.games.base import Game

EXPLORATION = 1.4  # UCB1's constant, sqrt(2) as in the textbook


class _Node:
    __slots__ = ("mover", "children", "visits", "reward", "available")

    def __init__(self, mover: int | None):
        self.mover = mover  # the seat whose move led here (None at the root)
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0  # how often this node's move was legal when its parent was visited


class UCTPlayer:
    """`choose(state)` thinks for `seconds` (on `clock`) or `playouts` iterations, whichever ends first."""

    def __init__(self, game: Game, seconds: float | None = 0.2, playouts: int | None = None, seed: int = 0, clock=time.process_time):
        if seconds is None and playouts is None:
            raise ValueError("give UCT a time or a number of playouts")
        self.game = game
        self.seconds = seconds
        self.playouts = playouts
        self.rng = random.Random(f"uct:{game.id}:{seed}")
        self.clock = clock
        # A game with hidden information overrides from_observation; others need no deal.
        self.hidden = type(game).from_observation is not Game.from_observation
        self.last_iterations = 0

    def choose(self, s) -> str:
        game = self.game
        seat = game.current_player(s)
        observed = game.observation(s, seat)
        moves = game.legal_moves(observed)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        if len(moves) == 1:
            return moves[0]
        text = game.position(observed) if self.hidden else None
        root = _Node(None)
        end = None if self.seconds is None else self.clock() + self.seconds
        iterations = 0
        rng = self.rng
        while True:
            if self.playouts is not None and iterations >= self.playouts:
                break
            if end is not None and iterations % 8 == 0 and self.clock() > end:
                break
            state = game.from_observation(text, rng) if self.hidden else observed
            self._iterate(root, state)
            iterations += 1
        self.last_iterations = iterations
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))
        return best[0]

    def _iterate(self, root: _Node, state) -> None:
        game, rng = self.game, self.rng
        node = root
        path = [root]
        # Selection and expansion.
        while not game.is_over(state):
            moves = game.legal_moves(state)
            mover = game.current_player(state)
            for move in moves:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            untried = [m for m in moves if m not in node.children]
            if untried:
                move = rng.choice(untried)
                child = _Node(mover)
                child.available = 1
                node.children[move] = child
                state = game.play(state, move)
                path.append(child)
                break
            best_move, best_score = None, -1.0
            for move in moves:
                child = node.children[move]
                # Availability counts instead of the parent's visits: in a dealt tree a move is
                # not legal in every deal (single-observer information-set MCTS).
                score = child.reward / child.visits + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
                if score > best_score:
                    best_move, best_score = move, score
            node = node.children[best_move]
            state = game.play(state, best_move)
            path.append(node)
        # Playout.
        while not game.is_over(state):
            state = game.play(state, rng.choice(game.legal_moves(state)))
        winners = game.winners(state)
        players = len(game.scores(state))
        for node in path:
            node.visits += 1
            if node.mover is None:
                continue
            if not winners:
                node.reward += 1 / players
            elif node.mover in winners:
                node.reward += 1 / len(winners)

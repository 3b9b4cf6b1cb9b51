"""Nummerus Zahlus computer players, and the solitaire hint.

The search works on a plain-list model of the game, with its evaluation (a run of consecutive
numbers worth more the longer it is, more still while it may grow; a finished round judged
exactly): ai/nummerus_model.py. Moves chosen are always legal engine moves.

Levels: 1 scores every move one ply deep and picks among the good ones at random (sometimes
any move); 2 takes the best move one ply deep (both count work, so they are reproducible).
3 thinks against the clock (`think_seconds`, see ai/base.py) with Monte-Carlo tree search, for
2-4 players alike: UCB1 in the tree, playouts that mostly take the chip joining or extending the
mover's own run (else one that blocks an opponent's), each playout judged by the exact result
of the round; with two players it starts each search from the subtree it kept of the last one
(after its own move and the opponent's answer). A plain depth-limited alpha-beta on the
evaluation lost to a uniform-random UCT search of a few hundred playouts; the playouts see
what the evaluation missed (which chips the star will still reach). With two players and at most `MCTS_ENDGAME_CHIPS` chips left it
first tries to solve the end with alpha-beta, and plays at once when that succeeds.
Swap variant: the swap step tries every swap that takes a chip beside one's own numbers and
makes it only if it gains more than keeping the swap chip for later is worth.

Solitaire: a beam search to the end of the game over (board, star, chains), keyed by
`solitaire_bound` (the fewest chains that could be left if the star allowed any order) and then
by the chips the short chains still lack; `hint(game, state)` is the strongest level's move.
"""

from __future__ import annotations

import math
import random
import time
from typing import Callable, Generator, TYPE_CHECKING

from ..games.notation import parse_swap, split_side
from ..games.nummerus import CHIPS, FIELD_COUNT, FIELD_INDEX, NO_SWAP, SWAP_PHASE, reachable_fields, NummerusEffect, NummerusMove, NummerusState, Nummerus, GAME
from ..games.nummerus_scoring import Groups
from .base import ComputerPlayer, GameAI, Level, MoveValue, MoveValues, PlayerBase, Puzzles, ReviewRules, Search, SearchBudget, run_search
from .nummerus_model import WIN, Model, round_rewards, solitaire_child, solitaire_key, solitaire_takes


if TYPE_CHECKING:
    from .puzzle_mining import Mine

LEVELS = [
    Level(1, "Easy", "Takes a chip that suits its own numbers, but often settles for one that is merely good enough."),
    Level(2, "Medium", "Always takes the chip that looks best right now for its chains and against yours."),
    Level(3, "Hard", "Plays thousands of quick games to the end for every move it weighs, and plays the last chips exactly."),
]

CHUNK_SECONDS = 0.004  # yield to the page after about this much work (checked every 16 nodes)

# Level 1 considers moves within this share of its best margin, and sometimes any move at all.
# With 0.45 and 0.25 level 2 beat it in only 65% of 200 games; with 0.6 and 0.35 in 74% of 400,
# and it still beats a random player in 77% (bench/strength.py, 2026-11-23).
EASY_SHARE = 0.6
EASY_RANDOM = 0.35
SWAP_KEEP = 0.6  # a swap must gain more than this share of a 3-run's value per 48 chips left

# Solitaire beam search per level: beam width and node budget.
SOLITAIRE_BEAM = {1: 1, 2: 4, 3: 40}
SOLITAIRE_NODE_BUDGET = {1: 2_000, 2: 10_000, 3: 40_000}


# The strongest level: Monte-Carlo tree search against the clock (see `_mcts`).
MCTS_LEVEL = 3
MCTS_EXPLORATION = 0.7  # UCB1 constant for results in [0, 1]
RAVE_K = 300  # visits at which a move's own mean and its rapid action value weigh about equally (0: off)
# Share of playout moves that follow the playout rule (the rest at random). Playouts that follow
# it too often judge positions by one way of playing on: against UCT at four times the time, 0.6
# won 42/3/14 where 0.85 won 29/4/26 on the same 59 seeds (bench/versus_uct.py, 2026-11-23).
PLAYOUT_GREEDY = 0.6
MCTS_ENDGAME_CHIPS = 10  # two players, this few chips left: exact alpha-beta to the end
MCTS_CHUNK_PLAYOUTS = 8  # playouts between clock checks
# The review's values (`move_values`): playouts of the strongest level's search unless `max_work`,
# yielding to the page about this often.
REVIEW_PLAYOUTS = 1200
REVIEW_CHUNK_SECONDS = 0.01


# A line of the solitaire beam search: its key (solitaire_key, lower is better), the root move it
# started with, and the board, star and chains it has reached.
_BeamLine = tuple[tuple[int, int], NummerusMove, bytes, int, Groups]


class _Budget(Exception):
    """Raised inside the search when the node budget or the time limit is spent."""


class NummerusPlayer(PlayerBase[NummerusState, NummerusMove, NummerusEffect]):
    game: Nummerus

    """All levels, for 1-4 players; the level sets the kind and the budget of the search."""

    # The strongest level's search parameters (attributes, so that benchmarks can vary them).
    exploration = MCTS_EXPLORATION
    playout_greedy = PLAYOUT_GREEDY
    rave_k = RAVE_K
    # Stopping once the most visited move cannot be overtaken cannot change the move in theory,
    # but it lost clearly more against UCT (4/4/12 against 10/0/10 on the same 20 seeds), so
    # level 3 thinks its whole time unless the move is forced or the end is solved.
    early_stop = False
    # Keep the subtree of the move chosen and start the next search from it (two players): the
    # playouts spent on the opponent's likely answers count again. Against reuse_tree=False it
    # won 23/1/16 (0.05 s a move); against UCT at four times the time 27/4/9 on seeds 0-39, where
    # it had won 23/0/17 without (bench/ab_nummerus.py, bench/versus_uct.py, 2026-11-23).
    reuse_tree = True
    _kept_tree: "tuple[_MctsNode, list[int], int, list[int], int] | None" = None

    # -- driving -------------------------------------------------------------------------------

    def search(self, s: NummerusState) -> Search[NummerusMove]:
        s = self.view(s)
        moves = self.game.legal_moves(s)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        run = _Nodes(self.clock, self.deadline())
        if len(moves) == 1:
            yield None
            return moves[0]
        if self.game.is_solitaire(s):
            return (yield from self._solitaire(s, moves, run))
        if s.phase == SWAP_PHASE:
            return (yield from self._swap_decision(s, moves, run))
        if self.level == MCTS_LEVEL:
            return (yield from self._mcts(s, moves, run))
        return (yield from self._star_move(s, moves, run))

    # -- star moves with 2-4 players ------------------------------------------------------------

    def _star_move(self, s: NummerusState, moves: list[NummerusMove], run: "_Nodes") -> Search[NummerusMove]:
        me = s.to_move
        model = Model(s, tournament=bool(s.rounds))
        players = model.players
        nxt = (me + 1) % players
        scored: list[tuple[float, NummerusMove]] = []
        for move in moves:
            field = FIELD_INDEX[move]
            undo = model.take(field, me)
            scored.append((model.utilities(nxt)[me], move))
            model.untake(field, undo)
        yield None
        run.resumed()
        if self.level == 1:
            return self._pick_easy(scored)
        best_value = max(v for v, _ in scored)
        if self.level == 2:
            return self._pick_best([m for v, m in scored if v == best_value])
        # Level 3 never comes here: it searches with `_mcts`.
        return self._pick_best([m for v, m in scored if v == best_value])

    def _negamax(self, run: "_Nodes", model: Model, seat: int, depth: int, alpha: float, beta: float, budget: int) -> Generator[None, None, float]:
        """Value for `seat` to move, 2 players (fail-soft alpha-beta). A generator, so the search
        can pause between nodes; the leaves are evaluated inline."""
        if run.tick(budget):
            yield None
            run.resumed()
        if not model.left or depth == 0:
            return model.utilities(seat)[seat]
        other = 1 - seat
        targets = reachable_fields(model.board, model.star)
        best: float = -4 * WIN
        if depth == 1:
            for f in targets:
                undo = model.take(f, seat)
                value = -model.utilities(other)[other]
                model.untake(f, undo)
                if value > best:
                    best = value
                    if value >= beta:
                        break
            run.work += len(targets)
            return best
        if depth >= 3:
            # Order children by a one-ply look for better pruning.
            keyed = []
            for f in targets:
                undo = model.take(f, seat)
                keyed.append((model.utilities(other)[seat], f))
                model.untake(f, undo)
            keyed.sort(reverse=True)
            targets = [f for _, f in keyed]
        for f in targets:
            undo = model.take(f, seat)
            value = -(yield from self._negamax(run, model, other, depth - 1, -beta, -alpha, budget))
            model.untake(f, undo)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    # -- the strongest level: Monte-Carlo tree search --------------------------------------------

    def _mcts(self, s: NummerusState, moves: list[NummerusMove], run: "_Nodes") -> Search[NummerusMove]:
        """Monte-Carlo tree search until the thinking time is spent (or `max_playouts`). Playouts
        follow a rule of thumb (take the chip that joins or extends one's own run, else one that
        blocks an opponent's, else any) and end in the exact result of the round. With two
        players and few chips left the end is searched exactly with alpha-beta first. Stops early
        when the most visited move can no longer be overtaken in the time left."""
        me = s.to_move
        model = Model(s, tournament=bool(s.rounds))
        players = model.players
        end = self.thinking_deadline()
        # A move that ends the round with a win needs no thought.
        if model.left == 1:
            yield None
            return moves[0]
        if players == 2 and model.left <= MCTS_ENDGAME_CHIPS:
            # At most half the time: an unfinished exact search says nothing, the playouts do.
            exact = yield from self._exact_end(run, model, me, moves, (self.clock() + end) / 2)
            if exact is not None:
                return exact
            model = Model(s, tournament=bool(s.rounds))  # an interrupted search leaves it half-played
        cap = self.max_work
        rng = self.rng
        root = self._reused_root(model) if self.reuse_tree else None
        if root is None:
            root = _MctsNode()
        root_fields = [FIELD_INDEX[m] for m in moves]
        playouts = 0
        started = self.clock()
        while True:
            for _ in range(MCTS_CHUNK_PLAYOUTS):
                self._mcts_iteration(model, me, root, rng)
                playouts += 1
            now = self.clock()
            if (cap is not None and playouts >= cap) or now >= end:
                break
            # Early stop: the runner-up cannot catch up with the playouts left at this rate.
            if self.early_stop and playouts >= 64 and len(root.children) == len(root_fields):
                visits = sorted((c.visits for c in root.children.values()), reverse=True)
                rate = playouts / max(1e-6, now - started)
                if visits[0] - visits[1] > rate * (end - now):
                    break
            if now - run.last_yield > CHUNK_SECONDS:
                yield None
                run.resumed()
        self.last_playouts = playouts
        best = max(root_fields, key=lambda f: (root.children[f].visits if f in root.children else -1, root.children[f].reward if f in root.children else 0))
        if self.reuse_tree and players == 2 and best in root.children:
            undo = model.take(best, me)
            self._kept_tree = (root.children[best], list(model.board), model.star, list(model.owner), 1 - me)
            model.untake(best, undo)
        yield None
        return moves[root_fields.index(best)]

    def _reused_root(self, model: Model) -> "_MctsNode | None":
        """The subtree of the last search that this position lies in, if it is one opponent's move
        (two players) after the move we chose: its playouts count again instead of being lost."""
        kept, self._kept_tree = self._kept_tree, None
        if kept is None or model.players != 2:
            return None
        node, board, star, owner, opponent = kept
        taken = [f for f in range(FIELD_COUNT) if board[f] and not model.board[f]]
        if len(taken) != 1 or model.star != taken[0]:
            return None
        field = taken[0]
        owner[board[field]] = opponent
        board[field] = 0
        if board != model.board or owner != model.owner:
            return None
        child = node.children.get(field)
        if child is not None:
            child.mover = -1
        return child

    def _mcts_iteration(self, model: Model, me: int, root: "_MctsNode", rng: random.Random) -> None:
        players = model.players
        rave_k = self.rave_k
        seat = me
        node = root
        path = [root]
        taken = []  # (seat, field) of every move of this iteration, in order
        undos = []
        # Selection and expansion.
        while model.left:
            targets = reachable_fields(model.board, model.star)
            children = node.children
            untried = [f for f in targets if f not in children]
            if untried:
                f = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = _MctsNode()
                child.mover = seat
                children[f] = child
                undos.append((f, model.take(f, seat)))
                taken.append((seat, f))
                path.append(child)
                seat = (seat + 1) % players
                break
            log_n = math.log(node.visits)
            best_f, best_score = -1, -1.0
            for f in targets:
                c = children[f]
                mean = c.reward / c.visits
                if rave_k and c.amaf_visits:
                    # Rapid action value estimate: a chip is worth much the same whenever it is
                    # taken, so every later taking of it by the same seat counts, fading with visits.
                    beta = math.sqrt(rave_k / (3 * c.visits + rave_k))
                    mean = (1 - beta) * mean + beta * c.amaf_reward / c.amaf_visits
                score = mean + self.exploration * math.sqrt(log_n / c.visits)
                if score > best_score:
                    best_f, best_score = f, score
            node = children[best_f]
            undos.append((best_f, model.take(best_f, seat)))
            taken.append((seat, best_f))
            path.append(node)
            seat = (seat + 1) % players
        # Playout by the rule of thumb.
        owner, board = model.owner, model.board
        greedy = self.playout_greedy
        while model.left:
            targets = reachable_fields(board, model.star)
            if len(targets) == 1 or rng.random() > greedy:
                f = targets[0] if len(targets) == 1 else rng.choice(targets)
            else:
                best_score = -1
                f = targets[0]
                for t in targets:
                    n = board[t]
                    below, above = owner[n - 1], owner[n + 1]
                    score = (4 if below == seat else 1 if below >= 0 else 0) + (4 if above == seat else 1 if above >= 0 else 0)
                    score += rng.random()
                    if score > best_score:
                        best_score, f = score, t
            undos.append((f, model.take(f, seat)))
            taken.append((seat, f))
            seat = (seat + 1) % players
        rewards = round_rewards(model)
        for f, undo in reversed(undos):
            model.untake(f, undo)
        for depth, node in enumerate(path):
            node.visits += 1
            if node.mover >= 0:
                node.reward += rewards[node.mover]
            if rave_k and node.children:
                # The move chosen at this node was taken[depth], by seat taken[depth][0].
                mover = taken[depth][0] if depth < len(taken) else -1
                reward = rewards[mover] if mover >= 0 else 0.0
                children = node.children
                for k in range(depth, len(taken), players):
                    later = children.get(taken[k][1])
                    if later is not None:
                        later.amaf_visits += 1
                        later.amaf_reward += reward

    def _exact_end(self, run: "_Nodes", model: Model, me: int, moves: list[NummerusMove], end: float) -> Generator[None, None, NummerusMove | None]:
        """Two players near the end: alpha-beta to the end of the round; None when out of time."""
        saved = run.deadline_at
        run.deadline_at = end if saved is None else min(saved, end)
        nxt = 1 - me
        best_move: NummerusMove | None = None
        alpha: float = -4 * WIN
        try:
            for move in moves:
                field = FIELD_INDEX[move]
                undo = model.take(field, me)
                try:
                    value = -(yield from self._negamax(run, model, nxt, model.left, -4 * WIN, -alpha, 10**12))
                finally:
                    model.untake(field, undo)
                if best_move is None or value > alpha:
                    best_move, alpha = move, value
        except _Budget:
            return None
        finally:
            run.deadline_at = saved
        yield None
        return best_move

    # -- choosing among scored moves ----------------------------------------------------------

    def _pick_best(self, moves: list[NummerusMove]) -> NummerusMove:
        return moves[0] if len(moves) == 1 else self.rng.choice(sorted(moves))

    def _pick_easy(self, scored: list[tuple[float, NummerusMove]]) -> NummerusMove:
        if self.rng.random() < EASY_RANDOM:
            return self.rng.choice(sorted(m for _, m in scored))
        best = max(v for v, _ in scored)
        worst = min(v for v, _ in scored)
        good = sorted(m for v, m in scored if v >= best - EASY_SHARE * (best - worst))
        return self.rng.choice(good)

    # -- the swap step ---------------------------------------------------------------------------

    def _swap_decision(self, s: NummerusState, moves: list[NummerusMove], run: "_Nodes") -> Search[NummerusMove]:
        """Take a chip next to one's own runs (or away from an opponent's) if that gains enough."""
        me = s.to_move
        model = Model(s, tournament=bool(s.rounds))
        owner = model.owner
        nxt = (me + 1) % model.players
        base = model.utilities(nxt)[me]
        scored: list[tuple[float, NummerusMove]] = [(base, NO_SWAP)]
        for move in moves:
            swap = parse_swap(move)
            if swap is None:
                continue  # NO_SWAP, valued as `base`
            give, take = swap
            partner = owner[take]
            # Only swaps that take a chip beside one's own numbers can help; skip the rest.
            if owner[take - 1] != me and owner[take + 1] != me:
                continue
            owner[give], owner[take] = partner, me
            scored.append((model.utilities(nxt)[me], move))
            owner[give], owner[take] = me, partner
            if run.tick(10**9):
                yield None
                run.resumed()
        yield None
        if self.level == 1:
            return self._pick_easy(scored)
        keep = SWAP_KEEP * model.w[3] * model.left / CHIPS
        best_value = max(v for v, _ in scored)
        if best_value <= base + keep:
            return NO_SWAP
        return self._pick_best([m for v, m in scored if v == best_value])

    # -- solitaire -------------------------------------------------------------------------------

    def _solitaire(self, s: NummerusState, moves: list[NummerusMove], run: "_Nodes") -> Search[NummerusMove]:
        """Beam search to the end of the game: every line keeps the root move it started with;
        each ply expands the beam's states, drops transpositions and keeps the best `width` by
        `solitaire_key`. When the beam reaches the end, its keys are the exact results."""
        width = SOLITAIRE_BEAM[self.level]
        budget = SOLITAIRE_NODE_BUDGET[self.level]
        if self.level == 1 and self.rng.random() < EASY_RANDOM:
            yield None
            return self.rng.choice(moves)
        root: list[_BeamLine] = []
        for move in moves:
            field, side = split_side(move)
            board, star, chains = solitaire_child(s.board, s.star, s.collections[0], FIELD_INDEX[field], side)
            root.append((solitaire_key(board, chains), move, board, star, chains))
        root.sort(key=lambda t: t[:2])
        beam = root[:width]
        best = beam[0]
        try:
            while any(beam[0][2]):
                children: list[_BeamLine] = []
                seen: set[tuple[bytes, int, Groups]] = set()
                for _, move, board, star, chains in beam:
                    if not any(board):
                        children.append((solitaire_key(board, chains), move, board, star, chains))
                        continue
                    for take, side in solitaire_takes(board, star, chains):
                        if run.tick(budget):
                            yield None
                            run.resumed()
                        child = solitaire_child(board, star, chains, take, side)
                        ident = (child[0], child[1], child[2])
                        if ident in seen:
                            continue
                        seen.add(ident)
                        children.append((solitaire_key(child[0], child[2]), move, *child))
                children.sort(key=lambda t: t[:2])
                beam = children[:width]
                best = beam[0]
        except _Budget:
            pass
        yield None
        return best[1]

    # -- values of every move, for the review (ludothek.ai.review) ------------------------------

    def move_values(self, s: NummerusState) -> MoveValues:
        """The value of every legal move of `s` for the player to move: the strongest level's
        Monte-Carlo tree search with `max_work` playouts (by default `REVIEW_PLAYOUTS`: a fixed amount, and this
        player's seed: the same values every time), a move valued by its mean result in [0, 1],
        the most visited move (the one the level plays) given the best value. None for solitaire
        and the swap decision (no comparable values)."""
        if self.game.is_solitaire(s) or s.phase == SWAP_PHASE:
            return None  # solitaire and the swap decision: no comparable values
        moves = self.game.legal_moves(s)
        strongest = NummerusPlayer(self.game, MCTS_LEVEL, self.seed)
        me = s.to_move
        model = Model(s, tournament=bool(s.rounds))
        if len(moves) == 1 or model.left == 1:
            return [MoveValue(m, 1.0) for m in moves]
        root = _MctsNode()
        started = time.perf_counter()
        for _ in range(REVIEW_PLAYOUTS if self.max_work is None else self.max_work):
            strongest._mcts_iteration(model, me, root, strongest.rng)
            if time.perf_counter() - started > REVIEW_CHUNK_SECONDS:
                yield None
                started = time.perf_counter()
        values: dict[str, float] = {}
        for move in moves:
            child = root.children.get(FIELD_INDEX[move])
            values[move] = child.reward / child.visits if child and child.visits else 0.0
        # The preferred move is the most visited (as the strongest level plays): make it rate highest.
        top = max(moves, key=lambda m: root.children[FIELD_INDEX[m]].visits if FIELD_INDEX[m] in root.children else -1)
        values[top] = max(values.values())
        return [MoveValue(move, value) for move, value in values.items()]


class _Nodes(SearchBudget):
    """The budget of one search counted in nodes, checked every 16 nodes (plain, non-generator
    nodes count too, so a mark is compared instead of a mask)."""

    __slots__ = ("next_check",)

    def __init__(self, clock: Callable[[], float], deadline_at: float | None):
        super().__init__(clock, deadline_at, None, CHUNK_SECONDS)
        self.next_check = 16

    def tick(self, budget: int) -> bool:
        """Count a node; raise _Budget when `budget` nodes or the time are spent; say whether it
        is time to yield to the page."""
        self.work += 1
        if self.work >= self.next_check:
            self.next_check = self.work + 16
            now = self.clock()
            if self.work > budget or (self.deadline_at is not None and now > self.deadline_at):
                raise _Budget()
            if now - self.last_yield > self.chunk_seconds:
                return True
        return False


class _MctsNode:
    __slots__ = ("mover", "children", "visits", "reward", "amaf_visits", "amaf_reward")

    def __init__(self) -> None:
        self.mover = -1  # the seat whose move led here (-1 at the root)
        self.children: dict[int, _MctsNode] = {}  # field taken -> node
        self.visits = 0
        self.reward = 0.0
        self.amaf_visits = 0  # later takings of this node's chip by the same seat (RAVE)
        self.amaf_reward = 0.0


def make_player(game: Nummerus, level: int, seed: int = 0) -> NummerusPlayer:
    return NummerusPlayer(game, level, seed)


def hint(game: Nummerus, s: NummerusState) -> list[MoveValue]:
    """The strongest level's move in `s` (the Hint button's suggestion; in solitaire the helper)."""
    return run_search(make_player(game, MCTS_LEVEL).hint(s))


def move_values(game: Nummerus, s: NummerusState) -> MoveValues:
    """The review's values of every legal move of `s` (see `NummerusPlayer.move_values`)."""
    return (yield from make_player(game, MCTS_LEVEL).move_values(s))


# -- review and puzzles ------------------------------------------------------------------------------


def value_advantage(worth: float) -> float:
    """The mover's advantage in [-1, 1] from a move's mean result in [0, 1]."""
    return 2.0 * worth - 1.0


REVIEW = ReviewRules(
    # The mean result of the playouts in [0, 1] (the chance to win the round).
    thresholds=(0.03, 0.08, 0.18),
    work=REVIEW_PLAYOUTS,
    score_scale=10.0,
    value_advantage=value_advantage,
)


def puzzle_best_moves(game: Nummerus, s: NummerusState, depth: int) -> list[str]:
    """A puzzle (two players): the takes that win the round against any defence, by a search
    over the engine to the end of the round (`depth`: the chips left)."""
    from .puzzles import winning_moves

    return winning_moves(game, s, depth)


def mine_puzzles(mine: Mine) -> None:
    """Mine the puzzles (ai/nummerus_puzzles.py)."""
    from .nummerus_puzzles import mine_puzzles as mine_nummerus

    mine_nummerus(mine, lambda level, seed: make_player(GAME, level, seed))


if TYPE_CHECKING:
    # mypy checks the player against the one interface every game's player offers.
    _interface: type[ComputerPlayer[NummerusState, NummerusMove]] = NummerusPlayer


# The game's computer players as its record (render/catalog.py) registers them.
AI = GameAI[NummerusState, NummerusMove, NummerusEffect](
    game=GAME,
    levels=tuple(LEVELS),
    make_player=lambda level, seed: make_player(GAME, level, seed),
    review=REVIEW,
    puzzles=Puzzles(lambda s, depth: puzzle_best_moves(GAME, s, depth), mine_puzzles),
)

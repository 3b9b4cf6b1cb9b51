"""Mops Royal computer players.

Every player sees only the observation: all layouts, the revealed tile and which tiles are left
in the caller's pile, never their order. The layouts do not interact, so each player simply
makes the most of its own.

- Level 1 lays the tile at random, next to a matching tile where it can, and scores the best
  combination it has at once.
- Level 2 is the greedy player, the yardstick of the benchmarks: it lays the tile where it can
  score the most at once (else next to matching tiles) and always scores its best combination.
- Levels 3 and 4 plan. They value a layout by its potential: every placement of a shape that
  still fits the final 5x5 square and whose tiles so far share a colour (or a motif) may be
  completed by tiles still to come; it is worth its points times the chance that enough tiles
  of that group come in the rounds left (a hypergeometric tail over the remaining pile),
  discounted for each missing tile, since that tile must also find its cell in time. Each
  group counts its best placement and a share of its second best, and only as many groups
  count as there are scoring rounds left. The player chooses the placement, the combination
  (or to wait for a bigger one) and the tile to flip that maximise points now plus potential.
- Level 4 also looks one round ahead for its three best candidate placements: this round's
  scoring, then the best placement and scoring of each tile that may come next, averaged over
  the tiles tried (in a seeded order, each for every candidate, until all are tried or the
  work budget is spent). In the final scoring of the variant "Wertung" it searches for the
  best order of scorings.

The potential is kept as counts per group and kind of placement (`Analysis`, ai/mops_eval.py), so
that laying or flipping one tile updates only the placements through that cell. Levels 1-3 count work, never
time, so they play the same given the same seed and state (`time_limit` only caps them as a
safety bound), and answer in a few milliseconds to some 0.1 s of CPython time. Level 4's
look-ahead runs against its clock (`think_seconds`); it stops sooner once every tile is tried.
"""

from __future__ import annotations

from typing import Generator, Sequence, TYPE_CHECKING

from ..games.mops import GAME, MopsEffect, MopsRoyal
from ..games.mops_moves import round_tile, seat_to_move
from ..games.mops_layout import has_tile, placement_indices
from ..games.notation import MOPS_PASS, MopsMove, scoring_move
from ..games.mops_scoring import combination_points, combinations
from ..games.mops_state import FINAL, PLACE, SCORE, MopsState
from ..games.notation import frame_cell_index, parse_refusal
from .base import ComputerPlayer, GameAI, Level, MoveValue, MoveValues, PlayerBase, Puzzles, ReviewRules, Search, SearchBudget, run_search
from .mops_eval import CATEGORY_POINTS, Analysis, Context, affinity, best_points_through, scoring_move_of


if TYPE_CHECKING:
    from .puzzle_mining import Mine

LEVELS = [
    Level(1, "Easy", "Lays each tile at random beside a matching one and scores whatever it finds at once."),
    Level(2, "Greedy", "Lays each tile where it scores most right now and always cashes its best combination."),
    Level(3, "Planner", "Builds towards big combinations and waits for them, weighing the tiles still to come."),
    Level(4, "Expert", "Plans like level 3 and, while its thinking time lasts, looks one round ahead at the tiles that may come next."),
]
GREEDY_LEVEL = 2

# Yield to the page once a chunk has run this long; the next step (a few milliseconds at most,
# when a new window of the frame is first met) still completes the chunk.
CHUNK_SECONDS = 0.004

# Search parameters (tuned with bench/mops_strength.py and solo games).
LOOKAHEAD_CANDIDATES = 3  # level 4: candidate placements re-examined one round ahead
VALUE_COST = 40  # the work of valuing an analysed layout, in the same unit
FINAL_NODE_BUDGET = 1500  # level 4: layouts searched for the order of the final scoring
REVIEW_LOOKAHEAD_WORK = 20_000  # the review's values: the look-ahead's work unless `max_work`


# -- players ---------------------------------------------------------------------------------------


# A move with its value (larger is better), as the levels rank the moves.
Ranked = list[tuple[float, MopsMove]]
# What a decision's search yields and returns: the chosen move.
Choice = Generator[None, None, MopsMove]


class MopsPlayer(PlayerBase[MopsState, MopsMove, MopsEffect]):
    """Shared driver: dispatches on the phase and keeps the chunks short."""

    # Mops Royal's own game, not any MopsRoyal: the players ask it the refusal's cost.
    game: MopsRoyal

    def __init__(self, game: MopsRoyal, level: int, seed: int = 0, time_limit: float | None = None):
        super().__init__(game, level, seed, time_limit)

    def search(self, s: MopsState) -> Search[MopsMove]:
        s = self.view(s)
        moves = self.game.legal_moves(s)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        run = self.budget(self.max_work, CHUNK_SECONDS)
        if len(moves) == 1:
            yield None
            return moves[0]
        yield None  # the legal moves alone may have taken a while
        if s.phase == PLACE:
            move = yield from self.choose_placement(s, moves, run)
        elif s.phase == SCORE:
            move = yield from self.choose_scoring(s, moves, run)
        else:
            move = yield from self.choose_final_scoring(s, moves, run)
        yield None
        return move

    def choose_placement(self, s: MopsState, moves: list[MopsMove], run: SearchBudget) -> Choice:
        raise NotImplementedError
        yield  # pragma: no cover

    def choose_scoring(self, s: MopsState, moves: list[MopsMove], run: SearchBudget) -> Choice:
        raise NotImplementedError
        yield  # pragma: no cover

    def choose_final_scoring(self, s: MopsState, moves: list[MopsMove], run: SearchBudget) -> Choice:
        return (yield from self.choose_scoring(s, moves, run))

    def move_values(self, s: MopsState) -> MoveValues:
        """The value of every legal move of `s` for the player to move, in points now plus the
        points the layout may still make: the planning levels' values, with the strongest level's
        one-round look-ahead for its best candidates (capped at `max_work`, by default `REVIEW_LOOKAHEAD_WORK`, with this
        player's seed, so the values are the same every time), from what the player sees of `s`
        (`view`: the pile's order never reaches the values)."""
        s = self.view(s)
        game = self.game
        player = PlanningPlayer(game, 4, self.seed)
        player.think_seconds = 1e9  # the work cap decides: the same review every time
        run = SearchBudget(self.clock, None, REVIEW_LOOKAHEAD_WORK if self.max_work is None else self.max_work, CHUNK_SECONDS)
        moves = game.legal_moves(s)
        layout = s.layouts[seat_to_move(s)]
        an = Analysis.of(layout)
        if s.phase == PLACE:
            # The move choice's own ranking, and its look-ahead for the best candidates.
            an, ranked = yield from player.placement_ranking(s, moves, run, every_refusal=True)
            if not s.wertung and len(ranked) > 1:
                plain = dict((m, v) for v, m in ranked)
                ahead = yield from player.look_ahead(s, an, ranked, run)
                if ahead is not ranked:
                    # The best candidates carry the look-ahead's values; the rest keep the plain
                    # values, moved onto the same scale and never above the worst candidate.
                    candidates = [m for _, m in sorted(ranked, key=lambda vm: -vm[0])[:LOOKAHEAD_CANDIDATES]]
                    examined = {m: v for v, m in ahead if m in candidates}
                    shift = min(examined.values()) - min(plain[m] for m in examined)
                    floor = min(examined.values())
                    return [MoveValue(m, examined[m] if m in examined else min(floor - 0.01, plain[m] + shift)) for m in plain]
                return [MoveValue(m, v) for m, v in plain.items()]
            return [MoveValue(m, v) for v, m in ranked]
        if s.phase == SCORE:
            ctx = Context(layout, s.pile, s.wertung)
            rounds = an.room
            values = {MOPS_PASS: an.value(ctx, rounds)} if MOPS_PASS in moves else {}
            for flip, (points, index) in sorted(an.flip_options().items()):
                yield None
                values[scoring_move_of(index, flip)] = points + an.flipped(flip).value(ctx, rounds)
            return [MoveValue(m, values.get(m, -1e9)) for m in moves]
        if s.phase == FINAL:
            memo: dict[bytes, int] = {}

            def total(a: Analysis) -> int:
                # Most points still to make from this layout in the final scoring (exact, memoised).
                if a.layout in memo:
                    return memo[a.layout]
                best = 0
                for flip, (points, _) in a.flip_options().items():
                    best = max(best, points + total(a.flipped(flip)))
                memo[a.layout] = best
                return best

            totals: dict[str, int] = {}
            for flip, (points, index) in sorted(an.flip_options().items()):
                yield None
                totals[scoring_move_of(index, flip)] = points + total(an.flipped(flip))
            return [MoveValue(m, totals.get(m, -1e9)) for m in moves]
        return None

    def pick(self, ranked: Sequence[tuple[float, MopsMove]]) -> MopsMove:
        """The best move; ties broken by the seeded generator."""
        top = max(value for value, _ in ranked)
        best = [move for value, move in ranked if value >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)


class GreedyPlayer(MopsPlayer):
    """Levels 1 and 2. Both always score their best combination at once. Level 2 (greedy) lays
    the tile where it can score the most right away, else where most matching tiles are
    around; level 1 lays it at random, next to a matching tile if there is such a cell."""

    def choose_placement(self, s: MopsState, moves: list[MopsMove], run: SearchBudget) -> Choice:
        layout = s.layouts[seat_to_move(s)]
        tile = round_tile(s)
        ranked: Ranked = []
        for move in moves:
            if parse_refusal(move) is not None:
                continue  # never pays to refuse a tile
            cell = frame_cell_index(move)
            if self.level < GREEDY_LEVEL:
                ranked.append((1 if affinity(layout, cell, tile) else 0, move))
                continue
            now = 0
            if not s.wertung:
                after = bytearray(layout)
                after[cell] = tile
                now = best_points_through(bytes(after), cell)
            ranked.append((now * 100 + affinity(layout, cell, tile), move))
            yield from run.pause()
        return self.pick(ranked) if ranked else moves[0]

    def choose_scoring(self, s: MopsState, moves: list[MopsMove], run: SearchBudget) -> Choice:
        layout = s.layouts[seat_to_move(s)]
        ranked: Ranked = [(combination_points(layout, p), scoring_move(p.cells, flip)) for p in combinations(layout) for flip in p.marks]
        yield from run.pause()
        return self.pick(ranked)


class PlanningPlayer(MopsPlayer):
    """Levels 3 and 4: points now plus the layout's potential."""

    def best_scoring(self, an: Analysis, ctx: Context, wertung: bool, run: SearchBudget) -> Generator[None, None, tuple[float, tuple[int, int] | None]]:
        """(value, (flip, placement) or None for passing) of the best decision of a scoring
        step on the analysed layout. A generator: it pauses between evaluations."""
        rounds = an.room
        best_value = an.value(ctx, rounds)
        best_choice: tuple[int, int] | None = None
        run.work += an.cost + VALUE_COST
        if wertung:
            return best_value, None
        for flip, (points, index) in an.flip_options().items():
            yield from run.pause()
            flipped_an = an.flipped(flip)
            run.work += flipped_an.cost + VALUE_COST
            value = points + flipped_an.value(ctx, rounds)
            if value > best_value + 1e-9:
                best_value, best_choice = value, (flip, index)
        return best_value, best_choice

    def placement_values(
        self, an: Analysis, tile: int, cells: Sequence[int], ctx: Context, wertung: bool, run: SearchBudget
    ) -> Generator[None, None, list[tuple[float, int]]]:
        """(value, cell) per cell: laying `tile` there, then the best scoring decision."""
        result: list[tuple[float, int]] = []
        for cell in cells:
            after = an.placed(cell, tile)
            yield from run.pause()
            value, _ = yield from self.best_scoring(after, ctx, wertung, run)
            result.append((value, cell))
            yield from run.pause()
        return result

    def placement_ranking(
        self, s: MopsState, moves: list[MopsMove], run: SearchBudget, every_refusal: bool = False
    ) -> Generator[None, None, tuple[Analysis, Ranked]]:
        """(analysis of the layout, [(value, move)]): each placement of the round's tile valued
        as laying it and then the best scoring decision, and refusing (variant) valued at the
        layout as it is, less its cost. All face-down tiles are alike to refuse onto, so only
        the first refusal is ranked unless `every_refusal` (the review values every move)."""
        layout = s.layouts[seat_to_move(s)]
        ctx = Context(layout, s.pile, s.wertung)
        an = Analysis.of(layout)
        yield from run.pause()
        cells = [frame_cell_index(m) for m in moves if parse_refusal(m) is None]
        values = yield from self.placement_values(an, round_tile(s), cells, ctx, s.wertung, run)
        ranked = [(value, moves[k]) for k, (value, _) in enumerate(values)]
        refusals = [m for m in moves if parse_refusal(m) is not None]
        if refusals:
            value, _ = yield from self.best_scoring(an, ctx, s.wertung, run)
            cost = self.game.next_refusal_cost(s, seat_to_move(s))
            ranked += [(value - cost, m) for m in (refusals if every_refusal else refusals[:1])]
        return an, ranked

    def choose_placement(self, s: MopsState, moves: list[MopsMove], run: SearchBudget) -> Choice:
        an, ranked = yield from self.placement_ranking(s, moves, run)
        if self.level >= 4 and not s.wertung:
            ranked = yield from self.look_ahead(s, an, ranked, run)
        return self.pick(ranked)

    def choose_scoring(self, s: MopsState, moves: list[MopsMove], run: SearchBudget) -> Choice:
        layout = s.layouts[seat_to_move(s)]
        ctx = Context(layout, s.pile, s.wertung)
        an = Analysis.of(layout)
        rounds = an.room
        ranked: Ranked = [(an.value(ctx, rounds), MOPS_PASS)]
        for flip, (points, index) in sorted(an.flip_options().items()):
            yield from run.pause()
            ranked.append((points + an.flipped(flip).value(ctx, rounds), scoring_move_of(index, flip)))
        return self.pick(ranked)

    def choose_final_scoring(self, s: MopsState, moves: list[MopsMove], run: SearchBudget) -> Choice:
        layout = s.layouts[seat_to_move(s)]
        if self.level >= 4:
            return (yield from self.best_final_sequence(layout, run))
        # Most points first; among equals, the flip that spoils the fewest other combinations.
        an = Analysis.of(layout)
        ranked: Ranked = []
        for flip, (points, index) in sorted(an.flip_options().items()):
            yield from run.pause()
            rest = len(an.flipped(flip).flip_options())
            ranked.append((points * 1000 + rest, scoring_move_of(index, flip)))
        return self.pick(ranked)

    # -- level 4 -------------------------------------------------------------------------------

    def look_ahead(self, s: MopsState, an: Analysis, ranked: Ranked, run: SearchBudget) -> Generator[None, None, Ranked]:
        """Re-rank the best candidates by what they lead to one round later: this round's best
        scoring decision, then the best placement and scoring of the next tile, averaged over
        the tiles that may come next. The tiles are tried in a seeded order, each for every
        candidate, until all are tried or the thinking time is spent."""
        order = sorted(ranked, key=lambda vm: -vm[0])
        candidates = [move for _, move in order[:LOOKAHEAD_CANDIDATES]]
        layout = s.layouts[seat_to_move(s)]
        pool = [t for t in sorted(s.pile) if not has_tile(layout, t)]  # the seat sits out its own start tile
        if len(candidates) < 2 or not pool:
            return ranked
        tiles = self.rng.sample(pool, len(pool))
        thinking_end = self.thinking_deadline()
        ctx = Context(layout, s.pile, False)
        futures: list[tuple[int, Analysis, list[int]]] = []  # per candidate: (points this round, analysis after this round, cells next round)
        for move in candidates:
            if parse_refusal(move) is not None:
                after, points = an, -self.game.next_refusal_cost(s, seat_to_move(s))
            else:
                after, points = an.placed(frame_cell_index(move), round_tile(s)), 0
            yield from run.pause()
            _, choice = yield from self.best_scoring(after, ctx, False, run)
            if choice is not None:
                flip, index = choice
                points += CATEGORY_POINTS[after.live[index][0]]
                after = after.flipped(flip)
            cells = placement_indices(after.layout) if after.room > 0 else []
            futures.append((points, after, cells))
            yield from run.pause()
        totals = [0.0] * len(candidates)
        tried = 0
        run.work = 0
        for tile in tiles:
            for k, (_, after, cells) in enumerate(futures):
                if cells:
                    next_ctx = Context(after.layout, bytes(t for t in s.pile if t != tile), False)
                    values = yield from self.placement_values(after, tile, cells, next_ctx, False, run)
                    totals[k] += max(value for value, _ in values)
            tried += 1
            if self.clock() > thinking_end or run.out_of_time() or (run.max_work is not None and run.work >= run.max_work):
                break
        result = [(points + totals[k] / tried, move) for k, ((points, _, _), move) in enumerate(zip(futures, candidates))]
        # Candidates not re-examined rank below those that were.
        floor = min(value for value, _ in result)
        return result + [(floor - 1.0, move) for _, move in order[len(candidates) :]]

    def best_final_sequence(self, layout: bytes, run: SearchBudget) -> Choice:
        """The first scoring of the best order of scorings found within the node budget
        (variant "Wertung": each turn scores one combination until none is left)."""
        memo: dict[bytes, int] = {}
        nodes = [0]

        def total(an: Analysis) -> Generator[None, None, int]:
            # Most points still to make from this layout; a generator, so the page can breathe.
            if an.layout in memo:
                return memo[an.layout]
            nodes[0] += 1
            options = sorted(an.flip_options().items(), key=lambda item: (-item[1][0], item[0]))
            if nodes[0] > FINAL_NODE_BUDGET or run.out_of_time():
                options = options[:1]  # out of budget: finish greedily
            best = 0
            for flip, (points, _) in options:
                yield from run.pause()
                best = max(best, points + (yield from total(an.flipped(flip))))
            memo[an.layout] = best
            return best

        root = Analysis.of(layout)
        ranked: Ranked = []
        for flip, (points, index) in sorted(root.flip_options().items()):
            ranked.append((points + (yield from total(root.flipped(flip))), scoring_move_of(index, flip)))
        return self.pick(ranked)


def make_player(game: MopsRoyal, level: int, seed: int = 0) -> MopsPlayer:
    if level in (1, GREEDY_LEVEL):
        return GreedyPlayer(game, level, seed)
    if level in (3, 4):
        return PlanningPlayer(game, level, seed)
    raise ValueError(f"Mops Royal has computer levels 1-{len(LEVELS)}, not {level!r}")


def move_values(game: MopsRoyal, s: MopsState) -> MoveValues:
    """The review's values of every legal move of `s` (see `MopsPlayer.move_values`)."""
    return (yield from make_player(game, len(LEVELS)).move_values(s))


def hint(game: MopsRoyal, s: MopsState) -> list[MoveValue]:
    """The strongest level's move in `s` (the Hint button's suggestion)."""
    return run_search(make_player(game, len(LEVELS)).hint(s))


# -- review and puzzles ------------------------------------------------------------------------------

REVIEW = ReviewRules(
    # Points (now plus the expected points the layout may still make).
    thresholds=(0.25, 1.0, 3.0),
    work=REVIEW_LOOKAHEAD_WORK,
    score_scale=15.0,
)


def mops_placement_points(game: MopsRoyal, s: MopsState) -> dict[MopsMove, int]:
    """Mops Royal, a placement step: for each cell the most points the round can then score
    (the placement, then the best combination of the scoring step; 0 when none can score)."""
    seat = game.current_player(s)
    assert seat is not None, "a placement step has a seat to place"
    result = {}
    for move in game.legal_moves(s):
        after = game.play(s, move)
        best = 0
        if after.phase == SCORE and game.current_player(after) == seat:
            for scoring in game.legal_moves(after):
                best = max(best, game.scores(game.play(after, scoring))[seat] - game.scores(after)[seat])
        result[move] = best
    return result


def puzzle_best_moves(game: MopsRoyal, s: MopsState, depth: int) -> list[MopsMove]:
    """A puzzle (one player): the cells for the revealed tile from which the round scores the
    most points (the placement, then the best combination; `depth` changes nothing)."""
    points = mops_placement_points(game, s)
    top = max(points.values())
    return [m for m, v in points.items() if v == top]


def mine_puzzles(mine: Mine) -> None:
    """Puzzles from games of the easy level (one player), which lays tiles loosely: placements
    with three cells or more, at least two of which let the round score, one alone the most;
    difficulty by the cells that score. The line: the cell, then the round's best scoring."""
    game = GAME
    for seed in mine.seeds():
        s = game.new_game(players=1, seed=seed)
        player = make_player(game, 1, seed=seed)  # lays tiles loosely: many cells to choose from
        while not game.is_over(s):
            if s.phase == PLACE and len(game.legal_moves(s)) >= 3:
                points = mops_placement_points(game, s)
                top = max(points.values())
                best = [m for m, v in points.items() if v == top]
                scoring = sum(1 for v in points.values() if v > 0)
                if top > 0 and len(best) == 1 and scoring >= 2:
                    after = game.play(s, best[0])
                    gains = {m: game.scores(game.play(after, m))[0] for m in game.legal_moves(after)}
                    difficulty = 1 if scoring <= 2 else 2 if scoring <= 4 else 3
                    line = [best[0], max(sorted(gains), key=lambda m: gains[m])]
                    mine.keep(difficulty, {"position": game.position(s), "solution": best[0], "line": line, "depth": scoring})
            s = game.play(s, player.choose(s))


if TYPE_CHECKING:
    # mypy checks the player against the one interface every game's player offers.
    _interface: type[ComputerPlayer[MopsState, MopsMove]] = MopsPlayer


# The game's computer players as its record (render/catalog.py) registers them.
AI = GameAI[MopsState, MopsMove, MopsEffect](
    game=GAME,
    levels=tuple(LEVELS),
    make_player=lambda level, seed: make_player(GAME, level, seed),
    review=REVIEW,
    # The puzzles' interface takes moves as text (ai/base.py's Puzzles is typed by the state alone).
    puzzles=Puzzles(lambda s, depth: list[str](puzzle_best_moves(GAME, s, depth)), mine_puzzles),
)

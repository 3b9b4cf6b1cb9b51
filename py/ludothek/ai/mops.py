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

The potential is kept as counts per group and kind of placement (`Analysis`), so that laying or
flipping one tile updates only the placements through that cell. Levels 1-3 count work, never
time, so they play the same given the same seed and state (`time_limit` only caps them as a
safety bound), and answer in a few milliseconds to some 0.1 s of CPython time. Level 4's
look-ahead runs against its clock (`think_seconds`); it stops sooner once every tile is tried.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Sequence, TYPE_CHECKING

from ..games.mops import (
    CROWNS,
    EMPTY,
    FACE_DOWN,
    FILES,
    FRAME,
    FULL,
    PLACE,
    SCORE,
    combination_points,
    combinations,
    open_window,
    placement_indices,
    scoring_move,
)
from ..games.mops_shapes import POINTS_BY_SIZE, frame_placements, placement_indices_by_cell as placements_by_cell_index
from .base import ComputerPlayer, Level, MoveValue, MoveValues, PlayerBase, Search, SearchBudget, run_search

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

# Evaluation parameters (tuned with bench/mops_strength.py and solo games).
SECOND_WEIGHT = 0.25  # share of a group's second-best placement added to its best
NEED_DISCOUNT = 0.7  # per missing tile: the tiles must also find their cells in time
LOOKAHEAD_CANDIDATES = 3  # level 4: candidate placements re-examined one round ahead
VALUE_COST = 40  # the work of valuing an analysed layout, in the same unit
FINAL_NODE_BUDGET = 1500  # level 4: layouts searched for the order of the final scoring
REVIEW_LOOKAHEAD_WORK = 20_000  # the review's values: the look-ahead's work unless `max_work`

GROUPS = 12  # colours 0-5, motifs 6-11


def groups_of(tile: int) -> tuple[int, int]:
    return tile % 6, 6 + tile // 6


# -- the placements of the frame ---------------------------------------------------------------------
#
# Bit masks over the 81 frame cells (bit i = cell i): a placement of a shape is a mask, and a
# layout is summed up as masks of its face-up tiles, face-down tiles and of each group.

_FRAME_PLACEMENTS = frame_placements(FRAME, FRAME)
_MASK = tuple(sum(1 << c for c in p.cells) for p in _FRAME_PLACEMENTS)
_SIZE = tuple(p.size for p in _FRAME_PLACEMENTS)
_BOX = tuple(
    (min(c % FRAME for c in p.cells), max(c % FRAME for c in p.cells), min(c // FRAME for c in p.cells), max(c // FRAME for c in p.cells))
    for p in _FRAME_PLACEMENTS
)
_BY_CELL = tuple(tuple(group) for group in placements_by_cell_index(FRAME, FRAME))


def _spans(axis: int) -> dict[tuple[int, int], frozenset[int]]:
    """Placements by the exact files (axis 0) or ranks (axis 1) they span: (first, last) -> set."""
    spans: dict[tuple[int, int], set[int]] = {}
    for i, box in enumerate(_BOX):
        spans.setdefault((box[2 * axis], box[2 * axis + 1]), set()).add(i)
    return {span: frozenset(found) for span, found in spans.items()}


_SPANS = (_spans(0), _spans(1))


@lru_cache(maxsize=None)
def _between(axis: int, low: int, high: int) -> frozenset[int]:
    """Placements whose files (axis 0) or ranks (axis 1) lie within low..high."""
    return frozenset().union(*(found for (first, last), found in _SPANS[axis].items() if low <= first and last <= high))


@lru_cache(maxsize=256)
def window_placements(window: tuple[int, int, int, int]) -> frozenset[int]:
    """Placements inside a window (lowest file, highest file, lowest rank, highest rank). Every
    placement inside the open window of a layout fits one 5x5 square together with the
    layout, since both span at most 5 files and 5 ranks. (An intersection of two cached
    sets: a new window costs a fraction of a millisecond, not a pass over all placements.)"""
    return _between(0, window[0], window[1]) & _between(1, window[2], window[3])


@lru_cache(maxsize=256)
def window_order(window: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The placements inside a window, in frame order."""
    return tuple(sorted(window_placements(window)))


@lru_cache(maxsize=4096)
def _through(cell: int, window: tuple[int, int, int, int]) -> tuple[int, ...]:
    """Placements through `cell` inside `window`."""
    inside = window_placements(window)
    return tuple(i for i in _BY_CELL[cell] if i in inside)


def window_of(f0: int, f1: int, r0: int, r1: int) -> tuple[int, int, int, int]:
    """The open window of a layout with that extent (as `open_window`)."""
    return max(0, f1 - 4), min(FRAME - 1, f0 + 4), max(0, r1 - 4), min(FRAME - 1, r0 + 4)


# A kind of placement: size, crown or not, tiles still missing ("need").
CATEGORIES = 30


def category(size: int, crown: int, need: int) -> int:
    return ((size - 3) * 2 + crown) * 5 + need


_FRESH_CATEGORY = tuple(category(size, 0, size - 1) for size in _SIZE)  # one tile, no crown
CATEGORY_POINTS = tuple(POINTS_BY_SIZE[3 + k // 10] + (k // 5) % 2 for k in range(CATEGORIES))
CATEGORY_NEED = tuple(k % 5 for k in range(CATEGORIES))
CROWN_STEP = 5  # category(size, 1, need) - category(size, 0, need)


def layout_masks(layout) -> tuple[int, int, int, list[int]]:
    """(face-up mask, face-down mask, face-up crown mask, face-up mask per group)."""
    up = down = crowns = 0
    groups = [0] * GROUPS
    for index, t in enumerate(layout):
        if t == EMPTY:
            continue
        bit = 1 << index
        if t >= FACE_DOWN:
            down |= bit
            continue
        up |= bit
        groups[t % 6] |= bit
        groups[6 + t // 6] |= bit
        if t in CROWNS:
            crowns |= bit
    return up, down, crowns, groups


# -- chances ---------------------------------------------------------------------------------------


def _tail_probabilities(pool: int, draws: int, successes: int) -> list[float]:
    """P(at least k successes) for k = 0..5, drawing `draws` of `pool` without replacement."""
    draws = max(0, min(draws, pool))
    total = comb(pool, draws) if pool else 1
    exact = [comb(successes, k) * comb(pool - successes, draws - k) / total if k <= min(successes, draws) else 0.0 for k in range(6)]
    return [sum(exact[k:]) if k else 1.0 for k in range(6)]


class Context:
    """What the potential depends on besides the layout: which tiles may still come (the
    pile without the seat's own tiles) and whether scoring waits for the end (Wertung)."""

    def __init__(self, layout, pile, wertung: bool):
        own = {v % FACE_DOWN for v in layout if v != EMPTY}
        self.pool = len(pile)
        self.available = [0] * GROUPS  # tiles of each group that may still be laid here
        for t in pile:
            if t not in own:  # own start tile: revealed one day, but never laid again
                for g in groups_of(t):
                    self.available[g] += 1
        self.wertung = wertung
        self._tables: dict[int, tuple[list[list[float]], list[list[float]]]] = {}

    def probabilities(self, draws: int) -> list[list[float]]:
        """[group][need]: chance that `need` more tiles of the group come among `draws`
        reveals, discounted per missing tile."""
        return self._table(draws)[0]

    def category_values(self, draws: int) -> list[list[float]]:
        """[group][category]: what one placement of that category is worth."""
        return self._table(draws)[1]

    def _table(self, draws: int):
        table = self._tables.get(draws)
        if table is None:
            by_count: dict[int, tuple] = {}
            probs, values = [], []
            for n in self.available:
                if n not in by_count:
                    tails = _tail_probabilities(self.pool, draws, n)
                    p = [q * NEED_DISCOUNT**need for need, q in enumerate(tails)]
                    by_count[n] = (p, [CATEGORY_POINTS[k] * p[CATEGORY_NEED[k]] for k in range(CATEGORIES)])
                probs.append(by_count[n][0])
                values.append(by_count[n][1])
            table = self._tables[draws] = (probs, values)
        return table


# -- the potential -----------------------------------------------------------------------------------


def _aggregate(group_values: list[float], rounds: int, wertung: bool) -> float:
    if wertung or rounds >= GROUPS:
        return sum(group_values)
    if rounds <= 0:
        return 0.0
    return sum(sorted(group_values, reverse=True)[:rounds])


def potential(layout, ctx: Context, rounds: int) -> float:
    """Expected points the layout can still earn in `rounds` more scoring rounds (a heuristic,
    see the module docstring). The plain definition; `Analysis.value` computes the same
    incrementally."""
    if rounds <= 0 and not ctx.wertung:
        return 0.0
    up, down, crowns, groups = layout_masks(layout)
    probs = ctx.probabilities(rounds)
    best = [0.0] * GROUPS
    second = [0.0] * GROUPS
    for index in window_placements(open_window(layout)):
        mask = _MASK[index]
        occupied = mask & up
        if not occupied or mask & down:
            continue
        t = layout[(occupied & -occupied).bit_length() - 1]
        need = _SIZE[index] - occupied.bit_count()
        points = POINTS_BY_SIZE[_SIZE[index]] + (1 if occupied & crowns else 0)
        for g in groups_of(t):
            if occupied & groups[g] == occupied:
                value = points * probs[g][need]
                if value > best[g]:
                    second[g] = best[g]
                    best[g] = value
                elif value > second[g]:
                    second[g] = value
    return _aggregate([b + SECOND_WEIGHT * s for b, s in zip(best, second)], rounds, ctx.wertung)


class Analysis:
    """A layout with its live placements (face up so far, one colour or motif, no face-down
    tile, inside the open window) counted per group and category, so that the potential of
    the layout with one more tile, or one tile flipped, is found by updating only the
    placements through that cell."""

    __slots__ = ("layout", "extent", "window", "inside", "up", "down", "tiles", "live", "counts", "complete", "cost")
    layout: bytes
    extent: tuple[int, int, int, int]
    window: tuple[int, int, int, int]
    inside: frozenset[int]
    up: int
    down: int
    tiles: int
    live: dict[int, tuple[int, tuple[int, ...]]]
    counts: list[dict[int, int]]
    complete: dict[int, int]
    cost: int

    @classmethod
    def of(cls, layout: bytes) -> "Analysis":
        an = cls()
        an.layout = layout
        files = [i % FRAME for i, v in enumerate(layout) if v != EMPTY]
        ranks = [i // FRAME for i, v in enumerate(layout) if v != EMPTY]
        an.extent = (min(files), max(files), min(ranks), max(ranks))
        an.window = window_of(*an.extent)
        an.inside = window_placements(an.window)
        an.up, an.down, crowns, groups = layout_masks(layout)
        an.tiles = len(files)
        an.live = {}  # placement -> (category, groups it is alive for)
        an.counts = [{} for _ in range(GROUPS)]  # group -> {category: live placements}
        an.complete = {}  # placement -> category, for those with no tile missing
        an.cost = len(an.inside)  # work done to build it, in placements looked at
        for index in window_order(an.window):
            mask = _MASK[index]
            occupied = mask & an.up
            if not occupied or mask & an.down:
                continue
            t = layout[(occupied & -occupied).bit_length() - 1]
            alive = tuple(g for g in groups_of(t) if occupied & groups[g] == occupied)
            if alive:
                size = _SIZE[index]
                an._add(index, category(size, 1 if occupied & crowns else 0, size - occupied.bit_count()), alive)
        return an

    def _copy(self) -> "Analysis":
        an = Analysis()
        an.layout, an.extent, an.window, an.inside = self.layout, self.extent, self.window, self.inside
        an.up, an.down, an.tiles = self.up, self.down, self.tiles
        an.live = dict(self.live)
        an.counts = [d.copy() for d in self.counts]
        an.complete = dict(self.complete)
        an.cost = len(self.live) // 8  # copying is cheap per entry, but not free
        return an

    def _add(self, index: int, cat: int, alive: tuple[int, ...]) -> None:
        self.live[index] = (cat, alive)
        for g in alive:
            d = self.counts[g]
            d[cat] = d.get(cat, 0) + 1
        if cat % 5 == 0:
            self.complete[index] = cat

    def _drop(self, index: int) -> tuple[int, tuple[int, ...]] | None:
        entry = self.live.pop(index, None)
        if entry is not None:
            cat, alive = entry
            for g in alive:
                d = self.counts[g]
                n = d[cat] - 1
                if n:
                    d[cat] = n
                else:
                    del d[cat]
            if cat % 5 == 0:
                del self.complete[index]
        return entry

    def placed(self, cell: int, tile: int) -> "Analysis":
        """The analysis of the layout with `tile` laid on the empty `cell`."""
        an = self._copy()
        layout = bytearray(self.layout)
        layout[cell] = tile
        an.layout = bytes(layout)
        an.tiles += 1
        an.up = self.up | 1 << cell
        f, r = cell % FRAME, cell // FRAME
        f0, f1, r0, r1 = self.extent
        an.extent = (min(f0, f), max(f1, f), min(r0, r), max(r1, r))
        an.window = window_of(*an.extent)
        if an.window != self.window:
            an.inside = inside = window_placements(an.window)
            an.cost += len(an.live)
            for index in [i for i in an.live if i not in inside]:
                an._drop(index)
        tile_groups: tuple[int, ...] = groups_of(tile)
        colour_group, motif_group = tile_groups
        crown = CROWN_STEP if tile in CROWNS else 0
        occupied_before = self.up | self.down
        live, counts, complete = an.live, an.counts, an.complete
        through = _through(cell, an.window)
        an.cost += len(through)
        for index in through:
            entry = live.pop(index, None)
            if entry is None:
                # Not live before: dead for good, or empty until now.
                if _MASK[index] & occupied_before:
                    continue
                cat, alive = _FRESH_CATEGORY[index] + crown, tile_groups
            else:
                # The cell was empty, so the placement was not complete before.
                cat, alive = entry
                for g in alive:
                    d = counts[g]
                    n = d[cat] - 1
                    if n:
                        d[cat] = n
                    else:
                        del d[cat]
                if len(alive) == 2:
                    alive = (
                        tile_groups
                        if alive == tile_groups
                        else (colour_group,)
                        if alive[0] == colour_group
                        else (motif_group,)
                        if alive[1] == motif_group
                        else ()
                    )
                elif alive[0] != colour_group and alive[0] != motif_group:
                    continue
                if not alive:
                    continue
                cat = cat - 1 + crown  # one tile fewer missing
            live[index] = (cat, alive)
            for g in alive:
                d = counts[g]
                d[cat] = d.get(cat, 0) + 1
            if cat % 5 == 0:
                complete[index] = cat
        return an

    def flipped(self, cell: int) -> "Analysis":
        """The analysis of the layout with the face-up tile on `cell` turned face down."""
        an = self._copy()
        layout = bytearray(self.layout)
        layout[cell] += FACE_DOWN
        an.layout = bytes(layout)
        bit = 1 << cell
        an.up = self.up & ~bit
        an.down = self.down | bit
        live = an.live
        an.cost += len(_BY_CELL[cell])
        for index in _BY_CELL[cell]:
            if index in live:
                an._drop(index)
        return an

    def value(self, ctx: Context, rounds: int) -> float:
        """The potential (equal to `potential(self.layout, ctx, rounds)`)."""
        if rounds <= 0 and not ctx.wertung:
            return 0.0
        table = ctx.category_values(rounds)
        values = []
        for g in range(GROUPS):
            best = second = 0.0
            row = table[g]
            for cat, n in self.counts[g].items():
                v = row[cat]
                if v > best:
                    second = v if n > 1 else best
                    best = v
                elif v > second:
                    second = v
            values.append(best + SECOND_WEIGHT * second)
        return _aggregate(values, rounds, ctx.wertung)

    def flip_options(self) -> dict[int, tuple[int, int]]:
        """For each tile that some complete combination could turn face down: (the most points
        a combination with that flip scores, that combination); the first such combination in
        frame order among equals."""
        options: dict[int, tuple[int, int]] = {}
        for index, cat in sorted(self.complete.items()):
            points = CATEGORY_POINTS[cat]
            for flip in _FRAME_PLACEMENTS[index].marks:
                if flip not in options or points > options[flip][0]:
                    options[flip] = (points, index)
        return options


def scoring_move_of(index: int, flip: int) -> str:
    return scoring_move(_FRAME_PLACEMENTS[index], flip)


# -- small helpers -----------------------------------------------------------------------------------


def placement_cell(move: str) -> int:
    return (int(move[1]) - 1) * FRAME + FILES.index(move[0])


def flipped(layout: bytes, cell: int) -> bytes:
    new = bytearray(layout)
    new[cell] += FACE_DOWN
    return bytes(new)


def affinity(layout, cell: int, tile: int) -> int:
    """Face-up tiles around `cell` sharing the tile's colour or motif: 2 per side, 1 per corner."""
    colour, motif = tile % 6, tile // 6
    row, col = divmod(cell, FRAME)
    score = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = row + dr, col + dc
            if (dr or dc) and 0 <= r < FRAME and 0 <= c < FRAME:
                t = layout[r * FRAME + c]
                if t < FACE_DOWN and (t % 6 == colour or t // 6 == motif):
                    score += 2 if dr == 0 or dc == 0 else 1
    return score


def best_points_through(layout, cell: int) -> int:
    """The most a combination containing `cell` scores in `layout` (0: none)."""
    best = 0
    for index in _BY_CELL[cell]:
        placement = _FRAME_PLACEMENTS[index]
        tiles = [layout[c] for c in placement.cells]
        if max(tiles) < FACE_DOWN and (len({t % 6 for t in tiles}) == 1 or len({t // 6 for t in tiles}) == 1):
            best = max(best, combination_points(layout, placement))
    return best


# -- players ---------------------------------------------------------------------------------------


class MopsPlayer(PlayerBase):
    """Shared driver: dispatches on the step and keeps the chunks short."""

    def search(self, s) -> Search:
        s = self.view(s)
        moves = self.game.legal_moves(s)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        run = self.budget(self.max_work, CHUNK_SECONDS)
        if len(moves) == 1:
            yield None
            return moves[0]
        yield None  # the legal moves alone may have taken a while
        if s.step == PLACE:
            move = yield from self.choose_placement(s, moves, run)
        elif s.step == SCORE:
            move = yield from self.choose_scoring(s, moves, run)
        else:
            move = yield from self.choose_final_scoring(s, moves, run)
        yield None
        return move

    def choose_placement(self, s, moves, run: SearchBudget):
        raise NotImplementedError
        yield  # pragma: no cover

    def choose_scoring(self, s, moves, run: SearchBudget):
        raise NotImplementedError
        yield  # pragma: no cover

    def choose_final_scoring(self, s, moves, run: SearchBudget):
        return (yield from self.choose_scoring(s, moves, run))

    def move_values(self, s) -> MoveValues:
        """The value of every legal move of `s` for the player to move, in points now plus the
        points the layout may still make: the planning levels' values, with the strongest level's
        one-round look-ahead for its best candidates (capped at `max_work`, by default `REVIEW_LOOKAHEAD_WORK`, with this
        player's seed, so the values are the same every time). `s` should be what the player sees
        (the pile's order is never read beyond what the planning levels use)."""
        from ..games.mops import FINAL

        game = self.game
        player = PlanningPlayer(game, 4, self.seed)
        player.think_seconds = 1e9  # the work cap decides: the same review every time
        run = SearchBudget(self.clock, None, REVIEW_LOOKAHEAD_WORK if self.max_work is None else self.max_work, CHUNK_SECONDS)
        moves = game.legal_moves(s)
        layout = s.layouts[s.to_move]
        an = Analysis.of(layout)
        if s.step == PLACE:
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
        if s.step == SCORE:
            ctx = Context(layout, s.pile, s.wertung)
            rounds = FULL - an.tiles
            values = {"pass": an.value(ctx, rounds)} if "pass" in moves else {}
            for flip, (points, index) in sorted(an.flip_options().items()):
                yield None
                values[scoring_move_of(index, flip)] = points + an.flipped(flip).value(ctx, rounds)
            return [MoveValue(m, values.get(m, -1e9)) for m in moves]
        if s.step == FINAL:
            memo: dict[bytes, int] = {}

            def total(a) -> int:
                # Most points still to make from this layout in the final scoring (exact, memoised).
                if a.layout in memo:
                    return memo[a.layout]
                best = 0
                for flip, (points, _) in a.flip_options().items():
                    best = max(best, points + total(a.flipped(flip)))
                memo[a.layout] = best
                return best

            values = {}
            for flip, (points, index) in sorted(an.flip_options().items()):
                yield None
                values[scoring_move_of(index, flip)] = points + total(an.flipped(flip))
            return [MoveValue(m, values.get(m, -1e9)) for m in moves]
        return None

    def pick(self, ranked: Sequence[tuple[float, str]]) -> str:
        """The best move; ties broken by the seeded generator."""
        top = max(value for value, _ in ranked)
        best = [move for value, move in ranked if value >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)


class GreedyPlayer(MopsPlayer):
    """Levels 1 and 2. Both always score their best combination at once. Level 2 (greedy) lays
    the tile where it can score the most right away, else where most matching tiles are
    around; level 1 lays it at random, next to a matching tile if there is such a cell."""

    def choose_placement(self, s, moves, run: SearchBudget):
        layout = s.layouts[s.to_move]
        ranked = []
        for move in moves:
            if move.startswith("x"):
                continue  # never pays to refuse a tile
            cell = placement_cell(move)
            if self.level < GREEDY_LEVEL:
                ranked.append((1 if affinity(layout, cell, s.tile) else 0, move))
                continue
            now = 0
            if not s.wertung:
                after = bytearray(layout)
                after[cell] = s.tile
                now = best_points_through(after, cell)
            ranked.append((now * 100 + affinity(layout, cell, s.tile), move))
            yield from run.pause()
        return self.pick(ranked) if ranked else moves[0]

    def choose_scoring(self, s, moves, run: SearchBudget):
        layout = s.layouts[s.to_move]
        ranked = [(combination_points(layout, p), scoring_move(p, flip)) for p in combinations(layout) for flip in p.marks]
        yield from run.pause()
        return self.pick(ranked)


class PlanningPlayer(MopsPlayer):
    """Levels 3 and 4: points now plus the layout's potential."""

    def best_scoring(self, an: Analysis, ctx: Context, wertung: bool, run: SearchBudget):
        """(value, (flip, placement) or None for passing) of the best decision of a scoring
        step on the analysed layout. A generator: it pauses between evaluations."""
        rounds = FULL - an.tiles
        best_value, best_choice = an.value(ctx, rounds), None
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

    def placement_values(self, an: Analysis, tile: int, cells, ctx: Context, wertung: bool, run: SearchBudget):
        """(value, cell) per cell: laying `tile` there, then the best scoring decision."""
        result = []
        for cell in cells:
            after = an.placed(cell, tile)
            yield from run.pause()
            value, _ = yield from self.best_scoring(after, ctx, wertung, run)
            result.append((value, cell))
            yield from run.pause()
        return result

    def placement_ranking(self, s, moves, run: SearchBudget, every_refusal: bool = False):
        """(analysis of the layout, [(value, move)]): each placement of the round's tile valued
        as laying it and then the best scoring decision, and refusing (variant) valued at the
        layout as it is, less the price. All face-down tiles are alike to refuse onto, so only
        the first refusal is ranked unless `every_refusal` (the review values every move)."""
        layout = s.layouts[s.to_move]
        ctx = Context(layout, s.pile, s.wertung)
        an = Analysis.of(layout)
        yield from run.pause()
        cells = [placement_cell(m) for m in moves if not m.startswith("x")]
        values = yield from self.placement_values(an, s.tile, cells, ctx, s.wertung, run)
        ranked = [(value, moves[k]) for k, (value, _) in enumerate(values)]
        refusals = [m for m in moves if m.startswith("x")]
        if refusals:
            value, _ = yield from self.best_scoring(an, ctx, s.wertung, run)
            penalty = self.game.refusal_penalty(s, s.to_move)
            ranked += [(value - penalty, m) for m in (refusals if every_refusal else refusals[:1])]
        return an, ranked

    def choose_placement(self, s, moves, run: SearchBudget):
        an, ranked = yield from self.placement_ranking(s, moves, run)
        if self.level >= 4 and not s.wertung:
            ranked = yield from self.look_ahead(s, an, ranked, run)
        return self.pick(ranked)

    def choose_scoring(self, s, moves, run: SearchBudget):
        layout = s.layouts[s.to_move]
        ctx = Context(layout, s.pile, s.wertung)
        an = Analysis.of(layout)
        rounds = FULL - an.tiles
        ranked = [(an.value(ctx, rounds), "pass")]
        for flip, (points, index) in sorted(an.flip_options().items()):
            yield from run.pause()
            ranked.append((points + an.flipped(flip).value(ctx, rounds), scoring_move_of(index, flip)))
        return self.pick(ranked)

    def choose_final_scoring(self, s, moves, run: SearchBudget):
        layout = s.layouts[s.to_move]
        if self.level >= 4:
            return (yield from self.best_final_sequence(layout, run))
        # Most points first; among equals, the flip that spoils the fewest other combinations.
        an = Analysis.of(layout)
        ranked = []
        for flip, (points, index) in sorted(an.flip_options().items()):
            yield from run.pause()
            rest = len(an.flipped(flip).flip_options())
            ranked.append((points * 1000 + rest, scoring_move_of(index, flip)))
        return self.pick(ranked)

    # -- level 4 -------------------------------------------------------------------------------

    def look_ahead(self, s, an: Analysis, ranked, run: SearchBudget):
        """Re-rank the best candidates by what they lead to one round later: this round's best
        scoring decision, then the best placement and scoring of the next tile, averaged over
        the tiles that may come next. The tiles are tried in a seeded order, each for every
        candidate, until all are tried or the thinking time is spent."""
        order = sorted(ranked, key=lambda vm: -vm[0])
        candidates = [move for _, move in order[:LOOKAHEAD_CANDIDATES]]
        layout = s.layouts[s.to_move]
        own = {v % FACE_DOWN for v in layout if v != EMPTY}
        pool = [t for t in sorted(s.pile) if t not in own]
        if len(candidates) < 2 or not pool:
            return ranked
        tiles = self.rng.sample(pool, len(pool))
        thinking_end = self.thinking_deadline()
        ctx = Context(layout, s.pile, False)
        futures = []  # per candidate: (points this round, analysis after this round, cells next round)
        for move in candidates:
            if move.startswith("x"):
                after, points = an, -self.game.refusal_penalty(s, s.to_move)
            else:
                after, points = an.placed(placement_cell(move), s.tile), 0
            yield from run.pause()
            _, choice = yield from self.best_scoring(after, ctx, False, run)
            if choice is not None:
                flip, index = choice
                points += CATEGORY_POINTS[after.live[index][0]]
                after = after.flipped(flip)
            cells = placement_indices(after.layout) if after.tiles < FULL else []
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

    def best_final_sequence(self, layout: bytes, run: SearchBudget):
        """The first scoring of the best order of scorings found within the node budget
        (variant "Wertung": each turn scores one combination until none is left)."""
        memo: dict[bytes, int] = {}
        nodes = [0]

        def total(an: Analysis):
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
        ranked = []
        for flip, (points, index) in sorted(root.flip_options().items()):
            ranked.append((points + (yield from total(root.flipped(flip))), scoring_move_of(index, flip)))
        return self.pick(ranked)


def make_player(game, level: int, seed: int = 0) -> MopsPlayer:
    if level in (1, GREEDY_LEVEL):
        return GreedyPlayer(game, level, seed)
    if level in (3, 4):
        return PlanningPlayer(game, level, seed)
    raise ValueError(f"Mops Royal has computer levels 1-{len(LEVELS)}, not {level!r}")


def move_values(game, s) -> MoveValues:
    """The review's values of every legal move of `s` (see `MopsPlayer.move_values`)."""
    return (yield from make_player(game, len(LEVELS)).move_values(s))


def hint(game, s) -> list[MoveValue]:
    """The strongest level's move in `s` (the Hint button's suggestion)."""
    return run_search(make_player(game, len(LEVELS)).hint(s))


if TYPE_CHECKING:
    # mypy checks the player against the one interface every game's player offers.
    _interface: type[ComputerPlayer] = MopsPlayer

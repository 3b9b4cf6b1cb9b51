"""Mops Royal: how the computer players value a layout (ai/mops.py plays with it).

A layout's potential: every placement of a shape that still fits the final 5x5 square and whose
tiles so far share a colour (or a motif) may be completed by tiles still to come; it is worth its
points times the chance that enough tiles of that group come in the rounds left (a hypergeometric
tail over the remaining pile, `Context`), discounted for each missing tile. Each group counts its
best placement and a share of its second best, and only as many groups count as there are
scoring rounds left (`potential`). `Analysis` keeps the live placements as counts per group and
kind of placement, so that laying or flipping one tile updates only the placements through that
cell. Below them, the small measures the simpler levels use (`affinity`, `best_points_through`).

A model of the scoring rule: `Analysis` finds the combinations a layout can score, and what each
scores, from its own counts, not by asking the engine (games/mops_scoring.py) each time, since the
planning levels ask it for every cell, flip and tile tried (bench/mops_model.py measures both);
tests/test_mops_ai.py proves on seeded games that its answers are the engine's. It reads the
crown tiles (`CROWNS`, the material) and asks the engine what a size and a crown score
(`shape_points`), where the 5x5 limit leaves room (`window_around`) and how many tiles a layout
still takes (`room_left`).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ..games.mops_layout import CROWNS, EMPTY, FACE_DOWN, Span, colour_of, extent, has_tile, motif_of, open_window, room_left, window_around
from ..games.notation import MopsMove, scoring_move
from ..games.mops_scoring import combination_points, combinations_through, shape_points
from ..games.mops_shapes import frame_placements, placement_indices_by_cell as placements_by_cell_index
from ..games.notation import FRAME

# Evaluation parameters (tuned with bench/mops_strength.py and solo games).
SECOND_WEIGHT = 0.25  # share of a group's second-best placement added to its best
NEED_DISCOUNT = 0.7  # per missing tile: the tiles must also find their cells in time

GROUPS = 12  # colours 0-5, motifs 6-11


def groups_of(tile: int) -> tuple[int, int]:
    return colour_of(tile), 6 + motif_of(tile)


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


# A kind of placement: size, crown or not, tiles still missing ("need").
CATEGORIES = 30


def category(size: int, crown: int, need: int) -> int:
    return ((size - 3) * 2 + crown) * 5 + need


_FRESH_CATEGORY = tuple(category(size, 0, size - 1) for size in _SIZE)  # one tile, no crown
CATEGORY_POINTS = tuple(shape_points(3 + k // 10, (k // 5) % 2 == 1) for k in range(CATEGORIES))
CATEGORY_NEED = tuple(k % 5 for k in range(CATEGORIES))
CROWN_STEP = 5  # category(size, 1, need) - category(size, 0, need)


def layout_masks(layout: bytes) -> tuple[int, int, int, list[int]]:
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
        for g in groups_of(t):
            groups[g] |= bit
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

    def __init__(self, layout: bytes, pile: bytes, wertung: bool):
        self.pool = len(pile)
        self.available = [0] * GROUPS  # tiles of each group that may still be laid here
        for t in pile:
            if not has_tile(layout, t):  # own start tile: revealed one day, but never laid again
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

    def _table(self, draws: int) -> tuple[list[list[float]], list[list[float]]]:
        table = self._tables.get(draws)
        if table is None:
            # per count of available tiles: ([need] chances, [category] values)
            by_count: dict[int, tuple[list[float], list[float]]] = {}
            probs: list[list[float]] = []
            values: list[list[float]] = []
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


def potential(layout: bytes, ctx: Context, rounds: int) -> float:
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
        points = shape_points(_SIZE[index], bool(occupied & crowns))
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
    extent: Span
    window: Span
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
        an.extent = extent(layout)
        an.window = window_around(an.extent)
        an.inside = window_placements(an.window)
        an.up, an.down, crowns, groups = layout_masks(layout)
        an.tiles = (an.up | an.down).bit_count()
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
        an.extent = Span(min(f0, f), max(f1, f), min(r0, r), max(r1, r))
        an.window = window_around(an.extent)
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

    @property
    def room(self) -> int:
        """How many more tiles the layout takes before it is full."""
        return room_left(self.tiles)

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


def scoring_move_of(index: int, flip: int) -> MopsMove:
    return scoring_move(_FRAME_PLACEMENTS[index].cells, flip)


# -- small helpers -----------------------------------------------------------------------------------


def affinity(layout: bytes, cell: int, tile: int) -> int:
    """Face-up tiles around `cell` sharing the tile's colour or motif: 2 per side, 1 per corner."""
    colour, motif = colour_of(tile), motif_of(tile)
    row, col = divmod(cell, FRAME)
    score = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = row + dr, col + dc
            if (dr or dc) and 0 <= r < FRAME and 0 <= c < FRAME:
                t = layout[r * FRAME + c]
                if t < FACE_DOWN and (colour_of(t) == colour or motif_of(t) == motif):
                    score += 2 if dr == 0 or dc == 0 else 1
    return score


def best_points_through(layout: bytes, cell: int) -> int:
    """The most a combination containing `cell` scores in `layout` (0: none)."""
    return max((combination_points(layout, placement) for placement in combinations_through(layout, cell)), default=0)

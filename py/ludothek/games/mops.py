"""Mops Royal (Günter Burkhardt, noris 2014): everybody lays out the same tiles, one per round,
and scores same-colour or same-motif combinations in the shapes of the score board.

Tiles
-----
Every player owns the same 36 tiles: motif `P` pug, `B` bone, `W` bowl, `C` can, `K` cushion,
`H` heap, times colour `b` blue, `g` green, `o` orange, `p` pink, `v` purple, `y` yellow; a tile
is written motif then colour (`Kb` = blue cushion). Six tiles carry a crown: `Kb` `Pg` `Bv`
`Wo` `Cp` `Hy`.

Each player builds a layout in their own 9x9 frame (files a-i, ranks 1-9, as on a chess board),
whose start tile lies on e5. A layout may never span more than 5 files or 5 ranks, so it ends as
a 5x5 square somewhere inside the frame.

Play
----
The first seat is the caller: its other 35 tiles form the face-down pile that supplies the tile
of every round. When a tile is revealed, the players act on it one after another, in seat order,
the caller first. A turn is two moves: place the tile, then score one combination or pass. A
player whose start tile was revealed, or whose layout is already full, sits the round out.

Moves
-----
- `f5`: place the round's tile on f5 of your frame (orthogonally next to one of your tiles).
- `e5,f5,g5!f5`: score the combination on those cells (3 to 5, sorted in frame order: rank by
  rank from rank 1, files a to i within a rank) and turn the tile after `!` face down. Cells
  listed in another order are accepted and recorded in this order.
- `pass`: score nothing this round.
- `xf6` (variant "Ersatzplättchen"): refuse the tile, laying it face down onto your face-down
  tile on f6; costs 2 points the first time, then 3, 4 ...

Scoring: 3, 4 or 5 face-up tiles of one colour or one motif forming one of the 17 shapes of
`mops_shapes.SHAPES` (any rotation or reflection): 3 -> 2 points, 4 -> 4, 5 -> 7, +1 if a crown
tile is part of it. The tile turned face down must be one of the shape's marked tiles.

Position notation
-----------------
Five tokens, separated by single spaces, then the optional variant tokens:

    <layouts> <pile> <tile> <turn> <scores> [x<refusals>] [w]

- layouts: one per seat, ',' between. A layout lists the frame's ranks 9 down to 1, '/' between;
  within a rank, a digit 1-9 counts empty cells and a tile is its code, written with a lower-case
  motif when it lies face down (`kb`: the blue cushion, face down).
- pile: the caller's face-down pile, top first, codes written together (`KbPgHy`); `-` when
  empty. A leading `?` marks a pile whose order is hidden (an observation lists it sorted).
- tile: the tile revealed this round, `-` when no round is being played (final scoring, over).
- turn: `p<seat>` the seat (1-based) places the tile; `s<seat>` it has placed and may score;
  `f<seat>` it scores in the final scoring of the variant "Wertung"; `-` the game is over.
- scores: points per seat, ',' between (may be negative after refusals).
- `x<refusals per seat, ','>`: the variant "Ersatzplättchen" is on; how many tiles each seat has
  refused so far (the next refusal costs 2 more than that).
- `w`: the variant "Wertung" is on.

Start of a 2-player game (`new_game(players=2, seed=0)`): the caller (seat 1) started with the
pink bowl, seat 2 with the yellow bowl, the blue pug is revealed and seat 1 places first:

    9/9/9/9/4Wp4/9/9/9/9,9/9/9/9/4Wy4/9/9/9/9 KpBbKoBpWbHpKvByCgBgHgKyWoCyHbPpPyHoPoCpKbHvKgCoBvHyCbPgBoWgCvWyPvWv Pb p1 0,0

A teaching position, seen as an observation (only three tiles are left in the pile, their order
hidden): seat 1 has laid the blue can on g5 and may now score the blue line e5-g5; seat 2 places
the can next:

    9/9/9/9/4PbWbCb2/9/9/9/9,9/9/9/9/4Wy4/4Wb4/9/9/9 ?PoKbHy Cb s1 0,0

After `e5,f5,g5!f5` the bowl on f5 lies face down (`wb`) and seat 1 has 2 points:

    9/9/9/9/4PbwbCb2/9/9/9/9,9/9/9/9/4Wy4/4Wb4/9/9/9 ?PoKbHy Cb p2 2,0

Setup options
-------------
`new_game(players=1..4, seed, ersatz=False, wertung=False, starts=None, draws=None)`:
`starts` lists one start tile per seat (no crown tiles); `draws` lists the top of the caller's
pile, top first (the rest of it follows in an order drawn from the seed).

Queries for the view (all pure, all work on observations)
----------------------------------------------------------
- `revealed_tile(s)`, `round_number(s)`, `remaining_tiles(s)` (sorted: what is left, never in
  which order), `tiles(s, seat)` (the layout, cell -> (code, face up)).
- `why_illegal(s, move)`: None, or the `Refusal` naming the rule a move breaks (a refusal `x..`
  when the player has no face-down tile at all: `no-face-down`, whichever cell it names).
- `cell_kinds(s, seat)`: every frame cell's kind (tile up or down, free, blocked by the 5x5
  limit, open, off); `ranking(s)`: every seat, best first by the final scoring's rule.
- `placement_cells(s)`: where the current player may put the tile; `blocked_cells(s)`: cells
  next to the layout that the 5x5 limit rules out, with the reason; `refusal_cells(s)` and
  `refusal_penalty(s, seat)` (variant "Ersatzplättchen"); `open_area(s, seat)`: the files and
  ranks the layout may still grow into.
- `scoring_options(s, seat=None)`: every combination that could be scored now, with its cells,
  shape, colour or motif, points and flip choices (and the move per flip).
- `waiting_seats(s)` and `sitting_out(s)`: who still acts this round, who sits it out and why.
- `effect(s, move)`: what a move does (kind, tile, cell, scored cells, points).
- `face_down_count(s, seat)`, `determinize(s, rng)` (a full state from an observation, the hidden
  pile shuffled by `rng`: for computer players only).

Hidden information: `observation(s, seat)` is the same for every seat: the pile is replaced by
its sorted tiles (`hidden`), and the setup by the number of players alone (no seed, options
or start position, which would tell the pile's order). Every query works on it, and so does `play` until a move would
reveal the next tile: then it raises `HiddenPileError` (a HiddenInformationError, not an IllegalMove).
`undo_floor(s)` is the number of moves at the last reveal; undo never goes below it.

Clarifications (our decisions where the rulebook is silent) [decided]
----------------------------------------------------------------------
1. Turns: the rulebook has everybody place at once. Here the first seat is the caller, and each
   round the players act one after another in seat order, the caller first; each places the tile
   and then scores (or passes) before the next player acts. The layouts do not interact, so the
   order only decides who waits. The setup screen seats players in any order it likes.
2. When a player has no combination to score after placing, the scoring step is skipped: no
   `pass` is asked for.
3. A player whose layout is already full sits the remaining rounds out, scoring included (like a
   player whose start tile is revealed). So, without refusals, every player gets the same 24
   rounds of placing and scoring. A round in which nobody acts is skipped and the next tile
   revealed at once.
4. The game ends after the round in which the last layout became full, or when the caller's pile
   is empty at the end of a round (possible only after refusals).
5. Ties: most points wins; then fewer face-down cells in the layout (a refused tile lying on a
   face-down tile is not counted again); still tied, the tied players share the win (all of them
   when every player ties). In a solo game the single player is the winner; the score is the
   result.
6. Variant "Ersatzplättchen": a refusal replaces placing; the refused tile may go onto any own
   face-down tile, even one that already carries a refused tile. After refusing, the player may
   still score a combination that round. Scores may become negative.
7. Variant "Wertung": the final scoring starts with the caller and goes round in seat order; a
   player with no combination left is skipped, a player who can score must (no `pass`). It ends
   when nobody can score. Combined with "Ersatzplättchen" no refusal is ever possible, since no
   tile is face down before the final scoring.
8. Start tiles are drawn uniformly from the 30 tiles without a crown (the same as redrawing
   until no crown shows, as the rulebook says). The setup option `draws` may give just the top
   of the pile; the rest follows in an order drawn from the seed.
9. The 17 shapes and their marked tiles (`mops_shapes`) and the six crown tiles are read from
   the printed score board and tiles; the rulebook's text only says a combination must be shown
   on the board.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from random import Random
from typing import Any, Literal, NamedTuple

from .base import Game, HiddenInformationError, Outcome, PositionError, Setup, StateBase, chance_rng, check_players, check_seed, Option, is_ascii_number
from .notation import COLOURS, CROWN_CODES, FILES, FRAME, MOTIFS, TILE_KINDS, parse_tile, tile_code, tile_id
from .notation import frame_cell_name as cell_name, parse_frame_cell as parse_cell, parse_refusal, refusal_move
from .mops_shapes import CROWN_BONUS, POINTS_BY_SIZE, Placement, placements_by_anchor, recognise

# -- tiles -------------------------------------------------------------------------------------

# The codes (MOTIFS, COLOURS, tile_code ...) and the frame's cell names are games/notation.py's.
MOTIF_NAMES = ("pug", "bone", "bowl", "can", "cushion", "heap")
COLOUR_NAMES = ("blue", "green", "orange", "pink", "purple", "yellow")
TILE_COUNT = TILE_KINDS
FACE_DOWN = TILE_KINDS  # a face-down tile is stored as its id + FACE_DOWN
EMPTY = 72  # an empty cell (layouts are bytes: 0-35 face up, 36-71 face down, 72 empty)


def motif_of(tile: int) -> int:
    return tile // 6


def colour_of(tile: int) -> int:
    return tile % 6


CROWNS = frozenset(tile_id(code) for code in CROWN_CODES)
START_CANDIDATES = tuple(t for t in range(TILE_COUNT) if t not in CROWNS)

# -- the frame -----------------------------------------------------------------------------------

START_CELL = 4 * FRAME + 4  # e5
LIMIT = 5  # at most 5 tiles in a row or column
FULL = LIMIT * LIMIT
CELLS = FRAME * FRAME

MopsPhase = Literal["place", "score", "final", "over"]
PLACE: MopsPhase = "place"
SCORE: MopsPhase = "score"
FINAL: MopsPhase = "final"
OVER: MopsPhase = "over"
TURN_LETTERS = {PLACE: "p", SCORE: "s", FINAL: "f"}

REFUSAL_BASE_PENALTY = 2


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, FRAME)
    result = []
    if row > 0:
        result.append(index - FRAME)
    if col > 0:
        result.append(index - 1)
    if col < FRAME - 1:
        result.append(index + 1)
    if row < FRAME - 1:
        result.append(index + FRAME)
    return tuple(result)


NEIGHBOURS = tuple(_neighbours(i) for i in range(CELLS))
ANCHORED = placements_by_anchor(FRAME, FRAME)


class HiddenPileError(HiddenInformationError):
    """Playing on an observation reached a reveal: the pile's order is not known there."""


# -- results for the view ------------------------------------------------------------------------


class Combination(NamedTuple):
    """A combination that may be scored: what the view lists and highlights."""

    cells: tuple[str, ...]  # in frame order
    shape: str  # key of mops_shapes.SHAPES, e.g. "L4"
    kind: str  # "colour" or "motif"
    feature: str  # the shared colour letter (b g o p v y) or motif letter (P B W C K H)
    points: int  # including the crown bonus
    crown: bool
    flips: tuple[str, ...]  # marked tiles: the player turns one of them face down
    moves: tuple[str, ...]  # the move for each flip, in the order of `flips`


class Effect(NamedTuple):
    """What a move does, for the move list and for highlighting the last move."""

    seat: int
    kind: str  # "place", "refuse", "score" or "pass"
    tile: str | None  # the round's tile (place, refuse)
    cell: str | None  # where it was placed, which face-down tile it covers, or which tile was flipped
    cells: tuple[str, ...] = ()  # the scored combination
    shape: str | None = None
    points: int = 0  # points gained; negative for a refusal


@dataclass(frozen=True, kw_only=True)
class MopsState(StateBase):
    # One 81-cell frame per seat as bytes, index = (rank - 1) * 9 + file: a tile id (face up),
    # tile id + FACE_DOWN (face down) or EMPTY. Bytes: immutable, compact and quick to copy.
    layouts: tuple[bytes, ...]
    pile: bytes  # tile ids of the caller's face-down pile, top first (sorted when hidden)
    tile: int | None  # revealed this round; None in the final scoring and once over
    to_move: int | None
    step: MopsPhase  # PLACE, SCORE, FINAL or OVER (read as `phase`)
    scores: tuple[int, ...]
    refusals: tuple[int, ...]
    ersatz: bool = False
    wertung: bool = False
    # `hidden` (an observation): `pile` is the sorted multiset, not the order
    reveal_floor: int = 0  # number of moves at the last reveal: undo never goes below it

    @property
    def phase(self) -> MopsPhase:
        """ "place" (place or refuse the round's tile), "score" (score or pass), "final" (the final
        scoring) or "over": the field `step` under the name every game's state answers."""
        return self.step

    @property
    def outcome(self) -> Outcome | None:
        return Outcome(final_ranking(self.scores, self.layouts), "final-scoring") if self.step == OVER else None


# -- layout helpers (plain functions on a layout: 81 cells as bytes, shared with the computer players) -


def tile_count(layout: bytes) -> int:
    return CELLS - layout.count(EMPTY)


def is_full(layout) -> bool:
    return tile_count(layout) >= FULL


def has_tile(layout, tile: int) -> bool:
    return tile in layout or tile + FACE_DOWN in layout


def extent(layout) -> tuple[int, int, int, int]:
    """(min file, max file, min rank, max rank) of a layout, 0-based."""
    files = [i % FRAME for i, v in enumerate(layout) if v != EMPTY]
    ranks = [i // FRAME for i, v in enumerate(layout) if v != EMPTY]
    return min(files), max(files), min(ranks), max(ranks)


def open_window(layout) -> tuple[int, int, int, int]:
    """(lowest file, highest file, lowest rank, highest rank) a tile may still occupy: the union
    of all 5x5 squares that contain the layout."""
    f0, f1, r0, r1 = extent(layout)
    return max(0, f1 - LIMIT + 1), min(FRAME - 1, f0 + LIMIT - 1), max(0, r1 - LIMIT + 1), min(FRAME - 1, r0 + LIMIT - 1)


def placement_indices(layout) -> list[int]:
    """Empty cells orthogonally next to a tile and inside the 5x5 limit, in frame order."""
    lo_f, hi_f, lo_r, hi_r = open_window(layout)
    result = []
    for index in range(CELLS):
        if layout[index] != EMPTY:
            continue
        rank, file = divmod(index, FRAME)
        if not (lo_f <= file <= hi_f and lo_r <= rank <= hi_r):
            continue
        if any(layout[n] != EMPTY for n in NEIGHBOURS[index]):
            result.append(index)
    return result


CellKind = Literal["up", "down", "free", "blocked", "open", "off"]


def cell_kinds(layout) -> tuple[CellKind, ...]:
    """Every frame cell's kind, in frame order: 'up', 'down' (tiles), 'free' (empty, next to the
    layout, inside the 5x5 limit: a tile may go there), 'blocked' (next to the layout but ruled out
    by the 5x5 limit), 'open' (inside the area the layout may still grow into) or 'off'."""
    lo_f, hi_f, lo_r, hi_r = open_window(layout)
    kinds: list[CellKind] = []
    for index, value in enumerate(layout):
        if value < FACE_DOWN:
            kinds.append("up")
        elif value < EMPTY:
            kinds.append("down")
        else:
            rank, file = divmod(index, FRAME)
            inside = lo_f <= file <= hi_f and lo_r <= rank <= hi_r
            if any(layout[n] != EMPTY for n in NEIGHBOURS[index]):
                kinds.append("free" if inside else "blocked")
            else:
                kinds.append("open" if inside else "off")
    return tuple(kinds)


def combinations(layout, first_only: bool = False) -> list[Placement]:
    """Every placement of a shape whose tiles are face up and share a colour or a motif."""
    found = []
    for anchor in range(CELLS):
        first = layout[anchor]
        if first >= FACE_DOWN:  # face down or empty
            continue
        colour, motif = first % 6, first // 6
        for placement in ANCHORED[anchor]:
            same_colour = same_motif = True
            for cell in placement.cells[1:]:
                t = layout[cell]
                if t >= FACE_DOWN:
                    break
                if t % 6 != colour:
                    same_colour = False
                if t // 6 != motif:
                    same_motif = False
                if not (same_colour or same_motif):
                    break
            else:
                found.append(placement)
                if first_only:
                    return found
    return found


def can_score(layout) -> bool:
    return bool(combinations(layout, first_only=True))


def combination_points(layout, placement: Placement) -> int:
    points = POINTS_BY_SIZE[placement.size]
    if any(layout[c] in CROWNS for c in placement.cells):
        points += CROWN_BONUS
    return points


def scoring_move(placement: Placement, flip: int) -> str:
    return ",".join(cell_name(c) for c in placement.cells) + "!" + cell_name(flip)


def face_down_cells(layout) -> list[int]:
    return [i for i, v in enumerate(layout) if FACE_DOWN <= v < EMPTY]


def _ranking_key(scores, layouts, seat: int) -> tuple[int, int]:
    """What places a seat: its points, then fewer face-down tiles (the tie-break); larger is better."""
    return scores[seat], -len(face_down_cells(layouts[seat]))


def final_ranking(scores, layouts) -> tuple[int, ...]:
    """Winners: most points, then fewest face-down tiles; tied leaders share the win."""
    keys = [_ranking_key(scores, layouts, i) for i in range(len(scores))]
    best = max(keys)
    return tuple(i for i, key in enumerate(keys) if key == best)


def ranking(scores, layouts) -> tuple[int, ...]:
    """Every seat, best first by the rule of `final_ranking` (points, then fewer face-down tiles),
    equals in seat order."""
    return tuple(sorted(range(len(scores)), key=lambda seat: (tuple(-k for k in _ranking_key(scores, layouts, seat)), seat)))


@lru_cache(maxsize=4096)
def _layout_text(layout: bytes) -> str:
    ranks = []
    for rank in range(FRAME - 1, -1, -1):
        parts, empty = [], 0
        for file in range(FRAME):
            v = layout[rank * FRAME + file]
            if v == EMPTY:
                empty += 1
                continue
            if empty:
                parts.append(str(empty))
                empty = 0
            code = tile_code(v)
            parts.append(code[0].lower() + code[1] if v >= FACE_DOWN else code)
        if empty:
            parts.append(str(empty))
        ranks.append("".join(parts))
    return "/".join(ranks)


@lru_cache(maxsize=1024)
def _tiles_text(tiles: bytes) -> str:
    return "".join(tile_code(t) for t in tiles)


class MopsRoyal(Game[MopsState]):
    id = "mops"
    name = "Mops Royal"
    min_players = 1
    max_players = 4
    options = (
        Option("ersatz", "bool", default=False),
        Option("wertung", "bool", default=False),
        Option("starts", "list", note="be a list of tile codes such as ['Kb', 'Pg']"),
        Option("draws", "list", note="be a list of tile codes such as ['Kb', 'Pg']"),
    )
    move_examples = ("e6", "e5,f5,g5!f5", "pass", "xf6")
    move_rules = {
        "not-a-move": "not a move: a cell of the 9x9 frame (files a-i, ranks 1-9), 'pass', a scoring such as 'e5,f5,g5!f5' or a refusal such as 'xf6'",
        "refusal-text": "a refusal names a cell of the 9x9 frame after 'x', such as 'xf6'",
        "scoring-no-flip": "a scoring names the tile to turn face down after '!', as in 'e5,f5,g5!f5'",
        "scoring-text": "a scoring lists cells of the 9x9 frame (files a-i, ranks 1-9), as in 'e5,f5,g5!f5'",
        "cell-twice": "a cell is listed twice",
        "combination-size": "a combination has 3, 4 or 5 tiles",
        "not-canonical": "a scoring lists its cells in order, then the tile to turn: write it as {canonical!r}",
        "pass-before-place": "scoring or passing comes after placing: first place the revealed tile",
        "must-score": "in the final scoring (variant 'Wertung') a player who can score must score",
        "tile-placed": "this round's tile is already placed: score a combination or pass",
        "cell-taken": "the cell already holds a tile",
        "not-touching": "a tile must touch one of your tiles along a side (a corner is not enough)",
        "beyond-square": "the layout may not grow beyond 5 tiles in a row or column (5x5 limit)",
        "no-ersatz": "refusing a tile is the variant 'Ersatzplättchen', which is not being played",
        "refuse-after-place": "only the tile of the round can be refused, before it is placed",
        "no-face-down": "a refused tile goes face down onto one of your face-down tiles, and you have none yet",
        "refuse-not-face-down": "a refused tile goes face down onto one of your face-down tiles; {cell} is not one",
        "score-before-place": "scoring comes after placing: first place the revealed tile",
        "cell-empty": "{cell} holds no tile of yours",
        "cell-face-down": "{cell} is face down, and face-down tiles never score again",
        "not-a-shape": "these cells do not form one of the 17 shapes of the score board (in any rotation or reflection)",
        "mixed": "a combination must be all one colour or all one motif",
        "flip-not-marked": "the tile turned face down must be a marked tile of the {shape} shape: {marks_text}",
    }
    move_words = {"marks": lambda marks: {"marks_text": " or ".join(marks)}}
    has_hidden_information = True

    # -- setup ---------------------------------------------------------------------------------

    def new_game(self, players: int = 2, seed: int = 0, **options: Any) -> MopsState:
        check_players(self, players)
        check_seed(seed)
        values = self.check_options(players, options)
        draws = self._tile_list_option(values["draws"], "draws")
        if len(set(draws)) != len(draws):
            raise ValueError("draws: the caller's pile holds each tile once")
        if len(draws) > TILE_COUNT - 1:
            raise ValueError(f"draws: the caller's pile holds {TILE_COUNT - 1} tiles, not {len(draws)}")
        starts_option = values["starts"]
        if starts_option is None:
            starts = []
            for seat in range(players):
                # The caller's start tile cannot be one the pile is told to hold.
                candidates = [t for t in START_CANDIDATES if seat or t not in draws]
                if not candidates:
                    raise ValueError("draws leaves no tile without a crown for the caller's start tile")
                starts.append(chance_rng(seed, "mops-start", seat).choice(candidates))
        else:
            starts = self._tile_list_option(starts_option, "starts")
            if len(starts) != players:
                raise ValueError(f"starts must list one tile per seat ({players}), not {len(starts)}")
            for t in starts:
                if t in CROWNS:
                    raise ValueError(f"starts: {tile_code(t)} carries a crown; start tiles never do")
            if starts[0] in draws:
                raise ValueError(f"draws: {tile_code(starts[0])} is the caller's start tile, so it is not in the pile")
        rest = [t for t in range(TILE_COUNT) if t != starts[0] and t not in draws]
        chance_rng(seed, "mops-pile").shuffle(rest)
        pile = bytes(draws + rest)
        layouts = []
        for t in starts:
            layout = [EMPTY] * CELLS
            layout[START_CELL] = t
            layouts.append(bytes(layout))
        setup = Setup.from_options(players, seed, options)
        state = MopsState(
            setup=setup,
            layouts=tuple(layouts),
            pile=pile,
            tile=None,
            to_move=None,
            step=OVER,
            scores=(0,) * players,
            refusals=(0,) * players,
            ersatz=values["ersatz"],
            wertung=values["wertung"],
        )
        # The first tile is revealed as part of the setup.
        return replace(state, **self._after_seat(state, state.layouts, state.pile, None, -1))

    @staticmethod
    def _tile_list_option(value: Any, name: str) -> list[int]:
        if value is None:
            return []
        tiles = []  # a list: check_options saw to it
        for code in value:
            t = parse_tile(code)
            if t is None:
                raise ValueError(f"{name}: {code!r} is not a tile code (motif P B W C K H, then colour b g o p v y)")
            tiles.append(t)
        return tiles

    # -- flow of rounds --------------------------------------------------------------------------

    @staticmethod
    def _acts(layout, tile: int) -> bool:
        """Whether a seat acts on the round's tile: it sits out when the tile is already in its
        layout (its start tile) or when its layout is full."""
        return not is_full(layout) and not has_tile(layout, tile)

    def _after_seat(self, s: MopsState, layouts, pile, tile, seat: int) -> dict[str, Any]:
        """Fields of the turn that follows `seat` having finished with `tile` (-1 / None: no
        round is running yet): the next seat of this round, else a new round is revealed, else
        the final scoring (variant "Wertung") or the end."""
        moves_after = len(s.moves) + (1 if seat >= 0 else 0)
        floor = s.reveal_floor
        players = len(layouts)
        while True:
            if tile is not None:
                for k in range(seat + 1, players):
                    if self._acts(layouts[k], tile):
                        return dict(pile=pile, tile=tile, to_move=k, step=PLACE, reveal_floor=floor)
            if not pile or all(is_full(layout) for layout in layouts):
                break
            if s.hidden:
                raise HiddenPileError(
                    "this is an observation: the order of the caller's pile is hidden, so the next "
                    "tile cannot be revealed here (use determinize() to sample an order)"
                )
            tile, pile = pile[0], pile[1:]
            floor = moves_after
            seat = -1
        if s.wertung:
            for k in range(players):
                if can_score(layouts[k]):
                    return dict(pile=pile, tile=None, to_move=k, step=FINAL, reveal_floor=floor)
        return dict(pile=pile, tile=None, to_move=None, step=OVER, reveal_floor=floor)

    @staticmethod
    def _after_final_scoring(layouts, seat: int) -> tuple[int | None, str]:
        players = len(layouts)
        for k in range(1, players + 1):
            nxt = (seat + k) % players
            if can_score(layouts[nxt]):
                return nxt, FINAL
        return None, OVER

    # -- queries -------------------------------------------------------------------------------

    def current_player(self, s: MopsState) -> int | None:
        return None if s.step == OVER else s.to_move

    def scores(self, s: MopsState) -> list[int]:
        return list(s.scores)

    def legal_moves(self, s: MopsState) -> list[str]:
        if s.step == OVER:
            return []
        layout = s.layouts[s.to_move]
        if s.step == PLACE:
            moves = [cell_name(i) for i in placement_indices(layout)]
            if s.ersatz:
                moves += [refusal_move(i) for i in face_down_cells(layout)]
            return moves
        moves = [scoring_move(p, flip) for p in combinations(layout) for flip in p.marks]
        if s.step == SCORE:
            moves.append("pass")
        return moves

    def observation(self, s: MopsState, seat: int | None) -> MopsState:
        """Every seat (and an onlooker) sees the same: all layouts and the revealed tile, and of
        the caller's pile only which tiles are left (sorted), never their order. The setup is
        reduced to the number of players: the seed, the `draws` option and a start position's
        text would each tell the pile's order (so would the record made from them)."""
        public_setup = Setup(players=s.setup.players, seed=None)
        if s.hidden or not s.pile:
            return s if s.setup == public_setup else replace(s, setup=public_setup)
        return replace(s, setup=public_setup, pile=bytes(sorted(s.pile)), hidden=True)

    def undo_floor(self, s: MopsState) -> int:
        return s.reveal_floor

    def from_observation(self, text: str, rng: Random) -> MopsState:
        """A hidden pile (`?`) comes out shuffled by `rng`. The state begins from the position it
        became (the pile in its drawn order), so its record replays."""
        observed = self._parse_position(text, hidden_allowed=True)
        if not observed.hidden:
            return observed
        dealt = self.determinize(observed, rng)
        return replace(dealt, setup=Setup(players=dealt.setup.players, seed=None, position=self.position(dealt)))

    def from_public_position(self, text: str) -> MopsState:
        """An observation's text as it reads, the pile's order left hidden (for diagrams)."""
        return self._parse_position(text, hidden_allowed=True)

    def determinize(self, s: MopsState, rng: Random) -> MopsState:
        """A full state consistent with an observation: the hidden pile in an order drawn by
        `rng`. For computer players that look ahead; a real state is returned unchanged."""
        if not s.hidden:
            return s
        pile = list(s.pile)
        rng.shuffle(pile)
        return replace(s, pile=bytes(pile), hidden=False)

    # -- queries for the view ------------------------------------------------------------------

    def revealed_tile(self, s: MopsState) -> str | None:
        return None if s.tile is None else tile_code(s.tile)

    def round_number(self, s: MopsState) -> int:
        """How many tiles the caller has revealed so far (the round being played)."""
        return TILE_COUNT - 1 - len(s.pile)

    def remaining_tiles(self, s: MopsState) -> list[str]:
        """The tiles still in the caller's pile, sorted (public knowledge; the order is not)."""
        return [tile_code(t) for t in sorted(s.pile)]

    def tiles(self, s: MopsState, seat: int) -> dict[str, tuple[str, bool]]:
        """A seat's layout: cell -> (tile code, face up)."""
        return {cell_name(i): (tile_code(v), v < FACE_DOWN) for i, v in enumerate(s.layouts[seat]) if v != EMPTY}

    def face_down_count(self, s: MopsState, seat: int) -> int:
        return len(face_down_cells(s.layouts[seat]))

    def open_area(self, s: MopsState, seat: int) -> tuple[str, str, int, int]:
        """(first file, last file, first rank, last rank) the layout may still grow into."""
        f0, f1, r0, r1 = open_window(s.layouts[seat])
        return FILES[f0], FILES[f1], r0 + 1, r1 + 1

    def placement_cells(self, s: MopsState) -> list[str]:
        """Cells where the current player may place the round's tile (empty unless placing)."""
        if s.step != PLACE:
            return []
        return [cell_name(i) for i in placement_indices(s.layouts[s.to_move])]

    def blocked_cells(self, s: MopsState, seat: int | None = None) -> dict[str, str]:
        """Empty cells next to a seat's layout where no tile may go, with the rule that forbids it."""
        seat = s.to_move if seat is None else seat
        if seat is None:
            return {}
        layout = s.layouts[seat]
        allowed = set(placement_indices(layout))
        blocked = {}
        for index in range(CELLS):
            if layout[index] == EMPTY and index not in allowed and any(layout[n] != EMPTY for n in NEIGHBOURS[index]):
                blocked[cell_name(index)] = "the layout may span at most 5 files and 5 ranks (5x5 limit)"
        return blocked

    def refusal_cells(self, s: MopsState) -> list[str]:
        """Face-down tiles the current player may refuse the tile onto (variant "Ersatzplättchen")."""
        if s.step != PLACE or not s.ersatz:
            return []
        return [cell_name(i) for i in face_down_cells(s.layouts[s.to_move])]

    def cell_kinds(self, s: MopsState, seat: int) -> tuple[CellKind, ...]:
        """The kind of every cell of a seat's frame (see `cell_kinds`), in frame order."""
        return cell_kinds(s.layouts[seat])

    def ranking(self, s: MopsState) -> tuple[int, ...]:
        """Every seat, best first by the final scoring's rule (points, then fewer face-down
        tiles), equals in seat order: the order the final ranking is shown in."""
        return ranking(s.scores, s.layouts)

    def refusal_penalty(self, s: MopsState, seat: int) -> int:
        return REFUSAL_BASE_PENALTY + s.refusals[seat]

    def scoring_options(self, s: MopsState, seat: int | None = None) -> list[Combination]:
        """Combinations scorable now by the current player (seat None), or present in `seat`'s
        layout; the highest points first, then in frame order."""
        if seat is None:
            if s.step not in (SCORE, FINAL):
                return []
            seat = s.to_move
        layout = s.layouts[seat]
        options = [self._describe_combination(layout, p) for p in combinations(layout)]
        return sorted(options, key=lambda c: (-c.points, [parse_cell(x) for x in c.cells]))

    def _describe_combination(self, layout, placement: Placement) -> Combination:
        tiles = [layout[c] for c in placement.cells]
        if len({colour_of(t) for t in tiles}) == 1:
            kind, feature = "colour", COLOURS[colour_of(tiles[0])]
        else:
            kind, feature = "motif", MOTIFS[motif_of(tiles[0])]
        return Combination(
            cells=tuple(cell_name(c) for c in placement.cells),
            shape=placement.shape.name,
            kind=kind,
            feature=feature,
            points=combination_points(layout, placement),
            crown=any(t in CROWNS for t in tiles),
            flips=tuple(cell_name(c) for c in placement.marks),
            moves=tuple(scoring_move(placement, c) for c in placement.marks),
        )

    def waiting_seats(self, s: MopsState) -> list[int]:
        """Seats that still act on this round's tile, the current one first."""
        if s.tile is None or s.to_move is None:
            return []
        later = [k for k in range(s.to_move + 1, len(s.layouts)) if self._acts(s.layouts[k], s.tile)]
        return [s.to_move] + later

    def sitting_out(self, s: MopsState) -> dict[int, str]:
        """Seats that sit this round out, with the reason."""
        if s.tile is None:
            return {}
        result = {}
        for seat, layout in enumerate(s.layouts):
            if is_full(layout):
                result[seat] = "layout full"
            elif layout[START_CELL] % FACE_DOWN == s.tile:
                result[seat] = "start tile revealed"
        return result

    # -- moves ---------------------------------------------------------------------------------

    def effect(self, s: MopsState, move: str) -> Effect:
        """What `move` does in `s`, without playing it (IllegalMove if it is not legal)."""
        return self._check(s, move)[0]

    def _check(self, s: MopsState, move: str) -> tuple[Effect, bytes, str]:
        """Validate `move`; return its effect, the mover's new layout and the move's canonical text."""
        self.require_text(move)
        self._require_move_text(move)
        self.require_not_over(s, move)
        seat = s.to_move
        layout = s.layouts[seat]
        if move == "pass":
            if s.step == PLACE:
                raise self.illegal(move, "pass-before-place")
            if s.step == FINAL:
                raise self.illegal(move, "must-score")
            return Effect(seat, "pass", None, None), layout, move
        if "!" in move or "," in move:
            return self._check_scoring(s, move, seat, layout)
        if move.startswith("x"):
            return self._check_refusal(s, move, seat, layout)
        index = parse_cell(move)
        if index is None:
            raise self.invalid(move, "not-a-move")
        if s.step != PLACE:
            raise self.illegal(move, "tile-placed")
        if layout[index] != EMPTY:
            raise self.illegal(move, "cell-taken", cell=move)
        if not any(layout[n] != EMPTY for n in NEIGHBOURS[index]):
            raise self.illegal(move, "not-touching", cell=move)
        lo_f, hi_f, lo_r, hi_r = open_window(layout)
        rank, file = divmod(index, FRAME)
        if not (lo_f <= file <= hi_f and lo_r <= rank <= hi_r):
            raise self.illegal(move, "beyond-square", cell=move)
        new = bytearray(layout)
        new[index] = s.tile
        return Effect(seat, "place", tile_code(s.tile), move), bytes(new), move

    def _require_move_text(self, move: str) -> None:
        """InvalidMoveText unless `move` is written in the notation (whatever the state)."""
        if move == "pass":
            return
        if "!" in move or "," in move:
            cells_text, bang, flip_text = move.partition("!")
            if not bang:
                raise self.invalid(move, "scoring-no-flip")
            parsed = [parse_cell(text) for text in cells_text.split(",")]
            cells = [c for c in parsed if c is not None]
            if len(cells) != len(parsed) or parse_cell(flip_text) is None:
                raise self.invalid(move, "scoring-text")
            if len(set(cells)) != len(cells):
                raise self.invalid(move, "cell-twice")
            if not 3 <= len(cells) <= 5:
                raise self.invalid(move, "combination-size")
            if cells != sorted(cells):
                canonical = ",".join(cell_name(c) for c in sorted(cells)) + "!" + flip_text
                raise self.invalid(move, "not-canonical", canonical=canonical)
        elif move.startswith("x"):
            if parse_refusal(move) is None:
                raise self.invalid(move, "refusal-text")
        elif parse_cell(move) is None:
            raise self.invalid(move, "not-a-move")

    def _check_refusal(self, s: MopsState, move: str, seat: int, layout) -> tuple[Effect, bytes, str]:
        index = parse_refusal(move)
        if index is None:
            raise self.invalid(move, "refusal-text")
        if not s.ersatz:
            raise self.illegal(move, "no-ersatz")
        if s.step != PLACE:
            raise self.illegal(move, "refuse-after-place")
        if not face_down_cells(layout):
            raise self.illegal(move, "no-face-down")
        if not FACE_DOWN <= layout[index] < EMPTY:
            raise self.illegal(move, "refuse-not-face-down", cell=move[1:])
        penalty = REFUSAL_BASE_PENALTY + s.refusals[seat]
        return Effect(seat, "refuse", tile_code(s.tile), move[1:], points=-penalty), layout, move

    def _check_scoring(self, s: MopsState, move: str, seat: int, layout) -> tuple[Effect, bytes, str]:
        cells_text, bang, flip_text = move.partition("!")
        if not bang:
            raise self.invalid(move, "scoring-no-flip")
        cells = [parse_cell(text) for text in cells_text.split(",")]
        flip = parse_cell(flip_text)
        if any(c is None for c in cells) or flip is None:
            raise self.invalid(move, "scoring-text")
        if s.step == PLACE:
            raise self.illegal(move, "score-before-place")
        if len(set(cells)) != len(cells):
            raise self.invalid(move, "cell-twice")
        if not 3 <= len(cells) <= 5:
            raise self.invalid(move, "combination-size")
        for c in cells:
            if layout[c] == EMPTY:
                raise self.illegal(move, "cell-empty", cell=cell_name(c))
            if layout[c] >= FACE_DOWN:
                raise self.illegal(move, "cell-face-down", cell=cell_name(c))
        cells.sort()
        orientation = recognise([divmod(c, FRAME) for c in cells])
        if orientation is None:
            raise self.illegal(move, "not-a-shape")
        tiles = [layout[c] for c in cells]
        if len({colour_of(t) for t in tiles}) != 1 and len({motif_of(t) for t in tiles}) != 1:
            raise self.illegal(move, "mixed")
        # The orientation's marks sit at the same offsets as in the frame.
        r0 = min(c // FRAME for c in cells)
        f0 = min(c % FRAME for c in cells)
        marks = tuple(sorted((r0 + r) * FRAME + f0 + f for r, f in orientation.marks))
        if flip not in marks:
            raise self.illegal(move, "flip-not-marked", shape=orientation.shape.name, marks=tuple(cell_name(m) for m in marks))
        placement = Placement(orientation.shape, tuple(cells), marks)
        points = combination_points(layout, placement)
        new = bytearray(layout)
        new[flip] += FACE_DOWN
        canonical = scoring_move(placement, flip)
        if move != canonical:
            raise self.invalid(move, "not-canonical", canonical=canonical)
        names = tuple(cell_name(c) for c in cells)
        return Effect(seat, "score", None, cell_name(flip), names, orientation.shape.name, points), bytes(new), canonical

    def _apply(self, s: MopsState, move: str) -> tuple[MopsState, Effect]:
        effect, layout, canonical = self._check(s, move)
        seat = effect.seat
        layouts = s.layouts[:seat] + (layout,) + s.layouts[seat + 1 :]
        scores = list(s.scores)
        scores[seat] += effect.points
        refusals = s.refusals
        if effect.kind == "refuse":
            refusals = refusals[:seat] + (refusals[seat] + 1,) + refusals[seat + 1 :]
        moved = replace(s, moves=s.moves + (canonical,), layouts=layouts, scores=tuple(scores), refusals=refusals)
        if effect.kind in ("place", "refuse") and not s.wertung and can_score(layout):
            fields = dict(step=SCORE)
        elif s.step == FINAL:
            to_move, step = self._after_final_scoring(layouts, seat)
            fields = dict(to_move=to_move, step=step)
        else:
            fields = self._after_seat(s, layouts, s.pile, s.tile, seat)
        return replace(moved, **fields), effect

    # -- notation ------------------------------------------------------------------------------

    def position(self, s: MopsState) -> str:
        layouts = ",".join(_layout_text(layout) for layout in s.layouts)
        pile = ("?" if s.hidden else "") + _tiles_text(s.pile) if s.pile else "-"
        tile = "-" if s.tile is None else tile_code(s.tile)
        turn = "-" if s.step == OVER else f"{TURN_LETTERS[s.step]}{s.to_move + 1}"
        tokens = [layouts, pile, tile, turn, ",".join(map(str, s.scores))]
        if s.ersatz:
            tokens.append("x" + ",".join(map(str, s.refusals)))
        if s.wertung:
            tokens.append("w")
        return " ".join(tokens)

    def from_position(self, text: str) -> MopsState:
        """The state a position text describes. Text with the pile's order hidden ('?') is what a
        player sees, not a game that can go on: PositionError (`from_public_position` reads it for
        drawing, `from_observation` deals the pile afresh)."""
        return self._parse_position(text, hidden_allowed=False)

    def _parse_position(self, text: str, hidden_allowed: bool) -> MopsState:
        if not isinstance(text, str):
            raise PositionError("a position is text")
        tokens = text.split(" ")
        if not 5 <= len(tokens) <= 7:
            raise PositionError("a Mops Royal position has 5 to 7 tokens: layouts, pile, tile, turn, scores, [x<refusals>], [w]")
        layouts_text, pile_text, tile_text, turn_text, scores_text, *extra = tokens
        layout_texts = layouts_text.split(",")
        if not self.min_players <= len(layout_texts) <= self.max_players:
            raise PositionError(f"a position has one layout per seat (1 to 4, ',' between), not {len(layout_texts)}")
        layouts = tuple(self._parse_layout(t, seat) for seat, t in enumerate(layout_texts))
        players = len(layouts)
        hidden = pile_text.startswith("?")
        if hidden and not hidden_allowed:
            raise PositionError("the pile's order is hidden ('?'): this is what a player sees, not a position a game can go on from")
        pile = self._parse_tiles(pile_text[1:] if hidden else pile_text, "pile")
        if hidden and not pile:
            raise PositionError("an empty pile is written '-', without '?'")
        if len(set(pile)) != len(pile):
            raise PositionError("the pile holds each tile once")
        tile = None if tile_text == "-" else parse_tile(tile_text)
        if tile_text != "-" and tile is None:
            raise PositionError(f"the revealed tile must be a tile code or '-', not {tile_text!r}")
        scores = self._parse_numbers(scores_text, players, "scores", negative=True)
        ersatz = wertung = False
        refusals = (0,) * players
        rest = list(extra)
        if rest and rest[0].startswith("x"):
            ersatz = True
            refusals = self._parse_numbers(rest.pop(0)[1:], players, "refusals (after 'x')", negative=False)
        if rest and rest[0] == "w":
            wertung = True
            rest.pop(0)
        if rest:
            raise PositionError(f"unexpected token {rest[0]!r} (expected x<refusals> and then w)")
        self._check_tiles_consistent(layouts, pile, tile)
        to_move, step = self._parse_turn(turn_text, players)
        self._check_turn(layouts, pile, tile, to_move, step, ersatz, wertung)
        return MopsState(
            setup=Setup(players=players, seed=None, position=text),
            layouts=layouts,
            pile=pile,
            tile=tile,
            to_move=to_move,
            step=step,
            scores=scores,
            refusals=refusals,
            ersatz=ersatz,
            wertung=wertung,
            hidden=hidden,
        )

    @staticmethod
    def _parse_tiles(text: str, what: str) -> bytes:
        if text == "-":
            return b""
        if not text or len(text) % 2:
            raise PositionError(f"the {what} is a run of two-letter tile codes such as 'KbPgHy', or '-'")
        tiles = []
        for k in range(0, len(text), 2):
            t = parse_tile(text[k : k + 2])
            if t is None:
                raise PositionError(f"{text[k : k + 2]!r} in the {what} is not a tile code (motif P B W C K H, then colour b g o p v y)")
            tiles.append(t)
        return bytes(tiles)

    @staticmethod
    def _parse_numbers(text: str, players: int, what: str, negative: bool) -> tuple[int, ...]:
        parts = text.split(",")
        if len(parts) != players:
            raise PositionError(f"{what}: one number per seat ({players}), ',' between")
        values = []
        for part in parts:
            digits = part[1:] if negative and part.startswith("-") else part
            if not is_ascii_number(digits) or len(digits) > 6:
                raise PositionError(f"{what}: {part!r} is not a whole number")
            values.append(int(part))
        return tuple(values)

    @staticmethod
    def _parse_layout(text: str, seat: int) -> bytes:
        where = f"layout {seat + 1}"
        ranks = text.split("/")
        if len(ranks) != FRAME:
            raise PositionError(f"{where}: a layout lists the 9 ranks of its frame, 9 down to 1, '/' between")
        layout = [EMPTY] * CELLS
        for row, rank_text in enumerate(ranks):
            rank = FRAME - 1 - row
            file, k = 0, 0
            while k < len(rank_text):
                ch = rank_text[k]
                if ch in "123456789":
                    file += int(ch)
                    k += 1
                    continue
                code = rank_text[k : k + 2]
                t = parse_tile(code[0].upper() + code[1:]) if code[:1].isalpha() else None
                if t is None or len(code) != 2:
                    raise PositionError(f"{where}, rank {rank + 1}: {code!r} is neither a count of empty cells nor a tile code")
                if file >= FRAME:
                    raise PositionError(f"{where}, rank {rank + 1}: more than 9 cells")
                layout[rank * FRAME + file] = t if code[0].isupper() else t + FACE_DOWN
                file += 1
                k += 2
            if file != FRAME:
                raise PositionError(f"{where}, rank {rank + 1}: describes {file} cells, not 9")
        if layout[START_CELL] == EMPTY:
            raise PositionError(f"{where}: the start tile lies on e5, which is empty")
        if layout[START_CELL] % FACE_DOWN in CROWNS:
            raise PositionError(f"{where}: the start tile on e5 carries a crown; start tiles never do")
        present = [v % FACE_DOWN for v in layout if v != EMPTY]
        if len(set(present)) != len(present):
            raise PositionError(f"{where}: a player owns each tile once")
        # Connected (every tile was laid next to another) and within the 5x5 limit.
        seen, todo = {START_CELL}, [START_CELL]
        while todo:
            for n in NEIGHBOURS[todo.pop()]:
                if layout[n] != EMPTY and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(present):
            raise PositionError(f"{where}: every tile must be connected to the start tile along sides")
        f0, f1, r0, r1 = extent(layout)
        if f1 - f0 >= LIMIT or r1 - r0 >= LIMIT:
            raise PositionError(f"{where}: the layout exceeds 5 files or 5 ranks (5x5 limit)")
        return bytes(layout)

    @staticmethod
    def _check_tiles_consistent(layouts, pile, tile) -> None:
        caller_start = layouts[0][START_CELL] % FACE_DOWN
        if caller_start in pile or caller_start == tile:
            raise PositionError(f"the caller's start tile {tile_code(caller_start)} cannot also be in the pile or revealed")
        if tile is not None and tile in pile:
            raise PositionError(f"the revealed tile {tile_code(tile)} cannot also be in the pile")
        for seat, layout in enumerate(layouts):
            for index, v in enumerate(layout):
                if v == EMPTY or index == START_CELL:
                    continue
                t = v % FACE_DOWN
                if t in pile:
                    raise PositionError(f"layout {seat + 1}: {tile_code(t)} on {cell_name(index)} is still in the pile")
                if t == caller_start:
                    raise PositionError(f"layout {seat + 1}: {tile_code(t)} on {cell_name(index)} is the caller's start tile, which is never revealed")

    @staticmethod
    def _parse_turn(text: str, players: int) -> tuple[int | None, str]:
        if text == "-":
            return None, OVER
        steps = {letter: step for step, letter in TURN_LETTERS.items()}
        if len(text) != 2 or text[0] not in steps or text[1] not in "1234"[:players]:
            raise PositionError(f"the turn is p<seat>, s<seat>, f<seat> (seat 1-{players}) or '-', not {text!r}")
        return int(text[1]) - 1, steps[text[0]]

    def _check_turn(self, layouts, pile, tile, to_move, step, ersatz: bool, wertung: bool) -> None:
        placing_over = not pile or all(is_full(layout) for layout in layouts)
        if step in (PLACE, SCORE):
            if tile is None:
                raise PositionError("a player places or scores only while a tile is revealed")
            layout = layouts[to_move]
            if step == PLACE and not self._acts(layout, tile):
                raise PositionError(f"seat {to_move + 1} cannot place {tile_code(tile)}: its layout is full or already holds it")
            if step == SCORE:
                if wertung:
                    raise PositionError("in the variant 'Wertung' nobody scores during the rounds")
                if not can_score(layout):
                    raise PositionError(f"seat {to_move + 1} is to score but has no combination")
                if not ersatz and not has_tile(layout, tile):
                    raise PositionError(f"seat {to_move + 1} is to score but has not placed {tile_code(tile)}")
            for seat, other in enumerate(layouts):
                holds = has_tile(other, tile) and other[START_CELL] % FACE_DOWN != tile
                if seat < to_move and not ersatz and not holds and self._acts(other, tile):
                    raise PositionError(f"seat {seat + 1} acts before seat {to_move + 1} but has not placed {tile_code(tile)}")
                if seat > to_move and holds:
                    raise PositionError(f"seat {seat + 1} acts after seat {to_move + 1} but has already placed {tile_code(tile)}")
            return
        if tile is not None:
            raise PositionError("the revealed tile is '-' in the final scoring and once the game is over")
        if not placing_over:
            raise PositionError("rounds go on while a layout has room and the pile has tiles: the turn must be p<seat>")
        if step == FINAL:
            if not wertung:
                raise PositionError("a final scoring (f<seat>) belongs to the variant 'Wertung' (token w)")
            if not can_score(layouts[to_move]):
                raise PositionError(f"seat {to_move + 1} is to score in the final scoring but has no combination")
        elif wertung and any(can_score(layout) for layout in layouts):
            raise PositionError("in the variant 'Wertung' the game ends only when nobody can score")

    # -- tests and tools -----------------------------------------------------------------------

    def conformance_setups(self) -> list[dict[str, Any]]:
        # Every player count and both variants, alone and combined, in as few long games as
        # that takes (a 4-player game runs to some 150 moves).
        return [
            {"players": 1},
            {"players": 2},
            {"players": 3, "wertung": True},
            {"players": 4, "ersatz": True},
            {"players": 2, "ersatz": True, "wertung": True},
        ]

    def move_cap(self) -> int:
        # At most 35 rounds of place + score for 4 seats, then a final scoring of at most
        # 25 flips per seat.
        return 35 * 4 * 2 + 4 * 25


GAME = MopsRoyal()

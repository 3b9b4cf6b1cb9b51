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
pile, top first (the rest of it follows in an order drawn from the seed). `variant_switches`:
the variants' names ("ersatz", "wertung"), each a bool field of the state.

Queries for the view (all pure, all work on observations)
----------------------------------------------------------
The view, its words and panels and the computer players ask these; none of them works a rule
out again (tests/test_rules_in_one_place.py).

- `revealed_tile(s)`, `round_number(s)`, `pile_size(s)` and `remaining_tiles(s)` (sorted: what
  is left, never in which order), `revealed_between(before, after)` (the tile a new round
  revealed), `tiles(s, seat)` (the layout, cell -> (code, face up)), `tile_count(s, seat)`,
  `face_down_count(s, seat)`.
- `is_solitaire(s)`; `seat_in_front(s)`: the seat whose layout is in front (the seat to move, the
  caller once the game is over).
- `why_illegal(s, move)`: None, or the `Refusal` naming the `MopsRule` a move breaks (a refusal
  `x..` when the player has no face-down tile at all: `no-face-down`, whichever cell it names);
  `why_no_refusal(s)`: the rule that forbids refusing the round's tile at all, asked before a
  face-down tile is chosen.
- `cell_kinds(s, seat)`: every frame cell's kind (tile up or down, free, blocked by the 5x5
  limit, open, off); `layout_extent(s, seat)` and `open_area(s, seat)`: the files and ranks a
  layout spans and may still grow into; `layout_limit`: the side of the square it must fit in.
- `placement_cells(s)`: where the current player may put the tile; `blocked_cells(s)`: cells
  next to the layout that the 5x5 limit rules out, with the reason; `refusal_moves(s)` (the
  face-down tiles the tile may be refused onto, each with its move), `next_refusal_cost(s, seat)`
  and `refusal_cost(refused)` (variant "Ersatzplättchen").
- `scoring_options(s, seat=None)`: every combination that could be scored now, with its cells,
  shape, colour or motif, points and flip choices (and the move per flip); `may_pass(s)`;
  `score_board()`: the shapes that score, by size, with their points, and the crown's bonus.
- `waiting_seats(s)` and `sitting_out(s)`: who still acts this round, who sits it out and why
  (`SitOut`).
- `ranking(s)`: every seat, best first by the final scoring's rule; `won_on_tie_break(s)`.
- `effect(s, move)`: what a move does, one exact type per kind of move (`PlaceEffect`,
  `RefuseEffect`, `ScoreEffect`, `PassEffect`, told apart by `kind`).
- `check_tile_options(players, starts, draws)`: the setup form's tiles chosen by hand, refused
  by a `TileOptionRule` where no deal can give them.
- `determinize(s, rng)` (a full state from an observation, the hidden pile shuffled by `rng`: for
  computer players only).

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

The modules
-----------
This module is the engine: the rules above and the one `MopsRoyal` class (setup, the queries and
playing a move). What it stands on has its own modules: the tiles and the frame's geometry
(games/mops_layout.py), the checks of one move, the rules it may break and what it does
(games/mops_moves.py, `MopsMoves`, the engine's base), the scoring (games/mops_scoring.py), the
shapes (games/mops_shapes.py), the state (games/mops_state.py), the order of play: the deal, who
acts on a round's tile, the reveals, the final scoring's turns (games/mops_rounds.py) and the
position text (games/mops_position.py).
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

from .base import CommonRule, Option, Refusal, Setup, check_players, check_seed
from .notation import MOPS_PASS, MopsMove, placing_move, refusal_move, scoring_move, tile_code
from .notation import frame_cell_name as cell_name, parse_frame_cell as parse_cell
from .mops_layout import (
    CELLS,
    EMPTY,
    FACE_DOWN,
    LIMIT,
    NEIGHBOURS,
    TILE_COUNT,
    CellKind,
    Span,
    cell_kinds,
    extent,
    face_down_cells,
    open_window,
    placement_indices,
)
from .mops_moves import FIRST_REFUSAL_COST, MopsEffect, MopsMoves, MopsRule, PassEffect, PlaceEffect, RefuseEffect, ScoreEffect, seat_to_move
from .mops_position import parse_position, position_text
from .mops_rounds import HiddenPileError, SitOut, TileOptionError, after_final_scoring, after_seat, check_tile_options, deal, sitting_out, waiting_seats
from .mops_rounds import with_turn
from .mops_scoring import Combination, can_score, combinations, describe_combination, ranking
from .mops_shapes import ScoreBoard, score_board
from .mops_state import FINAL, OVER, PLACE, SCORE, MopsState

# The names others import from here (HiddenPileError, SitOut, TileOptionError: games/mops_rounds.py;
# the moves' rules and effects: games/mops_moves.py).
__all__ = [
    "GAME",
    "MopsRoyal",
    "MopsRule",
    "MopsEffect",
    "PlaceEffect",
    "RefuseEffect",
    "ScoreEffect",
    "PassEffect",
    "HiddenPileError",
    "SitOut",
    "TileOptionError",
    "FIRST_REFUSAL_COST",
]


class MopsRoyal(MopsMoves):
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
    # The variants switched on or off (each a bool field of the state): the setup form's and the
    # editor's switches, as the options declare them.
    variant_switches = tuple(option.name for option in options if option.kind == "bool")
    has_hidden_information = True
    # The side of the square every layout must fit in: it spans at most this many files and ranks.
    layout_limit = LIMIT

    # -- setup (the deal: games/mops_rounds.py) ------------------------------------------------

    # The options' values are whatever a record, a link or the setup form gave (checked here).
    def new_game(self, players: int = 2, seed: int = 0, **options: object) -> MopsState:
        check_players(self, players)
        check_seed(seed)
        values = self.check_options(players, options)
        layouts, pile = deal(players, seed, values.entries_or_none("starts"), values.entries_or_none("draws"))
        setup = Setup.from_options(players, seed, options)
        state = MopsState(
            setup=setup,
            layouts=layouts,
            pile=pile,
            tile=None,
            to_move=None,
            phase=OVER,
            scores=(0,) * players,
            refusals=(0,) * players,
            ersatz=values.flag("ersatz"),
            wertung=values.flag("wertung"),
        )
        # The first tile is revealed as part of the setup.
        return with_turn(state, after_seat(state, state.layouts, state.pile, None, -1))

    def check_tile_options(self, players: int, starts: list[str] | None, draws: list[str] | None) -> None:
        """TileOptionError (its `rule` a `TileOptionRule`) unless a game of `players` players can be
        dealt with these start tiles (one per seat, in seat order; None: drawn) and these first
        tiles of the caller's pile: what the setup form asks before it starts a game."""
        check_tile_options(players, starts, draws)

    # -- queries -------------------------------------------------------------------------------

    def current_player(self, s: MopsState) -> int | None:
        return None if s.outcome is not None else s.to_move

    def scores(self, s: MopsState) -> list[int]:
        return list(s.scores)

    def starts_chance(self, before: MopsState, after: MopsState) -> bool:
        """A move that reveals a tile from the pile."""
        return len(after.pile) < len(before.pile)

    def play_with_chance(self, s: MopsState, move: str, rng: Random) -> MopsState:
        """The pile left is shuffled by the event before the move reveals its tile: its order is
        never known ahead."""
        pile = list(s.pile)
        rng.shuffle(pile)
        return self.play(replace(s, pile=bytes(pile)), move)

    def legal_moves(self, s: MopsState) -> list[MopsMove]:
        if s.outcome is not None:
            return []
        layout = s.layouts[seat_to_move(s)]
        if s.phase == PLACE:
            moves = [placing_move(i) for i in placement_indices(layout)]
            if s.ersatz:
                moves += [refusal_move(i) for i in face_down_cells(layout)]
            return moves
        moves = [scoring_move(p.cells, flip) for p in combinations(layout) for flip in p.marks]
        if self.may_pass(s):
            moves.append(MOPS_PASS)
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

    def is_solitaire(self, s: MopsState) -> bool:
        """Whether one player plays alone (the score is the result; there is nobody to beat)."""
        return len(s.layouts) == 1

    def revealed_tile(self, s: MopsState) -> str | None:
        return None if s.tile is None else tile_code(s.tile)

    def revealed_between(self, before: MopsState, after: MopsState) -> str | None:
        """The tile a new round revealed on the way from `before` to `after` (a move, or the moves
        shown since), now the round's tile; None when no round began, or none is played any more."""
        return self.revealed_tile(after) if self.round_number(after) != self.round_number(before) else None

    def round_number(self, s: MopsState) -> int:
        """How many tiles the caller has revealed so far (the round being played)."""
        return TILE_COUNT - 1 - len(s.pile)

    def pile_size(self, s: MopsState) -> int:
        """How many tiles are left in the caller's pile (public: their order is not)."""
        return len(s.pile)

    def remaining_tiles(self, s: MopsState) -> list[str]:
        """The tiles still in the caller's pile, sorted (public knowledge; the order is not)."""
        return [tile_code(t) for t in sorted(s.pile)]

    def tiles(self, s: MopsState, seat: int) -> dict[str, tuple[str, bool]]:
        """A seat's layout: cell -> (tile code, face up)."""
        return {cell_name(i): (tile_code(v), v < FACE_DOWN) for i, v in enumerate(s.layouts[seat]) if v != EMPTY}

    def tile_count(self, s: MopsState, seat: int) -> int:
        """How many tiles a seat's layout holds, face up or down."""
        return CELLS - s.layouts[seat].count(EMPTY)

    def face_down_count(self, s: MopsState, seat: int) -> int:
        return len(face_down_cells(s.layouts[seat]))

    def seat_in_front(self, s: MopsState) -> int:
        """The seat whose layout is in front of everyone: the seat to move, the caller's once the
        game is over (what a board shows large and the position editor edits)."""
        return 0 if s.to_move is None else s.to_move

    def layout_extent(self, s: MopsState, seat: int) -> Span:
        """The files and ranks a seat's layout spans (0-based)."""
        return extent(s.layouts[seat])

    def open_area(self, s: MopsState, seat: int) -> Span:
        """The files and ranks (0-based) a seat's layout may still grow into: the union of every
        square of the 5x5 limit that holds it."""
        return open_window(s.layouts[seat])

    def placement_cells(self, s: MopsState) -> list[str]:
        """Cells where the current player may place the round's tile (empty unless placing)."""
        if s.phase != PLACE:
            return []
        return [cell_name(i) for i in placement_indices(s.layouts[seat_to_move(s)])]

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
                blocked[cell_name(index)] = f"the layout may span at most {LIMIT} files and {LIMIT} ranks ({LIMIT}x{LIMIT} limit)"
        return blocked

    def refusal_moves(self, s: MopsState) -> dict[str, MopsMove]:
        """The face-down tiles the current player may refuse the round's tile onto (variant
        "Ersatzplättchen"), in frame order, each with the move that does it."""
        if self._refusing_breaks(s) is not None:
            return {}
        return {cell_name(i): refusal_move(i) for i in face_down_cells(s.layouts[seat_to_move(s)])}

    def why_no_refusal(self, s: MopsState) -> Refusal | None:
        """None if the current player may refuse the round's tile (onto some face-down tile), else
        the rule that forbids refusing it at all: the answer to a "Refuse" before a tile is chosen."""
        rule = CommonRule.GAME_OVER if s.outcome is not None else self._refusing_breaks(s)
        return None if rule is None else Refusal(rule, self.move_rule_message(rule, {}))

    def may_pass(self, s: MopsState) -> bool:
        """Whether the seat to move may pass (score nothing this round): only after placing, and
        never in the final scoring, where a player who can score must."""
        return s.phase == SCORE

    def cell_kinds(self, s: MopsState, seat: int) -> tuple[CellKind, ...]:
        """The kind of every cell of a seat's frame (see `cell_kinds`), in frame order."""
        return cell_kinds(s.layouts[seat])

    def ranking(self, s: MopsState) -> tuple[int, ...]:
        """Every seat, best first by the final scoring's rule (points, then fewer face-down
        tiles), equals in seat order: the order the final ranking is shown in."""
        return ranking(s.scores, s.layouts)

    def won_on_tie_break(self, s: MopsState) -> bool:
        """Whether the game was won alone by the tie-break: the winner has as many points as
        another seat, and fewer face-down tiles."""
        winners = self.winners(s)
        return len(winners) == 1 and any(seat != winners[0] and points == s.scores[winners[0]] for seat, points in enumerate(s.scores))

    def score_board(self) -> ScoreBoard:
        """The printed score board: the shapes that score, by size, with their points and marked
        tiles, and the crown's bonus."""
        return score_board()

    def scoring_options(self, s: MopsState, seat: int | None = None) -> list[Combination]:
        """Combinations scorable now by the current player (seat None), or present in `seat`'s
        layout; the highest points first, then in frame order."""
        if seat is None:
            if s.phase not in (SCORE, FINAL):
                return []
            seat = seat_to_move(s)
        layout = s.layouts[seat]
        options = [describe_combination(layout, p) for p in combinations(layout)]
        return sorted(options, key=lambda c: (-c.points, [parse_cell(x) for x in c.cells]))

    def waiting_seats(self, s: MopsState) -> list[int]:
        """Seats that still act on this round's tile, the current one first."""
        return waiting_seats(s)

    def sitting_out(self, s: MopsState) -> dict[int, SitOut]:
        """Seats that sit this round out, with the reason."""
        return sitting_out(s)

    def _apply(self, s: MopsState, move: str) -> tuple[MopsState, MopsEffect]:
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
            return replace(moved, phase=SCORE), effect
        if s.phase == FINAL:
            to_move, phase = after_final_scoring(layouts, seat)
            return replace(moved, to_move=to_move, phase=phase), effect
        return with_turn(moved, after_seat(s, layouts, s.pile, s.tile, seat)), effect

    # -- notation (games/mops_position.py) -----------------------------------------------------

    def position(self, s: MopsState) -> str:
        return position_text(s)

    def from_position(self, text: str) -> MopsState:
        """The state a position text describes. Text with the pile's order hidden ('?') is what a
        player sees, not a game that can go on: PositionError (`from_public_position` reads it for
        drawing, `from_observation` deals the pile afresh)."""
        return self._parse_position(text, hidden_allowed=False)

    def _parse_position(self, text: str, hidden_allowed: bool) -> MopsState:
        return parse_position(text, hidden_allowed, self.min_players, self.max_players)

    # -- tests and tools -----------------------------------------------------------------------

    def conformance_setups(self) -> list[dict[str, object]]:
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

"""Mops Royal's moves one at a time: the rules a move may break (`MopsRule`), what a move does
(`MopsEffect`, one exact type per kind of move) and the checks that find either for a move in a
state (`MopsMoves`, the base of the engine): placing the round's tile, refusing it (variant
"Ersatzplättchen"), scoring a combination and passing, as games/mops.py's docstring states them.

Its own module because checking one move is one thing, apart from the order of play
(games/mops_rounds.py) and the queries; the engine (games/mops.py, `MopsRoyal`) is a
`MopsMoves` that plays the checked move and moves the turn on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .base import Game, Rule
from .notation import FRAME, MOPS_PASS, MopsMove, placing_move, refusal_move, scoring_move, tile_code
from .notation import frame_cell_name as cell_name, parse_frame_cell as parse_cell, parse_refusal
from .mops_layout import EMPTY, FACE_DOWN, LIMIT, NEIGHBOURS, colour_of, face_down_cells, motif_of, open_window
from .mops_scoring import Shared, describe_combination
from .mops_shapes import SHAPES, Placement, recognise, score_board
from .mops_state import FINAL, PLACE, SCORE, MopsState

FIRST_REFUSAL_COST = 2


class MopsRule(Rule):
    """The rules a move of Mops Royal may break (`MoveError.rule`), each its stable identifier."""

    NOT_A_MOVE = "not-a-move"
    REFUSAL_TEXT = "refusal-text"
    SCORING_NO_FLIP = "scoring-no-flip"
    SCORING_TEXT = "scoring-text"
    CELL_TWICE = "cell-twice"
    COMBINATION_SIZE = "combination-size"
    NOT_CANONICAL = "not-canonical"
    PASS_BEFORE_PLACE = "pass-before-place"
    MUST_SCORE = "must-score"
    TILE_PLACED = "tile-placed"
    NOTHING_TO_PLACE = "nothing-to-place"
    CELL_TAKEN = "cell-taken"
    NOT_TOUCHING = "not-touching"
    BEYOND_SQUARE = "beyond-square"
    NO_ERSATZ = "no-ersatz"
    REFUSE_AFTER_PLACE = "refuse-after-place"
    NO_FACE_DOWN = "no-face-down"
    REFUSE_NOT_FACE_DOWN = "refuse-not-face-down"
    SCORE_BEFORE_PLACE = "score-before-place"
    CELL_EMPTY = "cell-empty"
    CELL_FACE_DOWN = "cell-face-down"
    NOT_A_SHAPE = "not-a-shape"
    MIXED = "mixed"
    FLIP_NOT_MARKED = "flip-not-marked"


# What a move does, for the move list and for highlighting the last move: one exact type per kind
# of move, told apart by `kind`, so that no reader meets a field its kind leaves empty. `points`:
# what the move gains (negative for a refusal).


@dataclass(frozen=True)
class PlaceEffect:
    seat: int
    tile: str  # the round's tile
    cell: str  # where it was placed
    points: int = 0
    kind: Literal["place"] = "place"


@dataclass(frozen=True)
class RefuseEffect:
    seat: int
    tile: str  # the round's tile, refused
    onto: str  # the face-down tile it now covers
    points: int  # minus the refusal's cost
    kind: Literal["refuse"] = "refuse"


@dataclass(frozen=True)
class ScoreEffect:
    seat: int
    cells: tuple[str, ...]  # the combination scored, in frame order
    shape: str  # its shape's key in mops_shapes.SHAPES
    shared: Shared  # what its tiles share: "colour" or "motif"
    feature: str  # the shared colour or motif letter
    flip: str  # the tile turned face down
    points: int
    kind: Literal["score"] = "score"


@dataclass(frozen=True)
class PassEffect:
    seat: int
    points: int = 0
    kind: Literal["pass"] = "pass"


MopsEffect = PlaceEffect | RefuseEffect | ScoreEffect | PassEffect


def seat_to_move(s: MopsState) -> int:
    """The seat that acts in `s`, a game in play (only a game that is over has nobody to move)."""
    assert s.to_move is not None, "a game in play has a seat to move"
    return s.to_move


def round_tile(s: MopsState) -> int:
    """The tile revealed this round, which the seat to move places or refuses (there is none only
    in the final scoring and once over, when nothing is placed)."""
    assert s.tile is not None, "a tile is placed or refused only in a round, whose tile is revealed"
    return s.tile


class MopsMoves(Game[MopsState, MopsMove, MopsEffect]):
    """The checks of one move of Mops Royal (the engine, games/mops.py, is one): the rules' words,
    the cost of a refusal, and `effect` and `_check`, which find the rule a move breaks or what
    it does."""

    move_examples = ("e6", "e5,f5,g5!f5", "pass", "xf6")
    move_rules = {
        MopsRule.NOT_A_MOVE: "not a move: a cell of the 9x9 frame (files a-i, ranks 1-9), 'pass', a scoring such as 'e5,f5,g5!f5' or a refusal such as 'xf6'",
        MopsRule.REFUSAL_TEXT: "a refusal names a cell of the 9x9 frame after 'x', such as 'xf6'",
        MopsRule.SCORING_NO_FLIP: "a scoring names the tile to turn face down after '!', as in 'e5,f5,g5!f5'",
        MopsRule.SCORING_TEXT: "a scoring lists cells of the 9x9 frame (files a-i, ranks 1-9), as in 'e5,f5,g5!f5'",
        MopsRule.CELL_TWICE: "a cell is listed twice",
        MopsRule.COMBINATION_SIZE: "a combination has {sizes_text} tiles",
        MopsRule.NOT_CANONICAL: "a scoring lists its cells in order, then the tile to turn: write it as {canonical!r}",
        MopsRule.PASS_BEFORE_PLACE: "scoring or passing comes after placing: first place the revealed tile",
        MopsRule.MUST_SCORE: "in the final scoring (variant 'Wertung') a player who can score must score",
        MopsRule.TILE_PLACED: "this round's tile is already placed: score a combination or pass",
        MopsRule.NOTHING_TO_PLACE: "in the final scoring (variant 'Wertung') nothing is placed: score a combination",
        MopsRule.CELL_TAKEN: "the cell already holds a tile",
        MopsRule.NOT_TOUCHING: "a tile must touch one of your tiles along a side (a corner is not enough)",
        MopsRule.BEYOND_SQUARE: "the layout may not grow beyond {limit} tiles in a row or column ({limit}x{limit} limit)",
        MopsRule.NO_ERSATZ: "refusing a tile is the variant 'Ersatzplättchen', which is not being played",
        MopsRule.REFUSE_AFTER_PLACE: "only the tile of the round can be refused, before it is placed",
        MopsRule.NO_FACE_DOWN: "a refused tile goes face down onto one of your face-down tiles, and you have none yet",
        MopsRule.REFUSE_NOT_FACE_DOWN: "a refused tile goes face down onto one of your face-down tiles; {cell} is not one",
        MopsRule.SCORE_BEFORE_PLACE: "scoring comes after placing: first place the revealed tile",
        MopsRule.CELL_EMPTY: "{cell} holds no tile of yours",
        MopsRule.CELL_FACE_DOWN: "{cell} is face down, and face-down tiles never score again",
        MopsRule.NOT_A_SHAPE: "these cells do not form one of the {shapes} shapes of the score board (in any rotation or reflection)",
        MopsRule.MIXED: "a combination must be all one colour or all one motif",
        MopsRule.FLIP_NOT_MARKED: "the tile turned face down must be a marked tile of the {shape} shape: {marks_text}",
    }
    move_words = {
        "marks": lambda marks: {"marks_text": " or ".join(marks)},
        "sizes": lambda sizes: {"sizes_text": ", ".join(map(str, sizes[:-1])) + " or " + str(sizes[-1])},
    }

    def _refusing_breaks(self, s: MopsState) -> MopsRule | None:
        """The rule a refusal would break whatever tile it names (a game in play), else None."""
        if not s.ersatz:
            return MopsRule.NO_ERSATZ
        if s.phase != PLACE:
            return MopsRule.REFUSE_AFTER_PLACE
        if not face_down_cells(s.layouts[seat_to_move(s)]):
            return MopsRule.NO_FACE_DOWN
        return None

    def refusal_cost(self, refused: int) -> int:
        """What refusing a tile costs a seat that has refused `refused` tiles before."""
        return FIRST_REFUSAL_COST + refused

    def next_refusal_cost(self, s: MopsState, seat: int) -> int:
        """What `seat`'s next refusal costs."""
        return self.refusal_cost(s.refusals[seat])

    def effect(self, s: MopsState, move: str) -> MopsEffect:
        """What `move` does in `s`, without playing it (IllegalMove if it is not legal)."""
        return self._check(s, move)[0]

    def _check(self, s: MopsState, move: str) -> tuple[MopsEffect, bytes, MopsMove]:
        """Validate `move`; return its effect, the mover's new layout and the move's canonical text."""
        self.require_text(move)
        self._require_move_text(move)
        self.require_not_over(s, move)
        seat = seat_to_move(s)
        layout = s.layouts[seat]
        if move == MOPS_PASS:
            if s.phase == PLACE:
                raise self.illegal(move, MopsRule.PASS_BEFORE_PLACE)
            if s.phase == FINAL:
                raise self.illegal(move, MopsRule.MUST_SCORE)
            return PassEffect(seat), layout, MOPS_PASS
        if "!" in move or "," in move:
            return self._check_scoring(s, move, seat, layout)
        if move.startswith("x"):
            return self._check_refusal(s, move, seat, layout)
        index = parse_cell(move)
        if index is None:
            raise self.invalid(move, MopsRule.NOT_A_MOVE)
        if s.phase == SCORE:
            raise self.illegal(move, MopsRule.TILE_PLACED)
        if s.phase == FINAL:
            raise self.illegal(move, MopsRule.NOTHING_TO_PLACE)
        if layout[index] != EMPTY:
            raise self.illegal(move, MopsRule.CELL_TAKEN, cell=move)
        if not any(layout[n] != EMPTY for n in NEIGHBOURS[index]):
            raise self.illegal(move, MopsRule.NOT_TOUCHING, cell=move)
        lo_f, hi_f, lo_r, hi_r = open_window(layout)
        rank, file = divmod(index, FRAME)
        if not (lo_f <= file <= hi_f and lo_r <= rank <= hi_r):
            raise self.illegal(move, MopsRule.BEYOND_SQUARE, cell=move, limit=LIMIT)
        tile = round_tile(s)
        new = bytearray(layout)
        new[index] = tile
        return PlaceEffect(seat, tile_code(tile), move), bytes(new), placing_move(index)

    def _require_move_text(self, move: str) -> None:
        """InvalidMoveText unless `move` is written in the notation (whatever the state)."""
        if move == MOPS_PASS:
            return
        if "!" in move or "," in move:
            self._scoring_cells(move)
        elif move.startswith("x"):
            if parse_refusal(move) is None:
                raise self.invalid(move, MopsRule.REFUSAL_TEXT)
        elif parse_cell(move) is None:
            raise self.invalid(move, MopsRule.NOT_A_MOVE)

    def _scoring_cells(self, move: str) -> tuple[list[int], int]:
        """The cells a scoring lists, in frame order, and the tile it turns face down;
        InvalidMoveText unless it is written in the notation."""
        cells_text, bang, flip_text = move.partition("!")
        if not bang:
            raise self.invalid(move, MopsRule.SCORING_NO_FLIP)
        parsed = [parse_cell(text) for text in cells_text.split(",")]
        flip = parse_cell(flip_text)
        cells = [c for c in parsed if c is not None]
        if len(cells) != len(parsed) or flip is None:
            raise self.invalid(move, MopsRule.SCORING_TEXT)
        if len(set(cells)) != len(cells):
            raise self.invalid(move, MopsRule.CELL_TWICE)
        sizes = score_board().sizes
        if not sizes[0] <= len(cells) <= sizes[-1]:
            raise self.invalid(move, MopsRule.COMBINATION_SIZE, sizes=sizes)
        if cells != sorted(cells):
            raise self.invalid(move, MopsRule.NOT_CANONICAL, canonical=scoring_move(sorted(cells), flip))
        return cells, flip

    def _check_refusal(self, s: MopsState, move: str, seat: int, layout: bytes) -> tuple[MopsEffect, bytes, MopsMove]:
        index = parse_refusal(move)
        if index is None:
            raise self.invalid(move, MopsRule.REFUSAL_TEXT)
        broken = self._refusing_breaks(s)
        if broken is not None:
            raise self.illegal(move, broken)
        if not FACE_DOWN <= layout[index] < EMPTY:
            raise self.illegal(move, MopsRule.REFUSE_NOT_FACE_DOWN, cell=move[1:])
        cost = self.next_refusal_cost(s, seat)
        return RefuseEffect(seat, tile_code(round_tile(s)), cell_name(index), points=-cost), layout, refusal_move(index)

    def _check_scoring(self, s: MopsState, move: str, seat: int, layout: bytes) -> tuple[MopsEffect, bytes, MopsMove]:
        cells, flip = self._scoring_cells(move)
        if s.phase == PLACE:
            raise self.illegal(move, MopsRule.SCORE_BEFORE_PLACE)
        for c in cells:
            if layout[c] == EMPTY:
                raise self.illegal(move, MopsRule.CELL_EMPTY, cell=cell_name(c))
            if layout[c] >= FACE_DOWN:
                raise self.illegal(move, MopsRule.CELL_FACE_DOWN, cell=cell_name(c))
        orientation = recognise([divmod(c, FRAME) for c in cells])
        if orientation is None:
            raise self.illegal(move, MopsRule.NOT_A_SHAPE, shapes=len(SHAPES))
        tiles = [layout[c] for c in cells]
        if len({colour_of(t) for t in tiles}) != 1 and len({motif_of(t) for t in tiles}) != 1:
            raise self.illegal(move, MopsRule.MIXED)
        # The orientation's marks sit at the same offsets as in the frame.
        r0 = min(c // FRAME for c in cells)
        f0 = min(c % FRAME for c in cells)
        marks = tuple(sorted((r0 + r) * FRAME + f0 + f for r, f in orientation.marks))
        if flip not in marks:
            raise self.illegal(move, MopsRule.FLIP_NOT_MARKED, shape=orientation.shape.name, marks=tuple(cell_name(m) for m in marks))
        placement = Placement(orientation.shape, tuple(cells), marks)
        combination = describe_combination(layout, placement)
        new = bytearray(layout)
        new[flip] += FACE_DOWN
        effect = ScoreEffect(seat, combination.cells, combination.shape, combination.shared, combination.feature, cell_name(flip), combination.points)
        return effect, bytes(new), scoring_move(cells, flip)

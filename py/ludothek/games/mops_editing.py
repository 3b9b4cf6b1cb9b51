"""Mops Royal's position set up by hand (games/editing.py): the tiles of the layouts, face up or
face down, the round's revealed tile, whose turn it is and in which phase, the scores, the refusals
(variant "Ersatzplättchen"), both variants and the number of players.

Pieces are the 36 tiles face up (their codes, `Kb`) and face down (the notation's lower-case
motif, `kb`). The places are the cells of the layout the board shows large, which is the layout
of the seat to move (the only seat once the game is over): to set up another seat's layout, make
it that seat's turn first (the setting "turn").

What is conserved: every player owns each tile once, and the pile holds the caller's tiles not
yet revealed. So a tile put on a cell moves there if the layout already holds it (face up or
down: putting `kb` on a face-up `Kb` turns it over); a tile laid on any cell but a non-caller's
start cell e5 has been revealed and leaves the pile; the tile a put replaces, or one taken away,
goes back into the pile when no layout lays it any more and it is not the revealed tile (a
non-caller's start tile never came from the caller's pile and does not go into it). The start
tile on e5 can be replaced but not taken away. Changing the revealed tile takes the new one out of
the pile and gives the old one back by the same rule. An empty board keeps the start tiles and
puts everything else back into the pile.

The turn follows the board as far as the game does: it is kept while the engine reads it; when an
edit makes it impossible (the seat to place has now laid the round's tile, the seat to score has
no combination left, a layout has become full, a finished game has room again), it moves on as
the game would: to scoring, to the next seat that acts, to a new round whose tile is the pile's
first as the editor lists it (sorted: the order stays hidden), to the final scoring or the end. A
new revealed tile gives the turn, where it no longer holds, to the first seat that acts on it.
The setting "turn" itself is set exactly as asked, for the engine to judge; the editor applies
the revealed tile before it, so both can be changed at once.

Hidden information: the pile's order is never known to the editor; its positions write the pile
sorted and marked hidden ('?'), so that reading one back deals its order afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from .base import PositionError
from .editing import EditRefused, Palette, PositionEditing, Setting, checked_setting
from .mops import GAME
from .mops_layout import CELLS, connected_to_start, EMPTY, FACE_DOWN, START_CANDIDATES, START_CELL, TILE_COUNT, acts, tile_count
from .mops_position import TURN_LETTERS, check_tiles_consistent, check_turn, position_text
from .mops_rounds import after_seat, with_turn
from .mops_scoring import can_score
from .mops_state import OVER, PLACE, SCORE, MopsState
from .notation import FRAME, frame_cell_name as cell_name, parse_frame_cell as parse_cell, parse_tile, tile_code

TILE_CODES = tuple(tile_code(t) for t in range(TILE_COUNT))
FACE_DOWN_CODES = tuple(code[0].lower() + code[1] for code in TILE_CODES)
PIECES = TILE_CODES + FACE_DOWN_CODES
MAX_SCORE = 999  # far beyond any game's points (at most some 150), and as low after refusals
MAX_PLAYERS = 4


def _piece_value(piece: str) -> int | None:
    """A piece's value in a layout (tile id, + FACE_DOWN face down), or None."""
    if piece not in PIECES:
        return None
    tile = parse_tile(piece[0].upper() + piece[1])
    assert tile is not None, "PIECES lists tile codes"
    return tile if piece[0].isupper() else tile + FACE_DOWN


def _laid(layouts: tuple[bytes, ...]) -> set[int]:
    """The tiles the layouts lay on cells where they were revealed (all but a non-caller's start)."""
    laid = {v % FACE_DOWN for v in layouts[0] if v != EMPTY}
    for layout in layouts[1:]:
        laid.update(v % FACE_DOWN for i, v in enumerate(layout) if v != EMPTY and i != START_CELL)
    return laid


def _pile(s: MopsState, layouts: tuple[bytes, ...], tile: int | None, returned: tuple[int, ...]) -> bytes:
    """The caller's pile after an edit: tiles now laid or revealed leave it; `returned` tiles that
    are neither go back into it (sorted: its order is hidden)."""
    out = _laid(layouts) | {tile}
    return bytes(sorted({t for t in (*s.pile, *returned) if t not in out}))


def _placed(layout: bytes, tile: int) -> bool:
    """Whether a layout holds the round's tile as placed (not as its start tile, which sits out)."""
    return any(v != EMPTY and v % FACE_DOWN == tile for i, v in enumerate(layout) if i != START_CELL)


def _connected(layout: bytes) -> bool:
    """Whether every tile of a layout is connected to the start tile along sides."""
    return len(connected_to_start(layout)) == tile_count(layout)


def _readable(state: MopsState) -> bool:
    """Whether the engine reads the round and turn of `state` (its checks of games/mops_position.py,
    without writing and parsing the layouts, which the editor reads back anyway)."""
    try:
        check_tiles_consistent(state.layouts, state.pile, state.tile)
        check_turn(state.layouts, state.pile, state.tile, state.to_move, state.phase, state.ersatz, state.wertung)
    except PositionError:
        return False
    return True


def _moved_on(state: MopsState, seat: int, tile: int | None) -> MopsState:
    """The turn that follows `seat` having finished with `tile` (-1 / None: from the round's
    start), as the engine's flow of rounds gives it; a new round's tile is the pile's first as
    the editor lists it."""
    turn = after_seat(replace(state, hidden=False), state.layouts, state.pile, tile, seat)
    return _hidden(with_turn(state, turn._replace(reveal_floor=state.reveal_floor)))


def _hidden(state: MopsState) -> MopsState:
    """`state` with its pile sorted and its order hidden (module docstring)."""
    return replace(state, hidden=bool(state.pile), pile=bytes(sorted(state.pile)))


def _text(state: MopsState) -> str:
    return position_text(_hidden(state))


def _settled(state: MopsState, new_tile: bool = False) -> str:
    """The position text of `state` with its turn kept while the engine reads it, else moved on as
    the game would (the module's docstring): after a board edit from the seat whose layout was
    edited, after a `new_tile` from the round's start (the first seat that acts on it); when
    nothing reads, the engine's refusal is left to the editor."""
    state = _hidden(state)
    seat, tile = state.to_move, state.tile
    candidates: list[Callable[[], MopsState]] = [lambda: state]
    if tile is not None and seat is not None and state.phase in (PLACE, SCORE) and not new_tile:
        layout = state.layouts[seat]
        if _placed(layout, tile) and not state.wertung and can_score(layout):
            candidates.append(lambda: replace(state, phase=SCORE))
        if acts(layout, tile):
            candidates.append(lambda: replace(state, phase=PLACE))
        candidates.append(lambda: _moved_on(state, seat, tile))
    if tile is not None:
        candidates.append(lambda: _moved_on(state, -1, tile))
    candidates.append(lambda: _moved_on(replace(state, tile=None), -1, None))
    for make in candidates:
        candidate = make()
        if _readable(candidate):
            return position_text(candidate)
    return position_text(state)


class Editing:
    def palette(self, s: MopsState) -> Palette:
        places = frozenset(_window(s))
        return Palette(PIECES, places, taken_to="pile", board_of=GAME.seat_in_front(s))

    def _cell(self, s: MopsState, place: str) -> int:
        index = parse_cell(place)
        if index is None or (s.outcome is not None and not GAME.is_solitaire(s)):
            raise EditRefused("no-such-place", f"{place!r} is not a cell of the layout shown", place=place)
        return index

    def put(self, s: MopsState, place: str, piece: str) -> str:
        index = self._cell(s, place)
        value = _piece_value(piece)
        if value is None:
            raise EditRefused("no-such-piece", f"{piece!r} is not a piece of this game", piece=piece)
        seat = GAME.seat_in_front(s)
        layout = bytearray(s.layouts[seat])
        if layout[index] == value:
            return GAME.position(s)
        tile = value % FACE_DOWN
        returned = []
        if layout[index] != EMPTY and layout[index] % FACE_DOWN != tile and (seat == 0 or index != START_CELL):
            returned.append(layout[index] % FACE_DOWN)  # the tile replaced goes back
        for i in range(CELLS):  # a player owns each tile once: it moves
            if layout[i] != EMPTY and layout[i] % FACE_DOWN == tile:
                layout[i] = EMPTY
                if seat == 0 or i != START_CELL:
                    returned.append(tile)  # back into the pile unless it is still laid
        layout[index] = value
        return self._edited(s, seat, bytes(layout), tuple(returned))

    def remove(self, s: MopsState, place: str) -> str:
        index = self._cell(s, place)
        seat = GAME.seat_in_front(s)
        layout = bytearray(s.layouts[seat])
        if layout[index] == EMPTY:
            raise EditRefused("place-empty", f"{place} is empty", place=place)
        if index == START_CELL:
            raise EditRefused("start-tile", "the start tile on e5 can be replaced, not taken away", place=place)
        returned = (layout[index] % FACE_DOWN,)
        layout[index] = EMPTY
        if not _connected(bytes(layout)):
            raise EditRefused("tile-holds-layout", f"taking the tile on {place} away would cut the layout in two", place=place)
        return self._edited(s, seat, bytes(layout), returned)

    def _edited(self, s: MopsState, seat: int, layout: bytes, returned: tuple[int, ...]) -> str:
        layouts = s.layouts[:seat] + (layout,) + s.layouts[seat + 1 :]
        if seat == 0 and s.layouts[0][START_CELL] % FACE_DOWN != layout[START_CELL] % FACE_DOWN:
            returned += (s.layouts[0][START_CELL] % FACE_DOWN,)  # the caller's old start tile: not yet revealed
        return _settled(replace(s, layouts=layouts, pile=_pile(s, layouts, s.tile, returned)))

    def settings(self, s: MopsState) -> tuple[Setting, ...]:
        players = len(s.layouts)
        letters = "psf" if s.wertung else "ps"
        turns = tuple(f"{letter}{seat + 1}" for letter in letters for seat in range(players)) + ("-",)
        # The tile before the turn: the editor applies changed settings in this order, and a new
        # tile moves the turn on where it no longer holds, while the turn is then set as asked.
        settings = [
            Setting("tile", "-" if s.tile is None else tile_code(s.tile), ("-",) + TILE_CODES),
            Setting("turn", _turn(s), turns),
        ]
        settings += [Setting(f"score-{seat + 1}", str(score), low=-MAX_SCORE, high=MAX_SCORE) for seat, score in enumerate(s.scores)]
        if s.ersatz:
            settings += [Setting(f"refusals-{seat + 1}", str(n), low=0, high=TILE_COUNT) for seat, n in enumerate(s.refusals)]
        settings += [
            Setting("players", str(players), tuple(str(n) for n in range(1, MAX_PLAYERS + 1))),
            Setting("ersatz", "on" if s.ersatz else "off", ("off", "on")),
            Setting("wertung", "on" if s.wertung else "off", ("off", "on")),
        ]
        return tuple(settings)

    def set(self, s: MopsState, name: str, value: str) -> str:
        setting = checked_setting(self.settings(s), name, value)
        if value == setting.value:
            return GAME.position(s)
        if name == "turn":  # exactly as asked: the engine judges it
            if value == "-":
                state = replace(s, to_move=None, phase=OVER)
            else:
                phases = {letter: phase for phase, letter in TURN_LETTERS.items()}
                state = replace(s, to_move=int(value[1]) - 1, phase=phases[value[0]])
            return _text(state)
        if name == "tile":
            tile = parse_tile(value)
            returned = () if s.tile is None else (s.tile,)
            return _settled(replace(s, tile=tile, pile=_pile(s, s.layouts, tile, returned)), new_tile=True)
        if name == "players":
            return self._players(s, int(value))
        if name in GAME.variant_switches:
            on = value == "on"
            state = replace(s, ersatz=on) if name == "ersatz" else replace(s, wertung=on)
            return _settled(state if on or name != "ersatz" else replace(state, refusals=(0,) * len(s.layouts)))
        # a score or a count of refusals: a whole number
        number = value[1:] if value.startswith("-") and setting.low < 0 else value
        if not number.isascii() or not number.isdigit() or not setting.low <= int(value) <= setting.high:
            raise EditRefused("bad-value", f"a whole number from {setting.low} to {setting.high}", setting=name, value=value)
        kind, seat_text = name.rsplit("-", 1)
        seat = int(seat_text) - 1
        if kind == "score":
            return _text(replace(s, scores=s.scores[:seat] + (int(value),) + s.scores[seat + 1 :]))
        return _text(replace(s, refusals=s.refusals[:seat] + (int(value),) + s.refusals[seat + 1 :]))

    def _players(self, s: MopsState, players: int) -> str:
        """Seats added with only a start tile (the first without a crown that is not the round's,
        so that the new seat acts on it) and no points; seats taken away with their layouts (the
        pile, the caller's, stays)."""
        now = len(s.layouts)
        new_start = next(t for t in START_CANDIDATES if t != s.tile)
        start = bytes(new_start if i == START_CELL else EMPTY for i in range(CELLS))
        layouts = s.layouts[:players] + (start,) * max(0, players - now)
        scores = s.scores[:players] + (0,) * max(0, players - now)
        refusals = s.refusals[:players] + (0,) * max(0, players - now)
        to_move = s.to_move if s.to_move is None or s.to_move < players else players - 1
        state = replace(s, layouts=layouts, scores=scores, refusals=refusals, to_move=to_move, setup=replace(s.setup, players=players))
        return _settled(state)

    def empty(self, s: MopsState) -> str:
        layouts = tuple(bytes(layout[START_CELL] % FACE_DOWN if i == START_CELL else EMPTY for i in range(CELLS)) for layout in s.layouts)
        caller_start = layouts[0][START_CELL]
        tile = s.tile if s.tile is not None and s.tile != caller_start else None
        pile = bytes(t for t in range(TILE_COUNT) if t not in (caller_start, tile))
        if tile is None:
            tile, pile = pile[0], pile[1:]
        state = replace(s, layouts=layouts, pile=pile, tile=tile, to_move=0, phase=PLACE)
        return _settled(state)


def _turn(s: MopsState) -> str:
    return "-" if s.outcome is not None or s.to_move is None else f"{TURN_LETTERS[s.phase]}{s.to_move + 1}"


def _window(s: MopsState) -> set[str]:
    """The places the editor offers: the cells of the shown layout's extent and the ring around it
    (where a tile can go next to the layout), which the board always shows (its 7x7 window is the
    layout and a ring of free cells); none once a game of two seats or more is over, when the board
    shows every layout small and offers no cells."""
    if s.outcome is not None and not GAME.is_solitaire(s):
        return set()
    f0, f1, r0, r1 = GAME.layout_extent(s, GAME.seat_in_front(s))
    files = range(max(0, f0 - 1), min(FRAME - 1, f1 + 1) + 1)
    ranks = range(max(0, r0 - 1), min(FRAME - 1, r1 + 1) + 1)
    return {cell_name(rank * FRAME + file) for rank in ranks for file in files}


if TYPE_CHECKING:
    # mypy checks the class against the editor's interface, for this game's states.
    _interface: PositionEditing[MopsState] = Editing()

# The game's editing as its record (render/catalog.py) registers it.
EDITING = Editing()

__all__ = ["EDITING", "Editing"]

"""Momentum's position set up by hand (games/editing.py): stones and special cells on the board,
whose turn it is, the number of players, the board's size, the pie rule and the round limit.

A stone put on the board comes out of its player's hand, and one taken off (or covered) goes back
into it: every player keeps the stones the rulebook deals (board and hand), as the notation
requires. The pie rule's token is kept through an edit only while it still holds (`pie` on an
empty board with red to move, `swap` after red's first stone), so that placing stones on the
setup's board does not make every position unreadable."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Literal, TypedDict, Unpack

from .editing import EditRefused, Palette, PositionEditing, Setting, checked_setting
from .momentum import GAME
from .momentum_position import PieToken, pie_phase, pie_token, pie_token_holds
from .momentum_state import BUFFER, DAMPER, EMPTY, HOLE, MAX_ROUND_LIMIT, SEAT_LETTERS, STONE_CHARS, MomentumState
from .notation import cell_name, parse_cell

SPECIAL_PIECES = (HOLE, DAMPER, BUFFER)


def _size(s: MomentumState) -> str:
    return f"{s.width}x{s.height}"


class _Changes(TypedDict, total=False):
    """The fields an edit changes beside the board (and the hands, which follow it)."""

    to_move: int
    round: int
    round_limit: int


def _with(s: MomentumState, board: str | None = None, pie: PieToken | Literal["off", "kept"] = "kept", **changes: Unpack[_Changes]) -> str:
    """Position text of `s` with `board` and the other fields changed, hands following the board,
    and the pie rule's token `pie` ("kept": the token of `s`, dropped if it no longer holds, see
    the module's docstring)."""
    board = s.board if board is None else board
    players = len(s.hands)
    total = GAME.stones_each(players, _size(s))
    hands = tuple(total - board.count(SEAT_LETTERS[seat]) for seat in range(players))
    state = replace(s, board=board, hands=hands, **changes)
    token = pie_token(s) if pie == "kept" else None if pie == "off" else pie
    if pie == "kept" and token is not None and not pie_token_holds(token, state.board, state.to_move):
        token = None
    phase, swap_ahead = pie_phase(token)
    return GAME.position(replace(state, phase=phase, swap_ahead=swap_ahead))


class Editing:
    def palette(self, s: MomentumState) -> Palette:
        stones = tuple(SEAT_LETTERS[: len(s.hands)])
        places = frozenset(cell_name(i, s.width) for i in range(s.width * s.height))
        return Palette(stones + SPECIAL_PIECES, places, taken_to="hand")

    def _cell(self, s: MomentumState, place: str) -> int:
        index = parse_cell(place, s.width, s.height)
        if index is None:
            raise EditRefused("no-such-place", f"{place!r} is not a cell of this board", place=place)
        return index

    def put(self, s: MomentumState, place: str, piece: str) -> str:
        index = self._cell(s, place)
        if piece not in self.palette(s).pieces:
            raise EditRefused("no-such-piece", f"{piece!r} is not a piece of this game", piece=piece)
        if piece in STONE_CHARS and piece != s.board[index]:
            seat = SEAT_LETTERS.index(piece)
            if s.hands[seat] == 0:
                raise EditRefused("hand-empty", f"{piece} has no stone left in hand", piece=piece)
        return _with(s, s.board[:index] + piece + s.board[index + 1 :])

    def remove(self, s: MomentumState, place: str) -> str:
        index = self._cell(s, place)
        if s.board[index] == EMPTY:
            raise EditRefused("place-empty", f"{place} is empty", place=place)
        return _with(s, s.board[:index] + EMPTY + s.board[index + 1 :])

    def settings(self, s: MomentumState) -> tuple[Setting, ...]:
        players = len(s.hands)
        return (
            Setting("to-move", SEAT_LETTERS[s.to_move], tuple(SEAT_LETTERS[:players])),
            Setting("players", str(players), tuple(str(n) for n in range(GAME.min_players, GAME.max_players + 1))),
            Setting("size", _size(s), GAME.option("size").choices),
            Setting("pie", pie_token(s) or "off", ("off", "pie", "swap")),
            Setting("round-limit", str(s.round_limit), low=0, high=MAX_ROUND_LIMIT),
        )

    def set(self, s: MomentumState, name: str, value: str) -> str:
        setting = checked_setting(self.settings(s), name, value)
        if value == setting.value:
            return GAME.position(s)
        if name == "to-move":
            return _with(s, to_move=SEAT_LETTERS.index(value))
        if name == "pie":
            return _with(s, pie="pie" if value == "pie" else "swap" if value == "swap" else "off")
        if name == "players":
            players = int(value)
            board = "".join(EMPTY if c in STONE_CHARS and SEAT_LETTERS.index(c) >= players else c for c in s.board)
            s = replace(s, hands=(0,) * players, to_move=s.to_move % players, setup=replace(s.setup, players=players))
            return _with(s, board, pie=(pie_token(s) or "off") if GAME.option("pie").applies_to(players) else "off")
        if name == "size":
            width, height = GAME.dimensions(value)
            return _with(replace(s, width=width, height=height), EMPTY * (width * height), to_move=0)
        # the round limit (checked_setting read it as a number in range): 0 switches it off; a
        # game's round stays within the new limit
        limit = int(value)
        return _with(s, round_limit=limit, round=min(s.round, limit) if limit else 1)

    def empty(self, s: MomentumState) -> str:
        return _with(s, EMPTY * (s.width * s.height), to_move=0, pie="pie" if pie_token(s) is not None else "off")


if TYPE_CHECKING:
    # mypy checks the class against the editor's interface, for this game's states.
    _interface: PositionEditing[MomentumState] = Editing()

# The game's editing as its record (render/catalog.py) registers it.
EDITING = Editing()

__all__ = ["EDITING", "Editing"]

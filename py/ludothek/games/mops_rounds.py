"""Mops Royal's order of play (clarifications 1, 3, 4, 7 and 8 of games/mops.py's docstring): the
deal that begins a game (each seat's start tile and the caller's pile), who acts on a round's tile
and who sits the round out, the reveal of the next round's tile, the order of the final scoring
(variant "Wertung") and the end.

Its own module because the order of play is one thing, apart from the checks of a single move:
the engine (games/mops.py) deals and moves the turn on with it, and the position editor
(games/mops_editing.py) moves the turn on as the game would.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from typing import NamedTuple

from .base import HiddenInformationError, chance_rng
from .notation import parse_tile, tile_code
from .mops_layout import CELLS, CROWNS, EMPTY, FACE_DOWN, START_CANDIDATES, START_CELL, TILE_COUNT, acts, is_full
from .mops_scoring import can_score
from .mops_state import FINAL, OVER, PLACE, MopsPhase, MopsState


class HiddenPileError(HiddenInformationError):
    """Playing on an observation reached a reveal: the pile's order is not known there."""


# -- the deal ----------------------------------------------------------------------------------


class TileOptionRule(StrEnum):
    """Why the setup options `starts` and `draws` (the tiles chosen by hand) are refused."""

    NOT_A_TILE = "not-a-tile"
    STARTS_COUNT = "starts-count"
    START_CROWN = "start-crown"
    DRAWS_TWICE = "draws-twice"
    CALLER_START_DRAWN = "caller-start-drawn"
    DRAWS_TOO_MANY = "draws-too-many"
    NO_START_LEFT = "no-start-left"


class TileOptionError(ValueError):
    """Tiles chosen by hand that no deal can give, as data: `rule` and its `params` (tile codes,
    counts), from which the setup form words the player's sentence; `str()` is English."""

    def __init__(self, message: str, rule: TileOptionRule, **params: object):
        super().__init__(message)
        self.rule = rule
        self.params = params


def check_tile_options(players: int, starts: Sequence[object] | None, draws: Sequence[object] | None) -> tuple[list[int] | None, list[int]]:
    """The start tiles (None: drawn from the seed) and the top of the caller's pile the options
    `starts` and `draws` give, as tile ids; TileOptionError when no deal can give them."""
    start_tiles = None if starts is None else _tile_list_option(starts, "starts")
    if start_tiles is not None:
        if len(start_tiles) != players:
            raise TileOptionError(f"starts must list one tile per seat ({players}), not {len(start_tiles)}", TileOptionRule.STARTS_COUNT, players=players)
        crowned = next((t for t in start_tiles if t in CROWNS), None)
        if crowned is not None:
            raise TileOptionError(f"starts: {tile_code(crowned)} carries a crown; start tiles never do", TileOptionRule.START_CROWN, tile=tile_code(crowned))
    drawn = _tile_list_option(draws, "draws")
    if len(set(drawn)) != len(drawn):
        raise TileOptionError("draws: the caller's pile holds each tile once", TileOptionRule.DRAWS_TWICE)
    if start_tiles is not None and start_tiles[0] in drawn:
        code = tile_code(start_tiles[0])
        raise TileOptionError(f"draws: {code} is the caller's start tile, so it is not in the pile", TileOptionRule.CALLER_START_DRAWN, tile=code)
    if len(drawn) > TILE_COUNT - 1:
        raise TileOptionError(
            f"draws: the caller's pile holds {TILE_COUNT - 1} tiles, not {len(drawn)}", TileOptionRule.DRAWS_TOO_MANY, most=TILE_COUNT - 1, count=len(drawn)
        )
    if start_tiles is None and all(t in drawn for t in START_CANDIDATES):
        raise TileOptionError("draws leaves no tile without a crown for the caller's start tile", TileOptionRule.NO_START_LEFT)
    return start_tiles, drawn


def deal(players: int, seed: int, starts_option: Sequence[object] | None, draws_option: Sequence[object] | None) -> tuple[tuple[bytes, ...], bytes]:
    """Every seat's layout holding its start tile, and the caller's pile, top first: as the options
    `starts` and `draws` (checked here: TileOptionError) say, the rest drawn from the seed."""
    starts, draws = check_tile_options(players, starts_option, draws_option)
    if starts is None:
        # The caller's start tile cannot be one the pile is told to hold.
        starts = [chance_rng(seed, "mops-start", seat).choice([t for t in START_CANDIDATES if seat or t not in draws]) for seat in range(players)]
    rest = [t for t in range(TILE_COUNT) if t != starts[0] and t not in draws]
    chance_rng(seed, "mops-pile").shuffle(rest)
    layouts = []
    for t in starts:
        layout = [EMPTY] * CELLS
        layout[START_CELL] = t
        layouts.append(bytes(layout))
    return tuple(layouts), bytes(draws + rest)


def _tile_list_option(value: Sequence[object] | None, name: str) -> list[int]:
    if value is None:
        return []
    tiles = []  # a list: check_options saw to it
    for code in value:
        t = parse_tile(code)
        if t is None:
            raise TileOptionError(
                f"{name}: {code!r} is not a tile code (motif P B W C K H, then colour b g o p v y)",
                TileOptionRule.NOT_A_TILE,
                option=name,
                token=str(code)[:20],
            )
        tiles.append(t)
    return tiles


# -- the flow of rounds ------------------------------------------------------------------------


class Turn(NamedTuple):
    """Where the order of play stands after a seat's turn: the pile, the round's tile, who acts
    and in which phase, and the moves at the last reveal (`MopsState`'s fields of the same names)."""

    pile: bytes
    tile: int | None
    to_move: int | None
    phase: MopsPhase
    reveal_floor: int


def with_turn(s: MopsState, turn: Turn) -> MopsState:
    """`s` with the order of play at `turn`."""
    return replace(s, pile=turn.pile, tile=turn.tile, to_move=turn.to_move, phase=turn.phase, reveal_floor=turn.reveal_floor)


def after_seat(s: MopsState, layouts: tuple[bytes, ...], pile: bytes, tile: int | None, seat: int) -> Turn:
    """The turn that follows `seat` having finished with `tile` (-1 / None: no round is running
    yet): the next seat of this round, else a new round is revealed, else the final scoring
    (variant "Wertung") or the end."""
    moves_after = len(s.moves) + (1 if seat >= 0 else 0)
    floor = s.reveal_floor
    players = len(layouts)
    while True:
        if tile is not None:
            for k in range(seat + 1, players):
                if acts(layouts[k], tile):
                    return Turn(pile, tile, k, PLACE, floor)
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
                return Turn(pile, None, k, FINAL, floor)
    return Turn(pile, None, None, OVER, floor)


def after_final_scoring(layouts: tuple[bytes, ...], seat: int) -> tuple[int | None, MopsPhase]:
    """The seat that scores next in the final scoring after `seat`, round in seat order, and its
    phase; nobody (the game is over) once no layout can score."""
    players = len(layouts)
    for k in range(1, players + 1):
        nxt = (seat + k) % players
        if can_score(layouts[nxt]):
            return nxt, FINAL
    return None, OVER


def waiting_seats(s: MopsState) -> list[int]:
    """Seats that still act on this round's tile, the current one first."""
    if s.tile is None or s.to_move is None:
        return []
    later = [k for k in range(s.to_move + 1, len(s.layouts)) if acts(s.layouts[k], s.tile)]
    return [s.to_move] + later


class SitOut(StrEnum):
    """Why a seat sits a round out (clarification 3)."""

    LAYOUT_FULL = "layout full"
    START_TILE = "start tile revealed"


def sitting_out(s: MopsState) -> dict[int, SitOut]:
    """Seats that sit this round out, with the reason."""
    if s.tile is None:
        return {}
    result = {}
    for seat, layout in enumerate(s.layouts):
        if is_full(layout):
            result[seat] = SitOut.LAYOUT_FULL
        elif layout[START_CELL] % FACE_DOWN == s.tile:
            result[seat] = SitOut.START_TILE
    return result

"""Mops Royal's order of play (clarifications 1, 3, 4, 7 and 8 of games/mops.py's docstring): the
deal that begins a game (each seat's start tile and the caller's pile), who acts on a round's tile
and who sits the round out, the reveal of the next round's tile, the order of the final scoring
(variant "Wertung") and the end.

Its own module because the order of play is one thing, apart from the checks of a single move:
the engine (games/mops.py) deals and moves the turn on with it, and the position editor
(games/mops_editing.py) moves the turn on as the game would.
"""

from __future__ import annotations

from typing import Any

from .base import HiddenInformationError, chance_rng
from .notation import parse_tile, tile_code
from .mops_layout import CELLS, CROWNS, EMPTY, FACE_DOWN, START_CANDIDATES, START_CELL, TILE_COUNT, acts, is_full
from .mops_scoring import can_score
from .mops_state import FINAL, OVER, PLACE, MopsPhase, MopsState


class HiddenPileError(HiddenInformationError):
    """Playing on an observation reached a reveal: the pile's order is not known there."""


# -- the deal ----------------------------------------------------------------------------------


def deal(players: int, seed: int, starts_option: Any, draws_option: Any) -> tuple[tuple[bytes, ...], bytes]:
    """Every seat's layout holding its start tile, and the caller's pile, top first: as the options
    `starts` and `draws` (checked here: ValueError) say, the rest drawn from the seed."""
    draws = _tile_list_option(draws_option, "draws")
    if len(set(draws)) != len(draws):
        raise ValueError("draws: the caller's pile holds each tile once")
    if len(draws) > TILE_COUNT - 1:
        raise ValueError(f"draws: the caller's pile holds {TILE_COUNT - 1} tiles, not {len(draws)}")
    if starts_option is None:
        starts = []
        for seat in range(players):
            # The caller's start tile cannot be one the pile is told to hold.
            candidates = [t for t in START_CANDIDATES if seat or t not in draws]
            if not candidates:
                raise ValueError("draws leaves no tile without a crown for the caller's start tile")
            starts.append(chance_rng(seed, "mops-start", seat).choice(candidates))
    else:
        starts = _tile_list_option(starts_option, "starts")
        if len(starts) != players:
            raise ValueError(f"starts must list one tile per seat ({players}), not {len(starts)}")
        for t in starts:
            if t in CROWNS:
                raise ValueError(f"starts: {tile_code(t)} carries a crown; start tiles never do")
        if starts[0] in draws:
            raise ValueError(f"draws: {tile_code(starts[0])} is the caller's start tile, so it is not in the pile")
    rest = [t for t in range(TILE_COUNT) if t != starts[0] and t not in draws]
    chance_rng(seed, "mops-pile").shuffle(rest)
    layouts = []
    for t in starts:
        layout = [EMPTY] * CELLS
        layout[START_CELL] = t
        layouts.append(bytes(layout))
    return tuple(layouts), bytes(draws + rest)


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


# -- the flow of rounds ------------------------------------------------------------------------


def after_seat(s: MopsState, layouts: tuple[bytes, ...], pile: bytes, tile: int | None, seat: int) -> dict[str, Any]:
    """Fields of the turn that follows `seat` having finished with `tile` (-1 / None: no
    round is running yet): the next seat of this round, else a new round is revealed, else
    the final scoring (variant "Wertung") or the end."""
    moves_after = len(s.moves) + (1 if seat >= 0 else 0)
    floor = s.reveal_floor
    players = len(layouts)
    while True:
        if tile is not None:
            for k in range(seat + 1, players):
                if acts(layouts[k], tile):
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


def sitting_out(s: MopsState) -> dict[int, str]:
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

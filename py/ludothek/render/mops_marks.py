"""Mops Royal's board marks: what the view tells the board (render/mops_board.py) besides the
state, built from the engine's answers: the cells the seat to move may click and what each click
does, the cell kinds of its layout, the chosen combination, the hinted cell, the last move, the
headings and every cell's name.

Its own module because building the marks is one thing, the view's half that turns the engine's
answers into the board's data (`BoardMarks`); the view (render/mops.py) asks it in `board_svg`.
"""

from __future__ import annotations

from dataclasses import replace

from ..games.mops import MopsEffect, MopsRoyal
from ..games.mops_layout import CellKind
from ..games.mops_scoring import Combination
from ..games.mops_state import FINAL, PLACE, MopsState
from ..games.notation import FRAME, tile_code
from ..games.notation import frame_cell_name as cell_name
from ..i18n import _, ngettext
from .board_marks import BoardMarks
from .mops_board import MopsPayload, display_window, move_cell
from .mops_words import board_description, cell_words, combination_text, cost_text, points_text, seat_colour, tile_name
from .view import UIState


def find_option(game: MopsRoyal, s: MopsState, cells_key: str) -> Combination | None:
    """The combination the seat to move may score whose cells are `cells_key` ("e5,e6,e7"), or None."""
    for combo in game.scoring_options(s):
        if ",".join(combo.cells) == cells_key:
            return combo
    return None


def _placing_cells(game: MopsRoyal, s: MopsState, ui: UIState[MopsState], seat: int, tile: str) -> dict[str, str]:
    """The cells the revealed tile may go to (or, refusing it, the face-down tiles it may go onto),
    each with what a click on it does."""
    enabled: dict[str, str] = {}
    for cell in game.placement_cells(s):
        enabled[cell] = _("Place the {tile} here").format(tile=tile_name(tile))
    if ui.selection[:1] == ("refuse",):
        cost = game.next_refusal_cost(s, seat)
        for cell in game.refusal_moves(s):
            enabled[cell] = cost_text(_("Refuse the {tile}: lay it face down here").format(tile=tile_name(tile)), cost)
    return enabled


def _enabled_cells(
    game: MopsRoyal, s: MopsState, ui: UIState[MopsState], seat: int, tile: str | None
) -> tuple[dict[str, str], tuple[str, ...], tuple[str, ...]]:
    """The cells a click may use (cell -> what a click on it does), and the cells and marked tiles
    of the combination chosen to score (empty when none is)."""
    if not (ui.interactive and s.outcome is None):
        return {}, (), ()
    if s.phase == PLACE and tile is not None:
        return _placing_cells(game, s, ui, seat, tile), (), ()
    if ui.selection[:1] == ("pick",) and len(ui.selection) > 1:
        combo = find_option(game, s, ui.selection[1])
        if combo is not None:
            action = _("Turn this tile face down: score the {combination} for {points}").format(
                combination=combination_text(combo), points=points_text(combo.points)
            )
            return dict.fromkeys(combo.flips, action), combo.cells, combo.flips
    return {}, (), ()


def _hint_cells(game: MopsRoyal, s: MopsState, ui: UIState[MopsState]) -> dict[str, str]:
    """The cells of the hinted moves that are legal (a pass or a scoring has none)."""
    hint_cells: dict[str, str] = {}
    legal = game.legal_moves(s)
    for target, _label in ui.hints:
        if target in legal:
            cell = move_cell(game.effect(s, target))
            if cell:
                hint_cells[cell] = "hint"
    return hint_cells


def _cell_labels(game: MopsRoyal, s: MopsState, seat: int, kinds: tuple[CellKind, ...], enabled: dict[str, str]) -> dict[str, str]:
    """Every cell the board shows of `seat`'s layout, by name: what lies there, and what a click
    on it does."""
    layout = s.layouts[seat]
    labels: dict[str, str] = {}
    f0, r0 = display_window(game.layout_extent(s, seat))
    for rank in range(r0, r0 + 7):
        for file in range(f0, f0 + 7):
            index = rank * FRAME + file
            name = cell_name(index)
            kind = kinds[index]
            code = tile_code(layout[index]) if kind in ("up", "down") else None
            action = enabled.get(name)
            labels[name] = f"{name}: {cell_words(game, code, kind)}" + (f". {action}" if action else "")
    return labels


def _head_title(game: MopsRoyal, s: MopsState, tile: str | None) -> str:
    if tile is not None:
        return _("Round {n}").format(n=game.round_number(s))
    if s.phase == FINAL:
        return _("Final scoring")
    return _("Game over")


def _heading_note(game: MopsRoyal, s: MopsState, seat: int) -> str:
    """Under the layout's heading: its tiles, and how many lie face down ("7 tiles · 1 face down")."""
    down = game.face_down_count(s, seat)
    tiles = game.tile_count(s, seat)
    note = ngettext("{n} tile", "{n} tiles", tiles).format(n=tiles)
    if down:
        note += " · " + ngettext("{n} face down", "{n} face down", down).format(n=down)
    return note


def _final_payload(game: MopsRoyal, s: MopsState, ui: UIState[MopsState], payload: MopsPayload) -> MopsPayload:
    """Once the game is over with two seats or more: every layout's extent, the ranking, the
    winners and each seat's heading."""
    players = len(s.layouts)
    names = ui.names
    return replace(
        payload,
        extents=tuple(game.layout_extent(s, i) for i in range(players)),
        ranking=game.ranking(s),
        winners=frozenset(game.winners(s)),
        headings=tuple(
            _("{seat}: {points}").format(seat=names[i] if i < len(names) else seat_colour(i), points=points_text(s.scores[i])) for i in range(players)
        ),
    )


def _payload(
    game: MopsRoyal,
    s: MopsState,
    ui: UIState[MopsState],
    seat: int,
    tile: str | None,
    kinds: tuple[CellKind, ...],
    chosen: tuple[str, ...],
    flips: tuple[str, ...],
) -> MopsPayload:
    """What the board needs of Mops Royal alone: the head band, the shown layout's cells and window,
    its heading, the chosen combination and, once the game is over, every seat's layout."""
    before = ui.last_before
    turned_up = ui.animate and before is not None and game.revealed_between(before, s) is not None
    left = game.pile_size(s)
    payload = MopsPayload(
        revealed=tile,
        turned_up=turned_up,
        head_title=_head_title(game, s, tile),
        head_note=ngettext("{n} tile left in the pile", "{n} tiles left in the pile", left).format(n=left),
        seat=seat,
        kinds=kinds,
        open_window=game.open_area(s, seat),
        bounds=game.layout_extent(s, seat),
        heading=_("Your layout") if game.is_solitaire(s) else _("Layout of {seat}").format(seat=seat_colour(seat)),
        heading_note=_heading_note(game, s, seat),
        chosen=chosen,
        flips=flips,
    )
    if s.outcome is not None and not game.is_solitaire(s):
        payload = _final_payload(game, s, ui, payload)
    return payload


def board_marks(game: MopsRoyal, s: MopsState, ui: UIState[MopsState], effect: MopsEffect | None) -> BoardMarks[MopsPayload, MopsEffect]:
    """What the board marks, from the engine (`effect`: the engine's effect of the last move shown,
    `GameView.last_effect`): the layout shown is the one in front (the seat to move's, the caller's
    once the game is over)."""
    seat = game.seat_in_front(s)
    tile = game.revealed_tile(s)
    kinds = game.cell_kinds(s, seat)
    enabled, chosen, flips = _enabled_cells(game, s, ui, seat, tile)
    interactive = ui.interactive and s.outcome is None
    hint_cells = _hint_cells(game, s, ui) if interactive else {}
    labels = _cell_labels(game, s, seat, kinds, enabled) if interactive else {}
    return BoardMarks(
        interactive=ui.interactive,
        legal=frozenset(enabled),
        labels=labels,
        selection=ui.selection,
        cursor=ui.cursor,
        last_move=ui.last_move,
        effect=effect,
        animate=ui.animate,
        hints=hint_cells,
        description=board_description(game, s),
        diagram=ui.diagram,
        payload=_payload(game, s, ui, seat, tile, kinds, chosen, flips),
    )

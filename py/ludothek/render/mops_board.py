"""Mops Royal drawn as SVG: the revealed tile, the score bars, the layout of the player to move
(large, with the cells it may use), the other layouts small in the player panels, the tiles
still in the pile and the scoring shapes beside them.

The engine keeps each layout in a 9x9 frame; the view shows a 7x7 window of it (the layout plus
a ring of free cells), which stays put on the start tile until the layout reaches its edge. The
area where the final 5x5 square may still lie is outlined; cells next to the layout that the
5x5 limit rules out are crossed. Tiles show their colour by fill and by a key shape (see
mops_icons), their motif as an icon, and carry a crown where they score a bonus.

Scoring is a list under the board (the engine's `scoring_options`): each entry shows its shape,
what the tiles share and the points; hovering or focusing one outlines its tiles on the layout
(a small stylesheet written with the list), and choosing it scores at once when the shape has
one marked tile, or asks which of its two marked tiles to turn face down.

The view only ever sees observations: the pile is the sorted set of what is left, never its
order, and that is all it draws (which tiles are left, as a 6x6 chart).

This module only draws (as chess.svg draws a chess board); clicks, setup fields and sentences
are the view's (render/mops.py).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..games.mops import EMPTY, FACE_DOWN, FILES, FINAL, FRAME, OVER, PLACE, SCORE, START_CELL, cell_name, extent, open_window, parse_cell
from ..games.mops_shapes import CROWN_BONUS, POINTS_BY_SIZE, SHAPES, orientations
from ..i18n import N_, _, language, ngettext
from .mops_icons import COLOURS, CROWN_CODES, MOTIFS, crown_svg, flip_icon, motif_svg, place, tile_back, tile_face, tile_svg
from .marks import colour_mark
from .seats import seat_names
from .svg import empty, esc, num, tag
from .hinting import hint_badge
from .view import UIState

SEAT_CSS = ("red", "blue", "green", "purple")
SEAT_NAMES = seat_names(SEAT_CSS)
MOTIF_NAMES = {"P": N_("pug"), "B": N_("bone"), "W": N_("bowl"), "C": N_("can"), "K": N_("cushion"), "H": N_("heap")}
MOTIF_PLURALS = {"P": N_("pugs"), "B": N_("bones"), "W": N_("bowls"), "C": N_("cans"), "K": N_("cushions"), "H": N_("heaps")}
COLOUR_NAMES = {"b": N_("blue"), "g": N_("green"), "o": N_("orange"), "p": N_("pink"), "v": N_("purple"), "y": N_("yellow")}
SHAPE_NAMES = {
    "line3": N_("line of 3"),
    "corner3": N_("corner of 3"),
    "diagonal3": N_("diagonal of 3"),
    "line4": N_("line of 4"),
    "L4": N_("L of 4"),
    "T4": N_("T of 4"),
    "S4": N_("S of 4"),
    "diagonal4": N_("diagonal of 4"),
    "line5": N_("line of 5"),
    "diagonal5": N_("diagonal of 5"),
    "L5": N_("L of 5"),
    "V5": N_("V of 5"),
    "U5": N_("U of 5"),
    "plus5": N_("cross of 5"),
    "F5": N_("F of 5"),
    "N5": N_("N of 5"),
    "Y5": N_("Y of 5"),
}

# -- geometry (SVG units) --------------------------------------------------------------------------

WIDTH = 460
HEAD_H = 112  # the band with the revealed tile and the score bars
BIG = 92  # the revealed tile
WINDOW = 7  # the main layout shows 7x7 cells of the 9x9 frame
CELL = 58
TILE = CELL - 4
COORD = 18  # room for the rank numbers (left) and file letters (below)
TITLE_H = 30  # the layout's heading
GRID_TOP = HEAD_H + TITLE_H
GRID_LEFT = (WIDTH - COORD - WINDOW * CELL) / 2 + COORD
HEIGHT = GRID_TOP + WINDOW * CELL + COORD + 8
FINAL_CELL = (WIDTH - 30) / 2 / 5 - 4  # the layouts side by side once the game is over
FINAL_ROW = 5 * FINAL_CELL + 40
MINI_CELL = 20  # the small layouts: 5x5 cells in a 100-unit box
BAR_LEFT, BAR_RIGHT = 142, 412

THUMBNAIL_LAYOUT = "9/9/2HbPbWbCb3/3PyKgWo3/2HgByCgPoKo2/4HyPp3/9/9/9"
THUMBNAIL_HIGHLIGHT = ("c7", "d7", "e7", "f7")


def thumbnail_position() -> str:
    """A solo game in the middle: the blue line on rank 7 waits to be scored."""
    used = {THUMBNAIL_LAYOUT[i : i + 2] for i in range(len(THUMBNAIL_LAYOUT) - 1) if THUMBNAIL_LAYOUT[i] in "PBWCKH"}
    rest = [m + c for m in "PBWCKH" for c in "bgopvy" if m + c not in used]
    return f"{THUMBNAIL_LAYOUT} ?{''.join(rest[1:])} {rest[0]} p1 12"


# -- words -------------------------------------------------------------------------------------------


def colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour])


def motif_name(motif: str) -> str:
    return _(MOTIF_NAMES[motif])


def tile_name(code: str) -> str:
    """'yellow pug'. Translators: a tile's name from its colour and motif; used inside sentences."""
    return _("{colour} {motif}").format(colour=colour_name(code[1]), motif=motif_name(code[0]))


def seat_colour(seat: int) -> str:
    return _(SEAT_NAMES[seat])


def shape_name(shape: str) -> str:
    return _(SHAPE_NAMES[shape])


def feature_text(kind: str, feature: str) -> str:
    if kind == "colour":
        return _("all {colour}").format(colour=colour_name(feature))
    return _("all {motifs}").format(motifs=_(MOTIF_PLURALS[feature]))


def combination_text(combo) -> str:
    """'line of 4, all blue'."""
    return _("{shape}, {feature}").format(shape=shape_name(combo.shape), feature=feature_text(combo.kind, combo.feature))


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def points_text(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def cost_text(action: str, cost: int) -> str:
    """'Refuse the tile (costs 2 points)'."""
    return ngettext("{action} (costs {n} point)", "{action} (costs {n} points)", cost).format(action=action, n=cost)


# -- pieces ------------------------------------------------------------------------------------------


def seat_mark(seat: int, cx: float, cy: float, r: float) -> str:
    return colour_mark(SEAT_CSS[seat], cx, cy, r, "seat-mark")


def token_svg(seat: int, cx: float, cy: float, r: float) -> str:
    css = SEAT_CSS[seat]
    return tag("g", empty("circle", cx=num(cx), cy=num(cy), r=num(r), class_=f"seat-body {css}") + seat_mark(seat, cx, cy, r), class_=f"seat-token {css}")


# -- layouts -----------------------------------------------------------------------------------------


def display_window(layout) -> tuple[int, int]:
    """(first file, first rank), 0-based, of the 7x7 window shown of a 9x9 frame: the layout and
    a ring of free cells around it, centred on the start tile until the layout nears an edge."""
    f0, f1, r0, r1 = extent(layout)

    def first(lo: int, hi: int) -> int:
        start = min(max(1, hi + 1 - (WINDOW - 1)), max(lo - 1, 0))
        return min(max(start, 0), FRAME - WINDOW)

    return first(f0, f1), first(r0, r1)


def neighbours(index: int) -> list[int]:
    rank, file = divmod(index, FRAME)
    found = []
    if rank > 0:
        found.append(index - FRAME)
    if rank < FRAME - 1:
        found.append(index + FRAME)
    if file > 0:
        found.append(index - 1)
    if file < FRAME - 1:
        found.append(index + 1)
    return found


def cell_kinds(layout) -> dict[int, str]:
    """Every frame cell's kind: 'up', 'down' (tiles), 'free' (empty, next to the layout, inside
    the 5x5 limit: a tile may go there), 'blocked' (next to the layout but ruled out by the 5x5
    limit), 'open' (inside the area the layout may still grow into) or 'off'."""
    lo_f, hi_f, lo_r, hi_r = open_window(layout)
    kinds = {}
    for index, value in enumerate(layout):
        if value < FACE_DOWN:
            kinds[index] = "up"
            continue
        if value < EMPTY:
            kinds[index] = "down"
            continue
        rank, file = divmod(index, FRAME)
        inside = lo_f <= file <= hi_f and lo_r <= rank <= hi_r
        touching = any(layout[n] != EMPTY for n in neighbours(index))
        if touching:
            kinds[index] = "free" if inside else "blocked"
        else:
            kinds[index] = "open" if inside else "off"
    return kinds


def cell_words(code: str | None, kind: str) -> str:
    if kind == "up":
        return tile_name(code) + (" " + _("(crown)") if code in CROWN_CODES else "")
    if kind == "down":
        return _("face down")
    if kind == "free":
        return _("free")
    if kind == "blocked":
        return _("blocked by the 5×5 limit")
    return _("empty")


def round_tile_cell(s, seat: int) -> int | None:
    """Where the tile of the running round lies in a seat's layout (None if not placed there)."""
    if s.tile is None:
        return None
    layout = s.layouts[seat]
    for value in (s.tile, s.tile + FACE_DOWN):
        if value in layout:
            index = layout.index(value)
            if index != START_CELL:  # the start tile was never this round's
                return index
    return None


def ring(x: float, y: float, side: float, radius: float, class_: str) -> str:
    """An outline that shows on every tile colour: dark, with a white halo."""
    rect = dict(x=num(x), y=num(y), width=num(side), height=num(side), rx=num(radius))
    return tag("g", empty("rect", class_="halo", **rect) + empty("rect", class_="line", **rect), class_=class_)


def mini_layout_svg(s, seat: int, label: str, cell: float = MINI_CELL) -> str:
    """A layout as a small picture: its tiles (at most 5x5) in a square box, this round's tile outlined."""
    layout = s.layouts[seat]
    f0, f1, r0, r1 = extent(layout)
    box = 5 * cell
    pad = 3
    ox = pad + (5 - (f1 - f0 + 1)) * cell / 2
    oy = pad + (5 - (r1 - r0 + 1)) * cell / 2
    marked = round_tile_cell(s, seat)
    parts = [empty("rect", x="0.5", y="0.5", width=num(box + 2 * pad - 1), height=num(box + 2 * pad - 1), rx="5", class_="mini-bg")]
    for index, value in enumerate(layout):
        if value == EMPTY:
            continue
        rank, file = divmod(index, FRAME)
        x = ox + (file - f0) * cell
        y = oy + (r1 - rank) * cell
        code = tile_code(value)
        parts.append(place(tile_face(code, False) if value < FACE_DOWN else tile_back(False), x + 0.5, y + 0.5, cell - 1))
        if index == marked:
            parts.append(ring(x + 0.5, y + 0.5, cell - 1, 3, "round-mark"))
    side = box + 2 * pad
    return tag(
        "svg",
        tag("title", esc(label)) + "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(side)} {num(side)}",
        class_="mops-art mops-mini",
        role="img",
        aria_label=label,
    )


def tile_code(value: int) -> str:
    value %= FACE_DOWN
    return MOTIFS[value // 6] + COLOURS[value % 6]


# -- the board ---------------------------------------------------------------------------------------


class BoardInput:
    """What the seat to move may click on its layout now, and what each click means."""

    def __init__(self, game, s, ui: UIState):
        self.enabled: dict[str, str] = {}  # cell -> aria label of the action
        self.selected: tuple[str, ...] = ()  # a chosen combination
        self.flips: tuple[str, ...] = ()
        if not ui.interactive or s.step == OVER:
            return
        seat = s.to_move
        tile = game.revealed_tile(s)
        if s.step == PLACE:
            for cell in game.placement_cells(s):
                self.enabled[cell] = _("Place the {tile} here").format(tile=tile_name(tile))
            if ui.selection[:1] == ("refuse",):
                cost = game.refusal_penalty(s, seat)
                for cell in game.refusal_cells(s):
                    self.enabled[cell] = cost_text(_("Refuse the {tile}: lay it face down here").format(tile=tile_name(tile)), cost)
        elif ui.selection[:1] == ("pick",) and len(ui.selection) > 1:
            combo = find_option(game, s, ui.selection[1])
            if combo is not None:
                self.selected = combo.cells
                self.flips = combo.flips
                for cell in combo.flips:
                    self.enabled[cell] = _("Turn this tile face down: score the {combination} for {points}").format(
                        combination=combination_text(combo), points=points_text(combo.points)
                    )


def find_option(game, s, cells_key: str):
    for combo in game.scoring_options(s):
        if ",".join(combo.cells) == cells_key:
            return combo
    return None


def board_svg(game, s, *, ui: UIState | None = None, label: str | None = None) -> str:
    """The whole board as one SVG element. Pure: same arguments, same text."""
    ui = ui or UIState(interactive=False)
    players = len(s.layouts)
    final_grid = s.step == OVER and players > 1
    height = HEAD_H + 8 + (players + 1) // 2 * FINAL_ROW + 4 if final_grid else HEIGHT
    parts = [empty("rect", x="2", y="2", width=num(WIDTH - 4), height=num(height - 4), rx="14", class_="board-bg")]
    turned_up = ui.animate and ui.last_before is not None and s.tile is not None and (ui.last_before.tile != s.tile or len(ui.last_before.pile) != len(s.pile))
    parts.append(_head_svg(game, s, turned_up))
    effect = None
    if ui.last_before is not None and ui.last_move:
        effect = game.effect(ui.last_before, ui.last_move)
    if final_grid:
        parts.append(_final_layouts_svg(game, s, effect, ui.names))
    else:
        seat = s.to_move if s.step != OVER else 0
        parts.append(_main_layout_svg(game, s, seat, ui, effect))
    label = label or _("Mops Royal board")
    return tag(
        "svg",
        tag("title", esc(label)) + tag("desc", esc(board_description(game, s))) + "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {WIDTH} {num(height)}",
        class_="board mops mops-art",
        role="group" if ui.interactive else "img",
        aria_label=label,
    )


def _head_svg(game, s, turned_up: bool = False) -> str:
    """The revealed tile, the round, the tiles left, and a bar of points per seat."""
    parts = []
    x, y = 14, (HEAD_H - BIG) / 2
    code = game.revealed_tile(s)
    if code is not None:
        parts.append(tile_svg(code, True, x, y, BIG, class_="revealed" + (" flip" if turned_up else "")))
        title = _("Round {n}").format(n=game.round_number(s))
    else:
        parts.append(empty("rect", x=num(x + 2), y=num(y + 2), width=num(BIG - 4), height=num(BIG - 4), rx="10", class_="no-tile"))
        if s.step == FINAL:
            parts.append(flip_icon(x + BIG / 2, y + BIG / 2, 24))
            title = _("Final scoring")
        else:
            parts.append(crown_svg(x + BIG / 2, y + BIG / 2, 22))
            title = _("Game over")
    left = len(s.pile)
    tx = x + BIG + 16
    parts.append(tag("text", esc(title), x=num(tx), y="30", class_="head-title"))
    parts.append(
        tag(
            "text", esc(ngettext("{n} tile left in the pile", "{n} tiles left in the pile", left).format(n=left)), x=num(WIDTH - 16), y="30", class_="head-note"
        )
    )
    # Points: one bar per seat, on a common scale.
    scores = list(s.scores)
    top = max(40, -(-max(scores + [0]) // 10) * 10)
    players = len(scores)
    row = min(17, (HEAD_H - 46) / max(players, 1))
    for seat, score in enumerate(scores):
        cy = 46 + row * seat + row / 2
        parts.append(token_svg(seat, tx + 6, cy, min(6.5, row / 2 - 1)))
        length = max(0, score) / top * (BAR_RIGHT - BAR_LEFT)
        parts.append(empty("rect", x=num(BAR_LEFT), y=num(cy - 4), width=num(BAR_RIGHT - BAR_LEFT), height="8", rx="4", class_="bar-track"))
        if length:
            parts.append(empty("rect", x=num(BAR_LEFT), y=num(cy - 4), width=num(max(length, 4)), height="8", rx="4", class_=f"bar {SEAT_CSS[seat]}"))
        parts.append(tag("text", esc(str(score)), x=num(WIDTH - 16), y=num(cy + 4.5), class_="bar-score"))
    return tag("g", "".join(parts), class_="head", aria_hidden="true")


def _main_layout_svg(game, s, seat: int, ui: UIState, effect) -> str:
    layout = s.layouts[seat]
    kinds = cell_kinds(layout)
    f0, r0 = display_window(layout)
    wanted = BoardInput(game, s, ui) if seat == s.to_move else BoardInput(game, s, UIState(interactive=False))
    interactive = ui.interactive and seat == s.to_move and s.step != OVER
    round_cell = round_tile_cell(s, seat)
    tile = game.revealed_tile(s)
    scoring = interactive and s.step in (SCORE, FINAL) and not wanted.selected
    # The cell of the move the Hint button suggests (placing, refusing onto or scoring from it).
    hint_cells = set()
    if interactive:
        for target, _label in ui.hints:
            if target in game.legal_moves(s):
                cell = getattr(game.effect(s, target), "cell", None)
                if cell:
                    hint_cells.add(cell)

    # The last move, when it was made on this layout.
    last_cells: set[int] = set()
    scored: set[int] = set()
    dropped = flipped = None
    if effect is not None and effect.seat == seat:
        if effect.kind in ("place", "refuse") and effect.cell:
            last_cells.add(parse_cell(effect.cell))
            dropped = parse_cell(effect.cell) if effect.kind == "place" and ui.animate else None
        elif effect.kind == "score":
            last_cells.add(parse_cell(effect.cell))
            scored = {parse_cell(c) for c in effect.cells}
            flipped = parse_cell(effect.cell) if ui.animate else None

    files = range(f0, f0 + WINDOW)
    ranks = range(r0 + WINDOW - 1, r0 - 1, -1)  # top row first
    order = [rank * FRAME + file for rank in ranks for file in files]
    cursor = _cursor(order, wanted, ui, interactive)

    cells = []
    for index in order:
        rank, file = divmod(index, FRAME)
        name = cell_name(index)
        x = GRID_LEFT + (file - f0) * CELL
        y = GRID_TOP + (r0 + WINDOW - 1 - rank) * CELL
        kind = kinds[index]
        value = layout[index]
        code = tile_code(value) if kind in ("up", "down") else None
        classes = ["cell", kind]
        inner = [empty("rect", x=num(x), y=num(y), width=str(CELL), height=str(CELL), class_="cell-bg")]
        if kind in ("up", "down"):
            tile_class = "drop" if index == dropped else "flip" if index == flipped else ""
            inner.append(tile_svg(code, kind == "up", x + 2, y + 2, TILE, class_=tile_class))
        elif kind == "free":
            inner.append(empty("rect", x=num(x + 4), y=num(y + 4), width=num(CELL - 8), height=num(CELL - 8), rx="9", class_="free-mark"))
            if name in wanted.enabled and tile is not None:
                inner.append(tile_svg(tile, True, x + 2, y + 2, TILE, class_="preview"))
                inner.append(empty("circle", cx=num(x + CELL / 2), cy=num(y + CELL / 2), r="6", class_="legal-dot"))
        elif kind == "blocked":
            d = CELL * 0.2
            cx, cy = x + CELL / 2, y + CELL / 2
            inner.append(
                empty(
                    "path",
                    d=f"M{num(cx - d)} {num(cy - d)}L{num(cx + d)} {num(cy + d)}M{num(cx + d)} {num(cy - d)}L{num(cx - d)} {num(cy + d)}",
                    class_="blocked-mark",
                )
            )
        if name in wanted.enabled:
            classes.append("legal")
            if kind == "down":
                inner.append(ring(x + 1, y + 1, CELL - 2, 12, "target-mark"))
        if index == round_cell:
            classes.append("round-tile")
            inner.append(ring(x + 1.5, y + 1.5, CELL - 3, 11, "round-mark"))
        if index in scored:
            classes.append("scored")
        if index in last_cells:
            classes.append("last")
            inner.append(ring(x + 1, y + 1, CELL - 2, 12, "last-mark"))
        if name in wanted.selected:
            classes.append("selected")
            inner.append(ring(x + 1, y + 1, CELL - 2, 12, "select-mark"))
        if scoring and kind == "up":
            # Shown by the scoring list's stylesheet while one of its entries is hovered or focused.
            inner.append(ring(x + 1, y + 1, CELL - 2, 12, "hl"))
            inner.append(tag("g", flip_icon(x + CELL - 14, y + CELL - 14, 11), class_="flip-hint"))
        if name in wanted.flips:
            classes.append("flip-choice")
            inner.append(flip_icon(x + CELL - 16, y + CELL - 16, 13))
        if name in hint_cells:
            classes.append("hinted")
            inner.append(hint_badge(x + CELL - 10, y + 10))
        if interactive:
            inner.append(empty("rect", x=num(x + 1), y=num(y + 1), width=num(CELL - 2), height=num(CELL - 2), rx="12", class_="focus-ring"))
            action = wanted.enabled.get(name)
            words = cell_words(code, kind)
            cell_attrs: dict[str, Any] = dict(
                data_target=name,
                data_x=str(file),
                data_y=str(FRAME - 1 - rank),
                role="button",
                tabindex="0" if name == cursor else "-1",
                aria_label=f"{name}: {words}" + (f". {action}" if action else ""),
                aria_disabled=None if action else "true",
            )
        else:
            cell_attrs = {}
        cells.append(tag("g", "".join(inner), class_=" ".join(classes), data_cell=name, **cell_attrs))

    # The area the final 5x5 square may still cover, where it shows in the window.
    lo_f, hi_f, lo_r, hi_r = open_window(layout)
    a_f, b_f = max(lo_f, f0), min(hi_f, f0 + WINDOW - 1)
    a_r, b_r = max(lo_r, r0), min(hi_r, r0 + WINDOW - 1)
    area = empty(
        "rect",
        x=num(GRID_LEFT + (a_f - f0) * CELL + 1),
        y=num(GRID_TOP + (r0 + WINDOW - 1 - b_r) * CELL + 1),
        width=num((b_f - a_f + 1) * CELL - 2),
        height=num((b_r - a_r + 1) * CELL - 2),
        rx="8",
        class_="open-area",
    )

    coords = []
    for file in files:
        coords.append(
            tag("text", FILES[file], x=num(GRID_LEFT + (file - f0) * CELL + CELL / 2), y=num(GRID_TOP + WINDOW * CELL + 14), class_="coord", aria_hidden="true")
        )
    for rank in ranks:
        coords.append(
            tag(
                "text",
                str(rank + 1),
                x=num(GRID_LEFT - COORD / 2 - 1),
                y=num(GRID_TOP + (r0 + WINDOW - 1 - rank) * CELL + CELL / 2 + 4),
                class_="coord",
                aria_hidden="true",
            )
        )

    heading = _layout_heading(game, s, seat)
    return tag("g", heading + area + "".join(cells) + "".join(coords), class_="layout main", data_seat=str(seat))


def _layout_heading(game, s, seat: int) -> str:
    y = HEAD_H + TITLE_H / 2 + 2
    text = _("Layout of {seat}").format(seat=seat_colour(seat)) if len(s.layouts) > 1 else _("Your layout")
    down = game.face_down_count(s, seat)
    note = ngettext("{n} tile", "{n} tiles", tiles_laid(s, seat)).format(n=tiles_laid(s, seat))
    if down:
        note += " · " + ngettext("{n} face down", "{n} face down", down).format(n=down)
    return tag(
        "g",
        token_svg(seat, GRID_LEFT - COORD + 7, y, 7)
        + tag("text", esc(text), x=num(GRID_LEFT - COORD + 20), y=num(y + 5), class_="layout-title")
        + tag("text", esc(note), x=num(GRID_LEFT + WINDOW * CELL), y=num(y + 5), class_="layout-note"),
        class_="layout-heading",
        aria_hidden="true",
    )


def tiles_laid(s, seat: int) -> int:
    return sum(1 for v in s.layouts[seat] if v != EMPTY)


def _cursor(order: list[int], wanted: BoardInput, ui: UIState, interactive: bool) -> str | None:
    """The one cell that holds tabindex 0: the cursor if it can act, else the first cell that can,
    else the cursor or the start tile."""
    if not interactive:
        return None
    names = [cell_name(i) for i in order]
    if ui.cursor in wanted.enabled and ui.cursor in names:
        return ui.cursor
    for name in names:
        if name in wanted.enabled:
            return name
    if ui.cursor in names:
        return ui.cursor
    return "e5" if "e5" in names else names[0]


def _final_layouts_svg(game, s, effect, names=()) -> str:
    """Once the game is over: every layout side by side (two per row), points and rank beside,
    each headed by its seat's name as the panels show it (`names`, else the seat colours)."""
    players = len(s.layouts)
    cols = 2
    block_w = (WIDTH - 30) / cols
    cell = FINAL_CELL
    ranking = ranking_order(game, s)
    winners = set(game.winners(s))
    parts = []
    for seat in range(players):
        col, row = seat % cols, seat // cols
        x0 = 15 + col * block_w + 10
        y0 = HEAD_H + 8 + row * FINAL_ROW
        layout = s.layouts[seat]
        f0, f1, r0, r1 = extent(layout)
        name = names[seat] if seat < len(names) else seat_colour(seat)
        heading = _("{seat}: {points}").format(seat=name, points=points_text(s.scores[seat]))
        place_no = ranking.index(seat) + 1
        parts.append(token_svg(seat, x0 + 7, y0 + 10, 7))
        parts.append(tag("text", esc(f"{place_no}. {heading}"), x=num(x0 + 20), y=num(y0 + 15), class_="layout-title" + (" winner" if seat in winners else "")))
        gx = x0 + (5 - (f1 - f0 + 1)) * cell / 2
        gy = y0 + 28 + (5 - (r1 - r0 + 1)) * cell / 2
        for index, value in enumerate(layout):
            if value == EMPTY:
                continue
            rank, file = divmod(index, FRAME)
            x = gx + (file - f0) * cell
            y = gy + (r1 - rank) * cell
            marked = effect is not None and effect.seat == seat and effect.cell and parse_cell(effect.cell) == index
            parts.append(tile_svg(tile_code(value), value < FACE_DOWN, x + 1.5, y + 1.5, cell - 3, class_="last" if marked else ""))
            if marked:
                parts.append(ring(x, y, cell, 8, "last-mark"))
    return tag("g", "".join(parts), class_="layouts-final")


def ranking_order(game, s) -> list[int]:
    """Seats by points, then fewer face-down tiles (the tie-break), then seat order."""
    return sorted(range(len(s.layouts)), key=lambda seat: (-s.scores[seat], game.face_down_count(s, seat), seat))


def board_description(game, s) -> str:
    """The board in words (the SVG's description): the tile of the round and the points."""
    sentences = []
    code = game.revealed_tile(s)
    if code is not None:
        sentences.append(_("Round {n}: the revealed tile is the {tile}.").format(n=game.round_number(s), tile=tile_name(code)))
    elif s.step == FINAL:
        sentences.append(_("Final scoring."))
    left = len(s.pile)
    sentences.append(ngettext("{n} tile is left in the pile.", "{n} tiles are left in the pile.", left).format(n=left))
    sentences.append(_("Points: {list}.").format(list=", ".join(f"{seat_colour(i)} {p}" for i, p in enumerate(s.scores))))
    return " ".join(sentences)


# -- small pictures ------------------------------------------------------------------------------------


def shape_icon_svg(
    cells: tuple[tuple[int, int], ...], marks: tuple[tuple[int, int], ...], feature: str | None = None, cell: float = 11, label: str | None = None
) -> str:
    """A shape as little squares, the marked tiles with the turn-over sign. With a colour letter
    as `feature` the squares take that colour; with a motif letter they show the motif."""
    rows = 1 + max(r for r, _c in cells)
    cols = 1 + max(c for _r, c in cells)
    parts = []
    for r, c in cells:
        x, y = c * cell, r * cell
        if feature is not None and feature in COLOURS:
            parts.append(empty("rect", x=num(x + 0.5), y=num(y + 0.5), width=num(cell - 1), height=num(cell - 1), rx="2", class_=f"tile-bg c-{feature}"))
        elif feature is not None and feature in MOTIFS:
            parts.append(empty("rect", x=num(x + 0.5), y=num(y + 0.5), width=num(cell - 1), height=num(cell - 1), rx="2", class_="shape-cell motif-cell"))
            parts.append(place(motif_svg(feature), x + 1, y + 1, cell - 2))
        else:
            parts.append(empty("rect", x=num(x + 0.5), y=num(y + 0.5), width=num(cell - 1), height=num(cell - 1), rx="2", class_="shape-cell"))
        if (r, c) in marks:
            parts.append(flip_icon(x + cell / 2, y + cell / 2, cell * 0.34))
    attrs: dict[str, Any] = dict(role="img", aria_label=label) if label else dict(aria_hidden="true", focusable="false")
    return tag(
        "svg",
        (tag("title", esc(label)) if label else "") + "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(cols * cell)} {num(rows * cell)}",
        width=num(cols * cell * 1.6),
        height=num(rows * cell * 1.6),
        class_="mops-art mops-shape",
        **attrs,
    )


@lru_cache(maxsize=64)
def tile_chart_svg(present: frozenset[str], tile_size: float = 22) -> str:
    """The 36 tiles as a 6x6 chart (motifs down, colours across): those in `present` drawn, the others as outlines."""
    gap = 2
    parts = []
    for row, motif in enumerate(MOTIFS):
        for col, colour in enumerate(COLOURS):
            code = motif + colour
            x, y = col * (tile_size + gap), row * (tile_size + gap)
            if code in present:
                parts.append(place(tile_face(code, False), x, y, tile_size))
            else:
                parts.append(empty("rect", x=num(x + 1.5), y=num(y + 1.5), width=num(tile_size - 3), height=num(tile_size - 3), rx="3", class_="gone"))
    side = 6 * (tile_size + gap) - gap
    return tag(
        "svg",
        "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(side)} {num(side)}",
        class_="mops-art mops-chart",
        aria_hidden="true",
        focusable="false",
    )


def shapes_reference_html() -> str:
    """The 17 scoring shapes by size, with points and their marked tiles."""
    return _shapes_reference(language())


@lru_cache(maxsize=4)
def _shapes_reference(lang: str) -> str:
    groups = []
    for size in (3, 4, 5):
        items = []
        for shape in SHAPES:
            if shape.size != size:
                continue
            first = orientations(shape)[0]
            items.append(tag("li", shape_icon_svg(first.cells, first.marks) + tag("span", esc(shape_name(shape.name)))))
        title = _("{n} tiles: {points}").format(n=size, points=points_text(POINTS_BY_SIZE[size]))
        groups.append(tag("h3", esc(title)) + tag("ul", "".join(items), class_="mops-shape-list"))
    note = _(
        "Any rotation or reflection counts. A crown in the combination adds {n} point. After scoring, one marked tile "
        "(with the turn-over sign) is turned face down: with two marks, you choose."
    ).format(n=CROWN_BONUS)
    # Reference material: closed until asked for (the app keeps it open when the side is drawn again).
    return tag(
        "details",
        tag("summary", tag("h2", esc(_("The 17 scoring shapes")))) + tag("p", esc(note), class_="help") + "".join(groups),
        class_="mops-shapes",
        data_keep="mops-shapes",
    )

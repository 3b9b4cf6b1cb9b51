"""Mops Royal's view: what a click does, the setup fields, the side panels and the sentences a
player reads and hears. The board itself is drawn by render/mops_board.py.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..games.mops_layout import EMPTY, START_CELL, extent, open_window
from ..games.mops_state import FINAL, PLACE, SCORE
from ..games.notation import COLOURS, CROWN_CODES, FRAME, MOTIFS, parse_tile, tile_code
from ..games.notation import frame_cell_index as cell_index, frame_cell_name as cell_name, parse_frame_cell as parse_cell
from ..games.mops_shapes import CROWN_BONUS, POINTS_BY_SIZE, SHAPES, orientations
from ..i18n import N_, _, language, ngettext
from .board_marks import BoardMarks, HintValue
from .mops_icons import colour_key_svg, crown_svg, tile_svg
from .seats import seat_names
from .svg import empty, esc, num, piece_icon, tag
from .hinting import StrongestLevelHints
from .view import Action, Choice, ClickResult, Field, GameView, UIState, option_field
from .mops_board import (
    SEAT_CSS,
    THUMBNAIL_HIGHLIGHT,
    MopsPayload,
    board_svg,
    display_window,
    mini_layout_svg,
    ring,
    shape_icon_svg,
    thumbnail_position,
    tile_chart_svg,
    tiles_laid,
    token_svg,
)

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


def cell_words(code: str | None, kind: str) -> str:
    if kind == "up" and code is not None:
        return tile_name(code) + (" " + _("(crown)") if code in CROWN_CODES else "")
    if kind == "down":
        return _("face down")
    if kind == "free":
        return _("free")
    if kind == "blocked":
        return _("blocked by the 5×5 limit")
    return _("empty")


def find_option(game, s, cells_key: str):
    for combo in game.scoring_options(s):
        if ",".join(combo.cells) == cells_key:
            return combo
    return None


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


# The colours' key shapes, as told in the legend and the rules.
KEY_SHAPE_NAMES = {"b": N_("circle"), "g": N_("triangle"), "o": N_("square"), "p": N_("heart"), "v": N_("diamond"), "y": N_("star")}


def cells_text(cells) -> str:
    return ", ".join(cells)


def flips_text(flips) -> str:
    """'e6 or e7' (a shape has one or two marked tiles)."""
    if len(flips) == 1:
        return flips[0]
    return _("{first} or {second}").format(first=", ".join(flips[:-1]), second=flips[-1])


def tiles_by_colour_text(codes: list[str]) -> str:
    groups = []
    for colour in COLOURS:
        motifs = [motif_name(code[0]) for code in codes if code[1] == colour]
        if motifs:
            groups.append(_("{colour}: {motifs}").format(colour=capitalised(colour_name(colour)), motifs=", ".join(motifs)))
    return "; ".join(groups)


class MopsView(StrongestLevelHints, GameView):
    game_id = "mops"
    seat_colours = SEAT_CSS
    default_players = 2
    handover = False  # every layout lies open on the table: the players hide nothing from each other
    move_error_texts = {
        "not-a-move": N_("That is not a legal move now."),
        "refusal-text": N_("That is not a legal move now."),
        "scoring-no-flip": N_("That combination cannot be scored now."),
        "scoring-text": N_("That combination cannot be scored now."),
        "cell-twice": N_("That combination cannot be scored now."),
        "combination-size": N_("A combination has 3, 4 or 5 tiles."),
        "not-canonical": N_("That combination cannot be scored now."),
        "pass-before-place": N_("First place the revealed tile; scoring or passing comes after."),
        "must-score": N_("In the final scoring a player who can score must score."),
        "tile-placed": N_("Choose a combination from the list under the board, or pass."),
        "cell-taken": N_("{cell} already holds a tile."),
        "not-touching": N_("{cell} does not touch your layout along a side."),
        "beyond-square": N_("{cell} lies outside the 5×5 square your layout must fit in."),
        "no-ersatz": N_("Refusing tiles is the variant “Ersatzplättchen”, which is not being played."),
        "refuse-after-place": N_("Only the tile of the round can be refused, before it is placed."),
        "no-face-down": N_("You can refuse a tile only onto one of your face-down tiles, and you have none yet."),
        "refuse-not-face-down": N_("A refused tile goes face down onto one of your face-down tiles; {cell} is not one."),
        "score-before-place": N_("First place the revealed tile; scoring comes after."),
        "cell-empty": N_("{cell} holds no tile of yours."),
        "cell-face-down": N_("{cell} is face down, and face-down tiles never score again."),
        "not-a-shape": N_("These tiles do not form one of the 17 shapes of the score board."),
        "mixed": N_("A combination must be all one colour or all one motif."),
        "flip-not-marked": N_("Turn one of the marked tiles face down: {cells}."),
    }

    move_error_words_from = {"marks": lambda marks: {"cells": flips_text(marks)}}

    def tagline(self) -> str:
        return _("Everybody lays out the same tile. Build same-colour or same-motif shapes and score them at the right moment.")

    def piece_svg(self, seat: int, players: int, size: float = 24) -> str:
        return piece_icon(token_svg(seat, 20, 20, 16), size, "piece mops-piece")

    # -- setup ---------------------------------------------------------------------------------

    def setup_fields(self) -> list[Field]:
        return [
            option_field(
                self.game,
                "ersatz",
                _("Variant “Ersatzplättchen”: refusing tiles"),
                _(
                    "Instead of placing the revealed tile you may refuse it and lay it face down onto one of your face-down tiles. "
                    "The first refusal costs 2 points, each further one 1 point more."
                ),
            ),
            option_field(
                self.game,
                "wertung",
                _("Variant “Wertung”: all scoring at the end"),
                _(
                    "Nobody scores while the layouts grow. Once they are full, the players score in turn, one combination each, "
                    "until nobody can; whoever can score must. The order of scorings matters, since each turns a tile face down."
                ),
            ),
            Field(
                "tiles",
                _("Tiles"),
                _(
                    "Normally the start tiles are drawn at random and the pile is shuffled. For teaching you can choose the start "
                    "tiles and the first tiles of the pile."
                ),
                choices=(Choice("shuffled", _("Shuffled (the normal game)")), Choice("hand", _("Chosen by hand (for teaching)"))),
                default="shuffled",
                options=("starts", "draws"),
            ),
            Field(
                "starts_text",
                _("Start tiles"),
                _(
                    "One per seat, in seat order, e.g. “Pb Wy”. A tile is its motif letter (P pug, B bone, W bowl, C can, K cushion, "
                    "H heap) and its colour letter (b blue, g green, o orange, p pink, v purple, y yellow). No crown tiles (Kb Pg Bv "
                    "Wo Cp Hy). Leave empty for random start tiles."
                ),
                kind="text",
                default="",
                show_when=("tiles", "hand"),
                options=("starts",),
            ),
            Field(
                "draws_text",
                _("First tiles of the pile"),
                _("The tiles revealed first, in order, e.g. “Wb Cb Kg”; the rest of the pile is shuffled."),
                kind="text",
                default="",
                show_when=("tiles", "hand"),
                options=("draws",),
            ),
        ]

    def options_from_form(self, values: dict[str, str], players: int) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for flag in ("ersatz", "wertung"):
            if self.form_flag(values, flag):
                options[flag] = True
        if values.get("tiles", "shuffled") == "hand":
            starts = self._codes(values.get("starts_text", ""))
            draws = self._codes(values.get("draws_text", ""))
            if starts:
                if len(starts) != players:
                    raise ValueError(ngettext("Give {n} start tile, one per seat.", "Give {n} start tiles, one per seat.", players).format(n=players))
                crowned = [code for code in starts if code in CROWN_CODES]
                if crowned:
                    raise ValueError(_("{code} carries a crown: start tiles never do.").format(code=crowned[0]))
                options["starts"] = starts
            if draws:
                if len(set(draws)) != len(draws):
                    raise ValueError(_("The pile holds each tile once."))
                if starts and starts[0] in draws:
                    raise ValueError(_("{code} is the first seat's start tile, so it is not in the pile.").format(code=starts[0]))
                options["draws"] = draws
        return options

    @staticmethod
    def _codes(text: Any) -> list[str]:
        codes = []
        for token in str(text or "").replace(",", " ").split():
            code = token[:1].upper() + token[1:].lower()
            if parse_tile(code) is None:
                raise ValueError(_("“{token}” is not a tile: a motif letter (P B W C K H) and a colour letter (b g o p v y), such as Pb.").format(token=token))
            codes.append(code)
        return codes

    def option_warnings(self, options: dict[str, Any], players: int) -> list[str]:
        if options.get("draws"):
            return [_("Everyone who saw the setup knows which tiles come first: good for teaching, not for a real game.")]
        return []

    def setup_preview(self, values: dict[str, str], players: int) -> str:
        """The set of 36 tiles every player owns, with the colour keys."""
        all_tiles = frozenset(m + c for m in MOTIFS for c in COLOURS)
        legend = "".join(
            tag(
                "li",
                tag(
                    "svg",
                    colour_key_svg(c, 10, 10, 6.5),
                    viewBox="0 0 20 20",
                    width="20",
                    height="20",
                    class_="mops-art",
                    aria_hidden="true",
                    focusable="false",
                )
                + esc(_("{colour}: {shape}").format(colour=capitalised(colour_name(c)), shape=_(KEY_SHAPE_NAMES[c]))),
            )
            for c in COLOURS
        )
        caption = _(
            "Every player owns these 36 tiles: six motifs (pug, bone, bowl, can, cushion, heap) in six colours. "
            "Six carry a crown. The shape in a tile's corner tells its colour:"
        )
        return tag("figure", tile_chart_svg(all_tiles, 30) + tag("figcaption", esc(caption) + tag("ul", legend, class_="mops-legend")), class_="mops-set")

    # -- drawing -------------------------------------------------------------------------------

    def board_svg(self, s, ui: UIState) -> str:
        return board_svg(s, self.marks(s, ui))

    def marks(self, s, ui: UIState) -> BoardMarks[MopsPayload]:
        """What the board marks, from the engine: the cells the seat to move may click and what
        each click does, the cell kinds of its layout, the chosen combination, the hinted cell, the
        last move, the headings and every cell's name."""
        game = self.game
        players = len(s.layouts)
        seat = s.to_move if s.outcome is None else 0
        layout = s.layouts[seat]
        kinds = game.cell_kinds(s, seat)
        enabled: dict[str, str] = {}  # cell -> what a click on it does
        chosen: tuple[str, ...] = ()
        flips: tuple[str, ...] = ()
        tile = game.revealed_tile(s)
        if ui.interactive and s.outcome is None:
            if s.step == PLACE and tile is not None:
                for cell in game.placement_cells(s):
                    enabled[cell] = _("Place the {tile} here").format(tile=tile_name(tile))
                if ui.selection[:1] == ("refuse",):
                    cost = game.refusal_penalty(s, seat)
                    for cell in game.refusal_cells(s):
                        enabled[cell] = cost_text(_("Refuse the {tile}: lay it face down here").format(tile=tile_name(tile)), cost)
            elif ui.selection[:1] == ("pick",) and len(ui.selection) > 1:
                combo = find_option(game, s, ui.selection[1])
                if combo is not None:
                    chosen, flips = combo.cells, combo.flips
                    for cell in combo.flips:
                        enabled[cell] = _("Turn this tile face down: score the {combination} for {points}").format(
                            combination=combination_text(combo), points=points_text(combo.points)
                        )
        interactive = ui.interactive and s.outcome is None
        hint_cells: dict[str, str] = {}
        labels: dict[str, str] = {}
        if interactive:
            legal = game.legal_moves(s)
            for target, _label in ui.hints:
                if target in legal:
                    cell = getattr(game.effect(s, target), "cell", None)
                    if cell:
                        hint_cells[cell] = "hint"
            bounds = extent(layout)
            f0, r0 = display_window(bounds)
            for rank in range(r0, r0 + 7):
                for file in range(f0, f0 + 7):
                    index = rank * FRAME + file
                    name = cell_name(index)
                    kind = kinds[index]
                    code = tile_code(layout[index]) if kind in ("up", "down") else None
                    action = enabled.get(name)
                    labels[name] = f"{name}: {cell_words(code, kind)}" + (f". {action}" if action else "")
        before = ui.last_before
        turned_up = ui.animate and before is not None and s.tile is not None and (before.tile != s.tile or len(before.pile) != len(s.pile))
        effect = self.last_effect(ui)
        if tile is not None:
            head_title = _("Round {n}").format(n=game.round_number(s))
        elif s.step == FINAL:
            head_title = _("Final scoring")
        else:
            head_title = _("Game over")
        left = len(s.pile)
        down = game.face_down_count(s, seat)
        note = ngettext("{n} tile", "{n} tiles", tiles_laid(s, seat)).format(n=tiles_laid(s, seat))
        if down:
            note += " · " + ngettext("{n} face down", "{n} face down", down).format(n=down)
        payload = MopsPayload(
            revealed=tile,
            turned_up=turned_up,
            head_title=head_title,
            head_note=ngettext("{n} tile left in the pile", "{n} tiles left in the pile", left).format(n=left),
            kinds=kinds,
            open_window=open_window(layout),
            bounds=extent(layout),
            heading=_("Layout of {seat}").format(seat=seat_colour(seat)) if players > 1 else _("Your layout"),
            heading_note=note,
            chosen=chosen,
            flips=flips,
        )
        if s.outcome is not None and players > 1:
            names = ui.names
            payload = replace(
                payload,
                extents=tuple(extent(s.layouts[i]) for i in range(players)),
                ranking=game.ranking(s),
                winners=frozenset(game.winners(s)),
                headings=tuple(
                    _("{seat}: {points}").format(seat=names[i] if i < len(names) else seat_colour(i), points=points_text(s.scores[i])) for i in range(players)
                ),
            )
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
            payload=payload,
        )

    def thumbnail_svg(self) -> str:
        layout = self.game.from_public_position(thumbnail_position()).layouts[0]
        f0, f1, r0, r1 = extent(layout)
        cell = 32
        margin = 11  # room inside the frame for the rings around highlighted tiles (their halo reaches out)
        side = 5 * cell + 2 * margin
        parts = [empty("rect", x="1", y="1", width=num(side - 2), height=num(side - 2), rx="10", class_="board-bg")]
        ox = margin + (5 - (f1 - f0 + 1)) * cell / 2
        oy = margin + (5 - (r1 - r0 + 1)) * cell / 2
        for index, value in enumerate(layout):
            if value == EMPTY:
                continue
            rank, file = divmod(index, FRAME)
            x, y = ox + (file - f0) * cell, oy + (r1 - rank) * cell
            parts.append(tile_svg(tile_code(value), True, x + 1, y + 1, cell - 2))
            if cell_name(index) in THUMBNAIL_HIGHLIGHT:
                parts.append(ring(x, y, cell, 7, "select-mark"))
        return tag(
            "svg",
            tag("title", esc(self.title())) + "".join(parts),
            xmlns="http://www.w3.org/2000/svg",
            viewBox=f"0 0 {num(side)} {num(side)}",
            class_="board mops mops-art thumb",
            role="img",
            aria_label=self.title(),
        )

    def extra_html(self, s, ui: UIState) -> str:
        if not ui.interactive or s.outcome is not None:
            return ""  # the last move in words is the game screen's line under the status
        if s.step == PLACE:
            return self._placing_html(s, ui)
        return self._scoring_html(s, ui)

    def _placing_html(self, s, ui: UIState) -> str:
        seat = s.to_move
        tile = self.game.revealed_tile(s)
        parts = []
        if ui.selection[:1] == ("refuse",):
            cost = self.game.refusal_penalty(s, seat)
            buttons = "".join(
                tag("button", esc(_("Lay it on {cell}").format(cell=cell)), type="button", data_target="x" + cell, class_="mops-choice")
                for cell in self.game.refusal_cells(s)
            )
            parts.append(
                tag(
                    "p",
                    esc(
                        _("Refuse the {tile}: which face-down tile do you lay it on? It costs {points}.").format(tile=tile_name(tile), points=points_text(cost))
                    ),
                    class_="mops-prompt",
                )
            )
            parts.append(tag("div", buttons + tag("button", esc(_("Back: place it instead")), type="button", data_target="cancel"), class_="mops-choices"))
        else:
            parts.append(tag("p", esc(_("Place the {tile} on a cell marked with a dot.").format(tile=tile_name(tile))), class_="mops-prompt"))
            if s.wertung:
                parts.append(tag("p", esc(_("Variant “Wertung”: all scoring comes once every layout is full.")), class_="mops-note"))
        sitting = self.game.sitting_out(s)
        for other, reason in sorted(sitting.items()):
            parts.append(tag("p", esc(self._sitting_text(other, reason)), class_="mops-note"))
        return "".join(parts)

    @staticmethod
    def _sitting_text(seat: int, reason: str) -> str:
        if reason == "layout full":
            return _("{seat}'s layout is full: {seat} sits out.").format(seat=seat_colour(seat))
        return _("The revealed tile is {seat}'s start tile: {seat} sits this round out.").format(seat=seat_colour(seat))

    def _scoring_html(self, s, ui: UIState) -> str:
        options = self.game.scoring_options(s)
        if ui.selection[:1] == ("pick",) and len(ui.selection) > 1:
            combo = find_option(self.game, s, ui.selection[1])
            if combo is not None:
                question = _("{combination} ({points}): which marked tile do you turn face down?").format(
                    combination=capitalised(combination_text(combo)), points=points_text(combo.points)
                )
                buttons = "".join(
                    tag("button", esc(_("Turn {cell} face down").format(cell=cell)), type="button", data_target=move, class_="mops-choice primary")
                    for cell, move in zip(combo.flips, combo.moves)
                )
                back = tag("button", esc(_("Back to the list")), type="button", data_target="cancel")
                return tag("div", tag("p", esc(question), class_="mops-prompt") + tag("div", buttons + back, class_="mops-choices"), class_="mops-flip")
        final = s.step == FINAL
        heading = _("Final scoring: choose a combination") if final else _("Score a combination")
        # With a mouse, pointing at an entry shows it; on a touch screen the first tap shows it and
        # a second tap scores (the app does that for entries marked data-preview).
        note = (
            tag("span", esc(_("Point at an entry or focus it to see it on your layout.")), class_="note-pointer")
            + tag("span", esc(_("Tap an entry to see it on your layout, tap it again to score it.")), class_="note-touch")
            + " "
            + esc(_("You must score while you can.") if final else _("You may also pass and wait for a bigger one."))
        )
        items, rules = [], []
        for i, combo in enumerate(options):
            key = f"o{i}"
            target = combo.moves[0] if len(combo.flips) == 1 else "pick:" + ",".join(combo.cells)
            flip = (
                _("turns {cell} face down").format(cell=combo.flips[0])
                if len(combo.flips) == 1
                else _("turns {cells} face down (you choose)").format(cells=flips_text(combo.flips))
            )
            origin_f = min(cell_index(c) % FRAME for c in combo.cells)
            top_r = max(cell_index(c) // FRAME for c in combo.cells)
            rel = tuple((top_r - cell_index(c) // FRAME, cell_index(c) % FRAME - origin_f) for c in combo.cells)
            marks = tuple((top_r - cell_index(c) // FRAME, cell_index(c) % FRAME - origin_f) for c in combo.flips)
            icon = shape_icon_svg(rel, marks, combo.feature)
            points = esc(points_text(combo.points))
            if combo.crown:
                badge = tag("svg", crown_svg(12, 12, 8), viewBox="0 0 24 24", width="20", height="20", class_="mops-art", aria_hidden="true", focusable="false")
                points = badge + points + tag("span", esc(" " + _("(crown)")), class_="visually-hidden")
            body = (
                icon
                + tag(
                    "span",
                    tag("span", esc(capitalised(combination_text(combo))), class_="opt-name")
                    + tag("span", esc(f"{cells_text(combo.cells)} · {flip}"), class_="opt-cells"),
                    class_="opt-main",
                )
                + tag("span", points, class_="opt-points")
            )
            items.append(tag("li", tag("button", body, type="button", class_="mops-option", data_target=target, data_option=key, data_preview="1")))
            cells = ",".join(f"[data-cell={c}]" for c in combo.cells)
            flips = ",".join(f"[data-cell={c}]" for c in combo.flips)
            when = f".play-area:has([data-option={key}]:is(:hover,:focus-visible,.previewing)) .board.mops .main"
            rules.append(
                f"{when} .cell:is({cells}) .hl{{opacity:1}}{when} .cell:is({cells}) .tile{{opacity:1}}{when} .cell:is({flips}) .flip-hint{{opacity:1}}"
            )
        style = tag("style", "".join(rules))
        return tag(
            "section",
            tag("h2", esc(heading), class_="mops-h") + tag("p", note, class_="help") + tag("ul", "".join(items), class_="mops-options") + style,
            class_="mops-scoring" + (" final" if final else ""),
            aria_label=heading,
        )

    def actions(self, s, ui: UIState) -> list[Action]:
        if not ui.interactive or s.outcome is not None:
            return []
        seat = s.to_move
        if s.step == PLACE:
            if ui.selection[:1] == ("refuse",):
                return []
            cells = self.game.refusal_cells(s)
            if not cells:
                return []
            cost = self.game.refusal_penalty(s, seat)
            target = "x" + cells[0] if len(cells) == 1 else "refuse"
            label = cost_text(_("Refuse the tile"), cost)
            hint = (
                _("Lay it face down onto your face-down tile on {cell} instead of placing it.").format(cell=cells[0])
                if len(cells) == 1
                else _("Lay it face down onto one of your face-down tiles instead of placing it.")
            )
            return [Action(target, label, hint)]
        if s.step == SCORE and not (ui.selection[:1] == ("pick",)):
            return [Action("pass", _("Pass: score nothing this round"), _("Keep your tiles face up for a bigger combination later."))]
        return []

    def seat_details(self, s, seat: int) -> str:
        points = s.scores[seat]
        parts = [tag("span", tag("strong", esc(str(points))) + " " + esc(ngettext("point", "points", points)), class_="mops-points")]
        down = self.game.face_down_count(s, seat)
        parts.append(tag("span", esc(ngettext("{n} face down", "{n} face down", down).format(n=down)), class_="mops-down"))
        if s.ersatz:
            refused = s.refusals[seat]
            parts.append(
                tag(
                    "span",
                    esc(
                        ngettext("{n} refused", "{n} refused", refused).format(n=refused)
                        + " · "
                        + _("next costs {n}").format(n=self.game.refusal_penalty(s, seat))
                    ),
                    class_="mops-refused",
                )
            )
        if s.step == FINAL:
            left = len(self.game.scoring_options(s, seat))
            text = ngettext("{n} combination left to score", "{n} combinations left to score", left).format(n=left) if left else _("nothing left to score")
            parts.append(tag("span", esc(text), class_="mops-note", data_left=str(left)))
        reason = self.game.sitting_out(s).get(seat)
        if reason == "layout full" and s.outcome is None:
            parts.append(tag("span", esc(_("layout full")), class_="mops-note"))
        elif reason:
            parts.append(tag("span", esc(_("sits this round out")), class_="mops-note"))
        if len(s.layouts) > 1:
            label = _("Layout of {seat}: {n} tiles, {down} face down").format(seat=seat_colour(seat), n=tiles_laid(s, seat), down=down)
            parts.append(tag("span", mini_layout_svg(s, seat, extent(s.layouts[seat]), label), class_="mops-mini-wrap"))
        return tag("span", "".join(parts), class_="mops-seat", data_points=str(points))

    def side_html(self, s, names: list[str]) -> str:
        parts = []
        if self.game.is_over(s):
            winners = set(self.game.winners(s))
            rows = []
            for seat in self.game.ranking(s):
                down = self.game.face_down_count(s, seat)
                text = _("{name}: {points}, {down}").format(
                    name=names[seat], points=points_text(s.scores[seat]), down=ngettext("{n} tile face down", "{n} tiles face down", down).format(n=down)
                )
                badge = tag("span", esc(_("winner")), class_="badge winner") if seat in winners else ""
                rows.append(tag("li", esc(text) + badge, data_seat=str(seat)))
            parts.append(tag("section", tag("h2", esc(_("Final ranking"))) + tag("ol", "".join(rows), class_="mops-ranking"), class_="mops-panel"))
        remaining = self.game.remaining_tiles(s)
        if remaining:
            title = ngettext("{n} tile still in the pile", "{n} tiles still in the pile", len(remaining)).format(n=len(remaining))
            spoken = tiles_by_colour_text(remaining)
            parts.append(
                tag(
                    "section",
                    tag("h2", esc(title))
                    + tag("p", esc(_("Which tiles may still come (their order stays secret):")), class_="help")
                    + tile_chart_svg(frozenset(remaining))
                    + tag("p", esc(spoken), class_="visually-hidden"),
                    class_="mops-panel mops-pile",
                    data_left=str(len(remaining)),
                )
            )
        parts.append(shapes_reference_html())
        return "".join(parts)

    # -- input ---------------------------------------------------------------------------------

    def click(self, s, ui: UIState, target: str) -> ClickResult:
        game = self.game
        if game.is_over(s):
            return ClickResult(ui, None, _("The game is over."))
        legal = game.legal_moves(s)
        cleared = ui.with_(selection=())
        if target == "cancel":
            return ClickResult(cleared, None, None)
        if target == "refuse":
            cells = game.refusal_cells(s)
            if not cells:
                return ClickResult(ui, None, self.refusal(s, "x" + cell_name(START_CELL)))
            if len(cells) == 1:
                return ClickResult(cleared, "x" + cells[0])
            return ClickResult(ui.with_(selection=("refuse",), cursor=cells[0]), None, None)
        if target.startswith("pick:"):
            combo = find_option(game, s, target[5:])
            if combo is None:
                return ClickResult(ui, None, _("That combination cannot be scored now."))
            if len(combo.moves) == 1:
                return ClickResult(cleared, combo.moves[0])
            return ClickResult(ui.with_(selection=("pick", target[5:]), cursor=combo.flips[0]), None, None)
        if target in legal:
            cursor = target if parse_cell(target) is not None else ui.cursor
            return ClickResult(cleared.with_(cursor=cursor), target)
        index = parse_cell(target)
        if index is None:
            return ClickResult(ui, None, _("That is not a legal move now."))
        # A cell of the layout: its meaning depends on the step and what has been chosen.
        if ui.selection[:1] == ("pick",) and len(ui.selection) > 1:
            combo = find_option(game, s, ui.selection[1])
            if combo is not None and target in combo.flips:
                return ClickResult(cleared.with_(cursor=target), combo.moves[combo.flips.index(target)])
            if combo is not None:
                return ClickResult(ui, None, _("Turn one of the marked tiles face down: {cells}.").format(cells=flips_text(combo.flips)))
        if ui.selection[:1] == ("refuse",) and "x" + target in legal:
            return ClickResult(cleared.with_(cursor=target), "x" + target)
        kind = game.cell_kinds(s, s.to_move)[index]
        if s.step == PLACE:
            if kind == "down" and s.ersatz:
                return ClickResult(
                    ui, None, _("{cell} already holds a tile. To lay the revealed tile face down on it, use “Refuse the tile”.").format(cell=target)
                )
            return ClickResult(ui, None, self.refusal(s, target) or _("That is not a legal move now."))
        if s.step == SCORE:
            return ClickResult(ui, None, _("Choose a combination from the list under the board, or pass."))
        return ClickResult(ui, None, _("Choose a combination from the list under the board."))

    def cancel(self, ui: UIState) -> UIState:
        return ui.with_(selection=())

    # -- words ---------------------------------------------------------------------------------

    def status_text(self, s, ui: UIState, names: list[str]) -> str:
        game = self.game
        if game.is_over(s):
            return self.result_text(s, names)
        name = names[s.to_move]
        if s.step == PLACE:
            tile = tile_name(game.revealed_tile(s))
            if ui.selection[:1] == ("refuse",):
                return _("{name}: choose the face-down tile to lay the {tile} on.").format(name=name, tile=tile)
            text = _("{name}: place the {tile}.").format(name=name, tile=tile)
            if game.refusal_cells(s):
                text += " " + ngettext(
                    "Or refuse it: that costs {n} point.", "Or refuse it: that costs {n} points.", game.refusal_penalty(s, s.to_move)
                ).format(n=game.refusal_penalty(s, s.to_move))
            return text
        if ui.selection[:1] == ("pick",):
            return _("{name}: choose the tile to turn face down.").format(name=name)
        n = len(game.scoring_options(s))
        if s.step == FINAL:
            return ngettext(
                "Final scoring: {name} must score the one combination left.", "Final scoring: {name} must score one of {n} combinations.", n
            ).format(name=name, n=n)
        return ngettext("{name}: score the combination, or pass.", "{name}: score one of {n} combinations, or pass.", n).format(name=name, n=n)

    def _move_sentence(self, before, move: str, names: list[str]) -> str:
        effect = self.game.effect(before, move)
        name = names[effect.seat]
        if effect.kind == "place":
            return _("{name} placed the {tile} on {cell}.").format(name=name, tile=tile_name(effect.tile), cell=effect.cell)
        if effect.kind == "refuse":
            return ngettext(
                "{name} refused the {tile}, laid it face down on {cell} and loses {n} point.",
                "{name} refused the {tile}, laid it face down on {cell} and loses {n} points.",
                -effect.points,
            ).format(name=name, tile=tile_name(effect.tile), cell=effect.cell, n=-effect.points)
        if effect.kind == "score":
            combo = self._combination(before, effect)
            return ngettext(
                "{name} scored {n} point with the {combination} ({cells}) and turned {cell} face down.",
                "{name} scored {n} points with the {combination} ({cells}) and turned {cell} face down.",
                effect.points,
            ).format(name=name, combination=combo, cells=cells_text(effect.cells), n=effect.points, cell=effect.cell)
        return _("{name} passed: no scoring this round.").format(name=name)

    def _combination(self, before, effect) -> str:
        seat = effect.seat
        for combo in self.game.scoring_options(before, seat):
            if combo.cells == effect.cells:
                return combination_text(combo)
        return shape_name(effect.shape)

    def describe_move(self, before, move: str, after, names: list[str]) -> str:
        game = self.game
        sentences = [self._move_sentence(before, move, names)]
        if after.tile is not None and (after.tile != before.tile or game.round_number(after) != game.round_number(before)):
            sentences.append(_("Round {n}: the {tile} is revealed.").format(n=game.round_number(after), tile=tile_name(game.revealed_tile(after))))
            for seat, reason in sorted(game.sitting_out(after).items()):
                if reason != "layout full":
                    sentences.append(_("It is {name}'s start tile: {name} sits this round out.").format(name=names[seat]))
        if after.step == FINAL and before.step != FINAL:
            sentences.append(_("All layouts are full: the final scoring begins, one combination each in turn."))
        elif after.step == FINAL and after.to_move != before.to_move:
            sentences.append(_("{name} scores next.").format(name=names[after.to_move]))
        return " ".join(sentences)

    def hint_text(self, s, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
        if not hints:
            return ""
        move = hints[-1][0]
        effect = self.game.effect(s, move)
        if effect.kind == "place":
            return _("Hint: lay the {tile} on {cell} (marked with a check).").format(tile=tile_name(effect.tile), cell=effect.cell)
        return _("Hint: {move}.").format(move=self.move_text(s, move))

    def move_text(self, before, move: str) -> str:
        effect = self.game.effect(before, move)
        if effect.kind == "place":
            return _("{cell} {tile}").format(cell=effect.cell, tile=tile_name(effect.tile))
        if effect.kind == "refuse":
            return _("refused onto {cell} −{n}").format(cell=effect.cell, n=-effect.points)
        if effect.kind == "score":
            return _("{shape} +{n}").format(shape=shape_name(effect.shape), n=effect.points)
        return _("pass")

    def result_text(self, s, names: list[str]) -> str:
        game = self.game
        winners = game.winners(s)
        scores = s.scores
        if not winners:
            return _("The game is still running.")
        if len(s.layouts) == 1:
            return ngettext("{name} finished with {n} point.", "{name} finished with {n} points.", scores[0]).format(name=names[0], n=scores[0])
        if len(winners) == 1:
            w = winners[0]
            tied = [seat for seat in range(len(scores)) if seat != w and scores[seat] == scores[w]]
            if tied:
                return ngettext(
                    "{name} wins with {n} point: fewer face-down tiles decided the tie.",
                    "{name} wins with {n} points: fewer face-down tiles decided the tie.",
                    scores[w],
                ).format(name=names[w], n=scores[w])
            return ngettext("{name} wins with {n} point!", "{name} wins with {n} points!", scores[w]).format(name=names[w], n=scores[w])
        return ngettext("{names} share the win with {n} point.", "{names} share the win with {n} points.", scores[winners[0]]).format(
            names=", ".join(names[w] for w in winners), n=scores[winners[0]]
        )


def make_view(game) -> MopsView:
    return MopsView(game)


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

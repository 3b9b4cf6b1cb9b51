"""Mops Royal's view: what a click does, the setup fields, the actions beside the board and the
status line, the answers the app asks of a game's view. The board itself is drawn by
render/mops_board.py from the marks render/mops_marks.py builds; the panels beside and below it
are render/mops_panels.py's, and the sentences a player reads and hears render/mops_words.py's.
"""

from __future__ import annotations

from typing import Mapping

from ..games.base import OptionValue

from ..ai.base import GameAI
from ..ai.puzzles import Puzzle
from ..games.mops import GAME, MopsEffect, MopsRoyal, MopsRule, TileOptionError
from ..games.notation import MOPS_PASS, MopsMove
from ..games.mops_rounds import TileOptionRule
from ..games.mops_state import PLACE, MopsState
from ..games.notation import parse_tile
from ..games.notation import parse_frame_cell as parse_cell
from ..i18n import N_, _, ngettext
from .board_marks import BoardMarks, HintValue
from .svg import piece_icon
from .hinting import StrongestLevelHints
from .view import Action, Choice, ClickResult, Field, GameView, UIState, option_field
from . import mops_board
from .mops_board import SEAT_CSS, MopsPayload, thumbnail_position, token_svg
from .mops_marks import board_marks, find_option
from .mops_panels import placing_html, scoring_html, seat_details, seat_summary, setup_preview_html, side_html
from .mops_words import (
    POSITION_ERROR_TEXTS,
    cost_text,
    describe_move,
    hint_text,
    move_choice_text,
    move_text,
    mover_words,
    or_text,
    result_text,
    seat_colour,
    seat_words,
    tile_name,
)


# Why the tiles chosen by hand on the setup form are refused (`TileOptionError.rule`), formatted
# with the error's params.
TILE_OPTION_TEXTS = {
    TileOptionRule.NOT_A_TILE: N_("“{token}” is not a tile: a motif letter (P B W C K H) and a colour letter (b g o p v y), such as Pb."),
    TileOptionRule.START_CROWN: N_("{tile} carries a crown: start tiles never do."),
    TileOptionRule.DRAWS_TWICE: N_("The pile holds each tile once."),
    TileOptionRule.CALLER_START_DRAWN: N_("{tile} is the first seat's start tile, so it is not in the pile."),
    TileOptionRule.DRAWS_TOO_MANY: N_("The pile holds {most} tiles, not {count}."),
    TileOptionRule.NO_START_LEFT: N_("The first tiles of the pile leave no tile without a crown for the first seat's start tile."),
}


class MopsView(StrongestLevelHints[MopsState, MopsMove, MopsEffect], GameView[MopsState, MopsMove, MopsEffect, MopsPayload]):
    game_id = "mops"
    game: MopsRoyal
    board = mops_board
    seat_colours = SEAT_CSS
    default_players = 2
    handover = False  # every layout lies open on the table: the players hide nothing from each other
    move_error_texts = {
        MopsRule.NOT_A_MOVE: N_("That is not a legal move now."),
        MopsRule.REFUSAL_TEXT: N_("That is not a legal move now."),
        MopsRule.SCORING_NO_FLIP: N_("That combination cannot be scored now."),
        MopsRule.SCORING_TEXT: N_("That combination cannot be scored now."),
        MopsRule.CELL_TWICE: N_("That combination cannot be scored now."),
        MopsRule.COMBINATION_SIZE: N_("A combination has {sizes_text} tiles."),
        MopsRule.NOT_CANONICAL: N_("That combination cannot be scored now."),
        MopsRule.PASS_BEFORE_PLACE: N_("First place the revealed tile; scoring or passing comes after."),
        MopsRule.MUST_SCORE: N_("In the final scoring a player who can score must score."),
        MopsRule.TILE_PLACED: N_("Choose a combination from the list under the board, or pass."),
        MopsRule.NOTHING_TO_PLACE: N_("Choose a combination from the list under the board."),
        MopsRule.CELL_TAKEN: N_("{cell} already holds a tile."),
        MopsRule.NOT_TOUCHING: N_("{cell} does not touch your layout along a side."),
        MopsRule.BEYOND_SQUARE: N_("{cell} lies outside the {limit}×{limit} square your layout must fit in."),
        MopsRule.NO_ERSATZ: N_("Refusing tiles is the variant “Ersatzplättchen”, which is not being played."),
        MopsRule.REFUSE_AFTER_PLACE: N_("Only the tile of the round can be refused, before it is placed."),
        MopsRule.NO_FACE_DOWN: N_("You can refuse a tile only onto one of your face-down tiles, and you have none yet."),
        MopsRule.REFUSE_NOT_FACE_DOWN: N_("A refused tile goes face down onto one of your face-down tiles; {cell} is not one."),
        MopsRule.SCORE_BEFORE_PLACE: N_("First place the revealed tile; scoring comes after."),
        MopsRule.CELL_EMPTY: N_("{cell} holds no tile of yours."),
        MopsRule.CELL_FACE_DOWN: N_("{cell} is face down, and face-down tiles never score again."),
        MopsRule.NOT_A_SHAPE: N_("These tiles do not form one of the {shapes} shapes of the score board."),
        MopsRule.MIXED: N_("A combination must be all one colour or all one motif."),
        MopsRule.FLIP_NOT_MARKED: N_("Turn one of the marked tiles face down: {cells}."),
    }

    move_error_words_from = {
        "marks": lambda marks: {"cells": or_text(marks)},
        "sizes": lambda sizes: {"sizes_text": or_text([str(n) for n in sizes])},
        "seat": seat_words,
        "mover": mover_words,
    }
    position_error_texts = POSITION_ERROR_TEXTS

    def game_ai(self) -> GameAI[MopsState, MopsMove, MopsEffect]:
        from ..ai.mops import AI

        return AI

    def tagline(self) -> str:
        return _("Everybody lays out the same tile. Build same-colour or same-motif shapes and score them at the right moment.")

    def piece_svg(self, seat: int, players: int, size: float = 24) -> str:
        return piece_icon(token_svg(seat, 20, 20, 16), size, "piece mops-piece")

    # -- setup ---------------------------------------------------------------------------------

    def setup_fields(self) -> list[Field]:
        first, second = self.game.refusal_cost(0), self.game.refusal_cost(1)
        return [
            option_field(
                self.game,
                "ersatz",
                _("Variant “Ersatzplättchen”: refusing tiles"),
                ngettext(
                    "Instead of placing the revealed tile you may refuse it and lay it face down onto one of your face-down tiles. "
                    "The first refusal costs {first} points, each further one {more} point more.",
                    "Instead of placing the revealed tile you may refuse it and lay it face down onto one of your face-down tiles. "
                    "The first refusal costs {first} points, each further one {more} points more.",
                    second - first,
                ).format(first=first, more=second - first),
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

    def options_from_form(self, values: dict[str, str], players: int) -> dict[str, OptionValue]:
        options: dict[str, OptionValue] = {}
        for flag in self.game.variant_switches:
            if self.form_flag(values, flag):
                options[flag] = True
        if values.get("tiles", "shuffled") == "hand":
            starts = self._codes(values.get("starts_text", ""))
            draws = self._codes(values.get("draws_text", ""))
            try:
                self.game.check_tile_options(players, starts or None, draws or None)
            except TileOptionError as error:
                raise ValueError(self._tile_option_text(error)) from None
            if starts:
                options["starts"] = starts
            if draws:
                options["draws"] = draws
        return options

    @staticmethod
    def _tile_option_text(error: TileOptionError) -> str:
        """Why the engine refuses the tiles chosen by hand, in the player's language."""
        if error.rule == TileOptionRule.STARTS_COUNT:
            players = int(str(error.params["players"]))
            return ngettext("Give {n} start tile, one per seat.", "Give {n} start tiles, one per seat.", players).format(n=players)
        return _(TILE_OPTION_TEXTS[error.rule]).format(**error.params)

    @staticmethod
    def _codes(text: str) -> list[str]:
        codes = []
        for token in str(text or "").replace(",", " ").split():
            code = token[:1].upper() + token[1:].lower()
            if parse_tile(code) is None:
                raise ValueError(_("“{token}” is not a tile: a motif letter (P B W C K H) and a colour letter (b g o p v y), such as Pb.").format(token=token))
            codes.append(code)
        return codes

    def option_warnings(self, options: Mapping[str, OptionValue], players: int) -> list[str]:
        if options.get("draws"):
            return [_("Everyone who saw the setup knows which tiles come first: good for teaching, not for a real game.")]
        return []

    def setup_preview(self, values: dict[str, str], players: int) -> str:
        """The set of 36 tiles every player owns, with the colour keys."""
        return setup_preview_html()

    # -- drawing -------------------------------------------------------------------------------

    def marks(self, s: MopsState, ui: UIState[MopsState]) -> BoardMarks[MopsPayload, MopsEffect]:
        """What the board marks, from the engine: the cells the seat to move may click and what
        each click does, the cell kinds of its layout, the chosen combination, the hinted cell, the
        last move, the headings and every cell's name."""
        return board_marks(self.game, s, ui, self.last_effect(ui))

    def thumbnail_svg(self) -> str:
        shown = self.game.from_public_position(thumbnail_position())
        return mops_board.thumbnail_svg(shown, self.game.layout_extent(shown, 0), self.title())

    def extra_html(self, s: MopsState, ui: UIState[MopsState]) -> str:
        if not ui.interactive or s.outcome is not None:
            return ""  # the last move in words is the game screen's line under the status
        if s.phase == PLACE:
            return placing_html(self.game, s, ui)
        return scoring_html(self.game, s, ui)

    def actions(self, s: MopsState, ui: UIState[MopsState]) -> list[Action]:
        if not ui.interactive or s.outcome is not None:
            return []
        seat = s.to_move
        assert seat is not None  # the game runs
        if s.phase == PLACE:
            if ui.selection[:1] == ("refuse",):
                return []
            refusals = self.game.refusal_moves(s)
            if not refusals:
                return []
            cost = self.game.next_refusal_cost(s, seat)
            label = cost_text(_("Refuse the tile"), cost)
            if len(refusals) == 1:
                ((cell, move),) = refusals.items()
                return [Action(move, label, _("Lay it face down onto your face-down tile on {cell} instead of placing it.").format(cell=cell))]
            return [Action("refuse", label, _("Lay it face down onto one of your face-down tiles instead of placing it."))]
        if self.game.may_pass(s) and not (ui.selection[:1] == ("pick",)):
            return [Action(MOPS_PASS, _("Pass: score nothing this round"), _("Keep your tiles face up for a bigger combination later."))]
        return []

    def seat_details(self, s: MopsState, seat: int) -> str:
        return seat_details(self.game, s, seat)

    def side_html(self, s: MopsState, names: list[str]) -> str:
        return side_html(self.game, s, names)

    def seat_summary(self, s: MopsState, seat: int) -> str:
        # (The pile's count is drawn on the board, above the layout.)
        return seat_summary(self.game, s, seat)

    # -- input ---------------------------------------------------------------------------------

    def click(self, s: MopsState, ui: UIState[MopsState], target: str) -> ClickResult[MopsState, MopsMove]:
        game = self.game
        if game.is_over(s):
            return ClickResult(ui, None, _("The game is over."))
        cleared = ui.with_(selection=())
        if target == "cancel":
            return ClickResult(cleared, None, None)
        refusals = game.refusal_moves(s)
        if target == "refuse":
            if not refusals:
                refused = game.why_no_refusal(s)
                assert refused is not None, "the engine offers no refusal, so it says why not"
                return ClickResult(ui, None, self.move_error_text(refused))
            if len(refusals) == 1:
                return ClickResult(cleared, next(iter(refusals.values())))
            return ClickResult(ui.with_(selection=("refuse",), cursor=next(iter(refusals))), None, None)
        if target.startswith("pick:"):
            combo = find_option(game, s, target[5:])
            if combo is None:
                return ClickResult(ui, None, _("That combination cannot be scored now."))
            if len(combo.moves) == 1:
                return ClickResult(cleared, combo.moves[0])
            return ClickResult(ui.with_(selection=("pick", target[5:]), cursor=combo.flips[0]), None, None)
        move = next((m for m in game.legal_moves(s) if m == target), None)
        if move is not None:
            cursor = target if parse_cell(target) is not None else ui.cursor
            return ClickResult(cleared.with_(cursor=cursor), move)
        if parse_cell(target) is None:
            return ClickResult(ui, None, _("That is not a legal move now."))
        # A cell of the layout: its meaning depends on the phase and what has been chosen.
        if ui.selection[:1] == ("pick",) and len(ui.selection) > 1:
            combo = find_option(game, s, ui.selection[1])
            if combo is not None and target in combo.flips:
                return ClickResult(cleared.with_(cursor=target), combo.moves[combo.flips.index(target)])
            if combo is not None:
                return ClickResult(ui, None, _("Turn one of the marked tiles face down: {cells}.").format(cells=or_text(combo.flips)))
        if target in refusals:
            if ui.selection[:1] == ("refuse",):
                return ClickResult(cleared.with_(cursor=target), refusals[target])
            return ClickResult(ui, None, _("{cell} already holds a tile. To lay the revealed tile face down on it, use “Refuse the tile”.").format(cell=target))
        return ClickResult(ui, None, self.refusal(s, target) or _("That is not a legal move now."))

    def cancel(self, ui: UIState[MopsState]) -> UIState[MopsState]:
        return ui.with_(selection=())

    # -- words ---------------------------------------------------------------------------------

    def status_text(self, s: MopsState, ui: UIState[MopsState], names: list[str]) -> str:
        game = self.game
        if game.is_over(s):
            return self.result_text(s, names)
        mover = s.to_move
        assert mover is not None  # the game runs
        name = names[mover]
        if s.phase == PLACE:
            revealed = game.revealed_tile(s)
            assert revealed is not None  # the placing step: a tile is revealed
            tile = tile_name(revealed)
            if ui.selection[:1] == ("refuse",):
                return _("{name}: choose the face-down tile to lay the {tile} on.").format(name=name, tile=tile)
            text = _("{name}: place the {tile}.").format(name=name, tile=tile)
            if game.refusal_moves(s):
                text += " " + ngettext("Or refuse it: that costs {n} point.", "Or refuse it: that costs {n} points.", game.next_refusal_cost(s, mover)).format(
                    n=game.next_refusal_cost(s, mover)
                )
            return text
        if ui.selection[:1] == ("pick",):
            return _("{name}: choose the tile to turn face down.").format(name=name)
        n = len(game.scoring_options(s))
        if not game.may_pass(s):
            return ngettext(
                "Final scoring: {name} must score the one combination left.", "Final scoring: {name} must score one of {n} combinations.", n
            ).format(name=name, n=n)
        return ngettext("{name}: score the combination, or pass.", "{name}: score one of {n} combinations, or pass.", n).format(name=name, n=n)

    def describe_move(self, before: MopsState, move: str, after: MopsState, names: list[str]) -> str:
        return describe_move(self.game, before, move, after, names)

    def puzzle_task(self, puzzle: Puzzle, mover: str) -> str:
        return _("Place the tile where this round scores the most points (with the best combination after it).")

    def puzzle_hint(self, puzzle: Puzzle, legal: tuple[str, ...]) -> str:
        return _("Look at file {file}.").format(file=puzzle["solution"][0])

    def hint_text(self, s: MopsState, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
        return hint_text(self.game, s, hints, names)

    def move_text(self, before: MopsState, move: str) -> str:
        return move_text(self.game, before, move)

    def move_choice_text(self, before: MopsState, move: str) -> str:
        return move_choice_text(self.game, before, move)

    def result_text(self, s: MopsState, names: list[str]) -> str:
        return result_text(self.game, s, names)

    # -- the diagram editor (games/mops_editing.py) --

    def piece_name(self, piece: str) -> str:
        """A tile by its code: "Blue cushion", or "Blue cushion, face down" (lower-case motif)."""
        if len(piece) != 2 or parse_tile(piece[0].upper() + piece[1]) is None:  # not a rule: a tile's code is two letters
            return piece
        name = tile_name(piece[0].upper() + piece[1])
        name = name[:1].upper() + name[1:]
        return name if piece[0].isupper() else _("{tile}, face down").format(tile=name)

    def setting_name(self, name: str) -> str:
        seat = name.rsplit("-", 1)[-1]
        if name.startswith("score-") and seat.isdigit():
            return _("Points of {seat}").format(seat=seat_colour(int(seat) - 1))
        if name.startswith("refusals-") and seat.isdigit():
            return _("Tiles refused by {seat}").format(seat=seat_colour(int(seat) - 1))
        names = {
            "turn": _("Turn"),
            "tile": _("Revealed tile"),
            "players": _("Players"),
            "ersatz": _("Variant “Ersatzplättchen”"),
            "wertung": _("Variant “Wertung”"),
        }
        return names.get(name, name)

    def setting_value_name(self, name: str, value: str) -> str:
        if name == "turn":
            if value == "-":
                return _("The game is over")
            seat = seat_colour(int(value[1]) - 1) if value[1:].isdigit() else value
            steps = {"p": _("{seat} places the tile"), "s": _("{seat} scores or passes"), "f": _("{seat} scores (final scoring)")}
            return steps[value[0]].format(seat=seat) if value[0] in steps else value
        if name == "tile":
            return _("None (no round is being played)") if value == "-" else self.piece_name(value)
        if name in self.game.variant_switches:
            return {"off": _("Off"), "on": _("On")}.get(value, value)
        return value

    def edit_refusal_texts(self) -> dict[str, str]:
        return {
            "start-tile": N_("The start tile on {place} can be replaced by another tile, but not taken away."),
            "tile-holds-layout": N_("Without the tile on {place} the layout would fall apart: every tile must stay connected to the start tile."),
        }


def make_view(game: MopsRoyal) -> MopsView:
    return MopsView(game)


# The game's view as its record (render/catalog.py) registers it.
VIEW = make_view(GAME)

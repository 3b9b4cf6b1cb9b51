"""Mops Royal's words: the sentences a player reads and hears (a move described and in short,
the hint, the result, the board and every cell in words) and the names they are made of (tiles,
colours, motifs, shapes, combinations, points).

Its own module because the words are one thing, the part of the view that only writes text from
the engine's answers; the view (render/mops.py), its marks (render/mops_marks.py) and its panels
(render/mops_panels.py) ask it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..games.mops import MopsEffect, MopsRoyal, SitOut
from ..games.mops_scoring import Combination, Shared
from ..games.mops_state import FINAL, MopsState
from ..games.notation import COLOURS, CROWN_CODES
from ..i18n import N_, _, ngettext
from .board_marks import HintValue
from .mops_board import SEAT_CSS
from .seats import seat_names

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


def feature_text(shared: Shared, feature: str) -> str:
    if shared == "colour":
        return _("all {colour}").format(colour=colour_name(feature))
    return _("all {motifs}").format(motifs=_(MOTIF_PLURALS[feature]))


def combination_text(combo: Combination) -> str:
    """'line of 4, all blue'."""
    return shaped_text(combo.shape, combo.shared, combo.feature)


def shaped_text(shape: str, shared: Shared, feature: str) -> str:
    """'line of 4, all blue': a shape and what its tiles share."""
    return _("{shape}, {feature}").format(shape=shape_name(shape), feature=feature_text(shared, feature))


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def points_text(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def cost_text(action: str, cost: int) -> str:
    """'Refuse the tile (costs 2 points)'."""
    return ngettext("{action} (costs {n} point)", "{action} (costs {n} points)", cost).format(action=action, n=cost)


def cell_words(game: MopsRoyal, code: str | None, kind: str) -> str:
    if kind == "up" and code is not None:
        return tile_name(code) + (" " + _("(crown)") if code in CROWN_CODES else "")
    if kind == "down":
        return _("face down")
    if kind == "free":
        return _("free")
    if kind == "blocked":
        return _("blocked by the {limit}×{limit} limit").format(limit=game.layout_limit)
    return _("empty")


def board_description(game: MopsRoyal, s: MopsState) -> str:
    """The board in words (the SVG's description): the tile of the round and the points."""
    sentences = []
    code = game.revealed_tile(s)
    if code is not None:
        sentences.append(_("Round {n}: the revealed tile is the {tile}.").format(n=game.round_number(s), tile=tile_name(code)))
    elif s.phase == FINAL:
        sentences.append(_("Final scoring."))
    left = game.pile_size(s)
    sentences.append(ngettext("{n} tile is left in the pile.", "{n} tiles are left in the pile.", left).format(n=left))
    sentences.append(_("Points: {list}.").format(list=", ".join(f"{seat_colour(i)} {p}" for i, p in enumerate(s.scores))))
    return " ".join(sentences)


# The colours' key shapes, as told in the legend and the rules.
KEY_SHAPE_NAMES = {"b": N_("circle"), "g": N_("triangle"), "o": N_("square"), "p": N_("heart"), "v": N_("diamond"), "y": N_("star")}


def cells_text(cells: Sequence[str]) -> str:
    return ", ".join(cells)


def or_text(items: Sequence[str]) -> str:
    """'e6 or e7', '3, 4 or 5': one of the items."""
    if len(items) == 1:
        return items[0]
    return _("{first} or {second}").format(first=", ".join(items[:-1]), second=items[-1])


def tiles_by_colour_text(codes: list[str]) -> str:
    groups = []
    for colour in COLOURS:
        motifs = [motif_name(code[0]) for code in codes if code[1] == colour]
        if motifs:
            groups.append(_("{colour}: {motifs}").format(colour=capitalised(colour_name(colour)), motifs=", ".join(motifs)))
    return "; ".join(groups)


# -- refused position text ---------------------------------------------------------------------------

# Why the engine refuses a position text (`PositionError.rule`, games/mops_position.py), formatted
# with the error's params and `position_error_words`: a layout or player by its number in the text
# and its seat's colour.
POSITION_ERROR_TEXTS = {
    "token-count": N_(
        "A position has 5 to 7 parts separated by single spaces: the layouts, the pile, the revealed tile, the turn, the scores and, "
        "for the variants, x with the refusals and w. This text has {count}."
    ),
    "layout-count": N_("A position has one layout per player, {least} to {most} of them separated by commas, not {count}."),
    "hidden-empty-pile": N_("An empty pile is written “-”, without “?”."),
    "hidden-pile": N_("The order of the pile is hidden (“?”): that is what a player sees, not a position a game can go on from."),
    "pile-text": N_("The pile is written as tile codes one after another, such as KbPgHy, or “-” when it is empty."),
    "pile-tile": N_("“{token}” in the pile is not a tile: a tile code is a motif letter (P B W C K H) followed by a colour letter (b g o p v y)."),
    "pile-twice": N_("The pile holds each tile only once, but {tile} is in it twice."),
    "tile-text": N_("The revealed tile is written as a tile code such as Kb, or “-” when no tile is revealed, not “{token}”."),
    "score-count": N_("The scores are one number per layout, separated by commas ({players} here, not {count})."),
    "score-number": N_("“{token}” is not a score: a score is a whole number of at most 6 digits, such as 12 or -3."),
    "refusal-count": N_("After x comes how many tiles each player has refused: one number per layout, separated by commas ({players} here, not {count})."),
    "refusal-number": N_("“{token}” is not a number of refused tiles: after x come whole numbers such as 0 or 2."),
    "extra-token": N_("After the scores a position may only have x with the refusals and then w, for the variants, not “{token}”."),
    "layout-ranks": N_("Layout {number} ({colour}) must list the 9 ranks of its frame, 9 down to 1, separated by “/”; it lists {count}."),
    "layout-cell": N_("Layout {number} ({colour}), rank {rank}: “{token}” is neither a number of empty cells nor a tile code."),
    "rank-cells": N_("Layout {number} ({colour}), rank {rank}: a rank has 9 cells, not {cells}."),
    "start-empty": N_("Layout {number} ({colour}) has no start tile: {cell} is empty."),
    "start-crown": N_("Layout {number} ({colour}): the start tile {tile} on {cell} carries a crown, and start tiles never do."),
    "layout-twice": N_("Layout {number} ({colour}) holds {tile} twice, but each player owns each tile only once."),
    "not-connected": N_("Layout {number} ({colour}): the tile on {cell} is not connected to the start tile along sides."),
    "layout-too-big": N_("Layout {number} ({colour}) spans {files}×{ranks} cells, but a layout must fit in a 5×5 square."),
    "caller-start-drawn": N_("{tile} is the first player's start tile, so it can be neither in the pile nor revealed."),
    "revealed-in-pile": N_("The revealed tile {tile} cannot also be in the pile."),
    "laid-in-pile": N_("Layout {number} ({colour}): {tile} on {cell} is still in the pile, so it cannot have been placed."),
    "caller-start-laid": N_("Layout {number} ({colour}): {tile} on {cell} is the first player's start tile, which is never revealed, so nobody can place it."),
    "turn-text": N_("The turn is p, s or f followed by a player's number (1 to {players}), such as p1, or “-” once the game is over, not “{token}”."),
    "no-revealed-tile": N_("A player places or scores only while a tile is revealed, but the revealed tile is “-”."),
    "cannot-place": N_("Player {number} ({colour}) is to place {tile}, but their layout is full or already holds it."),
    "scoring-in-wertung": N_("In the variant “Wertung” nobody scores while the rounds go on, so no player is to score (s)."),
    "no-combination": N_("Player {number} ({colour}) is to score but has no combination to score."),
    "scoring-before-placing": N_("Player {number} ({colour}) is to score but has not placed {tile} yet."),
    "earlier-not-placed": N_("Player {number} ({colour}) acts before player {mover_number} ({mover_colour}) but has not placed {tile} yet."),
    "later-placed": N_("Player {number} ({colour}) acts after player {mover_number} ({mover_colour}) but has already placed {tile}."),
    "revealed-after-rounds": N_("In the final scoring and once the game is over no tile is revealed: the revealed tile is “-”."),
    "rounds-go-on": N_("The pile still has tiles and a layout still has room, so the rounds go on: a player is to place the revealed tile."),
    "final-without-wertung": N_("A final scoring (f) belongs to the variant “Wertung”, which the position marks with w at its end."),
    "wertung-not-over": N_("In the variant “Wertung” the game ends only when nobody can score, but player {number} ({colour}) still can."),
}


def seat_words(seat: int) -> dict[str, object]:
    """A seat in a refusal's sentence: its number in the position text and its colour."""
    return {"number": seat + 1, "colour": seat_colour(seat)}


def mover_words(seat: int) -> dict[str, object]:
    """The seat to move, beside another seat in a refusal's sentence."""
    return {"mover_number": seat + 1, "mover_colour": seat_colour(seat)}


# -- sentences ---------------------------------------------------------------------------------------


def _effect_sentence(effect: MopsEffect, names: list[str]) -> str:
    name = names[effect.seat]
    if effect.kind == "place":
        return _("{name} placed the {tile} on {cell}.").format(name=name, tile=tile_name(effect.tile), cell=effect.cell)
    if effect.kind == "refuse":
        return ngettext(
            "{name} refused the {tile}, laid it face down on {cell} and loses {n} point.",
            "{name} refused the {tile}, laid it face down on {cell} and loses {n} points.",
            -effect.points,
        ).format(name=name, tile=tile_name(effect.tile), cell=effect.onto, n=-effect.points)
    if effect.kind == "score":
        return ngettext(
            "{name} scored {n} point with the {combination} ({cells}) and turned {cell} face down.",
            "{name} scored {n} points with the {combination} ({cells}) and turned {cell} face down.",
            effect.points,
        ).format(
            name=name,
            combination=shaped_text(effect.shape, effect.shared, effect.feature),
            cells=cells_text(effect.cells),
            n=effect.points,
            cell=effect.flip,
        )
    return _("{name} passed: no scoring this round.").format(name=name)


def describe_move(game: MopsRoyal, before: MopsState, move: str, after: MopsState, names: list[str]) -> str:
    sentences = [_effect_sentence(game.effect(before, move), names)]
    revealed = game.revealed_between(before, after)
    if revealed is not None:
        sentences.append(_("Round {n}: the {tile} is revealed.").format(n=game.round_number(after), tile=tile_name(revealed)))
        for seat, reason in sorted(game.sitting_out(after).items()):
            if reason == SitOut.START_TILE:
                sentences.append(_("It is {name}'s start tile: {name} sits this round out.").format(name=names[seat]))
    scorer = game.current_player(after)
    if after.phase == FINAL and before.phase != FINAL:
        sentences.append(_("All layouts are full: the final scoring begins, one combination each in turn."))
    elif after.phase == FINAL and scorer is not None and scorer != game.current_player(before):
        sentences.append(_("{name} scores next.").format(name=names[scorer]))
    return " ".join(sentences)


def hint_text(game: MopsRoyal, s: MopsState, hints: tuple[tuple[str, HintValue], ...], names: list[str]) -> str:
    if not hints:
        return ""
    move = hints[-1][0]
    effect = game.effect(s, move)
    if effect.kind == "place":
        return _("Hint: lay the {tile} on {cell} (marked with a check).").format(tile=tile_name(effect.tile), cell=effect.cell)
    return _("Hint: {move}.").format(move=move_text(game, s, move))


def move_text(game: MopsRoyal, before: MopsState, move: str) -> str:
    effect = game.effect(before, move)
    if effect.kind == "place":
        return _("{cell} {tile}").format(cell=effect.cell, tile=tile_name(effect.tile))
    if effect.kind == "refuse":
        return _("refused onto {cell} −{n}").format(cell=effect.onto, n=-effect.points)
    if effect.kind == "score":
        return _("{shape} +{n}").format(shape=shape_name(effect.shape), n=effect.points)
    return _("pass")


def move_choice_text(game: MopsRoyal, before: MopsState, move: str) -> str:
    """A move among the others of its position: a scoring by its combination, its cells and the
    tile it turns face down (issue 57: two "line of 4 +5" read the same), the others as in the
    move list."""
    effect = game.effect(before, move)
    if effect.kind == "score":
        return _("{combination} ({cells}), turn {cell} face down: +{n}").format(
            combination=shaped_text(effect.shape, effect.shared, effect.feature), cells=cells_text(effect.cells), cell=effect.flip, n=effect.points
        )
    return move_text(game, before, move)


def result_text(game: MopsRoyal, s: MopsState, names: list[str]) -> str:
    winners = game.winners(s)
    scores = s.scores
    if not winners:
        return _("The game is still running.")
    if game.is_solitaire(s):
        return ngettext("{name} finished with {n} point.", "{name} finished with {n} points.", scores[0]).format(name=names[0], n=scores[0])
    if len(winners) == 1:
        w = winners[0]
        if game.won_on_tie_break(s):
            return ngettext(
                "{name} wins with {n} point: fewer face-down tiles decided the tie.",
                "{name} wins with {n} points: fewer face-down tiles decided the tie.",
                scores[w],
            ).format(name=names[w], n=scores[w])
        return ngettext("{name} wins with {n} point!", "{name} wins with {n} points!", scores[w]).format(name=names[w], n=scores[w])
    return ngettext("{names} share the win with {n} point.", "{names} share the win with {n} points.", scores[winners[0]]).format(
        names=", ".join(names[w] for w in winners), n=scores[winners[0]]
    )

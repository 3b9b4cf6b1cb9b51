"""Mops Royal's panels: what is shown beside and below the board as HTML: the set of tiles on
the setup screen, the prompt while placing, the list of combinations to score (each previewed on
the layout by a style rule) and the choice of the tile to turn face down, each seat's points and
small layout, the final ranking, the tiles still in the pile and the scoring shapes
of the engine's score board.

Its own module because these panels are one thing, drawn from the engine's answers; the view
(render/mops.py) hands them to the game screen and keeps the clicks that pick in them.
"""

from __future__ import annotations

from functools import lru_cache

from ..games.mops import MopsRoyal, SitOut
from ..games.mops_scoring import Combination
from ..games.mops_shapes import ScoreBoard
from ..games.mops_state import FINAL, MopsState
from ..games.notation import COLOURS, FRAME, MOTIFS
from ..games.notation import frame_cell_index as cell_index
from ..i18n import _, language, ngettext
from .mops_board import mini_layout_svg, shape_icon_svg, tile_chart_svg
from .mops_icons import colour_key_svg, crown_svg
from .mops_marks import find_option
from .mops_words import (
    KEY_SHAPE_NAMES,
    capitalised,
    cells_text,
    colour_name,
    combination_text,
    or_text,
    points_text,
    seat_colour,
    shape_name,
    tile_name,
    tiles_by_colour_text,
)
from .svg import esc, tag
from .view import UIState


def setup_preview_html() -> str:
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


def sitting_text(seat: int, reason: SitOut) -> str:
    if reason == SitOut.LAYOUT_FULL:
        return _("{seat}'s layout is full: {seat} sits out.").format(seat=seat_colour(seat))
    return _("The revealed tile is {seat}'s start tile: {seat} sits this round out.").format(seat=seat_colour(seat))


def placing_html(game: MopsRoyal, s: MopsState, ui: UIState[MopsState]) -> str:
    seat = s.to_move
    tile = game.revealed_tile(s)
    assert seat is not None and tile is not None, "a placing step has a seat to move and a revealed tile"
    parts = []
    if ui.selection[:1] == ("refuse",):
        cost = game.next_refusal_cost(s, seat)
        buttons = "".join(
            tag("button", esc(_("Lay it on {cell}").format(cell=cell)), type="button", data_target=move, class_="mops-choice")
            for cell, move in game.refusal_moves(s).items()
        )
        parts.append(
            tag(
                "p",
                esc(_("Refuse the {tile}: which face-down tile do you lay it on? It costs {points}.").format(tile=tile_name(tile), points=points_text(cost))),
                class_="mops-prompt",
            )
        )
        parts.append(tag("div", buttons + tag("button", esc(_("Back: place it instead")), type="button", data_target="cancel"), class_="mops-choices"))
    else:
        parts.append(tag("p", esc(_("Place the {tile} on a cell marked with a dot.").format(tile=tile_name(tile))), class_="mops-prompt"))
        if s.wertung:
            parts.append(tag("p", esc(_("Variant “Wertung”: all scoring comes once every layout is full.")), class_="mops-note"))
    sitting = game.sitting_out(s)
    for other, reason in sorted(sitting.items()):
        parts.append(tag("p", esc(sitting_text(other, reason)), class_="mops-note"))
    return "".join(parts)


def _flip_chooser_html(combo: Combination) -> str:
    """The chosen combination's question: which of its marked tiles is turned face down."""
    question = _("{combination} ({points}): which marked tile do you turn face down?").format(
        combination=capitalised(combination_text(combo)), points=points_text(combo.points)
    )
    buttons = "".join(
        tag("button", esc(_("Turn {cell} face down").format(cell=cell)), type="button", data_target=move, class_="mops-choice primary")
        for cell, move in zip(combo.flips, combo.moves)
    )
    back = tag("button", esc(_("Back to the list")), type="button", data_target="cancel")
    return tag("div", tag("p", esc(question), class_="mops-prompt") + tag("div", buttons + back, class_="mops-choices"), class_="mops-flip")


def _option_body(combo: Combination) -> str:
    """One combination in the list: its shape's icon, its name and cells, the tile it turns face
    down, its points (and crown)."""
    flip = (
        _("turns {cell} face down").format(cell=combo.flips[0])
        if len(combo.flips) == 1
        else _("turns {cells} face down (you choose)").format(cells=or_text(combo.flips))
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
    return (
        icon
        + tag(
            "span",
            tag("span", esc(capitalised(combination_text(combo))), class_="opt-name")
            + tag("span", esc(f"{cells_text(combo.cells)} · {flip}"), class_="opt-cells"),
            class_="opt-main",
        )
        + tag("span", points, class_="opt-points")
    )


def _option_preview_rule(key: str, combo: Combination) -> str:
    """The style rule that shows a combination on the layout while its entry `key` is pointed at,
    focused or previewed."""
    cells = ",".join(f"[data-cell={c}]" for c in combo.cells)
    flips = ",".join(f"[data-cell={c}]" for c in combo.flips)
    when = f".play-area:has([data-option={key}]:is(:hover,:focus-visible,.previewing)) .board.mops .main"
    return f"{when} .cell:is({cells}) .hl{{opacity:1}}{when} .cell:is({cells}) .tile{{opacity:1}}{when} .cell:is({flips}) .flip-hint{{opacity:1}}"


def scoring_html(game: MopsRoyal, s: MopsState, ui: UIState[MopsState]) -> str:
    """The combinations the seat to move may score, each a button, or, once one with two marked
    tiles is chosen, the choice of the tile to turn face down."""
    options = game.scoring_options(s)
    if ui.selection[:1] == ("pick",) and len(ui.selection) > 1:
        combo = find_option(game, s, ui.selection[1])
        if combo is not None:
            return _flip_chooser_html(combo)
    final = s.phase == FINAL
    heading = _("Final scoring: choose a combination") if final else _("Score a combination")
    # With a mouse, pointing at an entry shows it; on a touch screen the first tap shows it and
    # a second tap scores (the app does that for entries marked data-preview).
    note = (
        tag("span", esc(_("Point at an entry or focus it to see it on your layout.")), class_="note-pointer")
        + tag("span", esc(_("Tap an entry to see it on your layout, tap it again to score it.")), class_="note-touch")
        + " "
        + esc(_("You may also pass and wait for a bigger one.") if game.may_pass(s) else _("You must score while you can."))
    )
    items, rules = [], []
    for i, combo in enumerate(options):
        key = f"o{i}"
        target = combo.moves[0] if len(combo.flips) == 1 else "pick:" + ",".join(combo.cells)
        body = _option_body(combo)
        items.append(tag("li", tag("button", body, type="button", class_="mops-option", data_target=target, data_option=key, data_preview="1")))
        rules.append(_option_preview_rule(key, combo))
    style = tag("style", "".join(rules))
    return tag(
        "section",
        tag("h2", esc(heading), class_="mops-h") + tag("p", note, class_="help") + tag("ul", "".join(items), class_="mops-options") + style,
        class_="mops-scoring" + (" final" if final else ""),
        aria_label=heading,
    )


def _seat_facts(game: MopsRoyal, s: MopsState, seat: int) -> list[tuple[str, str, str | None]]:
    """What a seat's panel says besides its points, as (CSS class, words, combinations left): its
    face-down tiles, its refusals, what it has left to score, whether it sits out."""
    down = game.face_down_count(s, seat)
    facts: list[tuple[str, str, str | None]] = [("mops-down", ngettext("{n} face down", "{n} face down", down).format(n=down), None)]
    if s.ersatz:
        refused = s.refusals[seat]
        facts.append(
            (
                "mops-refused",
                ngettext("{n} refused", "{n} refused", refused).format(n=refused) + " · " + _("next costs {n}").format(n=game.next_refusal_cost(s, seat)),
                None,
            )
        )
    if s.phase == FINAL:
        left = len(game.scoring_options(s, seat))
        text = ngettext("{n} combination left to score", "{n} combinations left to score", left).format(n=left) if left else _("nothing left to score")
        facts.append(("mops-note", text, str(left)))
    reason = game.sitting_out(s).get(seat)
    if reason == SitOut.LAYOUT_FULL and s.outcome is None:
        facts.append(("mops-note", _("layout full"), None))
    elif reason:
        facts.append(("mops-note", _("sits this round out"), None))
    return facts


def seat_details(game: MopsRoyal, s: MopsState, seat: int) -> str:
    points = s.scores[seat]
    parts = [tag("span", tag("strong", esc(str(points))) + " " + esc(ngettext("point", "points", points)), class_="mops-points")]
    parts += [tag("span", esc(text), class_=css, data_left=left) for css, text, left in _seat_facts(game, s, seat)]
    if not game.is_solitaire(s):
        down = game.face_down_count(s, seat)
        label = _("Layout of {seat}: {n} tiles, {down} face down").format(seat=seat_colour(seat), n=game.tile_count(s, seat), down=down)
        parts.append(tag("span", mini_layout_svg(s, seat, game.layout_extent(s, seat), label), class_="mops-mini-wrap"))
    return tag("span", "".join(parts), class_="mops-seat", data_points=str(points))


def seat_summary(game: MopsRoyal, s: MopsState, seat: int) -> str:
    """A seat's panel in a few words (a picture's line beside the board): its points and the rest."""
    points = s.scores[seat]
    return " · ".join([ngettext("{n} point", "{n} points", points).format(n=points)] + [text for _css, text, _left in _seat_facts(game, s, seat)])


def side_html(game: MopsRoyal, s: MopsState, names: list[str]) -> str:
    parts = []
    if game.is_over(s):
        winners = set(game.winners(s))
        rows = []
        for seat in game.ranking(s):
            down = game.face_down_count(s, seat)
            text = _("{name}: {points}, {down}").format(
                name=names[seat], points=points_text(s.scores[seat]), down=ngettext("{n} tile face down", "{n} tiles face down", down).format(n=down)
            )
            badge = tag("span", esc(_("winner")), class_="badge winner") if seat in winners else ""
            rows.append(tag("li", esc(text) + badge, data_seat=str(seat)))
        parts.append(tag("section", tag("h2", esc(_("Final ranking"))) + tag("ol", "".join(rows), class_="mops-ranking"), class_="mops-panel"))
    remaining = game.remaining_tiles(s)
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
    parts.append(shapes_reference_html(game))
    return "".join(parts)


def shapes_reference_html(game: MopsRoyal) -> str:
    """The scoring shapes of the engine's score board by size, with points and their marked tiles."""
    return _shapes_reference(game.score_board(), language())


@lru_cache(maxsize=4)
def _shapes_reference(board: ScoreBoard, lang: str) -> str:
    groups = []
    for row in board.rows:
        items = [tag("li", shape_icon_svg(shape.cells, shape.marks) + tag("span", esc(shape_name(shape.name)))) for shape in row.shapes]
        title = _("{n} tiles: {points}").format(n=row.size, points=points_text(row.points))
        groups.append(tag("h3", esc(title)) + tag("ul", "".join(items), class_="mops-shape-list"))
    note = ngettext(
        "Any rotation or reflection counts. A crown in the combination adds {n} point. After scoring, one marked tile "
        "(with the turn-over sign) is turned face down: with two marks, you choose.",
        "Any rotation or reflection counts. A crown in the combination adds {n} points. After scoring, one marked tile "
        "(with the turn-over sign) is turned face down: with two marks, you choose.",
        board.crown_bonus,
    ).format(n=board.crown_bonus)
    count = board.shape_count
    # Reference material: closed until asked for (the app keeps it open when the side is drawn again).
    return tag(
        "details",
        tag("summary", tag("h2", esc(ngettext("The {n} scoring shape", "The {n} scoring shapes", count).format(n=count))))
        + tag("p", esc(note), class_="help")
        + "".join(groups),
        class_="mops-shapes",
        data_keep="mops-shapes",
    )

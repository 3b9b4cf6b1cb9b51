"""The diagram editor (issue 36) as data and HTML text (pure): a position of a game with marks that
explain it (render/diagram.py), made by clicks, and its link. web/editor_screen.py wires it.

    #/editor/<game>                                  the game's setup, no marks
    #/editor/<game>/<position>[/<diagram>]           a position (percent-encoded, as a position
                                                     link's) and the diagram's notation

The board is the game's own drawing (`GameView.board_svg` with `UIState.diagram`), not
interactive; over it lies one click target per place a mark may go (`GameView.target_centres`),
each with `data-target` and `data-x`/`data-y`, so that clicks, the arrow keys and Enter work as on
the game screen. The marks are also listed in words under the board (`diagram_words`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable, Mapping

from ..games.base import StateBase
from ..ai.base import MoveValue
from ..games.editing import EditRefused, Palette, Setting
from ..i18n import N_, _
from .diagram import (
    LABEL_PATTERN,
    PALETTE,
    Arrow,
    Circle,
    Diagram,
    DiagramError,
    Highlight,
    Label,
    captioned_svg,
    colour_name,
    diagram_text,
    diagram_words,
    editor_fragment,
    target_name,
)
from .review import exact_text
from .screens import button
from .catalog import get_view
from .standalone import picture_svg
from .svg import described, esc, num, tag
from .view import AnyView, UIState

TOOLS = ("arrow", "circle", "highlight", "label", "eraser")
# What the embed code makes of the diagram: a picture with a link (no Python in the reader's
# browser), or a board readers play on from this position, against the computer or each other.
EMBED_PLAY = ("readonly", "computer", "human")


def embed_play_name(choice: str) -> str:
    names = {
        "readonly": _("A picture only (read-only)"),
        "computer": _("A board readers play on, against the computer"),
        "human": _("A board readers play on, against each other"),
    }
    return names[choice]


def tool_name(tool: str) -> str:
    names = {
        "arrow": _("Arrow"),
        "circle": _("Circle"),
        "highlight": _("Highlight"),
        "label": _("Label"),
        "eraser": _("Eraser"),
    }
    return names[tool]


@dataclass(frozen=True)
class Editing:
    """The editor's input beside the diagram: the tool, the colour, the Label tool's text and an
    arrow's start once chosen."""

    tool: str = "arrow"
    colour: str = "o"
    label: str = "A"
    start: str | None = None
    piece: str = ""  # the Pieces tool's piece (tool "piece"); REMOVE_PIECE takes pieces away


REMOVE_PIECE = ""
MOST_PIECE_BUTTONS = 12  # more pieces than this are chosen from a list


# Names a diagram's target as the board shows it: the view's `target_name` (Momox' "k2" is
# "circle 2"), or by default the target as a cell or a numbered field.
TargetName = Callable[[str], str]


def _said(mark: Arrow | Circle | Highlight | Label, name: TargetName) -> str:
    if isinstance(mark, Arrow):
        return diagram_words(Diagram(arrows=(mark,)), name)[0]
    if isinstance(mark, Circle):
        return diagram_words(Diagram(circles=(mark,)), name)[0]
    if isinstance(mark, Highlight):
        return diagram_words(Diagram(highlights=(mark,)), name)[0]
    return diagram_words(Diagram(labels=(mark,)), name)[0]


def click_target(d: Diagram, editing: Editing, target: str, name: TargetName = target_name) -> tuple[Diagram, Editing, str]:
    """A click on `target` with the chosen tool: the new diagram and input, and the sentence that
    says what happened (said aloud and shown; `name` names the targets, the view's `target_name`).
    A circle or highlight clicked again with the same colour goes away; a mark the diagram cannot
    take (too many) is refused with the reason."""
    tool, colour = editing.tool, editing.colour
    try:
        if tool == "arrow":
            if editing.start is None:
                return d, replace(editing, start=target), _("Arrow from {start}: now choose where it points.").format(start=name(target))
            if editing.start == target:
                return d, replace(editing, start=None), _("The arrow is cancelled.")
            arrow = Arrow(editing.start, target, colour)
            return replace(d, arrows=d.arrows + (arrow,)), replace(editing, start=None), _("Added: {mark}").format(mark=_said(arrow, name))
        if tool == "circle":
            circle = Circle(target, colour)
            if circle in d.circles:
                return replace(d, circles=tuple(c for c in d.circles if c != circle)), editing, _("Removed: {mark}").format(mark=_said(circle, name))
            return replace(d, circles=d.circles + (circle,)), editing, _("Added: {mark}").format(mark=_said(circle, name))
        if tool == "highlight":
            highlight = Highlight(target, colour)
            if highlight in d.highlights:
                kept_highlights = tuple(h for h in d.highlights if h != highlight)
                return replace(d, highlights=kept_highlights), editing, _("Removed: {mark}").format(mark=_said(highlight, name))
            return replace(d, highlights=d.highlights + (highlight,)), editing, _("Added: {mark}").format(mark=_said(highlight, name))
        if tool == "label":
            if not LABEL_PATTERN.fullmatch(editing.label):
                return d, editing, _("A label is 1 to 3 letters or digits: write it in the label field first.")
            label = Label(target, editing.label, colour)
            return replace(d, labels=d.labels + (label,)), editing, _("Added: {mark}").format(mark=_said(label, name))
        # the eraser: every mark on the target
        kept = Diagram(
            tuple(a for a in d.arrows if target not in (a.start, a.end)),
            tuple(c for c in d.circles if c.target != target),
            tuple(h for h in d.highlights if h.target != target),
            tuple(label for label in d.labels if label.target != target),
            d.caption,
        )
        if kept == d:
            return d, editing, _("There is no mark on {target}.").format(target=name(target))
        return kept, editing, _("The marks on {target} are removed.").format(target=name(target))
    except DiagramError as exc:
        return d, replace(editing, start=None), _("This mark cannot be added: {reason}").format(reason=exc)


# -- drawing ---------------------------------------------------------------------------------------


def _spacing(centres: Mapping[str, tuple[float, float]]) -> float:
    """The distance between the two nearest distinct targets (a click target's size)."""
    points = sorted(set(centres.values()))
    best = math.inf
    for i, (ax, ay) in enumerate(points):
        for bx, by in points[i + 1 :]:
            best = min(best, math.hypot(bx - ax, by - ay))
    return 40.0 if best == math.inf else min(best, 80.0)


def pick_layer(centres: Mapping[str, tuple[float, float]], editing: Editing, cursor: str | None, name: TargetName = target_name) -> str:
    """One click target per place a mark may go (a transparent disc over its centre), in the
    board's user units: `data-target`, `data-x`/`data-y` (for the arrow keys), a name (`name`)."""
    radius = _spacing(centres) * 0.48
    if cursor not in centres:
        cursor = next(iter(sorted(centres)), None)
    parts = []
    for target in sorted(centres):
        x, y = centres[target]
        start = target == editing.start
        said = name(target)
        parts.append(
            tag(
                "circle",
                "",
                cx=num(x),
                cy=num(y),
                r=num(radius),
                class_="editor-target" + (" editor-start" if start else ""),
                data_target=target,
                data_x=num(x),
                data_y=num(y),
                role="button",
                tabindex="0" if target == cursor else "-1",
                aria_label=_("{target}, the arrow's start").format(target=said) if start else said,
                aria_pressed="true" if start else None,
            )
        )
    return tag("g", "".join(parts), class_="editor-targets")


def editor_board_svg(view: AnyView, state: object, d: Diagram, editing: Editing, cursor: str | None = None) -> str:
    """The board with the diagram's marks, and the editor's click targets over it."""
    ui: UIState[StateBase] = UIState(interactive=False, diagram=d)
    svg = view.board_svg(state, ui)
    layer = pick_layer(view.target_centres(state, ui), editing, cursor, view.target_name)
    head, end, _tail = svg.rpartition("</svg>")
    return head + layer + end if end else svg


def with_words(svg: str, d: Diagram, name: TargetName = target_name) -> str:
    """A picture of the board (an SVG document) that also says its marks: the caption and the marks
    in words (targets named by `name`) as its <desc>, after its <title> (the text a page or a
    screen reader can use)."""
    # A board's own words (Momox, Mops Royal) follow the marks in its <desc>.
    return described(svg, diagram_text(d, name), first=True)


def marked_picture(game_id: str, state: StateBase, d: Diagram) -> str:
    """The diagram as one SVG document: the board with its marks, what lies beside the board and the
    caption written under it, and all of it in words as its <desc>. The same picture is the SVG
    download, the PNG and the picture code."""
    picture = picture_svg(game_id, state, UIState(interactive=False, diagram=d))
    return with_words(captioned_svg(picture, d.caption), d, get_view(game_id).target_name)


def words_html(d: Diagram, name: TargetName = target_name) -> str:
    """The diagram in words (the overlay is hidden from screen readers): a list, or a line."""
    words = diagram_words(d, name)
    if not words:
        return tag("p", esc(_("No marks yet: choose a tool and click the board.")), class_="help")
    return tag("ol", "".join(tag("li", esc(w)) for w in words), class_="editor-word-list")


def colour_buttons(action: str, chosen: str, ids: bool = False) -> str:
    """A button for each colour of the marks, saying whether it is the chosen one (`ids`: each with
    an id, so the focus stays on it when the tools are drawn again)."""
    return "".join(
        tag(
            "button",
            tag("span", "", class_="swatch", style=f"background:{c.value}", aria_hidden="true") + esc(colour_name(c.code)),
            type="button",
            class_="small" + (" primary" if c.code == chosen else ""),
            data_action=action,
            data_colour=c.code,
            id=f"editor-colour-{c.code}" if ids else None,
            aria_pressed=str(c.code == chosen).lower(),
        )
        for c in PALETTE
    )


def tools_html(editing: Editing) -> str:
    """The tools, the colours and the label's text: buttons that say whether they are chosen."""
    tools = "".join(
        button(
            tool_name(tool),
            "editor-tool",
            class_="small" + (" primary" if tool == editing.tool else ""),
            data={"tool": tool},
            id=f"editor-tool-{tool}",  # the focus stays on it when the tools are drawn again
            aria_pressed=str(tool == editing.tool).lower(),
        )
        for tool in TOOLS
    )
    colours = colour_buttons("editor-colour", editing.colour, ids=True)
    return (
        tag(
            "div",
            tag("span", esc(_("Marks")), class_="editor-toolbar-name", aria_hidden="true") + tools + button(_("Clear all"), "editor-clear", class_="small"),
            role="toolbar",
            aria_label=_("Mark tools"),
            class_="editor-toolbar",
        )
        + tag("div", colours, role="toolbar", aria_label=_("Colour"), class_="editor-toolbar")
        + tag(
            "label",
            esc(_("Label text (1 to 3 letters or digits)"))
            + " "
            + tag("input", "", type="text", name="label", id="editor-label", value=editing.label, maxlength="3", size="3", autocomplete="off"),
            class_="field editor-label",
        )
    )


# Why an edit is refused (games/editing.EditRefused's rules); a game's own rules are in its view's
# `edit_refusal_texts`. {piece} is the piece in words, {place} the place's name.
EDIT_REFUSAL_TEXTS = {
    "no-such-place": N_("{place} is not a place of this board."),
    "no-such-piece": N_("This piece is not one of this game's."),
    "hand-empty": N_("There is no {piece} left to put on the board."),
    "place-empty": N_("There is nothing on {place} to take away."),
    "no-such-setting": N_("This setting is not one of this game's."),
    "bad-value": N_("This value cannot be set here."),
}


# Where a piece taken away goes (games/editing.Palette.taken_to), said with the Take away tool
# and after each removal: the game keeps every piece somewhere, so the author knows where.
TAKEN_TO_TEXTS = {
    "hand": N_("A stone taken away goes back to its player's hand."),
    "collection": N_("A chip taken away goes into the collection of the player to move ({colour}): every chip is on the board or in a collection."),
    "pile": N_("A tile taken away goes back into the pile."),
}


def taken_to_text(view: AnyView, taken_to: str, state: StateBase) -> str:
    """Where a piece taken away goes, in words ("" where it just leaves the board)."""
    template = TAKEN_TO_TEXTS.get(taken_to)
    if template is None:
        return ""
    seat = view.game.current_player(state)
    colour = view.seat_style(seat, state.setup.players).name if seat is not None else ""
    return _(template).format(colour=colour)


def board_switch_text(view: AnyView, before: int | None, shown: int | None, players: int) -> str:
    """What the author is told when the editor's board moves to another seat's, in a game with a
    board per seat (Mops Royal's layouts: `Palette.board_of`, which follows the turn); "" when it
    stays. Tile colours and seat colours read alike, so the layout left is named too."""
    if shown is None or shown == before:
        return ""
    colour = view.seat_style(shown, players).name
    if before is None or before >= players:
        return _("The board now shows {colour}'s layout, whose turn it is.").format(colour=colour)
    return _("That was {before}'s layout; the board now shows {colour}'s, whose turn it is.").format(
        before=view.seat_style(before, players).name, colour=colour
    )


def said_together(*sentences: str | None) -> str:
    """One announcement of the sentences that say something, in their order."""
    return " ".join(text for text in sentences if text)


def edit_refusal_text(view: AnyView, error: EditRefused) -> str:
    """The player's sentence for an edit the game refused (never the engine's English)."""
    template = view.edit_refusal_texts().get(error.rule) or EDIT_REFUSAL_TEXTS.get(error.rule)
    if template is None:
        return _("This change cannot be made.")
    params = dict(error.params)
    if "piece" in params:
        params["piece"] = view.piece_name(str(params["piece"]))
    if "place" in params:
        params["place"] = view.target_name(str(params["place"]))
    try:
        return _(template).format(**params)
    except (KeyError, IndexError):  # a template that names a parameter the game did not give
        return _("This change cannot be made.")


def pieces_html(view: AnyView, palette: Palette | None, editing: Editing) -> str:
    """The Pieces tool: a button per piece the game offers and one that takes pieces away (a click
    on the board then puts the chosen piece on a place), the empty board and the setup."""
    if palette is None:
        return ""
    chosen = editing.piece if editing.tool == "piece" else None
    pieces = [(piece, view.piece_name(piece)) for piece in palette.pieces] + [(REMOVE_PIECE, _("Take away"))]
    many = len(palette.pieces) > MOST_PIECE_BUTTONS
    choice = ""
    if many:  # Nummerus' 48 chips: a list to choose from rather than a wall of buttons
        options = "".join(tag("option", esc(name), value=piece, selected=piece == chosen) for piece, name in pieces[:-1])
        choice = tag(
            "label",
            esc(_("Piece")) + " " + tag("select", options, name="piece", id="editor-piece-list"),
            class_="editor-piece-choice",
        ) + button(_("Place this piece"), "editor-piece-chosen", class_="small" + (" primary" if chosen not in (None, REMOVE_PIECE) else ""))
        pieces = pieces[-1:]
    buttons = choice + "".join(
        button(
            name,
            "editor-piece",
            class_="small" + (" primary" if piece == chosen else ""),
            data={"piece": piece},
            id=f"editor-piece-{i}",
            aria_pressed=str(piece == chosen).lower(),
        )
        for i, (piece, name) in enumerate(pieces)
    )
    board_buttons = button(_("Empty board"), "editor-empty", class_="small") + button(_("Starting position"), "editor-setup", class_="small")
    lead = tag("span", esc(_("Pieces")), class_="editor-toolbar-name", aria_hidden="true")
    return tag("div", lead + buttons, role="toolbar", aria_label=_("Pieces"), class_="editor-toolbar") + tag("div", board_buttons, class_="editor-toolbar")


def settings_html(view: AnyView, settings: tuple[Setting, ...]) -> str:
    """What beside the board the position says (whose turn, hands, scores): a field per setting,
    applied together by one button."""
    if not settings:
        return ""
    fields = []
    for setting in settings:
        field_id = f"editor-setting-{setting.name}"
        label = tag("label", esc(view.setting_name(setting.name)), for_=field_id)
        if setting.choices:
            options = "".join(
                tag("option", esc(view.setting_value_name(setting.name, choice)), value=choice, selected=choice == setting.value) for choice in setting.choices
            )
            control = tag("select", options, name=f"setting-{setting.name}", id=field_id)
        else:
            control = tag(
                "input",
                "",
                type="number",
                name=f"setting-{setting.name}",
                id=field_id,
                value=setting.value,
                min=str(setting.low),
                max=str(setting.high),
                inputmode="numeric",
            )
        fields.append(tag("div", label + control, class_="field editor-setting"))
    return tag(
        "fieldset",
        tag("legend", esc(_("Beside the board"))) + "".join(fields) + button(_("Set"), "editor-settings", class_="small"),
        class_="editor-settings",
    )


def best_moves_html(view: AnyView, state: object, moves: list[MoveValue], names: list[str]) -> str:
    """The best moves of the position, best first, in the move list's words (Fenn's with their
    exact result)."""
    heading = tag("h2", esc(_("The best moves")))
    if not moves:
        return heading + tag("p", esc(_("No move: the game is over in this position.")), class_="help")
    game = view.game
    mover = game.current_player(state)
    who = names[mover] if mover is not None and 0 <= mover < len(names) else ""
    best = moves[0].rank()
    items = []
    for move in moves:
        words = view.move_choice_text(state, move.move)
        if move.exact is not None:
            words = _("{move}: {value}").format(move=words, value=exact_text(move.exact))
        if move.rank() == best:  # said apart from the move's own words, which may end in brackets or a number
            items.append(tag("li", tag("strong", esc(_("Best move:"))) + " " + esc(words)))
        else:
            items.append(tag("li", esc(words)))
    intro = _("For {name}, by the strongest computer player:").format(name=who) if who else _("By the strongest computer player:")
    return heading + tag("p", esc(intro)) + tag("ol", "".join(items), class_="editor-best-list")


def out_html(base_url: str, game_id: str, position: str, d: Diagram, play_fragment: str, embed_play: str = "readonly") -> str:
    """What the diagram is taken away as: its link, the game from here, the pictures (SVG, PNG),
    and for a web page the embed code (with the choice of what readers get) or the picture code."""
    link = base_url + editor_fragment(game_id, position, d)
    choices = "".join(tag("option", esc(embed_play_name(choice)), value=choice, selected=choice == embed_play) for choice in EMBED_PLAY)
    return (
        tag("label", esc(_("Link to this diagram")), for_="editor-link")
        + tag(
            "div",
            tag("input", "", type="text", id="editor-link", value=link, readonly=True, class_="share-text")
            + button(_("Copy link"), "editor-copy-link", class_="small"),
            class_="copy-row",
        )
        + tag(
            "div",
            tag("a", esc(_("Play from here")), href=play_fragment, class_="button")
            + button(
                _("Record a line"), "editor-record", class_="small", title=_("A story: play moves from this position, with a comment and marks at each step")
            )
            + button(_("Show the best moves"), "editor-best", class_="small")
            + button(_("Download SVG"), "editor-download-svg", class_="small")
            + button(_("Download PNG"), "editor-download-png", class_="small"),
            class_="dialog-actions",
        )
        + tag(
            "fieldset",
            tag("legend", esc(_("For a web page")))
            + tag("label", esc(_("The embedded board")), for_="editor-embed-play")
            + tag("select", choices, name="embed-play", id="editor-embed-play")
            + tag(
                "div",
                button(_("Copy embed code"), "editor-copy-embed", class_="small") + button(_("Copy picture code"), "editor-copy-picture", class_="small"),
                class_="dialog-actions",
            )
            + tag(
                "p",
                esc(
                    _(
                        "The embed code shows this position in a frame from Ludothek, with the marks and the caption until a move is made. "
                        "The picture code is the picture alone, with the caption and the marks in words as its text: it needs nothing from Ludothek."
                    )
                ),
                class_="help",
            ),
            class_="editor-embed",
        )
    )


def editor_screen_html(
    view: AnyView, board: str, words: str, tools: str, position: str, caption: str, out: str, message: str = "", pieces: str = "", settings: str = ""
) -> str:
    """The whole screen; its parts are regions the app redraws: #board, #editor-words,
    #editor-tools, #editor-pieces, #editor-settings, #editor-out, #editor-message. Every field
    the app reads is in `[data-form]`."""
    title = _("Diagram: {title}").format(title=view.title())
    return tag(
        "div",
        tag("h1", esc(title))
        + tag("p", esc(message), id="editor-message", role="status", class_="editor-message")
        + tag(
            "div",
            tag("div", pieces, id="editor-pieces", class_="editor-tools")
            + tag("div", tools, id="editor-tools", class_="editor-tools")
            + tag("div", board, id="board", class_="board-wrap")
            + tag("div", settings, id="editor-settings")
            + tag("div", "", id="editor-best", aria_live="polite")
            + tag("h2", esc(_("The marks in words")))
            + tag("div", words, id="editor-words")
            + tag(
                "div",
                tag("label", esc(_("Caption")), for_="editor-caption")
                + tag("input", "", type="text", name="caption", id="editor-caption", value=caption, maxlength="200")
                + button(_("Set caption"), "editor-caption", class_="small"),
                class_="field",
            )
            + tag(
                "div",
                tag("label", esc(_("Position ({game} notation)").format(game=view.title())), for_="editor-position")
                + tag("textarea", esc(position), name="position", id="editor-position", rows="3", spellcheck="false", autocomplete="off")
                + tag(
                    "div",
                    button(_("Apply"), "editor-apply", class_="small") + button(_("Copy"), "editor-copy-position", class_="small"),
                    class_="dialog-actions",
                )
                + tag("p", "", id="editor-position-message", class_="editor-message", role="status"),
                class_="field",
            )
            + tag("div", out, id="editor-out"),
            class_="editor",
            data_form="editor",
        ),
        class_="editor-screen",
    )


__all__ = [
    "EMBED_PLAY",
    "Editing",
    "REMOVE_PIECE",
    "TOOLS",
    "best_moves_html",
    "embed_play_name",
    "marked_picture",
    "click_target",
    "edit_refusal_text",
    "editor_board_svg",
    "editor_screen_html",
    "board_switch_text",
    "said_together",
    "out_html",
    "pick_layer",
    "pieces_html",
    "settings_html",
    "tools_html",
    "with_words",
    "words_html",
]

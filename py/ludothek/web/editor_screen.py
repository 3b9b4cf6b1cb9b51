"""The diagram editor's screen (#/editor/<game>[/<position>[/<diagram>]], issue 36): a position with
marks made by clicks, its link, the game from there and the picture. What it shows is
render/editor.py (pure); this module keeps the editor's state and answers the page's events.

A link is read defensively: a game that is not one of Ludothek's is a link that cannot be opened
(the router says why); a position or a diagram that does not read is said in a message, and the
editor opens on the game's setup position, or without those marks."""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field, replace
from random import Random
from typing import Callable, Generator

from ..ai.base import MoveValue
from ..ai.best_moves import best_moves
from ..games import GAME_IDS, AnyGame
from ..games.base import StateBase
from ..games.editing import AnyEditing, EditRefused
from ..i18n import _, ngettext
from ..render.catalog import game_ai, get_view, is_game, position_editing
from ..render.diagram import (
    COLOURS,
    Diagram,
    DiagramError,
    colour_name,
    diagram_text,
    editor_fragment,
    keep_known,
    keep_known_of_link,
    parse_diagram,
)
from ..render.editor import (
    board_switch_text,
    said_together,
    taken_to_text,
    REMOVE_PIECE,
    EMBED_PLAY,
    TOOLS,
    Editing,
    best_moves_html,
    click_target,
    edit_refusal_text,
    editor_board_svg,
    editor_screen_html,
    marked_picture,
    out_html,
    pieces_html,
    settings_html,
    tool_name,
    tools_html,
    words_html,
)
from ..render.standalone import embed_size, picture_snippet
from ..render.view import UIState, seat_names, AnyView
from .arrow_keys import DIRECTIONS
from .context import AppContext
from .links import LinkError, decode_position, position_fragment
from .page import Control, PageEvent, css_string
from .routes import EDITOR_SCREEN
from .search_runner import SearchCancelled, in_background, run_sliced

SCREEN = EDITOR_SCREEN


@dataclass
class Editor:
    """The editor's state: the game, the position (a state as everyone sees it, and its text),
    the diagram and the input."""

    game_id: str
    state: StateBase  # as everyone sees it
    position: str
    diagram: Diagram = Diagram()
    editing: Editing = Editing()
    cursor: str | None = None
    messages: list[str] = field(default_factory=list)
    best_token: int = 0  # the best-moves search asked for last (a newer position or click drops it)
    embed_play: str = "readonly"  # what the embed code gives readers (render/editor.EMBED_PLAY)
    said_near: bool = False  # the last answer is shown under Apply too (cleared with the next)

    @property
    def view(self) -> AnyView:
        return get_view(self.game_id)

    @property
    def rules(self) -> AnyEditing | None:
        """The game's answers for setting up a position by hand (None: marks only)."""
        return position_editing(self.game_id)

    def centres(self) -> dict[str, tuple[float, float]]:
        return self.view.target_centres(self.state, UIState(interactive=False, diagram=self.diagram))

    def pieces(self) -> str:
        rules = self.rules
        return pieces_html(self.view, rules.palette(self.state) if rules else None, self.editing)

    def settings(self) -> str:
        rules = self.rules
        return settings_html(self.view, rules.settings(self.state) if rules else ())


def of(app: AppContext) -> Editor | None:
    editor = app.editor
    return editor if isinstance(editor, Editor) else None


def setup_state(game_id: str) -> StateBase:
    game = get_game_of(game_id)
    state: StateBase = game.observation(game.new_game(players=get_view(game_id).default_players), None)
    return state


def get_game_of(game_id: str) -> AnyGame:
    return get_view(game_id).game


def route(app: AppContext, parts: list[str]) -> None:
    """#/editor/<game>[/<position>[/<diagram>]]: the editor, with a message for each part of the
    link that does not read (LinkError for a link that names no game)."""
    game_id = parts[1] if len(parts) > 1 else ""
    if game_id not in GAME_IDS or not is_game(game_id):
        raise LinkError(_("the link names no game of Ludothek ({game})").format(game=repr(game_id[:40])))
    messages: list[str] = []
    state = None
    if len(parts) > 2:
        try:
            _game, state = decode_position(game_id, parts[2], Random())
        except LinkError as exc:
            messages.append(_("The position in the link cannot be used ({reason}): the editor shows the setup.").format(reason=exc))
    if state is None:
        state = setup_state(game_id)
    game = get_game_of(game_id)
    state = game.observation(state, None)
    editor = Editor(game_id, state, game.position(state))
    if len(parts) > 3:
        try:
            diagram = parse_diagram("/".join(parts[3:]))
        except DiagramError as exc:
            messages.append(_("The marks in the link cannot be read ({reason}): the editor shows none.").format(reason=exc))
        else:
            editor.diagram, said = keep_known_of_link(diagram, editor.centres())
            if said:
                messages.append(said)
    editor.messages = messages
    app.editor = editor
    show(app, editor)


def show(app: AppContext, editor: Editor) -> None:
    view = editor.view
    html = editor_screen_html(
        view,
        board(editor),
        words_html(editor.diagram, editor.view.target_name),
        tools_html(editor.editing),
        editor.position,
        editor.diagram.caption,
        out(app, editor),
        " ".join(editor.messages),
        editor.pieces(),
        editor.settings(),
    )
    app.session = None
    app.set_screen(SCREEN, html, _("Diagram: {title}").format(title=view.title()))
    app.page.body_data("game", editor.game_id)
    if editor.messages:
        app.announce(" ".join(editor.messages))


def board(editor: Editor) -> str:
    return editor_board_svg(editor.view, editor.state, editor.diagram, editor.editing, editor.cursor)


def out(app: AppContext, editor: Editor) -> str:
    return out_html(app.base_url(), editor.game_id, editor.position, editor.diagram, position_fragment(editor.game_id, editor.position), editor.embed_play)


def redraw(app: AppContext, editor: Editor, message: str | None = None, focus_target: str | None = None, near: str | None = None) -> None:
    """The regions that follow the diagram and the input, and the message said (also `near` the
    control it answers: `#editor-position-message`, under Apply, where the author looks). The
    address follows the position and the marks (a reload or a language switch keeps the work)."""
    page = app.page
    follow_address(app, editor)
    page.region("board", board(editor))
    page.region("editor-words", words_html(editor.diagram, editor.view.target_name))
    page.region("editor-tools", tools_html(editor.editing), keep_focus=True)
    page.region("editor-pieces", editor.pieces(), keep_focus=True)
    page.region("editor-settings", editor.settings(), keep_focus=True)
    page.region("editor-out", out(app, editor), keep_focus=True)
    if focus_target is not None:
        page.focus(f"#board [data-target={css_string(focus_target)}]", scroll=False)
    if message is not None:
        page.text("#editor-message", message)
        app.announce(message)
    if near is not None or editor.said_near:
        page.text("#editor-position-message", message if near is not None and message is not None else "")
        editor.said_near = near is not None


def follow_address(app: AppContext, editor: Editor) -> None:
    """The page's address as the editor's work stands: its position and marks (replaced without a
    new history entry and without a hashchange, which would open the editor afresh and drop the
    chosen tool, as autosave keeps a game's address; `data-route` says it is answered)."""
    fragment = editor_fragment(editor.game_id, editor.position, editor.diagram)
    if app.page_state.hash != fragment:
        app.page_state.hash = fragment
        app.page.replace_url(fragment)  # the fragment alone: the page's own address keeps its query
        app.page.body_data("route", fragment)


def link(app: AppContext, editor: Editor) -> str:
    return app.base_url() + editor_fragment(editor.game_id, editor.position, editor.diagram)


# -- the page's events -----------------------------------------------------------------------------


def take_fields(app: AppContext, editor: Editor, values: dict[str, str]) -> str | None:
    """The label's text and the caption as the page sent them with the event; a caption the
    diagram cannot take is said (and the one before is kept)."""
    if "label" in values:
        editor.editing = replace(editor.editing, label=values["label"].strip()[:16])
    if values.get("embed-play") in EMBED_PLAY:
        editor.embed_play = values["embed-play"]
    caption = values.get("caption")
    if caption is None or " ".join(caption.split()) == editor.diagram.caption:
        return None
    try:
        editor.diagram = replace(editor.diagram, caption=caption)
    except DiagramError as exc:
        return _("This caption cannot be used: {reason}").format(reason=exc)
    return _("The caption is set.")


def click(app: AppContext, event: PageEvent, control: Control) -> bool:
    """True when a click belonged to the editor (and was handled)."""
    editor = of(app)
    if app.screen != SCREEN or editor is None:
        return False
    action, target = control.get("action"), control.get("target")
    if target is not None and action is None and control.inside("#board"):
        target_clicked(app, editor, target, event.values)
        return True
    if action is None or not action.startswith("editor-"):
        return False
    said = take_fields(app, editor, event.values)
    if action == "editor-tool" and control.get("tool") in TOOLS:
        editor.editing = replace(editor.editing, tool=control.get("tool") or "arrow", start=None)
        said = _("Tool: {tool}.").format(tool=tool_name(editor.editing.tool))
    elif action == "editor-colour" and control.get("colour") in COLOURS:
        editor.editing = replace(editor.editing, colour=control.get("colour") or "o")
        said = _("Colour: {colour}.").format(colour=colour_name(editor.editing.colour))
    elif action == "editor-piece" and editor.rules is not None and control.get("piece") is not None:
        said = choose_piece(editor, control.get("piece") or REMOVE_PIECE)
    elif action == "editor-piece-chosen" and editor.rules is not None:
        said = choose_piece(editor, event.values.get("piece", ""))
    elif action == "editor-empty" and editor.rules is not None:
        said = edit(app, editor, lambda rules: rules.empty(editor.state), _("The board is empty."))
    elif action == "editor-setup":
        said = take_position(app, editor, get_game_of(editor.game_id).position(setup_state(editor.game_id)))[1] or _("The board shows the starting position.")
    elif action == "editor-settings" and editor.rules is not None:
        said = apply_settings(app, editor, event.values)
    elif action == "editor-clear":
        editor.diagram = Diagram(caption=editor.diagram.caption)
        editor.editing = replace(editor.editing, start=None)
        said = _("All marks are removed.")
    elif action == "editor-caption":
        said = said or _("The caption is set.")
    elif action == "editor-apply":
        said = apply_position(app, editor, event.values.get("position", ""))
        redraw(app, editor, said, near="#editor-position-message")
        return True
    elif action == "editor-copy-position":
        in_background(copy(app, event.values.get("position", editor.position)))
    elif action == "editor-copy-link":
        in_background(copy(app, link(app, editor)))
    elif action == "editor-copy-embed":
        in_background(copy(app, embed_code(app, editor)))
    elif action == "editor-record":
        from .story_editor import start_story, story_from_position

        try:
            start_story(app, story_from_position(editor.game_id, editor.position, editor.diagram))
        except LinkError as exc:
            said = str(exc)
        else:
            return True
    elif action == "editor-best":
        editor.best_token += 1
        in_background(show_best_moves(app, editor, editor.best_token))
        said = _("Looking for the best moves…")
    elif action == "editor-copy-picture":
        in_background(copy(app, picture_code(editor)))
    elif action == "editor-download-svg":
        download_svg(app, editor)
    elif action == "editor-download-png":
        in_background(app.sharing.download_png(picture_name(editor) + ".png", marked_picture(editor.game_id, editor.state, editor.diagram)))
    redraw(app, editor, said)
    return True


def target_clicked(app: AppContext, editor: Editor, target: str, values: dict[str, str], keyboard: bool = False) -> None:
    caption_said = take_fields(app, editor, values)
    if target not in editor.centres():
        return
    editor.cursor = target
    rules = editor.rules
    if editor.editing.tool == "piece" and rules is not None:
        piece = editor.editing.piece
        palette = rules.palette(editor.state)
        if target not in palette.places:
            said = _("No piece goes on {place}: it is a place for marks only.").format(place=editor.view.target_name(target))
        elif piece == REMOVE_PIECE:
            emptied = said_together(
                _("{place} is emptied.").format(place=editor.view.target_name(target)), taken_to_text(editor.view, palette.taken_to, editor.state)
            )
            said = edit(app, editor, lambda r: r.remove(editor.state, target), emptied)
        else:
            done = _("{piece} on {place}.").format(piece=editor.view.piece_name(piece), place=editor.view.target_name(target))
            said = edit(app, editor, lambda r: r.put(editor.state, target, piece), done)
    else:
        editor.diagram, editor.editing, said = click_target(editor.diagram, editor.editing, target, editor.view.target_name)
    redraw(app, editor, said_together(caption_said, said), focus_target=target if keyboard else None)


def keydown(app: AppContext, event: PageEvent) -> bool:
    """The board's keys on the editor: the arrows move the cursor, Enter and Space click, Escape
    drops an arrow's start."""
    editor = of(app)
    if app.screen != SCREEN or editor is None:
        return False
    token = event.control.get("target") if event.control is not None else None
    if token is not None and event.key in DIRECTIONS:
        app.game.move_cursor(event)
        editor.cursor = app.ui.cursor
        return True
    if token is not None and event.key in ("Enter", " "):
        target_clicked(app, editor, token, event.values, keyboard=True)
        return True
    if event.key == "Escape" and editor.editing.start is not None:
        editor.editing = replace(editor.editing, start=None)
        redraw(app, editor, _("The arrow is cancelled."))
        return True
    return True


def apply_position(app: AppContext, editor: Editor, text: str) -> str:
    """The position text applied: the board follows it, or it is refused with the engine's
    reason and the board stays. Marks on places the new board lacks are dropped, and said."""
    taken, said = take_position(app, editor, text)
    if not taken:
        app.page.attr("#editor-position", "aria-invalid", "true")
    return said or _("The position is applied.")


def take_position(app: AppContext, editor: Editor, text: str) -> tuple[bool, str]:
    """The board follows `text` when the engine reads it: (True, what the new board left out,
    "" for nothing: marks on places it lacks are dropped); else (False, the engine's reason) and
    the board stays."""
    game = get_game_of(editor.game_id)
    try:
        state = game.observation(game.from_observation(text.strip(), Random()), None)
    except (ValueError, TypeError, IndexError, KeyError, RecursionError, OverflowError) as exc:
        reason = get_view(editor.game_id).position_error_text(exc)
        return False, _("This is not a valid {game} position: {reason}").format(game=game.name, reason=reason)
    rules = editor.rules
    shown_before = None if rules is None else rules.palette(editor.state).board_of
    editor.state, editor.position = state, game.position(state)
    shown = None if rules is None else rules.palette(state).board_of
    switched = board_switch_text(editor.view, shown_before, shown, state.setup.players)
    editor.editing = replace(editor.editing, start=None)
    editor.diagram, dropped = keep_known(editor.diagram, editor.centres())
    app.page.prop("#editor-position", "value", editor.position)
    app.page.attr("#editor-position", "aria-invalid", None)
    app.page.region("editor-best", "")  # the best moves were those of the position before
    editor.best_token += 1
    if not dropped:
        return True, switched
    return True, said_together(
        switched,
        ngettext(
            "The position is applied. {n} mark was on a place this board does not have: it is removed.",
            "The position is applied. {n} marks were on places this board does not have: they are removed.",
            dropped,
        ).format(n=dropped),
    )


def choose_piece(editor: Editor, piece: str) -> str:
    rules = editor.rules
    palette = None if rules is None else rules.palette(editor.state)
    if palette is None or (piece != REMOVE_PIECE and piece not in palette.pieces):
        return _("This piece is not one of this game's.")
    editor.editing = replace(editor.editing, tool="piece", piece=piece, start=None)
    if piece == REMOVE_PIECE:
        return said_together(_("Tool: take away. Click a place to empty it."), taken_to_text(editor.view, palette.taken_to, editor.state))
    return _("Tool: {piece}. Click a place to put it there.").format(piece=editor.view.piece_name(piece))


def edit(app: AppContext, editor: Editor, change: Callable[[AnyEditing], str], done: str) -> str:
    """One edit of the board by the game's rules: `done` when the engine takes the result, with
    what it changed beside the board unasked (the view's `board_edit_note`), else why not (the
    game's refusal, or the engine's reason for the position it would give)."""
    before = editor.state
    changed, said = edited(app, editor, change, done)
    return said_together(said, editor.view.board_edit_note(before, editor.state)) if changed else said


def edited(app: AppContext, editor: Editor, change: Callable[[AnyEditing], str], done: str) -> tuple[bool, str]:
    """As `edit`, with whether the position changed."""
    rules = editor.rules
    if rules is None:
        return False, _("This change cannot be made.")
    try:
        text = change(rules)
    except EditRefused as exc:
        return False, edit_refusal_text(editor.view, exc)
    taken, said = take_position(app, editor, text)
    if not taken:
        return False, said
    return True, said_together(done, said)


def set_one(state: StateBase, name: str, value: str, rules: AnyEditing) -> str:
    return rules.set(state, name, value)


def apply_settings(app: AppContext, editor: Editor, values: dict[str, str]) -> str:
    """The settings as the page sent them, each changed one applied in order; the first refused
    one stops them (the ones before it are kept) and is said."""
    rules = editor.rules
    if rules is None:
        return _("This change cannot be made.")
    said: list[str] = []
    for setting in rules.settings(editor.state):
        sent = values.get(f"setting-{setting.name}")
        value = sent.strip() if sent is not None else setting.value
        if value == setting.value:
            continue
        ok, text = edited(app, editor, functools.partial(set_one, editor.state, setting.name, value), "")
        if not ok:
            return " ".join([*said, text])
        said.append(text or _("{setting}: set.").format(setting=editor.view.setting_name(setting.name)))
    return " ".join(said) if said else _("Nothing is changed.")


async def copy(app: AppContext, text: str) -> None:
    try:
        await app.page.copy(text)
    except Exception:  # noqa: BLE001 - no clipboard: the link is in the field to copy by hand
        app.toast(_("The browser did not allow copying. Select the text and copy it by hand."))
        return
    app.toast(_("Copied."))


def picture_name(editor: Editor) -> str:
    return f"ludothek-{editor.game_id}-diagram-{time.strftime('%Y-%m-%d')}"


def download_svg(app: AppContext, editor: Editor) -> None:
    svg = marked_picture(editor.game_id, editor.state, editor.diagram)
    app.page.download(picture_name(editor) + ".svg", svg, "image/svg+xml")


def best_moves_search(editor: Editor) -> Generator[None, None, list[MoveValue]]:
    return best_moves(game_ai(editor.game_id), editor.state)


async def show_best_moves(app: AppContext, editor: Editor, token: int) -> None:
    """The best moves of the position, found in slices (the page keeps answering), then listed;
    dropped when the player changed the position or left the editor meanwhile."""
    position = editor.position
    try:
        found = await run_sliced(
            best_moves_search(editor), still_wanted=lambda: app.editor is editor and editor.best_token == token and editor.position == position
        )
    except SearchCancelled:
        return
    except Exception as exc:  # noqa: BLE001 - a hand-made position the engine reads but a search cannot judge: said, the editor stays
        app.page.error(f"ludothek: best moves of {position!r}: {exc!r}")
        app.announce(_("The computer cannot judge this position."), show=True)
        return
    show_best(app, editor, found)


def show_best(app: AppContext, editor: Editor, moves: list[MoveValue]) -> None:
    names = seat_names(editor.view, editor.state.setup.players)
    app.page.region("editor-best", best_moves_html(editor.view, editor.state, moves, names))
    if moves:
        said = _("Best move: {move}.").format(move=editor.view.move_choice_text(editor.state, moves[0].move))
    else:
        said = _("No move: the game is over in this position.")
    app.page.text("#editor-message", said)
    app.announce(said)


def embed_code(app: AppContext, editor: Editor) -> str:
    """The code that embeds the position with its marks and caption (in the link and the
    snippet's picture): read-only (the picture and a link, no Python in the reader's browser), or
    a board readers play on, as the editor's choice says."""
    readonly = editor.embed_play == "readonly"
    return app.sharing.position_embed_code(
        editor.game_id, editor.state, readonly=readonly, diagram=editor.diagram, opponent=None if readonly else editor.embed_play
    )


def picture_code(editor: Editor) -> str:
    """The diagram as a picture alone for a page (render/standalone.picture_snippet): its alt
    text the caption and the marks in words (the game's name where there are none)."""
    alt = diagram_text(editor.diagram, editor.view.target_name) or editor.view.title()
    return picture_snippet(marked_picture(editor.game_id, editor.state, editor.diagram), alt, embed_size(editor.game_id)[0])


__all__ = ["Editor", "route", "click", "keydown", "show"]

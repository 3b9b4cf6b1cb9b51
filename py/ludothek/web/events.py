"""The page's input: clicks (a table from data-action to what it does), keys and form changes.

A click lands on the element with data-action (a command) or data-target (a place on the board,
handed to the view); the review and puzzle screens see every click first (learn.py)."""

from __future__ import annotations

from typing import Callable

from ..i18n import _
from . import dom, language, learn, remote_screen
from .context import AppContext, Element, Event
from .page import css_string
from .search_runner import in_background

Data = Callable[[str], str]  # data(key): the clicked element's data-<key>, or ""
Handler = Callable[[AppContext, Data], object]  # what a click on a data-action does (its value is dropped)


def _close_dialog(app: AppContext, data: Data) -> None:
    app.game.dialog_closed()


def _replay_to(app: AppContext, data: Data) -> None:
    app.game.replay(int(data("index") or 0))
    app.game.show_board()


CLICK_ACTIONS: dict[str, Handler] = {
    # the game
    "undo": lambda app, data: app.game.undo(),
    "redo": lambda app, data: app.game.redo(),
    "replay-to": _replay_to,
    "replay-first": lambda app, data: app.game.replay(0),
    "replay-prev": lambda app, data: app.game.replay_step(-1),
    "replay-next": lambda app, data: app.game.replay_step(+1),
    "replay-live": lambda app, data: app.game.replay(None),
    "rematch": lambda app, data: app.game.rematch(),
    "new-same": lambda app, data: app.game.rematch(),
    "close-dialog": _close_dialog,
    "hint": lambda app, data: app.computer.show_hints(),
    "keep-game": lambda app, data: app.autosave.keep_game(),
    # the page
    "language": lambda app, data: language.switch_language(app, data("language")),
    # sharing
    "share": lambda app, data: app.sharing.show_dialog(),
    "copy": lambda app, data: in_background(app.sharing.copy_text(data("copy"))),
    "copy-secret": lambda app, data: in_background(app.sharing.copy_game_link()),
    "download-svg": lambda app, data: app.sharing.download_picture("svg"),
    "download-png": lambda app, data: app.sharing.download_picture("png"),
    # files
    "export-current": lambda app, data: app.files.export_current(),
    "export-save": lambda app, data: app.files.export_saves([data("save")]),
    "export-all": lambda app, data: app.files.export_saves(),
    # the saved games
    "delete-save": lambda app, data: app.home.delete_save(data("save")),
    "undo-delete": lambda app, data: app.home.undo_delete(),
    "download-deleted": lambda app, data: app.home.download_deleted(),
    "download-problem": lambda app, data: app.home.download_problem(data("save")),
    "forget-problem": lambda app, data: app.home.forget_problem(data("save")),
    "set-aside": lambda app, data: app.home.set_aside(data("save")),
    # the setup screen's own board
    "setup-cell": lambda app, data: app.setup.cell_clicked(data("cell")),
}


def on_click(app: AppContext, event: Event) -> None:
    if dom.closest(event.target, "a.skip-link") is not None:
        # Its href (#main) would become the address, which the router reads as the home screen:
        # the link only moves the focus to the screen's content, the screen stays.
        event.preventDefault()
        main = dom.by_id("main")
        if main is not None:
            dom.focus(main)
        return
    element = dom.closest(event.target, "[data-action], [data-target]")
    if element is None or learn.click(app, event, element) or remote_screen.click(app, event, element):
        return
    action = dom.data(element, "action")
    target = dom.data(element, "target")
    if target is not None and action is None and dom.closest(element, "#board, #extra, #actions") is not None:
        event.preventDefault()
        if preview_first(app, element, event):
            return
        if dom.closest(element, "#board") is not None:
            app.ui = app.ui.with_(cursor=str(target))
        app.game.handle_target(str(target))
        return
    handler = CLICK_ACTIONS.get(action) if action is not None else None
    if handler is not None:
        handler(app, lambda key: dom.data(element, key) or "")


def preview_first(app: AppContext, element: Element, event: Event) -> bool:
    """On a touch screen nothing can be pointed at: the first tap on an entry that shows itself
    on hover (data-preview) only shows it, a second tap on it commits. Mouse and keyboard
    clicks commit at once, as before."""
    if dom.data(element, "preview") is None or str(getattr(event, "pointerType", "") or "") != "touch":
        return False
    if element.classList.contains("previewing"):
        return False
    page, selector = app.page, f"[data-preview][data-target={css_string(dom.data(element, 'target'))}]"
    page.attr_all(".previewing", "aria-pressed", None)
    page.set_class_all(".previewing", "previewing", False)
    page.set_class(selector, "previewing", True)
    page.attr(selector, "aria-pressed", "true")
    app.announce(_("Shown on your layout. Tap it again to choose it."))
    return True


def on_change(app: AppContext, event: Event) -> None:
    element = event.target
    if str(element.id or "") == "import-file":
        in_background(app.files.import_file(element))
        return
    embed_options = dom.closest(element, "[data-action=embed-options]")
    if embed_options is not None:
        app.sharing.update_options(embed_options)
        return
    form = dom.closest(element, "form.setup")
    if form is not None:
        app.setup.changed(form, element)


def on_submit(app: AppContext, event: Event) -> None:
    pasted = dom.closest(event.target, "form.open-link")
    if pasted is not None:
        event.preventDefault()
        app.home.open_link(str(pasted.elements.namedItem("link").value or ""))
        return
    form = dom.closest(event.target, "form.setup")
    if form is not None:
        event.preventDefault()
        app.setup.start_game(form)


def on_keydown(app: AppContext, event: Event) -> None:
    key = str(event.key)
    element = event.target
    tag_name = str(getattr(element, "tagName", "") or "").lower()
    if tag_name in ("input", "select", "textarea"):
        return
    if event.ctrlKey or event.metaKey or event.altKey or learn.keydown(app, event, key) or remote_screen.keydown(app, event, key):
        return
    app.game.keydown(event, key)

"""The page's input, as assets/page.js describes it (web/page.PageEvent): clicks (a table from
data-action to what it does), keys, form changes, the address and the storage.

A click lands on the element with data-action (a command) or data-target (a place on the board,
handed to the view); the review and puzzle screens see every click first (learn.py)."""

from __future__ import annotations

from typing import Callable

from ..i18n import _
from . import language, learn
from .context import AppContext
from .page import Control, PageEvent, css_string
from .routes import EDITOR_SCREEN, REMOTE_ACTIONS_ANYWHERE, REMOTE_SCREEN, STORY_ACTIONS_ANYWHERE, STORY_SCREENS
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
}


def dispatch(app: AppContext, event: PageEvent) -> None:
    """What the page told the app, handed to the part of it it concerns."""
    if event.type == "click":
        on_click(app, event)
    elif event.type == "key":
        on_keydown(app, event)
    elif event.type == "change":
        on_change(app, event)
    elif event.type == "submit":
        on_submit(app, event)
    elif event.type == "import":
        in_background(app.files.import_text(event.text))
    elif event.type == "route":
        app.stored_changed(event)
        app.address_changed(event.hash)
    elif event.type == "storage":
        app.stored_changed(event)
        app.autosave.on_storage(event.storage_key)
    elif event.type in ("refused", "written"):
        app.write_answered(event)
    elif event.type == "failed":
        app.page_failed(str(event.raw.get("op") or ""), str(event.raw.get("error") or "")[:300])


def on_click(app: AppContext, event: PageEvent) -> None:
    control = event.control
    if control is None or learn.click(app, event, control):
        return
    action = control.get("action")
    hooks = _screen_hooks(app, action)
    if hooks is not None and hooks[0](app, event, control):
        return
    target = control.get("target")
    if target is not None and action is None and control.inside("#board", "#extra", "#actions"):
        if preview_first(app, control, event):
            return
        if control.inside("#board"):
            app.ui = app.ui.with_(cursor=str(target))
        app.game.handle_target(str(target))
        return
    handler = CLICK_ACTIONS.get(action) if action is not None else None
    if handler is not None:
        handler(app, lambda key: control.get(key) or "")
    elif action == "setup-cell" and event.setup is not None:
        app.setup.cell_clicked(event.setup, control.get("cell") or "")


def preview_first(app: AppContext, control: Control, event: PageEvent) -> bool:
    """On a touch screen nothing can be pointed at: the first tap on an entry that shows itself
    on hover (data-preview) only shows it, a second tap on it commits. Mouse and keyboard
    clicks commit at once, as before."""
    if control.get("preview") is None or event.pointer != "touch":
        return False
    if "previewing" in control.classes:
        return False
    page, selector = app.page, f"[data-preview][data-target={css_string(control.get('target'))}]"
    page.attr_all(".previewing", "aria-pressed", None)
    page.set_class_all(".previewing", "previewing", False)
    page.set_class(selector, "previewing", True)
    page.attr(selector, "aria-pressed", "true")
    app.announce(_("Shown on your layout. Tap it again to choose it."))
    return True


def on_change(app: AppContext, event: PageEvent) -> None:
    if event.form == "story" and app.screen in STORY_SCREENS:
        from . import stories

        stories.changed(app, event)
    elif event.form == "embed-options":
        app.sharing.update_options(event.values)
    elif event.form == "setup" and event.setup is not None and event.control is not None:
        app.setup.changed(event.setup, event.control)


def on_submit(app: AppContext, event: PageEvent) -> None:
    if event.form == "open-link":
        app.home.open_link(event.text or "")
    elif event.form == "setup" and event.setup is not None:
        app.setup.start_game(event.setup)


def on_keydown(app: AppContext, event: PageEvent) -> None:
    """A key pressed outside a text field and without Ctrl, Alt or Meta (the page leaves those to the browser)."""
    hooks = _screen_hooks(app)
    if learn.keydown(app, event) or (hooks is not None and hooks[1](app, event)):
        return
    app.game.keydown(event)


ClickHook = Callable[[AppContext, PageEvent, Control], bool]
KeyHook = Callable[[AppContext, PageEvent], bool]


def _screen_hooks(app: AppContext, action: str | None = None) -> tuple[ClickHook, KeyHook] | None:
    """The click and key hooks of the screens whose modules are imported with them, not with the
    app (routes.py: they come in the package's second zip): the diagram editor on its screen, play
    by link on its screen and for its clicks on other screens."""
    if app.screen == EDITOR_SCREEN:
        from . import editor_screen

        return editor_screen.click, editor_screen.keydown
    if app.screen in STORY_SCREENS or action in STORY_ACTIONS_ANYWHERE:
        from . import stories

        return stories.click, stories.keydown
    if app.screen == REMOTE_SCREEN or action in REMOTE_ACTIONS_ANYWHERE:
        from . import remote_screen

        return remote_screen.click, remote_screen.keydown
    return None

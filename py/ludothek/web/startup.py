"""Start-up: the language, the page's listeners, the first screen, and the ready flag."""

from __future__ import annotations

import traceback


from ..i18n import _
from . import dom, events, language
from .context import AppContext
from .saves import BrowserStorage


def start(app: AppContext) -> None:
    """Start the page. Nothing stored or in the address can stop this: whatever fails shows
    the "Something went wrong" screen, and the page still becomes ready."""
    language.choose_at_start(app)
    doc = dom.document
    dom.on(doc, "click", app.guard(lambda event: events.on_click(app, event)))
    dom.on(doc, "keydown", app.guard(lambda event: events.on_keydown(app, event)))
    dom.on(doc, "change", app.guard(lambda event: events.on_change(app, event)))
    dom.on(doc, "submit", app.guard(lambda event: events.on_submit(app, event)))
    dom.on(dom.window, "hashchange", app.guard(lambda event: app.route()))
    dom.on(dom.window, "storage", app.guard(app.autosave.on_storage))
    try:
        app.route()
    except Exception:  # noqa: BLE001 - even the error screen failed: the page still becomes ready
        app.page.error(traceback.format_exc())
    finally:
        app.page.body_data("ready", "1")
    if app.embed.embed or not isinstance(app.storage, BrowserStorage):
        return
    if app.storage.status == "blocked":
        app.toast(_("This browser does not let the page store games: they are kept until you close it. Export a game to keep it."))
    elif app.storage.status == "full":
        app.toast(
            _("The browser's storage is full: your saved games are listed, but new moves cannot be saved. Export games to keep them, or delete old ones."),
            seconds=12,
            action=("export-all", _("Export all")),
        )

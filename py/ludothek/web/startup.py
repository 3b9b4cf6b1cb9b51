"""Start-up: the language, the first screen, and the ready flag (the page's side listens for the
app: assets/page.js, connected by web/app.main)."""

from __future__ import annotations

import traceback


from ..i18n import _
from . import language
from .context import AppContext
from .saves import MirroredStorage


def start(app: AppContext) -> None:
    """Start the page. Nothing stored or in the address can stop this: whatever fails shows
    the "Something went wrong" screen, and the page still becomes ready."""
    language.choose_at_start(app)
    try:
        app.route()
    except Exception:  # noqa: BLE001 - even the error screen failed: the page still becomes ready
        app.page.error(traceback.format_exc())
    finally:
        app.page.body_data("ready", "1")
    if app.embed.embed or not isinstance(app.storage, MirroredStorage):
        return
    if app.storage.status == "blocked":
        app.toast(_("This browser does not let the page store games: they are kept until you close it. Export a game to keep it."))
    elif app.storage.status == "full":
        app.toast(
            _("The browser's storage is full: your saved games are listed, but new moves cannot be saved. Export games to keep them, or delete old ones."),
            seconds=12,
            action=("export-all", _("Export all")),
        )

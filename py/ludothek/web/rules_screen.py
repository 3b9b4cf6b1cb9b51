"""The rules page of a game (#/rules/<game>): its rulebook text in the current language.

The build renders every rules page ahead of time (render/static.py) and boot.js shows it before
Python is ready; the same page in the same language is then kept as it is (nothing redrawn, the
reader's scroll position and focus stay)."""

from __future__ import annotations

from ..i18n import _, language
from ..render.catalog import get_view
from ..render.rules import rules_screen_html
from .context import AppContext


def show_rules(app: AppContext, game_id: str) -> None:
    view = get_view(game_id)
    title = _("Rules: {title}").format(title=view.title())
    shown = app.page_state
    if app.screen == "" and shown.shown_lang == language() and shown.shown_screen == f"rules/{game_id}":
        # boot.js shows this page as the build rendered it (the markup this module would write,
        # tests/test_publish.py): the app takes it over as it is, as the home screen does.
        app.page.attr("#screen", "data-static", None)
        shown.shown_screen = None
        app.screen = "rules"
        app.rendered.clear()
        app.page.body_data("screen", "rules")
        app.page.title(f"{title} – Ludothek")
        return
    app.set_screen("rules", rules_screen_html(view), title)

"""The page's language: chosen at the start (the player's stored choice, else the browser's), switched
by the player (the top bar's switch), and the parts of the page outside the screens drawn in it."""

from __future__ import annotations

from ..i18n import _, language, pick_language, set_language
from ..render import screens
from .context import AppContext
from .saves import StorageError

LANGUAGE_KEY = "ludothek.language"  # also read by assets/boot.js (the home screen's early switch)


def choose_at_start(app: AppContext) -> None:
    """The stored choice, else the first of the browser's languages we have; English when either is odd."""
    try:
        saved = app.storage.get(LANGUAGE_KEY)
        set_language(saved if saved else pick_language(list(app.page_state.languages)))
    except Exception:  # noqa: BLE001 - an odd stored language or navigator: English
        set_language("en")
    render_chrome(app)


def render_chrome(app: AppContext) -> None:
    """The parts of the page outside the screens, in the current language."""
    app.page.lang(language())
    app.page.text(".skip-link", _("Skip to content"))
    app.page.html("#lang-switch", screens.language_switch_html())


def switch_language(app: AppContext, code: str) -> None:
    set_language(code)
    try:
        app.storage.set(LANGUAGE_KEY, language())
    except StorageError:
        pass  # full or blocked: the choice holds until the page closes
    render_chrome(app)
    if app.screen == "game" and app.session is not None:
        app.game.redraw_frame()
    elif app.screen == "setup":
        app.screen = ""
        app.route()
    else:
        app.route()
    app.announce(_("Language: English") if language() == "en" else _("Language: German"))

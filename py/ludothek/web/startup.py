"""Start-up, the language, and routing: which screen an address opens."""

from __future__ import annotations

import traceback

import js  # type: ignore[import-not-found]

from ..games import GAME_IDS
from ..i18n import _, language, pick_language, set_language
from ..render import get_view, has_view, screens
from ..render.rules import rules_body_html
from . import dom, events, learn, remote_screen
from .dialogs import close_dialog, show_focused_whole
from .links import LinkError
from .routes import POSITION_SCREENS, parse_route
from .saves import StorageError

LANGUAGE_KEY = "ludothek.language"


def start(app) -> None:
    """Start the page. Nothing stored or in the address can stop this: whatever fails shows
    the "Something went wrong" screen, and the page still becomes ready."""
    try:
        saved = app.storage.get(LANGUAGE_KEY)
        set_language(saved if saved else pick_language(list(js.navigator.languages or [js.navigator.language])))
    except Exception:  # noqa: BLE001 - an odd stored language or navigator: English
        set_language("en")
    render_chrome()
    doc = dom.document
    dom.on(doc, "click", app.guard(lambda event: events.on_click(app, event)))
    dom.on(doc, "keydown", app.guard(lambda event: events.on_keydown(app, event)))
    dom.on(doc, "change", app.guard(lambda event: events.on_change(app, event)))
    dom.on(doc, "submit", app.guard(lambda event: events.on_submit(app, event)))
    dom.on(dom.by_id("dialog"), "focusin", app.guard(show_focused_whole))
    dom.on(dom.window, "hashchange", app.guard(lambda event: app.route()))
    dom.on(dom.window, "storage", app.guard(app.autosave.on_storage))
    try:
        app.route()
    except Exception:  # noqa: BLE001 - even the error screen failed: the page still becomes ready
        js.console.error(traceback.format_exc())
    finally:
        doc.body.dataset.ready = "1"
    if app.embed.embed:
        return
    if app.storage.status == "blocked":
        app.toast(_("This browser does not let the page store games: they are kept until you close it. Export a game to keep it."))
    elif app.storage.status == "full":
        app.toast(
            _("The browser's storage is full: your saved games are listed, but new moves cannot be saved. Export games to keep them, or delete old ones."),
            seconds=12,
            action=("export-all", _("Export all")),
        )


def render_chrome() -> None:
    """The parts of the page outside the screens, in the current language."""
    doc = dom.document
    doc.documentElement.lang = language()
    skip = dom.query(".skip-link")
    if skip is not None:
        skip.textContent = _("Skip to content")
    switch = dom.by_id("lang-switch")
    if switch is not None:
        switch.innerHTML = screens.language_switch_html()


def switch_language(app, code: str) -> None:
    set_language(code)
    try:
        app.storage.set(LANGUAGE_KEY, language())
    except StorageError:
        pass  # full or blocked: the choice holds until the page closes
    render_chrome()
    if app.screen == "game" and app.session is not None:
        app.game.redraw_frame()
    elif app.screen == "setup":
        app.screen = ""
        app.route()
    else:
        app.route()
    app.announce(_("Language: English") if language() == "en" else _("Language: German"))


def route(app) -> None:
    where = parse_route(str(js.location.hash))
    screen, argument = where.screen, where.argument
    app.computer.cancel_thinking()
    close_dialog()
    try:
        if screen in POSITION_SCREENS:
            if not where.rest:
                raise LinkError(_("the link is incomplete: it names no position"))
            app.sharing.open_position_link(argument, where.rest)
        elif screen == "game":
            app.sharing.open_game_link(argument)
        elif screen in learn.SCREENS:
            learn.route(app, list(where.parts))
        elif app.embed.embed:
            raise LinkError(_("an embedded board needs a position or a game in its link"))
        elif screen in ("remote", "by-link"):  # a game by link (issue 27)
            remote_screen.route(app, screen, argument)
        elif screen == "setup" and argument in GAME_IDS and has_view(argument):
            app.setup.show(argument)
        elif screen == "play" and argument:
            app.game.show(argument)
        elif screen == "rules" and argument in GAME_IDS and has_view(argument):
            show_rules(app, argument)
        else:
            app.home.show()
    except LinkError as exc:
        app.set_screen("error", screens.link_error_html(str(exc)), _("This link cannot be opened"))
    except Exception as exc:  # noqa: BLE001 - the last resort: data never leaves the page stuck
        js.console.error(traceback.format_exc())
        show_problem(app, exc, argument if screen == "play" else None)


def show_problem(app, exc: BaseException, save_id: str | None = None) -> None:
    """The last-resort screen: what went wrong, a way home, and a way to set the save aside."""
    app.session = None
    reason = (str(exc) or type(exc).__name__)[:300]
    actions = screens.tag("a", screens.esc(_("Go to the games")), href="#/", class_="button primary")
    if save_id:
        actions += screens.button(_("Set this game aside"), "set-aside", data={"save": save_id})
    html = (
        screens.tag("h1", screens.esc(_("Something went wrong")))
        + screens.tag("p", screens.esc(_("This could not be shown: {reason}").format(reason=reason)), role="alert", class_="errors")
        + (
            screens.tag(
                "p",
                screens.esc(_("If it happens again, set the game aside: it is kept, and you can download it from the list of games that could not be read.")),
            )
            if save_id
            else ""
        )
        + screens.tag("div", actions, class_="dialog-actions")
    )
    app.set_screen("error", html, _("Something went wrong"))


def show_rules(app, game_id: str) -> None:
    view = get_view(game_id)
    body = rules_body_html(view, language())
    app.set_screen("rules", screens.rules_html(view, body), _("Rules: {title}").format(title=view.title()))

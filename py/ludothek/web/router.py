"""Routing: which screen an address opens (the address itself is read by routes.py, without the
browser). Every address ends on a screen: a link that cannot be opened says why, and anything
else that fails shows the last-resort screen (problem_screen.py)."""

from __future__ import annotations

import traceback

from ..games import GAME_IDS
from ..i18n import _
from ..render.catalog import is_game
from ..render.screens import link_error_html
from . import learn
from .context import AppContext
from .links import LinkError
from .problem_screen import show_problem
from .routes import EDITOR_SCREEN, POSITION_SCREENS, REMOTE_ROUTES, STORY_ROUTES, parse_route
from .rules_screen import show_rules


def route(app: AppContext) -> None:
    """Show the screen of the page's address (location.hash); the body's `data-route` then names
    the address answered (the app answers in its worker, after the page's hashchange: a reader of
    the page, a test, knows by it that the screen shown is this address's)."""
    answered = app.page_state.hash  # the screen may send the page on (app.go): this address was answered
    try:
        _show_route(app)
    finally:
        app.page.body_data("route", answered)


def _show_route(app: AppContext) -> None:
    where = parse_route(app.page_state.hash)
    screen, argument = where.screen, where.argument
    app.computer.cancel_thinking()
    app.page.close_dialog()
    try:
        if screen in POSITION_SCREENS:
            if not where.rest:
                raise LinkError(_("the link is incomplete: it names no position"))
            # A diagram's marks follow the position as further parts (web/links.position_fragment).
            app.sharing.open_position_link(argument, where.rest, "/".join(where.parts[3:]))
        elif screen == "game":
            app.sharing.open_game_link(argument)
        elif screen in learn.SCREENS:
            learn.route(app, list(where.parts))
        elif screen in STORY_ROUTES:  # stories (issue 57), imported with their screen
            from . import stories

            stories.route(app, list(where.parts))
        elif app.embed.embed:
            raise LinkError(_("an embedded board needs a position or a game in its link"))
        elif screen in REMOTE_ROUTES:  # a game by link (issue 27), imported with its screen
            from . import remote_screen

            remote_screen.route(app, screen, argument)
        elif screen == EDITOR_SCREEN:  # the diagram editor (issue 36), imported with its screen
            from . import editor_screen

            editor_screen.route(app, list(where.parts))
        elif screen == "setup" and argument in GAME_IDS and is_game(argument):
            app.setup.show(argument)
        elif screen == "play" and argument:
            app.game.show(argument)
        elif screen == "rules" and argument in GAME_IDS and is_game(argument):
            show_rules(app, argument)
        else:
            app.home.show()
    except LinkError as exc:
        app.set_screen("error", link_error_html(str(exc)), _("This link cannot be opened"))
    except Exception as exc:  # noqa: BLE001 - the last resort: data never leaves the page stuck
        app.page.error(traceback.format_exc())
        show_problem(app, exc, argument if screen == "play" else None)

"""The last-resort screen: what went wrong, a way home, and a way to set the save aside (shown
when an address, a save or a link could not be shown in any other way)."""

from __future__ import annotations

from ..i18n import _
from ..render import screens
from .context import AppContext


def show_problem(app: AppContext, exc: BaseException, save_id: str | None = None) -> None:
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

"""The rules page of a game (#/rules/<game>): its rulebook text in the current language."""

from __future__ import annotations

from ..i18n import _, language
from ..render import get_view, screens
from ..render.rules import rules_body_html
from .context import AppContext


def show_rules(app: AppContext, game_id: str) -> None:
    view = get_view(game_id)
    body = rules_body_html(view, language())
    app.set_screen("rules", screens.rules_html(view, body), _("Rules: {title}").format(title=view.title()))

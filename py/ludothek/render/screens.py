"""The pieces the app's screens share, as HTML text (pure): a button naming its command, a computer
level's name, the dialog's frame, the language switch, and the two small screens (a link that
cannot be opened, a game's rules). ludothek.web puts them into the page and wires events.

The screens themselves have their own modules: render/home_screen.py (the games and the saved
games), render/setup_screen.py (the setup form), render/game_panels.py (the game screen's frame,
panels and dialogs), render/sharing.py (the share dialog and the frame of an embedded board).

Every interactive element names its intent in data attributes: `data-action` for app commands
(`undo`, `new-game`, ...), `data-target` for game input handled by the game's view. Every text
that came from a user (player names, file contents) is escaped.
"""

from __future__ import annotations

from typing import Mapping

from .catalog import levels as ai_levels
from ..i18n import _, language
from .svg import esc, tag
from .view import AnyView


def button(
    label: str,
    action: str | None = None,
    *,
    target: str | None = None,
    class_: str = "",
    title: str | None = None,
    disabled: bool = False,
    data: Mapping[str, object] | None = None,
    **attributes: object,
) -> str:
    """A button naming its command in data-action (and its arguments in data-*)."""
    extra = {f"data_{k}": v for k, v in (data or {}).items()}
    return tag(
        "button",
        esc(label),
        type="button",
        class_=class_ or None,
        data_action=action,
        data_target=target,
        title=title,
        disabled=disabled,
        **extra,
        **attributes,
    )


def copy_field_html(label: str, control_id: str, control: str, note: str = "") -> str:
    """A labelled text to copy (`control`: its read-only field, of id `control_id`: a link, an embed
    code) with its Copy button, and a note under it when there is one."""
    return tag(
        "div",
        tag("label", esc(label), for_=control_id)
        + tag("div", control + button(_("Copy"), "copy", class_="small", data={"copy": control_id}), class_="copy-row")
        + (tag("p", esc(note), class_="help") if note else ""),
        class_="field",
    )


def level_label(game_id: str, number: int) -> str:
    for level in ai_levels(game_id):
        if level.number == number:
            return _(level.name)
    return str(number)


def language_switch_html() -> str:
    """The top bar's switch to the other language (outside the screens: web/language.render_chrome
    puts it into #lang-switch; the home screen rendered ahead of time carries it for boot.js)."""
    other = "de" if language() == "en" else "en"
    label = {"de": "Deutsch", "en": "English"}[other]
    return tag(
        "button",
        esc(label),
        type="button",
        class_="small",
        data_action="language",
        data_language=other,
        lang=other,
        aria_label=_("Switch the language to {language}").format(language=label),
    )


def dialog_html(body: str, actions: str) -> str:
    """What the page's dialog shows: its body, which scrolls when the window is short, and below it
    the actions (Close and the main one), always in view. The actions lie outside the part that
    scrolls, so a control focused or scrolled to in the body is never hidden under them (WCAG 2.2
    Focus Not Obscured), whatever the actions' height."""
    return tag("div", body, class_="dialog-body") + tag("div", actions, class_="dialog-actions")


def link_error_html(message: str) -> str:
    return (
        tag("h1", esc(_("This link cannot be opened")))
        + tag("p", esc(message), role="alert", class_="errors")
        + tag("p", tag("a", esc(_("Go to the games")), href="#/", class_="button primary"))
    )


def rules_html(view: AnyView, body: str) -> str:
    return tag(
        "article",
        tag("h1", esc(_("Rules: {title}").format(title=view.title())))
        + tag("p", tag("a", esc(_("Learn it step by step")), href=f"#/learn/{view.game_id}", class_="button"), class_="rules-learn")
        + body
        + tag(
            "p",
            tag("a", esc(_("Start a game")), href=f"#/setup/{view.game_id}", class_="button primary")
            + " "
            + tag("a", esc(_("Learn it step by step")), href=f"#/learn/{view.game_id}", class_="button"),
        ),
        class_="rules",
        lang=language(),
    )


__all__ = [
    "button",
    "dialog_html",
    "esc",
    "language_switch_html",
    "level_label",
    "link_error_html",
    "rules_html",
    "tag",
]

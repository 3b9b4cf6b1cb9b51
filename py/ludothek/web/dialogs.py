"""The page's one modal dialog (<dialog id="dialog">): share, hand-over and result dialogs.

Its content comes from `render.screens.dialog_html`: a body that scrolls and the actions below it."""

from __future__ import annotations

from typing import Any

from . import dom

# The controls a dialog can open on, in document order.
FIRST_CONTROL = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])"


def open_dialog(html: str, focus: str | None = None) -> None:
    """Show `html` in the dialog (replacing what it showed) and put the keyboard on the element
    matching `focus`, when given and present; a dialog just opened without one starts on its first
    control (the browser's own choice would be the body that scrolls, a box without a name)."""
    dialog = dom.by_id("dialog")
    dialog.innerHTML = html
    opening = not dialog.open
    if opening:
        dialog.showModal()
    button = dom.query(focus, dialog) if focus is not None else None
    if button is None and opening:
        button = dom.query(FIRST_CONTROL, dialog)
    if button is not None:
        button.focus()


def show_focused_whole(event: Any) -> None:
    """A control focused in a dialog is brought wholly into view. The browser scrolls only as far
    as it must to show part of it (of a text area, the line with the caret), which left the middle of
    the embed code's box below the dialog's visible body, where the actions are."""
    target = event.target
    if target is not None and target.closest(".dialog-body") is not None:
        target.scrollIntoView(dom.to_js_options({"block": "nearest"}))


def close_dialog() -> None:
    dialog = dom.by_id("dialog")
    if dialog is not None and dialog.open:
        dialog.close()

"""The page's one modal dialog (<dialog id="dialog">): share, hand-over and result dialogs."""

from __future__ import annotations

from . import dom


def open_dialog(html: str, focus: str | None = None) -> None:
    """Show `html` in the dialog (replacing what it showed) and put the keyboard on the element
    matching `focus`, when given and present."""
    dialog = dom.by_id("dialog")
    dialog.innerHTML = html
    if not dialog.open:
        dialog.showModal()
    if focus is not None:
        button = dom.query(focus, dialog)
        if button is not None:
            button.focus()


def close_dialog() -> None:
    dialog = dom.by_id("dialog")
    if dialog is not None and dialog.open:
        dialog.close()

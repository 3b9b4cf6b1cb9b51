"""Saving the game being played after every change, and what another window of the page did to
it (went on with it, or deleted it): the other window's moves win, nothing is overwritten."""

from __future__ import annotations

import time


from ..games.base import RecordError
from ..i18n import _
from .context import AppContext
from .links import record_fragment
from .saves import SaveConflict, StorageError, StorageFull
from .session import GameSession


class AutoSave:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.storage_warned = False  # the player is told once that saving fails

    def save(self) -> None:
        app = self.app
        session = app.session
        if session is None:
            return
        if app.embed.embed:
            # An embedded board never writes to the reader's storage (it may be blocked or
            # partitioned): the game lives in the frame's address, so a reload keeps it.
            app.page.replace_url(app.embed.query() + record_fragment(session.record()))
            app.page.attr(".embed-credit a", "href", app.sharing.full_app_url())
            return
        try:
            app.store.save(session, time.time())
        except SaveConflict as conflict:
            self.on_conflict(session, conflict.entry_text)
        except StorageError as exc:
            self.refused(isinstance(exc, StorageFull))

    def refused(self, full: bool, key: str | None = None) -> None:
        """The browser refused to write the shown game (or `key`, when it is the shown game's;
        `full`: for want of room): the player is told once. (A refused setting is not worth a
        word; an import says what it could not store.)"""
        app = self.app
        if self.storage_warned or app.embed.embed:
            return
        if key is not None and (app.session is None or key != app.store.key(app.session.save_id)):
            return
        self.storage_warned = True
        if full:
            text = _("The browser's storage is full: this game is not being saved. Export it, or delete old games.")
        else:
            text = _("The browser refused to store this game: it is not being saved. Export it to keep it.")
        app.toast(text, seconds=12, action=("export-current", _("Export")))

    def on_conflict(self, session: GameSession, entry_text: str | None) -> None:
        """Another window changed or deleted this game: its moves win, nothing is overwritten."""
        if session is not self.app.session:
            return
        if entry_text is None:
            self.app.toast(_("This game was deleted in another window. Keep it here?"), seconds=12, action=("keep-game", _("Keep it")))
            return
        self.reload_session(_("This game went on in another window: it is shown as it stands there."))

    def reload_session(self, message: str) -> None:
        app = self.app
        session = app.session
        if session is None:
            return
        app.computer.cancel_thinking()
        try:
            app.session = app.store.load(session.save_id)
        except (KeyError, RecordError):
            return
        app.page.close_dialog()
        app.ui = app.game.live_ui()
        app.game.update()
        app.toast(message)
        app.computer.schedule()

    def keep_game(self) -> None:
        """Save again a game deleted in another window (as the player chose)."""
        if self.app.session is not None:
            self.app.session.revision = None
            self.save()
            self.app.toast(_("The game is saved again."))

    def on_storage(self, key: str | None) -> None:
        """Another window of this page changed the storage (`key`; None: it was cleared): show what it did."""
        app = self.app
        if key is not None and not app.store.is_save_key(key):
            return
        if app.screen == "home":
            app.home.saves_changed_elsewhere()
            return
        session = app.session
        if app.screen != "game" or session is None or app.embed.embed or key not in (None, app.store.key(session.save_id)):
            return
        if app.store.entry_text(session.save_id) is None:
            self.on_conflict(session, None)
            return
        try:
            stored = app.store.load(session.save_id)
        except (KeyError, RecordError):
            return
        if stored.revision != session.revision:
            self.reload_session(_("This game went on in another window: it is shown as it stands there."))

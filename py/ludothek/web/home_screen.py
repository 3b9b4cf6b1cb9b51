"""The home screen: the games, and the saved ones (Continue, delete and undo, entries that could
not be read)."""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
import traceback


from ..games import GAME_IDS
from ..i18n import _, language
from ..render import screens
from ..render.catalog import get_view, is_game
from ..render.home_screen import LinkItem, home_html, saves_html
from ..render.view import AnyView
from .context import AppContext
from .deleted import LastDeleted
from .links import LinkError, app_fragment
from .saves import REMOTE_PREFIX, Problem, SaveSummary, StorageError
from .search_runner import in_background, next_turn

LIST_PART = 100  # saves drawn per frame on the home screen
UNPLAYED_KEPT_SECONDS = 3600  # a started game with no move is stored this long (for a reload)
# The saved-games list as last drawn, for assets/boot.js to show under the home screen rendered
# ahead of time while Python starts (so Continue answers then): {"lang", "html"}, the newest
# CACHED_SAVES games only, their times as dates (true whenever it is read). boot.js reads it with
# bounds and lets only the elements and attributes of this list through.
SAVES_CACHE_KEY = "ludothek.home.saves"
CACHED_SAVES = 20


def list_items(html: str) -> str | None:
    """The <li> items of the save list in saves_html's markup (None if it has no such list)."""
    match = re.search(r'<ul class="save-list">(.*?)</ul>', html, re.DOTALL)
    return match.group(1) if match else None


class HomeScreen:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.list_token = 0  # a newer list stops the drawing of an older one
        self.deleted = LastDeleted(lambda save_id: app.store.take(save_id), lambda save_id, text: app.store.put_entry_text(save_id, text))
        self.refresh_pending = False

    def show(self) -> None:
        app = self.app
        shown = app.page_state
        if app.screen == "" and shown.shown_lang == language() and shown.shown_screen == "home":  # not a rules page (rules_screen.py)
            # The home screen the build rendered ahead of time is already showing: keep it (no need
            # to draw five thumbnails again) and only add what is personal, the saved games.
            app.page.attr("#screen", "data-static", None)
            shown.shown_screen = None
            app.screen = "home"
            app.rendered.clear()
            app.page.body_data("screen", "home")
            app.page.title("Ludothek")
            self.refresh_saves()
        else:
            views = [get_view(game_id) for game_id in GAME_IDS if is_game(game_id)]
            app.set_screen("home", home_html(views, ""), "Ludothek")
            self.refresh_saves()
        app.session = None

    def refresh_saves(self) -> None:
        app = self.app
        if app.screen != "home":
            return
        app.page.mark("saves-start")
        summaries, problems = app.store.summaries()
        app.page.measure("saves-read", "saves-start")
        # Entries kept aside, and broken ones that could not be moved aside (storage full).
        shown_problems = app.store.quarantined() + [p for p in problems if not p.kept_aside]
        # A game nobody has moved in yet is not listed; one left unplayed for long is forgotten,
        # so unplayed games never pile up in storage (a fresh one survives a reload meanwhile).
        unplayed = [summary for summary in summaries if not (summary.moves or summary.over)]
        for summary in unplayed:
            self.forget_unplayed(summary)
        summaries = [summary for summary in summaries if summary.moves or summary.over]
        # Games by link (issue 27) in the same list, by when they last moved, with their state
        # (one that does not read is left out; none at all rather than no list).
        try:
            by_link = link_items(app) if any(key.startswith(REMOTE_PREFIX) for key in app.storage.keys()) else []
        except Exception:  # noqa: BLE001 - a stored game by link must never hide the saved games
            app.page.error(traceback.format_exc())
            by_link = []
        listed: list[SaveSummary | LinkItem] = sorted([*summaries, *by_link], key=lambda item: -item.updated)
        views = {game_id: get_view(game_id) for game_id in sorted({s.game_id for s in listed}) if is_game(game_id)}
        self.list_token += 1
        try:
            # A long list is drawn the newest first, the rest appended a part per frame (1,000
            # saves at once held the page for half a second).
            now = time.time()
            # What the player had open or focused in the list stays so when it is drawn again (the
            # first drawing replaces the list boot.js showed while Python started).
            html = saves_html(listed[:LIST_PART], shown_problems, views, now, total=len(listed))
            app.page.region("saves", html, keep_focus=True, keep_open="details.more-saves")
            app.page.measure("saves-shown", "saves-start")
            self.keep_for_start(listed, shown_problems, views)
            if len(listed) > LIST_PART:
                in_background(self.append_saves(self.list_token, listed[LIST_PART:], views, now))
        except Exception:  # noqa: BLE001 - one odd summary must not hide the list: show it plainly
            app.page.error(traceback.format_exc())
            app.storage.remove(SAVES_CACHE_KEY)  # nor show an older one at the next start
            app.page.html(
                "#saves",
                saves_html([], shown_problems, {}, time.time())
                + screens.tag("p", screens.esc(_("Your saved games could not be listed. Use Export all to keep them.")), class_="errors")
                + screens.button(_("Export all"), "export-all", class_="small"),
            )

    def keep_for_start(self, summaries: list[SaveSummary | LinkItem], problems: list[Problem], views: dict[str, AnyView]) -> None:
        """Store the list for the next start (SAVES_CACHE_KEY); never stops the list being drawn."""
        storage = self.app.storage
        try:
            html = saves_html(summaries[:CACHED_SAVES], problems[:CACHED_SAVES], views, math.inf, total=len(summaries))
            storage.set(SAVES_CACHE_KEY, json.dumps({"lang": language(), "html": html}))
        except Exception:  # noqa: BLE001 - storage full or refused: better no list at the next start than an old one
            storage.remove(SAVES_CACHE_KEY)

    def forget_unplayed(self, summary: SaveSummary) -> bool:
        """Remove a save that has no move and was left alone for an hour; True if it is gone."""
        if time.time() - summary.updated < UNPLAYED_KEPT_SECONDS:
            return False
        try:
            self.app.store.delete(summary.save_id)
        except Exception:  # noqa: BLE001 - storage refused: the entry stays, unlisted
            return False
        return True

    async def append_saves(self, token: int, rest: list[SaveSummary | LinkItem], views: dict[str, AnyView], now: float) -> None:
        for start in range(0, len(rest), LIST_PART):
            await next_turn()
            if token != self.list_token or self.app.screen != "home":
                return
            self.app.page.mark("saves-part-start")
            part = rest[start : start + LIST_PART]
            items = list_items(saves_html(part, [], views, now, recent=len(part)))
            if items is None:
                return
            self.app.page.append("#saves details.more-saves ul.save-list", items)
            self.app.page.measure("saves-part", "saves-part-start")

    def saves_changed_elsewhere(self) -> None:
        """Another window changed the saves. One importing writes hundreds: list them once it pauses."""
        if not self.refresh_pending:
            self.refresh_pending = True
            in_background(self.refresh_after_storage())

    async def refresh_after_storage(self) -> None:
        await asyncio.sleep(0.3)
        self.refresh_pending = False
        self.app.guard(lambda event: self.refresh_saves())(None)

    # -- deleting and what could not be read ----------------------------------------------------

    def delete_save(self, save_id: str) -> None:
        self.deleted.delete(save_id)
        self.refresh_saves()
        self.app.toast(_("The game was deleted."), seconds=10, action=("undo-delete", _("Undo")))

    def open_link(self, text: str) -> None:
        """A link pasted into the home screen (an installed app has no address bar) opens as if
        it had been followed; what is not a link says why, and the text stays for correcting."""
        page = self.app.page
        try:
            fragment = app_fragment(text.strip())
        except LinkError as exc:
            # Beside the field (the toast would cover it on a phone), read out as a live region.
            page.text("#open-link-error", str(exc))
            page.attr("#open-link-text", "aria-invalid", "true")
            return
        page.text("#open-link-error", "")
        page.attr("#open-link-text", "aria-invalid", None)
        self.app.go(fragment)

    def undo_delete(self) -> None:
        if self.deleted.text is not None:
            in_background(self.put_back())

    async def put_back(self) -> None:
        """The deleted game written again; said back only once the page has stored it."""
        key = self.app.store.key(self.deleted.key)
        try:
            refused = not self.deleted.undo() or key in await self.app.refused_writes([key])
        except StorageError:
            refused = True
        if refused:
            self.refresh_saves()
            self.app.toast(
                _("The browser's storage refused to take the game back. Download it to keep it."), seconds=30, action=("download-deleted", _("Download"))
            )
            return
        self.deleted.forget()
        self.refresh_saves()
        self.app.toast(_("The game is back."))

    def download_deleted(self) -> None:
        if self.deleted.text is not None:
            self.app.page.download(f"ludothek-deleted-{self.deleted.key}.json", self.deleted.text)

    def download_problem(self, save_id: str) -> None:
        self.app.page.download(f"ludothek-unreadable-{save_id}.json", self.app.store.quarantined_text(save_id) or "")

    def forget_problem(self, save_id: str) -> None:
        self.app.store.forget_broken(save_id)
        self.refresh_saves()

    def set_aside(self, save_id: str) -> None:
        app = self.app
        app.store.quarantine(save_id, _("set aside by the player after an error"))
        app.session = None
        app.go("#/")


def link_items(app: AppContext) -> list[LinkItem]:
    """The games by link this device holds (play by link's modules: imported only where there are
    some; web/remote_games.py touches no browser, so a start from the snapshot has it already)."""
    from . import remote_games

    return remote_games.link_items(remote_games.RemoteStore(app.storage))

"""The app in the page: screens, input, saves, and the computer players' turns.

Only this package touches the browser. It asks the engines (ludothek.games) what is legal, the
views (ludothek.render) for text to show, and the computer players (ludothek.ai) for moves,
which it runs in small slices between browser frames so the page never freezes.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
import traceback
import zlib

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from ..ai import get_player
from ..games import GAME_IDS, MoveError
from ..games.base import RecordError
from ..i18n import _, language, ngettext, pick_language, set_language
from ..render import get_view, has_view
from ..render import screens
from ..ai import levels as ai_levels
from ..render.rules import rules_body_html
from ..render.standalone import EMBED_TOP, embed_layout, embed_size, embed_snippet, standalone_svg
from ..render.view import UIState, shown_seat_names
from . import dom, learn
from ..render.bidi import isolate_names
from .dom import to_js_options
from .saves import EXPORT_FORMAT, MAX_IMPORT_BYTES, MAX_IMPORT_ITEMS, SAVE_PREFIX, DictStorage, SaveConflict, SaveStore, StorageError, StorageFull
from .links import EmbedOptions, LinkError, decode_position, decode_record, position_fragment, record_fragment
from .session import GameSession, Seat, clean_name

LANGUAGE_KEY = "ludothek.language"
SLICE_SECONDS = 0.012  # computer thinking runs in slices this long, then lets the browser draw
MIN_THINK_SECONDS = 0.35  # a reply that comes at once is hard to follow: show the thinking briefly
AI_TIME_LIMIT = 0.9  # safety bound on one computer move in the page (levels budget their own work)
TOAST_SECONDS = 6
LIST_PART = 100  # saves drawn per frame on the home screen
UNPLAYED_KEPT_SECONDS = 3600  # a started game with no move is stored this long (for a reload)
ANIMATION_SECONDS = 0.8  # longest animation of a move (the CSS and views keep theirs shorter)


def next_frame():
    """A future that resolves on the next macrotask, so the browser can paint and take input."""
    loop = asyncio.get_event_loop()
    future = loop.create_future()
    js.setTimeout(create_once_callable(lambda: future.done() or future.set_result(None)), 0)
    return future


def standalone_board(view, state) -> str:
    return view.board_svg(state, UIState(interactive=False))


def split_export(text: str) -> list[str] | None:
    """The games of an export file, each as its own JSON text, read by the browser's JSON parser
    (a megabyte in about 10 ms, where Python's takes 300 ms in the page); None when the file is
    no export (the Python reader then reads it and says why). Each game's text is read again,
    bounded, by the SaveStore, one game a step."""
    if len(text) > MAX_IMPORT_BYTES:
        return None
    try:
        data = js.JSON.parse(text)
        if not js.Array.isArray(data.saves) or str(data.format) != EXPORT_FORMAT:
            return None
        saves = data.saves
        if int(saves.length) > MAX_IMPORT_ITEMS:
            return None
        texts = []
        for i in range(int(saves.length)):
            try:
                texts.append(str(js.JSON.stringify(saves[i])))
            except Exception:  # noqa: BLE001 - nested too deep for the browser: an item the reader refuses
                texts.append("[" * 100)
        return texts
    except Exception:  # noqa: BLE001 - not JSON, or not an object: the Python reader says why
        return None


def _list_items(html: str) -> str | None:
    """The <li> items of the save list in saves_html's markup (None if it has no such list)."""
    match = re.search(r'<ul class="save-list">(.*?)</ul>', html, re.DOTALL)
    return match.group(1) if match else None


def new_save_id() -> str:
    return f"{int(time.time() * 1000):x}{random.getrandbits(24):06x}"


class App:
    def __init__(self):
        try:
            self.embed = EmbedOptions.from_query(str(js.location.search))
        except Exception:  # noqa: BLE001 - an address is data: it never stops the start
            self.embed = EmbedOptions()
        # An embedded board keeps nothing in the blog reader's browser (and its storage is often
        # blocked there): its game lives in the frame's address, its settings in memory.
        self.storage = DictStorage() if self.embed.embed else dom.LocalStorage()
        self.store = SaveStore(self.storage)
        self.session: GameSession | None = None
        self.view = None
        self.ui = UIState()
        self.rendered: dict[str, str] = {}
        self.thinking_token = 0
        self.thinking_seat: int | None = None
        self.setup_values: dict[str, dict[str, str]] = {}
        self.setup_position: dict[str, str] = {}  # game id -> position a new game starts from
        self.share_values: dict = {"vs": "computer", "readonly": False}
        self.setup_errors: list[str] = []
        self.storage_warned = False
        self.deleted: tuple[str, str] | None = None
        self.importing = False
        self.refresh_pending = False
        self.list_token = 0
        self.toast_timer = None
        self.screen = ""
        self.animate_until = 0.0
        self.hint_token = 0
        self.board_focus_wanted = False  # the player was on the board when the computer took over

    # -- start -------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the page. Nothing stored or in the address can stop this: whatever fails shows
        the "Something went wrong" screen, and the page still becomes ready."""
        try:
            saved = self.storage.get(LANGUAGE_KEY)
            set_language(saved if saved else pick_language(list(js.navigator.languages or [js.navigator.language])))
        except Exception:  # noqa: BLE001 - an odd stored language or navigator: English
            set_language("en")
        self.render_chrome()
        doc = dom.document
        dom.on(doc, "click", self.guard(self.on_click))
        dom.on(doc, "keydown", self.guard(self.on_keydown))
        dom.on(doc, "change", self.guard(self.on_change))
        dom.on(doc, "submit", self.guard(self.on_submit))
        dom.on(dom.window, "hashchange", self.guard(lambda event: self.route()))
        dom.on(dom.window, "storage", self.guard(self.on_storage))
        try:
            self.route()
        except Exception:  # noqa: BLE001 - even the error screen failed: the page still becomes ready
            js.console.error(traceback.format_exc())
        finally:
            doc.body.dataset.ready = "1"
        if self.embed.embed:
            return
        if self.storage.status == "blocked":
            self.toast(_("This browser does not let the page store games: they are kept until you close it. Export a game to keep it."))
        elif self.storage.status == "full":
            self.toast(_("The browser's storage is full: your saved games are listed, but new moves cannot be saved. Export games to keep them, or delete old ones."),
                       seconds=12, action=("export-all", _("Export all")))

    def render_chrome(self) -> None:
        """The parts of the page outside the screens, in the current language."""
        doc = dom.document
        doc.documentElement.lang = language()
        skip = dom.query(".skip-link")
        if skip is not None:
            skip.textContent = _("Skip to content")
        switch = dom.by_id("lang-switch")
        if switch is not None:
            other = "de" if language() == "en" else "en"
            label = {"de": "Deutsch", "en": "English"}[other]
            switch.innerHTML = screens.tag("button", screens.esc(label), type="button", class_="small", data_action="language",
                                           data_language=other, lang=other,
                                           aria_label=_("Switch the language to {language}").format(language=label))

    def switch_language(self, code: str) -> None:
        set_language(code)
        try:
            self.storage.set(LANGUAGE_KEY, language())
        except StorageError:
            pass  # full or blocked: the choice holds until the page closes
        self.render_chrome()
        if self.screen == "game" and self.session is not None:
            self.rendered.clear()
            layout = screens.tag("div", screens.game_frame_html(self.session.game_id, self.view.title()), class_="game-layout")
            self.set_screen("game", layout, self.view.title(), keep_scroll=True)
            self.update_game()
        elif self.screen == "setup":
            self.screen = ""
            self.route()
        else:
            self.route()
        self.announce(_("Language: English") if language() == "en" else _("Language: German"))

    def guard(self, handler):
        """Never let an error in one handler break the page: report it and carry on."""

        def wrapped(event):
            try:
                return handler(event)
            except Exception as exc:  # noqa: BLE001 - the page must survive anything
                js.console.error(traceback.format_exc())
                self.toast(_("Something went wrong: {error}").format(error=str(exc) or type(exc).__name__))

        return wrapped

    # -- routing -----------------------------------------------------------------------------

    def route(self) -> None:
        parts = [p for p in str(js.location.hash).lstrip("#").split("/") if p]
        screen = parts[0] if parts else "home"
        argument = parts[1] if len(parts) > 1 else ""
        self.cancel_thinking()
        self.close_dialog()
        try:
            if screen in ("position", "try"):
                if len(parts) < 3:
                    raise LinkError(_("the link is incomplete: it names no position"))
                self.open_position_link(argument, parts[2])
            elif screen == "game":
                self.open_game_link(argument)
            elif screen in learn.SCREENS:
                learn.route(self, parts)
            elif self.embed.embed:
                raise LinkError(_("an embedded board needs a position or a game in its link"))
            elif screen == "setup" and argument in GAME_IDS and has_view(argument):
                self.show_setup(argument)
            elif screen == "play" and argument:
                self.show_game(argument)
            elif screen == "rules" and argument in GAME_IDS and has_view(argument):
                self.show_rules(argument)
            else:
                self.show_home()
        except LinkError as exc:
            self.set_screen("error", screens.link_error_html(str(exc)), _("This link cannot be opened"))
        except Exception as exc:  # noqa: BLE001 - the last resort: data never leaves the page stuck
            js.console.error(traceback.format_exc())
            self.show_problem(exc, argument if screen == "play" else None)

    def show_problem(self, exc: BaseException, save_id: str | None = None) -> None:
        """The last-resort screen: what went wrong, a way home, and a way to set the save aside."""
        self.session = None
        reason = (str(exc) or type(exc).__name__)[:300]
        actions = screens.tag("a", screens.esc(_("Go to the games")), href="#/", class_="button primary")
        if save_id:
            actions += screens.button(_("Set this game aside"), "set-aside", data={"save": save_id})
        html = (
            screens.tag("h1", screens.esc(_("Something went wrong")))
            + screens.tag("p", screens.esc(_("This could not be shown: {reason}").format(reason=reason)), role="alert", class_="errors")
            + (screens.tag("p", screens.esc(_("If it happens again, set the game aside: it is kept, and you can download it from the list of games that could not be read.")))
               if save_id else "")
            + screens.tag("div", actions, class_="dialog-actions")
        )
        self.set_screen("error", html, _("Something went wrong"))

    # -- links and embedding -------------------------------------------------------------------

    def open_position_link(self, game_id: str, encoded: str) -> None:
        game, state = decode_position(game_id, encoded)
        if not has_view(game_id):
            raise LinkError(_("this game is not available yet"))
        position = game.position(state)
        if self.embed.embed:
            self.begin_embedded(GameSession.from_position(game_id, self.embed_seats(game_id, state), position, save_id="embed"))
        else:
            self.show_setup(game_id, position=position)

    def open_game_link(self, encoded: str) -> None:
        record = decode_record(encoded)
        try:
            session = GameSession.from_record(record, save_id="embed" if self.embed.embed else new_save_id())
        except RecordError as exc:
            raise LinkError(_("the game in the link does not replay: {reason}").format(reason=str(exc))) from None
        if not has_view(session.game_id):
            raise LinkError(_("this game is not available yet"))
        if self.embed.embed:
            self.begin_embedded(session)
            return
        session.created = session.updated = time.time()
        self.begin_session(session)

    def embed_seats(self, game_id: str, state) -> list[Seat]:
        """Seats for an embedded board: two readers, or one reader against the computer."""
        view = get_view(game_id)
        players = state.setup.players
        names = [view.seat_style(i, players).name for i in range(players)]
        if self.embed.readonly or self.embed.opponent == "human":
            return [Seat(name) for name in names]
        levels = ai_levels(game_id)
        level = self.embed.level if self.embed.level in [lv.number for lv in levels] else levels[len(levels) // 2].number
        reader = min(self.embed.seat, players - 1)
        return [Seat(name) if i == reader else Seat(name, "computer", level) for i, name in enumerate(names)]

    def begin_embedded(self, session: GameSession) -> None:
        self.session = session
        self.view = get_view(session.game_id)
        self.ui = self.live_ui()
        layout = screens.embed_frame_html(self.view.title(), self.full_app_url())
        self.set_screen("game", layout, self.view.title())
        body = dom.document.body
        body.dataset.game = session.game_id
        # The board takes the box the snippet's picture was drawn in (the same numbers).
        body.style.setProperty("--embed-top", f"{EMBED_TOP}px")
        body.style.setProperty("--embed-bottom", f"{embed_layout(session.game_id).bottom}px")
        if self.embed.readonly:
            dom.document.body.classList.add("readonly")
        # A reader who pressed Play (click, tap, key or Tab) goes on with the keyboard on the board,
        # now or when the computer's first move is made; a pointer resting on the frame takes nothing.
        if str(body.dataset.starting or "") not in ("", "pointermove", "pointer rest"):
            self.board_focus_wanted = True
        self.update_game()
        self.schedule_computer()

    def full_app_url(self) -> str:
        return self.base_url() + (record_fragment(self.session.record()) if self.session is not None else "")

    def base_url(self) -> str:
        """The app's address without query or fragment, e.g. https://example.org/ludothek/index.html."""
        return str(js.location.origin) + str(js.location.pathname)

    def show_share(self) -> None:
        session = self.session
        if session is None:
            return
        if self.share_values.get("game") != session.game_id:
            # Each game proposes its own frame size: one its board and controls fit without scrolling.
            width, height = embed_size(session.game_id)
            self.share_values.update(game=session.game_id, width=width, height=height)
        dialog = dom.by_id("dialog")
        dialog.innerHTML = self.share_html()
        if not dialog.open:
            dialog.showModal()

    def share_html(self) -> str:
        session = self.session
        values = self.share_values
        levels = ai_levels(session.game_id)
        values.setdefault("level", levels[len(levels) // 2].number)
        # The position link and the embed code carry what everyone sees (whoever opens them gets
        # anything hidden dealt afresh); the game link of a hidden-information game carries its
        # chance, so it is copied without being shown.
        position_link = self.base_url() + position_fragment(session.game_id, session.game.position(self.public(session.shown_state)))
        game_link = None if session.game.has_hidden_information else self.base_url() + record_fragment(session.record())
        return screens.share_dialog_html(self.view, game_link, position_link, self.embed_code(), values, levels)

    def embed_code(self) -> str:
        """The iframe code for the shown position, as everyone at the table sees it."""
        session = self.session
        values = self.share_values
        options = EmbedOptions(embed=True, opponent=values["vs"], level=int(values["level"]), readonly=bool(values["readonly"]),
                               seat=session.game.current_player(session.shown_state) or 0, picture=True)
        public = self.public(session.shown_state)
        fragment = position_fragment(session.game_id, session.game.position(public))
        picture = standalone_svg(session.game_id, public, UIState(interactive=False))
        return embed_snippet(self.base_url() + options.query() + fragment, picture, int(values["width"]), int(values["height"]),
                             _("{title} – Ludothek").format(title=self.view.title()), game_id=session.game_id, readonly=options.readonly)

    def update_share_options(self, fieldset) -> None:
        values = self.share_values
        for element in fieldset.querySelectorAll("input, select"):
            name = str(element.name or "")
            if name == "readonly":
                values["readonly"] = bool(element.checked)
            elif name in ("width", "height"):
                try:
                    values[name] = min(2000, max(200, int(str(element.value))))
                except ValueError:
                    pass
            elif name in ("vs", "level"):
                values[name] = str(element.value)
        snippet = dom.by_id("share-snippet")
        if snippet is not None:
            snippet.value = self.embed_code()

    async def copy_game_link(self) -> None:
        """Copy the link to a game with hidden information: it must not appear in the page."""
        session = self.session
        if session is None:
            return
        text = self.base_url() + record_fragment(session.record())
        try:
            await js.navigator.clipboard.writeText(text)
            self.toast(_("Copied."))
        except Exception:  # noqa: BLE001 - no clipboard: offer the file instead
            self.toast(_("The browser did not allow copying. Use Export to pass the game on as a file."))

    async def copy_text(self, field_id: str) -> None:
        element = dom.by_id(field_id)
        if element is None:
            return
        text = str(element.value)
        try:
            await js.navigator.clipboard.writeText(text)
            self.toast(_("Copied."))
        except Exception:  # noqa: BLE001 - clipboard refused: let the reader copy by hand
            element.focus()
            element.select()
            self.toast(_("Press Ctrl+C to copy the selected text."))

    def download_picture(self, kind: str) -> None:
        session = self.session
        if session is None:
            return
        shown = self.public(session.shown_state)
        index = session.shown_index
        ui = UIState(interactive=False, last_before=self.public(session.states[index - 1]) if index else None,
                     last_move=session.moves[index - 1] if index else None)
        svg = standalone_svg(session.game_id, shown, ui)
        name = f"ludothek-{session.game_id}-{time.strftime('%Y-%m-%d')}"
        if kind == "svg":
            dom.download(name + ".svg", svg, "image/svg+xml")
        else:
            asyncio.ensure_future(dom.download_png(name + ".png", svg, 1200))

    def go(self, route: str) -> None:
        if str(js.location.hash) == route:
            self.route()
        else:
            js.location.hash = route

    def set_screen(self, name: str, html: str, title: str, keep_scroll: bool = False) -> None:
        self.screen = name
        self.rendered.clear()
        body = dom.document.body
        body.dataset.screen = name
        screen = dom.by_id("screen")
        screen.removeAttribute("data-static")
        screen.innerHTML = html
        announce = dom.by_id("announce")
        if announce is not None:
            announce.textContent = ""  # what was said about the last screen does not belong to this one
        dom.document.title = f"{title} – Ludothek" if title != "Ludothek" else title
        if keep_scroll is False:
            # A new screen shows its top (the page would keep the old screen's scroll position,
            # e.g. a new game would open at the height where Start was on the setup page).
            dom.window.scrollTo(0, 0)

    # -- home --------------------------------------------------------------------------------

    def views(self):
        return [get_view(game_id) for game_id in GAME_IDS if has_view(game_id)]

    def show_home(self) -> None:
        screen = dom.by_id("screen")
        if self.screen == "" and dom.data(screen, "static") == "1" and dom.data(screen, "static-lang") == language():
            # The home screen the build rendered ahead of time is already showing: keep it (no need
            # to draw five thumbnails again) and only add what is personal, the saved games.
            screen.removeAttribute("data-static")
            self.screen = "home"
            self.rendered.clear()
            dom.document.body.dataset.screen = "home"
            dom.document.title = "Ludothek"
            self.refresh_saves()
        else:
            html = screens.home_html(self.views(), "")
            self.set_screen("home", html, "Ludothek")
            self.refresh_saves()
        self.session = None

    def refresh_saves(self) -> None:
        if self.screen != "home":
            return
        element = dom.by_id("saves")
        if element is None:
            return
        js.performance.mark("saves-start")
        summaries, problems = self.store.summaries()
        js.performance.measure("saves-read", "saves-start")
        # Entries kept aside, and broken ones that could not be moved aside (storage full).
        shown_problems = self.store.quarantined() + [p for p in problems if not p.kept_aside]
        # A game nobody has moved in yet is not listed; one left unplayed for long is forgotten,
        # so unplayed games never pile up in storage (a fresh one survives a reload meanwhile).
        unplayed = [summary for summary in summaries if not (summary.moves or summary.over)]
        for summary in unplayed:
            self.forget_unplayed(summary)
        summaries = [summary for summary in summaries if summary.moves or summary.over]
        views = {game_id: get_view(game_id) for game_id in sorted({s.game_id for s in summaries}) if has_view(game_id)}
        self.list_token += 1
        try:
            # A long list is drawn the newest first, the rest appended a part per frame (1,000
            # saves at once held the page for half a second).
            now = time.time()
            element.innerHTML = screens.saves_html(summaries[:LIST_PART], shown_problems, views, now, total=len(summaries))
            js.performance.measure("saves-shown", "saves-start")
            if len(summaries) > LIST_PART:
                asyncio.ensure_future(self.append_saves(self.list_token, summaries[LIST_PART:], views, now))
        except Exception:  # noqa: BLE001 - one odd summary must not hide the list: show it plainly
            js.console.error(traceback.format_exc())
            element.innerHTML = screens.saves_html([], shown_problems, {}, time.time()) + screens.tag(
                "p", screens.esc(_("Your saved games could not be listed. Use Export all to keep them.")), class_="errors") + screens.button(
                _("Export all"), "export-all", class_="small")

    def forget_unplayed(self, summary) -> bool:
        """Remove a save that has no move and was left alone for an hour; True if it is gone."""
        if time.time() - summary.updated < UNPLAYED_KEPT_SECONDS:
            return False
        try:
            self.store.delete(summary.save_id)
        except Exception:  # noqa: BLE001 - storage refused: the entry stays, unlisted
            return False
        return True

    async def append_saves(self, token: int, rest, views, now: float) -> None:
        for start in range(0, len(rest), LIST_PART):
            await next_frame()
            if token != self.list_token or self.screen != "home":
                return
            js.performance.mark("saves-part-start")
            part = rest[start:start + LIST_PART]
            items = _list_items(screens.saves_html(part, [], views, now, recent=len(part)))
            target = dom.query("#saves details.more-saves ul.save-list")
            if items is None or target is None:
                return
            target.insertAdjacentHTML("beforeend", items)
            js.performance.measure("saves-part", "saves-part-start")

    # -- setup -------------------------------------------------------------------------------

    def show_setup(self, game_id: str, focus_name: str | None = None, position: str | None = None) -> None:
        view = get_view(game_id)
        values = self.setup_values.get(game_id, {})
        if position is not None:
            self.setup_position[game_id] = position
        elif focus_name is None:
            self.setup_position.pop(game_id, None)  # a plain "new game" forgets an earlier start position
        position = self.setup_position.get(game_id)
        if position is not None:
            state = view.game.from_position(position)
            players = state.setup.players
            preview = standalone_board(view, view.game.observation(state, None))
            html = screens.setup_html(view, players, values, self.setup_errors, (), position_preview=preview)
        else:
            players = self._setup_players(game_id, values)
            html = screens.setup_html(view, players, values, self.setup_errors, self.setup_warnings(view, values, players))
            html += screens.tag("div", self.setup_preview(view, values, players), id="setup-preview", class_="setup-preview")
        if self.screen == "setup" and dom.data(dom.document.body, "game") == game_id:
            dom.by_id("screen").innerHTML = html
        else:
            self.set_screen("setup", html, _("New game: {title}").format(title=view.title()))
            dom.document.body.dataset.game = game_id
        self.setup_errors = []
        if focus_name:
            element = dom.query(f'form.setup [name="{focus_name}"]')
            if element is not None:
                element.focus()

    def setup_warnings(self, view, values, players) -> list[str]:
        try:
            return view.option_warnings(view.options_from_form(values, players), players)
        except ValueError:
            return []

    def setup_preview(self, view, values, players) -> str:
        return view.setup_preview(values, players) if hasattr(view, "setup_preview") else ""

    def refresh_setup_preview(self, game_id: str) -> None:
        """After typing in a text field: redraw only the preview (never the form being typed in)."""
        view = get_view(game_id)
        values = self.setup_values.get(game_id, {})
        players = self._setup_players(game_id, values)
        preview = dom.by_id("setup-preview")
        if preview is not None:
            preview.innerHTML = self.setup_preview(view, values, players)

    def _setup_players(self, game_id: str, values: dict[str, str]) -> int:
        game = get_view(game_id).game
        try:
            players = int(values.get("players", get_view(game_id).default_players))
        except ValueError:
            players = get_view(game_id).default_players
        return min(max(players, game.min_players), game.max_players)

    def read_form(self, form) -> dict[str, str]:
        values: dict[str, str] = {}
        for element in form.elements:
            name = str(element.name or "")
            if not name:
                continue
            kind = str(element.type or "")
            if kind == "checkbox":
                values[name] = "on" if element.checked else "off"
            elif kind == "radio":
                if element.checked:
                    values[name] = str(element.value)
            elif kind != "file":
                values[name] = str(element.value)
        return values

    def start_from_setup(self, form) -> None:
        game_id = dom.data(form, "game")
        view = get_view(game_id)
        values = self.read_form(form)
        self.setup_values[game_id] = values
        position = self.setup_position.get(game_id) if dom.data(form, "from-position") else None
        if position is not None:
            players = view.game.from_position(position).setup.players
        else:
            players = self._setup_players(game_id, values)
        seats = []
        default_names = [view.seat_style(i, players).name for i in range(players)]
        for seat in range(players):
            kind = values.get(f"seat{seat}_kind", "human")
            try:
                level = int(values.get(f"seat{seat}_level", "1"))
            except ValueError:
                level = 1
            name = clean_name(values.get(f"seat{seat}_name"), default_names[seat])
            seats.append(Seat(name, "computer" if kind == "computer" else "human", level if kind == "computer" else 0))
        try:
            if position is not None:
                self.start_from_position(game_id, position, seats)
                return
            options = view.options_from_form(values, players)
            session = GameSession.new(game_id, seats, seed=random.getrandbits(31), options=options, save_id=new_save_id(), now=time.time())
        except ValueError as exc:
            self.setup_errors = [str(exc)]
            self.show_setup(game_id)
            return
        self.begin_session(session)

    def begin_session(self, session: GameSession) -> None:
        if self.embed.embed:
            # A rematch in a blog's board: it stays in the frame (whose address holds the game).
            self.begin_embedded(session)
            self.save()
            return
        # Stored at once, so that a reload loses nothing; the Continue list shows a game from its
        # first move on (see refresh_saves), so games started and left at once do not pile up there.
        self.session = session
        self.save()
        self.go(f"#/play/{session.save_id}")

    def start_from_position(self, game_id: str, position: str, seats: list[Seat]) -> None:
        session = GameSession.from_position(game_id, seats, position, save_id=new_save_id(), now=time.time())
        self.begin_session(session)

    # -- game --------------------------------------------------------------------------------

    def show_game(self, save_id: str) -> None:
        if self.session is None or self.session.save_id != save_id:
            try:
                self.session = self.store.load(save_id)
            except KeyError:
                self.toast(_("That saved game does not exist (any more)."))
                self.go("#/")
                return
            except RecordError as exc:
                self.toast(_("That saved game could not be read and was kept aside: {reason}").format(reason=str(exc)), seconds=12)
                self.go("#/")
                return
        session = self.session
        self.view = get_view(session.game_id)
        self.ui = self.live_ui()
        layout = screens.tag("div", screens.game_frame_html(session.game_id, self.view.title()), class_="game-layout")
        self.set_screen("game", layout, self.view.title())
        dom.document.body.dataset.game = session.game_id
        self.update_game()
        self.schedule_computer()

    def seat_names(self) -> list[str]:
        """Each seat's one name (the typed one, or its colour): see render.view.shown_seat_names."""
        return shown_seat_names(self.view, self.session.names())

    def public(self, state):
        """What every player at the table may see of `state`: the only thing views are given."""
        return self.session.game.observation(state, None)

    def live_ui(self, **changes) -> UIState:
        """A fresh UI state for the live position, marking the last move."""
        session = self.session
        if session.moves:
            changes.setdefault("last_before", self.public(session.states[-2]))
            changes.setdefault("last_move", session.moves[-1])
        return UIState(interactive=self._human_can_move(), **changes)

    def animations_wanted(self) -> bool:
        return not js.matchMedia("(prefers-reduced-motion: reduce)").matches

    def _human_can_move(self) -> bool:
        if self.embed.readonly:
            return False
        s = self.session
        return s is not None and not s.is_replaying and not s.is_over() and not s.computer_to_move() and self.thinking_seat is None

    def update_game(self) -> None:
        js.performance.mark("update-start")
        try:
            self._update_game()
        finally:
            js.performance.measure("update", "update-start")

    def _update_game(self) -> None:
        session, view = self.session, self.view
        if session is None or self.screen != "game":
            return
        shown = self.public(session.shown_state)
        # A move animates in the redraws right after it (the board is drawn again at once when
        # the computer starts thinking); later redraws show it at rest.
        ui = self.ui.with_(interactive=self._human_can_move(), animate=self.ui.animate and time.perf_counter() < self.animate_until,
                           names=tuple(self.seat_names()))
        if session.is_replaying:
            index = session.shown_index
            ui = ui.with_(last_before=self.public(session.states[index - 1]) if index else None,
                          last_move=session.moves[index - 1] if index else None, animate=False, hints=(), replaying=True)
        self.ui = ui
        names = self.seat_names()
        if self.thinking_seat is not None:
            status = _("{name} is thinking…").format(name=names[self.thinking_seat])
        elif session.is_replaying:
            status = _("Replay: move {n} of {total}. Use “Back to the game” to play on.").format(n=session.shown_index, total=len(session.moves))
        else:
            status = view.status_text(shown, ui, names)
        board_had_focus = dom.closest(dom.document.activeElement, "#board") is not None
        regions = {
            "status": isolate_names(screens.esc(status), names),
            "board": view.board_svg(shown, ui),
            "extra": view.extra_html(shown, ui),
            "actions": screens.actions_html(view.actions(shown, ui)) if ui.interactive else "",
            "players": screens.players_html(view, session, shown, self.thinking_seat),
            "side-extra": view.side_html(shown, names),
            "controls": screens.controls_html(session, busy=False, hint_label=view.hint_label() if ui.interactive else None),
            "moves": screens.moves_html(view, session, self.public),
            "replay": screens.replay_html(session),
        }
        for region, html in regions.items():
            if self.rendered.get(region) != html:
                element = dom.by_id(region)
                if element is not None:
                    # A disclosure the player opened stays open when its region is drawn again.
                    opened = [dom.data(d, "keep") for d in element.querySelectorAll("details[data-keep][open]")]
                    element.innerHTML = html
                    for key in opened:
                        reopened = dom.query(f'details[data-keep="{key}"]', element)
                        if reopened is not None:
                            reopened.open = True
                    self.rendered[region] = html
        dom.document.body.dataset.turn = str(view.game.current_player(session.state))
        dom.document.body.dataset.moves = str(len(session.moves))
        dom.document.body.dataset.over = "1" if session.is_over() else "0"
        dom.document.body.dataset.thinking = "1" if self.thinking_seat is not None else "0"
        if board_had_focus:
            self.board_focus_wanted = True
        if self.board_focus_wanted and ui.interactive:
            # Back on the player's turn: the keyboard cursor returns to the board, even if the board
            # was redrawn without targets (and lost focus) while the computer was thinking.
            active = dom.nullable(dom.document.activeElement)
            if board_had_focus or active is None or active == dom.document.body or dom.closest(active, ".embed-cover") is not None:
                self.focus_cursor()
            self.board_focus_wanted = False
        moves = dom.query("#moves .move-items")
        if moves is not None:
            moves.scrollTop = moves.scrollHeight

    def show_board(self) -> None:
        """Bring the board into view when its top is out of sight (on a phone the move list is
        far below it): the replay buttons under the board then go on from there."""
        board = dom.by_id("board")
        if board is not None and board.getBoundingClientRect().top < 0:
            board.scrollIntoView(to_js_options({"block": "start"}))

    def focus_cursor(self) -> None:
        board = dom.by_id("board")
        element = dom.query('[tabindex="0"]', board) if board is not None else None
        if element is not None:
            element.focus()

    def handle_target(self, target: str) -> None:
        session, view = self.session, self.view
        if session is None:
            return
        if not self.ui.interactive:
            if session.is_replaying:
                self.announce(_("You are looking at an earlier position. Use “Back to the game” to play on."))
            elif self.thinking_seat is not None:
                self.announce(_("Please wait: the computer is thinking."))
            return
        from_buttons = dom.closest(dom.document.activeElement, "#extra, #actions") is not None
        result = view.click(self.public(session.state), self.ui, target)
        self.ui = result.ui
        if result.move is not None:
            self.apply_move(result.move)
        else:
            if result.message:
                self.announce(result.message, show=True)
            self.update_game()
        if from_buttons and dom.closest(dom.document.activeElement, "#extra, #actions") is None:
            # The button pressed was redrawn away: keyboard play goes on from the board (or the next choice).
            choice = dom.query("#extra button, #actions button")
            if choice is not None and result.move is None:
                choice.focus()
            else:
                self.focus_cursor()

    def apply_move(self, move: str) -> None:
        js.performance.mark("apply-start")
        try:
            self._apply_move(move)
        finally:
            js.performance.measure("apply", "apply-start")

    def _apply_move(self, move: str) -> None:
        session, view = self.session, self.view
        before = session.state
        try:
            after = session.play(move)
        except MoveError as exc:
            self.announce(view.move_error_text(exc), show=True)
            return
        before, after = self.public(before), self.public(after)
        self.ui = UIState(cursor=self.ui.cursor, last_before=before, last_move=move, animate=self.animations_wanted())
        self.animate_until = time.perf_counter() + ANIMATION_SECONDS
        text = view.describe_move(before, move, after, self.seat_names())
        if session.is_over():
            text += " " + view.result_text(after, self.seat_names())
        self.announce(text)
        self.save()
        self.update_game()
        if session.is_over():
            self.show_result()
        elif self.needs_handover(before):
            self.show_handover()
        else:
            self.schedule_computer()

    def needs_handover(self, before) -> bool:
        """Hot-seat: the device passes from one human to another, who is to see what is theirs alone."""
        session, view = self.session, self.view
        if not view.handover or sum(1 for seat in session.seats if not seat.is_computer) < 2:
            return False
        mover = view.game.current_player(before)
        nxt = view.game.current_player(session.state)
        if nxt is None or nxt == mover or session.seats[nxt].is_computer:
            return False
        # Only when the next player knows something the others must not see: information hidden
        # from everybody alike (a shuffled pile) needs no one to look away.
        return session.game.observation(session.state, nxt) != session.game.observation(session.state, None)

    def show_handover(self) -> None:
        session = self.session
        name = self.seat_names()[session.game.current_player(session.state)]
        dialog = dom.by_id("dialog")
        dialog.innerHTML = screens.handover_dialog_html(name)
        if not dialog.open:
            dialog.showModal()
        button = dom.query("[data-action=close-dialog]", dialog)
        if button is not None:
            button.focus()

    def show_hints(self) -> None:
        session = self.session
        if session is None or not self.ui.interactive:
            return
        self.hint_token += 1
        asyncio.ensure_future(self.compute_hints(self.hint_token, len(session.moves)))

    async def compute_hints(self, token: int, moves: int) -> None:
        """Run the view's hint search in slices, like a computer player's, then show the hints."""
        session, view = self.session, self.view
        state = self.public(session.state)
        search = view.hint_search(state)
        hints = None
        self.announce(_("Looking for a good move…"))
        while hints is None:
            slice_end = time.perf_counter() + SLICE_SECONDS
            try:
                while time.perf_counter() < slice_end:
                    next(search)
            except StopIteration as stop:
                hints = tuple(stop.value or ())
                break
            await next_frame()
            if token != self.hint_token or self.session is not session or len(session.moves) != moves:
                return
        self.ui = self.ui.with_(hints=hints)
        self.announce(view.hint_text(state, hints, self.seat_names()), show=True)
        self.update_game()

    def save(self) -> None:
        session = self.session
        if session is None:
            return
        if self.embed.embed:
            # An embedded board never writes to the reader's storage (it may be blocked or
            # partitioned): the game lives in the frame's address, so a reload keeps it.
            js.history.replaceState(None, "", self.embed.query() + record_fragment(session.record()))
            link = dom.query(".embed-credit a")
            if link is not None:
                link.href = self.full_app_url()
            return
        try:
            self.store.save(session, time.time())
        except SaveConflict as conflict:
            self.on_save_conflict(session, conflict.entry_text)
        except StorageError as exc:
            if not self.storage_warned:
                self.storage_warned = True
                if isinstance(exc, StorageFull):
                    text = _("The browser's storage is full: this game is not being saved. Export it, or delete old games.")
                else:
                    text = _("The browser refused to store this game: it is not being saved. Export it to keep it.")
                self.toast(text, seconds=12, action=("export-current", _("Export")))

    def on_save_conflict(self, session: GameSession, entry_text: str | None) -> None:
        """Another window changed or deleted this game: its moves win, nothing is overwritten."""
        if session is not self.session:
            return
        if entry_text is None:
            self.toast(_("This game was deleted in another window. Keep it here?"), seconds=12, action=("keep-game", _("Keep it")))
            return
        self.reload_session(_("This game went on in another window: it is shown as it stands there."))

    def reload_session(self, message: str) -> None:
        session = self.session
        if session is None:
            return
        self.cancel_thinking()
        try:
            self.session = self.store.load(session.save_id)
        except (KeyError, RecordError):
            return
        self.close_dialog()
        self.ui = self.live_ui()
        self.update_game()
        self.toast(message)
        self.schedule_computer()

    def refresh_after_storage(self) -> None:
        self.refresh_pending = False
        self.refresh_saves()

    def keep_game(self) -> None:
        """Save again a game deleted in another window (as the player chose)."""
        if self.session is not None:
            self.session.revision = None
            self.save()
            self.toast(_("The game is saved again."))

    def on_storage(self, event) -> None:
        """Another window of this page changed the storage: show what it did."""
        key = event.key
        key = None if dom.nullable(key) is None else str(key)
        if key is not None and not key.startswith(SAVE_PREFIX):
            return
        if self.screen == "home":
            # Another window importing writes hundreds of saves: list them once it pauses.
            if not self.refresh_pending:
                self.refresh_pending = True
                js.setTimeout(create_once_callable(lambda *args: self.guard(lambda event: self.refresh_after_storage())(None)), 300)
            return
        session = self.session
        if self.screen != "game" or session is None or self.embed.embed or key not in (None, SAVE_PREFIX + session.save_id):
            return
        if self.storage.get(SAVE_PREFIX + session.save_id) is None:
            self.on_save_conflict(session, None)
            return
        try:
            stored = self.store.load(session.save_id)
        except (KeyError, RecordError):
            return
        if stored.revision != session.revision:
            self.reload_session(_("This game went on in another window: it is shown as it stands there."))

    # -- the computer's turn ---------------------------------------------------------------------

    def cancel_thinking(self) -> None:
        self.thinking_token += 1
        self.thinking_seat = None

    def schedule_computer(self) -> None:
        session = self.session
        if session is None or session.is_over() or session.is_replaying or not session.computer_to_move():
            return
        self.thinking_token += 1
        asyncio.ensure_future(self.think(self.thinking_token))

    async def think(self, token: int) -> None:
        session = self.session
        seat_index = session.game.current_player(session.state)
        seat = session.seats[seat_index]
        seed = zlib.crc32(f"{session.save_id}:{len(session.moves)}".encode())
        player = get_player(session.game_id, seat.level, seed=seed)
        player.time_limit = AI_TIME_LIMIT
        self.thinking_seat = seat_index
        self.update_game()
        await next_frame()
        started = time.perf_counter()
        search = player.search(session.state)
        move = None
        try:
            while move is None:
                slice_end = time.perf_counter() + SLICE_SECONDS
                try:
                    while time.perf_counter() < slice_end:
                        next(search)
                except StopIteration as stop:
                    move = stop.value
                    break
                await next_frame()
                if token != self.thinking_token:
                    return
            # Published for benchmarks: how long the search took, slices and frames included.
            dom.document.body.dataset.lastThinkMs = str(round((time.perf_counter() - started) * 1000))
            remaining = MIN_THINK_SECONDS - (time.perf_counter() - started)
            if remaining > 0:
                await asyncio.sleep(remaining)
        except Exception as exc:  # noqa: BLE001 - report, never leave the game stuck silently
            js.console.error(traceback.format_exc())
            if token == self.thinking_token:
                self.thinking_seat = None
                self.toast(_("The computer player failed: {error}").format(error=str(exc)))
                self.update_game()
            return
        if token != self.thinking_token or self.session is not session:
            return
        self.thinking_seat = None
        self.apply_move(move)

    # -- undo, redo, replay ----------------------------------------------------------------------

    def undo(self) -> None:
        session = self.session
        if session is None or not session.can_undo():
            return
        self.cancel_thinking()
        count = session.undo()
        self.ui = self.live_ui()
        self.announce(ngettext("Took back {n} move.", "Took back {n} moves.", count).format(n=count))
        self.save()
        self.update_game()
        self.schedule_computer()

    def redo(self) -> None:
        session = self.session
        if session is None or not session.can_redo():
            return
        self.cancel_thinking()
        before = self.public(session.state)
        session.redo()
        self.ui = self.live_ui()
        self.announce(_("Replayed: {move}.").format(move=self.view.move_text(before, session.moves[-1])) if session.moves else "")
        self.save()
        self.update_game()
        if session.is_over():
            self.show_result()
        else:
            self.schedule_computer()

    def replay(self, index: int | None) -> None:
        session = self.session
        if session is None:
            return
        if index is not None and index >= len(session.moves):
            index = None
        was_replaying = session.is_replaying
        session.replay_to(index)
        if session.is_replaying:
            self.cancel_thinking()
            self.announce(_("Showing the position after move {n}.").format(n=session.shown_index))
        else:
            self.ui = self.live_ui()
            if was_replaying:
                self.announce(_("Back to the game."))
        self.update_game()
        if not session.is_replaying:
            self.schedule_computer()

    # -- results ---------------------------------------------------------------------------------

    def show_result(self) -> None:
        dialog = dom.by_id("dialog")
        dialog.innerHTML = screens.result_dialog_html(self.view, self.session, self.public(self.session.state))
        if not dialog.open:
            dialog.showModal()
        button = dom.query("[data-action=rematch]", dialog)
        if button is not None:
            button.focus()

    def close_dialog(self) -> None:
        dialog = dom.by_id("dialog")
        if dialog is not None and dialog.open:
            dialog.close()

    def rematch(self) -> None:
        session = self.session
        if session is None:
            return
        self.close_dialog()
        record = session.record()
        if "position" in record:
            new = GameSession.from_position(session.game_id, session.seats, record["position"], save_id=new_save_id(), now=time.time())
        else:
            new = GameSession.new(session.game_id, session.seats, seed=random.getrandbits(31), options=record.get("options", {}),
                                  save_id=new_save_id(), now=time.time())
        self.begin_session(new)

    # -- files -------------------------------------------------------------------------------

    def export_current(self) -> None:
        session = self.session
        if session is None:
            return
        stamp = time.strftime("%Y-%m-%d")
        dom.download(f"ludothek-{session.game_id}-{stamp}.json", json.dumps(session.record(), indent=1))
        self.toast(_("The game was downloaded as a file."))

    def export_saves(self, save_ids=None) -> None:
        stamp = time.strftime("%Y-%m-%d")
        dom.download(f"ludothek-games-{stamp}.json", self.store.export_text(save_ids))

    async def import_file(self, input_element) -> None:
        files = input_element.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        try:
            text = str(await file.text())
        except Exception:  # noqa: BLE001 - unreadable file
            self.toast(_("The file could not be read."))
            return
        finally:
            input_element.value = ""
        if self.importing:
            self.toast(_("An import is already running."))
            return
        self.importing = True
        try:
            result = await self.run_import(text)
        finally:
            self.importing = False
        imported, problems = result.imported, result.problems
        message = ngettext("Imported {n} game.", "Imported {n} games.", len(imported)).format(n=len(imported)) if imported else _("No game was imported.")
        if result.duplicates:
            message += " " + ngettext("{n} game was already saved.", "{n} games were already saved.", result.duplicates).format(n=result.duplicates)
        if problems:
            message += " " + " ".join(f"{p.key}: {p.reason}." for p in problems[:3])
            if len(problems) > 3:
                message += " " + ngettext("And {n} more problem.", "And {n} more problems.", len(problems) - 3).format(n=len(problems) - 3)
        self.toast(message, seconds=12 if problems else TOAST_SECONDS)
        self.refresh_saves()

    async def run_import(self, text: str):
        """Import in slices between frames (a file of 1,000 long games takes many seconds to
        replay), with progress in the toast; the page never stops answering."""
        js.performance.mark("import-split-start")
        item_texts = split_export(text)
        js.performance.measure("import-split", "import-split-start")
        steps = self.store.import_steps(text, new_save_id, time.time(), item_texts=item_texts)
        shown_at = time.perf_counter()
        while True:
            slice_end = time.perf_counter() + SLICE_SECONDS
            js.performance.mark("import-start")
            try:
                while time.perf_counter() < slice_end:
                    done, total = next(steps)
            except StopIteration as stop:
                return stop.value
            finally:
                js.performance.measure("import-slice", "import-start")  # for the tests' long-task checks
            if time.perf_counter() - shown_at > 0.25 and total:
                shown_at = time.perf_counter()
                self.toast(_("Importing… {done} of {total} games").format(done=done, total=total), seconds=30)
            await next_frame()

    # -- events ------------------------------------------------------------------------------

    def on_click(self, event) -> None:
        element = dom.closest(event.target, "[data-action], [data-target]")
        if element is None or learn.click(self, event, element):
            return
        action = dom.data(element, "action")
        target = dom.data(element, "target")
        if target is not None and action is None and dom.closest(element, "#board, #extra, #actions") is not None:
            event.preventDefault()
            if self.preview_first(element, event):
                return
            self.ui = self.ui.with_(cursor=str(target)) if dom.closest(element, "#board") is not None else self.ui
            self.handle_target(str(target))
            return
        if action is None:
            return
        def data(key: str) -> str:
            return dom.data(element, key) or ""

        if action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "replay-to":
            self.replay(int(data("index") or 0))
            self.show_board()
        elif action == "replay-first":
            self.replay(0)
        elif action == "replay-prev" and self.session is not None:
            self.replay(max(0, self.session.shown_index - 1))
        elif action == "replay-next" and self.session is not None:
            self.replay(self.session.shown_index + 1)
        elif action == "replay-live":
            self.replay(None)
        elif action in ("rematch", "new-same"):
            self.rematch()
        elif action == "close-dialog":
            self.close_dialog()
            if self.screen == "game":
                self.schedule_computer()
                self.focus_cursor()
        elif action == "hint":
            self.show_hints()
        elif action == "language":
            self.switch_language(data("language"))
        elif action == "share":
            self.show_share()
        elif action == "copy":
            asyncio.ensure_future(self.copy_text(data("copy")))
        elif action == "copy-secret":
            asyncio.ensure_future(self.copy_game_link())
        elif action == "download-svg":
            self.download_picture("svg")
        elif action == "download-png":
            self.download_picture("png")
        elif action == "export-current":
            self.export_current()
        elif action == "export-save":
            self.export_saves([data("save")])
        elif action == "export-all":
            self.export_saves()
        elif action == "delete-save":
            self.delete_save(data("save"))
        elif action == "undo-delete":
            self.undo_delete()
        elif action == "download-problem":
            text = self.store.quarantined_text(data("save")) or ""
            dom.download(f"ludothek-unreadable-{data('save')}.json", text)
        elif action == "forget-problem":
            self.store.forget_broken(data("save"))
            self.refresh_saves()
        elif action == "set-aside":
            self.store.quarantine(data("save"), _("set aside by the player after an error"))
            self.session = None
            self.go("#/")
        elif action == "keep-game":
            self.keep_game()
        elif action == "download-deleted" and self.deleted is not None:
            dom.download(f"ludothek-deleted-{self.deleted[0]}.json", self.deleted[1])
        elif action == "setup-cell":
            self.setup_cell(data("cell"))

    def preview_first(self, element, event) -> bool:
        """On a touch screen nothing can be pointed at: the first tap on an entry that shows itself
        on hover (data-preview) only shows it, a second tap on it commits. Mouse and keyboard
        clicks commit at once, as before."""
        if dom.data(element, "preview") is None or str(getattr(event, "pointerType", "") or "") != "touch":
            return False
        if element.classList.contains("previewing"):
            return False
        for other in dom.document.querySelectorAll(".previewing"):
            other.classList.remove("previewing")
            other.removeAttribute("aria-pressed")
        element.classList.add("previewing")
        element.setAttribute("aria-pressed", "true")
        self.announce(_("Shown on your layout. Tap it again to choose it."))
        return True

    def delete_save(self, save_id: str) -> None:
        # The entry's text stays in memory until the page closes, so Undo can always bring it
        # back (or, when the storage refuses, offer it as a file).
        text = self.storage.get(SAVE_PREFIX + save_id)
        self.store.delete(save_id)
        self.deleted = (save_id, text) if text is not None else None
        self.refresh_saves()
        self.toast(_("The game was deleted."), seconds=10, action=("undo-delete", _("Undo")))

    def undo_delete(self) -> None:
        if self.deleted is None:
            return
        save_id, text = self.deleted
        try:
            self.storage.set(SAVE_PREFIX + save_id, text)
        except StorageError:
            self.toast(_("The browser's storage refused to take the game back. Download it to keep it."), seconds=30,
                       action=("download-deleted", _("Download")))
            return
        self.deleted = None
        self.refresh_saves()
        self.toast(_("The game is back."))

    def setup_cell(self, cell: str) -> None:
        game_id = dom.data(dom.document.body, "game")
        view = get_view(game_id)
        form = dom.query("form.setup")
        values = self.read_form(form)
        values.update(view.setup_click(values, cell))
        self.setup_values[game_id] = values
        self.show_setup(game_id)

    def on_change(self, event) -> None:
        element = event.target
        if str(element.id or "") == "import-file":
            asyncio.ensure_future(self.import_file(element))
            return
        embed_options = dom.closest(element, "[data-action=embed-options]")
        if embed_options is not None:
            self.update_share_options(embed_options)
            return
        form = dom.closest(element, "form.setup")
        if form is not None:
            game_id = dom.data(form, "game")
            self.setup_values[game_id] = self.read_form(form)
            kind = str(element.type or "")
            if kind in ("text", "number", "search"):
                # The form stays as it is while the player types (and may be clicking Start).
                self.refresh_setup_preview(game_id)
            else:
                self.show_setup(game_id, focus_name=str(element.name or "") or None)

    def on_submit(self, event) -> None:
        form = dom.closest(event.target, "form.setup")
        if form is not None:
            event.preventDefault()
            self.start_from_setup(form)

    def on_keydown(self, event) -> None:
        key = str(event.key)
        element = event.target
        tag_name = str(getattr(element, "tagName", "") or "").lower()
        if tag_name in ("input", "select", "textarea"):
            return
        if event.ctrlKey or event.metaKey or event.altKey or learn.keydown(self, event, key):
            return
        in_board = dom.closest(element, "#board [data-target]")
        if in_board is not None:
            if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
                event.preventDefault()
                self.move_cursor(in_board, key)
                return
            if key in ("Enter", " "):
                event.preventDefault()
                self.ui = self.ui.with_(cursor=dom.data(in_board, "target"))
                self.handle_target(dom.data(in_board, "target"))
                return
        if self.screen != "game":
            return
        if key == "Escape" and self.view is not None:
            self.ui = self.view.cancel(self.ui)
            self.update_game()
        elif key in ("u", "U"):
            self.undo()
        elif key in ("r", "R"):
            self.redo()
        elif key in ("h", "H") and self.view is not None and self.view.hint_label():
            self.show_hints()

    def move_cursor(self, current, key: str) -> None:
        """Arrow keys move to the nearest board target in that direction (data-x right, data-y down)."""
        x0, y0 = float(dom.data(current, "x")), float(dom.data(current, "y"))
        dx, dy = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}[key]
        best, best_score = None, None
        for element in dom.document.querySelectorAll("#board [data-target][data-x]"):
            x, y = float(dom.data(element, "x")), float(dom.data(element, "y"))
            along = (x - x0) * dx + (y - y0) * dy
            if along <= 0:
                continue
            across = abs((x - x0) * dy) + abs((y - y0) * dx)
            score = along + 2 * across
            if best_score is None or score < best_score:
                best, best_score = element, score
        if best is None:
            return
        current.setAttribute("tabindex", "-1")
        best.setAttribute("tabindex", "0")
        best.focus()
        self.ui = self.ui.with_(cursor=dom.data(best, "target"))

    # -- messages --------------------------------------------------------------------------------

    def announce(self, text: str, show: bool = False) -> None:
        """Say `text` through the live region (and show it in the toast if asked)."""
        region = dom.by_id("announce")
        if region is not None:
            # A live region only speaks when its text changes: alternate a trailing space.
            old = str(region.textContent or "")
            region.textContent = text + ("\u00a0" if old == text else "")
        if show:
            self.toast(text)

    def toast(self, text: str, seconds: float = TOAST_SECONDS, action: tuple[str, str] | None = None) -> None:
        toast = dom.by_id("toast")
        if toast is None:
            return
        names = self.session.names() if self.session is not None else []
        html = screens.tag("span", isolate_names(screens.esc(text), names))
        if action:
            html += screens.button(action[1], action[0], class_="small")
        toast.innerHTML = html
        toast.classList.add("visible")
        if self.toast_timer is not None:
            js.clearTimeout(self.toast_timer)
        self.toast_timer = js.setTimeout(create_once_callable(lambda: toast.classList.remove("visible")), int(seconds * 1000))

    # -- rules -------------------------------------------------------------------------------

    def show_rules(self, game_id: str) -> None:
        view = get_view(game_id)
        body = rules_body_html(view, language())
        self.set_screen("rules", screens.rules_html(view, body), _("Rules: {title}").format(title=view.title()))


_app: App | None = None


def main() -> App:
    global _app
    _app = App()
    _app.start()
    return _app

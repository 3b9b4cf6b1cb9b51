"""The app in the page: screens, input, saves, and the computer players' turns.

Only this package touches the browser. It asks the engines (ludothek.games) what is legal, the
views (ludothek.render) for text to show, and the computer players (ludothek.ai) for moves,
which it runs in small slices between browser frames so the page never freezes.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import traceback
import zlib

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from ..ai import get_player
from ..games import GAME_IDS, IllegalMove
from ..games.base import RecordError
from ..i18n import _, language, ngettext, pick_language, set_language
from ..render import get_view, has_view
from ..render import screens
from ..ai import levels as ai_levels
from ..render.rules import rules_body_html
from ..render.standalone import embed_snippet, standalone_svg
from ..render.view import UIState
from . import dom, learn
from .saves import SaveStore, StorageFull
from .links import EmbedOptions, LinkError, decode_position, decode_record, position_fragment, record_fragment
from .session import GameSession, Seat, clean_name

LANGUAGE_KEY = "ludothek.language"
SLICE_SECONDS = 0.012  # computer thinking runs in slices this long, then lets the browser draw
MIN_THINK_SECONDS = 0.35  # a reply that comes at once is hard to follow: show the thinking briefly
AI_TIME_LIMIT = 0.9  # safety bound on one computer move in the page (levels budget their own work)
TOAST_SECONDS = 6
ANIMATION_SECONDS = 0.8  # longest animation of a move (the CSS and views keep theirs shorter)


def next_frame():
    """A future that resolves on the next macrotask, so the browser can paint and take input."""
    loop = asyncio.get_event_loop()
    future = loop.create_future()
    js.setTimeout(create_once_callable(lambda: future.done() or future.set_result(None)), 0)
    return future


def standalone_board(view, state) -> str:
    return view.board_svg(state, UIState(interactive=False))


def new_save_id() -> str:
    return f"{int(time.time() * 1000):x}{random.getrandbits(24):06x}"


class App:
    def __init__(self):
        self.storage = dom.LocalStorage()
        self.store = SaveStore(self.storage)
        self.session: GameSession | None = None
        self.view = None
        self.ui = UIState()
        self.rendered: dict[str, str] = {}
        self.thinking_token = 0
        self.thinking_seat: int | None = None
        self.setup_values: dict[str, dict[str, str]] = {}
        self.setup_position: dict[str, str] = {}  # game id -> position a new game starts from
        self.embed = EmbedOptions.from_query(str(js.location.search))
        self.share_values: dict = {"vs": "computer", "readonly": False, "width": 420, "height": 520}
        self.setup_errors: list[str] = []
        self.storage_warned = False
        self.deleted: tuple[str, str] | None = None
        self.toast_timer = None
        self.screen = ""
        self.animate_until = 0.0
        self.hint_token = 0
        self.board_focus_wanted = False  # the player was on the board when the computer took over

    # -- start -------------------------------------------------------------------------------

    def start(self) -> None:
        saved = self.storage.get(LANGUAGE_KEY)
        set_language(saved if saved else pick_language(list(js.navigator.languages or [js.navigator.language])))
        self.render_chrome()
        doc = dom.document
        dom.on(doc, "click", self.guard(self.on_click))
        dom.on(doc, "keydown", self.guard(self.on_keydown))
        dom.on(doc, "change", self.guard(self.on_change))
        dom.on(doc, "submit", self.guard(self.on_submit))
        dom.on(dom.window, "hashchange", self.guard(lambda event: self.route()))
        self.route()
        doc.body.dataset.ready = "1"
        if not self.storage.persistent and not self.embed.embed:
            self.toast(_("This browser does not let the page store games: they are kept until you close it. Export a game to keep it."))

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
        self.storage.set(LANGUAGE_KEY, language())
        self.render_chrome()
        if self.screen == "game" and self.session is not None:
            self.rendered.clear()
            layout = screens.tag("div", screens.game_frame_html(self.session.game_id, self.view.title()), class_="game-layout")
            self.set_screen("game", layout, self.view.title())
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
        return [Seat(name) if i == reader else Seat(_("Computer"), "computer", level) for i, name in enumerate(names)]

    def begin_embedded(self, session: GameSession) -> None:
        self.session = session
        self.view = get_view(session.game_id)
        self.ui = self.live_ui()
        layout = screens.tag("div", screens.game_frame_html(session.game_id, self.view.title()), class_="game-layout")
        layout += screens.tag("p", screens.tag("a", screens.esc(_("Open in Ludothek")), href=self.full_app_url(), target="_blank",
                                               rel="noopener"), class_="embed-credit")
        self.set_screen("game", layout, self.view.title())
        dom.document.body.dataset.game = session.game_id
        if self.embed.readonly:
            dom.document.body.classList.add("readonly")
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
        self.share_values = getattr(self, "share_values", {"vs": "computer", "readonly": False, "width": 420, "height": 520})
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
                               seat=session.game.current_player(session.shown_state) or 0)
        public = self.public(session.shown_state)
        fragment = position_fragment(session.game_id, session.game.position(public))
        picture = standalone_svg(session.game_id, public, UIState(interactive=False))
        return embed_snippet(self.base_url() + options.query() + fragment, picture, int(values["width"]), int(values["height"]),
                             _("{title} – Ludothek").format(title=self.view.title()))

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

    def set_screen(self, name: str, html: str, title: str) -> None:
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
        summaries, _problems = self.store.summaries()
        views = {game_id: get_view(game_id) for game_id in sorted({s.game_id for s in summaries}) if has_view(game_id)}
        dom.by_id("saves").innerHTML = screens.saves_html(summaries, self.store.quarantined(), views, time.time())

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
                self.toast(_("That saved game could not be read and was kept aside: {reason}").format(reason=str(exc)))
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
                           names=tuple(session.names()))
        if session.is_replaying:
            index = session.shown_index
            ui = ui.with_(last_before=self.public(session.states[index - 1]) if index else None,
                          last_move=session.moves[index - 1] if index else None, animate=False, hints=(), replaying=True)
        self.ui = ui
        names = session.names()
        if self.thinking_seat is not None:
            status = _("{name} is thinking…").format(name=names[self.thinking_seat])
        elif session.is_replaying:
            status = _("Replay: move {n} of {total}. Use “Back to the game” to play on.").format(n=session.shown_index, total=len(session.moves))
        else:
            status = view.status_text(shown, ui, names)
        board_had_focus = dom.closest(dom.document.activeElement, "#board") is not None
        regions = {
            "status": screens.esc(status),
            "board": view.board_svg(shown, ui),
            "extra": view.extra_html(shown, ui),
            "actions": screens.actions_html(view.actions(shown, ui)) if ui.interactive else "",
            "players": screens.players_html(view, session, shown, self.thinking_seat),
            "side-extra": view.side_html(shown, names),
            "controls": screens.controls_html(session, busy=False, hint_label=view.hint_label() if ui.interactive else None),
            "moves": screens.moves_html(view, session, self.public),
        }
        for region, html in regions.items():
            if self.rendered.get(region) != html:
                element = dom.by_id(region)
                if element is not None:
                    element.innerHTML = html
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
            if board_had_focus or active is None or active == dom.document.body:
                self.focus_cursor()
            self.board_focus_wanted = False
        moves = dom.query("#moves .move-items")
        if moves is not None:
            moves.scrollTop = moves.scrollHeight

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
        except IllegalMove as exc:
            self.announce(str(exc), show=True)
            return
        before, after = self.public(before), self.public(after)
        self.ui = UIState(cursor=self.ui.cursor, last_before=before, last_move=move, animate=self.animations_wanted())
        self.animate_until = time.perf_counter() + ANIMATION_SECONDS
        text = view.describe_move(before, move, after, session.names())
        if session.is_over():
            text += " " + view.result_text(after, session.names())
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
        """Hot-seat: the device passes from one human to another."""
        session, view = self.session, self.view
        if not view.handover or sum(1 for seat in session.seats if not seat.is_computer) < 2:
            return False
        mover = view.game.current_player(before)
        nxt = view.game.current_player(session.state)
        return nxt is not None and nxt != mover and not session.seats[nxt].is_computer

    def show_handover(self) -> None:
        session = self.session
        name = session.seats[session.game.current_player(session.state)].name
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
        self.announce(view.hint_text(state, hints, session.names()), show=True)
        self.update_game()

    def save(self) -> None:
        session = self.session
        if session is None:
            return
        if self.embed.embed:
            # An embedded board never writes to the reader's storage (it may be blocked or
            # partitioned): the game lives in the frame's address, so a reload keeps it.
            js.history.replaceState(None, "", self.embed.query() + record_fragment(session.record()))
            return
        try:
            self.store.save(session, time.time())
        except StorageFull:
            if not self.storage_warned:
                self.storage_warned = True
                self.toast(_("The browser's storage is full: this game is not being saved. Export it, or delete old games."))

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
        imported, problems = self.store.import_text(text, new_save_id, time.time())
        message = ngettext("Imported {n} game.", "Imported {n} games.", len(imported)).format(n=len(imported)) if imported else _("No game was imported.")
        if problems:
            message += " " + " ".join(f"{p.key}: {p.reason}." for p in problems[:3])
        self.toast(message, seconds=12 if problems else TOAST_SECONDS)
        self.refresh_saves()

    # -- events ------------------------------------------------------------------------------

    def on_click(self, event) -> None:
        element = dom.closest(event.target, "[data-action], [data-target]")
        if element is None or learn.click(self, event, element):
            return
        action = dom.data(element, "action")
        target = dom.data(element, "target")
        if target is not None and action is None and dom.closest(element, "#board, #extra, #actions") is not None:
            event.preventDefault()
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
            self.store.forget_quarantined(data("save"))
            self.refresh_saves()
        elif action == "setup-cell":
            self.setup_cell(data("cell"))

    def delete_save(self, save_id: str) -> None:
        text = self.storage.get("ludothek.save." + save_id)
        self.store.delete(save_id)
        self.deleted = (save_id, text) if text is not None else None
        self.refresh_saves()
        self.toast(_("The game was deleted."), action=("undo-delete", _("Undo")))

    def undo_delete(self) -> None:
        if self.deleted is not None:
            save_id, text = self.deleted
            self.storage.set("ludothek.save." + save_id, text)
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
        html = screens.tag("span", screens.esc(text))
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

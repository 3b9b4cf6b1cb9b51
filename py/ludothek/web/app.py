"""The app in the page: the state its screens share, and how they speak to the player.

Only this package touches the browser. It asks the engines (ludothek.games) what is legal, the
views (ludothek.render) for text to show, and the computer players (ludothek.ai) for moves,
which it runs in small slices between browser frames so the page never freezes.

Where things are:
    context.py       what the screens share, typed (AppContext: this App as the screens see it)
    startup.py       start-up: the language, the listeners, the first screen
    router.py        which screen an address opens (routes.py: the addresses, pure)
    language.py      the page's language, and the player's switch
    events.py        clicks (a table of actions), keys, form changes
    home_screen.py   the games and the saved-games list
    setup_screen.py  a new game's settings (setup_form.py: reading the form, pure)
    game_screen.py   the game being played: DOM and focus (render/game_screen.py: what it shows,
                     pure; arrow_keys.py: the keyboard cursor, pure)
    computer.py      the computer players' turns and hints (search_runner.py: work in slices)
    autosave.py      saving the game, and what another window did to it
    sharing.py       links, embeds, pictures
    files.py         export and import
    page.py          what the app asks of the page (assets/page.js carries it out)
    learn.py         the review and puzzle screens (review.py, puzzles.py)
    remote_screen.py a game by link (remote_games.py: the games a device holds)
    rules_screen.py, problem_screen.py   a game's rules; the last-resort screen
    editor_screen.py the diagram editor (render/editor.py: what it shows, pure)
"""

from __future__ import annotations

import traceback
from typing import Callable

from ..games.base import StateBase
from ..i18n import _
from ..render import screens
from ..render.bidi import isolate_names
from ..render.view import UIState, shown_seat_names, AnyView
from . import events, router, startup
from .autosave import AutoSave
from .computer import ComputerTurns
from .files import Files
from .game_screen import GameScreen
from .home_screen import HomeScreen
from .links import EmbedOptions
from .page import Page, PageEvent, PageState
from .problem_screen import show_problem
from .saves import DictStorage, MirroredStorage, SaveStore
from .session import GameSession
from .setup_screen import SetupScreen
from .sharing import Sharing

TOAST_SECONDS = 6


class App:
    """The page's app: implements web/context.AppContext, which is all its screens see of it."""

    def __init__(self, page: Page, page_state: PageState, open_storage: Callable[[], DictStorage | MirroredStorage]) -> None:
        """`page`: where the app's changes to the page go; `page_state`: the page as the app starts
        on it; `open_storage`: the browser's storage for the app's saves and settings."""
        self.page = page
        self.page_state = page_state
        try:
            self.embed = EmbedOptions.from_query(page_state.search)
        except Exception:  # noqa: BLE001 - an address is data: it never stops the start
            self.embed = EmbedOptions()
        # An embedded board keeps nothing in the blog reader's browser (and its storage is often
        # blocked there): its game lives in the frame's address, its settings in memory.
        self.storage: DictStorage | MirroredStorage = DictStorage() if self.embed.embed else open_storage()
        self.store = SaveStore(self.storage)
        self.session: GameSession | None = None  # the game shown (game, review and share screens)
        self.view: AnyView | None = None  # its game's view (ludothek.render)
        self.ui: UIState[StateBase] = UIState()
        self.screen = ""
        self.rendered: dict[str, str] = {}  # region id -> the HTML it shows (only changes are written)
        self.remote_screen: object = None  # web/remote_screen.of makes it when first needed
        self.learn: object = None  # the review and puzzle screens: web/learn.py makes them when first needed
        self.editor: object = None  # the diagram editor's state: web/editor_screen.py makes it
        self.stories: object = None  # the story reader: web/stories.py makes it
        self.home = HomeScreen(self)
        self.setup = SetupScreen(self)
        self.game = GameScreen(self)
        self.computer = ComputerTurns(self)
        self.autosave = AutoSave(self)
        self.sharing = Sharing(self)
        self.files = Files(self)
        if isinstance(self.storage, MirroredStorage):
            self.storage.on_refused = self.autosave.refused

    def start(self) -> None:
        startup.start(self)

    def route(self) -> None:
        router.route(self)

    def handle(self, text: str) -> None:
        """One event from the page (a JSON text: web/page.PageEvent), handed on; never raises."""
        try:
            event = PageEvent.parse(text)
        except (ValueError, TypeError, RecursionError):  # not JSON, not an object, nested too deep
            self.page.error("ludothek: an event the app cannot read: " + text[:200])
            return
        self.guard(lambda _: events.dispatch(self, event))(None)

    def stored_changed(self, event: PageEvent) -> None:
        """The page's storage as another window (or the player, by hand) left it: in the mirror."""
        if isinstance(self.storage, MirroredStorage):
            self.storage.changed(event.stored_changes())

    def write_answered(self, event: PageEvent) -> None:
        """The page's answer to a write: refused (the key as the page holds it), or through again."""
        if not isinstance(self.storage, MirroredStorage):
            return
        if event.type == "written":
            self.storage.on_written()
            return
        raw = event.raw
        sequence, key, held = raw.get("seq"), raw.get("key"), raw.get("held")
        if isinstance(sequence, int) and isinstance(key, str) and (held is None or isinstance(held, str)):
            self.storage.on_refusal(sequence, key, bool(raw.get("full")), held)

    async def refused_writes(self, keys: list[str]) -> set[str]:
        """Which of `keys` the page refused to write, once it has carried out every write sent
        (always none where the storage is not the page's)."""
        storage = self.storage
        if not isinstance(storage, MirroredStorage):
            return set()
        await self.page.settled()
        return set(keys) & storage.refused

    def page_failed(self, op: str, error: str) -> None:
        """The page could not carry out an op (what it was to show cannot be shown): the game's
        last-resort screen, as when drawing failed; elsewhere the player is told."""
        self.page.error(f"ludothek: the page could not carry out {op}: {error}")
        if self.screen == "error":
            return  # the last-resort screen itself: nothing more to try
        if self.screen in ("game", "review") and self.session is not None:
            show_problem(self, RuntimeError(error or op), self.session.save_id)
            return
        self.toast(_("Something went wrong: {error}").format(error=error or op))

    def go(self, route: str) -> None:
        if self.page_state.hash == route:
            self.route()
        else:
            self.page_state.hash = route  # the address is this one from now on (the page follows it)
            self.page.go(route)

    def address_changed(self, route: str) -> None:
        """The page's address changed (a link, Back, or the app's own go): its screen is shown."""
        self.page_state.hash = route
        self.route()

    def guard(self, handler: Callable[[object], object]) -> Callable[[object], object]:
        """Never let an error in one handler break the page: report it and carry on."""

        def wrapped(event: object) -> object:
            try:
                return handler(event)
            except Exception as exc:  # noqa: BLE001 - the page must survive anything
                self.page.error(traceback.format_exc())
                self.toast(_("Something went wrong: {error}").format(error=str(exc) or type(exc).__name__))
                return None

        return wrapped

    def set_screen(self, name: str, html: str, title: str, keep_scroll: bool = False) -> None:
        self.screen = name
        self.rendered.clear()
        # What was said about the last screen does not belong to this one; a new screen shows its
        # top (the page would keep the old screen's scroll position, e.g. a new game would open at
        # the height where Start was on the setup page).
        self.page.screen(name, html, f"{title} – Ludothek" if title != "Ludothek" else title, keep_scroll=keep_scroll)

    def begin_session(self, session: GameSession) -> None:
        """Play a new game (from the settings, a link, a rematch or a review)."""
        if self.embed.embed:
            # A rematch in a blog's board: it stays in the frame (whose address holds the game).
            self.sharing.begin_embedded(session)
            self.autosave.save()
            return
        # Stored at once, so that a reload loses nothing; the Continue list shows a game from its
        # first move on (see HomeScreen.refresh_saves), so games started and left at once do not pile up there.
        self.session = session
        self.autosave.save()
        self.go(f"#/play/{session.save_id}")

    # -- the shown game --------------------------------------------------------------------------

    def shown_session(self) -> GameSession:
        """The shown game, where a screen of a game is shown (a RuntimeError elsewhere)."""
        if self.session is None:
            raise RuntimeError("no game is shown")
        return self.session

    def shown_view(self) -> AnyView:
        """The shown game's view, where a screen of a game is shown (a RuntimeError elsewhere)."""
        if self.view is None:
            raise RuntimeError("no game is shown")
        return self.view

    def public(self, state: StateBase) -> StateBase:
        """What every player at the table may see of `state`: the only thing views are given."""
        public: StateBase = self.shown_session().game.observation(state, None)
        return public

    def seat_names(self) -> list[str]:
        """Each seat's one name (the typed one, or its colour): see render.view.shown_seat_names."""
        return shown_seat_names(self.shown_view(), self.shown_session().names())

    def base_url(self) -> str:
        """The app's address without query or fragment, e.g. https://example.org/ludothek/index.html."""
        return self.page_state.base_url

    def animations_wanted(self) -> bool:
        return not self.page_state.reduced_motion

    def move_cursor(self, event: PageEvent) -> None:
        self.game.move_cursor(event)

    # -- messages --------------------------------------------------------------------------------

    def announce(self, text: str, show: bool = False) -> None:
        """Say `text` through the live region (and show it in the toast if asked)."""
        self.page.announce(text)
        if show:
            self.toast(text)

    def toast(self, text: str, seconds: float = TOAST_SECONDS, action: tuple[str, str] | None = None) -> None:
        names = self.session.names() if self.session is not None else []
        html = screens.tag("span", isolate_names(screens.esc(text), names))
        if action:
            html += screens.button(action[1], action[0], class_="small")
        self.page.toast(html, seconds)


def start(start_text: str, page: Page) -> App:
    """The app on a page whose side (assets/page.js) told it `start_text` (web/page.PageEvent
    "start": the page as it is now, and its `ludothek.*` keys), started. Its saves and settings go
    through `page` (web/saves.MirroredStorage)."""
    told = PageEvent.parse(start_text)
    stored = told.raw.get("stored")
    app = App(page, PageState.from_start(told), lambda: MirroredStorage.from_start(stored, page.store))
    app.start()
    return app

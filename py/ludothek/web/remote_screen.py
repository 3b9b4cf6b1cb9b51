"""The screen of a game by link (issue 27): #/remote/<data> opens a link, #/by-link/<game id>
shows a held game. The player moves on the board as at the game screen; Send shares the link
(navigator.share where there is one, else the clipboard) with a line in the sender's language.
Hooks: startup.route, events.on_click/on_keydown, the setup screen's offer, the home list.

Whatever the store refuses (RemoteError: a link that does not read, a move past the most a game
by link holds, a game stored that no longer reads) is said in the player's language
(render/remote.remote_error_text) on the screen where it happened, the held game as it was:
never the app's last resort ("Something went wrong")."""

from __future__ import annotations

import time
from urllib.parse import unquote


from ..games import get_game
from ..games.base import StateBase
from ..i18n import _
from ..remote import protocol
from ..remote.protocol import RemoteError
from ..render.catalog import get_view, is_game
from ..render.screens import link_error_html
from ..render import remote as words
from ..render.view import UIState
from .context import AppContext
from .deleted import LastDeleted
from .links import without_tail
from .remote_games import Held, RemoteStore
from .search_runner import in_background
from .page import Control, PageEvent, SetupForm
from .routes import REMOTE_ACTIONS_ANYWHERE, REMOTE_SCREEN
from .setup_form import form_players, form_seats

SCREEN = REMOTE_SCREEN


def of(app: AppContext) -> "RemoteScreen":
    screen = getattr(app, "remote_screen", None)
    if not isinstance(screen, RemoteScreen):
        screen = RemoteScreen(app)
        app.remote_screen = screen
    return screen


class RemoteScreen:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.key: str | None = None
        self.ui: UIState[StateBase] = UIState()
        self.notice: str | None = None
        self.fork: protocol.RemoteGame | None = None
        self.fork_locked = False  # the fork may not be played on (protocol.compare): Keep only
        self.animate_next = False  # the next drawing animates the last move (one just received or made)
        self.deleted = LastDeleted(lambda key: self.store.delete(key), lambda key, text: self.store.restore(key, text))

    @property
    def store(self) -> RemoteStore:
        return RemoteStore(self.app.storage)

    # -- opening -------------------------------------------------------------------------------

    def open_link(self, data: str) -> None:
        app = self.app
        try:
            try:
                received = self.store.receive(data, time.time())
            except RemoteError:
                received = self.store.receive(without_tail(unquote(data)), time.time())
        except RemoteError as exc:
            app.set_screen("error", link_error_html(words.remote_error_text(exc)), _("This link cannot be opened"))
            return
        if received.relation == "onlooker" or received.held is None:
            app.set_screen("error", link_error_html(_("This link is for a player who has the game on another device.")), _("This link cannot be opened"))
            return
        self.notice = words.relation_text(received.relation, received.fork_at, received.locked)
        self.fork = received.other if received.relation == "fork" else None
        self.fork_locked = received.locked
        self.animate_next = received.relation in ("new", "newer")
        self.show(received.held.key, fresh=True)

    def show(self, key: str, fresh: bool = False) -> None:
        if not fresh and key != self.key:
            self.notice, self.fork, self.fork_locked = None, None, False
        self.key = key
        self.ui = UIState()
        self.draw(first=True)

    def held(self) -> Held | None:
        try:
            return self.store.get(self.key or "")
        except RemoteError:
            return None

    def refused(self, error: RemoteError, rg: protocol.RemoteGame | None) -> None:
        """Say why the store refused what the player did; the game stays as it was."""
        self.app.announce(words.remote_error_text(error, rg), show=True)

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, first: bool = False) -> None:
        app = self.app
        try:
            held = self.store.get(self.key or "")
        except RemoteError as exc:  # stored, but it no longer reads: say why (Delete is on the home screen)
            app.set_screen("error", link_error_html(words.remote_error_text(exc)), _("This link cannot be opened"))
            return
        if held is None:
            app.toast(_("That saved game does not exist (any more)."))
            app.go("#/")
            return
        progress = protocol.replay(held.rg, held.own)
        game = get_game(held.rg.game)
        your_move = (
            progress.state is not None and progress.pending is None and progress.to_act(held.rg.game) == held.own.seat and not game.is_over(progress.state)
        )
        last_before, last_move = None, None
        if progress.before_last is not None and progress.played:
            last_before, last_move = game.observation(progress.before_last, held.own.seat), held.rg.moves[progress.played - 1]
        # The last move is marked as at the game screen, and animated once: in the drawing right
        # after it arrived by link or was made here, not when the screen is drawn again later.
        animate = self.animate_next and last_move is not None and app.animations_wanted()
        self.animate_next = False
        self.ui = self.ui.with_(interactive=your_move, last_before=last_before, last_move=last_move, animate=animate)
        app.view = get_view(held.rg.game)
        html = words.screen_html(held.rg, held.own, progress, self.ui, self.notice, self.fork, unsent=held.unsent, sent=held.sent, fork_locked=self.fork_locked)
        if first or app.screen != SCREEN:
            app.set_screen(SCREEN, html, app.view.title())
        else:
            app.page.html("#screen", html)
        app.page.body_data("game", held.rg.game)
        over = words.is_over(held.rg, progress)
        app.page.body_data("remote", "over" if over else "move" if your_move else ("send" if words.must_send(held.rg, held.own) else "wait"))
        app.page.body_data("unsent", str(held.unsent))

    # -- playing -------------------------------------------------------------------------------

    def target(self, token: str) -> None:
        held = self.held()
        if held is None or not self.ui.interactive:
            return
        progress = protocol.replay(held.rg, held.own)
        game = get_game(held.rg.game)
        result = self.app.shown_view().click(game.observation(progress.state, held.own.seat), self.ui, token)
        self.ui = result.ui
        if result.move is None:
            if result.message:
                self.app.announce(result.message, show=True)
            self.draw()
            return
        try:
            held = self.store.play(held, result.move, time.time())
        except RemoteError as exc:
            self.ui = UIState()
            self.draw()
            self.refused(exc, held.rg)
            return
        self.ui = UIState()
        self.notice = None  # the invitation's hint is done with once the move is made
        self.animate_next = True
        self.draw()
        after = protocol.replay(held.rg, held.own)
        if words.is_over(held.rg, after):
            self.app.announce(words.status(held.rg, held.own, after) + " " + _("Send the link to your friend."), show=True)
        elif after.to_act(held.rg.game) != held.own.seat or words.must_send(held.rg, held.own):
            self.app.announce(_("Your move is made. Send the link to your friend."), show=True)

    def take_back(self) -> None:
        """The last move made here and not yet sent, taken back (a move sent stays)."""
        held = self.held()
        if held is None:
            return
        try:
            held = self.store.take_back(held, time.time())
        except RemoteError as exc:
            self.refused(exc, held.rg)
            return
        self.ui = UIState()
        self.draw()
        self.app.announce(_("Your move is taken back."), show=True)
        self.app.page.focus('#board [tabindex="0"]', scroll=False)

    def send(self) -> None:
        held = self.held()
        if held is None:
            return
        try:
            held, text = self.store.send(held, None, time.time())
        except RemoteError as exc:
            self.refused(exc, held.rg)
            return
        url = self.app.base_url() + text
        message = words.share_message(held.rg.game)
        self.draw()
        in_background(self._share(message, url))

    async def _share(self, message: str, url: str) -> None:
        page = self.app.page
        page.body_data("remoteLink", url)
        try:
            if await page.share("Ludothek", message, url):
                return
        except Exception:  # noqa: BLE001 - the share sheet was closed or refused: copy instead
            pass
        try:
            await page.copy(message + "\n" + url)
            self.app.toast(_("The link is copied. Paste it into a message to your friend."))
        except Exception:  # noqa: BLE001 - clipboard refused: show it to copy by hand
            self.app.toast(url, seconds=30)

    def delete(self, key: str) -> None:
        """A game by link removed from this device (Undo brings it back while the page is open)."""
        self.deleted.delete(key)
        self.app.home.refresh_saves()
        self.app.toast(_("The game was deleted."), seconds=10, action=("undo-delete-remote", _("Undo")))

    def undo_delete(self) -> None:
        try:
            if not self.deleted.undo():
                return
        except Exception:  # noqa: BLE001 - storage refused: say so, the text stays for another try
            self.app.toast(_("The browser's storage refused to take the game back."))
            return
        self.deleted.forget()
        self.app.home.refresh_saves()
        self.app.toast(_("The game is back."))

    def choose(self, take_link: bool) -> None:
        """After a fork: keep the held game or play on from the link's line. A line that may not
        be played on (or does not replay) leaves the held game as it was, and says why."""
        held = self.held()
        if held is None or self.fork is None:
            return
        try:
            self.store.choose(held, self.fork if take_link else held.rg, time.time())
        except RemoteError as exc:
            self.notice = words.remote_error_text(exc, held.rg)
        else:
            self.notice = None
        self.fork, self.fork_locked = None, False
        self.draw()  # (the notice is an alert: screen readers hear why)

    def start_from_setup(self, form: SetupForm, seat: int = 0) -> None:
        """The setup form's settings, played with a friend by link: this device takes `seat`
        (0: the inviter moves first; 1: the friend who opens the invitation does)."""
        game_id = form.game
        if not is_game(game_id):
            return
        view = get_view(game_id)
        values = dict(form.values)
        players = form_players(game_id, values)
        if players < 2:
            players = 2
        seats = form_seats(view, values, players)
        try:
            options = view.options_from_form(values, players)
            held = self.store.start(game_id, players, min(max(seat, 0), players - 1), options, [seat.name for seat in seats], time.time())
        except (ValueError, RemoteError) as exc:
            self.app.toast(words.remote_error_text(exc) if isinstance(exc, RemoteError) else str(exc))
            return
        self.key = held.key
        progress = protocol.replay(held.rg, held.own)
        if progress.state is None:
            self.notice = _("Send the invitation: your friend joins by opening the link, and the board is dealt when their answer comes back.")
        elif progress.to_act(game_id) != held.own.seat:
            self.notice = _("Send the invitation: your friend moves first.")
        else:
            self.notice = _("Make your move, then send the link to your friend.")
        self.app.go(f"#/by-link/{held.key}")


def route(app: AppContext, screen: str, argument: str) -> None:
    if screen == "remote":
        of(app).open_link(argument)
    elif argument:
        of(app).show(argument)
    else:
        app.go("#/")


def click(app: AppContext, event: PageEvent, control: Control) -> bool:
    """True when a click belonged to this screen (or its offer on the setup screen, its games on the
    home screen: routes.REMOTE_ACTIONS_ANYWHERE, the only clicks elsewhere that reach this module)."""
    action = control.get("action")
    if app.screen != SCREEN and action not in REMOTE_ACTIONS_ANYWHERE:
        return False
    if action == "remote-start":
        if event.setup is not None:
            of(app).start_from_setup(event.setup, int(control.get("seat") or 0))
        return True
    if action == "delete-remote":
        of(app).delete(str(control.get("save") or ""))
        return True
    if action == "undo-delete-remote":
        of(app).undo_delete()
        return True
    if app.screen != SCREEN:
        return False
    screen = of(app)
    target = control.get("target")
    if target is not None and action is None and control.inside("#board", "#extra", "#actions"):
        screen.target(str(target))
        return True
    if action == "remote-send":
        screen.send()
    elif action == "remote-undo":
        screen.take_back()
    elif action in ("remote-keep", "remote-take"):
        screen.choose(action == "remote-take")
    else:
        return False
    return True


def keydown(app: AppContext, event: PageEvent) -> bool:
    if app.screen != SCREEN:
        return False
    screen, key = of(app), event.key
    if key in ("u", "U"):  # as at the game screen: take the last move back (until it is sent)
        screen.take_back()
        return True
    token = event.control.get("target") if event.control is not None else None
    if token is None:
        return False
    if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
        app.move_cursor(event)
        screen.ui = screen.ui.with_(cursor=app.ui.cursor)
        return True
    if key in ("Enter", " "):
        screen.ui = screen.ui.with_(cursor=token)
        screen.target(token)
        return True
    return False

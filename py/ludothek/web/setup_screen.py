"""The setup screen (#/setup/<game>): players, seats and options of a new game, with a preview;
or, opened from a position link, the seats for a game from that position."""

from __future__ import annotations

import random
import time

from ..i18n import _
from ..render import screens
from ..render.catalog import get_view, is_game
from ..render.diagram import Diagram, editor_fragment
from ..render.setup_screen import setup_html
from ..render.view import UIState
from .context import AppContext
from .session import GameSession, new_save_id
from .page import Control, SetupForm
from .saves import Storage, StorageError
from .setup_form import form_players, form_seats, setup_preview, setup_warnings


LEARNED_KEY = "ludothek.learned"  # the games whose lesson was opened on this device, comma-separated


def learned_games(storage: Storage) -> set[str]:
    text = storage.get(LEARNED_KEY) or ""
    return {part for part in text[:200].split(",") if is_game(part)}


def note_learned(storage: Storage, game_id: str) -> None:
    """The lesson of `game_id` was opened here: its setup screen no longer offers it."""
    games = learned_games(storage) | {game_id}
    try:
        storage.set(LEARNED_KEY, ",".join(sorted(games)))
    except StorageError:  # the offer is a courtesy: without storage it is made again
        pass


class SetupScreen:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.values: dict[str, dict[str, str]] = {}  # game id -> the form as the player left it
        self.position: dict[str, str] = {}  # game id -> position a new game starts from
        self.errors: list[str] = []
        self.shown_game = ""  # the game whose settings the screen shows

    def new_to(self, game_id: str) -> bool:
        """Whether this device has neither a game of `game_id` kept nor opened its lesson."""
        if game_id in learned_games(self.app.storage):
            return False
        summaries, _problems = self.app.store.summaries()
        return not any(summary.game_id == game_id for summary in summaries)

    def show(self, game_id: str, focus_name: str | None = None, position: str | None = None) -> None:
        app = self.app
        view = get_view(game_id)
        values = self.values.get(game_id, {})
        if position is not None:
            self.position[game_id] = position
        elif focus_name is None:
            self.position.pop(game_id, None)  # a plain "new game" forgets an earlier start position
        position = self.position.get(game_id)
        if position is not None:
            state = view.game.from_position(position)
            players = state.setup.players
            public = view.game.observation(state, None)
            preview = view.board_svg(public, UIState(interactive=False))
            # The editor gets what the picture shows: the link's hidden parts were dealt afresh
            # here (web/links.decode_position) and are nobody's to write into a diagram.
            editor_link = editor_fragment(game_id, view.game.position(public), Diagram())
            html = setup_html(view, players, values, self.errors, (), position_preview=preview, editor_link=editor_link)
        else:
            players = form_players(game_id, values)
            html = setup_html(view, players, values, self.errors, setup_warnings(view, values, players), new_to_it=self.new_to(game_id))
            html += screens.tag("div", setup_preview(view, values, players), id="setup-preview", class_="setup-preview")
            from ..render import remote as remote_words  # play by link's words come with its modules (web/routes.py)

            html += remote_words.setup_offer_html(game_id)  # the third way to play: with a friend, by link
        if app.screen == "setup" and self.shown_game == game_id:
            app.page.html("#screen", html)
        else:
            app.set_screen("setup", html, _("New game: {title}").format(title=view.title()))
            app.page.body_data("game", game_id)
            self.shown_game = game_id
        self.errors = []
        if focus_name:
            app.page.focus(f'form.setup [name="{focus_name}"]')

    def changed(self, form: SetupForm, control: Control) -> None:
        game_id = form.game
        if not is_game(game_id):
            return
        self.values[game_id] = dict(form.values)
        kind = control.kind
        if kind in ("text", "number", "search"):
            # The form stays as it is while the player types (and may be clicking Start): redraw
            # only the preview.
            view = get_view(game_id)
            values = self.values.get(game_id, {})
            self.app.page.html("#setup-preview", setup_preview(view, values, form_players(game_id, values)))
        else:
            self.show(game_id, focus_name=control.name or None)

    def cell_clicked(self, form: SetupForm, cell: str) -> None:
        """A click on the setup's own board (a game whose options are drawn, e.g. a layout)."""
        game_id = form.game
        if not is_game(game_id):
            return
        view = get_view(game_id)
        values = dict(form.values)
        changes = view.setup_click(values, cell)
        if changes is None:
            return  # this game's preview has no cells to click: nothing changes
        values.update(changes)
        self.values[game_id] = values
        self.show(game_id)

    def start_game(self, form: SetupForm) -> None:
        game_id = form.game
        if not is_game(game_id):
            return
        view = get_view(game_id)
        values = dict(form.values)
        self.values[game_id] = values
        position = self.position.get(game_id) if form.from_position else None
        players = view.game.from_position(position).setup.players if position is not None else form_players(game_id, values)
        seats = form_seats(view, values, players)
        try:
            if position is not None:
                session = GameSession.from_position(game_id, seats, position, save_id=new_save_id(), now=time.time())
            else:
                options = view.options_from_form(values, players)
                session = GameSession.new(game_id, seats, seed=random.getrandbits(31), options=options, save_id=new_save_id(), now=time.time())
        except ValueError as exc:
            self.errors = [str(exc)]
            self.show(game_id)
            return
        self.app.begin_session(session)

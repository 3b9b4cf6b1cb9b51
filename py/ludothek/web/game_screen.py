"""The game screen (#/play/<save id>, and an embedded board): the player's clicks and keys, undo,
redo and replay, the hand-over between players at one screen, and the result. What it shows is
computed without the browser (render/game_screen.py, the screen model); this module writes the
regions that changed into the page and keeps the keyboard focus. The computer's turns are in
computer.py, saving in autosave.py."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from ..games import MoveError
from ..games.base import RecordError, StateBase
from ..i18n import _
from ..render import screens
from ..render.catalog import get_view
from ..render.game_panels import game_frame_html, handover_dialog_html, result_dialog_html
from ..render.game_screen import (
    GameScreenModel,
    History,
    game_screen_model,
    move_announcement,
    player_may_move,
    redo_announcement,
    refused_click_text,
    replay_announcement,
    undo_announcement,
)
from ..render.diagram import Diagram, captioned_svg, keep_known
from ..render.pictures import position_picture
from ..render.view import UIState, AnyView
from .arrow_keys import nearest_in_direction
from .context import AppContext
from .page import Control, PageEvent, css_string
from .session import GameSession, new_save_id

CURSOR = '#board [tabindex="0"]'  # the board's keyboard cursor (the one target in the tab order)
ANIMATION_SECONDS = 0.8  # longest animation of a move (the CSS and views keep theirs shorter)
ARROW_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


class GameScreen:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.animate_until = 0.0
        self.board_focus_wanted = False  # the player was on the board when the computer took over

    # -- opening and drawing ---------------------------------------------------------------------

    def show(self, save_id: str) -> None:
        app = self.app
        if app.session is None or app.session.save_id != save_id:
            try:
                app.session = app.store.load(save_id)
            except KeyError:
                app.toast(_("That saved game does not exist (any more)."))
                app.go("#/")
                return
            except RecordError as exc:
                app.toast(_("That saved game could not be read and was kept aside: {reason}").format(reason=str(exc)), seconds=12)
                app.go("#/")
                return
        app.view = get_view(app.session.game_id)
        app.ui = self.live_ui()
        self.redraw_frame(keep_scroll=False)
        app.computer.schedule()

    def redraw_frame(self, keep_scroll: bool = True) -> None:
        """The screen's frame drawn anew (a new game, or a new language), then the game in it."""
        session, view = self.shown()
        layout = screens.tag("div", game_frame_html(session.game_id, view.title()), class_="game-layout")
        self.app.set_screen("game", layout, view.title(), keep_scroll=keep_scroll)
        self.app.page.body_data("game", session.game_id)
        self.update()

    def shown(self) -> tuple[GameSession, AnyView]:
        """The game shown and its view (this screen is shown, so both are there)."""
        return self.app.shown_session(), self.app.shown_view()

    def live_ui(self) -> UIState[StateBase]:
        """A fresh UI state for the live position, marking the last move."""
        app = self.app
        session = app.session
        if session is not None and session.moves:
            return UIState(interactive=self.human_can_move(), last_before=app.public(session.states[-2]), last_move=session.moves[-1])
        return UIState(interactive=self.human_can_move())

    def human_can_move(self) -> bool:
        app = self.app
        s = app.session
        return s is not None and player_may_move(
            readonly=app.embed.readonly,
            replaying=s.is_replaying,
            over=s.is_over(),
            computer_to_move=s.computer_to_move(),
            thinking=app.computer.thinking_seat is not None,
        )

    def shown_diagram(self, session: GameSession, view: AnyView) -> Diagram:
        """The marks an embedded board's link carries (web/sharing.Sharing.open_position_link),
        drawn while the position they were made for is shown: a move takes them away (they explain
        that position, not the next), Undo back to it brings them back. Marks on a place this
        drawing of the board lacks are left out, never an error."""
        diagram = self.app.sharing.embed_diagram
        if session.shown_index != 0 or diagram.is_empty():
            return Diagram()
        if not diagram.has_marks():
            return diagram
        ui = self.app.ui.with_(interactive=self.human_can_move(), diagram=diagram)
        return keep_known(diagram, view.target_centres(self.app.public(session.shown_state), ui))[0]

    def model(self, session: GameSession, view: AnyView) -> GameScreenModel:
        """What the screen shows now (render/game_screen.py), from the app's state; with an
        embedded diagram's caption written under the board, as in the snippet's picture."""
        app = self.app
        diagram = self.shown_diagram(session, view)
        model = game_screen_model(
            view,
            History.of(session, app.public),
            app.ui.with_(diagram=diagram),
            turn=view.game.current_player(session.state),
            over=session.is_over(),
            thinking_seat=app.computer.thinking_seat,
            interactive=self.human_can_move(),
            # A move animates in the redraws right after it (the board is drawn again at once when
            # the computer starts thinking); later redraws show it at rest.
            animating=time.perf_counter() < self.animate_until,
        )
        # An embed whose snippet's picture wrote what lies beside the board under it writes it too
        # (render/pictures.py) while the picture's position is shown, so that the board comes alive
        # where the picture drew it; after a move the board takes the whole box, as when the caption
        # goes (lines that grew and shrank with the position would make the board jump at any move).
        sides = app.embed.embed and app.embed.sides and session.shown_index == 0
        if not diagram.caption and not sides:
            return model
        shown = self.app.public(session.shown_state)

        def framed(board: str) -> str:
            return captioned_svg(position_picture(view, shown, board, words=False) if sides else board, diagram.caption)

        regions = tuple((name, framed(html) if name == "board" else html) for name, html in model.regions)
        return replace(model, regions=regions)

    def update(self) -> None:
        self.app.page.mark("update-start")
        try:
            self._update()
        finally:
            self.app.page.measure("update", "update-start")

    def _update(self) -> None:
        """The screen brought up to date with the model: only the regions that changed are
        written, and the keyboard focus is kept (or brought back to the board)."""
        app = self.app
        session, view = app.session, app.view
        if session is None or view is None or app.screen != "game":
            return
        model = self.model(session, view)
        app.ui = model.ui
        # The keyboard returns to the board on the player's turn when it was there (drawing the board
        # anew takes the focus away) or was wanted there (sharing.begin_embedded).
        app.page.note_focus("board", "#board", already=self.board_focus_wanted)
        self.board_focus_wanted = False
        for region, html in model.regions:
            if app.rendered.get(region) != html:
                app.page.region(region, html)  # (a disclosure the player opened stays open)
                app.rendered[region] = html
        for name, value in model.dataset.items():
            app.page.body_data(name, value)
        if model.ui.interactive:
            # Back on the player's turn: the keyboard cursor returns to the board, even if the board
            # was redrawn without targets (and lost focus) while the computer was thinking; unless
            # the player has gone on elsewhere meanwhile (the focus is not on the page, the board
            # or the embed's cover).
            app.page.focus(CURSOR, scroll=False, note="board", idle_or="#board, .embed-cover")
        app.page.scroll_to_end("#moves .move-items")

    def show_board(self) -> None:
        """Bring the board into view when its top is out of sight (on a phone the move list is
        far below it): the replay buttons under the board then go on from there."""
        self.app.page.show_top("#board")

    def focus_cursor(self, scroll: bool = True) -> None:
        """The keyboard cursor on the board. `scroll=False` when the focus comes without the
        player's doing (the computer moved, an embed came alive): the page stays where the reader
        scrolled it (on a phone, a blog post jumped by the board's height)."""
        self.app.page.focus(CURSOR, scroll=scroll)

    # -- the player's moves ----------------------------------------------------------------------

    def handle_target(self, target: str) -> None:
        app = self.app
        session, view = app.session, app.view
        if session is None or view is None:
            return
        if not app.ui.interactive:
            refusal = refused_click_text(replaying=session.is_replaying, thinking=app.computer.thinking_seat is not None)
            if refusal:
                app.announce(refusal)
            return
        app.page.note_focus("buttons", "#extra, #actions")
        result = view.click(app.public(session.state), app.ui, target)
        app.ui = result.ui
        if result.move is not None:
            self.apply_move(result.move)
        else:
            if result.message:
                app.announce(result.message, show=True)
            self.update()
        # The button pressed was redrawn away: keyboard play goes on from the board (or the next choice).
        choices = ["#extra button, #actions button", CURSOR] if result.move is None else [CURSOR]
        app.page.focus(choices, note="buttons", outside="#extra, #actions")

    def apply_move(self, move: str) -> None:
        self.app.page.mark("apply-start")
        try:
            self._apply_move(move)
        finally:
            self.app.page.measure("apply", "apply-start")

    def _apply_move(self, move: str) -> None:
        app = self.app
        session, view = self.shown()
        before = session.state
        try:
            after = session.play(move)
        except MoveError as exc:
            app.announce(view.move_error_text(exc), show=True)
            return
        before, after = app.public(before), app.public(after)
        app.ui = UIState(cursor=app.ui.cursor, last_before=before, last_move=move, animate=app.animations_wanted())
        self.animate_until = time.perf_counter() + ANIMATION_SECONDS
        app.announce(move_announcement(view, before, move, after, app.seat_names(), session.is_over()))
        app.autosave.save()
        self.update()
        if session.is_over():
            self.show_result()
        elif self.needs_handover(before):
            self.show_handover()
        else:
            app.computer.schedule()

    def needs_handover(self, before: StateBase) -> bool:
        """Hot-seat: the device passes from one human to another, who is to see what is theirs alone."""
        session, view = self.shown()
        if not view.handover or sum(1 for seat in session.seats if not seat.is_computer) < 2:
            return False
        mover = view.game.current_player(before)
        nxt = view.game.current_player(session.state)
        if nxt is None or nxt == mover or session.seats[nxt].is_computer:
            return False
        # Only when the next player knows something the others must not see: information hidden
        # from everybody alike (a shuffled pile) needs no one to look away.
        return bool(session.game.observation(session.state, nxt) != session.game.observation(session.state, None))

    def show_handover(self) -> None:
        session, _view = self.shown()
        seat = session.game.current_player(session.state)
        if seat is None:
            return
        name = self.app.seat_names()[seat]
        self.app.page.open_dialog(handover_dialog_html(name), focus="[data-action=close-dialog]")

    def dialog_closed(self) -> None:
        """The player closed the dialog (after a hand-over, the result, or sharing): play goes on."""
        self.app.page.close_dialog()
        if self.app.screen == "game":
            self.app.computer.schedule()
            self.focus_cursor()

    # -- undo, redo, replay ----------------------------------------------------------------------

    def undo(self) -> None:
        session = self.app.session
        if session is None or not session.can_undo():
            return
        self.app.computer.cancel_thinking()
        count = session.undo()
        self._after_undo_or_redo(undo_announcement(count))

    def redo(self) -> None:
        app = self.app
        session, view = app.session, app.view
        if session is None or view is None or not session.can_redo():
            return
        app.computer.cancel_thinking()
        before = app.public(session.state)
        session.redo()
        self._after_undo_or_redo(redo_announcement(view, before, session.moves[-1] if session.moves else None))

    def _after_undo_or_redo(self, text: str) -> None:
        """The live position said, saved and drawn; then the game goes on (a position a move was
        taken back to is never over: only a redo can end the game)."""
        app = self.app
        app.ui = self.live_ui()
        app.announce(text)
        app.autosave.save()
        self.update()
        if app.session is not None and app.session.is_over():
            self.show_result()
        else:
            app.computer.schedule()

    def replay(self, index: int | None) -> None:
        app = self.app
        session = app.session
        if session is None:
            return
        if index is not None and index >= len(session.moves):
            index = None
        was_replaying = session.is_replaying
        session.replay_to(index)
        if session.is_replaying:
            app.computer.cancel_thinking()
        else:
            app.ui = self.live_ui()
        said = replay_announcement(session.shown_index if session.is_replaying else None, was_replaying)
        if said:
            app.announce(said)
        self.update()
        if not session.is_replaying:
            app.computer.schedule()

    def replay_step(self, step: int) -> None:
        """One move back (-1) or forward (+1) from the position shown."""
        if self.app.session is not None:
            self.replay(max(0, self.app.session.shown_index + step))

    # -- the end ---------------------------------------------------------------------------------

    def show_result(self) -> None:
        session, view = self.shown()
        self.app.page.open_dialog(result_dialog_html(view, session, self.app.public(session.state)), focus="[data-action=rematch]")

    def rematch(self) -> None:
        session = self.app.session
        if session is None:
            return
        self.app.page.close_dialog()
        setup = session.state.setup
        if setup.position is not None:
            new = GameSession.from_position(session.game_id, session.seats, setup.position, save_id=new_save_id(), now=time.time())
        else:
            new = GameSession.new(
                session.game_id, session.seats, seed=random.getrandbits(31), options=setup.options_dict(), save_id=new_save_id(), now=time.time()
            )
        self.app.begin_session(new)

    # -- keys ------------------------------------------------------------------------------------

    def keydown(self, event: PageEvent) -> None:
        """A key on the game screen (the board's own keys first: arrows, Enter and Space; the page
        keeps those from scrolling it)."""
        app, key = self.app, event.key
        token = event.control.get("target") if event.control is not None else None
        if token is not None:
            if key in ARROW_KEYS:
                self.move_cursor(event)
                return
            if key in ("Enter", " "):
                app.ui = app.ui.with_(cursor=token)
                self.handle_target(token)
                return
        if app.screen != "game":
            return
        if key == "Escape" and app.view is not None:
            app.ui = app.view.cancel(app.ui)
            self.update()
        elif key in ("u", "U"):
            self.undo()
        elif key in ("r", "R"):
            self.redo()
        elif key in ("h", "H") and app.view is not None and app.view.hint_label():
            app.computer.show_hints()

    def move_cursor(self, event: PageEvent) -> None:
        """An arrow key moves the cursor to the nearest board target in that direction (see
        arrow_keys.py), among the targets the page listed with the key (event.targets)."""
        origin = grid_point(event.control)
        if origin is None:  # a target off the grid: the arrows have nowhere to go from it
            return
        best = nearest_in_direction(origin, event.key, ((x, y, token) for token, x, y in event.targets))
        if best is None:
            return
        page, selector = self.app.page, f"#board [data-target={css_string(best)}][data-x]"
        page.attr_all(CURSOR, "tabindex", "-1")
        page.attr(selector, "tabindex", "0")
        page.focus(selector)
        self.app.ui = self.app.ui.with_(cursor=best)


def grid_point(control: Control | None) -> tuple[float, float] | None:
    """A board target's grid coordinates (data-x, data-y); None for one that has none."""
    x, y = (control.get("x"), control.get("y")) if control is not None else (None, None)
    try:
        return None if x is None or y is None else (float(x), float(y))
    except ValueError:
        return None

"""The computer players' turns, and hints for a human player: both searches run in slices between
frames (search_runner.py), and both are dropped when the game moves on meanwhile."""

from __future__ import annotations

import asyncio
import time
import traceback
import zlib


from ..render.catalog import get_player
from ..i18n import _
from .context import AppContext
from .search_runner import SearchCancelled, in_background, next_turn, run_sliced

MIN_THINK_SECONDS = 0.35  # a reply that comes at once is hard to follow: show the thinking briefly
AI_TIME_LIMIT = 0.9  # safety bound on one computer move in the page (levels budget their own work)


class ComputerTurns:
    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.thinking_token = 0  # a newer turn (or none) makes an older search's move stale
        self.thinking_seat: int | None = None
        self.hint_token = 0

    def cancel_thinking(self) -> None:
        self.thinking_token += 1
        self.thinking_seat = None

    def schedule(self) -> None:
        """Start the computer's turn if it is one."""
        session = self.app.session
        if session is None or session.is_over() or session.is_replaying or not session.computer_to_move():
            return
        self.thinking_token += 1
        in_background(self.think(self.thinking_token))

    async def think(self, token: int) -> None:
        app = self.app
        session = app.shown_session()
        seat_index = session.game.current_player(session.state)
        if seat_index is None:
            return
        seat = session.seats[seat_index]
        # The same game at the same move always gets the same player (a reload repeats its move).
        seed = zlib.crc32(f"{session.save_id}:{len(session.moves)}".encode())
        player = get_player(session.game_id, seat.level, seed=seed)
        player.time_limit = AI_TIME_LIMIT
        self.thinking_seat = seat_index
        app.game.update()
        await next_turn()
        started = time.perf_counter()
        busy = [0.0]
        try:
            move = await run_sliced(player.search(session.state), still_wanted=lambda: token == self.thinking_token, busy=busy)
            # Published for benchmarks: how long the search took (its slices and the pauses
            # between them), and how much of it was the search's own work.
            app.page.body_data("lastThinkMs", str(round((time.perf_counter() - started) * 1000)))
            app.page.body_data("lastThinkBusyMs", str(round(busy[0] * 1000)))
            remaining = MIN_THINK_SECONDS - (time.perf_counter() - started)
            if remaining > 0:
                await asyncio.sleep(remaining)
        except SearchCancelled:
            return
        except Exception as exc:  # noqa: BLE001 - report, never leave the game stuck silently
            app.page.error(traceback.format_exc())
            if token == self.thinking_token:
                self.thinking_seat = None
                app.toast(_("The computer player failed: {error}").format(error=str(exc)))
                app.game.update()
            return
        if token != self.thinking_token or app.session is not session:
            return
        self.thinking_seat = None
        app.game.apply_move(move)

    # -- hints -----------------------------------------------------------------------------------

    def show_hints(self) -> None:
        app = self.app
        session = app.session
        if session is None or not app.ui.interactive:
            return
        self.hint_token += 1
        in_background(self.compute_hints(self.hint_token, len(session.moves)))

    async def compute_hints(self, token: int, moves: int) -> None:
        """Run the view's hint search in slices, like a computer player's, then show the hints."""
        app = self.app
        session, view = app.shown_session(), app.shown_view()
        state = app.public(session.state)
        app.announce(_("Looking for a good move…"))
        try:
            found = await run_sliced(
                view.hint_search(state), still_wanted=lambda: token == self.hint_token and app.session is session and len(session.moves) == moves
            )
        except SearchCancelled:
            return
        hints = tuple(found or ())
        app.ui = app.ui.with_(hints=hints)
        app.announce(view.hint_text(state, hints, app.seat_names()), show=True)
        app.game.update()

"""What the game screen shows, computed without the browser (pure): the status line, the shown
move in words, the board, the panels, the control row (which buttons may be pressed), and the
sentences said to screen readers when something happens. web/game_screen.py puts the model into
the page (only the regions that changed) and keeps the keyboard focus; everything it shows comes
from here, so it is tested in CPython (tests/test_game_screen_model.py).

The model is fed plain data: the game's view, the game as the players at the table see it
(`History`: observations only, never a hidden part), the UI state, whose turn it is, and whether
the computer is thinking."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from ..games.base import HiddenInformationError, StateBase
from ..i18n import _, ngettext
from .bidi import isolate_names
from .game_panels import Control, PlayedGame, actions_html, control_row_html, game_controls, moves_html, players_html, replay_html
from .svg import esc
from .view import UIState, shown_seat_names, AnyView

# The regions of the game screen (ids of the elements the frame has, render.game_panels.game_frame_html),
# in the order they are written.
REGIONS = ("status", "last-move", "board", "extra", "actions", "players", "side-extra", "controls", "moves", "replay")


class SeatLike(Protocol):
    """A seat as the screen reads it (web/session.Seat)."""

    @property
    def name(self) -> str: ...
    @property
    def is_computer(self) -> bool: ...
    @property
    def level(self) -> int: ...


class SessionLike(PlayedGame, Protocol):
    """A game being played as `History.of` reads it (web/session.GameSession)."""

    @property
    def seats(self) -> Sequence[SeatLike]: ...


@dataclass(frozen=True)
class History:
    """A game as the screen reads it, as plain data: the seats, the states from the start to the
    live position as every player at the table may see them (observations), the moves, the
    position shown (the live one, or an earlier one in a replay), and whether undo and redo can do
    anything. It reads as a session does (`names()`, `can_undo()`), so the drawing functions of
    render.game_panels take it as they take a session."""

    game_id: str
    seats: tuple[SeatLike, ...]
    states: tuple[StateBase, ...]  # len(moves) + 1 observations
    moves: tuple[str, ...]
    shown_index: int  # the position shown: after this many moves
    undo: bool = False  # undo would take a move back
    redo: bool = False  # a move taken back can be replayed

    @property
    def is_replaying(self) -> bool:
        return self.shown_index < len(self.moves)

    @property
    def state(self) -> StateBase:
        """The live position."""
        return self.states[-1]

    @property
    def shown_state(self) -> StateBase:
        return self.states[self.shown_index]

    def names(self) -> list[str]:
        """The names typed for the seats."""
        return [seat.name for seat in self.seats]

    def can_undo(self) -> bool:
        return self.undo

    def can_redo(self) -> bool:
        return self.redo

    @classmethod
    def of(cls, session: SessionLike, public: Callable[[StateBase], StateBase]) -> "History":
        """A session's history (web/session.GameSession), every state through `public` (what every
        player at the table may see of it)."""
        return cls(
            game_id=session.game_id,
            seats=tuple(session.seats),
            states=tuple(public(state) for state in session.states),
            moves=tuple(session.moves),
            shown_index=session.shown_index,
            undo=session.can_undo(),
            redo=session.can_redo(),
        )


@dataclass(frozen=True)
class GameScreenModel:
    """Everything the game screen shows, as text and values."""

    ui: UIState[StateBase]  # the UI state the screen is drawn with (the app keeps it for the next click)
    names: tuple[str, ...]  # each seat's name as shown (render.view.shown_seat_names)
    status: str  # the status line (plain text)
    last_move: str  # the shown position's last move in words ('' for none)
    controls: tuple[Control, ...]  # the control row under the game
    regions: tuple[tuple[str, str], ...]  # (region id, its HTML), in REGIONS' order
    turn: int | None  # the seat to move in the live game (None: over)
    moves: int  # moves played in the live game
    over: bool
    thinking: bool  # a computer player is thinking

    def region(self, name: str) -> str:
        return dict(self.regions)[name]

    def control(self, action: str) -> Control | None:
        return next((control for control in self.controls if control.action == action), None)

    @property
    def dataset(self) -> dict[str, str]:
        """The body's data attributes (for styles and tests): data-turn, -moves, -over, -thinking."""
        return {"turn": str(self.turn), "moves": str(self.moves), "over": "1" if self.over else "0", "thinking": "1" if self.thinking else "0"}


def player_may_move(*, readonly: bool, replaying: bool, over: bool, computer_to_move: bool, thinking: bool) -> bool:
    """Whether the board takes the player's input now."""
    return not readonly and not replaying and not over and not computer_to_move and not thinking


def shown_ui(ui: UIState[StateBase], history: History, names: Sequence[str], *, interactive: bool, animating: bool) -> UIState[StateBase]:
    """The UI state to draw the shown position with: a move animates only while `animating` (in
    the redraws right after it); a replay marks the move replayed to, without animation or hints."""
    ui = ui.with_(interactive=interactive, animate=ui.animate and animating, names=tuple(names))
    if history.is_replaying:
        index = history.shown_index
        ui = ui.with_(
            last_before=history.states[index - 1] if index else None,
            last_move=history.moves[index - 1] if index else None,
            animate=False,
            hints=(),
            replaying=True,
        )
    return ui


def status_text(view: AnyView, history: History, ui: UIState[StateBase], names: list[str], thinking_seat: int | None) -> str:
    """The status line: who is thinking, the replay, or the view's own words for the position."""
    if thinking_seat is not None:
        return _("{name} is thinking…").format(name=names[thinking_seat])
    if history.is_replaying:
        return _("Replay: move {n} of {total}. Use “Back to the game” to play on.").format(n=history.shown_index, total=len(history.moves))
    return view.status_text(history.shown_state, ui, names)


def last_move_text(view: AnyView, history: History, names: list[str]) -> str:
    """The shown position's last move in words (the one replayed to, in a replay), as each player
    sees it; on a phone the move list is far below the board. '' where the view writes it itself."""
    index = history.shown_index
    if view.writes_last_move or index == 0:
        return ""
    try:
        return view.describe_move(history.states[index - 1], history.moves[index - 1], history.states[index], names)
    except HiddenInformationError:  # a move whose words need what no player has seen yet: the board shows it
        return ""


def game_screen_model(
    view: AnyView,
    history: History,
    ui: UIState[StateBase],
    *,
    turn: int | None,
    over: bool,
    thinking_seat: int | None = None,
    interactive: bool = True,
    animating: bool = False,
) -> GameScreenModel:
    """What the game screen shows of `history` (its shown position), drawn with `ui`.
    `interactive`: the player may move now (player_may_move); `animating`: the last move is still
    to be animated; `turn`, `over`: the live game's."""
    names = shown_seat_names(view, history.names())
    ui = shown_ui(ui, history, names, interactive=interactive, animating=animating)
    shown = history.shown_state
    status = status_text(view, history, ui, names, thinking_seat)
    last_move = last_move_text(view, history, names)
    controls = game_controls(history, busy=False, hint_label=view.hint_label() if ui.interactive else None)
    html = {
        "status": isolate_names(esc(status), names),
        "last-move": isolate_names(esc(last_move), names),
        "board": view.board_svg(shown, ui),
        "extra": view.extra_html(shown, ui),
        "actions": actions_html(view.actions(shown, ui)) if ui.interactive else "",
        "players": players_html(view, history, shown, thinking_seat),
        "side-extra": view.side_html(shown, names),
        "controls": control_row_html(controls),
        "moves": moves_html(view, history),
        "replay": replay_html(history),
    }
    return GameScreenModel(
        ui=ui,
        names=tuple(names),
        status=status,
        last_move=last_move,
        controls=controls,
        regions=tuple((region, html[region]) for region in REGIONS),
        turn=turn,
        moves=len(history.moves),
        over=over,
        thinking=thinking_seat is not None,
    )


# -- what is said to screen readers when something happens ----------------------------------------


def move_announcement(view: AnyView, before: StateBase, move: str, after: StateBase, names: list[str], over: bool) -> str:
    """Said after a move (the player's or the computer's): the move in words, and the result when it ended the game."""
    text = view.describe_move(before, move, after, names)
    if over:
        text += " " + view.result_text(after, names)
    return text


def undo_announcement(count: int) -> str:
    return ngettext("Took back {n} move.", "Took back {n} moves.", count).format(n=count)


def redo_announcement(view: AnyView, before: StateBase, move: str | None) -> str:
    """Said after a redo: the move replayed (`before`: the position it was played on)."""
    return _("Replayed: {move}.").format(move=view.move_text(before, move)) if move is not None else ""


def replay_announcement(shown_index: int | None, was_replaying: bool) -> str:
    """Said when the replay moves: the position shown, or back to the game ('' when nothing changed)."""
    if shown_index is not None:
        return _("Showing the position after move {n}.").format(n=shown_index)
    return _("Back to the game.") if was_replaying else ""


def refused_click_text(*, replaying: bool, thinking: bool) -> str:
    """Said when the board is clicked while it takes no input ('' when there is nothing to explain)."""
    if replaying:
        return _("You are looking at an earlier position. Use “Back to the game” to play on.")
    if thinking:
        return _("Please wait: the computer is thinking.")
    return ""

"""The game screen's parts as HTML text (pure): its frame (the regions render/game_screen.py
fills), the players' panels, the move list, the replay buttons, the control row and the
actions, and the dialogs of a game (its result, handing the device over)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Protocol, Sequence

from ..games.base import StateBase
from ..i18n import _
from .bidi import name_html
from .screens import button, dialog_html, level_label
from .svg import esc, tag
from .view import Action, shown_seat_names, AnyView


class PanelSeat(Protocol):
    """A seat as the players' panels read it (web/session.Seat, a game by link's seat)."""

    @property
    def is_computer(self) -> bool: ...
    @property
    def level(self) -> int: ...


class SeatedGame(Protocol):
    """What the players' panels read of a game: a session (web/session.GameSession), its
    History (render/game_screen) or a game by link's seats (render/remote)."""

    @property
    def game_id(self) -> str: ...
    @property
    def seats(self) -> Sequence[PanelSeat]: ...
    def names(self) -> list[str]: ...


class PlayedGame(SeatedGame, Protocol):
    """A game with its moves as the move list, the replay and the controls read it: a session
    (web/session.GameSession) or its History (render/game_screen)."""

    @property
    def moves(self) -> Sequence[str]: ...
    @property
    def states(self) -> Sequence[StateBase]: ...
    @property
    def shown_index(self) -> int: ...
    @property
    def is_replaying(self) -> bool: ...
    def can_undo(self) -> bool: ...
    def can_redo(self) -> bool: ...


def game_frame_html(game_id: str, title: str) -> str:
    """The static frame of the game screen; its regions are filled by `game_parts`."""
    return (
        tag(
            "div",
            tag("h1", esc(title), class_="game-title") + tag("p", "", id="status", class_="status") + tag("p", "", id="last-move", class_="last-move"),
            class_="game-head",
        )
        # Beside the board (below it on a phone): the choices of the move, then the replay buttons,
        # so that stepping through the game keeps the board in view.
        + tag(
            "div",
            tag("div", "", id="board", class_="board-wrap")
            + tag("div", "", id="extra", class_="extra")
            + tag("div", "", id="actions", class_="actions")
            + tag("div", "", id="replay", class_="replay"),
            class_="play-area",
        )
        # The side: what a player uses often (Undo, Share, the players, the moves) before what is
        # there to look up (the game's own panels).
        + tag(
            "aside",
            tag("div", "", id="controls", class_="controls")
            + tag("div", "", id="players", class_="players")
            + tag(
                "section",
                tag("h2", esc(_("Moves")), id="moves-heading") + tag("div", "", id="moves", class_="moves"),
                class_="move-list",
                aria_labelledby="moves-heading",
            )
            + tag("div", "", id="side-extra", class_="side-extra"),
            class_="side",
        )
    )


def players_html(view: AnyView, session: SeatedGame, s: StateBase, thinking_seat: int | None, kinds: list[str] | None = None, stopped: bool = False) -> str:
    """One panel per seat: piece, name, kind, the game's details, whose turn, winners. `kinds`
    says who plays each seat when it is not "human" or a computer (a game by link: "you");
    `stopped`: the game ended outside its rules (a game by link at its limit), so nobody moves."""
    game = view.game
    players = len(session.seats)
    current = None if stopped else game.current_player(s)
    scores = game.scores(s)
    winners = set(game.winners(s)) if game.is_over(s) else set()
    rows = []
    names = shown_seat_names(view, session.names())
    for seat, info in enumerate(session.seats):
        style = view.seat_style(seat, players)
        who = _("computer, {level}").format(level=level_label(session.game_id, info.level)) if info.is_computer else _("human")
        if kinds is not None:
            who = kinds[seat]
        badges = ""
        if seat == current:
            badges += tag("span", esc(_("thinking…") if seat == thinking_seat else _("to move")), class_="badge turn")
        if seat in winners:
            badges += tag("span", esc(_("winner")), class_="badge winner")
        rows.append(
            tag(
                "li",
                tag("span", view.piece_svg(seat, players, 26), class_="seat-piece")
                + tag(
                    "span",
                    tag("span", name_html(names[seat]), class_="name")
                    + tag("span", esc(who if names[seat] == style.name else f"{style.name} · {who}"), class_="seat-kind"),
                    class_="who",
                )
                + tag("span", view.seat_details(s, seat), class_="details")
                + badges,
                class_="player" + (" current" if seat == current else "") + (" winner" if seat in winners else ""),
                data_seat=str(seat),
                data_score=str(scores[seat]),
                aria_current="true" if seat == current else None,
            )
        )
    return tag("ul", "".join(rows), class_="player-list", aria_label=_("Players"))


def actions_html(actions: list[Action]) -> str:
    return "".join(
        tag("button", esc(a.label), type="button", data_target=a.target, class_="action" + (" primary" if a.primary else ""), title=a.hint or None)
        for a in actions
    )


@dataclass(frozen=True)
class Control:
    """A button of the game screen's control row: its command, words, and whether it may be pressed."""

    action: str  # data-action
    label: str
    title: str
    enabled: bool = True
    key: str | None = None  # its keyboard shortcut (aria-keyshortcuts)


def game_controls(session: PlayedGame, busy: bool, hint_label: str | None = None) -> tuple[Control, ...]:
    """The control row under the game (a session, or any value that reads as one: is_replaying,
    can_undo(), can_redo(), moves). `hint_label`: the game's hint button, None for none."""
    replaying = session.is_replaying
    return (
        *((Control("hint", hint_label, _("Show what the computer thinks of the moves (H)"), key="h"),) if hint_label else ()),
        Control("undo", _("Undo"), _("Take back your last move (U)"), enabled=not (busy or replaying or not session.can_undo()), key="u"),
        Control("redo", _("Redo"), _("Replay a move taken back (R)"), enabled=not (busy or replaying or not session.can_redo()), key="r"),
        Control("new-same", _("New game"), _("Start again with the same players and options")),
        *((Control("review-open", _("Review"), _("Every move judged by the computer, with the turning points")),) if session.moves else ()),
        Control("share", _("Share"), _("Links, an embeddable board and pictures of this game")),
        Control("export-current", _("Export"), _("Download this game as a file")),
    )


def control_row_html(controls: Iterable[Control]) -> str:
    return tag(
        "div",
        "".join(button(c.label, c.action, disabled=not c.enabled, title=c.title, aria_keyshortcuts=c.key) for c in controls),
        class_="control-row",
    )


def controls_html(session: PlayedGame, busy: bool, hint_label: str | None = None) -> str:
    return control_row_html(game_controls(session, busy, hint_label))


def moves_html(view: AnyView, session: PlayedGame, public: Callable[[StateBase], StateBase] = lambda state: state) -> str:
    """The move list with step-through replay: each entry shows the position after it.
    `public` turns a state into what the players may see (the game's observation)."""
    shown = session.shown_index
    items = [
        tag(
            "li",
            button(_("Start"), "replay-to", class_="move" + (" shown" if shown == 0 else ""), data={"index": 0}, aria_current="step" if shown == 0 else None),
            class_="start",
        )
    ]
    players = len(session.seats)
    names = shown_seat_names(view, session.names())
    for i, move in enumerate(session.moves):
        before = public(session.states[i])
        seat = view.game.current_player(before)
        style = view.seat_style(seat, players) if seat is not None else None
        label = view.move_text(before, move)
        items.append(
            tag(
                "li",
                button(
                    f"{i + 1}. {label}",
                    "replay-to",
                    class_="move " + (f"seat-{style.css}" if style else "") + (" shown" if shown == i + 1 else ""),
                    data={"index": i + 1},
                    aria_current="step" if shown == i + 1 else None,
                    aria_label=_("{text}, by {name}").format(text=f"{i + 1}. {label}", name=names[seat] if seat is not None else ""),
                ),
            )
        )
    return tag("ol", "".join(items), class_="move-items")


# Icons as SVG paths (fonts differ in which arrow glyphs they have).
ICON_FIRST = "M5 4h2v16H5zM20 4v16L9 12z"
ICON_PREV = "M18 4v16L6 12z"
ICON_NEXT = "M6 4v16l12-8z"
ICON_LAST = "M17 4h2v16h-2zM4 4v16l11-8z"


def icon_button(path: str, action: str, label: str) -> str:
    icon = tag("svg", tag("path", "", d=path), viewBox="0 0 24 24", width="20", height="20", aria_hidden="true", focusable="false", class_="icon")
    return tag("button", icon, type="button", data_action=action, title=label, aria_label=label, class_="icon-button")


def replay_html(session: PlayedGame) -> str:
    """The buttons that step through the game, under the board; while replaying, which move is shown."""
    if not session.moves:
        return ""
    shown = session.shown_index
    nav = tag(
        "div",
        icon_button(ICON_FIRST, "replay-first", _("First position"))
        + icon_button(ICON_PREV, "replay-prev", _("Previous move"))
        + icon_button(ICON_NEXT, "replay-next", _("Next move"))
        + icon_button(ICON_LAST, "replay-live", _("Back to the game")),
        class_="replay-nav",
        role="group",
        aria_label=_("Replay"),
    )
    banner = (
        tag("p", esc(_("Replay: showing the position after move {n} of {total}.").format(n=shown, total=len(session.moves))), class_="replay-banner")
        if session.is_replaying
        else ""
    )
    return banner + nav


def result_dialog_html(view: AnyView, session: PlayedGame, state: StateBase) -> str:
    names = shown_seat_names(view, session.names())
    text = view.result_text(state, names)
    scores = view.game.scores(state)
    # Each number says what it counts ("8 points", "longest chain: 5"); a game that counts only
    # the win lists nothing.
    counted = [(name, view.score_text(state, score)) for name, score in zip(names, scores)]
    rows = "".join(tag("li", esc(_("{name}: {score}").format(name=name, score=score))) for name, score in counted if score is not None)
    return dialog_html(
        tag("h2", esc(_("Game over")), id="result-title")
        + tag("p", esc(text), class_="result-text")
        + (tag("ul", rows, class_="result-scores", aria_label=_("Scores")) if rows else ""),
        button(_("Rematch"), "rematch", class_="primary")
        + (button(_("Review"), "review-open") if session.moves else "")
        + button(_("Look at the board"), "close-dialog")
        + tag("a", esc(_("Home")), href="#/", class_="button", data_action="close-dialog"),
    )


def handover_dialog_html(name: str) -> str:
    return dialog_html(
        tag("h2", esc(_("Your turn, {name}").format(name=name)), id="result-title") + tag("p", esc(_("Pass the device to {name}.").format(name=name))),
        button(_("I am {name}: play").format(name=name), "close-dialog", class_="primary"),
    )

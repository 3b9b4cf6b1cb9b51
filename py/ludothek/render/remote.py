"""What a player reads about a game by link (issue 27), in their language: the state of the game
("Your move, Anna", "Waiting for Ben", at the end who won), the message that goes with a link, how a link stands to
the game held, why a link cannot be read. Pure sentences over ludothek.remote; the app's screens
show them.

A sentence embeds each player's name isolated (render/bidi.isolate: FSI ... PDI), so a name in a
right-to-left script, or one that ends in digits, never reorders the sentence around it; HTML
shows the sentence with `isolated_html` (each name in a <bdi>), text without markup (a toast, an
accessible name) as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from ..games import get_game
from ..games.base import StateBase
from ..i18n import N_, _, ngettext
from ..names import clean_name
from ..remote.chance import REMOTE_GAMES
from ..remote.protocol import MAX_LINK_MOVES, Own, Progress, RemoteError, RemoteGame, advance
from .bidi import isolate, isolated_html
from .catalog import get_view
from .game_panels import actions_html, players_html
from .home_screen import LinkItem as LinkItem  # the Continue list's item, also for web/remote_*
from .screens import button
from .view import UIState

MOMOX_NOT_OFFERED = N_("Momox is not offered by link: its hidden chips could only be drawn with a message from your friend at every bowl you lift.")

SEVERAL_PLAYERS_NOTE = N_(
    "With three or four players, whoever passes a link on could add a move for a player after them. That player's own device"
    " refuses the link, but the other devices cannot tell: play by link with three or four among people you trust."
)

REMOTE_ERROR_TEXTS = {
    "truncated": N_("The link is cut off. Copy it whole and open it again."),
    "damaged": N_("The link is damaged and cannot be read."),
    "newer-version": N_("This link comes from a newer version of Ludothek. Reload the page to update it, then open the link again."),
    "too-long": N_("The link is far longer than any game's: it is not a link Ludothek made."),
    "unknown-game": N_("The link names a game this version of Ludothek does not know."),
    "not-offered": MOMOX_NOT_OFFERED,
    "tampered": N_("The link has been changed: the part of the draw it gives for {name} does not match what they committed to."),
    "illegal-move": N_("Move {number} in the link is not a legal move."),
    "early-move": N_("The link holds a move before the draw it depends on."),
    "bad-options": N_("The link's settings are not valid for this game."),
    "not-your-move": N_("It is not your move."),
    "too-many-moves": N_("This game has {count} moves: a game by link ends at {most} moves, so it cannot be played on."),
    "too-many-draws": N_("The link holds more draws than a game by link can have."),
    "nothing-to-take-back": N_("There is no move of yours to take back: a move sent is your friend's to see."),
    "unjoined-move": N_("The link has been changed: move {number} is made for {name}, who had not joined the game then."),
    "forged-move": N_("The link has been changed: move {number} is in your seat, and you did not make it. Your game stays as it was."),
    "fork-after-draw": N_(
        "This line goes back to move {number}, before a draw you have already sent your part of: it cannot be played on. Your game stays as it was."
    ),
}

RELATION_TEXTS = {
    "older": N_("This link is older than your game. Here is your game as it stands."),
    "same": N_("You have opened this link before. Here is your game as it stands."),
    "fork": N_("This link parts from your game at move {number}: a move was taken back and another played. Choose the line to play on."),
    "locked-fork": N_(
        "This link parts from your game at move {number}, before a draw you have already sent your part of. Whoever sent it could know that draw"
        " and choose it, so it cannot be played on: your game stays as it was."
    ),
    "altered": N_("This link was made from your game with its settings or players changed. It is not kept: here is your game as it stands."),
}


STOPPED = N_("The game stopped at {most} moves, the most a game by link holds: nobody won.")
STOPPED_SHORT = N_("Stopped at {most} moves")


def seat_name(rg: RemoteGame, seat: int) -> str:
    """A seat's player name, or its colour when the player gave none."""
    return shown_name(rg.game, rg.players, rg.names, seat)


def shown_name(game_id: str, players: int, names: tuple[str, ...], seat: int) -> str:
    name = names[seat] if seat < len(names) else ""
    return name or get_view(game_id).seat_style(seat, players).name


def named(rg: RemoteGame, seat: int) -> str:
    """A seat's name as a sentence embeds it: isolated; its colour, the app's own word, as it is
    (a view compares it with the colour's name: "Blue", not "Anna (blue)")."""
    name = seat_name(rg, seat)
    return isolate(name) if seat < len(rg.names) and rg.names[seat] else name


def share_message(game_id: str) -> str:
    """The line sent with a link, in the sender's language."""
    return _("Your move in {game} – Ludothek").format(game=get_view(game_id).title())


def must_send(rg: RemoteGame, own: Own) -> bool:
    """Whether this device holds something the others need without a move of its own: its
    commitment, or its part of a draw."""
    return advance(rg, own) != rg


def is_over(rg: RemoteGame, progress: Progress) -> bool:
    """Whether the game has ended: as the engine says, or stopped at the most moves a game by
    link holds (protocol.MAX_LINK_MOVES)."""
    return progress.stopped or (progress.state is not None and progress.pending is None and get_game(rg.game).is_over(progress.state))


def result_short(rg: RemoteGame, state: StateBase) -> str:
    """The end in the Continue list: "Anna won", "Anna, Ben shared the win", "Draw"."""
    return winners_text(get_game(rg.game).winners(state), [named(rg, s) for s in range(rg.players)])


def winners_text(winners: list[int], names: list[str]) -> str:
    if not winners:
        return _("Draw")
    if len(winners) == 1:
        return _("{name} won").format(name=names[winners[0]])
    return _("{names} shared the win").format(names=", ".join(names[w] for w in winners))


def status(rg: RemoteGame, own: Own, progress: Progress) -> str:
    """The game's state as its screen says it to the player of this device (at the end, who won)."""
    if progress.stopped:
        return _(STOPPED).format(most=MAX_LINK_MOVES)
    if is_over(rg, progress):
        view = get_view(rg.game)
        return view.result_text(get_game(rg.game).observation(progress.state, own.seat), [named(rg, s) for s in range(rg.players)])
    seat = progress.to_act(rg.game)
    if seat == own.seat:
        if progress.state is None or progress.pending is not None:
            return _("Send the link back to play on.")
        return _("Your move, {name}").format(name=named(rg, own.seat))
    if seat is None:
        return _("The game is over.")
    if must_send(rg, own):
        return _("Send the link to {name}: the game goes on with your part of the draw.").format(name=named(rg, seat))
    if progress.pending is not None:
        return _("Waiting for {name}: the next draw needs their part.").format(name=named(rg, seat))
    return _("Waiting for {name}").format(name=named(rg, seat))


def short_status(rg: RemoteGame, own: Own, progress: Progress) -> str:
    """The state in the Continue list: "Your move", "Waiting for Anna", or at the end "Anna won"."""
    return link_item_of("", summary(rg, own, progress), 0.0).state


# -- the Continue list: what it shows of a held game, kept with the game -------------------------
# The home screen lists every held game with its state; replaying each game for it cost a second
# with a few dozen games held (issue 55). So what the list shows is worked out when the game is
# stored (web/remote_games.RemoteStore.put) and kept with it, in no language; the list reads it
# back (`summary_from`) and says it in the player's language (`link_item_of`).

SUMMARY_VERSION = 1  # a summary of another version (or none) is rebuilt from the game
SUMMARY_STATES = ("move", "wait", "over", "stopped", "none")


class LinkSummary(TypedDict, total=False):
    """A summary (`summary`), as kept with a held game and read back (`summary_from`)."""

    version: int
    game: str
    players: int
    names: list[str]
    state: str  # one of SUMMARY_STATES
    winners: list[int]  # the seats that won ("over")
    seat: int  # the seat waited for ("wait")
    commitments: list[str | None]  # each seat's, in hex (web/remote_games.summary_of: for RemoteStore.related)


def summary(rg: RemoteGame, own: Own, progress: Progress) -> LinkSummary:
    """What the Continue list shows of a held game, in no language: the game, its names as held,
    and its state: "move" (this device's player moves, or sends their part), "wait" (for `seat`),
    "over" (its `winners`), "stopped" (at the most moves a game by link holds) or "none"."""
    kept = LinkSummary(version=SUMMARY_VERSION, game=rg.game, players=rg.players, names=list(rg.names))
    seat = progress.to_act(rg.game)
    if progress.stopped:
        kept["state"] = "stopped"
    elif is_over(rg, progress):
        kept["state"], kept["winners"] = "over", list(get_game(rg.game).winners(progress.state))
    elif seat == own.seat or must_send(rg, own):
        kept["state"] = "move"
    elif seat is None:
        kept["state"] = "none"
    else:
        kept["state"], kept["seat"] = "wait", seat
    return kept


def summary_from(data: object) -> LinkSummary | None:
    """A summary as stored (`summary`), checked: None when it is of another version or does not
    read (then it is rebuilt from the game). Its names are cleaned again: storage can be edited."""
    if not isinstance(data, dict) or data.get("version") != SUMMARY_VERSION:
        return None
    game_id, players, names, state = data.get("game"), data.get("players"), data.get("names"), data.get("state")
    if not (isinstance(game_id, str) and game_id in REMOTE_GAMES and isinstance(players, int) and 2 <= players <= 4):
        return None
    if not (
        isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names) and isinstance(state, str) and state in SUMMARY_STATES
    ):
        return None
    seat, winners = data.get("seat"), data.get("winners")
    kept = LinkSummary(version=SUMMARY_VERSION, game=game_id, players=players, names=[clean_name(n, "") for n in names], state=state)
    if state == "wait":
        if not (isinstance(seat, int) and 0 <= seat < players):
            return None
        kept["seat"] = seat
    if state == "over":
        if not (isinstance(winners, list) and all(isinstance(w, int) and 0 <= w < players for w in winners)):
            return None
        kept["winners"] = winners
    return kept


def link_item_of(key: str, kept: LinkSummary, updated: float) -> LinkItem:
    """The Continue list's item of a held game from its summary (`summary_from`), in the player's
    language."""
    game_id, players = kept["game"], kept["players"]
    names = tuple(shown_name(game_id, players, tuple(kept["names"]), s) for s in range(players))
    isolated = [isolate(name) if kept["names"][s] else name for s, name in enumerate(names)]
    state = kept["state"]
    if state == "stopped":
        text = _(STOPPED_SHORT).format(most=MAX_LINK_MOVES)
    elif state == "over":
        text = winners_text(kept["winners"], isolated)
    elif state == "move":
        text = _("Your move")
    elif state == "wait":
        text = _("Waiting for {name}").format(name=isolated[kept["seat"]])
    else:
        text = _("Game over")
    return LinkItem(key, game_id, names, text, state == "move", state in ("over", "stopped"), updated)


def link_item(key: str, rg: RemoteGame, own: Own, progress: Progress, updated: float) -> LinkItem:
    return link_item_of(key, summary(rg, own, progress), updated)


def relation_text(relation: str, fork_at: int | None = None, locked: bool = False) -> str | None:
    """What the player reads when a link is older than, the same as, parts from, or was made from
    their game (`locked`: a fork that may not be played on)."""
    template = RELATION_TEXTS.get("locked-fork" if relation == "fork" and locked else relation)
    if template is None:
        return None
    return _(template).format(number=(fork_at or 0) + 1)


def remote_error_text(error: RemoteError, rg: RemoteGame | None = None) -> str:
    template = REMOTE_ERROR_TEXTS.get(error.rule, REMOTE_ERROR_TEXTS["damaged"])
    words = {key: error.params.get(key, "?") for key in ("number", "count", "most")} | {"name": "?"}
    seat = error.params.get("seat")
    if rg is not None and isinstance(seat, int) and 0 <= seat < rg.players:
        words["name"] = named(rg, seat)
    elif isinstance(seat, int):
        words["name"] = str(seat + 1)
    return _(template).format(**words)


def offered_by_link(game_id: str) -> bool:
    return get_game(game_id).offered_by_link


# -- the screen of a game by link ----------------------------------------------------------------


def last_mover(rg: RemoteGame, progress: Progress) -> int | None:
    """The seat that made the last move played, None before the first."""
    if progress.before_last is None or not progress.played:
        return None
    return get_game(rg.game).current_player(progress.before_last)


def send_note(rg: RemoteGame, own: Own, progress: Progress, unsent: int, sent: bool) -> str:
    """One line beside Send: a move may be taken back until it is sent, and after Send it is the
    friend's to see (at the end: the friend sees the end when they open the link)."""
    over = is_over(rg, progress)
    if last_mover(rg, progress) != own.seat:
        return ""
    friend = (own.seat + 1) % rg.players
    if not over and progress.to_act(rg.game) not in (None, own.seat):
        friend = progress.to_act(rg.game) or 0
    name = named(rg, friend)
    if unsent > 0:
        if over:
            return _("Send the link: {name} sees the end when they open it.").format(name=name)
        return ngettext("You can take your move back until you send it.", "You can take your moves back until you send them.", unsent)
    if sent:
        if over:
            return _("Sent: {name} sees the end when they open the link.").format(name=name)
        return _("Sent: your move is with {name} now and can no longer be taken back.").format(name=name)
    return ""


def players_panels_html(rg: RemoteGame, own: Own, progress: Progress) -> str:
    """The seats as the game screen shows them (piece, name, details, whose turn, the winners),
    each named "you" or "by link"; before the deal, pieces and names only."""
    from .svg import esc, tag

    view = get_view(rg.game)
    kinds = [_("you") if s == own.seat else _("by link") for s in range(rg.players)]
    names = tuple(seat_name(rg, s) for s in range(rg.players))
    if progress.state is not None:
        seats = _LinkSeats(rg.game, names)
        # Stopped at the limit, the engine still names a seat to move: nobody moves now.
        return players_html(view, seats, get_game(rg.game).observation(progress.state, own.seat), None, kinds=kinds, stopped=progress.stopped)
    from .bidi import name_html

    rows = []
    for seat in range(rg.players):
        style = view.seat_style(seat, rg.players)
        who = kinds[seat] if names[seat] == style.name else f"{style.name} · {kinds[seat]}"
        rows.append(
            tag(
                "li",
                tag("span", view.piece_svg(seat, rg.players, 26), class_="seat-piece")
                + tag("span", tag("span", name_html(names[seat]), class_="name") + tag("span", esc(who), class_="seat-kind"), class_="who"),
                class_="player",
                data_seat=str(seat),
            )
        )
    return tag("ul", "".join(rows), class_="player-list", aria_label=_("Players"))


@dataclass(frozen=True)
class _LinkSeat:
    is_computer: bool = False
    level: int = 0


class _LinkSeats:
    """The seats of a game by link as the game screen's panels read a session's."""

    def __init__(self, game_id: str, names: tuple[str, ...]):
        self.game_id = game_id
        self.seats = [_LinkSeat() for _ in names]
        self._names = list(names)

    def names(self) -> list[str]:
        return self._names


def screen_html(
    rg: RemoteGame,
    own: Own,
    progress: Progress,
    ui: UIState[StateBase],
    notice: str | None,
    fork_other: RemoteGame | None = None,
    unsent: int = 0,
    sent: bool = False,
    fork_locked: bool = False,
) -> str:
    """The game by link as this device shows it, laid out as the game screen: title, the state in
    words (at the end, who won), the last move in words, a notice (an older link, a fork); the
    board with the last move marked and the move's choices (after a fork, the choice of line:
    only "Keep my game" when it is `fork_locked`); Take back and Send (under the board on
    a phone, beside it on a wide screen); the players' panels and the game's own panels."""
    from .svg import esc, tag

    view = get_view(rg.game)
    game = get_game(rg.game)
    names = [seat_name(rg, s) for s in range(rg.players)]
    head = tag("h1", esc(view.title()), class_="game-title") + tag("p", isolated_html(status(rg, own, progress)), id="status", class_="status", role="status")
    if progress.before_last is not None and progress.state is not None and rg.moves and progress.pending is None and not view.writes_last_move:
        before, after = game.observation(progress.before_last, own.seat), game.observation(progress.state, own.seat)
        # The view's sentence embeds the names as given: isolated, each becomes a <bdi>.
        said = view.describe_move(before, rg.moves[progress.played - 1], after, [named(rg, s) for s in range(rg.players)])
        head += tag("p", isolated_html(said), id="last-move", class_="last-move")
    if notice:
        head += tag("p", isolated_html(notice), class_="notice", role="alert")
    play = ""
    if fork_other is not None:
        take = "" if fork_locked else button(_("Play on from the link"), "remote-take")
        play += tag("div", button(_("Keep my game"), "remote-keep", class_="primary") + take, class_="dialog-actions")
    side = ""
    if progress.state is not None:
        shown = game.observation(progress.state, own.seat)
        play += tag("div", view.board_svg(shown, ui), id="board", class_="board-wrap")
        play += tag("div", view.extra_html(shown, ui), id="extra", class_="extra")
        play += tag("div", actions_html(view.actions(shown, ui)) if ui.interactive else "", id="actions", class_="actions")
        side = tag("div", view.side_html(shown, names), id="side-extra", class_="side-extra")
    else:
        play += tag("p", esc(_("The board is dealt once every player has sent their part of the draw.")), class_="remote-deal")
    # On your move Send waits for the move (your commitment and part of a draw go with it): Send
    # comes once the move is made; at the end, on the device that made the last move or holds a
    # part of a draw.
    over = is_over(rg, progress)
    show_send = not ui.interactive and (not over or last_mover(rg, progress) == own.seat or must_send(rg, own))
    controls = ""
    if unsent > 0:
        controls += button(_("Take back"), "remote-undo", title=_("Take back your last move (U)"))
    if show_send:
        controls += button(_("Send"), "remote-send", class_="primary", title=_("Share the link with your friend or copy it"))
    controls += tag("a", esc(_("Go to the games")), href="#/", class_="button")
    note = send_note(rg, own, progress, unsent, sent)
    # Under the board on a phone, at the top of the side column on a wide screen (app.css).
    send = tag(
        "div",
        tag("div", controls, class_="dialog-actions") + (tag("p", isolated_html(note), class_="remote-note") if note else ""),
        id="remote-send",
        class_="remote-send",
    )
    aside = tag("aside", tag("div", players_panels_html(rg, own, progress), id="players", class_="players") + side, class_="side")
    return tag(
        "div",
        tag("div", head, class_="game-head") + tag("div", play, class_="play-area") + send + aside,
        class_="game-layout remote-game" + (" over" if over else ""),
    )


def setup_offer_html(game_id: str) -> str:
    """The setup screen's third way to play."""
    from .svg import esc, tag

    if not offered_by_link(game_id):
        return tag("section", tag("h2", esc(_("With a friend, by link"))) + tag("p", esc(_(MOMOX_NOT_OFFERED))), class_="remote-offer")
    # With three or four, a link passes through other players' hands before it reaches a seat:
    # nothing in it proves who made a move (docs/remote-play.md), so the players are told.
    several = get_game(game_id).max_players > 2
    return tag(
        "section",
        tag("h2", esc(_("With a friend, by link")))
        + tag(
            "p",
            esc(_("Your friend gets a link for each move, on any device, with no account. The dice and tiles are drawn fairly from both devices.")),
        )
        + (tag("p", esc(_(SEVERAL_PLAYERS_NOTE)), class_="remote-limit") if several else "")
        + tag(
            "div",
            button(_("Invite a friend"), "remote-start", class_="primary", title=_("You play the first seat"))
            + button(_("Invite a friend to the first seat"), "remote-start", title=_("You play the second seat"), data={"seat": 1}),
            class_="dialog-actions",
        ),
        class_="remote-offer",
    )

"""What a player reads about a game by link (issue 27), in their language: the state of the game
("Your move, Anna", "Waiting for Ben"), the message that goes with a link, how a link stands to
the game held, why a link cannot be read. Pure sentences over ludothek.remote; the app's screens
show them.
"""

from __future__ import annotations

from ..games import get_game
from ..i18n import N_, _
from ..remote.chance import NOT_OFFERED
from ..remote.protocol import Own, Progress, RemoteError, RemoteGame, advance
from . import get_view

MOMOX_NOT_OFFERED = N_("Momox is not offered by link: its hidden chips could only be drawn with a message from your friend at every bowl you lift.")

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
    "too-many-moves": N_("The link holds more moves than any game lasts."),
}

RELATION_TEXTS = {
    "older": N_("This link is older than your game. Here is your game as it stands."),
    "same": N_("You have opened this link before. Here is your game as it stands."),
    "fork": N_("This link parts from your game at move {number}: a move was taken back and another played. Choose the line to play on."),
}


def seat_name(rg: RemoteGame, seat: int) -> str:
    """A seat's player name, or its colour when the player gave none."""
    name = rg.names[seat] if seat < len(rg.names) else ""
    return name or get_view(rg.game).seat_style(seat, rg.players).name


def share_message(game_id: str) -> str:
    """The line sent with a link, in the sender's language."""
    return _("Your move in {game} – Ludothek").format(game=get_view(game_id).title())


def must_send(rg: RemoteGame, own: Own) -> bool:
    """Whether this device holds something the others need without a move of its own: its
    commitment, or its part of a draw."""
    return advance(rg, own) != rg


def status(rg: RemoteGame, own: Own, progress: Progress) -> str:
    """The game's state as its screen says it to the player of this device."""
    if progress.state is not None and progress.pending is None and get_game(rg.game).is_over(progress.state):
        return _("The game is over.")
    seat = progress.to_act(rg.game)
    if seat == own.seat:
        if progress.state is None or progress.pending is not None:
            return _("Send the link back to play on.")
        return _("Your move, {name}").format(name=seat_name(rg, own.seat))
    if seat is None:
        return _("The game is over.")
    if must_send(rg, own):
        return _("Send the link to {name}: the game goes on with your part of the draw.").format(name=seat_name(rg, seat))
    if progress.pending is not None:
        return _("Waiting for {name}: the next draw needs their part.").format(name=seat_name(rg, seat))
    return _("Waiting for {name}").format(name=seat_name(rg, seat))


def short_status(rg: RemoteGame, own: Own, progress: Progress) -> str:
    """The state in the Continue list: "Your move" or "Waiting for Anna"."""
    if progress.state is not None and progress.pending is None and get_game(rg.game).is_over(progress.state):
        return _("Game over")
    seat = progress.to_act(rg.game)
    if seat == own.seat or must_send(rg, own):
        return _("Your move")
    if seat is None:
        return _("Game over")
    return _("Waiting for {name}").format(name=seat_name(rg, seat))


def relation_text(relation: str, fork_at: int | None = None) -> str | None:
    """What the player reads when a link is older than, the same as, or parts from their game."""
    template = RELATION_TEXTS.get(relation)
    if template is None:
        return None
    return _(template).format(number=(fork_at or 0) + 1)


def remote_error_text(error: RemoteError, rg: RemoteGame | None = None) -> str:
    template = REMOTE_ERROR_TEXTS.get(error.rule, REMOTE_ERROR_TEXTS["damaged"])
    words = {"number": error.params.get("number", "?"), "name": "?"}
    seat = error.params.get("seat")
    if rg is not None and isinstance(seat, int) and 0 <= seat < rg.players:
        words["name"] = seat_name(rg, seat)
    elif isinstance(seat, int):
        words["name"] = str(seat + 1)
    return _(template).format(**words)


def offered_by_link(game_id: str) -> bool:
    return game_id not in NOT_OFFERED


# -- the screen of a game by link ----------------------------------------------------------------


def screen_html(rg: RemoteGame, own: Own, progress: Progress, ui, notice: str | None, fork_other: RemoteGame | None = None) -> str:
    """The game by link as this device shows it: title, the state in words, a notice (an older
    link, a fork), the board with the last move marked, the move's choices, and Send."""
    from .screens import actions_html, button
    from .svg import esc, tag

    view = get_view(rg.game)
    game = get_game(rg.game)
    names = [seat_name(rg, s) for s in range(rg.players)]
    head = tag("h1", esc(view.title()), class_="game-title") + tag("p", esc(status(rg, own, progress)), id="status", class_="status", role="status")
    if progress.before_last is not None and progress.state is not None and rg.moves and progress.pending is None:
        head += tag(
            "p",
            esc(
                view.describe_move(
                    game.observation(progress.before_last, own.seat), rg.moves[progress.played - 1], game.observation(progress.state, own.seat), names
                )
            ),
            id="last-move",
            class_="last-move",
        )
    if notice:
        head += tag("p", esc(notice), class_="notice", role="alert")
    body = ""
    if fork_other is not None:
        body += tag(
            "div", button(_("Keep my game"), "remote-keep", class_="primary") + button(_("Play on from the link"), "remote-take"), class_="dialog-actions"
        )
    if progress.state is not None:
        shown = game.observation(progress.state, own.seat)
        body += tag("div", view.board_svg(shown, ui), id="board", class_="board-wrap")
        body += tag("div", view.extra_html(shown, ui), id="extra", class_="extra")
        body += tag("div", actions_html(view.actions(shown, ui)) if ui.interactive else "", id="actions", class_="actions")
    else:
        body += tag("p", esc(_("The board is dealt once every player has sent their part of the draw.")))
    seats = tag("ul", "".join(tag("li", esc(names[s]) + (esc(" " + _("(you)")) if s == own.seat else "")) for s in range(rg.players)), class_="remote-seats")
    # On your move the link would carry nothing new: Send comes once the move is made.
    your_move = ui.interactive and not must_send(rg, own)
    send = tag(
        "div",
        ("" if your_move else button(_("Send"), "remote-send", class_="primary", title=_("Share the link with your friend or copy it")))
        + tag("a", esc(_("Go to the games")), href="#/", class_="button"),
        id="remote-send",
        class_="dialog-actions",
    )
    return tag("div", head + body + seats + send, class_="remote-game")


def setup_offer_html(game_id: str) -> str:
    """The setup screen's third way to play."""
    from .screens import button
    from .svg import esc, tag

    if not offered_by_link(game_id):
        return tag("section", tag("h2", esc(_("With a friend, by link"))) + tag("p", esc(_(MOMOX_NOT_OFFERED))), class_="remote-offer")
    return tag(
        "section",
        tag("h2", esc(_("With a friend, by link")))
        + tag(
            "p",
            esc(_("Your friend gets a link for each move, on any device, with no account. The dice and tiles are drawn fairly from both devices.")),
        )
        + tag(
            "div",
            button(_("Invite a friend"), "remote-start", class_="primary", title=_("You play the first seat"))
            + button(_("Invite a friend to the first seat"), "remote-start", title=_("You play the second seat"), data={"seat": 1}),
            class_="dialog-actions",
        ),
        class_="remote-offer",
    )


def continue_html(items: list[tuple[str, str, str]]) -> str:
    """The games by link in the home screen's list: (address, title with players, state)."""
    from .svg import esc, tag

    if not items:
        return ""
    rows = "".join(
        tag("li", tag("a", esc(title), href=href) + " · " + tag("span", esc(state), class_="remote-state"), class_="remote-item")
        for href, title, state in items
    )
    return tag("section", tag("h2", esc(_("Games by link"))) + tag("ul", rows, class_="remote-list"), class_="remote-games", id="remote-games")

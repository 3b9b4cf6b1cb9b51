"""The limits of a game by link (issue 55): no legal link leaves a game that cannot go on, and
every refusal on every screen of play by link is said in the player's language.

A game by link ends at protocol.MAX_LINK_MOVES moves ("stopped", nobody won); a link with more,
or an invitation already at the limit, is refused on arrival with the held game kept. Attacked as
a cheating friend's client would (the worst links of tests/remote_worst.py: forged, forked,
replayed, reordered), and played through the app's own screens (web/app.App, its page recorded)."""

from __future__ import annotations

import base64
import json
import random
import zlib
from dataclasses import replace

import pytest

from ludothek.games import get_game
from ludothek.i18n import set_language
from ludothek.remote import chance, link, protocol
from ludothek.remote.protocol import MAX_LINK_MOVES, Own, RemoteError
from ludothek.render import remote as words
from ludothek.render.bidi import isolated_html
from ludothek.web.remote_games import MAX_ENTRY_CHARS, REMOTE_PREFIX, RemoteStore, link_items
from ludothek.web.saves import DictStorage
from remote_cheat import packed_unchecked
from remote_worst import LONG_NAMES, WORST_SETUPS, fenn_links, fenn_padding, read_by_the_next, secret_of, turn_played, worst_links
from test_web_app import control, last, send, start


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(scope="module")
def fenn():
    return {worst.name: worst for worst in fenn_links()}


def the_issue_invitation() -> str:
    """Issue 55's invitation: Fenn with first=blue, Anna's one turn of 4,999 extra steps and
    'end', exactly the engine's cap of 5,000 moves."""
    anna = Own(0, secret_of(0))
    start_state = get_game("fenn").new_game(players=2, first="blue")
    moves = fenn_padding(start_state, 0, 4_999) + ["end"]
    rg = protocol.advance(protocol.start("fenn", 2, 0, {"first": "blue"}, ["Anna", "Ben"], anna.secret), anna)
    return packed_unchecked(replace(rg, moves=tuple(moves)))


def tap_a_move(app) -> None:
    """A tap on the first legal move as the by-link screen offers it (a place on the board, or a
    choice beside it: the view takes a legal move as its target)."""
    held = app.remote_screen.held()
    move = get_game(held.rg.game).legal_moves(protocol.replay(held.rg, held.own).state)[0]
    send(app, type="click", control=control(target=move, within="#actions #screen"), pointer="mouse")


def something_went_wrong(page) -> bool:
    return any("Something went wrong" in str(op) for op in page.ops) or any("Traceback" in op[1] for op in page.named("error"))


def test_the_issue_invitation_is_refused_on_arrival_in_the_player_language():
    data = the_issue_invitation()
    assert len("#/remote/" + data) < 200  # (a short link: the turn goes back and forth)
    storage = DictStorage()
    with pytest.raises(RemoteError) as info:
        RemoteStore(storage).receive(data, 1.0)
    assert info.value.rule == "too-many-moves" and storage.data == {}
    for language, words_there in (("en", ("5000", "2000", "cannot be played on")), ("de", ("5000", "2000", "nicht weitergespielt"))):
        app, page = start(hash="#/remote/" + data, languages=(language,))
        assert app.screen == "error"
        html = last(page, "screen")[2]
        assert all(word in html for word in words_there), html
        assert not something_went_wrong(page)
        assert not any(key.startswith(REMOTE_PREFIX) for key in app.storage.keys())


def test_a_game_by_link_ends_at_the_limit_on_both_devices(fenn):
    """Anna pads her turn up to the limit: Ben's device shows the game ended (nobody won, no move
    to make), in the Continue list too; a link one move past it is refused and his game stays."""
    stopped, past = fenn["fenn-padded-to-the-limit"], fenn["fenn-padded-past-the-limit"]
    key, entry = stopped.entry()
    storage = DictStorage()
    storage.set(REMOTE_PREFIX + key, entry)
    store = RemoteStore(storage)
    with pytest.raises(RemoteError) as info:
        store.receive(past.data, 2.0)
    assert info.value.rule == "too-many-moves" and storage.data == {REMOTE_PREFIX + key: entry}
    held = store.receive(stopped.data, 3.0).held
    progress = protocol.replay(held.rg, held.own)
    assert progress.stopped and progress.to_act("fenn") is None and len(held.rg.moves) == MAX_LINK_MOVES
    assert words.status(held.rg, held.own, progress) == "The game stopped at 2000 moves, the most a game by link holds: nobody won."
    panels = words.players_panels_html(held.rg, held.own, progress)  # nobody is to move any more
    assert "current" not in panels and "to move" not in panels and panels.count('class="player"') == 2
    assert [item.state for item in link_items(store)] == ["Stopped at 2000 moves"]
    with pytest.raises(RemoteError) as info:
        store.play(held, get_game("fenn").legal_moves(progress.state)[0], 4.0)
    assert info.value.rule == "too-many-moves"
    # Anna's own device: her padded move ended the game; it offers Send, and the end reaches Ben.
    anna = Own(0, secret_of(0))
    html = words.screen_html(link.decode(stopped.data, anna), anna, protocol.replay(link.decode(stopped.data, anna), anna), _ui(), None)
    assert 'data-action="remote-send"' in html and "nobody won" in html
    set_language("de")
    assert "niemand hat gewonnen" in words.status(held.rg, held.own, progress).lower()


def _ui():
    from ludothek.render.view import UIState

    return UIState(interactive=False)


def test_the_last_move_a_game_by_link_holds_is_made_and_sent_through_the_screens(fenn):
    """The invitation that leaves Ben one move: he taps, the game stops with his move, he sends;
    Anna's device reads the end."""
    worst = fenn["fenn-invitation-last-move"]
    app, page = start(hash="#/remote/" + worst.data)
    assert app.screen == "remote" and ["data", "body", "remote", "move"] in page.ops
    tap_a_move(app)
    assert not something_went_wrong(page)
    assert ["data", "body", "remote", "over"] in page.ops
    send(app, type="click", control=control(action="remote-send", within="#screen"))
    (key,) = [k[len(REMOTE_PREFIX) :] for k in app.storage.keys() if k.startswith(REMOTE_PREFIX)]
    held = RemoteStore(app.storage).get(key)
    answer = link.encode(held.rg, held.own)
    assert len(held.rg.moves) == MAX_LINK_MOVES and protocol.replay(held.rg, held.own).stopped
    assert read_by_the_next(worst.data, answer).relation == "newer"
    assert not something_went_wrong(page)


@pytest.mark.parametrize("worst", worst_links(), ids=lambda worst: worst.name)
def test_every_worst_link_is_played_on_ended_or_refused(worst):
    """Each worst link, fresh or against the game the device holds: its player moves and sends a
    link the device it is for reads (and that fits every device's limit), or it shows the game
    ended, or it is refused by its rule with nothing stored changed."""
    storage = DictStorage()
    if worst.held is not None:
        storage.set(REMOTE_PREFIX + worst.entry()[0], worst.entry()[1])
    before = dict(storage.data)
    store = RemoteStore(storage)
    try:
        received = store.receive(worst.data, 2.0, new_secret=lambda: secret_of(worst.seat))
    except RemoteError as exc:
        assert exc.rule == worst.expected and storage.data == before
        return
    progress = protocol.replay(received.held.rg, received.held.own)
    if worst.expected == "stopped":
        assert progress.stopped
        return
    assert worst.expected == "move" and progress.to_act(received.held.rg.game) == worst.seat
    played = turn_played(store, received.held, 3.0)
    _, url = store.send(played, None, 4.0)
    answer = link.data_of(url)
    assert len(answer) <= link.MAX_DATA_CHARS
    assert read_by_the_next(worst.data, answer).relation == "newer"
    # What the device stored with it reads back, base and summary included.
    assert max(len(text) for text in storage.data.values()) <= MAX_ENTRY_CHARS
    assert store.get(played.key).rg == protocol.advance(played.rg, played.own)


# -- attacked as a cheating friend's client would -------------------------------------------------


def test_a_worst_link_replayed_or_reordered_keeps_the_game(fenn):
    stopped = fenn["fenn-padded-to-the-limit"]
    key, entry = stopped.entry()
    storage = DictStorage()
    storage.set(REMOTE_PREFIX + key, entry)
    store = RemoteStore(storage)
    assert store.receive(stopped.data, 2.0).relation == "newer"
    kept = dict(storage.data)
    assert store.receive(stopped.data, 3.0).relation == "same"  # replayed
    anna = Own(0, secret_of(0))
    assert store.receive(link.encode(stopped.held, anna), 4.0).relation == "older"  # an earlier link after it
    assert storage.data == kept


def test_a_fork_padded_to_the_limit_is_a_choice_and_either_line_plays_or_ends(fenn):
    """Anna goes back before her last turn and sends that turn padded to the limit: Ben sees a
    fork; keeping his game keeps it; the link's line is the game ended at the limit."""
    stopped = fenn["fenn-padded-to-the-limit"]
    held_rg = stopped.held
    anna, ben = Own(0, secret_of(0)), Own(1, secret_of(1))
    storage = DictStorage()
    store = RemoteStore(storage)
    game = get_game("fenn")
    # Ben's device holds Anna's turn played out and his answer.
    state = protocol.replay(held_rg, anna).state
    mine = protocol.advance(held_rg, anna, "end" if "end" in game.legal_moves(state) else game.legal_moves(state)[0])
    while protocol.replay(mine, anna).to_act("fenn") == 0:
        mine = protocol.advance(mine, anna, game.legal_moves(protocol.replay(mine, anna).state)[-1])
    held = store.put(mine, ben, 1.0)
    received = store.receive(stopped.data, 2.0)
    assert received.relation == "fork" and not received.locked
    kept = dict(storage.data)
    assert store.choose(received.held, received.held.rg, 3.0).rg == held.rg
    assert {k: json.loads(v)["link"] for k, v in storage.data.items()} == {k: json.loads(v)["link"] for k, v in kept.items()}
    chosen = store.choose(received.held, received.other, 4.0)
    assert protocol.replay(chosen.rg, ben).stopped


def test_a_move_forged_for_the_receiver_after_the_longest_game_is_refused():
    worst = next(w for w in worst_links() if w.name == "nummerus-longest")
    sender = Own(worst.sender, secret_of(worst.sender))
    rg = link.decode(worst.data, sender)
    state = protocol.replay(rg, sender).state
    forged = replace(rg, moves=rg.moves + (get_game("nummerus").legal_moves(state)[0],))  # a move for the receiver's seat
    storage = DictStorage()
    storage.set(REMOTE_PREFIX + worst.entry()[0], worst.entry()[1])
    before = dict(storage.data)
    with pytest.raises(RemoteError) as info:
        RemoteStore(storage).receive(link.encode(forged, sender), 2.0)
    assert info.value.rule == "forged-move" and storage.data == before


# -- every refusal, on every screen --------------------------------------------------------------


ACTIONS = ("open", "move", "send", "take-back", "keep", "take", "continue", "start")


def held_momentum(app_storage: DictStorage) -> str:
    """A Momentum game by link on the device, Ben to move (its key)."""
    anna = Own(0, secret_of(0))
    rg = protocol.advance(protocol.start("momentum", 2, 0, {}, ["Anna", "Ben"], anna.secret), anna, "d4")
    return RemoteStore(app_storage).receive(link.encode(rg, anna), 1.0, new_secret=lambda: secret_of(1)).held.key


@pytest.mark.parametrize("rule", sorted(words.REMOTE_ERROR_TEXTS))
@pytest.mark.parametrize("action", ACTIONS)
def test_every_refusal_on_every_screen_is_said_in_words(monkeypatch, action, rule):
    """Whatever the store refuses, on whichever screen of play by link, the player reads its
    sentence (render/remote.py's words), never the app's last resort, and the held game stays."""
    storage = DictStorage()
    key = held_momentum(storage)
    error = RemoteError("refused", rule, number=3, seat=0, count=2001, most=2000)
    sentence = words.remote_error_text(error)

    def refuse(*args, **kwargs):
        raise error

    method = {"open": "receive", "move": "play", "send": "send", "take-back": "take_back", "keep": "choose", "take": "choose", "continue": "get"}
    if action == "start":
        monkeypatch.setattr("ludothek.remote.protocol.start", refuse)
    app, page = start(hash=f"#/by-link/{key}", storage=storage)
    before = dict(storage.data)
    if action in ("keep", "take"):
        screen = app.remote_screen
        screen.fork = link.decode(json.loads(storage.data[REMOTE_PREFIX + key])["link"])
    if action != "start":
        monkeypatch.setattr(RemoteStore, method[action], refuse)
    if action == "open":
        send(app, type="route", hash="#/remote/" + json.loads(before[REMOTE_PREFIX + key])["link"])
    elif action == "move":
        tap_a_move(app)
    elif action == "send":
        send(app, type="click", control=control(action="remote-send", within="#screen"))
    elif action == "take-back":
        send(app, type="key", key="u", control=None)
    elif action in ("keep", "take"):
        send(app, type="click", control=control(action=f"remote-{action}", within="#screen"))
    elif action == "continue":
        send(app, type="route", hash="#/")
        send(app, type="route", hash=f"#/by-link/{key}")
    else:
        send(app, type="route", hash="#/setup/fenn")
        send(app, type="click", control=control(action="remote-start", within="#screen"), setup={"game": "fenn", "fromPosition": False, "values": {}})
    if action not in ("open", "continue", "start"):  # (the screen holds the game: the sentence names its seats)
        sentence = words.remote_error_text(error, link.decode(json.loads(before[REMOTE_PREFIX + key])["link"]))
    said = " ".join(part for op in page.ops if op[0] in ("screen", "html", "toast", "announce") for part in op if isinstance(part, str))
    assert sentence in said or isolated_html(sentence) in said, (action, rule, sentence)
    assert not something_went_wrong(page)
    assert {k: v for k, v in storage.data.items() if k.startswith(REMOTE_PREFIX)} == {k: v for k, v in before.items() if k.startswith(REMOTE_PREFIX)}


def test_a_game_stored_before_the_limit_with_more_moves_is_kept_and_says_why(fenn):
    """A device that took up issue 55's invitation before this version holds a game of 5,000
    moves: the Continue list leaves it out, opening it says why, and the entry stays (Delete)."""
    data = the_issue_invitation()
    entry = json.dumps({"version": 1, "seat": 1, "secret": secret_of(1).hex(), "link": data, "updated": 5})
    storage = DictStorage()
    storage.set(REMOTE_PREFIX + "0123456789abcdef", entry)
    app, page = start(hash="#/", storage=storage)
    assert "by-link" not in [op for op in page.named("region") if op[1] == "saves"][-1][2]
    send(app, type="route", hash="#/by-link/0123456789abcdef")
    assert app.screen == "error" and "5000 moves" in last(page, "screen")[2]
    assert not something_went_wrong(page) and storage.get(REMOTE_PREFIX + "0123456789abcdef") == entry


# -- the other limits: draws, characters ---------------------------------------------------------


def test_a_game_with_more_draws_than_a_chain_holds_is_refused_not_broken(monkeypatch):
    """No game offered by link starts more than CHAIN_LENGTH chance events (the next test); were
    one to, its replay refuses it in words rather than failing in the chain's arithmetic."""
    monkeypatch.setattr(chance, "CHAIN_LENGTH", 3)
    owns = [Own(s, secret_of(s)) for s in range(2)]
    rg = protocol.advance(protocol.start("mops", 2, 0, {}, ["Anna", "Ben"], owns[0].secret), owns[1])
    with pytest.raises(RemoteError) as info:
        for _ in range(200):
            progress = protocol.replay(rg, owns[0])
            seat = progress.to_act("mops")
            if progress.pending is None and progress.state is not None and not get_game("mops").is_over(progress.state):
                rg = protocol.advance(rg, owns[seat], get_game("mops").legal_moves(progress.state)[0])
            rg = protocol.advance(rg, owns[1 - seat])
    assert info.value.rule == "too-many-draws" and words.remote_error_text(info.value)


@pytest.mark.parametrize("game_id", chance.REMOTE_GAMES)
def test_no_game_offered_by_link_starts_more_draws_than_a_chain_holds(game_id):
    from remote_worst import any_move, nummerus_longest, play

    options, players = WORST_SETUPS[game_id]
    for count in range(2, players + 1):
        for seed in range(3):
            played = play(game_id, options, count, nummerus_longest if game_id == "nummerus" else any_move, seed=seed)
            assert played.events[-1] <= chance.CHAIN_LENGTH, (game_id, count, played.events[-1])


def test_the_longest_link_any_game_by_link_can_hold_is_read_by_every_device():
    """Four names of forty four-byte characters, the longest options, every seat's commitment and
    value, and MAX_LINK_MOVES moves each an index of two bytes (every game has fewer than 16,384
    legal moves anywhere), none of it compressible: still under the link's limit, so the link
    after any move a device accepts is read by every other."""
    rng = random.Random(55)
    longest_options = max(WORST_SETUPS.values(), key=lambda setup: len(json.dumps(setup[0])))[0]
    rg = protocol.RemoteGame(
        "nummerus",
        4,
        0,
        tuple(sorted(longest_options.items())),
        tuple(LONG_NAMES),
        tuple(rng.randbytes(16) for _ in range(4)),
        tuple((63, rng.randbytes(16)) for _ in range(4)),
        (),
    )
    data = link.pack(rg, [rng.randrange(128, 16_384) for _ in range(MAX_LINK_MOVES)])
    raw = base64.urlsafe_b64decode(data + "==")
    body = zlib.decompress(raw[2:], -15) if raw[1] else raw[2:]
    undeflated = -(-4 * (2 + len(body)) // 3)  # its characters were nothing deflated
    assert len(data) <= undeflated <= link.MAX_DATA_CHARS
    # Stored with its base and summary, the entry stays under what a device reads back.
    assert 2 * undeflated + 2_000 <= MAX_ENTRY_CHARS

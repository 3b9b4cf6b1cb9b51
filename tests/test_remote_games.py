"""The games by link a device holds (web/remote_games.py, issue 27): two devices with their own
storage pass links; each keeps its game and secret, lists it with its state, and an older,
forked, tampered or hostile link never loses or rewinds a held game."""

from __future__ import annotations

import itertools
import json

import pytest

from ludothek.games import get_game
from ludothek.i18n import set_language
from ludothek.remote import link, protocol
from ludothek.remote.protocol import RemoteError
from ludothek.render.bidi import isolate
from ludothek.render.remote import SUMMARY_VERSION, short_status
from ludothek.web.remote_games import REMOTE_PREFIX, RemoteStore, link_items
from ludothek.web.saves import DictStorage

COUNTER = itertools.count(1)


def secrets_from(n):
    return lambda: bytes([n]) * 16


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def continue_list(store):
    games, problems = store.held()
    return [short_status(h.rg, h.own, protocol.replay(h.rg, h.own)) for h in games], problems


def first_move(held):
    state = protocol.replay(held.rg, held.own).state
    return get_game(held.rg.game).legal_moves(state)[0]


def test_two_devices_play_a_whole_game_of_momentum_by_links():
    anna, ben = RemoteStore(DictStorage()), RemoteStore(DictStorage())
    held = anna.start("momentum", 2, 0, {"round_limit": 4}, ["Anna", "Ben"], 1.0, new_secret=secrets_from(1))
    held, text = anna.send(held, first_move(held), 2.0)
    assert continue_list(anna) == ([f"Waiting for {isolate('Ben')}"], [])
    stores, turn = [anna, ben], 1
    secrets = [secrets_from(1), secrets_from(2)]
    for step in range(200):
        store = stores[turn]
        received = store.receive(link.data_of(text), 3.0 + step, new_secret=secrets[turn])
        assert received.relation in ("new", "newer")
        assert continue_list(store)[0] == ["Your move"] or get_game("momentum").is_over(protocol.replay(received.held.rg, received.held.own).state)
        state = protocol.replay(received.held.rg, received.held.own).state
        if get_game("momentum").is_over(state):
            break
        held, text = store.send(received.held, first_move(received.held), 3.5 + step)
        turn = 1 - turn
    else:
        raise AssertionError("the game did not end")
    # The end names the winner on the device that opened the last link, and on the device that
    # sent it (the final link carried it there).
    state = protocol.replay(received.held.rg, received.held.own).state
    (winner,) = get_game("momentum").winners(state)
    won = f"{isolate(['Anna', 'Ben'][winner])} won"
    assert continue_list(stores[turn]) == ([won], [])
    assert continue_list(stores[1 - turn]) == ([won], [])


def test_an_invitation_with_chance_needs_the_friend_answer_first():
    anna, ben = RemoteStore(DictStorage()), RemoteStore(DictStorage())
    held = anna.start("mops", 2, 0, {}, ["Anna", "Ben"], 1.0, new_secret=secrets_from(1))
    invite = link.link(held.rg, held.own)
    received = ben.receive(link.data_of(invite), 2.0, new_secret=secrets_from(2))
    assert received.relation == "new" and received.held.own.seat == 1
    assert continue_list(ben) == (["Your move"], [])  # Ben must answer (his commitment)
    _, answer = ben.send(received.held, None, 3.0)
    assert continue_list(ben) == ([f"Waiting for {isolate('Anna')}"], [])
    back = anna.receive(link.data_of(answer), 4.0)
    assert back.relation == "newer"
    assert continue_list(anna) == (["Your move"], [])


class TestOlderForkedTampered:
    def setup_method(self):
        self.anna, self.ben = RemoteStore(DictStorage()), RemoteStore(DictStorage())
        held = self.anna.start("momentum", 2, 0, {}, ["Anna", "Ben"], 1.0, new_secret=secrets_from(1))
        held, self.link1 = self.anna.send(held, "d4", 2.0)
        got = self.ben.receive(link.data_of(self.link1), 3.0, new_secret=secrets_from(2)).held
        got, self.link2 = self.ben.send(got, first_move(got), 4.0)
        self.anna_held = self.anna.receive(link.data_of(self.link2), 5.0).held

    def test_an_older_link_keeps_the_held_game(self):
        received = self.anna.receive(link.data_of(self.link1), 6.0)
        assert received.relation == "older" and len(received.held.rg.moves) == 2
        assert len(self.anna.held()[0][0].rg.moves) == 2

    def test_the_same_link_again(self):
        assert self.anna.receive(link.data_of(self.link2), 6.0).relation == "same"

    def test_a_fork_shows_both_lines_and_the_player_chooses(self):
        # Ben takes his move back and plays another.
        ben_held = self.ben.held()[0][0]
        back = protocol.replay(protocol.RemoteGame(**{**ben_held.rg.__dict__, "moves": ben_held.rg.moves[:1]}), ben_held.own)
        other = [m for m in get_game("momentum").legal_moves(back.state) if m != ben_held.rg.moves[1]][0]
        forked = protocol.advance(protocol.RemoteGame(**{**ben_held.rg.__dict__, "moves": ben_held.rg.moves[:1]}), ben_held.own, other)
        received = self.anna.receive(link.encode(forked), 7.0)
        assert received.relation == "fork" and received.fork_at == 1
        assert received.held.rg.moves[1] != received.other.moves[1]
        assert self.anna.held()[0][0].rg.moves == received.held.rg.moves  # nothing changed yet
        chosen = self.anna.choose(received.held, received.other, 8.0)
        assert chosen.rg.moves == forked.moves

    def test_a_tampered_link_is_refused_and_the_game_kept(self):
        rg = link.decode(link.data_of(self.link2))
        commitments = (rg.commitments[0], bytes(16))
        forged = link.pack(protocol.RemoteGame(**{**rg.__dict__, "commitments": commitments}), link.move_indices(rg))
        with pytest.raises(RemoteError) as info:
            self.anna.receive(forged, 9.0)
        assert info.value.rule == "tampered"
        assert len(self.anna.held()[0][0].rg.moves) == 2

    def test_a_hostile_stored_entry_is_set_apart_and_the_others_listed(self):
        storage = self.anna.storage
        storage.set(REMOTE_PREFIX + "bad", '{"version":1,"seat":0,"secret":"zz","link":"AAAA"}')
        storage.set(REMOTE_PREFIX + "deep", "[" * 50_000)
        games, problems = self.anna.held()
        assert len(games) == 1 and sorted(problems) == ["bad", "deep"]


def test_an_onlooker_is_shown_the_game_and_keeps_nothing():
    anna, ben, cleo = RemoteStore(DictStorage()), RemoteStore(DictStorage()), RemoteStore(DictStorage())
    held = anna.start("momentum", 2, 0, {}, ["Anna", "Ben"], 1.0, new_secret=secrets_from(1))
    held, text = anna.send(held, "d4", 2.0)
    got = ben.receive(link.data_of(text), 3.0, new_secret=secrets_from(2)).held
    _, text2 = ben.send(got, first_move(got), 4.0)
    # Ben's answer is for Anna, who holds the game; a third device only looks on.
    received = cleo.receive(link.data_of(text2), 5.0)
    assert received.relation == "onlooker" and cleo.held() == ([], [])


@pytest.mark.parametrize("game_id", ["momentum", "mops"])
def test_the_inviter_may_take_the_second_seat_and_the_friend_moves_first(game_id):
    """ "Invite a friend to the first seat": the invitation is for seat 1 (the first to move);
    the friend's device takes it, moves (after the draw, where the game has one), and the
    inviter's device, at seat 2, is to move next."""
    anna, ben = RemoteStore(DictStorage()), RemoteStore(DictStorage())
    held = anna.start(game_id, 2, 1, {}, ["Ben", "Anna"], next(COUNTER), secrets_from(1))
    assert short_status(held.rg, held.own, protocol.replay(held.rg, held.own)) == f"Waiting for {isolate('Ben')}"
    _, text = anna.send(held, None, next(COUNTER))
    received = ben.receive(link.data_of(text), next(COUNTER), secrets_from(2))
    assert received.relation == "new" and received.held.own.seat == 0
    theirs = received.held
    if protocol.replay(theirs.rg, theirs.own).state is None or protocol.replay(theirs.rg, theirs.own).pending is not None:
        theirs, text = ben.send(theirs, None, next(COUNTER))  # Ben's part of the draw goes back first
        mine = anna.receive(link.data_of(text), next(COUNTER)).held
        mine, text = anna.send(mine, None, next(COUNTER))
        theirs = ben.receive(link.data_of(text), next(COUNTER)).held
    progress = protocol.replay(theirs.rg, theirs.own)
    assert progress.to_act(game_id) == 0
    theirs, text = ben.send(theirs, first_move(theirs), next(COUNTER))
    mine = anna.receive(link.data_of(text), next(COUNTER)).held
    progress = protocol.replay(mine.rg, mine.own)
    assert len(mine.rg.moves) == 1 and mine.own.seat == 1
    if get_game(game_id).current_player(progress.state) == 1:
        assert short_status(mine.rg, mine.own, progress) == "Your move"


class TestTakeBackBeforeSend:
    """A player may take their own moves back until they send them; after Send the move is the
    friend's to see, and nothing received is ever taken back."""

    def setup_method(self):
        self.anna, self.ben = RemoteStore(DictStorage()), RemoteStore(DictStorage())
        self.held = self.anna.start("momentum", 2, 0, {}, ["Anna", "Ben"], 1.0, new_secret=secrets_from(1))

    def test_a_move_made_is_taken_back_until_it_is_sent(self):
        held = self.anna.play(self.held, "d4", 2.0)
        assert held.rg.moves == ("d4",) and held.unsent == 1
        assert self.anna.get(held.key).unsent == 1  # kept so across a reload
        back = self.anna.take_back(self.anna.get(held.key), 3.0)
        assert back.rg.moves == () and back.unsent == 0
        assert self.anna.get(held.key).rg.moves == ()
        # Another move instead, sent: it can no longer be taken back.
        held, text = self.anna.send(self.anna.play(back, "a1", 4.0), None, 5.0)
        assert held.rg.moves == ("a1",) and held.unsent == 0 and held.sent
        with pytest.raises(RemoteError) as info:
            self.anna.take_back(self.anna.get(held.key), 6.0)
        assert info.value.rule == "nothing-to-take-back"
        assert self.anna.get(held.key).rg.moves == ("a1",)

    def test_the_friend_moves_are_never_taken_back(self):
        _, text = self.anna.send(self.held, "d4", 2.0)
        got = self.ben.receive(link.data_of(text), 3.0, new_secret=secrets_from(2)).held
        with pytest.raises(RemoteError):
            self.ben.take_back(got, 4.0)
        mine = self.ben.play(got, "a1", 5.0)
        back = self.ben.take_back(mine, 6.0)
        assert back.rg.moves == ("d4",)
        with pytest.raises(RemoteError):
            self.ben.take_back(back, 7.0)

    def test_a_move_taken_back_and_another_sent_reaches_the_friend_as_the_next_move(self):
        _, text = self.anna.send(self.held, "d4", 2.0)
        got = self.ben.receive(link.data_of(text), 3.0, new_secret=secrets_from(2)).held
        back = self.ben.take_back(self.ben.play(got, "a1", 4.0), 5.0)
        _, answer = self.ben.send(back, "g7", 6.0)
        received = self.anna.receive(link.data_of(answer), 7.0)
        assert received.relation == "newer" and received.held.rg.moves == ("d4", "g7")

    def test_a_stored_base_that_does_not_fit_is_ignored(self):
        held = self.anna.play(self.held, "d4", 2.0)
        storage = self.anna.storage
        entry = __import__("json").loads(storage.get(REMOTE_PREFIX + held.key))
        entry["base"] = "AAAA"
        storage.set(REMOTE_PREFIX + held.key, __import__("json").dumps(entry))
        assert self.anna.get(held.key).unsent == 0  # nothing to take back, the game stays
        assert self.anna.get(held.key).rg.moves == ("d4",)


def dealt_mops():
    """Anna and Ben's devices after the invitation and the answer: the tiles are dealt."""
    anna, ben = RemoteStore(DictStorage()), RemoteStore(DictStorage())
    held = anna.start("mops", 2, 0, {}, ["Anna", "Ben"], 1.0, new_secret=secrets_from(1))
    got = ben.receive(link.data_of(link.link(held.rg, held.own)), 2.0, new_secret=secrets_from(2)).held
    _, answer = ben.send(got, None, 3.0)
    return anna, ben, anna.receive(link.data_of(answer), 4.0).held


def test_taking_back_a_move_that_turned_a_tile_withdraws_the_value_revealed_for_it():
    """In Mops Royal a move that turns up a tile starts a chance event, and the mover's device
    reveals its value for it with the move. Taken back before Send, the value goes with it: the
    game held is the one before the move, value for value, and the link carries no more."""
    anna, ben, held = dealt_mops()
    stores = {0: anna, 1: ben}
    game = get_game("mops")
    texts = {}
    for step in range(40):
        progress = protocol.replay(held.rg, held.own)
        seat = progress.to_act("mops")
        store = stores[seat]
        if held.own.seat != seat:
            held = store.receive(link.data_of(texts[held.own.seat]), 10.0 + step).held
            progress = protocol.replay(held.rg, held.own)
        if progress.pending is not None or progress.state is None:
            held, texts[seat] = store.send(held, None, 10.5 + step)
            continue
        before_link = link.encode(protocol.advance(held.rg, held.own), held.own)  # what Send would carry now
        for move in game.legal_moves(progress.state):
            played = store.play(held, move, 11.0 + step)
            if protocol.replay(played.rg, played.own).events > progress.events:
                back = store.take_back(played, 12.0 + step)
                assert played.rg.reveals[seat] != back.rg.reveals[seat]  # the value went with the move
                assert back.rg.moves == held.rg.moves and back.unsent == 0
                assert link.encode(protocol.advance(back.rg, back.own), back.own) == before_link
                return
            held = store.take_back(played, 11.5 + step)
        held, texts[seat] = store.send(held, game.legal_moves(progress.state)[0], 13.0 + step)
    raise AssertionError("no move turned a tile")


def test_the_continue_list_holds_games_by_link_with_their_state_beside_the_saves():
    """The home screen's Continue list: games by link among the saved games by when they last
    moved, each with its state and a link to its screen; English and German; what boot.js keeps
    for the next start passes its filter."""
    import math
    import re
    import xml.etree.ElementTree as ET

    from ludothek.render import get_view, home_screen
    from ludothek.web.remote_games import link_items
    from ludothek.web.saves import SaveSummary
    from test_screens import boot_pattern

    anna, ben = RemoteStore(DictStorage()), RemoteStore(DictStorage())
    held = anna.start("momentum", 2, 0, {}, ["Anna", "Ben"], 100.0, new_secret=secrets_from(1))
    _, text = anna.send(held, "d4", 200.0)
    ben.receive(link.data_of(text), 300.0, new_secret=secrets_from(2))
    save = SaveSummary("s1", "fenn", ("Red", "Blue"), 4, False, 250.0)
    views = {g: get_view(g) for g in ("momentum", "fenn")}
    for store, state in ((anna, "Waiting for <bdi>Ben</bdi>"), (ben, "Your move")):
        items = sorted([save, *link_items(store)], key=lambda s: -s.updated)
        html = home_screen.saves_html(items, [], views, now=400.0)
        root = ET.fromstring(f"<root>{html}</root>")
        rows = root.findall("ul/li")
        assert len(rows) == 2 and root.find("h2").text == "Continue"
        by_link = [li for li in rows if li.get("class") == "by-link"]
        assert len(by_link) == 1
        row = ET.tostring(by_link[0], encoding="unicode")
        assert state in row and "Momentum" in row and "Anna" in row and "by link" in row
        assert f'href="#/by-link/{held.key}"' in row and 'data-action="delete-remote"' in row
        # Newest first: Ben's device received the link after the save; Anna sent hers before.
        assert (rows[0] is by_link[0]) == (store is ben)
    set_language("de")
    html = home_screen.saves_html(link_items(ben), [], views, now=math.inf)
    assert "Du bist am Zug" in html and "Export" not in html  # (Export all is for saved games)
    tags, attributes = boot_pattern("SAVES_TAGS"), boot_pattern("SAVES_ATTRIBUTES")
    for element in ET.fromstring(f"<root>{html}</root>").iter():
        if element.tag != "root":
            assert tags.match(element.tag), element.tag
            for name, value in element.attrib.items():
                assert attributes.match(name) or (name == "href" and re.match(r"^#/[A-Za-z0-9_/-]*$", value)), (name, value)


# -- what the Continue list shows, kept with each game (issue 55) -------------------------------------


def device_with_games(count: int) -> tuple[DictStorage, RemoteStore]:
    """A device holding `count` games by link, each Anna's invitation and Ben's first move."""
    storage = DictStorage()
    ben = RemoteStore(storage)
    for number in range(count):
        anna = RemoteStore(DictStorage())
        held = anna.start("momentum", 2, 0, {}, ["Anna", f"Ben{number}"], 1.0, new_secret=secrets_from(100 + number))
        _, text = anna.send(held, "d4", 2.0)
        received = ben.receive(link.data_of(text), 3.0 + number, new_secret=secrets_from(200 + number))
        ben.send(received.held, first_move(received.held), 4.0 + number)
    return storage, ben


def replays_counted(monkeypatch) -> list[bytes]:
    """The game id of every game replayed from now on (protocol.walk: every replay and every link
    read), with nothing remembered from before."""
    seen: list[bytes] = []
    walk = protocol.walk

    def counted(rg, *args, **kwargs):
        seen.append(rg.game_id)
        return walk(rg, *args, **kwargs)

    monkeypatch.setattr(protocol, "walk", counted)
    monkeypatch.setattr(link, "walk", counted)
    protocol._replay_remembered.cache_clear()
    return seen


def test_the_continue_list_and_a_new_link_replay_no_held_game(monkeypatch):
    storage, ben = device_with_games(12)
    kept = {key: json.loads(text)["summary"] for key, text in storage.data.items()}
    assert all(summary["version"] == SUMMARY_VERSION and summary["state"] == "wait" for summary in kept.values())
    seen = replays_counted(monkeypatch)
    items = link_items(ben)
    assert len(items) == 12 and seen == []
    assert {item.state for item in items} == {f"Waiting for {isolate('Anna')}"}
    assert [item.updated for item in items] == sorted((item.updated for item in items), reverse=True)
    # A new invitation is read and kept without replaying any of the twelve.
    anna = RemoteStore(DictStorage())
    held = anna.start("fenn", 2, 0, {}, ["Anna", "Ben"], 50.0, new_secret=secrets_from(77))
    _, text = anna.send(held, None, 51.0)
    assert ben.receive(link.data_of(text), 52.0, new_secret=secrets_from(78)).relation == "new"
    assert set(seen) == {held.rg.game_id}


def test_an_entry_stored_before_summaries_were_kept_is_listed_and_migrated_once(monkeypatch):
    storage, ben = device_with_games(3)
    old = {}
    for key, text in storage.data.items():
        entry = json.loads(text)
        del entry["summary"]
        old[key] = json.dumps(entry)
    storage.data.update(old)
    seen = replays_counted(monkeypatch)
    first = link_items(ben)
    assert len(first) == 3 and len(set(seen)) == 3  # rebuilt from each game
    for key, text in storage.data.items():  # written back, the rest of the entry as it was
        entry = json.loads(text)
        assert entry.pop("summary")["version"] == SUMMARY_VERSION
        assert entry == json.loads(old[key]) | {"updated": float(json.loads(old[key])["updated"])}
    seen.clear()
    assert link_items(ben) == first and seen == []


@pytest.mark.parametrize(
    "summary",
    [
        {"version": SUMMARY_VERSION - 1, "game": "momentum", "players": 2, "names": ["X", "Y"], "state": "move"},  # an older version
        {"version": SUMMARY_VERSION, "game": "chess", "players": 2, "names": ["X", "Y"], "state": "move"},
        {"version": SUMMARY_VERSION, "game": "momentum", "players": 2, "names": ["X"], "state": "move"},
        {"version": SUMMARY_VERSION, "game": "momentum", "players": 2, "names": ["X", "Y"], "state": "wait", "seat": 7},
        {"version": SUMMARY_VERSION, "game": "momentum", "players": 2, "names": ["X", "Y"], "state": "over", "winners": ["0"]},
        {"version": SUMMARY_VERSION, "game": "momentum", "players": 2, "names": ["X", "Y"], "state": "lost"},
        "nonsense",
        [1, 2],
    ],
)
def test_a_summary_of_an_older_version_or_that_does_not_read_is_rebuilt(summary):
    storage, ben = device_with_games(1)
    ((key, text),) = storage.data.items()
    honest = link_items(ben)
    storage.data[key] = json.dumps(json.loads(text) | {"summary": summary})
    assert link_items(ben) == honest
    assert json.loads(storage.data[key])["summary"]["version"] == SUMMARY_VERSION


def test_names_in_a_stored_summary_are_cleaned_again():
    storage, ben = device_with_games(1)
    ((key, text),) = storage.data.items()
    entry = json.loads(text)
    entry["summary"]["names"] = ["\u202eAnna", "Ben\u200b"]
    storage.data[key] = json.dumps(entry)
    (item,) = link_items(ben)
    assert item.names == ("Anna", "Ben") and "\u202e" not in item.state

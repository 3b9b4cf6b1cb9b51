"""Play by link with no server (issue 27, ludothek.remote): the commit-reveal chains, chance decided
only by every seat's values, links that round-trip, stale and forked links, sizes, hostile links."""

from __future__ import annotations

import base64
import contextlib
import random
import zlib
from dataclasses import replace

import pytest

from ludothek.games import get_game
from ludothek.remote import chance, link, protocol
from ludothek.remote.protocol import Own, RemoteError
from ludothek.render.bidi import isolate

SETUPS = [
    ("momentum", {}),
    ("momentum", {"random_specials": 4}),
    ("fenn", {}),
    ("mops", {}),
    ("mops", {"ersatz": True, "wertung": True}),
    ("nummerus", {}),
    ("nummerus", {"rounds": 2, "swap": True}),
]


def secret(n: int) -> bytes:
    return bytes([n]) * chance.VALUE_BYTES


class Devices:
    """One device per seat, each holding its game and its secret; links pass as text."""

    def __init__(self, game_id: str, options: dict, players: int = 2, seed: int = 0, host: int = 0):
        self.game_id = game_id
        self.rnd = random.Random(seed)
        self.owns = [Own(s, secret(seed * 8 + s + 1)) for s in range(players)]
        self.held: list[protocol.RemoteGame | None] = [None] * players
        rg = protocol.start(game_id, players, host, options, ["Anna", "Ben", "Cleo", "Dora"][:players], self.owns[host].secret)
        self.held[host] = rg
        self.data = link.encode(rg, self.owns[host])
        self.links = [self.data]

    def addressee(self) -> int | None:
        return protocol.replay(link.decode(self.data)).to_act(self.game_id)

    def receive(self, seat: int, data: str | None = None) -> protocol.RemoteGame:
        own = self.owns[seat]
        rg = link.decode(self.data if data is None else data, own)
        held = self.held[seat]
        if held is not None:
            relation = protocol.compare(held, rg).relation
            assert relation in ("newer", "same"), relation
            rg = protocol.merge(held, rg)
        return rg

    def step(self, move: str | None = None, choose=None) -> int | None:
        """The addressee opens the link, moves (a random legal move unless given) and sends."""
        seat = self.addressee()
        if seat is None:
            return None
        own = self.owns[seat]
        rg = self.receive(seat)
        progress = protocol.replay(rg, own)
        if move is None and progress.state is not None and progress.pending is None and progress.to_act(self.game_id) == seat:
            moves = get_game(self.game_id).legal_moves(progress.state)
            move = choose(moves) if choose else self.rnd.choice(moves)
        rg = protocol.advance(rg, own, move)
        self.held[seat] = rg
        self.data = link.encode(rg, own)
        self.links.append(self.data)
        return seat

    def play(self, limit: int = 10_000) -> None:
        for _ in range(limit):
            if self.step() is None:
                for seat in range(len(self.owns)):  # the last link reaches everybody
                    self.held[seat] = self.receive(seat)
                return
        raise AssertionError("the game did not end")


# -- the chains ------------------------------------------------------------------------------------


class TestChains:
    def test_each_revealed_value_hashes_to_the_commitment(self):
        commit = chance.commitment(secret(1))
        for event in (0, 1, 17, chance.CHAIN_LENGTH - 1):
            assert chance.verifies(chance.chain_value(secret(1), event), event, commit)

    def test_a_changed_value_does_not(self):
        commit = chance.commitment(secret(1))
        value = bytearray(chance.chain_value(secret(1), 3))
        value[0] ^= 1
        assert not chance.verifies(bytes(value), 3, commit)
        assert not chance.verifies(chance.chain_value(secret(1), 3), 4, commit)  # claimed for another event

    def test_a_later_value_gives_every_earlier_one(self):
        later = chance.chain_value(secret(2), 9)
        assert chance.earlier_value(later, 9, 4) == chance.chain_value(secret(2), 4)

    def test_an_event_depends_on_every_seat_value(self):
        gid = b"12345678"
        values = [chance.chain_value(secret(1), 0), chance.chain_value(secret(2), 0)]
        base = chance.event_randomness(gid, 0, values)
        assert chance.event_randomness(gid, 0, [values[0], chance.chain_value(secret(3), 0)]) != base
        assert chance.event_randomness(gid, 0, [chance.chain_value(secret(3), 0), values[1]]) != base
        assert chance.event_randomness(gid, 1, values) != base
        assert chance.event_randomness(b"87654321", 0, values) != base


# -- whole games by link ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "options"), SETUPS, ids=lambda v: str(v))
def test_a_whole_game_by_passing_links(game_id, options):
    devices = Devices(game_id, options, seed=3)
    devices.play()
    finals = [protocol.replay(devices.held[s], devices.owns[s]).state for s in range(2)]
    game = get_game(game_id)
    assert all(game.is_over(s) for s in finals)
    assert game.position(finals[0]) == game.position(finals[1])
    # Any onlooker reading the last link (no secret) replays the same game.
    onlooker = protocol.replay(link.decode(devices.data))
    assert game.position(onlooker.state) == game.position(finals[0])


def test_three_and_four_players_pass_links_round():
    devices = Devices("nummerus", {"rounds": 2}, players=3, seed=5)
    devices.play()
    assert get_game("nummerus").is_over(protocol.replay(link.decode(devices.data)).state)
    devices = Devices("mops", {}, players=4, seed=5)
    addressed = []
    for _ in range(40):
        addressed.append(devices.step())
    assert set(addressed) == {0, 1, 2, 3}
    positions = set()
    for seat in range(4):
        devices.held[seat] = devices.receive(seat)
        progress = protocol.replay(devices.held[seat], devices.owns[seat])
        if progress.pending is None:
            positions.add(get_game("mops").position(progress.state))
    assert len(positions) == 1


def test_without_chance_the_inviter_moves_in_the_invitation():
    owns = [Own(0, secret(1)), Own(1, secret(2))]
    rg = protocol.start("momentum", 2, 0, {}, ["Anna", "Ben"], owns[0].secret)
    rg = protocol.advance(rg, owns[0], "d4")
    received = link.decode(link.encode(rg, owns[0]), owns[1])
    progress = protocol.replay(received, owns[1])
    assert received.moves == ("d4",) and progress.joining == (1,) and progress.to_act("momentum") == 1


def test_with_setup_chance_nobody_moves_before_both_have_committed():
    owns = [Own(0, secret(1)), Own(1, secret(2))]
    rg = protocol.start("fenn", 2, 0, {}, ["Anna", "Ben"], owns[0].secret)
    with pytest.raises(RemoteError) as info:
        protocol.advance(rg, owns[0], "end")
    assert info.value.rule == "not-your-move"
    joined = protocol.advance(rg, owns[1])
    # Ben's device has committed and revealed; the opening roll needs Anna's value too.
    assert protocol.replay(joined, owns[1]).state is None
    assert protocol.replay(joined, owns[0]).state is not None


class TestNobodyKnowsChanceAhead:
    def mops_until_reveal(self):
        devices = Devices("mops", {}, seed=7)
        game = get_game("mops")
        while True:
            seat = devices.addressee()
            rg = devices.receive(seat)
            progress = protocol.replay(rg, devices.owns[seat])
            if progress.state is not None and not progress.joining and progress.pending is None:
                for move in game.legal_moves(progress.state):
                    if chance.starts_event("mops", progress.state, game.play(progress.state, move)):
                        return devices, seat, rg, move
            devices.step()

    def test_the_mover_does_not_know_the_tile_its_move_reveals(self):
        devices, seat, rg, move = self.mops_until_reveal()
        sent = protocol.advance(rg, devices.owns[seat], move)
        mine = protocol.replay(sent, devices.owns[seat])
        assert mine.pending is not None and mine.pending.missing == (1 - seat,)
        assert mine.played == len(sent.moves) - 1  # the move is sent, its outcome not known here
        theirs = protocol.replay(link.decode(link.encode(sent, devices.owns[seat]), devices.owns[1 - seat]), devices.owns[1 - seat])
        assert theirs.pending is None and theirs.played == len(sent.moves)

    def test_the_outcome_depends_on_the_other_seat_secret(self):
        devices, seat, rg, move = self.mops_until_reveal()
        sent = protocol.advance(rg, devices.owns[seat], move)
        other = devices.owns[1 - seat]
        tiles = {get_game("mops").revealed_tile(protocol.replay(sent, other).state)}
        # The same link read with another secret for the other seat (as if it had committed to
        # another chain) gives another outcome for some secrets: the mover cannot fix the tile.
        for n in range(40, 52):
            alt = Own(other.seat, secret(n))
            commitments = list(sent.commitments)
            commitments[other.seat] = chance.commitment(alt.secret)
            reveals = list(sent.reveals)
            reveals[other.seat] = None
            tiles.add(get_game("mops").revealed_tile(protocol.replay(replace(sent, commitments=tuple(commitments), reveals=tuple(reveals)), alt).state))
        assert len(tiles) > 1

    def test_a_move_after_an_undecided_event_is_refused(self):
        devices, seat, rg, move = self.mops_until_reveal()
        sent = protocol.advance(rg, devices.owns[seat], move)
        with pytest.raises(RemoteError) as info:
            protocol.replay(replace(sent, moves=sent.moves + ("pass",)), devices.owns[seat])
        assert info.value.rule == "early-move"


def test_a_game_shown_twice_is_replayed_once_and_a_refusal_is_never_kept():
    devices = Devices("mops", {}, seed=5)
    for _ in range(20):
        devices.step()
    seat = devices.addressee()
    rg, own = devices.receive(seat), devices.owns[seat]
    first = protocol.replay(rg, own)
    assert protocol.replay(replace(rg), own) is first  # an equal game: the kept replay
    assert protocol.replay(rg, own, states=[]) is not first  # states wanted: replayed again
    longer = protocol.advance(rg, own, get_game("mops").legal_moves(first.state)[0])
    assert protocol.replay(longer, own) is not first
    assert protocol.replay(longer, own) == protocol.replay(longer, own, states=[])  # kept = replayed
    # A reveal changed after a replay was kept: the changed game is checked, and refused.
    event, value = next(r for r in rg.reveals if r is not None)
    changed = tuple(None if r is None else (event, bytes([value[0] ^ 0x40]) + value[1:]) for r in rg.reveals)
    with pytest.raises(RemoteError):
        protocol.replay(replace(rg, reveals=changed))
    # An option read from a link as a list cannot be a key: that game is replayed, not kept.
    listed = replace(rg, options=(("wertung", [True]),))
    with pytest.raises(TypeError):
        hash(listed)
    with contextlib.suppress(RemoteError):
        protocol.replay(listed, own)


class TestTampering:
    def played(self):
        devices = Devices("nummerus", {"rounds": 2}, seed=2)
        for _ in range(60):
            devices.step()
        return devices

    def test_a_changed_reveal_is_detected(self):
        devices = self.played()
        rg = link.decode(devices.data)
        seat = next(s for s in range(2) if rg.reveals[s] is not None)
        event, value = rg.reveals[seat]
        forged = bytes([value[0] ^ 0x40]) + value[1:]
        reveals = list(rg.reveals)
        reveals[seat] = (event, forged)
        with pytest.raises(RemoteError) as info:
            protocol.replay(replace(rg, reveals=tuple(reveals)))
        assert info.value.rule == "tampered" and info.value.params["seat"] == seat

    def test_a_changed_commitment_is_detected_against_the_held_game(self):
        devices = self.played()
        rg = link.decode(devices.data)
        seat = 1 - rg.host  # the host's commitment is part of the game id; the other's is not
        commitments = list(rg.commitments)
        commitments[seat] = chance.commitment(secret(99))
        with pytest.raises(RemoteError) as info:
            protocol.compare(devices.held[rg.host], replace(rg, commitments=tuple(commitments)))
        assert info.value.rule == "tampered"

    def test_a_value_revealed_for_an_event_to_come_is_refused(self):
        devices = self.played()
        rg = link.decode(devices.data)
        seat = devices.owns[0]
        reveals = list(rg.reveals)
        reveals[0] = (40, chance.chain_value(seat.secret, 40))
        with pytest.raises(RemoteError) as info:
            protocol.replay(replace(rg, reveals=tuple(reveals)))
        assert info.value.rule == "tampered"

    def test_a_link_that_changes_this_device_own_commitment_is_refused(self):
        devices = self.played()
        with pytest.raises(RemoteError):
            protocol.replay(link.decode(devices.data), Own(0, secret(77)))


# -- links -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "options"), SETUPS, ids=lambda v: str(v))
def test_links_round_trip(game_id, options):
    devices = Devices(game_id, options, seed=11)
    for _ in range(25):
        if devices.step() is None:
            break
        decoded = link.decode(devices.data)
        assert link.encode(decoded) == devices.data
    for seat in range(2):
        held = devices.held[seat]
        assert link.decode(link.encode(held, devices.owns[seat]), devices.owns[seat]) == held


def test_a_link_is_base64url_in_the_fragment():
    devices = Devices("fenn", {}, seed=1)
    devices.step()
    text = link.link(link.decode(devices.data))
    assert text.startswith("#/remote/") and set(text[len("#/remote/") :]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert link.data_of(text) == text[len("#/remote/") :]


def test_a_device_secret_never_reaches_a_link():
    devices = Devices("mops", {}, seed=4)
    for _ in range(30):
        devices.step()
    for seat, own in enumerate(devices.owns):
        for data in devices.links:
            raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
            body = zlib.decompress(raw[2:], -15) if raw[1] else raw[2:]
            assert own.secret not in body
            # nor any value for an event that has not started (the chain's start is the secret)
            assert chance.chain_value(own.secret, 30) not in body


# -- a link against the held game ------------------------------------------------------------------


class TestStaleAndFork:
    def setup_method(self):
        self.devices = Devices("momentum", {}, seed=9)
        for _ in range(8):
            self.devices.step()

    def test_an_older_link(self):
        seat = self.devices.addressee()
        held = self.devices.held[seat]
        old = link.decode(self.devices.links[2])
        assert protocol.compare(held, old).relation == "older"

    def test_the_same_link_twice(self):
        seat = self.devices.addressee()
        self.devices.step()
        assert protocol.compare(self.devices.held[seat], link.decode(self.devices.links[-1])).relation == "same"

    def test_a_newer_link(self):
        seat = self.devices.addressee()
        assert protocol.compare(self.devices.held[seat], link.decode(self.devices.data)).relation == "newer"

    def test_a_fork(self):
        # The other side took its last move back and played another: the lines part there.
        sender = 1 - self.devices.addressee()
        receiver = 1 - sender
        held_by_sender = self.devices.held[sender]
        back = replace(held_by_sender, moves=held_by_sender.moves[:-1])
        state = protocol.replay(back, self.devices.owns[sender]).state
        other = next(m for m in get_game("momentum").legal_moves(state) if m != held_by_sender.moves[-1])
        forked = protocol.advance(back, self.devices.owns[sender], other)
        self.devices.step()  # the receiver answers the first line
        comparison = protocol.compare(self.devices.held[receiver], link.decode(link.encode(forked)))
        assert comparison.relation == "fork" and comparison.fork_at == len(held_by_sender.moves) - 1

    def test_another_game(self):
        other = Devices("momentum", {}, seed=10)
        assert protocol.compare(self.devices.held[0], link.decode(other.data)).relation == "new"


# -- sizes -----------------------------------------------------------------------------------------


def longest_link(game_id: str, options: dict, players: int, seed: int) -> tuple[int, int]:
    """The final link of one seeded game of uniformly random moves (the longest of the game: a
    link only grows), built with every seat's values known, as bench/remote_links.py does."""
    from bench.remote_links import final_link

    data, moves = final_link(game_id, options, players, seed)
    return len(link.PREFIX) + len(data), moves


@pytest.mark.parametrize(
    ("game_id", "options", "players"),
    [("momentum", {"size": "9x9"}, 2), ("fenn", {}, 2), ("mops", {"ersatz": True, "wertung": True}, 4), ("nummerus", {"rounds": 20, "swap": True}, 4)],
    ids=str,
)
def test_links_stay_under_2000_characters(game_id, options, players):
    for seed in range(3):
        length, moves = longest_link(game_id, options, players, seed)
        assert moves > 10
        assert length <= 2000, (game_id, players, seed, length)


# -- hostile links ---------------------------------------------------------------------------------


def forged(data: str, reveal: bool = False, move: bool = False, future: bool = False) -> str:
    """A link edited by a player: a revealed value changed, a move out of range, or a value
    revealed for an event to come (all packed as Ludothek would, so only the checks find them)."""
    rg = link.decode(data)
    indices = link.move_indices(rg)
    reveals = list(rg.reveals)
    seat = next(s for s in range(rg.players) if reveals[s] is not None)
    event, value = reveals[seat]
    if reveal:
        reveals[seat] = (event, bytes([value[0] ^ 1]) + value[1:])
    if future:
        reveals[seat] = (event + 5, chance.chain_value(secret(6 * 8 + seat + 1), event + 5))
    if move:
        indices[-1] = 90
    return link.pack(replace(rg, reveals=tuple(reveals)), indices)


def good_link() -> str:
    devices = Devices("mops", {}, seed=6)
    for _ in range(12):
        devices.step()
    return devices.data


@pytest.mark.parametrize(
    ("mangle", "rule"),
    [
        (lambda d: d[: len(d) // 2], {"truncated", "damaged"}),
        (lambda d: d[:3], {"truncated", "damaged"}),
        (lambda d: "", {"truncated"}),
        (lambda d: forged(d, reveal=True), {"tampered"}),
        (lambda d: forged(d, move=True), {"illegal-move"}),
        (lambda d: forged(d, future=True), {"tampered"}),
        (lambda d: d + "AAAA", {"damaged", "truncated"}),
        (lambda d: "!!" + d, {"damaged"}),
        (lambda d: "A" * 20_000, {"too-long"}),
        (lambda d: base64.urlsafe_b64encode(bytes([9, 0]) + b"x").decode(), {"newer-version"}),
        (lambda d: base64.urlsafe_b64encode(bytes([1, 1]) + zlib.compress(b"\0" * 1_000_000, 9)[2:-4]).decode(), {"too-long"}),
        (lambda d: base64.urlsafe_b64encode(bytes([1, 0, 4, 2, 0])).decode(), {"unknown-game"}),
    ],
    ids=["half", "three", "empty", "forged-reveal", "edited-move", "future-reveal", "tail", "junk", "oversized", "newer", "bomb", "momox"],
)
def test_hostile_links_are_refused_with_a_rule(mangle, rule):
    with pytest.raises(RemoteError) as info:
        link.decode(mangle(good_link()))
    assert info.value.rule in rule and str(info.value)


def test_every_edited_character_is_refused_or_reads_as_a_game():
    data = good_link()
    rnd = random.Random(1)
    for _ in range(60):
        at = rnd.randrange(len(data))
        edited = data[:at] + rnd.choice("AQgw_-9z") + data[at + 1 :]
        try:
            rg = link.decode(edited)
        except RemoteError as exc:
            assert exc.rule and str(exc)
        else:
            protocol.replay(rg)


def test_momox_is_not_offered_by_link():
    with pytest.raises(RemoteError) as info:
        protocol.start("momox", 2, 0, {}, ["A", "B"], secret(1))
    assert info.value.rule == "not-offered"
    assert "momox" not in chance.REMOTE_GAMES


def test_hostile_corpus_holds_links_by_link():
    from pathlib import Path

    corpus = (Path(__file__).resolve().parent / "hostile" / "links.txt").read_text(encoding="utf-8")
    assert corpus.count("#/remote/") >= 8


# -- what the player reads (render/remote.py) ------------------------------------------------------


class TestSentences:
    def setup_method(self):
        from ludothek.i18n import set_language

        set_language("en")

    def teardown_method(self):
        from ludothek.i18n import set_language

        set_language("en")

    def test_your_move_and_waiting_on_both_devices(self):
        from ludothek.render import remote as words

        owns = [Own(0, secret(1)), Own(1, secret(2))]
        rg = protocol.advance(protocol.start("momentum", 2, 0, {}, ["Anna", "Ben"], owns[0].secret), owns[0], "d4")
        anna = protocol.replay(rg, owns[0])
        assert words.status(rg, owns[0], anna) == f"Waiting for {isolate('Ben')}"
        assert words.short_status(rg, owns[0], anna) == f"Waiting for {isolate('Ben')}"
        ben_rg = link.decode(link.encode(rg), owns[1])
        ben = protocol.replay(ben_rg, owns[1])
        assert words.status(ben_rg, owns[1], ben) == f"Your move, {isolate('Ben')}"
        assert words.short_status(ben_rg, owns[1], ben) == "Your move"

    def test_a_device_that_holds_a_part_of_the_draw_is_asked_to_send_it(self):
        from ludothek.render import remote as words

        owns = [Own(0, secret(1)), Own(1, secret(2))]
        rg = protocol.start("fenn", 2, 0, {}, ["Anna", "Ben"], owns[0].secret)
        rg = protocol.advance(rg, owns[1])  # Ben joins with his commitment and value
        anna = protocol.replay(rg, owns[0])
        text = words.status(rg, owns[0], anna)
        to_move = anna.to_act("fenn")
        if to_move == 0:
            assert text == f"Your move, {isolate('Anna')}"
        else:
            assert text.startswith(f"Send the link to {isolate('Ben')}")
            assert words.short_status(rg, owns[0], anna) == "Your move"

    def test_the_message_and_the_relations_in_german(self):
        from ludothek.i18n import set_language
        from ludothek.render import remote as words

        set_language("de")
        assert words.share_message("momentum") == "Du bist am Zug in Momentum – Ludothek"
        assert words.relation_text("older").startswith("Dieser Link ist älter als deine Partie")
        assert "Zug 4" in words.relation_text("fork", 3)
        error = RemoteError("x", "newer-version", version=9)
        assert "neueren Version" in words.remote_error_text(error)
        assert "Momox" in words.MOMOX_NOT_OFFERED and words.offered_by_link("momox") is False

    def test_a_tampered_link_names_the_seat(self):
        from ludothek.render import remote as words

        rg = protocol.start("fenn", 2, 0, {}, ["Anna", "Ben"], secret(1))
        text = words.remote_error_text(RemoteError("x", "tampered", seat=1), rg)
        assert "Ben" in text

    @pytest.mark.parametrize("rule", sorted(__import__("ludothek.render.remote", fromlist=["x"]).REMOTE_ERROR_TEXTS))
    def test_every_error_has_a_german_sentence(self, rule):
        from ludothek.i18n import set_language
        from ludothek.render import remote as words

        english = words.remote_error_text(RemoteError("x", rule, number=2, seat=0))
        set_language("de")
        german = words.remote_error_text(RemoteError("x", rule, number=2, seat=0))
        assert german and german != english


def test_deeply_nested_options_are_refused_unparsed():
    raw = ("[" * 990 + "]" * 990).encode()
    body = bytes([0, 2, 0]) + bytes([len(raw) & 0x7F | 0x80, len(raw) >> 7]) + raw + b"\0\0\0\0\0"
    with pytest.raises(RemoteError) as info:
        link.decode(base64.urlsafe_b64encode(bytes([1, 0]) + body).decode())
    assert info.value.rule == "damaged"


def test_random_bytes_are_refused_with_a_rule_and_nothing_else():
    rnd = random.Random(5)
    for _ in range(500):
        body = bytes([rnd.randrange(5), rnd.choice([2, 3, 4]), rnd.randrange(2)]) + rnd.randbytes(rnd.randrange(80))
        for flag, data in ((0, body), (1, zlib.compress(body)[2:-4])):
            try:
                protocol.replay(link.decode(base64.urlsafe_b64encode(bytes([1, flag]) + data).decode()))
            except RemoteError as exc:
                assert exc.rule


# -- the screen of a game by link (render/remote.py) -----------------------------------------------


class TestScreen:
    """The game by link drawn as the game screen draws a game: the players' panels, the last move
    marked and said, the winner named at the end, Take back before Send and the line after it."""

    def setup_method(self):
        from ludothek.i18n import set_language

        set_language("en")
        self.owns = [Own(0, secret(1)), Own(1, secret(2))]

    def teardown_method(self):
        from ludothek.i18n import set_language

        set_language("en")

    def screen(self, rg, own, **kwargs):
        import xml.etree.ElementTree as ET

        from ludothek.render import remote as words
        from ludothek.render.view import UIState

        progress = protocol.replay(rg, own)
        game = get_game(rg.game)
        ui = UIState(interactive=progress.to_act(rg.game) == own.seat and not words.is_over(rg, progress))
        if progress.before_last is not None:
            ui = ui.with_(last_before=game.observation(progress.before_last, own.seat), last_move=rg.moves[progress.played - 1])
        html = words.screen_html(rg, own, progress, ui, None, **kwargs)
        return html, ET.fromstring(html)

    def test_the_players_panels_say_whose_turn_and_who_plays_here(self):
        rg = protocol.advance(protocol.start("momentum", 2, 0, {}, ["Anna", "Ben"], self.owns[0].secret), self.owns[0], "d4")
        ben_rg = link.decode(link.encode(rg), self.owns[1])
        html, root = self.screen(ben_rg, self.owns[1])
        panels = root.findall(".//aside//ul[@class='player-list']/li")
        assert [li.get("data-seat") for li in panels] == ["0", "1"]
        assert "player current" in (panels[1].get("class") or "") and "current" not in (panels[0].get("class") or "")
        kinds = ["".join(li.find(".//span[@class='seat-kind']").itertext()) for li in panels]
        assert kinds == ["Red · by link", "Blue · you"]  # the seat's colour, as the game screen says it
        assert "d4" in "".join(root.find(".//p[@id='last-move']").itertext())
        assert "Your move, <bdi>Ben</bdi>" in html and 'class="game-layout remote-game"' in html
        assert 'data-action="remote-send"' not in html  # on his move a link would carry nothing new

    def test_the_end_names_the_winner_on_both_devices_in_both_languages(self):
        from ludothek.i18n import set_language
        from ludothek.render import get_view
        from ludothek.render import remote as words

        devices = Devices("momentum", {"round_limit": 4}, seed=3)
        devices.play()
        for seat in (0, 1):
            rg, own = devices.held[seat], devices.owns[seat]
            progress = protocol.replay(rg, own)
            (winner,) = get_game("momentum").winners(progress.state)
            name = ["Anna", "Ben"][winner]
            names = [isolate("Anna"), isolate("Ben")]
            assert words.status(rg, own, progress) == get_view("momentum").result_text(progress.state, names) == f"{isolate(name)} wins!"
            assert words.short_status(rg, own, progress) == f"{isolate(name)} won"
            html, root = self.screen(rg, own)
            assert [li.get("data-seat") for li in root.iter("li") if "winner" in (li.get("class") or "")] == [str(winner)]
            set_language("de")
            assert words.short_status(rg, own, progress) == f"{isolate(name)} hat gewonnen"
            set_language("en")

    def test_take_back_until_sent_then_one_line_that_it_is_the_friend_s(self):
        rg = protocol.advance(protocol.start("momentum", 2, 0, {}, ["Anna", "Ben"], self.owns[0].secret), self.owns[0], "d4")
        html, root = self.screen(rg, self.owns[0], unsent=1)
        assert 'data-action="remote-undo"' in html and 'data-action="remote-send"' in html
        assert "You can take your move back until you send it." in html
        html, root = self.screen(rg, self.owns[0], sent=True)
        assert 'data-action="remote-undo"' not in html
        assert "Sent: your move is with <bdi>Ben</bdi> now and can no longer be taken back." in html

    def test_the_pile_order_of_mops_never_reaches_the_screen(self):
        """The screen is drawn from the device's observation: the same game with its pile in
        another order draws the very same screen, on either device."""
        from ludothek.render import remote as words
        from ludothek.render.view import UIState

        devices = Devices("mops", {}, seed=4)
        for _ in range(8):
            devices.step()
        for seat in (0, 1):
            rg = devices.receive(seat)
            own = devices.owns[seat]
            progress = protocol.replay(rg, own)
            assert progress.state is not None and len(progress.state.pile) > 2
            other = replace(progress, state=replace(progress.state, pile=bytes(reversed(progress.state.pile))))
            ui = UIState(interactive=True)
            assert words.screen_html(rg, own, progress, ui, None) == words.screen_html(rg, own, other, ui, None)

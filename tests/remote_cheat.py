"""A cheating friend's client for play by link (issue 34): honest devices round a table (the app's
own RemoteStore, each on its own storage) and the moves a modified client adds, cuts or packs
unchecked. Used by tests/test_remote_attacks.py in CPython and tests/browser/test_link_attacks.py
against the page."""

from __future__ import annotations

from dataclasses import replace

from ludothek.games import get_game
from ludothek.remote import chance, link, protocol
from ludothek.remote.protocol import Own, RemoteGame
from ludothek.web.remote_games import RemoteStore
from ludothek.web.saves import DictStorage

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def secret_of(seat: int) -> bytes:
    return bytes([0x50 + seat]) * chance.VALUE_BYTES


class Table:
    """One honest device per seat (the app's RemoteStore on its own storage); the last link's data
    passes to the seat it is for."""

    def __init__(self, game_id: str, options: dict, players: int = 2, host: int = 0):
        self.game_id = game_id
        self.game = get_game(game_id)
        self.storages = [DictStorage() for _ in range(players)]
        self.stores = [RemoteStore(s) for s in self.storages]
        held = self.stores[host].start(game_id, players, host, options, NAMES[:players], 1.0, new_secret=lambda: secret_of(host))
        self.data = link.encode(held.rg, held.own)
        self.now = 2.0

    def own(self, seat: int) -> Own:
        return Own(seat, secret_of(seat))

    def addressee(self) -> int | None:
        return protocol.replay(link.decode(self.data)).to_act(self.game_id)

    def deliver(self, seat: int):
        self.now += 1
        return self.stores[seat].receive(self.data, self.now, new_secret=lambda: secret_of(seat)).held

    def step(self) -> int | None:
        """The seat the link is for opens it, makes its moves (the first legal one each time) and
        sends it on."""
        seat = self.addressee()
        if seat is None:
            return None
        held = self.deliver(seat)
        move = None
        progress = protocol.replay(held.rg, held.own)
        if progress.state is not None and progress.pending is None and progress.to_act(self.game_id) == seat and not self.game.is_over(progress.state):
            move = self.game.legal_moves(progress.state)[0]
        self.now += 1
        _, url = self.stores[seat].send(held, move, self.now)
        self.data = link.data_of(url)
        return seat

    def snapshot(self, seat: int) -> dict:
        return dict(self.storages[seat].data)


def cut(rg: RemoteGame, count: int, events: int) -> RemoteGame:
    """`rg`'s first `count` moves, with each seat's reveal walked back to the `events` chance
    events those moves start (a later value gives every earlier one)."""
    reveals = tuple(None if r is None else (min(r[0], events - 1), chance.earlier_value(r[1], r[0], min(r[0], events - 1))) for r in rg.reveals)
    return replace(rg, moves=rg.moves[:count], reveals=reveals)


def progress_of(rg: RemoteGame, own: Own | None) -> protocol.Progress:
    return protocol.replay(rg, own)


def to_act(rg: RemoteGame, own: Own | None) -> int | None:
    progress = progress_of(rg, own)
    if progress.state is None or progress.pending is not None or get_game(rg.game).is_over(progress.state):
        return None
    return progress.to_act(rg.game)


def own_turn(rg: RemoteGame, own: Own) -> RemoteGame:
    """The cheater's own moves, as its client plays them (the first legal one each time)."""
    for _ in range(50):
        if to_act(rg, own) != own.seat:
            break
        rg = protocol.advance(rg, own, get_game(rg.game).legal_moves(progress_of(rg, own).state)[0])
    return protocol.advance(rg, own)


def forged_turn(rg: RemoteGame, own: Own, seat: int) -> RemoteGame:
    """Moves made up for `seat` by the cheater's client: appended as text, no commitment of that
    seat's used (it has none of its secret)."""
    for _ in range(50):
        if to_act(rg, own) != seat:
            break
        rg = replace(rg, moves=rg.moves + (get_game(rg.game).legal_moves(progress_of(rg, own).state)[0],))
    return rg


def packed_unchecked(rg: RemoteGame, seed: int = 0) -> str:
    """A link's data packed without the replay's checks, for a game without chance (as a
    modified client writes it: each move's index in the engine's legal moves)."""
    game = get_game(rg.game)
    state = game.new_game(players=rg.players, seed=seed, **rg.options_dict())
    indices = []
    for move in rg.moves:
        indices.append(game.legal_moves(state).index(move))
        state = game.play(state, move)
    return link.pack(rg, indices)


def mops_draw_seen() -> tuple[Table, RemoteGame, int]:
    """A Mops Royal game by link where Anna's device has sent its part of the draw that Ben's
    move started (the round's last move turns the next tile): Anna's latest link as Ben's client
    reads it, and the index of his move."""
    table = Table("mops", {})
    game = get_game("mops")
    ben = table.own(1)
    for _ in range(100):
        if table.step() != 0:
            continue
        rg = link.decode(table.data, ben)
        reveal = rg.reveals[0]
        progress = progress_of(rg, ben)
        if reveal is None or reveal[0] < 1 or progress.pending is not None:
            continue
        started = progress.event_moves[reveal[0]]
        if started >= 0 and progress.movers[started] == 1:
            before = protocol.replay(cut(rg, started, reveal[0]), ben).state
            others = [m for m in game.legal_moves(before) if m != rg.moves[started]]
            if any(chance.starts_event("mops", before, game.play(before, m)) for m in others):
                return table, rg, started
    raise AssertionError("no draw to attack")


def fork_after_draw(rg: RemoteGame, at: int, cheater: Own) -> RemoteGame:
    """The cheater's fork once it holds every value of the draw its move `at` started: that move
    played otherwise (another that starts the draw), knowing what the draw turns."""
    game = get_game(rg.game)
    state = protocol.replay(cut(rg, at, rg.reveals[1 - cheater.seat][0]), cheater).state
    others = [m for m in game.legal_moves(state) if m != rg.moves[at] and chance.starts_event(rg.game, state, game.play(state, m))]
    reveals = tuple(None if seat == cheater.seat else r for seat, r in enumerate(rg.reveals))
    return protocol.advance(replace(rg, moves=rg.moves[:at] + (others[0],), reveals=reveals), cheater)
